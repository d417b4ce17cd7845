"""The betting engine against the engines simulators use today, in one process.

Issue 20's targets: random legal play to the end of heads-up and six-max no-limit hold'em at
1,000,000 hands a second or more on one core, and 1,000 times PokerKit's hands a second in the
same run (stock PokerKit, and PokerKit with pokereval's evaluator through
pokereval.compat.pokerkit); Tables.step at 20 M table-steps a second at n = 4096; moves from
Python through Hand at 1 M actions a second; Hand.copy() under 1 us.  Beside them: RLCard,
OpenSpiel's universal_poker and clubs, where they install.

Every rate is the median of --runs runs, timed in CPU time of this process (other processes
sharing the cores count less against it), with the garbage collector on as a program has it
(timeit turns it off).  Nothing is asserted: the machine is shared; read the ratios.

    python benchmarks/bench_engine.py            # 5 runs; about 3 minutes
    python benchmarks/bench_engine.py --quick    # 3 short runs
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
import warnings
from collections.abc import Callable

import numpy as np

from pokereval.engine import Hand, Tables


def median_rate(work: Callable[[], int], runs: int, clock: Callable[[], float] = time.process_time) -> float:
    """Median units per second of `work` (which returns how many units it did)."""
    rates = []
    for _ in range(runs):
        gc.collect()
        start = clock()
        units = work()
        rates.append(units / (clock() - start))
    return statistics.median(rates)


def line(label: str, rate: float, unit: str, base: float | None = None) -> None:
    ratio = f"  {rate / base:10,.0f}x" if base else ""
    print(f"  {label:<58} {rate:14,.0f} {unit}{ratio}")


# ---- pokereval ----------------------------------------------------------------------------


def engine_random(seats: int, hands: int, threads: int = 1) -> Callable[[], int]:
    tables = Tables(1, stacks=[200] * seats, seed=1, threads=threads)

    def work() -> int:
        tables.play_random(hands, seed=random.randrange(1 << 30))
        return hands

    return work


def engine_actions(seats: int, hands: int) -> Callable[[], int]:
    """The moves Tables.play_random makes, counted."""
    tables = Tables(1, stacks=[200] * seats, seed=1)

    def work() -> int:
        return int(tables.play_random(hands, seed=random.randrange(1 << 30)).moves.sum())

    return work


def engine_steps(seats: int, steps: int, n: int = 4096) -> Callable[[], int]:
    """Tables.step alone: the numpy policy that picks legal actions runs outside the clock."""
    tables = Tables(n, stacks=[200] * seats, seed=2)
    rng = np.random.default_rng(3)
    state = {"obs": tables.reset()}

    def work() -> int:
        spent = 0.0
        obs = state["obs"]
        for _ in range(steps):
            actions = (obs["mask"] * rng.random(obs["mask"].shape)).argmax(axis=1).astype(np.uint8)
            start = time.process_time()
            obs, _, _ = tables.step(actions)
            spent += time.process_time() - start
        state["obs"] = obs
        work.spent = spent  # type: ignore[attr-defined]
        return steps * n

    return work


def step_rate(seats: int, steps: int, runs: int) -> float:
    work = engine_steps(seats, steps)
    rates = []
    for _ in range(runs):
        gc.collect()
        units = work()
        rates.append(units / work.spent)  # type: ignore[attr-defined]
    return statistics.median(rates)


def hand_checkdown(hands: int) -> Callable[[], int]:
    """Moves from Python: copy a fresh heads-up hand and check it down, keeping every hand."""
    template = Hand(stacks=[200, 200], seed=4)

    def work() -> int:
        kept = []
        moves = 0
        for _ in range(hands):
            hand = template.copy()
            move = hand.check_or_call
            while not hand.done:
                move()
                moves += 1
            kept.append(hand)
        return moves

    return work


def hand_random(hands: int) -> Callable[[], int]:
    """Moves from Python chosen among the legal ones (each move reads hand.legal first)."""
    rng = random.Random(5)

    def work() -> int:
        moves = 0
        for i in range(hands):
            hand = Hand(stacks=[200] * 6, seed=i)
            while not hand.done:
                legal = hand.legal
                pick = rng.choice(sorted(legal))
                if pick == "fold":
                    hand.fold()
                elif pick == "bet_or_raise":
                    low, high = hand.min_raise_to, hand.max_raise_to
                    hand.bet_or_raise_to(rng.choice((low, high)))  # type: ignore[arg-type]
                else:
                    hand.check_or_call()
                moves += 1
        return moves

    return work


def copies(count: int, keep: bool) -> Callable[[], int]:
    """Hand.copy(), the copies dropped at once (the memory reused) or all kept (fresh memory).

    Kept, the clock holds making the copies (`work.spent`) and, apart, dropping them all
    (`work.dropped`): an MCTS tree pays the one as it grows and the other when it is let go."""
    hand = Hand(stacks=[200] * 6, seed=6)
    hand.bet_or_raise_to(6)

    def work() -> int:
        if keep:
            start = time.process_time()
            kept = [hand.copy() for _ in range(count)]
            made = time.process_time()
            del kept
            work.spent = made - start  # type: ignore[attr-defined]
            work.dropped = time.process_time() - made  # type: ignore[attr-defined]
            return count
        start = time.process_time()
        for _ in range(count):
            hand.copy()
        work.spent = time.process_time() - start  # type: ignore[attr-defined]
        return count

    return work


def copy_costs(count: int, keep: bool, runs: int) -> tuple[float, float]:
    """Median ns a copy to make it, and (kept) to drop it later."""
    work = copies(count, keep)
    made, dropped = [], []
    for _ in range(runs):
        gc.collect()
        work()
        made.append(1e9 * work.spent / count)  # type: ignore[attr-defined]
        dropped.append(1e9 * getattr(work, "dropped", 0.0) / count)
    return statistics.median(made), statistics.median(dropped)


# ---- PokerKit ------------------------------------------------------------------------------


def pokerkit_random(seats: int, hands: int, shim: bool) -> Callable[[], int] | None:
    try:
        import pokerkit
    except ImportError:
        return None
    automations = tuple(pokerkit.Automation)
    if shim:
        from pokereval.compat import pokerkit as compat

        game = compat.NoLimitTexasHoldem
    else:
        game = pokerkit.NoLimitTexasHoldem
    rng = random.Random(7)

    def work() -> int:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for _ in range(hands):
                state = game.create_state(automations, True, 0, (1, 2), 2, (200,) * seats, seats)
                while state.status:
                    options = []
                    if state.can_fold():
                        options.append(0)
                    if state.can_check_or_call():
                        options.append(1)
                    if state.can_complete_bet_or_raise_to():
                        options += [2, 3]
                    pick = rng.choice(options)
                    if pick == 0:
                        state.fold()
                    elif pick == 1:
                        state.check_or_call()
                    else:
                        low = state.min_completion_betting_or_raising_to_amount
                        high = state.max_completion_betting_or_raising_to_amount
                        state.complete_bet_or_raise_to(low if pick == 2 else high)
        return hands

    return work


# ---- other peers, where they install -------------------------------------------------------


def rlcard_actions(hands: int) -> Callable[[], int] | None:
    try:
        import rlcard
    except ImportError:
        return None
    env = rlcard.make("no-limit-holdem", config={"seed": 8, "game_num_players": 2})
    rng = random.Random(8)

    def work() -> int:
        actions = 0
        for _ in range(hands):
            state, _ = env.reset()
            while not env.is_over():
                state, _ = env.step(rng.choice(list(state["legal_actions"])))
                actions += 1
        return actions

    return work


def openspiel_actions(hands: int) -> Callable[[], int] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(
        "universal_poker",
        {
            "betting": "nolimit",
            "numPlayers": 2,
            "numRounds": 4,
            "blind": "1 2",
            "firstPlayer": "2 1 1 1",
            "numSuits": 4,
            "numRanks": 13,
            "numHoleCards": 2,
            "numBoardCards": "0 3 1 1",
            "stack": "200 200",
        },
    )
    rng = random.Random(9)

    def work() -> int:
        actions = 0
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(rng.choice(outcomes)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    actions += 1
        return actions

    return work


def clubs_actions(hands: int) -> Callable[[], int] | None:
    try:
        import clubs
    except ImportError:
        return None
    config = clubs.configs.NO_LIMIT_HOLDEM_TWO_PLAYER
    dealer = clubs.poker.Dealer(**config)
    rng = random.Random(10)

    def work() -> int:
        actions = 0
        for _ in range(hands):
            obs = dealer.reset(reset_button=True, reset_stacks=True)
            done = [False]
            while not all(done):
                call, low, high = obs["call"], obs["min_raise"], obs["max_raise"]
                choice = rng.choice([call, low, high, 0] if high >= low > 0 else [call, 0])
                obs, _, done = dealer.step(choice)
                actions += 1
        return actions

    return work


def hand_actions_for_peers(hands: int) -> Callable[[], int]:
    """pokereval heads-up random play from Python through Hand, as the peers are driven."""
    rng = random.Random(11)

    def work() -> int:
        actions = 0
        for i in range(hands):
            hand = Hand(stacks=[200, 200], seed=i)
            while not hand.done:
                pick = rng.choice(tuple(hand.legal))
                if pick == "fold":
                    hand.fold()
                elif pick == "bet_or_raise":
                    hand.bet_or_raise_to(rng.choice((hand.min_raise_to, hand.max_raise_to)))  # type: ignore[arg-type]
                else:
                    hand.check_or_call()
                actions += 1
        return actions

    return work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="3 runs of smaller sizes")
    args = parser.parse_args()
    runs = 3 if args.quick else args.runs
    scale = 0.2 if args.quick else 1.0
    print(f"median of {runs} runs, CPU time of this process, gc on\n")

    print("random play to the end, no-limit hold'em, 200-chip stacks (hands/s)")
    for seats, label in ((2, "heads-up"), (6, "six-max")):
        ours = median_rate(engine_random(seats, int(400_000 * scale)), runs)
        line(f"{label}: Tables.play_random, one thread", ours, "hands/s")
        wall = median_rate(engine_random(seats, int(800_000 * scale), threads=2), runs, time.perf_counter)
        line(f"{label}: Tables.play_random, threads=2 (wall clock)", wall, "hands/s")
        for shim, name in ((False, "PokerKit"), (True, "PokerKit + pokereval.compat.pokerkit")):
            work = pokerkit_random(seats, max(20, int(300 * scale)), shim)
            if work is None:
                print(f"  {label}: {name}: not installed")
                continue
            theirs = median_rate(work, runs)
            line(f"{label}: {name}", theirs, "hands/s")
            print(f"  {'':<58} pokereval is {ours / theirs:,.0f}x")

    print("\nTables.step, n = 4096, uniformly random legal actions (table-steps/s)")
    for seats, label in ((2, "heads-up"), (6, "six-max")):
        line(f"{label}", step_rate(seats, max(20, int(150 * scale)), runs), "table-steps/s")

    print("\nHand from Python")
    line(
        "moves: copy a fresh heads-up hand, check it down",
        median_rate(hand_checkdown(int(40_000 * scale)), runs),
        "moves/s",
    )
    line(
        "moves: six-max, each chosen among hand.legal",
        median_rate(hand_random(int(4_000 * scale)), runs),
        "moves/s",
    )
    count = int(200_000 * scale)
    made, _ = copy_costs(count, False, runs)
    print(f"  {'Hand.copy(), each dropped at once (made and freed)':<58} {made:14,.0f} ns")
    made, dropped = copy_costs(count, True, runs)
    print(f"  {f'Hand.copy(), all {count:,} kept alive: made':<58} {made:14,.0f} ns")
    print(f"  {'  ... and then freed, all at once':<58} {dropped:14,.0f} ns")

    print("\nactions/s, heads-up no-limit, random legal actions (each peer driven from Python)")
    ours = median_rate(hand_actions_for_peers(int(6_000 * scale)), runs)
    line("pokereval Hand", ours, "actions/s")
    in_c = median_rate(engine_actions(2, int(400_000 * scale)), runs)
    line("(pokereval in C: the moves of Tables.play_random)", in_c, "actions/s")
    for name, make in (
        ("RLCard", rlcard_actions),
        ("OpenSpiel universal_poker", openspiel_actions),
        ("clubs", clubs_actions),
    ):
        work = make(max(50, int(1_000 * scale)))
        if work is None:
            print(f"  {name}: not installed")
            continue
        theirs = median_rate(work, runs)
        line(name, theirs, "actions/s")
        print(f"  {'':<58} pokereval is {ours / theirs:,.1f}x")


if __name__ == "__main__":
    main()
