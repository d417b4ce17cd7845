"""Hostile review of the batch entries under every kernel this CPU has (scalar, avx2, avx512).

Values are held to the single-hand path (:func:`pokereval.evaluate`, which does not go
through a batch kernel) and their order to tests/reference.py, the rules written out;
errors to the first bad row as this file finds it by scanning the rows itself.  Rows come
in the counts that straddle the kernels' blocks (8 rows for the portable kernel and AVX2,
16 for AVX-512) and their tails.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest
import reference as ref

from pokereval import _core, evaluate, evaluate_batch
from pokereval.fast import simd_path
from pokereval.games import GAMES, GameSpec

lib = vars(_core)["lib"]  # pe_simd_init switches kernels in-process
Rows = np.ndarray[Any, np.dtype[np.uint8]]


def _kernels() -> list[str]:
    before = simd_path()
    found = [name for name in ("scalar", "avx2", "avx512", "neon") if lib.pe_simd_init(name.encode()) == 0]
    assert lib.pe_simd_init(before.encode()) == 0
    return found


KERNELS = _kernels()
COUNTS = (1, 7, 8, 9, 15, 16, 17, 31, 33)


@contextmanager
def kernel(name: str) -> Iterator[None]:
    before = simd_path()
    assert lib.pe_simd_init(name.encode()) == 0
    try:
        assert simd_path() == name
        yield
    finally:
        assert lib.pe_simd_init(before.encode()) == 0


def tricky(rnd: random.Random, first: int, k: int) -> list[int]:
    """k distinct cards of the deck first..51, often a flush, a straight (the wheel and the
    top among them), quads or a full house."""
    deck = range(first, 52)
    low = first // 4
    mode = rnd.randrange(6)
    cards: list[int] = []
    if mode == 0:
        suit = rnd.randrange(4)
        cards = rnd.sample([c for c in deck if c % 4 == suit], min(k, rnd.randrange(5, 8)))
    elif mode == 1:
        top = rnd.choice([low + 3, 12, rnd.randrange(low + 3, 13)])  # low + 3: the wheel (short: A-6-7-8-9)
        cards = [4 * (top - i if top - i >= low else 12) + rnd.randrange(4) for i in range(5)]
    elif mode == 2:
        rank = rnd.randrange(low, 13)
        cards = [4 * rank + s for s in range(4)]
    elif mode == 3:
        a, b = rnd.sample(range(low, 13), 2)
        cards = [4 * a + s for s in rnd.sample(range(4), 3)] + [4 * b + s for s in rnd.sample(range(4), 2)]
    cards = list(dict.fromkeys(cards))[:k]
    cards += rnd.sample([c for c in deck if c not in cards], k - len(cards))
    rnd.shuffle(cards)
    return cards


def deal(rnd: random.Random, spec: GameSpec, k: int, n: int) -> Rows:
    return np.array(
        [
            tricky(rnd, spec.deck_first, k)
            if rnd.random() < 0.6
            else rnd.sample(range(spec.deck_first, 52), k)
            for _ in range(n)
        ],
        dtype=np.uint8,
    ).reshape(n, k)


def shapes() -> Iterator[tuple[str, int, int | None]]:
    """(game, cards a row, hole) for every card count each game takes."""
    for name, spec in GAMES.items():
        for k in range(spec.hand[0], spec.hand[1] + 1):
            if spec.hole is None or spec.board is None:
                yield name, k, None
                continue
            for hole in range(spec.hole[0], spec.hole[1] + 1):
                if spec.board[0] <= k - hole <= spec.board[1]:
                    yield name, k, hole


def single(name: str, row: Sequence[int], hole: int | None, wild: str | None = None) -> tuple[int, int]:
    """The single-hand path's (high, low) of one row; low 0 where the game has none."""
    if hole is not None:
        rank = evaluate(list(row[:hole]), list(row[hole:]), game=name)
    else:
        rank = evaluate(list(row), game=name, wild=wild)
    low = getattr(rank, "low", None)
    return int(rank), 0 if low is None else int(low)


def reference_of(name: str, row: Sequence[int], hole: int | None) -> tuple[Any, ...]:
    """The rules' (high, low) of a row: tuples, greater is better; low None where none qualifies."""
    cards = list(row)
    if name in ("holdem", "stud"):
        return ref.best_high(cards), None
    if name == "shortdeck":
        return ref.best_shortdeck(cards), None
    if name == "shortdeck-trips":
        return ref.best_shortdeck_trips(cards), None
    if name == "razz":
        return ref.razz(cards), None
    if name == "deuce-seven":
        return ref.deuce_seven(cards), None
    if name == "badugi":
        return ref.badugi(cards), None
    if name == "stud-hilo":
        return ref.stud_hilo(cards)
    assert hole is not None
    hi = ref.omaha_high(cards[:hole], cards[hole:])
    return hi, (ref.omaha_low(cards[:hole], cards[hole:]) if name == "omaha-hilo" else None)


def assert_same_order(values: Sequence[int], keys: Sequence[Any], what: str) -> None:
    """Values order the rows as the rules' keys do: equal exactly when the keys are equal."""
    by_key: dict[Any, int] = {}
    for value, key in zip(values, keys):
        assert by_key.setdefault(key, value) == value, f"{what}: {key} valued {value} and {by_key[key]}"
    ordered = sorted(by_key.items(), key=lambda item: item[0])
    ranked = [value for _, value in ordered]
    assert ranked == sorted(ranked) and len(set(ranked)) == len(ranked), (
        f"{what}: order differs from the rules"
    )


# ---- good rows: every game, every card count, every kernel ---------------------------------


@pytest.mark.parametrize("name", KERNELS)
def test_every_game_agrees_with_the_single_hand_path_and_the_rules(name: str) -> None:
    rnd = random.Random(0xBA7C4)
    checked = 0
    with kernel(name):
        for game, k, hole in shapes():
            spec = GAMES[game]
            for n in COUNTS:
                rows = deal(rnd, spec, k, n)
                got = evaluate_batch(rows, game=game, hole=hole)
                hi, lo = got if isinstance(got, tuple) else (got, np.zeros(n, np.uint16))
                assert hi.dtype == np.uint16 and hi.shape == (n,)
                for i, row in enumerate(rows.tolist()):
                    assert (int(hi[i]), int(lo[i])) == single(game, row, hole), (name, game, row)
                checked += n
            # One bigger batch per shape, held to the rules' order (the low as well: 0 = none).
            rows = deal(rnd, spec, k, 120)
            got = evaluate_batch(rows, game=game, hole=hole)
            hi, lo = got if isinstance(got, tuple) else (got, np.zeros(120, np.uint16))
            keys = [reference_of(game, row, hole) for row in rows.tolist()]
            assert_same_order(hi.tolist(), [key[0] for key in keys], f"{name} {game} k={k} high")
            if spec.hilo:
                for value, key in zip(lo.tolist(), keys):
                    assert (value == 0) == (key[1] is None), (game, value, key)
                lows = [(v, key[1]) for v, key in zip(lo.tolist(), keys) if key[1] is not None]
                assert_same_order([v for v, _ in lows], [key for _, key in lows], f"{name} {game} low")
    assert checked > 3000


@pytest.mark.parametrize("name", KERNELS)
@pytest.mark.parametrize("wild", ["joker", "bug", "deuces"])
def test_wild_rows_agree_with_the_single_hand_path(name: str, wild: str) -> None:
    rnd = random.Random(len(wild))
    with kernel(name):
        for game in ("holdem", "stud"):
            for k in (5, 6, 7):
                for n in (*COUNTS, 100):
                    rows = deal(rnd, GAMES[game], k, n)
                    if wild != "deuces":  # up to both jokers in a row, anywhere
                        for row in rows:
                            for joker, at in zip((52, 53), rnd.sample(range(k), rnd.randrange(3))):
                                row[at] = joker
                    got = evaluate_batch(rows, game=game, wild=wild)
                    want = [single(game, row, None, wild)[0] for row in rows.tolist()]
                    assert got.tolist() == want, (name, game, wild, k, n)


def test_five_aces_top_every_wild_batch() -> None:
    """Four aces and a joker (or a deuce) are five aces, the top of the wild scale, in every row
    of a batch whatever the row's position in a block; the same four aces with a plain card
    are four of a kind, below it."""
    for name in KERNELS:
        with kernel(name):
            for wild, extra in (("joker", 52), ("bug", 53), ("deuces", 0)):
                rows = np.array([[48, 49, 50, 51, extra, 20, 30]] * 17, np.uint8)
                rows[::2, 4] = 21  # no wild card in the even rows
                got = evaluate_batch(rows, wild=wild).tolist()
                top = 7462 + 13  # above the 7462 classes of hold'em, one five of a kind a rank
                assert got[1::2] == [top] * 8, (name, wild)
                assert all(v < top for v in got[::2]), (name, wild)


# ---- bad rows: the first is named, with its row and its card ----------------------------------


def first_bad(rows: Rows, first: int, jokers: bool) -> tuple[int, str] | None:
    """The first bad row, scanned here, and a pattern of what its error names."""
    top = 54 if jokers else 52
    for r, row in enumerate(rows.tolist()):
        for card in row:
            if not first <= card < top:
                if card in (52, 53):
                    return r, "joker 'Jk'"
                if card < first:
                    return r, "short deck|not in|deck"
                return r, f"card id {card}"
        if len(set(row)) != len(row):
            return r, "duplicate card|joker id"
    return None


def spoil(rnd: random.Random, rows: Rows, r: int, at: int, kind: str) -> None:
    k = rows.shape[1]
    if kind == "dup":
        rows[r, at] = rows[r, (at + 1 + rnd.randrange(k - 1)) % k]
    else:
        rows[r, at] = int(kind)


@pytest.mark.parametrize("name", KERNELS)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_a_bad_byte_anywhere_in_a_block_or_the_tail(name: str, k: int) -> None:
    rnd = random.Random(k)
    spec = GAMES["holdem"]
    cases = 0
    with kernel(name):
        for n in COUNTS:
            for r in sorted({0, n - 1, min(7, n - 1), min(8, n - 1), min(15, n - 1), min(16, n - 1)}):
                for at in range(k):
                    for kind in ("52", "53", "255", "dup", "54", "128"):
                        rows = deal(rnd, spec, k, n)
                        spoil(rnd, rows, r, at, kind)
                        if r + 1 < n and rnd.random() < 0.5:  # a later bad row must not be named
                            spoil(rnd, rows, rnd.randrange(r + 1, n), rnd.randrange(k), "255")
                        expected = first_bad(rows, 0, jokers=False)
                        assert expected is not None and expected[0] == r
                        for game in ("holdem", "stud"):
                            with pytest.raises(ValueError, match=rf"^row {r}: ({expected[1]})"):
                                evaluate_batch(rows, game=game)
                            cases += 1
    assert cases > 500


@pytest.mark.parametrize("name", KERNELS)
@pytest.mark.parametrize("game", [g for g in GAMES if g not in ("holdem", "stud")])
def test_bad_rows_in_the_other_games(name: str, game: str) -> None:
    rnd = random.Random(game)
    spec = GAMES[game]
    k, hole = next((k, hole) for g, k, hole in shapes() if g == game)
    kinds = ["52", "255", "dup"] + (["3"] if spec.deck_first else [])
    with kernel(name):
        for n in (1, 9, 17):
            for r in {0, n // 2, n - 1}:
                for at in range(k):
                    for kind in kinds:
                        rows = deal(rnd, spec, k, n)
                        spoil(rnd, rows, r, at, kind)
                        expected = first_bad(rows, spec.deck_first, jokers=False)
                        assert expected is not None and expected[0] == r
                        with pytest.raises(ValueError, match=rf"^row {r}: "):
                            evaluate_batch(rows, game=game, hole=hole)


@pytest.mark.parametrize("name", KERNELS)
@pytest.mark.parametrize("wild", ["joker", "deuces"])
def test_bad_wild_rows(name: str, wild: str) -> None:
    rnd = random.Random(wild)
    jokers = wild == "joker"
    with kernel(name):
        for n in (1, 8, 15, 16, 17, 33):
            for r in {0, n - 1, min(15, n - 1), min(16, n - 1)}:
                for at in range(7):
                    for kind in ("54", "255", "dup") + (() if jokers else ("52",)):
                        rows = deal(rnd, GAMES["holdem"], 7, n)
                        spoil(rnd, rows, r, at, kind)
                        expected = first_bad(rows, 0, jokers=jokers)
                        assert expected is not None and expected[0] == r
                        with pytest.raises(ValueError, match=rf"^row {r}: "):
                            evaluate_batch(rows, wild=wild)


# The same bad rows in every dtype and form the batch takes: a problem found while the rows
# are read (an id outside 0..53 in a wider dtype, a masked entry, a bool in a list, an int
# past int64) must not hide an earlier row that only the core refuses (a repeat, a joker, a
# card the short deck has not).
FORMS: dict[str, Callable[[Rows], object]] = {
    "uint8": lambda rows: rows,
    "int8": lambda rows: rows.astype(np.int8),
    "int16": lambda rows: rows.astype(np.int16),
    "uint16": lambda rows: rows.astype(np.uint16),
    "int64": lambda rows: rows.astype(np.int64),
    "uint64": lambda rows: rows.astype(np.uint64),
    "fortran int32": lambda rows: np.asfortranarray(rows.astype(np.int32)),
    "reversed int64": lambda rows: rows[::-1].astype(np.int64)[::-1],
    "list": lambda rows: rows.tolist(),
    "tuples": lambda rows: tuple(tuple(row) for row in rows.tolist()),
}


def with_late(rows: Rows, form: str, late: int, how: str) -> object:
    """`rows` in `form`, row `late` spoiled in a way only the reading of the rows sees."""
    if how == "range":
        wide = FORMS[form](rows)
        if isinstance(wide, np.ndarray):
            if wide.dtype == np.uint8:
                wide = wide.astype(np.int16)
            wide[late, 2] = 60 if wide.dtype.kind == "u" or wide.dtype == np.int8 else 300
            return wide
        assert isinstance(wide, (list, tuple))
        listed = [list(row) for row in wide]
        listed[late][2] = -7
        return listed
    listed = rows.tolist()
    if how == "masked":
        mask = np.zeros(rows.shape, bool)
        mask[late, 2] = True
        return np.ma.masked_array(rows.astype(np.int64), mask=mask)
    listed[late][2] = {"bool": True, "huge": 2**70}[how]
    return listed


@pytest.mark.parametrize("name", KERNELS)
@pytest.mark.parametrize("form", list(FORMS))
def test_the_first_bad_row_is_named_whatever_the_dtype(name: str, form: str) -> None:
    rnd = random.Random(form)
    with kernel(name):
        for game, k, hole, early_kind in (
            ("holdem", 7, None, "dup"),
            ("holdem", 5, None, "52"),
            ("stud", 6, None, "dup"),
            ("shortdeck", 6, None, "3"),
            ("razz", 7, None, "dup"),
            ("omaha", 9, 4, "dup"),
            ("omaha-hilo", 8, 5, "53"),
            ("badugi", 4, None, "dup"),
        ):
            for n, early, late in ((20, 2, 5), (40, 16, 19), (17, 8, 16), (9, 0, 1), (33, 31, 32)):
                rows = deal(rnd, GAMES[game], k, n)
                spoil(rnd, rows, early, rnd.randrange(k), early_kind)
                for how in ("range", "masked", "bool", "huge"):
                    with pytest.raises(ValueError, match=rf"^row {early}: "):
                        evaluate_batch(with_late(rows, form, late, how), game=game, hole=hole)
                # The late row alone is still refused, by its own words.
                clean = deal(rnd, GAMES[game], k, n)
                with pytest.raises((ValueError, TypeError), match=rf"^row {late}: "):
                    evaluate_batch(with_late(clean, form, late, "range"), game=game, hole=hole)


def test_the_first_bad_row_is_named_with_wild_cards() -> None:
    rnd = random.Random(5)
    rows = deal(rnd, GAMES["holdem"], 7, 24)
    rows[3, 1] = rows[3, 6]
    rows[0, 0] = 52  # a joker: a card under wild="joker"
    for name in KERNELS:
        with kernel(name):
            for dtype in (np.uint8, np.int16, np.int64):
                late = rows.astype(dtype)
                late[11, 4] = 99
                with pytest.raises(ValueError, match=r"^row 3: duplicate card"):
                    evaluate_batch(late, wild="joker")
                with pytest.raises(ValueError, match=r"^row 0: joker 'Jk'"):
                    evaluate_batch(late, wild="deuces")


def test_the_first_bad_row_is_named_across_threads() -> None:
    """threads=2 splits 2 * 4096 rows and more; a bad row in the second share is named by its
    row in the whole array, and a bad row in each share names the first."""
    rnd = np.random.default_rng(2)
    n = 2 * 4096 + 21
    rows = np.argsort(rnd.random((n, 52)), axis=1)[:, :7].astype(np.uint8)
    for name in KERNELS:
        with kernel(name):
            whole = evaluate_batch(rows)
            assert np.array_equal(evaluate_batch(rows, threads=2), whole)
            assert np.array_equal(evaluate_batch(rows, threads=3), whole)
            for bad in ([n - 1], [n // 2 + 3], [n // 2 - 1, n - 5], [5, n // 2 + 3]):
                for dtype in (np.uint8, np.int64):
                    spoiled = rows.astype(dtype)
                    spoiled[bad[0], 6] = spoiled[bad[0], 0]
                    for later in bad[1:]:
                        spoiled[later, 0] = 200
                    with pytest.raises(ValueError, match=rf"^row {bad[0]}: duplicate card"):
                        evaluate_batch(spoiled, threads=2)


# ---- array forms of good rows -----------------------------------------------------------------


@pytest.mark.parametrize("name", KERNELS)
def test_every_array_form_gives_the_same_values(name: str) -> None:
    rnd = random.Random(9)
    with kernel(name):
        for n in COUNTS:
            rows = deal(rnd, GAMES["holdem"], 7, n)
            want = [single("holdem", row, None)[0] for row in rows.tolist()]
            wide = np.zeros((n, 9), np.uint8)
            wide[:, 1:8] = rows
            readonly = rows.copy()
            readonly.flags.writeable = False
            forms: list[object] = [
                *(form(rows) for form in FORMS.values()),
                np.asfortranarray(rows),
                rows[::-1][::-1],
                wide[:, 1:8],
                np.repeat(rows, 2, axis=0)[::2],
                readonly,
                np.ma.masked_array(rows, mask=np.zeros(rows.shape, bool)),
                memoryview(np.ascontiguousarray(rows).data),
            ]
            for given in forms:
                got = evaluate_batch(given)
                assert got.dtype == np.uint16 and got.tolist() == want, (name, n, type(given))
            assert evaluate_batch(rows[::-1]).tolist() == want[::-1]
            assert evaluate_batch(rows[:, ::-1]).tolist() == want  # a row's order does not matter


@pytest.mark.parametrize("dtype", [np.float64, np.float32, bool, object, np.complex64])
def test_non_integer_dtypes_are_refused(dtype: Any) -> None:
    rows = np.array([[0, 4, 8, 12, 17]], np.uint8).astype(dtype)
    with pytest.raises(TypeError, match="integer array"):
        evaluate_batch(rows)


def test_no_rows_and_one_row() -> None:
    for name in KERNELS:
        with kernel(name):
            for dtype in (np.uint8, np.int64):
                assert evaluate_batch(np.zeros((0, 7), dtype)).shape == (0,)
                hi, lo = evaluate_batch(np.zeros((0, 7), dtype), game="stud-hilo")
                assert hi.shape == lo.shape == (0,)
            royal = np.array([[48, 44, 40, 36, 32, 0, 1]], np.uint8)  # Ac Kc Qc Jc Tc 2c 2d
            assert evaluate_batch(royal).tolist() == [7462]  # the top of the hold'em scale
            assert evaluate_batch(royal[:, :5].astype(np.int8)).tolist() == [7462]


@pytest.mark.slow
@pytest.mark.parametrize("name", KERNELS)
def test_many_random_batches_with_bad_rows(name: str) -> None:
    """Longer: random batches of random length with 0 to 3 bad rows of every kind; the first
    bad row is named, else every value is the single-hand path's."""
    rnd = random.Random(name)
    spec = GAMES["holdem"]
    with kernel(name):
        for _ in range(3000):
            k, n = rnd.choice((5, 6, 7)), rnd.randrange(1, 70)
            rows = deal(rnd, spec, k, n)
            for r in rnd.sample(range(n), min(n, rnd.randrange(4))):  # one problem a row
                spoil(rnd, rows, r, rnd.randrange(k), rnd.choice(("52", "53", "255", "dup", "99")))
            expected = first_bad(rows, 0, jokers=False)
            dtype = rnd.choice((np.uint8, np.int16, np.int64))
            if expected is None:
                got = evaluate_batch(rows.astype(dtype))
                assert got.tolist() == [single("holdem", row, None)[0] for row in rows.tolist()]
            else:
                with pytest.raises(ValueError, match=rf"^row {expected[0]}: ({expected[1]})"):
                    evaluate_batch(rows.astype(dtype))
