"""deuces.evaluator: what deuces' `evaluator` module offers, as ``from deuces.evaluator import LookupTable``
finds it."""

from __future__ import annotations

from . import Card, Evaluator, LookupTable

__all__ = ["Card", "Evaluator", "LookupTable"]
