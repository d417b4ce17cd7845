"""Draws: flush, backdoor flush, open-ended and gutshot straight draws and overcards of a
hold'em hand on the flop or turn (csrc/analysis.c).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple

from .. import _core, _words
from ..cards import CARDS, Card, CardsLike
from ._read import cards_text, flop_or_turn, holdem_only, known_cards

__all__ = ["Draw", "DrawKind", "Draws", "draws"]


class DrawKind(IntEnum):
    """The kinds of draw :func:`draws` finds (the numbers of csrc/pokereval.h's PE_DRAW_*).

    >>> DrawKind.FLUSH_DRAW.describe("ru")
    'флеш-дро'
    """

    FLUSH_DRAW = 0
    BACKDOOR_FLUSH_DRAW = 1
    OPEN_ENDED_STRAIGHT_DRAW = 2
    GUTSHOT = 3
    DOUBLE_GUTSHOT = 4
    OVERCARDS = 5

    def describe(self, lang: str = "en") -> str:
        """The kind's name in English, Russian or Bulgarian.

        >>> DrawKind.GUTSHOT.describe("bg")
        'гътшот'
        """
        return _words.draw_name(self, lang)


class Draw(NamedTuple):
    """One draw: its kind and the unseen cards that complete it (two of them for a backdoor).

    >>> d = draws("AhKh", "2h7h9c").draws[0]
    >>> d.kind, " ".join(map(str, d.cards))
    (<DrawKind.FLUSH_DRAW: 0>, '3h 4h 5h 6h 8h 9h Th Jh Qh')
    """

    kind: DrawKind
    cards: tuple[Card, ...]


@dataclass(frozen=True, repr=False)
class Draws:
    """The draws a hand holds on the flop or the turn (see :func:`draws`).

    Iterating gives each :class:`Draw`; ``kind in result`` and ``result[kind]`` (its cards)
    look one up.

    >>> r = draws("Jc Tc", "9c 8d 2c")
    >>> [d.kind.name for d in r]
    ['FLUSH_DRAW', 'OPEN_ENDED_STRAIGHT_DRAW', 'OVERCARDS']
    >>> DrawKind.GUTSHOT in r, len(r[DrawKind.FLUSH_DRAW])
    (False, 9)
    """

    draws: tuple[Draw, ...]
    street: str

    @property
    def kinds(self) -> tuple[DrawKind, ...]:
        """The kinds of draw held, in DrawKind order.

        >>> draws("5s4s", "As 2s 9d").kinds
        (<DrawKind.FLUSH_DRAW: 0>, <DrawKind.GUTSHOT: 3>)
        >>> draws("Ks Qs", "2s 7d 9c").kinds
        (<DrawKind.BACKDOOR_FLUSH_DRAW: 1>, <DrawKind.OVERCARDS: 5>)
        """
        return tuple(draw.kind for draw in self.draws)

    def __iter__(self) -> Iterator[Draw]:
        return iter(self.draws)

    def __len__(self) -> int:
        return len(self.draws)

    def __contains__(self, kind: object) -> bool:
        return kind in self.kinds

    def __getitem__(self, kind: DrawKind) -> tuple[Card, ...]:
        for draw in self.draws:
            if draw.kind == kind:
                return draw.cards
        raise KeyError(kind)

    def describe(self, lang: str = "en") -> str:
        """The draws in words, in English ("en"), Russian ("ru") or Bulgarian ("bg").

        >>> r = draws("Jc Tc", "9c 8d 2c")
        >>> r.describe()
        'Flush draw (9 cards), open-ended straight draw (8 cards) and two overcards (6 cards)'
        >>> r.describe("ru")
        'Флеш-дро (9 карт), двустороннее стрит-дро (8 карт) и две оверкарты (6 карт)'
        >>> draws("2c 3d", "Ks Qh 8c").describe("bg")
        'Няма дро'
        """
        return _words.describe_draws([(d.kind, len(d.cards)) for d in self.draws], lang)

    def __repr__(self) -> str:
        inner = "; ".join(f"{d.kind.describe()} {cards_text(d.cards)}" for d in self.draws) or "no draw"
        return f"<Draws on the {self.street}: {inner}>"


def draws(hole: CardsLike, board: CardsLike, *, game: str = "holdem") -> Draws:
    """The draws a hold'em hand holds on the flop or the turn, with the cards that complete each.

    - flush draw: four cards of a suit with at least one of the player's; backdoor flush draw
      (flop only): three, so a runner-runner completes it;
    - straight draws: the ranks that give a straight through the player's cards (higher than
      one the board makes with that rank alone).  Open-ended when two of them close four ranks
      in a row at both ends; otherwise a double gutshot for two ranks or more, a gutshot for one
      (A-2-3-4 and J-Q-K-A, which only one rank fills, are gutshots);
    - overcards: two unpaired hole cards above every board card.

    Straight draws and overcards count only for a hand below a straight, flush draws for a hand
    below a flush.  A river board has nothing to come: ValueError.

    >>> draws("AhKh", "2h7h9c")
    <Draws on the flop: flush draw 3h 4h 5h 6h 8h 9h Th Jh Qh; two overcards Kc Kd Ks Ac Ad As>
    >>> draws("5c4d", "As 2h 9d Kc").describe()
    'Gutshot (4 cards)'
    """
    holdem_only(game, "draws")
    hole_ids, board_ids, _ = known_cards(hole, board, None)
    street = flop_or_turn(board_ids, "draws")
    rc, completing = _core.draws(hole_ids, board_ids)
    if rc != 0:  # pragma: no cover  (checked above)
        raise _core.error(rc, f"draws: core error {rc}")
    found = tuple(Draw(kind, _cards_of_mask(mask)) for kind, mask in zip(DrawKind, completing) if mask)
    return Draws(found, street)


def _cards_of_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in id order."""
    return tuple(CARDS[c] for c in range(52) if mask >> c & 1)
