"""pokereval against independent libraries: PokerKit, eval7, treys and phevaluator, game by game.

Every expectation comes from a peer (PokerKit's hand types, eval7's or treys' hold'em values)
or from a slow reference written here from the rules, never from pokereval itself: the order
of two hands in each game, exact equity by enumerating every runout, outs, odds by the river
and hand strength by brute force.  The peers are in the dev extra, not the test extra, so each
test skips when its peer is missing.  The bigger sweeps are marked slow.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np
import pytest

import pokereval as pe

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]
SHORT = [c for c in DECK if c[0] in "6789TJQKA"]
ID = {c: i for i, c in enumerate(DECK)}  # pokereval's ids: rank * 4 + suit, 2c = 0


def pokerkit() -> Any:
    return pytest.importorskip("pokerkit", reason="PokerKit is the peer here: pip install pokerkit")


def eval7_module() -> Any:
    return pytest.importorskip("eval7", reason="eval7 is the peer here: pip install eval7")


def treys_module() -> Any:
    return pytest.importorskip("treys", reason="treys is the peer here: pip install treys")


def test_ids_are_the_ones_assumed() -> None:
    assert list(pe.card_ids(" ".join(DECK))) == list(range(52))


def batch(hands: Sequence[Sequence[str]], game: str) -> list[int]:
    """One evaluate_batch call over the hands (a one-valued game)."""
    values = pe.evaluate_batch(np.array([[ID[c] for c in h] for h in hands], dtype=np.uint8), game=game)
    assert isinstance(values, np.ndarray)
    return [int(v) for v in values]


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def order(a: Any, b: Any) -> int:
    """1, 0 or -1; None (no qualifying hand) is below every hand."""
    if a is None or b is None:
        return int(a is not None) - int(b is not None)
    return int(a > b) - int(a < b)


def deal(rng: random.Random, deck: Sequence[str], n: int, skew: bool) -> list[str]:
    """n cards; skewed deals come from a few ranks and suits, where pairs, wheels and ties live."""
    if skew:
        pool = rng.choice(
            ["A2345", "A23456", "A2345678", "A234567", "6789A", "9TJQKA", "A2345678K", "6789TJ"]
        )
        ranks = [r for r in pool if any(c[0] == r for c in deck)]
        ranks = rng.sample(ranks, min(len(ranks), rng.randint(3, 8)))
        suits = rng.sample(SUITS, rng.randint(1, 4))
        sub = [c for c in deck if c[0] in ranks and c[1] in suits]
        if len(sub) >= n:
            return rng.sample(sub, n)
    return rng.sample(list(deck), n)


# ---------------------------------------------------------------------------------------------
# 1. The order of two hands, against PokerKit's hand types


def peer_hand(kind: Any, hole: Sequence[str], board: Sequence[str]) -> Any:
    """PokerKit's best hand of the kind, or None when none qualifies (no eight-or-better low)."""
    try:
        return kind.from_game("".join(hole), "".join(board))
    except ValueError:
        return None


# game, PokerKit hand type, deck, hole cards, board cards, compare allowed, low half
GAMES: list[tuple[str, str, list[str], int, int, bool, bool]] = [
    *[("holdem", "StandardHighHand", DECK, 2, b, True, False) for b in (3, 4, 5)],
    *[("shortdeck", "ShortDeckHoldemHand", SHORT, 2, b, True, False) for b in (3, 4, 5)],
    *[("stud", "StandardHighHand", DECK, n, 0, True, False) for n in (5, 6, 7)],
    *[("razz", "RegularLowHand", DECK, n, 0, True, False) for n in (5, 6, 7)],
    *[("stud-hilo", "StandardHighHand", DECK, n, 0, False, False) for n in (5, 7)],
    *[("stud-hilo", "EightOrBetterLowHand", DECK, n, 0, False, True) for n in (5, 6, 7)],
    ("deuce-seven", "StandardLowHand", DECK, 5, 0, True, False),
    ("badugi", "BadugiHand", DECK, 4, 0, True, False),
    *[("omaha", "OmahaHoldemHand", DECK, h, b, True, False) for h in (4, 5, 6) for b in (3, 4, 5)],
    *[("omaha-hilo", "OmahaHoldemHand", DECK, h, b, False, False) for h in (4, 6) for b in (3, 5)],
    *[
        ("omaha-hilo", "OmahaEightOrBetterLowHand", DECK, h, b, False, True)
        for h in (4, 5, 6)
        for b in (3, 4, 5)
    ],
]


def our_value(game: str, hole: Sequence[str], board: Sequence[str], low: bool) -> int | None:
    rank = pe.evaluate(" ".join(hole), " ".join(board) if board else None, game=game)
    if low:
        return None if rank.low is None else int(rank.low)
    return int(rank)


def check_order(game_row: tuple[str, str, list[str], int, int, bool, bool], pairs: int, seed: int) -> None:
    game, kind_name, deck, hole, board_n, comparable, low = game_row
    kind = getattr(pokerkit(), kind_name)
    rng = random.Random(seed)
    wrong = []
    for i in range(pairs):
        cards = deal(rng, deck, 2 * hole + board_n, skew=i % 2 == 0)
        a, b, board = cards[:hole], cards[hole : 2 * hole], cards[2 * hole :]
        ours = order(our_value(game, a, board, low), our_value(game, b, board, low))
        theirs = order(peer_hand(kind, a, board), peer_hand(kind, b, board))
        if comparable:
            told = pe.compare(" ".join(a), " ".join(b), " ".join(board) if board else None, game=game)
            if told != ours:
                wrong.append(("compare", a, b, board, told, ours))
        if ours != theirs:
            wrong.append(("order", a, b, board, ours, theirs))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("game_row", GAMES, ids=lambda g: f"{g[0]}-{g[1]}-{g[3]}+{g[4]}")
def test_order_matches_pokerkit(game_row: tuple[str, str, list[str], int, int, bool, bool]) -> None:
    check_order(game_row, 150, seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("game_row", GAMES, ids=lambda g: f"{g[0]}-{g[1]}-{g[3]}+{g[4]}")
def test_order_matches_pokerkit_wide(game_row: tuple[str, str, list[str], int, int, bool, bool]) -> None:
    check_order(game_row, 1500, seed=2)


# Hands picked where the rules of one game part from another's.
ADVERSARIAL: dict[str, tuple[str, list[str]]] = {
    "holdem": (
        "StandardHighHand",
        [
            "As 2d 3h 4c 5s",  # the wheel, the lowest straight
            "2d 3h 4c 5s 6s",  # six-high straight
            "Ah Kd Qh Jc 9s",
            "As Ks Qs Js Ts",
            "5s 4s 3s 2s As",  # steel wheel
            "6s 5s 4s 3s 2s",
            "Ac Ad Ah 2c 2d",
            "2c 2d 2h Ac Ad",
            "Kc Qd Jh Ts 9s",
            "Ac 2d 3h 4c 6s",
            "7c 5d 4h 3s 2s",
        ],
    ),
    "deuce-seven": (
        "StandardLowHand",
        [
            "7c 5d 4h 3s 2s",
            "7s 5s 4s 3s 2s",  # a flush counts against the hand
            "As 2d 3h 4c 5s",  # ace high, no straight
            "2d 3h 4c 5s 6s",  # a straight
            "8c 6d 4h 3s 2s",
            "7c 6d 4h 3s 2s",
            "Ac Kd Qh Jc 9s",
            "2c 2d 3h 4s 5c",
            "8c 5d 4h 3s 2s",
            "Kc Qd Jh Ts 8s",
        ],
    ),
    "razz": (
        "RegularLowHand",
        [
            "As 2d 3h 4c 5s",
            "As 2s 3s 4s 5s",  # flush and straight do not count
            "As 2d 3h 4c 6s",
            "6s 5d 4h 3c 2s",
            "Ac Ad 2h 3c 4s",
            "2c 2d Ah 3c 4s",
            "Kc Qd Jh Tc 9s",
            "As Ad 2c 2d 3h",
            "Ac Ad Ah 2c 3d",
            "Ac Ad Ah Kc Kd",
            "Kc Kd Kh Ks Qs",
            "8s 7d 6h 5c 4s",
        ],
    ),
    "badugi": (
        "BadugiHand",
        [
            "As 2d 3h 4c",
            "Kc 2c 9d 5h",
            "Kc Qd Jh Ts",
            "As 2d 3h 3c",  # a pair: three cards
            "As 2s 3s 4s",  # one suit: one card
            "Ac Ad Ah As",  # one rank: one card
            "2c 2d 3c 3d",  # two cards
            "Ac 2c 3d 4d",
            "Ac Kd Kh 2s",
            "5c 4d 3h Ks",
            "As 2d 2h 3c",
            "Ah 2h 3d 3s",
        ],
    ),
    "shortdeck": (
        "ShortDeckHoldemHand",
        [
            "As 6d 7h 8c 9s",  # the lowest straight
            "6s 7d 8h 9c Ts",
            "As 6s 7s 8s 9s",  # the lowest straight flush
            "6s 8s Ts Qs Ks",  # a flush beats a full house
            "As Ad Ah Kc Ks",
            "As Ad Ah Kc Qs",  # trips below a straight here
            "Ac Kd Qh Jc Ts",
            "Ac Kd Qh Jc 9s",
            "6c 6d 6h 6s 7c",
        ],
    ),
}


@pytest.mark.parametrize("game", sorted(ADVERSARIAL))
def test_adversarial_hands_order_as_pokerkit(game: str) -> None:
    kind_name, hands = ADVERSARIAL[game]
    kind = getattr(pokerkit(), kind_name)
    wrong = []
    for a, b in itertools.combinations(hands, 2):
        theirs = order(kind.from_game(a.replace(" ", ""), ""), kind.from_game(b.replace(" ", ""), ""))
        ours = order(int(pe.evaluate(a, game=game)), int(pe.evaluate(b, game=game)))
        if not set(a.split()) & set(b.split()):
            ours = pe.compare(a, b, game=game) if ours == pe.compare(a, b, game=game) else 99
        if ours != theirs:
            wrong.append((a, b, ours, theirs))
    assert not wrong


# ---------------------------------------------------------------------------------------------
# References written here from the rules, for what PokerKit lacks (three of a kind above a
# straight in short deck) and for exhaustive sweeps too slow for PokerKit.


def short_deck_key(hand: Sequence[str], trips_high: bool) -> tuple[int, tuple[int, ...]]:
    """Five short-deck cards: flush above full house, A-6-7-8-9 the lowest straight."""
    ranks = sorted((RANKS.index(c[0]) for c in hand), reverse=True)
    flush = len({c[1] for c in hand}) == 1
    groups = sorted(Counter(ranks).items(), key=lambda g: (-g[1], -g[0]))
    shape = tuple(n for _, n in groups)
    by_group = tuple(r for r, _ in groups)
    top = None
    if len(groups) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == [12, 7, 6, 5, 4]:  # A-9-8-7-6
            top = 7
    if top is not None and flush:
        return 9, (top,)
    if shape == (4, 1):
        return 8, by_group
    if flush:
        return 7, tuple(ranks)
    if shape == (3, 2):
        return 6, by_group
    if top is not None:
        return (4 if trips_high else 5), (top,)
    if shape == (3, 1, 1):
        return (5 if trips_high else 4), by_group
    return {(2, 2, 1): 3, (2, 1, 1, 1): 2}.get(shape, 1), by_group


@pytest.mark.parametrize("game", ["shortdeck", "shortdeck-trips"])
def test_short_deck_both_orders_against_the_rules(game: str) -> None:
    trips_high = game == "shortdeck-trips"
    rng = random.Random(5)
    hands = [deal(rng, SHORT, rng.choice([5, 6, 7]), skew=i % 2 == 0) for i in range(1500)]
    best = [max(short_deck_key(five, trips_high) for five in itertools.combinations(h, 5)) for h in hands]
    values = [int(pe.evaluate(" ".join(h), game=game)) for h in hands]
    wrong = [
        (hands[i], hands[j])
        for i, j in ((rng.randrange(1500), rng.randrange(1500)) for _ in range(6000))
        if sign(values[i] - values[j]) != order(best[i], best[j])
    ]
    assert not wrong, wrong[:5]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["shortdeck", "shortdeck-trips"])
def test_short_deck_every_five_cards(game: str) -> None:
    hands = list(itertools.combinations(SHORT, 5))
    keys = [short_deck_key(h, game == "shortdeck-trips") for h in hands]
    dense = {k: i + 1 for i, k in enumerate(sorted(set(keys)))}
    values = batch(hands, game)
    assert len(dense) == 1404
    assert values == [dense[k] for k in keys]


def badugi_value(hand: Sequence[str]) -> int:
    """docs/games.md's scale, from the largest subset with no rank and no suit twice."""
    low_ranks = "A23456789TJQK"
    best = 0
    for k in range(1, 5):
        for sub in itertools.combinations(hand, k):
            if len({c[0] for c in sub}) == k and len({c[1] for c in sub}) == k:
                mask = sum(1 << low_ranks.index(c[0]) for c in sub)
                best = max(best, (k << 13) | (0x1FFF - mask))
    return best


def test_badugi_against_the_rules() -> None:
    rng = random.Random(7)
    hands = [deal(rng, DECK, 4, skew=i % 3 != 0) for i in range(4000)]
    values = batch(hands, "badugi")
    assert values == [badugi_value(h) for h in hands]


@pytest.mark.slow
def test_badugi_every_hand() -> None:
    hands = list(itertools.combinations(DECK, 4))
    values = batch(hands, "badugi")
    assert values == [badugi_value(h) for h in hands]


# Omaha hi-lo lows depend on ranks alone: 1 (8-7-6-5-4) .. 56 (5-4-3-2-A).
LOWS = sorted((tuple(sorted(c, reverse=True)) for c in itertools.combinations(range(1, 9), 5)), reverse=True)
LOW_VALUE = {t: i + 1 for i, t in enumerate(LOWS)}


def omaha_low(hole: Sequence[str], board: Sequence[str]) -> int:
    """The best A-5 eight-or-better low of exactly two hole and three board cards; 0 for none."""

    def low_rank(card: str) -> int:
        return "A2345678".index(card[0]) + 1 if card[0] in "A2345678" else 99

    best = 0
    for two in itertools.combinations(hole, 2):
        for three in itertools.combinations(board, 3):
            ranks = sorted((low_rank(c) for c in two + three), reverse=True)
            if len(set(ranks)) == 5 and ranks[0] <= 8:
                best = max(best, LOW_VALUE[tuple(ranks)])
    return best


@pytest.mark.parametrize("hole", [4, 5, 6])
def test_omaha_hilo_lows_against_the_rules(hole: int) -> None:
    rng = random.Random(hole)
    low_cards = [c for c in DECK if c[0] in "A2345678"]
    rows = []
    for _ in range(1500):
        board_n = rng.choice([3, 4, 5])
        # mostly low cards, so that lows, repeated ranks and counterfeits are common
        pool = rng.sample(low_cards, 20) + rng.sample([c for c in DECK if c not in low_cards], 5)
        rows.append(rng.sample(pool, hole + board_n))
    wrong = []
    for row in rows:
        rank = pe.evaluate(" ".join(row[:hole]), " ".join(row[hole:]), game="omaha-hilo")
        got = 0 if rank.low is None else int(rank.low)
        want = omaha_low(row[:hole], row[hole:])
        if got != want:
            wrong.append((row[:hole], row[hole:], got, want))
    assert not wrong, wrong[:5]


def test_omaha_six_hole_cards_against_the_rules() -> None:
    """PLO6 high, exactly two hole and three board cards, with treys valuing each pick."""
    treys = treys_module()
    evaluator = treys.Evaluator()
    new = treys.Card.new
    rng = random.Random(11)
    wrong = []
    for i in range(300):
        cards = deal(rng, DECK, 6 + 5, skew=i % 2 == 0)
        hole, board = cards[:6], cards[6:]
        best = min(
            evaluator.evaluate([], [new(c) for c in two + three])
            for two in itertools.combinations(hole, 2)
            for three in itertools.combinations(board, 3)
        )
        # treys ranks 1 (royal flush) .. 7462: pokereval's scale turned over
        got = int(pe.evaluate(" ".join(hole), " ".join(board), game="omaha"))
        if got != 7463 - best:
            wrong.append((hole, board, got, 7463 - best))
    assert not wrong, wrong[:5]


def test_holdem_and_plo4_against_phevaluator() -> None:
    """phevaluator ranks 1 (royal flush) .. 7462: pokereval's scale turned over."""
    phevaluator = pytest.importorskip(
        "phevaluator", reason="phevaluator is the peer here: pip install phevaluator"
    )
    rng = random.Random(19)
    for k in (5, 6, 7):
        hands = [deal(rng, DECK, k, skew=i % 2 == 0) for i in range(3000)]
        assert batch(hands, "holdem") == [7463 - phevaluator.evaluate_cards(*h) for h in hands]
    rows = [deal(rng, DECK, 9, skew=i % 2 == 0) for i in range(2000)]
    values = pe.evaluate_batch(
        np.array([[ID[c] for c in r] for r in rows], dtype=np.uint8), game="omaha", hole=4
    )
    assert isinstance(values, np.ndarray)
    # phevaluator takes the five board cards first, then the four hole cards
    assert values.tolist() == [7463 - phevaluator.evaluate_omaha_cards(*r[4:], *r[:4]) for r in rows]


# ---------------------------------------------------------------------------------------------
# 2. Equity, every runout enumerated here


def split(shares: list[Fraction], wins: list[int], ties: list[int], high: list[int], low: list[int]) -> None:
    """One pot: half to the best high and half to the best low when a low qualifies."""
    if low:
        for i in high:
            shares[i] += Fraction(1, 2 * len(high))
        for i in low:
            shares[i] += Fraction(1, 2 * len(low))
        if len(high) == 1 and high == low:
            wins[high[0]] += 1
        else:
            for i in set(high) | set(low):
                ties[i] += 1
        return
    for i in high:
        shares[i] += Fraction(1, len(high))
        if len(high) == 1:
            wins[i] += 1
        else:
            ties[i] += 1


def best_of(values: Sequence[Any]) -> list[int]:
    live = [v for v in values if v is not None]
    if not live:
        return []
    top = max(live)
    return [i for i, v in enumerate(values) if v is not None and v == top]


def assert_equity(got: Any, shares: list[Fraction], wins: list[int], ties: list[int], runs: int) -> None:
    assert got.exact
    assert (got.runs, got.wins, got.ties) == (runs, tuple(wins), tuple(ties))
    assert got.equity == pytest.approx([float(s / runs) for s in shares], abs=1e-12)


def holdem_spots(rng: random.Random, n: int) -> Iterator[tuple[list[list[str]], list[str], list[str]]]:
    for i in range(n):
        players = rng.choice([2, 2, 3, 4])
        board_n = rng.choice([3, 4, 5]) if players < 4 else rng.choice([4, 5])
        dead_n = rng.choice([0, 0, 1, 3])
        if i % 4 == 0:
            # a board that plays, or nearly: ties and split pots
            board = rng.choice(
                [["As", "Ks", "Qd", "Jh", "Tc"], ["5c", "4d", "3h", "2s", "Kd"], ["9c", "9d", "9h", "9s"]]
            )
            board = board[: min(len(board), board_n)] if len(board) >= board_n else board
            rest = [c for c in DECK if c not in board]
            cards = rng.sample(rest, 2 * players + dead_n)
        else:
            cards = rng.sample(DECK, 2 * players + board_n + dead_n)
            board = cards[2 * players : 2 * players + board_n]
            cards = cards[: 2 * players] + cards[2 * players + board_n :]
        hands = [cards[2 * p : 2 * p + 2] for p in range(players)]
        yield hands, board, cards[2 * players :]


@pytest.mark.parametrize("seed", [1, 2])
def test_holdem_equity_against_eval7(seed: int) -> None:
    eval7 = eval7_module()
    card = {c: eval7.Card(c) for c in DECK}
    for hands, board, dead in holdem_spots(random.Random(seed), 40):
        rest = [c for c in DECK if c not in [c for h in hands for c in h] + board + dead]
        shares = [Fraction(0)] * len(hands)
        wins, ties, runs = [0] * len(hands), [0] * len(hands), 0
        for runout in itertools.combinations(rest, 5 - len(board)):
            full = [card[c] for c in board + list(runout)]
            values = [eval7.evaluate([card[c] for c in h] + full) for h in hands]
            split(shares, wins, ties, best_of(values), [])
            runs += 1
        got = pe.equity([" ".join(h) for h in hands], " ".join(board), dead=" ".join(dead) or None)
        assert_equity(got, shares, wins, ties, runs)


def range_combos(token: str, deck: Sequence[str]) -> list[frozenset[str]]:
    """A pair (QQ), suited (AKs) or offsuit (AKo) class, or one combo (AhKh), read by hand."""
    if len(token) == 4:
        return [frozenset((token[:2], token[2:]))]
    out = []
    for x, y in itertools.combinations([c for c in deck if c[0] in token[:2]], 2):
        if {x[0], y[0]} != set(token[:2]):
            continue
        if len(token) == 3 and (token[2] == "s") != (x[1] == y[1]):
            continue
        out.append(frozenset((x, y)))
    return out


def random_range(rng: random.Random, deck: Sequence[str]) -> tuple[str, dict[frozenset[str], float]]:
    ranks = sorted({c[0] for c in deck}, key=RANKS.index)
    tokens = []
    for _ in range(rng.choice([1, 2, 3])):
        if rng.random() < 0.3:
            r = rng.choice(ranks)
            token = r + r
        else:
            lo, hi = sorted(rng.sample(ranks, 2), key=RANKS.index)
            token = hi + lo + rng.choice("so")
        tokens.append((token, rng.choice([1.0, 0.5, 0.25])))
    weights: dict[frozenset[str], float] = {}
    for token, w in tokens:
        for combo in range_combos(token, deck):
            weights[combo] = w  # a later token names a combo's weight
    return ",".join(t if w == 1 else f"{t}:{w}" for t, w in tokens), weights


def test_holdem_range_equity_against_eval7() -> None:
    eval7 = eval7_module()
    card = {c: eval7.Card(c) for c in DECK}
    rng = random.Random(3)
    checked = 0
    while checked < 30:
        board = rng.sample(DECK, rng.choice([3, 4, 5]))
        hero = rng.sample([c for c in DECK if c not in board], 2)
        text, weights = random_range(rng, DECK)
        num, den = [0.0, 0.0], 0.0
        wins, ties, runs = [0, 0], [0, 0], 0
        for combo, w in weights.items():
            if combo & set(hero + board):
                continue
            rest = [c for c in DECK if c not in hero + board and c not in combo]
            for runout in itertools.combinations(rest, 5 - len(board)):
                full = [card[c] for c in board + list(runout)]
                a = eval7.evaluate([card[c] for c in hero] + full)
                b = eval7.evaluate([card[c] for c in combo] + full)
                runs += 1
                den += w
                if a != b:
                    num[a < b] += w
                    wins[a < b] += 1
                else:
                    num[0] += w / 2
                    num[1] += w / 2
                    ties[0] += 1
                    ties[1] += 1
        if runs == 0 or runs > 40_000:
            continue
        got = pe.equity([" ".join(hero), text], " ".join(board))
        assert (got.runs, got.wins, got.ties) == (runs, tuple(wins), tuple(ties)), (hero, text, board)
        assert got.equity == pytest.approx([x / den for x in num], abs=1e-12), (hero, text, board)
        checked += 1


def variant_spot(rng: random.Random, game: str) -> tuple[list[list[str]], list[str], list[str]]:
    short = game.startswith("shortdeck")
    deck = SHORT if short else DECK
    hole = 2 if short else rng.choice([4, 5, 6])
    players = rng.choice([2, 3])
    board_n = rng.choice([3, 4, 5]) if short else rng.choice([4, 5])
    dead_n = rng.choice([0, 1, 2])
    low = [c for c in deck if c[0] in "A2345678"]
    if game == "omaha-hilo" and rng.random() < 0.7:
        pool = rng.sample(low, 20) + rng.sample([c for c in deck if c not in low], 10)
    else:
        pool = list(deck)
    cards = rng.sample(pool, hole * players + board_n + dead_n)
    hands = [cards[hole * p : hole * p + hole] for p in range(players)]
    return hands, cards[hole * players : hole * players + board_n], cards[hole * players + board_n :]


@pytest.mark.parametrize("game", ["omaha", "omaha-hilo", "shortdeck", "shortdeck-trips"])
def test_board_game_equity_against_pokerkit(game: str) -> None:
    kit = pokerkit()
    rng = random.Random(sum(map(ord, game)))
    deck = SHORT if game.startswith("shortdeck") else DECK
    high: Callable[[list[str], list[str]], Any]
    if game == "shortdeck-trips":  # PokerKit ranks a straight above trips: the rules' reference here

        def high(h: list[str], b: list[str]) -> Any:
            return max(short_deck_key(five, True) for five in itertools.combinations(h + b, 5))

    else:
        kind = kit.ShortDeckHoldemHand if game == "shortdeck" else kit.OmahaHoldemHand

        def high(h: list[str], b: list[str]) -> Any:
            return peer_hand(kind, h, b)

    for _ in range(8):
        hands, board, dead = variant_spot(rng, game)
        rest = [c for c in deck if c not in [c for h in hands for c in h] + board + dead]
        shares = [Fraction(0)] * len(hands)
        wins, ties, runs = [0] * len(hands), [0] * len(hands), 0
        for runout in itertools.combinations(rest, 5 - len(board)):
            full = board + list(runout)
            lows: list[int] = []
            if game == "omaha-hilo":
                lows = best_of([peer_hand(kit.OmahaEightOrBetterLowHand, h, full) for h in hands])
            split(shares, wins, ties, best_of([high(h, full) for h in hands]), lows)
            runs += 1
        got = pe.equity([" ".join(h) for h in hands], " ".join(board), dead=" ".join(dead) or None, game=game)
        assert_equity(got, shares, wins, ties, runs)


@pytest.mark.parametrize("game", ["stud", "razz", "stud-hilo"])
def test_stud_game_equity_against_pokerkit(game: str) -> None:
    kit = pokerkit()
    eval7 = eval7_module()
    rng = random.Random(sum(map(ord, game)))
    for _ in range(8):
        players = rng.choice([2, 3])
        known = [rng.choice([6, 7]) for _ in range(players)]
        if sum(7 - k for k in known) > 2:
            known[-1] = 7
        dead_n = rng.choice([0, 2, 5])
        low = [c for c in DECK if c[0] in "A2345678"]
        pool = rng.sample(low, 24) + rng.sample([c for c in DECK if c not in low], 8)
        cards = rng.sample(pool, sum(known) + dead_n)
        starts = list(itertools.accumulate([0, *known]))
        hands = [cards[a:b] for a, b in zip(starts, starts[1:])]
        dead = cards[starts[-1] :]
        rest = [c for c in DECK if c not in cards]
        shares = [Fraction(0)] * players
        wins, ties, runs = [0] * players, [0] * players, 0
        missing = [7 - k for k in known]
        for picks in itertools.product(*(itertools.combinations(rest, m) for m in missing)):
            flat = [c for p in picks for c in p]
            if len(set(flat)) != len(flat):
                continue
            full = [h + list(p) for h, p in zip(hands, picks)]
            if game == "razz":
                highs = best_of([peer_hand(kit.RegularLowHand, f, []) for f in full])
            else:
                highs = best_of([eval7.evaluate([eval7.Card(c) for c in f]) for f in full])
            lows = (
                best_of([peer_hand(kit.EightOrBetterLowHand, f, []) for f in full])
                if game == "stud-hilo"
                else []
            )
            split(shares, wins, ties, highs, lows)
            runs += 1
        got = pe.equity([" ".join(h) for h in hands], dead=" ".join(dead) or None, game=game)
        assert_equity(got, shares, wins, ties, runs)


# ---------------------------------------------------------------------------------------------
# 3. Outs, odds and hand strength, by brute force with treys and eval7 as the evaluator

TREYS_CATEGORY = {9: 0, 8: 1, 7: 2, 6: 3, 5: 4, 4: 5, 3: 6, 2: 7, 1: 8}  # treys class -> Category


def category_of(treys: Any, evaluator: Any, cards: Sequence[str]) -> int:
    """The hold'em Category of 4 to 7 cards (four cards: by their pairing only)."""
    if len(cards) == 4:
        shape = sorted(Counter(c[0] for c in cards).values(), reverse=True)
        return {4: 7, 3: 3}.get(shape[0], 2 if shape[:2] == [2, 2] else shape[0] - 1)
    value = evaluator.evaluate([], [treys.Card.new(c) for c in cards])
    return 9 if value == 1 else TREYS_CATEGORY[evaluator.get_rank_class(value)]


def test_outs_against_treys() -> None:
    treys = treys_module()
    evaluator = treys.Evaluator()
    rng = random.Random(13)
    for i in range(150):
        board_n, dead_n = rng.choice([3, 4]), rng.choice([0, 0, 1, 2])
        cards = deal(rng, DECK, 2 + board_n + dead_n, skew=i % 2 == 1)
        hole, board, dead = cards[:2], cards[2 : 2 + board_n], cards[2 + board_n :]
        unseen = [c for c in DECK if c not in cards]
        now = category_of(treys, evaluator, hole + board)
        want = []
        pairs_the_board = {c[0] for c in board} - {c[0] for c in hole}
        for c in unseen:
            after = category_of(treys, evaluator, [*hole, *board, c])
            # an out lifts the category, and the board with that card alone does not reach it;
            # a card that only pairs the board is no out when it makes two pair (every player's)
            if after > now and category_of(treys, evaluator, [*board, c]) < after:
                if not (c[0] in pairs_the_board and after == 2):
                    want.append(c)
        got = pe.outs(" ".join(hole), " ".join(board), dead=" ".join(dead) or None)
        assert sorted(str(o.card) for o in got.outs) == sorted(want), (hole, board, dead)
        k, n = len(want), len(unseen)
        assert got.unseen == n
        assert got.next_card == pytest.approx(k / n, abs=1e-12)
        by_river = 1 - comb(n - k, 2) / comb(n, 2) if board_n == 3 else k / n
        assert got.by_river == pytest.approx(by_river, abs=1e-12)

        # against hands: the cards after which the hand wins outright, or ties, on the next card
        opponents = rng.sample(unseen, 2 * rng.choice([1, 2]))
        vs = [opponents[j : j + 2] for j in range(0, len(opponents), 2)]
        win: list[str] = []
        tie: list[str] = []
        for c in unseen:
            if c in opponents:
                continue
            full = [treys.Card.new(x) for x in [*board, c]]
            mine = evaluator.evaluate([treys.Card.new(x) for x in hole], full)
            best = min(evaluator.evaluate([treys.Card.new(x) for x in o], full) for o in vs)
            (win if mine < best else tie if mine == best else []).append(c)
        got = pe.outs(
            " ".join(hole), " ".join(board), dead=" ".join(dead) or None, vs=[" ".join(o) for o in vs]
        )
        assert sorted(str(o.card) for o in got.outs) == sorted(win), (hole, board, dead, vs)
        assert sorted(str(o.card) for o in got.ties) == sorted(tie), (hole, board, dead, vs)


def odds_counts(
    game: str, hole: list[str], board: list[str], dead: list[str], category: Any
) -> dict[int, int]:
    deck = SHORT if game.startswith("shortdeck") else DECK
    rest = [c for c in deck if c not in hole + board + dead]
    counts: Counter[int] = Counter()
    for runout in itertools.combinations(rest, 5 - len(board)):
        counts[category(hole, board + list(runout))] += 1
    return dict(counts)


@pytest.mark.parametrize("game", ["holdem", "shortdeck", "shortdeck-trips", "omaha"])
def test_odds_against_brute_force(game: str) -> None:
    treys = treys_module()
    evaluator = treys.Evaluator()
    # a short-deck key's rank -> Category: straight and trips by name, not by place
    short_category = {9: 8, 8: 7, 7: 5, 6: 6, 3: 2, 2: 1, 1: 0}

    def category(hole: list[str], board: list[str]) -> int:
        if game == "omaha":
            return max(
                category_of(treys, evaluator, list(two + three))
                for two in itertools.combinations(hole, 2)
                for three in itertools.combinations(board, 3)
            )
        if game == "holdem":
            return category_of(treys, evaluator, hole + board)
        trips_high = game == "shortdeck-trips"
        key = max(short_deck_key(five, trips_high) for five in itertools.combinations(hole + board, 5))
        if key[0] == 9 and key[1] == (12,):
            return 9  # royal flush
        if key[0] in (4, 5):
            return 4 if (key[0] == 4) == trips_high else 3
        return short_category[key[0]]

    rng = random.Random(sum(map(ord, game)))
    deck = SHORT if game.startswith("shortdeck") else DECK
    for _ in range(12):
        hole_n = rng.choice([4, 5, 6]) if game == "omaha" else 2
        board_n = rng.choice([4, 5]) if game == "omaha" else rng.choice([3, 4, 5])
        dead_n = rng.choice([0, 1, 3])
        cards = rng.sample(deck, hole_n + board_n + dead_n)
        hole, board, dead = cards[:hole_n], cards[hole_n : hole_n + board_n], cards[hole_n + board_n :]
        got = pe.odds(" ".join(hole), " ".join(board), dead=" ".join(dead) or None, game=game)
        want = odds_counts(game, hole, board, dead, category)
        assert {int(k): v for k, v in got.counts.items() if v} == want, (hole, board, dead)
        assert got.runouts == sum(want.values())


@pytest.mark.slow
def test_preflop_odds_against_eval7() -> None:
    eval7 = eval7_module()
    card = {c: eval7.Card(c) for c in DECK}
    kinds = ["High Card", "Pair", "Two Pair", "Trips", "Straight", "Flush", "Full House", "Quads"]
    royal = eval7.evaluate([card[c] for c in ("As", "Ks", "Qs", "Js", "Ts")])
    hole, dead = ["Ah", "5h"], ["Kc"]
    counts: Counter[int] = Counter()
    for board in itertools.combinations([c for c in DECK if c not in hole + dead], 5):
        value = eval7.evaluate([card[c] for c in hole + list(board)])
        kind = eval7.handtype(value)
        counts[9 if value == royal else 8 if kind == "Straight Flush" else kinds.index(kind)] += 1
    got = pe.odds("Ah 5h", dead="Kc")
    assert {int(k): v for k, v in got.counts.items() if v} == dict(counts)


def strength(
    eval7: Any, hole: list[str], board: list[str], dead: list[str], holdings: dict[frozenset[str], float]
) -> tuple[float, float, float, float]:
    """Billings et al.'s HS, PPOT, NPOT and EHS over weighted holdings and every runout."""
    card = {c: eval7.Card(c) for c in DECK}
    known = set(hole + board + dead)
    now, total = [0.0] * 3, [0.0] * 3
    table = [[0.0] * 3 for _ in range(3)]
    mine = eval7.evaluate([card[c] for c in hole + board])
    for combo, w in holdings.items():
        if combo & known:
            continue
        theirs = eval7.evaluate([card[c] for c in [*combo, *board]])
        i = 0 if mine > theirs else 1 if mine == theirs else 2
        now[i] += w
        rest = [c for c in DECK if c not in known and c not in combo]
        for runout in itertools.combinations(rest, 5 - len(board)):
            full = board + list(runout)
            a = eval7.evaluate([card[c] for c in hole + full])
            b = eval7.evaluate([card[c] for c in [*combo, *full]])
            j = 0 if a > b else 1 if a == b else 2
            table[i][j] += w
            total[i] += w
    hs = (now[0] + now[1] / 2) / sum(now)
    behind, ahead = total[2] + total[1] / 2, total[0] + total[1] / 2
    ppot = (table[2][0] + table[2][1] / 2 + table[1][0] / 2) / behind if behind else 0.0
    npot = (table[0][2] + table[1][2] / 2 + table[0][1] / 2) / ahead if ahead else 0.0
    return hs, ppot, npot, hs * (1 - npot) + (1 - hs) * ppot


def test_hand_strength_against_eval7() -> None:
    eval7 = eval7_module()
    rng = random.Random(17)
    every = {frozenset(c) for c in itertools.combinations(DECK, 2)}
    for i in range(24):
        board_n = rng.choice([4, 5]) if i < 16 else 3
        dead_n = rng.choice([0, 1, 3])
        cards = rng.sample(DECK, 2 + board_n + dead_n)
        hole, board, dead = cards[:2], cards[2 : 2 + board_n], cards[2 + board_n :]
        if i % 2:
            text, holdings = random_range(rng, DECK)
            if not any(not (c & set(cards)) for c in holdings):
                continue
            got = pe.hand_strength(" ".join(hole), " ".join(board), vs=text, dead=" ".join(dead) or None)
        elif board_n == 3:
            continue  # every holding on the flop: too slow here
        else:
            holdings = dict.fromkeys(every, 1.0)
            got = pe.hand_strength(" ".join(hole), " ".join(board), dead=" ".join(dead) or None)
        want = strength(eval7, hole, board, dead, holdings)
        assert (got.hs, got.ppot, got.npot, got.ehs) == pytest.approx(want, abs=1e-12), (hole, board, dead)
