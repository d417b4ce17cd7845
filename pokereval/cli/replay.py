"""``pokereval replay``: a hand history (PHH) street by street, with the pot and the result."""

from __future__ import annotations

import argparse
import datetime
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

from ..cards import card_ids
from ..engine import Hand, phh_fields, read_phh
from ..engine.phh import check_finish, tables_of_hands
from ._common import output
from ._output import Output, card_names

# the history names its game; the replay is written in English: the shared options it reads are only these.
TAKES_GAME = False
TAKES_LANG = False

HELP = "replay a hand history (PHH) street by street, with the pot and the result"
EXAMPLES = """\
examples:
  pokereval replay dwan-ivey-2009.phh
  pokereval replay hand.phh --ascii
  pokereval replay hand.phh --json
"""


def add(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("replay", parents=[common], help=HELP, description=HELP, epilog=EXAMPLES)
    parser.add_argument("file", help="a .phh hand history")
    parser.set_defaults(run=run)


def _chips(hand: Hand, amount: int) -> str:
    scale = hand.chip_unit
    if scale == 1:
        return f"{amount:,}"
    return f"{amount / scale:,.{len(str(scale)) - 1}f}"


def _units(hand: Hand, amount: int) -> Decimal:
    """Chips in the hand's own units, as its history writes them: 10375 hundredths is 103.75."""
    return Decimal(amount) / hand.chip_unit  # exact: the unit is a power of ten


def _number(hand: Hand, amount: int) -> int | float:
    """An amount for the JSON document, in the history's units: an integer when whole."""
    value = _units(hand, amount)
    return int(value) if value == value.to_integral_value() else float(value)


def _name(hand: Hand, seat: int, players: list[str]) -> str:
    number = (seat - hand.button - 1) % hand.seats
    label = f"p{number + 1}"
    if number < len(players) and players[number]:
        label += f" {players[number]}"
    return label


class _Replay:
    """The hand being replayed and what is printed of it."""

    def __init__(self, hand: Hand, players: list[str], out: Output) -> None:
        self.hand = hand
        self.players = players
        self.out = out
        self.street = -1
        self.document: dict[str, Any] = {"streets": []}

    def who(self, seat: int) -> str:
        return _name(self.hand, seat, self.players)

    def new_street(self) -> None:
        """A street's header, as it begins: its name and the pot carried into it (a bet nobody
        could match is not in it: it goes back)."""
        hand = self.hand
        self.street = hand.street
        back = hand.uncalled
        pot = hand.pot - (back[1] if back else 0)
        self.document["streets"].append(
            {"street": hand.street_name, "pot": _number(hand, pot), "actions": []}
        )
        if not self.out.as_json:
            self.out.line(f"{hand.street_name}  (pot {_chips(hand, pot)})")

    def say(self, words: list[Any], record: str) -> None:
        if self.document["streets"]:
            self.document["streets"][-1]["actions"].append(record)
        if not self.out.as_json:
            self.out.line("  ", *words)

    def act(self, action: str) -> None:
        hand = self.hand
        text = action.split("#", 1)[0].strip()
        if not text:
            return
        if self.street < 0:
            self.new_street()
        before_actor = hand.actor
        to_call = hand.to_call
        kind = hand.raise_kind
        words = text.split()
        hand.act(action)
        # The cards a deal or a discard ("d dh p1 CARDS", "p1 sd CARDS", "sd CARDS") took.
        move = words[1:] if re.fullmatch(r"p([0-9]+)", words[0]) else words
        given = words[3:] if words[:2] == ["d", "dh"] else move[1:] if move[0] == "sd" else []
        count = _card_count(given[0]) if given else 0
        if words[0] == "d":
            if words[1] == "dh":
                seat = (hand.button + int(words[2][1:])) % hand.seats
                dealt = words[3]
                cards = [card for card in hand.holes[seat][-count:] if card is not None]
                shown: Any = self.out.cards(cards) if len(cards) == count else dealt
                self.say([f"{self.who(seat)} is dealt ", shown], f"{self.who(seat)} is dealt {dealt}")
            else:
                board = [card for card in hand.board if card is not None]
                self.say(["board ", self.out.cards(board)], f"board {' '.join(card_names(board))}")
        else:
            self.player_move(words, before_actor, to_call, kind, count)
        if hand.street != self.street and not hand.done:
            self.new_street()

    def player_move(
        self, words: list[str], actor: int | None, to_call: int, kind: str | None, count: int = 0
    ) -> None:
        hand = self.hand
        named = re.fullmatch(r"p([0-9]+)", words[0]) is not None
        code, args = (words[1], words[2:]) if named else (words[0], words[1:])
        # The seat the action names (a show or muck may come while another seat is to draw),
        # else the one that was to act.
        seat = (hand.button + int(words[0][1:])) % hand.seats if named else actor
        assert seat is not None  # the engine took the move: someone made it
        who = self.who(seat)
        if code == "f":
            self.say([f"{who} folds"], f"{who} folds")
        elif code == "cc":
            all_in = " (all in)" if to_call and hand.stacks[seat] == 0 else ""
            what, record = (
                (f"calls {_chips(hand, to_call)}{all_in}", f"calls {_units(hand, to_call):f}{all_in}")
                if to_call
                else ("checks", "checks")
            )
            self.say([f"{who} {what}"], f"{who} {record}")
        elif code == "pb":
            self.say([f"{who} brings in"], f"{who} brings in")
        elif code == "cbr":
            verb = {"bet": "bets", "complete": "completes to"}.get(kind or "raise", "raises to")
            all_in = " (all in)" if hand.stacks[seat] == 0 else ""
            chips = int(Decimal(args[0]) * hand.chip_unit)  # an amount the engine took
            record = f"{who} {verb} {_units(hand, chips):f}{all_in}"
            self.say([f"{who} {verb} {_chips(hand, chips)}{all_in}"], record)  # as calls and pots are
        elif code == "sd":
            what = "stands pat" if count == 0 else f"discards {count}"
            self.say([f"{who} {what}"], f"{who} {what}")
        elif code == "sm":
            if args:
                shown = [card for card in hand.holes[seat] if card is not None]
                self.say(
                    [f"{who} shows ", self.out.cards(shown)], f"{who} shows {' '.join(card_names(shown))}"
                )
            else:
                self.say([f"{who} mucks"], f"{who} mucks")

    def result(self) -> None:
        hand = self.hand
        document = self.document
        document["done"] = hand.done
        document["stacks"] = [_number(hand, chips) for chips in hand.stacks]
        document["payoffs"] = [_number(hand, chips) for chips in hand.payoffs]
        settlement = hand.settlement
        if settlement is not None:
            document["pots"] = [
                {
                    "amount": _number(hand, pot.amount),
                    "winners": list(pot.winners),
                    "low_winners": list(pot.low_winners),
                }
                for pot in settlement.pots
            ]
        if self.out.as_json:
            self.out.json(document)
            return
        if not hand.done:
            self.out.line(f"not over: the hand waits ({hand.phase}), pot {_chips(hand, hand.pot)}")
            return
        self.out.line("result")
        assert settlement is not None
        for index, pot in enumerate(settlement.pots):
            name = "main pot" if index == 0 else f"side pot {index}"
            if len(settlement.pots) == 1:
                name = "pot"
            winners = ", ".join(self.who(seat) for seat in pot.winners)
            lows = ", ".join(self.who(seat) for seat in pot.low_winners)
            split = f" (low: {lows})" if lows else ""
            self.out.line(f"  {name} {_chips(hand, pot.amount)}: {winners}{split}")
        if settlement.uncalled is not None:
            seat, chips = settlement.uncalled
            self.out.line(f"  {_chips(hand, chips)} uncalled back to {self.who(seat)}")
        for seat in range(hand.seats):
            payoff = hand.payoffs[seat]
            sign = "+" if payoff > 0 else ""
            self.out.line(
                f"  {self.who(seat)}: {sign}{_chips(hand, payoff)} -> {_chips(hand, hand.stacks[seat])}"
            )


def _card_count(text: str) -> int:
    """How many cards an action's card text (one the engine took) names: a ten may be written
    "10", so the text's length does not count them; "??" (an unknown card) is two characters."""
    return len(text) // 2 if "?" in text else len(card_ids(text))


def _toml_type(value: object) -> str:
    """What a TOML value is, in TOML's words: "a string", "an array", "a table", ..."""
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, datetime.datetime):
        return "a date-time"
    kinds = (
        (str, "a string"),
        (int, "an integer"),
        (float, "a float"),
        (list, "an array"),
        (dict, "a table"),
        (datetime.date, "a date"),
        (datetime.time, "a time"),
    )
    return next((name for kind, name in kinds if isinstance(value, kind)), type(value).__name__)


def _players(fields: dict[str, Any], seats: int, where: str) -> list[str]:
    """The names of PHH's ``players`` field (an array of strings, one a player), or none."""
    if "players" not in fields:
        return []
    players = fields["players"]
    if not isinstance(players, list):
        raise ValueError(
            f"{where}: players must be an array of strings, got {_toml_type(players)} {players!r}"
        )
    for i, name in enumerate(players):
        if not isinstance(name, str):
            raise ValueError(f"{where}: players[{i}] must be a string, got {_toml_type(name)} {name!r}")
    if len(players) != seats:
        # PHH names every player, "" for one whose name is unknown: a short list is a mistake.
        raise ValueError(f"{where}: players has {len(players)} names for {seats} players")
    return players


def run(args: argparse.Namespace) -> int:
    out = output(args)
    where = args.file
    if not where.strip():  # Path("") is ".", which "cannot be read" as a hand history
        raise ValueError("the file name is empty")
    # A Path, never text: the argument names a file even when its name has an "=" in it.
    fields = phh_fields(Path(where))
    hands = tables_of_hands(fields)
    if hands:
        raise ValueError(
            f"{where}: a table of hands ({hands}) ([1], [2], ..., as a .phhs file holds);"
            " replay reads a file of one hand"
        )
    try:
        hand = read_phh(fields, replay=False)
    except ValueError as exc:  # read from its fields, the history is named as "hand history"
        message = str(exc)
        prefix = "hand history: "
        raise ValueError(
            f"{where}: {message[len(prefix) :] if message.startswith(prefix) else message}"
        ) from None
    players = _players(fields, hand.seats, where)
    replay = _Replay(hand, players, out)
    if not out.as_json:
        variant = fields.get("variant")
        seats = ", ".join(replay.who(seat) for seat in range(hand.seats))
        out.line(f"{variant}: {hand.limit} {hand.game}, {hand.seats} players: {seats}")
    replay.document.update(
        variant=fields.get("variant"),
        game=hand.game,
        limit=hand.limit,
        players=[replay.who(seat) for seat in range(hand.seats)],
    )
    for number, action in enumerate(fields.get("actions", []), start=1):
        try:
            replay.act(action)
        except (ValueError, TypeError) as exc:
            raise ValueError(f"{where}: action {number} {action!r}: {exc}") from None
    check_finish(hand, fields, where)  # recorded finishing_stacks that the actions contradict
    replay.result()
    return 0
