"""Equity speed: exact enumeration and Monte Carlo, beside eval7 in the same process.

Cases (each the median of --runs runs, CPU time of this process):

- against pokerfast (OMPEval's Python wrapper), in the same run: exact AsKs v QdQc and
  AsKs v QdQc v 7h6h preflop, exact "QQ+,AKs" v "JJ-88,AQo" preflop, and Monte Carlo
  rates (OMPEval samples to a standard error; its C entry reports how many runouts
  that took); then threads=2 against threads=1 (wall clock) on long runs;
- against poker-equity, in the same run: the same exact spots, Omaha and stud exact, and
  Monte Carlo at 100,000 runouts (both seeded, one thread), each answer checked against
  ours (exact: equal to 1e-9);
- exact AA vs KK preflop: Ad Ac vs Kh Ks, all 1,712,304 boards x 2 evaluations;
- Monte Carlo, 2 and 6 hands preflop, and a hand against the range "QQ+,AKs,T9s":
  runouts per second;
- exact hand against the whole 1326-combo range on a river;
- equity() as called against the one core call it makes for small exact spots (the rest is
  the Python set-up).

eval7 (if installed) runs what it has: py_hand_vs_range_monte_carlo (a hand against a
range, which may be one combo) and py_hand_vs_range_exact, which takes a complete
board only, so it has no preflop exact case.  Numbers are never asserted: the machine
is shared and noisy, so read the ratios.

    python benchmarks/bench_equity.py            # 5 runs per case
    python benchmarks/bench_equity.py --runs 9 --samples 2000000
"""

from __future__ import annotations

import argparse
import ctypes
import functools
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from pokereval.equity import equity

try:
    import eval7
except ImportError:  # pragma: no cover  (optional peer)
    eval7 = None

WHOLE_DECK = "22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32"
SIX = ["AsKd", "QhQc", "7s6s", "2d2h", "JcTc", "9h8d"]


def median_seconds(fn: Callable[[], Any], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


def line(label: str, seconds: float, work: float, unit: str) -> float:
    rate = work / seconds
    print(f"  {label:<44} {seconds * 1e3:9.1f} ms  {rate / 1e6:8.2f} M {unit}/s")
    return rate


def ratio(ours: float, theirs: float | None) -> None:
    if theirs:
        print(f"  {'-> pokereval / eval7':<44} {ours / theirs:9.2f} x")


def wall(fn: Callable[[], Any], runs: int) -> float:
    """Median wall-clock seconds of fn (gc on): what a caller waits, threads included."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


# Single-thread comparisons use CPU time (median_seconds): on a shared machine the wall
# clock mostly measures the wait for a core, for both libraries alike.
cpu = median_seconds


def paired(ours: Callable[[], Any], theirs: Callable[[], Any], runs: int) -> tuple[float, float, float]:
    """CPU seconds a call of each, and the median of their ratio, the two timed in turn in
    every round (batches of about 20 ms each), so that a change in the machine's speed
    between rounds touches both sides of a ratio alike."""

    def batch(fn: Callable[[], Any], reps: int) -> float:
        start = time.process_time()
        for _ in range(reps):
            fn()  # each result dropped, as a caller's loop drops it
        return (time.process_time() - start) / reps

    def reps_for(fn: Callable[[], Any]) -> int:
        """Calls enough for a batch of about 20 ms (each side its own: a spot may take 5 us
        here and 200 ms there)."""
        fn()  # warm up: caches, lazy imports
        reps = 1
        while batch(fn, reps) * reps < 0.02 and reps < 1 << 20:
            reps *= 2
        return reps

    mine_reps, their_reps = reps_for(ours), reps_for(theirs)
    mine, peer, ratios = [], [], []
    for _ in range(runs):
        a, b = batch(ours, mine_reps), batch(theirs, their_reps)
        mine.append(a)
        peer.append(b)
        ratios.append(a / b)
    return statistics.median(mine), statistics.median(peer), statistics.median(ratios)


def monte_carlo_rates(pf: Any, hands: list[str], runs: int) -> None:
    """100,000 runouts here against OMPEval's rate on the same hands."""
    n = len(hands)
    ours = cpu(lambda: equity(hands, samples=100_000, seed=1), runs)
    # OMPEval samples until a standard error; its C entry reports how many runouts that
    # took, so rates compare (the Python wrapper drops the count).
    lib, runouts = pf._load(), ctypes.c_uint64()
    names = (ctypes.c_char_p * n)(*[h.encode() for h in hands])
    out = (ctypes.c_double * n)()

    def theirs() -> None:
        rc = lib.pf_equity(names, n, b"", b"", 0, 1.6e-3, 1, 0.0, out, ctypes.byref(runouts))
        assert rc == 0

    t = cpu(theirs, runs)
    rate = (100_000 / ours) / (runouts.value / t)
    print(
        f"  {f'Monte Carlo {n}-way, 100,000 runouts':<40} pokereval {ours * 1e3:8.2f} ms"
        f"  pokerfast {runouts.value:,} in {t * 1e3:.2f} ms  rate ratio {rate:5.2f}x"
    )


def versus_pokerfast(runs: int) -> None:
    """The issue's spots, timed here and in pokerfast (OMPEval) in the same run."""
    try:
        from pokerfast import equity as pf
    except ImportError:  # pragma: no cover  (optional peer)
        print("pokerfast: not installed")
        return
    spots = [
        ("exact AsKs v QdQc preflop", lambda: equity(["AsKs", "QdQc"]), lambda: pf.equity(["AsKs", "QdQc"])),
        (
            "exact AsKs v QdQc v 7h6h preflop",
            lambda: equity(["AsKs", "QdQc", "7h6h"]),
            lambda: pf.equity(["AsKs", "QdQc", "7h6h"]),
        ),
        (
            'exact "QQ+,AKs" v "JJ-88,AQo" preflop',
            lambda: equity(["QQ+,AKs", "JJ-88,AQo"]),
            lambda: pf.equity(["QQ+,AKs", "JJ-88,AQo"]),
        ),
        (
            'exact AhKh v "QQ+,AKs,T9s" on 2h7h9c',
            lambda: equity(["AhKh", "QQ+,AKs,T9s"], board="2h7h9c"),
            lambda: pf.equity(["AhKh", "QQ+,AKs,T9s"], board="2h7h9c"),
        ),
        (
            'exact AhKh v "QQ+,AKs,T9s" on 2h7h9cJd',
            lambda: equity(["AhKh", "QQ+,AKs,T9s"], board="2h7h9cJd"),
            lambda: pf.equity(["AhKh", "QQ+,AKs,T9s"], board="2h7h9cJd"),
        ),
    ]
    print(f"against pokerfast (OMPEval), CPU time, gc on, in turn in each of {runs} rounds, medians")
    for label, ours, theirs in spots:
        a, b, r = paired(ours, theirs, runs)
        print(f"  {label:<40} pokereval {a * 1e3:8.3f} ms  pokerfast {b * 1e3:8.3f} ms  ratio {r:5.2f}")
    for hands in (["AsKs", "QdQc", "7h6h"], ["AsKs", "QdQc"]):
        monte_carlo_rates(pf, hands, runs)
    big = ["AsKs", "QdQc", "7h6h"]
    wide = ["22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+", "77+,AJs+,KQs,AQo+"]
    cases = [
        ("Monte Carlo 3-way 20 M", lambda threads: equity(big, samples=20_000_000, seed=1, threads=threads)),
        ("exact wide ranges", lambda threads: equity(wide, threads=threads)),
    ]
    for label, run in cases:
        # One thread, then two, in each round: the ratio of a round is taken at one speed
        # of the machine; the median of the rounds' ratios is printed.
        ones, twos, ratios = [], [], []
        for _ in range(max(3, runs)):
            one, two = wall(functools.partial(run, 1), 1), wall(functools.partial(run, 2), 1)
            ones.append(one)
            twos.append(two)
            ratios.append(one / two)
        one, two = statistics.median(ones), statistics.median(twos)
        spread = f"rounds {min(ratios):.2f}..{max(ratios):.2f}"
        print(
            f"  {label + ', 2 v 1 threads':<40} {statistics.median(ratios):5.2f}x"
            f" ({one:.2f} / {two:.2f} s, {spread})"
        )


def python_cost(runs: int) -> None:
    """equity() as called against the one core call it makes for these spots
    (pokereval._core.equity_exact_ranges on the same hands): the rest is Python's set-up."""
    from pokereval.ranges import Range

    spots: list[tuple[str, list[Any], str]] = [
        ("AsKs v QdQc v 7h6h preflop", ["AsKs", "QdQc", "7h6h"], ""),
        ("AsKs v QdQc preflop, the engine (a Range)", [Range("AsKs"), "QdQc"], ""),
        ('AhKh v "QQ+,AKs,T9s" on 2h7h9c', ["AhKh", "QQ+,AKs,T9s"], "2h7h9c"),
        ('AhKh v "QQ+,AKs,T9s" on 2h7h9cJd', ["AhKh", "QQ+,AKs,T9s"], "2h7h9cJd"),
    ]
    print(f"equity() against its core call, CPU time, gc on, in turn in each of {runs} rounds, medians")
    for label, hands, board in spots:
        called, core, ratio = setup_cost(hands, board, runs)
        times = f"equity() {called * 1e3:7.3f} ms  core {core * 1e3:7.3f} ms"
        print(f"  {label:<44} {times}  ratio {ratio:5.2f}")
    # The lines above ask each spot again, as a loop over one spot does: equity() keeps the
    # core call of a small spot given in text.  The first call of a text reads and checks it.
    for label, hands, board in spots[2:]:
        called, core, ratio = setup_cost(hands, board, runs, first=True)
        times = f"equity() {called * 1e3:7.3f} ms  core {core * 1e3:7.3f} ms"
        print(f"  {label + ', a new text':<44} {times}  ratio {ratio:5.2f}")


def setup_cost(hands: list[Any], board: str, runs: int, first: bool = False) -> tuple[float, float, float]:
    """Seconds a call of equity(hands, board=board) and of the core call inside it, and the
    median ratio of the two, timed in turn in every round (`paired`): timed one after the
    other, a change of this VM's speed between them once showed a 1.6x "overhead" on a
    call whose Python part is a few microseconds.  `first`: each call as the first of its
    text (the spots equity() keeps are let go before it)."""
    from pokereval import _core
    from pokereval.cards import card_ids
    from pokereval.ranges import Range

    rows, counts = b"", []
    for hand in hands:
        ids, _ = (hand if isinstance(hand, Range) else Range(hand))._arrays()
        rows += ids.tobytes()
        counts.append(len(ids))
    cards = card_ids(board) if board else b""
    array = np.array(counts, dtype=np.uint32).tobytes()  # made once, as a kept spot makes it

    def core() -> None:
        _core.equity_exact_ranges(0, len(hands), 2, rows, array, None, cards, b"", 16_384)

    kept = sys.modules["pokereval.equity"]._SPOTS

    def called() -> None:
        if first:
            kept.clear()
        equity(hands, board=board or None)

    return paired(called, core, runs)


def versus_poker_equity(runs: int) -> None:
    """Exact spots and Monte Carlo here and in poker-equity, timed in turn (paired); an exact
    answer that differs from ours by more than 1e-9 is flagged."""
    try:
        import poker_equity as pq
    except ImportError:  # pragma: no cover  (optional peer)
        print("poker-equity: not installed")
        return
    hu, three = ["AsKs", "QdQc"], ["AsKs", "QdQc", "7h6h"]
    ranges, flop, turn = ["AhKh", "QQ+,AKs,T9s"], "2h7h9c", "2h7h9cJd"
    plo, stud = ["AsKsQdJd", "2c3c4h5h"], ["As Ad Kc Kd 7h 2s", "Qh Qd Qc 9s 8s 3c"]
    spots: list[tuple[str, Callable[[], Any], Callable[[], Any]]] = [
        ("exact AsKs v QdQc preflop", lambda: equity(hu), lambda: pq.exact_from_text("holdem", hu)),
        (
            "exact AsKs v QdQc v 7h6h preflop",
            lambda: equity(three),
            lambda: pq.exact_from_text("holdem", three),
        ),
        (
            'exact AhKh v "QQ+,AKs,T9s" on 2h7h9c',
            lambda: equity(ranges, board=flop),
            lambda: pq.exact_from_text("holdem", ranges, flop),
        ),
        (
            'exact AhKh v "QQ+,AKs,T9s" on 2h7h9cJd',
            lambda: equity(ranges, board=turn),
            lambda: pq.exact_from_text("holdem", ranges, turn),
        ),
        (
            "exact Omaha AsKsQdJd v 2c3c4h5h preflop",
            lambda: equity(plo, game="omaha"),
            lambda: pq.exact_from_text("omaha", plo),
        ),
        (
            "exact stud, sixth street",
            lambda: equity(stud, game="stud"),
            lambda: pq.exact_from_text("stud", stud),
        ),
    ]
    print(f"against poker-equity, CPU time, gc on, in turn in each of {runs} rounds, medians")
    for label, ours, theirs in spots:
        mine, peer = ours().equity, [p["equity"] for p in theirs()["players"]]
        same = "" if all(abs(a - b) <= 1e-9 for a, b in zip(mine, peer)) else "  ANSWERS DIFFER"
        a, b, r = paired(ours, theirs, runs)
        print(
            f"  {label:<40} pokereval {a * 1e3:8.3f} ms  poker-equity {b * 1e3:8.3f} ms  ratio {r:5.2f}{same}"
        )
    for players in (three, hu):
        a, b, r = paired(
            functools.partial(equity, players, samples=100_000, seed=1),
            functools.partial(pq.chunk_from_text, "holdem", players, samples=100_000, seed=1, threads=1),
            runs,
        )
        label = f"Monte Carlo {len(players)}-way, 100,000 runouts"
        print(f"  {label:<40} pokereval {a * 1e3:8.3f} ms  poker-equity {b * 1e3:8.3f} ms  ratio {r:5.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--samples", type=int, default=1_000_000)
    args = parser.parse_args()
    runs, samples = args.runs, args.samples
    print(f"eval7: {'present' if eval7 else 'not installed'}; {runs} runs per case, median")
    versus_pokerfast(runs)
    versus_poker_equity(runs)
    python_cost(runs)

    print("exact, Ad Ac vs Kh Ks preflop (1,712,304 runouts x 2 hands)")
    t = median_seconds(lambda: equity(["AdAc", "KhKs"]), runs)
    line("pokereval equity(exact)", t, 1_712_304, "runouts")
    print(f"  {'eval7':<44} n/a (its exact takes a complete board only)")

    def versus_eval7(title: str, hero: str, villain: str) -> None:
        """Monte Carlo of hero vs villain (cards or a range) here and in eval7, same runouts."""
        print(f"Monte Carlo, {title} ({samples:,} runouts)")
        ours = line(
            "pokereval equity(samples=)",
            median_seconds(lambda: equity([hero, villain], samples=samples, seed=1), runs),
            samples,
            "runouts",
        )
        theirs = None
        if eval7:
            hand = [eval7.Card(hero[i : i + 2]) for i in range(0, len(hero), 2)]
            their_range = eval7.HandRange(villain)
            theirs = line(
                "eval7 py_hand_vs_range_monte_carlo",
                median_seconds(
                    lambda: eval7.py_hand_vs_range_monte_carlo(hand, their_range, [], samples), runs
                ),
                samples,
                "runouts",
            )
        ratio(ours, theirs)

    versus_eval7("2 hands preflop", "AdAc", "KhKs")

    print(f"Monte Carlo, 6 hands preflop ({samples:,} runouts)")
    line(
        "pokereval equity(samples=)",
        median_seconds(lambda: equity(SIX, samples=samples, seed=1), runs),
        samples,
        "runouts",
    )

    versus_eval7("Ah Kh vs QQ+,AKs,T9s preflop", "AhKh", "QQ+,AKs,T9s")

    board = "2c7d9hJs3s"
    print(f"exact, Ad Ac vs all 1326 combos on {board} (the 990 that fit)")
    reps = 50
    ours = line(
        f"pokereval equity(exact) x{reps}",
        median_seconds(lambda: [equity(["AdAc", WHOLE_DECK], board=board) for _ in range(reps)], runs),
        reps * 990,
        "deals",
    )
    theirs = None
    if eval7:
        hand = [eval7.Card("Ad"), eval7.Card("Ac")]
        villain = eval7.HandRange(WHOLE_DECK)
        cards = [eval7.Card(board[i : i + 2]) for i in range(0, 10, 2)]
        theirs = line(
            f"eval7 py_hand_vs_range_exact x{reps}",
            median_seconds(
                lambda: [eval7.py_hand_vs_range_exact(hand, villain, cards) for _ in range(reps)], runs
            ),
            reps * 990,
            "deals",
        )
    ratio(ours, theirs)


if __name__ == "__main__":
    main()
