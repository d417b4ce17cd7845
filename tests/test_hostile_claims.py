"""What a hostile reader of the docs found untrue: each test pins one sentence of docs/*.md.

- docs/solver.md and docs/errors.md: ``load`` refuses any path that is no file save wrote
  with ``ValueError: not a pokereval buckets file: <path>: <what is wrong>``; a directory
  raised IsADirectoryError (only a missing file stays a FileNotFoundError).
- docs/errors.md: a message names what is wrong.  Weights that are all 0 were said to have
  "no combo left without the board and dead cards", blaming cards that took nothing.
- docs/errors.md: nothing a caller passes should end in an error that names nothing.  More
  engine ``Tables`` than fit in memory (or a copy of them) raised a MemoryError with no words,
  where ``play_random`` says how many GiB its results need.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import pokereval as pe
from pokereval import abstraction

FLOP = "Ks 9h 4d"


def _not_buckets(path: Path, problem: str) -> str:
    return rf"^not a pokereval buckets file: {re.escape(str(path))}: {problem}$"


def test_load_refuses_a_directory_in_words(tmp_path: Path) -> None:
    folder = tmp_path / "river.npz"  # a folder named as a saved file would be
    folder.mkdir()
    for path in (tmp_path, folder):
        with pytest.raises(ValueError, match=_not_buckets(path, "a directory, not a file")):
            abstraction.load(path)
        with pytest.raises(ValueError, match=_not_buckets(path, "a directory, not a file")):
            abstraction.bucket_of(str(path), "As Ah", "Ks 9h 4d 2c 7s")


def test_load_of_the_empty_path_names_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=_not_buckets(Path("."), "a directory, not a file")):
        abstraction.load("")


def test_a_missing_file_stays_a_file_not_found_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        abstraction.load(tmp_path / "missing.npz")


def test_weights_all_zero_are_named_as_such() -> None:
    zero = np.zeros(1326)
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: pe.combo_equity(zero, "KK", FLOP), "combo_equity: range has no combo left"),
        (lambda: pe.combo_equity("AA", zero, FLOP), "combo_equity: vs has no combo left"),
        (lambda: pe.equity_distribution(zero, "random", FLOP), "hand_or_range has no combo left"),
        (lambda: pe.equity_distribution("AA", zero, FLOP), "vs has no combo left"),
        (lambda: pe.flop_report(zero, "KK", pandas=False), "flop_report: range has no combo left"),
    ]
    for call, start in cases:
        with pytest.raises(ValueError, match=rf"^{re.escape(start)} \(every weight is 0\)$"):
            call()


def test_a_range_the_board_empties_still_blames_the_board() -> None:
    # Ks is on the board, so the one combo KsKh cannot be dealt: the cards took it.
    board_took = "has no combo left without the board and dead cards"
    with pytest.raises(ValueError, match=rf"^combo_equity: range {board_took}$"):
        pe.combo_equity("KsKh", "QQ", FLOP)
    with pytest.raises(ValueError, match=rf"^combo_equity: vs {board_took}$"):
        pe.combo_equity("QQ", "KsKh", FLOP)
    with pytest.raises(ValueError, match=rf"^hand_or_range {board_took}$"):
        pe.equity_distribution("KsKh", "QQ", FLOP)
    weights = np.zeros(1326)
    weights[pe.combo_index("KsKh")] = 1.0
    with pytest.raises(ValueError, match=rf"^combo_equity: range {board_took}$"):
        pe.combo_equity(weights, "QQ", FLOP)


# The child caps its address space at 3 GiB, so that the tables cannot fit and the test
# never asks the machine for more: 10**7 heads-up tables are about 9.8 GiB (888 bytes of
# C state and about 160 of arrays each), 2 * 10**6 fit once (about 2 GiB) but not twice.
_TOO_MANY = """
import copy, resource
resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
from pokereval.engine import Tables
for make in (
    lambda: Tables(10**7, stacks=[100, 100]),
    lambda: copy.copy(Tables(2 * 10**6, stacks=[100, 100])),
):
    try:
        make()
        print("fits")
    except MemoryError as error:
        print(f"MemoryError: {error}")
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS caps allocations on Linux")
def test_tables_that_do_not_fit_say_how_much_they_need() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _TOO_MANY],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=Path(pe.__file__).resolve().parent.parent,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert re.fullmatch(r"MemoryError: 10,000,000 tables need \d+\.\d GiB; use fewer tables", lines[0])
    assert re.fullmatch(
        r"MemoryError: a copy of 2,000,000 tables needs \d+\.\d GiB; use fewer tables", lines[1]
    )
    assert float(lines[0].split(" need ")[1].split()[0]) > 3  # more than the 3 GiB the child may use


def test_tables_past_the_machines_memory_are_refused_before_any_allocation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Linux grants an allocation past its memory and ends the process when the pages are
    # touched: past the machine's memory the tables are refused up front instead.
    import copy

    from pokereval.engine import Tables
    from pokereval.engine import tables as tables_module

    memory = tables_module._physical_memory()
    if sys.platform.startswith("linux"):
        assert memory is not None and memory > 2**28
    from pokereval.engine import _native

    allocated: list[int] = []
    real = _native.tables

    def counted(count: int) -> object:
        allocated.append(count)
        return real(count)

    monkeypatch.setattr(_native, "tables", counted)
    monkeypatch.setattr(tables_module, "_physical_memory", lambda: 2**30)
    with pytest.raises(MemoryError) as caught:
        Tables(2_000_000, stacks=[100, 100])
    assert re.fullmatch(
        r"2,000,000 tables need (\d+\.\d) GiB and this machine has 1\.0 GiB in all; use fewer tables",
        str(caught.value),
    )
    assert float(re.findall(r"need (\d+\.\d)", str(caught.value))[0]) > 1
    assert allocated == []  # refused before any of it was asked for
    small = Tables(200_000, stacks=[100, 100])  # about 0.2 GiB: past an eighth of a GiB
    monkeypatch.setattr(tables_module, "_physical_memory", lambda: 2**27)
    with pytest.raises(
        MemoryError, match=r"^a copy of 200,000 tables needs 0\.2 GiB and this machine has 0\.1 GiB"
    ):
        copy.copy(small)
    assert allocated == [200_000]


def test_a_hand_rank_compares_sorts_and_hashes_as_its_value_but_adds_nothing() -> None:
    # docs/games.md: "compares, sorts and hashes as its value and converts with int() (it does
    # no arithmetic: int(r) + 1)"; README and games.md said "behaves as its value".
    r = pe.evaluate("As Ad Kh Kc 9c 2d 3h")
    by_rank: dict[object, int] = {r: 1}
    assert r == 4992 and r > 4000 and hash(r) == hash(4992) and by_rank[4992] == 1
    assert sorted([5000, r, 10])[1] is r and int(r) + 1 == 4993  # type: ignore[type-var]
    with pytest.raises(TypeError):
        r + 1  # type: ignore[operator]


def test_saves_name_a_missing_folder_a_folder_and_a_format_before_the_work(tmp_path: Path) -> None:
    # docs/errors.md.  A missing folder was numpy's or open()'s bare FileNotFoundError after the
    # work; save_grid("AA", "/tmp") blamed the format of 'tmp'.
    from pokereval import plot, solver

    missing = tmp_path / "nowhere" / "grid.svg"
    with pytest.raises(FileNotFoundError, match=r"the folder '.*nowhere' does not exist: '.*grid\.svg'"):
        plot.save_grid("AA", missing)
    with pytest.raises(ValueError, match=r"^cannot write '.*': it is a folder: give a file name in it$"):
        plot.save_grid("AA", tmp_path)
    with pytest.raises(
        ValueError, match=r"^cannot write '.*grid\.gif': pictures are \.svg, \.png or \.pdf files$"
    ):
        plot.save_grid("AA", tmp_path / "grid.gif")
    points = plot.street_equity("AsKs", "QQ", "Qc 7s 2s", samples=200, seed=1)
    with pytest.raises(FileNotFoundError, match="nowhere' does not exist"):
        plot.save_streets(points, tmp_path / "nowhere" / "s.svg")
    report = solver.flop_report("AA", "KK", pandas=False)
    with pytest.raises(FileNotFoundError, match="nowhere' does not exist"):
        solver.save_report(report, tmp_path / "nowhere" / "r.csv")
    with pytest.raises(ValueError, match=r"^cannot write '.*r\.txt': reports are \.csv or \.json files$"):
        solver.save_report(report, tmp_path / "r.txt")
    assert solver.save_report(report, tmp_path / "r.CSV").read_text().startswith("board,")
    assert [path.name for path in tmp_path.iterdir()] == ["r.CSV"]  # nothing else written


def test_buckets_save_names_a_missing_folder(tmp_path: Path) -> None:
    pytest.importorskip("sklearn", reason="fitting buckets needs scikit-learn (the solver extra)")
    buckets = abstraction.buckets("river", 3, boards=[("AsKd7c2h9s", 1)])
    with pytest.raises(FileNotFoundError, match="nowhere' does not exist"):
        buckets.save(tmp_path / "nowhere" / "b.npz")
    assert not list(tmp_path.iterdir())
