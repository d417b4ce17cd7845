"""The Gymnasium and PettingZoo environments pass their libraries' own checkers."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pettingzoo = pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from pokereval.engine import Hand  # noqa: E402
from pokereval.engine.rl import NO_CARD, PokerEnv, aec_env, flatten, random_policy  # noqa: E402

GAMES = [
    ("holdem", {"stacks": [100, 100, 100]}),
    ("omaha-hilo", {"limit": "pot-limit", "stacks": [60, 90]}),
    ("stud", {"limit": "fixed-limit", "stacks": [40] * 5, "antes": 1}),
    ("shortdeck", {"stacks": [30, 50, 80, 120]}),
]


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_gymnasium_checker(game: str, rules: dict[str, object]) -> None:
    env = PokerEnv(game, seed=1, **rules)  # type: ignore[arg-type]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_pettingzoo_api_test(game: str, rules: dict[str, object]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(aec_env(game, **rules), num_cycles=300)  # type: ignore[arg-type]


def test_episodes_pay_the_agent() -> None:
    env = PokerEnv(stacks=[100, 100], seat=1, seed=4)
    rng = np.random.default_rng(0)
    total = 0.0
    for episode in range(300):
        obs, info = env.reset(seed=episode)
        assert obs in env.observation_space
        terminated = False
        while not terminated:
            action = random_policy(obs, info["action_mask"], rng)
            obs, reward, terminated, truncated, info = env.step(action)
            assert not truncated and (terminated or reward == 0.0)
        total += reward
        assert -100 <= reward <= 100
    with pytest.raises(ValueError, match="call reset"):
        env.step(1)
    assert total != 0.0


def test_the_agent_sees_its_cards_and_the_up_cards_only() -> None:
    env = PokerEnv("stud", limit="fixed-limit", stacks=[40] * 3, antes=1, seat=2, seed=3)
    obs, _ = env.reset(seed=3)
    cards = obs["cards"]
    assert (cards[2][:3] != NO_CARD).all()  # all three of its own
    for other in (0, 1):
        seen = cards[other][cards[other] != NO_CARD]
        assert len(seen) == 1  # the up card alone
    table = env._table.tables.hand(0)
    assert [int(card) for card in table.holes[2]] == list(cards[2][:3])  # type: ignore[arg-type]


def test_seeded_resets_replay() -> None:
    one, two = PokerEnv(stacks=[50] * 4, seed=9), PokerEnv(stacks=[50] * 4, seed=9)
    a, _ = one.reset(seed=12)
    b, _ = two.reset(seed=12)
    assert all(np.array_equal(a[key], b[key]) for key in a)


def test_aec_rewards_add_up() -> None:
    env = aec_env(stacks=[100] * 3)
    rng = np.random.default_rng(1)
    for episode in range(50):
        env.reset(seed=episode)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(random_policy({}, obs["action_mask"], rng))
        assert sum(env._cumulative_rewards.values()) == 0 or not env.agents  # type: ignore[attr-defined, unused-ignore]
    observation = env.observe("player_0")["observation"]
    assert observation.dtype == np.int64 and len(observation) == 3 * 7 + 5 + 3 + 3 + 1 + 2
    assert flatten(PokerEnv(stacks=[10, 10], seed=1).reset(seed=1)[0]).shape == (7 * 2 + 5 + 2 + 2 + 3,)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="discard choices"):
        PokerEnv("badugi", limit="fixed-limit", stacks=[10, 10])
    with pytest.raises(ValueError, match=r"seat must be 0\.\.1"):
        PokerEnv(stacks=[10, 10], seat=2)
    with pytest.raises(TypeError, match="needs stacks"):
        PokerEnv()
    with pytest.raises(TypeError, match="needs stacks"):
        aec_env()


def test_the_environments_play_the_engines_rules() -> None:
    env = PokerEnv(stacks=[100, 100], seed=1)
    obs, info = env.reset(seed=7)
    hand = env._table.tables.hand(0)
    assert isinstance(hand, Hand) and info["action_mask"].tolist() == [1, 1, 1, 1, 1, 1]
    assert obs["bets"].tolist() == list(hand.bets) and int(obs["pot"][0]) == hand.pot
