"""What the subcommands share: the common options, reading a result's halves, JSON of a rank."""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from typing import Any

from .._words import LANGS, word
from ..cards import parse_cards
from ..games import GAMES, game_spec
from ..rank import HandRank
from ._output import Output, card_names


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line on stderr (exit 2), like every error."""

    def error(self, message: str) -> Any:  # argparse declares NoReturn; mypy sees Any fine
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")

    def refuse_extra(self, extras: list[str], words: Sequence[str]) -> Any:
        """Words no argument took, named by this (sub)command.  Cards left over where an option's
        cards were given as several words ("--board 2h 7h 9c") get the hint to quote them."""
        message = f"unrecognized arguments: {' '.join(extras)}"
        split = any(
            word.startswith("-") and _all_cards(words[i + 1]) and _all_cards(words[i + 2])
            for i, word in enumerate(words[:-2])
        )
        if _all_cards(" ".join(extras)) and split:
            message += (
                "; the cards of an option go in one word or in quotes,"
                " e.g. --board '2h 7h 9c' or --board 2h7h9c"
            )
        return self.error(message)


def _all_cards(text: str) -> bool:
    try:
        return bool(parse_cards(text))
    except ValueError:
        return False


def options(
    *, game: bool = True, lang: bool = True, games: Sequence[str] | None = None
) -> argparse.ArgumentParser:
    """The options the subcommands share: --game and --lang (for a command that reads them),
    --json, --ascii.  `games`: the games the command's library call plays, when not all (its
    help lists them; the call refuses the others by name)."""
    common = argparse.ArgumentParser(add_help=False)
    if game:
        if games is None:
            words = f"the game: {', '.join(GAMES)} or an alias such as plo (default holdem)"
        elif list(games) == ["holdem"]:
            words = "the game: holdem alone (the default); another game is refused"
        else:
            words = (
                f"the game: {', '.join(games)}, or an alias of one (default holdem); another game is refused"
            )
        common.add_argument("--game", "-g", default="holdem", metavar="GAME", help=words)
    if lang:
        common.add_argument(
            "--lang", "-l", default="en", choices=LANGS, help="language of the output (default en)"
        )
    common.add_argument("--json", action="store_true", help="print JSON for scripts (shape in docs/cli.md)")
    common.add_argument("--ascii", action="store_true", help="suits as letters s h d c instead of symbols")
    return common


class _Joined(argparse.Action):
    """Cards given as one word or several ("AsKs", "As Ks" or As Ks): stored as one text."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, " ".join(values))


def add_cards(parser: argparse.ArgumentParser, name: str, help: str) -> None:
    """A player's cards as the one positional argument: quoted or not (As Ks Qs Js Ts)."""
    parser.add_argument(name, nargs="+", action=_Joined, metavar=name.upper(), help=help)


def add_board(parser: argparse.ArgumentParser, what: str = "the shared cards") -> None:
    parser.add_argument("--board", "-b", default=None, metavar="CARDS", help=f"{what}, e.g. 'Ks Kh Qd'")


def output(args: argparse.Namespace) -> Output:
    return Output(lang=getattr(args, "lang", "en"), ascii_only=args.ascii, as_json=args.json)


def need_board(game: str, board: str | None) -> None:
    """Omaha plays two hole cards with three board cards: say so in the command line's words;
    and a game without a board (stud, razz, 2-7, badugi) takes no --board (``best`` played its
    cards as the hand's, and ``compare`` gave both hands the same card)."""
    spec = game_spec(game)
    if not spec.showdown_board and (board or "").strip():
        raise ValueError(spec.too_many_board_cards(len(parse_cards(board or ""))))
    if spec.hole is not None and not (board or "").strip():
        given = "--board is empty" if board is not None else "pass the board with --board"
        raise ValueError(f"{spec.counts_text()}; {given}")


def board_hint(game: str, board: str | None, error: ValueError) -> ValueError:
    """A hand too short to evaluate in a game with a board, and no --board: the error says
    to pass one, as the Omaha one does; any other error is returned as it is."""
    spec = game_spec(game)
    got = re.search(r"cards, got (\d+)", str(error))
    if board or not spec.showdown_board or got is None:
        return error
    if int(got[1]) >= spec.hand[0]:  # too many cards: a board would not help
        return error
    return ValueError(f"{error}; pass the board with --board")


def halves(result: Any) -> tuple[HandRank, HandRank | None]:
    """(high, low) of an evaluation; low is None outside hi-lo or when no low qualifies."""
    if isinstance(result, tuple):
        return result[0], result[1]
    return result, getattr(result, "low", None)


def rank_json(rank: HandRank | None, lang: str) -> dict[str, Any] | None:
    """A rank as JSON: value, category name (or null), best five, words."""
    if rank is None:
        return None
    category = rank.category
    document: dict[str, Any] = {
        "value": int(rank),
        "category": category.name if category is not None else None,
        "best_five": card_names(rank.best_five),
        "description": rank.describe(lang),
    }
    stands = stands_for(rank)
    if stands is not None:
        document["stands_for"] = card_names(stands)
    return document


def rank_parts(out: Output, rank: HandRank | None) -> list[Any]:
    """The pieces of a rank's line: its best five, its words, its value."""
    if rank is None:
        return [word("no low", out.lang)]
    cards: list[Any] = [out.cards(rank.best_five)]
    stands = stands_for(rank)
    if stands is not None:
        cards += [" = ", out.cards(stands)]
    return [*cards, "  ", rank.describe(out.lang), f" ({word('value', out.lang)} {int(rank)})"]


def stands_for(rank: HandRank) -> tuple[Any, ...] | None:
    """What the best five play as, when wild cards stand for others; else None."""
    stands = getattr(rank, "stands_for", None)
    if not stands or tuple(stands) == tuple(rank.best_five):
        return None
    return tuple(stands)


def add_wild(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--wild",
        "-w",
        choices=("joker", "bug", "deuces"),
        default=None,
        help="wild cards (hold'em and stud): jokers (Jk) play as any card, the bug (a joker that "
        "plays as an ace or completes a straight or flush), or deuces wild",
    )


def label(text: str, width: int = 0) -> str:
    """'text:' padded so that what follows starts in column width + 2."""
    return f"{text}:".ljust(max(width, len(text)) + 2)
