"""The end of a hand: who wins the showdown, and who takes which chips.

:func:`showdown` evaluates every seat against a shared board (or none, in the stud and draw
games) and names the winners.  :func:`settle` turns what each seat put in the pot into what each
seat takes out: main and side pots, split pots, odd chips, the low half in hi-lo, a bet nobody
called.  No chip is ever lost: the payouts always add up to the contributions.

Both are built for simulators that call them every hand.  With cards already parsed (lists or
tuples of Cards or int ids) settle is one call into the C core (pe_settle), which checks,
evaluates and settles; the pot breakdown is worked out only if it is asked for.  Other input
(text, say), and anything the core refuses, takes the Python path, which follows the same rules
and words the errors.  Both are tested against tests/settle_reference.py.

Seats are numbered 0..n-1 in the order the caller gives them.  The odd-chip rule assumes seat 0
sits first to the left of the button (so pass seats starting from the small blind), unless an
explicit order is given.

What a showdown deals, per game (a wrong count is a ValueError naming it):

=============  ===================  ==============
game           cards per seat       board
=============  ===================  ==============
holdem         2                    5
shortdeck      2 (6 to ace)         5
omaha(-hilo)   4 to 6               5
stud(-hilo)    5 to 7               none
razz           5 to 7               none
deuce-seven    5                    none
badugi         4                    none
=============  ===================  ==============
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate, compress
from operator import index
from typing import Any, Union

from . import _core
from .cards import _CARDS, Card, CardsLike, card_ids
from .games import GAMES, GameSpec, game_spec
from .rank import HandRank

__all__ = ["Pot", "Settlement", "ShowdownResult", "settle", "showdown"]

OddChip = Union[str, Sequence[int]]
"""``"left-of-button"`` or an explicit order of every seat."""

# Each game's deck as bytes: ids.translate(None, deck) keeps only the ids outside it.
# Lists and tuples of ints as bytes, a TypeError for anything else: a bool is no card.
_ids_of = _core.ids_of
_DECKS = {spec.code: bytes(range(spec.deck_first, 52)) for spec in GAMES.values()}
_PLAIN_INT = frozenset((int, Card))
_SEQUENCES = frozenset((list, tuple))
_BOARD_TYPES = frozenset((list, tuple, type(None)))
_LEFT_OF_BUTTON = "left-of-button"

# The core's pe_settle (one call per hand) through _core, once _core offers it; until then, and
# for input it does not take, settle runs its Python path, which follows the same rules.
_core_settle: Any = getattr(_core, "settle", None)
_FAST_SEATS = 64  # PE_SETTLE_MAX_SEATS


# ---- results --------------------------------------------------------------------------------


class ShowdownResult:
    """The outcome of a showdown: the winning seats and every seat's hand.

    ``winners`` holds the seats (indices into `holes`) with the best hand, in seat order;
    more than one on a split.  ``ranks`` holds a :class:`HandRank` per seat and
    ``best_five`` the cards each seat plays.  In ``"omaha-hilo"`` ``winners`` and ``ranks``
    are the high hands; ``low_winners`` names the best 8-or-better lows (empty when no seat
    has one) and ``low_ranks`` holds each seat's low HandRank, or None where it has none.  In
    the other games ``low_winners`` and ``low_ranks`` are empty.  HandRank objects are built
    on first use, so a caller that reads only ``winners`` pays for nothing more.  The result
    is read-only.

    >>> result = showdown("Ah Kd 7c 7s 2h", ["As Ad", "Kh Ks", "7d 7h"])
    >>> result.winners
    (2,)
    >>> result.ranks[2].describe()
    'Four of a kind, sevens, ace kicker'
    >>> " ".join(map(str, result.best_five[0]))
    'As Ad Ah 7c 7s'
    """

    __slots__ = ("_highs", "_hole_counts", "_ids", "_low_winners", "_lows", "_ranks", "_spec", "_winners")

    _spec: GameSpec
    _ids: tuple[bytes, ...]
    _hole_counts: tuple[int, ...]
    _highs: tuple[int, ...]
    _lows: tuple[int, ...] | None
    _winners: tuple[int, ...]
    _low_winners: tuple[int, ...]
    _ranks: tuple[HandRank, ...] | None

    def __init__(
        self,
        spec: GameSpec,
        ids: Sequence[bytes],
        hole_counts: Sequence[int],
        highs: Sequence[int],
        lows: Sequence[int] | None,
    ) -> None:
        set_ = object.__setattr__
        set_(self, "_spec", spec)
        set_(self, "_ids", tuple(ids))
        set_(self, "_hole_counts", tuple(hole_counts))
        set_(self, "_highs", tuple(highs))
        set_(self, "_lows", tuple(lows) if lows is not None else None)
        set_(self, "_winners", _best_seats(highs))
        set_(self, "_low_winners", _best_seats(lows) if lows is not None else ())
        set_(self, "_ranks", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"ShowdownResult is read-only; cannot set {name!r}")

    @property
    def game(self) -> str:
        """The game that was played.

        >>> showdown(None, ["7c 5d 4h 3s 2c", "8c 6d 4d 3c 2d"], game="2-7").game
        'deuce-seven'
        """
        return self._spec.name

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the best (high) hand, in seat order.

        >>> showdown("As Ks Qs Js Ts", ["2c 3c", "4d 5d"]).winners
        (0, 1)
        """
        return self._winners

    @property
    def low_winners(self) -> tuple[int, ...]:
        """Hi-lo: the seats with the best qualifying low, in seat order; () when none qualifies.

        >>> board = "2c 5d 8h Kc Ks"
        >>> showdown(board, ["Ac 3d Qh Qs", "Kh Kd 4c 4d"], game="omaha-hilo").low_winners
        (0,)
        """
        return self._low_winners

    @property
    def ranks(self) -> tuple[HandRank, ...]:
        """A :class:`HandRank` per seat (the high hand in hi-lo).

        >>> [r.category.name for r in showdown("2c 2d 9h Jc Ks", ["As Ah", "3c 4c"]).ranks]
        ['TWO_PAIR', 'ONE_PAIR']
        """
        ranks = self._ranks
        if ranks is None:
            spec = self._spec
            hole = spec.hole is not None
            lows = self._lows if self._lows is not None else [0] * len(self._highs)
            ranks = tuple(
                HandRank(value, spec, ids, count if hole else 0, low=low)
                for value, low, ids, count in zip(self._highs, lows, self._ids, self._hole_counts)
            )
            object.__setattr__(self, "_ranks", ranks)
        return ranks

    @property
    def low_ranks(self) -> tuple[HandRank | None, ...]:
        """Hi-lo: each seat's low :class:`HandRank`, None for a seat without a qualifying low.

        Empty in games that have no low half.

        >>> board = "2c 5d 8h Kc Ks"
        >>> lows = showdown(board, ["Ac 3d Qh Qs", "Kh Kd 4c 4d"], game="omaha-hilo").low_ranks
        >>> lows[0].describe(), lows[1]
        ('8-5-3-2-A low', None)
        """
        if self._lows is None:
            return ()
        spec = self._spec
        return tuple(
            HandRank(value, spec, ids, count, is_low=True) if value else None
            for value, ids, count in zip(self._lows, self._ids, self._hole_counts)
        )

    @property
    def best_five(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat plays (its high hand), in reading order; fewer for badugi.

        >>> [" ".join(map(str, five)) for five in showdown("Ah Kh Qh 2c 3d", ["Jh Th", "Ac Ad"]).best_five]
        ['Ah Kh Qh Jh Th', 'Ac Ad Ah Kh Qh']
        """
        return tuple(rank.best_five for rank in self.ranks)

    def __reduce__(self) -> tuple[Any, ...]:
        # By game name: HandRanks compare only with ranks of the very same GameSpec object.
        return (_rebuild_showdown, (self._spec.name, self._ids, self._hole_counts, self._highs, self._lows))

    def _repr_html_(self) -> str:
        from ._html import showdown_html

        return showdown_html(self)

    def __repr__(self) -> str:
        low = f", low_winners={self._low_winners}" if self._lows is not None else ""
        return f"ShowdownResult(game={self._spec.name!r}, winners={self._winners}{low})"


def _rebuild_showdown(
    game: str,
    ids: Sequence[bytes],
    hole_counts: Sequence[int],
    highs: Sequence[int],
    lows: Sequence[int] | None,
) -> ShowdownResult:
    return ShowdownResult(game_spec(game), ids, hole_counts, highs, lows)


@dataclass(frozen=True)
class Pot:
    """One pot of a settled hand: its chips, who could win it, who did, and what each took.

    ``eligible`` holds the seats still in the hand that matched this pot's level; the first
    pot of :attr:`Settlement.pots` is the main pot and the rest are side pots, each with
    fewer eligible seats.  ``winners`` are the best (high) hands among ``eligible``.  In
    hi-lo, ``low_amount`` chips (half the pot, rounded down) went to ``low_winners``, the
    best qualifying lows among ``eligible``; with no qualifying low, ``low_winners`` is
    empty and ``low_amount`` is 0, and ``winners`` took the whole pot.  When every other seat
    folded there is no showdown, so no low half either: the last seat takes the pot whole.
    ``shares`` has one entry per seat: the chips that seat took from this pot, odd chips
    included.

    >>> pots = settle([1000, 3000, 3000], ["As Ad", "Kh Kd", "Qs Qd"], "2c 7d 9h Js 3s").pots
    >>> pots[0]
    Pot(amount=3000, eligible=(0, 1, 2), winners=(0,), shares=(3000, 0, 0), low_winners=(), low_amount=0)
    >>> pots[1].amount, pots[1].eligible, pots[1].winners
    (4000, (1, 2), (1,))
    """

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    low_winners: tuple[int, ...] = ()
    low_amount: int = 0

    @property
    def high_amount(self) -> int:
        """The chips that went to the high hands (the whole pot outside hi-lo).

        >>> settle([10, 10], ["As Ad", "Kh Kd"], "2c 7d 9h Js 3s").pots[0].high_amount
        20
        """
        return self.amount - self.low_amount


class Settlement(list):  # type: ignore[type-arg]  # list[int] cannot be a base class on Python 3.9
    """What each seat takes from the pots: a ``list`` of int payouts, one per seat.

    Being a list, it compares, indexes and iterates as one (``settle(...) == [0, 30, 0]``).
    It also explains itself: ``pots`` is the main pot then the side pots (see :class:`Pot`),
    and ``uncalled`` is ``(seat, chips)`` for a bet that nobody matched and that went back
    to the seat that made it (those chips are part of that seat's payout), or None.  The
    payouts always add up to the contributions.

    >>> s = settle([50, 200, 50], ["As Ad", "Kh Kd", "Qs Qd"], "2c 7d 9h Js 3s", folded=[False, False, True])
    >>> s
    [150, 150, 0]
    >>> s.uncalled
    (1, 150)
    >>> [(pot.amount, pot.winners) for pot in s.pots]
    [(150, (0,))]
    """

    __slots__ = ("_deepest", "_lazy", "_order", "_raw", "_uncalled")

    _raw: list[tuple[Any, ...]]
    _deepest: list[int]
    _order: Sequence[int] | None
    _uncalled: tuple[int, int] | None
    # (chips, folded flags, hand values, hi-lo?, odd-chip order) of a settlement the core made,
    # until the breakdown is first asked for; None once it is worked out.
    _lazy: tuple[list[int], bytes, Any, bool, bytes | None] | None

    @property
    def uncalled(self) -> tuple[int, int] | None:
        """``(seat, chips)`` of a bet nobody matched, which went back to its maker; or None.

        >>> settle([100, 300], ["As Ad", "Kh Kd"], "2c 7d 9h Js 3s").uncalled
        (1, 200)
        """
        if self._lazy is not None:
            self._work_out()
        return self._uncalled

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The main pot, then each side pot, in the order their levels rise.

        >>> [pot.amount for pot in settle([5, 5], [None, "2c 3d"], [], folded=[True, False]).pots]
        [10]
        """
        if self._lazy is not None:
            self._work_out()
        n = len(self)
        pots = []
        for amount, reach, high, low, low_amount in self._raw:
            shares = [0] * n
            _split(amount - low_amount, high, shares, self._order)
            if low_amount:
                _split(low_amount, low, shares, self._order)
            eligible = tuple(sorted(self._deepest[:reach]))
            pots.append(
                Pot(amount, eligible, tuple(sorted(high)), tuple(shares), tuple(sorted(low)), low_amount)
            )
        return tuple(pots)

    def __reduce__(self) -> tuple[Any, ...]:
        # The core's hand values are cdata, which does not pickle: work the breakdown out first.
        if self._lazy is not None:
            self._work_out()
        return (_rebuild_settlement, (list(self), self._raw, self._deepest, self._order, self._uncalled))

    def _repr_html_(self) -> str:
        from ._html import settlement_html

        return settlement_html(self)

    def _work_out(self) -> None:
        """Rebuild the breakdown of a settlement made by the core, which returns only payouts
        and hand values, with the Python pot logic (the same rules, tested against it)."""
        assert self._lazy is not None
        chips, folded, values, hilo, order = self._lazy
        n = len(chips)
        contenders = [seat for seat in range(n) if chips[seat] and not folded[seat]]
        showed = len(contenders) > 1 and n - chips.count(0) > 1
        highs = list(values[0:n]) if showed else chips
        lows = list(values[n : 2 * n]) if showed and hilo else None
        place = None if order is None else _order_of(list(order), n)
        twin = _share(list(chips), contenders, highs, lows, place)
        self._raw, self._deepest, self._uncalled, self._order = (
            twin._raw,
            twin._deepest,
            twin._uncalled,
            place,
        )
        self._lazy = None


def _rebuild_settlement(
    payouts: list[int],
    raw: list[tuple[Any, ...]],
    deepest: list[int],
    order: Sequence[int] | None,
    uncalled: tuple[int, int] | None,
) -> Settlement:
    result = Settlement(payouts)
    result._raw, result._deepest, result._order, result._uncalled = raw, deepest, order, uncalled
    result._lazy = None
    return result


# ---- input ----------------------------------------------------------------------------------


def _chips_of(contributions: Sequence[int]) -> list[int]:
    """The contributions as a list of non-negative ints, or the error naming the bad one."""
    chips = list(contributions)
    if not _PLAIN_INT.issuperset(map(type, chips)):
        for seat, value in enumerate(chips):
            if isinstance(value, bool) or not hasattr(type(value), "__index__"):
                raise TypeError(
                    f"contributions[{seat}] must be an int number of chips, got {type(value).__name__} "
                    f"{value!r}"
                )
            chips[seat] = index(value)
    if chips and min(chips) < 0:
        seat = next(seat for seat, value in enumerate(chips) if value < 0)
        raise ValueError(f"contributions[{seat}] is negative: {chips[seat]}")
    return chips


def _check_holes(holes: object) -> None:
    """holes must be a sequence with one entry per seat (a str is one seat's cards, not a table)."""
    if isinstance(holes, (str, bytes)) or not hasattr(holes, "__len__"):
        raise TypeError(f"holes must be a sequence of one seat's cards each, got {type(holes).__name__}")


def _check_folded(folded: Sequence[bool], n: int) -> None:
    """folded must hold one truth value per seat."""
    if isinstance(folded, (str, bytes)) or not hasattr(folded, "__len__"):
        raise TypeError(f"folded must be a sequence of one bool per seat, got {type(folded).__name__}")
    if len(folded) != n:
        raise ValueError(f"folded has {len(folded)} entries for {n} seats")


def _order_of(odd_chip: OddChip, n: int) -> list[int] | None:
    """Each seat's place in the odd-chip order; None for the default (seat order)."""
    if isinstance(odd_chip, str):
        if odd_chip == _LEFT_OF_BUTTON:
            return None
        raise ValueError(f"unknown odd_chip {odd_chip!r}; give 'left-of-button' or a list of every seat")
    if isinstance(odd_chip, (bytes, bytearray)) or not hasattr(odd_chip, "__len__"):
        raise TypeError(
            f"odd_chip must be 'left-of-button' or a list of seats, got {type(odd_chip).__name__}"
        )
    if len(odd_chip) != n:
        raise ValueError(f"odd_chip must list each of the {n} seats once, got {len(odd_chip)} entries")
    place = [-1] * n
    for position, seat in enumerate(odd_chip):
        if isinstance(seat, bool) or not hasattr(type(seat), "__index__"):
            raise TypeError(f"odd_chip[{position}] must be a seat number, got {type(seat).__name__}")
        seat = index(seat)
        if not 0 <= seat < n:
            raise ValueError(f"odd_chip[{position}]: seat {seat} out of range 0..{n - 1}")
        if place[seat] >= 0:
            raise ValueError(f"odd_chip lists seat {seat} twice")
        place[seat] = position
    return place


def _seat_ids(cards: CardsLike, seat: int) -> bytes:
    """One seat's cards as id bytes, an error naming the seat."""
    try:
        return card_ids(cards)
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"seat {seat}: {exc}") from None


def _board_ids(board: CardsLike | None) -> bytes:
    """The board's ids (none for None), an error naming the board."""
    if board is None:
        return b""
    try:
        return card_ids(board)
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"board: {exc}") from None


def _check_cards(hole_ids: Sequence[bytes | None], board: bytes, spec: GameSpec) -> None:
    """Every card in the game's deck and none twice, across every seat and the board.

    The common case costs a few calls that run in C over all the cards at once; only a
    failure walks them one by one, to name the card and where it is.
    """
    dealt = b"".join([ids for ids in hole_ids if ids is not None]) + board
    deck = _DECKS[spec.code]
    if len(set(dealt)) == len(dealt) and not dealt.translate(None, deck):
        return
    owner: dict[int, str] = {}
    places = [(f"seat {seat}", ids) for seat, ids in enumerate(hole_ids) if ids is not None]
    for place, ids in [*places, ("the board", board)]:
        for card_id in ids:
            if card_id > 51:
                raise ValueError(f"{place}: card id {card_id} out of range 0..51")
            name = str(_CARDS[card_id])
            if card_id not in deck:
                raise ValueError(f"{place}: card {name!r} is not in the {spec.name} deck ({spec.deck})")
            if card_id in owner:
                first = owner[card_id]
                where = f"{first} holds it twice" if first == place else f"{first} and {place} both hold it"
                raise ValueError(f"duplicate card {name!r}: {where}")
            owner[card_id] = place
    raise AssertionError("no bad card found")  # pragma: no cover


def _check_deal(spec: GameSpec, hole_ids: Sequence[bytes | None], seats: Sequence[int], board: bytes) -> None:
    """Card counts of a showdown: each of `seats` holds a full hand and the board is complete."""
    (fewest, most), board_size = spec.seat, spec.showdown_board
    if len(board) != board_size:
        if board_size:
            raise ValueError(f"{spec.name} showdown needs a board of {board_size} cards, got {len(board)}")
        raise ValueError(f"{spec.name} has no board, got {len(board)} board cards; pass board=None")
    for seat in seats:
        ids = hole_ids[seat]
        if ids is None:
            raise ValueError(f"seat {seat} is in the showdown but its hole cards are None")
        if not fewest <= len(ids) <= most:
            span = str(fewest) if fewest == most else f"{fewest} to {most}"
            raise ValueError(f"seat {seat}: {spec.name} needs {span} cards per seat, got {len(ids)}")


def _evaluate(
    spec: GameSpec, hole_ids: Sequence[bytes | None], seats: Sequence[int], board: bytes, n: int
) -> tuple[list[int], list[int] | None]:
    """High (and hi-lo low) values of `seats`, 0 for every other seat; one C call per seat.

    Checks the card counts (naming the seat or the board).  The cards have already been
    checked for range and duplicates, so hold'em takes the core's unchecked fast path once
    every hand is known to hold seven cards.
    """
    highs = [0] * n
    if spec.code == _core.GAME_HOLDEM and len(board) == 5:
        evaluate = _core.eval_ids_unchecked
        try:
            for seat in seats:
                hand = hole_ids[seat] + board  # type: ignore[operator]
                if len(hand) != 7:
                    raise TypeError
                highs[seat] = evaluate(hand, 7)
        except TypeError:  # a None hole, or the wrong count: let _check_deal name it
            _check_deal(spec, hole_ids, seats, board)
            raise
        return highs, None
    _check_deal(spec, hole_ids, seats, board)
    lows = [0] * n if spec.hilo else None
    with_hole = spec.hole is not None
    for seat in seats:
        own: bytes = hole_ids[seat]  # type: ignore[assignment]  # _check_deal ruled out None
        hand = own + board
        hole = len(own) if with_hole else 0
        packed = _core.eval_packed(spec.code, hand, len(hand), hole)
        if packed < 0:
            raise spec.error(packed, hand, hole, where=f"seat {seat}: ")
        highs[seat] = packed & 0xFFFF
        if lows is not None:
            lows[seat] = packed >> 16
    return highs, lows


def _best_seats(values: Sequence[int]) -> tuple[int, ...]:
    best = max(values, default=0)
    return tuple(seat for seat, value in enumerate(values) if value == best and value)


# ---- showdown -------------------------------------------------------------------------------


def showdown(board: CardsLike | None, holes: Sequence[CardsLike], *, game: str = "holdem") -> ShowdownResult:
    """Evaluate every seat's hand against the board and name the winners.

    `holes` holds each seat's cards (anything :func:`pokereval.parse_cards` takes); seat i is
    ``holes[i]``.  `board` holds the community cards: exactly 5 in hold'em, short deck and
    Omaha; None (or empty) in stud, razz, 2-7 and badugi, where each seat's cards are its whole
    hand.  See the module docstring for the cards per seat.  In the low games (razz, 2-7,
    badugi) the best hand is the lowest, as usual; ``"omaha-hilo"`` also names the low
    winners.  Every seat is evaluated; leave out seats that folded.

    Raises ValueError for a wrong card count, a bad card or a card dealt twice (naming the
    seat or the board), an unknown game, or no seats; TypeError for a value that holds no cards.

    >>> showdown("As Ks Qs Js Ts", ["2c 2d", "Ah Ad", "9s 8s"]).winners  # a royal board plays
    (0, 1, 2)
    >>> showdown("Kh Kd Kc Ks 2c", ["Ah 3d", "Ac 4d", "Qh Qd"]).winners  # the kicker decides
    (0, 1)
    >>> showdown(None, ["Ac 2d 3h 4s 6c Kd Kh", "Ah 2c 3d 4h 5s Qs Qh"], game="razz").winners
    (1,)
    >>> showdown("As Ks Qs Js", ["2c 2d", "Ah Ad"])
    Traceback (most recent call last):
    ...
    ValueError: holdem showdown needs a board of 5 cards, got 4
    """
    spec = game_spec(game)
    _check_holes(holes)
    n = len(holes)
    if n == 0:
        raise ValueError("showdown needs at least one seat")
    hole_ids, board_ids = _read_cards(spec, holes, board)
    seats = range(n)
    highs, lows = _evaluate(spec, hole_ids, seats, board_ids, n)
    own: list[bytes] = hole_ids  # type: ignore[assignment]  # _evaluate ruled out None
    return ShowdownResult(spec, [ids + board_ids for ids in own], list(map(len, own)), highs, lows)


# ---- settle ---------------------------------------------------------------------------------


def _split(amount: int, winners: Sequence[int], shares: list[int], place: Sequence[int] | None) -> None:
    """Share `amount` evenly among `winners`; the odd chips go one each, in odd-chip order."""
    count = len(winners)
    if count == 1:
        shares[winners[0]] += amount
        return
    share, odd = divmod(amount, count)
    for seat in winners:
        shares[seat] += share
    if odd:
        first = sorted(winners) if place is None else sorted(winners, key=place.__getitem__)
        for seat in first[:odd]:
            shares[seat] += 1


def _divide(
    chips: list[int],
    ascending: list[int],
    total: int,
    contenders: list[int],
    highs: Sequence[int],
    lows: Sequence[int] | None,
    place: Sequence[int] | None,
    payouts: list[int],
) -> tuple[list[tuple[Any, ...]], list[int]]:
    """Divide matched chips into pots and pay each pot's winners into `payouts`.

    A pot forms at each level that a contender (a seat still in, with chips in) reached: the
    pot at level L holds what every seat put in between the level below and L, and the
    contenders who reached L are eligible.  Walking the contenders from the deepest in down,
    the eligible set only grows, so each pot's best hand is a running maximum: one pass.  Chips
    above the top contender's level (put in by seats that folded) join the top pot.
    `ascending` is every seat's chips, sorted.

    Returns the pots as (amount, eligible count, high winners, low winners, low amount) from
    the main pot up, and the contenders deepest first (a pot's eligible seats are the first
    `eligible count` of them).
    """
    if lows is None and len(set(map(chips.__getitem__, contenders))) == 1:
        # The common case: every contender matched the same level, so there is one pot.
        values = list(map(highs.__getitem__, contenders))
        best = max(values)
        high = list(compress(contenders, [value == best for value in values]))
        _split(total, high, payouts, place)
        return [(total, len(contenders), high, (), 0)], contenders
    deepest = sorted(contenders, key=chips.__getitem__, reverse=True)
    last = len(deepest) - 1
    best = low_best = 0
    high = []
    low: list[int] = []
    found = []  # (level, reach, high winners, low winners), top pot first
    for reach, seat in enumerate(deepest):
        value = highs[seat]
        if value > best:
            best = value
            high = [seat]
        elif value == best:
            high = [*high, seat]  # a new list: the pots found so far keep theirs
        if lows is not None:
            value = lows[seat]
            if value > low_best:
                low_best = value
                low = [seat]
            elif value and value == low_best:
                low = [*low, seat]
        level = chips[seat]
        if reach == last or chips[deepest[reach + 1]] != level:
            found.append((level, reach + 1, high, low))
    if len(found) > 1:
        sums = [0, *accumulate(ascending)]
        n = len(chips)
    pots = []
    below = 0  # every seat's chips up to the level of the pot below, summed
    top = found[0]
    for pot in reversed(found):
        level, reach, high_seats, low_seats = pot
        if pot is top:
            capped = total
        else:
            # Every seat's chips capped at the level: those under it in full, the rest at it.
            under = bisect_left(ascending, level)
            capped = sums[under] + level * (n - under)
        amount = capped - below
        below = capped
        if low_seats:
            low_amount = amount >> 1  # the odd chip of the halving stays with the high half
            _split(amount - low_amount, high_seats, payouts, place)
            _split(low_amount, low_seats, payouts, place)
        else:
            low_amount = 0
            _split(amount, high_seats, payouts, place)
        pots.append((amount, reach, high_seats, low_seats, low_amount))
    return pots, deepest


def settle(
    contributions: Sequence[int],
    holes: Sequence[CardsLike | None],
    board: CardsLike | None,
    *,
    folded: Sequence[bool] | None = None,
    game: str = "holdem",
    odd_chip: OddChip = _LEFT_OF_BUTTON,
) -> Settlement:
    """Share out the pot: each seat's chips in, each seat's payout out, no chip lost.

    ``contributions[i]`` is the int number of chips seat i put in during the hand (blinds
    and antes included); ``holes[i]`` its cards; ``folded[i]`` True if it folded (default:
    nobody folded).  Returns a :class:`Settlement`: a list of int payouts per seat, with the
    pot breakdown in ``.pots`` and any returned bet in ``.uncalled``.  The rules:

    * A bet nobody could match goes back to its maker: the top contributor's excess over
      the second-highest contribution of any seat, folded ones included (a folded seat's
      chips were matched like anyone's).  In real play that maker is still in the hand;
      should it have folded anyway, it still gets its own unmatched chips back, since no
      one else could win them.
    * Pots: a main pot and side pots, one per level that a seat still in the hand put in.
      A seat all-in for less wins, from each other seat, only as much as it put in itself;
      each pot's eligible seats are the seats still in that reached its level.  A folded
      seat's chips stay in the pots it paid into, but it is never eligible; chips a folded
      seat put in above every live seat's level go to the top pot.
    * Each pot is split evenly among its eligible seats with the best hand.  The odd chips
      of a pot go one at a time to those winners in odd-chip order: by default
      ``"left-of-button"``, seat order 0, 1, 2, ... (seat 0 is first to the left of the
      button); or give a list holding every seat once, in the order to use.
    * Hi-lo (``"omaha-hilo"``): each pot is halved between the best high hands and the best
      qualifying lows among its eligible seats, the odd chip of the halving going high;
      with no qualifying low the high hands take it all.  One seat may win both halves,
      and each half's odd chips follow the odd-chip order.
    * A seat that put nothing in is in no pot, and its hole may be None.  When only one seat
      still in the hand has chips in, it takes every pot without a showdown: no cards are
      needed, and the board may be short (the hand may have ended before the river).
      Otherwise those seats show down and need full hands and a full board (see
      :func:`showdown`).  A folded seat's cards may be None; cards that are given are
      checked for duplicates against everyone else's.

    Cards may be anything :func:`pokereval.parse_cards` takes; lists of Cards or int ids
    take the fast path.  Raises ValueError for a negative contribution, lengths that do not
    match, a duplicate or bad card, a wrong card count, an unknown game or odd_chip, or
    chips in with nobody left in the hand to win them; TypeError for a contribution that is
    not an int and for input of the wrong type.

    >>> board = "2c 7d 9h Js 3s"
    >>> settle([1000, 3000, 3000], ["As Ad", "Kh Kd", "Qs Qd"], board)  # short stack all-in
    [3000, 4000, 0]
    >>> settle([20, 20, 20], ["Ah 2d", "Ac 2h", "Kd Qc"], "As Ks Qs Js Ts")  # the board plays
    [20, 20, 20]
    >>> settle([25, 25, 25], ["Ah 2d", "Ac 2h", None], board, folded=[False, False, True])
    [38, 37, 0]
    >>> settle([25, 25, 25], ["Ah 2d", "Ac 2h", None], board, folded=[False, False, True], odd_chip=[2, 1, 0])
    [37, 38, 0]
    >>> settle([10, 10], ["Ah 2d", "Ac 2h"], board, folded=[False, False, True])
    Traceback (most recent call last):
    ...
    ValueError: folded has 3 entries for 2 seats
    """
    spec = GAMES.get(game) if type(game) is str else None
    if spec is None:
        spec = game_spec(game)
    chips = list(contributions)
    n = len(chips)
    if not _PLAIN_INT.issuperset(map(type, chips)):
        chips = _chips_of(chips)
    elif _core_settle is not None and n <= _FAST_SEATS:
        fast = _settle_in_core(spec, chips, holes, board, folded, odd_chip)
        if fast is not None:
            return fast
    ascending = sorted(chips)
    if n and ascending[0] < 0:
        _chips_of(chips)  # raises, naming the seat
    if type(holes) is not list and type(holes) is not tuple:
        _check_holes(holes)
    if len(holes) != n:
        raise ValueError(f"{len(holes)} holes for {n} contributions; give one entry per seat")
    if folded is None:
        contenders = list(compress(range(n), chips))
    else:
        if type(folded) is not list or len(folded) != n:
            _check_folded(folded, n)
        contenders = [seat for seat, chip, out in zip(range(n), chips, folded) if chip and not out]
    place = None if odd_chip is _LEFT_OF_BUTTON else _order_of(odd_chip, n)
    hole_ids, board_ids = _read_cards(spec, holes, board)
    if len(contenders) > 1 and n - chips.count(0) > 1:
        highs, lows = _evaluate(spec, hole_ids, contenders, board_ids, n)
    else:
        # Nothing to show down (the chips that are in are one seat's, or only one seat is left):
        # a lone contender wins with any value, and the hand may have ended before the river.
        board_size = spec.showdown_board
        if len(board_ids) > board_size:
            raise ValueError(f"{spec.name} has a board of at most {board_size} cards, got {len(board_ids)}")
        highs, lows = chips, None
    return _share(chips, contenders, highs, lows, place, ascending)


def _settle_in_core(
    spec: GameSpec,
    chips: list[int],
    holes: Sequence[CardsLike | None],
    board: CardsLike | None,
    folded: Sequence[bool] | None,
    odd_chip: OddChip,
) -> Settlement | None:
    """settle in one call to the core, or None to take the Python path.

    Input in the shape the core takes (lists or tuples of ids for cards, a list of bools for
    folded, a list of seats for odd_chip) goes across as bytes; the core checks everything
    and settles.  Anything else, and anything the core refuses, returns None: the Python path
    then reads it and words the error, or settles what the core cannot (over 64 seats, stacks
    of 2^48 chips or more).  The breakdown is worked out only when asked for.
    """
    n = len(chips)
    try:
        if len(holes) != n:
            return None
        try:
            counts = bytes(map(len, holes))  # type: ignore[arg-type]
            cards = b"".join(map(_ids_of, holes))
        except TypeError:  # a None among the holes, or something else to count one by one
            counts = bytes([0 if hole is None else len(hole) for hole in holes])  # type: ignore[arg-type]
            cards = b"".join(map(_ids_of, filter(None, holes)))
        # bytes() of anything but a list or tuple could read a buffer (a numpy array's, say)
        # instead of its items: such input takes the Python path.
        if board is None:
            board_ids = b""
        elif type(board) is list or type(board) is tuple:
            board_ids = _ids_of(board)
        else:
            return None
        if folded is None:
            flags = bytes(n)
        elif type(folded) is list or type(folded) is tuple:
            flags = bytes(folded)
        else:
            return None
        if odd_chip is _LEFT_OF_BUTTON:
            order = None
        elif type(odd_chip) is list or type(odd_chip) is tuple:
            order = bytes(odd_chip)
        else:
            return None
        if len(flags) != n:
            return None
        code, payouts, values = _core_settle(spec.code, chips, flags, cards, counts, board_ids, order)
    except (TypeError, ValueError, OverflowError):
        return None
    if code:
        return None
    result = Settlement(payouts)
    result._lazy = (chips, flags, values, spec.hilo, order)
    return result


def _read_cards(
    spec: GameSpec, holes: Sequence[CardsLike | None], board: CardsLike | None
) -> tuple[list[bytes | None], bytes]:
    """Every seat's ids (None where no cards are given) and the board's, checked together.

    The fast path reads lists and tuples of ids with bytes() (so any int-like id is taken, as
    Cards, ints and numpy ints are) and checks the range and duplicates of all the cards at once,
    in C.  Anything else, or anything that fails, goes through the careful readers, which also
    word the error.
    """
    try:
        # Only lists and tuples: bytes() of another object could read its buffer, not its items.
        if not _SEQUENCES.issuperset(map(type, holes)) or type(board) not in _BOARD_TYPES:
            raise TypeError
        hole_ids: list[bytes | None] = list(map(_ids_of, holes))
        board_ids = b"" if board is None else _ids_of(board)
        dealt = b"".join(hole_ids) + board_ids  # type: ignore[arg-type]
        deck = _DECKS[spec.code]
        if len(set(dealt)) == len(dealt) and not dealt.translate(None, deck):
            return hole_ids, board_ids
    except (TypeError, ValueError):
        pass
    board_ids = _board_ids(board)
    hole_ids = [None if cards is None else _seat_ids(cards, seat) for seat, cards in enumerate(holes)]
    _check_cards(hole_ids, board_ids, spec)
    return hole_ids, board_ids


def _share(
    chips: list[int],
    contenders: list[int],
    highs: Sequence[int],
    lows: Sequence[int] | None,
    place: Sequence[int] | None,
    ascending: list[int] | None = None,
) -> Settlement:
    """The settlement of checked chips given the contenders' hand values (greater is better).

    Returns the uncalled part of the top bet to its maker, then divides the rest (see
    _divide).  `chips` is the caller's own list, and `ascending` (the chips sorted, if the
    caller has them) its own too: both are changed.
    """
    n = len(chips)
    payouts = [0] * n
    result = Settlement(payouts)  # a copy, filled in at the end
    result._lazy = None
    result._uncalled = None
    result._raw = []
    result._deepest = []
    result._order = place
    total = sum(chips)
    if not total:
        return result
    if ascending is None:
        ascending = sorted(chips)
    top = ascending[-1]
    second = ascending[-2] if n > 1 else 0
    if top > second:
        # Nobody matched these chips, so nobody else can win them: back they go, folded or not.
        maker = chips.index(top)
        chips[maker] = ascending[-1] = second
        payouts[maker] = top - second
        result._uncalled = (maker, top - second)
        total -= top - second
    if total:
        if not contenders:
            raise ValueError("every seat that put chips in has folded; nobody is left to win the pot")
        result._raw, result._deepest = _divide(
            chips, ascending, total, contenders, highs, lows, place, payouts
        )
    result[:] = payouts
    return result
