"""Regenerate the preflop tables shipped in pokereval/data/ (see docs/tables.md).

    python tools/build_tables.py                 # both tables, every core, resumable
    python tools/build_tables.py hu --workers 2  # only the heads-up (and class) table
    python tools/build_tables.py multiway        # needs the heads-up table written first

Chunks are computed in worker processes by pokereval.preflop_build and saved in --chunks as they
finish; run the same command again after an interruption and only the missing chunks are
computed.  For a Dask cluster use `python -m pokereval.dask preflop --scheduler ...` instead.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from pokereval import preflop_build
from pokereval.equity import preflop


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("table", nargs="?", choices=("hu", "multiway", "all"), default="all")
    parser.add_argument(
        "--out", default=str(preflop.DATA), help="where the .npz files go (default: the package)"
    )
    parser.add_argument("--chunks", default="preflop-chunks", help="folder of finished chunks (resume)")
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)"
    )
    args = parser.parse_args(argv)
    out, chunks = Path(args.out), Path(args.chunks)
    try:  # before any work: a build runs for hours and must not fail on its last step
        preflop_build.check_folder(out, "the tables")
        preflop_build.check_folder(chunks, "the chunks")
    except ValueError as error:
        parser.error(str(error))
    if args.table in ("hu", "all"):
        keys = preflop_build.hu_class_keys()
        progress = preflop_build.progress_line("heads-up")
        wins = np.concatenate(
            preflop_build.run_chunks(
                preflop_build.hu_chunks(keys), chunks, workers=args.workers, progress=progress
            )
        )
        preflop_build.write_hu(out, keys, wins)
        print(f"wrote {out / preflop.HU_FILE}", file=sys.stderr)
    if args.table in ("multiway", "all"):
        progress = preflop_build.progress_line("multiway")
        rows = preflop_build.run_chunks(
            preflop_build.multiway_chunks(), chunks, workers=args.workers, progress=progress
        )
        preflop_build.write_multiway(out, rows)
        print(f"wrote {out / preflop.MULTIWAY_FILE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
