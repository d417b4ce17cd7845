"""Shared state: the solver's parts on threads, the saved-buckets cache, and copies and pickles
of Range, EquityDistribution and Tables."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import pokereval as pe
from pokereval import abstraction, solver
from pokereval.engine import Tables


def test_equity_matrix_is_the_same_for_any_threads() -> None:
    # A flop is ten parts; they used to add into one array at once and lose updates.
    one = np.asarray(pe.equity_matrix("2c7d9h", threads=1))
    for threads in (2, 4):
        assert np.array_equal(np.asarray(pe.equity_matrix("2c7d9h", threads=threads)), one)


def test_combo_equity_and_distribution_are_the_same_for_any_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solver, "_CHUNK_SECONDS", 1e-4)  # many small parts
    one = np.asarray(pe.combo_equity("random", "random", "2c7d9h", threads=1))
    first = pe.equity_distribution("random", "random", "2c7d9h", street="river", threads=1)
    for threads in (2, 4):
        many = np.asarray(pe.combo_equity("random", "random", "2c7d9h", threads=threads))
        assert np.array_equal(many, one, equal_nan=True)
        assert pe.equity_distribution("random", "random", "2c7d9h", street="river", threads=threads) == first


def test_bucket_of_a_path_reads_the_file_saved_there_now(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("sklearn", reason="fitting buckets needs scikit-learn (the solver extra)")
    board = [("AsKd7c2h9s", 1)]
    four, two = abstraction.buckets("river", 4, boards=board), abstraction.buckets("river", 2, boards=board)
    expected = (four.bucket_of("Ah Ad", "AsKd7c2h9s"), two.bucket_of("Ah Ad", "AsKd7c2h9s"))
    assert expected == (3, 1)
    path = tmp_path / "river.npz"
    four.save(path)
    assert abstraction.bucket_of(str(path), "Ah Ad", "AsKd7c2h9s") == 3
    two.save(path)  # saved again: the cached reading of the old file must not answer
    assert abstraction.bucket_of(str(path), "Ah Ad", "AsKd7c2h9s") == 1
    # The same name in two directories is two files.
    for name, saved in (("a", four), ("b", two)):
        (tmp_path / name).mkdir()
        saved.save(tmp_path / name / "same.npz")
    got = []
    for name in ("a", "b"):
        monkeypatch.chdir(tmp_path / name)
        got.append(abstraction.bucket_of("same.npz", "Ah Ad", "AsKd7c2h9s"))
    assert tuple(got) == expected


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_range_pickles_with_every_protocol(protocol: int) -> None:
    for r in (pe.Range("QQ+,AKs:0.5"), pe.Range("AsKsQdJd, AhAd2c3c:0.5", game="omaha")):
        back = pickle.loads(pickle.dumps(r, protocol))
        assert back == r and repr(back) == repr(r)
        assert np.array_equal(back.ids, r.ids) and np.array_equal(back.weights, r.weights)


def test_equity_distribution_equals_its_copies() -> None:
    d = pe.equity_distribution("AsKs", "QQ+", "2c7d9h", street="turn")
    assert copy.deepcopy(d) == d
    assert all(
        pickle.loads(pickle.dumps(d, protocol)) == d for protocol in range(pickle.HIGHEST_PROTOCOL + 1)
    )
    assert d != pe.equity_distribution("AsKs", "QQ+", "2c7d9h", street="river")


def _play(tables: Tables, steps: int) -> list[np.ndarray]:
    seen = []
    for _ in range(steps):
        obs, rewards, _ = tables.step(np.argmax(tables.mask, axis=1).astype(np.uint8))
        seen += [obs["stacks"].copy(), obs["hole"].copy(), rewards.copy()]
    return seen


@pytest.mark.parametrize("make", [copy.copy, copy.deepcopy])
def test_a_tables_copy_steps_on_its_own(make: Callable[[Tables], Tables]) -> None:
    tables = Tables(5, stacks=[50, 50, 50], seed=1, threads=2)
    tables.step([1] * 5)
    twin = make(tables)
    before = [tables.hand(i) for i in range(5)]
    assert [twin.hand(i) for i in range(5)] == before
    twin_play = _play(twin, 20)
    assert [tables.hand(i) for i in range(5)] == before  # the original did not move
    played = _play(tables, 20)
    assert all(np.array_equal(a, b) for a, b in zip(played, twin_play))  # the same shuffles


def test_a_tables_refuses_pickle_in_words() -> None:
    with pytest.raises(TypeError, match="does not pickle"):
        pickle.dumps(Tables(2, stacks=[50, 50], seed=0))


def test_a_part_that_fails_leaves_no_thread_waiting() -> None:
    # The parts used to wait for their turn to add their sums: a part whose arrays could not
    # be made (MemoryError before it began) never took its turn, and the threads after it, and
    # the pool's shutdown, waited forever.  In a child, so that a hang fails and is killed.
    import subprocess
    import sys

    code = (
        "import numpy as np, pokereval as pe\n"
        "from pokereval import solver\n"
        "real, made = np.zeros_like, []\n"
        "def flaky(a, *args, **kwargs):\n"
        "    made.append(1)\n"
        "    if len(made) == 3:\n"
        "        raise MemoryError('probe')\n"
        "    return real(a, *args, **kwargs)\n"
        "solver.np.zeros_like = flaky\n"
        "try:\n"
        "    pe.equity_matrix('2c7d9h', threads=2)\n"
        "except MemoryError:\n"
        "    print('refused')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "refused", done.stderr
