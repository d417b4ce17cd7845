"""Settlement and showdowns held to the rules, in every game: pots worked out by hand from the
rules (docs/rules.md, the pe_settle header), a settlement reference of its own written from
those rules (not tests/settle_reference.py, and sharing no code with csrc/showdown.c) that
values hands with tests/reference.py, and the betting engine's showdown: what a seat may show
and when it may muck.

The reference builds one pot per level a seat still in put chips in, from the bottom up, each
holding every seat's chips between the level below and its own (the chips of folded seats
above every such level in the top pot, the dead money in the main pot); the C core walks the
contenders from the deepest in with running maxima.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
import reference as ref
from engine_moves import make_move

import pokereval as pe
from pokereval.engine import GAME_NAMES, Hand

Value = tuple[Any, Any]  # (high, low): greater is better; low None for no qualifying low

STUD_LIKE = ("stud", "stud-hilo", "razz")
HILO = ("omaha-hilo", "stud-hilo")


# ---- the reference --------------------------------------------------------------------------


def hand_value(game: str, hole: Sequence[int], board: Sequence[int]) -> Value:
    """(high, low) of a seat from tests/reference.py; the low is None outside hi-lo."""
    cards, own = list(hole) + list(board), list(hole)
    if game == "holdem":
        return ref.best_high(cards), None
    if game == "shortdeck":
        return ref.best_shortdeck(cards), None
    if game == "shortdeck-trips":
        return ref.best_shortdeck_trips(cards), None
    if game == "omaha":
        return ref.omaha_high(own, board), None
    if game == "omaha-hilo":
        return ref.omaha_high(own, board), ref.omaha_low(own, board)
    if game == "stud":
        return ref.best_high(own), None
    if game == "stud-hilo":
        return ref.stud_hilo(own)
    if game == "razz":
        return ref.razz(own), None
    if game == "deuce-seven":
        return ref.deuce_seven(own), None
    assert game == "badugi", game
    return ref.badugi(own), None


def _highest(cards: Sequence[int]) -> tuple[int, int]:
    """The highest card by rank, then suit (spades, hearts, diamonds, clubs); jokers skipped."""
    return max(((card // 4, card % 4) for card in cards if card < 52), default=(-1, -1))


def _lowest(cards: Sequence[int]) -> tuple[int, int]:
    """The lowest card, aces low and clubs the lowest suit; jokers skipped."""
    return min((((card // 4 + 1) % 13, card % 4) for card in cards if card < 52), default=(99, 99))


def odd_orders(
    game: str, holes: Sequence[Sequence[int] | None], base: Sequence[int], explicit: bool
) -> tuple[list[int], list[int]]:
    """(high order, low order) of the odd chips: `base` (seat order, or an explicit order), or
    in stud, stud hi-lo and razz by card (Robert's Rules): the highest card first for the high
    hands, the lowest first for razz and stud hi-lo's lows; equal keys keep `base`'s order."""
    if explicit or game not in STUD_LIKE:
        return list(base), list(base)
    high = sorted(base, key=lambda seat: _highest(holes[seat] or ()), reverse=True)
    low = sorted(base, key=lambda seat: _lowest(holes[seat] or ()))
    return (low if game == "razz" else high), (high if game == "stud" else low)


class Nobody(Exception):
    """Chips are in the pot and nobody is left to win them."""


def _share(amount: int, winners: list[int], order: list[int], pay: list[int]) -> None:
    base, odd = divmod(amount, len(winners))
    for seat in winners:
        pay[seat] += base
    for seat in [seat for seat in order if seat in winners][:odd]:
        pay[seat] += 1


def ref_settle(
    game: str,
    holes: Sequence[Sequence[int] | None],
    board: Sequence[int],
    chips: Sequence[int],
    dead: Sequence[int] | None = None,
    folded: Sequence[bool] | None = None,
    *,
    orders: tuple[list[int], list[int]] | None = None,
    values: dict[int, Value] | None = None,
) -> list[int]:
    """What each seat takes back, from the rules.  `orders` (high, low) overrides the game's
    odd-chip orders; `values` the hand values of the seats that show down."""
    n = len(chips)
    dead_money = list(dead) if dead is not None else [0] * n
    gone = list(folded) if folded is not None else [False] * n
    live = list(chips)
    pay = [0] * n
    top = max(live)
    if live.count(top) == 1:  # the bet nobody matched goes back, folded or not
        seat = live.index(top)
        second = max([c for c in live if c != top] + [0])
        pay[seat] += top - second
        live[seat] = second
    if sum(live) + sum(dead_money) == 0:
        return pay
    # A seat that put nothing in but shows a hand (its hole given) is still in for the dead money.
    shows = [holes[s] is not None and sum(dead_money) > 0 for s in range(n)]
    contenders = [s for s in range(n) if not gone[s] and (chips[s] > 0 or dead_money[s] > 0 or shows[s])]
    if not contenders:
        raise Nobody
    levels = sorted({live[s] for s in contenders})
    pots: list[tuple[int, list[int]]] = []
    below = 0
    for i, level in enumerate(levels):
        amount = sum(min(c, level) - min(c, below) for c in live)
        if i + 1 == len(levels):
            amount += sum(max(0, c - level) for c in live)  # folded seats above every level
        if i == 0:
            amount += sum(dead_money)
        pots.append((amount, [s for s in contenders if live[s] >= level]))
        below = level
    if len(contenders) == 1:  # no showdown: it takes every pot unseen
        pay[contenders[0]] += sum(amount for amount, _ in pots)
        return pay
    if values is None:
        values = {s: hand_value(game, holes[s] or (), board) for s in contenders}
    high_order, low_order = orders if orders is not None else odd_orders(game, holes, range(n), False)
    for amount, eligible in pots:
        best = max(values[s][0] for s in eligible)
        highs = [s for s in eligible if values[s][0] == best]
        lows = [values[s][1] for s in eligible if values[s][1] is not None] if game in HILO else []
        if lows:
            low_winners = [s for s in eligible if values[s][1] is not None and values[s][1] == max(lows)]
            _share(amount - amount // 2, highs, high_order, pay)  # the odd chip of the halving: high
            _share(amount // 2, low_winners, low_order, pay)
        else:
            _share(amount, highs, high_order, pay)
    return pay


def ids(text: str) -> list[int]:
    return ref.ref_cards(text)


# ---- pots worked out by hand ----------------------------------------------------------------

ROYAL = "As Ks Qs Js Ts"
HOLDEM_BOARD = "2c 7d 9h Js 3s"
HILO_BOARD = "2c 5d 8h Kc Ks"

# (game, holes, board, contributions, folded, dead, odd_chip, expected payouts)
HAND_WORKED: list[
    tuple[str, list[str | None], str, list[int], list[bool], list[int] | None, Any, list[int]]
] = [
    # The board plays for 0, 1, 2; seat 3 folded with 13.  Main pot 4 x 7 = 28 among three:
    # 9 each and the odd chip to seat 0; side pot 13 + 13 + 6 = 32 between 1 and 2.
    (
        "holdem",
        ["2c 3d", "2d 3h", "4c 4d", "5c 5d"],
        ROYAL,
        [7, 20, 20, 13],
        [False] * 3 + [True],
        None,
        None,
        [10, 25, 25, 0],
    ),
    # The same with the order 2, 1, 0, 3: the main pot's odd chip to seat 2.
    (
        "holdem",
        ["2c 3d", "2d 3h", "4c 4d", "5c 5d"],
        ROYAL,
        [7, 20, 20, 13],
        [False] * 3 + [True],
        None,
        [2, 1, 0, 3],
        [9, 25, 26, 0],
    ),
    # A folded seat put in more than the all-in winner: 20 of its 60 are unmatched and go back;
    # main pot 3 x 10 + 3 dead = 33 to seat 0's aces; the side pot 2 x 30 to seat 2 alone.
    (
        "holdem",
        ["As Ad", "Kh Kd", "Qs Qd"],
        HOLDEM_BOARD,
        [10, 60, 40],
        [False, True, False],
        [1, 1, 1],
        None,
        [33, 20, 60],
    ),
    # Seat 0 put in only dead money and is still in: the main pot is the dead money alone.
    (
        "holdem",
        ["As Ad", "Kh Kd", "Qs Qd"],
        HOLDEM_BOARD,
        [0, 10, 10],
        [False] * 3,
        [2, 0, 0],
        None,
        [2, 20, 0],
    ),
    # Omaha hi-lo: 51 halved, the odd chip high: 26 to seat 2's quad kings; the low half 25 to
    # the tied A-2-3-5-8 lows, 13 and 12 (the odd chip to seat 0).
    (
        "omaha-hilo",
        ["Ac 3d Qh Qs", "Ah 3c Qd Qc", "Kh Kd 4c 4d"],
        HILO_BOARD,
        [17, 17, 17],
        [False] * 3,
        None,
        None,
        [13, 12, 26],
    ),
    # A low only in the main pot: 33 halved, 17 high to seat 1 and 16 low to seat 0; the side
    # pot (38) has no low among 1 and 2 and goes whole to seat 1.
    (
        "omaha-hilo",
        ["Ac 3d Qh Qs", "Kh Kd 4c 4d", "Jh Jd Tc Ts"],
        HILO_BOARD,
        [11, 30, 30],
        [False] * 3,
        None,
        None,
        [16, 55, 0],
    ),
    # Stud hi-lo: both seats have the wheel high and low.  13 chips: 7 high, 6 low; 3 and 3 of
    # the low half; the high odd chip to the highest card (As, seat 0).
    (
        "stud-hilo",
        ["As 2s 3s 4d 5c 9h 9d", "Ac 2c 3d 4c 5d 9s 9c", None],
        "",
        [5, 5, 3],
        [False, False, True],
        None,
        None,
        [7, 6, 0],
    ),
    # 14 chips, 7 a half: the high odd chip to seat 0 (As), the low one to seat 1 (Ac, the
    # lowest card).  In seat order both go to seat 0.
    (
        "stud-hilo",
        ["As 2s 3s 4d 5c 9h 9d", "Ac 2c 3d 4c 5d 9s 9c"],
        "",
        [7, 7],
        [False, False],
        None,
        None,
        [7, 7],
    ),
    (
        "stud-hilo",
        ["As 2s 3s 4d 5c 9h 9d", "Ac 2c 3d 4c 5d 9s 9c"],
        "",
        [7, 7],
        [False, False],
        None,
        "left-of-button",
        [8, 6],
    ),
    # Razz: the same wheel; the odd chip to the lowest card, Ac (seat 1).
    (
        "razz",
        ["As 2d 3c 4s 5h Kh Kd", "Ac 2c 3d 4c 5d Qs Qc", None],
        "",
        [3, 3, 3],
        [False, False, True],
        None,
        None,
        [4, 5, 0],
    ),
    # Stud: A-K-Q-J-9 both; the odd chip to the highest card, As (seat 0).
    (
        "stud",
        ["Ah Kc Qd Jc 9s 3d 2c", "As Kd Qc Jd 9h 3c 2d", None],
        "",
        [3, 3, 3],
        [False, False, True],
        None,
        None,
        [4, 5, 0],
    ),
    # 2-7 and badugi go by seat order, not by card.
    (
        "deuce-seven",
        ["7c 5d 4h 3s 2c", "7d 5c 4s 3h 2d", None],
        "",
        [3, 3, 3],
        [False, False, True],
        None,
        None,
        [5, 4, 0],
    ),
    (
        "badugi",
        ["Ac 2d 3h 4s", "Ad 2c 3s 4h", None],
        "",
        [3, 3, 3],
        [False, False, True],
        None,
        None,
        [5, 4, 0],
    ),
    # Short deck: a straight beats trips (and splits 8 / 7); with trips above straights the
    # kings take it all.
    (
        "shortdeck",
        ["9s Tc", "Kh Ah", "9d Th"],
        "6c 7d 8h Ks Kd",
        [5, 5, 5],
        [False] * 3,
        None,
        None,
        [8, 0, 7],
    ),
    (
        "shortdeck-trips",
        ["9s Tc", "Kh Ah", "9d Th"],
        "6c 7d 8h Ks Kd",
        [5, 5, 5],
        [False] * 3,
        None,
        None,
        [0, 15, 0],
    ),
    # A lone seat in takes every pot unseen, side pots of folded seats too.
    (
        "omaha-hilo",
        [None, "Ac 3d Qh Qs", None],
        "2c 5d",
        [50, 10, 30],
        [True, False, True],
        [1, 1, 1],
        None,
        [20, 73, 0],
    ),
]


@pytest.mark.parametrize("case", HAND_WORKED, ids=[f"{c[0]}-{i}" for i, c in enumerate(HAND_WORKED)])
def test_pots_worked_out_by_hand(case: Any) -> None:
    game, holes, board, chips, folded, dead, odd_chip, expected = case
    got = pe.settle(
        holes,
        board or None,
        contributions=chips,
        folded=folded,
        dead_money=dead,
        odd_chip=odd_chip,
        game=game,
    )
    assert list(got) == expected
    assert sum(expected) == sum(chips) + sum(dead or ())
    # The reference agrees with the hand-worked numbers.
    given = [None if h is None else ids(h) for h in holes]
    n = len(chips)
    orders = None
    if odd_chip is not None:
        base = list(range(n)) if odd_chip == "left-of-button" else list(odd_chip)
        orders = (base, base)
    assert (
        ref_settle(game, given, ids(board) if board else [], chips, dead, folded, orders=orders) == expected
    )


@pytest.mark.parametrize("where", ["holes", "contributions", "folded", "dead_money", "odd_chip"])
def test_a_0d_array_where_a_seat_list_goes_is_named(where: str) -> None:
    """numpy's 0-d array has a length and an iterator that raise in numpy's words ("len() of
    unsized object"); the message names the argument instead."""
    args: dict[str, object] = {"holes": ["AsKd", "QhQd"], "contributions": [1, 1], where: np.array(5)}
    holes = args.pop("holes")
    with pytest.raises(TypeError, match=rf"^{where} must be a list or tuple, in order, got a 0-d array"):
        pe.settle(holes, "2c3c4h5d9s", **args)  # type: ignore[arg-type]
    if where == "holes":
        with pytest.raises(TypeError, match=r"^holes must be a list or tuple, in order, got a 0-d array"):
            pe.showdown(np.array(5), "2c3c4h5d9s")  # type: ignore[arg-type]


def test_wild_cards_split_and_odd_chip() -> None:
    # Two jokers make five aces for seats 0 and 1: 9 chips, 5 and 4 (seat order).
    got = pe.settle(
        ["Jk 3c", "Jk 4d", None],
        "Ah Ad Ac As 2s",
        contributions=[3, 3, 3],
        folded=[False, False, True],
        wild="joker",
    )
    assert list(got) == [5, 4, 0]


# ---- random deals against the reference -----------------------------------------------------

GAMES: dict[str, tuple[int, tuple[int, int], int, int]] = {  # board, cards a seat, deck_first, most seats
    "holdem": (5, (2, 2), 0, 9),
    "shortdeck": (5, (2, 2), 16, 8),
    "shortdeck-trips": (5, (2, 2), 16, 8),
    "omaha": (5, (4, 6), 0, 7),
    "omaha-hilo": (5, (4, 6), 0, 7),
    "stud": (0, (5, 7), 0, 7),
    "stud-hilo": (0, (5, 7), 0, 7),
    "razz": (0, (5, 7), 0, 7),
    "deuce-seven": (0, (5, 5), 0, 9),
    "badugi": (0, (4, 4), 0, 9),
}


def _deal(rng: random.Random, game: str, n: int) -> tuple[list[list[int]], list[int]]:
    """A deal with many ties: boards that play, seats given one another's ranks."""
    board_n, (fewest, most), first, _ = GAMES[game]
    deck = list(range(first, 52))
    rng.shuffle(deck)
    counts = (
        [rng.randint(fewest, most)] * n
        if game.startswith("omaha")
        else [rng.randint(fewest, most) for _ in range(n)]
    )
    if board_n and rng.random() < 0.4:  # high board, low holes: the board plays
        deck.sort(key=lambda card: -(card // 4) + rng.random() * 4)
        board, rest = deck[:board_n], deck[board_n:]
        rest.sort(key=lambda card: card // 4 + rng.random() * 3)
        holes = []
        for count in counts:
            holes.append(rest[:count])
            rest = rest[count:]
        return holes, board
    if not board_n and rng.random() < 0.4:  # the same ranks in other suits
        used: set[int] = set()
        holes = []
        for count in counts:
            hole: list[int] = []
            for card in deck[:count]:
                for suit in rng.sample(range(4), 4):
                    if (card // 4) * 4 + suit not in used:
                        hole.append((card // 4) * 4 + suit)
                        used.add(hole[-1])
                        break
            while len(hole) < count:
                hole.append(rng.choice([c for c in range(first, 52) if c not in used]))
                used.add(hole[-1])
            holes.append(hole)
        return holes, []
    board, deck = deck[:board_n], deck[board_n:]
    holes = []
    for count in counts:
        holes.append(deck[:count])
        deck = deck[count:]
    return holes, board


def _sweep(count: int, seed: int) -> None:
    rng = random.Random(seed)
    amounts = [0, 1, 2, 3, 5, 7, 10, 11, 25, 100]
    for _ in range(count):
        game = rng.choice(list(GAMES))
        n = rng.randint(2, GAMES[game][3])
        holes, board = _deal(rng, game, n)
        chips = [rng.choice(amounts) for _ in range(n)]
        if rng.random() < 0.3:
            level = rng.choice(amounts)
            chips = [level if rng.random() < 0.6 else c for c in chips]
        folded = [rng.random() < 0.3 for _ in range(n)]
        dead = [rng.choice([0, 0, 1, 2, 3]) for _ in range(n)] if rng.random() < 0.35 else None
        given: list[list[int] | None] = [
            h if not folded[s] or rng.random() < 0.5 else None for s, h in enumerate(holes)
        ]
        odd_chip: list[int] | None = None
        orders = None
        if rng.random() < 0.15:
            odd_chip = rng.sample(range(n), n)
            orders = (odd_chip, odd_chip)
        try:
            want: Any = ref_settle(game, given, board, chips, dead, folded, orders=orders)
        except Nobody:
            want = "nobody"
        try:
            got: Any = list(
                pe.settle(
                    given,
                    board or None,
                    contributions=chips,
                    dead_money=dead,
                    folded=folded,
                    odd_chip=odd_chip,
                    game=game,
                )
            )
        except ValueError as exc:
            assert "nobody" in str(exc)
            got = "nobody"
        assert got == want, (game, given, board, chips, dead, folded, odd_chip)


def test_random_deals_against_the_reference() -> None:
    _sweep(1500, 11)


@pytest.mark.slow
def test_many_random_deals_against_the_reference() -> None:
    _sweep(40000, 12)


# ---- the betting engine's showdown ----------------------------------------------------------


def test_a_shown_hand_cannot_be_mucked() -> None:
    # All in before the flop; seat 1 shows aces.  A hand on the table cannot be taken back:
    # mucking it now would hand seat 0 the pot.  The aces then win it.
    hand = Hand(stacks=[100, 100])
    hand.deal("????")
    hand.deal("????")
    hand.bet_or_raise_to(100)
    hand.check_or_call()
    hand.show(1, "AsAd")
    with pytest.raises(ValueError, match="shown"):
        hand.muck(1)
    hand.show(0, "KsKd")
    for board in ("2c3d4h", "7s", "9h"):
        hand.deal(board)
    assert hand.done and hand.payoffs == (-100, 100)


def test_a_shown_hand_of_known_cards_cannot_be_mucked() -> None:
    hand = Hand(stacks=[100, 100], seed=3, auto_deal=False)
    hand.deal()
    hand.deal()
    hand.bet_or_raise_to(100)
    hand.check_or_call()
    hand.show(0)
    with pytest.raises(ValueError, match="shown"):
        hand.muck(0)
    hand.muck(1)  # the other seat may still give up
    while not hand.done:
        hand.deal()
    assert hand.payoffs == (100, -100)


def test_a_show_of_unknown_cards_binds_nothing() -> None:
    # A history may show a hand as unknown cards ("p1 sm ????"): nothing is on the table, so
    # the seat may still show its cards or muck.  Once such a show counted as shown, a seat
    # that showed "????" could never muck and, its cards unknown, never settle: random play
    # showed it again for ever.
    hand = Hand(stacks=[100, 100])
    hand.deal("????")
    hand.deal("????")
    hand.bet_or_raise_to(100)
    hand.check_or_call()
    hand.show(1)
    assert hand.holes[1] == (None, None)
    hand.muck(1)
    while not hand.done:
        hand.deal()
    assert hand.payoffs == (100, -100)


def _owed(hand: Hand) -> tuple[int, int]:
    """The seat the dealer serves next and how many cards (draw games: no board)."""
    pending = hand.pending_deal
    assert pending is not None and pending[0] is not None
    return pending[0], pending[1]


def _draw_to_showdown(game: str, first: str, second: str, throw0: str, throw1: str) -> Hand:
    """Heads-up draw hand, seat 1 on the button: seat 0 dealt `first`, seat 1 `second`; each
    throws its cards (seat 0 first) and gets unknown replacements; checked down to the show."""
    hand = Hand(game, stacks=[100, 100], button=1, auto_deal=False)
    hand.deal(first, seat=0)
    hand.deal(second, seat=1)
    while not hand.done and hand.phase != "showdown":
        if hand.phase == "bet":
            hand.check_or_call()
        elif hand.phase == "draw":
            throw = throw0 if hand.actor == 0 else throw1
            hand.discard(throw if hand.street == 1 else "")  # only the first draw throws
        else:
            seat, count = _owed(hand)
            hand.deal("??" * count, seat=seat)
    return hand


@pytest.mark.parametrize(
    ("game", "first", "second", "throw0", "throw1", "own", "other", "good0", "good1", "payoffs"),
    [
        # Seat 0 keeps three aces and throws Kh Kd; seat 1 throws 7c.  Seat 0 cannot show its
        # kings back, nor seat 1's seven (2 x 5 + 3 cards cannot empty the deck); with queens
        # it has aces full, beating seat 1's six-high straight.
        (
            "five-card-draw",
            "AsAdAcKhKd",
            "2c3d4h5s7c",
            "KhKd",
            "7c",
            "AsAdAcKhKd",
            "AsAdAc7cQd",
            "AsAdAcQsQd",
            "2c3d4h5s6c",
            (2, -2),
        ),
        # 2-7 single draw: seat 0 throws its pair of kings, seat 1 its eight.
        (
            "deuce-seven-single-draw",
            "7h5d4c3sKs",
            "8c6d5h3c2s",
            "Ks",
            "8c",
            "7h5d4c3sKs",
            "7h5d4c3s8c",
            "7h5d4c3s2c",
            "6d5h3c2s4d",
            (2, -2),
        ),
        # Badugi: seat 0 throws a paired four, seat 1 a king.
        (
            "badugi",
            "Ac2d3h3c",
            "4s5d6hKc",
            "3c",
            "Kc",
            "Ac2d3h3c",
            "Ac2d3hKc",
            "Ac2d3h5s",
            "4s5d6h7c",
            (2, -2),
        ),
    ],
)
def test_a_draw_seat_shows_only_cards_it_can_hold(
    game: str,
    first: str,
    second: str,
    throw0: str,
    throw1: str,
    own: str,
    other: str,
    good0: str,
    good1: str,
    payoffs: tuple[int, int],
) -> None:
    hand = _draw_to_showdown(game, first, second, throw0, throw1)
    assert hand.phase == "showdown"
    with pytest.raises(ValueError, match=r"threw|already dealt"):
        hand.show(0, own)  # its own discards
    with pytest.raises(ValueError, match="already dealt"):
        hand.show(0, other)  # the other seat's discard, the stub never ran out
    hand.show(0, good0)
    hand.show(1, good1)
    assert hand.done and hand.payoffs == payoffs


def test_a_draw_seat_may_show_another_seats_discard_once_the_stub_can_have_run_out() -> None:
    # Six seats of five-card draw, every card unknown but seat 1's; everyone throws five.  30 +
    # 30 cards and a burn do not fit in 52: the discards were shuffled back, so seat 0 may
    # have been dealt seat 1's (the engine would deal them so), but seat 1 never its own.
    hand = Hand("five-card-draw", stacks=[100] * 6, button=5, auto_deal=False)
    for seat in range(6):
        hand.deal("2c3c4c5c6c" if seat == 1 else "??" * 5, seat=seat)
    while hand.phase == "bet":
        hand.check_or_call()
    while hand.phase == "draw":
        hand.discard("2c3c4c5c6c" if hand.actor == 1 else "??" * 5)
    while hand.phase == "deal":
        seat, count = _owed(hand)
        hand.deal("??" * count, seat=seat)
    while hand.phase == "bet":
        hand.check_or_call()
    assert hand.phase == "showdown"
    with pytest.raises(ValueError, match="threw"):
        hand.show(1, "2c9d9h9sTd")
    hand.show(0, "2c3c4c5c6c")  # a straight flush from seat 1's discards
    for seat in range(1, 5):
        hand.muck(seat)
    hand.show(5, "AsAdAhAcKd")
    assert hand.done and hand.payoffs == (10, -2, -2, -2, -2, -2)


def test_the_dealer_never_deals_a_seat_a_card_it_threw_in_the_draw() -> None:
    # Six seats dealt 30 known cards; all throw five.  After four seats are served the stub
    # holds 2 cards: the rest come from the discards, but never the served seat's own.
    deck = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    hand = Hand("five-card-draw", stacks=[100] * 6, button=5, auto_deal=False)
    holes = [deck[5 * s : 5 * s + 5] for s in range(6)]
    for seat in range(6):
        hand.deal("".join(holes[seat]), seat=seat)
    while hand.phase == "bet":
        hand.check_or_call()
    while hand.phase == "draw":
        hand.discard("".join(holes[hand.actor]))  # type: ignore[index]
    for seat in range(4):
        hand.deal("".join(deck[30 + 5 * seat : 35 + 5 * seat]), seat=seat)
    # Two cards for two left: the stub cannot deal them and a burn, so it is made again.
    with pytest.raises(ValueError, match=r"seat 4 threw '..' in the draw, and no seat is dealt back"):
        hand.deal(holes[4][0] + holes[0][0], seat=4)
    hand.deal(holes[0][0] + holes[0][1], seat=4)  # another seat's discards: shuffled back, fine


def test_a_muck_that_would_leave_nobody_to_win_the_chips_is_refused() -> None:
    # Heads-up stud hi-lo, seat 0's ante 2 takes its one chip (all in), seat 1 antes nothing
    # and has put in nothing: betting is over.  If seat 0 mucked, no seat that put chips in
    # would be left and its chip would vanish; so it may not.  Seat 1 may muck: seat 0 takes
    # its own chip back.
    hand = Hand(
        "stud-hilo",
        limit="pot-limit",
        stacks=[1, 1],
        antes=[2, 0],
        bring_in=2,
        blinds=(0, 0),
        ante_trimming=False,
        button=0,
        auto_deal=False,
        seed=1,
    )
    with pytest.raises(ValueError, match="nobody would win"):
        hand.muck(0)
    hand.muck(1)
    while not hand.done:
        hand.deal()
    assert hand.settlement is not None and list(hand.settlement) == [1, 0]
    assert hand.payoffs == (0, 0)


# ---- random engine hands against the reference ----------------------------------------------

_ENGINE_EVAL = {
    "five-card-draw": "holdem",
    "deuce-seven-single-draw": "deuce-seven",
    "deuce-seven-triple-draw": "deuce-seven",
}


def _engine_hand(rng: random.Random) -> tuple[Hand, dict[str, Any]] | None:
    game = rng.choice(GAME_NAMES)
    limit = rng.choice(["no-limit", "pot-limit", "fixed-limit"])
    n = rng.randint(2, 7 if game in STUD_LIKE else 6)
    stacks = [rng.choice([1, 2, 3, 5, 7, 10, 13, 30, 100]) for _ in range(n)]
    kw: dict[str, Any] = {"button": rng.randrange(n)}
    if game in STUD_LIKE:
        kw.update(
            antes=rng.choice([1, 2]) if rng.random() < 0.7 else [rng.choice([0, 1, 2]) for _ in range(n)],
            bring_in=1,
            blinds=(0, 0),
        )
    else:
        kw["blinds"] = rng.choice([(1, 2), (1, 3), (2, 5), (0, 2)])
        if rng.random() < 0.4:
            kw["antes"] = (
                rng.choice([1, 2]) if rng.random() < 0.6 else [rng.choice([0, 1, 2]) for _ in range(n)]
            )
        elif rng.random() < 0.2:
            kw["bb_ante"] = rng.choice([1, 2, 3])
    if limit == "fixed-limit":
        kw["bets"] = (2, 4)
    if rng.random() < 0.5:
        kw["ante_trimming"] = rng.random() < 0.5
    if game.startswith("omaha"):
        kw["hole_cards"] = rng.choice([4, 5, 6]) if n <= 4 else 4
    try:
        hand = Hand(game, limit=limit, stacks=stacks, seed=rng.getrandbits(32), auto_deal=False, **kw)
    except ValueError:  # a rule out of range for these stacks (a bring-in of a full bet...)
        return None
    while not hand.done:
        if hand.phase == "deal":
            if rng.random() < 0.2:  # betting is over: a seat may muck (or be refused)
                try:
                    hand.muck(rng.randrange(n))
                except ValueError:
                    pass
            if not hand.done and hand.phase == "deal":
                hand.deal()
        else:
            make_move(hand, rng.choice(sorted(hand.legal)), rng)
    return hand, kw


def _engine_sweep(count: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        played = _engine_hand(rng)
        if played is None:
            continue
        hand, kw = played
        p = hand._p
        n = p.n
        assert hand.settlement is not None, hand.actions
        live = [int(p.live[s]) for s in range(n)]
        dead = [int(p.dead[s]) for s in range(n)]
        for s in range(n):  # the chips: what went in, what came back
            assert hand.starting_stacks[s] - hand.stacks[s] + hand.settlement[s] == live[s] + dead[s]
        out = [bool((p.folded | p.mucked) >> s & 1) for s in range(n)]
        holes: list[list[int] | None] = [
            [c.id for c in h if c is not None] if None not in h else None for h in hand.holes
        ]
        board = [c.id for c in hand.board if c is not None]
        trimming = kw.get("ante_trimming")
        if trimming is None:  # the default: antes count toward a seat's level when all alike
            antes = kw.get("antes", 0)
            trimming = (not isinstance(antes, list) or len(set(antes)) == 1) and not kw.get("bb_ante")
        chips, dead_money = ([a + b for a, b in zip(live, dead)], None) if trimming else (live, dead)
        base = [(kw["button"] + 1 + k) % n for k in range(n)]  # from the button's left
        orders = odd_orders(hand.game, holes, base, False)
        game = _ENGINE_EVAL.get(hand.game, hand.game)
        want = ref_settle(game, holes, board, chips, dead_money, out, orders=orders)
        assert list(hand.settlement) == want, (hand.game, kw, hand.actions)


def test_random_engine_hands_against_the_reference() -> None:
    _engine_sweep(400, 21)


@pytest.mark.slow
def test_many_random_engine_hands_against_the_reference() -> None:
    _engine_sweep(6000, 22)
