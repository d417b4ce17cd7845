"""PokerKit as the oracle: random hands move by move in both engines (tests/engine_oracle.py),
and the cases where PokerKit breaks a rule the engine follows, each stated and shown.

The default run plays 60 hands of every game and betting structure (about 2,000 hands), the
`slow` run 1,000 of each (CI runs it: about four minutes), and tools/engine_vs_pokerkit.py
100,000 of each, whose result docs/engine.md records.
"""

from __future__ import annotations

import random
import sys
import warnings

import pytest

pokerkit = pytest.importorskip("pokerkit")

import engine_oracle as oracle  # noqa: E402
from engine_moves import random_finished_hand  # noqa: E402
from pokerkit import Automation, Mode, NoLimitTexasHoldem  # noqa: E402

from pokereval.engine import Hand  # noqa: E402

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

GAMES = list(oracle.HAND_TYPES)
LIMITS = ["no-limit", "pot-limit", "fixed-limit"]


@pytest.mark.parametrize("limit", LIMITS)
@pytest.mark.parametrize("game", GAMES)
def test_random_hands_move_by_move(game: str, limit: str) -> None:
    counts = oracle.run(game, limit, 60, seed=1)
    assert counts["moves"] > 60
    assert counts["equal"] >= 20  # most hands meet no known difference at all


@pytest.mark.slow
@pytest.mark.parametrize("limit", LIMITS)
@pytest.mark.parametrize("game", GAMES)
def test_a_thousand_hands(game: str, limit: str) -> None:
    # CI runs the slow tests too, within its time: the 100,000-hand runs are
    # tools/engine_vs_pokerkit.py's, and docs/engine.md records their result.
    counts = oracle.run(game, limit, 1_000, seed=2)
    assert counts["equal"] > 500


def test_the_referee_catches_a_changed_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness can fail: with PokerKit's least raise made one chip larger, it stops."""
    original = pokerkit.State.min_completion_betting_or_raising_to_amount

    def larger(state: object) -> int | None:
        amount = original.fget(state)  # type: ignore[attr-defined, unused-ignore]
        return None if amount is None else amount + 1

    monkeypatch.setattr(pokerkit.State, "min_completion_betting_or_raising_to_amount", property(larger))
    with pytest.raises(oracle.Mismatch, match="raise"):
        oracle.run("holdem", "no-limit", 20, seed=1)


# ---- where PokerKit breaks a rule -------------------------------------------------------

AUTOMATIONS = (*oracle.AUTOMATIONS, Automation.HOLE_DEALING, Automation.BOARD_DEALING)


def _pokerkit(stacks: tuple[int, ...], blinds: tuple[int, ...] = (1, 2)) -> pokerkit.State:  # type: ignore[name-defined]
    return NoLimitTexasHoldem.create_state(
        AUTOMATIONS, True, 0, blinds, 2, stacks, len(stacks), mode=Mode.TOURNAMENT
    )


def test_short_all_in_bet_below_the_least_bet_reopens_in_pokerkit() -> None:
    """Rule: an all-in for less than a full bet or raise does not reopen the betting to seats
    that already acted.  Flop, three seats: seat 1 checks, seat 2 goes all in for 1 (less than
    the least bet, 2), seat 0 calls; seat 1 faces 1 and may only call or fold.  PokerKit takes
    the first bet of a round for full, whatever its size, and lets seat 1 raise."""
    hand = Hand(stacks=[100, 100, 3], seed=1)  # button 0: seat 1 small blind, seat 2 big blind
    state = _pokerkit((100, 3, 100))  # PokerKit's players from the small blind: seats 1, 2, 0
    for _ in range(3):
        hand.check_or_call()
        state.check_or_call()
    hand.check_or_call()  # seat 1 checks
    state.check_or_call()
    hand.bet_or_raise_to(1)  # seat 2 all in for 1
    state.complete_bet_or_raise_to(1)
    hand.check_or_call()  # seat 0 calls
    state.check_or_call()
    assert hand.actor == 1 and hand.legal == {"fold", "call"}  # type: ignore[comparison-overlap]
    assert state.actor_index == 0 and state.can_complete_bet_or_raise_to()


def test_a_least_bet_below_the_small_blind_makes_both_blinds_bets_unlike_pokerkit() -> None:
    """Rule, as the engine plays it: preflop each forced bet at least the least bet over the
    last full level is a full bet, and the next raise is at least the last one's step.  With
    blinds 5-10 and min_bet=1 both blinds are bets of 5: the least raise is to 15.  PokerKit
    measures it by min_bet alone, to 11 (and the usual rule, with min_bet the big blind,
    raises to 20)."""
    hand = Hand(stacks=[500] * 3, blinds=(5, 10), min_bet=1, seed=1)
    state = NoLimitTexasHoldem.create_state(
        oracle.AUTOMATIONS, True, 0, (5, 10), 1, (500, 500, 500), 3, mode=Mode.TOURNAMENT
    )
    while state.can_deal_hole():
        state.deal_hole()
    assert hand.min_raise_to == 15 and state.min_completion_betting_or_raising_to_amount == 11
    assert Hand(stacks=[500] * 3, blinds=(5, 10), seed=1).min_raise_to == 20


def test_short_all_ins_adding_up_to_a_full_raise_reopen_unlike_pokerkit() -> None:
    """Rule: a seat that acted may raise again when it faces at least a full raise since,
    however many short all-ins make it up.  Blinds 1-2: seat 3 raises to 10 (a raise of 8);
    seats 4, 0 and 1 are all in for 15, 20 and 22, each short; seat 2 calls.  Seat 3 faces 12
    more than it bet, a full raise, and may raise to 30.  PokerKit restarts its sum of short
    all-ins when seat 0's pair reached 8, counts only seat 1's 2, and refuses seat 3 the raise."""
    hand = Hand(stacks=[20, 22, 100, 100, 15], seed=1)
    state = _pokerkit((22, 100, 100, 15, 20))  # PokerKit's players from the small blind: 1, 2, 3, 4, 0
    for amount in (10, 15, 20, 22):
        hand.bet_or_raise_to(amount)
        state.complete_bet_or_raise_to(amount)
    hand.check_or_call()
    state.check_or_call()
    assert hand.actor == 3 and "bet_or_raise" in hand.legal
    assert (hand.min_raise_to, hand.max_raise_to) == (30, 100)
    assert state.actor_index == 2 and not state.can_complete_bet_or_raise_to()


def test_heads_up_equal_blinds_the_button_acts_first_unlike_pokerkit() -> None:
    """Rule: heads-up the button posts the small blind, acts first before the flop and last
    after it, also when the two blinds are equal (1-1).  PokerKit, which posts heads-up
    blinds reversed, takes the later of equal blinds as the small blind's and lets the big
    blind (its player 0) act first; with blinds 1-2 it lets the button (its player 1) open."""
    for button in (0, 1):
        hand = Hand(stacks=[100, 100], blinds=(1, 1), button=button, seed=1)
        assert hand.actor == button and sorted(hand.legal) == ["bet_or_raise", "check"]
        hand.check_or_call()
        assert hand.actor == 1 - button and hand.street == 0  # the big blind's option
        hand.check_or_call()
        assert hand.street == 1 and hand.actor == 1 - button  # after the flop, the button last
    for blinds, first in (((1, 1), 0), ((1, 2), 1)):
        state = _pokerkit((100, 100), blinds)
        while state.can_deal_hole():
            state.deal_hole()
        assert state.actor_index == first


def test_a_seat_no_one_can_bet_against_checks_nothing_unlike_pokerkit() -> None:
    """Rule: a seat acts while it has chips and someone it faces could still put chips in.
    Three seats: the small blind is all in for 1, the button folds; the big blind owes
    nothing and faces no chips behind, so the hand goes to the board with no one asked
    (the fold takes the last chips it faced out of reach).  PokerKit asks it to check."""
    hand = Hand(stacks=[200, 1, 200], seed=1)  # button 0: seat 1 the small blind, seat 2 big
    assert hand.actor == 0
    hand.fold()
    assert hand.done and hand.actor is None and len(hand.board) == 5
    assert hand.payoffs[0] == 0 and sum(hand.payoffs) == 0
    state = _pokerkit((1, 200, 200))  # PokerKit's players from the small blind: seats 1, 2, 0
    while state.can_deal_hole():
        state.deal_hole()
    state.fold()
    assert state.actor_index == 1 and state.checking_or_calling_amount == 0
    assert not state.can_complete_bet_or_raise_to()
    # Facing a seat with chips behind, the big blind keeps its option: four seats, the small
    # blind all in, the cutoff folds and the button calls.
    deep = Hand(stacks=[200, 1, 200, 200], seed=1)
    deep.fold()
    deep.check_or_call()
    assert deep.actor == 2 and sorted(deep.legal) == ["bet_or_raise", "check"]


def test_pokerkit_counts_four_raises_preflop_in_fixed_limit() -> None:
    """Rule: at most four bets a round, and preflop the big blind is the first (2, 4, 6, 8).
    PokerKit counts raises only and allows a fourth raise, to 10."""
    hand = Hand(limit="fixed-limit", stacks=[100] * 3, seed=1)
    state = pokerkit.FixedLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (1, 2), 2, 4, (100,) * 3, 3)
    for amount in (4, 6, 8):
        hand.bet_or_raise_to(amount)
        state.complete_bet_or_raise_to(amount)
    assert "raise" not in hand.legal
    assert state.can_complete_bet_or_raise_to(10)


def test_fixed_limit_short_all_in_completes_nothing_unlike_pokerkit() -> None:
    """Rule: a short all-in completes nothing.  Seat 1 bets 2, seat 2 is all in for 3; seat 0
    completes the raise to 4.  PokerKit puts a whole bet on top of the all-in, to 5."""
    hand = Hand(limit="fixed-limit", stacks=[100, 100, 5], seed=1)
    state = pokerkit.FixedLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (1, 2), 2, 4, (100, 5, 100), 3)
    for _ in range(3):
        hand.check_or_call()
        state.check_or_call()
    hand.bet_or_raise_to(2)
    state.complete_bet_or_raise_to(2)
    hand.bet_or_raise_to(3)
    state.complete_bet_or_raise_to(3)
    assert (hand.min_raise_to, hand.max_raise_to) == (4, 4)
    assert state.min_completion_betting_or_raising_to_amount == 5


def _play_out(hand: Hand, state: pokerkit.State, boards: tuple[str, ...]) -> None:  # type: ignore[name-defined]
    """Check everything down in both engines, dealing `boards` to both."""
    for board in boards:
        while hand.phase == "bet":
            hand.check_or_call()
            state.check_or_call()
        hand.deal(board)
        state.deal_board(board)
    while hand.phase == "bet":
        hand.check_or_call()
        state.check_or_call()


# PokerKit burns a card of its own shuffle before each board deal: now and then it is one of
# the cards dealt here, and PokerKit warns that it is not to be dealt.
@pytest.mark.filterwarnings("ignore:A card being dealt:UserWarning")
def test_odd_chips_one_each_unlike_pokerkit() -> None:
    """Rule (pe_settle): a split pot's odd chips go one each to its winners from the button's
    left.  Three seats tie on a royal flush board for 11 chips (antes 1, a big-blind ante 2,
    blinds 1-2 called): 4, 4 and 3.  PokerKit gives both odd chips to the first winner: 5, 3, 3."""
    hand = Hand(stacks=[100] * 3, antes=1, bb_ante=2, button=2)  # seat 0 small blind, seat 1 big
    automations = tuple(a for a in oracle.AUTOMATIONS)
    state = NoLimitTexasHoldem.create_state(automations, False, (1, 3, 1), (1, 2), 2, (100,) * 3, 3)
    for seat, hole in enumerate(("2c3d", "2d3h", "2h4c")):
        hand.deal(hole)
        state.deal_hole(hole, seat)
    _play_out(hand, state, ("AsKsQs", "Js", "Ts"))
    assert hand.done and not state.status
    assert hand.stacks == (101, 99, 100)  # 4 - 3, 4 - 5, 3 - 3
    assert tuple(state.stacks) == (102, 98, 100)  # 5 - 3, 3 - 5, 3 - 3


# PokerKit warns when a card is dealt out of the order of its own deck; the cards here are
# chosen for the tie, and each is dealt once.
@pytest.mark.filterwarnings("ignore:A card being dealt:UserWarning")
def test_stud_odd_chip_goes_by_card_unlike_pokerkit() -> None:
    """Rule (Robert's Rules of Poker, ties 5): in stud the odd chip goes to the highest card by
    suit.  Seats 0 and 1 tie with the same hand for a pot of 15; seat 1 holds the As, so it
    takes 8 and seat 0 7.  PokerKit gives the odd chip by seat, to seat 0."""
    hand = Hand("stud", limit="fixed-limit", stacks=[100] * 3, antes=1, bring_in=2, bets=(4, 8), button=1)
    hand.deal("5s5h2c", seat=2)
    hand.deal("AhKd9c", seat=0)
    hand.deal("AsKh9d", seat=1)
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    hand.deal("7s", seat=2)
    hand.deal("8d", seat=0)
    hand.deal("8c", seat=1)
    hand.bet_or_raise_to(4)
    hand.check_or_call()
    hand.fold()
    for mine, theirs in (("6c", "6d"), ("4d", "4c"), ("3h", "3c")):
        hand.deal(mine, seat=0)
        hand.deal(theirs, seat=1)
        hand.check_or_call()
        hand.check_or_call()
    assert hand.done and hand.payoffs == (1, 2, -3)  # 7 - 6, 8 - 6, -3
    state = pokerkit.FixedLimitSevenCardStud.create_state(oracle.AUTOMATIONS, True, 1, 2, 4, 8, (100,) * 3, 3)
    holes = ("AhKd9c", "AsKh9d", "5s5h2c")
    for k in range(3):
        for player in range(3):
            state.deal_hole(holes[player][2 * k : 2 * k + 2])
    state.post_bring_in()
    state.check_or_call()
    state.check_or_call()
    for card in ("8d", "8c", "7s"):
        state.deal_hole(card)
    state.complete_bet_or_raise_to(4)
    state.check_or_call()
    state.fold()
    for mine, theirs in (("6c", "6d"), ("4d", "4c"), ("3h", "3c")):
        state.deal_hole(mine)
        state.deal_hole(theirs)
        state.check_or_call()
        state.check_or_call()
    assert not state.status and tuple(state.stacks) == (102, 101, 97)  # the odd chip to seat 0


def test_hi_lo_pot_without_a_low_goes_high_unlike_pokerkit() -> None:
    """Rule (pe_settle): a pot none of whose eligible seats has a qualifying low goes wholly
    to the best high.  PokerKit halves every pot when some seat has a low, and shares the
    "low" half of such a pot among its seats.  The case comes up in random stud hi-lo hands
    with side pots; the first one of a fixed stream is shown here."""

    rng = random.Random("hi-lo side pot")
    for _ in range(2000):
        table = oracle.random_table("stud-hilo", "no-limit", rng)
        seed = rng.randrange(2**32)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            outcome = oracle.play(table, seed)
        if outcome.known == "hi-lo side pot without a low goes high (PokerKit halves it)":
            break
    else:
        pytest.fail("no hi-lo side pot without a low in 2000 hands")
    assert not outcome.stacks_equal
    hand = oracle.replay_last
    settlement = hand.settlement
    assert settlement is not None
    lowless = [pot for pot in settlement.pots if not pot.low_winners]
    assert lowless and any(pot.low_winners for pot in settlement.pots)
    assert all(pot.low_amount == 0 for pot in lowless)


def test_explained_differences_are_counted() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        counts = oracle.run("holdem", "fixed-limit", 40, seed=3)
    assert counts["preflop cap counts the big blind (PokerKit counts four raises)"] > 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        counts = oracle.run("holdem", "no-limit", 60, seed=3)
    assert counts["a straddle opens the round: least raise twice it (PokerKit: straddle + big blind)"] > 0


# ---- PokerKit reads the engine's own histories ------------------------------------------------

_STANDARD_VARIANTS = ["NT", "FT", "PO", "NS", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"]


@pytest.mark.parametrize("code", _STANDARD_VARIANTS)
def test_pokerkit_reads_the_engines_histories_to_their_finishing_stacks(code: str) -> None:
    """A history from to_phh() records the shows of a showdown the engine settled by itself
    (`pN sm CARDS`), as the shared sample does: PokerKit needs them to reach the end.  Pots
    split between winners are left out of the comparison (odd chips and hi-lo halves are
    shared differently, above)."""
    compared = 0
    for seed in range(15):
        hand = random_finished_hand(code, seed)
        text = hand.to_phh()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            *_, state = pokerkit.HandHistory.loads(text)
        assert not state.status, (code, seed, text)  # PokerKit's hand is over too
        settlement = hand.settlement
        assert settlement is not None
        if any(len(pot.winners) + len(pot.low_winners) > 1 for pot in settlement.pots):
            continue
        assert list(state.stacks) == tomllib.loads(text)["finishing_stacks"], (code, seed, text)
        compared += 1
    assert compared >= 10


@pytest.mark.parametrize("seats", [3, 4])
def test_pot_limit_with_a_big_blind_ante_agrees_with_pokerkit(seats: int) -> None:
    """Blinds 1-2 and a big-blind ante of 2: the pot is 5, a call makes 7, the most raise is to
    9 in both engines (PokerKit 0.7.7 counts the ante in the pot, as the engine does)."""
    table = oracle.Table("holdem", "pot-limit", seats, 0, [500] * seats, 1, 2)
    table.bb_ante = 2
    state = table.state()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while state.can_deal_hole():
            state.deal_hole()
    hand = Hand(limit="pot-limit", stacks=[500] * seats, bb_ante=2, button=0, seed=1)
    assert state.max_completion_betting_or_raising_to_amount == hand.max_raise_to == 9
