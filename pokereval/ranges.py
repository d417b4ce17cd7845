"""Starting-hand ranges in the usual notation: "QQ+,AKs,A5s-A2s,KQo,AhKh".

A range is a set of combinations of hole cards ("combos"), each with a weight in (0, 1]
(how often the hand is held).  Tokens are separated by commas (spaces around them are
ignored) and each may end in ``:weight``.  In hold'em:

- pairs: ``QQ`` (6 combos), ``QQ+`` (QQ, KK, AA; ``22+`` is every pair), ``55-22`` or
  ``22-55``;
- two ranks, high card first or not: ``AKs`` suited (4 combos), ``AKo`` offsuit (12),
  ``AK`` both (16); ``ATs+`` raises the second card up to one below the first (ATs,
  AJs, AQs, AKs; so ``T9s+`` is T9s alone); ``A5s-A2s`` runs the second card between
  the two (same first card);
- one combo: ``AhKh``, or as pasted from elsewhere ``Ah Kh`` (spaces inside a token
  are ignored);
- ``random``: any two cards (all 1326 combos);
- ``AKs:0.5`` gives those combos weight 0.5 (default 1), on any token.

The rank ten may be written ``T`` or ``10`` (``1010`` is ``TT``, ``A10s`` is ``ATs``).
A combo named by two tokens keeps the weight of the last one.  Ranks, and the ``s`` or
``o`` of a class, are read in either case (a class is read as :func:`pokereval.classes.read_class`
reads it, the rule :func:`~pokereval.classes.class_index` follows too); suits are c, d, h, s.

Short deck (``game="shortdeck"``) takes the same tokens over its 36 cards (a token that
names a rank below 6 is an error; ``random`` is its 630 combos).  Omaha and Omaha hi-lo
take concrete hands of 4 to 6 cards (``"AsKsQdJd, AhAd2c3c:0.5"``), every hand of one
range the same size; "any cards" there is the hand ``"random"`` given to
:func:`pokereval.equity`, which deals them, rather than a range token.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import combinations
from typing import Any

import numpy as np

from ._arrays import frozen
from .cards import (
    CARDS,
    RANKS,
    SUITS,
    Card,
    CardsLike,
    card_ids,
    cut,
    named,
    natural_cards,
    refuse_jokers,
    show,
)
from .classes import RANK_OF, read_class
from .games import GAMES, GameSpec, game_spec

__all__ = ["Range"]

Combo = tuple[Card, ...]

# Ranges are for the games with a board: their players' hole cards are what a range holds.
_RANGE_GAMES = tuple(name for name, spec in GAMES.items() if spec.showdown_board)
_RANDOM = "random"


def _two_cards(spec: GameSpec) -> bool:
    """True where a hand is two hole cards, so the hold'em notation applies."""
    return spec.seat == (2, 2)


_SUIT_OF = {char: suit for suit, char in enumerate(SUITS)}


def _pair_combos(rank: int) -> list[tuple[int, int]]:
    return [(4 * rank + b, 4 * rank + a) for a in range(4) for b in range(a + 1, 4)]


def _two_rank_combos(high: int, low: int, kind: str) -> list[tuple[int, int]]:
    """Combos of two different ranks: kind "s" suited, "o" offsuit, "" both."""
    return [
        (4 * high + sh, 4 * low + sl)
        for sh in range(4)
        for sl in range(4)
        if (kind == "" or (kind == "s") == (sh == sl))
    ]


def _rank(char: str, token: str) -> int:
    rank = RANK_OF.get(char)
    if rank is None:
        raise ValueError(f"bad range token {show(token)}: unknown rank {named(char)}")
    return rank


def _hand_class(text: str, token: str) -> tuple[int, int, str]:
    """ "AKs" -> (12, 11, "s"); "QQ" -> (10, 10, ""); ranks put high first (read_class)."""
    if len(text) not in (2, 3):
        # tokens are split at commas: "QQ+ AKs" is one token
        apart = " (tokens are separated by commas)" if len(token.split()) > 1 else ""
        raise ValueError(
            f"bad range token {show(token)}: expected a hand such as 'QQ', 'AKs', 'AKo' or 'AhKh'{apart}"
        )
    try:
        return read_class(text)
    except ValueError as error:
        raise ValueError(f"bad range token {show(token)}: {error}") from None


def _class_combos(high: int, low: int, kind: str) -> list[tuple[int, int]]:
    return _pair_combos(high) if high == low else _two_rank_combos(high, low, kind)


def _token_combos(token: str, body: str) -> list[tuple[int, int]]:
    """The hold'em combos of one token without its weight."""
    if body.lower() == _RANDOM:
        return [(b, a) for a, b in combinations(range(52), 2)]
    if len(body) == 4 and body[1] in _SUIT_OF and body[3] in _SUIT_OF:
        one = 4 * _rank(body[0], token) + _SUIT_OF[body[1]]
        two = 4 * _rank(body[2], token) + _SUIT_OF[body[3]]
        if one == two:
            raise ValueError(f"bad range token {show(token)}: the same card twice")
        return [(max(one, two), min(one, two))]
    if body.endswith("+"):
        high, low, kind = _hand_class(body[:-1], token)
        if high == low:  # QQ+: every pair from QQ up
            return [c for rank in range(low, 13) for c in _pair_combos(rank)]
        # ATs+: the second card from T up to one below the first
        return [c for kicker in range(low, high) for c in _two_rank_combos(high, kicker, kind)]
    if "-" in body:
        left, _, right = body.partition("-")
        a, b = _hand_class(left, token), _hand_class(right, token)
        if a[0] == a[1] and b[0] == b[1]:  # 55-22
            lo, hi = sorted((a[0], b[0]))
            return [c for rank in range(lo, hi + 1) for c in _pair_combos(rank)]
        if a[0] != b[0] or a[2] != b[2] or a[0] == a[1] or b[0] == b[1]:
            raise ValueError(
                f"bad range token {show(token)}: a span needs two pairs or the same first card and kind"
                " (such as 'A5s-A2s')"
            )
        lo, hi = sorted((a[1], b[1]))
        return [c for kicker in range(lo, hi + 1) for c in _two_rank_combos(a[0], kicker, a[2])]
    if len(body) not in (2, 3) and _reads_as_two_cards(body):
        # "AHKH", "A♠K♠": two cards as card text spells them (parse_cards), not as a range does
        raise ValueError(
            f"bad range token {show(token)}: a combo is written as 'AhKh',"
            " ranks 2-9, T, J, Q, K, A and suits c, d, h, s"
        )
    high, low, kind = _hand_class(body, token)
    return _class_combos(high, low, kind)


def _reads_as_two_cards(body: str) -> bool:
    try:
        ids = card_ids(body)
    except ValueError:
        return False
    return len(ids) == 2 and 52 not in ids and 53 not in ids


def _body(token: str, body: str) -> str:
    """A token's hand as the notation above reads it: no spaces, the ten as T."""
    body = "".join(body.split())
    # "10" is the ten wherever it stands: 1010, A10s, 10h9h.  A "1" left over is no rank.
    return re.sub("10", "T", body)


def _game_combos(token: str, body: str, spec: GameSpec) -> list[tuple[int, ...]]:
    """The combos of one token in the game of `spec` (see the module docstring)."""
    if _two_cards(spec):
        combos = _token_combos(token, body)
        if body.lower() == _RANDOM:
            return [c for c in combos if min(c) >= spec.deck_first]
        low = min(min(c) for c in combos)
        if low < spec.deck_first:
            raise ValueError(
                f"bad range token {show(token)}: {RANKS[low >> 2]} is not in the {spec.name} deck"
            )
        return list(combos)
    if body.lower() == _RANDOM:
        raise ValueError(
            f"bad range token {show(token)}: any {spec.name} hand is the hand 'random' given to equity(),"
            " not a range token"
        )
    try:
        ids = card_ids(body)
        refuse_jokers(ids, body)  # a range holds cards of the deck: jokers play only as wild cards
    except ValueError as error:
        try:  # a hold'em class ("QQ+", "AKs") where this game's ranges list whole hands
            _token_combos(token, body)
        except ValueError:
            raise ValueError(f"bad range token {show(token)}: {error}") from None
        raise ValueError(
            f"bad range token {show(token)}: {spec.name} ranges list whole hands with weights"
            " ('AsKsQdJd, AhAd2c3c:0.5'), not hold'em classes"
        ) from None
    fewest, most = spec.seat
    if not fewest <= len(ids) <= most:
        raise ValueError(
            f"bad range token {show(token)}: {spec.name} hands have {fewest} to {most} cards, got {len(ids)}"
        )
    return [tuple(sorted(ids, reverse=True))]


def _parse(text: str, game: str = "holdem") -> dict[tuple[int, ...], float]:
    combos: dict[tuple[int, ...], float] = {}
    for raw in text.split(","):
        token = raw.strip()
        if not token:
            raise ValueError(f"empty range token in {show(text)}")
        body, colon, weight_text = token.partition(":")
        weight = 1.0
        if colon:
            try:
                weight = float(weight_text)
            except ValueError:
                raise ValueError(
                    f"bad range token {show(token)}: weight {show(weight_text)} is not a number"
                ) from None
            if not 0.0 < weight <= 1.0:
                raise ValueError(
                    f"bad range token {show(token)}: weight {cut(weight_text.strip())} is not in (0, 1]"
                )
        for combo in _game_combos(token, _body(token, body), GAMES[game]):
            combos.pop(combo, None)  # a later token moves the combo to the end
            combos[combo] = weight
    sizes = {len(combo) for combo in combos}
    if len(sizes) > 1:
        raise ValueError(
            f"the hands of one {game} range must all have the same number of cards: {show(text)}"
        )
    return combos


@lru_cache(maxsize=256)
def _parse_cached(
    text: str, game: str
) -> tuple[dict[tuple[int, ...], float], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The combos of range text in card-id order, highest first, and their arrays; cached
    (simulators repeat their ranges).  Ranges never change their combos, so instances share
    these read-only."""
    combos = dict(sorted(_parse(text, game).items(), reverse=True))
    return (combos, *_arrays_of(combos))


def _arrays_of(combos: dict[tuple[int, ...], float]) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    width = len(next(iter(combos))) if combos else 2
    ids = np.fromiter((card for combo in combos for card in combo), np.uint8, width * len(combos))
    weights = np.fromiter(combos.values(), np.float64, len(combos))
    return frozen(ids.reshape(-1, width)), frozen(weights)


def _format_weight(weight: float) -> str:
    # repr is the shortest text that reads back to the same float (":g" kept 6 digits, so
    # str(Range("AKs:0.123456789")) read back as another range).
    return "" if weight == 1.0 else f":{weight!r}"


def _namer(first: str, kind: str) -> Callable[[int], str]:
    return lambda low: first + RANKS[low] + kind


def _describe(combos: dict[tuple[int, ...], float], game: str = "holdem") -> str:
    """Compact notation for a combo -> weight map: whole classes, spans, '+', combos."""
    weights = set(combos.values())
    spec = GAMES[game]
    if _two_cards(spec) and len(weights) == 1:
        deck = spec.deck_size
        if len(combos) == deck * (deck - 1) // 2:
            return _RANDOM + _format_weight(weights.pop())
    if not _two_cards(spec):
        return ",".join(
            "".join(str(CARDS[card]) for card in combo) + _format_weight(w) for combo, w in combos.items()
        )
    # Group the combos into hand classes (high, low, kind) with one weight each.
    tokens: list[str] = []
    left = dict(combos)

    def take(cs: list[tuple[int, int]]) -> float | None:
        """The common weight if every combo is present with one weight, else None."""
        weights = {left.get(c) for c in cs}
        if len(weights) == 1 and None not in weights:
            return weights.pop()
        return None

    def spans(keys: list[int], weights: dict[int, float], name: Callable[[int], str], top: int) -> None:
        """Runs of consecutive keys with one weight become 'X+', 'X-Y' or 'X'."""
        keys = sorted(keys, reverse=True)
        i = 0
        while i < len(keys):
            j, hi = i, keys[i]
            while j + 1 < len(keys) and keys[j + 1] == keys[j] - 1 and weights[keys[j + 1]] == weights[hi]:
                j += 1
            lo = keys[j]
            w = _format_weight(weights[hi])
            if hi == lo:
                tokens.append(name(hi) + w)
            elif hi == top:
                tokens.append(name(lo) + "+" + w)
            else:
                tokens.append(f"{name(hi)}-{name(lo)}{w}")
            i = j + 1

    pair_weights: dict[int, float] = {}
    for rank in range(12, -1, -1):
        w = take(_pair_combos(rank))
        if w is not None:
            pair_weights[rank] = w
            for c in _pair_combos(rank):
                del left[c]
    spans(list(pair_weights), pair_weights, lambda r: RANKS[r] * 2, 12)
    for high in range(12, 0, -1):
        for kind in ("", "s", "o"):
            kick_weights: dict[int, float] = {}
            for low in range(high - 1, -1, -1):
                w = take(_two_rank_combos(high, low, kind))
                if w is not None:
                    kick_weights[low] = w
                    for c in _two_rank_combos(high, low, kind):
                        del left[c]
            spans(list(kick_weights), kick_weights, _namer(RANKS[high], kind), high - 1)
    for combo, w in sorted(left.items(), reverse=True):
        tokens.append("".join(str(CARDS[card]) for card in combo) + _format_weight(w))
    return ",".join(tokens)


class Range:
    """A range: combos of hole cards with weights, read from the usual notation.

    Hold'em by default; ``game="shortdeck"``, ``"omaha"`` or ``"omaha-hilo"`` read their
    own (see the module docstring).  ``len(r)`` is the number of combos; the properties
    :attr:`combos`, :attr:`ids` and :attr:`weights` list them in one order, by card id
    with the highest first (``As Ah``, ``As Ad``, ..., ``3c 2c``), each combo's cards
    highest first; ``str(r)`` writes the range back compactly.  Bad notation raises
    ValueError naming the bad token.

    >>> r = Range("QQ+,AKs")
    >>> len(r), str(r)
    (22, 'QQ+,AKs')
    >>> len(Range("random")), len(Range("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32"))
    (1326, 1326)
    >>> str(Range("A5s-A2s, 77, Ah Kh:0.5, 1010"))
    'TT,77,A5s-A2s,AhKh:0.5'
    >>> Range("AsKsQdJd, AhAd2c3c:0.5", game="omaha")
    Range('AsKsQdJd,AhAd3c2c:0.5', game='omaha')
    >>> Range("AKx")
    Traceback (most recent call last):
    ...
    ValueError: bad range token 'AKx': 'x' is not 's' (suited) or 'o' (offsuit)
    """

    __slots__ = ("_combos", "_game", "_ids", "_packed", "_text", "_weights")

    _combos: dict[tuple[int, ...], float]
    _game: str
    _text: str | None  # str(self), written once (a range never changes)
    _ids: np.ndarray[Any, Any] | None
    _weights: np.ndarray[Any, Any] | None
    _packed: tuple[bytes, np.ndarray[Any, Any] | None] | None

    def __init__(self, text: str | Range, *, game: str | None = None) -> None:
        if isinstance(text, Range):
            if game is not None and game_spec(game).name != text._game:
                # Its cards were read for its own deck ("random", "A2s"): no silent change.
                raise ValueError(
                    f"a {text._game} Range cannot become a {game_spec(game).name} one;"
                    f" read its text for that game: Range(str(r), game={game_spec(game).name!r})"
                )
            self._combos, self._ids, self._weights = text._combos, text._ids, text._weights
            self._game, self._text, self._packed = text._game, text._text, text._packed
            return
        if game is None:
            game = "holdem"
        if not isinstance(text, str):
            raise TypeError(f"a range is given as text such as 'QQ+,AKs', got {type(text).__name__}")
        if type(text) is not str:
            # A str subclass is read as the plain text it holds: its own methods (split,
            # strip, ...) do not take part, nor do they reach the cache every Range shares.
            text = str.__str__(text)
        name = game_spec(game).name
        if name not in _RANGE_GAMES:
            raise ValueError(f"ranges are for {', '.join(_RANGE_GAMES)}; not {name!r}")
        self._game, self._text, self._packed = name, None, None
        self._combos, self._ids, self._weights = _parse_cached(text, name)

    @classmethod
    def _of(cls, combos: dict[tuple[int, ...], float], game: str) -> Range:
        r = object.__new__(cls)
        r._combos, r._game, r._ids, r._weights, r._text, r._packed = combos, game, None, None, None, None
        return r

    def _arrays(self) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """ids and weights, read-only and shared."""
        if self._ids is None or self._weights is None:
            self._ids, self._weights = _arrays_of(self._combos)
        return self._ids, self._weights

    def _rows(self) -> tuple[bytes, np.ndarray[Any, Any] | None]:
        """The combos' ids as bytes, and their weights (None when every weight is 1), for
        the core; written once."""
        packed = self._packed
        if packed is None:
            ids, weights = self._arrays()
            packed = self._packed = (ids.tobytes(), None if bool(np.all(weights == 1.0)) else weights)
        return packed

    @property
    def game(self) -> str:
        """The game the range is for.

        >>> Range("AsKs").game
        'holdem'
        """
        return self._game

    @property
    def combos(self) -> list[Combo]:
        """The combos as tuples of Cards, higher card first.

        >>> Range("AKs").combos[0]
        (Card('As'), Card('Ks'))
        """
        return [tuple(CARDS[card] for card in combo) for combo in self._combos]

    @property
    def ids(self) -> np.ndarray[Any, Any]:
        """The combos as an (N, k) uint8 array of card ids (k = 2 in hold'em), read-only.

        >>> Range("AsKs").ids
        array([[51, 47]], dtype=uint8)
        """
        return self._arrays()[0]

    @property
    def weights(self) -> np.ndarray[Any, Any]:
        """The weight of each combo, in the order of :attr:`combos`, as float64, read-only.

        >>> Range("AA:0.5").weights
        array([0.5, 0.5, 0.5, 0.5, 0.5, 0.5])
        """
        return self._arrays()[1]

    def without(self, cards: CardsLike) -> Range:
        """A new range without the combos that hold any of `cards` (board, dead cards).

        >>> len(Range("AA,KK").without("As Kd"))
        6
        """
        gone = set(natural_cards(cards, "without"))  # a joker is in no range: named, not ignored
        return Range._of({c: w for c, w in self._combos.items() if gone.isdisjoint(c)}, self._game)

    def __len__(self) -> int:
        return len(self._combos)

    def __iter__(self) -> Iterator[Combo]:
        return iter(self.combos)

    def __contains__(self, hand: object) -> bool:
        """A combo (cards) is in the range when the range holds it; range text (``"AKs"``,
        ``"QQ+"``) when the range holds every combo of it.  Text that is neither is refused
        (ValueError): a typo is no answer.

        >>> r = Range("QQ+,AhKh")
        >>> "AsAd" in r, "AA" in r, "KK+" in r, "AKs" in r, "AhKh" in r
        (True, True, True, False, True)
        """
        try:
            ids = card_ids(hand)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            if not isinstance(hand, str):
                return False
            try:
                other = Range(hand, game=self._game)
            except ValueError as error:
                raise ValueError(f"{hand!r} is neither a combo nor a range: {error}") from None
            return all(combo in self._combos for combo in other._combos)
        return tuple(sorted(ids, reverse=True)) in self._combos

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return self._game == other._game and self._combos == other._combos

    def __hash__(self) -> int:
        return hash((self._game, frozenset(self._combos.items())))

    def __reduce__(self) -> tuple[Any, ...]:
        # By hand: the default for a class with __slots__ refuses pickle protocols 0 and 1.
        return (_range_of, (dict(self._combos), self._game))

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = self._text = _describe(self._combos, self._game)
        return text

    def __repr__(self) -> str:
        game = "" if self._game == "holdem" else f", game={self._game!r}"
        return f"Range({str(self)!r}{game})"


def _range_of(combos: dict[tuple[int, ...], float], game: str) -> Range:
    """A Range of `combos` (card ids, highest first) for unpickling, checked as text is read: a
    pickle is data from elsewhere, and one changed on the way would reach the core unchecked."""
    if type(game) is not str or game not in _RANGE_GAMES:
        raise ValueError(f"a pickled Range names no range game: {cut(repr(game))}")
    if type(combos) is not dict:  # empty is a range too: Range("AA").without("As Ah Ad Ac")
        raise ValueError(f"a pickled Range holds no dict of combos: {cut(repr(combos))}")
    spec = GAMES[game]
    low, high = spec.seat
    width = None
    for combo, weight in combos.items():
        ok = type(combo) is tuple and low <= len(combo) <= high and len(combo) == (width or len(combo))
        ok = ok and all(type(c) is int and spec.deck_first <= c < 52 for c in combo)
        if not ok or list(combo) != sorted(set(combo), reverse=True):
            raise ValueError(
                f"a pickled {game} Range holds {cut(repr(combo))}: a combo is {low}"
                f"{'' if low == high else f' to {high}'} distinct card ids of its deck, highest first,"
                " all of one size"
            )
        width = len(combo)
        if type(weight) is not float or not 0.0 < weight <= 1.0:
            raise ValueError(
                f"a pickled {game} Range gives {cut(repr(combo))} the weight {cut(repr(weight))};"
                " a weight is a float in (0, 1]"
            )
    return Range._of(dict(sorted(combos.items(), reverse=True)), game)
