"""docs/migrating.md runs as written: every example, against the shims."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

MIGRATING = Path(__file__).resolve().parent.parent / "docs" / "migrating.md"


@pytest.mark.skipif(not MIGRATING.exists(), reason="needs the source tree")
def test_migrating_examples_run() -> None:
    pytest.importorskip("pokerkit")
    result = doctest.testfile(str(MIGRATING), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 20
    assert result.failed == 0
