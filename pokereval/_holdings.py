"""The holdings of an equity-like call (equity, outs, hand strength): each player's cards or
range, read and worded the same way, and the combos of a range that can still be dealt.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from ._checks import check_range_game
from ._words import cards_word
from .cards import card_ids, refuse_jokers
from .ranges import Range

__all__ = ["combos_of", "read_hand", "unit_weights"]


def read_hand(index: int, hand: object, hole_ok: range, ranges_ok: bool, what: str = "hand") -> bytes | Range:
    """Cards (bytes) or a Range for `what` (a hand, an opponent) number `index` (1-based, for
    messages).  Ranges, where `ranges_ok`, are hold'em's: a Range of another game is refused."""
    if type(hand) is str:
        try:
            return _read_text(hand, hole_ok, ranges_ok)
        except (ValueError, TypeError):
            pass  # worded below, with the hand's number
    return _read(index, hand, hole_ok, ranges_ok, what)


@lru_cache(maxsize=1024)
def _read_text(hand: str, hole_ok: range, ranges_ok: bool) -> bytes | Range:
    """read_hand of text, kept: the same text reads to the same cards or the same Range
    (neither ever changes), and a player's range text is read again at every call."""
    return _read(0, hand, hole_ok, ranges_ok, "hand")


def _read(index: int, hand: object, hole_ok: range, ranges_ok: bool, what: str) -> bytes | Range:
    if isinstance(hand, Range):
        if not ranges_ok:
            raise ValueError(f"{what} {index}: ranges are only for holdem")
        check_range_game(hand.game, "holdem", f"{what} {index}")
        return hand
    if isinstance(hand, np.ndarray) and hand.dtype.kind == "f" and hand.size == 1326:  # weights
        raise TypeError(
            f"{what} {index}: 1,326 weights are a range for the solver's kit (such as combo_equity),"
            " not here; give cards, range text or a Range"
        )
    try:
        ids = card_ids(hand)  # type: ignore[arg-type]
    except ValueError as card_error:
        if not (ranges_ok and isinstance(hand, str)):
            raise ValueError(f"{what} {index}: {card_error}") from None
        try:
            return Range(hand)
        except ValueError as range_error:
            raise ValueError(
                f"{what} {index} {hand!r} is neither cards ({card_error}) nor a range ({range_error})"
            ) from None
    except TypeError as type_error:
        raise TypeError(f"{what} {index}: {type_error}") from None
    if ranges_ok and isinstance(hand, str) and (52 in ids or 53 in ids):
        # "JK" (any case) spells a joker as a card and the class KJ as a range: no joker
        # plays here, so the text is the range when it reads as one.
        try:
            return Range(hand)
        except ValueError:
            pass
    refuse_jokers(ids, hand, f"{what} {index}: ")
    if len(ids) not in hole_ok:
        want = f"{hole_ok.start}" if len(hole_ok) == 1 else f"{hole_ok.start} to {hole_ok.stop - 1}"
        if ranges_ok and isinstance(hand, str):
            try:
                return Range(hand)
            except ValueError as range_error:
                if "," in hand:  # a list of combos is a range's form: say which combo is wrong
                    raise ValueError(
                        f"{what} {index} {hand!r} is neither {want} hole cards (it has {len(ids)})"
                        f" nor a range ({range_error})"
                    ) from None
        raise wrong_size(f"{what} {index}", len(ids), f"this game deals {want} hole cards")
    return ids


def wrong_size(who: str, cards: int, deals: str) -> ValueError:
    """A hand of the wrong size, worded; one card is most often a hand split in two
    (``vs=["Qs", "Qd"]`` for the one opponent holding ``"QsQd"``), so the words say how."""
    hint = " (each player's cards are one string: 'QsQd', not 'Qs', 'Qd')" if cards == 1 else ""
    return ValueError(f"{who} has {cards} {cards_word(cards)}; {deals}{hint}")


def combos_of(index: int, hand: bytes | Range, fixed: list[int], what: str = "hand") -> tuple[Any, Any]:
    """(ids (N, hole) uint8, weights (N,) float64 with the largest 1) of one player,
    without the combos holding a card of `fixed` or weighing 0."""
    if isinstance(hand, bytes):
        return np.frombuffer(hand, dtype=np.uint8).reshape(1, -1), np.ones(1)
    ids, weights = hand._arrays()
    keep = weights > 0
    if fixed:
        out = np.zeros(52, dtype=bool)
        out[fixed] = True
        keep &= ~(out[ids[:, 0]] | out[ids[:, 1]])
    ids, weights = ids[keep], weights[keep]
    if not len(ids):
        raise ValueError(
            f"{what} {index} ({str(hand)!r}) has no combo left without the cards dealt elsewhere"
        )
    return np.ascontiguousarray(ids), unit_weights(weights)[0]


def unit_weights(weights: Any) -> tuple[Any, float]:
    """Weights over their largest, and that largest (1 for none): the core then sees weights
    of at most 1, whose products neither overflow (1e300 each) nor vanish (5e-324 each),
    and only their ratios matter to an equity."""
    top = float(weights.max()) if weights.size else 0.0
    if not top > 0 or top == 1.0:
        return weights, 1.0
    return weights / top, top
