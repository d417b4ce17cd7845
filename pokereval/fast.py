"""One Python call per hold'em hand, with as little around the C call as possible.

:func:`pokereval.evaluate` returns a :class:`HandRank` and accepts every card spelling;
the functions here return the plain int value (the same 1..7462 scale, greater is
stronger) of a hand already in the core's own form: a 64-bit card mask (bit ``id`` set
for each card, id = 4*rank + suit) or a bytes of ids.  Both are checked: a bad hand
raises ValueError (TypeError for a wrong type), never a wrong value.

>>> from pokereval import Card
>>> from pokereval.fast import evaluate_ids, evaluate_mask, mask_of
>>> cards = [Card(t) for t in ("As", "Ks", "Qs", "Js", "Ts", "2d", "3c")]
>>> evaluate_mask(mask_of(cards)), evaluate_ids(bytes(cards))
(7462, 7462)

A simulator that keeps the board as a mask adds a player's two cards with one ``|``:

>>> board = mask_of("Kh Kc 2d 7s 9c")
>>> evaluate_mask(board | mask_of("As Ad")) > evaluate_mask(board | mask_of("Qs Qd"))
True
"""

from __future__ import annotations

from . import _core
from .cards import CardsLike, card_ids
from .games import game_spec

__all__ = ["evaluate_ids", "evaluate_mask", "mask_of", "simd_path"]

_HOLDEM = game_spec("holdem")

# Both are cffi functions, called with nothing but the value test around them.
_eval_mask = _core.eval_mask_checked
_eval_ids = _core.eval_holdem


def mask_of(cards: CardsLike) -> int:
    """The 64-bit mask of some cards (bit ``id`` set for each): any form
    :func:`pokereval.parse_cards` reads.  A repeated card raises ValueError.

    >>> hex(mask_of("2c 2d As"))
    '0x8000000000003'
    """
    mask = 0
    for card in card_ids(cards):
        mask |= 1 << card
    return mask


def _mask_error(mask: object) -> Exception:
    if type(mask) is bool or not isinstance(mask, int):
        return TypeError(f"mask must be an int, got {type(mask).__name__}")
    if mask < 0 or mask >> 52:
        return ValueError(f"mask {mask:#x} has bits outside 0..51 (card ids run 0..51)")
    count = bin(mask).count("1")
    return ValueError(f"mask {mask:#x} holds {count} cards; holdem needs 5 to 7")


def evaluate_mask(mask: int) -> int:
    """Hold'em value (1..7462) of the 5 to 7 cards whose ids are the set bits of `mask`.

    >>> evaluate_mask(0b11111 << 47)  # Ks Ac Ad Ah As: four aces, king kicker
    7452
    >>> evaluate_mask(1 << 52 | 0b1111)
    Traceback (most recent call last):
    ...
    ValueError: mask 0x1000000000000f has bits outside 0..51 (card ids run 0..51)
    """
    try:
        value: int = _eval_mask(mask)
    except (OverflowError, TypeError):
        value = -1
    if value > 0:
        return value
    raise _mask_error(mask)


def evaluate_ids(ids: bytes) -> int:
    """Hold'em value (1..7462) of 5 to 7 card ids given as bytes (``bytes(cards)``).

    >>> evaluate_ids(bytes([51, 47, 43, 39, 35]))
    7462
    >>> evaluate_ids(bytes([51, 51, 43, 39, 35]))
    Traceback (most recent call last):
    ...
    ValueError: duplicate card 'As'
    """
    value: int = _eval_ids(ids, len(ids))
    if value > 0:
        return value
    raise _HOLDEM.error(value, ids)


def simd_path() -> str:
    """Which kernel runs hold'em and stud batches: "avx512", "avx2" or "scalar".

    Chosen once at import: the fastest this CPU runs, unless the environment variable
    ``POKEREVAL_SIMD`` names one (``scalar`` forces the portable C kernel).

    >>> simd_path() in ("avx512", "avx2", "scalar")
    True
    """
    return _core.simd_path()
