"""eval7.evaluate: ``evaluate`` and ``handtype``, with eval7's numbers.

``evaluate(cards)`` gives eval7's own value: the category in bits 24 and up (0 high card ..
8 straight flush) and the ranks that decide, 0..12, four bits each from bit 16 down (a
straight gives only its top card, 3 for the wheel).  So stored eval7 numbers and
``handtype`` keep working.

>>> from pokereval.compat.eval7.cards import Card
>>> hand = [Card(c) for c in ("As", "Ks", "Qs", "Js", "Ts", "2d", "3c")]
>>> evaluate(hand), handtype(evaluate(hand))
(135004160, 'Straight Flush')
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from typing import Any

from ...api import evaluate as _pe_evaluate
from ...fast import evaluate_cards as _fast_cards
from .._classes import class_ids, class_rows
from .cards import _ids

__all__ = ["evaluate", "handtype"]

_HANDTYPE_SHIFT = 24
_evaluate_cards: Callable[[Any], int] = _fast_cards


def _eval7_value(ranks_: tuple[int, ...], category: int) -> int:
    """eval7's number for a five-card class: the category, then the deciding ranks (most
    copies first, then highest) four bits each from bit 16 down; a straight has its top."""
    handtype_ = min(category, 8)  # eval7 counts a royal flush as a straight flush
    if category in (4, 8, 9):  # straights: the top card, 3 (a five) for A-2-3-4-5
        order = [3 if ranks_ == (0, 1, 2, 3, 12) else ranks_[-1]]
    else:
        order = sorted(set(ranks_), key=lambda r: (ranks_.count(r), r), reverse=True)
    value = handtype_ << _HANDTYPE_SHIFT
    for place, rank in enumerate(order):
        value |= rank << (16 - 4 * place)
    return value


def _value_table() -> list[int]:
    table = [0] * 7463
    hands, values = class_rows()
    for (ranks_, _suited), cards, value in zip(hands, class_ids(), values.tolist()):
        category = _pe_evaluate(list(cards)).category  # type: ignore[union-attr, unused-ignore]
        assert category is not None
        table[value] = _eval7_value(ranks_, int(category))
    return table


_VALUE = _value_table()


def evaluate(cards: Iterable[Any]) -> int:
    """eval7's value of 5 to 7 cards: greater is stronger, the category in bits 24 and up.

    >>> from pokereval.compat.eval7.cards import Card
    >>> handtype(evaluate(map(Card, ("Kc", "Kd", "Kh", "2c", "2d"))))
    'Full House'
    """
    try:
        return _VALUE[_evaluate_cards(cards)]
    except TypeError:
        return _VALUE[_evaluate_cards(_ids(cards))]


_HANDTYPES = ("High Card", "Pair", "Two Pair", "Trips", "Straight", "Flush", "Full House", "Quads")


def handtype(value: int) -> str:
    """eval7's name for the category of a value.

    >>> from pokereval.compat.eval7.cards import Card
    >>> handtype(evaluate([Card(c) for c in ("As", "Ad", "Kh", "Kc", "2d")]))
    'Two Pair'
    """
    # An int or an integer that says so by __index__ (numpy's, as an array of stored values
    # gives them), as eval7's unsigned int takes them; not a bool nor a float.
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise TypeError(f"an eval7 value is an int, got {type(value).__name__}")
    value = operator.index(value)
    if not 0 <= value < 1 << 32:
        raise OverflowError(f"value {value} is not an unsigned 32-bit int")
    ht = value >> _HANDTYPE_SHIFT
    return _HANDTYPES[ht] if ht < len(_HANDTYPES) else "Straight Flush"
