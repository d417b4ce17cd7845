"""Everything the command line writes: cards with suit symbols and colors, tables, JSON.

The subcommands build results from the public API and hand them here; nothing else in
pokereval.cli writes to the terminal.  rich does the terminal work (colors, tables, the
progress bar) and is imported only when a command runs, so ``import pokereval`` never
loads it.

Suits print as the symbols ♠♥♦♣ when the output's encoding can hold them and as the letters
s h d c with ``--ascii`` or when it cannot.  Any other character the encoding cannot hold
(Cyrillic on an ASCII pipe, say) is written as a backslash escape instead of failing.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import RANKS, SUITS, Card
from ..equity.result import label_cards

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

_SYMBOLS = "♣♦♥♠"  # in suit order c, d, h, s
# A four-color deck: every suit tells apart at a glance, and no suit is black on black.
_SUIT_STYLES = ("green", "blue", "red", "bold")


def can_encode(text: str, stream: Any) -> bool:
    """Whether `stream` can write `text` in its encoding."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def harden(stream: Any) -> None:
    """Write characters the stream's encoding cannot hold as escapes, never raise on them."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None and not can_encode("♠Д", stream):
        reconfigure(errors="backslashreplace")


class Output:
    """One command's output: the language, symbols or letters, text or JSON."""

    def __init__(self, *, lang: str = "en", ascii_only: bool = False, as_json: bool = False) -> None:
        self.lang = lang
        self.as_json = as_json
        self.symbols = not ascii_only and can_encode(_SYMBOLS, sys.stdout)
        self._console: Console | None = None

    # ---- the terminal --------------------------------------------------------------------

    @property
    def console(self) -> Console:
        if self._console is None:
            from rich.console import Console

            console = Console(file=sys.stdout, highlight=False, emoji=False)
            # rich exits with status 1 on a closed pipe; the command line ends quietly instead.
            console.on_broken_pipe = _raise_broken_pipe  # type: ignore[method-assign]
            self._console = console
        return self._console

    def line(self, *parts: str | Text) -> None:
        """Print one line made of plain strings and styled Text pieces, never wrapped."""
        from rich.text import Text

        text = Text()
        for part in parts:
            # Plain text may hold what a user gave (a history's player names): escaped so that
            # it prints, never acts on the terminal.  Text pieces are the command's own.
            text.append(printable(part) if isinstance(part, str) else part)
        self.console.print(text, soft_wrap=True)

    def show(self, renderable: Any) -> None:
        """Print a rich renderable (a table, a grid), never narrower than it can be: on a
        terminal narrower than that, rich dropped whole columns (COLUMNS=10 left equity's
        table one column of three); the terminal wraps the wider lines instead."""
        from rich.measure import Measurement

        console = self.console
        least = Measurement.get(console, console.options.update(max_width=1 << 16), renderable).minimum
        if least <= console.width:
            console.print(renderable)
            return
        width = console.width
        console.width = least
        try:
            console.print(renderable)
        finally:
            console.width = width

    # ---- cards -----------------------------------------------------------------------------

    def card_text(self, card: Card) -> str:
        """The card as plain text: 'A♠', or 'As' in letters; a joker is 'Jk'."""
        if card.is_joker:
            return str(card)
        suit = card.suit
        return RANKS[card.rank] + (_SYMBOLS[suit] if self.symbols else SUITS[suit])

    def card(self, card: Card) -> Text:
        """The card, colored by suit."""
        from rich.text import Text

        return Text(self.card_text(card), style="magenta" if card.is_joker else _SUIT_STYLES[card.suit])

    def cards(self, cards: Iterable[Card], sep: str = " ") -> Text:
        """Cards separated by `sep`, each colored by suit."""
        from rich.text import Text

        text = Text()
        for i, card in enumerate(cards):
            if i:
                text.append(sep)
            text.append(self.card(card))
        return text

    def hand_label(self, hand: str) -> Text | str:
        """A hand as the user gave it: its cards when it reads as cards, else the text (a range)."""
        cards = label_cards(hand)
        return hand if cards is None else self.cards(cards)

    # ---- JSON ------------------------------------------------------------------------------

    def json(self, document: Any) -> None:
        """Write the document as JSON (ASCII escapes where the output cannot hold UTF-8).  A
        number that is not finite (NaN: no equity where a range cannot be dealt) is null:
        JSON has no NaN, and readers other than Python's refuse the bare word."""
        ascii_only = not can_encode("♠Д", sys.stdout)
        text = json.dumps(_finite(document), ensure_ascii=ascii_only, indent=2, allow_nan=False)
        sys.stdout.write(text + "\n")


def _finite(value: Any) -> Any:
    """`value` with every float that is not finite, however deep, as None."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(item) for item in value]
    return value


# Characters a terminal acts on rather than shows: the C0 and C1 controls (ESC starts the
# sequences that recolour, clear or retitle; a line break starts a line) and the bidirectional
# overrides and isolates, which reorder what follows.  Other format characters (a zero-width
# joiner inside an emoji, a non-joiner in a Persian name) print as they are.
_ACTING = re.compile("[\\x00-\\x1f\\x7f-\\x9f\\u202a-\\u202e\\u2066-\\u2069]")


def printable(text: str) -> str:
    """`text` with the characters a terminal acts on written as Python escapes, so that a
    name read from a file prints as itself.

    >>> printable("Ivey\\x1b[31m") == "Ivey" + chr(92) + "x1b[31m"
    True
    >>> printable("Иван Ivey\\u200d")
    'Иван Ivey\\u200d'
    """
    return _ACTING.sub(lambda found: found[0].encode("unicode_escape").decode("ascii"), text)


def acting(text: str) -> str | None:
    """The first character of `text` that printable() escapes, or None."""
    found = _ACTING.search(text)
    return None if found is None else found[0]


def _raise_broken_pipe() -> None:
    raise BrokenPipeError


def card_names(cards: Sequence[Card]) -> list[str]:
    """Cards in the canonical spelling ('As'), as JSON shows them."""
    return [str(card) for card in cards]
