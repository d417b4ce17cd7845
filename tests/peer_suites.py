"""The peers' own test suites and README examples, run against pokereval's shims.

Nothing of the peers is kept in this repository.  ``fetch`` downloads a peer's sdist from
PyPI with pip (into a cache folder the caller gives) and unpacks it; ``run_suite`` runs the
tests in it with pytest in a child process whose peer module names are the shim's
(``peer_redirect.py``); ``run_readme`` runs the examples of its README once with the real
peer and once with the shim, in the same order and from the same random state, and records
what each printed.

docs/migrating.md lists, test by test, what does not pass under the shim and why;
``listed_differences`` reads that table back for tests/test_compat_peers.py.
``run_docstring_examples`` runs PokerKit's docstring examples, which it tests too, with
the shim's names.
"""

from __future__ import annotations

import builtins
import codeop
import contextlib
import doctest
import importlib
import importlib.metadata
import io
import json
import os
import random
import re
import subprocess
import sys
import tarfile
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import peer_redirect

HERE = Path(__file__).resolve().parent
MIGRATING = HERE.parent / "docs" / "migrating.md"


@dataclass(frozen=True)
class Peer:
    """A peer as this project tests its shim against it."""

    name: str
    version: str  # the sdist taken from PyPI
    readme: str  # the README in the sdist, whose examples are run
    tests: tuple[str, ...] = ()  # test files or folders in the sdist, for pytest
    # Packages that the peer's setup.py imports before pip can read its metadata, so that
    # `pip download` of the sdist needs them (eval7's setup.py imports Cython).
    setup_requires: tuple[str, ...] = ()


def _installed(name: str, default: str) -> str:
    """The installed version (PokerKit's tests must match the PokerKit the shim extends)."""
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return default


PEERS = {
    peer.name: peer
    for peer in (
        # treys' sdist has no tests; its README has the examples.
        Peer("treys", "0.1.8", "README.rst"),
        Peer("deuces", "0.2.1", "README.md", ("deuces/test_deuces.py",)),
        # 0.1.10 is eval7's last sdist (0.1.11 is wheels only); it has no tests either.
        Peer("eval7", "0.1.10", "README.rst", setup_requires=("cython", "setuptools>=70.1")),
        Peer("phevaluator", "0.6.0", "README.md", ("tests",)),
        Peer("pokerkit", _installed("pokerkit", "0.7.7"), "README.rst", ("pokerkit/tests",)),
    )
}


class DownloadImpossible(Exception):
    """pip could not reach PyPI or found no such sdist there."""


# pip's words when the index cannot be reached or holds no such file.
_UNREACHABLE = re.compile(
    r"No matching distribution|Could not find a version|Failed to establish a new connection"
    r"|Temporary failure in name resolution|Network is unreachable|Max retries exceeded"
    r"|Could not fetch URL|ConnectTimeout|ReadTimeout|SSLError|ProxyError",
)


def _pip(args: list[str], env: dict[str, str] | None = None) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pip", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", **(env or {})},
        timeout=900,
        check=False,
    )
    if done.returncode != 0:
        words = (done.stdout + done.stderr).strip()
        if _UNREACHABLE.search(words):
            raise DownloadImpossible(words.splitlines()[-1] if words else "pip failed")
        raise RuntimeError(f"pip {' '.join(args)} exited {done.returncode}:\n{words}")


def fetch(peer: Peer, cache: Path) -> Path:
    """The unpacked sdist of the peer (downloaded once into cache); DownloadImpossible
    when PyPI cannot be reached or has no sdist of that version."""
    root = cache / f"{peer.name}-{peer.version}"
    done = root / ".unpacked"
    if done.is_file():
        return root
    archives = cache / "sdists"
    archive = next(archives.glob(f"{peer.name}-{peer.version}.tar.gz"), None)
    if archive is None:
        download = ["download", "--no-deps", "--no-binary", ":all:", "-d", str(archives)]
        env: dict[str, str] = {}
        if peer.setup_requires:
            # pip reads an sdist's metadata by running its setup.py: give it what that imports.
            tools = cache / f"setup-requires-{peer.name}"
            if not tools.is_dir():
                _pip(["install", "--quiet", "--target", str(tools), *peer.setup_requires])
            download.append("--no-build-isolation")
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tools), os.environ.get("PYTHONPATH")]))
        _pip([*download, f"{peer.name}=={peer.version}"], env)
        archive = archives / f"{peer.name}-{peer.version}.tar.gz"
    with tarfile.open(archive) as tar:
        top = f"{peer.name}-{peer.version}/"
        members = []
        for member in tar.getmembers():
            name = member.name[len(top) :] if member.name.startswith(top) else ""
            # Files and folders inside the top folder only: no links, no way out of root.
            if name and ".." not in Path(name).parts and (member.isfile() or member.isdir()):
                member.name = name
                members.append(member)
        root.mkdir(parents=True, exist_ok=True)
        if hasattr(tarfile, "data_filter"):
            tar.extractall(root, members, filter="data")
        else:  # Python < 3.12 (before 3.11.4 and 3.9.17): the members were checked above
            tar.extractall(root, members)
    done.write_text("", encoding="utf-8")
    return root


# ---- a peer's own test suite ---------------------------------------------------------------

# phevaluator's sdist ships tests/test_evaluator*.py, which import their CSV helper
# `from ._csv_fixtures import ...`, but neither that helper, the tests/__init__.py that
# the relative import needs, nor the test_data/ folder the CSV files sit in (they are in its
# repository only).  Its other tests can run all the same: the package marker is added,
# and a stand-in helper skips each CSV test, saying why.
_PHEVALUATOR_CSV = '''\
"""Stand-in for phevaluator's tests/_csv_fixtures.py, which its sdist leaves out."""
from pathlib import Path

TEST_DATA_DIR = Path(__file__).resolve().parent.parent / "test_data"


def run_csv(case, csv_path, evaluate, *, as_int):
    if not Path(csv_path).is_file():
        case.skipTest("phevaluator's sdist ships no test_data/ (its CSV cases are in its repository only)")
    raise AssertionError(f"no CSV reader here for {csv_path}")
'''


def prepare(peer: Peer, root: Path) -> None:
    """Add what the sdist's tests import but the sdist leaves out (phevaluator only)."""
    if peer.name == "phevaluator":
        (root / "tests" / "__init__.py").touch()
        (root / "tests" / "_csv_fixtures.py").write_text(_PHEVALUATOR_CSV, encoding="utf-8")


def run_suite(
    peer: Peer, root: Path, *, shards: tuple[tuple[str, ...], ...] = ()
) -> dict[str, dict[str, str]]:
    """Run the peer's tests under the shim: node id -> {"outcome", "detail"}.

    Each shard (a tuple of paths in the sdist; all of peer.tests when none is given) runs
    in a child process of its own, all at once, so that a long suite takes the time of
    its longest shard.
    """
    prepare(peer, root)
    ini = root / ".pokereval-pytest.ini"  # the peer's run must not read this project's options
    ini.write_text("[pytest]\n", encoding="utf-8")
    children: list[tuple[subprocess.Popen[bytes], Path, Path]] = []
    try:
        for number, paths in enumerate(shards or (peer.tests,)):
            children.append(_start(peer, root, ini, number, paths))
        outcomes: dict[str, dict[str, str]] = {}
        for child, report, output in children:
            child.wait(timeout=1800)
            if not report.is_file():
                words = output.read_text(encoding="utf-8", errors="replace")
                raise RuntimeError(f"the {peer.name} suite wrote no report:\n{words}")
            outcomes.update(json.loads(report.read_text(encoding="utf-8")))
        return outcomes
    finally:
        for child, _, _ in children:
            if child.poll() is None:
                child.kill()
                child.wait()


def _start(
    peer: Peer, root: Path, ini: Path, number: int, paths: tuple[str, ...]
) -> tuple[subprocess.Popen[bytes], Path, Path]:
    """Start one shard: the child, the report it writes, the file it prints to."""
    report, output = root / f".pokereval-report-{number}.json", root / f".pokereval-output-{number}.txt"
    report.unlink(missing_ok=True)
    env = {
        **os.environ,
        peer_redirect.PEER_ENV: peer.name,
        peer_redirect.ROOT_ENV: str(root),
        peer_redirect.REPORT_ENV: str(report),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(HERE), os.environ.get("PYTHONPATH")])),
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    command = [
        sys.executable, "-m", "pytest", "-c", str(ini), "--rootdir", str(root),
        "-p", "peer_redirect", "-p", "no:cacheprovider", "-q", "--continue-on-collection-errors",
        *paths,
    ]  # fmt: skip
    with output.open("wb") as out:  # a file, not a pipe, which a full buffer would stall
        child = subprocess.Popen(command, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT)
    return child, report, output


# ---- README examples -----------------------------------------------------------------------


@dataclass(frozen=True)
class Example:
    """One README example: a ``>>>`` statement (run as the interpreter runs it, echoing a
    value) or a whole code block (run as a script)."""

    line: int  # where it starts in the README, 1-based
    source: str
    mode: str  # "single" or "exec"


_DIRECTIVE = re.compile(r"^\.\.\s+(?:code|code-block|sourcecode)::\s*(\w*)")
_FENCE = re.compile(r"^```\s*(\w*)")
_PYTHON = ("python", "py", "pycon", "python3")


def _rst_blocks(lines: list[str]) -> Iterator[tuple[int, str | None, list[str]]]:
    """(first line, language or None, lines) of each literal or code block."""
    i = 0
    while i < len(lines):
        line = lines[i]
        directive = _DIRECTIVE.match(line.strip())
        if directive or line.rstrip().endswith("::"):
            language = directive.group(1) if directive else None
            indent = len(line) - len(line.lstrip())
            j = i + 1
            while j < len(lines) and lines[j].strip() == "":
                j += 1
            start, body = j, []
            while j < len(lines) and (
                lines[j].strip() == "" or len(lines[j]) - len(lines[j].lstrip()) > indent
            ):
                body.append(lines[j])
                j += 1
            if body:
                yield start + 1, language, textwrap.dedent("\n".join(body)).splitlines()
            i = j
        else:
            i += 1


def _markdown_blocks(lines: list[str]) -> Iterator[tuple[int, str | None, list[str]]]:
    """(first line, language or None, lines) of each fenced or indented block."""
    i = 0
    while i < len(lines):
        fence = _FENCE.match(lines[i])
        if fence:
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            yield i + 2, fence.group(1) or None, lines[i + 1 : j]
            i = j + 1
        elif lines[i].startswith("    ") and (i == 0 or lines[i - 1].strip() == ""):
            j = i
            while j < len(lines) and (lines[j].startswith("    ") or lines[j].strip() == ""):
                j += 1
            yield i + 1, None, textwrap.dedent("\n".join(lines[i:j])).splitlines()
            i = j
        else:
            i += 1


def readme_examples(text: str, *, markdown: bool) -> list[Example]:
    """The Python examples of a README, in order.  A block is Python when its language says
    so, or when it starts with a ``>>>`` prompt.  A ``>>>`` line that continues a statement
    left open (treys writes ``>>>`` where ``...`` belongs) is read as its continuation."""
    lines = text.splitlines()
    examples = []
    for start, language, body in (_markdown_blocks if markdown else _rst_blocks)(lines):
        first = next((line for line in body if line.strip()), "")
        prompts = first.lstrip().startswith(">>>")
        if language not in _PYTHON and not (language is None and prompts):
            continue
        if not any(line.lstrip().startswith(">>>") for line in body):
            examples.append(Example(start, "\n".join(body) + "\n", "exec"))
            continue
        source: list[str] = []
        begun = start
        for offset, line in enumerate([*body, ""]):
            stripped = line.strip()
            continued = source and _open("\n".join(source))
            if stripped.startswith(">>>") and not continued:
                if source:
                    examples.append(Example(begun, "\n".join(source) + "\n", "single"))
                source, begun = [stripped[4:]], start + offset
            elif stripped.startswith((">>>", "...")) and source:
                source.append(stripped[4:])
            elif source:
                examples.append(Example(begun, "\n".join(source) + "\n", "single"))
                source = []
    return examples


def _open(source: str) -> bool:
    """Whether a statement needs more lines."""
    try:
        return codeop.compile_command(source + "\n", "<readme>", "single") is None
    except SyntaxError:
        return False


_ADDRESS = re.compile(r"0x[0-9a-fA-F]+")
_SEED = 20261201


@contextlib.contextmanager
def _repeatable() -> Iterator[None]:
    """The global random and every ``Random()`` made without a seed start from one seed,
    so that the real peer and the shim deal from the same random state (both shuffle with
    Python's random, and the shims promise the same deals for the same state)."""
    seed = random.Random.seed

    def seeded(self: random.Random, a: Any = None, version: int = 2) -> None:
        seed(self, _SEED if a is None else a, version)

    random.Random.seed = seeded  # type: ignore[method-assign]
    state = random.getstate()
    try:
        random.seed(_SEED)
        yield
    finally:
        random.setstate(state)
        random.Random.seed = seed  # type: ignore[method-assign]


def _importer(modules: dict[str, Any], served: set[str]) -> Callable[..., Any]:
    """An __import__ that gives these modules for these names (noting each in served) and
    the usual ones for the rest."""

    def load(name: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level: int = 0) -> Any:
        if level == 0 and name in modules:
            served.add(name)
            return modules[name] if fromlist else modules[name.partition(".")[0]]
        return builtins.__import__(name, globals, locals, fromlist, level)

    return load


def run_readme(peer: Peer, root: Path, *, shim: bool) -> list[tuple[Example, str]]:
    """Each README example with what it printed (an echoed value included), then the name
    of the exception it raised, if any; memory addresses are blanked."""
    text = (root / peer.readme).read_text(encoding="utf-8")
    examples = readme_examples(text, markdown=peer.readme.endswith(".md"))
    names = dict(vars(builtins))
    served: set[str] = set()
    if shim:
        names["__import__"] = _importer(peer_redirect.shim_modules(peer.name), served)
    namespace: dict[str, Any] = {"__name__": "__readme__", "__builtins__": names}
    results = []
    with _repeatable():
        for example in examples:
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                try:
                    exec(compile(example.source, f"{peer.readme}:{example.line}", example.mode), namespace)
                except Exception as error:  # the outcome is recorded, not raised
                    print(f"raised {type(error).__name__}")
            results.append((example, _ADDRESS.sub("0x?", out.getvalue())))
    if shim and not served:
        raise AssertionError(f"the {peer.name} README never imported {peer.name}: nothing ran under the shim")
    return results


# ---- PokerKit's docstring examples -----------------------------------------------------------


def run_docstring_examples(module: str) -> tuple[int, list[str]]:
    """Run the docstring examples of one of PokerKit's modules (PokerKit tests them, with
    doctest) with that module's names as the shim has them, and the shim's modules for
    the examples' own imports: how many ran, and a report of each example that failed.
    The docstrings are those of the installed PokerKit, the version the shim extends."""
    modules = peer_redirect.shim_modules("pokerkit")
    names = dict(vars(builtins))
    served: set[str] = set()
    names["__import__"] = _importer(modules, served)
    runner = doctest.DocTestRunner()
    failures = []
    for test in doctest.DocTestFinder().find(importlib.import_module(module)):
        test.globs = {**vars(modules[module]), "__builtins__": names}
        printed: list[str] = []
        with _repeatable():
            result = runner.run(test, out=printed.append)
        if result.failed:
            failures.append("".join(printed))
    return runner.summarize(verbose=False).attempted, failures


# ---- what docs/migrating.md lists ----------------------------------------------------------

_ROW = re.compile(r"^\|\s*(\w+)\s*\|\s*`([^`]+)`\s*\|\s*(\w+)\s*\|")


def listed_differences(peer: str) -> dict[str, str]:
    """Test id (or README line) -> the outcome docs/migrating.md gives it under the shim."""
    rows = {}
    for line in MIGRATING.read_text(encoding="utf-8").splitlines():
        row = _ROW.match(line)
        if row and row.group(1) == peer:
            rows[row.group(2)] = row.group(3)
    return rows
