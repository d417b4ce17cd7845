"""The one module that touches the compiled core (cffi's ``ffi`` and ``lib``).

Everything here is thin: checks of numpy arrays before they cross into C, the calls,
and the single table that turns the core's error codes into exceptions.
"""

from __future__ import annotations

import ctypes
import math
import os
import threading
import warnings
from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any

import numpy as np


def _unbuilt(error: ImportError) -> str:
    """Words for a core that will not import.  Most often Python found a source checkout (the
    current folder comes first on sys.path) where `pip install .` built the core into the
    installed copy only; Python's own words ("partially initialized module ... (most likely
    due to a circular import)") point elsewhere."""
    here = os.path.dirname(os.path.abspath(__file__))
    built = [
        name
        for name in os.listdir(here)
        if name.startswith(("_pokereval.", "_fastcall.")) and name.endswith(tuple(EXTENSION_SUFFIXES))
    ]
    if built:
        return f"pokereval's compiled core in {here} does not load ({error}); reinstall it for this Python"
    return (
        f"pokereval is imported from {here}, a source checkout whose compiled core is not built"
        " (pip install . builds it into the installed copy, which this folder hides): run Python"
        " from another folder, or build it here with pip install -e ."
    )


try:
    from . import _fastcall
    from ._pokereval import ffi, lib
except ImportError as _error:
    raise ImportError(_unbuilt(_error)) from None

GAME_HOLDEM: int = lib.PE_GAME_HOLDEM
GAME_STUD: int = lib.PE_GAME_STUD
GAME_SHORTDECK: int = lib.PE_GAME_SHORTDECK
GAME_RAZZ: int = lib.PE_GAME_RAZZ
GAME_DEUCE_SEVEN: int = lib.PE_GAME_DEUCE_SEVEN
GAME_OMAHA: int = lib.PE_GAME_OMAHA
GAME_OMAHA_HILO: int = lib.PE_GAME_OMAHA_HILO
GAME_BADUGI: int = lib.PE_GAME_BADUGI
GAME_STUD_HILO: int = lib.PE_GAME_STUD_HILO

ERR_CARD: int = lib.PE_ERR_CARD
ERR_DUPLICATE: int = lib.PE_ERR_DUPLICATE
ERR_COUNT: int = lib.PE_ERR_COUNT
ERR_GAME: int = lib.PE_ERR_GAME
ERR_ARG: int = lib.PE_ERR_ARG
ERR_STOPPED: int = lib.PE_ERR_STOPPED

# The core's error codes and the exception each becomes.  The message is worded by the
# caller, which knows the game and the cards (see GameSpec.error).
ERRORS: dict[int, type[Exception]] = {
    ERR_CARD: ValueError,
    ERR_DUPLICATE: ValueError,
    ERR_COUNT: ValueError,
    ERR_GAME: ValueError,
    ERR_ARG: ValueError,
    lib.PE_ERR_WILD: ValueError,
}

# The hold'em batch kernel, chosen once here, before any thread can run a batch: the
# fastest this CPU runs, or the one $POKEREVAL_SIMD names ("scalar", "avx2", "avx512", "neon").
_SIMD = os.environ.get("POKEREVAL_SIMD", "auto")
if lib.pe_simd_init(_SIMD.encode()) != 0:
    warnings.warn(
        f"POKEREVAL_SIMD={_SIMD!r} is unknown or not supported here; using the fastest kernel",
        RuntimeWarning,
        stacklevel=1,  # this line, not whichever module the import chain passed through
    )
    lib.pe_simd_init(b"auto")


# Single-hand calls that keep the GIL (pokereval/_fastcall.c), and the small exact equity
# spot's call, bound here, once, to the core's own checked entry points, so the core is
# compiled only into the cffi module.  Each address travels as a PyCapsule named after its
# function, which _fastcall checks: no Python int can be taken for a function pointer.
_CAPSULE_NAMES = {
    name: f"pokereval._pokereval.{name}".encode()
    for name in ("pe_eval_holdem", "pe_eval_mask_checked", "pe_eval_packed", "pe_equity_exact_ranges")
}  # kept here: a capsule holds a pointer to its name, not a copy


def _capsule(name: str) -> object:
    new = ctypes.pythonapi.PyCapsule_New
    new.restype = ctypes.py_object
    new.argtypes = (ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p)
    address = int(ffi.cast("uintptr_t", ffi.addressof(lib, name)))
    return new(address, _CAPSULE_NAMES[name], None)


_fastcall.bind(*map(_capsule, _CAPSULE_NAMES))
# fast_cards(bytes, or a list or tuple of 5..7 Cards or ids) and fast_mask(int) return the
# hold'em value or raise ValueError / TypeError naming the problem.
fast_cards = _fastcall.eval_cards
fast_mask = _fastcall.eval_mask
# ids_of(list or tuple of ints) -> bytes, TypeError for anything else (bools included).
ids_of = _fastcall.ids_of
# The result type's C part, and the calls that make results (see pokereval/rank.py, api.py).
HandRank = _fastcall.HandRank
make_rank = _fastcall.make
rank = _fastcall.rank
rank_of_ids = _fastcall.rank_of_ids
register_ranks = _fastcall.register


def simd_path() -> str:
    """Name of the hold'em batch kernel in use: "avx512", "avx2", "neon" or "scalar"."""
    return str(ffi.string(lib.pe_simd_path()).decode())


# One call per hand: hi | lo << 16, or a negative error code.
eval_packed = lib.pe_eval_packed


def run_stoppable(call: Callable[[Any], int]) -> int:
    """Run ``call(stop)``, a core call that polls the int at `stop`, so that Ctrl-C ends it.

    Python delivers Ctrl-C to the main thread only, and only between bytecodes, never inside
    a C call.  So on the main thread the call runs on a worker thread while this one waits in
    slices of 0.05 s; a KeyboardInterrupt there raises the flag, the core returns
    PE_ERR_STOPPED within a millisecond or so, and the interrupt goes on up with no thread
    left running.  On any other thread the call simply runs there.
    """
    stop = ffi.new("int *")
    if threading.current_thread() is not threading.main_thread():
        return call(stop)
    done: list[int] = []
    begun, finished = threading.Event(), threading.Event()

    def work() -> None:
        begun.set()
        try:
            if not stop[0]:  # an interrupt that came while this thread was starting: no call
                done.append(call(stop))
        finally:
            finished.set()

    worker = threading.Thread(target=work, name="pokereval-core", daemon=True)
    try:
        # start() inside the try: it waits for the thread to run, and a Ctrl-C in that wait
        # left the call running to its end with nothing to raise the flag.
        worker.start()
        while not finished.wait(0.05):
            pass
        worker.join()  # `finished` is set just before the thread ends: at once
    except BaseException:
        stop[0] = 1
        # A thread that began returns within a millisecond or so now; one that never began
        # (the interrupt came before it was made) never sets `begun`, and one that begins
        # later sees the flag and makes no call.  Another Ctrl-C does not cut this wait short.
        if begun.is_set() or _waited(begun.wait, 0.1) or begun.is_set():
            # On `finished`, not the thread's join: CPython (before 3.13) takes a join that
            # Ctrl-C cut short for the thread's end.
            while not finished.is_set():
                _waited(finished.wait, 0.05)
        raise
    return done[0]


def _waited(wait: Callable[[float], object], seconds: float) -> bool:
    """wait(seconds) (an Event's wait), a KeyboardInterrupt in it taken as a wait that saw
    nothing."""
    try:
        return bool(wait(seconds))
    except KeyboardInterrupt:
        return False


def error(code: int, message: str) -> Exception:
    """The exception for a core error code, carrying `message`."""
    return ERRORS.get(code, RuntimeError)(message)


def best_cards(game: int, ids: bytes, hole: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Input positions of the cards that play the high and the low hand, reading order."""
    hi_pos = ffi.new("uint8_t[7]")
    lo_pos = ffi.new("uint8_t[5]")
    n_hi = ffi.new("size_t *")
    n_lo = ffi.new("size_t *")
    rc = lib.pe_best_cards(game, 0, ids, len(ids), hole, hi_pos, n_hi, lo_pos, n_lo, ffi.NULL)
    if rc != 0:
        raise error(rc, f"cannot pick the playing cards (core error {rc})")
    return tuple(hi_pos[0 : n_hi[0]]), tuple(lo_pos[0 : n_lo[0]])


def category(game: int, value: int) -> int:
    """Category number of a value, -1 where the game has none."""
    return int(lib.pe_category(game, value))


def game_max(game: int) -> int:
    return int(lib.pe_game_max(game))


def game_facts() -> list[dict[str, Any]]:
    """Every game's row of the core's table of game facts (pe_game), by game number."""
    rows = []
    for code in range(lib.PE_NUM_GAMES):
        g = lib.pe_game(code)
        rows.append(
            {
                "name": ffi.string(g.name).decode(),
                "code": code,
                "hand": (g.hand_min, g.hand_max),
                "hole": (g.hole_min, g.hole_max) if g.hole_max else None,
                "board": (g.board_min, g.board_max) if g.hole_max else None,
                "seat": (g.seat_min, g.seat_max),
                "showdown_board": g.showdown_board,
                "deck_first": g.deck_first,
                "deck_size": g.deck_size,
                "low": bool(g.low),
                "hilo": bool(g.hilo),
                "has_category": bool(g.categories),
                "top": g.top,
                "wild": bool(g.wild),
                "wild_top": g.wild_top,
                "engine": {lib.PE_ENGINE_HANDS: "hands", lib.PE_ENGINE_GAMES: "games"}.get(g.engine),
            }
        )
    return rows


def batch_into(
    game: int,
    ids: np.ndarray[Any, Any],
    hole: int,
    hi: np.ndarray[Any, Any],
    lo: np.ndarray[Any, Any] | None,
) -> tuple[int, int]:
    """Evaluate a C-contiguous (N, k) uint8 array into `hi` (and `lo`) in one call.

    The caller has checked dtype, shape and contiguity; the core checks every id and
    every row.  cffi releases the GIL for the call.  Returns (code, first bad row).
    """
    rows, k = ids.shape
    if rows == 0:
        return 0, 0
    bad = ffi.new("size_t *")
    rc = lib.pe_eval_batch(
        game,
        0,
        ffi.cast("const uint8_t *", ffi.from_buffer(ids)),
        rows,
        k,
        hole,
        ffi.cast("uint16_t *", ffi.from_buffer(hi, require_writable=True)),
        ffi.cast("uint16_t *", ffi.from_buffer(lo, require_writable=True)) if lo is not None else ffi.NULL,
        bad,
    )
    return int(rc), int(bad[0])


WILD_JOKER: int = lib.PE_WILD_JOKER
WILD_BUG: int = lib.PE_WILD_BUG
WILD_DEUCES: int = lib.PE_WILD_DEUCES
ERR_WILD: int = lib.PE_ERR_WILD


def batch_wild_into(
    game: int, wild: int, ids: np.ndarray[Any, Any], out: np.ndarray[Any, Any]
) -> tuple[int, int]:
    """pe_eval_batch with a wild rule over a checked C-contiguous (N, k) uint8 array: (code,
    first bad row)."""
    rows, k = ids.shape
    bad = ffi.new("size_t *")
    rc = lib.pe_eval_batch(
        game,
        wild,
        ffi.cast("const uint8_t *", ffi.from_buffer(ids)),
        rows,
        k,
        0,
        ffi.cast("uint16_t *", ffi.from_buffer(out, require_writable=True)),
        ffi.NULL,
        bad,
    )
    return int(rc), int(bad[0])


def eval_wild(game: int, wild: int, ids: bytes) -> tuple[int, int]:
    """pe_eval with a wild rule: (code, value)."""
    value = ffi.new("uint16_t *")
    rc = lib.pe_eval(game, wild, ids, len(ids), 0, value, ffi.NULL)
    return int(rc), int(value[0])


def best_cards_wild(game: int, wild: int, ids: bytes) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
    """pe_eval and pe_best_cards with a wild rule: (code, value, input positions of the five,
    the card each stands for)."""
    code, value = eval_wild(game, wild, ids)
    if code != 0:
        return code, 0, (), ()
    pos = ffi.new("uint8_t[7]")
    n_pos = ffi.new("size_t *")
    stands = ffi.new("uint8_t[7]")
    rc = lib.pe_best_cards(game, wild, ids, len(ids), 0, pos, n_pos, ffi.NULL, ffi.NULL, stands)
    if rc != 0:  # pragma: no cover  (pe_eval took the same cards)
        return int(rc), 0, (), ()
    return 0, value, tuple(pos[0 : n_pos[0]]), tuple(stands[0 : n_pos[0]])


# ---- showdown and settle (csrc/showdown.c): one call each, the result struct kept as cdata;
# showdown.py reads what it needs from it.

SETTLE_MAX_SEATS: int = lib.PE_SETTLE_MAX_SEATS
SETTLE_MAX_CHIPS: int = lib.PE_SETTLE_MAX_CHIPS
FAULT_CHIPS: int = lib.PE_FAULT_CHIPS
FAULT_DEAD: int = lib.PE_FAULT_DEAD
FAULT_ORDER: int = lib.PE_FAULT_ORDER
FAULT_HOLE: int = lib.PE_FAULT_HOLE
FAULT_BOARD: int = lib.PE_FAULT_BOARD
FAULT_NOBODY: int = lib.PE_FAULT_NOBODY
FAULT_SEATS: int = lib.PE_FAULT_SEATS

_new = ffi.new
_pe_settle = lib.pe_settle
_pe_showdown = lib.pe_showdown
_NULL = ffi.NULL
unpack = ffi.unpack


def settle(
    game: int,
    chips: Any,
    dead: Any,
    folded: bytes,
    cards: bytes,
    counts: bytes,
    board: bytes,
    order: bytes | None,
    wild: int = 0,
) -> tuple[int, Any]:
    """One pe_settle call: (code, the pe_settlement_t).  chips and dead are lists of ints
    (dead may be None); cffi raises OverflowError for one that does not fit int64_t.  wild is
    a PE_WILD_* rule, 0 for none."""
    out = _new("pe_settlement_t *")
    rc = _pe_settle(
        game,
        wild,
        len(counts),
        chips,
        _NULL if dead is None else dead,
        folded,
        cards,
        counts,
        board,
        len(board),
        _NULL if order is None else order,
        out,
    )
    return rc, out


def showdown(game: int, cards: bytes, counts: bytes, board: bytes, wild: int = 0) -> tuple[int, Any]:
    """One pe_showdown call: (code, the pe_showdown_t); wild 0 plays no wild cards."""
    out = _new("pe_showdown_t *")
    rc = _pe_showdown(game, wild, len(counts), cards, counts, board, len(board), out)
    return rc, out


def enumerate_counts(k: int) -> np.ndarray[Any, Any]:
    """Histogram of hold'em values over every k-card hand, k = 5..7 (in C)."""
    hist = np.zeros(7463, dtype=np.uint64)
    rc = lib.pe_enumerate(k, ffi.cast("uint64_t *", ffi.from_buffer(hist, require_writable=True)))
    if rc != 0:
        raise error(rc, f"k must be 5, 6 or 7, got {k}")
    return hist


# ---- equity (csrc/equity.c, csrc/iso.c); cffi releases the GIL for each call -----------------

EQ_UNIT: int = lib.PE_EQ_UNIT
EQ_FIELDS: int = lib.PE_EQ_FIELDS
# The least average weight of the deals a range computation answers over (pe_codes.h).
WEIGHT_FLOOR: float = math.ldexp(1.0, lib.PE_WEIGHT_FLOOR_EXP)


def deal_weights_error(ranges: str = "the ranges") -> ValueError:
    """The refusal of deals that weigh below WEIGHT_FLOOR on average (the core's PE_ERR_ARG
    from a range computation whose input Python has checked)."""
    return ValueError(
        f"{ranges}' weights are too small to add up: the deals they leave weigh under"
        f" 2**{lib.PE_WEIGHT_FLOOR_EXP} on average, where doubles lose their digits (a deal"
        " weighs the product of its combos' weights, each range's scaled to a largest of 1);"
        " give the combos that can still be dealt weights nearer 1"
    )


def check_deal_weights(weighted: float, deals: float) -> None:
    """deal_weights_error unless `deals` deals weighing `weighted` in all average at least
    WEIGHT_FLOOR, the rule the core's range computations keep (pe_codes.h): for the sums
    made in Python, over the core's chunks."""
    if not weighted >= deals * WEIGHT_FLOOR:
        raise deal_weights_error()


EQ_SHARE: int = lib.PE_EQ_SHARE
EQ_WINS: int = lib.PE_EQ_WINS
EQ_TIES: int = lib.PE_EQ_TIES
EQ_CATS: int = lib.PE_EQ_CATS
EQ_CAT_WON: int = lib.PE_EQ_CAT_WON
EQ_BLOCK: int = lib.PE_EQ_BLOCK


def equity_exact(
    game: int,
    players: int,
    hole: int,
    deals: np.ndarray[Any, Any],
    board: bytes,
    dead: bytes,
    plain: bool,
    part: int,
    parts: int,
    counts: np.ndarray[Any, Any],
) -> int:
    """pe_equity_exact: deals (N, players * hole) uint8; adds to counts (N, stride) uint64."""
    return int(
        lib.pe_equity_exact(
            game,
            players,
            hole,
            _u8(deals),
            len(deals),
            board,
            len(board),
            dead,
            len(dead),
            int(plain),
            part,
            parts,
            ffi.cast("uint64_t *", ffi.from_buffer(counts, require_writable=True)),
        )
    )


# pe_equity_exact_ranges for small exact spots (pokereval/equity/exact.py): (game, players,
# hole, rows, counts, weights, board, dead, max_deals), all bytes but the numbers (counts
# native uint32s, weights native doubles or None) -> (0, equity, wins, ties, runs,
# weighted runs, weighted totals as bytes of doubles), or (code,) for any other code.  In
# _fastcall: through cffi, the call and the reading of its totals cost 3 us a spot.
equity_exact_ranges = _fastcall.exact_ranges


def equity_sample(
    game: int,
    players: int,
    hole: int,
    rows: np.ndarray[Any, Any],
    counts: np.ndarray[Any, Any] | None,
    cumw: np.ndarray[Any, Any] | None,
    importance: bool,
    board: bytes,
    dead: bytes,
    seed: int,
    first: int,
    samples: int,
    max_attempts: int,
    out: np.ndarray[Any, Any],
) -> int:
    """pe_equity_sample: adds samples first.. to out (float64, players * fields + 4)."""
    return int(
        lib.pe_equity_sample(
            game,
            players,
            hole,
            _u8(rows),
            ffi.NULL if counts is None else ffi.cast("const uint32_t *", ffi.from_buffer(counts)),
            ffi.NULL if cumw is None else ffi.cast("const double *", ffi.from_buffer(cumw)),
            int(importance),
            board,
            len(board),
            dead,
            len(dead),
            seed,
            first,
            samples,
            max_attempts,
            ffi.cast("double *", ffi.from_buffer(out, require_writable=True)),
        )
    )


def equity_find_deal(
    hole: int, rows: np.ndarray[Any, Any], counts: np.ndarray[Any, Any], used: int, max_nodes: int
) -> int:
    """pe_equity_find_deal: PE_OK, ERR_DUPLICATE (no deal) or 1 (gave up)."""
    chosen = ffi.new("uint32_t[]", len(counts))
    return int(
        lib.pe_equity_find_deal(
            len(counts),
            hole,
            _u8(rows),
            ffi.cast("const uint32_t *", ffi.from_buffer(counts)),
            used,
            max_nodes,
            chosen,
        )
    )


def iso_canonical_deals(deals: np.ndarray[Any, Any], board: bytes, dead: bytes) -> np.ndarray[Any, Any]:
    """pe_iso_canonical_deals on (N, 2 * players) uint8 rows."""
    out = np.empty_like(deals)
    rc = lib.pe_iso_canonical_deals(
        _u8(deals),
        len(deals),
        deals.shape[1] // 2,
        board,
        len(board),
        dead,
        len(dead),
        ffi.cast("uint8_t *", ffi.from_buffer(out, require_writable=True)),
    )
    if rc != 0:
        raise error(rc, "suit isomorphism: bad deal rows")  # pragma: no cover  (checked before)
    return out


def _equity_out(players: int) -> tuple[Any, Any, Any, Any]:
    return (
        ffi.new("double[]", players),
        ffi.new("uint64_t[]", players),
        ffi.new("uint64_t[]", players),
        ffi.new("uint64_t *"),
    )


def equity_hands(
    game: int, holes: bytes, players: int, hole: int, board: bytes, dead: bytes, samples: int, seed: int
) -> tuple[int, Any]:
    """pe_equity_holdem / pe_equity_omaha: (code, (equity, wins, ties, runs))."""
    out = _equity_out(players)
    if game == lib.PE_GAME_HOLDEM:
        rc = lib.pe_equity_holdem(holes, players, board, len(board), dead, len(dead), samples, seed, *out)
    else:
        rc = lib.pe_equity_omaha(
            game, holes, players, hole, board, len(board), dead, len(dead), samples, seed, *out
        )
    return int(rc), out


def equity_game(
    game: int,
    rows: np.ndarray[Any, Any],
    counts: np.ndarray[Any, Any],
    known: bytes,
    final: bytes,
    weights: np.ndarray[Any, Any] | None,
    board: bytes,
    dead: bytes,
    samples: int,
    seed: int,
    wild: int = 0,
    deck: int = 52,
) -> tuple[int, Any]:
    """pe_equity_game (csrc/equity_games.c) on a contiguous uint8 array of every player's
    rows back to back, uint32 counts and float64 weights (or None): (code, (equity, wins,
    ties, runs, category shares, category wins, win_tie)), the category arrays flat, 10 per
    player (11 with wild cards, whose `deck` holds 52 to 54 cards), win_tie the weighted
    shares of runouts won whole and shared, two per player.  Ctrl-C stops it (run_stoppable)."""
    players = len(counts)
    stride = 11 if wild else 10
    out = (
        *_equity_out(players),
        *(ffi.new("double[]", stride * players) for _ in range(2)),
        ffi.new("double[]", 2 * players),
    )
    args = (
        game,
        wild,
        deck,
        players,
        ffi.cast("const uint8_t *", ffi.from_buffer(rows)) if rows.size else ffi.NULL,
        ffi.cast("const uint32_t *", ffi.from_buffer(counts)),
        known,
        final,
        ffi.cast("const double *", ffi.from_buffer(weights)) if weights is not None else ffi.NULL,
        board,
        len(board),
        dead,
        len(dead),
        samples,
        seed,
        *out,
    )
    return run_stoppable(lambda stop: int(lib.pe_equity_game(*args, stop))), out


# ---- analysis (csrc/analysis.c): outs, draws, odds, category tables, hand strength -------


def _u8(array: Any) -> Any:
    return ffi.NULL if array is None else ffi.cast("const uint8_t *", ffi.from_buffer(array))


def _f64(array: Any) -> Any:
    return ffi.NULL if array is None else ffi.cast("const double *", ffi.from_buffer(array))


def outs(
    hole: bytes, board: bytes, dead: bytes, combos: Any, weights: Any, counts: Any
) -> tuple[int, list[int], int, list[float], list[float], list[float], tuple[float, float]]:
    """pe_outs: (code, values, improving mask, win, tie, tainted, (next, river)); lists of 52.

    combos (uint8 rows of 2), weights (float64 or None) and counts (uint32 per opponent, or
    None for no opponents) are contiguous buffers: numpy arrays, bytes or array.array.
    """
    value = ffi.new("uint16_t[52]")
    improving = ffi.new("uint64_t *")
    win, tie, tainted = ffi.new("double[52]"), ffi.new("double[52]"), ffi.new("double[52]")
    hit = ffi.new("double[2]")
    rc = lib.pe_outs(
        hole, board, len(board), dead, len(dead), _u8(combos), _f64(weights),
        ffi.NULL if counts is None else ffi.cast("const uint32_t *", ffi.from_buffer(counts)),
        0 if counts is None else len(counts), value, improving, win, tie, tainted, hit,
    )  # fmt: skip
    return (
        int(rc), ffi.unpack(value, 52), int(improving[0]), ffi.unpack(win, 52), ffi.unpack(tie, 52),
        ffi.unpack(tainted, 52), (float(hit[0]), float(hit[1])),
    )  # fmt: skip


def draws(hole: bytes, board: bytes) -> tuple[int, list[int]]:
    """pe_draws: (code, the completing-card mask of each draw kind)."""
    completing = ffi.new("uint64_t[]", lib.PE_NUM_DRAWS)
    rc = lib.pe_draws(hole, board, len(board), completing)
    return int(rc), list(completing)


def odds(game: int, hole: bytes, board: bytes, dead: bytes) -> tuple[int, list[int]]:
    """pe_odds: (code, runouts ending in each category 0..9)."""
    counts = ffi.new("uint64_t[10]")
    rc = lib.pe_odds(game, hole, len(hole), board, len(board), dead, len(dead), counts)
    return int(rc), list(counts)


def category_counts(game: int, k: int) -> tuple[int, list[int]]:
    """pe_category_counts: (code, k-card hands in each category 0..9)."""
    counts = ffi.new("uint64_t[10]")
    rc = lib.pe_category_counts(game, k, counts)
    return int(rc), list(counts)


def hand_strength(
    hole: bytes,
    board: bytes,
    dead: bytes,
    combos: np.ndarray[Any, Any] | None,
    weights: np.ndarray[Any, Any] | None,
) -> tuple[int, list[float], list[float]]:
    """pe_hand_strength, exact against one opponent: (code, now[3], potential[9])."""
    now, potential = ffi.new("double[3]"), ffi.new("double[9]")
    rc = lib.pe_hand_strength(
        hole, board, len(board), dead, len(dead), _u8(combos), _f64(weights),
        0 if combos is None else len(combos), now, potential,
    )  # fmt: skip
    return int(rc), list(now), list(potential)


def hand_strength_sampled(
    hole: bytes,
    board: bytes,
    dead: bytes,
    opponents: int,
    combos: np.ndarray[Any, Any] | None,
    cumulative: np.ndarray[Any, Any] | None,
    counts: np.ndarray[Any, Any] | None,
    samples: int,
    seed: int,
) -> tuple[int, list[float], list[float]]:
    """pe_hand_strength_sampled: (code, now[3], potential[9]) over `samples` random deals."""
    now, potential = ffi.new("double[3]"), ffi.new("double[9]")
    args = (
        hole, board, len(board), dead, len(dead), opponents, _u8(combos), _f64(cumulative),
        ffi.NULL if counts is None else ffi.cast("const uint32_t *", ffi.from_buffer(counts)),
        samples, seed, now, potential,
    )  # fmt: skip
    rc = run_stoppable(lambda stop: int(lib.pe_hand_strength_sampled(*args, stop)))
    return rc, list(now), list(potential)


# ---- the preflop table (csrc/preflop.c) -------------------------------------------------------

PREFLOP_OPPONENTS: int = lib.PE_PREFLOP_OPPONENTS


def preflop_multiway(
    boards: np.ndarray[Any, Any],
    group: np.ndarray[Any, Any],
    rounds: np.ndarray[Any, Any],
    seed: int,
    units: np.ndarray[Any, Any],
    sums: np.ndarray[Any, Any],
    spread: np.ndarray[Any, Any],
) -> int:
    """pe_preflop_multiway: boards (N, 5) uint8, group (52 * 52,) uint8, rounds (G,) uint8;
    adds to units (G,), sums and spread (G, PREFLOP_OPPONENTS) uint64."""
    groups = len(rounds)
    shapes = (
        (boards, np.uint8, (len(boards), 5)),
        (group, np.uint8, (52 * 52,)),
        (rounds, np.uint8, (groups,)),
        (units, np.uint64, (groups,)),
        (sums, np.uint64, (groups, PREFLOP_OPPONENTS)),
        (spread, np.uint64, (groups, PREFLOP_OPPONENTS)),
    )
    for array, dtype, shape in shapes:  # the core reads and writes exactly these
        if (
            array.dtype != dtype
            or array.shape != shape
            or not (array.flags.c_contiguous and array.flags.aligned)
        ):
            wanted = f"a C-contiguous, aligned {np.dtype(dtype)} array of shape {shape}"
            raise ValueError(f"preflop_multiway: expected {wanted}, got {array.dtype} {array.shape}")
    out = [ffi.cast("uint64_t *", ffi.from_buffer(a, require_writable=True)) for a in (units, sums, spread)]
    return int(
        lib.pe_preflop_multiway(_u8(boards), len(boards), _u8(group), len(rounds), _u8(rounds), seed, *out)
    )
