"""The speed paths: pokereval.fast, the SIMD batch kernels and the enumeration.

Expected values come from tests/reference.py (the rules) or, for the SIMD kernels, from
the portable scalar kernel, which the exhaustive and reference tests check; the kernels
are switched in-process through the core's pe_simd_init (the Python module calls it
once at import with $POKEREVAL_SIMD).  Nothing here measures time.
"""

from __future__ import annotations

import functools
import itertools
import math
import os
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import reference as ref

import pokereval
from pokereval import Card, _core, evaluate, evaluate_batch
from pokereval.fast import evaluate_cards, evaluate_ids, evaluate_mask, mask_of, simd_path

lib = vars(_core)["lib"]  # pe_simd_init switches kernels in-process
KERNELS = ("scalar", "avx2", "avx512", "neon")


def current_kernel() -> str:
    return simd_path()


def supported_kernels() -> list[str]:
    before = current_kernel()
    found = [name for name in KERNELS if lib.pe_simd_init(name.encode()) == 0]
    assert lib.pe_simd_init(before.encode()) == 0
    return found


@contextmanager
def kernel(name: str) -> Iterator[None]:
    before = current_kernel()
    assert lib.pe_simd_init(name.encode()) == 0, f"{name} kernel not supported here"
    try:
        assert current_kernel() == name
        yield
    finally:
        lib.pe_simd_init(before.encode())


def deal(rng: np.random.Generator, rows: int, k: int) -> np.ndarray:
    """`rows` random hands of k distinct cards (a shuffled deck's first k, per row)."""
    return np.argsort(rng.random((rows, 52)), axis=1)[:, :k].astype(np.uint8)


def random_hands(rng: random.Random, count: int) -> list[list[int]]:
    return [rng.sample(range(52), rng.choice((5, 6, 7))) for _ in range(count)]


# ---- pokereval.fast ------------------------------------------------------------------


def test_fast_paths_order_hands_as_the_reference_does(rng: random.Random) -> None:
    hands = random_hands(rng, 1500)
    # Hands every engine must tell apart at the edges of the scale.
    hands += [ref.ref_cards(text) for text in ("As Ks Qs Js Ts", "5d 4c 3h 2s Ad", "7c 5d 4h 3s 2c")]
    by_mask = [evaluate_mask(sum(1 << c for c in hand)) for hand in hands]
    by_ids = [evaluate_ids(bytes(hand)) for hand in hands]
    assert by_mask == by_ids
    truth = [ref.best_high(hand) for hand in hands]
    for (va, ta), (vb, tb) in itertools.combinations(zip(by_mask[:300], truth[:300]), 2):
        assert (va > vb) == (ta > tb) and (va == vb) == (ta == tb), (va, vb, ta, tb)
    assert by_mask[-3] == 7462 and by_mask[-1] == 1


def test_fast_paths_agree_with_evaluate(rng: random.Random) -> None:
    for hand in random_hands(rng, 3000):
        cards = [Card(c) for c in hand]
        want = int(evaluate(cards))
        assert evaluate_mask(mask_of(cards)) == want
        assert evaluate_ids(bytes(cards)) == want


class _Id(int):
    """An int subclass that is not a Card: read the long way, by its value."""


def test_every_way_of_writing_a_card_reads_as_its_id(rng: random.Random) -> None:
    """The 52 Card objects and the ints 0..51 are read by their address (pokereval/_fastcall.c,
    remember_id); anything else that is an int, by its value.  Every form gives the hand's
    value, and each of the 52 ids sits in every position of some hand."""
    for _ in range(300):
        hand = rng.sample(range(52), 7)
        want = evaluate_ids(bytes(hand))
        forms: list[list[int] | tuple[int, ...]] = [
            [Card(c) for c in hand],
            list(hand),
            tuple(hand),
            [_Id(c) for c in hand],
            [int(str(c)) for c in hand],
            [Card(c) if i % 2 else c for i, c in enumerate(hand)],
        ]
        for form in forms:
            assert evaluate_cards(form) == want, form
            assert int(evaluate(form)) == want, form
    for card in range(52):  # every id in every position
        others = [c for c in range(52) if c != card]
        for position in range(7):
            hand = rng.sample(others, 6)
            hand.insert(position, card)
            want = evaluate_ids(bytes(hand))
            assert evaluate_cards([Card(c) for c in hand]) == want == evaluate_cards(hand)


def test_the_card_objects_are_registered_in_order() -> None:
    """register() takes the Card objects of ids 0..51, in order; anything else is refused
    before any of them is kept (a child process: the module's registration is once)."""
    script = """
import pokereval, pokereval._core as core
from pokereval.cards import CARDS
args = ({"holdem": 0}, ("holdem",), b"\\x00", b"\\x00", lambda *a: None)
for cards in (CARDS[:51], CARDS[1:53], tuple(range(1, 53)), (True,) + CARDS[1:52], None):
    try:
        core.register_ranks(*args, cards)
    except TypeError:
        pass
    else:
        raise SystemExit(f"register took {cards!r}")
print(int(pokereval.evaluate([CARDS[51], 47, 43, 39, 35])))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "7462"


def test_mask_of_reads_every_card_form() -> None:
    assert mask_of("2c 2d As") == 1 | 2 | 1 << 51
    assert mask_of([Card("As"), 0]) == 1 << 51 | 1
    with pytest.raises(ValueError, match="duplicate"):
        mask_of("As As")


@pytest.mark.parametrize(
    ("mask", "message"),
    [
        (0b1111, "holds 4 cards"),
        (0xFF, "holds 8 cards"),
        (0, "holds 0 cards"),
        (1 << 52 | 0b1111, "outside 0..51"),
        (0b11111 << 59, "outside 0..51"),
        (1 << 64 | 0b11111, "outside 0..51"),
        (-0b11111, "outside 0..51"),
    ],
)
def test_evaluate_mask_rejects_bad_masks(mask: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate_mask(mask)


@pytest.mark.parametrize("mask", [31.0, "31", None, True, Card("9s")])
def test_evaluate_mask_rejects_other_types(mask: object) -> None:
    # A Card is an int (id 31 for 9s) that once read as the bits of 2c 2d 2h 2s 3c.
    with pytest.raises(TypeError, match="mask must be an int"):
        evaluate_mask(mask)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("ids", "message"),
    [
        (bytes([0, 1, 2, 3]), "5 to 7 cards, got 4"),
        (bytes(range(8)), "5 to 7 cards, got 8"),
        (bytes([0, 1, 2, 3, 54]), "card id 54 out of range"),
        (bytes([51, 1, 2, 3, 51]), "duplicate card 'As'"),
    ],
)
def test_evaluate_ids_rejects_bad_hands(ids: bytes, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate_ids(ids)


# ---- batch kernels -------------------------------------------------------------------


def test_a_kernel_is_chosen() -> None:
    assert current_kernel() in KERNELS
    assert "scalar" in supported_kernels()
    assert lib.pe_simd_init(b"no-such-kernel") == _core.ERR_ARG


@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_kernel_agrees_with_the_scalar_kernel(k: int) -> None:
    rng = np.random.default_rng(20261129 + k)
    # Row counts around the 16-row blocks and the 1,024-row chunks of the SIMD kernels.
    for rows in (0, 1, 15, 16, 17, 1023, 1024, 1025, 40_000 + 7):
        ids = deal(rng, rows, k)
        with kernel("scalar"):
            want = evaluate_batch(ids)
        for name in supported_kernels():
            with kernel(name):
                got = evaluate_batch(ids)
            assert np.array_equal(got, want), (name, k, rows, np.flatnonzero(got != want)[:5])


@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_kernel_matches_the_reference_on_flushes_and_straights(k: int) -> None:
    # Hands rich in flushes: draw from one or two suits most of the time.
    rng = random.Random(k)
    hands = []
    for _ in range(400):
        suits = rng.sample(range(4), rng.choice((1, 2)))
        pool = [4 * r + s for r in range(13) for s in suits]
        hands.append(rng.sample(pool, k) if len(pool) >= k else rng.sample(range(52), k))
    ids = np.array(hands, dtype=np.uint8)
    truth = [ref.best_high(hand) for hand in hands]
    for name in supported_kernels():
        with kernel(name):
            got = [int(v) for v in evaluate_batch(ids)]
        for (va, ta), (vb, tb) in zip(zip(got, truth), zip(got[1:], truth[1:])):
            assert (va > vb) == (ta > tb) and (va == vb) == (ta == tb), (name, va, vb, ta, tb)
        assert got == [evaluate_ids(bytes(hand)) for hand in hands]


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (99, "card id 99 out of range"),
        (52, r"joker 'Jk' at position \d plays only with wild="),
        (255, "card id 255 out of range"),
        ("dup", "duplicate card"),
    ],
)
# Rows at the edges of the scalar kernel's 8-row blocks, the SIMD kernels' 16-row blocks and
# 1,024-row chunks, and in the tail after the last whole block.
@pytest.mark.parametrize("row", [0, 3, 7, 8, 15, 16, 1000, 1024, 2047, 2050])
def test_every_kernel_names_the_first_bad_row(bad: object, message: str, row: int) -> None:
    ids = deal(np.random.default_rng(row), 2051, 7)
    if bad == "dup":
        ids[row, 6] = ids[row, 2]
    else:
        ids[row, 3] = bad
    ids[2050, 0] = 200  # a later bad row must not be the one reported
    if row == 2050:
        ids[2050, 0] = ids[2050, 1] if bad == "dup" else ids[2050, 3]
    for name in supported_kernels():
        with kernel(name), pytest.raises(ValueError, match=f"row {row}: {message}"):
            evaluate_batch(ids)


def test_env_var_forces_the_scalar_kernel() -> None:
    code = "from pokereval.fast import simd_path; print(simd_path())"
    env = dict(os.environ, POKEREVAL_SIMD="scalar")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "scalar"


# ---- enumeration ---------------------------------------------------------------------

# Published counts of seven-card hands by category.
SEVEN_CARD_CATEGORIES = {
    "HIGH_CARD": 23_294_460,
    "ONE_PAIR": 58_627_800,
    "TWO_PAIR": 31_433_400,
    "THREE_OF_A_KIND": 6_461_620,
    "STRAIGHT": 6_180_020,
    "FLUSH": 4_047_644,
    "FULL_HOUSE": 3_473_184,
    "FOUR_OF_A_KIND": 224_848,
    "STRAIGHT_FLUSH": 37_260,
    "ROYAL_FLUSH": 4_324,
}


@pytest.mark.slow
def test_enumerate_counts_seven_cards_by_category() -> None:
    counts = pokereval.enumerate_counts(7)
    by_category: dict[str, int] = dict.fromkeys(SEVEN_CARD_CATEGORIES, 0)
    for value in np.flatnonzero(counts):
        category = pokereval.Category(_core.category(_core.GAME_HOLDEM, int(value)))
        by_category[category.name] += int(counts[value])
    assert by_category == SEVEN_CARD_CATEGORIES
    assert int(counts.sum()) == 133_784_560


@functools.cache
def fives_colex() -> np.ndarray:
    """Every 5 of 0..51 in colex order (by the highest card, then the next): the hands
    within 0..m-1 are the first C(m, 5) rows."""
    rows = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)), dtype=np.uint8)
    rows = rows.reshape(-1, 5)
    return rows[np.lexsort(rows.T)]


def every_hand(k: int) -> Iterator[np.ndarray]:
    """Every hand of k = 5..7 cards once, in chunks: k - 5 leading cards, then five above
    the highest of them."""
    fives = fives_colex()
    for lead in itertools.combinations(range(52), k - 5):
        top = lead[-1] if lead else -1
        above = fives[: math.comb(51 - top, 5)] + np.uint8(top + 1)
        yield np.hstack([np.tile(np.array(lead, dtype=np.uint8), (len(above), 1)), above])


def batch_counts(k: int) -> np.ndarray:
    counts = np.zeros(7463, dtype=np.uint64)
    for hands in every_hand(k):
        counts += np.bincount(evaluate_batch(hands), minlength=7463).astype(np.uint64)
    return counts


@pytest.mark.parametrize(
    "k", [5, pytest.param(6, marks=pytest.mark.slow), pytest.param(7, marks=pytest.mark.slow)]
)
def test_every_kernel_counts_every_hand_as_the_enumeration_does(k: int) -> None:
    """Each batch kernel over every hand of k cards, one row a hand, against the grouped
    enumeration (whose seven-card counts are held to the published ones above)."""
    want = pokereval.enumerate_counts(k)
    assert int(want.sum()) == math.comb(52, k)
    for name in supported_kernels():
        with kernel(name):
            assert np.array_equal(batch_counts(k), want), name


# ---- evaluate_cards and evaluate's list path (pokereval/_fastcall.c) ------------------------


def test_evaluate_cards_agrees_with_the_reference_order(rng: random.Random) -> None:
    hands = [rng.sample(range(52), rng.choice((5, 6, 7))) for _ in range(4000)]
    values = [evaluate_cards(h) for h in hands]
    assert values == [evaluate_cards(tuple(Card(c) for c in h)) for h in hands]
    assert values == [int(evaluate(h)) for h in hands]
    for i in range(0, len(hands) - 1, 2):
        a, b = ref.best_high(hands[i]), ref.best_high(hands[i + 1])
        assert (values[i] > values[i + 1]) - (values[i] < values[i + 1]) == (a > b) - (a < b)


@pytest.mark.parametrize(
    ("cards", "error", "message"),
    [
        ([51, 51, 43, 39, 35], ValueError, "duplicate card 'As'"),
        ([51, 47, 43, 39, 54], ValueError, "card id 54 out of range 0..53 at position 5"),
        ([51, 47, 43, 39, 52], ValueError, "joker 'Jk' at position 5 plays only with wild='joker' or"),
        ([51, 47, 43, -1, 35], ValueError, "card id -1 out of range"),
        ([51, 47, 43, 39], ValueError, "holdem needs 5 to 7 cards, got 4"),
        ([51, 47, 43, 39, 35, 1, 2, 3], ValueError, "got 8"),
        (["As", "Ks", "Qs", "Js", "Ts"], TypeError, "got str at position 1"),
        ([True, 47, 43, 39, 35], TypeError, "got bool at position 1"),
        ([2**70, 47, 43, 39, 35], ValueError, "out of range"),
        ("AsKsQsJsTs", TypeError, "bytes, a list or a tuple, got str"),
    ],
)
def test_evaluate_cards_errors_name_the_problem(cards: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        evaluate_cards(cards)  # type: ignore[arg-type]


def test_evaluate_list_path_falls_back_to_the_parser() -> None:
    # Text items are not ids: evaluate reads them with the parser instead.
    assert int(evaluate(["As", "Ks", "Qs", "Js", "Ts"])) == 7462
    with pytest.raises(ValueError, match="bad card 'Xs'"):
        evaluate(["As", "Ks", "Qs", "Js", "Xs"])
    r = evaluate([Card("Kc"), Card("Kd"), Card("Kh"), Card("Qc"), Card("Qs"), 0, 5])
    assert [str(c) for c in r.best_five] == ["Kc", "Kd", "Kh", "Qc", "Qs"]


FASTCALL_C = Path(__file__).resolve().parent.parent / "pokereval" / "_fastcall.c"


@pytest.mark.skipif(not FASTCALL_C.exists(), reason="needs the source tree")
def test_fastcall_takes_the_cores_numbers_from_the_codes_header() -> None:
    # pokereval/_fastcall.c links none of the core, but includes csrc/pe_codes.h (plain
    # #defines) rather than repeating the numbers it needs: no copy can drift.
    source = FASTCALL_C.read_text()
    assert '#include "pe_codes.h"' in source
    assert not re.findall(r"#define (?:PE_)?(?:ERR|GAME)_\w+", source)
    found = re.search(r"#define MAX_GAMES (\d+)", source)
    assert found is not None and len(pokereval.GAMES) <= int(found[1])


# ---- evaluate's front (pokereval/_fastcall.c): the hottest call read in C ----------------


def _outcome(call: functools.partial[Any]) -> tuple[str, object]:
    """What a call gives: its value (with the rank's words, so two ranks must agree in all),
    or its exception's type and words."""
    try:
        got = call()
    except (TypeError, ValueError) as error:
        return type(error).__name__, str(error)
    return "value", (got, repr(got))


def test_the_front_answers_every_call_as_the_function_does(rng: random.Random) -> None:
    """pokereval.evaluate is a front that reads lists and tuples of Cards or ids itself and
    hands the rest to the Python function it wraps: the two must give the same rank, or
    the same error in the same words, for every form of call."""
    ev: Any = evaluate  # called with anything: the front and the function must agree on all
    function = ev.__wrapped__
    assert ev is not function and callable(function)
    deck = list(pokereval.cards.CARDS[:52])
    holdem = "".join(["hold", "em"])  # equal to the default, not the same object
    calls: list[tuple[tuple[object, ...], dict[str, object]]] = []
    for _ in range(300):
        hand = rng.sample(deck, 7)
        ids = [int(card) for card in hand]
        calls += [
            ((hand,), {}),
            ((tuple(ids),), {}),
            ((ids[:2], ids[2:]), {}),
            ((hand[:2],), {"board": hand[2:]}),
            ((hand[:2], hand[2:]), {"game": "holdem"}),
            ((hand[:2],), {"board": tuple(hand[2:6]), "game": holdem}),
            ((hand,), {"game": "stud"}),
            ((hand[:4], hand[4:7]), {"game": "omaha"}),
            ((hand[:4],), {"board": hand[4:7], "game": "omaha-hilo"}),
            ((ids[:5],), {"game": "shortdeck"}),
            ((hand[:5],), {"wild": None}),
            ((" ".join(map(str, hand)),), {}),
        ]
    bad: list[tuple[tuple[object, ...], dict[str, object]]] = [
        (([0, 0, 1, 2, 3],), {}),  # a card twice
        (([0, 1, 2, 3],), {}),  # too few
        ((list(range(8)),), {}),  # too many
        (([True, 1, 2, 3, 4],), {}),
        (([52, 1, 2, 3, 4],), {}),
        (([0, 1], [2, 3, 4], "holdem"), {}),  # game is keyword-only
        (([0, 1, 2, 3, 4],), {"bogus": 1}),
        (([0, 1], [2, 3, 4]), {"board": [5]}),
        (([0, 1, 2, 3, 4],), {"game": "poker"}),
        (([0, 1, 2, 3, 4],), {"game": 0}),
        (([0, 1, 2, 3],), {"game": "omaha"}),
        ((), {}),
    ]
    calls += [  # every other form goes to the function
        ((), {"cards": [0, 1, 2, 3, 4]}),
        (([0, 1, 2, 3, 4],), {"wild": "joker"}),
        ((["As", "Ks", "Qs", "Js", "Jk"],), {"wild": "joker"}),
    ]
    for args, kwargs in calls + bad:
        front = _outcome(functools.partial(ev, *args, **kwargs))
        plain = _outcome(functools.partial(function, *args, **kwargs))
        assert front == plain, (args, kwargs)
    # The bad calls are errors indeed (so the list above tests the refusals).
    assert all(_outcome(functools.partial(ev, *a, **k))[0] != "value" for a, k in bad)


def test_the_front_wears_the_function() -> None:
    import copy
    import inspect
    import pickle

    ev: Any = evaluate
    function = ev.__wrapped__
    assert evaluate.__name__ == evaluate.__qualname__ == "evaluate"
    assert evaluate.__module__ == "pokereval.api" and evaluate.__doc__ == function.__doc__
    assert inspect.signature(evaluate) == inspect.signature(function)
    assert str(inspect.signature(evaluate)).startswith(
        "(cards: 'CardsLike', board: 'CardsLike | None' = None, *"
    )
    assert inspect.isroutine(evaluate)  # so help() and doctest take it for a function
    assert repr(evaluate).startswith("<function evaluate at 0x")
    import pydoc

    assert pydoc.render_doc(evaluate).startswith(
        "Python Library Documentation: function in module pokereval.api"
    )
    assert pickle.loads(pickle.dumps(evaluate)) is evaluate
    assert copy.copy(evaluate) is evaluate and copy.deepcopy(evaluate) is evaluate

    class Holder:
        front = ev  # not bound as a method, as a builtin function is not

    assert Holder().front([0, 4, 8, 12, 16]) == evaluate([0, 4, 8, 12, 16])
    with pytest.raises(TypeError, match="front"):
        pokereval._fastcall.front(ev.__name__)
    # As a function: weak references; made by front() alone; a __qualname__ that is no
    # str (an instance attribute anyone may set) is refused in words, never read as one.
    import weakref

    assert weakref.ref(evaluate)() is evaluate
    with pytest.raises(TypeError, match=r"made by pokereval\._fastcall\.front"):
        type(ev)()
    other: Any = functools.update_wrapper(pokereval._fastcall.front(function), function)
    assert other is not evaluate and other([0, 4, 8, 12, 16]) == evaluate([0, 4, 8, 12, 16])
    for name in (12345, None, b"evaluate"):
        other.__qualname__ = name
        assert repr(other).startswith("<pokereval evaluate front at 0x")
        with pytest.raises(TypeError, match="__qualname__ must be a str"):
            pickle.dumps(other)
    assert pokereval._fastcall.front(function).__dict__ == {}


def test_the_front_keeps_no_reference() -> None:
    """Each call drops what it took: the hand's refcount is where it was after many calls,
    fast path, fallback and error alike."""
    hand = list(pokereval.cards.CARDS[:7])
    text = "As Ks Qs Js Ts"
    twice = [0, 0, 1, 2, 3]
    for hand_ in (hand, text):  # a first call may cache (the parser keeps texts it read)
        evaluate(hand_)
    before = [sys.getrefcount(x) for x in (hand, text, twice)]
    for _ in range(1000):
        evaluate(hand)
        evaluate(text)
        with pytest.raises(ValueError):
            evaluate(twice)
    assert [sys.getrefcount(x) for x in (hand, text, twice)] == before
