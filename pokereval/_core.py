"""The one module that touches the compiled core (cffi's ``ffi`` and ``lib``).

Everything here is thin: checks of numpy arrays before they cross into C, the calls,
and the single table that turns the core's error codes into exceptions.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._pokereval import ffi, lib

GAME_HOLDEM: int = lib.PE_GAME_HOLDEM
GAME_STUD: int = lib.PE_GAME_STUD
GAME_SHORTDECK: int = lib.PE_GAME_SHORTDECK
GAME_RAZZ: int = lib.PE_GAME_RAZZ
GAME_DEUCE_SEVEN: int = lib.PE_GAME_DEUCE_SEVEN
GAME_OMAHA: int = lib.PE_GAME_OMAHA
GAME_OMAHA_HILO: int = lib.PE_GAME_OMAHA_HILO
GAME_BADUGI: int = lib.PE_GAME_BADUGI

ERR_CARD: int = lib.PE_ERR_CARD
ERR_DUPLICATE: int = lib.PE_ERR_DUPLICATE
ERR_COUNT: int = lib.PE_ERR_COUNT
ERR_GAME: int = lib.PE_ERR_GAME
ERR_ARG: int = lib.PE_ERR_ARG

# The core's error codes and the exception each becomes.  The message is worded by the
# caller, which knows the game and the cards (see GameSpec.error).
ERRORS: dict[int, type[Exception]] = {
    ERR_CARD: ValueError,
    ERR_DUPLICATE: ValueError,
    ERR_COUNT: ValueError,
    ERR_GAME: ValueError,
    ERR_ARG: ValueError,
}

# One call per hand: hi | lo << 16, or a negative error code.
eval_packed = lib.pe_eval_packed
# The same for hold'em and stud in two arguments: value, or a negative error code.
eval_holdem = lib.pe_eval_holdem
# Unchecked hold'em on bytes of 5..7 distinct ids (for callers that checked them).
eval_ids_unchecked = lib.pe_eval_ids


def error(code: int, message: str) -> Exception:
    """The exception for a core error code, carrying `message`."""
    return ERRORS.get(code, RuntimeError)(message)


def best_cards(game: int, ids: bytes, hole: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Input positions of the cards that play the high and the low hand, reading order."""
    hi_pos = ffi.new("uint8_t[7]")
    lo_pos = ffi.new("uint8_t[5]")
    n_hi = ffi.new("size_t *")
    n_lo = ffi.new("size_t *")
    rc = lib.pe_best_cards(game, ids, len(ids), hole, hi_pos, n_hi, lo_pos, n_lo)
    if rc != 0:
        raise error(rc, f"cannot pick the playing cards (core error {rc})")
    return tuple(hi_pos[0 : n_hi[0]]), tuple(lo_pos[0 : n_lo[0]])


def category(game: int, value: int) -> int:
    """Category number of a value, -1 where the game has none."""
    return int(lib.pe_category(game, value))


def game_max(game: int) -> int:
    return int(lib.pe_game_max(game))


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
        ffi.cast("const uint8_t *", ffi.from_buffer(ids)),
        rows,
        k,
        hole,
        ffi.cast("uint16_t *", ffi.from_buffer(hi, require_writable=True)),
        ffi.cast("uint16_t *", ffi.from_buffer(lo, require_writable=True)) if lo is not None else ffi.NULL,
        bad,
    )
    return int(rc), int(bad[0])


def enumerate_counts(k: int) -> np.ndarray[Any, Any]:
    """Histogram of hold'em values over every k-card hand, k = 5..7 (in C)."""
    hist = np.zeros(7463, dtype=np.uint64)
    rc = lib.pe_enumerate(k, ffi.cast("uint64_t *", ffi.from_buffer(hist, require_writable=True)))
    if rc != 0:
        raise error(rc, f"k must be 5, 6 or 7, got {k}")
    return hist
