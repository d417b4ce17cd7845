"""Work cut into chunks, played on threads: the calling thread and helpers take chunks from
one queue, with progress and Ctrl-C.  Used by the batch (`evaluate_batch`), equity, the
solver kit and abstraction; it knows nothing of what a chunk does.
"""

from __future__ import annotations

import contextlib
import threading
from collections import deque
from collections.abc import Callable, Sequence
from queue import Empty, SimpleQueue

__all__ = ["run_jobs"]


def run_jobs(
    jobs: Sequence[Callable[[], int]],
    work: Sequence[float],
    threads: int,
    progress: Callable[[float], object] | None,
) -> int:
    """Run the chunks, on `threads` threads, calling progress(fraction done) after each
    one and at least every 0.05 s; the first nonzero code stops the rest.  A
    KeyboardInterrupt cancels the chunks not started and waits for the running ones
    (each a few hundredths of a second) before it propagates: nothing is left running."""
    total = float(sum(work)) or 1.0
    done = 0.0
    if threads == 1 or len(jobs) == 1:
        for job, w in zip(jobs, work):
            rc = job()
            if rc:
                return rc
            done += w
            if progress is not None:
                progress(min(1.0, done / total))
        return 0
    # The calling thread takes chunks too, beside threads - 1 helpers, all from one queue: a
    # pool of `threads` threads (made anew for each call, so none is left behind) started
    # its workers one submit at a time, each a thread start under the GIL, and this thread
    # only waited; starting one thread fewer and working here cut that wait from the
    # front of the run.  A helper that ends a chunk takes the next at once.
    todo: deque[tuple[Callable[[], int], float]] = deque(zip(jobs, work))
    finished: SimpleQueue[tuple[int, float]] = SimpleQueue()
    raised: list[BaseException] = []  # a helper's exception, raised here
    halt = False

    def helper() -> None:
        while not halt and not raised:
            try:
                job, w = todo.popleft()
            except IndexError:
                return
            try:
                rc = job()
            except BaseException as error:
                raised.append(error)
                return
            finished.put((rc, w))

    helpers = [
        threading.Thread(target=helper, name="pokereval-work", daemon=True) for _ in range(threads - 1)
    ]
    failed = 0
    try:
        for thread in helpers:
            thread.start()
        while not failed and not raised:
            try:
                job, w = todo.popleft()
            except IndexError:
                break
            failed = job()
            done += w
            while not finished.empty():
                rc, w = finished.get()
                failed, done = failed or rc, done + w
            if progress is not None:
                progress(min(1.0, done / total))
        # The helpers' last chunks: progress at least every 0.05 s while they end.
        # A helper puts its last result before it ends: once none is alive, what is left is
        # in the queue, and progress still reaches 1.
        while not failed and not raised and (any(t.is_alive() for t in helpers) or not finished.empty()):
            with contextlib.suppress(Empty):
                rc, w = finished.get(timeout=0.05)
                failed, done = failed or rc, done + w
            if progress is not None:
                progress(min(1.0, done / total))
    finally:
        halt = True  # a failure, an exception, or Ctrl-C: no helper takes another chunk
        for thread in helpers:
            # A thread whose start a Ctrl-C cut short may not be joinable yet; it sees the
            # halt and takes no chunk.
            with contextlib.suppress(RuntimeError):
                thread.join()
    if raised:
        raise raised[0]
    while not finished.empty():
        rc, w = finished.get()
        failed = failed or rc
    return failed
