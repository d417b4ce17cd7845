"""pokereval.dask on a real LocalCluster of two worker processes: every result must equal the
single-process function's bit for bit.  Slices are kept small; a cluster starts once here."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import pokereval as pe
from pokereval import tables

# The cluster start and the worker processes take a while on a shared machine: slow.
pytestmark = pytest.mark.slow

distributed = pytest.importorskip("distributed")
da = pytest.importorskip("dask.array")
pokereval_dask = pytest.importorskip("pokereval.dask")


@pytest.fixture(scope="module")
def client() -> Iterator[distributed.Client]:
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with cluster, distributed.Client(cluster) as c:
        yield c


def test_heads_up_chunks_match(client: distributed.Client) -> None:
    keys = tables.hu_class_keys()[::9000]  # six classes spread over the table
    seen: list[float] = []
    got = pokereval_dask.hu_table(keys, rows=2, scheduler=client, progress=seen.append)
    assert np.array_equal(got, tables.hu_wins(keys))
    assert np.array_equal(got, tables._load(tables._HeadsUp).wins[::9000])
    assert sorted(seen) == seen and seen[-1] == 1.0 and len(seen) == 3


def test_multiway_chunks_match(client: distributed.Client) -> None:
    got = pokereval_dask.multiway_table(rounds=2, seed=11, size=40, stop=100, scheduler=client)
    want = tables.multiway_sums(0, 100, rounds=2, seed=11)
    assert got.shape == (169, 19) and got.dtype == np.uint64 and np.array_equal(got, want)


def test_a_build_resumes_from_its_folder(client: distributed.Client, tmp_path: Path) -> None:
    keys = tables.hu_class_keys()[:4]
    first = pokereval_dask.hu_table(keys, rows=1, folder=tmp_path, scheduler=client)
    assert len(list(tmp_path.glob("*.npy"))) == 4
    name = tables.hu_chunks(keys, rows=1)[2].name
    np.save(tmp_path / name, np.array([[5, 6]], dtype=np.uint32))  # planted: must come back
    again = pokereval_dask.hu_table(keys, rows=1, folder=tmp_path, scheduler=client)
    assert again[2].tolist() == [5, 6]
    assert np.array_equal(np.delete(again, 2, axis=0), np.delete(first, 2, axis=0))


def test_range_grid_matches_equity(client: distributed.Client) -> None:
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


def test_evaluate_batch_over_a_dask_array(client: distributed.Client) -> None:
    rng = np.random.default_rng(5)
    rows = np.array([rng.choice(52, 7, replace=False) for _ in range(5000)], dtype=np.uint8)
    lazy = pokereval_dask.evaluate_batch(da.from_array(rows, chunks=(700, 3)))
    assert np.array_equal(client.compute(lazy).result(), pe.evaluate_batch(rows))
    omaha = np.array([rng.choice(52, 9, replace=False) for _ in range(600)], dtype=np.uint8)
    high, low = pokereval_dask.evaluate_batch(da.from_array(omaha, chunks=250), game="omaha-hilo")
    want_high, want_low = pe.evaluate_batch(omaha, game="omaha-hilo")
    assert np.array_equal(high.compute(), want_high) and np.array_equal(low.compute(), want_low)
    with pytest.raises(TypeError, match="2-d dask array"):
        pokereval_dask.evaluate_batch(rows)


def test_a_scheduler_address_works(client: distributed.Client) -> None:
    keys = tables.hu_class_keys()[:1]
    got = pokereval_dask.hu_table(keys, scheduler=client.scheduler.address)
    assert np.array_equal(got, tables.hu_wins(keys))
    with pytest.raises(TypeError, match="scheduler must be"):
        pokereval_dask.hu_table(keys, scheduler=8786)  # type: ignore[arg-type]


def test_the_default_cluster_is_sized_to_the_machine() -> None:
    with pokereval_dask.local_cluster() as cluster:
        assert len(cluster.workers) == (os.cpu_count() or 1)
        assert all(spec["options"]["nthreads"] == 1 for spec in cluster.worker_spec.values())
