"""Cards: the Card type, text parsing and the id bytes the evaluator consumes.

A card id is 4*rank + suit: rank 0..12 is 2,3,...,9,T,J,Q,K,A and suit 0..3 is
c,d,h,s, so 2c = 0 and As = 51 (the numbering of csrc/pokereval.h; there is no other).

Text may spell a card as rank then suit.  The rank is 2-9, T or 10, J, Q, K, A in either
case, or a Cyrillic letter of Russian and Bulgarian decks, in either case: Te (U+0422) or
A (U+0410) ace, Ka (U+041A) king, De (U+0414) queen, Ve (U+0412) jack.  Latin letters keep
their Latin meaning, so Latin T is ten while Cyrillic Te is ace.  The suit is c, d, h, s
in either case or a symbol from ♣♦♥♠ / ♧♢♡♤, which may carry a variation selector (U+FE0F
asks for the emoji form, U+FE0E for the text form).  Cards may be run together ("AsKd") or
separated by whitespace and commas ("As, Kd").

This module is the bottom Python floor: pure Python, it imports nothing from pokereval.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from numbers import Integral
from operator import index
from typing import Any, NoReturn, SupportsIndex, Union, final
from unicodedata import category
from unicodedata import name as unicodedata_name

__all__ = ["RANKS", "SUITS", "Card", "CardLike", "CardsLike", "card_ids", "format_cards", "parse_cards"]

RANKS = "23456789TJQKA"
SUITS = "cdhs"

_DECK_SIZE = 52
# Ids 52 and 53 are the first and second joker of a 53- or 54-card deck; they play only
# where a call says how (evaluate's wild=), and both are written "Jk".
_JOKERS = (52, 53)
_NAMES = (*(rank + suit for rank in RANKS for suit in SUITS), "Jk", "Jk")

# The emoji (U+FE0F) and text (U+FE0E) forms of a symbol: either may follow a suit symbol, and
# neither changes the card.
_VARIATION_SELECTORS = ("\ufe0f", "\ufe0e")


def _rank_spellings() -> dict[str, int]:
    """Every spelling of a rank -> rank 0..12."""
    rank_of = {"10": RANKS.index("T")}
    for rank, char in enumerate(RANKS):
        rank_of[char] = rank_of[char.lower()] = rank
    # The Cyrillic letters are escaped because they look like Latin ones, and each alphabet
    # keeps its own meaning: Latin T is ten, but Cyrillic Te (Russian "tuz") is ace.  Latin
    # A/K and Cyrillic A/Ka happen to agree.
    for char, name in (
        ("\N{CYRILLIC CAPITAL LETTER TE}", "A"),  # tuz (Russian)
        ("\N{CYRILLIC CAPITAL LETTER A}", "A"),  # aso (Bulgarian)
        ("\N{CYRILLIC CAPITAL LETTER KA}", "K"),  # korol
        ("\N{CYRILLIC CAPITAL LETTER DE}", "Q"),  # dama
        ("\N{CYRILLIC CAPITAL LETTER VE}", "J"),  # valet, vale
    ):
        rank_of[char] = rank_of[char.lower()] = RANKS.index(name)
    return rank_of


def _suit_spellings() -> dict[str, int]:
    """Every spelling of a suit -> suit 0..3."""
    suit_of = {}
    for suit, (letter, black, white) in enumerate(zip(SUITS, "♣♦♥♠", "♧♢♡♤")):
        suit_of[letter] = suit_of[letter.upper()] = suit
        for symbol in (black, white):
            suit_of[symbol] = suit
            for selector in _VARIATION_SELECTORS:
                suit_of[symbol + selector] = suit
    return suit_of


_RANK_OF = _rank_spellings()
_SUIT_OF = _suit_spellings()
# Each whole token -> id (29 rank spellings x 32 suit spellings), so reading a card is one
# dict lookup.  Tokens are 2 to 4 characters long ("10♠\ufe0f" is among the longest).
_ID_OF_TOKEN = {
    rank_text + suit_text: 4 * rank + suit
    for rank_text, rank in _RANK_OF.items()
    for suit_text, suit in _SUIT_OF.items()
}
_JOKER_SPELLINGS = ("Jk", "JK", "jk", "jK", "joker", "Joker", "JOKER", "\N{PLAYING CARD BLACK JOKER}")
_ID_OF_TOKEN.update(dict.fromkeys(_JOKER_SPELLINGS, 52))
_DECK_BYTES = bytes(range(_DECK_SIZE))  # ids.translate(None, _DECK_BYTES) keeps the bad ones
_TOKEN_WIDTHS = (5, 4, 3, 2, 1)  # longest first, so "10s" is not read as "1" + "0s"

_SHOWN_CHARS = 80  # how much of the input an error message quotes back


@final
class Card(int):
    """One playing card: an int subclass whose value is the id 4*rank + suit (0..51).

    ``Card(x)`` takes an id 0..51 (anything with ``__index__`` except bool), a text
    token such as ``"As"``, ``"10h"`` or ``"q♦"`` (every spelling is in the module
    docstring), or a Card.  A bad id raises ValueError, a bad token ValueError naming it,
    any other type TypeError.  Ids 52 and 53 are the two jokers (``"Jk"``, ``"joker"``
    or ``"🃏"``), which play only in a call that says how (``evaluate(..., wild=...)``).
    There are exactly 54 Card objects (``Card(51) is Card("As")``).  Being an int, a Card
    hashes, sorts and compares as its id, and a list of Cards turns into card bytes with a
    plain ``bytes(cards)``: that is why the evaluator's per-call path is cheap.

    >>> Card("As"), Card(51) is Card("A♠"), int(Card("2c"))
    (Card('As'), True, 0)
    >>> Card("\N{CYRILLIC CAPITAL LETTER TE}♠"), Card("T♠")
    (Card('As'), Card('Ts'))
    """

    __slots__ = ()

    def __new__(cls, card: CardLike) -> Card:
        if type(card) is Card:
            return card
        if isinstance(card, str):
            return CARDS[_token_id(card, 0, None)]
        return CARDS[_int_id(card, 0, None)]

    def __init_subclass__(cls) -> None:
        raise TypeError("Card cannot be subclassed: its 54 instances are interned")

    @property
    def id(self) -> int:
        """The id 4*rank + suit, 0..51, as a plain int.

        >>> Card("Kd").id
        45
        """
        return int(self)

    @property
    def rank(self) -> int:
        """The rank 0..12 (2 is 0, ace is 12).

        >>> Card("Kd").rank
        11
        """
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """The suit 0..3 (c, d, h, s).

        >>> Card("Kd").suit
        1
        """
        return int(self) & 3

    @property
    def is_joker(self) -> bool:
        """True for the jokers, ids 52 and 53 (their rank reads 13 and their suit 0 or 1).

        >>> Card("Jk").is_joker, Card("Jk"), int(Card("Jk")), Card("As").is_joker
        (True, Card('Jk'), 52, False)
        """
        return int(self) >= _DECK_SIZE

    def __bool__(self) -> bool:
        # A card is always something, even the 2c whose id is 0.
        return True

    def __str__(self) -> str:
        return _NAMES[self]

    def __repr__(self) -> str:
        return f"Card({_NAMES[self]!r})"

    def __format__(self, spec: str) -> str:
        return format(_NAMES[self], spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        # Unpickling and copying go through Card(id), so they return the interned object.
        return (Card, (int(self),))


CARDS: tuple[Card, ...] = tuple(int.__new__(Card, card_id) for card_id in range(_DECK_SIZE + 2))
_PLAIN_INT = frozenset((int, Card))

CardLike = Union[Card, str, SupportsIndex]
"""One card: a Card, a text token or an id 0..51 (52 and 53: the jokers)."""
CardsLike = Union[CardLike, Iterable[CardLike]]
"""Some cards: text of several cards, one card, or an iterable of single cards."""


# ---- errors -------------------------------------------------------------------------------


def cut(text: str) -> str:
    """`text` cut to _SHOWN_CHARS for an error message: a bad token of a 100 KB input is not
    quoted whole (pokereval/ranges.py words its errors with it too)."""
    return text if len(text) <= _SHOWN_CHARS else text[: _SHOWN_CHARS - 3] + "..."


def show(source: object) -> str:
    """repr(source), cut."""
    return cut(repr(source))


def _quote(token: str) -> str:
    """repr(token), escaped to ASCII if it holds a mark, control or space that would not show."""
    if any(category(char)[0] in "CMZ" for char in token):
        return ascii(token)
    return repr(token)


def named(char: str) -> str:
    """A bad rank or suit quoted for an error message, with its code point and name when it is
    a character other than ASCII that shows as itself: a look-alike (Cyrillic С, Greek Α,
    full-width Ａ) would otherwise read as the letter it mimics, as if that were refused.

    >>> named("x"), named("\N{CYRILLIC SMALL LETTER ES}")
    ("'x'", "'с' (U+0441 CYRILLIC SMALL LETTER ES)")
    """
    quoted = _quote(char)
    if len(char) != 1 or char.isascii() or char not in quoted:
        return quoted  # plain ASCII, several characters, or already written as an escape
    return f"{quoted} (U+{ord(char):04X} {unicodedata_name(char, 'unnamed')})"


def _where(position: int, source: object) -> str:
    """' at position 3 in ...' for the message about one card of many; '' for a lone card."""
    return f" at position {position} in {show(source)}" if position else ""


def _is_separator(char: str) -> bool:
    return char == "," or char.isspace()


def _rank_hint(rank: str) -> str:
    """What a newcomer most likely meant by a character where a rank goes."""
    if rank == "1":
        return " (a ten is T or 10)"
    if rank in _SUIT_OF:
        return " (the rank comes first: As, A♠)"
    if rank in ";|-/[](){}<>\"'.:":  # what lists and pasted text put between cards
        return " (cards are separated by blanks or commas)"
    return ""


def _diagnose(text: str, start: int) -> tuple[str, str]:
    """The bad token that begins at text[start] and what is wrong with it."""
    rank = text[start : start + 2] if text.startswith("10", start) else text[start]
    after = start + len(rank)
    suit = text[after] if after < len(text) and not _is_separator(text[after]) else ""
    if suit and text.startswith(_VARIATION_SELECTORS, after + 1):
        suit += text[after + 1]
    if rank not in _RANK_OF:
        return rank + suit, f"unknown rank {named(rank)}{_rank_hint(rank)}"
    if not suit:
        return rank, f"rank {_quote(rank)} has no suit"
    return rank + suit, f"unknown suit {named(suit)}"


def third_joker(position: int | str, within: str = "") -> str:
    """The words for a third joker at `position` (from 1, or already in words: "board
    position 2") of a hand or a deal, `within` naming the input.  Jokers are numbered in
    reading order (text writes both "Jk"), so a joker id that repeats past two is always a
    third.

    >>> third_joker(3)
    'a third joker at position 3: a deck has two'
    """
    place = position if isinstance(position, str) else f"position {position}"
    return f"a third joker at {place}{within}: a deck has two"


def joker_words(position: int | str, *, deuces: bool = False, game: str | None = None) -> str:
    """Why the joker at `position` (from 1, or already in words: "board position 2") cannot
    play here: with deuces wild (no jokers in the deck), in a `game` without wild cards, or,
    by default, in a call that was not told how wild cards play.  Every entry words a stray
    joker with this one sentence.

    >>> joker_words(2)
    "joker 'Jk' at position 2 plays only with wild='joker' or wild='bug'"
    """
    place = position if isinstance(position, str) else f"position {position}"
    if deuces:
        return f"joker 'Jk' at {place}: with wild='deuces' the deck has no jokers"
    if game is not None:
        return f"joker 'Jk' at {place}: {game} has no wild cards"
    return f"joker 'Jk' at {place} plays only with wild='joker' or wild='bug'"


def refuse_jokers(ids: bytes, source: object, where: str = "") -> None:
    """ValueError naming the first joker of `ids` (read from `source`), for the calls that
    play no wild cards; `where` prefixes the message.  The one place that reads a hand's
    jokers for them.

    >>> refuse_jokers(card_ids("As Jk"), "As Jk", "hand 2: ")
    Traceback (most recent call last):
    ...
    ValueError: hand 2: joker 'Jk' at position 2 plays only with wild='joker' or wild='bug' in 'As Jk'
    """
    if 52 in ids or 53 in ids:
        at = min(i for i in (ids.find(52), ids.find(53)) if i >= 0)
        shown = f" in {show(source)}" if len(ids) > 1 else ""
        raise ValueError(f"{where}{joker_words(at + 1)}{shown}")


def _raise_duplicate(ids: bytes | bytearray, source: object) -> NoReturn:
    # Only reached once a duplicate is known: the mask finds the first repeat and its twin.
    mask = 0
    for position, card_id in enumerate(ids, 1):
        bit = 1 << card_id
        if mask & bit:
            first = ids.index(card_id) + 1
            if card_id in _JOKERS:
                raise ValueError(third_joker(position, f" in {show(source)}"))
            raise ValueError(
                f"duplicate card {_NAMES[card_id]!r} at positions {first} and {position} in {show(source)}"
            )
        mask |= bit
    raise AssertionError("no duplicate in ids")  # pragma: no cover


def number_jokers(ids: bytes) -> bytes:
    """A hand whose jokers repeat an id (text writes both "Jk") with each joker one of its
    own, as :func:`number_deal_jokers` numbers a deal; ids that name two jokers apart stay."""
    if ids.count(52) + ids.count(53) >= 2 and (ids.count(52) >= 2 or ids.count(53) >= 2):
        return number_deal_jokers(ids)[0]
    return ids


def number_deal_jokers(*parts: bytes) -> tuple[bytes, ...]:
    """The parts of one deal (hands, board, dead cards) with each joker one of its own, in
    reading order: the first 52, the next 53, as text writes both "Jk".  A third is left a
    repeat of one of them, for the duplicate check to refuse: a deck has two."""
    ids, seen = bytearray(b"".join(parts)), 0
    for at, card in enumerate(ids):
        if card in _JOKERS:
            if seen < 2:
                ids[at] = _JOKERS[seen]
            seen += 1
    out, at = [], 0
    for part in parts:
        out.append(bytes(ids[at : at + len(part)]))
        at += len(part)
    return tuple(out)


def _check_unique(ids: bytes, source: object) -> bytes:
    # set() of a bytes object runs in C: for 7 cards it costs about a third of a Python loop
    # accumulating a 64-bit mask, so the mask is left to the error path above.
    if len(set(ids)) != len(ids):
        _raise_duplicate(ids, source)
    return ids


# ---- parsing: card_ids takes every input form; text ends in _text_ids, the rest in _items_ids


def _scan(text: str) -> tuple[bytearray, int]:
    """Read cards from text: (ids, -1), or (ids so far, index of the first bad character)."""
    ids = bytearray()
    start, end = 0, len(text)
    while start < end:
        if _is_separator(text[start]):
            start += 1
            continue
        for width in _TOKEN_WIDTHS:
            token = text[start : start + width]
            card_id = _ID_OF_TOKEN.get(token)
            if card_id is not None:
                ids.append(card_id)
                start += len(token)
                break
        else:
            return ids, start
    return ids, -1


@lru_cache(maxsize=4096)
def _text_ids(text: str) -> bytes:
    """The ids of the cards in text, unique; cached because hands are often re-spelled."""
    return _check_unique(_read_text(text), text)


@lru_cache(maxsize=4096)
def _read_text(text: str) -> bytes:
    """The ids of the cards in text, repeats and all."""
    # Most text is tokens run together ("AsKd") or split by spaces and commas ("As, Kd").
    # Whenever every piece is a whole token this is the same reading as _scan's, because no
    # token holds a separator and none starts inside another ("10s" is not "1" + "0s", and
    # a variation selector is no rank); otherwise _scan reads the text and finds what is wrong.
    try:
        if " " in text or "," in text:
            pieces = text.replace(",", " ").split()
        else:
            pieces = [text[i : i + 2] for i in range(0, len(text), 2)]
        ids = bytes([_ID_OF_TOKEN[piece] for piece in pieces])
    except KeyError:
        found, bad = _scan(text)
        if bad >= 0:
            token, reason = _diagnose(text, bad)
            raise ValueError(
                f"bad card {_quote(token)} at position {len(found) + 1} in {show(text)}: {reason}"
            ) from None
        ids = bytes(found)
    return number_jokers(ids) if 52 in ids or 53 in ids else ids


def _plain(text: str) -> str:
    """A str subclass as the plain str it holds, so that none of its own methods (split,
    __getitem__, __hash__, ...) take part in reading it, nor reach the caches."""
    return text if type(text) is str else str.__str__(text)


def _token_id(token: str, position: int, source: object) -> int:
    """The id of a text token that must hold exactly one card."""
    token = _plain(token)
    card_id = _ID_OF_TOKEN.get(token)
    if card_id is not None:
        return card_id
    stripped = token.strip()
    card_id = _ID_OF_TOKEN.get(stripped)
    if card_id is not None:
        return card_id
    ids, bad = _scan(stripped)
    if bad >= 0:
        reason = _diagnose(stripped, bad)[1]
    else:
        reason = f"expected one card, found {len(ids)}"
    raise ValueError(f"bad card {_quote(token)}{_where(position, source)}: {reason}")


def is_bool(value: object) -> bool:
    """Whether `value` is a bool or numpy's bool_: an int to Python (and to numpy before 2.1,
    as an index), but never a card or a count.  Checked by name so that this module needs
    no numpy.

    >>> is_bool(True), is_bool(1)
    (True, False)
    """
    kind = type(value)
    return isinstance(value, bool) or (kind.__module__ == "numpy" and kind.__name__ in ("bool_", "bool"))


def is_one_card(item: object) -> bool:
    """Whether `item`, an item of a list, is one card by itself: a Card or an int id (numpy's
    integers too), not text or a hand.  Decides whether a list is one hand's cards or a
    list of hands.

    >>> is_one_card(51), is_one_card("As"), is_one_card("AsKs")
    (True, False, False)
    """
    return isinstance(item, Integral)


def _int_id(value: object, position: int, source: object) -> int:
    """The id held by an int-like value (anything with __index__ but bool)."""
    if type(value) is not int:
        if is_bool(value) or not hasattr(type(value), "__index__"):
            _raise_type(value, position, source)
        try:
            value = index(value)  # type: ignore[arg-type]  # checked just above
        except TypeError:  # a 0-d array, say, has __index__ but may refuse it
            _raise_type(value, position, source)
    assert isinstance(value, int)
    if not 0 <= value < _DECK_SIZE + len(_JOKERS):
        raise ValueError(f"card id {value} out of range 0..53{_where(position, source)}")
    return value


def card_type_words(value: object, position: int, source: object) -> str:
    """Why `value`, item `position` (from 1) of `source`, is no card: the TypeError's words."""
    return f"expected a card as a Card, str or int, got {type(value).__name__}{_where(position, source)}"


def _raise_type(value: object, position: int, source: object) -> NoReturn:
    raise TypeError(card_type_words(value, position, source))


def card_at(item: object, position: int, items: Sequence[object]) -> int:
    """The id of `item`, the card at `position` (from 1) of `items`: a Card, a text token or an
    id; an error names the position.

    >>> card_at("Kd", 2, ["As", "Kd"])
    45
    """
    if type(item) is Card:
        return int(item)
    if isinstance(item, str):
        return _token_id(item, position, items)
    return _int_id(item, position, items)


def _items_ids(items: Sequence[object], unique: bool = True) -> bytes:
    """The ids of a sequence of single cards, each a Card, a text token or an id."""
    ids = bytearray(card_at(item, position, items) for position, item in enumerate(items, 1))
    out = number_jokers(bytes(ids)) if 52 in ids or 53 in ids else bytes(ids)
    return _check_unique(out, items) if unique else out


def _other_ids(cards: object, unique: bool = True) -> bytes:
    """card_ids for anything but a list, a tuple or a str."""
    kind = type(cards)
    if kind is Card:
        return bytes((cards,))  # type: ignore[arg-type]
    if isinstance(cards, (bytes, bytearray, memoryview)):
        raise TypeError(
            f"expected cards as a str, Card, int or iterable of them, got {kind.__name__}; "
            "decode text first, or pass ids as list(data)"
        )
    if hasattr(kind, "__index__") and not hasattr(kind, "__iter__"):
        return bytes((_int_id(cards, 0, None),))
    if isinstance(cards, Iterable):
        try:
            items = tuple(cards)
        except TypeError:  # iterable by its type, not as it is: a 0-d numpy array
            dims = getattr(cards, "ndim", None)
            shape = f"{dims}-d " if isinstance(dims, int) else "non-iterable "
            raise TypeError(
                f"expected cards as a str, Card, int or iterable of them, got {shape}{kind.__name__}"
            ) from None
        return card_ids(items) if unique else _items_ids(items, unique=False)
    raise TypeError(f"expected cards as a str, Card, int or iterable of them, got {kind.__name__}")


# ---- public functions ----------------------------------------------------------------------


def parse_cards(cards: CardsLike) -> tuple[Card, ...]:
    """Read cards from text, a Card, an id, or an iterable of single cards.

    Text may run cards together or separate them with whitespace and commas; see the
    module docstring for every spelling.  Malformed text raises ValueError naming the
    bad token and its position (1 for the first card), a repeated card raises ValueError
    naming it, and a value of the wrong type raises TypeError naming the type.

    >>> parse_cards("AsKd")
    (Card('As'), Card('Kd'))
    >>> parse_cards("10♠, q♥ \N{CYRILLIC CAPITAL LETTER TE}♣")
    (Card('Ts'), Card('Qh'), Card('Ac'))
    >>> parse_cards([51, "2c", Card("Kd")])
    (Card('As'), Card('2c'), Card('Kd'))
    >>> parse_cards("AsKdXs")
    Traceback (most recent call last):
    ...
    ValueError: bad card 'Xs' at position 3 in 'AsKdXs': unknown rank 'X'
    """
    return tuple(map(CARDS.__getitem__, card_ids(cards)))


def card_ids(cards: CardsLike) -> bytes:
    """The ids of cards (anything parse_cards takes) as bytes, one byte per card.

    This is the evaluator's entry point (parse_cards and format_cards use it too).  Lists
    and tuples of Cards or of plain ints, and text such as "AsKdQh" or "As Kd Qh", take
    fast paths; parsed text is cached (the last 4096 strings).  Errors are those of
    parse_cards.

    >>> card_ids("AsKd2c")
    b'3-\\x00'
    >>> list(card_ids([Card("As"), Card("Kd"), Card("2c")]))
    [51, 45, 0]
    >>> card_ids("AhKdAh")
    Traceback (most recent call last):
    ...
    ValueError: duplicate card 'Ah' at positions 1 and 3 in 'AhKdAh'
    """
    kind = type(cards)
    if kind is not list and kind is not tuple:
        if isinstance(cards, str):
            return _text_ids(_plain(cards))
        return _other_ids(cards)
    items: Sequence[Any] = cards  # type: ignore[assignment]  # a list or a tuple, as just checked
    # The fast paths build the ids in C and check them in C.  Whatever they cannot vouch for
    # goes to _items_ids, which also words the error.
    try:
        # Only plain ints and Cards here (no bool, no numpy scalar): bytes() refuses those
        # below 0 or over 255, and translate() leaves exactly the ids over 51.
        if not _PLAIN_INT.issuperset(map(type, items)):
            return _items_ids(items)
        ids = bytes(items)
        if ids.translate(None, _DECK_BYTES):
            return _items_ids(items)
    except (TypeError, ValueError):
        return _items_ids(items)
    if len(set(ids)) != len(ids):
        _raise_duplicate(ids, items)
    return ids


def read_ids(cards: CardsLike) -> bytes:
    """card_ids without the check for repeats, for the evaluator: the core finds a card
    twice, within the cards or between them and a board, and words it with both positions."""
    if isinstance(cards, str):
        return _read_text(_plain(cards))
    kind = type(cards)
    if kind is list or kind is tuple:
        return _items_ids(cards, unique=False)  # type: ignore[arg-type]  # a list or a tuple
    return _other_ids(cards, unique=False)


def format_cards(cards: CardsLike, sep: str = " ") -> str:
    """Write cards in the canonical spelling (rank letter, lowercase suit), joined by sep.

    >>> format_cards("a♠ 10d")
    'As Td'
    >>> format_cards([0, 51], sep="")
    '2cAs'
    """
    if not isinstance(sep, str):
        raise TypeError(f"sep must be a str, got {type(sep).__name__}")
    return sep.join(map(_NAMES.__getitem__, card_ids(cards)))


def natural_cards(cards: CardsLike | None, what: str, *, optional: bool = True) -> bytes:
    """The ids of `cards` (none: empty, when `optional`; a hand is not) for a call without
    wild cards, errors prefixed with `what` ("the board", "dead cards"): a joker is a
    ValueError naming it.

    >>> natural_cards("2c Jk", "the board")
    Traceback (most recent call last):
    ...
    ValueError: the board: joker 'Jk' at position 2 plays only with wild='joker' or wild='bug' in '2c Jk'
    """
    if cards is None and optional:
        return b""
    try:
        ids = card_ids(cards)  # type: ignore[arg-type]  # a None here is a hand's: card_ids refuses it
    except ValueError as error:
        raise ValueError(f"{what}: {error}") from None
    except TypeError as error:  # a bool or None among the cards: named where it is too
        raise TypeError(f"{what}: {error}") from None
    refuse_jokers(ids, cards, f"{what}: ")
    return ids
