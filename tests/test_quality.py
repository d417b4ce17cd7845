"""Quality gates that are part of the test command: the generated tables are current,
and the package is clean under ruff and mypy --strict."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCE_TREE = (ROOT / "csrc" / "gen_tables.py").exists()
needs_tree = pytest.mark.skipif(not SOURCE_TREE, reason="needs the source tree, not an installed wheel")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)


@needs_tree
def test_generated_tables_are_current() -> None:
    done = run(sys.executable, "csrc/gen_tables.py", "--check")
    assert done.returncode == 0, done.stdout + done.stderr


@needs_tree
@pytest.mark.skipif(
    run(sys.executable, "-m", "ruff", "--version").returncode != 0,
    reason="ruff is not installed (pip install -e .[dev])",
)
def test_ruff_clean() -> None:
    paths = [p for p in ("pokereval", "tests", "benchmarks", "csrc/gen_tables.py") if (ROOT / p).exists()]
    done = run(sys.executable, "-m", "ruff", "check", *paths)
    assert done.returncode == 0, done.stdout + done.stderr


@needs_tree
@pytest.mark.skipif(
    run(sys.executable, "-m", "mypy", "--version").returncode != 0,
    reason="mypy is not installed (pip install -e .[dev])",
)
def test_mypy_strict_clean() -> None:
    done = run(sys.executable, "-m", "mypy", "--strict", "pokereval")
    assert done.returncode == 0, done.stdout + done.stderr
