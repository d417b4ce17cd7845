"""The shims against their real peers where the other compat tests do not look: iterables
and mutated ranges, numpy values, empty Omaha sides, random range strings and spots.

Every expected value comes from the real peer package run on the same input.
"""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

import numpy as np
import pytest

from pokereval.compat import deuces as deuces_shim
from pokereval.compat import eval7 as eval7_shim
from pokereval.compat import phevaluator as phevaluator_shim
from pokereval.compat import treys as treys_shim

treys = pytest.importorskip("treys")
deuces = pytest.importorskip("deuces")
eval7 = pytest.importorskip("eval7")
phevaluator = pytest.importorskip("phevaluator")

TREYS_NAMES = [r + s for r in "23456789TJQKA" for s in "shdc"]
NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]  # index = pokereval / phevaluator id
TREYS_PAIRS = [(treys, treys_shim), (deuces, deuces_shim)]


def outcome(call: Callable[[], Any]) -> tuple[str, Any]:
    """("ok", value) or ("raises", the exception's type)."""
    try:
        return "ok", call()
    except Exception as error:  # the type is what is compared
        return "raises", type(error)


# ---- treys and deuces ----------------------------------------------------------------------


@pytest.mark.parametrize(("real", "shim"), TREYS_PAIRS, ids=["treys", "deuces"])
def test_evaluate_reads_an_iterator_or_generator_hand_whole(real: Any, shim: Any) -> None:
    """A hand or board given as an iterator is scored with all its cards (the shim once
    summed it, then found it empty and scored the board alone: AsAd on 2c7d9hJs3s gave the
    7-high 7296 instead of the pair of aces treys gives the lists)."""
    rng = random.Random(21)
    real_eval, shim_eval = real.Evaluator(), shim.Evaluator()
    for _ in range(300):
        cards = [real.Card.new(name) for name in rng.sample(TREYS_NAMES, rng.choice((5, 6, 7)))]
        split = rng.randrange(len(cards) + 1)
        hand, board = cards[:split], cards[split:]
        expected = real_eval.evaluate(hand, board)
        assert shim_eval.evaluate(iter(hand), board) == expected
        assert shim_eval.evaluate(hand, iter(board)) == expected
        assert shim_eval.evaluate((c for c in hand), (c for c in board)) == expected
        assert shim_eval.evaluate(tuple(hand), board) == expected  # treys: TypeError (documented)
    aces = [real.Card.new("As"), real.Card.new("Ad")]
    board = [real.Card.new(name) for name in ("2c", "7d", "9h", "Js", "3s")]
    assert shim_eval.evaluate(iter(aces), board) == real_eval.evaluate(aces, board)


@pytest.mark.parametrize(("hole", "board"), [(0, 5), (4, 0), (0, 0), (5, 0), (1, 5), (4, 2), (12, 5), (6, 4)])
def test_plo_evaluator_scores_any_side_sizes_as_treys(hole: int, board: int) -> None:
    """treys' PLOEvaluator scores every two hand cards with every three board cards, of any
    number; with none to pair (an empty hand or board too) it gives 7462.  The shim raised
    ValueError ("treys evaluates 5 to 7 cards, got 0") for an empty side, though it gave
    7462 for a one-card hand, and refused more than 11 cards a side."""
    rng = random.Random(hole * 10 + board)
    for _ in range(20):
        cards = [treys.Card.new(name) for name in rng.sample(TREYS_NAMES, hole + board)]
        expected = treys.PLOEvaluator().evaluate(cards[:hole], cards[hole:])
        assert treys_shim.PLOEvaluator().evaluate(cards[:hole], cards[hole:]) == expected


@pytest.mark.parametrize(("real", "shim"), TREYS_PAIRS, ids=["treys", "deuces"])
def test_a_hand_of_a_count_the_peer_cannot_score_raises_its_key_error(real: Any, shim: Any) -> None:
    """treys and deuces look their evaluator up by the count of cards: 0 to 4 or 8 and more
    raise KeyError.  The shim raised a plain ValueError, which `except KeyError` misses."""
    names = TREYS_NAMES[:12]
    real_eval, shim_eval = real.Evaluator(), shim.Evaluator()
    for count in (0, 1, 4, 8, 9, 12):
        cards = [real.Card.new(name) for name in names[:count]]
        hand, board = cards[:2], cards[2:]
        assert outcome(partial(real_eval.evaluate, hand, board)) == ("raises", KeyError)
        with pytest.raises(KeyError) as info:
            shim_eval.evaluate(hand, board)
        assert isinstance(info.value, ValueError)
        assert str(info.value) == f"treys evaluates 5 to 7 cards, got {count}"


@pytest.mark.parametrize(("real", "shim"), TREYS_PAIRS, ids=["treys", "deuces"])
def test_rank_percentage_and_class_words_alike_for_every_score(real: Any, shim: Any) -> None:
    real_eval, shim_eval = real.Evaluator(), shim.Evaluator()
    for score in range(0, 7464):
        got = shim_eval.get_five_card_rank_percentage(score)
        want = real_eval.get_five_card_rank_percentage(score)
        assert (got, type(got)) == (want, type(want)), score
    odd: tuple[Any, ...] = (-1, 0, 1, 10, 11, 7462, 7463, 1.5, 10.5, np.int64(166), np.int64(167))
    for score in odd:
        assert outcome(lambda: shim_eval.get_rank_class(score)) == outcome(  # noqa: B023
            lambda: real_eval.get_rank_class(score)  # noqa: B023
        ), score
    for rank_class in (-1, 0, 1, 9, 10, True):
        assert outcome(lambda: shim_eval.class_to_string(rank_class)) == outcome(  # noqa: B023
            lambda: real_eval.class_to_string(rank_class)  # noqa: B023
        ), rank_class


@pytest.mark.parametrize(("real", "shim"), TREYS_PAIRS, ids=["treys", "deuces"])
@pytest.mark.parametrize("text", ["ah", "AH", "Xh", "10h", " Ah", "hA", "A", ""])
def test_a_bad_card_text_is_caught_by_the_peers_except_clause(real: Any, shim: Any, text: str) -> None:
    kind = outcome(lambda: real.Card.new(text))[1]
    assert kind in (KeyError, IndexError)
    with pytest.raises(KeyError if kind is KeyError else ValueError):
        shim.Card.new(text)


# ---- eval7 ---------------------------------------------------------------------------------


def eval7_values() -> list[int]:
    rng = random.Random(5)
    return [
        eval7.evaluate([eval7.Card(n) for n in rng.sample(NAMES, rng.choice((5, 6, 7)))]) for _ in range(400)
    ]


@pytest.mark.parametrize("dtype", [np.int64, np.uint32, np.int32, np.uint64])
def test_handtype_of_a_numpy_value_names_it_as_eval7(dtype: Callable[[int], Any]) -> None:
    """A value read back from a numpy array is a numpy int: eval7 names it, the shim raised
    TypeError ("an eval7 value is an int, got int64")."""
    values = [*eval7_values(), 0, (8 << 24) | (12 << 16)]
    for value in values:
        assert eval7_shim.handtype(dtype(value)) == eval7.handtype(dtype(value)), value
    stored = np.array(values, dtype=np.int64)
    assert [eval7_shim.handtype(v) for v in stored] == [eval7.handtype(v) for v in stored]


def test_handtype_refuses_what_eval7_refuses() -> None:
    refused: tuple[Any, ...] = (-1, 1 << 32, "5", None)
    for value in refused:
        real = outcome(lambda: eval7.handtype(value))  # noqa: B023
        assert real[0] == "raises"
        assert outcome(lambda: eval7_shim.handtype(value)) == real, value  # noqa: B023


def equities(module: Any, villain: Any, hero: list[str], board: list[str]) -> float:
    hand = [module.Card(n) for n in hero]
    cards = [module.Card(n) for n in board]
    return float(module.py_hand_vs_range_exact(hand, villain, cards))


def test_a_hand_range_changed_after_use_is_read_anew() -> None:
    """eval7 reads a HandRange's ``hands`` on every call; the shim kept the options of the
    first call, so AA against "KK, 33" cut to its KK combos stayed at 2/3 (eval7: 1.0)."""
    board, hero = ["2c", "7d", "9h", "Js", "3s"], ["As", "Ad"]
    answers: dict[str, list[float]] = {}
    for name, module in (("eval7", eval7), ("shim", eval7_shim)):
        villain = module.HandRange("KK, 33")
        seen = [equities(module, villain, hero, board)]
        villain.hands = villain.hands[:6]  # the six KK
        seen.append(equities(module, villain, hero, board))
        hand = [module.Card(n) for n in hero]
        cards = [module.Card(n) for n in board]
        seen.append(float(module.py_hand_vs_range_monte_carlo(hand, villain, cards, 200)))  # KK never wins
        villain.hands.append(((module.Card("3h"), module.Card("3d")), 1.0))  # in place
        seen.append(equities(module, villain, hero, board))
        del villain.hands[:6]
        seen.append(equities(module, villain, hero, board))
        hero_range = module.HandRange("AA")
        all_hands = module.py_all_hands_vs_range(hero_range, villain, cards, 10)
        seen.append(float(all_hands[(module.Card("Ad"), module.Card("Ac"))]))
        answers[name] = seen
    assert answers["eval7"] == [pytest.approx(2 / 3), 1.0, 1.0, pytest.approx(6 / 7), 0.0, 0.0]
    assert answers["shim"] == answers["eval7"]


def test_a_hand_range_used_twice_unchanged_answers_alike() -> None:
    board, hero = ["Kc", "7d", "9h", "Js", "3s"], ["Ah", "Kh"]
    villain = eval7_shim.HandRange("QQ+, AQs+, 0.5(JTs)")
    first = equities(eval7_shim, villain, hero, board)
    assert equities(eval7_shim, villain, hero, board) == first
    assert first == equities(eval7, eval7.HandRange("QQ+, AQs+, 0.5(JTs)"), hero, board)


RANGES = [
    "AA",
    "KK+",
    "AKs",
    "QQ+, AKs",
    "22+",
    "AhKh",
    "AsAd, KsKd",
    "K9s-K6s",
    "A2s+",
    "0.5(AA), KK",
    "JTo",
]


def test_exact_equity_alike_on_random_spots() -> None:
    rng = random.Random(8)
    for _ in range(80):
        names = rng.sample(NAMES, 7)
        text = rng.choice(RANGES)
        got = outcome(lambda: equities(eval7_shim, eval7_shim.HandRange(text), names[:2], names[2:]))  # noqa: B023
        want = outcome(lambda: equities(eval7, eval7.HandRange(text), names[:2], names[2:]))  # noqa: B023
        assert got == want, (names, text)


def random_range(rng: random.Random) -> str:
    ranks, suits = "23456789TJQKA", "cdhs"

    def piece() -> str:
        a, b, c = rng.choice(ranks), rng.choice(ranks), rng.choice(ranks)
        kind = rng.choice(["", "s", "o"])
        return rng.choice(
            [
                a + b,
                a + b + kind,
                a + b + kind + "+",
                f"{a}{b}{kind}-{a}{c}{kind}",
                a + rng.choice(suits) + b + rng.choice(suits),
                f"{a}{a}-{b}{b}",
                a + a + "+",
            ]
        )

    parts = []
    for _ in range(rng.randrange(1, 5)):
        if rng.random() < 0.3:
            weight = rng.choice(["0.5", "40%", ".25", "1", "100%", "0.123", "33%"])
            parts.append(f"{weight}({', '.join(piece() for _ in range(rng.randrange(1, 3)))})")
        else:
            parts.append(piece())
    return ", ".join(parts)


def read_range(module: Any, text: str) -> tuple[str, Any]:
    def read() -> tuple[Any, ...]:
        hands = module.HandRange(text)
        shown = [(tuple(map(str, hand)), weight) for hand, weight in hands]
        tokens = module.rangestring.string_to_tokens(text)
        return tokens, shown, module.rangestring.tokens_to_string(tokens)

    kind, value = outcome(read)
    return (kind, None) if kind == "raises" else (kind, value)  # eval7 raises a plain Exception


def check_random_ranges(count: int, seed: int) -> None:
    rng = random.Random(seed)
    read = 0
    for _ in range(count):
        text = random_range(rng)
        want = read_range(eval7, text)
        assert read_range(eval7_shim, text) == want, text
        read += want[0] == "ok"
    assert read > count // 2  # most of them are ranges, not just refused alike


def test_random_range_strings_read_and_written_as_eval7() -> None:
    check_random_ranges(300, 11)


@pytest.mark.slow
def test_2000_random_range_strings_read_and_written_as_eval7() -> None:
    check_random_ranges(2000, 12)


def test_card_order_and_equality_as_eval7_for_every_pair() -> None:
    ops: list[Callable[[Any, Any], bool]] = [
        lambda a, b: a < b,
        lambda a, b: a <= b,
        lambda a, b: a > b,
        lambda a, b: a >= b,
        lambda a, b: a == b,
        lambda a, b: a != b,
    ]
    picks = NAMES[::3]
    for x in picks:
        for y in picks:
            for op in ops:
                assert op(eval7_shim.Card(x), eval7_shim.Card(y)) == op(eval7.Card(x), eval7.Card(y)), (x, y)


def test_evaluate_reads_eval7s_own_cards_from_a_generator() -> None:
    rng = random.Random(3)
    for _ in range(200):
        names = rng.sample(NAMES, rng.choice((5, 6, 7)))
        cards: Iterable[Any] = (eval7.Card(n) for n in names)
        assert eval7_shim.evaluate(cards) == eval7.evaluate([eval7.Card(n) for n in names])


# ---- phevaluator ---------------------------------------------------------------------------


def test_phevaluator_card_equality_and_hash_as_phevaluator() -> None:
    for card_id, name in enumerate(NAMES):
        real, ours = phevaluator.Card(card_id), phevaluator_shim.Card(name.upper())
        for other in (card_id, card_id + 1, name, name.upper(), name.lower(), "xx", float(card_id), None):
            assert (ours == other) == (real == other), (name, other)
            assert bool(ours != other) == bool(real != other), (name, other)
        assert (hash(ours), int(ours), str(ours), repr(ours)) == (
            hash(real),
            int(real),
            str(real),
            repr(real),
        )


@pytest.mark.parametrize("size", [0, 1, 4, 8, 9, 10])
def test_a_wrong_number_of_cards_is_a_value_error_in_both(size: int) -> None:
    ids = list(range(0, 4 * size, 4))[:size]
    assert outcome(lambda: phevaluator.evaluate_cards(*ids)) == ("raises", ValueError)
    assert outcome(lambda: phevaluator_shim.evaluate_cards(*ids)) == ("raises", ValueError)
    if size != 9:
        assert outcome(lambda: phevaluator.evaluate_omaha_cards(*ids)) == ("raises", ValueError)
        assert outcome(lambda: phevaluator_shim.evaluate_omaha_cards(*ids)) == ("raises", ValueError)


def test_omaha_scores_alike_for_every_card_form() -> None:
    rng = random.Random(14)
    for _ in range(300):
        ids = rng.sample(range(52), 9)
        want = phevaluator.evaluate_omaha_cards(*ids)
        forms = (
            ids,
            [NAMES[i] for i in ids],
            [NAMES[i].upper() for i in ids],
            [phevaluator_shim.Card(i) for i in ids],
        )
        for form in forms:
            got = phevaluator_shim.evaluate_omaha_cards(*form)
            assert (got, type(got)) == (want, type(want))


# ---- pokerkit ------------------------------------------------------------------------------

HAND_TYPES = [
    "StandardHighHand",
    "StandardLowHand",
    "ShortDeckHoldemHand",
    "EightOrBetterLowHand",
    "RegularLowHand",
    "OmahaHoldemHand",
    "OmahaEightOrBetterLowHand",
    "GreekHoldemHand",
    "BadugiHand",
]


def found(call: Callable[[], Any]) -> tuple[str, Any]:
    kind, hand = outcome(call)
    if kind == "ok" and hand is not None:
        return kind, (hand.entry, hand.entry.label, hand.cards, repr(hand), str(hand))
    return kind, hand


@pytest.mark.parametrize("name", HAND_TYPES)
def test_from_game_alike_for_every_hole_and_board_size(name: str) -> None:
    """0..8 hole cards with 0..5 board cards (ten at most), more and fewer than any game
    deals: the same hand, None or exception type as PokerKit's."""
    pokerkit = pytest.importorskip("pokerkit")
    from pokereval.compat import pokerkit as pokerkit_shim

    deck = list(pokerkit.Deck.STANDARD)
    real_type, our_type = getattr(pokerkit, name), getattr(pokerkit_shim, name)
    rng = random.Random(name)
    for hole in range(9):
        for board in range(min(6, 10 - hole)):  # up to ten cards: PokerKit's search is slow
            for _ in range(2):
                cards = tuple(rng.sample(deck, hole + board))
                hole_cards, board_cards = cards[:hole], cards[hole:]
                for method in ("from_game", "from_game_or_none"):
                    ours = found(partial(getattr(our_type, method), hole_cards, board_cards))
                    real = found(partial(getattr(real_type, method), hole_cards, board_cards))
                    assert ours == real, (method, cards, hole)


# ---- what a card is as an object, and what the packages hold (found by hostile testing) ----


def _padded(card: object) -> str:
    return format(card, ">4")


@pytest.mark.parametrize(("real", "shim"), [(eval7, eval7_shim), (phevaluator, phevaluator_shim)])
def test_every_card_is_true_and_formats_as_the_peers_card(real: Any, shim: Any) -> None:
    """2c is id 0 in both shims (an int underneath), so it was false: `[c for c in cards if c]`
    dropped it, where the peers' cards are all true.  format() with a spec gave the id ('  51')
    where the peers refuse any spec; with none it is the card's text."""
    for name in NAMES:
        mine, theirs = shim.Card(name), real.Card(name)
        assert bool(mine) is bool(theirs) is True
        assert format(mine) == format(theirs) == f"{mine}" == name
        assert outcome(partial(_padded, mine)) == outcome(partial(_padded, theirs)) == ("raises", TypeError)


def test_a_phevaluator_card_refuses_attributes_as_phevaluator_does() -> None:
    mine, theirs = phevaluator_shim.Card("As"), phevaluator.Card("As")
    card: Any
    for card in (mine, theirs):
        with pytest.raises(TypeError, match=r"^Card object does not support assignment to attribute$"):
            card.x = 1
        with pytest.raises(TypeError, match=r"^Card object does not support deletion of attribute$"):
            del card._Card__id


@pytest.mark.parametrize(("real", "shim"), TREYS_PAIRS)
def test_the_peers_modules_are_attributes_of_the_package(real: Any, shim: Any) -> None:
    """`import treys; treys.card.Card` works (treys' __init__ imports its modules); the shim's
    package had them only after an import of each."""
    for module in ("card", "deck", "evaluator", "lookup"):
        assert getattr(shim, module).__name__ == f"{shim.__name__}.{module}"
        assert getattr(real, module).__name__ == f"{real.__name__}.{module}"
    assert shim.card.Card is shim.Card


@pytest.mark.parametrize(("real", "shim"), TREYS_PAIRS)
def test_hand_summary_of_no_hands_raises_the_peers_index_error(real: Any, shim: Any) -> None:
    """treys and deuces read the river's first winner of none: an IndexError (the shim raised a
    bare Exception from get_rank_class)."""
    board = [real.Card.new(name) for name in ("Ah", "Kd", "Jc", "2s", "3s")]
    printed = []
    for package in (real, shim):
        out = io.StringIO()
        with contextlib.redirect_stdout(out), pytest.raises(IndexError, match=r"^list index out of range$"):
            package.Evaluator().hand_summary(board, [])
        printed.append(out.getvalue())
    assert printed[0] == printed[1]


# ---- found by the compat review of stop 57: each expected value from the real peer --------


@pytest.mark.parametrize(("real", "shim"), [(eval7, eval7_shim), (phevaluator, phevaluator_shim)])
def test_a_subclass_of_card_makes_its_own_instances(real: Any, shim: Any) -> None:
    # The shims' Card() handed back its shared plain Card, so a subclass's methods were lost.
    import pickle

    def made(module: Any) -> Any:
        class MyCard(module.Card):  # type: ignore[misc]
            def label(self) -> str:
                return "my " + str(self)

        return MyCard("As")

    want, got = made(real), made(shim)
    assert type(got).__name__ == type(want).__name__ == "MyCard"
    assert got.label() == want.label() == "my As"
    assert got == shim.Card("As") and hash(got) == hash(shim.Card("As"))
    assert shim.Card("As") is shim.Card("As") and type(shim.Card("As")) is shim.Card
    kept = _SUBCLASSES[shim]
    again = pickle.loads(pickle.dumps(kept("Kd")))
    assert type(again) is kept and str(again) == "Kd"


class _Eval7Card(eval7_shim.Card):
    pass


class _PhevaluatorCard(phevaluator_shim.Card):
    pass


_SUBCLASSES: dict[Any, type] = {eval7_shim: _Eval7Card, phevaluator_shim: _PhevaluatorCard}


def test_eval7_randint_takes_numpy_integers_as_eval7_does() -> None:
    for n in (np.int64(100), np.uint8(5), np.int32(7)):
        eval7.xorshift_rand.seed(1)
        eval7_shim.xorshift_rand.seed(1)
        assert [eval7_shim.xorshift_rand.randint(n) for _ in range(20)] == [
            eval7.xorshift_rand.randint(n) for _ in range(20)
        ]
    with pytest.raises(TypeError):
        eval7_shim.xorshift_rand.randint(np.float64(3))  # type: ignore[arg-type]


@pytest.mark.parametrize(("real", "shim"), TREYS_PAIRS)
def test_lookup_tables_iterate_as_the_peers_and_are_each_instances_own(real: Any, shim: Any) -> None:
    # The shim's tables held treys' entries in another order (write_table_to_disk wrote the
    # lines in another order), were shared by every instance and could not be set.
    theirs, ours = real.lookup.LookupTable(), shim.LookupTable()
    assert list(ours.flush_lookup.items()) == list(theirs.flush_lookup.items())
    assert list(ours.unsuited_lookup.items()) == list(theirs.unsuited_lookup.items())
    ours.unsuited_lookup[12345] = 1
    assert 12345 not in shim.LookupTable().unsuited_lookup
    ours.flush_lookup = {}
    assert ours.flush_lookup == {} and len(shim.LookupTable().flush_lookup) == 1287


def test_numpy_arrays_of_shim_cards_hold_ids_as_migrating_md_says() -> None:
    """docs/migrating.md: an array of the shim's Cards holds int64 ids, which evaluate refuses;
    Cards kept in a list, or an array of dtype=object, evaluate as eval7's do."""
    names = ("9c", "4c", "4s", "9d", "4h", "Qc", "6c")
    want = eval7.evaluate([eval7.Card(c) for c in names])
    cards = [eval7_shim.Card(c) for c in names]
    assert np.array(cards).dtype == np.int64
    with pytest.raises(TypeError, match="is not an eval7 Card"):
        eval7_shim.evaluate(np.array(cards))
    assert eval7_shim.evaluate(cards) == eval7_shim.evaluate(np.array(cards, dtype=object)) == want
    # plain ints are scored as pokereval ids; eval7 raises AttributeError
    with pytest.raises(AttributeError):
        eval7.evaluate([0, 1, 2, 3, 4])
    assert eval7_shim.handtype(eval7_shim.evaluate([0, 1, 2, 3, 4])) == "Quads"
    ph_cards = np.array([phevaluator_shim.Card(c) for c in names])
    assert ph_cards.dtype == np.int64
    with pytest.raises(TypeError):
        phevaluator_shim.evaluate_cards(*ph_cards)
    with pytest.raises(TypeError):  # phevaluator takes Python ints only, too
        phevaluator.evaluate_cards(*np.arange(5))
    assert phevaluator_shim.evaluate_cards(*ph_cards.tolist()) == phevaluator.evaluate_cards(*names) == 292


@pytest.mark.parametrize(("real", "shim"), TREYS_PAIRS)
def test_an_evaluators_table_is_one_table(real: Any, shim: Any) -> None:
    # Evaluator.table made a new LookupTable at each read, so a write to it was lost (and,
    # once each table copied its dicts, each read copied 7,462 entries).
    theirs, ours = real.Evaluator(), shim.Evaluator()
    theirs.table.unsuited_lookup[2] = 123
    ours.table.unsuited_lookup[2] = 123
    assert ours.table.unsuited_lookup.get(2) == theirs.table.unsuited_lookup.get(2) == 123
    assert ours.table is ours.table
