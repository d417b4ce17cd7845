"""A hostile review of equity and the analysis calls, held to a reference written here from
the rules (never from the code under test): a hand is its best five cards by category and
then ranks (exactly two hole and three board cards in Omaha, the A-8 low of five different
ranks in the hi-lo games), every runout is dealt one group of cards at a time, and each pot
splits equally among the best hands, halved between high and low when a low qualifies.

The spots aim where earlier reviews did not: weighted ranges that collide with the board and
with each other, three-way ties, Omaha hi-lo on the flop with dead cards, outs when the
opponent improves too, odds on the flop and the turn in every game odds plays, hand strength
by Billings et al.'s definitions, Monte Carlo of colliding ranges, and hostile input.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations, product
from math import comb
from typing import Any

import numpy as np
import pytest

import pokereval as pe

Key = tuple[int, tuple[int, ...]]
Low = tuple[int, ...]
Combo = tuple[int, ...]
Holding = list[tuple[Combo, Fraction]]

# ---- the reference ----------------------------------------------------------------------

HOLDEM = ("high", "pair", "twopair", "trips", "straight", "flush", "full", "quads", "sflush")
SHORT = ("high", "pair", "twopair", "trips", "straight", "full", "flush", "quads", "sflush")
SHORT_TRIPS = ("high", "pair", "twopair", "straight", "trips", "full", "flush", "quads", "sflush")
ORDERS = {"holdem": HOLDEM, "omaha": HOLDEM, "shortdeck": SHORT, "shortdeck-trips": SHORT_TRIPS}
NAMES = {
    "high": "HIGH_CARD",
    "pair": "ONE_PAIR",
    "twopair": "TWO_PAIR",
    "trips": "THREE_OF_A_KIND",
    "straight": "STRAIGHT",
    "flush": "FLUSH",
    "full": "FULL_HOUSE",
    "quads": "FOUR_OF_A_KIND",
    "sflush": "STRAIGHT_FLUSH",
}
RANKS, SUITS = "23456789TJQKA", "cdhs"


def rank(card: int) -> int:
    return (card >> 2) + 2  # 2..14


def suit(card: int) -> int:
    return card & 3


def text(cards: Sequence[int]) -> str:
    return "".join(RANKS[c >> 2] + SUITS[c & 3] for c in cards)


def five(cards: Sequence[int], order: tuple[str, ...] = HOLDEM) -> Key:
    """Five cards: (place of the category in `order`, ranks that break ties)."""
    ranks = sorted((rank(c) for c in cards), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    flush = len({suit(c) for c in cards}) == 1
    wheel = {14, 6, 7, 8, 9} if order is not HOLDEM else {14, 2, 3, 4, 5}
    top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif set(ranks) == wheel:
            top = sorted(wheel)[-2]  # the ace plays low: 5 or, in short deck, 9
    if top is not None:
        name = "sflush" if flush else "straight"
    elif flush:
        name = "flush"
    else:
        name = {(4, 1): "quads", (3, 2): "full", (3, 1, 1): "trips", (2, 2, 1): "twopair"}.get(
            tuple(shape), "pair" if shape[0] == 2 else "high"
        )
    return order.index(name), (top,) if top is not None else tuple(r for r, _ in groups)


def high(cards: Sequence[int], order: tuple[str, ...] = HOLDEM) -> Key:
    return max(five(f, order) for f in combinations(cards, 5))


def omaha_high(hole: Sequence[int], board: Sequence[int]) -> Key:
    return max(five(h + b) for h in combinations(hole, 2) for b in combinations(board, 3))


def low_five(cards: Sequence[int]) -> Low | None:
    ranks = [1 if rank(c) == 14 else rank(c) for c in cards]
    if len(set(ranks)) < 5 or max(ranks) > 8:
        return None
    return tuple(-r for r in sorted(ranks, reverse=True))


def best_low(lows: Sequence[Low | None]) -> Low | None:
    found = [low for low in lows if low is not None]
    return max(found) if found else None


def omaha_low(hole: Sequence[int], board: Sequence[int]) -> Low | None:
    return best_low([low_five(h + b) for h in combinations(hole, 2) for b in combinations(board, 3)])


def value(game: str, own: Sequence[int], board: Sequence[int]) -> tuple[Key, Low | None]:
    if game == "omaha":
        return omaha_high(own, board), None
    if game == "omaha-hilo":
        return omaha_high(own, board), omaha_low(own, board)
    return high([*own, *board], ORDERS[game]), None


def deck_of(game: str) -> list[int]:
    return list(range(16, 52)) if game.startswith("shortdeck") else list(range(52))


def split(keys: Sequence[Any], pot: Fraction, got: list[Fraction]) -> None:
    best = max(k for k in keys if k is not None)
    winners = [i for i, k in enumerate(keys) if k == best]
    for i in winners:
        got[i] += pot / len(winners)


def reference_equity(
    game: str, holdings: Sequence[Holding], board: Sequence[int], dead: Sequence[int]
) -> dict[str, Any]:
    """Every deal of one combo a player (weights relative to the player's largest) times
    every runout: the weighted shares and chances, and the counts of every deal once."""
    n = len(holdings)
    share, won, tied = [Fraction(0)] * n, [Fraction(0)] * n, [Fraction(0)] * n
    wins, ties = [0] * n, [0] * n
    runs, total = 0, Fraction(0)
    fixed = {*board, *dead}
    top = [max(w for _, w in h) for h in holdings]
    for deal in product(*holdings):
        cards = [c for combo, _ in deal for c in combo]
        if len(set(cards)) < len(cards) or fixed & set(cards):
            continue
        weight = Fraction(1)
        for (_, w), most in zip(deal, top):
            weight *= w / most
        live = [c for c in deck_of(game) if c not in fixed and c not in cards]
        for more in combinations(live, 5 - len(board)):
            full = [*board, *more]
            values = [value(game, combo, full) for combo, _ in deal]
            got = [Fraction(0)] * n
            if any(low is not None for _, low in values):
                split([hi for hi, _ in values], Fraction(1, 2), got)
                split([low for _, low in values], Fraction(1, 2), got)
            else:
                split([hi for hi, _ in values], Fraction(1), got)
            for i in range(n):
                share[i] += weight * got[i]
                wins[i] += got[i] == 1
                ties[i] += 0 < got[i] < 1
                won[i] += weight * (got[i] == 1)
                tied[i] += weight * (0 < got[i] < 1)
            runs += 1
            total += weight
    return {
        "equity": [s / total for s in share],
        "win": [w / total for w in won],
        "tie": [t / total for t in tied],
        "wins": tuple(wins),
        "ties": tuple(ties),
        "runs": runs,
    }


def test_the_reference_orders_hands_as_the_evaluator_does() -> None:
    """Trust, but check: the reference and evaluate order random hands alike."""
    rng = random.Random("order")
    for game in ("holdem", "shortdeck", "shortdeck-trips"):
        hands = [rng.sample(deck_of(game), 7) for _ in range(200)]
        mine = [high(h, ORDERS[game]) for h in hands]
        theirs = [int(pe.evaluate(h, game=game)) for h in hands]
        for i in range(len(hands) - 1):
            assert (mine[i] > mine[i + 1]) == (theirs[i] > theirs[i + 1]), (game, hands[i], hands[i + 1])
            assert (mine[i] == mine[i + 1]) == (theirs[i] == theirs[i + 1]), (game, hands[i], hands[i + 1])


# ---- equity: ranges, weights, collisions ---------------------------------------------------


def _range_spot(rng: random.Random, game: str) -> tuple[list[Holding], list[str], list[int], list[int]]:
    """Two or three players, each one to four combos with weights (the later weight of a combo
    named twice), now and then a combo holding a board card; the flop, turn or river."""
    deck = deck_of(game)
    rng.shuffle(deck)
    board_size = rng.choice([4, 5, 4] if game == "holdem" else [3, 4, 5])
    board, rest = deck[:board_size], deck[board_size:]
    dead = rest[: rng.choice([0, 0, 2])]
    players = rng.choice([2, 2, 3]) if board_size > 3 else 2
    holdings, texts = [], []
    for _ in range(players):
        named: list[tuple[Combo, Fraction]] = []
        for _ in range(rng.choice([1, 2, 3, 4])):
            named.append((tuple(rng.sample(deck, 2)), Fraction(rng.choice([1, 1, 2, 4, 8]), 8)))
        if rng.random() < 0.3:
            named.append(((board[0], rest[-1]), Fraction(1)))  # never dealt: a board card
        if rng.random() < 0.3:
            named.append((named[0][0][::-1], Fraction(1, 8)))  # the same combo again: the later weight
        kept: dict[frozenset[int], tuple[Combo, Fraction]] = {}
        for combo, w in named:
            kept.pop(frozenset(combo), None)
            kept[frozenset(combo)] = (combo, w)
        holdings.append(list(kept.values()))
        texts.append(", ".join(f"{text(c)}:{float(w)}" for c, w in named))
    return holdings, texts, board, dead


def _check_range_spot(game: str, rng: random.Random) -> None:
    holdings, texts, board, dead = _range_spot(rng, game)
    try:
        want = reference_equity(game, holdings, board, dead)
    except ZeroDivisionError:  # no deal at all: equity must say so
        with pytest.raises(ValueError, match=r"no (deal|combo left)"):
            pe.equity(texts, board=text(board), dead=text(dead) or None, game=game)
        return
    got = pe.equity(texts, board=text(board), dead=text(dead) or None, game=game)
    where = (game, texts, text(board), text(dead))
    assert (got.runs, got.wins, got.ties) == (want["runs"], want["wins"], want["ties"]), where
    assert got.equity == pytest.approx([float(x) for x in want["equity"]], abs=1e-12), where
    assert got.win == pytest.approx([float(x) for x in want["win"]], abs=1e-12), where
    assert got.tie == pytest.approx([float(x) for x in want["tie"]], abs=1e-12), where


@pytest.mark.parametrize("game", ["holdem", "shortdeck", "shortdeck-trips"])
def test_weighted_ranges_that_collide_agree_with_the_reference(game: str) -> None:
    rng = random.Random(f"ranges {game}")
    for _ in range(6):
        _check_range_spot(game, rng)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["holdem", "shortdeck", "shortdeck-trips"])
def test_weighted_ranges_on_many_spots(game: str) -> None:
    rng = random.Random(f"many ranges {game}")
    for _ in range(50):
        _check_range_spot(game, rng)


def _check_omaha_spot(rng: random.Random, game: str, board_size: int) -> None:
    """Low cards first, so lows, wheels and quartered pots come often; dead cards too."""
    deck = list(range(52))
    rng.shuffle(deck)
    deck.sort(key=lambda c: (rank(c) not in (14, 2, 3, 4, 5, 6, 7, 8), rng.random()))
    deck[8:] = rng.sample(deck[8:], len(deck) - 8)
    players = 2 if board_size == 3 else 3
    hands = [deck[4 * p : 4 * p + 4] for p in range(players)]
    board = deck[4 * players : 4 * players + board_size]
    dead = deck[20:25]
    want = reference_equity(game, [[(tuple(h), Fraction(1))] for h in hands], board, dead)
    got = pe.equity([text(h) for h in hands], board=text(board), dead=text(dead), game=game)
    where = (game, [text(h) for h in hands], text(board), text(dead))
    assert (got.runs, got.wins, got.ties) == (want["runs"], want["wins"], want["ties"]), where
    assert got.equity == pytest.approx([float(x) for x in want["equity"]], abs=1e-12), where


def test_omaha_hilo_on_the_flop_with_dead_cards_agrees_with_the_reference() -> None:
    rng = random.Random("omaha flop")
    _check_omaha_spot(rng, "omaha-hilo", 3)
    for _ in range(3):
        _check_omaha_spot(rng, "omaha-hilo", 4)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["omaha", "omaha-hilo"])
def test_omaha_on_many_flops_and_turns(game: str) -> None:
    rng = random.Random(f"omaha many {game}")
    for i in range(10):
        _check_omaha_spot(rng, game, 3 if i % 3 == 0 else 4)


def test_three_way_ties_and_quartered_pots() -> None:
    """The board plays for all three: a three-way split; in hi-lo, two same lows quarter."""
    r = pe.equity(["2c3d", "2h3s", "4c4d"], board="Ah Kd Qc Js Td")
    assert (r.equity, r.wins, r.ties, r.runs) == ((1 / 3, 1 / 3, 1 / 3), (0, 0, 0), (1, 1, 1), 1)
    # A-2 low for both of the first two (8-5-3-2-A... the board 3 5 8), the kings high.
    hands = ["As 2s Jd Jc", "Ah 2h Td Tc", "Ks Kh Qd Qc"]
    r = pe.equity(hands, board="3c 5d 8h Kd 9s", game="omaha-hilo")
    assert r.equity == pytest.approx((0.25, 0.25, 0.5), abs=1e-15)
    # Short deck: A-6-7-8-9 is the lowest straight in both rankings; T-J-Q-K-A the highest.
    for game in ("shortdeck", "shortdeck-trips"):
        low_straight = pe.equity(["As Kd", "Jc Jh"], board="6s 7d 8h 9c Qd", game=game)
        assert low_straight.equity == (1.0, 0.0), game  # the straight beats the pair of jacks
        beaten = pe.equity(["As Kd", "Tc Jh"], board="6s 7d 8h 9c Qd", game=game)
        assert beaten.equity == (0.0, 1.0), game  # 8-9-T-J-Q is above A-6-7-8-9


# ---- Monte Carlo and threads ----------------------------------------------------------------


def _colliding_ranges() -> list[str]:
    """Ranges that almost always share the ace of spades: Monte Carlo deals them player by
    player, each run weighted."""
    first = ", ".join(f"As{r}{s}" for r in RANKS[:-1] for s in "cdh") + ", KdQd:0.5"
    second = ", ".join(f"As{r}{s}" for r in RANKS[:-1] if r != "Q" for s in "cdh") + ", QhJh, 7c7d:0.3"
    return [first, second]


def test_monte_carlo_of_colliding_ranges_gives_chances_and_counts() -> None:
    """The chances to win were the weighted sums over the runs (about 0.02 here, the share of
    deals that fit), not over their weight; wins counted those sums, not runouts."""
    hands = _colliding_ranges()
    board = "2c 7s 9h Td"
    exact = pe.equity(hands, board)
    samples = 100_000
    mc = pe.equity(hands, board, samples=samples, seed=3)
    for got, want in zip(mc.win, exact.win):
        assert abs(got - want) < 4 * (want * (1 - want) / samples) ** 0.5 + 0.01
    assert mc.win[0] + mc.win[1] + mc.tie[0] == pytest.approx(
        1.0, abs=1e-9
    )  # two players: one wins or both tie
    assert sum(mc.wins) == pytest.approx(mc.runs, abs=2)  # one winner a run, and no split
    assert mc == pe.equity(hands, board, samples=samples, seed=3, threads=3)


@pytest.mark.parametrize(
    ("hands", "board", "game"),
    [
        (["QQ+,AKs", "JJ-88,AQs"], "2c 7d 9h", "holdem"),
        (["AhAd", "KK,QQ,AKs", "random"], "2c 7d 9h Js", "holdem"),
        (["As2sQdJd", "AhKd2c3c", "5c6c7h8h"], "2h 4d 9h", "omaha-hilo"),
    ],
)
def test_threads_change_nothing_and_samples_converge(hands: list[str], board: str, game: str) -> None:
    exact = pe.equity(hands, board, game=game)
    assert exact == pe.equity(hands, board, game=game, threads=3)
    samples = 60_000
    mc = pe.equity(hands, board, game=game, samples=samples, seed=5)
    assert mc == pe.equity(hands, board, game=game, samples=samples, seed=5, threads=2)
    for got, want in zip(mc.equity, exact.equity):
        assert abs(got - want) <= 4 * (max(want * (1 - want), 1e-4) / samples) ** 0.5


# ---- outs, odds and hand strength ----------------------------------------------------------


def category_of(cards: Sequence[int]) -> int:
    """The hold'em category of 4 to 7 cards (4: by pairing alone), 0..8 as HOLDEM."""
    if len(cards) >= 5:
        return high(cards)[0]
    shape = tuple(sorted(Counter(rank(c) for c in cards).values(), reverse=True))
    return {(1, 1, 1, 1): 0, (2, 1, 1): 1, (2, 2): 2, (3, 1): 3, (4,): 7}[shape]


def _outs_reference(
    hole: list[int], board: list[int], dead: list[int], opponents: Sequence[Holding]
) -> tuple[dict[int, float], dict[int, float], dict[int, float], float, float]:
    """Per deal of the opponents' combos: a card wins (beats every opponent on the next card),
    ties (no one above), or is tainted (it lifts our category through our cards, as an out
    without opponents does, and lifts an opponent from at most our new hand to above it).
    Shares over the deals the card is unseen in; the chances of a winning card, next card and
    by the river, averaged over the deals."""
    known = {*hole, *board, *dead}
    now = category_of(hole + board)
    win: Counter[int] = Counter()
    tie: Counter[int] = Counter()
    taint: Counter[int] = Counter()
    seen: Counter[int] = Counter()
    total = next_card = by_river = Fraction(0)
    for deal in product(*opponents):
        cards = [c for combo, _ in deal for c in combo]
        if len(set(cards)) < len(cards) or known & set(cards):
            continue
        weight = Fraction(1)
        for _, w in deal:
            weight *= w
        live = [c for c in range(52) if c not in known and c not in cards]
        hits = 0
        for c in live:
            seen[c] += weight  # type: ignore[assignment]
            ours = high(hole + board + [c])
            theirs = [high([*combo, *board, c]) for combo, _ in deal]
            if all(ours > t for t in theirs):
                win[c] += weight  # type: ignore[assignment]
                hits += 1
            elif all(ours >= t for t in theirs):
                tie[c] += weight  # type: ignore[assignment]
            else:
                # A card that only pairs the board (its rank there, in neither hole card)
                # lifts nothing when it makes two pair: every player gets that pair.
                only_pairs_the_board = rank(c) in {rank(b) for b in board} - {rank(h) for h in hole}
                lifts = ours[0] > now and category_of([*board, c]) < ours[0]
                lifts = lifts and not (only_pairs_the_board and ours[0] == 2)
                passed = any(t > ours >= high([*combo, *board]) for t, (combo, _) in zip(theirs, deal))
                if lifts and passed:
                    taint[c] += weight  # type: ignore[assignment]
        n = len(live)
        miss = 1 - (Fraction(comb(n - hits, 2), comb(n, 2)) if len(board) == 3 else Fraction(n - hits, n))
        total += weight
        next_card += weight * Fraction(hits, n)
        by_river += weight * miss
    shares = [{c: float(m[c] / seen[c]) for c in sorted(m)} for m in (win, tie, taint)]
    return shares[0], shares[1], shares[2], float(next_card / total), float(by_river / total)


def _outs_spot(rng: random.Random) -> None:
    deck = list(range(52))
    rng.shuffle(deck)
    hole, board = deck[:2], deck[2 : 2 + rng.choice([3, 4])]
    dead = deck[8 : 8 + rng.choice([0, 2])]
    opponents: list[Holding] = []
    texts = []
    for _ in range(rng.choice([1, 1, 2])):
        if rng.random() < 0.5:
            combo = tuple(deck[12 + 2 * len(opponents) : 14 + 2 * len(opponents)])
            opponents.append([(combo, Fraction(1))])
            texts.append(text(combo))
            continue
        named = {
            frozenset(c): (c, Fraction(rng.choice([2, 4, 8]), 8))
            for c in (tuple(rng.sample(deck[16:30], 2)) for _ in range(3))
        }
        held = list(named.values())
        opponents.append(held)
        texts.append(", ".join(f"{text(c)}:{float(w)}" for c, w in held))
    win, tie, taint, next_card, by_river = _outs_reference(hole, board, dead, opponents)
    got = pe.outs(text(hole), text(board), vs=texts, dead=text(dead) or None)
    where = (text(hole), text(board), texts, text(dead))
    assert {int(o.card): o.share for o in got.outs} == pytest.approx(win, abs=1e-12), where
    assert {int(o.card): o.share for o in got.ties} == pytest.approx(tie, abs=1e-12), where
    assert {int(o.card): o.share for o in got.tainted} == pytest.approx(taint, abs=1e-12), where
    assert (got.next_card, got.by_river) == pytest.approx((next_card, by_river), abs=1e-12), where


def test_outs_against_opponents_who_improve_too() -> None:
    rng = random.Random("outs")
    for _ in range(15):
        _outs_spot(rng)
    # The flush card that pairs the board fills the opponent's set: tainted, no out.
    r = pe.outs("AhKh", "9h 7h 2c", vs="2d2s")
    assert [str(o.card) for o in r.tainted] == ["2h"] and "2h" not in [str(c) for c in r.cards]


@pytest.mark.slow
def test_outs_on_many_spots() -> None:
    rng = random.Random("outs many")
    for _ in range(200):
        _outs_spot(rng)


def _category_name(key: Key, order: tuple[str, ...]) -> str:
    name = NAMES[order[key[0]]]
    return "ROYAL_FLUSH" if name == "STRAIGHT_FLUSH" and key[1] == (14,) else name


def _odds_spot(rng: random.Random, game: str) -> None:
    deck = deck_of(game)
    rng.shuffle(deck)
    size = rng.choice([4, 5, 6]) if game == "omaha" else 2
    hole, board = deck[:size], deck[size : size + rng.choice([3, 4])]
    dead = deck[10 : 10 + rng.choice([0, 3])]
    live = [c for c in deck_of(game) if c not in {*hole, *board, *dead}]
    want: Counter[str] = Counter()
    for more in combinations(live, 5 - len(board)):
        full = [*board, *more]
        key = omaha_high(hole, full) if game == "omaha" else high(hole + full, ORDERS[game])
        want[_category_name(key, ORDERS[game])] += 1
    got = pe.odds(text(hole), text(board), dead=text(dead) or None, game=game)
    assert {c.name: n for c, n in got.counts.items() if n} == dict(want), (game, hole, board, dead)
    assert sum(got.values()) == pytest.approx(1.0)


@pytest.mark.parametrize("game", ["holdem", "shortdeck", "shortdeck-trips", "omaha"])
def test_odds_on_the_flop_and_the_turn_agree_with_the_reference(game: str) -> None:
    rng = random.Random(f"odds {game}")
    for _ in range(3):
        _odds_spot(rng, game)


def test_hand_strength_on_the_turn_follows_billings() -> None:
    """HS, PPOT, NPOT and EHS of Billings, Papp, Schaeffer and Szafron (1998), counted over
    every opponent holding and every river."""
    hole, board = list(pe.card_ids("Ah Kh")), list(pe.card_ids("2h 7h 9c Jd"))
    unseen = [c for c in range(52) if c not in hole + board]
    ours_now = high(hole + board)
    table: Counter[tuple[str, str]] = Counter()
    now: Counter[str] = Counter()

    def side(a: Key, b: Key) -> str:
        return "ahead" if a > b else "behind" if a < b else "tied"

    for opp in combinations(unseen, 2):
        at = side(ours_now, high([*opp, *board]))
        now[at] += 1
        for c in unseen:
            if c not in opp:
                table[at, side(high(hole + board + [c]), high([*opp, *board, c]))] += 1
    hs = (now["ahead"] + now["tied"] / 2) / sum(now.values())
    rows = {s: sum(n for (a, _), n in table.items() if a == s) for s in ("ahead", "behind", "tied")}
    ppot = (table["behind", "ahead"] + table["behind", "tied"] / 2 + table["tied", "ahead"] / 2) / (
        rows["behind"] + rows["tied"] / 2
    )
    npot = (table["ahead", "behind"] + table["tied", "behind"] / 2 + table["ahead", "tied"] / 2) / (
        rows["ahead"] + rows["tied"] / 2
    )
    got = pe.hand_strength(text(hole), text(board))
    assert (got.hs, got.ppot, got.npot) == pytest.approx((hs, ppot, npot), abs=1e-12)
    assert got.ehs == pytest.approx(hs * (1 - npot) + (1 - hs) * ppot, abs=1e-12)


# ---- hostile input ---------------------------------------------------------------------------

Call = Callable[[], object]
FLOAT: Any = 1e3  # a float where an int goes
BAD: list[tuple[str, Call, type[Exception], str]] = [
    ("bool samples", lambda: pe.equity(["AsAd", "KhKc"], samples=True), TypeError, "samples must be an int"),
    (
        "float samples",
        lambda: pe.equity(["AsAd", "KhKc"], samples=FLOAT),
        TypeError,
        "samples must be an int",
    ),
    ("bool seed", lambda: pe.equity(["AsAd", "KhKc"], samples=9, seed=True), TypeError, "seed must be"),
    ("negative seed", lambda: pe.equity(["AsAd", "KhKc"], samples=9, seed=-1), ValueError, "seed must be"),
    ("NaN weight", lambda: pe.equity(["AsAd", "QQ:nan"]), ValueError, r"weight nan is not in \(0, 1\]"),
    ("negative weight", lambda: pe.equity(["AsAd", "QQ:-1"]), ValueError, "weight -1 is not in"),
    ("zero weight", lambda: pe.equity(["AsAd", "QQ:0"]), ValueError, "weight 0 is not in"),
    (
        "card twice",
        lambda: pe.equity(["AsAd", "KhKc"], board="2c 3d 4h", dead="2c"),
        ValueError,
        "'2c' in the board and the dead",
    ),
    ("float ids", lambda: pe.equity([np.array([51.0, 50.0]), "KhKc"]), TypeError, "float64 at position 1"),
    ("bool ids", lambda: pe.equity([np.array([True, False]), "KhKc"]), TypeError, "got bool"),
    ("negative id", lambda: pe.equity([np.array([-1, 50], dtype=np.int8), "KhKc"]), ValueError, "card id -1"),
    (
        "no combo left",
        lambda: pe.equity(["AsAd", "AA"], board="Ah 2c 3d"),
        ValueError,
        "hand 2 .* no combo left",
    ),
    (
        "omaha sizes",
        lambda: pe.equity(["AsKsQsJs", "2c2d3c3d4c"], board="7h8h9h", game="omaha"),
        ValueError,
        "same number of hole cards",
    ),
    (
        "stud board",
        lambda: pe.equity(["AsKs", "2c2d"], board="7h", game="stud"),
        ValueError,
        "stud has no board",
    ),
    ("badugi equity", lambda: pe.equity(["AsKs2c3d", "2d2h5c6d"], game="badugi"), ValueError, "not 'badugi'"),
    (
        "third joker",
        lambda: pe.equity(["AsJk", "2dJk"], board="Jk 2c 3c", wild="joker", deck=54),
        ValueError,
        "third joker",
    ),
    (
        "joker off the deck",
        lambda: pe.equity(["AsJk", "2dJk"], board="4c 2c 3c", wild="joker", deck=53),
        ValueError,
        "hand 2: joker 'Jk' at position 2 is the deal's second; a deck of 53 cards holds one",
    ),
    (
        "low card short deck",
        lambda: pe.odds("AsKs", "2c3d4h", game="shortdeck"),
        ValueError,
        "'2c' .* not in the shortdeck deck",
    ),
    ("outs on the river", lambda: pe.outs("AsKs", "2c3d4h5s6s"), ValueError, "river board of 5 cards"),
    (
        "outs no opponent combo",
        lambda: pe.outs("AsKs", "Ac Ad 4h", vs="AA"),
        ValueError,
        "opponent 1 .* no combo left",
    ),
    (
        "bool opponents",
        lambda: pe.hand_strength("AsKs", "2c3d4h", opponents=True),
        TypeError,
        "opponents must be an int",
    ),
    ("odds stud", lambda: pe.odds("AsKs2c", game="stud"), ValueError, "not 'stud'"),
]


@pytest.mark.parametrize(("what", "call", "kind", "words"), BAD, ids=[b[0] for b in BAD])
def test_hostile_input_names_the_problem(what: str, call: Call, kind: type[Exception], words: str) -> None:
    with pytest.raises(kind, match=words):
        call()
