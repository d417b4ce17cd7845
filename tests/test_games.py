"""The table of game facts: one row per game in the C core, read by everything else.

The expected facts are written here from the rules of each game (how many cards a player
holds, how big the board is, which deck), not read from the package, and the evaluator,
the showdown and the settlement are driven at and just past every limit to show that
they all enforce the same row.
"""

from __future__ import annotations

import pytest

import pokereval as pe
from pokereval import _core

# name: (cards per evaluated hand, hole cards, board, cards per seat at a showdown,
#        board at a showdown, deck size, lowest card id, low, hi-lo, categories)
RULES = {
    "holdem": ((5, 7), None, None, (2, 2), 5, 52, 0, False, False, True),
    "stud": ((5, 7), None, None, (5, 7), 0, 52, 0, False, False, True),
    "shortdeck": ((5, 7), None, None, (2, 2), 5, 36, 16, False, False, True),
    "razz": ((5, 7), None, None, (5, 7), 0, 52, 0, True, False, True),
    "deuce-seven": ((5, 5), None, None, (5, 5), 0, 52, 0, True, False, True),
    "omaha": ((7, 11), (4, 6), (3, 5), (4, 6), 5, 52, 0, False, False, True),
    "omaha-hilo": ((7, 11), (4, 6), (3, 5), (4, 6), 5, 52, 0, False, True, True),
    "badugi": ((4, 4), None, None, (4, 4), 0, 52, 0, True, False, False),
    "shortdeck-trips": ((5, 7), None, None, (2, 2), 5, 36, 16, False, False, True),
    "stud-hilo": ((5, 7), None, None, (5, 7), 0, 52, 0, False, True, True),
}
TOPS = {
    "holdem": 7462,
    "stud": 7462,
    "shortdeck": 1404,
    "razz": 6175,
    "deuce-seven": 7462,
    "omaha": 7462,
    "omaha-hilo": 7462,
    "shortdeck-trips": 1404,
    "stud-hilo": 7462,
}


def test_every_game_has_its_rules_written_here() -> None:
    assert sorted(pe.GAMES) == sorted(RULES)


@pytest.mark.parametrize("name", sorted(RULES))
def test_each_game_row_states_the_rules(name: str) -> None:
    spec = pe.game_spec(name)
    hand, hole, board, seat, showdown_board, size, first, low, hilo, categories = RULES[name]
    got = (
        spec.hand,
        spec.hole,
        spec.board,
        spec.seat,
        spec.showdown_board,
        spec.deck_size,
        spec.deck_first,
        spec.low,
        spec.hilo,
        spec.has_category,
    )
    assert got == (hand, hole, board, seat, showdown_board, size, first, low, hilo, categories)
    assert spec.deck_size == 52 - spec.deck_first
    if name in TOPS:
        assert spec.top == TOPS[name]


def test_the_rows_come_from_the_core() -> None:
    rows = _core.game_facts()
    assert [row["name"] for row in rows] == list(pe.GAMES)
    for row in rows:
        assert pe.GAMES[row["name"]] == pe.GameSpec(**row)
        assert row["top"] == _core.game_max(row["code"])


def _deal(spec: pe.GameSpec, n: int) -> list[int]:
    """n distinct cards of the game's deck, spread over the ranks (no five of a rank)."""
    deck = [card for card in range(spec.deck_first, 52)]
    return [deck[(i * 5) % len(deck)] for i in range(n)]


@pytest.mark.parametrize("name", [n for n in sorted(RULES) if RULES[n][1] is None])
def test_evaluate_takes_exactly_the_hand_sizes_of_the_row(name: str) -> None:
    spec = pe.game_spec(name)
    fewest, most = RULES[name][0]
    for n in range(fewest - 1, most + 2):
        cards = _deal(spec, n)
        if fewest <= n <= most:
            pe.evaluate(cards, game=name)
        else:
            with pytest.raises(ValueError, match="needs"):
                pe.evaluate(cards, game=name)


@pytest.mark.parametrize("name", ["omaha", "omaha-hilo"])
def test_omaha_takes_exactly_the_hole_and_board_sizes_of_the_row(name: str) -> None:
    spec = pe.game_spec(name)
    for hole in range(3, 8):
        for board in range(2, 7):
            cards = _deal(spec, hole + board)
            ok = 4 <= hole <= 6 and 3 <= board <= 5
            if ok:
                pe.evaluate(cards[:hole], cards[hole:], game=name)
            else:
                with pytest.raises(ValueError, match="needs"):
                    pe.evaluate(cards[:hole], cards[hole:], game=name)


def test_shortdeck_deck_starts_at_the_six() -> None:
    with pytest.raises(ValueError, match="not in the shortdeck deck"):
        pe.evaluate("5c 6d 7h 8s 9c", game="shortdeck")
    assert pe.evaluate("6c 7d 8h 9s Tc", game="shortdeck").category == pe.Category.STRAIGHT
