"""Every error a user can meet names what is wrong: the token, the card, the row, the count.

The house rule (STYLE.md, Errors): ValueError for bad values, TypeError for bad types, and
the message names the value and where it is.  docs/errors.md lists these errors; the
parametrized cases below follow its rows.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pytest
from test_hostile_checks import tampered_range

import pokereval
from pokereval import (
    Card,
    HandRank,
    Range,
    card_ids,
    compare,
    enumerate_counts,
    equity,
    evaluate,
    evaluate_batch,
    fast,
    format_cards,
    parse_cards,
    settle,
    showdown,
)
from pokereval import preflop_build as build_module


def raises(kind: type[Exception], call: Callable[[], Any], *needles: str) -> str:
    """Run call, expect exactly `kind`, and check every needle appears in the message."""
    with pytest.raises(kind) as info:
        call()
    assert type(info.value) is kind, f"{type(info.value).__name__}: {info.value}"
    message = str(info.value)
    for needle in needles:
        assert needle in message, f"{needle!r} not in {message!r}"
    return message


# ---- cards ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("AsXd", "'Xd'", "position 2"),
        ("As Kd 1h", "'1h'", "position 3"),  # "1" alone is no rank ("10" is)
        ("As Kx", "'Kx'", "position 2"),  # unknown suit
        ("AsK", "'K'", "position 2"),  # rank without a suit
        ("Zz", "'Zz'", "position 1"),
        ("As,,Kd Qq", "'Qq'", "position 3"),
    ],
)
def test_malformed_token_is_named_with_its_position(text: str, token: str, position: str) -> None:
    message = raises(ValueError, lambda: parse_cards(text), token, position)
    assert repr(text) in message  # and the whole input, quoted back


def test_malformed_token_reason() -> None:
    raises(ValueError, lambda: parse_cards("AsXd"), "unknown rank 'X'")
    raises(ValueError, lambda: parse_cards("As Kx"), "unknown suit 'x'")
    raises(ValueError, lambda: parse_cards("As K"), "rank 'K' has no suit")


def test_invisible_characters_are_escaped_in_messages() -> None:
    # A zero-width space or NUL would not show if printed as is.
    raises(ValueError, lambda: parse_cards("As\u200bKd"), "\\u200b")
    raises(ValueError, lambda: parse_cards("\x00"), "\\x00")


def test_single_card_errors() -> None:
    raises(ValueError, lambda: Card("Xx"), "'Xx'", "unknown rank 'X'")
    raises(ValueError, lambda: Card(54), "54", "0..53")  # 52 and 53 are the jokers
    raises(ValueError, lambda: Card(-1), "-1", "0..53")
    raises(ValueError, lambda: Card("AsKd"), "'AsKd'", "expected one card, found 2")
    raises(TypeError, lambda: Card(None), "NoneType")  # type: ignore[arg-type]
    raises(TypeError, lambda: Card(2.0), "float")  # type: ignore[arg-type]
    raises(TypeError, lambda: Card(True), "bool")


def test_ids_in_lists_name_value_and_position() -> None:
    raises(ValueError, lambda: parse_cards([51, 60]), "card id 60", "0..53", "position 2")
    raises(ValueError, lambda: parse_cards([0, -3]), "card id -3", "position 2")
    raises(ValueError, lambda: parse_cards(["As", "Kq"]), "'Kq'", "position 2")
    raises(TypeError, lambda: parse_cards([51, None]), "NoneType", "position 2")  # type: ignore[list-item]
    raises(TypeError, lambda: parse_cards([True]), "bool", "position 1")
    raises(TypeError, lambda: parse_cards([np.float64(1.0)]), "float64", "position 1")  # type: ignore[list-item]


def test_wrong_types_name_the_type() -> None:
    raises(TypeError, lambda: parse_cards(3.5), "float")  # type: ignore[arg-type]
    raises(TypeError, lambda: parse_cards(b"AsKd"), "bytes", "decode")
    raises(TypeError, lambda: parse_cards(object()), "object")  # type: ignore[arg-type]
    raises(TypeError, lambda: evaluate(b"AsKdQhJcTs"), "bytes")


def test_duplicate_within_a_hand_names_card_and_positions() -> None:
    raises(ValueError, lambda: parse_cards("AhKdAh"), "'Ah'", "positions 1 and 3")
    raises(ValueError, lambda: parse_cards([Card("Ah"), 4, "ah"]), "'Ah'", "positions 1 and 3")
    raises(ValueError, lambda: card_ids("Ts 10s"), "'Ts'", "positions 1 and 2")
    raises(ValueError, lambda: evaluate("As Ks Qs Js As"), "'As'")


def test_duplicate_across_hand_and_board_names_the_card() -> None:
    raises(ValueError, lambda: evaluate("AsKs", board="Qs Js As"), "'As'", "duplicate")
    raises(ValueError, lambda: evaluate("Ah 2h 3d 4s", board="5h 6c 4s", game="omaha"), "'4s'", "duplicate")


def test_duplicate_across_two_hands_in_compare() -> None:
    raises(ValueError, lambda: compare("AsKs", "AsQd", board="2c3c4c5d9h"), "'As'", "both hands")
    message = raises(ValueError, lambda: compare("AsKs", "QdQc", board="2c3c4cQd9h"), "'Qd'", "duplicate")
    assert message == "the second hand: duplicate card 'Qd' at hand position 1 and board position 4"
    message = raises(ValueError, lambda: compare("AsKs", "QdQcQh", board="2c3c4c5c9d"))
    assert message == "the second hand: holdem needs 5 to 7 cards, got 8"


# ---- counts ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "cards", "board", "needles"),
    [
        ("holdem", "AsKsQsJs", None, ("holdem", "5 to 7", "got 4")),
        ("holdem", "AsKs", "QsJsTs9s8s7s", ("holdem", "5 to 7", "got 8")),
        ("stud", "As", None, ("stud", "5 to 7", "got 1")),
        ("shortdeck", "AsKsQsJs", None, ("shortdeck", "got 4")),
        ("razz", "As2s3s4s5s6s7s8s", None, ("razz", "got 8")),
        ("deuce-seven", "7s5d4c3h", None, ("deuce-seven", "5 cards", "got 4")),
        ("deuce-seven", "7s5d4c3h2s9d", None, ("deuce-seven", "5 cards", "got 6")),
        ("badugi", "As2d3h4c5s", None, ("badugi", "4 cards", "got 5")),
        ("omaha", "AsKsQ", None, ("'Q'", "position 3")),  # a malformed token wins over the count
        ("omaha", "AsKsQsJs", None, ("omaha", "4 to 6 hole cards", "board of 3 to 5", "board=")),
        ("omaha", "AsKsQs", "2c3c4c", ("omaha", "got 3 hole cards and a board of 3")),
        ("omaha", "AsKsQsJs", "2c3c", ("omaha", "got 4 hole cards and a board of 2")),
        ("omaha-hilo", "AsKsQsJsTs9s8s", "2c3c4c", ("omaha-hilo", "got 7 hole cards")),
        ("omaha-hilo", "AsKsQsJs", "2c3c4c5c6c7c", ("omaha-hilo", "a board of 6")),
    ],
)
def test_wrong_counts_say_how_many(
    game: str, cards: str, board: str | None, needles: tuple[str, ...]
) -> None:
    raises(ValueError, lambda: evaluate(cards, board=board, game=game), *needles)


def test_card_outside_the_short_deck() -> None:
    raises(ValueError, lambda: evaluate("AsKsQsJs5s", game="shortdeck"), "'5s'", "shortdeck", "6 to ace")


# ---- games ----------------------------------------------------------------------------------


def test_unknown_game_is_named_and_the_choices_listed() -> None:
    message = raises(ValueError, lambda: evaluate("AsKsQsJsTs", game="go fish"), "'go fish'")
    for name in pokereval.GAMES:
        assert name in message
    raises(ValueError, lambda: evaluate_batch(np.zeros((0, 5), np.uint8), game="chess"), "'chess'")
    raises(ValueError, lambda: compare("AsKs", "QdQc", "2c3c4c5d9h", game="snap"), "'snap'")
    raises(TypeError, lambda: evaluate("AsKsQsJsTs", game=3), "int")  # type: ignore[arg-type]
    raises(TypeError, lambda: evaluate("AsKsQsJsTs", game=None), "NoneType")  # type: ignore[arg-type]


def test_compare_in_a_hilo_game_names_it() -> None:
    raises(ValueError, lambda: compare("AsKsQsJs", "2c3c4c5c", "6d7d8d9dTd", game="omaha-hilo"), "omaha-hilo")


def test_ranks_of_different_games_do_not_compare() -> None:
    high = evaluate("AsKsQsJsTs")
    low = evaluate("AsKsQsJsTs", game="razz")
    message = raises(TypeError, lambda: high < low)
    assert "holdem" in message and "razz" in message


def test_unknown_language_is_named() -> None:
    raises(ValueError, lambda: evaluate("AsKsQsJsTs").describe("de"), "'de'", "en")


# ---- batches --------------------------------------------------------------------------------


def rows_with(bad: list[int], at: int, n: int = 40, k: int = 5) -> np.ndarray[Any, Any]:
    """n valid hold'em rows with row `at` replaced by `bad`."""
    rows = np.tile(np.array([51, 47, 43, 39, 35, 30, 26][:k], dtype=np.int64), (n, 1))
    rows[at] = bad
    return rows


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int64, np.uint64])
def test_batch_id_out_of_range_names_row_and_id(dtype: Any) -> None:
    rows = rows_with([0, 1, 2, 3, 60], at=17).astype(dtype)
    raises(ValueError, lambda: evaluate_batch(rows), "row 17", "60", "0..53")


def test_batch_negative_and_huge_ids_name_row_and_id() -> None:
    raises(ValueError, lambda: evaluate_batch(rows_with([0, 1, 2, -1, 4], at=3)), "row 3", "-1")
    huge = rows_with([0, 1, 2, 3, 4], at=0).astype(np.uint64)
    huge[9, 2] = 2**40
    raises(ValueError, lambda: evaluate_batch(huge), "row 9", str(2**40))
    raises(ValueError, lambda: evaluate_batch(rows_with([0, 1, 2, 3, 300], at=5)), "row 5", "300")


@pytest.mark.parametrize("game", ["holdem", "stud", "razz", "shortdeck"])
def test_batch_duplicate_names_row_and_card(game: str) -> None:
    # 2s is id 3 (4*0 + 3); the row repeats it.  Short deck needs its own deck: Ts is id 35.
    dup = [51, 35, 43, 39, 35] if game == "shortdeck" else [0, 1, 2, 3, 3]
    card = "'Ts'" if game == "shortdeck" else "'2s'"
    raises(ValueError, lambda: evaluate_batch(rows_with(dup, at=17), game=game), "row 17", "duplicate", card)


def test_batch_error_in_a_threaded_batch_names_the_global_row() -> None:
    rows = rows_with([0, 1, 2, 3, 3], at=6001, n=10000)
    raises(ValueError, lambda: evaluate_batch(rows, threads=2), "row 6001", "'2s'")


def test_batch_omaha_errors_name_the_row() -> None:
    rows = np.tile(np.arange(0, 36, 4, dtype=np.uint8), (8, 1))  # 2c 3c ... Tc: 4 hole + 5 board
    rows[4, 6] = rows[4, 0]
    raises(ValueError, lambda: evaluate_batch(rows, game="omaha"), "row 4", "duplicate", "'2c'")
    raises(ValueError, lambda: evaluate_batch(rows[:, :7], game="omaha", hole=5), "got 5 hole cards")


def test_batch_card_outside_short_deck_names_row_and_card() -> None:
    rows = rows_with([51, 47, 43, 39, 3], at=2)
    raises(ValueError, lambda: evaluate_batch(rows, game="shortdeck"), "row 2", "'2s'", "shortdeck")


@pytest.mark.parametrize(
    "array",
    [
        np.zeros((2, 5), dtype=np.float64),
        np.zeros((2, 5), dtype=np.float32),
        np.zeros((2, 5), dtype=bool),
        np.zeros((2, 5), dtype=object),
        np.zeros((2, 5), dtype=np.complex64),
        np.zeros((2, 5), dtype="U2"),
        np.zeros((2, 5), dtype="m8[s]"),
    ],
    ids=lambda a: str(a.dtype),
)
def test_batch_wrong_dtype_is_a_type_error_naming_it(array: np.ndarray[Any, Any]) -> None:
    raises(TypeError, lambda: evaluate_batch(array), str(array.dtype), "integer")


@pytest.mark.parametrize("shape", [(), (5,), (2, 3, 5), (1, 1, 1, 5)])
def test_batch_wrong_shape_names_it(shape: tuple[int, ...]) -> None:
    raises(ValueError, lambda: evaluate_batch(np.zeros(shape, dtype=np.uint8)), str(shape), "(N, k)")


def test_batch_wrong_width_says_how_many() -> None:
    raises(ValueError, lambda: evaluate_batch(np.zeros((3, 4), np.uint8)), "holdem", "5 to 7", "got 4")
    raises(ValueError, lambda: evaluate_batch(np.zeros((3, 8), np.uint8)), "got 8")
    raises(ValueError, lambda: evaluate_batch(np.zeros((3, 6), np.uint8), game="deuce-seven"), "got 6")


def test_batch_arguments_are_named() -> None:
    rows = rows_with([0, 4, 8, 12, 16], at=0)
    raises(ValueError, lambda: evaluate_batch(rows, threads=0), "threads", "0")
    raises(ValueError, lambda: evaluate_batch(rows, threads=-2), "threads", "-2")
    # Not an int: TypeError, as hole=True gives (a ValueError before).
    raises(TypeError, lambda: evaluate_batch(rows, threads=True), "threads", "True")
    raises(TypeError, lambda: evaluate_batch(rows, threads=2.0), "threads", "2.0")  # type: ignore[call-overload]
    raises(ValueError, lambda: evaluate_batch(rows, hole=2), "holdem", "hole")


@pytest.mark.parametrize("threads", [np.int64(2), np.int32(1), np.uint8(3), np.int64(256)])
def test_threads_takes_numpy_integers_as_every_int_argument_does(threads: Any) -> None:
    rows = rows_with([0, 4, 8, 12, 16], at=0)
    assert (evaluate_batch(rows, threads=threads) == evaluate_batch(rows)).all()
    assert equity(["AsAd", "KcKd"], threads=threads).equity == equity(["AsAd", "KcKd"]).equity


@pytest.mark.parametrize(
    "threads, error",
    [
        (np.True_, TypeError),
        (np.False_, TypeError),
        (np.float64(2.0), TypeError),
        (2.0, TypeError),
        (np.int64(0), ValueError),
        (np.int64(257), ValueError),
    ],
)
def test_threads_refuses_bools_floats_and_numpy_integers_out_of_range(
    threads: Any, error: type[Exception]
) -> None:
    rows = rows_with([0, 4, 8, 12, 16], at=0)
    raises(error, lambda: evaluate_batch(rows, threads=threads), "threads must be", repr(threads))


@pytest.mark.parametrize("ids", [[], ()])
def test_an_empty_list_of_rows_is_named_an_empty_batch(ids: Any) -> None:
    # numpy reads no numbers as float64; "got dtype float64" blamed a dtype nobody gave.
    message = raises(ValueError, lambda: evaluate_batch(ids), "(N, k)", "the batch is empty")
    assert f"an empty {type(ids).__name__}" in message and "dtype" not in message
    raises(ValueError, lambda: evaluate_batch([[], []]), "holdem needs 5 to 7 cards, got 0")
    for k in (0, 5, 7, 12):  # an empty integer array is still an empty batch, of any width
        assert evaluate_batch(np.zeros((0, k), np.uint8)).shape == (0,)
        assert evaluate_batch(np.zeros((0, k), np.int64)).shape == (0,)
    # In Omaha hole= must fit the rows, rows or none (docs/errors.md).
    assert evaluate_batch(np.zeros((0, 12), np.uint8), game="omaha").shape == (0,)
    raises(
        ValueError, lambda: evaluate_batch(np.zeros((0, 2), np.uint8), game="omaha"), "hole=4 for rows of 2"
    )


@pytest.mark.parametrize(
    ("hole", "kind"),
    [(-1, ValueError), (2**70, ValueError), (3, ValueError), (4.0, TypeError), (True, TypeError)],
)
def test_batch_bad_hole_is_named(hole: Any, kind: type[Exception]) -> None:
    # Checked before the C call: a negative or huge int would not even convert to size_t.
    rows = np.tile(np.arange(0, 36, 4, dtype=np.uint8), (2, 1))
    raises(kind, lambda: evaluate_batch(rows, game="omaha", hole=hole), str(hole))


# ---- enumeration ----------------------------------------------------------------------------


def test_enumerate_counts_arguments() -> None:
    raises(ValueError, lambda: enumerate_counts(4), "4", "5, 6 or 7")
    raises(ValueError, lambda: enumerate_counts(8), "8")
    raises(TypeError, lambda: enumerate_counts("7"), "str")  # type: ignore[arg-type]
    raises(TypeError, lambda: enumerate_counts(True), "bool")
    assert int(enumerate_counts(np.int64(5)).sum()) == 2598960  # type: ignore[arg-type]  # numpy's ints too


# ---- showdown and settle ---------------------------------------------------------------------


def test_showdown_errors_name_seat_and_card() -> None:
    raises(ValueError, lambda: showdown(["2c 2d", "Ah Ad"], "As Ks Qs Js"), "board of 5", "got 4")
    raises(ValueError, lambda: showdown(["2c 2d", "2c Ad"], "As Ks Qs Js Ts"), "'2c'")
    raises(ValueError, lambda: showdown(["2c 2d", "Ah Xd"], "As Ks Qs Js Ts"), "seat 1", "'Xd'")
    raises(ValueError, lambda: showdown(["2c 2d", "As 3d"], "As Ks Qs Js Ts"), "'As'")
    raises(ValueError, lambda: showdown([], "As Ks Qs Js Ts"), "seat")


def test_every_message_names_something() -> None:
    """No bare 'invalid input': each message quotes a value, a count or a name."""
    calls: list[Callable[[], Any]] = [
        lambda: parse_cards("Qx"),
        lambda: evaluate("AsKs"),
        lambda: evaluate_batch(np.zeros((1, 5), np.uint8)),
        lambda: evaluate("AsKsQsJsTs", game="x"),
    ]
    for call in calls:
        with pytest.raises(ValueError) as info:
            call()
        assert re.search(r"'[^']+'|\d", str(info.value)), str(info.value)


# ---- equity and ranges -------------------------------------------------------------------------


def test_equity_errors_name_hand_card_and_count() -> None:
    raises(ValueError, lambda: equity(["AsAd"]), "2 to 10 hands", "got 1")
    raises(ValueError, lambda: equity(["AsAd"] * 11), "got 11")
    raises(ValueError, lambda: equity(["AsAd", "AsKc"]), "'As'", "hand 1 and hand 2")
    raises(ValueError, lambda: equity(["AsAd", "KcKd"], board="AsQdJc"), "'As'", "the board")
    raises(ValueError, lambda: equity(["AsAd", "KcKd"], dead="Kc"), "'Kc'", "dead")
    raises(ValueError, lambda: equity(["AsAd", "KcKdQc"]), "hand 2", "3 cards")
    raises(ValueError, lambda: equity(["AsAd", "KcKd"], board="2c3c4c5c6c7c"), "6 cards", "at most 5")
    raises(ValueError, lambda: equity(["AsAd", "KcKd"], game="badugi"), "'badugi'")
    raises(ValueError, lambda: equity(["AsAd", "KcKx"]), "hand 2", "'Kx'")
    raises(ValueError, lambda: equity(["AsAd", "KcKd"], samples=0), "samples", "0")
    raises(ValueError, lambda: equity(["AsAd", "KcKd"], samples=10, seed=-1), "seed", "-1")
    raises(TypeError, lambda: equity(["AsAd", "KcKd"], samples=1.5), "samples", "float")  # type: ignore[arg-type]
    raises(TypeError, lambda: equity(["AsAd", "KcKd"], samples=10, seed="x"), "seed", "str")  # type: ignore[arg-type]
    raises(TypeError, lambda: equity("AsAd KcKd"), "list of hands")
    raises(ValueError, lambda: equity(["22+,A2+,K2+"] * 3), "would take about", "samples=")


def test_range_errors_name_the_token() -> None:
    raises(
        ValueError, lambda: equity(["AsAd", "QQ+,AXs"], board="2c7d9hJs"), "hand 2", "'AXs'", "unknown rank"
    )
    raises(ValueError, lambda: Range("AKx"), "'AKx'")
    raises(ValueError, lambda: Range("QQ,,AKs"), "empty range token")
    raises(ValueError, lambda: Range("AKs:1.5"), "'AKs:1.5'", "1.5")
    raises(ValueError, lambda: Range("AKs:abc"), "'abc'")
    raises(ValueError, lambda: Range("QQs"), "'QQs'", "pair")
    raises(TypeError, lambda: Range(5), "int")  # type: ignore[arg-type]


# ---- a bool is never a card -----------------------------------------------------------------

BOARD = [16, 20, 24, 28, 32]


@pytest.mark.parametrize(
    "call",
    [
        lambda: evaluate([True, 4, 8, 12, 16]),
        lambda: evaluate((4, 8, 12, 16, False)),
        lambda: evaluate([0, 4], board=[8, 12, True]),
        lambda: evaluate([True, 4, 8, 12], board=[16, 20, 24], game="omaha"),
        lambda: evaluate([True, 4, 8, 12, 16], game="stud"),
        lambda: compare([True, 4], [8, 12], board=BOARD),
        lambda: compare([0, 4], [8, 12], board=[16, 20, 24, 28, True]),
        lambda: showdown([[True, 4], [8, 12]], BOARD),
        lambda: showdown([[0, 4], [8, 12]], [16, 20, 24, 28, True]),
        lambda: settle([[True, 4], [8, 12]], BOARD, contributions=[10, 10]),
        lambda: settle([[0, 4], [8, 12]], [16, 20, 24, 28, True], contributions=[10, 10]),
        lambda: settle([[0, 4], [8, 12]], BOARD, contributions=[True, 10]),
        lambda: settle([[0, 4], [8, 12]], BOARD, contributions=[10, 10], odd_chip=[True, 0]),
        lambda: fast.evaluate_ids([True, 4, 8, 12, 16]),
        lambda: fast.evaluate_cards([True, 4, 8, 12, 16]),
        lambda: fast.evaluate_mask(True),
        lambda: fast.mask_of([True, 4]),
        lambda: parse_cards([True]),
        lambda: card_ids((False,)),
        lambda: Card(True),
    ],
)
def test_a_bool_is_never_a_card(call: Callable[[], Any]) -> None:
    raises(TypeError, call, "bool")


@pytest.mark.parametrize(
    "rows",
    [
        np.array([[0, 4, 8, 12, 16]], dtype=np.uint8),
        [[0, 4, 8, 12, 16], [1, 5, 9, 13, 17]],
        (np.array([0, 4, 8, 12, 16]),),
    ],
)
def test_rows_of_hands_given_to_evaluate_point_to_evaluate_batch(rows: Any) -> None:
    raises(TypeError, lambda: evaluate(rows), "evaluate takes one hand, evaluate_batch an (n, k) array")


def test_one_bad_card_in_one_hand_gets_no_batch_hint() -> None:
    with pytest.raises(TypeError) as caught:
        evaluate(["As", 4.5, "Qs", "Js", "Ts"])  # type: ignore[list-item]
    assert "evaluate_batch" not in str(caught.value)


# ---- one bad hand, one message, whatever path it takes ---------------------------------------


def paths(game: str, text: str, board: str | None) -> dict[str, Callable[[], Any]]:
    """The same hand through text, ids, Cards (list and tuple) and, where it has a width that
    makes rows, a batch of one row."""
    ids = list(card_ids_loose(text))
    board_ids = None if board is None else list(card_ids_loose(board))
    cards = [Card(i) for i in ids]
    board_cards = None if board_ids is None else tuple(Card(i) for i in board_ids)
    return {
        "text": lambda: evaluate(text, board, game=game),
        "ids": lambda: evaluate(ids, board_ids, game=game),
        "Cards": lambda: evaluate(cards, board_cards, game=game),
        "tuple": lambda: evaluate(tuple(ids), None if board_ids is None else tuple(board_ids), game=game),
        "alias": lambda: evaluate(ids, board_ids, game=game.upper()),  # the general path
    }


def card_ids_loose(text: str) -> bytes:
    """Ids of text that may repeat a card (parse_cards refuses repeats)."""
    return bytes(card_ids(token)[0] for token in text.split())


@pytest.mark.parametrize(
    ("game", "text", "board", "message"),
    [
        ("holdem", "2c 3c 4c 5c", None, "holdem needs 5 to 7 cards, got 4"),
        ("stud", "2c 3c 4c 5c", None, "stud needs 5 to 7 cards, got 4"),
        ("razz", "2c 3c 4c 5c 6c 7c 8c 9c", None, "razz needs 5 to 7 cards, got 8"),
        ("deuce-seven", "2c 3c 4c 5c", None, "deuce-seven needs 5 cards, got 4"),
        ("badugi", "2c 3d 4h 5s 6c", None, "badugi needs 4 cards, got 5"),
        ("shortdeck", "As Ks Qs Js", None, "shortdeck needs 5 to 7 cards, got 4"),
        ("holdem", "As Ks Qs Js As", None, "duplicate card 'As' at positions 1 and 5"),
        ("razz", "As Ks", "Qs Js As", "duplicate card 'As' at hand position 1 and board position 3"),
        ("holdem", "As Ks", "Qs Qs 2c", "duplicate card 'Qs' at board positions 1 and 2"),
        ("holdem", "As As", "Qs Js 2c", "duplicate card 'As' at hand positions 1 and 2"),
        (
            "shortdeck",
            "As Ks",
            "Qs 5s Js",
            "card '5s' at board position 2 is not in the shortdeck deck (36 cards, 6 to ace)",
        ),
        ("stud", "As Ks Qs Js Ks 2c", None, "duplicate card 'Ks' at positions 2 and 5"),
        (
            "shortdeck",
            "As Ks Qs Js 5s",
            None,
            "card '5s' at position 5 is not in the shortdeck deck (36 cards, 6 to ace)",
        ),
        ("omaha", "Ah 2h 3d 4s", "5h 6c 4s", "duplicate card '4s' at hand position 4 and board position 3"),
        (
            "omaha",
            "Ah 2h 3d",
            "5h 6c 7s",
            "omaha needs 4 to 6 hole cards and a board of 3 to 5, got 3 hole cards and a board of 3",
        ),
        (
            "omaha-hilo",
            "Ah 2h 3d 4s",
            "5h 6c",
            "omaha-hilo needs 4 to 6 hole cards and a board of 3 to 5, got 4 hole cards and a board of 2",
        ),
    ],
)
def test_a_bad_hand_gets_the_same_words_on_every_path(
    game: str, text: str, board: str | None, message: str
) -> None:
    for path, call in paths(game, text, board).items():
        with pytest.raises(ValueError) as info:
            call()
        assert str(info.value) == message, path
    if board is None or pokereval.game_spec(game).hole is not None:
        row = np.array([list(card_ids_loose(text)) + list(card_ids_loose(board or ""))], np.uint8)
        hole = {"hole": len(text.split())} if board is not None else {}
        with pytest.raises(ValueError) as info:
            evaluate_batch(row, game=game, **hole)  # type: ignore[call-overload]
        counted = "needs" in message  # a width error is about every row: no row is named
        # A row's positions count its columns, hole cards and board alike.
        columns = message.replace("hand position 4 and board position 3", "positions 4 and 7")
        assert str(info.value) == (message if counted else f"row 0: {columns}")


@pytest.mark.parametrize("bad", [54, 300, -1, 2**70])  # 52 and 53 are the jokers
def test_an_id_out_of_range_gets_the_same_words_on_every_path(bad: int) -> None:
    message = f"card id {bad} out of range 0..53 at position 3"
    for call in (
        lambda: evaluate([0, 4, bad, 12, 16]),
        lambda: evaluate((0, 4, bad, 12, 16), game="stud"),
        lambda: fast.evaluate_ids([0, 4, bad, 12, 16]),
        lambda: fast.evaluate_cards((0, 4, bad, 12, 16)),
        lambda: evaluate_batch(
            np.array([[0, 4, bad, 12, 16]], dtype=object).astype(np.int64)
            if bad < 2**63
            else np.array([[0, 4, 1, 12, 16]], np.uint8) + 255
        ),
    ):
        with pytest.raises(ValueError) as info:
            call()
        got = str(info.value)
        if got.startswith("row 0: "):
            if bad >= 2**63:  # no integer array holds it: the uint8 overflow case stands in
                continue
            got = got[len("row 0: ") :]
        assert got == message
    # Given apart, the board counts its own positions (every path, the ids' and the text's).
    for board in ([bad, 12, 16], (bad, 12, 16), [Card(12), bad, Card(16)]):
        with pytest.raises(ValueError) as info:
            evaluate([0, 4], board=board)
        at = 1 if board[0] == bad else 2
        assert str(info.value) == f"card id {bad} out of range 0..53 at board position {at}"


# ---- only ValueError and TypeError, in our words ----------------------------------------------

JUNK: list[Any] = [
    None,
    True,
    False,
    3.5,
    float("nan"),
    -1,
    2**70,
    300,
    "",
    "Xx",
    "As As",
    "AsKsQsJsTs" * 3,
    b"As",
    bytearray(b"\x00\x04"),
    memoryview(b"\x01"),
    object(),
    [True],
    [300],
    [-1],
    [None],
    [[0, 4]],
    (),
    [],
    {"As": 1},
    {51},
    np.array([0, 4, 8, 12, 16]),
    np.array([[0, 4, 8, 12, 300]]),
    np.float64(1.0),
    np.int64(-3),
    np.bool_(True),
    range(5),
    iter([51, 47]),
    Card("As"),
]
# Words that only the machinery below us uses: a message holding one is not ours.
FOREIGN = (
    "cdata",
    "ctype",
    "initializer for",
    "cffi",
    "argument ",
    "object cannot be interpreted",
    "unhashable",
    "not subscriptable",
    "has no attribute",
    "object is not iterable",
)


def public_calls() -> list[tuple[str, Callable[[Any], Any]]]:
    """Every public function, with junk in each of its arguments in turn."""
    good = "As Ks Qs Js Ts"
    calls: list[tuple[str, Callable[[Any], Any]]] = [
        ("evaluate(junk)", lambda x: evaluate(x)),
        ("evaluate(board=junk)", lambda x: evaluate("As Ks", board=x)),
        ("evaluate(game=junk)", lambda x: evaluate(good, game=x)),
        ("evaluate(omaha, board=junk)", lambda x: evaluate("As Ks Qs Js", board=x, game="omaha")),
        ("compare(junk)", lambda x: compare(x, "Qd Qc", board="2c 7d 9h Js 3s")),
        ("compare(board=junk)", lambda x: compare("As Ad", "Qd Qc", board=x)),
        ("evaluate_batch(junk)", lambda x: evaluate_batch(x)),
        (
            "evaluate_batch(hole=junk)",
            lambda x: evaluate_batch(np.zeros((1, 9), np.uint8), game="omaha", hole=x),
        ),
        ("evaluate_batch(threads=junk)", lambda x: evaluate_batch(np.zeros((1, 5), np.uint8), threads=x)),
        ("enumerate_counts(junk)", lambda x: enumerate_counts(x) if x not in (5, 6, 7) else None),
        ("parse_cards(junk)", lambda x: parse_cards(x)),
        ("card_ids(junk)", lambda x: card_ids(x)),
        ("format_cards(junk)", lambda x: format_cards(x)),
        ("format_cards(sep=junk)", lambda x: format_cards(good, sep=x)),
        ("Card(junk)", lambda x: Card(x)),
        ("HandRank(junk)", lambda x: HandRank(x)),
        ("HandRank(game=junk)", lambda x: HandRank(7000, x)),
        ("HandRank(cards=junk)", lambda x: HandRank(7000, "holdem", x)),
        ("HandRank(hole=junk)", lambda x: HandRank(7000, "omaha", "As Ks Qs Js 2c 3c 4c", x)),
        ("HandRank(low=junk)", lambda x: HandRank(7000, "omaha-hilo", low=x)),
        ("describe(junk)", lambda x: evaluate(good).describe(x)),
        ("rank < junk", lambda x: evaluate(good) < x),
        ("game_spec(junk)", lambda x: pokereval.game_spec(x)),
        ("fast.evaluate_ids(junk)", lambda x: fast.evaluate_ids(x)),
        ("fast.evaluate_cards(junk)", lambda x: fast.evaluate_cards(x)),
        ("fast.evaluate_mask(junk)", lambda x: fast.evaluate_mask(x)),
        ("fast.mask_of(junk)", lambda x: fast.mask_of(x)),
        ("showdown(junk)", lambda x: showdown(x, good)),
        ("showdown(board=junk)", lambda x: showdown(["2c 2d", "3c 3d"], x)),
        ("settle(cards=junk)", lambda x: settle([x, "3c 3d"], good, contributions=[10, 10])),
        ("settle(contributions=junk)", lambda x: settle(["2c 2d", "3c 3d"], good, contributions=x)),
        (
            "settle(dead_money=junk)",
            lambda x: settle(["2c 2d", "3c 3d"], good, contributions=[1, 1], dead_money=x),
        ),
        (
            "settle(odd_chip=junk)",
            lambda x: settle(["2c 2d", "3c 3d"], good, contributions=[1, 1], odd_chip=x),
        ),
        ("equity(junk)", lambda x: equity(x)),
        ("equity(hand=junk)", lambda x: equity(["As Ad", x])),
        ("Range(junk)", lambda x: Range(x)),
    ]
    return calls


@pytest.mark.parametrize(("name", "call"), public_calls(), ids=[name for name, _ in public_calls()])
def test_public_calls_raise_only_value_and_type_errors_in_our_words(
    name: str, call: Callable[[Any], Any]
) -> None:
    for junk in JUNK:
        try:
            call(junk)
        except (ValueError, TypeError) as error:
            assert type(error) in (ValueError, TypeError), f"{name} with {junk!r}: {type(error).__name__}"
            message = str(error)
            ours = message and not any(word in message for word in FOREIGN)
            assert ours, f"{name} with {junk!r}: {message}"
        except Exception as error:
            pytest.fail(f"{name} with {junk!r} raised {type(error).__name__}: {error}")


# ---- no Python value becomes a function pointer -----------------------------------------------


def test_binding_takes_only_the_cores_capsules() -> None:
    # In a child process: before the fix, bind(1, 2) then evaluate() crashed the interpreter.
    script = """
import pokereval, pokereval._fastcall as fc
for args in ((1, 2), (1, 2, 3), (1, 2, 3, 4), (0x7fff0000, 0x7fff0000, 0x7fff0000, 0x7fff0000)):
    try:
        fc.bind(*args)
    except TypeError:
        pass
    else:
        raise SystemExit(f"bind{args} was taken")
print(int(pokereval.evaluate([51, 47, 43, 39, 35])))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "7462"


# ---- docs/errors.md says what the code says ---------------------------------------------------

ERRORS_MD = Path(__file__).resolve().parent.parent / "docs" / "errors.md"
HAND = "As Ks Qs Js Ts"
ALL_DEAD = " ".join(f"{r}{s}" for r in "23456789TJQK" for s in "cdhs" if f"{r}{s}" not in ("Kc", "Kd"))


# One call per message pattern of the tables, each raising that message.
def _chunk_folder(problem: str) -> None:
    """Run a one-chunk build twice in a fresh folder, spoiling it in between as `problem` says."""
    import json
    import tempfile

    from pokereval import preflop_build

    chunks = preflop_build.hu_chunks(preflop_build.hu_class_keys()[:1])
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        preflop_build.run_chunks(chunks, where)
        manifest = where / preflop_build.MANIFEST
        if problem == "changed":
            np.save(where / chunks[0].name, np.zeros((1, 2), dtype=np.uint32))
        elif problem == "unlisted":
            manifest.unlink()
        elif problem == "inputs":
            manifest.write_text(json.dumps({chunks[0].name: {"inputs": "", "sha256": ""}}))
        else:
            manifest.write_text("[]")
        preflop_build.run_chunks(chunks, where)


def _dask_grid_of_nothing() -> None:
    dask = pytest.importorskip("pokereval.dask")
    dask.range_grid(["QQ+"], ["AKs"], [])


def _raise_row_changed() -> Any:
    """The words of a row the core refused that reads as a hand when read again (another
    thread rewrote it mid-call): they looked for a bad card, found none and raised
    StopIteration.  The race itself is timing; the wording is called on such a row here."""
    api = sys.modules["pokereval.api"]
    core = sys.modules["pokereval._core"]
    raise api._row_error(pokereval.game_spec("holdem"), core.ERR_CARD, bytes([0, 4, 8, 12, 49]), 0, 5)


def _batch_into_read_only() -> Any:
    out = np.zeros(1, np.uint16)
    out.flags.writeable = False
    return evaluate_batch(np.zeros((1, 5), np.uint8), out=out)


def _batch_into_its_input() -> Any:
    shared = np.zeros(8, np.uint16)
    return evaluate_batch(shared.view(np.uint8)[:5].reshape(1, 5), out=shared[1:2])


TRIGGERS: dict[str, Callable[[], Any] | tuple[Callable[[], Any], ...]] = {
    "bad card <token>[ at position <n> in <input>]: unknown rank <r>[ (<hint>)]": (
        lambda: parse_cards("AsXd"),
        lambda: Card("Xs"),
        lambda: parse_cards("1h Jh"),
        lambda: parse_cards("As;Kd"),
    ),
    "bad card <token>[ at position <n> in <input>]: unknown suit <s>": (
        lambda: parse_cards("As Kx"),
        lambda: Card("Kx"),
    ),
    "bad card <token>[ at position <n> in <input>]: rank <r> has no suit": (
        lambda: parse_cards("As K"),
        lambda: Card("A"),
    ),
    "bad card <token>[ at position <n> in <input>]: expected one card, found <k>": (
        lambda: parse_cards(["AsKd"]),
        lambda: Card("AsKd"),
    ),
    "duplicate card <card> at positions <i> and <j> in <input>": lambda: parse_cards("Ah Kd Ah"),
    "card id <id> out of range 0..53[ at position <n> in <input>]": lambda: parse_cards([51, 60]),
    "expected a card as a Card, str or int, got <type>[ at position <n> in <input>]": lambda: parse_cards(
        [None]  # type: ignore[list-item]
    ),
    "expected cards as a str, Card, int or iterable of them, got bytes; decode text first, or pass ids as "
    "list(data)": lambda: parse_cards(b"As"),
    "expected cards as a str, Card, int or iterable of them, got <type>": lambda: parse_cards(3.5),  # type: ignore[arg-type]
    "Card cannot be subclassed: its 54 instances are interned": lambda: type("X", (Card,), {}),
    "a third joker at position <n> in <input>: a deck has two": lambda: parse_cards("Jk Jk Jk"),
    "joker 'Jk' at[ hand][ board] position <n> plays only with wild='joker' or wild='bug'": (
        lambda: evaluate("Jk As Ks Qs Js"),
        lambda: evaluate("As Ks", "Qs Jk Js"),
    ),
    "joker 'Jk' at[ hand][ board] position <n>: with wild='deuces' the deck has no jokers": (
        lambda: evaluate("Jk As Ks Qs Js", wild="deuces"),
        lambda: evaluate("As Ks", "Qs Jk Js", wild="deuces"),
    ),
    "joker 'Jk' at[ hand][ board] position <n>: <game> has no wild cards": (
        lambda: evaluate("Jk As Ks Qs Js", game="razz"),
        lambda: evaluate("As Ks", "Qs Jk Js", game="razz"),
    ),
    "<game> has no wild cards; wild= plays in holdem and stud": lambda: evaluate(
        "Jk As Ks Qs Js", game="razz", wild="joker"
    ),
    "unknown wild <value>; choose 'joker', 'bug' or 'deuces'": lambda: evaluate("As Ks Qs Js Ts", wild="x"),
    "wild must be 'joker', 'bug' or 'deuces', got <type>": lambda: evaluate("As Ks Qs Js Ts", wild=1),  # type: ignore[arg-type]
    "sep must be a str, got <type>": lambda: format_cards(HAND, sep=None),  # type: ignore[arg-type]
    "unknown game <name>; choose one of holdem, stud, …": lambda: evaluate(HAND, game="go fish"),
    "game must be a str such as 'holdem', got <type>": lambda: evaluate(HAND, game=3),  # type: ignore[arg-type]
    "<game> needs 5 to 7 cards, got <n>": lambda: evaluate("As Ks"),
    "deuce-seven needs 5 cards, got <n>": lambda: evaluate("7s 5d 4c 3h", game="deuce-seven"),
    "badugi needs 4 cards, got <n>": lambda: evaluate(HAND, game="badugi"),
    "<game> needs 4 to 6 hole cards and a board of 3 to 5; pass the board as board=": lambda: evaluate(
        "As Ks Qs Js", game="omaha"
    ),
    "<game> needs 4 to 6 hole cards and a board of 3 to 5, got <h> hole cards and a board of <b>": lambda: (
        evaluate("As Ks Qs", "2c 3c 4c", game="omaha")
    ),
    "duplicate card <card> at positions <i> and <j>": lambda: evaluate("As Ks Qs Js As"),
    "duplicate card <card> at hand position <i> and board position <j>": lambda: evaluate(
        "As Ks", "Qs Js As"
    ),
    "duplicate card <card> at hand positions <i> and <j>": lambda: evaluate("As As", "Qs Js Ts"),
    "duplicate card <card> at board positions <i> and <j>": lambda: evaluate("As Ks", "Qs Js Qs"),
    "a third joker at[ hand][ board] position <n>: a deck has two": (
        lambda: evaluate("Jk Jk As Ks Jk", wild="joker"),
        lambda: evaluate("Jk Jk As Ks", "Qs Js Jk", wild="joker"),
    ),
    "card id <id> out of range 0..53 at position <n>": lambda: fast.evaluate_ids([51, 47, 43, 39, 60]),
    "card id <id> out of range 0..53 at[ hand][ board] position <n>": (
        lambda: evaluate([51, 47, 43, 39, 60]),
        lambda: evaluate([51, 47], [43, 39, 60]),
        lambda: evaluate([51, 60], [43, 39, 47]),
    ),
    "card <card> at[ hand][ board] position <n> is not in the shortdeck deck (36 cards, 6 to ace)": (
        lambda: evaluate("As Ks Qs Js 5s", game="shortdeck"),
        lambda: evaluate("As Ks", "Qs Js 5s", game="shortdeck"),
        lambda: evaluate("As 5s", "Qs Js Ks", game="shortdeck"),
    ),
    "duplicate card <card>: both hands hold it": lambda: compare("As Ks", "As Qd", "2c 3c 4c 5d 9h"),
    "compare has no single answer in <game>; use showdown()": lambda: compare(
        "As Ks Qs Js", "2c 3c 4c 5c", "6d 7d 8d 9d Td", game="omaha-hilo"
    ),
    "cannot compare a <game> rank with a <game> rank": lambda: evaluate(HAND) < evaluate(HAND, game="razz"),
    "value <v> is outside the <game> scale 1..<top>": lambda: HandRank(70000),
    "value <v> is outside the <game> low scale 1..<top>": lambda: HandRank(57, "omaha-hilo", is_low=True),
    "value must be an int, got <type>": lambda: HandRank(7.0),  # type: ignore[arg-type]
    "low must be an int (the low value, 0 for none), got <type>": lambda: HandRank(
        7000,
        "omaha-hilo",
        low=None,  # type: ignore[arg-type]
    ),
    "hole must be an int, got <type>": lambda: HandRank(7000, "omaha", HAND, None),  # type: ignore[arg-type]
    "low=<v> fits only a hi-lo high hand, within 1..<top>": lambda: HandRank(7000, "holdem", low=3),
    "this rank was made without its cards; pass cards to HandRank": lambda: HandRank(7000).best_five,
    "unknown language <lang>; choose one of en, ru, bg": lambda: evaluate(HAND).describe("de"),
    "language must be a str, not <type> <value>": lambda: evaluate(HAND).describe(5),  # type: ignore[arg-type]
    "ids must be an integer array of card ids, got dtype <dtype>": lambda: evaluate_batch(np.zeros((1, 5))),
    "ids must have shape (N, k), got shape <shape>": lambda: evaluate_batch(np.zeros(5, np.uint8)),
    "row <r>: card id <id> out of range 0..53 at position <n>": lambda: evaluate_batch(
        np.array([[0, 1, 2, 3, 60]], np.uint8)
    ),
    "row <r>: duplicate card <card> at positions <i> and <j>": lambda: evaluate_batch(
        np.array([[0, 1, 2, 3, 3]], np.uint8)
    ),
    "row <r>: joker id <id> twice, at positions <i> and <j>: the two jokers are ids 52 and 53": lambda: (
        evaluate_batch(np.array([[52, 52, 2, 3, 4]], np.uint8), wild="joker")
    ),
    "row <r>: card <card> at position <n> is not in the shortdeck deck (36 cards, 6 to ace)": lambda: (
        evaluate_batch(np.array([[51, 47, 43, 39, 3]], np.uint8), game="shortdeck")
    ),
    "<game> needs … cards, got <k>": lambda: evaluate_batch(np.zeros((2, 4), np.uint8)),
    "<game> has no hole/board split; leave hole unset": lambda: evaluate_batch(
        np.zeros((1, 5), np.uint8), hole=2
    ),
    "<game> needs 4 to 6 hole cards and a board of 3 to 5, got hole=<h>[ for rows of <k> cards]": (
        lambda: evaluate_batch(np.zeros((1, 9), np.uint8), game="omaha", hole=-1),
        lambda: evaluate_batch(np.arange(9, dtype=np.uint8).reshape(1, 9), game="omaha", hole=11),
    ),
    "hole must be an int (how many of each row are hole cards), got <value>": lambda: evaluate_batch(  # type: ignore[call-overload]
        np.zeros((1, 9), np.uint8), game="omaha", hole=4.0
    ),
    "ids must have shape (N, k), got an empty <list or tuple>: the batch is empty (for no hands, pass an"
    " integer array of shape (0, k))": (lambda: evaluate_batch([]), lambda: evaluate_batch(())),
    "threads must be an int from 1 to 256, got <value>": lambda: evaluate_batch(
        np.zeros((1, 5), np.uint8), threads=0
    ),
    "threads must be an int from 1 to 256, got <value> (a <type>)": lambda: evaluate_batch(
        np.zeros((1, 5), np.uint8), threads=True
    ),
    "<out> must be a numpy array of uint16, got <type>": lambda: evaluate_batch(
        np.zeros((1, 5), np.uint8),
        out=[0],  # type: ignore[call-overload]
    ),
    "<out> must have dtype uint16, got <dtype>": lambda: evaluate_batch(
        np.zeros((1, 5), np.uint8), out=np.zeros(1, np.int64)
    ),
    "<out> must have shape (<N>,), one value a row, got shape <shape>": lambda: evaluate_batch(
        np.zeros((1, 5), np.uint8), out=np.zeros(2, np.uint16)
    ),
    "<out> must be C-contiguous": lambda: evaluate_batch(
        np.zeros((2, 5), np.uint8), out=np.zeros(4, np.uint16)[::2]
    ),
    "<out> must be aligned (a uint16 array at an even address), as numpy makes them": lambda: evaluate_batch(
        np.array([[51, 47, 43, 39, 35]], np.uint8),
        out=np.frombuffer(bytearray(3), np.uint8)[1:].view(np.uint16),
    ),
    "row <r> was refused, and reads as a hand now: the array was written to while the batch read it": (
        lambda: _raise_row_changed()
    ),
    "<out> is read-only": lambda: _batch_into_read_only(),
    "<out> shares memory with ids; pass an array of its own": lambda: _batch_into_its_input(),
    "out must be a pair of arrays (high, low) for <game>, got <type>": lambda: evaluate_batch(
        np.zeros((1, 9), np.uint8),
        game="omaha-hilo",
        out=np.zeros(1, np.uint16),
    ),
    "out[0] and out[1] share memory; pass two arrays": lambda: evaluate_batch(
        np.zeros((1, 9), np.uint8), game="omaha-hilo", out=(lambda a: (a, a))(np.zeros(1, np.uint16))
    ),
    "card ids must be bytes, a list or a tuple, got <type>": lambda: fast.evaluate_ids(bytearray(5)),
    "expected a card id (an int or a Card), got <type> at position <n>": lambda: fast.evaluate_cards(
        [True, 4, 8, 12, 16]
    ),
    "holdem needs 5 to 7 cards, got <n>": lambda: fast.evaluate_ids(bytes(4)),
    "mask must be an int, got <type> (mask_of(cards) makes one)": lambda: fast.evaluate_mask(1.0),  # type: ignore[arg-type]
    "mask <mask> has bits outside 0..51 (card ids run 0..51)": lambda: fast.evaluate_mask(1 << 60),
    "mask <mask> holds <n> cards; holdem needs 5 to 7": lambda: fast.evaluate_mask(0b1111),
    "k must be 5, 6 or 7, got <k>": lambda: enumerate_counts(4),
    "k must be an int, got <type>": lambda: enumerate_counts("7"),  # type: ignore[arg-type]
    "equity needs 2 to 10 hands, got <n>": lambda: equity(["AsAd"]),
    "hand <i> has <n cards>; this game deals <m> hole cards"
    "[ (each player's cards are one string: 'QsQd', not 'Qs', 'Qd')]": (
        lambda: equity(["AsAd", "KcKdQc"]),
        lambda: equity(["AsAd", "Kc", "Kd"]),
    ),
    "<game> hands must all have the same number of hole cards": lambda: equity(
        ["AsAdKcKd", "2c3c4c5c6c"], game="omaha"
    ),
    "duplicate card <card> in <where> and <where>": lambda: equity(["AsAd", "AsKc"]),
    "the board has <n> cards; at most 5": lambda: equity(["AsAd", "KcKd"], board="2c3c4c5c6c7c"),
    "not enough cards: <p> hands of <h>, <b> on the board and <d> dead leave <live> to deal <need>": lambda: (
        equity(["AsAd", "KcKd"], dead=ALL_DEAD.replace("Ks", "").replace("Qs", ""))
    ),
    (
        "equity supports holdem, omaha, omaha-hilo, stud, shortdeck, razz, shortdeck-trips, stud-hilo;"
        " not <game>"
    ): lambda: equity(["AsAd", "KcKd"], game="badugi"),
    "exact equity would play <n> runouts, more than the <limit> allowed; pass samples= for Monte Carlo …": (
        lambda: equity(["As Ad", "Kc Kd", "Qs Qd"], game="stud")
    ),
    "exact equity would take about <time> on one thread here (<work>), more than the <limit> s allowed;"
    " pass samples= for Monte Carlo …": lambda: equity(["22+,A2+,K2+"] * 3),
    "exact_limit must be a positive number of seconds, got <limit>": lambda: equity(
        ["AsAd", "KcKd"], exact_limit=0
    ),
    "exact_limit must be a number of seconds, got <type>": lambda: equity(["AsAd", "KcKd"], exact_limit="5"),  # type: ignore[arg-type]
    "exact equity would list up to <n> deals of the ranges, more than <limit> at once; pass samples= for"
    " Monte Carlo, …": lambda: equity(["22+,A2+,K2+"] * 3, board="2c3d4h5s6c"),
    "samples must be a positive int, got <n>": lambda: equity(["AsAd", "KcKd"], samples=0),
    "chunk folder <folder>: <file> has changed since it was saved; delete it (or use an empty folder) to"
    " compute it again": lambda: _chunk_folder("changed"),
    "chunk folder <folder>: <file> is not listed in its manifest.json, so nothing says what it was computed"
    " from; delete it …": lambda: _chunk_folder("unlisted"),
    "chunk folder <folder>: <file> was computed from other inputs (another version of pokereval, or other"
    " arguments); delete it …": lambda: _chunk_folder("inputs"),
    "chunk folder <folder>: manifest.json is not a pokereval chunk record": lambda: _chunk_folder("record"),
    "the <tables or chunks> cannot be written to <folder>: <reason>": lambda: build_module.check_folder(
        __file__, "the tables"
    ),
    "no chunks to run: the work is empty": lambda: build_module.run_chunks([]),
    "rows must be 1..2147483648, got <n>": lambda: build_module.hu_chunks(np.zeros(2, np.uint32), rows=0),
    "<name> is empty: give at least one": lambda: _dask_grid_of_nothing(),
    "samples must be at most 1,000,000,000,000 (10**12), got <n>": lambda: equity(
        ["AsAd", "KcKd"], samples=2**62, seed=1
    ),
    "<where>: joker 'Jk' at position <n> plays only with wild='joker' or wild='bug'[ in <input>]": lambda: (
        equity(["AsKs", "Jk Qd"])
    ),
    "samples must be an int or None, got <type>": lambda: equity(["AsAd", "KcKd"], samples=1.5),  # type: ignore[arg-type]
    "seed must be in 0..2**64-1, got <n>": lambda: equity(["AsAd", "KcKd"], samples=10, seed=-1),
    "seed must be an int or None, got <type>": lambda: equity(["AsAd", "KcKd"], samples=10, seed="x"),  # type: ignore[arg-type]
    "hands must be a list of hands, such as ['AsAd', 'KhKc']": lambda: equity("AsAd KcKd"),
    "hand <i> <text> is neither cards (<card error>) nor a range (<range error>)": lambda: equity(
        ["AsAd", "Kx"]
    ),
    "hand <i> (<range>) has no combo left without the cards dealt elsewhere": lambda: equity(
        ["AsAd", "AA"], board="Ac Ah 2c"
    ),
    "the ranges leave no deal without a card twice: …": lambda: equity(
        ["AA", "AA", "AA"], board="2c3c4c", samples=100, seed=1
    ),
    "the ranges leave almost no deal without a card twice; exact equity may still answer": lambda: equity(
        ["AsKs, QdQc:1e-12", "AsQh, KsQh", "22"], board="2c3c4c", samples=1000, seed=1
    ),
    "the ranges' weights are too small to add up: …": lambda: equity(
        ["AsAh, AdKd:1e-170", "AsAd, AhKh:1e-170"], board="2c 7d 9h Tc"
    ),
    "a <game> Range cannot become a <game> one; read its text for that game: Range(str(r), game=<game>)": (
        lambda: Range(Range("A2s"), game="shortdeck")
    ),
    "the opponents' ranges' weights are too small to add up: …": lambda: pokereval.outs(
        "2c3c", "6c 7d 9h", vs=["AsAh, AdKd:1e-170", "AsAd, AhKh:1e-170"]
    ),
    "the ranges leave no deal (or, sampling, almost none) without a card twice: …": lambda: equity(
        ["AA", "AA", "AA"], game="shortdeck", board="6c7c8d", samples=100, seed=1
    ),
    "hand <i>: <a or an> <game> range cannot play <game>": (
        lambda: equity(["AsAdKcKd", Range("QQ+")], game="omaha"),
        lambda: equity(["QQ", Range("AsAdKcKd", game="omaha")]),
    ),
    "hand <i> has <n cards>; <game> deals <m> <hole or known> cards"
    "[ (each player's cards are one string: 'QsQd', not 'Qs', 'Qd')]": (
        lambda: equity(["As Ks Qs Js Ts 9s 8s 7s", "Qh Qd"], game="stud"),
        lambda: equity(["AsKs", "Qh", "Qd"], game="shortdeck"),
    ),
    "card <card> in <where> is not in the <game> deck (<deck>)": lambda: equity(
        ["AsKs", "5h5d"], game="shortdeck"
    ),
    "ranges are for <games>; not <game>": lambda: Range("AK", game="stud"),
    "bad range token <token>: <r> is not in the <game> deck": lambda: Range("55", game="shortdeck"),
    "…: <game> hands have <n> to <m> cards, got <k>": lambda: Range("AsKs", game="omaha"),
    "…: <game> ranges list whole hands with weights ('AsKsQdJd, AhAd2c3c:0.5'), not hold'em classes": (
        lambda: Range("QQ+", game="omaha")
    ),
    "progress must be a callable or None, got <type>": lambda: equity(["AsAd", "KcKd"], progress=1),  # type: ignore[arg-type]
    "bad range token <token>: unknown rank <r>": lambda: Range("ZZ"),
    "…: expected a hand such as 'QQ', 'AKs', 'AKo' or 'AhKh'": lambda: Range("AKQJ"),
    "…: <k> is not 's' (suited) or 'o' (offsuit)": lambda: Range("AKx"),
    "…: a pair is neither suited nor offsuit": lambda: Range("QQs"),
    "…: the same card twice": lambda: Range("AhAh"),
    "…: a span needs two pairs or the same first card and kind (such as 'A5s-A2s')": lambda: Range("A5s-K2s"),
    "bad range token <token>: weight <w> is not a number": lambda: Range("AKs:x"),
    "…: weight <w> is not in (0, 1]": lambda: Range("AKs:2"),
    "empty range token in <text>": lambda: Range("QQ,,AK"),
    "a range is given as text such as 'QQ+,AKs', got <type>": lambda: Range(5),  # type: ignore[arg-type]
    "<game> showdown needs a board of <n> cards, got <m>": lambda: showdown(
        ["2c 2d", "3c 3d"], "As Ks Qs Js"
    ),
    "<game> has no board, got <m> board cards; pass board=None": (
        lambda: showdown(["2c 2d 4d 5d 6d 7d 8d", "3c 3d 4c 5c 6c 7c 8c"], "As Ks", game="stud"),
        lambda: equity(["As Ad Kc", "Kh Qd Qs"], board="2c 3c", game="razz"),
    ),
    "<game> has a board of at most <n> cards, got <m>": (
        lambda: settle([None, None], HAND + " 2c", contributions=[1, 2], folded=[True, False]),
        lambda: equity(["AsKd", "QhQd"], board="6c 7c 8c 9c Tc Jc", game="shortdeck"),
    ),
    "not enough cards: <game> deals <n> more from the <k>-card deck,"
    " and <b> on the board, <d> dead and <known> known leave <live>": lambda: equity(
        ["As Ad Ah Ac Ks Kd Kh"] + ["random"] * 7, game="stud", samples=10
    ),
    "deuces wild plays the 52 cards without jokers, got deck=<n>": lambda: equity(
        ["AsKd", "QhQd"], wild="deuces", deck=53
    ),
    "deck must be 52, 53 or 54 cards, got <n>": lambda: equity(["AsKd", "QhQd"], wild="joker", deck=55),
    "deck must be an int (52, 53 or 54 cards), got <type>": lambda: equity(
        ["AsKd", "QhQd"],
        wild="joker",
        deck="53",  # type: ignore[arg-type]
    ),
    "deck= sets the jokers of a wild game; pass wild= too": lambda: equity(["AsKd", "QhQd"], deck=53),
    "seat <s>: <game> needs <n> cards per seat, got <m>": lambda: showdown(["2c 2d 3s", "3c 3d"], HAND),
    "duplicate card <card>: <where> and <where> both hold it": lambda: showdown(["2c 2d", "2c 3d"], HAND),
    "<where>: duplicate card <card>": lambda: showdown([[0, 1], [2, 3]], [51, 47, 43, 39, 51]),
    "<where>: card id <id> out of range 0..53 at position <n>": lambda: showdown(
        [[0, 1], [2, 60]], [51, 47, 43, 39, 35]
    ),
    "<where>: card <card> at position <n> is not in the <game> deck (…)": lambda: showdown(
        ["2c 2d", "3c 3d"], HAND, game="shortdeck"
    ),
    "<where>: joker 'Jk' at position <n> plays only with wild='joker' or wild='bug'": lambda: showdown(
        ["2c Jk", "3c 3d"], HAND
    ),
    "<where>: joker 'Jk' at position <n>: with wild='deuces' the deck has no jokers": lambda: settle(
        ["2c 2d", "3c 3d"], "Jk Ks Qs Js Ts", contributions=[1, 1], wild="deuces"
    ),
    "<where>: joker 'Jk' at position <n>: <game> has no wild cards": lambda: showdown(
        ["Jk 2d 4d 5d", "3c 3d 4c 5c"], HAND, game="omaha"
    ),
    "<where>: a third joker at position <n>: a deck has two": lambda: showdown(
        ["Jk 2d", "Jk 3d", "Jk 4d"], HAND, wild="joker"
    ),
    "showdown needs at least one seat": lambda: showdown([], HAND),
    "settle needs at least one seat": lambda: settle([], HAND, contributions=[]),
    "showdown takes at most 64 seats, got <n>": lambda: showdown([[1, 2]] * 65, HAND),
    "settle takes at most 64 seats, got <n>": lambda: settle([None] * 65, HAND, contributions=[0] * 65),
    "seat <s> is in the showdown but its hole cards are None": lambda: showdown([None, "3c 3d"], HAND),  # type: ignore[list-item]
    "holes must be a sequence of one seat's cards each, got <type>": lambda: showdown("2c2d", HAND),
    "contributions[<s>] is negative: <n>": lambda: settle(["2c 2d", "3c 3d"], HAND, contributions=[-1, 5]),
    "dead_money[<s>] is negative: <n>": lambda: settle(
        ["2c 2d", "3c 3d"], HAND, contributions=[1, 5], dead_money=[0, -1]
    ),
    "contributions[<s>] is <n>; settle takes at most 2**48 chips a seat": lambda: settle(
        ["2c 2d", "3c 3d"], HAND, contributions=[1, 2**49]
    ),
    "contributions[<s>] must be an int number of chips, got <type> <value>": lambda: settle(
        ["2c 2d", "3c 3d"], HAND, contributions=[1, True]
    ),
    "dead_money must be a sequence of one int per seat, got <type>": lambda: settle(
        ["2c 2d", "3c 3d"],
        HAND,
        contributions=[1, 1],
        dead_money=5,  # type: ignore[arg-type]
    ),
    "<n> holes for <m> contributions; give one entry per seat": lambda: settle(
        ["2c 2d", "3c 3d"], HAND, contributions=[1, 1, 1]
    ),
    "<name> must be a list or tuple, in order, got <type>": lambda: settle(
        ["2c 2d", "3c 3d"],
        HAND,
        contributions={0: 1, 1: 1},  # type: ignore[arg-type]
    ),
    "dead_money has <m> entries for <n> seats": lambda: settle(
        ["2c 2d", "3c 3d"], HAND, contributions=[1, 1], dead_money=[1, 1, 1]
    ),
    "<where>: joker 'Jk' at position <n> is the deal's second; a deck of 53 cards holds one"
    " (deck=54 holds two)": (
        # It said "a joker is not in this deck: 53 cards hold 1 joker(s)", naming no hand.
        lambda: equity(["Jk As", "Jk Ks"], wild="joker"),
        lambda: equity(["Jk As", "Kd Ks"], "Jk 2c 3d", wild="joker"),
    ),
    "<where>: joker 'Jk' at position <n>: a deck of 52 cards has no jokers": (
        lambda: equity(["Jk As", "Kd Ks"], wild="deuces"),
        lambda: equity(["As Ad", "Kd Ks"], dead="Jk", wild="joker", deck=52),
    ),
    "a pickled <game> Range holds <combo>: a combo is …": lambda: tampered_range({(51, 51): 1.0}, "holdem"),
    "a pickled <game> Range gives <combo> the weight <w>; a weight is a float in (0, 1]": lambda: (
        tampered_range({(51, 50): 5.0}, "holdem")
    ),
    "a pickled Range names no range game: <game>": lambda: tampered_range({(51, 50): 1.0}, "stud"),
    "a pickled Range holds no dict of combos: <combos>": lambda: tampered_range([((51, 50), 1.0)], "holdem"),
    "every seat that put chips in has folded; nobody is left to win the pot[ (<who>, still in, put "
    "nothing in: a seat wins only pots it put chips in)]": (
        lambda: settle([None, None], None, contributions=[1, 1], folded=[True, True]),
        lambda: settle(
            [None, None, "9c 9d"], "Js 2s 2d Jh 9s", contributions=[40, 10, 0], folded=[True, True, False]
        ),
    ),
    "folded has <n> entries for <m> seats": lambda: settle(
        ["2c 2d", "3c 3d"], HAND, contributions=[1, 5], folded=[True, False, False]
    ),
    "folded must be a sequence of one bool per seat, got <type>": lambda: settle(
        ["2c 2d", "3c 3d"],
        HAND,
        contributions=[1, 5],
        folded=5,  # type: ignore[arg-type]
    ),
    "unknown odd_chip <value>; …": lambda: settle(
        ["2c 2d", "3c 3d"], HAND, contributions=[1, 5], odd_chip="x"
    ),
    "odd_chip must list each of the <n> seats once, …": lambda: settle(
        ["2c 2d", "3c 3d"], HAND, contributions=[1, 5], odd_chip=[0]
    ),
    "odd_chip[<i>]: seat <s> out of range 0..<n-1>": lambda: settle(
        ["2c 2d", "3c 3d"], HAND, contributions=[1, 5], odd_chip=[0, 5]
    ),
    "odd_chip lists seat <s> twice": lambda: settle(
        ["2c 2d", "3c 3d"], HAND, contributions=[1, 5], odd_chip=[0, 0]
    ),
    "odd_chip[<i>] must be a seat number, got <type> <value>": lambda: settle(
        ["2c 2d", "3c 3d"], HAND, contributions=[1, 5], odd_chip=[0, True]
    ),
    "odd_chip must be 'left-of-button' or a list of seats, got <type>": lambda: settle(
        ["2c 2d", "3c 3d"],
        HAND,
        contributions=[1, 5],
        odd_chip=5,  # type: ignore[arg-type]
    ),
}


def documented_messages() -> list[tuple[str, str]]:
    """(exception name, message pattern) of every row of the tables in docs/errors.md."""
    rows = []
    for line in ERRORS_MD.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not line.startswith("|") or cells[0] not in ("ValueError", "TypeError"):
            continue
        # Several patterns share a row after " / ", each may say its own exception first.
        kind = cells[0]
        for part in cells[1].split(" / "):
            named = re.match(r"(ValueError|TypeError) ", part)
            pattern = re.search(r"`([^`]+)`", part)
            if pattern:
                rows.append((named.group(1) if named else kind, pattern.group(1)))
    return rows


def pattern_regex(pattern: str) -> str:
    """<placeholder> stands for any text, … for the rest, [ ...] for an optional part."""
    regex = ""
    for piece in re.split(r"(<[^<>]+>|…|\[ |\])", pattern):
        if piece.startswith("<") and piece.endswith(">"):
            regex += ".+?"
        elif piece == "…":
            regex += ".*"
        elif piece == "[ ":
            regex += "(?: "
        elif piece == "]" and "(?: " in regex and regex.count("(?: ") > regex.count(")?"):
            regex += ")?"
        else:
            regex += re.escape(piece)
    return regex


@pytest.mark.skipif(not ERRORS_MD.exists(), reason="needs the source tree")
def test_every_documented_message_is_the_one_raised() -> None:
    rows = documented_messages()
    assert len(rows) > 60
    for kind, pattern in rows:
        assert pattern in TRIGGERS, f"docs/errors.md: no call here raises {pattern!r}"
        triggers = TRIGGERS[pattern]
        # A row whose pattern has an optional part, or that several calls raise, has a call
        # for each form.
        for trigger in triggers if isinstance(triggers, tuple) else (triggers,):
            with pytest.raises((ValueError, TypeError)) as info:
                trigger()
            assert type(info.value).__name__ == kind, (
                f"{pattern!r}: {type(info.value).__name__}: {info.value}"
            )
            assert re.fullmatch(pattern_regex(pattern), str(info.value), re.S), (
                f"docs/errors.md says {pattern!r}; the code says {str(info.value)!r}"
            )
    assert not set(TRIGGERS) - {pattern for _, pattern in rows}, "a trigger for a message the docs dropped"


# ---- a joker where no wild cards play: every entry names it, in the same words ---------------

JOKER_WORDS = "joker 'Jk' at position {n} plays only with wild='joker' or wild='bug'"


def _street_equity(*args: Any, **kwargs: Any) -> Any:
    from pokereval.plot import street_equity

    return street_equity(*args, **kwargs)


def _equity_grid(*args: Any, **kwargs: Any) -> Any:
    from pokereval.plot import equity_grid

    return equity_grid(*args, **kwargs)


@pytest.mark.parametrize(
    ("call", "prefix", "position"),
    [
        (lambda: pokereval.preflop_equity("AsKs", "Jk Qd"), "the second hand: ", 1),
        (lambda: pokereval.class_equity("Jk As", "QQ"), "", 1),
        (lambda: pokereval.class_equity("AKs", "Kd Jk"), "", 2),
        (lambda: pokereval.starting_hand_rank("Jk As"), "", 1),
        (lambda: equity(["AsKs", "Jk Qd"]), "hand 2: ", 1),
        (lambda: equity(["AsKs", "QdQc"], dead="Jk"), "the dead cards: ", 1),
        (lambda: equity(["AsKs", "random"], dead="2c Jk"), "the dead cards: ", 2),
        (lambda: equity(["AsKs", "QdQc"], board="2c Jk 3c"), "the board: ", 2),
        (lambda: equity(["As Ks", "Jk Qd"], game="shortdeck"), "hand 2: ", 1),
        (lambda: equity(["As Ks Qd", "Jk Qh"], game="stud-hilo"), "hand 2: ", 1),
        (lambda: equity(["AsKsQdJd", "random"], board="Jk 2c 3c", game="omaha"), "the board: ", 1),
        (lambda: pokereval.outs("AhKh", "2h 7h 9c", vs=["QQ+", "Jk Qd"]), "opponent 2: ", 1),
        (lambda: pokereval.outs("AhKh", "2h 7h Jk"), "board: ", 3),
        (lambda: pokereval.draws("Jk Kh", "2h 7h 9c"), "hole cards: ", 1),
        (lambda: pokereval.odds("AhKh", "2h 7h 9c", dead="Jk"), "dead cards: ", 1),
        (lambda: pokereval.hand_strength("AhKh", "2h 7h Jk"), "board: ", 3),
        (lambda: _street_equity("AhKh", "QQ", "2h 7h Jk"), "the board: ", 3),
        (lambda: _equity_grid("QQ+", board="Jk 2c 3c", samples=10), "the board: ", 1),
    ],
)
def test_a_joker_without_wild_cards_is_named_on_every_entry(
    call: Callable[[], Any], prefix: str, position: int
) -> None:
    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value).startswith(prefix + JOKER_WORDS.format(n=position)), str(info.value)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: evaluate("As Ks", "Qs Jk Js"),
            "joker 'Jk' at board position 2 plays only with wild='joker' or wild='bug'",
        ),
        (
            lambda: evaluate("As Ks", "Qs Jk Js", game="razz"),
            "joker 'Jk' at board position 2: razz has no wild cards",
        ),
        (
            lambda: evaluate("As Ks", "Qs Jk Js", wild="deuces"),
            "joker 'Jk' at board position 2: with wild='deuces' the deck has no jokers",
        ),
        (
            lambda: evaluate("Jk Jk As", "Qs Js Jk", wild="joker"),
            "a third joker at board position 3: a deck has two",
        ),
        (
            lambda: evaluate("As Ks", "Qs Js As", wild="joker"),
            "duplicate card 'As' at hand position 1 and board position 3",
        ),
        (lambda: evaluate("As Ks Qs Jk As", wild="joker"), "duplicate card 'As' at positions 1 and 5"),
        (
            lambda: evaluate("Jk Kd", "2c 3d 4s"),
            "joker 'Jk' at hand position 1 plays only with wild='joker' or wild='bug'",
        ),
        (
            lambda: evaluate([52, 47], [0, 5, 10]),
            "joker 'Jk' at hand position 1 plays only with wild='joker' or wild='bug'",
        ),
        (lambda: evaluate([60, 47], [0, 5, 10]), "card id 60 out of range 0..53 at hand position 1"),
        (lambda: evaluate([51, 47], [0, 60, 10]), "card id 60 out of range 0..53 at board position 2"),
        (
            lambda: compare("AhKd", "QsQd", "Qs 2c 3d 4s 5h", wild="joker"),
            "the second hand: duplicate card 'Qs' at hand position 1 and board position 1",
        ),
    ],
)
def test_a_board_given_apart_counts_its_own_positions(call: Callable[[], Any], message: str) -> None:
    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value) == message


def test_a_third_joker_in_equity_is_the_third_joker_sentence() -> None:
    with pytest.raises(ValueError, match=r"^hand 2: a third joker at position 1: a deck has two$"):
        equity(["Jk Jk", "Jk Ad"], "Kd 2s 7h", wild="joker", deck=54)


def test_hand_rank_cards_are_checked_by_the_core_and_named() -> None:
    with pytest.raises(ValueError, match=r"^holdem needs 5 to 7 cards, got 2$"):
        HandRank(5, "holdem", b"\x00\x01")
    with pytest.raises(ValueError, match=r"^duplicate card 'As' at positions 1 and 2$"):
        HandRank(5, "holdem", bytes([51, 51, 45, 41, 37]))
    with pytest.raises(ValueError, match=r"^omaha needs 4 to 6 hole cards and a board of 3 to 5"):
        HandRank(5, "omaha", "As Kd Qd Jd 2c 3c", hole=2)
    for rank in (HandRank(7475, wild="joker"), HandRank(7462)):
        with pytest.raises(ValueError, match=r"^this rank was made without its cards; pass cards to"):
            rank.describe()
        with pytest.raises(ValueError, match=r"^this rank was made without its cards"):
            rank.best_five  # noqa: B018
    assert HandRank(7475, "holdem", "Jk As Ah Ad Ac", wild="joker").describe() == "Five of a kind, aces"


def test_a_hand_rank_formats_as_its_value() -> None:
    rank = evaluate("As Ks Qs Js Ts")
    assert format(rank, "d") == "7462" and f"{rank:>8}" == "    7462" and f"{rank:,}" == "7,462"
    assert f"{rank}" == str(rank) and f"{rank:x}" == "1d26"


def test_a_hand_split_into_single_cards_is_worded_as_such() -> None:
    # vs=["Qs", "Qd"] for one opponent holding QsQd read as two one-card opponents: "1 cards"
    # and nothing on how to give them, before.
    from pokereval import outs

    for call in (
        lambda: equity(["AsAd", "Kc", "Kd"]),
        lambda: equity(["AsKs", "Qh", "Qd"], game="shortdeck"),
        lambda: outs("AsKs", board="2s7h9s", vs=["Qs", "Qd"]),
    ):
        with pytest.raises(ValueError) as info:
            call()
        assert " has 1 card; " in str(info.value)
        assert str(info.value).endswith("(each player's cards are one string: 'QsQd', not 'Qs', 'Qd')")
    with pytest.raises(ValueError, match=r"hand 1 has 3 cards; this game deals 2 hole cards$"):
        equity(["AsAdKc", "QsQc"])
