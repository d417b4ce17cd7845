"""The betting engine's rules and its Hand API (pokereval.engine.Hand).

Expected values come from the rules of the issue (issue 20) worked out by hand in the
comments, or from pokereval.settle for the pots; PokerKit comparisons live in
test_engine_pokerkit.py, hand histories in test_engine_phh.py, Tables in test_engine_tables.py.
"""

from __future__ import annotations

import copy
import gc
import pickle
import random
import weakref
from typing import Any

import numpy as np
import pytest
from engine_moves import make_move
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokereval
from pokereval.cards import Card
from pokereval.engine import GAME_NAMES, Hand, Tables, read_phh


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card(text[i : i + 2]) for i in range(0, len(text), 2))


def deal_all(hand: Hand, *holes: str) -> None:
    """Deal given hole cards, in the order the dealer serves the seats."""
    for hole in holes:
        hand.deal(hole)


# ---- positions and order --------------------------------------------------------------


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    hand = Hand(stacks=[100, 100], button=1, seed=1)
    assert hand.bets == (2, 1)  # the button (seat 1) posts the small blind
    assert hand.actor == 1
    hand.check_or_call()
    assert hand.actor == 0  # the big blind's option
    hand.check_or_call()
    assert hand.street == 1 and hand.actor == 0  # after the flop the button acts last


def test_blinds_left_of_button_and_first_actor_left_of_big_blind() -> None:
    hand = Hand(stacks=[100] * 5, button=2, seed=1)
    assert hand.bets == (0, 0, 0, 1, 2)
    assert hand.actor == 0  # left of the big blind (seat 4)
    for _ in range(5):
        hand.check_or_call()
    assert hand.street == 1 and hand.actor == 3  # first seat left of the button


def test_straddle_acts_last_preflop_and_sets_the_raise() -> None:
    hand = Hand(stacks=[100] * 5, straddles=(4,), seed=1)
    assert hand.bets == (0, 1, 2, 4, 0)
    assert hand.actor == 4
    # The straddle is no raise but the new opening bet (Robert's Rules): the least raise is
    # to twice it, 8.
    assert (hand.to_call, hand.min_raise_to) == (4, 8)
    for _ in range(4):
        hand.check_or_call()
    assert hand.actor == 3 and "check" in hand.legal and "raise" in hand.legal


def test_missing_small_blind() -> None:
    hand = Hand(stacks=[100] * 3, blinds=(0, 2), seed=1)
    assert hand.bets == (0, 0, 2)
    assert hand.actor == 0 and hand.pot == 2


def test_big_blind_check_option_and_check_only_when_nothing_owed() -> None:
    hand = Hand(stacks=[100] * 3, seed=1)
    hand.check_or_call()
    hand.check_or_call()
    assert hand.actor == 2 and hand.legal == {"check", "bet_or_raise"}  # type: ignore[comparison-overlap]
    with pytest.raises(ValueError, match=r"seat 2 cannot fold: nothing to call; check or raise to 4..100"):
        hand.fold()


def test_issue_wording_of_a_refused_check() -> None:
    hand = Hand(stacks=[2150] * 3, blinds=(75, 150), seed=3)
    for _ in range(3):
        hand.check_or_call()
    hand.bet_or_raise_to(150)  # seat 1 bets after the flop
    before = hand.copy()
    with pytest.raises(ValueError) as error:
        hand.check()
    assert str(error.value) == "seat 2 cannot check: 150 to call; fold, call 150, or raise to 300..2000"
    assert hand == before


# ---- no-limit and pot-limit ------------------------------------------------------------


def test_no_limit_least_raise_is_the_last_full_raise() -> None:
    hand = Hand(stacks=[1000] * 3, seed=1)
    hand.bet_or_raise_to(10)  # a raise of 8 over the big blind
    assert hand.min_raise_to == 18
    hand.bet_or_raise_to(40)  # a raise of 30
    assert hand.min_raise_to == 70 and hand.max_raise_to == 1000
    with pytest.raises(ValueError, match=r"cannot raise to 69: the least is 70"):
        hand.bet_or_raise_to(69)


def test_bet_is_at_least_the_big_blind() -> None:
    hand = Hand(stacks=[100, 100], seed=1)
    hand.check_or_call()
    hand.check_or_call()
    assert hand.min_raise_to == 2 and "check" in hand.legal and "bet" in hand.legal
    with pytest.raises(ValueError, match=r"cannot bet 1: the least is 2"):
        hand.bet_or_raise_to(1)


def test_short_all_in_does_not_reopen_the_betting() -> None:
    # Rule: an all-in for less than a full raise does not reopen the betting to seats that
    # already acted and face no full raise.  Seat 2 bets 10, seat 0 calls, seat 1 is all in
    # for 15 (a full raise is to 20): seat 2 and seat 0 may only call or fold.
    hand = Hand(stacks=[100, 17, 100], seed=2)
    for _ in range(3):
        hand.check_or_call()
    hand.check_or_call()  # seat 1 checks
    hand.bet_or_raise_to(10)  # seat 2
    hand.check_or_call()  # seat 0
    hand.bet_or_raise_to(15)  # seat 1, all in
    assert hand.actor == 2 and hand.legal == {"fold", "call"}  # type: ignore[comparison-overlap]
    with pytest.raises(ValueError, match=r"it acted already and faces no full raise since"):
        hand.bet_or_raise_to(30)
    hand.check_or_call()
    assert hand.actor == 0 and hand.legal == {"fold", "call"}  # type: ignore[comparison-overlap]


def test_short_all_ins_adding_up_to_a_full_raise_reopen() -> None:
    hand = Hand(stacks=[100, 100, 17, 23], seed=2)
    for _ in range(4):
        hand.check_or_call()
    hand.bet_or_raise_to(10)  # seat 1
    hand.bet_or_raise_to(15)  # seat 2 all in: 5 over
    hand.bet_or_raise_to(21)  # seat 3 all in: 6 over; 11 over seat 1's bet in all
    hand.check_or_call()  # seat 0 calls 21
    assert hand.actor == 1 and "raise" in hand.legal
    assert hand.min_raise_to == 31  # the last full raise (10) on top of 21


def test_pot_limit_most_is_the_pot_after_calling() -> None:
    hand = Hand(limit="pot-limit", stacks=[500] * 3, seed=1)
    # Pot 3; calling 2 makes 5; raise by 5 to 7.
    assert (hand.min_raise_to, hand.max_raise_to) == (4, 7)
    hand.bet_or_raise_to(7)
    # Pot 10; seat 1 calls 6 to make 16; raise by 16 to 23.
    assert (hand.min_raise_to, hand.max_raise_to) == (12, 23)


def test_pot_limit_counts_the_big_blind_ante() -> None:
    hand = Hand(limit="pot-limit", stacks=[500] * 3, bb_ante=2, seed=1)
    # Pot 1 + 2 + 2 (ante) = 5; calling 2 makes 7; raise to 2 + 7 = 9.
    assert hand.max_raise_to == 9


def test_no_raise_when_every_other_seat_is_all_in() -> None:
    hand = Hand(stacks=[50, 200], button=1, seed=1)
    hand.bet_or_raise_to(200)  # seat 1 (the button) all in
    assert hand.legal == {"fold", "call"} and hand.to_call == 48  # type: ignore[comparison-overlap]
    hand.check_or_call()
    assert hand.done


def test_uncalled_bet_goes_back() -> None:
    hand = Hand(stacks=[100, 300], button=1, seed=1)
    hand.bet_or_raise_to(300)
    hand.check_or_call()  # seat 0 calls all in for 100
    assert hand.done
    settlement = hand.settlement
    assert settlement is not None and settlement.uncalled == (1, 200)
    assert sum(hand.stacks) == 400


# ---- fixed-limit ----------------------------------------------------------------------


def test_fixed_limit_bets_and_cap_counting_the_big_blind() -> None:
    hand = Hand(limit="fixed-limit", stacks=[500] * 3, seed=1)
    assert (hand.min_raise_to, hand.max_raise_to) == (4, 4)
    with pytest.raises(ValueError, match=r"fixed-limit plays 4"):
        hand.bet_or_raise_to(5)
    for amount in (4, 6, 8):
        hand.bet_or_raise_to(amount)
    # Four bets: the big blind, then three raises.
    assert "raise" not in hand.legal
    with pytest.raises(ValueError, match=r"capped at 4 bets"):
        hand.bet_or_raise_to(10)
    hand.check_or_call()
    hand.check_or_call()
    for _ in range(3):
        hand.check_or_call()
    assert hand.street == 2 and hand.min_raise_to == 4  # the turn: the big bet


def test_fixed_limit_uncapped_heads_up() -> None:
    hand = Hand(limit="fixed-limit", stacks=[500, 500], uncapped_heads_up=True, seed=1)
    for _ in range(8):
        hand.bet_or_raise_to(hand.min_raise_to)  # type: ignore[arg-type]
    assert hand.bets[hand.actor ^ 1] == 18  # type: ignore[operator]


def test_uncapped_heads_up_counts_players_with_chips_and_a_cap_stays() -> None:
    """Robert's Rules (betting and raising, 3 and 4): the cap holds in a pot of three or more
    players who are not all in; raising is unlimited once the action is heads-up before the
    round was capped, and a round once capped is not uncapped by a fold that leaves two."""
    # Three with chips, capped at 8 (the big blind, 4, 6, 8); a fold leaves two: still capped.
    hand = Hand(limit="fixed-limit", stacks=[500] * 3, uncapped_heads_up=True, seed=1)
    for amount in (4, 6, 8):
        hand.bet_or_raise_to(amount)
    assert sorted(hand.legal) == ["call", "fold"]
    hand.fold()
    assert hand.actor == 1 and sorted(hand.legal) == ["call", "fold"]
    hand.check_or_call()
    assert hand.street == 1 and "bet_or_raise" in hand.legal  # the next round starts uncapped
    # The big blind all in on its blind: two players with chips, so no cap.
    hand = Hand(limit="fixed-limit", stacks=[500, 500, 2], uncapped_heads_up=True, seed=1)
    for amount in (4, 6, 8):
        hand.bet_or_raise_to(amount)
    assert hand.actor == 1 and "bet_or_raise" in hand.legal and hand.min_raise_to == 10
    # Heads-up before the cap: a fold first, then raising without end.
    hand = Hand(limit="fixed-limit", stacks=[500] * 3, uncapped_heads_up=True, seed=1)
    hand.fold()
    for amount in (4, 6, 8, 10, 12):
        hand.bet_or_raise_to(amount)
    assert "bet_or_raise" in hand.legal
    # Without the rule the cap holds for any number of players.
    hand = Hand(limit="fixed-limit", stacks=[500, 500, 2], seed=1)
    for amount in (4, 6, 8):
        hand.bet_or_raise_to(amount)
    assert sorted(hand.legal) == ["call", "fold"]


def test_half_bet_all_in_is_a_full_bet_when_asked_for() -> None:
    """Robert's Rules (betting and raising) and TDA 47B: in limit, an all-in of half a bet or
    more is a full bet; it reopens the betting, and the next raise is a whole bet on top.
    Blinds 5-10, bets 10-20: seat 3 raises to 20, seat 0 is all in for 25 (5 over 20, half a
    bet).  By default it completes nothing: the small blind may complete to 30 and seat 3,
    which raised, may only call.  With half_bet_all_in the next raise goes to 35 and seat 3
    may raise again; an all-in of less than half a bet still completes nothing."""
    rules: dict[str, Any] = {"limit": "fixed-limit", "blinds": (5, 10), "bets": (10, 20), "seed": 1}
    for half, least, reopened in ((False, 30, False), (True, 35, True)):
        hand = Hand(stacks=[25, 1000, 1000, 1000], half_bet_all_in=half, **rules)
        hand.bet_or_raise_to(20)
        hand.bet_or_raise_to(25)
        assert hand.actor == 1 and (hand.min_raise_to, hand.max_raise_to) == (least, least)
        hand.check_or_call()
        hand.check_or_call()
        assert hand.actor == 3 and ("bet_or_raise" in hand.legal) is reopened
        assert read_phh(hand.to_phh()) == hand
    hand = Hand(stacks=[24, 1000, 1000, 1000], half_bet_all_in=True, **rules)
    hand.bet_or_raise_to(20)
    hand.bet_or_raise_to(24)  # 4 over 20: less than half a bet
    assert hand.min_raise_to == 30
    with pytest.raises(TypeError, match="half_bet_all_in must be a bool"):
        Hand(limit="fixed-limit", stacks=[100, 100], half_bet_all_in=1)  # type: ignore[arg-type]
    # Tables carries the rule into its hands: the same moves at a table's hand.
    tables = Tables(
        1,
        limit="fixed-limit",
        stacks=[25, 1000, 1000, 1000],
        blinds=(5, 10),
        bets=(10, 20),
        half_bet_all_in=True,
    )
    tables.reset(seed=1)
    hand = tables.hand(0)
    hand.bet_or_raise_to(20)
    hand.bet_or_raise_to(25)
    assert hand.min_raise_to == 35


def test_fixed_limit_short_all_in_completes_nothing() -> None:
    # Seat 1 bets 2, seat 2 is all in for 3: not a full raise, so seat 0 raises to 4 (the bet
    # completed), and the all-in counts toward no cap.
    hand = Hand(limit="fixed-limit", stacks=[100, 100, 5], seed=1)
    for _ in range(3):
        hand.check_or_call()
    hand.bet_or_raise_to(2)
    hand.bet_or_raise_to(3)
    assert hand.actor == 0 and (hand.min_raise_to, hand.max_raise_to) == (4, 4)


# ---- stud -----------------------------------------------------------------------------


def stud_hand(game: str = "stud", seats: int = 3, **kwargs: object) -> Hand:
    return Hand(game, limit="fixed-limit", stacks=[100] * seats, antes=1, bring_in=1, bets=(4, 8), **kwargs)  # type: ignore[arg-type]


def test_stud_bring_in_by_lowest_up_card_with_suits() -> None:
    hand = stud_hand()
    deal_all(hand, "Ah2d3d", "KcQc3c", "9s9h5h")  # seats 1, 2, 0 (the button is seat 0)
    # Up cards 3d, 3c, 5h: threes, and clubs rank below diamonds: seat 2 brings in.
    assert hand.actor == 2 and hand.legal == {"bring_in", "bet_or_raise"}  # type: ignore[comparison-overlap]
    with pytest.raises(ValueError, match=r"the bring-in is due; bring in 1 or complete to 4"):
        hand.check_or_call()
    hand.bring_in()
    assert hand.actor == 0 and hand.to_call == 1 and hand.min_raise_to == 4


def test_the_bring_in_passes_left_when_the_lowest_card_is_all_in_on_its_ante() -> None:
    """Seat 0 shows the 2h but its ante took all it had: the seat on its left (seat 1, 3d)
    brings in, not the next lowest card (seat 2's 3c)."""
    hand = Hand("stud", limit="fixed-limit", stacks=[1, 100, 100], antes=1, bring_in=1, bets=(4, 8))
    deal_all(hand, "Ah2d3d", "KcQc3c", "9s9h2h")  # seats 1, 2, 0
    assert hand.stacks[0] == 0 and hand.actor == 1 and hand.legal == {"bring_in", "bet_or_raise"}  # type: ignore[comparison-overlap]
    hand = Hand("stud", limit="fixed-limit", stacks=[100, 100, 100], antes=1, bring_in=1, bets=(4, 8))
    deal_all(hand, "Ah2d3d", "KcQc3c", "9s9h2h")
    assert hand.actor == 0  # with chips behind, the 2h brings in itself


@pytest.mark.parametrize("limit", ["no-limit", "pot-limit"])
def test_a_full_completion_reopens_the_betting_to_the_bring_in_and_its_callers(limit: str) -> None:
    """Completing the bring-in to a full bet is the round's first full bet: the seat that
    brought in and the seats that called it face all of it and may raise.  The engine once
    measured what they faced from the bring-in (3 of a full 4) and offered only a call."""
    hand = Hand("stud", limit=limit, stacks=[100] * 3, antes=1, bring_in=1, min_bet=4)
    deal_all(hand, "Ah2d3d", "KcQc3c", "9s9h5h")  # seat 2 (the 3c) brings in
    hand.bring_in()
    hand.check_or_call()  # seat 0 calls the bring-in
    hand.bet_or_raise_to(4)  # seat 1 completes
    assert hand.actor == 2 and "bet_or_raise" in hand.legal and hand.min_raise_to == 8
    hand.check_or_call()
    assert hand.actor == 0 and "bet_or_raise" in hand.legal


@pytest.mark.parametrize("limit", ["no-limit", "pot-limit", "fixed-limit"])
def test_a_bring_in_of_a_full_bet_or_more_is_refused(limit: str) -> None:
    """The bring-in is less than a full bet under every limit, or completing it raises
    nothing: no-limit once took a bring-in of 5 with a least bet of 2, then a "raise" to 2."""
    bets = {"bets": (4, 8)} if limit == "fixed-limit" else {"min_bet": 4}
    for bring_in in (4, 5):
        with pytest.raises(ValueError, match="bring_in must be 0 or more and less than a full bet"):
            Hand("stud", limit=limit, stacks=[100] * 3, antes=1, bring_in=bring_in, **bets)
    Hand("stud", limit=limit, stacks=[100] * 3, antes=1, bring_in=3, **bets)


def test_razz_bring_in_by_highest_card_aces_low() -> None:
    hand = stud_hand("razz")
    deal_all(hand, "2c3cKh", "4c5cKs", "6c7cAs")
    assert hand.actor == 2  # the king of spades


def test_stud_best_showing_hand_opens_fourth_street_and_open_pair() -> None:
    hand = stud_hand()
    deal_all(hand, "AhKd9s", "2c2h3d", "QhJd3c")  # seats 1, 2, 0
    hand.bring_in()  # seat 0 (3c)
    hand.check_or_call()
    hand.check_or_call()
    deal_all(hand, "5c", "Ac", "3h")  # seat 1 shows 9s 5c, seat 2 3d Ac, seat 0 3c 3h
    assert hand.actor == 0  # a pair of threes showing
    # A pair showing on fourth street allows the big bet: 4 or 8, nothing between.
    assert (hand.min_raise_to, hand.max_raise_to) == (4, 8)
    with pytest.raises(ValueError, match=r"fixed-limit plays 4 or 8"):
        hand.bet_or_raise_to(6)


def test_open_pair_rule_is_stud_high_only() -> None:
    hand = stud_hand("stud-hilo")
    deal_all(hand, "AhKd9s", "2c2h3d", "QhJd3c")
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    deal_all(hand, "5c", "Ac", "3h")
    assert (hand.min_raise_to, hand.max_raise_to) == (4, 4)


def test_stud_ties_go_to_the_first_seat_from_the_dealers_left() -> None:
    hand = stud_hand(seats=3, button=1)
    deal_all(hand, "2c2dAs", "3c3dAh", "4c4dKd")  # seats 2, 0, 1
    hand.bring_in()  # seat 1: the king is the lowest up card
    hand.check_or_call()
    hand.check_or_call()
    deal_all(hand, "7c", "7d", "7h")  # seats 2 and 0 both show ace-seven
    assert hand.actor == 2


def test_stud_deals_a_community_card_when_the_deck_runs_short() -> None:
    # Eight seats to seventh street need 56 cards: the last one goes to the board for all.
    hand = Hand("stud", limit="fixed-limit", stacks=[100] * 8, antes=1, bring_in=1, bets=(2, 4), seed=5)
    while not hand.done:
        hand.check_or_call() if "bring_in" not in hand.legal else hand.bring_in()
    assert len(hand.board) == 1 and all(len(hole) == 6 for hole in hand.holes)


# ---- draws ----------------------------------------------------------------------------


def test_draw_order_and_replacements() -> None:
    hand = Hand("deuce-seven-triple-draw", limit="fixed-limit", stacks=[100] * 3, seed=4)
    for _ in range(3):
        hand.check_or_call()
    assert hand.phase == "draw" and hand.actor == 1  # from the button's left
    kept = hand.holes[1][2:]
    hand.discard(hand.holes[1][:2])  # type: ignore[arg-type]
    hand.discard()
    with pytest.raises(ValueError, match=r"cannot discard 'As'|does not hold"):
        hand.discard([card for card in pokereval.parse_cards("As Ks Qs") if card not in hand.holes[0]][:1])
    hand.discard()
    assert hand.phase == "bet" and hand.holes[1][:3] == kept and len(hand.holes[1]) == 5


def test_all_in_seats_still_draw() -> None:
    hand = Hand("badugi", limit="no-limit", stacks=[10, 100], button=1, seed=2)
    hand.bet_or_raise_to(10)  # seat 1 (button) raises
    hand.check_or_call()  # seat 0 calls all in
    assert hand.phase == "draw" and hand.actor == 0
    hand.discard()
    hand.discard()
    assert hand.phase == "draw"  # betting is over, the draws go on


# ---- the end and the settlement --------------------------------------------------------


def test_showdown_settles_as_settle_does() -> None:
    hand = Hand(stacks=[100, 300, 300])
    deal_all(hand, "KhKd", "QsQd", "AsAd")  # seats 1, 2, 0
    hand.bet_or_raise_to(100)  # seat 0 all in
    hand.bet_or_raise_to(300)  # seat 1 all in
    hand.check_or_call()  # seat 2 calls
    for board in ("2c7d9h", "Js", "3s"):
        hand.deal(board)
    expected = pokereval.settle(["As Ad", "Kh Kd", "Qs Qd"], "2c 7d 9h Js 3s", contributions=[100, 300, 300])
    assert hand.settlement == expected and hand.settlement.pots == expected.pots
    # Seat 0 takes the main pot (3 x 100), seat 1 the side pot (2 x 200) back and more.
    assert hand.payoffs == (200, 100, -300)


def test_dead_ante_goes_to_the_main_pot() -> None:
    hand = Hand(stacks=[100, 100], bb_ante=10, button=1)
    deal_all(hand, "AsAd", "7c2d")  # seat 0 (big blind), seat 1
    hand.bet_or_raise_to(100)  # seat 1 all in
    hand.check_or_call()  # seat 0 calls all in for 88
    for board in ("2c7d9h", "Js", "3s"):
        hand.deal(board)
    expected = pokereval.settle(
        ["As Ad", "7c 2d"], "2c 7d 9h Js 3s", contributions=[90, 100], dead_money=[10, 0]
    )
    assert hand.settlement == expected


def test_one_seat_left_takes_the_pot_unseen() -> None:
    hand = Hand(stacks=[100] * 3, seed=1)
    hand.fold()
    hand.fold()
    assert hand.done and hand.payoffs == (0, -1, 1) and hand.settlement is not None


def test_unknown_cards_wait_for_the_showdown() -> None:
    hand = Hand(stacks=[100, 100])
    hand.deal("????")
    hand.deal("????")
    hand.bet_or_raise_to(100)
    hand.check_or_call()
    hand.deal("2c7d9h")
    hand.deal("Js")
    hand.deal("3s")
    assert hand.phase == "showdown" and not hand.done
    hand.show(1, "AsAd")
    with pytest.raises(ValueError, match=r"already dealt"):
        hand.show(0, "AsKs")
    hand.show(0, "KsKd")
    assert hand.done and hand.payoffs == (-100, 100)


def test_a_folded_or_thrown_card_is_not_dealt_again() -> None:
    """Folded hole cards and discards are out of the stub: dealing one again by hand (as a
    history would) is refused, as the random dealer never deals them while the stub lasts.
    Only the seat's held cards were checked once, so a folded queen came back on the flop."""
    hand = Hand(stacks=[100, 100, 100])
    deal_all(hand, "AsAd", "KsKd", "QsQd")
    hand.fold()
    hand.check_or_call()
    hand.check_or_call()
    with pytest.raises(ValueError, match=r"card 'Qs' is already dealt"):
        hand.deal("QsQdQc")
    hand.deal("2c7d9h")
    draw = Hand("five-card-draw", stacks=[100, 100])
    deal_all(draw, "9d8d7c6h2s", "AsAhKdKcQs")
    draw.check_or_call()
    draw.check_or_call()
    draw.discard("9d")
    draw.discard()
    with pytest.raises(ValueError, match=r"seat 1 threw '9d' in the draw, and no seat is dealt back"):
        draw.deal("9d")  # the seat's own discard
    draw.deal("2c")
    assert draw.phase == "bet"


def test_a_short_big_blind_is_called_for_what_it_posted() -> None:
    """A big blind all in for less than the blind: the others call what it posted, and a
    raise goes to that plus a full bet (PokerKit and online rooms; docs/engine.md)."""
    hand = Hand(limit="fixed-limit", stacks=[100, 100, 1], seed=1)
    assert hand.bets == (0, 1, 1) and hand.to_call == 1 and hand.min_raise_to == 3


# ---- the API --------------------------------------------------------------------------


def test_legal_names_and_aliases() -> None:
    legal = Hand(stacks=[100, 100], seed=1).legal
    assert legal == {"fold", "call", "bet_or_raise"}  # type: ignore[comparison-overlap]
    for name in ("raise", "bet", "cbr", "f", "cc", "check_or_call", "complete", "bet-or-raise"):
        assert name in legal
    assert "check" not in legal and "bring_in" not in legal and "discard" not in legal


def test_actions_history_in_phh_notation() -> None:
    hand = Hand(stacks=[100, 100], button=1)
    deal_all(hand, "AsAd", "KsKd")
    hand.bet_or_raise_to(6)
    hand.fold()
    assert hand.actions == ["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 6", "p1 f"]


def test_act_takes_phh_strings() -> None:
    hand = Hand(stacks=[100, 100], button=1)
    hand.act("d dh p1 AsAd")
    hand.act("d dh p2 KsKd  # a comment")
    before = hand.actions
    hand.act("")  # no words: nothing played, nothing kept (PokerKit reads a history's "" so)
    assert hand.actions == before
    hand.act("p2 cbr 6")
    with pytest.raises(ValueError, match=r"p2 is not to act; p1 .seat 0. is"):
        hand.act("p2 cc")
    hand.act("p1 cc")
    hand.act("d db 2c7d9h")
    assert hand.street == 1 and hand.board == cards("2c7d9h")


def test_copy_is_independent_and_pickles() -> None:
    hand = Hand(stacks=[100, 100, 100], seed=9)
    hand.bet_or_raise_to(6)
    twin = hand.copy()
    twin.fold()
    assert hand.actor != twin.actor
    assert copy.copy(hand) == hand and copy.deepcopy(hand) == hand
    again = pickle.loads(pickle.dumps(hand))
    assert again == hand and again.actions == hand.actions
    again.fold()
    twin_moves = twin.actions
    assert again.actions == twin_moves  # the copy deals the same cards the original would


def test_hands_stay_off_the_collectors_lists_and_are_still_freed() -> None:
    """A Hand can be in no reference cycle, so it is untracked (kept copies cost no collector
    passes); a subclass, which may hold anything, stays tracked.  Freed all the same."""
    from pokereval.engine import Tables

    hand = Hand(stacks=[100, 100], seed=1)
    made = [hand, hand.copy(), copy.deepcopy(hand), pickle.loads(pickle.dumps(hand))]
    made += [Tables(2, stacks=[50, 50], seed=0).hand(1), read_phh(hand.to_phh())]
    assert [gc.is_tracked(h) for h in made] == [False] * len(made)

    class Mine(Hand):
        pass

    mine = Mine(stacks=[100, 100], seed=1)
    assert gc.is_tracked(mine)
    twin = hand.copy()
    twin.fold()
    gone = weakref.ref(twin)
    del twin
    assert gone() is None


def test_equal_hands_and_round_trip() -> None:
    hand = Hand("omaha", limit="pot-limit", stacks=[80, 120, 200], hole_cards=5, seed=3)
    hand.bet_or_raise_to(hand.max_raise_to)  # type: ignore[arg-type]
    assert read_phh(hand.to_phh()) == hand


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"stacks": [100, True]}, TypeError, r"stacks\[1\] must be an int, not bool"),
        ({"stacks": [100]}, ValueError, "played by 2 to 10 seats"),
        ({"stacks": [100, 0]}, ValueError, r"stacks\[1\] is 0"),
        ({"stacks": [100, 100], "game": "go fish"}, ValueError, "unknown game 'go fish'"),
        ({"stacks": [100, 100], "limit": "spread"}, ValueError, "unknown limit 'spread'"),
        ({"stacks": [100, 100], "button": 2}, ValueError, "button 2 is not a seat"),
        ({"stacks": [100, 100], "blinds": (1,)}, ValueError, r"blinds must be \(small, big\)"),
        ({"stacks": [100, 100], "blinds": (0, 0)}, ValueError, "needs a forced bet"),
        ({"stacks": [100, 100], "bets": (2, 4)}, ValueError, "bets= sets fixed-limit"),
        ({"stacks": [100, 100], "seed": 1.5}, TypeError, "seed must be an int"),
        ({"stacks": [100] * 8, "game": "omaha", "hole_cards": 6}, ValueError, "omaha seats 2 to 7"),
        ({"stacks": [100] * 9, "game": "stud"}, ValueError, "stud seats 2 to 8"),
        ({"stacks": [100, 100], "game": "plo5", "hole_cards": 4}, ValueError, "deals 5 hole cards"),
        ({"stacks": [100] * 4, "straddles": (2,)}, ValueError, "straddle must be larger"),
        ({"stacks": [100, 100], "uncapped_heads_up": 1}, TypeError, "uncapped_heads_up must be a bool"),
        # blinds_or_straddles= is every seat's forced bet: blinds= or straddles= beside it
        # would be ignored, so they are refused.
        ({"stacks": [100] * 3, "blinds_or_straddles": [1, 2, 0], "blinds": (1, 2)}, ValueError, "not both"),
        (
            {"stacks": [100] * 4, "blinds_or_straddles": [1, 2, 0, 0], "straddles": (4,)},
            ValueError,
            "not both",
        ),
        # Stud's blinds= give the bring-in and the small bet their defaults: checked even when
        # bring_in= and bets= are given, and named as blinds.
        (
            {
                "stacks": [100] * 3,
                "game": "stud",
                "limit": "fixed-limit",
                "antes": 1,
                "bring_in": 1,
                "bets": (4, 8),
                "blinds": (-5, 2**70),
            },
            ValueError,
            r"blinds are 0 to 2\*\*40 chips each",
        ),
        (
            {
                "stacks": [100] * 3,
                "game": "stud",
                "limit": "fixed-limit",
                "antes": 1,
                "bring_in": 1,
                "blinds": (1, 2**50),
            },
            ValueError,
            r"blinds are 0 to 2\*\*40 chips each",
        ),
        # The cap plays in fixed-limit only and is checked under every limit.
        ({"stacks": [100, 100], "cap": -5}, ValueError, "cap must be 1 to 255"),
        ({"stacks": [100, 100], "limit": "pot-limit", "cap": 256}, ValueError, "cap must be 1 to 255"),
        ({"stacks": [100, 100], "hole_cards": 0}, ValueError, "hole_cards=0 deals no cards"),
        ({"stacks": [100, 100], "game": "omaha", "hole_cards": 0}, ValueError, "hole_cards=0 deals no cards"),
    ],
)
def test_bad_rules(kwargs: dict[str, object], error: type[Exception], message: str) -> None:
    game = kwargs.pop("game", "holdem")
    with pytest.raises(error, match=message):
        Hand(game, **kwargs)  # type: ignore[arg-type]


def test_numpy_ints_are_ints() -> None:
    hand = Hand(stacks=np.array([100, 100]), blinds=(np.int64(1), np.int32(2)), seed=np.uint8(1))  # type: ignore[arg-type]
    hand.bet_or_raise_to(np.int64(6))  # type: ignore[arg-type]
    assert hand.bets == (6, 2)
    with pytest.raises(TypeError, match=r"amount must be an int, not float"):
        hand.bet_or_raise_to(6.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"amount must be an int, not bool"):
        hand.bet_or_raise_to(True)


def test_dealer_errors() -> None:
    hand = Hand("shortdeck", stacks=[100, 100])
    with pytest.raises(ValueError, match=r"card '2c' is not in the shortdeck deck"):
        hand.deal("2cAs")
    with pytest.raises(ValueError, match=r"seat 1 is owed 2 cards, got 3"):
        hand.deal("AsAdAh")
    with pytest.raises(ValueError, match=r"owes the board no cards"):
        hand.deal("AsAd", seat="board")
    hand.deal("AsAd")
    with pytest.raises(ValueError, match=r"card 'As' is already dealt"):
        hand.deal("AsKh")
    with pytest.raises(ValueError, match=r"out of range|not in"):
        hand.deal([60, 61])
    with pytest.raises(ValueError, match=r"cannot fold: the dealer deals seat 0 next"):
        hand.fold()


def test_moves_at_the_wrong_time() -> None:
    hand = Hand(stacks=[100, 100], seed=1)
    hand.fold()
    for move in (hand.fold, hand.check_or_call, hand.bring_in, hand.complete, hand.discard):
        with pytest.raises(ValueError, match=r"the hand is over"):
            move()
    with pytest.raises(ValueError, match=r"the dealer cannot deal now: the hand is over"):
        hand.deal()


# ---- properties -----------------------------------------------------------------------

BAD_ACTIONS = [
    "cbr",
    "cbr x",
    "cbr 1.5",
    "p9 f",
    "p0 cc",
    "d",
    "d dh",
    "d db",
    "d dh p1",
    "zz",
    "sm",
    "p1 sd 2c2c",
    "p1 sm Xx",
    "d db ??",
    "cbr 1e400",
    "cbr nan",
    "cbr -5",
    "cc now",
    "f f",
]


@pytest.mark.parametrize("action", BAD_ACTIONS)
def test_malformed_actions_are_refused(action: str) -> None:
    hand = Hand(stacks=[100, 100], seed=1)
    before = hand.copy()
    with pytest.raises(ValueError):
        hand.act(action)
    assert hand == before


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=40))
def test_fuzz_act_with_random_strings(text: str) -> None:
    hand = Hand(stacks=[100, 100, 100], seed=3)
    before = hand.copy()
    try:
        hand.act(text)
    except ValueError:
        assert hand == before
    with pytest.raises(TypeError):
        hand.act(b"cc")  # type: ignore[arg-type]


_LIMITS = ("no-limit", "pot-limit", "fixed-limit")


def _random_hand(rng: random.Random) -> Hand:
    game, kwargs = _random_rules(rng)
    return Hand(game, **kwargs)  # type: ignore[arg-type]


def _random_rules(rng: random.Random) -> tuple[str, dict[str, object]]:
    game = rng.choice(GAME_NAMES)
    seats = rng.randint(2, 6)
    kwargs: dict[str, object] = {
        "limit": rng.choice(_LIMITS),
        "button": rng.randrange(seats),
        "seed": rng.randrange(1 << 30),
    }
    kwargs["stacks"] = [
        rng.choice((rng.randint(1, 12), rng.randint(10, 80), rng.randint(100, 600))) for _ in range(seats)
    ]
    if game in ("stud", "stud-hilo", "razz"):
        kwargs["antes"] = rng.randint(0, 2)
        kwargs["bring_in"] = 1
    elif rng.random() < 0.3:
        kwargs["antes"] = 1
    if rng.random() < 0.2:
        kwargs["uncapped_heads_up"] = True
    return game, kwargs


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_random_hands_keep_every_rule(seed: int) -> None:
    """Chips are conserved after every move, no stack goes negative, every legal move is
    accepted and every other move refused with the hand unchanged."""
    rng = random.Random(seed)
    hand = _random_hand(rng)
    total = sum(hand.starting_stacks)
    moves = ("fold", "check", "call", "bet_or_raise", "bring_in", "discard")
    while not hand.done:
        legal = hand.legal
        assert legal, hand
        for move in moves:
            trial = hand.copy()
            if move in legal:
                make_move(trial, move, rng)  # accepted
            else:
                with pytest.raises(ValueError):
                    _try_refused(trial, move)
                assert trial == hand
        make_move(hand, rng.choice(sorted(legal)), rng)
        assert sum(hand.stacks) + (0 if hand.done else hand.pot) == total
        assert min(hand.stacks) >= 0
    assert sum(hand.payoffs) == 0


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_a_hand_that_deals_itself_draws_what_its_dealer_would(seed: int) -> None:
    """A seeded hand deals what is due all at once (face-down cards straight into the seats);
    with auto_deal=False its dealer deals the same shuffle through deal(), a seat at a time.
    Played the same moves, the two hold the same cards after every move and pay the same."""
    rng = random.Random(seed)
    game, kwargs = _random_rules(rng)
    itself = Hand(game, **kwargs)  # type: ignore[arg-type]
    dealt = Hand(game, **kwargs, auto_deal=False)  # type: ignore[arg-type]

    def catch_up() -> None:
        while dealt.pending_deal is not None:
            dealt.deal()

    catch_up()
    while not itself.done:
        assert (dealt.holes, dealt.board, dealt.actor, dealt.stacks) == (
            itself.holes,
            itself.board,
            itself.actor,
            itself.stacks,
        )
        move, pick = rng.choice(sorted(itself.legal)), rng.random()
        make_move(itself, move, random.Random(pick))
        make_move(dealt, move, random.Random(pick))
        catch_up()
    assert dealt.done and (dealt.holes, dealt.board, dealt.payoffs) == (
        itself.holes,
        itself.board,
        itself.payoffs,
    )


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_a_muck_is_taken_only_once_no_seat_can_bet(seed: int) -> None:
    """A seat may give up its hand only once no more betting can happen: whenever the dealer
    is due, each seat's muck is tried on a copy; one that is taken leaves no betting move
    for the rest of the hand, and the chips still add up."""
    rng = random.Random(seed)
    game, kwargs = _random_rules(rng)
    # Stacks of a blind or less are common here: a seat all in on its blind is the case.
    seats = len(kwargs["stacks"])  # type: ignore[arg-type]
    kwargs["stacks"] = [rng.choice((1, 2, 3, rng.randint(4, 200))) for _ in range(seats)]
    hand = Hand(game, **kwargs, auto_deal=False)  # type: ignore[arg-type]
    total = sum(hand.starting_stacks)
    betting = {"fold", "check", "call", "bet_or_raise", "bring_in"}
    while not hand.done:
        if hand.pending_deal is None:
            make_move(hand, rng.choice(sorted(hand.legal)), rng)
            continue
        for seat in range(len(hand.stacks)):
            trial = hand.copy()
            try:
                trial.muck(seat)
            except ValueError:
                assert trial == hand
                continue
            while not trial.done:
                assert not betting & set(trial.legal), (seat, trial)
                if trial.pending_deal is not None:
                    trial.deal()
                else:
                    trial.discard()
            assert sum(trial.payoffs) == 0 and sum(trial.stacks) == total
            assert trial.settlement is not None
        hand.deal()
    assert sum(hand.payoffs) == 0


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_an_uncalled_bet_is_reported_once_final(seed: int) -> None:
    """``uncalled`` names a bet only once nobody can match it: from then on it does not change,
    and at the end the settlement gives exactly those chips back to that seat."""
    rng = random.Random(seed)
    game, kwargs = _random_rules(rng)
    seats = len(kwargs["stacks"])  # type: ignore[arg-type]
    # All-ins are the case: stacks short of a blind or an ante too, and antes that count
    # toward a seat's level (a seat short of its ante leaves the others an uncalled part).
    kwargs["stacks"] = [rng.choice((1, 2, 3, 10, rng.randint(4, 200))) for _ in range(seats)]
    if rng.random() < 0.5:
        kwargs["antes"] = rng.choice((2, 5, [rng.randint(1, 6) for _ in range(seats)]))
        kwargs["ante_trimming"] = rng.random() < 0.5
    hand = Hand(game, **kwargs)  # type: ignore[arg-type]
    reported = hand.uncalled
    while not hand.done:
        make_move(hand, rng.choice(sorted(hand.legal)), rng)
        if reported is not None:
            assert hand.uncalled == reported, hand
        reported = hand.uncalled
    settlement = hand.settlement
    assert settlement is not None
    assert hand.uncalled == settlement.uncalled


def test_an_ante_counts_in_the_uncalled_bet_as_it_counts_in_the_pots() -> None:
    """A seat all in on its ante for 3 of 5: the other's ante and blind stand 3 above it (the
    blinds are 1 and 2, the small one is the other's), so 3 come back, as settle pays them."""
    hand = Hand(stacks=[100, 3], blinds=(1, 2), antes=5, seed=1)
    settlement = hand.settlement
    assert hand.done and settlement is not None and hand.uncalled == settlement.uncalled == (0, 3)
    # Every other seat is all in on its ante or blind, and seat 2's ante of 4 stands 1 above
    # the most of theirs: but it still owes the blind of 1, so nothing is final until it calls.
    stacks, antes = [1, 2, 132, 2, 2, 3], [5, 5, 4, 3, 4, 2]
    draw = Hand("five-card-draw", stacks=stacks, antes=antes, ante_trimming=True, button=3, seed=1)
    assert (draw.actor, draw.to_call, draw.uncalled) == (2, 1, None)
    draw.check_or_call()
    assert draw.uncalled == (2, 2)


def _try_refused(hand: Hand, move: str) -> None:
    if move == "bet_or_raise":
        hand.bet_or_raise_to((hand.bets[hand.actor] if hand.actor is not None else 0) + 1)
    elif move == "discard":
        hand.discard()
    elif move == "check":
        hand.check()
    elif move == "call":
        hand.call()
    else:
        make_move(hand, move, random.Random(0))
