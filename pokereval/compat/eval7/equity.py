"""eval7.equity: ``py_hand_vs_range_exact``, ``py_hand_vs_range_monte_carlo`` and
``py_all_hands_vs_range``, in eval7's argument order, on :func:`pokereval.equity`.  Like
eval7 they ignore range weights and answer in single precision.

>>> from pokereval.compat.eval7.cards import Card
>>> from pokereval.compat.eval7.handrange import HandRange
>>> board = [Card(c) for c in ("2c", "7d", "9h", "Js", "3s")]
>>> py_hand_vs_range_exact([Card("Ah"), Card("Kh")], HandRange("QQ+, AQs+"), board)
0.25
"""

from __future__ import annotations

import contextlib
import operator
from collections.abc import Sequence
from typing import Any, Union

import numpy as np

from ...equity import equity as _equity
from ...ranges import Range
from .cards import _DECK, _card_id
from .handrange import HandRange

__all__ = ["py_all_hands_vs_range", "py_hand_vs_range_exact", "py_hand_vs_range_monte_carlo"]

Villain = Union[HandRange, Sequence[tuple[Sequence[Any], float]]]


def _single(value: float) -> float:
    """eval7 keeps equities in a C float: round as it does."""
    return float(np.float32(value))


def _range_of(villain: Villain) -> Range | None:
    """The villain's options as a Range (kept on a HandRange for its next use, with the
    options it was made of: a HandRange whose ``hands`` were changed since is read anew, as
    eval7 reads it on every call).  eval7 drops the weights but counts an option listed
    twice twice: the weight here is that count, scaled to 1.  Options that hold a dead card
    are left out by the equity engine."""
    options = tuple(villain)
    cached: tuple[tuple[Any, ...], Range] | None = getattr(villain, "_range", None)
    if cached is not None and cached[0] == options:  # the same objects: one C pass
        return cached[1]
    counts: dict[tuple[int, int], int] = {}
    for option, _weight in options:
        a, b = (_card_id(c) for c in option)
        combo = (max(a, b), min(a, b))
        counts[combo] = counts.get(combo, 0) + 1
    most = max(counts.values(), default=1)
    text = ",".join(
        f"{_DECK[a]}{_DECK[b]}" + ("" if n == most else f":{n / most!r}") for (a, b), n in counts.items()
    )
    if not text:
        return None
    villain_range = Range(text)
    if isinstance(villain, HandRange):
        villain._range = (options, villain_range)
    return villain_range


def _hand_equity(hand: list[int], villain: Range | None, board: list[int], samples: int | None) -> float:
    """The hand's share against the range, in single precision.  When no option of the
    range misses the hand and the board, ZeroDivisionError, as eval7's 0 / 0 raises."""
    if villain is not None:
        try:
            return _single(_equity([hand, villain], board=board, samples=samples).equity[0])
        except ValueError:
            if len(villain.without(hand + board)):
                raise
    raise ZeroDivisionError("float division: no option of the range misses the hand and the board")


def py_hand_vs_range_exact(py_hand: Sequence[Any], py_villain: Villain, py_board: Sequence[Any]) -> float:
    """The hand's equity against every option of the range that misses its cards, over
    every runout of the board (eval7 takes a full board; here any board works).

    >>> from pokereval.compat.eval7 import Card
    >>> board = map(Card, ("2c", "7d", "9h", "Js", "Ks"))
    >>> py_hand_vs_range_exact(map(Card, ("As", "Ad")), HandRange("KK"), board)
    0.0
    """
    hand, board = [_card_id(c) for c in py_hand], [_card_id(c) for c in py_board]
    return _hand_equity(hand, _range_of(py_villain), board, None)


def _iterations(py_iterations: object) -> int:
    """py_iterations as an int (Python's or numpy's): eval7 refuses text and floats too."""
    if isinstance(py_iterations, bool) or not hasattr(type(py_iterations), "__index__"):
        raise TypeError(f"py_iterations must be an int, got {type(py_iterations).__name__} {py_iterations!r}")
    number = operator.index(py_iterations)  # type: ignore[arg-type]
    if number < 1:  # worded with eval7's own name for it, not the library's `samples`
        raise ValueError(f"py_iterations must be a positive int, got {number}")
    return number


def py_hand_vs_range_monte_carlo(
    py_hand: Sequence[Any], py_villain: Villain, py_board: Sequence[Any], py_iterations: int
) -> float:
    """The hand's equity against the range, from py_iterations random runouts.

    >>> from pokereval.compat.eval7 import Card
    >>> e = py_hand_vs_range_monte_carlo(map(Card, ("As", "Ad")), HandRange("KK"), [], 20000)
    >>> 0.79 < e < 0.85
    True
    """
    hand, board = [_card_id(c) for c in py_hand], [_card_id(c) for c in py_board]
    return _hand_equity(hand, _range_of(py_villain), board, _iterations(py_iterations))


def py_all_hands_vs_range(
    py_hero: Villain, py_villain: Villain, py_board: Sequence[Any], py_iterations: int
) -> dict[Any, float]:
    """Each hero hand -> its equity against the villain's range, as
    :func:`py_hand_vs_range_exact` on a full board, else with py_iterations random runouts.
    Hands that no villain option can face are left out, and so (unlike eval7, whose
    answer for them is noise) are hands that hold a board card.

    >>> from pokereval.compat.eval7 import Card
    >>> board = map(Card, ("2c", "7d", "9h", "Js", "3s"))
    >>> eq = py_all_hands_vs_range(HandRange("AA"), HandRange("KK"), board, 1000)
    >>> len(eq), set(eq.values())
    (6, {1.0})
    """
    board = [_card_id(c) for c in py_board]
    villain = _range_of(py_villain)
    samples = None if len(board) == 5 else _iterations(py_iterations)
    result: dict[Any, float] = {}
    for hand_key, _weight in py_hero:
        hand = [_card_id(c) for c in hand_key]
        if not set(hand) & set(board):
            with contextlib.suppress(ZeroDivisionError):  # no option can face this hand
                result[hand_key] = _hand_equity(hand, villain, board, samples)
    return result
