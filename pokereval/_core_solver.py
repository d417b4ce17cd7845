"""The solver kit's binding: the one solver module that touches ``ffi`` and ``lib``.

Thin calls into csrc/solver.c (contract: csrc/pe_solver.h).  Callers check and shape the
arrays (dtype, size, C order); each function here passes their buffers and returns the
core's code.  cffi releases the GIL for every call.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._core import run_stoppable
from ._pokereval import ffi, lib

COMBOS: int = lib.PE_COMBOS
FLOPS: int = lib.PE_FLOPS
MAX_LAYERS: int = lib.PE_SOLVER_MAX_LAYERS
ICM_MAX_EXACT: int = lib.PE_ICM_MAX_EXACT
ICM_MAX_SAMPLED: int = lib.PE_ICM_MAX_SAMPLED
ICM_BLOCK = 4096  # pe_icm_sample's block of samples (first must be a multiple)

ERR_CARD: int = lib.PE_ERR_CARD
ERR_DUPLICATE: int = lib.PE_ERR_DUPLICATE
ERR_COUNT: int = lib.PE_ERR_COUNT
ERR_ARG: int = lib.PE_ERR_ARG

Array = np.ndarray[Any, Any]


def _in(array: Array | None, kind: str) -> Any:
    return ffi.NULL if array is None else ffi.cast(f"const {kind} *", ffi.from_buffer(array))


def _out(array: Array | None, kind: str) -> Any:
    return ffi.NULL if array is None else ffi.cast(f"{kind} *", ffi.from_buffer(array, require_writable=True))


def combo_cards() -> Array:
    """(1326, 2) uint8: the cards of every combo, higher first, in the core's order."""
    cards = np.empty((COMBOS, 2), dtype=np.uint8)
    lib.pe_combo_cards(_out(cards, "uint8_t"))
    return cards


def combo_values(board: bytes, dead: bytes, values: Array | None, categories: Array | None) -> int:
    """pe_combo_values into (1326,) uint16 values and int8 categories (either may be None)."""
    return int(
        lib.pe_combo_values(
            board, len(board), dead, len(dead), _out(values, "uint16_t"), _out(categories, "int8_t")
        )
    )


def pair_mask(board: bytes, dead: bytes, mask: Array) -> int:
    """pe_pair_mask into a (1326, 1326) uint8 array."""
    return int(lib.pe_pair_mask(board, len(board), dead, len(dead), _out(mask, "uint8_t")))


def showdown_matrix(board: bytes, result: Array, mask: Array | None) -> int:
    """pe_showdown_matrix into (1326, 1326) int8 results and uint8 mask (or None)."""
    return int(lib.pe_showdown_matrix(board, len(board), _out(result, "int8_t"), _out(mask, "uint8_t")))


def equity_matrix(board: bytes, dead: bytes, part: int, parts: int, sums: Array, runs: Array) -> int:
    """pe_equity_matrix: adds to (1326, 1326) int32 sums and (1,) uint64 runs."""
    return int(
        lib.pe_equity_matrix(
            board, len(board), dead, len(dead), part, parts, _out(sums, "int32_t"), _out(runs, "uint64_t")
        )
    )


def combo_equity(
    board: bytes,
    dead: bytes,
    hero: Array,
    vs: Array,
    part: int,
    parts: int,
    win: Array,
    tie: Array,
    total: Array,
) -> int:
    """pe_combo_equity: hero (1326,) uint8, vs (layers, 1326) float64; adds to the outputs."""
    return int(
        lib.pe_combo_equity(
            board,
            len(board),
            dead,
            len(dead),
            _in(hero, "uint8_t"),
            _in(vs, "double"),
            vs.shape[0],
            part,
            parts,
            _out(win, "double"),
            _out(tie, "double"),
            _out(total, "double"),
        )
    )


def equity_points(
    board: bytes,
    dead: bytes,
    hero: Array,
    vs: Array,
    ahead: int,
    bins: int,
    part: int,
    parts: int,
    moments: Array,
    hist: Array | None,
    mix: Array | None = None,
) -> int:
    """pe_equity_points: adds to (1326, 3) moments and (1326, bins, 2) hist (float64); with
    `mix` (1326 float64 weights) to one (bins, 2) hist, the combos' weighed by mix."""
    return int(
        lib.pe_equity_points(
            board,
            len(board),
            dead,
            len(dead),
            _in(hero, "uint8_t"),
            _in(vs, "double"),
            ahead,
            bins,
            _in(mix, "double"),
            part,
            parts,
            _out(moments, "double"),
            _out(hist, "double"),
        )
    )


def canonical(
    board: bytes, hands: bytes, as_set: bool = False
) -> tuple[int, bytes, bytes, tuple[int, int, int, int]]:
    """pe_canonical (or pe_canonical_set): (code, board, hands, perm)."""
    board_out = ffi.new("uint8_t[]", max(len(board), 1))
    hands_out = ffi.new("uint8_t[]", max(len(hands), 1))
    perm = ffi.new("uint8_t[4]")
    call = lib.pe_canonical_set if as_set else lib.pe_canonical
    rc = call(board, len(board), hands, len(hands) // 2, board_out, hands_out, perm)
    return (
        int(rc),
        bytes(ffi.buffer(board_out, len(board))),
        bytes(ffi.buffer(hands_out, len(hands))),
        (perm[0], perm[1], perm[2], perm[3]),
    )


def canonical_boards(boards: Array, as_set: bool) -> tuple[int, Array]:
    """pe_canonical_boards over a C-ordered (N, 3..5) uint8 array: (code, the boards renamed)."""
    out = np.empty_like(boards)
    rc = lib.pe_canonical_boards(
        _in(boards, "uint8_t"), len(boards), boards.shape[1], int(as_set), _out(out, "uint8_t")
    )
    return int(rc), out


def flops() -> tuple[Array, Array]:
    """pe_flops: ((1755, 3) uint8 boards, (1755,) uint32 weights)."""
    boards = np.empty((FLOPS, 3), dtype=np.uint8)
    weights = np.empty(FLOPS, dtype=np.uint32)
    lib.pe_flops(_out(boards, "uint8_t"), _out(weights, "uint32_t"))
    return boards, weights


def texture(board: bytes) -> tuple[int, tuple[int, int, int, int]]:
    """pe_board_texture: (code, (suited, ranks, high, straight))."""
    out = ffi.new("pe_texture_t *")
    rc = lib.pe_board_texture(board, len(board), out)
    return int(rc), (out.suited, out.ranks, out.high, out.straight)


def icm_exact(stacks: Array, payouts: Array, equity: Array, work: Array) -> int:
    """pe_icm_exact over float64 arrays; work holds 2**n doubles."""
    return int(
        lib.pe_icm_exact(
            _in(stacks, "double"),
            len(stacks),
            _in(payouts, "double"),
            len(payouts),
            _out(equity, "double"),
            _out(work, "double"),
        )
    )


def icm_sample(
    stacks: Array,
    payouts: Array,
    seed: int,
    first: int,
    samples: int,
    work: Array,
    sums: Array,
    squares: Array,
) -> int:
    """pe_icm_sample: adds samples first.. to sums and squares; work holds 2 n doubles.
    Ctrl-C stops it (run_stoppable): one sample of many paid players is long."""
    args = (
        _in(stacks, "double"),
        len(stacks),
        _in(payouts, "double"),
        len(payouts),
        seed,
        first,
        samples,
        _out(work, "double"),
        _out(sums, "double"),
        _out(squares, "double"),
    )
    return run_stoppable(lambda stop: int(lib.pe_icm_sample(*args, stop)))


def _index_of(ids: Array) -> Array:
    """The combo index of each row of (N, 2) card ids (either order)."""
    high = np.maximum(ids[:, 0], ids[:, 1]).astype(np.intp)
    low = np.minimum(ids[:, 0], ids[:, 1]).astype(np.intp)
    return 1325 - (high * (high - 1) // 2 + low)  # the order of pe_solver.h, checked by the tests


def hand_ehs2(hole: bytes, board: bytes, dead: bytes, combos: Array | None, weights: Array | None) -> float:
    """EHS2 of one checked hand: the mean over every runout of its squared showdown equity
    against one opponent, holding any two live cards (combos None) or one of `combos`
    (N, 2) with `weights` (or 1 each), each runout weighing the opponent's weight left."""
    hero = np.zeros(COMBOS, dtype=np.uint8)
    hero[_index_of(np.frombuffer(hole, dtype=np.uint8).reshape(1, 2))] = 1
    known = np.zeros(52, dtype=bool)
    known[list(hole + board + dead)] = True
    vs = np.zeros(COMBOS)
    if combos is None:
        cards = combo_cards()
        vs[~(known[cards[:, 0]] | known[cards[:, 1]])] = 1.0
    else:
        keep = ~(known[combos[:, 0]] | known[combos[:, 1]])
        vs[_index_of(combos[keep])] = 1.0 if weights is None else weights[keep]
    moments = np.zeros((COMBOS, 3))
    rc = equity_points(board, dead, hero, vs, 5 - len(board), 0, 0, 1, moments, None)
    index = int(np.flatnonzero(hero)[0])
    if rc != 0 or not moments[index, 0] > 0:  # pragma: no cover  (checked by hand_strength)
        return float("nan")
    return float(moments[index, 2] / moments[index, 0])
