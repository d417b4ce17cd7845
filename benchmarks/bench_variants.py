"""Batch throughput of every variant: median hands/s of evaluate_batch, single thread.

Each game gets the same number of random rows (seeded, so every run times the same deals),
is timed several times in this one process, and reports the median rate by the wall clock
and by the calling thread's CPU time (the steadier one on a shared machine), so games can
be read against each other and against hold'em seven-card rows measured alongside them.
Issue 4 targets: PLO4 with a full board >= 20 M hands/s, every low game >= 50 M hands/s;
issue 16: seven-card rows with one joker >= 100 M hands/s.
Numbers are never asserted: the machine is shared and noisy.

    python benchmarks/bench_variants.py            # 1,000,000 rows, 7 runs each
    python benchmarks/bench_variants.py --rows 200000 --runs 5 --only plo4,razz
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any, NamedTuple

import numpy as np

from pokereval import evaluate_batch


class Case(NamedTuple):
    label: str
    game: str
    width: int  # cards per row
    hole: int | None  # Omaha hole cards (None for the flat games)
    lowest: int  # lowest card id in the game's deck (16 for short deck)
    target: float | None  # issue 4 target in M hands/s (issue 16 for the wild rows)
    wild: str | None = None  # the wild rule of the rows
    jokers: int = 0  # wild rows: the last `jokers` cards of each row are jokers 52, 53


CASES = (
    Case("holdem 7 (peer)", "holdem", 7, None, 0, None),
    Case("plo4 full board", "omaha", 9, 4, 0, 20.0),
    Case("plo4 flop", "omaha", 7, 4, 0, None),
    Case("plo5 full board", "omaha", 10, 5, 0, None),
    Case("plo6 full board", "omaha", 11, 6, 0, None),
    Case("omaha-hilo 4 full", "omaha-hilo", 9, 4, 0, None),
    Case("razz 7", "razz", 7, None, 0, 50.0),
    Case("razz 5", "razz", 5, None, 0, 50.0),
    Case("deuce-seven 5", "deuce-seven", 5, None, 0, 50.0),
    Case("badugi 4", "badugi", 4, None, 0, 50.0),
    Case("shortdeck 7", "shortdeck", 7, None, 16, None),
    Case("shortdeck-trips 7", "shortdeck-trips", 7, None, 16, None),
    Case("stud-hilo 7", "stud-hilo", 7, None, 0, None),
    Case("holdem 7, 1 joker", "holdem", 7, None, 0, 100.0, "joker", 1),
    Case("holdem 7, 2 jokers", "holdem", 7, None, 0, None, "joker", 2),
    Case("holdem 7, 1 bug", "holdem", 7, None, 0, None, "bug", 1),
    Case("holdem 7, deuces", "holdem", 7, None, 0, None, "deuces"),
)

KEYS = {
    "holdem": "holdem 7 (peer)",
    "plo4": "plo4 full board",
    "plo4-flop": "plo4 flop",
    "plo5": "plo5 full board",
    "plo6": "plo6 full board",
    "hilo": "omaha-hilo 4 full",
    "razz": "razz 7",
    "razz5": "razz 5",
    "deuce-seven": "deuce-seven 5",
    "badugi": "badugi 4",
    "shortdeck": "shortdeck 7",
    "shortdeck-trips": "shortdeck-trips 7",
    "stud-hilo": "stud-hilo 7",
    "joker": "holdem 7, 1 joker",
    "joker2": "holdem 7, 2 jokers",
    "bug": "holdem 7, 1 bug",
    "deuces": "holdem 7, deuces",
}


def random_rows(rows: int, width: int, lowest: int, seed: int) -> np.ndarray[Any, Any]:
    """`rows` deals of `width` distinct cards from the deck lowest..51, uniformly at random."""
    rng = np.random.default_rng(seed)
    deck = 52 - lowest
    out = np.empty((rows, width), dtype=np.uint8)
    chunk = 100_000
    for start in range(0, rows, chunk):
        stop = min(rows, start + chunk)
        # The first `width` of a random permutation per row: distinct cards, every deal alike.
        order = np.argsort(rng.random((stop - start, deck)), axis=1)[:, :width]
        out[start:stop] = order + lowest
    return out


def median_rates(case: Case, ids: np.ndarray[Any, Any], runs: int) -> tuple[float, float]:
    """Median hands/s by the wall clock and by this thread's CPU time.

    On a shared machine the wall clock also counts the time other processes held the
    core; the thread's CPU time does not (the batch runs in the calling thread), so the
    second rate is the steadier one to compare between runs."""
    kwargs: dict[str, Any] = {"game": case.game}
    if case.hole is not None:
        kwargs["hole"] = case.hole
    if case.wild is not None:
        kwargs["wild"] = case.wild
    evaluate_batch(ids[:1000], **kwargs)  # warm the tables into the cache
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.thread_time()
        evaluate_batch(ids, **kwargs)
        cpu.append(len(ids) / max(time.thread_time() - start_cpu, 1e-9))
        wall.append(len(ids) / (time.perf_counter() - start))
    return statistics.median(wall), statistics.median(cpu)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rows", type=int, default=1_000_000, help="rows per game (default 1,000,000)")
    parser.add_argument("--runs", type=int, default=7, help="timed runs per game (default 7)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the random deals")
    parser.add_argument("--only", default="", help=f"comma-separated subset of: {', '.join(KEYS)}")
    args = parser.parse_args(argv)
    wanted = {KEYS[key] for key in args.only.split(",") if key} if args.only else None

    print(f"evaluate_batch, {args.rows:,} random rows per game, median of {args.runs} runs, 1 thread")
    print("M hands/s by the wall clock and by CPU time; targets of issues 4 and 16 (against CPU time)")
    header = f"{'game':<20} {'cards':>5} {'wall':>7} {'cpu':>7} {'vs holdem':>10} {'target':>7}  met"
    print(header)
    peer = None
    for case in CASES:
        if wanted is not None and case.label not in wanted and case.label != CASES[0].label:
            continue
        ids = random_rows(args.rows, case.width, case.lowest, args.seed)
        if case.jokers:
            # The random cards and the jokers (random deuces are deuces wild's own rows).
            ids[:, ids.shape[1] - case.jokers :] = np.arange(52, 52 + case.jokers, dtype=np.uint8)

        wall, cpu = (rate / 1e6 for rate in median_rates(case, ids, args.runs))
        if peer is None:
            peer = cpu
        target = f"{case.target:.0f}" if case.target is not None else "-"
        met = "" if case.target is None else ("yes" if cpu >= case.target else "NO")
        ratio = cpu / peer
        print(f"{case.label:<20} {case.width:>5} {wall:>7.1f} {cpu:>7.1f} {ratio:>10.2f} {target:>7}  {met}")


if __name__ == "__main__":
    main()
