"""What :func:`pokereval.equity` returns: each hand's share of the pots, and the categories
it makes them with.  The bottom of the equity rooms: the preflop table below equity
(pokereval/tables.py) returns these too.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .. import _core
from ..rank import Category

__all__ = ["CategoryShare", "EquityResult", "categories_of", "exact_result"]


class CategoryShare(NamedTuple):
    """How often a player's final hand is in one category, and what it wins with it.

    ``share`` is the fraction of runouts (weighted like equity) in which the player's
    hand ends in the category; ``won`` the fraction of the pot the player wins with
    hands of that category, so a player's ``won`` add up to its equity.

    >>> from pokereval import equity
    >>> r = equity(["AsAd", "KhKc"], board="2c7d9hJs")
    >>> r.categories[1][Category.THREE_OF_A_KIND]   # two kings of 44 rivers
    CategoryShare(share=0.045454545454545456, won=0.045454545454545456)
    """

    share: float
    won: float


@dataclass(frozen=True)
class EquityResult:
    """What :func:`equity` found, one entry per hand in the order given.

    ``equity[i]`` is hand i's share of the pots (a split pot is shared equally; the
    shares sum to 1).  ``wins[i]`` counts the runouts where hand i took the whole pot and
    ``ties[i]`` those where it took part of it; ``runs`` is how many runouts were played
    (with ranges: deals times runouts, unweighted).  ``exact`` says whether every runout
    was played; ``seed`` is the Monte Carlo seed used (None when exact).
    ``categories[i]`` maps each :class:`Category` to hand i's :class:`CategoryShare`
    (Omaha hi-lo files a pot won with the low under the category of the high hand).
    ``hands[i]`` is hand i as it was given, as text (cards, range text, a Range's
    notation), for tables such as the notebook's; empty for a result built by hand.

    >>> from pokereval import equity
    >>> r = equity(["AsAd", "KhKc"], board="2c7d9hJs3s")
    >>> r.equity, r.wins, r.runs, r.exact
    ((1.0, 0.0), (1, 0), 1, True)
    >>> r.categories[0][Category.ONE_PAIR].won
    1.0
    >>> equity(["AsAd", "QQ+,AKs"], board="2c7d9hJs").hands
    ('AsAd', 'QQ+,AKs')
    """

    equity: tuple[float, ...]
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    runs: int
    exact: bool
    seed: int | None = None
    categories: tuple[Mapping[Category, CategoryShare], ...] = field(default=(), repr=False, compare=False)
    hands: tuple[str, ...] = field(default=(), repr=False, compare=False)


_NEW_RESULT = object.__new__


def exact_result(
    equity: tuple[float, ...],
    wins: tuple[int, ...],
    ties: tuple[int, ...],
    runs: int,
    categories: tuple[Mapping[Category, CategoryShare], ...],
) -> EquityResult:
    """``EquityResult(equity, wins, ties, runs, exact=True, categories=categories)``, built
    without the frozen dataclass's ``__init__``: its eight guarded field writes cost a
    microsecond, a third of the Python of a small spot asked again."""
    result = _NEW_RESULT(EquityResult)
    result.__dict__.update(
        equity=equity, wins=wins, ties=ties, runs=runs, exact=True, seed=None, categories=categories, hands=()
    )
    return result


_CATEGORIES = tuple(Category)  # iterating the enum itself costs microseconds a call
_NEW_SHARE = tuple.__new__
_NONE = CategoryShare(0.0, 0.0)


class _Shares(Mapping[Category, CategoryShare]):
    """One player's :class:`CategoryShare` of every :class:`Category`, read-only, worked
    out from the core's totals when first read: most callers of ``equity`` never look,
    and twenty shares cost more than the rest of a small spot's result."""

    __slots__ = ("_built", "_raw")

    def __init__(
        self, raw: tuple[Any, int, float] | None, built: dict[Category, CategoryShare] | None = None
    ) -> None:
        self._raw = raw  # (totals, the player's first field, runs); None when built is given
        self._built = built

    def _table(self) -> dict[Category, CategoryShare]:
        built = self._built
        if built is None:
            totals, base, runs = self._raw  # type: ignore[misc]
            cats, won = base + _core.EQ_CATS, base + _core.EQ_CAT_WON
            counted = _core.EQ_CAT_WON - _core.EQ_CATS
            pot = runs * _core.EQ_UNIT
            built = {
                cat: _NEW_SHARE(
                    CategoryShare, (float(totals[cats + cat]) / runs, float(totals[won + cat]) / pot)
                )
                if cat < counted
                else _NONE
                for cat in _CATEGORIES
            }
            self._built = built  # _raw stays: a thread that found no table yet still reads it
        return built

    def __getitem__(self, cat: Category) -> CategoryShare:
        return self._table()[cat]

    def __iter__(self) -> Iterator[Category]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(_CATEGORIES)

    def __repr__(self) -> str:
        return repr(self._table())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Shares, (None, self._table()))


def categories_of(totals: Any, players: int, runs: float) -> tuple[Mapping[Category, CategoryShare], ...]:
    """Every Category for every player; the core counts the ten natural ones (the
    others, such as five of a kind with wild cards, never happen here).  `totals` is
    read when a player's shares are first looked at, so it must not change after."""
    fields = _core.EQ_FIELDS
    return tuple([_Shares((totals, p * fields, runs)) for p in range(players)])
