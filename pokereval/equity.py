"""Equity: each hand's share of the pot, over every runout or a seeded Monte Carlo sample.

The work is done in C (csrc/equity.c, csrc/iso.c) in chunks that release the GIL: this
module checks the input, cuts the work into chunks (for ``threads=``, ``progress=`` and
Ctrl-C), and adds the chunks up.  Hands are cards (hold'em, Omaha, Omaha hi-lo) or, in
hold'em, ranges: a :class:`~pokereval.Range` or range text such as ``"QQ+,AKs"``.  With
ranges a deal gives each player one combo of their range; deals where two combos share a
card, or a combo holds a board or dead card, are left out.

- Exact (``samples=None``): every deal of combos times every runout of the board, each
  deal weighted by the product of its combos' weights (each range's weights are first
  divided by its largest, so tiny weights cannot underflow).  Hold'em plays boards by
  their ranks and puts flushes right suit by suit; deals that are the same up to
  renaming suits are played once.  Refused (ValueError, saying how long it would take)
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

import math
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple, Union

import numpy as np

from . import _core, _equity_games
from ._checks import (
    check_samples,
    check_seed,
    check_threads,
    check_unique,
    combos_of,
    natural_cards,
    read_hand,
    run_seed,
)
from .cards import Card, CardsLike
from .games import GAMES, game_spec
from .ranges import Range
from .rank import Category, wild_mode

__all__ = ["EXACT_LIMIT", "CategoryShare", "EquityResult", "equity"]

EXACT_LIMIT = 20.0
"""The most work, in estimated seconds of one thread, that ``equity`` does exactly."""

HandLike = Union[CardsLike, Range]
"""One player's holding: cards, a Range, or range text (hold'em)."""

# Rough single-thread costs used to size chunks and estimate exact work (this machine:
# AMD EPYC Zen 4).  Hold'em exact per player and deal by cards left to deal (the iso
# path: boards by ranks plus the flush corrections); one plain runout per player.
_HOLDEM_DEAL_SECONDS = {5: 2.6e-4, 4: 2.5e-5, 3: 3e-6, 2: 4e-7, 1: 1e-7, 0: 5e-8}
_RUNOUT_SECONDS = {"holdem": 1.2e-8, "omaha": 6e-8, "omaha-hilo": 9e-8}
_CHUNK_SECONDS = 0.02  # small enough for progress every 0.1 s and Ctrl-C within 0.2 s
_GAMES_EXACT_RUNOUTS = 5_000_000  # the other games' exact limit, in runouts (equity_games.c)
_MAX_DEALS = 4_000_000
_MAX_CHUNKS = 1 << 16  # deals of ranges listed one by one before merging


class CategoryShare(NamedTuple):
    """How often a player's final hand is in one category, and what it wins with it.

    ``share`` is the fraction of runouts (weighted like equity) in which the player's
    hand ends in the category; ``won`` the fraction of the pot the player wins with
    hands of that category, so a player's ``won`` add up to its equity.

    >>> r = equity(["AsAd", "KhKc"], board="2c7d9hJs")
    >>> r.categories[1][Category.THREE_OF_A_KIND]   # two kings of 44 rivers
    CategoryShare(share=0.045454545454545456, won=0.045454545454545456)
    """

    share: float
    won: float


@dataclass(frozen=True)
class EquityResult:
    """What :func:`equity` found, one entry per hand in the order given.

    ``equity[i]`` is hand i's share of the pots (a split pot is shared equally; the
    shares sum to 1).  ``wins[i]`` counts the runouts where hand i took the whole pot and
    ``ties[i]`` those where it took part of it; ``runs`` is how many runouts were played
    (with ranges: deals times runouts, unweighted).  ``exact`` says whether every runout
    was played; ``seed`` is the Monte Carlo seed used (None when exact).
    ``categories[i]`` maps each :class:`Category` to hand i's :class:`CategoryShare`
    (Omaha hi-lo files a pot won with the low under the category of the high hand).

    >>> r = equity(["AsAd", "KhKc"], board="2c7d9hJs3s")
    >>> r.equity, r.wins, r.runs, r.exact
    ((1.0, 0.0), (1, 0), 1, True)
    >>> r.categories[0][Category.ONE_PAIR].won
    1.0
    """

    equity: tuple[float, ...]
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    runs: int
    exact: bool
    seed: int | None = None
    categories: tuple[Mapping[Category, CategoryShare], ...] = field(default=(), repr=False, compare=False)

    def _repr_html_(self) -> str:
        from ._html import equity_html

        return equity_html(self)


# ---- checks -------------------------------------------------------------------------------


def _shown(hand: bytes | Range) -> str:
    return str(hand) if isinstance(hand, Range) else "".join(str(Card(c)) for c in hand)


def _masks(ids: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    bits = np.left_shift(np.uint64(1), ids.astype(np.uint64))
    masks: np.ndarray[Any, Any] = np.bitwise_or.reduce(bits, axis=1)
    return masks


def _deals(combos: list[Any], weights: list[Any]) -> tuple[Any, Any] | None:
    """Every deal of one combo per player without a shared card, as rows and weights;
    None past _MAX_DEALS (checked before each player is added)."""
    rows, mask, weight = combos[0], _masks(combos[0]), weights[0]
    for ids, w in zip(combos[1:], weights[1:]):
        if len(rows) * len(ids) > _MAX_DEALS:
            return None
        fits = (mask[:, None] & _masks(ids)[None, :]) == 0
        i, j = np.nonzero(fits)
        rows = np.hstack([rows[i], ids[j]])
        mask = mask[i] | _masks(ids)[j]
        weight = weight[i] * w[j]
    return np.ascontiguousarray(rows, dtype=np.uint8), weight


def _merge(rows: np.ndarray[Any, Any]) -> tuple[Any, Any]:
    """(distinct rows, index of each row among them), the distinct rows sorted by their
    ranks first, so that deals with the same ranks sit together: the core keeps the work
    such deals share."""
    ranks, suits = rows >> 2, rows & 3
    keys = [suits[:, k] for k in reversed(range(rows.shape[1]))]
    keys += [ranks[:, k] for k in reversed(range(rows.shape[1]))]
    order = np.lexsort(keys)
    ordered = rows[order]
    starts = np.ones(len(rows), dtype=bool)
    starts[1:] = np.any(ordered[1:] != ordered[:-1], axis=1)
    inverse = np.empty(len(rows), dtype=np.intp)
    inverse[order] = np.cumsum(starts) - 1
    return ordered[starts], inverse


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:,.0f} days"


def _run_jobs(
    jobs: Sequence[Callable[[], int]],
    work: Sequence[float],
    threads: int,
    progress: Callable[[float], object] | None,
) -> int:
    """Run the chunks, on `threads` threads, calling progress(fraction done) after each
    one and at least every 0.05 s; the first nonzero code stops the rest.  A
    KeyboardInterrupt cancels the chunks not started and waits for the running ones
    (each a few hundredths of a second) before it propagates: nothing is left running."""
    total = float(sum(work)) or 1.0
    done = 0.0
    if threads == 1 or len(jobs) == 1:
        for job, w in zip(jobs, work):
            rc = job()
            if rc:
                return rc
            done += w
            if progress is not None:
                progress(min(1.0, done / total))
        return 0
    # At most `threads` chunks in flight: an interrupt has only those to wait for.
    todo = iter(zip(jobs, work))
    with ThreadPoolExecutor(max_workers=min(threads, len(jobs))) as pool:
        running: dict[Future[int], float] = {}
        try:
            for job, w in todo:
                running[pool.submit(job)] = w
                if len(running) == threads:
                    break
            while running:
                finished, _ = wait(running, timeout=0.05, return_when=FIRST_COMPLETED)
                for future in finished:
                    rc = future.result()
                    done += running.pop(future)
                    if rc:
                        return rc
                    for job, w in todo:
                        running[pool.submit(job)] = w
                        break
                if progress is not None:
                    progress(min(1.0, done / total))
        except BaseException:
            for future in running:
                future.cancel()
            raise
    return 0


def _categories(totals: Any, players: int, runs: float) -> tuple[Mapping[Category, CategoryShare], ...]:
    """Every Category for every player; the core counts the ten natural ones (the
    others, such as five of a kind with wild cards, never happen here)."""
    fields, unit = _core.EQ_FIELDS, _core.EQ_UNIT
    counted = _core.EQ_CAT_WON - _core.EQ_CATS
    out = []
    for p in range(players):
        row = totals[p * fields : (p + 1) * fields]
        shares = {}
        for cat in Category:
            if cat < counted:
                shares[cat] = CategoryShare(
                    float(row[_core.EQ_CATS + cat]) / runs, float(row[_core.EQ_CAT_WON + cat]) / (runs * unit)
                )
            else:
                shares[cat] = CategoryShare(0.0, 0.0)
        out.append(MappingProxyType(shares))
    return tuple(out)


# ---- exact ----------------------------------------------------------------------------------


def _exact(
    code: int,
    name: str,
    players: int,
    hole: int,
    combos: list[Any],
    weights: list[Any],
    board: bytes,
    dead: bytes,
    live: int,
    plain: bool,
    threads: int,
    progress: Callable[[float], object] | None,
) -> EquityResult:
    fields, unit = _core.EQ_FIELDS, _core.EQ_UNIT
    stride = players * fields + 1
    need = 5 - len(board)
    # On the river there is one runout: grouping boards by ranks would only cost.
    iso = name == "holdem" and not plain and need > 0
    runouts = math.comb(live, need)
    per_deal = players * _HOLDEM_DEAL_SECONDS[need] if iso else players * runouts * _RUNOUT_SECONDS[name]
    dealt = _deals(combos, weights)
    if dealt is None:
        # Too many to list: a suit renaming merges at most 24 deals into one.
        raw = math.prod(len(c) for c in combos)
        if raw / 24 * per_deal > EXACT_LIMIT:
            _refuse(raw / 24 * per_deal, f"about {raw:,} deals of the ranges")
        raise ValueError(
            f"exact equity would list up to {raw:,} deals of the ranges, more than {_MAX_DEALS:,} at once;"
            " pass samples= for Monte Carlo, e.g. samples=1_000_000"
        )
    assert dealt is not None
    deals, deal_weights = dealt
    if not len(deals):
        raise ValueError("the ranges leave no deal without a card twice")
    if iso and len(deals) > 1:
        classes, inverse = _merge(_core.iso_canonical_deals(deals, board, dead))
    else:
        classes, inverse = deals, np.arange(len(deals))
    classes = np.ascontiguousarray(classes, dtype=np.uint8)
    # Deals with the same ranks as the one before share the core's by-ranks pass and
    # most flush corrections: count them at a quarter.
    same_ranks = np.zeros(len(classes), dtype=bool)
    if iso:
        ranks = classes >> 2
        same_ranks[1:] = np.all(ranks[1:] == ranks[:-1], axis=1)
    cost = np.where(same_ranks, per_deal / 4, per_deal)
    seconds = float(cost.sum())
    if seconds > EXACT_LIMIT:
        _refuse(
            seconds, f"{len(classes):,} deals after merging suit-isomorphic ones, {runouts:,} runouts each"
        )
    count_of = np.bincount(inverse, minlength=len(classes)).astype(np.uint64)
    weight_of = np.bincount(inverse, weights=deal_weights, minlength=len(classes))

    if len(classes) == 1 and not iso:
        # One deal played runout by runout: split by the first card dealt.
        parts = max(1, min(52, math.ceil(seconds / _CHUNK_SECONDS)))
        counts = np.zeros((parts, stride), dtype=np.uint64)
        count_of = np.ones(parts, dtype=np.uint64)
        weight_of = np.full(parts, weight_of[0])

        def part_of(part: int) -> Callable[[], int]:
            return lambda: _core.equity_exact(
                code, players, hole, classes, board, dead, not iso, part, parts, counts[part : part + 1]
            )

        jobs = [part_of(part) for part in range(parts)]
        work = [1.0] * parts
    else:
        counts = np.zeros((len(classes), stride), dtype=np.uint64)
        # Chunks of about _CHUNK_SECONDS, cut where the ranks change when possible (a
        # call keeps the work of its deals with equal ranks, the next call would not).
        bounds, spent = [0], 0.0
        for i in range(len(classes)):
            if spent >= _CHUNK_SECONDS and (not same_ranks[i] or spent >= 2 * _CHUNK_SECONDS):
                bounds.append(i)
                spent = 0.0
            spent += float(cost[i])
        bounds.append(len(classes))

        def classes_of(a: int, b: int) -> Callable[[], int]:
            return lambda: _core.equity_exact(
                code, players, hole, classes[a:b], board, dead, not iso, 0, 1, counts[a:b]
            )

        jobs = [classes_of(a, b) for a, b in zip(bounds, bounds[1:])]
        work = [float(b - a) for a, b in zip(bounds, bounds[1:])]
    rc = _run_jobs(jobs, work, threads, progress)
    if rc != 0:
        raise ValueError(f"equity: core error {rc}")  # pragma: no cover  (checked before)

    # Unweighted sums stay integers (exact); wins, ties and runs always count deals.
    plain_totals = (counts * count_of[:, None]).sum(axis=0, dtype=np.uint64)
    if bool(np.all(deal_weights == 1.0)):
        totals: Any = plain_totals
    else:
        totals = weight_of @ counts.astype(np.float64)
    runs = float(totals[-1])
    return EquityResult(
        equity=tuple(float(totals[p * fields + _core.EQ_SHARE]) / (runs * unit) for p in range(players)),
        wins=tuple(int(plain_totals[p * fields + _core.EQ_WINS]) for p in range(players)),
        ties=tuple(int(plain_totals[p * fields + _core.EQ_TIES]) for p in range(players)),
        runs=int(plain_totals[-1]),
        exact=True,
        categories=_categories(totals, players, runs),
    )


def _refuse(seconds: float, what: str) -> None:
    raise ValueError(
        f"exact equity would take about {_duration(seconds)} on one thread here ({what}; the limit is"
        f" EXACT_LIMIT = {EXACT_LIMIT:g} s); pass samples= for Monte Carlo, e.g. samples=1_000_000"
    )


# ---- Monte Carlo ----------------------------------------------------------------------------


def _sample(
    code: int,
    name: str,
    players: int,
    hole: int,
    combos: list[Any],
    weights: list[Any],
    board: bytes,
    dead: bytes,
    samples: int,
    seed: int,
    threads: int,
    progress: Callable[[float], object] | None,
) -> EquityResult:
    fields, unit, block = _core.EQ_FIELDS, _core.EQ_UNIT, _core.EQ_BLOCK
    stride = players * fields + 3
    rows = np.ascontiguousarray(np.concatenate(combos), dtype=np.uint8)
    single = all(len(c) == 1 for c in combos)
    counts = None if single else np.array([len(c) for c in combos], dtype=np.uint32)
    cumw = None
    if not single and not all(bool(np.all(w == 1.0)) for w in weights):
        cumw = np.ascontiguousarray(np.concatenate([np.cumsum(w) for w in weights]))

    def run_all(importance: bool, max_attempts: int) -> tuple[int, Any]:
        # Chunks of whole blocks, sized by the work alone (never by threads), so the
        # sums below add the same numbers in the same order for any thread count.
        per_sample = players * _RUNOUT_SECONDS[name] * (1 if single else 3)
        per_chunk = block * max(1, int(_CHUNK_SECONDS / (block * per_sample)))
        # At most _MAX_CHUNKS chunks, so the bookkeeping of a huge run stays small (its
        # chunks are longer, still a fraction of a second each).
        per_chunk = max(per_chunk, block * -(-samples // (block * _MAX_CHUNKS)))
        starts = list(range(0, samples, per_chunk))
        out = np.zeros((len(starts), stride))

        def chunk(i: int, first: int) -> Callable[[], int]:
            return lambda: _core.equity_sample(
                code,
                players,
                hole,
                rows,
                counts,
                cumw,
                importance,
                board,
                dead,
                seed,
                first,
                min(per_chunk, samples - first),
                max_attempts,
                out[i],
            )

        jobs = [chunk(i, first) for i, first in enumerate(starts)]
        work = [float(min(per_chunk, samples - first)) for first in starts]
        return _run_jobs(jobs, work, threads, progress), out

    importance = False
    if not single:
        # A short trial by rejection: ranges whose deals collide almost always are dealt
        # player by player instead (the same law, each run weighted).
        trial = np.zeros(stride)
        rc = _core.equity_sample(
            code, players, hole, rows, counts, cumw, False, board, dead, seed, 0, min(samples, 256), 64, trial
        )
        importance = rc == _core.ERR_DUPLICATE
    rc, out = run_all(importance, 1 << 16)
    if rc == _core.ERR_DUPLICATE and not importance:
        rc, out = run_all(True, 1 << 16)
    if rc != 0:
        raise ValueError(
            "the ranges leave almost no deal without a card twice; exact equity may still answer"
            if rc == _core.ERR_DUPLICATE
            else f"equity: core error {rc}"
        )
    totals = out.sum(axis=0)
    weight = float(totals[players * fields])
    return EquityResult(
        equity=tuple(float(totals[p * fields + _core.EQ_SHARE]) / (weight * unit) for p in range(players)),
        wins=tuple(round(float(totals[p * fields + _core.EQ_WINS])) for p in range(players)),
        ties=tuple(round(float(totals[p * fields + _core.EQ_TIES])) for p in range(players)),
        runs=samples,
        exact=False,
        seed=seed,
        categories=_categories(totals, players, weight),
    )


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
    threads: int = 1,
    progress: Callable[[float], object] | None = None,
) -> EquityResult:
    """Each hand's share of the pot: exact over every runout, or Monte Carlo.

    `hands` lists 2 to 10 hands: cards (2 in hold'em, 4 to 6 in Omaha, the same number
    for every hand), or in hold'em a :class:`Range` or range text (``"QQ+,AKs"``).
    `board` holds 0 to 5 cards, `dead` cards are out of play.  ``samples=None`` plays
    every runout (ValueError past :data:`EXACT_LIMIT`: then pass ``samples=``);
    ``samples=N`` plays N random ones, repeatably for a given `seed` (whatever
    `threads`).  ``threads=N`` spreads the work over N threads; ``progress`` is called
    with the fraction done (0 to 1) at least every 0.1 s of a long call, and Ctrl-C stops
    a long call within a fraction of a second.  See the module docstring for how ranges
    are dealt.  Games: "holdem", "omaha", "omaha-hilo" (half the pot to the best high,
    half to the best 8-or-better low, all to the high when no low qualifies),
    "shortdeck" and "shortdeck-trips" (36 cards), and with no board "stud", "razz" and
    "stud-hilo": each hand is the cards known of a player (up and down alike), and the
    rest of his seven are dealt.  Omaha and short deck also take ranges of their own
    (:class:`Range` with ``game=``, or text such as ``"AsKsQdJd, AhAd2c3c:0.5"``) and
    ``"random"``, hole cards dealt from the deck; those games run in one call, without
    threads or progress.
    ``wild=`` plays wild cards as :func:`pokereval.evaluate` does (hold'em and stud), with
    ``deck=`` 53 or 54 cards for one or two jokers dealt like any other card (53 unless
    said; 52 with ``wild="deuces"``), also in one call.

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
    return _equity(
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
    )


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
) -> EquityResult:
    """equity(), with ``plain=True`` playing every runout and every deal one by one (no
    rank grouping, no suit isomorphism): the path the tests hold the fast one to."""
    spec = game_spec(game)
    samples = check_samples(samples)
    seed = check_seed(seed)
    threads = check_threads(threads)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable or None, got {type(progress).__name__}")
    if isinstance(hands, (str, bytes, Range)) or not isinstance(hands, Sequence):
        raise TypeError("hands must be a list of hands, such as ['AsAd', 'KhKc']")
    players = len(hands)
    if not 2 <= players <= 10:
        raise ValueError(f"equity needs 2 to 10 hands, got {players}")
    if wild is not None:
        # Wild cards: the one enumeration of any evaluator (csrc/equity_games.c).
        code = wild_mode(spec, wild)
        cards = _check_deck(deck, code)
        used_seed = run_seed(samples, seed)
        shares, wins, ties, runs, _ = _equity_games.equity_game(
            spec, hands, board, dead, samples, used_seed, _GAMES_EXACT_RUNOUTS, wild=code, deck=cards
        )
        return EquityResult(shares, wins, ties, runs, samples is None, None if samples is None else used_seed)
    if deck is not None:
        raise ValueError("deck= sets the jokers of a wild game; pass wild= too")
    if _equity_games.wants_this_engine(spec, hands):
        # Short deck, stud, razz, stud-hilo, Omaha with ranges: csrc/equity_games.c, one
        # call (no threads or progress there yet), with its own limit in runouts.
        used_seed = run_seed(samples, seed)
        shares, wins, ties, runs, cats = _equity_games.equity_game(
            spec, hands, board, dead, samples, used_seed, _GAMES_EXACT_RUNOUTS
        )
        categories = tuple(
            MappingProxyType({cat: CategoryShare(*shares_of.get(int(cat), (0.0, 0.0))) for cat in Category})
            for shares_of in cats
        )
        return EquityResult(
            shares, wins, ties, runs, samples is None, None if samples is None else used_seed, categories
        )
    if spec.engine is None:
        served = sorted((g for g in GAMES.values() if g.engine), key=lambda g: (g.engine != "hands", g.code))
        supported = ", ".join(g.name for g in served)
        raise ValueError(f"equity supports {supported}; not {spec.name!r}")
    holdem = spec.name == "holdem"
    hole_ok = range(2, 3) if holdem else range(4, 7)
    read = [read_hand(i, hand, hole_ok, holdem) for i, hand in enumerate(hands, 1)]
    board_ids = natural_cards(board, "the board")
    dead_ids = natural_cards(dead, "the dead cards")
    if len(board_ids) > 5:
        raise ValueError(f"the board has {len(board_ids)} cards; at most 5")
    named = [(f"hand {i}", ids) for i, ids in enumerate(read, 1) if isinstance(ids, bytes)]
    check_unique([*named, ("the board", board_ids), ("the dead cards", dead_ids)])
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

    if holdem and samples is None and len(named) == players == 2 and not board_ids + dead_ids and not plain:
        from .tables import _lookup  # two hands preflop: the shipped exact table (pokereval/tables.py)

        return _lookup(named[0][1], named[1][1])
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
                "the ranges leave no deal without a card twice: " + "; ".join(_shown(h) for h in read)
            )
    if samples is None:
        return _exact(
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
        )
    return _sample(
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
