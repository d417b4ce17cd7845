"""Hand strength: the Category enum and HandRank, the result of an evaluation."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from . import _core, _words
from ._checks import check_flag, whole_number
from .cards import CARDS, Card, CardsLike, card_ids
from .games import GAMES, GameSpec, game_spec

__all__ = ["Category", "HandRank"]


class Category(IntEnum):
    """The categories of a high hand, weakest first in hold'em's order: there they compare
    as they rank.  Other games order some categories otherwise, and their hands compare by
    value, never by category: in short deck a flush beats a full house (and in
    ``"shortdeck-trips"`` trips beat a straight), and in 2-7 the weaker category wins.

    FIVE_OF_A_KIND exists only with wild cards (``evaluate(..., wild=...)``).

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
    FIVE_OF_A_KIND = 10

    def describe(self, lang: str = "en") -> str:
        """The category's name in English ("en"), Russian ("ru") or Bulgarian ("bg").

        >>> Category.FULL_HOUSE.describe(), Category.FULL_HOUSE.describe("ru")
        ('Full house', 'Фулл-хаус')
        >>> Category.STRAIGHT.describe("bg")
        'Кента'
        """
        return _words.category_name(self, lang)


_CATEGORIES = tuple(Category)

_DOC = """How strong one hand is in one game: greater beats lesser, equal splits.

A HandRank behaves as its value, the int on the game's scale (1..7462 for hold'em): it
compares with ints (and with ranks of its own game) by ==, <, >, hashes as the value, and
``int(rank)``, ``operator.index(rank)`` and ``lst[rank]`` take the value.  Ranks of
different games, or a high and a low half, have no common scale: ordering them raises
TypeError and ``==`` is False (as for naive and aware datetimes).  In hi-lo games the rank
is the high hand and ``.low`` the low one (None when no low qualifies, and in every other
game).  The cards that play and the words are worked out on first use, so evaluating
stays cheap; the garbage collector does not track ranks (see pokereval/_fastcall.c).

>>> from pokereval import evaluate
>>> r = evaluate("Ks Kh Kd Qc Qs 2c 3d")
>>> r.category, r.value, r == 7283, r > 7000
(<Category.FULL_HOUSE: 6>, 7283, True, True)
>>> " ".join(map(str, r.best_five)), r.describe()
('Ks Kh Kd Qc Qs', 'Full house, kings full of queens')
>>> r > evaluate("Qs Qh Qd As Ah")
True
"""


HandRank = _core.HandRank
"""How strong one hand is in one game: the result of :func:`pokereval.evaluate`.

The type is defined in C (pokereval/_fastcall.c) so that the garbage collector does not
track it; the parts below, written in Python, are added to it at import.
"""


def _new(
    cls: type[HandRank],
    value: int,
    game: str | GameSpec = "holdem",
    cards: CardsLike = b"",
    hole: int = 0,
    *,
    low: int = 0,
    is_low: bool = False,
    wild: str | None = None,
) -> HandRank:
    """HandRank(value, game="holdem", cards=b"", hole=0, *, low=0, is_low=False).

    Makes a rank from a value the core gave.  The cards are optional, but best_five and
    describe need them; `hole` counts the hole cards among them in Omaha.  ``low=`` is a
    hi-lo high hand's low value (0 for none) and ``is_low=True`` makes a low half.

    >>> HandRank(7462).category, HandRank(7462) == 7462
    (<Category.ROYAL_FLUSH: 9>, True)
    >>> HandRank(70000)
    Traceback (most recent call last):
    ...
    ValueError: value 70000 is outside the holdem scale 1..7462
    """
    spec = game_spec(game)
    if is_low is not False and is_low is not True:  # the calls from the library pass a bool
        is_low = bool(check_flag(is_low, "is_low"))
    ids = cards if type(cards) is bytes else card_ids(cards)
    wild_code = wild_mode(spec, wild)
    if is_low and not spec.hilo:
        raise ValueError(f"is_low=True makes the low half of a hi-lo hand; {spec.name} has no low hand")
    # Five of a kind, made only with wild cards, sits above the top: deuces to aces.
    top = _low_top(spec) if is_low else spec.wild_top if wild_code else spec.top
    number = whole_number(value)  # numpy's integers too: a batch's values
    if number is None:
        raise TypeError(f"value must be an int, got {type(value).__name__}")
    value = number
    if not 1 <= value <= top:
        half = "low " if is_low else ""
        raise ValueError(f"value {value} is outside the {spec.name} {half}scale 1..{top}")
    number = whole_number(low)
    if number is None:
        raise TypeError(f"low must be an int (the low value, 0 for none), got {type(low).__name__}")
    low = number
    if low and (is_low or not 1 <= low <= _low_top(spec)):
        raise ValueError(_misplaced_low(low, spec, is_low))
    number = whole_number(hole)
    if number is None:
        raise TypeError(f"hole must be an int, got {type(hole).__name__}")
    hole = number
    if not 0 <= hole <= len(ids) or (hole and spec.hole is None) or len(ids) > 11:
        raise ValueError(f"{spec.counts_text()}, got {len(ids)} cards with hole={hole}")
    if ids:
        # The cards must make a hand of the game, the core checks them as evaluate() does, and
        # the value must be theirs: else category, best_five and describe would disagree.
        if wild_code:
            code, made = _core.eval_wild(spec.code, wild_code, ids)
            made_low = 0
        else:
            packed = int(_core.eval_packed(spec.code, ids, len(ids), hole))
            code, made, made_low = min(0, packed), packed & 0xFFFF, packed >> 16
        if code:
            raise spec.error(code, ids, hole, wild=wild_code)
        _check_made(spec, value, low, is_low, made, made_low)
    return _core.make_rank(value, spec.code, ids, hole, low, bool(is_low), wild_code)


def _check_made(spec: GameSpec, value: int, low: int, is_low: bool, made: int, made_low: int) -> None:
    """ValueError unless the value (and a high hand's low) are the ones its cards make.

    >>> HandRank(1, "holdem", "As Ks Qs Js Ts")
    Traceback (most recent call last):
    ...
    ValueError: value 1 is not the holdem value of these cards, 7462
    """
    if is_low:
        if value != made_low:
            made_words = f"their low is {made_low}" if made_low else "they make no low"
            raise ValueError(f"low value {value} is not the {spec.name} low of these cards: {made_words}")
    elif value != made:
        raise ValueError(f"value {value} is not the {spec.name} value of these cards, {made}")
    elif low != made_low:
        made_words = f"their low is {made_low}" if made_low else "they make no low"
        raise ValueError(f"low={low} is not the {spec.name} low of these cards: {made_words}")


def _game(rank: HandRank) -> str:
    """The game this rank belongs to.

    >>> from pokereval import evaluate
    >>> evaluate("As Ks Qs Js Ts").game
    'holdem'
    """
    return _SPECS[rank._game_code].name


def _category(rank: HandRank) -> Category | None:
    """The category, for games that have them (None for badugi and for lows).

    >>> from pokereval import evaluate
    >>> evaluate("2c 3d 4h 5s As").category
    <Category.STRAIGHT: 4>
    """
    spec = _SPECS[rank._game_code]
    if rank.is_low or not spec.has_category:
        return None
    number = _core.category(spec.code, rank.value)
    return _CATEGORIES[number] if number >= 0 else None


def _best_five(rank: HandRank) -> tuple[Card, ...]:
    """The cards that play, in reading order (fewer than five for badugi).

    >>> from pokereval import evaluate
    >>> " ".join(map(str, evaluate("2c 3d 4h 5s As Kd").best_five))
    '5s 4h 3d 2c As'
    """
    ids = _cards_of(rank)
    positions = rank._best
    if positions is None:
        if rank._wild:
            positions = bytes(_wild_cards(rank)[0])
        else:
            hi_pos, lo_pos = _core.best_cards(rank._game_code, ids, rank._hole)
            positions = bytes(lo_pos if rank.is_low else hi_pos)
        rank._best = positions  # a cache inside the C object
    return tuple(CARDS[ids[i]] for i in positions)


def _cards_of(rank: HandRank) -> bytes:
    """The rank's cards; ValueError for a rank made without them (best_five, describe)."""
    ids: bytes = rank._ids
    if not ids:
        raise ValueError("this rank was made without its cards; pass cards to HandRank")
    return ids


def _wild_cards(rank: HandRank) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Positions of the five that play and the card each plays as, from the core."""
    code, _, positions, stands = _core.best_cards_wild(rank._game_code, rank._wild, _cards_of(rank))
    if code:  # pragma: no cover  (a rank with wild cards was checked when it was made)
        raise _SPECS[rank._game_code].error(code, rank._ids)
    return positions, stands


def _stands_for(rank: HandRank) -> tuple[Card, ...]:
    """The cards the best five play as, in the order of best_five: a wild card shows the
    card it stands for, any other card itself.

    >>> from pokereval import evaluate
    >>> r = evaluate("Jk Ks Qs Js Ts", wild="joker")
    >>> " ".join(map(str, r.best_five)), " ".join(map(str, r.stands_for))
    ('Jk Ks Qs Js Ts', 'As Ks Qs Js Ts')
    """
    if not rank._wild:
        return rank.best_five
    return tuple(CARDS[card] for card in _wild_cards(rank)[1])


def _wild_name(rank: HandRank) -> str | None:
    """How wild cards play in this rank ("joker", "bug" or "deuces"), or None.

    >>> from pokereval import evaluate
    >>> evaluate("2c 2d Ks Kd 9h", wild="deuces").wild
    'deuces'
    """
    return WILD_NAMES[rank._wild] if rank._wild else None


_WILD_CODES = {"joker": _core.WILD_JOKER, "bug": _core.WILD_BUG, "deuces": _core.WILD_DEUCES}
WILD_NAMES = {code: name for name, code in _WILD_CODES.items()}


def wild_mode(spec: GameSpec, wild: object) -> int:
    """The core's number for how wild cards play (0 for None), checked against the game.

    >>> wild_mode(game_spec("holdem"), "deuces") == _core.WILD_DEUCES
    True
    >>> wild_mode(game_spec("razz"), "joker")
    Traceback (most recent call last):
    ...
    ValueError: razz has no wild cards; wild= plays in holdem and stud
    """
    if wild is None:
        return 0
    if not isinstance(wild, str):
        raise TypeError(f"wild must be 'joker', 'bug' or 'deuces', got {type(wild).__name__}")
    code = _WILD_CODES.get(wild.strip().lower())
    if code is None:
        raise ValueError(f"unknown wild {wild!r}; choose 'joker', 'bug' or 'deuces'")
    if not spec.wild:
        raise ValueError(f"{spec.name} has no wild cards; wild= plays in holdem and stud")
    return code


def _describe_rank(rank: HandRank, lang: str = "en") -> str:
    """The hand in words, in English ("en"), Russian ("ru") or Bulgarian ("bg").

    >>> from pokereval import evaluate
    >>> evaluate("Ks Kh Kd Qc Qs").describe("ru")
    'Фулл-хаус: три короля и две дамы'
    >>> evaluate("8c 6d 4h 2s As 8d Kc", game="razz").describe()
    '8-6-4-2-A low'
    """
    _words.check_lang(lang)
    ranks = [card.rank for card in (_stands_for(rank) if rank._wild else rank.best_five)]
    name = rank.game
    if rank.is_low:
        return _words.describe_low(ranks, lang)
    if name == "badugi":
        return _words.describe_badugi(ranks, lang)
    category = rank.category
    assert category is not None
    if name == "razz":
        return _words.describe_low(ranks, lang, category=int(category))
    if name == "deuce-seven":
        return _words.describe_deuce_seven(int(category), ranks, lang)
    return _words.describe_high(int(category), ranks, lang)


def _repr(rank: HandRank) -> str:
    """HandRank(value, game=..., category=..., best_five=...), plus the low half's value in hi-lo.

    >>> from pokereval import evaluate
    >>> evaluate("As Ks Qs Js Ts")
    HandRank(7462, game='holdem', category=ROYAL_FLUSH, best_five='As Ks Qs Js Ts')
    >>> evaluate("As 2s Kd Qd", "3c 4h 5c Jd 9s", game="omaha-hilo").low
    HandRank(56, game='omaha-hilo', is_low=True, best_five='5c 4h 3c 2s As')
    """
    parts = [str(rank.value), f"game={rank.game!r}"]
    category = rank.category
    if category is not None:
        parts.append(f"category={category.name}")
    if rank.is_low:
        parts.append("is_low=True")
    if rank._ids:
        parts.append(f"best_five={' '.join(map(str, rank.best_five))!r}")
    if rank.low is not None:
        parts.append(f"low={rank.low.value}")
    return f"HandRank({', '.join(parts)})"


def _reduce(rank: HandRank) -> tuple[Any, ...]:
    wild = _wild_name(rank)
    return (_rebuild, (rank.value, rank.game, rank._ids, rank._hole, rank._low_value, rank.is_low, wild))


def _rebuild(
    value: int, game: str, ids: bytes, hole: int, low: int, is_low: bool, wild: str | None = None
) -> HandRank:
    return HandRank(value, game, ids, hole, low=low, is_low=is_low, wild=wild)


def _format(rank: HandRank, spec: str) -> str:
    """A rank formats as its value (``f"{rank:>6}"``, ``format(rank, "d")``); with no format
    spec, as ``str(rank)``, the convention for every type.

    >>> from pokereval import evaluate
    >>> f"[{evaluate('As Ks Qs Js Ts'):>6}]", format(evaluate("2c 3d 4h 5s 7c"), "d")
    ('[  7462]', '1')
    """
    return format(rank.value, spec) if spec else str(rank)


def _same(rank: HandRank, memo: object = None) -> HandRank:
    return rank  # immutable: a copy is the rank itself


_SPECS = tuple(sorted(GAMES.values(), key=lambda spec: spec.code))
assert [spec.code for spec in _SPECS] == list(range(len(_SPECS)))


def _misplaced_low(low: int, spec: GameSpec, is_low: bool) -> str:
    """Why ``HandRank(..., low=low)`` cannot be: the hi-lo games' low scale, and what is wrong
    here (a game without a low, or a low half holding a low of its own).  Not cached: it was,
    keyed on the caller's `low`, and a loop of refused lows grew it without bound (1,000,000
    entries, 300 MB)."""
    if not spec.hilo:  # the scale of the hi-lo games (eight or better in each)
        top = max(_low_top(game) for game in GAMES.values())
        return f"low={low} fits only a hi-lo high hand, within 1..{top}; {spec.name} has no low hand"
    why = "; this is a low half (is_low=True)" if is_low else ""
    return f"low={low} fits only a hi-lo high hand, within 1..{_low_top(spec)}{why}"


def _low_top(spec: GameSpec) -> int:
    """The best low value of a hi-lo game (0 for other games): the wheel's, as the core values it."""
    if not spec.hilo:
        return 0
    hole = 4 if spec.hole is not None else 0  # Omaha plays A-2 from the hole, 3-4-5 from the board
    wheel = card_ids("As 2d Kc Qd 3h 4c 5s")
    return int(_core.eval_packed(spec.code, wheel, len(wheel), hole)) >> 16


for _name, _member in {
    "__new__": staticmethod(_new),
    "__doc__": _DOC,
    "game": property(_game),
    "category": property(_category),
    "best_five": property(_best_five),
    "stands_for": property(_stands_for),
    "wild": property(_wild_name),
    "describe": _describe_rank,
    "__repr__": _repr,
    "__format__": _format,
    "__reduce__": _reduce,
    "__copy__": _same,
    "__deepcopy__": _same,
}.items():
    setattr(HandRank, _name, _member)

__test__ = {"HandRank": _DOC}  # the type is C's, so doctest would not find its docstring
