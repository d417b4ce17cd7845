"""``pokereval report``: a range against a range on all 1,755 flops (the solver kit's flop report)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..games import game_spec
from ..solver import COLUMNS, flop_report, report_svg, texture_summary, write_csv
from ._common import output
from ._work import run_with_progress

# The games its library call plays: --help lists them.
GAMES_PLAYED = ("holdem",)

# its textures and labels are in English: the shared options it reads are only these.
TAKES_LANG = False

HELP = "a range against a range on every one of the 1,755 flops: equity, texture, categories"
EXAMPLES = """\
Exact over every turn and river of each flop.  The text output lists the flops sorted by
--sort (default: the range's equity, lowest first) and the equity by texture; --csv and
--json write every row, --picture an SVG of equity by texture. Ctrl-C stops (exit 130).

examples:
  pokereval report "QQ+,AKs,AQs" "22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+"
  pokereval report "AA,KK" "QQ,AKs" --sort frequency --top 5
  pokereval report "AA,KK" "QQ,AKs" --csv report.csv --picture report.svg --by pairing
  pokereval report AhKh "QQ" --json > report.json
"""

_SORTABLE = tuple(c for c in COLUMNS if c not in ("board", "suits", "pairing", "high"))


def add(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("report", parents=[common], help=HELP, description=HELP, epilog=EXAMPLES)
    parser.add_argument("range", metavar="RANGE", help="the player's range, e.g. 'QQ+,AKs'")
    parser.add_argument("vs", metavar="VS", help="the opponent's range")
    parser.add_argument("--dead", "-d", metavar="CARDS", help="cards out of play")
    parser.add_argument("--sort", default="equity", choices=_SORTABLE, help="the column to sort by")
    parser.add_argument("--descending", action="store_true", help="sort highest first")
    parser.add_argument("--top", type=int, default=10, metavar="N", help="rows to print (default 10)")
    parser.add_argument(
        "--by",
        default="suits",
        choices=("suits", "pairing", "connected", "high"),
        help="the texture to sum equity by (default suits)",
    )
    parser.add_argument("--csv", metavar="PATH", help="write every row as CSV ('-' for stdout)")
    parser.add_argument("--picture", metavar="PATH", help="write the equity-by-texture chart (.svg)")
    parser.add_argument("--threads", "-t", type=int, default=1, metavar="N", help="threads (default 1)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    out = output(args)
    if game_spec(args.game).name != "holdem":
        raise ValueError(f"report is for holdem, not {args.game!r}")
    if args.top < 0:
        raise ValueError(f"--top must be 0 or more, got {args.top}")
    if args.csv == "-" and out.as_json:
        raise ValueError("--csv - and --json both write to stdout; pick one, or give --csv a file")
    if args.picture is not None and not args.picture.endswith(".svg"):
        raise ValueError(f"--picture writes an .svg file, not {args.picture!r}")
    rows: list[dict[str, Any]] = run_with_progress(
        lambda report: flop_report(
            args.range, args.vs, dead=args.dead or (), threads=args.threads, progress=report, pandas=False
        ),
        "flops",
    )
    if args.csv == "-":
        write_csv(rows, sys.stdout)
    elif args.csv:  # CSV, as the flag says, whatever the file is called (report.json too)
        with open(args.csv, "w", newline="", encoding="utf-8") as handle:
            write_csv(rows, handle)
    if args.picture:
        chart = report_svg(rows, by=args.by, title=f"{args.range} v {args.vs}")
        Path(args.picture).write_text(chart, encoding="utf-8")
    if out.as_json:
        out.json(rows)
        return 0
    if args.csv == "-":
        return 0
    overall = sum(r["frequency"] * r["equity"] for r in rows if r["frequency"] > 0)
    out.line(f"{args.range} v {args.vs}: {100 * overall:.2f}% over the 1,755 flops (exact)")
    seen = [r for r in rows if r["frequency"] > 0]
    seen.sort(key=lambda r: r[args.sort], reverse=args.descending)
    if args.top:
        out.line(f"{'flop':<8} {'equity':>7} {'freq':>6}  texture")
        for r in seen[: args.top]:
            texture = f"{r['suits']}, {r['pairing']}{', connected' if r['connected'] else ''}"
            out.line(f"{r['board']:<8} {100 * r['equity']:6.2f}% {100 * r['frequency']:5.2f}%  {texture}")
    out.line(f"by {args.by}:")
    for group, (equity, frequency) in texture_summary(rows, args.by).items():
        name = group if args.by != "connected" else ("connected" if group else "disconnected")
        out.line(f"  {name!s:<12} {100 * equity:6.2f}%  of {100 * frequency:5.2f}% of the flops")
    return 0
