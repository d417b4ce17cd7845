"""Run the C core's own unit tests (csrc/tests/test_core.c, test_engine.c) under ASan/UBSan.

`make -C csrc test` builds the core with -fsanitize=address,undefined and runs the
exhaustive and edge-argument checks there; this test fails with that program's output.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

CSRC = Path(__file__).resolve().parent.parent / "csrc"


def _have_toolchain() -> bool:
    return shutil.which("make") is not None and any(shutil.which(cc) for cc in ("cc", "gcc", "clang"))


@pytest.mark.slow
@pytest.mark.skipif(not _have_toolchain(), reason="needs make and a C compiler")
def test_make_csrc_test() -> None:
    proc = subprocess.run(
        ["make", "-C", str(CSRC), "test"],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output[-6000:]
    # One summary per test program (csrc/tests/test_*.c: the core, the engine, the solver).
    programs = sorted((CSRC / "tests").glob("test_*.c"))
    summary = [line for line in proc.stdout.splitlines() if line.endswith(" failed")]
    assert len(summary) == len(programs) >= 3, output[-6000:]
    for line in summary:
        passed, failed = line.split(" passed, ")
        assert int(passed) > 0
        assert failed == "0 failed", output[-6000:]


# Writable data the core may hold, each with the reason it is safe.  Anything else in a
# writable section is global mutable state, which would make calls without the GIL racy.
ALLOWED_GLOBALS = {
    ("cpu.c", "chosen"): "the batch kernel, stored once by pe_simd_init before any thread evaluates",
}
SYMBOL = re.compile(r"^\S+\s+(?P<flags>.{7})\s+(?P<section>\S+)\s+\S+\s+(?P<name>\S+)$")


def _writable(section: str) -> bool:
    # .data.rel.ro is written by the loader only (relocated pointers), then read-only.
    if section.startswith(".data.rel.ro"):
        return False
    return section in (".data", ".bss", ".tdata", ".tbss", "*COM*") or section.startswith((".data.", ".bss."))


@pytest.mark.slow
@pytest.mark.skipif(
    not _have_toolchain() or shutil.which("objdump") is None, reason="needs a C compiler and objdump"
)
def test_core_has_no_mutable_globals(tmp_path: Path) -> None:
    cc = next(c for c in ("cc", "gcc", "clang") if shutil.which(c))
    found: dict[tuple[str, str], str] = {}
    for source in sorted(CSRC.glob("*.c")):
        obj = tmp_path / (source.stem + ".o")
        subprocess.run([cc, "-std=c99", "-O1", "-c", str(source), "-o", str(obj)], check=True, cwd=CSRC)
        table = subprocess.run(["objdump", "-t", str(obj)], capture_output=True, text=True, check=True).stdout
        for line in table.splitlines():
            match = SYMBOL.match(line)
            if match and "O" in match["flags"] and _writable(match["section"]):
                found[(source.name, match["name"])] = match["section"]
    unexpected = {key: section for key, section in found.items() if key not in ALLOWED_GLOBALS}
    assert not unexpected, f"mutable globals in the core (file, symbol) -> section: {unexpected}"


@pytest.mark.skipif(not _have_toolchain() or shutil.which("nm") is None, reason="needs a C compiler and nm")
@pytest.mark.skipif(not (CSRC.parent / "benchmarks" / "anchors").is_dir(), reason="needs the source tree")
def test_single_hand_entry_is_inline_in_the_anchor_harness(tmp_path: Path) -> None:
    """pe_eval_ids is static inline (csrc/pe_hand.h): the anchors harness's loop
    (benchmarks/anchors/pe_rows.c) holds it and calls nothing for it, while its call case goes
    through pe_call.c.  The two files build as bench_anchors.sh builds them, warnings as errors."""
    anchors = CSRC.parent / "benchmarks" / "anchors"
    cc = next(c for c in ("gcc", "cc", "clang") if shutil.which(c))
    undefined = {}
    for name in ("pe_rows", "pe_call"):
        obj = tmp_path / f"{name}.o"
        flags = ["-O3", "-std=c99", "-fno-strict-aliasing", "-Wall", "-Wextra", "-Werror"]
        build = subprocess.run(
            [cc, *flags, f"-I{CSRC}", f"-I{anchors}", "-c", str(anchors / f"{name}.c"), "-o", str(obj)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert build.returncode == 0, build.stderr
        nm = subprocess.run(["nm", "-u", str(obj)], capture_output=True, text=True, timeout=60, check=True)
        undefined[name] = {line.split()[-1] for line in nm.stdout.splitlines() if line.strip()}
    # The tables are the core's; the evaluation itself is in the object.
    assert "pe_eval_ids" not in undefined["pe_rows"] | undefined["pe_call"]
    assert "pe_rank7_holdem" in undefined["pe_rows"]
    assert "pe_ids_called" in undefined["pe_rows"]
