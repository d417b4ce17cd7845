"""Equity: each hand's share of the pot, over every runout or a seeded Monte Carlo sample.

The work is one C call (csrc/equity.c) that releases the GIL.  Hands are cards (hold'em,
Omaha, Omaha hi-lo) or, in hold'em, ranges: a :class:`~pokereval.Range` or range text
such as ``"QQ+,AKs"``.  With ranges a deal gives each player one combo of their range;
deals where two combos share a card, or a combo holds a board or dead card, are left out.

- Exact (``samples=None``): every deal of combos times every runout of the board, each
  deal weighted by the product of its combos' weights.  Allowed up to
  :data:`EXACT_LIMIT` runouts in all (counting every deal of the combos that miss the
  board, the dead cards and the hands given as cards); beyond that pass ``samples=``.
- Monte Carlo (``samples=N``): N runs, each drawing one combo per player in proportion
  to its weight (the whole deal drawn again if two combos collide) and then a random
  runout.  ``seed`` makes it repeatable; without one a seed is drawn from
  ``os.urandom`` and recorded in the result.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Union

import numpy as np

from . import _core, _equity_games
from .cards import Card, CardsLike, card_ids
from .games import game_spec
from .ranges import Range
from .rank import wild_mode

__all__ = ["EXACT_LIMIT", "EquityResult", "equity"]

EXACT_LIMIT = 5_000_000
"""The most runouts (deals times board completions) ``equity`` enumerates exactly."""

HandLike = Union[CardsLike, Range]
"""One player's holding: cards, a Range, or range text (hold'em)."""

_SEED_MAX = 2**64 - 1
_GAMES = ("holdem", "omaha", "omaha-hilo")


@dataclass(frozen=True)
class EquityResult:
    """What :func:`equity` found, one entry per hand in the order given.

    ``equity[i]`` is hand i's share of the pots (a split pot is shared equally; the
    shares sum to 1).  ``wins[i]`` counts the runouts where hand i took the whole pot and
    ``ties[i]`` those where it took part of it; ``runs`` is how many runouts were played
    (with ranges: deals times runouts, unweighted).  ``exact`` says whether every runout
    was played; ``seed`` is the Monte Carlo seed used (None when exact).

    >>> r = equity(["AsAd", "KhKc"], board="2c7d9hJs3s")
    >>> r.equity, r.wins, r.runs, r.exact
    ((1.0, 0.0), (1, 0), 1, True)
    """

    equity: tuple[float, ...]
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    runs: int
    exact: bool
    seed: int | None = None

    def _repr_html_(self) -> str:
        from ._html import equity_html

        return equity_html(self)


# ---- checks -------------------------------------------------------------------------------


def _read_hand(index: int, hand: object, hole_ok: range, ranges_ok: bool) -> bytes | Range:
    """Cards (bytes) or a Range for hand number `index` (1-based, for messages)."""
    if isinstance(hand, Range):
        if not ranges_ok:
            raise ValueError(f"hand {index}: ranges are only for holdem")
        return hand
    try:
        ids = card_ids(hand)  # type: ignore[arg-type]
    except ValueError as card_error:
        if not (ranges_ok and isinstance(hand, str)):
            raise ValueError(f"hand {index}: {card_error}") from None
        try:
            return Range(hand)
        except ValueError as range_error:
            raise ValueError(
                f"hand {index} {hand!r} is neither cards ({card_error}) nor a range ({range_error})"
            ) from None
    except TypeError as type_error:
        raise TypeError(f"hand {index}: {type_error}") from None
    if len(ids) not in hole_ok:
        if ranges_ok and isinstance(hand, str):
            try:
                return Range(hand)
            except ValueError:
                pass
        want = f"{hole_ok.start}" if len(hole_ok) == 1 else f"{hole_ok.start} to {hole_ok.stop - 1}"
        raise ValueError(f"hand {index} has {len(ids)} cards; this game deals {want} hole cards")
    return ids


def _check_unique(named: list[tuple[str, bytes]]) -> None:
    """No card twice among the hands, the board and the dead cards."""
    owner: dict[int, str] = {}
    for name, ids in named:
        for card in ids:
            if card in owner:
                where = f"in {owner[card]}" if owner[card] == name else f"in {owner[card]} and {name}"
                raise ValueError(f"duplicate card {str(Card(card))!r} {where}")
            owner[card] = name


def _check_samples(samples: object) -> int | None:
    if samples is None:
        return None
    if isinstance(samples, bool) or not isinstance(samples, int):
        raise TypeError(f"samples must be an int or None, got {type(samples).__name__}")
    if samples < 1 or samples > _SEED_MAX:
        raise ValueError(f"samples must be a positive int, got {samples}")
    return samples


def _check_seed(seed: object) -> int | None:
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int or None, got {type(seed).__name__}")
    if not 0 <= seed <= _SEED_MAX:
        raise ValueError(f"seed must be in 0..2**64-1, got {seed}")
    return seed


def _run_seed(samples: int | None, seed: int | None) -> int:
    """The seed a run uses: 0 when exact, else `seed`, or one drawn from os.urandom."""
    if samples is None:
        return 0
    return seed if seed is not None else int.from_bytes(os.urandom(8), "little")


def _shown(hand: bytes | Range) -> str:
    return str(hand) if isinstance(hand, Range) else "".join(str(Card(c)) for c in hand)


def _combos_of(index: int, hand: bytes | Range, fixed: list[int]) -> tuple[Any, Any]:
    """(ids (N, 2) uint8, weights (N,) float64) of one player, without the combos holding `fixed`."""
    if isinstance(hand, bytes):
        return np.array([[max(hand), min(hand)]], dtype=np.uint8), np.ones(1)
    ids, weights = hand._arrays()
    if fixed:
        out = np.zeros(52, dtype=bool)
        out[fixed] = True
        keep = ~(out[ids[:, 0]] | out[ids[:, 1]])
        ids, weights = ids[keep], weights[keep]
    if not len(ids):
        raise ValueError(f"hand {index} ({str(hand)!r}) has no combo left without the cards dealt elsewhere")
    return ids, weights


# ---- the public function ------------------------------------------------------------------


def _check_deck(deck: object, wild: int) -> int:
    """The deck size of a wild game: 53 or 54 with jokers (53 unless said), 52 for deuces."""
    if deck is None:
        return 52 if wild == _core.WILD_DEUCES else 53
    if isinstance(deck, bool) or not isinstance(deck, int):
        raise TypeError(f"deck must be an int (52, 53 or 54 cards), got {type(deck).__name__}")
    allowed = (52,) if wild == _core.WILD_DEUCES else (52, 53, 54)
    if deck not in allowed:
        if wild == _core.WILD_DEUCES:
            raise ValueError(f"deuces wild plays the 52 cards without jokers, got deck={deck}")
        raise ValueError(f"deck must be 52, 53 or 54 cards, got {deck}")
    return deck


def equity(
    hands: Sequence[HandLike],
    board: CardsLike | None = None,
    *,
    dead: CardsLike | None = None,
    game: str = "holdem",
    samples: int | None = None,
    seed: int | None = None,
    wild: str | None = None,
    deck: int | None = None,
) -> EquityResult:
    """Each hand's share of the pot: exact over every runout, or Monte Carlo.

    `hands` lists 2 to 10 hands: cards (2 in hold'em, 4 to 6 in Omaha, the same number
    for every hand), or in hold'em a :class:`Range` or range text (``"QQ+,AKs"``).
    `board` holds 0 to 5 cards, `dead` cards are out of play.  ``samples=None`` plays
    every runout (ValueError past :data:`EXACT_LIMIT`: then pass ``samples=``);
    ``samples=N`` plays N random ones, repeatably for a given `seed`.  See the module
    docstring for how ranges are dealt.  Games: "holdem", "omaha", "omaha-hilo" (half
    the pot to the best high, half to the best 8-or-better low, all to the high when no
    low qualifies), "shortdeck" and "shortdeck-trips" (36 cards), and with no board
    "stud", "razz" and "stud-hilo": each hand is the cards known of a player (up and
    down alike), and the rest of his seven are dealt.  Omaha and short deck also take
    ranges of their own (:class:`Range` with ``game=``, or text such as
    ``"AsKsQdJd, AhAd2c3c:0.5"``) and ``"random"``, hole cards dealt from the deck.
    ``wild=`` plays wild cards as :func:`pokereval.evaluate` does (hold'em and stud), with
    ``deck=`` 53 or 54 cards for one or two jokers dealt like any other card (53 unless
    said; 52 with ``wild="deuces"``).

    >>> r = equity(["As Ad Kc Kd 7h 2s", "Qh Qd Qc 9s 8s 3c"], game="stud")  # one card each to come
    >>> r.runs, r.wins  # 40 * 39 deals; an ace or king fills aces up, unless the last queen comes
    (1560, (152, 1408))
    >>> equity(["AsKs", "6h6d"], board="Ah 6s 7c 9d", game="shortdeck").ties  # an 8 makes A-6-7-8-9
    (4, 4)

    >>> r = equity(["AhKh", "QsQd"], board="2h7h9cJd")  # 9 hearts, 3 aces, 3 kings
    >>> r.wins, r.runs, r.equity[0] == 15 / 44
    ((15, 29), 44, True)
    >>> equity(["AsAd", "KhKc"], samples=2000, seed=1).equity  # doctest: +ELLIPSIS
    (0.8..., 0.1...)
    >>> r = equity(["AhAd", "QQ+,AKs"], board="2c7d9hJs")  # 15 combos left, 44 rivers
    >>> r.runs, r.exact
    (660, True)
    >>> equity(["AsAd", "KhKc"], board="Ac Kd 2s 7h", wild="joker").wins  # 44 cards and the joker
    (44, 1)
    >>> equity(["AsAd", "AsKc"])
    Traceback (most recent call last):
    ...
    ValueError: duplicate card 'As' in hand 1 and hand 2
    """
    spec = game_spec(game)
    samples = _check_samples(samples)
    seed = _check_seed(seed)
    if isinstance(hands, (str, bytes, Range)) or not isinstance(hands, Sequence):
        raise TypeError("hands must be a list of hands, such as ['AsAd', 'KhKc']")
    players = len(hands)
    if not 2 <= players <= 10:
        raise ValueError(f"equity needs 2 to 10 hands, got {players}")
    if wild is not None:
        # Wild cards: the one enumeration of any evaluator (csrc/equity_games.c).
        code = wild_mode(spec, wild)
        cards = _check_deck(deck, code)
        run_seed = _run_seed(samples, seed)
        shares, wins, ties, runs, _ = _equity_games.equity_game(
            spec, hands, board, dead, samples, run_seed, EXACT_LIMIT, wild=code, deck=cards
        )
        return EquityResult(shares, wins, ties, runs, samples is None, None if samples is None else run_seed)
    if deck is not None:
        raise ValueError("deck= sets the jokers of a wild game; pass wild= too")
    if _equity_games.wants_this_engine(spec, hands):
        # Short deck, stud, razz, stud-hilo, Omaha with ranges: csrc/equity_games.c.
        run_seed = _run_seed(samples, seed)
        shares, wins, ties, runs, _ = _equity_games.equity_game(
            spec, hands, board, dead, samples, run_seed, EXACT_LIMIT
        )
        return EquityResult(shares, wins, ties, runs, samples is None, None if samples is None else run_seed)
    if spec.name not in _GAMES:
        supported = ", ".join((*_GAMES, *_equity_games.GAMES_HERE))
        raise ValueError(f"equity supports {supported}; not {spec.name!r}")
    holdem = spec.name == "holdem"
    hole_ok = range(2, 3) if holdem else range(4, 7)
    read = [_read_hand(i, hand, hole_ok, holdem) for i, hand in enumerate(hands, 1)]
    board_ids = card_ids(board) if board is not None else b""
    dead_ids = card_ids(dead) if dead is not None else b""
    if len(board_ids) > 5:
        raise ValueError(f"the board has {len(board_ids)} cards; at most 5")
    named = [(f"hand {i}", ids) for i, ids in enumerate(read, 1) if isinstance(ids, bytes)]
    _check_unique([*named, ("the board", board_ids), ("the dead cards", dead_ids)])
    hole = 2 if holdem else len(read[0])
    if any(len(ids) != hole for ids in read if isinstance(ids, bytes)):
        raise ValueError(f"{spec.name} hands must all have the same number of hole cards")
    live = 52 - len(board_ids) - len(dead_ids) - players * hole
    need = 5 - len(board_ids)
    if live < need:
        raise ValueError(
            f"not enough cards: {players} hands of {hole}, {len(board_ids)} on the board and"
            f" {len(dead_ids)} dead leave {live} to deal {need}"
        )

    if holdem and samples is None and len(named) == players == 2 and not board_ids + dead_ids:
        from .tables import _lookup  # two hands preflop: the shipped exact table (pokereval/tables.py)

        return _lookup(named[0][1], named[1][1])
    ranges: list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]] | None = None
    if any(isinstance(h, Range) for h in read):
        # Combos that hold a board or dead card, or a card of a hand given as cards, can
        # never be dealt: drop them here, so the exact count below is the real one.
        fixed = [*board_ids, *dead_ids, *(c for h in read if isinstance(h, bytes) for c in h)]
        ranges = [_combos_of(i, h, fixed) for i, h in enumerate(read, 1)]
    if samples is None:
        deals = math.prod(len(w) for _, w in ranges) if ranges is not None else 1
        runouts = deals * math.comb(live, need)
        if runouts > EXACT_LIMIT:
            raise ValueError(
                f"exact equity would play {runouts:,} runouts (more than {EXACT_LIMIT:,});"
                " pass samples= for Monte Carlo, e.g. samples=1_000_000"
            )
        run_seed = 0
    else:
        run_seed = seed if seed is not None else int.from_bytes(os.urandom(8), "little")

    if ranges is None:
        holes = b"".join(ids for ids in read if isinstance(ids, bytes))
        rc, out = _core.equity_hands(
            spec.code, holes, players, hole, board_ids, dead_ids, samples or 0, run_seed
        )
    else:
        combos = np.ascontiguousarray(np.concatenate([c for c, _ in ranges]))
        weights: np.ndarray[Any, Any] | None = np.concatenate([w for _, w in ranges])
        counts = np.array([len(w) for _, w in ranges], dtype=np.uint32)
        if bool(np.all(weights == 1.0)):
            weights = None  # unweighted: exact sums stay in integers
        rc, out = _core.equity_ranges(combos, weights, counts, board_ids, dead_ids, samples or 0, run_seed)
    if rc != 0:
        if ranges is not None and rc == _core.ERR_DUPLICATE:
            raise ValueError(
                "the ranges leave no deal (or, sampling, almost none) without a card twice: "
                + "; ".join(_shown(h) for h in read)
            )
        raise ValueError(f"equity: core error {rc}")  # pragma: no cover  (checked above)
    shares, wins, ties, runs = out
    return EquityResult(
        equity=tuple(float(shares[i]) for i in range(players)),
        wins=tuple(int(wins[i]) for i in range(players)),
        ties=tuple(int(ties[i]) for i in range(players)),
        runs=int(runs[0]),
        exact=samples is None,
        seed=None if samples is None else run_seed,
    )
