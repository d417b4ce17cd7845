"""Odds by the river: the chance of finishing with each category, hold'em, short deck and
Omaha (csrc/analysis.c).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from .. import _core
from .._checks import check_unique, whole_number
from ..cards import CardsLike, natural_cards
from ..games import game_spec
from ..rank import Category
from ._read import percent

__all__ = ["Odds", "odds"]


# The categories of hands without wild cards: HIGH_CARD .. ROYAL_FLUSH, the core's 0..9.
_NATURAL = tuple(Category(number) for number in range(10))


class Odds(Mapping[Category, float]):
    """The chance of finishing with each category by the river: ``Category -> probability``.

    Every category of a hand without wild cards is a key (zero where it cannot happen), so
    ``Category.FIVE_OF_A_KIND`` is not; the values sum to 1.  ``counts``
    holds the runouts behind each and ``runouts`` their total.

    >>> r = odds("AhKh", "2h7h9c")
    >>> round(r[Category.FLUSH], 4), r.counts[Category.FLUSH], r.runouts
    (0.3497, 378, 1081)
    """

    __slots__ = ("_counts", "_runouts", "game")
    _counts: tuple[int, ...]
    _runouts: int
    game: str
    """The game the odds are of."""

    def __init__(self, counts: Sequence[int], game: str) -> None:
        # Made by odds(), and again by pickle: one whole count of runouts a category, some.
        numbers = tuple(whole_number(c) for c in counts)
        if len(numbers) != len(_NATURAL) or any(n is None or n < 0 for n in numbers) or not any(numbers):
            raise ValueError(f"Odds takes {len(_NATURAL)} counts of runouts (whole, 0 or more, not all 0)")
        game = game_spec(game).name
        if game not in _ODDS_GAMES:
            raise ValueError(f"odds supports {', '.join(_ODDS_GAMES)}; not {game!r}")
        object.__setattr__(self, "_counts", numbers)
        object.__setattr__(self, "_runouts", sum(self._counts))
        object.__setattr__(self, "game", game)

    @property
    def counts(self) -> Mapping[Category, int]:
        """Runouts ending in each category."""
        return dict(zip(_NATURAL, self._counts))

    @property
    def runouts(self) -> int:
        """How many runouts were enumerated."""
        return self._runouts

    def __getitem__(self, category: Category) -> float:
        if category not in _NATURAL:
            raise KeyError(category)
        # A key equal to a category (5.0, numpy's 5) finds it, as in a dict.
        return self._counts[_NATURAL.index(category)] / self._runouts

    def __iter__(self) -> Iterator[Category]:
        return iter(_NATURAL)

    def __len__(self) -> int:
        return len(_NATURAL)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Odds is immutable")

    def __reduce__(self) -> tuple[type[Odds], tuple[tuple[int, ...], str]]:
        # pickle and copy would restore the slots through __setattr__, which refuses.
        return (Odds, (self._counts, self.game))

    def __repr__(self) -> str:
        shown = ", ".join(f"{c.name} {percent(self[c])}" for c in _NATURAL if self._counts[c])
        return f"<Odds {self.game} over {self._runouts:,} runouts: {shown}>"


_ODDS_GAMES = ("holdem", "shortdeck", "shortdeck-trips", "omaha")


def odds(
    hole: CardsLike, board: CardsLike | None = None, *, dead: CardsLike | None = None, game: str = "holdem"
) -> Odds:
    """The exact chance of finishing with each category by the river, over every runout.

    `board` is empty (preflop) or 3 to 5 cards, `dead` cards are out of play.  Games: holdem,
    shortdeck and shortdeck-trips (36 cards) and omaha (4 to 6 hole cards, exactly two played).
    From a four-flush on the flop:

    >>> r = odds("AhKh", "2h7h9c")
    >>> r  # doctest: +NORMALIZE_WHITESPACE
    <Odds holdem over 1,081 runouts: HIGH_CARD 23.3%, ONE_PAIR 33.3%, TWO_PAIR 7.2%,
     THREE_OF_A_KIND 1.2%, FLUSH 35.0%>
    >>> sum(r.values())
    1.0
    """
    spec = game_spec(game)
    if spec.name not in _ODDS_GAMES:
        raise ValueError(f"odds supports {', '.join(_ODDS_GAMES)}; not {spec.name!r}")
    hole_ids = natural_cards(hole, "hole cards", optional=False)
    want = (2, 2) if spec.hole is None else spec.hole
    if not want[0] <= len(hole_ids) <= want[1]:
        need = str(want[0]) if want[0] == want[1] else f"{want[0]} to {want[1]}"
        raise ValueError(f"{spec.name} deals {need} hole cards, got {len(hole_ids)}")
    board_ids = natural_cards(board, "board")
    dead_ids = natural_cards(dead, "dead cards")
    check_unique([("the hole cards", hole_ids), ("the board", board_ids), ("the dead cards", dead_ids)])
    if len(board_ids) not in (0, 3, 4, 5):
        raise ValueError(f"the board holds 0 or 3 to 5 cards, got {len(board_ids)}")
    rc, counts = _core.odds(spec.code, hole_ids, board_ids, dead_ids)
    if rc != 0:
        if rc == _core.ERR_COUNT:
            raise ValueError(f"not enough live cards to complete the board ({len(dead_ids)} dead)")
        if rc == _core.ERR_CARD:
            # The core refused a card below the deck: name the part it came in, not a
            # position counted over the hole cards, the board and the dead cards at once.
            off = spec.off_deck(
                [("the hole cards", hole_ids), ("the board", board_ids), ("the dead cards", dead_ids)]
            )
            if off is not None:
                raise off
        raise spec.error(rc, hole_ids + board_ids + dead_ids)
    return Odds(counts, spec.name)
