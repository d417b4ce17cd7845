"""The games other than Omaha (hold'em, stud, short deck, razz, 2-7, badugi) against the
rules: tests/reference.py, hands written out from the rules, the documented value
scales (csrc/pokereval.h) and the cards that play.  Omaha is in test_omaha.py.

Random hands come in dealt pairs (sharing a board where the game has one) and go through
compare() as a player would ask; all the hands of one game are also checked to be in the
reference's order, which covers every pair among them.
"""

from __future__ import annotations

import doctest
import random
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import combinations, combinations_with_replacement
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pytest
import reference as ref
from reference import ref_cards

import pokereval as pe
from pokereval import Category, HandRank

ACE_LOW = {ref.ACE: 1, **{rank: rank + 2 for rank in range(12)}}  # rank -> face, ace low


class Game(NamedTuple):
    name: str
    sizes: tuple[int, ...]  # cards per hand
    board: tuple[int, ...]  # shared board sizes (flop games), () for none
    lowest: int  # lowest card id of the deck
    reference: Callable[[list[int]], Any]  # 5..7 cards -> comparable value
    five: Callable[[list[int]], Any] | None  # exactly five cards -> value (None: badugi)


GAMES = {
    "holdem": Game("holdem", (5, 6, 7), (3, 4, 5), 0, ref.best_high, ref.high5),
    "stud": Game("stud", (5, 6, 7), (), 0, ref.best_high, ref.high5),
    "shortdeck": Game("shortdeck", (5, 6, 7), (3, 4, 5), 16, ref.best_shortdeck, ref.shortdeck5),
    "shortdeck-trips": Game(
        "shortdeck-trips", (5, 6, 7), (3, 4, 5), 16, ref.best_shortdeck_trips, ref.shortdeck_trips5
    ),
    "razz": Game("razz", (5, 6, 7), (), 0, ref.razz, ref.razz),
    "deuce-seven": Game("deuce-seven", (5,), (), 0, ref.deuce_seven, ref.deuce_seven),
    "badugi": Game("badugi", (4,), (), 0, ref.badugi, None),
}


def rank_of(hand: object) -> HandRank:
    assert isinstance(hand, HandRank)
    return hand


def evaluate(cards: Any, board: Any = None, *, game: str) -> HandRank:
    return rank_of(pe.evaluate(cards, board, game=game))


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def ref_sign(a: Any, b: Any) -> int:
    return int(a > b) - int(a < b)


class Deal(NamedTuple):
    a: list[int]  # a player's own cards
    b: list[int]
    board: list[int]  # shared, possibly empty


def deal_pairs(game: Game, seed: int, count: int) -> list[Deal]:
    """`count` deals of two hands from the game's deck, distinct cards, seeded.  Flop games
    deal two hole cards each and a shared board of 3..5; the others a whole hand each."""
    rng = random.Random(seed)
    deck = range(game.lowest, 52)
    deals = []
    for _ in range(count):
        if game.board:
            size = rng.choice(game.board)
            cards = rng.sample(deck, 4 + size)
            deals.append(Deal(cards[:2], cards[2:4], cards[4:]))
        else:
            size = rng.choice(game.sizes)
            cards = rng.sample(deck, 2 * size)
            deals.append(Deal(cards[:size], cards[size:], []))
    return deals


def assert_same_order(hands: list[list[int]], ref_values: list[Any], values: list[int]) -> None:
    """pokereval orders the hands as the reference does, ties included: checked between
    neighbours in the reference's order, which by transitivity covers every pair."""
    order = sorted(range(len(hands)), key=lambda i: ref_values[i])
    for i, j in zip(order, order[1:]):
        got, expected = sign(values[j] - values[i]), ref_sign(ref_values[j], ref_values[i])
        assert got == expected, (
            f"{ref.cards_str(hands[i])} (ref {ref_values[i]}, value {values[i]}) vs "
            f"{ref.cards_str(hands[j])} (ref {ref_values[j]}, value {values[j]})"
        )


def batch_values(game: str, hands: list[list[int]]) -> list[int]:
    """Values through evaluate_batch, one call per hand size."""
    values = [0] * len(hands)
    for size in {len(hand) for hand in hands}:
        index = [i for i, hand in enumerate(hands) if len(hand) == size]
        rows = np.array([hands[i] for i in index], dtype=np.uint8)
        for i, value in zip(index, pe.evaluate_batch(rows, game=game)):
            values[i] = int(value)
    return values


# ---- random deals against the reference -----------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name", list(GAMES))
def test_random_pairs_compare_as_the_reference(name: str) -> None:
    game = GAMES[name]
    deals = deal_pairs(game, seed=len(name) * 7919 + 4, count=2000)
    hands = [own + deal.board for deal in deals for own in (deal.a, deal.b)]
    ref_values = [game.reference(hand) for hand in hands]
    for k, deal in enumerate(deals):
        expected = ref_sign(ref_values[2 * k], ref_values[2 * k + 1])
        got = pe.compare(deal.a, deal.b, deal.board or None, game=name)
        assert got == expected, (ref.cards_str(deal.a), ref.cards_str(deal.b), ref.cards_str(deal.board))
    assert_same_order(hands, ref_values, batch_values(name, hands))


@pytest.mark.parametrize("name", list(GAMES))
def test_batch_equals_evaluate_row_by_row(name: str) -> None:
    game = GAMES[name]
    for size in game.sizes:
        rng = random.Random(size)
        hands = [rng.sample(range(game.lowest, 52), size) for _ in range(200)]
        values = pe.evaluate_batch(np.array(hands, dtype=np.uint8), game=name)
        assert not isinstance(values, tuple)  # the hi-lo games are tested apart
        assert values.dtype == np.uint16 and values.shape == (200,)
        assert [int(v) for v in values] == [int(evaluate(hand, game=name)) for hand in hands]


@pytest.mark.parametrize("name", list(GAMES))
def test_best_five_is_a_valid_choice(name: str) -> None:
    game = GAMES[name]
    for deal in deal_pairs(game, seed=99, count=150):
        hand = deal.a + deal.board
        rank = evaluate(deal.a, deal.board or None, game=name)
        ids = [int(card) for card in rank.best_five]
        assert len(set(ids)) == len(ids) and set(ids) <= set(hand), ref.cards_str(hand)
        if game.five is None:  # badugi: the subset that plays, no rank and no suit twice
            assert len({ref.rank_of(c) for c in ids}) == len({ref.suit_of(c) for c in ids}) == len(ids)
            faces = [ACE_LOW[ref.rank_of(c)] for c in ids]
            assert (len(ids), *(-face for face in faces)) == game.reference(hand)
            assert faces == sorted(faces, reverse=True)  # reading order: highest first
            continue
        assert len(ids) == 5
        # The five alone are worth the whole hand, by pokereval and by the reference.
        assert int(evaluate(ids, game=name)) == int(rank), ref.cards_str(hand)
        assert game.five(ids) == game.reference(hand)


def test_categories_follow_the_reference() -> None:
    rng = random.Random(5)
    for _ in range(300):
        hand = rng.sample(range(52), 7)
        assert evaluate(hand, game="holdem").category is Category(ref.category_of(hand))
        assert evaluate(hand, game="razz").category is Category(-ref.razz(hand)[0])
        five = hand[:5]
        assert evaluate(five, game="deuce-seven").category is Category(-ref.deuce_seven(five)[0])
        short = rng.sample(range(16, 52), 7)
        assert evaluate(short, game="shortdeck").category is Category(
            ref.shortdeck_category(ref.best_shortdeck(short))
        )
    assert evaluate("As 2d 3h 4c", game="badugi").category is None


# ---- value scales ----------------------------------------------------------------------


def rank_class_hands(lowest_rank: int = 0) -> Iterator[list[int]]:
    """One hand for every five-card rank multiset (at most four of a rank) from the ranks
    lowest_rank..A, plus a suited copy when the ranks differ: suits never break ties, so
    these reach every distinct value of a five-card game."""
    for ranks in combinations_with_replacement(range(lowest_rank, 13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        if len(set(ranks)) == 5:
            yield [4 * rank for rank in ranks]  # all clubs
            yield [4 * ranks[0] + 1] + [4 * rank for rank in ranks[1:]]  # one diamond
        else:
            seen: Counter[int] = Counter()
            hand = []
            for rank in ranks:
                hand.append(4 * rank + seen[rank])
                seen[rank] += 1
            yield hand


@pytest.mark.parametrize(
    ("name", "lowest_rank", "top"),
    # The tops in csrc/pokereval.h: 7,462 hold'em classes (the published count), short
    # deck over 6..A, 6,175 A-5 lows (five-rank multisets of 13 ranks, at most four
    # alike, as suits do not count), and 2-7 with the hold'em classes upside down.
    [
        ("holdem", 0, 7462),
        ("stud", 0, 7462),
        ("shortdeck", 4, 1404),
        ("shortdeck-trips", 4, 1404),
        ("razz", 0, 6175),
        ("deuce-seven", 0, 7462),
    ],
)
def test_five_card_values_are_1_to_top_in_reference_order(name: str, lowest_rank: int, top: int) -> None:
    hands = list(rank_class_hands(lowest_rank))
    five = GAMES[name].five
    assert five is not None
    ref_values = [five(hand) for hand in hands]
    values = batch_values(name, hands)
    assert len(set(ref_values)) == top == pe.game_spec(name).top
    assert set(values) == set(range(1, top + 1))  # one value per class, 1 to the top
    assert_same_order(hands, ref_values, values)


def test_badugi_scale_over_every_four_card_hand() -> None:
    """All 270,725 four-card hands: the values are (n << 13) | (0x1FFF - m) of the
    reference's best badugi (n cards, m their ace-low rank mask), there are
    C(13,4) + C(13,3) + C(13,2) + C(13,1) = 1,092 of them (any set of distinct ranks is a
    badugi of its size, and nothing else matters), in the reference's order."""
    hands = np.array(list(combinations(range(52), 4)), dtype=np.uint8)
    values = pe.evaluate_batch(hands, game="badugi")
    # The reference per class of hands alike up to a renaming of suits.
    by_class: dict[tuple[tuple[int, int], ...], int] = {}
    ref_by_class: dict[tuple[tuple[int, int], ...], tuple[int, ...]] = {}
    for row, value in zip(hands.tolist(), values.tolist()):
        names: dict[int, int] = {}
        key = tuple((c // 4, names.setdefault(c % 4, len(names))) for c in row)
        if key in by_class:
            assert by_class[key] == value, ref.cards_str(row)
            continue
        by_class[key] = value
        ref_by_class[key] = ref.badugi(row)
        size, *faces = ref_by_class[key]
        mask = sum(1 << (-face - 1) for face in faces)
        assert value == (size << 13) | (0x1FFF - mask), ref.cards_str(row)
    assert len(set(values.tolist())) == len(set(ref_by_class.values())) == 1092
    assert int(values.max()) == pe.game_spec("badugi").top == (4 << 13) | (0x1FFF - 0b1111)
    keys = list(by_class)
    assert_same_order(
        [[4 * r + s for r, s in key] for key in keys],
        [ref_by_class[k] for k in keys],
        [by_class[k] for k in keys],
    )


# ---- hands written from the rules ------------------------------------------------------


def test_wheel_is_the_best_razz() -> None:
    top = pe.game_spec("razz").top
    assert int(evaluate("5s 4d 3h 2c As", game="razz")) == top
    assert int(evaluate("As 2s 3s 4s 5s", game="razz")) == top  # straights and flushes don't count
    assert int(evaluate("As 2d 3h 4c 5s 5d Kc", game="razz")) == top  # the pair and king do not play
    assert evaluate("6s 4d 3h 2c As", game="razz") < evaluate("5s 4d 3h 2c As", game="razz")
    assert ref.razz(ref_cards("5s 4d 3h 2c As")) == max(ref.razz(hand) for hand in rank_class_hands())


def test_razz_pairs_count_against() -> None:
    # Any unpaired hand beats any pair: K-Q-J-T-9 against A-A-2-3-4.
    assert evaluate("Ks Qd Jh Tc 9s", game="razz") > evaluate("As Ad 2h 3c 4s", game="razz")
    assert evaluate("As Ad 2h 3c 4s", game="razz").category is Category.ONE_PAIR


def test_deuce_seven_best_hand_and_flush() -> None:
    best = evaluate("7s 5d 4c 3h 2s", game="deuce-seven")
    assert int(best) == pe.game_spec("deuce-seven").top
    assert best.category is Category.HIGH_CARD
    suited = evaluate("7s 5s 4s 3s 2s", game="deuce-seven")
    assert suited.category is Category.FLUSH
    assert suited < evaluate("As Kd Qh Jc 9s", game="deuce-seven")  # a flush is worse than any high card
    # The ace is high only: A-2-3-4-5 is ace high, no straight; 6-5-4-3-2 is a straight.
    assert evaluate("As 2d 3h 4c 5s", game="deuce-seven").category is Category.HIGH_CARD
    assert evaluate("6s 5d 4h 3c 2s", game="deuce-seven").category is Category.STRAIGHT
    assert ref.deuce_seven(ref_cards("7s 5d 4c 3h 2s")) > ref.deuce_seven(ref_cards("8s 5d 4c 3h 2s"))


def test_best_badugi_and_four_beats_three() -> None:
    top = evaluate("As 2d 3h 4c", game="badugi")
    assert int(top) == pe.game_spec("badugi").top
    worst_four = evaluate("Kc Qd Jh Ts", game="badugi")
    best_three = evaluate("As 2d 3h 3c", game="badugi")  # the 3c repeats a rank: A-2-3
    assert [ACE_LOW[c.rank] for c in best_three.best_five] == [3, 2, 1]
    assert worst_four > best_three
    assert ref.badugi(ref_cards("Kc Qd Jh Ts")) > ref.badugi(ref_cards("As 2d 3h 3c"))
    # One suit throughout: the lowest card alone plays.
    single = evaluate("Kc 2c 9c 5c", game="badugi")
    assert [str(c) for c in single.best_five] == ["2c"]


def test_shortdeck_ace_six_to_nine_is_the_lowest_straight() -> None:
    wheel = evaluate("As 6d 7h 8c 9s", game="shortdeck")
    assert wheel.category is Category.STRAIGHT
    assert [str(c) for c in wheel.best_five] == ["9s", "8c", "7h", "6d", "As"]
    assert wheel < evaluate("6s 7d 8h 9c Ts", game="shortdeck")
    assert wheel > evaluate("As Ad Ah Kc Qs", game="shortdeck")  # straight beats trips
    assert ref.shortdeck5(ref_cards("As 6d 7h 8c 9s")) < ref.shortdeck5(ref_cards("6s 7d 8h 9c Ts"))


def test_shortdeck_flush_beats_full_house() -> None:
    flush = evaluate("6s 8s Ts Qs Ks", game="shortdeck")
    full = evaluate("As Ad Ah Kc Ks", game="shortdeck")
    assert flush.category is Category.FLUSH and full.category is Category.FULL_HOUSE
    assert flush > full
    # In hold'em the same two hands go the other way.
    assert evaluate("6s 8s Ts Qs Ks", game="holdem") < evaluate("As Ad Ah Kc Ks", game="holdem")


def test_shortdeck_trips_ranks_trips_above_straights_and_nothing_else_moves() -> None:
    trips, straight = "As Ad Ah Kc Qs", "6s 7d 8h 9c Ts"
    assert evaluate(trips, game="shortdeck") < evaluate(straight, game="shortdeck")
    assert evaluate(trips, game="shortdeck-trips") > evaluate(straight, game="shortdeck-trips")
    # The lowest trips beat the best straight, and a flush still beats a full house.
    game = "shortdeck-trips"
    assert evaluate("6s 6d 6h 7c 8s", game=game) > evaluate("As Kd Qh Jc Ts", game=game)
    flush, full = evaluate("6s 8s Ts Qs Ks", game=game), evaluate("As Ad Ah Kc Ks", game=game)
    assert flush > full and flush.category is Category.FLUSH
    wheel = evaluate("As 6d 7h 8c 9s", game=game)
    assert wheel.category is Category.STRAIGHT
    assert [str(c) for c in wheel.best_five] == ["9s", "8c", "7h", "6d", "As"]
    assert pe.game_spec("short deck trips").name == "shortdeck-trips"


@pytest.mark.slow
def test_shortdeck_trips_every_five_card_hand_against_the_reference() -> None:
    """All C(36,5) = 376,992 five-card hands of the short deck: one value per class of the
    reference (written from the rules), 1,404 of them, in the reference's order."""
    hands = np.array(list(combinations(range(16, 52), 5)), dtype=np.uint8)
    assert len(hands) == 376_992
    values = pe.evaluate_batch(hands, game="shortdeck-trips")
    value_of_class: dict[tuple[int, ...], int] = {}
    for hand, value in zip(hands.tolist(), values.tolist()):
        key = ref.shortdeck_trips5(hand)
        assert value_of_class.setdefault(key, value) == value, ref.cards_str(hand)
    ordered = [value_of_class[key] for key in sorted(value_of_class)]
    assert len(ordered) == 1404 and ordered == list(range(1, 1405))
    category_of = {value: ref.shortdeck_trips_category(key) for key, value in value_of_class.items()}
    spec = pe.game_spec("shortdeck-trips")
    assert all(pe.HandRank(v, spec, b"").category == c for v, c in category_of.items())


# ---- errors ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "cards", "message"),
    [
        ("holdem", "As Kd", "holdem needs 5 to 7 cards, got 2"),
        ("stud", "As Kd Qh Jc Ts 9s 8s 7s", "stud needs 5 to 7 cards, got 8"),
        ("shortdeck", "As Kd Qh Jc", "shortdeck needs 5 to 7 cards, got 4"),
        ("razz", "As 2d 3h 4c 5s 6s 7s 8s", "razz needs 5 to 7 cards, got 8"),
        ("deuce-seven", "7s 5d 4c 3h 2s 9d", "deuce-seven needs 5 cards, got 6"),
        ("badugi", "As 2d 3h", "badugi needs 4 cards, got 3"),
    ],
)
def test_wrong_card_count_is_named(game: str, cards: str, message: str) -> None:
    with pytest.raises(ValueError) as info:
        pe.evaluate(cards, game=game)
    assert str(info.value) == message


def test_card_below_six_in_short_deck_is_named() -> None:
    with pytest.raises(ValueError) as info:
        pe.evaluate("As Kd Qh Jc 5s", game="shortdeck")
    assert str(info.value) == "card '5s' at position 5 is not in the shortdeck deck (36 cards, 6 to ace)"
    rows = np.array([ref_cards("As Kd Qh Jc Ts"), ref_cards("As Kd Qh Jc 2d")], dtype=np.uint8)
    with pytest.raises(ValueError) as info:
        pe.evaluate_batch(rows, game="shortdeck")
    assert str(info.value) == (
        "row 1: card '2d' at position 5 is not in the shortdeck deck (36 cards, 6 to ace)"
    )


@pytest.mark.parametrize("game", ["razz", "deuce-seven", "badugi", "shortdeck"])
def test_card_not_in_the_deck_is_named(game: str) -> None:
    width = {"deuce-seven": 5, "badugi": 4}.get(game, 6)
    rows = np.tile(np.arange(51, 51 - 4 * width, -4, dtype=np.uint8), (3, 1))
    rows[2, -1] = 54  # 52 and 53 are the jokers
    with pytest.raises(ValueError) as info:
        pe.evaluate_batch(rows, game=game)
    assert str(info.value) == f"row 2: card id 54 out of range 0..53 at position {width}"
    rows[2, -1] = 52
    with pytest.raises(ValueError) as info:
        pe.evaluate_batch(rows, game=game)
    flat = game in ("holdem", "stud")
    wild = "plays only with wild='joker' or wild='bug'" if flat else f": {game} has no wild"
    assert str(info.value).startswith(f"row 2: joker 'Jk' at position {width}") and wild in str(info.value)
    rows[2, -1] = rows[2, 0]
    with pytest.raises(ValueError) as info:
        pe.evaluate_batch(rows, game=game)
    assert str(info.value) == f"row 2: duplicate card 'As' at positions 1 and {width}"


# ---- the games document ----------------------------------------------------------------

GAMES_MD = Path(__file__).resolve().parent.parent / "docs" / "games.md"


@pytest.mark.skipif(not GAMES_MD.exists(), reason="needs the source tree")
def test_games_doc_examples_run() -> None:
    result = doctest.testfile(str(GAMES_MD), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 20
    assert result.failed == 0


def test_shortdeck_trips_equity_against_every_runout() -> None:
    """Trips over a straight changes who wins: equity on the flop, every runout by hand."""
    hands, board = ["Ac Ad", "9s Ts"], "6c 7d 8h"
    held = [int(c) for c in pe.parse_cards(" ".join([*hands, board]))]
    live = [c for c in range(16, 52) if c not in held]
    for game in ("shortdeck", "shortdeck-trips"):
        shares, runs = [0.0, 0.0], 0
        for turn, river in combinations(live, 2):
            a, b = (int(pe.evaluate(h, board=[*held[4:], turn, river], game=game)) for h in hands)
            shares[0] += (a > b) + (a == b) / 2
            shares[1] += (b > a) + (a == b) / 2
            runs += 1
        got = pe.equity(hands, board, game=game)
        assert got.runs == runs
        assert got.equity == pytest.approx([s / runs for s in shares], abs=1e-12)


def test_category_order_is_holdems_and_other_games_compare_by_value() -> None:
    """Category's docstring said that categories compare as they rank, in every game; in short
    deck and 2-7 they do not, and the hands' values decide (as the docstring now says)."""

    def cat(hand: pe.HandRank) -> pe.Category:
        assert hand.category is not None
        return hand.category

    flush = pe.evaluate("6s 8s Ts Qs Ks", game="shortdeck")
    full = pe.evaluate("As Ad Ah Kc Ks", game="shortdeck")
    assert flush > full and cat(flush) < cat(full)
    trips = pe.evaluate("As Ad Ah Kc Qs", game="shortdeck-trips")
    straight = pe.evaluate("6s 7d 8h 9c Ts", game="shortdeck-trips")
    assert trips > straight and cat(trips) < cat(straight)
    low = pe.evaluate("7s 5d 4h 3c 2s", game="deuce-seven")
    pair = pe.evaluate("2s 2d 4h 3c 5s", game="deuce-seven")
    assert low > pair and cat(low) < cat(pair)
    assert "2-7 the weaker category wins" in " ".join((pe.Category.__doc__ or "").split())
