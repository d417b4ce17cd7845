"""Arrays whose values a plain check does not see: masked entries, rows that are arrays, ids off
the deck in a class lookup.  Each was a wrong answer or an unworded numpy error before."""

from __future__ import annotations

import numpy as np
import pytest

import pokereval as pe
from pokereval import classes
from pokereval.engine import Tables

_BOARD = "2c7d9hJs3s"


def test_evaluate_batch_refuses_a_masked_card() -> None:
    """Before: the masked id 291 skipped the range check (numpy's any() skips masked
    entries) and the cast to uint8 made it 35 (Ts): a royal flush, 7462."""
    rows = np.ma.masked_array(
        np.array([[51, 47, 43, 39, 35], [51, 47, 43, 39, 256 + 35]]),
        mask=[[False] * 5, [False] * 4 + [True]],
    )
    with pytest.raises(ValueError, match=r"^row 1: the card at position 5 is masked"):
        pe.evaluate_batch(rows)


def test_evaluate_batch_reads_a_masked_array_without_masked_entries() -> None:
    rows = np.ma.masked_array(np.array([[51, 47, 43, 39, 35]], dtype=np.int64), mask=False)
    assert pe.evaluate_batch(rows).tolist() == [7462]


def test_tables_step_refuses_a_masked_action() -> None:
    """Before: the masked 257 passed the check of 0..255 and played as 1 (a call)."""
    tables = Tables(2, stacks=[50, 50], seed=0)
    actions = np.ma.masked_array(np.array([1, 257]), mask=[False, True])
    with pytest.raises(ValueError, match=r"^actions: table 1 is masked"):
        tables.step(actions)
    assert tables.step(np.ma.masked_array(np.array([1, 1]), mask=False))[0]["pot"].tolist() == [4, 4]


def test_combo_equity_refuses_a_masked_weight() -> None:
    """Before: the masked weight was read as a weight (here 5.0 on AsAh)."""
    values = np.zeros(1326)
    values[pe.combo_index("KsKd")] = 1.0
    values[0] = 5.0
    hidden = np.zeros(1326, dtype=bool)
    hidden[0] = True
    weights = np.ma.masked_array(values, mask=hidden)
    with pytest.raises(ValueError, match=r"^range: the weight of combo AsAh is masked"):
        pe.combo_equity(weights, "QQ", _BOARD)


@pytest.mark.parametrize(
    ("contributions", "odd_chip", "words"),
    [
        (np.array([[100], [100]]), [0, 1], r"^contributions\[0\] must be an int number of chips, got ndarr"),
        (
            np.ma.masked_array([100, 100], mask=[False, True]),
            [0, 1],
            r"^contributions\[1\] must be an int number of chips, got MaskedConstant",
        ),
        ([100, 100], np.array([[0], [1]]), r"^odd_chip\[0\] must be a seat number, got ndarray"),
    ],
)
def test_settle_names_an_entry_that_is_no_int(contributions: object, odd_chip: object, words: str) -> None:
    """Before: numpy's "only integer scalar arrays can be converted to a scalar index"."""
    with pytest.raises(TypeError, match=words):
        pe.settle(["As Ad", "Kh Kc"], _BOARD, contributions=contributions, odd_chip=odd_chip)  # type: ignore[arg-type]


def test_icm_refuses_a_memoryview_of_two_dimensions() -> None:
    """Before: NotImplementedError, multi-dimensional sub-views are not implemented."""
    stacks = memoryview(bytes(np.array([[5000.0, 3000.0, 2000.0]]))).cast("d", (1, 3))
    with pytest.raises(TypeError, match=r"^stacks must be a list of numbers \(a 1-d array\), got a 2-d"):
        pe.icm(stacks, [50, 30, 20])


@pytest.mark.parametrize(
    ("high", "low", "error", "words"),
    [
        (53, 1, ValueError, r"^class_of_ids: high is card id 53, out of range 0\.\.51$"),
        (np.array([51, 255]), 0, ValueError, r"^class_of_ids: high\[1\] is card id 255, out of range"),
        (51, -1, ValueError, r"^class_of_ids: low is card id -1, out of range"),
        (51.9, 47, TypeError, r"^class_of_ids: high must be card ids \(ints 0\.\.51\), got dtype float64$"),
        (True, False, TypeError, r"^class_of_ids: high must be card ids .* got dtype bool$"),
    ],
)
def test_class_of_ids_refuses_what_is_no_card_id(
    high: object, low: object, error: type[Exception], words: str
) -> None:
    """Before: (53, 1) was -1, which HAND_CLASSES reads as '22'; 51.9 was cut to 51."""
    with pytest.raises(error, match=words):
        classes.class_of_ids(high, low)


def test_class_of_ids_still_reads_every_pair_of_ids() -> None:
    a, b = np.divmod(np.arange(52 * 52), 52)
    found = classes.class_of_ids(np.maximum(a, b), np.minimum(a, b))
    assert found.min() == 0 and found.max() == 168
    assert int(classes.class_of_ids(np.uint8(51), np.uint8(47))) == 1


def test_an_out_array_at_an_odd_address_is_refused() -> None:
    """C stores uint16_t into out=: a view at an odd byte of a buffer (writeable, C-contiguous,
    not aligned) was written, undefined behaviour (UBSan: store to misaligned address)."""
    odd = np.frombuffer(bytearray(3), np.uint8)[1:].view(np.uint16)
    assert not odd.flags.aligned
    with pytest.raises(ValueError, match=r"^out must be aligned \(a uint16 array at an even address\)"):
        pe.evaluate_batch(np.array([[51, 47, 43, 39, 35]], np.uint8), out=odd)
    with pytest.raises(ValueError, match=r"^out\[1\] must be aligned"):
        rows = np.array([[51, 47, 43, 39, 1, 2, 3, 4, 5]], np.uint8)
        pe.evaluate_batch(rows, game="omaha-hilo", out=(np.zeros(1, np.uint16), odd))
