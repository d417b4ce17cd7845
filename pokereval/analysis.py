"""What can still happen to a hand: outs, draws, odds by the river, category tables, hand strength.

Thin readers of the C core (csrc/analysis.c): every figure is counted there, by enumerating
runouts, opponent holdings or random hands; this module reads the cards, words the errors and
wraps the counts in small immutable results.

- :func:`outs`: the cards that improve a hand on the flop or turn, or that win against given
  opponents, with the exact chance to hit them and the rule of 2 and 4 beside it.
- :func:`draws`: flush, backdoor flush, open-ended and gutshot straight draws and overcards.
- :func:`odds`: the chance of finishing with each category by the river.
- :func:`category_table`: how often a random hand of 5, 6 or 7 cards is in each category.
- :func:`hand_strength`: HS, PPOT, NPOT and EHS (Billings, Papp, Schaeffer and Szafron, 1998),
  and EHS2 (Johanson, Burch, Valenzano and Bowling, 2013).

Hold'em throughout; odds also for the short deck and Omaha, category tables also for the short
deck, stud, razz and deuce-to-seven.  Other games raise a ValueError that names them.
"""

from __future__ import annotations

import math
import os
from array import array
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, NamedTuple, Union

import numpy as np

from . import _core, _core_solver, _describe
from .cards import _CARDS, Card, CardsLike, card_ids
from .equity import _check_samples, _check_seed, _check_unique, _combos_of, _read_hand
from .games import GameSpec, game_spec
from .ranges import Range
from .rank import Category, HandRank

__all__ = [
    "CategoryRow",
    "CategoryTable",
    "Draw",
    "DrawKind",
    "Draws",
    "HandStrength",
    "Odds",
    "Out",
    "Outs",
    "category_table",
    "draws",
    "hand_strength",
    "odds",
    "outs",
]

OpponentLike = Union[CardsLike, Range]
"""One opponent: cards, a Range or range text."""

EXACT_LIMIT = 5_000_000
"""The most deals times cards :func:`outs` plays against opponents' ranges."""

DEFAULT_SAMPLES = 100_000
"""Monte Carlo deals :func:`hand_strength` plays when it cannot enumerate and none are given."""

_HOLDEM = game_spec("holdem")
_STREETS = {3: "flop", 4: "turn"}


# ---- reading the cards --------------------------------------------------------------------


def _holdem_only(game: str, what: str) -> GameSpec:
    spec = game_spec(game)
    if spec.name != "holdem":
        raise ValueError(f"{what} is defined for holdem only, not {spec.name!r}")
    return spec


def _cards(cards: CardsLike | None, what: str) -> bytes:
    if cards is None:
        return b""
    try:
        return card_ids(cards)
    except ValueError as error:
        raise ValueError(f"{what}: {error}") from None


def _known(hole: CardsLike, board: CardsLike | None, dead: CardsLike | None) -> tuple[bytes, bytes, bytes]:
    """Hold'em hole, board and dead ids, each card once among them."""
    hole_ids = _cards(hole, "hole cards")
    if len(hole_ids) != 2:
        raise ValueError(f"holdem deals 2 hole cards, got {len(hole_ids)}")
    board_ids = _cards(board, "board")
    dead_ids = _cards(dead, "dead cards")
    _check_unique([("the hole cards", hole_ids), ("the board", board_ids), ("the dead cards", dead_ids)])
    return hole_ids, board_ids, dead_ids


def _flop_or_turn(board: bytes, what: str) -> str:
    street = _STREETS.get(len(board))
    if street is None:
        if len(board) == 5:
            raise ValueError(f"{what} needs a flop or a turn: a river board of 5 cards has nothing to come")
        raise ValueError(f"{what} needs a flop (3 board cards) or a turn (4), got {len(board)}")
    return street


def _read_opponents(
    vs: Sequence[OpponentLike] | OpponentLike, known: list[tuple[str, bytes]]
) -> list[bytes | Range]:
    """Each opponent's hand (ids) or Range; no card twice among the hands and the known cards."""
    # One hand (text, a Range, or a list of single cards) or a list of hands.
    one = isinstance(vs, (str, bytes, Range)) or not isinstance(vs, Sequence)
    one = one or all(isinstance(item, (int, Card)) for item in vs)  # type: ignore[union-attr]
    hands: list[Any] = [vs] if one else list(vs)  # type: ignore[arg-type]
    if not 1 <= len(hands) <= 9:
        raise ValueError(f"vs takes 1 to 9 opponents, got {len(hands)}")
    read = [_read_hand(i, hand, range(2, 3), True) for i, hand in enumerate(hands, 1)]
    named = [(f"opponent {i}", ids) for i, ids in enumerate(read, 1) if isinstance(ids, bytes)]
    try:
        _check_unique([*known, *named])
    except ValueError as error:
        raise ValueError(str(error).replace("hand ", "opponent ")) from None
    return read


def _opponent_combos(
    read: list[bytes | Range], known: list[tuple[str, bytes]]
) -> list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]]:
    """Each opponent's combos (N, 2) and weights, without those touching a card dealt elsewhere."""
    fixed = [card for _, ids in known for card in ids]
    fixed += [card for hand in read if isinstance(hand, bytes) for card in hand]
    out = []
    for i, hand in enumerate(read, 1):
        ids, weights = _combos_of(i, hand, [] if isinstance(hand, bytes) else fixed)
        out.append(
            (np.ascontiguousarray(ids, dtype=np.uint8), np.ascontiguousarray(weights, dtype=np.float64))
        )
    return out


def _percent(p: float) -> str:
    return f"{100 * p:.1f}%"


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


# ---- outs ---------------------------------------------------------------------------------


class Out(NamedTuple):
    """One out: the card, the hand it makes, and (against ranges) the share of holdings it does it against.

    >>> o = outs("AhKh", "2h7h9c").outs[0]
    >>> o.card, o.hand.category.name, o.share
    (Card('3h'), 'FLUSH', 1.0)
    """

    card: Card
    hand: HandRank
    share: float = 1.0


@dataclass(frozen=True, repr=False)
class Outs:
    """The outs of a hand on the flop or the turn (see :func:`outs`).

    ``outs`` are the improving cards (no opponents) or the winning cards (against opponents);
    ``ties`` the cards after which the hand ties for best, ``tainted`` the improving cards that
    lift an opponent past the hand they make.  ``next_card`` and ``by_river`` are the exact
    chances that one of ``outs`` comes on the next card and by the river; ``rule_of_2_and_4`` is
    the rule of thumb for the same thing (4% an out with two cards to come, 2% with one).

    >>> r = outs("AhKh", "2h7h9c")
    >>> r.count, round(r.by_river, 4), r.rule_of_2_and_4
    (15, 0.5412, 0.6)
    """

    outs: tuple[Out, ...]
    ties: tuple[Out, ...]
    tainted: tuple[Out, ...]
    street: str
    unseen: int
    next_card: float
    by_river: float
    opponents: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """The out cards, in id order.

        >>> " ".join(map(str, outs("7c8c", "9d Th 2s").cards))  # eight to the straight, six to pair
        '6c 6d 6h 6s 7d 7h 7s 8d 8h 8s Jc Jd Jh Js'
        """
        return tuple(out.card for out in self.outs)

    @property
    def count(self) -> int:
        """How many cards are outs.

        >>> outs("7c8c", "9d Th 2s").count
        14
        """
        return len(self.outs)

    @property
    def effective(self) -> float:
        """The outs weighed by their shares (equal to ``count`` unless the opponents hold ranges).

        >>> outs("AhKh", "2h7h9c", vs="QsQd").effective
        15.0
        """
        return float(sum(out.share for out in self.outs))

    @property
    def rule_of_2_and_4(self) -> float:
        """The rule of thumb for ``by_river``: 4% an out on the flop, 2% on the turn.

        >>> outs("7c8c", "9d Th 2s Kd").rule_of_2_and_4
        0.28
        """
        per_out = 4 if self.street == "flop" else 2
        return round(self.effective * per_out, 10) / 100

    def __repr__(self) -> str:
        against = f" against {self.opponents} opponent{'s' * (self.opponents > 1)}" if self.opponents else ""
        tail = ""
        if self.ties:
            tail += f", {len(self.ties)} tie{'s' * (len(self.ties) > 1)}"
        if self.tainted:
            tail += f", {len(self.tainted)} tainted"
        return (
            f"<Outs {self.count} on the {self.street}{against}: {_cards_text(self.cards)}{tail};"
            f" by the river {_percent(self.by_river)} exact, {_percent(self.rule_of_2_and_4)} by the rule"
            f" of {4 if self.street == 'flop' else 2}>"
        )


def outs(
    hole: CardsLike,
    board: CardsLike,
    *,
    vs: Sequence[OpponentLike] | OpponentLike | None = None,
    dead: CardsLike | None = None,
    game: str = "holdem",
) -> Outs:
    """The cards that improve a hold'em hand on the flop or turn, or that win against opponents.

    Without `vs`: the unseen cards (not hole, board or dead) that raise the hand's category
    through the player's own cards, each with the hand it makes.  A card whose board alone
    reaches the new category is no out: a card that only pairs the board gives every player
    that pair.  With `vs` (1 to 9 opponents, each cards or a range): the unseen cards after
    which the hand wins outright on the next card (``outs``), ties for best (``ties``), and
    the improving cards that lift an opponent past the hand they make (``tainted``: a flush
    card that pairs the board and fills an opponent's set).  Against ranges every holding
    that misses the known cards is dealt, weighted, and each card carries the share of the
    holdings it wins against; the chances are averaged over the holdings.

    >>> r = outs("AhKh", "2h7h9c")  # nine hearts, three aces, three kings
    >>> r  # doctest: +NORMALIZE_WHITESPACE
    <Outs 15 on the flop: 3h 4h 5h 6h 8h 9h Th Jh Qh Kc Kd Ks Ac Ad As;
     by the river 54.1% exact, 60.0% by the rule of 4>
    >>> outs("AhKh", "2h7h9cJd", vs="QsQd")  # doctest: +NORMALIZE_WHITESPACE
    <Outs 15 on the turn against 1 opponent: 3h 4h 5h 6h 8h 9h Th Jh Qh Kc Kd Ks Ac Ad As;
     by the river 34.1% exact, 30.0% by the rule of 2>
    >>> r = outs("AhKh", "9h7h2c", vs="2d2s")  # 2h makes the flush and the deuces' quads
    >>> r  # doctest: +NORMALIZE_WHITESPACE
    <Outs 8 on the flop against 1 opponent: 3h 4h 5h 6h 8h Th Jh Qh, 1 tainted;
     by the river 32.7% exact, 32.0% by the rule of 4>
    >>> r.tainted[0].card, r.tainted[0].hand.category.name
    (Card('2h'), 'FLUSH')
    """
    _holdem_only(game, "outs")
    hole_ids, board_ids, dead_ids = _known(hole, board, dead)
    street = _flop_or_turn(board_ids, "outs")
    combos: Any = None
    weights: Any = None
    counts: Any = None
    players = held = 0
    if vs is not None:
        known = [("the hole cards", hole_ids), ("the board", board_ids), ("the dead cards", dead_ids)]
        read = _read_opponents(vs, known)
        players = len(read)
        if all(isinstance(hand, bytes) for hand in read):
            # Hands given as cards: one deal, and their cards are not unseen.
            combos = b"".join(read)  # type: ignore[arg-type]
            counts = array("I", [1] * players)
            held = len(combos)
        else:
            opponents = _opponent_combos(read, known)
            deals = math.prod(len(ids) for ids, _ in opponents)
            if deals * 52 > EXACT_LIMIT:
                raise ValueError(
                    f"outs against these ranges would play {deals:,} deals of opponents' holdings times"
                    f" every card (more than {EXACT_LIMIT:,}); narrow the ranges"
                )
            combos = np.ascontiguousarray(np.concatenate([ids for ids, _ in opponents]))
            weights = np.ascontiguousarray(np.concatenate([w for _, w in opponents]))
            counts = np.array([len(ids) for ids, _ in opponents], dtype=np.uint32)
            held = sum(2 for ids, _ in opponents if len(ids) == 1)
    rc, value, improving, win, tie, tainted, (next_card, by_river) = _core.outs(
        hole_ids, board_ids, dead_ids, combos, weights, counts
    )
    if rc == _core.ERR_DUPLICATE:
        raise ValueError("the opponents' ranges leave no deal without a card twice")
    if rc != 0:  # pragma: no cover  (checked above)
        raise _core.error(rc, f"outs: core error {rc}")
    base = hole_ids + board_ids
    unseen = 52 - len(base) - len(dead_ids) - held

    def made(shares: list[float]) -> tuple[Out, ...]:
        return tuple(
            Out._make((_CARDS[c], HandRank(value[c], _HOLDEM, base + _ONE_CARD[c]), share))
            for c, share in enumerate(shares)
            if share
        )

    if vs is None:
        improves = [1.0 if improving >> c & 1 else 0.0 for c in range(52)]
        return Outs(made(improves), (), (), street, unseen, next_card, by_river, 0)
    return Outs(made(win), made(tie), made(tainted), street, unseen, next_card, by_river, players)


_ONE_CARD = tuple(bytes((card,)) for card in range(52))


# ---- draws --------------------------------------------------------------------------------


class DrawKind(IntEnum):
    """The kinds of draw :func:`draws` finds (the numbers of csrc/pokereval.h's PE_DRAW_*).

    >>> DrawKind.FLUSH_DRAW.describe("ru")
    'флеш-дро'
    """

    FLUSH_DRAW = 0
    BACKDOOR_FLUSH_DRAW = 1
    OPEN_ENDED_STRAIGHT_DRAW = 2
    GUTSHOT = 3
    DOUBLE_GUTSHOT = 4
    OVERCARDS = 5

    def describe(self, lang: str = "en") -> str:
        """The kind's name in English, Russian or Bulgarian.

        >>> DrawKind.GUTSHOT.describe("bg")
        'гътшот'
        """
        return _describe.draw_name(self, lang)


class Draw(NamedTuple):
    """One draw: its kind and the unseen cards that complete it (two of them for a backdoor).

    >>> d = draws("AhKh", "2h7h9c").draws[0]
    >>> d.kind, " ".join(map(str, d.cards))
    (<DrawKind.FLUSH_DRAW: 0>, '3h 4h 5h 6h 8h 9h Th Jh Qh')
    """

    kind: DrawKind
    cards: tuple[Card, ...]


@dataclass(frozen=True, repr=False)
class Draws:
    """The draws a hand holds on the flop or the turn (see :func:`draws`).

    Iterating gives each :class:`Draw`; ``kind in result`` and ``result[kind]`` (its cards)
    look one up.

    >>> r = draws("Jc Tc", "9c 8d 2c")
    >>> [d.kind.name for d in r]
    ['FLUSH_DRAW', 'OPEN_ENDED_STRAIGHT_DRAW', 'OVERCARDS']
    >>> DrawKind.GUTSHOT in r, len(r[DrawKind.FLUSH_DRAW])
    (False, 9)
    """

    draws: tuple[Draw, ...]
    street: str

    @property
    def kinds(self) -> tuple[DrawKind, ...]:
        """The kinds of draw held, in DrawKind order.

        >>> draws("5s4s", "As 2s 9d").kinds
        (<DrawKind.FLUSH_DRAW: 0>, <DrawKind.GUTSHOT: 3>)
        >>> draws("Ks Qs", "2s 7d 9c").kinds
        (<DrawKind.BACKDOOR_FLUSH_DRAW: 1>, <DrawKind.OVERCARDS: 5>)
        """
        return tuple(draw.kind for draw in self.draws)

    def __iter__(self) -> Iterator[Draw]:
        return iter(self.draws)

    def __len__(self) -> int:
        return len(self.draws)

    def __contains__(self, kind: object) -> bool:
        return kind in self.kinds

    def __getitem__(self, kind: DrawKind) -> tuple[Card, ...]:
        for draw in self.draws:
            if draw.kind == kind:
                return draw.cards
        raise KeyError(kind)

    def describe(self, lang: str = "en") -> str:
        """The draws in words, in English ("en"), Russian ("ru") or Bulgarian ("bg").

        >>> r = draws("Jc Tc", "9c 8d 2c")
        >>> r.describe()
        'Flush draw (9 cards), open-ended straight draw (8 cards) and two overcards (6 cards)'
        >>> r.describe("ru")
        'Флеш-дро (9 карт), двустороннее стрит-дро (8 карт) и две оверкарты (6 карт)'
        >>> draws("2c 3d", "Ks Qh 8c").describe("bg")
        'Няма дро'
        """
        return _describe.describe_draws([(d.kind, len(d.cards)) for d in self.draws], lang)

    def __repr__(self) -> str:
        inner = "; ".join(f"{d.kind.describe()} {_cards_text(d.cards)}" for d in self.draws) or "no draw"
        return f"<Draws on the {self.street}: {inner}>"


def draws(hole: CardsLike, board: CardsLike, *, game: str = "holdem") -> Draws:
    """The draws a hold'em hand holds on the flop or the turn, with the cards that complete each.

    - flush draw: four cards of a suit with at least one of the player's; backdoor flush draw
      (flop only): three, so a runner-runner completes it;
    - straight draws: the ranks that give a straight through the player's cards (higher than
      one the board makes with that rank alone).  Open-ended when two of them close four ranks
      in a row at both ends; otherwise a double gutshot for two ranks or more, a gutshot for one
      (A-2-3-4 and J-Q-K-A, which only one rank fills, are gutshots);
    - overcards: two unpaired hole cards above every board card.

    Straight draws and overcards count only for a hand below a straight, flush draws for a hand
    below a flush.  A river board has nothing to come: ValueError.

    >>> draws("AhKh", "2h7h9c")
    <Draws on the flop: flush draw 3h 4h 5h 6h 8h 9h Th Jh Qh; two overcards Kc Kd Ks Ac Ad As>
    >>> draws("5c4d", "As 2h 9d Kc").describe()
    'Gutshot (4 cards)'
    """
    _holdem_only(game, "draws")
    hole_ids, board_ids, _ = _known(hole, board, None)
    street = _flop_or_turn(board_ids, "draws")
    rc, completing = _core.draws(hole_ids, board_ids)
    if rc != 0:  # pragma: no cover  (checked above)
        raise _core.error(rc, f"draws: core error {rc}")
    found = tuple(Draw(kind, _cards_of_mask(mask)) for kind, mask in zip(DrawKind, completing) if mask)
    return Draws(found, street)


def _cards_of_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in id order."""
    return tuple(_CARDS[c] for c in range(52) if mask >> c & 1)


# ---- odds by the river --------------------------------------------------------------------


# The categories of hands without wild cards: HIGH_CARD .. ROYAL_FLUSH, the core's 0..9.
_NATURAL = tuple(Category(number) for number in range(10))


class Odds(Mapping[Category, float]):
    """The chance of finishing with each category by the river: ``Category -> probability``.

    Every category of a hand without wild cards is a key (zero where it cannot happen), so
    ``Category.FIVE_OF_A_KIND`` is not; the values sum to 1.  ``counts``
    holds the runouts behind each and ``runouts`` their total.

    >>> r = odds("AhKh", "2h7h9c")
    >>> round(r[Category.FLUSH], 4), r.counts[Category.FLUSH], r.runouts
    (0.3497, 378, 1081)
    """

    __slots__ = ("_counts", "_runouts", "game")
    _counts: tuple[int, ...]
    _runouts: int
    game: str
    """The game the odds are of."""

    def __init__(self, counts: Sequence[int], game: str) -> None:
        object.__setattr__(self, "_counts", tuple(int(c) for c in counts))
        object.__setattr__(self, "_runouts", sum(self._counts))
        object.__setattr__(self, "game", game)

    @property
    def counts(self) -> Mapping[Category, int]:
        """Runouts ending in each category."""
        return dict(zip(_NATURAL, self._counts))

    @property
    def runouts(self) -> int:
        """How many runouts were enumerated."""
        return self._runouts

    def __getitem__(self, category: Category) -> float:
        if category not in _NATURAL:
            raise KeyError(category)
        return self._counts[category] / self._runouts

    def __iter__(self) -> Iterator[Category]:
        return iter(_NATURAL)

    def __len__(self) -> int:
        return len(_NATURAL)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Odds is immutable")

    def __repr__(self) -> str:
        shown = ", ".join(f"{c.name} {_percent(self[c])}" for c in _NATURAL if self._counts[c])
        return f"<Odds {self.game} over {self._runouts:,} runouts: {shown}>"


_ODDS_GAMES = ("holdem", "shortdeck", "shortdeck-trips", "omaha")


def odds(
    hole: CardsLike, board: CardsLike | None = None, *, dead: CardsLike | None = None, game: str = "holdem"
) -> Odds:
    """The exact chance of finishing with each category by the river, over every runout.

    `board` is empty (preflop) or 3 to 5 cards, `dead` cards are out of play.  Games: holdem,
    shortdeck and shortdeck-trips (36 cards) and omaha (4 to 6 hole cards, exactly two played).
    From a four-flush on the flop:

    >>> r = odds("AhKh", "2h7h9c")
    >>> r  # doctest: +NORMALIZE_WHITESPACE
    <Odds holdem over 1,081 runouts: HIGH_CARD 23.3%, ONE_PAIR 33.3%, TWO_PAIR 7.2%,
     THREE_OF_A_KIND 1.2%, FLUSH 35.0%>
    >>> sum(r.values())
    1.0
    """
    spec = game_spec(game)
    if spec.name not in _ODDS_GAMES:
        raise ValueError(f"odds supports {', '.join(_ODDS_GAMES)}; not {spec.name!r}")
    hole_ids = _cards(hole, "hole cards")
    want = (2, 2) if spec.hole is None else spec.hole
    if not want[0] <= len(hole_ids) <= want[1]:
        need = str(want[0]) if want[0] == want[1] else f"{want[0]} to {want[1]}"
        raise ValueError(f"{spec.name} deals {need} hole cards, got {len(hole_ids)}")
    board_ids = _cards(board, "board")
    dead_ids = _cards(dead, "dead cards")
    _check_unique([("the hole cards", hole_ids), ("the board", board_ids), ("the dead cards", dead_ids)])
    if len(board_ids) not in (0, 3, 4, 5):
        raise ValueError(f"the board holds 0 or 3 to 5 cards, got {len(board_ids)}")
    rc, counts = _core.odds(spec.code, hole_ids, board_ids, dead_ids)
    if rc != 0:
        if rc == _core.ERR_COUNT:
            raise ValueError(f"not enough live cards to complete the board ({len(dead_ids)} dead)")
        raise spec.error(rc, hole_ids + board_ids + dead_ids)
    return Odds(counts, spec.name)


# ---- category tables ----------------------------------------------------------------------


@dataclass(frozen=True)
class CategoryRow:
    """One category of a :class:`CategoryTable`: hands, probability, and odds against as x to 1.

    >>> row = category_table(5)[Category.FLUSH]
    >>> row.count, round(row.probability, 6), round(row.odds_against, 2)
    (5108, 0.001965, 507.8)
    """

    category: Category
    count: int
    probability: float
    odds_against: float


@dataclass(frozen=True, repr=False)
class CategoryTable:
    """How often a random hand falls in each category, with the conditions it was counted under.

    ``deck`` cards in the deck, ``cards`` dealt, the best five of them playing; ``hands`` is the
    number of hands counted (every one).  ``rows`` lists the categories the game has, weakest
    first (by the game's order: in the short deck a flush beats a full house).

    >>> t = category_table(7)
    >>> t.hands, t[Category.ROYAL_FLUSH].count
    (133784560, 4324)
    """

    game: str
    deck: int
    cards: int
    rows: tuple[CategoryRow, ...]

    @property
    def hands(self) -> int:
        """The number of hands counted: C(deck, cards).

        >>> category_table(5, game="shortdeck").hands
        376992
        """
        return sum(row.count for row in self.rows)

    @property
    def conditions(self) -> str:
        """What was counted, in words.

        >>> print(category_table(7, game="razz").conditions)  # doctest: +NORMALIZE_WHITESPACE
        razz: every 7-card hand of a 52-card deck, classed by its best five
        (A-5 low: pairs count against, straights and flushes do not)
        """
        return self.describe()

    def describe(self, lang: str = "en") -> str:
        """:attr:`conditions` in English ("en"), Russian ("ru") or Bulgarian ("bg").

        >>> category_table(5).describe("en") == category_table(5).conditions
        True
        """
        return _describe.describe_counting(self.game, self.cards, self.deck, lang)

    def __getitem__(self, category: Category) -> CategoryRow:
        for row in self.rows:
            if row.category == category:
                return row
        raise KeyError(category)

    def __iter__(self) -> Iterator[CategoryRow]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __repr__(self) -> str:
        lines = [f"<CategoryTable {self.conditions}; {self.hands:,} hands"]
        for row in reversed(self.rows):
            share, against = f"{row.probability:>10.6%}", f"{row.odds_against:>12,.2f} : 1"
            lines.append(f"  {row.category.name:<16}{row.count:>14,}  {share}  {against}")
        return "\n".join(lines) + ">"


_TABLE_GAMES = {
    "holdem": (5, 7),
    "stud": (5, 7),
    "shortdeck": (5, 7),
    "shortdeck-trips": (5, 7),
    "razz": (5, 7),
    "deuce-seven": (5, 5),
}


def category_table(cards: int = 7, *, game: str = "holdem") -> CategoryTable:
    """Counts, probabilities and odds of each category for a random hand, enumerated by the core.

    Every `cards`-card hand of the game's deck is valued and its best five classed: holdem
    and stud 5 to 7 of 52 cards, shortdeck and shortdeck-trips 5 to 7 of 36, razz 5 to 7 (its pairing classes:
    straights and flushes do not count), deuce-seven 5 (straights and flushes count).

    >>> t = category_table(5)
    >>> [(row.category.name, row.count) for row in t][-3:]
    [('FOUR_OF_A_KIND', 624), ('STRAIGHT_FLUSH', 36), ('ROYAL_FLUSH', 4)]
    >>> round(category_table(7)[Category.ONE_PAIR].probability, 4)
    0.4382
    """
    spec = game_spec(game)
    span = _TABLE_GAMES.get(spec.name)
    if span is None:
        raise ValueError(f"category_table supports {', '.join(_TABLE_GAMES)}; not {spec.name!r}")
    if isinstance(cards, bool) or not isinstance(cards, int):
        raise TypeError(f"cards must be an int, got {type(cards).__name__}")
    if not span[0] <= cards <= span[1]:
        need = str(span[0]) if span[0] == span[1] else f"{span[0]} to {span[1]}"
        raise ValueError(f"category_table for {spec.name} deals {need} cards, got {cards}")
    rc, counts = _core.category_counts(spec.code, cards)
    if rc != 0:  # pragma: no cover  (checked above)
        raise _core.error(rc, f"category_table: core error {rc}")
    deck = spec.deck_size
    total = math.comb(deck, cards)
    # The categories the game has, in its own order (the short deck's flush beats its full house).
    floors = _category_floors(spec)
    rows = tuple(
        CategoryRow(
            c, counts[c], counts[c] / total, (total - counts[c]) / counts[c] if counts[c] else math.inf
        )
        for c in sorted(map(Category, floors), key=floors.__getitem__)
    )
    return CategoryTable(spec.name, deck, cards, rows)


def _category_floors(spec: GameSpec) -> dict[int, int]:
    """Each category the game has -> its lowest value on the game's scale."""
    floors = _FLOORS.get(spec.name)
    if floors is None:
        floors = {}
        for value in range(spec.top, 0, -1):
            floors[_core.category(spec.code, value)] = value
        _FLOORS[spec.name] = floors
    return floors


_FLOORS: dict[str, dict[int, int]] = {}


# ---- hand strength ------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class HandStrength:
    """HS, PPOT, NPOT and EHS of a hand (see :func:`hand_strength`).

    ``now`` holds the weight of the opponent holdings the hand is ahead of, tied with and
    behind now; ``matrix[i][j]`` that of the (holding, runout) pairs going from state i now
    to state j at the river (ahead, tied, behind): Billings et al.'s HP table.

    >>> r = hand_strength("AhKh", "2h7h9c")
    >>> round(r.hs, 4), round(r.ppot, 4), round(r.npot, 4), round(r.ehs, 4)
    (0.5962, 0.4925, 0.1483, 0.7066)
    """

    hs: float
    ppot: float
    npot: float
    ehs: float
    now: tuple[float, float, float]
    matrix: tuple[tuple[float, float, float], ...]
    opponents: int
    exact: bool
    samples: int | None = None
    seed: int | None = None
    _ehs2: Callable[[], float] | float | None = field(default=None, repr=False, compare=False)

    @property
    def ehs2(self) -> float | None:
        """EHS2: the mean over every runout to the river of the squared hand strength there.

        Against one opponent (any two cards, or `vs`), exact: each river's HS (a tie
        counting half) squared, each runout weighing the opponent's holdings left on it
        (Johanson et al., 2013).  It exceeds EHS**2 by the variance, so it rewards
        draws that may come in.  Computed when first read (csrc/solver.c); None against
        several opponents.

        >>> round(hand_strength("AhKh", "2h7h9c").ehs2, 4)
        0.5763
        """
        value = self._ehs2
        if callable(value):
            value = value()
            object.__setattr__(self, "_ehs2", value)
        return value

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"{self.samples:,} samples, seed {self.seed}"
        return (
            f"<HandStrength HS {self.hs:.4f} PPOT {self.ppot:.4f} NPOT {self.npot:.4f} EHS {self.ehs:.4f}"
            f" ({self.opponents} opponent{'s' * (self.opponents > 1)}, {how})>"
        )


def _strength(now: Sequence[float], potential: Sequence[float]) -> tuple[float, float, float, float]:
    """HS, PPOT, NPOT and EHS from the counts, as Billings et al. (1998) define them."""
    ahead, tied, behind = now
    hs = (ahead + tied / 2) / (ahead + tied + behind)
    hp = [potential[3 * i : 3 * i + 3] for i in range(3)]
    total = [sum(row) for row in hp]
    a, t, b = 0, 1, 2
    up = total[b] + total[t] / 2
    down = total[a] + total[t] / 2
    ppot = (hp[b][a] + hp[b][t] / 2 + hp[t][a] / 2) / up if up else 0.0
    npot = (hp[a][b] + hp[t][b] / 2 + hp[a][t] / 2) / down if down else 0.0
    return hs, ppot, npot, hs * (1 - npot) + (1 - hs) * ppot


def hand_strength(
    hole: CardsLike,
    board: CardsLike,
    *,
    opponents: int = 1,
    vs: Sequence[OpponentLike] | OpponentLike | None = None,
    samples: int | None = None,
    seed: int | None = None,
    dead: CardsLike | None = None,
    game: str = "holdem",
) -> HandStrength:
    """Hand strength and hand potential as defined by Billings, Papp, Schaeffer and Szafron.

    D. Billings, D. Papp, J. Schaeffer and D. Szafron, "Opponent Modeling in Poker", AAAI-98,
    pp. 493-499 (1998), and Papp's thesis "Dealing with Imperfect Information in Poker" (1998):

    - HS, hand strength: the share of the opponent's possible holdings the hand beats on the
      board as it is, a tie counting half;
    - PPOT, positive potential: the chance that a hand behind now (tied counting half) is ahead
      at the river; NPOT, negative potential: the chance that a hand ahead now (tied counting
      half) is behind at the river.  Over every holding and every runout to the river:
      PPOT = (HP[behind][ahead] + HP[behind][tied]/2 + HP[tied][ahead]/2)
      / (HPTotal[behind] + HPTotal[tied]/2), and NPOT the mirror image;
    - EHS, effective hand strength: HS * (1 - NPOT) + (1 - HS) * PPOT.

    Board: a flop, turn or river (on the river both potentials are 0).  Against one opponent
    holding any two unseen cards (``opponents=1``, no `vs`), or one opponent's hand or range
    (`vs`), the core enumerates every holding and every runout (on the flop 1,081 holdings x
    990 runouts).  Against several opponents (``opponents=n`` random hands, or `vs` listing n
    hands or ranges), or whenever `samples` is given, it plays `samples` seeded random deals
    (default :data:`DEFAULT_SAMPLES`): "ahead" then means above every opponent and "tied"
    level with the best of them.

    >>> hand_strength("AhKh", "2h7h9c")
    <HandStrength HS 0.5962 PPOT 0.4925 NPOT 0.1483 EHS 0.7066 (1 opponent, exact)>
    >>> r = hand_strength("AhKh", "2h7h9c", opponents=3, samples=20_000, seed=1)
    >>> 0.19 < r.hs < 0.23, r.exact  # ahead of all three: about 0.5962 ** 3
    (True, False)
    """
    _holdem_only(game, "hand_strength")
    hole_ids, board_ids, dead_ids = _known(hole, board, dead)
    if len(board_ids) not in (3, 4, 5):
        raise ValueError(
            f"hand_strength needs a flop, turn or river (3 to 5 board cards), got {len(board_ids)}"
        )
    if isinstance(opponents, bool) or not isinstance(opponents, int):
        raise TypeError(f"opponents must be an int, got {type(opponents).__name__}")
    samples = _check_samples(samples)
    seed = _check_seed(seed)
    ranges = None
    if vs is not None:
        known = [("the hole cards", hole_ids), ("the board", board_ids), ("the dead cards", dead_ids)]
        ranges = _opponent_combos(_read_opponents(vs, known), known)
        if opponents not in (1, len(ranges)):
            raise ValueError(f"opponents={opponents} but vs lists {len(ranges)} opponents")
        opponents = len(ranges)
    if not 1 <= opponents <= 9:
        raise ValueError(f"opponents must be 1 to 9, got {opponents}")
    ehs2: Callable[[], float] | None = None
    if opponents == 1:
        one = ranges[0] if ranges is not None else (None, None)
        ehs2 = lambda: _core_solver.hand_ehs2(hole_ids, board_ids, dead_ids, *one)  # noqa: E731
    if opponents == 1 and samples is None:
        combos = weights = None
        if ranges is not None:
            combos, weights = ranges[0]
        rc, now, potential = _core.hand_strength(hole_ids, board_ids, dead_ids, combos, weights)
        used_seed = None
    else:
        samples = DEFAULT_SAMPLES if samples is None else samples
        used_seed = seed if seed is not None else int.from_bytes(os.urandom(8), "little")
        combos = cumulative = counts = None
        if ranges is not None:
            combos = np.ascontiguousarray(np.concatenate([ids for ids, _ in ranges]))
            cumulative = np.ascontiguousarray(np.concatenate([np.cumsum(w) for _, w in ranges]))
            counts = np.array([len(ids) for ids, _ in ranges], dtype=np.uint32)
        rc, now, potential = _core.hand_strength_sampled(
            hole_ids, board_ids, dead_ids, opponents, combos, cumulative, counts, samples, used_seed
        )
    if rc == _core.ERR_DUPLICATE:
        raise ValueError(
            "the opponents' hands leave no deal (or, sampling, almost none) without a card twice"
        )
    if rc == _core.ERR_COUNT:
        raise ValueError(f"not enough live cards for {opponents} opponents and the runout")
    if rc != 0:  # pragma: no cover  (checked above)
        raise _core.error(rc, f"hand_strength: core error {rc}")
    hs, ppot, npot, ehs = _strength(now, potential)
    matrix = tuple((potential[3 * i], potential[3 * i + 1], potential[3 * i + 2]) for i in range(3))
    return HandStrength(
        hs,
        ppot,
        npot,
        ehs,
        (now[0], now[1], now[2]),
        matrix,
        opponents,
        used_seed is None,
        samples,
        used_seed,
        ehs2,
    )
