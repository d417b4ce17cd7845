"""One five-card hand for each of the 7,462 hold'em classes, for the shims' value tables.

Each peer numbers the classes its own way (treys and phevaluator 1 = royal flush, eval7
a packed category and ranks); a shim builds its table by evaluating these hands once with
pokereval and writing the peer's number for each pokereval value.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from ..api import evaluate_batch

__all__ = ["class_hands", "class_ids", "class_rows"]


def class_hands() -> list[tuple[tuple[int, ...], bool]]:
    """(ranks, suited) of every class: each multiset of five ranks (at most four of one),
    unsuited, then each five distinct ranks suited.  Ranks 0..12 (2..A), ascending."""
    unsuited: list[tuple[tuple[int, ...], bool]] = [
        (ranks, False)
        for ranks in itertools.combinations_with_replacement(range(13), 5)
        if max(map(ranks.count, ranks)) <= 4
    ]
    return unsuited + [(ranks, True) for ranks in itertools.combinations(range(13), 5)]


def class_ids() -> list[tuple[int, ...]]:
    """The card ids of class_hands(), in its order.  Unsuited hands cycle the suits so that
    five cards never share one; suited ones are all spades."""
    return [
        tuple(4 * rank + (3 if suited else i % 4) for i, rank in enumerate(ranks))
        for ranks, suited in class_hands()
    ]


def class_rows() -> tuple[list[tuple[tuple[int, ...], bool]], np.ndarray[Any, Any]]:
    """class_hands() and the pokereval value of each (one batch call)."""
    return class_hands(), evaluate_batch(np.array(class_ids(), dtype=np.uint8)).astype(np.int64)
