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

:mod:`pokereval.equity.preflop` reads them (:func:`pokereval.equity` plays two hands before
the flop from the heads-up table); this module gives the calls on them.
:mod:`pokereval.preflop_build` builds the tables again (``python tools/build_tables.py``, see
``docs/tables.md``), and :mod:`pokereval.dask` builds them on a cluster.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ._checks import as_int
from .cards import Card, CardsLike, card_ids, refuse_jokers
from .classes import HAND_CLASSES, class_index
from .equity.preflop import HANDS, MAX_OPPONENTS, RUNOUTS, heads_up, lookup, multiway
from .equity.result import EquityResult, hand_label

__all__ = [
    "HAND_CLASSES",
    "StartingHand",
    "class_equity",
    "preflop_equity",
    "starting_hand_rank",
]


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
    one, two = _hand_ids(first, "first"), _hand_ids(second, "second")
    refuse_jokers(one, first, "the first hand: ")
    refuse_jokers(two, second, "the second hand: ")
    if len(one) != 2 or len(two) != 2:
        which, ids = ("first", one) if len(one) != 2 else ("second", two)
        raise ValueError(f"the {which} hand has {len(ids)} card{'s' * (len(ids) != 1)}; a hold'em hand has 2")
    if one[0] in two or one[1] in two:
        raise ValueError(f"duplicate card {str(Card(one[0] if one[0] in two else one[1]))!r} in both hands")
    return lookup(one, two, (hand_label(first), hand_label(second)))


def _hand_ids(hand: CardsLike, which: str) -> bytes:
    """A hand's card ids; a hand class given for it ("AKs", "QQ") is named as one."""
    try:
        return card_ids(hand)
    except ValueError:
        if isinstance(hand, str):
            try:
                class_index(hand)
            except ValueError:
                pass
            else:
                raise ValueError(
                    f"the {which} hand {hand!r} is a hand class: preflop_equity takes two cards such as "
                    "'AsKs' (class_equity takes classes)"
                ) from None
        raise


def class_equity(first: str, second: str) -> float:
    """Equity of hand class `first` against class `second`, exact, averaged over every pair
    of their combos that share no card (each pair over all 1,712,304 boards).

    Two cards name their class ("AhKh" is AKs), so the answer is the class average, not that
    of those cards (:func:`preflop_equity` gives that), and two classes may share a card.

    >>> round(class_equity("AKs", "QQ"), 4)
    0.4605
    >>> class_equity("AhKh", "QhQd") == class_equity("AKs", "QQ")
    True
    >>> round(class_equity("AA", "AA"), 4)
    0.5
    """
    hu = heads_up()
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
    multi = multiway()
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
