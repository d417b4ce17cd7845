"""The command line, ``pokereval ...`` or ``python -m pokereval``: one module per subcommand.

Each subcommand module (best, compare, showdown, equity, outs, draws, odds, strength, table,
range, grid, streets, report, icm, replay, play) reads its
arguments, calls the public API and hands the results to :mod:`pokereval.cli._output`,
which does all the writing.  Exit status: 0 on success, 2 for bad input or a file that
cannot be read or written (one line on stderr, never a traceback), 130 when stopped with
Ctrl-C.  A reader that closes the pipe early (``pokereval ... | head -1``) ends the command
quietly.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, cast

from .._version import DISTRIBUTION, __version__
from . import (
    best,
    compare,
    draws,
    equity,
    grid,
    icm,
    odds,
    outs,
    play,
    range_,
    replay,
    report,
    showdown,
    streets,
    strength,
    table,
)
from ._common import Parser, options
from ._output import harden

__all__ = ["build_parser", "main"]

_COMMANDS = (
    best,
    compare,
    showdown,
    equity,
    outs,
    draws,
    odds,
    strength,
    table,
    range_,
    grid,
    streets,
    report,
    icm,
    replay,
    play,
)
# The library's messages name its keyword arguments ("pass samples="); here they are options.
_KEYWORD = re.compile(r"\b(board|dead|samples|seed|threads|wild|exact_limit)= ?")


def _description() -> str:
    """The top help: which subcommands take which common options, read off the commands
    themselves (``TAKES_GAME``, ``TAKES_LANG``), so the sentence cannot drift from them."""

    def names(attribute: str) -> str:
        left = [command.__name__.rsplit(".", 1)[1].rstrip("_") for command in _COMMANDS]
        without = [name for name, command in zip(left, _COMMANDS) if not getattr(command, attribute, True)]
        return ", ".join(without[:-1]) + " and " + without[-1] if len(without) > 1 else "".join(without)

    return (
        "Poker hands at the command line: the best hand, who wins, equity, ranges and pictures.\n"
        "Every subcommand takes --ascii and --json (play, which is interactive, refuses --json);\n"
        f"all but {names('TAKES_GAME')} take --game, and all but {names('TAKES_LANG')} take\n"
        "--lang en|ru|bg.  See 'pokereval COMMAND --help' for its options and examples.\n"
    )


# The distribution this project published under before it took its own name: another
# project owns "pokereval" on PyPI, and both install the import name pokereval.
_OLD_NAME = "pokereval"


def version_text() -> str:
    """What ``pokereval --version`` prints: the distribution (the name pip knows), its version
    and, when the unrelated ``pokereval`` distribution is installed too, how to part them.

    >>> version_text().splitlines()[0]
    'pokereval-cffi 0.1.0 (import pokereval)'
    """
    from importlib import metadata

    import pokereval

    text = f"{DISTRIBUTION} {__version__} (import pokereval)"
    # From PyPI, or from the source tree the package was installed from (no release yet).
    reinstall = f"pip install --force-reinstall {DISTRIBUTION} (or, in a source tree: pip install"
    reinstall += " --force-reinstall .)"
    if getattr(pokereval, "__file__", None) is None:
        # No pokereval/__init__.py: uninstalling the other distribution deleted the files the
        # two share, and what is left imports as an empty namespace package.
        return (
            f"{text}\nwarning: the package's own files are gone (pokereval has no __init__.py, so"
            f" `import pokereval` finds nothing in it; uninstalling the other {_OLD_NAME!r} removes"
            f" the files both write); run: {reinstall}"
        )
    try:
        other = metadata.version(_OLD_NAME)
    except metadata.PackageNotFoundError:
        return text
    return (
        f"{text}\nwarning: the distribution {_OLD_NAME!r} {other} is installed too and also writes the"
        f" import name pokereval; run: pip uninstall {_OLD_NAME} && {reinstall}"
    )


class _Version(argparse.Action):
    """--version, worked out only when asked (it reads the installed distributions)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, argparse.SUPPRESS, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(version_text())
        parser.exit()


def build_parser() -> Parser:
    """The argument parser with every subcommand."""
    parser = Parser(
        prog="pokereval", description=_description(), formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--version", action=_Version, help="show the distribution and version, and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=Parser)
    for command in _COMMANDS:
        # A command that prints only English, or whose game is fixed, offers no --lang or --game.
        command.add(
            sub,
            options(
                game=getattr(command, "TAKES_GAME", True),
                lang=getattr(command, "TAKES_LANG", True),
                games=getattr(command, "GAMES_PLAYED", None),
            ),
        )
    for choice in sub.choices.values():
        choice.formatter_class = argparse.RawDescriptionHelpFormatter
    return parser


def _commands(parser: Parser) -> dict[str, Parser]:
    """The subcommands' parsers by name."""
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return cast(dict[str, Parser], sub.choices)


def _glue_values(parser: Parser, argv: Sequence[str]) -> list[str]:
    """``--bets -5,10`` as ``--bets=-5,10``: argparse takes a value that starts with "-" (and
    is not a plain negative number) for an option and stops with "expected one argument";
    glued to its option, the value reaches the command, which says what is wrong with it."""
    words = list(argv)
    commands = _commands(parser)
    command = next((word for word in words if word in commands), None)
    if command is None:
        return words
    actions = commands[command]._option_string_actions
    takes_value = {name for name, action in actions.items() if action.nargs is None}

    def takes(word: str) -> bool:
        # argparse reads a unique prefix of a long option as the option: "--bet" is "--bets".
        named = [name for name in actions if name.startswith(word)] if word.startswith("--") else [word]
        return word in takes_value or (len(named) == 1 and named[0] in takes_value)

    glued: list[str] = []
    for word in words:
        if glued and takes(glued[-1]) and _NEGATIVE.match(word):
            glued[-1] = f"{glued[-1]}={word}"
        else:
            glued.append(word)
    return glued


# A value, not an option, though it starts with "-": a negative number, -inf or -nan (which
# argparse took for an option: "expected one argument").
_NEGATIVE = re.compile(r"-(?:[0-9.]|(?:inf|infinity|nan)$)", re.IGNORECASE)


def _refuse_repeats(parser: Parser, words: Sequence[str]) -> None:
    """An option that takes a value given twice (``--board 'Qs Js Ts' --board '2c 3c 4c'``,
    ``--vs QsQd --vs JcJd``, ``--dead 2c --dead 3c``) is refused: argparse would keep the
    last and silently drop the first, and the answer would be to another question."""
    commands = _commands(parser)
    command = next((word for word in words if word in commands), None)
    if command is None:
        return
    sub = commands[command]
    actions = sub._option_string_actions
    seen: dict[int, str] = {}
    for word in words[list(words).index(command) + 1 :]:
        if word == "--":
            break
        if not word.startswith("-") or word == "-" or _NEGATIVE.match(word):
            continue
        name = word.split("=", 1)[0] if word.startswith("--") else word[:2]
        if name.startswith("--") and name not in actions:
            named = [option for option in actions if option.startswith(name)]
            name = named[0] if len(named) == 1 else name
        action = actions.get(name)
        if action is None or action.nargs == 0:
            continue
        if id(action) in seen:
            option = "/".join(action.option_strings)
            sub.error(f"argument {option}: given twice ({seen[id(action)]} and {name}); give it once")
        seen[id(action)] = name


def _quiet_stdout() -> None:
    # The reader went away: point stdout at /dev/null so the flush at exit has nowhere to fail.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover  (stdout without a file descriptor)
        pass


def _as_option(parser: Parser, command: str) -> Callable[[re.Match[str]], str]:
    """Rewrites "samples=" as "--samples " where `command` has that option; a keyword it
    lacks stays as the library wrote it."""
    known = set(_commands(parser)[command]._option_string_actions)

    def option(match: re.Match[str]) -> str:
        name = "--" + match[1].replace("_", "-")
        return f"{name} " if name in known else match[0]

    return option


def _options_of(parser: Parser, command: str, message: str) -> str:
    """A library message in the words of `command`'s options: "pass board=None" is "leave
    out --board" (--board None would read None as cards), "samples=" is "--samples ", and
    advice to pass wild= to a command without --wild says that it takes no wild cards.

    >>> _options_of(build_parser(), "showdown", "razz has no board; pass board=None")
    'razz has no board; leave out --board'
    >>> _options_of(build_parser(), "outs", "joker 'Jk' plays only with wild='joker'")
    "joker 'Jk' plays only with wild='joker' (pokereval outs takes no wild cards)"
    """
    known = set(_commands(parser)[command]._option_string_actions)
    message = re.sub(
        r"pass (\w+)=None",
        lambda m: f"leave out --{m[1]}" if f"--{m[1]}" in known else m[0],
        message,
    )
    message = _KEYWORD.sub(_as_option(parser, command), message)
    if "wild=" in message and "--wild" not in known:
        message += f" (pokereval {command} takes no wild cards)"
    return message


def _board_hint(args: argparse.Namespace, message: str) -> str:
    """Hole cards and the board run on as one positional argument (``pokereval outs AhKh "2h 7h
    9c"``, the Python call's order): more hole cards than the game deals and no --board.

    >>> _board_hint(argparse.Namespace(board=None), "holdem deals 2 hole cards, got 5")
    '; pass the board with --board'
    """
    got = re.search(r"deals (\d+)(?: to (\d+))? hole cards, got (\d+)$", message)
    if "board" not in vars(args) or args.board is not None or got is None:
        return ""
    return "; pass the board with --board" if int(got[3]) > int(got[2] or got[1]) else ""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input, 130 on Ctrl-C).

    >>> main(["best", "As Ks Qs Js Ts", "--ascii"])
    best: As Ks Qs Js Ts  Royal flush (value 7462)
    0
    """
    # A stream the shell closed (``>&-``, ``2>&-``) is None in Python: what would go there is
    # dropped, as a closed pipe's is, instead of an AttributeError's traceback.
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")
    for stream in (sys.stdout, sys.stderr):
        harden(stream)
    try:
        parser = build_parser()
        words = _glue_values(parser, sys.argv[1:] if argv is None else argv)
        _refuse_repeats(parser, words)
        args, extras = parser.parse_known_args(words)
        if extras:
            # Named by the subcommand, unless a word stands before it (``pokereval --json equity``).
            early = words.index(args.command) > words.index(extras[0]) if extras[0] in words else False
            (parser if early else _commands(parser)[args.command]).refuse_extra(extras, words)
        try:
            status = int(args.run(args))
        except (ValueError, TypeError, ImportError) as exc:  # ImportError: an optional extra missing
            message = _options_of(parser, args.command, str(exc).replace("\n", " "))
            message += _board_hint(args, message)
            print(f"pokereval {args.command}: {message}", file=sys.stderr)
            return 2
        except BrokenPipeError:
            raise
        except OSError as exc:  # a file to read or write (-o FILE) that cannot be opened
            where = f"cannot use {exc.filename!r}: " if exc.filename else ""
            print(f"pokereval {args.command}: {where}{exc.strerror or exc}", file=sys.stderr)
            return 2
        sys.stdout.flush()
        return status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _quiet_stdout()
        return 0
