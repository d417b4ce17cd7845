"""The shims stay out of the way: ``import pokereval`` loads no shim and no peer, and only
the PokerKit shim imports its peer."""

from __future__ import annotations

import subprocess
import sys

PEERS = ("treys", "deuces", "eval7", "phevaluator", "pokerkit")


def loaded_after(statement: str) -> set[str]:
    code = f"import sys; {statement}; print(' '.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return {name.split(".")[0] if name.split(".")[0] in PEERS else name for name in out.split()}


def test_import_pokereval_loads_no_shim_and_no_peer() -> None:
    loaded = loaded_after("import pokereval")
    assert not {name for name in loaded if name.startswith("pokereval.compat.")}
    assert not loaded & set(PEERS)


def test_only_the_pokerkit_shim_imports_its_peer() -> None:
    for name in ("treys", "deuces", "eval7", "phevaluator"):
        assert not loaded_after(f"import pokereval.compat.{name}") & set(PEERS), name
