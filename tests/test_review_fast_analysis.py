"""Review of the one-hand fast paths, HandRank and pokereval.analysis: regressions.

Each test below failed before its fix.  The last one is a crash in pokereval/_fastcall.c (a
type whose __name__ is no str, formatted with %U), run in a child process.
"""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
import textwrap
from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest

import pokereval
from pokereval import Category, HandRank, card_ids
from pokereval.analysis import hand_strength, odds, outs

# ---- HandRank: the value is the value of the cards it is made with ----------------------------


def test_a_hand_rank_refuses_a_value_its_cards_do_not_make() -> None:
    """Before: HandRank(1, "holdem", royal) was made; category said HIGH_CARD, best_five the
    royal flush, and describe() raised an internal "ranks ... do not make HIGH_CARD"."""
    with pytest.raises(ValueError, match=r"^value 1 is not the holdem value of these cards, 7462$"):
        HandRank(1, "holdem", "As Ks Qs Js Ts")
    with pytest.raises(ValueError, match=r"^value 7462 is not the holdem value of these cards, 1$"):
        HandRank(7462, "holdem", "2c 3d 4h 5s 7c")
    with pytest.raises(ValueError, match=r"^value 5 is not the omaha value of these cards, 7460$"):
        HandRank(5, "omaha", "As Ks Qs Js Ts 9s 8s", hole=4)
    with pytest.raises(ValueError, match=r"^value 5 is not the razz value of these cards"):
        HandRank(5, "razz", "As 2s 3s 4s 5s")
    with pytest.raises(ValueError, match=r"^value 7474 is not the holdem value of these cards, 7475$"):
        HandRank(7474, "holdem", "Jk As Ah Ad Ac", wild="joker")
    # Ranks whose values are their cards' are made as before, by pickle and showdown too.
    ranks = [
        pokereval.evaluate("Ks Kh Kd Qc Qs 2c 3d"),
        pokereval.evaluate("As 2s Kd Qd", "3c 4h 5c Jd 9s", game="omaha-hilo"),
        pokereval.evaluate("Jk Jk Qs Js Ts", wild="joker"),
        pokereval.evaluate("8c 6d 4h 2s As 8d Kc", game="razz"),
        pokereval.evaluate("As 2d 3h 4c 5s 5d Kc", game="stud-hilo"),
    ]
    for rank in ranks + [r.low for r in ranks if r.low is not None]:
        again = pickle.loads(pickle.dumps(rank))
        assert again == rank and again.best_five == rank.best_five and again.describe() == rank.describe()
        assert again.low == rank.low
    showdown = pokereval.showdown(["Ac 3d Qh Qs", "Kh Kd 4c 4d"], "2c 5d 8h Kc Ks", game="omaha-hilo")
    assert [r.value for r in showdown.ranks] and showdown.low_ranks[1] is None


def test_a_hi_lo_rank_refuses_a_low_its_cards_do_not_make() -> None:
    cards, hole = "As 2s Kd Qd 3c 4h 5c Jd 9s", 4  # a straight high, the wheel low (56)
    with pytest.raises(
        ValueError, match=r"^low=0 is not the omaha-hilo low of these cards: their low is 56$"
    ):
        HandRank(5854, "omaha-hilo", cards, hole)
    with pytest.raises(ValueError, match=r"^low value 40 is not the omaha-hilo low of these cards: their"):
        HandRank(40, "omaha-hilo", cards, hole, is_low=True)
    with pytest.raises(
        ValueError, match=r"^low value 5 is not the omaha-hilo low of these cards: they make no"
    ):
        HandRank(5, "omaha-hilo", "As Ks Kd Qd 9c Th Tc Jd 9s", hole, is_low=True)
    high = HandRank(5854, "omaha-hilo", cards, hole, low=56)
    assert high.low is not None and high.low == HandRank(56, "omaha-hilo", cards, hole, is_low=True)


def test_is_low_outside_the_hi_lo_games_is_named() -> None:
    """Before: "value 5 is outside the holdem low scale 1..0"."""
    with pytest.raises(
        ValueError, match=r"^is_low=True makes the low half of a hi-lo hand; holdem has no low"
    ):
        HandRank(5, is_low=True)
    with pytest.raises(ValueError, match=r"; razz has no low hand$"):
        HandRank(5, "razz", is_low=True)


# ---- outs: a board the live cards cannot complete ---------------------------------------------


def _all_dead_but(keep: str) -> list[int]:
    kept = set(card_ids(keep))
    return [card for card in range(52) if card not in kept]


def test_outs_refuses_a_board_the_live_cards_cannot_complete() -> None:
    """Before: one live card on the flop gave by_river nan; none on the turn gave 0 / 0 as 0."""
    with pytest.raises(
        ValueError, match=r"^not enough live cards to complete the board: 46 dead leave 1 for the 2"
    ):
        outs("AhKh", "2h7h9c", dead=_all_dead_but("AhKh 2h7h9c 2c"))
    with pytest.raises(
        ValueError, match=r"^not enough live cards to complete the board: 46 dead leave 0 for the 1"
    ):
        outs("AhKh", "2h7h9cJd", dead=_all_dead_but("AhKh 2h7h9cJd"))
    with pytest.raises(
        ValueError, match=r"44 dead and the opponents' 2 hole cards leave 1 for the 2 to come$"
    ):
        outs("AhKh", "2h7h9c", vs="QsQd", dead=_all_dead_but("AhKh 2h7h9c QsQd 2c"))
    with pytest.raises(ValueError, match=r"^not enough live cards to complete the board"):
        outs("AhKh", "2h7h9c", vs="QQ", dead=_all_dead_but("AhKh 2h7h9c Qs Qh Qd"))  # three combos
    # Just enough live cards: counted.
    r = outs("AhKh", "2h7h9c", dead=_all_dead_but("AhKh 2h7h9c 2c 3c"))
    assert (r.unseen, r.count, r.next_card, r.by_river) == (2, 0, 0.0, 0.0)
    r = outs("AhKh", "2h7h9cJd", dead=_all_dead_but("AhKh 2h7h9cJd Qh"))
    assert (r.unseen, [str(o.card) for o in r.outs], r.next_card, r.by_river) == (1, ["Qh"], 1.0, 1.0)


# ---- odds and hand strength: results copy and pickle --------------------------------------------


def test_odds_pickle_and_copy() -> None:
    """Before: pickle.loads, copy.copy and copy.deepcopy raised AttributeError: Odds is immutable."""
    r = odds("AhKh", "2h7h9c")
    for again in (pickle.loads(pickle.dumps(r)), copy.copy(r), copy.deepcopy(r)):
        assert again == r and again.counts == r.counts and again.runouts == r.runouts == 1081
        assert again.game == "holdem" and repr(again) == repr(r)


def test_odds_finds_a_key_equal_to_a_category() -> None:
    """Before: r[5.0] and 5.0 in r raised "tuple indices must be integers or slices, not float"."""
    r = odds("AhKh", "2h7h9c")
    keys: Mapping[Any, float] = r  # keys that equal a category, as a dict takes them
    assert keys[5.0] == keys[np.int64(5)] == keys[5] == r[Category.FLUSH]
    assert 5.0 in r and 10 not in r and 2.5 not in r
    with pytest.raises(KeyError):
        keys[2.5]


def test_hand_strength_pickles_before_ehs2_is_read() -> None:
    """Before: "Can't pickle local object 'hand_strength.<locals>.<lambda>'" until ehs2 was read."""
    for vs in (None, "QQ, JsTs"):
        r = hand_strength("AhKh", "2h7h9cTd", vs=vs)
        again = pickle.loads(pickle.dumps(r))
        assert again == r
        assert again.ehs2 == r.ehs2 and copy.deepcopy(r).ehs2 == r.ehs2


# ---- pokereval/_fastcall.c: a type whose __name__ is no str --------------------------------------


@pytest.mark.parametrize("name", ["12345", "b'bytes'"])
@pytest.mark.parametrize(
    "call", ["evaluate_mask(X())", "evaluate_cards(X())", "evaluate_cards([0, 4, 8, 12, X()])"]
)
def test_a_metaclass_name_that_is_no_str_is_a_type_error_not_a_crash(call: str, name: str) -> None:
    script = textwrap.dedent(
        f"""
        from pokereval.fast import evaluate_cards, evaluate_mask
        NAME = {name}

        class Meta(type):
            @property
            def __name__(cls):
                return NAME

        class X(metaclass=Meta):
            pass

        try:
            {call}
        except TypeError:
            print("TypeError")
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-300:]}"
    assert done.stdout.strip() == "TypeError"


def test_a_hand_rank_against_what_is_no_number_names_hand_rank() -> None:
    """Before: ``rank < "x"`` said "between instances of 'int' and 'str'", an int the caller
    never gave; == and != with anything still answer."""
    r = pokereval.evaluate("As Ad", board="Kh Kc 2d 7s 9c")
    for other in ("x", [1], None, b"1"):
        with pytest.raises(TypeError, match=r"'pokereval\.HandRank' and '"):
            _ = r < other  # type: ignore[operator]
        assert (r == other) is False and (r != other) is True
    assert r < int(r) + 0.5 and r == int(r) and r < np.int64(int(r) + 1)
