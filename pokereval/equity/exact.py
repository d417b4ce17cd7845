"""Exact hold'em and Omaha equity: every deal of the ranges times every runout, in chunks
(csrc/equity.c).  Deals alike up to a renaming of suits are played once; hold'em boards
are grouped by ranks.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import _core
from .._work import run_jobs
from .result import EquityResult, categories_of, equities_of, exact_result, won_shares
from .work import (
    CHUNK_SECONDS,
    HOLDEM_DEAL_SECONDS,
    MAX_DEALS,
    RUNOUT_SECONDS,
    duration,
    in_tail,
    list_deals,
    merge,
)

__all__ = ["EXACT_LIMIT", "SmallSpot", "exact", "small_spot"]

EXACT_LIMIT = 20.0
"""The most work, in estimated seconds of one thread, that ``equity`` does exactly unless
its ``exact_limit`` says otherwise."""


def _deal_seconds(name: str, players: int, need: int, runouts: int, iso: bool) -> float:
    """The estimated single-thread seconds of one deal: the by-ranks pass of hold'em (iso),
    else every runout one by one."""
    return players * HOLDEM_DEAL_SECONDS[need] if iso else players * runouts * RUNOUT_SECONDS[name]


SMALL_DEALS = 16_384
"""The most deals of the ranges a ``SmallSpot`` lists in one call."""


class SmallSpot:
    """The core call of a small exact spot (``small_spot``), ready to run: the ranges'
    rows, counts and weights as bytes, as the core takes them.  Read-only once built, so one
    spot may run any number of times from any thread (``equity`` keeps the spots of the texts
    it was given, to skip the reading and checking of the same text again)."""

    __slots__ = ("board", "code", "counts", "dead", "hole", "players", "rows", "weights")

    def __init__(
        self,
        code: int,
        players: int,
        hole: int,
        rows: bytes,
        counts: list[int],
        weights: np.ndarray[Any, Any] | None,
        board: bytes,
        dead: bytes,
    ) -> None:
        self.code, self.players, self.hole, self.rows = code, players, hole, rows
        self.counts = struct.pack(f"={len(counts)}I", *counts)  # native uint32s
        self.weights = None if weights is None else np.ascontiguousarray(weights, dtype=np.float64).tobytes()
        self.board, self.dead = board, dead

    def run(self, hands: tuple[str, ...] = ()) -> EquityResult | None:
        """The exact result, its hands labelled `hands`, or None when the ranges hold more
        deals than one call lists (or none at all), for ``exact`` to do or to word."""
        players = self.players
        out = _core.equity_exact_ranges(
            self.code,
            players,
            self.hole,
            self.rows,
            self.counts,
            self.weights,
            self.board,
            self.dead,
            SMALL_DEALS,
        )
        rc = out[0]
        if rc != 0:
            if rc == 1 or rc == _core.ERR_DUPLICATE:
                return None
            if rc == _core.ERR_ARG:  # the weights checked, the deals' products too small
                raise _core.deal_weights_error()
            raise ValueError(f"equity: core error {rc}")  # pragma: no cover  (checked before)
        return exact_result(out, players, hands)


def small_spot(
    code: int,
    name: str,
    players: int,
    hole: int,
    hands: list[Any],
    board: bytes,
    dead: bytes,
    live: int,
    limit: float = EXACT_LIMIT,
) -> SmallSpot | None:
    """Exact equity in one call of the core when the work is small (at most one chunk's
    time, e.g. a hand against a range on the flop or turn): no deal listed in Python.  None
    when the work is larger (or past `limit`, for ``exact`` to refuse)."""
    need = 5 - len(board)
    iso = name == "holdem" and need > 0
    per_deal = _deal_seconds(name, players, need, math.comb(live, need), iso)
    pieces, counts, weighed = [], [], False
    raw = 1
    for h in hands:
        if isinstance(h, bytes):
            pieces.append((h, None))
            counts.append(1)
        else:
            rows, w = h._rows()
            pieces.append((rows, w))
            counts.append(len(rows) // hole)
            raw *= counts[-1]
            weighed = weighed or w is not None
    if raw > SMALL_DEALS or raw * per_deal > min(CHUNK_SECONDS, limit):
        return None
    weights = None
    if weighed:
        weights = np.concatenate([np.ones(n) if w is None else w for (_, w), n in zip(pieces, counts)])
    rows = b"".join([rows for rows, _ in pieces])
    return SmallSpot(code, players, hole, rows, counts, weights, board, dead)


def exact(
    code: int,
    name: str,
    players: int,
    hole: int,
    combos: list[Any],
    weights: list[Any],
    board: bytes,
    dead: bytes,
    live: int,
    plain: bool,
    threads: int,
    progress: Callable[[float], object] | None,
    limit: float = EXACT_LIMIT,
) -> EquityResult:
    fields = _core.EQ_FIELDS
    stride = players * fields + 1
    need = 5 - len(board)
    # On the river there is one runout: grouping boards by ranks would only cost.
    iso = name == "holdem" and not plain and need > 0
    runouts = math.comb(live, need)
    per_deal = _deal_seconds(name, players, need, runouts, iso)
    dealt = list_deals(combos, weights)
    if dealt is None:
        # Too many to list: a suit renaming merges at most 24 deals into one.
        raw = math.prod(len(c) for c in combos)
        if raw / 24 * per_deal > limit:
            _refuse(raw / 24 * per_deal, f"about {raw:,} deals of the ranges", limit)
        raise ValueError(
            f"exact equity would list up to {raw:,} deals of the ranges, more than {MAX_DEALS:,} at once;"
            " pass samples= for Monte Carlo, e.g. samples=1_000_000"
        )
    assert dealt is not None
    deals, deal_weights = dealt
    if not len(deals):
        raise ValueError("the ranges leave no deal without a card twice")
    if iso and len(deals) > 1:
        classes, inverse = merge(_core.iso_canonical_deals(deals, board, dead))
    else:
        classes, inverse = deals, np.arange(len(deals))
    classes = np.ascontiguousarray(classes, dtype=np.uint8)
    # Deals with the same ranks as the one before share the core's by-ranks pass and
    # most flush corrections: count them at a quarter.
    same_ranks = np.zeros(len(classes), dtype=bool)
    if iso:
        ranks = classes >> 2
        same_ranks[1:] = np.all(ranks[1:] == ranks[:-1], axis=1)
    cost = np.where(same_ranks, per_deal / 4, per_deal)
    seconds = float(cost.sum())
    if seconds > limit:
        _refuse(
            seconds,
            f"{len(classes):,} deals after merging suit-isomorphic ones, {runouts:,} runouts each",
            limit,
        )
    count_of = np.bincount(inverse, minlength=len(classes)).astype(np.uint64)
    weight_of = np.bincount(inverse, weights=deal_weights, minlength=len(classes))

    if len(classes) == 1 and not iso:
        # One deal played runout by runout: split by the first card dealt.
        parts = max(1, min(52, math.ceil(seconds / CHUNK_SECONDS)))
        counts = np.zeros((parts, stride), dtype=np.uint64)
        count_of = np.ones(parts, dtype=np.uint64)
        weight_of = np.full(parts, weight_of[0])

        def part_of(part: int) -> Callable[[], int]:
            return lambda: _core.equity_exact(
                code, players, hole, classes, board, dead, not iso, part, parts, counts[part : part + 1]
            )

        jobs = [part_of(part) for part in range(parts)]
        work = [1.0] * parts
    else:
        counts = np.zeros((len(classes), stride), dtype=np.uint64)
        # Chunks of about CHUNK_SECONDS, cut where the ranks change when possible (a
        # call keeps the work of its deals with equal ranks, the next call would not).
        # The last TAIL of the work in chunks a quarter the size, so threads end together.
        bounds, spent, before = [0], 0.0, 0.0
        for i in range(len(classes)):
            size = CHUNK_SECONDS / 4 if in_tail(before, seconds) else CHUNK_SECONDS
            if spent >= size and (not same_ranks[i] or spent >= 2 * size):
                bounds.append(i)
                spent = 0.0
            spent += float(cost[i])
            before += float(cost[i])
        bounds.append(len(classes))

        def classes_of(a: int, b: int) -> Callable[[], int]:
            return lambda: _core.equity_exact(
                code, players, hole, classes[a:b], board, dead, not iso, 0, 1, counts[a:b]
            )

        jobs = [classes_of(a, b) for a, b in zip(bounds, bounds[1:])]
        work = [float(b - a) for a, b in zip(bounds, bounds[1:])]
    rc = run_jobs(jobs, work, threads, progress)
    if rc != 0:
        raise ValueError(f"equity: core error {rc}")  # pragma: no cover  (checked before)

    # Unweighted sums stay integers (exact); wins, ties and runs always count deals.
    plain_totals = (counts * count_of[:, None]).sum(axis=0, dtype=np.uint64)
    if bool(np.all(deal_weights == 1.0)):
        totals: Any = plain_totals
    else:
        totals = weight_of @ counts.astype(np.float64)
    runs = float(totals[-1])
    _core.check_deal_weights(runs, float(plain_totals[-1]))
    return EquityResult(
        equity=equities_of(totals, players, runs),
        wins=tuple(int(plain_totals[p * fields + _core.EQ_WINS]) for p in range(players)),
        ties=tuple(int(plain_totals[p * fields + _core.EQ_TIES]) for p in range(players)),
        runs=int(plain_totals[-1]),
        exact=True,
        categories=categories_of(totals, players, runs),
        won=None if totals is plain_totals else won_shares(totals, players, runs),
    )


def _refuse(seconds: float, what: str, limit: float) -> None:
    raise ValueError(
        f"exact equity would take about {duration(seconds)} on one thread here ({what}), more than"
        f" the {limit:g} s allowed; pass samples= for Monte Carlo (e.g. samples=1_000_000) or a"
        " larger exact_limit= (seconds)"
    )
