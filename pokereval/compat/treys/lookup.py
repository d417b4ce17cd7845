"""treys.lookup: what treys' `lookup` module offers, as ``from treys.lookup import LookupTable``
finds it."""

from __future__ import annotations

from . import Card, LookupTable

__all__ = ["Card", "LookupTable"]
