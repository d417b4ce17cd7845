"""The engine's binding: the one engine module that touches cffi's ``ffi`` and ``lib``.

Everything here is thin: the core's constants under Python names, the structs the engine
passes, and the calls.  Rules live in csrc/engine.c; wording lives in the modules above.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import numpy as np

from .. import _fastcall
from .._pokereval import ffi, lib

SEATS: int = lib.PE_ENGINE_SEATS
HOLD: int = lib.PE_ENGINE_HOLD
BOARD: int = lib.PE_ENGINE_BOARD
NO_CARD: int = lib.PE_ENGINE_NO_CARD
MAX_CHIPS: int = lib.PE_ENGINE_MAX_CHIPS
MAX_SIZES: int = lib.PE_TABLES_MAX_SIZES

VARIANTS: dict[str, int] = {
    "holdem": lib.PE_VAR_HOLDEM,
    "shortdeck": lib.PE_VAR_SHORTDECK,
    "shortdeck-trips": lib.PE_VAR_SHORTDECK_TRIPS,
    "omaha": lib.PE_VAR_OMAHA,
    "omaha-hilo": lib.PE_VAR_OMAHA_HILO,
    "stud": lib.PE_VAR_STUD,
    "stud-hilo": lib.PE_VAR_STUD_HILO,
    "razz": lib.PE_VAR_RAZZ,
    "five-card-draw": lib.PE_VAR_DRAW,
    "deuce-seven-single-draw": lib.PE_VAR_DEUCE_SEVEN_SINGLE,
    "deuce-seven-triple-draw": lib.PE_VAR_DEUCE_SEVEN_TRIPLE,
    "badugi": lib.PE_VAR_BADUGI,
}
VAR_OMAHA: int = lib.PE_VAR_OMAHA
VAR_OMAHA_HILO: int = lib.PE_VAR_OMAHA_HILO
VAR_STUD: int = lib.PE_VAR_STUD

LIMIT_NO: int = lib.PE_LIMIT_NO
LIMIT_POT: int = lib.PE_LIMIT_POT
LIMIT_FIXED: int = lib.PE_LIMIT_FIXED

RULE_UNCAPPED_HEADS_UP: int = lib.PE_RULE_UNCAPPED_HEADS_UP
RULE_HALF_BET: int = lib.PE_RULE_HALF_BET
RULE_OPEN_PAIR: int = lib.PE_RULE_OPEN_PAIR
RULE_SEAT_BLINDS: int = lib.PE_RULE_SEAT_BLINDS
RULE_SEAT_ANTES: int = lib.PE_RULE_SEAT_ANTES
RULE_ANTES_DEAD: int = lib.PE_RULE_ANTES_DEAD

PHASE_BET: int = lib.PE_PHASE_BET
PHASE_DRAW: int = lib.PE_PHASE_DRAW
PHASE_DEAL: int = lib.PE_PHASE_DEAL
PHASE_SHOWDOWN: int = lib.PE_PHASE_SHOWDOWN
PHASE_DONE: int = lib.PE_PHASE_DONE

CAN_FOLD: int = lib.PE_CAN_FOLD
CAN_CHECK: int = lib.PE_CAN_CHECK
CAN_CALL: int = lib.PE_CAN_CALL
CAN_RAISE: int = lib.PE_CAN_RAISE
CAN_BRING_IN: int = lib.PE_CAN_BRING_IN
CAN_DISCARD: int = lib.PE_CAN_DISCARD

RAISE_BET: int = lib.PE_RAISE_BET
RAISE_RAISE: int = lib.PE_RAISE_RAISE
RAISE_COMPLETE: int = lib.PE_RAISE_COMPLETE

ERR_CARD: int = lib.PE_ERR_CARD
ERR_DUPLICATE: int = lib.PE_ERR_DUPLICATE
ERR_COUNT: int = lib.PE_ERR_COUNT
ERR_ARG: int = lib.PE_ERR_ARG
ERR_PHASE: int = lib.PE_ERR_PHASE
ERR_MOVE: int = lib.PE_ERR_MOVE
ERR_AMOUNT: int = lib.PE_ERR_AMOUNT
ERR_SEAT: int = lib.PE_ERR_SEAT
ERR_RULES: int = lib.PE_ERR_RULES
ERR_BUSY: int = lib.PE_ERR_BUSY

FIELDS: dict[int, str] = {
    lib.PE_FIELD_VARIANT: "game",
    lib.PE_FIELD_LIMIT: "limit",
    lib.PE_FIELD_SEATS: "seats",
    lib.PE_FIELD_BUTTON: "button",
    lib.PE_FIELD_HOLE: "hole_cards",
    lib.PE_FIELD_STACK: "stacks",
    lib.PE_FIELD_BLINDS: "blinds",
    lib.PE_FIELD_ANTE: "antes",
    lib.PE_FIELD_STRADDLES: "straddles",
    lib.PE_FIELD_MIN_BET: "min_bet",
    lib.PE_FIELD_BETS: "bets",
    lib.PE_FIELD_BRING_IN: "bring_in",
    lib.PE_FIELD_CAP: "cap",
    lib.PE_FIELD_FORCED: "forced",
}

STATE_SIZE: int = ffi.sizeof("pe_engine_t")
LEGAL_SIZE: int = ffi.sizeof("pe_engine_legal_t")


class Busy(RuntimeError):
    """A call on a hand (or a Tables) that another thread's call is inside (PE_ERR_BUSY): it
    was turned away and nothing changed."""

    def __init__(self, what: str = "hand") -> None:
        super().__init__(
            f"another thread is inside a call on this {what}: a Hand or Tables is for one thread"
            " at a time; give each thread its own copy()"
        )


def not_busy(code: int) -> int:
    """`code` as given, unless it is PE_ERR_BUSY: then Busy (a call that turned it away
    changed nothing, so there is nothing else to word)."""
    if code == ERR_BUSY:
        raise Busy()
    return code


# The moves, each returning the seat that moved or a negative error code (ERR_BUSY too).
fold = lib.pe_engine_fold
check_call = lib.pe_engine_check_call
raise_to = lib.pe_engine_raise_to
bring_in = lib.pe_engine_bring_in
set_auto = lib.pe_engine_auto
new_state = ffi.new
unpack = ffi.unpack
_memmove = ffi.memmove
_buffer = ffi.buffer


# Off the garbage collector's lists: for objects that can be in no reference cycle (a Hand).
untrack = _fastcall.untrack


_FACTS: dict[int, Mapping[str, int]] = {}


def variant_facts(code: int) -> Mapping[str, int]:
    """The facts of an engine variant (pe_engine_variant), read from C once per variant and
    kept read-only (every Hand's rules ask for them)."""
    facts = _FACTS.get(code)
    if facts is not None:
        return facts
    out = ffi.new("pe_engine_variant_t *")
    if lib.pe_engine_variant(code, out) != 0:
        raise ValueError(f"unknown engine variant {code}")
    names = (
        "game",
        "streets",
        "draws",
        "min_seats",
        "max_seats",
        "hole_min",
        "hole_max",
        "deck_first",
        "stud",
        "small_rounds",
    )
    facts = MappingProxyType({name: int(getattr(out, name)) for name in names})
    _FACTS[code] = facts  # whole before it is seen: another thread finds it or makes its own
    return facts


def forced_bets(rules: Any) -> tuple[list[int], list[int]]:
    """Each seat's forced live bets and antes under checked rules (pe_engine_forced)."""
    blinds = ffi.new("int64_t[]", SEATS)
    antes = ffi.new("int64_t[]", SEATS)
    field = ffi.new("int *")
    if lib.pe_engine_forced(rules, blinds, antes, field) != 0:
        raise ValueError("rules out of range")
    n = int(rules.seats)
    return list(blinds[0:n]), list(antes[0:n])


def new_rules() -> Any:
    """A zeroed pe_engine_rules_t."""
    return ffi.new("pe_engine_rules_t *")


def state() -> Any:
    """A new, zeroed pe_engine_t."""
    return ffi.new("pe_engine_t *")


_STATE_POINTER = ffi.typeof("pe_engine_t *")
# The copy overwrites every byte, so the memory need not be cleared first.
_UNCLEARED = ffi.new_allocator(should_clear_after_alloc=False)


def copy_state(
    source: Any, _new: Any = _UNCLEARED, _type: Any = _STATE_POINTER, _copy: Any = lib.pe_engine_copy
) -> Any:
    """A new pe_engine_t holding a copy of `source` (the ctype looked up once, the memory not
    cleared before the copy: this is the whole cost of Hand.copy).  The copy is made in C, in
    turn with the hand's calls, so it is never taken half way through another thread's move."""
    target = _new(_type)
    if _copy(target, source):
        raise Busy()
    return target


def state_bytes(source: Any) -> bytes:
    """The bytes of a pe_engine_t (it holds no pointers, so they are the whole state)."""
    return bytes(_buffer(source, STATE_SIZE))


def position_bytes(source: Any) -> bytes:
    """The bytes of a pe_engine_t with the dealing machinery (generator, stub, self-dealing)
    blanked, and which seats showed by their own move (a hand the engine put on the table at
    the showdown is read back from its history as shown by its seat): equal for two hands that
    stand in the same place however they were dealt."""
    data = bytearray(_buffer(source, STATE_SIZE))
    for name in ("auto_deal", "deck_left", "fresh_cards", "deck", "out", "rng", "busy", "dealt", "tabled"):
        offset = ffi.offsetof("pe_engine_t", name)
        size = (
            ffi.sizeof(getattr(ffi.new("pe_engine_t *"), name))
            if name in ("deck", "rng")
            else (8 if name == "out" else 2 if name == "tabled" else 1)
        )
        data[offset : offset + size] = bytes(size)
    return bytes(data)


def _layout() -> bytes:
    """Eight bytes naming the layout of pe_engine_t: its fields, their offsets and sizes."""
    fields = [
        (name, field.offset, ffi.sizeof(field.type)) for name, field in ffi.typeof("pe_engine_t").fields
    ]
    return hashlib.sha256(repr((STATE_SIZE, fields)).encode()).digest()[:8]


LAYOUT: bytes = _layout()


def layout_tagged(data: bytes) -> bytes:
    """State bytes as a pickle keeps them: behind the layout they were written in."""
    return LAYOUT + data


def layout_untagged(data: object) -> bytes | None:
    """The state bytes of layout_tagged's output, or None when another layout wrote them."""
    if isinstance(data, bytes) and len(data) == len(LAYOUT) + STATE_SIZE and data.startswith(LAYOUT):
        return data[len(LAYOUT) :]
    return None


def state_from_bytes(data: bytes) -> Any:
    """A pe_engine_t from state_bytes."""
    target = ffi.new("pe_engine_t *")
    _memmove(target, data, STATE_SIZE)
    target.busy = 0  # bytes read while a call was inside say so; the new hand has none
    return target


def checked_state_from_bytes(data: bytes, rules: Any) -> Any:
    """A pe_engine_t from bytes that came from outside (a pickle): ValueError unless
    pe_engine_check_rules finds it a hand the engine could have written under `rules` (a
    pe_engine_rules_t).  The engine trusts its struct (seats, cards, counts index its arrays;
    chips add up), so bytes changed on the way must never reach it."""
    target = state_from_bytes(data)
    if lib.pe_engine_check_rules(target, rules) != 0:
        raise ValueError("this pickled Hand holds a state the engine never writes (corrupt or altered bytes)")
    return target


def start(target: Any, rules: Any, seed: int, auto_deal: bool) -> tuple[int, int]:
    """pe_engine_start: (code, field)."""
    field = ffi.new("int *")
    rc = lib.pe_engine_start(target, rules, seed, int(auto_deal), field)
    return int(rc), int(field[0])


def legal(source: Any) -> Any:
    """pe_engine_legal into a new struct."""
    out = ffi.new("pe_engine_legal_t *")
    if lib.pe_engine_legal(source, out):
        raise Busy()
    return out


def _cards_call(func: Any, target: Any, seat: int | None, cards: bytes) -> tuple[int, int]:
    bad = ffi.new("size_t *")
    if seat is None:
        rc = func(target, cards, len(cards), bad)
    else:
        rc = func(target, seat, cards, len(cards), bad)
    return int(rc), int(bad[0])


def discard(target: Any, cards: bytes) -> tuple[int, int]:
    """pe_engine_discard: (seat or code, position at fault)."""
    return _cards_call(lib.pe_engine_discard, target, None, cards)


def deal(target: Any, seat: int, cards: bytes) -> tuple[int, int]:
    """pe_engine_deal (seat -1: the board): (seat or code, position at fault)."""
    return _cards_call(lib.pe_engine_deal, target, seat, cards)


def show(target: Any, seat: int, cards: bytes) -> tuple[int, int]:
    """pe_engine_show (no cards: muck): (seat or code, position at fault)."""
    return _cards_call(lib.pe_engine_show, target, seat, cards)


def deal_random(target: Any) -> tuple[int, bytes]:
    """pe_engine_deal_random: (seat, SEATS for the board, or code; the cards dealt)."""
    cards = ffi.new("uint8_t[]", HOLD)
    count = ffi.new("size_t *")
    rc = int(lib.pe_engine_deal_random(target, cards, count))
    return rc, bytes(ffi.buffer(cards, count[0])) if rc >= 0 else b""


def settlement(source: Any) -> Any:
    """pe_engine_settlement into a new pe_settlement_t (None before the end)."""
    out = ffi.new("pe_settlement_t *")
    return None if not_busy(lib.pe_engine_settlement(source, out)) else out


def uncalled(source: Any) -> tuple[int, int] | None:
    """pe_engine_uncalled as (seat, chips), or None when there is none."""
    seat = ffi.new("int *")
    chips = not_busy(int(lib.pe_engine_uncalled(source, seat)))
    return (int(seat[0]), chips) if chips > 0 else None


# ---- many tables ------------------------------------------------------------------------


def tables(count: int) -> Any:
    """An array of `count` zeroed pe_engine_t."""
    return ffi.new("pe_engine_t[]", count)


def table_at(array: Any, index: int) -> Any:
    """A pointer to table `index` of an array from tables()."""
    return array + index


def outputs(arrays: dict[str, np.ndarray], start: int, stop: int) -> tuple[Any, list[Any]]:
    """A pe_tables_out_t over rows start..stop of the arrays, and the buffers it points into
    (keep them alive as long as it is used)."""
    out = ffi.new("pe_tables_out_t *")
    keep: list[Any] = []
    types = {
        "hole": "uint8_t[]",
        "up": "uint8_t[]",
        "board": "uint8_t[]",
        "stacks": "int64_t[]",
        "bets": "int64_t[]",
        "pot": "int64_t[]",
        "actor": "int8_t[]",
        "street": "int8_t[]",
        "phase": "int8_t[]",
        "folded": "uint16_t[]",
        "mask": "uint8_t[]",
        "rewards": "int64_t[]",
        "done": "uint8_t[]",
        "legal": "uint8_t[]",
    }
    views = arrays.get("views")
    if views is not None:  # raw bytes holding pe_engine_legal_t per table
        buffer = ffi.from_buffer("pe_engine_legal_t[]", views[start:stop], require_writable=True)
        keep.append(buffer)
        out.views = buffer
    for name, ctype in types.items():
        array = arrays.get(name)
        if array is None:
            continue
        buffer = ffi.from_buffer(ctype, array[start:stop], require_writable=True)
        keep.append(buffer)
        setattr(out, name, buffer)
    return out, keep


def tables_reset(
    array: Any, count: int, rules: Any, seed: int, first: int, nsizes: int, out: Any
) -> tuple[int, int]:
    """pe_tables_reset: (code, field)."""
    field = ffi.new("int *")
    rc = lib.pe_tables_reset(array, count, rules, seed, first, nsizes, out, field)
    return int(rc), int(field[0])


def actions_buffer(actions: np.ndarray) -> Any:
    """A C view of a contiguous uint8 array of actions (keep the array alive while it is used)."""
    return ffi.from_buffer("uint8_t[]", actions)


def tables_check(legal: np.ndarray, actions: np.ndarray) -> tuple[int, int]:
    """pe_tables_check: (code, the first table whose action is not legal)."""
    bad = ffi.new("size_t *")
    rc = lib.pe_tables_check(
        ffi.from_buffer("uint8_t[]", legal), ffi.from_buffer("uint8_t[]", actions), len(actions), bad
    )
    return int(rc), int(bad[0])


def tables_step(array: Any, count: int, rules: Any, actions: Any, sizes: Any, nsizes: int, out: Any) -> int:
    """pe_tables_step over checked actions (a C view from actions_buffer)."""
    return int(lib.pe_tables_step(array, count, rules, actions, sizes, nsizes, 1, out, ffi.NULL))


def tables_step_checked(
    array: Any, count: int, rules: Any, actions: Any, sizes: Any, nsizes: int, out: Any
) -> int | None:
    """pe_tables_step checking every action first: None, or the first table whose action is
    not legal (then nothing moved)."""
    bad = ffi.new("size_t *")
    rc = lib.pe_tables_step(array, count, rules, actions, sizes, nsizes, 0, out, bad)
    if rc == ERR_MOVE:
        return int(bad[0])
    if rc:
        raise RuntimeError(
            f"pe_tables_step: unexpected code {rc}"
        )  # pragma: no cover  (sizes and out are ours)
    return None


def tables_finish(table: Any, action: int, sizes: Any, nsizes: int, out: Any) -> int:
    """pe_tables_finish: one table's action without the next hand, its row written to `out`."""
    return int(lib.pe_tables_finish(table, action, sizes, nsizes, out))


def copy_tables(target: Any, source: Any, count: int) -> None:
    """Copy `count` pe_engine_t of one array from tables() over another's."""
    ffi.memmove(target, source, STATE_SIZE * count)


def copy_into(target: Any, source: Any) -> None:
    """Copy one pe_engine_t over another (both pointers)."""
    ffi.memmove(target, source, STATE_SIZE)


def sizes_array(sizes: tuple[float, ...]) -> Any:
    """A C array of raise sizes (at least one element, so the pointer is never NULL)."""
    return ffi.new("double[]", list(sizes) or [0.0])


def play_random(
    rules: Any,
    seed: int,
    first: int,
    hands: int,
    sizes: Any,
    nsizes: int,
    payoffs: np.ndarray,
    moves: np.ndarray,
    holes: np.ndarray,
    boards: np.ndarray,
) -> tuple[int, int]:
    """pe_engine_play_random into the arrays' rows: (code, field)."""
    field = ffi.new("int *")
    rc = lib.pe_engine_play_random(
        rules,
        seed,
        first,
        hands,
        sizes,
        nsizes,
        ffi.from_buffer("int64_t[]", payoffs, require_writable=True),
        ffi.from_buffer("uint32_t[]", moves, require_writable=True),
        ffi.from_buffer("uint8_t[]", holes, require_writable=True),
        ffi.from_buffer("uint8_t[]", boards, require_writable=True),
        field,
    )
    return int(rc), int(field[0])
