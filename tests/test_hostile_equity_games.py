"""Hostile review of equity: the C entry for hold'em ranges (pe_equity_ranges_holdem).

Its header says each deal weighs the product of its rows' weights, and that a spot with no
deal is PE_ERR_DUPLICATE.  A player whose every weight is 0 has no deal that weighs
anything: the exact path said so, but Monte Carlo dealt the zero-weight row anyway and
answered as if it weighed 1 (AsKs against "QhQd at weight 0" on 2c 7d 9h: 23% / 77%).
"""

from __future__ import annotations

from typing import Any

import pytest
from pokereval._pokereval import ffi, lib

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"


def _ids(text: str) -> list[int]:
    """Card ids (rank * 4 + suit, clubs first) of text such as "AsKs"."""
    text = text.replace(" ", "")
    return [_RANKS.index(text[i]) * 4 + _SUITS.index(text[i + 1]) for i in range(0, len(text), 2)]


def _ranges_holdem(ranges: list[list[tuple[str, float]]], board: str, samples: int) -> tuple[int, Any]:
    """Call the C entry: each range a list of (combo, weight)."""
    rows = bytes(card for combos in ranges for combo, _ in combos for card in _ids(combo))
    weights = ffi.new("double[]", [weight for combos in ranges for _, weight in combos])
    counts = ffi.new("uint32_t[]", [len(combos) for combos in ranges])
    players = len(ranges)
    equity = ffi.new("double[]", players)
    wins = ffi.new("uint64_t[]", players)
    ties = ffi.new("uint64_t[]", players)
    runs = ffi.new("uint64_t *")
    cards = bytes(_ids(board))
    rc = lib.pe_equity_ranges_holdem(
        rows, weights, counts, players, cards, len(cards), ffi.NULL, 0, samples, 1, equity, wins, ties, runs
    )
    return int(rc), (list(equity), list(wins), list(ties), int(runs[0]))


NO_WEIGHT = [
    pytest.param([[("AsKs", 1.0)], [("QhQd", 0.0)]], id="one row of weight 0"),
    pytest.param([[("AsKs", 1.0)], [("QhQd", 0.0), ("JhJd", 0.0)]], id="every row of weight 0"),
    pytest.param([[("AsKs", 0.0)], [("QhQd", 1.0), ("JhJd", 0.5)]], id="the first player"),
    pytest.param(
        [[("AsKs", 1.0)], [("QhQd", 0.5)], [("8c8d", 0.0), ("7c7d", 0.0), ("6c6d", 0.0)]],
        id="the third of three",
    ),
]


@pytest.mark.parametrize("ranges", NO_WEIGHT)
@pytest.mark.parametrize("samples", [0, 1000])
def test_a_player_of_no_weight_has_no_deal(ranges: list[list[tuple[str, float]]], samples: int) -> None:
    # Exact and Monte Carlo alike: no deal weighs more than 0, so there is nothing to play.
    rc, _ = _ranges_holdem(ranges, "2c 7d 9h", samples)
    assert rc == lib.PE_ERR_DUPLICATE


@pytest.mark.parametrize("token", ["AA:0", "AA:1.5", "AKs:-0.5"])
def test_a_range_weight_outside_zero_to_one_is_refused(token: str) -> None:
    # Python's ranges never reach the core with a weight of 0: docs/equity.md says (0, 1].
    from pokereval import Range

    with pytest.raises(ValueError, match=r"weight \S+ is not in \(0, 1\]"):
        Range(token)
