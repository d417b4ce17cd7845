"""Checks of input that several entries share: ints, flags, seeds, sample and thread counts,
a choice among names, a picture's title, the game of a range, and no card twice among
hands, board and dead cards.

One place for each check, so that every entry words the same mistake the same way.  A
bottom-floor module beside cards.py: it imports nothing else from pokereval.
"""

from __future__ import annotations

import errno
import operator
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from pathlib import Path
from typing import SupportsIndex, cast

from .cards import Card, is_bool, third_joker

__all__ = [
    "MAX_SAMPLES",
    "MAX_THREADS",
    "SEED_MAX",
    "as_flag",
    "as_int",
    "check_choice",
    "check_count",
    "check_range_game",
    "check_samples",
    "check_seed",
    "check_threads",
    "check_title",
    "check_unique",
    "run_seed",
]

SEED_MAX = 2**64 - 1
MAX_THREADS = 256
MAX_SAMPLES = 10**12
"""The most Monte Carlo samples one call takes: about an hour of one thread's work at the
fastest, and a bound that keeps the bookkeeping of the chunks small."""


def refuse_unordered(values: object, what: str) -> None:
    """TypeError for a mapping, a set or a 0-d array where one value per seat, in seat order,
    belongs: a dict iterates its keys and a set has no order, so either would be read as other
    seats', and numpy's 0-d array has a length and an iterator that both raise, in numpy's
    words."""
    if isinstance(values, (Mapping, AbstractSet)):
        raise TypeError(f"{what} must be a list or tuple, in order, got {type(values).__name__}")
    if getattr(values, "ndim", None) == 0 and hasattr(values, "__len__"):
        raise TypeError(f"{what} must be a list or tuple, in order, got a 0-d array {values!r}")


def file_to_write(path: object, kind: str = "", suffixes: tuple[str, ...] = ()) -> Path:
    """The file at `path` a save writes, checked before any work: a folder, another suffix than
    one of `suffixes` (the `kind` of file, "pictures", when given) or a name whose folder does
    not exist is refused in words that name the file (the last as FileNotFoundError, as open()
    raises it, naming the folder), for Python and the command line alike."""
    target = Path(path)  # type: ignore[arg-type]  # Path() words a wrong type itself
    if target.is_dir():
        raise ValueError(f"cannot write {str(target)!r}: it is a folder: give a file name in it")
    if suffixes and target.suffix.lower() not in suffixes:
        listed = ", ".join(suffixes[:-1]) + " or " + suffixes[-1] if len(suffixes) > 1 else suffixes[0]
        raise ValueError(f"cannot write {str(target)!r}: {kind} are {listed} files")
    folder = target.parent
    if not folder.is_dir():  # as open() says it, the file named apart (the CLI's "cannot use FILE")
        raise FileNotFoundError(errno.ENOENT, f"the folder {str(folder)!r} does not exist", str(target))
    return target


def entries(count: int) -> str:
    """'1 entry', '3 entries': how many a sequence holds, in a message."""
    return f"{count} entry" if count == 1 else f"{count} entries"


def as_int(value: object, what: str) -> int:
    """`value` as an int (IntEnum and numpy integers included, bools excluded) or TypeError.

    >>> import numpy as np
    >>> as_int(3, "rows"), as_int(np.int64(4), "rows")
    (3, 4)
    >>> as_int(True, "rows")
    Traceback (most recent call last):
    ...
    TypeError: rows must be an int, not bool True
    """
    number = whole_number(value)
    if number is None:
        raise TypeError(f"{what} must be an int, not {type(value).__name__} {value!r}")
    return number


def whole_number(value: object) -> int | None:
    """`value` as an int when it is one (IntEnum and numpy integers included, bools
    excluded), else None: as_int for callers that word the refusal themselves.

    >>> import numpy as np
    >>> whole_number(np.int64(4)), whole_number(True), whole_number(4.0)
    (4, None, None)
    """
    if type(value) is int:  # the common case, first: this check runs on every engine call
        return value
    if is_bool(value) or not _indexable(value):  # numpy's bool_ too: an index before numpy 2.1
        return None
    try:
        return operator.index(cast(SupportsIndex, value))
    except TypeError:  # a numpy array of more than one number has __index__ and refuses it
        return None


def _indexable(value: object) -> bool:
    """What ``isinstance(value, typing.SupportsIndex)`` asks, at the cost of an attribute
    lookup: the Protocol check walks typing's machinery, about 10 us a call on 3.11, and a
    Hand made 11 of them."""
    return hasattr(value, "__index__")


def as_flag(value: object, what: str) -> bool:
    """`value` as a bool: True or False (numpy's bool_ too), or the int 1 or 0; TypeError
    naming `what` otherwise, so that no other truthy object ("no", None, 2) passes for one.

    >>> as_flag(1, "folded[0]"), as_flag(False, "folded[1]")
    (True, False)
    >>> as_flag("no", "folded[0]")
    Traceback (most recent call last):
    ...
    TypeError: folded[0] must be True or False (or 1 or 0), got str 'no'
    """
    if is_bool(value):
        return bool(value)
    if _indexable(value):
        try:
            number = operator.index(cast(SupportsIndex, value))
        except TypeError:
            number = -1
        if number in (0, 1):
            return bool(number)
    raise TypeError(f"{what} must be True or False (or 1 or 0), got {type(value).__name__} {value!r}")


def check_flag(value: object, name: str, *, none: bool = False) -> bool | None:
    """`value` as a bool: True or False (numpy's bool_ too, as an array's element is), or None
    where `none` allows it; TypeError naming `name` otherwise (1, "no" and 0.5 are no flags).

    >>> import numpy
    >>> check_flag(numpy.True_, "pandas"), check_flag(None, "auto_deal", none=True)
    (True, None)
    >>> check_flag("no", "as_set")
    Traceback (most recent call last):
    ...
    TypeError: as_set must be a bool, not str 'no'
    """
    if is_bool(value):
        return bool(value)
    if none and value is None:
        return None
    kinds = "a bool or None" if none else "a bool"
    raise TypeError(f"{name} must be {kinds}, not {type(value).__name__} {value!r}")


def check_progress(progress: object) -> Callable[[float], object] | None:
    """A progress callback: a callable, or None; checked before any work starts (a bad one was
    otherwise found out only at the first report, after the first chunk)."""
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable or None, got {type(progress).__name__}")
    return progress


def check_count(value: object, name: str, low: int, high: int) -> int:
    """`value` as an int `low`..`high` (bool excluded; numpy's integers taken): TypeError or
    ValueError naming it.

    >>> check_count(0, "bins", 1, 1000)
    Traceback (most recent call last):
    ...
    ValueError: bins must be 1 to 1000, got 0
    """
    number = whole_number(value)
    if number is None:
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    value = number
    if not low <= value <= high:
        raise ValueError(f"{name} must be {low} to {high}, got {value}")
    return value


def check_choice(value: object, name: str, choices: Iterable[str]) -> str:
    """`value` as one of the names `choices`: TypeError for what is not a str, ValueError
    for a str that names none of them, each naming `name` and the choices."""
    names = tuple(choices)
    if not isinstance(value, str):
        kind = type(value).__name__
        raise TypeError(f"{name} must be a str, one of {', '.join(names)}; got {kind} {value!r}")
    if value not in names:
        raise ValueError(f"{name} must be one of {', '.join(names)}, got {value!r}")
    return value


def check_title(title: object) -> None:
    """A picture's title: a str, or None where the picture takes none."""
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a str, got {type(title).__name__} {title!r}")
    bad = None if title is None else _NOT_XML.search(title)
    if bad is not None:
        # XML has no place for these, escaped or not: an SVG titled with one was not
        # well-formed (ExpatError).  Tabs and line breaks are XML and pass.
        raise ValueError(f"title holds the control character {bad[0]!r}: {title!r}")


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def check_range_game(range_game: str, game: str, where: str) -> None:
    """A Range of `range_game` (its ``.game``) plays only `game`: ValueError, prefixed with
    `where` (``"hand 2"``, ``"opponent 1"``), otherwise.

    >>> check_range_game("omaha", "holdem", "hand 1")
    Traceback (most recent call last):
    ...
    ValueError: hand 1: an omaha range cannot play holdem
    """
    if range_game != game:
        article = "an" if range_game[:1] in "aeiou" else "a"
        raise ValueError(f"{where}: {article} {range_game} range cannot play {game}")


def check_threads(threads: object) -> int:
    """`threads` as an int 1..MAX_THREADS (numpy integers too, as everywhere an int goes,
    never a bool): TypeError naming it when it is no int, ValueError when out of range (as
    every other argument that takes an int, `hole=` among them).

    >>> import numpy as np
    >>> check_threads(2), check_threads(np.int64(2))
    (2, 2)
    >>> check_threads(np.True_)
    Traceback (most recent call last):
    ...
    TypeError: threads must be an int from 1 to 256, got np.True_ (a bool)
    """
    number = whole_number(threads)
    if number is None:
        kind = type(threads).__name__.rstrip("_")  # numpy 1's bool_ is a bool too
        raise TypeError(f"threads must be an int from 1 to {MAX_THREADS}, got {threads!r} (a {kind})")
    if not 1 <= number <= MAX_THREADS:
        raise ValueError(f"threads must be an int from 1 to {MAX_THREADS}, got {threads!r}")
    return number


def _int_or_none(value: object, what: str) -> int:
    """`value`, not None, as an int: numpy integers too, as everywhere an int goes, never a
    bool; else TypeError "<what> must be an int or None"."""
    if type(value) is int:
        return value
    if not is_bool(value) and _indexable(value):
        try:
            return operator.index(cast(SupportsIndex, value))
        except TypeError:  # an array of several numbers has __index__ and refuses it
            pass
    raise TypeError(f"{what} must be an int or None, got {type(value).__name__}")


def check_seed(seed: object) -> int | None:
    """`seed` as None or an int 0..2**64-1; TypeError or ValueError naming it."""
    if seed is None:
        return None
    seed = _int_or_none(seed, "seed")
    if not 0 <= seed <= SEED_MAX:
        raise ValueError(f"seed must be in 0..2**64-1, got {seed}")
    return seed


def check_samples(samples: object) -> int | None:
    """`samples` as None (exact) or an int 1..MAX_SAMPLES; TypeError or ValueError naming it."""
    if samples is None:
        return None
    samples = _int_or_none(samples, "samples")
    if samples < 1:
        raise ValueError(f"samples must be a positive int, got {samples}")
    if samples > MAX_SAMPLES:
        raise ValueError(f"samples must be at most {MAX_SAMPLES:,} (10**12), got {samples:,}")
    return samples


def run_seed(samples: int | None, seed: int | None) -> int:
    """The seed a run uses: 0 when exact, else `seed`, or one drawn from os.urandom."""
    if samples is None:
        return 0
    return seed if seed is not None else int.from_bytes(os.urandom(8), "little")


def check_board_size(board: bytes) -> None:
    """A board holds at most 5 cards (hold'em and Omaha), or ValueError saying how many it has."""
    if len(board) > 5:
        raise ValueError(f"the board has {len(board)} cards; at most 5")


def check_unique(named: list[tuple[str, bytes]]) -> None:
    """No card twice among the hands, the board and the dead cards.  A joker twice is a
    third joker (the deal's jokers were numbered 52, 53 in reading order)."""
    cards = b"".join([ids for _, ids in named])
    if len(set(cards)) == len(cards):
        return  # the common case, in one pass in C; the loop below finds and words a repeat
    owner: dict[int, str] = {}
    for name, ids in named:
        for at, card in enumerate(ids, 1):
            if card in owner and card >= 52:
                raise ValueError(f"{name}: {third_joker(at)}")
            if card in owner:
                where = f"in {owner[card]}" if owner[card] == name else f"in {owner[card]} and {name}"
                raise ValueError(f"duplicate card {str(Card(card))!r} {where}")
            owner[card] = name


@contextmanager
def extra_imports(module: str, needs: str) -> Iterator[None]:
    """The imports of an optional extra, in a ``with`` block: one that fails raises
    ModuleNotFoundError "<module> needs <needs> (<why>)", so the message says what to install
    (a bare "No module named 'dask'" names no extra), and pytest's importorskip, which skips
    on ModuleNotFoundError alone, still skips."""
    try:
        yield
    except ImportError as error:
        raise ModuleNotFoundError(f"{module} needs {needs} ({error})", name=error.name) from error
