"""Cost of one settle() call: a 9-handed hold'em showdown, in microseconds per call (median).

Issue 5 target: settling a 9-handed hold'em showdown with side pots costs under 5 us of Python
time.  Inputs are pre-parsed the way a simulator holds them (holes and board as lists of Card),
dealt from a seeded deck, so every run times the same hands.

settle() reads the input into bytes and makes one C call (pe_settle) that checks, evaluates,
settles and breaks the pots down; the whole call is split into that C call and the Python
around it.  Reading the pot breakdown (``.pots``, built on first use from what the core wrote)
is timed apart.  Peers in the same process: ``evaluate`` of the nine hands one by one, and
``showdown`` (one C call too).  Numbers are never asserted: the machine is shared and noisy, so
read the ratios.  Times are CPU time of this process.

    python benchmarks/bench_settle.py               # 7 runs of 20,000 calls per case
    python benchmarks/bench_settle.py --calls 5000 --runs 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import timeit
from collections.abc import Callable
from itertools import chain

from pokereval import Card, _core, evaluate, settle, showdown
from pokereval.games import game_spec

SEATS = 9
SEED = 20261129

# Chips in per seat, and who folded.  "side pots": four all-in levels under the callers' 1,000
# (five pots in all) and two folded seats whose chips stay in; "one pot": seven seats called the
# same 400 and two folded; "heads-up": two seats show down, seven folded; "antes": the side pots
# again with an ante of 25 from every seat as dead money.
CASES = {
    "side pots": ([100, 400, 400, 1000, 1000, 250, 1000, 50, 1000], [0, 0, 1, 0, 0, 0, 1, 0, 0], None),
    "one pot": ([400, 400, 30, 400, 400, 400, 60, 400, 400], [0, 0, 1, 0, 0, 0, 1, 0, 0], None),
    "heads-up": ([10, 20, 0, 300, 0, 0, 300, 0, 0], [1, 1, 1, 0, 1, 1, 0, 1, 1], None),
    "antes": ([100, 400, 400, 1000, 1000, 250, 1000, 50, 1000], [0, 0, 1, 0, 0, 0, 1, 0, 0], [25] * SEATS),
}


def deal(rng: random.Random) -> tuple[list[Card], list[list[Card]]]:
    deck = [Card(i) for i in range(52)]
    rng.shuffle(deck)
    return deck[:5], [deck[5 + 2 * seat : 7 + 2 * seat] for seat in range(SEATS)]


def per_call(fn: Callable[[], object], calls: int, runs: int) -> float:
    """Median microseconds per call over `runs` runs of `calls` calls.

    Timed in CPU time of this process (time.process_time), so that other processes sharing the
    two cores inflate the numbers less than they would wall-clock time, with the garbage
    collector on.
    """
    # timeit turns the garbage collector off while it times; the setup turns it back on, so
    # the result objects cost what they cost a user (docs/performance.md).
    timer = timeit.Timer(fn, setup="import gc; gc.enable()", timer=time.process_time)
    times = timer.repeat(repeat=runs, number=calls)
    return statistics.median(times) / calls * 1e6


def show(label: str, us: float) -> float:
    print(f"  {label:<46} {us:7.2f} us")
    return us


def bench_case(
    name: str, chips: list[int], folded: list[bool], dead: list[int] | None, calls: int, runs: int
) -> None:
    board, holes = deal(random.Random(SEED))
    spec = game_spec("holdem")
    result = settle(holes, board, contributions=chips, folded=folded, dead_money=dead)
    print(f"\n{name}: chips {chips}, folded {[int(flag) for flag in folded]}, dead {dead}")
    print(f"  -> payouts {list(result)}, {len(result.pots)} pot(s), uncalled {result.uncalled}")
    whole = show(
        "settle (whole call)",
        per_call(
            lambda: settle(holes, board, contributions=chips, folded=folded, dead_money=dead), calls, runs
        ),
    )
    args = (
        spec.code,
        chips,
        dead,
        bytes(folded),
        bytes(chain.from_iterable(holes)),
        bytes(map(len, holes)),
        bytes(board),
        None,
    )
    in_core = show(
        "  _core.settle: checks, evaluation, pots in C", per_call(lambda: _core.settle(*args), calls, runs)
    )
    show("  Python side: input to bytes, result object", whole - in_core)
    show(
        "settle(...).pots (the breakdown, read on use)",
        per_call(
            lambda: settle(holes, board, contributions=chips, folded=folded, dead_money=dead).pots,
            calls,
            runs,
        ),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    print(f"9-handed hold'em, {args.runs} runs x {args.calls:,} calls, median us per call")
    for name, (chips, folded, dead) in CASES.items():
        bench_case(name, chips, [bool(flag) for flag in folded], dead, args.calls, args.runs)
    board, holes = deal(random.Random(SEED))
    print("\npeers")
    show(
        "evaluate() x 9 (one call per seat)",
        per_call(lambda: [evaluate(h, board) for h in holes], args.calls, args.runs),
    )
    show(
        "showdown() of the 9 seats (.winners)",
        per_call(lambda: showdown(holes, board).winners, args.calls, args.runs),
    )
    show(
        "showdown() of the 9 seats (.ranks)",
        per_call(lambda: showdown(holes, board).ranks, args.calls, args.runs),
    )


if __name__ == "__main__":
    main()
