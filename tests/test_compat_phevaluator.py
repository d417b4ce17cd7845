"""pokereval.compat.phevaluator answers as phevaluator 0.6 does, on the same cards."""

from __future__ import annotations

import contextlib
import io
import itertools
import operator
import random
import textwrap

import pytest

from pokereval.compat import phevaluator as shim
from pokereval.compat._classes import class_ids

phevaluator = pytest.importorskip("phevaluator")
from phevaluator.card import Card as RealCard  # noqa: E402
from phevaluator.evaluator import evaluate_cards  # noqa: E402
from phevaluator.evaluator_omaha import evaluate_omaha_cards, evaluate_plo4_cards  # noqa: E402

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def test_every_public_name_is_there() -> None:
    # Every function and class (its submodules' names are all here, at the top).
    names = {name for name, module in phevaluator.object_origins.items() if module != "phevaluator"}
    assert names <= set(shim.__all__)
    real_methods = {n for n in dir(RealCard) if not n.startswith("_")}
    assert real_methods <= set(dir(shim.Card))


@pytest.mark.slow
def test_100000_random_hands_score_alike() -> None:
    rng = random.Random(3)
    for _ in range(100_000):
        ids = rng.sample(range(52), rng.choice((5, 6, 7)))
        score = evaluate_cards(*ids)
        assert shim.evaluate_cards(*ids) == score, ids
        assert shim.get_rank_category(score) == shim.EvaluationResult(score).category


def test_every_class_and_every_card_form_alike() -> None:
    rng = random.Random(4)
    seen = set()
    for ids in class_ids():
        score = evaluate_cards(*ids)
        names = [NAMES[i] for i in ids]
        assert shim.evaluate_cards(*ids) == score
        assert shim.evaluate_cards(*names) == score
        assert shim.evaluate_cards(*[n.upper() for n in names]) == score
        assert shim.evaluate_cards(*map(shim.Card, ids)) == score
        assert shim.evaluate_5cards(*ids) == score
        seen.add(score)
    assert seen == set(range(1, 7463))
    for _ in range(2000):
        ids = rng.sample(range(52), 7)  # type: ignore[assignment]
        assert shim.evaluate_6cards(*ids[:6]) == evaluate_cards(*ids[:6])
        assert shim.evaluate_7cards(*ids) == evaluate_cards(*ids)


def test_omaha_alike() -> None:
    rng = random.Random(5)
    for _ in range(5000):
        ids = rng.sample(range(52), 9)
        score = evaluate_omaha_cards(*ids)
        assert shim.evaluate_omaha_cards(*ids) == score == shim.evaluate_plo4_cards(*ids)
        assert evaluate_plo4_cards(*ids) == score
    with pytest.raises(ValueError):
        shim.evaluate_omaha_cards(*range(8))


def test_plo5_and_plo6_score_as_the_best_plo4_subset() -> None:
    """phevaluator's wheels leave PLO5/6 out; ours must equal the best of every four hole cards."""
    rng = random.Random(6)
    for hole in (5, 6):
        evaluate = shim.evaluate_plo5_cards if hole == 5 else shim.evaluate_plo6_cards
        for _ in range(300):
            ids = rng.sample(range(52), 5 + hole)
            board, cards = ids[:5], ids[5:]
            best = min(evaluate_omaha_cards(*board, *four) for four in itertools.combinations(cards, 4))
            assert evaluate(*ids) == best


def test_cards_alike() -> None:
    for i, name in enumerate(NAMES):
        real, ours = RealCard(i), shim.Card(i)
        assert (repr(ours), str(ours), int(ours), hash(ours), ours.id_) == (
            repr(real),
            str(real),
            int(real),
            hash(real),
            real.id_,
        )
        for method in ("describe_rank", "describe_suit", "describe_card"):
            assert getattr(ours, method)() == getattr(real, method)()
        for other in (i, name, name.upper(), RealCard(i), (i + 1) % 52, "2c"):
            assert (ours == other) == (real == other), (name, other)
        assert shim.Card(name.upper()) == shim.Card(shim.Card(i)) == ours
        assert shim.Card.to_id(name) == RealCard.to_id(name)
    for bad in ("9h ", "A"):
        with pytest.raises(ValueError):
            RealCard(bad)
        with pytest.raises(ValueError):
            shim.Card(bad)
    for bad in (0.0, None):  # type: ignore[assignment]
        with pytest.raises(TypeError):
            shim.Card(bad)


def test_cards_have_no_order_as_in_phevaluator() -> None:
    """phevaluator's Card defines == but no <: sorting Cards raises TypeError there, and so here."""
    for a, b in ((RealCard(0), RealCard(1)), (shim.Card(0), shim.Card(1))):
        for compare, other in (
            (operator.lt, b),
            (operator.le, b),
            (operator.gt, b),
            (operator.ge, b),
            (operator.lt, 5),
        ):
            with pytest.raises(TypeError):
                compare(a, other)
        with pytest.raises(TypeError):
            sorted([b, a])
    assert shim.Card(0) == 0 and shim.Card(0) != shim.Card(1)


def test_bad_ids_and_names_raise_keyerror_as_phevaluator_does() -> None:
    """phevaluator takes Card(-1) and fails with a KeyError when the card is printed, and
    fails with a KeyError on a name with a bad letter; the shim raises a KeyError (which is
    also a ValueError) at once, saying what is wrong."""
    for bad in (-1, 52, 60, 10**6):
        with pytest.raises(KeyError):
            str(RealCard(bad))
        with pytest.raises(KeyError, match=rf"^card id {bad} out of range 0\.\.51$") as raised:
            shim.Card(bad)
        assert isinstance(raised.value, ValueError)
    for bad in ("Xx", "1c", "Az", "AZ"):  # type: ignore[assignment]
        with pytest.raises(KeyError):
            RealCard(bad)
        with pytest.raises(KeyError):
            evaluate_cards(bad, 1, 2, 3, 4)
        with pytest.raises(KeyError, match=f"^bad card '{bad}'") as raised:
            shim.Card(bad)
        assert isinstance(raised.value, ValueError)
        with pytest.raises(KeyError):
            shim.evaluate_cards(bad, 1, 2, 3, 4)


def test_categories_follow_phevaluators_bounds() -> None:
    """The category of each score, from rank.c's bounds: one straight flush per 10 scores..."""
    counts = {category: 0 for category in shim.RankCategory}
    for score in range(1, 7463):
        counts[shim.get_rank_category(score)] += 1
    assert [counts[c] for c in shim.RankCategory] == [10, 156, 156, 1277, 10, 858, 858, 2860, 1277]
    assert shim.describe_rank_category(shim.RankCategory.FULL_HOUSE) == "Full House"
    assert shim.is_flush(1) and shim.is_flush(400) and not shim.is_flush(1600)
    result = shim.EvaluationResult(evaluate_cards("9c", "4c", "4s", "9d", "4h", "2c", "9h"))
    assert (result.value, result.category, result.description) == (
        236,
        shim.RankCategory.FULL_HOUSE,
        "Full House",
    )
    assert result < shim.EvaluationResult(292) and result == 236
    with pytest.raises(ValueError):
        shim.EvaluationResult(0)


def test_sample_cards_alike_for_a_seed() -> None:
    random.seed(8)
    real = phevaluator.sample_cards(7)
    random.seed(8)
    assert shim.sample_cards(7) == real


PHEVALUATOR_README = """
from phevaluator.evaluator import evaluate_cards

p1 = evaluate_cards("9c", "4c", "4s", "9d", "4h", "Qc", "6c")
p2 = evaluate_cards("9c", "4c", "4s", "9d", "4h", "2c", "9h")

# The rank is an integer from 1 (strongest) to 7462 (weakest), so a smaller
# number means a stronger hand. Player 2 has a stronger hand.
print(f"The rank of the hand in player 1 is {p1}") # 292
print(f"The rank of the hand in player 2 is {p2}") # 236

from phevaluator import evaluate_omaha_cards  # 4 hole cards
print(evaluate_omaha_cards("4c", "5c", "6c", "7s", "8s", "2c", "9c", "As", "Kd"))
"""


def test_readme_runs_with_only_the_import_changed() -> None:
    program = textwrap.dedent(PHEVALUATOR_README)
    ours = program.replace("from phevaluator.evaluator import", "from pokereval.compat.phevaluator import")
    ours = ours.replace("from phevaluator import", "from pokereval.compat.phevaluator import")
    outputs = []
    for source in (program, ours):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            exec(compile(source, "README", "exec"), {})
        outputs.append(out.getvalue())
    assert outputs[1] == outputs[0]
    assert "player 1 is 292" in outputs[0] and "player 2 is 236" in outputs[0]


@pytest.mark.parametrize("bad", [52, 53, 60, 255, -1])
def test_an_id_that_is_no_card_is_worded_as_phevaluator_ids(bad: int) -> None:
    # The shim used to pass the core's words through: "joker 'Jk' at position 5 plays only
    # with wild=...", of a library with no jokers (and "omaha has no wild cards").
    with pytest.raises(KeyError, match=rf"^card id {bad} out of range 0\.\.51$"):
        shim.evaluate_cards(0, 1, 2, 3, bad)
    with pytest.raises(KeyError, match=rf"^card id {bad} out of range 0\.\.51$"):
        shim.evaluate_omaha_cards(0, 1, 2, 3, 4, 5, 6, 7, bad)
