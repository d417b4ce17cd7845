"""Pictures: the 13x13 starting-hand grid and equity street by street.

The grid is the classic chart of the 169 hold'em starting hands: pairs on the diagonal,
suited hands above it and offsuit hands below, aces top and left.  Color it by a range's
weights (:func:`range_grid`) or by each hand's equity against a range (:func:`equity_grid`).
:func:`grid_svg` writes SVG with nothing but the standard library; :func:`grid_figure` and
PNG files need matplotlib (``pip install "pokereval-cffi[plot]"``).

>>> cells = range_grid("QQ+,AKs")
>>> cells["AA"], cells["AKs"], cells["AKo"], len(cells)
(1.0, 1.0, 0.0, 169)
>>> svg = grid_svg(cells, title="QQ+,AKs")
>>> svg.count('class="cell"')
169
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Union
from xml.sax.saxutils import escape

from ._checks import (
    check_board_size,
    check_choice,
    check_range_game,
    check_samples,
    check_seed,
    check_title,
    check_unique,
    file_to_write,
)
from .cards import RANKS, Card, CardsLike, is_bool, natural_cards, parse_cards
from .classes import GRID, HAND_CLASSES, class_of, hand_class
from .equity import equity
from .ranges import Range

__all__ = [
    "GRID",
    "GridLike",
    "class_of",
    "equity_grid",
    "grid_figure",
    "grid_svg",
    "hand_class",
    "range_grid",
    "save_grid",
    "save_streets",
    "street_equity",
    "streets_figure",
    "streets_svg",
]

_STREETS = ("preflop", "flop 1", "flop 2", "flop", "turn", "river")
_SAMPLES = 20_000

RangeLike = Union[Range, str]


_COMBOS_IN = {name: (6 if len(name) == 2 else 4 if name[2] == "s" else 12) for name in HAND_CLASSES}


def range_grid(hands: RangeLike) -> dict[str, float]:
    """Each class's share of its combos held by the range, weighted: 0 (none) to 1 (all).

    >>> cells = range_grid("AKs:0.5,AhKd")
    >>> cells["AKs"], round(cells["AKo"], 4), cells["QQ"]
    (0.5, 0.0833, 0.0)
    """
    combos = Range(hands)
    if combos.ids.shape[1] != 2:
        raise ValueError(
            f"the grid holds two-card hands (hold'em, short deck), not the {combos.ids.shape[1]}-card"
            f" hands of this {combos.game} range"
        )
    cells = dict.fromkeys(HAND_CLASSES, 0.0)
    for (first, second), weight in zip(combos.combos, combos.weights):
        cells[class_of(first, second)] += float(weight)
    return {name: total / _COMBOS_IN[name] for name, total in cells.items()}


def equity_grid(
    vs: RangeLike,
    *,
    board: CardsLike | None = None,
    dead: CardsLike | None = None,
    samples: int | None = _SAMPLES,
    seed: int = 0,
    progress: Callable[[float], None] | None = None,
) -> dict[str, float]:
    """Each class's equity against the range `vs` (NaN where no combo of it can be dealt).

    Every class is played as a range of its combos against `vs`; ``samples`` runouts each
    (seeded by ``seed`` plus the cell's place, so a grid repeats), or exactly with
    ``samples=None``.  `progress` is called with the fraction done.

    >>> cells = equity_grid("AA", samples=2000, seed=1)
    >>> cells["KK"] < 0.25 < cells["AA"] < 0.55
    True
    """
    if isinstance(vs, Range):
        check_range_game(vs.game, "holdem", "vs")  # the grid plays hold'em: str() would drop the game
    opponents = str(Range(vs))
    # The board, the dead cards, samples and seed are checked once, here: a cell is NaN only
    # because none of its combos can be dealt, never because the call itself is wrong (a
    # six-card board or a seed past 2**64 once gave a grid of NaN).
    board_ids = natural_cards(board, "the board")
    check_unique([("the board", board_ids), ("the dead cards", natural_cards(dead, "the dead cards"))])
    check_board_size(board_ids)
    samples = check_samples(samples)
    seed = check_seed(seed) or 0
    cells: dict[str, float] = {}
    names = list(HAND_CLASSES)
    for number, name in enumerate(names):
        try:
            result = equity(
                [name, opponents],
                board=board,
                dead=dead,
                samples=samples,
                seed=None if samples is None else (seed + number) % (1 << 64),
            )
            cells[name] = result.equity[0]
        except ValueError:
            cells[name] = math.nan
        if progress is not None:
            progress((number + 1) / len(names))
    return cells


# ---- colors -----------------------------------------------------------------------------------


def _mix(low: tuple[int, int, int], high: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    t = min(max(t, 0.0), 1.0)
    return (
        round(low[0] + (high[0] - low[0]) * t),
        round(low[1] + (high[1] - low[1]) * t),
        round(low[2] + (high[2] - low[2]) * t),
    )


_EMPTY = (240, 240, 240)
_HELD = (33, 113, 181)
_LOSING = (215, 48, 39)
_EVEN = (255, 255, 217)
_WINNING = (26, 152, 80)
_UNKNOWN = (200, 200, 200)


def cell_color(value: float, kind: str = "weight") -> tuple[int, int, int]:
    """The RGB color of a cell: weights from light gray to blue; equity red - yellow - green.

    >>> cell_color(0.0), cell_color(1.0), cell_color(0.5, "equity")
    ((240, 240, 240), (33, 113, 181), (255, 255, 217))
    """
    if math.isnan(value):
        return _UNKNOWN
    if kind == "equity":
        return _mix(_LOSING, _EVEN, 2 * value) if value < 0.5 else _mix(_EVEN, _WINNING, 2 * value - 1)
    return _mix(_EMPTY, _HELD, value)


def _ink(rgb: tuple[int, int, int]) -> str:
    # Dark text on light cells, white on dark ones (relative luminance, ITU-R BT.709 weights).
    return "#000000" if 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2] > 140 else "#ffffff"


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _value_text(value: float, kind: str) -> str:
    if math.isnan(value):
        return "-"
    return f"{100 * value:.0f}" if kind == "equity" else ("" if value == 0 else f"{value:.2g}")


# ---- the grid as SVG and as a matplotlib figure -----------------------------------------------

_CELL = 44
_FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"


def _svg_open(width: float, height: float) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="{_FONT}">',
        '<rect width="100%" height="100%" fill="#ffffff"/>',
    ]


def _attribute(value: object) -> str:
    """Text for a double-quoted SVG attribute: quotes escaped as well as ``&<>``, so a label
    such as ``x" onload="...`` stays the attribute's value and the SVG stays well-formed."""
    return escape(str(value), {'"': "&quot;", "'": "&#39;"})


def _svg_text(x: float, y: float, content: str, size: int, fill: str = "#000000") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="middle" fill="{fill}">'
        f"{escape(content)}</text>"
    )


GridLike = Union[Mapping[str, float], Range, str]
"""What a grid is drawn from: cells (class name to a value in [0, 1]), a Range, or range text."""


def _cells(grid: GridLike, title: str | None) -> tuple[Mapping[str, float], str]:
    """The cells of a grid and its title: a range's own notation unless a title is given."""
    check_title(title)
    if isinstance(grid, (Range, str)):
        return range_grid(grid), str(Range(grid)) if title is None else title
    if not isinstance(grid, Mapping):
        raise TypeError(
            f"a grid is drawn from cells (a dict of class name to value), a Range or range text,"
            f" not {type(grid).__name__}"
        )
    unknown = next((name for name in grid if name not in _COMBOS_IN), None)
    if unknown is not None:  # a typo ("AKS") was drawn as an empty cell
        raise ValueError(f"cell {unknown!r} is no hand class (the 169 are named as 'AA', 'AKs', 'T9o')")
    return grid, title or ""


def _cell_value(cells: Mapping[str, float], name: str) -> float:
    """The value of cell `name` (0 when missing) as a float in [0, 1], or NaN for a cell with
    no value (a class no deal allows: drawn gray, '-'); an error naming the cell otherwise."""
    value = cells.get(name, 0.0)
    if is_bool(value) or isinstance(value, (str, bytes)) or not hasattr(value, "__float__"):
        raise TypeError(f"cell {name!r} must be a number in [0, 1], got {type(value).__name__} {value!r}")
    number = float(value)
    if not (0.0 <= number <= 1.0 or math.isnan(number)):
        raise ValueError(f"cell {name!r} must be a number in [0, 1] (or NaN for no value), got {number!r}")
    return number


def grid_svg(cells: GridLike, *, title: str | None = None, kind: str = "weight") -> str:
    """The grid as an SVG document: one ``<rect class="cell">`` and label per class.

    `cells` maps class names ("AKs") to values in [0, 1] (missing classes count as 0), or is
    a :class:`~pokereval.Range` or range text, drawn by its weights (:func:`range_grid`) and
    titled by its notation unless `title` says otherwise; `kind` is "weight" (a range) or
    "equity" (the value is also printed, as a percentage).

    >>> svg = grid_svg("AKs")
    >>> svg.count('data-value="1"'), ">AKs</text>" in svg.split("<g>")[0]
    (1, True)
    """
    _check_kind(kind)
    cells, title = _cells(cells, title)
    top = 36 if title else 8
    size = 13 * _CELL
    parts = _svg_open(size + 16, size + top + 8)
    if title:
        parts.append(_svg_text(8 + size / 2, 24, title, 16))
    for row, names in enumerate(GRID):
        for col, name in enumerate(names):
            value = _cell_value(cells, name)
            rgb = cell_color(value, kind)
            x, y, ink = 8 + col * _CELL, top + row * _CELL, _ink(rgb)
            shown = _value_text(value, kind) if kind == "equity" else ""
            parts.append(f"<g><title>{name}: {_value_text(value, kind) or 0}</title>")
            parts.append(
                f'<rect class="cell" data-hand="{name}" data-value="{value + 0.0:.6g}" x="{x}" y="{y}" '
                f'width="{_CELL}" height="{_CELL}" fill="{_hex(rgb)}" stroke="#ffffff" stroke-width="1"/>'
            )
            parts.append(_svg_text(x + _CELL / 2, y + (18 if shown else 27), name, 13, ink))
            if shown:
                parts.append(_svg_text(x + _CELL / 2, y + 35, shown, 11, ink))
            parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _pyplot() -> Any:
    """The Figure type the pictures are made of: one that draws itself in Jupyter."""
    try:
        from ._figure import Picture
    except ImportError:  # an ImportError, as every optional extra's absence (docs/errors.md)
        raise ImportError(
            'pictures other than SVG need matplotlib: pip install "pokereval-cffi[plot]"'
        ) from None
    return Picture


def grid_figure(cells: GridLike, *, title: str | None = None, kind: str = "weight") -> Any:
    """The grid as a matplotlib Figure (needs matplotlib), from cells, a Range or range text
    as :func:`grid_svg` takes them.

    The figure draws itself in Jupyter as the value of a cell, with no ``%matplotlib``
    (it has a ``_repr_png_``); ``savefig`` writes it anywhere else.

    >>> figure = grid_figure(Range("QQ+,AKs"))
    >>> figure.texts[0].get_text(), figure._repr_png_()[:4]
    ('QQ+,AKs', b'\x89PNG')
    """
    _check_kind(kind)
    cells, title = _cells(cells, title)
    figure_type = _pyplot()
    figure = figure_type(figsize=(7, 7.3 if title else 7), dpi=100)
    axes = figure.add_axes((0.02, 0.02, 0.96, 0.9 if title else 0.96))
    axes.set_xlim(0, 13)
    axes.set_ylim(13, 0)
    axes.set_axis_off()
    for row, names in enumerate(GRID):
        for col, name in enumerate(names):
            value = _cell_value(cells, name)
            rgb = cell_color(value, kind)
            face = tuple(channel / 255 for channel in rgb)
            axes.add_patch(_rectangle((col, row), face))
            shown = _value_text(value, kind) if kind == "equity" else ""
            axes.text(
                col + 0.5,
                row + (0.38 if shown else 0.5),
                name,
                ha="center",
                va="center",
                fontsize=9,
                color=_ink(rgb),
            )
            if shown:
                axes.text(col + 0.5, row + 0.75, shown, ha="center", va="center", fontsize=7, color=_ink(rgb))
    if title:
        figure.suptitle(title, parse_math=False)  # a title is text as given: "$5" is no math
    return figure


def _rectangle(xy: tuple[int, int], face: tuple[float, ...]) -> Any:
    from matplotlib.patches import Rectangle

    return Rectangle(xy, 1, 1, facecolor=face, edgecolor="white", linewidth=1)


def save_grid(cells: GridLike, path: str | Path, *, title: str | None = None, kind: str = "weight") -> Path:
    """Write the grid to `path`: .svg with no dependency; .png (or .pdf) through matplotlib.
    `cells` are cells, a Range or range text, as :func:`grid_svg` takes them."""
    target = file_to_write(path, "pictures", _PICTURES)
    if target.suffix.lower() == ".svg":
        target.write_text(grid_svg(cells, title=title, kind=kind), encoding="utf-8")
    else:
        _save_figure(grid_figure(cells, title=title, kind=kind), target)
    return target


_PICTURES = (".svg", ".png", ".pdf")


def _save_figure(figure: Any, target: Path) -> None:
    figure.savefig(target)


def _check_kind(kind: str) -> None:
    check_choice(kind, "kind", ("weight", "equity"))


# ---- equity street by street ------------------------------------------------------------------


def street_equity(
    hand: CardsLike,
    vs: RangeLike | CardsLike,
    board: CardsLike,
    *,
    dead: CardsLike | None = None,
    samples: int = 200_000,
    seed: int = 0,
) -> list[tuple[str, tuple[Card, ...], float]]:
    """The hand's equity against `vs` as each board card comes: (street, board so far, equity).

    The board's cards are dealt in the order given, one point per card: preflop, each of the
    three flop cards, turn and river (fewer for a shorter board).  A point is exact when the
    library can enumerate it, else `samples` seeded runouts.

    >>> points = street_equity("AsKs", "QQ", "Qc 7s 2s Kd 9h", samples=5000, seed=3)
    >>> [street for street, _, _ in points]
    ['preflop', 'flop 1', 'flop 2', 'flop', 'turn', 'river']
    >>> points[-1][2]  # the queens made a set on the first card and held
    0.0
    """
    runs, first = check_samples(samples), check_seed(seed)  # checked now, used if a street samples
    if runs is None or first is None:
        raise TypeError(f"samples and seed must be ints, got {samples!r} and {seed!r}")
    cards = parse_cards(board)
    if not 1 <= len(cards) <= 5:
        raise ValueError(f"the board has {len(cards)} cards; give 1 to 5 to follow the streets")
    players: list[Any] = [hand, vs]
    points = []
    for dealt in range(len(cards) + 1):
        so_far = cards[:dealt]
        try:
            result = equity(players, board=so_far or None, dead=dead)
        except ValueError:
            # Past equity's exact limit (which a hand against a range stays within, preflop too):
            # sample it, repeatably.
            result = equity(
                players, board=so_far or None, dead=dead, samples=runs, seed=(first + dealt) % 2**64
            )
        points.append((_STREETS[dealt], so_far, result.equity[0]))
    return points


_SUIT_INKS = ("#2e7d32", "#1565c0", "#c62828", "#212121")  # a four-color deck: c, d, h, s


def _card_label(card: Card) -> str:
    return RANKS[card.rank] + "♣♦♥♠"[card.suit]


_StreetPoint = tuple[str, Sequence[Card], float]


def _street_points(points: Sequence[_StreetPoint]) -> list[_StreetPoint]:
    """The points of a street chart with each equity a float in [0, 1], or an error naming the
    point (a NaN was written into the SVG as 'nan'; 1.5 drawn above the chart)."""
    checked = []
    if isinstance(points, (str, bytes)) or not isinstance(points, Iterable):
        kind = type(points).__name__
        raise TypeError(f"points must be a sequence of (street, cards dealt, equity), got {kind}")
    for i, point in enumerate(points):
        if isinstance(point, (str, bytes)) or not isinstance(point, Sequence) or len(point) != 3:
            raise TypeError(f"point {i} must be (street, cards dealt, equity), got {point!r}")
        street, dealt, value = point
        if not isinstance(street, str):
            raise TypeError(f"point {i}: the street must be a str, got {type(street).__name__} {street!r}")
        if (
            isinstance(dealt, (str, bytes))
            or not isinstance(dealt, Iterable)
            or not all(isinstance(card, Card) for card in dealt)
        ):
            raise TypeError(f"point {i}: the cards dealt must be a sequence of Cards, got {dealt!r}")
        if any(card.is_joker for card in dealt):
            raise ValueError(f"point {i}: a joker is dealt on no street of hold'em")
        if is_bool(value) or isinstance(value, (str, bytes)) or not hasattr(value, "__float__"):
            raise TypeError(f"point {i} must have an equity in [0, 1], got {type(value).__name__} {value!r}")
        share = float(value)
        if not 0.0 <= share <= 1.0:  # False for NaN too
            raise ValueError(f"point {i} must have an equity in [0, 1], got {share!r}")
        checked.append((street, dealt, share))
    return checked


def streets_svg(points: Sequence[tuple[str, Sequence[Card], float]], *, title: str = "") -> str:
    """Equity street by street as an SVG line chart (0 to 100%, one point per street)."""
    check_title(title)
    points = _street_points(points)
    width, height, left, right, top, bottom = 580, 320, 56, 44, 40 if title else 16, 48
    plot_w, plot_h = width - left - right, height - top - bottom
    inset = 28  # keeps the first and last points' labels clear of the axis and the edge
    step = (plot_w - 2 * inset) / max(len(points) - 1, 1)

    def xy(i: int, value: float) -> tuple[float, float]:
        return left + inset + i * step, top + plot_h * (1 - value)

    parts = _svg_open(width, height)
    if title:
        parts.append(_svg_text(width / 2, 24, title, 15))
    for tick in range(0, 101, 25):
        _, y = xy(0, tick / 100)
        parts.append(f'<line x1="{left}" y1="{y}" x2="{width - right}" y2="{y}" stroke="#dddddd"/>')
        parts.append(f'<text x="{left - 8}" y="{y + 4}" font-size="11" text-anchor="end">{tick}%</text>')
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in (xy(i, p[2]) for i, p in enumerate(points)))
    parts.append(
        f'<polyline class="equity" points="{line}" fill="none" stroke="{_hex(_HELD)}" stroke-width="2.5"/>'
    )
    for i, (street, dealt, value) in enumerate(points):
        x, y = xy(i, value)
        parts.append(
            f'<circle class="point" data-street="{_attribute(street)}" data-equity="{value:.6g}" '
            f'cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{_hex(_HELD)}"/>'
        )
        parts.append(_svg_text(x, y - 9, f"{100 * value:.1f}", 11))
        parts.append(_svg_text(x, height - bottom + 18, street, 11))
        if dealt:
            card = dealt[-1]
            parts.append(_svg_text(x, height - bottom + 36, _card_label(card), 13, _SUIT_INKS[card.suit]))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def streets_figure(points: Sequence[tuple[str, Sequence[Card], float]], *, title: str = "") -> Any:
    """Equity street by street as a matplotlib Figure (needs matplotlib), from the points of
    :func:`street_equity`; it draws itself in Jupyter, like :func:`grid_figure`."""
    check_title(title)
    points = _street_points(points)
    figure_type = _pyplot()
    figure = figure_type(figsize=(6.4, 3.6), dpi=100)
    axes = figure.add_subplot()
    xs = list(range(len(points)))
    values = [100 * value for _, _, value in points]
    axes.plot(xs, values, marker="o", color=_hex(_HELD), linewidth=2.5)
    for x, value in zip(xs, values):
        axes.annotate(
            f"{value:.1f}", (x, value), textcoords="offset points", xytext=(0, 7), ha="center", fontsize=8
        )
    axes.set_xticks(
        xs,
        [f"{street}\n{_card_label(dealt[-1]) if dealt else ''}" for street, dealt, _ in points],
        parse_math=False,  # the street labels and the title are text as given, never mathtext
    )
    axes.set_ylim(0, 105)
    axes.set_ylabel("equity, %")
    axes.grid(axis="y", color="#dddddd")
    if title:
        axes.set_title(title, parse_math=False)
    figure.tight_layout()
    return figure


def save_streets(
    points: Sequence[tuple[str, Sequence[Card], float]], path: str | Path, *, title: str = ""
) -> Path:
    """Write the street chart to `path`: .svg with no dependency; .png (or .pdf) through matplotlib."""
    target = file_to_write(path, "pictures", _PICTURES)
    if target.suffix.lower() == ".svg":
        target.write_text(streets_svg(points, title=title), encoding="utf-8")
    else:
        _save_figure(streets_figure(points, title=title), target)
    return target
