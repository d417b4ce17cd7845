"""The shipped preflop tables (pokereval/tables.py, pokereval/data/).

Entries are recomputed with the C equity engine and must match exactly; the class keys are
checked against suit isomorphism done the slow way (every one of the 24 renamings); the
derived tables are rebuilt from the rows and must match bit for bit.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import os
import random
import subprocess
import sys
import threading
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import pokereval as pe
from pokereval import tables

RUNOUTS = math.comb(48, 5)  # the 1,712,304 boards of a heads-up preflop matchup


def c_engine(first: str | list[int], second: str | list[int]) -> pe.EquityResult:
    """The C enumeration, not the table: equity() reads the table only when both hands are
    given as cards, so a one-combo Range takes the engine's own path."""
    one = pe.Range(pe.format_cards(first, sep=""))
    return pe.equity([one, second])


@pytest.fixture(scope="module")
def shipped() -> tables._HeadsUp:
    return tables._load(tables._HeadsUp)


@pytest.fixture(scope="module")
def multiway() -> tables._Multiway:
    return tables._load(tables._Multiway)


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
    keys = [tables._key(*deal) for deal in deals]
    classes = [slow_class(deal) for deal in deals]
    for i, j in itertools.combinations(range(len(deals)), 2):
        assert (keys[i] == keys[j]) == (classes[i] == classes[j]), (deals[i], deals[j])


def test_vector_keys_match_the_scalar_key(rng: random.Random) -> None:
    deals = np.array([random_deal(rng) for _ in range(2000)], dtype=np.uint8)
    assert tables._keys(deals).tolist() == [tables._key(*map(int, d)) for d in deals]


def test_a_key_spells_a_deal_of_its_own_class(rng: random.Random) -> None:
    for _ in range(200):
        deal = random_deal(rng)
        key = tables._key(*deal)
        canonical = tuple(int(c) for c in tables.key_cards(np.array([key]))[0])
        assert tables._key(*canonical) == key
        assert slow_class(canonical) == slow_class(deal)  # type: ignore[arg-type]


@pytest.mark.slow
def test_class_counts_are_the_published_ones() -> None:
    ids = tables._all_matchups()
    assert len(ids) == 1326 * 1225 // 2  # 812,175 pairs of hands
    ordered = np.concatenate([tables._keys(ids), tables._keys(ids[:, [2, 3, 0, 1]])])
    assert len(np.unique(ordered)) == 93_769


def test_class_names_form_the_grid() -> None:
    assert len(set(tables.HAND_CLASSES)) == 169
    assert tables.HAND_CLASSES[:3] == ("AA", "AKs", "AQs")
    assert tables.HAND_CLASSES[13] == "AKo" and tables.HAND_CLASSES[14] == "KK"
    assert tables.HAND_CLASSES[168] == "22"
    sizes = {name: len(pe.Range(name)) for name in tables.HAND_CLASSES}
    assert sum(sizes.values()) == 1326
    for index, name in enumerate(tables.HAND_CLASSES):
        combos = tables._class_combos(index)
        assert sorted(map(tuple, combos.tolist())) == sorted(map(tuple, pe.Range(name).ids.tolist()))


# ---- the heads-up table -----------------------------------------------------------------------


def test_sampled_rows_equal_the_c_engine(shipped: tables._HeadsUp) -> None:
    rng = np.random.default_rng(15)
    for row in rng.choice(len(shipped.keys), 12, replace=False):
        deal = tables.key_cards(shipped.keys[row : row + 1])[0].tolist()
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
    # A board, dead cards or Monte Carlo are the engine's.
    assert pe.equity(["AsKs", "QdQc"], dead="2c").runs == math.comb(47, 5)
    assert not pe.equity(["AsKs", "QdQc"], samples=100, seed=1).exact


def test_equity_of_the_table_is_the_exact_fraction() -> None:
    r = tables.preflop_equity("AhAd", "7c2s")
    for won, tied, share in zip(r.wins, r.ties, r.equity):
        assert share == float(Fraction(2 * won + tied, 2 * RUNOUTS))
    assert r.wins[0] + r.wins[1] + r.ties[0] == RUNOUTS


def test_the_heads_up_table_regenerates_bit_for_bit(shipped: tables._HeadsUp) -> None:
    keys = tables.hu_class_keys()
    assert hashlib.sha256(keys.tobytes()).digest() == hashlib.sha256(shipped.keys.tobytes()).digest()
    rows = np.arange(0, len(keys), 4999)  # ten rows spread over the table
    assert np.array_equal(tables.hu_wins(keys[rows]), shipped.wins[rows])
    points, pairs = tables.class_sums(shipped.keys, shipped.wins)
    assert np.array_equal(points, shipped.points) and np.array_equal(pairs, shipped.pairs)


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


def test_class_table_is_symmetric(shipped: tables._HeadsUp) -> None:
    assert np.array_equal(shipped.pairs, shipped.pairs.T)
    total = shipped.points + shipped.points.T
    assert np.array_equal(total, 2 * RUNOUTS * shipped.pairs.astype(np.uint64))


def test_preflop_equity_words_bad_input() -> None:
    with pytest.raises(ValueError, match="duplicate card 'As' in both hands"):
        tables.preflop_equity("AsKs", "AsQd")
    with pytest.raises(ValueError, match="first hand has 3 cards"):
        tables.preflop_equity("AsKsQs", "2c2d")
    with pytest.raises(ValueError, match="second hand has 1 cards"):
        tables.preflop_equity("AsKs", "2c")
    with pytest.raises(ValueError):
        tables.preflop_equity("AsKs", "2c2c")
    with pytest.raises(TypeError):
        tables.preflop_equity("AsKs", 3.5)  # type: ignore[arg-type]


# ---- multiway and ranks ----------------------------------------------------------------------


def test_one_opponent_is_exact(multiway: tables._Multiway) -> None:
    aces = [51, 50]
    total = Fraction(0)
    rest = [h for h in itertools.combinations(range(52), 2) if not set(h) & set(aces)]
    for hand in rest:
        r = tables.preflop_equity(aces, list(hand))
        total += Fraction(2 * r.wins[0] + r.ties[0], 2 * RUNOUTS)
    exact = float(total / len(rest))
    assert multiway.equity[0, 0] == exact
    assert round(exact, 4) == 0.8520  # the published 85.20% for aces heads-up
    assert multiway.se[0, 0] == 0.0 and multiway.samples[0] == 0


def test_multiway_values_reproduce_within_their_error(multiway: tables._Multiway) -> None:
    # A fresh seed: agreement within five standard errors, not bit for bit, so this holds
    # whatever stream the Monte Carlo engine draws from.
    for index, opponents in ((tables.HAND_CLASSES.index("AKs"), 2), (tables.HAND_CLASSES.index("72o"), 9)):
        fresh = tables.multiway_row(index, samples=40_000, batches=8, seed=7, opponents=[opponents])[0]
        stored, error = multiway.equity[index, opponents - 1], multiway.se[index, opponents - 1]
        assert 0 < error < 0.002
        assert abs(fresh[0] - stored) < 5 * math.hypot(fresh[1], error)
    assert np.all(multiway.samples[1:] == tables.MULTIWAY_SAMPLES)


def test_multiway_row_is_seeded() -> None:
    one = tables.multiway_row(0, samples=4000, batches=4, seed=3, opponents=[3])
    assert np.array_equal(one, tables.multiway_row(0, samples=4000, batches=4, seed=3, opponents=[3]))
    assert not np.array_equal(one, tables.multiway_row(0, samples=4000, batches=4, seed=4, opponents=[3]))


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
    assert six.hand == "AKs" and six.samples == tables.MULTIWAY_SAMPLES and six.stderr > 0


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

    class Counting(tables._HeadsUp):
        def __init__(self, path: Path) -> None:
            made.append(path)
            super().__init__(path)

    monkeypatch.setattr(tables, "_loaded", {})
    monkeypatch.setattr(tables, "_HeadsUp", Counting)
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
    for name in (tables.HU_FILE, tables.MULTIWAY_FILE):
        assert (tables.DATA / name).stat().st_size < 3_000_000


def test_run_chunks_resumes_from_its_folder(tmp_path: Path) -> None:
    keys = tables.hu_class_keys()[:3]
    chunks = tables.hu_chunks(keys, rows=1)
    seen: list[float] = []
    first = tables.run_chunks(chunks, tmp_path, progress=seen.append)
    assert seen == [1 / 3, 2 / 3, 1.0]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(c.name for c in chunks)
    # A saved chunk is read back, not computed again: a planted value comes out.
    np.save(tmp_path / chunks[1].name, np.array([[1, 2]], dtype=np.uint32))
    again = tables.run_chunks(chunks, tmp_path, workers=2)
    assert np.array_equal(again[0], first[0]) and again[1].tolist() == [[1, 2]]
    assert np.array_equal(np.concatenate(first), tables.hu_wins(keys))


def test_import_pokereval_leaves_dask_alone() -> None:
    code = "import sys, pokereval; pokereval.equity(['AsKs', 'QdQc']); print('dask' in sys.modules)"
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.strip() == "False"

