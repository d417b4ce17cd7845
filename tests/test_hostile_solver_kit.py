"""A hostile review of the solver's kit: pokereval.solver, pokereval.abstraction, pokereval.icm.

Every expected value here comes from the rules, through slow references written in this
file: a seven-card hold'em evaluator (ranks and suits counted by hand), runouts enumerated
with itertools, the Malmuth-Harville model as a recursion over finishing orders in exact
fractions, suit classes by trying all 24 renamings.  None is read from the code under test.
"""

from __future__ import annotations

import copy
import itertools
import json
import math
import pickle
import random
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pokereval as pe
from pokereval import _core_solver, abstraction, solver

RANKS = "23456789TJQKA"
SUITS = "cdhs"

# ---- the references -----------------------------------------------------------------------


def card(text: str) -> int:
    """A card's id: 4 * rank + suit, the deuce 0 and clubs 0 (as pokereval numbers them)."""
    return 4 * RANKS.index(text[0]) + SUITS.index(text[1])


def cards(text: str) -> list[int]:
    text = text.replace(" ", "")
    return [card(text[i : i + 2]) for i in range(0, len(text), 2)]


def name(hand: tuple[int, int]) -> str:
    return "".join(RANKS[c >> 2] + SUITS[c & 3] for c in hand)


def straight_top(ranks: set[int]) -> int | None:
    """The top rank of the best five in a row, the ace also low (A-2-3-4-5 tops at 3)."""
    held = set(ranks) | ({-1} if 12 in ranks else set())
    for top in range(12, 2, -1):
        if all(r in held for r in range(top - 4, top + 1)):
            return top
    return None


@cache
def value(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The best five of up to seven cards, as a tuple that compares as the hands do."""
    suited: dict[int, list[int]] = {}
    counts: dict[int, int] = {}
    for c in hand:
        suited.setdefault(c & 3, []).append(c >> 2)
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
    flush = next((sorted(r, reverse=True) for r in suited.values() if len(r) >= 5), None)
    if flush is not None:
        top = straight_top(set(flush))
        if top is not None:
            return (8, top)
    ranks = sorted(counts, reverse=True)
    quads = [r for r in ranks if counts[r] == 4]
    trips = [r for r in ranks if counts[r] == 3]
    pairs = [r for r in ranks if counts[r] >= 2]
    if quads:
        return (7, quads[0], max(r for r in ranks if r != quads[0]))
    if trips and [r for r in pairs if r != trips[0]]:
        return (6, trips[0], next(r for r in pairs if r != trips[0]))
    if flush is not None:
        return (5, *flush[:5])
    top = straight_top(set(ranks))
    if top is not None:
        return (4, top)
    if trips:
        return (3, trips[0], *[r for r in ranks if r != trips[0]][:2])
    if len(pairs) >= 2:
        return (2, pairs[0], pairs[1], max(r for r in ranks if r not in pairs[:2]))
    if pairs:
        return (1, pairs[0], *[r for r in ranks if r != pairs[0]][:3])
    return (0, *ranks[:5])


def val(hand: list[int]) -> tuple[int, ...]:
    return value(tuple(sorted(hand)))


EVERY_COMBO = [(a, b) for a in range(52) for b in range(a)]


def index_of(hand: tuple[int, int]) -> int:
    return pe.combo_index(name(hand))


def ref_combo_equity(
    board: list[int], dead: list[int], hero: tuple[int, int], vs: dict[tuple[int, int], float]
) -> tuple[float, float, float]:
    """(win, tie, weight met) of one combo against weighted combos, over every runout."""
    known = set(board) | set(dead) | set(hero)
    deck = [c for c in range(52) if c not in known]
    win = tie = total = 0.0
    for run in itertools.combinations(deck, 5 - len(board)):
        full = [*board, *run]
        mine = val([*full, *hero])
        for other, weight in vs.items():
            if set(other) & (known | set(run)):
                continue
            theirs = val([*full, *other])
            total += weight
            win += weight * (mine > theirs)
            tie += weight * (mine == theirs)
    return win / total, tie / total, total


def harville(stacks: list[float], payouts: list[float]) -> list[Fraction]:
    """Malmuth-Harville in exact fractions: each place goes to a player left with chance
    stack / chips left, recursing over the finishing orders."""
    chips = [Fraction(s) for s in stacks]
    prizes = [Fraction(p) for p in payouts]
    equity = [Fraction(0)] * len(stacks)

    def place(left: tuple[int, ...], at: int, chance: Fraction) -> None:
        if at == len(prizes):
            return
        total = sum(chips[i] for i in left)
        for i in left:
            p = chance * chips[i] / total
            equity[i] += p * prizes[at]
            place(tuple(j for j in left if j != i), at + 1, p)

    place(tuple(range(len(stacks))), 0, Fraction(1))
    return equity


PERMS = list(itertools.permutations(range(4)))


def renamed(c: int, perm: tuple[int, ...]) -> int:
    return (c & ~3) | perm[c & 3]


def ref_canonical(board: list[int], hands: list[tuple[int, int]], as_set: bool) -> tuple[int, ...]:
    """The greatest image of (board, hands) over the 24 renamings: the flop (or the whole
    board, as a set) highest first, then the turn and river, then each hand higher first."""
    head = len(board) if as_set else min(3, len(board))

    def image(perm: tuple[int, ...]) -> tuple[int, ...]:
        b = [renamed(c, perm) for c in board]
        out = sorted(b[:head], reverse=True) + b[head:]
        for x, y in hands:
            out += sorted((renamed(x, perm), renamed(y, perm)), reverse=True)
        return tuple(out)

    return max(image(p) for p in PERMS)


@cache
def aces_v_kings() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = pe.flop_report("AA", "KK", pandas=False)
    return rows


# ---- defects --------------------------------------------------------------------------------

RIVER = "Ks 9h 4d 2c 7s"
HERO = (card("As"), card("Ad"))


def beaten_and_beating() -> tuple[list[int], list[int]]:
    """The combos AsAd beats and loses to on RIVER, by the reference (no shared card)."""
    board = cards(RIVER)
    mine = val([*board, *HERO])
    below: list[int] = []
    above: list[int] = []
    for combo in EVERY_COMBO:
        if set(combo) & (set(board) | set(HERO)):
            continue
        theirs = val([*board, *combo])
        if theirs < mine:
            below.append(index_of(combo))
        elif theirs > mine:
            above.append(index_of(combo))
    return below, above


@pytest.mark.parametrize("weight", [0.3, 0.1, 0.7, 1.0])
@pytest.mark.parametrize("blocked", [1.0, 3.0])
def test_an_equity_on_a_bin_edge_lands_in_its_bin_whatever_the_weights(weight: float, blocked: float) -> None:
    """1 win in 4 is equity 0.25, in bin 1 of 4 ([0.25, 0.5)).  With weights of 0.3 (as
    "KK:0.3" gives), or whole weights beside a blocked weight of 3 (the range scaled by 1/3),
    the core's sums came out a rounding short and filed it in bin 0; 29 of 50 went to 28."""
    below, above = beaten_and_beating()
    for wins, losses, bins in ((1, 3, 4), (29, 21, 50), (7, 3, 10), (3, 7, 10), (1, 2, 3), (57, 43, 100)):
        weights = np.zeros(1326)
        weights[below[:wins]] = weight
        weights[above[:losses]] = weight
        weights[pe.combo_index("AsAh")] = blocked  # shares the ace of spades: never met
        d = pe.equity_distribution("AsAd", weights, RIVER, bins=bins)
        want = wins * bins // (wins + losses)  # in whole numbers: the bin the equity opens
        assert list(np.flatnonzero(d.weights)) == [want], (weight, blocked, wins, losses, bins)
        assert math.isclose(d.mean, wins / (wins + losses), rel_tol=1e-12)


def test_sampled_icm_calls_stay_short_with_many_players(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C is seen between calls: 64 blocks of 4,096 samples a call held 5,000 paid players
    for three minutes in one call.  A call now holds about 50 ms of work, whole blocks, and
    the sums do not depend on the split."""
    calls: list[int] = []
    real = _core_solver.icm_sample

    def spy(stacks: Any, payouts: Any, seed: int, first: int, count: int, *rest: Any) -> int:
        calls.append(count)
        return real(stacks, payouts, seed, first, count, *rest)

    stacks = [1.0 + (i % 7) for i in range(2000)]
    payouts = [3.0, 2.0, 1.0]
    monkeypatch.setattr(_core_solver, "icm_sample", spy)
    got = pe.icm(stacks, payouts, samples=8192, seed=5)
    assert all(count % 4096 == 0 for count in calls[:-1])
    # about n steps a sample (the running sums rebuilt): 4,096 samples of 2,000 players
    # are 8 million steps, the least a call can hold
    assert max(calls) == 4096 and sum(calls) == 8192
    monkeypatch.undo()
    # one call of all the samples, as before: the same sums
    scale = 2.0 ** -math.frexp(max(stacks))[1]
    prize = 2.0 ** -math.frexp(max(payouts))[1]
    sums, squares = np.zeros(len(stacks)), np.zeros(len(stacks))
    rc = _core_solver.icm_sample(
        np.array(stacks) * scale,
        np.array(payouts) * prize,
        5,
        0,
        8192,
        np.empty(2 * len(stacks)),
        sums,
        squares,
    )
    assert rc == 0
    assert np.array_equal(np.asarray(got), sums / 8192 / prize)


def test_the_icm_command_shares_out_stacks_near_the_float_limit(capsys: pytest.CaptureFixture[str]) -> None:
    """Two stacks of 1e308 chips (icm takes any finite stack) add up past the float limit:
    the chips column printed nan%."""
    from pokereval.cli import main

    assert main(["icm", "1e308", "1e308", "3e307", "--payouts", "1", "0"]) == 0
    out = capsys.readouterr().out
    assert "nan" not in out
    shares = [line.split()[2] for line in out.splitlines()[1:4]]
    stacks = [Fraction(1e308), Fraction(1e308), Fraction(3e307)]  # exact: no float limit
    assert shares == [f"{float(100 * s / sum(stacks)):.2f}%" for s in stacks]


def test_a_saved_json_report_is_json(tmp_path: Path) -> None:
    """A flop no pair of combos can be dealt on (AA v KK on AsAhAd) has no equity: the .json
    file held the bare word NaN, which JSON has not (readers other than Python's refuse it),
    where `pokereval report --json` writes null."""

    def refuse(word: str) -> None:
        raise ValueError(f"not JSON: {word}")

    rows = aces_v_kings()
    for report in (rows, solver.as_table(rows, None)):  # records, or a DataFrame with pandas
        path = solver.save_report(report, tmp_path / "report.json")
        loaded = json.loads(path.read_text(encoding="utf-8"), parse_constant=refuse)
        assert len(loaded) == 1755
        first = loaded[0]
        assert first["board"] == "AsAhAd" and first["equity"] is None and first["deals"] == 0
        assert first["connected"] is False and isinstance(first["weight"], int)
        assert loaded[1]["equity"] == 1.0  # AsAhKs: AdAc are quads, every KK a full house


def test_buckets_check_progress_before_any_work() -> None:
    """A progress that is no callable was found out after the first pass over the boards,
    as "TypeError: 'int' object is not callable"."""
    with pytest.raises(TypeError, match="progress must be a callable or None, got int"):
        abstraction.buckets("flop", 2, boards=["As Ks Qs"], progress=3)  # type: ignore[arg-type]


def test_bucket_of_names_an_abstraction_that_is_neither_buckets_nor_a_path() -> None:
    """bucket_of(5, ...) looked for a file named '5' (FileNotFoundError)."""
    with pytest.raises(TypeError, match="abstraction must be Buckets or the path"):
        abstraction.bucket_of(5, "Qs Qh", "As Kd 7c 2h 9s")  # type: ignore[arg-type]


def test_a_range_of_none_is_named_as_no_range() -> None:
    # The card reader takes None for no cards, so this said "a hand is 2 cards, got 0".
    with pytest.raises(TypeError, match=r"range: expected a range .*got None"):
        solver.combo_equity(None, "KK", board="AsKd7c")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"vs: expected a range .*got None"):
        solver.combo_equity("AA", None, board="AsKd7c")  # type: ignore[arg-type]


@pytest.mark.parametrize("tiny", [5e-324, 1e-320])
def test_overall_keeps_its_digits_when_the_weight_met_is_subnormal(tiny: float) -> None:
    """AsAh against KsKh (weight 5e-324) and AsAd (weight 1, blocked): the combo's equity is
    its equity against KsKh, and so is the range's; .overall, a weighted mean over such tiny
    weights, rounded 0.916 to 1.0."""
    board = cards("2c 7d 9h")
    win, tie, _ = ref_combo_equity(board, [], (card("As"), card("Ah")), {(card("Ks"), card("Kh")): 1.0})
    weights = np.zeros(1326)
    weights[pe.combo_index("KsKh")] = tiny
    weights[pe.combo_index("AsAd")] = 1.0
    e = pe.combo_equity("AsAh", weights, board)
    assert math.isclose(float(e[pe.combo_index("AsAh")]), win + tie / 2, rel_tol=1e-12)
    assert math.isclose(e.overall, win + tie / 2, rel_tol=1e-12)


# ---- checked and found right -----------------------------------------------------------------


def test_the_reference_evaluator_counts_the_five_card_categories() -> None:
    """Sanity of the reference itself, on 300,000 hands of five by a fixed draw: each category's
    share within a few standard errors of its count over the 2,598,960 hands."""
    counts = [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]
    rng = random.Random(1)
    seen = [0] * 9
    draws = 30_000
    for _ in range(draws):
        seen[val(rng.sample(range(52), 5))[0]] += 1
    for category, count in enumerate(counts):
        p = count / 2598960
        assert abs(seen[category] - draws * p) <= 5 * math.sqrt(draws * p * (1 - p)) + 1


def random_case(rng: random.Random, street: int) -> tuple[list[int], list[int], Any, Any]:
    drawn = rng.sample(range(52), street + rng.randint(0, 4))
    board, dead = drawn[:street], drawn[street:]
    mine, vs = np.zeros(1326), np.zeros(1326)
    for i in rng.sample(range(1326), 30):
        mine[i] = rng.choice([1.0, 0.5, 0.25, 3.0, 1e-3])
    for i in rng.sample(range(1326), 50):
        vs[i] = rng.choice([1.0, 0.5, 0.3, 7.0, 1e-3])
    for i in rng.sample([int(i) for i in np.flatnonzero(mine)], 8):  # combos in both ranges
        vs[i] = rng.random() + 0.1
    return board, dead, mine, vs


@pytest.mark.parametrize("street", [4, 5])
def test_combo_equity_with_dead_cards_and_overlapping_weighted_ranges(street: int) -> None:
    rng = random.Random(street)
    for _ in range(6):
        board, dead, mine, vs = random_case(rng, street)
        e = pe.combo_equity(mine, vs, board, dead=dead)
        opponents = {combo: float(vs[index_of(combo)]) for combo in EVERY_COMBO if vs[index_of(combo)] > 0}
        runs = math.comb(52 - len(board) - len(dead) - 4, 5 - len(board))
        expected: dict[int, tuple[float, float, float]] = {}
        for combo in EVERY_COMBO:
            i = index_of(combo)
            if mine[i] > 0 and not set(combo) & set(board + dead):
                win, tie, total = ref_combo_equity(board, dead, combo, opponents)
                if total > 0:
                    expected[i] = (win, tie, mine[i] * total / runs)
        assert set(np.flatnonzero(~np.isnan(e))) == set(expected)
        for i, (win, tie, weight) in expected.items():
            assert math.isclose(e.win[i], win, abs_tol=1e-12) and math.isclose(e.tie[i], tie, abs_tol=1e-12)
            assert math.isclose(e.weight[i], weight, rel_tol=1e-10)
        overall = sum(w * (a + b / 2) for a, b, w in expected.values()) / sum(
            w for *_, w in expected.values()
        )
        assert math.isclose(e.overall, overall, rel_tol=1e-10)


def test_equity_distribution_with_dead_cards_against_the_reference() -> None:
    """On a turn (the river to come) and on a flop over the turn: each deal weighs the
    combo's weight times the opponent's weight left over the rest of the runout."""
    rng = random.Random(11)
    for street, ahead in ((4, 1), (3, 1)):
        board, dead, _, _ = random_case(rng, street)
        mine, vs = np.zeros(1326), np.zeros(1326)
        for i in rng.sample(range(1326), 2 if street == 4 else 1):
            mine[i] = rng.choice([1.0, 0.5, 2.0])
        for i in rng.sample(range(1326), 20 if street == 4 else 6):
            vs[i] = rng.choice([1.0, 0.5, 0.3, 3.0])
        known = set(board) | set(dead)
        opponents = [(c, float(vs[index_of(c)])) for c in EVERY_COMBO if vs[index_of(c)] > 0]
        points: list[tuple[float, float]] = []
        for hero in EVERY_COMBO:
            if mine[index_of(hero)] <= 0 or set(hero) & known:
                continue
            deck = [c for c in range(52) if c not in known and c not in hero]
            for point in itertools.combinations(deck, ahead):
                met = won = 0.0
                rest = [c for c in deck if c not in point]
                for run in itertools.combinations(rest, 5 - street - ahead):
                    full = [*board, *point, *run]
                    mine_value = val([*full, *hero])
                    gone = known | set(hero) | set(point) | set(run)
                    for other, w in opponents:
                        if not set(other) & gone:
                            theirs = val([*full, *other])
                            met += w
                            won += w * ((mine_value > theirs) + 0.5 * (mine_value == theirs))
                if met > 0:
                    points.append((mine[index_of(hero)] * met, won / met))
        total = sum(w for w, _ in points)
        street_name = "turn" if street == 3 else "river"
        d = pe.equity_distribution(mine, vs, board, dead=dead, bins=8, street=street_name)
        assert math.isclose(d.mean, sum(w * e for w, e in points) / total, rel_tol=1e-10)
        assert math.isclose(d.ehs2, sum(w * e * e for w, e in points) / total, rel_tol=1e-10)
        hist = np.zeros(8)
        for w, e in points:
            hist[min(math.floor(e * 8 + 1e-9), 7)] += w / total
        assert np.allclose(d.weights, hist, atol=1e-12)


def test_equity_matrix_with_dead_cards_against_the_reference() -> None:
    rng = random.Random(5)
    for extra in (0, 2):
        drawn = rng.sample(range(52), 4 + extra)
        board, dead = drawn[:4], drawn[4:]
        m = pe.equity_matrix(board, dead=dead)
        for _ in range(60):
            a, b = rng.sample(EVERY_COMBO, 2)
            i, j = index_of(a), index_of(b)
            masked = bool(set(a) & set(b) or (set(a) | set(b)) & set(board + dead))
            assert bool(m.mask[i, j]) == masked
            if masked:
                assert m[i, j] == 0
                continue
            results = []
            for river in range(52):
                if river not in {*board, *dead, *a, *b}:
                    va, vb = val([*board, river, *a]), val([*board, river, *b])
                    results.append((va > vb) - (va < vb))
            assert math.isclose(m[i, j], sum(results) / len(results), abs_tol=1e-12)


def test_icm_against_the_harville_recursion_in_fractions() -> None:
    rng = random.Random(9)
    for _ in range(120):
        n = rng.randint(1, 6)
        stacks = [
            rng.choice([rng.randint(1, 10_000), rng.random() * 100 + 1e-3, 10.0 ** rng.randint(-5, 5)])
            for _ in range(n)
        ]
        payouts = [
            rng.choice([rng.randint(-50, 500), rng.random() * 100, 0]) for _ in range(rng.randint(1, n))
        ]
        got = pe.icm(stacks, payouts)
        want = [float(x) for x in harville(stacks, payouts)]
        scale = max(1.0, *(abs(p) for p in payouts))
        assert np.allclose(np.asarray(got), want, rtol=1e-10, atol=1e-12 * scale), (stacks, payouts)


def test_canonical_with_hands_and_as_set_against_all_24_renamings() -> None:
    rng = random.Random(3)
    for _ in range(400):
        nboard, nhands = rng.choice([0, 3, 4, 5]), rng.randint(0, 3)
        drawn = rng.sample(range(52), nboard + 2 * nhands)
        board = drawn[:nboard]
        hands = [(drawn[nboard + 2 * h], drawn[nboard + 2 * h + 1]) for h in range(nhands)]
        as_set = rng.random() < 0.4
        c = pe.canonical(board, [list(h) for h in hands], as_set=as_set)
        got = tuple(cards(c.board)) + tuple(x for h in c.hands for x in cards(h))
        assert got == ref_canonical(board, hands, as_set)
        head = nboard if as_set else min(3, nboard)
        image = [renamed(x, c.perm) for x in board]  # perm[s]: the suit s became
        assert sorted(image[:head], reverse=True) + image[head:] == cards(c.board)


def test_flop_textures_by_their_definitions() -> None:
    for row in aces_v_kings():
        board = cards(row["board"])
        most = max(sum(1 for c in board if c & 3 == s) for s in range(4))
        ranks = {c >> 2 for c in board}
        connected = any(straight_top(ranks | {x, y}) is not None for x in range(13) for y in range(13))
        assert row["suits"] == {3: "monotone", 2: "two-tone", 1: "rainbow"}[most]
        assert row["pairing"] == {3: "unpaired", 2: "paired", 1: "trips"}[len(ranks)]
        assert row["connected"] is connected and row["high"] == RANKS[max(ranks)]


def burnside(size: int) -> int:
    """Classes of `size`-card sets under the 24 renamings of the suits: the mean number of
    sets each renaming leaves in place (a set is a union of its card cycles)."""
    fixed = 0
    for perm in PERMS:
        cycles, seen = [], set()
        for s in range(4):
            length = 0
            while s not in seen:
                seen.add(s)
                s = perm[s]
                length += 1
            if length:
                cycles.append(length)
        poly = [1]
        for length in cycles:
            for _ in range(13):
                grown = [0] * (len(poly) + length)
                for k, a in enumerate(poly):
                    grown[k] += a
                    grown[k + length] += a
                poly = grown
        fixed += poly[size] if size < len(poly) else 0
    return fixed // 24


def test_street_boards_are_the_suit_classes_of_card_sets_with_their_sizes() -> None:
    for street, size in (("flop", 3), ("turn", 4)):
        boards, weights = abstraction.street_boards(street)
        assert len(boards) == burnside(size) and int(weights.sum()) == math.comb(52, size)
        keys = set()
        for row, weight in zip(boards, weights):
            orbit = {frozenset(renamed(int(c), p) for c in row) for p in PERMS}
            assert len(orbit) == weight and list(row) == sorted(row, reverse=True)
            keys.add(min(tuple(sorted(s)) for s in orbit))
        assert len(keys) == len(boards)
    assert burnside(5) == 134_459


@pytest.mark.slow
def test_flop_report_with_a_dead_card_against_the_reference() -> None:
    """A dead card tells suits apart: all 22,100 flops are played and added into their
    classes, those holding the dead card left out."""
    dead = cards("Ac")
    rows = {r["board"]: r for r in pe.flop_report("AA,KhKd:0.5", "KK,QsJs", dead=dead, pandas=False)}
    mine = pe.Range("AA,KhKd:0.5")
    theirs = pe.Range("KK,QsJs")
    hero = [((int(a), int(b)), float(w)) for (a, b), w in zip(mine.ids, mine.weights)]
    villain = [((int(a), int(b)), float(w)) for (a, b), w in zip(theirs.ids, theirs.weights)]
    for target in ("AsKsQs", "KsQhJd"):
        want = tuple(cards(target))
        flops = [
            f
            for f in itertools.combinations(range(52), 3)
            if ref_canonical(list(f), [], False) == want and not set(f) & set(dead)
        ]
        won = tied = dealt = 0.0
        for flop in flops:
            known = set(flop) | set(dead)
            for h, wh in hero:
                for o, wo in villain:
                    if set(h) & known or set(o) & (known | set(h)):
                        continue
                    deck = [c for c in range(52) if c not in known | set(h) | set(o)]
                    for run in itertools.combinations(deck, 2):
                        vh, vo = val([*flop, *run, *h]), val([*flop, *run, *o])
                        dealt += wh * wo
                        won += wh * wo * (vh > vo)
                        tied += wh * wo * (vh == vo)
        row = rows[target]
        assert math.isclose(row["equity"], (won + tied / 2) / dealt, rel_tol=1e-12)
        assert math.isclose(row["win"], won / dealt, rel_tol=1e-12)


def test_reordered_or_reshaped_result_arrays_are_plain() -> None:
    # docs/solver.md.  argsort gave a ComboEquity of indices whose .overall was 649.5; np.sort and
    # np.roll kept .overall as nan; np.sort of an icm result left .stderr in the old order; a
    # sorted matrix's masked() hid the old cells.
    e = pe.combo_equity("AA,KK", "QQ+", "2c7d9h")
    m = pe.showdown_matrix("2c7d9hJs3s")
    i = pe.icm([1000, 5000, 3000], [50, 30, 20])
    results = [
        e.argsort(),
        np.argsort(e),
        np.sort(e),
        np.roll(e, 1),
        np.take(e, [1, 2]),
        e.take([1, 2]),
        e.reshape(2, 663),
        np.partition(e, 3),
        np.sort(m, axis=1),
        m.T,
        m.reshape(-1),
        np.sort(i),
        np.concatenate([e, e]),
    ]
    for result in results:
        assert type(result) is np.ndarray
    assert np.array_equal(np.sort(e), np.sort(np.asarray(e)), equal_nan=True)
    assert np.array_equal(m.T, np.asarray(m).T)
    kept = [e.copy(), np.copy(e, subok=True), copy.deepcopy(e), pickle.loads(pickle.dumps(e))]
    assert all(type(k) is type(e) and k.overall == e.overall for k in kept)  # values in place
    # numpy's named tuples (the review of the change found them raising TypeError)
    if hasattr(np, "unique_counts"):  # numpy 2
        counts = np.unique_counts(i)
        assert type(counts.values) is np.ndarray and type(counts).__name__ == "UniqueCountsResult"
    assert type(np.linalg.svd(m.astype(float)).S) is np.ndarray
    for result in (e, m, i):
        with pytest.raises(TypeError, match="not sorted in place"):
            result.sort()
        with pytest.raises(TypeError, match="not partitioned in place"):
            result.partition(0)


def test_flop_report_deals_count_each_ranges_weights_over_its_largest() -> None:
    # The docstring said "the weight of those pairs of combos": 'AA:0.5' v 'KK' on KsKh2s gave
    # 6.0 (six pairs at weight 1), not 3.0; it is each range's weights over its largest.
    def deals(mine: str, theirs: str) -> float:
        rows = pe.flop_report(mine, theirs, pandas=False)
        return float(next(r for r in rows if r["board"] == "KsKh2s")["deals"])

    assert deals("AA", "KK") == deals("AA:0.5", "KK") == deals("AA:0.5", "KK:0.5") == 6.0
    assert deals("AA:0.5,QQ", "KK") == 3.0 + 6.0  # QQ meets KK six ways on KsKh2s too
    assert "only their ratios count" in " ".join((pe.flop_report.__doc__ or "").split())


def test_weights_in_other_sized_containers_are_read_and_a_dict_is_named() -> None:
    # A pandas Series or an array.array of 1,326 weights was read as cards ("expected a card as
    # a Card, str or int, got float"); {"QQ": 1.0} as the bad card 'QQ'.
    import array

    weights = np.zeros(1326)
    weights[pe.combo_index("AhKh")] = 1.0
    want = pe.combo_equity(weights, "QQ", "2c7d9h").overall
    assert pe.combo_equity(array.array("d", weights), "QQ", "2c7d9h").overall == want
    pandas = pytest.importorskip("pandas")
    assert pe.combo_equity(pandas.Series(weights), "QQ", "2c7d9h").overall == want
    # read by position: a Series labelled otherwise (reversed) is refused, not misread
    with pytest.raises(ValueError, match=r"read in combos\(\) order, by position, and this Series's index"):
        pe.combo_equity(pandas.Series(weights)[::-1], "QQ", "2c7d9h")
    with pytest.raises(TypeError, match=r"^range: expected a range .* got dict; weights by hand are range"):
        pe.combo_equity({"QQ": 1.0}, "KK", "2c7d9h")
