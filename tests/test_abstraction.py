"""pokereval.abstraction: board classes, features against their definitions, deterministic buckets.

Board classes are counted afresh here by renaming suits with numpy; the features are checked
against pokereval.equity (csrc/equity.c, a separate engine from the solver's) and against
equity_distribution / combo_equity where the definition is theirs.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

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


def test_boards_of_one_class_are_one_row_that_saves_and_loads(tmp_path: Path) -> None:
    # Ks9h4d and Kh9d4s differ by a renaming of the suits; the first is also given twice.
    given = [("Ks 9h 4d", 24), ("Kh 9d 4s", 24), ("9s 8s 7s", 4), "Ks 9h 4d"]
    b = abstraction.buckets("flop", 4, boards=given)
    assert [pe.solver.board_text(bytes(row)) for row in b.boards] == ["Ks9h4d", "9s8s7s"]
    assert b.weights.tolist() == [49, 4]
    merged = abstraction.buckets("flop", 4, boards=[("Ks 9h 4d", 49), ("9s 8s 7s", 4)])
    assert np.array_equal(b.table, merged.table) and np.array_equal(b.centres, merged.centres)
    loaded = abstraction.load(b.save(tmp_path / "flop.npz"))  # save writes what load reads
    assert np.array_equal(loaded.table, b.table)
    assert loaded.bucket_of("Kc Qc", "Kh 9d 4s") == b.bucket_of("Kc Qc", "Kh 9d 4s")
    with pytest.raises(ValueError, match="weigh 9007199254740993 together, above 2"):
        abstraction.buckets("flop", 2, boards=[("Ks 9h 4d", 2**53), ("Kh 9d 4s", 1)])


# ---- load: the file checked once, as it is read ------------------------------------------

Arrays = dict[str, np.ndarray[Any, Any]]


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> tuple[abstraction.Buckets, Path]:
    b = abstraction.buckets("flop", 8, boards=[("Ks 9h 4d", 24), ("9s 8s 7s", 4)])
    return b, b.save(tmp_path_factory.mktemp("buckets") / "flop.npz")


def _drop(key: str) -> Callable[[Arrays], Arrays]:
    return lambda a: {name: array for name, array in a.items() if name != key}


def _set(**change: Any) -> Callable[[Arrays], Arrays]:
    return lambda a: {**a, **change}


def _table(fill: Callable[[np.ndarray[Any, Any]], None]) -> Callable[[Arrays], Arrays]:
    def change(a: Arrays) -> Arrays:
        table = a["table"].copy()
        fill(table)
        return {**a, "table": table}

    return change


def _live_bucket(value: int) -> Callable[[np.ndarray[Any, Any]], None]:
    def fill(table: np.ndarray[Any, Any]) -> None:
        table[0, pe.combo_index("AhAd")] = value  # live on board 1, Ks9h4d

    return fill


def _dead_bucket(table: np.ndarray[Any, Any]) -> None:
    table[0, pe.combo_index("KsKd")] = 3  # holds the board's Ks


def _boards(a: Arrays, boards: np.ndarray[Any, Any]) -> Arrays:
    return {**a, "boards": boards.astype(np.uint8)}


BROKEN: dict[str, tuple[Callable[[Arrays], Arrays], str]] = {
    "no street": (
        _drop("street"),
        r"no street array \(it holds kind, k, seed, bins, boards, weights, table, centres\)",
    ),
    "no table": (_drop("table"), r"no table array \(it holds street, .*\)"),
    "table shape": (
        lambda a: {**a, "table": a["table"][:, :1000]},
        r"table must be a \(2, 1326\) uint8 array for 2 boards and k=8, got uint8 \(2, 1000\)",
    ),
    "table dtype": (
        lambda a: {**a, "table": a["table"].astype(np.int64)},
        r"table must be a \(2, 1326\) uint8 array for 2 boards and k=8, got int64 \(2, 1326\)",
    ),
    "bucket 250": (
        _table(lambda t: t.__setitem__(t < 255, 250)),
        r"bucket 250 at board 1 \(Ks9h4d\), combo AsAh is not in 0\.\.7",
    ),
    "bucket 8": (_table(_live_bucket(8)), r"bucket 8 at board 1 \(Ks9h4d\), combo AhAd is not in 0\.\.7"),
    "no bucket": (
        _table(_live_bucket(255)),
        r"board 1 \(Ks9h4d\), combo AhAd has no bucket \(255\), but it can be dealt on the board",
    ),
    "dead bucket": (
        _table(_dead_bucket),
        r"board 1 \(Ks9h4d\), combo KsKd holds a board card, so its entry must be 255 \(no bucket\), got 3",
    ),
    "k for uint16": (
        _set(k=np.array(300)),
        r"table must be a \(2, 1326\) uint16 array for 2 boards and k=300, got uint8 \(2, 1326\)",
    ),
    "k 0": (_set(k=np.array(0)), r"k is 0, not in 1\.\.65534"),
    "k text": (_set(k=np.array("8")), r"k must be an int, got a <U1 array of shape \(\)"),
    "kind": (_set(kind=np.array("kmeans")), r"kind is 'kmeans', not one of ehs2, emd, ochs"),
    "street": (
        _set(street=np.array("turn")),
        r"boards must be a \(boards, 4\) uint8 array for the turn, got uint8 \(2, 3\)",
    ),
    "weights": (
        lambda a: {**a, "weights": a["weights"][:1]},
        r"weights must be a \(2,\) int64 array, one per board, got int64 \(1,\)",
    ),
    "board": (lambda a: _boards(a, a["boards"][:, ::-1]), r"board 1 \(4d9hKs\) is not canonical"),
    "card": (lambda a: _boards(a, np.maximum(a["boards"], 60)), r"board 1 has a card id above 51"),
    "twice": (lambda a: _boards(a, a["boards"][[0, 0]]), r"a board is listed twice"),
    "centres": (
        lambda a: {**a, "centres": a["centres"][:, :0]},
        r"centres must be a float64 array of 1 to k=8 centres of 1 for kind 'ehs2', got float64 \(8, 0\)",
    ),
}


@pytest.mark.parametrize(("change", "problem"), BROKEN.values(), ids=BROKEN.keys())
def test_load_keeps_what_save_wrote_and_names_what_is_wrong_with_any_other_file(
    saved: tuple[abstraction.Buckets, Path], change: Callable[[Arrays], Arrays], problem: str, tmp_path: Path
) -> None:
    b, path = saved
    # What save wrote loads, k above 254 (a uint16 table) too.
    for original, file in ((b, path), (_wide(b), _wide(b).save(tmp_path / "wide"))):
        loaded = abstraction.load(file)
        assert (loaded.street, loaded.kind, loaded.k, loaded.seed, loaded.bins) == (
            original.street, original.kind, original.k, original.seed, original.bins
        )  # fmt: skip
        for name in ("boards", "weights", "table", "centres"):
            assert np.array_equal(getattr(loaded, name), getattr(original, name))
            assert getattr(loaded, name).dtype == getattr(original, name).dtype
        assert abstraction.bucket_of(file, "3c 2c", "Ks 9h 4d") == original.bucket_of("3c 2c", "Ks 9h 4d")
    # Any other file is refused as it is read, with what is wrong.
    with np.load(path) as data:
        arrays = change(dict(data))
    broken = tmp_path / "broken.npz"
    np.savez(broken, **cast(dict[str, Any], arrays))
    message = rf"^not a pokereval buckets file: {re.escape(str(broken))}: {problem}$"
    with pytest.raises(ValueError, match=message):
        abstraction.load(broken)
    with pytest.raises(ValueError, match=message):
        abstraction.bucket_of(broken, "3c 2c", "Ks 9h 4d")


def _wide(b: abstraction.Buckets) -> abstraction.Buckets:
    """The buckets with k=300: the table uint16, NO_BUCKET 65535."""
    table = b.table.astype(np.uint16)
    table[b.table == b.NO_BUCKET] = 65535
    return abstraction.Buckets(b.street, b.kind, 300, b.seed, b.bins, b.boards, b.weights, table, b.centres)


def test_load_refuses_what_is_no_npz_archive(tmp_path: Path) -> None:
    text = tmp_path / "text.npz"
    text.write_text("street=flop\n")
    single = tmp_path / "table.npy"
    np.save(single, np.zeros((2, 1326), dtype=np.uint8))
    empty = tmp_path / "empty.npz"
    np.savez(empty)
    every = "street, kind, k, seed, bins, boards, weights, table, centres"
    for path, problem in (
        (text, r"not an \.npz archive \(neither a zip archive nor a \.npy array\)"),
        (single, rf"a single \.npy array, not an \.npz archive of {every}"),
        (empty, rf"no {every} arrays \(it holds none\)"),
    ):
        with pytest.raises(
            ValueError, match=rf"^not a pokereval buckets file: {re.escape(str(path))}: {problem}$"
        ):
            abstraction.load(path)
    with pytest.raises(FileNotFoundError):
        abstraction.load(tmp_path / "missing.npz")


def test_buckets_built_by_hand_are_checked_as_a_file_is() -> None:
    b = abstraction.buckets("river", 2, boards=[("AsKd7c2h9s", 1)])
    parts: dict[str, Any] = {
        "street": b.street,
        "kind": b.kind,
        "k": b.k,
        "seed": b.seed,
        "bins": b.bins,
        "boards": b.boards,
        "weights": b.weights,
        "table": b.table,
        "centres": b.centres,
    }
    again = abstraction.Buckets(**parts)
    assert again.bucket_of("Ah Ad", "As Kd 7c 2h 9s") == b.bucket_of("Ah Ad", "As Kd 7c 2h 9s")
    for change, problem in (
        ({"street": ["river"]}, r"street is \['river'\], not one of flop, turn, river"),
        ({"kind": "ehs3"}, "kind is 'ehs3'"),
        ({"k": True}, "k must be an int, got bool True"),
        ({"k": 1}, r"bucket 1 at board 1 \(.*\), combo .* is not in 0\.\.0"),
        ({"table": b.table.tolist()}, "table must be a numpy array, got list"),
        ({"weights": b.weights[:0]}, r"weights must be a \(1,\) int64 array"),
    ):
        with pytest.raises(ValueError, match=rf"^Buckets: {problem}"):
            abstraction.Buckets(**{**parts, **change})


def test_boards_given_as_a_mapping_keep_their_weights() -> None:
    """A dict iterated gives its keys: every board weighed 1, and one weighed 0 had its say."""
    got = abstraction.buckets("river", 2, boards={"AsKd7c2h9s": 5, "2c3d4h5s7c": 0})
    pairs = abstraction.buckets("river", 2, boards=[("AsKd7c2h9s", 5), ("2c3d4h5s7c", 0)])
    assert got.weights.tolist() == pairs.weights.tolist() == [5, 0]


@pytest.mark.parametrize(
    "given, shown",
    [("AsKd7c2h9s", "the text 'AsKd7c2h9s'"), (b"AsKd7c2h9s", "the text b'AsKd7c2h9s'"), (5, "int")],
)
def test_boards_that_are_no_list_of_boards_are_refused_in_words(given: Any, shown: str) -> None:
    """A board's text iterated one character a board ("board 1: bad card 'A' ... rank 'A' has
    no suit") and a number raised "'int' object is not iterable"."""
    words = rf"^boards must be a list of boards, .* got {re.escape(shown)} \(one board"
    with pytest.raises(TypeError, match=words):
        abstraction.buckets("river", 3, boards=given)


@pytest.mark.parametrize(
    ("offset", "value", "words"), [(10, 99, "compression method"), (6, 143, "zip file version")]
)
def test_a_damaged_zip_is_no_buckets_file(tmp_path: Path, offset: int, value: int, words: str) -> None:
    """A member of a compression method or zip version zipfile cannot read raised its
    NotImplementedError, not the ValueError load promises for any bad file."""
    saved = abstraction.buckets("flop", 3, boards=[("AsKd7c", 1)]).save(tmp_path / "b")
    data = bytearray(Path(saved).read_bytes())
    data[data.rfind(b"PK\x01\x02") + offset] = value  # the last member's central directory entry
    (tmp_path / "bad.npz").write_bytes(bytes(data))
    with pytest.raises(ValueError, match=rf"^not a pokereval buckets file: .*bad\.npz: .*{words}"):
        abstraction.load(tmp_path / "bad.npz")


def test_files_read_by_path_are_kept_few_and_shared_by_threads(tmp_path: Path) -> None:
    # bucket_of(path) kept every file it read for the life of the process (a river table is
    # 178 MB), and walked its cache while other threads added to it ("dictionary changed size
    # during iteration").  It keeps the last few files read; threads share them.
    from concurrent.futures import ThreadPoolExecutor

    from pokereval import abstraction as ab

    b = ab.buckets("river", 3, boards=["AsKd7c2h9s"])
    want = b.bucket_of("AhAd", "AsKd7c2h9s")
    paths = [b.save(tmp_path / f"b{i}.npz") for i in range(12)]
    ab._LOADED.clear()
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda p: ab.bucket_of(p, "AhAd", "AsKd7c2h9s"), paths * 3))
    assert got == [want] * len(got)
    assert len(ab._LOADED) == ab._KEEP_FILES
    ab.bucket_of(paths[0], "AhAd", "AsKd7c2h9s")
    assert str(paths[0].resolve()) in {key[0] for key in ab._LOADED}


def test_buckets_are_equal_by_value() -> None:
    # A pickled, copied, saved and loaded, or rebuilt table compared unequal to the original.
    import copy
    import pickle

    from pokereval import abstraction

    b = abstraction.buckets("river", 3, boards=[("AsKd7c2h9s", 1)])
    same = [
        abstraction.buckets("river", 3, boards=[("AsKd7c2h9s", 1)]),
        pickle.loads(pickle.dumps(b)),
        copy.deepcopy(b),
    ]
    assert all(s == b for s in same)
    assert b != abstraction.buckets("river", 4, boards=[("AsKd7c2h9s", 1)])
    assert b != abstraction.buckets("river", 3, boards=[("AsKd7c2h8s", 1)])
    assert (b == "b") is False
