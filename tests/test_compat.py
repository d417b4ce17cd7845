"""The compat shims answer like the real peers on the same hands (skipped where a peer is
not installed: `pip install eval7 treys`)."""

from __future__ import annotations

import random

import pytest

from pokereval.compat import eval7 as eval7_shim
from pokereval.compat import treys as treys_shim

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def deals(rng: random.Random, count: int) -> list[list[str]]:
    return [rng.sample(NAMES, rng.choice((5, 6, 7))) for _ in range(count)]


def test_treys_shim_matches_treys(rng: random.Random) -> None:
    treys = pytest.importorskip("treys")
    real, shim = treys.Evaluator(), treys_shim.Evaluator()
    for hand in deals(rng, 3000):
        real_ints = [treys.Card.new(c) for c in hand]
        shim_ints = [treys_shim.Card.new(c) for c in hand]
        assert shim_ints == real_ints  # the same card encoding
        score = real.evaluate(real_ints[:2], real_ints[2:])
        assert shim.evaluate(shim_ints[:2], shim_ints[2:]) == score, hand
        assert shim.get_rank_class(score) == real.get_rank_class(score)
        name = real.class_to_string(real.get_rank_class(score))
        assert shim.class_to_string(shim.get_rank_class(score)) == name


def test_eval7_shim_orders_and_names_like_eval7(rng: random.Random) -> None:
    eval7 = pytest.importorskip("eval7")
    hands = deals(rng, 3000)
    real = [eval7.evaluate([eval7.Card(c) for c in h]) for h in hands]
    ours = [eval7_shim.evaluate([eval7.Card(c) for c in h]) for h in hands]
    assert ours == [eval7_shim.evaluate(h) for h in hands]  # eval7 Cards read as the same cards
    for i in range(0, len(hands) - 1):
        real_order = (real[i] > real[i + 1]) - (real[i] < real[i + 1])
        assert real_order == (ours[i] > ours[i + 1]) - (ours[i] < ours[i + 1])
        assert eval7_shim.handtype(ours[i]) == eval7.handtype(real[i]), hands[i]


def test_treys_shim_rejects_foreign_ints() -> None:
    with pytest.raises(ValueError, match="not a treys card int"):
        treys_shim.Evaluator().evaluate([1, 2], [3, 4, 5])
    with pytest.raises(ValueError, match="bad card 'Zz'"):
        treys_shim.Card.new("Zz")
