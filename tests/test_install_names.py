"""One distribution name everywhere: pyproject, the PyPI links, every ``pip install`` that the
README, the docs, CONTRIBUTING and the library's own messages tell a user to type, and
``pokereval --version``.

The distribution is ``pokereval-cffi`` and the import name ``pokereval``: ``pokereval`` on PyPI
is an unrelated project, so an install line naming it installs the wrong library.  The name
expected here is read from pyproject.toml, not from the package.
"""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import pokereval
from pokereval import _version
from pokereval.cli import main

TOP = Path(__file__).resolve().parent.parent
PYPROJECT = TOP / "pyproject.toml"

needs_tree = pytest.mark.skipif(not (TOP / "docs").is_dir(), reason="needs the source tree")

# What a user is told to type: "pip install" and what follows on that line, up to the end
# of the command (a shell operator, a comment, the end of inline code or of a sentence).
_INSTALL = re.compile(r"pip install\b([^\n`#&|;)]*)")
_REQUIREMENT = re.compile(r"^[\"']?([A-Za-z0-9][A-Za-z0-9._-]*)(\[[\w,\s-]*\])?[\"'.,]*$")


def project_name() -> str:
    """[project] name in pyproject.toml, read as text (tomllib is 3.11+)."""
    text = PYPROJECT.read_text(encoding="utf-8")
    table = text.split("\n[project]\n", 1)[1].split("\n[", 1)[0]
    found = re.search(r'^name = "([^"]+)"$', table, flags=re.M)
    assert found, "pyproject.toml's [project] table has no name"
    return found[1]


def requirements(text: str) -> list[tuple[int, str]]:
    """(line, name) of every requirement that a pip install in `text` names (prose after
    the command is read too, which only matters for words starting with pokereval)."""
    found = []
    for match in _INSTALL.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        for token in match[1].split():
            requirement = _REQUIREMENT.match(token)
            if requirement and not token.startswith("-"):
                found.append((line, requirement[1]))
    return found


def install_lines() -> list[tuple[str, str]]:
    """(where, requirement) for every requirement a pip install line names."""
    files = [
        TOP / "README.md",
        TOP / "CONTRIBUTING.md",
        *sorted((TOP / "docs").glob("*.md")),
        *sorted((TOP / "pokereval").rglob("*.py")),
        *sorted((TOP / ".github" / "workflows").glob("*.yml")),
    ]
    return [
        (f"{path.relative_to(TOP)}:{line}", name)
        for path in files
        for line, name in requirements(path.read_text(encoding="utf-8"))
    ]


@needs_tree
def test_every_pip_install_names_the_distribution() -> None:
    name = project_name()
    assert name == "pokereval-cffi"
    lines = install_lines()
    ours = [(where, req) for where, req in lines if req.lower().replace("_", "-").startswith("pokereval")]
    wrong = [f"{where}: {req}" for where, req in ours if req.lower().replace("_", "-") != name]
    assert not wrong, f"pip install lines that name another distribution than {name}:\n" + "\n".join(wrong)
    # The scan itself works: the install lines of docs/index.md, the extras hints of
    # pokereval/plot.py and the CLI are all among the ones found.
    places = {where.split(":")[0] for where, _ in ours}
    assert {"README.md", "docs/index.md", "pokereval/plot.py", "pokereval/cli/table.py"} <= places


def test_the_scan_catches_the_old_name() -> None:
    text = 'try pip install "pokereval[plot]" now\nor `pip install -U pokereval-cffi` && pokereval'
    assert requirements(text) == [(1, "pokereval"), (1, "now"), (2, "pokereval-cffi")]


@needs_tree
def test_package_links_and_publish_job_agree() -> None:
    name = project_name()
    assert _version.DISTRIBUTION == name
    page = f"https://pypi.org/project/{name}/"
    assert f'Homepage = "{page}"' in PYPROJECT.read_text(encoding="utf-8")
    wheels = (TOP / ".github" / "workflows" / "wheels.yml").read_text(encoding="utf-8")
    publish = wheels.split("\n  publish:\n", 1)[1]
    assert f"url: {page}" in publish
    assert "pypi.org/project/pokereval/" not in wheels


def _run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            status = main(list(args))
        except SystemExit as stop:
            status = int(stop.code or 0)
    return status, out.getvalue()


def test_version_names_the_distribution(monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib import metadata

    real = metadata.version

    def without_the_other(name: str) -> str:
        if name == "pokereval":
            raise metadata.PackageNotFoundError(name)
        return real(name)

    monkeypatch.setattr(metadata, "version", without_the_other)
    status, printed = _run("--version")
    assert status == 0
    assert printed == f"pokereval-cffi {pokereval.__version__} (import pokereval)\n"


def test_version_warns_when_the_other_pokereval_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib import metadata

    real = metadata.version
    monkeypatch.setattr(metadata, "version", lambda name: "0.2.0" if name == "pokereval" else real(name))
    status, printed = _run("--version")
    assert status == 0
    first, warning = printed.splitlines()
    assert first.startswith("pokereval-cffi ")
    assert "'pokereval' 0.2.0 is installed too" in warning
    assert warning.endswith(
        "pip uninstall pokereval && pip install --force-reinstall pokereval-cffi"
        " (or, in a source tree: pip install --force-reinstall .)"
    )


def test_version_warns_when_the_package_files_are_gone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Uninstalling the other pokereval deletes pokereval/__init__.py, which both write: the
    package then imports as an empty namespace package, and --version said all was well."""
    monkeypatch.setattr(pokereval, "__file__", None)
    status, printed = _run("--version")
    assert status == 0
    first, warning = printed.splitlines()
    assert first.startswith("pokereval-cffi ")
    assert warning.startswith("warning: the package's own files are gone (pokereval has no __init__.py")
    assert warning.endswith(
        "run: pip install --force-reinstall pokereval-cffi"
        " (or, in a source tree: pip install --force-reinstall .)"
    )


def test_plot_extra_hint_names_the_distribution(monkeypatch: pytest.MonkeyPatch) -> None:
    from pokereval import plot

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    monkeypatch.setitem(sys.modules, "pokereval._figure", None)  # as if never imported
    with pytest.raises(ImportError, match=re.escape('pip install "pokereval-cffi[plot]"')):
        plot.grid_figure({})


@pytest.mark.parametrize(
    ("module", "missing", "words"),
    [
        (
            "pokereval.dask",
            "distributed",
            "pokereval.dask needs the dask extra: pip install 'pokereval-cffi[dask]'",
        ),
        (
            "pokereval.engine.rl",
            "gymnasium",
            "pokereval.engine.rl needs the rl extra: pip install 'pokereval-cffi[rl]'",
        ),
        (
            "pokereval.compat.pokerkit",
            "pokerkit",
            "pokereval.compat.pokerkit needs PokerKit itself, on Python 3.11 or later",
        ),
    ],
)
def test_an_optional_module_without_its_extra_names_the_extra(
    module: str, missing: str, words: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Importing a module whose extra is not installed said only "No module named 'dask'"."""
    import importlib

    pytest.importorskip(missing)  # so that the module itself is importable here, and restored
    monkeypatch.setitem(sys.modules, missing, None)  # as if not installed
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(ImportError, match=f"^{re.escape(words)}"):
        importlib.import_module(module)


def test_a_source_checkout_without_its_core_says_so(tmp_path: Path) -> None:
    """After `pip install .`, Python started in the checkout finds its unbuilt `pokereval/`
    first, and said "cannot import name '_fastcall' from partially initialized module
    'pokereval' (most likely due to a circular import)"; it now says what happened and what
    to do.  (An editable install's finder is set aside, as a plain install has none.)"""
    package = Path(pokereval.__file__).parent
    shutil.copytree(
        package, tmp_path / "pokereval", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "data")
    )
    code = (
        "import sys; sys.meta_path = [f for f in sys.meta_path if 'editable' not in repr(f).lower()];"
        " import pokereval"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 1
    assert "a source checkout whose compiled core is not built" in result.stderr
    assert "pip install -e ." in result.stderr and "circular import" not in result.stderr
