"""The shipped preflop tables, read on first use: the file format, the class keys of two
hands, and the exact heads-up lookup that :func:`pokereval.equity` plays two hands before the
flop from.  :mod:`pokereval.tables` gives the public calls on them (``preflop_equity``,
``class_equity``, ``starting_hand_rank``) and describes the two files;
:mod:`pokereval.preflop_build` builds them again.
"""

from __future__ import annotations

import math
import os
import threading
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from ..classes import class_of_ids
from ..games import game_spec
from .exact import small_spot
from .result import EquityResult, deferred_categories

__all__ = ["heads_up", "lookup", "multiway"]

_NEW = object.__new__

RUNOUTS = math.comb(48, 5)
"""Boards of a heads-up preflop matchup: 5 of the 48 cards left."""

DATA = Path(__file__).resolve().parent.parent / "data"
HU_FILE = "preflop_hu.npz"
MULTIWAY_FILE = "preflop_multiway.npz"
MAX_OPPONENTS = 9
HANDS = 1326
"""Two-card starting hands of the 52-card deck."""


# ---- suit isomorphism of two hands ----------------------------------------------------------


def class_keys(ids: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Canonical keys of N ordered matchups: ids is (N, 4), first hand then second."""
    ids = ids.astype(np.int64)
    n = len(ids)
    rank, suit = ids >> 2, ids & 3
    # The first hand's ranks sit above the second's in a suit's signature.
    bit = np.left_shift(1, rank + np.array([13, 13, 0, 0]))
    signature = np.zeros((n, 4), dtype=np.int64)
    rows = np.arange(n)
    for j in range(4):
        signature[rows, suit[:, j]] |= bit[:, j]
    order = np.argsort(-signature, axis=1, kind="stable")  # order[:, k]: the suit renamed k
    renamed = np.empty_like(order)
    np.put_along_axis(renamed, order, np.broadcast_to(np.arange(4), order.shape), axis=1)
    new = 4 * rank + np.take_along_axis(renamed, suit, axis=1)
    first_hi, first_lo = new[:, :2].max(axis=1), new[:, :2].min(axis=1)
    second_hi, second_lo = new[:, 2:].max(axis=1), new[:, 2:].min(axis=1)
    keys: np.ndarray[Any, Any] = (first_hi << 18 | first_lo << 12 | second_hi << 6 | second_lo).astype(
        np.uint32
    )
    return keys


def _key(a: int, b: int, c: int, d: int) -> int:
    """The canonical key of one ordered matchup (a, b) against (c, d): class_keys for one row."""
    signature = [0, 1, 2, 3]  # the suit in the low 2 bits makes the four values distinct
    signature[a & 3] |= 1 << (15 + (a >> 2))
    signature[b & 3] |= 1 << (15 + (b >> 2))
    signature[c & 3] |= 4 << (c >> 2)
    signature[d & 3] |= 4 << (d >> 2)
    w, x, y, z = sorted(signature)
    renamed = [0, 0, 0, 0]
    renamed[z & 3], renamed[y & 3], renamed[x & 3], renamed[w & 3] = 0, 1, 2, 3
    a, b = (a & ~3) | renamed[a & 3], (b & ~3) | renamed[b & 3]
    c, d = (c & ~3) | renamed[c & 3], (d & ~3) | renamed[d & 3]
    return (a << 18 | b << 12 if a > b else b << 18 | a << 12) | (c << 6 | d if c > d else d << 6 | c)


def key_cards(keys: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """The canonical deal of each key: (N, 4) uint8, first hand then second, higher first."""
    keys = np.asarray(keys, dtype=np.uint32)
    return np.stack([(keys >> shift) & 63 for shift in (18, 12, 6, 0)], axis=1).astype(np.uint8)


# ---- reading the shipped tables -------------------------------------------------------------


class _HeadsUp:
    """The heads-up and class tables, and the key -> row map, made once."""

    FILE = HU_FILE

    def __init__(self, path: Path) -> None:
        with np.load(path) as hu:
            self.keys = hu["keys"]
            self.wins = hu["wins"]
            self.points = hu["points"]
            self.pairs = hu["pairs"]
        self.row_of = dict(zip(self.keys.tolist(), range(len(self.keys))))
        self.wins_list: list[tuple[int, int]] = [tuple(w) for w in self.wins.tolist()]


class _Multiway:
    """Each class against 1..9 random hands."""

    FILE = MULTIWAY_FILE

    def __init__(self, path: Path) -> None:
        with np.load(path) as multi:
            self.equity = multi["equity"]  # (169, 9): against 1..9 opponents
            self.se = multi["se"]
            self.samples = multi["samples"]  # (169, 9): 0 where exact
        self.class_sizes = np.bincount(class_of_ids(*np.triu_indices(52, 1)[::-1]), None, 169)


_Table = TypeVar("_Table", _HeadsUp, _Multiway)
_lock = threading.Lock()
_loaded: dict[str, Any] = {}


def _new_lock() -> None:
    """A child of fork() gets the lock as the parent had it: held, when another thread was
    reading a table, by a thread the child does not have (its first read waited for ever)."""
    global _lock
    _lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_new_lock)


def _load(kind: type[_Table]) -> _Table:
    """The table of `kind`, read from the package on first use; threads wait for one read."""
    table: _Table | None = _loaded.get(kind.FILE)
    if table is None:
        with _lock:
            table = _loaded.get(kind.FILE)
            if table is None:
                table = _loaded[kind.FILE] = kind(DATA / kind.FILE)
    return table


def heads_up() -> _HeadsUp:
    """The heads-up table (read on first use)."""
    return _load(_HeadsUp)


def multiway() -> _Multiway:
    """The table of each class against 1 to 9 random hands (read on first use)."""
    return _load(_Multiway)


def lookup(first: bytes, second: bytes, hands: tuple[str, ...] = ()) -> EquityResult:
    """Exact heads-up preflop result of two checked, disjoint 2-card hands, labelled `hands`."""
    a, b = first
    c, d = second
    forward, backward = _key(a, b, c, d), _key(c, d, a, b)
    hu = _load(_HeadsUp)
    if forward <= backward:
        one, two = hu.wins_list[hu.row_of[forward]]
    else:
        two, one = hu.wins_list[hu.row_of[backward]]
    ties = RUNOUTS - one - two
    # Built as exact_result builds a small spot's, without the frozen dataclass's __init__:
    # this lookup is a few microseconds, and its guarded field writes were a fifth of them.
    result = _NEW(EquityResult)
    fields = result.__dict__
    fields["equity"] = ((2 * one + ties) / (2 * RUNOUTS), (2 * two + ties) / (2 * RUNOUTS))
    fields["wins"] = (one, two)
    fields["ties"] = (ties, ties)
    fields["runs"] = RUNOUTS
    fields["exact"] = True
    fields["seed"] = None
    fields["categories"] = deferred_categories(lambda: _categories(first, second), 2)
    fields["hands"] = hands
    fields["won"] = None
    return result


def _categories(first: bytes, second: bytes) -> tuple[Any, ...]:
    """The two hands' categories, which the table does not hold: the exact run of every board
    in one core call (about a millisecond), made only when a caller reads them."""
    spot = small_spot(game_spec("holdem").code, "holdem", 2, 2, [first, second], b"", b"", 48, math.inf)
    assert spot is not None  # one deal of 1,712,304 boards is one chunk's work
    result = spot.run()
    assert result is not None
    return result.categories
