"""``pokereval equity``: each hand's or range's share of the pot."""

from __future__ import annotations

import argparse
import math
from typing import Any

from .._words import RUNOUTS, counted, word
from ..cards import parse_cards
from ..equity import EXACT_LIMIT, EquityResult, equity
from ..games import GAMES, game_spec
from ._common import add_board, output
from ._output import Output, card_names
from ._work import accepts, run_with_progress

# The games its library call plays: --help lists them.
GAMES_PLAYED = tuple(name for name, spec in GAMES.items() if spec.engine)

HELP = "equity, win and tie of each hand or range, exact or by Monte Carlo"
EXAMPLES = """\
Hands are cards (2 in hold'em and short deck, 4 to 6 in Omaha; in stud, razz and stud hi-lo
the 0 to 7 cards known of a player, the rest dealt) or ranges: "QQ+,AKs" in hold'em and
short deck, "AsKsQdJd, AhAd2c3c:0.5" in Omaha, "random" in any of them.  2-7 and badugi
have no equity.  Without --samples every runout is played (exact), unless that is estimated
to take more than --exact-limit seconds of one thread (20 by default): then pass --samples,
or a larger --exact-limit (inf lifts it; short deck, stud, razz, stud hi-lo and Omaha ranges
count 250,000 runouts a second of it). Ctrl-C stops a long run (exit 130).

examples:
  pokereval equity AsAd KhKc
  pokereval equity AhKh QsQd --board "2h 7h 9c Jd"
  pokereval equity AhAd "QQ+,AKs" --board "2c 7d 9h"
  pokereval equity AsKs "QQ+,AKs" "JJ-88" --samples 1000000 --seed 7
  pokereval equity "Ah Kh Qd Jd" "2c 2d 7s 8s" --game omaha --json
  pokereval equity "As Ad Kc Kd 7h 2s" "Qh Qd Qc 9s 8s 3c" --game stud
"""


def add(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("equity", parents=[common], help=HELP, description=HELP, epilog=EXAMPLES)
    parser.add_argument("hands", nargs="+", metavar="HAND_OR_RANGE", help="2 to 10 hands or ranges")
    add_board(parser, "the board so far (0 to 5 cards)")
    parser.add_argument("--dead", "-d", metavar="CARDS", help="cards out of play (folded, burned, seen)")
    parser.add_argument("--samples", "-n", type=int, metavar="N", help="play N random runouts (Monte Carlo)")
    parser.add_argument(
        "--seed", "-s", type=int, metavar="S", help="the Monte Carlo seed, for a repeatable run"
    )
    parser.add_argument(
        "--threads", "-t", type=int, default=1, metavar="N", help="threads to use (default 1)"
    )
    parser.add_argument(
        "--exact-limit",
        type=_seconds,
        default=EXACT_LIMIT,
        metavar="SECONDS",
        help=f"the most estimated work of one thread to play exactly (default {EXACT_LIMIT:g}; inf lifts it)",
    )
    parser.set_defaults(run=run)


def _seconds(text: str) -> float:
    """--exact-limit: a positive number of seconds, or inf."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not seconds > 0:
        raise argparse.ArgumentTypeError(f"a positive number of seconds or inf, not {text!r}")
    return seconds


def compute(
    hands: list[str],
    *,
    board: str | None,
    dead: str | None,
    game: str,
    samples: int | None,
    seed: int | None,
    threads: int = 1,
    exact_limit: float = EXACT_LIMIT,
    lang: str = "en",
) -> EquityResult:
    """equity() with a progress bar on stderr for runs longer than half a second."""
    if seed is not None and samples is None:
        raise ValueError("--seed goes with --samples (exact runs have no randomness)")
    options: dict[str, Any] = {
        "board": board or None,
        "dead": dead or None,
        "game": game,
        "samples": samples,
        "seed": seed,
    }
    if exact_limit != EXACT_LIMIT:
        options["exact_limit"] = exact_limit
    if threads != 1:
        if not accepts(equity, "threads"):
            raise ValueError("this version of pokereval's equity runs on one thread; leave out --threads")
        options["threads"] = threads
    with_progress = accepts(equity, "progress")

    def work(report: Any) -> EquityResult:
        return equity(hands, **options, **({"progress": report} if with_progress else {}))

    return run_with_progress(work, word("working equity", lang))


def run(args: argparse.Namespace) -> int:
    out = output(args)
    spec = game_spec(args.game)
    result = compute(
        args.hands,
        board=args.board,
        dead=args.dead,
        game=spec.name,
        samples=args.samples,
        seed=args.seed,
        threads=args.threads,
        exact_limit=args.exact_limit,
        lang=args.lang,
    )
    if out.as_json:
        out.json(document(args.hands, args.board, args.dead, spec.name, result))
        return 0
    show(out, args.hands, args.board, result)
    return 0


def document(
    hands: list[str], board: str | None, dead: str | None, game: str, result: EquityResult
) -> dict[str, Any]:
    """The JSON of an equity run (see docs/cli.md)."""
    return {
        "game": game,
        "board": card_names(parse_cards(board)) if board else [],
        "dead": card_names(parse_cards(dead)) if dead else [],
        "exact": result.exact,
        "runs": result.runs,
        "seed": result.seed,
        "players": [
            {
                "hand": hand,
                "equity": share,
                "win": win,
                "tie": tie,
                "wins": wins,
                "ties": ties,
            }
            for hand, share, win, tie, wins, ties in zip(
                hands, result.equity, result.win, result.tie, result.wins, result.ties
            )
        ],
    }


def show(out: Output, hands: list[str], board: str | None, result: EquityResult) -> None:
    from rich.table import Table

    lang = out.lang
    table = Table(show_edge=False, box=None, pad_edge=False)
    # Numbers keep their width (at COLUMNS=10 each was an ellipsis); Output.show prints the
    # table no narrower than its widest range (at 80 columns, a pipe's, two long ranges were
    # cut to the same "22+,A2s+,...").
    table.add_column(word("hand", lang))
    for key in ("equity", "win", "tie"):
        table.add_column(word(key, lang), justify="right", no_wrap=True)
    for hand, share, win, tie in zip(hands, result.equity, result.win, result.tie):
        table.add_row(out.hand_label(hand), f"{100 * share:.2f}%", f"{100 * win:.2f}%", f"{100 * tie:.2f}%")
    if board:
        out.line(f"{word('board', lang)}: ", out.cards(parse_cards(board)))
    out.show(table)
    how = (
        word("exact", lang)
        if result.exact
        else f"{word('samples', lang)}, {word('seed', lang)} {result.seed}"
    )
    out.line(f"{counted(result.runs, RUNOUTS, lang)} ({how})")
