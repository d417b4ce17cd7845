"""Inputs a hostile tester found mishandled: each must be refused in our words, naming what is
wrong (the hand, the board, the card, the entry), or answered correctly.

Expected numbers come from the rules (ICM by brute force over finishing orders below), never
from the code under test.
"""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from test_icm import by_orders  # Malmuth-Harville by brute force over finishing orders

import pokereval as pe
from pokereval import abstraction

RIVER = "2c 7d 9h 3h 4h"
OMAHA_RANGE = pe.Range("AsKsQsJs", game="omaha")
SHORT_RANGE = pe.Range("AKs", game="shortdeck")
JOKER_DEAD = "the dead cards: joker 'Jk' at position 1 plays only with wild="


# ---- defect 1: a Range of another game is not played as hold'em -----------------------------


@pytest.mark.parametrize(
    ("hand", "game"), [(OMAHA_RANGE, "omaha"), (SHORT_RANGE, "shortdeck")], ids=["omaha", "shortdeck"]
)
def test_a_range_of_another_game_cannot_play_holdem_equity(hand: pe.Range, game: str) -> None:
    article = "an" if game == "omaha" else "a"
    with pytest.raises(ValueError, match=f"^hand 1: {article} {game} range cannot play holdem$"):
        pe.equity([hand, "QQ"], board=RIVER)
    with pytest.raises(ValueError, match=f"^hand 2: {article} {game} range cannot play holdem$"):
        pe.equity(["QQ", hand], board=RIVER, samples=1000, seed=1)


def test_a_holdem_range_still_cannot_play_another_game() -> None:
    with pytest.raises(ValueError, match=r"^hand 1: a holdem range cannot play shortdeck$"):
        pe.equity([pe.Range("AKs"), "QhQd"], board="6c 7d 9h Th Jh", game="shortdeck")


@pytest.mark.parametrize(
    "call",
    [
        lambda vs: pe.outs("AhKh", "2h 7h 9c", vs=vs),
        lambda vs: pe.hand_strength("AhKh", "2h7h9c", vs=vs),
        lambda vs: pe.hand_strength("AhKh", "2h7h9c", vs=["QQ", vs]),
    ],
    ids=["outs", "hand_strength", "second-opponent"],
)
def test_a_range_of_another_game_cannot_be_a_holdem_opponent(call: Callable[[Any], Any]) -> None:
    with pytest.raises(ValueError, match=r"^opponent \d: an omaha range cannot play holdem$"):
        call(OMAHA_RANGE)
    with pytest.raises(ValueError, match=r"^opponent \d: a shortdeck range cannot play holdem$"):
        call(SHORT_RANGE)


def test_the_solver_kit_words_another_games_range_the_same() -> None:
    with pytest.raises(ValueError, match=r"^range: an omaha range cannot play holdem$"):
        pe.combo_equity(OMAHA_RANGE, "QQ", "2c 7d 9h")
    with pytest.raises(ValueError, match=r"^vs: a shortdeck range cannot play holdem$"):
        pe.equity_distribution("AsKs", SHORT_RANGE, "2c 7d 9h")


# ---- defect 2: a joker in the solver kit's dead cards ----------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: pe.combo_equity("QQ+", "JJ-99", "2c 7d 9h", dead="Jk"),
        lambda: pe.combo_equity("QQ+", "JJ-99", "2c 7d 9h", dead=[52]),
        lambda: pe.combo_equity("QQ+", "JJ-99", "2c 7d 9h", dead=[53]),
        lambda: pe.equity_distribution("AsKs", "QQ+", "2c 7d 9h", dead="Jk"),
        lambda: pe.equity_matrix("2c 7d 9h", dead="Jk"),
        lambda: pe.flop_report("QQ+", "JJ-99", dead="Jk"),
    ],
    ids=[
        "combo_equity",
        "combo_equity-52",
        "combo_equity-53",
        "equity_distribution",
        "equity_matrix",
        "report",
    ],
)
def test_a_joker_in_the_dead_cards_is_named(call: Callable[[], Any]) -> None:
    with pytest.raises(ValueError, match=f"^{JOKER_DEAD}"):
        call()


@pytest.mark.parametrize(
    ("call", "where"),
    [
        (lambda: pe.combo_equity("QQ+", "JJ-99", "2c 7d Jk"), "the board"),
        (lambda: pe.combo_equity([51, 52], "JJ-99", "2c 7d 9h"), "range"),
        (lambda: pe.equity_distribution("AsKs", [51, 52], "2c 7d 9h"), "vs"),
        (lambda: pe.combo_index("As Jk"), "hand"),
        (lambda: pe.canonical("2c 7d 9h").rename("Jk"), "cards"),
    ],
)
def test_a_joker_anywhere_in_the_solver_kit_is_named(call: Callable[[], Any], where: str) -> None:
    with pytest.raises(ValueError, match=rf"^{where}: joker 'Jk' at position \d plays only with wild="):
        call()


# ---- defect 3: no raw "core error" ------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "where"),
    [
        (lambda: pe.showdown_matrix("2c 7d 9h 3s Jk"), "the board"),
        (lambda: pe.canonical("2c 7d Jk"), "the board"),
        (lambda: pe.canonical("2c 7d 9h", ["AsKs", "QdJk"]), "hand 2"),
        (lambda: pe.canonical("2c 7d 9h", "AsJk"), "hands"),
    ],
)
def test_a_joker_in_a_solver_board_is_named_not_a_core_error(call: Callable[[], Any], where: str) -> None:
    with pytest.raises(ValueError, match=rf"^{where}: joker 'Jk' at position \d plays only with wild="):
        call()


@pytest.mark.parametrize("scale", [1e308, 1e300, 1e-300, 5e-324 * 2**20])
def test_icm_takes_any_finite_positive_stacks(scale: float) -> None:
    # 2 : 2 : 1 at any scale is the same tournament.
    want = by_orders([2.0, 2.0, 1.0], [50.0, 30.0, 20.0])
    got = pe.icm([scale, scale, scale / 2], [50, 30, 20])
    assert got.exact
    np.testing.assert_allclose(got, want, rtol=1e-12)
    sampled = pe.icm([scale, scale, scale / 2], [50, 30, 20], samples=20_000, seed=3)
    assert np.all(np.isfinite(sampled)) and np.all(np.isfinite(sampled.stderr))
    assert np.all(np.abs(sampled - want) < 6 * sampled.stderr + 1e-9)


def test_icm_of_the_testers_stacks() -> None:
    # 1e308 : 1e308 : 1: the short stack finishes third but for a chance of about 1e-308.
    got = pe.icm([1e308, 1e308, 1], [50, 30, 20])
    np.testing.assert_allclose(got, [40.0, 40.0, 20.0], rtol=1e-12)


def test_icm_takes_any_finite_payouts() -> None:
    want = by_orders([5.0, 3.0, 2.0], [1.0, 0.5, -0.25])
    got = pe.icm([5, 3, 2], [1e308, 0.5e308, -0.25e308])
    np.testing.assert_allclose(got / 1e308, want, rtol=1e-12)
    sampled = pe.icm([5, 3, 2], [1e200, 0.0], samples=20_000, seed=5)
    assert np.all(np.isfinite(sampled.stderr)) and np.all(sampled.stderr > 0)
    assert np.all(np.abs(sampled / 1e200 - by_orders([5, 3, 2], [1.0, 0.0])) < 6 * sampled.stderr / 1e200)


def test_icm_scaling_leaves_ordinary_answers_as_they_were() -> None:
    # A power of two scales exactly: the same bits as the unscaled model.
    assert list(pe.icm([5000, 3000, 2000], [50, 30, 20])) == list(
        pe.icm([5000 / 4096, 3000 / 4096, 2000 / 4096], [50, 30, 20])
    )
    a = pe.icm([5000, 3000, 2000], [50, 30, 20], samples=10_000, seed=1)
    b = pe.icm(
        [5000 * 2.0**-40, 3000 * 2.0**-40, 2000 * 2.0**-40],
        [50 * 2.0**30, 30 * 2.0**30, 20 * 2.0**30],
        samples=10_000,
        seed=1,
    )
    assert list(a * 2.0**30) == list(b) and list(a.stderr * 2.0**30) == list(b.stderr)


# ---- defect 4: the card abstraction ------------------------------------------------------------

# Fitting the buckets takes the optional clustering extra (scikit-learn); the checks of the
# input come before it, so only the tests that fit need it.
fits = pytest.mark.skipif(
    importlib.util.find_spec("sklearn") is None,
    reason="fitting buckets needs scikit-learn (the solver extra)",
)


@pytest.fixture(scope="module")
def river_buckets() -> abstraction.Buckets:
    return abstraction.buckets("river", 4, boards=[("AsKd7c2h9s", 1)])


@fits
def test_a_joker_in_bucket_of_is_named(river_buckets: abstraction.Buckets) -> None:
    with pytest.raises(ValueError, match=r"^hand: joker 'Jk' at position 2 plays only with wild="):
        river_buckets.bucket_of("QsJk", "AsKd7c2h9s")
    with pytest.raises(ValueError, match=r"^board: joker 'Jk' at position 5 plays only with wild="):
        river_buckets.bucket_of("QsJs", "AsKd7c2hJk")
    with pytest.raises(ValueError, match=r"^duplicate card 'As' in the hand and the board$"):
        river_buckets.bucket_of("QsAs", "AsKd7c2h9s")


def test_a_joker_in_board_features_is_named() -> None:
    with pytest.raises(ValueError, match=r"^board: joker 'Jk' at position 5 plays only with wild="):
        abstraction.board_features("AsKd7c2hJk")


def test_a_joker_in_the_boards_of_buckets_is_named_not_a_card_twice() -> None:
    with pytest.raises(ValueError, match=r"^board 1: joker 'Jk' at position 5 plays only with wild="):
        abstraction.buckets("river", 4, boards=[("AsKd7c2hJk", 1)])
    with pytest.raises(ValueError, match=r"^board 2: duplicate card 'As'"):
        abstraction.buckets("river", 4, boards=["AsKd7c2h9s", ("AsKd7c2hAs", 1)])


@pytest.mark.parametrize(
    ("weight", "kind", "words"),
    [
        (float("nan"), TypeError, "board 1: the weight must be an int, not float nan"),
        (1.5, TypeError, "board 1: the weight must be an int, not float 1.5"),
        ("3", TypeError, "board 1: the weight must be an int, not str '3'"),
        (True, TypeError, "board 1: the weight must be an int, not bool True"),
        (-1, ValueError, "board 1: weight -1 is negative"),
        (2**70, ValueError, "board 1: weight 1180591620717411303424 is above 2\\*\\*53"),
    ],
)
def test_a_bad_board_weight_is_refused_in_our_words(weight: Any, kind: type[Exception], words: str) -> None:
    with pytest.raises(kind, match=f"^{words}$"):
        abstraction.buckets("river", 4, boards=[("AsKd7c2h9s", weight)])


@fits
def test_boards_that_all_weigh_zero_are_refused_but_one_zero_is_fine() -> None:
    with pytest.raises(
        ValueError, match=r"^boards: every board weighs 0; the clustering needs a weight above 0$"
    ):
        abstraction.buckets("river", 4, boards=[("AsKd7c2h9s", 0), ("AsKd7c2h8s", 0)])
    b = abstraction.buckets("river", 4, boards=[("AsKd7c2h9s", 1), ("AsKd7c2h8s", 0)])
    assert b.bucket_of("AhAd", "AsKd7c2h8s") in range(4)
    assert list(b.weights) == [1, 0]


@fits
def test_a_board_of_ids_as_a_tuple_is_a_board() -> None:
    ids = tuple(pe.card_ids("AsKd7c2h9s"))
    b = abstraction.buckets("river", 2, boards=[ids])
    assert np.array_equal(b.table, abstraction.buckets("river", 2, boards=["AsKd7c2h9s"]).table)


@pytest.mark.parametrize(
    ("bins", "kind", "words"),
    [(0, ValueError, "bins must be 1 to 1000, got 0"), (True, TypeError, "bins must be an int, got bool")],
)
def test_board_features_checks_bins(bins: Any, kind: type[Exception], words: str) -> None:
    with pytest.raises(kind, match=f"^{words}$"):
        abstraction.board_features("AsKd7c2h9s", "emd", bins=bins)
    with pytest.raises(kind, match=f"^{words}$"):
        abstraction.board_features("AsKd7c2h9s", bins=bins)  # checked whatever the kind


# ---- defect 6: settle's folded flags ------------------------------------------------------------


@pytest.mark.parametrize(
    ("folded", "words"),
    [
        (["no", False], "folded\\[0\\] must be True or False \\(or 1 or 0\\), got str 'no'"),
        ([False, None], "folded\\[1\\] must be True or False \\(or 1 or 0\\), got NoneType None"),
        ([2, 0], "folded\\[0\\] must be True or False \\(or 1 or 0\\), got int 2"),
        ((0, -1), "folded\\[1\\] must be True or False \\(or 1 or 0\\), got int -1"),
        ([0.0, 1], "folded\\[0\\] must be True or False \\(or 1 or 0\\), got float 0.0"),
    ],
)
def test_a_folded_entry_that_is_not_a_bool_is_named(folded: Any, words: str) -> None:
    with pytest.raises(TypeError, match=f"^{words}$"):
        pe.settle(["AsAd", "KhKc"], "2c 7d 9h 3s 4c", contributions=[100, 100], folded=folded)


@pytest.mark.parametrize(
    "folded",
    [
        [False, True],
        [0, 1],
        (False, 1),
        np.array([False, True]),
        [np.False_, np.True_],
        [np.int64(0), np.uint8(1)],
    ],
)
def test_folded_takes_bools_and_zero_or_one(folded: Any) -> None:
    assert pe.settle(["AsAd", "KhKc"], "2c 7d 9h 3s 4c", contributions=[100, 100], folded=folded) == (200, 0)


# ---- defect 7: small wording and type leaks ------------------------------------------------------


def test_a_low_in_a_game_without_one_says_so() -> None:
    with pytest.raises(ValueError) as info:
        pe.HandRank(100, low=3)
    assert str(info.value) == "low=3 fits only a hi-lo high hand, within 1..56; holdem has no low hand"
    with pytest.raises(
        ValueError, match=r"^low=3 fits only a hi-lo high hand, within 1..56; this is a low half"
    ):
        pe.HandRank(40, "omaha-hilo", low=3, is_low=True)
    with pytest.raises(ValueError, match=r"^low=57 fits only a hi-lo high hand, within 1..56$"):
        pe.HandRank(7000, "omaha-hilo", low=57)


@pytest.mark.parametrize(
    ("rows", "where"),
    [
        ([[51, 47, 43, 39, True]], "row 0: .* got bool at position 5"),
        (((51, 47, 43, 39, 35), (0, False, 8, 12, 16)), "row 1: .* got bool at position 2"),
        ([[51, 47, 43, 39, 35], [np.True_, 4, 8, 12, 16]], "row 1: .* got bool at position 1"),
        ([np.array([51, 47, 43, 39, 35]), [0, 4, 8, 12, True]], "row 1: .* got bool at position 5"),
    ],
)
def test_a_bool_in_a_list_of_rows_is_not_a_card(rows: Any, where: str) -> None:
    with pytest.raises(TypeError, match=f"^{where}"):
        pe.evaluate_batch(rows)


def test_arrays_and_lists_of_ids_still_evaluate() -> None:
    rows = [[51, 47, 43, 39, 35], [0, 1, 4, 5, 8]]
    want = [int(pe.evaluate(r)) for r in rows]
    assert list(pe.evaluate_batch(rows)) == want
    assert list(pe.evaluate_batch(np.array(rows, dtype=np.uint8))) == want
    with pytest.raises(TypeError, match="dtype bool"):
        pe.evaluate_batch(np.array(rows) > 2)


@pytest.mark.parametrize(
    ("rows", "words"),
    [
        ([[51, 47, 43, 39, 35], [1, 2, 3]], "row 1 has 3 cards, row 0 has 5"),
        (([51, 47, 43, 39, 35], [0, 4, 8, 12, 16], [1, 2, 3, 5, 6, 7]), "row 2 has 6 cards, row 0 has 5"),
    ],
)
def test_rows_of_different_lengths_are_named(rows: Any, words: str) -> None:
    with pytest.raises(ValueError, match=f"^ids must have shape \\(N, k\\): {words}$"):
        pe.evaluate_batch(rows)


def test_a_zero_d_array_is_refused_in_our_words() -> None:
    for call in (pe.format_cards, pe.card_ids, pe.parse_cards):
        with pytest.raises(
            TypeError, match=r"^expected cards as a str, Card, int or iterable of them, got 0-d"
        ):
            call(np.array(51, dtype=np.uint8))
    assert math.isfinite(float(pe.evaluate(np.array([51, 47, 43, 39, 35]))))


def test_the_int_check_takes_what_has_an_index_and_nothing_else() -> None:
    # as_int is the one int check of the engine and the core's counts; its quick form
    # (an attribute lookup, not typing's Protocol machinery) must take and refuse the same
    # things: ints, IntEnums, numpy integers and any __index__ in; bools, numpy bools,
    # floats, strings and None out.
    import enum

    from pokereval._checks import as_flag, as_int

    class Three:
        def __index__(self) -> int:
            return 3

    class Seat(enum.IntEnum):
        TWO = 2

    assert [as_int(v, "n") for v in (7, Seat.TWO, np.int16(5), np.uint64(9), Three())] == [7, 2, 5, 9, 3]
    for bad in (True, np.True_, 3.0, np.float64(3), "3", None, [3]):
        with pytest.raises(TypeError, match="n must be an int"):
            as_int(bad, "n")
    assert as_flag(np.int8(1), "f") is True and as_flag(np.uint8(0), "f") is False
    with pytest.raises(TypeError, match="f must be True or False"):
        as_flag(Three(), "f")  # an index, but 3


def test_a_list_row_with_an_id_past_int64_names_the_id() -> None:
    """numpy reads such rows as objects or floats: the error named a dtype the caller never
    gave instead of the id and where it is, as it does for -1."""
    for row, position in (([2**70, 47, 43, 39, 35], 1), ([51, 47, 43, 39, 2**63], 5)):
        with pytest.raises(
            ValueError, match=rf"row 0: card id {row[position - 1]} out of range 0..53 at position {position}"
        ):
            pe.evaluate_batch([row])
    with pytest.raises(TypeError, match=r"^row 0: expected a card .*, got float at position 1 in "):
        pe.evaluate_batch([[1.5, 47, 43, 39, 35]])  # a real float is still a type error, named where it is


def test_compare_refuses_a_joker_as_a_joker_in_both_hands() -> None:
    """Without wild=, a joker in each hand was called a duplicate card."""
    with pytest.raises(ValueError, match=r"joker 'Jk' at position 1 plays only with wild="):
        pe.compare("Jk As", "Jk Ks", board="Qs Js 2c")
    assert pe.compare("Jk As", "Jk Ks", board="Qs Js 2c", wild="joker") == 1
