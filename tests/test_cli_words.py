"""The command line's words: counted nouns in the form their number needs, numbers grouped as
each language writes them, progress in the language asked for, and the hints that say what
to type next.

Expected words come from the grammar (Russian: 1, 21, 1081 take the singular; 2-4 and 22
the paucal; 5-20, 44 and 14,850 the genitive plural) and expected counts from combinatorics.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest

from pokereval.cli import _work, main
from pokereval.games import GAMES, game_spec

NNBSP = "\u202f"  # the narrow no-break space: Russian groups of digits
DOCS = Path(__file__).resolve().parent.parent / "docs"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def last_line(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    status, out, err = run(capsys, *args)
    assert status == 0, err
    return out.splitlines()[-1]


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("AhKh", "en", "AhKh: 1 combo,"),
        ("QQ+,AKs", "en", "QQ+,AKs: 22 combos,"),
        ("AhKh", "ru", "AhKh: 1 комбинация,"),
        ("QQ+,AKs", "ru", "QQ+,AKs: 22 комбинации,"),  # 22 ends in 2: the paucal
        ("QQ+", "ru", "QQ+: 18 комбинаций,"),  # 3 pairs of 6 combos; 18: the genitive plural
        ("QQ+,AKs", "bg", "QQ+,AKs: 22 комбинации,"),
    ],
)
def test_range_counts_its_combos_in_the_right_form(
    capsys: pytest.CaptureFixture[str], text: str, lang: str, expected: str
) -> None:
    status, out, err = run(capsys, "range", text, "--lang", lang, "--ascii")
    assert status == 0, err
    assert out.splitlines()[0].startswith(expected)


@pytest.mark.parametrize(
    ("board", "lang", "expected"),
    [
        ("2c7d9hJs3s", "en", "1 runout (exact)"),
        ("2c7d9hJs", "en", "44 runouts (exact)"),  # 52 - 4 - 4 rivers
        ("2c7d9h", "en", "990 runouts (exact)"),  # C(45, 2)
        ("2c7d9hJs3s", "ru", "1 расклад (точно)"),
        ("2c7d9hJs", "ru", "44 расклада (точно)"),
        ("2c7d9h", "ru", "990 раскладов (точно)"),
        ("2c7d9hJs3s", "bg", "1 раздаване (точно)"),
        ("2c7d9hJs", "bg", "44 раздавания (точно)"),
    ],
)
def test_equity_counts_its_runouts_in_the_right_form(
    capsys: pytest.CaptureFixture[str], board: str, lang: str, expected: str
) -> None:
    assert math.comb(45, 2) == 990
    assert last_line(capsys, "equity", "AsAd", "KhKc", "--board", board, "--lang", lang) == expected


def test_russian_groups_big_numbers_with_a_narrow_no_break_space(capsys: pytest.CaptureFixture[str]) -> None:
    # AhAd against QQ+,AKs on 2c 7d 9h: 15 combos of the range are left, C(45, 2) runouts each.
    assert 15 * math.comb(45, 2) == 14850
    line = last_line(capsys, "equity", "AhAd", "QQ+,AKs", "--board", "2c 7d 9h", "--lang", "ru")
    assert line == f"14{NNBSP}850 раскладов (точно)"
    assert "," not in line
    line = last_line(capsys, "equity", "AhAd", "QQ+,AKs", "--board", "2c 7d 9h")
    assert line == "14,850 runouts (exact)"


def test_odds_count_their_runouts_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    # C(47, 2) turns and rivers: 1081 ends in 1 (not 11), so the singular; four digits stay whole.
    assert math.comb(47, 2) == 1081
    assert last_line(capsys, "odds", "AhKh", "--board", "2h 7h 9c", "--lang", "ru") == "1081 расклад"


def test_table_counts_are_grouped_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    # The 133,784,560 seven-card hands: 23,294,460 of them are high card (the published count).
    status, out, err = run(capsys, "table", "--lang", "ru")
    assert status == 0, err
    high_card = out.splitlines()[1]
    assert f"23{NNBSP}294{NNBSP}460" in high_card and "23,294,460" not in high_card


@pytest.mark.parametrize(
    ("args", "english", "russian"),
    [
        (["equity", "AsAd", "KhKc", "--board", "2c7d9h"], "equity", "эквити"),
        (["grid", "--vs", "AA", "--samples", "10"], "grid", "сетка"),
        (["streets", "AsKs", "QdQc", "--board", "Qs 7s 2s", "--samples", "100"], "streets", "улицы"),
    ],
)
def test_the_progress_bar_speaks_the_language_asked_for(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    english: str,
    russian: str,
) -> None:
    seen: list[str] = []
    real = _work.run_with_progress

    def spy(work: Any, description: str) -> Any:
        seen.append(description)
        return real(work, description)

    for module in ("equity", "grid", "streets"):
        monkeypatch.setattr(f"pokereval.cli.{module}.run_with_progress", spy)
    for lang in ("en", "ru"):
        status, _, err = run(capsys, *args, "--lang", lang)
        assert status == 0, err
    assert seen == [english, russian]


@pytest.mark.parametrize("command", [["best", "AhKh"], ["compare", "AhKh", "QsQd"]])
def test_holdem_without_a_board_says_to_pass_one(
    capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    status, out, err = run(capsys, *command)
    assert status == 2 and out == ""
    assert err == f"pokereval {command[0]}: holdem needs 5 to 7 cards, got 2; pass the board with --board\n"


def test_a_game_without_a_board_gets_no_board_hint(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "best", "AhKh", "--game", "stud")
    assert status == 2
    assert "--board" not in err


@pytest.mark.parametrize(
    ("lang", "heading"),
    [
        ("en", "each hand's equity against AA, in percent"),
        ("ru", "эквити каждой руки против AA, в процентах"),
    ],
)
def test_the_equity_grid_says_its_numbers_are_percentages(
    capsys: pytest.CaptureFixture[str], lang: str, heading: str
) -> None:
    status, out, err = run(capsys, "grid", "--vs", "AA", "--samples", "20", "--lang", lang)
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == heading
    assert len(lines) == 14 and lines[1].startswith("AA ")
    # Each cell's number is a whole percentage, 0..100.
    assert all(0 <= int(n) <= 100 for n in re.findall(r"\b\d+\b", " ".join(lines[1:])) if n != "2")


def test_the_range_grid_has_no_percent_heading(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "grid", "QQ+", "--ascii")
    assert status == 0
    assert "percent" not in out and len(out.splitlines()) == 13


def test_exact_limit_is_an_option_and_the_message_names_it(capsys: pytest.CaptureFixture[str]) -> None:
    stud = ["As Ad Kc Kd 7h", "Qh Qd Qc 9s"]  # C(43, 2) * C(41, 3) = 9,625,980 runouts
    status, out, err = run(capsys, "equity", *stud, "--game", "stud")
    assert status == 2 and out == ""
    assert err == (
        "pokereval equity: exact equity would play 9,625,980 runouts, more than the 5,000,000 allowed;"
        " pass --samples for Monte Carlo (e.g. --samples 1_000_000) or --exact-limit 39 or more"
        " (seconds: 250,000 runouts each)\n"
    )
    assert "EXACT_LIMIT" not in err
    # The limit the message names is enough, and one second less is not.
    line = last_line(capsys, "equity", *stud, "--game", "stud", "--exact-limit", "39")
    assert line == f"{math.comb(43, 2) * math.comb(41, 3):,} runouts (exact)"
    status, _, err = run(capsys, "equity", *stud, "--game", "stud", "--exact-limit", "38")
    assert status == 2 and "--exact-limit 39 or more" in err


def test_too_many_deals_are_refused_whatever_the_exact_limit(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/cli.md: past 4,000,000 deals of ranges, --exact-limit inf lifts nothing.
    status, out, err = run(capsys, "equity", "random", "random", "random", "--exact-limit", "inf")
    assert status == 2 and out == ""
    assert err.startswith(
        "pokereval equity: exact equity would list up to 2,331,473,976 deals of the ranges, more than"
        " 4,000,000 at once; pass --samples"
    )


def test_holdem_exact_limit_message_names_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "equity", "QQ", "KK", "AA", "--exact-limit", "1e-6")
    assert status == 2
    assert err.endswith(
        "more than the 1e-06 s allowed; pass --samples for Monte Carlo (e.g. --samples"
        " 1_000_000) or a larger --exact-limit (seconds)\n"
    )
    assert last_line(capsys, "equity", "QQ", "KK", "AA").endswith("(exact)")


@pytest.mark.parametrize("bad", ["0", "-3", "nan", "soon"])
def test_exact_limit_must_be_positive_seconds(capsys: pytest.CaptureFixture[str], bad: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["equity", "AsAd", "KsKd", "--exact-limit", bad])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and f"not {bad!r}" in err


@pytest.mark.skipif(not DOCS.is_dir(), reason="needs the source tree")
def test_cli_page_lists_every_game() -> None:
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    bullet = page.split("- `--game GAME`:", 1)[1].split("\n- ", 1)[0]
    names = re.findall(r"`([^`]+)`", bullet.split("or an alias", 1)[0])
    assert sorted(names) == sorted(GAMES), "docs/cli.md's --game list differs from the table of games"
    aliases = re.findall(r"`([^`]+)`", bullet.split("or an alias", 1)[1].split(".", 1)[0])
    assert aliases and all(game_spec(alias).name != alias for alias in aliases)


# What each command is run with to try a game, and the games docs/cli.md says it takes.
_TRY = {
    "best": (["best", "Ah Kh Qh Jh Th 2c 3d"], set(GAMES)),
    "odds": (["odds", "AhKh", "--board", "Th 7h 9c"], {"holdem", "shortdeck", "shortdeck-trips", "omaha"}),
    "table": (
        ["table", "--cards", "5"],
        {"holdem", "stud", "shortdeck", "shortdeck-trips", "razz", "deuce-seven"},
    ),
    "outs": (["outs", "AhKh", "--board", "Th 7h 6c"], {"holdem"}),
    "draws": (["draws", "AhKh", "--board", "Th 7h 6c"], {"holdem"}),
    "strength": (["strength", "AhKh", "--board", "2h 7h 9c"], {"holdem"}),
    "range": (["range", "AKs,66+"], {"holdem"}),
    "grid": (["grid", "AKs,66+"], {"holdem"}),
    "streets": (["streets", "AsKs", "QdQc", "--board", "Qs 7s 6s", "--samples", "2000"], {"holdem"}),
    "report": (["report", "AA", "KK"], {"holdem"}),
}


@pytest.mark.skipif(not DOCS.is_dir(), reason="needs the source tree")
@pytest.mark.parametrize("command", sorted(_TRY))
def test_each_command_takes_the_games_the_cli_page_says(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/cli.md said every command took all ten games; seven take hold'em alone.  A game a
    command does not play is refused by name, with exit 2."""
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    assert f"`{command}`" in page.split("- `--game GAME`:", 1)[1].split("\n- ", 1)[0]
    argv, takes = _TRY[command]
    for game in sorted(GAMES):
        slow_or_other_cards = command in ("report", "streets", "best") or (command, game) == ("odds", "omaha")
        if game in takes and slow_or_other_cards:
            continue  # these run long, or need the game's own count of cards
        code = main([*argv, "--game", game])
        err = capsys.readouterr().err
        if game in takes:
            assert code == 0, (game, err)
        else:
            assert code == 2 and len(err.splitlines()) == 1, (game, err)


def test_table_preflop_without_out_writes_the_shipped_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/cli.md: without --out, `table preflop` writes into the package's own data folder."""
    pe_dask = pytest.importorskip("pokereval.dask")
    from pokereval.equity import preflop

    seen: list[str] = []
    monkeypatch.setattr(pe_dask, "preflop_tables", lambda out, **_: seen.append(out))
    assert main(["table", "preflop"]) == 0
    assert main(["table", "preflop", "--out", "elsewhere"]) == 0
    assert seen == [str(preflop.DATA), "elsewhere"]
