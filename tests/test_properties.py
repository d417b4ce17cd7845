"""Property tests over the public API (hypothesis).

The properties come from the rules, not from the code: the order of the cards and the
names of the suits never change a hand's value; one more card never makes the best high
hand (or razz low) worse; "beats" on one board is antisymmetric and transitive; card text
round-trips.  Then robustness: random text, bytes, Python objects and numpy arrays of
any dtype, shape and strides give a result or ValueError/TypeError.  The numpy cases run
in a child process, so a crash in C fails the test with the input instead of killing
pytest.
"""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
import textwrap
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokereval
from pokereval import Card, compare, evaluate, evaluate_batch, format_cards, parse_cards

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Each game's deal, from the rules: (game, lowest card id of its deck, hand sizes).
FLAT_GAMES = (
    ("holdem", 0, (5, 6, 7)),
    ("stud", 0, (5, 6, 7)),
    ("shortdeck", 16, (5, 6, 7)),  # 6 to ace: the 2s to 5s (ids 0..15) are out
    ("razz", 0, (5, 6, 7)),
    ("deuce-seven", 0, (5,)),
    ("badugi", 0, (4,)),
)
OMAHA_GAMES = ("omaha", "omaha-hilo")
EXPECTED = (ValueError, TypeError)


def value(result: Any) -> tuple[int, int]:
    """(high, low) of an evaluate result; low 0 where there is none."""
    return int(result), int(result.low) if result.low is not None else 0


def relabel(ids: list[int], suits: list[int]) -> list[int]:
    """The same ranks with suit s renamed suits[s] (id = 4*rank + suit)."""
    return [4 * (card // 4) + suits[card % 4] for card in ids]


@st.composite
def flat_hand(draw: st.DrawFn, sizes: tuple[int, ...] | None = None) -> tuple[str, list[int]]:
    game, lowest, allowed = draw(st.sampled_from(FLAT_GAMES))
    n = draw(st.sampled_from(sizes if sizes else allowed))
    ids = draw(st.lists(st.integers(lowest, 51), min_size=n, max_size=n, unique=True))
    return game, ids


@st.composite
def omaha_hand(draw: st.DrawFn) -> tuple[str, list[int], list[int]]:
    game = draw(st.sampled_from(OMAHA_GAMES))
    n_hole, n_board = draw(st.integers(4, 6)), draw(st.integers(3, 5))
    ids = draw(
        st.lists(st.integers(0, 51), min_size=n_hole + n_board, max_size=n_hole + n_board, unique=True)
    )
    return game, ids[:n_hole], ids[n_hole:]


# ---- invariances ----------------------------------------------------------------------------


@SETTINGS
@given(flat_hand(), st.data())
def test_card_order_never_matters(hand: tuple[str, list[int]], data: st.DataObject) -> None:
    game, ids = hand
    shuffled = data.draw(st.permutations(ids))
    assert value(evaluate(shuffled, game=game)) == value(evaluate(ids, game=game))


@SETTINGS
@given(omaha_hand(), st.data())
def test_omaha_card_order_never_matters(hand: tuple[str, list[int], list[int]], data: st.DataObject) -> None:
    game, hole, board = hand
    hole2, board2 = data.draw(st.permutations(hole)), data.draw(st.permutations(board))
    assert value(evaluate(hole2, board2, game=game)) == value(evaluate(hole, board, game=game))


@SETTINGS
@given(flat_hand(), st.permutations(range(4)))
def test_suit_names_never_matter(hand: tuple[str, list[int]], suits: list[int]) -> None:
    game, ids = hand
    assert value(evaluate(relabel(ids, suits), game=game)) == value(evaluate(ids, game=game))


@SETTINGS
@given(omaha_hand(), st.permutations(range(4)))
def test_omaha_suit_names_never_matter(hand: tuple[str, list[int], list[int]], suits: list[int]) -> None:
    game, hole, board = hand
    renamed = evaluate(relabel(hole, suits), relabel(board, suits), game=game)
    assert value(renamed) == value(evaluate(hole, board, game=game))


@SETTINGS
@given(st.sampled_from(("holdem", "stud", "shortdeck", "razz")), st.integers(5, 6), st.data())
def test_another_card_never_hurts(game: str, n: int, data: st.DataObject) -> None:
    # The best five of n + 1 cards may still be the best five of the first n.
    lowest = 16 if game == "shortdeck" else 0
    ids = data.draw(st.lists(st.integers(lowest, 51), min_size=n + 1, max_size=n + 1, unique=True))
    assert value(evaluate(ids, game=game)) >= value(evaluate(ids[:n], game=game))


@SETTINGS
@given(st.integers(4, 5), st.data())
def test_omaha_another_hole_card_never_hurts(n_hole: int, data: st.DataObject) -> None:
    ids = data.draw(st.lists(st.integers(0, 51), min_size=n_hole + 6, max_size=n_hole + 6, unique=True))
    hole, board = ids[: n_hole + 1], ids[n_hole + 1 :]
    assert value(evaluate(hole, board, game="omaha")) >= value(evaluate(hole[:n_hole], board, game="omaha"))


# ---- compare --------------------------------------------------------------------------------

COMPARE_GAMES = (
    # game, lowest id, cards per hand, board size
    ("holdem", 0, 2, 5),
    ("shortdeck", 16, 2, 5),
    ("razz", 0, 4, 3),
    ("omaha", 0, 4, 5),
)


@SETTINGS
@given(st.sampled_from(COMPARE_GAMES), st.data())
def test_compare_antisymmetric_and_transitive(setup: tuple[str, int, int, int], data: st.DataObject) -> None:
    game, lowest, per_hand, n_board = setup
    total = 3 * per_hand + n_board
    ids = data.draw(st.lists(st.integers(lowest, 51), min_size=total, max_size=total, unique=True))
    board = ids[:n_board]
    a, b, c = (ids[n_board + i * per_hand : n_board + (i + 1) * per_hand] for i in range(3))
    ab, ba = compare(a, b, board, game=game), compare(b, a, board, game=game)
    bc, ac = compare(b, c, board, game=game), compare(a, c, board, game=game)
    assert ab in (-1, 0, 1)
    assert ab == -ba
    # Transitive: a >= b >= c gives a >= c, with a strict step somewhere making it strict.
    if ab >= 0 and bc >= 0:
        assert ac >= 0
        if ab > 0 or bc > 0:
            assert ac > 0
    if ab <= 0 and bc <= 0:
        assert ac <= 0
    # compare agrees with the values.
    va = value(evaluate(a, board, game=game))[0]
    vb = value(evaluate(b, board, game=game))[0]
    assert ab == (va > vb) - (va < vb)


# ---- text round trips -----------------------------------------------------------------------

# Every spelling of a rank and a suit, from the rules in the pokereval.cards docstring.
RANK_SPELLINGS: dict[int, tuple[str, ...]] = {r: (c, c.lower()) for r, c in enumerate("23456789TJQKA")}
RANK_SPELLINGS[8] += ("10",)
RANK_SPELLINGS[12] += ("\u0422", "\u0442", "\u0410", "\u0430")  # Cyrillic Te, A
RANK_SPELLINGS[11] += ("\u041a", "\u043a")  # Ka
RANK_SPELLINGS[10] += ("\u0414", "\u0434")  # De
RANK_SPELLINGS[9] += ("\u0412", "\u0432")  # Ve
SUIT_SPELLINGS = {
    s: (
        letter,
        letter.upper(),
        *(symbol + selector for symbol in (black, white) for selector in ("", "\ufe0f", "\ufe0e")),
    )
    for s, (letter, black, white) in enumerate(zip("cdhs", "♣♦♥♠", "♧♢♡♤"))
}


@SETTINGS
@given(st.lists(st.integers(0, 51), unique=True, max_size=13), st.data())
def test_parse_format_round_trip(ids: list[int], data: st.DataObject) -> None:
    tokens = [
        data.draw(st.sampled_from(RANK_SPELLINGS[card // 4]))
        + data.draw(st.sampled_from(SUIT_SPELLINGS[card % 4]))
        for card in ids
    ]
    sep = data.draw(st.sampled_from(("", " ", ",", ", ", "\t", "  ")))
    text = sep.join(tokens)
    parsed = parse_cards(text)
    assert [int(card) for card in parsed] == ids, text
    written = format_cards(parsed)
    assert parse_cards(written) == parsed
    assert written == " ".join("23456789TJQKA"[i // 4] + "cdhs"[i % 4] for i in ids)
    assert parse_cards(format_cards(parsed, sep="")) == parsed


# ---- junk in --------------------------------------------------------------------------------


def _outcome(call: Any) -> None:
    try:
        call()
    except EXPECTED:
        pass


@SETTINGS
@given(st.text(max_size=40), st.sampled_from(tuple(pokereval.GAMES)))
def test_random_text(text: str, game: str) -> None:
    _outcome(lambda: parse_cards(text))
    _outcome(lambda: evaluate(text, game=game))
    _outcome(lambda: evaluate(text[:8], board=text[8:], game=game))
    _outcome(lambda: compare(text[:4], text[4:8], board=text[8:], game=game))


@SETTINGS
@given(st.binary(max_size=40))
def test_random_bytes(data: bytes) -> None:
    # Bytes are not text: refused by type, whatever they hold.
    with pytest.raises(TypeError):
        parse_cards(data)
    with pytest.raises(TypeError):
        evaluate(data)
    _outcome(lambda: evaluate(list(data)))


JUNK = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(allow_nan=True),
        st.text(max_size=4),
        st.binary(max_size=4),
        st.sampled_from([Card(0), Card(51), object(), 1j, np.int64(3), np.uint8(60), np.float32(1.0)]),
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=8), st.tuples(children, children), st.frozensets(st.integers(-5, 60))
    ),
    max_leaves=12,
)


@SETTINGS
@given(JUNK, JUNK, st.sampled_from(tuple(pokereval.GAMES)))
def test_random_objects(cards: Any, board: Any, game: str) -> None:
    _outcome(lambda: parse_cards(cards))
    _outcome(lambda: evaluate(cards, game=game))
    _outcome(lambda: evaluate(cards, board=board, game=game))
    _outcome(lambda: compare(cards, board, game=game))
    _outcome(lambda: evaluate_batch(cards, game=game))
    _outcome(lambda: evaluate("AsKsQsJsTs", game=cards))


# ---- numpy arrays of every kind, in a child process -------------------------------------------

DTYPES = (
    "uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64", "int64", ">i4", "<u2",
    "float32", "float64", "bool", "object", "complex64", "U3", "S2", "m8[s]", "M8[s]",
)  # fmt: skip

# The child evaluates every case in every game and reports how each call ended.  A crash
# (a signal) shows as a negative return code with the last case it started on stderr.
CHILD = textwrap.dedent(
    """
    import faulthandler, json, pickle, sys
    import numpy as np
    import pokereval
    faulthandler.enable()
    cases = pickle.load(sys.stdin.buffer)
    outcomes = []
    for number, (base, ops) in enumerate(cases):
        arr = base
        for op in ops:
            if op == "F":
                arr = np.asfortranarray(arr)
            elif op == "T":
                arr = arr.T
            elif op == "step":
                arr = arr[::2] if arr.ndim else arr
            elif op == "reverse":
                arr = arr[..., ::-1] if arr.ndim else arr
            elif op == "unaligned" and arr.dtype.kind in "iuf" and arr.itemsize > 1:
                raw = np.zeros(arr.nbytes + 1, dtype=np.uint8)
                arr = np.frombuffer(raw.data, dtype=arr.dtype, count=arr.size, offset=1).reshape(arr.shape)
                arr.flags.writeable = False
            elif op == "readonly":
                arr = arr.copy()
                arr.flags.writeable = False
        for game in pokereval.GAMES:
            for hole in (None, 4, 5):
                if hole is not None and not game.startswith("omaha"):
                    continue
                print(number, game, hole, file=sys.stderr, flush=True)
                try:
                    out = pokereval.evaluate_batch(arr, game=game, hole=hole)
                except (ValueError, TypeError) as exc:
                    outcomes.append(type(exc).__name__)
                    continue
                except Exception as exc:
                    outcomes.append(f"{type(exc).__name__}: {exc} for case {number} {game} {hole}")
                    continue
                high = out[0] if isinstance(out, tuple) else out
                rows = np.asarray(arr)
                ok = high.dtype == np.uint16 and high.shape == (rows.shape[0],)
                for row in range(min(3, rows.shape[0])):
                    cards = [int(x) for x in rows[row]]
                    if hole is None or not game.startswith("omaha"):
                        single = pokereval.evaluate(cards, game=game) if not game.startswith("omaha") else (
                            pokereval.evaluate(cards[:4], board=cards[4:], game=game))
                    else:
                        single = pokereval.evaluate(cards[:hole], board=cards[hole:], game=game)
                    single = single[0] if isinstance(single, tuple) else single
                    ok = ok and int(single) == int(high[row])
                outcomes.append("ok" if ok else f"wrong result for case {number} {game} {hole}")
        if arr.ndim <= 2 and arr.size <= 12:
            for call in (pokereval.parse_cards, pokereval.evaluate):
                try:
                    call(arr)
                    outcomes.append("ok")
                except (ValueError, TypeError) as exc:
                    outcomes.append(type(exc).__name__)
                except Exception as exc:
                    outcomes.append(f"{type(exc).__name__}: {exc} for case {number} {call.__name__}")
    print(json.dumps(outcomes))
    """
)


@st.composite
def array_case(draw: st.DrawFn) -> tuple[np.ndarray[Any, Any], list[str]]:
    dtype = np.dtype(draw(st.sampled_from(DTYPES)))
    ndim = draw(st.sampled_from((0, 1, 2, 2, 2, 2, 3)))
    shape = tuple(draw(st.integers(0, 12 if axis == ndim - 1 else 6)) for axis in range(ndim))
    size = int(np.prod(shape, dtype=np.int64))
    # Mostly card ids, with negatives, ids past 51 and past 255 mixed in.
    values = draw(
        st.lists(
            st.one_of(st.integers(0, 51), st.integers(-300, 300), st.integers(-(2**63), 2**64 - 1)),
            min_size=size,
            max_size=size,
        )
    )
    if dtype.kind == "O":
        pool = [*values, None, "As", 2.5]
        base = np.empty(size, dtype=object)
        for i in range(size):
            base[i] = pool[(i * 7) % len(pool)] if i % 5 == 4 else values[i]
    elif dtype.kind in "USmM":
        base = (
            np.array([str(v % 52) for v in values] or [], dtype=dtype)
            if dtype.kind in "US"
            else (np.array([v % 10**6 for v in values], dtype=np.int64).astype(dtype))
        )
    else:
        with np.errstate(all="ignore"):
            wide = np.array(values, dtype=object).astype(np.float64) if dtype.kind in "fc" else None
            if wide is not None:
                base = wide.astype(dtype)
            else:
                base = np.array([v % 2**64 for v in values], dtype=np.uint64).astype(dtype)
    base = base.reshape(shape)
    ops = draw(st.lists(st.sampled_from(("F", "T", "step", "reverse", "unaligned", "readonly")), max_size=3))
    return base, ops


def run_child(cases: list[tuple[np.ndarray[Any, Any], list[str]]]) -> list[str]:
    proc = subprocess.run(
        [sys.executable, "-c", CHILD],
        input=pickle.dumps(cases),
        capture_output=True,
        timeout=300,
        check=False,
    )
    stderr = proc.stderr.decode("utf-8", "replace")
    if proc.returncode != 0:
        last = stderr.strip().splitlines()[-30:]
        case = None
        for line in reversed(last):
            parts = line.split()
            if parts and parts[0].isdigit():
                case = cases[int(parts[0])]
                break
        pytest.fail(f"child exited with {proc.returncode}; last case {case!r}\n" + "\n".join(last))
    outcomes: list[str] = json.loads(proc.stdout.decode().strip().splitlines()[-1])
    return outcomes


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(st.lists(array_case(), min_size=1, max_size=40))
def test_random_arrays_never_crash(cases: list[tuple[np.ndarray[Any, Any], list[str]]]) -> None:
    outcomes = run_child(cases)
    unexpected = [o for o in outcomes if o not in ("ok", "ValueError", "TypeError")]
    assert not unexpected, unexpected[:10]


def test_child_reports_a_crash() -> None:
    """The child harness itself: a segfault in the child fails the test, it does not pass."""
    proc = subprocess.run(
        [sys.executable, "-c", "import ctypes; ctypes.string_at(0)"],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode != 0


def test_every_dtype_and_layout_once() -> None:
    """Each dtype and each layout change at least once, whatever hypothesis draws."""
    rows = np.array([[51, 47, 43, 39, 35, 2, 3, 4, 5], [0, 4, 8, 12, 49, 50, 30, 31, 32]])
    cases = []
    for name in DTYPES:
        dtype = np.dtype(name)
        if dtype.kind in "US":
            base = rows.astype(str).astype(dtype)
        elif dtype.kind in "mM":
            base = rows.astype(np.int64).astype(dtype)
        else:
            base = rows.astype(dtype)
        for ops in (
            [],
            ["F"],
            ["T"],
            ["step"],
            ["reverse"],
            ["unaligned"],
            ["readonly"],
            ["T", "F", "reverse"],
        ):
            cases.append((base, ops))
            cases.append((base[:, :5], ops))
        cases.append((base.reshape(2, 3, 3), []))
        cases.append((base[0, 0, ...], []))  # 0-d
    outcomes = run_child(cases)
    unexpected = [o for o in outcomes if o not in ("ok", "ValueError", "TypeError")]
    assert not unexpected, unexpected[:10]
    assert "ok" in outcomes


# showdown, settle and equity get the same junk in a child process with its address space
# capped, so that an input which makes them allocate without bound (a MemoryError, or the
# kernel killing the process) fails the test instead of taking pytest down.
TABLE_CHILD = textwrap.dedent(
    """
    import json, pickle, resource, sys
    import pokereval
    resource.setrlimit(resource.RLIMIT_AS, (3 * 2**30, 3 * 2**30))
    calls = [
        ("showdown", lambda f, cards, board, game: f(board, cards, game=game)),
        ("settle", lambda f, cards, board, game: f(cards, board, None, game=game)),
        ("settle", lambda f, cards, board, game: f([5, 5], [[0, 1], [2, 3]], [4, 5, 6, 7, 8], folded=cards,
                                                   odd_chip=board, game=game)),
        ("equity", lambda f, cards, board, game: f(cards, board, game=game, samples=50, seed=1)),
        # samples as junk too, short of a huge count (a long run is no error).
        ("equity", lambda f, cards, board, game: f([[0, 1], [2, 3]], dead=cards, seed=1,
                                                   samples=min(board, 999) if type(board) is int else board)),
    ]
    outcomes = []
    for number, (cards, board, game) in enumerate(pickle.load(sys.stdin.buffer)):
        for name, call in calls:
            function = getattr(pokereval, name, None)
            if not callable(function):
                continue
            try:
                call(function, cards, board, game)
                outcomes.append("ok")
            except (ValueError, TypeError) as exc:
                outcomes.append(type(exc).__name__)
            except BaseException as exc:
                where = f"{cards!r:.200} / {board!r:.200} / {game}"
                outcomes.append(f"{name}: {type(exc).__name__} {exc} on {where}")
    print(json.dumps(outcomes))
    """
)

TABLE_FUNCTIONS = tuple(
    name for name in ("showdown", "settle", "equity") if callable(getattr(pokereval, name, None))
)


@pytest.mark.skipif(not TABLE_FUNCTIONS, reason="showdown, settle and equity are not exported yet")
@pytest.mark.skipif(sys.platform == "win32", reason="needs the resource module")
@settings(
    max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(st.lists(st.tuples(JUNK, JUNK, st.sampled_from(tuple(pokereval.GAMES))), min_size=1, max_size=60))
def test_table_functions_take_junk(cases: list[tuple[Any, Any, str]]) -> None:
    # Always also: an id far too large where a hand or a board is expected, which must be
    # refused by value (not read as a size: bytes(3_000_000_000) is 3 GB of zeros).
    big = 3_000_000_000
    fixed = [
        (big, big, "holdem"),
        ([[0, 1], [2, 3]], big, "holdem"),
        ([5, 5], [big, [2, 3]], "holdem"),
        ([[0, 1], [big]], None, "razz"),
    ]
    try:
        payload = pickle.dumps(fixed + cases)
    except Exception:  # an unpicklable draw (a bare object() is fine, a lambda is not)
        return
    proc = subprocess.run(
        [sys.executable, "-c", TABLE_CHILD], input=payload, capture_output=True, timeout=600, check=False
    )
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")[-3000:]
    outcomes = json.loads(proc.stdout.decode().strip().splitlines()[-1])
    unexpected = [o for o in outcomes if o not in ("ok", "ValueError", "TypeError")]
    assert not unexpected, unexpected[:5]
