"""Memory: many calls leave resident memory flat, and the binding lets go of its buffers.

Resident set size is read from /proc/self/statm (Linux); elsewhere the RSS tests skip.
The bound is generous (20 MB after a warm-up) because the allocator keeps freed pages; a
leak of even one small object per call grows far past it over millions of calls.
"""

from __future__ import annotations

import gc
import os
import weakref
from itertools import cycle, islice
from typing import Any

import numpy as np
import pytest

import pokereval
from pokereval import Card, evaluate, evaluate_batch

STATM = "/proc/self/statm"
GROWTH_LIMIT = 20 * 2**20

needs_statm = pytest.mark.skipif(not os.path.exists(STATM), reason="needs /proc/self/statm (Linux)")


def rss() -> int:
    """Resident set size of this process in bytes."""
    with open(STATM) as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


# Hands in every input form the single-call path takes: text (cached), Cards, ints.
HANDS: list[Any] = [
    "As Ks Qs Js Ts 2c 3d",
    "2c3d4h5s7c",
    [Card(51), Card(47), Card(43), Card(39), Card(2), Card(7)],
    [0, 5, 10, 15, 20, 25, 30],
    ("Ah", "Kd", "7c", "7d", "2s"),
]


def run_singles(count: int) -> None:
    ev = evaluate
    for hand in islice(cycle(HANDS), count):
        ev(hand)


def run_errors(count: int) -> None:
    for _ in range(count):
        for bad in ("As Ks", "AsAs Kd Qd Jd", [0, 1, 2, 3, 99]):
            try:
                evaluate(bad)
            except ValueError:
                pass


@needs_statm
@pytest.mark.slow
def test_ten_million_single_calls_stay_flat() -> None:
    run_singles(200_000)  # warm-up: caches, interned objects, allocator pools
    gc.collect()
    before = rss()
    run_singles(10_000_000)
    gc.collect()
    growth = rss() - before
    assert growth < GROWTH_LIMIT, f"resident memory grew {growth / 2**20:.1f} MB over 10 million calls"


@needs_statm
def test_single_calls_and_errors_stay_flat() -> None:
    run_singles(100_000)
    run_errors(10_000)
    gc.collect()
    before = rss()
    run_singles(1_000_000)
    run_errors(100_000)
    gc.collect()
    growth = rss() - before
    assert growth < GROWTH_LIMIT, f"resident memory grew {growth / 2**20:.1f} MB"


def batch_round(rows: np.ndarray[Any, Any], omaha: np.ndarray[Any, Any], bad: np.ndarray[Any, Any]) -> None:
    evaluate_batch(rows)
    evaluate_batch(rows[:, ::-1])  # non-contiguous: copied
    evaluate_batch(rows.astype(np.int64))  # wide ints: checked and narrowed
    evaluate_batch(omaha, game="omaha-hilo")
    try:
        evaluate_batch(bad)
    except ValueError:
        pass


@needs_statm
def test_thousand_batch_calls_stay_flat() -> None:
    rng = np.random.default_rng(5)
    rows = rng.random((20_000, 52)).argsort(axis=1)[:, :7].astype(np.uint8)
    omaha = rng.random((2_000, 52)).argsort(axis=1)[:, :9].astype(np.uint8)
    bad = rows.copy()
    bad[15_000, 3] = bad[15_000, 4]
    for _ in range(50):
        batch_round(rows, omaha, bad)
    gc.collect()
    before = rss()
    for _ in range(1_000):
        batch_round(rows, omaha, bad)
    gc.collect()
    growth = rss() - before
    assert growth < GROWTH_LIMIT, f"resident memory grew {growth / 2**20:.1f} MB over 1,000 batch rounds"


@pytest.mark.parametrize("layout", ["contiguous", "strided", "int64", "error"])
def test_batch_releases_its_arrays(layout: str) -> None:
    """After the call nothing holds the input or the output (cffi buffers are released)."""
    rows = np.tile(np.array([51, 47, 43, 39, 35], dtype=np.uint8), (5000, 1))
    if layout == "strided":
        rows = np.asfortranarray(rows)
    elif layout == "int64":
        rows = rows.astype(np.int64)
    elif layout == "error":
        rows[4000, 0] = rows[4000, 1]
    rows_ref = weakref.ref(rows)
    out_ref = None
    try:
        out = evaluate_batch(rows, threads=2)
        out_ref = weakref.ref(out)
        del out
    except ValueError:
        assert layout == "error"
    del rows
    gc.collect()
    assert rows_ref() is None, "the input array is still referenced after evaluate_batch"
    assert out_ref is None or out_ref() is None, "the output array is still referenced"


def test_enumerate_counts_returns_a_fresh_array() -> None:
    first = pokereval.enumerate_counts(5)
    first[:] = 0
    assert int(pokereval.enumerate_counts(5).sum()) == 2_598_960  # C(52, 5): nothing shared
