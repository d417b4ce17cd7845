"""Long work off the main thread: a progress bar on stderr after half a second, Ctrl-C at once.

The library's equity runs in C with the GIL released.  Run on a worker thread, the main
thread stays free to draw progress and to take Ctrl-C: KeyboardInterrupt then ends the
command with status 130 straight away (the worker is a daemon and dies with the process).
"""

from __future__ import annotations

import inspect
import os
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_SHOW_AFTER = 0.5  # seconds: quicker runs print no bar at all
_POLL = 0.05


def accepts(function: Callable[..., Any], name: str) -> bool:
    """Whether `function` takes the keyword argument `name`."""
    try:
        return name in inspect.signature(function).parameters
    except (TypeError, ValueError):  # pragma: no cover
        return False


def run_with_progress(work: Callable[[Callable[[float], None]], T], description: str) -> T:
    """Call ``work(report)``; ``report(fraction)`` may be called from any thread.

    A bar (or, without reports, a spinner) appears on stderr once the work has taken half
    a second, and only when stderr is a terminal.  Exceptions from the work are re-raised
    here; Ctrl-C exits the process with status 130.
    """
    done = threading.Event()
    box: dict[str, Any] = {}
    fraction = [-1.0]

    def report(value: float) -> None:
        fraction[0] = float(value)

    def target() -> None:
        try:
            box["result"] = work(report)
        except BaseException as exc:  # handed to the main thread
            box["error"] = exc
        finally:
            done.set()

    worker = threading.Thread(target=target, name="pokereval-work", daemon=True)
    try:
        worker.start()
        if not done.wait(_SHOW_AFTER) and sys.stderr.isatty():
            _draw(done, fraction, description)
        while not done.wait(_POLL):
            pass
    except KeyboardInterrupt:
        # The C call cannot be stopped from here; ending the process ends it.
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(130)
    if "error" in box:
        raise box["error"]
    result: T = box["result"]
    return result


def _draw(done: threading.Event, fraction: list[float], description: str) -> None:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        Progress,
        SpinnerColumn,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
    )

    columns = (
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=Console(file=sys.stderr), transient=True) as progress:
        task = progress.add_task(description, total=None)
        start = time.monotonic()
        while not done.wait(_POLL):
            if fraction[0] >= 0:
                progress.update(task, total=1.0, completed=min(fraction[0], 1.0))
            elif time.monotonic() - start > 0:
                progress.update(task, total=None)
