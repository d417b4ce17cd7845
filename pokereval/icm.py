"""Tournament equity by the Independent Chip Model (Malmuth-Harville).

Each player finishes first with probability stack / total chips, and each next place goes
the same way among the players left (Harville 1973, "Assigning probabilities to the
outcomes of multi-entry competitions"; Malmuth's use of it for tournament chips).  The
core (csrc/solver.c) computes it exactly by dynamic programming over the sets of players
already placed (2^n sets, not n! orders) up to :data:`EXACT_PLAYERS` players, and by a
seeded Monte Carlo over finishing orders beyond.
"""

from __future__ import annotations

import math
import numbers
import os
import sys
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np

from . import _core_solver
from ._arrays import Plain
from ._checks import check_samples, check_seed

__all__ = ["DEFAULT_SAMPLES", "EXACT_PLAYERS", "ICMEquity", "icm"]

EXACT_PLAYERS = 22
"""Up to this many players :func:`icm` is exact unless ``samples`` is given."""

DEFAULT_SAMPLES = 200_000
"""Finishing orders :func:`icm` draws beyond :data:`EXACT_PLAYERS` players."""

_CALL_STEPS = 4_000_000  # a call's work, about 50 ms: a sample costs about n + places * log2(n) steps


def _chunk(n: int, places: int) -> int:
    """Samples a call: whole blocks (so any split gives the same sums), as many as about 50 ms
    allows; 64 blocks a call at any size held 5,000 paid players' Ctrl-C for three minutes."""
    steps = n + places * max(1, n.bit_length())
    return _core_solver.ICM_BLOCK * max(1, min(64, _CALL_STEPS // (_core_solver.ICM_BLOCK * steps)))


class ICMEquity(Plain):
    """Each player's expected payout, a float64 array in the order of the stacks.

    ``stderr`` is each figure's standard error (0 when exact, nan from a single sample),
    ``exact`` whether the model was computed exactly, ``samples`` and ``seed`` the Monte
    Carlo run (None when exact).

    >>> e = icm([50, 30, 20], [70, 30])
    >>> [round(float(x), 4) for x in e], e.exact
    ([45.1786, 32.25, 22.5714], True)
    """

    stderr: np.ndarray[Any, Any]
    exact: bool
    samples: int | None
    seed: int | None
    _kept = ("stderr", "exact", "samples", "seed")

    def __array_finalize__(self, obj: Any) -> None:
        self.stderr = getattr(obj, "stderr", None)  # type: ignore[assignment]
        self.exact = getattr(obj, "exact", True)
        self.samples = getattr(obj, "samples", None)
        self.seed = getattr(obj, "seed", None)


# Exact numbers (ints, Fractions, Decimals) are read exactly up to 2**±_EXACT_BITS (about
# 1e±19,728): past that a number's exact form alone (Decimal("1e100000000") is a 300-million-bit
# int) would take seconds to build, for a stack whose share no double could tell from 0 or 1.
_EXACT_BITS = 1 << 16


def _is_exact(value: object) -> bool:
    """An int, a Fraction or a finite Decimal: a number read exactly, not through a float."""
    return (isinstance(value, numbers.Rational) and not isinstance(value, (bool, np.bool_))) or (
        isinstance(value, Decimal) and value.is_finite()
    )


def _bits(value: Any) -> int:
    """About log2 of a nonzero exact number's magnitude, without building its exact form."""
    if isinstance(value, Decimal):
        return int(value.adjusted() * 3.3219280948873626)  # log2(10)
    if isinstance(value, numbers.Integral):
        return int(value).bit_length()
    return int(value.numerator).bit_length() - int(value.denominator).bit_length()


def _numbers(values: object, what: str, scalable: bool = False) -> np.ndarray[Any, Any]:
    """The numbers as floats.  An exact number too large for a float (10**400, Decimal("1e400"))
    is refused; or, when `scalable` (stacks: the model is the same at any scale), one that no
    float holds at full precision, too large or too small (Fraction(1, 10**400), 1e-320 as a
    Decimal), has the positive numbers scaled together first, exactly, by a power of two.
    Other numbers (0, negative, NaN) stay the floats they are, for the caller's checks."""
    if isinstance(values, (str, bytes)) or not isinstance(values, (Sequence, np.ndarray)):
        raise TypeError(f"{what} must be a list of numbers, got {type(values).__name__}")
    if isinstance(values, memoryview):  # read through numpy: iterating one of ">q" is not implemented
        values = np.asarray(values)
    if isinstance(values, np.ndarray) and values.ndim != 1:  # it iterates as rows, not numbers
        raise TypeError(f"{what} must be a list of numbers (a 1-d array), got a {values.ndim}-d array")
    if isinstance(values, np.ndarray) and values.dtype.kind not in "iufO":  # times, text, bools
        raise TypeError(f"{what} must be a list of numbers, got an array of {values.dtype}")
    out: list[float] = []
    beyond = None
    for i, value in enumerate(values, 1):
        number = isinstance(value, (numbers.Real, Decimal))  # Fraction and Decimal too, as floats
        if isinstance(value, (bool, np.bool_)) or not number:
            raise _no_number(what, i, value)
        try:
            as_float = math.nan if isinstance(value, Decimal) and value.is_snan() else float(value)
        except OverflowError:  # an int or a Fraction past the floats
            as_float = math.inf if value > 0 else -math.inf
        except TypeError:  # numpy's timedelta64 counts as an integer, and is no number of chips
            raise _no_number(what, i, value) from None
        if beyond is None and _is_exact(value) and value != 0:
            if math.isinf(as_float) or (scalable and abs(as_float) < sys.float_info.min):
                beyond = i  # a number no float holds (at full precision)
        out.append(as_float)
    if beyond is None:
        return np.array(out, dtype=np.float64)
    if not scalable:
        raise ValueError(f"{what}: entry {beyond} is too large to be a finite number")
    return _exactly_scaled(values, out, what)


def _no_number(what: str, i: int, value: object) -> TypeError:
    return TypeError(f"{what}: entry {i} must be a number, got {type(value).__name__} {value!r}")


def _exactly_scaled(values: Any, floats: list[float], what: str) -> np.ndarray[Any, Any]:
    """The positive numbers of `values` over a power of two that brings the largest to about
    2**(_STACK_TOP - 1), worked out exactly (a float's exact value for a float), as _scaled
    does for floats; one too small beside the largest to survive becomes the least positive
    double, as in _scaled.  Every other entry stays its float in `floats`."""
    exact: list[Fraction | None] = []
    for i, (value, as_float) in enumerate(zip(values, floats), 1):
        if _is_exact(value) and value > 0:
            if abs(_bits(value)) > _EXACT_BITS:
                raise ValueError(
                    f"{what}: entry {i} is beyond 2**±{_EXACT_BITS} (about 1e±19,728), the scale read exactly"
                )
            exact.append(Fraction(value))
        else:
            exact.append(Fraction(as_float) if math.isfinite(as_float) and as_float > 0 else None)
    if all(x is None for x in exact):
        return np.array(floats)  # no stack above 0: the checks refuse them
    top = max(x for x in exact if x is not None)
    scale = Fraction(2) ** (_STACK_TOP - 1 - (top.numerator.bit_length() - top.denominator.bit_length()))
    out = np.array([as_float if x is None else float(x * scale) for x, as_float in zip(exact, floats)])
    positive = np.array([x is not None for x in exact])
    out[positive & (out == 0.0)] = np.nextafter(0.0, 1.0)
    return out


# Stacks are scaled so that the largest lies in [2**(_STACK_TOP - 1), 2**_STACK_TOP): the
# sums of up to ICM_MAX_SAMPLED (< 2**20) of them stay below the core's bound (1e300, about
# 2**996), and the small ones keep as many binary places below them as a double allows.
# Payouts alike up to 2**_PRIZE_TOP: the sampler's sums of squares over up to 10**12 draws
# (below 2**840) stay finite, and a tiny share of a prize is no subnormal rounded away.
_STACK_TOP = 960
_PRIZE_TOP = 400


def _scaled(values: np.ndarray[Any, Any], top_exponent: int) -> tuple[np.ndarray[Any, Any], int]:
    """(values * 2**-e, e): the largest magnitude brought into [2**(top_exponent - 1),
    2**top_exponent), exactly (a power of two), so that any finite numbers are within the
    core's bounds.  A positive value too small beside the largest to survive the scaling (a
    ratio beyond about 2**-(1074 + top_exponent)) becomes the least positive double: still
    in play.  For stacks only: a prize's size matters, not only that it is there
    (_prize_bands)."""
    top = float(np.max(np.abs(values)))
    if top == 0.0:
        return values, 0
    unit = math.frexp(top)[1] - top_exponent
    out = np.ldexp(values, -unit)
    out[(out == 0.0) & (values > 0.0)] = np.nextafter(0.0, 1.0)
    return out, unit


# A band of prizes spans at most 2**_BAND: scaled to below 2**_PRIZE_TOP, its least is 2**-500
# or more, whose square (the sampler's sums of squares) is still a normal double.
_BAND = 900


def _prize_bands(prize: np.ndarray[Any, Any]) -> list[tuple[np.ndarray[Any, Any], int]]:
    """The prizes as a sum of vectors, each (scaled prizes, e) with its prizes within 2**_BAND
    of each other and the others 0: the model is linear in the prizes, so the bands'
    equities, scaled back by 2**e, add up to the whole.  Floats span 2**2098, so there are at
    most three bands, and one when no prize is below 2**-_BAND of the largest (any real payout
    table).  One scale for all turned a prize of 1e-300 beside one of 1e300 into 0, which the
    stacks' floor in _scaled then made 2.6e-144."""
    exponent = np.frexp(prize)[1]
    nonzero = prize != 0.0
    if not nonzero.any():
        return [(prize, 0)]
    big = nonzero & (exponent > exponent[nonzero].max() - _BAND)
    bands = []
    for part in (big, nonzero & ~big):
        if part.any():
            unit = int(exponent[part].max()) - _PRIZE_TOP
            bands.append((np.ldexp(np.where(part, prize, 0.0), -unit), unit))
    return bands


def icm(
    stacks: Sequence[float | Fraction | Decimal] | np.ndarray[Any, Any],
    payouts: Sequence[float | Fraction | Decimal] | np.ndarray[Any, Any],
    *,
    samples: int | None = None,
    seed: int | None = None,
) -> ICMEquity:
    """Each player's share of the prize pool by the Malmuth-Harville model.

    `stacks` lists every player's chips: ints, floats, Fractions or Decimals, each finite
    and > 0, at any scale (1e308 chips are as good as 1, and so are 10**400 or
    Decimal("1e-400"), which no float holds: ints, Fractions and Decimals are read exactly
    from 2**-65536 to 2**65536, about 1e-19728 to 1e19728).  `payouts` lists the prizes (any
    numbers a float holds) for first, second, ... place (at most one per player; places
    beyond get nothing).  Exact up to :data:`EXACT_PLAYERS` players (any number of payouts);
    beyond, or when `samples` is given, a Monte Carlo over `samples` finishing orders
    (default :data:`DEFAULT_SAMPLES`), repeatable for a given `seed` (drawn from ``os.urandom``
    and recorded when None), with each figure's standard error in ``.stderr``.

    >>> e = icm([5000, 3000, 2000], [50, 30, 20])
    >>> [round(float(x), 2) for x in e]
    [38.39, 32.75, 28.86]
    >>> round(float(e.sum()), 10)
    100.0
    >>> m = icm([5000, 3000, 2000], [50, 30, 20], samples=100_000, seed=1)
    >>> m.exact, bool(np.all(np.abs(m - e) < 4 * m.stderr))
    (False, True)
    """
    listed = isinstance(stacks, Sequence) and not isinstance(stacks, (str, bytes))
    if listed or (isinstance(stacks, np.ndarray) and stacks.ndim == 1):  # others: worded below
        if len(stacks) > _core_solver.ICM_MAX_SAMPLED:  # before each number is read (10**7: 34 s)
            raise ValueError(
                f"icm samples at most {_core_solver.ICM_MAX_SAMPLED:,} players, got {len(stacks):,}"
            )
    stack = _numbers(stacks, "stacks", scalable=True)
    prize = _numbers(payouts, "payouts")
    n = len(stack)
    if n < 1:
        raise ValueError("stacks lists no player")
    if not len(prize):
        raise ValueError("payouts lists no prize")
    if len(prize) > n:
        raise ValueError(f"{len(prize)} payouts for {n} players: at most one prize a player")
    for i, chips in enumerate(stack, 1):
        if not (math.isfinite(chips) and chips > 0):
            raise ValueError(f"stacks: player {i} has {chips:g} chips; stacks must be finite and above 0")
    for i, prize_i in enumerate(prize, 1):
        if not math.isfinite(prize_i):
            raise ValueError(f"payouts: place {i} pays {prize_i}, not a finite number")
    samples = check_samples(samples)  # as every Monte Carlo of the library counts them
    seed = check_seed(seed)
    # The model is the same for stacks at any scale and linear in the payouts: both are
    # scaled into the core's range by powers of two (exact), the prizes scaled back after.
    # Stacks go as high as the core allows, not into [0.5, 1): there 1e-100 and 1e-200
    # beside 1e300 both fell below the least double, became equal and shared the places
    # that the larger of the two takes with a chance of 1 - 1e-100.
    stack, _ = _scaled(stack, _STACK_TOP)
    bands = _prize_bands(prize)
    if samples is None and n <= EXACT_PLAYERS:
        total = np.zeros(n)
        for scaled, unit in bands:
            equity = np.zeros(n)
            rc = _core_solver.icm_exact(stack, scaled, equity, np.empty(1 << n))
            if rc != 0:  # pragma: no cover  (checked above)
                raise ValueError(f"icm: core error {rc}")
            total += np.ldexp(equity, unit)
        result: ICMEquity = total.view(ICMEquity)
        result.stderr, result.exact, result.samples, result.seed = np.zeros(n), True, None, None
        return result
    if n > _core_solver.ICM_MAX_SAMPLED:
        raise ValueError(f"icm samples at most {_core_solver.ICM_MAX_SAMPLED:,} players, got {n:,}")
    draws = DEFAULT_SAMPLES if samples is None else samples
    used = seed if seed is not None else int.from_bytes(os.urandom(8), "little")
    means, errors = np.zeros(n), np.zeros(n)
    chunk = _chunk(n, len(prize))
    # When every player takes a paid place, each is paid `base` at least, which comes off every
    # prize and back onto every mean: the same orders are drawn, and the variance, from sums of
    # squares less the squared mean, no longer cancels away when the prizes are large and
    # close (1e6 + 1 and 1e6 gave errors 8% low).  Of prizes of one sign, the one nearest 0, so
    # that no prize grows and none changes sign.
    if len(prize) == n and (np.all(prize >= 0.0) or np.all(prize <= 0.0)):
        base = float(prize[np.argmin(np.abs(prize))])
        bands = _prize_bands(prize - base)
        means += base
    for scaled, unit in bands:  # a seed draws the same finishing orders for every band
        sums, squares, work = np.zeros(n), np.zeros(n), np.empty(2 * n)
        for first in range(0, draws, chunk):  # short calls: Ctrl-C is seen between them
            count = min(chunk, draws - first)
            rc = _core_solver.icm_sample(stack, scaled, used, first, count, work, sums, squares)
            if rc != 0:  # pragma: no cover  (checked above)
                raise ValueError(f"icm: core error {rc}")
        mean = sums / draws
        means += np.ldexp(mean, unit)
        # The sample variance, over draws - 1: a single draw says nothing of the spread, and
        # its error is nan (the variance over draws gave 0, as if exact).  The bands'
        # covariance is left out: a band's prizes are 2**900 times those of the next, and it
        # is 0 where the larger band's variance is 0.  hypot adds the errors without squaring
        # past the floats.
        if draws > 1:
            spread = np.maximum(squares - draws * mean * mean, 0.0) / (draws - 1)
        else:
            spread = np.full(n, np.nan)
        errors = np.hypot(errors, np.ldexp(np.sqrt(spread / draws), unit))
    result = means.view(ICMEquity)
    result.stderr = errors
    result.exact, result.samples, result.seed = False, draws, used
    return result
