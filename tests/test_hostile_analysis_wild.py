"""Hostile review of wild cards and the analysis calls, against slow references of our own.

The wild reference tries every card for every wild card (a card the hand holds included),
takes the best five by brute force and ranks them with a plain ranking function written
here from docs/rules.md, not with the library's evaluator.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter, defaultdict
from functools import cache

import pytest

import pokereval as pe

Card2 = tuple[int, int]  # (rank 0..12, suit 0..3)
Rank = tuple[int, ...]

STRAIGHT, FLUSH, STRAIGHT_FLUSH, ROYAL_FLUSH, FIVE_OF_A_KIND = 4, 5, 8, 9, 10


@cache
def rank_five(cards: tuple[Card2, ...]) -> Rank:
    """A comparable rank of five cards that may repeat (a wild card can double a card).

    The first entry is the category, numbered as pokereval's Category.  A flush needs five
    different ranks, so a doubled card never makes one."""
    ranks = sorted((rank for rank, _ in cards), reverse=True)
    count = Counter(ranks)
    groups = sorted(count.items(), key=lambda item: (item[1], item[0]), reverse=True)
    if groups[0][1] == 5:
        return (FIVE_OF_A_KIND, groups[0][0])
    distinct = len(count) == 5
    flush = distinct and len({suit for _, suit in cards}) == 1
    top = -1
    if distinct and ranks[0] - ranks[4] == 4:
        top = ranks[0]
    elif ranks == [12, 3, 2, 1, 0]:  # the wheel, five-high
        top = 3
    if flush and top >= 0:
        return (ROYAL_FLUSH,) if top == 12 else (STRAIGHT_FLUSH, top)
    kickers = [rank for rank, _ in groups[1:]]
    if groups[0][1] == 4:
        return (7, groups[0][0], groups[1][0])
    if groups[0][1] == 3 and groups[1][1] == 2:
        return (6, groups[0][0], groups[1][0])
    if flush:
        return (FLUSH, *ranks)
    if top >= 0:
        return (STRAIGHT, top)
    if groups[0][1] == 3:
        return (3, groups[0][0], *kickers)
    if groups[0][1] == 2 and groups[1][1] == 2:
        return (2, groups[0][0], groups[1][0], groups[2][0])
    if groups[0][1] == 2:
        return (1, groups[0][0], *kickers)
    return (0, *ranks)


def is_wild(card: int, rule: str) -> bool:
    return card >= 52 or (rule == "deuces" and card < 4)


def best_wild(cards: list[int], rule: str) -> Rank:
    """The best five over every substitution the rule allows, by brute force."""
    best: Rank = ()
    for five in itertools.combinations(cards, 5):
        natural = [(card // 4, card % 4) for card in five if not is_wild(card, rule)]
        suits = {suit for _, suit in natural}
        # Suits matter only to a flush: the naturals' one suit, and one other, cover all.
        choice = sorted(suits) if len(suits) == 1 else []
        choice += [suit for suit in range(4) if suit not in choice][:1]
        options = [(rank, suit) for rank in range(13) for suit in choice]
        for stand_ins in itertools.combinations_with_replacement(options, 5 - len(natural)):
            value = rank_five(tuple(sorted(natural + list(stand_ins))))
            # The bug is an ace, or a card that completes a straight, a flush or both.
            off_ace = any(rank != 12 for rank, _ in stand_ins)
            if rule == "bug" and off_ace and value[0] not in (STRAIGHT, FLUSH, STRAIGHT_FLUSH, ROYAL_FLUSH):
                continue
            best = max(best, value)
    return best


def adversarial_hand(rng: random.Random, rule: str) -> list[int]:
    """5 to 7 cards with a wild card, drawn near flushes, straights, the wheel and aces."""
    lowest = rng.choice([-1, 0, 8, rng.randrange(13)])
    near = {(lowest + i) % 13 for i in range(6)} | {12}
    suit = rng.randrange(4)
    pool = [card for card in range(52) if card // 4 in near or card % 4 == suit]
    pool += [0, 1, 2, 3] if rule == "deuces" else [52, 53]
    pool = sorted(set(pool))
    while True:
        hand = rng.sample(pool, rng.choice([5, 6, 7]))
        if any(is_wild(card, rule) for card in hand):
            return hand


def test_wild_hands_order_as_the_brute_force_reference() -> None:
    """Every rule on one scale: equal references give equal values, and a better one more."""
    rng = random.Random(2026)
    seen: dict[Rank, set[int]] = {}
    for rule in ("joker", "bug", "deuces"):
        for _ in range(250):
            hand = adversarial_hand(rng, rule)
            want = best_wild(hand, rule)
            rank = pe.evaluate(hand, wild=rule)
            assert rank.category == pe.Category(want[0]), (rule, hand)
            made = tuple(sorted((card.id // 4, card.id % 4) for card in rank.stands_for))
            assert rank_five(made) == want, (rule, hand)
            seen.setdefault(want, set()).add(int(rank))
    assert all(len(values) == 1 for values in seen.values())
    ordered = [min(seen[want]) for want in sorted(seen)]
    assert ordered == sorted(set(ordered))


@pytest.mark.parametrize(
    ("hand", "rule", "want"),
    [
        ("As Ad Ah Ac Jk", "bug", (FIVE_OF_A_KIND, 12)),
        ("Jk Jk Ac Ad Kh", "bug", (7, 12, 11)),  # two bugs make four aces, no more
        ("Jk 9h Th Jh Qh Ah Ad", "bug", (ROYAL_FLUSH,)),  # the king of hearts beats an ace
        ("Jk 2h 3c 4h As Ad", "bug", (STRAIGHT, 3)),  # the wheel beats trips aces
        ("Jk Jk 5c 6d 9h", "joker", (STRAIGHT, 7)),  # nine-high: rank 7
        ("As Ks Qs Js Jk", "joker", (ROYAL_FLUSH,)),
        ("2c 2d 2h 2s 3c", "deuces", (FIVE_OF_A_KIND, 1)),
        ("2c As 3s 4s 5d", "deuces", (STRAIGHT, 3)),
    ],
)
def test_edge_hands_match_the_reference(hand: str, rule: str, want: Rank) -> None:
    cards = list(pe.card_ids(hand))
    assert best_wild(cards, rule) == want
    assert pe.evaluate(hand, wild=rule).category == pe.Category(want[0])


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: pe.odds("Ah Kh", "Th 7h 9c", dead="Qd 2c", game="shortdeck"), "'2c' in the dead cards"),
        (lambda: pe.odds("Ah Kh", "Th 7h 5c", game="shortdeck-trips"), "'5c' in the board"),
        (lambda: pe.odds("Ah 4h", "Th 7h 9c", game="shortdeck"), "'4h' in the hole cards"),
    ],
)
def test_odds_names_the_part_that_holds_a_card_off_the_short_deck(call: object, match: str) -> None:
    """A dead 2c was reported at "position 6": the hole cards, the board and the dead cards
    counted as one list, which the caller never passed."""
    with pytest.raises(ValueError, match=match + r" is not in the shortdeck(-trips)? deck \(36 cards"):
        call()  # type: ignore[operator]


def hand_value(cards: list[int]) -> Rank:
    return max(
        rank_five(tuple(sorted((c // 4, c % 4) for c in five))) for five in itertools.combinations(cards, 5)
    )


def test_outs_against_two_weighted_ranges_match_an_enumeration() -> None:
    """Each out's share and the chances, over every deal of both ranges, by hand."""
    hole, board = list(pe.card_ids("Ah Kh")), list(pe.card_ids("Qh 7h 2c Js"))
    first = [("As Ad", 0.5), ("Ks Kc", 1.0), ("2h 2d", 1.0)]
    second = [("Qs Qd", 1.0), ("Ts 9s", 0.25), ("As Qc", 1.0)]
    vs = [", ".join(f"{c.replace(' ', '')}:{w}" for c, w in r) for r in (first, second)]
    result = pe.outs("Ah Kh", "Qh 7h 2c Js", vs=vs)
    wins: defaultdict[int, float] = defaultdict(float)
    live: defaultdict[int, float] = defaultdict(float)
    for (a, wa), (b, wb) in itertools.product(first, second):
        held = list(pe.card_ids(a)) + list(pe.card_ids(b))
        if len(set(held)) < 4:
            continue
        for card in range(52):
            if card in held or card in hole or card in board:
                continue
            ours = hand_value(hole + board + [card])
            theirs = max(hand_value(held[i : i + 2] + board + [card]) for i in (0, 2))
            live[card] += wa * wb
            if ours > theirs:
                wins[card] += wa * wb
    want = {card: wins[card] / live[card] for card in wins}
    got = {out.card.id: out.share for out in result.outs}
    assert got.keys() == want.keys()
    assert all(abs(got[card] - want[card]) < 1e-12 for card in want)
