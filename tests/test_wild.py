"""Wild cards in the C core (pe_eval and friends with a wild rule) against brute-force substitution.

The oracle tries every card for every wild card and keeps the best hold'em value, using the
plain evaluator (checked exhaustively elsewhere) on hands without wild cards.  A substitution
that repeats a card the hand holds is what makes five of a kind; it is counted by the rule
directly (a rank whose naturals and wild cards reach five), since a plain hand cannot hold a
card twice, and it never helps anything else (a flush needs five different ranks).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import pokereval as pe
from pokereval import _core

JOKER, JOKER2 = 52, 53
TOP = 7462
GAME = _core.GAME_HOLDEM
ALL = np.arange(52, dtype=np.uint8)


def wild_values(rows: list[list[int]], wild: int) -> list[int]:
    """pe_eval_batch with a wild rule, one call per hand size."""
    values = [0] * len(rows)
    for size in {len(row) for row in rows}:
        index = [i for i, row in enumerate(rows) if len(row) == size]
        ids = np.ascontiguousarray(np.array([rows[i] for i in index], dtype=np.uint8))
        out = np.zeros(len(index), dtype=np.uint16)
        code, bad = _core.batch_wild_into(GAME, wild, ids, out)
        assert code == 0, (code, rows[index[bad]])
        for i, value in zip(index, out):
            values[i] = int(value)
    return values


def is_wild(card: int, wild: int) -> bool:
    return card >= 52 or (wild == _core.WILD_DEUCES and card < 4)


def five_of_a_kind(naturals: list[int], w: int, ranks: range | tuple[int, ...] = range(13)) -> int:
    counts = [0] * 13
    for card in naturals:
        counts[card >> 2] += 1
    best = 0
    for rank in ranks:
        if w and counts[rank] + w >= 5:
            best = max(best, TOP + 1 + rank)
    return best


def brute_force(hand: list[int], wild: int) -> int:
    """Best value over every substitution of every wild card by a card the hand lacks."""
    naturals = [c for c in hand if not is_wild(c, wild)]
    w = len(hand) - len(naturals)
    free = [c for c in range(52) if c not in naturals]
    # Order among wild cards never matters: each set of stand-ins once.
    subs = np.array(list(itertools.combinations(free, w)), dtype=np.uint8) if w else np.zeros((1, 0))
    rows = np.hstack([np.tile(np.array(naturals, dtype=np.uint8), (len(subs), 1)), subs.astype(np.uint8)])
    best = int(pe.evaluate_batch(rows).max())
    return max(best, five_of_a_kind(naturals, w))


STRAIGHTS = [set(range(top - 4, top + 1)) for top in range(4, 13)] + [{12, 0, 1, 2, 3}]


def brute_force_bug(hand: list[int]) -> int:
    """The bug by its rule, card for card: each bug stands for an ace, or for a card that
    completes a flush (a card of a suit the whole hand then holds five of) or a straight (a
    rank no other card has, in a straight the whole hand then makes).  Every substitution
    the rule allows is played as an ordinary hand, the best five of all the cards; five
    aces where the aces and the bugs reach five."""
    naturals = [c for c in hand if c < 52]
    w = len(hand) - len(naturals)
    best = five_of_a_kind(naturals, w, ranks=(12,))
    free = [c for c in range(52) if c not in naturals]
    rows = []
    for subs in itertools.combinations(free, w):
        cards = naturals + list(subs)
        ranks = [c >> 2 for c in cards]
        suits = [c & 3 for c in cards]
        present = set(ranks)
        allowed = True
        for card in subs:
            rank = card >> 2
            completes_flush = suits.count(card & 3) >= 5
            new_rank = ranks.count(rank) == 1
            completes_straight = new_rank and any(rank in s and s <= present for s in STRAIGHTS)
            if not (rank == 12 or completes_flush or completes_straight):
                allowed = False
                break
        if allowed:
            rows.append(cards)
    if rows:
        best = max(best, int(pe.evaluate_batch(np.array(rows, dtype=np.uint8)).max()))
    return best


def test_the_bug_on_the_turn_by_equity_matches_the_rule_on_every_river() -> None:
    """equity() over the 45 rivers of the report's spot, against the rule's brute force."""
    holes = [[int(c) for c in pe.parse_cards(text)] for text in ("Ad 4d", "Qd 2c")]
    board = [int(c) for c in pe.parse_cards("Jd Td 6d Jk")]
    wins, ties = [0, 0], [0, 0]
    rivers = [c for c in range(53) if c not in {*holes[0], *holes[1], *board}]
    for river in rivers:
        a, b = (brute_force_bug([*hole, *board, river]) for hole in holes)
        if a == b:
            ties[0] += 1
            ties[1] += 1
        else:
            wins[a < b] += 1
    result = pe.equity(["Ad 4d", "Qd 2c"], board="Jd Td 6d Jk", wild="bug")
    assert result.runs == len(rivers) == 45 and result.exact
    assert list(result.wins) == wins and list(result.ties) == ties
    assert wins[0] > 40  # the A-K-J-T-6 flush (or better) on almost every river


@pytest.mark.slow
def test_every_five_card_hand_with_one_joker() -> None:
    """All C(52,4) = 270,725 hands of four naturals and a joker, each against its 48
    substitutions (and five of a kind where four naturals are alike)."""
    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.uint8)
    assert len(hands) == 270_725
    got = np.zeros(len(hands), dtype=np.uint16)
    with_joker = np.ascontiguousarray(np.hstack([hands, np.full((len(hands), 1), JOKER, dtype=np.uint8)]))
    assert _core.batch_wild_into(GAME, _core.WILD_JOKER, with_joker, got) == (0, 0)
    for start in range(0, len(hands), 20_000):
        chunk = hands[start : start + 20_000]
        held = np.zeros((len(chunk), 52), dtype=bool)
        held[np.arange(len(chunk))[:, None], chunk] = True
        subs = np.broadcast_to(ALL, (len(chunk), 52))[~held].reshape(len(chunk), 48)
        rows = np.concatenate([np.repeat(chunk[:, None, :], 48, axis=1), subs[:, :, None]], axis=2)
        best = pe.evaluate_batch(rows.reshape(-1, 5)).reshape(len(chunk), 48).max(axis=1).astype(np.int64)
        ranks = chunk >> 2
        four_alike = (ranks == ranks[:, :1]).all(axis=1)
        best = np.where(four_alike, TOP + 1 + ranks[:, 0].astype(np.int64), best)
        assert np.array_equal(best, got[start : start + 20_000].astype(np.int64)), start


def test_every_five_card_hand_with_one_bug() -> None:
    """All 270,725 hands of four naturals and the bug, each against its 48 substitutions.  In
    five cards the bug's rule reads off the hand it makes: a card it stands for is allowed
    when it is an ace or the hand is a straight or a flush (then the card completes it)."""
    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.uint8)
    got = np.zeros(len(hands), dtype=np.uint16)
    with_bug = np.ascontiguousarray(np.hstack([hands, np.full((len(hands), 1), JOKER, dtype=np.uint8)]))
    assert _core.batch_wild_into(GAME, _core.WILD_BUG, with_bug, got) == (0, 0)
    bounds = [pe.Category.STRAIGHT, pe.Category.FLUSH, pe.Category.STRAIGHT_FLUSH, pe.Category.ROYAL_FLUSH]
    completing = np.zeros(TOP + 1, dtype=bool)
    for value in range(1, TOP + 1):
        completing[value] = pe.HandRank(value).category in bounds
    for start in range(0, len(hands), 20_000):
        chunk = hands[start : start + 20_000]
        held = np.zeros((len(chunk), 52), dtype=bool)
        held[np.arange(len(chunk))[:, None], chunk] = True
        subs = np.broadcast_to(ALL, (len(chunk), 52))[~held].reshape(len(chunk), 48)
        rows = np.concatenate([np.repeat(chunk[:, None, :], 48, axis=1), subs[:, :, None]], axis=2)
        values = pe.evaluate_batch(rows.reshape(-1, 5)).reshape(len(chunk), 48).astype(np.int64)
        allowed = (subs >> 2 == 12) | completing[values]
        best = np.where(allowed, values, 0).max(axis=1)
        four_aces = (chunk >> 2 == 12).all(axis=1)
        best = np.where(four_aces, TOP + 13, best)
        assert np.array_equal(best, got[start : start + 20_000].astype(np.int64)), start


@pytest.mark.parametrize(("jokers", "cards"), [(1, 5), (1, 6), (1, 7), (2, 5), (2, 6), (2, 7)])
def test_random_hands_with_jokers(jokers: int, cards: int) -> None:
    rng = random.Random(1000 * jokers + cards)
    hands = [rng.sample(range(52), cards - jokers) + [JOKER, JOKER2][:jokers] for _ in range(60)]
    for hand, value in zip(hands, wild_values(hands, _core.WILD_JOKER)):
        assert value == brute_force(hand, _core.WILD_JOKER), hand


@pytest.mark.parametrize("deuces", [1, 2, 3])
def test_random_hands_with_deuces_wild(deuces: int) -> None:
    rng = random.Random(deuces)
    hands = []
    for cards in (5, 6, 7):
        for _ in range(30 if deuces < 3 else 4):
            hands.append(rng.sample(range(4), deuces) + rng.sample(range(4, 52), cards - deuces))
    for hand, value in zip(hands, wild_values(hands, _core.WILD_DEUCES)):
        assert value == brute_force(hand, _core.WILD_DEUCES), hand


def test_four_deuces_make_five_of_the_highest_rank_held() -> None:
    # 5 5 K and four deuces: five kings, though the fives are the larger group.
    hands = [[0, 1, 2, 3, 12, 13, 44], [0, 1, 2, 3, 12, 44, 45], [0, 1, 2, 3, 30]]
    assert wild_values(hands, _core.WILD_DEUCES) == [TOP + 12, TOP + 12, TOP + 8]
    assert [brute_force(hand, _core.WILD_DEUCES) for hand in hands[2:]] == [TOP + 8]


def test_random_hands_with_the_bug() -> None:
    rng = random.Random(7)
    hands = [[*rng.sample(range(52), n - 1), JOKER] for n in (5, 6, 7) for _ in range(100)]
    # Spots where the bug's limits matter: five natural spades with the ace (the bug is the
    # best spade missing, the king), four aces (five aces), and a four-card straight.
    hands += [
        [51 - 4 * k for k in (0, 2, 3, 6, 8)] + [JOKER],
        [48, 49, 50, 51, JOKER],
        [3, 7, 11, 15, 44, JOKER],
        [8, 12, 16, 20, 4 * 9, JOKER, 1],
    ]
    for hand, value in zip(hands, wild_values(hands, _core.WILD_BUG)):
        assert value == brute_force_bug(hand), hand


def suited_hands(rng: random.Random, size: int, bugs: int, count: int) -> list[list[int]]:
    """Random hands of `size` cards, `bugs` of them bugs, with five or more naturals of one
    suit: where the bug completes a flush the hand already holds."""
    hands: list[list[int]] = []
    while len(hands) < count:
        suit = rng.randrange(4)
        naturals = [4 * r + suit for r in rng.sample(range(13), rng.randrange(5, size - bugs + 1))]
        others = [c for c in range(52) if c not in naturals]
        naturals += rng.sample(others, size - bugs - len(naturals))
        hand = naturals + [JOKER, JOKER2][:bugs]
        rng.shuffle(hand)
        hands.append(hand)
    return hands


@pytest.mark.parametrize(("size", "bugs"), [(6, 1), (7, 1), (7, 2)])
def test_a_sixth_card_of_the_suit_never_weakens_a_bug_flush(size: int, bugs: int) -> None:
    """Five or more naturals of a suit and the bug: the bug is the best card of the suit
    the hand lacks (the king when the ace is held), never a second ace of the suit."""
    rng = random.Random(f"bug{size}{bugs}")
    hands = suited_hands(rng, size, bugs, 150 if bugs == 1 else 40)
    got = wild_values(hands, _core.WILD_BUG)
    want = [brute_force_bug(hand) for hand in hands]
    wrong = [(hand, g, w) for hand, g, w in zip(hands, got, want) if g != w]
    assert not wrong, wrong[:5]


def test_the_bug_hands_of_the_report() -> None:
    # A-J-T-6 of diamonds and the bug: with the queen of clubs or the four of diamonds as the
    # sixth card, the bug is the king of diamonds, the A-K-J-T-6 flush (7093) both times.
    with_queen = pe.evaluate("Ad Jd Td 6d Jk Qc", wild="bug")
    with_four = pe.evaluate("Ad Jd Td 6d Jk 4d", wild="bug")
    flush = pe.evaluate("Ad Kd Jd Td 6d")
    assert int(with_queen) == int(with_four) == int(flush) == 7093
    assert str(with_four.stands_for[with_four.best_five.index(pe.Card("Jk"))]) == "Kd"
    hands = [[int(c) for c in pe.parse_cards(text)] for text in ("Ad Jd Td 6d Jk 4d", "Ad Jd Td 6d Jk Qc")]
    assert wild_values(hands, _core.WILD_BUG) == [7093, 7093]
    assert pe.evaluate_batch(np.array(hands, dtype=np.uint8), wild="bug").tolist() == [7093, 7093]
    # The showdown the report found: seat 0's A-K-J-T-6 flush beats seat 1's A-Q-J-T-6.
    result = pe.showdown(["Ad 4d", "Qd 2c"], "Jd Td 6d Jk 3s", wild="bug")
    assert result.winners == (0,)
    assert [int(r) for r in result.ranks] == [7093, int(pe.evaluate("Ad Qd Jd Td 6d"))]


def test_five_of_a_kind_sits_above_the_royal_flush() -> None:
    aces = [48, 49, 50, 51, JOKER]
    kings = [44, 45, 46, 47, JOKER]
    royal = [51, 47, 43, 39, JOKER]
    values = wild_values([aces, kings, royal], _core.WILD_JOKER)
    assert values == [TOP + 13, TOP + 12, TOP]
    assert _core.category(GAME, TOP + 13) == 10 == _core.category(GAME, TOP + 1)


def test_the_bug_is_an_ace_unless_it_completes_something() -> None:
    # K K + bug: a pair of kings with an ace kicker, not trips.
    kk = [44, 45, 20, 9, JOKER]
    assert wild_values([kk], _core.WILD_BUG) == [int(pe.evaluate("Kc Kd 7c 4d As"))]
    assert wild_values([kk], _core.WILD_JOKER) == [int(pe.evaluate("Kc Kd 7c 4d Kh"))]


def test_best_cards_name_what_each_wild_card_stands_for() -> None:
    royal = bytes([51, 47, 43, 39, JOKER, 0, 5])
    code, value, pos, stands = _core.best_cards_wild(GAME, _core.WILD_JOKER, royal)
    assert code == 0 and value == TOP
    assert sorted(pos) == [0, 1, 2, 3, 4] and stands[pos.index(4)] == 35  # the joker is the Ts
    code, value, pos, stands = _core.best_cards_wild(GAME, _core.WILD_JOKER, bytes([48, 49, 50, 51, JOKER]))
    assert value == TOP + 13 and sorted(pos) == [0, 1, 2, 3, 4] and stands[pos.index(4)] >> 2 == 12
    # Deuces wild: two deuces turn K K 9 into quad kings.
    code, value, pos, stands = _core.best_cards_wild(GAME, _core.WILD_DEUCES, bytes([0, 1, 44, 45, 28]))
    assert code == 0 and sorted(stands[i] >> 2 for i in range(5)) == [7, 11, 11, 11, 11]
    for hand in ([51, 47, 43, 39, JOKER, 0, 5], [44, 45, 20, 9, JOKER], [0, 1, 44, 45, 28]):
        wild = _core.WILD_DEUCES if hand[0] == 0 else _core.WILD_JOKER
        code, value, pos, stands = _core.best_cards_wild(GAME, wild, bytes(hand))
        natural = [stands[i] for i in range(5)]
        if len(set(natural)) == 5 and value <= TOP:
            assert int(pe.evaluate(natural)) == value  # the five, as played, are worth the value


def test_bad_wild_input_is_refused() -> None:
    out = np.zeros(1, dtype=np.uint16)

    def code(game: int, wild: int, row: list[int]) -> int:
        return _core.batch_wild_into(game, wild, np.array([row], dtype=np.uint8), out)[0]

    assert code(GAME, _core.WILD_DEUCES, [JOKER, 4, 8, 12, 16]) == _core.ERR_CARD
    assert code(GAME, _core.WILD_JOKER, [54, 4, 8, 12, 16]) == _core.ERR_CARD
    assert code(GAME, _core.WILD_JOKER, [JOKER, JOKER, 8, 12, 16]) == _core.ERR_DUPLICATE
    assert code(_core.GAME_BADUGI, _core.WILD_JOKER, [JOKER, 4, 8, 12]) == _core.ERR_WILD
    assert code(_core.GAME_RAZZ, _core.WILD_JOKER, [JOKER, 4, 8, 12, 16]) == _core.ERR_WILD
    assert code(GAME, 9, [JOKER, 4, 8, 12, 16]) == _core.ERR_ARG
    assert code(GAME, _core.WILD_JOKER, [JOKER, 4, 8, 12]) == _core.ERR_COUNT


# ---- the batch's tables against pe_eval with wild cards, the reference ------------------------------
# The batch looks each row up in tables of (natural ranks, wild count) that gen_tables.py derives
# from the rules; pe_eval reaches its value card by card (best_pick in csrc/wild.c).  These
# tests hold the two to each other on every table entry a hand can reach and on random rows.

lib = vars(_core)["lib"]  # pe_simd_init switches the batch kernels in-process
_KERNEL_AT_IMPORT = _core.simd_path()
KERNELS = [name for name in ("scalar", "avx2", "avx512", "neon") if lib.pe_simd_init(name.encode()) == 0]
lib.pe_simd_init(_KERNEL_AT_IMPORT.encode())


@pytest.fixture(params=KERNELS)
def kernel(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each batch kernel this CPU runs in turn (AVX-512 has a wild kernel of its own)."""
    before = _core.simd_path()
    assert lib.pe_simd_init(request.param.encode()) == 0
    try:
        yield request.param
    finally:
        lib.pe_simd_init(before.encode())


RULES = {  # rule -> (code, its wild cards, the ranks a natural card may have)
    "joker": (_core.WILD_JOKER, (JOKER, JOKER2), range(13)),
    "bug": (_core.WILD_BUG, (JOKER, JOKER2), range(13)),
    "deuces": (_core.WILD_DEUCES, (0, 1, 2, 3), range(1, 13)),
}


def reference_values(rows: list[list[int]], wild: int) -> list[int]:
    """pe_eval with the rule, one hand at a time."""
    values = []
    for row in rows:
        code, value = _core.eval_wild(GAME, wild, bytes(row))
        assert code == 0, row
        values.append(value)
    return values


@pytest.mark.parametrize("rule", sorted(RULES))
def test_batch_agrees_with_the_reference_on_every_rank_multiset(rule: str, kernel: str) -> None:
    """Every multiset of natural ranks with every count of wild cards that makes 5..7 cards:
    each entry of the batch's rank table a hand can reach, suits dealt at random."""
    code, wild_cards, ranks_allowed = RULES[rule]
    rng = random.Random(rule)
    rows = []
    for w in range(1, len(wild_cards) + 1):
        for size in range(5 - w, 8 - w):
            for ranks in itertools.combinations_with_replacement(ranks_allowed, size):
                if max((ranks.count(r) for r in ranks), default=0) > 4:
                    continue
                cards = [4 * r + s for r in set(ranks) for s in rng.sample(range(4), ranks.count(r))]
                row = cards + rng.sample(wild_cards, w)
                rng.shuffle(row)
                rows.append(row)
    assert len(rows) > {"joker": 30_000, "bug": 30_000, "deuces": 25_000}[rule]
    got, want = wild_values(rows, code), reference_values(rows, code)
    wrong = [(row, g, w) for row, g, w in zip(rows, got, want) if g != w]
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("cards", [5, 6, 7])
@pytest.mark.parametrize("rule", sorted(RULES))
def test_batch_agrees_with_the_reference_on_random_rows(rule: str, cards: int, kernel: str) -> None:
    """Random rows with 0 up to every wild card, the wild cards anywhere in the row."""
    code, wild_cards, _ = RULES[rule]
    rng = random.Random(f"{rule}{cards}")
    deck = [c for c in range(52) if c not in wild_cards]
    rows = []
    for _ in range(6000):
        w = rng.randrange(min(len(wild_cards), cards) + 1)
        row = rng.sample(deck, cards - w) + rng.sample(wild_cards, w)
        rng.shuffle(row)
        rows.append(row)
    got, want = wild_values(rows, code), reference_values(rows, code)
    wrong = [(row, g, w) for row, g, w in zip(rows, got, want) if g != w]
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("rule", sorted(RULES))
def test_batch_reports_the_first_bad_row_with_the_reference_code(rule: str, kernel: str) -> None:
    """Bad ids, a card twice (a wild card included), and both in one row (the first bad card
    decides): the batch stops at the first bad row with pe_eval's code for it, after
    writing every row before it."""
    code, wild_cards, _ = RULES[rule]
    rng = random.Random(rule)
    deck = [c for c in range(52) if c not in wild_cards]
    for cards in (5, 6, 7):
        good = [[*rng.sample(deck, cards - 1), rng.choice(wild_cards)] for _ in range(200)]
        spoilers = [[54], [60], [255], [52, 53], [53]]
        for trial in range(40):
            row = list(good[trial])
            bad = rng.choice([*spoilers, [row[0]], [wild_cards[0]] * 2])
            for card in bad:
                row[rng.randrange(cards)] = card
            if rng.random() < 0.5:  # a duplicate too, before or after the bad id
                i, j = rng.sample(range(cards), 2)
                row[i] = row[j]
            expected, _ = _core.eval_wild(GAME, code, bytes(row))
            if expected == 0:
                continue
            at = rng.randrange(len(good))
            rows = np.array([*good[:at], row, *good[at:]], dtype=np.uint8)
            out = np.zeros(len(rows), dtype=np.uint16)
            assert _core.batch_wild_into(GAME, code, rows, out) == (expected, at), row
            assert out[:at].tolist() == reference_values(good[:at], code)


# ---- the public API: jokers as cards, evaluate(wild=), evaluate_batch(wild=) ---------------------


def test_jokers_are_cards_52_and_53() -> None:
    assert [int(c) for c in pe.parse_cards("Jk As Jk")] == [52, 51, 53]  # the second is the second joker
    for spelling in ("Jk", "JK", "jk", "joker", "Joker", "\N{PLAYING CARD BLACK JOKER}"):
        assert pe.Card(spelling) is pe.Card(52), spelling
    assert str(pe.Card(53)) == "Jk" and pe.Card(53).is_joker and not pe.Card("As").is_joker
    assert pe.format_cards([52, 53, 0]) == "Jk Jk 2c"
    with pytest.raises(ValueError, match="third joker"):
        pe.parse_cards("Jk Jk Jk")


@pytest.mark.parametrize("wild", ["joker", "bug", "deuces"])
def test_evaluate_with_wild_agrees_with_the_core_and_shows_what_wild_cards_play_as(wild: str) -> None:
    rng = random.Random(wild)
    code = {"joker": _core.WILD_JOKER, "bug": _core.WILD_BUG, "deuces": _core.WILD_DEUCES}[wild]
    for _ in range(300):
        n = rng.choice((5, 6, 7))
        hand = rng.sample(range(52), n - 1) + ([JOKER] if wild != "deuces" else [rng.randrange(4)])
        hand = list(dict.fromkeys(hand))[:n]
        if len(hand) < 5:
            continue
        rank = pe.evaluate(hand, wild=wild)
        assert int(rank) == wild_values([hand], code)[0]
        assert rank.wild == wild and rank.game == "holdem"
        five = rank.stands_for
        assert len(rank.best_five) == len(five) == 5
        assert {int(c) for c in rank.best_five} <= set(hand)
        for card, plays_as in zip(rank.best_five, five):
            if not is_wild(int(card), code):
                assert card is plays_as
        if len(set(five)) == 5 and rank.category is not pe.Category.FIVE_OF_A_KIND:
            assert int(pe.evaluate(list(five))) == int(rank)  # the five as played are worth the value


def test_five_of_a_kind_in_words_and_order() -> None:
    aces = pe.evaluate("As Ad Ah Ac Jk", wild="joker")
    kings = pe.evaluate("Ks Kd", board="Kh Kc Jk 2c 3d", wild="joker")
    royal = pe.evaluate("As Ks Qs Js Ts")
    assert aces > kings > royal and aces.category is kings.category is pe.Category.FIVE_OF_A_KIND
    assert [aces.describe(lang) for lang in ("en", "ru", "bg")] == [
        "Five of a kind, aces",
        "Покер: пять тузов",
        "Покер: пет аса",
    ]
    assert [c.rank for c in kings.stands_for] == [11] * 5
    # Two jokers, one in the hand and one on the board.
    two = pe.evaluate("Jk 9c", board="9d 9h Jk 2c 3d", wild="joker")
    assert two.category is pe.Category.FIVE_OF_A_KIND and [c.rank for c in two.stands_for] == [7] * 5


def test_wild_ranks_pickle_and_rebuild() -> None:
    import pickle

    rank = pe.evaluate("2c 2d Ks Kd 9h", wild="deuces")
    again = pickle.loads(pickle.dumps(rank))
    assert again == rank and again.wild == "deuces" and again.stands_for == rank.stands_for
    assert pe.HandRank(7475, "holdem", "As Ad Ah Ac Jk", wild="joker").describe() == "Five of a kind, aces"
    with pytest.raises(ValueError, match="outside the holdem scale"):
        pe.HandRank(7475, "holdem")


def test_evaluate_batch_with_wild() -> None:
    rows = np.array([[48, 49, 50, 51, 52], [0, 1, 44, 45, 28], [51, 47, 43, 39, 53]])
    assert pe.evaluate_batch(rows, wild="joker").tolist() == [
        TOP + 13,
        int(pe.evaluate([0, 1, 44, 45, 28])),
        TOP,
    ]
    deuces = pe.evaluate_batch(np.array([[0, 1, 44, 45, 28]], dtype=np.uint8), wild="deuces")
    assert deuces.tolist() == [int(pe.evaluate("Kh Kc Ks Kd 9h"))]


@pytest.mark.parametrize(
    ("call", "kind", "message"),
    [
        (
            lambda: pe.evaluate("Jk As Ks Qs Js"),
            ValueError,
            "joker 'Jk' at position 1 plays only with wild='joker' or wild='bug'",
        ),
        (
            lambda: pe.evaluate("Jk As Ks Qs Js", wild="deuces"),
            ValueError,
            "joker 'Jk' at position 1: with wild='deuces' the deck has no jokers",
        ),
        (
            lambda: pe.evaluate("Jk As Ks Qs", wild="joker", game="badugi"),
            ValueError,
            "badugi has no wild cards; wild= plays in holdem and stud",
        ),
        (
            lambda: pe.evaluate("Jk As Ks Qs Js", wild="joker", game="razz"),
            ValueError,
            "razz has no wild cards",
        ),
        (
            lambda: pe.evaluate("Jk As Ks Qs", "Js Ts 9s", wild="joker", game="omaha"),
            ValueError,
            "omaha has no wild cards",
        ),
        (
            lambda: pe.evaluate("Jk As Ks Qs Js", wild="wild"),
            ValueError,
            "unknown wild 'wild'; choose 'joker', 'bug' or 'deuces'",
        ),
        (lambda: pe.evaluate("Jk As Ks Qs Js", wild=1), TypeError, "wild must be"),  # type: ignore[arg-type]
        (lambda: pe.evaluate("Jk As Ks Qs", wild="joker"), ValueError, "holdem needs 5 to 7 cards, got 4"),
        (
            lambda: pe.evaluate([52, 53, 52, 4, 8], wild="joker"),
            ValueError,
            "a third joker at position 3: a deck has two",
        ),
        (
            lambda: pe.evaluate_batch(np.array([[52, 1, 2, 3, 4]])),
            ValueError,
            "row 0: joker 'Jk' at position 1 plays only with wild='joker' or wild='bug'",
        ),
        (
            lambda: pe.evaluate_batch(np.array([[52, 1, 2, 3, 4]]), wild="joker", game="badugi"),
            ValueError,
            "badugi has no wild cards",
        ),
    ],
)
def test_bad_wild_calls_are_named(call: Any, kind: type[Exception], message: str) -> None:
    with pytest.raises(kind) as info:
        call()
    assert message in str(info.value)


# ---- equity with wild cards, against a showdown of every runout in Python ----------------------


def _brute_equity(hands: list[str], board: str, wild: str, deck: int) -> tuple[list[float], int]:
    """Every runout to the river from a deck of `deck` cards (jokers 52, 53 past the 52),
    each hand valued by evaluate(wild=) and the pot split among the best."""
    held = [int(c) for h in [*hands, board] for c in pe.parse_cards(h)]
    jokers = [c for c in held if c >= 52]
    live = [c for c in range(deck) if c not in held and not (c >= 52 and len(jokers) > c - 52)]
    shares = [0.0] * len(hands)
    runs = 0
    cards_board = [int(c) for c in pe.parse_cards(board)]
    for more in itertools.combinations(live, 5 - len(cards_board)):
        values = []
        for hand in hands:
            own = [int(c) for c in pe.parse_cards(hand)]
            values.append(int(pe.evaluate([*own, *cards_board, *more], wild=wild)))
        best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        for i in winners:
            shares[i] += 1 / len(winners)
        runs += 1
    return [s / runs for s in shares], runs


@pytest.mark.parametrize(
    ("hands", "board", "wild", "deck"),
    [
        (["As Ad", "Kh Kc"], "Ac Kd 2s 7h", "joker", 53),
        (["As Ad", "Jk Kc"], "Ac Kd 2s 7h", "joker", 54),
        (["Qs Js", "9h 9d"], "Ts 9c 2s", "joker", 53),
        (["Qs Js", "9h 9d"], "Ts 9c 3s", "bug", 53),
        (["Ah Kh", "7c 7d"], "2h 7h 9c", "deuces", 52),
    ],
)
def test_equity_with_wild_cards_matches_every_runout(
    hands: list[str], board: str, wild: str, deck: int
) -> None:
    got = pe.equity(hands, board, wild=wild, deck=deck)
    want, runs = _brute_equity(hands, board, wild, deck)
    assert got.runs == runs and got.exact
    assert got.equity == pytest.approx(want, abs=1e-12)


def test_equity_numbers_the_jokers_across_the_deal() -> None:
    # "Jk" in two hands is the deck's two jokers (as in showdown and settle); a third repeats one.
    got = pe.equity(["Jk Ad", "Jk Kc"], "Ac Kd 2s 7h", wild="joker", deck=54)
    assert got.runs == 46 and got == pe.equity([[52, 49], [53, 44]], [48, 45, 3, 23], wild="joker", deck=54)
    with pytest.raises(ValueError, match=r"^the board: a third joker at position 1: a deck has two$"):
        pe.equity(["Jk Ad", "Jk Kc"], "Jk Kd 2s 7h", wild="joker", deck=54)
    with pytest.raises(ValueError, match=r"^hand 2: a third joker at position 2: a deck has two$"):
        pe.equity(["Jk Jk", "Ad Jk"], "Kd 2s 7h", wild="joker", deck=54)


def test_wild_equity_monte_carlo_is_near_exact() -> None:
    exact = pe.equity(["Qs Js", "9h 9d"], "Ts 9c 2s", wild="joker")
    sampled = pe.equity(["Qs Js", "9h 9d"], "Ts 9c 2s", wild="joker", samples=40_000, seed=11)
    error = (exact.equity[0] * (1 - exact.equity[0]) / 40_000) ** 0.5
    assert abs(sampled.equity[0] - exact.equity[0]) < 4 * error
    assert sampled == pe.equity(["Qs Js", "9h 9d"], "Ts 9c 2s", wild="joker", samples=40_000, seed=11)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"wild": "joker", "deck": 55}, "deck must be 52, 53 or 54 cards, got 55"),
        ({"deck": 53}, "deck= sets the jokers of a wild game; pass wild= too"),
        ({"wild": "deuces", "deck": 53}, "deuces wild plays the 52 cards without jokers, got deck=53"),
        ({"wild": "joker", "game": "razz"}, "razz has no wild cards"),
    ],
)
def test_bad_wild_equity_calls(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as info:
        pe.equity(["As Ad", "Kh Kc"], "Ac Kd 2s 7h", **kwargs)
    assert message in str(info.value)


def test_joker_ids_are_numbered_as_text_is() -> None:
    # Text writes both jokers "Jk", so a repeated joker id in a hand is the deck's other
    # joker, whichever id was repeated; only a third joker is refused.  A batch row takes its
    # ids as they are: the same id twice there is named as such, not as a third joker.
    five_aces = pe.evaluate("As Ad Ah Jk Jk", wild="joker")
    for ids in ([52, 52, 50, 49, 48], [53, 53, 50, 49, 48], [53, 52, 50, 49, 48]):
        assert pe.evaluate(ids, wild="joker") == five_aces
    with pytest.raises(ValueError, match=r"^a third joker at position 3: a deck has two$"):
        pe.evaluate([53, 53, 53, 49, 48], wild="joker")
    with pytest.raises(ValueError, match=r"^row 0: joker id 53 twice, at positions 1 and 2"):
        pe.evaluate_batch(np.array([[53, 53, 50, 49, 48]], np.uint8), wild="joker")
    rows = np.array([[52, 53, 50, 49, 48]], np.uint8)
    assert pe.evaluate_batch(rows, wild="joker")[0] == five_aces
    with pytest.raises(ValueError, match=r"^row 0: card id 54 out of range 0\.\.53 at position 1$"):
        pe.evaluate_batch(np.array([[54, 53, 50, 49, 48]], np.uint8), wild="joker")
