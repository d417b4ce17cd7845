"""Slow, obviously-correct reference evaluators written from the rules of poker.

This module is the independent oracle that pokereval is tested against, so it imports nothing from
pokereval and nothing outside the standard library, and it prefers the plainest code that states a rule
over anything fast.  Every evaluator finds the best hand by trying every allowed choice of cards.

Cards are ints 0..51, id = 4*rank + suit, rank 0..12 = 2,3,...,K,A and suit 0..3 = c,d,h,s (the
project's one numbering).  ``ref_cards`` reads plain text such as "As Kd" or "AsKd".

Every evaluator returns a tuple: a greater tuple is the stronger (or, in the low games, the better) hand
and equal tuples split the pot.  Tuples are only comparable within one function (one game).  In the
high games the first element is the category and the rest are ranks 0..12 (ace = 12); in the low games
the elements are negated so that "lower is better" still reads as "greater tuple wins".
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import combinations

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
ACE = 12
SIX = 4  # rank index of the six, the lowest rank of the short deck

# Hold'em categories, weakest first (the same numbers as pokereval.Category).
HIGH_CARD = 0
ONE_PAIR = 1
TWO_PAIR = 2
THREE_OF_A_KIND = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 6
FOUR_OF_A_KIND = 7
STRAIGHT_FLUSH = 8
ROYAL_FLUSH = 9

CATEGORY_NAMES = (
    "HIGH_CARD",
    "ONE_PAIR",
    "TWO_PAIR",
    "THREE_OF_A_KIND",
    "STRAIGHT",
    "FLUSH",
    "FULL_HOUSE",
    "FOUR_OF_A_KIND",
    "STRAIGHT_FLUSH",
    "ROYAL_FLUSH",
)

# Short deck ranks the same categories in a different order, weakest first: with 16 cards removed a
# flush is rarer than a full house, so it ranks above it.  Only those two trade places.
SHORTDECK_ORDER = (
    HIGH_CARD,
    ONE_PAIR,
    TWO_PAIR,
    THREE_OF_A_KIND,
    STRAIGHT,
    FULL_HOUSE,
    FLUSH,
    FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
    ROYAL_FLUSH,
)

# The other short-deck ranking, kept by many rooms: three of a kind beats a straight (a flush still
# beats a full house, and A-6-7-8-9 is still the lowest straight).  Only trips and straight move.
SHORTDECK_TRIPS_ORDER = (
    HIGH_CARD,
    ONE_PAIR,
    TWO_PAIR,
    STRAIGHT,
    THREE_OF_A_KIND,
    FULL_HOUSE,
    FLUSH,
    FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
    ROYAL_FLUSH,
)

# ---------------------------------------------------------------------------------------------------
# Cards


def rank_of(card: int) -> int:
    """Rank 0..12 (2..A) of a card id."""
    return card // 4


def suit_of(card: int) -> int:
    """Suit 0..3 (c, d, h, s) of a card id."""
    return card % 4


def card_str(card: int) -> str:
    """Two-character text of a card id, e.g. 51 -> "As"."""
    return RANK_CHARS[rank_of(card)] + SUIT_CHARS[suit_of(card)]


def cards_str(cards: Iterable[int]) -> str:
    """Space-separated text of card ids, for assertion messages."""
    return " ".join(card_str(card) for card in cards)


def ref_cards(text: str) -> list[int]:
    """Parse plain card text into ids: two-character tokens such as "As" or "Td", rank from
    23456789TJQKA and suit from cdhs, separated by spaces or written together ("AsKd").

    This parser is deliberately independent of pokereval's, so tests can spell hands as text without
    trusting the code under test.  A malformed token or a repeated card raises ValueError.

    >>> ref_cards("As Kd 2c")
    [51, 45, 0]
    >>> ref_cards("AsKd") == ref_cards("As Kd")
    True
    """
    cards: list[int] = []
    for word in text.split():
        if len(word) % 2:
            raise ValueError(f"cannot split {word!r} into two-character cards")
        for start in range(0, len(word), 2):
            token = word[start : start + 2]
            rank = RANK_CHARS.find(token[0])
            suit = SUIT_CHARS.find(token[1])
            if rank < 0 or suit < 0:
                raise ValueError(f"bad card token {token!r} in {text!r}")
            card = 4 * rank + suit
            if card in cards:
                raise ValueError(f"duplicate card {token!r} in {text!r}")
            cards.append(card)
    return cards


def _checked(cards: Iterable[int], sizes: Sequence[int], *, lowest_rank: int = 0) -> list[int]:
    """The cards as a list, after checking ids, duplicates and the card count."""
    hand = list(cards)
    for card in hand:
        if not isinstance(card, int) or not 0 <= card < 52:
            raise ValueError(f"card id {card!r} is not an int in 0..51")
        if rank_of(card) < lowest_rank:
            raise ValueError(f"card {card_str(card)} is not in this game's deck")
    if len(set(hand)) != len(hand):
        raise ValueError(f"duplicate card in {cards_str(hand)}")
    if len(hand) not in sizes:
        raise ValueError(f"{len(hand)} cards given, expected {' or '.join(map(str, sizes))}")
    return hand


def _grouped_ranks(ranks: Iterable[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Group equal ranks: (group sizes, group ranks), both ordered by size, then rank, high first.

    That order is the tiebreak order of every pairing category: quads then kicker, trips then pair,
    high pair then low pair then kicker, pair then kickers high to low, and for no pair every rank
    from high to low.  E.g. K K K Q Q -> ((3, 2), (K, Q)).
    """
    groups = sorted(((count, rank) for rank, count in Counter(ranks).items()), reverse=True)
    return tuple(count for count, _ in groups), tuple(rank for _, rank in groups)


# The category of a hand from its group sizes alone (no straight, no flush).
_PAIRING_CATEGORY = {
    (1, 1, 1, 1, 1): HIGH_CARD,
    (2, 1, 1, 1): ONE_PAIR,
    (2, 2, 1): TWO_PAIR,
    (3, 1, 1): THREE_OF_A_KIND,
    (3, 2): FULL_HOUSE,
    (4, 1): FOUR_OF_A_KIND,
}


def _straight_top(ranks: Sequence[int], sequences: Sequence[tuple[int, ...]]) -> int | None:
    """The top card's rank if the five ranks form one of `sequences` (each listed top card first)."""
    rank_set = set(ranks)
    for sequence in sequences:
        if rank_set == set(sequence):
            return sequence[0]
    return None


# Hold'em straights, top card first: T-J-Q-K-A down to the wheel 5-4-3-2-A, whose top card is the five
# (the ace plays low only here).  No wrap-around: Q-K-A-2-3 is not listed, so it is not a straight.
HOLDEM_STRAIGHTS = (
    *(tuple(range(top, top - 5, -1)) for top in range(ACE, 3, -1)),
    (3, 2, 1, 0, ACE),
)
# Deuce-to-seven: the ace is high only, so the wheel is no straight (A-5-4-3-2 is just ace high).
DEUCE_SEVEN_STRAIGHTS = HOLDEM_STRAIGHTS[:-1]
# Short deck (6..A): the ace plays low under the six, so A-6-7-8-9 is the lowest straight, top card 9.
SHORTDECK_STRAIGHTS = (
    *(tuple(range(top, top - 5, -1)) for top in range(ACE, SIX + 3, -1)),
    (SIX + 3, SIX + 2, SIX + 1, SIX, ACE),
)


def _high_value(hand: Sequence[int], straights: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """(Hold'em category, tiebreak ranks...) of exactly five cards, given the game's straights.

    A flush is five cards of one suit; a straight is five ranks in sequence; both together are a
    straight flush, and the ace-high straight flush is a royal flush.  Straights (flush or not) tie on
    their top card alone; every other hand ties on its grouped ranks (see _grouped_ranks).  Suits
    never break a tie.
    """
    ranks = [rank_of(card) for card in hand]
    is_flush = len({suit_of(card) for card in hand}) == 1
    top = _straight_top(ranks, straights)
    if top is not None and is_flush:
        return (ROYAL_FLUSH, top) if top == ACE else (STRAIGHT_FLUSH, top)
    sizes, group_ranks = _grouped_ranks(ranks)
    category = _PAIRING_CATEGORY[sizes]
    if category in (FULL_HOUSE, FOUR_OF_A_KIND):
        return (category, *group_ranks)  # five distinct ranks are needed for a flush or straight
    if is_flush:
        return (FLUSH, *group_ranks)
    if top is not None:
        return (STRAIGHT, top)
    return (category, *group_ranks)


# ---------------------------------------------------------------------------------------------------
# Hold'em / stud high


def high5(cards: Iterable[int]) -> tuple[int, ...]:
    """Value of exactly five cards under standard high-hand rules.

    Categories, weakest first: high card, one pair, two pair, three of a kind, straight, flush, full
    house, four of a kind, straight flush, royal flush (the ace-high straight flush, kept as its own
    category 9).  A-2-3-4-5 is the lowest straight (top card 5); there is no wrap-around.  Ties: a
    straight by its top card; quads by rank then kicker; a full house by trips then pair; flush and
    high card by all five ranks, high to low; two pair by high pair, low pair, kicker; one pair by its
    rank then the three kickers; suits never rank.

    >>> high5(ref_cards("Kc Kd Kh 2s 2c"))  # kings full of deuces
    (6, 11, 0)
    """
    return _high_value(_checked(cards, (5,)), HOLDEM_STRAIGHTS)


def best_high_five(cards: Iterable[int]) -> list[int]:
    """One five-card subset of 5..7 cards with the greatest high5 value (the first found)."""
    hand = _checked(cards, (5, 6, 7))
    return list(max(combinations(hand, 5), key=lambda five: _high_value(list(five), HOLDEM_STRAIGHTS)))


def best_high(cards: Iterable[int]) -> tuple[int, ...]:
    """Value of 5..7 cards (hold'em, seven-card stud): the best high5 over every five-card subset.

    >>> best_high(ref_cards("As Ks Qs Js Ts 2c 3d"))
    (9, 12)
    """
    hand = _checked(cards, (5, 6, 7))
    return max(_high_value(five, HOLDEM_STRAIGHTS) for five in combinations(hand, 5))


def category_of(cards: Iterable[int]) -> int:
    """Hold'em category 0..9 of the best five of 5..7 cards."""
    return best_high(cards)[0]


# ---------------------------------------------------------------------------------------------------
# Short deck


def shortdeck5(cards: Iterable[int]) -> tuple[int, ...]:
    """Short-deck (6+) value of exactly five cards from the 36-card deck 6..A.

    As hold'em except: a flush beats a full house (SHORTDECK_ORDER), and the ace plays low only in
    A-6-7-8-9, the lowest straight (top card 9).  A straight still beats three of a kind and the royal
    flush is still on top.  The first element is the position in SHORTDECK_ORDER, not the hold'em
    category number; shortdeck_category maps it back.
    """
    hand = _checked(cards, (5,), lowest_rank=SIX)
    category, *tiebreak = _high_value(hand, SHORTDECK_STRAIGHTS)
    return (SHORTDECK_ORDER.index(category), *tiebreak)


def best_shortdeck(cards: Iterable[int]) -> tuple[int, ...]:
    """Short-deck value of 5..7 cards: the best shortdeck5 over every five-card subset."""
    hand = _checked(cards, (5, 6, 7), lowest_rank=SIX)
    return max(shortdeck5(five) for five in combinations(hand, 5))


def shortdeck_category(value: tuple[int, ...]) -> int:
    """Hold'em category number (0..9) of a shortdeck5 / best_shortdeck value."""
    return SHORTDECK_ORDER[value[0]]


def shortdeck_trips5(cards: Iterable[int]) -> tuple[int, ...]:
    """Short deck with three of a kind above a straight (SHORTDECK_TRIPS_ORDER): exactly five cards.

    The first element is the position in SHORTDECK_TRIPS_ORDER; shortdeck_trips_category maps it back.
    """
    hand = _checked(cards, (5,), lowest_rank=SIX)
    category, *tiebreak = _high_value(hand, SHORTDECK_STRAIGHTS)
    return (SHORTDECK_TRIPS_ORDER.index(category), *tiebreak)


def best_shortdeck_trips(cards: Iterable[int]) -> tuple[int, ...]:
    """shortdeck-trips value of 5..7 cards: the best shortdeck_trips5 over every five-card subset."""
    hand = _checked(cards, (5, 6, 7), lowest_rank=SIX)
    return max(shortdeck_trips5(five) for five in combinations(hand, 5))


def shortdeck_trips_category(value: tuple[int, ...]) -> int:
    """Hold'em category number (0..9) of a shortdeck_trips5 / best_shortdeck_trips value."""
    return SHORTDECK_TRIPS_ORDER[value[0]]


# ---------------------------------------------------------------------------------------------------
# Omaha


def _omaha_picks(hole: Iterable[int], board: Iterable[int]) -> list[tuple[int, ...]]:
    """Every five-card hand Omaha allows: exactly two hole cards with exactly three board cards."""
    hole_cards = _checked(hole, (4, 5, 6))
    board_cards = _checked(board, (3, 4, 5))
    _checked(hole_cards + board_cards, range(7, 12))  # no card both in the hole and on the board
    return [h + b for h in combinations(hole_cards, 2) for b in combinations(board_cards, 3)]


def omaha_high(hole: Iterable[int], board: Iterable[int]) -> tuple[int, ...]:
    """Omaha high: the best high5 using exactly two of the 4..6 hole cards and three of the 3..5 board
    cards (so one suited hole card with four suited board cards is no flush)."""
    return max(_high_value(five, HOLDEM_STRAIGHTS) for five in _omaha_picks(hole, board))


def _ace_low(card: int) -> int:
    """Face value with the ace low: A = 1, 2 = 2, ..., K = 13."""
    return 1 if rank_of(card) == ACE else rank_of(card) + 2


def low8(cards: Iterable[int]) -> tuple[int, ...] | None:
    """A-5 low, eight or better, of exactly five cards; None if the hand does not qualify.

    It qualifies with five different ranks, all eight or lower, the ace counting as one; straights and
    flushes do not count against it.  Lows compare by the highest card first, then the next (lower is
    better), so the value is the faces high to low, negated: 5-4-3-2-A -> (-5, -4, -3, -2, -1) is the
    best, 8-7-6-5-4 the worst of the 56 lows.
    """
    faces = sorted((_ace_low(card) for card in _checked(cards, (5,))), reverse=True)
    if len(set(faces)) != 5 or faces[0] > 8:
        return None
    return tuple(-face for face in faces)


def stud_hilo(cards: Iterable[int]) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """Seven-card stud eight-or-better of 5..7 cards: (high, low).

    Each half is chosen on its own from every five-card subset: the high as best_high, the low the
    best low8 of any five (so one card may play in both), None when no five qualify.
    """
    hand = _checked(cards, (5, 6, 7))
    lows = [low for low in map(low8, combinations(hand, 5)) if low is not None]
    return best_high(hand), max(lows) if lows else None


def omaha_low(hole: Iterable[int], board: Iterable[int]) -> tuple[int, ...] | None:
    """Omaha eight-or-better low: the best low8 using exactly two hole and three board cards; None if
    no such pick qualifies (e.g. a board with fewer than three different low ranks)."""
    lows = [low for low in map(low8, _omaha_picks(hole, board)) if low is not None]
    return max(lows) if lows else None


# ---------------------------------------------------------------------------------------------------
# Lowball


def _razz5(hand: Sequence[int]) -> tuple[int, ...]:
    """A-5 low value of five cards: the hand as a high hand with the ace low and straights and flushes
    ignored (pairing category, then grouped ranks), negated so the weakest high hand is the best low."""
    sizes, group_faces = _grouped_ranks(_ace_low(card) for card in hand)
    return tuple(-x for x in (_PAIRING_CATEGORY[sizes], *group_faces))


def razz(cards: Iterable[int]) -> tuple[int, ...]:
    """Razz (A-5 lowball) value of 5..7 cards: the best low over every five-card subset.

    The ace is low, straights and flushes are ignored, and pairs count against: any unpaired hand beats
    any one-pair hand, one pair beats two pair, two pair beats trips, trips beat a full house, a full
    house beats quads.  Within a pairing class the hand that is lower as a high hand is better, e.g.
    unpaired hands by their highest card, then the next.  5-4-3-2-A is the best hand.
    """
    hand = _checked(cards, (5, 6, 7))
    return max(_razz5(five) for five in combinations(hand, 5))


def deuce_seven(cards: Iterable[int]) -> tuple[int, ...]:
    """Deuce-to-seven lowball value of exactly five cards.

    The hand that is weakest as a high hand wins, where the ace is high only (A-2-3-4-5 is not a
    straight but ace high) and straights and flushes count against the hand.  So the value is the
    high-hand value under those rules, negated: the best hand is 7-5-4-3-2 not all of one suit, and
    7-5-4-3-2 all of one suit is a flush.
    """
    return tuple(-x for x in _high_value(_checked(cards, (5,)), DEUCE_SEVEN_STRAIGHTS))


def badugi(cards: Iterable[int]) -> tuple[int, ...]:
    """Badugi value of exactly four cards.

    The hand plays its largest subset whose cards all have different ranks and different suits (a
    badugi).  The ace is low.  More cards beat fewer; among hands of the same size the highest card
    decides, then the next (lower is better).  Value: (size, then the ace-low faces high to low,
    negated), the best over every valid subset of the largest size.  A-2-3-4 in four suits is the best
    hand.
    """
    hand = _checked(cards, (4,))
    best: tuple[int, ...] | None = None
    for size in range(4, 0, -1):
        for subset in combinations(hand, size):
            if len({rank_of(c) for c in subset}) == size and len({suit_of(c) for c in subset}) == size:
                faces = sorted((_ace_low(card) for card in subset), reverse=True)
                value = (size, *(-face for face in faces))
                if best is None or value > best:
                    best = value
        if best is not None:
            return best
    raise AssertionError("unreachable: any single card is a one-card badugi")


def harville(stacks: list[float], payouts: list[float]) -> list[Fraction]:
    """Each player's prize over every finishing order, in exact fractions."""
    chips = [Fraction(s) for s in stacks]
    equity = [Fraction(0)] * len(chips)
    for order in itertools.permutations(range(len(chips))):
        p, left = Fraction(1), sum(chips)
        for player in order:
            p *= chips[player] / left
            left -= chips[player]
        for place, player in enumerate(order[: len(payouts)]):
            equity[player] += p * Fraction(payouts[place])
    return equity
