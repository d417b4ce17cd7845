"""The end of a hand: who wins the showdown, and who takes which chips.

:func:`showdown` evaluates every seat against a shared board (or none, in the stud and draw
games) and names the winners.  :func:`settle` turns what each seat put in the pot into what each
seat takes out: main and side pots, dead money, split pots, odd chips, the low half in hi-lo, a
bet nobody called.  No chip is ever lost: the payouts always add up to everything put in.

Both are one call into the C core (pe_showdown, pe_settle in csrc/showdown.c), which checks the
cards, evaluates, settles and breaks the pots down; the rules are written in csrc/pokereval.h.
This module reads the input into the shape the core takes, and words what the core reports
wrong.  The cards each seat needs, and the board, are the game's facts (:class:`GameSpec`
``seat`` and ``showdown_board``).

Seats are numbered 0..n-1 in the order the caller gives them (at most 64).  The odd-chip rule
assumes seat 0 sits first to the left of the button (so pass seats starting from the small
blind), unless an explicit order is given.

``wild=`` plays wild cards as :func:`pokereval.evaluate` does (hold'em and stud): the core's
pe_showdown and pe_settle take the rule as an argument, with the same checks and the jokers
counted across the whole deal (each "Jk" is a joker of its own, and a deck has two).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any, NamedTuple, Union

from . import _core
from ._checks import as_flag, entries, refuse_unordered, whole_number
from .cards import CARDS, Card, CardsLike, card_ids, number_deal_jokers, third_joker
from .games import GAMES, GameSpec, game_spec
from .rank import WILD_NAMES, HandRank, wild_mode

__all__ = ["Pot", "Settlement", "ShowdownResult", "settle", "showdown"]

OddChip = Union[str, Sequence[int]]
"""``"left-of-button"`` or an explicit order of every seat."""

_ids_of = _core.ids_of  # a list or tuple of ints as bytes; TypeError for anything else
_INT_TYPE = frozenset((int,))
_LEFT_OF_BUTTON = "left-of-button"
_MAX_SEATS: int = _core.SETTLE_MAX_SEATS
_unpack = _core.unpack
_new_tuple = tuple.__new__
_TOO_MANY_CHIPS = "settle takes at most 2**48 chips a seat"
_make_rank = _core.make_rank
_JOKERS = (52, 53)


def _seats(mask: int) -> tuple[int, ...]:
    """The seats of a mask the core wrote (bit s: seat s), in seat order."""
    return tuple(seat for seat in range(mask.bit_length()) if mask >> seat & 1)


# ---- results --------------------------------------------------------------------------------


class ShowdownResult:
    """The outcome of a showdown: the winning seats and every seat's hand.

    ``winners`` holds the seats (indices into `holes`) with the best hand, in seat order;
    more than one on a split.  ``ranks`` holds a :class:`HandRank` per seat and
    ``best_five`` the cards each seat plays.  In the hi-lo games (``"omaha-hilo"``,
    ``"stud-hilo"``) ``winners`` and ``ranks``
    are the high hands; ``low_winners`` names the best 8-or-better lows (empty when no seat
    has one) and ``low_ranks`` holds each seat's low HandRank, or None where it has none.  In
    the other games ``low_winners`` and ``low_ranks`` are empty.  HandRank objects are built
    on first use, so a caller that reads only ``winners`` pays for nothing more.  The result
    is read-only.

    >>> result = showdown(["As Ad", "Kh Ks", "7d 7h"], "Ah Kd 7c 7s 2h")
    >>> result.winners
    (2,)
    >>> result.ranks[2].describe()
    'Four of a kind, sevens, ace kicker'
    >>> " ".join(map(str, result.best_five[0]))
    'As Ad Ah 7c 7s'
    """

    __slots__ = (
        "_board",
        "_cards",
        "_counts",
        "_highs",
        "_low_winners",
        "_lows",
        "_ranks",
        "_spec",
        "_wild",
        "_winners",
    )

    _spec: GameSpec
    _cards: bytes
    _counts: bytes
    _board: bytes
    _highs: tuple[int, ...]
    _lows: tuple[int, ...] | None
    _winners: tuple[int, ...]
    _low_winners: tuple[int, ...]
    _ranks: tuple[HandRank, ...] | None
    _wild: int

    def __init__(
        self,
        spec: GameSpec,
        deal: tuple[bytes, bytes, bytes],
        highs: Sequence[int],
        lows: Sequence[int] | None,
        winners: tuple[int, ...],
        low_winners: tuple[int, ...],
        wild: int = 0,
    ) -> None:
        set_ = object.__setattr__
        set_(self, "_spec", spec)
        set_(self, "_cards", deal[0])
        set_(self, "_counts", deal[1])
        set_(self, "_board", deal[2])
        set_(self, "_highs", tuple(highs))
        set_(self, "_lows", tuple(lows) if lows is not None else None)
        set_(self, "_winners", winners)
        set_(self, "_low_winners", low_winners)
        set_(self, "_ranks", None)
        set_(self, "_wild", wild)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"ShowdownResult is read-only; cannot set {name!r}")

    def _hands(self) -> list[bytes]:
        """Each seat's ids followed by the board's."""
        cards, board, hands, at = self._cards, self._board, [], 0
        for count in self._counts:
            hands.append(cards[at : at + count] + board)
            at += count
        return hands

    @property
    def game(self) -> str:
        """The game that was played.

        >>> showdown(["7c 5d 4h 3s 2c", "8c 6d 4d 3c 2d"], game="2-7").game
        'deuce-seven'
        """
        return self._spec.name

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the best (high) hand, in seat order.

        >>> showdown(["2c 3c", "4d 5d"], "As Ks Qs Js Ts").winners
        (0, 1)
        """
        return self._winners

    @property
    def low_winners(self) -> tuple[int, ...]:
        """Hi-lo: the seats with the best qualifying low, in seat order; () when none qualifies.

        >>> board = "2c 5d 8h Kc Ks"
        >>> showdown(["Ac 3d Qh Qs", "Kh Kd 4c 4d"], board, game="omaha-hilo").low_winners
        (0,)
        """
        return self._low_winners

    @property
    def ranks(self) -> tuple[HandRank, ...]:
        """A :class:`HandRank` per seat (the high hand in hi-lo).

        >>> [r.category.name for r in showdown(["As Ah", "3c 4c"], "2c 2d 9h Jc Ks").ranks]
        ['TWO_PAIR', 'ONE_PAIR']
        """
        ranks = self._ranks
        if ranks is None and self._wild:
            # Wild ranks know their rule, so best_five, stands_for and describe see the wild cards.
            code, wild = self._spec.code, self._wild
            hands = zip(self._highs, self._hands())
            ranks = tuple(_make_rank(value, code, ids, 0, 0, False, wild) for value, ids in hands)
            object.__setattr__(self, "_ranks", ranks)
        elif ranks is None:
            spec = self._spec
            hole = spec.hole is not None
            lows = self._lows if self._lows is not None else [0] * len(self._highs)
            ranks = tuple(
                HandRank(value, spec, ids, count if hole else 0, low=low)
                for value, low, ids, count in zip(self._highs, lows, self._hands(), self._counts)
            )
            object.__setattr__(self, "_ranks", ranks)
        return ranks

    @property
    def low_ranks(self) -> tuple[HandRank | None, ...]:
        """Hi-lo: each seat's low :class:`HandRank`, None for a seat without a qualifying low.

        Empty in games that have no low half.

        >>> board = "2c 5d 8h Kc Ks"
        >>> lows = showdown(["Ac 3d Qh Qs", "Kh Kd 4c 4d"], board, game="omaha-hilo").low_ranks
        >>> lows[0].describe(), lows[1]
        ('8-5-3-2-A low', None)
        """
        if self._lows is None:
            return ()
        spec = self._spec
        hole = spec.hole is not None  # the hole cards of a split game; stud has none apart
        return tuple(
            HandRank(value, spec, ids, count if hole else 0, is_low=True) if value else None
            for value, ids, count in zip(self._lows, self._hands(), self._counts)
        )

    @property
    def best_five(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat plays (its high hand), in reading order; fewer for badugi.

        >>> [" ".join(map(str, five)) for five in showdown(["Jh Th", "Ac Ad"], "Ah Kh Qh 2c 3d").best_five]
        ['Ah Kh Qh Jh Th', 'Ac Ad Ah Kh Qh']
        """
        return tuple(rank.best_five for rank in self.ranks)

    @property
    def holes(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's own cards, as they were given (hole cards; in stud, all seven).

        >>> [" ".join(map(str, hole)) for hole in showdown(["Jh Th", "Ac Ad"], "Ah Kh Qh 2c 3d").holes]
        ['Jh Th', 'Ac Ad']
        """
        return _seat_cards(self._cards, self._counts)

    def _key(self) -> tuple[Any, ...]:
        deal = (self._cards, self._counts, self._board)
        return (self._spec.name, deal, self._highs, self._lows, self._winners, self._low_winners, self._wild)

    def __eq__(self, other: object) -> bool:
        """Equal when the same game and cards gave the same hands and winners (a pickled copy
        equals its original).

        >>> showdown(["As Ad", "Kh Ks"], "2c 7d 9h Js 3s") == showdown(["As Ad", "Kh Ks"], "2c 7d 9h Js 3s")
        True
        """
        if not isinstance(other, ShowdownResult):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, ...]:
        # By game name: HandRanks compare only with ranks of the very same GameSpec object.
        deal = (self._cards, self._counts, self._board)
        state = (self._highs, self._lows, self._winners, self._low_winners, self._wild)
        return (_rebuild_showdown, (self._spec.name, deal, *state))

    def __repr__(self) -> str:
        low = f", low_winners={self._low_winners}" if self._lows is not None else ""
        wild = f", wild={WILD_NAMES[self._wild]!r}" if self._wild else ""
        return f"ShowdownResult(game={self._spec.name!r}, winners={self._winners}{low}{wild})"


def _rebuild_showdown(
    game: str,
    deal: tuple[bytes, bytes, bytes],
    highs: Sequence[int],
    lows: Sequence[int] | None,
    winners: tuple[int, ...],
    low_winners: tuple[int, ...],
    wild: int = 0,
) -> ShowdownResult:
    """A pickled showdown, played again from its deal, and refused unless it gives the pickled
    answer: the values were taken as they came (a wild rank of value 0 failed an assert in
    describe()), and counts of more cards than the deal holds would have had the core read past
    them."""
    spec = game_spec(game)
    if not (
        isinstance(deal, tuple)
        and len(deal) == 3
        and all(type(part) is bytes for part in deal)
        and sum(deal[1]) == len(deal[0])
        and type(wild) is int
    ):
        raise ValueError("not a pickled ShowdownResult: its deal does not hold together")
    code, out = _core.showdown(spec.code, *deal, wild)
    if code:
        raise ValueError(f"not a pickled ShowdownResult: its deal is no {spec.name} showdown")
    n = len(deal[1])
    made = ShowdownResult(
        spec,
        deal,
        _unpack(out.hi, n),
        _unpack(out.lo, n) if spec.hilo else None,
        _seats(out.winners),
        _seats(out.low_winners),
        wild,
    )
    pickled = (list(highs), None if lows is None else list(lows), tuple(winners), tuple(low_winners))
    if pickled != (
        list(made._highs),
        None if made._lows is None else list(made._lows),
        made._winners,
        made._low_winners,
    ):
        raise ValueError("not a pickled ShowdownResult: its answer is not its deal's")
    return made


class Pot(NamedTuple):
    """One pot of a settled hand: its chips, who could win it, who did, and what each took.

    ``eligible`` holds the seats still in the hand that reached this pot's level; the first
    pot of :attr:`Settlement.pots` is the main pot (it also holds all the dead money) and the
    rest are side pots, each with fewer eligible seats.  ``winners`` are the best (high) hands
    among ``eligible``.  In hi-lo, ``low_amount`` chips (half the pot, rounded down) went to
    ``low_winners``, the best qualifying lows among ``eligible``; with no qualifying low,
    ``low_winners`` is empty and ``low_amount`` is 0, and ``winners`` took the whole pot.
    When every other seat folded there is no showdown, so no low half either: the last seat
    takes the pot whole.  ``shares`` has one entry per seat: the chips that seat took from this
    pot, odd chips included.  A Pot is a named tuple: read-only, cheap to make.

    >>> board = "2c 7d 9h Js 3s"
    >>> pots = settle(["As Ad", "Kh Kd", "Qs Qd"], board, contributions=[1000, 3000, 3000]).pots
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

        >>> settle(["As Ad", "Kh Kd"], "2c 7d 9h Js 3s", contributions=[10, 10]).pots[0].high_amount
        20
        """
        return self.amount - self.low_amount


def _read_pot(pot: Any, n: int) -> Pot:
    """A Pot from the core's pe_pot_t: seat masks to seats, each winner's share and odd chip."""
    shares = [0] * n
    winners = _seats(pot.winners)
    low_winners = _seats(pot.low_winners)
    for seat in winners:
        shares[seat] += pot.share + (pot.odd >> seat & 1)
    for seat in low_winners:
        shares[seat] += pot.low_share + (pot.low_odd >> seat & 1)
    return Pot(pot.amount, _seats(pot.eligible), winners, tuple(shares), low_winners, pot.low_amount)


class Settlement(tuple[int, ...]):
    """What each seat takes from the pots: an immutable ``tuple`` of int payouts, one per seat.

    Being a tuple, it compares, indexes and iterates as one (``settle(...) == (0, 30, 0)``).
    It also explains itself: ``pots`` is the main pot then the side pots (see :class:`Pot`),
    and ``uncalled`` is ``(seat, chips)`` for a bet that nobody matched and that went back
    to the seat that made it (those chips are part of that seat's payout), or None.  The
    payouts always add up to the contributions and the dead money.

    >>> holes = ["As Ad", "Kh Kd", "Qs Qd"]
    >>> s = settle(holes, "2c 7d 9h Js 3s", contributions=[50, 200, 50], folded=[False, False, True])
    >>> s
    (150, 150, 0)
    >>> s.uncalled
    (1, 150)
    >>> [(pot.amount, pot.winners) for pot in s.pots]
    [(150, (0,))]
    """

    # A tuple subclass cannot have slots: the core's result (cdata) lives in the instance dict,
    # and the pots and the uncalled bet are read from it on first use, then kept there.
    _out: Any

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Settlement is read-only; cannot set {name!r}")

    # Written out so that type checkers see an __eq__ of Settlement's own and do not narrow a
    # Settlement compared with a tuple literal down to a plain tuple (losing .pots).
    def __eq__(self, other: object) -> bool:
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return tuple.__ne__(self, other)

    __hash__ = tuple.__hash__

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Settlement is read-only; cannot delete {name!r}")

    @property
    def uncalled(self) -> tuple[int, int] | None:
        """``(seat, chips)`` of a bet nobody matched, which went back to its maker; or None.

        >>> settle(["As Ad", "Kh Kd"], "2c 7d 9h Js 3s", contributions=[100, 300]).uncalled
        (1, 200)
        """
        got = vars(self)
        if "_uncalled" not in got:
            out = self._out
            seat = out.uncalled_seat
            got["_uncalled"] = (seat, out.uncalled) if seat < len(self) else None
        return got["_uncalled"]  # type: ignore[no-any-return]

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The main pot, then each side pot, in the order their levels rise.

        >>> [pot.amount for pot in settle([None, "2c 3d"], contributions=[5, 5], folded=[True, False]).pots]
        [10]
        """
        got = vars(self)
        if "_pots" not in got:
            out, n = self._out, len(self)
            got["_pots"] = tuple(_read_pot(out.pots[p], n) for p in range(out.n_pots))
        return got["_pots"]  # type: ignore[no-any-return]

    @property
    def holes(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, as they were given to :func:`settle` (none for a seat given None).

        >>> s = settle(["As Ad", None], "2c 7d 9h Js 3s", contributions=[5, 5], folded=[False, True])
        >>> [" ".join(map(str, hole)) for hole in s.holes]
        ['As Ad', '']
        """
        return _seat_cards(*vars(self)["_deal"][:2])

    def __reduce__(self) -> tuple[Any, ...]:
        # The core's result is cdata, which does not pickle: read the pots first.
        return (_rebuild_settlement, (tuple(self), self.pots, self.uncalled, vars(self)["_deal"]))

    def __copy__(self) -> Settlement:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Settlement:
        return self


def _rebuild_settlement(
    payouts: tuple[int, ...],
    pots: tuple[Pot, ...],
    uncalled: tuple[int, int] | None,
    deal: tuple[bytes, bytes, bytes],
) -> Settlement:
    result = tuple.__new__(Settlement, payouts)
    vars(result).update(_pots=pots, _uncalled=uncalled, _deal=deal)
    return result


def _seat_cards(cards: bytes, counts: bytes) -> tuple[tuple[Card, ...], ...]:
    """Each seat's Cards, from the deal's ids back to back and each seat's count."""
    seats, at = [], 0
    for count in counts:
        seats.append(tuple(CARDS[card] for card in cards[at : at + count]))
        at += count
    return tuple(seats)


# ---- input ----------------------------------------------------------------------------------


def _spec(game: object) -> GameSpec:
    spec = GAMES.get(game) if type(game) is str else None
    return spec if spec is not None else game_spec(game)


def _check_holes(holes: object) -> None:
    """holes must be a sequence with one entry per seat (a str is one seat's cards, not a table)."""
    refuse_unordered(holes, "holes")  # {0: "AsAd"} would read as a seat holding card 0
    if isinstance(holes, (str, bytes)) or not hasattr(holes, "__len__"):
        raise TypeError(f"holes must be a sequence of one seat's cards each, got {type(holes).__name__}")


def _read_deal(holes: Sequence[CardsLike | None], board: CardsLike | None) -> tuple[bytes, bytes, bytes]:
    """(every seat's ids back to back, each seat's count, the board's ids).

    Lists and tuples of Cards or plain ints are read in C (a bool is no card) and go across as
    they are: the core checks their range and duplicates.  Anything else (None, text, numpy
    arrays) is read seat by seat by card_ids, which words what it cannot read; None is a seat
    with no cards.
    """
    if type(holes) is not list and type(holes) is not tuple:
        _check_holes(holes)
    try:
        return (
            b"".join(map(_ids_of, holes)),
            bytes(map(len, holes)),  # type: ignore[arg-type]
            b"" if board is None else _ids_of(board),
        )
    except TypeError:
        pass
    own = [b"" if cards is None else _ids(cards, f"seat {seat}") for seat, cards in enumerate(holes)]
    return b"".join(own), bytes(map(len, own)), b"" if board is None else _ids(board, "board")


def _wild_deal(
    spec: GameSpec, wild: object, holes: Sequence[CardsLike | None], board: CardsLike | None
) -> tuple[int, tuple[bytes, bytes, bytes]]:
    """The wild rule's core number and the deal, each joker in it one of the deck's two (seats
    first, then the board), so that a third is the repeat the core refuses."""
    code = wild_mode(spec, wild)
    cards, counts, board_ids = _read_deal(holes, board)
    cards, board_ids = number_deal_jokers(cards, board_ids)
    return code, (cards, counts, board_ids)


def _ids(cards: CardsLike, where: str) -> bytes:
    try:
        return card_ids(cards)
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"{where}: {exc}") from None


def _chips(values: Sequence[int], name: str, n: int) -> list[int]:
    """contributions or dead money as a list of ints, one per seat."""
    if type(values) is not list or not _INT_TYPE.issuperset(map(type, values)):
        refuse_unordered(values, name)
        if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
            raise TypeError(f"{name} must be a sequence of one int per seat, got {type(values).__name__}")
        values = list(values)
        for seat, value in enumerate(values):
            number = whole_number(value)  # a 2-d array's row, a masked entry: no int
            if number is None:
                raise TypeError(
                    f"{name}[{seat}] must be an int number of chips, got {type(value).__name__} {value!r}"
                )
            values[seat] = number
    if len(values) != n:
        if name == "contributions":
            holes = f"{n} hole" if n == 1 else f"{n} holes"
            given = f"{len(values)} contribution" + ("" if len(values) == 1 else "s")
            raise ValueError(f"{holes} for {given}; give one entry per seat")
        raise ValueError(f"{name} has {entries(len(values))} for {n} seats")
    return values


def _flags(folded: Sequence[bool] | Sequence[int] | None, n: int) -> bytes:
    """folded as one byte per seat, 1 for a seat that folded: each entry True or False (or
    1 or 0), nothing else that Python would call true or false."""
    if folded is None:
        return bytes(n)
    if type(folded) is list and len(folded) == n:
        try:
            flags = bytes(folded)
        except (TypeError, ValueError):
            pass
        else:
            if not flags.translate(None, b"\x00\x01"):
                return flags
    refuse_unordered(folded, "folded")
    if isinstance(folded, (str, bytes)) or not hasattr(folded, "__len__"):
        raise TypeError(f"folded must be a sequence of one bool per seat, got {type(folded).__name__}")
    if len(folded) != n:
        raise ValueError(f"folded has {entries(len(folded))} for {n} seats")
    return bytes(as_flag(value, f"folded[{seat}]") for seat, value in enumerate(folded))


def _order(odd_chip: OddChip, n: int) -> bytes:
    """The odd-chip order as one byte per position."""
    if isinstance(odd_chip, str):
        if odd_chip == _LEFT_OF_BUTTON:
            return bytes(range(n))
        raise ValueError(f"unknown odd_chip {odd_chip!r}; give 'left-of-button' or a list of every seat")
    refuse_unordered(odd_chip, "odd_chip")
    if isinstance(odd_chip, (bytes, bytearray)) or not hasattr(odd_chip, "__len__"):
        raise TypeError(
            f"odd_chip must be 'left-of-button' or a list of seats, got {type(odd_chip).__name__}"
        )
    if len(odd_chip) != n:
        raise ValueError(f"odd_chip must list each of the {n} seats once, got {entries(len(odd_chip))}")
    seats = list(odd_chip)
    for position, seat in enumerate(seats):
        number = whole_number(seat)
        if number is None:
            raise TypeError(f"odd_chip[{position}] must be a seat number, got {type(seat).__name__} {seat!r}")
        seats[position] = number
        if not 0 <= seats[position] < 256:  # beyond what a byte holds; the core checks the rest
            raise ValueError(f"odd_chip[{position}]: seat {seats[position]} out of range 0..{n - 1}")
    return bytes(seats)


# ---- errors the core reports ----------------------------------------------------------------


def _fault(
    spec: GameSpec,
    code: int,
    fault: Any,
    deal: tuple[bytes, bytes, bytes],
    holes: Sequence[CardsLike | None],
    chips: Sequence[int] | None = None,
    dead: Sequence[int] | None = None,
    order: bytes | None = None,
    wild: int = 0,
    folded: bytes = b"",
) -> Exception:
    """The exception for what the core found wrong, worded from where it says it is (chips is
    None for a showdown; wild the wild rule's core number)."""
    what, seat = fault.what, fault.seat
    cards, counts, board = deal
    n = len(counts)
    if what == _core.FAULT_HOLE or what == _core.FAULT_BOARD:
        own = board if what == _core.FAULT_BOARD else cards[sum(counts[:seat]) :][: counts[seat]]
        place = "the board" if what == _core.FAULT_BOARD else f"seat {seat}"
        if code == _core.ERR_COUNT:
            return ValueError(_count_words(spec, what, seat, len(own), fault, holes))
        card_id = own[fault.card]
        where = "board: " if what == _core.FAULT_BOARD else f"{place}: "
        if code == _core.ERR_DUPLICATE and card_id in _JOKERS:  # numbered across the deal
            return ValueError(where + third_joker(fault.card + 1))
        if code == _core.ERR_DUPLICATE:
            name = str(Card(card_id))
            holder = fault.holder
            if holder == seat:
                return ValueError(f"{'board' if holder == n else place}: duplicate card {name!r}")
            first = "the board" if holder == n else f"seat {holder}"
            return ValueError(f"duplicate card {name!r}: {first} and {place} both hold it")
        return spec.error(code, own, where=where, at=fault.card, wild=wild)
    if what == _core.FAULT_CHIPS or what == _core.FAULT_DEAD:
        name = "contributions" if what == _core.FAULT_CHIPS else "dead_money"
        value = (chips if what == _core.FAULT_CHIPS else dead or ())[seat]  # type: ignore[index]
        if value < 0:
            return ValueError(f"{name}[{seat}] is negative: {value}")
        return ValueError(f"{name}[{seat}] is {value}; {_TOO_MANY_CHIPS}")
    if what == _core.FAULT_ORDER:
        listed = order[seat] if order is not None else seat
        if listed >= n:
            return ValueError(f"odd_chip[{seat}]: seat {listed} out of range 0..{n - 1}")
        return ValueError(f"odd_chip lists seat {listed} twice")
    if what == _core.FAULT_NOBODY:
        words = "every seat that put chips in has folded; nobody is left to win the pot"
        still_in = [str(s) for s in range(n) if counts[s] and not (folded and folded[s])]
        if still_in:  # a seat in with a hand that put nothing in wins no chips
            who = f"seat {still_in[0]}" if len(still_in) == 1 else f"seats {', '.join(still_in)}"
            words += f" ({who}, still in, put nothing in: a seat wins only pots it put chips in)"
        return ValueError(words)
    if what == _core.FAULT_SEATS:
        who = "showdown" if chips is None else "settle"
        if n == 0:
            return ValueError(f"{who} needs at least one seat")
        return ValueError(f"{who} takes at most {_MAX_SEATS} seats, got {n}")
    return _core.error(code, f"core error {code}")  # pragma: no cover


def _count_words(
    spec: GameSpec, what: int, seat: int, count: int, fault: Any, holes: Sequence[CardsLike | None]
) -> str:
    """A card count the showdown cannot use, in words."""
    fewest, most, name = fault.fewest, fault.most, spec.name
    if what == _core.FAULT_BOARD:
        if fewest != most or not most:
            return spec.too_many_board_cards(count)
        return f"{name} showdown needs a board of {most} cards, got {count}"
    if holes[seat] is None:
        return f"seat {seat} is in the showdown but its hole cards are None"
    if fewest == most and spec.seat[0] != spec.seat[1]:  # a count unlike the first seat's
        return (
            f"seat {seat} holds {count} hole cards and seat {fault.holder} {most}:"
            f" {name} deals every seat the same number"
        )
    span = str(fewest) if fewest == most else f"{fewest} to {most}"
    return f"seat {seat}: {name} needs {span} cards per seat, got {count}"


# ---- showdown -------------------------------------------------------------------------------


def showdown(
    holes: Sequence[CardsLike],
    board: CardsLike | None = None,
    *,
    game: str = "holdem",
    wild: str | None = None,
) -> ShowdownResult:
    """Evaluate every seat's hand against the board and name the winners.

    `holes` holds each seat's cards (anything :func:`pokereval.parse_cards` takes); seat i is
    ``holes[i]``.  `board` holds the community cards: exactly 5 in hold'em, short deck and
    Omaha; None (or empty) in stud, razz, 2-7 and badugi, where each seat's cards are its whole
    hand.  Each seat holds the game's cards at a showdown (:attr:`GameSpec.seat`: 2 in hold'em
    and short deck, 4 to 6 in Omaha, 5 to 7 in stud and razz, 5 in 2-7, 4 in badugi).  In the
    low games (razz, 2-7, badugi) the best hand is the lowest, as usual; the hi-lo games also
    name the low winners.  Every seat is evaluated; leave out seats that folded.

    ``wild=`` (hold'em and stud) plays wild cards as :func:`pokereval.evaluate` does:
    ``"joker"``, ``"bug"`` or ``"deuces"``.  Each joker (``"Jk"``) in the deal is one of
    the deck's two, so two seats may each hold one; the ranks are wild ones (five of a kind
    above a royal flush, five aces above five kings, and ``stands_for``).

    Raises ValueError for a wrong card count, a bad card or a card dealt twice (naming the
    seat or the board), a joker without a rule that plays it or a third joker, an unknown
    game or wild rule, wild cards in a game without them, or no seats; TypeError for a value
    that holds no cards.

    >>> showdown(["2c 2d", "Ah Ad", "9s 8s"], "As Ks Qs Js Ts").winners  # a royal board plays
    (0, 1, 2)
    >>> showdown(["Ah 3d", "Ac 4d", "Qh Qd"], "Kh Kd Kc Ks 2c").winners  # the kicker decides
    (0, 1)
    >>> showdown(["Ac 2d 3h 4s 6c Kd Kh", "Ah 2c 3d 4h 5s Qs Qh"], game="razz").winners
    (1,)
    >>> showdown(["2c 2d", "Ah Ad"], "As Ks Qs Js")
    Traceback (most recent call last):
    ...
    ValueError: holdem showdown needs a board of 5 cards, got 4
    >>> result = showdown(["As 2c", "Ks 2d"], "Ah Ad Kh Kc 2h", wild="deuces")
    >>> result.winners, [rank.describe() for rank in result.ranks]
    ((0,), ['Five of a kind, aces', 'Five of a kind, kings'])
    """
    spec = _spec(game)
    if wild is None:
        deal, rule = _read_deal(holes, board), 0
    else:
        rule, deal = _wild_deal(spec, wild, holes, board)
    code, out = _core.showdown(spec.code, *deal, rule)
    if code:
        raise _fault(spec, code, out.fault, deal, holes, wild=rule)
    n = len(deal[1])
    lows = _unpack(out.lo, n) if spec.hilo else None
    return ShowdownResult(
        spec, deal, _unpack(out.hi, n), lows, _seats(out.winners), _seats(out.low_winners), rule
    )


# ---- settle ---------------------------------------------------------------------------------


def _renamed_dead(dead_money: Sequence[int] | None, dead: Sequence[int] | None) -> Sequence[int] | None:
    """settle's dead money, given as ``dead_money=`` or, deprecated, as ``dead=`` (a name that
    means dead cards in equity, outs and odds)."""
    if dead is None:
        return dead_money
    if dead_money is not None:
        raise TypeError("settle() takes dead_money=, not both dead_money= and dead=")
    warnings.warn(
        "settle(dead=...) is now settle(dead_money=...): dead= means dead cards elsewhere",
        DeprecationWarning,
        stacklevel=3,
    )
    return dead


def settle(
    holes: Sequence[CardsLike | None],
    board: CardsLike | None = None,
    *,
    contributions: Sequence[int],
    folded: Sequence[bool] | Sequence[int] | None = None,
    dead_money: Sequence[int] | None = None,
    odd_chip: OddChip | None = None,
    game: str = "holdem",
    wild: str | None = None,
    dead: Sequence[int] | None = None,
) -> Settlement:
    """Share out the pot: each seat's chips in, each seat's payout out, no chip lost.

    ``holes[i]`` holds seat i's cards; ``contributions[i]`` the int number of chips it put in
    as live bets during the hand (blinds included); ``folded[i]`` is True if it folded (True
    or False, or 1 or 0; default: nobody folded); ``dead_money[i]``, if given, the dead money
    it put in: antes, big-blind antes, dead blinds, or chips a player left behind (``dead=``,
    its old name, still works with a DeprecationWarning: elsewhere ``dead=`` means dead
    cards).  Returns a
    :class:`Settlement`: a tuple of int payouts per seat, with the pot breakdown in ``.pots``
    and any returned bet in ``.uncalled``.  The rules (written out in csrc/pokereval.h):

    * A bet nobody could match goes back to its maker: the top live contributor's excess over
      the second-highest live contribution, both of any seat, folded ones included (a seat
      that folded with the most chips in gets its unmatched part back).
    * Pots: a main pot and side pots, one per level of live chips that a seat still in the
      hand put in.  A seat all-in for less wins, from each other seat, only as much as it put
      in itself; each pot's eligible seats are the seats still in that reached its level.  A
      folded seat's chips stay in the pots it paid into, but it is never eligible; chips a
      folded seat put in above every live seat's level (and below the uncalled bet) go to the
      top pot.
    * Dead money goes into the main pot, which every seat still in the hand may win, even one
      all in for less; it never counts toward matching a bet and never comes back as
      uncalled.  A seat that put in only dead money is still in the hand unless it folded.
    * Each pot is split evenly among its eligible seats with the best hand.  The odd chips
      of a pot go one at a time to those winners in odd-chip order.  By default that is the
      game's rule: seat order 0, 1, 2, ... (seat 0 is first to the left of the button), and
      in stud, stud hi-lo and razz by card, as Robert's Rules of Poker have it: the winner
      holding the highest card (by rank, then suit: spades, hearts, diamonds, clubs) first,
      and in razz and for stud hi-lo's low half the one holding the lowest (aces low, clubs
      lowest), all of a seat's cards counting.  ``"left-of-button"`` asks for seat order in
      any game; or give a list holding every seat once, in the order to use.
    * Hi-lo (``"omaha-hilo"``, ``"stud-hilo"``): each pot is halved between the best high hands and the best
      qualifying lows among its eligible seats, the odd chip of the halving going high;
      with no qualifying low the high hands take it all.  One seat may win both halves,
      and each half's odd chips follow the odd-chip order.
    * A seat that put nothing in is in no pot of live chips, and its hole may be None.  Given
      a hole and not folded, it is still in the hand and may win the dead money (a seat
      dealt in under another's big-blind ante); with its hole None it takes no part.  When
      only one seat still in the hand has chips in, it takes every pot without a showdown: no
      cards are needed, and the board may be short (the hand may have ended before the river).
      Otherwise those seats show down and need full hands and a full board (see
      :func:`showdown`).  A folded seat's cards may be None; cards that are given are
      checked for duplicates against everyone else's.
    * ``wild=`` (hold'em and stud) values the hands with wild cards, as :func:`showdown`
      does: five of a kind beats a royal flush, five aces beat five kings, equal hands split.

    At most 64 seats, and at most 2**48 chips a seat (live and dead each).  Raises ValueError
    for a negative or too large amount, lengths that do not match, a duplicate or bad card, a
    wrong card count, an unknown game or odd_chip, or chips in with nobody left in the hand to
    win them; TypeError for an amount or seat that is not an int (a bool included) and for
    input of the wrong type.

    >>> board = "2c 7d 9h Js 3s"
    >>> settle(["As Ad", "Kh Kd", "Qs Qd"], board, contributions=[1000, 3000, 3000])  # all-in for less
    (3000, 4000, 0)
    >>> settle(["Ah 2d", "Ac 2h", "Kd Qc"], "As Ks Qs Js Ts", contributions=[20, 20, 20])  # the board plays
    (20, 20, 20)
    >>> settle(["Ah 2d", "Ac 2h", None], board, contributions=[25, 25, 25], folded=[False, False, True])
    (38, 37, 0)
    >>> settle(["Ah 2d", "Ac 2h", None], board, contributions=[25] * 3, folded=[0, 0, 1], odd_chip=[2, 1, 0])
    (37, 38, 0)

    A big-blind ante is dead money: seat 1 posted a 100 blind and a 100 ante, seat 0 called
    100 and won.  Nothing of seat 1's comes back; seat 0 takes 300.

    >>> settle(["As Ad", "Kh Kd"], board, contributions=[100, 100], dead_money=[0, 100])
    (300, 0)
    >>> settle(["Ah 2d", "Ac 2h"], board, contributions=[10, 10], folded=[False, False, True])
    Traceback (most recent call last):
    ...
    ValueError: folded has 3 entries for 2 seats

    With a joker, seat 0's five kings take the main pot; kings full of aces the side pot.

    >>> settle(["Jk Kd", "As Ad", "7s 7h"], "Ks Kc Kh 7d 2s", contributions=[1000, 3000, 3000], wild="joker")
    (3000, 4000, 0)
    """
    dead = _renamed_dead(dead_money, dead)
    spec = _spec(game)
    if wild is None:
        deal, rule = _read_deal(holes, board), 0
    else:
        rule, deal = _wild_deal(spec, wild, holes, board)
    n = len(deal[1])
    chips = _chips(contributions, "contributions", n)
    if dead is not None:
        dead = _chips(dead, "dead_money", n)
    flags = _flags(folded, n)
    order = None if odd_chip is None else _order(odd_chip, n)  # None: the game's own rule
    try:
        code, out = _core.settle(spec.code, chips, dead, flags, *deal, order, rule)
    except OverflowError:  # beyond int64_t, so beyond the core's range too
        for name, values in (("contributions", chips), ("dead_money", dead or ())):
            for seat, value in enumerate(values):
                if not -(2**63) <= value < 2**63:
                    raise ValueError(f"{name}[{seat}] is {value}; {_TOO_MANY_CHIPS}") from None
        raise
    if code:
        raise _fault(spec, code, out.fault, deal, holes, chips, dead, order, rule, flags)
    return settlement_of(out, n, deal)


def settlement_of(out: Any, n: int, deal: tuple[bytes, bytes, bytes]) -> Settlement:
    """The Settlement of n seats over a pe_settlement_t the core filled (settle's, or the
    betting engine's at the end of a hand: the one way a Settlement is made); `deal` is each
    seat's cards back to back, each seat's count and the board, as the core took them."""
    result = _new_tuple(Settlement, _unpack(out.payouts, n))
    result.__dict__["_out"] = out
    result.__dict__["_deal"] = deal  # each seat's cards, for holes and the notebook's table
    return result
