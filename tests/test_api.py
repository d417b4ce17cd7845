"""The public API's shapes: inputs it takes, what it returns, the CLI."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import pokereval as pe


def test_evaluate_accepts_every_card_form() -> None:
    expected = int(pe.evaluate("As Ks Qs Js Ts"))  # type: ignore[arg-type]
    forms = [
        "AsKsQsJsTs",
        "As,Ks,Qs,Js,10s",
        "a♠ k♠ q♠ j♠ 10♠",
        "Т♠ К♠ Д♠ В♠ 10♠",
        [51, 47, 43, 39, 35],
        [pe.Card(i) for i in (51, 47, 43, 39, 35)],
        ("As", "Ks", "Qs", "Js", "Ts"),
    ]
    for form in forms:
        assert int(pe.evaluate(form)) == expected, form  # type: ignore[arg-type]
    assert int(pe.evaluate("А♦ К♦ Д♦ В♦ 10♦")) == expected  # type: ignore[arg-type]


def test_batch_shapes_and_dtypes() -> None:
    rows = np.array([[51, 47, 43, 39, 35, 0, 1], [0, 4, 8, 12, 17, 21, 25]], dtype=np.uint8)
    want = [int(pe.evaluate(list(r))) for r in rows]  # type: ignore[arg-type]
    assert pe.evaluate_batch(rows).tolist() == want
    assert pe.evaluate_batch(rows.astype(np.int64)).tolist() == want
    assert pe.evaluate_batch(np.asfortranarray(rows)).tolist() == want
    wide = np.zeros((2, 14), dtype=np.uint8)
    wide[:, ::2] = rows
    assert pe.evaluate_batch(wide[:, ::2]).tolist() == want  # non-contiguous view
    empty = pe.evaluate_batch(np.zeros((0, 7), dtype=np.uint8))
    assert empty.shape == (0,) and empty.dtype == np.uint16


def test_batch_threads_match_one_thread() -> None:
    rng = np.random.default_rng(7)
    rows = np.argsort(rng.random((50000, 52)), axis=1)[:, :7].astype(np.uint8)
    one = pe.evaluate_batch(rows)
    assert np.array_equal(pe.evaluate_batch(rows, threads=2), one)
    assert np.array_equal(pe.evaluate_batch(rows, threads=3), one)


@pytest.mark.parametrize(
    ("rows", "exc", "message"),
    [
        (np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 60]], dtype=np.uint8), ValueError, "row 1: card id 60"),
        (np.array([[0, 1, 2, 3, 4], [5, 6, 7, 5, 9]], dtype=np.uint8),
         ValueError, "row 1: duplicate card '3d'"),
        (np.array([[0, 1, 2, 3, -1]]), ValueError, "row 0: card id -1 out of range"),
        (np.zeros((2, 4), dtype=np.uint8), ValueError, "holdem needs 5 to 7 cards, got 4"),
        (np.zeros((2, 5), dtype=np.float64), TypeError, "integer array"),
        (np.zeros(5, dtype=np.uint8), ValueError, r"shape \(N, k\)"),
    ],
)
def test_batch_errors_name_the_row(rows: np.ndarray, exc: type, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(exc, match=message):
        pe.evaluate_batch(rows)


@pytest.mark.parametrize(
    ("cards", "board", "message"),
    [
        ("As Kd", "Qh", "holdem needs 5 to 7 cards, got 3"),
        ("As Kd", "Qh Jh Th 9h 8h 7h", "got 8"),
        ("As Kd", "As Jh Th", "duplicate card 'As'"),
        ("As Xd", "Qh Jh Th", "bad card 'Xd'"),
    ],
)
def test_evaluate_errors(cards: str, board: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        pe.evaluate(cards, board)


def test_unknown_game_is_named() -> None:
    with pytest.raises(ValueError, match="unknown game 'snap'"):
        pe.evaluate("As Ks Qs Js Ts", game="snap")


def test_cli_best_prints_category_cards_and_words() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pokereval", "best", "A♣ 2♣", "--board", "K♠ K♥ Q♦ Q♣ J♠"],
        capture_output=True, text=True, check=True,
    )
    assert "two pair" in done.stdout
    assert "Ks Kh Qd Qc Ac" in done.stdout
    assert "Two pair, kings and queens, ace kicker" in done.stdout


def test_cli_reports_bad_input_without_a_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pokereval", "best", "As Zz", "--board", "Kd Qd Jd"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 2
    assert "bad card 'Zz'" in done.stderr and "Traceback" not in done.stderr
