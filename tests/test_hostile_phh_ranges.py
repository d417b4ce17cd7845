"""Hostile review of the PHH reader and writer, `pokereval replay`, ranges in equity: each test
failed before its fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pokereval as pe
from pokereval.cli import main
from pokereval.engine import read_phh

# ---- ranges: "JK" is the class KJ, not a joker --------------------------------------------


@pytest.mark.parametrize("text", ["JK", "jk", "Jk", "jK"])
@pytest.mark.parametrize("game", ["holdem", "shortdeck"])
def test_equity_reads_jk_as_the_range_kj(text: str, game: str) -> None:
    # Range("JK") is KJ (ranks in either order and case); equity() read the text as the joker
    # "Jk" first and refused it ("joker 'Jk' ... plays only with wild=").
    board = "Tc 9c 8c"
    want = pe.equity(["KJ", "AsAd"], board=board, game=game)
    got = pe.equity([text, "AsAd"], board=board, game=game)
    assert got.equity == want.equity and got.runs == want.runs
    assert len(pe.Range(text, game=game)) == 16


def test_hand_strength_and_outs_read_jk_as_a_range_too() -> None:
    assert pe.outs("AsAd", board="2c3c4c", vs=["JK"]).outs == pe.outs("AsAd", board="2c3c4c", vs=["KJ"]).outs


def test_a_joker_card_is_still_refused_where_no_range_reads() -> None:
    with pytest.raises(ValueError, match="joker 'Jk'"):
        pe.equity(["JkAs", "KdKc"], board="2c3c4c")


# ---- PHH: ante_trimming_status defaults to false ----------------------------------------

_SHORT_ANTE = """\
variant = "NT"
antes = [5, 5, 5]
blinds_or_straddles = [10, 20, 0]
min_bet = 20
starting_stacks = [1000, 1000, 3]
actions = ["d dh p1 2c7d", "d dh p2 3h8s", "d dh p3 AsAd", "p1 cc", "p2 cc", "d db AhAcKd", "p1 cc",
           "p2 cc", "d db Kc", "p1 cc", "p2 cc", "d db 4s", "p1 cc", "p2 cc"]
"""


def test_a_history_without_ante_trimming_status_reads_it_as_false() -> None:
    # The PHH standard: ante_trimming_status "defaults to false" (PokerKit reads it so: the
    # finishing stacks [975, 1015, 13]).  The reader took the engine's own default (trimming
    # when the antes are equal) and paid p3 6 instead of 10.
    absent = read_phh(_SHORT_ANTE)
    explicit = read_phh(_SHORT_ANTE + "ante_trimming_status = false\n")
    assert absent.stacks == explicit.stacks == (975, 1015, 13)
    assert "ante_trimming_status = false" in absent.to_phh()
    assert read_phh(_SHORT_ANTE + "ante_trimming_status = true\n").stacks == (975, 1019, 9)


# ---- PHH: amounts refused by the field and entry the file names ------------------------

_SEATED = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
seats = [2, 3, 1]
"""


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        # seats moves the button: the engine's check named seat 0 and "stacks"
        ("[100, 100, 100]", "[100, 100, 0]", r"starting_stacks\[2\] is 0; it must be more than 0"),
        ("[1, 2, 0]", "[1, 2, -4]", r"blinds_or_straddles\[2\] is -4; it must be 0 or more"),
        ("[0, 0, 0]", "[0, 0, -1]", r"antes\[2\] is -1; it must be 0 or more"),
        # decimal amounts: the engine's check gave -10 (tenths of a chip) for -1
        ("[100, 100, 100]", "[100.5, -1, 100]", r"starting_stacks\[1\] is -1; it must be more than 0"),
        ("min_bet = 2", "min_bet = -2", r"min_bet is -2; it must be more than 0"),
        (
            "[100, 100, 100]",
            "[100, 100, 1099511627776.5]",
            r"starting_stacks\[2\] is 1099511627776.5; the engine",
        ),
    ],
)
def test_a_bad_amount_is_named_as_the_file_writes_it(old: str, new: str, message: str) -> None:
    with pytest.raises(ValueError, match="^hand history: " + message):
        read_phh(_SEATED.replace(old, new))


# ---- PHH: a field the variant does not use sets no chip unit ----------------------------

_NT = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 6", "p1 f"]
"""


@pytest.mark.parametrize(
    ("text", "field"),
    [
        (_NT + "bring_in = 1.5\n", "bring_in = 1.5"),
        (_NT + "small_bet = 0.25\n", "small_bet = 0.25"),
        (
            _NT.replace('"NT"', '"FT"')
            .replace("min_bet = 2", "small_bet = 2\nbig_bet = 4")
            .replace("cbr 6", "cbr 4")
            + "min_bet = 0.5\n",
            "min_bet = 0.5",
        ),
        (
            'variant = "FR"\nantes = [1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n'
            "starting_stacks = [30, 30]\nblinds_or_straddles = [0.5, 1]\n",
            "blinds_or_straddles = [0.5, 1]",
        ),
    ],
)
def test_a_field_the_variant_does_not_play_keeps_the_chip_unit_and_is_written_back(
    text: str, field: str
) -> None:
    # Such a field counted toward the chip unit (0.5 made the hand count in tenths), was then
    # dropped by to_phh, and the history written back read as another hand (!=).
    hand = read_phh(text)
    assert hand.chip_unit == 1
    written = hand.to_phh()
    assert field in written.splitlines()
    assert read_phh(written) == hand


# ---- act(): a refusal speaks the history's amounts --------------------------------------

_HALVES = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [0.5, 1]
min_bet = 1
starting_stacks = [100, 100]
actions = ["d dh p1 AsAd", "d dh p2 KsKd"]
"""


def test_a_refused_move_of_a_decimal_history_is_told_in_its_amounts() -> None:
    # The hand counts in tenths; the refusal said "cannot raise to 2000: the most is 1000;
    # fold, call 5" for a history that wrote "cbr 200" with stacks of 100 and blinds 0.5/1.
    with pytest.raises(
        ValueError,
        match=r"action 3 'p2 cbr 200': seat 1 cannot raise to 200: the most is 100;"
        r" fold, call 0.5, or raise to 2..100$",
    ):
        read_phh(_HALVES.replace('"d dh p2 KsKd"]', '"d dh p2 KsKd", "p2 cbr 200"]'))
    hand = read_phh(_HALVES)
    with pytest.raises(ValueError, match=r"cannot raise to 1.5: the least is 2;"):
        hand.act("p2 cbr 1.5")
    # the methods take chips of the hand's unit, and say them
    with pytest.raises(
        ValueError, match=r"cannot raise to 15: the least is 20; fold, call 5, or raise to 20..1000$"
    ):
        hand.bet_or_raise_to(15)


# ---- pokereval replay: cards written with the ten as "10" -------------------------------


def test_replay_counts_cards_written_with_a_ten(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The engine reads "10s" as Ts; replay counted the cards by the text's length / 2 and said
    # "discards 3" for "sd 10s10h", and showed the deal "10s10h8d7c2s" raw.
    path = tmp_path / "tens.phh"
    path.write_text(
        'variant = "F2L3D"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\n'
        "starting_stacks = [100, 100]\n"
        'actions = ["d dh p1 10s10h8d7c2s", "d dh p2 AsKsQsJs9h", "p2 cc", "p1 cc",'
        ' "p1 sd 10s10h", "p2 sd"]\n'
    )
    assert main(["replay", str(path), "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "p1 discards 2" in out and "p1 is dealt Ts Th 8d 7c 2s" in out
    assert main(["replay", str(path), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert "p1 discards 2" in document["streets"][1]["actions"]


def test_replay_names_the_file_when_a_field_is_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The fields were read apart from the file, so a refusal said "hand history: ..."; a .phhs
    # file (hands in [1], [2] tables) was "variant is missing".
    bad = tmp_path / "bad.phh"
    bad.write_text('variant = "NT"\nstarting_stacks = [100, -5]\nblinds_or_straddles = [1, 2]\n')
    assert main(["replay", str(bad)]) == 2
    assert capsys.readouterr().err == (
        f"pokereval replay: {bad}: starting_stacks[1] is -5;"
        " it must be more than 0 (PHH: every stack is known and non-zero)\n"
    )
    many = tmp_path / "many.phhs"
    many.write_text('[1]\nvariant = "NT"\nstarting_stacks = [100, 100]\nblinds_or_straddles = [1, 2]\n')
    assert main(["replay", str(many)]) == 2
    assert f"pokereval replay: {many}: a table of hands (1)" in capsys.readouterr().err


def test_the_equity_command_labels_jk_as_the_range_it_played(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "JK", "AsAd", "--board", "Tc 9c 8c", "--ascii"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[2].split()[:2] == ["JK", "46.14%"]
