"""The solver's kit: every combo on a board at once, the 1,755 flops, equity distributions.

Thin readers of the C core (csrc/solver.c): on each complete board the core values every
live combo once, sorts them and counts, in one sweep, what each combo beats and ties, with
the opponent's combos that share a card taken off by inclusion and exclusion (never hand by
hand).  This module reads the cards and ranges, cuts long work into short calls (progress,
threads and Ctrl-C as in :func:`pokereval.equity`) and wraps the counts.

- :func:`combos`: the 1,326 two-card combos in the order every array here uses (that of
  ``Range("random")``: ``AsAh``, ``AsAd``, ..., ``2d2c``); :func:`combo_index` finds one.
- :func:`showdown_matrix` (a river) and :func:`equity_matrix` (a flop or turn): 1326 x 1326.
- :func:`combo_equity`: the exact equity of every combo of a range against a weighted range.
- :func:`flops` and :func:`canonical`: suit isomorphism of boards (1,755 flops, weights).
- :func:`equity_distribution`: the histogram of a hand's (or range's) equity over the cards
  to come, with its exact mean and EHS2 (the mean of the squared equity).
- :func:`flop_report`: a range against a range on all 1,755 flops, exact over turn and
  river, with each flop's texture and the category mix of both ranges.

Hold'em only; a board is text, Cards or ids, as everywhere in pokereval.
"""

from __future__ import annotations

import builtins
import csv
import importlib
import itertools
import json
import math
import numbers
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple, Union, cast
from xml.sax.saxutils import escape

import numpy as np

from . import _core_solver
from ._arrays import Plain, frozen, plain, read_only
from ._checks import (
    check_choice,
    check_count,
    check_flag,
    check_progress,
    check_range_game,
    check_threads,
    check_title,
    check_unique,
    file_to_write,
)
from ._holdings import unit_weights
from ._work import run_jobs
from .cards import RANKS, SUITS, Card, CardsLike, card_ids, is_one_card, natural_cards
from .games import game_spec
from .ranges import Range
from .rank import Category

__all__ = [
    "COLUMNS",
    "Canonical",
    "ComboEquity",
    "ComboMatrix",
    "EquityDistribution",
    "Flop",
    "RangeLike",
    "canonical",
    "combo_equity",
    "combo_index",
    "combos",
    "distribution_svg",
    "equity_distribution",
    "equity_matrix",
    "flop_report",
    "flops",
    "report_svg",
    "save_report",
    "showdown_matrix",
    "texture_summary",
    "write_csv",
]

RangeLike = Union[Range, str, CardsLike, Sequence[float], "np.ndarray[Any, Any]"]
"""A range: a :class:`Range`, range text (``"QQ+,AKs"``, ``"AhKh"``), one hand's cards, or
1,326 weights in :func:`combos` order (a numpy array, or a list or tuple of ints and floats)."""

Array = np.ndarray[Any, Any]
N_COMBOS = _core_solver.COMBOS
_CHUNK_SECONDS = 0.02  # a call's work between two looks at progress and Ctrl-C
# Rough single-thread costs (this machine): one combo valued, sorted and swept on one
# complete board, and one combo's row of an equity matrix on one runout.
_SWEEP_SECONDS = 1.2e-8
_ROW_SECONDS = 1.5e-7


# ---- combos -----------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _cards() -> Array:
    return frozen(_core_solver.combo_cards())


@lru_cache(maxsize=1)
def index_table() -> Array:
    """index[52 * a + b] = the combo of cards a and b (either order); -1 for a == b."""
    table = np.full(52 * 52, -1, dtype=np.intp)
    cards = _cards().astype(np.intp)
    table[52 * cards[:, 0] + cards[:, 1]] = np.arange(N_COMBOS)
    table[52 * cards[:, 1] + cards[:, 0]] = np.arange(N_COMBOS)
    return frozen(table)


@lru_cache(maxsize=1)
def combos() -> tuple[str, ...]:
    """The 1,326 two-card combos, named in the order every array of this module uses.

    That order is ``Range("random")``'s: by the higher card, highest first, then by the
    lower one (the index of cards a > b, as ids, is ``1325 - (a * (a - 1) // 2 + b)``).

    >>> c = combos()
    >>> len(c), c[0], c[1], c[-1]
    (1326, 'AsAh', 'AsAd', '2d2c')
    >>> c.index("KhKd") == combo_index("Kd Kh")
    True
    """
    names = [str(Card(int(a))) + str(Card(int(b))) for a, b in _cards()]
    return tuple(names)


def combo_index(hand: CardsLike) -> int:
    """The position of a two-card hand in :func:`combos` (either card first).

    >>> combo_index("AsAh"), combo_index("Ah As"), combo_index([0, 1])
    (0, 0, 1325)
    """
    ids = natural_cards(hand, "hand", optional=False)
    if len(ids) != 2:
        raise ValueError(f"a combo is 2 cards, got {len(ids)}")
    return int(index_table()[52 * ids[0] + ids[1]])


# ---- reading input ----------------------------------------------------------------------


def _read_cards(cards: CardsLike | None, what: str) -> bytes:
    """The ids of `cards` (none: empty), errors prefixed with `what`: the kit plays no
    wild cards, so a joker is refused as natural_cards words it."""
    return natural_cards(cards, what)


def _holdem(game: str, what: str) -> None:
    spec = game_spec(game)
    if spec.name != "holdem":
        raise ValueError(f"{what} is for holdem only, not {spec.name!r}")


def _board(
    board: CardsLike, dead: CardsLike | None, sizes: tuple[int, ...], what: str
) -> tuple[bytes, bytes]:
    """Board and dead ids, checked: the board's size one of `sizes`, no card twice."""
    board_ids = _read_cards(board, "the board")
    dead_ids = _read_cards(dead, "the dead cards")
    if len(board_ids) not in sizes:
        names = {3: "a flop (3 cards)", 4: "a turn (4)", 5: "a river (5)"}
        want = " or ".join(names[n] for n in sizes)
        raise ValueError(f"{what} needs {want} as the board, got {len(board_ids)} cards")
    check_unique([("the board", board_ids), ("the dead cards", dead_ids)])
    _check_deal(len(board_ids), len(dead_ids), what)
    return board_ids, dead_ids


def _check_deal(nboard: int, ndead: int, what: str) -> None:
    """Two hands and the rest of the board must fit in the cards left."""
    left, need = 52 - nboard - ndead, 4 + 5 - nboard
    if left < need:
        raise ValueError(
            f"{what}: not enough cards left to deal two hands and the runout: {nboard} on the board and"
            f" {ndead} dead leave {left}, {need} are needed"
        )


def _is_weight(x: object) -> bool:
    """An int or float (numpy's too) that is neither a bool nor a Card."""
    return isinstance(x, numbers.Real) and not isinstance(x, (bool, Card))


def _as_float(x: float) -> float:
    """float(x), an int too large for a float being inf (refused as not finite)."""
    try:
        return float(x)
    except OverflowError:
        return math.inf if x > 0 else -math.inf


def _listed_weights(hands: object, what: str) -> Array | None:
    """A list or tuple of 1,326 numbers as a weights array; None for one that is cards (two
    card ids, or anything but numbers of another length), left to the cards' errors."""
    if not isinstance(hands, (list, tuple)) or not hands:
        return None
    if len(hands) == N_COMBOS:
        bad = next((i for i, x in enumerate(hands) if not _is_weight(x)), None)
        if bad is not None:
            boolean = isinstance(hands[bad], (bool, np.bool_))
            kind = "a bool is no weight" if boolean else "weights must be ints or floats"
            raise TypeError(
                f"{what}: {kind}, got {type(hands[bad]).__name__} at position {bad + 1} of {N_COMBOS}"
                f" (combo {combos()[bad]})"
            )
        listed = np.fromiter((_as_float(x) for x in hands), np.float64, N_COMBOS)
        # An int past the floats, which the check of the array would call inf.
        huge = next(
            (i for i, x in enumerate(hands) if math.isinf(listed[i]) and not isinstance(x, float)), None
        )
        if huge is not None:
            raise ValueError(
                f"{what}: the weight of combo {combos()[huge]} is too large to be a finite number"
            )
        return listed
    if not all(_is_weight(x) for x in hands):
        return None
    integral = all(isinstance(x, numbers.Integral) for x in hands)
    if integral and len(hands) == 2:
        return None  # two card ids: a hand
    hand = "a hand is 2 cards and " if integral else ""
    raise ValueError(f"{what}: {hand}weights must have 1,326 entries (one per combo), got {len(hands)}")


def _weights(hands: RangeLike, what: str) -> Array:
    """(1326,) float64 weights of a range, in combos() order."""
    listed = _listed_weights(hands, what)
    if listed is not None:
        hands = listed
    if isinstance(hands, np.ndarray):
        if hands.shape != (N_COMBOS,):
            raise ValueError(f"{what}: an array of weights has shape ({N_COMBOS},), got {hands.shape}")
        if hands.dtype.kind not in "fiu" or hands.dtype == np.bool_:
            raise TypeError(f"{what}: weights must be a float or int array, got dtype {hands.dtype}")
        values = plain(hands, lambda at: f"{what}: the weight of combo {combos()[at[0]]}")
        # A copy of its own (aligned, as C reads doubles): the caller's array, checked here, could
        # change while C reads it (a progress callback, another thread).
        weights = np.array(values, dtype=np.float64, order="C", copy=True)
        if not np.all(np.isfinite(weights)) or np.any(weights < 0):
            bad = int(np.flatnonzero(~(np.isfinite(weights) & (weights >= 0)))[0])
            raise ValueError(f"{what}: weight {weights[bad]} of combo {combos()[bad]} is not finite and >= 0")
        return weights
    if isinstance(hands, Range):
        found = hands
    elif isinstance(hands, str):
        try:
            found = Range(hands)
        except ValueError as error:
            raise ValueError(f"{what}: {error}") from None
    elif hands is None:  # the card reader takes None for no cards: "a hand is 2 cards, got 0"
        raise TypeError(f"{what}: expected a range (text, Range, a hand or {N_COMBOS} weights), got None")
    elif isinstance(hands, Mapping):  # a dict iterates its keys: read as cards, 'QQ' was a bad card
        raise TypeError(
            f"{what}: expected a range (text, Range, a hand or {N_COMBOS} weights), got "
            f"{type(hands).__name__}; weights by hand are range text such as 'QQ:1,AKs:0.5'"
        )
    elif not isinstance(hands, (list, tuple, bytes)) and _sized(hands) == N_COMBOS:
        # A pandas Series, an array.array of weights: read in combos() order, by position; a
        # Series labelled otherwise (by combo, reordered) would be misread without a word.
        index = getattr(hands, "index", None)
        if (
            index is not None
            and not callable(index)
            and not np.array_equal(np.asarray(index), np.arange(N_COMBOS))
        ):
            raise ValueError(
                f"{what}: the weights are read in combos() order, by position, and this "
                f"{type(hands).__name__}'s index is not 0..{N_COMBOS - 1}: reset_index(drop=True) or an array"
            )
        return _weights(np.asarray(hands), what)
    else:
        cards = _read_cards(cast(CardsLike, hands), what)  # what is no list of weights
        if len(cards) != 2:
            raise ValueError(f"{what}: a hand is 2 cards, got {len(cards)}")
        found = Range(board_text(cards))
    check_range_game(found.game, "holdem", what)
    ids, w = found._arrays()
    weights = np.zeros(N_COMBOS)
    weights[index_table()[52 * ids[:, 0].astype(np.intp) + ids[:, 1]]] = w
    return weights


def _sized(value: object) -> int | None:
    """len(value), or None for an object without a length (or whose len() fails)."""
    try:
        return len(value)  # type: ignore[arg-type]
    except Exception:  # a length that raises is no length
        return None


def live_table(known: bytes) -> Array:
    """(1326,) bool: the combos without a card of `known`."""
    out = np.zeros(52, dtype=bool)
    out[list(known)] = True
    cards = _cards()
    live: Array = ~(out[cards[:, 0]] | out[cards[:, 1]])
    return live


def can_meet(mine: Array, theirs: Array) -> bool:
    """Whether some combo of weight > 0 in `mine` and some in `theirs` share no card."""
    cards = _cards()
    live = theirs > 0
    holding = np.bincount(cards[live].ravel(), minlength=52)  # combos of theirs with each card
    # Those sharing no card with each combo: all, less those with either card, the combo
    # itself (counted under both cards) added back once.
    apart = int(live.sum()) - holding[cards[:, 0]] - holding[cards[:, 1]] + live
    return bool(np.any((mine > 0) & (apart > 0)))


def _check(rc: int, what: str) -> None:
    if rc != 0:  # pragma: no cover  (input is checked before it crosses)
        raise ValueError(f"{what}: core error {rc}")


def _parts(seconds: float) -> int:
    return max(1, min(4096, math.ceil(seconds / _CHUNK_SECONDS)))


def _runs(board: bytes, dead: bytes) -> int:
    return math.comb(52 - len(board) - len(dead), 5 - len(board))


def _meet_runs(board: bytes, dead: bytes) -> int:
    """The runouts a pair of combos without a common card both miss: the same for every pair."""
    return math.comb(52 - len(board) - len(dead) - 4, 5 - len(board))


def _in_parts(
    call: Callable[..., int],
    outputs: Sequence[Array],
    parts: int,
    threads: int,
    progress: Callable[[float], object] | None,
) -> None:
    """call(part, parts, *arrays) for every part, `threads` at a time; stops on the first
    error.  The core adds each part's sums to the arrays it is given, so no two parts may
    write the same arrays at once: part 0 adds to `outputs` (zeros) and every other part to
    zeroed arrays of its own, added to `outputs` once the parts before it are in.  The sums
    are so added in the same order for any number of threads, bit for bit the same.  No
    part ever waits for another: a part that ends before the ones ahead of it leaves its
    arrays for whichever part ends last among them to add (at most a few are held, as
    run_jobs keeps two parts a thread under way), so an error, a part that never starts
    (cancelled by Ctrl-C) or a failed allocation cannot leave a thread waiting forever."""
    turn = [0]
    waiting: dict[int, list[Array] | None] = {}
    lock = threading.Lock()

    def job(part: int) -> int:
        mine: list[Array] | None = None
        try:
            mine = list(outputs) if part == 0 else [np.zeros_like(out) for out in outputs]
            return call(part, parts, *mine)
        finally:
            with lock:
                waiting[part] = mine if part else None
                while turn[0] in waiting:
                    own = waiting.pop(turn[0])
                    if own is not None:
                        for out, add in zip(outputs, own):
                            np.add(out, add, out=out)
                    turn[0] += 1

    jobs = [(lambda p=p: job(p)) for p in range(parts)]
    _check(run_jobs(jobs, [1.0] * parts, threads, progress), "solver")


# ---- results ------------------------------------------------------------------------------


class ComboEquity(Plain):
    """Each combo's exact equity (a float64 array over :func:`combos`), with its parts.

    NaN where the combo is not in the range, holds a board or dead card, or meets no
    opponent combo.  ``win`` and ``tie`` are the shares of the opponent's weight (times
    the runouts) that the combo beats and splits with, so ``equity = win + tie / 2``.
    ``weight`` is the combo's weight in its range times the opponent's weight it can meet
    (0 where NaN): the range's equity is the average of the equities by these weights,
    the number :func:`pokereval.equity` gives for the two ranges.  Where some of those
    products would leave the range of a float (weights given past about 1e154, or below
    1e-154), ``weight`` holds them all scaled so that the largest is 1.

    >>> e = combo_equity("AA,KK", "QQ", "2c7d9hJs3s")
    >>> float(e[combo_index("AsAh")]), float(e.tie[combo_index("KsKh")])
    (1.0, 0.0)
    """

    win: Array
    tie: Array
    weight: Array
    _mix: Array  # weight over a constant, in a range where no product over- or underflows
    _kept = ("win", "tie", "weight", "_mix")

    def __array_finalize__(self, obj: Any) -> None:
        for name in ("win", "tie", "weight", "_mix"):
            setattr(self, name, getattr(obj, name, None))

    @property
    def overall(self) -> float:
        """The range's equity: the mean of the combos' equities by ``weight``.

        >>> round(combo_equity("AA", "KK", "2c7d9h").overall, 4)
        0.9162
        """
        mix = self.weight if self._mix is None else self._mix
        ok = mix > 0
        total = float(mix[ok].sum())
        return float(np.dot(np.asarray(self)[ok], mix[ok]) / total) if total else math.nan


class ComboMatrix(Plain):
    """A 1326 x 1326 matrix over pairs of combos (rows and columns in :func:`combos` order).

    ``mask`` (computed when first read) is True where the two combos cannot be dealt
    together: they share a card, or one of them holds a board or dead card.  Masked
    entries are 0.  ``masked()`` gives the same as a ``numpy.ma.MaskedArray``.

    >>> m = showdown_matrix("2c7d9hJs3s")
    >>> bool(m.mask[0, 1]), bool(m.mask[0, combo_index("KsKh")])
    (True, False)
    """

    board: str
    dead: str
    _kept = ("board", "dead")  # the mask is made again from them when read

    def __array_finalize__(self, obj: Any) -> None:
        self.board = getattr(obj, "board", "")
        self.dead = getattr(obj, "dead", "")
        self._mask: Array | None = getattr(obj, "_mask", None)

    @property
    def mask(self) -> Array:
        """(1326, 1326) bool, read-only: the pairs that cannot be dealt together.

        >>> int(showdown_matrix("2c7d9hJs3s").mask.sum(axis=1)[0])  # 101 hold As or Ah, 235 more the board
        336
        """
        if self._mask is None:
            mask = np.empty((N_COMBOS, N_COMBOS), dtype=np.uint8)
            _check(_core_solver.pair_mask(card_ids(self.board), card_ids(self.dead), mask), "mask")
            self._mask = read_only(mask.view(np.bool_))  # the matrix's own: a view, no copy
        return self._mask

    def masked(self) -> np.ma.MaskedArray[Any, Any]:
        """The matrix as a numpy masked array (the mask as above).

        >>> m = showdown_matrix("2c7d9hJs3s").masked()
        >>> m[0, 1] is np.ma.masked
        True
        """
        return np.ma.MaskedArray(np.asarray(self), mask=self.mask)


def _as(cls: type[Any], array: Array, **fields: Any) -> Any:
    out = array.view(cls)
    for name, value in fields.items():
        setattr(out, name, value)
    return out


# ---- matrices ------------------------------------------------------------------------------


def showdown_matrix(board: CardsLike, *, out: Array | None = None) -> ComboMatrix:
    """Who wins each pair of combos on a river: a 1326 x 1326 int8 :class:`ComboMatrix`.

    Entry [i, j] is +1 when combo i beats combo j on `board` (5 cards), 0 on a split and
    -1 when it loses, in :func:`combos` order; pairs that cannot be dealt together (they
    share a card, or one holds a board card) are 0 and set in ``.mask``.  `out`, a C-ordered
    (1326, 1326) int8 array, is written in place of a new one.

    >>> m = showdown_matrix("2c7d9hJs3s")
    >>> aa, kk, k9 = combo_index("AsAd"), combo_index("KsKd"), combo_index("Kh9c")
    >>> int(m[aa, kk]), int(m[kk, aa]), int(m[kk, k9]), int(m[aa, combo_index("AhAc")])
    (1, -1, 1, 0)
    >>> m.dtype, m.shape
    (dtype('int8'), (1326, 1326))
    """
    board_ids, _ = _board(board, None, (5,), "showdown_matrix")
    if out is None:
        result = np.empty((N_COMBOS, N_COMBOS), dtype=np.int8)
    else:
        if not isinstance(out, np.ndarray) or isinstance(out, np.ma.MaskedArray):
            raise TypeError(f"out must be a numpy array, got {type(out).__name__}")
        if out.dtype != np.int8 or out.shape != (N_COMBOS, N_COMBOS) or not out.flags.c_contiguous:
            got = f"{out.dtype} {out.shape}" + ("" if out.flags.c_contiguous else ", not C-ordered")
            raise ValueError(f"out must be a C-ordered ({N_COMBOS}, {N_COMBOS}) int8 array, got {got}")
        if not out.flags.writeable:
            raise ValueError("out is read-only")
        result = out
    _check(_core_solver.showdown_matrix(board_ids, result, None), "showdown_matrix")
    matrix: ComboMatrix = _as(ComboMatrix, result, board=board_text(board_ids), dead="", _mask=None)
    return matrix


def equity_matrix(
    board: CardsLike,
    *,
    dead: CardsLike | None = (),
    threads: int = 1,
    progress: Callable[[float], object] | None = None,
) -> ComboMatrix:
    """The expected showdown result of each pair of combos over the runouts of a flop or turn.

    Entry [i, j] (float64, :func:`combos` order) is the mean over every runout of the board
    that misses both combos (and the dead cards) of +1 when combo i wins, 0 on a split and
    -1 when it loses: ``(1 + m[i, j]) / 2`` is combo i's equity against combo j.  Pairs
    that cannot be dealt together are 0 and set in ``.mask``.  A flop (1,176 runouts) takes
    a fraction of a second; `threads` and `progress` work as in :func:`pokereval.equity`.

    >>> m = equity_matrix("2c7d9hJs")            # 44 rivers miss the board and both hands
    >>> aa, kk = combo_index("AsAd"), combo_index("KsKd")
    >>> float(m[aa, kk]) == (42 - 2) / 44, float(m[kk, aa]) == -float(m[aa, kk])  # two kings left
    (True, True)
    """
    board_ids, dead_ids = _board(board, dead, (3, 4), "equity_matrix")
    threads = check_threads(threads)
    progress = check_progress(progress)
    sums = np.zeros((N_COMBOS, N_COMBOS), dtype=np.int32)
    runs = np.zeros(1, dtype=np.uint64)
    seconds = _runs(board_ids, dead_ids) * 1081 * _ROW_SECONDS

    def call(part: int, parts: int, sums: Array, runs: Array) -> int:
        return _core_solver.equity_matrix(board_ids, dead_ids, part, parts, sums, runs)

    _in_parts(call, (sums, runs), _parts(seconds), threads, progress)
    matrix = np.divide(sums, float(runs[0]), dtype=np.float64)
    result: ComboMatrix = _as(
        ComboMatrix, matrix, board=board_text(board_ids), dead=board_text(dead_ids), _mask=None
    )
    np.multiply(matrix, ~result.mask, out=matrix)
    return result


def board_text(ids: bytes) -> str:
    return "".join(str(Card(c)) for c in ids)


# ---- combo equity --------------------------------------------------------------------------


def _equity_parts(
    board_ids: bytes,
    dead_ids: bytes,
    hero: Array,
    vs: Array,
    threads: int,
    progress: Callable[[float], object] | None,
) -> tuple[Array, Array, Array]:
    """win, tie, total (layers, 1326) of pe_combo_equity over every runout."""
    layers = vs.shape[0]
    win, tie, total = (np.zeros((layers, N_COMBOS)) for _ in range(3))
    live = int(np.count_nonzero(hero | np.any(vs > 0, axis=0)))
    seconds = _runs(board_ids, dead_ids) * live * layers * _SWEEP_SECONDS

    def call(part: int, parts: int, win: Array, tie: Array, total: Array) -> int:
        return _core_solver.combo_equity(board_ids, dead_ids, hero, vs, part, parts, win, tie, total)

    _in_parts(call, (win, tie, total), _parts(seconds), threads, progress)
    return win, tie, total


def combo_equity(
    range: RangeLike,
    vs: RangeLike,
    board: CardsLike,
    *,
    dead: CardsLike | None = (),
    game: str = "holdem",
    threads: int = 1,
    progress: Callable[[float], object] | None = None,
) -> ComboEquity:
    """The exact equity of every combo of `range` against the weighted range `vs`.

    A float64 :class:`ComboEquity` over the 1,326 :func:`combos`: entry i is combo i's share
    of the pot against `vs` over every runout of `board` (a flop, turn or river), the
    opponent's combos that share a card with combo i (or the board, the runout or the dead
    cards) taken off combo by combo and the rest weighted by their weights; NaN where combo
    i is not in `range` or cannot be dealt (ValueError when no combo of `range` or `vs` is
    left, or none of the one can meet one of the other).  ``.win`` and ``.tie`` hold its parts and
    ``.weight`` each combo's share of the deals (``.overall`` is the range's equity).
    `range` and `vs` are a :class:`Range`, range text, one hand, or 1,326 weights in
    :func:`combos` order (a numpy array, or a list or tuple of ints and floats).

    >>> e = combo_equity("AA,KK", "QQ+", "2c7d9h")
    >>> round(float(e[combo_index("AsAh")]), 4), round(float(e[combo_index("KsKh")]), 4)
    (0.8841, 0.5)
    >>> int(np.count_nonzero(~np.isnan(e)))
    12
    >>> from pokereval import equity
    >>> round(e.overall, 12) == round(equity(["AA,KK", "QQ+"], board="2c7d9h").equity[0], 12)
    True
    """
    _holdem(game, "combo_equity")
    board_ids, dead_ids = _board(board, dead, (3, 4, 5), "combo_equity")
    threads = check_threads(threads)
    progress = check_progress(progress)
    mine, given = _weights(range, "range"), _weights(vs, "vs")
    live = live_table(board_ids + dead_ids)
    hero = np.ascontiguousarray((mine > 0) & live, dtype=np.uint8)
    # Over the largest weight still live: a blocked combo's weight sets no scale.  The range's
    # own weights are held to the same (a weight 0 beside the largest drops out of .overall).
    _unit(mine * live, "range")
    theirs, top = _unit(given * live, "vs")
    layer = np.ascontiguousarray(theirs[None, :])
    for name, weights_given, weights in (("range", mine, hero), ("vs", given, layer[0])):
        if not weights.any():
            raise ValueError(f"combo_equity: {name} has no combo left{_none_left(weights_given)}")
    if not can_meet(hero, layer[0]):
        raise ValueError("combo_equity: every combo of vs shares a card with every combo of range")
    win, tie, total = _equity_parts(board_ids, dead_ids, hero, layer, threads, progress)
    return _combo_result(mine, hero, win[0], tie[0], total[0], _meet_runs(board_ids, dead_ids), top)


def _unit(weights: Array, what: str) -> tuple[Array, float]:
    """unit_weights of a range's 1,326 weights, refusing a weight above 0 whose ratio to the
    largest is below the least float (1e-300 beside 1e300): it would be 0, its combo dropped
    unsaid (a hand that met no other combo was NaN, or refused as meeting none)."""
    with np.errstate(under="ignore"):
        scaled, top = unit_weights(weights)
    lost = np.flatnonzero((scaled == 0) & (weights > 0))
    if lost.size:
        at = int(lost[0])
        raise ValueError(
            f"{what}: the weight {float(weights[at])!r} of {combos()[at]} is below 5e-324 of the "
            f"largest, {top!r}: weights so far apart have no ratio a float holds"
        )
    return scaled, top


def _none_left(given: Array) -> str:
    """Why a range has no combo left: its weights are all 0, or the cards out took them."""
    return " without the board and dead cards" if given.any() else " (every weight is 0)"


def _combo_result(
    mine: Array, hero: Array, win: Array, tie: Array, total: Array, runs: int, scale: float = 1.0
) -> ComboEquity:
    """`total` counts each opponent combo's weight (divided by `scale`) once a runout both
    combos miss, and `runs` is how many such runouts a pair has: their quotient, times
    `scale`, is the weight met."""
    ok = hero.astype(bool) & (total > 0)
    with np.errstate(invalid="ignore", divide="ignore"):
        win_share = np.where(ok, win / total, np.nan)
        tie_share = np.where(ok, tie / total, np.nan)
    equity = win_share + tie_share / 2
    # Over its largest: the opponent's weight met can be tiny (5e-324 of KsKh met, beside 1 of
    # AsAd blocked), and the weighted mean of such subnormal weights rounded 0.916 to 1.0.
    mix, _ = unit_weights(np.where(ok, unit_weights(mine)[0] * total, 0.0))
    with np.errstate(over="ignore", under="ignore"):
        weight = np.where(ok, mine * (total / runs) * scale, 0.0)
    if not np.all(np.isfinite(weight)) or np.any((mix > 0) & (weight < np.finfo(np.float64).tiny)):
        # The products left the floats' range, past the largest or into the subnormals,
        # where they lose digits: the same weights, the largest 1.
        weight = mix
    result: ComboEquity = _as(ComboEquity, equity, win=win_share, tie=tie_share, weight=weight, _mix=mix)
    return result


# ---- suit isomorphism ------------------------------------------------------------------------


class Flop(NamedTuple):
    """One of the 1,755 canonical flops: the board (text you can pass anywhere) and how
    many of the 22,100 flops are the same up to renaming suits.

    >>> flops()[0]
    Flop(board='AsAhAd', weight=4)
    """

    board: str
    weight: int


@lru_cache(maxsize=1)
def flops() -> tuple[Flop, ...]:
    """The 1,755 strategically different flops, greatest first, with their weights.

    Two flops are the same when a renaming of the suits turns one into the other: then
    every hand has the same equity, category and draws on both.  Each flop is written as
    :func:`canonical` writes it (highest card first, suits named from spades down), and its
    weight counts the flops it stands for; the weights sum to 22,100 = C(52, 3).

    >>> f = flops()
    >>> len(f), sum(w for _, w in f)
    (1755, 22100)
    >>> [x.weight for x in f if x.board in ("AsKsQs", "AsKsQh", "AsKhQd", "7s7h2s")]
    [4, 12, 24, 12]
    """
    boards, weights = _core_solver.flops()
    return tuple(Flop(board_text(bytes(b)), int(w)) for b, w in zip(boards, weights))


class Canonical(NamedTuple):
    """A board (and hands) renamed to the representative of its class (see :func:`canonical`).

    ``perm[s]`` is the suit (0..3 = c, d, h, s) that suit s became.

    >>> c = canonical("Kd 7c 2d")
    >>> c.board, c.perm, c.rename("Ad Tc")
    ('Ks7h2s', (2, 3, 0, 1), 'AsTh')
    """

    board: str
    hands: tuple[str, ...]
    perm: tuple[int, int, int, int]

    def rename(self, cards: CardsLike) -> str:
        """Other cards, renamed by the same permutation (say, to look a strategy up).

        >>> canonical("2c3c4d").board, canonical("2c3c4d").rename("Ac")
        ('4s3h2h', 'Ah')
        """
        ids = _read_cards(cards, "cards")
        return "".join(RANKS[c >> 2] + SUITS[self.perm[c & 3]] for c in ids)


def canonical(
    board: CardsLike, hands: CardsLike | Sequence[CardsLike] = (), *, as_set: bool = False
) -> Canonical:
    """The suit-isomorphic representative of a board, and of hands on it.

    The board is a flop (its first three cards, in any order) and then the turn and the
    river, or no board at all (hands alone).  Of the 24 renamings of the suits the one is
    taken that makes the board read greatest, card id by card id (the flop highest card
    first, then the turn, then the river: spades first, so ``AsKsQs``), and among those that
    do, the one that makes the hands (each written higher card first, in the order given)
    read greatest.  Boards with the same representative are the same for every purpose:
    equity, combo equity and categories do not change.  ``as_set=True`` takes the whole
    board as one set (highest card first), for what depends on the cards alone: 16,432
    classes of four cards and 134,459 of five instead of 63,193 turns and 2,554,656 rivers.

    >>> canonical("2h 3h 4h").board, canonical("Qd Jc 2c 2h").board, canonical("Ah Kd Qc 5c 6c").board
    ('4s3s2s', 'QsJh2h2d', 'AsKhQd5d6d')
    >>> canonical("Jc Tc 2d", ["AdKd", "QcQh"])
    Canonical(board='JsTs2h', hands=('AhKh', 'QsQd'), perm=(3, 2, 1, 0))
    >>> canonical("2c 3d 4h Ac").board, canonical("2c 3d 4h Ac", as_set=True).board
    ('4s3h2dAd', 'As4h3d2s')
    """
    board_ids = _read_cards(board, "the board")
    if len(board_ids) not in (0, 3, 4, 5):
        raise ValueError(f"a board is a flop, turn or river (3 to 5 cards) or none, got {len(board_ids)}")
    if isinstance(hands, str) or not isinstance(hands, Sequence) or all(is_one_card(h) for h in hands):
        flat = _read_cards(hands, "hands")  # type: ignore[arg-type]  # one text or a list of cards
        if len(flat) % 2:
            raise ValueError(f"hands are 2 cards each, got {len(flat)} cards")
        rows = [flat[i : i + 2] for i in range(0, len(flat), 2)]
    else:
        rows = []
        for i, hand in enumerate(hands, 1):
            ids = natural_cards(hand, f"hand {i}", optional=False)
            if len(ids) != 2:
                raise ValueError(f"hand {i} has {len(ids)} cards; a hand is 2")
            rows.append(ids)
    if len(rows) > 26:
        raise ValueError(f"at most 26 hands, got {len(rows)}")
    check_unique([("the board", board_ids), *((f"hand {i}", r) for i, r in enumerate(rows, 1))])
    as_set = bool(check_flag(as_set, "as_set"))
    rc, board_out, hands_out, perm = _core_solver.canonical(board_ids, b"".join(rows), as_set)
    _check(rc, "canonical")
    named = tuple(board_text(hands_out[i : i + 2]) for i in range(0, len(hands_out), 2))
    return Canonical(board_text(board_out), named, perm)


@lru_cache(maxsize=1)
def _flop_classes() -> tuple[Array, Array]:
    """(22100, 3) uint8 every flop, and (22100,) intp the number of its class in flops()."""
    every = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
    position = {f.board: i for i, f in enumerate(flops())}
    named = (board_text(_core_solver.canonical(bytes(f), b"")[1]) for f in every)
    classes = np.array([position[name] for name in named], dtype=np.intp)
    return every, classes


# ---- equity distributions ------------------------------------------------------------------


@dataclass(frozen=True, repr=False, eq=False)
class EquityDistribution:
    """How a hand's (or range's) equity is spread over the cards to come.

    ``edges`` (bins + 1) bound the bins [edges[b], edges[b + 1]) (the last one closed; an
    equity within a relative 1e-9 below an edge, the rounding of sums of float weights, counts
    as on it);
    ``weights[b]`` is the chance that the equity lands in bin b and ``means[b]`` its mean
    there (NaN for an empty bin).  ``mean`` is the exact equity (the mean of the points,
    not of bin centres) and ``ehs2`` the mean of the squared equity (EHS2, Johanson et al.
    2013); ``points`` is how many deals of the cards to come there are once the board and
    dead cards are out (a combo plays those that miss its own cards: 47 of the 49 turns).

    >>> d = equity_distribution("AhKh", "random", "2h7h9c", street="turn", bins=4)
    >>> d.points, [round(float(w), 4) for w in d.weights]
    (49, [0.0, 0.0, 0.6809, 0.3191])
    """

    edges: Array
    weights: Array
    means: Array
    mean: float
    ehs2: float
    street: str
    points: int

    def __eq__(self, other: object) -> bool:
        # By hand: the dataclass's own compares the arrays as a tuple, which numpy refuses.
        if not isinstance(other, EquityDistribution):
            return NotImplemented
        arrays = ("edges", "weights", "means")
        return all(
            np.array_equal(getattr(self, name), getattr(other, name), equal_nan=True) for name in arrays
        ) and (self.mean, self.ehs2, self.street, self.points) == (
            other.mean,
            other.ehs2,
            other.street,
            other.points,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<EquityDistribution {len(self.weights)} bins over the {self.street}: mean {self.mean:.4f},"
            f" EHS2 {self.ehs2:.4f}>"
        )


_AHEAD = {"turn": 1, "river": 2}


def equity_distribution(
    hand_or_range: RangeLike,
    vs: RangeLike,
    board: CardsLike,
    *,
    bins: int = 50,
    street: str = "river",
    dead: CardsLike | None = (),
    threads: int = 1,
    progress: Callable[[float], object] | None = None,
) -> EquityDistribution:
    """The histogram of a hand's equity against `vs` once the next cards are dealt.

    On a flop, ``street="river"`` deals both the turn and the river (the hand's showdown
    equity on each of the runouts) and ``street="turn"`` the turn only (the equity on each
    turn, exact over the river); on a turn the river is next; on a river the equity is
    known.  Each deal counts by the opponent's weight left on it, so the weighted mean is
    the exact equity against `vs`.  A range (`hand_or_range`) mixes its combos' histograms
    by their weights in the deals.  `vs` is a range such as ``"random"``; either is a
    :class:`Range`, range text, one hand, or 1,326 weights (an array, list or tuple).

    >>> d = equity_distribution("AhKh", "random", "2h7h9c")
    >>> d
    <EquityDistribution 50 bins over the river: mean 0.7066, EHS2 0.5763>
    >>> round(d.mean, 10) == round(combo_equity("AhKh", "random", "2h7h9c").overall, 10)
    True
    >>> round(float(d.weights.sum()), 12), float(d.edges[0]), float(d.edges[-1])
    (1.0, 0.0, 1.0)
    """
    board_ids, dead_ids = _board(board, dead, (3, 4, 5), "equity_distribution")
    check_count(bins, "bins", 1, 10_000)
    check_choice(street, "street", _AHEAD)
    need = 5 - len(board_ids)
    if street == "turn" and len(board_ids) != 3:
        raise ValueError(f"street='turn' needs a flop, the board has {len(board_ids)} cards")
    ahead = min(_AHEAD[street] - (len(board_ids) - 3), need)
    threads = check_threads(threads)
    progress = check_progress(progress)
    live = live_table(board_ids + dead_ids)
    # Each over its largest weight still live: a blocked combo's weight sets no scale.
    weights = _weights(hand_or_range, "hand_or_range")
    mine, _ = _unit(weights * live, "hand_or_range")
    hero = np.ascontiguousarray(mine > 0, dtype=np.uint8)
    if not hero.any():
        raise ValueError(f"hand_or_range has no combo left{_none_left(weights)}")
    given = _weights(vs, "vs")
    theirs = np.ascontiguousarray(_unit(given * live, "vs")[0])
    if not given.any():
        raise ValueError("vs has no combo left (every weight is 0)")
    # A combo's points weigh its weight in the range times the opponent's weight left: the
    # mixture of the combos is the law of the deals.  The core mixes the histograms as it
    # fills them (bins rows, not a histogram of bins rows for each of the 1,326 combos).
    scale = np.ascontiguousarray(mine * hero / _runs(board_ids, dead_ids))
    moments = np.zeros((N_COMBOS, 3))
    hist = np.zeros((bins, 2))
    n_points = math.comb(52 - len(board_ids) - len(dead_ids), ahead)
    hero_count = int(hero.sum())
    seconds = _runs(board_ids, dead_ids) * (hero_count + int(np.count_nonzero(theirs))) * _SWEEP_SECONDS

    def call(part: int, parts: int, moments: Array, hist: Array) -> int:
        return _core_solver.equity_points(
            board_ids, dead_ids, hero, theirs, ahead, bins, part, parts, moments, hist, scale
        )

    _in_parts(call, (moments, hist), min(_parts(seconds), n_points), threads, progress)
    total = float(np.dot(scale, moments[:, 0]))
    if not total > 0:
        raise ValueError("vs has no combo left that can meet hand_or_range")
    weights = hist[:, 0] / total
    sums = hist[:, 1] / total
    with np.errstate(invalid="ignore", divide="ignore"):
        means = np.where(weights > 0, sums / weights, np.nan)
    return EquityDistribution(
        # b / bins rounded once, as the core files a point (an equity of 3 of 10 in bin 3 of 10):
        # linspace gave 0.30000000000000004 there, above the 0.3 it holds.
        edges=np.arange(bins + 1) / bins,
        weights=weights,
        means=means,
        mean=float(np.dot(scale, moments[:, 1])) / total,
        ehs2=float(np.dot(scale, moments[:, 2])) / total,
        street=street if need else "river",
        points=n_points,
    )


# ---- the flop report -----------------------------------------------------------------------

_SUITS_NAMES = {3: "monotone", 2: "two-tone", 1: "rainbow"}
_PAIRING = {3: "unpaired", 2: "paired", 1: "trips"}
_CATEGORIES = tuple(Category)[:10]
_ROW_WIDTH = 3 + 2 * len(_CATEGORIES)
COLUMNS = (
    "board",
    "weight",
    "equity",
    "win",
    "tie",
    "deals",
    "frequency",
    "suits",
    "pairing",
    "connected",
    "high",
    *(f"range_{c.name.lower()}" for c in _CATEGORIES),
    *(f"vs_{c.name.lower()}" for c in _CATEGORIES),
)
"""The columns of :func:`flop_report`, in order."""


def _texture(board: bytes) -> tuple[str, str, bool, str]:
    rc, (suited, ranks, high, straight) = _core_solver.texture(board)
    _check(rc, "texture")
    return _SUITS_NAMES[suited], _PAIRING[ranks], straight <= 2, RANKS[high]


def _symmetric(weights: Array) -> bool:
    """Whether every renaming of the suits maps the weights onto themselves."""
    cards = _cards().astype(np.intp)
    table = index_table()
    for perm in itertools.permutations(range(4)):
        renamed = (cards & ~3) | np.array(perm)[cards & 3]
        if not np.array_equal(weights[table[52 * renamed[:, 0] + renamed[:, 1]]], weights):
            return False
    return True


def flop_rows(mine: Array, theirs: Array, dead_ids: bytes, boards: Sequence[bytes]) -> Array:
    """(len(boards), 3 + 20): the weight of the deals (pairs of combos times runouts, by
    both ranges' weights, per runout) won, tied and in all, then each range's weight in
    each category, for each flop."""
    out = np.zeros((len(boards), _ROW_WIDTH))
    cats = np.empty(N_COMBOS, dtype=np.int8)
    for row, board_ids in enumerate(boards):
        if set(board_ids) & set(dead_ids):
            continue
        live = live_table(board_ids + dead_ids)
        hero = np.ascontiguousarray((mine > 0) & live, dtype=np.uint8)
        layer = np.ascontiguousarray((theirs * live)[None, :])
        win = np.zeros((1, N_COMBOS))
        tie = np.zeros((1, N_COMBOS))
        total = np.zeros((1, N_COMBOS))
        _check(_core_solver.combo_equity(board_ids, dead_ids, hero, layer, 0, 1, win, tie, total), "flop")
        runs = _meet_runs(board_ids, dead_ids)  # a pair's runouts: pairs of combos times them
        out[row, 0] = np.dot(mine, win[0]) / runs
        out[row, 1] = np.dot(mine, tie[0]) / runs
        out[row, 2] = np.dot(mine, total[0]) / runs
        _check(_core_solver.combo_values(board_ids, dead_ids, None, cats), "categories")
        known = cats >= 0
        for side, weights in enumerate((mine, theirs)):
            counted = np.bincount(cats[known], weights=weights[known], minlength=len(_CATEGORIES))
            out[row, 3 + side * len(_CATEGORIES) : 3 + (side + 1) * len(_CATEGORIES)] = counted
    return out


def report_work(range: RangeLike, vs: RangeLike, dead: CardsLike | None) -> tuple[Array, Array, bytes, bool]:
    mine, _ = _unit(_weights(range, "range"), "range")
    theirs, _ = _unit(_weights(vs, "vs"), "vs")
    dead_ids = _read_cards(dead, "the dead cards")
    _check_deal(3, len(dead_ids), "flop_report")
    live = live_table(dead_ids)
    mine, theirs = mine * live, theirs * live
    for name, weights in (("range", mine), ("vs", theirs)):
        if not weights.any():
            cause = " without the dead cards" if dead_ids else " (every weight is 0)"
            raise ValueError(f"flop_report: {name} has no combo left{cause}")
    if not can_meet(mine, theirs):
        raise ValueError("flop_report: every combo of vs shares a card with every combo of range")
    by_class = not dead_ids and _symmetric(mine) and _symmetric(theirs)
    return mine, theirs, dead_ids, by_class


def report_boards(by_class: bool) -> list[bytes]:
    """The flops to play: the 1,755 representatives, or all 22,100 flops (then added up by
    class) when the ranges or dead cards tell suits apart."""
    if by_class:
        return [card_ids(f.board) for f in flops()]
    every, _ = _flop_classes()
    return [bytes(f) for f in every]


def report_table(rows: Array, by_class: bool) -> list[dict[str, Any]]:
    """The records of flop_report from the per-flop sums of flop_rows."""
    table = flops()
    weight = np.array([f.weight for f in table], dtype=np.float64)
    if by_class:
        sums = rows * weight[:, None]
    else:
        _, classes = _flop_classes()
        sums = np.zeros((len(table), rows.shape[1]))
        np.add.at(sums, classes, rows)
    deals = sums[:, 2]
    ncat = len(_CATEGORIES)
    records = []
    grand = float(deals.sum())
    for i, flop in enumerate(table):
        board_ids = card_ids(flop.board)
        suits, pairing, connected, high = _texture(board_ids)
        d = deals[i]
        record: dict[str, Any] = {
            "board": flop.board,
            "weight": flop.weight,
            "equity": (sums[i, 0] + sums[i, 1] / 2) / d if d else math.nan,
            "win": sums[i, 0] / d if d else math.nan,
            "tie": sums[i, 1] / d if d else math.nan,
            "deals": d / flop.weight,
            "frequency": d / grand if grand else 0.0,
            "suits": suits,
            "pairing": pairing,
            "connected": connected,
            "high": high,
        }
        for side, name in enumerate(("range", "vs")):
            mix = sums[i, 3 + side * ncat : 3 + (side + 1) * ncat]
            whole = float(mix.sum())
            for c, share in zip(_CATEGORIES, mix):
                record[f"{name}_{c.name.lower()}"] = float(share) / whole if whole else math.nan
        records.append({k: (float(v) if isinstance(v, np.floating) else v) for k, v in record.items()})
    return records


def as_table(records: list[dict[str, Any]], pandas: bool | None) -> Any:
    if pandas is False:
        return records
    try:
        pd: Any = importlib.import_module("pandas")
    except ImportError:
        if pandas:
            raise
        return records
    return pd.DataFrame.from_records(records, columns=list(COLUMNS))


def flop_report(
    range: RangeLike,
    vs: RangeLike,
    *,
    dead: CardsLike | None = (),
    threads: int = 1,
    progress: Callable[[float], object] | None = None,
    pandas: bool | None = None,
) -> Any:
    """`range` against `vs` on every one of the 1,755 flops, exact over the turn and river.

    One row per flop of :func:`flops`, in that order, with the columns of :data:`COLUMNS`:
    ``board`` and ``weight`` (the flops it stands for); ``equity``, ``win`` and ``tie`` of
    `range` against `vs` there (exact over every turn and river and every pair of combos
    that can meet); ``deals``, the weight of those pairs of combos on one such flop (each range's
    weights taken over its largest, as only their ratios count: ``"AA:0.5"`` alone weighs as
    ``"AA"``, and beside ``"QQ"`` half as much), and
    ``frequency``, the chance of this flop class given both ranges (it sums to 1, and the
    ``frequency``-weighted mean of ``equity`` is the preflop equity of the two ranges);
    the texture: ``suits`` (monotone, two-tone, rainbow), ``pairing`` (unpaired, paired,
    trips), ``connected`` (a straight can be made with two hole cards), ``high`` (the top
    rank); and ``range_<category>`` / ``vs_<category>``, each range's share (by weight,
    over its combos live on the flop) in each category there.  A pandas DataFrame when
    pandas is installed (``pandas=False``: always the list of records).  When the ranges
    or dead cards tell suits apart (``"AhKh"``), every one of the 22,100 flops is played
    and added into its class.  See :func:`save_report` and ``pokereval report`` for CSV,
    JSON and a picture; :func:`pokereval.dask.flop_report` splits the work over a cluster.

    >>> rows = flop_report("AA", "KK", pandas=False)
    >>> len(rows), rows[0]["board"], rows[0]["deals"]     # AsAhAd leaves no pair of aces
    (1755, 'AsAhAd', 0.0)
    >>> r = next(r for r in rows if r["board"] == "KsKh2s")   # only the last two aces save AA
    >>> round(r["equity"], 5), r["suits"], r["pairing"], r["connected"], r["range_two_pair"]
    (0.00101, 'two-tone', 'paired', False, 1.0)
    """
    threads = check_threads(threads)
    progress = check_progress(progress)
    pandas = check_flag(pandas, "pandas", none=True)
    mine, theirs, dead_ids, by_class = report_work(range, vs, dead)
    boards = report_boards(by_class)
    rows = np.zeros((len(boards), _ROW_WIDTH))
    size = max(1, len(boards) // 200)
    chunks = [(a, min(a + size, len(boards))) for a in builtins.range(0, len(boards), size)]

    def job(a: int, b: int) -> Callable[[], int]:
        def run() -> int:
            rows[a:b] = flop_rows(mine, theirs, dead_ids, boards[a:b])
            return 0

        return run

    _check(
        run_jobs([job(a, b) for a, b in chunks], [float(b - a) for a, b in chunks], threads, progress),
        "flop_report",
    )
    return as_table(report_table(rows, by_class), pandas)


# ---- the report as files and a picture -----------------------------------------------------

_GROUPS = {
    "suits": ("monotone", "two-tone", "rainbow"),
    "pairing": ("unpaired", "paired", "trips"),
    "connected": (True, False),
    "high": tuple(RANKS[::-1]),
}


def _records(report: Any, columns: Iterable[str] = COLUMNS) -> list[dict[str, Any]]:
    """A report's rows as records (a DataFrame's too), each checked to hold `columns`."""
    if isinstance(report, list):
        records: list[dict[str, Any]] = report
    else:
        to_dict = getattr(report, "to_dict", None)
        if to_dict is None:
            raise TypeError(f"a report is what flop_report returns, got {type(report).__name__}")
        records = to_dict("records")
    for i, row in enumerate(records):
        if not isinstance(row, Mapping):
            raise TypeError(f"report row {i} is a {type(row).__name__}: a report is what flop_report returns")
        missing = [column for column in columns if column not in row]
        if missing:
            named = ", ".join(map(repr, missing[:3]))
            if len(missing) > 3:
                named += f" and {len(missing) - 3} more"
            raise ValueError(f"report row {i} has no {named}: a report is what flop_report returns")
    return records


def texture_summary(report: Any, by: str = "suits") -> dict[Any, tuple[float, float]]:
    """Equity by flop texture: group -> (the equity over those flops, their frequency).

    `by` is ``"suits"``, ``"pairing"``, ``"connected"`` or ``"high"``; each group's equity
    is the ``frequency``-weighted mean over its flops, so the groups' equities weighted by
    their frequencies give the preflop equity back.

    >>> s = texture_summary(flop_report("AA", "KK", pandas=False), by="pairing")
    >>> {k: (round(e, 3), round(f, 3)) for k, (e, f) in s.items()}
    {'unpaired': (0.81, 0.824), 'paired': (0.865, 0.173), 'trips': (0.917, 0.003)}
    """
    check_choice(by, "by", _GROUPS)
    rows = _records(report, (by, "frequency", "equity"))
    out: dict[Any, tuple[float, float]] = {}
    for group in _GROUPS[by]:
        mine = [r for r in rows if r[by] == group and r["frequency"] > 0]
        frequency = sum(r["frequency"] for r in mine)
        if frequency > 0:
            out[group] = (sum(r["frequency"] * r["equity"] for r in mine) / frequency, frequency)
    return out


def save_report(report: Any, path: str | Path) -> Path:
    """Write a :func:`flop_report` as CSV (``.csv``) or JSON (``.json``, a list of records).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> path = save_report(flop_report("AA", "KK", pandas=False), folder / "aa.csv")
    >>> path.read_text().splitlines()[0][:36]
    'board,weight,equity,win,tie,deals,fr'
    """
    target = file_to_write(path, "reports", (".csv", ".json"))
    rows = _records(report)
    if target.suffix.lower() == ".json":
        # JSON has no NaN (a flop no pair of combos can be dealt on has no equity): null, as
        # `pokereval report --json` writes it; the bare NaN json.dumps wrote is refused by
        # every reader but Python's.
        document = [{k: _json_value(v) for k, v in row.items()} for row in rows]
        target.write_text(json.dumps(document, indent=1, allow_nan=False) + "\n", encoding="utf-8")
    else:
        with target.open("w", newline="", encoding="utf-8") as handle:
            _write_rows(rows, handle)
    return target


def write_csv(report: Any, handle: Any) -> None:
    """A :func:`flop_report` (its DataFrame or its records) as CSV on an open text file, the
    columns of :data:`COLUMNS`.

    >>> import io
    >>> out = io.StringIO()
    >>> write_csv([{c: 0 for c in COLUMNS}], out)
    >>> out.getvalue().count(",") == len(COLUMNS) - 1 + len(COLUMNS) - 1
    True
    """
    _write_rows(_records(report), handle)


def _write_rows(rows: list[dict[str, Any]], handle: Any) -> None:
    writer = csv.DictWriter(handle, fieldnames=list(COLUMNS), extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: _plain(v) for k, v in row.items()})


def _json_value(value: Any) -> Any:
    """A report's value as JSON takes it: plain, a float that is not finite None."""
    value = _plain(value)
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, (np.bool_, bool)):
        return bool(value)
    if isinstance(value, np.generic):
        return value.item()
    return value


def report_svg(report: Any, *, by: str = "suits", title: str = "") -> str:
    """A bar chart (SVG text, standard library only) of equity by flop texture.

    One bar per group of :func:`texture_summary`: its height the equity there, its width
    the group's frequency; the dashed line is the overall (preflop) equity.

    >>> svg = report_svg(flop_report("AA", "KK", pandas=False), by="pairing", title="AA v KK")
    >>> svg.startswith("<svg") and svg.count('class="bar"')
    3
    """
    check_title(title)
    summary = texture_summary(report, by)
    overall = sum(e * f for e, f in summary.values())
    width, height, left, top, bottom = 560.0, 300.0, 50.0, 40.0, 50.0
    plot_w, plot_h = width - left - 20, height - top - bottom
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}"'
        f' viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">',
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="#ffffff"/>',
    ]
    if title:
        parts.append(_svg_text(width / 2, 22, title, 15))
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = top + plot_h * (1 - tick)
        parts.append(_svg_line(left, y, left + plot_w, y, 'stroke="#dddddd"'))
        parts.append(_svg_text(left - 6, y + 4, f"{tick:.0%}", 11, "end"))
    gap = 6.0
    x = left
    usable = plot_w - gap * len(summary)
    for group, (equity, frequency) in summary.items():
        w = max(usable * frequency, 2.0)
        h = plot_h * equity
        label = str(group) if by != "connected" else ("connected" if group else "disconnected")
        parts.append(
            f'<rect class="bar" x="{x + gap / 2:.1f}" y="{top + plot_h - h:.1f}" width="{w:.1f}"'
            f' height="{h:.1f}" fill="#4878a8"><title>{escape(label)}: {equity:.1%} over'
            f" {frequency:.1%} of the flops</title></rect>"
        )
        mid = x + gap / 2 + w / 2
        parts.append(_svg_text(mid, top + plot_h + 16, label, 11))
        parts.append(_svg_text(mid, top + plot_h - h - 4, f"{equity:.1%}", 10))
        x += w + gap
    y = top + plot_h * (1 - overall)
    parts.append(_svg_line(left, y, left + plot_w, y, 'stroke="#c03030" stroke-dasharray="5,4"'))
    parts.append(_svg_text(left + 4, y - 4, f"overall {overall:.1%}", 11, "start", "#c03030"))
    caption = f"equity by flop {by}: a bar's width is its flops' frequency"
    parts.append(_svg_text(width / 2, height - 10, caption, 11))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _svg_text(x: float, y: float, text: str, size: int, anchor: str = "middle", fill: str = "#000000") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" fill="{fill}">'
        f"{escape(text)}</text>"
    )


def _svg_line(x1: float, y1: float, x2: float, y2: float, style: str) -> str:
    return f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {style}/>'


def distribution_svg(distribution: EquityDistribution, *, title: str = "") -> str:
    """A histogram (SVG text, standard library only) of an :class:`EquityDistribution`.

    Bar b spans its bin of equity and rises to the chance of landing there; the dashed
    line is the mean (the exact equity).

    >>> svg = distribution_svg(equity_distribution("AhKh", "random", "2h7h9c", bins=10))
    >>> svg.startswith("<svg") and svg.count('class="bar"')
    10
    """
    if not isinstance(distribution, EquityDistribution):
        raise TypeError(
            f"distribution must be what equity_distribution returns, got {type(distribution).__name__}"
        )
    check_title(title)
    width, height, left, top, bottom = 560.0, 300.0, 50.0, 40.0, 50.0
    plot_w, plot_h = width - left - 20, height - top - bottom
    weights = distribution.weights
    tallest = float(weights.max()) or 1.0
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}"'
        f' viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">',
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="#ffffff"/>',
    ]
    if title:
        parts.append(_svg_text(width / 2, 22, title, 15))
    bar = plot_w / len(weights)
    for b, weight in enumerate(weights):
        h = plot_h * float(weight) / tallest
        low, high = distribution.edges[b], distribution.edges[b + 1]
        parts.append(
            f'<rect class="bar" x="{left + b * bar:.1f}" y="{top + plot_h - h:.1f}"'
            f' width="{max(bar - 1, 1):.1f}" height="{h:.1f}" fill="#4878a8">'
            f"<title>{low:.0%} to {high:.0%}: {float(weight):.2%}</title></rect>"
        )
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(_svg_text(left + plot_w * tick, top + plot_h + 16, f"{tick:.0%}", 11))
    x = left + plot_w * distribution.mean
    parts.append(_svg_line(x, top, x, top + plot_h, 'stroke="#c03030" stroke-dasharray="5,4"'))
    parts.append(_svg_text(x + 4, top + 12, f"mean {distribution.mean:.1%}", 11, "start", "#c03030"))
    caption = f"equity once the {distribution.street} is dealt; bar height: the chance of that bin"
    parts.append(_svg_text(width / 2, height - 10, caption, 11))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
