"""Building the shipped preflop tables again (what ``tools/build_tables.py`` and
:mod:`pokereval.dask` run; :mod:`pokereval.tables` reads the result).

The work is split into chunks that run in parallel processes (or on Dask) and are saved as
they finish, each named by what it computes and recorded in the folder's manifest, so an
interrupted build resumes and a stale or foreign chunk is refused by name.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from . import _core
from ._checks import as_int
from ._version import __version__
from .classes import class_of_ids
from .equity.preflop import HU_FILE, MAX_OPPONENTS, MULTIWAY_FILE, RUNOUTS, class_keys, key_cards

HU_CHUNK_ROWS = 1000
"""Heads-up classes per chunk of a build (15 to 20 s of an idle core each)."""

BOARDS = math.comb(52, 5)
MULTIWAY_SEED = 20261201
"""Seed of the multiway table; each board draws from a stream of its own made from it."""
MULTIWAY_ROUNDS = 14
"""Opponent deals per (board, hand) for the offsuit classes (12 combos).  A class of c combos
gets MULTIWAY_ROUNDS * 12 // c (pairs 28, suited 42), so every class has the same samples:
12 * MULTIWAY_ROUNDS for each of the 2,118,760 boards a hand leaves."""
MULTIWAY_CHUNK_BOARDS = 16_384
"""Boards per chunk of the multiway build (about 8 s of an idle core each, 159 chunks)."""
MULTIWAY_MAX_ROUNDS = 21
"""The most `rounds` a build takes: suited classes get three times as many, the core 64 at most."""

_ALL_HANDS = np.array([(high, low) for high in range(52) for low in range(high)], dtype=np.uint8)


# ---- the heads-up table ---------------------------------------------------------------------


def _all_matchups() -> np.ndarray[Any, Any]:
    """Every unordered pair of disjoint hands once: (812,175, 4) uint8."""
    first, second = np.triu_indices(len(_ALL_HANDS), k=1)
    ids = np.concatenate([_ALL_HANDS[first], _ALL_HANDS[second]], axis=1)
    disjoint = (ids[:, :2, None] != ids[:, None, 2:]).all(axis=(1, 2))
    return np.asarray(ids[disjoint])


def _unordered_keys(ids: np.ndarray[Any, Any]) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """(key, swapped): the class of each matchup is the smaller of its two ordered keys;
    swapped says the second hand plays the class's first."""
    forward = class_keys(ids)
    backward = class_keys(ids[:, [2, 3, 0, 1]])
    return np.minimum(forward, backward), backward < forward


def hu_class_keys() -> np.ndarray[Any, Any]:
    """The 47,008 heads-up class keys, ascending: the rows of the heads-up table (a few seconds)."""
    return np.unique(_unordered_keys(_all_matchups())[0])


def check_class_keys(keys: object) -> np.ndarray[Any, Any]:
    """`keys` as an array of heads-up class keys (as :func:`hu_class_keys` lists them; their
    dtype kept, which names the chunks), or TypeError / ValueError naming the first that is
    none: a key past 24 bits was read as its low bits, a float key truncated, and a key of no
    class came back from the core as an "inconsistent" RuntimeError."""
    given = np.asarray(keys)
    if given.dtype == np.bool_ or given.dtype.kind not in "iu":
        raise TypeError(f"keys must be an integer array of heads-up class keys, got dtype {given.dtype}")
    if given.ndim != 1:
        raise ValueError(f"keys must be a 1-d array of heads-up class keys, got shape {given.shape}")
    wide = given.astype(np.int64)
    in_range = (given >= 0) & (given < 1 << 24)
    ids = key_cards(np.where(in_range, wide, 0))
    distinct = (np.diff(np.sort(ids, axis=1), axis=1) != 0).all(axis=1)
    canonical = in_range & (ids < 52).all(axis=1) & distinct
    canonical &= _unordered_keys(np.where(canonical[:, None], ids, [0, 1, 2, 3]))[0] == wide
    if not canonical.all():
        at = int(np.flatnonzero(~canonical)[0])
        raise ValueError(f"keys[{at}] is {given[at]}, no heads-up class key (hu_class_keys() lists them)")
    return given


def hu_wins(keys: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Wins of both hands of each class, exact: (N, 2) uint32, one C equity call per class."""
    keys = check_class_keys(keys)
    deals = key_cards(keys)
    wins = np.zeros((len(deals), 2), dtype=np.uint32)
    for row, deal in enumerate(deals):
        rc, (_, won, tied, runs) = _core.equity_hands(_core.GAME_HOLDEM, deal.tobytes(), 2, 2, b"", b"", 0, 0)
        if rc != 0 or runs[0] != RUNOUTS or tied[0] != tied[1] or won[0] + won[1] + tied[0] != RUNOUTS:
            raise RuntimeError(f"equity of class {int(keys[row])} came back inconsistent (code {rc})")
        wins[row] = won[0], won[1]
    return wins


def class_sums(
    keys: np.ndarray[Any, Any], wins: np.ndarray[Any, Any]
) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The 169 x 169 class table from the heads-up table: (points, pairs).

    points[i, j] sums 2 * wins + ties of class i's hand over every pair of a combo of i and
    a combo of j that share no card (pairs[i, j] of them), so class i's equity against j is
    points / (2 * RUNOUTS * pairs), exactly.
    """
    ids = _all_matchups()
    key, swapped = _unordered_keys(ids)
    row = np.searchsorted(keys, key)
    if not np.array_equal(keys[np.minimum(row, len(keys) - 1)], key):
        raise ValueError("the heads-up table lacks some classes")
    won = wins[row].astype(np.int64)
    first = np.where(swapped, won[:, 1], won[:, 0])
    second = np.where(swapped, won[:, 0], won[:, 1])
    ties = RUNOUTS - first - second
    class_a = class_of_ids(ids[:, 0].astype(np.int64), ids[:, 1].astype(np.int64))
    class_b = class_of_ids(ids[:, 2].astype(np.int64), ids[:, 3].astype(np.int64))
    cells = 169 * 169
    points = np.bincount(class_a * 169 + class_b, 2 * first + ties, cells)
    points += np.bincount(class_b * 169 + class_a, 2 * second + ties, cells)
    pairs = np.bincount(class_a * 169 + class_b, None, cells) + np.bincount(
        class_b * 169 + class_a, None, cells
    )
    return points.astype(np.uint64).reshape(169, 169), pairs.astype(np.uint32).reshape(169, 169)


# ---- the multiway table ---------------------------------------------------------------------


def _hand_groups() -> np.ndarray[Any, Any]:
    """The class of the hand of cards a, b at [52 * a + b], either order: (2704,) uint8."""
    a, b = np.divmod(np.arange(52 * 52), 52)
    return np.asarray(class_of_ids(np.maximum(a, b), np.minimum(a, b)), dtype=np.uint8)


def _whole(value: object, name: str, low: int, high: int) -> int:
    """`value` as an int in low..high, or TypeError / ValueError naming `name`."""
    number = as_int(value, name)  # ints and numpy ints, never bools
    if not low <= number <= high:
        raise ValueError(f"{name} must be {low}..{high}, got {number}")
    return number


def multiway_rounds(rounds: int = MULTIWAY_ROUNDS) -> np.ndarray[Any, Any]:
    """Opponent deals per (board, hand) of each class: `rounds` * 12 // its combos, (169,) uint8."""
    rounds = _whole(rounds, "rounds", 2, MULTIWAY_MAX_ROUNDS)
    sizes = np.bincount(class_of_ids(_ALL_HANDS[:, 0], _ALL_HANDS[:, 1]), None, 169)
    return np.asarray(rounds * 12 // sizes, dtype=np.uint8)


def boards(start: int, stop: int) -> np.ndarray[Any, Any]:
    """The boards start..stop-1 of the 2,598,960, in lexicographic order: (n, 5) uint8."""
    start = _whole(start, "start", 0, BOARDS)
    stop = _whole(stop, "stop", start, BOARDS)
    picked = itertools.islice(itertools.combinations(range(52), 5), start, stop)
    flat = np.fromiter(itertools.chain.from_iterable(picked), dtype=np.uint8, count=5 * (stop - start))
    return flat.reshape(-1, 5)


def multiway_sums(
    start: int, stop: int, *, rounds: int = MULTIWAY_ROUNDS, seed: int = MULTIWAY_SEED
) -> np.ndarray[Any, Any]:
    """Every class against 1..9 random hands on the boards start..stop-1: (169, 19) uint64
    of [units, pot units won against 1..9 opponents, their spread against 1..9] (see
    pe_preflop_multiway).  Integers: the sums of any split of the boards add up to the same."""
    seed = _whole(seed, "seed", 0, 2**64 - 1)
    out = np.zeros((3, 169, MAX_OPPONENTS), dtype=np.uint64)
    units = np.zeros(169, dtype=np.uint64)
    rc = _core.preflop_multiway(
        boards(start, stop), _hand_groups(), multiway_rounds(rounds), seed, units, out[1], out[2]
    )
    if rc != 0:
        raise RuntimeError(f"the multiway sampler failed (code {rc})")
    return np.concatenate([units[:, None], out[1], out[2]], axis=1)


def add_sums(chunks: Sequence[np.ndarray[Any, Any]]) -> np.ndarray[Any, Any]:
    """The totals of :func:`multiway_sums` chunks: (169, 19) uint64, exact in any order."""
    return np.asarray(np.stack(chunks).sum(axis=0, dtype=np.uint64), dtype=np.uint64)


def multiway_values(
    totals: np.ndarray[Any, Any], rounds: int = MULTIWAY_ROUNDS
) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """(equity, standard error, samples), each (169, 9), from the summed `totals`.

    Every board and hand is a stratum of its own, so only the opponents' deals are random:
    the error comes from the spread of the r deals within each (board, hand), not from the
    boards (the variance of a mean of M strata means with r deals each is the sum of their
    variances / r over M squared).
    """
    units = totals[:, :1].astype(np.float64)
    r = multiway_rounds(rounds).astype(np.float64)[:, None]
    won = totals[:, 1 : 1 + MAX_OPPONENTS].astype(np.float64)
    spread = totals[:, 1 + MAX_OPPONENTS :].astype(np.float64)
    unit = float(_core.EQ_UNIT)
    equity = won / (unit * units * r)
    se = np.sqrt(spread / (r - 1)) / (unit * units * r)
    samples = np.repeat(totals[:, :1] * r.astype(np.uint64), MAX_OPPONENTS, axis=1)
    return equity, se, samples


def one_opponent(points: np.ndarray[Any, Any], pairs: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Each class against one random hand, exactly, from the class table: (169,) float64."""
    return np.asarray(points.sum(axis=1) / (2.0 * RUNOUTS * pairs.sum(axis=1)))


# ---- chunks, folders and files --------------------------------------------------------------


class Chunk(NamedTuple):
    """One piece of a table build: `name` is its file in the chunk folder; `run()` computes it."""

    name: str
    func: Callable[..., np.ndarray[Any, Any]]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]

    def run(self) -> np.ndarray[Any, Any]:
        return self.func(*self.args, **self.kwargs)


def hu_chunks(keys: np.ndarray[Any, Any], rows: int = HU_CHUNK_ROWS) -> list[Chunk]:
    """The heads-up build in chunks of `rows` classes."""
    rows = _whole(rows, "rows", 1, 2**31)
    keys = check_class_keys(keys)  # on the client: one error, not one a worker
    parts = [keys[start : start + rows] for start in range(0, len(keys), rows)]
    return [Chunk(f"hu-{len(part)}-{digest(part.tobytes())}.npy", hu_wins, (part,), {}) for part in parts]


def digest(data: bytes) -> str:
    """Names a chunk by what it computes, so a folder never hands back another build's chunk."""
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def multiway_chunks(
    *,
    rounds: int = MULTIWAY_ROUNDS,
    seed: int = MULTIWAY_SEED,
    size: int = MULTIWAY_CHUNK_BOARDS,
    stop: int = BOARDS,
) -> list[Chunk]:
    """The multiway build over the boards 0..stop-1, `size` boards a chunk."""
    multiway_rounds(rounds)  # checks it
    _whole(seed, "seed", 0, 2**64 - 1)
    size = _whole(size, "size", 1, BOARDS)
    stop = _whole(stop, "stop", 1, BOARDS)
    options = {"rounds": rounds, "seed": seed}
    return [
        Chunk(
            f"multi-{start}-{min(start + size, stop)}-{rounds}-{seed}.npy",
            multiway_sums,
            (start, min(start + size, stop)),
            options,
        )
        for start in range(0, stop, size)
    ]


Progress = Callable[[float], None]
Runner = Callable[[Sequence[Chunk]], Iterator[tuple[int, np.ndarray[Any, Any]]]]
"""Runs chunks and yields (position, result) as each finishes, in any order."""


def in_processes(workers: int) -> Runner:
    """A runner over `workers` processes (1: in this process)."""

    def run(chunks: Sequence[Chunk]) -> Iterator[tuple[int, np.ndarray[Any, Any]]]:
        if workers <= 1:
            for i, chunk in enumerate(chunks):
                yield i, chunk.run()
            return
        pool = ProcessPoolExecutor(workers)
        try:
            futures = {pool.submit(chunk.run): i for i, chunk in enumerate(chunks)}
            for future in as_completed(futures):
                yield futures[future], future.result()
        finally:
            # On Ctrl-C (or an error) the chunks not yet started are dropped: the pool's own
            # exit waited for every one of them, then their results went nowhere.
            pool.shutdown(wait=True, cancel_futures=True)

    return run


MANIFEST = "manifest.json"
"""The record, in a chunk folder, of what each saved chunk was computed from."""


def _fingerprint(value: Any) -> bytes:
    """Bytes that change whenever `value` (a chunk's argument) does."""
    if isinstance(value, np.ndarray):
        return f"{value.dtype.str}{value.shape}".encode() + np.ascontiguousarray(value).tobytes()
    if isinstance(value, (tuple, list)):
        return b"(" + b",".join(_fingerprint(item) for item in value) + b")"
    if isinstance(value, dict):
        return b"{" + b",".join(_fingerprint((k, value[k])) for k in sorted(value)) + b"}"
    return repr(value).encode()


def chunk_inputs(chunk: Chunk) -> str:
    """A digest of what `chunk` computes: its function, arguments and the library version."""
    head = f"{__version__} {chunk.func.__module__}.{chunk.func.__qualname__}".encode()
    return digest(head + _fingerprint(chunk.args) + _fingerprint(chunk.kwargs))


def _file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _read_manifest(folder: Path) -> dict[str, dict[str, str]]:
    path = folder / MANIFEST
    if not path.is_file():
        return {}
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ValueError(f"chunk folder {str(folder)!r}: cannot read {MANIFEST} ({error})") from None
    if not isinstance(record, dict) or not all(isinstance(v, dict) for v in record.values()):
        raise ValueError(f"chunk folder {str(folder)!r}: {MANIFEST} is not a pokereval chunk record")
    return record


def _write_manifest(folder: Path, record: dict[str, dict[str, str]]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    partial = folder / (MANIFEST + ".part")
    partial.write_text(json.dumps(record, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(partial, folder / MANIFEST)


def _saved(folder: Path, chunk: Chunk, record: dict[str, dict[str, str]]) -> np.ndarray[Any, Any] | None:
    """The saved result of `chunk`, None if the folder has none; ValueError for a file the
    record does not vouch for (another build's, another version's, or changed since)."""
    path = folder / chunk.name
    if not path.is_file():
        return None
    entry = record.get(chunk.name)
    where = f"chunk folder {str(folder)!r}: {chunk.name}"
    if entry is None:
        problem = f"is not listed in its {MANIFEST}, so nothing says what it was computed from"
    elif entry.get("inputs") != chunk_inputs(chunk):
        problem = "was computed from other inputs (another version of pokereval, or other arguments)"
    elif entry.get("sha256") != _file_digest(path):
        problem = "has changed since it was saved"
    else:
        saved: np.ndarray[Any, Any] = np.load(path, allow_pickle=False)
        return saved
    raise ValueError(f"{where} {problem}; delete it (or use an empty folder) to compute it again")


def run_chunks(
    chunks: Sequence[Chunk],
    folder: Path | str | None = None,
    *,
    workers: int = 1,
    progress: Progress | None = None,
    runner: Runner | None = None,
) -> list[np.ndarray[Any, Any]]:
    """Run chunks in `workers` processes (or with `runner`) and return their results in order.

    With a `folder`, each result is saved there as it finishes and chunks already saved are
    read back instead of computed, so a build that stops can be started again.  The folder's
    :data:`MANIFEST` records what each saved chunk was computed from (and a digest of the
    file): a saved file that it does not vouch for is a ValueError naming it, never a result.
    """
    if not chunks:
        raise ValueError("no chunks to run: the work is empty")
    where = Path(folder) if folder is not None else None
    record = _read_manifest(where) if where is not None else {}
    results: list[np.ndarray[Any, Any] | None] = [None] * len(chunks)
    todo = []
    for i, chunk in enumerate(chunks):
        saved = _saved(where, chunk, record) if where is not None else None
        if saved is None:
            todo.append(i)
        else:
            results[i] = saved
    done = len(chunks) - len(todo)
    if todo:
        for position, result in (runner or in_processes(workers))([chunks[i] for i in todo]):
            i = todo[position]
            results[i] = result
            if where is not None:
                save_chunk(where, chunks[i].name, result)
                record[chunks[i].name] = {
                    "inputs": chunk_inputs(chunks[i]),
                    "sha256": _file_digest(where / chunks[i].name),
                }
                _write_manifest(where, record)
            done += 1
            if progress is not None:
                progress(done / len(chunks))
    missing = [chunks[i].name for i, r in enumerate(results) if r is None]
    if missing:  # a runner that skipped a chunk: never a shorter table in silence
        raise RuntimeError(
            f"{len(missing)} of {len(chunks)} chunks came back with no result: {missing[0]}, ..."
        )
    return [r for r in results if r is not None]


def check_folder(folder: Path | str, what: str) -> None:
    """A ValueError naming `folder` unless a build can write `what` there: it is a folder
    this user may write in, or it can be made (its nearest existing parent is one).  Called
    before any work, so a build never runs for hours to fail on its last step.

    >>> check_folder(__file__, "the tables")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the tables cannot be written to '...preflop_build.py': it is a file, not a folder
    """
    path = Path(folder)
    probe = path.absolute()
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    where = "it" if probe == path.absolute() else repr(str(probe))
    if not probe.is_dir():
        raise ValueError(f"{what} cannot be written to {str(path)!r}: {where} is a file, not a folder")
    if not os.access(probe, os.W_OK | os.X_OK):
        raise ValueError(f"{what} cannot be written to {str(path)!r}: this user may not write in {where}")
    # Permission bits do not tell all (root may "write" in /proc, a file system may be read-only):
    # the folder is made and a file written in it and removed, as the build will.
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as error:
        reason = error.strerror or str(error)
        raise ValueError(f"{what} cannot be written to {str(path)!r}: {reason}") from None


def save_chunk(folder: Path, name: str, result: np.ndarray[Any, Any]) -> None:
    """Save atomically: a half-written file is never taken for a finished chunk."""
    folder.mkdir(parents=True, exist_ok=True)
    partial = folder / (name + ".part")
    with open(partial, "wb") as f:
        np.save(f, result)
    os.replace(partial, folder / name)


def write_hu(directory: Path, keys: np.ndarray[Any, Any], wins: np.ndarray[Any, Any]) -> None:
    points, pairs = class_sums(keys, wins)
    directory.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(directory / HU_FILE, keys=keys, wins=wins, points=points, pairs=pairs)


def write_multiway(
    directory: Path,
    chunks: Sequence[np.ndarray[Any, Any]],
    *,
    rounds: int = MULTIWAY_ROUNDS,
    seed: int = MULTIWAY_SEED,
    size: int = MULTIWAY_CHUNK_BOARDS,
) -> None:
    """The multiway table from the chunks of :func:`multiway_chunks` (all of them, in order,
    built with these `rounds`, `seed` and chunk `size`):
    one opponent exact from the heads-up table, 2..9 sampled.  The sampled one-opponent
    column is kept as `check` (value, error), and each chunk's digest, so a test can
    recompute any chunk and compare."""
    with np.load(directory / HU_FILE) as hu:
        exact = one_opponent(hu["points"], hu["pairs"])
    totals = add_sums(chunks)
    if int(totals[:, 0].sum()) != 1326 * math.comb(50, 5):
        raise ValueError("the multiway chunks do not cover every board once")
    equity, se, samples = multiway_values(totals, rounds)
    check = np.stack([equity[:, 0], se[:, 0]], axis=1)
    equity[:, 0], se[:, 0], samples[:, 0] = exact, 0.0, 0
    np.savez_compressed(
        directory / MULTIWAY_FILE,
        equity=equity,
        se=se,
        samples=samples,
        check=check,
        totals=totals,
        digests=np.array([digest(c.tobytes()) for c in chunks]),
        rounds=np.uint64(rounds),
        seed=np.uint64(seed),
        chunk_boards=np.uint64(size),
    )


def progress_line(label: str) -> Progress:
    def show(fraction: float) -> None:
        print(
            f"\r{label}: {100 * fraction:5.1f}%",
            end="" if fraction < 1 else "\n",
            file=sys.stderr,
            flush=True,
        )

    return show
