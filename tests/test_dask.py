"""pokereval.dask on a real LocalCluster of two worker processes: every result must equal the
single-process function's bit for bit.  Slices are kept small; a cluster starts once here."""

from __future__ import annotations

import os
import re
import socket
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest

import pokereval as pe
from pokereval import preflop_build
from pokereval.equity import preflop

# The cluster start and the worker processes take a while on a shared machine: slow.
pytestmark = pytest.mark.slow

if TYPE_CHECKING:
    from distributed import Client

distributed = pytest.importorskip("distributed")
da = pytest.importorskip("dask.array")
pokereval_dask = pytest.importorskip("pokereval.dask")


def _cluster(**options: Any) -> Any:
    """A cluster of single-threaded workers whose scheduler serves HTTP on a free port: without a
    dashboard it still takes 8787 by default, and every cluster after the first warned."""
    return distributed.LocalCluster(
        threads_per_worker=1, dashboard_address=None, scheduler_kwargs={"dashboard_address": ":0"}, **options
    )


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    cluster = _cluster(n_workers=2, processes=True)
    with cluster, distributed.Client(cluster) as c:
        yield c


def test_heads_up_chunks_match(client: Client) -> None:
    keys = preflop_build.hu_class_keys()[::9000]  # six classes spread over the table
    seen: list[float] = []
    got = pokereval_dask.hu_table(keys, rows=2, scheduler=client, progress=seen.append)
    assert np.array_equal(got, preflop_build.hu_wins(keys))
    assert np.array_equal(got, preflop.heads_up().wins[::9000])
    assert sorted(seen) == seen and seen[-1] == 1.0 and len(seen) == 3


def test_multiway_chunks_match(client: Client) -> None:
    got = pokereval_dask.multiway_table(rounds=2, seed=11, size=40, stop=100, scheduler=client)
    want = preflop_build.multiway_sums(0, 100, rounds=2, seed=11)
    assert got.shape == (169, 19) and got.dtype == np.uint64 and np.array_equal(got, want)


def test_a_build_resumes_from_its_folder(client: Client, tmp_path: Path) -> None:
    keys = preflop_build.hu_class_keys()[:4]
    first = pokereval_dask.hu_table(keys, rows=1, folder=tmp_path, scheduler=client)
    assert len(list(tmp_path.glob("*.npy"))) == 4
    again = pokereval_dask.hu_table(keys, rows=1, folder=tmp_path, scheduler=client)
    assert np.array_equal(again, first) and np.array_equal(first, preflop_build.hu_wins(keys))
    name = preflop_build.hu_chunks(keys, rows=1)[2].name
    np.save(tmp_path / name, np.array([[5, 6]], dtype=np.uint32))  # a foreign file: refused, never used
    with pytest.raises(ValueError, match=f"{name} has changed since it was saved"):
        pokereval_dask.hu_table(keys, rows=1, folder=tmp_path, scheduler=client)


def test_range_grid_and_hu_table_name_bad_input(client: Client) -> None:
    with pytest.raises(ValueError, match=r"^boards is empty: give at least one$"):
        pokereval_dask.range_grid(["QQ+"], ["AKs"], [], scheduler=client)
    with pytest.raises(ValueError, match=r"^opponents is empty: give at least one$"):
        pokereval_dask.range_grid(["QQ+"], [], ["2c7d9h"], scheduler=client)
    with pytest.raises(TypeError, match=r"^ranges must be a list, got str$"):
        pokereval_dask.range_grid("QQ+", ["AKs"], ["2c7d9h"], scheduler=client)
    with pytest.raises(ValueError, match=r"^board 1: joker 'Jk' at position 1 plays only with wild="):
        pokereval_dask.range_grid(["QQ+"], ["AKs"], ["2c7d9h", "Jk 2c 3c"], scheduler=client)
    with pytest.raises(ValueError, match=r"^rows must be 1..2147483648, got 0$"):
        pokereval_dask.hu_table(preflop_build.hu_class_keys()[:2], rows=0, scheduler=client)


def test_range_grid_matches_equity(client: Client) -> None:
    ranges, opponents = ["QQ+,AKs", "AhKh"], ["JJ-99", "AQo,KQs"]
    boards = ["2c7d9h", "KsQh2d", "Ac Td 5s"]
    got = pokereval_dask.range_grid(ranges, opponents, boards, scheduler=client)
    assert got.shape == (3, 2, 2)
    for b, board in enumerate(boards):
        for i, mine in enumerate(ranges):
            for j, theirs in enumerate(opponents):
                assert got[b, i, j] == pe.equity([mine, theirs], board=board).equity[0]
    sampled = pokereval_dask.range_grid(ranges, opponents, boards[:1], samples=500, seed=3, scheduler=client)
    assert sampled[0, 1, 0] == pe.equity(["AhKh", "JJ-99"], board="2c7d9h", samples=500, seed=3).equity[0]


def test_evaluate_batch_over_a_dask_array(client: Client) -> None:
    rng = np.random.default_rng(5)
    rows = np.array([rng.choice(52, 7, replace=False) for _ in range(5000)], dtype=np.uint8)
    lazy = pokereval_dask.evaluate_batch(da.from_array(rows, chunks=(700, 3)))
    assert np.array_equal(client.compute(lazy).result(), pe.evaluate_batch(rows))  # type: ignore[no-untyped-call]
    omaha = np.array([rng.choice(52, 9, replace=False) for _ in range(600)], dtype=np.uint8)
    high, low = pokereval_dask.evaluate_batch(da.from_array(omaha, chunks=250), game="omaha-hilo")
    want_high, want_low = pe.evaluate_batch(omaha, game="omaha-hilo")
    assert np.array_equal(high.compute(), want_high) and np.array_equal(low.compute(), want_low)
    with pytest.raises(TypeError, match="2-d dask array"):
        pokereval_dask.evaluate_batch(rows)


@pytest.mark.parametrize("game", ["omaha-hilo", "plo8", "omaha8", "Omaha Hi-Lo", "stud-hilo", "stud8"])
def test_evaluate_batch_takes_every_hilo_game_and_alias(game: str) -> None:
    rng = np.random.default_rng(6)
    width = 7 if "stud" in game else 9
    rows = np.array([rng.choice(52, width, replace=False) for _ in range(300)], dtype=np.uint8)
    high, low = pokereval_dask.evaluate_batch(da.from_array(rows, chunks=100), game=game)
    want_high, want_low = pe.evaluate_batch(rows, game=game)
    assert np.array_equal(high.compute(scheduler="sync"), want_high)
    assert np.array_equal(low.compute(scheduler="sync"), want_low)


def test_evaluate_batch_errors_name_the_row_of_the_whole_array() -> None:
    rows = np.array([[51, 47, 43, 39, 35, 2, 3]] * 300, dtype=np.uint8)
    rows[250, 1] = 51
    lazy = pokereval_dask.evaluate_batch(da.from_array(rows, chunks=100))
    with pytest.raises(ValueError, match=r"^row 250: duplicate card 'As' at positions 1 and 2$"):
        lazy.compute(scheduler="sync")
    rows[250, 1], rows[120, 3] = 47, 60
    lazy = pokereval_dask.evaluate_batch(da.from_array(rows.astype(np.int64), chunks=100))
    with pytest.raises(ValueError, match=r"^row 120: card id 60 out of range 0..53 at position 4$"):
        lazy.compute(scheduler="sync")
    # Bad rows in two blocks, two in the later one: a block names its first bad row, and which
    # block's error comes out is the scheduler's order.
    rows[120, 3], rows[150, 0], rows[290, 2], rows[210, 4] = 39, 255, 60, 43
    for scheduler in ("sync", "threads"):
        lazy = pokereval_dask.evaluate_batch(da.from_array(rows, chunks=100))
        with pytest.raises(ValueError) as raised:
            lazy.compute(scheduler=scheduler)
        assert str(raised.value) in (
            "row 150: card id 255 out of range 0..53 at position 1",
            "row 210: duplicate card 'Qs' at positions 3 and 5",
        )
    # Chunk sizes unknown (a boolean mask): the block's place is not known, and the error says
    # so rather than "row nan".
    rows = np.array([[51, 47, 43, 39, 35, 2, 3]] * 300, dtype=np.uint8)
    rows[255, 3] = 51
    masked = da.from_array(rows, chunks=100)
    masked = masked[masked[:, 0] < 60]
    with pytest.raises(
        ValueError,
        match=r"^row 55 of a block whose place in the array is unknown .*"
        r": duplicate card 'As' at positions 1 and 4$",
    ):
        pokereval_dask.evaluate_batch(masked).compute(scheduler="sync")
    rows[255, 3] = 39
    masked = da.from_array(rows, chunks=100)
    masked = masked[masked[:, 0] < 60]
    assert np.array_equal(
        pokereval_dask.evaluate_batch(masked).compute(scheduler="sync"), pe.evaluate_batch(rows)
    )
    jokers = np.array([[52, 47, 43, 39, 35]] * 4, dtype=np.uint8)
    wild = pokereval_dask.evaluate_batch(da.from_array(jokers, chunks=2), wild="joker")
    assert wild.compute(scheduler="sync").tolist() == [7462] * 4


def test_a_scheduler_address_works(client: Client) -> None:
    keys = preflop_build.hu_class_keys()[:1]
    got = pokereval_dask.hu_table(keys, scheduler=client.scheduler.address)  # type: ignore[union-attr]
    assert np.array_equal(got, preflop_build.hu_wins(keys))
    with pytest.raises(TypeError, match="scheduler must be"):
        pokereval_dask.hu_table(keys, scheduler=8786)


def test_the_default_cluster_is_sized_to_the_machine() -> None:
    with pokereval_dask.local_cluster() as cluster:
        assert len(cluster.workers) == (os.cpu_count() or 1)
        assert all(spec["options"]["nthreads"] == 1 for spec in cluster.worker_spec.values())


def test_the_default_cluster_leaves_port_8787_alone() -> None:
    """The scheduler's HTTP server took 8787 without a dashboard, and warned "Port 8787 is
    already in use" when a user's dashboard (or a second cluster) had it."""
    taken = socket.socket()
    try:
        taken.bind(("", 8787))
        taken.listen()
    except OSError:  # another program has it: the case itself
        pass
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("error", message=".*8787")
            with pokereval_dask.local_cluster(workers=1) as cluster:
                assert cluster.scheduler.http_server.port != 8787
    finally:
        taken.close()


def test_range_grid_without_a_seed_samples_afresh_each_call(client: Client, tmp_path: Path) -> None:
    """A task is named by its arguments and a chunk file by their digest: with samples= and no
    seed, a call was handed an earlier call's result (a live cluster's task, or the file in
    `folder`).  A seed is drawn for each call."""
    grids = [
        pokereval_dask.range_grid(["AA"], ["KK"], ["2c3d"], samples=500, folder=tmp_path, scheduler=client)
        for _ in range(4)
    ]
    assert len({float(grid.item()) for grid in grids}) > 1


@pytest.mark.parametrize(
    ("rows", "kwargs", "error", "words"),
    [
        (
            np.zeros((2, 7), np.float64),
            {},
            TypeError,
            "ids must be an integer array of card ids, got dtype float64",
        ),
        (np.zeros((2, 7), np.uint8), {"hole": 2}, ValueError, "holdem has no hole/board split"),
        (np.zeros((2, 4), np.uint8), {}, ValueError, "holdem needs 5 to 7 cards, got 4"),
        (np.zeros((2, 8), np.uint8), {"game": "omaha", "hole": 7}, ValueError, "hole"),
    ],
)
def test_a_wrong_batch_call_is_refused_before_any_task(
    rows: Any, kwargs: dict[str, Any], error: type[Exception], words: str
) -> None:
    """The dtype, the width and hole= are known on the client: they were refused only at
    compute(), in every worker, each logging the failure."""
    with pytest.raises(error, match=re.escape(words)):
        pokereval_dask.evaluate_batch(da.from_array(rows, chunks=1), **kwargs)


def test_the_client_check_names_a_width_past_the_deck() -> None:
    """The probe row of the top cards was cut at 52 columns: 60 were reported as 52."""
    with pytest.raises(ValueError, match=r"^holdem needs 5 to 7 cards, got 60$"):
        pokereval_dask.evaluate_batch(da.from_array(np.zeros((2, 60), np.uint8)))


def test_flop_report_called_again_at_once_with_the_same_ranges() -> None:
    """The weights were scattered by content: a second call with the same ranges got the keys of
    the first's copies while they were released, its tasks were cancelled, and the cancelled
    errors were read as rows ("zero-dimensional arrays cannot be concatenated").  Found by
    hostile testing, on a threads cluster of one worker, calls back to back."""
    want = {hero: pe.flop_report(hero, "JJ", pandas=False) for hero in ("QQ", "KK")}
    one = _cluster(n_workers=1, processes=False)
    with one, distributed.Client(one) as local:
        for hero in ("QQ", "KK", "QQ", "KK", "QQ"):
            got = pokereval_dask.flop_report(hero, "JJ", tasks=8, scheduler=local, pandas=False)
            assert got == want[hero]


def test_flop_report_checks_its_options_before_any_task(client: Client) -> None:
    with pytest.raises(TypeError, match=r"^progress must be a callable or None, got int$"):
        pokereval_dask.flop_report("AA", "KK", scheduler=client, progress=5)
    with pytest.raises(TypeError, match=r"^pandas must be a bool or None, not str 'x'$"):
        pokereval_dask.flop_report("AA", "KK", scheduler=client, pandas="x")


def test_range_grid_reads_its_ranges_on_the_client(client: Client) -> None:
    """A bad range failed in a worker, logged there; it is one error on the client now."""
    with pytest.raises(ValueError, match=r"^ranges\[0\]: bad range token 'AX'"):
        pokereval_dask.range_grid(["AX"], ["QQ"], ["2c3d4h"], scheduler=client)
    with pytest.raises(ValueError, match=r"^opponents\[1\]: "):
        pokereval_dask.range_grid(["AA"], ["QQ", "KQz"], ["2c3d4h"], scheduler=client)
