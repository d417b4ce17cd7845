"""``pokereval strength``: hand strength, positive and negative potential, effective strength."""

from __future__ import annotations

import argparse
import re
from typing import Any

from .._words import word
from ..analysis import hand_strength
from ._common import add_cards, output

# The games its library call plays: --help lists them.
GAMES_PLAYED = ("holdem",)

HELP = "hand strength (HS), potential (PPOT, NPOT) and effective strength (EHS)"
EXAMPLES = """\
Billings, Papp, Schaeffer and Szafron's measures: exact against one opponent (any two cards,
or the hand or range of --vs) on the flop, turn or river; by seeded Monte Carlo against
several opponents, or with --samples.

examples:
  pokereval strength AhKh --board "2h 7h 9c"
  pokereval strength AsAd --board "Ks 7h 2c" --opponents 3 --samples 20000 --seed 1
  pokereval strength AhKh --board "2h 7h 9c Jd" --json
  pokereval strength AhKh --board "2h 7h 9c Jd" --vs "QQ+,AKs:0.5"
"""


def add(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("strength", parents=[common], help=HELP, description=HELP, epilog=EXAMPLES)
    add_cards(parser, "hole", "the player's cards")
    parser.add_argument("--board", "-b", metavar="CARDS", help="the flop, the turn or the river (required)")
    parser.add_argument("--opponents", type=int, default=1, metavar="N", help="random opponents (default 1)")
    parser.add_argument("--vs", nargs="+", metavar="HAND_OR_RANGE", help="the opponents' hands or ranges")
    parser.add_argument("--samples", "-n", type=int, metavar="N", help="Monte Carlo runs")
    parser.add_argument(
        "--seed",
        "-s",
        type=int,
        metavar="S",
        help="the Monte Carlo seed (with --samples or several opponents)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    out = output(args)
    options: dict[str, Any] = {
        "opponents": args.opponents,
        "samples": args.samples,
        "seed": args.seed,
        "game": args.game,
    }
    if args.vs:
        options["vs"] = args.vs[0] if len(args.vs) == 1 else args.vs
    try:
        result = hand_strength(args.hole, args.board, **options)
    except ValueError as exc:  # worded by the Python function's name, which the command is not
        raise ValueError(re.sub("^hand_strength", "strength", str(exc))) from None
    if result.exact and args.seed is not None:
        # One opponent and no --samples: every holding and runout was played, the seed unused.
        raise ValueError(
            "--seed goes with --samples (exact runs have no randomness; against one opponent"
            " strength is exact without --samples)"
        )
    values = {"hs": result.hs, "ppot": result.ppot, "npot": result.npot, "ehs": result.ehs}
    if out.as_json:
        out.json({**values, "opponents": result.opponents, "exact": result.exact, "seed": result.seed})
        return 0
    for name, value in values.items():
        out.line(f"{name.upper():<4}  {100 * value:6.2f}%")
    lang = args.lang
    how = f"{word('samples', lang)}, {word('seed', lang)} {result.seed}"
    out.line(word("exact", lang) if result.exact else how)
    return 0
