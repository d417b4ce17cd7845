"""pokereval.compat.treys and .deuces answer as treys 0.1.8 and deuces 0.2.1 do, call for call.

Every case runs through the real library and through the shim; expected values always
come from the real one.
"""

from __future__ import annotations

import contextlib
import inspect
import io
import random
import textwrap
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from pokereval.compat import deuces as deuces_shim
from pokereval.compat import treys as treys_shim
from pokereval.compat._classes import class_ids
from pokereval.compat._errors import CardError

treys = pytest.importorskip("treys")
deuces = pytest.importorskip("deuces")

NAMES = [r + s for r in "23456789TJQKA" for s in "shdc"]
PAIRS = [(treys, treys_shim), (deuces, deuces_shim)]
PAIR_IDS = ["treys", "deuces"]


def printed(call: Callable[[], Any]) -> tuple[Any, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = call()
    return result, out.getvalue()


def public(obj: object) -> set[str]:
    return {name for name in vars(obj) if not name.startswith("_")}


@pytest.mark.parametrize(("real", "shim"), PAIRS, ids=PAIR_IDS)
def test_every_public_name_is_there(real: Any, shim: Any) -> None:
    modules = [real, real.card, real.deck, real.evaluator, real.lookup]
    classes = {name: obj for m in modules for name, obj in vars(m).items() if inspect.isclass(obj)}
    classes = {name: obj for name, obj in classes.items() if obj.__module__.startswith(real.__name__)}
    assert set(classes) <= set(shim.__all__)
    for name, real_class in classes.items():
        missing = public(real_class) - set(dir(getattr(shim, name)))
        assert not missing, (name, missing)
    # Instance attributes set in __init__ (Evaluator.table, .hand_size_map; Deck.cards).
    for name in ("Evaluator", "Deck"):
        real_obj, shim_obj = getattr(real, name)(), getattr(shim, name)()
        assert public(real_obj) <= set(dir(shim_obj)), name


@pytest.mark.slow
def test_100000_random_hands_score_and_name_alike() -> None:
    rng = random.Random(13)
    real, shim = treys.Evaluator(), treys_shim.Evaluator()
    for _ in range(100_000):
        cards = [treys.Card.new(c) for c in rng.sample(NAMES, rng.choice((5, 6, 7)))]
        score = real.evaluate(cards[:2], cards[2:])
        assert shim.evaluate(cards[:2], cards[2:]) == score, [treys.Card.int_to_str(c) for c in cards]
        rank_class = real.get_rank_class(score)
        assert shim.get_rank_class(score) == rank_class
        assert shim.class_to_string(rank_class) == real.class_to_string(rank_class)
        assert shim.get_five_card_rank_percentage(score) == real.get_five_card_rank_percentage(score)


@pytest.mark.parametrize(("real", "shim"), PAIRS, ids=PAIR_IDS)
def test_every_five_card_class_and_edge_hands(real: Any, shim: Any) -> None:
    """All 7,462 classes (royal, steel wheel, wheel, 7-5-4-3-2 among them) score alike, and
    every score from -3 to 7462 gets the same class."""
    to_int = {i: real.Card.new(NAMES[4 * (i // 4) + (3 - i % 4)]) for i in range(52)}  # our ids -> ints
    real_eval, shim_eval = real.Evaluator(), shim.Evaluator()
    seen = set()
    for ids in class_ids():
        cards = [to_int[i] for i in ids]
        score = real_eval.evaluate(cards[:2], cards[2:])
        assert shim_eval.evaluate(cards[:2], cards[2:]) == score
        seen.add(score)
    assert seen == set(range(1, 7463))
    for hand in ("AsKsQsJsTs", "5d4d3d2dAd", "5c4d3h2sAc", "7c5d4h3s2c", "AsAhAdAcKs"):
        cards = [real.Card.new(hand[i : i + 2]) for i in range(0, 10, 2)]
        assert shim_eval.evaluate(cards, []) == real_eval.evaluate(cards, [])
    for score in range(-3, 7463):
        assert shim_eval.get_rank_class(score) == real_eval.get_rank_class(score), score
    for rank_class in range(10 if real is treys else 1, 10):
        assert shim_eval.class_to_string(rank_class) == real_eval.class_to_string(rank_class)
    with pytest.raises(Exception, match="Inavlid hand rank"):
        shim_eval.get_rank_class(7463)


@pytest.mark.parametrize(("real", "shim"), PAIRS, ids=PAIR_IDS)
def test_card_helpers_alike_for_every_card(real: Any, shim: Any) -> None:
    for name in NAMES:
        card = real.Card.new(name)
        assert shim.Card.new(name) == card
        for helper in (
            "int_to_str",
            "get_rank_int",
            "get_suit_int",
            "get_bitrank_int",
            "get_prime",
            "int_to_binary",
            "int_to_pretty_str",
        ):
            assert getattr(shim.Card, helper)(card) == getattr(real.Card, helper)(card), (helper, name)
        assert printed(lambda: shim.Card.print_pretty_card(card)) == printed(  # noqa: B023
            lambda: real.Card.print_pretty_card(card)  # noqa: B023
        )
    hand = NAMES[::7]
    ints = real.Card.hand_to_binary(hand)
    assert shim.Card.hand_to_binary(hand) == ints
    assert shim.Card.prime_product_from_hand(ints) == real.Card.prime_product_from_hand(ints)
    for bits in (0, 1, 0b11111, 0x1FFF, 0x1555):
        assert shim.Card.prime_product_from_rankbits(bits) == real.Card.prime_product_from_rankbits(bits)
    assert printed(lambda: shim.Card.print_pretty_cards(ints)) == printed(
        lambda: real.Card.print_pretty_cards(ints)
    )
    if real is treys:
        assert shim.Card.ints_to_pretty_str(ints) == real.Card.ints_to_pretty_str(ints)
    for attribute in public(real.Card):
        value = getattr(real.Card, attribute)
        if not callable(value):
            assert getattr(shim.Card, attribute) == value, attribute


def test_treys_deck_deals_alike_for_a_seed() -> None:
    for seed in (0, 1, 2026, "seed"):
        real, shim = treys.Deck(seed), treys_shim.Deck(seed)
        assert str(shim) == str(real)
        assert [shim.draw(n) for n in (5, 2, 2, 1)] == [real.draw(n) for n in (5, 2, 2, 1)]
        real.shuffle()
        shim.shuffle()
        assert shim.cards == real.cards
    assert treys_shim.Deck.GetFullDeck() == treys.Deck.GetFullDeck()


def test_deuces_deck_deals_alike_for_a_random_seed() -> None:
    for seed in (0, 1, 2026):
        random.seed(seed)
        real = deuces.Deck()
        real_draws = [real.draw(1), real.draw(5), real.draw(2)]
        random.seed(seed)
        shim = deuces_shim.Deck()
        assert [shim.draw(1), shim.draw(5), shim.draw(2)] == real_draws
    _, text = printed(lambda: deuces.Card.print_pretty_cards(shim.cards))
    assert str(shim) + "\n" == text  # deuces prints what str() of its deck would be


@pytest.mark.parametrize(("real", "shim"), PAIRS, ids=PAIR_IDS)
def test_hand_summary_prints_alike(real: Any, shim: Any) -> None:
    rng = random.Random(5)
    for _ in range(20):
        names = rng.sample(NAMES, 5 + 2 * 3)
        board = [real.Card.new(c) for c in names[:5]]
        hands = [[real.Card.new(c) for c in names[i : i + 2]] for i in (5, 7, 9)]
        expected = printed(lambda: real.Evaluator().hand_summary(board, hands))  # noqa: B023
        assert printed(lambda: shim.Evaluator().hand_summary(board, hands)) == expected  # noqa: B023


def test_plo_evaluator_alike() -> None:
    rng = random.Random(9)
    real, shim = treys.PLOEvaluator(), treys_shim.PLOEvaluator()
    for _ in range(3000):
        cards = [treys.Card.new(c) for c in rng.sample(NAMES, rng.choice((7, 8, 9)))]
        assert shim.evaluate(cards[:4], cards[4:]) == real.evaluate(cards[:4], cards[4:])


def test_lookup_tables_alike() -> None:
    real, shim = treys.lookup.LookupTable(), treys_shim.LookupTable()
    assert shim.flush_lookup == real.flush_lookup
    assert shim.unsuited_lookup == real.unsuited_lookup
    for name in public(treys.lookup.LookupTable):
        value = getattr(treys.lookup.LookupTable, name)
        if not callable(value):
            assert getattr(treys_shim.LookupTable, name) == value, name
    assert deuces_shim.LookupTable.MAX_TO_RANK_CLASS == deuces.lookup.LookupTable.MAX_TO_RANK_CLASS
    assert deuces_shim.LookupTable.RANK_CLASS_TO_STRING == deuces.lookup.LookupTable.RANK_CLASS_TO_STRING


TREYS_README = """
from treys import Card
card = Card.new('Qh')
board = [
    Card.new('Ah'),
    Card.new('Kd'),
    Card.new('Jc')
]
hand = [
   Card.new('Qs'),
   Card.new('Th')
]
Card.print_pretty_cards(board + hand)
from treys import Evaluator
evaluator = Evaluator()
print(evaluator.evaluate(board, hand))
from treys import Deck
deck = Deck()
board = deck.draw(5)
player1_hand = deck.draw(2)
player2_hand = deck.draw(2)
Card.print_pretty_cards(board)
Card.print_pretty_cards(player1_hand)
Card.print_pretty_cards(player2_hand)
p1_score = evaluator.evaluate(board, player1_hand)
p2_score = evaluator.evaluate(board, player2_hand)
p1_class = evaluator.get_rank_class(p1_score)
p2_class = evaluator.get_rank_class(p2_score)
print("Player 1 hand rank = %d (%s)\\n" % (p1_score, evaluator.class_to_string(p1_class)))
print("Player 2 hand rank = %d (%s)\\n" % (p2_score, evaluator.class_to_string(p2_class)))
hands = [player1_hand, player2_hand]
evaluator.hand_summary(board, hands)
"""


@pytest.mark.parametrize(("real", "shim"), PAIRS, ids=PAIR_IDS)
def test_readme_runs_with_only_the_import_changed(real: Any, shim: Any) -> None:
    """treys' README program (deuces' is the same), run as written and with the import
    changed; the deck is seeded through the global random, so both print the same."""
    program = textwrap.dedent(TREYS_README).replace("from treys", f"from {real.__name__}")
    ours = program.replace(f"from {real.__name__} import", f"from {shim.__name__} import")
    assert ours != program
    outputs = []
    for source in (program, ours):
        random.seed(3)
        with contextlib.redirect_stdout(io.StringIO()) as out:
            exec(compile(source, "README", "exec"), {})
        outputs.append(out.getvalue())
    assert "1600" in outputs[0] and "HAND OVER" in outputs[0]
    if real is deuces:
        assert outputs[1] == outputs[0]
    else:  # treys' Deck() draws from its own unseeded Random: compare all but the deal
        assert outputs[1].splitlines()[:2] == outputs[0].splitlines()[:2]


def test_foreign_ints_are_refused_in_words() -> None:
    with pytest.raises(ValueError, match="not a treys card int"):
        treys_shim.Evaluator().evaluate([1, 2], [3, 4, 5])
    with pytest.raises(ValueError, match="bad card 'Zz'"):
        treys_shim.Card.new("Zz")
    ace = treys_shim.Card.new("As")
    with pytest.raises(ValueError, match="duplicate card 'As'"):
        treys_shim.Evaluator().evaluate([ace, ace], [treys_shim.Card.new(c) for c in ("2c", "3d", "4h")])
    # A card that is no int at all is a TypeError, as treys' is for a float or text (a bool is
    # a KeyError there).
    board = [treys_shim.Card.new(c) for c in ("2c", "3d", "4h")]
    bad: Any
    for bad in (float(ace), "As", True):
        with pytest.raises(TypeError, match="is not a treys card int"):
            treys_shim.Evaluator().evaluate([bad, treys_shim.Card.new("Kd")], board)
    real = pytest.importorskip("treys")
    real_board = [real.Card.new(c) for c in ("2c", "3d", "4h")]
    for bad in (float(ace), "As"):
        with pytest.raises(TypeError):
            real.Evaluator().evaluate([bad, real.Card.new("Kd")], real_board)
    with pytest.raises(KeyError):  # docs/migrating.md: treys' own, for a bool
        real.Evaluator().evaluate([True, real.Card.new("Kd")], real_board)


def test_omaha_words_a_card_twice_at_any_count() -> None:
    """migrating.md: a card given twice is a ValueError saying so.  With more than seven cards
    in all the PLO shim said "holdem needs 5 to 7 cards, got 9" instead."""
    new = treys_shim.Card.new
    for hand, board, said in (
        ("As Ad 4c 5c", "As Js Ts 2c 3d", "positions 1 and 5"),
        ("As Ad 4c", "As Js Ts", "positions 1 and 4"),
        ("As Ad 4c 5c 6c 7c", "8c 9c Tc Jc 6c", "'6c' at positions 5 and 11"),
    ):
        with pytest.raises(ValueError, match=f"^duplicate card '.*' at {said}$" if "'" not in said else said):
            treys_shim.PLOEvaluator().evaluate(
                [new(c) for c in hand.split()], [new(c) for c in board.split()]
            )


@pytest.mark.parametrize("shim", [treys_shim, deuces_shim], ids=PAIR_IDS)
def test_an_int_off_a_card_int_by_any_bit_is_refused(shim: Any) -> None:
    """A card int is read whole: one that differs from every Card.new int (a flipped prime,
    rank-mask or high bit) is refused, not read as the card its bits 8..15 name."""
    royal = [shim.Card.new(c) for c in ("As", "Ks", "Qs", "Js", "Ts")]
    evaluators = [shim.Evaluator().evaluate]
    if shim is treys_shim:
        low = [treys_shim.Card.new("2c"), treys_shim.Card.new("3d")]
        evaluators.append(lambda hand, board: treys_shim.PLOEvaluator().evaluate([*hand, *low], board))
    corrupt = [royal[0] ^ 0xFF0000FF, 0x1800, royal[0] | 1 << 32, -royal[0]]
    corrupt += [card ^ 1 << bit for card in map(shim.Card.new, NAMES) for bit in range(32)]
    for evaluate in evaluators:
        for bad in corrupt:
            with pytest.raises(ValueError, match=f"^{bad} is not a treys card int"):
                evaluate([bad, royal[1]], royal[2:])
    assert shim.Evaluator().evaluate([np.int64(royal[0]), royal[1]], royal[2:]) == 1
    # A float, a Fraction or a Decimal equal to a card's int hashes alike: still no card int,
    # nor an int at all (TypeError, as treys' for a float).
    from decimal import Decimal
    from fractions import Fraction

    for evaluate in evaluators:
        for kind in (float, Fraction, Decimal, bool):
            bad = kind(royal[0]) if kind is not bool else True
            with pytest.raises(TypeError, match="is not a treys card int"):
                evaluate([bad, royal[1]], royal[2:])


@pytest.mark.parametrize("text", ["Xx", "ah", "AS", "10s", "A", ""])
def test_card_new_of_no_card_is_a_key_error_as_in_treys(text: str) -> None:
    # treys raises KeyError (or IndexError for a short text); code that catches KeyError must
    # still catch the shim's, which is a ValueError too.
    with pytest.raises(KeyError, match="bad card"):
        treys_shim.Card.new(text)
    with pytest.raises(ValueError, match="bad card"):
        treys_shim.Card.new(text)


def test_card_new_of_short_text_or_no_text_differs_from_treys_as_the_docs_say() -> None:
    real = pytest.importorskip("treys")
    cases: tuple[tuple[Any, type[Exception]], ...] = (
        ("", IndexError),
        ("A", IndexError),
        (5, TypeError),
        (None, TypeError),
    )
    for text, raised in cases:
        with pytest.raises(raised):
            real.Card.new(text)
        with pytest.raises(CardError):
            treys_shim.Card.new(text)


@pytest.mark.parametrize("peer", ["treys", "deuces"])
def test_the_peers_submodules_import_from_the_shim(peer: str) -> None:
    """``from treys.evaluator import Evaluator`` changes to ``from pokereval.compat.treys.evaluator
    import Evaluator``: every submodule of the peer is there, with the peer's classes it holds,
    the very objects the shim's top level has."""
    import importlib
    import pkgutil

    real = importlib.import_module(peer)
    shim = importlib.import_module(f"pokereval.compat.{peer}")
    names = [info.name for info in pkgutil.iter_modules(real.__path__) if not info.name.startswith("test")]
    assert names == ["card", "deck", "evaluator", "lookup"]  # deuces also ships its test module
    for name in names:
        theirs = importlib.import_module(f"{peer}.{name}")
        ours = importlib.import_module(f"pokereval.compat.{peer}.{name}")
        classes = {
            key
            for key, value in vars(theirs).items()
            if inspect.isclass(value) and value.__module__.startswith(peer)
        }
        assert classes and classes <= set(ours.__all__), (name, classes)
        assert all(getattr(ours, key) is getattr(shim, key) for key in classes)


@pytest.mark.parametrize("card_int", [0, 1, 268442665, (1 << 32) - 1, -1, -268442665, 1 << 32, 1 << 40])
@pytest.mark.parametrize(("real", "shim"), PAIRS)
def test_int_to_binary_as_the_peer_for_any_int(real: Any, shim: Any, card_int: int) -> None:
    results = []
    for card in (real.Card, shim.Card):
        try:
            results.append(card.int_to_binary(card_int))
        except IndexError:
            results.append("IndexError")
    assert results[1] == results[0]
