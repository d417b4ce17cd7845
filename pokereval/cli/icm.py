"""``pokereval icm``: tournament equity of each stack by the Malmuth-Harville model."""

from __future__ import annotations

import argparse
import math

from ..icm import EXACT_PLAYERS, icm
from ._common import output

# no cards and no game; its labels are in English: the shared options it reads are only these.
TAKES_GAME = False
TAKES_LANG = False

HELP = "tournament equity (ICM, Malmuth-Harville) of each stack for a list of payouts"
EXAMPLES = """\
Exact up to 22 players; beyond that (or with --samples) a seeded Monte Carlo over finishing
orders, each figure with its standard error.

examples:
  pokereval icm 5000 3000 2000 --payouts 50 30 20
  pokereval icm 50 30 20 --payouts 70 30 --json
  pokereval icm 4000 3500 2500 2000 1500 --payouts 50 30 20 --samples 100000 --seed 1
"""


def _amount(text: str) -> float:
    """One stack or prize.  Commas are refused in words rather than read: showdown's --bets
    takes "100,300,300", but "1,000" may be a thousand or two amounts."""
    if "," in text:
        raise argparse.ArgumentTypeError(
            f"amounts go apart with spaces, as in '50 30 20', without thousands separators; got {text!r}"
        )
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    # The API reads 10**400 or Decimal("1e-400") exactly; the command reads floats, and says
    # so rather than passing on an inf or a 0 that the user did not type.
    if math.isinf(value) and text.strip().lstrip("+-").lower() not in ("inf", "infinity"):
        raise argparse.ArgumentTypeError(f"{text!r} is beyond the floats (at most about 1.8e308)")
    if value == 0.0 and any(digit in "123456789" for digit in text.lower().split("e")[0]):
        raise argparse.ArgumentTypeError(f"{text!r} is too small for a float (the least is about 5e-324)")
    return value


def add(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("icm", parents=[common], help=HELP, description=HELP, epilog=EXAMPLES)
    parser.add_argument("stacks", nargs="+", type=_amount, metavar="STACK", help="each player's chips")
    parser.add_argument(
        "--payouts",
        "-p",
        nargs="+",
        type=_amount,
        required=True,
        metavar="PRIZE",
        help="the prize for first, second, ... place",
    )
    parser.add_argument("--samples", "-n", type=int, metavar="N", help="Monte Carlo finishing orders")
    parser.add_argument(
        "--seed",
        "-s",
        type=int,
        metavar="S",
        help=f"the Monte Carlo seed (with --samples, or beyond {EXACT_PLAYERS} players)",
    )
    parser.set_defaults(run=run)


def _stack(chips: float) -> str:
    """A stack as given: whole chips with thousands separators, any other amount in full
    (0.5 chips is not 0, which no stack may be)."""
    if chips.is_integer() and abs(chips) < 1e16:
        return f"{chips:,.0f}"
    return f"{chips:,}"


def run(args: argparse.Namespace) -> int:
    out = output(args)
    if args.seed is not None and args.samples is None and len(args.stacks) <= EXACT_PLAYERS:
        raise ValueError(
            "--seed goes with --samples (exact runs have no randomness; icm is exact up to"
            f" {EXACT_PLAYERS} players without --samples)"
        )
    result = icm(args.stacks, args.payouts, samples=args.samples, seed=args.seed)
    # Shares of the chips on stacks scaled to at most 1, as the prizes below: two stacks of
    # 1e308 chips add up past the float limit, which printed nan% (icm takes any finite stack).
    most = max(args.stacks)
    total = sum(stack / most for stack in args.stacks)
    if out.as_json:
        out.json(
            {
                "stacks": args.stacks,
                "payouts": args.payouts,
                "equity": [float(x) for x in result],
                "stderr": [float(x) for x in result.stderr],
                "exact": result.exact,
                "samples": result.samples,
                "seed": result.seed,
            }
        )
        return 0
    # Shares of the pool on payouts scaled to at most 1: prizes near the float limit add up
    # (and 100 * equity multiplies up) past it, which printed nan% and inf%.
    scale = max(abs(prize) for prize in args.payouts) or 1.0
    pool = sum(prize / scale for prize in args.payouts)
    out.line(f"{'player':<7} {'stack':>10} {'chips':>7} {'equity':>10} {'of pool':>8}")
    for i, (stack, value) in enumerate(zip(args.stacks, result), 1):
        share = f"{100 * (stack / most) / total:6.2f}%"
        part = f"{float(value) / scale / pool * 100 + 0.0:7.2f}%" if pool else f"{'-':>8}"  # + 0.0: no -0.00
        line = f"{i:<7} {_stack(stack):>10} {share} {float(value):>10,.2f} {part}"
        if not result.exact:  # one sample has no error estimate (nan)
            error = float(result.stderr[i - 1])
            line += f"  +- {error:.2f}" if math.isfinite(error) else "  +- n/a"
        out.line(line)
    plural = "" if result.samples == 1 else "s"
    out.line("exact" if result.exact else f"{result.samples:,} sample{plural}, seed {result.seed}")
    return 0
