"""Exhaustive checks against published counts (they do not come from this code).

Five-card counts: 2,598,960 hands; 7,462 distinct classes.  Seven-card counts over all
133,784,560 hands are the well-known table (e.g. the Wikipedia article "Poker
probability"), with 4,824 distinct best-five classes reachable."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import pokereval as pe

FIVE_CARD = {
    "ROYAL_FLUSH": 4,
    "STRAIGHT_FLUSH": 36,
    "FOUR_OF_A_KIND": 624,
    "FULL_HOUSE": 3744,
    "FLUSH": 5108,
    "STRAIGHT": 10200,
    "THREE_OF_A_KIND": 54912,
    "TWO_PAIR": 123552,
    "ONE_PAIR": 1098240,
    "HIGH_CARD": 1302540,
}

SEVEN_CARD = {  # straight flush here includes the royal flushes
    "STRAIGHT_FLUSH": 41584,
    "FOUR_OF_A_KIND": 224848,
    "FULL_HOUSE": 3473184,
    "FLUSH": 4047644,
    "STRAIGHT": 6180020,
    "THREE_OF_A_KIND": 6461620,
    "TWO_PAIR": 31433400,
    "ONE_PAIR": 58627800,
    "HIGH_CARD": 23294460,
}


def category_counts(hist: np.ndarray) -> dict[str, int]:
    probe = {v: pe.HandRank(v, pe.game_spec("holdem"), b"").category for v in range(1, 7463)}
    counts: dict[str, int] = {}
    for v in np.flatnonzero(hist):
        name = probe[int(v)].name  # type: ignore[union-attr]
        counts[name] = counts.get(name, 0) + int(hist[v])
    return counts


@pytest.fixture(scope="module")
def all_five() -> np.ndarray:
    combos = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)), dtype=np.uint8)
    return combos.reshape(-1, 5)


def test_every_five_card_hand(all_five: np.ndarray) -> None:
    assert len(all_five) == 2598960
    values = pe.evaluate_batch(all_five)
    distinct = np.unique(values)
    assert len(distinct) == 7462
    assert distinct[0] == 1 and distinct[-1] == 7462
    hist = np.bincount(values, minlength=7463)
    assert category_counts(hist) == FIVE_CARD


def test_enumeration_agrees_with_the_batch(all_five: np.ndarray) -> None:
    # The enumerator reuses partial sums; the batch sums each row: same histogram.
    hist = np.bincount(pe.evaluate_batch(all_five), minlength=7463)
    assert np.array_equal(pe.enumerate_counts(5), hist.astype(np.uint64))


def test_categories_are_contiguous_and_ordered() -> None:
    spec = pe.game_spec("holdem")
    cats = [pe.HandRank(v, spec, b"").category for v in range(1, 7463)]
    assert cats == sorted(cats)  # type: ignore[type-var]
    assert cats[0] is pe.Category.HIGH_CARD and cats[-1] is pe.Category.ROYAL_FLUSH


@pytest.mark.slow
def test_every_seven_card_hand() -> None:
    hist = pe.enumerate_counts(7)
    assert int(hist.sum()) == 133784560
    assert int((hist > 0).sum()) == 4824
    counts = category_counts(hist)
    counts["STRAIGHT_FLUSH"] += counts.pop("ROYAL_FLUSH")
    assert counts == SEVEN_CARD


def test_six_card_total() -> None:
    hist = pe.enumerate_counts(6)
    assert int(hist.sum()) == 20358520  # C(52, 6)
