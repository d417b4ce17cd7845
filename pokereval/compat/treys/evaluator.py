"""treys.evaluator: what treys' `evaluator` module offers, as ``from treys.evaluator import PLOEvaluator``
finds it."""

from __future__ import annotations

from . import Card, Evaluator, LookupTable, PLOEvaluator

__all__ = ["Card", "Evaluator", "LookupTable", "PLOEvaluator"]
