"""``pokereval replay`` and ``pokereval play``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from pokereval.cli import main
from pokereval.engine import Hand

HISTORY = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
players = ["Ann", "Bob", "Cy"]
actions = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 ????", "p3 f", "p1 cbr 10", "p2 cc",
           "d db 2c3d4h", "p1 cbr 90", "p2 cc", "p1 sm AsAd", "p2 sm KsKd", "d db 5s", "d db 9c"]
"""


def _heads_up(path: Path, blinds: str, min_bet: float, stacks: str, moves: list[str]) -> Path:
    """A heads-up no-limit history of AsAd against KsKd, then `moves`."""
    actions = ", ".join(f'"{move}"' for move in ["d dh p1 AsAd", "d dh p2 KsKd", *moves])
    path.write_text(
        f'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = {blinds}\nmin_bet = {min_bet}\n'
        f"starting_stacks = {stacks}\nactions = [{actions}]\n",
        encoding="utf-8",
    )
    return path


@pytest.fixture
def history(tmp_path: Path) -> Path:
    path = tmp_path / "hand.phh"
    path.write_text(HISTORY, encoding="utf-8")
    return path


def test_replay_prints_streets_pot_and_result(history: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(history), "--ascii"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "NT: no-limit holdem, 3 players: p1 Ann, p2 Bob, p3 Cy"
    # p1 Ann is the small blind, p2 Bob the big blind, p3 Cy the button.
    assert "preflop  (pot 3)" in lines and "flop  (pot 20)" in lines
    assert "  p1 Ann raises to 10" in lines and "  p3 Cy folds" in lines and "  p2 Bob calls 8" in lines
    assert "  p1 Ann bets 90 (all in)" in lines and "  board 2c 3d 4h 5s 9c" in lines
    assert "  p2 Bob calls 90 (all in)" in lines  # a call for the whole stack says so, as a bet does
    assert lines[-5:] == [
        "result",
        "  pot 200: p1 Ann",
        "  p1 Ann: +100 -> 200",
        "  p2 Bob: -100 -> 0",
        "  p3 Cy: 0 -> 100",
    ]


def test_replay_leaves_an_uncalled_bet_out_of_the_pot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """p1 moves in for 300 and p2 calls all in for 100: the pot is 200 from the flop on, and
    the 200 nobody could call go back."""
    moves = ["p2 cbr 10", "p1 cbr 300", "p2 cc", "d db 2c3d4h", "d db 5s", "d db 9c"]
    path = _heads_up(tmp_path / "allin.phh", "[1, 2]", 2, "[300, 100]", moves)
    assert main(["replay", str(path), "--ascii"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line for line in lines if "(pot" in line] == [
        "preflop  (pot 3)",
        "flop  (pot 200)",
        "turn  (pot 200)",
        "river  (pot 200)",
    ]
    assert "  pot 200: p1" in lines and "  200 uncalled back to p1" in lines
    assert main(["replay", str(path), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [street["pot"] for street in document["streets"]] == [3, 200, 200, 200]


def test_replay_json(history: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(history), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["game"] == "holdem" and document["done"] is True
    assert [street["street"] for street in document["streets"]] == ["preflop", "flop", "turn", "river"]
    assert document["payoffs"] == [100, -100, 0]
    assert document["pots"] == [{"amount": 200, "winners": [0], "low_winners": []}]


def test_replay_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "missing.phh")]) == 2
    assert "cannot read hand history" in capsys.readouterr().err
    bad = tmp_path / "bad.phh"
    bad.write_text(HISTORY.replace('"p1 cbr 10"', '"p1 cbr 1"'), encoding="utf-8")
    assert main(["replay", str(bad)]) == 2
    error = capsys.readouterr().err
    assert "action 5 'p1 cbr 1'" in error and "the least is 4" in error and "\n" == error[-1]


def test_replay_a_finished_hand_from_the_engine(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = Hand("stud", limit="fixed-limit", stacks=[40, 40, 40], antes=1, seed=6)
    while not hand.done:
        hand.bring_in() if "bring_in" in hand.legal else hand.check_or_call()
    path = tmp_path / "stud.phh"
    path.write_text(hand.to_phh(), encoding="utf-8")
    assert main(["replay", str(path), "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "third street" in out and "seventh street" in out and "brings in" in out


def test_play_against_the_calling_bot(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = io.StringIO("raise 1\ncall\ncheck\ncheck\ncheck\nfold\nquit\n")
    monkeypatch.setattr("sys.stdin", moves)
    assert main(["play", "--bot", "calling", "--seed", "3", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "no-limit holdem, heads-up against a calling bot" in out
    assert "seat 0 cannot raise to 1: the least is 4" in out  # a refused move, worded, and asked again
    assert "-- hand 1 --" in out and "bye" in out


def test_play_a_few_hands_of_razz(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("cc\n" * 200))  # check or call, whichever is allowed
    assert main(["play", "--game", "razz", "--hands", "2", "--seed", "1", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "fixed-limit razz" in out and "after 2 hands" in out


@pytest.mark.parametrize("seed", [3, 5, 10])
def test_the_random_bot_bets_only_what_fixed_limit_stud_allows(
    seed: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A pair showing on fourth street lets stud bet 2 or 4, never 3: the bot once chose 3 and
    # ended the session (these seeds reach that spot), and the prompt offered "raise 2..4".
    monkeypatch.setattr("sys.stdin", io.StringIO("cc\n" * 3000))
    assert main(["play", "--game", "stud", "--hands", "30", "--seed", str(seed), "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "after 30 hands" in out and "raise 2..4" not in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--limit", "bogus"], "unknown limit 'bogus'; choose one of no-limit, pot-limit, fixed-limit"),
        (["--game", "nonsense"], "unknown game 'nonsense'; the engine plays holdem, "),
        (["--blinds", "5/2"], "blinds must be 0 <= small <= big"),
        (["--game", "stud", "--blinds", "5/2"], "bring_in must be 0 or more and less than a full bet"),
    ],
    ids=["limit", "game", "blinds", "stud-blinds"],
)
def test_play_checks_its_options_before_printing_anything(
    args: list[str], message: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The banner ("bogus holdem, heads-up against a random bot") used to come out first.
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", *args, "--ascii"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"pokereval play: {message}") and err.count("\n") == 1, (out, err)


def test_play_refuses_json() -> None:
    assert main(["play", "--json"]) == 2


DECIMAL_HISTORY = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [0.5, 1, 0]
min_bet = 1
starting_stacks = [100.25, 100, 100]
actions = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 QsQd", "p3 cbr 2.50", "p1 cc", "p2 f",
           "d db 2c3c4c", "p1 cbr 10.75", "p3 f"]
"""


def test_replay_json_keeps_a_decimal_history_in_its_own_units(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "decimal.phh"
    path.write_text(DECIMAL_HISTORY, encoding="utf-8")
    assert main(["replay", str(path), "--ascii"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert "  p1 calls 2.00" in text and "  p1: +3.50 -> 103.75" in text
    assert main(["replay", str(path), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    preflop, flop = document["streets"]
    assert preflop["pot"] == 1.5 and flop["pot"] == 6
    assert preflop["actions"][3:6] == ["p3 raises to 2.5", "p1 calls 2", "p2 folds"]
    assert flop["actions"][1] == "p1 bets 10.75"
    assert document["stacks"] == [103.75, 99, 97.5]
    assert document["payoffs"] == [3.5, -1, -2.5]
    assert document["pots"] == [{"amount": 6, "winners": [0], "low_winners": []}]


@pytest.mark.parametrize("amount", ["sNaN", "NaN", "Infinity", "1e999999999999999999"])
def test_replay_refuses_an_amount_that_is_not_a_number(
    amount: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.phh"
    path.write_text(HISTORY.replace('"p1 cbr 10"', f'"p1 cbr {amount}"'), encoding="utf-8")
    for extra in ([], ["--json"]):
        assert main(["replay", str(path), *extra]) == 2
        captured = capsys.readouterr()
        if extra:
            assert captured.out == ""  # the document is written only once the hand is read
        error = captured.err  # one line, naming the action and its amount
        assert error.startswith("pokereval replay: ") and error.count("\n") == 1 and error[-1] == "\n"
        assert "Traceback" not in error and amount in error


def test_play_refuses_a_negative_raise(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("raise -5\nraise abc\nbet 4.5\nraise \u00b2\nraise\nquit\n"))
    assert main(["play", "--bot", "calling", "--seed", "1", "--hands", "1", "--ascii"]) == 0
    out = capsys.readouterr().out
    # Each refused, worded, and asked again ("4.5" was told it "needs an amount").
    for amount in ("'-5'", "'abc'", "'\u00b2'"):
        assert f"raise takes a whole number of chips, not {amount}" in out
    assert "bet takes a whole number of chips, not '4.5'" in out
    assert out.count("raise needs an amount, e.g. 'raise 4'") == 1
    assert "bot calls" not in out and "\nflop:" not in out and out.endswith("bye\n")


def test_play_reads_hyphenated_moves(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("all-in\nquit\n"))
    assert main(["play", "--bot", "calling", "--seed", "1", "--hands", "1", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "bot calls" in out and "unknown move" not in out


def test_play_refuses_a_check_that_would_call(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # "check" while facing a bet used to call it (seed 1: the big blind's 1, then the random
    # bot's all-in, the whole stack).  A check only when nothing is owed: refused, asked again.
    monkeypatch.setattr("sys.stdin", io.StringIO("check\nquit\n"))
    assert main(["play", "--seed", "1", "--hands", "1", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "seat 0 cannot check: 1 to call" in out and "\nflop:" not in out  # nothing was played


def test_play_cc_checks_or_calls_as_phh_does(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("cc\nquit\n"))
    assert main(["play", "--bot", "calling", "--seed", "1", "--hands", "1", "--ascii"]) == 0
    assert "cannot" not in capsys.readouterr().out


def test_replay_names_a_file_that_is_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A Latin-1 history gave the codec's words alone ("'utf-8' codec can't decode ..."), no file."""
    path = tmp_path / "latin1.phh"
    path.write_bytes(HISTORY.replace('"Cy"', '"Cyr\u00e8ne"').encode("latin-1"))
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    error = captured.err
    assert error.startswith(f"pokereval replay: cannot read hand history {str(path)!r}: not UTF-8 text")
    assert error.count("\n") == 1 and "Traceback" not in error


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ('"Alice"', "players must be an array of strings, got a string 'Alice'"),
        ("3", "players must be an array of strings, got an integer 3"),
        ("{ p1 = 'Ann' }", "players must be an array of strings, got a table {'p1': 'Ann'}"),
        ('["Ann", 2, "Cy"]', "players[1] must be a string, got an integer 2"),
        ('["Ann", "Bob", ["Cy"]]', "players[2] must be a string, got an array ['Cy']"),
        ('["Ann", "Bob"]', "players has 2 names for 3 players"),
        ('["Ann", "Bob", "Cy", "Di"]', "players has 4 names for 3 players"),
    ],
    ids=["string", "integer", "table", "integer-name", "array-name", "short", "long"],
)
def test_replay_refuses_players_that_are_not_an_array_of_strings_one_a_seat(
    players: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """PHH's players is an array of strings, one a player ("" for one whose name is
    unknown): players = "Alice" was ignored (the seats went unnamed), a number among the
    names was printed as a name, and two names for three players named p1 and p2 and left
    p3 bare."""
    path = tmp_path / "hand.phh"
    path.write_text(HISTORY.replace('["Ann", "Bob", "Cy"]', players), encoding="utf-8")
    for extra in ([], ["--json"]):
        assert main(["replay", str(path), *extra]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err == f"pokereval replay: {path}: {message}\n"


def test_replay_reads_a_file_named_with_an_equals_sign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file name with an "=" in it was read as TOML text ("not valid TOML")."""
    path = tmp_path / "a=b.phh"
    path.write_text(HISTORY, encoding="utf-8")
    assert main(["replay", str(path), "--ascii"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "NT: no-limit holdem, 3 players: p1 Ann, p2 Bob, p3 Cy"
    missing = tmp_path / "c=d.phh"
    assert main(["replay", str(missing)]) == 2
    captured = capsys.readouterr()
    assert captured.err == (
        f"pokereval replay: cannot read hand history {str(missing)!r}: No such file or directory\n"
    )


def test_replay_takes_empty_names_for_unknown_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(HISTORY.replace('["Ann", "Bob", "Cy"]', '["Ann", "", "Cy"]'), encoding="utf-8")
    assert main(["replay", str(path), "--ascii"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "NT: no-limit holdem, 3 players: p1 Ann, p2, p3 Cy"


@pytest.mark.parametrize("hands", ["0", "-1", "two"])
def test_play_refuses_a_hand_count_that_is_not_positive(
    hands: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--hands -1 played on and on (the count was never reached); 0 was the default for no limit."""
    monkeypatch.setattr("sys.stdin", io.StringIO("cc\n" * 50))
    with pytest.raises(SystemExit) as stop:
        main(["play", "--bot", "calling", "--seed", "1", "--hands", hands, "--ascii"])
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"argument --hands: a positive number of hands, not {hands!r}" in captured.err


def test_replay_writes_every_decimal_amount_alike(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Bets were written as the file spelt them ("raises to 10.5") and calls with the unit's
    # decimals ("calls 9.50"): every amount now has the decimals of the hand's chip unit.
    path = _heads_up(tmp_path / "cents.phh", "[0.25, 0.5]", 0.5, "[100, 100]", ["p2 cbr 10.5", "p1 cc"])
    assert main(["replay", str(path), "--ascii"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "  p2 raises to 10.50" in lines and "  p1 calls 10.00" in lines and "flop  (pot 21.00)" in lines


def test_replay_names_the_seat_an_action_names_and_counts_an_unnamed_discard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Both all in before the draw: p2 shows while p1 is to draw, and p2's discard is written
    # without its player.  The replay named p1 for p2's show (the seat to draw), and took an
    # unnamed "sd 6h4d" for standing pat.
    path = tmp_path / "draw.phh"
    path.write_text(
        'variant = "N2L1D"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        "starting_stacks = [100, 100]\nseats = [2, 1]\n"
        'actions = ["d dh p1 TsTc4h8h7c", "d dh p2 6h4dAhQd4c", "p2 cbr 100", "p1 cc",'
        ' "p2 sm 6h4dAhQd4c", "p1 sd", "sd 6h4d", "d dh p2 Jh8s", "p1 sm TsTc4h8h7c"]\n',
        encoding="utf-8",
    )
    assert main(["replay", str(path), "--ascii"]) == 0
    lines = capsys.readouterr().out.splitlines()
    start = lines.index("after the draw  (pot 200)")
    assert lines[start + 1 : start + 6] == [
        "  p2 shows 6h 4d Ah Qd 4c",
        "  p1 stands pat",
        "  p2 discards 2",
        "  p2 is dealt Jh 8s",
        "  p1 shows Ts Tc 4h 8h 7c",
    ]


def test_play_names_the_bet_a_raise_or_a_completion_as_the_prompt_offers_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Every bet-or-raise was offered as "raise": "raise 2" to the stud player whose move is a
    # completion, and "raise 2..198" on a flop with nothing bet.
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--game", "stud", "--seed", "3", "--hands", "1", "--ascii"]) == 0
    assert "your move (bring in, complete to 2, all in, quit)" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("call\ncheck\nquit\n"))
    assert main(["play", "--seed", "3", "--hands", "1", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "your move (fold, call 1, raise 4..200, all in, quit)" in out
    assert "your move (check, bet 2..198, all in, quit)" in out


def test_play_help_offers_the_engines_games_and_no_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`play --help` listed the ten evaluation games (not the draw games, which play) and
    offered --json, which play refuses; every game it lists plays a hand."""
    from pokereval.engine.hand import GAME_NAMES

    with pytest.raises(SystemExit):
        main(["play", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "--json" not in shown
    for game in GAME_NAMES:
        assert game in shown
        monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
        assert main(["play", "--game", game, "--hands", "1", "--seed", "1"]) == 0, game
        capsys.readouterr()
    assert main(["play", "--json"]) == 2
    assert capsys.readouterr().err == "pokereval play: play is interactive; it has no --json output\n"
