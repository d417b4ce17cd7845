"""Text in and text out, from a hostile tester: each test is a defect that was found and fixed.

Ranges of other games in the notebook and the grids, range text that also reads as cards in an
equity table, and the Russian grouping of a number that rounds up to five digits.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

import pokereval as pe
from pokereval import plot
from pokereval._words import number
from pokereval.cli import main


def _text(html: str) -> str:
    """The text of an HTML fragment, after checking that its tags balance."""
    open_tags: list[str] = []
    parts: list[str] = []

    class Reader(HTMLParser):
        def handle_starttag(self, tag: str, attrs: object) -> None:
            open_tags.append(tag)

        def handle_endtag(self, tag: str) -> None:
            assert open_tags and open_tags[-1] == tag, f"</{tag}> closes {open_tags[-1:]}"
            open_tags.pop()

        def handle_data(self, data: str) -> None:
            parts.append(data)

    reader = Reader()
    reader.feed(html)
    reader.close()
    assert not open_tags, f"unclosed {open_tags}"
    return "".join(parts)


# ---- Range._repr_html_ of the games other than hold'em -------------------------------------


def test_omaha_range_draws_in_a_notebook() -> None:
    # Was: ValueError "too many values to unpack (expected 2)" from the 13x13 grid.
    hands = pe.Range("AsKsQdJd, AhAd2c3c:0.5", game="omaha")
    text = _text(hands._repr_html_())  # type: ignore[attr-defined]
    assert "AsKsQdJd,AhAd3c2c:0.5: 2 combos" in text
    assert "% of all hands" not in text  # no 1326 (two-card) denominator for four-card hands


def test_short_deck_range_share_is_of_the_short_deck() -> None:
    # 58 combos of the 630 two-card hands of the 36-card deck: 9.2%, not 58 / 1326 = 4.4%.
    hands = pe.Range("66+,AKs", game="shortdeck")
    assert len(hands) == 58
    text = _text(hands._repr_html_())  # type: ignore[attr-defined]
    assert "58 combos, 9.2% of all hands" in text
    assert "1.5% of all hands" in _text(pe.Range("QQ+,AKs:0.5")._repr_html_())  # type: ignore[attr-defined]


def test_range_grid_refuses_an_omaha_range_in_words() -> None:
    with pytest.raises(ValueError, match="two-card hands"):
        plot.range_grid(pe.Range("AsKsQdJd", game="omaha"))


@pytest.mark.parametrize("vs", [pe.Range("AKs", game="shortdeck"), pe.Range("AsKsQdJd", game="omaha")])
def test_equity_grid_refuses_a_range_of_another_game(vs: pe.Range) -> None:
    # Was: a short-deck range silently played as hold'em (its str() drops the game), an Omaha
    # range a grid of NaN.
    with pytest.raises(ValueError, match="range cannot play holdem"):
        plot.equity_grid(vs, samples=10)


# ---- an equity table's rows: range text that also reads as cards ------------------------------


def test_equity_html_shows_a_range_of_combos_as_its_text() -> None:
    # "KhKc,QsQd" is two combos to equity (a hold'em hand has two cards), but it also reads as
    # four cards, and the table drew it as one four-card hand.
    result = pe.equity(["AsAd", "KhKc,QsQd"], board="2c 7d 9h")
    html = result._repr_html_()  # type: ignore[attr-defined]
    text = _text(html)
    assert "KhKc,QsQd" in text
    assert "K♥K♣Q♠Q♦" not in text
    assert text.count("A♠A♦") == 1  # the hand given as cards still draws as cards
    # A hand written with commas between its cards is still drawn as cards.
    assert "A♠A♦" in _text(pe.equity(["As, Ad", "QQ+"], board="2c 7d 9h")._repr_html_())  # type: ignore[attr-defined]


def test_equity_command_shows_a_range_of_combos_as_its_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsAd", "KhKc,QsQd", "--board", "2c 7d 9h", "--ascii"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert any(re.match(r"KhKc,QsQd\s+8\.38%", row) for row in rows), rows
    assert not any(row.startswith("Kh Kc Qs Qd") for row in rows), rows
    assert any(row.startswith("As Ad ") for row in rows), rows


# ---- Russian digit grouping --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "decimals", "written"),
    [
        (9999.6, 0, "10\u202f000"),
        (10000, 0, "10\u202f000"),
        (9999.999, 2, "10\u202f000.00"),
        (-9999.7, 0, "-10\u202f000"),
        (9999.4, 0, "9999"),
        (5940, 0, "5940"),
    ],
)
def test_russian_grouping_follows_the_digits_written(value: float, decimals: int, written: str) -> None:
    # Was decided on the value before rounding: 9999.6 was written "10000", 10000 "10 000".
    assert number(value, "ru", decimals) == written


# ---- look-alike characters in card and range text ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # Cyrillic es: the message read "unknown suit 'с'", which looks like refusing the suit c.
        ("Aс", "unknown suit 'с' (U+0441 CYRILLIC SMALL LETTER ES)"),
        ("Αs", "unknown rank 'Α' (U+0391 GREEK CAPITAL LETTER ALPHA)"),
        ("Ａs", "unknown rank 'Ａ' (U+FF21 FULLWIDTH LATIN CAPITAL LETTER A)"),
    ],
)
def test_a_look_alike_in_card_text_is_named_by_its_code_point(text: str, message: str) -> None:
    expected = f"bad card {text!r} at position 1 in {text!r}: {message}"
    with pytest.raises(ValueError, match=re.escape(expected)):
        pe.parse_cards(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AKѕ", "'ѕ' (U+0455 CYRILLIC SMALL LETTER DZE) is not 's' (suited) or 'o' (offsuit)"),
        ("ΑΑ", "unknown rank 'Α' (U+0391 GREEK CAPITAL LETTER ALPHA)"),
    ],
)
def test_a_look_alike_in_range_text_is_named_by_its_code_point(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        pe.Range(text)


def test_plain_and_escaped_characters_are_quoted_as_before() -> None:
    with pytest.raises(ValueError, match=r"unknown rank 'X'$"):
        pe.parse_cards("Xs")
    with pytest.raises(ValueError, match=r"unknown rank '\\u200b'$"):  # already an escape
        pe.parse_cards("As\u200bKd")


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("As;Ks;Qs;Js;Ts", "unknown rank ';' (cards are separated by blanks or commas)"),
        ("[As, Ks, Qs, Js, Ts]", "unknown rank '[' (cards are separated by blanks or commas)"),
        ("As-Ks-Qs-Js-Ts", "unknown rank '-' (cards are separated by blanks or commas)"),
        ("1h Jh Qh Kh Ah", "unknown rank '1' (a ten is T or 10)"),
        ("♠A ♠K ♠Q ♠J ♠T", "(U+2660 BLACK SPADE SUIT) (the rank comes first: As, A♠)"),
        ("sA hK", "unknown rank 's' (the rank comes first: As, A♠)"),
    ],
)
def test_a_newcomers_slip_in_card_text_gets_a_hint(text: str, hint: str) -> None:
    # docs/errors.md: the hint names the likely slip; the message named ';K' an unknown rank alone.
    with pytest.raises(ValueError, match=re.escape(hint) + "$"):
        pe.evaluate(text)


@pytest.mark.parametrize(
    ("first", "second", "which"), [("AKs", "QdQc", "first hand 'AKs'"), ("AsKs", "QQ", "second hand 'QQ'")]
)
def test_preflop_equity_given_a_hand_class_names_it(first: str, second: str, which: str) -> None:
    # It said "bad card 'AK' at position 1 in 'AKs': unknown suit 'K'".
    with pytest.raises(ValueError, match=f"^the {which} is a hand class: preflop_equity takes two cards"):
        pe.preflop_equity(first, second)


def test_range_tokens_run_together_by_a_blank_get_a_hint() -> None:
    with pytest.raises(
        ValueError, match=r"'QQ\+ AKs': expected a hand such as .* \(tokens are separated by commas\)$"
    ):
        pe.Range("QQ+ AKs")
    with pytest.raises(ValueError, match=r"expected a hand such as 'QQ', 'AKs', 'AKo' or 'AhKh'$"):
        pe.Range("QQ+,AKQJ")
