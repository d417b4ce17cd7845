"""The solver kit (pokereval.solver) against the rules, tests/reference.py and the equity engine.

Expected values come from tests/reference.py (the slow evaluator written from the rules),
from plain enumeration written here, from brute-force suit renaming, and from
pokereval.equity (csrc/equity.c), a separate engine from csrc/solver.c.  Heavy runs are
marked slow.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from reference import best_high, category_of, ref_cards

import pokereval as pe
from pokereval import solver

ALL = tuple(itertools.combinations(range(52), 2))
COMBO_IDS = [(max(a, b), min(a, b)) for a, b in ALL]


def ids(text: str) -> list[int]:
    return ref_cards(text)


@cache
def ref_value(cards: frozenset[int]) -> tuple[int, ...]:
    return best_high(cards)


def ref_sign(board: list[int], a: tuple[int, ...], b: tuple[int, ...]) -> int:
    va, vb = ref_value(frozenset([*board, *a])), ref_value(frozenset([*board, *b]))
    return (va > vb) - (va < vb)


def combo_cards(i: int) -> tuple[int, int]:
    text = pe.combos()[i]
    return ref_cards(text[:2])[0], ref_cards(text[2:])[0]


def deal(rng: random.Random, n: int) -> list[int]:
    return rng.sample(range(52), n)


def runouts(board: list[int], gone: set[int]) -> list[list[int]]:
    live = [c for c in range(52) if c not in gone]
    return [list(r) for r in itertools.combinations(live, 5 - len(board))]


# ---- combos -------------------------------------------------------------------------------


def test_combos_are_the_random_range_in_order() -> None:
    names = pe.combos()
    assert len(names) == 1326 == len(set(names))
    assert [tuple(map(str, c)) for c in pe.Range("random").combos] == [(n[:2], n[2:]) for n in names]
    for i in (0, 1, 77, 1000, 1325):
        a, b = combo_cards(i)
        assert pe.combo_index([a, b]) == pe.combo_index([b, a]) == i
        # The documented formula, from the ids alone.
        high, low = max(a, b), min(a, b)
        assert i == 1325 - (high * (high - 1) // 2 + low)


# ---- matrices -----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_showdown_matrix_against_the_reference(seed: int) -> None:
    rng = random.Random(seed)
    board = deal(rng, 5)
    m = pe.showdown_matrix(board)
    assert m.dtype == np.int8 and m.shape == (1326, 1326)
    live = [i for i in range(1326) if not set(combo_cards(i)) & set(board)]
    rows = rng.sample(live, 12)
    for i in rows:
        a = combo_cards(i)
        for j in range(1326):
            b = combo_cards(j)
            dealable = not (set(a) & set(b)) and not (set(b) & set(board))
            assert bool(m.mask[i, j]) is (not dealable)
            assert m[i, j] == (ref_sign(board, a, b) if dealable else 0)
    blocked = next(i for i in range(1326) if set(combo_cards(i)) & set(board))
    assert m.mask[blocked].all() and not np.asarray(m)[blocked].any()
    assert np.array_equal(np.asarray(m), -np.asarray(m).T)  # antisymmetric, as who-beats-whom must be


def test_showdown_matrix_out_and_masked() -> None:
    out = np.full((1326, 1326), 9, dtype=np.int8)
    m = pe.showdown_matrix("2c7d9hJs3s", out=out)
    assert np.shares_memory(np.asarray(m), out) and out.max() == 1
    masked = m.masked()
    assert isinstance(masked, np.ma.MaskedArray) and masked.mask.sum() == m.mask.sum()
    assert type(m[0:2]) is np.ndarray and type(m.sum(axis=0)) is np.ndarray


def test_equity_matrix_on_a_turn_against_the_reference(rng: random.Random) -> None:
    board = deal(rng, 4)
    m = pe.equity_matrix(board)
    live = [i for i in range(1326) if not set(combo_cards(i)) & set(board)]
    for _ in range(25):
        i, j = rng.sample(live, 2)
        a, b = combo_cards(i), combo_cards(j)
        if set(a) & set(b):
            assert m.mask[i, j] and m[i, j] == 0
            continue
        results = [ref_sign([*board, *r], a, b) for r in runouts(board, {*board, *a, *b})]
        assert math.isclose(m[i, j], sum(results) / len(results), abs_tol=1e-12)


def test_equity_matrix_on_a_flop_against_the_reference() -> None:
    board = ids("Ah 7d 2c")
    m = pe.equity_matrix(board, dead="Kc")
    for hand, other in (("As Kd", "7h 7s"), ("Qh Jh", "2d 3d")):
        a, b = tuple(ids(hand)), tuple(ids(other))
        i, j = pe.combo_index(list(a)), pe.combo_index(list(b))
        results = [ref_sign([*board, *r], a, b) for r in runouts(board, {*board, *a, *b, ids("Kc")[0]})]
        assert math.isclose(m[i, j], sum(results) / len(results), abs_tol=1e-12)
    assert m.mask[pe.combo_index("KcQd")].all()  # a dead card's combos meet nobody


# ---- combo equity ---------------------------------------------------------------------------


def ref_combo_equity(
    board: list[int], hand: tuple[int, ...], vs: dict[tuple[int, ...], float], dead: list[int]
) -> tuple[float, float]:
    """(win, tie) shares by plain enumeration over the reference evaluator."""
    gone = {*board, *hand, *dead}
    win = tie = total = 0.0
    for run in runouts(board, gone):
        full = [*board, *run]
        mine = ref_value(frozenset([*full, *hand]))
        for combo, w in vs.items():
            if set(combo) & (gone | set(run)):
                continue
            theirs = ref_value(frozenset([*full, *combo]))
            total += w
            win += w * (mine > theirs)
            tie += w * (mine == theirs)
    return win / total, tie / total


@pytest.mark.parametrize("street", [3, 4, 5])
def test_combo_equity_against_the_reference(street: int, rng: random.Random) -> None:
    board = deal(rng, street)
    vs_range = pe.Range("TT+:0.5,AQs,KQo:0.25,76s")
    vs = {tuple(int(c) for c in combo): float(w) for combo, w in zip(vs_range.ids, vs_range.weights)}
    mine = pe.Range("AK,QQ,98s")
    dead = [c for c in deal(rng, 8) if c not in board][:1]
    e = pe.combo_equity(mine, vs_range, board, dead=dead)
    live = [i for i in range(1326) if not np.isnan(e[i])]
    expected_live = {
        pe.combo_index([int(a), int(b)]) for a, b in mine.ids if not {int(a), int(b)} & {*board, *dead}
    }
    assert set(live) == expected_live
    # One combo in both ranges (QQ): it meets neither itself nor its own cards.
    both = [i for i in live if pe.combos()[i][0] == "Q" and pe.combos()[i][2] == "Q"]
    for i in [both[0], *rng.sample(live, 0 if street == 3 else 3)]:
        hand = combo_cards(i)
        win, tie = ref_combo_equity(board, hand, vs, dead)
        assert math.isclose(e.win[i], win, abs_tol=1e-12) and math.isclose(e.tie[i], tie, abs_tol=1e-12)
        assert math.isclose(e[i], win + tie / 2, abs_tol=1e-12)


@pytest.mark.parametrize(
    ("mine", "theirs", "board"),
    [
        ("QQ+,AKs,AQs", "22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+", "Ks 9h 4d"),
        ("AA:0.5,KdKc,T9s", "random", "Qh Jh 2c 7s"),
        ("random", "AK,JJ-88:0.3", "2c 3c 4c 5c 9d"),
    ],
)
def test_weighted_mean_of_combo_equity_is_range_equity(mine: str, theirs: str, board: str) -> None:
    e = pe.combo_equity(mine, theirs, board)
    want = pe.equity([mine, theirs], board=board).equity[0]
    assert math.isclose(e.overall, want, rel_tol=1e-12)
    ok = ~np.isnan(e)
    assert math.isclose(np.average(np.asarray(e)[ok], weights=e.weight[ok]), want, rel_tol=1e-12)


def test_combo_equity_takes_weights_arrays_and_hands() -> None:
    weights = np.zeros(1326)
    weights[pe.combo_index("AsKs")] = 1.0
    by_array = pe.combo_equity(weights, "QQ", "2c7d9h")
    by_hand = pe.combo_equity("As Ks", "QQ", "2c7d9h")
    assert np.array_equal(np.asarray(by_array), np.asarray(by_hand), equal_nan=True)
    assert math.isclose(by_hand.overall, pe.equity(["AsKs", "QQ"], board="2c7d9h").equity[0], rel_tol=1e-12)


def test_lists_and_tuples_of_1326_numbers_are_weights_as_an_array_is() -> None:
    # A list or tuple of 1,326 ints or floats is read as the numpy array of them would be,
    # not as 1,326 cards ("expected a card ... got float", "duplicate card '2d'").
    last = [0.0] * 1325 + [1.0]
    board = "Ks 9h 4d"
    want = pe.combo_equity(np.array(last), "QQ", board)
    for weights in (last, tuple(last), [0] * 1325 + [1]):
        got = pe.combo_equity(weights, "QQ", board)
        assert np.array_equal(np.asarray(got), np.asarray(want), equal_nan=True)
        assert got.overall == want.overall
    ones = pe.combo_equity("AhKh", np.ones(1326), board)
    for weights in ([1] * 1326, (1.0,) * 1326, [1, 1.0] * 663):
        assert np.array_equal(
            np.asarray(pe.combo_equity("AhKh", weights, board)), np.asarray(ones), equal_nan=True
        )
    skewed = [1.0] * 1326
    skewed[pe.combo_index("AsAd")] = 7.5
    assert (
        pe.equity_distribution("AhKh", skewed, board).mean
        == pe.equity_distribution("AhKh", np.array(skewed), board).mean
    )
    mine, theirs, _, _ = solver.report_work([1] * 1326, tuple(skewed), ())
    mine_array, theirs_array, _, _ = solver.report_work(np.ones(1326), np.array(skewed), ())
    assert np.array_equal(mine, mine_array) and np.array_equal(theirs, theirs_array)
    # Two card ids are still one hand.
    hand = [pe.Card("Ah"), pe.Card("Qh")]
    assert np.array_equal(
        np.asarray(pe.combo_equity([int(c) for c in hand], "QQ", board)),
        np.asarray(pe.combo_equity("Ah Qh", "QQ", board)),
        equal_nan=True,
    )


def test_a_list_of_weights_is_checked_as_an_array_is() -> None:
    board = "Ks 9h 4d"
    for short in ([0.0] * 1325, (1.0,) * 1327, [0.5, 1.0]):
        with pytest.raises(
            ValueError, match=rf"^range: weights must have 1,326 entries \(one per combo\), got {len(short)}$"
        ):
            pe.combo_equity(short, "QQ", board)
    # Ints alone may be card ids: the message says both what a hand and what weights are.
    with pytest.raises(
        ValueError,
        match=r"^vs: a hand is 2 cards and weights must have 1,326 entries \(one per combo\), got 1000$",
    ):
        pe.combo_equity("QQ", [1] * 1000, board)
    negative = [1.0] * 1326
    negative[5] = -1.0
    for bad in (negative, [math.nan] + [1.0] * 1325, [math.inf] * 1326):
        with pytest.raises(ValueError, match=r"^range: weight \S+ of combo \w+ is not finite and >= 0$"):
            pe.combo_equity(bad, "QQ", board)
    # An int past the floats is named as such, not as the inf it would have become.
    words = r"^range: the weight of combo AsAh is too large to be a finite number$"
    with pytest.raises(ValueError, match=words):
        pe.combo_equity([10**400] + [1] * 1325, "QQ", board)
    for junk, name, words in (
        (True, "bool", "a bool is no weight"),
        ("As", "str", "weights must be ints or floats"),
        (None, "NoneType", "weights must be ints or floats"),
        (Decimal(1), "Decimal", "weights must be ints or floats"),
    ):
        message = rf"^range: {words}, got {name} at position 1326 of 1326 \(combo 2d2c\)$"
        with pytest.raises(TypeError, match=message):
            listed: Any = [1.0] * 1325 + [junk]
            pe.combo_equity(listed, "QQ", board)


@pytest.mark.parametrize("skew", [1e-15, 1e-18, 1e-30])
def test_weights_a_blocked_combo_dwarfs_keep_every_digit(skew: float) -> None:
    # The opponent's weight sits on AsAd, which AsKs blocks; the rest weighs `skew` each.
    # Taking the blocked weight off the running totals left mostly rounding (13% off at
    # 1e-18, NaN and a weight of 0 at 1e-20): the answer is hero against the rest alone.
    vs = f"random:{skew},AsAd"
    want = pe.equity(["AsKs", "random"], board="Qd 7c 2h").equity[0]
    assert math.isclose(pe.combo_equity("AsKs", vs, "Qd 7c 2h").overall, want, rel_tol=1e-12)
    assert math.isclose(pe.equity_distribution("AsKs", vs, "Qd 7c 2h").mean, want, rel_tol=1e-12)
    weights = np.ones(1326)
    weights[pe.combo_index("AsAd")] = 1.0 / skew
    e = pe.combo_equity("AsKs", weights, "Qd 7c 2h")
    hero = pe.combo_index("AsKs")
    assert math.isclose(e[hero], want, rel_tol=1e-12)
    assert math.isclose(e.weight[hero], 1081, rel_tol=1e-12)  # the 1,081 combos AsKs leaves live


def test_the_nuts_and_a_board_that_plays_are_exact_whatever_the_weights() -> None:
    """AhTs holds the only royal flush on AsKsQsJs(2d): it wins every deal, so 1.0 and a tie
    of 0.0 exactly.  The sweep's differences of rounded sums gave 1.00000000000001 and a tie
    of -1.7e-18 against fractional weights."""
    vs = "random:0.1,AA:0.3"
    hero = pe.combo_index("AhTs")
    for board in ("AsKsQsJs2d", "AsKsQsJs"):
        e = pe.combo_equity("AhTs", vs, board)
        assert (e[hero], e.win[hero], e.tie[hero], e.overall) == (1.0, 1.0, 0.0, 1.0)
    assert pe.equity_distribution("AhTs", vs, "AsKsQsJs2d").mean == 1.0
    e = pe.combo_equity("random:0.7", "random:0.1,KK:0.3", "AsKsQsJsTs")  # everyone plays the board
    live = ~np.isnan(e)
    assert np.all(np.asarray(e)[live] == 0.5) and np.all(e.tie[live] == 1.0) and np.all(e.win[live] == 0.0)


@pytest.mark.parametrize("seed", range(4))
def test_combo_shares_stay_in_bounds_and_pure_hands_are_exact(seed: int) -> None:
    """On random rivers against fractional weights, every share is in [0, 1]; a combo that
    the reference says beats (loses to, splits with) every combo it meets gets exactly 1
    (0, 0.5).  Before, 185 combos in 300 rivers came out above 1 and only 66 of 1,461 such
    combos were exact."""
    rng = random.Random(seed)
    board = deal(rng, 5)
    vs_range = pe.Range(f"AA:{rng.choice([0.1, 0.3, 0.7])},KQs:0.7,T9s:0.3,72o:0.1,55:0.3")
    vs = {tuple(int(c) for c in combo): float(w) for combo, w in zip(vs_range.ids, vs_range.weights)}
    e = pe.combo_equity("random", vs_range, board)
    equity, win, tie = np.asarray(e), np.asarray(e.win), np.asarray(e.tie)
    live = ~np.isnan(equity)
    assert np.all((equity[live] >= 0) & (equity[live] <= 1) & (win[live] >= 0) & (tie[live] >= 0))
    pure = 0
    for i in np.flatnonzero(live):
        hand = combo_cards(int(i))
        signs = {ref_sign(board, hand, combo) for combo in vs if not set(combo) & {*board, *hand}}
        if len(signs) == 1:
            want = {1: (1.0, 1.0, 0.0), 0: (0.5, 0.0, 1.0), -1: (0.0, 0.0, 0.0)}[signs.pop()]
            assert (equity[i], win[i], tie[i]) == want, pe.combos()[i]
            pure += 1
    assert pure >= 25, pure  # 42 to 200 or so


def test_weights_too_far_apart_for_a_ratio_are_refused_by_name() -> None:
    """1e-300 beside 1e300 is 0 over the largest: QsQh was dropped unsaid, and KsJd, which
    meets no other combo, came out NaN (or refused as meeting nothing).  A largest weight on a
    combo the board blocks sets no scale."""
    vs = np.zeros(1326)
    vs[pe.combo_index("KsKh")] = 1e300
    vs[pe.combo_index("QsQh")] = 1e-300
    words = r"^vs: the weight 1e-300 of QsQh is below 5e-324 of the largest, 1e\+300: weights so far apart"
    for call in (
        lambda: pe.combo_equity("KsJd", vs, "2c3d4h"),
        lambda: pe.equity_distribution("KsJd", vs, "2c3d4h"),
        lambda: pe.flop_report("KsJd", vs, pandas=False),
    ):
        with pytest.raises(ValueError, match=words):
            call()
    mine = np.zeros(1326)
    mine[pe.combo_index("AhAd")], mine[pe.combo_index("KsJd")] = 1e300, 1e-300
    with pytest.raises(ValueError, match=r"^hand_or_range: the weight 1e-300 of KsJd is below"):
        pe.equity_distribution(mine, "QQ", "2c3d4h")
    vs[pe.combo_index("KsKh")], vs[pe.combo_index("2c2d")] = 0.0, 1e300  # 2c2d: blocked by the board
    e = pe.combo_equity("KsJd", vs, "2c3d4h")
    want = pe.combo_equity("KsJd", "QsQh", "2c3d4h").overall
    assert math.isclose(e.overall, want, rel_tol=1e-12)
    assert math.isclose(want, (126 + 32 / 2) / 990, rel_tol=1e-12)  # 126 wins, 32 ties (eval7)


# ---- suit isomorphism ------------------------------------------------------------------------


PERMS = list(itertools.permutations(range(4)))


def rename(cards: list[int], perm: tuple[int, ...]) -> list[int]:
    return [(c & ~3) | perm[c & 3] for c in cards]


def brute_class(flop: tuple[int, ...]) -> tuple[int, ...]:
    """A class key computed afresh: the least sorted image over the 24 renamings."""
    return min(tuple(sorted(rename(list(flop), p))) for p in PERMS)


def test_flops_equal_a_brute_force_canonicalisation() -> None:
    classes = Counter(brute_class(f) for f in itertools.combinations(range(52), 3))
    listed = pe.flops()
    assert len(listed) == len(classes) == 1755
    assert sum(f.weight for f in listed) == 22100
    assert Counter({brute_class(tuple(ids(f.board))): f.weight for f in listed}) == classes
    # Every flop canonicalises to the listed flop of its class.
    by_class = {brute_class(tuple(ids(f.board))): f.board for f in listed}
    for flop in itertools.islice(itertools.combinations(range(52), 3), 0, None, 7):
        assert pe.canonical(list(flop)).board == by_class[brute_class(flop)]


def test_canonical_turns_and_rivers_by_brute_force(rng: random.Random) -> None:
    for _ in range(200):
        n = rng.choice([4, 5])
        board = deal(rng, n)
        got = pe.canonical(board)
        # The greatest image: flop sorted high first, then the turn and river as dealt.
        images = [sorted(rename(board[:3], p), reverse=True) + rename(board[3:], p) for p in PERMS]
        assert ids(got.board) == max(images)
        assert sorted(ids(got.board)[:3]) == sorted(rename(board[:3], got.perm))
        assert ids(got.board)[3:] == rename(board[3:], got.perm)


def test_canonical_leaves_equity_combo_equity_and_categories_unchanged(rng: random.Random) -> None:
    for _ in range(6):
        cards = deal(rng, 3 + 4)
        board, hands = cards[:3], [cards[3:5], cards[5:7]]
        c = pe.canonical(board, hands)
        assert pe.equity(hands, board=board).equity == pe.equity(list(c.hands), board=c.board).equity
        for hand, renamed in zip(hands, c.hands):
            assert category_of([*board, *hand]) == category_of(ids(c.board) + ids(renamed))
        before = pe.combo_equity("random", "QQ+,AK,T9s", board)
        after = pe.combo_equity("random", "QQ+,AK,T9s", c.board)
        moved = [pe.combo_index(rename(list(combo_cards(i)), c.perm)) for i in range(1326)]
        assert np.allclose(np.asarray(after)[moved], np.asarray(before), equal_nan=True, atol=1e-12)


def test_canonical_with_hands_breaks_ties_by_the_hands() -> None:
    c = pe.canonical("Jc Tc 2d", ["AdKd", "QcQh"])
    assert c.board == "JsTs2h" and c.hands == ("AhKh", "QsQd")
    assert c.rename("2d") == "2h"
    # Preflop: hands alone.
    assert pe.canonical("", ["7d 2c"]).hands == ("7s2h",)


# ---- distributions and EHS2 ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "vs", "board", "street"),
    [
        ("AhKh", "random", "2h7h9c", "river"),
        ("AhKh", "random", "2h7h9c", "turn"),
        ("QQ+,AKs", "JJ-88,AQs", "Ks 9h 4d", "river"),
        ("7c7d", "AK,KQs:0.5", "Ks 9h 4d Tc", "river"),
        ("7c7d", "AK", "Ks 9h 4d Tc 2s", "river"),
    ],
)
def test_distribution_mean_is_the_exact_equity(hand: str, vs: str, board: str, street: str) -> None:
    d = pe.equity_distribution(hand, vs, board, street=street, bins=20)
    want = pe.equity([hand, vs], board=board).equity[0]
    assert math.isclose(d.mean, want, rel_tol=1e-12)
    assert math.isclose(float(d.weights.sum()), 1.0, rel_tol=1e-12)
    # The bins' own means give the mean back too: nothing is lost to bin centres.
    full = d.weights > 0
    assert math.isclose(float(np.dot(d.weights[full], d.means[full])), want, rel_tol=1e-9)
    assert len(d.edges) == 21 and d.ehs2 >= d.mean**2 - 1e-15


def test_a_fine_distribution_holds_its_bins_not_a_histogram_a_combo() -> None:
    # The core filled a (1326, bins, 2) histogram and Python mixed it: 212 MB at 10,000 bins
    # (457 MB at the peak), for one hand as for a range.  It mixes them as it fills now.
    import tracemalloc

    tracemalloc.start()
    try:
        d = pe.equity_distribution("QQ+,AKs", "random", "Ks 9h 4d", street="turn", bins=10_000, threads=2)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8_000_000, f"{peak:,} bytes at the peak"
    coarse = pe.equity_distribution("QQ+,AKs", "random", "Ks 9h 4d", street="turn", bins=10)
    assert np.allclose(d.weights.reshape(10, 1000).sum(axis=1), coarse.weights, atol=1e-12)
    assert math.isclose(d.mean, coarse.mean, rel_tol=1e-12)


def test_turn_distribution_points_are_the_turn_equities() -> None:
    hand, board = "AhKh", "2h 7h 9c"
    d = pe.equity_distribution(hand, "random", board, street="turn", bins=10)
    # Against a random hand every turn card leaves the same number of holdings: equal points.
    turns = [c for c in range(52) if c not in ids("Ah Kh 2h 7h 9c")]
    shares = [pe.equity([hand, "random"], board=[*ids(board), t]).equity[0] for t in turns]
    counts = np.bincount(np.minimum((np.array(shares) * 10).astype(int), 9), minlength=10)
    assert np.allclose(d.weights, counts / len(turns), atol=1e-12)


def test_ehs2_against_its_definition_on_a_turn() -> None:
    hand, board = "Jc Tc", "9c 8d 2c 3h"
    rivers = [c for c in range(52) if c not in ids(hand + board)]
    strengths = [pe.equity([hand, "random"], board=[*ids(board), r]).equity[0] for r in rivers]
    want = sum(s * s for s in strengths) / len(strengths)
    assert math.isclose(pe.hand_strength(hand, board).ehs2 or 0.0, want, rel_tol=1e-12)
    assert math.isclose(pe.equity_distribution(hand, "random", board).ehs2, want, rel_tol=1e-12)


def test_ehs2_against_a_range_weighs_each_river_by_the_range_left() -> None:
    hand, board, vs = "Jc Tc", "9c 8d 2c 3h", "AA,KQs:0.5,87o"
    rivers = [c for c in range(52) if c not in ids(hand + board)]
    r = pe.Range(vs)
    total = second = 0.0
    for river in rivers:
        full = [*ids(board), river]
        left = sum(float(w) for combo, w in zip(r.ids, r.weights) if not {*combo} & {*full, *ids(hand)})
        hs = pe.equity([hand, vs], board=full).equity[0]
        total += left
        second += left * hs * hs
    assert math.isclose(pe.hand_strength(hand, board, vs=vs).ehs2 or 0.0, second / total, rel_tol=1e-12)
    assert pe.hand_strength(hand, board, opponents=2, samples=100, seed=1).ehs2 is None


def test_ehs2_against_its_definition_on_a_flop() -> None:
    hand, board = "Ah Kh", "2h 7h 9c"
    live = [c for c in range(52) if c not in ids(hand + board)]
    boards = [ids(board) + list(r) for r in itertools.combinations(live, 2)]
    strengths = [pe.equity([hand, "random"], board=b).equity[0] for b in boards]
    want = sum(s * s for s in strengths) / len(strengths)
    assert math.isclose(pe.hand_strength(hand, board).ehs2 or 0.0, want, rel_tol=1e-12)


# ---- the flop report -------------------------------------------------------------------------


@pytest.mark.parametrize(("mine", "theirs"), [("AA,KK", "QQ,AKs"), ("KK:0.5,T9s", "AKo,55")])
def test_flop_report_adds_up_to_preflop_equity(mine: str, theirs: str) -> None:
    rows = pe.flop_report(mine, theirs, pandas=False)
    assert [r["board"] for r in rows] == [f.board for f in pe.flops()]
    frequency = np.array([r["frequency"] for r in rows])
    equity = np.array([r["equity"] for r in rows])
    seen = frequency > 0
    assert math.isclose(float(frequency.sum()), 1.0, rel_tol=1e-12)
    want = pe.equity([mine, theirs]).equity[0]
    assert math.isclose(float(np.dot(frequency[seen], equity[seen])), want, rel_tol=1e-11)
    # frequency is weight times deals, normalised.
    deals = np.array([r["weight"] * r["deals"] for r in rows])
    assert np.allclose(frequency, deals / deals.sum(), rtol=1e-12)


def test_flop_report_rows_against_combo_equity_and_the_rules() -> None:
    rows = {r["board"]: r for r in pe.flop_report("QQ+,AKs", "JJ-99,AQs", pandas=False)}
    for board in ("Ks9h4d", "QsJsTs", "7s7h2s", "AsKhQd"):
        r = rows[board]
        e = pe.combo_equity("QQ+,AKs", "JJ-99,AQs", board)
        assert math.isclose(r["equity"], e.overall, rel_tol=1e-12)
        # Category mix: the range's combos on the flop, by the reference evaluator.
        combos = [tuple(int(c) for c in combo) for combo in pe.Range("QQ+,AKs").ids]
        live = [c for c in combos if not set(c) & set(ids(board))]
        counted = Counter(category_of([*ids(board), *c]) for c in live)
        for cat in pe.Category:
            if cat <= pe.Category.ROYAL_FLUSH:
                assert math.isclose(r[f"range_{cat.name.lower()}"], counted[int(cat)] / len(live))
        # deals: the weight of the pairs of combos that meet on the flop (it was that times
        # 990/1176, the runouts a pair plays over those of the board alone).
        mine_live = [set(c) for c in live]
        theirs_live = [{int(c) for c in combo} for combo in pe.Range("JJ-99,AQs").ids]
        pairs = sum(1 for h in mine_live for o in theirs_live if not o & (h | set(ids(board))))
        assert r["deals"] == pairs
    # By hand on QsJsTs: against JJ, TT, 99 (12 combos) and AQs (3 left), QQ's 3 combos meet 13
    # each, KK's 6 meet 15, AA's 6 meet 12 each and AQs 9 times, AKs's 4 likewise 12 and 9.
    assert rows["QsJsTs"]["deals"] == 3 * 13 + 6 * 15 + (6 * 12 + 9) + (4 * 12 + 9) == 267
    assert (rows["QsJsTs"]["suits"], rows["QsJsTs"]["connected"]) == ("monotone", True)
    assert (rows["7s7h2s"]["pairing"], rows["7s7h2s"]["suits"]) == ("paired", "two-tone")
    assert (rows["AsKhQd"]["suits"], rows["AsKhQd"]["high"]) == ("rainbow", "A")


@pytest.mark.slow
def test_flop_report_with_suited_ranges_plays_every_flop() -> None:
    # AhKh tells the suits apart: the report adds up all 22,100 flops, not representatives.
    rows = pe.flop_report("AhKh", "QQ", pandas=False)
    flush_draws = next(r for r in rows if r["board"] == "Ts9s2h")
    key = brute_class(tuple(ids("Ts9s2h")))
    members = [f for f in itertools.combinations(range(52), 3) if brute_class(f) == key]
    num = den = 0.0
    for flop in members:
        if set(flop) & set(ids("AhKh")):
            continue
        e = pe.combo_equity("AhKh", "QQ", list(flop))
        num += e.overall * float(e.weight.sum())
        den += float(e.weight.sum())
    assert math.isclose(flush_draws["equity"], num / den, rel_tol=1e-12)


def test_flop_report_is_a_dataframe_with_pandas() -> None:
    pd = pytest.importorskip("pandas")
    df = pe.flop_report("AA", "KK")
    assert isinstance(df, pd.DataFrame) and list(df.columns) == list(solver.COLUMNS) and len(df) == 1755


# ---- errors ----------------------------------------------------------------------------------


def test_errors_name_the_problem() -> None:
    with pytest.raises(ValueError, match="a river"):
        pe.showdown_matrix("2c7d9h")
    with pytest.raises(ValueError, match="duplicate card"):
        pe.showdown_matrix("2c7d9h2c3s")
    with pytest.raises(ValueError, match="a flop"):
        pe.equity_matrix("2c7d9hJs3s")
    with pytest.raises(ValueError, match="duplicate card '2c' in the board and the dead cards"):
        pe.combo_equity("AA", "KK", "2c7d9h", dead="2c")
    with pytest.raises(ValueError, match="bad range token"):
        pe.combo_equity("AX", "KK", "2c7d9h")
    with pytest.raises(ValueError, match="shape"):
        pe.combo_equity(np.ones(10), "KK", "2c7d9h")
    with pytest.raises(TypeError, match="dtype"):
        pe.combo_equity(np.ones(1326, dtype=bool), "KK", "2c7d9h")
    with pytest.raises(ValueError, match="not finite"):
        pe.combo_equity(np.full(1326, -1.0), "KK", "2c7d9h")
    with pytest.raises(ValueError, match="holdem only"):
        pe.combo_equity("AA", "KK", "2c7d9h", game="omaha")
    with pytest.raises(TypeError, match="bins must be an int"):
        pe.equity_distribution("AA", "KK", "2c7d9h", bins=True)
    with pytest.raises(ValueError, match="street"):
        pe.equity_distribution("AA", "KK", "2c7d9h", street="flop")
    with pytest.raises(ValueError, match="int8"):
        pe.showdown_matrix("2c7d9hJs3s", out=np.zeros((1326, 1326), dtype=np.int16))
    with pytest.raises(ValueError, match="hand 1 has 3 cards"):
        pe.canonical("2c7d9h", ["AsKsQs"])
    with pytest.raises(ValueError, match="3 to 5 cards"):
        pe.canonical("2c7d")
    with pytest.raises(ValueError, match="threads"):
        pe.equity_matrix("2c7d9h", threads=0)


# ---- the command line and Dask ---------------------------------------------------------------


def test_report_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pokereval.cli import main

    csv_path, svg_path = tmp_path / "r.csv", tmp_path / "r.svg"
    files = ["--csv", str(csv_path), "--picture", str(svg_path)]
    assert main(["report", "AA,KK", "QQ,AKs", "--top", "2", *files]) == 0
    text = capsys.readouterr().out
    want = pe.equity(["AA,KK", "QQ,AKs"]).equity[0]
    assert f"{100 * want:.2f}% over the 1,755 flops" in text
    lines = csv_path.read_text().splitlines()
    assert lines[0].split(",") == list(solver.COLUMNS) and len(lines) == 1756
    assert svg_path.read_text().count('class="bar"') == 3
    assert main(["report", "AA", "KK", "--picture", "x.png"]) == 2
    assert "writes an .svg" in capsys.readouterr().err


def test_report_csv_flag_writes_csv_whatever_the_file_is_called(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pokereval.cli import main

    for name in ("r.json", "r.txt"):  # JSON in a file the flag called CSV, or a refusal, before
        assert main(["report", "AA", "KK", "--csv", str(tmp_path / name)]) == 0
        lines = (tmp_path / name).read_text().splitlines()
        assert lines[0].split(",") == list(solver.COLUMNS) and len(lines) == 1756
    capsys.readouterr()


@pytest.mark.slow
def test_flop_report_on_a_two_worker_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    pe_dask = pytest.importorskip("pokereval.dask")
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with cluster, distributed.Client(cluster) as client:
        seen: list[float] = []
        got = pe_dask.flop_report(
            "QQ+,AKs", "JJ-99,AQs", scheduler=client, tasks=np.int64(8), progress=seen.append, pandas=False
        )
        assert seen[-1] == 1.0 and len(seen) == 8  # a numpy int is an int here as everywhere
    assert got == pe.flop_report("QQ+,AKs", "JJ-99,AQs", pandas=False)


@pytest.mark.parametrize(
    ("tasks", "error", "words"),
    [
        (True, TypeError, "tasks must be an int, got bool"),
        (8.0, TypeError, "tasks must be an int, got float"),
        (0, ValueError, "tasks must be 1 to 1000000, got 0"),
    ],
)
def test_dask_flop_report_checks_tasks_before_any_cluster(
    tasks: object, error: type[Exception], words: str
) -> None:
    """As every count in the library: TypeError for what is no int (a bool among them), ValueError
    out of range; a numpy int was refused, and a bool or a float was a ValueError."""
    pe_dask = pytest.importorskip("pokereval.dask")
    with pytest.raises(error, match=f"^{words}$"):
        pe_dask.flop_report("QQ+", "JJ", tasks=tasks)


# ---- found by hostile testing ---------------------------------------------------------------


def test_an_equity_on_a_bin_edge_lands_in_the_bin_it_opens() -> None:
    """Bins are [edges[b], edges[b + 1]): 29 wins of 50 (0.58) is in bin 29 of 50.  The core
    took the bin of eq * bins with eq rounded first, 28.999..., and filed it in bin 28."""
    board = "Ks 9h 4d 2c 7s"
    hero = pe.combo_index("AsAd")
    matrix = pe.showdown_matrix(board)
    row, ok = np.asarray(matrix[hero]), ~matrix.mask[hero]
    for wins, losses, bins in ((29, 21, 50), (29, 21, 100), (57, 43, 100), (1, 3, 4)):
        weights = np.zeros(1326)
        weights[np.flatnonzero((row == 1) & ok)[:wins]] = 1
        weights[np.flatnonzero((row == -1) & ok)[:losses]] = 1
        d = pe.equity_distribution("AsAd", weights, board, bins=bins)
        want = wins * bins // (wins + losses)  # the exact bin, in whole numbers
        assert list(np.flatnonzero(d.weights)) == [want], (wins, losses, bins)
        assert math.isclose(d.means[want], wins / (wins + losses))


def test_weights_at_any_scale_give_the_same_answers() -> None:
    """Only the ratios of a range's weights matter: weights of 1e301 overflowed the core's
    products (a raw "core error", or NaN) and weights of 5e-324 vanished in them."""
    board = "Ks 9h 4d"
    one = pe.combo_equity("AA", np.ones(1326), board)
    for scale in (1e301, 5e-324):
        same = pe.combo_equity("AA", np.full(1326, scale), board)
        assert np.allclose(np.asarray(same), np.asarray(one), equal_nan=True)
        assert math.isclose(same.overall, one.overall, rel_tol=1e-12)
    big = pe.combo_equity("AA", np.full(1326, 1e301), board)
    ok = one.weight > 0
    assert np.allclose(big.weight[ok] / 1e301, one.weight[ok])  # .weight keeps the scale given
    d = pe.equity_distribution(np.full(1326, 1e303), "random", board)
    assert math.isclose(d.mean, pe.equity_distribution(np.ones(1326), "random", board).mean, rel_tol=1e-12)
    aces = np.zeros(1326)
    aces[[pe.combo_index(c) for c in ("AsAh", "AsAd", "AsAc", "AhAd", "AhAc", "AdAc")]] = 1e305
    assert pe.flop_report(aces, "KK", pandas=False) == pe.flop_report("AA", "KK", pandas=False)


def test_weights_whose_products_leave_the_floats_stay_a_mean_of_the_equity() -> None:
    """Weights of 1e200 (or 1e-200) on both sides: their products are no floats, so
    .weight holds the same weights scaled to a largest of 1, and its mean is the equity."""
    board = "Ks 9h 4d"
    one = pe.combo_equity(np.ones(1326), np.ones(1326), board)
    for scale in (1e200, 1e-200, 1e-160, 1e-162):  # 1e-160 squared is a subnormal: few digits
        e = pe.combo_equity(np.full(1326, scale), np.full(1326, scale), board)
        values, weight = np.asarray(e), e.weight
        ok = ~np.isnan(values)
        assert np.all(np.isfinite(weight)) and float(weight.max()) == 1.0
        assert np.array_equal(weight > 0, ok)
        assert math.isclose(float(np.average(values[ok], weights=weight[ok])), e.overall, rel_tol=1e-12)
        assert np.allclose(weight, one.weight / one.weight.max(), rtol=1e-12)
    texts = pe.combo_equity("AA:1e-200,KK:1e-200", "QQ:1e-200,JJ:1e-200", board)
    ok = texts.weight > 0
    assert ok.sum() == 9 and math.isclose(  # six aces, three kings beside the Ks
        float(np.average(np.asarray(texts)[ok], weights=texts.weight[ok])), texts.overall, rel_tol=1e-12
    )


def test_a_combos_weight_is_the_opponents_weight_it_meets() -> None:
    """As docs/solver.md says: AsAh meets 10 combos of QQ+ on Ks 9h 4d (six queens, three
    kings, one pair of aces), on the flop as on the river; the flop once gave 10 * 990/1176."""
    for board in ("Ks 9h 4d", "Ks 9h 4d 2c", "Ks 9h 4d 2c 3c"):
        assert math.isclose(pe.combo_equity("AsAh", "QQ+", board).weight[pe.combo_index("AsAh")], 10.0)


def test_too_few_cards_left_is_worded() -> None:
    def dead(board: str, left: int) -> list[int]:
        """All the cards off the board but `left` of them."""
        return [c for c in range(52) if c not in pe.card_ids(board)][left:]

    for call in (
        lambda: pe.combo_equity("random", "random", "2c 2d 2h", dead=dead("2c 2d 2h", 5)),
        lambda: pe.combo_equity("random", "random", "2c 2d 2h 3c", dead=dead("2c 2d 2h 3c", 4)),
        lambda: pe.equity_distribution("AsAh", "random", "2c 2d 2h", dead=dead("2c 2d 2h", 5)),
        lambda: pe.flop_report("AsAh", "KsKd", dead=dead("AsAhKsKd", 1)),
    ):
        with pytest.raises(ValueError, match="not enough cards left to deal two hands and the runout"):
            call()
    with pytest.raises(ValueError, match=r"flop_report: range has no combo left \(every weight is 0\)"):
        pe.flop_report(np.zeros(1326), "AA")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: pe.combo_equity("AhAd", "AhKh", "2c 7d 9h"),
            "combo_equity: every combo of vs shares a card",
        ),
        (lambda: pe.combo_equity("AhAd", "Kh2c,Qd2c", "2c 7d 9h"), "combo_equity: vs has no combo left"),
        (lambda: pe.combo_equity("AA", "KK", "As Ah Ad"), "combo_equity: range has no combo left"),
        (lambda: pe.flop_report("AhAd", "AhKh,AdKd"), "flop_report: every combo of vs shares a card"),
        (lambda: pe.flop_report("AhAd", "Kh2c", dead="2c"), "flop_report: vs has no combo left"),
    ],
    ids=["blocked-vs", "vs-on-the-board", "range-on-the-board", "report-blocked", "report-dead"],
)
def test_ranges_that_cannot_meet_are_refused(call: Callable[[], object], message: str) -> None:
    """Two ranges no combos of which can be dealt together have no equity: a table of NaN (or a
    report of 0%) was the answer; now the question is refused."""
    with pytest.raises(ValueError, match=message):
        call()


def test_ranges_that_meet_once_are_played() -> None:
    """One pair of combos that can meet is enough: AhAd meets only QhQd of "AhKh,QhQd"."""
    alone = pe.combo_equity("AhAd", "QhQd", "2c 7d 9s")
    mixed = pe.combo_equity("AhAd", "AhKh,QhQd", "2c 7d 9s")
    assert mixed.overall == alone.overall == alone[pe.combo_index("AhAd")]


def test_a_list_of_numpy_ids_is_one_hand() -> None:
    """numpy integers are card ids like ints: a list of them is a hand's cards, not a list of
    one-card hands."""
    assert pe.canonical("Ks 9h 4d", [np.int64(0), np.int64(5)]) == pe.canonical("Ks 9h 4d", [0, 5])
    a = pe.outs("AhKh", "2h 7h 9c", vs=list(np.array([0, 5])))
    assert a.count == pe.outs("AhKh", "2h 7h 9c", vs=[0, 5]).count


def test_an_equity_within_the_rounding_of_an_edge_is_on_it() -> None:
    # docs/solver.md: an equity a relative 1e-9 or less below an edge is filed in the bin the
    # edge opens (the rounding of float weights), so weights 1 and 1 + 1e-10 bin as if equal;
    # 1 and 1 + 1e-6 do not.
    for apart, bins in ((1e-10, (0.0, 1.0)), (1e-6, (1.0, 0.0))):
        vs = np.zeros(1326)
        vs[pe.combo_index("8s8h")] = 1.0  # TsTh beats it on this river
        vs[pe.combo_index("QsQh")] = 1.0 + apart  # and loses to this
        d = pe.equity_distribution("TsTh", vs, "2c7d9hJs3s", bins=2)
        assert tuple(d.weights) == bins
        assert d.mean == pytest.approx(1 / (2 + apart), rel=1e-15)
