"""Command line front end over the public API (``pokereval ...`` or ``python -m pokereval``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__
from ._describe import LANGS
from .api import compare, evaluate
from .games import GAMES, game_spec
from .rank import HandRank


def _show(label: str, rank: HandRank | None, lang: str) -> str:
    if rank is None:
        return f"{label}: no qualifying low"
    category = rank.category.name.replace("_", " ").lower() if rank.category is not None else rank.game
    cards = " ".join(map(str, rank.best_five))
    return f"{label}: {category} [{cards}] {rank.describe(lang)} (value {int(rank)})"


def _best(args: argparse.Namespace) -> int:
    result = evaluate(args.cards, args.board, game=args.game)
    if game_spec(args.game).hilo:
        print(_show("high", result, args.lang))
        print(_show("low", result.low, args.lang))
    else:
        print(_show("best", result, args.lang))
    return 0


def _compare(args: argparse.Namespace) -> int:
    outcome = compare(args.first, args.second, args.board, game=args.game)
    print({1: "first wins", 0: "split", -1: "second wins"}[outcome])
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pokereval", description="Evaluate poker hands.")
    parser.add_argument("--version", action="version", version=f"pokereval {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--board", "-b", default=None, help="board cards, e.g. 'Ks Kh Qd Qc Js'")
        p.add_argument("--game", "-g", default="holdem", help=f"one of {', '.join(GAMES)} (default holdem)")
        p.add_argument("--lang", "-l", default="en", choices=LANGS, help="language of the description")

    best = sub.add_parser("best", help="the best hand from some cards: category, best five, words")
    best.add_argument("cards", help="the player's cards, e.g. 'A♣ 2♣' or 'AcKd'")
    common(best)
    best.set_defaults(run=_best)

    cmp = sub.add_parser("compare", help="which of two hands wins on a board")
    cmp.add_argument("first")
    cmp.add_argument("second")
    common(cmp)
    cmp.set_defaults(run=_compare)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input).

    >>> main(["best", "A♣ 2♣", "--board", "K♠ K♥ Q♦ Q♣ J♠"])
    best: two pair [Ks Kh Qd Qc Ac] Two pair, kings and queens, ace kicker (value 4863)
    0
    """
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except (ValueError, TypeError) as exc:
        print(f"pokereval: {exc}", file=sys.stderr)
        return 2
