"""A hostile review of the engine's stud games (stud, stud-hilo, razz) and draw games
(five-card-draw, 2-7 single and triple draw, badugi).

The expectations come from the rules (docs/engine.md, Robert's Rules of Poker): small
references written here, not from the engine's own answers.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from pokereval import Card
from pokereval.engine import Hand

SUITS = "cdhs"  # the tie order of suits: clubs lowest, spades highest
RANKS = "23456789TJQKA"


# ---- small references from the rules ---------------------------------------------------


def _rank(card: Card, ace_low: bool) -> int:
    """2..14, the ace 1 when it plays low."""
    r = RANKS.index(str(card)[0]) + 2
    return 1 if ace_low and r == 14 else r


def _suit(card: Card) -> int:
    return SUITS.index(str(card)[1])


def bring_in_seat(ups: dict[int, Card], razz: bool) -> int:
    """The lowest up card brings in (razz: the highest, aces low); suits break ties."""
    if razz:
        return max(ups, key=lambda s: (_rank(ups[s], True), _suit(ups[s])))
    return min(ups, key=lambda s: (_rank(ups[s], False), _suit(ups[s])))


def showing_key(cards: list[Card], low: bool) -> tuple[int, tuple[int, ...]]:
    """(pattern, ranks): pattern 0 high card, 1 pair, 2 two pair, 3 trips, 4 quads; ranks by
    count then rank, highest first.  Straights and flushes count for nothing."""
    counts: dict[int, int] = {}
    for card in cards:
        r = _rank(card, low)
        counts[r] = counts.get(r, 0) + 1
    most = max(counts.values())
    pairs = sum(1 for c in counts.values() if c == 2)
    pattern = {4: 4, 3: 3}.get(most, 2 if pairs == 2 else pairs)
    ranks = tuple(r for r, c in sorted(counts.items(), key=lambda rc: (-rc[1], -rc[0])) for _ in range(c))
    return pattern, ranks


def opener_seat(showing: dict[int, list[Card]], order: list[int], razz: bool) -> int:
    """From fourth street the best showing hand acts first (razz: the best low, the lowest
    key), the first from the dealer's left among equals."""
    keys = {s: showing_key(showing[s], razz) for s in order}
    best = min(keys.values()) if razz else max(keys.values())
    return next(s for s in order if keys[s] == best)


def from_buttons_left(n: int, button: int) -> list[int]:
    return [(button + 1 + k) % n for k in range(n)]


def ups_of(hand: Hand, seat: int) -> list[Card]:
    return [c for c, up in zip(hand.holes[seat], hand.up[seat]) if up and c is not None]


# ---- defect 1: a mucked stud seat was still dealt the later streets ------------------------


def _stud_all_in_after_third(game: str = "stud") -> Hand:
    """Seats 1 and 2 all in on third street, seat 0 covers them: betting is over with four
    streets to deal (no seed: the dealer waits)."""
    hand = Hand(game, limit="no-limit", stacks=[100, 10, 10], antes=1, bring_in=1)
    for cards in ("AhKd2c", "QsJs3d", "9h8h4s"):  # seats 1, 2, 0 (the button is seat 2)
        hand.deal(cards)
    assert hand.actor == (0 if game == "razz" else 1)  # 4s the highest, 2c the lowest
    hand.bet_or_raise_to(9)
    while hand.phase == "bet":
        hand.check_or_call()
    assert hand.phase == "deal" and hand.stacks[1:] == (0, 0)
    return hand


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_a_mucked_stud_seat_is_dealt_no_more_cards(game: str) -> None:
    """Once betting is over a seat may give up its hand; the dealer then deals it nothing
    more (a hand no longer in play gets no cards), by hand or at random."""
    hand = _stud_all_in_after_third(game)
    hand.muck(2)
    assert hand.pending_deal == (1, 1)
    with pytest.raises(ValueError, match=r"owes seat 2 no cards"):
        hand.deal("5c", seat=2)
    served = []
    while hand.phase == "deal":
        served.append(hand.pending_deal)
        hand.deal()
    assert served == [(1, 1), (0, 1)] * 4
    assert hand.done
    assert len(hand.holes[2]) == 3 and len(hand.holes[0]) == 7 and len(hand.holes[1]) == 7
    # seat 2 gave up its share: 10 from it, seats 0 and 1 play for the rest
    assert hand.payoffs[2] == -10 and sum(hand.payoffs) == 0


def test_a_mucked_stud_seat_is_out_of_the_next_streets_deal() -> None:
    """A muck between streets (the street's cards not yet owed) keeps the seat out of every
    later deal, the seventh street's too."""
    hand = _stud_all_in_after_third()
    for cards in ("5c", "6d", "7h"):  # fourth street, seats 1, 2, 0
        hand.deal(cards)
    hand.muck(1)
    dealt = []
    while hand.phase == "deal":
        seat = hand.pending_deal[0] if hand.pending_deal else None
        dealt.append(seat)
        hand.deal()
    assert 1 not in dealt and dealt == [2, 0] * 3
    assert len(hand.holes[1]) == 4


@pytest.mark.parametrize("game", ["five-card-draw", "deuce-seven-single-draw", "badugi"])
def test_a_seat_that_mucks_after_its_discard_gets_no_replacements(game: str) -> None:
    """The same in a draw: a seat all in that discarded, then mucked before the
    replacements, draws no more (it was still owed them)."""
    cards = 4 if game == "badugi" else 5
    hand = Hand(game, limit="no-limit", stacks=[100, 10, 10])  # the button, seat 0, acts first
    for _ in range(3):
        hand.deal()
    hand.bet_or_raise_to(10)
    while hand.phase == "bet":
        hand.check_or_call()
    assert hand.phase == "draw" and hand.stacks[1:] == (0, 0)
    assert hand.actor == 1  # the draw starts left of the button
    hand.discard([str(c) for c in hand.holes[1][:2]])
    hand.muck(1)
    while hand.phase == "draw":
        hand.discard()
    while hand.phase == "deal":
        assert hand.pending_deal is not None and hand.pending_deal[0] != 1
        hand.deal()
    assert len(hand.holes[1]) == cards - 2


# ---- defect 2: cards thrown in an earlier draw, worded as "already dealt" ------------------


def _first_draw(game: str) -> Hand:
    """Heads-up, the button seat 0: seat 1 draws first.  In the first draw seat 1 throws Ac
    and is dealt Qh; the hand waits for seat 1's second draw."""
    five = game != "badugi"
    hand = Hand(game, limit="fixed-limit", stacks=[100, 100])
    hand.deal("AcKd2h3s4c" if five else "AcKd2h3s")  # seat 1
    hand.deal("5c6d7h8s9c" if five else "5c6d7h8s")  # seat 0
    hand.check_or_call()
    hand.check_or_call()
    assert hand.actor == 1
    hand.discard("Ac")
    hand.discard()  # seat 0 stands pat
    hand.deal("Qh")
    hand.check_or_call()
    hand.check_or_call()
    assert hand.phase == "draw" and hand.actor == 1
    return hand


@pytest.mark.parametrize("game", ["badugi", "deuce-seven-triple-draw"])
def test_a_card_thrown_in_an_earlier_draw_is_named_with_its_draw(game: str) -> None:
    hand = _first_draw(game)
    # discarding it again: the seat threw it in the first draw, it does not hold it now
    with pytest.raises(ValueError, match=r"seat 1 cannot discard 'Ac': it threw that card in the first draw"):
        hand.discard("Ac")
    hand.discard("Kd")
    hand.discard()
    # dealing it back: out of the stub since the first draw, not "already dealt"
    with pytest.raises(
        ValueError, match=r"seat 1 threw 'Ac' in the first draw; a thrown card comes back"
    ) as err:
        hand.deal("Ac")
    assert "already dealt" not in str(err.value)
    # this draw's own discard: never dealt back to the seat that threw it
    with pytest.raises(ValueError, match=r"seat 1 threw 'Kd' in the second draw, and no seat is dealt back"):
        hand.deal("Kd")
    hand.deal("Jh")
    assert hand.phase == "bet"


def test_showing_a_card_thrown_in_an_earlier_draw_names_the_draw() -> None:
    hand = Hand("badugi", limit="fixed-limit", stacks=[100, 100])
    hand.deal("AcKd2h??", seat=1)
    hand.deal("5c6d7h8s", seat=0)
    for street in range(3):
        while hand.phase == "bet":
            hand.check_or_call()
        hand.discard("Ac" if street == 0 else "??")
        hand.discard()
        hand.deal("??")
    while hand.phase == "bet":
        hand.check_or_call()
    assert hand.phase == "showdown"
    with pytest.raises(ValueError, match=r"seat 1 cannot show 'Ac': it threw that card in the first draw"):
        hand.show(1, "Kd2hAc3s")
    hand.show(1, "Kd2h3s4s")
    assert hand.done


def test_a_discard_outside_the_deck_says_so() -> None:
    hand = Hand("five-card-draw", limit="fixed-limit", stacks=[100, 100], seed=3)
    hand.check_or_call()
    hand.check_or_call()
    with pytest.raises(ValueError, match=r"not in the five-card-draw deck"):
        hand.discard([52])
    with pytest.raises(ValueError, match=r"cannot discard 2 '\?\?': it holds no unknown card"):
        hand.discard("????")


# ---- defect 3: the stub's count after unknown cards -----------------------------------------


def test_a_stub_run_out_under_unknown_cards_lets_a_thrown_card_come_back() -> None:
    """Six seats of triple draw: 30 cards dealt, 21 left after a burn.  In the first draw
    seats 0..4 take 25 replacements, so the stub ran out before seat 5 is served, and the
    cards seat 0 threw may come back to seat 5 (a history records such a deal).  The dealer
    counted only the known cards it dealt ("??" left its stub whole) and refused."""
    hand = Hand("deuce-seven-triple-draw", limit="fixed-limit", stacks=[100] * 6, button=5)
    hand.deal("2c3c4c5c6c")
    for _ in range(4):
        hand.deal("??????????")
    hand.deal("7d8d9dTdJd")
    while hand.phase == "bet":
        hand.check_or_call()
    hand.discard("2c3c4c5c6c")
    for _ in range(4):
        hand.discard("??????????")
    hand.discard("7d8d9dTdJd")
    for _ in range(5):
        hand.deal("??????????")
    assert hand.pending_deal == (5, 5)
    with pytest.raises(ValueError, match=r"seat 5 threw '7d' in the first draw, and no seat is dealt back"):
        hand.deal("7d")
    hand.deal("2c3c4c5c6c")
    assert [str(c) for c in hand.holes[5]] == ["2c", "3c", "4c", "5c", "6c"]
    # while the stub still holds a deal's cards, a thrown card stays out
    early = Hand("deuce-seven-triple-draw", limit="fixed-limit", stacks=[100] * 2)
    early.deal("??????????")
    early.deal("2c3c4c5c6c")
    while early.phase == "bet":
        early.check_or_call()
    early.discard("??")
    early.discard("2c")
    early.deal("??")
    with pytest.raises(ValueError, match=r"seat 0 threw '2c' in the first draw"):
        early.deal("2c")


# ---- references: who brings in, who opens, what a bet is ------------------------------------


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_bring_in_and_openers_follow_the_rules(game: str) -> None:
    """Random seeded hands, every street: the bring-in (lowest up card, razz the highest with
    aces low, suits clubs < diamonds < hearts < spades) and the first to act later (the best
    showing hand, razz the best low; first from the button's left among equals)."""
    razz = game == "razz"
    rng = random.Random(11)
    checked = 0
    for seed in range(150):
        n = rng.randint(2, 8)
        button = rng.randrange(n)
        hand = Hand(
            game, limit="fixed-limit", stacks=[1000] * n, antes=1, bring_in=1, button=button, seed=seed
        )
        order = from_buttons_left(n, button)
        ups = {s: ups_of(hand, s)[0] for s in range(n)}
        assert hand.actor == bring_in_seat(ups, razz)
        hand.bring_in()
        folded: set[int] = set()
        while not hand.done:
            street = hand.street
            while hand.phase == "bet" and hand.street == street:
                # a few folds, never the last two seats
                if hand.to_call and len(folded) < n - 2 and rng.random() < 0.2:
                    folded.add(hand.actor or 0)
                    hand.fold()
                else:
                    hand.check_or_call()
            if hand.done or hand.phase != "bet":
                break
            live = [s for s in order if s not in folded]
            assert hand.actor == opener_seat({s: ups_of(hand, s) for s in live}, live, razz), (
                seed,
                hand.street,
            )
            checked += 1
    assert checked > 300


def test_fixed_limit_sizes_and_the_open_pair_big_bet() -> None:
    """Small bet on third and fourth street, the big bet after; on fourth street a pair
    showing lets any bet be the big bet in stud, not in razz or stud hi-lo."""
    rng = random.Random(5)
    seen_pair = {"stud": 0, "stud-hilo": 0, "razz": 0}
    for game in seen_pair:
        for seed in range(120):
            n = rng.randint(2, 6)
            hand = Hand(
                game, limit="fixed-limit", stacks=[1000] * n, antes=1, bring_in=2, bets=(4, 8), seed=seed
            )
            assert hand.min_raise_to == hand.max_raise_to == 4  # the completion
            hand.bring_in()
            while hand.phase == "bet" and hand.street == 0:
                hand.check_or_call()
            for street in (1, 2, 3, 4):
                if hand.done:
                    break
                assert hand.street == street
                pair = any(len({str(c)[0] for c in ups_of(hand, s)}) < len(ups_of(hand, s)) for s in range(n))
                small = 4 if street == 1 else 8
                big = 8 if (street == 1 and pair and game == "stud") else small
                assert (hand.min_raise_to, hand.max_raise_to) == (small, big), (game, seed, street)
                if big != small:
                    seen_pair[game] += 1
                    hand.bet_or_raise_to(8)
                    # the round now plays big bets: the raise is to 16
                    assert (hand.min_raise_to, hand.max_raise_to) == (16, 16)
                while hand.phase == "bet" and hand.street == street:
                    hand.check_or_call()
    assert seen_pair["stud"] > 5


def test_odd_chips_go_by_card_in_stud() -> None:
    """Robert's Rules: in stud the odd chip goes to the highest card by suit (every card of
    the seat counting); in razz to the lowest.  Seat 2 brings in 2 and folds to the
    completion: the pot is 13, split 6-6 with the odd chip by card."""
    for game, a, b, c in (
        ("stud", "AsKsQs" + "Js9h3d4c", "AdKdQd" + "Jd9c3h4h", "7h8h2c"),
        ("razz", "Ac3d2c" + "4c5cQhJh", "Ad3h2d" + "4d5dQdJd", "7h8hKs"),
    ):
        hand = Hand(game, limit="fixed-limit", stacks=[100] * 3, antes=1, bring_in=2, bets=(4, 8), button=2)
        for seat, cards in ((0, a[:6]), (1, b[:6]), (2, c)):
            hand.deal(cards, seat=seat)
        assert hand.actor == 2  # 2c the lowest up card; in razz Ks the highest
        hand.bring_in()
        hand.complete()
        hand.check_or_call()
        hand.fold()
        for k in range(4):
            hand.deal(a[6 + 2 * k : 8 + 2 * k], seat=0)
            hand.deal(b[6 + 2 * k : 8 + 2 * k], seat=1)
            while hand.phase == "bet":
                hand.check_or_call()
        assert hand.done
        won = [p + 5 for p in hand.payoffs[:2]]  # each put in its ante and 4
        assert won == [7, 6], (game, hand.payoffs)  # As (Ac in razz) takes the odd chip


# ---- hostile inputs -------------------------------------------------------------------------


def test_hostile_discards_and_phh_moves() -> None:
    hand = Hand("deuce-seven-triple-draw", limit="fixed-limit", stacks=[100, 100, 100], button=2)
    hand.act("d dh p1 2c3c4c5c6c")
    hand.act("d dh p2 ??????????")
    hand.act("d dh p3 7d8d9dTdJd")
    while hand.phase == "bet":
        hand.check_or_call()
    before = hand.copy()
    with pytest.raises(TypeError, match=r"bool"):
        hand.discard([True])
    with pytest.raises(TypeError, match=r"float"):
        hand.discard([1.0])  # type: ignore[list-item]
    with pytest.raises(ValueError, match=r"'2c' twice|duplicate card '2c'"):
        hand.discard([0, 0])
    with pytest.raises(ValueError, match=r"cannot discard 6 cards: it holds 5"):
        hand.discard("2c3c4c5c6c7c")
    with pytest.raises(ValueError, match=r"p2 is not to act"):
        hand.act("p2 sd 2c")
    with pytest.raises(ValueError, match=r"one word"):
        hand.act("p1 sd 2c 3c")
    with pytest.raises(ValueError, match=r"dealer cannot deal now"):
        hand.act("d dh p1 ????")
    assert hand == before
    hand.discard([np.int64(int(Card("2c")))])
    assert hand.actor == 1
    hand.act("p2 sd ????")
    hand.act("p3 sd")
    assert hand.pending_deal == (0, 1)
    hand.act("d dh p1 ??")
    with pytest.raises(ValueError, match=r"owed 2 cards, got 3"):
        hand.act("d dh p2 ??????")
