"""The evaluation API: evaluate, compare, evaluate_batch, enumerate_counts."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any, Union

import numpy as np

from . import _core
from .cards import Card, CardsLike, card_ids
from .games import GAMES as _GAMES
from .games import GameSpec, game_spec
from .rank import HandRank

__all__ = ["compare", "enumerate_counts", "evaluate", "evaluate_batch"]

_new_rank = object.__new__
_fast_cards = _core.fast_cards
_FLAT_HIGH = {name: _GAMES[name] for name in ("holdem", "stud")}
_MAX_THREADS = 256
_MIN_ROWS = 4096

Evaluation = Union[HandRank, tuple[HandRank, Union[HandRank, None]]]


def _own_ids(cards: CardsLike) -> bytes:
    # A list or tuple of Cards (ints) converts in C; anything else goes through the parser,
    # which also words any complaint.  The core checks ranges and duplicates.
    kind = type(cards)
    if kind is list or kind is tuple:
        try:
            return bytes(cards)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            pass
    return card_ids(cards)


def _board_ids(spec: GameSpec, board: CardsLike | None) -> bytes:
    if board is None:
        if spec.hole is not None:
            raise ValueError(f"{spec.counts_text()}; pass the board as board=")
        return b""
    return card_ids(board)


def _hand_ids(spec: GameSpec, cards: CardsLike, board: CardsLike | None) -> tuple[bytes, int]:
    """The ids of hole + board as one bytes object, and how many are hole cards."""
    ids = _own_ids(cards)
    if board is None and spec.hole is None:
        return ids, 0
    return ids + _board_ids(spec, board), len(ids) if spec.hole is not None else 0


def _evaluate(spec: GameSpec, ids: bytes, hole: int) -> Evaluation:
    packed = _core.eval_packed(spec.code, ids, len(ids), hole)
    if packed < 0:
        # Re-parse to name a bad token or type precisely, then word the core's complaint.
        raise spec.error(packed, ids, hole)
    if spec.hilo:
        low = packed >> 16
        return (
            HandRank(packed & 0xFFFF, spec, ids, hole),
            HandRank(low, spec, ids, hole, low=True) if low else None,
        )
    return HandRank(packed, spec, ids, hole)


def evaluate(cards: CardsLike, board: CardsLike | None = None, *, game: str = "holdem") -> Evaluation:
    """Evaluate one hand: the player's cards plus an optional board.

    Returns a :class:`HandRank`; for ``"omaha-hilo"`` a tuple ``(high, low)`` where
    low is None when no 8-or-better low qualifies.  Cards are text, Cards or ids (see
    :func:`parse_cards`).  Hold'em, stud, short deck and razz take 5 to 7 cards in all,
    2-7 exactly 5, badugi exactly 4; Omaha takes 4 to 6 hole cards and a board of 3 to 5.

    >>> r = evaluate("As Ad", board="Kh Kc 2d 7s 9c")
    >>> r.category.name, r.describe()
    ('TWO_PAIR', 'Two pair, aces and kings, nine kicker')
    >>> evaluate("Ah 2h 3d 4s", "5h 6c 7d", game="omaha").describe()
    'Straight, seven-high'
    >>> evaluate("As Ks", "Qs Js", game="holdem")
    Traceback (most recent call last):
    ...
    ValueError: holdem needs 5 to 7 cards, got 4
    """
    # The hottest call of all, a list of Cards or ids in hold'em or stud, is one
    # GIL-holding C call (pokereval/_fastcall.c) and three attribute stores.  Text and
    # anything odd take the general way below, whose parser reads or names them.
    if board is None and type(game) is str:
        spec = _FLAT_HIGH.get(game)
        kind = type(cards)
        if spec is not None and (kind is list or kind is tuple):
            try:
                value = _fast_cards(cards)
            except TypeError:
                pass
            else:
                rank = _new_rank(HandRank)
                rank._value, rank._spec, rank._ids = value, spec, tuple(cards)  # type: ignore[arg-type]
                return rank
    spec = _GAMES.get(game) if type(game) is str else None
    if spec is None:
        spec = game_spec(game)
    if board is None and spec.hole is None:
        ids = _own_ids(cards)
        hole = 0
        if spec.code <= _core.GAME_STUD:
            value = _core.eval_holdem(ids, len(ids))
            if value > 0:
                rank = _new_rank(HandRank)
                rank._value, rank._spec, rank._ids = value, spec, ids
                return rank
    else:
        ids, hole = _hand_ids(spec, cards, board)
    return _evaluate(spec, ids, hole)


def compare(a: CardsLike, b: CardsLike, board: CardsLike | None = None, *, game: str = "holdem") -> int:
    """Return 1 if hand `a` wins, 0 on a split, -1 if `b` wins (on the same board).

    In a hi-lo game the answer is not one number; use :func:`pokereval.showdown`.

    >>> compare("AsAd", "KhKc", board="2c7d9hJs3s")
    1
    >>> compare("Tc 2c", "Td 9d", board="As Ah Kd Qc Js")
    0
    """
    spec = game_spec(game)
    if spec.hilo:
        raise ValueError(f"compare has no single answer in {spec.name}; use showdown()")
    own_a, own_b = _own_ids(a), _own_ids(b)
    clash = set(own_a) & set(own_b)
    if clash:
        raise ValueError(f"duplicate card {str(Card(min(clash)))!r}: both hands hold it")
    shared = _board_ids(spec, board)
    hole_a = len(own_a) if spec.hole is not None else 0
    hole_b = len(own_b) if spec.hole is not None else 0
    va = int(_evaluate(spec, own_a + shared, hole_a))  # type: ignore[arg-type]
    vb = int(_evaluate(spec, own_b + shared, hole_b))  # type: ignore[arg-type]
    return (va > vb) - (va < vb)


def _as_rows(ids: object) -> np.ndarray[Any, Any]:
    """Check an (N, k) integer array of card ids and return it as C-contiguous uint8."""
    arr = ids if isinstance(ids, np.ndarray) else np.asarray(ids)
    if arr.dtype.kind not in "ui":
        raise TypeError(f"ids must be an integer array of card ids, got dtype {arr.dtype}")
    if arr.ndim != 2:
        raise ValueError(f"ids must have shape (N, k), got shape {arr.shape}")
    if arr.dtype != np.uint8:
        if arr.size:
            bad = (arr < 0) | (arr > 51)
            if bad.any():
                row, col = (int(x) for x in np.argwhere(bad)[0])
                raise ValueError(f"row {row}: card id {int(arr[row, col])} out of range 0..51")
        arr = arr.astype(np.uint8)
    return np.ascontiguousarray(arr)


def evaluate_batch(
    ids: object, *, game: str = "holdem", hole: int | None = None, threads: int = 1
) -> Any:
    """Evaluate N hands in one C call: ids is an (N, k) integer array of card ids.

    Returns a uint16 array of N values, the same as ``int(evaluate(row))``; for
    ``"omaha-hilo"`` a pair of arrays (high, low) with 0 where no low qualifies.  Omaha
    rows are hole cards then board: `hole` says how many are hole cards (default 4).
    Non-contiguous and non-uint8 integer input is accepted (and copied).  The GIL is
    released during the work; ``threads=2`` splits the rows over two threads.

    >>> import numpy as np
    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 49]], dtype=np.uint8))
    array([7462, 5854], dtype=uint16)
    >>> evaluate_batch(np.array([[0, 1, 2, 3, 60]], dtype=np.uint8))
    Traceback (most recent call last):
    ...
    ValueError: row 0: card id 60 out of range 0..51
    """
    spec = game_spec(game)
    if hole is None:
        hole = 4 if spec.hole is not None else 0
    elif isinstance(hole, bool) or not isinstance(hole, int):
        raise TypeError(f"hole must be an int (how many of each row are hole cards), got {hole!r}")
    elif spec.hole is None:
        if hole:
            raise ValueError(f"{spec.name} has no hole/board split; leave hole unset")
    elif not spec.hole[0] <= hole <= spec.hole[1]:
        raise ValueError(f"{spec.counts_text()}, got hole={hole}")
    if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= _MAX_THREADS:
        raise ValueError(f"threads must be an int from 1 to {_MAX_THREADS}, got {threads!r}")
    rows = _as_rows(ids)
    n = rows.shape[0]
    hi = np.zeros(n, dtype=np.uint16)
    lo = np.zeros(n, dtype=np.uint16) if spec.hilo else None

    def run(start: int, stop: int) -> tuple[int, int]:
        return _core.batch_into(
            spec.code, rows[start:stop], hole, hi[start:stop], lo[start:stop] if lo is not None else None
        )

    # A thread gets at least _MIN_ROWS rows: below that, starting it costs more than it saves.
    threads = min(threads, n // _MIN_ROWS)
    if threads <= 1:
        results = [(0, *run(0, n))]
    else:
        bounds = [n * i // threads for i in range(threads + 1)]
        # The calling thread takes the first share itself: one thread fewer to start.
        with ThreadPoolExecutor(max_workers=threads - 1) as pool:
            futures = [pool.submit(run, bounds[i], bounds[i + 1]) for i in range(1, threads)]
            results = [(0, *run(0, bounds[1]))]
            results += [(bounds[i], *f.result()) for i, f in enumerate(futures, start=1)]
    for start, rc, bad in results:
        if rc != 0:
            row = start + bad
            # A count error is about the array's width, not one row.
            where = "" if rc == _core.ERR_COUNT else f"row {row}: "
            raise spec.error(rc, bytes(rows[row]), hole if spec.hole else 0, where=where)
    if lo is not None:
        return hi, lo
    return hi


def enumerate_counts(k: int = 7) -> np.ndarray[Any, Any]:
    """Histogram of hold'em values over every k-card hand of the deck (k = 5, 6, 7).

    Entry v counts the hands whose value is v; entry 0 is always 0.  All 133,784,560
    seven-card hands are enumerated in C in well under a second.

    >>> counts = enumerate_counts(5)
    >>> int(counts.sum()), int((counts > 0).sum())
    (2598960, 7462)
    """
    if isinstance(k, bool) or not isinstance(k, int):
        raise TypeError(f"k must be an int, got {type(k).__name__}")
    if k not in (5, 6, 7):
        raise ValueError(f"k must be 5, 6 or 7, got {k}")
    return _core.enumerate_counts(k)
