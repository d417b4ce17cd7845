"""The work of hold'em and Omaha equity cut into chunks: what a chunk costs, and the runner
that plays the chunks on threads with progress and Ctrl-C.  Shared by the exact and the
sampled rooms.
"""

from __future__ import annotations

import contextlib
import threading
from collections import deque
from collections.abc import Callable, Sequence
from queue import Empty, SimpleQueue
from typing import Any

import numpy as np

from ..cards import Card
from ..ranges import Range

__all__ = [
    "CHUNK_SECONDS",
    "HOLDEM_DEAL_SECONDS",
    "MAX_DEALS",
    "RUNOUT_SECONDS",
    "TAIL",
    "chunk_sizes",
    "duration",
    "in_tail",
    "list_deals",
    "masks",
    "merge",
    "run_jobs",
    "shown",
]

# Rough single-thread costs used to size chunks and estimate exact work (this machine:
# AMD EPYC Zen 4).  Hold'em exact per player and deal by cards left to deal (the iso
# path: boards by ranks plus the flush corrections); one plain runout per player.
HOLDEM_DEAL_SECONDS = {5: 2.6e-4, 4: 2.5e-5, 3: 3e-6, 2: 4e-7, 1: 1e-7, 0: 5e-8}
RUNOUT_SECONDS = {"holdem": 1.2e-8, "omaha": 6e-8, "omaha-hilo": 9e-8}
CHUNK_SECONDS = 0.02  # small enough for progress every 0.1 s and Ctrl-C within 0.2 s
# The last quarter of a run's work is cut four times finer, so that threads sharing it end
# within a few milliseconds of each other (with whole chunks to the end, one thread could
# still hold a chunk while the others had nothing left: a tenth of a short run on two).
# The cut depends on the work alone, never on the threads, so results do not either.
TAIL = 0.25


def in_tail(done: float, total: float) -> bool:
    """Whether work `done` of `total` is in the last TAIL, where chunks are a quarter size."""
    return done >= total * (1 - TAIL)


def chunk_sizes(total: int, size: int, unit: int) -> list[int]:
    """Consecutive chunks covering `total` units: `size` each (a multiple of `unit`), the
    last TAIL of the total in chunks a quarter of that (whole units)."""
    small = max(unit, size // 4 // unit * unit)
    sizes, done = [], 0
    while done < total:
        step = small if in_tail(done, total) else size
        step = min(step, total - done)
        sizes.append(step)
        done += step
    return sizes


MAX_DEALS = 4_000_000  # deals of ranges listed one by one before merging


def shown(hand: bytes | Range) -> str:
    return str(hand) if isinstance(hand, Range) else "".join(str(Card(c)) for c in hand)


def masks(ids: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    bits = np.left_shift(np.uint64(1), ids.astype(np.uint64))
    masks: np.ndarray[Any, Any] = np.bitwise_or.reduce(bits, axis=1)
    return masks


def list_deals(combos: list[Any], weights: list[Any]) -> tuple[Any, Any] | None:
    """Every deal of one combo per player without a shared card, as rows and weights;
    None past MAX_DEALS (checked before each player is added)."""
    rows, mask, weight = combos[0], masks(combos[0]), weights[0]
    for ids, w in zip(combos[1:], weights[1:]):
        if len(rows) * len(ids) > MAX_DEALS:
            return None
        fits = (mask[:, None] & masks(ids)[None, :]) == 0
        i, j = np.nonzero(fits)
        rows = np.hstack([rows[i], ids[j]])
        mask = mask[i] | masks(ids)[j]
        weight = weight[i] * w[j]
    return np.ascontiguousarray(rows, dtype=np.uint8), weight


def merge(rows: np.ndarray[Any, Any]) -> tuple[Any, Any]:
    """(distinct rows, index of each row among them), the distinct rows sorted by their
    ranks first, so that deals with the same ranks sit together: the core keeps the work
    such deals share."""
    ranks, suits = rows >> 2, rows & 3
    keys = [suits[:, k] for k in reversed(range(rows.shape[1]))]
    keys += [ranks[:, k] for k in reversed(range(rows.shape[1]))]
    order = np.lexsort(keys)
    ordered = rows[order]
    starts = np.ones(len(rows), dtype=bool)
    starts[1:] = np.any(ordered[1:] != ordered[:-1], axis=1)
    inverse = np.empty(len(rows), dtype=np.intp)
    inverse[order] = np.cumsum(starts) - 1
    return ordered[starts], inverse


def duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:,.0f} days"


def run_jobs(
    jobs: Sequence[Callable[[], int]],
    work: Sequence[float],
    threads: int,
    progress: Callable[[float], object] | None,
) -> int:
    """Run the chunks, on `threads` threads, calling progress(fraction done) after each
    one and at least every 0.05 s; the first nonzero code stops the rest.  A
    KeyboardInterrupt cancels the chunks not started and waits for the running ones
    (each a few hundredths of a second) before it propagates: nothing is left running."""
    total = float(sum(work)) or 1.0
    done = 0.0
    if threads == 1 or len(jobs) == 1:
        for job, w in zip(jobs, work):
            rc = job()
            if rc:
                return rc
            done += w
            if progress is not None:
                progress(min(1.0, done / total))
        return 0
    # The calling thread takes chunks too, beside threads - 1 helpers, all from one queue: a
    # pool of `threads` threads (made anew for each call, so none is left behind) started
    # its workers one submit at a time, each a thread start under the GIL, and this thread
    # only waited; starting one thread fewer and working here cut that wait from the
    # front of the run.  A helper that ends a chunk takes the next at once.
    todo: deque[tuple[Callable[[], int], float]] = deque(zip(jobs, work))
    finished: SimpleQueue[tuple[int, float]] = SimpleQueue()
    raised: list[BaseException] = []  # a helper's exception, raised here
    halt = False

    def helper() -> None:
        while not halt and not raised:
            try:
                job, w = todo.popleft()
            except IndexError:
                return
            try:
                rc = job()
            except BaseException as error:
                raised.append(error)
                return
            finished.put((rc, w))

    helpers = [
        threading.Thread(target=helper, name="pokereval-work", daemon=True) for _ in range(threads - 1)
    ]
    failed = 0
    try:
        for thread in helpers:
            thread.start()
        while not failed and not raised:
            try:
                job, w = todo.popleft()
            except IndexError:
                break
            failed = job()
            done += w
            while not finished.empty():
                rc, w = finished.get()
                failed, done = failed or rc, done + w
            if progress is not None:
                progress(min(1.0, done / total))
        # The helpers' last chunks: progress at least every 0.05 s while they end.
        # A helper puts its last result before it ends: once none is alive, what is left is
        # in the queue, and progress still reaches 1.
        while not failed and not raised and (any(t.is_alive() for t in helpers) or not finished.empty()):
            with contextlib.suppress(Empty):
                rc, w = finished.get(timeout=0.05)
                failed, done = failed or rc, done + w
            if progress is not None:
                progress(min(1.0, done / total))
    finally:
        halt = True  # a failure, an exception, or Ctrl-C: no helper takes another chunk
        for thread in helpers:
            # A thread whose start a Ctrl-C cut short may not be joinable yet; it sees the
            # halt and takes no chunk.
            with contextlib.suppress(RuntimeError):
                thread.join()
    if raised:
        raise raised[0]
    while not finished.empty():
        rc, w = finished.get()
        failed = failed or rc
    return failed
