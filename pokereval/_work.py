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

__all__ = ["run_jobs", "to_the_end"]


def to_the_end(wait: Callable[[], object]) -> None:
    """Run `wait` (a wait on futures or on a queue; safe to run again) to its end, a Ctrl-C
    meanwhile included, and raise that interrupt after: threads still moving shared work must
    not be left behind (a second quick Ctrl-C cut run_jobs' joins short, and one during
    Tables.step released its lock while a pool thread still stepped).  Not for
    Thread.join: CPython (before 3.13) takes a join cut short by Ctrl-C for the thread's end."""
    interrupted: KeyboardInterrupt | None = None
    while True:
        try:
            wait()
            break
        except KeyboardInterrupt as exc:
            interrupted = exc
    if interrupted is not None:
        raise interrupted


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
    # Each chunk's (code, work), and None from a helper that has stopped: the wait below ends
    # on the last None at once (it polled the helpers' liveness, and a helper that had put
    # its last result but not yet returned cost a 0.05 s wait).
    finished: SimpleQueue[tuple[int, float] | None] = SimpleQueue()
    raised: list[BaseException] = []  # a helper's exception, raised here
    halt = False

    def helper() -> None:
        try:
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
        finally:
            finished.put(None)

    helpers = [
        threading.Thread(target=helper, name="pokereval-work", daemon=True) for _ in range(threads - 1)
    ]
    failed, stopped = 0, 0

    def take(item: tuple[int, float] | None) -> None:
        nonlocal failed, done, stopped
        if item is None:
            stopped += 1
        else:
            failed, done = failed or item[0], done + item[1]

    def wait_stopped() -> None:
        # Every helper that runs puts its last None.  One that a Ctrl-C kept from running
        # (its start cut short) has no ident yet, and if it runs later it sees the halt
        # before it takes a chunk.
        running = sum(thread.ident is not None for thread in helpers)
        while stopped < running:
            take(finished.get())

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
                take(finished.get())
            if progress is not None:
                progress(min(1.0, done / total))
        # The helpers' last chunks, with progress at least every 0.05 s while they end; a
        # helper puts its last result before its None, so progress still reaches 1.
        while not failed and not raised and stopped < len(helpers):
            with contextlib.suppress(Empty):
                take(finished.get(timeout=0.05))
            if progress is not None:
                progress(min(1.0, done / total))
    finally:
        halt = True  # a failure, an exception, or Ctrl-C: no helper takes another chunk
        to_the_end(wait_stopped)
    if raised:
        raise raised[0]
    while not finished.empty():
        take(finished.get())
    return failed
