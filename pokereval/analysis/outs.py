"""Outs: the cards that improve a hold'em hand on the flop or turn, or that win against given
opponents, with the exact chance to hit them and the rule of 2 and 4 beside it (csrc/analysis.c).
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from .. import _core
from ..cards import CARDS, Card, CardsLike
from ..rank import HandRank
from ._read import (
    HOLDEM,
    OpponentLike,
    cards_text,
    flop_or_turn,
    holdem_only,
    known_cards,
    opponent_combos,
    percent,
    read_opponents,
)

__all__ = ["EXACT_LIMIT", "Out", "Outs", "outs"]

EXACT_LIMIT = 5_000_000
"""The most deals times cards :func:`outs` plays against opponents' ranges."""


class Out(NamedTuple):
    """One out: the card, the hand it makes, and (against ranges) the share of holdings it does it against.

    >>> o = outs("AhKh", "2h7h9c").outs[0]
    >>> o.card, o.hand.category.name, o.share
    (Card('3h'), 'FLUSH', 1.0)
    """

    card: Card
    hand: HandRank
    share: float = 1.0


@dataclass(frozen=True, repr=False)
class Outs:
    """The outs of a hand on the flop or the turn (see :func:`outs`).

    ``outs`` are the improving cards (no opponents) or the winning cards (against opponents);
    ``ties`` the cards after which the hand ties for best, ``tainted`` the improving cards that
    lift an opponent past the hand they make.  ``next_card`` and ``by_river`` are the exact
    chances that one of ``outs`` comes on the next card and by the river; ``rule_of_2_and_4`` is
    the rule of thumb for the same thing (4% an out with two cards to come, 2% with one).

    >>> r = outs("AhKh", "2h7h9c")
    >>> r.count, round(r.by_river, 4), r.rule_of_2_and_4
    (15, 0.5412, 0.6)
    """

    outs: tuple[Out, ...]
    ties: tuple[Out, ...]
    tainted: tuple[Out, ...]
    street: str
    unseen: int
    next_card: float
    by_river: float
    opponents: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """The out cards, in id order.

        >>> " ".join(map(str, outs("7c8c", "9d Th 2s").cards))  # eight to the straight, six to pair
        '6c 6d 6h 6s 7d 7h 7s 8d 8h 8s Jc Jd Jh Js'
        """
        return tuple(out.card for out in self.outs)

    @property
    def count(self) -> int:
        """How many cards are outs.

        >>> outs("7c8c", "9d Th 2s").count
        14
        """
        return len(self.outs)

    @property
    def effective(self) -> float:
        """The outs weighed by their shares (equal to ``count`` unless the opponents hold ranges).

        >>> outs("AhKh", "2h7h9c", vs="QsQd").effective
        15.0
        """
        return float(sum(out.share for out in self.outs))

    @property
    def rule_of_2_and_4(self) -> float:
        """The rule of thumb for ``by_river``: 4% an out on the flop, 2% on the turn, at most
        100% (a made hand against a range can have forty "outs", and no chance passes 1).

        >>> outs("7c8c", "9d Th 2s Kd").rule_of_2_and_4
        0.28
        >>> outs("JsJd", "As Jh 3d", vs="random").rule_of_2_and_4
        1.0
        """
        per_out = 4 if self.street == "flop" else 2
        return min(1.0, round(self.effective * per_out, 10) / 100)

    def __repr__(self) -> str:
        against = f" against {self.opponents} opponent{'s' * (self.opponents > 1)}" if self.opponents else ""
        tail = ""
        if self.ties:
            tail += f", {len(self.ties)} tie{'s' * (len(self.ties) > 1)}"
        if self.tainted:
            tail += f", {len(self.tainted)} tainted"
        return (
            f"<Outs {self.count} on the {self.street}{against}: {cards_text(self.cards)}{tail};"
            f" by the river {percent(self.by_river)} exact, {percent(self.rule_of_2_and_4)} by the rule"
            f" of {4 if self.street == 'flop' else 2}>"
        )


def outs(
    hole: CardsLike,
    board: CardsLike,
    *,
    vs: Sequence[OpponentLike] | OpponentLike | None = None,
    dead: CardsLike | None = None,
    game: str = "holdem",
) -> Outs:
    """The cards that improve a hold'em hand on the flop or turn, or that win against opponents.

    Without `vs`: the unseen cards (not hole, board or dead) that raise the hand's category
    through the player's own cards, each with the hand it makes.  A card whose board alone
    reaches the new category is no out, unless the player's straight or full house (or flush,
    straight flush) beats the board's (a 9 for TcJd on 5s6h7d8c), nor is one that only pairs the
    board (its rank on the board, in neither hole card) and so turns the player's pair into two
    pair: every player gets that pair.  Filling a full house or making a flush, such a card is
    an out.  With `vs` (1 to 9 opponents, each cards or a range): the unseen cards after which
    the hand wins outright on the next card (``outs``), ties for best (``ties``), and the
    improving cards that lift an opponent past the hand they make (``tainted``: a flush card
    that pairs the board and fills an opponent's set).  Against ranges every holding that misses
    the known cards is dealt, weighted, and each card carries the share it wins against of the
    holdings that leave it unseen (weighted); the chances are averaged over the holdings.

    >>> r = outs("AhKh", "2h7h9c")  # nine hearts, three aces, three kings
    >>> r  # doctest: +NORMALIZE_WHITESPACE
    <Outs 15 on the flop: 3h 4h 5h 6h 8h 9h Th Jh Qh Kc Kd Ks Ac Ad As;
     by the river 54.1% exact, 60.0% by the rule of 4>
    >>> outs("AhKh", "2h7h9cJd", vs="QsQd")  # doctest: +NORMALIZE_WHITESPACE
    <Outs 15 on the turn against 1 opponent: 3h 4h 5h 6h 8h 9h Th Jh Qh Kc Kd Ks Ac Ad As;
     by the river 34.1% exact, 30.0% by the rule of 2>
    >>> r = outs("AhKh", "9h7h2c", vs="2d2s")  # 2h makes the flush and the deuces' quads
    >>> r  # doctest: +NORMALIZE_WHITESPACE
    <Outs 8 on the flop against 1 opponent: 3h 4h 5h 6h 8h Th Jh Qh, 1 tainted;
     by the river 32.7% exact, 32.0% by the rule of 4>
    >>> r.tainted[0].card, r.tainted[0].hand.category.name
    (Card('2h'), 'FLUSH')
    """
    holdem_only(game, "outs")
    hole_ids, board_ids, dead_ids = known_cards(hole, board, dead)
    street = flop_or_turn(board_ids, "outs")
    combos: Any = None
    weights: Any = None
    counts: Any = None
    players = held = 0
    if vs is not None:
        known = [("the hole cards", hole_ids), ("the board", board_ids), ("the dead cards", dead_ids)]
        read = read_opponents(vs, known)
        players = len(read)
        if all(isinstance(hand, bytes) for hand in read):
            # Hands given as cards: one deal, and their cards are not unseen.
            combos = b"".join(read)  # type: ignore[arg-type]
            counts = array("I", [1] * players)
            held = len(combos)
        else:
            opponents = opponent_combos(read, known)
            deals = math.prod(len(ids) for ids, _ in opponents)
            if deals * 52 > EXACT_LIMIT:
                raise ValueError(
                    f"outs against these ranges would play {deals:,} deals of opponents' holdings times"
                    f" every card (more than {EXACT_LIMIT:,}); narrow the ranges"
                )
            combos = np.ascontiguousarray(np.concatenate([ids for ids, _ in opponents]))
            weights = np.ascontiguousarray(np.concatenate([w for _, w in opponents]))
            counts = np.array([len(ids) for ids, _ in opponents], dtype=np.uint32)
            held = sum(2 for ids, _ in opponents if len(ids) == 1)
    # Each opponent holds two cards in every deal, a hand or a holding of a range: the cards
    # left must deal the rest of the board, or the chances are 0 / 0.
    live = 52 - len(hole_ids) - len(board_ids) - len(dead_ids) - 2 * players
    to_come = 5 - len(board_ids)
    if live < to_come:
        held_words = f" and the opponents' {2 * players} hole cards" if players else ""
        raise ValueError(
            f"not enough live cards to complete the board: {len(dead_ids)} dead{held_words}"
            f" leave {live} for the {to_come} to come"
        )
    rc, value, improving, win, tie, tainted, (next_card, by_river) = _core.outs(
        hole_ids, board_ids, dead_ids, combos, weights, counts
    )
    if rc == _core.ERR_DUPLICATE:
        raise ValueError("the opponents' ranges leave no deal without a card twice")
    if rc == _core.ERR_ARG:  # deals there are, but their weights' products underflow
        raise _core.deal_weights_error("the opponents' ranges")
    if rc != 0:  # pragma: no cover  (checked above)
        raise _core.error(rc, f"outs: core error {rc}")
    base = hole_ids + board_ids
    unseen = 52 - len(base) - len(dead_ids) - held

    def made(shares: list[float]) -> tuple[Out, ...]:
        return tuple(
            Out._make((CARDS[c], HandRank(value[c], HOLDEM, base + _ONE_CARD[c]), share))
            for c, share in enumerate(shares)
            if share
        )

    if vs is None:
        improves = [1.0 if improving >> c & 1 else 0.0 for c in range(52)]
        return Outs(made(improves), (), (), street, unseen, next_card, by_river, 0)
    return Outs(made(win), made(tie), made(tainted), street, unseen, next_card, by_river, players)


_ONE_CARD = tuple(bytes((card,)) for card in range(52))
