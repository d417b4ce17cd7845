"""Many hands at once: :class:`Tables` keeps n hands in one C array and steps them all with one
numpy array of discrete actions, in one C call (the GIL released), for simulators and
reinforcement learning.
"""

from __future__ import annotations

import operator
import os
import threading
from collections.abc import Callable
from concurrent import futures
from concurrent.futures import ThreadPoolExecutor
from typing import Any, NamedTuple

import numpy as np

from .._arrays import plain, read_only
from .._checks import check_threads, refuse_unordered
from .._work import run_jobs, to_the_end
from . import _native as nat
from .hand import _NO_HISTORY, Hand, _copy_sequences, _int, _new_hand, _Rules, _seed, _untrack

__all__ = ["ACTIONS", "RandomPlay", "Tables"]

ACTIONS = ("fold", "call", "min")
"""The first discrete actions; then one per raise size, then ``"all-in"`` (the most allowed)."""

_MAX_TABLES = 1 << 24
_MAX_SIZE = 1e6  # the largest raise size, in pots: any more is all in at any stack


class RandomPlay(NamedTuple):
    """What :meth:`Tables.play_random` played: per hand, each seat's payoff (``payoffs``,
    ``(hands, seats)`` int64), the player moves (``moves``), and the cards each seat held and
    the board at the end (``holes``, ``(hands, seats, 7)``, and ``boards``, ``(hands, 5)``,
    card ids with 255 where none).

    >>> played = Tables(1, stacks=[50, 50], seed=0).play_random(3, seed=4)
    >>> played.payoffs.sum(axis=1).tolist(), played.boards.shape
    ([0, 0, 0], (3, 5))
    """

    payoffs: np.ndarray
    moves: np.ndarray
    holes: np.ndarray
    boards: np.ndarray


def _sizes(sizes: object) -> tuple[float, ...]:
    if isinstance(sizes, (str, bytes)) or not hasattr(sizes, "__iter__"):
        raise TypeError(f"sizes must be a sequence of pot fractions, got {type(sizes).__name__}")
    refuse_unordered(sizes, "sizes")  # the order of the sizes is the order of the actions
    values = []
    for i, size in enumerate(sizes):
        if isinstance(size, bool) or not isinstance(size, (int, float, np.integer, np.floating)):
            raise TypeError(f"sizes[{i}] must be a number, got {type(size).__name__} {size!r}")
        bounds = f"a raise size is a positive fraction of the pot, less than {_MAX_SIZE:,.0f}"
        try:
            value = float(size)
        except OverflowError:  # an int past any float
            raise ValueError(f"sizes[{i}] is an int of {len(str(size))} digits; {bounds}") from None
        if not 0.0 < value < _MAX_SIZE:
            raise ValueError(f"sizes[{i}] is {value}; {bounds}")
        values.append(value)
    if len(values) > nat.MAX_SIZES:
        raise ValueError(f"at most {nat.MAX_SIZES} raise sizes, got {len(values)}")
    return tuple(values)


def out_arrays(count: int, seats: int, actions: int) -> dict[str, np.ndarray]:
    """The arrays pe_tables_out_t points into, for `count` tables of `seats` seats (rows as
    wide as the tables: the C side writes each seat there is) and `actions` discrete actions."""
    return {
        "hole": np.full((count, seats, nat.HOLD), nat.NO_CARD, np.uint8),
        "up": np.zeros((count, seats), np.uint8),
        "board": np.full((count, nat.BOARD), nat.NO_CARD, np.uint8),
        "stacks": np.zeros((count, seats), np.int64),
        "bets": np.zeros((count, seats), np.int64),
        "pot": np.zeros(count, np.int64),
        "actor": np.zeros(count, np.int8),
        "street": np.zeros(count, np.int8),
        "phase": np.zeros(count, np.int8),
        "folded": np.zeros(count, np.uint16),
        "mask": np.zeros((count, actions), np.uint8),
        "rewards": np.zeros((count, seats), np.int64),
        "done": np.zeros(count, np.uint8),
        "legal": np.zeros(count, np.uint8),
        "views": np.zeros((count, nat.LEGAL_SIZE), np.uint8),  # the C side's pe_engine_legal_t cache
    }


def _table_bytes(count: int, seats: int, actions: int) -> int:
    """What `count` tables hold: the hands and the arrays of out_arrays."""
    each = nat.STATE_SIZE + nat.LEGAL_SIZE + nat.BOARD + seats * (nat.HOLD + 1 + 3 * 8) + 8 + 7 + actions
    return count * each


def _physical_memory() -> int | None:
    """This machine's memory in bytes, where the system says (None elsewhere)."""
    try:
        return int(os.sysconf("SC_PAGE_SIZE")) * int(os.sysconf("SC_PHYS_PAGES"))
    except (AttributeError, ValueError, OSError):  # no sysconf (Windows), or no such name
        return None


def _no_room(
    count: int, seats: int, actions: int, copy: bool = False, memory: int | None = None
) -> MemoryError:
    """The MemoryError of `count` tables that do not fit: how much they need, as play_random
    words its own (and the machine's memory, when that is what they exceed)."""
    what = f"a copy of {count:,} tables needs" if copy else f"{count:,} tables need"
    has = f" and this machine has {memory / 2**30:,.1f} GiB in all" if memory is not None else ""
    return MemoryError(
        f"{what} {_table_bytes(count, seats, actions) / 2**30:,.1f} GiB{has}; use fewer tables"
    )


def _new_tables(count: int, seats: int, actions: int, copy: bool = False) -> Any:
    """nat.tables(count), refused with _no_room before any of it is allocated when the tables
    would need more than the machine's memory: the system may grant such an allocation and
    end the process when its pages are touched, where a MemoryError can be caught."""
    memory = _physical_memory()
    if memory is not None and _table_bytes(count, seats, actions) > memory:
        raise _no_room(count, seats, actions, copy, memory)
    try:
        return nat.tables(count)
    except MemoryError:
        raise _no_room(count, seats, actions, copy) from None


def _listed_actions(actions: list[Any] | tuple[Any, ...]) -> list[int]:
    """Actions given as a list whose items are not all plain ints: numpy's integers, 0-d
    arrays and a framework's scalars (anything with __index__) are actions; numpy would read
    True as 1 and 1.0 as a float array, so a bool or a float is named at its table."""
    out = []
    for table, value in enumerate(actions):
        if isinstance(value, (bool, np.bool_, float)):
            raise TypeError(f"actions must be integers, got {value!r} for table {table}")
        try:
            out.append(operator.index(value))
        except TypeError:
            raise TypeError(f"actions must be integers, got {value!r} for table {table}") from None
    return out


class Tables:
    """`n` independent hands of one game, stepped together.

    The rules are :class:`~pokereval.engine.Hand`'s keyword arguments (``stacks``, ``blinds``,
    ``limit``, ...); every table deals itself, each from its own shuffle seeded from ``seed``
    and its index, and a table whose hand ends starts the next one at once with the same
    rules and stacks.

    Actions are small ints, one per table: 0 fold, 1 check, call or bring in, 2 the least bet
    or raise (a completion in stud), then one raise per entry of ``sizes`` (that fraction of
    the pot after calling, on top of the current bet, kept within the legal range; in
    fixed-limit the least, as action 2), and last all in (the most allowed: in pot-limit the
    pot, in fixed-limit the one amount, or the big bet where a stud open pair on fourth street
    allows the small bet or the big).  In a draw
    (``phase`` 1) the action is instead a mask of the actor's cards to discard (bit k: card k,
    0 stands pat).  :attr:`mask` says which are legal; an illegal action raises ValueError and
    moves nothing.

    :meth:`step` returns ``(obs, rewards, done)``: ``obs`` a dict of arrays (``hole`` card ids
    ``(n, seats, 7)`` with 255 for none, ``up`` face-up bits, ``board`` ``(n, 5)``, ``stacks``
    and ``bets`` ``(n, seats)``, ``pot``, ``actor`` (-1 for none), ``street``, ``phase``,
    ``folded`` (bit s set when seat s is out of the hand: folded, or mucked) and ``mask``
    ``(n, actions)``), ``rewards`` ``(n, seats)`` the payoffs of hands that ended in
    this step (0 elsewhere) and ``done`` ``(n,)``.  The arrays are the tables' own, read-only
    views overwritten by the next step: copy what you keep (each call's dict is new, so
    replacing an entry in it changes nothing else).  ``threads`` splits the tables over that
    many threads.  Rules under which no seat would ever act (the forced bets decide every
    hand, e.g. heads-up stacks of 1 and 2 with blinds 1-2) raise ValueError.

    >>> tables = Tables(4, stacks=[100, 100], seed=1)
    >>> obs = tables.reset()
    >>> obs["actor"], obs["mask"][0].astype(int)
    (array([0, 0, 0, 0], dtype=int8), array([1, 1, 1, 1, 1, 1]))
    >>> obs, rewards, done = tables.step([0, 1, 1, 5])
    >>> done, rewards[0]
    (array([ True, False, False, False]), array([-1,  1]))
    """

    def __init__(
        self,
        n: int,
        game: str = "holdem",
        *,
        sizes: tuple[float, ...] = (0.5, 1.0),
        threads: int = 1,
        seed: int | None = None,
        **rules: Any,
    ) -> None:
        count = _int(n, "n")
        if not 1 <= count <= _MAX_TABLES:
            raise ValueError(f"n must be 1..{_MAX_TABLES} tables, got {count}")
        workers = check_threads(threads)  # as every threads= of the library
        if "stacks" not in rules:
            raise TypeError("Tables needs stacks=, one per seat, as Hand does")
        unknown = set(rules) - _RULE_NAMES
        if unknown:
            raise TypeError(f"Tables got unexpected keyword argument {sorted(unknown)[0]!r}")
        kwargs = {**_DEFAULTS, **rules, "game": game, "seed": 0 if seed is None else seed, "auto_deal": True}
        _copy_sequences(kwargs)  # hand(i) reads the rules again: not the caller's list, nor a spent iterator
        self._rules = _Rules(kwargs)
        self._seed = seed
        self._sizes = _sizes(sizes)
        self._c_sizes = nat.sizes_array(self._sizes)
        self.n = count
        self.seats = self._rules.seats
        self.threads = workers
        self.actions = len(ACTIONS) + len(self._sizes) + 1
        self._tables = _new_tables(count, self.seats, self.actions)
        try:
            self._arrays = out_arrays(count, self.seats, self.actions)
        except MemoryError:
            raise _no_room(count, self.seats, self.actions) from None
        self._bind()
        self.reset(seed)
        if not self._arrays["legal"].all():
            # Every hand starts alike (the cards decide no one's turn), so none would ever ask.
            raise ValueError(
                "no seat ever acts under these rules: the forced bets put every seat but one all in,"
                " so each hand ends before a decision; give deeper stacks"
            )

    def _bind(self) -> None:
        """The C views of the arrays for each thread's share of the tables, the pool, and the
        read-only views step returns."""
        count = self.n
        cuts = np.linspace(0, count, min(self.threads, count) + 1).astype(int)
        self._chunks = []
        for start, stop in zip(cuts[:-1], cuts[1:]):
            out, keep = nat.outputs(self._arrays, int(start), int(stop))
            self._chunks.append((int(start), int(stop), out, keep))
        self._pool = ThreadPoolExecutor(len(self._chunks) - 1) if len(self._chunks) > 1 else None
        self._pool_pid = os.getpid()
        names = ("hole", "up", "board", "stacks", "bets", "pot", "actor", "street", "phase", "folded", "mask")
        self._obs = {name: self._view(name) for name in names}
        self._rewards = self._view("rewards")
        self._done = self._view("done")
        # One call at a time: a second thread's reset, step, hand or copy meanwhile is refused
        # (nat.Busy) rather than let two threads move the same C tables.
        self._lock = threading.Lock()

    def _turn(self) -> threading.Lock:
        """The tables' lock, for a ``with`` block (nat.Busy if another thread has them).  The
        lock's own ``__enter__`` takes it, in C, and nothing can interrupt ``with`` between
        that and the block whose end lets it go; a Ctrl-C right after ``acquire()`` returned
        (or inside a generator's context manager) left the tables Busy for good.  Two threads
        that both find it free take turns, the second waiting."""
        if self._lock.locked():
            raise nat.Busy("Tables")
        return self._lock

    def __copy__(self) -> Tables:
        """A copy to step on its own: its own hands (each with its shuffle's state), arrays and
        threads, so that stepping either leaves the other as it was.

        >>> import copy
        >>> tables = Tables(2, stacks=[50, 50], seed=0)
        >>> twin = copy.copy(tables)
        >>> _ = twin.step([0, 0])
        >>> tables.hand(0).done, tables.hand(0) == Tables(2, stacks=[50, 50], seed=0).hand(0)
        (False, True)
        """
        with self._turn():
            new = object.__new__(type(self))
            new.__dict__.update(self.__dict__)
            new._tables = _new_tables(self.n, self.seats, self.actions, copy=True)
            try:
                new._arrays = {name: array.copy() for name, array in self._arrays.items()}
            except MemoryError:
                raise _no_room(self.n, self.seats, self.actions, copy=True) from None
            nat.copy_tables(new._tables, self._tables, self.n)
        new._bind()
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Tables:
        # The rules and sizes are never changed after the start: shared, as in __copy__.
        return self.__copy__()

    def __reduce__(self) -> Any:
        raise TypeError(
            "a Tables does not pickle (its hands are a C array); copy.copy gives an independent"
            " copy, and Tables.hand(i) a Hand that pickles"
        )

    def _view(self, name: str) -> np.ndarray:
        array = self._arrays[name]
        # Read-only for good: a caller who set the flag back and wrote `done` kept the last
        # hand's rewards (C reads it to clear them).
        return read_only(array.view(np.bool_) if name in ("mask", "done") else array)

    @property
    def mask(self) -> np.ndarray:
        """The legal actions, ``(n, actions)`` bool (all False in a draw).

        >>> Tables(2, stacks=[50, 50], seed=0).mask.sum(axis=1)
        array([6, 6])
        """
        return self._obs["mask"]

    def reset(self, seed: int | None = None) -> dict[str, np.ndarray]:
        """Start a new hand at every table (seeded from `seed`, else the tables' seed) and
        return the observations.

        >>> Tables(3, stacks=[20, 20, 20], seed=5).reset(seed=5)["pot"]
        array([3, 3, 3])
        """
        seed = self._seed if seed is None else seed
        base = _seed(seed)
        with self._turn():
            self._reset(base)
        return dict(self._obs)  # a dict of its own: what a caller does to it stays there

    def _reset(self, base: int) -> None:
        for start, stop, out, _ in self._chunks:
            rc, field = nat.tables_reset(
                nat.table_at(self._tables, start),
                stop - start,
                self._rules.rules,
                base,
                start,
                len(self._sizes),
                out,
            )
            if rc:
                raise self._rules.error(field)

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray]:
        """Play one action at every table; ``(obs, rewards, done)``.

        >>> tables = Tables(2, stacks=[50, 50], seed=0)
        >>> _ = tables.step([1, 1])
        >>> tables.step([9, 1])
        Traceback (most recent call last):
        ...
        ValueError: table 0: action 9 is not legal now; legal: 1 (check or call), 2 (min), 3, 4, 5 (all-in)
        """
        moves = self._actions(actions)
        with self._turn():
            self._step(moves)
        return dict(self._obs), self._rewards, self._done

    def _step(self, moves: np.ndarray) -> None:
        rules, sizes, nsizes = self._rules.rules, self._c_sizes, len(self._sizes)
        buffer = nat.actions_buffer(moves)
        if self._pool is None:  # one call checks every action, then plays them (or none)
            start, stop, out, _ = self._chunks[0]
            bad = nat.tables_step_checked(self._tables, stop - start, rules, buffer, sizes, nsizes, out)
            if bad is not None:
                raise ValueError(self._illegal(bad, int(moves[bad])))
            return
        rc, bad = nat.tables_check(self._arrays["legal"], moves)
        if rc:
            raise ValueError(self._illegal(bad, int(moves[bad])))
        if self._pool_pid != os.getpid():
            # A forked child has the pool but not its threads: its jobs would wait for ever.
            self._pool = ThreadPoolExecutor(len(self._chunks) - 1)
            self._pool_pid = os.getpid()
        # The first chunk runs here while the pool's threads take the others: a step is a
        # fraction of a millisecond, and handing every chunk off would add a wake-up to it.
        jobs = []
        for start, stop, out, _ in self._chunks[1:]:
            at = nat.table_at(self._tables, start)
            share = (at, stop - start, rules, buffer + start, sizes, nsizes, out)
            try:
                jobs.append(self._pool.submit(nat.tables_step, *share))
            except RuntimeError:  # no new threads at the interpreter's exit (an atexit handler)
                nat.tables_step(*share)
        start, stop, out, _ = self._chunks[0]
        try:
            nat.tables_step(self._tables, stop - start, rules, buffer, sizes, nsizes, out)
        finally:  # every share played before the lock is let go, a Ctrl-C meanwhile included
            to_the_end(lambda: futures.wait(jobs))
        for job in jobs:
            job.result()

    def _actions(self, actions: Any) -> np.ndarray:
        if isinstance(actions, (list, tuple)) and not set(map(type, actions)) <= {int}:
            actions = _listed_actions(actions)
        if not isinstance(actions, np.ndarray) and (
            isinstance(actions, (str, bytes)) or not hasattr(actions, "__len__")
        ):
            kind = type(actions).__name__
            raise TypeError(f"actions must be a sequence or array of {self.n} ints, one a table, got {kind}")
        refuse_unordered(actions, "actions")
        array = actions if isinstance(actions, np.ndarray) else np.asarray(actions)
        if array.shape != (self.n,):
            raise ValueError(f"actions must have shape ({self.n},), one per table, got {array.shape}")
        array = plain(array, lambda at: f"actions: table {at[0]}")
        if array.dtype == np.uint8 and array.flags.c_contiguous:
            # A copy of its own (every other path below makes one): C checks the actions, then
            # plays them, without the GIL, and an action another thread wrote into the caller's
            # array in between was played unchecked (a fold with nothing owed).
            return array.copy()
        if array.dtype.kind == "O":  # Python ints past 64 bits, or things that are no ints
            for table, value in enumerate(array):
                if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                    raise TypeError(f"actions must be integers, got {value!r} for table {table}")
                if not 0 <= value <= 255:
                    raise ValueError(self._illegal(table, int(value)))
            array = array.astype(np.int64)
        if array.dtype.kind not in "iu":
            raise TypeError(f"actions must be integers, got dtype {array.dtype}")
        if array.size and (array.min() < 0 or array.max() > 255):
            bad = int(np.flatnonzero((array < 0) | (array > 255))[0])
            raise ValueError(self._illegal(bad, int(array[bad])))
        return np.ascontiguousarray(array, dtype=np.uint8)

    def _illegal(self, table: int, action: int) -> str:
        bits = int(self._arrays["legal"][table])
        if bits & 128:
            cards = bits & 7
            return f"table {table}: a draw takes a discard mask 0..{(1 << cards) - 1}, got {action}"
        # The last action is all in where the limit allows it, else the most allowed.
        most = "all-in" if self._rules.limit == nat.LIMIT_NO else "the most"
        words = {0: "fold", 1: "check or call", 2: "min", self.actions - 1: most}
        legal = [f"{a} ({words[a]})" if a in words else str(a) for a in range(self.actions) if bits >> a & 1]
        return f"table {table}: action {action} is not legal now; legal: {', '.join(legal)}"

    def hand(self, index: int) -> Hand:
        """A :class:`~pokereval.engine.Hand` copy of table `index` as it stands (its history is
        not kept: ``actions`` starts from here, and ``to_phh()`` refuses it, having no start to
        write).

        >>> Tables(2, stacks=[50, 50], seed=0).hand(1).legal >= {"fold", "call"}
        True
        """
        table = _int(index, "index")
        if not 0 <= table < self.n:
            raise ValueError(f"index must be a table 0..{self.n - 1}, got {table}")
        hand = _new_hand(Hand)
        _untrack(hand)
        with self._turn():
            hand._p = nat.copy_state(nat.table_at(self._tables, table))
        hand._log = ()
        rules = _Rules({**self._rules.kwargs, "auto_deal": True})
        # The start as a Hand's own is kept: dealing by hand, so that a replay of the log
        # stops at each deal and writes it (the table's state deals inside each move).
        start = nat.copy_state(hand._p)
        nat.set_auto(start, 0)
        rules.init = nat.state_bytes(start)
        rules.info = {_NO_HISTORY: True}
        hand._rules = rules
        return hand

    def play_random(self, hands: int, seed: int | None = None) -> RandomPlay:
        """Play `hands` hands with uniformly random legal actions (draws: each card
        discarded with chance one half), spread over the tables' threads.  The same seed gives
        the same hands for any number of threads.

        >>> result = Tables(1, stacks=[100] * 6, seed=0).play_random(1000, seed=1)
        >>> result.payoffs.shape, int(result.payoffs.sum())
        ((1000, 6), 0)
        """
        count = _int(hands, "hands")
        if not 0 <= count <= 1 << 40:
            raise ValueError(f"hands must be 0..2**40, got {count}")
        base = _seed(self._seed if seed is None else seed)
        seats = self.seats
        try:
            result = RandomPlay(
                np.zeros((count, seats), np.int64),
                np.zeros(count, np.uint32),
                np.full((count, seats, nat.HOLD), nat.NO_CARD, np.uint8),
                np.full((count, nat.BOARD), nat.NO_CARD, np.uint8),
            )
        except MemoryError:
            size = count * (8 * seats + 4 + seats * nat.HOLD + nat.BOARD)
            raise MemoryError(
                f"{count:,} hands need {size / 2**30:,.1f} GiB for their results; play them in parts"
            ) from None
        # Chunks of at most 65,536 hands (a few hundredths of a second each) from one queue
        # (run_jobs): a Ctrl-C lands between them, where one call for all the hands held it
        # until the last (11 s for 10**8 hands), and a slower thread takes fewer.  Each hand's
        # deal comes from its index, so the chunks change no hand.
        size = max(4096, min(1 << 16, count // (8 * self.threads) or 1))
        cuts = [*range(0, count, size), count]
        refused: list[int] = []

        def job(start: int, stop: int) -> Callable[[], int]:
            def run() -> int:
                rc, field = nat.play_random(
                    self._rules.rules,
                    base,
                    start,
                    stop - start,
                    self._c_sizes,
                    len(self._sizes),
                    result.payoffs[start:stop],
                    result.moves[start:stop],
                    result.holes[start:stop],
                    result.boards[start:stop],
                )
                if rc:
                    refused.append(field)
                return int(rc)

            return run

        chunks = list(zip(cuts[:-1], cuts[1:]))
        if run_jobs([job(a, b) for a, b in chunks], [float(b - a) for a, b in chunks], self.threads, None):
            raise self._rules.error(refused[0])
        return result

    def __repr__(self) -> str:
        return f"<Tables {self.n} x {self._rules.game}, {self.seats} seats, {self.actions} actions>"

    def __del__(self) -> None:
        pool = getattr(self, "_pool", None)
        if pool is not None:
            pool.shutdown(wait=False)


_DEFAULTS: dict[str, Any] = {
    "limit": "no-limit",
    "blinds": None,
    "antes": 0,
    "bb_ante": 0,
    "straddles": (),
    "button": 0,
    "bets": None,
    "min_bet": None,
    "bring_in": None,
    "cap": 4,
    "hole_cards": None,
    "uncapped_heads_up": False,
    "half_bet_all_in": False,
    "open_pair_big_bet": True,
    "blinds_or_straddles": None,
    "ante_trimming": None,
}
_RULE_NAMES = frozenset(_DEFAULTS) | {"stacks"}
