"""Preflop tables shipped with pokereval, read on first use: exact heads-up matchups, hand
classes against each other and against 1 to 9 random hands.

Two files in ``pokereval/data/`` hold them; each is read the first time a lookup needs it
(once per process, under a lock):

- ``preflop_hu.npz``: every heads-up matchup of two concrete hold'em hands, exact over all
  1,712,304 boards.  Two matchups that differ only by a renaming of the suits have the same
  result, and so do (A, B) and (B, A) with the players swapped, so the table keeps one row per
  class: 47,008 rows (93,769 ordered classes) for the 812,175 pairs of hands.  A row holds the
  class's canonical key and the wins of both hands; the ties are the rest of the boards.
  It also holds the 169 x 169 table of hand classes ("AKs" against "QQ"), summed over every
  pair of their combos that share no card.
- ``preflop_multiway.npz``: each of the 169 classes against 1 to 9 random hands.  One
  opponent is exact (from the heads-up table); two to nine are seeded Monte Carlo over every
  board (only the opponents' cards are sampled, csrc/preflop.c), with the samples and the
  standard error stored beside each value.

A class key names the matchup after renaming the suits so that the canonical deal comes out:
each suit gets a signature (the ranks it holds in the first hand, then in the second), the
suits are put in decreasing order of signature and renamed 0, 1, 2, 3 in that order.  Two
suits with equal signatures hold the same ranks for the same hands, so the order between them
changes nothing.  The key packs the renamed cards, higher first in each hand, into 24 bits.

This module reads; :mod:`pokereval.preflop_build` builds the tables again (``python
tools/build_tables.py``, see ``docs/tables.md``), and :mod:`pokereval.dask` builds them on a
cluster.  The preflop lookup sits below :func:`pokereval.equity`, which uses it for two hands
before the flop.
"""

from __future__ import annotations

import math
import threading
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

import numpy as np

from ._checks import as_int
from .cards import Card, CardsLike, card_ids, refuse_jokers
from .classes import HAND_CLASSES, class_index, class_of_ids
from .equity.result import EquityResult, hand_label

__all__ = [
    "HAND_CLASSES",
    "StartingHand",
    "class_equity",
    "preflop_equity",
    "starting_hand_rank",
]

RUNOUTS = math.comb(48, 5)
"""Boards of a heads-up preflop matchup: 5 of the 48 cards left."""

DATA = Path(__file__).resolve().parent / "data"
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


def _load(kind: type[_Table]) -> _Table:
    """The table of `kind`, read from the package on first use; threads wait for one read."""
    table: _Table | None = _loaded.get(kind.FILE)
    if table is None:
        with _lock:
            table = _loaded.get(kind.FILE)
            if table is None:
                table = _loaded[kind.FILE] = kind(DATA / kind.FILE)
    return table


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
    return EquityResult(
        equity=((2 * one + ties) / (2 * RUNOUTS), (2 * two + ties) / (2 * RUNOUTS)),
        wins=(one, two),
        ties=(ties, ties),
        runs=RUNOUTS,
        exact=True,
        hands=hands,
    )


def preflop_equity(first: CardsLike, second: CardsLike) -> EquityResult:
    """Exact heads-up all-in equity of two hold'em hands before the flop, from the shipped table.

    The same :class:`~pokereval.EquityResult` as ``equity([first, second])`` (which uses this
    table itself), in microseconds.

    >>> r = preflop_equity("AsKs", "QdQc")
    >>> r.wins, r.ties, r.runs, r.hands
    ((787966, 917606), (6732, 6732), 1712304, ('AsKs', 'QdQc'))
    >>> round(r.equity[0], 4)
    0.4621
    >>> preflop_equity("AsKs", "AsQd")
    Traceback (most recent call last):
    ...
    ValueError: duplicate card 'As' in both hands
    """
    one, two = card_ids(first), card_ids(second)
    refuse_jokers(one, first, "the first hand: ")
    refuse_jokers(two, second, "the second hand: ")
    if len(one) != 2 or len(two) != 2:
        which, ids = ("first", one) if len(one) != 2 else ("second", two)
        raise ValueError(f"the {which} hand has {len(ids)} card{'s' * (len(ids) != 1)}; a hold'em hand has 2")
    if one[0] in two or one[1] in two:
        raise ValueError(f"duplicate card {str(Card(one[0] if one[0] in two else one[1]))!r} in both hands")
    return lookup(one, two, (hand_label(first), hand_label(second)))


def class_equity(first: str, second: str) -> float:
    """Equity of hand class `first` against class `second`, exact, averaged over every pair
    of their combos that share no card (each pair over all 1,712,304 boards).

    >>> round(class_equity("AKs", "QQ"), 4)
    0.4605
    >>> round(class_equity("AA", "AA"), 4)
    0.5
    """
    hu = _load(_HeadsUp)
    i, j = class_index(first), class_index(second)
    return float(hu.points[i, j] / (2 * RUNOUTS * int(hu.pairs[i, j])))


class StartingHand(NamedTuple):
    """Where a starting hand stands at a table of `players`, by its all-in equity against
    ``players - 1`` random hands (see :func:`starting_hand_rank`)."""

    hand: str
    """The class, such as "AKs"."""
    rank: int
    """1 (the strongest) .. 169."""
    percentile: float
    """Percentage of the 1,326 starting hands that are no stronger than this one (AA: 100)."""
    equity: float
    """Equity against ``players - 1`` random hands."""
    stderr: float
    """Standard error of `equity` (0.0 where exact: heads-up)."""
    samples: int
    """Monte Carlo deals behind `equity` (0 where exact)."""


def starting_hand_rank(hand: object, *, players: int = 2) -> StartingHand:
    """Rank (1..169) and percentile of a starting hand at a table of 2..10 `players`.

    Hands are ranked by their equity when all in against ``players - 1`` random hands:
    exact heads-up, seeded Monte Carlo beyond (its standard error comes along).  `hand` is a
    class ("AKs", "QQ", "T9o") or two cards.

    >>> starting_hand_rank("AA", players=6).rank
    1
    >>> s = starting_hand_rank("AKs", players=2)
    >>> s.rank, round(s.percentile, 2), round(s.equity, 4), s.stderr
    (8, 96.83, 0.6704, 0.0)
    """
    players = as_int(players, "players")  # numpy integers too; never a bool
    if not 2 <= players <= MAX_OPPONENTS + 1:
        raise ValueError(f"players must be 2 to {MAX_OPPONENTS + 1}, got {players}")
    index = class_index(hand)
    multi = _load(_Multiway)
    column = multi.equity[:, players - 2]
    order = np.argsort(-column, kind="stable")
    place = int(np.flatnonzero(order == index)[0])
    no_stronger = int(multi.class_sizes[order[place:]].sum())
    return StartingHand(
        hand=HAND_CLASSES[index],
        rank=place + 1,
        percentile=100.0 * no_stronger / HANDS,
        equity=float(column[index]),
        stderr=float(multi.se[index, players - 2]),
        samples=int(multi.samples[index, players - 2]),
    )
