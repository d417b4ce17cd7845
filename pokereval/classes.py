"""The 169 starting-hand classes of hold'em ("AA", "AKs", "AKo", ...): their names, the 13 x 13
grid they are drawn in, and the class of any two cards.  Written once, here: the preflop
tables (pokereval/tables.py) index them, the pictures (pokereval/plot.py) draw them.

The grid runs from aces, row by row: pairs on the diagonal, suited hands above it (the row
is the high card), offsuit hands below it (the row is the low card), so cell (row, col) is
``HAND_CLASSES[13 * row + col]`` and ``GRID[row][col]``.
"""

from __future__ import annotations

from operator import index as as_index
from typing import Any

import numpy as np

from ._arrays import plain
from .cards import RANKS, CardsLike, card_ids, is_bool, named, read_ids, refuse_jokers

__all__ = [
    "GRID",
    "HAND_CLASSES",
    "RANK_OF",
    "class_combos",
    "class_index",
    "class_of",
    "class_of_ids",
    "hand_class",
    "read_class",
]

_ORDER = RANKS[::-1]  # "AKQJT98765432": the grid's rows and columns, aces first

RANK_OF: dict[str, int] = {char: rank for rank, char in enumerate(RANKS)}
"""A rank symbol's rank 0..12 ("2" .. "A"), upper or lower case (a range's card text reads it too)."""
RANK_OF.update({char.lower(): rank for rank, char in enumerate(RANKS)})


def read_class(text: str) -> tuple[int, int, str]:
    """The ranks (high first) and kind of a hand-class name: the one rule by which Range's
    tokens and :func:`class_index` read one.  Two ranks in either case and either order, the
    ten as ``T`` or ``10``, then ``s`` (suited) or ``o`` (offsuit), in either case, or nothing
    (a pair; for two ranks, both kinds); spaces are ignored.  The kind is "", "s" or "o";
    ValueError saying what is wrong otherwise.

    >>> read_class("AKs"), read_class("ka"), read_class("1010"), read_class("T9O")
    ((12, 11, 's'), (12, 11, ''), (8, 8, ''), (8, 7, 'o'))
    >>> read_class("QQs")
    Traceback (most recent call last):
    ...
    ValueError: a pair is neither suited nor offsuit
    """
    text = "".join(text.split()).replace("10", "T")
    if len(text) not in (2, 3):
        raise ValueError("expected a hand such as 'QQ', 'AKs' or 'AKo'")
    first, second = (RANK_OF.get(char) for char in text[:2])
    for rank, char in ((first, text[0]), (second, text[1])):
        if rank is None:
            raise ValueError(f"unknown rank {named(char)}")
    assert first is not None and second is not None
    kind = text[2:].lower()
    if kind not in ("", "s", "o"):
        raise ValueError(f"{named(text[2:])} is not 's' (suited) or 'o' (offsuit)")
    if first == second and kind:
        raise ValueError("a pair is neither suited nor offsuit")
    return max(first, second), min(first, second), kind


def _grid_index(value: object, what: str, size: int) -> int:
    """`value` as an int 0..size-1 (a row, a column, a class index): a bool, a float or a
    number off the grid is refused rather than wrapped around or read as another cell."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise TypeError(f"{what} must be an int, got {type(value).__name__}")
    number = as_index(value)  # type: ignore[arg-type]  # has __index__, as just checked
    if not 0 <= number < size:
        raise ValueError(f"{what} {number} out of range 0..{size - 1}")
    return number


def hand_class(row: int, col: int) -> str:
    """The class of the grid cell at (row, col), 0-based from the top left.

    >>> hand_class(0, 0), hand_class(0, 1), hand_class(1, 0), hand_class(12, 12)
    ('AA', 'AKs', 'AKo', '22')
    """
    row, col = _grid_index(row, "row", 13), _grid_index(col, "col", 13)
    high, low = _ORDER[min(row, col)], _ORDER[max(row, col)]
    if row == col:
        return high + low
    return high + low + ("s" if row < col else "o")


GRID: tuple[tuple[str, ...], ...] = tuple(tuple(hand_class(r, c) for c in range(13)) for r in range(13))
"""The 169 class names by row and column: ``GRID[0][1] == "AKs"``."""

HAND_CLASSES: tuple[str, ...] = tuple(name for row in GRID for name in row)
"""The 169 starting-hand classes in grid order: ``HAND_CLASSES[0] == "AA"``, then "AKs" ... "A2s",
"AKo", "KK", "KQs" ... down to "22"; index ``13 * row + col``."""

_CLASS_INDEX = {name: i for i, name in enumerate(HAND_CLASSES)}
_ALL_HANDS = np.array([(high, low) for high in range(52) for low in range(high)], dtype=np.uint8)


def _card_id_array(ids: Any, what: str) -> np.ndarray[Any, Any]:
    """`ids`, ints or an integer array of card ids 0..51, as int64: TypeError for another
    kind (floats would be cut, bools read as 2c and 2d), ValueError naming an id off the deck."""
    if isinstance(ids, np.ndarray):
        array = plain(ids, lambda at: f"class_of_ids: {what}{list(at)}")
    elif isinstance(ids, (list, tuple)):
        array = _listed_ids(ids, what)  # numpy reads [51, True] as [51, 1]
    else:
        array = np.asarray(ids)
        if array.dtype.kind == "O":  # an int past 64 bits
            array = _listed_ids(ids, what)
    if array.dtype.kind not in "iu":
        raise TypeError(f"class_of_ids: {what} must be card ids (ints 0..51), got dtype {array.dtype}")
    bad = (array < 0) | (array > 51)
    if bad.any():
        at = tuple(int(i) for i in np.argwhere(bad)[0])
        where = f"{what}{list(at)}" if at else what
        raise ValueError(f"class_of_ids: {where} is card id {int(array[at])}, out of range 0..51")
    return array.astype(np.int64)


def _listed_ids(ids: Any, what: str) -> np.ndarray[Any, Any]:
    """Card ids given as Python ints (in lists or tuples), each checked as given: a bool, a
    float or an int past 64 bits is named where it stands.  Plain ints, the common case, are
    read in one pass; anything else item by item (numpy's integers and 0-d arrays are ids)."""
    try:
        given = np.array(ids, dtype=object)
    except ValueError:  # rows of unequal lengths
        raise ValueError(f"class_of_ids: {what} must be card ids in rows of one length") from None
    if set(map(type, given.ravel())) <= {int}:
        try:
            return given.astype(np.int64)  # the range is checked by the caller
        except OverflowError:
            pass  # an int past 64 bits: named below
    out = np.empty(given.shape, dtype=np.int64)
    for at, value in np.ndenumerate(given):
        where = f"{what}{list(at)}" if at else what
        kind = type(value).__name__
        if is_bool(value) or isinstance(value, float):
            raise TypeError(f"class_of_ids: {where} must be a card id (an int 0..51), got {kind} {value!r}")
        try:
            number = as_index(value)
        except TypeError:
            raise TypeError(
                f"class_of_ids: {where} must be a card id (an int 0..51), got {kind} {value!r}"
            ) from None
        if not 0 <= number <= 51:
            raise ValueError(f"class_of_ids: {where} is card id {number}, out of range 0..51")
        out[at] = number
    return out


def class_of_ids(high: Any, low: Any) -> Any:
    """Grid index of hands given as card ids 0..51 (numpy arrays or ints), `high` the higher
    id; the two the other way round give the same class.  An id off the deck, or one that is
    not an int, is refused (the same id twice is read as a pair: a table over every (a, b) has
    those cells).

    >>> int(class_of_ids(51, 47)), HAND_CLASSES[int(class_of_ids(51, 46))], int(class_of_ids(47, 51))
    (1, 'AKo', 1)
    >>> class_of_ids(52, 0)
    Traceback (most recent call last):
    ...
    ValueError: class_of_ids: high is card id 52, out of range 0..51
    """
    high, low = _card_id_array(high, "high"), _card_id_array(low, "low")
    try:
        np.broadcast_shapes(high.shape, low.shape)
    except ValueError:
        raise ValueError(
            f"class_of_ids: high and low must have one shape, got {high.shape} and {low.shape}"
        ) from None
    # The ranks are ordered here rather than trusted: with the ids swapped a suited hand
    # would land on its offsuit cell.
    rank_hi, rank_lo = 12 - np.maximum(high >> 2, low >> 2), 12 - np.minimum(high >> 2, low >> 2)
    suited = (high & 3) == (low & 3)
    row = np.where(suited, rank_hi, rank_lo)
    col = np.where(suited, rank_lo, rank_hi)
    return row * 13 + col


def class_index(hand: object) -> int:
    """Grid index of a class name ("AKs", "QQ", "T9o", any case) or of two concrete cards.

    >>> class_index("aks"), class_index("Kd As"), class_index("22")
    (1, 13, 168)
    """
    if isinstance(hand, str):
        try:
            high, low, kind = read_class(hand)
        except ValueError:
            pass  # two cards, or neither: said below
        else:
            if kind or high == low:  # two ranks without a kind are two classes, not one
                return _CLASS_INDEX[RANKS[high] + RANKS[low] + kind]
    try:
        read_ids(hand)  # type: ignore[arg-type]
    except ValueError:
        raise ValueError(
            f"{hand!r} is neither a hand class (such as 'AKs', 'QQ', 'T9o') nor two cards"
        ) from None
    except TypeError:
        if isinstance(hand, (str, bytes, list, tuple)):
            raise  # a sequence with an item that is no card: its words name the item
        raise TypeError(
            f"a starting hand is a class (such as 'AKs', 'QQ', 'T9o') or two cards, not {type(hand).__name__}"
        ) from None
    ids = card_ids(hand)  # type: ignore[arg-type]  # cards, but a repeat is worded as one
    refuse_jokers(ids, hand)
    if len(ids) != 2:
        raise ValueError(f"a starting hand has 2 cards, got {len(ids)} in {hand!r}")
    return int(class_of_ids(max(ids), min(ids)))


def class_of(first: CardsLike, second: CardsLike) -> str:
    """The class ("AKs", "QQ", "T9o") of a two-card combo.

    Each of `first` and `second` is one card; the same card twice or a joker is a ValueError.

    >>> class_of("Kd", "As"), class_of("7h", "7c")
    ('AKo', '77')
    """
    cards = (first, second)
    ids = card_ids(cards)  # type: ignore[arg-type]  # one card each, and two different ones
    refuse_jokers(ids, cards)
    return HAND_CLASSES[int(class_of_ids(max(ids), min(ids)))]


def class_combos(index: int) -> np.ndarray[Any, Any]:
    """(N, 2) uint8 combos of a class, higher id first: 6 for a pair, 4 suited, 12 offsuit.

    >>> [len(class_combos(class_index(name))) for name in ("AA", "AKs", "AKo")]
    [6, 4, 12]
    """
    index = _grid_index(index, "class index", len(HAND_CLASSES))
    hands = _ALL_HANDS[class_of_ids(_ALL_HANDS[:, 0], _ALL_HANDS[:, 1]) == index]
    return np.ascontiguousarray(hands)
