"""Tests of pokereval.showdown: showdown() winners, and settle() pots, splits, odd chips, hi-lo.

Expected payouts come from the rules, worked out by hand in the comments, or from
tests/settle_reference.py (pot logic from the rules) fed with hand strengths from
tests/reference.py (hand values from the rules); never from the code under test.
"""

from __future__ import annotations

import pickle
import random
import sys
from collections.abc import Sequence
from typing import Any

import pytest
import reference as ref
from settle_reference import settle_reference

import pokereval.showdown  # noqa: F401  (the module, which the package name `showdown` shadows)
from pokereval import Card, evaluate, parse_cards
from pokereval.showdown import Pot, Settlement, _share, settle, showdown

# The package exports the function `showdown`, which shadows the module of that name.
showdown_module = sys.modules["pokereval.showdown"]

BOARD = "2c 7d 9h Js 3s"  # no pair, no flush, no straight possible with most holes below


@pytest.fixture(autouse=True, params=["core", "python"])
def settle_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run every test through both ways settle works: one call to the core's pe_settle, and the
    Python path (taken for input the core does not take, and until _core offers pe_settle)."""
    if request.param == "python":
        monkeypatch.setattr(showdown_module, "_core_settle", None)
    elif showdown_module._core_settle is None:
        pytest.skip("pokereval._core has no settle (pe_settle) yet")
    return str(request.param)


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


# ---------------------------------------------------------------------------------------------
# showdown


def test_showdown_winner_ranks_and_best_five() -> None:
    result = showdown(BOARD, ["As Ad", "Kh Kd", "Qs Qd"])
    assert result.winners == (0,)
    assert result.low_winners == ()
    assert result.low_ranks == ()
    for seat, hole in enumerate(["As Ad", "Kh Kd", "Qs Qd"]):
        assert result.ranks[seat] == evaluate(hole, BOARD)
        assert set(result.best_five[seat]) == set(evaluate(hole, BOARD).best_five)  # type: ignore[union-attr]
    assert result.game == "holdem"


def test_showdown_royal_board_splits_everyone() -> None:
    # Nothing beats a royal flush and every seat plays it: a four-way tie.
    result = showdown("As Ks Qs Js Ts", ["2c 2d", "Ah Ad", "9s 8s", "3h 4h"])
    assert result.winners == (0, 1, 2, 3)
    assert all(rank.category is not None and rank.category.name == "ROYAL_FLUSH" for rank in result.ranks)


def test_showdown_quads_on_board_fifth_card_decides() -> None:
    # Four sevens on the board: everyone has quads and the best fifth card decides.
    assert showdown("7c 7d 7h 7s 2c", ["Ah 3d", "Kc Kd", "Ac 4d"]).winners == (0, 2)
    # With an ace on the board, the board's ace is every seat's kicker: all split.
    assert showdown("7c 7d 7h 7s Ac", ["Kh Kd", "2d 3d", "Qc Jc"]).winners == (0, 1, 2)


def test_showdown_accepts_cards_ids_and_text() -> None:
    text = showdown(BOARD, ["As Ad", "Kh Kd"])
    ids = showdown([int(c) for c in cards(BOARD)], [[51, 50], [46, 45]])
    assert text.winners == ids.winners == (0,)
    assert [int(r) for r in text.ranks] == [int(r) for r in ids.ranks]


def test_showdown_omaha_hilo_reports_lows() -> None:
    board = "2c 5d 8h Kc Ks"
    result = showdown(board, ["Ac 3d Qh Qs", "Kh Kd 4c 4d", "Ad 3c Jh Js"], game="omaha-hilo")
    assert result.winners == (1,)  # four kings
    assert result.low_winners == (0, 2)  # both make 8-5-3-2-A
    assert result.low_ranks[1] is None
    expected_high = evaluate("Ac 3d Qh Qs", board, game="omaha-hilo")
    expected_low = expected_high.low
    assert result.ranks[0] == expected_high
    assert result.low_ranks[0] == expected_low


def test_showdown_omaha_hilo_no_low() -> None:
    result = showdown("Kc Qd 9h 8c 3s", ["Ac 2d 4h 5s", "Kh Kd 6c 7d"], game="omaha-hilo")
    assert result.low_winners == ()
    assert result.low_ranks == (None, None)


def test_showdown_board_free_games() -> None:
    razz = showdown(None, ["Ac 2d 3h 4s 6c Kd Kh", "Ah 2c 3d 4h 5s Qs Qh"], game="razz")
    assert razz.winners == (1,)
    stud = showdown([], ["Ac Ad Ah 4s 6c Kd Kh", "2h 3h 4h 5h 6h Qs Qh"], game="stud")
    assert stud.winners == (1,)  # a straight flush beats a full house
    deuce = showdown(None, ["7c 5d 4h 3s 2c", "7d 5h 4d 3c 2d"], game="deuce-seven")
    assert deuce.winners == (0, 1)
    badugi = showdown(None, ["Ac 2d 3h 4s", "Ad 2c 3s Kh"], game="badugi")
    assert badugi.winners == (0,)


def test_showdown_result_is_read_only() -> None:
    result = showdown(BOARD, ["As Ad", "Kh Kd"])
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
        ("6c 7d 8h 9s Ts", ["As Ad", "2c 3c"], "shortdeck", "seat 1: card '2c' is not in the shortdeck deck"),
        (BOARD, [], "holdem", "at least one seat"),
        (BOARD, ["As Ad"], "go fish", "unknown game 'go fish'"),
    ],
)
def test_showdown_bad_input(board: Any, holes: Any, game: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        showdown(board, holes, game=game)


def test_showdown_wrong_types() -> None:
    with pytest.raises(TypeError, match="holes must be a sequence"):
        showdown(BOARD, "As Ad Kh Kd")
    with pytest.raises(TypeError, match=r"seat 1: expected a card"):
        showdown(BOARD, ["As Ad", [1.5, 2.5]])


# ---------------------------------------------------------------------------------------------
# settle: the examples of the issue, each worked out from the rules


def test_short_stack_all_in_main_and_side_pot() -> None:
    # Stacks 1,000 / 3,000 / 3,000.  Seat 0 is all-in for 1,000; seats 1 and 2 each put in 2,000.
    # Main pot: 1,000 from each = 3,000, all three eligible.  Side pot: the other 1,000 from seats
    # 1 and 2 = 2,000, which seat 0 cannot win.  Seat 0 has the best hand, seat 1 the second.
    s = settle([1000, 2000, 2000], ["As Ad", "Kh Kd", "Qs Qd"], BOARD)
    assert s == [3000, 2000, 0]
    main, side = s.pots
    assert (main.amount, main.eligible, main.winners) == (3000, (0, 1, 2), (0,))
    assert (side.amount, side.eligible, side.winners) == (2000, (1, 2), (1,))
    assert s.uncalled is None
    # If both big stacks went all-in too, the side pot is their 2,000 each: 4,000.
    both = settle([1000, 3000, 3000], ["As Ad", "Kh Kd", "Qs Qd"], BOARD)
    assert both == [3000, 4000, 0]
    assert [(pot.amount, pot.eligible) for pot in both.pots] == [(3000, (0, 1, 2)), (4000, (1, 2))]
    # The short stack losing: the best hand takes both pots.
    assert settle([1000, 2000, 2000], ["Qs Qd", "As Ad", "Kh Kd"], BOARD) == [0, 5000, 0]


def test_settlement_is_a_list() -> None:
    s = settle([10, 10], ["As Ad", "Kh Kd"], BOARD)
    assert isinstance(s, list) and isinstance(s, Settlement)
    assert s == [20, 0] and list(s) == [20, 0] and s[0] == 20
    assert all(isinstance(pot, Pot) for pot in s.pots)
    assert s.pots[0].shares == (20, 0) and s.pots[0].high_amount == 20


def test_royal_flush_on_board_splits_among_everyone_left() -> None:
    # 100 x 3 + 40 from the folded seat 3 = 340 among three: 113 each, one odd chip to seat 0.
    s = settle(
        [100, 100, 100, 40],
        ["2c 2d", "Ah Ad", "9s 8s", "3h 4h"],
        "As Ks Qs Js Ts",
        folded=[False, False, False, True],
    )
    assert s == [114, 113, 113, 0]
    assert s.pots[0].winners == (0, 1, 2) and s.pots[0].eligible == (0, 1, 2)


def test_the_board_plays() -> None:
    # Broadway on the board; neither hole card improves it: split 50 / 50.
    assert settle([50, 50], ["2c 3d", "4h 5h"], "Ah Kd Qs Jc Tc") == [50, 50]


def test_quads_on_board_decided_by_the_fifth_card() -> None:
    assert settle([30, 30, 30], ["Ah 3d", "Kc Kd", "Qh Qd"], "7c 7d 7h 7s 2c") == [90, 0, 0]
    # The ace on the board is everyone's kicker: a three-way split.
    assert settle([30, 30, 30], ["Kh Kd", "2d 3d", "Qc Jc"], "7c 7d 7h 7s Ac") == [30, 30, 30]


def test_odd_chips_default_and_explicit_order() -> None:
    holes = ["2c 3d", "4h 5h", "6c 8d", "Ks Kd"]
    folded = [False, False, False, True]
    board = "Ah Kh Qs Jc Tc"  # broadway: seats 0, 1, 2 split; seat 3 folded its kings
    # 33 + 33 + 33 + 1 = 100 among three: 33 each and one odd chip, to seat 0 (first left of
    # the button).
    assert settle([33, 33, 33, 1], holes, board, folded=folded) == [34, 33, 33, 0]
    # 34 x 3 + 0 = 102 ... no odd chip.  35 x 3 + 0 = 105: no odd chip either.  34 x 3 + 2 = 104:
    # 34 each, two odd chips: to seats 0 and 1 by default.
    assert settle([34, 34, 34, 2], holes, board, folded=folded) == [35, 35, 34, 0]
    # An explicit order: the button is seat 1, so seat 2 is first, then 3, 0, 1.
    assert settle([34, 34, 34, 2], holes, board, folded=folded, odd_chip=[2, 3, 0, 1]) == [35, 34, 35, 0]
    assert settle([33, 33, 33, 1], holes, board, folded=folded, odd_chip=(3, 1, 2, 0)) == [33, 34, 33, 0]


def test_odd_chips_are_per_pot() -> None:
    # Seats 0 and 1 tie with aces (A A K 8 7: their other card does not play); seat 3, all-in for
    # 3, has kings; seats 2 and 4 folded after putting in 8 and 1.
    # Main pot: 3 from seats 0-3 and 1 from seat 4 = 13, eligible 0, 1, 3: 6 each to seats 0 and
    # 1 and the odd chip to seat 0.  Side pot: 5 from seats 0, 1, 2 = 15, eligible 0, 1: 7 each
    # and the odd chip to seat 0.  Seat 0 gets 7 + 8 = 15, seat 1 6 + 7 = 13 (pooling both pots
    # first would have split 28 evenly).
    holes = ["As 3c", "Ac 4d", "Qs Qd", "Kh 5d", "9c 9d"]
    folded = [False, False, True, False, True]
    s = settle([8, 8, 8, 3, 1], holes, "Ah Kd 8h 7c 2s", folded=folded)
    assert s == [15, 13, 0, 0, 0]
    assert [(pot.amount, pot.eligible, pot.winners) for pot in s.pots] == [
        (13, (0, 1, 3), (0, 1)),
        (15, (0, 1), (0, 1)),
    ]
    assert [pot.shares for pot in s.pots] == [(7, 6, 0, 0, 0), (8, 7, 0, 0, 0)]
    # With seat 1 first in the odd-chip order, both odd chips go to seat 1.
    s = settle([8, 8, 8, 3, 1], holes, "Ah Kd 8h 7c 2s", folded=folded, odd_chip=[1, 2, 3, 4, 0])
    assert s == [13, 15, 0, 0, 0]


def test_hilo_scoop_split_quarter_and_no_low() -> None:
    board = "2c 5d 8h Kc Ks"
    # Scoop: seat 0 holds A-3 (8-5-3-2-A, the only low) and K-K (four kings, the best high).
    assert settle([50, 50], ["Ac 3d Kh Kd", "Qh Qd Jc Jd"], board, game="omaha-hilo") == [100, 0]
    # Split: seat 1 the high (four kings), seat 0 the low.  Pot 101 (50 + 51, seat 1's extra 1
    # is uncalled and goes back): 100 -> 50 high, 50 low.
    s = settle([50, 51], ["Ac 3d Qh Qs", "Kh Kd Jc Jd"], board, game="omaha-hilo")
    assert s == [50, 51] and s.uncalled == (1, 1)
    # An odd pot: 33 x 3 = 99 with seat 2 folded; high half 50 to seat 1, low half 49 to seat 0.
    s = settle(
        [33, 33, 33],
        ["Ac 3d Qh Qs", "Kh Kd Jc Jd", "Th Td 9c 9d"],
        board,
        game="omaha-hilo",
        folded=[0, 0, 1],
    )
    assert s == [49, 50, 0]
    assert (s.pots[0].low_amount, s.pots[0].high_amount, s.pots[0].low_winners) == (49, 50, (0,))
    # Quartered: seats 0 and 2 tie for the low, seat 1 has the high.  Pot 120: high 60 to seat
    # 1; low 60 shared, 30 each.
    assert settle([40, 40, 40], ["Ac 3d Qh Qs", "Kh Kd Jc Jd", "Ad 3c Th Ts"], board, game="omaha-hilo") == [
        30,
        60,
        30,
    ]
    # No low possible (one low card on the board): the high takes all.
    assert settle([40, 40], ["Ac 3d Qh Qs", "Kh Kd Jc Jd"], "Kc Qd 9h 8c 9s", game="omaha-hilo") == [0, 80]


def test_uncalled_bet_returned() -> None:
    # Seat 1 bets 300 into seat 0's 100 all-in: 200 of it was never matched and goes back.
    s = settle([100, 300], ["As Ad", "Kh Kd"], BOARD)
    assert s == [200, 200] and s.uncalled == (1, 200)
    assert [pot.amount for pot in s.pots] == [200]
    # Everybody folds to a raise: the raiser gets its unmatched raise back and wins the rest.
    s = settle([10, 20, 60], [None, None, None], [], folded=[True, True, False])
    assert s == [0, 0, 90] and s.uncalled == (2, 40)
    assert [(pot.amount, pot.eligible, pot.winners) for pot in s.pots] == [(50, (2,), (2,))]
    # Only one seat put anything in: all of it comes back, with no pot at all.
    s = settle([0, 25, 0], [None, None, None], None)
    assert s == [0, 25, 0] and s.uncalled == (1, 25) and s.pots == ()


def test_folded_chips_stay_in_the_pots() -> None:
    # Seat 1 folded after putting in 100; seat 0 is all-in for 50; seat 2 put in 100.
    # Main pot 50 x 3 = 150 for seats 0 and 2; side pot 50 + 50 = 100 for seat 2 alone.
    s = settle([50, 100, 100], ["As Ad", "Kh Kd", "Qs Qd"], BOARD, folded=[False, True, False])
    assert s == [150, 0, 100]
    assert [(pot.amount, pot.eligible) for pot in s.pots] == [(150, (0, 2)), (100, (2,))]
    # A folded seat never wins, even with the best cards.
    assert settle([10, 10, 10], ["As Ad", "Kh Kd", "Qs Qd"], BOARD, folded=[True, False, False]) == [0, 30, 0]


def test_folded_chips_above_every_live_level_join_the_top_pot() -> None:
    # Seats 1 and 2 both put in 80 and both folded (say, folding out of turn); seat 0 is all-in for
    # 30 and is the only seat left: it wins the 90 it matched and the 100 nobody left could win.
    s = settle([30, 80, 80], ["As Ad", None, None], BOARD, folded=[False, True, True])
    assert s == [190, 0, 0]
    assert [(pot.amount, pot.eligible) for pot in s.pots] == [(190, (0,))]


def test_everyone_else_folded_needs_no_cards_and_no_full_board() -> None:
    s = settle([5, 10, 10, 0], [None, "As Ad", None, None], "Kh 7c 2d", folded=[True, False, True, False])
    assert s == [0, 25, 0, 0]
    assert settle([1, 2], [None, None], None, folded=[True, False]) == [0, 3]


def test_seats_with_no_chips_are_in_no_pot() -> None:
    s = settle([0, 20, 20, 0], [None, "As Ad", "Kh Kd", "Qs Qd"], BOARD)
    assert s == [0, 40, 0, 0] and s.pots[0].eligible == (1, 2)
    assert settle([0, 0], [None, None], None) == [0, 0]


def test_stud_and_razz_settle_without_board() -> None:
    holes = ["Ac Ad 3h 4s 6c Kd Kh", "8h 2c 3d 4h 7s Qs Qh"]
    assert settle([10, 10], holes, None, game="razz") == [0, 20]  # 8-7-4-3-2 beats K-6-4-3-A
    assert settle([10, 10], holes, [], game="stud") == [20, 0]  # aces and kings beat queens


def test_contributions_may_be_numpy_ints() -> None:
    np = pytest.importorskip("numpy")
    assert settle(np.array([10, 30]), ["As Ad", "Kh Kd"], BOARD) == [20, 20]


def test_numpy_input_is_read_by_items() -> None:
    np = pytest.importorskip("numpy")
    holes = [np.array(ref.ref_cards(h)) for h in ("As Ad", "Kh Kd", "Qs Qd")]
    board = np.array(ref.ref_cards(BOARD))
    s = settle(
        [10, 10, 10], holes, board, folded=np.array([False, False, True]), odd_chip=np.array([2, 1, 0])
    )
    assert s == [30, 0, 0]
    assert showdown(board, holes).winners == (0,)


def test_big_stacks_and_many_seats() -> None:
    # Beyond what the core takes (2^48 chips a seat, 64 seats): the Python path settles them.
    big = 10**20
    assert settle([big, big + 7], ["As Ad", "Kh Kd"], BOARD) == [2 * big, 7]
    chips = [0] * 70
    chips[3] = chips[65] = 11
    holes: list[Any] = [None] * 70
    holes[3], holes[65] = "Kh Kd", "As Ad"
    assert settle(chips, holes, BOARD)[65] == 22


def test_results_pickle() -> None:
    s = settle(
        [100, 300, 300], [cards("As Ad"), cards("Kh Kd"), cards("Qs Qd")], cards(BOARD), folded=[0, 0, 1]
    )
    twin = pickle.loads(pickle.dumps(s))
    assert twin == s == [300, 400, 0]
    assert twin.pots == s.pots and twin.uncalled == s.uncalled is None
    result = showdown(BOARD, ["As Ad", "Kh Kd"])
    again = pickle.loads(pickle.dumps(result))
    assert again.winners == (0,) and again.ranks == result.ranks


def test_inputs_are_not_changed() -> None:
    chips = [100, 300]
    holes = [cards("As Ad"), cards("Kh Kd")]
    settle(chips, holes, cards(BOARD))
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
        ({"folded": [False]}, ValueError, "folded has 1 entries for 2 seats"),
        ({"folded": [True, True]}, ValueError, "every seat that put chips in has folded"),
        ({"folded": "no"}, TypeError, "folded must be a sequence"),
        ({"game": "go fish"}, ValueError, "unknown game 'go fish'"),
        ({"holes": "As Ad Kh Kd"}, TypeError, "holes must be a sequence"),
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
        settle(args.pop("contributions"), args.pop("holes"), args.pop("board"), **args)


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
        settle([1, 2], [None, None], "2c 3c 4c 5c 6c 7c", folded=[True, False])
    with pytest.raises(ValueError, match="stud has a board of at most 0 cards"):
        settle([1, 2], [None, None], "2c", folded=[True, False], game="stud")


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


def _check_against_reference(
    got: Settlement,
    chips: Sequence[int],
    folded: Sequence[bool],
    highs: Sequence[Any],
    lows: Sequence[Any] | None,
    order: list[int] | None,
) -> None:
    want = settle_reference(chips, highs, folded, low_strengths=lows, odd_chip_order=order)
    context = f"chips={list(chips)} folded={list(folded)} highs={highs} lows={lows} order={order}"
    assert sum(got) == sum(chips), context
    assert list(got) == want.payouts, context
    assert got.uncalled == want.uncalled, context
    pots = [(p.amount, p.eligible, p.winners, p.low_winners, p.low_amount) for p in got.pots]
    want_pots = [(p.amount, p.eligible, p.winners, p.low_winners, p.low_amount) for p in want.pots]
    assert pots == want_pots, context
    # The breakdown adds up: each pot's shares, plus the returned bet, are the payouts.
    total = [sum(pot.shares[seat] for pot in got.pots) for seat in range(len(chips))]
    if got.uncalled is not None:
        total[got.uncalled[0]] += got.uncalled[1]
    assert total == list(got), context
    # Only the best eligible hands are paid from a pot.
    for pot in got.pots:
        assert sum(pot.shares) == pot.amount
        paid = {seat for seat, share in enumerate(pot.shares) if share}
        assert paid <= set(pot.winners) | set(pot.low_winners), context
        live = [seat for seat in pot.eligible if not folded[seat]]
        assert live == list(pot.eligible), context
        best = max(highs[seat] for seat in pot.eligible)
        assert set(pot.winners) == {seat for seat in pot.eligible if highs[seat] == best}, context


def test_pot_logic_with_many_ties_against_reference(rng: random.Random) -> None:
    # Hand strengths drawn from 1..3 make ties, split pots and odd chips the common case.
    for _ in range(4000):
        n = rng.randint(1, 9)
        chips = _random_chips(rng, n)
        folded = _random_folds(rng, n)
        hilo = rng.random() < 0.4
        highs = [None if folded[s] else rng.randint(1, 3) for s in range(n)]
        lows = (
            [None if folded[s] or rng.random() < 0.4 else rng.randint(1, 3) for s in range(n)]
            if hilo
            else None
        )
        order = _random_order(rng, n)
        contenders = [s for s in range(n) if chips[s] and not folded[s]]
        if sum(map(bool, chips)) > 1 and not contenders:
            # Matched chips and nobody left in the hand to win them: both refuse.
            with pytest.raises(ValueError):
                settle_reference(chips, highs, folded)
            with pytest.raises(ValueError, match="every seat that put chips in has folded"):
                _share(list(chips), contenders, [0] * n, None, None)
            continue
        place = None
        if order is not None:
            place = [0] * n
            for position, seat in enumerate(order):
                place[seat] = position
        got = _share(
            list(chips),
            contenders,
            [0 if h is None else h for h in highs],
            None if lows is None else [0 if lo is None else lo for lo in lows],
            place,
        )
        _check_against_reference(
            got, chips, folded, [0 if h is None else h for h in highs], None if lows is None else lows, order
        )


def _deal(rng: random.Random, n: int, hole: int, board: int) -> tuple[list[int], list[list[int]]]:
    deck = list(range(52))
    rng.shuffle(deck)
    return deck[:board], [deck[board + hole * s : board + hole * (s + 1)] for s in range(n)]


def test_holdem_deals_against_reference(rng: random.Random) -> None:
    # Random deals, stacks and folds; hand strengths from tests/reference.py.  One deal in four
    # puts a straight flush or quads on the board, so that many seats tie and split.
    tied_boards = ["As Ks Qs Js Ts", "7c 7d 7h 7s 2c", "9h Th Jh Qh Kh", "2c 3d 4h 5s 6c"]
    for _ in range(2000):
        n = rng.randint(2, 9)
        if rng.random() < 0.25:
            board = ref.ref_cards(rng.choice(tied_boards))
            deck = [c for c in range(52) if c not in board]
            rng.shuffle(deck)
            holes = [deck[2 * s : 2 * s + 2] for s in range(n)]
        else:
            board, holes = _deal(rng, n, 2, 5)
        chips = _random_chips(rng, n)
        folded = _random_folds(rng, n)
        order = _random_order(rng, n)
        if sum(map(bool, chips)) > 1 and not any(chips[s] and not folded[s] for s in range(n)):
            continue
        highs = [None if folded[s] else ref.best_high(holes[s] + board) for s in range(n)]
        shown: list[Any] = [
            None if folded[s] and rng.random() < 0.5 else [Card(c) for c in holes[s]] for s in range(n)
        ]
        got = settle(
            chips, shown, [Card(c) for c in board], folded=folded, odd_chip=order or "left-of-button"
        )
        _check_against_reference(got, chips, folded, [(-1,) if h is None else h for h in highs], None, order)


def test_omaha_hilo_deals_against_reference(rng: random.Random) -> None:
    # Lows in Omaha hi-lo tie often (any A-2 makes the same nut low), so this covers quartered pots.
    for _ in range(300):
        n = rng.randint(2, 6)
        board, holes = _deal(rng, n, 4, 5)
        chips = _random_chips(rng, n)
        folded = _random_folds(rng, n)
        order = _random_order(rng, n)
        if sum(map(bool, chips)) > 1 and not any(chips[s] and not folded[s] for s in range(n)):
            continue
        highs = [None if folded[s] else ref.omaha_high(holes[s], board) for s in range(n)]
        lows = [None if folded[s] else ref.omaha_low(holes[s], board) for s in range(n)]
        if sum(1 for s in range(n) if chips[s] and not folded[s]) < 2:
            lows = [None] * n  # nobody to show down against: the last seat takes the pot whole
        got = settle(
            chips, holes, board, folded=folded, game="omaha-hilo", odd_chip=order or "left-of-button"
        )
        _check_against_reference(got, chips, folded, [(-1,) if h is None else h for h in highs], lows, order)


def test_razz_deals_against_reference(rng: random.Random) -> None:
    for _ in range(300):
        n = rng.randint(2, 7)
        _, holes = _deal(rng, n, 7, 0)
        chips = _random_chips(rng, n)
        folded = _random_folds(rng, n)
        if sum(map(bool, chips)) > 1 and not any(chips[s] and not folded[s] for s in range(n)):
            continue
        highs = [None if folded[s] else ref.razz(holes[s]) for s in range(n)]
        got = settle(chips, holes, None, folded=folded, game="razz")
        _check_against_reference(got, chips, folded, [(-99,) if h is None else h for h in highs], None, None)
