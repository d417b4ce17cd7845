"""An eval7-compatible face over pokereval: ``from pokereval.compat import eval7``.

The names of eval7 (0.1.x) with eval7's answers, computed by pokereval:

- ``evaluate(cards)`` gives eval7's own value: the category in bits 24 and up (0 high
  card .. 8 straight flush) and the ranks that decide, 0..12, four bits each from bit 16
  down (a straight gives only its top card, 3 for the wheel).  So stored eval7 numbers and
  ``handtype`` keep working.
- ``Card``, ``Deck`` (``shuffle`` with the global ``random``, ``deal``, ``peek``,
  ``sample``), ``HandRange`` with eval7's range syntax and weights (``"JJ+, 0.6(AK), 40%(ATs+)"``).
- ``py_hand_vs_range_exact``, ``py_hand_vs_range_monte_carlo`` and
  ``py_all_hands_vs_range``, in eval7's argument order, on :func:`pokereval.equity`.
  Like eval7 they ignore range weights and answer in single precision.

A ``Card`` is an int whose value is the pokereval card id (eval7's ``mask``, ``rank``,
``suit``, string, hash and comparisons are all there), so a list of them goes into the
C core as it is.  eval7's own Cards are read too.

>>> hand = [Card(c) for c in ("As", "Ks", "Qs", "Js", "Ts", "2d", "3c")]
>>> evaluate(hand), handtype(evaluate(hand))
(135004160, 'Straight Flush')
>>> handtype(evaluate(map(Card, ("Kc", "Kd", "Kh", "2c", "2d"))))
'Full House'
"""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Union

import numpy as np

from ..api import evaluate as _pe_evaluate
from ..cards import RANKS, SUITS
from ..equity import equity as _equity
from ..fast import evaluate_cards
from ..ranges import Range
from ._classes import class_ids, class_rows

__all__ = [
    "Card",
    "Deck",
    "HandRange",
    "RangeStringError",
    "evaluate",
    "handtype",
    "py_all_hands_vs_range",
    "py_hand_vs_range_exact",
    "py_hand_vs_range_monte_carlo",
    "ranks",
    "suits",
]

ranks = tuple(RANKS)
suits = tuple(SUITS)

_HANDTYPE_SHIFT = 24
_evaluate_cards: Callable[[Any], int] = evaluate_cards


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
                return _DECK[4 * rank + suit]
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
        return (Card, (str(self),))


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


# ---- evaluate ------------------------------------------------------------------------------


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
    """eval7's value of 5 to 7 cards: greater is stronger, the category in bits 24 and up."""
    try:
        return _VALUE[_evaluate_cards(cards)]
    except TypeError:
        return _VALUE[_evaluate_cards(_ids(cards))]


_HANDTYPES = ("High Card", "Pair", "Two Pair", "Trips", "Straight", "Flush", "Full House", "Quads")


def handtype(value: int) -> str:
    """eval7's name for the category of a value.

    >>> handtype(evaluate([Card(c) for c in ("As", "Ad", "Kh", "Kc", "2d")]))
    'Two Pair'
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"an eval7 value is an int, got {type(value).__name__}")
    if not 0 <= value < 1 << 32:
        raise OverflowError(f"value {value} is not an unsigned 32-bit int")
    ht = value >> _HANDTYPE_SHIFT
    return _HANDTYPES[ht] if ht < len(_HANDTYPES) else "Straight Flush"


# ---- Deck ----------------------------------------------------------------------------------


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
        random.shuffle(self.cards)

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
        return random.sample(self.cards, n)


# ---- HandRange -----------------------------------------------------------------------------


class RangeStringError(ValueError):
    """A range string eval7's grammar does not read."""


Token = tuple[str, float]
Hand = tuple[Card, Card]

_WEIGHT = re.compile(r"\s*((?:[1-9][0-9]*(?:\.[0-9]*)?|0?\.[0-9]+)%?)\s*\((.*)\)\s*$", re.S)
_HANDTYPE = r"[2-9TJQKAtjqka]{2}[so]?"
_GROUP = re.compile(
    rf"\s*(?:(?P<tag>#\w+#)|(?P<hand>[2-9TJQKAtjqka][cdhs][2-9TJQKAtjqka][cdhs])"
    rf"|(?P<bot>{_HANDTYPE})\s*(?:(?P<plus>\+)|-\s*(?P<top>{_HANDTYPE}))?)\s*$"
)


def _split(text: str) -> list[str]:
    """Split on commas outside parentheses."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _suitedness(token: str) -> str:
    """s suited, o offsuit, p pair, n either."""
    if token[0] == token[1]:
        if len(token) == 3:
            raise RangeStringError(f"Pairs cannot have suitedness: {token!r}")
        return "p"
    return token[2] if len(token) == 3 else "n"


def _normal(token: str) -> str:
    if len(token) == 4:  # one hand: the higher card first
        first = (_RANK_OF[token[0].upper()], _SUIT_OF[token[1]])
        second = (_RANK_OF[token[2].upper()], _SUIT_OF[token[3]])
        if first == second:
            raise RangeStringError(f"Invalid Token: {token}")
        hi, lo = max(first, second), min(first, second)
        return RANKS[hi[0]] + SUITS[hi[1]] + RANKS[lo[0]] + SUITS[lo[1]]
    kind = _suitedness(token)
    high, low = sorted((_RANK_OF[token[0].upper()], _RANK_OF[token[1].upper()]), reverse=True)
    return RANKS[high] + RANKS[low] + kind


def _expand(group: re.Match[str]) -> list[str]:
    """The tokens of one group, as eval7 lists them ('n' becomes 'o' then 's')."""
    if group["tag"]:
        return [group["tag"]]
    if group["hand"]:
        return [_normal(group["hand"])]
    bottom = _normal(group["bot"])
    kind = bottom[2]
    if group["plus"]:
        lo = (_RANK_OF[bottom[0]], _RANK_OF[bottom[1]])
        hi = (12, 12) if kind == "p" else (lo[0], lo[0] - 1)
    elif group["top"]:
        top = _normal(group["top"])
        if top[2] != kind:
            raise RangeStringError(f"Suitedness mismatch: {group['bot']!r} {group['top']!r}")
        lo, hi = (_RANK_OF[bottom[0]], _RANK_OF[bottom[1]]), (_RANK_OF[top[0]], _RANK_OF[top[1]])
        if hi[1] < lo[1]:
            lo, hi = hi, lo
    else:
        lo = hi = (_RANK_OF[bottom[0]], _RANK_OF[bottom[1]])
    if kind != "p" and hi[0] != lo[0]:
        raise RangeStringError(f"Top card mismatch: {group['bot']!r} {group['top']!r}")
    tokens = []
    for low in range(lo[1], hi[1] + 1):
        base = RANKS[low] * 2 if kind == "p" else RANKS[hi[0]] + RANKS[low]
        tokens += [base + "o", base + "s"] if kind == "n" else [base if kind == "p" else base + kind]
    return tokens


def _tokens(text: str) -> list[Token]:
    if not isinstance(text, str):
        raise RangeStringError(f"a range is a string, got {type(text).__name__}")
    if not text.strip():
        return []
    tokens: list[Token] = []
    for item in _split(text):
        weighted = _WEIGHT.match(item)
        weight, body = 1.0, item
        if weighted:
            number = weighted[1]
            weight = float(number.rstrip("%")) / (100.0 if number.endswith("%") else 1.0)
            body = weighted[2]
        for part in _split(body):
            group = _GROUP.match(part)
            if group is None:
                raise RangeStringError(f"Failed to parse string: {part.strip()!r} in {text!r}")
            tokens += [(token, weight) for token in _expand(group)]
    return tokens


def _token_hands(token: str) -> list[Hand]:
    """The hands of one token in eval7's order (suits c, d, h, s)."""
    if token[0] == "#":
        return []
    if len(token) == 4:
        return [(Card(token[:2]), Card(token[2:]))]
    high, low, kind = _RANK_OF[token[0]], _RANK_OF[token[1]], _suitedness(token)
    hands = []
    for s1 in range(4):
        if kind == "s":
            hands.append((_DECK[4 * high + s1], _DECK[4 * low + s1]))
        elif kind == "p":
            hands += [(_DECK[4 * high + s2], _DECK[4 * high + s1]) for s2 in range(s1 + 1, 4)]
        else:
            hands += [(_DECK[4 * high + s1], _DECK[4 * low + s2]) for s2 in range(4) if s2 != s1]
    return hands


class HandRange:
    """eval7's weighted range: ``hands`` lists ((Card, Card), weight) in eval7's order.

    >>> r = HandRange("QQ+, 0.5(AKs), 40%(A5s-A2s), AhKd")
    >>> len(r), r.tokens[:4], r.hands[-1]
    (39, [('QQ', 1.0), ('KK', 1.0), ('AA', 1.0), ('AKs', 0.5)], ((Card("Ah"), Card("Kd")), 1.0))
    """

    _range: Range | None = None  # the options as a pokereval Range, made on first use

    def __init__(self, s: str) -> None:
        self.string = s
        self.tokens = _tokens(s)
        self.hands: list[tuple[Hand, float]] = [
            (hand, weight) for token, weight in self.tokens for hand in _token_hands(token)
        ]

    def __iter__(self) -> Iterator[tuple[Hand, float]]:
        return iter(self.hands)

    def __len__(self) -> int:
        return len(self.hands)


# ---- equity --------------------------------------------------------------------------------

Villain = Union[HandRange, Sequence[tuple[Sequence[Any], float]]]


def _single(value: float) -> float:
    """eval7 keeps equities in a C float: round as it does."""
    return float(np.float32(value))


def _range_of(villain: Villain) -> Range | None:
    """The villain's options as a Range (kept on a HandRange for its next use).  eval7 drops
    the weights but counts an option listed twice twice: the weight here is that count,
    scaled to 1.  Options that hold a dead card are left out by the equity engine."""
    cached: Range | None = getattr(villain, "_range", None)
    if cached is not None:
        return cached
    counts: dict[tuple[int, int], int] = {}
    for option, _weight in villain:
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
        villain._range = villain_range
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

    >>> board = map(Card, ("2c", "7d", "9h", "Js", "Ks"))
    >>> py_hand_vs_range_exact(map(Card, ("As", "Ad")), HandRange("KK"), board)
    0.0
    """
    hand, board = [_card_id(c) for c in py_hand], [_card_id(c) for c in py_board]
    return _hand_equity(hand, _range_of(py_villain), board, None)


def py_hand_vs_range_monte_carlo(
    py_hand: Sequence[Any], py_villain: Villain, py_board: Sequence[Any], py_iterations: int
) -> float:
    """The hand's equity against the range, from py_iterations random runouts.

    >>> e = py_hand_vs_range_monte_carlo(map(Card, ("As", "Ad")), HandRange("KK"), [], 20000)
    >>> 0.79 < e < 0.85
    True
    """
    hand, board = [_card_id(c) for c in py_hand], [_card_id(c) for c in py_board]
    return _hand_equity(hand, _range_of(py_villain), board, int(py_iterations))


def py_all_hands_vs_range(
    py_hero: Villain, py_villain: Villain, py_board: Sequence[Any], py_iterations: int
) -> dict[Any, float]:
    """Each hero hand -> its equity against the villain's range, as
    :func:`py_hand_vs_range_exact` on a full board, else with py_iterations random runouts.
    Hands that no villain option can face are left out, and so (unlike eval7, whose
    answer for them is noise) are hands that hold a board card.

    >>> board = map(Card, ("2c", "7d", "9h", "Js", "3s"))
    >>> eq = py_all_hands_vs_range(HandRange("AA"), HandRange("KK"), board, 1000)
    >>> len(eq), set(eq.values())
    (6, {1.0})
    """
    board = [_card_id(c) for c in py_board]
    villain = _range_of(py_villain)
    samples = None if len(board) == 5 else int(py_iterations)
    result: dict[Any, float] = {}
    for hand_key, _weight in py_hero:
        hand = [_card_id(c) for c in hand_key]
        if not set(hand) & set(board):
            with contextlib.suppress(ZeroDivisionError):  # no option can face this hand
                result[hand_key] = _hand_equity(hand, villain, board, samples)
    return result
