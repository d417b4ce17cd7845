"""Hostile review of Tables and the RL environments: each test is a defect found and fixed."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import numpy as np
import pytest

from pokereval.engine import Tables

rl = pytest.importorskip("pokereval.engine.rl")


# ---- Tables --------------------------------------------------------------------------------


def test_tables_keep_their_own_copy_of_the_rules() -> None:
    # Tables.hand(i) reads the rules again: it read the caller's list, changed since, and gave
    # the hand wrong starting stacks and payoffs ((49, 1) for a small blind's fold).
    stacks = [100, 100]
    tables = Tables(1, stacks=stacks, seed=1)
    stacks[0] = 50
    hand = tables.hand(0)
    hand.fold()
    assert hand.starting_stacks == (100, 100) and hand.payoffs == (-1, 1)


def test_tables_take_iterators_for_their_rules() -> None:
    # An iterator was spent by the first read: hand(i) said "got 0 stacks", or took the
    # straddles as none and then could not pickle.
    tables = Tables(2, stacks=iter([100, 100, 100]), seed=1)
    assert tables.hand(1).starting_stacks == (100, 100, 100)
    tables = Tables(2, stacks=[100, 100, 100], straddles=iter([4]), antes=iter([1, 1, 1]), seed=1)
    hand = tables.hand(1)
    assert hand.pot == 10 and pickle.loads(pickle.dumps(hand)) == hand


@pytest.mark.parametrize(
    "sizes, error, words",
    [
        ((10**400,), ValueError, r"sizes\[0\] is an int of 401 digits; .*less than 1,000,000"),
        ((0.5, 2e6), ValueError, r"sizes\[1\] is 2000000.0; .*less than 1,000,000"),
        ({0.5, 1.0}, TypeError, r"sizes must be a list or tuple, in order, got set"),
        ({1.0: "pot", 0.5: "half"}, TypeError, r"sizes must be a list or tuple, in order, got dict"),
    ],
)
def test_raise_sizes_are_refused_in_words(sizes: Any, error: type[Exception], words: str) -> None:
    # An int past any float raised OverflowError naming nothing; a size of a million pots or
    # more was "not a positive fraction"; a set or a dict (no order for the actions) passed.
    with pytest.raises(error, match=words):
        Tables(2, stacks=[100, 100], sizes=sizes)


def test_fixed_limit_sizes_and_all_in_as_the_docstring_says() -> None:
    # Stud with an open pair on fourth street may bet the small bet or the big: the sizes give
    # the least and all-in the big bet, which the docstring now says ("the one amount" before).
    assert "open pair" in (Tables.__doc__ or "")
    rules: dict[str, Any] = {
        "limit": "fixed-limit",
        "stacks": [200] * 4,
        "antes": 1,
        "bring_in": 1,
        "bets": (4, 8),
    }
    tables = Tables(64, "stud", seed=1, **rules)
    rng = np.random.default_rng(0)
    seen = 0
    for _ in range(120):
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in tables.mask], np.uint8)
        for i in range(tables.n):
            hand = tables.hand(i)
            if hand.min_raise_to is None or hand.min_raise_to == hand.max_raise_to or seen >= 3:
                continue
            actor = hand.actor
            assert actor is not None
            for action, amount in ((3, hand.min_raise_to), (4, hand.min_raise_to), (5, hand.max_raise_to)):
                twin = copy.copy(tables)
                moves = actions.copy()
                moves[i] = action
                twin.step(moves)
                assert twin.hand(i).bets[actor] == amount
            seen += 1
        tables.step(actions)
    assert seen


# ---- the environments ----------------------------------------------------------------------


def test_poker_env_refuses_a_step_before_reset() -> None:
    # The agent (seat 2) stepped before any reset() folded seat 0's hand in its name.
    env = rl.PokerEnv(stacks=[100, 100, 100], seat=2, seed=1)
    with pytest.raises(ValueError, match=r"call reset\(\) first"):
        env.step(0)
    assert env._table.tables.hand(0).actor == 0 and not env._table.done  # nothing moved
    env.reset(seed=1)
    env.step(1)


def test_aec_env_refuses_a_step_before_reset() -> None:
    env = rl.aec_env(stacks=[100, 100])  # was AttributeError: no attribute 'agent_selection'
    with pytest.raises(ValueError, match=r"call reset\(\) first"):
        env.step(1)


def test_the_opponent_must_be_a_policy() -> None:
    # A string was taken and failed at its first turn: "'str' object is not callable".
    with pytest.raises(TypeError, match=r"opponent must be a policy.*not str 'random'"):
        rl.PokerEnv(stacks=[100, 100], seat=1, opponent="random")


def test_aec_env_refuses_render_modes_it_has_not() -> None:
    # PokerEnv refused "human"; aec_env took it and rendered nothing.
    with pytest.raises(ValueError, match=r"render_mode must be None or 'ansi', got 'human'"):
        rl.aec_env(stacks=[100, 100], render_mode="human")


@pytest.mark.parametrize("make", [rl.PokerEnv, rl.aec_env])
@pytest.mark.parametrize("name", ["threads", "n"])
def test_the_environments_take_hands_rules_only(make: Any, name: str) -> None:
    # threads= was passed through to Tables unseen; n= said "Tables.__init__() got multiple
    # values for argument 'n'".
    with pytest.raises(TypeError, match=rf"got unexpected keyword argument '{name}'"):
        make(stacks=[100, 100], **{name: 2})


@pytest.mark.parametrize("make", [rl.PokerEnv, rl.aec_env])
def test_the_environments_take_an_iterator_of_stacks(make: Any) -> None:
    # The stacks were read twice: Tables spent the iterator, the observation space was Box(0, 0).
    env = make(stacks=iter([100, 100]), seed=1)
    env.reset(seed=1)
    if make is rl.PokerEnv:
        space = env.observation_space["stacks"]
    else:
        space = env.observation_space("player_0")["observation"]
    assert int(np.max(space.high)) == 200


def test_an_illegal_agent_action_is_worded_for_the_env() -> None:
    # The agent's refusal spoke of "table 0", a table the environment does not show.
    env = rl.PokerEnv(stacks=[100, 100], seed=1, opponent=lambda obs, mask, rng: 1)
    env.reset(seed=1)
    env.step(1)  # the button calls, the big blind checks; on the flop it checks to the button
    with pytest.raises(ValueError, match=r"^action 0 is not legal now; legal: 1 \(check or call\)"):
        env.step(0)
    aec = rl.aec_env(stacks=[100, 100])
    aec.reset(seed=1)
    aec.step(1)
    with pytest.raises(ValueError, match=r"^action 0 is not legal now; legal: 1 \(check or call\)"):
        aec.step(0)


@pytest.mark.parametrize("actions", [{0: 1, 1: 1, 2: 1}, {1, 2, 3}, frozenset({1})])
def test_actions_without_an_order_are_refused_in_words(actions: object) -> None:
    # numpy read a dict or a set as one object: "must have shape (3,), one per table, got ()".
    tables = Tables(3, stacks=[100, 100], seed=1)
    with pytest.raises(
        TypeError, match=r"actions must be a list or tuple, in order, got (dict|set|frozenset)"
    ):
        tables.step(actions)
