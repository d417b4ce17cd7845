"""Shared fixtures.  Tests marked `slow` are exhaustive or long; CI runs them too."""

from __future__ import annotations

import _thread
import gc
import random
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest


@pytest.fixture
def rng() -> random.Random:
    """A seeded generator, so every random test replays the same deals."""
    return random.Random(20261129)


@pytest.fixture
def ctrl_c() -> Iterator[Callable[[float], threading.Timer]]:
    """Press Ctrl-C in this process after a delay: ``ctrl_c(0.3)`` starts the timer.

    The run may have SIGINT ignored (a background job): Python then neither installs its
    handler nor honours a simulated interrupt, so the test installs Python's default handler
    for its duration and puts back what was there.  The timer is joined before the test ends.

    CPython drops a KeyboardInterrupt raised inside a gc callback or a finalizer (it prints
    "Exception ignored in ..." and goes on), and Hypothesis leaves a gc callback installed
    once a stateful test has run: so for the test's duration the collector is off and its
    callbacks are set aside, and the press lands in the code under test.
    """
    if threading.current_thread() is not threading.main_thread():  # pragma: no cover
        pytest.skip("Ctrl-C reaches the main thread only")
    before = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    callbacks, collecting = gc.callbacks[:], gc.isenabled()
    gc.callbacks.clear()
    gc.disable()
    timers: list[threading.Timer] = []

    def press(delay: float) -> threading.Timer:
        timer = threading.Timer(delay, _thread.interrupt_main)
        timers.append(timer)
        timer.start()
        return timer

    try:
        yield press
    finally:
        for timer in timers:
            timer.cancel()
            timer.join()
        signal.signal(signal.SIGINT, before)
        gc.callbacks[:] = callbacks
        if collecting:
            gc.enable()


def interruptible_child(args: list[str], **options: Any) -> subprocess.Popen[str]:
    """Start a child process that takes Ctrl-C (SIGINT) even when this run ignores it: a
    child inherits an ignored SIGINT, and Python does not handle a signal ignored at start."""
    if sys.platform == "win32":  # pragma: no cover
        pytest.skip("SIGINT cannot be sent to a child process on Windows")
    return subprocess.Popen(
        args,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **options,
    )


@pytest.fixture
def child_process() -> Iterator[Callable[..., subprocess.Popen[str]]]:
    """``child_process(args, env=...)`` starts an interruptible child; whatever happens in the
    test, the child is killed and reaped at its end, so none is left burning a core."""
    children: list[subprocess.Popen[str]] = []

    def start(args: list[str], **options: Any) -> subprocess.Popen[str]:
        child = interruptible_child(args, **options)
        children.append(child)
        return child

    try:
        yield start
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
            child.communicate()
