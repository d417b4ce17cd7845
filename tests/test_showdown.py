"""Tests of pokereval.showdown: showdown() winners, and settle() pots, splits, odd chips, hi-lo.

Expected payouts come from the rules, worked out by hand in the comments, or from
tests/settle_reference.py (pot logic from the rules) fed with hand strengths from
tests/reference.py (hand values from the rules); never from the code under test.
"""

from __future__ import annotations

import ast
import copy
import pickle
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import reference as ref
from settle_reference import settle_reference

from pokereval import Card, compare, evaluate, parse_cards
from pokereval.showdown import Pot, Settlement, settle, showdown

BOARD = "2c 7d 9h Js 3s"  # no pair, no flush, no straight possible with most holes below
DATA = Path(__file__).parent / "data"


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


# ---------------------------------------------------------------------------------------------
# showdown


def test_showdown_winner_ranks_and_best_five() -> None:
    result = showdown(["As Ad", "Kh Kd", "Qs Qd"], BOARD)
    assert result.winners == (0,)
    assert result.low_winners == ()
    assert result.low_ranks == ()
    for seat, hole in enumerate(["As Ad", "Kh Kd", "Qs Qd"]):
        assert result.ranks[seat] == evaluate(hole, BOARD)
        assert set(result.best_five[seat]) == set(evaluate(hole, BOARD).best_five)
    assert result.game == "holdem"


def test_showdown_royal_board_splits_everyone() -> None:
    # Nothing beats a royal flush and every seat plays it: a four-way tie.
    result = showdown(["2c 2d", "Ah Ad", "9s 8s", "3h 4h"], "As Ks Qs Js Ts")
    assert result.winners == (0, 1, 2, 3)
    assert all(rank.category is not None and rank.category.name == "ROYAL_FLUSH" for rank in result.ranks)


def test_showdown_quads_on_board_fifth_card_decides() -> None:
    # Four sevens on the board: everyone has quads and the best fifth card decides.
    assert showdown(["Ah 3d", "Kc Kd", "Ac 4d"], "7c 7d 7h 7s 2c").winners == (0, 2)
    # With an ace on the board, the board's ace is every seat's kicker: all split.
    assert showdown(["Kh Kd", "2d 3d", "Qc Jc"], "7c 7d 7h 7s Ac").winners == (0, 1, 2)


def test_showdown_accepts_cards_ids_and_text() -> None:
    text = showdown(["As Ad", "Kh Kd"], BOARD)
    ids = showdown([[51, 50], [46, 45]], [int(c) for c in cards(BOARD)])
    assert text.winners == ids.winners == (0,)
    assert [int(r) for r in text.ranks] == [int(r) for r in ids.ranks]


def test_showdown_omaha_hilo_reports_lows() -> None:
    board = "2c 5d 8h Kc Ks"
    result = showdown(["Ac 3d Qh Qs", "Kh Kd 4c 4d", "Ad 3c Jh Js"], board, game="omaha-hilo")
    assert result.winners == (1,)  # four kings
    assert result.low_winners == (0, 2)  # both make 8-5-3-2-A
    assert result.low_ranks[1] is None
    expected_high = evaluate("Ac 3d Qh Qs", board, game="omaha-hilo")
    expected_low = expected_high.low
    assert result.ranks[0] == expected_high
    assert result.low_ranks[0] == expected_low


def test_showdown_omaha_hilo_no_low() -> None:
    result = showdown(["Ac 2d 4h 5s", "Kh Kd 6c 7d"], "Kc Qd 9h 8c 3s", game="omaha-hilo")
    assert result.low_winners == ()
    assert result.low_ranks == (None, None)


def test_showdown_board_free_games() -> None:
    razz = showdown(["Ac 2d 3h 4s 6c Kd Kh", "Ah 2c 3d 4h 5s Qs Qh"], None, game="razz")
    assert razz.winners == (1,)
    stud = showdown(["Ac Ad Ah 4s 6c Kd Kh", "2h 3h 4h 5h 6h Qs Qh"], [], game="stud")
    assert stud.winners == (1,)  # a straight flush beats a full house
    deuce = showdown(["7c 5d 4h 3s 2c", "7d 5h 4d 3c 2d"], None, game="deuce-seven")
    assert deuce.winners == (0, 1)
    badugi = showdown(["Ac 2d 3h 4s", "Ad 2c 3s Kh"], None, game="badugi")
    assert badugi.winners == (0,)


def test_showdown_result_is_read_only() -> None:
    result = showdown(["As Ad", "Kh Kd"], BOARD)
    with pytest.raises(AttributeError):
        result.winners = (1,)  # type: ignore[misc]


@pytest.mark.parametrize(
    ("board", "holes", "game", "message"),
    [
        ("As Ks Qs Js", ["2c 2d", "Ah Ad"], "holdem", "board of 5 cards, got 4"),
        ("As Ks Qs Js Ts 9s", ["2c 2d", "Ah Ad"], "holdem", "board of 5 cards, got 6"),
        (BOARD, ["4c 4d", "Ah"], "holdem", "seat 1: holdem needs 2 cards per seat, got 1"),
        (BOARD, ["2d 4d", "Ah 2d"], "holdem", "duplicate card '2d': seat 0 and seat 1 both hold it"),
        (BOARD, ["2c 4d", "Ah Ad"], "holdem", "duplicate card '2c': seat 0 and the board both hold it"),
        (BOARD, ["2h 4d", "Xh Ad"], "holdem", "seat 1: bad card 'Xh'"),
        ("7c 8c 9c", ["Ac Ad Ah As Kc Kd Kh"], "stud", "stud has no board"),
        (None, ["Ac Ad Ah As Kc Kd Kh"], "omaha", "omaha showdown needs a board of 5 cards, got 0"),
        (
            "6c 7d 8h 9s Ts",
            ["As Ad", "2c 3c"],
            "shortdeck",
            "seat 1: card '2c' at position 1 is not in the shortdeck deck",
        ),
        (BOARD, [], "holdem", "at least one seat"),
        (BOARD, ["As Ad"], "go fish", "unknown game 'go fish'"),
    ],
)
def test_showdown_bad_input(board: Any, holes: Any, game: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        showdown(holes, board, game=game)


def test_showdown_wrong_types() -> None:
    with pytest.raises(TypeError, match="holes must be a sequence"):
        showdown("As Ad Kh Kd", BOARD)
    with pytest.raises(TypeError, match=r"seat 1: expected a card"):
        showdown(["As Ad", [1.5, 2.5]], BOARD)  # type: ignore[list-item]


# ---------------------------------------------------------------------------------------------
# settle: the examples of the issue, each worked out from the rules


def test_short_stack_all_in_main_and_side_pot() -> None:
    # Stacks 1,000 / 3,000 / 3,000.  Seat 0 is all-in for 1,000; seats 1 and 2 each put in 2,000.
    # Main pot: 1,000 from each = 3,000, all three eligible.  Side pot: the other 1,000 from seats
    # 1 and 2 = 2,000, which seat 0 cannot win.  Seat 0 has the best hand, seat 1 the second.
    s = settle(["As Ad", "Kh Kd", "Qs Qd"], BOARD, contributions=[1000, 2000, 2000])
    assert s == (3000, 2000, 0)
    main, side = s.pots
    assert (main.amount, main.eligible, main.winners) == (3000, (0, 1, 2), (0,))
    assert (side.amount, side.eligible, side.winners) == (2000, (1, 2), (1,))
    assert s.uncalled is None
    # If both big stacks went all-in too, the side pot is their 2,000 each: 4,000.
    both = settle(["As Ad", "Kh Kd", "Qs Qd"], BOARD, contributions=[1000, 3000, 3000])
    assert both == (3000, 4000, 0)
    assert [(pot.amount, pot.eligible) for pot in both.pots] == [(3000, (0, 1, 2)), (4000, (1, 2))]
    # The short stack losing: the best hand takes both pots.
    assert settle(["Qs Qd", "As Ad", "Kh Kd"], BOARD, contributions=[1000, 2000, 2000]) == (0, 5000, 0)


def test_settlement_is_an_immutable_tuple() -> None:
    s = settle(["As Ad", "Kh Kd"], BOARD, contributions=[10, 10])
    assert isinstance(s, tuple) and isinstance(s, Settlement)
    assert s == (20, 0) and list(s) == [20, 0] and s[0] == 20 and s[-1] == 0
    assert all(isinstance(pot, Pot) for pot in s.pots)
    assert s.pots[0].shares == (20, 0) and s.pots[0].high_amount == 20
    # Nothing can change it, so its breakdown always matches its payouts.
    for change in (
        lambda: s.append(5),  # type: ignore[attr-defined]
        lambda: s.__setitem__(0, 5),  # type: ignore[index]
        lambda: setattr(s, "pots", ()),
        lambda: setattr(s, "_pots", ()),
        lambda: delattr(s, "_uncalled"),
    ):
        with pytest.raises((AttributeError, TypeError)):
            change()
    with pytest.raises(AttributeError):
        s.pots[0].amount = 0  # type: ignore[misc]
    assert s == (20, 0) and sum(pot.amount for pot in s.pots) == 20
    assert copy.copy(s) is s and copy.deepcopy(s) is s
    assert hash(s) == hash((20, 0))


def test_royal_flush_on_board_splits_among_everyone_left() -> None:
    # 100 x 3 + 40 from the folded seat 3 = 340 among three: 113 each, one odd chip to seat 0.
    s = settle(
        ["2c 2d", "Ah Ad", "9s 8s", "3h 4h"],
        "As Ks Qs Js Ts",
        contributions=[100, 100, 100, 40],
        folded=[False, False, False, True],
    )
    assert s == (114, 113, 113, 0)
    assert s.pots[0].winners == (0, 1, 2) and s.pots[0].eligible == (0, 1, 2)


def test_the_board_plays() -> None:
    # Broadway on the board; neither hole card improves it: split 50 / 50.
    assert settle(["2c 3d", "4h 5h"], "Ah Kd Qs Jc Tc", contributions=[50, 50]) == (50, 50)


def test_quads_on_board_decided_by_the_fifth_card() -> None:
    assert settle(["Ah 3d", "Kc Kd", "Qh Qd"], "7c 7d 7h 7s 2c", contributions=[30, 30, 30]) == (90, 0, 0)
    # The ace on the board is everyone's kicker: a three-way split.
    assert settle(["Kh Kd", "2d 3d", "Qc Jc"], "7c 7d 7h 7s Ac", contributions=[30, 30, 30]) == (30, 30, 30)


def test_odd_chips_default_and_explicit_order() -> None:
    holes = ["2c 3d", "4h 5h", "6c 8d", "Ks Kd"]
    folded = [False, False, False, True]
    board = "Ah Kh Qs Jc Tc"  # broadway: seats 0, 1, 2 split; seat 3 folded its kings
    # 33 + 33 + 33 + 1 = 100 among three: 33 each and one odd chip, to seat 0 (first left of
    # the button).
    assert settle(holes, board, contributions=[33, 33, 33, 1], folded=folded) == (34, 33, 33, 0)
    # 34 x 3 + 0 = 102 ... no odd chip.  35 x 3 + 0 = 105: no odd chip either.  34 x 3 + 2 = 104:
    # 34 each, two odd chips: to seats 0 and 1 by default.
    assert settle(holes, board, contributions=[34, 34, 34, 2], folded=folded) == (35, 35, 34, 0)
    # An explicit order: the button is seat 1, so seat 2 is first, then 3, 0, 1.
    assert settle(holes, board, contributions=[34, 34, 34, 2], folded=folded, odd_chip=[2, 3, 0, 1]) == (
        35,
        34,
        35,
        0,
    )
    assert settle(holes, board, contributions=[33, 33, 33, 1], folded=folded, odd_chip=(3, 1, 2, 0)) == (
        33,
        34,
        33,
        0,
    )


def test_stud_odd_chips_go_by_card() -> None:
    """Robert's Rules of Poker (ties, 5): in stud the odd chip goes to the highest card by
    suit in a high game and the lowest card by suit in a low game, all of a seat's cards
    counting; in hi-lo each half's tie is broken as in that half's game.  13 chips split."""
    stud = ["Ah Kd 9c 8d 6c 4d 3h", "As Kh 9d 8c 6d 4c 3c"]  # the same hand; seat 1 holds the As
    assert settle(stud, contributions=[5, 5], dead_money=[1, 2], game="stud") == (6, 7)
    assert settle(stud[::-1], contributions=[5, 5], dead_money=[1, 2], game="stud") == (7, 6)
    # Seat order when asked for it (or any given order).
    assert settle(stud, contributions=[5, 5], dead_money=[1, 2], game="stud", odd_chip="left-of-button") == (
        7,
        6,
    )
    # Every card counts, not only the five: two 9-high flushes, and seat 0's As plays no part.
    flushes = ["9d 7d 5d 4d 2d As 3c", "9h 7h 5h 4h 2h Kc 3s"]
    assert settle(flushes, contributions=[5, 5], dead_money=[1, 2], game="stud") == (7, 6)
    assert settle(flushes[::-1], contributions=[5, 5], dead_money=[1, 2], game="stud") == (6, 7)
    # Razz: the lowest card, aces low: seat 0's Ac, though seat 1 holds the lowest deuce (2c).
    razz = ["Ac 2h 3c 4d 5c Kh Ks", "As 2c 3d 4c 5d Kc Kd"]
    assert settle(razz, contributions=[5, 5], dead_money=[1, 2], game="razz") == (7, 6)
    assert settle(razz[::-1], contributions=[5, 5], dead_money=[1, 2], game="razz") == (6, 7)
    # Stud hi-lo, both wheels, a pot of 15: the high half (8) splits evenly; the low half's
    # odd chip (7) goes to the lowest card, seat 0's Ac; the As would have taken a high one.
    result = settle(razz, contributions=[5, 5], dead_money=[2, 3], game="stud-hilo")
    assert result == (8, 7) and result.pots[0].low_amount == 7
    # 14: halves of 7, the high one's odd chip to the As (seat 1), the low one's to the Ac.
    result = settle(razz, contributions=[5, 5], dead_money=[1, 3], game="stud-hilo")
    assert result == (7, 7)
    # A joker counts as no card here, whatever it stands for: seat 0's joker makes kings, as
    # seat 1's two kings do, but seat 0's highest card is the Kd and seat 1's the Ks.
    jokers = ["Jk Kd 9c 8d 6c 4d 3h", "Ks Kh 9d 8c 6d 4c 3c"]
    assert settle(jokers, contributions=[5, 5], dead_money=[1, 2], game="stud", wild="joker") == (6, 7)
    assert settle(jokers[::-1], contributions=[5, 5], dead_money=[1, 2], game="stud", wild="joker") == (7, 6)
    # Hold'em keeps seat order.
    board = "Ah Kh Qs Jc Tc"
    assert settle(["2c 3d", "4h 5h"], board, contributions=[5, 5], dead_money=[1, 0]) == (6, 5)


def test_odd_chips_are_per_pot() -> None:
    # Seats 0 and 1 tie with aces (A A K 8 7: their other card does not play); seat 3, all-in for
    # 3, has kings; seats 2 and 4 folded after putting in 8 and 1.
    # Main pot: 3 from seats 0-3 and 1 from seat 4 = 13, eligible 0, 1, 3: 6 each to seats 0 and
    # 1 and the odd chip to seat 0.  Side pot: 5 from seats 0, 1, 2 = 15, eligible 0, 1: 7 each
    # and the odd chip to seat 0.  Seat 0 gets 7 + 8 = 15, seat 1 6 + 7 = 13 (pooling both pots
    # first would have split 28 evenly).
    holes = ["As 3c", "Ac 4d", "Qs Qd", "Kh 5d", "9c 9d"]
    folded = [False, False, True, False, True]
    s = settle(holes, "Ah Kd 8h 7c 2s", contributions=[8, 8, 8, 3, 1], folded=folded)
    assert s == (15, 13, 0, 0, 0)
    assert [(pot.amount, pot.eligible, pot.winners) for pot in s.pots] == [
        (13, (0, 1, 3), (0, 1)),
        (15, (0, 1), (0, 1)),
    ]
    assert [pot.shares for pot in s.pots] == [(7, 6, 0, 0, 0), (8, 7, 0, 0, 0)]
    # With seat 1 first in the odd-chip order, both odd chips go to seat 1.
    s = settle(
        holes, "Ah Kd 8h 7c 2s", contributions=[8, 8, 8, 3, 1], folded=folded, odd_chip=[1, 2, 3, 4, 0]
    )
    assert s == (13, 15, 0, 0, 0)


def test_hilo_scoop_split_quarter_and_no_low() -> None:
    board = "2c 5d 8h Kc Ks"
    # Scoop: seat 0 holds A-3 (8-5-3-2-A, the only low) and K-K (four kings, the best high).
    assert settle(["Ac 3d Kh Kd", "Qh Qd Jc Jd"], board, contributions=[50, 50], game="omaha-hilo") == (
        100,
        0,
    )
    # Split: seat 1 the high (four kings), seat 0 the low.  Pot 101 (50 + 51, seat 1's extra 1
    # is uncalled and goes back): 100 -> 50 high, 50 low.
    s = settle(["Ac 3d Qh Qs", "Kh Kd Jc Jd"], board, contributions=[50, 51], game="omaha-hilo")
    assert s == (50, 51) and s.uncalled == (1, 1)
    # An odd pot: 33 x 3 = 99 with seat 2 folded; high half 50 to seat 1, low half 49 to seat 0.
    s = settle(
        ["Ac 3d Qh Qs", "Kh Kd Jc Jd", "Th Td 9c 9d"],
        board,
        contributions=[33, 33, 33],
        game="omaha-hilo",
        folded=[0, 0, 1],
    )
    assert s == (49, 50, 0)
    assert (s.pots[0].low_amount, s.pots[0].high_amount, s.pots[0].low_winners) == (49, 50, (0,))
    # Quartered: seats 0 and 2 tie for the low, seat 1 has the high.  Pot 120: high 60 to seat
    # 1; low 60 shared, 30 each.
    quartered = settle(
        ["Ac 3d Qh Qs", "Kh Kd Jc Jd", "Ad 3c Th Ts"], board, contributions=[40, 40, 40], game="omaha-hilo"
    )
    assert quartered == (30, 60, 30)
    # No low possible (one low card on the board): the high takes all.
    assert settle(
        ["Ac 3d Qh Qs", "Kh Kd Jc Jd"], "Kc Qd 9h 8c 9s", contributions=[40, 40], game="omaha-hilo"
    ) == (0, 80)


def test_uncalled_bet_returned() -> None:
    # Seat 1 bets 300 into seat 0's 100 all-in: 200 of it was never matched and goes back.
    s = settle(["As Ad", "Kh Kd"], BOARD, contributions=[100, 300])
    assert s == (200, 200) and s.uncalled == (1, 200)
    assert [pot.amount for pot in s.pots] == [200]
    # Everybody folds to a raise: the raiser gets its unmatched raise back and wins the rest.
    s = settle([None, None, None], [], contributions=[10, 20, 60], folded=[True, True, False])
    assert s == (0, 0, 90) and s.uncalled == (2, 40)
    assert [(pot.amount, pot.eligible, pot.winners) for pot in s.pots] == [(50, (2,), (2,))]
    # Only one seat put anything in: all of it comes back, with no pot at all.
    s = settle([None, None, None], None, contributions=[0, 25, 0])
    assert s == (0, 25, 0) and s.uncalled == (1, 25) and s.pots == ()


def test_folded_chips_stay_in_the_pots() -> None:
    # Seat 1 folded after putting in 100; seat 0 is all-in for 50; seat 2 put in 100.
    # Main pot 50 x 3 = 150 for seats 0 and 2; side pot 50 + 50 = 100 for seat 2 alone.
    s = settle(["As Ad", "Kh Kd", "Qs Qd"], BOARD, contributions=[50, 100, 100], folded=[False, True, False])
    assert s == (150, 0, 100)
    assert [(pot.amount, pot.eligible) for pot in s.pots] == [(150, (0, 2)), (100, (2,))]
    # A folded seat never wins, even with the best cards.
    assert settle(
        ["As Ad", "Kh Kd", "Qs Qd"], BOARD, contributions=[10, 10, 10], folded=[True, False, False]
    ) == (0, 30, 0)


def test_folded_chips_above_every_live_level_join_the_top_pot() -> None:
    # Seats 1 and 2 both put in 80 and both folded (say, folding out of turn); seat 0 is all-in for
    # 30 and is the only seat left: it wins the 90 it matched and the 100 nobody left could win.
    s = settle(["As Ad", None, None], BOARD, contributions=[30, 80, 80], folded=[False, True, True])
    assert s == (190, 0, 0)
    assert [(pot.amount, pot.eligible) for pot in s.pots] == [(190, (0,))]


def test_everyone_else_folded_needs_no_cards_and_no_full_board() -> None:
    s = settle(
        [None, "As Ad", None, None],
        "Kh 7c 2d",
        contributions=[5, 10, 10, 0],
        folded=[True, False, True, False],
    )
    assert s == (0, 25, 0, 0)
    assert settle([None, None], None, contributions=[1, 2], folded=[True, False]) == (0, 3)


def test_seats_with_no_chips_are_in_no_pot() -> None:
    s = settle([None, "As Ad", "Kh Kd", "Qs Qd"], BOARD, contributions=[0, 20, 20, 0])
    assert s == (0, 40, 0, 0) and s.pots[0].eligible == (1, 2)
    assert settle([None, None], None, contributions=[0, 0]) == (0, 0)


def test_stud_and_razz_settle_without_board() -> None:
    holes = ["Ac Ad 3h 4s 6c Kd Kh", "8h 2c 3d 4h 7s Qs Qh"]
    assert settle(holes, None, contributions=[10, 10], game="razz") == (0, 20)  # 8-7-4-3-2 beats K-6-4-3-A
    assert settle(holes, [], contributions=[10, 10], game="stud") == (20, 0)  # aces and kings beat queens


def test_contributions_may_be_numpy_ints() -> None:
    np = pytest.importorskip("numpy")
    assert settle(["As Ad", "Kh Kd"], BOARD, contributions=np.array([10, 30])) == (20, 20)


def test_numpy_input_is_read_by_items() -> None:
    np = pytest.importorskip("numpy")
    holes = [np.array(ref.ref_cards(h)) for h in ("As Ad", "Kh Kd", "Qs Qd")]
    board = np.array(ref.ref_cards(BOARD))
    s = settle(
        holes,
        board,
        contributions=[10, 10, 10],
        folded=np.array([False, False, True]),
        odd_chip=np.array([2, 1, 0]),
    )
    assert s == (30, 0, 0)
    assert showdown(holes, board).winners == (0,)


def test_limits_of_seats_and_chips() -> None:
    # 2^48 chips a seat and 64 seats settle; past either, a ValueError says so (there is no
    # second settlement for big input).
    top = 2**48
    assert settle(["As Ad", "Kh Kd"], BOARD, contributions=[top, top], dead_money=[top, 0]) == (3 * top, 0)
    for big in (top + 1, 2**63, 10**20):
        with pytest.raises(ValueError, match=rf"contributions\[1\] is {big}; settle takes at most 2\*\*48"):
            settle(["As Ad", "Kh Kd"], BOARD, contributions=[10, big])
        with pytest.raises(ValueError, match=rf"dead_money\[0\] is {big}; settle takes at most 2\*\*48"):
            settle(["As Ad", "Kh Kd"], BOARD, contributions=[10, 10], dead_money=[big, 0])
    chips = [0] * 64
    chips[3] = chips[63] = 11
    holes: list[Any] = [None] * 64
    holes[3], holes[63] = "Kh Kd", "As Ad"
    assert settle(holes, BOARD, contributions=chips)[63] == 22
    with pytest.raises(ValueError, match="at most 64 seats, got 65"):
        settle([*holes, None], BOARD, contributions=[*chips, 0])
    with pytest.raises(ValueError, match="at most 64 seats, got 65"):
        showdown([[2 * seat % 52, 2 * seat % 52 + 1] for seat in range(65)], BOARD)


def test_results_pickle() -> None:
    holes = [cards("As Ad"), cards("Kh Kd"), cards("Qs Qd")]
    s = settle(holes, cards(BOARD), contributions=[100, 300, 300], folded=[0, 0, 1], dead_money=[5, 0, 5])
    twin = pickle.loads(pickle.dumps(s))
    assert twin == s == (310, 400, 0) and isinstance(twin, Settlement)
    assert twin.pots == s.pots and twin.uncalled == s.uncalled is None
    result = showdown(["As Ad", "Kh Kd"], BOARD)
    again = pickle.loads(pickle.dumps(result))
    assert again.winners == (0,) and again.ranks == result.ranks
    assert again == result and hash(again) == hash(result) and len({again, result}) == 1


@pytest.mark.parametrize(
    ("holes", "board", "kwargs"),
    [
        (["As Ad", "Kh Ks"], "2c 7d 9h Js 4s", {}),  # another board
        (["As Ac", "Kh Ks"], BOARD, {}),  # another seat's cards, the same hands
        (["Kh Ks", "As Ad"], BOARD, {}),  # the seats swapped
        (["As Ad", "Kh Ks"], BOARD, {"wild": "deuces"}),  # another rule
        (["As Ad", "Kh Ks"], BOARD, {"wild": "joker"}),  # the same hands under another rule
    ],
)
def test_results_differ_when_the_deal_or_the_game_does(
    holes: list[str], board: str, kwargs: dict[str, str]
) -> None:
    result = showdown(["As Ad", "Kh Ks"], BOARD)
    other = showdown(holes, board, **kwargs)
    assert other != result and result != (0,) and result == showdown(["As Ad", "Kh Ks"], BOARD)


def test_inputs_are_not_changed() -> None:
    chips = [100, 300]
    holes = [cards("As Ad"), cards("Kh Kd")]
    settle(holes, cards(BOARD), contributions=chips)
    assert chips == [100, 300] and holes == [cards("As Ad"), cards("Kh Kd")]


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"contributions": [10, -5]}, ValueError, r"contributions\[1\] is negative: -5"),
        ({"contributions": [10, 2.5]}, TypeError, r"contributions\[1\] must be an int.*float"),
        ({"contributions": [10, "5"]}, TypeError, r"contributions\[1\] must be an int.*str"),
        ({"contributions": [True, 5]}, TypeError, r"contributions\[0\] must be an int.*bool"),
        ({"contributions": [10, 10, 10]}, ValueError, "2 holes for 3 contributions"),
        ({"holes": ["As Ad", "As Kd"]}, ValueError, "duplicate card 'As': seat 0 and seat 1 both hold it"),
        ({"holes": ["As Ad", "2c Kd"]}, ValueError, "duplicate card '2c': seat 1 and the board both hold it"),
        (
            {"holes": ["As Ad", "2c Kd"], "folded": [False, True]},
            ValueError,
            "duplicate card '2c': seat 1 and the board both hold it",
        ),
        ({"holes": ["As Ad", [60, 1]]}, ValueError, "seat 1: card id 60 out of range"),
        ({"holes": ["As Ad", "Kd"]}, ValueError, "seat 1: holdem needs 2 cards per seat, got 1"),
        ({"holes": ["As Ad", None]}, ValueError, "seat 1 is in the showdown but its hole cards are None"),
        ({"board": "2c 7d 9h Js"}, ValueError, "holdem showdown needs a board of 5 cards, got 4"),
        ({"board": "2c 7d 9h Js 3s 4s"}, ValueError, "board of 5 cards, got 6"),
        ({"board": "2c 7d 9h Js 2c"}, ValueError, "board: duplicate card '2c'"),
        ({"odd_chip": "right-of-button"}, ValueError, "unknown odd_chip 'right-of-button'"),
        ({"odd_chip": [0, 0]}, ValueError, "odd_chip lists seat 0 twice"),
        ({"odd_chip": [0, 2]}, ValueError, r"odd_chip\[1\]: seat 2 out of range 0..1"),
        ({"odd_chip": [0]}, ValueError, "odd_chip must list each of the 2 seats once"),
        ({"odd_chip": 3}, TypeError, "odd_chip must be 'left-of-button' or a list of seats"),
        ({"folded": [False]}, ValueError, "folded has 1 entry for 2 seats"),
        ({"folded": [True, True]}, ValueError, "every seat that put chips in has folded"),
        ({"folded": "no"}, TypeError, "folded must be a sequence"),
        ({"game": "go fish"}, ValueError, "unknown game 'go fish'"),
        ({"holes": "As Ad Kh Kd"}, TypeError, "holes must be a sequence"),
        ({"holes": ["As Ad", [True, 4]]}, TypeError, "seat 1: .*bool"),
        ({"board": [True, 4, 8, 12, 16]}, TypeError, "board: .*bool"),
        ({"odd_chip": [True, 0]}, TypeError, r"odd_chip\[0\] must be a seat number, got bool"),
        ({"odd_chip": [0, False]}, TypeError, r"odd_chip\[1\] must be a seat number, got bool"),
        ({"odd_chip": [0, 300]}, ValueError, r"odd_chip\[1\]: seat 300 out of range 0..1"),
        ({"dead_money": [0, -1]}, ValueError, r"dead_money\[1\] is negative: -1"),
        ({"dead_money": [False, 1]}, TypeError, r"dead_money\[0\] must be an int.*bool"),
        ({"dead_money": [1]}, ValueError, "dead_money has 1 entry for 2 seats"),
        ({"dead_money": 5}, TypeError, "dead_money must be a sequence"),
        ({"holes": ["As Ad"] * 0, "contributions": []}, ValueError, "at least one seat"),
        # A dict reads as its keys and a set in no order: each would have put chips on the
        # wrong seats ({0: 100, 1: 100} as contributions 0 and 1).
        (
            {"contributions": {0: 10, 1: 20}},
            TypeError,
            "contributions must be a list or tuple, in order, got dict",
        ),
        ({"folded": {1: True, 0: False}}, TypeError, "folded must be a list or tuple, in order, got dict"),
        ({"dead_money": {0: 0, 1: 50}}, TypeError, "dead_money must be a list or tuple, in order, got dict"),
        ({"holes": {"As Ad", "Kh Kd"}}, TypeError, "holes must be a list or tuple, in order, got set"),
        ({"odd_chip": {1, 0}}, TypeError, "odd_chip must be a list or tuple, in order, got set"),
        ({"contributions": [10, 20, 30]}, ValueError, "^2 holes for 3 contributions"),
        ({"contributions": [10]}, ValueError, "^2 holes for 1 contribution;"),
    ],
)
@pytest.mark.parametrize("spelling", ["text", "ids"])
def test_settle_bad_input(
    kwargs: dict[str, Any], error: type[Exception], message: str, spelling: str
) -> None:
    args: dict[str, Any] = {"contributions": [10, 20], "holes": ["As Ad", "Kh Kd"], "board": BOARD}
    args.update(kwargs)
    if spelling == "ids":
        # Pre-parsed cards take the core's fast path, which must refuse the same input.
        args["holes"] = (
            [_as_ids(hole) for hole in args["holes"]] if isinstance(args["holes"], list) else args["holes"]
        )
        args["board"] = _as_ids(args["board"])
    with pytest.raises(error, match=message):
        settle(args.pop("holes"), args.pop("board"), **args)


def _as_ids(cards_text: Any) -> Any:
    """Text as a list of int ids, when it reads as cards; anything else as it is."""
    if not isinstance(cards_text, str):
        return cards_text
    try:
        return ref.ref_cards(cards_text)
    except ValueError:
        return cards_text


def test_settle_no_showdown_board_too_long() -> None:
    with pytest.raises(ValueError, match="at most 5 cards, got 6"):
        settle([None, None], "2c 3c 4c 5c 6c 7c", contributions=[1, 2], folded=[True, False])
    with pytest.raises(ValueError, match=r"^stud has no board, got 1 board card; pass board=None$"):
        settle([None, None], "2c", contributions=[1, 2], folded=[True, False], game="stud")


@pytest.mark.parametrize(
    ("board", "contributions", "game", "message"),
    [
        ("2c 7d 9h 3s 4c 5c 6c", [100, 0], "holdem", "at most 5 cards, got 7"),  # the bet comes back
        ("2c 7d 9h 3s 4c 5c", [0, 0], "holdem", "at most 5 cards, got 6"),  # nothing put in
        ("2c 7d 9h 3s 4c", [100, 0], "stud", "stud has no board, got 5 board cards"),
    ],
)
def test_settle_reads_the_board_when_no_pot_is_left(
    board: str, contributions: list[int], game: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        settle(["AsAd", "KhKc"], board, contributions=contributions, game=game)


# ---------------------------------------------------------------------------------------------
# Property tests against tests/settle_reference.py


def _random_chips(rng: random.Random, n: int) -> list[int]:
    """Stacks that make side pots, equal calls and uncalled bets all common; small, so the
    one-chip layers of the reference stay cheap and odd chips are frequent."""
    levels = [rng.randint(1, 60) for _ in range(rng.randint(1, 4))]
    chips = []
    for _ in range(n):
        roll = rng.random()
        chips.append(0 if roll < 0.1 else rng.choice(levels) if roll < 0.7 else rng.randint(1, 80))
    return chips


def _random_folds(rng: random.Random, n: int) -> list[bool]:
    folded = [rng.random() < 0.3 for _ in range(n)]
    folded[rng.randrange(n)] = False  # at least one seat still in
    return folded


def _random_order(rng: random.Random, n: int) -> list[int] | None:
    if rng.random() < 0.5:
        return None
    order = list(range(n))
    rng.shuffle(order)
    return order


def _random_dead(rng: random.Random, n: int) -> list[int] | None:
    """None, antes from every seat, a big-blind ante, or odd amounts (dead blinds, chips left
    behind) from a few seats."""
    kind = rng.randrange(4)
    if kind == 0:
        return None
    if kind == 1:
        return [rng.randint(1, 5)] * n
    if kind == 2:
        dead = [0] * n
        dead[1 % n] = rng.randint(1, 30)
        return dead
    return [0 if rng.random() < 0.6 else rng.randint(1, 20) for _ in range(n)]


def _check_against_reference(
    got: Settlement,
    chips: Sequence[int],
    folded: Sequence[bool],
    highs: Sequence[Any],
    lows: Sequence[Any] | None,
    order: list[int] | None,
    dead: Sequence[int] | None = None,
) -> None:
    want = settle_reference(chips, highs, folded, low_strengths=lows, odd_chip_order=order, dead=dead)
    context = f"chips={list(chips)} dead={dead} folded={list(folded)} highs={highs} lows={lows} order={order}"
    assert sum(got) == sum(chips) + sum(dead or ()), context
    assert list(got) == want.payouts, context
    assert got.uncalled == want.uncalled, context
    fields = ("amount", "eligible", "winners", "low_winners", "low_amount", "shares")
    pots = [tuple(getattr(pot, name) for name in fields) for pot in got.pots]
    want_pots = [tuple(getattr(pot, name) for name in fields) for pot in want.pots]
    assert pots == want_pots, context
    # The breakdown adds up: each pot's shares, plus the returned bet, are the payouts.
    total = [sum(pot.shares[seat] for pot in got.pots) for seat in range(len(chips))]
    if got.uncalled is not None:
        total[got.uncalled[0]] += got.uncalled[1]
    assert total == list(got), context
    for pot in got.pots:
        assert sum(pot.shares) == pot.amount and pot.high_amount + pot.low_amount == pot.amount, context


def _refused(chips: Sequence[int], dead: Sequence[int] | None, folded: Sequence[bool]) -> bool:
    """Whether the rules refuse the hand: chips in the pot and every seat that could win them
    folded (the reference says so by raising)."""
    try:
        settle_reference(chips, [0] * len(chips), folded, dead=dead)
    except ValueError:
        return True
    return False


def test_a_seat_that_put_in_nothing_but_shows_a_hand_may_win_the_dead_money() -> None:
    """A big-blind ante of 3 from seat 1, all it had, and nothing else in: seat 0, dealt in
    and still in, put in nothing.  Shown (its hole given) it contends for the ante and its
    flush takes it; with its hole None it takes no part and the ante goes back."""
    board = "Qd 9h 4h Kh 8h"
    shown = settle(["4s 5h", "Ts 2s"], board, contributions=[0, 0], dead_money=[0, 3])
    assert tuple(shown) == (3, 0)
    assert [(pot.amount, pot.eligible, pot.winners) for pot in shown.pots] == [(3, (0, 1), (0,))]
    unseen = settle([None, "Ts 2s"], board, contributions=[0, 0], dead_money=[0, 3])
    assert tuple(unseen) == (0, 3) and [pot.eligible for pot in unseen.pots] == [(1,)]
    # Beside live chips: seat 2 all in on its ante, seats 0 and 1 bet 10 each.  The dead money
    # is a pot of its own that all three contest; the live chips a side pot of seats 0 and 1.
    three = settle(["As Ad", "Ks Kd", "4s 5h"], board, contributions=[10, 10, 0], dead_money=[1, 1, 1])
    assert [(pot.amount, pot.eligible, pot.winners) for pot in three.pots] == [
        (3, (0, 1, 2), (2,)),
        (20, (0, 1), (1,)),  # the kings make three
    ]
    assert tuple(three) == (0, 20, 3)
    # No dead money: a seat that put in nothing is in no pot, shown or not.
    plain = settle(["4s 5h", "Ts 2s", "As Ad"], board, contributions=[0, 5, 5])
    assert [pot.eligible for pot in plain.pots] == [(1, 2)]


def _contenders(chips: Sequence[int], dead: Sequence[int] | None, folded: Sequence[bool]) -> int:
    """The seats still in that contend, every seat's hand given: with dead money in, one that
    put in nothing contends too (it may win the dead money)."""
    return sum(1 for s in range(len(chips)) if not folded[s] and (chips[s] or (dead and any(dead))))


def _deal(rng: random.Random, n: int, hole: int, board: int) -> tuple[list[int], list[list[int]]]:
    deck = list(range(52))
    rng.shuffle(deck)
    return deck[:board], [deck[board + hole * s : board + hole * (s + 1)] for s in range(n)]


def test_holdem_deals_against_reference(rng: random.Random) -> None:
    # Random deals, stacks, folds and dead money; hand strengths from tests/reference.py.  Half
    # the deals put a board on the table that many holes play (a royal or straight flush, quads,
    # a straight, a full house), so that seats tie and split and odd chips are common.
    tied_boards = ["As Ks Qs Js Ts", "7c 7d 7h 7s 2c", "9h Th Jh Qh Kh", "2c 3d 4h 5s 6c", "2c 2d 2h 7s 7c"]
    refused = 0
    for _ in range(3000):
        n = rng.randint(1, 9)
        if rng.random() < 0.5:
            board = ref.ref_cards(rng.choice(tied_boards))
            deck = [c for c in range(52) if c not in board]
            rng.shuffle(deck)
            holes = [deck[2 * s : 2 * s + 2] for s in range(n)]
        else:
            board, holes = _deal(rng, n, 2, 5)
        chips = _random_chips(rng, n)
        folded = _random_folds(rng, n)
        if rng.random() < 0.05:
            folded = [True] * n
        dead = _random_dead(rng, n)
        order = _random_order(rng, n)
        shown: list[Any] = [
            None if folded[s] and rng.random() < 0.5 else [Card(c) for c in holes[s]] for s in range(n)
        ]
        board_cards = [Card(c) for c in board]
        if _refused(chips, dead, folded):
            refused += 1
            with pytest.raises(ValueError, match="every seat that put chips in has folded"):
                settle(shown, board_cards, contributions=chips, folded=folded, dead_money=dead)
            continue
        highs = [(-1,) if folded[s] else ref.best_high(holes[s] + board) for s in range(n)]
        got = settle(
            shown,
            board_cards,
            contributions=chips,
            folded=folded,
            dead_money=dead,
            odd_chip=order or "left-of-button",
        )
        _check_against_reference(got, chips, folded, highs, None, order, dead)
    assert refused > 50  # the refusal was exercised too


def test_omaha_hilo_deals_against_reference(rng: random.Random) -> None:
    # Lows in Omaha hi-lo tie often (any A-2 makes the same nut low), so this covers quartered pots.
    for _ in range(600):
        n = rng.randint(2, 6)
        board, holes = _deal(rng, n, 4, 5)
        chips = _random_chips(rng, n)
        folded = _random_folds(rng, n)
        dead = _random_dead(rng, n)
        order = _random_order(rng, n)
        if _refused(chips, dead, folded):
            continue
        highs = [(-1,) if folded[s] else ref.omaha_high(holes[s], board) for s in range(n)]
        lows = [None if folded[s] else ref.omaha_low(holes[s], board) for s in range(n)]
        if _contenders(chips, dead, folded) < 2:
            lows = [None] * n  # nobody to show down against: the last seat takes the pot whole
        got = settle(
            holes,
            board,
            contributions=chips,
            folded=folded,
            dead_money=dead,
            game="omaha-hilo",
            odd_chip=order or "left-of-button",
        )
        _check_against_reference(got, chips, folded, highs, lows, order, dead)


def test_razz_deals_against_reference(rng: random.Random) -> None:
    for _ in range(300):
        n = rng.randint(2, 7)
        _, holes = _deal(rng, n, 7, 0)
        chips = _random_chips(rng, n)
        folded = _random_folds(rng, n)
        dead = [1] * n  # stud-style antes
        if _refused(chips, dead, folded):
            continue
        highs = [(-99,) if folded[s] else ref.razz(holes[s]) for s in range(n)]
        got = settle(holes, None, contributions=chips, folded=folded, dead_money=dead, game="razz")
        _check_against_reference(got, chips, folded, highs, None, None, dead)


# ---------------------------------------------------------------------------------------------
# Dead money


def test_dead_money_goes_to_the_main_pot_and_is_never_uncalled() -> None:
    # A big-blind ante: seat 1 posts a 10 blind and a 10 ante; seat 0 completes to 10 and they
    # check it down.  The pot is 30 and seat 0 wins it all: nothing of the ante comes back to
    # seat 1 (it matched nothing, so it is no bet of its own).
    s = settle(["As Ad", "Kh Kd"], BOARD, contributions=[10, 10], dead_money=[0, 10])
    assert s == (30, 0) and s.uncalled is None
    assert [(pot.amount, pot.eligible, pot.winners) for pot in s.pots] == [(30, (0, 1), (0,))]
    # The big blind all in for less, ante included: it can still win the ante and what it
    # matched, 10 + 10 + 10; the caller's other 40 comes back to it.
    s = settle(["As Ad", "Kh Kd"], BOARD, contributions=[10, 50], dead_money=[10, 0])
    assert s == (30, 40) and s.uncalled == (1, 40)
    # A split: the dead money is shared with the rest of the main pot.
    assert settle(["Ah 2d", "Ac 2h"], BOARD, contributions=[10, 10], dead_money=[0, 11]) == (16, 15)
    # The big blind folds to a raise: its ante and blind are the raiser's.
    s = settle([None, "As Ad"], None, contributions=[10, 30], dead_money=[10, 0], folded=[True, False])
    assert s == (0, 50) and s.uncalled == (1, 20)


def test_dead_money_with_side_pots() -> None:
    # Antes of 5 from each of three seats; seat 0 is all in for 20 more, seats 1 and 2 put in
    # 50.  Main pot: 3 x 20 + 15 dead = 75, all three eligible; side pot: 2 x 30 = 60.
    s = settle(["As Ad", "Kh Kd", "Qs Qd"], BOARD, contributions=[20, 50, 50], dead_money=[5, 5, 5])
    assert s == (75, 60, 0)
    assert [(pot.amount, pot.eligible) for pot in s.pots] == [(75, (0, 1, 2)), (60, (1, 2))]
    # A seat that put in only its ante and is all in for it can win the antes alone.
    s = settle(["As Ad", "Kh Kd", "Qs Qd"], BOARD, contributions=[0, 50, 50], dead_money=[5, 5, 5])
    assert s == (15, 100, 0)
    assert [(pot.amount, pot.eligible) for pot in s.pots] == [(15, (0, 1, 2)), (100, (1, 2))]


def test_dead_money_with_nobody_left_is_refused() -> None:
    with pytest.raises(ValueError, match="every seat that put chips in has folded"):
        settle([None, None], None, contributions=[0, 0], dead_money=[5, 5], folded=[True, True])
    # Chips of a player who left (dead, folded) go to whoever is still in: here the one seat
    # that bet, whose unmatched bet comes back as well.
    s = settle([None, None], None, contributions=[0, 2], dead_money=[5, 0], folded=[True, False])
    assert s == (0, 7) and s.uncalled == (1, 2) and s.pots[0].amount == 5


def _read_phh(text: str) -> dict[str, Any]:
    """The `key = value` lines of a PHH file (a TOML subset whose values read as Python)."""
    fields = {}
    for line in text.splitlines():
        key, _, value = line.partition(" = ")
        fields[key] = ast.literal_eval(value.replace("true", "True").replace("false", "False"))
    return fields


def _replay(hand: dict[str, Any]) -> tuple[list[Any], str, list[int], list[int], list[bool]]:
    """A no-limit or pot-limit hand's holes, board, live chips, dead money and folds."""
    n = len(hand["starting_stacks"])
    stack = list(hand["starting_stacks"])
    dead = [min(ante, chips) for ante, chips in zip(hand["antes"], stack)]
    stack = [chips - ante for chips, ante in zip(stack, dead)]
    street = [min(blind, chips) for blind, chips in zip(hand["blinds_or_straddles"], stack)]
    live = list(street)
    stack = [chips - bet for chips, bet in zip(stack, street)]
    holes: list[Any] = [None] * n
    board = ""
    folded = [False] * n
    for action in hand["actions"]:
        words = action.split()
        if words[:2] == ["d", "dh"]:
            holes[int(words[2][1:]) - 1] = words[3]
            continue
        if words[:2] == ["d", "db"]:
            board += words[2]
            street = [0] * n
            continue
        seat, verb = int(words[0][1:]) - 1, words[1]
        if verb == "f" or (verb == "sm" and len(words) == 2):
            folded[seat] = True
            continue
        if verb == "sm":
            continue
        to = max(street) if verb == "cc" else int(words[2])
        put = min(to - street[seat], stack[seat])
        street[seat] += put
        live[seat] += put
        stack[seat] -= put
    return holes, board, live, dead, folded


@pytest.mark.parametrize("path", sorted((DATA / "wsop-2023-43").glob("*.phh")), ids=lambda path: path.stem)
def test_wsop_big_blind_ante_hands(path: Path) -> None:
    # Real tournament hands (tests/data/README.md): the big-blind ante is dead money, and with
    # it every recorded finishing stack comes out.
    hand = _read_phh(path.read_text())
    holes, board, live, dead, folded = _replay(hand)
    game = {"NT": "holdem", "PO": "omaha"}[hand["variant"]]
    payouts = settle(holes, board, contributions=live, dead_money=dead, folded=folded, game=game)
    start = hand["starting_stacks"]
    finish = [start[s] - live[s] - dead[s] + payouts[s] for s in range(len(start))]
    assert finish == hand["finishing_stacks"]


def test_wsop_hands_need_the_ante_as_dead_money() -> None:
    # The evidence of the issue: taken as part of the big blind's live bet, the ante comes back to
    # the big blind as uncalled (30, 68) or stays out of a split (31).
    wrong = []
    for path in sorted((DATA / "wsop-2023-43").glob("*.phh")):
        hand = _read_phh(path.read_text())
        holes, board, live, dead, folded = _replay(hand)
        merged = [chips + ante for chips, ante in zip(live, dead)]
        game = {"NT": "holdem", "PO": "omaha"}[hand["variant"]]
        payouts = settle(holes, board, contributions=merged, folded=folded, game=game)
        start = hand["starting_stacks"]
        if [start[s] - merged[s] + payouts[s] for s in range(len(start))] != hand["finishing_stacks"]:
            wrong.append(int(path.stem))
    assert sorted(wrong) == [30, 31, 68]


def test_settle_names_its_dead_money_apart_from_dead_cards() -> None:
    # dead= means dead cards in equity, outs and odds; settle's dead money is dead_money=, and
    # the old name still works with a DeprecationWarning that says so.
    want = settle(["As Ad", "Kh Kd"], BOARD, contributions=[100, 100], dead_money=[0, 100])
    assert want == (300, 0)
    with pytest.warns(DeprecationWarning, match=r"settle\(dead=\.\.\.\) is now settle\(dead_money=\.\.\.\)"):
        assert settle(["As Ad", "Kh Kd"], BOARD, contributions=[100, 100], dead=[0, 100]) == want
    with pytest.raises(TypeError, match="not both dead_money= and dead="):
        settle(["As Ad", "Kh Kd"], BOARD, contributions=[1, 1], dead_money=[0, 1], dead=[0, 1])


def test_a_folded_top_contributor_gets_its_unmatched_part_back() -> None:
    # Seat 0 folded with 40 in, seat 1 folded with 30, seat 2 (all in) is the only one left
    # with 25: seat 0's 10 above seat 1's 30 were matched by nobody and go back to it; seat
    # 1's 5 above seat 2's level join the top pot, which seat 2 takes: 25 * 3 + 5 + 5 = 85.
    result = settle(
        ["As Ad", "Kh Kd", "Qs Qd"], "2c 7d 9h Js 3s", contributions=[40, 30, 25], folded=[True, True, False]
    )
    assert list(result) == [10, 0, 85] and result.uncalled == (0, 10)


def test_omaha_seats_hold_the_same_number_of_hole_cards() -> None:
    # A typed extra card decided the pot: the five-card hand's straight beat the aces, where
    # equity refuses the same hands.  Settle passes over seats that gave no cards.
    words = r"^seat 1 holds 5 hole cards and seat 0 4: omaha deals every seat the same number$"
    with pytest.raises(ValueError, match=words):
        showdown(["AsAdKcKd", "2h3h4h5h6h"], "2c7d9h3s4c", game="omaha")
    with pytest.raises(ValueError, match=words):
        compare("AsAdKcKd", "2h3h4h5h6h", board="2c7d9h3s4c", game="omaha")
    with pytest.raises(ValueError, match=r"^seat 2 holds 5 hole cards and seat 0 4: omaha-hilo"):
        settle(
            ["AsAdKcKd", None, "2h3h4h5h6h"],
            "2c7d9h3s4c",
            contributions=[10, 10, 10],
            folded=[0, 1, 0],
            game="omaha-hilo",
        )
    five = showdown(["AsAdKcKdQh", "2h3h4h5h6h"], "2c7d9h3s4c", game="omaha")
    assert five.winners == (1,)  # alike, five each: the straight wins
    # four each: the two pair (fours and threes, 3h4h with the board) beat the aces
    assert settle(
        ["AsAdKcKd", None, "2h3h4h5h"],
        "2c7d9h3s4c",
        contributions=[10, 10, 10],
        folded=[0, 1, 0],
        game="omaha",
    ) == (0, 0, 30)
