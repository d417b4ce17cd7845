"""Collection of the docstring examples in pokereval/ (pytest's testpaths include it).

The modules of an optional extra import it at the top; where the extra is not installed their
examples cannot run, so they are left out of collection instead of failing it.  (Run from an
installed wheel, the tests collect only tests/, which skip these themselves.)
"""

from __future__ import annotations

import importlib

_EXTRAS = {
    "pokereval/dask.py": ("dask.array", "distributed"),
    "pokereval/compat/pokerkit.py": ("pokerkit",),
    "pokereval/_figure.py": ("matplotlib",),
}


def _missing(names: tuple[str, ...]) -> bool:
    try:
        for name in names:
            importlib.import_module(name)
    except ImportError:
        return True
    return False


collect_ignore = [path for path, needs in _EXTRAS.items() if _missing(needs)]
