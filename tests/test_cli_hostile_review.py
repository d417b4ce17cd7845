"""Wrong or misleading answers found by a hostile review of the command line.

- An option that takes a value, given twice, was kept last and the first silently dropped:
  ``best As Ks --board 'Qs Js Ts' --board '2c 3c 4c'`` printed a high card for a royal flush,
  ``outs --vs QsQd --vs JcJd`` played one opponent.  It is refused now, naming the option.
- ``play`` at a showdown after an all-in named both hands but never the board that decided it.
- ``best`` with too many cards and no board was told to pass the board.
- ``grid --vs`` printed "AKs100" (a cell at 100% ran into its name), and a range that cannot be
  dealt on the board gave a grid of dashes with status 0.
- ``icm`` with prizes near the float limit printed nan% and inf% for the share of the pool.
"""

from __future__ import annotations

import io
import math
import re

import pytest

import pokereval as pe
from pokereval.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        status = main(list(args))
    except SystemExit as stop:  # argparse's usage errors leave through exit(2)
        status = int(stop.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["best", "As Ks", "--board", "Qs Js Ts", "--board", "2c 3c 4c"], "--board"),
        (["outs", "AhKh", "--board", "2h 7h 9c", "--vs", "QsQd", "--vs", "JcJd"], "--vs"),
        (["equity", "AsAd", "KhKc", "--dead", "2c", "-d", "3c"], "--dead"),
        (["equity", "AsAd", "KhKc", "--dead=2c", "-d3c"], "--dead"),
        (["showdown", "-b", "2c 7d 9h 3s 4c", "AsAd", "KhKc", "--folded", "P1", "--fold", "P2"], "--folded"),
        (["icm", "1", "2", "--payouts", "1", "-p", "2"], "--payouts"),
        (["equity", "AsAd", "KhKc", "--samples", "10", "-n", "20"], "--samples"),
    ],
)
def test_an_option_given_twice_is_refused_by_name(
    capsys: pytest.CaptureFixture[str], args: list[str], option: str
) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "given twice" in err and option in err


def test_flags_twice_and_options_once_still_run(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "best", "As Ks", "--board", "Qs Js Ts", "--ascii", "--ascii")
    assert status == 0, err
    assert out == "best: As Ks Qs Js Ts  Royal flush (value 7462)\n"
    status, out, err = run(capsys, "outs", "AhKh", "--board", "2h 7h 9c", "--vs", "QsQd", "JcJd", "--ascii")
    assert status == 0, err
    assert "next card 34.9%" in out  # 15 outs of 43 unseen: both opponents played
    status, _, err = run(capsys, "showdown", "--board", "2c 7d 9h 3s 4c", "AsAd", "KhKc", "--bets", "-5,10")
    assert status == 2 and "negative" in err  # a value that starts with "-" is no option


_RESULT = re.compile(r"you (win|lose) \d+  \(board ((?:\w\w ?){5}); you (\w\w \w\w), bot (\w\w \w\w)\)")


@pytest.mark.parametrize("seed", ["1", "4", "5"])
def test_play_shows_the_board_that_settled_an_all_in(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, seed: str
) -> None:
    # One chip each: the blinds put both all in and the board runs out unseen.
    monkeypatch.setattr("sys.stdin", io.StringIO("all in\nquit\n"))
    status, out, err = run(capsys, "play", "--seed", seed, "--stacks", "1", "--hands", "1", "--ascii")
    assert status == 0, err
    found = _RESULT.search(out)
    assert found is not None, out
    verdict, board, mine, theirs = found.groups()
    outcome = pe.compare(mine, theirs, board)
    assert outcome != 0 and (outcome > 0) == (verdict == "win")


def test_too_many_cards_get_no_board_hint(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "best", "As Ks Qs Js Ts 9s 8s 7s")
    assert status == 2 and out == ""
    assert err == "pokereval best: holdem needs 5 to 7 cards, got 8\n"
    status, _, err = run(capsys, "best", "As Ks")
    assert status == 2 and err.endswith("; pass the board with --board\n")


def test_a_grid_cell_at_100_percent_is_spaced_from_its_name(capsys: pytest.CaptureFixture[str]) -> None:
    # On three aces AK suited against KK makes quads: 100% in every sample.
    status, out, err = run(capsys, "grid", "--vs", "KK", "--board", "As Ah Ad", "--samples", "10", "--ascii")
    assert status == 0, err
    rows = out.splitlines()[1:]
    assert len(rows) == 13
    assert "AKs 100" in rows[0]
    # 169 cells, each a class name and then, apart from it, its number (or - for none).
    words = " ".join(rows).split()
    assert len(words) == 2 * 169
    assert all(re.fullmatch(r"[AKQJT2-9]{2}[so]?", name) for name in words[0::2])
    assert all(re.fullmatch(r"\d{1,3}|-", value) for value in words[1::2])


def test_a_vs_range_with_no_combo_left_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "grid", "--vs", "AA", "--board", "As Ah Ad", "--samples", "10")
    assert status == 2 and out == ""
    assert err == "pokereval grid: --vs 'AA' has no combo left without the board and the dead cards\n"


def test_icm_shares_of_a_pool_near_the_float_limit(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "icm", "1", "2", "--payouts", "1e308", "1e307")
    assert status == 0 and err == ""
    shares = [float(m) for m in re.findall(r"(\d+\.\d\d)%$", out, re.M)]
    expected = [float(e) / 1.1e308 * 100 for e in pe.icm([1, 2], [1e308, 1e307])]
    assert len(shares) == 2 and all(math.isclose(s, e, abs_tol=0.006) for s, e in zip(shares, expected))
    status, out, err = run(capsys, "icm", "1", "2", "--payouts", "1e308", "1e308")
    assert status == 0 and err == "" and "nan" not in out and out.count("50.00%") == 2


def test_an_empty_board_is_said_to_be_empty(capsys: pytest.CaptureFixture[str]) -> None:
    """`--board ''` in Omaha was told to "pass the board with --board", which it had."""
    status, out, err = run(capsys, "best", "As Ks Qs Js", "--game", "plo", "--board", " ")
    assert status == 2 and out == ""
    assert err == "pokereval best: omaha needs 4 to 6 hole cards and a board of 3 to 5; --board is empty\n"
    status, _, err = run(capsys, "best", "As Ks Qs Js", "--game", "plo")
    assert status == 2 and err.endswith("; pass the board with --board\n")
