"""Notebook reprs: each result draws as HTML with suit symbols and colors, tags balanced."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pokereval as pe

_VOID = {"br", "hr", "img", "meta"}


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.text: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        self.tags.append(tag)
        if tag not in _VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open[-1:]}"
        self.open.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _read(html: str) -> _Checker:
    checker = _Checker()
    checker.feed(html)
    checker.close()
    assert not checker.open, f"unclosed {checker.open}"
    return checker


def test_card_shows_its_suit_symbol_in_its_color() -> None:
    html = pe.Card("Ah")._repr_html_()  # type: ignore[attr-defined]
    assert "A♥" in html and "#c62828" in html
    assert "#212121" in pe.Card("2s")._repr_html_() and "2♠" in pe.Card("2s")._repr_html_()  # type: ignore[attr-defined]
    _read(html)


def test_showdown_marks_the_split() -> None:
    result = pe.showdown(holes=["Tc 2c", "Td 9d", "7h 7s"], board="As Ah Kd Qc Js")
    page = _read(result._repr_html_())  # type: ignore[attr-defined]
    text = "".join(page.text)
    assert text.count("splits") == 2 and "Straight, ace-high" in text
    assert "T♣" in text and "T♦" in text


def test_hilo_showdown_names_the_low_winner() -> None:
    result = pe.showdown(holes=["Ac 3d Qh Qs", "Kh Kd 4c 4d"], board="2c 5d 8h Kc Ks", game="omaha-hilo")
    text = "".join(_read(result._repr_html_()).text)  # type: ignore[attr-defined]
    assert "wins low" in text and "no low" in text and "8-5-3-2-A low" in text


def _rows(html: str) -> list[list[str]]:
    """The text of each table row's cells, row by row."""
    rows: list[list[str]] = []

    class Cells(HTMLParser):
        cell: list[str] | None = None

        def handle_starttag(self, tag: str, attrs: object) -> None:
            if tag == "tr":
                rows.append([])
            elif tag in ("td", "th"):
                self.cell = []

        def handle_endtag(self, tag: str) -> None:
            if tag in ("td", "th") and self.cell is not None:
                rows[-1].append("".join(self.cell).strip())
                self.cell = None

        def handle_data(self, data: str) -> None:
            if self.cell is not None:
                self.cell.append(data)

    Cells().feed(html)
    return rows


def test_settlement_names_the_seats_as_the_command_line_does() -> None:
    # Seat 0 is P1, as `pokereval showdown` names it: AA takes the main pot of 3 x 1000, KK the
    # side pot of 2 x 2000 (docs/rules.md's side pots).
    s = pe.settle(contributions=[1000, 3000, 3000], holes=["As Ad", "Kh Kc", "Qs Qd"], board="2c 7d 9h 3s 4c")
    html = s._repr_html_()  # type: ignore[attr-defined]
    _read(html)
    rows = _rows(html)
    assert rows[:4] == [
        ["seat", "cards", "payout"],
        ["P1", "A♠A♦", "3000"],
        ["P2", "K♥K♣", "4000"],
        ["P3", "Q♠Q♦", "0"],
    ]
    assert rows[4:] == [
        ["pot", "chips", "eligible", "winners", "low winners"],
        ["main", "3000", "P1, P2, P3", "P1", "-"],
        ["side 1", "4000", "P2, P3", "P2", "-"],
    ]
    assert "seat 0" not in html


def test_settlement_names_the_uncalled_bet_and_the_folded_seat() -> None:
    s = pe.settle(["As Ad", None], "2c 7d 9h Js 3s", contributions=[300, 100], folded=[False, True])
    rows = _rows(s._repr_html_())  # type: ignore[attr-defined]
    assert rows[2] == ["P2", "folded or not shown", "0"]
    assert "uncalled bet back to P1: 200" in s._repr_html_()  # type: ignore[attr-defined]


def test_showdown_names_the_seats_and_their_cards() -> None:
    result = pe.showdown(holes=["Tc 2c", "Td 9d", "7h 7s"], board="As Ah Kd Qc Js")
    rows = _rows(result._repr_html_())  # type: ignore[attr-defined]
    assert [row[:2] for row in rows] == [["seat", "cards"], ["P1", "T♣2♣"], ["P2", "T♦9♦"], ["P3", "7♥7♠"]]
    assert [row[-1] for row in rows[1:]] == ["splits", "splits", ""]


def test_equity_rows_are_the_hands_and_ranges_given() -> None:
    result = pe.equity(["AhAd", "QQ+,AKs", pe.Range("JJ")], board="2c 7d 9h")
    html = result._repr_html_()  # type: ignore[attr-defined]
    _read(html)
    rows = _rows(html)
    assert [row[0] for row in rows] == ["hand", "A♥A♦", "QQ+,AKs", "JJ"]
    assert rows[1][1] == f"{100 * result.equity[0]:.2f}%"
    assert "hand 1" not in html and "exact" in html


def test_an_equity_result_made_by_hand_still_numbers_its_rows() -> None:
    from pokereval.equity import EquityResult

    result = EquityResult((0.5, 0.5), (0, 0), (1, 1), 1, True)
    assert [row[0] for row in _rows(result._repr_html_())] == ["hand", "hand 1", "hand 2"]  # type: ignore[attr-defined]
    assert "1 runout (exact)" in result._repr_html_()  # type: ignore[attr-defined]


def test_outs_draw_as_html() -> None:
    # AhKh on 2h 7h 9c: nine hearts, three aces, three kings (15), by the river
    # 1 - C(32, 2) / C(47, 2) = 0.5412.
    found = pe.outs("AhKh", "2h 7h 9c")
    html = found._repr_html_()  # type: ignore[attr-defined]
    page = _read(html)
    text = "".join(page.text)
    assert text.startswith("15 outs on the flop: ")
    assert "by the river 54.1% exact" in text and "60% by the rule of 4" in text
    rows = _rows(html)
    assert len(rows) == 1 + 15 and rows[1][0] == "3♥" and rows[1][1].startswith("Flush")


def test_draws_draw_as_html() -> None:
    found = pe.draws("Jc Tc", "9c 8d 2c")
    html = found._repr_html_()  # type: ignore[attr-defined]
    _read(html)
    rows = _rows(html)
    assert [row[:2] for row in rows[1:]] == [
        ["flush draw", "9 cards"],
        ["open-ended straight draw", "8 cards"],
        ["two overcards", "6 cards"],
    ]
    assert found.describe() + " on the flop" in html


def test_range_draws_the_169_cells() -> None:
    page = _read(pe.Range("QQ+,AKs")._repr_html_())  # type: ignore[attr-defined]
    assert page.tags.count("td") == 169
    assert "QQ+,AKs: 22 combos" in "".join(page.text)
    assert "AhKh: 1 combo," in "".join(_read(pe.Range("AhKh")._repr_html_()).text)  # type: ignore[attr-defined]


def test_text_is_escaped() -> None:
    from pokereval._html import rank_html

    html = rank_html(pe.evaluate("As Ks Qs Js Ts"))
    _read(html)
    assert "Royal flush" in html and "<b>Royal flush</b>" in html


def test_hand_rank_shows_its_cards_and_reads_without_angle_brackets() -> None:
    rank = pe.evaluate("As 2s Kd Qd", "3c 4h 5c Jd 9s", game="omaha-hilo")
    text = "".join(_read(rank._repr_html_()).text)  # type: ignore[attr-defined]
    assert "Straight, five-high" in text and "5-4-3-2-A low" in text and "5♣" in text
    assert repr(rank) == (
        "HandRank(5854, game='omaha-hilo', category=STRAIGHT, best_five='5c 4h 3c 2s As', low=56)"
    )
    for shown in (repr(pe.evaluate("As Ks Qs Js Ts")), repr(pe.Card("As")), repr(pe.Range("QQ+"))):
        assert "<" not in shown and ">" not in shown


def test_jokers_draw_as_jokers() -> None:
    html = pe.evaluate("As Ad Ah Ac Jk", wild="joker")._repr_html_()  # type: ignore[attr-defined]
    assert ">Jk</span>" in html and "Five of a kind, aces" in html
    _read(html)


_REPR = "_repr_html_"


def _html_of(value: object) -> str:
    return str(getattr(value, _REPR)())  # the method register() sets


def test_a_repr_never_raises_and_escapes_every_field() -> None:
    """HandRank(7462) has no cards to show (its repr raised "made without its cards"); a
    Settlement or EquityResult put together by hand lacks parts the library's calls give it;
    a seed or a street given as text was put into the HTML raw."""
    rank = _html_of(pe.HandRank(7462))
    assert "ROYAL_FLUSH" in rank and "value 7462" in rank
    assert _html_of(pe.Settlement([100, 0])) == "<pre>(100, 0)</pre>"
    bad: Any = "<script>alert(1)</script>"
    seeded = _html_of(pe.EquityResult((0.5, 0.5), (1, 1), (0, 0), 2, False, seed=bad))
    assert "<script>" not in seeded and "&lt;script&gt;" in seeded
    drawn = _html_of(pe.Draws((), bad))
    assert "<script>" not in drawn and "&lt;script&gt;" in drawn
    hands: Any = (5, None)
    labelled = _html_of(pe.EquityResult((0.5, 0.5), (1, 1), (0, 0), 2, True, hands=hands))
    assert labelled.startswith("<pre>EquityResult(")
