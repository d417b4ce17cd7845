"""treys.card: what treys' `card` module offers, as ``from treys.card import Card``
finds it."""

from __future__ import annotations

from . import Card

__all__ = ["Card"]
