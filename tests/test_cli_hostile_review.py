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
import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli import _env, cli

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


# ---- the hostile review of stop 57 ---------------------------------------------------------


def _shell(command: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """`command` through sh, with `python -m pokereval` as $PE (for redirections of its own)."""
    env = {**os.environ, "PE": f"{sys.executable} -m pokereval"}
    return subprocess.run(
        ["sh", "-c", command], input=stdin, capture_output=True, text=True, env=env, timeout=120
    )


def test_closed_streams_end_quietly() -> None:
    # sys.stdout is None when the shell closed it: an AttributeError's traceback, status 1;
    # play with no stdin at all raised RuntimeError("lost sys.stdin").
    done = _shell('$PE best "As Ks Qs Js Ts" >&-')
    assert (done.returncode, done.stderr) == (0, "")
    done = _shell('$PE best "As Xs" 2>&-')
    assert done.returncode == 2
    done = _shell("$PE play --seed 1 <&-")
    assert done.returncode == 0 and done.stdout.rstrip().endswith("bye") and "Traceback" not in done.stderr


def test_play_names_a_raise_of_thousands_of_digits(capsys: pytest.CaptureFixture[str]) -> None:
    # int() refused it in Python's words ("Exceeds the limit (4300 digits) ...").
    import builtins

    moves = iter(["raise " + "9" * 5000, "quit"])
    saved = builtins.input
    builtins.input = lambda prompt="": next(moves)
    try:
        status, out, _ = run(capsys, "play", "--seed", "1")
    finally:
        builtins.input = saved
    assert status == 0
    assert "cannot raise to a number of 5000 digits: the most is 200" in out and "4300" not in out


@pytest.mark.parametrize(
    "args",
    [
        ["best", "As Ks Qs Js", "--game", "stud", "--board", "2c 3c"],
        ["compare", "As Ks Qs Js", "Ad Kd Qd Jd", "--game", "razz", "--board", "2c"],
        ["best", "As Kd Qc Jh", "--game", "badugi", "--board", "2c"],
    ],
)
def test_a_board_in_a_game_without_one_is_refused(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    # best played the board's cards as the hand's; compare gave both hands the same card.
    status, _, err = run(capsys, *args)
    assert status == 2 and "has no board" in err and "leave out --board" in err


def test_equity_tables_keep_every_column_and_the_whole_range(capsys: pytest.CaptureFixture[str]) -> None:
    # At 80 columns (a pipe's) two long ranges were cut to the same "22+,A2s+,...", and at
    # COLUMNS=10 rich dropped the hand and two number columns.
    first = "22+,A2s+,K2s+,Q2s+,J2s+,T2s+,92s+,82s+,72s+,62s+,52s+,42s+,32s,A2o+,K2o+,Q2o+,J2o+"
    second = "22+,A2s+,K2s+,Q2s+,J2s+,T2s+,92s+,82s+,72s+,62s+,52s+,42s+,32s,A2o+,K9o+"
    done = cli("equity", first, second, "--samples", "1000", "--seed", "1", env={**_env(), "COLUMNS": "80"})
    text = "".join(done.stdout.split())
    assert "…" not in done.stdout and "K2o+,Q2o+,J2o+" in text and "A2o+,K9o+" in text
    narrow = cli("equity", "AhAd", "QQ+,AKs", "--board", "2c 7d 9h", env={**_env(), "COLUMNS": "10"})
    assert narrow.stdout.splitlines()[1].split() == ["hand", "equity", "win", "tie"]


def test_names_with_control_characters_are_escaped_or_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # An escape sequence in a history's player name reached the terminal (recolour, clear,
    # set the title); a line break in a seat's name started a line of its own.
    from pokereval.engine import Hand

    path = tmp_path / "esc.phh"
    path.write_text(
        Hand(stacks=[50, 60], seed=3).to_phh() + '\nplayers = ["Ivey\\u001b[31mRED", "B\\nfake: x"]\n'
    )
    status, out, _ = run(capsys, "replay", str(path), "--ascii")
    assert status == 0 and "\x1b" not in out and "Ivey\\x1b[31mRED" in out and "B\\nfake: x" in out
    status, out, _ = run(capsys, "replay", str(path), "--json")  # JSON keeps them as they are
    assert status == 0 and json.loads(out)["players"][1].endswith("Ivey\x1b[31mRED")
    status, out, _ = run(capsys, "showdown", "--board", "2c 7d 9h 3s 4c", "Jean\xa0Paul=AsAd", "KhKc")
    assert status == 0 and "Jean\xa0Paul" in out  # a no-break space is no control character
    for name, words in (("X\x1b]0;t\x07", "holds the control character '\\x1b'"), ("A,B", "holds a comma")):
        status, _, err = run(capsys, "showdown", "--board", "2c 7d 9h 3s 4c", f"{name}=AsAd", "KhKc")
        assert status == 2 and words in err
    status, _, err = run(
        capsys, "showdown", "--board", "2c 7d 9h 3s 4c", "AsAd", "KhKc", "QdQc", "--folded", "P1,P1"
    )
    assert status == 2 and "--folded names 'P1' twice" in err
    for bets in ("1_000,10", "\uff11\uff10,10"):
        status, _, err = run(capsys, "showdown", "--board", "2c 7d 9h 3s 4c", "AsAd", "KhKc", "--bets", bets)
        assert status == 2 and "whole chip counts" in err


def test_picture_titles_refuse_what_xml_cannot_hold() -> None:
    import xml.dom.minidom

    from pokereval import plot

    with pytest.raises(ValueError, match="control character"):
        plot.grid_svg("QQ+", title="\x1b")
    xml.dom.minidom.parseString(plot.grid_svg("QQ+", title="two\nlines, Анна ♠"))


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ["equity", "AsAd", "KhKc", "--exact-limit", "-inf"],
            "a positive number of seconds or inf, not '-inf'",
        ),
        (["table", "categories", "--out", "X"], "--out: for table preflop, not table categories"),
        (["table", "--chunks", "Y", "--scheduler", "Z"], "--scheduler, --chunks: for table preflop"),
        (["table", "preflop", "--cards", "5"], "--cards is for table categories"),
        (["table", "preflop", "--game", "stud"], "the preflop tables are hold'em's, not stud's"),
        (["grid", "QQ+,AKs", "-o", ""], "--output names no file"),
    ],
)
def test_options_are_read_or_refused(capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    # -inf was taken for an option ("expected one argument"); the others were dropped.
    status, _, err = run(capsys, *args)
    assert status == 2 and words in err


def test_a_player_number_in_other_digits_is_no_player() -> None:
    from pokereval.engine import Hand

    hand = Hand(stacks=[50, 60], seed=3)
    with pytest.raises(ValueError):
        hand.act("p\uff11 f")


# Each command's arguments, with which every game its --help lists gets past the game check.
_GAME_ARGS = {
    "outs": ["outs", "AsKs", "--board", "2c3d4h"],
    "draws": ["draws", "AsKs", "--board", "2c3d4h"],
    "strength": ["strength", "AsKs", "--board", "2c3d4h", "--samples", "100"],
    "range": ["range", "QQ+"],
    "grid": ["grid", "QQ+"],
    "streets": ["streets", "AsKs", "QQ", "--board", "2c3d4h", "--samples", "100"],
    "report": ["report", "QQ+", "AKs", "--top", "1"],
    "odds": ["odds", "AsKs", "--board", "2c3d4h"],
    "table": ["table", "--cards", "5"],
    "equity": ["equity", "AsKs", "QdQc", "--samples", "100"],
}


@pytest.mark.parametrize("command", sorted(_GAME_ARGS))
def test_help_lists_the_games_a_command_plays(capsys: pytest.CaptureFixture[str], command: str) -> None:
    # Every command's --help listed all ten games; outs, odds, table and the rest refused most.
    status, out, _ = run(capsys, command, "--help")
    assert status == 0
    text = " ".join(re.sub(r"-\n\s+", "-", out).split())  # argparse wraps after a hyphen: omaha- hilo
    game_help = text.split("--game GAME, -g GAME", 1)[1].split(" --lang", 1)[0].split(" --json", 1)[0]
    listed = [name for name in pe.GAMES if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", game_help)]
    assert listed, game_help
    for name in pe.GAMES:
        args = _GAME_ARGS[command]
        if command == "odds" and name == "omaha":
            args = ["odds", "AsKsQdJd", "--board", "2c3d4h"]
        status, out, err = run(capsys, *args, "--game", name)
        refused = status == 2 and any(words in err for words in ("holdem", "hold'em", "supports"))
        assert refused == (name not in listed), (name, status, err)
