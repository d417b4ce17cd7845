"""The compat shims against the libraries they stand in for, side by side in one process.

    python benchmarks/bench_compat.py            # full run: about 3 minutes
    python benchmarks/bench_compat.py --quick    # about 30 seconds

Each case times the call a program makes most (the "hot call"), on the same random
7-card hands given to both in the peer's own card type, in a loop that keeps every
result, with the garbage collector on, as programs run.  Then a whole program:
PokerKit no-limit hold'em hands with random stacks and actions played to the end
(tests/pokerkit_play.py), with PokerKit's hand types and with the shim's.  The `x`
column is the shim's rate over the peer's (above 1: the shim is faster).  Times are
thread CPU time, the median of several runs; nothing is asserted.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]  # index = pokereval card id


def median_seconds(run: Callable[[], object], runs: int) -> float:
    run()  # warm up: lazy tables, caches
    times = []
    for _ in range(runs):
        start = time.thread_time()
        run()
        times.append(time.thread_time() - start)
    return statistics.median(times)


def rate(run: Callable[[], object], count: int, runs: int) -> float:
    return count / median_seconds(run, runs)


def show(label: str, ours: float, theirs: float, unit: str = "calls/s") -> None:
    print(f"  {label:<52} {theirs:>12,.0f} {ours:>12,.0f} {unit}  {ours / theirs:7.1f}x")


def bench_hot_calls(count: int, runs: int) -> None:
    import deuces
    import eval7
    import phevaluator
    import pokerkit
    import treys

    from pokereval.compat import deuces as deuces_shim
    from pokereval.compat import eval7 as eval7_shim
    from pokereval.compat import phevaluator as phevaluator_shim
    from pokereval.compat import pokerkit as pokerkit_shim
    from pokereval.compat import treys as treys_shim

    rng = random.Random(1)
    hands = [rng.sample(NAMES, 7) for _ in range(count)]
    print(f"\nhot calls on random 7-card hands ({count:,}; the slow peers get fewer)")
    print(f"  {'':<52} {'peer':>12} {'shim':>12}")

    def per_hand(call: Callable[[Any], object], inputs: Sequence[Any]) -> Callable[[], object]:
        return lambda: [call(x) for x in inputs]

    for name, real, ours in (("treys", treys, treys_shim), ("deuces", deuces, deuces_shim)):
        ints = [[real.Card.new(c) for c in h] for h in hands]
        some = ints[: count // 10]
        real_eval, our_eval = real.Evaluator(), ours.Evaluator()
        theirs = rate(per_hand(lambda h: real_eval.evaluate(h[:2], h[2:]), some), len(some), runs)  # noqa: B023
        mine = rate(per_hand(lambda h: our_eval.evaluate(h[:2], h[2:]), ints), count, runs)  # noqa: B023
        show(f"{name} Evaluator().evaluate(hand, board)", mine, theirs)

    real_cards = [[eval7.Card(c) for c in h] for h in hands]
    our_cards = [[eval7_shim.Card(c) for c in h] for h in hands]
    show(
        "eval7 evaluate(cards)",
        rate(per_hand(eval7_shim.evaluate, our_cards), count, runs),
        rate(per_hand(eval7.evaluate, real_cards), count, runs),
    )

    ids = [tuple(NAMES.index(c) for c in h) for h in hands]
    show(
        "phevaluator evaluate_cards(*ids)",
        rate(per_hand(lambda h: phevaluator_shim.evaluate_cards(*h), ids), count, runs),
        rate(per_hand(lambda h: phevaluator.evaluate_cards(*h), ids), count, runs),
    )

    deck = {repr(c): c for c in pokerkit.Deck.STANDARD}
    pk_hands = [(tuple(deck[c] for c in h[:2]), tuple(deck[c] for c in h[2:])) for h in hands]
    some = pk_hands[: count // 100]
    show(
        "pokerkit StandardHighHand.from_game(hole, board)",
        rate(per_hand(lambda h: pokerkit_shim.StandardHighHand.from_game(*h), pk_hands), count, runs),
        rate(per_hand(lambda h: pokerkit.StandardHighHand.from_game(*h), some), len(some), runs),
    )


def bench_equity(runs: int) -> None:
    import eval7

    from pokereval.compat import eval7 as eval7_shim

    print("\neval7 equity: AhKh against 'QQ+, AQs+, 0.5(JJ-99)' (calls/s)")
    print(f"  {'':<52} {'peer':>12} {'shim':>12}")
    spots = (("exact", "Qh Jh 2c 3d 9s", None), ("monte_carlo", "Qh Jh 2c", 100_000))
    for kind, board, iterations in spots:
        rates = {}
        for label, lib in (("peer", eval7), ("shim", eval7_shim)):
            hand = [lib.Card("Ah"), lib.Card("Kh")]
            cards = [lib.Card(c) for c in board.split()]
            villain = lib.HandRange("QQ+, AQs+, 0.5(JJ-99)")
            if iterations is None:
                call = partial(lib.py_hand_vs_range_exact, hand, villain, cards)
            else:
                call = partial(lib.py_hand_vs_range_monte_carlo, hand, villain, cards, iterations)
            rates[label] = rate(lambda call=call: [call() for _ in range(20)], 20, runs)  # type: ignore[misc]
        spot = f"{iterations:,} runouts" if iterations else "river"
        show(f"py_hand_vs_range_{kind}, {spot}", rates["shim"], rates["peer"])


def bench_program(count: int, runs: int) -> None:
    from pokerkit_play import ShimHoldem, StockHoldem, play

    print(f"\na whole program: {count:,} PokerKit no-limit hold'em hands, random stacks and actions")
    print(f"  {'':<52} {'peer':>12} {'shim':>12}")
    stock = median_seconds(lambda: [play(StockHoldem, seed) for seed in range(count)], runs)
    ours = median_seconds(lambda: [play(ShimHoldem, seed) for seed in range(count)], runs)
    print(f"  {'seconds for all the hands':<52} {stock:>12.2f} {ours:>12.2f} s        {stock / ours:7.1f}x")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes, fewer runs")
    args = parser.parse_args(argv)
    count, runs, games = (20_000, 3, 1_000) if args.quick else (100_000, 5, 10_000)
    gc.enable()
    print(f"Python {platform.python_version()} on {platform.machine()}; gc on; median of {runs} runs")
    bench_hot_calls(count, runs)
    bench_equity(runs)
    bench_program(games, 1)  # one run: the stock side alone takes most of a minute
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
