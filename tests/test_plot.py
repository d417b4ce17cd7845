"""pokereval.plot takes what a user has at hand: a Range, range text or cells, and its
matplotlib figures draw themselves in notebooks (tests/test_notebook.py runs one for real).

Expected cells come from the notation: QQ+ is QQ, KK and AA, every combo; AKs is the four
suited ace-kings and no offsuit one.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import pokereval as pe
from pokereval import plot

HELD = {"AA", "KK", "QQ", "AKs"}


def svg_cells(svg: str) -> dict[str, float]:
    root = ET.fromstring(svg)
    return {
        e.get("data-hand", ""): float(e.get("data-value", "nan"))
        for e in root.iter()
        if e.get("class") == "cell"
    }


@pytest.mark.parametrize(
    "grid", [pe.Range("QQ+,AKs"), "QQ+,AKs", "AKs, QQ+"], ids=["Range", "text", "reordered"]
)
def test_svg_grid_of_a_range(grid: object) -> None:
    svg = plot.grid_svg(grid)  # type: ignore[arg-type]
    cells = svg_cells(svg)
    assert len(cells) == 169
    assert {name for name, value in cells.items() if value} == HELD
    assert all(cells[name] == 1.0 for name in HELD)
    assert "<text" in svg and ">QQ+,AKs</text>" in svg  # titled by the range's own notation


def test_a_given_title_wins_and_an_empty_one_means_none() -> None:
    assert ">mine</text>" in plot.grid_svg("QQ+", title="mine")
    assert ">QQ+</text>" not in plot.grid_svg("QQ+", title="")
    assert ">QQ+</text>" not in plot.grid_svg(plot.range_grid("QQ+"))  # cells have no notation


def test_save_grid_takes_a_range(tmp_path: Path) -> None:
    path = plot.save_grid(pe.Range("QQ+,AKs"), tmp_path / "range.svg")
    cells = svg_cells(path.read_text(encoding="utf-8"))
    assert {name for name, value in cells.items() if value} == HELD


def test_grid_of_something_else_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="a Range or range text, not int"):
        plot.grid_svg(42)  # type: ignore[arg-type]


def test_figure_of_a_range_colors_the_range() -> None:
    pytest.importorskip("matplotlib", reason="figures need matplotlib (the plot extra)")
    figure = plot.grid_figure(pe.Range("QQ+,AKs"))
    axes = figure.axes[0]
    # One patch per class, in the order of GRID, row by row.
    names = [name for row in plot.GRID for name in row]
    colors = {
        name: tuple(round(255 * c) for c in patch.get_facecolor()[:3])
        for name, patch in zip(names, axes.patches)
    }
    held, empty = plot.cell_color(1.0), plot.cell_color(0.0)
    assert {name for name, rgb in colors.items() if rgb == held} == HELD
    assert all(colors[name] == empty for name in names if name not in HELD)
    assert figure.texts[0].get_text() == "QQ+,AKs"


def test_figures_draw_themselves_as_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="figures need matplotlib (the plot extra)")
    for figure in (
        plot.grid_figure("22+"),
        plot.streets_figure(plot.street_equity("AsKs", "QdQc", "Qs 7s 2s")),
    ):
        png = figure._repr_png_()
        assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 5_000
    assert plot.save_grid("22+", tmp_path / "pairs.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"samples": "x"}, TypeError, "samples must be an int"),
        ({"samples": 0}, ValueError, "samples must be a positive int, got 0"),
        ({"samples": -3}, ValueError, "samples must be a positive int, got -3"),
        ({"seed": "s"}, TypeError, "seed must be an int"),
        ({"seed": -1}, ValueError, r"seed must be in 0\.\.2\*\*64-1"),
    ],
)
def test_street_equity_checks_samples_and_seed_before_any_street(
    kwargs: dict[str, object], error: type[Exception], words: str
) -> None:
    # They were read only when a street fell back to sampling, so a bad one passed unseen.
    with pytest.raises(error, match=words):
        plot.street_equity("AsKs", "QQ", "Qc 7s 2s", **kwargs)  # type: ignore[arg-type]


def test_a_grid_cell_of_minus_zero_is_written_as_zero() -> None:
    from pokereval.plot import grid_svg

    svg = grid_svg({"AA": -0.0})
    assert 'data-value="-0"' not in svg and 'data-hand="AA" data-value="0"' in svg


def test_labels_cells_and_cards_are_checked_in_words() -> None:
    """A title or a street that is no str, a card that is no Card or a joker, and a cell name
    that is no hand class ("AKS", drawn as an empty cell) each once failed deep inside."""
    with pytest.raises(TypeError, match="title must be a str, got int 5"):
        plot.grid_svg("AKs", title=5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="cell 'AKS' is no hand class"):
        plot.grid_svg({"AKS": 0.5})
    with pytest.raises(TypeError, match="point 0: the street must be a str, got int 3"):
        plot.streets_svg([(3, (), 0.5)])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="point 0: the cards dealt must be a sequence of Cards"):
        plot.streets_svg([("flop", ["As"], 0.5)])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="point 0: a joker is dealt on no street"):
        plot.streets_svg([("flop", [pe.Card("Jk")], 0.5)])
    assert "AKs" in plot.grid_svg({"AKs": 0.5}, title="mine")


def test_without_matplotlib_a_figure_is_an_import_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A missing optional extra is an ImportError (docs/errors.md), which `except ImportError`
    catches; it was a ValueError.  The command line words it and exits 2.  SVG needs nothing."""
    import sys

    from pokereval.cli import main

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    monkeypatch.delitem(sys.modules, "pokereval._figure", raising=False)
    words = r'^pictures other than SVG need matplotlib: pip install "pokereval-cffi\[plot\]"$'
    with pytest.raises(ImportError, match=words):
        plot.grid_figure("QQ+")
    with pytest.raises(ImportError, match=words):
        plot.save_grid("QQ+", tmp_path / "grid.png")
    assert main(["grid", "QQ+", "-o", str(tmp_path / "grid.png")]) == 2
    assert "pokereval grid: pictures other than SVG need matplotlib" in capsys.readouterr().err
    assert plot.save_grid("QQ+", tmp_path / "grid.svg").read_text(encoding="utf-8").startswith("<svg")
