"""The solver kit's speed, beside pokerfast (OMPEval), eval7 and a naive numpy version.

Cases (median of --runs runs, gc on; CPU time of this process for one-thread work, wall
clock where threads or a cluster do it):

- showdown_matrix of a river board (the 1326 x 1326 int8 matrix), into a new array and
  into a reused one (out=); the naive numpy version values the 1,326 combos with
  evaluate_batch and takes the sign of the differences; eval7 and pokerfast value the
  combos with their evaluators (a Python list), then the same numpy;
- combo_equity of all 1,326 combos against "22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+" on a flop;
  naive numpy: evaluate_batch on each of the 1,176 runouts, then a 1326 x 198 comparison
  (the range's 222 combos less the 24 holding a flop card);
  pokerfast: one exact equity call per combo (timed on --sample combos, scaled to 1,326);
  eval7: py_all_hands_vs_range, Monte Carlo (--iterations per hand), not exact;
- flop_report for "QQ+,AKs,AQs" against the range above on all 1,755 flops: one thread,
  two threads, and a two-worker Dask LocalCluster (started and stopped here, not timed);
  pokerfast: one exact range-v-range equity per flop (timed on --sample flops, scaled);
- EHS2 of every hand on every canonical flop: the C features of --flops flops, scaled to
  1,755;
- ICM of 20 players, exact.

Numbers are never asserted: the machine is shared and noisy, so read the ratios.

    python benchmarks/bench_solver.py              # 5 runs per case
    python benchmarks/bench_solver.py --runs 9 --no-dask
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import pokereval as pe
from pokereval import abstraction

try:
    import eval7
except ImportError:  # pragma: no cover  (optional peer)
    eval7 = None
try:
    from pokerfast import equity as pf
except ImportError:  # pragma: no cover  (optional peer)
    pf = None

RIVER = "2c7d9hJsQs"
FLOP = "Ks 9h 4d"
HERO = "QQ+,AKs,AQs"
VILLAIN = "22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+"
COMBOS = pe.combos()


def cpu(fn: Callable[[], Any], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


def wall(fn: Callable[[], Any], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def show(label: str, seconds: float, ours: float | None = None, note: str = "") -> None:
    unit, scale = ("us", 1e6) if seconds < 1e-3 else ("ms", 1e3) if seconds < 2 else ("s", 1.0)
    ratio = f"   {seconds / ours:8.1f} x pokereval" if ours else ""
    print(f"  {label:<50} {seconds * scale:10.2f} {unit}{ratio}{note}")


# ---- showdown matrix ----------------------------------------------------------------------


def _live_rows(board: str) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    ids = pe.card_ids(board)
    cards = np.array([list(pe.card_ids(c)) for c in COMBOS], dtype=np.uint8)
    live = ~np.isin(cards, list(ids)).any(axis=1)
    return cards, live


def naive_matrix(values: Any, masks: Any, live: Any) -> Any:
    m = np.sign(values[:, None] - values[None, :]).astype(np.int8)
    apart = ((masks[:, None] & masks[None, :]) == 0) & live[:, None] & live[None, :]
    m[~apart] = 0
    return m, ~apart


def bench_showdown(runs: int) -> None:
    print(f"showdown_matrix on a river ({RIVER}), median of {runs}")
    out = np.empty((1326, 1326), dtype=np.int8)
    ours = cpu(lambda: pe.showdown_matrix(RIVER), runs * 20)
    show("pokereval, new array", ours)
    show("pokereval, out= reused", cpu(lambda: pe.showdown_matrix(RIVER, out=out), runs * 20), ours)
    show("pokereval, with .mask read", cpu(lambda: pe.showdown_matrix(RIVER).mask, runs * 5), ours)
    cards, live = _live_rows(RIVER)
    board = list(pe.card_ids(RIVER))
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), cards.astype(np.uint64)), axis=1)
    rows = np.hstack([np.tile(np.array(board, dtype=np.uint8), (1326, 1)), cards])

    def numpy_version() -> Any:
        values = np.zeros(1326, dtype=np.int32)
        values[live] = pe.evaluate_batch(rows[live])
        return naive_matrix(values, masks, live)

    show("naive numpy (evaluate_batch + sign)", cpu(numpy_version, runs), ours)
    if eval7 is not None:
        board7 = [eval7.Card(str(pe.Card(c))) for c in board]
        hands7 = [[eval7.Card(c[:2]), eval7.Card(c[2:])] for c in COMBOS]

        def eval7_version() -> Any:
            values = np.zeros(1326, dtype=np.int64)
            for i in np.flatnonzero(live):
                values[i] = eval7.evaluate(board7 + hands7[i])
            return naive_matrix(values, masks, live)

        show("eval7 (evaluate per combo + numpy)", cpu(eval7_version, runs), ours)
    if pf is not None:
        texts = [RIVER + COMBOS[i] for i in np.flatnonzero(live)]

        def pokerfast_version() -> Any:
            values = np.zeros(1326, dtype=np.int64)
            values[live] = pf.evaluate(texts)
            return naive_matrix(values, masks, live)

        show("pokerfast/OMPEval (evaluate list + numpy)", cpu(pokerfast_version, runs), ours)


# ---- combo equity -------------------------------------------------------------------------


def bench_combo_equity(runs: int, sample: int, iterations: int) -> None:
    print(f"combo_equity: all 1,326 combos v {VILLAIN!r} on {FLOP}, median of {runs}")
    ours = cpu(lambda: pe.combo_equity("random", VILLAIN, FLOP), runs)
    show("pokereval (exact)", ours)
    board = list(pe.card_ids(FLOP))
    vs = pe.Range(VILLAIN)
    vs_index = np.array([pe.combo_index(list(c)) for c in vs.ids])
    cards, live = _live_rows(FLOP)
    deck = [c for c in range(52) if c not in board]

    def numpy_version() -> Any:
        win = np.zeros(1326)
        total = np.zeros(1326)
        masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), cards.astype(np.uint64)), axis=1)
        for a in range(len(deck)):
            for b in range(a + 1, len(deck)):
                run = [deck[a], deck[b]]
                ok = live & ~np.isin(cards, run).any(axis=1)
                fixed = np.tile(np.array(board + run, dtype=np.uint8), (int(ok.sum()), 1))
                rows = np.hstack([fixed, cards[ok]])
                values = np.zeros(1326, dtype=np.int32)
                values[ok] = pe.evaluate_batch(rows)
                theirs = vs_index[ok[vs_index]]
                apart = (masks[:, None] & masks[None, theirs]) == 0
                diff = np.sign(values[:, None] - values[None, theirs])
                win += ((diff > 0) & apart).sum(1) + 0.5 * ((diff == 0) & apart).sum(1)
                total += apart.sum(1)
        return win / np.maximum(total, 1)

    show("naive numpy (evaluate_batch per runout)", cpu(numpy_version, 1), ours)
    if pf is not None:
        picked = [COMBOS[i] for i in np.flatnonzero(live)[:: max(1, int(live.sum()) // sample)][:sample]]

        def pokerfast_version() -> None:
            for combo in picked:
                pf.equity([combo, VILLAIN], board=FLOP.replace(" ", ""))

        seconds = cpu(pokerfast_version, 1) * int(live.sum()) / len(picked)
        show(f"pokerfast/OMPEval exact, per combo ({len(picked)} timed)", seconds, ours, "  (scaled)")
    if eval7 is not None:
        hero7 = eval7.HandRange("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32")  # every combo
        vs7 = eval7.HandRange(VILLAIN)
        board7 = [eval7.Card(str(pe.Card(c))) for c in board]
        seconds = cpu(lambda: eval7.py_all_hands_vs_range(hero7, vs7, board7, iterations), 1)
        show(f"eval7 py_all_hands_vs_range, MC {iterations:,} a hand", seconds, ours, "  (not exact)")


# ---- flop report --------------------------------------------------------------------------


def bench_report(runs: int, sample: int, dask: bool) -> None:
    print(f"flop_report {HERO!r} v {VILLAIN!r}, all 1,755 flops")
    runs = max(1, runs // 3)
    ours = wall(lambda: pe.flop_report(HERO, VILLAIN, pandas=False), runs)
    show("pokereval, one thread (wall)", ours)
    two = wall(lambda: pe.flop_report(HERO, VILLAIN, threads=2, pandas=False), runs)
    show("pokereval, two threads (wall)", two, ours)
    if dask:
        try:
            import distributed

            from pokereval import dask as pe_dask
        except ImportError:
            print("  dask: not installed")
        else:
            cluster = distributed.LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
            )
            with cluster, distributed.Client(cluster) as client:
                pe_dask.flop_report(HERO, VILLAIN, scheduler=client, tasks=2)  # warm the workers
                seconds = wall(lambda: pe_dask.flop_report(HERO, VILLAIN, scheduler=client, tasks=16), runs)
            show("pokereval.dask, 2-worker LocalCluster (wall)", seconds, ours)
    if pf is not None:
        boards = [f.board for f in pe.flops()[:: len(pe.flops()) // sample][:sample]]

        def pokerfast_version() -> None:
            for board in boards:
                pf.equity([HERO, VILLAIN], board=board)

        seconds = cpu(pokerfast_version, 1) * 1755 / len(boards)
        show(f"pokerfast/OMPEval exact, per flop ({len(boards)} timed)", seconds, ours, "  (scaled)")


def bench_ehs2(flops: int) -> None:
    print(f"EHS2 of every hand on every canonical flop ({flops} flops timed, scaled to 1,755)")
    boards = [f.board for f in pe.flops()[:: 1755 // flops][:flops]]
    seconds = wall(lambda: [abstraction.board_features(b, "ehs2") for b in boards], 1) * 1755 / len(boards)
    show("pokereval board_features(ehs2)", seconds, note="  (scaled)")
    one = cpu(lambda: pe.hand_strength("AhKh", "2h7h9c").ehs2, 5)
    show("pokereval hand_strength(...).ehs2, one hand", one)


def bench_icm(runs: int) -> None:
    print("ICM, 20 players, 9 payouts, exact")
    stacks = [1000.0 + 137 * i for i in range(20)]
    payouts = [30.0, 20.0, 14.0, 10.0, 8.0, 6.0, 5.0, 4.0, 3.0]
    show("pokereval icm", cpu(lambda: pe.icm(stacks, payouts), runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sample", type=int, default=20, help="combos or flops timed for the slow peers")
    parser.add_argument("--iterations", type=int, default=2000, help="eval7's Monte Carlo per hand")
    parser.add_argument("--flops", type=int, default=60, help="flops timed for EHS2")
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()
    peers = {"pokerfast": pf, "eval7": eval7}
    print("; ".join(f"{name}: {'present' if peer else 'not installed'}" for name, peer in peers.items()))
    bench_showdown(args.runs)
    bench_combo_equity(args.runs, args.sample, args.iterations)
    bench_report(args.runs, args.sample, not args.no_dask)
    bench_ehs2(args.flops)
    bench_icm(args.runs)


if __name__ == "__main__":
    main()
