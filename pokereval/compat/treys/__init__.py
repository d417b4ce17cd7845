"""A treys-compatible face over pokereval: ``from pokereval.compat.treys import Card, Evaluator``.

treys (0.1.8) numbers hands 1 (royal flush) to 7462 (7-5-4-3-2), smaller is stronger, and
writes a card as a 32-bit int (Cactus Kev's layout)::

    bits 16..28  one bit for the rank      bits 12..15  the suit: s 1, h 2, d 4, c 8
    bits  8..11  the rank 0..12 (2..A)     bits  0..7   the rank's prime 2..41

Every public name of treys is here (``Card``, ``Deck``, ``Evaluator``, ``PLOEvaluator``,
``LookupTable``) and answers exactly as treys does: the same card ints, scores, classes,
strings and, for a given seed, the same deal.  Only the evaluation differs: it is one call
into pokereval's C core instead of a Python loop over the 21 five-card subsets.

>>> board = [Card.new("Ah"), Card.new("Kd"), Card.new("Jc")]
>>> hand = [Card.new("Qs"), Card.new("Th")]
>>> e = Evaluator()
>>> score = e.evaluate(hand, board)
>>> score, e.class_to_string(e.get_rank_class(score))
(1600, 'Straight')
"""

from __future__ import annotations

import importlib
import itertools
import operator
from array import array
from collections.abc import Callable, Iterator, Sequence
from random import Random
from typing import Any, ClassVar

import numpy as np

from ... import _core
from ...api import evaluate_batch
from ...cards import RANKS
from ...fast import evaluate_cards, evaluate_ids
from ...games import game_spec
from .._classes import class_rows
from .._errors import CardError, CountError

__all__ = ["Card", "Deck", "Evaluator", "LookupTable", "PLOEvaluator"]

_WORST = 7463  # treys score = 7463 - pokereval value: both count the 7,462 classes


def _encode(rank: int, suit_bit: int) -> int:
    return (1 << (16 + rank)) | (suit_bit << 12) | (rank << 8) | Card.PRIMES[rank]


class Card:
    """treys' Card helpers: a card is a plain int in treys' encoding (see the module).

    >>> Card.new("As"), Card.int_to_str(268442665)
    (268442665, 'As')
    >>> Card.int_to_pretty_str(Card.new("Td"))
    '[T♦]'
    """

    STR_RANKS: ClassVar[str] = RANKS
    INT_RANKS: ClassVar[range] = range(13)
    PRIMES: ClassVar[list[int]] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41]
    CHAR_RANK_TO_INT_RANK: ClassVar[dict[str, int]] = {char: rank for rank, char in enumerate(RANKS)}
    CHAR_SUIT_TO_INT_SUIT: ClassVar[dict[str, int]] = {"s": 1, "h": 2, "d": 4, "c": 8}
    INT_SUIT_TO_CHAR_SUIT: ClassVar[str] = "xshxdxxxc"
    PRETTY_SUITS: ClassVar[dict[int, str]] = {1: "\u2660", 2: "\u2665", 4: "\u2666", 8: "\u2663"}
    SUIT_COLORS: ClassVar[dict[int, str]] = {2: "red", 4: "blue", 8: "green"}

    @staticmethod
    def new(string: str) -> int:
        """The int of a card written as rank then suit ("Ah", "Tc"); CardError (a KeyError, as
        treys raises, and a ValueError) for a text that names no card."""
        try:
            rank = Card.CHAR_RANK_TO_INT_RANK[string[0]]
            suit_bit = Card.CHAR_SUIT_TO_INT_SUIT[string[1]]
        except (KeyError, IndexError, TypeError):
            raise CardError(f"bad card {string!r}: a rank of {RANKS} then a suit of shdc") from None
        return _encode(rank, suit_bit)

    @staticmethod
    def int_to_str(card_int: int) -> str:
        """The two-letter name of a card int."""
        return (
            Card.STR_RANKS[Card.get_rank_int(card_int)]
            + Card.INT_SUIT_TO_CHAR_SUIT[Card.get_suit_int(card_int)]
        )

    @staticmethod
    def get_rank_int(card_int: int) -> int:
        """The rank 0..12 (2..A)."""
        return (card_int >> 8) & 0xF

    @staticmethod
    def get_suit_int(card_int: int) -> int:
        """The suit bit: 1 spades, 2 hearts, 4 diamonds, 8 clubs."""
        return (card_int >> 12) & 0xF

    @staticmethod
    def get_bitrank_int(card_int: int) -> int:
        """The 13-bit rank mask (one bit set)."""
        return (card_int >> 16) & 0x1FFF

    @staticmethod
    def get_prime(card_int: int) -> int:
        """The rank's prime, 2 (deuce) .. 41 (ace)."""
        return card_int & 0x3F

    @staticmethod
    def hand_to_binary(card_strs: Sequence[str]) -> list[int]:
        """The ints of several card names."""
        return [Card.new(c) for c in card_strs]

    @staticmethod
    def prime_product_from_hand(card_ints: Sequence[int]) -> int:
        """The product of the cards' rank primes."""
        product = 1
        for c in card_ints:
            product *= c & 0xFF
        return product

    @staticmethod
    def prime_product_from_rankbits(rankbits: int) -> int:
        """The product of the primes of the ranks whose bits are set in a 13-bit mask."""
        product = 1
        for rank in Card.INT_RANKS:
            if rankbits & (1 << rank):
                product *= Card.PRIMES[rank]
        return product

    @staticmethod
    def int_to_binary(card_int: int) -> str:
        """The 32 bits of a card int in groups of four, tab-separated (for debugging)."""
        # As treys: bin()'s digits after its first two characters, low digit first, into
        # eight tab-separated groups of four (IndexError past 32 digits; a negative int
        # keeps bin()'s 'b').
        slots = list("\t".join(["0000"] * 8))
        for i, digit in enumerate(reversed(bin(card_int)[2:])):
            slots[i + i // 4] = digit
        return "".join(reversed(slots))

    @staticmethod
    def int_to_pretty_str(card_int: int) -> str:
        """``[A♠]``, coloured with termcolor when it is installed (as treys does)."""
        suit_int = Card.get_suit_int(card_int)
        suit = Card.PRETTY_SUITS[suit_int]
        if suit_int in Card.SUIT_COLORS:
            suit = _colored(suit, Card.SUIT_COLORS[suit_int])
        return f"[{Card.STR_RANKS[Card.get_rank_int(card_int)]}{suit}]"

    @staticmethod
    def print_pretty_card(card_int: int) -> None:
        """Print one card as int_to_pretty_str writes it."""
        print(Card.int_to_pretty_str(card_int))

    @staticmethod
    def ints_to_pretty_str(card_ints: Sequence[int]) -> str:
        """``' [A♠],[K♥] '``: the cards comma-separated between two spaces."""
        return " " + ",".join(Card.int_to_pretty_str(c) for c in card_ints) + " "

    @staticmethod
    def print_pretty_cards(card_ints: Sequence[int]) -> None:
        """Print several cards as ints_to_pretty_str writes them."""
        print(Card.ints_to_pretty_str(card_ints))


def _colored(text: str, color: str) -> str:
    # treys colours suits only when the optional termcolor is importable; so do we.
    try:
        from termcolor import colored  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return text
    return str(colored(text, color))


# ---- from treys ints to pokereval ids ------------------------------------------------------
#
# Each of the 52 cards has exactly one treys int, the one Card.new makes; _ID maps it to the
# pokereval id.  Every bit counts: an int that differs from a card's anywhere (a flipped
# prime, rank-mask or high bit) is no card, not whichever card its suit and rank bits name.
# map(dict.__getitem__) reads a hand without a Python loop per card, then one C call.
_SUIT_BITS = {"c": 8, "d": 4, "h": 2, "s": 1}
_ID: dict[int, int] = {
    _encode(_rank, _SUIT_BITS[_char]): 4 * _rank + _suit
    for _rank in range(13)
    for _suit, _char in enumerate("cdhs")
}
_card_id: Callable[[Any], int] = _ID.__getitem__  # KeyError for no card
_evaluate_cards: Callable[[Any], int] = evaluate_cards  # a list of ids, in one C call
# A float or a Decimal equal to a card's int hashes alike and would find it in _ID, so the
# cards are read into an array of 32-bit ints first: in C, taking ints by __index__ only
# (numpy's too) and refusing the rest (TypeError), or any int past 32 bits (OverflowError).
_INTS_32 = "I"


def _is_card(card: object) -> bool:
    """Whether `card` is the int of a card (a bool is not, nor a float equal to one)."""
    if isinstance(card, bool) or not hasattr(type(card), "__index__"):
        return False
    return operator.index(card) in _ID  # type: ignore[arg-type]


def _card_ids(cards: Sequence[int]) -> bytes:
    """pokereval ids of treys card ints, any number of them (ValueError naming a foreign one)."""
    try:
        return bytes(map(_card_id, array(_INTS_32, cards)))
    except (KeyError, TypeError, OverflowError):
        bad = next(c for c in cards if not _is_card(c))
        if isinstance(bad, bool) or not hasattr(type(bad), "__index__"):
            raise TypeError(
                f"{bad!r} ({type(bad).__name__}) is not a treys card int (make cards with Card.new)"
            ) from None
        raise ValueError(f"{bad!r} is not a treys card int (make cards with Card.new)") from None


def _score(cards: Sequence[int]) -> int:
    """The score of 5 to 7 treys card ints; ValueError naming a foreign card or one held twice,
    CountError (a KeyError, as treys raises, too) for another count."""
    ids = _card_ids(cards)
    if not 5 <= len(ids) <= 7:
        raise CountError(f"treys evaluates 5 to 7 cards, got {len(ids)}")
    return _WORST - evaluate_ids(ids)


# ---- the lookup table ----------------------------------------------------------------------


class LookupTable:
    """treys' class bounds and names, and its two prime-product tables.

    ``flush_lookup`` and ``unsuited_lookup`` map a five-card prime product (suited and
    not) to the score, as treys builds them; here they are filled from pokereval on first
    use, which treys' evaluation never needs.

    >>> LookupTable.MAX_FULL_HOUSE, LookupTable().flush_lookup[41 * 37 * 31 * 29 * 23]
    (322, 1)
    """

    MAX_ROYAL_FLUSH: ClassVar[int] = 1
    MAX_STRAIGHT_FLUSH: ClassVar[int] = 10
    MAX_FOUR_OF_A_KIND: ClassVar[int] = 166
    MAX_FULL_HOUSE: ClassVar[int] = 322
    MAX_FLUSH: ClassVar[int] = 1599
    MAX_STRAIGHT: ClassVar[int] = 1609
    MAX_THREE_OF_A_KIND: ClassVar[int] = 2467
    MAX_TWO_PAIR: ClassVar[int] = 3325
    MAX_PAIR: ClassVar[int] = 6185
    MAX_HIGH_CARD: ClassVar[int] = 7462

    MAX_TO_RANK_CLASS: ClassVar[dict[int, int]] = {
        1: 0,
        10: 1,
        166: 2,
        322: 3,
        1599: 4,
        1609: 5,
        2467: 6,
        3325: 7,
        6185: 8,
        7462: 9,
    }
    RANK_CLASS_TO_STRING: ClassVar[dict[int, str]] = {
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

    _tables: ClassVar[tuple[dict[int, int], dict[int, int]] | None] = None

    @classmethod
    def _built(cls) -> tuple[dict[int, int], dict[int, int]]:
        """The two tables, in the order treys fills them (so that they iterate, and
        ``write_table_to_disk`` writes, as treys' do): ``flush_lookup`` by score (straight
        flushes, then flushes); ``unsuited_lookup`` straights, high cards, then quads, full
        houses, trips, two pair and pairs, each by score.  Built once; each instance copies."""
        if LookupTable._tables is None:
            flush: list[tuple[int, int]] = []
            unsuited: list[tuple[int, int]] = []
            hands, values = class_rows()
            for (ranks, suited), value in zip(hands, values.tolist()):
                primes = [Card.PRIMES[r] for r in ranks]
                product = primes[0] * primes[1] * primes[2] * primes[3] * primes[4]
                (flush if suited else unsuited).append((product, _WORST - value))
            # treys' build order of the unsuited classes, by the first score of each.
            firsts = (
                cls.MAX_FLUSH + 1,
                cls.MAX_PAIR + 1,
                cls.MAX_STRAIGHT_FLUSH + 1,
                cls.MAX_FOUR_OF_A_KIND + 1,
                cls.MAX_STRAIGHT + 1,
                cls.MAX_THREE_OF_A_KIND + 1,
                cls.MAX_TWO_PAIR + 1,
            )

            def treys_place(entry: tuple[int, int]) -> tuple[int, int]:
                score = entry[1]
                return firsts.index(max(first for first in firsts if first <= score)), score

            flush.sort(key=lambda entry: entry[1])
            unsuited.sort(key=treys_place)
            LookupTable._tables = (dict(flush), dict(unsuited))
        return LookupTable._tables

    def _own(self, index: int) -> dict[int, int]:
        """This table's copy of the built table `index` (0 flush, 1 unsuited), made on first use."""
        name = ("_flush_lookup", "_unsuited_lookup")[index]
        try:
            return self.__dict__[name]  # type: ignore[no-any-return]
        except KeyError:
            table = self.__dict__[name] = dict(self._built()[index])
            return table

    @property
    def flush_lookup(self) -> dict[int, int]:
        """Prime product of five suited ranks -> score: this table's own (treys builds one a
        table); it may be changed or set, as treys' may."""
        return self._own(0)

    @flush_lookup.setter
    def flush_lookup(self, table: dict[int, int]) -> None:
        self.__dict__["_flush_lookup"] = table

    @property
    def unsuited_lookup(self) -> dict[int, int]:
        """Prime product of five unsuited cards -> score: this table's own, as ``flush_lookup``."""
        return self._own(1)

    @unsuited_lookup.setter
    def unsuited_lookup(self, table: dict[int, int]) -> None:
        self.__dict__["_unsuited_lookup"] = table

    def flushes(self) -> None:
        """Fill ``flush_lookup`` (treys' build step; here both tables come from pokereval)."""
        self._built()

    def multiples(self) -> None:
        """Fill ``unsuited_lookup`` (treys' build step; here both tables come from pokereval)."""
        self._built()

    def straight_and_highcards(self, straights: Sequence[int], highcards: Sequence[int]) -> None:
        """treys' build step for straights and high cards: both tables are already whole."""
        self._built()

    def get_lexographically_next_bit_sequence(self, bits: int) -> Iterator[int]:
        """The endless run of the next numbers with as many set bits as `bits`, upwards
        (the bit permutations treys enumerates rank sets with)."""
        while True:
            lowest = bits & -bits
            ripple = bits + lowest
            bits = ripple | (((bits ^ ripple) >> 2) // lowest)
            yield bits

    def write_table_to_disk(self, table: dict[int, int], filepath: str) -> None:
        """Write a table as ``prime,score`` lines."""
        with open(filepath, "w", encoding="utf-8") as f:
            for prime_prod, rank in table.items():
                f.write(f"{prime_prod},{rank}\n")


# ---- the evaluators ------------------------------------------------------------------------


class Evaluator:
    """treys' Evaluator: ``evaluate(hand, board)`` -> 1..7462, smaller is stronger.

    >>> Evaluator().evaluate([Card.new("7c"), Card.new("5d")],
    ...                      [Card.new(c) for c in ("4h", "3s", "2c")])
    7462
    """

    HAND_LENGTH: ClassVar[int] = 2
    BOARD_LENGTH: ClassVar[int] = 5
    _rank_classes: ClassVar[tuple[tuple[int, int], ...]] = tuple(LookupTable.MAX_TO_RANK_CLASS.items())
    _table_class: ClassVar[type[LookupTable]] = LookupTable

    def __init__(self) -> None:
        self.hand_size_map: dict[int, Callable[[Sequence[int]], int]] = {5: _score, 6: _score, 7: _score}

    @property
    def table(self) -> LookupTable:
        """The evaluator's lookup table, one an evaluator as treys' (its prime-product dicts are
        built on first use; a write to them stays, as in treys)."""
        try:
            return self.__dict__["_table"]  # type: ignore[no-any-return]
        except KeyError:
            table = self.__dict__["_table"] = self._table_class()
            return table

    def evaluate(self, hand: Sequence[int], board: Sequence[int]) -> int:
        """Score of the best five of hand + board (5 to 7 cards in all)."""
        # Read once: an iterator or a generator is read here and nowhere else (summing it,
        # then reading it again, would find it empty and score the board alone).
        cards = [*hand, *board]
        try:
            # The hot path: each int looked up whole (see _ID), then one C call.  A float, a
            # Decimal or a Fraction among the cards would find the card it equals, but makes
            # the sum no int (bools and numpy's ints take the careful path too).
            if type(sum(cards)) is int:
                return _WORST - _evaluate_cards([*map(_card_id, cards)])
        except (KeyError, TypeError, ValueError):
            pass
        return _score(cards)  # words the complaint in treys' terms

    def _five(self, cards: Sequence[int]) -> int:
        return _score(cards)

    _six = _seven = _five

    def get_rank_class(self, hr: int) -> int:
        """The class of a score: 0 royal flush .. 9 high card (treys' bounds exactly)."""
        if 0 <= hr <= self._rank_classes[0][0]:
            return self._rank_classes[0][1]
        for top, rank_class in self._rank_classes[1:]:
            if hr <= top:
                return rank_class
        raise Exception("Inavlid hand rank, cannot return rank class")  # treys' words

    def class_to_string(self, class_int: int) -> str:
        """The name of a class from get_rank_class."""
        return self._table_class.RANK_CLASS_TO_STRING[class_int]

    def get_five_card_rank_percentage(self, hand_rank: int) -> float:
        """The score scaled to 0.0 (best) .. 1.0 (worst)."""
        return float(hand_rank) / float(LookupTable.MAX_HIGH_CARD)

    def hand_summary(self, board: list[int], hands: list[list[int]]) -> None:
        """Print each player's class and standing on the flop, turn and river, as treys does."""
        assert len(board) == self.BOARD_LENGTH, "Invalid board length"
        for hand in hands:
            assert len(hand) == self.HAND_LENGTH, "Invalid hand length"
        line = "=" * 10
        for street, name in enumerate(("FLOP", "TURN", "RIVER")):
            print(f"{line} {name} {line}")
            winners, best = self._street(board[: street + 3], hands)
            if name != "RIVER":
                self._standing(winners)
            elif not winners:  # no hands: treys reads the first winner of none
                raise IndexError("list index out of range")
            else:
                result = self.class_to_string(self.get_rank_class(best))
                print()
                print(f"{line} HAND OVER {line}")
                if len(winners) == 1:
                    print(f"Player {winners[0] + 1} is the winner with a {result}\n")
                else:
                    print(f"Players {[x + 1 for x in winners]} tied for the win with a {result}\n")

    def _street(self, board: list[int], hands: list[list[int]], number: str = "") -> tuple[list[int], int]:
        """Print one line per player (the percentage in format `number`: treys writes its repr,
        deuces "f"); return the leaders and their score."""
        best, winners = _WORST, []
        for player, hand in enumerate(hands):
            rank = self.evaluate(hand, board)
            name = self.class_to_string(self.get_rank_class(rank))
            percentage = 1.0 - self.get_five_card_rank_percentage(rank)
            shown = format(percentage, number) if number else repr(percentage)
            print(f"Player {player + 1} hand = {name}, percentage rank among all hands = {shown}")
            if rank == best:
                winners.append(player)
            elif rank < best:
                winners, best = [player], rank
        return winners, best

    @staticmethod
    def _standing(winners: list[int]) -> None:
        """The line after the flop and the turn: who leads."""
        if len(winners) == 1:
            print(f"Player {winners[0] + 1} hand is currently winning.\n")
        else:
            print(f"Players {[x + 1 for x in winners]} are tied for the lead.\n")


class PLOEvaluator(Evaluator):
    """treys' Omaha evaluator: exactly two of the hand's cards with three of the board's.

    >>> hand = [Card.new(c) for c in ("As", "Ks", "2d", "2c")]
    >>> PLOEvaluator().evaluate(hand, [Card.new(c) for c in ("Qs", "Js", "Ts", "2h", "3h")])
    1
    """

    HAND_LENGTH: ClassVar[int] = 4

    def evaluate(self, hand: Sequence[int], board: Sequence[int]) -> int:
        """The best score over every two hand cards with three board cards."""
        # As treys: no two hand cards with three board cards (an empty hand or board too)
        # is the worst score, 7462; any number of cards on either side.
        hole, shared = _card_ids(list(hand)), _card_ids(list(board))
        rows = [h + b for h in itertools.combinations(hole, 2) for b in itertools.combinations(shared, 3)]
        if not rows:
            return LookupTable.MAX_HIGH_CARD
        if len(set(hole + shared)) != len(hole) + len(shared):  # worded as for any hand, whatever its size
            raise game_spec("omaha").error(_core.ERR_DUPLICATE, bytes(hole + shared))
        return _WORST - int(evaluate_batch(np.array(rows, dtype=np.uint8)).max())


class Deck:
    """treys' Deck: 52 ints shuffled by ``random.Random(seed)``; ``draw`` takes from the end.

    The same seed deals the same cards as treys.

    >>> [Card.int_to_str(c) for c in Deck(seed=1).draw(3)] == [
    ...     Card.int_to_str(c) for c in Deck(seed=1).draw(3)]
    True
    """

    _FULL_DECK: ClassVar[list[int]] = []

    def __init__(self, seed: Any = None) -> None:
        self._random = Random(seed)
        self.shuffle()

    def shuffle(self) -> None:
        """A new full deck, shuffled."""
        self.cards = Deck.GetFullDeck()
        self._random.shuffle(self.cards)

    def draw(self, n: int = 1) -> list[int]:
        """The last n cards, taken off the deck (a list even for one)."""
        return [self.cards.pop() for _ in range(n)]

    def __str__(self) -> str:
        return Card.ints_to_pretty_str(self.cards)

    @staticmethod
    def GetFullDeck() -> list[int]:
        """A new list of the 52 card ints, 2s 2h 2d 2c 3s ... Ac."""
        if not Deck._FULL_DECK:
            Deck._FULL_DECK.extend(Card.new(rank + suit) for rank in Card.STR_RANKS for suit in "shdc")
        return list(Deck._FULL_DECK)


# The modules, as attributes of the package: treys' __init__ imports them, so `treys.card`
# works after `import treys` alone.
for _module in ("card", "deck", "evaluator", "lookup"):
    importlib.import_module(f"{__name__}.{_module}")  # the import sets the package's attribute
