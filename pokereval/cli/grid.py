"""``pokereval grid``: the 13x13 starting-hand grid, of a range or of equity against one."""

from __future__ import annotations

import argparse
import math
from collections.abc import Mapping
from typing import Any

from .._words import equity_grid_heading, word
from ..games import game_spec
from ..plot import GRID, cell_color, equity_grid, range_grid, save_grid
from ..ranges import Range
from ._common import add_board, output
from ._output import Output
from ._work import run_with_progress

# The games its library call plays: --help lists them.
GAMES_PLAYED = ("holdem",)

HELP = "the 13x13 grid of starting hands, colored by a range or by equity against one"
EXAMPLES = """\
Pairs run down the diagonal, suited hands sit above it and offsuit hands below.
With RANGE the cells show the range; with --vs, each hand's equity against that range
(Monte Carlo, --samples runouts per cell, repeatable with --seed). -o writes a picture:
.svg needs nothing more, .png needs matplotlib (pip install "pokereval-cffi[plot]").

examples:
  pokereval grid "22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+"
  pokereval grid --vs "QQ+,AKs" -o grid.svg
  pokereval grid --vs "QQ+,AKs" --board "Qc 7s 2s" -o grid.png
  pokereval grid "QQ+,AKs" --json
"""


def add(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("grid", parents=[common], help=HELP, description=HELP, epilog=EXAMPLES)
    parser.add_argument("range", nargs="?", metavar="RANGE", help="a range to show, e.g. 'QQ+,AKs'")
    parser.add_argument("--vs", metavar="RANGE", help="color each hand by its equity against this range")
    add_board(parser, "the board for --vs")
    parser.add_argument("--dead", "-d", metavar="CARDS", help="cards out of play, for --vs")
    parser.add_argument(
        "--samples",
        "-n",
        type=int,
        metavar="N",
        help="runouts per cell for --vs (default 20000)",
    )
    parser.add_argument("--seed", "-s", type=int, metavar="S", help="the Monte Carlo seed (default 0)")
    parser.add_argument(
        "--output", "-o", metavar="FILE", help="write the picture to FILE (.svg, .png or .pdf)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    out = output(args)
    if game_spec(args.game).name != "holdem":
        raise ValueError("the starting-hand grid is for hold'em; leave out --game")
    if (args.range is None) == (args.vs is None):
        raise ValueError("give either a RANGE to show or --vs RANGE to color by equity")
    if args.range is not None:
        given = [
            f"--{name}" for name in ("board", "dead", "samples", "seed") if getattr(args, name) is not None
        ]
        if given:
            verb = "goes" if len(given) == 1 else "go"
            raise ValueError(f"{', '.join(given)} {verb} with --vs; a RANGE is shown as written")
        kind, title = "weight", str(Range(args.range))
        cells = range_grid(args.range)
    else:
        kind, title = "equity", f"equity vs {Range(args.vs)}"
        args.samples = 20_000 if args.samples is None else args.samples
        args.seed = 0 if args.seed is None else args.seed
        if args.samples < 1:
            raise ValueError(f"--samples must be a positive number of runouts, got {args.samples}")
        vs, board, dead, samples, seed = args.vs, args.board, args.dead, args.samples, args.seed
        cells = run_with_progress(
            lambda report: equity_grid(
                vs, board=board, dead=dead, samples=samples, seed=seed, progress=report
            ),
            word("working grid", out.lang),
        )
        if all(math.isnan(value) for value in cells.values()):
            # No hand has an equity: the range itself cannot be dealt (AA on a board of three
            # aces).  A grid of dashes and status 0 would pass for an answer.
            raise ValueError(f"--vs {args.vs!r} has no combo left without the board and the dead cards")
    if args.output is not None and not args.output.strip():
        raise ValueError("--output names no file (give a path ending .svg, .png or .pdf)")
    if args.output:
        path = save_grid(cells, args.output, title=title, kind=kind)
        if not out.as_json:
            out.line(f"{word('written', out.lang)} {path}")
    if out.as_json:
        out.json(
            {
                "kind": kind,
                "title": title,
                "cells": {name: _json_number(cells[name]) for r in GRID for name in r},
                "output": args.output,
            }
        )
    elif not args.output:
        if kind == "equity":
            out.line(equity_grid_heading(str(Range(args.vs)), out.lang))
        show(out, cells, kind)
    return 0


def _json_number(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 6)


def show(out: Output, cells: Mapping[str, float], kind: str) -> None:
    """The grid in the terminal: colored cells, or plain marks when colors are off."""
    from rich.text import Text

    color = out.console.color_system is not None
    for names in GRID:
        line = Text()
        for name in names:
            value = float(cells.get(name, 0.0))
            line.append(_cell(name, value, kind, color), style=_style(value, kind) if color else "")
        if not color:
            line.rstrip()
        out.line(line)


def _cell(name: str, value: float, kind: str, color: bool) -> str:
    if kind == "equity":
        text = "-" if math.isnan(value) else f"{100 * value:.0f}"
        return f"{name:<3} {text:>3} "  # a space apart even at 100: "AKs 100", not "AKs100"
    if not color and value == 0:
        return " .  "
    return f"{name:<4}"


def _style(value: float, kind: str) -> Any:
    rgb = cell_color(value, kind)
    ink = "black" if 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2] > 140 else "white"
    return f"{ink} on #{rgb[0]:02x}{rgb[1]:02x}{rgb[2]:02x}"
