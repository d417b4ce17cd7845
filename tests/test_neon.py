"""The aarch64 NEON batch kernel (csrc/simd_neon.c), checked under qemu-user on any machine.

The core (csrc/*.c) and its C tests (csrc/tests/test_core.c) are cross-compiled for aarch64
and run under qemu-aarch64.  There cpu.c chooses the neon kernel, and the C tests hold every
kernel the emulated CPU runs (scalar, neon) to pe_eval_ids and, bit for bit, to the scalar
kernel on every class of row: random rows around every block size, rows rich in flushes,
bad ids and repeated cards at every place, several bad rows (test_batch_kernels,
test_kernels_match_scalar).  Needs the Debian packages gcc-aarch64-linux-gnu and qemu-user;
skipped, saying which is missing, without them.  On an aarch64 machine the same C tests run
natively in `make -C csrc test`, and the Python kernel fixtures (test_fast.py, test_wild.py)
include "neon".
"""

from __future__ import annotations

import os
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

CSRC = Path(__file__).resolve().parent.parent / "csrc"
CC = "aarch64-linux-gnu-gcc"
QEMU = "qemu-aarch64"


def _missing() -> str | None:
    if not (CSRC / "pokereval.h").exists():
        return "needs the source tree (csrc/)"
    absent = [tool for tool in (CC, QEMU) if shutil.which(tool) is None]
    if absent:
        return f"needs {' and '.join(absent)} (Debian: apt install gcc-aarch64-linux-gnu qemu-user)"
    return None


# A cross build and an emulated run take half a minute: CI's run, not the everyday loop.
pytestmark = [pytest.mark.slow, pytest.mark.skipif(_missing() is not None, reason=_missing() or "")]


def test_neon_kernel_matches_the_scalar_kernel_under_qemu(tmp_path: Path) -> None:
    sources = [*sorted(CSRC.glob("*.c")), CSRC / "tests" / "test_core.c"]
    flags = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-O2"]

    def compile_one(source: Path) -> subprocess.CompletedProcess[str]:
        obj = tmp_path / (source.stem + ".o")
        return subprocess.run([CC, *flags, "-c", str(source), "-o", str(obj)], capture_output=True, text=True)

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for done in pool.map(compile_one, sources):
            assert done.returncode == 0, done.stderr
    program = tmp_path / "test_core"
    linked = subprocess.run(
        [CC, "-static", "-o", str(program), *map(str, sorted(tmp_path.glob("*.o"))), "-lm"],
        capture_output=True,
        text=True,
    )
    assert linked.returncode == 0, linked.stderr
    # Fewer random seven-card hands than natively: the emulator is slower, and the kernel
    # checks do not depend on that count.
    env = {**os.environ, "PE_TEST_RANDOM": "20000"}
    run = subprocess.run([QEMU, str(program)], capture_output=True, text=True, env=env, timeout=600)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output[-6000:]
    assert "neon batch kernel" in run.stdout, output[-3000:]
    assert "neon kernel against the scalar kernel" in run.stdout, output[-3000:]
    assert run.stdout.rstrip().endswith(" 0 failed"), output[-6000:]
