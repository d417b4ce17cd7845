"""Tests of pokereval.equity: exact equity against published counts and against a slow
enumeration written here over tests/reference.py; Monte Carlo against exact results.

Expected values come from published counts (GNU poker-eval), from the rules (outs counted
by hand in the comments, runout counts as binomials) or from ``ref_equity`` below, which
deals every runout in plain Python and values hands with reference.py; never from the
code under test.
"""

from __future__ import annotations

import dataclasses
import math
import pickle
import random
import struct
import sys
import threading
import time
import types
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from itertools import combinations, product
from typing import Any

import pytest
import reference as ref

import pokereval
import pokereval as pe
from pokereval import Card, Category
from pokereval.equity import EXACT_LIMIT, CategoryShare, EquityResult, equity
from pokereval.ranges import Range

Combo = tuple[int, ...]


def ids(text: str) -> list[int]:
    return ref.ref_cards(text)


def ref_equity(
    players: Sequence[Sequence[tuple[Combo, float]]],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    game: str = "holdem",
) -> tuple[list[float], list[int], list[int], int]:
    """(equity, wins, ties, runs) by dealing everything, from the rules.

    Each player has a list of (hole cards, weight); every deal of one holding per player
    that repeats no card (nor a board or dead card) is played over every completion of
    the board, weighted by the product of the weights.  A pot splits equally among the
    best hands; in hi-lo half goes to the best high and half to the best 8-or-better low,
    or all to the high without a qualifying low.  A win is a whole pot, a tie a part.
    """
    n = len(players)
    shares = [Fraction(0)] * n
    wins, ties = [0] * n, [0] * n
    total, runs = Fraction(0), 0
    fixed = set(board) | set(dead)
    for deal in product(*players):
        cards = [c for hole, _ in deal for c in hole]
        if len(set(cards)) != len(cards) or fixed & set(cards):
            continue
        weight = Fraction(math.prod(w for _, w in deal))
        deck = [c for c in range(52) if c not in fixed and c not in cards]
        for rest in combinations(deck, 5 - len(board)):
            full = [*board, *rest]
            got = [Fraction(0)] * n
            if game == "holdem":
                pots = [([ref.best_high([*hole, *full]) for hole, _ in deal], Fraction(1))]
            else:
                high = [ref.omaha_high(hole, full) for hole, _ in deal]
                low = [ref.omaha_low(hole, full) for hole, _ in deal] if game == "omaha-hilo" else []
                if any(v is not None for v in low):
                    lows = [v if v is not None else (-99,) for v in low]
                    pots = [(high, Fraction(1, 2)), (lows, Fraction(1, 2))]
                else:
                    pots = [(high, Fraction(1))]
            for values, pot in pots:
                best = max(values)
                winners = [i for i, v in enumerate(values) if v == best]
                for i in winners:
                    got[i] += pot / len(winners)
            for i in range(n):
                shares[i] += weight * got[i]
                wins[i] += got[i] == 1
                ties[i] += 0 < got[i] < 1
            total += weight
            runs += 1
    return [float(s / total) for s in shares], wins, ties, runs


def hands_of(*texts: str) -> list[list[tuple[Combo, float]]]:
    return [[(tuple(ids(t)), 1.0)] for t in texts]


Expected = tuple[list[float], list[int], list[int], int]


def check_against_reference(result: EquityResult, expected: Expected) -> None:
    eq, wins, ties, runs = expected
    assert result.runs == runs
    assert result.wins == tuple(wins)
    assert result.ties == tuple(ties)
    assert result.equity == pytest.approx(eq, abs=1e-12)
    assert result.exact
    assert sum(result.equity) == pytest.approx(1.0, abs=1e-12)


# ---- exact: published counts and the rules ----------------------------------------------------


def test_aces_against_kings_preflop_matches_gnu_poker_eval() -> None:
    # GNU poker-eval's hcmp2, quoted at brainwagon.org/2005/04/09/texas-holdem-trivia:
    # Ac Ad wins 1388072, Ks Kh 317694, 6538 ties of 1712304 = C(48,5) boards.
    r = equity(["AdAc", "KhKs"])
    assert r.runs == 1712304 == math.comb(48, 5)
    assert r.wins == (1388072, 317694)
    assert r.ties == (6538, 6538)
    assert r.equity[0] == pytest.approx((1388072 + 6538 / 2) / 1712304, abs=1e-12)
    assert 0.81 < r.equity[0] < 0.82  # "AA vs KK ~ 81-82%"


def test_ten_nine_suited_against_aces_matches_gnu_poker_eval() -> None:
    # Same source: Ac Ad 1338249 wins, Td 9d 367143, 6912 ties.
    r = equity(["AdAc", "Td9d"])
    assert (r.wins, r.ties, r.runs) == ((1338249, 367143), (6912, 6912), 1712304)


def test_runout_counts_are_binomials() -> None:
    assert equity(["AsAd", "KhKc", "QsQc"]).runs == math.comb(46, 5)
    assert equity(["AsAd", "KhKc"], board="2c7d9h").runs == math.comb(45, 2)
    assert equity(["AsAd", "KhKc"], board="2c7d9h", dead="3s4s").runs == math.comb(43, 2)
    assert equity(["AsAd", "KhKc"], board="2c7d9hJs").runs == 44
    assert equity(["AsAd", "KhKc"], board="2c7d9hJs3s").runs == 1


def test_outs_on_the_turn() -> None:
    # AhKh against QsQd on 2h 7h 9c Jd: nine hearts, three aces and three kings win (15 of 44);
    # no river splits.
    r = equity(["AhKh", "QsQd"], board="2h7h9cJd")
    assert r.wins == (15, 29) and r.ties == (0, 0) and r.runs == 44
    assert r.equity == (15 / 44, 29 / 44)


def test_board_plays_is_a_split() -> None:
    # A royal flush on the board: every hand plays it.
    r = equity(["2c3d", "4h5h", "7c8d"], board="AsKsQsJsTs")
    assert r.equity == pytest.approx((1 / 3, 1 / 3, 1 / 3))
    assert r.wins == (0, 0, 0) and r.ties == (1, 1, 1)


def test_split_pots_are_counted_on_the_turn() -> None:
    # AcKd against AhKs on Qc Jd Th 2s: both have the ace-high straight already, and only a
    # flush could break the tie: the board holds no three of a suit, so every river splits.
    r = equity(["AcKd", "AhKs"], board="QcJdTh2s")
    assert r.equity == (0.5, 0.5)
    assert r.ties == (44, 44) and r.wins == (0, 0)


@pytest.mark.parametrize(
    ("holes", "board"),
    [
        (("AhKh", "QsQd"), "2h7c9h"),  # AKs against QQ on a flop (published preflop: ~46/54)
        (("AsKs", "QhQd"), "2s3dTc"),
        (("7c7d", "8h9h", "AsJs"), "6h7hTs"),  # three players, draws everywhere
    ],
)
def test_flop_matches_reference(holes: tuple[str, ...], board: str) -> None:
    expected = ref_equity(hands_of(*holes), ids(board))
    check_against_reference(equity(list(holes), board=board), expected)


def test_turn_with_dead_cards_matches_reference() -> None:
    holes, board, dead = ("AhKh", "QsQd", "Jc9c"), "2h7c9hTd", "Ah"
    with pytest.raises(ValueError, match="duplicate card 'Ah' in hand 1 and the dead cards"):
        equity(list(holes), board=board, dead=dead)
    dead = "3h4h8c"
    expected = ref_equity(hands_of(*holes), ids(board), ids(dead))
    check_against_reference(equity(list(holes), board=board, dead=dead), expected)


def test_random_turns_match_reference(rng: random.Random) -> None:
    for _ in range(12):
        players = rng.randint(2, 6)
        cards = rng.sample(range(52), 2 * players + 4)
        holes = [cards[2 * i : 2 * i + 2] for i in range(players)]
        board = cards[2 * players :]
        expected = ref_equity([[(tuple(h), 1.0)] for h in holes], board)
        check_against_reference(equity(holes, board=board), expected)


def test_cards_as_card_objects_and_ids() -> None:
    by_text = equity(["AhKh", "QsQd"], board="2h7h9cJd")
    board = [Card(c) for c in ids("2h7h9cJd")]
    by_cards = equity([[Card("Ah"), Card("Kh")], (Card("Qs"), Card("Qd"))], board=board)
    by_ids = equity([ids("AhKh"), ids("QsQd")], board=ids("2h7h9cJd"))
    assert by_text == by_cards == by_ids


# ---- Omaha ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "holes", "board"),
    [
        ("omaha", ("AsAhKd7c", "QcJcTd9d"), "2s5h8c3d"),
        ("omaha", ("AsKsQs2c", "AhKhQh2d", "7c8c9dTd"), "Js4s3h6d"),  # five-card PLO vs four
        ("omaha-hilo", ("As2sKd7c", "Ac3cQd4h"), "5s6h9cKh"),  # both have lows
        ("omaha-hilo", ("As2sKd7c", "QcJcTd9d"), "KsKh9c3d"),  # a low only some rivers
        ("omaha", ("AsKsQs2c5h6h", "AhKhQh2d7d8d"), "Js4s3hTc"),  # PLO6
    ],
)
def test_omaha_turn_matches_reference(game: str, holes: tuple[str, ...], board: str) -> None:
    expected = ref_equity(hands_of(*holes), ids(board), game=game)
    check_against_reference(equity(list(holes), board=board, game=game), expected)


@pytest.mark.slow
def test_omaha_hilo_flop_matches_reference() -> None:
    holes, board = ("As2sKd7c", "Ac3cQd4h"), "5s6hKh"
    expected = ref_equity(hands_of(*holes), ids(board), game="omaha-hilo")
    check_against_reference(equity(list(holes), board=board, game="omaha-hilo"), expected)


def test_omaha_hilo_quartered() -> None:
    # Board 3c 4d 5h Ks Qd.  Hand 1 As 2s 9c 9d: A-2 makes the wheel (high) and 5-4-3-2-A (low).
    # Hand 2 Ah 2h 6c 7d: 6-7 makes a seven-high straight, A-2 the same nut low.  Hand 2 takes
    # the high half and the low half splits: 1/4 and 3/4, neither scoops.
    r = equity(["As2s9c9d", "Ah2h6c7d"], board="3c4d5hKsQd", game="omaha-hilo")
    assert r.equity == (0.25, 0.75)
    assert r.wins == (0, 0) and r.ties == (1, 1)


# ---- ranges --------------------------------------------------------------------------------


def pairs(rank: str, weight: float = 1.0) -> list[tuple[Combo, float]]:
    """Every combo of a pair, written out from the rules (6 of them)."""
    return [
        ((4 * ref.RANK_CHARS.index(rank) + a, 4 * ref.RANK_CHARS.index(rank) + b), weight)
        for a, b in combinations(range(4), 2)
    ]


def suited(high: str, low: str, weight: float = 1.0) -> list[tuple[Combo, float]]:
    h, lo = ref.RANK_CHARS.index(high), ref.RANK_CHARS.index(low)
    return [((4 * h + s, 4 * lo + s), weight) for s in range(4)]


def test_hand_against_range_on_the_turn_matches_reference() -> None:
    board = "2c7d9hJs"
    hero = [((*ids("AhAd"),), 1.0)]
    villain = pairs("Q") + pairs("K") + pairs("A") + suited("A", "K")
    expected = ref_equity([hero, villain], ids(board))
    check_against_reference(equity(["AhAd", "QQ+,AKs"], board=board), expected)
    # The same range as a Range object, and as its combos one by one with the hero as text.
    check_against_reference(equity(["AhAd", Range("AKs,QQ+")], board=board), expected)


def test_weighted_ranges_match_reference() -> None:
    board = "2c7d9hJsTd"
    villain = pairs("A", 0.25) + pairs("Q") + suited("J", "T", 0.5)
    hero = [((*ids("KhKd"),), 1.0)]
    expected = ref_equity([hero, villain], ids(board))
    r = equity(["KhKd", "AA:0.25,QQ,JTs:0.5"], board=board)
    assert r.equity == pytest.approx(expected[0], abs=1e-12)
    assert (r.wins, r.ties, r.runs) == (tuple(expected[1]), tuple(expected[2]), expected[3])


def test_weighted_range_on_the_river_counted_by_hand() -> None:
    # Ad Ac against QQ+,AKs,T9s,JJ:0.4 on 2c 7d 9h Js 3s.  Combos that fit: QQ 6, KK 6, AA 1
    # (Ah As), AKs 2 (AhKh, AsKs), T9s 3 (not Th9h: 9h is on the board), JJ 3 (not with Js).
    # Aces beat QQ, KK, AK and T9 (17 combos), split with Ah As and lose to a set of jacks
    # (3 combos of weight 0.4): equity (17 + 1/2) / (18 + 1.2).
    r = equity(["AdAc", "QQ+,AKs,T9s,JJ:0.4"], board="2c7d9hJs3s")
    assert r.equity[0] == pytest.approx(17.5 / 19.2, abs=1e-12)
    assert r.runs == 21 and r.wins == (17, 3) and r.ties == (1, 1)


def test_range_against_range_with_collisions_matches_reference() -> None:
    board = "Ac7d9hJs"
    a = pairs("K") + suited("A", "K")
    b = pairs("A") + pairs("K") + suited("K", "Q")
    c = [((*ids("QdJd"),), 1.0)]
    expected = ref_equity([a, b, c], ids(board))
    check_against_reference(equity(["KK,AKs", "AA,KK,KQs", "QdJd"], board=board), expected)


def test_range_combos_that_hit_a_known_hand_are_not_counted() -> None:
    # As Ad against "AA": only Ah Ac can be dealt, so this is one deal of C(48, 5) boards
    # (under the exact limit) and the same as the hand itself.
    r = equity(["AsAd", "AA"])
    assert r.runs == math.comb(48, 5)
    assert r == equity(["AsAd", "AhAc"])


def test_range_dealt_with_the_board_removed() -> None:
    # QQ+ with Qs on the board leaves 3 + 6 + 6 = 15 combos; on the river each deal is one run.
    r = equity(["QQ+", "2c3c"], board="Qs7d9hJs4c")
    assert r.runs == 3 + 6 + 6


# ---- Monte Carlo ---------------------------------------------------------------------------


def within_4_se(result: EquityResult, exact: Sequence[float]) -> None:
    """Each share is in [0, 1], so its variance is at most p (1 - p): 4 standard errors."""
    for got, p in zip(result.equity, exact):
        se = math.sqrt(max(p * (1 - p), 1e-12) / result.runs)
        assert abs(got - p) <= 4 * se, (got, p, se)


def test_monte_carlo_near_exact_preflop() -> None:
    exact = equity(["AdAc", "KhKs"]).equity
    r = equity(["AdAc", "KhKs"], samples=200_000, seed=20261129)
    assert r.runs == 200_000 and not r.exact and r.seed == 20261129
    within_4_se(r, exact)
    assert sum(r.equity) == pytest.approx(1.0, abs=1e-12)


def test_monte_carlo_near_exact_six_players_with_dead_cards() -> None:
    holes = ["AsKd", "QhQc", "7s6s", "2d2h", "JcTc", "9h8d"]
    exact = equity(holes, board="Ks", dead="3c").equity  # C(38, 4) = 73,815 runouts
    r = equity(holes, board="Ks", dead="3c", samples=100_000, seed=5)
    within_4_se(r, exact)


def test_monte_carlo_ranges_near_exact() -> None:
    board = "2c7d9h"
    exact = equity(["AhAd", "QQ+,AKs,JTs"], board=board)
    r = equity(["AhAd", "QQ+,AKs,JTs"], board=board, samples=100_000, seed=3)
    within_4_se(r, exact.equity)


def test_monte_carlo_draws_combos_by_weight() -> None:
    # River, KhKd against AA:0.25 (KK loses; 6 combos) and QQ (KK wins; 6 combos): exact
    # weighted equity 6 / (6 + 1.5) = 0.8; uniform draws would give 0.5.
    r = equity(["KhKd", "AA:0.25,QQ"], board="2c7d9hJs3s", samples=50_000, seed=11)
    within_4_se(r, [0.8, 0.2])
    assert equity(["KhKd", "AA:0.25,QQ"], board="2c7d9hJs3s").equity == pytest.approx((0.8, 0.2))


def test_monte_carlo_omaha_near_exact() -> None:
    holes, board = ["As2sKd7c", "Ac3cQd4h", "JhTh9s8s"], "5s6h9c"
    exact = equity(holes, board=board, game="omaha-hilo").equity
    r = equity(holes, board=board, game="omaha-hilo", samples=60_000, seed=8)
    within_4_se(r, exact)


def test_same_seed_same_result_different_seeds_differ() -> None:
    a = equity(["AsKs", "QhQd", "7c7d"], samples=20_000, seed=42)
    b = equity(["AsKs", "QhQd", "7c7d"], samples=20_000, seed=42)
    c = equity(["AsKs", "QhQd", "7c7d"], samples=20_000, seed=43)
    assert a == b
    assert a.equity != c.equity
    ra = equity(["AsKs", "QQ+,AK"], samples=5_000, seed=42)
    assert ra == equity(["AsKs", "QQ+,AK"], samples=5_000, seed=42)
    assert ra.equity != equity(["AsKs", "QQ+,AK"], samples=5_000, seed=43).equity


def test_no_seed_draws_one_and_records_it() -> None:
    a = equity(["AsKs", "QhQd"], samples=5_000)
    assert a.seed is not None and 0 <= a.seed < 2**64
    assert equity(["AsKs", "QhQd"], samples=5_000, seed=a.seed) == a
    b = equity(["AsKs", "QhQd"], samples=5_000)
    assert b.seed != a.seed
    assert equity(["AsKs", "QhQd"], board="2c3d4h").seed is None  # exact: no seed used


def test_monte_carlo_draws_boards_uniformly() -> None:
    # A flop where single cards decide (any ten, any spade, the case ace...): a draw that
    # favoured some cards of the deck would move the result away from the exact one.
    r = equity(["AsAd", "Th9h"], board="KsQsJs", dead="", samples=200_000, seed=9)
    exact = equity(["AsAd", "Th9h"], board="KsQsJs").equity
    within_4_se(r, exact)


# ---- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"hands": ["AsAd"]}, ValueError, "2 to 10 hands, got 1"),
        ({"hands": [f"{r}c{r}d" for r in "23456789TJQ"]}, ValueError, "got 11"),
        ({"hands": ["AsAd", "AsKc"]}, ValueError, "duplicate card 'As' in hand 1 and hand 2"),
        ({"hands": ["AsAd", "KsKc"], "board": "Ad2c3c"}, ValueError, "'Ad' in hand 1 and the board"),
        ({"hands": ["AsAd", "KsKc"], "board": "2c3c4c", "dead": "4c"}, ValueError, "the board and the dead"),
        ({"hands": ["AsAdKc", "QsQc"]}, ValueError, "hand 1 has 3 cards; this game deals 2 hole cards"),
        ({"hands": ["AsAd", "KsKc"], "board": "2c3c4c5c6c7c"}, ValueError, "6 cards; at most 5"),
        ({"hands": ["AsAd", "KsKc"], "game": "badugi"}, ValueError, "equity supports"),
        ({"hands": ["AsAd", "KsKc"], "game": "go fish"}, ValueError, "unknown game"),
        ({"hands": ["AsAdKsKc", "QsQc"], "game": "omaha"}, ValueError, "hand 2 has 2 cards"),
        ({"hands": ["AsAdKsKc", "QsQcJsJc2c"], "game": "omaha"}, ValueError, "same number of hole cards"),
        ({"hands": ["AsAdKsKc", "QQ+"], "game": "omaha"}, ValueError, "hand 2"),
        ({"hands": ["AsAd", "KsKc"], "samples": 0}, ValueError, "samples must be a positive int"),
        ({"hands": ["AsAd", "KsKc"], "samples": 1.5}, TypeError, "samples must be an int"),
        ({"hands": ["AsAd", "KsKc"], "samples": True}, TypeError, "samples must be an int"),
        ({"hands": ["AsAd", "KsKc"], "samples": 10, "seed": -1}, ValueError, r"seed must be in 0..2\*\*64-1"),
        ({"hands": ["AsAd", "KsKc"], "samples": 10, "seed": "x"}, TypeError, "seed must be an int"),
        ({"hands": ["22+,A2+,K2+"] * 3}, ValueError, "would take about .* pass samples="),
        ({"hands": ["KsKd", "AA"], "board": "AhAc2c", "dead": "As"}, ValueError, "hand 2 .'AA'. has no"),
        ({"hands": ["AA", "AA", "AA"], "board": "2c3c4c"}, ValueError, "no deal"),
        ({"hands": ["AsAd", "AKx"]}, ValueError, "hand 2 'AKx' is neither cards .* nor a range .*'x'"),
        ({"hands": ["AsXd", "KsKc"]}, ValueError, "hand 1"),
        ({"hands": "AsAdKsKc"}, TypeError, "list of hands"),
        ({"hands": ["AsAd", 3.5]}, TypeError, "hand 2"),
    ],
)
def test_errors_name_the_problem(kwargs: dict[str, object], error: type[Exception], match: str) -> None:
    hands = kwargs.pop("hands")
    with pytest.raises(error, match=match):
        equity(hands, **kwargs)  # type: ignore[arg-type]


def test_exact_limit_is_an_estimate_of_the_work_left() -> None:
    # Three ranges of pairs preflop: 216 deals, merged by suits into a few dozen: exact.
    assert equity(["QQ", "KK", "AA"]).exact
    # Six wide ranges cannot be listed, let alone played: refused at once, with a time.
    with pytest.raises(ValueError, match=r"would take about [\d,.]+ (s|min|h|days) on one thread") as info:
        equity(["22+,A2+,K2+,Q2+"] * 6)
    assert f"more than the {EXACT_LIMIT:g} s allowed" in str(info.value)
    assert "EXACT_LIMIT" not in str(info.value)
    assert str(info.value).endswith("or a larger exact_limit= (seconds)")
    assert equity(["QQ", "KK", "AA"], samples=1000, seed=1).runs == 1000


def test_exact_limit_moves_the_line() -> None:
    # Pairs against pairs preflop: a few dozen deals after merging suits, well under 20 s,
    # and far over a microsecond.
    assert equity(["QQ", "KK", "AA"]).exact
    with pytest.raises(ValueError, match=r"more than the 1e-06 s allowed; pass samples="):
        equity(["QQ", "KK", "AA"], exact_limit=1e-6)
    # A spot small enough for one core call keeps to the limit too.
    assert equity(["AhKh", "QQ+,AKs,T9s"], board="2h7h9c").exact
    with pytest.raises(ValueError, match=r"more than the 1e-06 s allowed"):
        equity(["AhKh", "QQ+,AKs,T9s"], board="2h7h9c", exact_limit=1e-6)
    # Stud counts runouts: C(43, 2) boards for the first hand's two cards times C(41, 3) for
    # the second's three is 9,625,980, over the 5,000,000 of the default 20 s, under the
    # 10,000,000 of 40 s.
    stud = ["As Ad Kc Kd 7h", "Qh Qd Qc 9s"]
    with pytest.raises(ValueError, match="9,625,980 runouts, more than the 5,000,000 allowed"):
        equity(stud, game="stud")
    assert equity(stud, game="stud", exact_limit=40).runs == math.comb(43, 2) * math.comb(41, 3)
    assert equity(stud, game="stud", exact_limit=float("inf")).exact


@pytest.mark.parametrize(
    ("limit", "error"),
    [(0, ValueError), (-1.0, ValueError), (float("nan"), ValueError), ("5", TypeError), (True, TypeError)],
)
def test_exact_limit_must_be_positive_seconds(limit: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="exact_limit must be a"):
        equity(["AsAd", "KcKd"], board="2c 7d 9h", exact_limit=limit)  # type: ignore[arg-type]


def test_not_enough_cards_to_deal() -> None:
    holes = [[2 * i, 2 * i + 1] for i in range(10)]  # 20 cards
    dead = list(range(20, 48))  # 28 more: 4 left for a board of 5
    message = "not enough cards: 10 hands of 2, 0 on the board and 28 dead leave 4"
    with pytest.raises(ValueError, match=message):
        equity(holes, dead=dead)
    assert equity(holes, dead=dead[1:]).runs == 1


def test_many_players_all_cards() -> None:
    # Ten players and a flop: 52 - 20 - 3 = 29 cards left, C(29, 2) = 406 runouts.
    deck = list(range(52))
    holes = [deck[2 * i : 2 * i + 2] for i in range(10)]
    r = equity(holes, board=deck[20:23])
    assert r.runs == math.comb(29, 2)
    assert sum(r.equity) == pytest.approx(1.0)


# ---- the fast exact path against the plain one ----------------------------------------------

_equity_module = sys.modules["pokereval.equity"]


def plain(hands: Sequence[object], board: object = None, dead: object = None) -> EquityResult:
    """Every deal and every runout one by one: no rank grouping, no suit isomorphism."""
    return _equity_module._equity(  # type: ignore[no-any-return]
        hands,
        board,
        dead=dead,
        game="holdem",
        samples=None,
        seed=None,
        wild=None,
        deck=None,
        threads=1,
        progress=None,
        plain=True,
    )


def test_iso_path_equals_plain_path_bit_for_bit(rng: random.Random) -> None:
    # 2,000 random flop, turn and river spots, 2 to 9 players, with and without dead cards.
    for _ in range(2000):
        players = rng.randint(2, 9)
        nboard = rng.choice((3, 4, 5))
        cards = rng.sample(range(52), 2 * players + nboard + rng.choice((0, 0, 3)))
        holes = [cards[2 * i : 2 * i + 2] for i in range(players)]
        board = cards[2 * players : 2 * players + nboard]
        dead = cards[2 * players + nboard :]
        fast, slow = equity(holes, board=board, dead=dead), plain(holes, board, dead)
        assert fast == slow and fast.categories == slow.categories, (holes, board, dead)


def test_iso_path_equals_plain_path_preflop_on_small_decks(rng: random.Random) -> None:
    # Preflop with most of the deck dead, so the plain path stays quick; suited hands
    # and suits that nothing tells apart are common here.
    for _ in range(60):
        players = rng.randint(2, 4)
        cards = rng.sample(range(52), 2 * players + rng.randint(24, 32))
        holes = [cards[2 * i : 2 * i + 2] for i in range(players)]
        dead = cards[2 * players :]
        assert equity(holes, dead=dead) == plain(holes, dead=dead), (holes, dead)


def test_iso_path_equals_plain_path_for_ranges() -> None:
    # Deals merged by suit renaming against every deal played: the same integer sums.
    for hands, board in [
        (["QQ+,AKs", "JJ-88,AQo"], "2c7d9hTs"),
        (["AA,KK", "AKs,QQ", "JTs"], "Ah9c2d"),
        (["22,33", "AKs,AKo"], "4c5c6d7h"),
    ]:
        fast, slow = equity(hands, board=board), plain(hands, board)
        assert fast == slow and fast.categories == slow.categories


def shares_of(result: EquityResult) -> list[float]:
    """Every share and won fraction of every player's categories, in order."""
    return [x for player in result.categories for share in player.values() for x in share]


def test_small_spots_take_one_core_call_and_equal_the_chunked_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small exact work (csrc/equity_ranges.c, one call) against the path that lists the
    deals in Python and cuts them into chunks: the same integers, equity to the last bit
    but for the order of a weighted sum."""
    exact_room = sys.modules["pokereval.equity.exact"]
    spots: list[tuple[list[str], str | None, str | None]] = [
        (["AhKh", "QQ+,AKs,T9s"], "2h7h9c", None),
        (["AhKh", "QQ+,AKs,T9s"], "2h7h9cJd", None),
        (["AA,KK:0.5,T9s:0.25", "22+"], "Ah9c2d", "3s"),
        (["AsKs", "QdQc", "7h6h"], None, None),
        (["KTs+,QJo", "8c8d", "A2s+"], "Ts9s2c4h", None),
        (["AA,KK:0.5,T9s:0.25", "22+"], "Ah9c2d5h", None),
        (["AA,KK:0.5,T9s:0.25", "22+", "QJs"], "Ah9c2d5hJc", "3s"),
        (["AhKh", "random"], "2h7h9cJdQs", None),
    ]
    fast = [equity(h, board=b, dead=d) for h, b, d in spots]

    def no_chunks(*args: object, **kwargs: object) -> object:
        raise AssertionError("a small spot went through the chunked path")

    with monkeypatch.context() as m:
        m.setattr(sys.modules["pokereval.equity"], "exact", no_chunks)
        assert [equity(h, board=b, dead=d) for h, b, d in spots] == fast
    monkeypatch.setattr(exact_room, "SMALL_DEALS", 0)
    for (hands, board, dead), one in zip(spots, fast):
        listed = equity(hands, board=board, dead=dead)
        assert (one.wins, one.ties, one.runs) == (listed.wins, listed.ties, listed.runs)
        assert one.equity == pytest.approx(listed.equity, rel=1e-12)
        assert shares_of(one) == pytest.approx(shares_of(listed))


def _kept_spots() -> dict[Any, Any]:
    spots: dict[Any, Any] = sys.modules["pokereval.equity"]._SPOTS
    return spots


def test_a_spot_asked_again_skips_the_set_up_and_runs_the_core_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """equity() keeps the core call of a small spot given in text: asked again, it neither
    reads nor checks the text (read_hand would fail here) but plays the spot anew in the
    core, to the same result, labels and categories included."""
    room = sys.modules["pokereval.equity"]
    core = sys.modules["pokereval._core"]
    spots = [
        (["AhKh", "QQ+,AKs,T9s"], "2h7h9c"),
        (["AhKh", "QQ+,AKs:0.5,T9s"], "2h 7h 9c Jd"),
        (["AsKs", "QdQc", "7h6h"], "2c 3d 4h"),
        (("AsKs", "QdQc"), None),  # the shipped preflop table
    ]
    _kept_spots().clear()
    first = [equity(h, board=b) for h, b in spots]
    assert len(_kept_spots()) == len(spots)
    calls = []
    one_call = core.equity_exact_ranges

    def counted(*args: Any) -> Any:
        calls.append(1)
        return one_call(*args)

    def unread(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a kept spot read its text again")

    monkeypatch.setattr(core, "equity_exact_ranges", counted)
    monkeypatch.setattr(room, "read_hand", unread)
    again = [equity(h, board=b) for h, b in spots]
    assert len(calls) == 3  # each spot but the table's played again: no result is kept
    for one, two in zip(first, again):
        assert one == two and one is not two
        assert one.hands == two.hands and shares_of(one) == shares_of(two)
    assert again[0].hands == ("AhKh", "QQ+,AKs,T9s")


def test_a_small_spot_result_holds_what_the_long_way_builds(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small spot's result is built without the dataclass's ``__init__``: first asked or
    asked again, it holds what the chunked path's ``EquityResult(...)`` holds, every field
    in the instance in the class's order and of the same types, and pickles and prints
    alike; each call has categories of its own (played anew, not kept)."""
    exact_room = sys.modules["pokereval.equity.exact"]
    spots: list[tuple[list[str], str, str | None]] = [
        (["AhKh", "QQ+,AKs,T9s"], "2h7h9c", None),
        (["AhKh", "QQ+,AKs,T9s"], "2h7h9cJd", None),
        (["AA,KK:0.5,T9s:0.25", "22+"], "Ah9c2d", "3s"),
        (["KTs+,QJo", "8c8d", "A2s+"], "Ts9s2c4h", None),
        (["AA,KK:0.5,T9s:0.25", "22+", "QJs"], "Ah9c2d5hJc", "3s"),
        (["AsKs", "QdQc", "7h6h", "2c2d"], "Tc 3d 4h", None),
    ]
    _kept_spots().clear()
    first = [equity(h, board=b, dead=d) for h, b, d in spots]
    assert len(_kept_spots()) == len(spots)
    again = [equity(h, board=b, dead=d) for h, b, d in spots]
    monkeypatch.setattr(exact_room, "SMALL_DEALS", 0)
    listed = [equity(h, board=b, dead=d) for h, b, d in spots]
    names = [f.name for f in dataclasses.fields(EquityResult)]
    for (hands, _, _), one, two, slow in zip(spots, first, again, listed):
        assert list(vars(slow)) == names
        for result in (one, two):
            assert list(vars(result)) == names
            assert [type(v) for v in vars(result).values()] == [type(v) for v in vars(slow).values()]
            for name in ("equity", "wins", "ties"):
                got, want = getattr(result, name), getattr(slow, name)
                assert len(got) == len(hands) and [type(x) for x in got] == [type(x) for x in want]
            assert (result.wins, result.ties, result.runs) == (slow.wins, slow.ties, slow.runs)
            assert (result.exact, result.seed, result.hands) == (True, None, tuple(hands))
            assert result.equity == pytest.approx(slow.equity, rel=1e-12)
            assert shares_of(result) == pytest.approx(shares_of(slow))
            unpickled = pickle.loads(pickle.dumps(result))
            assert vars(unpickled) == vars(result) and repr(unpickled) == repr(result)
        assert vars(one) == vars(two) and repr(one) == repr(two)
        assert all(a is not b for a, b in zip(one.categories, two.categories))


def test_only_text_calls_of_the_defaults_kind_are_kept() -> None:
    """A list of cards, a Range, samples, a limit or a seed: the call goes the whole way
    (a list or a Range can change after the call, and the other options change the work)."""
    _kept_spots().clear()
    equity([["Ah", "Kh"], "QQ+"], board="2h7h9c")
    equity([Range("AhKh"), "QQ+"], board="2h7h9c")
    equity(["AhKh", "QQ+"], board=["2h", "7h", "9c"])
    equity(["AhKh", "QQ+"], board="2h7h9c", samples=1000, seed=1)
    equity(["AhKh", "QQ+"], board="2h7h9c", exact_limit=30.0)
    equity(["AhKh", "QQ+"], board="2h7h9c", threads=2)
    assert not _kept_spots()
    with pytest.raises(ValueError, match="duplicate card 'As'"):
        equity(["AsAd", "AsKc"], board="2c3d4h")
    assert not _kept_spots()  # an error keeps nothing
    with pytest.raises(ValueError, match="duplicate card 'As'"):
        equity(["AsAd", "AsKc"], board="2c3d4h")
    # A kept spot still refuses what its options refuse: the limit is not part of the spot.
    equity(["AhKh", "QQ+,AKs,T9s"], board="2h7h9c")
    assert len(_kept_spots()) == 1
    with pytest.raises(ValueError, match="exact_limit must be a positive"):
        equity(["AhKh", "QQ+,AKs,T9s"], board="2h7h9c", exact_limit=0.0)
    # And its seed, which exact equity does not use but checks all the same.
    with pytest.raises(TypeError, match="seed"):
        equity(["AhKh", "QQ+,AKs,T9s"], board="2h7h9c", seed="junk")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"seed must be in 0\.\.2"):
        equity(["AhKh", "QQ+,AKs,T9s"], board="2h7h9c", seed=-1)
    assert equity(["AhKh", "QQ+,AKs,T9s"], board="2h7h9c", seed=5) == equity(
        ["AhKh", "QQ+,AKs,T9s"], board="2h7h9c"
    )


def test_kept_spots_are_bounded_and_shared_by_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    room = sys.modules["pokereval.equity"]
    assert room._MAX_SPOTS == 1024  # as benchmarks/README.md says
    monkeypatch.setattr(room, "_MAX_SPOTS", 3)
    _kept_spots().clear()
    boards = ["2h7h9c", "2h7h9d", "2h7h9s", "2h7h8c", "2h7h8d"]
    want = {b: equity(["AhKh", "QQ+,AKs,T9s"], board=b) for b in boards}
    assert 1 <= len(_kept_spots()) <= 3
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda b: equity(["AhKh", "QQ+,AKs,T9s"], board=b), boards * 40))
    assert got == [want[b] for b in boards * 40]
    assert len(_kept_spots()) <= 3


def test_small_spots_equal_the_chunked_path_on_random_spots(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one-call path's three ways (by ranks and flushes before the turn, each row's
    value with every river on the turn, one value on the river) against the chunked path
    on random hands, ranges and weights, 2 to 4 players."""
    exact_room = sys.modules["pokereval.equity.exact"]
    rng = random.Random(24)
    texts = ["QQ+,AKs", "22+", "T9s:0.5,98s", "AKo:0.25,KQs", "A2s-A5s", "JJ-88:0.75", "random"]
    spots = []
    for _ in range(30):
        deck = rng.sample(range(52), 52)
        players = rng.randint(2, 4)
        hands: list[Any] = []
        for _ in range(players):
            if rng.random() < 0.5:
                hands.append([deck.pop(), deck.pop()])
            else:
                hands.append(rng.choice(texts))
        nboard = rng.choice([3, 4, 5])
        board = [deck.pop() for _ in range(nboard)]
        spots.append((hands, board))
    core = sys.modules["pokereval._core"]
    one_call = core.equity_exact_ranges
    answered = []

    def counted(*args: Any) -> Any:
        out = one_call(*args)
        answered.append(out[0] == 0)
        return out

    monkeypatch.setattr(core, "equity_exact_ranges", counted)
    fast: list[EquityResult | None] = []
    for hands, board in spots:
        try:
            fast.append(equity(hands, board=board))
        except ValueError:
            fast.append(None)  # too much work for a quick test, or no deal: the same below
    assert sum(answered) >= 20  # the spots the one-call path played
    monkeypatch.setattr(exact_room, "SMALL_DEALS", 0)
    played = 0
    for (hands, board), one in zip(spots, fast):
        if one is None:
            continue
        listed = equity(hands, board=board)
        assert (one.wins, one.ties, one.runs) == (listed.wins, listed.ties, listed.runs), (hands, board)
        assert one.equity == pytest.approx(listed.equity, rel=1e-12), (hands, board)
        assert shares_of(one) == pytest.approx(shares_of(listed))
        played += 1
    assert played >= 20


def test_small_spots_word_errors_like_the_chunked_path() -> None:
    with pytest.raises(ValueError, match="no deal without a card twice"):
        equity(["AA", "AA", "AA"], board="2c3d4h")
    with pytest.raises(ValueError, match=r"hand 2 .* has no combo left"):
        equity(["AsAd", "AA"], board="AhAc2d")


def test_the_small_spot_entry_checks_what_it_is_given() -> None:
    """_core.equity_exact_ranges (pokereval/_fastcall.c) reads bytes whose lengths must
    agree: rows of `hole` cards, a count per player, a weight per row.  Any disagreement,
    a wrong type, or ids the core refuses is an error or a code, never a read past the end."""
    core = sys.modules["pokereval._core"]
    hero, villain = bytes(ids("AhKh")), bytes(ids("QsQd") + ids("JsJd"))
    rows = hero + villain
    counts = struct.pack("=2I", 1, 2)
    board = bytes(ids("2h7h9c"))
    out = core.equity_exact_ranges(0, 2, 2, rows, counts, None, board, b"", 16_384)
    want = equity(["AhKh", "QsQd,JsJd"], board="2h7h9c")
    assert out[0] == 0 and out[1:5] == (want.equity, want.wins, want.ties, want.runs)
    assert out[5] == want.runs and len(out[6]) == 8 * (2 * core.EQ_FIELDS + 1)
    weights = struct.pack("=3d", 1.0, 1.0, 0.5)
    weighed = core.equity_exact_ranges(0, 2, 2, rows, counts, weights, board, b"", 16_384)
    assert weighed[1] == equity(["AhKh", "QsQd,JsJd:0.5"], board="2h7h9c").equity
    bad_lengths = [
        (0, 2, 2, rows[:-1], counts, None, board, b"", 16_384),  # a row cut short
        (0, 2, 2, rows + b"\x00\x01", counts, None, board, b"", 16_384),  # a row too many
        (0, 2, 2, rows, counts[:-1], None, board, b"", 16_384),  # a count short
        (0, 3, 2, rows, counts, None, board, b"", 16_384),  # a player without a count
        (0, 2, 2, rows, counts, weights[:-8], board, b"", 16_384),  # a weight short
        (0, 11, 2, rows, counts, None, board, b"", 16_384),  # too many players
        (0, 2, 0, rows, counts, None, board, b"", 16_384),  # no hole cards
        (0, 2, 2, rows, struct.pack("=2I", 1, 2**31), None, board, b"", 16_384),  # counts past the rows
        (0, 2, 2, rows, counts, None, board, b"", -1),  # a negative limit
    ]
    for args in bad_lengths:
        with pytest.raises(ValueError, match="exact_ranges"):
            core.equity_exact_ranges(*args)
    for at in (3, 4, 5, 6, 7):
        wrong: list[Any] = [0, 2, 2, rows, counts, None, board, b"", 16_384]
        wrong[at] = "text"
        with pytest.raises(TypeError, match="must be bytes"):
            core.equity_exact_ranges(*wrong)
    # Ids and games are the core's to refuse: a code, as the cffi call gave.
    assert core.equity_exact_ranges(0, 2, 2, b"\xff" + rows[1:], counts, None, board, b"", 16_384) == (
        core.ERR_CARD,
    )
    assert core.equity_exact_ranges(99, 2, 2, rows, counts, None, board, b"", 16_384) == (core.ERR_GAME,)
    assert core.equity_exact_ranges(0, 2, 2, rows, counts, None, board, b"", 1) == (1,)  # past max_deals


def test_preflop_exact_matches_reference_on_a_small_deck() -> None:
    # Preflop, three hands and 38 dead cards: C(8, 5) = 56 runouts, dealt by the reference.
    holes = ["AsKs", "QdQc", "7h6h"]
    dead = [c for c in range(52) if c not in ids("AsKsQdQc7h6h") and c not in ids("2s3s4h5d8c9hTsJh")]
    expected = ref_equity(hands_of(*holes), dead=dead)
    check_against_reference(equity(holes, dead=dead), expected)


def test_preflop_ranges_match_reference_on_a_small_deck() -> None:
    live = ids("AsAdKsKhQsQcJh2s3s4h5d8c9hTsJd")
    dead = [c for c in range(52) if c not in live]
    ranges = ["AA,KK", "QQ,AKs"]
    players = [
        [(tuple(ids(str(a) + str(b))), 1.0) for a, b in Range(r).combos if a in live and b in live]
        for r in ranges
    ]
    check_against_reference(equity(ranges, dead=dead), ref_equity(players, dead=dead))


def test_headline_spots_match_published_figures() -> None:
    # AsKs v QdQc preflop, and with 7h6h: OMPEval's figures (to the digits it prints).
    assert equity(["AsKs", "QdQc"]).equity == pytest.approx((0.46214457, 0.53785543), abs=1e-8)
    assert equity(["AsKs", "QdQc", "7h6h"]).equity == pytest.approx(
        (0.37794309, 0.39572090, 0.22633602), abs=1e-8
    )


# ---- categories -----------------------------------------------------------------------------


def test_categories_are_read_only_mappings_that_pickle() -> None:
    """A player's categories are worked out when first read; they read, compare, print and
    pickle like the dict they stand for, and refuse writes."""
    r = equity(["AhKh", "QQ+,AKs,T9s"], board="2h7h9c")
    hero = r.categories[0]
    assert len(hero) == len(Category) and list(hero) == list(Category)
    flush = hero[Category.FLUSH]
    assert isinstance(flush, CategoryShare) and 0 < flush.won <= flush.share < 1
    assert sum(share.won for share in hero.values()) == pytest.approx(r.equity[0])
    assert hero == dict(hero) and repr(hero) == repr(dict(hero))
    with pytest.raises(TypeError):
        hero[Category.FLUSH] = CategoryShare(0.0, 0.0)  # type: ignore[index]
    again = pickle.loads(pickle.dumps(r))
    assert again == r and [dict(c) for c in again.categories] == [dict(c) for c in r.categories]
    assert again.hands == r.hands == ("AhKh", "QQ+,AKs,T9s")
    # Threads that first read the same fresh result at once all see the same shares.
    fresh = [equity(["AhKh", "QQ+,AKs,T9s"], board="2h7h9c") for _ in range(50)]
    start = threading.Barrier(4)

    def read_all() -> list[dict[Category, CategoryShare]]:
        start.wait()
        return [dict(result.categories[1]) for result in fresh]

    with ThreadPoolExecutor(max_workers=4) as pool:
        seen = list(pool.map(lambda _: read_all(), range(4)))
    assert all(got == [dict(r.categories[1])] * 50 for got in seen)


def test_categories_match_reference_on_the_turn() -> None:
    holes, board = ["AhKh", "QsQd", "7c6c"], "2h7h9cJd"
    r = equity(holes, board=board)
    share = [[Fraction(0)] * 10 for _ in holes]
    won = [[Fraction(0)] * 10 for _ in holes]
    deck = [c for c in range(52) if c not in ids("".join(holes) + board)]
    for river in deck:
        full = [*ids(board), river]
        values = [ref.best_high([*ids(h), *full]) for h in holes]
        best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        for i, h in enumerate(holes):
            cat = ref.category_of([*ids(h), *full])
            share[i][cat] += Fraction(1, len(deck))
            if i in winners:
                won[i][cat] += Fraction(1, len(deck) * len(winners))
    for i in range(len(holes)):
        for cat in pokereval.Category:
            if cat <= pokereval.Category.ROYAL_FLUSH:
                assert r.categories[i][cat] == CategoryShare(float(share[i][cat]), float(won[i][cat]))
            else:  # five of a kind needs wild cards
                assert r.categories[i][cat] == CategoryShare(0.0, 0.0)
        assert sum(c.won for c in r.categories[i].values()) == pytest.approx(r.equity[i], abs=1e-12)
        assert sum(c.share for c in r.categories[i].values()) == pytest.approx(1.0, abs=1e-12)


def test_categories_in_monte_carlo_and_ranges_add_up() -> None:
    for r in (
        equity(["AsKs", "QQ+,AKo"], samples=50_000, seed=4),
        equity(["AsKs", "QQ+,AKo"], board="Qs7s2d"),
        equity(["As2sKd7c", "Ac3cQd4h"], board="5s6h9c", game="omaha-hilo"),
    ):
        for i, cats in enumerate(r.categories):
            assert sum(c.won for c in cats.values()) == pytest.approx(r.equity[i], abs=1e-12)
            assert sum(c.share for c in cats.values()) == pytest.approx(1.0, abs=1e-12)
    # Preflop AA ends with at least a pair every time.
    aces = equity([Range("AsAd"), "7c2h"]).categories[0]  # a Range: the engine, not the shipped table
    assert aces[pokereval.Category.HIGH_CARD].share == 0.0


# ---- bugs -----------------------------------------------------------------------------------


def test_tiny_weights_do_not_underflow() -> None:
    tiny = equity(["AA:1e-200", "KK:1e-200"], board="2c 3d 4h")
    assert tiny.equity == equity(["AA", "KK"], board="2c 3d 4h").equity
    assert not any(math.isnan(e) for e in tiny.equity)


def test_ranges_that_can_never_be_dealt_fail_at_once() -> None:
    # Nine pairs with their spades dead leave one combo of each rank for ten players.
    start = time.perf_counter()
    with pytest.raises(ValueError, match="no deal"):
        equity(["AA,KK,QQ,JJ,TT,99,88,77,66"] * 10, dead="As Ks Qs Js Ts 9s 8s 7s 6s", samples=1000, seed=1)
    with pytest.raises(ValueError, match="no deal"):
        equity(["AA,KK,QQ,JJ,TT,99,88,77,66"] * 10, dead="As Ks Qs Js Ts 9s 8s 7s 6s")
    assert time.perf_counter() - start < 5.0  # generous: the check itself takes milliseconds


def test_monte_carlo_deals_ranges_that_almost_always_collide() -> None:
    # Eight players on AA,KK,QQ,JJ use every one of the 16 cards: a random deal of eight
    # combos almost never fits, so they are dealt player by player (weighted runs).
    r = equity(["AA,KK,QQ,JJ"] * 8, samples=30_000, seed=2)
    assert sum(r.equity) == pytest.approx(1.0)
    for e in r.equity:  # the same range in every seat: each seat an eighth
        assert e == pytest.approx(1 / 8, abs=0.02)


def test_importance_sampling_matches_exact() -> None:
    # Three players on two ranks, river: few deals fit, exact is quick.
    hands, board = ["AA,KK", "AA,KK", "AA,KK"], "2c7d9hJs3s"
    exact = equity(hands, board=board).equity
    r = equity(hands, board=board, samples=40_000, seed=7)
    within_4_se(r, exact)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_two_ranges_that_meet_through_rare_combos_are_dealt_by_their_joint_law(seed: int) -> None:
    """The deals that fit hold a combo of weight 1e-5 (QdQc, or a JJ against AsKs).  Player by
    player, player 0 drew AsKs nearly always and weighed the rare QdQc deals 60,000 times
    more, so a million runs answered like a dozen: 0.33, 0.47, 0.18, 0.39 for seeds 1-4
    against 0.3545.  Two players are now dealt from their joint law, every run of weight 1."""
    hands, board = ["AsKs, QdQc:1e-5", "AsQh, KsQh, JJ:1e-5"], "2c7d9hJs"
    exact = equity(hands, board=board).equity
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # and no warning: the runs count in full
        r = equity(hands, board=board, samples=200_000, seed=seed)
    within_4_se(r, exact)
    assert r == equity(hands, board=board, samples=200_000, seed=seed, threads=2)


def test_monte_carlo_warns_when_its_runs_count_as_few() -> None:
    """Three such ranges are still dealt player by player: the runs' weights are as uneven,
    and equity says so (about a dozen equal runs here)."""
    hands, board = ["AsKs, QdQc:1e-5", "AsQh, KsQh, JJ:1e-5", "22"], "2c7d9hJs"
    with pytest.warns(RuntimeWarning, match=r"200,000 runs count as about \d+ equal ones") as said:
        equity(hands, board=board, samples=200_000, seed=3)
    assert [w.filename for w in said] == [__file__]  # the caller's line, not the library's
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # ranges dealt player by player whose runs weigh evenly
        even = equity(["AA,KK,QQ,JJ"] * 8, samples=20_000, seed=1)
    assert even.won is not None  # dealt player by player (the runs weighted), yet no warning


def test_two_ranges_whose_joint_law_weighs_below_the_floor_are_refused() -> None:
    """The one deal weighs 1e-320, a subnormal: the draw could land past the last row a deal
    holds, and read past player 1's rows.  Refused as exact equity refuses it."""
    hands = ["AsKs:1e-160, AhQh", "AhJc:1e-160, KsQh"]
    for samples in (None, 100_000):
        with pytest.raises(ValueError, match="weights are too small to add up"):
            equity(hands, board="2c 3d 9h", samples=samples, seed=1)


@pytest.mark.parametrize("players", [8, 10])
@pytest.mark.parametrize("seed", [3, 4])
def test_random_hands_are_dealt_by_rejection_whatever_the_seed(
    players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The trial that picks the dealing gave a deal 64 attempts: eight random hands (about 11
    attempts a deal) failed it for seeds 3 and 4, and ten (about 56) for every seed, and went
    player by player, 60 to 100 times slower.  Ranges that collide almost always still do."""
    sampled = sys.modules["pokereval.equity.sampled"]
    modes: list[bool] = []
    real = sampled._core.equity_sample

    def spy(*args: Any) -> Any:
        modes.append(bool(args[6]))  # importance
        return real(*args)

    monkeypatch.setattr(sampled._core, "equity_sample", spy)
    equity(["AA"] + ["random"] * (players - 1), samples=2_000, seed=seed)
    assert modes and not any(modes)
    modes.clear()
    equity(["AA,KK,QQ,JJ"] * 8, samples=2_000, seed=seed)
    assert modes[-1]


# ---- threads, progress, Ctrl-C --------------------------------------------------------------


def test_chunks_run_here_and_on_helpers_and_what_a_helper_raises_is_raised() -> None:
    """run_jobs takes chunks on the calling thread and on threads - 1 helpers, from one
    queue: every chunk runs once, progress climbs to 1, a nonzero code is returned, and an
    exception in a helper's chunk is raised here, with no helper left running."""
    work_room = sys.modules["pokereval._work"]
    main = threading.main_thread()
    ran: list[tuple[int, bool]] = []

    def chunk(i: int, code: int = 0, fail_off_main: bool = False) -> Callable[[], int]:
        def run() -> int:
            time.sleep(0.002)
            here = threading.current_thread() is main
            ran.append((i, here))
            if fail_off_main and not here:
                raise ValueError(f"chunk {i} failed")
            return code

        return run

    before = set(threading.enumerate())
    seen: list[float] = []
    assert work_room.run_jobs([chunk(i) for i in range(20)], [1.0] * 20, 3, seen.append) == 0
    assert sorted(i for i, _ in ran) == list(range(20))
    assert {here for _, here in ran} == {True, False}  # this thread worked, and so did helpers
    assert seen == sorted(seen) and seen[-1] == 1.0

    def slow_off_main() -> int:  # a helper's chunk ends last: progress still reaches 1
        time.sleep(0.0 if threading.current_thread() is main else 0.03)
        return 0

    for _ in range(5):
        seen.clear()
        assert work_room.run_jobs([slow_off_main] * 6, [1.0] * 6, 2, seen.append) == 0
        assert seen[-1] == 1.0
    assert work_room.run_jobs(
        [chunk(0), chunk(1, code=-2), *[chunk(i) for i in range(2, 9)]], [1.0] * 9, 2, None
    )
    with pytest.raises(ValueError, match="failed"):
        work_room.run_jobs([chunk(i, fail_off_main=True) for i in range(20)], [1.0] * 20, 2, None)
    assert [t for t in threading.enumerate() if t not in before and t.is_alive()] == []


def test_the_last_quarter_of_the_work_is_cut_finer() -> None:
    """Chunks of whole blocks to the total, the last quarter of the work four times finer,
    so threads end together; a total not a multiple of the block ends with the rest."""
    work_room = sys.modules["pokereval.equity.work"]
    assert work_room.chunk_sizes(1000, 100, 10) == [100] * 8 + [20] * 10
    sizes = work_room.chunk_sizes(1005, 100, 10)
    assert sum(sizes) == 1005 and sizes[-1] == 5 and all(size % 10 == 0 for size in sizes[:-1])
    assert work_room.chunk_sizes(30, 40, 10) == [30]
    assert work_room.chunk_sizes(100, 10, 10) == [10] * 10  # a chunk is a block at least


def test_a_thread_starts_its_next_chunk_without_the_caller() -> None:
    """The pool holds a chunk behind each running one: while the calling thread is busy (here
    in a progress callback that waits for the fourth chunk to start), the threads go on.
    Chunks were once handed over one at a time by the caller, and this waited in vain."""
    work_room = sys.modules["pokereval._work"]
    lock, fourth_started = threading.Lock(), threading.Event()
    active, most = [0], [0]
    waited: list[bool] = []

    def job(i: int) -> Callable[[], int]:
        def run() -> int:
            with lock:
                active[0] += 1
                most[0] = max(most[0], active[0])
            if i == 3:
                fourth_started.set()
            time.sleep(0.3 if i == 1 else 0.005)  # the first chunk ends alone
            with lock:
                active[0] -= 1
            return 0

        return run

    def progress(done: float) -> None:
        if not waited:
            waited.append(fourth_started.wait(5))

    assert work_room.run_jobs([job(i) for i in range(8)], [1.0] * 8, 2, progress) == 0
    assert waited == [True]
    assert most[0] <= 2  # never more chunks running than threads


def test_the_runner_ends_when_its_helpers_say_so_not_by_polling(monkeypatch: pytest.MonkeyPatch) -> None:
    """The wait for the helpers' last chunks ends on their own word: it polled each helper's
    liveness, and a helper that had put its last result but not yet returned cost a 0.05 s
    wait (a threaded batch takes 5 ms).  With liveness made to say "alive" forever, the old
    wait never ended."""
    work_room = sys.modules["pokereval._work"]
    monkeypatch.setattr(threading.Thread, "is_alive", lambda self: True)
    seen: list[float] = []
    outcome: list[int] = []

    def slow_off_main() -> int:
        if threading.current_thread() is not threading.main_thread():
            time.sleep(0.05)  # the helper's chunk ends after the caller's
        return 0

    caller = threading.Thread(
        target=lambda: outcome.append(work_room.run_jobs([slow_off_main] * 2, [1.0] * 2, 2, seen.append))
    )
    caller.start()
    caller.join(10)
    monkeypatch.undo()  # a wait left polling now sees the helper gone, and ends
    assert outcome == [0] and seen[-1] == 1.0


def test_threads_give_the_same_results() -> None:
    for kwargs in ({"samples": 300_000, "seed": 5}, {"samples": 40_000, "seed": 6, "board": "Kd"}):
        one = equity(["AsKs", "QQ+,AKo", "7h6h"], threads=1, **kwargs)
        two = equity(["AsKs", "QQ+,AKo", "7h6h"], threads=2, **kwargs)
        assert one == two and one.categories == two.categories
    one = equity(["QQ+,AKs", "JJ-88,AQo"], threads=1)
    assert one == equity(["QQ+,AKs", "JJ-88,AQo"], threads=2)
    holes = ["As2sKd7c", "Ac3cQd4h", "JhTh9s8s"]
    one = equity(holes, game="omaha", board="5s", threads=1)
    assert one == equity(holes, game="omaha", board="5s", threads=3)
    with pytest.raises(ValueError, match="threads must be"):
        equity(["AsKs", "QdQc"], threads=0)


def test_progress_is_reported_to_the_end() -> None:
    seen: list[float] = []
    equity(["AsKs", "QdQc", "7h6h"], samples=3_000_000, seed=1, progress=seen.append)
    assert seen and seen[-1] == 1.0 and seen == sorted(seen) and len(seen) > 1
    seen.clear()
    equity(["QQ+,AKs", "JJ-88,AQo"], threads=2, progress=seen.append)
    assert seen[-1] == 1.0 and seen == sorted(seen)
    seen.clear()
    equity(["AhKh", "QQ+,AKs,T9s"], board="2h7h9c", progress=seen.append)  # one core call
    assert seen == [1.0]


LONG_RUNS: dict[str, Callable[[], object]] = {
    # Each of these would run for minutes; Ctrl-C must end it at once.
    "holdem": lambda: equity(["AsKs", "QdQc", "7h6h"], samples=10**10, seed=1),
    "holdem, 2 threads": lambda: equity(["AsKs", "QdQc", "7h6h"], samples=10**10, seed=1, threads=2),
    "wild": lambda: equity(["AsKs", "QdQc"], wild="joker", samples=300_000_000, seed=1),
    "stud-hilo": lambda: equity(["As Ad Kc", "Qh Qd 2c"], game="stud-hilo", samples=300_000_000, seed=1),
    "shortdeck-trips": lambda: equity(["AsKs", "QdQc"], game="shortdeck-trips", samples=300_000_000, seed=1),
    "omaha ranges": lambda: equity(["random", "As Ad Kc Kd"], game="omaha", samples=300_000_000, seed=1),
    "hand_strength": lambda: pe.hand_strength("AhKh", "2h7h9c", opponents=3, samples=900_000_000, seed=1),
}


@pytest.mark.parametrize("run", sorted(LONG_RUNS))
def test_ctrl_c_stops_a_long_run_quickly(run: str, ctrl_c: Callable[[float], object]) -> None:
    # The interrupt must end the call at once (well under a second on a quiet machine: the
    # bound here is loose because timing never decides a test; without the stop the call
    # runs for minutes), raise in the caller and leave no worker thread behind.
    ctrl_c(0.3)
    before = set(threading.enumerate())
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        LONG_RUNS[run]()
    assert time.perf_counter() - start < 0.3 + 5.0
    assert [t for t in threading.enumerate() if t not in before and t.is_alive()] == []


@pytest.mark.parametrize("began", [True, False])
def test_a_ctrl_c_while_the_core_thread_starts_leaves_no_call_running(
    began: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Thread.start waits for the new thread to run, and a Ctrl-C can land in that wait (in
    56 of 60 presses at random times in the first 1.5 ms of a stud call): the flag was never
    raised, and the thread ran its call, minutes of it, to the end.  Here the press lands
    after the thread was made, or before (then no thread ever runs the call)."""
    core = sys.modules["pokereval._core"]

    class PressedWhileStarting(threading.Thread):
        def start(self) -> None:
            if began:
                super().start()
            raise KeyboardInterrupt

    fake = types.SimpleNamespace(**{**vars(threading), "Thread": PressedWhileStarting})
    monkeypatch.setattr(core, "threading", fake)
    before = set(threading.enumerate())
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        equity(["As Ad Kc", "Qh Qd Qc"], game="stud", samples=300_000_000, seed=1)
    assert time.perf_counter() - start < 5.0  # the call alone runs for minutes
    assert [t for t in threading.enumerate() if t not in before and t.is_alive()] == []


def test_numpy_integers_count_as_samples_and_seed() -> None:
    """A numpy integer goes wherever an int goes (as for stacks and ids); a bool, a float or
    an array of several numbers does not."""
    import numpy as np

    # Any: the signature says int, and a numpy integer is taken for one.
    samples: Any = np.int64(1000)
    seed: Any = np.uint64(3)
    as_numpy = equity(["AsAd", "KhKc"], samples=samples, seed=seed)
    assert as_numpy == equity(["AsAd", "KhKc"], samples=1000, seed=3)
    assert type(as_numpy.seed) is int and type(as_numpy.runs) is int
    refused: list[Any] = [True, np.bool_(True), 1000.0, np.array([10, 20])]
    for bad in refused:
        with pytest.raises(TypeError, match="samples must be an int or None"):
            equity(["AsAd", "KhKc"], samples=bad)
        with pytest.raises(TypeError, match="seed must be an int or None"):
            equity(["AsAd", "KhKc"], samples=10, seed=bad)
    negative: Any = np.int64(-1)
    with pytest.raises(ValueError, match=r"seed must be in 0..2\*\*64-1"):
        equity(["AsAd", "KhKc"], samples=10, seed=negative)


UNDERFLOW = "weights are too small to add up"


@pytest.mark.parametrize(
    ("hands", "board", "game"),
    [
        (["AsAh, AdKd:1e-170", "AsAd, AhKh:1e-170"], "2c 7d 9h Tc", "holdem"),
        (["AsAh, AdKd:1e-170", "AsAd, AhKh:1e-170"], "6c 7d 9h Tc", "shortdeck"),
        (["AsAh2c3c, AdKd2c3d:1e-170", "AsAd4c5c, AhKh4c5d:1e-170"], "6c 7d 9h Tc", "omaha"),
    ],
)
def test_deals_whose_weights_underflow_are_refused_in_words(hands: list[str], board: str, game: str) -> None:
    """The only deals left weigh 1e-170 * 1e-170, below any double: once a ZeroDivisionError
    in hold'em and (nan, nan) in short deck and Omaha.  At 1e-140 (1e-280 a deal, a double
    still) the answer is the one deal's."""
    with pytest.raises(ValueError, match=UNDERFLOW):
        pe.equity(hands, board=board, game=game)
    near = [h.replace("1e-170", "1e-140") for h in hands]
    only = [h.split(", ")[1].split(":")[0] for h in hands]  # the one deal left
    want = pe.equity(only, board=board, game=game).equity
    assert pe.equity(near, board=board, game=game).equity == pytest.approx(want, abs=1e-12)


def test_outs_against_ranges_whose_deals_underflow_say_so() -> None:
    with pytest.raises(ValueError, match="the opponents' ranges' " + UNDERFLOW):
        pe.outs("2c3c", "6c 7d 9h", vs=["AsAh, AdKd:1e-170", "AsAd, AhKh:1e-170"])
    with pytest.raises(ValueError, match="leave no deal without a card twice"):
        pe.outs("2c3c", "6c 7d 9h", vs=["AsAh,AdKd", "AsAd,AhKd"])
    assert len(pe.outs("2c3c", "6c 7d 9h", vs=["AsAh, AdKd:1e-140", "AsAd, AhKh:1e-140"]).outs) == 6


def test_the_weight_floor_refuses_no_answer_a_double_holds() -> None:
    """The floor is the least normal double, on average over the deals: a single weight of
    1e-305 (a normal double) still answers, and so do importance-sampled runs that each weigh
    about 1e-304 (the runs' weights are no products of the combos' weights)."""
    assert pe.equity(["AsAh, AdKd:1e-305", "AsAd, AhKh"], board="2c 7d 9h Tc").equity == pytest.approx(
        (0.5, 0.5)
    )
    cards = [r + s for r in "23456789TJQK" for s in "cdhs"]

    def blocked(combo: str) -> str:  # the combo, and every hand holding 2c or 2d
        return ", ".join(
            [
                combo,
                *sorted(
                    {"".join(sorted([a, c])) for a in ("2c", "2d") for c in cards if c not in ("2c", "2d")}
                ),
            ]
        )

    hands = [pe.Range("2c2d"), pe.Range(blocked("AsAh:1e-150")), pe.Range(blocked("AdAc:1e-150"))]
    exact = pe.equity(hands, board="7d 9h Th").equity
    sampled = pe.equity(hands, board="7d 9h Th", samples=20_000, seed=1).equity
    assert sampled == pytest.approx(exact, abs=0.02)


def test_the_c_entry_of_hold_em_ranges_refuses_deals_below_the_floor() -> None:
    """pe_equity_ranges_holdem answered (nan, nan) with PE_OK; the floor lives in C."""
    from pokereval._pokereval import ffi, lib

    combos = bytes(pe.card_ids("AsAh") + pe.card_ids("AdKd") + pe.card_ids("AsAd") + pe.card_ids("AhKh"))
    counts = ffi.new("uint32_t[]", [2, 2])
    board = bytes(pe.card_ids("2c7d9hTc"))
    out = [ffi.new("double[2]"), ffi.new("uint64_t[2]"), ffi.new("uint64_t[2]"), ffi.new("uint64_t *")]
    for weight, want in ((1e-170, lib.PE_ERR_ARG), (1e-140, lib.PE_OK)):
        weights = ffi.new("double[]", [1.0, weight, 1.0, weight])
        rc = lib.pe_equity_ranges_holdem(combos, weights, counts, 2, board, 4, ffi.NULL, 0, 0, 0, *out)
        assert rc == want
    assert list(out[0]) == pytest.approx([0.5, 0.5])


@pytest.mark.parametrize("hands", [("AsAd", "KhKc"), ("7c2d", "7h2s"), ("AhKh", "QsJs")])
def test_the_preflop_tables_result_has_its_categories(hands: tuple[str, str]) -> None:
    # Two hands preflop come from the shipped table, which holds wins alone: categories was
    # (), so r.categories[0] raised IndexError.  They are worked out when first read, and
    # are every runout's, as the one-by-one path counts them.
    fast, slow = equity(list(hands)), plain(list(hands))
    assert fast == slow
    assert len(fast.categories) == 2
    assert fast.categories == slow.categories
    assert pickle.loads(pickle.dumps(fast)).categories == slow.categories


def test_wild_equity_has_its_categories() -> None:
    # The joker's categories were dropped: categories was ().
    r = equity(["Ks Kd", "Ah Ac"], board="Kh Kc Jk", wild="joker", deck=54)
    assert len(r.categories) == 2
    assert r.categories[0][Category.FIVE_OF_A_KIND] == (1.0, r.equity[0])  # five kings every runout
    # Five aces, which beat them, on 3 of the C(47, 2) = 1,081 runouts: As Ad, or the other
    # joker with As or Ad.
    assert r.categories[1][Category.FIVE_OF_A_KIND] == pytest.approx((3 / 1081, 3 / 1081), abs=1e-15)
    assert all(abs(sum(s.share for s in c.values()) - 1) < 1e-12 for c in r.categories)


def test_a_list_of_combos_with_a_bad_one_names_it() -> None:
    # Read as one hand of 5 cards ("hand 2 has 5 cards"), never naming the combo.
    with pytest.raises(
        ValueError,
        match=r"^hand 2 'AhKh,7h8h9d' is neither 2 hole cards \(it has 5\) nor a range \(bad range token '7h",
    ):
        equity(["AsKs", "AhKh,7h8h9d"], board="5h6d9c")
    from pokereval.analysis import outs

    with pytest.raises(
        ValueError, match=r"^opponent 1 'QsQd,JsJdJc' is neither .* \(bad range token 'JsJdJc'"
    ):
        outs("AhKh", board="2h7h9c", vs="QsQd,JsJdJc")
    with pytest.raises(ValueError, match=r"^hand 2 has 3 cards; this game deals 2 hole cards$"):
        equity(["AsKs", "AhKhQd"])  # no comma: a hand with a card too many
