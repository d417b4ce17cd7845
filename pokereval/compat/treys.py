"""A treys-compatible face over pokereval.

treys numbers hands 1 (royal flush) to 7462 (7-5-4-3-2), smaller is stronger, and writes a
card as a 32-bit int: bit 16 + rank set, the suit as one of four bits at 12..15
(spades 1, hearts 2, diamonds 4, clubs 8), the rank at bits 8..11 and the rank's prime in
the low byte.  This module reads and writes those ints and answers on treys' scale, so
``from pokereval.compat.treys import Card, Evaluator`` can replace ``from treys import ...``.

>>> board = [Card.new("Ah"), Card.new("Kd"), Card.new("Jc")]
>>> hand = [Card.new("Qs"), Card.new("Th")]
>>> e = Evaluator()
>>> score = e.evaluate(hand, board)
>>> score, e.class_to_string(e.get_rank_class(score))
(1600, 'Straight')
"""

from __future__ import annotations

from collections.abc import Sequence

from ..api import evaluate as _evaluate
from ..cards import RANKS
from ..rank import Category

__all__ = ["Card", "Evaluator"]

_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_SUIT_BIT = {"s": 1, "h": 2, "d": 4, "c": 8}
_OUR_SUIT = {"c": 0, "d": 1, "h": 2, "s": 3}
_WORST = 7463  # treys value = 7463 - pokereval value


def _encode(rank: int, suit: str) -> int:
    return (1 << (16 + rank)) | (_SUIT_BIT[suit] << 12) | (rank << 8) | _PRIMES[rank]


# Every treys card int and the pokereval id of the same card.
_ID_OF: dict[int, int] = {
    _encode(rank, suit): 4 * rank + _OUR_SUIT[suit] for rank in range(13) for suit in "cdhs"
}
_STR_OF: dict[int, str] = {
    _encode(rank, suit): RANKS[rank] + suit for rank in range(13) for suit in "cdhs"
}


class Card:
    """treys' Card helpers: cards are plain ints in treys' encoding.

    >>> Card.int_to_str(Card.new("As"))
    'As'
    """

    @staticmethod
    def new(string: str) -> int:
        """The treys int of a card written as rank then suit ("Ah", "Tc")."""
        well_formed = isinstance(string, str) and len(string) == 2
        if not well_formed or string[0] not in RANKS or string[1] not in "cdhs":
            raise ValueError(f"bad card {string!r}: expected a rank of {RANKS} then a suit of cdhs")
        return _encode(RANKS.index(string[0]), string[1])

    @staticmethod
    def int_to_str(card_int: int) -> str:
        """The two-letter name of a treys card int."""
        try:
            return _STR_OF[card_int]
        except (KeyError, TypeError):
            raise ValueError(f"{card_int!r} is not a treys card int") from None

    @staticmethod
    def get_rank_int(card_int: int) -> int:
        """The rank 0..12 (2..A)."""
        return (card_int >> 8) & 0xF


def _ids(cards: Sequence[int]) -> list[int]:
    try:
        return [_ID_OF[c] for c in cards]
    except (KeyError, TypeError):
        bad = next(c for c in cards if c not in _ID_OF)
        raise ValueError(f"{bad!r} is not a treys card int (make cards with Card.new)") from None


# treys' rank classes, 0 (royal flush) .. 9 (high card), by pokereval category.
_CLASS_OF = {category: 9 - int(category) for category in Category}
_CLASS_NAMES = {
    0: "Royal Flush",
    1: "Straight Flush",
    2: "Four of a Kind",
    3: "Full House",
    4: "Flush",
    5: "Straight",
    6: "Three of a Kind",
    7: "Two Pair",
    8: "Pair",
    9: "High Card",
}
# The worst treys value of each class, smaller classes first (from the category sizes).
_CLASS_MAX = (1, 10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462)


class Evaluator:
    """treys' Evaluator: evaluate(hand, board) -> 1..7462, smaller is stronger.

    >>> Evaluator().evaluate([Card.new("7c"), Card.new("5d")],
    ...                      [Card.new(c) for c in ("4h", "3s", "2c")])
    7462
    """

    def evaluate(self, hand: Sequence[int], board: Sequence[int]) -> int:
        """Score of the best five of hand + board (5 to 7 cards in all)."""
        return _WORST - int(_evaluate(_ids(list(hand) + list(board))))

    def get_rank_class(self, hand_rank: int) -> int:
        """The class 0 (royal flush) .. 9 (high card) of a treys score."""
        if not isinstance(hand_rank, int) or not 1 <= hand_rank <= 7462:
            raise ValueError(f"invalid hand rank {hand_rank!r}: treys scores run 1..7462")
        return next(i for i, top in enumerate(_CLASS_MAX) if hand_rank <= top)

    def class_to_string(self, class_int: int) -> str:
        """The name of a class from get_rank_class."""
        return _CLASS_NAMES[class_int]

    def get_five_card_rank_percentage(self, hand_rank: int) -> float:
        """How far down the 7,462 classes a score sits (0 best, 1 worst)."""
        return float(hand_rank) / 7462.0
