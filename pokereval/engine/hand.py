"""One hand of poker, move by move: :class:`Hand`, over the C engine (csrc/engine.c).

Every rule (who acts, what is legal, the smallest and largest raise, caps, the bring-in, the
draws, the settlement) is decided in C; this module reads the arguments, makes the calls and
words what C reports, so an illegal move says what is allowed and leaves the hand unchanged.
"""

from __future__ import annotations

import contextvars
import copy
import datetime
import os
import re
from collections.abc import Iterable, Sequence
from decimal import Decimal, localcontext
from typing import Any, Union

from .._checks import as_int, check_flag, check_seed, entries, refuse_unordered
from ..cards import Card, CardsLike, card_at, card_ids
from ..games import span_text
from ..showdown import Settlement, settlement_of
from . import _native as nat

__all__ = ["GAME_NAMES", "LIMIT_NAMES", "PHH_VARIANTS", "Hand", "Legal"]

# ---- names ------------------------------------------------------------------------------

GAME_NAMES: tuple[str, ...] = tuple(nat.VARIANTS)
"""The engine's games, by their names."""

_GAME_ALIASES: dict[str, tuple[str, int]] = {
    "hold'em": ("holdem", 0),
    "texas": ("holdem", 0),
    "nlhe": ("holdem", 0),
    "texas-holdem": ("holdem", 0),
    "limit-holdem": ("holdem", 0),
    "short-deck": ("shortdeck", 0),
    "6+": ("shortdeck", 0),
    "sixplus": ("shortdeck", 0),
    "short-deck-trips": ("shortdeck-trips", 0),
    "6+-trips": ("shortdeck-trips", 0),
    "plo": ("omaha", 4),
    "omaha-hi": ("omaha", 4),
    "plo5": ("omaha", 5),
    "omaha5": ("omaha", 5),
    "omaha-5": ("omaha", 5),
    "plo6": ("omaha", 6),
    "omaha6": ("omaha", 6),
    "omaha-6": ("omaha", 6),
    "plo8": ("omaha-hilo", 4),
    "omaha8": ("omaha-hilo", 4),
    "omaha/8": ("omaha-hilo", 4),
    "omaha-hi-lo": ("omaha-hilo", 4),
    "omaha5-hilo": ("omaha-hilo", 5),
    "omaha6-hilo": ("omaha-hilo", 6),
    "seven-card-stud": ("stud", 0),
    "7-card-stud": ("stud", 0),
    "stud8": ("stud-hilo", 0),
    "stud/8": ("stud-hilo", 0),
    "stud-hi-lo": ("stud-hilo", 0),
    "draw": ("five-card-draw", 0),
    "5-card-draw": ("five-card-draw", 0),
    "deuce-seven": ("deuce-seven-single-draw", 0),
    "2-7": ("deuce-seven-single-draw", 0),
    "27sd": ("deuce-seven-single-draw", 0),
    "2-7-single-draw": ("deuce-seven-single-draw", 0),
    "2-7-triple-draw": ("deuce-seven-triple-draw", 0),
    "27td": ("deuce-seven-triple-draw", 0),
    "triple-draw": ("deuce-seven-triple-draw", 0),
}

LIMIT_NAMES: dict[str, int] = {
    "no-limit": nat.LIMIT_NO,
    "pot-limit": nat.LIMIT_POT,
    "fixed-limit": nat.LIMIT_FIXED,
}
"""The betting structures, by their names."""

_LIMIT_ALIASES = {
    "nl": "no-limit",
    "nolimit": "no-limit",
    "pl": "pot-limit",
    "potlimit": "pot-limit",
    "fl": "fixed-limit",
    "limit": "fixed-limit",
    "fixed": "fixed-limit",
    "fixedlimit": "fixed-limit",
}

_STREETS = {
    "board": ("preflop", "flop", "turn", "river"),
    "stud": ("third street", "fourth street", "fifth street", "sixth street", "seventh street"),
    "single": ("predraw", "after the draw"),
    "triple": ("predraw", "first draw", "second draw", "third draw"),
}

_PHASES = ("bet", "draw", "deal", "showdown", "done")
_ENGINE_NO_CARD = nat.NO_CARD


def _key(name: str) -> str:
    return name.strip().lower().replace(" ", "-").replace("_", "-")


# Names already read (an engine run makes hands of one game over and over): at most _MEMO each.
_MEMO = 64
_GAMES_READ: dict[str, tuple[str, int]] = {}
_LIMITS_READ: dict[str, int] = {}


def _game(game: object, hole_cards: object) -> tuple[str, int]:
    """The engine's name of a game, and its hole cards (0: the game's own)."""
    if hole_cards is None and type(game) is str:
        read = _GAMES_READ.get(game)
        if read is None:
            read = _game_given(game, None)
            if len(_GAMES_READ) < _MEMO:
                _GAMES_READ[game] = read
        return read
    return _game_given(game, hole_cards)


def _game_given(game: object, hole_cards: object) -> tuple[str, int]:
    if not isinstance(game, str):
        raise TypeError(f"game must be a str such as 'holdem', got {type(game).__name__}")
    key = _key(game)
    name, hole = (key, 0) if key in nat.VARIANTS else _GAME_ALIASES.get(key, ("", 0))
    if not name:
        raise ValueError(f"unknown game {game!r}; the engine plays {', '.join(GAME_NAMES)}")
    if hole_cards is not None:
        wanted = _int(hole_cards, "hole_cards")
        if wanted == 0:  # the core's 0 for the game's own number is spelt None here
            raise ValueError(f"hole_cards=0 deals no cards; None deals {game!r}'s own number")
        if hole and wanted != hole:
            raise ValueError(f"game {game!r} deals {hole} hole cards, but hole_cards={wanted}")
        hole = wanted
    return name, hole


def _limit(limit: object) -> int:
    if type(limit) is str:
        read = _LIMITS_READ.get(limit)
        if read is None:
            read = _limit_given(limit)
            if len(_LIMITS_READ) < _MEMO:
                _LIMITS_READ[limit] = read
        return read
    return _limit_given(limit)


def _limit_given(limit: object) -> int:
    if not isinstance(limit, str):
        raise TypeError(f"limit must be a str such as 'no-limit', got {type(limit).__name__}")
    key = _key(limit)
    key = _LIMIT_ALIASES.get(key, key)
    if key not in LIMIT_NAMES:
        raise ValueError(f"unknown limit {limit!r}; choose one of {', '.join(LIMIT_NAMES)}")
    return LIMIT_NAMES[key]


_PLAIN_INT = {int}

_int = as_int  # an int (numpy integers too, bools not), or TypeError naming it


def _int32(value: int) -> int:
    """`value` for an int32 field of the rules: one out of that range is written as the
    nearest end of it, still out of the core's range, so the core's check refuses it in its
    own words rather than cffi with an OverflowError."""
    return max(-(2**31), min(2**31 - 1, value))


def _ints(values: object, what: str) -> tuple[int, ...]:
    if (type(values) is tuple or type(values) is list) and set(map(type, values)) <= _PLAIN_INT:
        return tuple(values)  # the common case, first: plain ints in a list or tuple
    refuse_unordered(values, what)  # {0: 5, 1: 5} would read as its keys, a set in any order
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"{what} must be a sequence of ints, not {type(values).__name__} {values!r}")
    if getattr(values, "ndim", None) == 0:  # numpy's 0-d array: iterable by type, not in fact
        raise TypeError(f"{what} must be a sequence of ints, not a 0-d array {values!r}")
    return tuple(_int(value, f"{what}[{i}]") for i, value in enumerate(values))


def _copy_sequences(kwargs: dict[str, Any]) -> None:
    """Replace the sequences among the rule arguments `kwargs` by plain tuples, in place: the
    rules are read again from them (a copy of a table, an unpickled hand), so they must be
    neither the caller's list, which it may change, nor an iterator, spent by the first read."""
    for name in ("stacks", "blinds", "straddles", "bets", "blinds_or_straddles", "antes"):
        value = kwargs[name]
        kind = type(value)
        if kind is tuple or kind is int or value is None:  # the common cases, first: as given
            continue
        if kind is list:
            kwargs[name] = tuple(value)
            continue
        if getattr(value, "ndim", None) == 0:  # numpy's 0-d array: its one number
            kwargs[name] = value = value.item()
        if value is not None and not isinstance(value, (int, str, bytes)) and isinstance(value, Iterable):
            refuse_unordered(value, name)
            kwargs[name] = tuple(value)  # a plain, picklable copy of what was given


# ---- the rules of a hand ----------------------------------------------------------------


class _Rules:
    """What a hand was started with: the arguments, read once, and the C struct they make.
    Shared by a hand and all its copies; rebuilt from `kwargs` when unpickled."""

    __slots__ = (
        "ante_trimming",
        "auto",
        "facts",
        "game",
        "hole",
        "info",
        "init",
        "kwargs",
        "limit",
        "rules",
        "scale",
        "seats",
        "stacks",
        "variant",
    )

    def __init__(self, kwargs: dict[str, Any]) -> None:
        self.kwargs = kwargs
        k = kwargs
        self.game, hole = _game(k["game"], k["hole_cards"])
        self.variant = nat.VARIANTS[self.game]
        self.facts = nat.variant_facts(self.variant)
        self.limit = _limit(k["limit"])
        self.stacks = _ints(k["stacks"], "stacks")
        self.seats = len(self.stacks)
        if not self.facts["min_seats"] <= self.seats <= nat.SEATS:
            most = self.facts["max_seats"]
            raise ValueError(
                f"stacks: {self.game} is played by {self.facts['min_seats']} to {most} seats, "
                f"got {self.seats} stack{'' if self.seats == 1 else 's'}"
            )
        self.scale = _int(k.get("scale", 1), "scale")
        r = nat.new_rules()
        r.variant = self.variant
        r.limit = self.limit
        r.seats = self.seats
        r.button = _seat_number(k["button"], "button", self.seats)
        r.hole_cards = _int32(hole)
        _chip_row(r.stacks, self.stacks, "stacks")
        stud = self.facts["stud"] != 0
        if k["blinds_or_straddles"] is not None:
            # Every seat's forced bet, as a hand history gives them: nothing else to ignore.
            if k["blinds"] is not None:
                raise ValueError("give blinds= or blinds_or_straddles= (every seat's forced bet), not both")
            if len(_ints(k["straddles"], "straddles")):
                raise ValueError(
                    "give straddles= or blinds_or_straddles= (every seat's forced bet), not both"
                )
        blinds = _ints((1, 2) if k["blinds"] is None else k["blinds"], "blinds")
        if len(blinds) != 2:
            raise ValueError(f"blinds must be (small, big), got {len(blinds)} values")
        if stud and k["blinds"] is not None and not all(0 <= b <= 1 << 40 for b in blinds):
            # Stud posts no blind; blinds= gives bring_in= and bets= their defaults, and is
            # checked whether or not they are given.
            raise ValueError(
                f"blinds are 0 to 2**40 chips each, got {blinds}; {self.game} posts none: they are the"
                " bring-in and the small bet where bring_in= and bets= are not given"
            )
        if k["blinds_or_straddles"] is not None:
            seat_blinds = _ints(k["blinds_or_straddles"], "blinds_or_straddles")
            if len(seat_blinds) != self.seats:
                raise ValueError(
                    f"blinds_or_straddles has {entries(len(seat_blinds))} for {self.seats} seats"
                )
            r.flags |= nat.RULE_SEAT_BLINDS
            _chip_row(r.seat_blinds, seat_blinds, "blinds_or_straddles")
        elif stud and len(_ints(k["straddles"], "straddles")):
            raise ValueError(f"straddles are for the blind games; {self.game} has antes and a bring-in")
        elif not stud:
            r.small_blind, r.big_blind = (_chips(b, f"blinds[{i}]") for i, b in enumerate(blinds))
            straddles = _ints(k["straddles"], "straddles")
            if len(straddles) > self.seats - 2:
                most = self.seats - 2  # the blinds' seats post no straddle
                raise ValueError(
                    f"{len(straddles)} straddle{'s' if len(straddles) > 1 else ''} at {self.seats} seats; "
                    + (f"at most {most}" if most else "heads-up has no straddles")
                )
            _chip_row(r.straddles, straddles, "straddles")
            r.n_straddles = len(straddles)
        antes = k["antes"]
        seat_antes: tuple[int, ...] = ()
        if type(antes) is not int and (isinstance(antes, (str, bytes)) or isinstance(antes, Iterable)):
            seat_antes = _ints(antes, "antes")
            if len(seat_antes) != self.seats:
                raise ValueError(f"antes has {entries(len(seat_antes))} for {self.seats} seats")
            if _int(k["bb_ante"], "bb_ante"):
                raise ValueError("give bb_ante= or antes per seat, not both")
            r.flags |= nat.RULE_SEAT_ANTES
            _chip_row(r.seat_antes, seat_antes, "antes")
        else:
            r.ante = _chips(_int(antes, "antes"), "antes")
            r.bb_ante = _chips(_int(k["bb_ante"], "bb_ante"), "bb_ante")
        bets = k["bets"]
        if bets is not None:
            pair = _ints(bets, "bets")
            if len(pair) != 2:
                raise ValueError(f"bets must be (small_bet, big_bet), got {len(pair)} values")
            if self.limit != nat.LIMIT_FIXED and not stud:
                raise ValueError("bets= sets fixed-limit bet sizes; no-limit and pot-limit take min_bet=")
        if self.limit == nat.LIMIT_FIXED and (bets is not None or stud):
            # Without bets= the blind games leave both at 0: the core takes the big blind and
            # twice it.  Stud has no blind to take them from: blinds= is (bring-in, small bet).
            small, big = pair if bets is not None else (blinds[1], 2 * blinds[1])
            if bets is not None and min(pair) <= 0:
                raise ValueError(f"bets are positive chip amounts, got {pair}")
            names = (
                ("bets[0]", "bets[1]") if bets is not None else ("blinds[1]", "the big bet (twice blinds[1])")
            )
            r.small_bet, r.big_bet = _chips(small, names[0]), _chips(big, names[1])
        if k["min_bet"] is not None:
            if self.limit == nat.LIMIT_FIXED:
                raise ValueError(
                    "min_bet= is for no-limit and pot-limit; fixed-limit takes bets=(small, big)"
                )
            r.min_bet = _chips(_int(k["min_bet"], "min_bet"), "min_bet")
            if r.min_bet == 0:  # the core's 0 for the default is spelt None here
                raise ValueError(_MIN_BET_WORDS + ", got 0")
        elif stud and self.limit != nat.LIMIT_FIXED:
            r.min_bet = _chips(pair[0] if bets is not None else blinds[1], "bets")
        if stud:
            bring = k["bring_in"]
            r.bring_in = _chips(blinds[0] if bring is None else _int(bring, "bring_in"), "bring_in")
        elif k["bring_in"] is not None:
            raise ValueError(f"bring_in= is for stud games; {self.game} has blinds")
        cap = k["cap"]
        r.cap = 0 if cap is None else _int32(_int(cap, "cap"))
        if cap is not None and r.cap == 0:  # the core's 0 for none is spelt None here
            raise ValueError(_CAP_WORDS + ", got 0")
        trimming = k.get("ante_trimming")
        if trimming is None:
            # PokerKit's guidance: trimmed when the antes are uniform, dead money otherwise (a
            # big-blind ante, antes that differ by seat).
            trimming = not r.bb_ante and len(set(seat_antes)) <= 1
        else:
            trimming = check_flag(trimming, "ante_trimming", none=True)
        if not trimming:
            r.flags |= nat.RULE_ANTES_DEAD
        self.ante_trimming = trimming
        for flag, name in (
            (nat.RULE_UNCAPPED_HEADS_UP, "uncapped_heads_up"),
            (nat.RULE_OPEN_PAIR, "open_pair_big_bet"),
            (nat.RULE_HALF_BET, "half_bet_all_in"),
        ):
            value = k[name] = check_flag(k[name], name)
            if value:
                r.flags |= flag
        self.rules = r
        self.hole = hole
        seed = k["seed"]
        if seed is not None:
            _int(seed, "seed")
        auto = k["auto_deal"] = check_flag(k["auto_deal"], "auto_deal", none=True)
        self.auto = (seed is not None) if auto is None else auto
        self.init = b""
        self.info: dict[str, Any] = {}  # a hand history's other fields, written back by to_phh

    def error(self, field: int) -> ValueError:
        """The ValueError for a rule pe_engine_start refused (its field code)."""
        which, seat = field & 0xFF, field >> 8
        name = nat.FIELDS.get(which, "rules")
        facts = self.facts
        if name == "seats":
            return ValueError(
                f"{self.game} seats {facts['min_seats']} to {self._most_seats()} players, got {self.seats}"
            )
        if name == "stacks":
            return ValueError(f"stacks[{seat}] is {self.rules.stacks[seat]}; a stack is 1 to 2**40 chips")
        if name == "hole_cards":
            hole = span_text((facts["hole_min"], facts["hole_max"]))
            return ValueError(f"{self.game} deals {hole} hole cards")
        if name == "button":
            return ValueError(f"button must be a seat 0..{self.seats - 1}")
        if name == "blinds":
            if self.facts["stud"]:
                return ValueError(f"{self.game} has no blinds; it takes antes= and bring_in=")
            given = self.kwargs.get("blinds_or_straddles")
            if given is not None:
                entries = list(given)
                bad = next((i for i, v in enumerate(entries) if not 0 <= int(v) <= 1 << 40), None)
                where = (
                    "blinds_or_straddles" if bad is None else f"blinds_or_straddles[{bad}] is {entries[bad]}"
                )
                return ValueError(f"{where}: each seat's forced bet is 0 to 2**40 chips")
            return ValueError("blinds must be 0 <= small <= big (0 for a missing blind), at most 2**40 chips")
        if name == "straddles":
            if self.limit == nat.LIMIT_FIXED:
                where = (
                    "blinds_or_straddles"
                    if self.kwargs.get("blinds_or_straddles") is not None
                    else "straddles"
                )
                return ValueError(
                    f"{where}[{seat}]: a fixed-limit straddle is a blind raise: one bet (the small bet)"
                    " above the forced bet before it, or the small bet itself over a smaller big blind"
                    " (a kill)"
                )
            return ValueError(f"straddles[{seat}]: each straddle must be larger than the bet before it")
        if name == "antes":
            if self.kwargs.get("bb_ante") and self.kwargs.get("blinds_or_straddles") is not None:
                return ValueError(
                    "bb_ante= goes with blinds=; with blinds_or_straddles= give the big blind's ante"
                    " as its entry of antes= (one per seat), with ante_trimming=False for dead money"
                )
            r = self.rules
            if r.flags & nat.RULE_SEAT_ANTES:
                amount = r.seat_antes[seat]
                return ValueError(f"antes[{seat}] is {amount}; an ante is 0 to 2**40 chips")
            for what, amount in (("antes", r.ante), ("bb_ante", r.bb_ante)):
                if not 0 <= amount <= 1 << 40:
                    return ValueError(f"{what} is {amount}; an ante is 0 to 2**40 chips")
            return ValueError("bb_ante needs a big blind: the big blind posts it")
        if name == "bring_in":
            if not self.facts["stud"]:
                return ValueError(f"bring_in= is for stud games; {self.game} has blinds")
            return ValueError(
                "bring_in must be 0 or more and less than a full bet (the small bet in fixed-limit, min_bet"
                " otherwise)"
            )
        if name == "forced":
            return ValueError("a hand needs a forced bet: a blind, an ante or a bring-in")
        if name == "bets":
            if self.limit == nat.LIMIT_FIXED:
                return ValueError(
                    "bets must be (small, big) bets of 1 to 2**40 chips each, the big one no smaller"
                )
            return ValueError("bets= (small, big) is for fixed-limit; no-limit and pot-limit take min_bet=")
        if name == "cap":
            return ValueError(f"{_CAP_WORDS}, got {self.kwargs['cap']}")
        if name == "min_bet":
            return ValueError(f"{_MIN_BET_WORDS}, got {self.kwargs['min_bet']}")
        return ValueError(f"{name} is out of range")

    def _most_seats(self) -> int:
        if self.variant in (nat.VAR_OMAHA, nat.VAR_OMAHA_HILO):
            hole = self.hole or 4
            return min(nat.SEATS, 47 // hole)
        return self.facts["max_seats"]

    def streets(self) -> tuple[str, ...]:
        if self.facts["stud"]:
            return _STREETS["stud"]
        if self.facts["draws"] == 0:
            return _STREETS["board"]
        return _STREETS["single" if self.facts["draws"] == 1 else "triple"]

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_rules, (self.kwargs, nat.layout_tagged(self.init), self.info))


_CAP_WORDS = "cap must be 1 to 255 bets a round, or None for no cap"
_MIN_BET_WORDS = "min_bet must be 1 to 2**40 chips, or None for the big blind"

_OTHER_BUILD = (
    "this Hand was pickled by a build of pokereval with another state layout; replay it from to_phh()"
)


def _rebuild_rules(kwargs: dict[str, Any], init: bytes, info: dict[str, Any]) -> _Rules:
    state = nat.layout_untagged(init)
    if state is None:
        raise ValueError(_OTHER_BUILD)
    rules = _Rules(kwargs)
    nat.checked_state_from_bytes(state, rules.rules)  # ValueError for bytes the engine never wrote
    rules.info = info
    rules.init = state
    return rules


def _card_name(card: int) -> str:
    """A card of an engine message: its text, "Jk" for a joker (the engine plays none), "??"
    for one not known."""
    if card == _ENGINE_NO_CARD:
        return "??"
    return str(Card(card)) if card < 52 else "Jk" if card < 54 else f"id {card}"


def _seat_number(value: object, what: str, seats: int) -> int:
    seat = _int(value, what)
    if not 0 <= seat < seats:
        raise ValueError(f"{what} {seat} is not a seat; the seats are 0..{seats - 1}")
    return seat


def _chips(value: int, what: str) -> int:
    if not -(2**62) < value < 2**62:
        raise ValueError(f"{what} is {value}; the engine counts at most 2**40 chips a seat")
    return value


def _chip_row(target: Any, values: tuple[int, ...], what: str) -> None:
    """Write `values` to the front of the int64 array `target`, each checked as _chips checks
    one (and named as `what`[i])."""
    if values and not (-(2**62) < min(values) and max(values) < 2**62):
        for i, value in enumerate(values):
            _chips(value, f"{what}[{i}]")
    target[0 : len(values)] = values


def _seed(seed: object) -> int:
    """A seed 0..2**64-1 (numpy integers too), or a random one for None."""
    if seed is None:
        return int.from_bytes(os.urandom(8), "little")
    checked = check_seed(_int(seed, "seed"))
    assert checked is not None
    return checked


# ---- what is legal ----------------------------------------------------------------------

_ALIASES = {
    "f": "fold",
    "cc": "check_or_call",
    "check-or-call": "check_or_call",
    "check_or_call": "check_or_call",
    "cbr": "bet_or_raise",
    "bet": "bet_or_raise",
    "raise": "bet_or_raise",
    "complete": "bet_or_raise",
    "bet-or-raise": "bet_or_raise",
    "bet_or_raise_to": "bet_or_raise",
    "pb": "bring_in",
    "bring-in": "bring_in",
    "sd": "discard",
    "stand-pat": "discard",
    "stand_pat": "discard",
    "draw": "discard",
}


class Legal(frozenset[str]):
    """The moves the hand allows now: a frozenset of some of ``"fold"``, ``"check"``,
    ``"call"``, ``"bet_or_raise"``, ``"discard"`` and ``"bring_in"``.

    Membership also answers to the PHH codes and common names: ``"raise"``, ``"bet"``,
    ``"complete"`` and ``"cbr"`` mean ``"bet_or_raise"``; ``"cc"`` and ``"check_or_call"`` mean
    a check or a call; ``"f"``, ``"pb"``, ``"bring-in"``, ``"sd"`` and ``"stand_pat"`` their moves.

    >>> legal = Hand(stacks=[100, 100], seed=1).legal
    >>> sorted(legal), "raise" in legal, "check" in legal
    (['bet_or_raise', 'call', 'fold'], True, False)
    """

    def __contains__(self, name: object) -> bool:
        if isinstance(name, str) and not frozenset.__contains__(self, name):
            key = name.strip().lower()
            key = _ALIASES.get(key, _ALIASES.get(key.replace("_", "-"), key))
            if key == "check_or_call":
                return frozenset.__contains__(self, "check") or frozenset.__contains__(self, "call")
            return frozenset.__contains__(self, key)
        return frozenset.__contains__(self, name)

    def __repr__(self) -> str:
        order = ("fold", "check", "call", "bet_or_raise", "bring_in", "discard")
        return f"Legal({{{', '.join(repr(name) for name in order if name in self)}}})"


_LEGAL_NAMES = (
    (nat.CAN_FOLD, "fold"),
    (nat.CAN_CHECK, "check"),
    (nat.CAN_CALL, "call"),
    (nat.CAN_RAISE, "bet_or_raise"),
    (nat.CAN_BRING_IN, "bring_in"),
    (nat.CAN_DISCARD, "discard"),
)
_LEGAL_CACHE: dict[int, Legal] = {}


def _legal_set(moves: int) -> Legal:
    legal = _LEGAL_CACHE.get(moves)
    if legal is None:
        legal = _LEGAL_CACHE[moves] = Legal(name for bit, name in _LEGAL_NAMES if moves & bit)
    return legal


# ---- cards ------------------------------------------------------------------------------

CardsOrUnknown = Union[CardsLike, None]


def _read_cards(cards: object, what: str) -> bytes:
    """Card ids, with PHH's "??" (an unknown card) as NO_CARD."""
    if isinstance(cards, str):
        text = "".join(cards.split())
        if "?" in text:
            if len(text) % 2:
                raise ValueError(
                    f"{what}: cannot read {cards!r}; write cards as 'AsKs' and unknown ones as '??'"
                )
            ids = bytearray()
            for at in range(0, len(text), 2):
                token = text[at : at + 2]
                if token == "??":
                    ids.append(_ENGINE_NO_CARD)
                    continue
                try:
                    ids += card_ids(token)
                except (TypeError, ValueError) as exc:
                    raise type(exc)(f"{what}: {exc}") from None
            return _once_each(bytes(ids), cards, what)
        if text == "":
            return b""
    elif isinstance(cards, (list, tuple)) and any(_is_unknown(card) for card in cards):
        # A sequence with "??" among its cards: the known ones read one by one.
        try:
            read = bytes(
                _ENGINE_NO_CARD if _is_unknown(card) else card_at(card, position, cards)
                for position, card in enumerate(cards, 1)
            )
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"{what}: {exc}") from None
        return _once_each(read, cards, what)
    try:
        return card_ids(cards)  # type: ignore[arg-type]
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"{what}: {exc}") from None


def _is_unknown(card: object) -> bool:
    return isinstance(card, str) and card.strip() == "??"


def _once_each(ids: bytes, cards: object, what: str) -> bytes:
    """`ids` when no known card repeats (any number of "??" may)."""
    known = [card for card in ids if card != _ENGINE_NO_CARD]
    if len(set(known)) != len(known):
        raise ValueError(f"{what}: a card is given twice in {cards!r}")
    return ids


def _card(card_id: int) -> Card | None:
    return None if card_id == _ENGINE_NO_CARD else Card(card_id)


def _phh_cards(ids: Iterable[int]) -> str:
    return "".join("??" if card == _ENGINE_NO_CARD else str(Card(card)) for card in ids)


# ---- the log ----------------------------------------------------------------------------
# A player's bet, check, call, fold or bring-in is one int: kind | seat << 3 | amount << 7;
# deals, draws and shows are tuples.  The log and the starting state replay the hand.

_FOLD, _CALL, _RAISE, _BRING_IN = 0, 1, 2, 3


_ORDINALS = {1: "first", 2: "second", 3: "third"}


def _join(options: Sequence[str]) -> str:
    if len(options) <= 1:
        return "".join(options)
    if len(options) == 2:
        return f"{options[0]} or {options[1]}"
    return ", ".join(options[:-1]) + ", or " + options[-1]


# ---- the hand ---------------------------------------------------------------------------


class Hand:
    """One hand of poker, played move by move: holdem, shortdeck (and shortdeck-trips),
    omaha (4 to 6 hole cards) and omaha-hilo, stud, stud-hilo, razz, five-card-draw,
    deuce-seven single and triple draw, and badugi; no-limit, pot-limit or fixed-limit.

    Seats are 0..n-1 clockwise, ``stacks[i]`` being seat i's chips.  In button games the small
    blind sits left of the ``button`` and the big blind left of it (heads-up the button posts
    the small blind); ``blinds`` are (small, big), (1, 2) when None; ``straddles`` are posted
    by the seats after the big blind, ``antes`` (one amount, or one per seat) and ``bb_ante``
    are dead money, and ``blinds_or_straddles`` gives every seat's forced bet instead of
    ``blinds`` and ``straddles``, as a hand history does.  With ``ante_trimming``
    (the default when every seat's ante is the same) a seat's ante counts toward the pots it
    can win, as its bets do: a seat all in for part of the ante wins from each other seat only
    what it matched; ``ante_trimming=False`` (the default for a ``bb_ante`` or antes that
    differ by seat) puts every ante in the main pot whole (PHH's ``ante_trimming_status``).
    No-limit and pot-limit bets are at least ``min_bet`` (the big blind); fixed-limit plays
    ``bets=(small, big)`` (the big blind and twice it) and at most ``cap`` bets a round (None:
    no cap; ``uncapped_heads_up`` lifts it while at most two seats in the hand have chips,
    unless the round was capped before).  A fixed-limit all-in short of a full bet completes
    nothing; with ``half_bet_all_in=True`` one of half a bet or more is a full bet, as Robert's
    Rules and the TDA have it (it reopens the betting, and the next raise is a bet on top).
    Stud takes ``antes``, ``bring_in`` (default: the small blind) and ``bets`` (default: the
    big blind and twice it); ``open_pair_big_bet`` lets a pair showing on fourth street bet
    the big bet.

    With a ``seed`` the hand deals itself from a shuffle made from it; without one the dealer
    waits: :meth:`deal` gives the cards due (a card, a seat's hole cards, the board) or, with
    no cards, deals them at random.  ``auto_deal`` overrides either.

    Moves: :meth:`fold`, :meth:`check_or_call`, :meth:`bet_or_raise_to`, :meth:`bring_in`,
    :meth:`complete`, :meth:`discard`, :meth:`show`, :meth:`muck` and :meth:`act` for PHH
    action strings.  An illegal move raises ValueError saying what is allowed, and the hand is
    as it was.  :meth:`copy` copies one C struct; a Hand pickles.

    >>> hand = Hand(stacks=[200, 200, 200], seed=7)
    >>> hand.actor, hand.to_call, hand.min_raise_to, hand.max_raise_to
    (0, 2, 4, 200)
    >>> hand.check()
    Traceback (most recent call last):
    ...
    ValueError: seat 0 cannot check: 2 to call; fold, call 2, or raise to 4..200
    >>> hand.bet_or_raise_to(6); hand.fold(); hand.check_or_call()
    >>> hand.street, len(hand.board), hand.pot
    (1, 3, 13)
    >>> hand.act("cbr 10"); hand.act("p3 f")
    >>> hand.done, hand.payoffs
    (True, (-6, -1, 7))
    """

    __slots__ = ("__weakref__", "_log", "_p", "_rules")

    _p: Any
    _log: tuple[Any, ...]
    _rules: _Rules

    def __init__(
        self,
        game: str = "holdem",
        *,
        limit: str = "no-limit",
        stacks: Sequence[int],
        blinds: Sequence[int] | None = None,
        antes: int | Sequence[int] = 0,
        bb_ante: int = 0,
        straddles: Sequence[int] = (),
        button: int = 0,
        bets: Sequence[int] | None = None,
        seed: int | None = None,
        min_bet: int | None = None,
        bring_in: int | None = None,
        cap: int | None = 4,
        hole_cards: int | None = None,
        uncapped_heads_up: bool = False,
        half_bet_all_in: bool = False,
        open_pair_big_bet: bool = True,
        blinds_or_straddles: Sequence[int] | None = None,
        auto_deal: bool | None = None,
        ante_trimming: bool | None = None,
    ) -> None:
        kwargs: dict[str, Any] = {
            "game": game,
            "limit": limit,
            "stacks": stacks,
            "blinds": blinds,
            "antes": antes,
            "bb_ante": bb_ante,
            "straddles": straddles,
            "button": button,
            "bets": bets,
            "seed": seed,
            "min_bet": min_bet,
            "bring_in": bring_in,
            "cap": cap,
            "hole_cards": hole_cards,
            "uncapped_heads_up": uncapped_heads_up,
            "half_bet_all_in": half_bet_all_in,
            "open_pair_big_bet": open_pair_big_bet,
            "blinds_or_straddles": blinds_or_straddles,
            "auto_deal": auto_deal,
            "ante_trimming": ante_trimming,
        }
        _copy_sequences(kwargs)
        self._start(_Rules(kwargs), kwargs["seed"])

    def _start(self, rules: _Rules, seed: object) -> None:
        state = nat.state()
        rc, field = nat.start(state, rules.rules, _seed(seed), False)
        if rc:
            raise rules.error(field)
        rules.init = nat.state_bytes(state)
        if rules.auto:
            nat.set_auto(state, 1)
        if type(self) is Hand:
            _untrack(self)
        self._p = state
        self._log = ()
        self._rules = rules

    @classmethod
    def _from_rules(cls, kwargs: dict[str, Any], scale: int = 1) -> Hand:
        """A hand of `kwargs` (the constructor's arguments, all given) in chip units of 1/scale."""
        hand = object.__new__(cls)
        hand._start(_Rules({**kwargs, "scale": scale}), kwargs["seed"])
        return hand

    # ---- state ----------------------------------------------------------------------

    @property
    def game(self) -> str:
        """The game's name.

        >>> Hand("plo", limit="pot-limit", stacks=[100, 100], seed=1).game
        'omaha'
        """
        return self._rules.game

    @property
    def limit(self) -> str:
        """``"no-limit"``, ``"pot-limit"`` or ``"fixed-limit"``.

        >>> Hand(limit="fl", stacks=[100, 100], seed=1).limit
        'fixed-limit'
        """
        return next(name for name, code in LIMIT_NAMES.items() if code == self._rules.limit)

    @property
    def seats(self) -> int:
        """The number of seats.

        >>> Hand(stacks=[100] * 6, seed=1).seats
        6
        """
        return self._rules.seats

    @property
    def button(self) -> int:
        """The button's seat (in stud, the dealer's).

        >>> Hand(stacks=[100] * 3, button=2, seed=1).button
        2
        """
        return int(self._p.button)

    @property
    def actor(self) -> int | None:
        """The seat to act (to bet, or to draw), or None when the dealer acts or the hand is over.

        >>> Hand(stacks=[100, 100], seed=1).actor  # heads-up the button (seat 0) acts first
        0
        >>> Hand(stacks=[100, 100]).actor is None  # no seed: the dealer deals first
        True
        """
        actor = self._p.actor
        return None if actor == _ENGINE_NO_CARD else int(actor)

    @property
    def phase(self) -> str:
        """What the hand waits for: ``"bet"``, ``"draw"``, ``"deal"``, ``"showdown"`` (a seat still
        in must show its unknown cards or muck) or ``"done"``.

        >>> Hand(stacks=[100, 100]).phase, Hand(stacks=[100, 100], seed=1).phase
        ('deal', 'bet')
        """
        return _PHASES[int(self._p.phase)]

    @property
    def street(self) -> int:
        """The betting round, from 0 (preflop, third street, or the predraw round).

        >>> Hand("stud", limit="fixed-limit", stacks=[100, 100], antes=1, seed=1).street
        0
        """
        return int(self._p.street)

    @property
    def street_name(self) -> str:
        """The betting round in words.

        >>> Hand("razz", limit="fixed-limit", stacks=[100, 100], antes=1, seed=1).street_name
        'third street'
        """
        return self._rules.streets()[int(self._p.street)]

    @property
    def board(self) -> tuple[Card | None, ...]:
        """The board cards dealt so far (None for an unknown one).

        >>> [str(card) for card in Hand(stacks=[100, 100], seed=3).board]
        []
        """
        p = self._p
        return tuple(_card(card) for card in p.board[0 : p.nboard])

    @property
    def holes(self) -> tuple[tuple[Card | None, ...], ...]:
        """Each seat's cards, in the order dealt (draws: the kept cards, then the new ones);
        None for an unknown card.

        >>> hand = Hand(stacks=[100, 100])  # the dealer starts left of the button (seat 0)
        >>> hand.deal("AsKs"); hand.deal("??Qd")
        >>> hand.holes
        ((None, Card('Qd')), (Card('As'), Card('Ks')))
        """
        p = self._p
        return tuple(tuple(_card(card) for card in p.cards[seat][0 : p.ncards[seat]]) for seat in range(p.n))

    @property
    def up(self) -> tuple[tuple[bool, ...], ...]:
        """Stud: for each seat's cards whether it is face up.

        >>> Hand("stud", limit="fixed-limit", stacks=[100, 100], antes=1, seed=1).up[0]
        (False, False, True)
        """
        p = self._p
        return tuple(tuple(bool(p.up[seat] >> k & 1) for k in range(p.ncards[seat])) for seat in range(p.n))

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips behind.

        >>> Hand(stacks=[100, 100], seed=1).stacks  # the blinds are in
        (99, 98)
        """
        return tuple(nat.unpack(self._p.stack, self._p.n))

    @property
    def chip_unit(self) -> int:
        """How many of this hand's chips make one unit of its hand history: 1, or a power of ten
        when a history's amounts have decimals (read_phh counts 1259450.25 as 125945025
        hundredths, and to_phh writes it back so).

        >>> Hand(stacks=[100, 100], seed=1).chip_unit
        1
        """
        return self._rules.scale

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """Each seat's chips at the start of the hand.

        >>> Hand(stacks=[100, 250], seed=1).starting_stacks
        (100, 250)
        """
        return self._rules.stacks

    @property
    def bets(self) -> tuple[int, ...]:
        """Each seat's live bet in this betting round.

        >>> Hand(stacks=[100, 100, 100], seed=1).bets
        (0, 1, 2)
        """
        return tuple(nat.unpack(self._p.bet, self._p.n))

    @property
    def pot(self) -> int:
        """Every chip put in so far: antes, blinds and this round's bets included.

        >>> Hand(stacks=[100, 100, 100], antes=1, seed=1).pot
        6
        """
        p = self._p
        n = p.n
        return int(sum(nat.unpack(p.live, n)) + sum(nat.unpack(p.dead, n)))

    def _legal(self) -> Any:
        return nat.legal(self._p)

    @property
    def to_call(self) -> int:
        """The chips a call puts in now (all the actor has, when that is less); 0 when nothing
        is owed or nobody bets.

        >>> Hand(stacks=[100, 100], seed=1).to_call
        1
        """
        return int(self._legal().to_call)

    @property
    def min_raise_to(self) -> int | None:
        """The least the actor may bet or raise to (all in, when that is less); None when it
        may not bet or raise.

        >>> Hand(stacks=[100, 100], seed=1).min_raise_to
        4
        """
        legal = self._legal()
        return int(legal.min_to) if legal.moves & nat.CAN_RAISE else None

    @property
    def max_raise_to(self) -> int | None:
        """The most the actor may bet or raise to; None when it may not.

        >>> Hand(limit="pot-limit", stacks=[100, 100], seed=1).max_raise_to  # the pot after calling
        6
        """
        legal = self._legal()
        return int(legal.max_to) if legal.moves & nat.CAN_RAISE else None

    @property
    def raise_kind(self) -> str | None:
        """What a bet_or_raise_to would be now: ``"bet"``, ``"raise"`` or ``"complete"`` (a
        stud bring-in's completion); None when the actor may not bet or raise.

        >>> Hand(stacks=[100, 100], seed=1).raise_kind
        'raise'
        """
        legal = self._legal()
        if not legal.moves & nat.CAN_RAISE:
            return None
        return {nat.RAISE_BET: "bet", nat.RAISE_COMPLETE: "complete"}.get(int(legal.kind), "raise")

    @property
    def legal(self) -> Legal:
        """The moves allowed now (see :class:`Legal`); empty when the dealer acts or the hand is over.

        >>> sorted(Hand(stacks=[100, 100], seed=1).legal)
        ['bet_or_raise', 'call', 'fold']
        """
        return _legal_set(self._legal().moves)

    @property
    def pending_deal(self) -> tuple[int | None, int] | None:
        """What the dealer deals next: (seat, cards), seat None for the board; None when the
        dealer is not to act.

        >>> Hand(stacks=[100, 100]).pending_deal
        (1, 2)
        """
        legal = self._legal()
        if legal.phase != nat.PHASE_DEAL:
            return None
        seat = int(legal.deal_seat)
        return (None if seat < 0 else seat, int(legal.deal_count))

    @property
    def done(self) -> bool:
        """Whether the hand is over (the pots are paid).

        >>> Hand(stacks=[100, 100], seed=1).done
        False
        """
        return bool(self._p.phase == nat.PHASE_DONE)

    @property
    def payoffs(self) -> tuple[int, ...]:
        """Each seat's net chips: its stack now less its starting stack (final once done).

        >>> hand = Hand(stacks=[100, 100], seed=1)
        >>> hand.fold()
        >>> hand.payoffs
        (-1, 1)
        """
        p = self._p
        return tuple(now - start for now, start in zip(nat.unpack(p.stack, p.n), self._rules.stacks))

    @property
    def uncalled(self) -> tuple[int, int] | None:
        """The bet nobody can match any more, as (seat, chips): what the settlement gives back
        to that seat.  None while every bet can still be called, and when there is none.

        >>> hand = Hand(stacks=[300, 100], seed=1)
        >>> hand.bet_or_raise_to(300)  # all in
        >>> hand.uncalled is None  # the big blind may still call
        True
        >>> hand.check_or_call(); hand.uncalled  # all in for 100: 200 comes back
        (0, 200)
        """
        return nat.uncalled(self._p)

    @property
    def settlement(self) -> Settlement | None:
        """How the pots were shared (the library's :class:`~pokereval.Settlement`: what each seat
        took, the pots, the uncalled bet); None before the end.

        >>> hand = Hand(stacks=[100, 100], seed=1)
        >>> hand.bet_or_raise_to(10); hand.fold()
        >>> hand.settlement, hand.settlement.uncalled
        ((12, 0), (0, 8))
        """
        out = nat.settlement(self._p)
        if out is None:
            return None
        # The cards each seat showed or holds, as far as they are known (None: unknown).
        holes = [bytes(int(card) for card in hole if card is not None) for hole in self.holes]
        deal = (
            b"".join(holes),
            bytes(len(hole) for hole in holes),
            bytes(int(c) for c in self.board if c is not None),
        )
        return settlement_of(out, self._p.n, deal)

    # ---- moves ----------------------------------------------------------------------

    def fold(self) -> None:
        """Fold (only when there is something to call).

        >>> hand = Hand(stacks=[100, 100], seed=1)
        >>> hand.fold(); hand.done
        True
        """
        seat = nat.fold(self._p)
        if seat < 0:
            raise self._refusal("fold", seat)
        self._log += (seat << 3,)

    def check_or_call(self) -> None:
        """Check when nothing is owed, else call (all in, when the stack is short).

        >>> hand = Hand(stacks=[100, 100], seed=1)
        >>> hand.check_or_call(); hand.bets
        (2, 2)
        """
        seat = nat.check_call(self._p)
        if seat < 0:
            raise self._refusal("check or call", seat)
        self._log += (seat << 3 | _CALL,)

    def check(self) -> None:
        """Check; refused when something is owed.

        >>> hand = Hand(stacks=[100, 100], seed=1)
        >>> hand.check_or_call(); hand.check(); hand.street
        1
        """
        if not self._legal().moves & nat.CAN_CHECK:
            raise self._refusal("check", nat.ERR_MOVE if self._p.phase == nat.PHASE_BET else nat.ERR_PHASE)
        self.check_or_call()

    def call(self) -> None:
        """Call; refused when nothing is owed.

        >>> hand = Hand(stacks=[100, 100], seed=1)
        >>> hand.call(); hand.to_call
        0
        """
        if not self._legal().moves & nat.CAN_CALL:
            raise self._refusal("call", nat.ERR_MOVE if self._p.phase == nat.PHASE_BET else nat.ERR_PHASE)
        self.check_or_call()

    def bet_or_raise_to(self, amount: int) -> None:
        """Bet, raise or complete to `amount` chips in this round (the actor's whole bet).

        >>> hand = Hand(stacks=[100, 100], seed=1)
        >>> hand.bet_or_raise_to(3)
        Traceback (most recent call last):
        ...
        ValueError: seat 0 cannot raise to 3: the least is 4; fold, call 1, or raise to 4..100
        """
        if type(amount) is not int:
            amount = _int(amount, "amount")
        if not -(2**63) <= amount < 2**63:
            raise self._refusal(f"raise to {_said(amount)}", nat.ERR_AMOUNT, amount)
        seat = nat.raise_to(self._p, amount)
        if seat < 0:
            raise self._refusal(f"{self._raise_word()} {_said(amount)}", seat, amount)
        self._log += (amount << 7 | seat << 3 | _RAISE,)

    def bring_in(self) -> None:
        """Post the bring-in (stud, third street).

        >>> hand = Hand("stud", limit="fixed-limit", stacks=[100, 100], antes=1, seed=1)
        >>> sorted(hand.legal)
        ['bet_or_raise', 'bring_in']
        >>> hand.bring_in(); hand.bets
        (1, 0)
        """
        seat = nat.bring_in(self._p)
        if seat < 0:
            raise self._refusal("bring in", seat)
        self._log += (seat << 3 | _BRING_IN,)

    def complete(self) -> None:
        """Complete the bring-in to the full bet (stud, third street).

        >>> hand = Hand("stud", limit="fixed-limit", stacks=[100, 100], antes=1, seed=1)
        >>> hand.complete(); hand.bets
        (2, 0)
        """
        legal = self._legal()
        if not (legal.moves & nat.CAN_RAISE and legal.kind == nat.RAISE_COMPLETE):
            raise self._refusal("complete", nat.ERR_MOVE if legal.phase == nat.PHASE_BET else nat.ERR_PHASE)
        self.bet_or_raise_to(int(legal.min_to))

    def discard(self, cards: CardsOrUnknown = ()) -> None:
        """Draw games: discard `cards` (held by the actor; "??" for unknown ones), or stand pat
        with none.  The replacements come with the dealer's next deal.

        >>> hand = Hand("five-card-draw", stacks=[100, 100], seed=5)
        >>> hand.check_or_call(); hand.check_or_call(); hand.phase
        'draw'
        >>> hand.discard(hand.holes[1][:2]); hand.discard(); hand.phase
        'bet'
        """
        ids = b"" if cards is None else _read_cards(cards, "discard")
        seat, bad = nat.discard(self._p, ids)
        if seat < 0:
            raise self._card_refusal("discard", seat, bad, ids)
        self._log += (("sd", seat, ids),)

    def deal(self, cards: CardsOrUnknown = None, *, seat: int | str | None = None) -> None:
        """The dealer: give the cards due (to `seat`, or "board"; by default whoever is next),
        as given ("??" for unknown ones) or, with none, at random from the shuffle.

        >>> hand = Hand(stacks=[100, 100], button=1)
        >>> hand.pending_deal
        (0, 2)
        >>> hand.deal("AhAd"); hand.deal("7c2d"); hand.actor
        1
        """
        legal = self._legal()
        if legal.phase != nat.PHASE_DEAL:
            raise ValueError(f"the dealer cannot deal now: {self._waiting()}")
        if seat is None:
            target = int(legal.deal_seat)
        elif isinstance(seat, str):
            if seat.strip().lower() != "board":
                raise ValueError(f"seat must be a seat number or 'board', got {seat!r}")
            target = -1
        else:
            target = _seat_number(seat, "seat", self._p.n)
        if cards is None:
            if seat is not None and target != legal.deal_seat:
                raise ValueError("a random deal goes to the next seat due; give the cards to deal elsewhere")
            rc, ids = nat.deal_random(self._p)
            nat.not_busy(rc)
            if rc < 0:  # another thread dealt meanwhile
                raise ValueError(f"the dealer cannot deal now: {self._waiting()}")
            target = -1 if rc == nat.SEATS else rc
        else:
            ids = _read_cards(cards, "deal")
            rc, bad = nat.deal(self._p, target, ids)
            if rc < 0:
                raise self._deal_refusal(rc, bad, ids, target)
        self._log += (("d", target, ids),)

    def show(self, seat: int, cards: CardsOrUnknown = None) -> None:
        """Show `seat`'s cards once no more betting can happen (give them when they were dealt
        unknown; the known ones must match), so the showdown can settle.

        >>> hand = Hand(stacks=[100, 100])
        >>> hand.deal("????"); hand.deal("????")
        >>> for board in ("2c3d4h", "7s", "9h"):
        ...     while hand.phase == "bet":
        ...         hand.check_or_call()
        ...     hand.deal(board)
        >>> while hand.phase == "bet":
        ...     hand.check_or_call()
        >>> hand.phase
        'showdown'
        >>> hand.show(0, "AsAd"); hand.show(1, "KsKd"); hand.done, hand.payoffs
        (True, (2, -2))
        """
        number = _seat_number(seat, "seat", self._p.n)
        if cards is None:
            ids = bytes(self._p.cards[number][0 : self._p.ncards[number]])
        else:
            ids = _read_cards(cards, "show")
            if not ids:
                raise ValueError("show needs the seat's cards; muck() gives them up")
        rc, bad = nat.show(self._p, number, ids)
        if rc < 0:
            raise self._show_refusal("show", number, rc, bad, ids)
        self._log += (("sm", number, ids),)

    def muck(self, seat: int) -> None:
        """Give up `seat`'s claim at the showdown without showing.

        >>> hand = Hand(stacks=[100, 100])
        >>> hand.deal("????"); hand.deal("????")
        >>> hand.bet_or_raise_to(100); hand.check_or_call()  # all in: no more betting
        >>> hand.show(1, "AsAd"); hand.muck(0)
        >>> hand.deal("2c3d4h"); hand.deal("7s"); hand.deal("9h")
        >>> hand.done, hand.payoffs
        (True, (-100, 100))
        """
        number = _seat_number(seat, "seat", self._p.n)
        rc, bad = nat.show(self._p, number, b"")
        if rc < 0:
            raise self._show_refusal("muck", number, rc, bad, b"")
        self._log += (("sm", number, None),)

    def act(self, action: str) -> None:
        """Make a move written in PHH notation: ``"f"``, ``"cc"``, ``"cbr 300"``, ``"pb"``,
        ``"sd AsKs"``, ``"sm AsKs"`` with an optional ``"p2 "`` naming the actor (PHH numbers the
        seats from the button's left, p1 first), or a dealer's ``"d dh p1 AsKs"`` / ``"d db
        2c3d4h"``.  A ``# comment`` after a move, or alone, plays no part; it is kept in
        :attr:`actions` and written back by :meth:`to_phh`, as PokerKit keeps commentary.  An
        action of no words at all (``""``) plays no part either and is not kept: PokerKit reads
        a history's empty action so.

        >>> hand = Hand(stacks=[100, 100], seed=1)
        >>> hand.act("cbr 6"); hand.act("p1 cc"); hand.street
        1
        >>> hand.act("cbr")
        Traceback (most recent call last):
        ...
        ValueError: 'cbr' needs an amount: cbr AMOUNT
        """
        _act(self, action)

    # ---- copies, pickles, history ---------------------------------------------------

    def copy(self) -> Hand:
        """A copy to play on independently (one struct copy; the shuffle's state is copied too).

        >>> hand = Hand(stacks=[100, 100], seed=1)
        >>> twin = hand.copy(); twin.fold()
        >>> hand.done, twin.done
        (False, True)
        """
        kind = type(self)
        new = _new_hand(kind)
        if kind is Hand:
            _untrack(new)
        else:  # a subclass's own attributes come along (a shallow copy, as copy.copy makes)
            new.__dict__.update(getattr(self, "__dict__", {}))
        new._p = _copy_state(self._p)
        new._log = self._log  # a tuple: shared until either side moves
        new._rules = self._rules
        return new

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        new = self.copy()  # the hand's own state shares nothing mutable: a copy is deep
        own = getattr(self, "__dict__", None)
        if own:  # a subclass's attributes, deep as deepcopy promises
            new.__dict__.update(copy.deepcopy(own, memo))
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        # The bytes of a copy made in turn (nat.Busy while another thread's call is inside):
        # read straight from the struct, they could be half a move, which loads refuse.
        parts = (self._rules, nat.layout_tagged(nat.state_bytes(_copy_state(self._p))), list(self._log))
        if type(self) is Hand:
            return (_rebuild_hand, parts)
        return (_rebuild_hand, (*parts, type(self), getattr(self, "__dict__", None)))

    def __eq__(self, other: object) -> bool:
        """Hands are equal when they stand in the same place: the same game, starting stacks
        and chip unit, the same cards and chips where they are now, whoever dealt them.

        >>> from pokereval.engine import read_phh
        >>> Hand(stacks=[100, 100], seed=4) == Hand(stacks=[100, 100], seed=4)
        True
        >>> hand = Hand(stacks=[100, 100], seed=4)
        >>> hand == read_phh(hand.to_phh()), hand == Hand(stacks=[100, 100], seed=5)
        (True, False)
        """
        if not isinstance(other, Hand):
            return NotImplemented
        return (
            self._rules.stacks == other._rules.stacks
            and self._rules.scale == other._rules.scale
            and nat.position_bytes(_copy_state(self._p)) == nat.position_bytes(_copy_state(other._p))
        )

    __hash__ = None  # type: ignore[assignment]

    @property
    def actions(self) -> list[str]:
        """The hand so far in PHH notation: the dealer's deals and every seat's moves.

        >>> hand = Hand(stacks=[100, 100], seed=1)
        >>> hand.check_or_call(); hand.check_or_call()
        >>> hand.actions  # doctest: +ELLIPSIS
        ['d dh p1 ...', 'd dh p2 ...', 'p2 cc', 'p1 cc', 'd db ...']
        """
        return _history(self)

    def to_phh(self) -> str:
        """The hand as a PHH file (TOML); :func:`~pokereval.engine.read_phh` reads it back to
        an equal hand.

        >>> hand = Hand(stacks=[100, 100], seed=1)
        >>> hand.fold()
        >>> print(hand.to_phh())  # doctest: +ELLIPSIS
        variant = "NT"
        ...
        actions = ["d dh p1 Jc8h", "d dh p2 9c6s", "p2 f"]
        seats = [2, 1]
        finishing_stacks = [101, 99]
        """
        return _write_phh(self)

    def __repr__(self) -> str:
        phase = self.phase
        if phase == "bet" or phase == "draw":
            where = f"seat {self.actor} to {'act' if phase == 'bet' else 'draw'}"
        elif phase == "deal":
            where = "the dealer to deal"
        elif phase == "showdown":
            where = "the showdown"
        else:
            where = f"done, payoffs {self.payoffs}"
        street = self.street_name
        return f"<Hand {self.game} {self.limit}, {self.seats} seats, {street}, pot {self.pot}, {where}>"

    # ---- wording refusals -----------------------------------------------------------

    def _raise_word(self) -> str:
        legal = self._legal()
        return {nat.RAISE_BET: "bet", nat.RAISE_COMPLETE: "complete to"}.get(int(legal.kind), "raise to")

    def _options(self, legal: Any) -> str:
        moves = legal.moves
        options = []
        if moves & nat.CAN_FOLD:
            options.append("fold")
        if moves & nat.CAN_CHECK:
            options.append("check")
        if moves & nat.CAN_CALL:
            options.append(f"call {_said(legal.to_call)}" + (" (all in)" if legal.all_in_call else ""))
        if moves & nat.CAN_BRING_IN:
            options.append(f"bring in {_said(min(int(self._p.bring_in), int(self._p.stack[legal.actor])))}")
        if moves & nat.CAN_RAISE:
            word = {nat.RAISE_BET: "bet", nat.RAISE_COMPLETE: "complete to"}.get(int(legal.kind), "raise to")
            low, high = int(legal.min_to), int(legal.max_to)
            if low == high:
                amounts = _said(low)
            elif self._rules.limit == nat.LIMIT_FIXED:
                amounts = f"{_said(low)} or {_said(high)}"
            else:
                amounts = f"{_said(low)}..{_said(high)}"
            options.append(f"{word} {amounts}")
        return _join(options)

    def _waiting(self) -> str:
        """What the hand waits for, in words (for moves made at the wrong time)."""
        legal = self._legal()
        phase = legal.phase
        if phase == nat.PHASE_DONE:
            return "the hand is over"
        if phase == nat.PHASE_SHOWDOWN:
            return "the showdown waits for the seats still in to show or muck"
        if phase == nat.PHASE_DRAW:
            return f"seat {legal.actor} is to stand pat or discard"
        if phase == nat.PHASE_DEAL:
            count = int(legal.deal_count)
            noun = "card" if count == 1 else "cards"
            if legal.deal_seat < 0:
                return f"the dealer deals the board next ({count} {noun})"
            return f"the dealer deals seat {legal.deal_seat} next ({count} {noun})"
        # A betting round: say so and what the seat may do (a discard tried before the draw
        # read "cannot discard: seat 0 is to act", the very seat that tried).
        return f"this is a betting round (seat {legal.actor} may {self._options(legal)})"

    def _refusal(self, move: str, code: int, amount: int | None = None) -> ValueError:
        nat.not_busy(code)
        legal = self._legal()
        if code == nat.ERR_PHASE or legal.phase != nat.PHASE_BET:
            if legal.phase == nat.PHASE_DRAW and move != "discard":
                return ValueError(f"seat {legal.actor} cannot {move}: it is to stand pat or discard")
            return ValueError(f"cannot {move}: {self._waiting()}")
        seat = legal.actor
        options = self._options(legal)
        moves = legal.moves
        if code == nat.ERR_AMOUNT and amount is not None and moves & nat.CAN_RAISE:
            low, high = int(legal.min_to), int(legal.max_to)
            if self._rules.limit == nat.LIMIT_FIXED:
                why = f"fixed-limit plays {_said(low)}" + (f" or {_said(high)}" if high != low else "")
            elif amount < low:
                why = f"the least is {_said(low)}"
            else:
                why = f"the most is {_said(high)}"
            return ValueError(f"seat {seat} cannot {move}: {why}; {options}")
        if move == "check" and legal.to_call:
            why = f"{_said(legal.to_call)} to call"
        elif move == "fold" and moves & nat.CAN_CHECK:
            why = "nothing to call"
        elif moves & nat.CAN_BRING_IN and not ("raise" in move or "bet" in move or "complete" in move):
            why = "the bring-in is due"
        elif move == "call":
            why = "nothing to call"
        elif "raise" in move or "bet" in move or "complete" in move:
            why = {
                1: "the bring-in takes the whole stack"
                if moves & nat.CAN_BRING_IN
                else "calling takes the whole stack",
                2: f"the betting is capped at {self._p.cap} bets",
                3: "it acted already and faces no full raise since",
                4: "no other seat has chips beyond the current bet",
            }.get(int(legal.no_raise), "no bet or raise is allowed")
            if move == "complete" and legal.kind != nat.RAISE_COMPLETE:
                why = "there is no bring-in to complete"
        elif move == "bring in":
            why = "no bring-in is due"
        else:
            why = "not allowed now"
        return ValueError(f"seat {seat} cannot {move}: {why}; {options}")

    def _last_throw(self, card: int) -> tuple[int, int] | None:
        """(seat, draw) of the discard that last took `card` out of a hand (draw 1 the first),
        when no deal gave the card again since and nobody holds it; else None.  A seat draws in
        every draw while it is in, so its k-th discard is made in the k-th draw."""
        if card >= 52 or self._p.held >> card & 1:
            return None
        draws = [0] * int(self._p.n)
        last = None
        for entry in self._log:
            if type(entry) is not tuple or entry[2] is None:
                continue
            kind, seat, ids = entry
            if kind == "sd":
                draws[seat] += 1
                if card in ids:
                    last = (seat, draws[seat])
            elif kind == "d" and card in ids:
                last = None
        return last

    def _draw_name(self, number: int) -> str:
        if self._rules.facts["draws"] == 1:
            return "the draw"
        return f"the {_ORDINALS.get(number, f'#{number}')} draw"

    def _thrown_words(self, card: int, seat: int) -> str | None:
        """Why a card `seat` threw cannot go back to it (or be shown by it), naming the draw;
        None when the seat did not throw it."""
        throw = self._last_throw(card)
        if throw is None or throw[0] != seat:
            return None  # another seat's card: "already dealt" says it left the stub
        thrower, number = throw
        said = f"seat {thrower} threw {_card_name(card)!r} in {self._draw_name(number)}"
        p = self._p
        if thrower == seat and p.discards[seat] >> card & 1 and p.phase != nat.PHASE_DONE:
            return f"{said}, and no seat is dealt back a card it threw in the same draw"
        return f"{said}; a thrown card comes back only once the stub runs out"

    def _card_words(self, code: int, bad: int, ids: bytes, what: str, seat: int = -1) -> str:
        if code == nat.ERR_COUNT:
            return f"{what}: {len(ids)} cards is too many"
        card = ids[bad] if bad < len(ids) else _ENGINE_NO_CARD
        name = _card_name(card)
        if code == nat.ERR_DUPLICATE:
            thrown = self._thrown_words(card, seat) if seat >= 0 else None
            if thrown is not None:
                return f"{what}: {thrown}"
            return f"{what}: card {name!r} is already dealt"
        if card != _ENGINE_NO_CARD and (card >= 52 or card < self._rules.facts["deck_first"]):
            return f"{what}: card {name!r} is not in the {self.game} deck"
        return f"{what}: card {name!r} is not held"

    def _card_refusal(self, move: str, code: int, bad: int, ids: bytes) -> ValueError:
        nat.not_busy(code)
        if code == nat.ERR_PHASE:
            return ValueError(f"cannot {move}: {self._waiting()}")
        seat = self._p.actor
        if code == nat.ERR_COUNT:
            return ValueError(f"seat {seat} cannot discard {len(ids)} cards: it holds {self._p.ncards[seat]}")
        card = ids[bad]
        name = _card_name(card)
        if code == nat.ERR_DUPLICATE:
            return ValueError(f"seat {seat} cannot discard {name!r} twice")
        if card != _ENGINE_NO_CARD and (card >= 52 or card < self._rules.facts["deck_first"]):
            return ValueError(f"seat {seat} cannot discard {name!r}: it is not in the {self.game} deck")
        throw = self._last_throw(card)
        if throw is not None and throw[0] == seat:
            return ValueError(
                f"seat {seat} cannot discard {name!r}: it threw that card in {self._draw_name(throw[1])}"
            )
        if card == _ENGINE_NO_CARD:
            p = self._p
            unknown = sum(1 for k in range(p.ncards[seat]) if p.cards[seat][k] == _ENGINE_NO_CARD)
            held = (
                f"only {unknown} unknown card{'s' if unknown != 1 else ''}" if unknown else "no unknown card"
            )
            return ValueError(
                f"seat {seat} cannot discard {ids.count(_ENGINE_NO_CARD)} '??': it holds {held}"
            )
        return ValueError(f"seat {seat} cannot discard {name!r}: it does not hold it")

    def _deal_refusal(self, code: int, bad: int, ids: bytes, seat: int) -> ValueError:
        nat.not_busy(code)
        place = "the board" if seat < 0 else f"seat {seat}"
        legal = self._legal()
        if code == nat.ERR_SEAT:
            return ValueError(f"the dealer owes {place} no cards now; {self._waiting()}")
        owed = (
            int(legal.deal_count)
            if legal.deal_seat == seat
            else (int(self._p.board_owed) if seat < 0 else int(self._p.owed[seat]))
        )
        if code == nat.ERR_COUNT:
            return ValueError(f"{place} is owed {owed} card{'s' if owed != 1 else ''}, got {len(ids)}")
        if code == nat.ERR_CARD and seat < 0 and bad < len(ids) and ids[bad] == _ENGINE_NO_CARD:
            return ValueError(
                "deal to the board: the board is dealt face up, so its cards are known;"
                f" got '??' at position {bad + 1}"
            )
        return ValueError(self._card_words(code, bad, ids, f"deal to {place}", seat))

    def _won_at_showdown(self, seat: int) -> str:
        """What `seat`'s hand won at the showdown the engine settled, in words ("won the pot",
        "shared a side pot", "won the low half of the main pot")."""
        settlement = self.settlement
        assert settlement is not None
        pots = settlement.pots
        won = []
        for number, pot in enumerate(pots):
            name = "the pot" if len(pots) == 1 else "the main pot" if number == 0 else "a side pot"
            high = seat in pot.winners and pot.amount > pot.low_amount
            low = seat in pot.low_winners and pot.low_amount > 0
            if high or low:
                half = ""  # the whole pot: both halves, or a pot with no low half (all high)
                if not high:
                    half = "the low half of "
                elif pot.low_amount and not low:
                    half = "the high half of "
                alone = (seat,) == (pot.winners if high else pot.low_winners)
                won.append((half, name, alone))
        if not won:  # the core refused for a reason of its own: say no more than it does
            return "won a pot"
        if len(won) > 1:
            whole = all(alone and not half for half, _, alone in won)
            return f"{'won' if whole else 'won shares of'} {len(won)} pots"
        half, name, alone = won[0]
        return f"{'won' if alone else 'shared'} {half}{name}"

    def _show_refusal(self, move: str, seat: int, code: int, bad: int, ids: bytes) -> ValueError:
        nat.not_busy(code)
        if code == nat.ERR_PHASE:
            return ValueError(f"seat {seat} cannot {move} while betting can go on; {self._waiting()}")
        if code == nat.ERR_SEAT:
            p = self._p
            if (p.folded | p.mucked) >> seat & 1:
                return ValueError(f"seat {seat} cannot {move}: it is out of the hand")
            if p.tabled >> seat & 1:  # a history holds one show or muck a seat
                if move == "muck":
                    return ValueError(
                        f"seat {seat} cannot muck: it has shown its hand, which cannot be taken back"
                    )
                return ValueError(f"seat {seat} cannot show: it has shown its hand already")
            if p.phase == nat.PHASE_DONE and sum(not (p.folded | p.mucked) >> s & 1 for s in range(p.n)) > 1:
                # A showdown the engine settled: its rules are the core's (engine_show).
                if not p.shown >> seat & 1:
                    return ValueError(f"seat {seat} cannot {move}: it mucked its hand after the showdown")
                if not p.tabled >> seat & 1:
                    return ValueError(
                        f"seat {seat} cannot {move}: its hand {self._won_at_showdown(seat)} at the showdown"
                    )
            if p.shown >> seat & 1:
                return ValueError(
                    f"seat {seat} cannot {move}: it has shown its hand, which cannot be taken back"
                )
            others = [s for s in range(p.n) if s != seat and not (p.folded | p.mucked) >> s & 1]
            if p.phase == nat.PHASE_DONE and not others:
                return ValueError(
                    f"seat {seat} cannot {move}: it took the pot with its hand unseen, so there is"
                    " nothing to muck (it may show the hand, once)"
                )
            if others and not any(p.live[s] or p.dead[s] for s in others):
                return ValueError(
                    f"seat {seat} cannot {move}: no other seat still in put chips in,"
                    " so nobody would win the pot"
                )
            return ValueError(f"seat {seat} cannot {move}: it is the last seat in")
        if code == nat.ERR_DUPLICATE and bad < len(ids) and ids[bad] < 52:
            throw = self._last_throw(ids[bad])
            if throw is not None and throw[0] == seat:
                return ValueError(
                    f"seat {seat} cannot show {_card_name(ids[bad])!r}:"
                    f" it threw that card in {self._draw_name(throw[1])}"
                )
        if code == nat.ERR_COUNT:
            return ValueError(f"seat {seat} holds {self._p.ncards[seat]} cards; {move} gave {len(ids)}")
        if (
            code == nat.ERR_CARD
            and bad < len(ids)
            and ids[bad] != _ENGINE_NO_CARD
            and ids[bad] < 52
            and ids[bad] >= self._rules.facts["deck_first"]
        ):
            return ValueError(
                f"seat {seat} cannot show {_phh_cards(ids)}: it does not match the cards it holds"
            )
        return ValueError(self._card_words(code, bad, ids, f"seat {seat} {move}", seat))


# A Hand refers to nothing that can refer back to it: a C struct with no pointers, a tuple
# of moves (numbers, cards, words) and the rules it shares with its copies.  So it can never
# be part of a reference cycle, and it is taken off the garbage collector's lists when made,
# as CPython does for a tuple of numbers: a program that keeps millions of copies (CFR, MCTS)
# pays no collector passes over them.  A subclass (which may add attributes) stays tracked.
_new_hand = object.__new__
_untrack = nat.untrack
_copy_state = nat.copy_state


def _rebuild_hand(
    rules: _Rules,
    data: bytes,
    log: list[Any],
    kind: type[Hand] | None = None,
    attrs: dict[str, Any] | None = None,
) -> Hand:
    state = nat.layout_untagged(data)
    if state is None:
        raise ValueError(_OTHER_BUILD)
    if kind is None or kind is Hand:
        hand = _new_hand(Hand)
        _untrack(hand)
    elif isinstance(kind, type) and issubclass(kind, Hand):
        hand = _new_hand(kind)
        hand.__dict__.update(attrs or {})
    else:
        raise TypeError(f"not a kind of Hand: {kind!r}")
    hand._p = nat.checked_state_from_bytes(state, rules.rules)
    hand._log = tuple(log)
    hand._rules = rules
    return hand


# ---- PHH actions ------------------------------------------------------------------------

_PLAYER = re.compile(r"p([0-9]+)$")


def _phh_seat(hand: Hand, token: str) -> int:
    match = _PLAYER.match(token)
    if match is None:
        raise ValueError(f"{token!r} is not a player; PHH writes players p1, p2, ...")
    number = int(match.group(1))
    n = int(hand._p.n)
    if not 1 <= number <= n:
        raise ValueError(f"{token!r}: this hand has players p1..p{n}")
    return (int(hand._p.button) + number) % n


def _phh_number(hand: Hand, seat: int) -> int:
    n = int(hand._p.n)
    return (seat - int(hand._p.button) - 1) % n + 1


# An amount as a hand history writes one: digits, maybe a decimal point and more digits.
AMOUNT_TEXT = re.compile(r"[0-9]+(?:\.[0-9]+)?\Z")


def is_amount(text: str) -> bool:
    """Whether `text` is an amount act() reads: AMOUNT_TEXT, at most 19 digits before the
    point (more is past any stack)."""
    return AMOUNT_TEXT.match(text) is not None and len(text.partition(".")[0].lstrip("0")) <= 19


def _amount(hand: Hand, text: str) -> int:
    if not is_amount(text):
        why = "is not an amount" if AMOUNT_TEXT.match(text) is None else "is out of range"
        raise ValueError(f"cbr: {text!r} {why}")
    with localcontext() as exact:  # every digit given counts: no rounding to a whole chip
        exact.prec = len(text) + 8
        scaled = Decimal(text) * hand._rules.scale
    if scaled != scaled.to_integral_value():
        raise ValueError(f"cbr: {text!r} is not a whole number of chips")
    if scaled >= 2**63:
        raise ValueError(f"cbr: {text!r} is out of range")
    return int(scaled)


# The unit a refusal writes its amounts in: chips (1), or, while act() plays a move written in
# a hand history's own amounts (the hand counting in hundredths, say), that history's unit.
_UNIT: contextvars.ContextVar[int] = contextvars.ContextVar("pokereval_refusal_unit", default=1)


def _said(chips: int) -> str:
    """An amount of a refusal, in the unit the move was given in (see _UNIT)."""
    return _money(int(chips), _UNIT.get())


# A log entry (_COMMENT, text, after_move): a hand history's comment, kept to be written back.
_COMMENT = "#"


def _act(hand: Hand, action: str) -> None:
    token = _UNIT.set(hand._rules.scale)
    try:
        _act_in_units(hand, action)
    finally:
        _UNIT.reset(token)
    move, mark, comment = action.partition("#")  # a str: _act_in_units took it
    if mark:  # kept, with the move it follows (or alone), to be written back as "# text"
        hand._log += ((_COMMENT, comment.strip(), bool(move.split())),)


def _act_in_units(hand: Hand, action: str) -> None:
    if not isinstance(action, str):
        raise TypeError(f"act takes a PHH action string such as 'cbr 300', not {type(action).__name__}")
    text = action.split("#", 1)[0]
    words = text.split()
    if not words:
        return  # a no-op (PHH allows an empty action or a comment alone)
    seat = None
    if words[0] == "d":
        _act_dealer(hand, words, action)
        return
    if _PLAYER.match(words[0]):
        seat = _phh_seat(hand, words[0])
        words = words[1:]
        if not words:
            raise ValueError(f"{action!r}: what does {words or 'the player'} do? e.g. 'p1 cc'")
    code, args = words[0], words[1:]
    if code in ("f", "cc", "pb", "cbr", "sd") and seat is not None and code != "sm":
        actor = hand.actor
        if actor != seat:
            now = hand._waiting() if actor is None else f"p{_phh_number(hand, actor)} (seat {actor}) is"
            raise ValueError(f"{action!r}: p{_phh_number(hand, seat)} is not to act; {now}")
    if code == "f":
        _no_args(code, args)
        hand.fold()
    elif code == "cc":
        _no_args(code, args)
        hand.check_or_call()
    elif code == "pb":
        _no_args(code, args)
        hand.bring_in()
    elif code == "cbr":
        if len(args) != 1:
            raise ValueError(
                f"{code!r} needs an amount: cbr AMOUNT" if not args else f"{action!r}: one amount, please"
            )
        hand.bet_or_raise_to(_amount(hand, args[0]))
    elif code == "sd":
        if len(args) > 1:
            raise ValueError(f"{action!r}: write the discards as one word, e.g. 'sd AsKs'")
        hand.discard(args[0] if args else ())
    elif code == "sm":
        if seat is None:
            raise ValueError(f"{action!r}: say who shows, e.g. 'p1 sm AsKs'")
        if len(args) > 1:
            raise ValueError(f"{action!r}: write the cards as one word, e.g. 'sm AsKs'")
        if not args:
            hand.muck(seat)
        elif args[0] == "-":
            hand.show(seat)
        elif not _shows_again(hand, seat, args[0]):
            hand.show(seat, args[0])
    else:
        raise ValueError(f"unknown action {code!r} in {action!r}; PHH moves are f, cc, cbr, pb, sd, sm")


def _shows_again(hand: Hand, seat: int, cards: str) -> bool:
    """True when `seat` has shown already, has been dealt cards since, and `cards` are its whole
    hand, every card known: a show that tells nothing new, taken as it stands.  PokerKit writes
    one when a stud hand goes all in: each hand shows at the all-in and again, with the cards
    dealt since, at the end.  A show of the same cards again is refused (a history holds one
    show a seat)."""
    p = hand._p
    if not p.tabled >> seat & 1:
        return False
    held = bytes(p.cards[seat][0 : p.ncards[seat]])
    shown = [entry[2] for entry in hand._log if type(entry) is tuple and entry[:2] == ("sm", seat)]
    if nat.NO_CARD in held or not shown or not set(shown[-1]) < set(held):
        return False
    return sorted(_read_cards(cards, "show")) == sorted(held)


def _no_args(code: str, args: list[str]) -> None:
    if args:
        raise ValueError(f"{code!r} takes nothing more, got {' '.join(args)!r}")


def _act_dealer(hand: Hand, words: list[str], action: str) -> None:
    if len(words) >= 2 and words[1] == "db":
        if len(words) != 3:
            raise ValueError(f"{action!r}: deal the board as 'd db CARDS'")
        hand.deal(words[2], seat="board")
        return
    if len(words) >= 2 and words[1] == "dh":
        if len(words) != 4:
            raise ValueError(f"{action!r}: deal hole cards as 'd dh pN CARDS'")
        hand.deal(words[3], seat=_phh_seat(hand, words[2]))
        return
    raise ValueError(f"unknown dealer action in {action!r}; PHH deals with 'd dh pN CARDS' or 'd db CARDS'")


def _history(hand: Hand) -> list[str]:
    """Replay the log from the starting state, writing each deal and move in PHH notation."""
    rules = hand._rules
    scratch = nat.state_from_bytes(rules.init)
    out: list[str] = []
    scale = rules.scale

    def name(seat: int) -> str:
        return f"p{_phh_number(hand, seat)}"

    def catch_up() -> None:
        while rules.auto and scratch.phase == nat.PHASE_DEAL:
            rc, ids = nat.deal_random(scratch)
            if rc < 0:
                return
            out.append(_deal_words(rc, ids, name))

    for entry in hand._log:
        if isinstance(entry, tuple) and entry[0] == _COMMENT:
            _, comment, after_move = entry
            if after_move and out:  # on its move's line, before the deals the move brought on
                out[-1] += f" # {comment}".rstrip()
            else:
                catch_up()  # a comment alone comes after what was dealt before it
                out.append(f"# {comment}".rstrip())
            continue
        catch_up()
        if isinstance(entry, int):
            kind, seat = entry & 7, entry >> 3 & 15
            if kind == _FOLD:
                nat.fold(scratch)
                out.append(f"{name(seat)} f")
            elif kind == _CALL:
                nat.check_call(scratch)
                out.append(f"{name(seat)} cc")
            elif kind == _BRING_IN:
                nat.bring_in(scratch)
                out.append(f"{name(seat)} pb")
            else:
                amount = entry >> 7
                nat.raise_to(scratch, amount)
                out.append(f"{name(seat)} cbr {_money(amount, scale)}")
            continue
        code, seat, ids = entry
        if code == "d":
            nat.deal(scratch, seat, ids)
            out.append(_deal_words(nat.SEATS if seat < 0 else seat, ids, name))
        elif code == "sd":
            nat.discard(scratch, ids)
            out.append(f"{name(seat)} sd {_phh_cards(ids)}".rstrip())
        else:
            nat.show(scratch, seat, ids or b"")
            out.append(f"{name(seat)} sm {_phh_cards(ids)}" if ids else f"{name(seat)} sm")
    catch_up()
    return out + _showdown_words(hand, name)


def _showdown_words(hand: Hand, name: Any) -> list[str]:
    """The shows of a showdown the engine settled by itself: each seat still in at the end
    that did not show or muck in the log, from the button's left.  A hand history records
    them (the shared sample does), and PokerKit needs them to reach the end."""
    p = hand._p
    if p.phase != nat.PHASE_DONE:
        return []
    seats = [s for s in range(p.n) if not (p.folded | p.mucked) >> s & 1]
    if len(seats) < 2:  # the others folded: no showdown
        return []
    told = {entry[1] for entry in hand._log if isinstance(entry, tuple) and entry[0] == "sm"}
    seats.sort(key=lambda seat: _phh_number(hand, seat))
    return [f"{name(s)} sm {_phh_cards(p.cards[s][0 : p.ncards[s]])}" for s in seats if s not in told]


def _deal_words(seat: int, ids: bytes, name: Any) -> str:
    if seat == nat.SEATS:
        return f"d db {_phh_cards(ids)}"
    return f"d dh {name(seat)} {_phh_cards(ids)}"


def _money(amount: int, scale: int) -> str:
    if scale == 1 or amount % scale == 0:
        return str(amount // scale)
    return str(Decimal(amount) / scale)


# ---- writing hand histories (read in phh.py) -----------------------------------------

# A variant code is the betting structure's letter and the game's: FT fixed-limit hold'em,
# NS no-limit short deck, PO/8 would be pot-limit Omaha hi-lo, and so on.  The PHH
# standard names eleven of them (FT NT NS PO FO/8 F7S F7S/8 FR N2L1D F2L3D FB); the same
# scheme names every other pairing the engine plays, and three games of its own: ST (short
# deck, trips above a straight) and 5CD (five-card draw).
_LIMIT_LETTERS = {"F": "fixed-limit", "P": "pot-limit", "N": "no-limit"}
_GAME_CODES = {
    "T": "holdem",
    "S": "shortdeck",
    "ST": "shortdeck-trips",
    "O": "omaha",
    "O/8": "omaha-hilo",
    "7S": "stud",
    "7S/8": "stud-hilo",
    "R": "razz",
    "5CD": "five-card-draw",
    "2L1D": "deuce-seven-single-draw",
    "2L3D": "deuce-seven-triple-draw",
    "B": "badugi",
}
PHH_VARIANTS: dict[str, tuple[str, str]] = {
    letter + code: (game, limit)
    for letter, limit in _LIMIT_LETTERS.items()
    for code, game in _GAME_CODES.items()
}
"""Every variant code read and written, as (game, limit)."""

_CODE_OF = {pair: code for code, pair in PHH_VARIANTS.items()}
_STUD_GAMES = ("stud", "stud-hilo", "razz")


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_MUST_ESCAPE = re.compile(r'[\x00-\x1f\x7f"\\]')
_ESCAPES = {"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"', "\\": "\\\\"}


def _toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped (TOML 1.0)."""
    return '"' + _MUST_ESCAPE.sub(lambda m: _ESCAPES.get(m[0], f"\\u{ord(m[0]):04X}"), text) + '"'


def _toml_key(name: str) -> str:
    """A key as TOML writes it: bare when it is letters, digits, _ and -, else quoted.

    >>> _toml_key("seats"), _toml_key("my key"), _toml_key("a.b"), _toml_key("")
    ('seats', '"my key"', '"a.b"', '""')
    """
    return name if _BARE_KEY.fullmatch(name) else _toml_string(name)


def _toml(value: object) -> str:
    """A value as TOML, of the type tomllib reads back: bools, ints of any size, floats (inf
    and nan too), strings, dates, times and date-times (local or offset), arrays and inline
    tables; Decimal amounts as floats, and anything TOML has no type for as its text.

    >>> _toml([1, 2.5, float("-inf"), "x", datetime.date(2024, 1, 2), {"a b": True}])
    '[1, 2.5, -inf, "x", 2024-01-02, {"a b" = true}]'
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return float.__repr__(value)  # repr's inf, -inf, nan and 1e+300 are TOML floats
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, datetime.datetime):
        offset = value.utcoffset()
        if offset is None or offset % datetime.timedelta(minutes=1) == datetime.timedelta(0):
            return value.isoformat()  # TOML offsets are whole minutes
    elif isinstance(value, datetime.date) or (isinstance(value, datetime.time) and value.tzinfo is None):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_key(str(key))} = {_toml(item)}" for key, item in value.items()) + "}"
    return _toml_string(str(value))


def _phh_amount(chips: int, scale: int) -> int | Decimal:
    text = _money(chips, scale)
    return Decimal(text) if "." in text else int(text)


def _phh_order(hand: Hand) -> list[int]:
    """The seats of PHH's p1..pn: from the button's left round to the button."""
    n = hand._rules.seats
    return [(hand.button + 1 + k) % n for k in range(n)]


def phh_finishing_stacks(hand: Hand) -> list[int | Decimal]:
    """The stacks as a history's finishing_stacks records them: p1..pn, in the file's units."""
    return [_phh_amount(hand.stacks[seat], hand._rules.scale) for seat in _phh_order(hand)]


# The key of rules.info that marks a hand without a history from its start (Tables.hand).
_NO_HISTORY = "\0no history"


def _write_phh(hand: Hand) -> str:
    """The PHH text of a hand (Hand.to_phh)."""
    rules = hand._rules
    scale = rules.scale
    n = rules.seats
    button = hand.button
    order = _phh_order(hand)
    blinds = nat.forced_bets(rules.rules)
    live, dead = blinds
    seat_blinds = [live[seat] for seat in order]
    seat_antes = [dead[seat] for seat in order]
    if n == 2:  # PHH lists heads-up forced bets reversed
        seat_blinds, seat_antes = seat_blinds[::-1], seat_antes[::-1]
    code = _CODE_OF[(rules.game, hand.limit)]
    info = dict(getattr(rules, "info", None) or {})
    if info.pop(_NO_HISTORY, False):
        raise ValueError(
            "this hand was taken from Tables in mid-play (Tables.hand): its moves were made in C and"
            " not kept, so it has no history to write; play a Hand from the deal to write one"
        )
    lines = [f"variant = {_toml(code)}"]
    info.pop("ante_trimming_status", None)  # the hand's own rule is written, not what was read
    lines.append(f"ante_trimming_status = {_toml(rules.ante_trimming)}")
    lines.append(f"antes = {_toml([_phh_amount(a, scale) for a in seat_antes])}")
    stud = rules.game in _STUD_GAMES
    if not stud:
        lines.append(f"blinds_or_straddles = {_toml([_phh_amount(b, scale) for b in seat_blinds])}")
    p = hand._p
    if stud:
        lines.append(f"bring_in = {_toml(_phh_amount(int(p.bring_in), scale))}")
    if rules.limit == nat.LIMIT_FIXED:
        lines.append(f"small_bet = {_toml(_phh_amount(int(p.small_bet), scale))}")
        lines.append(f"big_bet = {_toml(_phh_amount(int(p.big_bet), scale))}")
    else:
        lines.append(f"min_bet = {_toml(_phh_amount(int(p.min_bet), scale))}")
    lines.append(f"starting_stacks = {_toml([_phh_amount(rules.stacks[seat], scale) for seat in order])}")
    if button != n - 1:
        info["seats"] = [seat + 1 for seat in order]
    if rules.limit == nat.LIMIT_FIXED:
        cap = int(p.cap)
        if cap != 4:
            info["_cap"] = cap
        if p.flags & nat.RULE_UNCAPPED_HEADS_UP:
            info["_uncapped_heads_up"] = True
        if p.flags & nat.RULE_HALF_BET:
            info["_half_bet_all_in"] = True
        if rules.game == "stud" and not p.flags & nat.RULE_OPEN_PAIR:
            info["_open_pair_big_bet"] = False
    if rules.game.startswith("omaha") and int(p.hole) != 4:
        info["_hole_cards"] = int(p.hole)  # PHH's Omaha codes say nothing of 5 or 6 hole cards
    lines.append(f"actions = {_toml(hand.actions)}")
    # A history's recorded finishing stacks: the replay's once it ends the hand (read_phh held
    # the two equal), else as recorded (a showdown of cards nobody saw ends no hand).
    recorded = info.pop("finishing_stacks", None)
    for name, value in info.items():
        lines.append(f"{_toml_key(str(name))} = {_toml(value)}")
    if hand.done:
        lines.append(f"finishing_stacks = {_toml(phh_finishing_stacks(hand))}")
    elif recorded is not None:
        lines.append(f"finishing_stacks = {_toml(recorded)}")
    return "\n".join(lines)
