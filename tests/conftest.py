"""Shared fixtures.  Tests marked `slow` are exhaustive or long; CI runs them too."""

from __future__ import annotations

import random

import pytest


@pytest.fixture
def rng() -> random.Random:
    """A seeded generator, so every random test replays the same deals."""
    return random.Random(20261129)
