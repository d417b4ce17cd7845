"""``pokereval draws``: the draws a hand holds, in words, with the cards that complete them."""

from __future__ import annotations

import argparse

from ..analysis import draws
from ..games import game_spec
from ._common import add_cards, output
from ._output import card_names

# The games its library call plays: --help lists them.
GAMES_PLAYED = ("holdem",)

HELP = "the draws a hand holds on the flop or turn, and the cards that complete each"
EXAMPLES = """\
examples:
  pokereval draws JcTc --board "9c 8d 2c"
  pokereval draws 5s4s --board "As 2s 9d" --lang ru
  pokereval draws KsQs --board "2s 7d 9c" --json
"""


def add(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("draws", parents=[common], help=HELP, description=HELP, epilog=EXAMPLES)
    add_cards(parser, "hole", "the player's cards")
    # Not required by the parser: the library words a missing board, or a game it does not
    # play, in one message ("draws is defined for holdem only" before "--board is required").
    parser.add_argument("--board", "-b", metavar="CARDS", help="the flop or the turn (required)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    out = output(args)
    result = draws(args.hole, args.board, game=game_spec(args.game).name)
    if out.as_json:
        out.json(
            {
                "street": result.street,
                "description": result.describe(args.lang),
                "draws": [
                    {
                        "kind": d.kind.name,
                        "description": d.kind.describe(args.lang),
                        "cards": card_names(d.cards),
                    }
                    for d in result
                ],
            }
        )
        return 0
    out.line(result.describe(args.lang))
    for draw in result:
        out.line(f"{draw.kind.describe(args.lang)}: ", out.cards(draw.cards))
    return 0
