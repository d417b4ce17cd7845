"""``pokereval odds``: the chance of finishing with each category by the river."""

from __future__ import annotations

import argparse

from .._words import RUNOUTS, counted
from ..analysis import odds
from ..analysis.odds import _ODDS_GAMES
from ..games import game_spec
from ._common import add_cards, output

# The games its library call plays: --help lists them.
GAMES_PLAYED = _ODDS_GAMES

HELP = "the exact chance of finishing with each category by the river"
EXAMPLES = """\
examples:
  pokereval odds AhKh --board "2h 7h 9c"
  pokereval odds 7c7d
  pokereval odds AsKs --board "Qs Js 2d" --json
"""


def add(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("odds", parents=[common], help=HELP, description=HELP, epilog=EXAMPLES)
    add_cards(parser, "hole", "the player's cards")
    parser.add_argument("--board", "-b", metavar="CARDS", help="the board so far")
    parser.add_argument("--dead", "-d", metavar="CARDS", help="cards out of play")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    out = output(args)
    result = odds(args.hole, args.board or None, dead=args.dead, game=game_spec(args.game).name)
    if out.as_json:
        out.json(
            {
                "runouts": result.runouts,
                "categories": {
                    c.name: {"probability": p, "count": result.counts[c]} for c, p in result.items()
                },
            }
        )
        return 0
    names = {c: c.describe(args.lang).lower() for c in result}
    width = max(map(len, names.values()))
    for category, probability in result.items():
        out.line(f"{names[category]:<{width}}  {100 * probability:7.3f}%")
    out.line(counted(result.runouts, RUNOUTS, args.lang))
    return 0
