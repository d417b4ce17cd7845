"""Hold'em evaluation against the rules: published examples, the slow reference
evaluator (tests/reference.py, written from the rules alone) and the cards that play."""

from __future__ import annotations

import random

import numpy as np
import pytest
import reference as ref

import pokereval as pe
from pokereval import Category


def value(cards: str, board: str | None = None) -> int:
    return int(pe.evaluate(cards, board))


# ---- rule examples ---------------------------------------------------------------------


def test_full_house_ranks_by_trips_first() -> None:
    assert value("Kc Kd Kh 2c 2d") > value("Qc Qd Qh Ac Ad")


def test_flush_compares_every_card() -> None:
    assert value("Ac Jc 9c 5c 2c") > value("Ad Jd 8d 7d 6d")


def test_two_pair_high_pair_first() -> None:
    assert value("Ac Ad 2c 2d 3h") > value("Kc Kd Qc Qd Ah")


def test_two_trips_make_full_house_of_the_higher() -> None:
    r = pe.evaluate("9c 9d 9h 4c 4d 4h Kc")
    assert r.category is Category.FULL_HOUSE
    ranks = [c.rank for c in r.best_five]
    assert ranks == [7, 7, 7, 2, 2]


def test_three_pairs_play_top_two_and_best_other_card() -> None:
    r = pe.evaluate("Ac Ad Kc Kd Qc Qd 2h")
    assert r.category is Category.TWO_PAIR
    assert [c.rank for c in r.best_five] == [12, 12, 11, 11, 10]
    # The third pair's rank is only a kicker: it ties with any queen kicker.
    assert value("Ac Ad Kc Kd Qc Qd 2h") == value("Ac Ad Kc Kd Qh 3s 2h")


def test_wheel_is_the_lowest_straight() -> None:
    wheel = value("Ac 2d 3h 4s 5c")
    six_high = value("2d 3h 4s 5c 6d")
    assert pe.evaluate("Ac 2d 3h 4s 5c").category is Category.STRAIGHT
    assert wheel < six_high
    # The lowest straight is still above every set of trips.
    assert wheel > value("Ac Ad Ah Kc Qd")


@pytest.mark.parametrize(
    ("cards", "reading"),
    [
        ("Ac 2d 3h 4s 5c Kd", "5c 4s 3h 2d Ac"),  # the ace plays low in the wheel
        ("Ah 2h 3h 4h 5h", "5h 4h 3h 2h Ah"),  # steel wheel
        ("Ac Kd Qh Js Tc 2d", "Ac Kd Qh Js Tc"),  # and high in broadway
        ("2c 2d 2h Ac Ad", "2c 2d 2h Ac Ad"),  # trips before the pair, whatever their ranks
        ("Ac Ad 3c 3d Kh", "Ac Ad 3c 3d Kh"),  # two pair: high, low, kicker
    ],
)
def test_best_five_reading_order(cards: str, reading: str) -> None:
    r = pe.evaluate(cards)
    assert " ".join(map(str, r.best_five)) == reading


def test_no_wrap_around() -> None:
    assert pe.evaluate("Qc Kd Ah 2s 3c").category is Category.HIGH_CARD


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [("Kc 7d", "Qc Td", 1), ("8c 2d", "6c 5d", 0), ("Ac 2d", "Ac Kd", 0)],
)
def test_quads_on_board_decided_by_kicker(first: str, second: str, expected: int) -> None:
    board = "Js Jh Jd Jc 9s"
    if first.split()[0] == second.split()[0]:
        second = second.replace("Ac", "Ah")
    assert pe.compare(first, second, board=board) == expected


def test_hole_cards_can_lose_to_the_board_pairing() -> None:
    # A-2 suited plays K-K-Q-Q-A; K-9 makes kings full of queens.
    board = "K♠ K♥ Q♦ Q♣ J♠"
    a = pe.evaluate("A♣ 2♣", board)
    b = pe.evaluate("K♦ 9♦", board)
    assert [str(c) for c in a.best_five] == ["Ks", "Kh", "Qd", "Qc", "Ac"]
    assert b.category is Category.FULL_HOUSE
    assert pe.compare("A♣ 2♣", "K♦ 9♦", board) == -1


def test_broadway_on_board_splits() -> None:
    # Both hands play A-K-Q-J-T (a straight, not A-A-K-Q-J as one published text says).
    board = "A♠ A♥ K♦ Q♣ J♠"
    r = pe.evaluate("10♣ 2♣", board)
    assert r.category is Category.STRAIGHT
    assert pe.compare("10♣ 2♣", "10♦ 9♦", board) == 0


def test_suits_never_rank() -> None:
    assert value("As Ks Qs Js 9s") == value("Ah Kh Qh Jh 9h")
    assert value("Ac Kd Qh Js 9s") == value("As Kc Qd Jh 9c")


def test_values_span_the_scale() -> None:
    assert value("As Ks Qs Js Ts") == 7462
    assert value("7c 5d 4h 3s 2c") == 1
    assert pe.game_spec("holdem").top == 7462


# ---- against the reference ------------------------------------------------------------


def random_hand(rng: random.Random, n: int) -> list[int]:
    return rng.sample(range(52), n)


@pytest.mark.parametrize("n", [5, 6, 7])
def test_random_pairs_order_like_the_reference(rng: random.Random, n: int) -> None:
    pairs = 8000
    hands = [random_hand(rng, n) for _ in range(2 * pairs)]
    values = pe.evaluate_batch(np.array(hands, dtype=np.uint8))
    strengths = [ref.best_high(h) for h in hands]
    for i in range(0, 2 * pairs, 2):
        ours = (int(values[i]) > int(values[i + 1])) - (int(values[i]) < int(values[i + 1]))
        theirs = (strengths[i] > strengths[i + 1]) - (strengths[i] < strengths[i + 1])
        assert ours == theirs, (ref.cards_str(hands[i]), ref.cards_str(hands[i + 1]))


def test_categories_match_the_reference(rng: random.Random) -> None:
    for _ in range(3000):
        hand = random_hand(rng, rng.choice((5, 6, 7)))
        r = pe.evaluate(hand)
        assert int(r.category) == ref.category_of(hand), ref.cards_str(hand)  # type: ignore[arg-type]


def test_best_five_is_a_subset_worth_the_hand(rng: random.Random) -> None:
    for _ in range(3000):
        hand = random_hand(rng, rng.choice((5, 6, 7)))
        r = pe.evaluate(hand)
        five = [int(c) for c in r.best_five]
        assert len(set(five)) == 5 and set(five) <= set(hand)
        assert int(pe.evaluate(five)) == int(r)
        assert ref.high5(five) == ref.best_high(hand)


def test_single_and_batch_agree(rng: random.Random) -> None:
    hands = np.array([random_hand(rng, 7) for _ in range(2000)], dtype=np.uint8)
    batch = pe.evaluate_batch(hands)
    assert [int(pe.evaluate(list(row))) for row in hands] == batch.tolist()
    # Board split does not matter.
    assert [int(pe.evaluate(list(row[:2]), list(row[2:]))) for row in hands] == batch.tolist()


# ---- HandRank ------------------------------------------------------------------------


def test_handrank_operators() -> None:
    a, b, c = pe.evaluate("As Ad Kc Qd Jh"), pe.evaluate("Ks Kd Qc Jd 9h"), pe.evaluate("Ac Ah Kd Qs Js")
    assert a > b and a >= b and b < a and b <= a and a != b
    assert a == c and a <= c and a >= c and hash(a) == hash(c)
    razz = pe.evaluate("As Ad Kc Qd Jh", game="razz")
    assert a != razz
    with pytest.raises(TypeError, match="cannot compare"):
        _ = a < razz


def test_compare_rejects_shared_cards() -> None:
    with pytest.raises(ValueError, match="duplicate card 'As'"):
        pe.compare("As Kd", "As Qd", board="2c 3d 7h 8s 9c")
