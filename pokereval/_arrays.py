"""The base of the result arrays that carry fields of their own (solver.ComboEquity,
solver.ComboMatrix, icm.ICMEquity), and the one reading of an input array's values
(:func:`plain`).  A bottom-floor module: it imports nothing from pokereval.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np

__all__ = ["Plain", "frozen", "plain", "read_only"]


def read_only(array: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """A view of `array` (C-contiguous) that numpy will not make writeable, its buffer being a
    read-only memoryview: for arrays whose owner relies on them as they were checked or
    written (a Buckets' table, a Tables' observations, which C still writes), without the copy
    :func:`frozen` makes.

    >>> a = np.arange(3)
    >>> v = read_only(a)
    >>> a[0] = 7; int(v[0])
    7
    >>> v.flags.writeable = True
    Traceback (most recent call last):
    ...
    ValueError: cannot set WRITEABLE flag to True of this array
    """
    return np.frombuffer(array.data.toreadonly(), dtype=array.dtype).reshape(array.shape)


def frozen(array: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """`array`'s values in a read-only array that cannot be made writeable again, its memory
    being a bytes object: for arrays a cache shares between callers.  A writeable flag set to
    False alone is set back to True by whoever holds the array, and a write then changed the
    answers of every later call (``Range("AA").ids``).

    >>> a = frozen(np.arange(3))
    >>> a.flags.writeable = True
    Traceback (most recent call last):
    ...
    ValueError: cannot set WRITEABLE flag to True of this array
    """
    contiguous = np.ascontiguousarray(array)
    return np.frombuffer(contiguous.tobytes(), dtype=contiguous.dtype).reshape(contiguous.shape)


def plain(array: np.ndarray[Any, Any], entry: Callable[[tuple[int, ...]], str]) -> np.ndarray[Any, Any]:
    """The values of an input `array` as a plain ndarray, so that the checks run on it (min,
    max, any, a cast) see every value that the core will read.

    A masked array's masked entries still hold values, which numpy's reductions skip but a
    cast or a buffer reads: they are refused, the first named by `entry` (its index to words
    such as "row 2: the card at position 5").  Any other subclass is viewed as an ndarray.

    >>> plain(np.ma.masked_array([1, 2], mask=[False, True]), lambda at: f"entry {at[0]}")
    Traceback (most recent call last):
    ...
    ValueError: entry 1 is masked: fill the masked entries (array.filled(value)) or leave them out
    """
    if isinstance(array, np.ma.MaskedArray):
        masked = np.ma.getmaskarray(array)
        if masked.any():
            at = tuple(int(i) for i in np.argwhere(masked)[0])
            raise ValueError(
                f"{entry(at)} is masked: fill the masked entries (array.filled(value)) or leave them out"
            )
    return np.asarray(array)


class Plain(np.ndarray[Any, Any]):
    """An array that carries extra fields; whatever is computed from it (a slice, a sum, an
    element) is a plain array or scalar.  A pickle keeps the fields each class names in
    `_kept` (a ComboEquity sent to a process pool or a Dask worker still has its ``overall``)."""

    _kept: ClassVar[tuple[str, ...]] = ()

    def __array_wrap__(self, array: Any, context: Any = None, return_scalar: bool = False) -> Any:
        plain = np.asarray(array)
        return plain[()] if return_scalar else plain

    def __array_function__(self, func: Any, types: Any, args: Any, kwargs: Any) -> Any:
        # np.sort, np.roll, np.take, np.reshape, ...: reordered or reshaped values whose fields
        # (an overall equity, a mask, standard errors) no longer fit them, so plain arrays.  A
        # copy that asks to keep the class (np.copy(r, subok=True)) keeps the values in place.
        if func is np.copy:
            return super().__array_function__(func, types, args, kwargs)
        # The inputs as plain arrays too: numpy's own code (np.sort copies, then sorts in place)
        # then never meets the class.
        return _plain(func(*_plain(args), **{key: _plain(value) for key, value in kwargs.items()}))

    def sort(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError(
            f"a {type(self).__name__} is not sorted in place: its fields would no longer fit its "
            "values; np.sort(r) gives a sorted plain array"
        )

    def partition(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError(
            f"a {type(self).__name__} is not partitioned in place: its fields would no longer fit "
            "its values; np.partition(r, k) gives a plain array"
        )

    def __getitem__(self, key: Any) -> Any:
        return np.asarray(self)[key]

    def __reduce__(self) -> Any:
        return (_restore, (type(self), np.asarray(self), tuple(getattr(self, name) for name in self._kept)))


def _plain(result: Any) -> Any:
    """`result` with every Plain in it (a tuple of them too) as a plain ndarray."""
    if isinstance(result, Plain):
        return np.asarray(result)
    if isinstance(result, tuple) and hasattr(result, "_fields"):  # np.unique_all, svd: named tuples
        return type(result)(*map(_plain, result))
    if isinstance(result, (tuple, list)):
        return type(result)(_plain(item) for item in result)
    return result


def _plain_method(name: str) -> Any:
    method = getattr(np.ndarray, name)

    def plain_method(self: Plain, *args: Any, **kwargs: Any) -> Any:
        return _plain(method(np.asarray(self), *args, **kwargs))

    plain_method.__name__ = plain_method.__qualname__ = name
    plain_method.__doc__ = method.__doc__
    return plain_method


# The methods that reorder or reshape: their results are plain arrays, as those of the
# functions are (__array_function__).  A copy (.copy(), .astype()) keeps the fields: its
# values are the same, in the same places.
for _name in (
    "argsort",
    "argpartition",
    "take",
    "repeat",
    "reshape",
    "ravel",
    "flatten",
    "transpose",
    "swapaxes",
    "squeeze",
    "compress",
    "diagonal",
    "nonzero",
    "searchsorted",
):
    setattr(Plain, _name, _plain_method(_name))
Plain.T = property(lambda self: np.asarray(self).T, doc=np.ndarray.T.__doc__)  # type: ignore[assignment]


def _restore(cls: type[Plain], values: Any, fields: tuple[Any, ...]) -> Plain:
    """A pickled Plain again: its values viewed as `cls`, its kept fields set."""
    if not (isinstance(cls, type) and issubclass(cls, Plain)) or len(fields) != len(cls._kept):
        raise ValueError(f"a pickled result array names no result class of pokereval: {cls!r}")
    out = np.asarray(values).view(cls)
    for name, value in zip(cls._kept, fields):
        setattr(out, name, value)
    return out
