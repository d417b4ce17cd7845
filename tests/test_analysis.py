"""outs, draws, odds, category_table and hand_strength against slow enumerations from the rules.

The oracle is tests/analysis_reference.py over tests/reference.py (neither imports pokereval);
category tables are also checked against the published counts of 5-, 6- and 7-card hands.
docs/analysis.md, the tour of these functions, is run by tests/test_docs.py.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from itertools import combinations, permutations

import analysis_reference as aref
import pytest
import reference as ref

import pokereval
from pokereval import Card, Category, DrawKind, Range
from pokereval.analysis import category_table, draws, hand_strength, odds, outs

# The categories of hands without wild cards, the keys of every Odds.
NATURAL = [Category(number) for number in range(10)]


def ids(text: str) -> list[int]:
    return ref.ref_cards(text)


def names(cards: object) -> set[str]:
    return {str(Card(c)) for c in cards}  # type: ignore[attr-defined]


def random_spot(rng: random.Random, board_size: int, dead: int = 0) -> tuple[list[int], list[int], list[int]]:
    cards = rng.sample(range(52), 2 + board_size + dead)
    return cards[:2], cards[2 : 2 + board_size], cards[2 + board_size :]


# ---- outs ---------------------------------------------------------------------------------


def test_ace_king_of_hearts_has_the_classic_fifteen() -> None:
    r = outs("AhKh", "2h 7h 9c")
    hearts = {f"{rank}h" for rank in "345689TJQ"}
    assert names(r.cards) == hearts | {"Ac", "Ad", "As", "Kc", "Kd", "Ks"}
    assert r.count == 15 and r.unseen == 47 and r.street == "flop"
    # 1 - C(32, 2) / C(47, 2), and the rule of 4: 60%.
    assert r.by_river == pytest.approx(1 - math.comb(32, 2) / math.comb(47, 2))
    assert r.next_card == pytest.approx(15 / 47)
    assert r.rule_of_2_and_4 == pytest.approx(0.60)
    made = {str(o.card): o.hand.category for o in r.outs}
    assert made["Qh"] == Category.FLUSH and made["As"] == Category.ONE_PAIR


def test_a_card_that_only_pairs_the_board_is_no_out() -> None:
    r = outs("AhKh", "2h 7h 9c")
    assert not names(r.cards) & {"9d", "9s", "7c", "7d", "2c", "2d"}
    # A board pair on the turn gives everyone two pair; pocket sevens make a full house with it.
    assert "9d" not in names(outs("Ac Kd", "9s 7h 2c 4d").cards)
    assert "9d" in names(outs("7c 7d", "9s 7h 2c 4d").cards)


@pytest.mark.parametrize(
    ("hole", "board", "want"),
    [
        # An overpair or a pocket pair: a card that pairs the board makes two pair of the
        # board's pair, which every player with a pair gets too.  Only the set cards remain.
        ("AsAd", "2c 7d 9h", {"Ac", "Ah"}),
        ("5c5d", "Kh 9s 2c", {"5h", "5s"}),
        # A pair made with the board (one nine held): the other board ranks pair the board.
        ("9c8d", "9h 4s 2d", {"9d", "9s", "8c", "8h", "8s"}),
        # A set fills up: each card that pairs the board makes a full house with it.
        ("5c5d", "5h Kh 9s", {"5s", "Kc", "Kd", "Ks", "9c", "9d", "9h"}),
        # A board-pairing card of the player's suit makes the flush: an out.
        ("AhKh", "2h 7h 9c Jd", {f"{r}h" for r in "345689TJQ"} | {"Ac", "Ad", "As", "Kc", "Kd", "Ks"}),
    ],
)
def test_a_card_that_turns_the_players_pair_into_two_pair_with_the_board_is_no_out(
    hole: str, board: str, want: set[str]
) -> None:
    """docs/analysis.md: "A card that only pairs the board gives every player that pair, so it
    is no out."  AsAd on 2c 7d 9h counted the nine cards that pair the board (11 outs, 41.7% by
    the river) as the two pair they make; found by hostile testing."""
    r = outs(hole, board)
    assert names(r.cards) == want
    assert set(r.cards) == aref.improving_outs(ids(hole), ids(board))


@pytest.mark.parametrize(
    ("hole", "board", "dead"),
    [
        ("AhKh", "2h 7h 9c", ""),
        ("7c8c", "9d Th 2s", ""),
        ("Ad2c", "3h 4s Kd", ""),  # the wheel draw: any five
        ("Jc Tc", "9c 8d 2c", "Qc 7s"),  # dead cards among the outs
        ("5d5s", "5c Kh Kd", ""),  # a full house that can only become quads
        ("AhKh", "2h 7h 9c Jd", "Qh"),
        ("6s 6h", "Ts 9d 2s 2d", ""),
    ],
)
def test_outs_match_the_reference(hole: str, board: str, dead: str) -> None:
    r = outs(hole, board, dead=dead or None)
    expected = aref.improving_outs(ids(hole), ids(board), ids(dead))
    assert set(r.cards) == expected
    live = aref.unseen(ids(hole), ids(board), ids(dead))
    assert r.unseen == len(live)
    assert r.by_river == pytest.approx(aref.hit_by_river(live, expected, 5 - len(ids(board))))
    for out in r.outs:
        assert out.hand.category == ref.category_of([*ids(hole), *ids(board), out.card])


def test_a_dead_card_is_no_out() -> None:
    r = outs("AhKh", "2h 7h 9c", dead="Qh As")
    assert "Qh" not in names(r.cards) and "As" not in names(r.cards)
    assert r.count == 13 and r.unseen == 45


def test_wheel_draw_outs() -> None:
    r = outs("Ad 2c", "3h 4s Kd")
    fives = {"5c", "5d", "5h", "5s"}
    assert fives <= names(r.cards)
    assert {str(o.card): o.hand.category for o in r.outs}["5h"] == Category.STRAIGHT


def test_random_spots_match_the_reference(rng: random.Random) -> None:
    for board_size in (3, 4):
        for dead in (0, 3):
            for _ in range(8):
                hole, board, dead_cards = random_spot(rng, board_size, dead)
                r = outs(hole, board, dead=dead_cards)
                expected = aref.improving_outs(hole, board, dead_cards)
                assert set(r.cards) == expected, (hole, board, dead_cards)
                live = aref.unseen(hole, board, dead_cards)
                assert r.by_river == pytest.approx(aref.hit_by_river(live, expected, 5 - board_size))


def test_a_flush_out_that_fills_the_opponents_set_is_tainted() -> None:
    # Hearts make the flush, but 2h pairs the board and gives the set of deuces quads.
    r = outs("AhKh", "9h 7h 2c", vs="2d2s")
    assert names(r.cards) == {f"{rank}h" for rank in "345689TJQ"} - {"9h"}
    assert names(c.card for c in r.tainted) == {"2h"}
    wins, ties, tainted, by_river = aref.outs_against(ids("AhKh"), ids("9h 7h 2c"), [ids("2d2s")])
    assert set(r.cards) == wins and {o.card for o in r.ties} == ties
    assert {o.card for o in r.tainted} == tainted
    assert r.by_river == pytest.approx(by_river)
    assert r.unseen == 45


@pytest.mark.parametrize(
    ("hole", "board", "opponents", "dead"),
    [
        ("AhKh", "2h 7h 9c Jd", ["QsQd"], ""),
        ("7c8c", "9d Th 2s", ["AsAd"], "Jc"),
        ("Ac Kc", "Qh Jh 2c", ["9h 9d", "Ts 2s"], ""),  # two opponents, ties on a ten
        ("5h 5d", "Ks Kd 5c 9h", ["Kh 9c"], ""),  # full house under a bigger full house
        ("As Qd", "Ah 7c 7d", ["Ac 7s"], ""),
    ],
)
def test_outs_against_hands_match_the_reference(
    hole: str, board: str, opponents: list[str], dead: str
) -> None:
    r = outs(hole, board, vs=opponents, dead=dead or None)
    wins, ties, tainted, by_river = aref.outs_against(
        ids(hole), ids(board), [ids(o) for o in opponents], ids(dead)
    )
    assert set(r.cards) == wins
    assert {o.card for o in r.ties} == ties
    assert {o.card for o in r.tainted} == tainted
    assert r.by_river == pytest.approx(by_river)
    assert r.opponents == len(opponents)
    assert all(o.share == 1.0 for o in (*r.outs, *r.ties, *r.tainted))


def test_outs_against_a_range_average_the_holdings() -> None:
    hole, board = ids("Ah Kh"), ids("Qh 7h 2c Js")
    holdings = Range("JJ,QQ,AQs:0.5").ids
    r = outs(hole, board, vs="JJ,QQ,AQs:0.5")
    win_weight: dict[int, float] = {}
    avail: dict[int, float] = {}
    total = river = 0.0
    for row in holdings:
        opp = [int(c) for c in row]
        if set(opp) & set(hole + board):
            continue
        weight = 0.5 if ref.rank_of(opp[0]) != ref.rank_of(opp[1]) else 1.0
        wins, _, _, by_river = aref.outs_against(hole, board, [opp])
        for card in aref.unseen(hole, board, opp):
            avail[card] = avail.get(card, 0.0) + weight
            win_weight[card] = win_weight.get(card, 0.0) + weight * (card in wins)
        total += weight
        river += weight * by_river
    expected = {c: win_weight[c] / avail[c] for c in avail if win_weight.get(c)}
    assert {o.card: pytest.approx(o.share) for o in r.outs} == expected
    assert r.by_river == pytest.approx(river / total)
    assert r.effective == pytest.approx(sum(expected.values()))


def test_random_spots_against_a_hand_match_the_reference(rng: random.Random) -> None:
    for board_size in (3, 4):
        for _ in range(6):
            hole, board, opp = random_spot(rng, board_size, 2)
            r = outs(hole, board, vs=[opp])
            wins, ties, tainted, by_river = aref.outs_against(hole, board, [opp])
            assert (set(r.cards), {o.card for o in r.ties}) == (wins, ties)
            assert {o.card for o in r.tainted} == tainted
            assert r.by_river == pytest.approx(by_river)


def test_outs_repr_shows_exact_and_rule_side_by_side() -> None:
    text = repr(outs("AhKh", "2h 7h 9c"))
    assert "15 on the flop" in text and "54.1% exact" in text and "60.0% by the rule of 4" in text


# ---- draws --------------------------------------------------------------------------------


def kinds(hole: str, board: str) -> dict[str, set[str]]:
    return {d.kind.name: names(d.cards) for d in draws(hole, board)}


def of_ranks(ranks: str, *, exclude: str = "") -> set[str]:
    return {r + s for r in ranks for s in "cdhs"} - set(exclude.split())


@pytest.mark.parametrize(
    ("hole", "board", "expected"),
    [
        (
            "Jc Tc",
            "9c 8d 2c",
            {
                "FLUSH_DRAW": {f"{r}c" for r in "345678QKA"},
                "OPEN_ENDED_STRAIGHT_DRAW": of_ranks("7Q"),
                "OVERCARDS": of_ranks("JT", exclude="Jc Tc"),
            },
        ),
        (
            "Ks Qs",
            "2s 7d 9c",
            {
                "BACKDOOR_FLUSH_DRAW": {f"{r}s" for r in "3456789TJA"},
                "OVERCARDS": of_ranks("KQ", exclude="Ks Qs"),
            },
        ),
        ("9c 7d", "Jh 8s 5c", {"DOUBLE_GUTSHOT": of_ranks("6T")}),
        ("Ad 2c", "3h 4s Kd", {"GUTSHOT": of_ranks("5")}),  # the wheel draw
        ("Ad Kc", "Qh Js 4d", {"GUTSHOT": of_ranks("T"), "OVERCARDS": of_ranks("AK", exclude="Ad Kc")}),
        ("Ac Kd", "5h 6s 7d 8c", {"OVERCARDS": of_ranks("AK", exclude="Ac Kd")}),  # the board's own draw
        ("9c Tc", "5h 6s 7d 8c", {}),  # already a straight
        ("2c 3d", "Ks Qh 8c", {}),
        ("Ah 5h", "Kh 9h 2h", {}),  # a made flush is no draw
        ("Ah 5c", "Kh 9h 2h Qs", {"FLUSH_DRAW": {f"{r}h" for r in "345678TJQ"}}),
    ],
)
def test_draws_on_hand_made_spots(hole: str, board: str, expected: dict[str, set[str]]) -> None:
    assert kinds(hole, board) == expected
    reference = {kind: names(cards) for kind, cards in aref.draws(ids(hole), ids(board)).items()}
    assert reference == expected


def test_random_draws_match_the_reference(rng: random.Random) -> None:
    for board_size in (3, 4):
        for _ in range(150):
            hole, board, _ = random_spot(rng, board_size)
            got = {d.kind.name: set(d.cards) for d in draws(hole, board)}
            assert got == aref.draws(hole, board), (hole, board)


def test_draws_lookup_and_words() -> None:
    r = draws("Jc Tc", "9c 8d 2c")
    assert DrawKind.FLUSH_DRAW in r and DrawKind.GUTSHOT not in r
    assert len(r[DrawKind.OPEN_ENDED_STRAIGHT_DRAW]) == 8
    with pytest.raises(KeyError):
        r[DrawKind.GUTSHOT]
    assert (
        r.describe() == "Flush draw (9 cards), open-ended straight draw (8 cards) and two overcards (6 cards)"
    )
    assert r.describe("ru") == "Флеш-дро (9 карт), двустороннее стрит-дро (8 карт) и две оверкарты (6 карт)"
    assert (
        r.describe("bg")
        == "Дро за флош (9 карти), двустранно дро за кента (8 карти) и две овъркарти (6 карти)"
    )
    assert draws("Ad 2c", "3h 4s Kd").describe("ru") == "Гатшот (4 карты)"
    assert draws("2c 3d", "Ks Qh 8c").describe("ru") == "Нет дро"
    with pytest.raises(ValueError, match="unknown language 'de'"):
        r.describe("de")


# ---- odds ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hole", "board", "dead"),
    [
        ("AhKh", "2h 7h 9c", ""),
        ("7c 7d", "7h Kd 2s", "Ks"),
        ("5s 6s", "7s 8s Kd Kc", ""),
        ("Ac Ad", "Ah As Kc Qd", ""),
        ("Tc Jc", "Qc Kc 2d", "Ac 9c"),
    ],
)
def test_odds_match_brute_force(hole: str, board: str, dead: str) -> None:
    r = odds(hole, board, dead=dead or None)
    expected = aref.odds(ids(hole), ids(board), ids(dead))
    assert dict(r.counts) == {c: expected.get(int(c), 0) for c in NATURAL}
    assert r.runouts == math.comb(52 - 2 - len(ids(board)) - len(ids(dead)), 5 - len(ids(board)))
    assert math.fsum(r.values()) == pytest.approx(1.0)
    assert r[Category.HIGH_CARD] == expected.get(0, 0) / r.runouts


def test_odds_on_the_river_is_the_made_hand() -> None:
    r = odds("AhKh", "Qh Jh Th 2c 3d")
    assert r[Category.ROYAL_FLUSH] == 1.0 and r.runouts == 1


def test_odds_keys_are_the_ten_categories_without_wild_cards() -> None:
    r = odds("AhKh", "2h7h9c")
    assert list(r) == NATURAL and len(r) == 10
    assert Category.FIVE_OF_A_KIND not in r
    with pytest.raises(KeyError):
        r[Category.FIVE_OF_A_KIND]


def test_odds_preflop_pocket_aces() -> None:
    r = odds("AcAd")
    assert r.runouts == math.comb(50, 5)
    assert r[Category.HIGH_CARD] == 0.0
    assert math.fsum(r.values()) == pytest.approx(1.0)


def test_odds_short_deck_match_brute_force() -> None:
    r = odds("Ah Kh", "Qh 6h 9c", game="shortdeck")
    expected = aref.shortdeck_odds(ids("Ah Kh"), ids("Qh 6h 9c"))
    assert dict(r.counts) == {c: expected.get(int(c), 0) for c in NATURAL}
    assert r.runouts == math.comb(31, 2)


def test_short_deck_trips_table_and_odds_follow_its_order() -> None:
    # The same hands as the short deck, classed alike; only the order of trips and straights moves.
    plain, trips = category_table(6, game="shortdeck"), category_table(6, game="shortdeck-trips")
    assert {row.category: row.count for row in plain} == {row.category: row.count for row in trips}
    order = [row.category for row in trips]
    assert order.index(Category.THREE_OF_A_KIND) > order.index(Category.STRAIGHT)
    assert dict(odds("Ah Kh", "Qh 6h 9c", game="shortdeck-trips").counts) == dict(
        odds("Ah Kh", "Qh 6h 9c", game="shortdeck").counts
    )


def test_odds_omaha_match_brute_force() -> None:
    hole, board = ids("Ah Kh Qc Jc"), ids("Th 2h 3c 9d")
    r = odds(hole, board, game="omaha")
    live = aref.unseen(hole, board)
    expected = Counter(ref.omaha_high(hole, [*board, c])[0] for c in live)
    assert dict(r.counts) == {c: expected.get(int(c), 0) for c in NATURAL}


# ---- category tables ----------------------------------------------------------------------

# Published counts (e.g. Wikipedia, "Poker probability"; the 7-card figures are those every
# evaluator's exhaustive test checks), strongest first: royal flush .. high card.
PUBLISHED = {
    5: (4, 36, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540),
    6: (188, 1656, 14664, 165984, 205792, 361620, 732160, 2532816, 9730740, 6612900),
    7: (4324, 37260, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800, 23294460),
}


@pytest.mark.parametrize("cards", [5, 6, 7])
def test_holdem_tables_match_the_published_counts(cards: int) -> None:
    t = category_table(cards)
    assert tuple(row.count for row in reversed(t.rows)) == PUBLISHED[cards]
    assert t.hands == math.comb(52, cards) and t.deck == 52 and t.cards == cards
    for row in t:
        assert row.probability == row.count / t.hands
        assert row.odds_against == pytest.approx((t.hands - row.count) / row.count)
    assert "every 7-card hand of a 52-card deck" in category_table(7).conditions


def test_reference_counts_match_the_published_five_card_counts() -> None:
    # The class-counting oracle, checked once against published figures before it checks the core.
    counts = aref.category_counts(5)
    assert tuple(counts[c] for c in range(9, -1, -1)) == PUBLISHED[5]


@pytest.mark.parametrize("cards", [5, 6, pytest.param(7, marks=pytest.mark.slow)])
def test_short_deck_tables_match_the_reference(cards: int) -> None:
    t = category_table(cards, game="shortdeck")
    expected = aref.category_counts(cards, shortdeck=True)
    assert {row.category: row.count for row in t} == {Category(c): n for c, n in expected.items()}
    assert t.hands == math.comb(36, cards) and t.deck == 36
    # The short deck's order: a flush beats a full house.
    order = [row.category for row in t]
    assert order.index(Category.FLUSH) > order.index(Category.FULL_HOUSE)


@pytest.mark.parametrize("cards", [5, 6, pytest.param(7, marks=pytest.mark.slow)])
def test_razz_tables_match_the_reference(cards: int) -> None:
    t = category_table(cards, game="razz")
    expected = aref.razz_counts(cards)
    # Classes the scale has but k cards cannot end in (trips with seven cards) are listed with 0.
    assert {row.category: row.count for row in t if row.count} == {
        Category(c): n for c, n in expected.items()
    }
    assert Category.STRAIGHT not in {row.category for row in t}


def test_deuce_seven_table_moves_the_wheels() -> None:
    # From the published 5-card counts: in 2-7 the ace is high only, so the 10 x 4^5 - 40 wheels
    # are ace-high hands and the 4 suited wheels plain flushes.
    t = {row.category: row.count for row in category_table(5, game="deuce-seven")}
    assert t[Category.STRAIGHT] == 10200 - 1020
    assert t[Category.HIGH_CARD] == 1302540 + 1020
    assert t[Category.STRAIGHT_FLUSH] == 36 - 4 and t[Category.FLUSH] == 5108 + 4


# ---- hand strength ------------------------------------------------------------------------


def close(got: tuple[float, ...], expected: tuple[float, ...]) -> None:
    assert got == pytest.approx(expected, rel=1e-12, abs=1e-12)


def test_hand_strength_on_a_turn_matches_the_reference() -> None:
    hole, board = ids("Ah Kh"), ids("Qh 7h 2c Js")
    dead = ids("3c 4c 5c 6c 8c 9c Tc 3d 4d 5d 6d 8d 9d Td 3s 4s 5s 6s")
    r = hand_strength(hole, board, dead=dead)
    close((r.hs, r.ppot, r.npot, r.ehs), aref.hand_strength(hole, board, dead))
    assert r.exact and r.opponents == 1


@pytest.mark.slow
def test_hand_strength_on_a_flop_matches_the_reference() -> None:
    hole, board = ids("9s 8s"), ids("7s Td 2c")
    dead = ids("2d 3d 4d 5d 6d 3h 4h 5h 6h 8h 3c 4c 5c 6c 8c Kc Kd Kh Qc Qd Qh Ac Ad Ah Jc Jd")
    r = hand_strength(hole, board, dead=dead)
    close((r.hs, r.ppot, r.npot, r.ehs), aref.hand_strength(hole, board, dead))


def test_hand_strength_on_the_river_has_no_potential() -> None:
    hole, board = ids("Ah Kh"), ids("Qh 7h 2c Js 3h")
    r = hand_strength(hole, board)
    close((r.hs, r.ppot, r.npot, r.ehs), aref.hand_strength(hole, board))
    assert r.ppot == r.npot == 0.0 and r.ehs == r.hs


def test_hand_strength_against_a_range_matches_the_reference() -> None:
    hole, board = ids("Ah Kh"), ids("Qh 7h 2c Js")
    holdings = [
        ((int(a), int(b)), float(w))
        for (a, b), w in zip(Range("QQ,JJ,AQ:0.5,T9s").ids, Range("QQ,JJ,AQ:0.5,T9s").weights)
    ]
    r = hand_strength(hole, board, vs="QQ,JJ,AQ:0.5,T9s")
    close((r.hs, r.ppot, r.npot, r.ehs), aref.hand_strength(hole, board, (), holdings))


def test_exact_matrix_counts_every_holding_and_runout() -> None:
    r = hand_strength("AhKh", "2h7h9c")
    assert sum(r.now) == math.comb(47, 2)
    assert sum(map(sum, r.matrix)) == math.comb(47, 2) * math.comb(45, 2)


def within_4_se(estimate: float, exact: float, n: float) -> None:
    se = math.sqrt(max(exact * (1 - exact), 1e-12) / n)
    assert abs(estimate - exact) <= 4 * se, (estimate, exact, se)


@pytest.mark.parametrize(("hole", "board"), [("AhKh", "2h7h9c"), ("7c7d", "Ks 9d 2c Jh")])
def test_monte_carlo_is_within_4_standard_errors(hole: str, board: str) -> None:
    exact = hand_strength(hole, board)
    r = hand_strength(hole, board, samples=200_000, seed=7)
    assert not r.exact and r.samples == 200_000 and r.seed == 7
    within_4_se(r.hs, exact.hs, 200_000)
    # PPOT and NPOT are shares of the deals behind (ahead) now, so their sample is that part.
    behind = r.now[2] + r.now[1] / 2
    ahead = r.now[0] + r.now[1] / 2
    within_4_se(r.ppot, exact.ppot, behind)
    within_4_se(r.npot, exact.npot, ahead)


def test_monte_carlo_against_a_range_is_within_4_standard_errors() -> None:
    exact = hand_strength("AhKh", "2h7h9c", vs="QQ+,AK,T9s:0.5")
    r = hand_strength("AhKh", "2h7h9c", vs="QQ+,AK,T9s:0.5", samples=200_000, seed=3)
    within_4_se(r.hs, exact.hs, 200_000)


def test_two_opponents_are_within_4_standard_errors_of_an_enumeration() -> None:
    # On the river, with most of the deck dead so that every deal of two holdings can be played:
    # ahead means above both, tied level with the better of them (counted half).
    hole, board = ids("Ks Qh"), ids("Kd 7d 2c 9s 3h")  # top pair: ahead of both 87%, tied 3%
    dead = ids("2d 2h 2s 3c 3d 3s 4c 4d 4h 5c 5d 5h 6c 6d 6h 7c 7h 8d 8s 9c 9h Td Th Jc Jd Qd Kh Ac Ad")
    live = aref.unseen(hole, board, dead)
    ours = ref.best_high([*hole, *board])
    value = {opp: ref.best_high([*opp, *board]) for opp in combinations(live, 2)}
    score = deals = 0.0
    for first, second in permutations(value, 2):
        if set(first) & set(second):
            continue
        best = max(value[first], value[second])
        score += 1.0 if ours > best else 0.5 if ours == best else 0.0
        deals += 1
    r = hand_strength(hole, board, opponents=2, dead=dead, samples=200_000, seed=5)
    within_4_se(r.hs, score / deals, 200_000)
    assert r.opponents == 2 and sum(r.now) == 200_000 and r.ppot == r.npot == 0.0


def test_several_opponents_make_being_ahead_rarer() -> None:
    one = hand_strength("Ts 9s", "8s 7d 2c Kh", samples=100_000, seed=1)
    three = hand_strength("Ts 9s", "8s 7d 2c Kh", opponents=3, samples=100_000, seed=1)
    assert three.hs < one.hs
    assert three.opponents == 3 and sum(three.now) == 100_000


def test_same_seed_same_result_different_seeds_differ() -> None:
    a = hand_strength("AhKh", "2h7h9c", opponents=2, samples=20_000, seed=11)
    b = hand_strength("AhKh", "2h7h9c", opponents=2, samples=20_000, seed=11)
    c = hand_strength("AhKh", "2h7h9c", opponents=2, samples=20_000, seed=12)
    assert a == b and a.hs != c.hs
    assert hand_strength("AhKh", "2h7h9c", opponents=2, samples=100).seed is not None


# ---- errors -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: outs("AhKh", "2h 7h 9c Jd 3s"), "river board of 5 cards has nothing to come"),
        (lambda: draws("AhKh", "2h 7h 9h Jh 3s"), "river board of 5 cards has nothing to come"),
        (lambda: outs("AhKh", ""), r"needs a flop \(3 board cards\) or a turn \(4\), got 0"),
        (lambda: outs("AhKh", "Ah 7h 9c"), "duplicate card 'Ah' in the hole cards and the board"),
        (lambda: outs("AhKh", "2h 7h 9c", dead="7h"), "duplicate card '7h' in the board and the dead cards"),
        (lambda: odds("AhKh", "2h 2h 9c"), "duplicate card '2h'"),
        (lambda: outs("AhKh", "2h 7h 9c", vs="AhQd"), "duplicate card 'Ah' in the hole cards and opponent 1"),
        (
            lambda: outs("AhKh", "2h 7h 9c", vs=["QsQd", "Qs2c"]),
            "duplicate card 'Qs' in opponent 1 and opponent 2",
        ),
        (lambda: hand_strength("AhKh", "2h7h9c", vs="Kh Qd"), "duplicate card 'Kh'"),
        (lambda: outs("AhKh", "2h 7h 9c", game="poker"), "unknown game 'poker'"),
        (lambda: outs("AhKhQc2d", "2h 7h 9c", game="omaha"), "outs is defined for holdem only, not 'omaha'"),
        (lambda: draws("AhKh", "Ah 7h 9c", game="razz"), "draws is defined for holdem only, not 'razz'"),
        (lambda: hand_strength("AhKh", "2h7h9c", game="shortdeck"), "holdem only, not 'shortdeck'"),
        (lambda: odds("AhKh", game="razz"), "odds supports holdem, .*, omaha; not 'razz'"),
        (lambda: odds("5h Kh", "Qh 6h 9c", game="shortdeck"), "card '5h'.* is not in the shortdeck deck"),
        (lambda: category_table(4), "^cards: holdem deals 5 to 7 cards, got 4$"),
        (lambda: category_table(6, game="deuce-seven"), "deals 5 cards, got 6"),
        (lambda: category_table(7, game="omaha"), "not 'omaha'"),
        (lambda: outs("AhKhQc", "2h 7h 9c"), "holdem deals 2 hole cards, got 3"),
        (lambda: hand_strength("AhKh", "2h7h"), "needs a flop, turn or river"),
        (lambda: hand_strength("AhKh", "2h7h9c", opponents=10), "opponents must be 1 to 9"),
        (lambda: hand_strength("AhKh", "2h7h9c", opponents=2, vs=["QQ", "JJ", "TT"]), "vs lists 3"),
        (lambda: outs("AhKh", "2h7h9c", vs="Ah Ad"), "duplicate card 'Ah'"),
        (lambda: outs("AhKh", "Ad Ac 9c", vs="AA"), "has no combo left"),
    ],
)
def test_bad_input_names_the_problem(call: object, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        call()  # type: ignore[operator]


def test_category_table_needs_an_int() -> None:
    with pytest.raises(TypeError, match="cards must be an int"):
        category_table("7")  # type: ignore[arg-type]


# ---- results ------------------------------------------------------------------------------


def test_results_are_immutable() -> None:
    for result in (
        outs("AhKh", "2h7h9c"),
        draws("AhKh", "2h7h9c"),
        category_table(5),
        hand_strength("AhKh", "2h7h9c Jd"),
    ):
        field = dataclasses.fields(result)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(result, field, None)
    r = odds("AhKh", "2h7h9c")
    with pytest.raises(AttributeError):
        r.game = "razz"
    with pytest.raises(TypeError):
        r[Category.FLUSH] = 1.0  # type: ignore[index]


def test_public_names_are_exported() -> None:
    for name in (
        "outs",
        "draws",
        "odds",
        "category_table",
        "hand_strength",
        "Outs",
        "Draws",
        "DrawKind",
        "Odds",
        "CategoryTable",
        "HandStrength",
    ):
        assert name in pokereval.__all__ and hasattr(pokereval, name)


def test_hand_strength_with_no_runout_left_is_refused_exact_as_sampled() -> None:
    """Exact, the potentials were 0/0 and came out as 0; sampling refused the same spot."""
    dead = [c for c in range(52) if c not in pokereval.card_ids("AhAd2c3c4c")][:44]
    for samples in (None, 100):
        with pytest.raises(ValueError, match="not enough live cards for 1 opponent and the runout"):
            pokereval.hand_strength("AhAd", "2c3c4c", dead=dead, samples=samples, seed=1)


def test_an_opponent_with_nothing_left_is_named_an_opponent() -> None:
    with pytest.raises(ValueError, match=r"^opponent 2 \('AA'\) has no combo left"):
        pokereval.hand_strength("AhAd", "As 7h 9c", vs=["KK", "AA"])


def test_an_outs_share_counts_the_holdings_that_leave_the_card_unseen() -> None:
    """Against 32s (four combos, weight 1) and 8c6d (weight 0.5): after 2c, 7d9d wins only
    against 8c6d, and 3c2c cannot be held with 2c to come, so the share is 0.5 of the 3.5
    that leave 2c unseen, 1/7 (over every holding it would be 0.5 / 4.5)."""
    r = pokereval.outs("7d9d", "Qs Tc Qd", vs="32s,8c6d:0.5", dead="Qc Ts")
    shares = {str(o.card): o.share for o in r.outs}
    assert shares["2c"] == pytest.approx(1 / 7)


@pytest.mark.parametrize(
    ("hole", "board", "want"),
    [
        ("AsAd", "7c 7d Kh Ks", {"7h", "7s", "Kc", "Kd", "Ac", "Ah"}),  # kings full of aces, not of sevens
        ("TcJd", "5s 6h 7d 8c", {"9c", "9d", "9h", "9s", "Td", "Th", "Ts", "Jc", "Jh", "Js"}),
        # jacks full of tens over the board's jacks full of nines; a nine gives both nines full of jacks
        ("TdTh", "Jd 9d 9s Js", {"Tc", "Ts", "Jc", "Jh"}),
    ],
)
def test_a_card_that_gives_the_board_a_straight_or_full_house_is_an_out_when_the_player_beats_it(
    hole: str, board: str, want: set[str]
) -> None:
    """docs/analysis.md: such a card is an out when the player's own cards make a better one.
    The core counted a card only when the board alone stayed below the new category, so a 9 for
    TcJd on 5s6h7d8c (draws() called it a gutshot) and a king for AsAd on 7c7dKhKs were left out:
    outs 2 of 6; found by hostile testing."""
    r = outs(hole, board)
    assert names(r.cards) == want
    assert set(r.cards) == aref.improving_outs(ids(hole), ids(board))


def test_outs_match_the_rules_on_boards_that_straighten_fill_and_flush() -> None:
    """Random spots rarely give the board its own straight or full house: deals from a few
    neighbouring ranks and suits do, and each is held to the reference's rule."""
    rng = random.Random(20261205)
    checked = 0
    while checked < 600:
        low = rng.randrange(0, 9)
        suits = rng.sample(range(4), rng.choice((1, 2, 4)))
        pool = [4 * r + s for r in range(low, low + rng.choice((3, 4, 5))) for s in suits]
        n = rng.choice((3, 4))
        if len(pool) < n + 2:
            continue
        cards = rng.sample(pool, n + 2)
        hole, board = cards[:2], cards[2:]
        got = {c for c in range(52) if pokereval.Card(c) in outs(hole, board).cards}
        assert got == aref.improving_outs(hole, board), (hole, board)
        checked += 1
