"""A muck after a showdown the engine settled by itself (every hand still in known, so the
engine put them all on the table and paid the pots).

Poker's rule: a muck gives up the hand's claim to every pot, so a hand the showdown paid (it
won or shared a pot: a side pot, or only the low half, counts) cannot be mucked afterwards; the
history would then say the winner mucked, and PokerKit, which plays a muck as that forfeit,
would pay another seat than the history's own finishing stacks.  A hand that lost may still be
mucked (real histories record it), once: it is then off the table.  The one seat left when the
others folded took the pot unseen and may muck as before.  The rule is the core's
(engine_show); Python only words it.
"""

from __future__ import annotations

import sys
import warnings
from typing import Any

import pytest
from engine_moves import random_finished_hand

from pokereval.engine import Hand, read_phh

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def _history(variant: str, stacks: list[int], actions: list[str], **fields: str) -> str:
    """A PHH text: blinds 1 and 2 on p1 and p2 (seats 0 and 1), the rest as given."""
    extra = "".join(f"{key} = {value}\n" for key, value in fields.items())
    antes = [0] * len(stacks)
    blinds = [1, 2] + [0] * (len(stacks) - 2)
    quoted = ", ".join(f'"{action}"' for action in actions)
    return (
        f'variant = "{variant}"\nantes = {antes}\nblinds_or_straddles = {blinds}\n{extra}'
        f"starting_stacks = {stacks}\nactions = [{quoted}]\n"
    )


def _refused(hand: Hand, action: str, message: str) -> None:
    """`action` is refused with `message` and leaves the hand (and its history) as it was."""
    actions, payoffs, text = hand.actions, hand.payoffs, hand.to_phh()
    with pytest.raises(ValueError, match=message):
        hand.act(action)
    assert (hand.actions, hand.payoffs, hand.to_phh()) == (actions, payoffs, text)


def _pokerkit_stacks(text: str) -> list[int]:
    """The finishing stacks PokerKit reads `text` to (its hand over)."""
    pokerkit: Any = pytest.importorskip("pokerkit")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, state = pokerkit.HandHistory.loads(text)
    assert not state.status, text
    return list(state.stacks)


def _finishing_stacks(text: str) -> list[int]:
    stacks: list[int] = tomllib.loads(text)["finishing_stacks"]
    return stacks


# ---- the defect as found -----------------------------------------------------------------------


def test_the_winners_muck_after_the_showdown_is_refused() -> None:
    hand = Hand(stacks=[1, 1], blinds=(1, 2), seed=1)  # both all in from the blinds
    assert hand.done and hand.payoffs == (-1, 1)
    assert hand.actions[-2:] == ["p1 sm Jc8h", "p2 sm 9c6s"]  # p1 is seat 1, the winner
    _refused(hand, "p1 sm", "seat 1 cannot muck: its hand won the pot at the showdown")
    with pytest.raises(ValueError, match="seat 1 cannot muck: its hand won the pot at the showdown"):
        hand.muck(1)
    # A history that says so is refused when read.
    text = hand.to_phh().replace('"p2 sm 9c6s"]', '"p1 sm"]').replace('"p1 sm Jc8h", ', "")
    assert '"p1 sm"]' in text and "Jc8h" in text.split('"d db')[0]
    with pytest.raises(ValueError, match="action 6 'p1 sm': seat 1 cannot muck: its hand won the pot"):
        read_phh(text)


def test_the_losers_muck_after_the_showdown_is_taken_and_written() -> None:
    hand = Hand(stacks=[1, 1], blinds=(1, 2), seed=1)
    hand.act("p2 sm")  # seat 0 lost
    assert hand.payoffs == (-1, 1)
    assert hand.actions[-2:] == ["p2 sm", "p1 sm Jc8h"]  # the muck, then the engine's own show
    text = hand.to_phh()
    again = read_phh(text)
    assert again == hand and again.to_phh() == text
    assert _finishing_stacks(text) == [2, 0]
    assert _pokerkit_stacks(text) == [2, 0]
    # Once mucked the hand is off the table: not shown, not mucked again.
    _refused(hand, "p2 sm 9c6s", "seat 0 cannot show: it mucked its hand after the showdown")
    _refused(hand, "p2 sm", "seat 0 cannot muck: it mucked its hand after the showdown")
    with pytest.raises(ValueError, match="seat 0 cannot show: it mucked its hand after the showdown"):
        hand.show(0)


def test_a_hand_its_seat_showed_cannot_be_mucked_after_the_showdown() -> None:
    """Cards a seat tabled itself (here all in before the board) stay tabled: the losing hand
    cannot be mucked once the showdown settled, as it could not before.  Taken, the muck put
    the seat's show and its muck in one history, which PokerKit cannot read."""
    hand = Hand(stacks=[100, 100])
    hand.deal("AsAd")  # seat 1, the big blind
    hand.deal("KsKd")  # seat 0, the button
    hand.bet_or_raise_to(100)
    hand.check_or_call()
    hand.show(0, "KsKd")
    for board in ("2c3d4h", "7s", "9h"):
        hand.deal(board)
    assert hand.done and hand.payoffs == (-100, 100)
    _refused(hand, "p2 sm", "seat 0 cannot muck: it has shown its hand, which cannot be taken back")
    with pytest.raises(ValueError, match="seat 0 cannot muck: it has shown its hand"):
        hand.muck(0)
    text = hand.to_phh()
    assert hand.actions[-1] == "p1 sm AsAd" and hand.actions.count("p2 sm KsKd") == 1
    assert read_phh(text) == hand
    assert _finishing_stacks(text) == [200, 0] == _pokerkit_stacks(text)
    # The seat the engine itself put on the table, the loser, may still muck.
    other = Hand(stacks=[100, 100])
    other.deal("AsAd")
    other.deal("KsKd")
    other.bet_or_raise_to(100)
    other.check_or_call()
    for board in ("2c3d4h", "7s", "9h"):
        other.deal(board)
    other.muck(0)
    assert other.payoffs == (-100, 100) and _pokerkit_stacks(other.to_phh()) == [200, 0]


def test_a_hand_shown_again_after_the_showdown_cannot_be_mucked() -> None:
    """The engine tabled both hands; the loser's own show after it is a show line of its own
    in the history, and a muck after it would be a second."""
    hand = Hand(stacks=[1, 1], blinds=(1, 2), seed=1)
    hand.act("p2 sm 9c6s")
    _refused(hand, "p2 sm", "seat 0 cannot muck: it has shown its hand, which cannot be taken back")
    text = hand.to_phh()
    assert read_phh(text) == hand and _pokerkit_stacks(text) == [2, 0]


def test_a_shown_loser_may_show_again_and_the_winner_may_show() -> None:
    """A show after the end changes nothing and contradicts nothing: the cards are the ones the
    engine put on the table."""
    hand = Hand(stacks=[1, 1], blinds=(1, 2), seed=1)
    with pytest.raises(ValueError, match="does not match"):
        hand.act("p1 sm AsAd")
    hand.show(1)
    hand.act("p2 sm 9c6s")
    assert hand.actions[-2:] == ["p1 sm Jc8h", "p2 sm 9c6s"] and hand.payoffs == (-1, 1)
    # Each has had its one show: a history holds one show or muck a seat.
    with pytest.raises(ValueError, match="seat 1 cannot show: it has shown its hand already"):
        hand.act("p1 sm Jc8h")


def test_the_uncontested_winner_may_show_but_not_muck() -> None:
    """The pot was paid with the hand unseen: there is nothing on the table to muck, and
    PokerKit refuses such a muck when it reads the history ("Unable to repair the hand
    history"); it was taken and written.  A show is taken, once, and PokerKit reads it."""
    hand = Hand(stacks=[100, 100], seed=1)
    hand.fold()  # seat 0 folds: seat 1 takes the pot unseen
    assert hand.done and hand.payoffs == (-1, 1)
    _refused(hand, "p1 sm", "seat 1 cannot muck: it took the pot with its hand unseen")
    hand.show(1)
    assert hand.actions[-1] == "p1 sm Jc8h" and hand.payoffs == (-1, 1)
    text = hand.to_phh()
    assert read_phh(text) == hand and _pokerkit_stacks(text) == [101, 99]


# ---- side pots ----------------------------------------------------------------------------------

_SIDE_POT = [
    "d dh p1 AsAd",
    "d dh p2 KsKd",
    "d dh p3 QsQd",
    "p3 cbr 200",
    "p1 cc",
    "p2 cc",
    "d db 2c7d9h",
    "d db Js",
    "d db 3h",
]


def test_a_seat_that_won_only_a_side_pot_cannot_muck() -> None:
    hand = read_phh(_history("NT", [50, 200, 200], _SIDE_POT, min_bet="2"))
    assert hand.payoffs == (100, 100, -200)
    pots = hand.settlement.pots  # type: ignore[union-attr]
    assert [pot.winners for pot in pots] == [(0,), (1,)]
    _refused(hand, "p2 sm", "seat 1 cannot muck: its hand won a side pot at the showdown")
    _refused(hand, "p1 sm", "seat 0 cannot muck: its hand won the main pot at the showdown")
    hand.act("p3 sm")  # lost both pots
    text = hand.to_phh()
    assert hand.actions[-3:] == ["p3 sm", "p1 sm AsAd", "p2 sm KsKd"]
    assert _finishing_stacks(text) == [150, 300, 0] == _pokerkit_stacks(text)


def test_a_side_pot_its_rival_folded_to_is_still_won() -> None:
    """Seat 2 called into the side pot and folded on the turn: seat 1 lost the main pot at the
    showdown but was paid the side pot, and a muck would give that up too."""
    actions = [*_SIDE_POT[:3], "p3 cbr 10", "p1 cbr 50", "p2 cc", "p3 cc", "d db 2c7d9h"]
    actions += ["p2 cbr 20", "p3 cc", "d db Js", "p2 cbr 40", "p3 f", "d db 3h"]
    hand = read_phh(_history("NT", [50, 200, 200], actions, min_bet="2"))
    settlement = hand.settlement
    assert settlement is not None and settlement.uncalled == (1, 40)
    assert [(pot.amount, pot.winners) for pot in settlement.pots] == [(150, (0,)), (40, (1,))]
    _refused(hand, "p2 sm", "seat 1 cannot muck: its hand won a side pot at the showdown")
    _refused(hand, "p1 sm", "seat 0 cannot muck: its hand won the main pot at the showdown")


def test_uncalled_chips_back_are_no_win() -> None:
    """Seat 1 moved in for 200 against 50: 150 come back uncalled, and it lost the pot."""
    actions = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 200", "p1 cc", "d db 2c7d9h", "d db Js", "d db 3h"]
    hand = read_phh(_history("NT", [50, 200], actions, min_bet="2"))
    settlement = hand.settlement
    assert settlement is not None and settlement.uncalled == (1, 150) and settlement[1] == 150
    assert hand.payoffs == (50, -50)
    hand.act("p2 sm")
    _refused(hand, "p1 sm", "seat 0 cannot muck: its hand won the pot at the showdown")
    text = hand.to_phh()
    assert _finishing_stacks(text) == [100, 150] == _pokerkit_stacks(text)


def test_a_split_pot_cannot_be_mucked_by_either_seat() -> None:
    actions = ["d dh p1 2c3d", "d dh p2 4c5d", "p2 cbr 100", "p1 cc", "d db AhKhQh", "d db Jh", "d db Th"]
    hand = read_phh(_history("NT", [100, 100], actions, min_bet="2"))
    assert hand.payoffs == (0, 0)
    _refused(hand, "p1 sm", "seat 0 cannot muck: its hand shared the pot at the showdown")
    _refused(hand, "p2 sm", "seat 1 cannot muck: its hand shared the pot at the showdown")


# ---- hi-lo --------------------------------------------------------------------------------------


def test_hi_lo_halves_are_wins_and_the_hand_with_neither_may_muck() -> None:
    actions = ["d dh p1 KhKc9s9c", "d dh p2 QcQdJcJd", "d dh p3 As4sQhJh", "p3 cc", "p1 cc"]
    actions += ["d db 2c3d7h", "d db Kd", "d db Ks"]
    hand = read_phh(_history("FO/8", [2, 2, 2], actions, small_bet="2", big_bet="4"))
    (pot,) = hand.settlement.pots  # type: ignore[union-attr]
    assert (pot.winners, pot.low_winners, pot.low_amount) == ((0,), (2,), 3)
    _refused(hand, "p3 sm", "seat 2 cannot muck: its hand won the low half of the pot at the showdown")
    _refused(hand, "p1 sm", "seat 0 cannot muck: its hand won the high half of the pot at the showdown")
    hand.act("p2 sm")
    assert hand.payoffs == (1, -2, 1)
    assert read_phh(hand.to_phh()) == hand


# ---- every game: the rule against the settlement, and PokerKit reading the histories ---------

_STANDARD_VARIANTS = ["NT", "FT", "PO", "NS", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"]


@pytest.mark.parametrize("code", _STANDARD_VARIANTS)
def test_every_game_refuses_exactly_the_winners_and_pokerkit_reads_the_mucks(code: str) -> None:
    """After each showdown every seat still in tries to muck: refused exactly when the settlement
    names it among a pot's winners (high or low, with chips in that half), taken otherwise
    without changing a payout.  PokerKit reads the history with the mucks to the engine's
    finishing stacks (pots split between winners left out, as in test_engine_pokerkit)."""
    refused = taken = compared = 0
    for seed in range(20):
        hand = random_finished_hand(code, seed, keep=0.85)
        settlement = hand.settlement
        assert settlement is not None
        seats_in = sorted({seat for pot in settlement.pots for seat in pot.eligible})
        if len(seats_in) < 2:
            continue  # no showdown
        won = {s for pot in settlement.pots if pot.amount > pot.low_amount for s in pot.winners}
        won |= {s for pot in settlement.pots if pot.low_amount for s in pot.low_winners}
        payoffs = hand.payoffs
        for seat in seats_in:
            if seat in won:
                with pytest.raises(ValueError, match=f"seat {seat} cannot muck: its hand (won|shared)"):
                    hand.muck(seat)
                refused += 1
            else:
                hand.muck(seat)
                taken += 1
        assert hand.payoffs == payoffs
        text = hand.to_phh()
        assert read_phh(text) == hand
        if any(len(pot.winners) + len(pot.low_winners) > 1 for pot in settlement.pots):
            continue
        assert _pokerkit_stacks(text) == _finishing_stacks(text), (code, seed, text)
        compared += 1
    assert refused >= 15 and taken >= 20 and compared >= 10, (refused, taken, compared)
