"""Random PokerKit hands played to the end, for the pokerkit shim's tests and benchmark.

``play(game, seed)`` deals one hand of a PokerKit game class with random stacks and random
actions (calls mostly, some raises and all-ins, few folds) and returns the final stacks.
Everything random comes from the seed: PokerKit shuffles its deck with the global
``random``, which is seeded first, and the actions come from their own generator.  So a
game played with stock hand types and with the shim's plays the same cards and actions,
and its stacks must come out the same.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

# A helper module, but pytest still imports it for its doctests: skip where PokerKit is not
# installed (the tests of an installed wheel have no peers).
pokerkit = pytest.importorskip("pokerkit")

from pokerkit import Automation, PotLimitOmahaHoldem  # noqa: E402

from pokereval.compat import pokerkit as shim  # noqa: E402

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


StockHoldem = pokerkit.NoLimitTexasHoldem
ShimHoldem = shim.NoLimitTexasHoldem


class StockOmahaHiLo(PotLimitOmahaHoldem):
    """Pot-limit Omaha hi-lo, eight or better: PokerKit has the fixed-limit game only."""

    hand_types = (pokerkit.OmahaHoldemHand, pokerkit.OmahaEightOrBetterLowHand)  # type: ignore[assignment]


class ShimOmahaHiLo(PotLimitOmahaHoldem):
    """The same with the shim's hand types."""

    hand_types = (shim.OmahaHoldemHand, shim.OmahaEightOrBetterLowHand)  # type: ignore[assignment]


def play(game: type[Any], seed: int) -> list[int]:
    """Play one hand of `game` (a PokerKit game class) to the end; the final stacks."""
    return list(played(game, seed)[1].stacks)


def played(game: type[Any], seed: int) -> tuple[Any, Any]:
    """The game (an instance of `game`) and the state of one hand played to the end."""
    actions = random.Random(seed)
    players = actions.randint(2, 6)
    stacks = [actions.choice((20, 50, 100, 200, 400, 1000)) for _ in range(players)]
    random.seed(seed)  # PokerKit shuffles the deck with the global random
    rules = game(AUTOMATIONS, True, 0, (1, 2), 2)
    state = rules(stacks, players)
    while state.status:
        roll = actions.random()
        if state.can_fold() and roll < 0.04:
            state.fold()
        elif state.can_complete_bet_or_raise_to() and roll < 0.35:
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            state.complete_bet_or_raise_to(high if roll < 0.2 else actions.randint(low, high))
        elif state.can_check_or_call():
            state.check_or_call()
        else:  # pragma: no cover  (with every automation on, nothing else is asked)
            raise AssertionError(f"no action to take in {state}")
    return rules, state
