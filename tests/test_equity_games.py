"""Equity in short deck, stud, razz, stud-hilo and Omaha with ranges (csrc/equity_games.c).

Expected results come from a slow enumeration written here, over tests/reference.py's
evaluators (hand values from the rules), never from the C core: the same deals in the same
order (the board's missing cards, then each player's), one pot per runout, split equally
among the best hands, halved between high and low in the hi-lo games when some low
qualifies.  Spots are small: late streets, or early streets with many dead cards.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations, product
from typing import Any, Callable

import pytest
import reference as ref

from pokereval import Range, equity
from pokereval.equity.games import equity_game
from pokereval.games import game_spec

# game -> (deck's lowest id, board cards at the showdown, cards each player ends with or None
#          for the hole cards given, high value of (own, board), low value or None)
Values = Callable[[list[int], list[int]], Any]
GAMES: dict[str, tuple[int, int, int | None, Values, Values | None]] = {
    "shortdeck": (16, 5, None, lambda own, board: ref.best_shortdeck(own + board), None),
    "stud": (0, 0, 7, lambda own, board: ref.best_high(own), None),
    "razz": (0, 0, 7, lambda own, board: ref.razz(own), None),
    "stud-hilo": (
        0,
        0,
        7,
        lambda own, board: ref.stud_hilo(own)[0],
        lambda own, board: ref.stud_hilo(own)[1],
    ),
    "omaha": (0, 5, None, ref.omaha_high, None),
    "omaha-hilo": (0, 5, None, ref.omaha_high, ref.omaha_low),
}


def ref_category(game: str, value: tuple[int, ...]) -> int:
    if game == "shortdeck":
        return ref.shortdeck_category(value)
    if game == "razz":
        return -value[0]  # reference.razz negates its pairing category
    return value[0]


def cards(text: str) -> list[int]:
    return ref.ref_cards(text) if text else []


def ref_equity(
    game: str,
    hands: Sequence[Sequence[tuple[str, float]] | str | None],
    board: str = "",
    dead: str = "",
) -> dict[str, Any]:
    """Every deal of rows times every runout, from the rules.  A hand is cards (text), a list
    of (cards, weight) rows, or None for "random" (nothing known, every card dealt)."""
    first, board_final, final, high_of, low_of = GAMES[game]
    players = len(hands)
    choices = [[(h, 1.0)] if isinstance(h, str) else [("", 1.0)] if h is None else list(h) for h in hands]
    fixed = set(cards(board)) | set(cards(dead))
    share = [Fraction(0)] * players
    cat_share: list[dict[int, Fraction]] = [{} for _ in range(players)]
    total = Fraction(0)
    wins, ties, runs = [0] * players, [0] * players, 0
    for deal in product(*choices):
        rows = [cards(text) for text, _ in deal]
        held = [c for row in rows for c in row]
        if len(set(held)) != len(held) or fixed & set(held):
            continue
        weight = Fraction(math.prod(w for _, w in deal))
        size = [final or (len(next(r for r in rows if r)) if any(rows) else 4) for _ in rows]
        if game == "shortdeck":
            size = [2] * players
        deck = [c for c in range(first, 52) if c not in fixed and c not in held]
        need = [board_final - len(cards(board))] + [size[p] - len(rows[p]) for p in range(players)]

        for dealt in deal_groups(need, 0, deck, []):
            full_board = cards(board) + dealt[0]
            own = [rows[p] + dealt[p + 1] for p in range(players)]
            highs = [high_of(own[p], full_board) for p in range(players)]
            lows = [low_of(own[p], full_board) for p in range(players)] if low_of else [None] * players
            got = [Fraction(0)] * players
            halves = [(highs, Fraction(1))]
            if any(low is not None for low in lows):
                halves = [(highs, Fraction(1, 2)), (lows, Fraction(1, 2))]
            for values, pot in halves:
                best = max(v for v in values if v is not None)
                winners = [p for p in range(players) if values[p] == best]
                for p in winners:
                    got[p] += pot / len(winners)
            for p in range(players):
                share[p] += weight * got[p]
                wins[p] += got[p] == 1
                ties[p] += 0 < got[p] < 1
                category = ref_category(game, highs[p])
                cat_share[p][category] = cat_share[p].get(category, Fraction(0)) + weight
            total += weight
            runs += 1
    return {
        "equity": [float(s / total) for s in share],
        "wins": wins,
        "ties": ties,
        "runs": runs,
        "categories": [{c: float(s / total) for c, s in shares.items()} for shares in cat_share],
    }


def deal_groups(need: list[int], group: int, left: list[int], dealt: list[list[int]]) -> Any:
    """Every way to deal need[group], need[group + 1], ... cards from `left`, group by group."""
    if group == len(need):
        yield dealt
        return
    for pick in combinations(left, need[group]):
        rest = [c for c in left if c not in pick]
        yield from deal_groups(need, group + 1, rest, [*dealt, list(pick)])


def as_range(rows: Sequence[tuple[str, float]]) -> str:
    return ", ".join(text if w == 1.0 else f"{text}:{w}" for text, w in rows)


# ---- exact against the reference -----------------------------------------------------------


def dead_but(game: str, hands: list[Any], board: str, live: str) -> str:
    """The dead cards that leave only `live` to deal: the game's deck less the known cards."""
    known = set(cards(board)) | set(cards(live))
    for hand in hands:
        for text in [hand] if isinstance(hand, str) else [t for t, _ in hand] if hand else []:
            known |= set(cards(text))
    return ref.cards_str(c for c in range(GAMES[game][0], 52) if c not in known)


# (game, hands, board, the cards left to deal or "" for the whole deck)
SPOTS: list[tuple[str, list[Any], str, str]] = [
    # short deck: preflop with most of the deck dead, flop, turn, and ranges
    ("shortdeck", ["AsKs", "QhQd"], "", "Ah Ad Kh Kd Qs Qc Js Th 9h 8s 7d 6c"),
    ("shortdeck", ["AsKs", "QhQd"], "Ts Js 6h", ""),
    ("shortdeck", ["AsKs", "9h9d", "7c8c"], "Ts Js 6h Qc", ""),
    ("shortdeck", ["AsKs", [("QhQd", 1.0), ("JhTh", 0.5), ("9s9c", 0.25)]], "Ts 7s 6h Kc", ""),
    ("shortdeck", ["AsKs", None], "Ts 7s 6h", "Ah Kh Qs Qd 9s 8s 7h 6d"),
    # stud and razz: sixth street, and earlier streets with the deck cut down by dead cards
    ("stud", ["As Ad Kc Kd 7h 2s", "Qh Qd Qc 9s 8s 3c"], "", ""),
    ("stud", ["As Ks 9d 8c", "Qh Qd 2c 3c"], "", "Ah Kh Qs Js Ts 9s 2d 3d"),
    ("stud", ["As Ks 9d 8c Jh", "Qh Qd 2c 3c 3d", "7s 7h Td 4c 5c"], "", "Ah Kh Qs Js Ts 9s 2d"),
    ("razz", ["As 2d 3h 5c", "4h 6d Kc Qs"], "", "Ah 2s 3d 4s 7c 8d 9h Ks"),
    ("razz", ["As 2d 3h 5c 9d 9c", "4h 6d 7c 8s Ts 2c"], "", ""),
    ("razz", ["As 2d", "4h 6d"], "", "Ah 2s 3d 4s 7c 8d 9h Ks 5s Qs"),
    # stud-hilo: scoops, split pots, no low
    ("stud-hilo", ["As 2d 3h 5c 7d", "Kh Kd Qc Qs 2s"], "", "Ah 3d 4s 6h 8c Kc Ks 9d"),
    ("stud-hilo", ["As 2d 3h 5c 7d 8d", "Ah 2h 4d 6c 7s Ks"], "", ""),
    ("stud-hilo", ["Ks Kd Qh Qc 9d", "Js Jd Th Tc 9h", "As 2d 3h 4c Kc"], "", "5c 5d 6h 7s 8c Ac 2c Tc"),
    # Omaha with ranges and "random"
    ("omaha", ["AsKsQdJd", [("AhAd2c3c", 1.0), ("7c8c9cTc", 0.5), ("6h6s5d4d", 0.25)]], "2h 7d 9h Qh", ""),
    ("omaha-hilo", ["As2sKdQd", [("Ah3h4c5c", 1.0), ("7c8c9cTc", 0.5)]], "2h 7d 9h 6s", ""),
    ("omaha-hilo", ["As2sKdQd", None], "2h 7d 9h 6s", "Ah 3h 4c 5c 8d 8s Jc"),
]


def hand_arg(hand: Any) -> Any:
    return "random" if hand is None else hand if isinstance(hand, str) else as_range(hand)


@pytest.mark.parametrize(("game", "hands", "board", "live"), SPOTS)
def test_exact_against_reference(game: str, hands: list[Any], board: str, live: str) -> None:
    dead = dead_but(game, hands, board, live) if live else ""
    want = ref_equity(game, hands, board, dead)
    args = [hand_arg(h) for h in hands]
    got = equity(args, board=board or None, dead=dead or None, game=game)
    assert got.exact and got.runs == want["runs"]
    assert got.equity == pytest.approx(want["equity"], abs=1e-12)
    assert sum(got.equity) == pytest.approx(1.0)
    if not any(isinstance(h, list) for h in hands):  # with ranges wins and ties are counted per deal too
        assert got.wins == tuple(want["wins"]) and got.ties == tuple(want["ties"])
    # The categories of each player's final high hand, built in the same enumeration.
    spec = game_spec(game)
    *_, categories, _ = equity_game(spec, args, board or None, dead or None, None, 0, 10**9)
    for p, shares in enumerate(categories):
        assert {c: s for c, (s, _) in shares.items()} == pytest.approx(want["categories"][p], abs=1e-12)
        assert sum(won for _, won in shares.values()) == pytest.approx(got.equity[p], abs=1e-12)


# ---- Monte Carlo ----------------------------------------------------------------------------

# Spots whose exact answer takes well under a second in C (at most ~700,000 runouts).
MC_SPOTS = [
    ("shortdeck", ["AsKs", "QhQd"], None, None),
    ("shortdeck", ["AsKs", "random", "JhTh, 9s9c:0.5, 8d7d:0.25"], "Ts 7s 6h", None),
    ("stud", ["As Ks 9d 8c 7h", "Qh Qd 2c 3c 4d"], None, None),
    ("razz", ["As 2d 3h Kd Ks", "4h 6d Kc 9h 9s"], None, "5s 5d"),
    ("stud-hilo", ["As 2d 3h 5c Jd", "Kh Kd Qc 4s 8h"], None, None),
    ("omaha-hilo", ["As2sKdQd", "random"], "2h 7d 9h 6s", "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7h 8c 8d 9c 9d"),
]


@pytest.mark.parametrize(("game", "hands", "board", "dead"), MC_SPOTS)
def test_monte_carlo_within_four_standard_errors_of_exact(
    game: str, hands: list[str], board: str | None, dead: str | None
) -> None:
    samples = 40_000
    spec = game_spec(game)
    exact, *_ = equity_game(spec, hands, board, dead, None, 0, 10**6)
    mc = equity(hands, board=board, dead=dead, game=game, samples=samples, seed=7)
    assert not mc.exact and mc.runs == samples and mc.seed == 7
    for want, got in zip(exact, mc.equity):
        # A share lies in [0, 1], so its variance is at most mean * (1 - mean).
        error = math.sqrt(max(want * (1 - want), 1e-12) / samples)
        assert abs(got - want) <= 4 * error, (exact, mc.equity)
    assert equity(hands, board=board, dead=dead, game=game, samples=samples, seed=7) == mc
    assert equity(hands, board=board, dead=dead, game=game, samples=samples, seed=8).equity != mc.equity


def test_exact_limit_names_the_work_and_the_way_out() -> None:
    with pytest.raises(ValueError, match=r"exact equity would play [\d,]+ runouts, .* pass samples="):
        equity(["As Ks 9d", "Qh Qd 2c"], game="stud")


# ---- input ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "kwargs", "message"),
    [
        (["AsKs", "5h5d"], {"game": "shortdeck"}, "card '5h' in hand 2 is not in the shortdeck deck"),
        (["AsKs", "QhQd"], {"game": "shortdeck", "board": "2c 7d 9h"}, "'2c' in the board is not"),
        (["AsKs", "AsQd"], {"game": "shortdeck"}, "duplicate card 'As' in hand 1 and hand 2"),
        (["AsKsQs", "QhQd"], {"game": "shortdeck"}, "hand 1 has 3 cards; shortdeck deals 2 hole cards"),
        (["As Ks Qs Js Ts 9s 8s 7s", "Qh Qd"], {"game": "stud"}, "hand 1 has 8 cards; stud deals 0 to 7"),
        (
            ["As Ks", "Qh Qd"],
            {"game": "stud", "board": "2c"},
            "^stud has no board, got 1 board card; pass board=None$",
        ),
        (
            ["AsKs", "QhQd"],
            {"game": "shortdeck", "board": "6c7c8c9cTcJc"},
            "^shortdeck has a board of at most 5 cards, got 6$",
        ),
        (["AsKs", Range("QQ+")], {"game": "shortdeck"}, "hand 2: a holdem range cannot play shortdeck"),
        (["AsKsQdJd", "AhAd2c3c7c"], {"game": "omaha", "board": "2h 7d 9h"}, "same number of hole cards"),
        (["AsKsQdJd", "AsKsQdJd, AsAhAd2c"], {"game": "omaha", "board": "2h 7d 9h"}, "no combo left"),
        ([["As", "Ks", "Qs", "Js", "Ts", "9s", "8s"]] * 8, {"game": "razz"}, "duplicate card"),
        (["As Ad Ah Ac Ks Kd Kh"] + ["random"] * 7, {"game": "stud", "samples": 10}, "not enough cards"),
        (["AsKs", "QhQd"], {"game": "badugi"}, "equity supports holdem, omaha, omaha-hilo, stud, shortdeck"),
    ],
)
def test_bad_input_names_the_problem(hands: list[Any], kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        equity(hands, **kwargs)


def test_ranges_that_never_deal_are_refused() -> None:
    with pytest.raises(ValueError, match="no deal"):
        equity(["AsKs, AhKh", "AsKs, AhKh", "AsKh, AhKs"], game="shortdeck", board="Ts 7s 6h")


def test_tiny_weights_stay_finite() -> None:
    got = equity(["AsKs:1e-200, AhKh:1e-200", "QhQd:1e-200"], game="shortdeck", board="Ts 7s 6h")
    want = equity(["AsKs, AhKh", "QhQd"], game="shortdeck", board="Ts 7s 6h")
    assert got.equity == pytest.approx(want.equity, abs=1e-12)


def test_omaha_hands_still_take_the_hand_engine() -> None:
    # Four to six cards each go to csrc/equity.c; the same spot through this engine agrees.
    spot = (["AsKsQdJd", "AhAd2c3c"], "2h 7d 9h", None)
    hands = equity(spot[0], board=spot[1], game="omaha")
    engine, wins, ties, runs, _, _ = equity_game(game_spec("omaha"), *spot, None, 0, 10**9)
    assert hands.equity == pytest.approx(engine, abs=1e-12)
    assert (hands.wins, hands.ties, hands.runs) == (wins, ties, runs)
