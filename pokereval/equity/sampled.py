"""Monte Carlo hold'em and Omaha equity: seeded blocks of runs, each block from its own
stream (csrc/equity.c), so a seed gives the same result for any number of threads.
"""

from __future__ import annotations

import math
import sys
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import _core
from .._work import run_jobs
from .result import EquityResult, categories_of, equities_of, won_shares
from .work import CHUNK_SECONDS, RUNOUT_SECONDS, chunk_sizes

__all__ = ["sample"]

MAX_CHUNKS = 1 << 16


FEW_EFFECTIVE = 0.05
"""Runs dealt by sequential importance sampling (three or more hold'em ranges whose deals
collide almost always; the core does the same for two ranges of more than 2**22 pairs of
rows, which no range of equity's reaches: Omaha ranges are sampled by csrc/equity_games.c)
carry uneven weights;
when the runs count as fewer than this share of the samples in equal runs (the sum of their
weights squared over the sum of their squared weights), equity warns."""


def _warn_if_few(samples: int, effective: float) -> None:
    if effective < FEW_EFFECTIVE * samples:
        warnings.warn(
            f"Monte Carlo: the ranges meet in so few deals, of such uneven weights, that {samples:,}"
            f" runs count as about {effective:,.0f} equal ones; the answer may be far off."
            " Exact equity (samples=None) or more samples answer better",
            RuntimeWarning,
            stacklevel=5,  # _warn_if_few, sample, _equity, equity: the caller's line
        )


def sample(
    code: int,
    name: str,
    players: int,
    hole: int,
    combos: list[Any],
    weights: list[Any],
    board: bytes,
    dead: bytes,
    samples: int,
    seed: int,
    threads: int,
    progress: Callable[[float], object] | None,
) -> EquityResult:
    fields, block = _core.EQ_FIELDS, _core.EQ_BLOCK
    stride = players * fields + 4
    rows = np.ascontiguousarray(np.concatenate(combos), dtype=np.uint8)
    single = all(len(c) == 1 for c in combos)
    counts = None if single else np.array([len(c) for c in combos], dtype=np.uint32)
    cumw = None
    if not single and not all(bool(np.all(w == 1.0)) for w in weights):
        cumw = np.ascontiguousarray(np.concatenate([np.cumsum(w) for w in weights]))

    def core_call(importance: bool, first: int, count: int, max_attempts: int, into: Any) -> int:
        return _core.equity_sample(
            code,
            players,
            hole,
            rows,
            counts,
            cumw,
            importance,
            board,
            dead,
            seed,
            first,
            count,
            max_attempts,
            into,
        )

    def run_all(importance: bool, max_attempts: int) -> tuple[int, Any]:
        # Chunks of whole blocks, sized by the work alone (never by threads), so the
        # sums below add the same numbers in the same order for any thread count.
        per_sample = players * RUNOUT_SECONDS[name] * (1 if single else 3)
        per_chunk = block * max(1, int(CHUNK_SECONDS / (block * per_sample)))
        # At most MAX_CHUNKS chunks, so the bookkeeping of a huge run stays small (its
        # chunks are longer, still a fraction of a second each); the finer tail at most
        # doubles their number.
        per_chunk = max(per_chunk, block * -(-2 * samples // (block * MAX_CHUNKS)))
        sizes = chunk_sizes(samples, per_chunk, block)
        starts = [int(first) for first in np.cumsum([0, *sizes[:-1]])]
        out = np.zeros((len(starts), stride))

        def chunk(i: int, first: int) -> Callable[[], int]:
            return lambda: core_call(importance, first, sizes[i], max_attempts, out[i])

        jobs = [chunk(i, first) for i, first in enumerate(starts)]
        work = [float(size) for size in sizes]
        return run_jobs(jobs, work, threads, progress), out

    importance = False
    if not single:
        # A short trial by rejection: ranges whose deals collide almost always are dealt
        # player by player instead (the same law, each run weighted).  A deal by rejection
        # costs its attempts, one draw a player each; one player by player scans every row of
        # each range (1,326 for a random hand).  So the trial gives a deal up to 1,024
        # attempts, about what one such scan costs: with 64, eight random hands (11 attempts a
        # deal on average) failed it one seed in three, and ten always (56), and ran 60 to 100
        # times slower by importance.
        trial = np.zeros(stride)
        rc = core_call(False, 0, min(samples, 256), 1024, trial)
        importance = rc == _core.ERR_DUPLICATE
    rc, out = run_all(importance, 1 << 16)
    if rc == _core.ERR_DUPLICATE and not importance:
        importance = True
        rc, out = run_all(True, 1 << 16)
    if rc == _core.ERR_ARG and importance:
        raise _core.deal_weights_error()  # two ranges' joint law weighs below the floor
    if rc != 0:
        raise ValueError(
            "the ranges leave almost no deal without a card twice; exact equity may still answer"
            if rc == _core.ERR_DUPLICATE
            else f"equity: core error {rc}"
        )
    totals = out.sum(axis=0)
    weight = float(totals[players * fields])
    if not weight >= sys.float_info.min:  # importance runs' weights summed into the subnormals
        raise _core.deal_weights_error()
    squares = float(totals[players * fields + 3])  # the runs' squared weights, times 2**960
    if importance and 0.0 < squares < math.inf:
        _warn_if_few(samples, math.exp(2 * math.log(weight) + 960 * math.log(2) - math.log(squares)))
    # Dealt player by player, each run carries its weight and the core's wins and ties are
    # weighted sums (adding up to `weight`, not to the runs): the chances are those sums
    # over `weight`, and the counts are the runs they stand for.
    scale = 1.0 if not importance else samples / weight
    return EquityResult(
        equity=equities_of(totals, players, weight),
        wins=tuple(round(float(totals[p * fields + _core.EQ_WINS]) * scale) for p in range(players)),
        ties=tuple(round(float(totals[p * fields + _core.EQ_TIES]) * scale) for p in range(players)),
        runs=samples,
        exact=False,
        seed=seed,
        categories=categories_of(totals, players, weight),
        won=won_shares(totals, players, weight) if importance else None,
    )
