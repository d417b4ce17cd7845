"""Checks of input that several entries share: seeds, sample and thread counts, the hands of
an equity-like call, and no card twice among hands, board and dead cards.

One place for each check, so that every entry words the same mistake the same way.  This
module sits just above cards, ranks, games and ranges and below everything that deals.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from .cards import Card, CardsLike, card_ids, refuse_jokers, third_joker
from .ranges import Range

__all__ = [
    "MAX_SAMPLES",
    "MAX_THREADS",
    "SEED_MAX",
    "check_samples",
    "check_seed",
    "check_threads",
    "check_unique",
    "combos_of",
    "natural_cards",
    "read_hand",
    "run_seed",
]

SEED_MAX = 2**64 - 1
MAX_THREADS = 256
MAX_SAMPLES = 10**12
"""The most Monte Carlo samples one call takes: about an hour of one thread's work at the
fastest, and a bound that keeps the bookkeeping of the chunks small."""


def check_threads(threads: object) -> int:
    """`threads` as an int 1..MAX_THREADS, or ValueError naming it."""
    if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= MAX_THREADS:
        raise ValueError(f"threads must be an int from 1 to {MAX_THREADS}, got {threads!r}")
    return threads


def check_seed(seed: object) -> int | None:
    """`seed` as None or an int 0..2**64-1; TypeError or ValueError naming it."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int or None, got {type(seed).__name__}")
    if not 0 <= seed <= SEED_MAX:
        raise ValueError(f"seed must be in 0..2**64-1, got {seed}")
    return seed


def check_samples(samples: object) -> int | None:
    """`samples` as None (exact) or an int 1..MAX_SAMPLES; TypeError or ValueError naming it."""
    if samples is None:
        return None
    if isinstance(samples, bool) or not isinstance(samples, int):
        raise TypeError(f"samples must be an int or None, got {type(samples).__name__}")
    if samples < 1:
        raise ValueError(f"samples must be a positive int, got {samples}")
    if samples > MAX_SAMPLES:
        raise ValueError(f"samples must be at most {MAX_SAMPLES:,} (10**12), got {samples:,}")
    return samples


def run_seed(samples: int | None, seed: int | None) -> int:
    """The seed a run uses: 0 when exact, else `seed`, or one drawn from os.urandom."""
    if samples is None:
        return 0
    return seed if seed is not None else int.from_bytes(os.urandom(8), "little")


def check_unique(named: list[tuple[str, bytes]]) -> None:
    """No card twice among the hands, the board and the dead cards.  A joker twice is a
    third joker (the deal's jokers were numbered 52, 53 in reading order)."""
    owner: dict[int, str] = {}
    for name, ids in named:
        for at, card in enumerate(ids, 1):
            if card in owner and card >= 52:
                raise ValueError(f"{name}: {third_joker(at)}")
            if card in owner:
                where = f"in {owner[card]}" if owner[card] == name else f"in {owner[card]} and {name}"
                raise ValueError(f"duplicate card {str(Card(card))!r} {where}")
            owner[card] = name


def read_hand(
    index: int, hand: object, hole_ok: range, ranges_ok: bool, what: str = "hand"
) -> bytes | Range:
    """Cards (bytes) or a Range for `what` (a hand, an opponent) number `index` (1-based, for
    messages)."""
    if isinstance(hand, Range):
        if not ranges_ok:
            raise ValueError(f"{what} {index}: ranges are only for holdem")
        return hand
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
    refuse_jokers(ids, hand, f"{what} {index}: ")
    if len(ids) not in hole_ok:
        if ranges_ok and isinstance(hand, str):
            try:
                return Range(hand)
            except ValueError:
                pass
        want = f"{hole_ok.start}" if len(hole_ok) == 1 else f"{hole_ok.start} to {hole_ok.stop - 1}"
        raise ValueError(f"{what} {index} has {len(ids)} cards; this game deals {want} hole cards")
    return ids


def natural_cards(cards: CardsLike | None, what: str) -> bytes:
    """The ids of `cards` (none: empty) for a call without wild cards, errors prefixed with
    `what` ("the board", "dead cards"): a joker is a ValueError naming it."""
    if cards is None:
        return b""
    try:
        ids = card_ids(cards)
    except ValueError as error:
        raise ValueError(f"{what}: {error}") from None
    refuse_jokers(ids, cards, f"{what}: ")
    return ids


def combos_of(index: int, hand: bytes | Range, fixed: list[int]) -> tuple[Any, Any]:
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
        raise ValueError(f"hand {index} ({str(hand)!r}) has no combo left without the cards dealt elsewhere")
    # Each range divided by its largest weight: products of tiny weights cannot reach 0.
    return np.ascontiguousarray(ids), weights / weights.max()

