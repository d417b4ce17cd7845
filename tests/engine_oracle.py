"""PokerKit as the oracle of the betting engine: random hands played move by move in both.

``play(game, limit, seed)`` deals one random hand of a game and betting structure to both
engines with the same cards (pokereval's engine shuffles; PokerKit is handed those cards),
plays random moves chosen among the legal ones, and compares after every move who acts, the
legal moves, the amount to call and the least and most raise, and at the end every stack.

PokerKit breaks some rules the engine follows (docs/engine.md lists them).  Where the two
disagree, :func:`play` asks the referee below whether the case is one of those, deciding from
the rules alone (it keeps its own account of the round, written from the rules, not from the
engine's code); a known case ends the comparison of that hand and is counted under its name,
anything else fails.

Random stacks are drawn short as well as deep so that all-ins, side pots and short all-in
raises come up often.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest

pokerkit = pytest.importorskip("pokerkit")

from pokerkit import (  # noqa: E402
    Automation,
    BettingStructure,
    Deck,
    Mode,
    Opening,
    State,
    Street,
)

from pokereval.engine import Hand  # noqa: E402

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

STRUCTURES = {
    "no-limit": BettingStructure.NO_LIMIT,
    "pot-limit": BettingStructure.POT_LIMIT,
    "fixed-limit": BettingStructure.FIXED_LIMIT,
}

# The games both engines play, with PokerKit's deck and hand types.
HAND_TYPES = {
    "holdem": (Deck.STANDARD, (pokerkit.StandardHighHand,)),
    "shortdeck": (Deck.SHORT_DECK_HOLDEM, (pokerkit.ShortDeckHoldemHand,)),
    "omaha": (Deck.STANDARD, (pokerkit.OmahaHoldemHand,)),
    "omaha-hilo": (Deck.STANDARD, (pokerkit.OmahaHoldemHand, pokerkit.OmahaEightOrBetterLowHand)),
    "stud": (Deck.STANDARD, (pokerkit.StandardHighHand,)),
    "stud-hilo": (Deck.STANDARD, (pokerkit.StandardHighHand, pokerkit.EightOrBetterLowHand)),
    "razz": (Deck.REGULAR, (pokerkit.RegularLowHand,)),
    "five-card-draw": (Deck.STANDARD, (pokerkit.StandardHighHand,)),
    "deuce-seven-single-draw": (Deck.STANDARD, (pokerkit.StandardLowHand,)),
    "deuce-seven-triple-draw": (Deck.STANDARD, (pokerkit.StandardLowHand,)),
    "badugi": (Deck.REGULAR, (pokerkit.BadugiHand,)),
}
STUD = ("stud", "stud-hilo", "razz")
DRAW = ("five-card-draw", "deuce-seven-single-draw", "deuce-seven-triple-draw", "badugi")


@dataclass
class Table:
    """The random rules of one hand."""

    game: str
    limit: str
    seats: int
    button: int
    stacks: list[int]
    small: int
    big: int
    ante: int = 0
    bb_ante: int = 0
    straddle: int = 0
    hole: int = 2

    def hand(self, seed: int) -> Hand:
        return Hand(self.game, **self.hand_kwargs(seed))

    def hand_kwargs(self, seed: int) -> dict[str, Any]:
        """The engine's Hand keywords for this table (subclasses add to them)."""
        kwargs: dict[str, Any] = {
            "limit": self.limit,
            "stacks": self.stacks,
            "button": self.button,
            "seed": seed,
            "auto_deal": False,
            "open_pair_big_bet": False,
        }
        if self.game in STUD:
            kwargs.update(antes=self.ante, bring_in=self.small, bets=(self.big, 2 * self.big))
        else:
            kwargs.update(blinds=(self.small, self.big), antes=self.ante, bb_ante=self.bb_ante)
            if self.straddle:
                kwargs["straddles"] = (self.straddle,)
            if self.limit == "fixed-limit":
                kwargs["bets"] = (self.big, 2 * self.big)
        if self.game.startswith("omaha"):
            kwargs["hole_cards"] = self.hole
        return kwargs

    def state(self) -> State:
        deck, hand_types = HAND_TYPES[self.game]
        n = self.seats
        order = [(self.button + 1 + i) % n for i in range(n)]  # PokerKit's players, from p1
        stacks = [self.stacks[seat] for seat in order]
        fixed = self.limit == "fixed-limit"
        cap = 4 if fixed else None
        small_bet, big_bet = (self.big, 2 * self.big)
        if self.game in STUD:
            low = self.game == "razz"
            streets = [
                Street(
                    False,
                    (False, False, True),
                    0,
                    False,
                    Opening.HIGH_CARD if low else Opening.LOW_CARD,
                    small_bet,
                    cap,
                )
            ]
            for k, up in enumerate((True, True, True, False)):
                streets.append(
                    Street(
                        True,
                        (up,),
                        0,
                        False,
                        Opening.LOW_HAND if low else Opening.HIGH_HAND,
                        small_bet if k == 0 else big_bet,
                        cap,
                    )
                )
            blinds: Any = 0
            antes: Any = self.ante
            bring_in = self.small
        else:
            if self.game in DRAW:
                hole = 4 if self.game == "badugi" else 5
                draws = 1 if self.game in ("five-card-draw", "deuce-seven-single-draw") else 3
                streets = [Street(False, (False,) * hole, 0, False, Opening.POSITION, small_bet, cap)]
                for k in range(draws):
                    size = big_bet if (draws == 1 or k >= 1) else small_bet
                    streets.append(Street(True, (), 0, True, Opening.POSITION, size, cap))
            else:
                hole = self.hole if self.game.startswith("omaha") else 2
                streets = [Street(False, (False,) * hole, 0, False, Opening.POSITION, small_bet, cap)]
                for count, size in ((3, small_bet), (1, big_bet), (1, big_bet)):
                    streets.append(Street(True, (), count, False, Opening.POSITION, size, cap))
            forced = [0] * n
            forced[0], forced[1] = self.small, self.big  # heads-up PokerKit reverses them
            if self.straddle:
                forced[2] = self.straddle
            blinds = tuple(forced)
            antes = self.ante
            if self.bb_ante:
                # The big blind is PokerKit's player 1 (heads-up player 0, whose ante PokerKit
                # reads from the other entry: it reverses heads-up antes).
                antes = tuple(self.bb_ante if i == 1 else 0 for i in range(n))
            bring_in = 0
        if not fixed:  # no-limit and pot-limit: one least bet on every street
            streets = [
                Street(
                    s.card_burning_status,
                    s.hole_dealing_statuses,
                    s.board_dealing_count,
                    s.draw_status,
                    s.opening,
                    self.big,
                    None,
                )
                for s in streets
            ]
        trimming = not self.bb_ante
        return State(
            AUTOMATIONS,
            deck,
            hand_types,
            tuple(streets),
            STRUCTURES[self.limit],
            trimming,
            antes,
            blinds,
            bring_in,
            stacks,
            n,
            mode=Mode.TOURNAMENT,
        )


def random_table(game: str, limit: str, rng: random.Random) -> Table:
    """Random seats, stacks, blinds, antes (and sometimes a straddle or a big-blind ante)."""
    most = 8 if game in STUD else 6
    seats = rng.choice([2, 2, 3, rng.randint(2, most)])
    small, big = rng.choice([(1, 2), (1, 2), (5, 10), (2, 5), (1, 3)])
    if game in STUD:
        small, big = rng.choice([(1, 2), (1, 4), (2, 5), (3, 10)])
    # Stacks from a few big blinds to deep, so that all-ins and side pots come up.
    stacks = [
        rng.choice(
            (
                rng.randint(1, 8) * big + rng.randint(0, big),
                rng.randint(10, 60) * big,
                rng.randint(100, 300) * big,
            )
        )
        for _ in range(seats)
    ]
    table = Table(game, limit, seats, rng.randrange(seats), stacks, small, big)
    roll = rng.random()
    if roll < 0.25:
        table.ante = rng.choice((1, small, big // 2 or 1))
    elif roll < 0.35 and game not in STUD and seats > 2:
        table.bb_ante = big
    if game not in STUD and seats >= 4 and rng.random() < 0.15:
        table.straddle = 2 * big
    if game.startswith("omaha"):
        table.hole = rng.choice((4, 4, 5, 6)) if seats <= 7 else 4
    if game in STUD:
        table.ante = table.ante or 1
    return table


# ---- the referee: the rules of a betting round, kept from the moves alone --------------------


@dataclass
class Round:
    """One betting round as the rules see it: the current bet, the level raises are measured
    from, the last full raise, how many full bets were made, and what each seat faced when it
    last acted."""

    high: int = 0
    level: int = 0
    full: int = 0
    bets: int = 0
    short_all_in: bool = False
    seen: dict[int, int] = field(default_factory=dict)
    seen_bets: dict[int, int] = field(default_factory=dict)


@dataclass
class Outcome:
    """What one compared hand came to."""

    moves: int = 0
    known: str | None = None
    stacks_equal: bool = True


class Mismatch(AssertionError):
    """The engines disagree where no known difference explains it."""


def _pk_index(table: Table, seat: int) -> int:
    return (seat - table.button - 1) % table.seats


def _pk_seat(table: Table, index: int) -> int:
    return (table.button + 1 + index) % table.seats


def _cards(ids: bytes) -> str:
    from pokereval.cards import Card

    return "".join(str(Card(card)) for card in ids)


def compare_legal(table: Table, hand: Hand, state: State, history: list[str]) -> str | None:
    """Compare the decision both engines ask for; None when equal, else the difference."""
    actor = hand.actor
    phase = hand.phase
    if phase == "draw":
        pk = state.stand_patter_or_discarder_index
        if pk is None or _pk_seat(table, pk) != actor:
            return f"drawer {actor} vs PokerKit {pk}"
        return None
    if phase != "bet":
        return None
    pk_actor = state.actor_index
    if pk_actor is None or _pk_seat(table, pk_actor) != actor:
        return f"actor {actor} vs PokerKit {pk_actor and _pk_seat(table, pk_actor)}"
    legal = hand.legal
    ours = (
        "fold" in legal,
        "check" in legal or "call" in legal,
        "bring_in" in legal,
        "bet_or_raise" in legal,
    )
    theirs = (
        state.can_fold(),
        state.can_check_or_call(),
        state.can_post_bring_in(),
        state.can_complete_bet_or_raise_to(),
    )
    if ours != theirs:
        return f"legal {ours} vs PokerKit {theirs}"
    if ours[1] and hand.to_call != state.checking_or_calling_amount:
        return f"to call {hand.to_call} vs PokerKit {state.checking_or_calling_amount}"
    if ours[3]:
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        if (hand.min_raise_to, hand.max_raise_to) != (low, high):
            return f"raise {hand.min_raise_to}..{hand.max_raise_to} vs PokerKit {low}..{high}"
    return None


def _is_blind_game(table: Table) -> bool:
    return table.game not in STUD


def explain(table: Table, hand: Hand, state: State, rounds: Round, difference: str) -> str | None:
    """The known PokerKit difference this is, decided from the rules and the referee's account
    of the round (never from the engine's own state); None when none explains it.  Each case
    also checks that the engine's answer is the rule's."""
    actor = hand.actor
    assert actor is not None
    legal = hand.legal
    fixed = table.limit == "fixed-limit"
    ours_raise = "bet_or_raise" in legal
    theirs_raise = state.can_complete_bet_or_raise_to()
    acted = actor in rounds.seen
    all_in = hand.stacks[actor] + hand.bets[actor]
    size = table.big * (2 if _big_round(table, hand.street) else 1)
    if difference.startswith("legal") and "bring_in" in legal and not ours_raise and theirs_raise:
        if hand.stacks[actor] <= table.small:
            # All in for no more than the bring-in is the bring-in; PokerKit also offers to
            # "complete" for the same chips.
            return "all-in bring-in (PokerKit also offers a completion for the same chips)"
    if difference.startswith("legal") and not ours_raise and theirs_raise:
        if not fixed and acted and rounds.high - rounds.seen[actor] < rounds.full:
            # A seat that acted may raise again only facing a full raise since.  PokerKit takes
            # the first bet of a round for full even when it is an all-in below the least bet.
            return "short all-in reopens (PokerKit)"
        if fixed and _is_blind_game(table) and hand.street == 0 and rounds.bets >= 4:
            # Four bets preflop, the big blind the first: capped.  PokerKit counts raises only.
            return "preflop cap counts the big blind (PokerKit counts four raises)"
        if fixed and rounds.short_all_in and acted and rounds.bets <= rounds.seen_bets[actor]:
            # A short all-in completes nothing, so it reopens nothing.
            return "fixed-limit short all-in reopens (PokerKit)"
    if difference.startswith("legal") and ours_raise and not theirs_raise:
        if not fixed and acted and rounds.high - rounds.seen[actor] >= rounds.full:
            # Short all-ins since the seat acted add up to a full raise: it may raise again.
            # PokerKit counts the all-ins only since they last added up to a full raise.
            return "short all-ins adding up to a full raise reopen (PokerKit restarts the sum)"
        if fixed and rounds.short_all_in and rounds.bets < 4:
            # A short all-in completes nothing, so it is no bet toward the cap.
            return "fixed-limit short all-in counted toward the cap (PokerKit)"
    if difference.startswith("raise") and ours_raise:
        if fixed and rounds.short_all_in and hand.min_raise_to == min(rounds.level + size, all_in):
            # After a short all-in the next raise completes the bet: level + bet.  PokerKit
            # adds a bet on top of the all-in.
            return "fixed-limit raise after a short all-in (PokerKit adds the bet on top)"
        if (
            table.straddle
            and not fixed
            and hand.street == 0
            and hand.min_raise_to == min(rounds.high + rounds.full, all_in)
            and state.min_completion_betting_or_raising_to_amount == min(rounds.high + table.big, all_in)
        ):
            # A straddle is the round's new opening bet: the least raise is twice it (posted
            # short, it is an all-in raise over the bet before it).  PokerKit takes the straddle
            # for a raise of the big blind and adds that.
            return "a straddle opens the round: least raise twice it (PokerKit: straddle + big blind)"
    return None


def explain_stacks(table: Table, hand: Hand, state: State) -> str | None:
    """A final difference in stacks that a known PokerKit settlement rule explains."""
    ours = [hand.stacks[seat] for seat in (_pk_seat(table, i) for i in range(table.seats))]
    theirs = list(state.stacks)
    diff = [a - b for a, b in zip(ours, theirs)]
    settlement = hand.settlement
    assert settlement is not None
    # Odd chips: the engine splits every pot on its own and gives its odd chips one each from
    # the button's left; PokerKit gives a pot's remainder to one winner and first merges pots
    # that the same seats contest once the losers have mucked.  Then only winners of split pots
    # differ, by no more than one chip for each split pot with a remainder.
    split_winners: set[int] = set()
    odd_pots = 0
    for pot in settlement.pots:
        shares = [pot.amount - pot.low_amount, pot.low_amount]
        groups = [pot.winners, pot.low_winners]
        for amount, winners in zip(shares, groups):
            if len(winners) >= 2 or (pot.low_winners and winners):
                split_winners |= {_pk_index(table, seat) for seat in pot.winners + pot.low_winners}
            if winners and amount % len(winners):
                odd_pots += 1
        if pot.low_winners and pot.amount % 2:
            odd_pots += 1
    if any(diff) and all(d == 0 or i in split_winners for i, d in enumerate(diff)):
        if sum(map(abs, diff)) <= 2 * odd_pots * table.seats:
            return "odd chips pot by pot from the button's left (PokerKit: merged pots, remainder to one)"
    # Hi-lo: a pot none of whose eligible seats has a low goes wholly high; PokerKit halves it
    # when any seat anywhere has a low.
    # The two may meet in one hand: then only seats of a pot without a low or winners of a
    # split pot differ, by no more than the low-less pots and the odd chips.
    if table.game in ("omaha-hilo", "stud-hilo") and any(pot.low_winners for pot in settlement.pots):
        lowless_pots = [pot for pot in settlement.pots if not pot.low_winners]
        lowless = {_pk_index(table, seat) for pot in lowless_pots for seat in pot.eligible}
        bound = sum(pot.amount for pot in lowless_pots) + 2 * odd_pots * table.seats
        if (
            lowless_pots
            and any(diff)
            and all(d == 0 or i in lowless | split_winners for i, d in enumerate(diff))
            and sum(map(abs, diff)) <= bound
        ):
            return "hi-lo side pot without a low goes high (PokerKit halves it)"
    return None


def _record(
    rounds: Round,
    hand_before: dict[str, Any],
    move: str,
    amount: int | None,
    seat: int,
    fixed: bool,
    size: int,
) -> None:
    """The referee's account of a move, from the rules."""
    if move == "raise":
        assert amount is not None
        stack = hand_before["stack"]
        # No-limit and pot-limit measure a raise over the current bet; completing a bring-in is
        # full once it reaches the least bet.  Fixed-limit raises go to the level plus the bet.
        increment = amount - rounds.high
        all_in = amount == stack
        completing = hand_before["completing"]
        if fixed:
            full = amount >= rounds.level + size
        else:
            full = amount >= rounds.full if completing else increment >= rounds.full
        if full:
            if not fixed:
                rounds.full = max(increment, hand_before["least"])
                if completing:
                    # A full completion is the round's first full bet: every seat that acted at
                    # the bring-in faces all of it, and may raise.
                    for other in rounds.seen:
                        rounds.seen[other] = 0
            rounds.bets += 1
            rounds.level = amount
        else:
            rounds.short_all_in = True
            if not fixed:
                rounds.level = amount
        assert full or all_in
        rounds.high = amount
    elif move == "bring_in":
        rounds.high = max(
            rounds.high, hand_before["bet"] + min(hand_before["bring"], hand_before["stack_behind"])
        )
    rounds.seen[seat] = rounds.high
    rounds.seen_bets[seat] = rounds.bets


def new_round(table: Table, hand: Hand) -> Round:
    fixed = table.limit == "fixed-limit"
    size = table.big
    if hand.street == 0 and _is_blind_game(table):
        high = max(hand.bets)
        # The forced bets in turn, each measured over the current bet before it, as a raise is.
        # A straddle posted in full is no raise but the round's new opening bet (Robert's
        # Rules): the next raise is at least its whole amount.  Any other post a full raise over
        # the current bet sets the size; one short of that (a blind or straddle its seat could
        # not post in full) is an all-in that leaves the size as it was.
        current, full = 0, table.big
        for k, (due, posted) in enumerate(_posted(table)):
            if k == 2 and posted == due and not fixed:
                current, full = posted, max(posted, table.big)
            elif posted > current:
                if posted - current >= full:
                    full = posted - current
                current = posted
        bets = _forced_bets_of_the_cap(table) if fixed else 0
        # Fixed-limit raises go to the level plus the bet: the level is the last blind posted
        # (in full or short: the others call what it posted) or straddle posted in full; a
        # straddle posted short is an all-in short of a bet, which moves the level no further.
        level = high
        if fixed:
            level = 0
            for k, (due, posted) in enumerate(_posted(table)):
                if posted <= level:
                    continue
                if k < 2 or posted == due:
                    level = posted
                elif posted >= level + table.big:  # a straddle posted short, a bet or more over
                    level += table.big
        return Round(high=high, level=level, full=full, bets=bets, short_all_in=level < high)
    if fixed:
        size = table.big * (2 if _big_round(table, hand.street) else 1)
    return Round(full=size)


def _posted(table: Table) -> list[tuple[int, int]]:
    """Every blind and straddle as (due, posted), from the table's rules: the antes first, then
    the blind from what is left (heads-up the button posts the small blind)."""
    n = table.seats
    sb = table.button if n == 2 else (table.button + 1) % n
    bb = (sb + 1) % n
    due = {sb: table.small, bb: table.big}
    if table.straddle:
        due[(bb + 1) % n] = table.straddle
    posts = []
    for seat, amount in due.items():
        ante = table.ante + (table.bb_ante if seat == bb else 0)
        posts.append((amount, max(0, min(amount, table.stacks[seat] - ante))))
    return posts


def _forced_bets_of_the_cap(table: Table) -> int:
    """The bets of the fixed-limit cap the blinds make: each forced bet posted in full that is a
    full bet above the last one counted (a blind equal to another is the same bet), and a
    straddle posted short that is still a bet or more over the level.  A blind posted short, or
    not at all (its seat all in on its ante), is a short all-in: it completes nothing and is no
    bet of the cap."""
    count, below, level = 0, 0, 0
    for k, (due, posted) in enumerate(_posted(table)):  # in turn, as raises made by hand
        if posted <= level:
            continue
        if posted == due or k < 2:
            if posted == due and posted >= below + table.big:
                count, below = count + 1, posted
            level = posted
        elif posted >= level + table.big:  # a straddle posted short, a full bet over the level
            count, level = count + 1, level + table.big
            below = level
    return count


def _big_round(table: Table, street: int) -> bool:
    if table.game in STUD:
        return street >= 2
    if table.game in ("five-card-draw", "deuce-seven-single-draw"):
        return street >= 1
    return street >= 2


replay_last: Hand  # the engine's side of the last hand play() played, for tests to look at


FORCED_CHECK = "a check no one can bet against (PokerKit asks for it)"


def forced_checks(
    table: Table, hand: Hand, state: State, outcome: Outcome, counts: Counter[str] | None
) -> None:
    """Play the checks PokerKit asks of a seat that owes nothing and faces no seat with chips
    behind (the big blind whose one opponent left is all in for less): no one can bet against
    it, so the engine asks nothing.  Checked from PokerKit's own account of the hand."""
    while state.actor_index is not None:
        pk = state.actor_index
        if hand.phase == "bet" and hand.actor == _pk_seat(table, pk):
            return
        others = [i for i, live in enumerate(state.statuses) if live and i != pk]
        if (
            not state.can_check_or_call()
            or state.checking_or_calling_amount != 0
            or any(state.stacks[i] for i in others)
        ):
            return
        state.check_or_call()
        outcome.known = FORCED_CHECK
        if counts is not None:
            counts[FORCED_CHECK] += 1


def play(table: Table, seed: int, counts: Counter[str] | None = None) -> Outcome:
    """Play one hand in both engines; raise Mismatch on an unexplained difference."""
    global replay_last
    rng = random.Random(seed)
    hand = replay_last = table.hand(seed)
    state = table.state()
    outcome = Outcome()
    history: list[str] = []
    rounds = Round()
    street = -1
    fixed = table.limit == "fixed-limit"
    while not hand.done:
        forced_checks(table, hand, state, outcome, counts)
        phase = hand.phase
        if phase == "deal":
            seat, count = hand.pending_deal  # type: ignore[misc]
            hand.deal()
            dealt = hand.board[-count:] if seat is None else hand.holes[seat][-count:]
            ids = bytes(int(card) for card in dealt if card is not None)
            if seat is None:
                state.deal_board(_cards(ids))
            else:
                pk = state.hole_dealee_index
                if pk is None or _pk_seat(table, pk) != seat:
                    raise Mismatch(f"dealee {seat} vs PokerKit {pk}; {history}")
                state.deal_hole(_cards(ids), pk)
            history.append(f"deal {seat} {_cards(ids)}")
            continue
        if phase not in ("bet", "draw"):
            raise Mismatch(f"the engine waits in {phase}; {history}")
        if hand.street != street:
            street = hand.street
            rounds = new_round(table, hand)
        difference = compare_legal(table, hand, state, history)
        only_call = False
        if difference is not None:
            known = explain(table, hand, state, rounds, difference)
            if known is None:
                raise Mismatch(f"{difference}; table {table}; seed {seed}; moves {history}")
            outcome.known = known
            if counts is not None:
                counts[known] += 1
            # Play on with a move both engines allow alike, and keep comparing.
            only_call = True
        actor = hand.actor
        assert actor is not None
        if phase == "draw":
            held = hand.holes[actor]
            chosen = [card for card in held if rng.random() < 0.4]
            hand.discard(chosen)  # type: ignore[arg-type]
            state.stand_pat_or_discard(_cards(bytes(int(c) for c in chosen)))  # type: ignore[arg-type]
            history.append(f"{actor} sd {_cards(bytes(int(c) for c in chosen))}")  # type: ignore[arg-type]
            outcome.moves += 1
            continue
        legal = hand.legal
        before = {
            "stack": hand.stacks[actor] + hand.bets[actor],
            "bet": hand.bets[actor],
            "stack_behind": hand.stacks[actor],
            "bring": table.small,
            "least": table.big,
            "completing": table.game in STUD and hand.street == 0 and rounds.level == 0,
        }
        size = table.big * (2 if _big_round(table, hand.street) else 1)
        roll = rng.random()
        if "bring_in" in legal:
            move = "bring_in" if roll < 0.6 or only_call or "bet_or_raise" not in legal else "raise"
        elif only_call:
            move = "call"
        elif "fold" in legal and roll < 0.12:
            move = "fold"
        elif "bet_or_raise" in legal and roll < 0.5:
            move = "raise"
        else:
            move = "call"
        if move == "bring_in":
            hand.bring_in()
            state.post_bring_in()
            _record(rounds, before, "bring_in", None, actor, fixed, size)
            history.append(f"{actor} pb")
        elif move == "fold":
            hand.fold()
            state.fold()
            history.append(f"{actor} f")
        elif move == "raise":
            low, high = hand.min_raise_to, hand.max_raise_to
            assert low is not None and high is not None
            pick = rng.random()
            amount = low if pick < 0.35 else high if pick < 0.55 or fixed else rng.randint(low, high)
            hand.bet_or_raise_to(amount)
            state.complete_bet_or_raise_to(amount)
            _record(rounds, before, "raise", amount, actor, fixed, size)
            history.append(f"{actor} cbr {amount}")
        else:
            hand.check_or_call()
            state.check_or_call()
            rounds.seen[actor] = rounds.high
            rounds.seen_bets[actor] = rounds.bets
            history.append(f"{actor} cc")
        outcome.moves += 1
    forced_checks(table, hand, state, outcome, counts)
    # The hand is over in both; PokerKit settles on its own (every automation is on).
    if state.status:
        raise Mismatch(f"PokerKit is not done: {state.actor_index} to act; {history}")
    ours = [hand.stacks[_pk_seat(table, i)] for i in range(table.seats)]
    if ours != list(state.stacks):
        known = explain_stacks(table, hand, state)
        if known is None:
            raise Mismatch(
                f"stacks {ours} vs PokerKit {list(state.stacks)}; table {table}; seed {seed}; {history}"
            )
        outcome.known = known
        outcome.stacks_equal = False
        if counts is not None:
            counts[known] += 1
    return outcome


def play_tables(
    make: Callable[[str, str, random.Random], Table], games: Iterable[str], hands: int, seed: int
) -> Counter[str]:
    """Play `hands` hands of each game in each limit, on tables made by make(game, limit, rng);
    the known differences met, by name, and the moves played."""
    counts: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns about cards it did not choose to deal
        for game in games:
            for limit in ("no-limit", "pot-limit", "fixed-limit"):
                rng = random.Random(f"{game}/{limit}/{seed}")
                for _ in range(hands):
                    outcome = play(make(game, limit, rng), rng.randrange(2**32), counts)
                    counts["moves"] += outcome.moves
    return counts


def run(game: str, limit: str, hands: int, seed: int = 0, counts: Counter[str] | None = None) -> Counter[str]:
    """Play `hands` random hands of a game and limit; the known differences met, by name, and
    under "equal" the hands that matched to the end."""
    counts = Counter() if counts is None else counts
    rng = random.Random(f"{game}/{limit}/{seed}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns about cards it did not choose to deal
        for i in range(hands):
            table = random_table(game, limit, rng)
            outcome = play(table, rng.randrange(2**32), counts)
            if outcome.known is None:
                counts["equal"] += 1
            counts["moves"] += outcome.moves
            del i
    return counts
