"""pokereval.compat.pokerkit's hand types answer as PokerKit's, and PokerKit games played
with them pay out the same.  Expected values come from PokerKit's own classes."""

from __future__ import annotations

import contextlib
import io
import random
import re
import textwrap
from pathlib import Path
from typing import Any

import pytest

pokerkit = pytest.importorskip("pokerkit")

from pokerkit_play import ShimHoldem, ShimOmahaHiLo, StockHoldem, StockOmahaHiLo, play, played  # noqa: E402

from pokereval.compat import pokerkit as shim  # noqa: E402

DECK = list(pokerkit.Deck.STANDARD)
# (hand type, how many hole cards, board sizes the games deal)
SHAPES = {
    "StandardHighHand": (2, (3, 4, 5)),
    "StandardLowHand": (5, (0,)),
    "ShortDeckHoldemHand": (2, (3, 4, 5)),
    "EightOrBetterLowHand": (2, (3, 4, 5)),
    "RegularLowHand": (7, (0,)),
    "OmahaHoldemHand": (4, (3, 4, 5)),
    "OmahaEightOrBetterLowHand": (4, (3, 4, 5)),
    "GreekHoldemHand": (2, (3, 4, 5)),
    "BadugiHand": (4, (0,)),
}


def deal(rng: random.Random, name: str) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    hole, boards = SHAPES[name]
    deck = [c for c in DECK if name != "ShortDeckHoldemHand" or c.rank not in "2345"]
    cards = rng.sample(deck, hole + rng.choice(boards))
    return tuple(cards[:hole]), tuple(cards[hole:])


def same(real: Any, ours: Any) -> bool:
    if real is None or ours is None:
        return real is ours
    return (ours.entry, ours.entry.label, ours.cards, repr(ours), str(ours)) == (
        real.entry,
        real.entry.label,
        real.cards,
        repr(real),
        str(real),
    )


def test_the_classes_are_pokerkits() -> None:
    for name in SHAPES:
        ours = getattr(shim, name)
        assert issubclass(ours, getattr(pokerkit, name))
        assert ours.lookup is getattr(pokerkit, name).lookup and ours.low == getattr(pokerkit, name).low
    assert shim.NoLimitTexasHoldem.hand_types == (shim.StandardHighHand,)
    assert issubclass(shim.NoLimitTexasHoldem, pokerkit.NoLimitTexasHoldem)
    assert shim.Automation is pokerkit.Automation  # every other name passes through


@pytest.mark.parametrize("name", list(SHAPES))
def test_from_game_alike(name: str) -> None:
    rng = random.Random(name)
    real_type, our_type = getattr(pokerkit, name), getattr(shim, name)
    hands = []
    for _ in range(600 if "Omaha" in name else 2000):
        hole, board = deal(rng, name)
        real = real_type.from_game_or_none(hole, board)
        ours = our_type.from_game_or_none(hole, board)
        assert same(real, ours), (name, hole, board, real, ours)
        if real is not None:
            hands.append((real, ours))
    assert len(hands) > 100
    for (real_a, ours_a), (real_b, ours_b) in zip(hands, hands[1:]):
        assert (ours_a < ours_b, ours_a == ours_b, ours_a > ours_b, ours_a <= ours_b, ours_a >= ours_b) == (
            real_a < real_b,
            real_a == real_b,
            real_a > real_b,
            real_a <= real_b,
            real_a >= real_b,
        )


@pytest.mark.parametrize("name", list(SHAPES))
def test_construction_alike(name: str) -> None:
    """Five (badugi: one to four) cards, valid or not, as PokerKit takes or refuses them."""
    rng = random.Random(name + "!")
    real_type, our_type = getattr(pokerkit, name), getattr(shim, name)
    for _ in range(1500):
        cards = tuple(rng.sample(DECK, rng.randint(1, 4) if name == "BadugiHand" else 5))
        try:
            real = real_type(cards)
        except ValueError:
            with pytest.raises(ValueError, match="form an invalid"):
                our_type(cards)
            continue
        ours = our_type(cards)
        assert same(real, ours) and hash(ours) == hash(our_type(cards))


def test_edge_hands() -> None:
    for name, hole, board in [
        ("StandardHighHand", "AsKs", "QsJsTs2c3d"),  # royal
        ("StandardHighHand", "5d4d", "3d2dAd9c9h"),  # steel wheel
        ("StandardHighHand", "5c4d", "3h2sAc"),  # wheel
        ("StandardHighHand", "7c5d", "4h3s2c"),  # the lowest hand
        ("StandardLowHand", "7c5d4h3s2c", ""),  # the best 2-7 low
        ("StandardLowHand", "Ac2d3h4s5c", ""),  # ace-high, no straight in 2-7
        ("ShortDeckHoldemHand", "As6s", "7s8s9sKdKh"),  # short-deck steel wheel
        ("EightOrBetterLowHand", "As2d", "3h4s5cKdKh"),  # the nut low
        ("EightOrBetterLowHand", "As2d", "3h4s9cKdKh"),  # no low
        ("RegularLowHand", "Ac2c3c4c5cKsKd", ""),
        ("OmahaHoldemHand", "AsKsQsJs", "Ts2c3d4h5h"),  # one spade on board: no flush
        ("OmahaEightOrBetterLowHand", "As2d9c9h", "3h4s5cKdKh"),
        ("GreekHoldemHand", "Ac2d", "QdJdTh2sKs"),
        ("BadugiHand", "Ac2d3h4s", ""),
        ("BadugiHand", "KcKdKhKs", ""),
    ]:
        real = getattr(pokerkit, name).from_game_or_none(hole, board)
        ours = getattr(shim, name).from_game_or_none(hole, board)
        assert same(real, ours), (name, hole, board)


@pytest.mark.slow
def test_100000_random_holdem_hands_alike() -> None:
    """5, 6 and 7 cards through StandardHighHand.from_game: the same entry every time (the
    cards are compared on the first 2,000, where reading them is not the point of speed)."""
    rng = random.Random(100_000)
    for i in range(100_000):
        cards = tuple(rng.sample(DECK, rng.choice((5, 6, 7))))
        real = pokerkit.StandardHighHand.from_game(cards[:2], cards[2:])
        ours = shim.StandardHighHand.from_game(cards[:2], cards[2:])
        assert ours.entry == real.entry and ours.entry.label == real.entry.label, cards
        if i < 2000:
            assert same(real, ours)


@pytest.mark.slow
@pytest.mark.parametrize(("stock", "ours"), [(StockHoldem, ShimHoldem), (StockOmahaHiLo, ShimOmahaHiLo)])
def test_random_games_pay_out_alike(stock: type[Any], ours: type[Any]) -> None:
    """1,000 no-limit hold'em and 1,000 pot-limit Omaha hi-lo hands with random stacks,
    raises and all-ins, played to the end with PokerKit's hand types and with ours."""
    for seed in range(1000):
        assert play(ours, seed) == play(stock, seed), seed


def test_a_star_import_gives_every_pokerkit_name() -> None:
    """Every PokerKit docs example starts with ``from pokerkit import *``."""
    names: dict[str, Any] = {}
    exec("from pokereval.compat.pokerkit import *", names)
    del names["__builtins__"]
    assert set(names) == set(pokerkit.__all__) and len(names) == len(pokerkit.__all__) == 125
    for name, ours in names.items():
        stock = getattr(pokerkit, name)
        assert ours is stock or (isinstance(ours, type) and issubclass(ours, stock) and ours is not stock), (
            name
        )


WSOP = sorted((Path(__file__).parent / "data" / "wsop-2023-43").glob("*.phh"))


@pytest.mark.parametrize("path", WSOP, ids=[path.stem for path in WSOP])
def test_hand_histories_replay_on_the_shims_games(path: Path) -> None:
    """A PHH file read with the shim replays with the shim's games and hand types, to
    PokerKit's stacks and the recorded ones, and writes back the same text as PokerKit's."""
    text = path.read_text(encoding="utf-8")
    ours, stock = shim.HandHistory.loads(text), pokerkit.HandHistory.loads(text)
    assert ours.game_type is shim.HandHistory.game_types[ours.variant]
    assert issubclass(ours.game_type, stock.game_type) and ours.game_type is not stock.game_type
    *_, our_state = ours
    *_, stock_state = stock
    assert all(getattr(shim, hand_type.__name__) is hand_type for hand_type in our_state.hand_types)
    assert our_state.stacks == stock_state.stacks == ours.finishing_stacks
    assert ours.dumps() == stock.dumps()
    again = shim.HandHistory.from_game_state(ours.create_game(), our_state, **ours.user_defined_fields)
    assert again.dumps().splitlines()[:7] == stock.dumps().splitlines()[:7]  # variant .. actions


def test_from_game_state_writes_what_pokerkit_writes() -> None:
    """Hands played with the shim's games and with PokerKit's: the same PHH text, from
    either class's from_game_state, and it replays with the shim's games to the same stacks."""
    for seed in range(40):
        (our_game, our_state), (stock_game, stock_state) = played(ShimHoldem, seed), played(StockHoldem, seed)
        text = pokerkit.HandHistory.from_game_state(stock_game, stock_state).dumps()
        assert shim.HandHistory.from_game_state(our_game, our_state).dumps() == text, seed
        assert shim.HandHistory.from_game_state(stock_game, stock_state).dumps() == text, seed
        *_, replayed = shim.HandHistory.loads(text)
        assert replayed.hand_types == (shim.StandardHighHand,) and replayed.stacks == stock_state.stacks
    with pytest.raises(KeyError):  # PokerKit's own class knows only PokerKit's games
        pokerkit.HandHistory.from_game_state(our_game, our_state)


ACPC_LOG = """\
STATE:0:r300c/cc/r900c/cc:9hQd|8dAs/8c4h2s/Kh/Ad:-900|900:Alice|Bob
STATE:1:cr300f:5c5d|KsQh:100|-100:Bob|Alice
"""


def test_logs_read_into_the_shims_hand_histories() -> None:
    """PokerKit's log readers give the shim's HandHistory, which replays with the shim's
    games; the ACPC reader takes the shim's games, as PokerKit's takes its own."""
    stock = list(
        pokerkit.HandHistory.from_acpc_protocol(
            pokerkit.NoLimitTexasHoldem((), True, 0, (50, 100), 100), 20000, ACPC_LOG
        )
    )
    ours = list(
        shim.HandHistory.from_acpc_protocol(
            shim.NoLimitTexasHoldem((), True, 0, (50, 100), 100), 20000, ACPC_LOG
        )
    )
    assert len(ours) == len(stock) == 2
    for real, mine in zip(stock, ours):
        assert type(mine) is shim.HandHistory and mine.dumps() == real.dumps()
        *_, state = mine
        assert state.hand_types == (shim.StandardHighHand,) and state.stacks == list(real)[-1].stacks
    mixed = shim.HandHistory.from_acpc_protocol(
        pokerkit.NoLimitTexasHoldem((), True, 0, (50, 100), 100), 20000, ACPC_LOG
    )
    assert [hh.dumps() for hh in mixed] == [hh.dumps() for hh in stock]


# The six programs of PokerKit 0.7.7's README (its "Usages" section), copied verbatim.

README_PROGRAMS = [
    """\
    from math import inf

    from pokerkit import Automation, Mode, NoLimitTexasHoldem

    state = NoLimitTexasHoldem.create_state(
        # Automations
        (
            Automation.ANTE_POSTING,
            Automation.BET_COLLECTION,
            Automation.BLIND_OR_STRADDLE_POSTING,
            Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
            Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING,
            Automation.CHIPS_PULLING,
        ),
        False,  # Uniform antes?
        {-1: 600},  # Antes
        (200, 400, 800),  # Blinds or straddles
        400,  # Min-bet
        (inf, 116400, 86900, inf, 50000, inf),  # Starting stacks
        6,  # Number of players
        mode=Mode.CASH_GAME,
    )

    # Below are the pre-flop dealings and actions.

    state.deal_hole('JsTh')  # Tony G
    state.deal_hole('Ah9d')  # Hellmuth
    state.deal_hole('KsKc')  # Wiggins
    state.deal_hole('5c2h')  # Negreanu
    state.deal_hole('6h5h')  # Brunson
    state.deal_hole('6s3s')  # Laak

    state.fold()  # Negreanu
    state.complete_bet_or_raise_to(2800)  # Brunson
    state.fold()  # Laak
    state.check_or_call()  # Tony G
    state.complete_bet_or_raise_to(12600)  # Hellmuth
    state.check_or_call()  # Wiggins
    state.check_or_call()  # Brunson
    state.check_or_call()  # Tony G

    # Below are the flop dealing and actions.

    state.burn_card('??')
    state.deal_board('9hTs9s')

    state.check_or_call()  # Tony G
    state.complete_bet_or_raise_to(17000)  # Hellmuth
    state.complete_bet_or_raise_to(36000)  # Wiggins
    state.fold()  # Brunson
    state.fold()  # Tony G
    state.complete_bet_or_raise_to(103800)  # Hellmuth
    state.check_or_call()  # Wiggins

    # Below is selecting the number of runouts.

    state.select_runout_count(4)  # Hellmuth
    state.select_runout_count(None)  # Wiggins

    # Below is the first runout.

    state.burn_card('??')
    state.deal_board('Jh')  # Turn
    state.burn_card('??')
    state.deal_board('Ad')  # River

    # Below is the second runout.

    state.burn_card('??')
    state.deal_board('Kh')  # Turn
    state.burn_card('??')
    state.deal_board('3c')  # River

    # Below is the third runout.

    state.burn_card('??')
    state.deal_board('7s')  # Turn
    state.burn_card('??')
    state.deal_board('8s')  # River

    # Below is the fourth runout.

    state.burn_card('??')
    state.deal_board('Qc')  # Turn
    state.burn_card('??')
    state.deal_board('Kd')  # River

    # Below are the final stacks.

    print(state.stacks)  # [inf, 79400, 149700, inf, 37400, inf]
""",
    """\
    from math import inf

    from pokerkit import Automation, NoLimitTexasHoldem

    state = NoLimitTexasHoldem.create_state(
        # Automations
        (
            Automation.ANTE_POSTING,
            Automation.BET_COLLECTION,
            Automation.BLIND_OR_STRADDLE_POSTING,
            Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
            Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING,
            Automation.CHIPS_PULLING,
        ),
        True,  # Uniform antes?
        500,  # Antes
        (1000, 2000),  # Blinds or straddles
        2000,  # Min-bet
        (1125600, inf, 553500),  # Starting stacks
        3,  # Number of players
    )

    # Below are the pre-flop dealings and actions.

    state.deal_hole('Ac2d')  # Ivey
    state.deal_hole('????')  # Antonius
    state.deal_hole('7h6h')  # Dwan

    state.complete_bet_or_raise_to(7000)  # Dwan
    state.complete_bet_or_raise_to(23000)  # Ivey
    state.fold()  # Antonius
    state.check_or_call()  # Dwan

    # Below are the flop dealing and actions.

    state.burn_card('??')
    state.deal_board('Jc3d5c')

    state.complete_bet_or_raise_to(35000)  # Ivey
    state.check_or_call()  # Dwan

    # Below are the turn dealing and actions.

    state.burn_card('??')
    state.deal_board('4h')

    state.complete_bet_or_raise_to(90000)  # Ivey
    state.complete_bet_or_raise_to(232600)  # Dwan
    state.complete_bet_or_raise_to(1067100)  # Ivey
    state.check_or_call()  # Dwan

    # Below is the river dealing.

    state.burn_card('??')
    state.deal_board('Jh')

    # Below are the final stacks.

    print(state.stacks)  # [572100, inf, 1109500]
""",
    """\
    from pokerkit import Automation, NoLimitShortDeckHoldem

    state = NoLimitShortDeckHoldem.create_state(
        # Automations
        (
            Automation.ANTE_POSTING,
            Automation.BET_COLLECTION,
            Automation.BLIND_OR_STRADDLE_POSTING,
            Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
            Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING,
            Automation.CHIPS_PULLING,
        ),
        True,  # Uniform antes?
        3000,  # Antes
        {-1: 3000},  # Blinds or straddles
        3000,  # Min-bet
        (495000, 232000, 362000, 403000, 301000, 204000),  # Starting stacks
        6,  # Number of players
    )

    # Below are the pre-flop dealings and actions.

    state.deal_hole('Th8h')  # Badziakouski
    state.deal_hole('QsJd')  # Zhong
    state.deal_hole('QhQd')  # Xuan
    state.deal_hole('8d7c')  # Jun
    state.deal_hole('KhKs')  # Phua
    state.deal_hole('8c7h')  # Koon

    state.check_or_call()  # Badziakouski
    state.check_or_call()  # Zhong
    state.complete_bet_or_raise_to(35000)  # Xuan
    state.fold()  # Jun
    state.complete_bet_or_raise_to(298000)  # Phua
    state.fold()  # Koon
    state.fold()  # Badziakouski
    state.fold()  # Zhong
    state.check_or_call()  # Xuan

    # Below is the flop dealing.

    state.burn_card('??')
    state.deal_board('9h6cKc')

    # Below is the turn dealing.

    state.burn_card('??')
    state.deal_board('Jh')

    # Below is the river dealing.

    state.burn_card('??')
    state.deal_board('Ts')

    # Below are the final stacks.

    print(state.stacks)  # [489000, 226000, 684000, 400000, 0, 198000]
""",
    """\
    from pokerkit import Automation, PotLimitOmahaHoldem

    state = PotLimitOmahaHoldem.create_state(
        # Automations
        (
            Automation.ANTE_POSTING,
            Automation.BET_COLLECTION,
            Automation.BLIND_OR_STRADDLE_POSTING,
            Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
            Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING,
            Automation.CHIPS_PULLING,
        ),
        True,  # Uniform antes?
        0,  # Antes
        (500, 1000),  # Blinds or straddles
        1000,  # Min-bet
        (1259450.25, 678473.5),  # Starting stacks
        2,  # Number of players
    )

    # Below are the pre-flop dealings and actions.

    state.deal_hole('Ah3sKsKh')  # Antonius
    state.deal_hole('6d9s7d8h')  # Blom

    state.complete_bet_or_raise_to(3000)  # Blom
    state.complete_bet_or_raise_to(9000)  # Antonius
    state.complete_bet_or_raise_to(27000)  # Blom
    state.complete_bet_or_raise_to(81000)  # Antonius
    state.check_or_call()  # Blom

    # Below are the flop dealing and actions.

    state.burn_card('??')
    state.deal_board('4s5c2h')

    state.complete_bet_or_raise_to(91000)  # Antonius
    state.complete_bet_or_raise_to(435000)  # Blom
    state.complete_bet_or_raise_to(779000)  # Antonius
    state.check_or_call()  # Blom

    # Below is the turn dealing.

    state.burn_card('??')
    state.deal_board('5h')

    # Below is the river dealing.

    state.burn_card('??')
    state.deal_board('9c')

    # Below are the final stacks.

    print(state.stacks)  # [1937923.75, 0.0]
""",
    """\
    from pokerkit import Automation, FixedLimitDeuceToSevenLowballTripleDraw

    state = FixedLimitDeuceToSevenLowballTripleDraw.create_state(
        # Automations
        (
            Automation.ANTE_POSTING,
            Automation.BET_COLLECTION,
            Automation.BLIND_OR_STRADDLE_POSTING,
            Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
            Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING,
            Automation.CHIPS_PULLING,
        ),
        True,  # Uniform antes?
        0,  # Antes
        (75000, 150000),  # Blinds or straddles
        150000,  # Small-bet
        300000,  # Big-bet
        (1180000, 4340000, 5910000, 10765000),  # Starting stacks
        4,  # Number of players
    )

    # Below are the pre-flop dealings and actions.

    state.deal_hole('7h6c4c3d2c')  # Yockey
    state.deal_hole('??????????')  # Hui
    state.deal_hole('??????????')  # Esposito
    state.deal_hole('AsQs6s5c3c')  # Arieh

    state.fold()  # Esposito
    state.complete_bet_or_raise_to()  # Arieh
    state.complete_bet_or_raise_to()  # Yockey
    state.fold()  # Hui
    state.check_or_call()  # Arieh

    # Below are the first draw and actions.

    state.stand_pat_or_discard()  # Yockey
    state.stand_pat_or_discard('AsQs')  # Arieh
    state.burn_card('??')
    state.deal_hole('2hQh')  # Arieh

    state.complete_bet_or_raise_to()  # Yockey
    state.check_or_call()  # Arieh

    # Below are the second draw and actions.

    state.stand_pat_or_discard()  # Yockey
    state.stand_pat_or_discard('Qh')  # Arieh
    state.burn_card('??')
    state.deal_hole('4d')  # Arieh

    state.complete_bet_or_raise_to()  # Yockey
    state.check_or_call()  # Arieh

    # Below are the third draw and actions.

    state.stand_pat_or_discard()  # Yockey
    state.stand_pat_or_discard('6s')  # Arieh
    state.burn_card('??')
    state.deal_hole('7c')  # Arieh

    state.complete_bet_or_raise_to()  # Yockey
    state.check_or_call()  # Arieh

    # Below are the final stacks.

    print(state.stacks)  # [0, 4190000, 5910000, 12095000]
""",
    """\
    from math import inf

    from pokerkit import Automation, FixedLimitBadugi

    state = FixedLimitBadugi.create_state(
        # Automations
        (
            Automation.ANTE_POSTING,
            Automation.BET_COLLECTION,
            Automation.BLIND_OR_STRADDLE_POSTING,
            Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING,
            Automation.CHIPS_PULLING,
        ),
        True,  # Uniform antes?
        0,  # Antes
        (1, 2),  # Blinds or straddles
        2,  # Small-bet
        4,  # Big-bet
        inf,  # Starting stacks
        4,  # Number of players
    )

    # Below are the pre-flop dealings and actions.

    state.deal_hole('????????')  # Bob
    state.deal_hole('????????')  # Carol
    state.deal_hole('????????')  # Ted
    state.deal_hole('????????')  # Alice

    state.fold()  # Ted
    state.check_or_call()  # Alice
    state.check_or_call()  # Bob
    state.check_or_call()  # Carol

    # Below are the first draw and actions.

    state.stand_pat_or_discard('????')  # Bob
    state.stand_pat_or_discard('????')  # Carol
    state.stand_pat_or_discard('??')  # Alice
    state.burn_card('??')
    state.deal_hole('????')  # Bob
    state.deal_hole('????')  # Carol
    state.deal_hole('??')  # Alice

    state.check_or_call()  # Bob
    state.complete_bet_or_raise_to()  # Carol
    state.check_or_call()  # Alice
    state.check_or_call()  # Bob

    # Below are the second draw and actions.

    state.stand_pat_or_discard('??')  # Bob
    state.stand_pat_or_discard()  # Carol
    state.stand_pat_or_discard('??')  # Alice
    state.burn_card('??')
    state.deal_hole('??')  # Bob
    state.deal_hole('??')  # Alice

    state.check_or_call()  # Bob
    state.complete_bet_or_raise_to()  # Carol
    state.complete_bet_or_raise_to()  # Alice
    state.fold()  # Bob
    state.check_or_call()  # Carol

    # Below are the third draw and actions.

    state.stand_pat_or_discard('??')  # Carol
    state.stand_pat_or_discard()  # Alice
    state.burn_card('??')
    state.deal_hole('??')  # Carol

    state.check_or_call()  # Carol
    state.complete_bet_or_raise_to()  # Alice
    state.check_or_call()  # Carol

    # Below is the showdown.

    state.show_or_muck_hole_cards('2s4c6d9h')  # Alice
    state.show_or_muck_hole_cards('3s5d7c8h')  # Carol

    # Below are the final stacks.

    print(state.stacks)  # [inf, inf, inf, inf]
    print(state.payoffs)  # [-4, 20, 0, -16]
""",
]


@pytest.mark.parametrize("program", README_PROGRAMS, ids=lambda p: re.findall(r"import .*, (\w+)", p)[0])
def test_readme_runs_with_only_the_import_changed(program: str) -> None:
    """Each program of PokerKit's README, as written and importing from the shim, prints the
    same, starting with the final stacks its README states."""
    source = textwrap.dedent(program)
    ours = source.replace("from pokerkit import", "from pokereval.compat.pokerkit import")
    assert ours != source
    outputs = []
    for text in (source, ours):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            exec(compile(text, "README", "exec"), {})
        outputs.append(out.getvalue())
    stated = re.search(r"print\(state\.stacks\)  # (.*)", source)
    assert stated is not None
    assert outputs[1] == outputs[0]
    assert outputs[0].startswith(stated[1] + "\n")


@pytest.mark.parametrize("name", ["StandardHighHand", "OmahaHoldemHand", "BadugiHand", "RegularLowHand"])
def test_items_that_are_no_cards_are_refused_not_read_as_unknown(name: str) -> None:
    # A list of texts or ints read as unknown cards: from_game said "No valid ... hand" and
    # from_game_or_none gave None, where PokerKit raises (AttributeError, on .rank).
    real_type, our_type = getattr(pokerkit, name), getattr(shim, name)
    for hole in (["As", "Ks", "Qd", "Jd"], [1, 2, 3, 4]):
        with pytest.raises(AttributeError):
            real_type.from_game(hole, ["2c", "3c", "4h", "8s"])
        for call in (our_type.from_game, our_type.from_game_or_none):
            with pytest.raises(TypeError, match=f"{hole[0]!r} is not a Card"):
                call(hole, ["2c", "3c", "4h", "8s"])


def test_pokerkits_submodules_have_no_counterparts_as_migrating_md_says() -> None:
    import importlib

    for name in ("games", "hands", "state"):
        importlib.import_module(f"pokerkit.{name}")
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(f"pokereval.compat.pokerkit.{name}")
