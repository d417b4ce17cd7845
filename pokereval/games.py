"""The games pokereval knows: their names, card counts and how their values read.

A game is named by a string (``"holdem"``, ``"omaha-hilo"``, ...); :func:`game_spec`
turns the name, or one of its aliases, into a :class:`GameSpec`.  An unknown name is a
ValueError that names it.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import _core
from .cards import RANKS, SUITS

__all__ = ["GAMES", "GameSpec", "game_spec"]


@dataclass(frozen=True)
class GameSpec:
    """How one game is dealt and valued.

    ``hand`` is the range of cards one player's hand has in total (hole plus board);
    Omaha games give ``hole`` and ``board`` ranges instead and play exactly two hole
    cards with three board cards.  ``low`` is True where the lowest hand wins.

    >>> game_spec("plo").name
    'omaha'
    >>> game_spec("omaha").hole
    (4, 6)
    """

    name: str
    code: int
    hand: tuple[int, int]
    hole: tuple[int, int] | None = None
    board: tuple[int, int] | None = None
    low: bool = False
    hilo: bool = False
    has_category: bool = True
    deck: str = "52 cards"

    @property
    def top(self) -> int:
        """The greatest value the game's scale reaches (its best hand).

        >>> game_spec("holdem").top
        7462
        """
        return _core.game_max(self.code)

    def counts_text(self) -> str:
        """What the game deals, in words.

        >>> game_spec("omaha").counts_text()
        'omaha needs 4 to 6 hole cards and a board of 3 to 5'
        """
        if self.hole is not None and self.board is not None:
            return (
                f"{self.name} needs {_span(self.hole)} hole cards and a board of {_span(self.board)}"
            )
        return f"{self.name} needs {_span(self.hand)} cards"

    def error(self, code: int, ids: bytes, hole: int = 0, where: str = "") -> Exception:
        """The exception for a core error code on these ids, naming what is wrong.

        `where` prefixes the message (for a batch, the row).

        >>> game_spec("holdem").error(_core.ERR_DUPLICATE, bytes([51, 0, 51, 4, 8]))
        ValueError("duplicate card 'As'")
        """
        if code == _core.ERR_COUNT:
            if self.hole is not None and hole:
                got = f"got {hole} hole cards and a board of {len(ids) - hole}"
            elif self.hole is not None:
                got = f"got {len(ids)} cards and no board"
            else:
                got = f"got {len(ids)}"
            message = f"{self.counts_text()}, {got}"
        elif code == _core.ERR_DUPLICATE:
            seen: set[int] = set()
            dup = next(i for i in ids if i in seen or seen.add(i))  # type: ignore[func-returns-value]
            message = f"duplicate card {_name(dup)!r}"
        elif code == _core.ERR_CARD:
            lowest = 16 if self.name == "shortdeck" else 0
            bad = next(i for i in ids if i >= 52 or i < lowest)
            if bad >= 52:
                message = f"card id {bad} out of range 0..51"
            else:
                message = f"card {_name(bad)!r} is not in the {self.name} deck ({self.deck})"
        else:
            message = f"core error {code}"
        return _core.error(code, where + message)


def _span(bounds: tuple[int, int]) -> str:
    low, high = bounds
    return str(low) if low == high else f"{low} to {high}"


def _name(card_id: int) -> str:
    return RANKS[card_id >> 2] + SUITS[card_id & 3]


GAMES: dict[str, GameSpec] = {
    spec.name: spec
    for spec in (
        GameSpec("holdem", _core.GAME_HOLDEM, (5, 7)),
        GameSpec("stud", _core.GAME_STUD, (5, 7)),
        GameSpec("shortdeck", _core.GAME_SHORTDECK, (5, 7), deck="36 cards, 6 to ace"),
        GameSpec("razz", _core.GAME_RAZZ, (5, 7), low=True),
        GameSpec("deuce-seven", _core.GAME_DEUCE_SEVEN, (5, 5), low=True),
        GameSpec("badugi", _core.GAME_BADUGI, (4, 4), low=True, has_category=False),
        GameSpec("omaha", _core.GAME_OMAHA, (7, 11), hole=(4, 6), board=(3, 5)),
        GameSpec("omaha-hilo", _core.GAME_OMAHA_HILO, (7, 11), hole=(4, 6), board=(3, 5), hilo=True),
    )
}

_ALIASES = {
    "hold'em": "holdem",
    "texas": "holdem",
    "nlhe": "holdem",
    "seven-card-stud": "stud",
    "short-deck": "shortdeck",
    "6+": "shortdeck",
    "sixplus": "shortdeck",
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
