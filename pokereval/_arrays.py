"""The base of the result arrays that carry fields of their own (solver.ComboEquity,
solver.ComboMatrix, icm.ICMEquity).  A bottom-floor module: it imports nothing from pokereval.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["Plain"]


class Plain(np.ndarray[Any, Any]):
    """An array that carries extra fields; whatever is computed from it (a slice, a sum, an
    element) is a plain array or scalar, and a pickle holds the plain array."""

    def __array_wrap__(self, array: Any, context: Any = None, return_scalar: bool = False) -> Any:
        plain = np.asarray(array)
        return plain[()] if return_scalar else plain

    def __getitem__(self, key: Any) -> Any:
        return np.asarray(self)[key]

    def __reduce__(self) -> Any:
        return (np.asarray, (np.asarray(self),))
