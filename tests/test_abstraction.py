"""pokereval.abstraction: board classes, features against their definitions, deterministic buckets.

Board classes are counted afresh here by renaming suits with numpy; the features are checked
against pokereval.equity (csrc/equity.c, a separate engine from the solver's) and against
equity_distribution / combo_equity where the definition is theirs.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from pathlib import Path

import numpy as np
import pytest
from reference import ref_cards

import pokereval as pe
from pokereval import abstraction

pytest.importorskip("sklearn")
pytest.importorskip("scipy")

PERMS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)


def brute_classes(n: int) -> int:
    """The number of classes of n-card sets under the 24 renamings of the suits."""
    sets = np.array(list(itertools.combinations(range(52), n)), dtype=np.int64)
    best = None
    for perm in PERMS:
        renamed = np.sort((sets & ~3) | perm[sets & 3], axis=1)
        key = renamed @ (52 ** np.arange(n, dtype=np.int64))
        best = key if best is None else np.minimum(best, key)
    assert best is not None
    return len(np.unique(best))


def test_street_boards_count_the_classes_of_card_sets() -> None:
    for street, n in (("flop", 3), ("turn", 4)):
        board, weight = abstraction.street_boards(street)
        assert len(board) == brute_classes(n)
        assert int(weight.sum()) == math.comb(52, n)
    assert len(abstraction.street_boards("flop")[0]) == 1755


@pytest.mark.slow
def test_river_boards_count_the_classes_of_five_card_sets() -> None:
    board, weight = abstraction.street_boards("river")
    assert len(board) == brute_classes(5) == 134_459
    assert int(weight.sum()) == math.comb(52, 5)


def test_ehs2_features_against_the_definition() -> None:
    board = "Jd 8c 3s 2c"
    live, features = abstraction.board_features(board, "ehs2")
    for hand in ("Ac Kc", "8h 8d", "Qs Td", "7h 2d"):
        rivers = [c for c in range(52) if c not in ref_cards(hand + board)]
        shares = [pe.equity([hand, "random"], board=[*ref_cards(board), r]).equity[0] for r in rivers]
        want = sum(s * s for s in shares) / len(shares)
        assert math.isclose(features[pe.combo_index(hand), 0], want, rel_tol=1e-12)
    assert np.isnan(features[pe.combo_index("Jd Ah"), 0]) and not live[pe.combo_index("Jd Ah")]


def test_emd_features_are_equity_histograms() -> None:
    board = "Jd 8c 3s"
    _, features = abstraction.board_features(board, "emd", bins=10)
    for hand in ("Ac Kc", "Td 9d"):
        d = pe.equity_distribution(hand, "random", board, bins=10)
        assert np.allclose(features[pe.combo_index(hand)], d.weights, atol=1e-12)


def test_ochs_features_are_equity_against_each_opponent_cluster() -> None:
    layers = abstraction._ochs_layers()
    assert np.array_equal(layers.sum(axis=0), np.ones(1326))  # every combo in one cluster
    sizes = layers.sum(axis=1)
    assert len(sizes) == 8 and sizes.min() > 100 and sizes.max() < 230
    board = "Jd 8c 3s 2c 2h"
    _, features = abstraction.board_features(board, "ochs")
    weakest, strongest = layers[0], layers[7]
    assert strongest[pe.combo_index("AsAh")] == 1 and weakest[pe.combo_index("7c2d")] == 1
    for hand in ("Ac Kc", "8h 8d"):
        for cluster in (0, 7):
            vs = layers[cluster]
            want = pe.combo_equity(hand, vs, board).overall
            assert math.isclose(features[pe.combo_index(hand), cluster], want, rel_tol=1e-12)


SMALL = [("AsKd7c", 24), ("9s8s7s", 4), ("QsQh2d", 12), ("Ts9h4h", 24)]


@pytest.mark.parametrize("kind", abstraction.KINDS)
def test_buckets_are_deterministic_and_ordered_by_strength(kind: str, tmp_path: Path) -> None:
    first = abstraction.buckets("flop", 6, kind=kind, seed=3, boards=SMALL)
    again = abstraction.buckets("flop", 6, kind=kind, seed=3, boards=SMALL)
    assert np.array_equal(first.table, again.table) and np.array_equal(first.centres, again.centres)
    a = first.save(tmp_path / "a.npz")
    b = again.save(tmp_path / "b.npz")
    assert hashlib.sha256(a.read_bytes()).digest() == hashlib.sha256(b.read_bytes()).digest()
    loaded = abstraction.load(a)
    assert np.array_equal(loaded.table, first.table) and loaded.kind == kind and loaded.k == 6
    # Every live combo has a bucket; blocked ones have none.
    assert first.table.shape == (4, 1326)
    cards = [set(ref_cards(c)) for c in pe.combos()]
    live = np.array([[not c & {int(x) for x in board} for c in cards] for board in first.boards])
    assert [pe.canonical(bd, as_set=True).board for bd, _ in SMALL] == [
        "".join(str(pe.Card(int(x))) for x in board) for board in first.boards
    ]
    assert (first.table[live] < 6).all() and (first.table[~live] == first.NO_BUCKET).all()
    # The nuts sit in the top bucket, air in the bottom one.
    assert first.bucket_of("Jh Ts", "9s 8s 7s") <= first.bucket_of("6s 5s", "9s 8s 7s") == 5
    assert first.bucket_of("3c 2d", "As Kd 7c") == 0


def test_bucket_of_renames_suits_and_reads_files(tmp_path: Path) -> None:
    b = abstraction.buckets("turn", 5, boards=[("As Kd 7c 2h", 1)])
    same = [("Ah Qh", "As Kd 7c 2h"), ("Ah Qh", "Ad Ks 7c 2h"), ("Qc Ac", "Kd 2c 7h As")]
    values = {b.bucket_of(hand, board) for hand, board in same}
    assert len(values) == 1
    path = b.save(tmp_path / "turn.npz")
    assert abstraction.bucket_of(path, "Ah Qh", "As Kd 7c 2h") == values.pop()
    with pytest.raises(ValueError, match="not among"):
        b.bucket_of("Ah Qh", "As Kd 7c 3h")
    with pytest.raises(ValueError, match="for the turn"):
        b.bucket_of("Ah Qh", "As Kd 7c")
    with pytest.raises(ValueError, match="duplicate card 'As'"):
        b.bucket_of("As Qh", "As Kd 7c 2h")


def test_errors_name_the_problem() -> None:
    with pytest.raises(ValueError, match="street"):
        abstraction.buckets("preflop", 4)
    with pytest.raises(ValueError, match="kind"):
        abstraction.buckets("flop", 4, kind="kmeans")
    with pytest.raises(TypeError, match="k must be an int"):
        abstraction.buckets("flop", True)
    with pytest.raises(ValueError, match="board 1 has 4 cards"):
        abstraction.buckets("flop", 4, boards=["As Kd 7c 2h"])


@pytest.mark.slow
def test_buckets_on_a_two_worker_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    pe_dask = pytest.importorskip("pokereval.dask")
    boards = [(f.board, f.weight) for f in pe.flops()[::90]]
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with cluster, distributed.Client(cluster) as client:
        got = pe_dask.buckets("flop", 6, kind="emd", seed=2, boards=boards, scheduler=client)
    want = abstraction.buckets("flop", 6, kind="emd", seed=2, boards=boards)
    assert np.array_equal(got.table, want.table) and np.array_equal(got.centres, want.centres)


def test_a_sampled_fit_gives_every_board_its_nearest_centre(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(abstraction, "_FIT_POINTS", 2500)  # two flops' points: the rest in pass 2
    boards = [(f.board, f.weight) for f in pe.flops()[::300]]
    b = abstraction.buckets("flop", 4, seed=9, boards=boards)
    assert np.array_equal(b.table, abstraction.buckets("flop", 4, seed=9, boards=boards).table)
    for row, board in enumerate(b.boards):
        live, features = abstraction.board_features(list(board))
        nearest = np.abs(features[live][:, :1] - b.centres[:, 0][None, :]).argmin(axis=1)
        assert np.array_equal(b.table[row, live], nearest)
    assert np.all(np.diff(b.centres[:, 0]) > 0)  # bucket 0 the weakest
