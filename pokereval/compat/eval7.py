"""An eval7-compatible face over pokereval.

eval7's ``evaluate(cards)`` gives an int where greater is stronger and ``handtype`` names
its category.  Here ``evaluate`` returns pokereval's value (1..7462, the same order, so
comparisons agree with eval7 hand for hand) and ``handtype`` uses eval7's names.  Cards may be
eval7 Cards (anything with ``.rank`` 0..12 and ``.suit`` 0..3 in c, d, h, s order), pokereval
Cards, ids or text.

>>> evaluate(["As", "Ks", "Qs", "Js", "Ts"]), handtype(7462)
(7462, 'Straight Flush')
>>> handtype(evaluate("Kc Kd Kh 2c 2d"))
'Full House'
"""

from __future__ import annotations

from collections.abc import Iterable

from ..api import evaluate as _evaluate
from ..games import game_spec
from ..rank import Category, HandRank

__all__ = ["evaluate", "handtype"]

_NAMES = {
    Category.HIGH_CARD: "High Card",
    Category.ONE_PAIR: "Pair",
    Category.TWO_PAIR: "Two Pair",
    Category.THREE_OF_A_KIND: "Trips",
    Category.STRAIGHT: "Straight",
    Category.FLUSH: "Flush",
    Category.FULL_HOUSE: "Full House",
    Category.FOUR_OF_A_KIND: "Quads",
    Category.STRAIGHT_FLUSH: "Straight Flush",
    Category.ROYAL_FLUSH: "Straight Flush",  # eval7 has no separate royal
}
_HOLDEM = game_spec("holdem")


def _id(card: object) -> object:
    rank, suit = getattr(card, "rank", None), getattr(card, "suit", None)
    if isinstance(rank, int) and isinstance(suit, int) and not isinstance(card, int):
        return 4 * rank + suit
    return card


def evaluate(cards: Iterable[object] | str) -> int:
    """The value (1..7462, greater is stronger) of the best five of 5 to 7 cards."""
    if isinstance(cards, str):
        return int(_evaluate(cards))
    return int(_evaluate([_id(c) for c in cards]))  # type: ignore[misc]


def handtype(value: int) -> str:
    """eval7's name for the category of a value."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 7462:
        raise ValueError(f"invalid value {value!r}: values run 1..7462")
    category = HandRank(value, _HOLDEM, b"").category
    assert category is not None
    return _NAMES[category]
