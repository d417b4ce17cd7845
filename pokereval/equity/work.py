"""The work of hold'em and Omaha equity cut into chunks: what a chunk costs (the runner that
plays chunks on threads is pokereval._work's run_jobs).  Shared by the exact and the sampled
rooms.
"""

from __future__ import annotations

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
