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

__all__ = ["evaluate_cards", "evaluate_ids", "evaluate_mask", "mask_of", "simd_path"]

# All three are C functions that keep the GIL (pokereval/_fastcall.c) and raise ValueError
# or TypeError naming the problem: no Python frame stands between the caller and the core.
evaluate_mask = _core.fast_mask
"""evaluate_mask(mask) -> hold'em value (1..7462) of the cards whose ids are the set bits.

>>> evaluate_mask(0b11111 << 47)  # Ks Ac Ad Ah As: four aces, king kicker
7452
"""
evaluate_cards = _core.fast_cards
"""evaluate_cards(cards) -> hold'em value (1..7462) of a list or tuple of 5-7 Cards or ids.

>>> from pokereval import Card
>>> evaluate_cards([Card("As"), Card("Ks"), Card("Qs"), Card("Js"), Card("Ts")])
7462
"""


def mask_of(cards: CardsLike) -> int:
    """The 64-bit mask of some cards (bit ``id`` set for each): any form
    :func:`pokereval.parse_cards` reads.  A repeated card raises ValueError.

    >>> hex(mask_of("2c 2d As"))
    '0x8000000000003'
    """
    mask = 0
    for position, card in enumerate(card_ids(cards), 1):
        if card >= 52:  # a joker: a mask has a bit for each of the 52 cards only
            raise ValueError(f"mask_of: a mask holds the 52 cards, not a joker (card {position})")
        mask |= 1 << card
    return mask


evaluate_ids = _core.fast_cards
"""evaluate_ids(ids) -> hold'em value (1..7462) of 5 to 7 card ids as bytes (``bytes(cards)``).

Lists and tuples of ids are taken too (as by :func:`evaluate_cards`); anything else is a
TypeError.

>>> evaluate_ids(bytes([51, 47, 43, 39, 35]))
7462
>>> evaluate_ids(bytes([51, 51, 43, 39, 35]))
Traceback (most recent call last):
...
ValueError: duplicate card 'As' at positions 1 and 2
"""


def simd_path() -> str:
    """Which kernel runs hold'em and stud batches: "avx512", "avx2" (x86-64), "neon"
    (aarch64) or "scalar".

    Chosen once at import: the fastest this CPU runs, unless the environment variable
    ``POKEREVAL_SIMD`` names one (``scalar`` forces the portable C kernel).  Every kernel
    gives the same values and errors.

    >>> simd_path() in ("avx512", "avx2", "neon", "scalar")
    True
    """
    return _core.simd_path()
