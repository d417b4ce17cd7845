"""A deuces-compatible face over pokereval: ``from pokereval.compat.deuces import Card, Deck, Evaluator``.

deuces (0.2.1) is the library treys was forked from: the same card ints and scores, with
its own small differences kept here.  Its ``get_rank_class`` has no royal-flush class
(1 is "Straight Flush" for scores 0..10), its pretty cards read ``" [ A ♠ ] "`` and print
rather than return, and its ``Deck`` shuffles with the global ``random`` and ``draw()``
takes from the top, one card as a bare int.

>>> e = Evaluator()
>>> score = e.evaluate([Card.new("As"), Card.new("Ks")],
...                    [Card.new(c) for c in ("Qs", "Js", "Ts")])
>>> score, e.class_to_string(e.get_rank_class(score))
(1, 'Straight Flush')
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from typing import ClassVar

from .. import treys as _treys

__all__ = ["Card", "Deck", "Evaluator", "LookupTable"]


class Card(_treys.Card):
    """deuces' Card helpers: treys' ints, deuces' pretty strings.

    >>> Card.int_to_pretty_str(Card.new("Ah"))
    ' [ A ❤ ] '
    """

    PRETTY_SUITS: ClassVar[dict[int, str]] = {1: "\u2660", 2: "\u2764", 4: "\u2666", 8: "\u2663"}
    PRETTY_REDS: ClassVar[list[int]] = [2, 4]

    @staticmethod
    def int_to_pretty_str(card_int: int) -> str:
        """``' [ A ♠ ] '``; hearts and diamonds in red when termcolor is installed."""
        suit_int = Card.get_suit_int(card_int)
        suit = Card.PRETTY_SUITS[suit_int]
        if suit_int in Card.PRETTY_REDS:
            suit = _treys._colored(suit, "red")
        return " [ " + Card.STR_RANKS[Card.get_rank_int(card_int)] + " " + suit + " ] "

    @staticmethod
    def print_pretty_card(card_int: int) -> None:
        """Print one card as int_to_pretty_str writes it."""
        print(Card.int_to_pretty_str(card_int))

    @staticmethod
    def print_pretty_cards(card_ints: Sequence[int]) -> None:
        """Print the cards comma-separated between two spaces."""
        print(" " + ",".join(Card.int_to_pretty_str(c) for c in card_ints) + " ")


class LookupTable(_treys.LookupTable):
    """deuces' class bounds: no separate royal flush."""

    MAX_TO_RANK_CLASS: ClassVar[dict[int, int]] = {
        top: max(rank_class, 1) for top, rank_class in _treys.LookupTable.MAX_TO_RANK_CLASS.items() if top > 1
    }
    RANK_CLASS_TO_STRING: ClassVar[dict[int, str]] = {
        k: v for k, v in _treys.LookupTable.RANK_CLASS_TO_STRING.items() if k
    }


class Evaluator(_treys.Evaluator):
    """deuces' Evaluator: treys' scores; classes 1 (straight flush) .. 9 (high card).

    >>> Evaluator().get_rank_class(1), Evaluator().get_rank_class(11)
    (1, 2)
    """

    _rank_classes: ClassVar[tuple[tuple[int, int], ...]] = tuple(LookupTable.MAX_TO_RANK_CLASS.items())
    _table_class: ClassVar[type[_treys.LookupTable]] = LookupTable

    def evaluate(self, cards: Sequence[int], board: Sequence[int]) -> int:
        """Score of the best five of cards + board (5 to 7 cards in all)."""
        return super().evaluate(cards, board)

    def hand_summary(self, board: list[int], hands: list[list[int]]) -> None:
        """Print each player's class and standing on the flop, turn and river, as deuces does."""
        assert len(board) == 5, "Invalid board length"
        for hand in hands:
            assert len(hand) == 2, "Inavlid hand length"
        line = "=" * 10
        for street, name in enumerate(("FLOP", "TURN", "RIVER")):
            print(f"{line} {name} {line}")
            winners, best = self._street(board[: street + 3], hands, "f")
            if name != "RIVER":
                self._standing(winners)
            else:
                print(f"{line} HAND OVER {line}")
                if not winners:  # no hands: deuces reads the first winner of none
                    raise IndexError("list index out of range")
                result = self.class_to_string(self.get_rank_class(best))
                if len(winners) == 1:
                    print(f"Player {winners[0] + 1} is the winner with a {result}\n")
                else:
                    print(f"Players {winners} tied for the win with a {result}\n")


class Deck:
    """deuces' Deck: shuffled with the global ``random``; ``draw()`` takes from the top.

    >>> random.seed(7); a = Deck().draw(3)
    >>> random.seed(7); a == Deck().draw(3)
    True
    """

    _FULL_DECK: ClassVar[list[int]] = []

    def __init__(self) -> None:
        self.shuffle()

    def shuffle(self) -> None:
        """A new full deck, shuffled by random.shuffle."""
        self.cards = Deck.GetFullDeck()
        random.shuffle(self.cards)

    def draw(self, n: int = 1) -> int | list[int]:
        """The top card (a bare int) or, for n > 1, a list of the top n."""
        if n == 1:
            return self.cards.pop(0)
        return [self.cards.pop(0) for _ in range(n)]

    def __str__(self) -> str:
        # deuces prints here and returns None (so str() fails); we return what it prints.
        return " " + ",".join(Card.int_to_pretty_str(c) for c in self.cards) + " "

    @staticmethod
    def GetFullDeck() -> list[int]:
        """A new list of the 52 card ints, in the order deuces builds them."""
        return _treys.Deck.GetFullDeck()


# The modules, as attributes of the package: deuces' __init__ imports them, so `deuces.card`
# works after `import deuces` alone.
for _module in ("card", "deck", "evaluator", "lookup"):
    importlib.import_module(f"{__name__}.{_module}")  # the import sets the package's attribute
