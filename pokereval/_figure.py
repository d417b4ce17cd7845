"""The matplotlib Figure that :mod:`pokereval.plot` returns: one that draws itself in Jupyter.

A plain ``matplotlib.figure.Figure`` made without pyplot shows in a notebook only as
``<Figure size 700x730 with 1 Axes>`` unless the user has typed ``%matplotlib inline``:
IPython draws a figure through a formatter that the inline backend registers, and nothing
here loads a backend.  IPython also asks any object for ``_repr_png_``, so this Figure
answers that itself.  (Where the inline backend is on, its formatter answers first and the
figure still shows once.)

Importing this module imports matplotlib; :mod:`pokereval.plot` imports it only when a
figure is asked for, so SVG pictures need no matplotlib.
"""

from __future__ import annotations

import io

from matplotlib.figure import Figure

__all__ = ["Picture"]


class Picture(Figure):
    """A matplotlib Figure that shows itself as a PNG in Jupyter, no ``%matplotlib`` needed.

    >>> picture = Picture(figsize=(1, 1), dpi=10)
    >>> picture._repr_png_()[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png")
        return buffer.getvalue()
