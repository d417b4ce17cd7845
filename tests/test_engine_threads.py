"""A Hand or Tables shared by threads: the engine takes its calls in turn.

The binding releases the GIL around every engine call, so two threads could once be inside
calls on one C struct at the same time: six threads moving one Hand created chips and, now and
then, crashed the interpreter.  A call that comes while another is inside now raises
RuntimeError and changes nothing.
"""

from __future__ import annotations

import copy
import pickle
import random
import threading
from collections.abc import Callable
from typing import Any

import pytest

from pokereval.engine import Hand, Tables
from pokereval.engine import _native as nat

BUSY = "another thread is inside a call on this hand"


def _stud() -> Hand:
    return Hand("stud", stacks=[100, 100, 100], antes=1, bring_in=1, seed=3)


def _calls(hand: Hand) -> dict[str, Callable[[], Any]]:
    return {
        "fold": hand.fold,
        "check_or_call": hand.check_or_call,
        "bet_or_raise_to": lambda: hand.bet_or_raise_to(10),
        "legal": lambda: hand.legal,
        "to_call": lambda: hand.to_call,
        "min_raise_to": lambda: hand.min_raise_to,
        "uncalled": lambda: hand.uncalled,
        "settlement": lambda: hand.settlement,
        "copy": hand.copy,
        "act": lambda: hand.act("cc"),
    }


def test_a_call_while_another_is_inside_is_refused_and_changes_nothing() -> None:
    hand = Hand(stacks=[100, 100, 100], seed=1)
    before = pickle.dumps(hand)
    hand._p.busy = 1  # as while another thread's call is inside
    for name, call in _calls(hand).items():
        with pytest.raises(RuntimeError, match=BUSY):
            call()
        assert hand._p.busy == 1, name
    stud = _stud()
    stud._p.busy = 1
    with pytest.raises(RuntimeError, match=BUSY):
        stud.bring_in()
    manual = Hand(stacks=[100, 100], auto_deal=False)
    manual._p.busy = 1
    for call in (lambda: manual.deal("AsAd"), manual.deal):
        with pytest.raises(RuntimeError, match=BUSY):
            call()
    hand._p.busy = 0
    assert pickle.dumps(hand) == before
    hand.check_or_call()  # free again: the moves work
    assert hand._p.busy == 0


def test_a_hand_pickled_while_busy_loads_free() -> None:
    hand = Hand(stacks=[100, 100], seed=1)
    hand._p.busy = 1
    with pytest.raises(nat.Busy):  # pickled in turn, as copy() is: never half a move
        pickle.dumps(hand)
    data = nat.layout_tagged(nat.state_bytes(hand._p))  # bytes read while a call was inside
    hand._p.busy = 0
    again = pickle.loads(pickle.dumps(hand))
    untagged = nat.layout_untagged(data)
    assert untagged is not None
    assert nat.state_from_bytes(untagged).busy == 0
    assert again == hand
    again.fold()
    assert again.done


def test_six_threads_on_one_hand_never_make_chips_or_crash() -> None:
    rng = random.Random(5)
    refused: dict[str, int] = {}

    def play(hand: Hand, stop: threading.Event, seed: int) -> None:
        r = random.Random(seed)
        while not stop.is_set() and not hand.done:
            try:
                pick = r.random()
                if pick < 0.2:
                    hand.fold()
                elif pick < 0.7:
                    hand.check_or_call()
                else:
                    low, high = hand.min_raise_to, hand.max_raise_to
                    if low is not None and high is not None:
                        hand.bet_or_raise_to(r.randint(low, high))
                copy.copy(hand)
            except (ValueError, RuntimeError) as error:
                kind = "busy" if isinstance(error, RuntimeError) else "illegal"
                refused[kind] = refused.get(kind, 0) + 1

    for trial in range(150):
        seats = rng.randint(2, 6)
        hand = Hand(stacks=[rng.randint(5, 300) for _ in range(seats)], seed=trial)
        total = sum(hand.stacks) + hand.pot
        stop = threading.Event()
        threads = [threading.Thread(target=play, args=(hand, stop, 10 * trial + k)) for k in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=5)
        stop.set()
        assert sum(hand.stacks) + (0 if hand.done else hand.pot) == total
        if hand.done:
            assert sum(hand.payoffs) == 0
    assert refused  # the threads did meet


def test_tables_take_their_calls_in_turn() -> None:
    tables = Tables(4, stacks=[50, 50], seed=0)
    tables._lock.acquire()  # as while another thread's step is inside
    try:
        for call in (
            lambda: tables.step([1, 1, 1, 1]),
            tables.reset,
            lambda: tables.hand(0),
            lambda: copy.copy(tables),
        ):
            with pytest.raises(RuntimeError, match="another thread is inside a call on this Tables"):
                call()
    finally:
        tables._lock.release()
    obs, _, _ = tables.step([1, 1, 1, 1])
    twin = copy.copy(tables)
    assert twin._lock is not tables._lock
    assert (twin.step([1, 1, 1, 1])[0]["pot"] == tables.step([1, 1, 1, 1])[0]["pot"]).all()
    assert obs["pot"].shape == (4,)
