"""Card abstraction for CFR: a bucket id for every canonical (hand, board) of a street.

The equity features come from the C core (csrc/solver.c), all the hands of a board at
once; clustering uses scikit-learn and scipy (``pip install "pokereval-cffi[solver]"``),
imported only when :func:`buckets` clusters.  Three kinds, after Johanson, Burch,
Valenzano and Bowling, "Evaluating State-Space Abstractions in Extensive-Form Games"
(AAMAS 2013):

- ``"ehs2"``: E[HS^2], the mean over every runout to the river of the squared showdown
  equity against a random hand, clustered by k-means (one dimension).
- ``"emd"``: the histogram of that river equity over the runouts (`bins` bins),
  clustered by the earth mover's distance: in one dimension the EMD of two histograms is
  the L1 distance of their cumulative sums, so Lloyd's iterations assign by that
  distance and move each centre to the weighted coordinate-wise median (k-medians on the
  cumulative histograms; the potential-aware abstraction of the paper).
- ``"ochs"``: opponent cluster hand strength: the hand's exact equity against each of
  eight clusters of the opponent's starting hands (the 169 classes cut into eight groups
  of about equal combos by their heads-up equity), clustered by k-means.

Buckets are numbered by strength (0 the weakest: lowest mean equity of its centre), are
the same for a given seed, and save to and load from ``.npz``; :meth:`Buckets.bucket_of`
looks a (hand, board) up in one call (about 8 µs from Python on a 2-vCPU VM).
"""

from __future__ import annotations

import importlib
import math
import os
import threading
import tokenize
import zipfile
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Optional, Union

import numpy as np

from . import _core_solver
from ._arrays import frozen, read_only
from ._checks import (
    as_int,
    check_choice,
    check_count,
    check_progress,
    check_threads,
    check_unique,
    file_to_write,
)
from ._work import run_jobs
from .cards import CardsLike, card_ids, natural_cards
from .ranges import Range
from .solver import board_text, combos, flops, index_table, live_table

__all__ = ["KINDS", "STREETS", "Buckets", "board_features", "bucket_of", "buckets", "load", "street_boards"]

KINDS = ("ehs2", "emd", "ochs")
STREETS = {"flop": 3, "turn": 4, "river": 5}
N_COMBOS = _core_solver.COMBOS
_OCHS_CLUSTERS = 8
_FIT_POINTS = 200_000  # (hand, board) points a clustering is fitted on, at most (a seeded sample)
_MOST_BINS = 1000  # of an "emd" histogram
_MOST_WEIGHT = 2**53  # of a board: every weight up to it is exact as the float the clustering takes
Array = np.ndarray[Any, Any]


# ---- the boards of a street ---------------------------------------------------------------


def _next_street(reps: Array, weights: Array) -> tuple[Array, Array]:
    """The canonical board sets one card larger, with the raw sets each stands for."""
    n = reps.shape[1]
    deck = np.arange(52, dtype=np.uint8)
    rows, counts = [], []
    for board, weight in zip(reps, weights):
        cards = deck[~np.isin(deck, board)]
        extended = np.hstack([np.repeat(board[None, :], len(cards), axis=0), cards[:, None]])
        rows.append(extended)
        counts.append(np.full(len(cards), weight, dtype=np.int64))
    every = np.ascontiguousarray(np.vstack(rows))
    rc, canon = _core_solver.canonical_boards(every, True)
    if rc != 0:  # pragma: no cover  (the boards are built valid)
        raise ValueError(f"canonical boards: core error {rc}")
    keys = canon.astype(np.int64) @ (52 ** np.arange(n, -1, -1, dtype=np.int64))
    unique, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    # Each set of n + 1 cards was reached from each of its n + 1 subsets of n cards.
    total = (np.bincount(inverse, weights=np.concatenate(counts)) / (n + 1)).round().astype(np.int64)
    order = np.argsort(-unique, kind="stable")  # greatest first, like flops()
    return canon[first][order], total[order]


_BOARDS: dict[int, tuple[Array, Array]] = {}


def street_boards(street: str) -> tuple[Array, Array]:
    """The canonical boards of a street and their weights: (B, 3..5) uint8 ids, (B,) int64.

    A board here is the set of its cards, which is all a hand's equity depends on: the
    classes of sets of 3, 4 or 5 cards under renaming the suits, each written highest
    card first (flops as :func:`pokereval.flops`), weighing the sets it stands for.

    >>> b, w = street_boards("turn")
    >>> len(b), int(w.sum()) == 270725                  # C(52, 4) sets of four cards
    (16432, True)
    """
    n = _street(street)
    if n not in _BOARDS:
        if n == 3:
            listed = flops()
            ids = np.array([list(card_ids(f.board)) for f in listed], dtype=np.uint8)
            boards = (ids, np.array([f.weight for f in listed], dtype=np.int64))
        else:
            boards = _next_street(*street_boards("flop" if n == 4 else "turn"))
        _BOARDS[n] = (frozen(boards[0]), frozen(boards[1]))
    return _BOARDS[n]


def _street(street: str) -> int:
    return STREETS[check_choice(street, "street", STREETS)]


def _kind(kind: str) -> None:
    check_choice(kind, "kind", KINDS)


# ---- features -----------------------------------------------------------------------------


def _ochs_layers() -> Array:
    """(8, 1326) 0/1: the eight clusters of the opponent's starting hands."""
    from .tables import HAND_CLASSES, starting_hand_rank

    strength = np.array([starting_hand_rank(c).equity for c in HAND_CLASSES])
    sizes = np.array([len(Range(c)) for c in HAND_CLASSES])
    order = np.argsort(strength, kind="stable")
    cut = np.minimum((np.cumsum(sizes[order]) - sizes[order] / 2) * _OCHS_CLUSTERS // N_COMBOS, 7)
    layers = np.zeros((_OCHS_CLUSTERS, N_COMBOS))
    table = index_table()
    for group, index in zip(cut.astype(int), order):
        ids = Range(HAND_CLASSES[index]).ids.astype(np.intp)
        layers[group, table[52 * ids[:, 0] + ids[:, 1]]] = 1.0
    return layers


def board_features(board: CardsLike, kind: str = "ehs2", *, bins: int = 20) -> tuple[Array, Array]:
    """The clustering features of every hand on one board: (live, features).

    ``live`` (1326,) bool marks the combos without a board card; ``features`` holds one
    row per combo (NaN where not live): ``ehs2`` one column (E[HS^2] against a random
    hand), ``emd`` `bins` columns (the histogram of the river equity, summing to 1),
    ``ochs`` eight (the equity against each opponent cluster, weakest cluster first).
    `bins` (1 to 1000, as :func:`buckets` takes it) is checked whatever the kind.

    >>> live, f = board_features("AsKd7c2h9s")       # a river: EHS2 is HS squared
    >>> int(live.sum()), f.shape
    (1081, (1326, 1))
    >>> from pokereval import combo_index
    >>> float(f[combo_index("AhAd"), 0]), round(float(f[combo_index("Kh7h"), 0]), 4)  # the nuts; two pair
    (1.0, 0.9035)
    """
    _kind(kind)
    check_count(bins, "bins", 1, _MOST_BINS)
    ids = natural_cards(board, "board")
    if len(ids) not in (3, 4, 5):
        raise ValueError(f"a board of the flop, turn or river (3 to 5 cards), got {len(ids)}")
    return _features(ids, kind, bins, _ochs_layers() if kind == "ochs" else None)


def _features(ids: bytes, kind: str, bins: int, layers: Array | None) -> tuple[Array, Array]:
    live = live_table(ids)
    hero = np.ascontiguousarray(live, dtype=np.uint8)
    need = 5 - len(ids)
    if kind == "ochs":
        assert layers is not None
        vs = np.ascontiguousarray(layers * live)
        win, tie, total = (np.zeros((len(vs), N_COMBOS)) for _ in range(3))
        rc = _core_solver.combo_equity(ids, b"", hero, vs, 0, 1, win, tie, total)
        with np.errstate(invalid="ignore", divide="ignore"):
            features = ((win + tie / 2) / total).T
    else:
        vs = np.ascontiguousarray(live, dtype=np.float64)
        moments = np.zeros((N_COMBOS, 3))
        hist = np.zeros((N_COMBOS, bins, 2)) if kind == "emd" else None
        rc = _core_solver.equity_points(
            ids, b"", hero, vs, need, bins if kind == "emd" else 0, 0, 1, moments, hist
        )
        with np.errstate(invalid="ignore", divide="ignore"):
            if kind == "ehs2":
                features = (moments[:, 2] / moments[:, 0])[:, None]
            else:
                assert hist is not None
                features = hist[:, :, 0] / moments[:, :1]
    if rc != 0:  # pragma: no cover  (the boards are checked)
        raise ValueError(f"features: core error {rc}")
    features[~live] = np.nan
    return live, features


# ---- clustering ---------------------------------------------------------------------------


def _need(module: str) -> Any:
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(
            f"buckets needs {module.split('.')[0]} for the clustering: pip install 'pokereval-cffi[solver]'"
        ) from None


def _cluster(points: Array, weights: Array, k: int, kind: str, seed: int) -> Array:
    """Centres (k, d), ordered by strength, fitted to the weighted points."""
    if kind == "emd":
        return _k_medians(np.cumsum(points, axis=1), weights, k, seed)
    cluster = _need("sklearn.cluster")
    model = cluster.KMeans(n_clusters=k, n_init=4, random_state=seed, algorithm="lloyd")
    model.fit(points, sample_weight=weights)
    centres: Array = model.cluster_centers_
    return centres


def _weighted_median(values: Array, weights: Array) -> Array:
    """Per column, the weighted median of the rows."""
    order = np.argsort(values, axis=0, kind="stable")
    sorted_values = np.take_along_axis(values, order, axis=0)
    cum = np.cumsum(weights[order], axis=0)
    half = cum[-1] / 2
    at = (cum < half).sum(axis=0)
    out: Array = sorted_values[np.minimum(at, len(values) - 1), np.arange(values.shape[1])]
    return out


def _k_medians(cdfs: Array, weights: Array, k: int, seed: int) -> Array:
    """k-medians by the L1 distance of cumulative histograms (the EMD in one dimension),
    seeded k-means++ starts; returns the centres as cumulative histograms."""
    distance = _need("scipy.spatial.distance")
    rng = np.random.default_rng(seed)
    p = weights / weights.sum()
    centres = [cdfs[rng.choice(len(cdfs), p=p)]]
    nearest = distance.cdist(cdfs, np.array(centres), "cityblock")[:, 0]
    for _ in range(1, k):
        mass = p * nearest
        pick = rng.choice(len(cdfs), p=mass / mass.sum()) if mass.sum() > 0 else rng.integers(len(cdfs))
        centres.append(cdfs[pick])
        nearest = np.minimum(nearest, distance.cdist(cdfs, cdfs[pick : pick + 1], "cityblock")[:, 0])
    centre = np.array(centres)
    for _ in range(50):
        label = distance.cdist(cdfs, centre, "cityblock").argmin(axis=1)
        moved = centre.copy()
        for c in range(k):
            members = label == c
            if members.any():
                moved[c] = _weighted_median(cdfs[members], weights[members])
        if np.array_equal(moved, centre):
            break
        centre = moved
    return centre


def _assign(points: Array, centres: Array, kind: str) -> Array:
    if kind == "emd":
        distance = _need("scipy.spatial.distance")
        out: Array = distance.cdist(np.cumsum(points, axis=1), centres, "cityblock").argmin(axis=1)
        return out
    squared = ((points[:, None, :] - centres[None, :, :]) ** 2).sum(axis=2)
    out = squared.argmin(axis=1)
    return out


def _strength_order(centres: Array, kind: str, bins: int) -> Array:
    """The centres' order from the weakest: by mean equity."""
    if kind == "emd":
        # A cumulative histogram's mean is 1 - (mean of the cdf over the bins), near enough.
        mean = 1.0 - centres.mean(axis=1)
    else:
        mean = centres.mean(axis=1)
    return np.argsort(mean, kind="stable")


# ---- the result ---------------------------------------------------------------------------


def _read_only(arrays: list[Array]) -> list[Array]:
    """A Buckets' arrays, its own, as views numpy will not make writeable: bucket_of, save
    and the row lookup rely on them as they were checked."""
    return [read_only(np.ascontiguousarray(array)) for array in arrays]


def _rebuild_buckets(*parts: Any) -> Buckets:
    """A pickled Buckets again, read-only as built: the parts are checked as a file's are."""
    return Buckets(*parts)


class Buckets:
    """A card abstraction of one street: the bucket of every hand on every canonical board.

    ``table[b, i]`` is the bucket (0 = the weakest .. k - 1) of combo i (in
    :func:`pokereval.combos` order) on ``boards[b]`` (canonical, as
    :func:`pokereval.canonical` writes them), and ``k`` (``NO_BUCKET``, the dtype's
    largest value, for a combo holding a board card).  ``weights[b]`` counts the boards
    each stands for; ``centres`` are the clusters' centres.

    >>> b = buckets("river", 4, boards=[("AsKd7c2h9s", 1)])
    >>> b.bucket_of("Ah Ad", "As Kd 7c 2h 9s"), b.bucket_of("3c 4c", "As Kd 7c 2h 9s")
    (3, 0)
    """

    def __init__(
        self,
        street: str,
        kind: str,
        k: int,
        seed: int,
        bins: int,
        boards: Array,
        weights: Array,
        table: Array,
        centres: Array,
    ) -> None:
        # Built by hand, the parts are checked as load checks a file's (ValueError naming the
        # part); buckets() and load() make theirs through _made, which skips the second check.
        # The arrays are copied first (a subclass such as np.matrix becomes a plain array): the
        # caller's, kept, could change after the check (a table entry past k, boards that no
        # longer match the row lookup).
        arrays = [
            np.array(part, copy=True)
            if isinstance(part, np.ndarray) and not isinstance(part, np.ma.MaskedArray)
            else part
            for part in (boards, weights, table, centres)
        ]
        try:
            _check(street, kind, k, seed, bins, *arrays)
        except _Unfit as problem:
            raise ValueError(f"Buckets: {problem}") from None
        self.street, self.kind, self.k, self.seed, self.bins = street, kind, int(k), int(seed), int(bins)
        self.boards, self.weights, self.table, self.centres = _read_only(arrays)
        self._rows = {bytes(row): i for i, row in enumerate(self.boards)}

    @classmethod
    def _made(cls, *parts: Any) -> Buckets:
        """Buckets from parts (in the order of _SAVED) already known to fit: built here, or
        checked by load."""
        made = cls.__new__(cls)
        made.__dict__.update(zip(_SAVED, parts))
        made.boards, made.weights, made.table, made.centres = _read_only(
            [made.boards, made.weights, made.table, made.centres]
        )
        made._rows = {bytes(row): i for i, row in enumerate(made.boards)}
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        # A pickle (and a deep copy) is rebuilt as _made builds one, arrays read-only again.
        return (_rebuild_buckets, tuple(getattr(self, name) for name in _SAVED))

    @property
    def NO_BUCKET(self) -> int:
        """The table's entry for a combo that cannot be dealt on the board.

        >>> buckets("river", 2, boards=[("AsKd7c2h9s", 1)]).NO_BUCKET
        255
        """
        return int(np.iinfo(self.table.dtype).max)

    def bucket_of(self, hand: CardsLike, board: CardsLike) -> int:
        """The bucket of a hand on a board of this street (any suits: renamed first).

        >>> b = buckets("river", 4, boards=[("AsKd7c2h9s", 1)])
        >>> b.bucket_of("Ac Ah", "Ad Kc 7s 2h 9d") == b.bucket_of("As Ah", "Ac Ks 7d 2h 9c")
        True
        """
        hand_ids = natural_cards(hand, "hand", optional=False)
        board_ids = natural_cards(board, "board")
        if len(hand_ids) != 2:
            raise ValueError(f"a hand is 2 cards, got {len(hand_ids)}")
        if len(board_ids) != STREETS[self.street]:
            raise ValueError(
                f"these buckets are for the {self.street} ({STREETS[self.street]} board cards),"
                f" got {len(board_ids)}"
            )
        check_unique([("the hand", hand_ids), ("the board", board_ids)])
        rc, canon, hand_out, _ = _core_solver.canonical(board_ids, hand_ids, True)
        if rc != 0:  # pragma: no cover  (the cards are checked)
            raise ValueError(f"bucket_of: core error {rc}")
        row = self._rows.get(canon)
        if row is None:
            raise ValueError(f"the board {board_text(canon)} is not among these buckets' boards")
        return int(self.table[row, index_table()[52 * hand_out[0] + hand_out[1]]])

    def save(self, path: str | Path) -> Path:
        """Write the buckets to a ``.npz`` file (:func:`load` reads it back).

        >>> import tempfile, pathlib
        >>> b = buckets("river", 3, boards=[("AsKd7c2h9s", 1)])
        >>> p = b.save(pathlib.Path(tempfile.mkdtemp()) / "river.npz")
        >>> np.array_equal(load(p).table, b.table)
        True
        """
        target = file_to_write(path)  # a folder: numpy would write <folder>.npz beside it
        np.savez_compressed(
            target,
            street=np.array(self.street),
            kind=np.array(self.kind),
            k=np.array(self.k),
            seed=np.array(self.seed),
            bins=np.array(self.bins),
            boards=self.boards,
            weights=self.weights,
            table=self.table,
            centres=self.centres,
        )
        return target if target.suffix == ".npz" else target.with_name(target.name + ".npz")

    def __eq__(self, other: object) -> bool:
        """Equal when every part is: a pickle, a copy, a saved and loaded file or the same
        buckets() call again equals the original."""
        if not isinstance(other, Buckets):
            return NotImplemented
        return all(
            np.array_equal(getattr(self, name), getattr(other, name))
            if isinstance(getattr(self, name), np.ndarray)
            else getattr(self, name) == getattr(other, name)
            for name in _SAVED
        )

    __hash__ = None  # type: ignore[assignment]  # equal by value, and mutable fields: no hash

    def __repr__(self) -> str:
        boards = f"{len(self.boards):,} boards"
        return f"<Buckets {self.kind} k={self.k} of the {self.street}: {boards}, seed {self.seed}>"


def load(path: str | Path) -> Buckets:
    """Read buckets written by :meth:`Buckets.save`.

    The file is checked once, here: every array that save writes, with its shape and
    dtype (read from its header before numpy allocates it), the street, kind and options in
    range, canonical boards, weights not all 0, a table whose entries are buckets 0..k-1 for
    the live combos and ``NO_BUCKET`` for those holding a board card, and centres enough for
    those buckets, in strength order.  The form is checked, not the clustering: bucket
    numbers swapped by hand read as they stand.  Anything else is a ValueError ``not a
    pokereval buckets file: <path>: <what is wrong>`` (a directory too; a missing file stays
    a FileNotFoundError).

    >>> import tempfile, pathlib
    >>> p = buckets("river", 2, boards=[("AsKd7c2h9s", 1)]).save(pathlib.Path(tempfile.mkdtemp()) / "b")
    >>> load(p)
    <Buckets ehs2 k=2 of the river: 1 boards, seed 0>
    """
    where = Path(path)
    if where.is_dir():
        # np.load would raise IsADirectoryError; a folder is a bad path as any other file is
        raise _not_buckets(where, "a directory, not a file")
    try:
        data = np.load(where, allow_pickle=False)
    except (FileNotFoundError, PermissionError):
        raise
    # zipfile's NotImplementedError: a zip version or compression it cannot read; an OSError:
    # an offset past the file (a damaged file, both).
    except (ValueError, EOFError, zipfile.BadZipFile, NotImplementedError, OSError) as error:
        # numpy takes what is neither a zip archive nor a .npy array for a pickle
        why = "neither a zip archive nor a .npy array" if "pickle" in str(error) else str(error)
        raise _not_buckets(where, f"not an .npz archive ({why})") from None
    if not isinstance(data, np.lib.npyio.NpzFile):
        raise _not_buckets(where, f"a single .npy array, not an .npz archive of {', '.join(_SAVED)}")
    with data:
        missing = [key for key in _SAVED if key not in data.files]
        if missing:
            raise _not_buckets(
                where,
                f"no {', '.join(missing)} array{'s' if len(missing) > 1 else ''}"
                f" (it holds {', '.join(data.files) or 'none'})",
            )
        arrays = {}
        for key in _SAVED:
            try:
                _check_header(data, key)
                arrays[key] = data[key]
            except _Unfit as problem:
                raise _not_buckets(where, str(problem)) from None
            except (
                ValueError,
                SyntaxError,  # a header numpy reads as a Python literal: tokenize's errors too
                tokenize.TokenError,
                EOFError,
                zipfile.BadZipFile,
                zlib.error,
                NotImplementedError,
                OSError,
            ) as error:
                raise _not_buckets(where, f"cannot read {key} ({error})") from None
    try:
        return _checked(arrays)
    except _Unfit as problem:
        raise _not_buckets(where, str(problem)) from None


_SAVED = ("street", "kind", "k", "seed", "bins", "boards", "weights", "table", "centres")


def _check_header(data: Any, key: str) -> None:
    """Refuse an array whose header claims more bytes than its member of the archive holds:
    numpy allocates what the header says before it reads (a 3 KB file claiming 10**14
    entries asked for 91 TiB)."""
    info = data.zip.getinfo(f"{key}.npy")
    with data.zip.open(info) as member:
        version = np.lib.format.read_magic(member)
        read = (
            np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
        )
        shape, _, dtype = read(member)
    if dtype.hasobject:
        raise _Unfit(f"{key} holds Python objects (a pickle), which load never reads")
    if math.prod(shape) * dtype.itemsize > info.file_size:
        raise _Unfit(f"{key} claims shape {shape} of {dtype}, more than its {info.file_size} bytes hold")


class _Unfit(Exception):
    """What makes a file's arrays (or parts given to Buckets) no buckets that save wrote."""


def _not_buckets(path: Path, problem: str) -> ValueError:
    return ValueError(f"not a pokereval buckets file: {path}: {problem}")


def _scalar(arrays: dict[str, Array], key: str, kinds: str, what: str) -> Any:
    """The 0-d array `key` as a Python value, its dtype of one of `kinds`."""
    a = arrays[key]
    if a.shape != () or a.dtype.kind not in kinds:
        raise _Unfit(f"{key} must be {what}, got a {a.dtype} array of shape {a.shape}")
    return a.item()


_COMBOS_WITH: list[Array] = []


def _combos_with() -> Array:
    """(52, 51): the combos that hold each card."""
    if not _COMBOS_WITH:
        deck = np.arange(52)
        others = np.array([np.delete(deck, c) for c in deck])
        _COMBOS_WITH.append(index_table()[52 * deck[:, None] + others])
    return _COMBOS_WITH[0]


def _checked(arrays: dict[str, Array]) -> Buckets:
    """The Buckets of a file's arrays, each checked against what save writes."""
    street = _scalar(arrays, "street", "U", "a str")
    kind = _scalar(arrays, "kind", "U", "a str")
    k = _scalar(arrays, "k", "iu", "an int")
    seed = _scalar(arrays, "seed", "iu", "an int")
    bins = _scalar(arrays, "bins", "iu", "an int")
    boards, weights, table, centres = (arrays[key] for key in ("boards", "weights", "table", "centres"))
    _check(street, kind, k, seed, bins, boards, weights, table, centres)
    return Buckets._made(street, kind, int(k), int(seed), int(bins), boards, weights, table, centres)


def _check(
    street: Any,
    kind: Any,
    k: Any,
    seed: Any,
    bins: Any,
    boards: Any,
    weights: Any,
    table: Any,
    centres: Any,
) -> None:
    """Raise _Unfit naming the first part that is not what save writes."""
    if not isinstance(street, str) or street not in STREETS:
        raise _Unfit(f"street is {street!r}, not one of {', '.join(STREETS)}")
    if not isinstance(kind, str) or kind not in KINDS:
        raise _Unfit(f"kind is {kind!r}, not one of {', '.join(KINDS)}")
    for name, value in (("k", k), ("seed", seed), ("bins", bins)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise _Unfit(f"{name} must be an int, got {type(value).__name__} {value!r}")
    for name, value in (("boards", boards), ("weights", weights), ("table", table), ("centres", centres)):
        if not isinstance(value, np.ndarray) or isinstance(value, np.ma.MaskedArray):
            raise _Unfit(f"{name} must be a numpy array, got {type(value).__name__}")
    for name, value, low, high in (
        ("k", k, 1, 65534),
        ("bins", bins, 1, _MOST_BINS),
        ("seed", seed, 0, 2**32 - 1),
    ):
        if not low <= value <= high:
            raise _Unfit(f"{name} is {value}, not in {low}..{high}")
    n = STREETS[street]
    if boards.dtype != np.uint8 or boards.ndim != 2 or boards.shape[1] != n or len(boards) == 0:
        raise _Unfit(
            f"boards must be a (boards, {n}) uint8 array for the {street}, got {boards.dtype} {boards.shape}"
        )
    n_boards = len(boards)
    if (boards >= 52).any():
        raise _Unfit(f"board {int(np.flatnonzero((boards >= 52).any(axis=1))[0]) + 1} has a card id above 51")
    held = np.zeros((n_boards, 52), dtype=bool)
    held[np.arange(n_boards)[:, None], boards] = True
    repeated = held.sum(axis=1) != n
    if repeated.any():
        raise _Unfit(f"board {int(np.flatnonzero(repeated)[0]) + 1} holds a card twice")
    rc, canon = _core_solver.canonical_boards(np.ascontiguousarray(boards), True)
    renamed = (canon != boards).any(axis=1) if rc == 0 else np.ones(n_boards, dtype=bool)
    if renamed.any():
        b = int(np.flatnonzero(renamed)[0])
        raise _Unfit(f"board {b + 1} ({board_text(bytes(boards[b]))}) is not canonical")
    keys = np.sort(boards.astype(np.int64) @ (52 ** np.arange(n, dtype=np.int64)))
    if (keys[1:] == keys[:-1]).any():
        raise _Unfit("a board is listed twice")
    if weights.dtype != np.int64 or weights.shape != (n_boards,):
        raise _Unfit(
            f"weights must be a ({n_boards},) int64 array, one per board, got {weights.dtype} {weights.shape}"
        )
    if ((weights < 0) | (weights > _MOST_WEIGHT)).any():
        raise _Unfit(
            f"weights must be 0 to 2**53, got {int(weights[(weights < 0) | (weights > _MOST_WEIGHT)][0])}"
        )
    wanted = np.uint8 if k < 255 else np.uint16
    dtype = np.dtype(wanted)
    if table.dtype != dtype or table.shape != (n_boards, N_COMBOS):
        raise _Unfit(
            f"table must be a ({n_boards}, {N_COMBOS}) {dtype} array for {n_boards} boards and k={k},"
            f" got {table.dtype} {table.shape}"
        )
    none = int(np.iinfo(wanted).max)

    def at(b: int, i: int) -> str:
        return f"board {b + 1} ({board_text(bytes(boards[b]))}), combo {combos()[i]}"

    # The combos holding a board card have no bucket; every other one has a bucket 0..k-1:
    # entries of k and above only where a board card is held, and those all NO_BUCKET.
    dead = _combos_with()[boards].reshape(n_boards, -1)
    blocked = np.take_along_axis(table, dead, axis=1) != none
    if blocked.any():
        b, j = (int(x) for x in np.argwhere(blocked)[0])
        i = int(dead[b, j])
        raise _Unfit(
            f"{at(b, i)} holds a board card, so its entry must be {none} (no bucket), got {int(table[b, i])}"
        )
    unfit = np.flatnonzero(np.count_nonzero(table >= k, axis=1) != N_COMBOS - math.comb(52 - n, 2))
    if len(unfit):
        b = int(unfit[0])
        i = int(np.flatnonzero(live_table(bytes(boards[b])) & (table[b] >= k))[0])
        if table[b, i] == none:
            raise _Unfit(f"{at(b, i)} has no bucket ({none}), but it can be dealt on the board")
        raise _Unfit(f"bucket {int(table[b, i])} at {at(b, i)} is not in 0..{k - 1}")
    width = {"ehs2": 1, "emd": bins, "ochs": _OCHS_CLUSTERS}[kind]
    if (
        centres.dtype != np.float64
        or centres.ndim != 2
        or not 1 <= len(centres) <= k
        or centres.shape[1] != width
    ):
        raise _Unfit(
            f"centres must be a float64 array of 1 to k={k} centres of {width} for kind {kind!r},"
            f" got {centres.dtype} {centres.shape}"
        )
    if not np.isfinite(centres).all():
        raise _Unfit("centres must be finite")
    used = int(table[table < k].max(initial=0)) + 1
    if used > len(centres):
        raise _Unfit(f"the table uses bucket {used - 1}, but there are {len(centres)} centres")
    if (_strength_order(centres, kind, bins) != np.arange(len(centres))).any():
        raise _Unfit("centres must be in strength order, bucket 0 the weakest (as buckets numbers them)")
    if not weights.any():
        raise _Unfit("every board's weight is 0")


def bucket_of(abstraction: Buckets | str | Path, hand: CardsLike, board: CardsLike) -> int:
    """The bucket of `hand` on `board` in `abstraction` (Buckets, or a saved ``.npz``).

    >>> b = buckets("river", 4, boards=[("AsKd7c2h9s", 1)])
    >>> bucket_of(b, "AhAd", "AsKd7c2h9s")
    3
    """
    if not isinstance(abstraction, Buckets):
        if not isinstance(abstraction, (str, Path)):
            raise TypeError(
                f"abstraction must be Buckets or the path of a saved .npz, got {type(abstraction).__name__}"
            )
        abstraction = _loaded(str(abstraction))
    return abstraction.bucket_of(hand, board)


_LOADED: dict[tuple[str, int, int, int, int], Buckets] = {}
# The files kept: a river table is 178 MB, so a loop over many files keeps the last few only.
_KEEP_FILES = 4
# One thread at a time changes _LOADED (a walk of it while another thread adds a file raised
# "dictionary changed size during iteration"); files are read outside it.
_LOADED_LOCK = threading.Lock()


def _new_loaded_lock() -> None:
    """A child of fork() gets a lock of its own (the parent's may be held by a thread the
    child does not have)."""
    global _LOADED_LOCK
    _LOADED_LOCK = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_new_loaded_lock)


def _loaded(path: str) -> Buckets:
    """The buckets saved at `path`, read once per version of the file: kept by where the file
    is (not by the text naming it, which means another file in another directory) and by its
    inode, size and modification and change times, so that a file saved again is read again.
    The last _KEEP_FILES files read are kept."""
    try:
        where = Path(path).resolve()
        stat = where.stat()
    except OSError:
        return load(path)  # load words what is wrong with it
    key = (str(where), stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns)
    with _LOADED_LOCK:
        found = _LOADED.pop(key, None)
        if found is not None:
            _LOADED[key] = found  # read last: kept longest
    if found is None:
        found = load(path)
        with _LOADED_LOCK:
            for old in [kept for kept in _LOADED if kept[0] == key[0]]:
                del _LOADED[old]  # an older version of the same file
            _LOADED[key] = found
            while len(_LOADED) > _KEEP_FILES:
                del _LOADED[next(iter(_LOADED))]  # the file read least lately
    return found


BoardsLike = Union[Sequence[Union[tuple[CardsLike, int], CardsLike]], Mapping[str, int]]


def _given_boards(given: BoardsLike, n: int) -> tuple[Array, Array]:
    """The canonical boards and int weights of `buckets(boards=...)`; see there.  Boards of
    one class (the same board twice, or two that differ by a renaming of the suits) are one
    row, where the first stands, weighing the sum of their weights: a table holds each
    canonical board once, as :func:`load` requires."""
    rows: list[list[int]] = []
    weights: list[int] = []
    row_of: dict[bytes, int] = {}
    # A mapping is read as board -> weight (iterated, a dict gives its boards alone: every
    # weight would have been 1).
    items = given.items() if isinstance(given, Mapping) else given
    if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
        # Text iterates one character a board ("board 1: bad card 'A'"), a number not at all.
        shown = f"the text {given!r}" if isinstance(given, (str, bytes)) else type(given).__name__
        raise TypeError(
            "boards must be a list of boards, of (board, weight) pairs, or a mapping of boards to"
            f" weights; got {shown} (one board goes as [board])"
        )
    for i, item in enumerate(items, 1):
        # A pair is (board, weight): a board has 3 to 5 cards, so a tuple of 2 is never one.
        board, weight = item if isinstance(item, tuple) and len(item) == 2 else (item, 1)
        ids = natural_cards(board, f"board {i}")
        if len(ids) != n:
            raise ValueError(f"board {i} has {len(ids)} cards; this street's boards have {n}")
        weight = as_int(weight, f"board {i}: the weight")
        if weight < 0:
            raise ValueError(f"board {i}: weight {weight} is negative")
        if weight > _MOST_WEIGHT:
            raise ValueError(f"board {i}: weight {weight} is above 2**53")
        rc, canon, _, _ = _core_solver.canonical(ids, b"", True)
        if rc != 0:  # pragma: no cover  (the cards are checked)
            raise ValueError(f"board {i}: core error {rc}")
        row = row_of.get(canon)
        if row is None:
            row_of[canon] = len(rows)
            rows.append(list(canon))
            weights.append(weight)
            continue
        weights[row] += weight
        if weights[row] > _MOST_WEIGHT:
            raise ValueError(
                f"board {i}: the boards of its class ({board_text(canon)}) weigh {weights[row]} together,"
                " above 2**53"
            )
    if not rows:
        raise ValueError("boards lists no board")
    if not any(weights):
        raise ValueError("boards: every board weighs 0; the clustering needs a weight above 0")
    return np.array(rows, dtype=np.uint8), np.array(weights, dtype=np.int64)


def buckets(
    street: str,
    k: int,
    *,
    kind: str = "ehs2",
    seed: int = 0,
    bins: int = 20,
    boards: BoardsLike | None = None,
    threads: int = 1,
    progress: Callable[[float], object] | None = None,
) -> Buckets:
    """Card abstraction of a street: every canonical (hand, board) gets one of `k` buckets.

    `street` is ``"flop"``, ``"turn"`` or ``"river"``; `kind` ``"ehs2"``, ``"emd"`` (with
    `bins` histogram bins) or ``"ochs"`` (see the module docstring).  The features of each
    board's hands are computed in C, all at once; the clustering is fitted on at most
    200,000 (hand, board) points drawn with `seed` (each weighing its board's weight),
    then every point is given its nearest centre.  Same arguments, same buckets.
    `boards` limits the work to some boards of the street (pairs of a board and its
    weight, a mapping of boards to weights, or boards weighing 1): the default is every
    canonical board of the street (:func:`street_boards`): the flop's 1,755 take under a
    minute, the river's 134,459 a few.
    A weight is an int 0 to 2**53; a board weighing 0 gets its buckets but no say in the
    clustering, so at least one board must weigh more.  Boards that are the same up to
    the suits are one board of the table, weighing the sum of their weights.

    >>> b = buckets("flop", 5, boards=[("AsKd7c", 24), ("9s8s7s", 4)])
    >>> b.table.shape, b.bucket_of("Qs Js", "9s 8s 7s"), b.bucket_of("Ah Ac", "As Kd 7c")
    ((2, 1326), 4, 4)
    """
    check_options(street, k, kind, seed, bins, progress)
    threads = check_threads(threads)
    return buckets_with(street, k, kind, seed, bins, boards, _local(threads), progress)


def check_options(
    street: str, k: int, kind: str, seed: int, bins: int, progress: Callable[[float], object] | None = None
) -> None:
    """The options of buckets, checked before any work (a progress that is no callable was
    found out only once the first boards were done: TypeError "'int' object is not callable")."""
    _street(street)
    check_progress(progress)
    _kind(kind)
    for name, value, low, high in (
        ("k", k, 1, 65534),
        ("bins", bins, 1, _MOST_BINS),
        ("seed", seed, 0, 2**32 - 1),
    ):
        check_count(value, name, low, high)


# A mapper runs f over a list of argument tuples and gives the results in order, calling
# progress(fraction) as they come: threads here, tasks on a cluster in pokereval.dask.
Mapper = Callable[[Callable[..., Any], list[tuple[Any, ...]], Optional[Callable[[float], object]]], list[Any]]


def _local(threads: int) -> Mapper:
    def run(
        f: Callable[..., Any], calls: list[tuple[Any, ...]], progress: Callable[[float], object] | None
    ) -> list[Any]:
        out: list[Any] = [None] * len(calls)

        def job(i: int) -> Callable[[], int]:
            def call() -> int:
                out[i] = f(*calls[i])
                return 0

            return call

        run_jobs([job(i) for i in range(len(calls))], [1.0] * len(calls), threads, progress)
        return out

    return run


def _features_of(board_ids: Array, kind: str, bins: int) -> list[Array]:
    """The features of each board of a chunk (a task of its own on a cluster)."""
    layers = _ochs_layers() if kind == "ochs" else None
    return [_features(bytes(b), kind, bins, layers)[1] for b in board_ids]


def _rows_of(board_ids: Array, kind: str, bins: int, centres: Array, dtype: Any) -> Array:
    """The table rows of a chunk of boards: each live combo's nearest centre."""
    table = np.full((len(board_ids), N_COMBOS), np.iinfo(dtype).max, dtype=dtype)
    for row, f in enumerate(_features_of(board_ids, kind, bins)):
        ok = ~np.isnan(f[:, 0])
        table[row, ok] = _assign(f[ok], centres, kind)
    return table


def buckets_with(
    street: str,
    k: int,
    kind: str,
    seed: int,
    bins: int,
    boards: BoardsLike | None,
    mapper: Mapper,
    progress: Callable[[float], object] | None,
) -> Buckets:
    n = STREETS[street]
    if boards is None:
        board_ids, weights = street_boards(street)
    else:
        board_ids, weights = _given_boards(boards, n)
    # Pass 1: the features of a seeded sample of boards, enough for _FIT_POINTS points,
    # drawn among the boards that weigh something (a board weighing 0 has no say in the fit).
    rng = np.random.default_rng(seed)
    weighed = np.flatnonzero(weights > 0)
    fit_boards = min(len(weighed), max(1, _FIT_POINTS // math.comb(52 - n, 2)))
    chosen = weighed
    if fit_boards < len(weighed):
        chosen = np.sort(rng.choice(weighed, fit_boards, replace=False))
    first = np.array_split(chosen, max(1, len(chosen) // 16))
    everything = len(chosen) == len(board_ids)
    share = 1.0 if everything else len(chosen) / (len(chosen) + len(board_ids))
    half = None if progress is None else (lambda f: progress(f * share))
    found = mapper(_features_of, [(board_ids[c], kind, bins) for c in first], half)
    features = [f for chunk in found for f in chunk]
    live = [~np.isnan(f[:, 0]) for f in features]
    points = np.vstack([f[ok] for f, ok in zip(features, live)])
    point_weights = np.concatenate([np.full(int(ok.sum()), float(weights[b])) for b, ok in zip(chosen, live)])
    centres = _cluster(points, point_weights, min(k, len(points)), kind, seed)
    centres = centres[_strength_order(centres, kind, bins)]  # bucket 0 the weakest
    dtype = np.uint8 if k < 255 else np.uint16
    if everything:
        # Every board's features are at hand: no second pass over the boards.
        table = np.full((len(board_ids), N_COMBOS), np.iinfo(dtype).max, dtype=dtype)
        for b, f, ok in zip(chosen, features, live):
            table[b, ok] = _assign(f[ok], centres, kind)
    else:
        # Pass 2: every board's points to their nearest centre.
        rest = None if progress is None else (lambda f: progress(share + (1 - share) * f))
        every = np.array_split(np.arange(len(board_ids)), max(1, len(board_ids) // 16))
        calls = [(board_ids[c], kind, bins, centres, dtype) for c in every]
        table = np.vstack(mapper(_rows_of, calls, rest))
    return Buckets._made(street, kind, k, seed, bins, np.array(board_ids), np.array(weights), table, centres)
