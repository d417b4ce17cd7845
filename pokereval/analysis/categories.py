"""Category tables: how often a random hand of 5, 6 or 7 cards is in each category, in
hold'em, short deck, stud, razz and deuce-to-seven (csrc/analysis.c).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from .. import _core, _words
from .._checks import whole_number
from ..games import GameSpec, game_spec, span_text
from ..rank import Category

__all__ = ["CategoryRow", "CategoryTable", "category_table"]


@dataclass(frozen=True)
class CategoryRow:
    """One category of a :class:`CategoryTable`: hands, probability, and odds against as x to 1.

    >>> row = category_table(5)[Category.FLUSH]
    >>> row.count, round(row.probability, 6), round(row.odds_against, 2)
    (5108, 0.001965, 507.8)
    """

    category: Category
    count: int
    probability: float
    odds_against: float


@dataclass(frozen=True, repr=False)
class CategoryTable:
    """How often a random hand falls in each category, with the conditions it was counted under.

    ``deck`` cards in the deck, ``cards`` dealt, the best five of them playing; ``hands`` is the
    number of hands counted (every one).  ``rows`` lists the categories the game has, weakest
    first (by the game's order: in the short deck a flush beats a full house).

    >>> t = category_table(7)
    >>> t.hands, t[Category.ROYAL_FLUSH].count
    (133784560, 4324)
    """

    game: str
    deck: int
    cards: int
    rows: tuple[CategoryRow, ...]

    @property
    def hands(self) -> int:
        """The number of hands counted: C(deck, cards).

        >>> category_table(5, game="shortdeck").hands
        376992
        """
        return sum(row.count for row in self.rows)

    @property
    def conditions(self) -> str:
        """What was counted, in words.

        >>> print(category_table(7, game="razz").conditions)  # doctest: +NORMALIZE_WHITESPACE
        razz: every 7-card hand of a 52-card deck, classed by its best five
        (A-5 low: pairs count against, straights and flushes do not)
        """
        return self.describe()

    def describe(self, lang: str = "en") -> str:
        """:attr:`conditions` in English ("en"), Russian ("ru") or Bulgarian ("bg").

        >>> category_table(5).describe("en") == category_table(5).conditions
        True
        """
        return _words.describe_counting(self.game, self.cards, self.deck, lang)

    def __getitem__(self, category: Category) -> CategoryRow:
        for row in self.rows:
            if row.category == category:
                return row
        raise KeyError(category)

    def __iter__(self) -> Iterator[CategoryRow]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __repr__(self) -> str:
        lines = [f"<CategoryTable {self.conditions}; {self.hands:,} hands"]
        for row in reversed(self.rows):
            share, against = f"{row.probability:>10.6%}", f"{_words.odds_against(row.odds_against):>16}"
            lines.append(f"  {row.category.name:<16}{row.count:>14,}  {share}  {against}")
        return "\n".join(lines) + ">"


_TABLE_GAMES = {
    "holdem": (5, 7),
    "stud": (5, 7),
    "shortdeck": (5, 7),
    "shortdeck-trips": (5, 7),
    "razz": (5, 7),
    "deuce-seven": (5, 5),
}


def category_table(cards: int = 7, *, game: str = "holdem") -> CategoryTable:
    """Counts, probabilities and odds of each category for a random hand, enumerated by the core.

    Every `cards`-card hand of the game's deck is valued and its best five classed: holdem
    and stud 5 to 7 of 52 cards, shortdeck and shortdeck-trips 5 to 7 of 36, razz 5 to 7 (its pairing classes:
    straights and flushes do not count), deuce-seven 5 (straights and flushes count).

    >>> t = category_table(5)
    >>> [(row.category.name, row.count) for row in t][-3:]
    [('FOUR_OF_A_KIND', 624), ('STRAIGHT_FLUSH', 36), ('ROYAL_FLUSH', 4)]
    >>> round(category_table(7)[Category.ONE_PAIR].probability, 4)
    0.4382
    """
    spec = game_spec(game)
    span = _TABLE_GAMES.get(spec.name)
    if span is None:
        raise ValueError(f"category_table supports {', '.join(_TABLE_GAMES)}; not {spec.name!r}")
    count = whole_number(cards)  # numpy's integers too, as everywhere an int goes; no bool
    if count is None:
        raise TypeError(f"cards must be an int, got {type(cards).__name__}")
    cards = count
    if not span[0] <= cards <= span[1]:
        raise ValueError(f"cards: {spec.name} deals {span_text(span)} cards, got {cards}")
    rc, counts = _core.category_counts(spec.code, cards)
    if rc != 0:  # pragma: no cover  (checked above)
        raise _core.error(rc, f"category_table: core error {rc}")
    deck = spec.deck_size
    total = math.comb(deck, cards)
    # The categories the game has, in its own order (the short deck's flush beats its full house).
    floors = _category_floors(spec)
    rows = tuple(
        CategoryRow(
            c, counts[c], counts[c] / total, (total - counts[c]) / counts[c] if counts[c] else math.inf
        )
        for c in sorted(map(Category, floors), key=floors.__getitem__)
    )
    return CategoryTable(spec.name, deck, cards, rows)


def _category_floors(spec: GameSpec) -> dict[int, int]:
    """Each category the game has -> its lowest value on the game's scale."""
    floors = _FLOORS.get(spec.name)
    if floors is None:
        floors = {}
        for value in range(spec.top, 0, -1):
            floors[_core.category(spec.code, value)] = value
        _FLOORS[spec.name] = floors
    return floors


_FLOORS: dict[str, dict[int, int]] = {}
