"""Checks of tests/reference.py against facts that do not come from it.

The reference evaluator is the oracle for everything else, so it is checked here against published
counts, counts derived by hand from combinatorics (the derivation is in the comment), and rule examples
written out as cards.  Nothing here imports pokereval.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Any

import pytest
import reference as ref
from reference import ref_cards

# ---------------------------------------------------------------------------------------------------
# Helpers


def rank_class_hands() -> Iterator[list[int]]:
    """One hand for every five-card rank multiset (at most four of a rank),
    plus, when the five ranks differ, a second hand with all five in one suit.

    Suits never break ties, so these hands reach every distinct value of every five-card game: the
    only thing suits can change is whether the hand is a flush.
    """
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        if len(set(ranks)) == 5:
            yield [4 * rank for rank in ranks]  # all clubs: a flush
            yield [4 * ranks[0] + 1] + [4 * rank for rank in ranks[1:]]  # one diamond: no flush
        else:
            seen: Counter[int] = Counter()
            hand = []
            for rank in ranks:
                hand.append(4 * rank + seen[rank])  # the i-th card of a rank takes suit i
                seen[rank] += 1
            yield hand


@cache
def distinct_values(evaluate: Callable[[list[int]], Any]) -> frozenset[Any]:
    """Every distinct value `evaluate` gives a five-card hand (cached: several tests reuse it)."""
    return frozenset(evaluate(hand) for hand in rank_class_hands())


def _low8(text: str) -> tuple[int, ...]:
    low = ref.low8(ref_cards(text))
    assert low is not None, text
    return low


def beats(evaluate: Callable[[list[int]], Any], a: str, b: str) -> bool:
    return bool(evaluate(ref_cards(a)) > evaluate(ref_cards(b)))


def ties(evaluate: Callable[[list[int]], Any], a: str, b: str) -> bool:
    return bool(evaluate(ref_cards(a)) == evaluate(ref_cards(b)))


def holdem(hole: str, board: str) -> tuple[int, ...]:
    return ref.best_high(ref_cards(hole) + ref_cards(board))


# ---------------------------------------------------------------------------------------------------
# The parser


def test_ref_cards_ids_follow_the_project_numbering() -> None:
    assert ref_cards("2c 2d 2h 2s") == [0, 1, 2, 3]
    assert ref_cards("As") == [51]
    assert ref_cards("Td") == [4 * 8 + 1]
    assert ref_cards("AsKd") == ref_cards("As Kd") == [51, 45]
    assert ref_cards("  Qh\tJc \n") == [4 * 10 + 2, 4 * 9 + 0]


@pytest.mark.parametrize("text", ["Ax", "1s", "as", "10s", "A", "AsK", "As As", "AsAs"])
def test_ref_cards_rejects_bad_text(text: str) -> None:
    with pytest.raises(ValueError):
        ref_cards(text)


def test_card_counts_are_checked() -> None:
    with pytest.raises(ValueError):
        ref.high5(ref_cards("As Ks Qs Js"))
    with pytest.raises(ValueError):
        ref.best_high(ref_cards("As Ks Qs Js Ts 9s 8s 7s"))
    with pytest.raises(ValueError):
        ref.best_high([51, 51, 50, 49, 48])
    with pytest.raises(ValueError):
        ref.omaha_high(ref_cards("As Ks Qs"), ref_cards("2c 3c 4c"))
    with pytest.raises(ValueError):
        ref.omaha_high(ref_cards("As Ks Qs Js"), ref_cards("As 3c 4c"))
    with pytest.raises(ValueError):
        ref.shortdeck5(ref_cards("As Ks Qs Js 5s"))
    with pytest.raises(ValueError):
        ref.badugi(ref_cards("As Kd Qh Jc Tc"))


# ---------------------------------------------------------------------------------------------------
# Hold'em five-card counts (published: e.g. Wikipedia "Poker probability", five-card frequencies)

PUBLISHED_FIVE_CARD_HANDS = {
    ref.ROYAL_FLUSH: 4,
    ref.STRAIGHT_FLUSH: 36,
    ref.FOUR_OF_A_KIND: 624,
    ref.FULL_HOUSE: 3_744,
    ref.FLUSH: 5_108,
    ref.STRAIGHT: 10_200,
    ref.THREE_OF_A_KIND: 54_912,
    ref.TWO_PAIR: 123_552,
    ref.ONE_PAIR: 1_098_240,
    ref.HIGH_CARD: 1_302_540,
}

# Distinct five-card classes per category (published with the 7,462 total; straight flush 10 there
# includes the royal flush, which is its own category here).
PUBLISHED_FIVE_CARD_CLASSES = {
    ref.ROYAL_FLUSH: 1,
    ref.STRAIGHT_FLUSH: 9,
    ref.FOUR_OF_A_KIND: 156,
    ref.FULL_HOUSE: 156,
    ref.FLUSH: 1_277,
    ref.STRAIGHT: 10,
    ref.THREE_OF_A_KIND: 858,
    ref.TWO_PAIR: 858,
    ref.ONE_PAIR: 2_860,
    ref.HIGH_CARD: 1_277,
}


@pytest.mark.slow
def test_five_card_category_counts_over_all_hands() -> None:
    counts = Counter(ref.high5(five)[0] for five in combinations(range(52), 5))
    assert sum(counts.values()) == comb(52, 5) == 2_598_960
    assert dict(counts) == PUBLISHED_FIVE_CARD_HANDS


def test_five_card_distinct_classes() -> None:
    values = distinct_values(ref.high5)
    assert len(values) == 7_462
    assert dict(Counter(value[0] for value in values)) == PUBLISHED_FIVE_CARD_CLASSES


# The weakest and the strongest hand of every category, written from the rules.  Checking each against
# the minimum and maximum over all classes pins every category boundary.
CATEGORY_BOUNDS = {
    ref.HIGH_CARD: ("7c 5d 4h 3s 2c", "Ac Kd Qh Js 9c"),
    ref.ONE_PAIR: ("2c 2d 3h 4s 5c", "Ac Ad Kh Qs Jc"),
    ref.TWO_PAIR: ("3c 3d 2h 2s 4c", "Ac Ad Kh Ks Qc"),
    ref.THREE_OF_A_KIND: ("2c 2d 2h 3s 4c", "Ac Ad Ah Ks Qc"),
    ref.STRAIGHT: ("5c 4d 3h 2s Ac", "Ac Kd Qh Js Tc"),
    ref.FLUSH: ("7c 5c 4c 3c 2c", "Ac Kc Qc Jc 9c"),
    ref.FULL_HOUSE: ("2c 2d 2h 3s 3c", "Ac Ad Ah Ks Kc"),
    ref.FOUR_OF_A_KIND: ("2c 2d 2h 2s 3c", "Ac Ad Ah As Kc"),
    ref.STRAIGHT_FLUSH: ("5c 4c 3c 2c Ac", "Kc Qc Jc Tc 9c"),
    ref.ROYAL_FLUSH: ("Ac Kc Qc Jc Tc", "As Ks Qs Js Ts"),
}


@pytest.mark.parametrize("category", sorted(CATEGORY_BOUNDS))
def test_category_bounds(category: int) -> None:
    values = [value for value in distinct_values(ref.high5) if value[0] == category]
    weakest, strongest = CATEGORY_BOUNDS[category]
    assert min(values) == ref.high5(ref_cards(weakest))
    assert max(values) == ref.high5(ref_cards(strongest))
    if category > ref.HIGH_CARD:
        assert beats(ref.high5, weakest, CATEGORY_BOUNDS[category - 1][1])


# ---------------------------------------------------------------------------------------------------
# Hold'em rule examples


def test_five_card_rule_examples() -> None:
    assert beats(ref.high5, "Kc Kd Kh 2s 2c", "Qc Qd Qh As Ac")  # full house: trips decide
    assert beats(ref.high5, "Ac Jc 9c 5c 2c", "Ad Jd 8d 7d 6d")  # flush: third card decides
    assert beats(ref.high5, "Ac Ad 2h 2s 3c", "Kc Kd Qh Qs Ac")  # two pair: top pair decides
    assert beats(ref.high5, "6c 5d 4h 3s 2c", "5c 4d 3h 2s Ac")  # wheel is below six-high straight
    assert beats(ref.high5, "5c 4d 3h 2s Ac", "Ac Ad Ah Ks Qc")  # the wheel is a straight
    assert ref.high5(ref_cards("Qc Kd Ah 2s 3c"))[0] == ref.HIGH_CARD  # no wrap-around
    assert ref.high5(ref_cards("Ac Kc Qc Jc Tc"))[0] == ref.ROYAL_FLUSH
    assert ref.high5(ref_cards("Kc Qc Jc Tc 9c"))[0] == ref.STRAIGHT_FLUSH
    assert ties(ref.high5, "Ac Kd Qh Js 9c", "As Kh Qd Jc 9s")  # suits never rank
    assert beats(ref.high5, "9c 9d 8h 7s 3c", "9h 9s 8c 7d 2c")  # pair: last kicker decides
    assert beats(ref.high5, "Tc Td 5h 5s 3c", "Th Ts 5c 5d 2c")  # two pair: kicker decides
    assert beats(ref.high5, "7c 7d 7h 7s 2c", "6c 6d 6h 6s Ac")  # quads: rank before kicker
    assert beats(ref.high5, "7c 7d 7h 7s 3c", "7c 7d 7h 7s 2c")  # then the kicker


def test_seven_card_rule_examples() -> None:
    # Two trips make a full house of the higher trips, filled by the lower.
    assert ref.best_high(ref_cards("Kc Kd Kh 5c 5d 5h 2s")) == ref.high5(ref_cards("Kc Kd Kh 5c 5d"))
    # Three pairs play the top two and the best other card (here the third pair's rank).
    assert ref.best_high(ref_cards("Ac Ad Kc Kd Qc Qd 2s")) == ref.high5(ref_cards("Ac Ad Kc Kd Qh"))
    assert ref.best_high(ref_cards("Ac Ad Kc Kd 2c 2d Qs")) == ref.high5(ref_cards("Ac Ad Kc Kd Qh"))
    # Six cards to a straight flush: the higher one plays.
    assert ref.category_of(ref_cards("9h 8h 7h 6h 5h 4h 2c")) == ref.STRAIGHT_FLUSH
    assert ref.best_high(ref_cards("9h 8h 7h 6h 5h 4h 2c")) == ref.high5(ref_cards("9h 8h 7h 6h 5h"))
    assert ref.category_of(ref_cards("As Ks Qs Js Ts 9s 8s")) == ref.ROYAL_FLUSH
    # Board J-J-J-J-9: the best kicker among hole cards and the 9 decides.
    board = "Jc Jd Jh Js 9c"
    assert holdem("Kd 7c", board) > holdem("Qd Tc", board)
    assert holdem("8d 2c", board) == holdem("6d 5c", board)  # both play the board
    assert holdem("Ad 2c", board) == holdem("Ah Kc", board)  # both play an ace kicker
    # A-2 plays two pair K K Q Q A, while K-9 makes kings full of queens.
    assert holdem("Ac 2c", "Ks Kh Qd Qc Js") < holdem("Kd 9d", "Ks Kh Qd Qc Js")
    # Both make A-K-Q-J-T.
    assert holdem("Tc 2c", "As Ah Kd Qc Js") == holdem("Td 9d", "As Ah Kd Qc Js")
    assert ref.category_of(ref_cards("Tc 2c As Ah Kd Qc Js")) == ref.STRAIGHT


def test_best_high_five_plays_the_best_value() -> None:
    for text in ("Kc Kd Kh 5c 5d 5h 2s", "As Ks Qs Js Ts 9s 8s", "7c 5d 4h 3s 2c 9d", "Ac Ad Kc Kd Qc"):
        cards = ref_cards(text)
        five = ref.best_high_five(cards)
        assert len(five) == 5 and set(five) <= set(cards)
        assert ref.high5(five) == ref.best_high(cards)
    five = ref.best_high_five(ref_cards("Kc Kd Kh 5c 5d 5h 2s"))
    assert sorted(ref.rank_of(card) for card in five) == [3, 3, 11, 11, 11]  # kings full of fives


# ---------------------------------------------------------------------------------------------------
# Short deck (36 cards, 6..A)

# Derived by hand (6 straights: A-6-7-8-9 up to T-J-Q-K-A; 9 ranks; 4 suits):
#   royal 4; straight flush 5*4 = 20; quads 9*C(8,1)*4 = 288; full house 9*4 * 8*6 = 1,728;
#   flush 4*C(9,5) - 24 = 480; straight 6*4**5 - 24 = 6,120; trips 9*4 * C(8,2)*16 = 16,128;
#   two pair C(9,2)*36 * 7*4 = 36,288; pair 9*6 * C(8,3)*64 = 193,536;
#   high card (C(9,5) - 6) * (4**5 - 4) = 122,400; total C(36,5) = 376,992.
SHORTDECK_FIVE_CARD_HANDS = {
    ref.ROYAL_FLUSH: 4,
    ref.STRAIGHT_FLUSH: 20,
    ref.FOUR_OF_A_KIND: 288,
    ref.FULL_HOUSE: 1_728,
    ref.FLUSH: 480,
    ref.STRAIGHT: 6_120,
    ref.THREE_OF_A_KIND: 16_128,
    ref.TWO_PAIR: 36_288,
    ref.ONE_PAIR: 193_536,
    ref.HIGH_CARD: 122_400,
}

# Distinct classes: high card and flush C(9,5) - 6 = 120 each; pair 9*C(8,3) = 504; two pair
# C(9,2)*7 = 252; trips 9*C(8,2) = 252; straights 6; full house and quads 9*8 = 72 each;
# straight flush 5; royal 1; total 1,404.
SHORTDECK_FIVE_CARD_CLASSES = {
    ref.ROYAL_FLUSH: 1,
    ref.STRAIGHT_FLUSH: 5,
    ref.FOUR_OF_A_KIND: 72,
    ref.FULL_HOUSE: 72,
    ref.FLUSH: 120,
    ref.STRAIGHT: 6,
    ref.THREE_OF_A_KIND: 252,
    ref.TWO_PAIR: 252,
    ref.ONE_PAIR: 504,
    ref.HIGH_CARD: 120,
}


def test_shortdeck_counts_over_all_hands() -> None:
    short_deck = [card for card in range(52) if card >= 4 * ref.SIX]
    assert len(short_deck) == 36
    values = Counter(ref.shortdeck5(five) for five in combinations(short_deck, 5))
    assert sum(values.values()) == comb(36, 5) == 376_992
    assert len(values) == 1_404 == sum(SHORTDECK_FIVE_CARD_CLASSES.values())
    hands: Counter[int] = Counter()
    classes: Counter[int] = Counter()
    for value, count in values.items():
        hands[ref.shortdeck_category(value)] += count
        classes[ref.shortdeck_category(value)] += 1
    assert dict(hands) == SHORTDECK_FIVE_CARD_HANDS
    assert dict(classes) == SHORTDECK_FIVE_CARD_CLASSES


def test_shortdeck_rule_examples() -> None:
    # A-6-7-8-9 is a straight and the lowest one.
    assert ref.shortdeck_category(ref.shortdeck5(ref_cards("Ac 6d 7h 8s 9c"))) == ref.STRAIGHT
    assert beats(ref.shortdeck5, "6c 7d 8h 9s Tc", "Ac 6d 7h 8s 9c")
    assert beats(ref.shortdeck5, "Ac 6d 7h 8s 9c", "Ac Ad Ah Ks Qc")
    # A flush beats a full house; the rest of the order is hold'em's.
    assert beats(ref.shortdeck5, "6c 7c 8c 9c Jc", "Ac Ad Ah Ks Kc")
    assert beats(ref.shortdeck5, "6c 6d 6h 6s 7c", "Ac Kc Qc Jc 9c")
    assert beats(ref.shortdeck5, "6c 6d 6h 7s 7c", "Ac Kd Qh Js Tc")
    assert beats(ref.shortdeck5, "6c 7d 8h 9s Tc", "Ac Ad Ah Ks Qc")
    assert ref.shortdeck_category(ref.shortdeck5(ref_cards("Ac 6c 7c 8c 9c"))) == ref.STRAIGHT_FLUSH
    assert ref.shortdeck_category(ref.shortdeck5(ref_cards("Ac Kc Qc Jc Tc"))) == ref.ROYAL_FLUSH
    # Seven cards.  (Seven cards never hold both a full house and a flush: the full house's five
    # cards hold at most two of one suit, leaving at most four.)
    assert ref.shortdeck_category(ref.best_shortdeck(ref_cards("Ac Ad Kc Ks 7c 8c 9c"))) == ref.FLUSH
    assert ref.shortdeck_category(ref.best_shortdeck(ref_cards("Ac Ad Ah Kc Ks 7c 8c"))) == ref.FULL_HOUSE
    assert ref.shortdeck_category(ref.best_shortdeck(ref_cards("Ac 6d 7h 8s 9c Kd Kh"))) == ref.STRAIGHT
    assert ref.best_shortdeck(ref_cards("Ac 6d 7h 8s 9c Td Kh")) == ref.shortdeck5(
        ref_cards("6d 7h 8s 9c Td")
    )


# ---------------------------------------------------------------------------------------------------
# Omaha


def test_omaha_uses_exactly_two_hole_cards() -> None:
    board = ref_cards("2s 5s 8s Js 4h")
    one_spade = ref_cards("As Kh 9d Qc")
    assert ref.best_high(one_spade[:2] + board)[0] == ref.FLUSH  # As Kh would make a flush in hold'em
    assert ref.omaha_high(one_spade, board)[0] != ref.FLUSH
    two_spades = ref_cards("As Ks 9d Qc")
    assert ref.omaha_high(two_spades, board)[0] == ref.FLUSH
    # Four aces in the hole are only a pair of aces with a board of nothing.
    assert ref.omaha_high(ref_cards("Ac Ad Ah As"), ref_cards("2c 7d 9h")) == ref.high5(
        ref_cards("Ac Ad 2c 7d 9h")
    )
    # A board straight does not play unless two hole cards join it.
    assert ref.omaha_high(ref_cards("Kc Kd 2h 2s"), ref_cards("5c 6d 7h 8s 9c"))[0] != ref.STRAIGHT
    assert ref.omaha_high(ref_cards("Tc Jd 2h 2s"), ref_cards("5c 6d 7h 8s 9c")) == ref.high5(
        ref_cards("Tc Jd 7h 8s 9c")
    )
    # Five and six hole cards, and three- and four-card boards, are allowed.
    assert ref.omaha_high(ref_cards("Ac Ad 7h 8s Qc"), ref_cards("Ah 2c 2d")) == ref.high5(
        ref_cards("Ac Ad Ah 2c 2d")
    )
    assert ref.omaha_high(ref_cards("Ac Ad 7h 8s Qc Jd"), ref_cards("Ah 2c 2d 3d")) == ref.high5(
        ref_cards("Ac Ad Ah 2c 2d")
    )


def test_low8_qualifies_from_the_rules() -> None:
    assert len(distinct_values(ref.low8) - {None}) == 56 == comb(8, 5)
    assert ref.low8(ref_cards("5c 4c 3c 2c Ac")) == max(distinct_values(ref.low8) - {None})
    assert ref.low8(ref_cards("8c 7d 6h 5s 4c")) == min(distinct_values(ref.low8) - {None})
    assert ref.low8(ref_cards("9c 4d 3h 2s Ac")) is None  # a nine is too high
    assert ref.low8(ref_cards("4c 4d 3h 2s Ac")) is None  # paired
    assert _low8("8c 5d 4h 3s 2c") > _low8("8c 6d 4h 3s 2c")
    assert _low8("7c 6d 5h 4s 3c") > _low8("8c 4d 3h 2s Ac")


def test_omaha_low() -> None:
    # Only two low cards on the board: no low, whatever the hole cards.
    assert ref.omaha_low(ref_cards("Ah 3d 4s 5c"), ref_cards("2c 7d Kh Qs Jc")) is None
    # Three low board cards and two low hole cards of other ranks: a low.
    assert ref.omaha_low(ref_cards("Ad 5s Kc Kd"), ref_cards("2c 3d 4h Ks Qc")) == ref.low8(
        ref_cards("Ad 5s 2c 3d 4h")
    )
    # Only one low hole card: no low.
    assert ref.omaha_low(ref_cards("Ad Ks Qh Jd"), ref_cards("2c 3d 7h Kh Qc")) is None
    # Three low hole cards, but only the ace differs from the board's 2-3-7: no low.
    assert ref.omaha_low(ref_cards("Ad 2s 3h Kd"), ref_cards("2c 3d 7h Ks Qc")) is None
    # Hole cards that pair the board are counterfeited: A-2 on A-2-8 makes no five distinct low ranks
    # except with a third low board card.
    assert ref.omaha_low(ref_cards("Ac 2c Kd Kh"), ref_cards("Ad 2d 8h Ts Jc")) is None
    assert ref.omaha_low(ref_cards("Ac 2c Kd Kh"), ref_cards("Ad 2d 8h 3s 4c")) == ref.low8(
        ref_cards("Ac 2c 8h 3s 4c")
    )


# ---------------------------------------------------------------------------------------------------
# Lowball


def test_razz_classes_and_order() -> None:
    values = distinct_values(ref.razz)
    # Five-card rank multisets with at most four of a rank: C(13+4, 5) minus the 13 five-of-a-kinds.
    assert len(values) == 6_175 == comb(17, 5) - 13
    assert max(values) == ref.razz(ref_cards("5c 4d 3h 2s Ac"))
    assert min(values) == ref.razz(ref_cards("Kc Kd Kh Ks Qc"))
    assert ties(ref.razz, "5c 4c 3c 2c Ac", "5d 4h 3s 2c Ad")  # straights and flushes do not count
    assert beats(ref.razz, "Kc Qd Jh Ts 8c", "Ac Ad 2h 3s 4c")  # unpaired beats any pair
    assert beats(ref.razz, "Kc Kd Qh Js Tc", "Ac Ad 2h 2s 3c")  # a pair beats any two pair
    assert beats(ref.razz, "Ac Ad 2h 2s Kc", "Ac Ad Ah 2s 3c")  # two pair beat trips
    assert beats(ref.razz, "6c 4d 3h 2s Ac", "6c 5d 3h 2s Ac")  # second card decides
    assert beats(ref.razz, "Ac Ad 3h 4s 5c", "2c 2d 3h 4s 5c")  # aces are the lowest pair
    # Seven cards: the best five, avoiding pairs where possible.
    assert ref.razz(ref_cards("Ac Ad 2c 2d 3c 4c 5c")) == ref.razz(ref_cards("5c 4d 3h 2s Ac"))
    assert ref.razz(ref_cards("Kc Kd Qc Qd Jc 9c 9d")) == ref.razz(ref_cards("Kc Qd Jh 9s 9c"))


def test_deuce_seven_classes_and_order() -> None:
    values = distinct_values(ref.deuce_seven)
    assert len(values) == 7_462
    assert max(values) == ref.deuce_seven(ref_cards("7s 5d 4h 3c 2c"))
    assert min(values) == ref.deuce_seven(ref_cards("Ac Kc Qc Jc Tc"))
    assert ties(ref.deuce_seven, "7s 5d 4h 3c 2c", "7c 5c 4c 3c 2d")
    # 7-5-4-3-2 suited is a flush: worse than any unpaired non-straight hand, even A-K-Q-J-9.
    assert beats(ref.deuce_seven, "Ac Kd Qh Js 9c", "7c 5c 4c 3c 2c")
    assert beats(ref.deuce_seven, "Ac Ad Kh Ks Qc", "7c 5c 4c 3c 2c")
    # A-2-3-4-5 is not a straight, just ace high: better than 6-5-4-3-2 (a straight), worse than K high.
    assert beats(ref.deuce_seven, "Ac 5d 4h 3s 2c", "6c 5d 4h 3s 2c")
    assert beats(ref.deuce_seven, "Kc Qd Jh Ts 8c", "Ac 5d 4h 3s 2c")
    assert beats(ref.deuce_seven, "Ac 5d 4h 3s 2c", "Ac 6d 4h 3s 2c")  # the best of the ace highs
    assert beats(ref.deuce_seven, "Ac 5d 4h 3s 2c", "2c 2d 3h 4s 5c")  # and better than any pair
    assert beats(ref.deuce_seven, "8c 6d 4h 3s 2c", "8c 6d 5h 3s 2c")
    assert beats(ref.deuce_seven, "Kc Qd Jh Ts 8c", "2c 2d 3h 4s 5c")  # any pair is worse
    with pytest.raises(ValueError):
        ref.deuce_seven(ref_cards("7s 5d 4h 3c 2c 8d"))


def test_badugi_over_all_hands() -> None:
    values = Counter(ref.badugi(four) for four in combinations(range(52), 4))
    assert sum(values.values()) == comb(52, 4)
    # One class per set of n distinct ranks, n = 1..4.
    assert len(values) == sum(comb(13, n) for n in range(1, 5)) == 1_092
    assert max(values) == ref.badugi(ref_cards("Ac 2d 3h 4s"))
    # Any four-card badugi beats any three-card hand.
    assert min(value for value in values if value[0] == 4) == ref.badugi(ref_cards("Kc Qd Jh Ts"))
    assert max(value for value in values if value[0] == 3) == ref.badugi(ref_cards("Ac 2d 3h 3s"))
    assert beats(ref.badugi, "Kc Qd Jh Ts", "Ac 2d 3h 3s")
    # The only one-card hands are four cards of one suit (played by the lowest) or four of a rank.
    assert ref.badugi(ref_cards("Ac 2c 3c 4c")) == ref.badugi(ref_cards("Ad Kd Qd Jd"))
    assert ref.badugi(ref_cards("7c 7d 7h 7s"))[0] == 1
    assert sum(count for value, count in values.items() if value[0] == 1) == 4 * comb(13, 4) + 13


def test_badugi_rule_examples() -> None:
    assert beats(ref.badugi, "Ac 2d 3h 4s", "Ac 2d 3h 5s")
    assert beats(ref.badugi, "7c 4d 3h 2s", "7c 5d 2h As")  # highest card ties, next decides
    assert beats(ref.badugi, "Ac 2d 3h 3s", "Ac 2d 4h 4s")  # three-card hands: the 3 beats the 4
    assert ties(ref.badugi, "Ac 2c 3d 4h", "Ad 2d 3s 4c")  # both play 4-3-A
    assert ref.badugi(ref_cards("Ac 2c 3d 4h"))[0] == 3  # two clubs: plays three cards
    assert ref.badugi(ref_cards("Ac As 2d 3h"))[0] == 3  # paired aces: plays three cards
    # Kc 2d 3h 4c: the king and the four share a suit; the best three drop the king.
    assert (
        ref.badugi(ref_cards("Kc 2d 3h 4c"))
        == ref.badugi(ref_cards("2d 3h 4c Kh"))
        != ref.badugi(ref_cards("Kc 2d 3h 4s"))
    )
