"""deuces.deck: what deuces' `deck` module offers, as ``from deuces.deck import Deck``
finds it."""

from __future__ import annotations

from . import Card, Deck

__all__ = ["Card", "Deck"]
