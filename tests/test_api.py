"""The public API's shapes: inputs it takes, what it returns, the CLI."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pokereval as pe
from pokereval import api


def test_evaluate_accepts_every_card_form() -> None:
    expected = int(pe.evaluate("As Ks Qs Js Ts"))
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
    assert int(pe.evaluate("А♦ К♦ Д♦ В♦ 10♦")) == expected


def test_batch_shapes_and_dtypes() -> None:
    rows = np.array([[51, 47, 43, 39, 35, 0, 1], [0, 4, 8, 12, 17, 21, 25]], dtype=np.uint8)
    want = [int(pe.evaluate(list(r))) for r in rows]
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


def test_batch_threads_share_chunks_and_name_the_first_bad_row() -> None:
    """Threads take the rows in chunks from one queue: a thread the host slows takes fewer
    (halves left the other thread idle), and the row named is the first bad one whichever
    thread met it and whatever came later."""
    ran: list[tuple[int, bool]] = []
    main = threading.main_thread()

    def run(start: int, stop: int) -> tuple[int, int]:
        on_main = threading.current_thread() is main
        ran.append((start, on_main))
        if not on_main:
            time.sleep(0.05)  # the slowed thread
        return 0, 0

    n = 16 * 4096
    result = api._run_rows(run, n, 2)
    assert [start for start, _, _ in result] == list(range(0, n, 4096))
    assert sum(on_main for _, on_main in ran) > 12  # halves gave the slowed thread 8 of 16
    rng = np.random.default_rng(3)
    rows = np.argsort(rng.random((200_000, 52)), axis=1)[:, :7].astype(np.uint8)
    for bad in ([150_000, 30_000, 199_999], [5], [199_999], [12_500, 12_501]):
        spoiled = rows.copy()
        spoiled[bad, 3] = spoiled[bad, 2]
        for threads in (2, 3):
            with pytest.raises(ValueError, match=rf"^row {min(bad)}: duplicate card"):
                pe.evaluate_batch(spoiled, threads=threads)
            out = np.zeros(len(rows), np.uint16)
            with pytest.raises(ValueError, match=rf"^row {min(bad)}: duplicate card"):
                pe.evaluate_batch(spoiled, threads=threads, out=out)
            size = max(api._MIN_ROWS, -(-len(rows) // (api._CHUNKS_A_THREAD * threads)))
            first = min(bad) // size * size  # where the refused row's chunk starts: all before it ran
            assert np.array_equal(out[:first], pe.evaluate_batch(rows[:first]))


def test_batch_writes_into_the_array_given() -> None:
    """out=: the values land in the caller's array, which comes back, the same values as a
    new array holds, for every game's shape of result, threads and wild cards included."""
    rng = np.random.default_rng(11)
    rows = np.argsort(rng.random((30000, 52)), axis=1)[:, :7].astype(np.uint8)
    out = np.full(len(rows), 0xFFFF, dtype=np.uint16)
    for threads in (1, 2):
        out[:] = 0xFFFF
        assert pe.evaluate_batch(rows, threads=threads, out=out) is out
        assert np.array_equal(out, pe.evaluate_batch(rows))
    jokers = rows[:100].copy()
    jokers[:, 0] = 52
    wild = np.zeros(100, dtype=np.uint16)
    assert pe.evaluate_batch(jokers, wild="joker", out=wild) is wild
    assert np.array_equal(wild, pe.evaluate_batch(jokers, wild="joker"))
    omaha = np.argsort(rng.random((500, 52)), axis=1)[:, :9].astype(np.uint8)
    pair = (np.zeros(500, dtype=np.uint16), np.zeros(500, dtype=np.uint16))
    got = pe.evaluate_batch(omaha, game="omaha-hilo", out=pair)
    want = pe.evaluate_batch(omaha, game="omaha-hilo")
    assert got[0] is pair[0] and got[1] is pair[1]
    assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1]) and want[1].any()
    # A bad row raises its error as without out= (the rows before it may be written); one
    # refused before the core (an id no uint8 holds) leaves out alone, whatever its length.
    bad = rows[:3].copy()
    bad[2, 6] = bad[2, 0]
    with pytest.raises(ValueError, match="row 2: duplicate card"):
        pe.evaluate_batch(bad, out=np.zeros(3, dtype=np.uint16))
    negative = rows[:3].astype(np.int64)
    negative[1, 3] = -1
    for length in (3, 5):
        kept = np.full(length, 7, dtype=np.uint16)
        with pytest.raises(ValueError, match="row 1: card id -1 out of range"):
            pe.evaluate_batch(negative, out=kept)
        assert (kept == 7).all()


def test_batch_out_is_checked_before_any_work() -> None:
    rows = np.array([[51, 47, 43, 39, 35, 0, 1], [0, 4, 8, 12, 17, 21, 25]], dtype=np.uint8)
    shared = np.zeros(8, dtype=np.uint16)
    overlapping = shared.view(np.uint8)[:14].reshape(2, 7)
    cases: list[tuple[object, type, str]] = [
        ([0, 0], TypeError, "out must be a numpy array of uint16, got list"),
        (np.zeros(2, dtype=np.int32), TypeError, "out must have dtype uint16, got int32"),
        (np.zeros(2, dtype=">u2"), TypeError, "out must have dtype uint16"),
        (
            np.zeros(3, dtype=np.uint16),
            ValueError,
            r"out must have shape \(2,\), one value a row, got shape \(3,\)",
        ),
        (np.zeros((2, 1), dtype=np.uint16), ValueError, r"got shape \(2, 1\)"),
        (np.zeros(4, dtype=np.uint16)[::2], ValueError, "out must be C-contiguous"),
        (np.zeros(2, dtype=np.uint16), ValueError, "read-only"),
        ((np.zeros(2, dtype=np.uint16), np.zeros(2, dtype=np.uint16)), TypeError, "got tuple"),
    ]
    cases[6][0].flags.writeable = False  # type: ignore[attr-defined]
    for out, exc, message in cases:
        with pytest.raises(exc, match=message):
            pe.evaluate_batch(rows, out=out)  # type: ignore[call-overload]
    with pytest.raises(ValueError, match="out shares memory with ids"):
        pe.evaluate_batch(overlapping, out=shared[4:6])
    # ids that are no ndarray but read in place (a memoryview, an object with __array__): the
    # rows read from them are held to the same rule (once accepted, and row 8 came out wrong).
    src = np.array([np.random.default_rng(1).permutation(52)[:7] for _ in range(14)], dtype=np.uint8)

    class Wrapped:
        def __init__(self, a: np.ndarray) -> None:
            self.a = a

        def __array__(self, dtype: object = None, copy: object = None) -> np.ndarray:
            return self.a

    big = np.zeros(100, dtype=np.int64)  # rows that are read as a copy (int64 to uint8)
    big[:98] = src.reshape(-1)
    with pytest.raises(ValueError, match="out shares memory with ids"):  # an ndarray, and a view
        pe.evaluate_batch(big[:98].reshape(14, 7), out=big.view(np.uint16)[:14])
    with pytest.raises(ValueError, match="out shares memory with ids"):
        pe.evaluate_batch(Wrapped(big[:98].reshape(14, 7)), out=big.view(np.uint16)[:14])
    for wrap in ("memoryview", "__array__"):
        buf = np.zeros(200, dtype=np.uint8)
        ids = buf[:98].reshape(14, 7)
        ids[:] = src
        given: Any = ids.data if wrap == "memoryview" else Wrapped(ids)
        with pytest.raises(ValueError, match="out shares memory with ids"):
            pe.evaluate_batch(given, out=buf[42:70].view(np.uint16))
        assert (ids == src).all()
    omaha = np.arange(18, dtype=np.uint8).reshape(2, 9)
    one = np.zeros(2, dtype=np.uint16)
    with pytest.raises(TypeError, match=r"out must be a pair of arrays \(high, low\) for omaha-hilo"):
        pe.evaluate_batch(omaha, game="omaha-hilo", out=one)
    with pytest.raises(ValueError, match=r"out\[0\] and out\[1\] share memory"):
        pe.evaluate_batch(omaha, game="omaha-hilo", out=(one, one))
    with pytest.raises(TypeError, match=r"out\[1\] must have dtype uint16"):
        pe.evaluate_batch(omaha, game="omaha-hilo", out=(one, np.zeros(2)))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rows", "exc", "message"),
    [
        (np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 60]], dtype=np.uint8), ValueError, "row 1: card id 60"),
        (
            np.array([[0, 1, 2, 3, 4], [5, 6, 7, 5, 9]], dtype=np.uint8),
            ValueError,
            "row 1: duplicate card '3d'",
        ),
        (np.array([[0, 1, 2, 3, -1]]), ValueError, "row 0: card id -1 out of range"),
        (np.zeros((2, 4), dtype=np.uint8), ValueError, "holdem needs 5 to 7 cards, got 4"),
        (np.zeros((2, 5), dtype=np.float64), TypeError, "integer array"),
        (np.zeros(5, dtype=np.uint8), ValueError, r"shape \(N, k\)"),
    ],
)
def test_batch_errors_name_the_row(rows: np.ndarray, exc: type, message: str) -> None:
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


# ---- HandRank behaves as its value -------------------------------------------------------


def test_hand_rank_compares_and_hashes_as_its_value() -> None:
    rank = pe.evaluate("As Ks Qs Js Ts")
    assert rank == 7462 and 7462 == rank and rank != 7461
    assert rank > 7000 and rank >= 7462 and rank <= 7462 and not rank < 7462
    assert 7000 < rank and 7462.0 == rank and rank > 7461.5
    assert hash(rank) == hash(7462) and {7462: "royal"}[rank] == "royal"  # type: ignore[index]
    assert rank in {7462} and int(rank) == 7462 and float(rank) == 7462.0
    assert list(range(7463))[rank] == 7462  # __index__
    assert sorted([rank, 5, 8000]) == [5, rank, 8000]  # type: ignore[type-var]
    assert np.int64(7462) == rank
    assert rank == pe.evaluate([51, 47, 43, 39, 35])  # the same hand by another path
    assert rank.value == 7462 and rank.game == "holdem" and rank.low is None and not rank.is_low


def test_hand_ranks_of_different_games_do_not_compare() -> None:
    holdem = pe.evaluate("As Ks Qs Js Ts")
    razz = pe.evaluate("5s 4d 3h 2c As", game="razz")
    with pytest.raises(TypeError, match="cannot compare a holdem rank with a razz rank"):
        _ = holdem < razz
    with pytest.raises(TypeError, match="cannot compare a razz rank with a holdem rank"):
        _ = razz >= holdem
    assert holdem != razz and not holdem == razz  # no common scale: never equal
    high = pe.evaluate("As 2s Kd Qd", "3c 4h 5c Jd 9s", game="omaha-hilo")
    assert high.low is not None
    with pytest.raises(TypeError, match="omaha-hilo rank with a omaha-hilo low rank"):
        _ = high > high.low


def test_hand_rank_is_not_tracked_by_the_garbage_collector() -> None:
    import gc

    for rank in (
        pe.evaluate([51, 47, 43, 39, 35, 0, 1]),
        pe.evaluate([pe.Card(c) for c in (51, 47, 43, 39, 35)]),
        pe.evaluate("As Ks Qs Js Ts"),
        pe.evaluate("As 2s Kd Qd", "3c 4h 5c Jd 9s", game="omaha-hilo"),
        pe.HandRank(7462, "holdem", "As Ks Qs Js Ts"),
    ):
        assert not gc.is_tracked(rank), rank
        assert len(rank.best_five) == 5  # a cache filled in place, no object kept
        assert not gc.is_tracked(rank)
    assert not gc.is_tracked(pe.evaluate("As 2s Kd Qd", "3c 4h 5c Jd 9s", game="omaha-hilo").low)
    with pytest.raises(TypeError):  # a subclass made by a class statement would be tracked

        class Sub(pe.HandRank):
            pass


def test_hand_rank_is_immutable_and_pickles() -> None:
    import copy
    import pickle

    rank = pe.evaluate("As 2s Kd Qd", "3c 4h 5c Jd 9s", game="omaha-hilo")
    with pytest.raises(AttributeError):
        rank.value = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        rank.extra = 1  # type: ignore[attr-defined]
    again = pickle.loads(pickle.dumps(rank))
    assert again == rank and again.game == rank.game and again.low == rank.low
    assert again.best_five == rank.best_five and again.low.best_five == rank.low.best_five
    assert copy.copy(rank) is rank and copy.deepcopy(rank) is rank


def test_evaluate_returns_one_hand_rank_in_every_game() -> None:
    high = pe.evaluate("As 2s Kd Qd", "3c 4h 5c Jd 9s", game="omaha-hilo")
    assert type(high) is pe.HandRank and high.describe() == "Straight, five-high"
    low = high.low
    assert type(low) is pe.HandRank and low.is_low and low == 56 and low.low is None
    assert low.describe() == "5-4-3-2-A low" and low.category is None
    assert pe.evaluate("As Ks Qd Jd", "3c 4h Tc Jh 9s", game="omaha-hilo").low is None
    for game, cards, board in [
        ("holdem", "AsKs", "QsJsTs"),
        ("razz", "As2s3s4s5s", None),
        ("omaha", "AsKsQdJd", "2c3c4c"),
        ("badugi", "As2d3h4c", None),
    ]:
        rank = pe.evaluate(cards, board, game=game)
        assert type(rank) is pe.HandRank and rank.low is None and rank.game == game


def test_hand_rank_constructor_checks_its_input() -> None:
    assert pe.HandRank(7462).category == pe.Category.ROYAL_FLUSH
    assert pe.HandRank(7462, "holdem", "As Ks Qs Js Ts").describe() == "Royal flush"
    for value, kind in (
        (70000, ValueError),
        (0, ValueError),
        (-1, ValueError),
        (2**70, ValueError),
        (True, TypeError),
        (7462.0, TypeError),
    ):
        with pytest.raises(kind, match="value"):
            pe.HandRank(value)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="low"):
        pe.HandRank(100, "holdem", low=3)
    with pytest.raises(ValueError, match=r"omaha-hilo low scale 1\.\.56"):
        pe.HandRank(57, "omaha-hilo", is_low=True)
    with pytest.raises(ValueError, match="without its cards"):
        _ = pe.HandRank(7462).best_five


MYPY_SNIPPET = """
from pokereval import Category, HandRank, evaluate

rank: HandRank = evaluate("As Ks Qs Js Ts")
category: Category | None = evaluate("As Ad Kh Kc 2d 7s 9c").category
low: HandRank | None = evaluate("As 2s Kd Qd", "3c 4h 5c Jd 9s", game="omaha-hilo").low
stronger: bool = evaluate([51, 47, 43, 39, 35]) > 7000
same: bool = rank == 7462
value: int = int(rank) + rank.value

import numpy as np
from pokereval import evaluate_batch, compare

rows = np.zeros((1, 7), dtype=np.uint8)
highs: np.ndarray = evaluate_batch(rows)            # one array
maxima: int = int(evaluate_batch(rows, game="stud").max())
hi_values, lo_values = evaluate_batch(rows, game="stud-hilo")  # a pair: (high, low)
first: int = int(hi_values.max()) + int(lo_values.max())
winner: int = compare("Jk Kd", "As Ad", board="Ks Kc Kh 7d 2s", wild="joker")

from pokereval import settle
paid = settle(["As Ad", "Kh Kd"], "2c 7d 9h Js 3s", contributions=[10, 10])
assert paid == (20, 0)   # an equality with a tuple must not narrow a Settlement to a tuple
pots = paid.pots
"""


def test_mypy_strict_types_user_code_without_casts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mypy_api = pytest.importorskip("mypy.api")
    snippet = tmp_path / "user.py"
    snippet.write_text(MYPY_SNIPPET)
    # The package under test (its .pyi and py.typed), not whichever copy is installed.
    monkeypatch.setenv("MYPYPATH", str(Path(__file__).resolve().parent.parent))
    out, err, status = mypy_api.run(
        ["--strict", "--cache-dir", str(tmp_path / "cache"), "--config-file", "", str(snippet)]
    )
    assert status == 0, out + err


def test_the_typed_game_lists_are_the_tables_games() -> None:
    from typing import get_args

    from pokereval.api import HiLoGame, OneArrayGame

    assert set(get_args(HiLoGame)) == {name for name, spec in pe.GAMES.items() if spec.hilo}
    assert set(get_args(OneArrayGame)) == {name for name, spec in pe.GAMES.items() if not spec.hilo}


def test_numpy_integers_count_where_ints_go_and_bools_do_not() -> None:
    # A batch's values and counts are numpy integers: each entry that takes an int takes them
    # (hole= and bins= refused them while samples= and seed= took them); bools stay refused.
    rows = np.array([[51, 47, 43, 39, 35, 0, 1, 2, 3]], np.uint8)
    assert pe.evaluate_batch(rows, game="omaha", hole=np.int64(4)).tolist() == (  # type: ignore[call-overload]
        pe.evaluate_batch(rows, game="omaha", hole=4).tolist()
    )
    values = pe.evaluate_batch(rows[:, :5])
    assert pe.HandRank(values[0]) == pe.HandRank(int(values[0])) == 7462
    spread = pe.equity_distribution("AsKs", "QQ", "2c7d9h", bins=np.int64(5))  # type: ignore[arg-type]
    assert len(spread.edges) == 6 and spread.weights.shape == (5,)
    for flag in (True, np.bool_(True)):
        with pytest.raises(TypeError, match="hole must be an int"):
            pe.evaluate_batch(rows, game="omaha", hole=flag)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="value must be an int"):
            pe.HandRank(flag)  # type: ignore[arg-type]


def test_a_range_is_no_starting_hand() -> None:
    with pytest.raises(TypeError, match=r"a starting hand is a class .* or two cards, not Range"):
        pe.starting_hand_rank(pe.Range("AKs"))


def test_holes_given_as_a_mapping_are_refused_by_type() -> None:
    # A dict iterates its keys: {0: "AsAd", 1: "KhKc"} read as seats holding cards 0 and 1.
    for call in (
        lambda: pe.showdown({0: "AsAd", 1: "KhKc"}, "2c3d4h5s9c"),  # type: ignore[arg-type]
        lambda: pe.settle({0: "AsAd", 1: "KhKc"}, "2c3d4h5s9c", contributions=[1, 1]),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError, match="holes must be a list or tuple, in order, got dict"):
            call()


@pytest.mark.parametrize(
    ("a", "b", "named"), [("AhKh", "AhKh", "Ah"), ("KhAh", "AhKh", "Kh"), ("2c Qd", "Qd 2c", "2c")]
)
def test_compare_names_the_first_card_the_hands_share(a: str, b: str, named: str) -> None:
    """The first card of the first hand that the second also holds, as one reads them; the
    lowest card of the two was named before ("AhKh" twice said 'Kh')."""
    with pytest.raises(ValueError, match=f"^duplicate card '{named}': both hands hold it$"):
        pe.compare(a, b, "2h 3d 4h 5s 9c")
