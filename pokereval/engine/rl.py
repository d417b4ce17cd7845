"""Reinforcement-learning environments over the engine (the optional extra ``pokereval-cffi[rl]``).

:class:`PokerEnv` is a Gymnasium environment: the agent plays one seat, the others play a
policy (uniformly random legal actions by default); one episode is one hand in which the seat
acts, the reward the seat's payoff in chips. :func:`aec_env` makes a PettingZoo AEC environment
in which every seat is an agent. Both step the same C state as
:class:`~pokereval.engine.Tables` (one table), with its discrete actions: 0 fold, 1 check, call
or bring in, 2 the least raise, then one per raise size, then all in; the legal ones are
``info["action_mask"]`` (Gymnasium) and the observation's ``"action_mask"`` (PettingZoo, as its
classic games do). An action must be an int (numpy integers too) in the action space. Draw
games need discard choices these action spaces do not have; they are refused, however their
name is spelt. As in Gymnasium, ``reset(seed=s)`` deals a repeatable hand and seeds the stream
that the unseeded resets after it draw from; ``reset()`` deals a new hand each time.

An observation is what the seat sees: ``cards`` (seats x 7 card ids, 52 where none is seen:
its own cards and the others' face-up cards), ``board`` (5), ``stacks``, ``bets``, ``pot``,
``street`` and ``position`` (the seat's place from the button's left): a dict in Gymnasium,
one int64 vector in that order (:func:`flatten`) in PettingZoo.

This module imports gymnasium and pettingzoo, so it is imported only on demand
(``from pokereval.engine import rl``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np

from .._checks import extra_imports

with extra_imports("pokereval.engine.rl", "the rl extra: pip install 'pokereval-cffi[rl]'"):
    import gymnasium
    from gymnasium import spaces
    from pettingzoo import AECEnv

from .._checks import as_int, check_seed
from . import _native as nat
from .hand import _game
from .tables import _RULE_NAMES, Tables, out_arrays

__all__ = ["PokerEnv", "aec_env", "flatten", "random_policy"]

NO_CARD = 52  # an unseen card in observations (the engine's 255 does not fit a card space)
MAX_DEALS = 1000
"""The most hands in a row :meth:`PokerEnv.reset` deals that end before the agent's turn before
it gives up with ValueError (a random opponent leaves the agent no turn far less often)."""

Policy = Callable[[dict[str, np.ndarray], np.ndarray, np.random.Generator], int]


def flatten(observation: dict[str, Any]) -> np.ndarray:
    """An observation as one int64 vector: cards, board, stacks, bets, pot, street, position
    (PettingZoo's ``"observation"``).

    >>> env = aec_env(stacks=[100, 100])
    >>> env.reset(seed=1)
    >>> env.observe("player_0")["observation"].shape
    (26,)
    """
    return np.concatenate(
        [
            observation["cards"].ravel(),
            observation["board"],
            observation["stacks"],
            observation["bets"],
            observation["pot"],
            [observation["street"], observation["position"]],
        ]
    ).astype(np.int64)


def random_policy(observation: dict[str, np.ndarray], mask: np.ndarray, rng: np.random.Generator) -> int:
    """A uniformly random legal action.

    >>> random_policy({}, np.array([0, 1, 0, 0, 0, 1], np.int8), np.random.default_rng(0))
    5
    """
    return int(rng.choice(np.flatnonzero(mask)))


class _Table:
    """One table of Tables, read from one seat's side."""

    def __init__(self, game: str, sizes: tuple[float, ...], rules: dict[str, Any], owner: str) -> None:
        unknown = set(rules) - _RULE_NAMES  # Hand's rules only: not Tables' n or threads
        if unknown:
            raise TypeError(f"{owner} got unexpected keyword argument {sorted(unknown)[0]!r}")
        name, _ = _game(game, rules.get("hole_cards"))  # the engine's own reading of the name
        if nat.variant_facts(nat.VARIANTS[name])["draws"]:
            raise ValueError(
                f"{game!r} is {name}, a draw game: it needs discard choices, which these action spaces"
                " do not have; the environments play games without draws"
            )
        self.tables = Tables(1, game, sizes=sizes, seed=0, **rules)
        self.seats = self.tables.seats
        self.actions = self.tables.actions
        total = sum(self.tables._rules.stacks)  # as Tables read them (an iterator is read once)
        self.space = spaces.Dict(
            {
                "cards": spaces.Box(0, NO_CARD, (self.seats, nat.HOLD), np.int64),
                "board": spaces.Box(0, NO_CARD, (nat.BOARD,), np.int64),
                "stacks": spaces.Box(0, total, (self.seats,), np.int64),
                "bets": spaces.Box(0, total, (self.seats,), np.int64),
                "pot": spaces.Box(0, total, (1,), np.int64),
                "street": spaces.Discrete(5),
                "position": spaces.Discrete(self.seats),
            }
        )
        # The same, as one int64 vector (PettingZoo's checker wants a Box): cards, board, stacks,
        # bets, pot, street, position.
        size = self.seats * nat.HOLD + nat.BOARD + 2 * self.seats + 3
        high = np.concatenate(
            [
                np.full(self.seats * nat.HOLD + nat.BOARD, NO_CARD),
                np.full(2 * self.seats + 1, total),
                [4, self.seats - 1],
            ]
        )
        self.flat_space = spaces.Box(np.zeros(size, np.int64), high.astype(np.int64), (size,), np.int64)
        self.obs = self.tables.reset()
        self.button = self.tables.hand(0).button
        self.done = False
        self.payoffs = np.zeros(self.seats, np.int64)
        # The table as it stood before each step, and the row its last action leaves it in:
        # Tables deals the next hand at once, so the end of a hand is shown from this copy.
        self._before = nat.tables(1)
        self._final = out_arrays(1, self.seats, self.actions)
        self._final_out, self._final_keep = nat.outputs(self._final, 0, 1)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        """A copy to step on its own (search and rollouts copy environments mid-hand): its own
        Tables (copy.copy is an independent one) and C buffers; the cffi buffers themselves do
        not copy."""
        new = object.__new__(type(self))
        memo[id(self)] = new
        new.__dict__.update(self.__dict__)
        new.tables = copy.copy(self.tables)
        new.obs = dict(new.tables._obs)  # obs is always the Tables' views (reset, step)
        new.space = copy.deepcopy(self.space, memo)
        new.flat_space = copy.deepcopy(self.flat_space, memo)
        new.payoffs = self.payoffs.copy()
        new._before = nat.tables(1)  # scratch: written before it is read, in step
        new._final = {name: array.copy() for name, array in self._final.items()}
        new._final_out, new._final_keep = nat.outputs(new._final, 0, 1)
        return new

    def reset(self, seed: int | None) -> None:
        self.obs = self.tables.reset(seed=seed)
        self.done = False
        self.payoffs[:] = 0

    @property
    def actor(self) -> int:
        return int(self.obs["actor"][0])

    def mask(self) -> np.ndarray:
        return np.asarray(self.obs["mask"][0], dtype=np.int8)

    def check(self, action: object, what: str = "action") -> int:
        """`action` as an int in the action space, or TypeError / ValueError naming it `what`."""
        number = as_int(action, what)
        if not 0 <= number < self.actions:
            raise ValueError(f"{what} must be in 0..{self.actions - 1} (the action space), got {number}")
        return number

    def all_in_on_forced_bets(self, seat: int) -> str | None:
        """Why `seat` never acts, if its stack does not cover its forced bets (the engine's own
        account of them, which every hand posts alike); else None."""
        rules = self.tables._rules.rules
        live, dead = nat.forced_bets(rules)
        stack, forced = int(rules.stacks[seat]), live[seat] + dead[seat]
        if stack > forced:
            return None
        return (
            f"seat {seat} never acts: its stack of {stack} does not cover its forced bets ({forced}),"
            " so it is all in on them and every hand ends without its turn; give it a deeper stack"
        )

    def step(self, action: int) -> None:
        tables = self.tables
        moves = tables._actions(np.array([action], np.uint8))
        # The copy of the hand before the step, the step and the finish read from that copy are
        # one turn of the Tables: a copy taken outside it (or read by pe_tables_finish while
        # another thread's step writes it) could be half of another thread's step.
        with tables._turn():
            nat.copy_into(self._before, nat.table_at(tables._tables, 0))
            tables._step(moves)
            self.obs = dict(tables._obs)
            if tables._done[0]:
                self.done = True
                self.payoffs[:] = tables._rewards[0]
                rc = nat.tables_finish(
                    self._before, action, tables._c_sizes, len(tables._sizes), self._final_out
                )
                assert rc == 0, rc  # the action was legal: Tables.step took it

    def observe(self, seat: int) -> dict[str, Any]:
        obs = self._final if self.done else self.obs
        hole = obs["hole"][0].astype(np.int64)
        up = obs["up"][0]
        seen = np.full((self.seats, nat.HOLD), NO_CARD, np.int64)
        for other in range(self.seats):
            for k in range(nat.HOLD):
                card = hole[other, k]
                if card != nat.NO_CARD and (other == seat or up[other] >> k & 1):
                    seen[other, k] = card
        board = obs["board"][0].astype(np.int64)
        board[board == nat.NO_CARD] = NO_CARD
        return {
            "cards": seen,
            "board": board,
            "stacks": obs["stacks"][0].astype(np.int64),
            "bets": obs["bets"][0].astype(np.int64),
            "pot": obs["pot"][0:1].astype(np.int64),
            "street": int(obs["street"][0]),
            "position": (seat - self.button - 1) % self.seats,
        }


class PokerEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """A Gymnasium environment: the agent plays ``seat``, the other seats play ``opponent`` (a
    function of their observation, the action mask and a numpy Generator; uniformly random
    legal actions by default). One episode is one hand; the reward, at its end, is the seat's
    payoff in chips. A hand that ends before the seat's first turn (everyone folds to its big
    blind) is dealt again by ``reset`` and is no episode, so the returns leave out the walks a
    seat would win or lose without a decision. The rules are :class:`~pokereval.engine.Hand`'s
    keywords (``stacks`` is required); actions and ``sizes`` are
    :class:`~pokereval.engine.Tables`'. The opponent's actions are checked as the agent's are.
    A seat whose stack does not cover its forced bets never acts, and is refused (ValueError);
    a reset that deals :data:`MAX_DEALS` hands in a row that all end before the agent's turn
    gives up with ValueError too.

    >>> env = PokerEnv(stacks=[100, 100], seed=1)
    >>> obs, info = env.reset(seed=1)
    >>> info["action_mask"]
    array([1, 1, 1, 1, 1, 1], dtype=int8)
    >>> obs, reward, terminated, truncated, info = env.step(0)  # fold the small blind
    >>> reward, terminated
    (-1.0, True)
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012  (Gymnasium declares it so)

    def __init__(
        self,
        game: str = "holdem",
        *,
        seat: int = 0,
        opponent: Policy | None = None,
        sizes: tuple[float, ...] = (0.5, 1.0),
        seed: int | None = None,
        render_mode: str | None = None,
        **rules: Any,
    ) -> None:
        if "stacks" not in rules:
            raise TypeError("PokerEnv needs stacks=, one per seat")
        self._table = _Table(game, sizes, rules, "PokerEnv")
        seat = as_int(seat, "seat")
        if not 0 <= seat < self._table.seats:
            raise ValueError(f"seat must be 0..{self._table.seats - 1}, got {seat}")
        never = self._table.all_in_on_forced_bets(seat)
        if never is not None:
            raise ValueError(never)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        if opponent is not None and not callable(opponent):
            raise TypeError(
                "opponent must be a policy: a function of (observation, mask, numpy Generator) giving an"
                f" action, not {type(opponent).__name__} {opponent!r}"
            )
        self.seat = seat
        self._dealt = False  # step() before the first reset() would move another seat's hand
        self.opponent = opponent or random_policy
        self.render_mode = render_mode
        self.observation_space = self._table.space
        self.action_space = spaces.Discrete(self._table.actions)
        self._rng = np.random.default_rng(check_seed(seed))

    def _play_others(self) -> None:
        table = self._table
        while not table.done and table.actor != self.seat:
            actor = table.actor
            what = f"the opponent policy's action for seat {actor}"
            move = table.check(self.opponent(table.observe(actor), table.mask(), self._rng), what)
            try:
                table.step(move)
            except ValueError as error:  # Tables words it for table 0; the policy is at fault
                raise ValueError(f"{what}: {str(error).removeprefix('table 0: ')}") from None

    def _result(self) -> tuple[dict[str, Any], dict[str, Any]]:
        mask = self._table.mask() if not self._table.done else np.zeros(self._table.actions, np.int8)
        return self._table.observe(self.seat), {"action_mask": mask}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a new hand (seeded by `seed`) and play the others up to the agent's turn.

        >>> obs, info = PokerEnv(stacks=[100, 100, 100], seat=2, seed=0).reset(seed=4)
        >>> obs["position"], obs["cards"][2][:2].tolist() != [52, 52]
        (1, True)
        """
        seed = check_seed(seed)
        super().reset(seed=seed)
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self._dealt = True
        self._table.reset(int(self._rng.integers(2**63)) if seed is None else seed)
        self._play_others()
        deals = 1
        while self._table.done:  # the hand ended before the agent acted: deal another
            if deals == MAX_DEALS:
                raise ValueError(
                    f"seat {self.seat} had no turn in {MAX_DEALS} hands in a row: each ended before it"
                    " was to act (the opponent policy's moves, or the others' stacks, left it no"
                    " decision); give the others deeper stacks or play another opponent policy"
                )
            self._table.reset(int(self._rng.integers(2**63)))
            self._play_others()
            deals += 1
        return self._result()

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play the agent's action, then the others' up to its next turn or the end.

        >>> env = PokerEnv(stacks=[100, 100], seed=1, opponent=lambda obs, mask, rng: 1)
        >>> _ = env.reset(seed=2)
        >>> env.step(5)[1:3]  # all in, and the calling opponent calls: the board decides
        (100.0, True)
        """
        table = self._table
        if not self._dealt:
            raise ValueError("no hand has been dealt yet; call reset() first")
        if table.done:
            raise ValueError("the hand is over; call reset()")
        if table.actor != self.seat:
            # Only after the opponent policy failed (it raised, or gave an action outside the
            # space) on an earlier turn: the action is the agent's, never another seat's.
            raise ValueError(
                f"it is seat {table.actor}'s turn, not the agent's (seat {self.seat}): the opponent"
                " policy failed before the agent's turn came; call reset()"
            )
        move = table.check(action)
        try:
            table.step(move)
        except ValueError as error:  # Tables words it for table 0; the env has one hand
            raise ValueError(str(error).removeprefix("table 0: ")) from None
        self._play_others()
        obs, info = self._result()
        reward = float(table.payoffs[self.seat]) if table.done else 0.0
        return obs, reward, table.done, False, info

    def render(self) -> str | None:
        """The hand in words (render_mode "ansi").

        >>> env = PokerEnv(stacks=[100, 100], seed=1, render_mode="ansi")
        >>> _ = env.reset(seed=1)
        >>> env.render()
        '<Hand holdem no-limit, 2 seats, preflop, pot 3, seat 0 to act>'
        """
        if self.render_mode != "ansi":
            return None
        return repr(self._table.tables.hand(0)) if not self._table.done else "hand over"


class _AEC(AECEnv):  # type: ignore[misc]
    """PettingZoo AEC environment over one table: every seat is an agent."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "pokereval_engine_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        sizes: tuple[float, ...],
        render_mode: str | None,
        rules: dict[str, Any],
        seed: int | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self._table = _Table(game, sizes, rules, "aec_env")
        seats = self._table.seats
        self.possible_agents = [f"player_{seat}" for seat in range(seats)]
        self.agents = self.possible_agents[:]
        mask_space = spaces.Box(0, 1, (self._table.actions,), np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": self._table.flat_space, "action_mask": mask_space})
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self._table.actions) for agent in self.possible_agents}
        self.render_mode = render_mode
        seed = check_seed(seed)
        # The stream unseeded resets draw from: seed= here, as PokerEnv's, else the OS's entropy.
        self._rng: np.random.Generator | None = None if seed is None else np.random.default_rng(seed)
        self._reset_dicts()

    def _reset_dicts(self) -> None:
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        if agent not in self.possible_agents:
            raise ValueError(f"unknown agent {agent!r}; the agents are {', '.join(self.possible_agents)}")
        seat = self.possible_agents.index(agent)
        table = self._table
        live = not table.done and table.actor == seat
        mask = table.mask() if live else np.zeros(table.actions, np.int8)
        return {"observation": flatten(table.observe(seat)), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        # Gymnasium's and PettingZoo's convention, as PokerEnv does: a seed deals that hand and
        # seeds the stream the unseeded resets after it draw from (from the OS's entropy when
        # never seeded), so each unseeded reset deals a new hand.
        seed = check_seed(seed)
        if seed is not None:
            self._table.reset(seed)
            self._rng = np.random.default_rng(seed)
        else:
            if self._rng is None:
                self._rng = np.random.default_rng()
            self._table.reset(int(self._rng.integers(2**63)))
        self.agents = self.possible_agents[:]
        self._reset_dicts()
        self.agent_selection = self.possible_agents[self._table.actor]

    def _selected(self) -> str:
        """The agent to act, or a ValueError before the first hand or once every agent has
        left (PettingZoo's dicts then no longer hold it: a bare KeyError)."""
        agent: str | None = getattr(self, "agent_selection", None)
        if agent is None:
            raise ValueError("no hand has been dealt yet; call reset() first")
        if agent not in self.terminations:
            raise ValueError("the hand is over and every agent has left; call reset()")
        return agent

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        self._selected()
        result: tuple[Any, float, bool, bool, dict[str, Any]] = super().last(observe)
        return result

    def step(self, action: Any) -> None:
        agent = self._selected()
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self._table
        move = table.check(action)
        try:
            table.step(move)
        except ValueError as error:  # Tables words it for table 0; the env has one hand
            raise ValueError(str(error).removeprefix("table 0: ")) from None
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {name: 0.0 for name in self.agents}
        if table.done:
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = float(table.payoffs[seat])
                self.terminations[name] = True
        else:
            self.agent_selection = self.possible_agents[table.actor]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return "hand over" if self._table.done else repr(self._table.tables.hand(0))

    def close(self) -> None:
        pass


def aec_env(
    game: str = "holdem",
    *,
    sizes: tuple[float, ...] = (0.5, 1.0),
    render_mode: str | None = None,
    seed: int | None = None,
    **rules: Any,
) -> AECEnv:
    """A PettingZoo AEC environment: agents ``player_0``.. (one a seat), one hand an episode,
    each agent's reward its payoff in chips at the end.  Rules as for
    :class:`~pokereval.engine.Hand` (``stacks`` is required); ``seed`` seeds the stream the
    unseeded resets deal from, as :class:`PokerEnv`'s does.

    >>> env = aec_env(stacks=[100, 100])
    >>> env.reset(seed=3)
    >>> env.agent_selection, env.observe("player_0")["action_mask"]
    ('player_0', array([1, 1, 1, 1, 1, 1], dtype=int8))
    >>> env.step(0)
    >>> env.rewards
    {'player_0': -1.0, 'player_1': 1.0}
    """
    if "stacks" not in rules:
        raise TypeError("aec_env needs stacks=, one per seat")
    return _AEC(game, sizes, render_mode, rules, seed)
