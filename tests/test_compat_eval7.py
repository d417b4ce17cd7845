"""pokereval.compat.eval7 answers as eval7 does: values, names, cards, decks, ranges, equity.

Expected values come from the real eval7 run on the same input (or, for Monte Carlo,
from pokereval's exact equity of the same spot).
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import io
import itertools
import math
import random
import textwrap
from typing import Any

import pytest

import pokereval
from pokereval.compat import eval7 as shim
from pokereval.compat._classes import class_ids

eval7 = pytest.importorskip("eval7")

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]  # index = pokereval id


def real_cards(names: list[str]) -> list[Any]:
    return [eval7.Card(n) for n in names]


def our_cards(names: list[str]) -> list[shim.Card]:
    return [shim.Card(n) for n in names]


def shown(hands: list[Any]) -> list[tuple[tuple[str, ...], float]]:
    return [(tuple(map(str, hand)), weight) for hand, weight in hands]


def test_every_public_name_is_there() -> None:
    names = {n for n in dir(eval7) if not n.startswith("_") and not inspect.ismodule(getattr(eval7, n))}
    assert names - {"absolute_import"} <= set(shim.__all__)  # absolute_import: a __future__ leftover
    assert shim.ranks == eval7.ranks and shim.suits == eval7.suits
    for attribute in ("mask", "rank", "suit"):
        assert hasattr(shim.Card("As"), attribute)
    for method in ("shuffle", "deal", "peek", "sample", "__len__", "__getitem__"):
        assert hasattr(shim.Deck(), method)
    assert {"string", "tokens", "hands"} <= set(vars(shim.HandRange("AA")))


@pytest.mark.slow
def test_100000_random_hands_value_and_name_alike() -> None:
    rng = random.Random(7)
    for _ in range(100_000):
        names = rng.sample(NAMES, rng.choice((5, 6, 7)))
        value = eval7.evaluate(real_cards(names))
        assert shim.evaluate(our_cards(names)) == value, names
        assert shim.handtype(value) == eval7.handtype(value)


def test_every_class_and_edge_hand_alike() -> None:
    values = set()
    for ids in class_ids():
        names = [NAMES[i] for i in ids]
        value = eval7.evaluate(real_cards(names))
        assert shim.evaluate(our_cards(names)) == value, names
        assert shim.evaluate(real_cards(names)) == value  # eval7's own Cards are read too
        assert shim.handtype(value) == eval7.handtype(value)
        values.add(value)
    assert len(values) == 7462
    for hand in (
        "As Ks Qs Js Ts",
        "5d 4d 3d 2d Ad",
        "5c 4d 3h 2s Ac",
        "7c 5d 4h 3s 2c",
        "Ac Ad Ah As Kc 2d 3d",
    ):
        assert shim.evaluate(our_cards(hand.split())) == eval7.evaluate(real_cards(hand.split()))
    # eval7's docstring passes map(Card, ...), which eval7 itself refuses; we read it
    assert shim.evaluate(map(shim.Card, ["As", "Ks", "Qs", "Js", "Ts"])) == eval7.evaluate(
        real_cards(["As", "Ks", "Qs", "Js", "Ts"])
    )
    for value in (0, 1, 1 << 24, (8 << 24) - 1, 9 << 24, (1 << 32) - 1):
        assert shim.handtype(value) == eval7.handtype(value)


def test_cards_alike() -> None:
    for a, b in itertools.product(NAMES, repeat=2):
        ra, rb, sa, sb = eval7.Card(a), eval7.Card(b), shim.Card(a), shim.Card(b)
        assert (sa == sb, sa != sb, sa < sb, sa <= sb, sa > sb, sa >= sb) == (
            ra == rb,
            ra != rb,
            ra < rb,
            ra <= rb,
            ra > rb,
            ra >= rb,
        ), (a, b)
    for name in NAMES:
        real, ours = eval7.Card(name), shim.Card(name)
        assert (str(ours), repr(ours), ours.rank, ours.suit, ours.mask, hash(ours)) == (
            str(real),
            repr(real),
            real.rank,
            real.suit,
            real.mask,
            hash(real),
        )
        assert ours != name and (ours == int(ours)) is False  # a Card equals only a Card
    with pytest.raises(ValueError):
        shim.Card("Xx")


def test_deck_alike_for_a_random_seed() -> None:
    real, ours = eval7.Deck(), shim.Deck()
    assert repr(ours) == repr(real) and len(ours) == len(real) == 52 and str(ours[5]) == str(real[5])
    for seed in (0, 1, 99):
        random.seed(seed)
        real.shuffle()
        real_out = [real.peek(3), real.deal(5), real.sample(4), len(real)]
        random.seed(seed)
        ours.shuffle()
        our_out = [ours.peek(3), ours.deal(5), ours.sample(4), len(ours)]
        assert repr(our_out) == repr(real_out)
    for deck in (real, ours):
        with pytest.raises(ValueError, match="Insufficient cards in deck"):
            deck.deal(60)


RANGES = [
    "AA",
    "QQ+, AKs",
    "JJ-88, A2s+, KQo, T9",
    "0.6(AA, AK), 40%(ATs+), 22, AsKd, JT, 88-JJ, K9s-KJs, T6s+, 55+, 2.5(A2o), 1.(33)",
    "AQs+, 0.4(AsKs)",
    "AJ+, ATs, KQ+, 33-JJ, 0.8(QQ+, KJs)",
    "KhKd, 2c3c, 76o-72o, .5(JJ)",
    "AKs-AQs, kq, 9t",
    "",
]


@pytest.mark.parametrize("text", RANGES)
def test_hand_ranges_alike(text: str) -> None:
    real, ours = eval7.HandRange(text), shim.HandRange(text)
    assert ours.tokens == real.tokens
    assert shown(ours.hands) == shown(real.hands)
    assert len(ours) == len(real) and shown(list(ours)) == shown(list(real))
    assert ours.string == text


@pytest.mark.parametrize("text", ["AKx", "AA(", "A", "AAs", "AK-QJ", "AKs-AQo", "0.5 AA", "ZZ"])
def test_bad_ranges_refused_by_both(text: str) -> None:
    with pytest.raises(Exception):  # noqa: B017  (eval7 raises its own RangeStringError)
        eval7.HandRange(text)
    with pytest.raises(shim.RangeStringError):
        shim.HandRange(text)


SPOTS = [
    ("AsAd", "KK, QQ", "2c 7d 9h Js 3s"),
    ("AhKh", "22+, AK, KQs", "Qh Jh 2c 3d 9s"),
    ("7c7d", "JT, 0.5(98s)", "8h 9c Td 2s 2h"),
    ("5s4s", "A2+, K9s+", "As 3s 9d Kc 7h"),
    ("QcQd", "AA-22", "Kd 8c 8h 2d 4s"),
]


@pytest.mark.parametrize(("hero", "villain", "board"), SPOTS)
def test_exact_equity_alike(hero: str, villain: str, board: str) -> None:
    hand, brd = [hero[:2], hero[2:]], board.split()
    expected = eval7.py_hand_vs_range_exact(real_cards(hand), eval7.HandRange(villain), real_cards(brd))
    assert shim.py_hand_vs_range_exact(our_cards(hand), shim.HandRange(villain), our_cards(brd)) == expected


def test_a_range_with_no_live_option_divides_by_zero_as_eval7() -> None:
    board = "2c 3c 4c 5d 9h".split()
    with pytest.raises(ZeroDivisionError):
        eval7.py_hand_vs_range_exact(real_cards(["As", "Ad"]), eval7.HandRange("AsAh"), real_cards(board))
    with pytest.raises(ZeroDivisionError):
        shim.py_hand_vs_range_exact(our_cards(["As", "Ad"]), shim.HandRange("AsAh"), our_cards(board))
    real = eval7.py_all_hands_vs_range(eval7.HandRange("AA"), eval7.HandRange("AsAh"), real_cards(board), 9)
    ours = shim.py_all_hands_vs_range(shim.HandRange("AA"), shim.HandRange("AsAh"), our_cards(board), 9)
    assert shown(list(ours.items())) == shown(list(real.items())) == [(("Ad", "Ac"), 0.5)]
    # Monte Carlo too, where eval7's returns a number that no runout made.
    hero, blocked = ["As", "Ad"], "AsAh"
    assert isinstance(
        eval7.py_hand_vs_range_monte_carlo(real_cards(hero), eval7.HandRange(blocked), [], 100), float
    )
    with pytest.raises(ZeroDivisionError):
        shim.py_hand_vs_range_monte_carlo(our_cards(hero), shim.HandRange(blocked), [], 100)


def test_all_hands_equity_alike_on_full_boards() -> None:
    for hero, villain, board in (
        ("22+, AK", "QQ+, AQs+", "2c 7d 9h Js 3s"),
        ("T9s, 55-33", "JJ+", "Th 9c 5d 2s Kd"),
    ):
        brd = board.split()
        real = eval7.py_all_hands_vs_range(
            eval7.HandRange(hero), eval7.HandRange(villain), real_cards(brd), 10**6
        )
        ours = shim.py_all_hands_vs_range(
            shim.HandRange(hero), shim.HandRange(villain), our_cards(brd), 10**6
        )
        real_shown = {tuple(map(str, k)): v for k, v in real.items()}
        ours_shown = {tuple(map(str, k)): v for k, v in ours.items()}
        assert ours_shown == {k: v for k, v in real_shown.items() if not set(k) & set(brd)}
        assert all(set(k) & set(brd) for k in set(real_shown) - set(ours_shown))  # eval7's noise


@pytest.mark.parametrize(
    ("hero", "villain", "board"), [(h, v, b.split()[:n]) for (h, v, b), n in zip(SPOTS, (0, 3, 4, 3, 0))]
)
def test_monte_carlo_equity_within_four_standard_errors(hero: str, villain: str, board: list[str]) -> None:
    """Both eval7's and ours land within 4 standard errors of the exact equity."""
    iterations = 40_000
    hand = [hero[:2], hero[2:]]
    live = [c for c, _ in shim.HandRange(villain) if not {str(c[0]), str(c[1])} & set(hand + board)]
    text = ",".join(f"{a}{b}" for a, b in live)
    exact = pokereval.equity(
        [hero, text], board=" ".join(board) or None, samples=None if board else 400_000, seed=1
    )
    truth = exact.equity[0]
    bound = 4 * math.sqrt(0.25 / iterations) + (0 if board else 4 * math.sqrt(0.25 / 400_000))
    real = eval7.py_hand_vs_range_monte_carlo(
        real_cards(hand), eval7.HandRange(villain), real_cards(board), iterations
    )
    ours = shim.py_hand_vs_range_monte_carlo(
        our_cards(hand), shim.HandRange(villain), our_cards(board), iterations
    )
    assert abs(real - truth) < bound
    assert abs(ours - truth) < bound


EVAL7_README = """
import eval7, pprint
deck = eval7.Deck()
deck.shuffle()
hand = deck.deal(7)
pprint.pprint(hand)
print(eval7.evaluate(hand))
print(eval7.handtype(eval7.evaluate(hand)))
hand = [eval7.Card(s) for s in ('As', '2c', '3d', '5s', '4c')]
print(eval7.evaluate(hand))
print(eval7.handtype(67305472))
from pprint import pprint
hr = eval7.HandRange("AQs+, 0.4(AsKs)")
pprint(hr.hands)
hr = eval7.HandRange("AJ+, ATs, KQ+, 33-JJ, 0.8(QQ+, KJs)")
print(len(hr))
"""


def test_readme_runs_with_only_the_import_changed() -> None:
    program = textwrap.dedent(EVAL7_README)
    ours = program.replace("import eval7, pprint", "from pokereval.compat import eval7; import pprint")
    outputs = []
    for source in (program, ours):
        random.seed(11)  # eval7's Deck shuffles with the global random
        with contextlib.redirect_stdout(io.StringIO()) as out:
            exec(compile(source, "README", "exec"), {})
        outputs.append(out.getvalue())
    assert outputs[1] == outputs[0]
    assert "67305472\nStraight\n" in outputs[0] and outputs[0].endswith("144\n")


# ---- eval7's submodules ----------------------------------------------------------------------

PYPARSING_ONLY = {"make_parser", "parser", "pyparsing"}  # rangestring's grammar object, not its API


@pytest.mark.parametrize("name", ["cards", "equity", "evaluate", "handrange", "rangestring", "xorshift_rand"])
def test_every_submodule_is_there_with_its_names(name: str) -> None:
    real = importlib.import_module(f"eval7.{name}")
    ours = importlib.import_module(f"pokereval.compat.eval7.{name}")
    names = {n for n in dir(real) if not n.startswith("_") and not inspect.ismodule(getattr(real, n))}
    assert names - {"absolute_import"} - PYPARSING_ONLY <= set(dir(ours))
    if name != "evaluate":  # eval7.evaluate is the function, as in eval7
        assert getattr(shim, name) is ours
    assert hasattr(shim, "random") == hasattr(eval7, "random")  # no stray stdlib module


RAISED = "raised"


def our_and_real(function: str, *args: Any) -> tuple[Any, Any]:
    """What the shim's and eval7's rangestring function give, or RAISED for each that
    raises (eval7 raises its RangeStringError, ValueError or a NameError of its own)."""
    results = []
    for module in (shim.rangestring, importlib.import_module("eval7.rangestring")):
        try:
            results.append(getattr(module, function)(*args))
        except Exception:  # each side's outcome is compared
            results.append(RAISED)
    return results[0], results[1]


def random_range(rng: random.Random) -> str:
    """A range string of the pieces eval7's grammar knows, with spacing and a few bad ones."""
    ranks_ = "23456789TJQKA"

    def rank() -> str:
        char = rng.choice(ranks_)
        return char.lower() if rng.random() < 0.1 else char

    def handtype() -> str:
        return rank() + rank() + rng.choice(["", "", "s", "o"])

    def piece() -> str:
        kind = rng.random()
        if kind < 0.35:
            return handtype()
        if kind < 0.5:
            return handtype() + "+"
        if kind < 0.7:
            return handtype() + rng.choice(["-", " - ", "-"]) + handtype()
        if kind < 0.85:
            return rank() + rng.choice("cdhs") + rank() + rng.choice("cdhs")
        if kind < 0.9:
            return "#" + rng.choice(["UTG", "my_tag", "x1"]) + "#"
        return rng.choice(["AX", "A", "22o", "AK+-", "7j", "()", "AKs+ 5", "Ah Kd"])

    items = []
    for _ in range(rng.randint(1, 5)):
        group = ", ".join(piece() for _ in range(rng.randint(1, 3)))
        if rng.random() < 0.3:
            weight = rng.choice(["0.5", ".5", "50", "1.", "0.25", "2", "7.5", "0"])
            weight += rng.choice(["", "%", " %"])
            group = f"{weight}{rng.choice(['', ' '])}({group})"
        items.append(group)
    return rng.choice([", ", ",", " , "]).join(items)


def test_range_strings_read_as_eval7_reads_them() -> None:
    rng = random.Random(23)
    valid = 0
    for _ in range(500):  # eval7's pyparsing grammar reads about 250 a second
        text = random_range(rng)
        ours, real = our_and_real("validate_string", text)
        assert ours == real, text
        tokens, real_tokens = our_and_real("string_to_tokens", text)
        if not ours:
            continue
        valid += 1
        assert tokens == real_tokens, text
        if not any(token.startswith("#") for token, _ in tokens):  # eval7 fails on tags here
            hands, real_hands = our_and_real("string_to_hands", text)
            assert hands == real_hands == RAISED or shown(hands) == shown(real_hands), text
    assert valid > 60  # and the rest refused alike


def test_tokens_written_as_eval7_writes_them() -> None:
    rng = random.Random(29)
    pool = [t for text in RANGES for t, _ in eval7.rangestring.string_to_tokens(text)]
    pool += ["AcKd", "7h2s", "QsQh", "#UTG#", "T9", "K2o", "32s"]
    for _ in range(3000):
        weights = [1.0, 1.0, 0.5, 0.8, 0.29, 1 / 3]
        tokens = [(rng.choice(pool), rng.choice(weights)) for _ in range(rng.randint(0, 12))]
        ours, real = our_and_real("tokens_to_string", tokens)
        assert ours == real, tokens


@pytest.mark.parametrize(
    ("function", "arguments"),
    [
        ("normalize_token", ["ats", "25o", "7j", "qKs", "22", "As2d", "QsAc", "2c2d", "#Comment", "77s"]),
        ("normalize_token", ["4s4s", "Xx", "AsXd", "aKo"]),
        ("token_suitedness", ["ATs", "Q3o", "55", "J7", "22o", "aA"]),
        ("token_to_hands", ["ATs", "55", "74o", "As2d", "KQ"]),
        ("weight_to_float", [("86", "%"), ("3",), ("0.7",), (".1", "%"), (".1",), ("1.", "%")]),
        (
            "expand_handtype_group",
            [
                ("ATs", "-", "AQs"),
                ("JTn", "-", "J8n"),
                ("55", "-", "99"),
                ("99", "-", "55"),
                ("T7o", "+"),
                ("88", "+"),
                ("AK", "+"),
                ("#", "comment"),
                ("#", "UTG", "#"),
                ("94o", "-", "97s"),
                ("22", "-", "97s"),
                ("J3s", "-", "QQ"),
                ("K8o", "-", "QJo"),
                ("AdKh",),
                ("kq",),
            ],
        ),
    ],
)
def test_range_string_steps_alike(function: str, arguments: list[Any]) -> None:
    for argument in arguments:
        ours, real = our_and_real(function, argument)
        assert ours == real, (function, argument)


def test_xorshift_rand_draws_eval7s_numbers() -> None:
    real = importlib.import_module("eval7.xorshift_rand")
    ours = shim.xorshift_rand
    assert ours.MAX_ULONG == real.MAX_ULONG
    for seed in (0, 1, 2, 42, 2**31, 2**32 - 2, 2**40 + 7, -5, 10**30, 1.5):
        real.seed(seed)
        ours.seed(seed)
        for n in (1, 2, 7, 52, 1000, 2**31 - 1):
            draws = [real.randint(n) for _ in range(40)]
            assert [ours.randint(n) for _ in range(40)] == draws, (seed, n)
        assert [ours.random() for _ in range(200)] == [real.random() for _ in range(200)], seed
    ours.seed()  # from the clock, as eval7
    assert 0 <= ours.randint(10) < 10
    for module in (real, ours):
        with pytest.raises(ZeroDivisionError):
            module.randint(0)
        with pytest.raises(OverflowError):
            module.randint(2**31)
        with pytest.raises(TypeError):
            module.randint("3")
    # Where they differ (docs/migrating.md): eval7 draws for a negative n or a float.
    assert isinstance(real.randint(-1), int) and real.randint(1.5) == 0
    with pytest.raises(ValueError, match="at least 1"):
        ours.randint(-1)
    with pytest.raises(TypeError):
        ours.randint(1.5)  # type: ignore[arg-type]


def test_what_differs_from_eval7_as_the_docs_say() -> None:
    # A Card is made from text only; eval7 also reads a rank and a suit apart.
    assert str(eval7.Card(("A", "s"))) == "As"
    with pytest.raises(ValueError):
        shim.Card(("A", "s"))  # type: ignore[arg-type]
    # py_iterations is an int; eval7 takes a float or a bool, and refuses text as the shim does.
    hero, villain = ["As", "Ad"], "KK"
    real_hero, our_hero = real_cards(hero), our_cards(hero)
    for iterations in (1.5, True):
        eval7.py_hand_vs_range_monte_carlo(real_hero, eval7.HandRange(villain), [], iterations)
    bad: tuple[Any, ...] = ("100", 1.5, True)
    for iterations in bad:
        with pytest.raises(TypeError, match="py_iterations must be an int"):
            shim.py_hand_vs_range_monte_carlo(our_hero, shim.HandRange(villain), [], iterations)
        with pytest.raises(TypeError, match="py_iterations must be an int"):
            shim.py_all_hands_vs_range(shim.HandRange("AA"), shim.HandRange(villain), [], iterations)
    with pytest.raises(TypeError):
        eval7.py_hand_vs_range_monte_carlo(real_hero, eval7.HandRange(villain), [], "100")
    # 0 or fewer: named py_iterations, eval7's word (the library's own `samples` was named).
    for iterations in (0, -3):
        with pytest.raises(ValueError, match=rf"^py_iterations must be a positive int, got {iterations}$"):
            shim.py_hand_vs_range_monte_carlo(our_hero, shim.HandRange(villain), [], iterations)
    # A weight after an unweighted item whose number starts with two digits 2-9: eval7 reads
    # the digits as a pair and fails, though its tokens_to_string writes such text.
    for text in ("AK, 33.3%(KK)", "KK, 22.5(AK)"):
        assert not eval7.rangestring.validate_string(text)
        assert shim.rangestring.validate_string(text)
        weights = [w for _, w in shim.rangestring.string_to_tokens(text)]
        assert weights[0] == 1.0 and weights[-1] == pytest.approx(0.333 if "%" in text else 22.5)
    written = eval7.rangestring.tokens_to_string(eval7.rangestring.string_to_tokens("KK, 3.5(AA)"))
    assert written == "KK, 350%(AA)"
    assert not eval7.rangestring.validate_string(written) and shim.rangestring.validate_string(written)
    assert shim.rangestring.string_to_tokens(written) == [("KK", 1.0), ("AA", 3.5)]


@pytest.mark.parametrize(
    "texts", [["As", "Ad"], ["As", "Ad", "Kc", "Kd"], ["As", "Ad", "Kc", "Kd", "2h", "3h", "4h", "5s"]]
)
def test_evaluate_takes_five_to_seven_cards_where_eval7_takes_any(texts: list[str]) -> None:
    # docs/migrating.md: eval7 scores these (two aces: a Pair); the shim refuses them.
    assert eval7.evaluate([eval7.Card(t) for t in texts]) > 0
    with pytest.raises(ValueError, match=r"5 to 7 cards"):
        shim.evaluate([shim.Card(t) for t in texts])


# pyparsing skips whitespace between any two pieces of eval7's grammar (never inside one
# Word), and its tags are ASCII letters, digits and '_' only: the shim reads the same.
SPACED_RANGES = [
    "AK s",
    "t8 o, Q3 o+",
    "JT o-J8 o",
    "22+, 4a o+",
    "# UTG #, AA",
    "AKs, #\tBTN\n#",
    "0 .5(AA)",
    "1 . 5 (KK), 2. 5%(QQ)",
    "2 .(JJ)",
    "50 %(AK s)",
    "\t AA \n",
    "\x0c",
    "#Über#",
    "#１#",
    "A K",
    "AKs\x0c",
    "0 .(AA)",
]


@pytest.mark.parametrize("text", SPACED_RANGES)
def test_spaced_range_strings_read_as_eval7_reads_them(text: str) -> None:
    ours, real = our_and_real("validate_string", text)
    assert ours == real, text
    tokens, real_tokens = our_and_real("string_to_tokens", text)
    assert tokens == real_tokens, text
    if ours and "#" not in text:  # eval7's string_to_hands fails on a tag
        hands, real_hands = our_and_real("string_to_hands", text)
        assert shown(hands) == shown(real_hands), text
