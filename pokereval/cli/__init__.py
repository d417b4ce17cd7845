"""The command line, ``pokereval ...`` or ``python -m pokereval``: one module per subcommand.

Each subcommand module (best, compare, showdown, equity, outs, draws, odds, strength, table,
range, grid, streets, replay, play) reads its
arguments, calls the public API and hands the results to :mod:`pokereval.cli._output`,
which does all the writing.  Exit status: 0 on success, 2 for bad input (one line on
stderr, never a traceback), 130 when stopped with Ctrl-C.  A reader that closes the pipe
early (``pokereval ... | head -1``) ends the command quietly.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence

from .. import __version__
from . import (
    best,
    compare,
    draws,
    equity,
    grid,
    odds,
    outs,
    play,
    range_,
    replay,
    showdown,
    streets,
    strength,
    table,
)
from ._common import Parser, options
from ._output import harden

__all__ = ["build_parser", "main"]

_COMMANDS = (
    best, compare, showdown, equity, outs, draws, odds, strength, table, range_, grid, streets, replay, play,
)
# The library's messages name its keyword arguments ("pass samples="); here they are options.
_KEYWORD = re.compile(r"\b(board|dead|samples|seed|threads|wild)= ?")
_DESCRIPTION = """\
Poker hands at the command line: the best hand, who wins, equity, ranges and pictures.
Every subcommand takes --game, --lang en|ru|bg, --json and --ascii; see
'pokereval COMMAND --help' for its examples.
"""


def build_parser() -> Parser:
    """The argument parser with every subcommand."""
    import argparse

    parser = Parser(
        prog="pokereval", description=_DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--version", action="version", version=f"pokereval {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=Parser)
    common = options()
    for command in _COMMANDS:
        command.add(sub, common)
    for choice in sub.choices.values():
        choice.formatter_class = argparse.RawDescriptionHelpFormatter
    return parser


def _quiet_stdout() -> None:
    # The reader went away: point stdout at /dev/null so the flush at exit has nowhere to fail.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover  (stdout without a file descriptor)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input, 130 on Ctrl-C).

    >>> main(["best", "As Ks Qs Js Ts", "--ascii"])
    best: As Ks Qs Js Ts  Royal flush (value 7462)
    0
    """
    for stream in (sys.stdout, sys.stderr):
        harden(stream)
    try:
        args = build_parser().parse_args(argv)
        try:
            status = int(args.run(args))
        except (ValueError, TypeError) as exc:
            message = _KEYWORD.sub(r"--\1 ", str(exc).replace("\n", " "))
            print(f"pokereval {args.command}: {message}", file=sys.stderr)
            return 2
        sys.stdout.flush()
        return status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _quiet_stdout()
        return 0
