"""The betting engine in its less-travelled corners, held to the rules as a dealer states them:
heads-up games with antes and no blinds, stud without a bring-in, the words of a refused
move, and the cards a seat may show.  Every expectation is worked out from the rule in the
comments, not read off the engine."""

from __future__ import annotations

import pickle
import random
import warnings
from collections.abc import Callable
from typing import Any

import pytest

from pokereval.engine import Hand

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [rank + suit for rank in RANKS for suit in SUITS]


def _snapshot(hand: Hand) -> tuple[bytes, list[str]]:
    return pickle.dumps(hand), hand.actions


def _refused(hand: Hand, move: Callable[[], object], words: str) -> None:
    """The move is refused with `words` in its message and the hand stays as it was."""
    before = _snapshot(hand)
    with pytest.raises(ValueError, match=words):
        move()
    assert _snapshot(hand) == before


# ---- heads-up with antes and no blinds ---------------------------------------------------


@pytest.mark.parametrize("game", ["holdem", "omaha", "five-card-draw", "deuce-seven-triple-draw", "badugi"])
@pytest.mark.parametrize("limit", ["no-limit", "pot-limit", "fixed-limit"])
@pytest.mark.parametrize("button", [0, 1])
def test_heads_up_antes_only_the_seat_left_of_the_button_opens(game: str, limit: str, button: int) -> None:
    # With no blind the heads-up turn of the order does not arise: it comes from the button
    # posting the small blind.  An ante game opens every round, the first too, left of the
    # dealer, as it does three-handed; so the seat that is not the button acts first and the
    # button acts last, preflop (or before the draw) as after.
    other = 1 - button
    hand = Hand(game, limit=limit, stacks=[100, 100], blinds=(0, 0), antes=1, button=button, seed=3)
    assert hand.bets == (0, 0) and hand.street == 0
    assert hand.actor == other
    assert sorted(hand.legal) == ["bet_or_raise", "check"]
    hand.check()
    assert hand.actor == button
    hand.check()
    while hand.phase == "draw":
        hand.discard()
    assert hand.street == 1 and hand.actor == other


@pytest.mark.parametrize("seats", [3, 4])
def test_antes_only_with_more_seats_opens_left_of_the_button_as_before(seats: int) -> None:
    # The same rule three- and four-handed (where it held before): left of the button.
    for button in range(seats):
        hand = Hand("five-card-draw", stacks=[100] * seats, blinds=(0, 0), antes=1, button=button, seed=1)
        assert hand.actor == (button + 1) % seats


def test_heads_up_with_a_blind_still_turns_the_order() -> None:
    # A blind posted keeps the heads-up rule: the button posts the small blind (here a missing
    # one, 0 and 2, or 1 and 2) and acts first before the flop.
    for blinds in [(1, 2), (0, 2)]:
        hand = Hand(stacks=[100, 100], blinds=blinds, button=1, seed=1)
        assert hand.actor == 1


def _automations(pokerkit: Any, *more: str) -> tuple[Any, ...]:
    """PokerKit's automations for these comparisons: the forced bets, collecting bets and
    burning cards, and `more` by name."""
    names = ("ANTE_POSTING", "BET_COLLECTION", "BLIND_OR_STRADDLE_POSTING", "CARD_BURNING", *more)
    return tuple(getattr(pokerkit.Automation, name) for name in names)


def test_heads_up_antes_only_agrees_with_pokerkit() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    automations = _automations(pokerkit, "HOLE_DEALING")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = pokerkit.NoLimitTexasHoldem.create_state(automations, True, 1, (0, 0), 2, (100, 100), 2)
    # PokerKit's player 0 sits left of the button: it is to act.
    assert state.actor_index == 0
    hand = Hand(stacks=[100, 100], blinds=(0, 0), antes=1, button=1, seed=1)
    assert hand.actor == (1 + 1) % 2


# ---- stud without a bring-in --------------------------------------------------------------


@pytest.mark.parametrize("limit", ["fixed-limit", "no-limit", "pot-limit"])
def test_stud_without_a_bring_in_opens_with_a_bet(limit: str) -> None:
    # A completion completes a bring-in; with none (bring_in=0) nothing is posted, the seat
    # that opens may check, and its first chips are a bet, not a completion.
    hand = Hand("stud", limit=limit, stacks=[100] * 3, antes=1, bring_in=0, bets=(4, 8), seed=2)
    assert hand.bets == (0, 0, 0)
    assert "check" in hand.legal
    assert hand.raise_kind == "bet"
    seat = hand.actor
    _refused(
        hand, hand.complete, rf"seat {seat} cannot complete: there is no bring-in to complete; check or bet 4"
    )
    _refused(hand, hand.fold, rf"seat {seat} cannot fold: nothing to call; check or bet 4")
    hand.bet_or_raise_to(4)
    assert hand.raise_kind == "raise"


def test_stud_with_a_bring_in_still_completes() -> None:
    # The bring-in seat may bring in or complete; after the bring-in the next seat completes.
    hand = Hand("stud", limit="fixed-limit", stacks=[100] * 3, antes=1, bring_in=2, bets=(4, 8), seed=2)
    assert hand.raise_kind == "complete"
    hand.bring_in()
    assert hand.raise_kind == "complete"
    seat = hand.actor
    _refused(
        hand,
        hand.bring_in,
        rf"seat {seat} cannot bring in: no bring-in is due; fold, call 2, or complete to 4",
    )


def test_a_bring_in_that_takes_the_whole_stack_is_refused_a_completion_in_words() -> None:
    # Seat 1 shows the lowest card (2c) and has 1 chip after its ante: the bring-in (2) takes
    # all it has, so it may only bring in (1); it cannot complete because it has nothing more,
    # not because "the bring-in is due".
    hand = Hand("stud", limit="fixed-limit", stacks=[100, 2, 100], antes=1, bring_in=2, bets=(4, 8))
    for cards in ("AhAd2c", "KcQc9d", "9s9hTh"):  # seats 1, 2, 0
        hand.deal(cards)
    assert hand.actor == 1 and sorted(hand.legal) == ["bring_in"]
    _refused(hand, hand.complete, r"seat 1 cannot complete: the bring-in takes the whole stack; bring in 1$")
    _refused(hand, lambda: hand.bet_or_raise_to(4), r"the bring-in takes the whole stack; bring in 1$")
    _refused(hand, hand.check, r"seat 1 cannot check: the bring-in is due; bring in 1$")


# ---- PHH moves out of turn -----------------------------------------------------------------


def test_a_phh_move_while_the_dealer_is_due_says_what_the_hand_waits_for() -> None:
    # No seat is to act while the dealer owes cards or once the hand is over: the refusal says
    # what comes next instead of "nobody is to act".
    hand = Hand(stacks=[100, 100])
    _refused(
        hand,
        lambda: hand.act("p1 cc"),
        r"'p1 cc': p1 is not to act; the dealer deals seat 1 next \(2 cards\)",
    )
    done = Hand(stacks=[100, 100], seed=1)
    done.fold()
    _refused(done, lambda: done.act("p2 f"), r"'p2 f': p2 is not to act; the hand is over")


# ---- the cards a seat may show --------------------------------------------------------------


def _to_showdown(hand: Hand, boards: list[str]) -> None:
    for board in boards:
        while hand.phase == "bet":
            hand.check_or_call()
        hand.deal(board)
    while hand.phase == "bet":
        hand.check_or_call()


def test_a_seat_cannot_show_a_card_another_seat_folded() -> None:
    # Seat 1 is dealt KsKd face known and folds; seats 0 and 2 hold unknown cards.  A dealt card
    # never comes back into play in hold'em (the stub cannot run out), so neither seat can
    # turn up the Ks at the showdown.
    hand = Hand(stacks=[100] * 3)
    for cards in ("KsKd", "????", "????"):  # seats 1, 2, 0
        hand.deal(cards)
    hand.check_or_call()  # seat 0 calls the big blind
    hand.fold()  # seat 1, the small blind, folds KsKd
    _to_showdown(hand, ["2c7d9h", "Jh", "3s"])
    assert hand.phase == "showdown"
    _refused(hand, lambda: hand.show(2, "KsQh"), r"seat 2 show: card 'Ks' is already dealt")
    _refused(hand, lambda: hand.show(0, "QhKd"), r"seat 0 show: card 'Kd' is already dealt")
    hand.show(2, "AsQh")
    hand.show(0, "AhAd")
    # Seat 0's aces beat seat 2's ace-queen: it wins the pot of 1 + 2 + 2.
    assert hand.done and hand.payoffs == (3, -1, -2)


def _stud_to_showdown(hand: Hand, ups: dict[int, list[str]]) -> None:
    """Play stud on by calls, dealing each seat still in its next up card (the seventh street
    down and unknown)."""
    while hand.phase != "showdown":
        if hand.phase == "bet":
            hand.check_or_call()
            continue
        pending = hand.pending_deal
        assert pending is not None and pending[0] is not None
        seat = pending[0]
        hand.deal(ups[seat].pop(0) if ups[seat] else "??")


def test_a_stud_seat_cannot_show_a_card_a_folded_hand_held() -> None:
    # Seat 1 shows its cards (AhAd2c), brings in and folds to the completion; seats 2 and 0
    # hold unknown down cards.  Three seats take 21 cards: the stub never runs out, so the
    # folded Ah and Ad cannot turn up in another hand.
    hand = Hand("stud", limit="fixed-limit", stacks=[100] * 3, antes=1, bring_in=1, bets=(2, 4))
    for cards in ("AhAd2c", "????Kc", "????Qd"):  # seats 1, 2, 0
        hand.deal(cards)
    hand.bring_in()  # seat 1, the 2c
    hand.bet_or_raise_to(2)  # seat 2 completes
    hand.check_or_call()  # seat 0
    hand.fold()  # seat 1
    _stud_to_showdown(hand, {2: ["Kd", "7h", "5s"], 0: ["Qh", "8c", "4d"]})
    _refused(hand, lambda: hand.show(2, "AhJsKcKd7h5s9c"), r"seat 2 show: card 'Ah' is already dealt")
    _refused(hand, lambda: hand.show(0, "JhAdQdQh8c4d9d"), r"seat 0 show: card 'Ad' is already dealt")
    hand.show(2, "AsJsKcKd7h5s9c")
    hand.show(0, "JhJdQdQh8c4d9d")
    # Fourth street on everyone checks.  Two pair, queens and jacks, beat a pair of kings: seat
    # 0 wins the pot of 8 (antes 3, seat 1's bring-in 1, the completion 2 and its call 2).
    assert hand.done and hand.payoffs == (5, -2, -3)


def test_a_stud_card_folded_may_come_back_when_the_last_street_runs_the_stub_out() -> None:
    # Eight seats; seat 1 (AhAd2c) brings in and folds, seven play to the end.  Seven hands of
    # seven cards and the folded three are the 52 cards, and a dealer burns a card a round:
    # the last cards come from the folded hand put back, so its aces may be in a hand now.
    hand = Hand("stud", limit="fixed-limit", stacks=[100] * 8, antes=1, bring_in=1, bets=(2, 4))
    pool = [card for card in DECK if card not in ("Ah", "Ad", "2c") and card[0] != "2"]
    ups = {seat: [pool.pop() for _ in range(4)] for seat in range(8) if seat != 1}
    hand.deal("AhAd2c")  # seat 1: the 2c brings in
    for seat in [2, 3, 4, 5, 6, 7, 0]:
        hand.deal("????" + ups[seat].pop(0))
    hand.bring_in()
    hand.bet_or_raise_to(2)  # seat 2 completes
    while hand.actor != 1:
        hand.check_or_call()
    hand.fold()
    _stud_to_showdown(hand, ups)
    assert hand.phase == "showdown"
    shown = [str(card) for card, up in zip(hand.holes[0], hand.up[0]) if up]
    fresh = next(card for card in pool if card not in shown)
    hand.show(0, "".join(["Ah", "Ad", fresh, *shown]))
    for seat in range(2, 8):
        hand.muck(seat)
    assert hand.done and hand.payoffs[0] > 0


def test_a_thrown_card_may_be_shown_once_the_stub_ran_out() -> None:
    # Eight seats of five-card draw take 40 of the 52 cards.  Seven seats are dealt known
    # cards and throw all five; the stub (12 cards, the unknown seat's 5 among the 17 the
    # engine counts) cannot serve 35, so the discards are shuffled back and a thrown card may
    # come again, to the seat whose cards are unknown too.
    rng = random.Random(5)
    order = DECK[:]
    rng.shuffle(order)
    hand = Hand("five-card-draw", stacks=[100] * 8, button=7)
    known = iter(order)
    for _ in range(8):
        pending = hand.pending_deal
        assert pending is not None
        seat = pending[0]
        hand.deal("??" * 5 if seat == 0 else "".join(next(known) for _ in range(5)))
    while hand.phase == "bet":
        hand.check_or_call()
    thrown: list[str] = []
    while hand.phase == "draw":
        seat = hand.actor
        assert seat is not None
        cards = [str(card) if card is not None else "??" for card in hand.holes[seat]]
        if seat != 0:
            thrown += cards
        hand.discard("".join(cards))
    fresh = iter(order[35:])  # the stub as dealt: 17 cards, seat 0's unknown five among them
    reused = iter(thrown)
    while hand.phase == "deal":
        pending = hand.pending_deal
        assert pending is not None
        seat = pending[0]
        if seat == 0:
            hand.deal("??" * 5)
            continue
        dealt: list[str] = []
        for _ in range(5):
            card = next(fresh, None)
            dealt.append(card if card is not None else next(reused))
        hand.deal("".join(dealt))
    while hand.phase == "bet":
        hand.check_or_call()
    assert hand.phase == "showdown"
    held = {str(card) for holes in hand.holes[1:] for card in holes}
    back = [card for card in thrown if card not in held][:5]
    assert len(back) == 5
    hand.show(0, "".join(back))
    assert hand.done and sum(hand.payoffs) == 0


# ---- a long run against the rules, and PokerKit -----------------------------------------------


@pytest.mark.slow
def test_antes_only_heads_up_hands_play_out_as_pokerkit_plays_them() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    automations = _automations(
        pokerkit, "HOLE_CARDS_SHOWING_OR_MUCKING", "HAND_KILLING", "CHIPS_PUSHING", "CHIPS_PULLING"
    )
    rng = random.Random(11)
    for _ in range(300):
        button = rng.randrange(2)
        stacks = [rng.choice([20, 100, 400]) for _ in range(2)]
        hand = Hand(stacks=stacks, blinds=(0, 0), antes=1, min_bet=2, button=button, auto_deal=False)
        order = [(button + 1) % 2, button]  # PokerKit's players, from the button's left
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            state = pokerkit.NoLimitTexasHoldem.create_state(
                automations, True, 1, (0, 0), 2, tuple(stacks[seat] for seat in order), 2
            )
            while not hand.done:
                if hand.phase == "deal":
                    pending = hand.pending_deal
                    assert pending is not None
                    hand.deal()
                    if pending[0] is None:
                        state.deal_board("".join(str(card) for card in hand.board[-pending[1] :]))
                    else:
                        state.deal_hole("".join(str(card) for card in hand.holes[pending[0]]))
                    continue
                assert state.actor_index is not None
                assert order[state.actor_index] == hand.actor
                assert ("bet_or_raise" in hand.legal) == state.can_complete_bet_or_raise_to()
                roll = rng.random()
                if "fold" in hand.legal and roll < 0.1:
                    hand.fold()
                    state.fold()
                elif "bet_or_raise" in hand.legal and roll < 0.45:
                    low, high = hand.min_raise_to, hand.max_raise_to
                    assert low == state.min_completion_betting_or_raising_to_amount
                    assert high == state.max_completion_betting_or_raising_to_amount
                    assert low is not None and high is not None
                    amount = rng.choice([low, high])
                    hand.bet_or_raise_to(amount)
                    state.complete_bet_or_raise_to(amount)
                else:
                    hand.check_or_call()
                    state.check_or_call()
        assert [hand.stacks[seat] for seat in order] == list(state.stacks)
