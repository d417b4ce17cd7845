"""pokereval in a real Jupyter notebook: built here, executed by nbconvert in a fresh kernel.

The pictures must draw as images with no ``%matplotlib inline``: the kernel runs with
``MPLBACKEND=Agg``, so nothing of matplotlib's notebook integration is switched on and an
image in the outputs can only come from the figure drawing itself.  The results draw as
HTML tables that name the hands and the seats as the command line does.
"""

from __future__ import annotations

import base64
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("matplotlib", reason="notebook figures need matplotlib: the plot extra")
nbformat = pytest.importorskip("nbformat", reason="the notebook test needs nbformat (the dev extra)")
nbconvert = pytest.importorskip("nbconvert", reason="the notebook test needs nbconvert (the dev extra)")
pytest.importorskip("ipykernel", reason="the notebook test needs ipykernel (the dev extra)")

import pokereval  # noqa: E402

_ROOT = str(Path(pokereval.__file__).resolve().parent.parent)
_PNG = b"\x89PNG\r\n\x1a\n"

CELLS = [
    "import pokereval as pe\nfrom pokereval import plot",
    'plot.grid_figure(pe.Range("QQ+,AKs"))',
    'plot.grid_figure("22+,ATs+", kind="weight", title="pairs and big suited aces")',
    'plot.streets_figure(plot.street_equity("AsKs", "QdQc", "Qs 7s 2s Kd 9h"))',
    'pe.equity(["AhAd", "QQ+,AKs"], board="2c 7d 9h")',
    'pe.showdown(["Tc 2c", "Td 9d"], "As Ah Kd Qc Js")',
    'pe.settle(["As Ad", "Kh Kc", "Qs Qd"], "2c 7d 9h 3s 4c", contributions=[1000, 3000, 3000])',
    'pe.outs("AhKh", "2h 7h 9c")',
    'pe.draws("Jc Tc", "9c 8d 2c")',
]


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> list[list[dict[str, Any]]]:
    """Each cell's outputs, from the notebook executed once in a fresh kernel."""
    from nbconvert.preprocessors import ExecutePreprocessor

    folder = tmp_path_factory.mktemp("notebook")
    # A kernel spec of our own, for this interpreter: JUPYTER_PATH comes first, so no other
    # "python3" kernel installed on the machine can stand in for it.
    spec = folder / "jupyter" / "kernels" / "pokereval-test"
    spec.mkdir(parents=True)
    kernel = {
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "pokereval test",
        "language": "python",
        "env": {"MPLBACKEND": "Agg", "PYTHONPATH": _ROOT},
    }
    (spec / "kernel.json").write_text(json.dumps(kernel), encoding="utf-8")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    path = folder / "tour.ipynb"
    nbformat.write(notebook, path)

    saved = os.environ.get("JUPYTER_PATH")
    os.environ["JUPYTER_PATH"] = str(folder / "jupyter")
    try:
        run = nbformat.read(path, as_version=4)
        ExecutePreprocessor(timeout=300, kernel_name="pokereval-test").preprocess(  # type: ignore[no-untyped-call]
            run, {"metadata": {"path": str(folder)}}
        )
    finally:
        if saved is None:
            del os.environ["JUPYTER_PATH"]
        else:
            os.environ["JUPYTER_PATH"] = saved
    nbformat.write(run, path)  # the executed notebook, kept beside the source for a look
    return [list(cell.get("outputs", [])) for cell in run.cells]


def _data(cell: list[dict[str, Any]]) -> dict[str, Any]:
    results = [out for out in cell if out["output_type"] in ("execute_result", "display_data")]
    assert len(results) == 1, f"expected one result, got {[out['output_type'] for out in cell]}"
    data: dict[str, Any] = results[0]["data"]
    return data


@pytest.mark.parametrize("number", [1, 2, 3], ids=["grid of a Range", "grid of range text", "streets"])
def test_figures_draw_as_images_without_matplotlib_inline(
    outputs: list[list[dict[str, Any]]], number: int
) -> None:
    assert "%matplotlib" not in "".join(CELLS)
    data = _data(outputs[number])
    assert "image/png" in data, f"cell {number} shows only {sorted(data)}: {data.get('text/plain')}"
    png = base64.b64decode(data["image/png"])
    assert png.startswith(_PNG) and len(png) > 10_000  # a real picture, not an empty canvas


def test_no_cell_raised(outputs: list[list[dict[str, Any]]]) -> None:
    errors = [
        (n, out["ename"]) for n, cell in enumerate(outputs) for out in cell if out["output_type"] == "error"
    ]
    assert not errors


def test_results_draw_as_html_naming_hands_and_seats(outputs: list[list[dict[str, Any]]]) -> None:
    equity, showdown, settlement, outs, draws = (_data(outputs[n])["text/html"] for n in range(4, 9))
    assert "QQ+,AKs" in equity and "hand 1" not in equity and "A♥" in equity
    assert "P1" in showdown and "P2" in showdown and "T♣" in showdown and "seat 0" not in showdown
    assert "P3" in settlement and "K♥" in settlement and "seat 0" not in settlement
    assert "pe-outs" in outs and "15 outs on the flop" in outs
    assert "pe-draws" in draws and "flush draw" in draws
