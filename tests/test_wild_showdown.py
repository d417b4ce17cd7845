"""Wild cards at the showdown and in settlement: showdown(..., wild=) and settle(..., wild=).

The oracle values every seat on its own with pe.evaluate(..., wild=...) (checked against brute
force substitution in tests/test_wild.py) and picks the winners by hand; settlements are checked
against tests/settle_reference.py fed with those values, so the chips follow the rules written
there and the hands the wild evaluator's.  Deals hold zero, one or two jokers (ids 52 and 53, or
"Jk" twice in text), and boards are often trips or quads so that five of a kind, ties between
two jokers and side pots won by five of a kind are common.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from settle_reference import settle_reference

import pokereval as pe
from pokereval import Card, Category, settle, showdown

JOKERS = [52, 53]
RULES = ("joker", "bug", "deuces")
TOP = 7462  # the hold'em top: five of a kind is TOP + 1 (deuces) .. TOP + 13 (aces)


def text(ids: list[int]) -> str:
    """Cards as text; both jokers read "Jk", which the showdown numbers itself."""
    return " ".join(str(Card(card)) for card in ids)


def value(ids: list[int], rule: str) -> int:
    return int(pe.evaluate(ids, wild=rule))


def winners_of(values: list[int]) -> tuple[int, ...]:
    best = max(values)
    return tuple(seat for seat, v in enumerate(values) if v == best)


def deal_holdem(rng: random.Random, rule: str, n: int) -> tuple[list[int], list[list[int]]]:
    """A board and n holes, with up to two jokers anywhere in the deal when the rule plays
    them; half the boards hold three or four cards of one rank, so that wild cards make five
    of a kind and many seats tie."""
    naturals = list(range(52))
    rng.shuffle(naturals)
    jokers = JOKERS[: rng.choice((0, 1, 1, 2, 2))] if rule != "deuces" else []
    forced: list[int] = []
    if rng.random() < 0.5:
        rank = 12 if rule == "bug" else rng.randrange(13)  # the bug makes five aces alone
        forced = rng.sample([4 * rank + suit for suit in range(4)], rng.choice((3, 4)))
    others = [card for card in naturals if card not in forced]
    pool = others[: 5 - len(forced) + 2 * n - len(jokers)] + jokers
    rng.shuffle(pool)
    board = forced + pool[: 5 - len(forced)]
    left = pool[5 - len(forced) :]
    return board, [left[2 * seat : 2 * seat + 2] for seat in range(n)]


def deal_stud(rng: random.Random, rule: str) -> list[list[int]]:
    """Seats of 5 to 7 cards; some or all of the wild cards (jokers, or deuces) are dealt.
    Half the deals are to two seats from three ranks and every wild card, so that seats often
    hold trips and quads, which wild cards make five of a kind."""
    narrow = rng.random() < 0.5
    n = 2 if narrow else rng.randint(2, 6)
    counts = [rng.randint(5, 7) for _ in range(n)]
    wild = JOKERS if rule != "deuces" else [0, 1, 2, 3]
    dealt = wild if narrow else rng.sample(wild, rng.randint(0, len(wild)))
    ranks = set(range(13))
    if narrow:  # the bug makes five aces alone
        ranks = {12, *rng.sample(range(1, 12), 2)} if rule == "bug" else set(rng.sample(range(1, 13), 3))
    rest = [card for card in range(52) if card not in wild and card >> 2 in ranks]
    rng.shuffle(rest)
    top = dealt + rest[: sum(counts) - len(dealt)]
    rng.shuffle(top)
    holes, at = [], 0
    for count in counts:
        holes.append(top[at : at + count])
        at += count
    return holes


def random_chips(rng: random.Random, n: int) -> tuple[list[int], list[bool], list[int] | None]:
    """Stacks at a few shared levels (side pots, ties of level), some folds, maybe antes."""
    levels = [rng.randint(1, 50) for _ in range(rng.randint(1, 3))]
    chips = [
        0 if rng.random() < 0.1 else rng.choice(levels) if rng.random() < 0.7 else rng.randint(1, 60)
        for _ in range(n)
    ]
    folded = [rng.random() < 0.25 for _ in range(n)]
    live = rng.randrange(n)
    folded[live] = False
    chips[live] = chips[live] or 1
    dead = [rng.randint(1, 3)] * n if rng.random() < 0.3 else None
    return chips, folded, dead


def check_showdown(result: Any, seats: list[list[int]], board: list[int], rule: str) -> list[int]:
    values = [value(seat + board, rule) for seat in seats]
    context = f"{rule}: {[text(seat) for seat in seats]} on {text(board)!r}: {values}"
    assert result.winners == winners_of(values), context
    assert [int(rank) for rank in result.ranks] == values, context
    for rank, seat in zip(result.ranks, seats):
        assert rank.wild == rule, context
        alone = pe.evaluate(seat + board, wild=rule)
        assert rank.describe() == alone.describe(), context
        assert [str(c) for c in rank.best_five] == [str(c) for c in alone.best_five], context
        assert rank.stands_for == alone.stands_for, context
    return values


# ---- random deals against the oracle --------------------------------------------------------


@pytest.mark.parametrize("rule", RULES)
def test_holdem_showdown_and_settle_against_reference(rule: str, rng: random.Random) -> None:
    fives = ties = jokers_both = side = 0
    for _ in range(600):
        n = rng.randint(2, 7)
        board, holes = deal_holdem(rng, rule, n)
        # Half the deals as ids, half as text, where both jokers are "Jk".
        as_text = rng.random() < 0.5
        given: list[Any] = [text(hole) for hole in holes] if as_text else holes
        given_board: Any = text(board) if as_text else board
        result = showdown(given, given_board, wild=rule)
        values = check_showdown(result, holes, board, rule)
        fives += max(values) > TOP
        ties += len(result.winners) > 1
        jokers_both += sum(1 for s in result.winners if set(holes[s]) & set(JOKERS)) == 2
        assert all(rank.category is Category.FIVE_OF_A_KIND for rank in result.ranks if rank > TOP)

        chips, folded, dead = random_chips(rng, n)
        shown = [None if folded[s] and rng.random() < 0.5 else given[s] for s in range(n)]
        got = settle(shown, given_board, contributions=chips, folded=folded, dead_money=dead, wild=rule)
        strengths = [-1 if folded[s] else values[s] for s in range(n)]
        want = settle_reference(chips, strengths, folded, dead=dead)
        context = f"{rule}: chips={chips} folded={folded} dead={dead} values={values}"
        assert list(got) == want.payouts, context
        assert [(p.amount, p.eligible, p.winners, p.shares) for p in got.pots] == [
            (p.amount, p.eligible, p.winners, p.shares) for p in want.pots
        ], context
        side += len(got.pots) > 1 and any(values[seat] > TOP for seat in got.pots[0].winners)
    # The deals reach what the rules are about: five of a kind, splits, side pots.
    assert fives > 50 and ties > 30 and side > 20, (fives, ties, side)
    if rule != "deuces":
        assert jokers_both > 3, jokers_both  # two seats each holding a joker, tied


@pytest.mark.parametrize("rule", RULES)
def test_stud_showdown_and_settle_against_reference(rule: str, rng: random.Random) -> None:
    fives = 0
    for _ in range(300):
        seats = deal_stud(rng, rule)
        n = len(seats)
        result = showdown([text(seat) for seat in seats], game="stud", wild=rule)
        values = check_showdown(result, seats, [], rule)
        fives += max(values) > TOP
        chips, folded, dead = random_chips(rng, n)
        got = settle(seats, contributions=chips, folded=folded, dead_money=dead, game="stud", wild=rule)
        want = settle_reference(chips, [-1 if folded[s] else values[s] for s in range(n)], folded, dead=dead)
        assert list(got) == want.payouts, (rule, chips, folded, dead, values)
    assert fives > 5, fives  # five of a kind at a stud showdown (the bug: aces only)


# ---- the rules, case by case ----------------------------------------------------------------


def test_five_of_a_kind_beats_a_royal_flush_and_describes_itself() -> None:
    result = showdown(["Jk Kd", "As Ts"], "Ks Kc Kh Qs Js", wild="joker")
    assert result.winners == (0,)
    five, royal = result.ranks
    assert five.category is Category.FIVE_OF_A_KIND and royal.category is Category.ROYAL_FLUSH
    assert five.describe() == "Five of a kind, kings" and five.wild == "joker"
    assert [str(c) for c in five.best_five] == ["Kd", "Ks", "Kc", "Kh", "Jk"]
    assert [str(c) for c in five.stands_for][:4] == ["Kd", "Ks", "Kc", "Kh"]
    assert royal.stands_for == royal.best_five  # no wild card in it
    assert result.best_five[0] == five.best_five


def test_five_aces_beat_five_kings() -> None:
    result = showdown(["As 2c", "Ks 2d"], "Ah Ad Kh Kc 2h", wild="deuces")
    assert result.winners == (0,)
    assert [rank.describe() for rank in result.ranks] == ["Five of a kind, aces", "Five of a kind, kings"]
    assert int(result.ranks[0]) == TOP + 13 and int(result.ranks[1]) == TOP + 12
    assert settle(["As 2c", "Ks 2d"], "Ah Ad Kh Kc 2h", contributions=[50, 50], wild="deuces") == (100, 0)


def test_two_jokers_tie_and_split() -> None:
    # Each seat holds one of the deck's two jokers: five aces each, the pot split.
    holes = ["Jk 2c", "Jk 3c", "Ks 4c"]
    board = "Ah Ad Ac As Kd"
    result = showdown(holes, board, wild="joker")
    assert result.winners == (0, 1)
    assert [rank.describe() for rank in result.ranks][:2] == ["Five of a kind, aces"] * 2
    assert settle(holes, board, contributions=[25, 25, 25], wild="joker") == (38, 37, 0)
    # The same with ids: 52 and 53 are the two jokers, and two 52s are two jokers as well.
    ids = [[52, 0], [53, 4], [47, 8]]
    assert showdown(ids, [50, 49, 48, 51, 45], wild="bug").winners == (0, 1)
    assert showdown([[52, 0], [52, 4], [47, 8]], [50, 49, 48, 51, 45], wild="joker").winners == (0, 1)


def test_side_pot_with_a_five_of_a_kind_winner() -> None:
    # Seat 0 is all in for 1000 with five kings: it takes the main pot; kings full of aces
    # beat kings full of sevens for the side pot.
    holes = ["Jk Kd", "As Ad", "7s 7h"]
    board = "Ks Kc Kh 7d 2s"
    got = settle(holes, board, contributions=[1000, 3000, 3000], wild="joker")
    assert got == (3000, 4000, 0)
    main, side_pot = got.pots
    assert main.amount == 3000 and main.winners == (0,) and main.eligible == (0, 1, 2)
    assert side_pot.amount == 4000 and side_pot.winners == (1,) and side_pot.eligible == (1, 2)
    # A joker on the board plays for every seat: seat 1's king makes five kings, the others
    # four kings; seat 2's bet above the others' comes back.
    got = settle(["2c 3d", "Kd 4c", "Ad Ac"], "Ks Kc Kh Jk 7s", contributions=[30, 30, 60], wild="joker")
    assert got == (0, 90, 30) and got.uncalled == (2, 30)


def test_bug_is_an_ace_or_completes_a_straight_or_flush() -> None:
    # No straight or flush to complete: the bug is an ace, and seat 0 ties seat 1's pair.
    result = showdown(["Jk Kc", "Ad Kd"], "Kh Qs 7c 4d 2h", wild="bug")
    assert [rank.describe() for rank in result.ranks] == ["Pair of kings, ace, queen and seven kickers"] * 2
    assert result.winners == (0, 1)
    # A joker as any card makes trips.
    assert showdown(["Jk Kc", "Ad Kd"], "Kh Qs 7c 4d 2h", wild="joker").winners == (0,)
    # The bug completes a flush.
    assert showdown(["Jk 3h", "Ad Kd"], "Kh Qh 7h 4d 2h", wild="bug").ranks[0].describe().startswith("Flush")


def test_lone_contender_takes_the_pot_unseen_with_jokers_in_folded_hands() -> None:
    got = settle(["Jk Jk", None], "Ks Kc Kh", contributions=[10, 20], folded=[True, False], wild="joker")
    assert got == (0, 30)


def test_results_keep_their_rule() -> None:
    result = showdown(["Jk Kd", "As Ad"], "Ks Kc Kh 7d 2s", wild="joker")
    assert repr(result) == "ShowdownResult(game='holdem', winners=(0,), wild='joker')"
    again = pickle.loads(pickle.dumps(result))
    assert repr(again) == repr(result) and again.ranks == result.ranks
    assert again.ranks[0].describe() == "Five of a kind, kings" and again.ranks[0].wild == "joker"
    plain = showdown(["Qd Jd", "As Ad"], "Ks Kc Kh 7d 2s")
    assert repr(plain) == "ShowdownResult(game='holdem', winners=(1,))" and plain.ranks[0].wild is None


def test_wild_none_is_the_plain_showdown() -> None:
    holes, board = ["2c 2d", "As Kd"], "Ah 7c 9d Js 3h"
    assert showdown(holes, board, wild=None).winners == showdown(holes, board).winners == (1,)
    assert showdown(holes, board, wild="deuces").winners == (0,)  # four aces with two deuces
    assert settle(holes, board, contributions=[5, 5], wild=None) == (0, 10)


# ---- bad input: the same words as evaluate(..., wild=) --------------------------------------


def raises(kind: type[Exception], call: Any, *needles: str) -> str:
    with pytest.raises(kind) as info:
        call()
    assert type(info.value) is kind
    message = str(info.value)
    for needle in needles:
        assert needle in message, f"{needle!r} not in {message!r}"
    return message


BOARD = "Ah Ad Ac As Kd"
SETTLE = {"contributions": [10, 10, 10]}


@pytest.mark.parametrize("call", [showdown, lambda *a, **k: settle(*a, **k, **SETTLE)])  # type: ignore[arg-type, misc]
def test_joker_errors_name_seat_and_position(call: Any) -> None:
    raises(
        ValueError,
        lambda: call(["2c Jk", "3c 4c", "5c 6c"], BOARD),
        "seat 0: joker 'Jk' at position 2 plays only with wild='joker' or wild='bug'",
    )
    raises(
        ValueError,
        lambda: call(["2c 3d", "3c 4c", "5c 6c"], "Ah Ad Ac Jk Kd"),
        "board: joker 'Jk' at position 4 plays only with wild='joker' or wild='bug'",
    )
    raises(
        ValueError,
        lambda: call(["2c 3d", "Jk 4c", "5c 6c"], BOARD, wild="deuces"),
        "seat 1: joker 'Jk' at position 1: with wild='deuces' the deck has no jokers",
    )
    raises(
        ValueError,
        lambda: call(["Jk 3d", "Jk 4c", "Jk 6c"], BOARD, wild="joker"),
        "seat 2: a third joker at position 1: a deck has two",
    )
    raises(
        ValueError,
        lambda: call(["Jk 3d", "5d 4c", "Jk 6c"], "Ah Ad Ac Jk Kd", wild="bug"),
        "board: a third joker at position 4: a deck has two",
    )
    raises(
        ValueError,
        lambda: call([[52, 0], [53, 4], [52, 8]], [50, 49, 48, 51, 45], wild="joker"),
        "seat 2: a third joker at position 1",
    )
    raises(
        ValueError,
        lambda: call(["Jk 3d", "Jk 4c", "5d 6c"], BOARD, wild="joker", game="omaha"),
        "omaha has no wild cards; wild= plays in holdem and stud",
    )
    raises(
        ValueError,
        lambda: call(["Jk 3d 4d 5d", "7d 4c 8c 9c", "5s 6c Ts Js"], BOARD, game="omaha"),
        "seat 0: joker 'Jk' at position 1: omaha has no wild cards",
    )
    # Other cards keep their words under wild cards.
    raises(
        ValueError,
        lambda: call(["Jk 3d", "3d 4c", "5c 6c"], BOARD, wild="joker"),
        "duplicate card '3d': seat 0 and seat 1 both hold it",
    )
    raises(
        ValueError,
        lambda: call([[52, 60], [1, 4], [2, 8]], [50, 49, 48, 51, 45], wild="joker"),
        "seat 0: card id 60 out of range 0..53 at position 2",
    )  # jokers 52, 53 are in play
    raises(
        ValueError,
        lambda: call([[1, 60], [52, 4], [2, 8]], [50, 49, 48, 51, 45]),
        "seat 0: card id 60 out of range 0..53 at position 2",
    )
    raises(
        ValueError,
        lambda: call(["Jk 3d 4d", "3c 4c", "5c 6c"], BOARD, wild="joker"),
        "seat 0: holdem needs 2 cards per seat, got 3",
    )


@pytest.mark.parametrize("game", ["omaha", "razz", "badugi", "shortdeck", "omaha-hilo", "stud-hilo", "2-7"])
def test_wild_in_a_game_without_wild_cards(game: str) -> None:
    spec = pe.game_spec(game)
    message = f"{spec.name} has no wild cards; wild= plays in holdem and stud"
    raises(ValueError, lambda: showdown(["2c 3d", "4c 5d"], None, game=game, wild="joker"), message)
    raises(ValueError, lambda: settle([None, None], contributions=[0, 0], game=game, wild="bug"), message)


def test_wild_rule_of_a_wrong_value_or_type() -> None:
    raises(
        ValueError,
        lambda: showdown(["2c 3d", "4c 5d"], BOARD, wild="jokers"),
        "unknown wild 'jokers'; choose 'joker', 'bug' or 'deuces'",
    )
    raises(
        TypeError,
        lambda: showdown(["2c 3d", "4c 5d"], BOARD, wild=True),  # type: ignore[arg-type]
        "wild must be 'joker', 'bug' or 'deuces', got bool",
    )
    raises(
        TypeError,
        lambda: settle(["2c 3d", "4c 5d"], BOARD, contributions=[1, 1], wild=1),  # type: ignore[arg-type]
        "wild must be 'joker', 'bug' or 'deuces', got int",
    )
    # Case and spaces are forgiven, as in evaluate.
    assert showdown(["Jk 3d", "4c 5d"], BOARD, wild=" Joker ").winners == (0,)


def test_bools_are_no_cards_with_wild_cards_either() -> None:
    raises(TypeError, lambda: showdown([[True, 4], [8, 12]], [50, 49, 48, 51, 45], wild="joker"), "bool")
    raises(
        TypeError,
        lambda: settle([[52, 4], [8, 12]], [50, 49, 48, 51, True], contributions=[1, 1], wild="joker"),
        "bool",
    )
