"""``pokereval showdown``: who wins, each best five, and with chips the pots and payouts."""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from typing import Any

from .._checks import entries
from .._core import SETTLE_MAX_CHIPS
from .._words import word
from ..cards import parse_cards
from ..games import GameSpec, game_spec
from ..showdown import settle, showdown
from ._common import add_board, add_wild, label, output, rank_json, rank_parts
from ._output import Output, acting, card_names

HELP = "who wins a showdown; with --bets or --stacks, the pots and the payouts"
EXAMPLES = """\
Seats are NAME=CARDS or just CARDS (then named P1, P2, ...), in seat order: seat 1 is first
to the left of the button, which decides where odd chips go (in stud, stud hi-lo and razz
they go by card: the highest card by suit first, the lowest in a low game or half).

examples:
  pokereval showdown --board "As Ah Kd Qc Js" Anna=Tc2c Boris=Td9d Cleo=7h7s
  pokereval showdown --board "2c 7d 9h 3s 4c" Anna=AsAd Boris=KhKc Cleo=QsQd --stacks 1000,3000,3000
  pokereval showdown --board "2c 7d 9h 3s 4c" AsAd KhKc QsQd --bets 50,200,50 --folded P3
  pokereval showdown --board "2c 5d 8h Kc Ks" Anna=Ac3dQhQs Boris=KhKd4c4d --game omaha-hilo --bets 40,40
  pokereval showdown "Ac 2d 3h 4s 6c Kd Kh" "Ah 2c 3d 4h 5s Qs Qh" --game razz --json
  pokereval showdown --board "Ks Kc Kh 7d 2s" Anna=JkKd Boris=AsAd --bets 100,100 --wild joker
"""


def add(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("showdown", parents=[common], help=HELP, description=HELP, epilog=EXAMPLES)
    parser.add_argument(
        "seats", nargs="+", metavar="[NAME=]CARDS", help="each seat's cards, optionally named"
    )
    add_board(parser, "the board (none in stud, razz, 2-7 and badugi)")
    parser.add_argument(
        "--bets", metavar="CHIPS", help="what each seat put in the pot this hand, e.g. 100,300,300"
    )
    parser.add_argument(
        "--stacks",
        metavar="CHIPS",
        help="each seat's stack before the hand; without --bets every seat is all in",
    )
    parser.add_argument("--folded", metavar="NAMES", help="seats that folded, by name, e.g. P3 or Anna,Cleo")
    add_wild(parser)
    parser.set_defaults(run=run)


_SEAT = re.compile(r"\bseat (\d+)\b")


def _seat_words(error: ValueError, names: list[str], seats: Sequence[int]) -> ValueError:
    """A library error in the command line's numbering: the library counts the seats it was
    given from 0 (`seats` maps them to the table's), the command line counts from 1 and shows
    each seat by its name, so "seat 0" of the library is "seat 1 (Anna)" here."""

    def seat(match: re.Match[str]) -> str:
        given = int(match[1])
        if given >= len(seats):
            return match[0]
        number = seats[given]
        return f"seat {number + 1} ({names[number]})"

    return ValueError(_SEAT.sub(seat, str(error)))


def _seats(specs: Sequence[str]) -> tuple[list[str], list[str]]:
    names, cards = [], []
    for number, spec in enumerate(specs, 1):
        name, equals, held = spec.partition("=")
        if not equals:
            name, held = f"P{number}", spec
        name = name.strip()
        if not name:
            raise ValueError(f"seat {number} {spec!r} has an empty name")
        control = acting(name)
        if control is not None:  # an escape sequence or a line break would act as such
            raise ValueError(f"seat {number}'s name {name!r} holds the control character {control!r}")
        if "," in name:  # --folded takes names apart at commas
            raise ValueError(f"seat {number}'s name {name!r} holds a comma, which --folded reads as two")
        if name in names:
            raise ValueError(f"two seats are named {name!r}")
        names.append(name)
        cards.append(held)
    return names, cards


def _chips(text: str, option: str, seats: int) -> list[int]:
    parts = text.replace(" ", "").split(",")
    try:
        # ASCII digits (and a sign) only: int() also reads "1_000" and full-width digits
        if not all(re.fullmatch("[-+]?[0-9]+", part) for part in parts):
            raise ValueError
        chips = [int(part) for part in parts]
    except ValueError:
        raise ValueError(f"{option} takes whole chip counts separated by commas, got {text!r}") from None
    if len(chips) != seats:
        raise ValueError(f"{option} has {entries(len(chips))} for {seats} seat{'' if seats == 1 else 's'}")
    if any(chip < 0 for chip in chips):
        raise ValueError(f"{option} holds a negative amount: {text!r}")
    big = next((chip for chip in chips if chip > SETTLE_MAX_CHIPS), None)
    if big is not None:
        raise ValueError(f"{option} holds {big} chips for a seat; at most 2**48")
    return chips


def _folded(text: str | None, names: list[str]) -> list[bool]:
    flags = [False] * len(names)
    for name in filter(None, (part.strip() for part in (text or "").split(","))):
        if name not in names:
            raise ValueError(f"--folded names {name!r}, who is not at the table ({', '.join(names)})")
        if flags[names.index(name)]:
            raise ValueError(f"--folded names {name!r} twice")
        flags[names.index(name)] = True
    return flags


def _settle(
    args: argparse.Namespace, names: list[str], cards: list[str], board: str | None, folded: list[bool]
) -> Any:
    if args.bets is None and args.stacks is None:
        return None, None, None
    stacks = _chips(args.stacks, "--stacks", len(names)) if args.stacks is not None else None
    bets = _chips(args.bets, "--bets", len(names)) if args.bets is not None else stacks
    assert bets is not None
    if stacks is not None:
        for name, bet, stack in zip(names, bets, stacks):
            if bet > stack:
                raise ValueError(f"{name} put in {bet}, more than the stack of {stack}")
    return _settle_checked(names, bets, cards, board, folded, args), bets, stacks


def _settle_checked(
    names: list[str], bets: list[int], cards: list[str], board: str | None, folded: list[bool], args: Any
) -> Any:
    holes = [held or None for held in cards]
    try:
        return settle(
            contributions=bets, holes=holes, board=board, folded=folded, game=args.game, wild=args.wild
        )
    except ValueError as exc:
        raise _seat_words(exc, names, range(len(names))) from None


def _short_of_a_showdown(spec: GameSpec, held: str, board: str | None) -> bool:
    """Whether a hand cannot be valued yet: its board or (without a board) its cards are short."""
    try:
        if spec.showdown_board:
            return len(parse_cards(board or "")) < spec.showdown_board
        return len(parse_cards(held)) < spec.seat[0]
    except ValueError:
        return False  # the showdown words what is wrong with the cards


def _check_lone_count(
    spec: GameSpec, names: list[str], cards: list[str], board: str | None, seat: int
) -> None:
    """The last seat in holds a count of cards its game deals (a board game: all its hole
    cards; without a board: up to a full hand)."""
    on_board = len(parse_cards(board or ""))
    if spec.showdown_board and on_board in (1, 2):
        raise ValueError(f"a {spec.name} board has 3, 4 or 5 cards (none before the flop), got {on_board}")
    count = len(parse_cards(cards[seat]))
    fewest, most = spec.seat if spec.showdown_board else (1, spec.seat[1])
    if not fewest <= count <= most:
        span = str(fewest) if fewest == most else f"{fewest} to {most}"
        raise ValueError(
            f"seat {seat + 1} ({names[seat]}): {spec.name} needs {span} cards per seat, got {count}"
        )


class _Unseen:
    """The result of a "showdown" of one seat: it wins, and no hand is valued."""

    ranks = (None,)
    low_ranks = None
    winners = (0,)
    low_winners = ()


def run(args: argparse.Namespace) -> int:
    out = output(args)
    spec = game_spec(args.game)
    names, cards = _seats(args.seats)
    board = args.board or None
    folded = _folded(args.folded, names)
    live = [i for i in range(len(names)) if not folded[i]]
    if not live:
        raise ValueError("every seat folded: nobody is left to show down")
    if len(live) == 1 < len(names) and _short_of_a_showdown(spec, cards[live[0]], board):
        # One seat left before its hand or the board is complete: it wins without a showdown.
        # The cards are checked by settle's rules (a settlement of nothing), the count here.
        _settle_checked(names, [0] * len(names), cards, board, folded, args)
        _check_lone_count(spec, names, cards, board, live[0])
        result: Any = _Unseen()
    else:
        try:
            result = showdown(holes=[cards[i] for i in live], board=board, game=spec.name, wild=args.wild)
        except ValueError as exc:  # its seats are the live ones, from 0
            raise _seat_words(exc, names, live) from None
    settlement, bets, stacks = _settle(args, names, cards, board, folded)
    finals = _final_stacks(stacks, bets, settlement)
    lows = result.low_ranks or [None] * len(live)
    winners = [names[live[i]] for i in result.winners]
    low_winners = [names[live[i]] for i in result.low_winners]
    if out.as_json:
        out.json(_document(spec.name, board, names, cards, live, result, lows, settlement, finals, args.lang))
        return 0
    _print(out, spec.hilo, board, names, cards, live, result, lows, winners, low_winners)
    if settlement is not None:
        _print_settlement(out, names, settlement, finals)
    return 0


def _print(
    out: Output,
    hilo: bool,
    board: str | None,
    names: list[str],
    cards: list[str],
    live: list[int],
    result: Any,
    lows: Sequence[Any],
    winners: list[str],
    low_winners: list[str],
) -> None:
    lang = out.lang
    width = max(len(name) for name in [*names, word("board", lang)])
    if board:
        out.line(label(word("board", lang), width), out.cards(parse_cards(board)))
    for seat, rank, low in zip(live, result.ranks, lows):
        name = names[seat]
        parts: list[Any] = [
            label(name, width),
            out.cards(parse_cards(cards[seat])),
            "   ",
            *(rank_parts(out, rank) if rank is not None else [word("unseen", lang)]),
        ]
        out.line(*parts)
        if hilo and rank is not None:
            out.line(" " * (width + 2), f"{word('low', lang)}: ", *rank_parts(out, low))
    split = f" ({word('split', lang)})" if len(winners) > 1 else ""
    out.line(f"{word('winners', lang)}: {', '.join(winners)}{split}")
    if hilo and not isinstance(result, _Unseen):
        shown = ", ".join(low_winners) if low_winners else word("no low", lang)
        out.line(f"{word('low winners', lang)}: {shown}")


def _print_settlement(out: Output, names: list[str], settlement: Any, finals: list[int] | None) -> None:
    lang = out.lang
    for number, pot in enumerate(settlement.pots):
        title = word("main pot", lang) if number == 0 else f"{word('side pot', lang)} {number}"
        takers = [f"{names[seat]} {share}" for seat, share in enumerate(pot.shares) if share]
        eligible = ", ".join(names[seat] for seat in pot.eligible)
        out.line(f"{title} {pot.amount}: {', '.join(takers)}  ({word('eligible', lang)}: {eligible})")
    if settlement.uncalled is not None:
        seat, chips = settlement.uncalled
        out.line(f"{word('uncalled', lang)} {names[seat]}: {chips}")
    out.line(f"{word('payout', lang)}: " + ", ".join(f"{n} {p}" for n, p in zip(names, settlement)))
    if finals is not None:
        out.line(f"{word('stack', lang)}: " + ", ".join(f"{n} {s}" for n, s in zip(names, finals)))


def _final_stacks(stacks: list[int] | None, bets: list[int] | None, settlement: Any) -> list[int] | None:
    """Each stack after the hand: what it had, less what it put in, plus what it took."""
    if stacks is None or bets is None:
        return None
    return [stack - bet + paid for stack, bet, paid in zip(stacks, bets, settlement)]


def _document(
    game: str,
    board: str | None,
    names: list[str],
    cards: list[str],
    live: list[int],
    result: Any,
    lows: Sequence[Any],
    settlement: Any,
    finals: list[int] | None,
    lang: str,
) -> dict[str, Any]:
    ranks = dict(zip(live, result.ranks))
    low_of = dict(zip(live, lows))
    winners = {live[i] for i in result.winners}
    low_winners = {live[i] for i in result.low_winners}
    players = []
    for seat, name in enumerate(names):
        players.append(
            {
                "name": name,
                "cards": card_names(parse_cards(cards[seat])) if cards[seat] else [],
                "folded": seat not in ranks,
                "best": rank_json(ranks.get(seat), lang),
                "low": rank_json(low_of.get(seat), lang),
                "wins": seat in winners,
                "wins_low": seat in low_winners,
            }
        )
    document: dict[str, Any] = {
        "game": game,
        "board": card_names(parse_cards(board)) if board else [],
        "players": players,
        "winners": [names[s] for s in sorted(winners)],
        "low_winners": [names[s] for s in sorted(low_winners)],
        "settlement": None,
    }
    if settlement is not None:
        uncalled = settlement.uncalled
        document["settlement"] = {
            "pots": [
                {
                    "amount": pot.amount,
                    "eligible": [names[s] for s in pot.eligible],
                    "winners": [names[s] for s in pot.winners],
                    "low_winners": [names[s] for s in pot.low_winners],
                    "low_amount": pot.low_amount,
                    "shares": dict(zip(names, pot.shares)),
                }
                for pot in settlement.pots
            ],
            "uncalled": None if uncalled is None else {"name": names[uncalled[0]], "chips": uncalled[1]},
            "payouts": dict(zip(names, settlement)),
            "stacks": None if finals is None else dict(zip(names, finals)),
        }
    return document
