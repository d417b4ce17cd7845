"""Threads: concurrent calls give exactly the single-threaded results; long calls release the GIL;
on free-threaded CPython (3.14t) importing pokereval leaves the GIL off, so the threads here
run truly in parallel.

The core keeps no mutable global state (csrc/pokereval.h), so any number of threads may
evaluate at once.  Expected results are the same calls made first in one thread; the
check is that eight threads, started together and interleaving every entry point, never
disagree with them.
"""

from __future__ import annotations

import os
import platform
import random
import shutil
import subprocess
import sys
import sysconfig
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pokereval
from pokereval import compare, evaluate, evaluate_batch, settle, showdown

N_THREADS = 8


def deal_rows(n: int, k: int, seed: int, lowest: int = 0) -> np.ndarray[Any, Any]:
    """n rows of k distinct card ids from lowest..51 (uint8)."""
    rng = np.random.default_rng(seed)
    order = rng.random((n, 52 - lowest)).argsort(axis=1)[:, :k]
    return (order + lowest).astype(np.uint8)


def as_plain(result: Any) -> Any:
    """A result in a form that compares by value: arrays to lists, ranks to ints."""
    if isinstance(result, np.ndarray):
        return result.tolist()
    if isinstance(result, tuple):
        return tuple(as_plain(x) for x in result)
    if isinstance(result, list):
        return [as_plain(x) for x in result]
    if isinstance(result, pokereval.HandRank):
        return int(result)
    return repr(result)


def make_tasks() -> dict[str, Callable[[], Any]]:
    """Named calls over every entry point, each returning a plain, comparable result."""
    holdem7 = deal_rows(20000, 7, seed=1)
    holdem5 = deal_rows(6000, 5, seed=2)
    omaha = deal_rows(3000, 9, seed=3)
    omaha6 = deal_rows(2000, 11, seed=4)
    short = deal_rows(4000, 7, seed=5, lowest=16)
    razz = deal_rows(4000, 7, seed=6)
    deuce = deal_rows(4000, 5, seed=7)
    badugi = deal_rows(4000, 4, seed=8)
    rng = random.Random(9)
    hands = [rng.sample(range(52), 7) for _ in range(300)]
    boards = [rng.sample(range(52), 9) for _ in range(300)]  # board 5 + two hands of 2
    tasks: dict[str, Callable[[], Any]] = {
        "batch holdem 7": lambda: evaluate_batch(holdem7),
        "batch holdem 7, 2 threads": lambda: evaluate_batch(holdem7, threads=2),
        "batch holdem 5": lambda: evaluate_batch(holdem5),
        "batch stud": lambda: evaluate_batch(holdem7, game="stud"),
        "batch omaha-hilo": lambda: evaluate_batch(omaha, game="omaha-hilo"),
        "batch omaha 6+5": lambda: evaluate_batch(omaha6, game="omaha", hole=6),
        "batch shortdeck": lambda: evaluate_batch(short, game="shortdeck"),
        "batch razz": lambda: evaluate_batch(razz, game="razz"),
        "batch deuce-seven": lambda: evaluate_batch(deuce, game="deuce-seven"),
        "batch badugi": lambda: evaluate_batch(badugi, game="badugi"),
        "evaluate": lambda: [int(evaluate(hand)) for hand in hands],
        "evaluate razz": lambda: [int(evaluate(hand, game="razz")) for hand in hands],
        "evaluate hilo": lambda: [
            as_plain(evaluate(hand[:4], hand[4:], game="omaha-hilo")) for hand in boards[:100]
        ],
        "best five": lambda: [str(evaluate(hand).best_five) for hand in hands[:100]],
        "compare": lambda: [compare(b[5:7], b[7:9], b[:5]) for b in boards],
    }
    tasks["showdown"] = lambda: [
        repr(showdown([b[5:7], b[7:9], hand[:2]], b[:5]))
        for b, hand in zip(boards[:100], hands)
        if not set(hand[:2]) & set(b)
    ]
    tasks["settle"] = lambda: [
        repr(
            settle(
                [b[5:7], b[7:9], None],
                b[:5],
                contributions=[10, 25, 25],
                folded=[0, 0, 1],
                dead_money=[1, 1, 1],
            ).pots
        )
        for b in boards[:100]
    ]
    equity = getattr(pokereval, "equity", None)
    if callable(equity):
        tasks["equity"] = lambda: [repr(equity([b[5:7], b[7:9]], board=b[:3], seed=7)) for b in boards[:20]]
        # Monte Carlo: the generator lives in the call, so one seed gives one answer in any thread.
        tasks["equity sampled"] = lambda: [
            repr(equity([b[5:7], b[7:9], b[:2]], samples=3000, seed=11)) for b in boards[:10]
        ]
    return tasks


def test_threads_agree_with_one_thread() -> None:
    tasks = make_tasks()
    expected: dict[str, Any] = {}
    for name, task in tasks.items():
        try:
            expected[name] = as_plain(task())
        except TypeError:
            if name.startswith("equity"):  # its signature is not fixed yet; the others are
                continue
            raise
    names = list(expected)
    start = threading.Barrier(N_THREADS)

    def worker(seed: int) -> dict[str, list[Any]]:
        order = names * 6
        random.Random(seed).shuffle(order)  # each thread interleaves the calls differently
        start.wait()
        got: dict[str, list[Any]] = {name: [] for name in names}
        for name in order:
            got[name].append(as_plain(tasks[name]()))
        return got

    with ThreadPoolExecutor(max_workers=N_THREADS) as pool:
        results = list(pool.map(worker, range(N_THREADS)))
    for thread, got in enumerate(results):
        for name in names:
            for run, result in enumerate(got[name]):
                assert result == expected[name], f"thread {thread}, {name}, run {run}: not as in one thread"


def test_shared_input_arrays_are_not_modified() -> None:
    rows = deal_rows(50000, 7, seed=11)
    before = rows.copy()
    with ThreadPoolExecutor(max_workers=N_THREADS) as pool:
        outs = list(pool.map(lambda _: evaluate_batch(rows), range(N_THREADS)))
    assert np.array_equal(rows, before)
    for out in outs[1:]:
        assert np.array_equal(out, outs[0])


class Counter(threading.Thread):
    """Counts loop turns; each turn gives the GIL up (sleep(0)) and must take it back."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.turns = 0
        self.stop = False

    def run(self) -> None:
        while not self.stop:
            self.turns += 1
            time.sleep(0)


def progress_during(call: Callable[[], object]) -> int:
    """How many turns the counter thread makes while `call` runs in this thread.

    The switch interval is raised far above the call's length, so this thread is never made
    to hand over the GIL: the counter only turns while the call itself releases it.
    """
    old = sys.getswitchinterval()
    counter = Counter()
    counter.start()
    try:
        while counter.turns < 10:  # the counter is running
            time.sleep(0.001)
        sys.setswitchinterval(30.0)
        before = counter.turns
        call()
        after = counter.turns
    finally:
        sys.setswitchinterval(old)
        counter.stop = True
        counter.join()
    return after - before


def _hold_the_gil(rows: np.ndarray[Any, Any]) -> None:
    # Pure Python work of a similar length: the GIL is never released.
    total = 0
    for i in range(3_000_000):
        total += i & 7
    assert total >= 0


@pytest.mark.slow
def test_long_batch_releases_the_gil() -> None:
    rows = np.empty((20_000_000, 5), dtype=np.uint8)
    rows[:] = np.array([51, 46, 41, 36, 30], dtype=np.uint8)  # As Kh Qd Jc 9h
    # The harness first: work that keeps the GIL lets the counter make (almost) no progress.
    held = progress_during(lambda: _hold_the_gil(rows))
    assert held < 20, f"the counter turned {held} times while the GIL was held: harness broken"
    released = progress_during(lambda: evaluate_batch(rows))
    assert released > 50, f"the counter turned only {released} times during a 20M-row batch"


# ---- free-threaded CPython ----------------------------------------------------------------

_FREE_THREADED = bool(sysconfig.get_config_var("Py_GIL_DISABLED"))


def _free_threaded_elsewhere() -> list[str]:
    """Free-threaded interpreters on this machine other than the one running: on PATH
    (python3.13t, python3.14t, ...) or among pyenv's versions (3.14.0t, ...)."""
    found = {shutil.which(f"python3.{minor}t") for minor in range(13, 20)} - {None}
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    if pyenv.is_dir():
        found |= {str(p) for p in pyenv.glob("*t/bin/python3*t") if p.is_file()}
    return sorted(str(p) for p in found)


def _not_free_threaded() -> str:
    here = f"this interpreter (CPython {platform.python_version()}) is not a free-threaded build"
    others = _free_threaded_elsewhere()
    if others:
        return f"{here}; run the suite with {others[0]} to check it"
    return (
        f"{here}, and this machine has no free-threaded CPython (no python3.13t/3.14t on PATH or"
        " under pyenv); ci.yml's free-threaded job and the cp314t wheels in wheels.yml run it"
    )


@pytest.mark.skipif(not _FREE_THREADED, reason=_not_free_threaded())
def test_free_threaded_import_leaves_the_gil_off() -> None:
    # A module that does not declare Py_mod_gil (or call PyUnstable_Module_SetGIL) turns the
    # GIL back on when imported, with a RuntimeWarning: a fresh interpreter shows whether
    # _fastcall and the cffi module both declared it. PYTHON_GIL would force it either way.
    env = {k: v for k, v in os.environ.items() if k != "PYTHON_GIL"}
    code = (
        "import sys, pokereval, pokereval._fastcall, pokereval._pokereval; "
        "pokereval.evaluate('As Ks Qs Js Ts'); print(sys._is_gil_enabled())"
    )
    result = subprocess.run(
        [sys.executable, "-W", "error::RuntimeWarning", "-c", code],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False", "importing pokereval turned the GIL back on"
