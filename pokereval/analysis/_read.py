"""Reading the cards of the analysis calls: hold'em only, the known cards once each, the
street, the opponents' hands or ranges; and two small formatting helpers the results share.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Union

import numpy as np

from .._checks import check_unique
from .._holdings import combos_of, read_hand
from ..cards import Card, CardsLike, is_one_card, natural_cards
from ..games import GameSpec, game_spec
from ..ranges import Range

__all__ = [
    "HOLDEM",
    "STREETS",
    "OpponentLike",
    "cards_text",
    "flop_or_turn",
    "holdem_only",
    "known_cards",
    "opponent_combos",
    "percent",
    "read_opponents",
]

OpponentLike = Union[CardsLike, Range]
"""An opponent's holding: cards, a Range or range text."""

HOLDEM = game_spec("holdem")
STREETS = {3: "flop", 4: "turn"}


def holdem_only(game: str, what: str) -> GameSpec:
    spec = game_spec(game)
    if spec.name != "holdem":
        raise ValueError(f"{what} is defined for holdem only, not {spec.name!r}")
    return spec


def known_cards(
    hole: CardsLike, board: CardsLike | None, dead: CardsLike | None
) -> tuple[bytes, bytes, bytes]:
    """Hold'em hole, board and dead ids, each card once among them."""
    hole_ids = natural_cards(hole, "hole cards", optional=False)
    if len(hole_ids) != 2:
        raise ValueError(f"holdem deals 2 hole cards, got {len(hole_ids)}")
    board_ids = natural_cards(board, "board")
    dead_ids = natural_cards(dead, "dead cards")
    check_unique([("the hole cards", hole_ids), ("the board", board_ids), ("the dead cards", dead_ids)])
    return hole_ids, board_ids, dead_ids


def flop_or_turn(board: bytes, what: str) -> str:
    street = STREETS.get(len(board))
    if street is None:
        if len(board) == 5:
            raise ValueError(f"{what} needs a flop or a turn: a river board of 5 cards has nothing to come")
        raise ValueError(f"{what} needs a flop (3 board cards) or a turn (4), got {len(board)}")
    return street


def read_opponents(
    vs: Sequence[OpponentLike] | OpponentLike, known: list[tuple[str, bytes]]
) -> list[bytes | Range]:
    """Each opponent's hand (ids) or Range; no card twice among the hands and the known cards."""
    # One hand (text, a Range, or a list of single cards) or a list of hands.
    one = isinstance(vs, (str, bytes, Range)) or not isinstance(vs, Sequence)
    # An empty list is no opponent at all, not one opponent of no cards.
    one = one or (len(vs) > 0 and all(is_one_card(item) for item in vs))  # type: ignore[arg-type, union-attr]
    hands: list[Any] = [vs] if one else list(vs)  # type: ignore[arg-type]
    if not 1 <= len(hands) <= 9:
        raise ValueError(f"vs takes 1 to 9 opponents, got {len(hands)}")
    read = [read_hand(i, hand, range(2, 3), True, "opponent") for i, hand in enumerate(hands, 1)]
    named = [(f"opponent {i}", ids) for i, ids in enumerate(read, 1) if isinstance(ids, bytes)]
    try:
        check_unique([*known, *named])
    except ValueError as error:
        raise ValueError(str(error).replace("hand ", "opponent ")) from None
    return read


def opponent_combos(
    read: list[bytes | Range], known: list[tuple[str, bytes]]
) -> list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]]:
    """Each opponent's combos (N, 2) and weights, without those touching a card dealt elsewhere."""
    fixed = [card for _, ids in known for card in ids]
    fixed += [card for hand in read if isinstance(hand, bytes) for card in hand]
    out = []
    for i, hand in enumerate(read, 1):
        ids, weights = combos_of(i, hand, [] if isinstance(hand, bytes) else fixed, "opponent")
        out.append(
            (np.ascontiguousarray(ids, dtype=np.uint8), np.ascontiguousarray(weights, dtype=np.float64))
        )
    return out


def percent(p: float) -> str:
    return f"{100 * p:.1f}%"


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))
