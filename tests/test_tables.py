"""The shipped preflop tables (pokereval/tables.py, pokereval/data/).

Entries are recomputed with the C equity engine and must match exactly; the class keys are
checked against suit isomorphism done the slow way (every one of the 24 renamings); the
derived tables are rebuilt from the rows and must match bit for bit.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
import random
import re
import subprocess
import sys
import threading
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pokereval as pe
from pokereval import _core, classes, preflop_build, tables
from pokereval.equity import preflop

RUNOUTS = math.comb(48, 5)  # the 1,712,304 boards of a heads-up preflop matchup


def c_engine(first: str | list[int], second: str | list[int]) -> pe.EquityResult:
    """The C enumeration, not the table: equity() reads the table only when both hands are
    given as cards, so a one-combo Range takes the engine's own path."""
    one = pe.Range(pe.format_cards(first, sep=""))
    return pe.equity([one, second])


@pytest.fixture(scope="module")
def shipped() -> preflop._HeadsUp:
    return preflop.heads_up()


@pytest.fixture(scope="module")
def multiway() -> preflop._Multiway:
    return preflop.multiway()


# ---- classes ----------------------------------------------------------------------------------


def slow_class(deal: tuple[int, int, int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The smallest spelling of a matchup over all 24 renamings of the suits."""
    best = None
    for perm in itertools.permutations(range(4)):
        a, b, c, d = (card & ~3 | perm[card & 3] for card in deal)
        form = (tuple(sorted((a, b))), tuple(sorted((c, d))))
        best = form if best is None or form < best else best
    assert best is not None
    return best  # type: ignore[return-value]


def random_deal(rng: random.Random) -> tuple[int, int, int, int]:
    return tuple(rng.sample(range(52), 4))  # type: ignore[return-value]


def test_keys_name_exactly_the_suit_classes(rng: random.Random) -> None:
    deals = [random_deal(rng) for _ in range(300)]
    # Renamed copies of some deals, so that equal classes really occur.
    for deal in deals[:150]:
        perm = rng.sample(range(4), 4)
        deals.append(tuple(card & ~3 | perm[card & 3] for card in deal))  # type: ignore[arg-type]
    keys = [preflop._key(*deal) for deal in deals]
    classes = [slow_class(deal) for deal in deals]
    for i, j in itertools.combinations(range(len(deals)), 2):
        assert (keys[i] == keys[j]) == (classes[i] == classes[j]), (deals[i], deals[j])


def test_vector_keys_match_the_scalar_key(rng: random.Random) -> None:
    deals = np.array([random_deal(rng) for _ in range(2000)], dtype=np.uint8)
    assert preflop.class_keys(deals).tolist() == [preflop._key(*map(int, d)) for d in deals]


def test_a_key_spells_a_deal_of_its_own_class(rng: random.Random) -> None:
    for _ in range(200):
        deal = random_deal(rng)
        key = preflop._key(*deal)
        canonical = tuple(int(c) for c in preflop.key_cards(np.array([key]))[0])
        assert preflop._key(*canonical) == key
        assert slow_class(canonical) == slow_class(deal)  # type: ignore[arg-type]


@pytest.mark.slow
def test_class_counts_are_the_published_ones() -> None:
    ids = preflop_build._all_matchups()
    assert len(ids) == 1326 * 1225 // 2  # 812,175 pairs of hands
    ordered = np.concatenate([preflop.class_keys(ids), preflop.class_keys(ids[:, [2, 3, 0, 1]])])
    assert len(np.unique(ordered)) == 93_769


def test_class_names_form_the_grid() -> None:
    assert len(set(tables.HAND_CLASSES)) == 169
    assert tables.HAND_CLASSES[:3] == ("AA", "AKs", "AQs")
    assert tables.HAND_CLASSES[13] == "AKo" and tables.HAND_CLASSES[14] == "KK"
    assert tables.HAND_CLASSES[168] == "22"
    sizes = {name: len(pe.Range(name)) for name in tables.HAND_CLASSES}
    assert sum(sizes.values()) == 1326
    for index, name in enumerate(tables.HAND_CLASSES):
        combos = classes.class_combos(index)
        assert sorted(map(tuple, combos.tolist())) == sorted(map(tuple, pe.Range(name).ids.tolist()))


# ---- the heads-up table -----------------------------------------------------------------------


def test_sampled_rows_equal_the_c_engine(shipped: preflop._HeadsUp) -> None:
    rng = np.random.default_rng(15)
    for row in rng.choice(len(shipped.keys), 12, replace=False):
        deal = preflop.key_cards(shipped.keys[row : row + 1])[0].tolist()
        first, second = deal[:2], deal[2:]
        want = c_engine(first, second)
        assert tables.preflop_equity(first, second) == want
        assert tables.preflop_equity(second, first) == c_engine(second, first)
        assert tuple(shipped.wins[row]) == want.wins


def test_random_matchups_equal_the_c_engine(rng: random.Random) -> None:
    for _ in range(6):
        a, b, c, d = random_deal(rng)
        first, second = pe.format_cards([a, b], sep=""), pe.format_cards([c, d], sep="")
        assert tables.preflop_equity(first, second) == c_engine(first, second)


def test_equity_reads_the_table_for_two_hands_preflop() -> None:
    got = pe.equity(["AsKs", "QdQc"])
    assert got == tables.preflop_equity("AsKs", "QdQc") == c_engine("AsKs", "QdQc")
    assert got.runs == RUNOUTS and got.exact
    # Each call labels a result of its own with the hands as it was given them.
    assert got.hands == ("AsKs", "QdQc") and tables.preflop_equity("As Ks", "Qd  Qc").hands == (
        "As Ks",
        "Qd Qc",
    )
    assert pe.equity(["AsKs", "QdQc"]).hands == ("AsKs", "QdQc")
    assert tables.preflop_equity([pe.Card("As"), pe.Card("Ks")], "QdQc").hands == ("As Ks", "QdQc")
    # A board, dead cards or Monte Carlo are the engine's.
    assert pe.equity(["AsKs", "QdQc"], dead="2c").runs == math.comb(47, 5)
    assert not pe.equity(["AsKs", "QdQc"], samples=100, seed=1).exact


def test_equity_of_the_table_is_the_exact_fraction() -> None:
    r = tables.preflop_equity("AhAd", "7c2s")
    for won, tied, share in zip(r.wins, r.ties, r.equity):
        assert share == float(Fraction(2 * won + tied, 2 * RUNOUTS))
    assert r.wins[0] + r.wins[1] + r.ties[0] == RUNOUTS


def test_the_heads_up_table_regenerates_bit_for_bit(shipped: preflop._HeadsUp) -> None:
    keys = preflop_build.hu_class_keys()
    assert hashlib.sha256(keys.tobytes()).digest() == hashlib.sha256(shipped.keys.tobytes()).digest()
    rows = np.arange(0, len(keys), 4999)  # ten rows spread over the table
    assert np.array_equal(preflop_build.hu_wins(keys[rows]), shipped.wins[rows])
    points, pairs = preflop_build.class_sums(shipped.keys, shipped.wins)
    assert np.array_equal(points, shipped.points) and np.array_equal(pairs, shipped.pairs)


@pytest.mark.slow
def test_the_whole_heads_up_table_regenerates_bit_for_bit(shipped: preflop._HeadsUp) -> None:
    # Every one of the 47,008 rows, in two processes: about half a minute on two cores.
    chunks = preflop_build.hu_chunks(shipped.keys, rows=2000)
    wins = np.concatenate(preflop_build.run_chunks(chunks, workers=2))
    assert np.array_equal(wins, shipped.wins)


def test_class_equity_averages_the_combo_pairs() -> None:
    for first, second in (("AKs", "QQ"), ("AA", "AA"), ("T9o", "ATs")):
        total, pairs = Fraction(0), 0
        for x in pe.Range(first).ids.tolist():
            for y in pe.Range(second).ids.tolist():
                if set(x) & set(y):
                    continue
                r = tables.preflop_equity(x, y)
                total += Fraction(2 * r.wins[0] + r.ties[0], 2 * RUNOUTS)
                pairs += 1
        assert tables.class_equity(first, second) == float(total / pairs)
    assert tables.class_equity("AA", "AA") == 0.5


def test_class_table_is_symmetric(shipped: preflop._HeadsUp) -> None:
    assert np.array_equal(shipped.pairs, shipped.pairs.T)
    total = shipped.points + shipped.points.T
    assert np.array_equal(total, 2 * RUNOUTS * shipped.pairs.astype(np.uint64))


def test_preflop_equity_words_bad_input() -> None:
    with pytest.raises(ValueError, match="duplicate card 'As' in both hands"):
        tables.preflop_equity("AsKs", "AsQd")
    with pytest.raises(ValueError, match="first hand has 3 cards"):
        tables.preflop_equity("AsKsQs", "2c2d")
    with pytest.raises(ValueError, match="second hand has 1 card; "):
        tables.preflop_equity("AsKs", "2c")
    with pytest.raises(ValueError):
        tables.preflop_equity("AsKs", "2c2c")
    with pytest.raises(TypeError):
        tables.preflop_equity("AsKs", 3.5)  # type: ignore[arg-type]


# ---- multiway and ranks ----------------------------------------------------------------------


def test_one_opponent_is_exact(multiway: preflop._Multiway) -> None:
    aces = [51, 50]
    total = Fraction(0)
    rest = [h for h in itertools.combinations(range(52), 2) if not set(h) & set(aces)]
    for hand in rest:
        r = tables.preflop_equity(aces, list(hand))
        total += Fraction(2 * r.wins[0] + r.ties[0], 2 * RUNOUTS)
    exact = float(total / len(rest))
    assert multiway.equity[0, 0] == exact
    assert round(exact, 4) == 0.8520  # the published 85.20% for aces heads-up
    assert np.all(multiway.se[:, 0] == 0.0) and np.all(multiway.samples[:, 0] == 0)


def test_sampled_one_opponent_column_agrees_with_the_exact_one(multiway: preflop._Multiway) -> None:
    # The build samples against one opponent too and keeps it as `check`: 169 values with
    # their standard errors against the exact ones.  Within 4.5 errors each, and the errors
    # are the right size: the mean squared z-score of 169 draws is 1 +- 0.11.
    with np.load(preflop.DATA / preflop.MULTIWAY_FILE) as f:
        check = f["check"]
    z = (check[:, 0] - multiway.equity[:, 0]) / check[:, 1]
    assert np.all(np.abs(z) < 4.5)
    assert 0.6 < float(np.mean(z**2)) < 1.5


def test_multiway_values_have_four_decimals(multiway: preflop._Multiway) -> None:
    # 95% of the time within half a unit of the fourth decimal: 1.96 * se < 0.00005.
    assert np.all(multiway.se[:, 1:] > 0)
    assert float(multiway.se.max()) < 0.00005 / 1.96
    # Every class the same samples: its rounds times its combos times the boards a hand leaves.
    combos = np.bincount(classes.class_of_ids(preflop_build._ALL_HANDS[:, 0], preflop_build._ALL_HANDS[:, 1]))
    assert np.all(preflop_build.multiway_rounds() * combos == 12 * preflop_build.MULTIWAY_ROUNDS)
    assert np.all(multiway.samples[:, 1:] == 12 * preflop_build.MULTIWAY_ROUNDS * math.comb(50, 5))


def test_multiway_values_come_from_the_stored_totals(multiway: preflop._Multiway) -> None:
    with np.load(preflop.DATA / preflop.MULTIWAY_FILE) as f:
        totals, rounds, check = f["totals"], int(f["rounds"]), f["check"]
    assert totals[:, 0].sum() == 1326 * math.comb(50, 5)  # every board with every hand it leaves
    # By hand for three classes, from the definitions: a pot is 5,040 units; a class of c
    # combos plays rounds * 12 / c deals per (board, hand); the variance of the mean of M
    # strata of r deals is the sum of their within-stratum variances / r over M^2, and a
    # stratum's unbiased variance is spread / (r (r - 1)).
    for name, combos in (("AA", 6), ("AKs", 4), ("72o", 12)):
        i = tables.HAND_CLASSES.index(name)
        r, units = rounds * 12 // combos, int(totals[i, 0])
        assert units == combos * math.comb(50, 5)
        for k in range(1, 10):
            won, spread = int(totals[i, k]), int(totals[i, 9 + k])
            equity = Fraction(won, 5040 * units * r)
            variance = Fraction(spread, r * (r - 1)) / r / units**2 / 5040**2
            stored = check[i] if k == 1 else (multiway.equity[i, k - 1], multiway.se[i, k - 1])
            assert stored[0] == float(equity)
            assert math.isclose(stored[1], math.sqrt(variance), rel_tol=1e-12)
            if k > 1:
                assert multiway.samples[i, k - 1] == units * r


@pytest.mark.slow
def test_a_random_multiway_chunk_reproduces_bit_for_bit() -> None:
    with np.load(preflop.DATA / preflop.MULTIWAY_FILE) as f:
        digests, rounds, seed = f["digests"], int(f["rounds"]), int(f["seed"])
    chunks = preflop_build.multiway_chunks(rounds=rounds, seed=seed)
    assert len(chunks) == len(digests)
    seed = random.randrange(2**32)  # a different chunk each run; the seed names it
    pick = random.Random(seed).randrange(len(chunks))
    assert preflop_build.digest(chunks[pick].run().tobytes()) == str(digests[pick]), (seed, chunks[pick].name)


def test_multiway_values_agree_with_plain_monte_carlo(multiway: preflop._Multiway) -> None:
    # An independent estimate: pokereval.equity dealing boards and hands at random.  A share
    # lies in [0, 1], so its variance is at most p(1 - p).
    samples = 60_000
    for hand, players in (("AhKh", 3), ("7c2d", 10), ("5s5d", 6)):
        p = pe.equity([hand, *["random"] * (players - 1)], samples=samples, seed=7).equity[0]
        index = classes.class_index(hand)
        bound = math.sqrt(p * (1 - p) / samples)
        assert abs(p - multiway.equity[index, players - 2]) < 5 * bound


def _sample_one_hand(
    board: str, hand: str, rounds: int, seed: int
) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The sampler on one board for one hand: the mean share of its `rounds` deals against
    1..9 opponents, and the variance of that mean from their spread."""
    a, b = pe.card_ids(hand)
    group = np.zeros(52 * 52, dtype=np.uint8)
    group[52 * a + b] = group[52 * b + a] = 1
    units = np.zeros(2, dtype=np.uint64)
    sums = np.zeros((2, 9), dtype=np.uint64)
    spread = np.zeros((2, 9), dtype=np.uint64)
    ids = np.frombuffer(bytes(pe.card_ids(board)), dtype=np.uint8).reshape(1, 5)
    rc = _core.preflop_multiway(ids, group, np.array([0, rounds], np.uint8), seed, units, sums, spread)
    assert rc == 0 and units.tolist() == [0, 1]
    unit = _core.EQ_UNIT * rounds
    return sums[1] / unit, spread[1] / (rounds - 1) / unit**2


def _exact_on_board(board: str, hand: str, opponents: int) -> float:
    """Brute force: every ordered choice of `opponents` (1 or 2) disjoint hands from the 45 cards."""
    known = set(pe.card_ids(board + hand))
    rest = [h for h in itertools.combinations(range(52), 2) if not set(h) & known]
    values = pe.evaluate_batch(np.array([[*pe.card_ids(board), *h] for h in rest], dtype=np.uint8))
    mine = int(pe.evaluate(board + hand))
    if opponents == 1:
        return float(np.mean(np.where(values < mine, 1.0, np.where(values == mine, 0.5, 0.0))))
    cards = np.array(rest)
    apart = ~((cards[:, None, :, None] == cards[None, :, None, :]).any(axis=(2, 3)))
    v1, v2 = values[:, None].astype(int), values[None, :].astype(int)
    share = np.where((v1 > mine) | (v2 > mine), 0.0, 1.0 / (1 + (v1 == mine) + (v2 == mine)))
    return float(share[apart].mean())


@pytest.mark.parametrize(("board", "hand"), [("AsAdAhKcQs", "2c3d"), ("9h8h2c2dKs", "Th7d")])
def test_multiway_sampler_matches_brute_force_on_a_board(board: str, hand: str) -> None:
    runs = [_sample_one_hand(board, hand, 64, seed) for seed in range(600)]
    mean = np.mean([r[0] for r in runs], axis=0)
    se = np.sqrt(np.sum([r[1] for r in runs], axis=0)) / len(runs)
    for k in (1, 2):
        exact = _exact_on_board(board, hand, k)
        assert 0 < se[k - 1] and abs(mean[k - 1] - exact) < 5 * se[k - 1], (k, mean[k - 1], exact)


def test_multiway_sampler_on_a_board_everyone_plays() -> None:
    share, spread = _sample_one_hand("AsKsQsJsTs", "2c3d", 8, 5)
    assert share.tolist() == [1 / (k + 1) for k in range(1, 10)]  # a pot split k + 1 ways, always
    assert not spread.any()


def test_multiway_sums_add_up_over_any_split_and_follow_the_seed() -> None:
    whole = preflop_build.multiway_sums(1000, 1090, rounds=2, seed=3)
    split = [preflop_build.multiway_sums(a, b, rounds=2, seed=3) for a, b in ((1031, 1090), (1000, 1031))]
    parts = preflop_build.add_sums(split)
    assert np.array_equal(whole, parts)
    assert not np.array_equal(whole, preflop_build.multiway_sums(1000, 1090, rounds=2, seed=4))
    assert whole[:, 0].sum() == 90 * math.comb(47, 2)
    assert preflop_build.boards(0, 2).tolist() == [[0, 1, 2, 3, 4], [0, 1, 2, 3, 5]]
    assert preflop_build.boards(preflop_build.BOARDS - 1, preflop_build.BOARDS).tolist() == [
        [47, 48, 49, 50, 51]
    ]
    with pytest.raises(ValueError):
        preflop_build.boards(0, preflop_build.BOARDS + 1)


def test_multiway_build_arguments_are_checked() -> None:
    wrong = ((0, ValueError), (1, ValueError), (22, ValueError), (2.5, TypeError), (True, TypeError))
    for bad, error in wrong:
        with pytest.raises(error, match="rounds"):
            preflop_build.multiway_sums(0, 1, rounds=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed must be 0"):
        preflop_build.multiway_sums(0, 1, seed=-1)
    with pytest.raises(TypeError, match="seed"):
        preflop_build.multiway_chunks(seed=True)
    with pytest.raises(ValueError, match="size must be 1"):
        preflop_build.multiway_chunks(size=0)
    with pytest.raises(ValueError, match="stop must be 1"):
        preflop_build.multiway_chunks(stop=10**9)
    with pytest.raises(TypeError, match="start must be an int"):
        preflop_build.boards(True, 3)
    with pytest.raises(TypeError, match="stop must be an int"):
        preflop_build.boards(0, 2.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="stop must be 5"):
        preflop_build.boards(5, 3)
    units, out = np.zeros(169, np.uint64), np.zeros((2, 169, 9), np.uint64)
    group, rounds = preflop_build._hand_groups(), preflop_build.multiway_rounds(2)
    with pytest.raises(ValueError, match="uint8 array of shape"):
        _core.preflop_multiway(np.zeros((1, 5), np.int64), group, rounds, 1, units, out[0], out[1])
    with pytest.raises(ValueError, match="uint64 array of shape"):
        _core.preflop_multiway(np.zeros((1, 5), np.uint8), group, rounds, 1, units[:9], out[0], out[1])


def test_multiway_sampler_refuses_bad_arguments() -> None:
    group = preflop_build._hand_groups()
    units, out = np.zeros(169, np.uint64), np.zeros((2, 169, 9), np.uint64)
    board = np.array([[0, 1, 2, 3, 4]], np.uint8)
    ok = preflop_build.multiway_rounds(2)
    assert _core.preflop_multiway(board, group, ok, 1, units, out[0], out[1]) == 0
    one_round = ok.copy()
    one_round[5] = 1
    assert _core.preflop_multiway(board, group, one_round, 1, units, out[0], out[1]) == _core.ERR_ARG
    bad_group = group.copy()
    bad_group[7] = 169
    assert _core.preflop_multiway(board, bad_group, ok, 1, units, out[0], out[1]) == _core.ERR_ARG
    for bad, code in (([[0, 1, 2, 3, 52]], _core.ERR_CARD), ([[0, 1, 2, 3, 3]], _core.ERR_DUPLICATE)):
        assert _core.preflop_multiway(np.array(bad, np.uint8), group, ok, 1, units, out[0], out[1]) == code


def test_starting_hand_rank() -> None:
    for players in range(2, 11):
        ranks = [tables.starting_hand_rank(name, players=players) for name in tables.HAND_CLASSES]
        assert sorted(r.rank for r in ranks) == list(range(1, 170))
        assert tables.starting_hand_rank("AA", players=players).rank == 1
        assert tables.starting_hand_rank("AA", players=players).percentile == 100.0
        by_rank = sorted(ranks, key=lambda r: r.rank)
        assert all(a.equity >= b.equity for a, b in zip(by_rank, by_rank[1:]))
        assert all(a.percentile > b.percentile for a, b in zip(by_rank, by_rank[1:]))
        assert by_rank[-1].percentile == 100 * len(pe.Range(by_rank[-1].hand)) / 1326
    heads_up = tables.starting_hand_rank("32o")
    assert heads_up.rank == 169 and heads_up.samples == 0  # the weakest hand heads-up
    six = tables.starting_hand_rank("AhKh", players=6)
    assert six.hand == "AKs" and six.samples == 12 * preflop_build.MULTIWAY_ROUNDS * math.comb(50, 5)
    assert 0 < six.stderr < 0.00005 / 1.96


def test_starting_hand_rank_words_bad_input() -> None:
    with pytest.raises(ValueError, match="players must be 2 to 10"):
        tables.starting_hand_rank("AA", players=11)
    with pytest.raises(TypeError):
        tables.starting_hand_rank("AA", players=True)
    with pytest.raises(ValueError, match="neither a hand class"):
        tables.starting_hand_rank("AKx")
    with pytest.raises(ValueError, match="2 cards"):
        tables.starting_hand_rank("AsKsQs")
    with pytest.raises(ValueError, match="neither a hand class"):
        tables.class_equity("AA", "AK")


# ---- loading and building ---------------------------------------------------------------------


def test_tables_load_once_across_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    made = []

    class Counting(preflop._HeadsUp):
        def __init__(self, path: Path) -> None:
            made.append(path)
            super().__init__(path)

    monkeypatch.setattr(preflop, "_loaded", {})
    monkeypatch.setattr(preflop, "_HeadsUp", Counting)
    start = threading.Barrier(8)
    seen = []

    def look() -> None:
        start.wait()
        seen.append(tables.preflop_equity("AsKs", "QdQc").wins)

    threads = [threading.Thread(target=look) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(made) == 1 and len(set(seen)) == 1


def test_shipped_files_are_small() -> None:
    for name in (preflop.HU_FILE, preflop.MULTIWAY_FILE):
        assert (preflop.DATA / name).stat().st_size < 3_000_000


def test_run_chunks_resumes_from_its_folder(tmp_path: Path) -> None:
    keys = preflop_build.hu_class_keys()[:3]
    chunks = preflop_build.hu_chunks(keys, rows=1)
    seen: list[float] = []
    first = preflop_build.run_chunks(chunks, tmp_path, progress=seen.append)
    assert seen == [1 / 3, 2 / 3, 1.0]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [preflop_build.MANIFEST, *(c.name for c in chunks)]
    )

    # Saved chunks are read back, not computed again: the hook below would see any work.
    def refuse(todo: Any) -> Any:
        assert not todo, "a saved chunk was computed again"
        return iter(())

    again = preflop_build.run_chunks(chunks, tmp_path, runner=refuse)
    assert all(np.array_equal(a, b) for a, b in zip(again, first))
    assert np.array_equal(np.concatenate(first), preflop_build.hu_wins(keys))


def test_run_chunks_refuses_a_chunk_its_manifest_does_not_vouch_for(tmp_path: Path) -> None:
    keys = preflop_build.hu_class_keys()[:3]
    chunks = preflop_build.hu_chunks(keys, rows=1)
    preflop_build.run_chunks(chunks, tmp_path)
    folder = repr(str(tmp_path))
    # A file changed after it was saved (a foreign .npy under the chunk's name).
    np.save(tmp_path / chunks[1].name, np.array([[1, 2]], dtype=np.uint32))
    message = f"chunk folder {folder}: {chunks[1].name} has changed since it was saved; delete it"
    with pytest.raises(ValueError, match=re.escape(message)):
        preflop_build.run_chunks(chunks, tmp_path)
    # A file the manifest never listed (left by an older build, say).
    (tmp_path / preflop_build.MANIFEST).unlink()
    with pytest.raises(ValueError, match=f"{re.escape(chunks[0].name)} is not listed in its manifest.json"):
        preflop_build.run_chunks(chunks, tmp_path)
    # A chunk computed from other inputs: another version of the library wrote it.
    for path in tmp_path.glob("*.npy"):
        path.unlink()
    preflop_build.run_chunks(chunks, tmp_path)
    record = json.loads((tmp_path / preflop_build.MANIFEST).read_text())
    record[chunks[2].name]["inputs"] = "0" * 16
    (tmp_path / preflop_build.MANIFEST).write_text(json.dumps(record))
    with pytest.raises(ValueError, match=f"{re.escape(chunks[2].name)} was computed from other inputs"):
        preflop_build.run_chunks(chunks, tmp_path)
    # A manifest that is not one.
    (tmp_path / preflop_build.MANIFEST).write_text("[1, 2]")
    with pytest.raises(ValueError, match=r"manifest.json is not a pokereval chunk record"):
        preflop_build.run_chunks(chunks, tmp_path)


def test_empty_work_and_bad_chunk_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match=r"^no chunks to run: the work is empty$"):
        preflop_build.run_chunks([])
    with pytest.raises(ValueError, match=r"^rows must be 1..2147483648, got 0$"):
        preflop_build.hu_chunks(preflop_build.hu_class_keys()[:3], rows=0)


def test_import_pokereval_leaves_dask_alone() -> None:
    code = "import sys, pokereval; pokereval.equity(['AsKs', 'QdQc']); print('dask' in sys.modules)"
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.strip() == "False"


def test_starting_hand_rank_takes_numpy_players() -> None:
    players: Any = np.int64(6)  # Any: the signature says int, and numpy's ints are taken
    assert pe.starting_hand_rank("AKs", players=players) == pe.starting_hand_rank("AKs", players=6)
    with pytest.raises(TypeError, match="players must be an int, not bool"):
        pe.starting_hand_rank("AKs", players=True)


BUILD_TABLES_TOOL = Path(__file__).resolve().parents[1] / "tools" / "build_tables.py"


@pytest.mark.skipif(not BUILD_TABLES_TOOL.exists(), reason="needs the source tree")
def test_the_table_tool_refuses_a_folder_it_cannot_write_before_any_work(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """tools/build_tables.py runs for hours: a bad --out or --chunks is refused at once."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_tables_tool", BUILD_TABLES_TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)

    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("the build started")

    monkeypatch.setattr(preflop_build, "hu_class_keys", no_work)
    monkeypatch.setattr(preflop_build, "run_chunks", no_work)
    a_file = tmp_path / "a_file"
    a_file.write_text("")
    for option, words in (
        ("--out", "the tables cannot be written"),
        ("--chunks", "the chunks cannot be written"),
    ):
        with pytest.raises(SystemExit) as stop:
            tool.main([option, str(a_file / "x")])
        assert stop.value.code == 2
        assert f"{words} to '{a_file / 'x'}': '{a_file}' is a file, not a folder" in capsys.readouterr().err
