"""Equity: each hand's share of the pot, over every runout or a seeded Monte Carlo sample.

The work is done in C (csrc/equity.c, csrc/iso.c) in chunks that release the GIL: this
module checks the input, cuts the work into chunks (for ``threads=``, ``progress=`` and
Ctrl-C), and adds the chunks up.  Hands are cards (hold'em, Omaha, Omaha hi-lo) or, in
hold'em, ranges: a :class:`~pokereval.Range` or range text such as ``"QQ+,AKs"``.  With
ranges a deal gives each player one combo of their range; deals where two combos share a
card, or a combo holds a board or dead card, are left out.

- Exact (``samples=None``): every deal of combos times every runout of the board, each
  deal weighted by the product of its combos' weights (each range's weights are first
  divided by its largest; where the deals left still weigh below 2**-1022, the least
  normal double, on average, the call is refused in words).  Hold'em plays boards by
  their ranks and puts flushes right suit by suit; deals that are the same up to
  renaming suits are played once (small spots on the turn and the river instead look up
  each combo's value with every card to come once).  Refused (ValueError, saying how long it would take)
  when the work left after those reductions is estimated above :data:`EXACT_LIMIT`
  seconds of one thread; then pass ``samples=``.
- Monte Carlo (``samples=N``): N runs, each drawing one combo per player in proportion
  to its weight (the whole deal drawn again if two combos collide; ranges that collide
  almost always are dealt player by player among the combos that fit, each run
  weighted to keep the law) and then a random runout.  Runs come in blocks with their
  own seeded streams, so ``seed`` gives the same result for any ``threads``; without a
  seed one is drawn from ``os.urandom`` and recorded in the result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from types import MappingProxyType
from typing import Any, Union

import numpy as np

from .. import _core
from .._checks import (
    SEED_MAX,
    check_board_size,
    check_progress,
    check_samples,
    check_seed,
    check_threads,
    check_unique,
    run_seed,
    whole_number,
)
from .._holdings import combos_of, read_hand
from ..cards import CardsLike, natural_cards
from ..games import GAMES, GameSpec, game_spec
from ..ranges import Range
from ..rank import Category, wild_mode
from . import games as _other_games
from .exact import EXACT_LIMIT, exact, small_spot
from .preflop import lookup
from .result import CategoryShare, EquityResult, hand_label
from .sampled import sample
from .work import shown

__all__ = ["EXACT_LIMIT", "CategoryShare", "EquityResult", "equity"]

HandLike = Union[CardsLike, Range]
"""One player's holding: cards, a Range, or range text (hold'em)."""

_Run = Callable[[tuple[str, ...]], Union[EquityResult, None]]
"""The core call of a spot that runs in one call: its result, labelled with the hands'
text it is given (None: the spot must go the long way)."""

_GAMES_EXACT_RUNOUTS = _other_games.RUNOUTS_PER_SECOND * EXACT_LIMIT  # the other games' limit, in runouts


def _check_deck(deck: object, wild: int) -> int:
    """The deck size of a wild game: 53 or 54 with jokers (53 unless said), 52 for deuces."""
    if deck is None:
        return 52 if wild == _core.WILD_DEUCES else 53
    count = whole_number(deck)  # numpy's integers too, as everywhere an int goes; no bool
    if count is None:
        raise TypeError(f"deck must be an int (52, 53 or 54 cards), got {type(deck).__name__}")
    deck = count
    allowed = (52,) if wild == _core.WILD_DEUCES else (52, 53, 54)
    if deck not in allowed:
        if wild == _core.WILD_DEUCES:
            raise ValueError(f"deuces wild plays the 52 cards without jokers, got deck={deck}")
        raise ValueError(f"deck must be 52, 53 or 54 cards, got {deck}")
    return deck


def _check_exact_limit(limit: object) -> float:
    """exact_limit: a positive number of seconds (inf lifts the limit)."""
    if isinstance(limit, bool) or not isinstance(limit, (int, float)):
        raise TypeError(f"exact_limit must be a number of seconds, got {type(limit).__name__}")
    if not limit > 0:  # NaN too
        raise ValueError(f"exact_limit must be a positive number of seconds, got {limit!r}")
    return float(limit)


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
    threads: int = 1,
    progress: Callable[[float], object] | None = None,
    exact_limit: float = EXACT_LIMIT,
) -> EquityResult:
    """Each hand's share of the pot: exact over every runout, or Monte Carlo.

    `hands` lists 2 to 10 hands: cards (2 in hold'em, 4 to 6 in Omaha, the same number for
    every hand), or in hold'em a :class:`Range` or range text (``"QQ+,AKs"``). `board` holds
    0 to 5 cards, `dead` cards are out of play. ``samples=None`` plays every runout, unless
    the work is estimated past ``exact_limit`` seconds of one thread (20 by default; the
    games that run in one call count runouts instead, 5,000,000 at the default and in
    proportion to ``exact_limit`` otherwise): then it raises ValueError, saying how long it
    would take, before any work; pass ``samples=`` or a larger ``exact_limit``
    (``float("inf")`` lifts it). ``samples=N`` plays N random ones, repeatably for a given
    `seed` (whatever `threads`). ``threads=N`` spreads the work over N threads; ``progress``
    is called with the fraction done (0 to 1) at least every 0.1 s of a long call, and
    Ctrl-C stops a long call within a fraction of a second. See the module docstring for how
    ranges are dealt. Games: "holdem", "omaha", "omaha-hilo" (half the pot to the best high,
    half to the best 8-or-better low, all to the high when no low qualifies), "shortdeck"
    and "shortdeck-trips" (36 cards), and with no board "stud", "razz" and "stud-hilo": each
    hand is the cards known of a player (up and down alike), and the rest of his seven are
    dealt. Omaha and short deck also take ranges of their own (:class:`Range` with
    ``game=``, or text such as ``"AsKsQdJd, AhAd2c3c:0.5"``) and ``"random"``, hole cards
    dealt from the deck; those games run in one call, without threads or progress. ``wild=``
    plays wild cards as :func:`pokereval.evaluate` does (hold'em and stud), with ``deck=``
    53 or 54 cards for one or two jokers dealt like any other card (53 unless said; 52 with
    ``wild="deuces"``), also in one call.

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
    >>> stud = ["As Ad Kc Kd 7h", "Qh Qd Qc 9s"]  # C(43, 2) * C(41, 3) runouts
    >>> equity(stud, game="stud")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: exact equity would play 9,625,980 runouts, more than the 5,000,000 allowed; pass samples=...
    >>> equity(stud, game="stud", exact_limit=40).runs  # twice the default: 10,000,000 runouts
    9625980
    >>> equity(["AsAd", "AsKc"])
    Traceback (most recent call last):
    ...
    ValueError: duplicate card 'As' in hand 1 and hand 2
    """
    key = _spot_key(hands, board, dead, game, samples, seed, wild, deck, threads, progress, exact_limit)
    if key is not None:
        kept = _SPOTS.get(key)
        if kept is not None:
            result = kept[0](kept[1])
            if result is not None:  # always, as on the call that kept it; None would go the long way
                return result
    runs: list[_Run] = []
    result = _equity(
        hands,
        board,
        dead=dead,
        game=game,
        samples=samples,
        seed=seed,
        wild=wild,
        deck=deck,
        threads=threads,
        progress=progress,
        plain=False,
        exact_limit=exact_limit,
        keep=runs.append if key is not None else None,
    )
    labels = tuple([hand_label(hand) for hand in hands])
    if runs and key is not None:
        if len(_SPOTS) >= _MAX_SPOTS:
            _SPOTS.clear()  # the simplest bound that stays right while threads share the dict
        _SPOTS[key] = (runs[0], labels)
    # The result is new and no one else holds it yet: its labels are written in place
    # (dataclasses.replace costs more than the rest of a small spot's result).
    object.__setattr__(result, "hands", labels)
    return result


_SPOTS: dict[tuple[object, ...], tuple[_Run, tuple[str, ...]]] = {}
"""The core calls of small exact spots, by the text of the call that checked them, and
the hands' labels: a spot asked again (a hand against a range on the flop, in a loop over
the same text) goes straight to the core, its reading and checks done once.  Text only:
it cannot change after the call, where a list or a Range could.  The results are computed
anew each time."""

_MAX_SPOTS = 1024


def _spot_key(
    hands: Any,
    board: Any,
    dead: Any,
    game: Any,
    samples: Any,
    seed: Any,
    wild: Any,
    deck: Any,
    threads: Any,
    progress: Any,
    exact_limit: Any,
) -> tuple[object, ...] | None:
    """The key of `_SPOTS` for a call of the defaults' kind (exact, one thread, no wild
    cards, no progress, a valid seed or none) given in text alone; None for any other call.
    A kept spot skips the checks, so every argument the key leaves out must be one that
    _equity accepts: a seed it would refuse goes the long way, and is refused there."""
    if (
        samples is not None
        or not (seed is None or (seed.__class__ is int and 0 <= seed <= SEED_MAX))
        or wild is not None
        or deck is not None
        or progress is not None
        or threads.__class__ is not int
        or threads != 1
        or exact_limit.__class__ is not float
        or exact_limit != EXACT_LIMIT
        or game.__class__ is not str
        or not (board is None or board.__class__ is str)
        or not (dead is None or dead.__class__ is str)
        or hands.__class__ not in (list, tuple)
    ):
        return None
    for hand in hands:
        if hand.__class__ is not str:
            return None
    return (game, board, dead, *hands)


def _games_result(
    spec: GameSpec,
    hands: Sequence[HandLike],
    board: CardsLike | None,
    dead: CardsLike | None,
    samples: int | None,
    seed: int | None,
    runouts_limit: float,
    **wild: int,
) -> EquityResult:
    """The result of csrc/equity_games.c's one call (any evaluator: wild cards, short deck,
    stud, razz, stud-hilo, Omaha with ranges), its categories from the per-player
    {category: (share, won)}."""
    used_seed = run_seed(samples, seed)
    shares, wins, ties, runs, cats, won = _other_games.equity_game(
        spec, hands, board, dead, samples, used_seed, runouts_limit, **wild
    )
    categories = tuple(
        MappingProxyType({cat: CategoryShare(*shares_of.get(int(cat), (0.0, 0.0))) for cat in Category})
        for shares_of in cats
    )
    exact = samples is None
    return EquityResult(shares, wins, ties, runs, exact, None if exact else used_seed, categories, won=won)


def _equity(
    hands: Sequence[HandLike],
    board: CardsLike | None,
    *,
    dead: CardsLike | None,
    game: str,
    samples: int | None,
    seed: int | None,
    wild: str | None,
    deck: int | None,
    threads: int,
    progress: Callable[[float], object] | None,
    plain: bool,
    exact_limit: float = EXACT_LIMIT,
    keep: Callable[[_Run], None] | None = None,
) -> EquityResult:
    """equity(), with ``plain=True`` playing every runout and every deal one by one (no
    rank grouping, no suit isomorphism): the path the tests hold the fast one to.  `keep`,
    when given, is handed the core call of a spot that runs in one call (a ``_Run``), for
    ``equity`` to run again on the same text."""
    spec = game_spec(game)
    samples = check_samples(samples)
    seed = check_seed(seed)
    threads = check_threads(threads)
    exact_limit = _check_exact_limit(exact_limit)
    # The games that run in one call count runouts: 5,000,000 at the default, in proportion.
    runouts_limit = _GAMES_EXACT_RUNOUTS * (exact_limit / EXACT_LIMIT)
    check_progress(progress)
    if isinstance(hands, (str, bytes, Range)) or not isinstance(hands, Sequence):
        raise TypeError("hands must be a list of hands, such as ['AsAd', 'KhKc']")
    players = len(hands)
    if not 2 <= players <= 10:
        raise ValueError(f"equity needs 2 to 10 hands, got {players}")
    if wild is not None:
        # Wild cards: the one enumeration of any evaluator (csrc/equity_games.c).
        code = wild_mode(spec, wild)
        cards = _check_deck(deck, code)
        return _games_result(spec, hands, board, dead, samples, seed, runouts_limit, wild=code, deck=cards)
    if deck is not None:
        raise ValueError("deck= sets the jokers of a wild game; pass wild= too")
    if _other_games.wants_this_engine(spec, hands):
        # Short deck, stud, razz, stud-hilo, Omaha with ranges: csrc/equity_games.c, one
        # call (no threads or progress there yet), with its own limit in runouts.
        return _games_result(spec, hands, board, dead, samples, seed, runouts_limit)
    if spec.engine is None:
        served = sorted((g for g in GAMES.values() if g.engine), key=lambda g: (g.engine != "hands", g.code))
        supported = ", ".join(g.name for g in served)
        raise ValueError(f"equity supports {supported}; not {spec.name!r}")
    holdem = spec.name == "holdem"
    hole_ok = range(2, 3) if holdem else range(4, 7)
    read = [read_hand(i, hand, hole_ok, holdem) for i, hand in enumerate(hands, 1)]
    board_ids = natural_cards(board, "the board")
    dead_ids = natural_cards(dead, "the dead cards")
    check_board_size(board_ids)
    named = [(f"hand {i}", ids) for i, ids in enumerate(read, 1) if isinstance(ids, bytes)]
    check_unique([*named, ("the board", board_ids), ("the dead cards", dead_ids)])
    given = [ids for _, ids in named]
    hole = 2 if holdem else len(read[0])
    if not holdem and any(len(ids) != hole for ids in given):  # read_hand held hold'em to 2
        raise ValueError(f"{spec.name} hands must all have the same number of hole cards")
    live = 52 - len(board_ids) - len(dead_ids) - players * hole
    need = 5 - len(board_ids)
    if live < need:
        raise ValueError(
            f"not enough cards: {players} hands of {hole}, {len(board_ids)} on the board and"
            f" {len(dead_ids)} dead leave {live} to deal {need}"
        )

    if holdem and samples is None and len(given) == players == 2 and not board_ids + dead_ids and not plain:
        if keep is not None:
            keep(partial(lookup, given[0], given[1]))
        return lookup(given[0], given[1])  # two hands preflop: the shipped exact table
    if samples is None and not plain:
        spot = small_spot(spec.code, spec.name, players, hole, read, board_ids, dead_ids, live, exact_limit)
        small = None if spot is None else spot.run()
        if spot is not None and small is not None:
            if keep is not None:
                keep(spot.run)
            if progress is not None:
                progress(1.0)
            return small
    # Combos that hold a board or dead card, or a card of a hand given as cards, can
    # never be dealt: drop them here, so the work estimated below is the real one.
    fixed = [*board_ids, *dead_ids, *(c for h in read if isinstance(h, bytes) for c in h)]
    picked = [combos_of(i, h, fixed) for i, h in enumerate(read, 1)]
    combos = [c for c, _ in picked]
    weights = [w for _, w in picked]
    if any(len(c) > 1 for c in combos):
        used = 0
        for card in (*board_ids, *dead_ids):
            used |= 1 << card
        found = _core.equity_find_deal(
            hole,
            np.ascontiguousarray(np.concatenate(combos)),
            np.array([len(c) for c in combos], dtype=np.uint32),
            used,
            1 << 22,
        )
        if found == _core.ERR_DUPLICATE:
            raise ValueError(
                "the ranges leave no deal without a card twice: " + "; ".join(shown(h) for h in read)
            )
    if samples is None:
        return exact(
            spec.code,
            spec.name,
            players,
            hole,
            combos,
            weights,
            board_ids,
            dead_ids,
            live,
            plain,
            threads,
            progress,
            exact_limit,
        )
    return sample(
        spec.code,
        spec.name,
        players,
        hole,
        combos,
        weights,
        board_ids,
        dead_ids,
        samples,
        run_seed(samples, seed),
        threads,
        progress,
    )
