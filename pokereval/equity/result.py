"""What :func:`pokereval.equity` returns: each hand's share of the pots, and the categories
it makes them with.  The bottom of the equity rooms: the preflop table below equity
(pokereval/tables.py) returns these too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .. import _core
from ..cards import Card, CardsLike, parse_cards
from ..ranges import Range
from ..rank import Category

__all__ = [
    "CategoryShare",
    "EquityResult",
    "categories_of",
    "deferred_categories",
    "exact_result",
    "hand_label",
    "label_cards",
    "won_shares",
]


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
    (with ranges: deals times runouts).  The three are counts, unweighted: with weighted
    ranges ``equity`` weighs each deal and the counts do not; :attr:`win` and :attr:`tie` are
    the chances, weighted as ``equity`` is (``won`` holds them when they are not the counts
    over ``runs``).  ``exact`` says whether every runout
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
    # With weighted ranges in an exact run, or runs of their own weights in Monte Carlo: each
    # hand's share of runouts won whole and shared, weighted like equity, 2 * i and 2 * i + 1
    # (None: the counts over runs are the shares).
    won: tuple[float, ...] | None = field(default=None, repr=False, compare=False)

    @property
    def win(self) -> tuple[float, ...]:
        """Each hand's chance of taking the whole pot, weighted like ``equity``: ``wins[i] /
        runs``, except in an exact run with weighted ranges, where the counts take every
        deal once and this weighs each deal as equity does.

        >>> from pokereval import equity
        >>> r = equity(["AsKs", "QQ:0.01, JhTh"], board="Ts 7s 6h")
        >>> round(r.win[0], 4), round(r.wins[0] / r.runs, 4)
        (0.518, 0.5302)
        """
        if self.won is not None:
            return self.won[0::2]
        runs = self.runs or 1
        return tuple(w / runs for w in self.wins)

    @property
    def tie(self) -> tuple[float, ...]:
        """Each hand's chance of sharing the pot, weighted as :attr:`win` is."""
        if self.won is not None:
            return self.won[1::2]
        runs = self.runs or 1
        return tuple(t / runs for t in self.ties)


def hand_label(hand: CardsLike | Range) -> str:
    """A hand as it was given, as text (``EquityResult.hands``): range text as written with
    its spaces evened, a Range's notation, cards as their names.

    >>> hand_label("As  Kd"), hand_label(Range("AKs")), hand_label([51, 47])
    ('As Kd', 'AKs', 'As Ks')
    """
    if isinstance(hand, Range):
        return str(hand)
    if isinstance(hand, str):
        return " ".join(hand.split())
    return " ".join(map(str, parse_cards(hand)))


def label_cards(label: str) -> tuple[Card, ...] | None:
    """The cards a hand's label (``EquityResult.hands``) draws as, or None when it is to be
    shown as the text it is: text that is no cards, or range text of several hands.  Range
    text lists its hands between commas, so ``"KhKc,QsQd"`` reads as four cards too: a
    hold'em hand of four cards is no hand, and equity plays it as the two combos it names.

    >>> label_cards("As Kd"), label_cards("As, Kd"), label_cards("KhKc,QsQd"), label_cards("QQ+")
    ((Card('As'), Card('Kd')), (Card('As'), Card('Kd')), None, None)
    >>> label_cards("JK")  # the range KJ, not a joker

    """
    try:
        cards = parse_cards(label)
    except (TypeError, ValueError):
        return None
    if any(card.is_joker for card in cards):
        # "JK" spells a joker and the class KJ: no joker plays in equity, so the range.
        try:
            Range(label)
        except ValueError:
            return cards
        return None
    if "," in label:
        for game in ("holdem", "omaha"):
            try:
                Range(label, game=game)
            except ValueError:
                continue
            return None
    return cards


_NEW = object.__new__
_FIELDS: int = _core.EQ_FIELDS
_UNIT: int = _core.EQ_UNIT


_FIRST_FIELDS = {players: tuple(range(0, players * _FIELDS, _FIELDS)) for players in range(2, 11)}


def exact_result(out: tuple[Any, ...], players: int, hands: tuple[str, ...] = ()) -> EquityResult:
    """The exact EquityResult of a small spot's core call (``_core.equity_exact_ranges``:
    ``(0, equity, wins, ties, runs, weighted runs, weighted totals)``, the totals bytes of
    ``players * EQ_FIELDS + 1`` doubles), labelled with `hands`.

    Built without the frozen dataclass's ``__init__``, whose eight guarded field writes
    cost a microsecond: on a small spot asked again, building the result was most of the
    Python around the core call."""
    _, shares, wins, ties, runs, weighted_runs, totals = out
    result = _NEW(EquityResult)
    fields = result.__dict__  # written in the order of the class's fields, as __init__ does
    fields["equity"] = shares
    fields["wins"] = wins
    fields["ties"] = ties
    fields["runs"] = runs
    fields["exact"] = True
    fields["seed"] = None
    fields["categories"] = categories_of(totals, players, weighted_runs)
    fields["hands"] = hands
    # The rows' weights are scaled to at most 1, so the weighted runs equal the plain count
    # only when every deal weighs 1: then wins / runs are the shares already.
    fields["won"] = (
        None if weighted_runs == runs else won_shares(memoryview(totals).cast("d"), players, weighted_runs)
    )
    return result


def equities_of(totals: Any, players: int, runs: float) -> tuple[float, ...]:
    """Each player's equity from the core's totals whose (weighted) runs are `runs`: the
    pot units won over the units handed out, as pokereval.h defines it.  The small spot's
    C entry (_fastcall.exact_ranges) reads it the same way; every other path reads here."""
    pot = runs * _UNIT
    return tuple(float(totals[first + _core.EQ_SHARE]) / pot for first in _FIRST_FIELDS[players])


def won_shares(totals: Any, players: int, runs: float) -> tuple[float, ...]:
    """Each player's weighted share of runouts won whole and shared (EquityResult.won) from
    the core's weighted totals, whose runs are `runs`."""
    return tuple(
        float(totals[p * _FIELDS + field]) / runs
        for p in range(players)
        for field in (_core.EQ_WINS, _core.EQ_TIES)
    )


_CATEGORIES = tuple(Category)  # iterating the enum itself costs microseconds a call
_NEW_SHARE = tuple.__new__
_NONE = CategoryShare(0.0, 0.0)


class _Lazy(Mapping[Category, CategoryShare]):
    """A player's :class:`CategoryShare` of every :class:`Category`, worked out by ``_table``
    when first read; pickled as the table."""

    __slots__ = ()

    def _table(self) -> Mapping[Category, CategoryShare]:
        raise NotImplementedError

    def __getitem__(self, cat: Category) -> CategoryShare:
        return self._table()[cat]

    def __iter__(self) -> Iterator[Category]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(_CATEGORIES)

    def __repr__(self) -> str:
        return repr(self._table())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Shares, (None, dict(self._table())))


class _Shares(_Lazy):
    """One player's :class:`CategoryShare` of every :class:`Category`, read-only, worked
    out from the core's totals when first read: most callers of ``equity`` never look,
    and twenty shares cost more than the rest of a small spot's result."""

    __slots__ = ("_state",)

    def __init__(
        self, raw: tuple[Any, int, float] | None, built: dict[Category, CategoryShare] | None = None
    ) -> None:
        # (totals, the player's first field, runs) until first read, then the table: one
        # slot, so that a thread reads one or the other whole.  `raw` is None only when
        # unpickled (__reduce__), with the table built.
        state = raw if built is None else built
        self._state: tuple[Any, int, float] | dict[Category, CategoryShare] = state  # type: ignore[assignment]

    def _table(self) -> dict[Category, CategoryShare]:
        state = self._state
        if isinstance(state, dict):
            return state
        totals, base, runs = state
        if totals.__class__ is bytes:  # a small spot's totals (exact_result)
            totals = memoryview(totals).cast("d")
        cats, won = base + _core.EQ_CATS, base + _core.EQ_CAT_WON
        counted = _core.EQ_CAT_WON - _core.EQ_CATS
        pot = runs * _UNIT
        built = {
            cat: _NEW_SHARE(CategoryShare, (float(totals[cats + cat]) / runs, float(totals[won + cat]) / pot))
            if cat < counted
            else _NONE
            for cat in _CATEGORIES
        }
        self._state = built
        return built


class _Deferred(_Lazy):
    """One player's :class:`CategoryShare` of every :class:`Category` from a run made only when
    first read (the heads-up preflop table holds wins alone): `box` is ``[work, None]``, shared
    by the result's players, and ``work()`` gives every player's mapping, kept in ``box[1]``.
    Two threads reading at once may both run it; the answers are the same."""

    __slots__ = ("_box", "_player")  # set by deferred_categories, without an __init__ frame
    _box: list[Any]
    _player: int

    def _table(self) -> Mapping[Category, CategoryShare]:
        box = self._box
        done = box[1]
        if done is None:
            done = box[1] = box[0]()
        return done[self._player]  # type: ignore[no-any-return]


def deferred_categories(
    work: Callable[[], tuple[Mapping[Category, CategoryShare], ...]], players: int
) -> tuple[Mapping[Category, CategoryShare], ...]:
    """``EquityResult.categories`` of `players` players, worked out by `work` when first read."""
    box: list[Any] = [work, None]
    shares = []
    for player in range(players):
        one = _NEW(_Deferred)  # without __init__'s frame: the preflop table's lookup is microseconds
        one._box, one._player = box, player
        shares.append(one)
    return tuple(shares)


def categories_of(totals: Any, players: int, runs: float) -> tuple[Mapping[Category, CategoryShare], ...]:
    """Every Category for every player; the core counts the ten natural ones (the
    others, such as five of a kind with wild cards, never happen here).  `totals` is
    read when a player's shares are first looked at, so it must not change after."""
    shares = []
    for first in _FIRST_FIELDS[players]:
        one = _NEW(_Shares)  # without calling the class: its __init__ would cost a frame a player
        one._state = (totals, first, runs)
        shares.append(one)
    return tuple(shares)
