"""PokerKit with its hands evaluated by pokereval's C core: change ``from pokerkit import``
to ``from pokereval.compat.pokerkit import`` and a program runs as before, faster.

The hand types (``StandardHighHand``, ``StandardLowHand``, ``ShortDeckHoldemHand``,
``EightOrBetterLowHand``, ``RegularLowHand``, ``OmahaHoldemHand``,
``OmahaEightOrBetterLowHand``, ``GreekHoldemHand``, ``BadugiHand``) subclass PokerKit's
own, so ``isinstance`` holds, and behave like them: construction from five cards with
PokerKit's checks, ``from_game`` and ``from_game_or_none``, comparison (stronger is
greater; only hands of one type compare), ``cards``, ``entry`` and its ``label``, ``str``
and ``repr``.  What differs is how the strength is found: ``from_game`` asks the C core
for the best hand in one call instead of building every five-card combination in Python.
``entry`` comes from a table per hand type, and ``cards`` is found when first read by
PokerKit's own search, so both are exactly what PokerKit gives.

PokerKit's game classes whose hands these cover (``NoLimitTexasHoldem``,
``PotLimitOmahaHoldem``, ``FixedLimitRazz`` and the rest) are here with their hand types
swapped.  Every other name of PokerKit's ``__all__`` is PokerKit's own object, re-exported,
so that ``from pokereval.compat.pokerkit import *`` gives all of them, as PokerKit's docs
examples expect.  A custom game takes the hand types the same way, as its ``hand_types``.

>>> from pokereval.compat.pokerkit import Automation, NoLimitTexasHoldem
>>> state = NoLimitTexasHoldem.create_state(
...     (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
...      Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
...      Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING),
...     True, 0, (1, 2), 2, (200, 200), 2)
>>> state.deal_hole("AsKs"); state.deal_hole("AhAd")  # doctest: +ELLIPSIS
HoleDealing(...)
>>> state.complete_bet_or_raise_to(200); state.check_or_call()  # doctest: +ELLIPSIS
CompletionBettingOrRaisingTo(...)
>>> for board in ("QsJsTs", "2c", "3d"):
...     _ = state.burn_card("??"), state.deal_board(board)
>>> state.stacks, state.get_hand(0, 0, 0)
([400, 0], AsKsQsJsTs)

Importing this module imports pokerkit (``pip install pokerkit``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Generator, Sequence
from dataclasses import fields
from itertools import chain, combinations
from typing import Any, ClassVar

import numpy as np

from .._checks import extra_imports

with extra_imports(
    "pokereval.compat.pokerkit",
    "PokerKit itself, on Python 3.11 or later: pip install 'pokereval-cffi[compat]'"
    " (or pip install pokerkit)",
):
    import pokerkit
    from pokerkit import (
        UNMATCHABLE_PATTERN,
        AbsolutePokerParser,
        ACPCProtocolParser,
        AntePosting,
        Automation,
        BadugiLookup,
        BetCollection,
        BettingStructure,
        BlindOrStraddlePosting,
        BoardCombinationHand,
        BoardDealing,
        BringInPosting,
        Card,
        CardBurning,
        CardsLike,
        CheckingOrCalling,
        ChipsPulling,
        ChipsPushing,
        CombinationHand,
        CompletionBettingOrRaisingTo,
        Deck,
        DeuceToSevenLowballMixin,
        Draw,
        EightOrBetterLookup,
        Entry,
        FixedLimitPokerMixin,
        Folding,
        FullTiltPokerParser,
        Hand,
        HandKilling,
        Holdem,
        HoleBoardCombinationHand,
        HoleCardsShowingOrMucking,
        HoleDealing,
        IPokerNetworkParser,
        KuhnPoker,
        KuhnPokerHand,
        KuhnPokerLookup,
        Label,
        LeducHoldem,
        LeducHoldemHand,
        LeducHoldemLookup,
        Lookup,
        Mode,
        NoLimitPokerMixin,
        NoOperation,
        Numeral211Holdem,
        Numeral211HoldemHand,
        Numeral211HoldemLookup,
        OmahaHoldemMixin,
        OngameNetworkParser,
        Opening,
        Operation,
        Parser,
        PartyPokerParser,
        Poker,
        PokerStarsParser,
        Pot,
        PotLimitPokerMixin,
        Rank,
        RankOrder,
        RegularLookup,
        REParser,
        RhodeIslandHoldem,
        RhodeIslandHoldemHand,
        RhodeIslandHoldemLookup,
        RoyalHoldemMixin,
        RoyalRhodeIslandHoldem,
        RunoutCountSelection,
        SevenCardStud,
        ShortDeckHoldemLookup,
        SingleDraw,
        Standard2Lookup,
        StandardBadugiHand,
        StandardBadugiLookup,
        StandardHand,
        StandardLookup,
        StandingPatOrDiscarding,
        State,
        Statistics,
        Street,
        Suit,
        TexasHoldemMixin,
        TripleDraw,
        UnfixedLimitHoldem,
        ValuesLike,
        calculate_equities,
        calculate_hand_strength,
        calculate_icm,
        clean_values,
        divmod,
        filter_none,
        max_or_none,
        min_or_none,
        parse_action,
        parse_month,
        parse_range,
        parse_time,
        parse_value,
        rake,
        rotated,
        shuffled,
        sign,
    )

from ..api import evaluate as _evaluate
from ..api import evaluate_batch
from ..cards import CARDS, RANKS, SUITS
from ..fast import evaluate_cards as _fast_cards
from ._classes import class_ids

__all__ = [
    "UNMATCHABLE_PATTERN",
    "ACPCProtocolParser",
    "AbsolutePokerParser",
    "AntePosting",
    "Automation",
    "BadugiHand",
    "BadugiLookup",
    "BetCollection",
    "BettingStructure",
    "BlindOrStraddlePosting",
    "BoardCombinationHand",
    "BoardDealing",
    "BringInPosting",
    "Card",
    "CardBurning",
    "CardsLike",
    "CheckingOrCalling",
    "ChipsPulling",
    "ChipsPushing",
    "CombinationHand",
    "CompletionBettingOrRaisingTo",
    "Deck",
    "DeuceToSevenLowballMixin",
    "Draw",
    "EightOrBetterLookup",
    "EightOrBetterLowHand",
    "Entry",
    "FixedLimitBadugi",
    "FixedLimitDeuceToSevenLowballTripleDraw",
    "FixedLimitOmahaHoldemHighLowSplitEightOrBetter",
    "FixedLimitPokerMixin",
    "FixedLimitRazz",
    "FixedLimitSevenCardStud",
    "FixedLimitSevenCardStudHighLowSplitEightOrBetter",
    "FixedLimitTexasHoldem",
    "Folding",
    "FullTiltPokerParser",
    "GreekHoldemHand",
    "Hand",
    "HandHistory",
    "HandKilling",
    "Holdem",
    "HoleBoardCombinationHand",
    "HoleCardsShowingOrMucking",
    "HoleDealing",
    "IPokerNetworkParser",
    "KuhnPoker",
    "KuhnPokerHand",
    "KuhnPokerLookup",
    "Label",
    "LeducHoldem",
    "LeducHoldemHand",
    "LeducHoldemLookup",
    "Lookup",
    "Mode",
    "NoLimitDeuceToSevenLowballSingleDraw",
    "NoLimitPokerMixin",
    "NoLimitRoyalHoldem",
    "NoLimitShortDeckHoldem",
    "NoLimitTexasHoldem",
    "NoOperation",
    "Numeral211Holdem",
    "Numeral211HoldemHand",
    "Numeral211HoldemLookup",
    "OmahaEightOrBetterLowHand",
    "OmahaHoldemHand",
    "OmahaHoldemMixin",
    "OngameNetworkParser",
    "Opening",
    "Operation",
    "Parser",
    "PartyPokerParser",
    "Poker",
    "PokerStarsParser",
    "Pot",
    "PotLimitOmahaHoldem",
    "PotLimitPokerMixin",
    "REParser",
    "Rank",
    "RankOrder",
    "RegularLookup",
    "RegularLowHand",
    "RhodeIslandHoldem",
    "RhodeIslandHoldemHand",
    "RhodeIslandHoldemLookup",
    "RoyalHoldemMixin",
    "RoyalRhodeIslandHoldem",
    "RunoutCountSelection",
    "SevenCardStud",
    "ShortDeckHoldemHand",
    "ShortDeckHoldemLookup",
    "SingleDraw",
    "Standard2Lookup",
    "StandardBadugiHand",
    "StandardBadugiLookup",
    "StandardHand",
    "StandardHighHand",
    "StandardLookup",
    "StandardLowHand",
    "StandingPatOrDiscarding",
    "State",
    "Statistics",
    "Street",
    "Suit",
    "TexasHoldemMixin",
    "TripleDraw",
    "UnfixedLimitHoldem",
    "ValuesLike",
    "calculate_equities",
    "calculate_hand_strength",
    "calculate_icm",
    "clean_values",
    "divmod",
    "filter_none",
    "max_or_none",
    "min_or_none",
    "parse_action",
    "parse_month",
    "parse_range",
    "parse_time",
    "parse_value",
    "rake",
    "rotated",
    "shuffled",
    "sign",
]

_evaluate_cards: Callable[[Any], int] = _fast_cards
_new = object.__new__

# ---- PokerKit cards to pokereval ids ------------------------------------------------------
#
# PokerKit's Card hashes through two enums in Python, slower than the evaluation itself, so
# ids are cached by object identity: a State deals the same Card objects again and again.
# Each cached card is kept alive in _KEPT, so its id() cannot be reused while cached.
_ID_BY_OBJECT: dict[int, int] = {}
_KEPT: list[Card] = []
_CACHE_LIMIT = 1 << 16
_RANK_ID = {rank: RANKS.index(rank) for rank in RANKS}
_SUIT_ID = {suit: SUITS.index(suit) for suit in SUITS}
_NOT_A_CARD = -1


_CARD_OF = tuple(Card(pokerkit.Rank(rank), pokerkit.Suit(suit)) for rank in RANKS for suit in SUITS)
_ENTRIES: dict[type[Any], dict[int, Entry]] = {}


def _learn(card: Card) -> int:
    """The id of a card not yet cached (-1 for an unknown card, ``??``); TypeError for what is
    no Card at all (PokerKit's AttributeError; it read as an unknown card, so that
    ``from_game_or_none(["As", "Ks"], ...)`` gave None without a word)."""
    try:
        card_id = 4 * _RANK_ID[card.rank.value] + _SUIT_ID[card.suit.value]
    except KeyError:
        return _NOT_A_CARD
    except AttributeError:
        raise TypeError(
            f"{card!r} is not a Card: give Card objects, or all the cards as one text ('AsKs')"
        ) from None
    if len(_KEPT) >= _CACHE_LIMIT:
        _ID_BY_OBJECT.clear()
        _KEPT.clear()
    _KEPT.append(card)
    _ID_BY_OBJECT[id(card)] = card_id
    return card_id


def _ids(cards: Sequence[Card]) -> list[int]:
    ids = list(map(_ID_BY_OBJECT.get, map(id, cards)))
    if None in ids:
        return [_learn(c) if i is None else i for c, i in zip(cards, ids)]
    return ids  # type: ignore[return-value]


def _clean(cards: CardsLike) -> tuple[Card, ...]:
    return cards if type(cards) is tuple else Card.clean(cards)


# ---- strengths ----------------------------------------------------------------------------
#
# A hand's strength is a pokereval value on the scale of its class, greater is stronger;
# None means no valid hand.  The general way evaluates every combination PokerKit would
# try, in one batch call; each class has a direct call for the usual card counts.


def _refuse_repeats(ids: list[int]) -> None:
    """A card given twice in the hole and board cards, named as evaluate names it (the
    combinations would each hold it twice, and the batch that values them would name a row)."""
    seen: dict[int, int] = {}
    for position, card_id in enumerate(ids, 1):
        if card_id == _NOT_A_CARD:
            continue
        if card_id in seen:
            name = str(CARDS[card_id])
            raise ValueError(f"duplicate card {name!r} at positions {seen[card_id]} and {position}")
        seen[card_id] = position


def _best(rows: list[tuple[int, ...]], game: str, floor: int = 0) -> int | None:
    if not rows:
        return None
    values = evaluate_batch(np.array(rows, dtype=np.uint8), game=game)
    assert not isinstance(values, tuple)  # PokerKit's hands here are high hands
    best = int(values.max())
    return best if best > floor else None


class _CoreHand(pokerkit.Hand):
    """The shared machinery; the concrete classes say how their strength is found."""

    _strength: int
    _hole: tuple[Card, ...]
    _board: tuple[Card, ...]
    _cards: tuple[Card, ...]
    _game: ClassVar[str] = "holdem"
    _floor: ClassVar[int] = 0  # strengths at or below are no valid hand
    _size: ClassVar[int] = 5

    def __init__(self, cards: CardsLike) -> None:
        self._cards = Card.clean(cards)
        self._hole, self._board = self._cards, ()
        super().__init__(cards)  # PokerKit's checks, which read self.cards
        strength = self._strength_of_five(_ids(self._cards))
        if strength is None:  # pragma: no cover  (PokerKit's lookup refused it already)
            raise ValueError(f"The cards {cards!r} form an invalid {type(self).__qualname__} hand.")
        self._strength = strength

    @staticmethod
    def _playable(card_id: int) -> bool:
        """Whether a card can be part of a hand of this type at all."""
        return True

    @classmethod
    def _strength_of_five(cls, ids: list[int]) -> int | None:
        return _best([tuple(ids)], cls._game, cls._floor) if _NOT_A_CARD not in ids else None

    @classmethod
    def _find(cls, hole: list[int], board: list[int]) -> int | None:
        """The strength of the best hand of hole and board ids, None if there is none."""
        raise NotImplementedError  # pragma: no cover

    @classmethod
    def _made(cls, strength: int, hole: tuple[Card, ...], board: tuple[Card, ...]) -> Any:
        hand = _new(cls)
        hand._strength, hand._hole, hand._board = strength, hole, board
        return hand

    @classmethod
    def from_game(cls, hole_cards: CardsLike, board_cards: CardsLike = ()) -> Any:
        """The strongest hand of this type the hole and board cards make (PokerKit's rule).

        >>> StandardHighHand.from_game("AcAd", "AhAsKcQdQh").entry.label
        <Label.FOUR_OF_A_KIND: 'Four of a kind'>
        """
        hole, board = _clean(hole_cards), _clean(board_cards)
        hole_ids, board_ids = _ids(hole), _ids(board)
        _refuse_repeats(hole_ids + board_ids)
        strength = cls._find(hole_ids, board_ids)
        if strength is None:
            raise ValueError(f"No valid {cls.__qualname__} hand can be formed from the hole and board cards.")
        return cls._made(strength, hole, board)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards that form the hand: PokerKit's first strongest combination."""
        try:
            return self._cards
        except AttributeError:
            # PokerKit's search, over hands of this class, finds the same combination.
            stock = self._stock_from_game(self._hole, self._board)
            self._cards = stock.cards
            return self._cards

    @property
    def entry(self) -> Entry:
        """PokerKit's lookup entry (index and label) of the hand."""
        table = _ENTRIES.get(type(self))
        if table is None:
            table = _ENTRIES[type(self)] = self._entry_table()
        entry = table.get(self._strength)
        return self.lookup.get_entry(self.cards) if entry is None else entry

    @classmethod
    def _entry_table(cls) -> dict[int, Entry]:
        """Strength -> PokerKit's entry, from one hand of each class of the lookup; built
        once per hand type, when an entry is first read."""
        table: dict[int, Entry] = {}
        for ids in filter(lambda ids: all(map(cls._playable, ids)), class_ids()):
            strength = cls._strength_of_five(list(ids))
            if strength is not None and strength not in table:
                table[strength] = cls.lookup.get_entry(tuple(_CARD_OF[c] for c in ids))
        return table

    @classmethod
    def _stock_from_game(cls, hole: tuple[Card, ...], board: tuple[Card, ...]) -> Any:
        for base in cls.__mro__:
            if base.__module__.startswith("pokerkit.") and "from_game" in vars(base):
                return vars(base)["from_game"].__func__(cls, hole, board)
        raise TypeError(f"{cls.__qualname__} has no PokerKit from_game")  # pragma: no cover

    def __eq__(self, other: object) -> bool:
        if type(self) is not type(other):
            return NotImplemented
        return self._strength == other._strength

    def __ne__(self, other: object) -> bool:
        if type(self) is not type(other):
            return NotImplemented
        return self._strength != other._strength

    def __hash__(self) -> int:
        return hash(self._strength)

    def __lt__(self, other: object) -> bool:
        if type(self) is not type(other):
            return NotImplemented
        return self._strength < other._strength

    def __le__(self, other: object) -> bool:
        if type(self) is not type(other):
            return NotImplemented
        return self._strength <= other._strength

    def __gt__(self, other: object) -> bool:
        if type(self) is not type(other):
            return NotImplemented
        return self._strength > other._strength

    def __ge__(self, other: object) -> bool:
        if type(self) is not type(other):
            return NotImplemented
        return self._strength >= other._strength

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self)._made, (self._strength, self._hole, self._board))


def _any_five(cls: type[_CoreHand], hole: list[int], board: list[int]) -> int | None:
    """Best of every five of hole + board, valid rows only (ids of -1 never play)."""
    cards = [c for c in chain(hole, board) if c != _NOT_A_CARD and cls._playable(c)]
    return _best(list(combinations(cards, cls._size)), cls._game, cls._floor)


class StandardHighHand(_CoreHand, pokerkit.StandardHighHand):
    """PokerKit's StandardHighHand (hold'em, stud high) on the C core.

    >>> StandardHighHand("7c5d4h3s2c") < StandardHighHand("AcAsAd2s4s")
    True
    """

    @classmethod
    def _find(cls, hole: list[int], board: list[int]) -> int | None:
        ids = hole + board
        if 5 <= len(ids) <= 7:
            try:
                return _evaluate_cards(ids)
            except ValueError:
                pass
        return _any_five(cls, hole, board)

    @classmethod
    def from_game(cls, hole_cards: CardsLike, board_cards: CardsLike = ()) -> Any:
        """The best five of the hole and board cards (the hot path: one C call).

        >>> StandardHighHand.from_game("Ac9c", "AhKhQhJhTh").cards
        (Ah, Kh, Qh, Jh, Th)
        """
        hole = hole_cards if type(hole_cards) is tuple else Card.clean(hole_cards)
        board = board_cards if type(board_cards) is tuple else Card.clean(board_cards)
        ids = list(map(_ID_BY_OBJECT.get, map(id, hole + board)))
        try:
            strength = _evaluate_cards(ids)
        except (TypeError, ValueError):
            return super().from_game(hole, board)  # unknown cards or an odd count: the general way
        hand = _new(cls)
        hand._strength, hand._hole, hand._board = strength, hole, board
        return hand


class StandardLowHand(_CoreHand, pokerkit.StandardLowHand):
    """PokerKit's StandardLowHand (deuce-to-seven: straights and flushes count against).

    >>> StandardLowHand("7c5d4h3s2c") > StandardLowHand("Ac2d3h4s5c")
    True
    """

    _game = "deuce-seven"

    @classmethod
    def _find(cls, hole: list[int], board: list[int]) -> int | None:
        return _any_five(cls, hole, board)


class ShortDeckHoldemHand(_CoreHand, pokerkit.ShortDeckHoldemHand):
    """PokerKit's ShortDeckHoldemHand (36 cards; flush beats full house; A-6-7-8-9 straight).

    >>> ShortDeckHoldemHand.from_game("AcKs", "AhAsKcJsTs").entry.label
    <Label.FULL_HOUSE: 'Full house'>
    """

    _game = "shortdeck"

    @staticmethod
    def _playable(card_id: int) -> bool:
        return card_id >= 16  # sixes and up: a combination with a 2..5 is no short-deck hand

    @classmethod
    def _find(cls, hole: list[int], board: list[int]) -> int | None:
        ids = [c for c in chain(hole, board) if c >= 16]
        if 5 <= len(ids) <= 7:
            try:
                return int(_evaluate(ids, game="shortdeck"))  # type: ignore[arg-type, unused-ignore]
            except ValueError:
                pass
        return _any_five(cls, hole, board)


# A-5 lows: razz values run to 6175 (5-4-3-2-A); the 56 best are the no-pair hands eight or
# lower, the eight-or-better lows.
_RAZZ_TOP = 6175
_EIGHT_OR_BETTER_FLOOR = _RAZZ_TOP - 56


class EightOrBetterLowHand(_CoreHand, pokerkit.EightOrBetterLowHand):
    """PokerKit's EightOrBetterLowHand: five different ranks, eight or lower, ace low.

    >>> EightOrBetterLowHand.from_game("As2s", "2c3c4c5c6c")
    As2s3c4c5c
    """

    _game = "razz"
    _floor = _EIGHT_OR_BETTER_FLOOR

    @staticmethod
    def _playable(card_id: int) -> bool:
        return card_id < 28 or card_id >= 48  # 2..8 and aces

    @classmethod
    def _find(cls, hole: list[int], board: list[int]) -> int | None:
        ids = hole + board
        if 5 <= len(ids) <= 7 and _NOT_A_CARD not in ids:
            try:
                value = int(_evaluate(ids, game="razz"))  # type: ignore[arg-type, unused-ignore]
            except ValueError:
                pass
            else:
                return value if value > cls._floor else None
        return _any_five(cls, hole, board)


class RegularLowHand(_CoreHand, pokerkit.RegularLowHand):
    """PokerKit's RegularLowHand: ace-to-five low (razz), straights and flushes ignored.

    >>> RegularLowHand("Ac2c3c4c5c") > RegularLowHand("6c4d3h2sAc")
    True
    """

    _game = "razz"

    @classmethod
    def _find(cls, hole: list[int], board: list[int]) -> int | None:
        ids = hole + board
        if 5 <= len(ids) <= 7:
            try:
                return int(_evaluate(ids, game="razz"))  # type: ignore[arg-type, unused-ignore]
            except ValueError:
                pass
        return _any_five(cls, hole, board)


def _hole_board_rows(
    hole: list[int], board: list[int], playable: Callable[[int], bool]
) -> list[tuple[int, ...]]:
    """Two hole cards with three board cards, every way, in PokerKit's order."""
    return [
        h + b
        for h in combinations(hole, 2)
        for b in combinations(board, 3)
        if all(playable(c) for c in h + b) and _NOT_A_CARD not in h + b
    ]


class OmahaHoldemHand(_CoreHand, pokerkit.OmahaHoldemHand):
    """PokerKit's OmahaHoldemHand: exactly two hole cards and three board cards.

    >>> OmahaHoldemHand.from_game("6c7c8c9c", "8s9sTc9hKs").entry.label
    <Label.FULL_HOUSE: 'Full house'>
    """

    @classmethod
    def _find(cls, hole: list[int], board: list[int]) -> int | None:
        if 4 <= len(hole) <= 6 and 3 <= len(board) <= 5:
            try:
                return int(_evaluate(hole, board, game="omaha"))  # type: ignore[arg-type, unused-ignore]
            except ValueError:
                pass
        return _best(_hole_board_rows(hole, board, cls._playable), "holdem")


def _low_half(result: Any) -> Any:
    """The low HandRank of a hi-lo result (a (high, low) pair, or a rank with .low)."""
    return result[1] if isinstance(result, tuple) else result.low


class OmahaEightOrBetterLowHand(_CoreHand, pokerkit.OmahaEightOrBetterLowHand):
    """PokerKit's OmahaEightOrBetterLowHand: two hole and three board cards, eight or better.

    >>> OmahaEightOrBetterLowHand.from_game("As6s7s8s", "2c3c4c5c6c")
    As6s2c3c4c
    """

    _game = "razz"
    _floor = _EIGHT_OR_BETTER_FLOOR

    @staticmethod
    def _playable(card_id: int) -> bool:
        return card_id < 28 or card_id >= 48

    @classmethod
    def _find(cls, hole: list[int], board: list[int]) -> int | None:
        if 4 <= len(hole) <= 6 and 3 <= len(board) <= 5:
            try:
                low = _low_half(_evaluate(hole, board, game="omaha-hilo"))
            except ValueError:
                pass
            else:
                # omaha-hilo lows run 1..56 (56 best): the same order as the razz values above
                return None if low is None else cls._floor + int(low)
        return _best(_hole_board_rows(hole, board, cls._playable), "razz", cls._floor)


class GreekHoldemHand(_CoreHand, pokerkit.GreekHoldemHand):
    """PokerKit's GreekHoldemHand: every hole card, with board cards to make five.

    >>> GreekHoldemHand.from_game("Ac2d", "QdJdTh2sKs").entry.label
    <Label.ONE_PAIR: 'One pair'>
    """

    @classmethod
    def _find(cls, hole: list[int], board: list[int]) -> int | None:
        rows = [
            five
            for b in combinations(board, cls.board_card_count)
            for five in combinations(hole + list(b), cls._size)
            if _NOT_A_CARD not in five
        ]
        return _best(rows, "holdem")


class BadugiHand(_CoreHand, pokerkit.BadugiHand):
    """PokerKit's BadugiHand (ace-to-five badugi).

    >>> BadugiHand.from_game("2s3s4d7h") == BadugiHand("2s4d7h")
    True
    """

    _game = "badugi"
    _size = 4

    @classmethod
    def _strength_of_five(cls, ids: list[int]) -> int | None:
        return cls._find(ids, [])

    @classmethod
    def _entry_table(cls) -> dict[int, Entry]:
        return {}  # badugi hands have 1 to 4 cards: entries come from the cards

    @classmethod
    def _find(cls, hole: list[int], board: list[int]) -> int | None:
        ids = [c for c in chain(hole, board) if c != _NOT_A_CARD]
        if len(ids) >= 4:
            return _best(list(combinations(ids, 4)), "badugi")
        # Fewer than four cards: pokereval scores four, so use its formula on the badugi
        # PokerKit finds: the count in bits 13 and up, then the ranks missing (ace low).
        scores = [
            (len(subset) << 13) | (0x1FFF - sum(1 << ((c >> 2) + 1) % 13 for c in subset))
            for n in range(1, len(ids) + 1)
            for subset in combinations(ids, n)
            if len({c >> 2 for c in subset}) == n == len({c & 3 for c in subset})
        ]
        return max(scores, default=None)


# ---- PokerKit's games with these hand types ----------------------------------------------

_OURS: dict[type[Any], type[Any]] = {
    getattr(pokerkit, ours.__name__): ours
    for ours in (
        StandardHighHand,
        StandardLowHand,
        ShortDeckHoldemHand,
        EightOrBetterLowHand,
        RegularLowHand,
        OmahaHoldemHand,
        OmahaEightOrBetterLowHand,
        GreekHoldemHand,
        BadugiHand,
    )
}


# Each of our game classes -> PokerKit's that it subclasses (adding nothing but hand types).
_STOCK_GAME: dict[type[Any], type[Any]] = {}


def _game(stock: type[Any]) -> type[Any]:
    """PokerKit's game class `stock`, its hand types swapped for these."""
    hand_types = tuple(_OURS[hand_type] for hand_type in stock.hand_types)
    doc = f"PokerKit's {stock.__name__}, evaluating hands through pokereval's C core."
    ours = type(stock.__name__, (stock,), {"hand_types": hand_types, "__module__": __name__, "__doc__": doc})
    _STOCK_GAME[ours] = stock
    return ours


FixedLimitBadugi = _game(pokerkit.FixedLimitBadugi)
FixedLimitDeuceToSevenLowballTripleDraw = _game(pokerkit.FixedLimitDeuceToSevenLowballTripleDraw)
FixedLimitOmahaHoldemHighLowSplitEightOrBetter = _game(
    pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter
)
FixedLimitRazz = _game(pokerkit.FixedLimitRazz)
FixedLimitSevenCardStud = _game(pokerkit.FixedLimitSevenCardStud)
FixedLimitSevenCardStudHighLowSplitEightOrBetter = _game(
    pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter
)
FixedLimitTexasHoldem = _game(pokerkit.FixedLimitTexasHoldem)
NoLimitDeuceToSevenLowballSingleDraw = _game(pokerkit.NoLimitDeuceToSevenLowballSingleDraw)
NoLimitRoyalHoldem = _game(pokerkit.NoLimitRoyalHoldem)
NoLimitShortDeckHoldem = _game(pokerkit.NoLimitShortDeckHoldem)
NoLimitTexasHoldem = _game(pokerkit.NoLimitTexasHoldem)
PotLimitOmahaHoldem = _game(pokerkit.PotLimitOmahaHoldem)


# ---- hand histories (PHH) played with these games ----------------------------------------

_OUR_GAME = {stock: ours for ours, stock in _STOCK_GAME.items()}


def _as_stock(game: Poker) -> Poker:
    """A copy of one of our games as PokerKit's own class (the same game: ours only swap
    the hand types), for PokerKit code that looks games up by their exact class."""
    stock = _STOCK_GAME.get(type(game))
    if stock is None:
        return game
    twin = copy.copy(game)
    twin.__class__ = stock
    return twin


def _ours(histories: Generator[pokerkit.HandHistory, None, int]) -> Generator[HandHistory, None, int]:
    """PokerKit's parsers make PokerKit's HandHistory: the same fields, as ours."""
    while True:
        try:
            stock = next(histories)
        except StopIteration as stop:
            count: int = stop.value
            return count
        yield HandHistory(**{field.name: getattr(stock, field.name) for field in fields(stock)})


class HandHistory(pokerkit.HandHistory):
    """PokerKit's HandHistory (PHH), played with the games of this module: a hand read
    with ``loads`` or from a site's log replays as a state of these games, and
    ``from_game_state`` takes a state of these games or of PokerKit's.

    >>> game = NoLimitTexasHoldem((Automation.ANTE_POSTING, Automation.BET_COLLECTION,
    ...     Automation.BLIND_OR_STRADDLE_POSTING, Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    ...     Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING),
    ...     True, 0, (1, 2), 2)
    >>> state = game((100, 100), 2)
    >>> _ = state.deal_hole("AsAd"), state.deal_hole("KhKc")
    >>> _ = state.complete_bet_or_raise_to(100), state.check_or_call()
    >>> for board in ("2c7d9h", "Js", "3s"):
    ...     _ = state.burn_card("??"), state.deal_board(board)
    >>> text = HandHistory.from_game_state(game, state).dumps()
    >>> text.splitlines()[0]
    "variant = 'NT'"
    >>> replayed = list(HandHistory.loads(text))[-1]
    >>> replayed.hand_types == (StandardHighHand,), replayed.stacks
    (True, [200, 0])
    """

    game_types: ClassVar[dict[str, type[Poker]]] = {
        code: _OUR_GAME[stock] for code, stock in pokerkit.HandHistory.game_types.items()
    }
    """The game codes and our game types."""
    variants: ClassVar[dict[type[Poker], str]] = {
        **pokerkit.HandHistory.variants,
        **{ours: code for code, ours in game_types.items()},
    }
    """Our game types and PokerKit's, each with its game code."""

    @classmethod
    def from_acpc_protocol(
        cls,
        game: Poker,
        starting_stack: int,
        s: str,
        *,
        parse_value: Callable[[str], int] = parse_value,
        error_status: bool = False,
    ) -> Generator[HandHistory, None, int]:
        """PokerKit's ACPC protocol reader, for our games too."""
        return _ours(
            pokerkit.HandHistory.from_acpc_protocol(
                _as_stock(game), starting_stack, s, parse_value=parse_value, error_status=error_status
            )
        )

    @classmethod
    def from_absolute_poker(
        cls, s: str, *, parse_value: Callable[[str], int] = parse_value, error_status: bool = False
    ) -> Generator[HandHistory, None, int]:
        """PokerKit's Absolute Poker log reader."""
        return _ours(AbsolutePokerParser()(s, parse_value=parse_value, error_status=error_status))

    @classmethod
    def from_full_tilt_poker(
        cls, s: str, *, parse_value: Callable[[str], int] = parse_value, error_status: bool = False
    ) -> Generator[HandHistory, None, int]:
        """PokerKit's Full Tilt Poker log reader."""
        return _ours(FullTiltPokerParser()(s, parse_value=parse_value, error_status=error_status))

    @classmethod
    def from_ipoker_network(
        cls, s: str, *, parse_value: Callable[[str], int] = parse_value, error_status: bool = False
    ) -> Generator[HandHistory, None, int]:
        """PokerKit's iPoker Network log reader."""
        return _ours(IPokerNetworkParser()(s, parse_value=parse_value, error_status=error_status))

    @classmethod
    def from_ongame_network(
        cls, s: str, *, parse_value: Callable[[str], int] = parse_value, error_status: bool = False
    ) -> Generator[HandHistory, None, int]:
        """PokerKit's Ongame Network log reader."""
        return _ours(OngameNetworkParser()(s, parse_value=parse_value, error_status=error_status))

    @classmethod
    def from_partypoker(
        cls, s: str, *, parse_value: Callable[[str], int] = parse_value, error_status: bool = False
    ) -> Generator[HandHistory, None, int]:
        """PokerKit's partypoker log reader."""
        return _ours(PartyPokerParser()(s, parse_value=parse_value, error_status=error_status))

    @classmethod
    def from_pokerstars(
        cls, s: str, *, parse_value: Callable[[str], int] = parse_value, error_status: bool = False
    ) -> Generator[HandHistory, None, int]:
        """PokerKit's PokerStars log reader."""
        return _ours(PokerStarsParser()(s, parse_value=parse_value, error_status=error_status))


def __getattr__(name: str) -> Any:
    # A name a later PokerKit adds to its __all__ passes through too.
    if name in pokerkit.__all__:
        return getattr(pokerkit, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
