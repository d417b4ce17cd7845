"""Regressions found by a hostile review of icm, the preflop tables, the Dask helpers, the
pictures and the notebook HTML: text a user gives is drawn as text (never markup, never
mathtext), a chunk listed twice is computed once and returned at every place it was asked
for, and bad input is refused in words before any work starts.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
import pytest

import pokereval as pe
from pokereval import plot, preflop_build

# ---- pictures: user text stays text --------------------------------------------------------


def test_streets_svg_keeps_a_street_label_with_quotes_in_its_attribute() -> None:
    # The street label went into data-street="..." unescaped: a quote ended the attribute
    # and the rest became attributes of its own (an event handler), or broke the XML.
    label = 'flop" onmouseover="alert(1)'
    svg = plot.streets_svg([(label, (), 0.5), ("<b>&'", (pe.Card("As"),), 0.25)])
    points = [e for e in ET.fromstring(svg).iter() if e.get("class") == "point"]
    assert [p.get("data-street") for p in points] == [label, "<b>&'"]
    assert all(p.get("onmouseover") is None for p in points)


@pytest.mark.parametrize("draw", ["streets_svg", "streets_figure"])
def test_a_street_point_without_an_equity_in_0_1_is_named(draw: str) -> None:
    if draw == "streets_figure":
        pytest.importorskip("matplotlib")
    with pytest.raises(ValueError, match=r"^point 1 must have an equity in \[0, 1\], got nan$"):
        getattr(plot, draw)([("preflop", (), 0.5), ("flop", (), float("nan"))])
    with pytest.raises(ValueError, match=r"^point 0 must have an equity in \[0, 1\], got 1.5$"):
        getattr(plot, draw)([("preflop", (), 1.5)])
    with pytest.raises(TypeError, match=r"^point 0 must have an equity in \[0, 1\], got str '0.5'$"):
        getattr(plot, draw)([("preflop", (), "0.5")])


def test_street_points_in_range_are_drawn_as_given() -> None:
    svg = plot.streets_svg([("preflop", (), 0), ("river", (), np.float32(1.0))])  # type: ignore[list-item]
    points = [e for e in ET.fromstring(svg).iter() if e.get("class") == "point"]
    assert [p.get("data-equity") for p in points] == ["0", "1"]


def test_grid_cells_outside_0_1_are_named_and_nan_is_no_value() -> None:
    for value in (1.5, -0.5, float("inf")):
        with pytest.raises(
            ValueError,
            match=rf"^cell 'AA' must be a number in \[0, 1\] \(or NaN for no value\), got {value!r}$",
        ):
            plot.grid_svg({"AA": value})
    svg = plot.grid_svg({"AA": float("nan"), "KK": 1.0}, kind="equity")
    cells = {e.get("data-hand"): e for e in ET.fromstring(svg).iter() if e.get("class") == "cell"}
    assert cells["AA"].get("data-value") == "nan" and cells["KK"].get("data-value") == "1"


def test_grid_cells_that_are_not_numbers_are_named() -> None:
    with pytest.raises(TypeError, match=r"^cell 'AKs' must be a number in \[0, 1\], got str 'high'$"):
        plot.grid_svg({"AA": 1.0, "AKs": "high"})  # type: ignore[dict-item]
    with pytest.raises(TypeError, match=r"^cell 'AA' must be a number in \[0, 1\], got NoneType None$"):
        plot.grid_svg({"AA": None})  # type: ignore[dict-item]


def test_figure_titles_and_street_labels_are_text_not_mathtext() -> None:
    pytest.importorskip("matplotlib")
    # "$5 ... $" was read as mathtext: drawn in math italics, or (here) a ParseException
    # when the figure was drawn, in a notebook or by savefig.
    grid = plot.grid_figure("AKs", title="$x^$ and $10 vs $20")
    assert grid._repr_png_()[:4] == b"\x89PNG"
    streets = plot.streets_figure([("$x^$", (), 0.5), ("flop $1", (pe.Card("2c"),), 0.4)], title="a $b^$")
    assert streets._repr_png_()[:4] == b"\x89PNG"


# ---- icm ----------------------------------------------------------------------------------


def test_icm_names_an_array_that_is_not_a_list() -> None:
    with pytest.raises(
        TypeError, match=r"^stacks must be a list of numbers \(a 1-d array\), got a 0-d array$"
    ):
        pe.icm(np.array(5.0), [1.0])
    with pytest.raises(
        TypeError, match=r"^payouts must be a list of numbers \(a 1-d array\), got a 2-d array$"
    ):
        pe.icm([1.0, 2.0], np.array([[1.0, 0.0]]))


# ---- chunk runs: every chunk asked for comes back ------------------------------------------


def test_run_chunks_refuses_a_runner_that_skips_a_chunk() -> None:
    chunks = preflop_build.hu_chunks(preflop_build.hu_class_keys()[:3], rows=1)

    def skips_one(todo: Sequence[preflop_build.Chunk]) -> Iterator[tuple[int, np.ndarray[Any, Any]]]:
        for i, chunk in enumerate(todo[1:], 1):
            yield i, chunk.run()

    # It once returned the two results it had: a table one chunk short, in silence.
    with pytest.raises(RuntimeError, match=r"^1 of 3 chunks came back with no result: hu-1-"):
        preflop_build.run_chunks(chunks, runner=skips_one)


def test_dask_range_grid_checks_the_call_before_any_scheduler() -> None:
    pytest.importorskip("distributed")
    pokereval_dask = pytest.importorskip("pokereval.dask")
    # These were raised in every worker (and logged by each), after a cluster had started;
    # scheduler=5 shows that nothing reaches a scheduler now.
    with pytest.raises(ValueError, match=r"^samples must be a positive int, got 0$"):
        pokereval_dask.range_grid(["QQ+"], ["AKs"], ["2c7d9h"], samples=0, scheduler=5)
    with pytest.raises(TypeError, match=r"^seed must be an int or None, got bool$"):
        pokereval_dask.range_grid(["QQ+"], ["AKs"], ["2c7d9h"], samples=9, seed=True, scheduler=5)
    with pytest.raises(ValueError, match=r"^board 1 has 6 cards; at most 5$"):
        pokereval_dask.range_grid(["QQ+"], ["AKs"], ["2c7d9h", "2c 3c 4c 5c 6c 7c"], scheduler=5)


@pytest.mark.slow
def test_dask_gives_a_chunk_listed_twice_at_both_places() -> None:
    distributed = pytest.importorskip("distributed")
    pokereval_dask = pytest.importorskip("pokereval.dask")
    keys = preflop_build.hu_class_keys()[:2]
    twice = np.concatenate([keys, keys])
    cluster = distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with cluster, distributed.Client(cluster) as client:
        # The same board twice (spelt two ways) is one task; its cells once came back once,
        # and the grid failed to reshape.  The same keys twice gave a table half as long.
        grid = pokereval_dask.range_grid(
            ["QQ+"], ["AKs"], ["2c7d9h", "Ks Qh 2d", "2c 7d 9h"], scheduler=client
        )
        wins = pokereval_dask.hu_table(twice, rows=1, scheduler=client)
    want = [pe.equity(["QQ+", "AKs"], board=board).equity[0] for board in ("2c7d9h", "KsQh2d", "2c7d9h")]
    assert grid.shape == (3, 1, 1) and grid[:, 0, 0].tolist() == want
    assert np.array_equal(wins, preflop_build.hu_wins(twice))


@pytest.mark.parametrize(
    ("keys", "error", "words"),
    [
        (
            np.array([2**32 + 262_210], np.int64),
            ValueError,
            r"^keys\[0\] is 4295229506, no heads-up class key",
        ),
        (np.array([0xFFFFFF]), ValueError, r"^keys\[0\] is 16777215, no heads-up class key"),
        (
            np.array([1.5]),
            TypeError,
            r"^keys must be an integer array of heads-up class keys, got dtype float64$",
        ),
        (np.array([True]), TypeError, r"got dtype bool$"),
        (
            np.zeros((2, 2), np.uint32),
            ValueError,
            r"^keys must be a 1-d array of heads-up class keys, got shape \(2, 2\)$",
        ),
    ],
)
def test_heads_up_class_keys_are_checked(keys: Any, error: type[Exception], words: str) -> None:
    """A key past 24 bits was read as its low bits, a float key truncated, and a key of no class
    came back as a RuntimeError calling the core's answer "inconsistent"."""
    with pytest.raises(error, match=words):
        preflop_build.hu_wins(keys)
    with pytest.raises(error, match=words):
        preflop_build.hu_chunks(keys)


def test_times_are_no_chips_and_a_picture_takes_no_bool() -> None:
    """numpy's timedelta64 counts as an integer (numbers.Integral), and float() of it fails in
    numpy's words; a bool is an int to Python but no equity or cell value."""
    times = r"^stacks must be a list of numbers, got an array of timedelta64\[s\]$"
    with pytest.raises(TypeError, match=times):
        pe.icm(np.array([1, 2], dtype="timedelta64[s]"), [1])
    with pytest.raises(TypeError, match=r"^stacks: entry 1 must be a number, got timedelta64"):
        pe.icm([np.timedelta64(1, "s"), 2], [1])  # type: ignore[list-item]
    ace = pe.Card("As")
    with pytest.raises(TypeError, match=r"^point 0 must have an equity in \[0, 1\], got bool True$"):
        plot.streets_svg([("flop", (ace,), True)])
    with pytest.raises(TypeError, match=r"^cell 'AA' must be a number in \[0, 1\], got bool True$"):
        plot.grid_svg({"AA": True})
    with pytest.raises(TypeError, match=r"^point 0: the cards dealt must be a sequence of Cards, got 5$"):
        plot.streets_svg([("flop", 5, 0.5)])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"^point 1 must be \(street, cards dealt, equity\), got"):
        plot.streets_svg([("flop", (ace,), 0.5), ("turn", (ace,), 0.5, 1)])  # type: ignore[list-item]
