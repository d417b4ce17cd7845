"""HTML for notebooks: the ``_repr_html_`` of cards, ranks, showdowns, settlements, equity, ranges.

One module holds all of it, and attaches it from above: :func:`register` (called once by
``pokereval/__init__.py``) sets each type's ``_repr_html_``, so no type below imports this
module and the floors keep one direction.  Cards show as
rank and suit symbol in a four-color deck (spades black, hearts red, diamonds blue, clubs
green); every piece of text is escaped.

>>> from pokereval import Card
>>> card_html(Card("Ah"))  # doctest: +ELLIPSIS
'<span class="pe-card" style="...color:#c62828...">A♥</span>'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Any

from ._words import COMBOS, RUNOUTS, cards_word, outs_chances, outs_words, plural
from .analysis import Draws, Outs
from .cards import RANKS, Card
from .equity import EquityResult
from .equity.result import label_cards
from .games import game_spec
from .ranges import Range
from .rank import HandRank
from .showdown import Settlement, ShowdownResult

_SYMBOLS = "♣♦♥♠"
_COLORS = ("#2e7d32", "#1565c0", "#c62828", "#212121")  # clubs, diamonds, hearts, spades
_JOKER = "#6a1b9a"
_CARD_STYLE = (
    "display:inline-block;min-width:1.9em;padding:0.05em 0.25em;margin:0 0.1em;"
    "border:1px solid #bbb;border-radius:4px;background:#fff;text-align:center;"
    "font-family:monospace;font-weight:bold;color:{color}"
)
_TABLE = '<table style="border-collapse:collapse;font-size:0.95em">'
_CELL = 'style="padding:0.15em 0.6em;text-align:{align}"'


def card_html(card: Card) -> str:
    """One card as a small colored box (a joker in purple)."""
    if card.is_joker:
        return f'<span class="pe-card" style="{_CARD_STYLE.format(color=_JOKER)}">{card}</span>'
    suit = card.suit
    style = _CARD_STYLE.format(color=_COLORS[suit])
    return f'<span class="pe-card" style="{style}">{RANKS[card.rank]}{_SYMBOLS[suit]}</span>'


def cards_html(cards: Iterable[Card]) -> str:
    """Cards in a row."""
    return "".join(card_html(card) for card in cards)


def _row(cells: Sequence[str], *, head: bool = False, align: Sequence[str] = ()) -> str:
    tag = "th" if head else "td"
    parts = [
        f"<{tag} {_CELL.format(align=align[i] if i < len(align) else 'left')}>{cell}</{tag}>"
        for i, cell in enumerate(cells)
    ]
    return "<tr>" + "".join(parts) + "</tr>"


def rank_html(rank: HandRank) -> str:
    """A HandRank: its best five, its words, its value and game; the low half below it in hi-lo."""
    half = " low" if rank.is_low else ""
    if rank._ids:
        shown = f"{cards_html(rank.best_five)} <b>{escape(rank.describe())}</b>"
    else:  # made from a value alone (HandRank(7462)): no cards to show or to describe
        category = rank.category
        shown = f"<b>{escape(category.name if category is not None else 'a value')}</b>"
    html = (
        f'<div class="pe-rank">{shown} '
        f'<span style="color:#666">({escape(rank.game)}{half}, value {int(rank)})</span></div>'
    )
    if rank.low is not None:
        html += rank_html(rank.low)
    return html


def seat_name(seat: int) -> str:
    """A seat as the command line names it: P1 for seat 0 (``winners`` holds 0), P2, ...

    >>> seat_name(0), seat_name(9)
    ('P1', 'P10')
    """
    return f"P{seat + 1}"


def showdown_html(result: ShowdownResult) -> str:
    """A showdown: each seat (P1, P2, ...) with its cards, best five and words, the winners marked."""
    lows = result.low_ranks
    rows = [_row(["seat", "cards", "best five", "hand", "" if not lows else "low", ""], head=True)]
    for seat, (hole, rank) in enumerate(zip(result.holes, result.ranks)):
        low = lows[seat] if lows else None
        marks = []
        if seat in result.winners:
            marks.append("wins" if len(result.winners) == 1 else "splits")
        if seat in result.low_winners:
            marks.append("wins low" if len(result.low_winners) == 1 else "splits low")
        low_text = "" if not lows else (escape(low.describe()) if low is not None else "no low")
        rows.append(
            _row(
                [
                    seat_name(seat),
                    cards_html(hole),
                    cards_html(rank.best_five),
                    escape(rank.describe()),
                    low_text,
                    f"<b>{', '.join(marks)}</b>",
                ]
            )
        )
    return f'<div class="pe-showdown">{escape(result.game)}{_TABLE}{"".join(rows)}</table></div>'


def settlement_html(settlement: Settlement) -> str:
    """A settlement: each seat (P1, P2, ...) with its cards and payout, then each pot."""
    seats = [_row(["seat", "cards", "payout"], head=True)]
    for seat, (hole, chips) in enumerate(zip(settlement.holes, settlement)):
        cards = cards_html(hole) if hole else "folded or not shown"
        seats.append(_row([seat_name(seat), cards, str(chips)], align=("left", "left", "right")))
    rows = [_row(["pot", "chips", "eligible", "winners", "low winners"], head=True)]
    for number, pot in enumerate(settlement.pots):
        name = "main" if number == 0 else f"side {number}"
        rows.append(
            _row(
                [name, str(pot.amount), _seats(pot.eligible), _seats(pot.winners), _seats(pot.low_winners)],
                align=("left", "right"),
            )
        )
    uncalled = settlement.uncalled
    back = "" if uncalled is None else f"uncalled bet back to {seat_name(uncalled[0])}: {uncalled[1]}"
    return (
        f'<div class="pe-settlement">{_TABLE}{"".join(seats)}</table>'
        f"{_TABLE}{''.join(rows)}</table>{back}</div>"
    )


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(map(seat_name, seats)) or "-"


def _hand_html(text: str) -> str:
    """A hand as it was given: its cards drawn as cards, a range as its text."""
    cards = label_cards(text)
    return escape(text) if cards is None else cards_html(cards)


def equity_html(result: EquityResult) -> str:
    """An equity result: a row per hand or range as given, with a bar, its equity and its
    chances to win and to tie."""
    rows = [_row(["hand", "equity", "", "win", "tie"], head=True)]
    shown = result.hands or tuple(f"hand {number}" for number in range(1, len(result.equity) + 1))
    for label, share, win, tie in zip(shown, result.equity, result.win, result.tie):
        bar = (
            f'<div style="width:10em;background:#eee"><div style="width:{100 * share:.1f}%;'
            f'height:0.8em;background:#2171b5"></div></div>'
        )
        rows.append(
            _row(
                [
                    _hand_html(label),
                    f"{100 * share:.2f}%",
                    bar,
                    f"{100 * win:.2f}%",
                    f"{100 * tie:.2f}%",
                ],
                align=("left", "right", "left", "right", "right"),
            )
        )
    how = "exact" if result.exact else f"Monte Carlo, seed {escape(str(result.seed))}"
    runouts = f"{result.runs:,} {plural(result.runs, RUNOUTS['en'], 'en')}"
    return f'<div class="pe-equity">{_TABLE}{"".join(rows)}</table>{runouts} ({how})</div>'


def outs_html(found: Outs) -> str:
    """Outs: the cards, the chances by the next card and the river, ties and tainted cards."""
    words = escape(outs_words("en", found.count, found.street))
    chances = escape(outs_chances("en", found.street, found.next_card, found.by_river, found.rule_of_2_and_4))
    rows = [_row(["out", "makes", ""], head=True)]
    for kind, listed in (("", found.outs), ("ties", found.ties), ("tainted", found.tainted)):
        for out in listed:
            share = f" ({100 * out.share:.0f}% of holdings)" if out.share != 1.0 else ""
            rows.append(_row([card_html(out.card), escape(out.hand.describe()) + share, kind]))
    return (
        f'<div class="pe-outs"><div>{words}{cards_html(found.cards)}</div><div>{chances}</div>'
        f"{_TABLE}{''.join(rows)}</table></div>"
    )


def draws_html(found: Draws) -> str:
    """Draws: each kind with the cards that complete it, and the sentence that names them."""
    rows = [_row(["draw", "cards", ""], head=True)]
    for draw in found:
        count = f"{len(draw.cards)} {cards_word(len(draw.cards))}"
        rows.append(_row([escape(draw.kind.describe()), count, cards_html(draw.cards)]))
    table = f"{_TABLE}{''.join(rows)}</table>" if len(rows) > 1 else ""
    street = escape(str(found.street))
    return f'<div class="pe-draws"><div>{escape(found.describe())} on the {street}</div>{table}</div>'


def range_html(hands: Range) -> str:
    """A range: its notation and size, and for two-card ranges (hold'em, short deck) the 13x13
    grid, cells shaded by weight; the share of all hands is of the range's own game's deck."""
    from .plot import GRID, cell_color, range_grid

    spec = game_spec(hands.game)
    weight = float(hands.weights.sum())
    combos = f"{len(hands)} {plural(len(hands), COMBOS['en'], 'en')}"
    if spec.seat != (2, 2):
        # Omaha hands have 4 to 6 cards: no grid of two-card classes, and no one count of
        # "all hands" (it depends on the hand size), so the title says the game instead.
        title = f"{escape(str(hands))}: {combos} ({escape(spec.name)})"
        return f'<div class="pe-range"><div>{title}</div></div>'
    cells = range_grid(hands)
    rows = []
    for names in GRID:
        tds = []
        for name in names:
            rgb = cell_color(cells[name])
            ink = "#000" if 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2] > 140 else "#fff"
            tds.append(
                f'<td style="background:rgb{rgb};color:{ink};padding:0.1em 0.2em;'
                f'text-align:center;font-size:0.8em;border:1px solid #fff">{name}</td>'
            )
        rows.append("<tr>" + "".join(tds) + "</tr>")
    deck = spec.deck_size
    title = f"{escape(str(hands))}: {combos}, {100 * weight / (deck * (deck - 1) // 2):.1f}% of all hands"
    return (
        f'<div class="pe-range"><div>{title}</div>'
        f'<table style="border-collapse:collapse">{"".join(rows)}</table></div>'
    )


def _never_raising(html: Callable[[Any], str]) -> Callable[[Any], str]:
    """`html`, or where it cannot be built (a result put together by hand, without the parts
    the library's own calls give it) the escaped text repr: a repr never raises."""

    def repr_html(value: Any) -> str:
        try:
            return html(value)
        except Exception:  # a notebook shows this instead of a formatter's traceback
            try:
                text = repr(value)
            except Exception:
                text = object.__repr__(value)
            return f"<pre>{escape(text)}</pre>"

    repr_html.__name__ = repr_html.__qualname__ = html.__name__
    repr_html.__doc__ = html.__doc__
    return repr_html


def register() -> None:
    """Give every result type its notebook repr (``_repr_html_``); idempotent.

    >>> register(); Card("Ah")._repr_html_() == card_html(Card("Ah"))
    True
    """
    for kind, html in (
        (Card, card_html),
        (HandRank, rank_html),
        (ShowdownResult, showdown_html),
        (Settlement, settlement_html),
        (EquityResult, equity_html),
        (Range, range_html),
        (Outs, outs_html),
        (Draws, draws_html),
    ):
        setattr(kind, "_repr_html_", _never_raising(html))  # noqa: B010  (a method attached from above)
