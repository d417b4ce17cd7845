"""``pokereval table``: how often each category comes, with the conditions that says so;
``pokereval table preflop`` builds the shipped preflop tables on Dask."""

from __future__ import annotations

import argparse

from .._words import number, odds_against, word
from ..analysis import category_table
from ..analysis.categories import _TABLE_GAMES
from ..games import game_spec
from ._common import output
from ._work import run_with_progress

# The games its library call plays: --help lists them.
GAMES_PLAYED = tuple(_TABLE_GAMES)

HELP = "the frequency of each category for a random hand of some cards (or: table preflop)"
EXAMPLES = """\
examples:
  pokereval table
  pokereval table --cards 5
  pokereval table --cards 7 --game shortdeck --json
  pokereval table preflop --out tables/          # the preflop tables, on a LocalCluster here
  pokereval table preflop --scheduler tcp://host:8786 --out tables/   # on a real cluster
"""


def add(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("table", parents=[common], help=HELP, description=HELP, epilog=EXAMPLES)
    parser.add_argument(
        "what",
        nargs="?",
        choices=("categories", "preflop"),
        default="categories",
        help="categories (default): a random hand's categories; preflop: build the preflop tables",
    )
    parser.add_argument("--cards", "-c", type=int, metavar="N", help="categories: cards dealt (default 7)")
    parser.add_argument("--scheduler", help="preflop: a Dask scheduler (default: a LocalCluster)")
    parser.add_argument(
        "--out",
        metavar="DIR",
        help="preflop: the folder the two .npz tables go in, made if missing (default: the"
        " package's own data folder, overwriting the tables it ships)",
    )
    parser.add_argument("--chunks", help="preflop: folder of finished chunks (default preflop-chunks)")
    parser.set_defaults(run=run)


def build_preflop(args: argparse.Namespace) -> int:
    """Build the heads-up and multiway preflop tables through pokereval.dask (the dask extra)."""
    try:
        from .. import dask as pe_dask
        from ..equity import preflop
    except ImportError as exc:
        # pokereval.dask's own words name the extra and the install line; said once.
        words = str(exc)
        if "pokereval-cffi[dask]" not in words:
            words = f"needs the dask extra (pip install 'pokereval-cffi[dask]'): {words}"
        raise ValueError(f"table preflop {words.removeprefix('pokereval.dask ')}") from None
    out = args.out if args.out is not None else str(preflop.DATA)
    # Dask reports each finished chunk; the command's progress bar shows them.
    run_with_progress(
        lambda report: pe_dask.preflop_tables(
            out,
            folder="preflop-chunks" if args.chunks is None else args.chunks,
            scheduler=args.scheduler,
            progress=report,
        ),
        word("working preflop", args.lang),
    )
    return 0


def run(args: argparse.Namespace) -> int:
    # Each kind reads options of its own; one given to the other was dropped without a word.
    if args.what == "preflop":
        if args.cards is not None:
            raise ValueError("--cards is for table categories; the preflop tables deal hold'em hole cards")
        game = game_spec(args.game).name
        if game != "holdem":
            raise ValueError(f"the preflop tables are hold'em's, not {game}'s")
        return build_preflop(args)
    given = [f"--{name}" for name in ("out", "scheduler", "chunks") if getattr(args, name) is not None]
    if given:
        raise ValueError(f"{', '.join(given)}: for table preflop, not table categories")
    out = output(args)
    table = category_table(7 if args.cards is None else args.cards, game=game_spec(args.game).name)
    if out.as_json:
        out.json(
            {
                "game": table.game,
                "deck": table.deck,
                "cards": table.cards,
                "hands": table.hands,
                "conditions": table.conditions,
                "rows": [
                    {
                        "category": r.category.name,
                        "count": r.count,
                        "probability": r.probability,
                        "odds_against": r.odds_against,
                    }
                    for r in table
                ],
            }
        )
        return 0
    out.line(table.describe(args.lang))
    names = {r.category: r.category.describe(args.lang).lower() for r in table}
    width = max(map(len, names.values()))
    for row in table:
        name = names[row.category]
        share = f"{100 * row.probability:9.4f}%"
        count, against = number(row.count, args.lang), odds_against(row.odds_against, args.lang)
        out.line(f"{name:<{width}}  {count:>13}  {share}  {against:>16}")
    return 0
