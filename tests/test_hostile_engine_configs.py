"""The betting engine under forced bets the other tests meet least: several straddles, some
posted short, beside a big blind posted short, antes and big-blind antes, stacks of a few chips,
3 to 10 seats and every button.

Preflop the least raise is checked against a walk of the forced bets written here from the
rules of docs/engine.md (each post measured over the current bet before it, as a raise is; a
straddle posted in full opens the round), and against the same all-ins made by hand; its
bounds are taken and one chip past them refused in words.  Then whole hands of every blind game
and limit are played against PokerKit move by move, with a referee that knows several
straddles.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest

pokerkit = pytest.importorskip("pokerkit")

import engine_oracle as oracle  # noqa: E402

from pokereval.engine import Hand  # noqa: E402

# ---- the forced bets, from the rules ---------------------------------------------------------


@dataclass
class Forced:
    """The forced bets of one blind-game table."""

    stacks: list[int]
    button: int
    small: int
    big: int
    straddles: tuple[int, ...] = ()
    ante: int = 0
    bb_ante: int = 0

    def kwargs(self) -> dict[str, Any]:
        return {
            "stacks": self.stacks,
            "button": self.button,
            "blinds": (self.small, self.big),
            "straddles": self.straddles,
            "antes": self.ante,
            "bb_ante": self.bb_ante,
            "seed": 1,
        }

    def order(self) -> list[tuple[int, int, bool]]:
        """(seat, amount due, is a straddle) in the order the seats post: the small blind left of
        the button (heads-up the button), the big blind, then the straddles in turn."""
        n = len(self.stacks)
        sb = self.button if n == 2 else (self.button + 1) % n
        bb = (sb + 1) % n
        posts = [(sb, self.small, False), (bb, self.big, False)]
        posts += [((bb + 1 + k) % n, amount, True) for k, amount in enumerate(self.straddles)]
        return posts

    def posted(self) -> tuple[list[int], list[int]]:
        """Each seat's bet and the chips left behind it: the antes come first, and a seat short
        of its blind or straddle posts what it has."""
        n = len(self.stacks)
        bb = self.order()[1][0]
        behind = [
            self.stacks[s] - min(self.stacks[s], self.ante + (self.bb_ante if s == bb else 0))
            for s in range(n)
        ]
        bets = [0] * n
        for seat, due, _ in self.order():
            bets[seat] = min(due, behind[seat])
            behind[seat] -= bets[seat]
        return bets, behind

    def least_raise(self) -> int:
        """The current bet plus the size of the next raise.  In turn: a straddle posted in full
        is the round's new opening bet (the next raise is at least its whole amount); any other
        post above the current bet is a raise, full when its step over the current bet is at
        least the size so far (then its step is the size), else a short all-in that leaves the
        size alone.  The size starts at the big blind (the least bet), even when the big blind
        itself was posted short."""
        bets, _ = self.posted()
        current, size = 0, self.big
        for seat, due, straddle in self.order():
            post = bets[seat]
            if straddle and post == due:
                current, size = post, max(post, size)
            elif post > current:
                if post - current >= size:
                    size = post - current
                current = post
        return current + size

    def first_actor(self) -> int | None:
        """Left of the largest forced bet due (the later of equal ones), the first seat with
        chips (the seats between are all in on their posts); when no blind was posted at all
        (each seat all in on its ante), left of the button, as with antes alone.  None when no
        seat with chips faces another that could still put chips in."""
        bets, behind = self.posted()
        n = len(self.stacks)
        order = self.order()
        top = max(due for _, due, _ in order)
        last = [seat for seat, due, _ in order if due == top][-1] if max(bets) else self.button
        live = [s for s in range(n) if behind[s] > 0]
        if not live:
            return None
        if len(live) == 1 and bets[live[0]] >= max(bets):
            return None  # owes nothing and faces no one with chips
        return next(s for s in ((last + 1 + k) % n for k in range(n)) if behind[s] > 0)


def random_forced(rng: random.Random, *, all_short: bool = False) -> Forced:
    """A random table of 3 to 10 seats: blinds (some with no small blind), one to three
    straddles, stacks from a chip to deep, often short of a forced bet, antes or a big-blind
    ante sometimes.  With `all_short` every straddle is posted short."""
    seats = rng.randint(3, 10)
    small, big = rng.choice([(1, 2), (2, 4), (5, 10), (2, 5), (1, 3), (0, 2), (0, 4), (3, 3)])
    straddles: list[int] = []
    amount = big
    for _ in range(rng.randint(1, min(3, seats - 2))):
        amount = 2 * amount if rng.random() < 0.6 else amount + rng.randint(1, 2 * big)
        straddles.append(amount)

    def stack() -> int:
        return rng.choice(
            (rng.randint(1, 3), rng.randint(1, big + 2), rng.randint(1, 2 * amount), rng.randint(5, 40) * big)
        )

    table = Forced([stack() for _ in range(seats)], rng.randrange(seats), small, big, tuple(straddles))
    roll = rng.random()
    if roll < 0.25:
        table.ante = rng.choice((1, big // 2 or 1))
    elif roll < 0.4:
        table.bb_ante = rng.choice((1, big))
    if all_short:
        bb = table.order()[1][0]
        for k, due in enumerate(straddles):
            seat = (bb + 1 + k) % seats
            table.stacks[seat] = table.ante + rng.randint(1, due - 1)  # a straddle seat has no bb_ante
    return table


def test_the_walk_of_the_forced_bets_states_the_rules() -> None:
    """The reference itself, on cases worked by hand (blinds 5-10 unless said)."""
    assert Forced([100] * 5, 0, 1, 2, (4, 8)).least_raise() == 16  # each straddle opens: 8 + 8
    assert Forced([100, 100, 100, 100, 3], 0, 1, 2, (4, 8)).least_raise() == 8  # the 8 as 3: 4 + 4
    assert Forced([100, 100, 1, 100], 0, 5, 10).least_raise() == 15  # the big blind posted 1
    # The big blind posted 1, the 20 straddle 18: a raise of 13 over the small blind's 5.
    assert Forced([100, 70, 1, 18, 300], 0, 5, 10, (20,)).least_raise() == 31
    # Straddles 20 and 40 posted as 14 and 21: two short all-ins, the size stays 10.
    assert Forced([300, 300, 300, 14, 21, 300], 0, 5, 10, (20, 40)).least_raise() == 31


def _check_preflop(table: Forced, limit: str) -> None:
    hand = Hand(limit=limit, **table.kwargs())
    bets, behind = table.posted()
    actor = table.first_actor()
    if actor is None:  # no decision: the hand deals itself to the end
        assert hand.done, table
        return
    assert list(hand.bets) == bets and list(hand.stacks) == behind, table
    assert hand.street == 0 and hand.actor == actor, table
    current = max(bets)
    assert hand.to_call == min(current - bets[actor], behind[actor]), table
    all_in = bets[actor] + behind[actor]
    deeper = [s for s in range(len(bets)) if s != actor and bets[s] + behind[s] > current]
    can_raise = all_in > current and bool(deeper)
    assert ("bet_or_raise" in hand.legal) == can_raise, table
    if can_raise:
        assert hand.min_raise_to == min(table.least_raise(), all_in), table
        if limit == "no-limit":
            assert hand.max_raise_to == all_in
        else:  # the most: the current bet plus the pot after calling (the antes in it), or
            # the least raise when that is more
            pot = sum(table.stacks) - sum(behind)
            most = max(current + pot + current - bets[actor], table.least_raise())
            assert hand.max_raise_to == min(most, all_in), table


@pytest.mark.parametrize("limit", ["no-limit", "pot-limit"])
def test_the_first_decision_under_random_forced_bets(limit: str) -> None:
    rng = random.Random(f"forced/{limit}")
    for _ in range(20_000):
        _check_preflop(random_forced(rng), limit)


def test_a_short_straddle_after_a_short_big_blind_is_measured_over_the_current_bet() -> None:
    """Rule: the others call what a short big blind posted, and a raise is measured over the
    current bet.  Blinds 5-10, the big blind has 1 chip, the 20 straddle 18: the others call 5,
    so the straddle's 18 is a raise of 13, a full one, and the next raise goes to 18 + 13 = 31,
    as it does when that seat goes all in for 18 by hand.  (The engine measured the straddle
    from the big blind's 10 that was never posted and asked 28.)"""
    hand = Hand(stacks=[100, 70, 1, 18, 300], button=0, blinds=(5, 10), straddles=(20,), seed=1)
    assert hand.bets == (0, 5, 1, 18, 0) and hand.actor == 4
    assert hand.min_raise_to == 31
    by_hand = Hand(stacks=[100, 70, 1, 18, 300], button=0, blinds=(5, 10), seed=1)
    by_hand.bet_or_raise_to(18)
    assert by_hand.min_raise_to == 31


def test_two_short_straddles_leave_the_size_of_the_raise_alone() -> None:
    """Rule: an all-in for less is not a full raise and does not change the size of the next
    raise.  Blinds 5-10, straddles 20 and 40 posted as 14 and 21: each is a short all-in over
    the bet before it (4, then 7), so the size stays 10 and the least raise is 21 + 10 = 31, as
    when the two seats go all in for 14 and 21 by hand.  (The engine measured the 21 from the
    big blind, 11 over it, and asked 32.)"""
    hand = Hand(stacks=[300, 300, 300, 14, 21, 300], button=0, blinds=(5, 10), straddles=(20, 40), seed=1)
    assert hand.bets == (0, 5, 10, 14, 21, 0)
    assert hand.min_raise_to == 31
    by_hand = Hand(stacks=[300, 300, 300, 14, 21, 300], button=0, blinds=(5, 10), seed=1)
    by_hand.bet_or_raise_to(14)
    by_hand.bet_or_raise_to(21)
    assert by_hand.min_raise_to == 31


def test_straddles_posted_short_play_as_the_same_all_ins_made_by_hand() -> None:
    """A straddle posted short is an all-in, and the straddles sit where the first seats to act
    would sit without them: so a table whose straddles are all posted short stands as the same
    table without straddles after those seats go all in for the same chips, in turn (in
    pot-limit, while those chips are within the pot)."""
    rng = random.Random(3)
    compared = 0
    for _ in range(10_000):
        table = random_forced(rng, all_short=True)
        for limit in ("no-limit", "pot-limit"):
            forced = Hand(limit=limit, **table.kwargs())
            plain = Hand(limit=limit, **{**table.kwargs(), "straddles": ()})
            bets, _ = table.posted()
            bb = table.order()[1][0]
            for k in range(len(table.straddles)):
                seat = (bb + 1 + k) % len(bets)
                if plain.done or plain.actor != seat:
                    break
                if bets[seat] > max(plain.bets):
                    if "bet_or_raise" not in plain.legal or bets[seat] > (plain.max_raise_to or 0):
                        break  # past the pot, or no one could call it: a post, not a raise
                    plain.bet_or_raise_to(bets[seat])
                else:
                    plain.check_or_call()
            else:
                if forced.done or plain.done or plain.actor is None:
                    continue
                assert plain.bets == forced.bets and plain.stacks == forced.stacks, table
                assert plain.actor == forced.actor, table
                assert plain.to_call == forced.to_call, table
                assert (plain.min_raise_to, plain.max_raise_to) == (
                    forced.min_raise_to,
                    forced.max_raise_to,
                ), (
                    table,
                    limit,
                )
                compared += 1
    assert compared > 5000


# ---- whole hands against PokerKit, with several straddles ---------------------------------------


@dataclass
class StraddleTable(oracle.Table):
    """The oracle's table with any number of straddles (its own posts at most one)."""

    straddles: tuple[int, ...] = ()

    def hand_kwargs(self, seed: int) -> dict[str, Any]:
        kwargs = super().hand_kwargs(seed)
        kwargs["straddles"] = self.straddles
        return kwargs

    def state(self) -> Any:
        # The oracle builds PokerKit's state with one straddle at most: hand it all of them.
        real = pokerkit.State
        straddles = self.straddles

        def with_straddles(*args: Any, **kwargs: Any) -> Any:
            forced = list(args[7])  # PokerKit's blinds_or_straddles, from the small blind
            forced[2 : 2 + len(straddles)] = straddles
            return real(*args[:7], tuple(forced), *args[8:], **kwargs)

        vars(oracle)["State"] = with_straddles
        try:
            return super().state()
        finally:
            vars(oracle)["State"] = real

    def as_forced(self) -> Forced:
        return Forced(self.stacks, self.button, self.small, self.big, self.straddles, self.ante, self.bb_ante)


@contextmanager
def straddle_referee(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The oracle's referee taught several straddles: the blinds the fixed-limit cap counts,
    the size of the first raise (from the walk above), and PokerKit's least raise over them
    (the straddle plus the big blind) as the known case it is."""
    new_round, explain = oracle.new_round, oracle.explain

    def posted(table: oracle.Table) -> list[tuple[int, int]]:
        assert isinstance(table, StraddleTable)
        bets, _ = table.as_forced().posted()
        return [(due, bets[seat]) for seat, due, _ in table.as_forced().order()]

    def first_round(table: oracle.Table, hand: Hand) -> oracle.Round:
        rounds = new_round(table, hand)
        if isinstance(table, StraddleTable) and hand.street == 0 and table.limit != "fixed-limit":
            forced = table.as_forced()
            rounds.full = forced.least_raise() - max(forced.posted()[0])
        return rounds

    def known(
        table: oracle.Table, hand: Hand, state: Any, rounds: oracle.Round, difference: str
    ) -> str | None:
        case = explain(table, hand, state, rounds, difference)
        if case is not None or not isinstance(table, StraddleTable):
            return case
        actor = hand.actor
        assert actor is not None
        all_in = hand.stacks[actor] + hand.bets[actor]
        if (
            difference.startswith("raise")
            and table.limit != "fixed-limit"
            and hand.street == 0
            and hand.min_raise_to == min(rounds.high + rounds.full, all_in)
            and hand.max_raise_to == state.max_completion_betting_or_raising_to_amount
        ):
            return "straddles: the least raise by the rules (PokerKit: the straddle plus the big blind)"
        return None

    monkeypatch.setattr(oracle, "_posted", posted)
    monkeypatch.setattr(oracle, "new_round", first_round)
    monkeypatch.setattr(oracle, "explain", known)
    yield


BLIND_GAMES = [game for game in oracle.HAND_TYPES if game not in oracle.STUD]


def straddle_table(game: str, limit: str, rng: random.Random) -> StraddleTable:
    forced = random_forced(rng)
    hole = 2
    most = 8 if game in oracle.DRAW else 10
    if game.startswith("omaha"):
        hole = rng.choice((4, 5, 6))
        most = min(most, 47 // hole)
    seats = min(len(forced.stacks), most)
    straddles = forced.straddles[: seats - 2]
    if limit == "fixed-limit":  # a fixed-limit straddle is one bet (the big blind here) above the last
        straddles = tuple(forced.big * (k + 2) for k in range(len(straddles)))
    button = forced.button % seats
    table = StraddleTable(
        game, limit, seats, button, forced.stacks[:seats], forced.small, forced.big, straddles=straddles
    )
    table.ante, table.bb_ante, table.hole = forced.ante, forced.bb_ante, hole
    table.straddle = straddles[-1] if straddles else 0
    return table


def _straddle_hands(hands: int, seed: int, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    with straddle_referee(monkeypatch):
        return oracle.play_tables(straddle_table, BLIND_GAMES, hands, seed)


def test_several_straddles_and_short_stacks_against_pokerkit(monkeypatch: pytest.MonkeyPatch) -> None:
    counts = _straddle_hands(12, seed=1, monkeypatch=monkeypatch)
    assert counts["moves"] > 2000


@pytest.mark.slow
def test_several_straddles_and_short_stacks_against_pokerkit_at_length(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counts = _straddle_hands(150, seed=2, monkeypatch=monkeypatch)
    assert counts["moves"] > 30_000


def test_the_first_decision_takes_its_bounds_and_refuses_past_them_in_words() -> None:
    """At the first decision under random forced bets, the least and the most raise are taken,
    one chip below the least (when that is no all-in) and one above the most are refused with
    a ValueError that says so, and the hand is as it was."""
    rng = random.Random(9)
    checked = 0
    for _ in range(5000):
        table = random_forced(rng)
        hand = Hand(limit=rng.choice(("no-limit", "pot-limit")), **table.kwargs())
        if hand.done or "bet_or_raise" not in hand.legal:
            continue
        low, high = hand.min_raise_to, hand.max_raise_to
        assert low is not None and high is not None
        for amount in (low, high):
            twin = hand.copy()
            twin.bet_or_raise_to(amount)
            assert sum(twin.stacks) + twin.pot == sum(table.stacks)
        before = hand.copy()
        for amount in (low - 1, high + 1):
            if amount <= max(hand.bets):
                continue
            with pytest.raises(ValueError, match=r"cannot (raise to|bet) \d+: the (least|most) is"):
                hand.bet_or_raise_to(amount)
            assert hand == before
        checked += 1
    assert checked > 1500
