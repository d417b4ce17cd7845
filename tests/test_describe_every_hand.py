"""describe() of every distinct five-card hand of every game that deals five cards: it never
fails, reads the same in no two classes, and follows the value's category.

tests/test_describe.py checks the wording case by case; this walks every class, which is how
an ace-high hand with 9-8-7-6 (a straight in short deck only) was once found to fail."""

from __future__ import annotations

import itertools

import pytest

import pokereval as pe

SUITS = "cdhs"
RANKS = "23456789TJQKA"


def five_card_hands(lowest: int) -> list[str]:
    """One hand for every multiset of five ranks from `lowest` up (at most four alike), in
    mixed suits, and every five different ranks as a flush."""
    ranks = RANKS[lowest:]
    hands = []
    for combo in itertools.combinations_with_replacement(ranks, 5):
        if max(combo.count(r) for r in combo) > 4:
            continue
        used: dict[str, int] = {}
        cards = []
        for i, r in enumerate(combo):
            # Alike ranks take different suits; five different ranks never share one suit.
            suit = (used.get(r, 0) + i) % 4 if len(set(combo)) == 5 else used.get(r, 0)
            used[r] = used.get(r, 0) + 1
            cards.append(r + SUITS[suit])
        hands.append(" ".join(cards))
        if len(set(combo)) == 5:
            hands.append(" ".join(r + "s" for r in combo))
    return hands


@pytest.mark.parametrize(
    ("game", "lowest", "classes"),
    [("holdem", 0, 7462), ("shortdeck", 4, 1404), ("shortdeck-trips", 4, 1404), ("deuce-seven", 0, 7462)],
)
def test_every_five_card_class_reads_differently(game: str, lowest: int, classes: int) -> None:
    seen: dict[int, str] = {}
    for text in five_card_hands(lowest):
        rank = pe.evaluate(text, game=game)
        words = {lang: rank.describe(lang) for lang in ("en", "ru", "bg")}
        assert all(words.values()), text
        assert seen.setdefault(int(rank), words["en"]) == words["en"], text
    assert len(seen) == classes
    assert len(set(seen.values())) == classes  # no two classes read alike


def test_every_razz_class_reads_differently() -> None:
    seen: dict[int, str] = {}
    for combo in itertools.combinations_with_replacement(RANKS, 5):
        if max(combo.count(r) for r in combo) > 4:
            continue
        suits = {r: 0 for r in combo}
        cards = []
        for r in combo:
            cards.append(r + SUITS[suits[r]])
            suits[r] += 1
        rank = pe.evaluate(" ".join(cards), game="razz")
        words = [rank.describe(lang) for lang in ("en", "ru", "bg")]
        assert all(words), cards
        assert seen.setdefault(int(rank), words[0]) == words[0], cards
    assert len(set(seen.values())) == len(seen) == 6175
