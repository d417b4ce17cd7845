"""Quality gates that are part of the test command: the generated tables are current,
and the package is clean under ruff and mypy --strict."""

from __future__ import annotations

import ast
import os
import re
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
@pytest.mark.slow  # about 15 s: the tables are derived from the rules again (CI's lint job too)
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
    run(sys.executable, "-m", "ruff", "--version").returncode != 0,
    reason="ruff is not installed (pip install -e .[dev])",
)
def test_ruff_format_clean() -> None:
    paths = [
        p for p in ("pokereval", "tests", "benchmarks", "tools", "csrc/gen_tables.py") if (ROOT / p).exists()
    ]
    done = run(sys.executable, "-m", "ruff", "format", "--check", *paths)
    assert done.returncode == 0, done.stdout + done.stderr


@needs_tree
@pytest.mark.skipif(
    run(sys.executable, "-m", "mypy", "--version").returncode != 0,
    reason="mypy is not installed (pip install -e .[dev])",
)
def test_mypy_strict_clean() -> None:
    # The files pyproject.toml names: the package and the tests.
    done = run(sys.executable, "-m", "mypy", "--strict")
    assert done.returncode == 0, done.stdout + done.stderr


# ---- one direction: the floors of docs/architecture.md ---------------------------------------

ARCHITECTURE = ROOT / "docs" / "architecture.md"


def _floors() -> list[tuple[int, str]]:
    """(floor, module pattern) rows of the table between the floors markers."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    table = text[text.index("<!-- floors begin -->") : text.index("<!-- floors end -->")]
    rows = []
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].isdigit():
            rows += [(int(cells[0]), name) for name in re.findall(r"`([\w.*]+)`", cells[2])]
    return rows


def _modules() -> dict[str, Path]:
    """Every module of the package, by dotted name without the "pokereval." prefix."""
    package = ROOT / "pokereval"
    found = {}
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(package).with_suffix("").parts)
        if parts[-1] == "__init__" and len(parts) > 1:
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package modules that `name` imports anywhere in its file (functions included)."""
    package = name.split(".")[:-1] if path.name != "__init__.py" or name == "__init__" else name.split(".")
    if name == "__init__":
        package = []
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
                stem = ".".join([*base, *([node.module] if node.module else [])])
            elif (node.module or "").startswith("pokereval"):
                stem = (node.module or "").removeprefix("pokereval").lstrip(".")
            else:
                continue
            # "from . import x" imports the module x, not the package it sits in.
            names = [f"{stem}.{alias.name}" if stem else alias.name for alias in node.names]
            targets = [stem, *names] if node.module else names
        elif isinstance(node, ast.Import):
            targets = [
                a.name.removeprefix("pokereval.") for a in node.names if a.name.startswith("pokereval.")
            ]
        out |= {t if t else "__init__" for t in targets if (t or "__init__") in modules}
    # Importing pkg.mod runs pkg/__init__ first: from outside pkg that is an import of pkg too.
    for target in list(out):
        parts = target.split(".")
        for cut in range(1, len(parts)):
            parent = ".".join(parts[:cut])
            if parent in modules and not name.startswith(f"{parent}."):
                out.add(parent)
    out.discard(name)
    return out


def _floor_of(name: str, rows: list[tuple[int, str]]) -> int | None:
    exact = [floor for floor, pattern in rows if pattern == name]
    if exact:
        return exact[0]
    matches = [(len(p), floor) for floor, p in rows if p.endswith(".*") and name.startswith(p[:-1])]
    return max(matches)[1] if matches else None


@needs_tree
def test_imports_keep_one_direction_and_no_circle() -> None:
    rows = _floors()
    modules = _modules()
    unplaced = sorted(name for name in modules if _floor_of(name, rows) is None)
    assert not unplaced, f"docs/architecture.md puts these modules on no floor: {unplaced}"
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    upward = [
        f"{name} (floor {_floor_of(name, rows)}) imports {target} (floor {_floor_of(target, rows)})"
        for name, targets in graph.items()
        for target in sorted(targets)
        # A package's own __init__ is no dependency of its modules: Python runs it first anyway.
        if not name.startswith(f"{target}.") and (_floor_of(target, rows) or 0) > (_floor_of(name, rows) or 0)
    ]
    assert not upward, "imports that point up a floor:\n" + "\n".join(upward)
    # Circles: depth-first search for a path back to the start.
    edges = {n: {t for t in ts if not n.startswith(f"{t}.")} for n, ts in graph.items()}
    circles = []
    for start in sorted(edges):
        stack, seen = [(start, [start])], set()
        while stack:
            node, trail = stack.pop()
            for target in edges[node]:
                if target == start:
                    circles.append(" -> ".join([*trail, start]))
                elif target not in seen:
                    seen.add(target)
                    stack.append((target, [*trail, target]))
    assert not circles, "import circles:\n" + "\n".join(sorted(set(circles))[:10])


@needs_tree
def test_the_readme_draws_the_same_floors() -> None:
    # Both drawings, the README's and docs/architecture.md's, name every module of the table
    # (a package drawn as "cli/").
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = readme[readme.index("## Layout") :].split("```")[1]
    architecture = ARCHITECTURE.read_text(encoding="utf-8")
    diagram = architecture[: architecture.index("<!-- floors begin")].split("```")[1]
    for drawing in (layout, diagram):
        words = set(re.findall(r"[\w]+", drawing))
        for _, pattern in _floors():
            name = pattern.removesuffix(".*")
            assert name in words, (name, drawing)


@needs_tree
def test_a_missing_extra_leaves_its_module_out_of_collection(tmp_path: Path) -> None:
    # dask and pokerkit shadowed by packages that fail to import, as if not installed.
    for name in ("dask", "distributed", "pokerkit"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text(f"raise ImportError('no {name} here')\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "pokereval"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "pokereval/dask.py" not in done.stdout and "pokereval/cards.py" in done.stdout
