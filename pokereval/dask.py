"""pokereval on Dask: the preflop tables, range grids, the flop report and batches as Dask graphs.

An optional extra (``pip install "pokereval-cffi[dask]"``); ``import pokereval`` never loads it.  Each
chunk of work runs the C core in a worker and gives the same array, bit for bit, as the
single-machine function (:mod:`pokereval.tables`, :func:`pokereval.equity`,
:func:`pokereval.evaluate_batch`).

``scheduler`` is a ``distributed.Client``, a scheduler address such as
``"tcp://host:8786"``, or None for a ``LocalCluster`` with one single-threaded worker
process per core of this machine.  With a ``folder``, every finished chunk is saved there
(``.npy``, written by the client, so the workers need no shared disk) and chunks already
there are read back instead of computed: an interrupted build resumes where it stopped.
``progress`` is called with the fraction of chunks done each time one finishes.

Regenerate the shipped tables on a cluster with
``python -m pokereval.dask preflop --scheduler tcp://host:8786`` (see ``docs/tables.md``).
"""

from __future__ import annotations

import argparse
import builtins
import math
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Union

import numpy as np

from ._checks import extra_imports

with extra_imports("pokereval.dask", "the dask extra: pip install 'pokereval-cffi[dask]'"):
    import dask.array as da
    from dask.delayed import delayed
    from distributed import Client, LocalCluster, as_completed

from . import abstraction, preflop_build, solver
from ._checks import check_count, check_flag, check_progress, check_samples, check_seed, check_unique
from .api import evaluate_rows
from .cards import CardsLike, format_cards, natural_cards
from .equity import equity, preflop
from .games import game_spec
from .preflop_build import Chunk, Progress, Runner
from .ranges import Range
from .rank import wild_mode

__all__ = [
    "buckets",
    "evaluate_batch",
    "flop_report",
    "hu_table",
    "local_cluster",
    "multiway_table",
    "preflop_tables",
    "range_grid",
    "run_chunks",
]

Scheduler = Union[Client, str, None]


def local_cluster(workers: int | None = None) -> LocalCluster:
    """A LocalCluster of `workers` single-threaded processes (default: one per core), no dashboard.

    The C core releases the GIL, but a process per worker also keeps Python's own work apart.
    Without a dashboard the scheduler still serves HTTP (health, metrics), on port 8787 unless
    told otherwise: it takes a free port, so a second cluster or a user's own dashboard on 8787
    is no clash (distributed warned "Port 8787 is already in use").
    """
    return LocalCluster(
        n_workers=workers or os.cpu_count() or 1,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        scheduler_kwargs={"dashboard_address": ":0"},
    )


@contextmanager
def _client(scheduler: Scheduler) -> Iterator[Client]:
    if isinstance(scheduler, Client):
        yield scheduler
    elif scheduler is None:
        with local_cluster() as cluster, Client(cluster) as client:
            yield client
    elif isinstance(scheduler, str):
        with Client(scheduler) as client:
            yield client
    else:
        raise TypeError(f"scheduler must be a distributed.Client, an address or None, got {scheduler!r}")


def _on_dask(client: Client) -> Runner:
    """A chunk runner that submits one delayed call per chunk to `client`'s cluster."""

    def run(chunks: Sequence[Chunk]) -> Iterator[tuple[int, np.ndarray[Any, Any]]]:
        # Each task is named after its chunk's file, which names what it computes, so the
        # same chunk submitted twice to a live cluster is one task.  Chunks of the same name
        # in one call (a board listed twice) are one task too, its result handed to each of
        # their positions: one key for several positions once kept only the last of them.
        positions: dict[str, list[int]] = {}
        for i, chunk in enumerate(chunks):
            positions.setdefault(chunk.name, []).append(i)
        names = list(positions)
        graph = [
            delayed(chunks[positions[name][0]].run, pure=True)(dask_key_name=f"pokereval-{name}")
            for name in names
        ]
        futures = client.compute(graph)
        name_of = {future.key: name for future, name in zip(futures, names)}
        for future, result in as_completed(futures, with_results=True):
            for i in positions[name_of[future.key]]:
                yield i, result

    return run


def run_chunks(
    chunks: Sequence[Chunk],
    folder: Path | str | None = None,
    *,
    scheduler: Scheduler = None,
    progress: Progress | None = None,
) -> list[np.ndarray[Any, Any]]:
    """:func:`pokereval.preflop_build.run_chunks` on Dask: one task per chunk not yet in `folder`."""
    with _client(scheduler) as client:
        return preflop_build.run_chunks(chunks, folder, progress=progress, runner=_on_dask(client))


def hu_table(
    keys: np.ndarray[Any, Any] | None = None,
    *,
    rows: int = preflop_build.HU_CHUNK_ROWS,
    folder: Path | str | None = None,
    scheduler: Scheduler = None,
    progress: Progress | None = None,
) -> np.ndarray[Any, Any]:
    """Wins of both hands of each heads-up class (default: all 47,008), as
    :func:`pokereval.preflop_build.hu_wins` gives them, in chunks of `rows` classes."""
    if keys is None:
        keys = preflop_build.hu_class_keys()
    return np.concatenate(
        run_chunks(preflop_build.hu_chunks(keys, rows), folder, scheduler=scheduler, progress=progress)
    ).reshape(-1, 2)


def multiway_table(
    *,
    rounds: int = preflop_build.MULTIWAY_ROUNDS,
    seed: int = preflop_build.MULTIWAY_SEED,
    size: int = preflop_build.MULTIWAY_CHUNK_BOARDS,
    stop: int = preflop_build.BOARDS,
    folder: Path | str | None = None,
    scheduler: Scheduler = None,
    progress: Progress | None = None,
) -> np.ndarray[Any, Any]:
    """(169, 19) uint64: :func:`pokereval.preflop_build.multiway_sums` over the boards 0..stop-1, one
    task per `size` boards, summed (integers, so the same as one call over all of them)."""
    chunks = preflop_build.multiway_chunks(rounds=rounds, seed=seed, size=size, stop=stop)
    return preflop_build.add_sums(run_chunks(chunks, folder, scheduler=scheduler, progress=progress))


def preflop_tables(
    out: Path | str,
    *,
    folder: Path | str | None = None,
    scheduler: Scheduler = None,
    progress: Progress | None = None,
) -> None:
    """Build both shipped tables into `out` (what ``tools/build_tables.py`` writes).  Both
    folders are checked first: one that cannot be written is a ValueError before any work."""
    preflop_build.check_folder(out, "the tables")
    if folder is not None:
        preflop_build.check_folder(folder, "the chunks")
    out = Path(out)
    keys = preflop_build.hu_class_keys()
    hu = preflop_build.hu_chunks(keys)
    results = run_chunks(
        [*hu, *preflop_build.multiway_chunks()], folder, scheduler=scheduler, progress=progress
    )
    preflop_build.write_hu(out, keys, np.concatenate(results[: len(hu)]))
    preflop_build.write_multiway(out, results[len(hu) :])


def _grid_chunk(
    ranges: Sequence[str], opponents: Sequence[str], board: str, samples: int | None, seed: int | None
) -> np.ndarray[Any, Any]:
    return np.array(
        [
            [equity([r, o], board=board, samples=samples, seed=seed).equity[0] for o in opponents]
            for r in ranges
        ],
        dtype=np.float64,
    ).reshape(len(ranges), len(opponents))


def range_grid(
    ranges: Sequence[str],
    opponents: Sequence[str],
    boards: Sequence[CardsLike],
    *,
    samples: int | None = None,
    seed: int | None = None,
    folder: Path | str | None = None,
    scheduler: Scheduler = None,
    progress: Progress | None = None,
) -> np.ndarray[Any, Any]:
    """Equity of each of `ranges` against each of `opponents` on each board (flops, say):
    (len(boards), len(ranges), len(opponents)) float64, cell [b, i, j] equal to
    ``equity([ranges[i], opponents[j]], board=boards[b], samples=samples, seed=seed).equity[0]``.
    One task per board.  Exact by default; pass `samples` (and a `seed`, the same for every
    cell) where exact work is too large; without a seed each call draws one of its own."""
    for name, hands in (("ranges", ranges), ("opponents", opponents), ("boards", boards)):
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise TypeError(f"{name} must be a list, got {type(hands).__name__}")
        if not hands:
            raise ValueError(f"{name} is empty: give at least one")
    # Checked here, on the client: a wrong call is one clear error before any task runs,
    # never the same error raised in every worker and logged by each.
    samples, seed = check_samples(samples), check_seed(seed)
    check_progress(progress)
    for name, hands in (("ranges", ranges), ("opponents", opponents)):
        for i, text in enumerate(hands):
            try:
                Range(text)  # read as equity reads it: a bad token is one error here, not one a task
            except (TypeError, ValueError) as error:
                raise type(error)(f"{name}[{i}]: {error}") from None
    if samples is not None and seed is None:
        # Drawn here, for every cell: a task is named by its arguments (and a chunk file by
        # their digest), so a run without a seed was handed an earlier run's result.
        seed = int.from_bytes(os.urandom(8), "little")
    texts = []
    for i, board in enumerate(boards):
        ids = natural_cards(board, f"board {i}")
        check_unique([(f"board {i}", ids)])
        if len(ids) > 5:
            raise ValueError(f"board {i} has {len(ids)} cards; at most 5")
        texts.append(format_cards(list(ids)))
    chunks = []
    for board in texts:
        args = (tuple(ranges), tuple(opponents), board, samples, seed)
        chunks.append(Chunk(f"grid-{preflop_build.digest(repr(args).encode())}.npy", _grid_chunk, args, {}))
    return np.stack(run_chunks(chunks, folder, scheduler=scheduler, progress=progress)).reshape(
        len(boards), len(ranges), len(opponents)
    )


def flop_report(
    range: solver.RangeLike,
    vs: solver.RangeLike,
    *,
    dead: CardsLike | None = (),
    tasks: int = 32,
    scheduler: Scheduler = None,
    progress: Progress | None = None,
    pandas: bool | None = None,
) -> Any:
    """:func:`pokereval.flop_report` on Dask: the flops cut into `tasks` slices, one task each.

    Each worker plays its flops with the C core exactly as one process would; the client
    adds the slices up in flop order, so the table equals ``pokereval.flop_report(range, vs,
    dead=dead)`` number for number.
    """
    tasks = check_count(tasks, "tasks", 1, 1_000_000)  # past the flops' count, one flop a task
    check_progress(progress)  # before any task, as the local report checks it
    pandas = check_flag(pandas, "pandas", none=True)
    mine, theirs, dead_ids, by_class = solver.report_work(range, vs, dead)
    boards = solver.report_boards(by_class)
    size = -(-len(boards) // tasks)
    starts = list(builtins.range(0, len(boards), size))
    with _client(scheduler) as client:
        # Keys of this call's own (hash=False): scattered by content, a second call with the same
        # ranges got the keys of the first's copies as they were being released, and its tasks
        # were cancelled.
        weights = client.scatter([mine, theirs], broadcast=True, hash=False)
        play = solver.flop_rows
        futures = [client.submit(play, *weights, dead_ids, boards[a : a + size], pure=False) for a in starts]
        position = {future.key: i for i, future in enumerate(futures)}
        parts: list[np.ndarray[Any, Any] | None] = [None] * len(futures)
        for done, (future, rows) in enumerate(as_completed(futures, with_results=True), 1):
            if future.status != "finished":  # cancelled: its error, not its error object as rows
                future.result()
            parts[position[future.key]] = rows
            if progress is not None:
                progress(done / len(futures))
    rows = np.concatenate([p for p in parts if p is not None])
    return solver.as_table(solver.report_table(rows, by_class), pandas)


def buckets(
    street: str,
    k: int,
    *,
    kind: str = "ehs2",
    seed: int = 0,
    bins: int = 20,
    boards: abstraction.BoardsLike | None = None,
    scheduler: Scheduler = None,
    progress: Progress | None = None,
) -> abstraction.Buckets:
    """:func:`pokereval.abstraction.buckets` on Dask: the features of the whole street
    computed in tasks of 16 boards on the workers, the clustering on the client.  The same
    buckets as on one machine for the same arguments."""
    abstraction.check_options(street, k, kind, seed, bins, progress)
    with _client(scheduler) as client:

        def mapper(f: Any, calls: list[tuple[Any, ...]], report: Any) -> list[Any]:
            futures = [client.submit(f, *call, pure=False) for call in calls]
            position = {future.key: i for i, future in enumerate(futures)}
            out: list[Any] = [None] * len(futures)
            for done, (future, result) in enumerate(as_completed(futures, with_results=True), 1):
                out[position[future.key]] = result
                if report is not None:
                    report(done / len(futures))
            return out

        return abstraction.buckets_with(street, k, kind, seed, bins, boards, mapper, progress)


def _evaluate_block(
    block: np.ndarray[Any, Any],
    game: str,
    hole: int | None,
    wild: str | None,
    block_info: dict[Any, Any] | None = None,
) -> np.ndarray[Any, Any]:
    # block_info says where the block sits, so that an error names the row of the whole array.
    first_row = block_info[0]["array-location"][0][0] if block_info else 0
    if isinstance(first_row, (int, np.integer)):
        result = evaluate_rows(block, game=game, hole=hole, wild=wild, first_row=int(first_row))
    else:  # nan: the chunk sizes are unknown (after a boolean mask), so is the block's place
        try:
            result = evaluate_rows(block, game=game, hole=hole, wild=wild)
        except ValueError as error:
            words = str(error)
            if not words.startswith("row "):
                raise
            row, _, rest = words[4:].partition(": ")
            raise ValueError(
                f"row {row} of a block whose place in the array is unknown (its chunk sizes are"
                f" not known; compute_chunk_sizes() first to have the row of the whole): {rest}"
            ) from None
    return np.stack(result, axis=1) if isinstance(result, tuple) else result


def evaluate_batch(
    ids: da.Array, *, game: str = "holdem", hole: int | None = None, wild: str | None = None
) -> Any:
    """:func:`pokereval.evaluate_batch` over an (N, k) dask array, block by block (map_blocks).

    Returns a lazy (N,) uint16 dask array; for the hi-lo games ("omaha-hilo", "stud-hilo" and
    their aliases) a pair (high, low).  Rows may be chunked freely; the k columns of a row are
    brought into one block.  An error names a bad row by its place in the whole array: the
    first of its block (where the chunk sizes are unknown, as after a boolean mask, by its place
    in its block, and says so).  With bad rows in several blocks, which block's row is named depends on
    the order the scheduler ran them in, not on where they are.

    >>> import dask.array as da, numpy as np
    >>> rows = da.from_array(np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 49]], dtype=np.uint8), chunks=1)
    >>> evaluate_batch(rows).compute(scheduler="sync")
    array([7462, 5854], dtype=uint16)
    """
    if not isinstance(ids, da.Array) or ids.ndim != 2:
        raise TypeError(f"ids must be a 2-d dask array of card ids, got {type(ids).__name__}")
    spec = game_spec(game)  # the one table of games resolves the name and its aliases
    if wild is not None:
        wild_mode(spec, wild)  # refused here, not in a worker
    columns = ids.shape[1]
    if not math.isnan(columns):
        # The dtype, the width and `hole` are known here: one row of the top cards, valid in
        # every game, meets every check of the batch but the rows' own, so a wrong call is one
        # error now, not one raised (and logged) in every worker at compute().
        probe = np.resize(np.arange(51, -1, -1), int(columns)).astype(ids.dtype)[None, :]
        evaluate_rows(probe, game=spec.name, hole=hole, wild=wild)
    ids = ids.rechunk({1: -1})
    args = (spec.name, hole, wild)
    if spec.hilo:
        both = da.map_blocks(_evaluate_block, ids, *args, chunks=(ids.chunks[0], (2,)), dtype=np.uint16)
        return both[:, 0], both[:, 1]
    return da.map_blocks(_evaluate_block, ids, *args, drop_axis=1, dtype=np.uint16)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pokereval.dask preflop``: build the shipped preflop tables on a Dask cluster."""
    parser = argparse.ArgumentParser(prog="python -m pokereval.dask", description=main.__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser("preflop", help="the heads-up and multiway preflop tables")
    build.add_argument("--scheduler", default=None, help="tcp://host:8786 (default: a LocalCluster here)")
    build.add_argument(
        "--out",
        default=str(preflop.DATA),
        help="the folder the two .npz tables go in (default: the package's own data folder,"
        " overwriting the tables it ships)",
    )
    build.add_argument("--chunks", default="preflop-chunks", help="folder for finished chunks (resume)")
    args = parser.parse_args(argv)
    preflop_tables(
        args.out,
        folder=args.chunks,
        scheduler=args.scheduler,
        progress=preflop_build.progress_line("preflop"),
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
