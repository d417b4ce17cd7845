"""``pokereval outs``: the cards that improve a hand, or that win it against opponents."""

from __future__ import annotations

import argparse
from typing import Any

from .._words import outs_chances, outs_words, word
from ..analysis import Out, outs
from ..games import game_spec
from ._common import add_cards, output, rank_json
from ._output import card_names

# The games its library call plays: --help lists them.
GAMES_PLAYED = ("holdem",)

HELP = "the outs of a hand on the flop or turn, with the chance to hit them by the river"
EXAMPLES = """\
Without --vs, outs are the unseen cards that raise the hand's category through the player's
own cards; with --vs (hands or ranges), the cards after which the hand wins on the next card.

examples:
  pokereval outs AhKh --board "2h 7h 9c"
  pokereval outs 7c8c --board "9d Th 2s Kd"
  pokereval outs AhKh --board "2h 7h 9c" --vs QsQd --json
"""


def add(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("outs", parents=[common], help=HELP, description=HELP, epilog=EXAMPLES)
    add_cards(parser, "hole", "the player's cards")
    # Not required by the parser: the library words a missing board, or a game it does not
    # play, in one message ("outs is defined for holdem only" before "--board is required").
    parser.add_argument("--board", "-b", metavar="CARDS", help="the flop or the turn (required)")
    parser.add_argument("--vs", nargs="+", metavar="HAND_OR_RANGE", help="the opponents' hands or ranges")
    parser.add_argument("--dead", "-d", metavar="CARDS", help="cards out of play")
    parser.set_defaults(run=run)


def _out_json(out: Out, lang: str) -> dict[str, Any]:
    return {"card": str(out.card), "hand": rank_json(out.hand, lang), "share": out.share}


def run(args: argparse.Namespace) -> int:
    out = output(args)
    vs: Any = None if not args.vs else (args.vs[0] if len(args.vs) == 1 else args.vs)
    result = outs(args.hole, args.board, vs=vs, dead=args.dead, game=game_spec(args.game).name)
    if out.as_json:
        out.json(
            {
                "street": result.street,
                "count": result.count,
                "outs": [_out_json(o, args.lang) for o in result.outs],
                "ties": [_out_json(o, args.lang) for o in result.ties],
                "tainted": [_out_json(o, args.lang) for o in result.tainted],
                "next_card": result.next_card,
                "by_river": result.by_river,
                "rule_of_2_and_4": result.rule_of_2_and_4,
                "cards": card_names(result.cards),
            }
        )
        return 0
    lang = args.lang
    out.line(outs_words(lang, result.count, result.street), out.cards(result.cards))
    for kind, listed in (("ties", result.ties), ("tainted", result.tainted)):
        if listed:
            out.line(f"{word(kind, lang)}: ", out.cards(o.card for o in listed))
    out.line(outs_chances(lang, result.street, result.next_card, result.by_river, result.rule_of_2_and_4))
    return 0
