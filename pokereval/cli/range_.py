"""``pokereval range``: a range's combos and its 13x13 grid."""

from __future__ import annotations

import argparse

from .._words import COMBOS, counted, word
from ..games import game_spec
from ..plot import GRID, class_of, range_grid
from ..ranges import Range
from . import grid
from ._common import output

# The games its library call plays: --help lists them.
GAMES_PLAYED = ("holdem",)

HELP = "the combos of a hold'em range and its 13x13 grid"
EXAMPLES = """\
Ranges use the usual notation: QQ+ (pairs from queens up), AKs (suited), AKo (offsuit),
A5s-A2s (a span), AhKh (one combo), AKs:0.5 (a weight).

examples:
  pokereval range "QQ+,AKs"
  pokereval range "22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+" --ascii
  pokereval range "AKs:0.5,AhKh" --json
"""

_ALL_COMBOS = 1326


def add(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("range", parents=[common], help=HELP, description=HELP, epilog=EXAMPLES)
    parser.add_argument("range", metavar="RANGE", help="the range, e.g. 'QQ+,AKs'")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    out = output(args)
    if game_spec(args.game).name != "holdem":
        raise ValueError("ranges are for hold'em; leave out --game")
    hands = Range(args.range)
    weights = [float(w) for w in hands.weights]
    weight = sum(weights)
    cells = range_grid(hands)
    if out.as_json:
        out.json(
            {
                "range": str(hands),
                "combos": len(hands),
                "weight": weight,
                "fraction": weight / _ALL_COMBOS,
                "hands": [{"cards": f"{a}{b}", "weight": w} for (a, b), w in zip(hands.combos, weights)],
                "classes": {name: cells[name] for row in GRID for name in row if cells[name]},
            }
        )
        return 0
    lang = out.lang
    weighted = f", {word('weight', lang)} {weight:g}" if weight != len(hands) else ""
    out.line(
        f"{hands}: {counted(len(hands), COMBOS, lang)}{weighted}, "
        f"{100 * weight / _ALL_COMBOS:.1f}% {word('of hands', lang)}"
    )
    by_class: dict[str, list[object]] = {}
    for (a, b), w in zip(hands.combos, weights):
        parts = by_class.setdefault(class_of(a, b), [])
        parts.append(" ")
        parts.append(out.cards((a, b), sep=""))
        if w != 1.0:
            parts.append(f":{w:g}")
    width = max(map(len, by_class))
    for name, parts in by_class.items():
        out.line(f"{name}:".ljust(width + 1), *parts)  # type: ignore[arg-type]
    grid.show(out, cells, "weight")
    return 0
