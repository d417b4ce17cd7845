"""cffi builder for the C core (API mode, out of line).

setuptools runs this file through ``cffi_modules`` in setup.py, as a script, so it
imports nothing from pokereval.  The cdef is the block of csrc/pokereval.h between the
cdef markers, and the same block of each header (csrc/pe_*.h) that pokereval.h includes,
in the order it includes them: the headers stay the one place the contract is written.

Build switch: POKEREVAL_CFLAGS (space separated) is appended to the compiler flags,
e.g. ``POKEREVAL_CFLAGS="-O0 -g -fsanitize=address"`` for a debugging build.  Shipped
builds never tune for the build machine (no -march=native): wheels run everywhere, and
carry no debug information (-g0).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from cffi import FFI

ROOT = Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"
BEGIN, END = "/* ---- cdef begin ---- */", "/* ---- cdef end ---- */"


def read_cdef(header: Path) -> str:
    text = header.read_text(encoding="utf-8")
    try:
        start = text.index(BEGIN) + len(BEGIN)
        stop = text.index(END)
    except ValueError:
        raise SystemExit(f"{header}: the cdef markers {BEGIN!r} and {END!r} are missing") from None
    return text[start:stop]


def contract(top: Path) -> str:
    """The cdef of `top` and of every area header it includes, in include order: a header
    included above top's cdef block (pe_codes.h) comes before it, the others after."""
    text = top.read_text(encoding="utf-8")
    begin = text.index(BEGIN)
    before: list[str] = []
    after: list[str] = []
    for found in re.finditer(r'^#include "(pe_\w+\.h)"', text, flags=re.MULTILINE):
        (before if found.start() < begin else after).append(read_cdef(top.parent / found[1]))
    return "\n".join([*before, read_cdef(top), *after])


def compile_args() -> list[str]:
    if sys.platform == "win32" and "GCC" not in sys.version:
        args = ["/O2"]  # MSVC; its C mode accepts the C99 the core is written in
    else:
        # -g0 cancels the -g of CPython's own CFLAGS: debug information would be a third of
        # the extension (1.5 of 6.4 MB) in every wheel.  POKEREVAL_CFLAGS comes after, so
        # "-g" there still makes a debugging build.
        args = ["-O3", "-std=c99", "-fno-strict-aliasing", "-g0"]
    return args + os.environ.get("POKEREVAL_CFLAGS", "").split()


if not (CSRC / "pokereval.h").exists():
    raise SystemExit(f"pokereval: the C sources are missing ({CSRC}); build from a full checkout or sdist")

ffibuilder = FFI()
ffibuilder.cdef(contract(CSRC / "pokereval.h"))
ffibuilder.set_source(
    "pokereval._pokereval",
    '#include "pokereval.h"',
    # Relative paths: setuptools wants them relative to setup.py, and so do sdists.
    sources=sorted(str(p.relative_to(ROOT)).replace(os.sep, "/") for p in CSRC.glob("*.c")),
    include_dirs=["csrc"],
    # Headers too, so that editing internal.h or a table size rebuilds the module.
    depends=sorted(str(p.relative_to(ROOT)).replace(os.sep, "/") for p in CSRC.glob("*.h")),
    extra_compile_args=compile_args(),
    py_limited_api=True,
)

if __name__ == "__main__":
    ffibuilder.compile(tmpdir=str(ROOT / "build"), verbose=True)
