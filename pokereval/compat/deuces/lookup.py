"""deuces.lookup: what deuces' `lookup` module offers, as ``from deuces.lookup import LookupTable``
finds it."""

from __future__ import annotations

from . import Card, LookupTable

__all__ = ["Card", "LookupTable"]
