"""``pokereval table``: how often each category comes, with the conditions that says so."""

from __future__ import annotations

import argparse

from ..analysis import category_table
from ..games import game_spec
from ._common import output

HELP = "the frequency of each category for a random hand of some cards"
EXAMPLES = """\
examples:
  pokereval table
  pokereval table --cards 5
  pokereval table --cards 7 --game shortdeck --json
"""


def add(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("table", parents=[common], help=HELP, description=HELP, epilog=EXAMPLES)
    parser.add_argument("--cards", "-c", type=int, default=7, metavar="N", help="cards dealt (default 7)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    out = output(args)
    table = category_table(args.cards, game=game_spec(args.game).name)
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
    out.line(table.conditions)
    width = max(len(r.category.name) for r in table)
    for row in table:
        name = row.category.name.replace("_", " ").lower()
        share = f"{100 * row.probability:9.4f}%"
        out.line(f"{name:<{width}}  {row.count:>13,}  {share}  {row.odds_against:>12,.2f} : 1")
    return 0
