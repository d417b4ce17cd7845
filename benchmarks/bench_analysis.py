"""Speed of outs, draws, odds, category_table and hand_strength, beside PokerKit's hand strength.

Each case is a public call in a loop that keeps its results, gc on, timed in this thread's CPU
time (``time.thread_time``) so other processes on a shared machine do not count; the figure is the
median over --runs runs of the time per call.  The targets of issue 12 are printed beside each case
(single thread): outs and draws on a flop against one opponent under 50 us a call, odds from the
flop under 1 ms, category_table(7) under 1 s, exact hand_strength on the flop against one random
opponent (1,081 holdings x 990 runouts) under 10 ms.

PokerKit (if installed) is the one peer with a hand-strength function:
``calculate_hand_strength``, a pure-Python Monte Carlo of the chance to beat one random hand at the
river.  It is timed on the same flop per sample beside pokereval's seeded Monte Carlo
(``hand_strength(..., samples=N)``), which deals a holding and a runout per sample too.  Nothing is
asserted.

    python benchmarks/bench_analysis.py            # 7 runs per case, about 20 seconds
    python benchmarks/bench_analysis.py --runs 3
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from collections.abc import Callable
from typing import Any

import pokereval
from pokereval import category_table, draws, hand_strength, odds, outs

try:
    import pokerkit
except ImportError:  # pragma: no cover  (optional peer)
    pokerkit = None

HOLE, FLOP, TURN = "AhKh", "2h7h9c", "2h7h9cJd"


def per_call(fn: Callable[[], Any], calls: int, runs: int) -> float:
    """Median seconds per call over `runs` runs of `calls` calls whose results are kept."""
    times = []
    for _ in range(runs):
        kept = []
        start = time.thread_time()
        for _ in range(calls):
            kept.append(fn())
        times.append((time.thread_time() - start) / calls)
    return statistics.median(times)


def show(label: str, seconds: float, target: str = "") -> None:
    if seconds < 1e-6:
        shown = f"{seconds * 1e9:9.1f} ns"
    elif seconds < 1e-3:
        shown = f"{seconds * 1e6:9.1f} us"
    else:
        shown = f"{seconds * 1e3:9.2f} ms"
    print(f"  {label:<58} {shown}   {target}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    runs = args.runs
    gc.enable()
    print(f"pokereval {pokereval.__version__}; median of {runs} runs, thread CPU time per call")

    print("\nouts and draws (target: under 50 us a call on a flop with one opponent)")
    show("outs(AhKh, 2h7h9c)", per_call(lambda: outs(HOLE, FLOP), 2000, runs))
    show("outs(AhKh, 2h7h9c, vs=QsQd)", per_call(lambda: outs(HOLE, FLOP, vs="QsQd"), 2000, runs), "< 50 us")
    show("outs(AhKh, 2h7h9cJd, vs=QsQd)", per_call(lambda: outs(HOLE, TURN, vs="QsQd"), 2000, runs))
    show("outs(AhKh, 2h7h9c, vs='QQ+,AK')", per_call(lambda: outs(HOLE, FLOP, vs="QQ+,AK"), 300, runs))
    show("draws(AhKh, 2h7h9c)", per_call(lambda: draws(HOLE, FLOP), 2000, runs), "< 50 us")

    print("\nodds by the river (target: under 1 ms from the flop)")
    show("odds(AhKh, 2h7h9c): 1,081 runouts", per_call(lambda: odds(HOLE, FLOP), 500, runs), "< 1 ms")
    show("odds(AhKh): preflop, 2,118,760 runouts", per_call(lambda: odds(HOLE), 3, runs))
    show(
        "odds(AhKhQcJc, 2h7h9c, omaha): 1,081 runouts",
        per_call(lambda: odds("AhKhQcJc", FLOP, game="omaha"), 50, runs),
    )

    print("\ncategory tables (target: category_table(7) under 1 s)")
    show("category_table(7): 133,784,560 hands", per_call(lambda: category_table(7), 3, runs), "< 1 s")
    show(
        "category_table(7, shortdeck): 8,347,680 hands",
        per_call(lambda: category_table(7, game="shortdeck"), 3, runs),
    )
    show("category_table(7, razz)", per_call(lambda: category_table(7, game="razz"), 3, runs))

    print("\nhand strength (target: exact on the flop, one random opponent, under 10 ms)")
    show(
        "hand_strength(AhKh, 2h7h9c): 1,081 x 990 showdowns",
        per_call(lambda: hand_strength(HOLE, FLOP), 20, runs),
        "< 10 ms",
    )
    show("hand_strength(AhKh, 2h7h9cJd): 1,035 x 44", per_call(lambda: hand_strength(HOLE, TURN), 200, runs))
    samples = 100_000
    ours = per_call(lambda: hand_strength(HOLE, FLOP, samples=samples, seed=1), 3, runs)
    show(f"hand_strength(AhKh, 2h7h9c, samples={samples:,}, seed=1)", ours)
    show("  per sample", ours / samples)
    show(
        "hand_strength(AhKh, 2h7h9c, opponents=3, samples=100,000)",
        per_call(lambda: hand_strength(HOLE, FLOP, opponents=3, samples=samples, seed=1), 3, runs),
    )
    if pokerkit is None:
        print("  pokerkit: not installed, skipped")
        return
    kit_samples = 2_000
    hole_range = pokerkit.parse_range(HOLE)
    board = pokerkit.Card.parse(FLOP)

    def kit() -> float:
        return pokerkit.calculate_hand_strength(
            2,
            hole_range,
            board,
            2,
            5,
            pokerkit.Deck.STANDARD,
            (pokerkit.StandardHighHand,),
            sample_count=kit_samples,
        )

    theirs = per_call(kit, 1, runs)
    show(f"pokerkit.calculate_hand_strength, {kit_samples:,} samples", theirs)
    show("  per sample", theirs / kit_samples)
    faster = theirs / kit_samples / (ours / samples)
    print(f"  {'-> pokereval Monte Carlo per sample, times faster':<58} {faster:9.0f} x")


if __name__ == "__main__":
    main()
