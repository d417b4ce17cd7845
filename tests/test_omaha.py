"""Omaha high and Omaha hi-lo against the rules: tests/reference.py (every pick of two hole
and three board cards tried in plain Python), hands written out from the rules, and the
cards that play.

Every hole size (4, 5, 6) meets every board size (3, 4, 5).  A dealt pair of hands shares
a board, as at a table; the values of all the hands of one deal size are also checked to
be in the reference's order, which covers every pair among them, boards alike or not.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import numpy as np
import pytest
import reference as ref
from reference import ref_cards

import pokereval as pe
from pokereval import Category, HandRank

HOLES = (4, 5, 6)
BOARDS = (3, 4, 5)
SIZES = [(h, b) for h in HOLES for b in BOARDS]


def deal_pairs(seed: int, hole: int, board: int, count: int) -> list[tuple[list[int], list[int], list[int]]]:
    """`count` deals of two hole hands and a shared board, distinct cards, seeded."""
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        cards = rng.sample(range(52), 2 * hole + board)
        deals.append((cards[:hole], cards[hole : 2 * hole], cards[2 * hole :]))
    return deals


def high(hole: list[int], board: list[int]) -> HandRank:
    rank = pe.evaluate(hole, board, game="omaha")
    assert isinstance(rank, HandRank)
    return rank


def hilo(hole: Any, board: Any) -> tuple[HandRank, HandRank | None]:
    result = pe.evaluate(hole, board, game="omaha-hilo")
    return result, result.low


def high_card_value(ids: list[int]) -> HandRank:
    rank = pe.evaluate(ids, game="holdem")
    assert isinstance(rank, HandRank)
    return rank


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def ref_sign(a: Any, b: Any) -> int:
    return int(a > b) - int(a < b)


def assert_same_order(
    hands: list[tuple[list[int], list[int]]], ref_values: list[Any], values: list[int]
) -> None:
    """pokereval orders the hands as the reference does, ties included: checked between
    neighbours in the reference's order, which by transitivity covers every pair."""
    order = sorted(range(len(hands)), key=lambda i: ref_values[i])
    for i, j in zip(order, order[1:]):
        expected = ref_sign(ref_values[j], ref_values[i])
        got = sign(values[j] - values[i])
        first, second = (f"{ref.cards_str(hands[k][0])} | {ref.cards_str(hands[k][1])}" for k in (i, j))
        assert got == expected, (
            f"{first} (ref {ref_values[i]}, value {values[i]}) vs "
            f"{second} (ref {ref_values[j]}, value {values[j]})"
        )


def low_key(low: tuple[int, ...] | None) -> tuple[int, ...]:
    """A reference low as a comparable key: no low sorts below every low."""
    return (0,) if low is None else (1, *low)


# ---- random deals against the reference -----------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("hole", "board"), SIZES)
def test_omaha_high_agrees_with_reference(hole: int, board: int) -> None:
    pairs = 1000 if hole == 4 else 500
    deals = deal_pairs(1000 * hole + board, hole, board, pairs)
    hands = [(h, b) for a, c, b in deals for h in (a, c)]
    ref_values = [ref.omaha_high(h, b) for h, b in hands]
    rows = np.array([h + b for h, b in hands], dtype=np.uint8)
    values = [int(v) for v in pe.evaluate_batch(rows, game="omaha", hole=hole)]
    # Each dealt pair through compare(), as a caller at a table would ask.
    for k, (a, c, b) in enumerate(deals):
        expected = ref_sign(ref_values[2 * k], ref_values[2 * k + 1])
        assert pe.compare(a, c, b, game="omaha") == expected, (
            ref.cards_str(a),
            ref.cards_str(c),
            ref.cards_str(b),
        )
    assert_same_order(hands, ref_values, values)
    # The same values one hand at a time, and the category the reference names.
    for (h, b), value, ref_value in list(zip(hands, values, ref_values))[:300]:
        rank = high(h, b)
        assert int(rank) == value
        assert rank.category is Category(ref_value[0])


@pytest.mark.slow
@pytest.mark.parametrize(("hole", "board"), [(4, 5), (4, 3), (5, 4), (6, 5)])
def test_omaha_hilo_agrees_with_reference(hole: int, board: int) -> None:
    deals = deal_pairs(7000 + 10 * hole + board, hole, board, 700 if hole == 4 else 300)
    hands = [(h, b) for a, c, b in deals for h in (a, c)]
    ref_high = [ref.omaha_high(h, b) for h, b in hands]
    ref_low = [low_key(ref.omaha_low(h, b)) for h, b in hands]
    rows = np.array([h + b for h, b in hands], dtype=np.uint8)
    hi, lo = pe.evaluate_batch(rows, game="omaha-hilo", hole=hole)
    assert_same_order(hands, ref_high, [int(v) for v in hi])
    assert_same_order(hands, ref_low, [int(v) for v in lo])
    for (h, b), rl, v in zip(hands, ref_low, lo):
        assert (v == 0) == (rl == (0,)), (ref.cards_str(h), ref.cards_str(b))
    for (h, b), hv, lv in list(zip(hands, hi, lo))[:300]:
        rank_hi, rank_lo = hilo(h, b)
        assert int(rank_hi) == hv
        assert (rank_lo is None and lv == 0) or (rank_lo is not None and int(rank_lo) == lv)


def test_omaha_hilo_high_equals_omaha() -> None:
    deals = deal_pairs(31, 4, 5, 300)
    rows = np.array([a + b for a, _, b in deals], dtype=np.uint8)
    hi, _ = pe.evaluate_batch(rows, game="omaha-hilo", hole=4)
    assert list(hi) == list(pe.evaluate_batch(rows, game="omaha", hole=4))


# ---- the cards that play ---------------------------------------------------------------


@pytest.mark.parametrize(("hole", "board"), SIZES)
def test_best_five_is_two_hole_and_three_board(hole: int, board: int) -> None:
    for a, _, b in deal_pairs(500 + 10 * hole + board, hole, board, 60):
        rank = high(a, b)
        ids = [int(card) for card in rank.best_five]
        assert len(ids) == 5 and len(set(ids)) == 5
        assert sum(card in a for card in ids) == 2, (ref.cards_str(a), ref.cards_str(b), ref.cards_str(ids))
        assert sum(card in b for card in ids) == 3
        # The five alone are worth the whole hand, by pokereval and by the reference.
        assert int(high_card_value(ids)) == int(rank)
        assert ref.high5(ids) == ref.omaha_high(a, b)


def test_low_best_five_is_two_hole_and_three_board() -> None:
    seen = 0
    for a, _, b in deal_pairs(77, 4, 5, 400):
        _, low = hilo(a, b)
        if low is None:
            continue
        seen += 1
        ids = [int(card) for card in low.best_five]
        assert sum(card in a for card in ids) == 2 and sum(card in b for card in ids) == 3
        assert ref.low8(ids) == ref.omaha_low(a, b)
        # Reading order: highest low card first, the ace (low) last.
        faces = [1 if ref.rank_of(c) == ref.ACE else ref.rank_of(c) + 2 for c in ids]
        assert faces == sorted(faces, reverse=True)
    assert seen > 50  # the deal gives lows often enough for the loop to mean something


# ---- hands written from the rules ------------------------------------------------------


def test_four_suited_board_and_one_suited_hole_card_is_no_flush() -> None:
    rank = high(ref_cards("As Kd Qh 2c"), ref_cards("3s 7s 9s Js 4d"))
    assert rank.category is not Category.FLUSH
    assert ref.omaha_high(ref_cards("As Kd Qh 2c"), ref_cards("3s 7s 9s Js 4d"))[0] != ref.FLUSH
    # With a second spade in the hole it is the nut flush.
    assert high(ref_cards("As Ks Qh 2c"), ref_cards("3s 7s 9s Js 4d")).category is Category.FLUSH


def test_board_alone_never_plays() -> None:
    # The board is a royal flush, but a hand plays two hole cards with three of it: none
    # of 2-3-4-7 pairs or completes a straight with it, so A-K-Q-7-4 high is the best.
    hole, board = ref_cards("2c 3d 4h 7c"), ref_cards("As Ks Qs Js Ts")
    rank = high(hole, board)
    assert rank.category is Category.HIGH_CARD
    assert ref.omaha_high(hole, board) == (ref.HIGH_CARD, 12, 11, 10, 5, 2)
    assert [c.rank for c in rank.best_five] == [12, 11, 10, 5, 2]
    # Quads on the board: a hand plays three of them at most.
    quads, hole = ref_cards("9c 9d 9h 9s 2d"), ref_cards("Ac Kd 5h 6c")
    assert high(hole, quads).category is Category.THREE_OF_A_KIND
    assert ref.omaha_high(hole, quads)[0] == ref.THREE_OF_A_KIND


def test_only_two_hole_cards_play() -> None:
    # Four aces in the hole make one pair of aces, not quads.
    hole, board = ref_cards("Ac Ad Ah As"), ref_cards("2c 7d 9h Js 4d")
    assert high(hole, board).category is Category.ONE_PAIR
    assert ref.omaha_high(hole, board)[:2] == (ref.ONE_PAIR, ref.ACE)
    # K-Q-J of hearts in the hole and A-T of hearts on the board would be a royal flush
    # with three hole cards; with two it is the A-K-Q-T-3 flush.
    hole, board = ref_cards("Kh Qh Jh 2c"), ref_cards("Ah Th 3h 8d 5c")
    rank = high(hole, board)
    assert rank.category is Category.FLUSH
    assert ref.omaha_high(hole, board) == (ref.FLUSH, 12, 11, 10, 8, 1)
    assert [c.rank for c in rank.best_five] == [12, 11, 10, 8, 1]


def test_straight_flush_beats_higher_plain_flush() -> None:
    hole, board = ref_cards("9h 8h Ah Kh"), ref_cards("7h 6h 5h 2c 3d")
    rank = high(hole, board)
    assert rank.category is Category.STRAIGHT_FLUSH
    assert [c.rank for c in rank.best_five] == [7, 6, 5, 4, 3]  # 9-high straight flush


def test_wheel_is_the_best_omaha_low() -> None:
    _, low = hilo("As 2d Kc Qc", "3h 4s 5c 8d 9h")
    assert low is not None and int(low) == 56  # the top of the documented 1..56 low scale
    assert ref.omaha_low(ref_cards("As 2d Kc Qc"), ref_cards("3h 4s 5c 8d 9h")) == (-5, -4, -3, -2, -1)
    # The next best low, 6-4-3-2-A, is below it.
    _, six = hilo("As 2d Kc Qc", "3h 4s 6c 8d 9h")
    assert six is not None and six < low and int(six) == 55


def test_low_needs_two_distinct_low_hole_cards() -> None:
    _, low = hilo("As Ad Kc Qc", "3h 4s 5c 8d 9h")  # a pair of aces is one low card
    assert low is None and ref.omaha_low(ref_cards("As Ad Kc Qc"), ref_cards("3h 4s 5c 8d 9h")) is None


def test_no_low_when_the_hole_repeats_the_boards_low_ranks() -> None:
    # Three low ranks on the board and two in the hole, yet no five different ranks: the
    # board's 2-3-4 must all play, and the hole's A-2 repeats the 2 (docs/games.md).
    hole, board = "As 2s Qd Qh", "2c 3d 4h Kc Ks"
    _, low = hilo(hole, board)
    assert low is None and ref.omaha_low(ref_cards(hole), ref_cards(board)) is None
    _, low = hilo("As 5s Qd Qh", board)  # A-5 with 2-3-4: the wheel
    assert low is not None and low.describe() == "5-4-3-2-A low"


def test_no_low_with_two_low_ranks_on_board() -> None:
    hole, board = "As 2d 3c 4c", "5h 5s Kc Qd 9h"
    high_rank, low = hilo(hole, board)
    assert low is None
    assert ref.omaha_low(ref_cards(hole), ref_cards(board)) is None
    # No wheel either (it would need four hole cards): a pair of fives, K, with A-4.
    assert high_rank.category is Category.ONE_PAIR
    _, lo = pe.evaluate_batch(np.array([ref_cards(hole) + ref_cards(board)], np.uint8), game="omaha-hilo")
    assert int(lo[0]) == 0


def test_low_scale_is_1_to_56_in_the_rule_order() -> None:
    """Each of the 56 sets of five ranks from A to 8, dealt as two low hole cards and three
    low board cards (the other cards K, Q, J, T: no help), is a low of its own: 56
    distinct values 1..56 in the order of the reference's low8."""
    faces_to_rank = {1: ref.ACE, **{face: face - 2 for face in range(2, 9)}}
    values: list[int] = []
    ref_lows: list[tuple[int, ...] | None] = []
    for faces in combinations(range(1, 9), 5):
        cards = [4 * faces_to_rank[face] + i % 4 for i, face in enumerate(faces)]
        hole = [*cards[:2], *ref_cards("Ks Qh")]
        board = [*cards[2:], *ref_cards("Jd Td")]
        _, low = hilo(hole, board)
        assert low is not None
        values.append(int(low))
        ref_lows.append(ref.low8(cards))
    assert sorted(values) == list(range(1, 57))
    order = sorted(range(56), key=lambda i: low_key(ref_lows[i]))
    assert [values[i] for i in order] == list(range(1, 57))


# ---- batches ---------------------------------------------------------------------------


@pytest.mark.parametrize(("hole", "board"), SIZES)
def test_batch_equals_evaluate_row_by_row(hole: int, board: int) -> None:
    deals = deal_pairs(900 + 10 * hole + board, hole, board, 150)
    rows = np.array([a + b for a, _, b in deals], dtype=np.uint8)
    values = pe.evaluate_batch(rows, game="omaha", hole=hole)
    assert values.dtype == np.uint16 and values.shape == (len(rows),)
    assert [int(v) for v in values] == [int(high(a, b)) for a, _, b in deals]
    hi, lo = pe.evaluate_batch(rows, game="omaha-hilo", hole=hole)
    assert hi.shape == lo.shape == (len(rows),) and lo.dtype == np.uint16
    for (a, _, b), h, low_value in zip(deals, hi, lo):
        rank_hi, rank_lo = hilo(a, b)
        assert int(rank_hi) == int(h)
        assert int(low_value) == (0 if rank_lo is None else int(rank_lo))


def test_batch_default_hole_is_four() -> None:
    rows = np.array([a + b for a, _, b in deal_pairs(5, 4, 5, 20)], dtype=np.uint8)
    assert list(pe.evaluate_batch(rows, game="omaha")) == list(pe.evaluate_batch(rows, game="omaha", hole=4))


# ---- errors ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["omaha", "omaha-hilo"])
@pytest.mark.parametrize(
    ("hole", "board", "words"),
    [
        ("AsKsQs", "2c3c4c", ("4 to 6 hole cards", "got 3 hole cards")),
        ("AsKsQsJsTs9s8s", "2c3c4c", ("4 to 6 hole cards", "got 7 hole cards")),
        ("AsKsQsJs", "2c3c4c5c6c7c", ("a board of 3 to 5", "a board of 6")),
        ("AsKsQsJs", "2c3c", ("a board of 3 to 5", "a board of 2")),
    ],
)
def test_count_errors_name_the_problem(game: str, hole: str, board: str, words: tuple[str, ...]) -> None:
    with pytest.raises(ValueError) as info:
        pe.evaluate(hole, board, game=game)
    message = str(info.value)
    assert message.startswith(f"{game} needs 4 to 6 hole cards and a board of 3 to 5, got ")
    for word in words:
        assert word in message


def test_card_out_of_the_deck_is_named() -> None:
    with pytest.raises(ValueError, match=r"^card id 54 out of range 0\.\.53"):
        pe.evaluate([51, 47, 43, 39], [54, 1, 2], game="omaha")
    rows = np.array([[0, 4, 8, 12, 16, 20, 24, 28, 60]])
    with pytest.raises(ValueError, match=r"^row 0: card id 60 out of range 0..53 at position 9$"):
        pe.evaluate_batch(rows, game="omaha")
    rows = np.array([[0, 4, 8, 12, 16, 20, 24, 28, 32], [0, 4, 8, 12, 16, 20, 24, 28, 28]], np.uint8)
    with pytest.raises(ValueError, match=r"^row 1: duplicate card '9c' at positions 8 and 9$"):
        pe.evaluate_batch(rows, game="omaha-hilo")


def test_batch_count_errors() -> None:
    rows = np.zeros((2, 12), np.uint8)
    with pytest.raises(ValueError, match="got 4 hole cards and a board of 8"):
        pe.evaluate_batch(rows, game="omaha", hole=4)
    with pytest.raises(ValueError, match="board of 3 to 5, got 3 hole cards and a board of 6"):
        pe.evaluate_batch(rows[:, :9], game="omaha", hole=3)


def test_a_split_with_no_hole_cards_is_worded_as_one() -> None:
    """hole=0 (or an empty hand with the board apart) is a split: the cards are all board.
    It was worded "got 9 cards and no board", the other way round."""
    nine = [48, 0, 44, 40, 1, 5, 9, 41, 33]
    want = "got 0 hole cards and a board of 9"
    with pytest.raises(ValueError, match=want):
        pe.evaluate_batch(np.array([nine], dtype=np.uint8), game="omaha", hole=0)
    with pytest.raises(ValueError, match=want):
        pe.evaluate([], board=nine, game="omaha")
    with pytest.raises(ValueError, match="got 9 hole cards and a board of 0"):
        pe.evaluate(nine, board=[], game="omaha")
