"""pokereval against the public evaluators, side by side in one process.

    python benchmarks/bench.py            # full run: 10 M batch rows, 7 runs of each case
    python benchmarks/bench.py --quick    # about 20 seconds: 1 M rows, 3 runs

Prints the CPU model and the batch kernel pokereval chose (pokereval.fast.simd_path),
then the median rate of several runs of each case, in hands per second:

* batch: evaluate_batch on random 5-, 6- and 7-card rows (numpy uint8), one and two
  threads, and into one output array passed again each run (out=);
* one call per hand: pokereval.evaluate on a list of Cards and on text, the fast paths
  of pokereval.fast (a card mask, card bytes), and the peers eval7, pkrbot,
  phevaluator, treys and pokerkit on the same hands, each converted to the peer's own
  card type before the clock starts.  Each run keeps its results in a list with the
  garbage collector on, as a user's program does;
* the enumeration of every 5-, 6- and 7-card hand (enumerate_counts).

The "vs" column divides a rate by the rate of the case it is compared with (named in
the section header), so above 1 is faster.  A peer that is not installed is reported as
skipped (`pip install -e ".[bench]"` installs them all).  Single-thread cases are timed
in thread CPU time, so that other processes on a shared machine do not count against
them; the two-thread batch is timed by the wall clock, and so is its one-thread
baseline.  Numbers are never asserted anywhere.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, Union

import numpy as np

import pokereval
from pokereval import Card, evaluate, evaluate_batch, format_cards
from pokereval.fast import evaluate_cards, evaluate_ids, evaluate_mask, simd_path

Clock = Callable[[], float]


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def deal(rows: int, k: int, seed: int) -> np.ndarray[Any, Any]:
    """`rows` random hands of k distinct card ids, one per row (seeded)."""
    rng = np.random.default_rng(seed)
    hands = rng.integers(0, 52, size=(rows, k), dtype=np.uint8)
    while True:
        ordered = np.sort(hands, axis=1)
        redo = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        if not redo.any():
            return hands
        hands[redo] = rng.integers(0, 52, size=(int(redo.sum()), k), dtype=np.uint8)


def median_seconds(run: Callable[[], object], runs: int, clock: Clock) -> float:
    run()  # warm up: caches, lazy imports, thread pool start
    times = []
    for _ in range(runs):
        start = clock()
        run()
        times.append(clock() - start)
    return statistics.median(times)


def cpu_seconds(run: Callable[[], object]) -> float:
    """Thread CPU seconds of one call."""
    start = time.thread_time()
    run()
    return time.thread_time() - start


def row(label: str, rate: float | None, base: float | None, note: str = "") -> None:
    if rate is None:
        print(f"  {label:<44} {'skipped':>14}   {note}")
        return
    vs = f"{rate / base:9.3g}x" if base else " " * 10
    print(f"  {label:<44} {rate / 1e6:10.4g} M/s {vs}   {note}".rstrip())


def batch_run(ids: np.ndarray[Any, Any], threads: int = 1, out: Any = None) -> Callable[[], object]:
    return lambda: evaluate_batch(ids, threads=threads, out=out)


def bench_batch(rows: int, runs: int) -> None:
    print(f"\nbatch: evaluate_batch, {rows:,} random rows (vs: 7 cards, one thread)")
    base: float | None = None
    for k in (7, 6, 5):
        rate = rows / median_seconds(batch_run(deal(rows, k, seed=k)), runs, time.thread_time)
        base = base or rate
        row(f"pokereval {k} cards, threads=1", rate, base)
    ids = deal(rows, 7, seed=7)
    # The same array each run, as a loop over batches of one size can pass it, timed in turn
    # with a new array each run (the host's speed moves between cases): "vs" is the median
    # of the rounds' ratios.
    out = np.empty(rows, dtype=np.uint16)
    fresh, kept = batch_run(ids), batch_run(ids, out=out)
    kept()
    new_times, kept_times, ratios = [], [], []
    for _ in range(runs):
        a, b = cpu_seconds(fresh), cpu_seconds(kept)
        new_times.append(a)
        kept_times.append(b)
        ratios.append(a / b)
    fresh_rate, kept_rate = rows / statistics.median(new_times), rows / statistics.median(kept_times)
    row("pokereval 7 cards, a new array", fresh_rate, None, "in turn with:")
    row("pokereval 7 cards, out= kept", kept_rate, None, f"{statistics.median(ratios):.2f}x the new array")
    one = rows / median_seconds(batch_run(ids), runs, time.perf_counter)
    two = rows / median_seconds(batch_run(ids, threads=2), runs, time.perf_counter)
    row("pokereval 7 cards, threads=1 (wall clock)", one, None)
    row("pokereval 7 cards, threads=2 (wall clock)", two, one, "vs threads=1, wall clock")


def each(function: Callable[..., object], hands: Sequence[Any], spread: bool = False) -> Callable[[], object]:
    """A run that calls `function` once per hand (with the hand's items as arguments if spread).

    The results are kept, as a program that ranks hands keeps them, and the garbage
    collector stays on, as it is for users (timeit turns it off): a result type that the
    collector tracks pays for every collection that walks the results kept so far.
    """

    def run_spread() -> list[object]:
        return [function(*hand) for hand in hands]

    def run() -> list[object]:
        return [function(hand) for hand in hands]

    return run_spread if spread else run


Case = tuple[str, Union[Callable[[], object], None], int, str]  # label, run (None: skipped), hands, note


def peer_cases(hands: np.ndarray[Any, Any]) -> list[Case]:
    """Every per-call case over the same hands, each in its own card type."""
    ids = [bytes(hand) for hand in hands]
    cards = [[Card(c) for c in hand] for hand in hands]
    texts = [format_cards(hand, sep="") for hand in cards]
    masks = [sum(1 << int(c) for c in hand) for hand in hands]
    cases: list[Case] = [
        ("pokereval.evaluate(list of Card)", each(evaluate, cards), len(cards), ""),
        ("pokereval.evaluate(str)", each(evaluate, texts), len(texts), ""),
        ("pokereval.fast.evaluate_mask(int)", each(evaluate_mask, masks), len(masks), ""),
        ("pokereval.fast.evaluate_cards(list of Card)", each(evaluate_cards, cards), len(cards), ""),
        ("pokereval.fast.evaluate_ids(bytes)", each(evaluate_ids, ids), len(ids), ""),
    ]

    def installed(name: str) -> Any:
        try:
            return importlib.import_module(name)
        except ImportError:
            cases.append((name, None, 0, "not installed"))
            return None

    eval7 = installed("eval7")
    if eval7 is not None:
        hands7 = [[eval7.Card(str(c)) for c in hand] for hand in cards]
        cases.append(("eval7.evaluate(list of eval7.Card)", each(eval7.evaluate, hands7), len(hands7), ""))
    pkrbot = installed("pkrbot")
    if pkrbot is not None:
        hands_p = [[pkrbot.Card(str(c)) for c in hand] for hand in cards]
        run = each(pkrbot.evaluate, hands_p)
        cases.append(("pkrbot.evaluate(list of pkrbot.Card)", run, len(hands_p), ""))
    phevaluator = installed("phevaluator")
    if phevaluator is not None:
        # phevaluator numbers cards as pokereval does (4 * rank + suit, c d h s).
        hands_i = [[int(c) for c in hand] for hand in hands]
        run = each(phevaluator.evaluate_cards, hands_i, spread=True)
        cases.append(("phevaluator.evaluate_cards(*ints)", run, len(hands_i), ""))
    treys = installed("treys")
    if treys is not None:
        few = cards[: max(1, len(cards) // 10)]
        new = treys.Card.new
        split = [([new(str(c)) for c in h[2:]], [new(str(c)) for c in h[:2]]) for h in few]
        run = each(treys.Evaluator().evaluate, split, spread=True)
        cases.append(("treys Evaluator.evaluate(board, hand)", run, len(split), "a tenth of the hands"))
    pokerkit = installed("pokerkit")
    if pokerkit is not None:
        few_texts = texts[: max(1, len(texts) // 100)]
        parsed = [(t[:4], t[4:]) for t in few_texts]
        run = each(pokerkit.StandardHighHand.from_game, parsed, spread=True)
        cases.append(("pokerkit StandardHighHand.from_game", run, len(parsed), "a hundredth of the hands"))
    return cases


def bench_single(count: int, runs: int) -> None:
    hands = deal(count, 7, seed=77)
    print(f"\none call per hand: {count:,} random 7-card hands, results kept, gc on (vs: pokereval.evaluate)")
    base: float | None = None
    for label, run, n, note in peer_cases(hands):
        if run is None:
            row(label, None, None, note)
            continue
        rate = n / median_seconds(run, runs, time.thread_time)
        base = base or rate
        row(label, rate, base, note)


def bench_enumeration(runs: int) -> None:
    print("\nenumeration: enumerate_counts(k), every k-card hand (vs: 7 cards)")
    base: float | None = None
    for k, hands in ((7, 133_784_560), (6, 20_358_520), (5, 2_598_960)):
        rate = hands / median_seconds(partial(pokereval.enumerate_counts, k), runs, time.thread_time)
        base = base or rate
        row(f"enumerate_counts({k}): {hands:,} hands", rate, base)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1 M batch rows, 3 runs: about 20 seconds")
    parser.add_argument("--rows", type=int, help="batch rows (default 10,000,000; --quick 1,000,000)")
    parser.add_argument("--hands", type=int, help="per-call hands (default 200,000; --quick 50,000)")
    parser.add_argument("--runs", type=int, help="runs per case, median taken (default 7; --quick 3)")
    args = parser.parse_args(argv)
    rows = args.rows or (1_000_000 if args.quick else 10_000_000)
    hands = args.hands or (50_000 if args.quick else 200_000)
    runs = args.runs or (3 if args.quick else 7)

    print(f"CPU: {cpu_model()} ({platform.machine()})")
    print(f"Python {platform.python_version()}, numpy {np.__version__}, pokereval {pokereval.__version__}")
    print(f"pokereval batch kernel: {simd_path()}")
    gc.enable()  # as users run: the per-call cases keep their results with the collector on
    print(f"median of {runs} runs per case; rates in millions of hands per second; gc on")
    bench_batch(rows, runs)
    bench_single(hands, runs)
    bench_enumeration(runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
