"""The evaluation API: evaluate, compare, evaluate_batch, enumerate_counts."""

from __future__ import annotations

import functools
from collections.abc import Callable
from numbers import Integral
from typing import TYPE_CHECKING, Any, Literal, overload

import numpy as np

from . import _core, _fastcall
from ._arrays import plain
from ._checks import check_threads, whole_number
from ._work import run_jobs
from .cards import (
    CARDS,
    Card,
    CardsLike,
    card_type_words,
    is_bool,
    number_deal_jokers,
    number_jokers,
    read_ids,
    refuse_jokers,
    third_joker,
)
from .games import GAMES as _GAMES
from .games import GameSpec, game_spec
from .rank import HandRank, wild_mode
from .showdown import showdown

__all__ = ["compare", "enumerate_counts", "evaluate", "evaluate_batch"]

_rank = _core.rank
_rank_of_ids = _core.rank_of_ids
_MAX_CARDS = 11  # the most cards of one hand: six Omaha hole cards and a board of five
_MIN_ROWS = 4096
_ONE_CALL_ROWS = 1 << 20  # a single thread's call: 1.5 ms of hold'em rows, 50 ms of Omaha
_CHUNKS_A_THREAD = 8  # a thread the host slows leaves the others an eighth of its share at most


def _hand_error(
    code: int,
    game: int,
    ids: bytes,
    count: int,
    hole: int,
    given: int,
    first: int,
    second: int,
    value: int | None,
) -> Exception:
    """Word the core's refusal of a hand, for pokereval/_fastcall.c, which found in C the
    position of the bad card (`first`), or of a duplicate's two copies (`first`, `second`);
    `given` is how many cards came before a board given apart (-1: none).  Every path that
    evaluates one hand, and a batch's bad row, ends here."""
    spec = _SPECS[game]
    if code == _core.ERR_DUPLICATE:
        return spec.error(code, ids, hole, at=second, first=first, given=given)
    return spec.error(code, ids, hole, at=first, count=count, value=value, given=given)


_SPECS = tuple(sorted(_GAMES.values(), key=lambda spec: spec.code))
_core.register_ranks(
    {name: spec.code for name, spec in _GAMES.items()},
    tuple(spec.name for spec in _SPECS),
    bytes(spec.hole is not None for spec in _SPECS),
    bytes(spec.deck_first for spec in _SPECS),
    _hand_error,
    CARDS[:52],
)


def _board_ids(spec: GameSpec, board: CardsLike | None) -> bytes:
    if board is None:
        if spec.hole is not None:
            raise ValueError(f"{spec.counts_text()}; pass the board as board=")
        return b""
    return read_ids(board)


def _hand_ids(spec: GameSpec, cards: CardsLike, board: CardsLike | None) -> tuple[bytes, int, int]:
    """The ids of hole + board as one bytes object, how many are hole cards (0 where the
    game does not split them), and how many came before a board given apart (-1: none).

    Repeats are left for the core to find, so that a card twice gets the same words
    whether it repeats within the cards or between the cards and the board."""
    ids = read_ids(cards)
    if board is None and spec.hole is None:
        return ids, 0, -1
    return ids + _board_ids(spec, board), len(ids) if spec.hole is not None else 0, len(ids)


def _holds_rows(cards: object) -> bool:
    """Rows of cards (a 2-D array, a list of lists or of arrays) where one hand was expected."""
    if getattr(cards, "ndim", 0) >= 2:
        return True
    return (
        isinstance(cards, (list, tuple))
        and bool(cards)
        and (isinstance(cards[0], (list, tuple)) or getattr(cards[0], "ndim", 0) >= 1)
    )


def evaluate(
    cards: CardsLike, board: CardsLike | None = None, *, game: str = "holdem", wild: str | None = None
) -> HandRank:
    """Evaluate one hand: the player's cards plus an optional board.

    Returns a :class:`HandRank`, which behaves as its value (an int, greater is
    stronger).  In ``"omaha-hilo"`` and ``"stud-hilo"`` it is the high hand and ``.low``
    the low one, None when no 8-or-better low qualifies.  Cards are text, Cards or ids (see
    :func:`parse_cards`).  Hold'em, stud, short deck and razz take 5 to 7 cards in all,
    2-7 exactly 5, badugi exactly 4; Omaha takes 4 to 6 hole cards and a board of 3 to 5.

    ``wild=`` (hold'em and stud) says how wild cards play: ``"joker"`` (each joker,
    ``"Jk"``, stands for any card, so five of a kind exists), ``"bug"`` (each joker is an
    ace or completes a straight or a flush) or ``"deuces"`` (every 2 stands for any card);
    ``rank.stands_for`` shows what each wild card became.

    >>> r = evaluate("As Ad", board="Kh Kc 2d 7s 9c")
    >>> r.category.name, r.describe(), r > 3000
    ('TWO_PAIR', 'Two pair, aces and kings, nine kicker', True)
    >>> evaluate("Ah 2h 3d 4s", "5h 6c 7d", game="omaha").describe()
    'Straight, seven-high'
    >>> hilo = evaluate("As 2s Kd Qd", "3c 4h 5c Jd 9s", game="omaha-hilo")
    >>> hilo.describe(), hilo.low.describe()
    ('Straight, five-high', '5-4-3-2-A low')
    >>> evaluate("As Ks", "Qs Js", game="holdem")
    Traceback (most recent call last):
    ...
    ValueError: holdem needs 5 to 7 cards, got 4
    >>> evaluate("As Ad Ah Ac Jk", wild="joker").describe()
    'Five of a kind, aces'
    """
    if wild is not None:
        return _evaluate_wild(cards, board, game, wild)
    # The hottest call of all, a list or tuple of Cards or ids, is one GIL-holding C call
    # (pokereval/_fastcall.c) that returns the rank.  It answers NotImplemented for what it
    # cannot read (text, bools, numpy scalars, an alias): the parser reads or words those.
    rank = _rank(cards, board, game)
    if rank is NotImplemented:
        spec = game_spec(game)
        try:
            ids, hole, given = _hand_ids(spec, cards, board)
        except TypeError as error:
            if _holds_rows(cards):
                raise TypeError(
                    f"{error}; evaluate takes one hand, evaluate_batch an (n, k) array of them"
                ) from None
            raise
        rank = _rank_of_ids(spec.code, ids, hole, given)
    return rank  # type: ignore[no-any-return]


if not TYPE_CHECKING:
    # The hottest call (a list or tuple of Cards or ids) is read by a front in C before this
    # function's frame is made: evaluate(list) at twice the speed.  The front hands every
    # other call to the function above, and wears its name, docstring and signature.
    evaluate = functools.update_wrapper(_fastcall.front(evaluate), evaluate)


def _evaluate_wild(cards: CardsLike, board: CardsLike | None, game: str, wild: str) -> HandRank:
    spec = game_spec(game)
    code = wild_mode(spec, wild)
    own = read_ids(cards)
    ids = own + (b"" if board is None else read_ids(board))
    if 52 in ids or 53 in ids:
        ids = number_jokers(ids)  # a "Jk" in the hand and one on the board are two jokers
    rc, value = _core.eval_wild(spec.code, code, ids)
    if rc:
        raise spec.error(rc, ids, wild=code, given=-1 if board is None else len(own))
    return _core.make_rank(value, spec.code, ids, 0, 0, False, code)


def compare(
    a: CardsLike,
    b: CardsLike,
    board: CardsLike | None = None,
    *,
    game: str = "holdem",
    wild: str | None = None,
) -> int:
    """Return 1 if hand `a` wins, 0 on a split, -1 if `b` wins (on the same board).

    In a hi-lo game the answer is not one number; use :func:`pokereval.showdown`.
    ``wild=`` plays wild cards as :func:`evaluate` does; each "Jk" in the two hands and the
    board is a joker of its own (a deck has two).

    >>> compare("AsAd", "KhKc", board="2c7d9hJs3s")
    1
    >>> compare("Tc 2c", "Td 9d", board="As Ah Kd Qc Js")
    0
    >>> compare("Jk Kd", "As Ad", board="Ks Kc Kh 7d 2s", wild="joker")   # five kings
    1
    """
    spec = game_spec(game)
    if spec.hilo:
        raise ValueError(f"compare has no single answer in {spec.name}; use showdown()")
    own_a, own_b = read_ids(a), read_ids(b)
    shared = _board_ids(spec, board)
    if wild is not None:
        code = wild_mode(spec, wild)
        parts = (own_a, own_b, shared)
        seen = 0
        for part, where in zip(parts, ("the first hand", "the second hand", "the board")):
            for at, card in enumerate(part, 1):
                seen += card >= 52
                if seen == 3:  # the deal's jokers, in reading order: a deck has two
                    raise ValueError(third_joker(at, f" in {where}"))
        own_a, own_b, shared = number_deal_jokers(*parts)
    else:
        for own, given in ((own_a, a), (own_b, b)):  # a joker is refused as a joker, not a duplicate
            refuse_jokers(own, given)
    if spec.hole is not None and board is not None and len(own_a) != len(own_b):
        showdown([a, b], board, game=game)  # Omaha deals every seat alike: the core words it
    theirs = set(own_b)
    clash = next((card for card in own_a if card in theirs), None)  # the first, as the hand reads
    if clash is not None:
        raise ValueError(f"duplicate card {str(Card(clash))!r}: both hands hold it")
    if wild is not None:
        values = []
        for own, which in ((own_a, "the first hand"), (own_b, "the second hand")):
            rc, value = _core.eval_wild(spec.code, code, own + shared)
            if rc:
                given = -1 if board is None else len(own)
                error = spec.error(rc, own + shared, wild=code, given=given)
                raise type(error)(f"{which}: {error}") from None
            values.append(value)
        va, vb = values
    else:
        values = []
        for own, which in ((own_a, "the first hand"), (own_b, "the second hand")):
            hole = len(own) if spec.hole is not None else 0
            try:
                values.append(
                    _rank_of_ids(spec.code, own + shared, hole, -1 if board is None else len(own)).value
                )
            except ValueError as error:  # which hand: the words that follow cannot say
                raise ValueError(f"{which}: {error}") from None
        va, vb = values
    return (va > vb) - (va < vb)


# A row refused while the rows are read, before the core sees them: its row and position
# (0-based, in the array) and the error that names it.
_Refusal = tuple[int, int, Exception]


def _as_rows(ids: object, first_row: int = 0) -> tuple[np.ndarray[Any, Any], Exception | None]:
    """Check an (N, k) integer array of card ids and return it as C-contiguous uint8, with None.

    Ids outside 0..53 are refused here, as are masked entries and bools among list items;
    the rest (jokers 52 and 53 among them, which only wild hands hold) go to the core,
    which names the bad card of the bad row.  When a row is refused here, what comes back
    is the rows before it and its error: the caller gives those rows to the core first, so
    that the first bad row is the one named, whatever its problem and whatever the dtype.
    Rows are numbered from `first_row` in messages."""
    refused: _Refusal | None = None
    if isinstance(ids, np.ndarray):
        arr = ids
    else:
        arr, refused = _read_rows(ids, first_row)
        if refused is not None and arr.dtype.kind not in "ui":
            # An id past int64 (the rows read as floats or objects): the rows before it, on their own.
            row = refused[0]
            if not row:
                return np.zeros((0, arr.shape[1]), np.uint8), refused[2]
            head, earlier = _as_rows(ids[:row], first_row)  # type: ignore[index]
            return head, earlier if earlier is not None else refused[2]
    if arr.dtype.kind not in "ui":
        given = "" if isinstance(ids, np.ndarray) else f" (from {type(ids).__name__})"
        raise TypeError(f"ids must be an integer array of card ids, got dtype {arr.dtype}{given}")
    if arr.ndim != 2:
        raise ValueError(f"ids must have shape (N, k), got shape {arr.shape}")
    try:
        arr = plain(arr, lambda at: f"row {first_row + at[0]}: the card at position {at[1] + 1}")
    except ValueError as error:  # a masked entry: its row is refused like any other
        row, col = (int(x) for x in np.argwhere(np.ma.getmaskarray(arr))[0])
        refused = _earlier(refused, (row, col, error))
        arr = np.asarray(np.ma.getdata(arr))
    if arr.dtype != np.uint8 and arr.size:
        bad = (arr < 0) | (arr > 53)
        if bad.any():
            row, col = (int(x) for x in np.argwhere(bad)[0])
            where = f"row {first_row + row}: card id {int(arr[row, col])}"
            problem = ValueError(f"{where} out of range 0..53 at position {col + 1}")
            refused = _earlier(refused, (row, col, problem))
    if refused is not None:
        arr = arr[: refused[0]]  # rows before the first refused one hold no such entry
    return np.ascontiguousarray(arr.astype(np.uint8, copy=False)), None if refused is None else refused[2]


def _earlier(refused: _Refusal | None, other: _Refusal) -> _Refusal:
    """Of two refused entries, the first in reading order (on the same entry, the one found first)."""
    return other if refused is None or other[:2] < refused[:2] else refused


def _read_rows(ids: object, first_row: int) -> tuple[np.ndarray[Any, Any], _Refusal | None]:
    """Rows given as lists or tuples, as numpy reads them; but a bool among the numbers is no
    card (numpy would read it as 0 or 1; evaluate refuses it), and rows numpy cannot stack
    are named.  The first such bool, or id past int64, comes back as a refusal."""
    try:
        arr = np.asarray(ids)
    except ValueError as error:
        raise _unstacked(ids, first_row, error) from None
    if arr.size == 0 and arr.dtype.kind == "f" and isinstance(ids, (list, tuple)):
        # numpy reads no numbers as float64: there is no dtype to refuse, only a shape.
        if arr.ndim == 1:
            raise ValueError(
                f"ids must have shape (N, k), got an empty {type(ids).__name__}: the batch is empty"
                " (for no hands, pass an integer array of shape (0, k))"
            )
        arr = arr.astype(np.uint8)  # rows of no cards: the width is named as for an array
    if arr.ndim == 2 and arr.dtype.kind in "fO" and isinstance(ids, (list, tuple)):
        # Ints past int64, or items that are no ints (a float), make numpy read the rows as floats
        # or objects: name the item, not the dtype.
        for row, items in enumerate(ids):
            for position, value in enumerate(items, 1):
                if not isinstance(value, Integral) or is_bool(value):
                    words = card_type_words(value, position, items)
                    return arr, (row, position - 1, TypeError(f"row {first_row + row}: {words}"))
                if not 0 <= int(value) <= 53:
                    where = f"row {first_row + row}: card id {int(value)}"
                    problem = ValueError(f"{where} out of range 0..53 at position {position}")
                    return arr, (row, position - 1, problem)
    if arr.ndim == 2 and arr.dtype.kind in "ui" and isinstance(ids, (list, tuple)):
        # Only an item that reads as 0 or 1 can have been a bool: those alone are looked at.
        rows, columns = np.nonzero(arr <= 1)
        for row, column in zip(rows.tolist(), columns.tolist()):
            items = ids[row]
            if is_bool(items[column]):
                words = card_type_words(items[column], column + 1, items)
                return arr, (row, column, TypeError(f"row {first_row + row}: {words}"))
    return arr, None


def _unstacked(ids: object, first_row: int, error: ValueError) -> Exception:
    """The error for rows numpy cannot stack into one (N, k) array: the first row of another
    length, or the first item that is no single card."""
    rows = list(ids) if isinstance(ids, (list, tuple)) else []
    width = None
    for row, items in enumerate(rows, first_row):
        if isinstance(items, (str, bytes)) or not hasattr(items, "__len__"):
            return ValueError(
                f"ids must have shape (N, k): row {row} is not a row of ids but {type(items).__name__}"
            )
        if width is None:
            width = len(items)
        elif len(items) != width:
            return ValueError(
                f"ids must have shape (N, k): row {row} has {len(items)} cards, row {first_row} has {width}"
            )
    for row, items in enumerate(rows, first_row):
        for position, value in enumerate(items, 1):
            if np.ndim(value):
                return TypeError(f"row {row}: {card_type_words(value, position, items)}")
    return ValueError(f"ids must have shape (N, k); numpy cannot stack these rows ({error})")


# The game names whose batches return one array or two (high, low); a test ties both lists to
# the table of games, so they cannot drift from it.  Aliases and other spellings are plain str.
OneArrayGame = Literal[
    "holdem", "stud", "shortdeck", "shortdeck-trips", "razz", "deuce-seven", "omaha", "badugi"
]
HiLoGame = Literal["omaha-hilo", "stud-hilo"]
Values = np.ndarray[Any, np.dtype[np.uint16]]


@overload
def evaluate_batch(
    ids: object,
    *,
    game: OneArrayGame = "holdem",
    hole: int | None = None,
    threads: int = 1,
    wild: str | None = None,
    out: Values | None = None,
) -> Values: ...
@overload
def evaluate_batch(
    ids: object,
    *,
    game: HiLoGame,
    hole: int | None = None,
    threads: int = 1,
    wild: str | None = None,
    out: tuple[Values, Values] | None = None,
) -> tuple[Values, Values]: ...
@overload
def evaluate_batch(
    ids: object,
    *,
    game: str,
    hole: int | None = None,
    threads: int = 1,
    wild: str | None = None,
    out: Values | tuple[Values, Values] | None = None,
) -> Values | tuple[Values, Values]: ...
def evaluate_batch(
    ids: object,
    *,
    game: str = "holdem",
    hole: int | None = None,
    threads: int = 1,
    wild: str | None = None,
    out: Values | tuple[Values, Values] | None = None,
) -> Values | tuple[Values, Values]:
    """Evaluate N hands in one C call: ids is an (N, k) integer array of card ids.

    Returns a uint16 array of N values, the same as ``int(evaluate(row))``; for
    ``"omaha-hilo"`` and ``"stud-hilo"`` a pair of arrays (high, low) with 0 where no low
    qualifies.  Omaha
    rows are hole cards then board: `hole` says how many are hole cards (default 4).
    Non-contiguous and non-uint8 integer input is accepted (and copied).  The GIL is
    released during the work; ``threads=2`` splits the rows over two threads.  ``wild=``
    takes the rules of :func:`evaluate` (jokers are ids 52 and 53).

    ``out=`` takes the array to write the values into and returns it (for ``"omaha-hilo"``
    and ``"stud-hilo"`` a pair of them): uint16, shape (N,), C-contiguous, writeable, sharing
    no memory with `ids`.  A loop over batches of one size can pass the same array each
    time and skip making a new one (most worth it for large outputs, which a new array gets
    as fresh pages from the operating system).  When a row is refused, the rows before it
    may have been written, and with ``threads`` above 1 some rows after it too (the chunks
    other threads took).

    >>> import numpy as np
    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 49]], dtype=np.uint8))
    array([7462, 5854], dtype=uint16)
    >>> values = np.empty(2, dtype=np.uint16)
    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 49]]), out=values) is values
    True
    >>> evaluate_batch(np.array([[0, 1, 2, 3, 60]], dtype=np.uint8))
    Traceback (most recent call last):
    ...
    ValueError: row 0: card id 60 out of range 0..53 at position 5
    """
    values: Values | tuple[Values, Values] = evaluate_rows(
        ids, game=game, hole=hole, threads=threads, wild=wild, out=out
    )
    return values


def evaluate_rows(
    ids: object,
    *,
    game: str = "holdem",
    hole: int | None = None,
    threads: int = 1,
    wild: str | None = None,
    first_row: int = 0,
    out: object = None,
) -> Any:
    """:func:`evaluate_batch` of rows that are part of a larger array whose row `first_row`
    is their first: errors name the row of the whole (pokereval.dask's blocks).

    >>> import numpy as np
    >>> evaluate_rows(np.array([[51, 47, 43, 39, 35], [0, 0, 8, 12, 49]]), first_row=250)
    Traceback (most recent call last):
    ...
    ValueError: row 251: duplicate card '2c' at positions 1 and 2
    """
    spec = game_spec(game)
    if hole is None:  # Omaha's rows hold 4 hole cards unless told; the other games have no split
        number: int | None = 4 if spec.hole is not None else 0
    else:
        number = whole_number(hole)
    if number is None:
        raise TypeError(f"hole must be an int (how many of each row are hole cards), got {hole!r}")
    hole = number
    if spec.hole is None:
        if hole:
            raise ValueError(f"{spec.name} has no hole/board split; leave hole unset")
    elif not 0 <= hole <= _MAX_CARDS:  # other counts go to the core, which words them as evaluate does
        raise ValueError(f"{spec.counts_text()}, got hole={hole}")
    threads = check_threads(threads)
    code = wild_mode(spec, wild)
    rows, refused = _as_rows(ids, first_row)  # with a refused row, the rows before it
    if spec.hole is not None and hole > rows.shape[1]:  # the board would be a negative count
        raise ValueError(f"{spec.counts_text()}, got hole={hole} for rows of {rows.shape[1]} cards")
    n = rows.shape[0]
    given = _check_out(out, spec, (ids, rows), n if refused is None else None)
    if given is not None and refused is None:
        hi, lo = given
    else:  # a refused row raises after the rows before it: out is left alone
        hi = np.zeros(n, dtype=np.uint16)
        lo = np.zeros(n, dtype=np.uint16) if spec.hilo else None

    def run(start: int, stop: int) -> tuple[int, int]:
        if code:
            return _core.batch_wild_into(spec.code, code, rows[start:stop], hi[start:stop])
        return _core.batch_into(
            spec.code, rows[start:stop], hole, hi[start:stop], lo[start:stop] if lo is not None else None
        )

    # A thread gets at least _MIN_ROWS rows: below that, starting it costs more than it saves.
    threads = min(threads, n // _MIN_ROWS)
    if threads <= 1:
        # One thread: calls of _ONE_CALL_ROWS rows, so that Ctrl-C is seen between them (one
        # call of 10**8 Omaha rows held it 5 s), each stopping the rest at a refused row.
        results = []
        for start in range(0, n, _ONE_CALL_ROWS) if n else [0]:
            results.append((start, *run(start, min(start + _ONE_CALL_ROWS, n))))
            if results[-1][1]:
                break
    else:
        results = _run_rows(run, n, threads)
    for start, rc, bad in results:
        if rc == _core.ERR_COUNT:  # about the array's width, not one row
            split = hole if spec.hole is not None else 0  # every row split at hole=, 0 too
            raise spec.error(
                rc, b"", split, count=rows.shape[1], given=split if spec.hole is not None else -1
            )
        row = first_row + start + bad
        if rc != 0 and code:
            raise spec.error(rc, bytes(rows[start + bad]), where=f"row {row}: ", wild=code)
        if rc != 0:
            raise _row_error(spec, rc, bytes(rows[start + bad]), hole if spec.hole else 0, row)
    if refused is not None:  # no row before it is bad
        raise refused
    if lo is not None:
        return hi, lo
    return hi


def _run_rows(run: Callable[[int, int], tuple[int, int]], n: int, threads: int) -> list[tuple[int, int, int]]:
    """run(start, stop) over rows 0..n in chunks on `threads` threads, as (start, code, bad
    row) of the chunks run, in row order.  run_jobs's threads take the chunks from one queue
    (so a thread the host slows takes fewer, where halves waited for the slower) in row
    order, and the chunks taken all end: when a refused chunk stops the rest, every chunk
    before it has run, and the row named is the first bad one, as on one thread."""
    size = max(_MIN_ROWS, -(-n // (_CHUNKS_A_THREAD * threads)))
    starts = range(0, n, size)
    done: dict[int, tuple[int, int]] = {}

    def job(start: int) -> Callable[[], int]:
        def chunk() -> int:
            done[start] = run(start, min(start + size, n))
            return done[start][0]

        return chunk

    run_jobs([job(a) for a in starts], [1.0] * len(starts), threads, None)
    return [(a, *done[a]) for a in sorted(done)]


def _check_out(
    out: object, spec: GameSpec, read: tuple[object, Any], n: int | None
) -> tuple[Any, Any] | None:
    """evaluate_batch's `out`: None, or (high, low or None) checked to take `n` values (any
    number when n is None: the call raises a refused row's error without writing).  `read` is
    (ids as given, the rows array read from them), neither of which `out` may overlap."""
    if out is None:
        return None
    if spec.hilo:
        if not (isinstance(out, tuple) and len(out) == 2):
            raise TypeError(
                f"out must be a pair of arrays (high, low) for {spec.name}, got {type(out).__name__}"
            )
        hi, lo = (_check_out_array(a, f"out[{i}]", read, n) for i, a in enumerate(out))
        if np.may_share_memory(hi, lo):
            raise ValueError("out[0] and out[1] share memory; pass two arrays")
        return hi, lo
    return _check_out_array(out, "out", read, n), None


def _check_out_array(out: object, name: str, read: tuple[object, Any], n: int | None) -> Any:
    if not isinstance(out, np.ndarray) or isinstance(out, np.ma.MaskedArray):
        # a masked array's mask would hide values written under it
        raise TypeError(f"{name} must be a numpy array of uint16, got {type(out).__name__}")
    if out.dtype != np.uint16:
        raise TypeError(f"{name} must have dtype uint16, got {out.dtype}")
    if out.ndim != 1 or (n is not None and out.shape[0] != n):
        rows = "N" if n is None else str(n)
        raise ValueError(f"{name} must have shape ({rows},), one value a row, got shape {out.shape}")
    if not out.flags.c_contiguous:
        raise ValueError(f"{name} must be C-contiguous")
    if not out.flags.aligned:  # C stores uint16_t there: an odd address is undefined behaviour
        raise ValueError(f"{name} must be aligned (a uint16 array at an even address), as numpy makes them")
    if not out.flags.writeable:
        raise ValueError(f"{name} is read-only")
    # ids' memory, whatever ids is (an ndarray, a memoryview, a DataFrame, anything with
    # __array__), and the rows array read from it (a view of it, or a copy): out may share
    # neither, whether or not the rows were copied, as for an ndarray of any dtype.
    given, rows = read
    arrays = [rows]
    if isinstance(given, np.ndarray):
        arrays.append(given)
    elif not isinstance(given, (list, tuple)):
        try:
            arrays.append(np.asarray(given))  # a view of the same memory where there is one
        except Exception:  # the rows were read from it; nothing more to hold
            pass
    if any(isinstance(a, np.ndarray) and np.may_share_memory(out, a) for a in arrays):
        raise ValueError(f"{name} shares memory with ids; pass an array of its own")
    return out


def _row_error(spec: GameSpec, code: int, ids: bytes, hole: int, row: int) -> Exception:
    """A bad batch row in the words evaluate gives the same hand, after "row <r>: "."""
    try:
        _rank_of_ids(spec.code, ids, hole)  # positions count the row's columns, as its ids were given
    except ValueError as error:
        return ValueError(f"row {row}: {error}")
    # The core refused the row, read again it is a hand: another thread wrote to the array
    # during the call (the words of the refusal looked for a bad card and found none).
    return ValueError(
        f"row {row} was refused, and reads as a hand now: the array was written to while the batch read it"
    )


def enumerate_counts(k: int = 7) -> np.ndarray[Any, Any]:
    """Histogram of hold'em values over every k-card hand of the deck (k = 5, 6, 7).

    Entry v counts the hands whose value is v; entry 0 is always 0.  All 133,784,560
    seven-card hands are enumerated in C in well under a second.

    >>> counts = enumerate_counts(5)
    >>> int(counts.sum()), int((counts > 0).sum())
    (2598960, 7462)
    """
    number = whole_number(k)  # numpy's integers too, as every count; never a bool
    if number is None:
        raise TypeError(f"k must be an int, got {type(k).__name__}")
    k = number
    if k not in (5, 6, 7):
        raise ValueError(f"k must be 5, 6 or 7, got {k}")
    return _core.enumerate_counts(k)
