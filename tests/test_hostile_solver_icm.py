"""Hostile review (second round) of the solver's kit, ICM and the preflop tables.

Every expectation comes from the rules through slow references written here (a seven-card
evaluator by counting ranks and suits, runouts by itertools, suit classes by trying all 24
renamings, Malmuth-Harville by every finishing order in exact fractions) or from published
figures; none is read from the code under test.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction
from functools import cache

import numpy as np
import pytest
from reference import harville

import pokereval as pe
from pokereval import abstraction, solver, tables

RANKS = "23456789TJQKA"
SUITS = "cdhs"

Card = tuple[int, int]  # (rank 0..12 from the deuce, suit 0..3)


# ---- references -------------------------------------------------------------------------


def parse(text: str) -> list[Card]:
    text = text.replace(" ", "")
    return [(RANKS.index(text[i]), SUITS.index(text[i + 1])) for i in range(0, len(text), 2)]


def show(hand: list[Card] | tuple[Card, ...]) -> str:
    return "".join(RANKS[r] + SUITS[s] for r, s in hand)


DECK: list[Card] = [(r, s) for r in range(13) for s in range(4)]


def top_of_run(ranks: set[int]) -> int:
    """The top rank of five ranks in a row (the ace low too), -1 for none."""
    have = ranks | ({-1} if 12 in ranks else set())
    for top in range(12, 2, -1):
        if all(r in have for r in range(top - 4, top + 1)):
            return top
    return -1


@cache
def strength(hand: frozenset[Card]) -> tuple[int, ...]:
    """The best five of five to seven cards as a tuple that compares as hands do."""
    by_suit: dict[int, set[int]] = {}
    for r, s in hand:
        by_suit.setdefault(s, set()).add(r)
    count = Counter(r for r, _ in hand)
    for ranks in by_suit.values():
        if len(ranks) >= 5:
            top = top_of_run(ranks)
            if top >= 0:
                return (8, top)
    groups = sorted(((n, r) for r, n in count.items()), reverse=True)
    if groups[0][0] == 4:
        return (7, groups[0][1], max(r for r in count if r != groups[0][1]))
    if groups[0][0] == 3 and groups[1][0] >= 2:
        return (6, groups[0][1], groups[1][1])
    for ranks in by_suit.values():
        if len(ranks) >= 5:
            return (5, *sorted(ranks, reverse=True)[:5])
    top = top_of_run(set(count))
    if top >= 0:
        return (4, top)
    if groups[0][0] == 3:
        return (3, groups[0][1], *sorted((r for r in count if r != groups[0][1]), reverse=True)[:2])
    if groups[0][0] == 2 and groups[1][0] == 2:
        hi, lo = groups[0][1], groups[1][1]
        return (2, hi, lo, max(r for r in count if r not in (hi, lo)))
    if groups[0][0] == 2:
        return (1, groups[0][1], *sorted((r for r in count if r != groups[0][1]), reverse=True)[:3])
    return (0, *sorted(count, reverse=True)[:5])


def combo_cards() -> list[tuple[Card, Card]]:
    """pe.combos() read by this file's own parser."""
    out = []
    for text in pe.combos():
        a, b = parse(text)
        out.append((a, b))
    return out


def range_combos(text: str) -> set[frozenset[Card]]:
    """The combos of a small range of pairs, suited and offsuit classes, written here."""
    out: set[frozenset[Card]] = set()
    for token in text.split(","):
        hi, lo = RANKS.index(token[0]), RANKS.index(token[1])
        for s1, s2 in itertools.product(range(4), repeat=2):
            if hi == lo and s1 >= s2:
                continue
            if len(token) == 3 and (token[2] == "s") != (s1 == s2):
                continue
            out.add(frozenset({(hi, s1), (lo, s2)}))
    return out


# ---- flops and suit classes ---------------------------------------------------------------


def suit_class(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The least of the 24 renamings of a set of cards, sorted: one name per class."""
    return min(tuple(sorted((r, p[s]) for r, s in cards)) for p in itertools.permutations(range(4)))


def test_flop_classes_counted_from_the_rules() -> None:
    classes = Counter(suit_class(f) for f in itertools.combinations(DECK, 3))
    assert len(classes) == 1755 and sum(classes.values()) == math.comb(52, 3) == 22_100
    listed = pe.flops()
    assert len(listed) == 1755 and sum(f.weight for f in listed) == 22_100
    # Each listed flop is its own class, all different, with the weight counted by renaming.
    seen = set()
    for flop in listed:
        key = suit_class(tuple(parse(flop.board)))
        assert key not in seen
        seen.add(key)
        assert classes[key] == flop.weight, flop
    # By texture, from the rules: 13 trips (C(4,3) = 4 flops each), 156 pairs with a kicker in
    # two classes of 12 (the kicker's suit one of the pair's or not), and 286 rank sets of three
    # in 5 classes: monotone (4), two-tone by which card is off (3 x 12), rainbow (24).
    shapes = Counter((len({r for r, _ in key}), len({s for _, s in key}), classes[key]) for key in classes)
    assert shapes == {
        (1, 3, 4): 13,
        (2, 2, 12): 156,
        (2, 3, 12): 156,
        (3, 1, 4): 286,
        (3, 2, 12): 3 * 286,
        (3, 3, 24): 286,
    }


def test_canonical_of_every_flop_is_its_listed_class() -> None:
    listed = {suit_class(tuple(parse(f.board))): f.board for f in pe.flops()}
    rng = random.Random(11)
    for flop in rng.sample(list(itertools.combinations(DECK, 3)), 600):
        order = list(flop)
        rng.shuffle(order)
        got = pe.canonical(show(order)).board
        assert got == listed[suit_class(flop)]


# ---- showdown matrix ----------------------------------------------------------------------


@pytest.mark.parametrize("board", ["Ks 9h 4d 2c 7s", "Qh Jh 9h 9c 2h", "As Ks Qs Js Ts", "7c 7d 7h 7s 2c"])
def test_showdown_matrix_and_mask_from_the_rules(board: str) -> None:
    on_board = set(parse(board))
    hands = combo_cards()
    live = np.array([not ({a, b} & on_board) for a, b in hands])
    value = {i: strength(frozenset(on_board | {a, b})) for i, (a, b) in enumerate(hands) if live[i]}
    order = sorted(set(value.values()))
    level = np.full(len(hands), -1)
    for i, v in value.items():
        level[i] = order.index(v)
    held = np.zeros((len(hands), 52), dtype=bool)
    for i, (a, b) in enumerate(hands):
        held[i, 4 * a[0] + a[1]] = held[i, 4 * b[0] + b[1]] = True
    share = (held.astype(np.int32) @ held.T.astype(np.int32)) > 0
    mask = share | ~live[:, None] | ~live[None, :]
    want = np.sign(level[:, None] - level[None, :]).astype(np.int8)
    want[mask] = 0
    m = pe.showdown_matrix(board)
    assert np.array_equal(np.asarray(m), want)
    assert np.array_equal(m.mask, mask)
    # A live combo is dealt with the C(45, 2) = 990 combos of the cards left: 336 masked.
    assert set(mask[live].sum(axis=1).tolist()) == {1326 - 990}
    assert bool(mask[~live].all())


# ---- combo equity by brute force ----------------------------------------------------------


def brute_combo_equity(
    mine: set[frozenset[Card]], theirs: dict[frozenset[Card], float], board: str, dead: str = ""
) -> dict[frozenset[Card], tuple[float, float, float]]:
    """(equity, win, tie) of each combo of `mine` against the weighted `theirs`, over every
    runout, by the rules: each (runout, opponent combo) that shares no card counts by its weight."""
    known = set(parse(board)) | set(parse(dead))
    out = {}
    for hand in mine:
        if hand & known:
            continue
        rest = [c for c in DECK if c not in known and c not in hand]
        win = tie = total = 0.0
        for run in itertools.combinations(rest, 5 - len(parse(board))):
            full = set(parse(board)) | set(run)
            mine_value = strength(frozenset(full | hand))
            for other, weight in theirs.items():
                if other & (full | hand | known):
                    continue
                theirs_value = strength(frozenset(full | other))
                total += weight
                if mine_value > theirs_value:
                    win += weight
                elif mine_value == theirs_value:
                    tie += weight
        if total > 0:
            out[hand] = ((win + tie / 2) / total, win / total, tie / total)
    return out


def test_combo_equity_on_a_turn_with_fractional_weights_and_a_dead_card() -> None:
    board, dead = "Qh Jh 4c 9s", "2h"
    mine = range_combos("AA,KTs,T8s,55")
    rng = random.Random(5)
    theirs = {c: rng.choice([0.1, 0.3, 1.0, 0.7, 1e-3]) for c in range_combos("QQ,AKs,KJs,98s,44")}
    weights = np.zeros(1326)
    hands = combo_cards()
    for i, (a, b) in enumerate(hands):
        weights[i] = theirs.get(frozenset({a, b}), 0.0)
    mine_text = ",".join(show(sorted(h, reverse=True)) for h in mine)
    got = pe.combo_equity(mine_text, weights, board, dead=dead)
    want = brute_combo_equity(mine, theirs, board, dead)
    index = {frozenset({a, b}): i for i, (a, b) in enumerate(hands)}
    for hand, (equity, win, tie) in want.items():
        i = index[hand]
        assert math.isclose(float(got[i]), equity, rel_tol=1e-12), show(sorted(hand))
        assert math.isclose(float(got.win[i]), win, rel_tol=1e-12, abs_tol=1e-15)
        assert math.isclose(float(got.tie[i]), tie, rel_tol=1e-12, abs_tol=1e-15)
    # Combos not in `mine` or holding a board or dead card are NaN.
    assert int(np.count_nonzero(~np.isnan(got))) == len(want)


def test_combo_equity_on_a_flop_by_every_runout() -> None:
    board = "Ts 9s 2d"
    mine = range_combos("AKs,JJ")
    theirs = dict.fromkeys(range_combos("QJs,22,A5s"), 1.0)
    got = pe.combo_equity("AKs,JJ", "QJs,22,A5s", board)
    want = brute_combo_equity(mine, theirs, board)
    index = {frozenset(h): i for i, h in enumerate(combo_cards())}
    for hand, (equity, _, _) in want.items():
        assert math.isclose(float(got[index[hand]]), equity, rel_tol=1e-12)
    # The range's equity: each combo by its weight times the opponent weight it meets.
    met = {h: sum(1 for o in theirs if not o & (h | set(parse(board)))) for h in want}
    overall = sum(want[h][0] * met[h] for h in want) / sum(met.values())
    assert math.isclose(got.overall, overall, rel_tol=1e-12)


# ---- equity distributions ----------------------------------------------------------------


@pytest.mark.parametrize("bins", [1, 2, 3, 7, 10, 49, 50, 100, 1000, 10_000])
def test_edges_are_b_over_bins_rounded_once(bins: int) -> None:
    d = pe.equity_distribution("AhKh", "QQ+", "2h 7h 9c 3d 4s", bins=bins)
    assert len(d.edges) == bins + 1
    assert [Fraction(float(x)) for x in d.edges] == [
        Fraction(float(Fraction(b, bins))) for b in range(bins + 1)
    ]


@pytest.mark.parametrize("weight", [1.0, 0.3, 0.1, 1e-3, 7.0])
def test_an_equity_of_3_in_10_lies_within_the_edges_of_its_bin(weight: float) -> None:
    # On this river AhKh (ace high) meets ten hand-picked opponents: 3 queen-high hands lose to
    # it, 7 that pair the board beat it (the reference evaluator checks both below).
    board = "2c 7d 9s Jh 3h"
    beaten = ["Qs8s", "Qd8d", "Qc6c"]
    beating = ["2s4s", "2d4d", "7s4s", "7c4c", "9c4d", "9d5d", "Js5s"]  # pairs of the board
    for hand in beaten:
        assert strength(frozenset(parse(board + hand))) < strength(frozenset(parse(board + "AhKh")))
    for hand in beating:
        assert strength(frozenset(parse(board + hand))) > strength(frozenset(parse(board + "AhKh")))
    vs = np.zeros(1326)
    for hand in beaten + beating:
        vs[pe.combo_index(hand)] = weight
    d = pe.equity_distribution("AhKh", vs, board, bins=10)
    assert d.mean == pytest.approx(0.3, rel=1e-12)
    assert d.weights[3] == pytest.approx(1.0) and float(d.weights.sum()) == pytest.approx(1.0)
    # The bin that holds it is [edges[3], edges[4]): its equity (and the bin's mean) lies there.
    assert d.edges[3] <= d.mean < d.edges[4]
    assert d.edges[3] <= d.means[3] < d.edges[4]


def brute_distribution(
    hand: str, vs: str, board: str, bins: int, ahead: int
) -> tuple[list[Fraction], Fraction]:
    """Histogram (chances per bin) and mean of the hand's equity once `ahead` cards come,
    each point weighted by the opponent's combos it leaves, all in exact fractions."""
    mine = frozenset(parse(hand))
    flop = set(parse(board))
    theirs = range_combos(vs)
    rest = [c for c in DECK if c not in flop and c not in mine]
    hist = [Fraction(0)] * bins
    total = mean = Fraction(0)
    for point in itertools.combinations(rest, ahead):
        known = flop | set(point)
        left = [c for c in rest if c not in point]
        won = count = 0
        for other in theirs:
            if other & (known | mine):
                continue
            for run in itertools.combinations([c for c in left if c not in other], 2 - ahead):
                full = known | set(run)
                a, b = strength(frozenset(full | mine)), strength(frozenset(full | other))
                won += 2 if a > b else 1 if a == b else 0
                count += 2
        if not count:
            continue
        weight = Fraction(count, 2 * math.comb(len(left) - 2, 2 - ahead))  # opponent combos met
        equity = Fraction(won, count)
        hist[min(bins - 1, math.floor(equity * bins))] += weight
        total += weight
        mean += weight * equity
    return [h / total for h in hist], mean / total


@pytest.mark.parametrize("ahead, bins", [(1, 8), (2, 5)])
def test_distribution_bins_against_every_deal(ahead: int, bins: int) -> None:
    street = "turn" if ahead == 1 else "river"
    want, mean = brute_distribution("Jc Tc", "AQs,88", "9c 8d 2c", bins, ahead)
    d = pe.equity_distribution("Jc Tc", "AQs,88", "9c 8d 2c", bins=bins, street=street)
    assert np.allclose(d.weights, [float(w) for w in want], rtol=1e-12, atol=1e-15)
    assert math.isclose(d.mean, float(mean), rel_tol=1e-12)
    assert math.isclose(float(d.weights.sum()), 1.0, rel_tol=1e-14)
    full = d.weights > 0
    assert np.all(d.means[full] >= d.edges[:-1][full]) and np.all(d.means[full] <= d.edges[1:][full])


def test_a_street_that_is_no_text_is_named() -> None:
    # A TypeError, as for a game that is no text; a text that names no street a ValueError.
    with pytest.raises(TypeError, match=r"street must be a str, one of turn, river; got list \['turn'\]"):
        pe.equity_distribution("AhKh", "random", "2h 7h 9c", street=["turn"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"street must be a str, one of turn, river; got NoneType None"):
        pe.equity_distribution("AhKh", "random", "2h 7h 9c", street=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"street must be one of turn, river, got 'flop'"):
        pe.equity_distribution("AhKh", "random", "2h 7h 9c", street="flop")
    with pytest.raises(
        TypeError, match=r"street must be a str, one of flop, turn, river; got list \['flop'\]"
    ):
        abstraction.street_boards(["flop"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"street must be a str, one of flop, turn, river; got dict \{"):
        abstraction.buckets({"flop": 1}, 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"street must be a str, one of flop, turn, river; got int 5"):
        abstraction.buckets(5, 2)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"kind must be a str, one of ehs2, emd, ochs; got int 2"):
        abstraction.buckets("flop", 2, kind=2)  # type: ignore[arg-type]
    report = solver.flop_report("AA", "KK", pandas=False)
    with pytest.raises(
        TypeError, match=r"by must be a str, one of suits, pairing, connected, high; got int 5"
    ):
        solver.texture_summary(report, by=5)  # type: ignore[arg-type]


def test_the_pictures_and_summaries_of_the_solver_name_what_is_wrong() -> None:
    report = solver.flop_report("AA", "KK", pandas=False)
    dist = pe.equity_distribution("AsKd", "QQ+", "2c3c4h")
    with pytest.raises(TypeError, match=r"^title must be a str, got int 5$"):
        solver.distribution_svg(dist, title=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^title must be a str, got bytes"):
        solver.report_svg(report, title=b"x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^distribution must be what equity_distribution returns, got str$"):
        solver.distribution_svg("x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^report row 0 has no 'suits', 'frequency', 'equity': a report is"):
        solver.report_svg([{"a": 1}])
    with pytest.raises(TypeError, match=r"^report row 1 is a int: a report is what flop_report returns$"):
        solver.texture_summary([report[0], 5])
    assert solver.distribution_svg(dist, title="ok").startswith("<svg")


# ---- ICM ------------------------------------------------------------------------------------


def close(got: float, want: Fraction, top: float) -> bool:
    """Within a relative 1e-12, or where the figure is below what a double holds beside the
    largest prize (a chance below 2**-1074 is no double), within 1e-300 of that prize."""
    return math.isclose(got, float(want), rel_tol=1e-12, abs_tol=1e-300 * top)


ICM_CASES = [
    ([5000, 3000, 2000], [50, 30, 20]),
    ([10, 10, 10, 10, 10, 10], [40, 25, 15, 10, 6, 4]),  # equal stacks: the mean prize each
    ([1, 2, 3, 4, 5], [5, 10, 1]),  # prizes not in order
    ([7, 1, 1, 1], [1, 2, 3, 4]),  # last pays most
    ([1e-300, 1, 1], [1, 0, 0]),
    ([1, 1e20, 1e20], [0, 1, 0]),
    ([1e300, 1e300, 1], [0, 0, 1]),
    ([2.0**53, 1, 1], [0, 1]),
    ([1e-200, 1e-100, 1, 1e100, 1e200, 1e300], [1, 2, 3, 4, 5, 6]),
    ([1e-200, 1e-100, 1, 1e100, 1e200, 1e300], [6, 5, 4, 3, 2, 1]),
    ([1e-300, 1e-250, 1e308], [100, 10, 1]),
    ([5e-324, 1.0], [1, 0]),
    ([5e-324, 1e-323, 1e200], [1, 2, 3]),  # subnormal stacks: p * stack rounded to 0 in the core
    ([5e-324, 1e-323, 1.0], [1, 2, 3]),
    ([2.0**-1037, 2.0**-1036, 1e300], [1, 2, 3]),  # scaled into the subnormals beside 1e300
    ([2.0**-1037, 2.0**-1036, 1e300], [0, 0, 1]),
    ([1, 1, 1, 1, 1, 1], [1, -1, 1, -1, 1, -1]),
    ([3, 1e-30, 2], [1e300, -1e300, 5e-324]),
]


@pytest.mark.parametrize("stacks, payouts", ICM_CASES)
def test_icm_against_every_finishing_order(stacks: list[float], payouts: list[float]) -> None:
    want = harville(stacks, payouts)
    got = pe.icm(stacks, payouts)
    top = max(abs(p) for p in payouts)
    assert got.exact
    assert all(close(float(g), w, top) for g, w in zip(got, want)), (list(got), [float(w) for w in want])


def test_stacks_far_apart_keep_their_order() -> None:
    # Only the two small stacks' order decides who takes fifth and sixth; the smaller is last
    # but with a chance of about 1e-100.
    got = pe.icm([1e-200, 1e-100, 1, 1e100, 1e200, 1e300], [0, 0, 0, 0, 1, 0])
    assert float(got[1]) == pytest.approx(1.0, rel=1e-12)
    assert float(got[0]) == pytest.approx(1e-100, rel=1e-9)
    # The Monte Carlo sees the same stacks: the larger of the two is always fifth.
    sampled = pe.icm([1e-200, 1e-100, 1, 1e100, 1e200, 1e300], [0, 0, 0, 0, 1, 0], samples=4096, seed=3)
    assert [float(x) for x in sampled] == [0.0, 1.0, 0.0, 0.0, 0.0, 0.0]


def test_the_core_takes_subnormal_stacks_share_by_share() -> None:
    # Two stacks of 1 and 2 least doubles beside 1: after the big one wins, the small ones
    # take second and third 1:2 and 2:1; p * stack rounded half a least double to 0.
    from pokereval import _core_solver

    stacks = np.array([5e-324, 1e-323, 1.0])
    equity = np.zeros(3)
    assert _core_solver.icm_exact(stacks, np.array([1.0, 2.0, 3.0]), equity, np.empty(8)) == 0
    want = harville([1, 2, 2**1074], [1, 2, 3])  # the same chips, scaled up by 2**1074
    assert all(math.isclose(float(g), float(w), rel_tol=1e-12) for g, w in zip(equity, want))


def test_a_tiny_stack_keeps_its_own_share() -> None:
    # 1 chip in 2**1074 + 1 is the least double: no more (it was doubled to 1e-323) and no less.
    assert float(pe.icm([5e-324, 1.0], [1, 0])[0]) == 5e-324
    assert float(pe.icm([5e-324, 1.0], [1e308, 0])[0]) == pytest.approx(5e-324 * 1e308, rel=1e-12)


def test_published_icm_figures() -> None:
    # Wikipedia, "Independent Chip Model": 50/30/20 % of the chips, prizes 70 and 30:
    # "about 45, 32 and 22" (whole units cut).
    assert [math.floor(float(x)) for x in pe.icm([50, 30, 20], [70, 30])] == [45, 32, 22]
    # One player with every chip but crumbs takes first; equal stacks share the pool evenly.
    assert float(pe.icm([1e12, 1e-12, 1e-12], [50, 30, 20])[0]) == pytest.approx(50.0, rel=1e-12)
    even = pe.icm([1234.5] * 22, [50, 30, 20])
    assert np.allclose(even, 100 / 22, rtol=1e-12) and even.exact


@pytest.mark.parametrize(
    "stacks, payouts, error, words",
    [
        ([1, float("inf")], [1], ValueError, "player 2 has inf chips"),
        ([1, -1], [1], ValueError, "player 2 has -1 chips"),
        ([1, 0.0], [1], ValueError, "player 2 has 0 chips"),
        ([1, 2], [float("-inf")], ValueError, "place 1 pays -inf"),
        ([1, 2], [1, 2, 3], ValueError, "3 payouts for 2 players"),
        (
            np.array([1, 2], dtype=bool),
            [1],
            TypeError,
            "stacks must be a list of numbers, got an array of bool",
        ),
        (np.array([[1.0, 2.0]]), [1], TypeError, "a 1-d array"),
        (np.array(["1", "2"]), [1], TypeError, "stacks must be a list of numbers, got an array of <U1"),
        (
            [1, 2],
            np.array([1 + 0j]),
            TypeError,
            "payouts must be a list of numbers, got an array of complex128",
        ),
        ([1, None], [1], TypeError, "entry 2 must be a number, got NoneType"),
        ([1, 2], [10**400], ValueError, "payouts: entry 1 is too large"),
        ({1: 2}, [1], TypeError, "stacks must be a list of numbers, got dict"),
        ([], [1], ValueError, "no player"),
    ],
)
def test_hostile_icm_input_is_named(
    stacks: object, payouts: object, error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        pe.icm(stacks, payouts)  # type: ignore[arg-type]


# ---- preflop tables ---------------------------------------------------------------------


def test_published_equities_against_one_random_hand() -> None:
    # PokerStove's all-in equities against one random hand (two decimals of a percent).
    published = {"AA": 85.20, "KK": 82.40, "QQ": 79.93, "AKs": 67.04, "AKo": 65.32}
    for hand, percent in published.items():
        assert round(100 * pe.starting_hand_rank(hand).equity, 2) == percent


@pytest.mark.parametrize("players", range(2, 11))
def test_rank_and_percentile_follow_their_definitions(players: int) -> None:
    rows = [pe.starting_hand_rank(c, players=players) for c in pe.HAND_CLASSES]
    size = {c: 6 if len(c) == 2 else 4 if c.endswith("s") else 12 for c in pe.HAND_CLASSES}
    assert sum(size.values()) == 1326
    for row in rows:
        stronger = sum(1 for other in rows if other.equity > row.equity)
        assert row.rank == stronger + 1
        no_stronger = sum(size[o.hand] for o in rows if o.equity <= row.equity)
        assert row.percentile == pytest.approx(100 * no_stronger / 1326, abs=1e-12)


def test_class_equities_add_up_to_one_both_ways() -> None:
    classes = pe.HAND_CLASSES
    for a in classes:
        for b in classes:
            assert math.isclose(pe.class_equity(a, b) + pe.class_equity(b, a), 1.0, abs_tol=1e-12), (a, b)
    for a in classes:
        assert pe.class_equity(a, a) == pytest.approx(0.5, abs=1e-15)


def test_class_equity_is_the_mean_over_the_pairs_of_combos() -> None:
    # AKs against QQ: the 4 x 6 pairs of combos share no card, each pair by the exact table.
    results = [
        pe.preflop_equity(show(list(a)), show(list(b))).equity[0]
        for a in (((12, s), (11, s)) for s in range(4))
        for b in itertools.combinations([(10, s) for s in range(4)], 2)
    ]
    assert len(results) == 24
    assert math.isclose(pe.class_equity("AKs", "QQ"), sum(results) / 24, rel_tol=1e-12)
    # AKo against AKs: 12 x 4 pairs, of which those sharing an ace or a king are out.
    pairs = [
        (a, b)
        for a in (((12, s), (11, t)) for s in range(4) for t in range(4) if s != t)
        for b in (((12, s), (11, s)) for s in range(4))
        if not set(a) & set(b)
    ]
    assert len(pairs) == 24  # an offsuit combo's two suits each block one suited combo
    mean = sum(pe.preflop_equity(show(list(a)), show(list(b))).equity[0] for a, b in pairs) / len(pairs)
    assert math.isclose(pe.class_equity("AKo", "AKs"), mean, rel_tol=1e-12)


def test_the_grid_of_classes_by_the_rule() -> None:
    grid = []
    for i in range(13):
        for j in range(13):
            hi, lo = RANKS[12 - min(i, j)], RANKS[12 - max(i, j)]
            grid.append(hi + lo if i == j else hi + lo + ("s" if j > i else "o"))
    assert tuple(grid) == pe.HAND_CLASSES == tables.HAND_CLASSES


def test_hostile_table_input_is_named() -> None:
    with pytest.raises(ValueError, match="the first hand has 3 cards"):
        pe.preflop_equity("AsKsQs", "QdQc")
    with pytest.raises(ValueError, match="duplicate card 'As' in both hands"):
        pe.preflop_equity("AsKs", "KsAs")
    with pytest.raises(TypeError, match="players must be an int, not bool"):
        pe.starting_hand_rank("AA", players=True)
    with pytest.raises(ValueError, match="players must be 2 to 10, got 11"):
        pe.starting_hand_rank("AA", players=11)
    with pytest.raises(ValueError, match="'AAs' is neither a hand class"):
        pe.class_equity("AAs", "QQ")


# ---- solver helpers -------------------------------------------------------------------------


def test_solver_errors_name_the_problem() -> None:
    with pytest.raises(ValueError, match="combo_equity: range has no combo left without the board"):
        pe.combo_equity("KK", "AA", "Ks Kh Kd")
    with pytest.raises(ValueError, match="vs has no combo left that can meet hand_or_range"):
        pe.equity_distribution("AhKh", "AhAs", "2c 3c 4d")
    with pytest.raises(TypeError, match="weights must be a float or int array, got dtype complex128"):
        pe.combo_equity(np.ones(1326, complex), "AA", "Ks 9h 4d")
    with pytest.raises(ValueError, match=r"has shape \(1326,\), got \(1, 1326\)"):
        pe.combo_equity(np.ones((1, 1326)), "AA", "Ks 9h 4d")
    with pytest.raises(ValueError, match="needs a river"):
        pe.showdown_matrix("Ks 9h 4d 2c")
    with pytest.raises(ValueError, match="a board is a flop, turn or river"):
        pe.canonical("As Kd")
    assert solver.combo_index("2d 2c") == 1325
