"""Every example in README.md and docs/*.md runs as written, and the site builds strictly.

- ``>>>`` examples (in ```python blocks) run as doctests, one namespace per file.
- ```python blocks without ``>>>`` run as scripts.
- ```console blocks hold ``$ command`` lines, each followed by the output it must print
  exactly; ``pokereval`` there is this interpreter's ``python -m pokereval``.
- ```bash blocks are set-up steps (pip install ...) and are not run.
- ``mkdocs build --strict`` builds the site from mkdocs.yml without a warning.
"""

from __future__ import annotations

import doctest
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import pokereval

TOP = Path(__file__).resolve().parent.parent
# Outside the source tree (tests run against an installed wheel) there are no pages: every
# test here is skipped.
PAGES = sorted(page for page in [TOP / "README.md", *(TOP / "docs").glob("*.md")] if page.is_file())
_ROOT = str(Path(pokereval.__file__).resolve().parent.parent)
_FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.S | re.M)

# The pages' examples draw pictures and drive PokerKit: the dev extras (pip install -e ".[dev]",
# as the README's test command has it).  An unpacked sdist with the test extra alone skips them.
_EXTRAS = all(importlib.util.find_spec(name) is not None for name in ("matplotlib", "pokerkit"))
pytestmark = [
    pytest.mark.skipif(not (TOP / "docs").is_dir(), reason="needs the source tree"),
    pytest.mark.skipif(
        not _EXTRAS, reason='the pages\' examples need the dev extras: pip install -e ".[dev]"'
    ),
]


def blocks(page: Path, kind: str) -> list[tuple[int, str]]:
    """(line number, text) of each fenced block of that kind."""
    text = page.read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, match.start()) + 1, match.group(2))
        for match in _FENCE.finditer(text)
        if match.group(1) == kind
    ]


def _ids(pages: list[Path]) -> list[str]:
    return [str(page.relative_to(TOP)) for page in pages]


@pytest.mark.parametrize("page", PAGES, ids=_ids(PAGES))
def test_python_examples_run(page: Path) -> None:
    result = doctest.testfile(
        str(page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        encoding="utf-8",
    )
    assert result.failed == 0
    for line, code in blocks(page, "python"):
        if ">>>" not in code:
            exec(compile(code, f"{page.name}:{line}", "exec"), {"__name__": "__docs__"})


def _console_cases() -> list[tuple[str, str, str]]:
    cases = []
    for page in PAGES:
        for line, text in blocks(page, "console"):
            command: str | None = None
            expected: list[str] = []
            for row in text.splitlines():
                if row.startswith("$ "):
                    if command is not None:
                        cases.append((f"{page.name}:{line}", command, "\n".join(expected)))
                    command, expected = row[2:], []
                else:
                    expected.append(row)
            if command is not None:
                cases.append((f"{page.name}:{line}", command, "\n".join(expected)))
    return cases


CONSOLE = _console_cases()


@pytest.mark.parametrize(("where", "command", "expected"), CONSOLE, ids=[c[1][:60] for c in CONSOLE])
def test_console_examples_print_what_they_show(
    where: str, command: str, expected: str, tmp_path: Path
) -> None:
    assert command.startswith("pokereval "), f"{where}: a console example runs pokereval"
    shell = f'"{sys.executable}" -m pokereval {command[len("pokereval ") :]}'
    env = {**os.environ, "PYTHONPATH": _ROOT, "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
    env.pop("FORCE_COLOR", None)
    result = subprocess.run(
        ["bash", "-c", shell],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=tmp_path,
        timeout=300,
    )
    assert result.returncode == 0, f"{where}: {command}\n{result.stderr}"
    assert result.stdout.rstrip("\n") == expected, f"{where}: {command}"


def test_site_builds_strictly(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        capture_output=True,
        text=True,
        cwd=TOP,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "site" / "index.html").is_file()


def test_performance_page_quotes_the_recorded_run() -> None:
    # docs/performance.md is an excerpt: each rate in its table (and the wild-card figure)
    # must be a figure of benchmarks/README.md, which keeps the whole run, so the two cannot
    # drift apart.
    page = (TOP / "docs" / "performance.md").read_text(encoding="utf-8")
    recorded = (TOP / "benchmarks" / "README.md").read_text(encoding="utf-8")
    section = page.split("## The latest recorded run")[1].split("## Fast paths")[0]
    rates = re.findall(r"\| ([\d,.]+) M hands/s", section) + re.findall(r"run at ([\d.]+) M rows/s", section)
    assert len(rates) >= 10
    for rate in rates:
        assert re.search(rf"(?<![\d.]){re.escape(rate)}(?![\d])", recorded), rate


def test_ci_runs_the_readmes_test_command() -> None:
    # The README's set-up block installs and runs the tests in one line; .ci/run, which CI
    # runs from a clean clone, must run that same test command after its own install.
    readme = TOP / "README.md"
    ci = TOP / ".ci" / "run"
    if not readme.is_file() or not ci.is_file():
        pytest.skip("needs the source tree's README.md and .ci/run")
    lines = [line for _, text in blocks(readme, "bash") for line in text.splitlines()]
    setup = [line for line in lines if line.startswith('pip install -e ".[dev]" && ')]
    assert len(setup) == 1, setup
    command = setup[0].split(" && ", 1)[1]
    assert command.startswith("python -m pytest")
    run = [line.strip() for line in ci.read_text(encoding="utf-8").splitlines()]
    assert 'python -m pip install -q -e ".[dev]"' in run
    assert run[-1] == command, (run[-1], command)
