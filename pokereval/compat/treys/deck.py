"""treys.deck: what treys' `deck` module offers, as ``from treys.deck import Deck``
finds it."""

from __future__ import annotations

from . import Card, Deck

__all__ = ["Card", "Deck"]
