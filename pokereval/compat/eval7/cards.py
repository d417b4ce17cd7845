"""eval7.cards: ``Card``, ``Deck``, ``ranks`` and ``suits``.

>>> from pokereval.compat.eval7.cards import Card, ranks
>>> Card("Td").rank == ranks.index("T")
True
"""

from __future__ import annotations

import random as _random
from collections.abc import Iterable

from ...cards import RANKS, SUITS

__all__ = ["Card", "Deck", "ranks", "suits"]

ranks = tuple(RANKS)
suits = tuple(SUITS)


class Card(int):
    """An eval7 card: ``Card("As")``, with ``mask`` = 1 << (13 * suit + rank).

    It is an int (the pokereval id 4 * rank + suit) only so that lists of Cards go to the
    core unconverted; it compares, hashes and prints as eval7's Card does.

    >>> c = Card("As")
    >>> c, str(c), c.rank, c.suit, c.mask == 1 << 51, c == Card("As"), c == 51
    (Card("As"), 'As', 12, 3, True, True, False)
    """

    __slots__ = ()

    def __new__(cls, card_string: str) -> Card:
        if isinstance(card_string, str) and len(card_string) >= 2:
            rank, suit = _RANK_OF.get(card_string[0]), _SUIT_OF.get(card_string[1])
            if rank is not None and suit is not None:
                # The shared instance; a subclass's own (eval7's Card can be subclassed).
                return _DECK[4 * rank + suit] if cls is Card else int.__new__(cls, 4 * rank + suit)
        raise ValueError(f"bad card {card_string!r}: a rank of {RANKS} then a suit of {SUITS}")

    @property
    def rank(self) -> int:
        """The rank 0..12 (2..A)."""
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """The suit 0..3 (c, d, h, s)."""
        return int(self) & 3

    @property
    def mask(self) -> int:
        """eval7's mask: bit 13 * suit + rank."""
        return 1 << (13 * (int(self) & 3) + (int(self) >> 2))

    def __str__(self) -> str:
        return RANKS[int(self) >> 2] + SUITS[int(self) & 3]

    def __repr__(self) -> str:
        return f'Card("{self}")'

    def __bool__(self) -> bool:  # every card is true, 2c (id 0) too, as eval7's objects are
        return True

    def __format__(self, spec: str) -> str:  # as an object's: the text, and no format spec
        if spec:
            raise TypeError("unsupported format string passed to eval7.cards.Card.__format__")
        return str(self)

    def __hash__(self) -> int:
        return self.mask

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and int(self) == int(other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    # eval7's order, kept as it is: "greater" if the rank or the suit is greater.
    def _gt(self, other: object) -> bool:
        if not isinstance(other, Card):
            raise TypeError(f"Cannot compare {self!r} and {other!r}")
        return self.rank > other.rank or self.suit > other.suit

    def __gt__(self, other: object) -> bool:
        return self._gt(other)

    def __ge__(self, other: object) -> bool:
        return self._gt(other) or self == other

    def __lt__(self, other: object) -> bool:
        return not (self._gt(other) or self == other)

    def __le__(self, other: object) -> bool:
        return not self._gt(other)

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:
        return (type(self), (str(self),))


_RANK_OF = {char: rank for rank, char in enumerate(RANKS)}
_SUIT_OF = {char: suit for suit, char in enumerate(SUITS)}
_DECK: tuple[Card, ...] = tuple(int.__new__(Card, card_id) for card_id in range(52))


def _card_id(card: object) -> int:
    """The pokereval id of one of our Cards or of anything with eval7's ``mask``."""
    if isinstance(card, Card):
        return int(card)
    mask = getattr(card, "mask", None)
    if isinstance(mask, int) and mask > 0 and mask & (mask - 1) == 0 and mask.bit_length() <= 52:
        bit = mask.bit_length() - 1
        return 4 * (bit % 13) + bit // 13
    raise TypeError(f"{card!r} is not an eval7 Card")


def _ids(cards: Iterable[object]) -> list[Card]:
    return [_DECK[_card_id(card)] for card in cards]


class Deck:
    """eval7's Deck: 52 Cards 2c 2d 2h 2s 3c ..; shuffled and sampled with the global random.

    >>> d = Deck()
    >>> len(d), d.peek(2), d.deal(1), len(d)
    (52, [Card("2c"), Card("2d")], [Card("2c")], 51)
    """

    def __init__(self) -> None:
        self.cards: list[Card] = list(_DECK)

    def __repr__(self) -> str:
        return f"Deck({self.cards})"

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, i: int) -> Card:
        return self.cards[i]

    def shuffle(self) -> None:
        """Put the cards in random order (random.shuffle)."""
        _random.shuffle(self.cards)

    def deal(self, n: int) -> list[Card]:
        """Take the top n cards off the deck."""
        dealt = self.peek(n)
        del self.cards[:n]
        return dealt

    def peek(self, n: int) -> list[Card]:
        """The top n cards, left in the deck."""
        if n > len(self.cards):
            raise ValueError("Insufficient cards in deck")
        return self.cards[:n]

    def sample(self, n: int) -> list[Card]:
        """n random cards (random.sample), left in the deck."""
        if n > len(self.cards):
            raise ValueError("Insufficient cards in deck")
        return _random.sample(self.cards, n)
