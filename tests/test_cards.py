"""Tests for pokereval.cards: Card, parse_cards, card_ids, format_cards.

Expected ids come from the rule in csrc/pokereval.h: id = 4*rank + suit with ranks
2,3,...,9,T,J,Q,K,A = 0..12 and suits c,d,h,s = 0..3 (so 2c = 0, As = 4*12 + 3 = 51).
The spellings come from the API contract: Russian and Bulgarian decks mark the ace with
Cyrillic Te or A, the king Ka, the queen De and the jack Ve.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
import re
from collections.abc import Callable, Iterator

import pytest

from pokereval.cards import RANKS, SUITS, Card, card_ids, format_cards, parse_cards

# The rule, written out here rather than taken from the module under test.
RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
ACE, KING, QUEEN, JACK, TEN = 12, 11, 10, 9, 8
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3

# Cyrillic letters by name, so no reader confuses them with their Latin look-alikes.
CYR_TE = "\N{CYRILLIC CAPITAL LETTER TE}"  # U+0422, looks like Latin T; means ace
CYR_A = "\N{CYRILLIC CAPITAL LETTER A}"  # U+0410, looks like Latin A; means ace
CYR_KA = "\N{CYRILLIC CAPITAL LETTER KA}"  # U+041A, looks like Latin K; means king
CYR_DE = "\N{CYRILLIC CAPITAL LETTER DE}"  # U+0414; means queen
CYR_VE = "\N{CYRILLIC CAPITAL LETTER VE}"  # U+0412, looks like Latin B; means jack
CYR_ES = "\N{CYRILLIC CAPITAL LETTER ES}"  # U+0421, looks like Latin C; not a suit
VS16 = "\N{VARIATION SELECTOR-16}"  # U+FE0F, the emoji form of a symbol
VS15 = "\N{VARIATION SELECTOR-15}"  # U+FE0E, its text form


def card_id(rank: int, suit: int) -> int:
    return 4 * rank + suit


def id_of(name: str) -> int:
    """Id of a canonical two-letter name such as 'As', from the rule."""
    return card_id(RANK_CHARS.index(name[0]), SUIT_CHARS.index(name[1]))


# Every spelling a rank or a suit may take, from the rules above (not from the module).
RANK_SPELLINGS: dict[str, int] = {"10": TEN}
for _rank, _char in enumerate(RANK_CHARS):
    RANK_SPELLINGS[_char] = RANK_SPELLINGS[_char.lower()] = _rank
for _char, _rank in ((CYR_TE, ACE), (CYR_A, ACE), (CYR_KA, KING), (CYR_DE, QUEEN), (CYR_VE, JACK)):
    RANK_SPELLINGS[_char] = RANK_SPELLINGS[_char.lower()] = _rank
SUIT_SPELLINGS: dict[str, int] = {}
for _suit, (_letter, _black, _white) in enumerate(zip(SUIT_CHARS, "♣♦♥♠", "♧♢♡♤")):
    SUIT_SPELLINGS[_letter] = SUIT_SPELLINGS[_letter.upper()] = _suit
    for _symbol in (_black, _white):
        SUIT_SPELLINGS[_symbol] = SUIT_SPELLINGS[_symbol + VS16] = SUIT_SPELLINGS[_symbol + VS15] = _suit


def ids(cards: tuple[Card, ...]) -> list[int]:
    return [int(card) for card in cards]


# ---- constants and the 52 cards -------------------------------------------------------------


def test_constants() -> None:
    assert RANKS == RANK_CHARS
    assert SUITS == SUIT_CHARS


@pytest.mark.parametrize(
    ("name", "expected"),
    [("2c", 0), ("2d", 1), ("2h", 2), ("2s", 3), ("3c", 4), ("Th", 34), ("Kd", 45), ("Ac", 48), ("As", 51)],
)
def test_known_ids(name: str, expected: int) -> None:
    assert int(Card(name)) == expected
    assert Card(name).id == expected


@pytest.mark.parametrize("number", range(52))
def test_round_trip_every_card(number: int) -> None:
    card = Card(number)
    name = RANK_CHARS[number // 4] + SUIT_CHARS[number % 4]
    assert str(card) == name
    assert repr(card) == f"Card('{name}')"
    assert int(card) == number
    assert card.rank == number // 4
    assert card.suit == number % 4
    assert Card(str(card)) is card
    assert ids(parse_cards(str(card))) == [number]
    assert Card(int(card)) is card
    assert eval(repr(card), {"Card": Card}) is card


def test_whole_deck_round_trip() -> None:
    deck = "".join(RANK_CHARS[n // 4] + SUIT_CHARS[n % 4] for n in range(52))
    assert ids(parse_cards(deck)) == list(range(52))
    assert card_ids(deck) == bytes(range(52))
    assert format_cards(range(52), sep="") == deck


# ---- Card -----------------------------------------------------------------------------------


def test_interned() -> None:
    assert Card(51) is Card(51)
    assert Card("As") is Card(51)
    assert Card("a♠") is Card(51)
    assert Card(Card(51)) is Card(51)
    assert len({id(Card(n)) for n in range(52)}) == 52
    assert all(a is b for a, b in zip(parse_cards("AsKd"), (Card(51), Card(45))))


def test_accepts_index_types() -> None:
    class Seven:
        def __index__(self) -> int:
            return 7

    assert Card(Seven()) is Card(7)


def test_accepts_numpy_integers() -> None:
    np = pytest.importorskip("numpy")
    assert Card(np.int64(51)) is Card(51)
    assert Card(np.uint8(0)) is Card(0)
    assert ids(parse_cards(np.array([51, 45], dtype=np.uint8))) == [51, 45]
    assert ids(parse_cards(np.int32(3))) == [3]
    assert card_ids([np.int16(51), np.int16(45)]) == bytes([51, 45])


def test_immutable() -> None:
    card = Card(5)
    with pytest.raises(AttributeError):
        card.colour = "red"  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]
    assert int(card) == 5
    assert not hasattr(card, "__dict__")


def test_cannot_subclass() -> None:
    with pytest.raises(TypeError, match="subclass"):

        class Joker(Card):  # type: ignore[misc]
            pass


def test_equality_and_hash() -> None:
    assert Card(51) == Card("As")
    assert Card(51) != Card(50)
    assert hash(Card(51)) == hash(Card("As"))
    assert hash(Card(51)) == 51  # hashes by id, so sets of cards iterate in a stable order
    assert len({Card(n % 52) for n in range(104)}) == 52
    assert {Card("As"): 1}[Card(51)] == 1
    # A Card is an int: it equals its id, and nothing else.
    assert Card(51) == 51
    assert 51 == Card(51)
    assert (Card(51) == "As") is False  # type: ignore[comparison-overlap]  # a Card is no str
    assert Card(0) not in ["2c", 1]
    assert Card(51) != "As"  # type: ignore[comparison-overlap]
    assert isinstance(Card(51), int)
    assert bytes([Card("As"), Card("2c")]) == bytes([51, 0])
    assert Card(0) == 0
    assert Card(0) is not None
    assert bool(Card(0))


def test_ordering() -> None:
    assert Card("2c") < Card("2d") < Card("As")
    assert Card("As") > Card("Ks")
    assert Card("Ks") <= Card("Ks") <= Card("As")
    assert Card("As") >= Card("Ah") >= Card("Ah")
    assert not Card("As") < Card("As")
    assert sorted(parse_cards("As 2c Kd 2d")) == list(parse_cards("2c 2d Kd As"))
    assert max(parse_cards("9h Ts 2c")) is Card("Ts")


@pytest.mark.parametrize("other", ["As", None])
def test_ordering_against_non_cards_raises(other: object) -> None:
    with pytest.raises(TypeError):
        _ = Card(0) < other  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = Card(0) >= other  # type: ignore[operator]


def test_int_and_index() -> None:
    card = Card("Kd")
    assert int(card) == 45
    assert list(range(52))[card] == 45
    assert bytes([card]) == b"\x2d"
    assert hex(card) == "0x2d"


def test_str_repr_format() -> None:
    card = Card("t♥")
    assert str(card) == "Th"
    assert repr(card) == "Card('Th')"
    assert f"{card}" == "Th"
    assert f"[{card:>4}]" == "[  Th]"


def test_pickle_and_copy_keep_identity() -> None:
    for card in (Card(0), Card(51)):
        assert pickle.loads(pickle.dumps(card)) is card
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(parse_cards("AsKd"))) == parse_cards("AsKd")


@pytest.mark.parametrize(("value", "shown"), [(54, "54"), (-1, "-1"), (1000, "1000")])
def test_card_bad_int(value: int, shown: str) -> None:
    with pytest.raises(ValueError, match=rf"card id {shown} out of range 0\.\.53"):
        Card(value)


@pytest.mark.parametrize(
    ("value", "type_name"),
    [(1.0, "float"), (None, "NoneType"), (True, "bool"), (False, "bool"), (b"As", "bytes"), (["As"], "list")],
)
def test_card_bad_type(value: object, type_name: str) -> None:
    with pytest.raises(TypeError, match=rf"got {type_name}\b"):
        Card(value)  # type: ignore[arg-type]


def test_card_numpy_bool_rejected() -> None:
    np = pytest.importorskip("numpy")
    with pytest.raises(TypeError, match="got bool"):
        Card(np.True_)


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("Xs", r"bad card 'Xs': unknown rank 'X'"),
        ("Ax", r"bad card 'Ax': unknown suit 'x'"),
        ("A", r"bad card 'A': rank 'A' has no suit"),
        ("AsKd", r"bad card 'AsKd': expected one card, found 2"),
        ("As,", r"bad card 'As,': expected one card"),
        ("", r"bad card '': expected one card, found 0"),
    ],
)
def test_card_bad_token(token: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Card(token)


def test_card_token_may_be_padded() -> None:
    assert Card(" As\n") is Card(51)


# ---- text forms -----------------------------------------------------------------------------

AS_KD = [id_of("As"), id_of("Kd")]


@pytest.mark.parametrize(
    "text",
    [
        "AsKd",
        "As Kd",
        "As,Kd",
        "As, Kd",
        "As ,Kd",
        " As  Kd ",
        "As\tKd\n",
        "As\u00a0Kd",  # no-break space is whitespace too
        "as kd",
        "AS KD",
        "aSkD",
        "A♠K♦",
        "A♤K♢",
        f"A♠{VS16}K♦{VS16}",
        f"A♤{VS16}, K♢{VS16}",
        f"A♠{VS15}K♦{VS15}",
        f"A♤{VS15} K♢{VS16}",
        "a♠ k♦",
        f"{CYR_TE}♠{CYR_KA}♦",
        f"{CYR_A}♠ {CYR_KA}♦",
        f"{CYR_TE.lower()}s {CYR_KA.lower()}d",
        f"{CYR_A.lower()}S,{CYR_KA.lower()}D",
    ],
)
def test_text_forms(text: str) -> None:
    assert ids(parse_cards(text)) == AS_KD
    assert card_ids(text) == bytes(AS_KD)


@pytest.mark.parametrize(
    "text", ["Ts", "ts", "TS", "tS", "10s", "10S", "10♠", "10♤", f"10♠{VS16}", f"10♤{VS15}"]
)
def test_ten_spellings(text: str) -> None:
    assert ids(parse_cards(text)) == [card_id(TEN, SPADES)] == [35]  # 4*8 + 3


def test_ten_between_other_cards() -> None:
    assert ids(parse_cards("9s10sJs")) == [card_id(7, SPADES), card_id(TEN, SPADES), card_id(JACK, SPADES)]
    assert ids(parse_cards(f"10♠{VS16}10♥")) == [card_id(TEN, SPADES), card_id(TEN, HEARTS)]
    assert ids(parse_cards("10c,10d")) == [card_id(TEN, CLUBS), card_id(TEN, DIAMONDS)]


def test_russian_royal_flush() -> None:
    text = "Т♠ К♠ Д♠ В♠ 10♠"
    assert [ord(char) for char in text[::3][:4]] == [0x0422, 0x041A, 0x0414, 0x0412]
    assert ids(parse_cards(text)) == [card_id(rank, SPADES) for rank in (ACE, KING, QUEEN, JACK, TEN)]
    assert format_cards(text) == "As Ks Qs Js Ts"


def test_bulgarian_royal_flush() -> None:
    text = "А♦ К♦ Д♦ В♦ 10♦"
    assert [ord(char) for char in text[::3][:4]] == [0x0410, 0x041A, 0x0414, 0x0412]
    assert ids(parse_cards(text)) == [card_id(rank, DIAMONDS) for rank in (ACE, KING, QUEEN, JACK, TEN)]


def test_cyrillic_lowercase() -> None:
    text = f"{CYR_TE.lower()}♥{CYR_A.lower()}♣{CYR_KA.lower()}♥{CYR_DE.lower()}♥{CYR_VE.lower()}♥"
    assert ids(parse_cards(text)) == [
        card_id(ACE, HEARTS),
        card_id(ACE, CLUBS),
        card_id(KING, HEARTS),
        card_id(QUEEN, HEARTS),
        card_id(JACK, HEARTS),
    ]


def test_confusables_keep_their_alphabet() -> None:
    # Latin T is ten; Cyrillic Te, which looks the same, is ace.
    assert Card("T♠").rank == TEN
    assert Card(f"{CYR_TE}♠").rank == ACE
    assert Card("t♠").rank == TEN
    assert Card(f"{CYR_TE.lower()}♠").rank == ACE
    # Latin A and K agree with Cyrillic A and Ka.
    assert Card("A♠") is Card(f"{CYR_A}♠")
    assert Card("K♠") is Card(f"{CYR_KA}♠")
    # Cyrillic Ve is jack; Latin B, its look-alike, is no rank.
    assert Card(f"{CYR_VE}♠").rank == JACK
    with pytest.raises(ValueError, match="unknown rank 'B'"):
        Card("B♠")
    # Cyrillic Es looks like Latin c but is no suit.
    with pytest.raises(ValueError, match="unknown suit"):
        Card(f"A{CYR_ES.lower()}")
    # Mixed in one text.
    assert ids(parse_cards(f"Ts{CYR_TE}s")) == [card_id(TEN, SPADES), card_id(ACE, SPADES)]


def test_every_spelling_of_every_card() -> None:
    # 8 suit letters, and 8 symbols each alone and with either of 2 selectors
    assert len(RANK_SPELLINGS) == 29 and len(SUIT_SPELLINGS) == 32
    for (rank_text, rank), (suit_text, suit) in itertools.product(
        RANK_SPELLINGS.items(), SUIT_SPELLINGS.items()
    ):
        token = rank_text + suit_text
        assert int(Card(token)) == card_id(rank, suit), token
        assert card_ids(token) == bytes([card_id(rank, suit)]), token


def _random_spelling(rng: random.Random, number: int) -> str:
    rank, suit = divmod(number, 4)
    rank_text = rng.choice([text for text, value in RANK_SPELLINGS.items() if value == rank])
    suit_text = rng.choice([text for text, value in SUIT_SPELLINGS.items() if value == suit])
    return rank_text + suit_text


def test_random_hands_in_random_spellings() -> None:
    rng = random.Random(20240501)
    for _ in range(2000):
        hand = rng.sample(range(52), rng.randint(0, 9))
        separators = [rng.choice(["", " ", ",", ", ", " , ", "\t", "  "]) for _ in hand]
        text = "".join(sep + _random_spelling(rng, number) for sep, number in zip(separators, hand))
        assert ids(parse_cards(text)) == hand, text
        assert card_ids(text) == bytes(hand), text


@pytest.mark.parametrize("text", ["", " ", ", ,", "\n"])
def test_empty_text(text: str) -> None:
    assert parse_cards(text) == ()
    assert card_ids(text) == b""
    assert format_cards(text) == ""


# ---- text errors ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AsKdXs", r"^bad card 'Xs' at position 3 in 'AsKdXs': unknown rank 'X'$"),
        ("Xs", r"^bad card 'Xs' at position 1 in 'Xs': unknown rank 'X'$"),
        ("As Kx Qh", r"^bad card 'Kx' at position 2 in 'As Kx Qh': unknown suit 'x'$"),
        # A leftover odd character is named.
        ("AsKdQ", r"^bad card 'Q' at position 3 in 'AsKdQ': rank 'Q' has no suit$"),
        ("AsKdx", r"^bad card 'x' at position 3 in 'AsKdx': unknown rank 'x'$"),
        ("As K d", r"^bad card 'K' at position 2 in 'As K d': rank 'K' has no suit$"),
        ("As 10", r"^bad card '10' at position 2 in 'As 10': rank '10' has no suit$"),
        ("1s", r"^bad card '1s' at position 1 in '1s': unknown rank '1' \(a ten is T or 10\)$"),
        ("As11s", r"^bad card '11' at position 2 in 'As11s': unknown rank '1' \(a ten is T or 10\)$"),
        ("A♠B♠", r"^bad card 'B♠' at position 2 in 'A♠B♠': unknown rank 'B'$"),
        ("AsKd\ufe0f", r"^bad card '\\ufe0f' at position 3 in .*: unknown rank '\\ufe0f'$"),
        ("As\u200bKd", r"^bad card '\\u200bK' at position 2 in .*: unknown rank '\\u200b'$"),
        (
            "As;Kd",
            r"^bad card ';K' at position 2 in 'As;Kd': unknown rank ';' "
            r"\(cards are separated by blanks or commas\)$",
        ),
    ],
)
def test_bad_text(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_cards(text)
    with pytest.raises(ValueError, match=message):
        card_ids(text)


def test_bad_text_is_not_cached() -> None:
    for _ in range(3):
        with pytest.raises(ValueError, match="'Xs'"):
            card_ids("AsXs")


def test_long_text_is_shortened_in_messages() -> None:
    text = "2c" * 100 + "Xs"
    with pytest.raises(ValueError, match=r"position 101 in '2c2c.*\.\.\.") as info:
        parse_cards(text)
    assert len(str(info.value)) < 150


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("AhKdAh", r"^duplicate card 'Ah' at positions 1 and 3 in 'AhKdAh'$"),
        ("Ah Kd a♥", r"^duplicate card 'Ah' at positions 1 and 3"),
        ("10s Ts", r"^duplicate card 'Ts' at positions 1 and 2"),
        (f"{CYR_TE}s As", r"^duplicate card 'As' at positions 1 and 2"),
        (["Ah", "Kd", "Ah"], r"^duplicate card 'Ah' at positions 1 and 3 in \['Ah', 'Kd', 'Ah'\]$"),
        ([id_of("Ah"), Card("Ah")], r"^duplicate card 'Ah' at positions 1 and 2"),
        ([Card("Ah"), Card("Kd"), Card("Ah")], r"^duplicate card 'Ah' at positions 1 and 3"),
        ((Card("2c"), Card("2c")), r"^duplicate card '2c' at positions 1 and 2"),
        ([0, 5, 0], r"^duplicate card '2c' at positions 1 and 3 in \[0, 5, 0\]$"),
        (["As", 51], r"^duplicate card 'As' at positions 1 and 2"),
        ([1, 2, 3, 2, 1], r"^duplicate card '2h' at positions 2 and 4"),  # the first repeat is named
    ],
)
def test_duplicates(cards: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_cards(cards)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        card_ids(cards)  # type: ignore[arg-type]


# ---- other input kinds ----------------------------------------------------------------------


def _generator() -> Iterator[object]:
    yield "As"
    yield 45
    yield Card("Qh")


# (kind, a function making a fresh input, the ids it holds): fresh, because a generator is
# spent by one parse.
KINDS: list[tuple[str, Callable[[], object], list[int]]] = [
    ("list of Cards", lambda: [Card("As"), Card("Kd"), Card("Qh")], [51, 45, 42]),
    ("tuple of Cards", lambda: (Card("As"), Card("Kd"), Card("Qh")), [51, 45, 42]),
    ("list of ints", lambda: [51, 45, 42], [51, 45, 42]),
    ("tuple of ints", lambda: (51, 45, 42), [51, 45, 42]),
    ("range", lambda: range(3), [0, 1, 2]),
    ("list of str", lambda: ["As", "Kd", "Qh"], [51, 45, 42]),
    ("list of padded str", lambda: [" As", "Kd "], [51, 45]),
    ("list of symbol str", lambda: ["A♠", f"{CYR_KA}♦", "10♥"], [51, 45, 34]),
    ("mixed list", lambda: ["As", 45, Card("Qh")], [51, 45, 42]),
    ("Cards then int", lambda: [Card("As"), 45], [51, 45]),
    ("int then Cards", lambda: [51, Card("Kd")], [51, 45]),
    ("generator", _generator, [51, 45, 42]),
    ("single Card", lambda: Card("As"), [51]),
    ("single int", lambda: 51, [51]),
    ("single int zero", lambda: 0, [0]),
    ("text", lambda: "AsKdQh", [51, 45, 42]),
    ("spaced text", lambda: "As Kd Qh", [51, 45, 42]),
    ("empty list", lambda: [], []),
    ("empty tuple", lambda: (), []),
    ("set of one", lambda: {Card("2c")}, [0]),
    ("dict keys", lambda: {"As": 1, "Kd": 2}.keys(), [51, 45]),
]


@pytest.mark.parametrize(("make", "expected"), [k[1:] for k in KINDS], ids=[k[0] for k in KINDS])
def test_input_kinds(make: Callable[[], object], expected: list[int]) -> None:
    parsed = parse_cards(make())  # type: ignore[arg-type]
    assert ids(parsed) == expected
    assert all(type(card) is Card for card in parsed)
    assert card_ids(make()) == bytes(expected)  # type: ignore[arg-type]
    assert card_ids(make()) == bytes(int(card) for card in parsed)  # type: ignore[arg-type]
    assert type(card_ids(make())) is bytes  # type: ignore[arg-type]


def test_parse_cards_returns_interned_cards() -> None:
    assert parse_cards("As")[0] is Card(51)
    assert parse_cards([51])[0] is Card(51)


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([54], r"^card id 54 out of range 0\.\.53 at position 1 in \[54\]$"),
        ([0, 1, 255], r"^card id 255 out of range 0\.\.53 at position 3 in \[0, 1, 255\]$"),
        ([0, 256], r"^card id 256 out of range 0\.\.53 at position 2"),
        ([-1], r"^card id -1 out of range 0\.\.53 at position 1"),
        ([Card(0), -1], r"^card id -1 out of range 0\.\.53 at position 2"),
        (54, r"^card id 54 out of range 0\.\.53$"),
        (-3, r"^card id -3 out of range 0\.\.53$"),
        (["As", "Xs"], r"^bad card 'Xs' at position 2 in \['As', 'Xs'\]: unknown rank 'X'$"),
        (["AsKd"], r"^bad card 'AsKd' at position 1 in \['AsKd'\]: expected one card, found 2$"),
        ([Card(1), ""], r"^bad card '' at position 2 in \[Card\('2d'\), ''\]: expected one card, found 0$"),
    ],
)
def test_bad_values_in_sequences(cards: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_cards(cards)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        card_ids(cards)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (1.5, r"^expected cards as a str, Card, int or iterable of them, got float$"),
        (None, r"^expected cards as a str, Card, int or iterable of them, got NoneType$"),
        (b"AsKd", r"got bytes"),
        (bytearray(b"\x00\x01"), r"got bytearray"),
        (memoryview(b"\x00"), r"got memoryview"),
        (True, r"got bool"),
        (object(), r"got object"),
        ([1.0], r"^expected a card as a Card, str or int, got float at position 1 in \[1\.0\]$"),
        ([None], r"got NoneType at position 1"),
        ([["As"]], r"^expected a card as a Card, str or int, got list at position 1 in \[\['As'\]\]$"),
        ([("As", "Kd")], r"got tuple at position 1"),
        ([Card(0), [1]], r"got list at position 2"),
        ([0, True], r"got bool at position 2"),
        ([True, 0], r"got bool at position 1"),
        ((False,), r"got bool at position 1"),
        ([Card(0), False], r"got bool at position 2"),
        ([b"As"], r"got bytes at position 1"),
        ([0, 1.0], r"got float at position 2"),
    ],
)
def test_wrong_types(cards: object, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        parse_cards(cards)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=message):
        card_ids(cards)  # type: ignore[arg-type]


def test_numpy_bool_in_sequence_rejected() -> None:
    np = pytest.importorskip("numpy")
    with pytest.raises(TypeError, match="got bool at position 2"):
        card_ids([0, np.True_])
    with pytest.raises(TypeError, match="at position 1"):
        card_ids(np.array([True, False]))


def test_card_ids_matches_parse_cards_on_random_lists() -> None:
    # Fast paths (all Cards, all ints) and the general path must agree.
    rng = random.Random(7)
    for _ in range(500):
        hand = rng.sample(range(52), rng.randint(0, 8))
        forms = [
            [Card(n) for n in hand],
            tuple(Card(n) for n in hand),
            list(hand),
            tuple(hand),
            [rng.choice([Card(n), n, str(Card(n))]) for n in hand],
        ]
        for cards in forms:
            assert card_ids(cards) == bytes(hand)  # type: ignore[arg-type]
            assert ids(parse_cards(cards)) == hand  # type: ignore[arg-type]


# ---- format_cards ---------------------------------------------------------------------------


def test_format_cards() -> None:
    assert format_cards("AsKd") == "As Kd"
    assert format_cards("AsKd", sep="") == "AsKd"
    assert format_cards("AsKd", ", ") == "As, Kd"
    assert format_cards([0, 51]) == "2c As"
    assert format_cards(f"{CYR_TE}♠ 10♦ q♥{VS16}") == "As Td Qh"
    assert format_cards(Card(34)) == "Th"
    assert format_cards([]) == ""


def test_format_parse_round_trip() -> None:
    rng = random.Random(11)
    for _ in range(200):
        hand = rng.sample(range(52), rng.randint(1, 7))
        for sep in (" ", "", ",", ", "):
            assert ids(parse_cards(format_cards(hand, sep=sep))) == hand


def test_format_cards_errors() -> None:
    with pytest.raises(ValueError, match=re.escape("bad card 'Xs'")):
        format_cards("AsXs")
    with pytest.raises(TypeError, match="got float"):
        format_cards(1.5)  # type: ignore[arg-type]
