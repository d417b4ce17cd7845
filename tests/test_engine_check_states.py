"""States the engine writes itself must load back from a pickle.

pe_engine_check refuses a pickled Hand whose struct the engine could not have written; a state
it could have written refused there is a user's saved hand that no longer loads.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from pokereval._pokereval import ffi

from pokereval.engine import Hand
from pokereval.engine import _native as nat

MAX = 2**40  # PE_ENGINE_MAX_CHIPS: the most chips a rule or a stack may hold


def _round_trip_and_play(hand: Hand) -> None:
    """Pickle the hand at every point of a short line of play: each loads back equal, and the
    loaded hand plays on as the hand does."""
    for _ in range(12):
        again = pickle.loads(pickle.dumps(hand))
        assert again == hand
        if hand.done:
            break
        if hand.phase == "bet":
            move = "check_or_call" if "bring_in" not in hand.legal else "bring_in"
            amount = hand.min_raise_to
            if amount is not None:
                hand.bet_or_raise_to(amount)
                again.bet_or_raise_to(amount)
            else:
                getattr(hand, move)()
                getattr(again, move)()
        elif hand.phase == "draw":
            hand.discard()
            again.discard()
        else:
            break
        assert again == hand


# Bet sizes the engine derives from the rules: twice a rule (fixed-limit's big bet from the big
# blind; min_bet and the small bet from a bring-in with no blind) and four times it (stud's big
# bet from the bring-in).  Each rule is within 2**40, so pe_engine_start takes them.
@pytest.mark.parametrize(
    "rules",
    [
        dict(limit="fixed-limit", stacks=[MAX, MAX], blinds=(MAX // 2, MAX)),
        dict(limit="fixed-limit", stacks=[100, 100, 100], blinds_or_straddles=[MAX // 2 + 1] * 2 + [0]),
        dict(game="badugi", limit="fixed-limit", stacks=[100, 100], blinds=(0, MAX // 2 + 1)),
        dict(game="stud", limit="fixed-limit", stacks=[MAX, MAX], blinds=(MAX, 0), antes=1),
        dict(game="stud", limit="no-limit", stacks=[MAX, MAX], blinds=(MAX, 0), antes=1),
        dict(game="razz", limit="fixed-limit", stacks=[100, 100], blinds=(MAX // 4 + 1, 0)),
        dict(game="stud-hilo", limit="pot-limit", stacks=[MAX, MAX, MAX], blinds=(MAX // 2 + 1, 0), antes=1),
    ],
)
def test_bet_sizes_the_rules_double_load_back(rules: dict[str, Any]) -> None:
    hand = Hand(seed=7, **rules)
    _round_trip_and_play(hand)


def test_bet_sizes_past_what_the_rules_make_are_still_refused() -> None:
    hand = Hand(limit="fixed-limit", stacks=[100, 100], seed=1)
    data = bytearray(pickle.dumps(hand))
    state = nat.state_bytes(hand._p)
    start = data.find(nat.LAYOUT + state) + len(nat.LAYOUT)  # the hand's state, not the rules'
    assert start >= len(nat.LAYOUT) and data.find(nat.LAYOUT + state, start) < 0
    at = start + ffi.offsetof("pe_engine_t", "big_bet")
    data[at : at + 8] = (4 * MAX + 1).to_bytes(8, "little")
    with pytest.raises(ValueError, match="never writes"):
        pickle.loads(bytes(data))


def _tampered(hand: Hand, field: str, value: int, size: int) -> bytes:
    """The hand's pickle with one field of its state set to `value` (`size` bytes)."""
    data = bytearray(pickle.dumps(hand))
    state = nat.state_bytes(hand._p)
    start = data.find(nat.LAYOUT + state) + len(nat.LAYOUT)
    assert start >= len(nat.LAYOUT) and data.find(nat.LAYOUT + state, start) < 0
    at = start + ffi.offsetof("pe_engine_t", field)
    data[at : at + size] = value.to_bytes(size, "little")
    return bytes(data)


def test_a_muck_while_betting_goes_on_is_refused() -> None:
    # A pickle marking a seat in the betting round as mucked loaded, and when the other seat
    # folded nobody won the pot: payoffs (0, -2, -2).  The engine mucks only once betting is over.
    hand = Hand(stacks=[100, 100, 100], seed=1)
    hand.fold()
    hand.check_or_call()
    hand.check()
    assert hand.phase == "bet" and hand.street == 1
    with pytest.raises(ValueError, match="never writes"):
        pickle.loads(_tampered(hand, "mucked", 1 << 1, 2))


def test_a_muck_once_betting_is_over_loads_back() -> None:
    # Every seat all in before the flop: betting is over while the board is dealt, and a seat
    # may muck then (one other seat in put chips in).
    hand = Hand(stacks=[50, 50, 50], seed=1, auto_deal=False)
    for cards in ("AsAd", "KsKd", "QsQd"):
        hand.deal(cards)
    hand.bet_or_raise_to(50)
    hand.check_or_call()
    hand.check_or_call()
    assert hand.phase == "deal"
    hand.muck(1)
    again = pickle.loads(pickle.dumps(hand))
    assert again == hand
    for board in ("2c7d9h", "Js", "3s"):
        again.deal(board)
    assert sum(again.payoffs) == 0 and again.payoffs[1] == -50
