"""``pokereval best``: the best hand a player makes, in words."""

from __future__ import annotations

import argparse

from .._words import word
from ..api import evaluate
from ..cards import parse_cards
from ..games import game_spec
from ._common import (
    add_board,
    add_cards,
    add_wild,
    board_hint,
    halves,
    label,
    need_board,
    output,
    rank_json,
    rank_parts,
)
from ._output import card_names

HELP = "the best hand from some cards: its best five, in words"
EXAMPLES = """\
examples:
  pokereval best "As Ks Qs Js Ts"
  pokereval best "A♣ 2♣" --board "K♠ K♥ Q♦ Q♣ J♠" --lang ru
  pokereval best "Ah 2h 3d 4s" --board "5h 6c 7d Kd Qs" --game omaha-hilo
  pokereval best "8c 6d 4h 2s As 8d Kc" --game razz --json
  pokereval best "As Ad Ah Ac Jk" --wild joker
"""


def add(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("best", parents=[common], help=HELP, description=HELP, epilog=EXAMPLES)
    add_cards(parser, "cards", "the player's cards, e.g. 'A♣ 2♣' or 'AcKd'")
    add_board(parser)
    add_wild(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    out = output(args)
    need_board(args.game, args.board)
    spec = game_spec(args.game)
    wild = {"wild": args.wild} if args.wild else {}
    try:
        high, low = halves(evaluate(args.cards, args.board, game=spec.name, **wild))
    except ValueError as error:
        raise board_hint(spec.name, args.board, error) from None
    if out.as_json:
        out.json(
            {
                "game": spec.name,
                "cards": card_names(parse_cards(args.cards)),
                "board": card_names(parse_cards(args.board)) if args.board else [],
                "best": rank_json(high, args.lang),
                "low": rank_json(low, args.lang),
            }
        )
        return 0
    if spec.hilo:
        width = max(len(word("high", out.lang)), len(word("low", out.lang)))
        out.line(label(word("high", out.lang), width), *rank_parts(out, high))
        out.line(label(word("low", out.lang), width), *rank_parts(out, low))
    else:
        out.line(label(word("best", out.lang)), *rank_parts(out, high))
    return 0
