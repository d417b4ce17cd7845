"""Play many random hands in pokereval's engine and in PokerKit, move by move, and report.

    python tools/engine_vs_pokerkit.py [--hands 100000] [--games holdem,stud] [--limits no-limit]

For every game and betting structure both engines play, `--hands` random hands (the harness is
tests/engine_oracle.py: the same cards in both, random legal moves, every decision compared:
who acts, the legal moves, the amount to call, the least and most raise; and the final
stacks).  Prints one line per game and limit: the hands, the moves compared, the hands that
met a known PokerKit difference (by name; docs/engine.md lists them) and the time taken.  Any
unexplained difference stops the run with the hand that shows it.  The tests run a few
thousand of these hands (tests/test_engine_pokerkit.py); this is the long run whose result
docs/engine.md records.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import engine_oracle

LIMITS = ("no-limit", "pot-limit", "fixed-limit")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands per game and limit")
    parser.add_argument("--games", default=",".join(engine_oracle.HAND_TYPES), help="comma-separated games")
    parser.add_argument("--limits", default=",".join(LIMITS), help="comma-separated limits")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    total: Counter[str] = Counter()
    for game in args.games.split(","):
        for limit in args.limits.split(","):
            started = time.perf_counter()
            counts = engine_oracle.run(game, limit, args.hands, seed=args.seed)
            seconds = time.perf_counter() - started
            known = {name: count for name, count in counts.items() if name not in ("equal", "moves")}
            print(
                f"{game:24} {limit:12} hands {args.hands:7} equal {counts['equal']:7} "
                f"moves {counts['moves']:9} {seconds:7.0f} s  known: {known or 'none'}",
                flush=True,
            )
            total.update(counts)
    print(f"all: {dict(total)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
