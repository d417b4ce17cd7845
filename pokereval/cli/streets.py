"""``pokereval streets``: a hand's equity against a range as each board card comes."""

from __future__ import annotations

import argparse

from .._words import word
from ..games import game_spec
from ..plot import save_streets, street_equity
from ._common import output
from ._output import card_names
from ._work import run_with_progress

# The games its library call plays: --help lists them.
GAMES_PLAYED = ("holdem",)

HELP = "a hand's equity against a range or hand, street by street, as a table or a chart"
EXAMPLES = """\
The board's cards are dealt in the order given: preflop, each flop card, the turn, the
river. Each point is exact when equity can enumerate it within its limit, as a hand against
any range can, preflop too; a point past the limit would be played by Monte Carlo with
--samples runouts, repeatable with --seed. -o writes a chart: .svg needs
nothing more, .png needs matplotlib (pip install "pokereval-cffi[plot]").

examples:
  pokereval streets AsKs "QQ+,AKs" --board "Qc 7s 2s Kd 9h"
  pokereval streets AhAd KcKs --board "Kd 7c 2h 5s Ac" -o streets.svg
"""

_STREET_WORDS = {
    "preflop": "preflop",
    "flop 1": "flop",
    "flop 2": "flop",
    "flop": "flop",
    "turn": "turn",
    "river": "river",
}


def add(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("streets", parents=[common], help=HELP, description=HELP, epilog=EXAMPLES)
    parser.add_argument("hand", help="the hand, e.g. AsKs")
    parser.add_argument("vs", metavar="VS", help="the opponent: a range such as 'QQ+,AKs' or a hand")
    parser.add_argument(
        "--board", "-b", required=True, metavar="CARDS", help="the board, 1 to 5 cards in deal order"
    )
    parser.add_argument("--dead", "-d", metavar="CARDS", help="cards out of play")
    parser.add_argument(
        "--samples",
        "-n",
        type=int,
        default=200_000,
        metavar="N",
        help="runouts for points played by Monte Carlo (default 200000)",
    )
    parser.add_argument(
        "--seed", "-s", type=int, default=0, metavar="S", help="the Monte Carlo seed (default 0)"
    )
    parser.add_argument("--output", "-o", metavar="FILE", help="write the chart to FILE (.svg, .png or .pdf)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    out = output(args)
    if game_spec(args.game).name != "holdem":
        raise ValueError("streets is for hold'em; leave out --game")
    hand, vs, board, dead, samples, seed = args.hand, args.vs, args.board, args.dead, args.samples, args.seed
    points = run_with_progress(
        lambda report: street_equity(hand, vs, board, dead=dead, samples=samples, seed=seed),
        word("working streets", out.lang),
    )
    if args.output is not None and not args.output.strip():
        raise ValueError("--output names no file (give a path ending .svg, .png or .pdf)")
    if args.output:
        save_streets(points, args.output, title=f"{hand} vs {vs}")
    if out.as_json:
        out.json(
            {
                "hand": hand,
                "vs": vs,
                "output": args.output,
                "streets": [
                    {"street": street, "board": card_names(dealt), "equity": value}
                    for street, dealt, value in points
                ],
            }
        )
        return 0
    lang = out.lang
    for street, dealt, value in points:
        name = word(_STREET_WORDS[street], lang) + street[len(_STREET_WORDS[street]) :]
        card = out.card(dealt[-1]) if dealt else ""
        out.line(f"{name:<9}", card, " " * (3 if dealt else 5), f"{100 * value:6.2f}%")
    if args.output:
        out.line(f"{word('written', lang)} {args.output}")
    return 0
