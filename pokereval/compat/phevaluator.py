"""A phevaluator-compatible face over pokereval: ``from pokereval.compat.phevaluator import evaluate_cards``.

phevaluator (0.6) numbers hands 1 (royal flush) to 7462 (7-5-4-3-2), smaller is stronger,
and its card ids are pokereval's (4 * rank + suit, suits c d h s), so a score is
``7463 - pokereval value``.  Here: ``evaluate_cards`` (5 to 7 cards),
``evaluate_5cards`` / ``6cards`` / ``7cards``, ``evaluate_omaha_cards`` and
``evaluate_plo4_cards`` (five board cards, then four hole cards), ``evaluate_plo5_cards`` /
``evaluate_plo6_cards`` (which phevaluator's wheels leave out: here they work),
``Card`` and ``sample_cards``.  Cards are ids, text ("Ah", "2C") or Cards.

The score helpers follow phevaluator's C and C++ library (``rank.h``): ``RankCategory``,
``get_rank_category``, ``describe_rank_category``, ``is_flush`` and
``EvaluationResult``, which holds a score with its category and description.

>>> evaluate_cards("Ac", "Ad", "Ah", "As", "Kc"), evaluate_cards(48, 49, 50, 51, 44, 40)
(11, 11)
>>> r = EvaluationResult(evaluate_cards("9c", "9d", "9h", "4s", "4c", "2d", "Ks"))
>>> r.value, r.category, r.description, r.is_flush
(236, <RankCategory.FULL_HOUSE: 3>, 'Full House', False)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import IntEnum
from typing import Any

from ..api import evaluate as _evaluate
from ..fast import evaluate_cards as _fast_cards
from ._errors import CardError

__all__ = [
    "Card",
    "CardError",
    "EvaluationResult",
    "RankCategory",
    "describe_rank_category",
    "evaluate_5cards",
    "evaluate_6cards",
    "evaluate_7cards",
    "evaluate_cards",
    "evaluate_omaha_cards",
    "evaluate_plo4_cards",
    "evaluate_plo5_cards",
    "evaluate_plo6_cards",
    "get_rank_category",
    "is_flush",
    "sample_cards",
]

_evaluate_ids: Callable[[Any], int] = _fast_cards
_WORST = 7463  # phevaluator score = 7463 - pokereval value
_RANK_MAP = {char: rank for rank, char in enumerate("23456789TJQKA")}
_SUIT_MAP = {"C": 0, "D": 1, "H": 2, "S": 3, "c": 0, "d": 1, "h": 2, "s": 3}


class Card(int):
    """phevaluator's Card: the id 4 * rank + suit, made from an id, text or a Card.

    An int, so that a tuple of Cards goes to the C core unconverted; it equals its id,
    and its text in either case, as phevaluator's does.  An id outside 0..51 or a text
    that is no card raises CardError, a KeyError as with phevaluator and a ValueError.

    >>> Card("2C"), Card(51) == "as", Card("Td").describe_rank(), Card(Card(0)).id_
    (Card("2c"), True, 'T', 0)
    """

    __slots__ = ()

    def __new__(cls, other: int | str | Card) -> Card:
        card_id = Card.to_id(other)
        if not 0 <= card_id < len(_CARDS):  # phevaluator's deck has no jokers
            raise CardError(f"card id {card_id} out of range 0..51")
        # The shared instance; a subclass's own (phevaluator's Card can be subclassed).
        return _CARDS[card_id] if cls is Card else int.__new__(cls, card_id)

    @property
    def id_(self) -> int:
        """The card id."""
        return int(self)

    @staticmethod
    def to_id(other: int | str | Card) -> int:
        """The id of an id, a text such as "Ah" or "2C", or a Card."""
        if isinstance(other, int):
            card_id = int(other)  # a Card too (Cards have no order of their own)
            if not 0 <= card_id <= 51:
                raise CardError(f"card id {card_id} out of range 0..51")
            return card_id
        if isinstance(other, str):
            if len(other) != 2:
                raise ValueError(f"The length of value must be 2. passed: {other}")
            try:
                return _RANK_MAP[other[0]] * 4 + _SUIT_MAP[other[1]]
            except KeyError:
                raise CardError(f"bad card {other!r}: a rank of 23456789TJQKA then a suit of cdhs") from None
        raise TypeError(f"Type of parameter must be int, str or Card. passed: {type(other)}")

    def describe_rank(self) -> str:
        """The rank letter, "2" .. "A"."""
        return "23456789TJQKA"[int(self) // 4]

    def describe_suit(self) -> str:
        """The suit letter, lower case."""
        return "cdhs"[int(self) % 4]

    def describe_card(self) -> str:
        """Rank then suit, e.g. "Ah"."""
        return self.describe_rank() + self.describe_suit()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return str(self).lower() == other.lower()
        return int.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal  # None, a float: not equal

    __hash__ = int.__hash__

    # phevaluator's Card has no order: sorting Cards, or comparing one with a number, raises
    # TypeError there, so a program that does it here would not run on phevaluator.
    def _unordered(self, other: object) -> bool:
        raise TypeError(
            f"Cards have no order (phevaluator's Card cannot be compared with {type(other).__name__})"
        )

    __lt__ = __le__ = __gt__ = __ge__ = _unordered

    def __str__(self) -> str:
        return self.describe_card()

    def __repr__(self) -> str:
        return f'Card("{self.describe_card()}")'

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (type(self), (int(self),))

    # As phevaluator's objects: every card true (2c, id 0, too), the text under format() with
    # no spec, and no attribute set or deleted (a TypeError there).
    def __bool__(self) -> bool:
        return True

    def __format__(self, spec: str) -> str:
        if spec:
            raise TypeError("unsupported format string passed to Card.__format__")
        return str(self)

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError("Card object does not support assignment to attribute")

    def __delattr__(self, name: str) -> None:
        raise TypeError("Card object does not support deletion of attribute")


_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, card_id) for card_id in range(52))


def _ids(cards: tuple[Any, ...]) -> list[int]:
    return [Card.to_id(c) for c in cards]


def evaluate_cards(*cards: int | str | Card) -> int:
    """The score of the best five of 5 to 7 cards: 1 (royal flush) .. 7462, smaller is stronger."""
    try:
        return _WORST - _evaluate_ids(cards)
    except TypeError:
        return _WORST - _evaluate_ids(_ids(cards))
    except ValueError:
        _ids(cards)  # a card that is none, in phevaluator's terms (CardError), if that is it
        raise


def evaluate_5cards(a: Any, b: Any, c: Any, d: Any, e: Any) -> int:
    """The score of exactly five cards.

    >>> evaluate_5cards("Ac", "Ad", "Ah", "As", "Kc")
    11
    """
    return evaluate_cards(a, b, c, d, e)


def evaluate_6cards(a: Any, b: Any, c: Any, d: Any, e: Any, f: Any) -> int:
    """The score of the best five of six cards."""
    return evaluate_cards(a, b, c, d, e, f)


def evaluate_7cards(a: Any, b: Any, c: Any, d: Any, e: Any, f: Any, g: Any) -> int:
    """The score of the best five of seven cards."""
    return evaluate_cards(a, b, c, d, e, f, g)


def _omaha(cards: tuple[Any, ...], hole: int) -> int:
    if len(cards) != 5 + hole:
        raise ValueError(f"The number of cards must be {5 + hole}. passed size: {len(cards)}")
    ids = _ids(cards)
    first: dict[int, int] = {}
    for position, card in enumerate(ids, 1):  # named as given: the core sees hole cards first
        if card in first:
            raise ValueError(f"duplicate card {str(Card(card))!r} at positions {first[card]} and {position}")
        first[card] = position
    return _WORST - int(_evaluate(ids[5:], ids[:5], game="omaha"))  # type: ignore[arg-type, unused-ignore]


def evaluate_omaha_cards(*cards: int | str | Card) -> int:
    """The Omaha score of five board cards then four hole cards (two hole + three board).

    >>> evaluate_omaha_cards("3c", "9c", "3h", "9h", "6h", "Ac", "Kc", "Qc", "Jc")
    4431
    """
    return _omaha(cards, 4)


def evaluate_plo4_cards(*cards: int | str | Card) -> int:
    """The same as evaluate_omaha_cards."""
    return _omaha(cards, 4)


def evaluate_plo5_cards(*cards: int | str | Card) -> int:
    """Five board cards then five hole cards."""
    return _omaha(cards, 5)


def evaluate_plo6_cards(*cards: int | str | Card) -> int:
    """Five board cards then six hole cards."""
    return _omaha(cards, 6)


def sample_cards(size: int) -> list[int]:
    """size distinct random card ids (random.sample, as phevaluator)."""
    return random.sample(range(52), k=size)


# ---- scores in words (phevaluator's rank.h) ---------------------------------------------


class RankCategory(IntEnum):
    """The categories as phevaluator numbers them, strongest first."""

    STRAIGHT_FLUSH = 1
    FOUR_OF_A_KIND = 2
    FULL_HOUSE = 3
    FLUSH = 4
    STRAIGHT = 5
    THREE_OF_A_KIND = 6
    TWO_PAIR = 7
    ONE_PAIR = 8
    HIGH_CARD = 9


# The weakest score of each category, strongest category first (from the category sizes).
_BOUNDS = ((10, 1), (166, 2), (322, 3), (1599, 4), (1609, 5), (2467, 6), (3325, 7), (6185, 8), (7462, 9))
_DESCRIPTIONS = (
    "",
    "Straight Flush",
    "Four of a Kind",
    "Full House",
    "Flush",
    "Straight",
    "Three of a Kind",
    "Two Pair",
    "One Pair",
    "High Card",
)


def get_rank_category(rank: int) -> RankCategory:
    """The category of a score.

    >>> get_rank_category(1), get_rank_category(7462)
    (<RankCategory.STRAIGHT_FLUSH: 1>, <RankCategory.HIGH_CARD: 9>)
    """
    for top, category in _BOUNDS:
        if rank <= top:
            return RankCategory(category)
    return RankCategory.HIGH_CARD


def describe_rank_category(category: int) -> str:
    """The words for a category: "Straight Flush" .. "High Card"."""
    return _DESCRIPTIONS[category]


def is_flush(rank: int) -> bool:
    """Whether a score is a flush or a straight flush."""
    return get_rank_category(rank) in (RankCategory.STRAIGHT_FLUSH, RankCategory.FLUSH)


class EvaluationResult:
    """A score with its category and description; smaller scores are stronger, and
    results compare as their scores do (stronger is less).

    >>> EvaluationResult(1) < EvaluationResult(11), EvaluationResult(11).description
    (True, 'Four of a Kind')
    """

    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 7462:
            raise ValueError(f"a phevaluator score runs 1..7462, got {value!r}")
        self.value = value

    @property
    def category(self) -> RankCategory:
        """The category, RankCategory.STRAIGHT_FLUSH .. HIGH_CARD."""
        return get_rank_category(self.value)

    @property
    def description(self) -> str:
        """The category in words."""
        return describe_rank_category(self.category)

    @property
    def is_flush(self) -> bool:
        """Whether all five cards share a suit."""
        return is_flush(self.value)

    def __int__(self) -> int:
        return self.value

    def __eq__(self, other: object) -> bool:
        return int(self) == int(other) if isinstance(other, (int, EvaluationResult)) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.value)

    def __lt__(self, other: EvaluationResult) -> bool:
        return self.value < int(other)

    def __le__(self, other: EvaluationResult) -> bool:
        return self.value <= int(other)

    def __gt__(self, other: EvaluationResult) -> bool:
        return self.value > int(other)

    def __ge__(self, other: EvaluationResult) -> bool:
        return self.value >= int(other)

    def __repr__(self) -> str:
        return f"EvaluationResult({self.value})"
