"""The games pokereval knows: their names, card counts and how their values read.

A game is named by a string (``"holdem"``, ``"omaha-hilo"``, ...); :func:`game_spec`
turns the name, or one of its aliases, into a :class:`GameSpec`.  An unknown name is a
ValueError that names it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NoReturn

from . import _core
from .cards import RANKS, SUITS, joker_words, third_joker

__all__ = ["GAMES", "GameSpec", "game_spec"]


@dataclass(frozen=True)
class GameSpec:
    """How one game is dealt and valued: one row of the core's table of game facts.

    ``hand`` is the range of cards one evaluated hand has in total (hole plus board);
    Omaha games give ``hole`` and ``board`` ranges too and play exactly two hole cards
    with three board cards.  At a showdown each seat holds ``seat`` cards of its own and
    the board has ``showdown_board`` cards (0: no board).  The deck is the ``deck_size``
    ids ``deck_first``..51.  ``low`` is True where the lowest hand wins, ``hilo`` where
    the pot is halved between the best high and the best qualifying low.  ``top`` is the
    greatest value of the game's scale; ``wild`` says whether wild cards play in it
    (``wild=``), and ``wild_top`` is then the top with them (five aces), else ``top``.
    ``engine`` names the equity engine for hands given as cards: ``"hands"`` (hold'em
    and Omaha, csrc/equity.c), ``"games"`` (csrc/equity_games.c) or None (no equity).

    >>> game_spec("plo").name
    'omaha'
    >>> game_spec("omaha").hole, game_spec("omaha").seat, game_spec("stud").showdown_board
    ((4, 6), (4, 6), 0)
    >>> game_spec("shortdeck").deck
    '36 cards, 6 to ace'
    >>> game_spec("stud").wild, game_spec("holdem").wild_top, game_spec("razz").wild
    (True, 7475, False)
    """

    name: str
    code: int
    hand: tuple[int, int]
    hole: tuple[int, int] | None
    board: tuple[int, int] | None
    seat: tuple[int, int]
    showdown_board: int
    deck_first: int
    deck_size: int
    low: bool
    hilo: bool
    has_category: bool
    top: int
    wild: bool
    wild_top: int
    engine: str | None

    @property
    def deck(self) -> str:
        """The deck in words.

        >>> game_spec("holdem").deck
        '52 cards'
        """
        if self.deck_first == 0:
            return f"{self.deck_size} cards"
        return f"{self.deck_size} cards, {_RANK_WORDS[self.deck_first >> 2]} to ace"

    def counts_text(self) -> str:
        """What the game deals, in words.

        >>> game_spec("omaha").counts_text()
        'omaha needs 4 to 6 hole cards and a board of 3 to 5'
        """
        if self.hole is not None and self.board is not None:
            return (
                f"{self.name} needs {span_text(self.hole)} hole cards and a board of {span_text(self.board)}"
            )
        return f"{self.name} needs {span_text(self.hand)} cards"

    def too_many_board_cards(self, count: int) -> str:
        """The words for a board of `count` cards, more than the game's showdown has.

        >>> game_spec("stud").too_many_board_cards(1)
        'stud has no board, got 1 board card; pass board=None'
        >>> game_spec("holdem").too_many_board_cards(6)
        'holdem has a board of at most 5 cards, got 6'
        """
        if not self.showdown_board:
            return f"{self.name} has no board, got {count} board card{'s' * (count != 1)}; pass board=None"
        return f"{self.name} has a board of at most {self.showdown_board} cards, got {count}"

    def off_deck(self, parts: Sequence[tuple[str, Sequence[int]]]) -> ValueError | None:
        """The error naming the first card below this game's deck by the part it came in, or
        None when every card is in the deck.

        >>> game_spec("shortdeck").off_deck([("the board", [51, 50, 49]), ("the dead cards", [48, 1])])
        ValueError("card '2d' in the dead cards is not in the shortdeck deck (36 cards, 6 to ace)")
        """
        for name, ids in parts:
            for card in ids:
                if card < self.deck_first:
                    return ValueError(
                        f"card {_name(card)!r} in {name} is not in the {self.name} deck ({self.deck})"
                    )
        return None

    def error(
        self,
        code: int,
        ids: bytes,
        hole: int = 0,
        where: str = "",
        *,
        at: int = -1,
        first: int = -1,
        count: int | None = None,
        value: int | None = None,
        wild: int = 0,
        given: int = -1,
    ) -> Exception:
        """The exception for a core error code on these ids, naming what is wrong.

        `where` prefixes the message (for a batch, the row).  `at` is the position (from
        0, hole cards then board) of the bad card or of a duplicate's repeat, and `first`
        that of its first copy, when the caller knows them (pokereval/_fastcall.c finds
        them in C); `count` is the hand's size when `ids` is not the whole hand, and
        `value` an id too large for a byte; `wild` how wild cards play (0: none); `given`
        how many of the ids came before a board given apart (-1: none), so that a position
        is worded as the hand's or the board's.

        >>> game_spec("holdem").error(_core.ERR_DUPLICATE, bytes([51, 0, 51, 4, 8]))
        ValueError("duplicate card 'As' at positions 1 and 3")
        >>> game_spec("holdem").error(_core.ERR_DUPLICATE, bytes([51, 0, 51, 4, 8]), given=2)
        ValueError("duplicate card 'As' at hand position 1 and board position 1")
        """
        if code == _core.ERR_COUNT:
            n = len(ids) if count is None else count
            if self.hole is not None and (hole or given >= 0):  # split: by hole=, or a board apart
                split = hole or given
                got = f"got {split} hole cards and a board of {n - split}"
            elif self.hole is not None:
                got = f"got {n} cards and no board"
            else:
                got = f"got {n}"
            message = f"{self.counts_text()}, {got}"
        elif code == _core.ERR_DUPLICATE:
            if at < 0:
                at = next(i for i, card in enumerate(ids) if card in ids[:i])
                first = ids.index(ids[at])
            if ids[at] in (52, 53) and ids.count(52) + ids.count(53) > 2:
                message = third_joker(_positions(at, at, given))
            elif ids[at] in (52, 53):  # ids given as such (a batch row): the jokers are 52 and 53
                message = (
                    f"joker id {ids[at]} twice, at positions {first + 1} and {at + 1}: "
                    "the two jokers are ids 52 and 53"
                )
            else:
                message = f"duplicate card {_name(ids[at])!r} at {_positions(first, at, given)}"
        elif code == _core.ERR_CARD:
            jokers_play = wild in (_core.WILD_JOKER, _core.WILD_BUG)
            if at < 0:
                limit = 54 if jokers_play else 52
                at = next(i for i, card in enumerate(ids) if card >= limit or card < self.deck_first)
            bad = ids[at] if value is None else value
            if bad in (52, 53):
                message = joker_words(
                    _positions(at, at, given),
                    deuces=wild == _core.WILD_DEUCES,
                    game=None if self.wild else self.name,
                )
            elif not 0 <= bad < 52:
                message = f"card id {bad} out of range 0..53 at {_positions(at, at, given)}"
            else:
                deck = f"the {self.name} deck ({self.deck})"
                message = f"card {_name(bad)!r} at {_positions(at, at, given)} is not in {deck}"
        elif code == _core.ERR_WILD:
            message = f"{self.name} has no wild cards; wild= plays in holdem and stud"
        else:
            message = f"core error {code}"
        return _core.error(code, where + message)


def span_text(bounds: tuple[int, int]) -> str:
    """'5' or '5 to 7': a count from low to high, in a message."""
    low, high = bounds
    return str(low) if low == high else f"{low} to {high}"


def _name(card_id: int) -> str:
    return RANKS[card_id >> 2] + SUITS[card_id & 3] if card_id < 52 else "Jk"


def _positions(first: int, at: int, given: int) -> str:
    """Positions `first` and `at` (from 0; one position when equal) in words: counted over
    the whole hand, or within the hand and the board when the first `given` came apart."""
    if given < 0:
        return f"position {at + 1}" if first == at else f"positions {first + 1} and {at + 1}"
    parts = [("hand", p + 1) if p < given else ("board", p - given + 1) for p in dict.fromkeys((first, at))]
    if len(parts) == 2 and parts[0][0] == parts[1][0]:
        return f"{parts[0][0]} positions {parts[0][1]} and {parts[1][1]}"
    return " and ".join(f"{part} position {number}" for part, number in parts)


_RANK_WORDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")


class _ReadOnly(dict[str, GameSpec]):
    """The games by name, as a dict that refuses changes: the core's table is const, and a game
    deleted from a plain dict every call reads broke text while ids went on.  A copy or a pickle
    is a plain dict (a mappingproxy would not pickle at all)."""

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("pokereval.GAMES is read-only: the games are the core's (copy it with dict(GAMES))")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type[dict[str, GameSpec]], tuple[dict[str, GameSpec]]]:
        return (dict, (dict(self),))


# Built from the core's table (csrc/games.c), the one place the facts are written.
GAMES: Mapping[str, GameSpec] = _ReadOnly({row["name"]: GameSpec(**row) for row in _core.game_facts()})

_ALIASES = {
    "hold'em": "holdem",
    "texas": "holdem",
    "nlhe": "holdem",
    "seven-card-stud": "stud",
    "short-deck": "shortdeck",
    "6+": "shortdeck",
    "sixplus": "shortdeck",
    "short-deck-trips": "shortdeck-trips",
    "sixplus-trips": "shortdeck-trips",
    "6+-trips": "shortdeck-trips",
    "a5": "razz",
    "a-5": "razz",
    "2-7": "deuce-seven",
    "27": "deuce-seven",
    "deuce-to-seven": "deuce-seven",
    "plo": "omaha",
    "omaha-hi": "omaha",
    "plo8": "omaha-hilo",
    "omaha8": "omaha-hilo",
    "omaha-hi-lo": "omaha-hilo",
    "omaha/8": "omaha-hilo",
    "stud8": "stud-hilo",
    "stud/8": "stud-hilo",
    "stud-8": "stud-hilo",
    "stud-hi-lo": "stud-hilo",
    "seven-card-stud-hilo": "stud-hilo",
}


def game_spec(game: object) -> GameSpec:
    """The :class:`GameSpec` of a game name or alias (case and spaces ignored).

    >>> game_spec("Omaha Hi-Lo").name
    'omaha-hilo'
    >>> game_spec("go fish")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'go fish'; choose one of holdem, stud, shortdeck, razz, deuce-seven, ...
    """
    if isinstance(game, GameSpec):
        return game
    if not isinstance(game, str):
        raise TypeError(f"game must be a str such as 'holdem', got {type(game).__name__}")
    spec = GAMES.get(game)
    if spec is not None:
        return spec
    key = game.strip().lower().replace(" ", "-").replace("_", "-")
    spec = GAMES.get(_ALIASES.get(key, key))
    if spec is None:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    return spec
