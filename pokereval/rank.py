"""Hand strength: the Category enum and HandRank, the result of an evaluation."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from . import _core, _describe
from .cards import _CARDS, Card
from .games import GameSpec

__all__ = ["Category", "HandRank"]


class Category(IntEnum):
    """The ten categories of a high hand, weakest first (so they compare as they rank).

    >>> Category.FLUSH > Category.STRAIGHT
    True
    >>> Category(9).name
    'ROYAL_FLUSH'
    """

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9


_CATEGORIES = tuple(Category)


class HandRank:
    """How strong one hand is in one game: greater beats lesser, equal splits.

    Ranks of the same game (and the same half, for hi-lo) compare with all six
    operators; ``int(rank)`` is the value on the game's scale (1..7462 for hold'em).
    The cards that play and the sentence describing them are worked out on first use,
    so evaluating stays cheap.

    >>> from pokereval import evaluate
    >>> r = evaluate("Ks Kh Kd Qc Qs 2c 3d")
    >>> r.category, int(r)
    (<Category.FULL_HOUSE: 6>, 7283)
    >>> " ".join(map(str, r.best_five))
    'Ks Kh Kd Qc Qs'
    >>> r.describe()
    'Full house, kings full of queens'
    >>> r > evaluate("Qs Qh Qd As Ah")
    True
    """

    __slots__ = ("_best", "_ids", "_spec", "_value")
    # Most hands have no hole/board split and are no low half: those two facts live on
    # the class, and only _SplitRank instances carry their own, so that making the
    # common HandRank costs three attribute stores (see api.evaluate).
    _hole = 0
    _low = False
    _value: int
    _spec: GameSpec
    _ids: bytes | tuple[int, ...]  # the cards as given: bytes, or ints/Cards from evaluate's fast path
    _best: tuple[Card, ...]

    def __new__(
        cls, value: int, spec: GameSpec, ids: bytes | tuple[int, ...], hole: int = 0, *, low: bool = False
    ) -> HandRank:
        rank = object.__new__(_SplitRank if (hole or low) else HandRank)
        rank._value = value
        rank._spec = spec
        rank._ids = ids
        if hole or low:
            rank._hole = hole  # type: ignore[misc]  # a _SplitRank slot
            rank._low = low  # type: ignore[misc]
        return rank

    # ---- what it is -------------------------------------------------------------------

    @property
    def value(self) -> int:
        """The value on the game's scale: greater is stronger.

        >>> from pokereval import evaluate
        >>> evaluate("As Ks Qs Js Ts").value
        7462
        """
        return self._value

    @property
    def game(self) -> str:
        """The game this rank belongs to.

        >>> from pokereval import evaluate
        >>> evaluate("As Ks Qs Js Ts").game
        'holdem'
        """
        return self._spec.name

    @property
    def is_low(self) -> bool:
        """True for the low half of a hi-lo result.

        >>> from pokereval import evaluate
        >>> hi, lo = evaluate("As 2s Kd Qd", "3c 4h 5c Jd 9s", game="omaha-hilo")
        >>> hi.is_low, lo.is_low
        (False, True)
        """
        return self._low

    @property
    def category(self) -> Category | None:
        """The category, for games that have them (None for badugi and for lows).

        >>> from pokereval import evaluate
        >>> evaluate("2c 3d 4h 5s As").category
        <Category.STRAIGHT: 4>
        """
        if self._low or not self._spec.has_category:
            return None
        number = _core.category(self._spec.code, self._value)
        return _CATEGORIES[number] if number >= 0 else None

    @property
    def best_five(self) -> tuple[Card, ...]:
        """The cards that play, in reading order (fewer than five for badugi).

        >>> from pokereval import evaluate
        >>> " ".join(map(str, evaluate("2c 3d 4h 5s As Kd").best_five))
        '5s 4h 3d 2c As'
        """
        try:
            return self._best
        except AttributeError:
            hi_pos, lo_pos = _core.best_cards(self._spec.code, bytes(self._ids), self._hole)
            pos = lo_pos if self._low else hi_pos
            self._best = tuple(_CARDS[self._ids[i]] for i in pos)
            return self._best

    def describe(self, lang: str = "en") -> str:
        """The hand in words, in English ("en"), Russian ("ru") or Bulgarian ("bg").

        >>> from pokereval import evaluate
        >>> evaluate("Ks Kh Kd Qc Qs").describe("ru")
        'Фулл-хаус: три короля и две дамы'
        >>> evaluate("8c 6d 4h 2s As 8d Kc", game="razz").describe()
        '8-6-4-2-A low'
        """
        _describe.check_lang(lang)
        ranks = [card.rank for card in self.best_five]
        name = self._spec.name
        if self._low:
            return _describe.describe_low(ranks, lang)
        if name == "badugi":
            return _describe.describe_badugi(ranks, lang)
        category = self.category
        assert category is not None
        if name == "razz":
            return _describe.describe_low(ranks, lang, category=int(category))
        if name == "deuce-seven":
            return _describe.describe_deuce_seven(int(category), ranks, lang)
        return _describe.describe_high(int(category), ranks, lang)

    # ---- comparing --------------------------------------------------------------------

    def _key(self, other: object) -> int | None:
        if not isinstance(other, HandRank):
            return None
        if other._spec is not self._spec or other._low != self._low:
            raise TypeError(f"cannot compare a {self._label()} rank with a {other._label()} rank")
        return other._value

    def _label(self) -> str:
        return self._spec.name + (" low" if self._low else "")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return other._spec is self._spec and other._low == self._low and other._value == self._value

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __lt__(self, other: HandRank) -> bool:
        v = self._key(other)
        return NotImplemented if v is None else self._value < v

    def __le__(self, other: HandRank) -> bool:
        v = self._key(other)
        return NotImplemented if v is None else self._value <= v

    def __gt__(self, other: HandRank) -> bool:
        v = self._key(other)
        return NotImplemented if v is None else self._value > v

    def __ge__(self, other: HandRank) -> bool:
        v = self._key(other)
        return NotImplemented if v is None else self._value >= v

    def __hash__(self) -> int:
        return hash((self._spec.name, self._low, self._value))

    def __int__(self) -> int:
        return self._value

    def __index__(self) -> int:
        return self._value

    def __repr__(self) -> str:
        category = self.category
        label = f" {category.name}" if category is not None else ""
        cards = " ".join(map(str, self.best_five))
        return f"<HandRank {self._label()} {self._value}{label} [{cards}]>"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self._value, self._spec.name, self._ids, self._hole, self._low))


class _SplitRank(HandRank):
    """A HandRank of an Omaha hand (hole/board split) or of a low half."""

    __slots__ = ("_hole", "_low")


def _rebuild(value: int, game: str, ids: bytes | tuple[int, ...], hole: int, low: bool) -> HandRank:
    from .games import game_spec

    return HandRank(value, game_spec(game), ids, hole, low=low)
