"""Defects found by running the package under AddressSanitizer and UBSan with hostile input.

Each test fails on the code before its fix in an ordinary build too: the input that used to
reach the fault is now refused before any C code reads it.
"""

from __future__ import annotations

import pickle
import random

import pytest
from pokereval._pokereval import ffi

from pokereval.engine import Hand, Tables, read_phh
from pokereval.engine import _native as nat

# ---- 1. unknown board cards reached the showdown's evaluators ---------------------------
# pe_engine_deal took PE_ENGINE_NO_CARD (255, "??") for the board as for hole cards; the hand
# then reached the showdown, the seats showed, and try_settle evaluated the board's 255s:
# pe_card_keys[255] (hold'em, csrc/engine.c showdown_values -> pe_hand_add) and
# "index 63 out of bounds for type 'uint16_t [13]'" (Omaha, csrc/omaha.c board_slot), and the
# pot went to whoever the garbage favoured.


def _play_to_board(game: str, **kwargs: object) -> Hand:
    hand = Hand(game=game, stacks=[100, 100], auto_deal=False, **kwargs)  # type: ignore[arg-type]
    while hand.phase != "deal" or hand.pending_deal[0] is not None:  # type: ignore[index]
        if hand.phase == "deal":
            seat, count = hand.pending_deal  # type: ignore[misc]
            hand.deal(" ".join(["??"] * count), seat=seat)
        else:
            hand.check_or_call()
    return hand


@pytest.mark.parametrize(("game", "kwargs"), [("holdem", {}), ("omaha", {"hole_cards": 4})])
def test_unknown_board_cards_are_refused(game: str, kwargs: dict[str, object]) -> None:
    hand = _play_to_board(game, **kwargs)
    count = hand.pending_deal[1]  # type: ignore[index]
    with pytest.raises(ValueError, match="board is dealt face up"):
        hand.deal(" ".join(["??"] * count), seat="board")
    with pytest.raises(ValueError, match="board is dealt face up"):
        hand.deal("2c ?? 3c"[: 3 * count - 1] if count == 3 else "??", seat="board")
    # nothing was dealt: the hand still waits for the board, and known cards are taken
    assert hand.phase == "deal" and hand.board == ()
    hand.deal("2c 3c 4c" if count == 3 else "2c", seat="board")
    assert len(hand.board) == count


def test_unknown_hole_cards_still_deal_and_show() -> None:
    hand = _play_to_board("holdem")
    hand.deal("2c 3d 8h", seat="board")
    while not hand.done:
        if hand.phase == "deal":
            hand.deal("Ts" if len(hand.board) == 3 else "Jd", seat="board")
        elif hand.phase == "showdown":
            hand.show(0, "As Ad")
            hand.show(1, "Kc Kd")
        else:
            hand.check_or_call()
    assert hand.payoffs == (2, -2)


# ---- 2. a pickled Hand's state bytes went to the engine unchecked -------------------------
# _rebuild_hand (pokereval/engine/hand.py) copied the pickled pe_engine_t bytes into a struct
# and every later call trusted them: n, actor, ncards, deck_left ... index fixed arrays.  A
# pickle with one byte changed (n = 200) read and wrote far past the struct
# (AddressSanitizer: pe_engine_legal, csrc/engine.c find_legal).  pe_engine_check now refuses
# a struct the engine could not have written, before any call reads it.


def _state_offset(data: bytes, hand: Hand) -> int:
    at = data.find(nat.LAYOUT + nat.state_bytes(hand._p))
    assert at >= 0
    return at + len(nat.LAYOUT)


TAMPERED = [
    ("n", 200),
    ("n", 11),
    ("n", 1),
    ("actor", 200),
    ("actor", 3),
    ("button", 200),
    ("variant", 200),
    ("variant", 12),
    ("game", 9),
    ("street", 200),
    ("street", 4),
    ("phase", 200),
    ("nboard", 200),
    ("nboard", 6),
    ("deck_left", 200),
    ("deck_left", 53),
    ("hole", 200),
    ("limit", 3),
    ("folded", 0xF8),
    ("pending", 0xFF),
]


@pytest.mark.parametrize(("field", "value"), TAMPERED)
def test_tampered_pickle_is_refused(field: str, value: int) -> None:
    hand = Hand(stacks=[100, 100, 100], seed=3)  # preflop: the actor bets, nothing is owed
    data = bytearray(pickle.dumps(hand))
    at = _state_offset(bytes(data), hand) + ffi.offsetof("pe_engine_t", field)
    assert data[at] != value
    data[at] = value
    with pytest.raises(ValueError, match="never writes"):
        pickle.loads(bytes(data))


@pytest.mark.parametrize(
    ("field", "index", "value"),
    [
        ("ncards", 0, 9),  # more cards than a seat holds
        ("cards", 0, 60),  # a card past the deck
        ("board", 0, 255),
        ("deck", 0, 99),
        ("owed", 1, 7),
    ],
)
def test_tampered_cards_are_refused(field: str, index: int, value: int) -> None:
    hand = Hand(stacks=[100, 100], seed=1)
    hand.check_or_call()
    hand.check_or_call()  # the flop is out
    data = bytearray(pickle.dumps(hand))
    at = _state_offset(bytes(data), hand) + ffi.offsetof("pe_engine_t", field) + index
    data[at] = value
    with pytest.raises(ValueError, match="never writes"):
        pickle.loads(bytes(data))


def test_tampered_chips_are_refused() -> None:
    hand = Hand(stacks=[100, 100], seed=1)
    data = bytearray(pickle.dumps(hand))
    at = _state_offset(bytes(data), hand) + ffi.offsetof("pe_engine_t", "stack")
    data[at : at + 8] = (2**63 - 1).to_bytes(8, "little")  # overflows the first sum
    with pytest.raises(ValueError, match="never writes"):
        pickle.loads(bytes(data))


@pytest.mark.parametrize(
    ("field", "seat", "change"),
    [
        ("stack", 1, 100),  # chips from nowhere: the payoffs would not add up to 0
        ("stack", 0, -1),
        ("pot", 0, 5),  # a pot that is not what the seats put in
        ("live", 1, 1),
        ("payout", 0, 1),  # paid before the end
        ("stack", 3, 7),  # chips at a seat past the table
        ("min_bet", 0, 2),  # bet sizes the rules do not make (a raise to 22 where 4 is the least)
        ("big_bet", 0, 40),
        ("bring_in", 0, 1),
    ],
)
def test_tampered_chips_in_range_are_refused(field: str, seat: int, change: int) -> None:
    """Amounts each in range but that do not add up, or bet sizes the hand's rules do not make:
    the engine never writes them (a forged stack once loaded and paid 103 chips for 1)."""
    hand = Hand(stacks=[100, 100, 100], seed=1)
    hand.check_or_call()
    data = bytearray(pickle.dumps(hand))
    at = _state_offset(bytes(data), hand) + ffi.offsetof("pe_engine_t", field) + 8 * seat
    old = int.from_bytes(data[at : at + 8], "little", signed=True)
    data[at : at + 8] = (old + change).to_bytes(8, "little", signed=True)
    with pytest.raises(ValueError, match="never writes"):
        pickle.loads(bytes(data))


def test_tampered_starting_stacks_are_refused() -> None:
    """The rules' stacks are pickled beside the struct: changed alone, the chips no longer add up."""
    hand = Hand(stacks=[100, 250], seed=1)
    rebuild_hand, (rules, state, log) = hand.__reduce__()
    rebuild_rules, (kwargs, init, info) = rules.__reduce__()
    assert rebuild_hand(rebuild_rules(kwargs, init, info), state, log) == hand
    forged = {**kwargs, "stacks": [100, 251]}
    with pytest.raises(ValueError, match="never writes"):
        rebuild_rules(forged, init, info)  # the starting state does not hold those stacks
    with pytest.raises(ValueError, match="never writes"):
        rebuild_hand(
            rebuild_rules(forged, Hand(stacks=[100, 251])._rules.__reduce__()[1][1], info), state, log
        )


def test_tampered_rules_init_is_refused() -> None:
    hand = Hand(stacks=[100, 100], seed=1)
    data = bytearray(pickle.dumps(hand))
    init = hand._rules.init
    at = data.find(nat.LAYOUT + init)  # the rules' starting state, pickled beside the hand's
    assert at >= 0
    data[at + len(nat.LAYOUT) + ffi.offsetof("pe_engine_t", "n")] = 200
    with pytest.raises(ValueError, match="never writes"):
        pickle.loads(bytes(data))


def _random_move(hand: Hand, rng: random.Random) -> None:
    if hand.phase == "deal":
        hand.deal()
    elif hand.phase == "draw":
        seat = hand.actor
        assert seat is not None
        hand.discard([c for c in hand.holes[seat] if c is not None and rng.random() < 0.4])
    elif hand.phase == "bet":
        legal = hand.legal
        if "fold" in legal and rng.random() < 0.15:
            hand.fold()
        elif hand.min_raise_to is not None and rng.random() < 0.3:
            hand.bet_or_raise_to(rng.choice([hand.min_raise_to, hand.max_raise_to or hand.min_raise_to]))
        elif "bring_in" in legal:
            hand.bring_in()
        else:
            hand.check_or_call()


@pytest.mark.parametrize("game", sorted(nat.VARIANTS))
def test_every_state_the_engine_writes_still_pickles(game: str) -> None:
    """The check refuses no hand the engine wrote: every state of random hands, of each game."""
    rng = random.Random(game)
    facts = nat.variant_facts(nat.VARIANTS[game])
    for _ in range(6):
        kwargs: dict[str, object] = {"game": game, "seed": rng.randrange(1000)}
        kwargs["stacks"] = [
            rng.choice([3, 40, 500]) for _ in range(rng.randint(2, min(6, facts["max_seats"])))
        ]
        kwargs["limit"] = rng.choice(["no-limit", "pot-limit", "fixed-limit"])
        if facts["stud"]:
            kwargs.update(blinds=(1, 4), antes=1)
        hand = Hand(**kwargs)  # type: ignore[arg-type]
        for _ in range(60):
            assert pickle.loads(pickle.dumps(hand)) == hand
            if hand.done:
                break
            _random_move(hand, rng)


def test_table_hands_and_histories_still_pickle() -> None:
    tables = Tables(4, stacks=[50, 50, 50], seed=2)
    for step in range(40):
        for i in range(tables.n):
            hand = tables.hand(i)
            assert pickle.loads(pickle.dumps(hand)) == hand
        legal = tables._arrays["legal"]
        tables.step(
            [max(a for a in range(tables.actions) if legal[i] >> a & 1) if step % 3 else 1 for i in range(4)]
        )
    text = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [100, 100]\nactions = ['d dh p1 ????', 'd dh p2 AsAd', 'p2 cc', 'p1 cc',"
        " 'd db 2c3d4h', 'p1 cc', 'p2 cc']\n"
    )
    hand = read_phh(text)
    assert pickle.loads(pickle.dumps(hand)) == hand


def test_tampered_stud_up_cards_are_refused() -> None:
    """Up bits past a stud seat's 3rd..6th cards made showing() shift a 32-bit key by
    4 * (4 - cards) < 0 once more than four cards showed (UBSan: csrc/engine.c showing)."""
    hand = Hand(game="stud", stacks=[100, 100], blinds=(1, 4), antes=1, seed=2)
    data = bytearray(pickle.dumps(hand))
    at = _state_offset(bytes(data), hand) + ffi.offsetof("pe_engine_t", "up")
    assert data[at] == 0b100  # the third card, face up
    data[at] = 0xFF
    with pytest.raises(ValueError, match="never writes"):
        pickle.loads(bytes(data))
