"""Notebook reprs: each result draws as HTML with suit symbols and colors, tags balanced."""

from __future__ import annotations

from html.parser import HTMLParser

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


def test_settlement_lists_pots_and_payouts() -> None:
    s = pe.settle(contributions=[1000, 3000, 3000], holes=["As Ad", "Kh Kc", "Qs Qd"], board="2c 7d 9h 3s 4c")
    text = " ".join(_read(s._repr_html_()).text)  # type: ignore[attr-defined]
    assert "main" in text and "side 1" in text and "4000" in text
    assert "seat 0: 3000, seat 1: 4000, seat 2: 0" in text


def test_equity_shows_each_share() -> None:
    result = pe.equity(["AhAd", "QQ+,AKs"], board="2c 7d 9h")
    text = " ".join(_read(result._repr_html_()).text)  # type: ignore[attr-defined]
    assert f"{100 * result.equity[0]:.2f}%" in text and "exact" in text


def test_range_draws_the_169_cells() -> None:
    page = _read(pe.Range("QQ+,AKs")._repr_html_())  # type: ignore[attr-defined]
    assert page.tags.count("td") == 169
    assert "QQ+,AKs: 22 combos" in "".join(page.text)


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
