"""The command line driven as a user drives it: a child process per command.

Every subcommand runs once in text and once with --json, and the JSON is checked against
the library called directly.  Bad input must give one line on stderr and status 2; a closed
pipe, an ASCII-only output and Ctrl-C must end quietly.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import pokereval as pe
from pokereval.plot import GRID

# Run the pokereval that these tests import, from wherever it is.
_ROOT = str(Path(pe.__file__).resolve().parent.parent)


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = _ROOT + os.pathsep + env.get("PYTHONPATH", "")
    for name in ("FORCE_COLOR", "CLICOLOR_FORCE"):
        env.pop(name, None)
    env.update({"NO_COLOR": "1", "PYTHONIOENCODING": "utf-8", "COLUMNS": "120"})
    env.update(extra)
    return env


def cli(
    *args: str, env: dict[str, str] | None = None, check: bool = True
) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "-m", "pokereval", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env or _env(),
        timeout=120,
    )
    if check:
        assert result.returncode == 0, result.stderr
        assert result.stderr == ""
    return result


def cli_json(*args: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(cli(*args, "--json").stdout)
    return doc


def _rank(rank: pe.HandRank, lang: str = "en") -> dict:  # type: ignore[type-arg]
    category = rank.category
    return {
        "value": int(rank),
        "category": None if category is None else category.name,
        "best_five": [str(c) for c in rank.best_five],
        "description": rank.describe(lang),
    }


def _halves(result: object) -> tuple[pe.HandRank, pe.HandRank | None]:
    if isinstance(result, tuple):
        return result[0], result[1]
    return result, getattr(result, "low", None)  # type: ignore[return-value]


# ---- best and compare --------------------------------------------------------------------------


def test_best_prints_the_best_five_with_suit_symbols() -> None:
    out = cli("best", "A♣ 2♣", "--board", "K♠ K♥ Q♦ Q♣ J♠").stdout
    assert out == "best: K♠ K♥ Q♦ Q♣ A♣  Two pair, kings and queens, ace kicker (value 4863)\n"


def test_best_ascii_prints_suit_letters() -> None:
    out = cli("best", "As Ks Qs Js Ts", "--ascii").stdout
    assert out == "best: As Ks Qs Js Ts  Royal flush (value 7462)\n"


@pytest.mark.parametrize(
    ("cards", "board", "game", "lang"),
    [
        ("A♣ 2♣", "K♠ K♥ Q♦ Q♣ J♠", "holdem", "ru"),
        ("8c 6d 4h 2s As 8d Kc", None, "razz", "en"),
        ("Ah 2h 3d 4s", "5h 6c 7d Kd Qs", "omaha-hilo", "bg"),
        ("As Kd Qd Jd", "Kh Kc 2d", "omaha-hilo", "en"),
        ("7c 5d 4h 3s 2c", None, "2-7", "en"),
        ("Ac 2d 3h 4s", None, "badugi", "ru"),
    ],
)
def test_best_json_matches_the_library(cards: str, board: str | None, game: str, lang: str) -> None:
    args = ["best", cards, "--game", game, "--lang", lang]
    if board:
        args += ["--board", board]
    doc = cli_json(*args)
    high, low = _halves(pe.evaluate(cards, board, game=game))
    assert doc["game"] == pe.game_spec(game).name
    assert doc["cards"] == [str(c) for c in pe.parse_cards(cards)]
    assert doc["best"] == _rank(high, lang)
    assert doc["low"] == (None if low is None else _rank(low, lang))


def test_best_hilo_labels_the_halves_high_and_low() -> None:
    out = cli("best", "Ah 2h 3d 4s", "--board", "5h 6c 7d Kd Qs", "--game", "omaha-hilo").stdout.splitlines()
    assert out[0].startswith("high: ") and "Straight, seven-high" in out[0]
    assert out[1].startswith("low:  ") and "7-6-5-2-A low" in out[1]
    assert "omaha-hilo" not in "".join(out)
    text = cli("best", "As Kd Qd Jd", "--board", "Kh Kc 2d 9s 9c", "--game", "omaha-hilo").stdout
    assert text.splitlines()[1] == "low:  no qualifying low"


def test_razz_lows_are_not_labelled_high_card() -> None:
    out = cli("best", "8c 6d 4h 2s As 8d Kc", "--game", "razz").stdout
    assert "high card" not in out.lower()
    assert "8-6-4-2-A low" in out


def test_omaha_without_a_board_names_the_option() -> None:
    result = cli("best", "Ah 2h 3d 4s", "--game", "omaha", check=False)
    assert result.returncode == 2
    assert "--board" in result.stderr and "board=" not in result.stderr


def test_compare_speaks_the_language_asked_for() -> None:
    args = ("compare", "A♣ 2♣", "K♦ 9♦", "--board", "K♠ K♥ Q♦ Q♣ J♠")
    assert cli(*args).stdout.splitlines()[-1] == "second wins"
    ru = cli(*args, "--lang", "ru").stdout
    assert ru.splitlines()[-1] == "вторая выигрывает"
    assert "wins" not in ru and "first" not in ru
    assert cli(*args, "--lang", "bg").stdout.splitlines()[-1] == "втората печели"


def test_compare_splits_the_broadway_straight() -> None:
    # A♠A♥K♦Q♣J♠: 10♣2♣ and 10♦9♦ both play the board's A-K-Q-J with their ten.
    doc = cli_json("compare", "10♣2♣", "10♦9♦", "--board", "A♠A♥K♦Q♣J♠")
    assert doc["result"] == 0 and doc["winner"] == "split"
    assert doc["hands"][0]["best"]["category"] == doc["hands"][1]["best"]["category"] == "STRAIGHT"
    assert pe.compare("Tc2c", "Td9d", board="AsAhKdQcJs") == 0


@pytest.mark.parametrize(
    ("first", "second", "board", "game"),
    [
        ("AsAd", "KhKc", "2c7d9hJs3s", "holdem"),
        ("7c 5d 4h 3s 2c", "8c 6d 4d 3c 2d", None, "2-7"),
        ("Ac 2d 3h 4s 6c Kd Kh", "Ah 2c 3d 4h 5s Qs Qh", None, "razz"),
    ],
)
def test_compare_json_matches_the_library(first: str, second: str, board: str | None, game: str) -> None:
    args = ["compare", first, second, "--game", game] + (["--board", board] if board else [])
    doc = cli_json(*args)
    expected = pe.compare(first, second, board, game=game)
    assert doc["result"] == expected
    assert doc["winner"] == {1: "first", 0: "split", -1: "second"}[expected]
    assert doc["low_winner"] is None
    assert doc["hands"][0]["best"] == _rank(_halves(pe.evaluate(first, board, game=game))[0])


def test_compare_hilo_settles_each_half() -> None:
    doc = cli_json(
        "compare", "As 2s Kd Qd", "Kh Ks 4c 4d", "--board", "3c 5h 8d Kc 9s", "--game", "omaha-hilo"
    )
    assert doc["winner"] == "second" and doc["low_winner"] == "first"
    assert doc["hands"][1]["low"] is None
    result = pe.showdown(holes=["As 2s Kd Qd", "Kh Ks 4c 4d"], board="3c 5h 8d Kc 9s", game="omaha-hilo")
    assert result.winners == (1,) and result.low_winners == (0,)


# ---- showdown --------------------------------------------------------------------------------------


def test_showdown_names_winners_and_splits() -> None:
    out = cli("showdown", "--board", "As Ah Kd Qc Js", "Anna=Tc2c", "Boris=Td9d", "Cleo=7h7s").stdout
    lines = out.splitlines()
    assert lines[0] == "board: A♠ A♥ K♦ Q♣ J♠"
    assert lines[1].startswith("Anna:  T♣ 2♣   A♠ K♦ Q♣ J♠ T♣  Straight, ace-high")
    assert lines[-1] == "winners: Anna, Boris (split)"


def test_showdown_json_with_stacks_settles_side_pots() -> None:
    board, holes = "2c 7d 9h 3s 4c", ["AsAd", "KhKc", "QsQd"]
    doc = cli_json(
        "showdown",
        "--board",
        board,
        *(f"{n}={h}" for n, h in zip("ABC", holes)),
        "--stacks",
        "1000,3000,3000",
    )
    payouts = pe.settle(contributions=[1000, 3000, 3000], holes=holes, board=board)
    assert doc["winners"] == ["A"]
    settlement = doc["settlement"]
    assert list(settlement["payouts"].values()) == list(payouts)
    assert [pot["amount"] for pot in settlement["pots"]] == [pot.amount for pot in payouts.pots]
    assert settlement["pots"][1]["eligible"] == ["B", "C"] and settlement["pots"][1]["winners"] == ["B"]
    assert settlement["stacks"] == {"A": 3000, "B": 4000, "C": 0}
    ranks = pe.showdown(holes=holes, board=board).ranks
    assert [p["best"] for p in doc["players"]] == [_rank(r) for r in ranks]


def test_showdown_default_names_folds_and_uncalled_bets() -> None:
    doc = cli_json(
        "showdown",
        "--board",
        "2c 7d 9h 3s 4c",
        "AsAd",
        "KhKc",
        "QsQd",
        "--bets",
        "50,200,50",
        "--folded",
        "P3",
    )
    assert [p["name"] for p in doc["players"]] == ["P1", "P2", "P3"]
    assert doc["players"][2]["folded"] and doc["players"][2]["best"] is None
    assert doc["settlement"]["uncalled"] == {"name": "P2", "chips": 150}
    assert doc["settlement"]["payouts"] == {"P1": 150, "P2": 150, "P3": 0}


@pytest.mark.parametrize(
    ("game", "seats", "board"),
    [
        ("holdem", ["AsAd", "KhKc"], "2c 7d 9h"),
        ("omaha-hilo", ["AsAdKcKh", "KsKd2h3h"], "2c 3d 4h 5s"),
        ("stud", ["AsAdKc", "KsKd2h"], None),
    ],
    ids=["holdem-flop", "omaha-hilo-turn", "stud-third-street"],
)
def test_showdown_of_one_seat_before_the_cards_are_out_is_won_unseen(
    game: str, seats: list[str], board: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    """A fold before the river leaves one seat with a hand nobody can value: it takes the pot
    as settle() pays it, and no high or low hand is named."""
    from pokereval.cli import main

    where = ["--board", board] if board else []
    args = ["showdown", "--game", game, *where, *seats, "--bets", "20,10", "--folded", "P2", "--ascii"]
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0 if board is None else 1].endswith("wins unseen: everyone else folded")
    assert "winners: P1" in lines and not any(line.startswith("low winners") for line in lines)
    holes = [seats[0], None]
    paid = pe.settle(contributions=[20, 10], holes=holes, board=board, folded=[False, True], game=game)
    assert lines[-1] == f"payout: P1 {paid[0]}, P2 {paid[1]}" and tuple(paid) == (30, 0)
    doc = cli_json("showdown", "--game", game, *where, *seats, "--folded", "P2")
    assert [(p["folded"], p["best"], p["wins"]) for p in doc["players"]] == [
        (False, None, True),
        (True, None, False),
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--game", "omaha", "--board", "2c 7d 9h", "AsAd", "KhKcQhQc"],
            "seat 1 (P1): omaha needs 4 to 6 cards",
        ),
        (["--board", "2c 7d 9h", "AsAd", "AsKc"], "duplicate card 'As'"),
        (["--board", "2c 7d 9h", "AsXd", "KhKc"], "seat 1 (P1): bad card 'Xd'"),
        (["--game", "stud", "AsAdKcKhQcJc2c3c", "KsKd2h"], "seat 1 (P1): stud needs 5 to 7 cards"),
    ],
    ids=["count", "duplicate", "bad-card", "stud-too-many"],
)
def test_a_seat_that_wins_unseen_still_has_its_cards_checked(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from pokereval.cli import main

    assert main(["showdown", *args, "--folded", "P2"]) == 2
    assert capsys.readouterr().err.startswith(f"pokereval showdown: {message}")


@pytest.mark.parametrize(
    ("seats", "chips", "message"),
    [
        (["AsAd", "KhKc"], "20", "--bets has 1 entry for 2 seats"),
        (["AsAd", "KhKc"], "20,20,20", "--bets has 3 entries for 2 seats"),
        (["AsAd"], "20,20", "--bets has 2 entries for 1 seat"),
    ],
)
def test_an_amount_list_of_the_wrong_length_counts_in_good_english(
    seats: list[str], chips: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from pokereval.cli import main

    assert main(["showdown", "--board", "2c 7d 9h 3s 4c", *seats, "--bets", chips]) == 2
    assert capsys.readouterr().err == f"pokereval showdown: {message}\n"


@pytest.mark.parametrize("option", ["--bets", "--stacks"])
def test_an_amount_past_what_settle_takes_is_named_by_its_option(
    option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """It named the library's argument ("contributions[0] is ..."), not the option."""
    from pokereval.cli import main

    big = 2**48 + 1
    assert main(["showdown", "--board", "2c 7d 9h 3s 4c", "AsAd", "KhKc", option, f"{big},10"]) == 2
    assert (
        capsys.readouterr().err
        == f"pokereval showdown: {option} holds {big} chips for a seat; at most 2**48\n"
    )


@pytest.mark.parametrize("option", ["--bets", "--stacks", "--bet", "--st"])
def test_an_amount_list_starting_with_a_minus_reaches_its_own_check(
    option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """argparse takes "-5,10" after an option for another option; the command line glues it to
    its option, so the message is about the amount."""
    from pokereval.cli import main

    assert main(["showdown", "--board", "2c 7d 9h 3s 4c", "AsAd", "KhKc", option, "-5,10"]) == 2
    name = "--bets" if option.startswith("--b") else "--stacks"  # argparse takes a unique prefix
    assert capsys.readouterr().err == f"pokereval showdown: {name} holds a negative amount: '-5,10'\n"
    # A negative number among a list's values is left to argparse, which takes it (a prize may
    # be any finite number).
    assert main(["icm", "100", "50", "--payouts", "-1", "0", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["payouts"] == [-1, 0]


def test_showdown_hilo_and_stud_games() -> None:
    doc = cli_json(
        "showdown",
        "--board",
        "2c 5d 8h Kc Ks",
        "Anna=Ac3dQhQs",
        "Boris=KhKd4c4d",
        "--game",
        "omaha-hilo",
        "--bets",
        "40,40",
    )
    assert doc["winners"] == ["Boris"] and doc["low_winners"] == ["Anna"]
    assert doc["settlement"]["payouts"] == {"Anna": 40, "Boris": 40}
    doc = cli_json("showdown", "Ac 2d 3h 4s 6c Kd Kh", "Ah 2c 3d 4h 5s Qs Qh", "--game", "razz")
    assert doc["winners"] == ["P2"] and doc["board"] == []


# ---- equity ----------------------------------------------------------------------------------------


def test_equity_table_and_json_match_the_library() -> None:
    out = cli("equity", "AsAd", "KhKc").stdout.splitlines()
    assert out[0].split() == ["hand", "equity", "win", "tie"]
    assert out[1].split()[:3] == ["A♠", "A♦", "81.26%"]
    assert out[-1] == "1,712,304 runouts (exact)"
    doc = cli_json("equity", "AhAd", "QQ+,AKs", "--board", "2c 7d 9h")
    expected = pe.equity(["AhAd", "QQ+,AKs"], board="2c 7d 9h")
    assert doc["exact"] and doc["runs"] == expected.runs and doc["seed"] is None
    assert [p["equity"] for p in doc["players"]] == list(expected.equity)
    assert [p["wins"] for p in doc["players"]] == list(expected.wins)
    assert doc["players"][0]["win"] == expected.wins[0] / expected.runs


def test_equity_monte_carlo_is_seeded_and_repeatable() -> None:
    args = ("equity", "AsKs", "QQ+,AKs", "--samples", "20000", "--seed", "7", "--dead", "2c")
    doc = cli_json(*args)
    expected = pe.equity(["AsKs", "QQ+,AKs"], samples=20000, seed=7, dead="2c")
    assert doc["seed"] == 7 and not doc["exact"] and doc["dead"] == ["2c"]
    assert [p["equity"] for p in doc["players"]] == list(expected.equity)
    assert cli_json(*args) == doc


def test_equity_says_to_pass_samples_as_an_option() -> None:
    result = cli("equity", "AsKs", "22+,A2+,K2+", "22+,A2+,K2+", "22+,A2+,K2+", check=False)
    assert result.returncode == 2
    assert "--samples" in result.stderr and "samples=" not in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["equity", "AsKs", "QQ+,AKs", "JJ-88", "--samples", "4000000000", "--seed", "1"],
        ["strength", "AhKh", "--board", "2h7h9c", "--opponents", "3", "--samples", "900000000"],
    ],
    ids=["equity", "strength"],
)
def test_ctrl_c_stops_a_long_run(
    args: list[str], child_process: Callable[..., subprocess.Popen[str]]
) -> None:
    child = child_process([sys.executable, "-m", "pokereval", *args], env=_env())
    time.sleep(1.5)
    assert child.poll() is None, "the run ended before it could be interrupted"
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=20)
    assert child.returncode == 130
    assert "Traceback" not in err and out == ""


# ---- ranges and the grid ---------------------------------------------------------------------------


def test_range_lists_combos_and_grid() -> None:
    out = cli("range", "QQ+,AKs").stdout.splitlines()
    assert out[0] == "QQ+,AKs: 22 combos, 1.7% of all hands"
    assert out[2] == "AKs: A♠K♠ A♥K♥ A♦K♦ A♣K♣"
    grid = out[-13:]
    assert grid[0].split()[:3] == ["AA", "AKs", "."] and grid[1].split()[:2] == [".", "KK"]
    doc = cli_json("range", "QQ+,AKs:0.5")
    r = pe.Range("QQ+,AKs:0.5")
    assert doc["combos"] == len(r) == 22 and doc["weight"] == 20.0
    assert [h["cards"] for h in doc["hands"]] == [f"{a}{b}" for a, b in r.combos]
    assert doc["classes"] == {"AA": 1.0, "KK": 1.0, "QQ": 1.0, "AKs": 0.5}


def test_grid_svg_has_169_labelled_cells(tmp_path: Path) -> None:
    target = tmp_path / "grid.svg"
    out = cli("grid", "--vs", "QQ+,AKs", "--samples", "500", "-o", str(target)).stdout
    assert out == f"wrote {target}\n"
    root = ET.parse(target).getroot()
    cells = [e for e in root.iter("{http://www.w3.org/2000/svg}rect") if e.get("class") == "cell"]
    assert len(cells) == 169
    assert [c.get("data-hand") for c in cells] == [name for row in GRID for name in row]
    labels = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {"AA", "AKs", "AKo", "72o", "22"} <= labels
    aa = next(c for c in cells if c.get("data-hand") == "AA")
    assert float(aa.get("data-value", "0")) > 0.7  # aces against QQ+,AKs


def test_grid_layout_pairs_diagonal_suited_above() -> None:
    assert GRID[0][0] == "AA" and GRID[12][12] == "22"
    assert all(GRID[i][i] == GRID[i][i][0] * 2 for i in range(13))
    assert GRID[0][1] == "AKs" and GRID[1][0] == "AKo" and GRID[3][7] == "J7s" and GRID[7][3] == "J7o"


def test_grid_png_is_written_with_matplotlib(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "grid.png"
    cli("grid", "QQ+,AKs", "-o", str(target))
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_grid_json_cells_match_range_weights() -> None:
    doc = cli_json("grid", "AKs:0.5,QQ")
    assert len(doc["cells"]) == 169 and doc["kind"] == "weight"
    assert doc["cells"]["AKs"] == 0.5 and doc["cells"]["QQ"] == 1.0 and doc["cells"]["AKo"] == 0.0


def test_streets_follow_the_board(tmp_path: Path) -> None:
    target = tmp_path / "streets.svg"
    doc = cli_json("streets", "AsKs", "QdQc", "--board", "Qs 7s 2s Kd 9h", "-o", str(target))
    assert [s["street"] for s in doc["streets"]] == ["preflop", "flop 1", "flop 2", "flop", "turn", "river"]
    assert doc["streets"][-1]["equity"] == pe.equity(["AsKs", "QdQc"], board="Qs 7s 2s Kd 9h").equity[0]
    assert doc["streets"][3]["equity"] == pe.equity(["AsKs", "QdQc"], board="Qs 7s 2s").equity[0]
    points = ET.parse(target).getroot().iter("{http://www.w3.org/2000/svg}circle")
    assert len(list(points)) == 6


def test_streets_against_a_range_are_exact_from_preflop_on() -> None:
    """The help said that preflop against a range is played by Monte Carlo; it is exact, as
    equity's is, and the seed changes nothing."""
    exact = pe.equity(["AsKs", "QQ+,AKs"]).equity[0]
    for seed in ("1", "2"):
        doc = cli_json("streets", "AsKs", "QQ+,AKs", "--board", "Qs 7s 2s", "--seed", seed)
        assert doc["streets"][0]["equity"] == exact
    assert "as a hand against\nany range can, preflop too" in cli("streets", "--help").stdout


def test_streets_refuses_a_bad_sample_count(tmp_path: Path) -> None:
    # It exited 0: the count was read only if a street fell back to sampling.
    result = cli(
        "streets",
        "AsKs",
        "QdQc",
        "--board",
        "Qs 7s 2s",
        "--samples",
        "-3",
        "-o",
        str(tmp_path / "s.svg"),
        check=False,
    )
    assert result.returncode == 2 and "samples must be a positive int, got -3" in result.stderr


# ---- how it fails ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["best", "As Xs"],
        ["best"],
        ["bogus"],
        ["best", "As Ks Qs Js Ts", "--game", "go-fish"],
        ["best", "As Ks Qs Js Ts", "--lang", "de"],
        ["compare", "AsAd", "AsKc", "--board", "2c 7d 9h Js 3s"],
        ["showdown", "--board", "2c 7d 9h", "AsAd", "KhKc"],
        ["showdown", "--board", "2c 7d 9h 3s 4c", "AsAd", "KhKc", "--bets", "10,x"],
        ["equity", "AsAd"],
        ["equity", "AsKs", "QQ+", "--samples", "ten"],
        ["range", "AKx"],
        ["grid"],
        ["grid", "QQ+", "-o", "grid.gif"],
        ["streets", "AsKs", "QQ", "--board", "2c 2c"],
        ["outs", "AhKh", "--board", "2h", "7h", "9c"],
    ],
)
def test_bad_input_is_one_line_and_status_2(args: list[str], tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pokereval", *args], capture_output=True, text=True, env=_env(), cwd=tmp_path
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert result.stderr.startswith("pokereval")
    assert "Traceback" not in result.stderr


def test_a_closed_pipe_ends_quietly() -> None:
    for command in ('best "As Ks Qs Js Ts"', 'range "22+,A2+,K2+"', "equity AsAd KhKc --json"):
        shell = f'"{sys.executable}" -m pokereval {command} | head -c 0; exit ${{PIPESTATUS[0]}}'
        result = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, env=_env())
        assert result.returncode == 0, result.stderr
        assert result.stderr == ""


@pytest.mark.parametrize("lang", ["en", "ru", "bg"])
def test_an_ascii_output_never_fails(lang: str) -> None:
    env = _env(LANG="C", LC_ALL="C", PYTHONIOENCODING="ascii")
    for args in (
        ["best", "A♣ 2♣", "--board", "K♠ K♥ Q♦ Q♣ J♠"],
        ["compare", "AsAd", "KhKc", "--board", "2c 7d 9h Js 3s"],
        ["equity", "AsAd", "KhKc", "--board", "2c 7d 9h"],
        ["range", "QQ+,AKs"],
        ["best", "As Ks Qs Js Ts", "--json"],
    ):
        result = subprocess.run(
            [sys.executable, "-m", "pokereval", *args, "--lang", lang], capture_output=True, env=env
        )
        assert result.returncode == 0, result.stderr
        result.stdout.decode("ascii")  # nothing but ASCII reached the output
        assert b"codec" not in result.stderr
    out = cli("best", "A♣ 2♣", "--board", "K♠ K♥ Q♦ Q♣ J♠", env=env).stdout
    assert out.startswith("best: Ks Kh Qd Qc Ac  ")
    doc = json.loads(cli("best", "As Ks Qs Js Ts", "--json", "--lang", "ru", env=env).stdout)
    assert doc["best"]["description"] == pe.evaluate("As Ks Qs Js Ts").describe("ru")


def test_every_subcommand_has_help_with_examples() -> None:
    for command in (
        "best",
        "compare",
        "showdown",
        "equity",
        "outs",
        "draws",
        "odds",
        "strength",
        "table",
        "range",
        "grid",
        "streets",
    ):
        out = cli(command, "--help").stdout
        assert "examples:" in out and f"pokereval {command} " in out
        for option in ("--game", "--lang", "--json", "--ascii"):
            assert option in out


@pytest.mark.parametrize(
    "command, words",
    [
        ("best", ["As", "Ks", "Qs", "Js", "Ts"]),
        ("best", ["Ah", "2h 3d", "4s", "--board", "5h 6c 7d Kd Qs", "--game", "omaha-hilo"]),
        ("outs", ["Ah", "Kh", "--board", "2h 7h 9c"]),
        ("draws", ["7c", "8c", "--board", "9d Th 2s"]),
        ("odds", ["Ah", "Kh", "--board", "2h 7h 9c Jd"]),
        ("strength", ["Ah", "Kh", "--board", "2h 7h 9c Jd"]),
    ],
)
def test_a_players_cards_may_come_as_several_words(command: str, words: list[str]) -> None:
    """As Ks Qs Js Ts unquoted reads as "As Ks Qs Js Ts": the same answer, text and JSON."""
    cards = words[: words.index("--board")] if "--board" in words else words
    rest = words[len(cards) :]
    for extra in ([], ["--json"]):
        unquoted = cli(command, *words, *extra).stdout
        quoted = cli(command, " ".join(cards), *rest, *extra).stdout
        assert unquoted == quoted and unquoted.strip()


def test_an_options_cards_given_as_several_words_are_told_to_go_in_quotes() -> None:
    told = cli("equity", "AhKh", "QQ+", "--board", "2h", "7h", "9c", check=False)
    assert told.returncode == 2
    assert "unrecognized arguments: 7h 9c; the cards of an option go in one word or in quotes" in told.stderr
    other = cli("best", "AhKh", "--frob", check=False)  # not cards: argparse's words alone
    assert other.returncode == 2 and "quotes" not in other.stderr


def test_entry_point_and_module_agree() -> None:
    from pokereval.cli import main

    assert main(["best", "As Ks Qs Js Ts", "--ascii"]) == 0
    assert main(["best", "As"]) == 2


def test_import_pokereval_does_not_load_rich() -> None:
    code = "import sys, pokereval; print('rich' in sys.modules, 'matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=_env()).stdout
    assert out.split() == ["False", "False"]


def test_wild_cards_show_what_they_stand_for() -> None:
    out = cli("best", "As Ad Ah Ac Jk", "--wild", "joker").stdout
    assert out == "best: A♠ A♦ A♥ A♣ Jk = A♠ A♦ A♥ A♣ A♠  Five of a kind, aces (value 7475)\n"
    doc = cli_json("best", "As Ad Ah 2c 2d 7h 9s", "--wild", "deuces")
    rank = pe.evaluate("As Ad Ah 2c 2d 7h 9s", wild="deuces")
    assert doc["best"]["value"] == int(rank) and doc["best"]["category"] == "FIVE_OF_A_KIND"
    assert doc["best"]["stands_for"] == [str(c) for c in rank.stands_for]
    assert "stands_for" not in cli_json("best", "As Ks Qs Js Ts")["best"]
    result = cli("best", "As Ad Ah Ac Jk", check=False)
    assert result.returncode == 2 and "--wild" in result.stderr and "wild=" not in result.stderr
    doc = cli_json("compare", "As Ad Jk", "Ks Kd Kh", "--board", "2c 7d 9h", "--wild", "joker")
    assert doc["winner"] == "first"


def test_showdown_with_wild_cards_settles_the_pot() -> None:
    args = ("showdown", "--board", "Ks Kc Kh 7d 2s", "Anna=JkKd", "Boris=AsAd", "Cleo=Jk7h")
    out = cli(*args, "--bets", "100,300,300", "--wild", "joker").stdout.splitlines()
    assert out[1] == "Anna:  Jk K♦   K♦ K♠ K♣ K♥ Jk = K♦ K♠ K♣ K♥ K♠  Five of a kind, kings (value 7474)"
    assert out[4] == "winners: Anna"
    # Cleo's joker (the deck's second) makes four kings: it takes the side pot from kings full.
    assert out[5:] == [
        "main pot 300: Anna 300  (eligible: Anna, Boris, Cleo)",
        "side pot 1 400: Cleo 400  (eligible: Boris, Cleo)",
        "payout: Anna 300, Boris 0, Cleo 400",
    ]
    doc = cli_json(*args, "--wild", "bug")  # the bug is an ace: Anna four kings, Boris kings full
    assert doc["winners"] == ["Anna"] and doc["players"][0]["best"]["category"] == "FOUR_OF_A_KIND"
    assert doc["players"][0]["best"]["stands_for"] == ["Kd", "Ks", "Kc", "Kh", "As"]
    result = cli(*args, check=False)
    assert result.returncode == 2 and "plays only with --wild 'joker' or --wild 'bug'" in result.stderr


# ---- outs, draws, odds, strength, table ------------------------------------------------------------


def test_outs_match_the_library() -> None:
    out = cli("outs", "AhKh", "--board", "2h 7h 9c").stdout.splitlines()
    assert out[0].startswith("15 outs on the flop: 3♥ 4♥")
    assert out[1] == "next card 31.9%, by the river 54.1% exact, 60% by the rule of 4"
    doc = cli_json("outs", "AhKh", "--board", "2h 7h 9c", "--vs", "QsQd")
    expected = pe.outs("AhKh", "2h7h9c", vs="QsQd")
    assert doc["count"] == expected.count and doc["cards"] == [str(c) for c in expected.cards]
    assert doc["by_river"] == expected.by_river
    assert doc["outs"][0]["hand"] == _rank(expected.outs[0].hand)


def test_draws_speak_every_language() -> None:
    assert cli("draws", "JcTc", "--board", "9c 8d 2c").stdout.splitlines()[0] == (
        "Flush draw (9 cards), open-ended straight draw (8 cards) and two overcards (6 cards)"
    )
    doc = cli_json("draws", "JcTc", "--board", "9c 8d 2c", "--lang", "ru")
    expected = pe.draws("Jc Tc", "9c 8d 2c")
    assert doc["description"] == expected.describe("ru")
    assert [d["kind"] for d in doc["draws"]] == [d.kind.name for d in expected]


def test_odds_strength_and_table_match_the_library() -> None:
    doc = cli_json("odds", "AhKh", "--board", "2h 7h 9c")
    expected = pe.odds("AhKh", "2h7h9c")
    assert doc["runouts"] == expected.runouts
    assert {name: c["probability"] for name, c in doc["categories"].items()} == {
        c.name: p for c, p in expected.items()
    }
    doc = cli_json("strength", "AhKh", "--board", "2h 7h 9c")
    hs = pe.hand_strength("AhKh", "2h 7h 9c")
    assert (doc["hs"], doc["ppot"], doc["npot"], doc["ehs"], doc["exact"]) == (
        hs.hs,
        hs.ppot,
        hs.npot,
        hs.ehs,
        True,
    )
    doc = cli_json("table", "--cards", "5")
    table = pe.category_table(5)
    assert doc["hands"] == 2598960 and doc["conditions"] == table.conditions
    assert [r["count"] for r in doc["rows"]] == [r.count for r in table]
    assert cli("table", "--cards", "5").stdout.splitlines()[0] == table.conditions


def test_a_category_that_never_happens_says_never() -> None:
    # Razz's best low is never trips or quads (seven cards always hold a lower five): odds
    # against are infinite, written as the word, not "inf : 1"; JSON keeps null.
    lines = cli("table", "--game", "razz").stdout.splitlines()
    assert lines[1].split() == ["four", "of", "a", "kind", "0", "0.0000%", "never"]
    assert lines[2].endswith("214,397.33 : 1") and len(lines[1]) == len(lines[2])
    assert cli("table", "--game", "razz", "--lang", "ru").stdout.splitlines()[1].endswith(" никогда")
    rows = cli_json("table", "--game", "razz")["rows"]
    assert [r["odds_against"] for r in rows if r["count"] == 0] == [None, None]
    assert "inf" not in repr(pe.category_table(7, game="razz"))


def test_table_preflop_builds_the_tables_through_dask(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``pokereval table preflop`` hands its scheduler, output and chunk folders to
    pokereval.dask.preflop_tables (the build itself is tested in test_dask.py).  Dask is an
    optional extra: the wheel's own test run, without it, skips this."""
    pe_dask = pytest.importorskip("pokereval.dask")
    from pokereval.cli import main

    calls: list[tuple[tuple[object, ...], dict[str, object]]] = []
    monkeypatch.setattr(pe_dask, "preflop_tables", lambda *a, **k: calls.append((a, k)))
    argv = ["table", "preflop", "--scheduler", "tcp://host:8786", "--out", str(tmp_path), "--chunks", "c"]
    assert main(argv) == 0
    ((args, kwargs),) = calls
    assert args == (str(tmp_path),) and kwargs["folder"] == "c" and kwargs["scheduler"] == "tcp://host:8786"
    assert callable(kwargs["progress"])


def test_table_preflop_refuses_a_folder_it_cannot_write_before_any_work(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An --out or --chunks that cannot be written is one line naming it, status 2, before the
    Dask build starts (it used to fail only when the build wrote its result)."""
    pe_dask = pytest.importorskip("pokereval.dask")
    from pokereval import preflop_build
    from pokereval.cli import main

    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("the build started")

    monkeypatch.setattr(pe_dask, "run_chunks", no_work)
    monkeypatch.setattr(preflop_build, "hu_class_keys", no_work)
    a_file = tmp_path / "a_file"
    a_file.write_text("")
    refused = {
        ("--out", str(a_file / "tables")): f"'{a_file}' is a file, not a folder",
        ("--out", str(a_file)): "it is a file, not a folder",
        ("--chunks", str(a_file / "chunks")): f"the chunks cannot be written to '{a_file / 'chunks'}'",
    }
    for (option, path), words in refused.items():
        # --out given once: an option given twice is refused before any of these checks.
        default_out = [] if option == "--out" else ["--out", str(tmp_path / "out")]
        assert main(["table", "preflop", *default_out, option, path]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.startswith("pokereval table: ") and path in err and words in err, err
    monkeypatch.setattr(os, "access", lambda *a, **k: False)  # root may write anywhere
    assert main(["table", "preflop", "--out", str(tmp_path / "new" / "out")]) == 2
    err = capsys.readouterr().err
    assert f"this user may not write in '{tmp_path}'" in err and str(tmp_path / "new" / "out") in err, err
    assert not (tmp_path / "new").exists()


# English words that a Russian or Bulgarian run of outs, odds, strength and table must not print
# (card names and the HS/PPOT/NPOT/EHS abbreviations are the same in every language).
_ENGLISH = re.compile(
    r"\b(outs?|on the|next|river|exact|rule|runouts?|flush|pair|straight|card|kind|house|"
    r"Monte|seed|every|hand|deck|classed|ties|tainted)\b",
    re.IGNORECASE,
)


@pytest.mark.parametrize("lang", ["ru", "bg"])
@pytest.mark.parametrize(
    "args",
    [
        ["outs", "Ah Kh", "--board", "2h 7h 9c"],
        ["outs", "Ah Kh", "--board", "2h 7h 9c Kd", "--vs", "Qc Qd"],
        ["outs", "Ah 5h", "--board", "2h 7h 9c", "--vs", "Ad 5d"],  # ties
        ["outs", "Qc Jc", "--board", "Th 9h 2s", "--vs", "Ah 3h"],  # tainted outs
        ["odds", "Ah Kh", "--board", "2h 7h 9c"],
        ["strength", "Ah Kh", "--board", "2h 7h 9c"],
        ["strength", "Ah Kh", "--board", "2h 7h 9c", "--opponents", "2", "--samples", "2000", "--seed", "1"],
        ["table", "--cards", "5"],
        ["table", "--cards", "7", "--game", "shortdeck-trips"],
        ["table", "--cards", "5", "--game", "razz"],
    ],
)
def test_analysis_commands_speak_the_language_asked_for(args: list[str], lang: str) -> None:
    text = cli(*args, "--lang", lang).stdout
    english = cli(*args).stdout
    assert text.count("\n") == english.count("\n") and text != english
    assert not _ENGLISH.search(text), text


def test_analysis_commands_keep_their_english() -> None:
    lines = cli("outs", "Qc Jc", "--board", "Th 9h 2s", "--vs", "Ah 3h").stdout.splitlines()
    assert lines[0].startswith("10 outs on the flop: ") and lines[1].startswith("tainted: ")
    assert re.fullmatch(r"next card \d+\.\d%, by the river \d+\.\d% exact, \d+% by the rule of 4", lines[2])
    # One out is "1 out" (it read "1 outs"): the straight flush's one card to the royal.
    assert cli("outs", "Kh 9h", "--board", "Qh Jh Th").stdout.startswith("1 out on the flop: A♥\n")
    turn = cli("outs", "Ah Kh", "--board", "2h 7h 9c Kd").stdout.splitlines()[-1]
    assert re.fullmatch(r"on the river \d+\.\d% exact, \d+% by the rule of 2", turn)
    odds = cli("odds", "Ah Kh", "--board", "2h 7h 9c").stdout.splitlines()
    assert odds[0].startswith("high card ") and odds[-1] == "1,081 runouts"  # C(47, 2) turns and rivers
    assert cli("strength", "Ah Kh", "--board", "2h 7h 9c").stdout.splitlines()[-1] == "exact"


def test_category_and_draw_names_in_every_language() -> None:
    for lang in ("en", "ru", "bg"):
        names = [c.describe(lang) for c in pe.Category]
        assert len(set(names)) == len(names) == 11
        # Each name starts the description of a hand of its category (five of a kind and
        # royal flush excepted: the first is a wild hand, the second names itself whole).
        hands = ("2c 3d 5h 8s Jc", "Ac Ad 5h 8s Jc", "Ac Ad 5h 5s Jc", "Ac Ad Ah 8s Jc", "4c 5d 6h 7s 8c")
        for text in (*hands, "2c 5c 7c 9c Jc", "Ac Ad Ah 8s 8c", "Ac Ad Ah As Jc", "4c 5c 6c 7c 8c"):
            rank = pe.evaluate(text)
            head = rank.describe(lang).split(",")[0].split(":")[0].lower()
            category = rank.category
            assert category is not None
            name = category.describe(lang).lower()
            assert name.split()[-1] in head, (lang, text, head, name)
    five = pe.evaluate("As Ad Ah Ac Jk", wild="joker")
    assert pe.Category.FIVE_OF_A_KIND.describe("ru") == five.describe("ru").split(":")[0] == "Покер"
    with pytest.raises(ValueError, match="unknown language"):
        pe.Category.FLUSH.describe("de")


def test_category_table_conditions_in_every_language() -> None:
    table = pe.category_table(5, game="shortdeck")
    assert table.describe("ru") == (
        "shortdeck: каждая рука из 5 карт колоды в 36 карт, по лучшим пяти картам"
        " (от шестёрки до туза; флеш старше фулл-хауса, A-6-7-8-9 это стрит)"
    )
    assert pe.category_table(7).describe("bg") == (
        "holdem: всяка ръка от 7 карти от тесте с 52 карти, по най-добрите пет карти"
    )
    assert pe.category_table(7).describe("ru").startswith("holdem: каждая рука из 7 карт колоды в 52 карты,")
    with pytest.raises(ValueError, match="unknown language"):
        table.describe("fr")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["equity", "AsKs", "Jk Qd"],
            "pokereval equity: hand 2: joker 'Jk' at position 1 plays only with wild='joker' or wild='bug'"
            " in 'Jk Qd' (pokereval equity takes no wild cards)",
        ),
        (
            ["equity", "AsKs", "QdQc", "--dead", "Jk"],
            "pokereval equity: the dead cards: joker 'Jk' at position 1 plays only with wild='joker' or"
            " wild='bug' (pokereval equity takes no wild cards)",
        ),
        (
            ["grid", "--vs", "QQ+", "--board", "Jk 2c 3c"],
            "pokereval grid: the board: joker 'Jk' at position 1 plays only with wild='joker' or wild='bug'"
            " in 'Jk 2c 3c' (pokereval grid takes no wild cards)",
        ),
        (
            ["grid", "QQ+", "-o", "/nonexistent/g.svg"],
            "pokereval grid: cannot use '/nonexistent/g.svg': the folder '/nonexistent' does not exist",
        ),
        (
            ["streets", "AsKs", "QQ", "--board", "Qc 7s 2s", "-o", "/nonexistent/s.svg"],
            "pokereval streets: cannot use '/nonexistent/s.svg': the folder '/nonexistent' does not exist",
        ),
    ],
    ids=["equity-joker", "equity-dead-joker", "grid-board-joker", "grid-output", "streets-output"],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = cli(*args, check=False)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == message + "\n"


# ---- found by a hostile review of the command line ------------------------------------------


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--board", "2c 3c 4c 5d 6d 7d"], "the board has 6 cards; at most 5"),
        (["--seed", str(2**64)], r"seed must be in 0\.\.2\*\*64-1"),
        (["--samples", str(2 * 10**12)], "samples must be at most"),
    ],
)
def test_grid_refuses_a_bad_call_instead_of_a_blank_grid(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each cell's ValueError used to become a blank cell, so a bad board or seed printed an
    empty grid and exited 0; and the last seed (2**64-1) ran past 2**64 from the second cell."""
    from pokereval.cli import main

    samples = [] if "--samples" in args else ["--samples", "5"]  # an option given twice is refused
    assert main(["grid", "--vs", "QQ+", *samples, *args]) == 2
    assert re.search(words, capsys.readouterr().err)
    from pokereval.plot import equity_grid

    cells = equity_grid("QQ+", samples=5, seed=2**64 - 1)
    assert not any(v != v for v in cells.values())  # no NaN: every class can be dealt


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--board", "Qs 7h 2c"], "--board goes with --vs; a RANGE is shown as written"),
        (["--dead", "Qs", "-n", "5", "-s", "0"], "--dead, --samples, --seed go with --vs"),
    ],
)
def test_grid_of_a_range_refuses_the_options_of_vs(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """They were read and then ignored: `grid QQ+ --board ...` drew the plain range."""
    from pokereval.cli import main

    assert main(["grid", "QQ+", *args]) == 2
    assert words in capsys.readouterr().err


def test_report_refuses_csv_and_json_on_stdout_together(capsys: pytest.CaptureFixture[str]) -> None:
    from pokereval.cli import main

    assert main(["report", "QQ+", "JJ-99", "--csv", "-", "--json"]) == 2
    assert "--csv - and --json both write to stdout" in capsys.readouterr().err


def test_report_json_writes_null_where_a_range_cannot_be_dealt(capsys: pytest.CaptureFixture[str]) -> None:
    # On AsAhAd no AA can be dealt: its equity is NaN, which JSON has no word for; the
    # document said NaN, which readers other than Python's refuse.
    from pokereval.cli import main

    assert main(["report", "AA", "KK", "--json"]) == 0

    def refuse(constant: str) -> None:
        raise AssertionError(f"{constant} is not JSON")

    rows = json.loads(capsys.readouterr().out, parse_constant=refuse)
    assert None in _values(rows)  # the AsAhAd flop: no AA to be dealt


def _values(document: object) -> list[object]:
    """Every leaf value of a JSON document."""
    if isinstance(document, dict):
        return [leaf for item in document.values() for leaf in _values(item)]
    if isinstance(document, list):
        return [leaf for item in document for leaf in _values(item)]
    return [document]


def test_icm_with_no_prize_money_prints_no_nan(capsys: pytest.CaptureFixture[str]) -> None:
    from pokereval.cli import main

    assert main(["icm", "5000", "3000", "--payouts", "0", "0"]) == 0
    out = capsys.readouterr()
    assert "nan" not in out.out and out.err == ""


def test_icm_prints_stacks_of_part_chips_as_given(capsys: pytest.CaptureFixture[str]) -> None:
    """Stacks of 0.5 and 0.25 chips printed as 0: the stack column rounded to whole chips."""
    from pokereval.cli import main

    assert main(["icm", "0.5", "0.25", "1234.5", "5000", "--payouts", "10", "5"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[1:5]]
    assert [row[1] for row in rows] == ["0.5", "0.25", "1,234.5", "5,000"]


def test_icm_refuses_amounts_with_commas_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    """showdown takes --bets 100,300,300, so "--payouts 50,30,20" is natural to type: argparse
    said "invalid float value".  Commas are not read as separators ("1,000" may be a thousand)."""
    from pokereval.cli import main

    for args in (["100", "50", "--payouts", "50,30,20"], ["5,000", "3000", "--payouts", "1"]):
        with pytest.raises(SystemExit) as info:
            main(["icm", *args])
        assert info.value.code == 2
        err = capsys.readouterr().err
        assert "amounts go apart with spaces, as in '50 30 20', without thousands separators" in err
    with pytest.raises(SystemExit):
        main(["icm", "100", "abc", "--payouts", "1"])
    assert "argument STACK: not a number: 'abc'" in capsys.readouterr().err


def test_cli_advice_is_in_the_commands_own_options(capsys: pytest.CaptureFixture[str]) -> None:
    """'pass --board None' read None as cards; 'wild=' advised an option the command lacks."""
    from pokereval.cli import main

    assert main(["showdown", "--game", "razz", "AsKsQsJsTs9s8s", "2c3c4c5c6c7c8c", "--board", "2h"]) == 2
    assert "leave out --board" in capsys.readouterr().err
    assert main(["outs", "JkAd", "--board", "2h 7h 9c"]) == 2
    assert "(pokereval outs takes no wild cards)" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("seats", "extra", "message"),
    [
        (
            ["Anna=AsAd", "Boris=AsKc"],
            [],
            "duplicate card 'As': seat 1 (Anna) and seat 2 (Boris) both hold it",
        ),
        (["AsAd", "Kc"], [], "seat 2 (P2): holdem needs 2 cards per seat, got 1"),
        (["Anna=AsAd", "Boris=KcKd", "Cleo=Qd"], ["--folded", "Anna"], "seat 3 (Cleo): holdem needs 2"),
        (
            ["Anna=AsAd", "Boris=KcKd", "Cleo=JkQd"],
            ["--folded", "Cleo", "--bets", "5,5,5"],
            "seat 3 (Cleo): joker 'Jk'",
        ),
    ],
    ids=["duplicate", "count", "after-a-fold", "folded-joker-in-the-settlement"],
)
def test_showdown_errors_number_the_seats_as_the_output_names_them(
    seats: list[str], extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The library numbers the seats it is given from 0 (and, with --folded, only those still
    in); the command line's own messages and its P1, P2, ... count from 1.  Its errors say
    seat N from 1, with the name each seat is shown by."""
    from pokereval.cli import main

    assert main(["showdown", "--board", "2c 7d 9h 3s 4c", *seats, *extra]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"pokereval showdown: {message}"), error
    assert "seat 0" not in error


@pytest.mark.parametrize(
    "args",
    [
        ["strength", "AhKh", "--board", "2h 7h 9c", "--seed", "1"],
        ["strength", "AhKh", "--board", "2h 7h 9c", "--vs", "QQ+,AKs", "--seed", "1"],
        ["icm", "5000", "3000", "2000", "--payouts", "50", "30", "20", "--seed", "1"],
        ["equity", "AsAd", "KhKc", "--board", "2c 7d 9h", "--seed", "1"],
    ],
    ids=["strength", "strength-vs-one", "icm", "equity"],
)
def test_seed_without_samples_is_refused_when_the_run_is_exact(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """strength and icm ran exact and dropped --seed without a word; equity refused it."""
    from pokereval.cli import main

    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "--seed goes with --samples (exact runs have no randomness" in captured.err


@pytest.mark.parametrize(
    "args",
    [
        ["strength", "AhKh", "--board", "2h 7h 9c", "--opponents", "2", "--seed", "1"],
        ["icm", *["100"] * 23, "--payouts", "50", "30", "20", "--seed", "1"],
    ],
    ids=["strength-two-opponents", "icm-23-players"],
)
def test_seed_without_samples_stays_when_the_run_samples_by_itself(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Against several opponents, or beyond 22 players, the run is Monte Carlo anyway: the seed counts."""
    from pokereval.cli import main

    assert main([*args, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["exact"] is False and document["seed"] == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["strength", "AhKh", "--board", "6h 7h 9c", "--game", "shortdeck"],
            "pokereval strength: strength is defined for holdem only",
        ),
        (["strength", "AhKh", "--board", "6h 7h 9c", "--game", "nonsense"], "unknown game 'nonsense'"),
        (
            ["report", "AhAd", "AhKh"],
            "flop_report: every combo of vs shares a card with every combo of range",
        ),
        (
            ["icm", "50", "30", "--payouts", "10", "--game", "holdem"],
            "pokereval icm: unrecognized arguments: --game",
        ),
        (
            ["icm", "50", "30", "--payouts", "10", "--lang", "ru"],
            "pokereval icm: unrecognized arguments: --lang",
        ),
        (["report", "AA", "KK", "--lang", "ru"], "pokereval report: unrecognized arguments: --lang"),
        (["replay", "x.phh", "--game", "razz"], "pokereval replay: unrecognized arguments: --game"),
        (
            ["compare", "AhKh", "QdQc", "KcKd", "--board", "2c 3d 4h"],
            "pokereval compare: unrecognized arguments: KcKd (",
        ),
        (
            ["compare", "--board", "2h", "7h", "9c", "AhKh", "QdQc"],
            "AhKh QdQc; the cards of an option go in one word",
        ),
        (["--json", "equity", "AsAd", "KhKc"], "pokereval: unrecognized arguments: --json ("),
        (
            ["showdown", "--board", "2c", "AsAd", "KhKc", "--folded", "P2"],
            "a holdem board has 3, 4 or 5 cards",
        ),
        (
            ["showdown", "--board", "2c 3c 4c", "AsAd", "--bets", "20"],
            "holdem showdown needs a board of 5 cards",
        ),
        # A hold'em-only command in another game says so, not that --board is missing
        # (which it said for a stud or razz hand, where a board cannot help); without a
        # board in hold'em it says what board it needs.
        (
            ["outs", "As 2d 3c 4h", "--game", "razz"],
            "pokereval outs: outs is defined for holdem only, not 'razz'",
        ),
        (
            ["draws", "As 2d", "--game", "stud"],
            "pokereval draws: draws is defined for holdem only, not 'stud'",
        ),
        (["outs", "AhKh"], "pokereval outs: outs needs a flop (3 board cards) or a turn (4), got 0"),
        (["draws", "AhKh"], "pokereval draws: draws needs a flop (3 board cards) or a turn (4), got 0"),
        (
            ["strength", "AhKh"],
            "pokereval strength: strength needs a flop, turn or river (3 to 5 board cards), got 0",
        ),
        (
            ["strength", "AhKh", "--game", "omaha"],
            "pokereval strength: strength is defined for holdem only, not 'omaha'",
        ),
    ],
    ids=[
        "strength-game",
        "strength-unknown",
        "report-blocked",
        "icm-game",
        "icm-lang",
        "report-lang",
        "replay-game",
        "compare-three",
        "board-split-before-the-hands",
        "option-before-the-command",
        "lone-seat-one-card-board",
        "one-seat-no-fold",
        "outs-razz",
        "draws-stud",
        "outs-no-board",
        "draws-no-board",
        "strength-no-board",
        "strength-omaha-no-board",
    ],
)
def test_options_a_command_cannot_honour_are_refused(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A --game or --lang the command would ignore, a game it does not play, or ranges with no
    deal between them: exit 2 and one line, never an answer for something else."""
    from pokereval.cli import main

    try:
        status = main(args)
    except SystemExit as stop:  # argparse's own errors exit
        status = int(stop.code or 0)
    assert status == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1, error


def test_strength_and_report_take_a_game_alias() -> None:
    plain = cli_json("strength", "AhKh", "--board", "2h 7h 9c")
    assert cli_json("strength", "AhKh", "--board", "2h 7h 9c", "--game", "nlhe") == plain
    assert plain["hs"] == pe.hand_strength("AhKh", "2h 7h 9c").hs


@pytest.mark.parametrize("game", ["2-7", "badugi"])
def test_equity_refuses_the_draw_games_by_name(game: str) -> None:
    """docs/cli.md: `equity` takes every game but 2-7 and badugi."""
    result = cli("equity", "7s5d4c3h2s", "KsKdQhJc9s", "--game", game, check=False)
    assert result.returncode == 2
    assert re.fullmatch(
        r"pokereval equity: .*equity supports holdem, .*; not '(deuce-seven|badugi)'\n", result.stderr
    )


def test_equity_reads_jk_alone_as_a_range_and_refuses_a_joker_among_cards() -> None:
    """docs/cli.md: "a joker among cards is refused (`JkAs`, ...), and `Jk` alone reads as the
    range KJ"."""
    jk, kj = cli_json("equity", "Jk", "AsAd"), cli_json("equity", "KJ", "AsAd")
    assert [p["hand"] for p in jk["players"]] == ["Jk", "AsAd"]
    assert [p["equity"] for p in jk["players"]] == [p["equity"] for p in kj["players"]]
    refused = cli("equity", "JkAs", "QdQc", check=False)
    assert refused.returncode == 2 and "joker" in refused.stderr


@pytest.mark.parametrize("command", ["outs", "odds", "strength", "draws"])
def test_a_board_run_on_after_the_hole_cards_is_pointed_to_board(command: str) -> None:
    """`pokereval outs AhKh "2h 7h 9c"` (the Python call's order) said only "holdem deals 2
    hole cards, got 5"; compare's refusal says where the board goes, and so do these."""
    result = cli(command, "AhKh", "2h 7h 9c", check=False)
    assert result.returncode == 2
    assert (
        result.stderr
        == f"pokereval {command}: holdem deals 2 hole cards, got 5; pass the board with --board\n"
    )
    fewer = cli(command, "AhKhQh", "--board", "2h 7h 9c", check=False)  # a board given: no hint
    assert fewer.stderr == f"pokereval {command}: holdem deals 2 hole cards, got 3\n"


def test_table_preflop_without_dask_names_the_extra_once(tmp_path: Path) -> None:
    """It said the extra and its install line twice: its own, then pokereval.dask's."""
    code = (
        "import sys; sys.modules.update(dict.fromkeys(['dask', 'dask.array', 'distributed']));"
        " from pokereval.cli import main; sys.exit(main(['table', 'preflop', '--out', 'x']))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=_env(), timeout=120
    )
    assert result.returncode == 2
    assert result.stderr.startswith("pokereval table: table preflop needs the dask extra")
    assert result.stderr.count("pokereval-cffi[dask]") == 1
