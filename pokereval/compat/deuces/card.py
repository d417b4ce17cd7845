"""deuces.card: what deuces' `card` module offers, as ``from deuces.card import Card``
finds it."""

from __future__ import annotations

from . import Card

__all__ = ["Card"]
