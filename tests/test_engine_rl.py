"""The Gymnasium and PettingZoo environments pass their libraries' own checkers."""

from __future__ import annotations

import subprocess
import sys
import warnings
from typing import Any

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


def test_aec_after_every_agent_has_left_says_so() -> None:
    """The agent_iter loop that steps None for terminated agents removes them all; a step or a
    last() after it raised PettingZoo's bare KeyError('player_1'), where PokerEnv says the hand
    is over.  A reset deals again."""
    env = aec_env(stacks=[100, 100, 100], seed=1)
    env.reset(seed=1)
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.agents == []
    for call in (lambda: env.step(1), lambda: env.step(None), env.last):
        with pytest.raises(ValueError, match=r"^the hand is over and every agent has left; call reset\(\)$"):
            call()
    env.reset(seed=2)
    assert env.last()[2] is False


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


def _deal(env: Any) -> tuple[tuple[int, ...], ...]:
    """What every agent of an AEC env sees at the start: its cards (and the others' up cards)."""
    return tuple(tuple(env.observe(agent)["observation"].tolist()) for agent in env.possible_agents)


def test_aec_unseeded_resets_deal_new_hands_and_seeded_ones_replay() -> None:
    env = aec_env(stacks=[100] * 3)
    deals = []
    for _ in range(6):
        env.reset()
        deals.append(_deal(env))
    assert len(set(deals)) > 1  # a random stream, not one hand again and again
    env.reset(seed=123)
    seeded = _deal(env)
    env.reset()
    after = _deal(env)
    assert after != seeded and after not in deals
    # Gymnasium's convention: a seed fixes that reset and the unseeded ones after it.
    other = aec_env(stacks=[100] * 3)
    other.reset(seed=123)
    assert _deal(other) == seeded
    other.reset()
    assert _deal(other) == after
    # The Gymnasium environment behaves alike.
    one, two = PokerEnv(stacks=[100] * 3), PokerEnv(stacks=[100] * 3)
    hands = {tuple(one.reset()[0]["cards"].ravel().tolist()) for _ in range(6)}
    assert len(hands) > 1
    a, b = one.reset(seed=5)[0], two.reset(seed=5)[0]
    assert all(np.array_equal(a[key], b[key]) for key in a)
    a, b = one.reset()[0], two.reset()[0]
    assert all(np.array_equal(a[key], b[key]) for key in a)


DRAW_SPELLINGS = [
    "badugi",
    "Badugi",
    "BADUGI",
    "five_card_draw",
    "Five-Card-Draw",
    "2-7 triple draw",
    "deuce_seven_single_draw",
    " 27TD ",
    "draw",
    "5 card draw",
]


@pytest.mark.parametrize("game", DRAW_SPELLINGS)
def test_draw_games_are_refused_in_every_spelling(game: str) -> None:
    engine_game = Hand(game, limit="fixed-limit", stacks=[10, 10], seed=1).game
    assert engine_game in ("badugi", "five-card-draw", "deuce-seven-single-draw", "deuce-seven-triple-draw")
    with pytest.raises(ValueError, match=f"{engine_game}.*needs discard choices"):
        PokerEnv(game, stacks=[100, 100])
    with pytest.raises(ValueError, match=f"{engine_game}.*needs discard choices"):
        aec_env(game, stacks=[100, 100])


def test_game_names_are_the_engines() -> None:
    env = PokerEnv("Hold'em", stacks=[100, 100], seed=1)  # an alias, spelt loosely
    assert env.reset(seed=1)[1]["action_mask"].tolist() == [1, 1, 1, 1, 1, 1]
    with pytest.raises(ValueError, match="unknown game"):
        PokerEnv("canasta", stacks=[100, 100])
    with pytest.raises(TypeError, match="game must be a str"):
        aec_env(7, stacks=[100, 100])  # type: ignore[arg-type]


NOT_INTS = [1.9, 1.0, np.float64(1), "1", True, np.True_, None, [1]]


@pytest.mark.parametrize("action", NOT_INTS)
def test_actions_must_be_ints(action: object) -> None:
    env = PokerEnv(stacks=[100, 100], seed=1)
    env.reset(seed=1)
    with pytest.raises(TypeError, match=f"action must be an int, not {type(action).__name__}"):
        env.step(action)
    assert env.step(np.int64(1))[0] in env.observation_space  # the refusal changed nothing
    aec = aec_env(stacks=[100, 100])
    aec.reset(seed=1)
    with pytest.raises(TypeError, match=f"action must be an int, not {type(action).__name__}"):
        aec.step(action)
    aec.step(np.uint8(1))


@pytest.mark.parametrize("action", [-1, 6, 255, 256, 2**70, -(2**70), np.int64(-1), np.uint64(2**64 - 1)])
def test_actions_outside_the_action_space_are_refused(action: int) -> None:
    env = PokerEnv(stacks=[100, 100], seed=1)
    env.reset(seed=1)
    with pytest.raises(ValueError, match=r"action must be in 0\.\.5 \(the action space\), got"):
        env.step(action)
    assert env.step(1)[0] in env.observation_space  # the refusal changed nothing
    aec = aec_env(stacks=[100, 100])
    aec.reset(seed=1)
    with pytest.raises(ValueError, match=r"action must be in 0\.\.5 \(the action space\), got"):
        aec.step(action)
    agent = aec.agent_selection
    aec.step(1)
    assert aec.agent_selection != agent


def test_illegal_actions_in_the_action_space_name_the_legal_ones() -> None:
    env = PokerEnv(stacks=[100, 100], seed=1, opponent=lambda obs, mask, rng: 1)
    _, info = env.reset(seed=1)
    while info["action_mask"].all():
        _, _, terminated, _, info = env.step(1)
        assert not terminated
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match=f"action {illegal} is not legal now; legal: "):
        env.step(illegal)


def test_seat_takes_numpy_ints() -> None:
    env = PokerEnv(stacks=[100, 100], seat=np.int64(1), seed=1)  # type: ignore[arg-type]
    assert env.seat == 1 and type(env.seat) is int
    assert env.reset(seed=1)[0]["cards"][1][0] != NO_CARD
    with pytest.raises(TypeError, match="seat must be an int, not bool"):
        PokerEnv(stacks=[100, 100], seat=True)
    with pytest.raises(TypeError, match="seat must be an int, not float"):
        PokerEnv(stacks=[100, 100], seat=1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"seat must be 0\.\.1, got -1"):
        PokerEnv(stacks=[100, 100], seat=np.int8(-1))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("seed", "error"), [(-1, ValueError), (2**64, ValueError), (True, TypeError), (1.5, TypeError)]
)
def test_bad_seeds_are_refused(seed: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="seed must be"):
        PokerEnv(stacks=[100, 100]).reset(seed=seed)  # type: ignore[arg-type]
    env = aec_env(stacks=[100, 100])
    with pytest.raises(error, match="seed must be"):
        env.reset(seed=seed)


def test_aec_env_takes_a_seed_for_its_unseeded_resets() -> None:
    # It used to pass seed= on to Tables beside its own seed=0 (a TypeError from Python).
    def first_cards(env: Any) -> list[Any]:
        cards = []
        for _ in range(3):
            env.reset()
            cards.append(env.observe(env.agent_selection)["observation"].tolist())
        return cards

    assert first_cards(aec_env(stacks=[100, 100], seed=5)) == first_cards(aec_env(stacks=[100, 100], seed=5))
    assert first_cards(aec_env(stacks=[100, 100], seed=5)) != first_cards(aec_env(stacks=[100, 100], seed=6))
    with pytest.raises(ValueError, match=r"seed must be in 0\.\.2\*\*64-1"):
        aec_env(stacks=[100, 100], seed=-1)


@pytest.mark.parametrize(
    ("seed", "error"), [(-1, ValueError), (2**64, ValueError), (True, TypeError), (1.5, TypeError)]
)
def test_bad_seeds_are_refused_at_construction(seed: object, error: type[Exception]) -> None:
    """PokerEnv(seed=) words a bad seed as reset(seed=) and aec_env(seed=) do (numpy's own
    errors, or none for True and 2**64, before)."""
    with pytest.raises(error, match="seed must be"):
        PokerEnv(stacks=[100, 100], seed=seed)  # type: ignore[arg-type]
    with pytest.raises(error, match="seed must be"):
        aec_env(stacks=[100, 100], seed=seed)  # type: ignore[arg-type]


ALL_IN_ON_FORCED_BETS = [
    ("holdem", {"stacks": [100, 100, 2]}, 2, "2", "2"),  # the big blind
    ("holdem", {"stacks": [100, 100, 1]}, 2, "1", "2"),
    ("stud", {"limit": "fixed-limit", "stacks": [40, 40, 1], "antes": 1}, 2, "1", "1"),
    ("holdem", {"stacks": [100, 100, 3, 100], "bb_ante": 1}, 2, "3", "3"),
    ("holdem", {"stacks": [100, 100, 100, 4], "straddles": (4,)}, 3, "4", "4"),
]


@pytest.mark.parametrize(("game", "rules", "seat", "stack", "forced"), ALL_IN_ON_FORCED_BETS)
def test_a_seat_all_in_on_its_forced_bets_is_refused(
    game: str, rules: dict[str, Any], seat: int, stack: str, forced: str
) -> None:
    """A seat whose stack does not cover its forced bets never acts: refused at once (its
    reset dealt hand after hand forever, before)."""
    message = rf"seat {seat} never acts: its stack of {stack} does not cover its forced bets \({forced}\)"
    with pytest.raises(ValueError, match=message):
        PokerEnv(game, seat=seat, seed=0, **rules)
    # The other seats still play, and the AEC env, where every seat is an agent, too.
    env = PokerEnv(game, seat=0, seed=0, **rules)
    assert env.reset(seed=1)[1]["action_mask"].any()
    aec = aec_env(game, seed=0, **rules)
    aec.reset(seed=1)
    assert aec.agent_selection != f"player_{seat}"


def test_a_seat_one_chip_above_its_forced_bets_plays() -> None:
    """The refusal is for stacks at most the forced bets: one chip more, and the seat acts."""
    env = PokerEnv(stacks=[100, 100, 3], seat=2, seed=0)
    for episode in range(20):
        obs, info = env.reset(seed=episode)
        assert info["action_mask"].any() and int(obs["stacks"][2]) == 1


# A child process, so that a regression fails here instead of hanging the run.
NO_TURN_CHILD = """
from pokereval.engine.rl import PokerEnv, aec_env
cases = [
    dict(stacks=[1, 100, 1], seat=1),  # both others all in on the blinds: seat 1 has matched
    dict(stacks=[100, 100], seat=1, opponent=lambda obs, mask, rng: 0),  # the button always folds
]
for case in cases:
    env = PokerEnv(seed=0, **case)
    for seed in (1, None):
        try:
            env.reset(seed=seed)
        except ValueError as error:
            print(error)
        else:
            raise SystemExit(f"{case} reset")
aec = aec_env(stacks=[1, 100, 1], seed=0)
for _ in range(3):
    aec.reset()
    for agent in aec.agent_iter(10):
        aec.step(None if aec.terminations[agent] else 1)
"""


def test_reset_gives_up_when_the_agent_never_gets_a_turn() -> None:
    """When the hands keep ending before the agent's turn, reset raises ValueError after
    MAX_DEALS hands instead of dealing forever (it hung, before)."""
    done = subprocess.run([sys.executable, "-c", NO_TURN_CHILD], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    messages = done.stdout.splitlines()
    assert len(messages) == 4
    assert all(message.startswith("seat 1 had no turn in 1000 hands in a row") for message in messages)


NOT_ACTIONS = [
    (-1, ValueError, r"must be in 0\.\.5 \(the action space\), got -1"),
    (300, ValueError, r"must be in 0\.\.5 \(the action space\), got 300"),
    (2.7, TypeError, "must be an int, not float 2.7"),
    ("1", TypeError, "must be an int, not str '1'"),
    (True, TypeError, "must be an int, not bool True"),
    (np.True_, TypeError, "must be an int, not bool"),
    (None, TypeError, "must be an int, not NoneType None"),
]


@pytest.mark.parametrize(("action", "error", "words"), NOT_ACTIONS)
def test_the_opponent_policys_action_is_checked(action: object, error: type[Exception], words: str) -> None:
    """The opponent policy's action is checked as the agent's is, and the message says whose it
    was (numpy's OverflowError, or 2.7 played as 2 and "1" and True taken, before)."""
    env = PokerEnv(stacks=[100, 100], seat=1, seed=0, opponent=lambda obs, mask, rng: action)  # type: ignore[arg-type, return-value]
    with pytest.raises(error, match=f"the opponent policy's action for seat 0 {words}"):
        env.reset(seed=1)


def test_an_illegal_opponent_action_names_the_policy() -> None:
    """A policy action in the action space but not legal names the policy and the legal ones."""

    def min_raise(obs: dict[str, np.ndarray], mask: np.ndarray, rng: np.random.Generator) -> int:
        return 2  # the least raise: not legal against an all-in

    env = PokerEnv(stacks=[100, 100], seat=0, seed=0, opponent=min_raise)
    env.reset(seed=1)
    words = r"action 2 is not legal now; legal: 0 \(fold\), 1 \(check or call\)"
    with pytest.raises(ValueError, match=f"the opponent policy's action for seat 1: {words}"):
        env.step(5)  # all in


def test_the_observation_at_the_end_is_the_finished_hands() -> None:
    """With terminated=True the observation is the hand that ended (its board run out, the
    stacks after the payoffs), not the next one Tables has dealt: it was pot 3, street 0 and
    new hole cards (a hostile review found it)."""
    env = PokerEnv(stacks=[100, 100], seed=0, opponent=lambda obs, mask, rng: 1)
    before, _ = env.reset(seed=2)
    obs, reward, terminated, _, _ = env.step(5)  # all in, called: the board decides
    assert terminated and reward in (-100.0, 0.0, 100.0)
    assert obs["street"] == 3 and int(obs["pot"][0]) == 200 and NO_CARD not in obs["board"]
    assert obs["stacks"].tolist() == [100 + int(reward), 100 - int(reward)]
    assert obs["cards"][0].tolist() == before["cards"][0].tolist()  # the agent's own hand
    aec = aec_env(stacks=[100, 100], seed=3)
    aec.reset(seed=3)
    while not any(aec.terminations.values()):
        aec.step(1)  # every seat checks or calls: the hand goes to a showdown on the river
    board = aec.observe("player_0")["observation"][2 * 7 : 2 * 7 + 5]
    assert NO_CARD not in board  # the finished hand's board, not the next hand's empty one


@pytest.mark.parametrize("failure", ["out of the space", "raises"])
def test_after_the_opponent_policy_fails_the_agents_action_plays_no_other_seat(failure: str) -> None:
    # The policy failed on seat 2's turn; the agent's next step went all in for seat 2.
    calls = {"n": 0}

    def flaky(obs: Any, mask: Any, rng: Any) -> int:
        calls["n"] += 1
        if calls["n"] == 2:
            if failure == "raises":
                raise RuntimeError("the policy broke")
            return 9
        return 1

    env = PokerEnv(stacks=[100, 100, 100], seat=0, seed=1, opponent=flaky)
    env.reset(seed=1)
    with pytest.raises((ValueError, RuntimeError)):
        env.step(1)
    bets = env._table.tables.hand(0).bets
    with pytest.raises(ValueError, match=r"^it is seat 2's turn, not the agent's \(seat 0\).*call reset\(\)"):
        env.step(5)
    assert env._table.tables.hand(0).bets == bets
    env.reset(seed=3)  # and the env plays on after a reset
    assert env.step(1)[0]["pot"].shape == (1,)


def test_environments_deepcopy_mid_hand() -> None:
    import copy

    env = PokerEnv(stacks=[100, 100, 100], seed=1)
    env.reset(seed=2)
    twin = copy.deepcopy(env)
    first = env.step(1)
    assert twin._table.tables.hand(0) != env._table.tables.hand(0)  # the twin did not move
    second = twin.step(1)
    assert first[1:4] == second[1:4]
    assert all(np.array_equal(first[0][key], second[0][key]) for key in first[0])
    # to the end of the hand, both alike (the opponents' random moves from copied streams)
    while not first[2]:
        first, second = env.step(1), twin.step(1)
        assert first[1:4] == second[1:4]
    aec = aec_env(stacks=[100, 100, 100])
    aec.reset(seed=2)
    other = copy.deepcopy(aec)
    aec.step(1)
    assert (aec.agent_selection, other.agent_selection) == ("player_1", "player_0")
    other.step(1)
    assert other.agent_selection == "player_1"
    assert np.array_equal(aec.observe("player_1")["observation"], other.observe("player_1")["observation"])
