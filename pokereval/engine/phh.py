"""Hand histories in the PHH format (TOML, one hand a file): read, replay, write.

:func:`read_phh` replays a hand history into a :class:`~pokereval.engine.Hand` through the
engine (every action checked as it is played), :func:`to_phh` writes one back, and
:func:`load_phh` reads a folder of them with a progress bar.  PHH numbers the players p1..pn
from the button's left (the small blind first); the hand read back sits its button on the
last seat, so player pN is seat N-1.  Heads-up, PHH lists the blinds and antes reversed (the
big blind is p1's); the reading follows.  Amounts may be decimal: the hand then counts in
hundredths (or whatever power of ten makes every amount whole) and writes them back the same.
"""

from __future__ import annotations

import math
import os
import re
import sys
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any, Union

from .._checks import entries
from . import _native as nat
from .hand import PHH_VARIANTS, Hand, is_amount, phh_finishing_stacks

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover  (Python 3.9 and 3.10)
    import tomli as tomllib

__all__ = ["PHH_VARIANTS", "check_finish", "load_phh", "phh_fields", "read_phh", "to_phh"]

_STUD = ("stud", "stud-hilo", "razz")
_OMAHA = ("omaha", "omaha-hilo")
# Fields the replay reads; every other field is kept as it is and written back.
_READ = (
    "variant",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
    "ante_trimming_status",
    "finishing_stacks",
    "_cap",
    "_uncapped_heads_up",
    "_half_bet_all_in",
    "_open_pair_big_bet",
    "_hole_cards",
)

PathOrText = Union[str, "os.PathLike[str]"]


# ---- reading ----------------------------------------------------------------------------


def _is_path(source: str) -> bool:
    """Whether a string given for a hand history names a file rather than holding its text.

    A string with a line break is text: a hand history has at least two fields (``variant``
    and ``starting_stacks``) and TOML puts each on a line of its own, so no real history fits
    on one line.  A one-line string is a path when it names something that exists (so
    ``a=b.phh`` reads as that file) or when it has no ``=`` (so a missing file is reported as
    missing); otherwise it is a one-line TOML text such as ``'variant = "NT"'``.
    """
    if "\n" in source or not source.strip():
        return False  # an empty text is no file either: read as text, it says what is missing
    return "=" not in source or os.path.exists(source)


def _parse(source: PathOrText) -> tuple[dict[str, Any], str]:
    """The TOML fields of a hand history given as a path or as its text (see :func:`_is_path`),
    and where it came from."""
    if isinstance(source, os.PathLike) or (isinstance(source, str) and _is_path(source)):
        path = Path(source)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ValueError(f"cannot read hand history {str(path)!r}: {exc.strerror or exc}") from None
        except UnicodeDecodeError as exc:  # a ValueError too, but its words name no file
            raise ValueError(
                f"cannot read hand history {str(path)!r}: not UTF-8 text"
                f" (byte 0x{exc.object[exc.start]:02x} at offset {exc.start});"
                " save it as UTF-8, as TOML requires"
            ) from None
        where = str(path)
    elif isinstance(source, str):
        text, where = source, "hand history"
    else:
        raise TypeError(f"read_phh takes a path or the text of a PHH file, not {type(source).__name__}")
    # A byte-order mark, which some Windows editors put before UTF-8 text, is no TOML: tomllib
    # said "Invalid statement (at line 1, column 1)" of a history that was otherwise whole.
    text = text.removeprefix("\ufeff")
    try:
        return tomllib.loads(text, parse_float=_toml_float), where
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{where}: not valid TOML: {exc}") from None
    except ValueError as exc:  # Python's own limits: an int of more than 4,300 digits
        raise ValueError(f"{where}: not a hand history: {exc}") from None
    except RecursionError:  # tomllib reads nested arrays and tables by recursion
        raise ValueError(f"{where}: not a hand history: arrays or tables nested too deep") from None


def _toml_float(text: str) -> float | Decimal:
    """A TOML float as a float, unless a float would round it (more digits than a double
    holds): then its exact Decimal, so that the amount is read as written (refused past six
    decimal places, as an action's amount is); 100.0000000000000001 was read as 100."""
    value = float(text)
    if not math.isfinite(value):
        return value
    exact = Decimal(text.replace("_", ""))
    return value if Decimal(repr(value)) == exact else exact


def _number(value: object, what: str, where: str) -> Decimal:
    if isinstance(value, Decimal):  # read exactly (_toml_float), or given so in a field dict
        if not value.is_finite():
            raise ValueError(f"{where}: {what} is {value}; the engine needs every stack and amount known")
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{where}: {what} must be a number, got {value!r}")
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        raise ValueError(f"{where}: {what} is {value}; the engine needs every stack and amount known")
    return Decimal(str(value)) if isinstance(value, float) else Decimal(value)


def _numbers(value: object, what: str, where: str, count: int | None = None) -> list[Decimal]:
    if not isinstance(value, list):
        raise ValueError(f"{where}: {what} must be an array of numbers, got {value!r}")
    if count is not None and len(value) != count:
        raise ValueError(f"{where}: {what} has {entries(len(value))} for {count} players")
    return [_number(item, f"{what}[{i}]", where) for i, item in enumerate(value)]


def _seats(value: object, count: int, where: str) -> list[int] | None:
    """The seat numbers of PHH's ``seats`` field (1 and up, one a player, none twice), or None
    when there is no such field."""
    if value is None:
        return None
    if not isinstance(value, list):
        raise ValueError(f"{where}: seats must be an array of seat numbers, got {value!r}")
    if len(value) != count:
        raise ValueError(f"{where}: seats has {entries(len(value))} for {count} players")
    for i, seat in enumerate(value):
        # bool is an int to Python, and 1.0 reads as a float: neither is a seat number
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 1:
            raise ValueError(
                f"{where}: seats[{i}] must be a seat number (a whole number from 1), got {seat!r}"
            )
        if seat in value[:i]:
            raise ValueError(f"{where}: seats gives seat {seat} to two players")
    return value


_AMOUNT = re.compile(r"\bcbr\s+(\S+)")
# A card of a deal's text: two characters ("As", "??"), or three for a ten written "10s".
_CARD_TEXT = re.compile(r"10.|..")


def _scale(amounts: Sequence[tuple[str, Decimal]], where: str) -> int:
    """The least power of ten (up to a million) that makes every amount whole; the amounts come
    with the words that name them, for the one that no power does."""
    for digits in range(7):
        scale: int = 10**digits
        if all((amount * scale) == (amount * scale).to_integral_value() for _, amount in amounts):
            return scale
    name, amount = next((n, a) for n, a in amounts if a * 10**6 != (a * 10**6).to_integral_value())
    raise ValueError(
        f"{where}: {name} is {amount}: amounts with more than six decimal places are not supported"
    )


def _check_chips(
    values: Sequence[Decimal], what: str, where: str, scale: int, *, positive: bool = False, one: bool = False
) -> None:
    """ValueError naming the first of `values` (field `what`, in the file's order) that is
    negative (or, for a stack, not positive) or past the chips the engine counts."""
    for i, value in enumerate(values):
        name = what if one else f"{what}[{i}]"
        if value < 0 or (positive and value == 0):
            need = "0 or more"
            if positive:
                need = "more than 0" + (
                    " (PHH: every stack is known and non-zero)" if what == "starting_stacks" else ""
                )
            raise ValueError(f"{where}: {name} is {value}; it must be {need}")
        if value * scale > nat.MAX_CHIPS:
            unit = "" if scale == 1 else f" (here chips of {Decimal(1) / scale}, the history's smallest unit)"
            raise ValueError(
                f"{where}: {name} is {value}; the engine counts at most 2**40 chips a seat{unit}"
            )


def _whole(amount: Decimal, scale: int) -> int:
    return int(amount * scale)


def tables_of_hands(fields: dict[str, Any]) -> int:
    """How many hands the fields hold as tables ([1], [2], ..., as a .phhs file does); 0 when
    they are not such a file's."""
    if "variant" in fields or not all(isinstance(table, dict) for table in fields.values()):
        return 0
    return len(fields)


def _hand_of(fields: dict[str, Any], where: str) -> Hand:
    """The starting hand a history's fields describe (no action played yet)."""
    code = fields.get("variant")
    if code is None:
        if tables_of_hands(fields):
            names = ", ".join(f"[{name}]" for name in list(fields)[:3]) + (", ..." if len(fields) > 3 else "")
            raise ValueError(
                f"{where}: holds {len(fields)} hand(s) in tables ({names}), as a .phhs file does;"
                " read_phhs reads them (read_phh reads one hand)"
            )
        raise ValueError(f"{where}: variant is missing" + ("" if fields else " (the text is empty)"))
    if not isinstance(code, str) or code not in PHH_VARIANTS:
        known = ", ".join(sorted(PHH_VARIANTS))
        raise ValueError(f"{where}: unknown variant {code!r}; the engine reads {known}")
    game, limit = PHH_VARIANTS[code]
    if "starting_stacks" not in fields:
        raise ValueError(f"{where}: starting_stacks is missing")
    stacks = _numbers(fields["starting_stacks"], "starting_stacks", where)
    n = len(stacks)
    if n < 2:  # before the fields counted by it ("antes has 2 entries for 0 players")
        raise ValueError(f"{where}: starting_stacks has {entries(n)}: a hand needs 2 players or more")
    actions = fields.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(action, str) for action in actions):
        raise ValueError(f"{where}: actions must be an array of strings")
    antes = _numbers(fields.get("antes", [0] * n), "antes", where, n)
    stud = game in _STUD
    blinds = (
        [Decimal(0)] * n
        if stud
        else _numbers(fields.get("blinds_or_straddles", [0] * n), "blinds_or_straddles", where, n)
    )
    # The bet sizes this variant plays by.  The others (a bring_in in a blind game, min_bet in
    # a fixed-limit one, blinds in stud) play no part: they are kept as written, like any other
    # field, and neither set the chip unit nor are lost when the hand is written back.
    used = {"bring_in"} if stud else set()
    if limit == "fixed-limit":
        used |= {"small_bet", "big_bet"}
    else:
        used |= {"min_bet"} | ({"small_bet"} if stud and "min_bet" not in fields else set())
    unused = {name for name in ("bring_in", "small_bet", "big_bet", "min_bet") if name not in used}
    if stud:
        unused.add("blinds_or_straddles")
    # The engine's own fields, where the variant plays by none of them (a _cap in no-limit),
    # are kept as written too: to_phh writes them from the rules only where they count.
    if limit != "fixed-limit":
        unused |= {"_cap", "_uncapped_heads_up", "_half_bet_all_in", "_open_pair_big_bet"}
    elif game != "stud":
        unused.add("_open_pair_big_bet")
    if game not in _OMAHA:
        unused.add("_hole_cards")
    singles = {name: _number(fields[name], name, where) for name in sorted(used) if name in fields}
    amounts = [
        (f"{name}[{i}]", value)
        for name, values in (("starting_stacks", stacks), ("antes", antes), ("blinds_or_straddles", blinds))
        for i, value in enumerate(values)
    ]
    amounts += list(singles.items())
    amounts += [
        (f"actions[{i}] ({action!r})", Decimal(match))
        for i, action in enumerate(actions)
        for match in _AMOUNT.findall(action.split("#")[0])
        if is_amount(match)
    ]
    if "finishing_stacks" in fields:
        finishing = _numbers(fields["finishing_stacks"], "finishing_stacks", where, n)
        amounts += [(f"finishing_stacks[{i}]", value) for i, value in enumerate(finishing)]
    scale = _scale(amounts, where)
    # Checked here, in the file's order and units, so a refusal names the entry as written
    # (the engine's own checks count seats from the button and chips in the hand's unit).
    _check_chips(stacks, "starting_stacks", where, scale, positive=True)
    _check_chips(antes, "antes", where, scale)
    _check_chips(blinds, "blinds_or_straddles", where, scale)
    for name, single in singles.items():  # a bet size of 0 the engine refuses: said as -5 is
        _check_chips([single], name, where, scale, positive=name != "bring_in", one=True)

    # Heads-up PHH lists the forced bets reversed: p1 (the big blind) posts the second.
    if n == 2:
        antes, blinds = antes[::-1], blinds[::-1]
    # Player pN sits left of p(N-1), the last player on the button; `seats` (1-based seat
    # numbers, when they go round the table in order) places them, else pN is seat N-1.
    button = n - 1
    seats = _seats(fields.get("seats"), n, where)
    if seats is not None and sorted(seats) == list(range(1, n + 1)):
        if all((seats[i] - seats[0]) % n == i for i in range(n)):
            button = seats[-1] - 1
    order = [(button + 1 + i) % n for i in range(n)]

    def by_seat(values: list[Decimal]) -> tuple[int, ...]:
        out = [0] * n
        for i, value in enumerate(values):
            out[order[i]] = _whole(value, scale)
        return tuple(out)

    kwargs: dict[str, Any] = {
        "game": game,
        "limit": limit,
        "stacks": by_seat(stacks),
        "blinds": (0, 0) if stud else None,  # stud: no defaults from blinds; else blinds_or_straddles
        "antes": by_seat(antes),
        "bb_ante": 0,
        "straddles": (),
        "button": button,
        "bets": None,
        "seed": None,
        "min_bet": None,
        "bring_in": None,
        "cap": 4,
        "hole_cards": _hole_cards(game, actions, fields.get("_hole_cards"), where),
        "uncapped_heads_up": False,
        "half_bet_all_in": False,
        "open_pair_big_bet": True,
        "blinds_or_straddles": None if stud else by_seat(blinds),
        "auto_deal": False,
        "ante_trimming": None,
    }
    # Rules of the engine's own that PHH has no field for (user-defined fields, as to_phh writes).
    for name, kind in (
        ("cap", int),
        ("uncapped_heads_up", bool),
        ("half_bet_all_in", bool),
        ("open_pair_big_bet", bool),
    ):
        value = fields.get(f"_{name}")
        if value is not None:
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise ValueError(f"{where}: _{name} must be {'an int' if kind is int else 'true or false'}")
            kwargs[name] = None if name == "cap" and value == 0 else value
    if limit == "fixed-limit":
        if "small_bet" not in singles:
            raise ValueError(f"{where}: a fixed-limit game needs small_bet and big_bet")
        small = _whole(singles["small_bet"], scale)
        kwargs["bets"] = (small, _whole(singles.get("big_bet", singles["small_bet"] * 2), scale))
    elif "min_bet" in singles:
        kwargs["min_bet"] = _whole(singles["min_bet"], scale)
    elif stud and "small_bet" in singles:
        kwargs["min_bet"] = _whole(singles["small_bet"], scale)
    if stud:
        kwargs["bring_in"] = _whole(singles.get("bring_in", Decimal(0)), scale)
    info = {name: value for name, value in fields.items() if name not in _READ or name in unused}
    if "finishing_stacks" in fields:  # written back as recorded while the replay has not ended the hand
        info["finishing_stacks"] = fields["finishing_stacks"]
    # PHH: the field "defaults to false" (an ante is dead money, as PokerKit reads it), whatever
    # the antes; the engine's own default (trimming when every seat's ante is the same) is not.
    trimming = fields.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise ValueError(f"{where}: ante_trimming_status must be true or false")
    kwargs["ante_trimming"] = trimming
    try:
        hand = Hand._from_rules(kwargs, scale)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{where}: {exc}") from None
    hand._rules.info = info
    return hand


def _hole_cards(game: str, actions: list[str], written: object, where: str) -> int | None:
    """Omaha deals 4 to 6 hole cards; a history says how many by its ``_hole_cards`` field
    (to_phh writes one for 5 and 6) or else by its first deal."""
    if game not in _OMAHA:
        return None
    if written is not None:
        if isinstance(written, bool) or not isinstance(written, int):
            raise ValueError(f"{where}: _hole_cards must be an int, got {written!r}")
        if not 4 <= written <= 6:
            raise ValueError(f"{where}: _hole_cards is {written}; omaha deals 4 to 6 hole cards")
        return written
    for action in actions:
        words = action.split("#")[0].split()
        if len(words) == 4 and words[:2] == ["d", "dh"]:
            count = len(_CARD_TEXT.findall(words[3]))  # a ten may be written "10"
            return count if 4 <= count <= 6 else None
    return None


def phh_fields(source: PathOrText) -> dict[str, Any]:
    """The TOML fields of a hand history (a path, or its text), as read.

    A string with a line break is the text; a one-line string is a path when it names an
    existing file or has no ``=``, else a one-line text.  A file that cannot be read, is not
    UTF-8 or is not TOML raises ValueError naming it.

    >>> phh_fields('variant = "NT" # and the rest')["variant"]
    'NT'
    """
    return _parse(source)[0]


def read_phh(source: PathOrText | dict[str, Any], *, replay: bool = True) -> Hand:
    """The hand a PHH file (a path, its text, or its fields from :func:`phh_fields`) records,
    replayed move by move; with ``replay=False`` the hand before its first action.

    A string is the text when it has a line break (every real history has: TOML puts each
    field on a line of its own), else a path when it names an existing file or has no ``=``
    (a ``pathlib.Path`` is always a path); a file that cannot be read or is not UTF-8 raises
    ValueError naming it.  Every action is played through the engine, so a history that
    breaks a rule raises ValueError naming the action; one whose recorded ``finishing_stacks``
    are not where its actions end the hand raises ValueError naming the first player.  The
    hand's button is the last seat (PHH's pN is seat N-1) unless the ``seats`` field places
    the players otherwise.

    >>> hand = read_phh('''
    ... variant = "NT"
    ... antes = [0, 0, 0]
    ... blinds_or_straddles = [1, 2, 0]
    ... min_bet = 2
    ... starting_stacks = [100, 100, 100]
    ... actions = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 ????", "p3 f", "p1 cbr 10", "p2 cc",
    ...            "d db 2c3d4h", "p1 cbr 90", "p2 cc", "d db 5s", "d db 9c"]
    ... ''')
    >>> hand.done, hand.stacks
    (True, (200, 0, 100))
    """
    if isinstance(source, dict):
        fields, where = source, "hand history"
    else:
        fields, where = _parse(source)
    hand = _hand_of(fields, where)
    if replay:
        _replay(hand, fields, where)
    return hand


def _replay(hand: Hand, fields: dict[str, Any], where: str) -> None:
    """A history's actions played on its starting hand, then its finish checked."""
    for number, action in enumerate(fields.get("actions", []), start=1):
        try:
            hand.act(action)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{where}: action {number} {action!r}: {exc}") from None
    check_finish(hand, fields, where)


def read_phhs(source: PathOrText, *, replay: bool = True) -> list[Hand]:
    """The hands a .phhs file (a path or its text) records: a TOML table a hand, ``[1]``,
    ``[2]``, ..., each read as :func:`read_phh` reads one history, in the file's order.

    >>> text = "\\n".join(f"[{n}]\\n" + Hand(stacks=[50, 50], seed=n).to_phh() for n in (1, 2))
    >>> [hand.stacks for hand in read_phhs(text)]
    [(49, 48), (49, 48)]
    """
    fields, where = _parse(source)
    if "variant" in fields:
        raise ValueError(f"{where}: holds one hand, as a .phh file does; read_phh reads it")
    hands = []
    for name, table in fields.items():
        if not isinstance(table, dict):
            raise ValueError(f"{where}: {name!r} is not a hand; a .phhs file holds [1], [2], ... tables")
        hand = _hand_of(table, f"{where} [{name}]")
        if replay:
            _replay(hand, table, f"{where} [{name}]")
        hands.append(hand)
    return hands


def check_finish(hand: Hand, fields: dict[str, Any], where: str = "hand history") -> None:
    """A history's recorded finishing_stacks against its replay, when the replay ends the hand:
    one that contradicts its own actions was read without a word, and to_phh wrote the
    replay's figures over it.  (A history that stops before the end has no finish to hold
    them to.)  Compared in the file's own units and order, as to_phh writes them."""
    if "finishing_stacks" not in fields or not hand.done:
        return
    recorded = _numbers(fields["finishing_stacks"], "finishing_stacks", where)
    replayed = [Decimal(amount) for amount in phh_finishing_stacks(hand)]
    if recorded != replayed:
        # (_hand_of held finishing_stacks to one entry a player.)
        player = next(i for i, (mine, theirs) in enumerate(zip(recorded, replayed)) if mine != theirs)
        shown = ", ".join(str(amount) for amount in replayed)
        raise ValueError(
            f"{where}: finishing_stacks disagree with the replay of the actions: p{player + 1} is recorded"
            f" with {recorded[player]}, the replay ends with {replayed[player]} (every player: [{shown}])"
        )


def _files(folder: Path) -> list[Path]:
    return sorted(path for pattern in ("*.phh", "*.phhs") for path in folder.rglob(pattern))


def _hands_in(path: Path) -> list[Hand]:
    """The hands of one file: a .phh holds one, a .phhs a table of them ([1], [2], ...)."""
    return read_phhs(path) if path.suffix == ".phhs" else [read_phh(path)]


def load_phh(folder: PathOrText, *, progress: bool | None = None) -> list[Hand]:
    """Every hand of the .phh (and .phhs) files under `folder`, replayed, in path order.

    ``progress`` draws a progress bar on stderr (None: when stderr is a terminal).  A file
    that does not replay raises ValueError naming it.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "one.phh").write_text(Hand(stacks=[50, 50], seed=2).to_phh())
    >>> [hand.stacks for hand in load_phh(folder, progress=False)]
    [(49, 48)]
    """
    root = Path(folder)
    if not root.is_dir():
        raise ValueError(f"{str(root)!r} is not a folder of hand histories")
    files = _files(root)
    show = sys.stderr.isatty() if progress is None else bool(progress)
    hands: list[Hand] = []
    if not show:
        for path in files:
            hands.extend(_hands_in(path))
        return hands
    from rich.progress import Progress

    with Progress(transient=True) as bar:
        task = bar.add_task("hand histories", total=len(files))
        for path in files:
            hands.extend(_hands_in(path))
            bar.advance(task)
    return hands


def to_phh(hand: Hand) -> str:
    """The hand as a PHH file (the same as :meth:`Hand.to_phh`): its rules, every deal and move
    so far, and (once over) the finishing stacks.  :func:`read_phh` reads it back to an equal
    hand.

    >>> hand = Hand("razz", limit="fixed-limit", stacks=[30, 30], antes=1, seed=3)
    >>> hand.bring_in(); hand.fold()
    >>> print(to_phh(hand))
    variant = "FR"
    ante_trimming_status = true
    antes = [1, 1]
    bring_in = 1
    small_bet = 2
    big_bet = 4
    starting_stacks = [30, 30]
    actions = ["d dh p1 TsTc4h", "d dh p2 8h7c6h", "p2 pb", "p1 f"]
    seats = [2, 1]
    finishing_stacks = [29, 31]
    """
    if not isinstance(hand, Hand):
        raise TypeError(f"to_phh takes a Hand, not {type(hand).__name__}")
    return hand.to_phh()
