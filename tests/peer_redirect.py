"""The peers' module names, pointed at pokereval's shims: ``import treys`` gives
``pokereval.compat.treys``, and so on, the way a user who changed the one import has it.

``shim_modules(peer)`` says which module each of a peer's module names becomes:

- treys, deuces and phevaluator: every submodule (``treys.card``, ``phevaluator.evaluator``,
  phevaluator's C extension ``phevaluator._pheval``, ...) is the one shim module, which
  holds all their names (docs/migrating.md says to import from it), and the package is a
  module with the shim's names and those submodules.
- eval7: the package is ``pokereval.compat.eval7`` and each submodule the shim's own.
- pokerkit: the package has the names of ``pokereval.compat.pokerkit``; each submodule
  (``pokerkit.games``, ``pokerkit.state``, ...) is PokerKit's own with every name the shim
  replaces swapped for the shim's, so that ``from pokerkit.games import NoLimitTexasHoldem``
  gives the shim's game while PokerKit's private helpers stay where its tests import them.

Used two ways: ``tests/peer_suites.py`` hands the map to README examples through their own
``__import__``, and, as a pytest plugin (``-p peer_redirect``) in the child process that
runs a peer's own test suite, ``pytest_configure`` puts the map into ``sys.modules``.  The
plugin acts only when ``POKEREVAL_PEER`` names a peer, so importing this file (pytest does,
for its doctests) changes nothing.

The peers' test modules themselves live inside the peer's package in the sdist
(``deuces/test_deuces.py``, ``pokerkit/tests/``); a finder loads those, and only those,
from the unpacked sdist, so no other file of the peer's own code is ever imported.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import types
from collections.abc import Sequence
from pathlib import Path
from typing import Any

PEER_ENV = "POKEREVAL_PEER"  # the peer whose suite this process runs
ROOT_ENV = "POKEREVAL_PEER_ROOT"  # the unpacked sdist
REPORT_ENV = "POKEREVAL_PEER_REPORT"  # where the outcome of every test is written (JSON)

# The submodules each peer has; a shim that folds them holds all their names.
SUBMODULES = {
    "treys": ("card", "deck", "evaluator", "lookup"),
    "deuces": ("card", "deck", "evaluator", "lookup"),
    "phevaluator": ("card", "evaluator", "evaluator_omaha", "utils", "_pheval"),
    "eval7": ("cards", "equity", "evaluate", "handrange", "rangestring", "xorshift_rand"),
    "pokerkit": ("analysis", "games", "hands", "lookups", "notation", "state", "utilities"),
}


def shim_modules(peer: str) -> dict[str, types.ModuleType]:
    """Each of the peer's module names -> the module it is under the shim."""
    shim = importlib.import_module(f"pokereval.compat.{peer}")
    if peer == "eval7":  # a package with eval7's submodules
        return {peer: shim, **{f"{peer}.{name}": getattr(shim, name) for name in SUBMODULES[peer]}}
    # The package: the shim's names, each submodule as an attribute (as importing it would
    # leave it), and a __path__, so that the import system takes it for a package and asks
    # the finder below for the peer's test modules inside it.
    package = types.ModuleType(peer, shim.__doc__)
    package.__dict__.update(_names(shim))
    package.__path__ = []
    modules = {peer: package}
    for name in SUBMODULES[peer]:
        stock = importlib.import_module(f"pokerkit.{name}") if peer == "pokerkit" else None
        modules[f"{peer}.{name}"] = shim if stock is None else _overlay(stock, shim)
        if not hasattr(package, name):
            setattr(package, name, modules[f"{peer}.{name}"])
    return modules


def _names(module: types.ModuleType) -> dict[str, Any]:
    """A module's names, less the import system's own (__name__, __spec__, ...)."""
    return {
        name: value
        for name, value in vars(module).items()
        if not (name.startswith("__") and name.endswith("__")) or name in ("__all__", "__getattr__")
    }


def _overlay(stock: types.ModuleType, shim: types.ModuleType) -> types.ModuleType:
    """PokerKit's submodule with the names the shim replaces swapped for the shim's."""
    view = types.ModuleType(stock.__name__, stock.__doc__)
    view.__dict__.update(_names(stock))
    for name in shim.__all__:
        ours = getattr(shim, name)
        if name in vars(stock) and ours is not vars(stock)[name]:
            setattr(view, name, ours)
    return view


class _PeerTestFinder(importlib.abc.MetaPathFinder):
    """Loads ``<peer>.test*`` modules and packages (and what lies under them) from the
    unpacked sdist; the shim holds every other name of the peer."""

    def __init__(self, peer: str, root: Path) -> None:
        self.peer, self.root = peer, root

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        parts = fullname.split(".")
        if len(parts) < 2 or parts[0] != self.peer or not parts[1].startswith("test"):
            return None
        base = self.root.joinpath(*parts)
        if (base / "__init__.py").is_file():
            return importlib.util.spec_from_file_location(
                fullname, base / "__init__.py", submodule_search_locations=[str(base)]
            )
        if base.with_suffix(".py").is_file():
            return importlib.util.spec_from_file_location(fullname, base.with_suffix(".py"))
        return None


# What a peer's tests import beyond the peer that the standard library has: deuces' test
# imports `mock`, the PyPI backport of unittest.mock, when it is not installed.
_TEST_STAND_INS = {"deuces": {"mock": "unittest.mock"}}


def install(peer: str, root: Path) -> None:
    """Point the peer's module names at the shim in this process, for good."""
    sys.modules.update(shim_modules(peer))
    for name, stand_in in _TEST_STAND_INS.get(peer, {}).items():
        if importlib.util.find_spec(name) is None:
            sys.modules[name] = importlib.import_module(stand_in)
    sys.meta_path.insert(0, _PeerTestFinder(peer, root))


# ---- the pytest plugin, in the child process ---------------------------------------------

_outcomes: dict[str, dict[str, str]] = {}


def pytest_configure(config: Any) -> None:
    peer = os.environ.get(PEER_ENV)
    if peer:
        install(peer, Path(os.environ[ROOT_ENV]))


def _record(report: Any) -> None:
    if not os.environ.get(PEER_ENV):
        return
    outcome = "skipped" if report.skipped else "failed" if report.failed else "passed"
    earlier = _outcomes.get(report.nodeid, {}).get("outcome")
    if earlier in (None, "passed") or outcome == "failed":
        detail = str(report.longrepr[2]) if report.skipped and isinstance(report.longrepr, tuple) else ""
        if report.failed:
            detail = report.longreprtext.strip().splitlines()[-1] if report.longreprtext.strip() else ""
        _outcomes[report.nodeid] = {"outcome": outcome, "detail": detail}


def pytest_runtest_logreport(report: Any) -> None:
    _record(report)


def pytest_collectreport(report: Any) -> None:
    if report.failed:
        _record(report)


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    path = os.environ.get(REPORT_ENV)
    if os.environ.get(PEER_ENV) and path:
        Path(path).write_text(json.dumps(_outcomes, indent=1, sort_keys=True), encoding="utf-8")
