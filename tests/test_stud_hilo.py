"""Seven-card stud eight-or-better ("stud-hilo"): evaluate, evaluate_batch, showdown and settle
against tests/reference.py (hand values from the rules) and tests/settle_reference.py (pots from
the rules), on random hands.

The low value's scale is written out here from the rules: the 56 lows of five different ranks
among A..8, the lower highest card (then the next) the better, numbered 1 (8-7-6-5-4) to 56
(5-4-3-2-A).
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import numpy as np
import pytest
import reference as ref
from settle_reference import settle_reference

from pokereval import Card, compare, evaluate, evaluate_batch, game_spec, settle, showdown

# Every 8-or-better low as reference.low8 spells it (faces high to low, negated), worst first.
_LOWS = sorted(tuple(-face for face in sorted(faces, reverse=True)) for faces in combinations(range(1, 9), 5))
LOW_VALUES = {low: value for value, low in enumerate(_LOWS, start=1)}


def halves(result: Any) -> tuple[Any, Any]:
    """(high, low) of a hi-lo evaluation, whether it comes as a pair or as a rank with .low."""
    if isinstance(result, tuple):
        return result[0], result[1]
    return result, result.low


def random_hands(rng: random.Random, count: int) -> list[list[int]]:
    hands = []
    low_cards = [c for c in range(52) if ref.rank_of(c) <= 6 or ref.rank_of(c) == ref.ACE]
    others = [c for c in range(52) if c not in low_cards]
    for _ in range(count):
        # Three hands in ten drawn from the low cards and a few others, so lows are common.
        deck = low_cards + rng.sample(others, 6) if rng.random() < 0.3 else list(range(52))
        hands.append(rng.sample(deck, rng.randint(5, 7)))
    return hands


def test_low_scale_has_56_lows() -> None:
    assert len(LOW_VALUES) == 56
    assert LOW_VALUES[(-5, -4, -3, -2, -1)] == 56 and LOW_VALUES[(-8, -7, -6, -5, -4)] == 1


def test_values_against_reference(rng: random.Random) -> None:
    hands = random_hands(rng, 3000)
    highs = []
    for hand in hands:
        want_high, want_low = ref.stud_hilo(hand)
        high, low = halves(evaluate([Card(c) for c in hand], game="stud-hilo"))
        context = ref.cards_str(hand)
        if want_low is None:
            assert low is None, context
        else:
            assert low is not None and int(low) == LOW_VALUES[want_low], context
            assert low.is_low and low.category is None, context
            # The five cards that play the low: five different low ranks, read highest first.
            faces = [ref._ace_low(int(card)) for card in low.best_five]
            assert tuple(-face for face in faces) == want_low, context
        assert high.category.value == want_high[0], context
        assert ref.best_high([int(card) for card in high.best_five]) == want_high, context
        highs.append((want_high, int(high)))
    # The high values order the hands as the rules do, equal exactly where the rules tie.
    highs.sort()
    for (a_ref, a_value), (b_ref, b_value) in zip(highs, highs[1:]):
        assert (a_value < b_value) if a_ref < b_ref else (a_value == b_value)


def test_one_card_plays_in_both_halves() -> None:
    # 5-4-3-2-A is the wheel: the best low and a straight for the high, with the same five cards.
    high, low = halves(evaluate("As 2d 3h 4c 5s Kd Kh", game="stud-hilo"))
    assert high.category.name == "STRAIGHT" and int(low) == 56
    assert {str(c) for c in high.best_five} == {str(c) for c in low.best_five}


def test_no_low_with_four_low_ranks() -> None:
    # A, 2, 3 and 8 with a pair of deuces: four different low ranks only.
    assert halves(evaluate("As 2d 2h 3c 8s Kd Qh", game="stud-hilo"))[1] is None


def test_batch_matches_single_hands(rng: random.Random) -> None:
    for k in (5, 6, 7):
        hands = [hand for hand in random_hands(rng, 400) if len(hand) == k]
        rows = np.array(hands, dtype=np.uint8)
        hi, lo = evaluate_batch(rows, game="stud-hilo")
        for hand, h, lw in zip(hands, hi.tolist(), lo.tolist()):
            want_low = ref.stud_hilo(hand)[1]
            assert lw == (0 if want_low is None else LOW_VALUES[want_low])
            assert h == int(halves(evaluate(hand, game="stud-hilo"))[0])


def test_names_and_errors() -> None:
    for alias in ("stud8", "Stud/8", "stud-hi-lo", "seven card stud hilo"):
        assert game_spec(alias).name == "stud-hilo"
    spec = game_spec("stud-hilo")
    assert spec.hilo and spec.hand == (5, 7) and spec.hole is None and spec.top == 7462
    with pytest.raises(ValueError, match="compare has no single answer in stud-hilo"):
        compare("As 2d 3h 4c 5s", "Ks Kd 3c 4d 5d", game="stud-hilo")
    with pytest.raises(ValueError, match="stud-hilo needs 5 to 7 cards, got 4"):
        evaluate("As 2d 3h 4c", game="stud-hilo")


def test_showdown_against_reference(rng: random.Random) -> None:
    for _ in range(400):
        n = rng.randint(2, 7)
        deck = rng.sample(range(52), 7 * n)
        holes = [deck[7 * s : 7 * s + 7] for s in range(n)]
        got = showdown(holes, game="stud-hilo")
        values = [ref.stud_hilo(hole) for hole in holes]
        best_high = max(high for high, _ in values)
        lows = [low for _, low in values if low is not None]
        assert got.winners == tuple(s for s in range(n) if values[s][0] == best_high)
        assert got.low_winners == (tuple(s for s in range(n) if values[s][1] == max(lows)) if lows else ())


def test_settle_against_reference(rng: random.Random) -> None:
    for _ in range(400):
        n = rng.randint(2, 7)
        deck = rng.sample(range(52), 7 * n)
        holes = [deck[7 * s : 7 * s + 7] for s in range(n)]
        levels = [rng.randint(1, 40) for _ in range(rng.randint(1, 3))]
        chips = [rng.choice(levels) if rng.random() < 0.7 else rng.randint(0, 50) for _ in range(n)]
        folded = [rng.random() < 0.25 for _ in range(n)]
        folded[rng.randrange(n)] = False
        if sum(map(bool, chips)) > 1 and not any(chips[s] and not folded[s] for s in range(n)):
            continue
        values = [ref.stud_hilo(hole) for hole in holes]
        highs = [(-1,) if folded[s] else values[s][0] for s in range(n)]
        lows = [None if folded[s] else values[s][1] for s in range(n)]
        if sum(1 for s in range(n) if chips[s] and not folded[s]) < 2:
            lows = [None] * n  # no showdown: the last seat in takes the pot whole
        want = settle_reference(chips, highs, folded, low_strengths=lows)
        got = settle(holes, contributions=chips, folded=folded, game="stud-hilo")
        assert list(got) == want.payouts, (chips, folded, [ref.cards_str(h) for h in holes])


def test_a_stud_hilo_showdown_reads_its_low_hands() -> None:
    # low_ranks handed the seat's card count to HandRank as hole cards, which stud has none
    # of: every read raised.  Seat 1's 7-5-4-3-2 is the low; seat 0 has no five low cards.
    result = showdown(["As Ks Qs Js Ts 2c 3c", "2d 3d 4d 5d 7h 8h 9h"], game="stud-hilo")
    lows = result.low_ranks
    assert result.low_winners == (1,) and lows[0] is None
    assert lows[1] is not None and lows[1].describe() == "7-5-4-3-2 low"
    assert [str(card) for card in lows[1].best_five] == ["7h", "5d", "4d", "3d", "2d"]
