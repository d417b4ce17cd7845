"""Preflop tables: lookups against the engine and pokerfast, and what building the tables costs.

1. One heads-up preflop matchup (As Ks vs Qd Qc): ``preflop_equity`` and ``equity`` (both
   read the shipped table), the C enumeration of all 1,712,304 boards, and pokerfast's exact
   OMPEval equity if it is installed.  Single calls in a loop, gc on, median of --runs.
2. The heads-up table on Dask: --classes classes spread over the table, on a LocalCluster of 1
   and of 2 worker processes (cluster start-up not counted), and the time the whole table
   (47,008 classes) would take on N workers, from the per-class time on one.  Then the same
   for the multiway table: --boards boards in chunks of 1,024, against all 2,598,960.
3. The exact 3-way 169 x 169 x 169 class table: how many 3-hand deals it needs up to suit
   renaming and player order (counted with Burnside's lemma), times the measured time of one
   exact 3-way matchup, in core-hours and on N workers.

    python benchmarks/bench_tables.py                    # about a minute on 2 idle cores
    python benchmarks/bench_tables.py --classes 16000 --boards 16384 --runs 7
"""

from __future__ import annotations

import argparse
import gc
import itertools
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import pokereval as pe
from pokereval import preflop_build, tables

try:
    from pokerfast import equity as pokerfast_equity
except ImportError:  # pragma: no cover  (optional peer)
    pokerfast_equity = None


def per_call(fn: Callable[[], Any], runs: int, calls: int) -> float:
    """Median over `runs` of the wall time of one call, `calls` calls a run, gc on."""
    gc.enable()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        times.append((time.perf_counter() - start) / calls)
    return statistics.median(times)


def lookups(runs: int) -> None:
    print("1. As Ks vs Qd Qc, exact heads-up preflop (per call)")
    from pokereval import _core

    engine = (_core.GAME_HOLDEM, pe.card_ids("AsKsQdQc"), 2, 2, b"", b"", 0, 0)  # what equity() did
    tables.preflop_equity("AsKs", "QdQc")  # load the table first
    rows = [
        ("preflop_equity (table)", per_call(lambda: tables.preflop_equity("AsKs", "QdQc"), runs, 20000)),
        ("equity() (reads the table)", per_call(lambda: pe.equity(["AsKs", "QdQc"]), runs, 20000)),
        ("C enumeration of every board", per_call(lambda: _core.equity_hands(*engine), runs, 5)),
    ]
    if pokerfast_equity is not None and pokerfast_equity.available():
        peer = per_call(lambda: pokerfast_equity.equity(["AsKs", "QdQc"]), runs, 5)
        rows.append(("pokerfast (OMPEval), exact", peer))
    for label, seconds in rows:
        print(f"  {label:<34} {seconds * 1e6:12.2f} us   {seconds / rows[0][1]:10.1f} x the table")


def _duration(seconds: float) -> str:
    return f"{seconds:8.1f} s" if seconds < 120 else f"{seconds / 60:8.1f} min"


def _on_workers(build: Callable[[Any], object], warm: Callable[[Any], object]) -> dict[int, float]:
    """Seconds of `build(client)` on a LocalCluster of 1 and of 2 workers (after `warm`)."""
    from distributed import Client

    from pokereval import dask as pe_dask

    seconds = {}
    for workers in (1, 2):
        with pe_dask.local_cluster(workers) as cluster, Client(cluster) as client:
            warm(client)  # the workers import pokereval and load what they need
            start = time.perf_counter()
            build(client)
            seconds[workers] = time.perf_counter() - start
        print(f"  {workers} worker(s): {seconds[workers]:7.2f} s")
    print(f"  2 workers / 1 worker speed-up: {seconds[1] / seconds[2]:.2f} x")
    return seconds


def dask_build(classes: int, boards: int) -> None:
    from pokereval import dask as pe_dask

    keys = preflop_build.hu_class_keys()
    sample = keys[np.linspace(0, len(keys) - 1, classes).astype(int)]
    rows = max(1, classes // 8)
    print(f"2. heads-up table on Dask: {classes} classes in chunks of {rows}")
    seconds = _on_workers(
        lambda client: pe_dask.hu_table(sample, rows=rows, scheduler=client),
        lambda client: pe_dask.hu_table(sample[:2], rows=1, scheduler=client),
    )
    whole = len(keys) * seconds[1] / classes
    for n in (1, 2, 8, 32, 128):
        print(f"  whole table ({len(keys):,} classes), {n:>3} workers: {_duration(whole / n)} (projected)")
    print(f"   multiway table on Dask: {boards:,} boards in chunks of 1,024")
    seconds = _on_workers(
        lambda client: pe_dask.multiway_table(size=1024, stop=boards, scheduler=client),
        lambda client: pe_dask.multiway_table(size=8, stop=16, scheduler=client),
    )
    whole = preflop_build.BOARDS * seconds[1] / boards
    for n in (1, 2, 8, 32, 128):
        print(
            f"  whole table ({preflop_build.BOARDS:,} boards), {n:>3} workers:"
            f" {_duration(whole / n)} (projected)"
        )


def hand_images() -> tuple[np.ndarray[Any, Any], list[np.ndarray[Any, Any]], np.ndarray[Any, Any]]:
    """All 1326 hands, where each suit renaming sends each of them, and which hands overlap."""
    hands = [frozenset(h) for h in itertools.combinations(range(52), 2)]
    index = {h: i for i, h in enumerate(hands)}
    images = []
    for perm in itertools.permutations(range(4)):
        images.append(np.array([index[frozenset(c & ~3 | perm[c & 3] for c in h)] for h in hands]))
    ids = np.array([sorted(h) for h in hands])
    disjoint = (ids[:, None, :, None] != ids[None, :, None, :]).all(axis=(2, 3))
    return ids, images, disjoint


def three_way_classes() -> int:
    """Orbits of ordered triples of disjoint hands under suit renamings and player orders
    (Burnside: the mean over the 24 x 6 group elements of the triples each one fixes)."""
    _, images, disjoint = hand_images()
    m = disjoint.astype(np.float64)  # float for BLAS; the counts stay exact (below 2**53)
    n = len(m)
    total = 0
    for g in images:
        fixed = g == np.arange(n)
        mf = m[np.ix_(fixed, fixed)]
        total += round(float((mf * (mf @ mf)).sum()))  # identity order: T0, T1, T2 each fixed
        # a swap of two players (three such orders): T1 = g T0, T0 = g T1, T2 fixed
        h = np.arange(n)
        ok = (g[g] == h) & disjoint[h, g]
        swaps = (disjoint[:, fixed][h[ok]] & disjoint[:, fixed][g[ok]]).sum()
        total += 3 * int(swaps)
        # a rotation (two such orders): T1 = g T0, T2 = g T1, T0 = g T2, all disjoint
        ok = (g[g[g]] == h) & disjoint[h, g] & disjoint[h, g[g]] & disjoint[g, g[g]]
        total += 2 * int(ok.sum())
    return total // (24 * 6)


def three_way(workers: tuple[int, ...], runs: int) -> None:
    print("3. exact 3-way 169^3 class table (an estimate; not computed)")
    classes = three_way_classes()
    deals = [["AsKs", "QdQc", "7h6h"], ["AhAd", "Kc9s", "5d4d"], ["Tc9c", "8h8s", "Jd2c"]]
    seconds = statistics.median(per_call(lambda hands=hands: pe.equity(hands), runs, 1) for hands in deals)
    print(f"  3-hand deals up to suit renaming and seat order: {classes:,}")
    print(f"  one exact 3-way matchup (1,370,754 boards): {seconds * 1e3:.1f} ms")
    hours = classes * seconds / 3600
    print(f"  total: {hours:,.1f} core-hours")
    for n in workers:
        print(f"  on {n:>4} single-core workers: {_duration(hours * 3600 / n)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--classes", type=int, default=8000, help="heads-up classes timed on Dask")
    parser.add_argument("--boards", type=int, default=8192, help="multiway boards timed on Dask")
    parser.add_argument("--skip-dask", action="store_true")
    args = parser.parse_args()
    lookups(args.runs)
    if not args.skip_dask:
        dask_build(args.classes, args.boards)
    three_way((1, 2, 64, 512), max(1, args.runs // 2))


if __name__ == "__main__":
    main()
