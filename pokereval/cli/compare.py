"""``pokereval compare``: which of two hands wins (both halves in hi-lo)."""

from __future__ import annotations

import argparse

from .._words import word
from ..api import compare, evaluate
from ..cards import Card, card_ids, parse_cards
from ..games import game_spec
from ._common import add_board, add_wild, board_hint, halves, label, need_board, output, rank_json, rank_parts
from ._output import card_names

HELP = "which of two hands wins on a board"
EXAMPLES = """\
examples:
  pokereval compare "A♣ 2♣" "K♦ 9♦" --board "K♠ K♥ Q♦ Q♣ J♠"
  pokereval compare "Tc 2c" "Td 9d" --board "As Ah Kd Qc Js"      # a split
  pokereval compare "As 2s Kd Qd" "Kh Ks 4c 4d" --board "3c 5h 8d Kc 9s" --game omaha-hilo
  pokereval compare "7c 5d 4h 3s 2c" "8c 6d 4d 3c 2d" --game 2-7 --json
"""

_OUTCOMES = {1: "first wins", 0: "split", -1: "second wins"}
_JSON_OUTCOMES = {1: "first", 0: "split", -1: "second"}


def add(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("compare", parents=[common], help=HELP, description=HELP, epilog=EXAMPLES)
    parser.add_argument("first", help="the first hand's cards")
    parser.add_argument("second", help="the second hand's cards")
    add_board(parser)
    add_wild(parser)
    parser.set_defaults(run=run)


def _apart(first: str, second: str) -> None:
    """The same card in both hands is an error, worded as compare() words it."""
    theirs = set(card_ids(second))
    clash = next((card for card in card_ids(first) if card in theirs), None)
    if clash is not None:
        raise ValueError(f"duplicate card {str(Card(clash))!r}: both hands hold it")


def _outcome(first: int, second: int) -> int:
    return (first > second) - (first < second)


def run(args: argparse.Namespace) -> int:
    out = output(args)
    need_board(args.game, args.board)
    spec = game_spec(args.game)
    board = args.board or None
    hands = (args.first, args.second)
    wild = {"wild": args.wild} if args.wild else {}
    results = []
    for which, cards in zip(("the first hand", "the second hand"), hands):
        try:
            results.append(halves(evaluate(cards, board, game=spec.name, **wild)))
        except ValueError as error:
            hinted = board_hint(spec.name, board, error)
            if hinted is not error:  # no board: a fault of both hands
                raise hinted from None
            raise ValueError(f"{which}: {error}") from None  # the words cannot say which hand
    ranks, lows = zip(*results)
    low: int | None = None
    if spec.hilo:
        # compare() has no single answer in hi-lo: each half is settled on its own, and a hand
        # without a qualifying low loses the low half to one with it.
        _apart(*hands)
        high = _outcome(int(ranks[0]), int(ranks[1]))
        if lows[0] is not None or lows[1] is not None:
            low = _outcome(*(int(rank) if rank is not None else 0 for rank in lows))
    else:
        high = compare(args.first, args.second, board, game=spec.name, **wild)
    if out.as_json:
        out.json(
            {
                "game": spec.name,
                "board": card_names(parse_cards(board)) if board else [],
                "hands": [
                    {
                        "cards": card_names(parse_cards(cards)),
                        "best": rank_json(rank, args.lang),
                        "low": rank_json(low_rank, args.lang),
                    }
                    for cards, rank, low_rank in zip((args.first, args.second), ranks, lows)
                ],
                "result": high,
                "winner": _JSON_OUTCOMES[high],
                "low_winner": None if low is None else _JSON_OUTCOMES[low],
            }
        )
        return 0
    lang = out.lang
    names = (word("first", lang), word("second", lang))
    width = max(map(len, names))
    for name, rank, low_rank in zip(names, ranks, lows):
        out.line(label(name, width), *rank_parts(out, rank))
        if spec.hilo:
            out.line(label(word("low", lang), width), *rank_parts(out, low_rank))
    if spec.hilo:
        out.line(label(word("high", lang), width), word(_OUTCOMES[high], lang))
        out.line(
            label(word("low", lang), width),
            word(_OUTCOMES[low], lang) if low is not None else word("no low", lang),
        )
    else:
        out.line(word(_OUTCOMES[high], lang))
    return 0
