"""pokereval.icm against hand-computed cases, a published example and brute force over orders.

The Malmuth-Harville model: P(order) = prod over places of stack / (chips still in play).
Brute force below sums that product over every finishing order (itertools.permutations),
which is independent of the core's dynamic programming over sets of placed players.
"""

from __future__ import annotations

import itertools
import json
import math
import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from reference import harville

import pokereval as pe
from pokereval.icm import DEFAULT_SAMPLES


def by_orders(stacks: list[float], payouts: list[float]) -> list[float]:
    equity = [0.0] * len(stacks)
    for order in itertools.permutations(range(len(stacks))):
        p, left = 1.0, sum(stacks)
        for player in order:
            p *= stacks[player] / left
            left -= stacks[player]
        for place, player in enumerate(order[: len(payouts)]):
            equity[player] += p * payouts[place]
    return equity


def test_three_players_by_hand() -> None:
    # Stacks 50/30/20, prizes 70/30.  First place by chips; second: A after B wins is
    # 50/70, after C wins 50/80, and so on.
    a2 = 0.3 * 50 / 70 + 0.2 * 50 / 80
    b2 = 0.5 * 30 / 50 + 0.2 * 30 / 80
    c2 = 0.5 * 20 / 50 + 0.3 * 20 / 70
    want = [70 * 0.5 + 30 * a2, 70 * 0.3 + 30 * b2, 70 * 0.2 + 30 * c2]
    got = pe.icm([50, 30, 20], [70, 30])
    assert np.allclose(got, want, rtol=1e-14, atol=0) and got.exact and not got.stderr.any()


def test_the_published_examples() -> None:
    # Wikipedia, "Independent Chip Model": 50%, 30% and 20% of the chips, 70 and 30 units for
    # first and second: "about 45, 32 and 22" (the figures cut to whole units).
    got = pe.icm([50, 30, 20], [70, 30])
    assert [math.floor(float(x)) for x in got] == [45, 32, 22]
    # The common sit-and-go example: the same chips, prizes 50/30/20 of the pool: the big stack's
    # share is 38.39%.
    assert round(float(pe.icm([10_000, 6_000, 4_000], [0.5, 0.3, 0.2])[0]) * 100, 2) == 38.39


def test_four_players_by_hand() -> None:
    # Stacks 40/30/20/10, one prize of 100 for first and 0 after: pure chip share.
    assert np.allclose(pe.icm([40, 30, 20, 10], [100]), [40, 30, 20, 10], rtol=1e-14)
    # Prizes 60/40: second place for D (10 chips) by hand, over who won first.
    d2 = 0.4 * 10 / 60 + 0.3 * 10 / 70 + 0.2 * 10 / 80
    assert math.isclose(pe.icm([40, 30, 20, 10], [60, 40])[3], 60 * 0.1 + 40 * d2, rel_tol=1e-14)
    # All four places against every order.
    stacks, payouts = [40.0, 30.0, 20.0, 10.0], [50.0, 25.0, 15.0, 10.0]
    assert np.allclose(pe.icm(stacks, payouts), by_orders(stacks, payouts), rtol=1e-13)


def test_against_every_order_for_seven_players() -> None:
    stacks = [13.0, 2.5, 7.0, 7.0, 30.0, 1.0, 9.5]
    payouts = [40.0, 25.0, 15.0, 10.0, 6.0]
    got = pe.icm(stacks, payouts)
    assert np.allclose(got, by_orders(stacks, payouts), rtol=1e-12)
    assert math.isclose(float(got.sum()), sum(payouts), rel_tol=1e-13)


def test_twenty_players_exact() -> None:
    stacks = [1000.0 + 137 * i for i in range(20)]
    payouts = [30.0, 20.0, 14.0, 10.0, 8.0, 6.0, 5.0, 4.0, 3.0]
    got = pe.icm(stacks, payouts)
    assert got.exact and math.isclose(float(got.sum()), 100.0, rel_tol=1e-12)
    assert np.all(np.diff(got) > 0)  # more chips, more equity
    even = pe.icm([5.0] * 20, payouts)
    assert np.allclose(even, 5.0, rtol=1e-12)  # equal stacks share equally


def test_monte_carlo_within_four_standard_errors() -> None:
    stacks = [13.0, 2.5, 7.0, 7.0, 30.0, 1.0, 9.5, 4.0]
    payouts = [40.0, 25.0, 15.0, 10.0, 6.0, 4.0]
    exact = pe.icm(stacks, payouts)
    sampled = pe.icm(stacks, payouts, samples=300_000, seed=5)
    assert not sampled.exact and sampled.samples == 300_000 and sampled.seed == 5
    assert np.all(np.abs(sampled - exact) < 4 * sampled.stderr)
    again = pe.icm(stacks, payouts, samples=300_000, seed=5)
    assert np.array_equal(np.asarray(sampled), np.asarray(again))


def test_many_players_are_sampled() -> None:
    stacks = [float(1 + i % 7) for i in range(200)]
    got = pe.icm(stacks, [50.0, 30.0, 20.0], samples=20_000, seed=3)
    assert not got.exact and math.isclose(float(got.sum()), 100.0, rel_tol=1e-12)
    default = pe.icm(stacks[:30], [50.0, 30.0, 20.0], seed=1)
    assert not default.exact and default.samples == DEFAULT_SAMPLES


def test_bad_input_is_named() -> None:
    with pytest.raises(ValueError, match="player 2 has 0 chips"):
        pe.icm([10, 0, 5], [1])
    with pytest.raises(ValueError, match="3 payouts for 2 players"):
        pe.icm([10, 5], [3, 2, 1])
    with pytest.raises(TypeError, match="entry 1 must be a number"):
        pe.icm([True, 5], [1])
    with pytest.raises(ValueError, match="not a finite number"):
        pe.icm([10, 5], [float("nan")])
    with pytest.raises(TypeError, match="a list of numbers"):
        pe.icm("10 5", [1])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no prize"):
        pe.icm([10, 5], [])
    with pytest.raises(TypeError, match="samples"):
        pe.icm([10, 5], [1], samples=1.5)  # type: ignore[arg-type]


def test_icm_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from pokereval.cli import main

    assert main(["icm", "10000", "6000", "4000", "--payouts", "50", "30", "20"]) == 0
    assert "38.39" in capsys.readouterr().out
    assert main(["icm", "50", "30", "20", "--payouts", "70", "30", "--json"]) == 0
    assert '"exact": true' in capsys.readouterr().out
    assert main(["icm", "50", "0", "--payouts", "1"]) == 2
    assert "player 2 has 0 chips" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("stacks", "payouts", "expected"),
    [([1, 1e-17], [50, 30], [50, 30]), ([1e300, 1e-300, 1], [50, 30, 20], [50, 20, 30])],
)
def test_sampled_icm_ends_when_a_stack_vanishes_in_the_others_rounding(
    stacks: list[float], payouts: list[float], expected: list[float]
) -> None:
    # 1e-17 beside 1 is lost from the running sums once the 1 is placed; the draws for the
    # next place used to land on the gone player forever.  Run in a child, so that a
    # regression fails here instead of hanging the run.  The tiny stack always places last,
    # so every sample draws the same order and the estimate is the exact answer.
    code = (
        "import json; from pokereval import icm; "
        f"print(json.dumps(icm({stacks!r}, {payouts!r}, samples=3000, seed=1).tolist()))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == expected
    assert pe.icm(stacks, payouts).tolist() == expected  # the exact model agrees


@pytest.mark.parametrize(
    ("stacks", "payouts", "samples"),
    [
        ([1] * 5 + [10**17], [1, 1], 100_000),
        ([1.0] * 23 + [1e17], [1, 1], None),  # 24 players: sampled whatever is asked
        ([100] * 3 + [2**60], [3, 2, 1], 100_000),
    ],
)
def test_sampled_icm_keeps_the_small_stacks_after_a_huge_one_places(
    stacks: list[float], payouts: list[float], samples: int | None
) -> None:
    # The huge stack takes first place in (nearly) every sample; taking it out of the running
    # sums left them with its rounding, so one small stack got nothing (0, stderr 0) and the
    # others were off by hundreds of standard errors.  Equal stacks share equally: the exact
    # answer, 1 / (players - 1) of second place each and the first place to the huge stack.
    got = pe.icm(stacks, payouts, samples=samples, seed=1)
    small = len(stacks) - 1
    share = payouts[1] / small if len(payouts) == 2 else sum(payouts[1:]) / small
    assert got[-1] == pytest.approx(payouts[0])
    for player in range(small):
        assert got.stderr[player] > 0
        assert abs(got[player] - share) < 6 * got.stderr[player], (player, got[player], share)


def test_a_payout_too_large_for_a_float_is_worded() -> None:
    from decimal import Decimal

    cases: list[list[Any]] = [[10**400, 1], [Decimal("1e400"), 1]]
    for payouts in cases:
        with pytest.raises(ValueError, match="payouts: entry 1 is too large to be a finite number"):
            pe.icm([1, 2], payouts)


def test_stacks_are_taken_at_any_scale_exact_numbers_too() -> None:
    """As the docstring says: ints, Fractions and Decimals beyond the floats' range either way
    are scaled together exactly, so 1:3 is 1:3 at 1e-400 as at 1e400 (they were 0 or inf
    chips, and refused)."""
    from decimal import Decimal
    from fractions import Fraction

    want = list(pe.icm([1, 3, 6], [10, 5, 0]))
    cases: list[list[Any]] = [
        [Decimal("1e-400"), Decimal("3e-400"), Decimal("6e-400")],
        [Fraction(1, 10**400), Fraction(3, 10**400), Fraction(6, 10**400)],
        [Decimal("1e400"), Decimal("3e400"), Decimal("6e400")],
        [10**400, 3 * 10**400, 6 * 10**400],
        [Fraction(10**400), Decimal("3e400"), 6 * 10**400],
    ]
    for stacks in cases:
        assert list(pe.icm(stacks, [10, 5, 0])) == pytest.approx(want, rel=1e-12), stacks
    # Beside 10**400 chips, a stack of 1 is still in play (the least double) and last.
    assert list(pe.icm([10**400, 1], [10, 1])) == pytest.approx([10, 1], rel=1e-12)


def test_stacks_beyond_the_floats_are_checked_as_any() -> None:
    """A stack that is no positive number is worded as its float, whatever the other stacks
    (a stack past the floats beside it once made the words "sNaN", "-1E+400")."""
    from decimal import Decimal
    from fractions import Fraction

    cases: list[tuple[list[Any], str]] = [
        ([Decimal("-1e400"), 1], "player 1 has -inf chips"),
        ([Decimal("-1e400"), 10**400], "player 1 has -inf chips"),
        ([0, 10**400], "player 1 has 0 chips"),
        ([float("nan"), 10**400], "player 1 has nan chips"),
        ([Decimal("sNaN"), 10**400], "player 1 has nan chips"),
        ([Decimal("sNaN"), 1], "player 1 has nan chips"),
        ([Fraction(1, 10**400), Decimal("Infinity")], "player 2 has inf chips"),
        ([10**5000, -(10**5000)], "player 2 has -inf chips"),
        ([-Fraction(1, 10**400), 1], "player 1 has -0 chips"),
        ([Decimal("-1e400"), -1], "player 1 has -inf chips"),
    ]
    for stacks, said in cases:
        with pytest.raises(ValueError, match=f"^stacks: {said}; stacks must be finite and above 0$"):
            pe.icm(stacks, [1, 0])
    # The payouts are read before any stack is refused, as without a stack past the floats.
    text: Any = ["x"]
    with pytest.raises(TypeError, match="payouts: entry 1 must be a number"):
        pe.icm([10**400, -1], text)
    with pytest.raises(ValueError, match="payouts: place 1 pays nan"):
        pe.icm([1, 2], [Decimal("sNaN"), 0])


def test_exact_numbers_past_the_scale_read_exactly_are_refused_at_once() -> None:
    """Decimal("1e100000000") is a 300-million-bit int: building it took minutes.  Past
    2**65536 a stack is refused in words, and a payout past the floats as too large, at once."""
    import time
    from decimal import Decimal

    start = time.perf_counter()
    with pytest.raises(ValueError, match=r"stacks: entry 1 is beyond 2\*\*±65536"):
        pe.icm([Decimal("1e100000000"), 1], [1])
    with pytest.raises(ValueError, match=r"stacks: entry 2 is beyond 2\*\*±65536"):
        pe.icm([10**400, Decimal("1e-30000")], [1])
    with pytest.raises(ValueError, match="payouts: entry 1 is too large to be a finite number"):
        pe.icm([1, 2], [Decimal("1e100000000")])
    assert time.perf_counter() - start < 5  # seconds, not minutes: far from any timing noise


def test_numpy_floats_of_every_width_are_numbers() -> None:
    """float32, float16 and longdouble stacks and payouts are read by their floats (the first
    version of the exact scaling refused them as no Rational)."""
    want = list(pe.icm([1, 2], [1]))
    for dtype in (np.float16, np.float32, np.float64, np.longdouble):
        assert list(pe.icm(np.array([1, 2], dtype=dtype), [1])) == pytest.approx(want)
        assert list(pe.icm([1, 2], np.array([1], dtype=dtype))) == pytest.approx(want)
    with pytest.raises(ValueError, match="player 1 has inf chips"):
        pe.icm([float(np.longdouble("inf")), 1], [1])
    endless: Any = [np.longdouble("inf"), 1]
    with pytest.raises(ValueError, match="player 1 has inf chips"):
        pe.icm(endless, [1])


def test_stacks_in_the_subnormal_band_are_scaled_exactly() -> None:
    """1e-320 is a subnormal double with a few digits: as a Decimal it is read exactly, so two
    stacks that differ in the fifth digit are told apart there as at 1e-400."""
    from decimal import Decimal

    low = pe.icm([Decimal("1e-320"), Decimal("1.0001e-320")], [1])
    lower = pe.icm([Decimal("1e-400"), Decimal("1.0001e-400")], [1])
    assert list(low) == pytest.approx(list(lower), rel=1e-12) and low[1] > low[0]


def test_icm_counts_samples_as_every_monte_carlo_does() -> None:
    """samples= is checked as equity's: numpy integers taken, 1..10**12 (icm had its own
    rule, 1..2**40, and refused numpy integers)."""
    stacks, payouts = [5000, 3000, 2000], [50, 30, 20]
    samples: Any = np.int64(1000)  # Any: the signature says int, and numpy's ints are taken
    assert pe.icm(stacks, payouts, samples=samples, seed=1).samples == 1000
    with pytest.raises(ValueError, match=r"at most 1,000,000,000,000 \(10\*\*12\)"):
        pe.icm(stacks, payouts, samples=2**40)


def test_fractions_and_decimals_are_numbers() -> None:
    # Stacks or payouts given as Fraction or Decimal (money often is) were refused as "not a
    # number"; they are read as the floats they stand for.
    from decimal import Decimal
    from fractions import Fraction

    given = pe.icm([Fraction(1, 2), Decimal("0.25"), 0.25], [Decimal(50), 30, Fraction(20)])
    assert list(given) == list(pe.icm([0.5, 0.25, 0.25], [50.0, 30.0, 20.0]))
    with pytest.raises(ValueError, match="player 1 has nan chips"):
        pe.icm([Decimal("NaN"), 1], [1, 0])


@pytest.mark.parametrize(
    "stacks, payouts, sample",
    [
        ([5e-324, 1e300], [1e300, 1e-300], True),
        ([5e-324, 1e300], [1e300, -1e-300], True),
        ([1.0, 2.0, 3.0], [1e300, 1e-300, 5e-324], True),
        # Player 2 wins -1e308 with a chance of 2e-301: -2e7, which no sample of a few
        # thousand orders sees.
        ([3.0, 1e-300, 2.0], [-1e308, 1e-308, 2e-320], False),
    ],
)
def test_prizes_far_apart_are_each_paid_in_full(
    stacks: list[float], payouts: list[float], sample: bool
) -> None:
    """One scale for all prizes (the largest brought to 2**400) turned a prize below about
    2**-1474 of the largest into 0, and the floor kept for stacks then made 1e-300 into
    2.6e-144; a negative one stayed 0.  The model is linear in the prizes, so they go in bands
    of their own scale."""
    want = [float(x) for x in harville(stacks, payouts)]
    got = pe.icm(stacks, payouts)
    assert list(got) == pytest.approx(want, rel=1e-12)
    if not sample:
        return
    sampled = pe.icm(stacks, payouts, samples=4000, seed=3)
    assert np.all(np.isfinite(sampled)) and np.all(np.isfinite(sampled.stderr))
    assert np.all(np.abs(sampled - want) <= 6 * sampled.stderr + 1e-12 * np.abs(want))


def test_a_single_sample_has_no_error_estimate(capsys: pytest.CaptureFixture[str]) -> None:
    """One finishing order says nothing of the spread: its standard error is nan (the
    variance over the draws said 0, printed "+- 0.00" as if exact), and two draws or more
    take the sample variance (over draws - 1)."""
    from pokereval.cli import main

    one = pe.icm([1, 2], [1], samples=1, seed=1)
    assert np.all(np.isnan(one.stderr))
    assert main(["icm", "1", "2", "--payouts", "1", "--samples", "1", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "+- n/a" in out and "1 sample, seed 1" in out and "+- 0.00" not in out
    many = pe.icm([1, 2], [1], samples=1000, seed=1)
    # Each draw pays 0 or 1: the sample variance is m (1 - m) n / (n - 1).
    m = float(many[0])
    assert float(many.stderr[0]) == pytest.approx(math.sqrt(m * (1 - m) / 999), rel=1e-9)


@pytest.mark.parametrize(
    "amount, words",
    [("1e400", "'1e400' is beyond the floats"), ("1e-400", "'1e-400' is too small for a float")],
)
def test_the_command_refuses_amounts_no_float_holds(
    amount: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command reads floats: 1e400 became inf and 1e-400 became 0, and the messages
    spoke of "inf chips" and "0 chips", which the user had not typed."""
    from pokereval.cli import main

    with pytest.raises(SystemExit) as stopped:  # argparse's usage error: exit 2
        main(["icm", amount, "1", "--payouts", "50"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "inf chips" not in err and "0 chips" not in err


def test_sampled_errors_of_large_close_prizes_and_of_tiny_ones() -> None:
    """Large prizes close together: the variance, sums of squares less the squared mean, lost
    its digits (1e6 + 1 and 1e6 gave errors of 0.00435 and 0.00396 where both are 0.00472);
    each player's payout differs from the least prize by 0 or 1 a draw.  Tiny prizes in a band
    of their own squared to 0 in the sampler, and their errors were 0."""
    close = pe.icm([1, 2], [1e6 + 1, 1e6], samples=10007, seed=2)
    share = float(close[0]) - 1e6  # the chance of first place, estimated
    assert float(close.stderr[0]) == pytest.approx(float(close.stderr[1]), rel=1e-9)
    assert float(close.stderr[0]) == pytest.approx(math.sqrt(share * (1 - share) / 10006), rel=1e-6)
    tiny = pe.icm([1.7e308, 5e-324, 5e-324], [1.7e308, math.ldexp(1.7e308, -1000)], samples=20000, seed=5)
    assert np.all(tiny.stderr[1:] > 0) and np.all(np.isfinite(tiny.stderr))
