# (The expected sentences are Russian and Bulgarian: ruff flags every all-Cyrillic word that looks Latin.)
"""Tests for pokereval._describe: hand sentences in English, Russian and Bulgarian.

Every expected sentence below was written by hand from the language and the rules, not copied from
the module's output.  Ranks are 0..12 = 2..A; categories 0..9 = HIGH_CARD..ROYAL_FLUSH.
"""

from __future__ import annotations

import ast
import enum
import inspect
import random
from pathlib import Path

import pytest

from pokereval._words import (
    LANGS,
    check_lang,
    describe_badugi,
    describe_deuce_seven,
    describe_high,
    describe_low,
)

(HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND,
 STRAIGHT_FLUSH, ROYAL_FLUSH) = range(10)  # fmt: skip
R2, R3, R4, R5, R6, R7, R8, R9, RT, RJ, RQ, RK, RA = range(13)


# ---------------------------------------------------------------------------------------------------
# One hand of every category, plus the wheels, in every language

HANDS = [
    (ROYAL_FLUSH, [RA, RK, RQ, RJ, RT]),
    (STRAIGHT_FLUSH, [RK, RQ, RJ, RT, R9]),
    (STRAIGHT_FLUSH, [R5, R4, R3, R2, RA]),
    (FOUR_OF_A_KIND, [RA, RA, RA, RA, RK]),
    (FULL_HOUSE, [RK, RK, RK, RQ, RQ]),
    (FLUSH, [RA, RJ, R9, R6, R3]),
    (STRAIGHT, [RT, R9, R8, R7, R6]),
    (STRAIGHT, [R5, R4, R3, R2, RA]),
    (THREE_OF_A_KIND, [R7, R7, R7, RA, RK]),
    (TWO_PAIR, [RA, RA, RK, RK, RQ]),
    (ONE_PAIR, [RJ, RJ, RA, RK, R9]),
    (HIGH_CARD, [RA, RK, R9, R6, R3]),
]

EXPECTED = {
    "en": [
        "Royal flush",
        "Straight flush, king-high",
        "Straight flush, five-high",
        "Four of a kind, aces, king kicker",
        "Full house, kings full of queens",
        "Flush, ace-high, then jack, nine, six and three",
        "Straight, ten-high",
        "Straight, five-high",
        "Three of a kind, sevens, ace and king kickers",
        "Two pair, aces and kings, queen kicker",
        "Pair of jacks, ace, king and nine kickers",
        "High card, ace, then king, nine, six and three",
    ],
    "ru": [
        "Роял-флеш",
        "Стрит-флеш до короля",
        "Стрит-флеш до пятёрки",
        "Каре тузов, кикер король",
        "Фулл-хаус: три короля и две дамы",
        "Флеш от туза, далее валет, девятка, шестёрка и тройка",
        "Стрит до десятки",
        "Стрит до пятёрки",
        "Тройка семёрок, кикеры туз и король",
        "Две пары: тузы и короли, кикер дама",
        "Пара валетов, кикеры туз, король и девятка",
        "Старшая карта туз, далее король, девятка, шестёрка и тройка",
    ],
    "bg": [
        "Роял флош",
        "Кента флош до поп",
        "Кента флош до петица",
        "Каре аса, кикер поп",
        "Фул хаус: три попа и две дами",
        "Флош с асо, след това вале, деветка, шестица и тройка",
        "Кента до десетка",
        "Кента до петица",
        "Тройка седмици, кикери асо и поп",
        "Две двойки: аса и попове, кикер дама",
        "Чифт валета, кикери асо, поп и деветка",
        "Висока карта асо, след това поп, деветка, шестица и тройка",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("index", range(len(HANDS)))
def test_examples(lang: str, index: int) -> None:
    category, ranks = HANDS[index]
    assert describe_high(category, ranks, lang) == EXPECTED[lang][index]


def test_default_language_is_english() -> None:
    assert describe_high(FULL_HOUSE, [RK, RK, RK, RQ, RQ]) == "Full house, kings full of queens"


@pytest.mark.parametrize("lang", LANGS)
def test_every_category_reads_differently(lang: str) -> None:
    # One hand per category, all led by the same rank where the category allows it, so only the
    # category words can tell them apart.
    hands = [
        (HIGH_CARD, [RK, RJ, R9, R6, R3]),
        (ONE_PAIR, [RK, RK, RJ, R9, R6]),
        (TWO_PAIR, [RK, RK, RJ, RJ, R9]),
        (THREE_OF_A_KIND, [RK, RK, RK, RJ, R9]),
        (STRAIGHT, [RK, RQ, RJ, RT, R9]),
        (FLUSH, [RK, RJ, R9, R6, R3]),
        (FULL_HOUSE, [RK, RK, RK, RJ, RJ]),
        (FOUR_OF_A_KIND, [RK, RK, RK, RK, RJ]),
        (STRAIGHT_FLUSH, [RK, RQ, RJ, RT, R9]),
        (ROYAL_FLUSH, [RA, RK, RQ, RJ, RT]),
    ]
    sentences = {describe_high(category, ranks, lang) for category, ranks in hands}
    # The words before the first comma or colon name the category (e.g. "Pair of kings", "Каре
    # королей"), and those must differ too, not only the kickers after them.
    heads = {sentence.replace(":", ",").split(",")[0] for sentence in sentences}
    assert len(sentences) == len(heads) == 10


@pytest.mark.parametrize("lang", LANGS)
def test_languages_differ(lang: str) -> None:
    others = [other for other in LANGS if other != lang]
    for category, ranks in HANDS:
        assert describe_high(category, ranks, lang) not in {describe_high(category, ranks, o) for o in others}


def test_input_order_does_not_matter() -> None:
    shuffler = random.Random(7)
    for category, ranks in HANDS:
        for lang in LANGS:
            expected = describe_high(category, ranks, lang)
            for _ in range(5):
                shuffled = list(ranks)
                shuffler.shuffle(shuffled)
                assert describe_high(category, shuffled, lang) == expected
                assert describe_high(category, tuple(shuffled), lang) == expected


# ---------------------------------------------------------------------------------------------------
# Every rank in every grammatical form the sentences use, in every language.
# Quads of each rank with the next rank as kicker: plural / genitive plural, and singular (nominative).

QUADS = {
    "en": [
        "Four of a kind, twos, three kicker",
        "Four of a kind, threes, four kicker",
        "Four of a kind, fours, five kicker",
        "Four of a kind, fives, six kicker",
        "Four of a kind, sixes, seven kicker",
        "Four of a kind, sevens, eight kicker",
        "Four of a kind, eights, nine kicker",
        "Four of a kind, nines, ten kicker",
        "Four of a kind, tens, jack kicker",
        "Four of a kind, jacks, queen kicker",
        "Four of a kind, queens, king kicker",
        "Four of a kind, kings, ace kicker",
        "Four of a kind, aces, two kicker",
    ],
    "ru": [
        "Каре двоек, кикер тройка",
        "Каре троек, кикер четвёрка",
        "Каре четвёрок, кикер пятёрка",
        "Каре пятёрок, кикер шестёрка",
        "Каре шестёрок, кикер семёрка",
        "Каре семёрок, кикер восьмёрка",
        "Каре восьмёрок, кикер девятка",
        "Каре девяток, кикер десятка",
        "Каре десяток, кикер валет",
        "Каре валетов, кикер дама",
        "Каре дам, кикер король",
        "Каре королей, кикер туз",
        "Каре тузов, кикер двойка",
    ],
    "bg": [
        "Каре двойки, кикер тройка",
        "Каре тройки, кикер четворка",
        "Каре четворки, кикер петица",
        "Каре петици, кикер шестица",
        "Каре шестици, кикер седмица",
        "Каре седмици, кикер осмица",
        "Каре осмици, кикер деветка",
        "Каре деветки, кикер десетка",
        "Каре десетки, кикер вале",
        "Каре валета, кикер дама",
        "Каре дами, кикер поп",
        "Каре попове, кикер асо",
        "Каре аса, кикер двойка",
    ],
}

# Trips of each rank over a pair of the next: after the numerals, Russian takes the genitive singular
# and два (masculine) or две (feminine); Bulgarian the count form ("три попа") and два/две.
FULL_HOUSES = {
    "en": [
        "Full house, twos full of threes",
        "Full house, threes full of fours",
        "Full house, fours full of fives",
        "Full house, fives full of sixes",
        "Full house, sixes full of sevens",
        "Full house, sevens full of eights",
        "Full house, eights full of nines",
        "Full house, nines full of tens",
        "Full house, tens full of jacks",
        "Full house, jacks full of queens",
        "Full house, queens full of kings",
        "Full house, kings full of aces",
        "Full house, aces full of twos",
    ],
    "ru": [
        "Фулл-хаус: три двойки и две тройки",
        "Фулл-хаус: три тройки и две четвёрки",
        "Фулл-хаус: три четвёрки и две пятёрки",
        "Фулл-хаус: три пятёрки и две шестёрки",
        "Фулл-хаус: три шестёрки и две семёрки",
        "Фулл-хаус: три семёрки и две восьмёрки",
        "Фулл-хаус: три восьмёрки и две девятки",
        "Фулл-хаус: три девятки и две десятки",
        "Фулл-хаус: три десятки и два валета",
        "Фулл-хаус: три валета и две дамы",
        "Фулл-хаус: три дамы и два короля",
        "Фулл-хаус: три короля и два туза",
        "Фулл-хаус: три туза и две двойки",
    ],
    "bg": [
        "Фул хаус: три двойки и две тройки",
        "Фул хаус: три тройки и две четворки",
        "Фул хаус: три четворки и две петици",
        "Фул хаус: три петици и две шестици",
        "Фул хаус: три шестици и две седмици",
        "Фул хаус: три седмици и две осмици",
        "Фул хаус: три осмици и две деветки",
        "Фул хаус: три деветки и две десетки",
        "Фул хаус: три десетки и две валета",
        "Фул хаус: три валета и две дами",
        "Фул хаус: три дами и два попа",
        "Фул хаус: три попа и две аса",
        "Фул хаус: три аса и две двойки",
    ],
}

# Pairs of each rank and the next, ace kicker (king-ace with a two): the nominative plural.
TWO_PAIRS = {
    "en": [
        "Two pair, threes and twos, ace kicker",
        "Two pair, fours and threes, ace kicker",
        "Two pair, fives and fours, ace kicker",
        "Two pair, sixes and fives, ace kicker",
        "Two pair, sevens and sixes, ace kicker",
        "Two pair, eights and sevens, ace kicker",
        "Two pair, nines and eights, ace kicker",
        "Two pair, tens and nines, ace kicker",
        "Two pair, jacks and tens, ace kicker",
        "Two pair, queens and jacks, ace kicker",
        "Two pair, kings and queens, ace kicker",
        "Two pair, aces and kings, two kicker",
    ],
    "ru": [
        "Две пары: тройки и двойки, кикер туз",
        "Две пары: четвёрки и тройки, кикер туз",
        "Две пары: пятёрки и четвёрки, кикер туз",
        "Две пары: шестёрки и пятёрки, кикер туз",
        "Две пары: семёрки и шестёрки, кикер туз",
        "Две пары: восьмёрки и семёрки, кикер туз",
        "Две пары: девятки и восьмёрки, кикер туз",
        "Две пары: десятки и девятки, кикер туз",
        "Две пары: валеты и десятки, кикер туз",
        "Две пары: дамы и валеты, кикер туз",
        "Две пары: короли и дамы, кикер туз",
        "Две пары: тузы и короли, кикер двойка",
    ],
    "bg": [
        "Две двойки: тройки и двойки, кикер асо",
        "Две двойки: четворки и тройки, кикер асо",
        "Две двойки: петици и четворки, кикер асо",
        "Две двойки: шестици и петици, кикер асо",
        "Две двойки: седмици и шестици, кикер асо",
        "Две двойки: осмици и седмици, кикер асо",
        "Две двойки: деветки и осмици, кикер асо",
        "Две двойки: десетки и деветки, кикер асо",
        "Две двойки: валета и десетки, кикер асо",
        "Две двойки: дами и валета, кикер асо",
        "Две двойки: попове и дами, кикер асо",
        "Две двойки: аса и попове, кикер двойка",
    ],
}

# Straights topped by 5..A: "до" + genitive singular in Russian.
STRAIGHTS = {
    "en": [f"Straight, {word}-high" for word in
           ("five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")],
    "ru": [f"Стрит до {word}" for word in
           ("пятёрки", "шестёрки", "семёрки", "восьмёрки", "девятки", "десятки", "валета", "дамы", "короля",
            "туза")],
    "bg": [f"Кента до {word}" for word in
           ("петица", "шестица", "седмица", "осмица", "деветка", "десетка", "вале", "дама", "поп", "асо")],
}  # fmt: skip

# Flushes topped by 7..A over 6-4-3-2 (never a straight: A-5-4-3-2 would be the wheel); Bulgarian "с"
# turns "със" before "седмица".
FLUSHES = {
    "en": [f"Flush, {word}-high, then six, four, three and two" for word in
           ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")],
    "ru": [f"Флеш от {word}, далее шестёрка, четвёрка, тройка и двойка" for word in
           ("семёрки", "восьмёрки", "девятки", "десятки", "валета", "дамы", "короля", "туза")],
    "bg": [f"Флош {word}, след това шестица, четворка, тройка и двойка" for word in
           ("със седмица", "с осмица", "с деветка", "с десетка", "с вале", "с дама", "с поп", "с асо")],
}  # fmt: skip

HIGH_CARDS = {
    "en": [f"High card, {word}, then six, four, three and two" for word in
           ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")],
    "ru": [f"Старшая карта {word}, далее шестёрка, четвёрка, тройка и двойка" for word in
           ("семёрка", "восьмёрка", "девятка", "десятка", "валет", "дама", "король", "туз")],
    "bg": [f"Висока карта {word}, след това шестица, четворка, тройка и двойка" for word in
           ("седмица", "осмица", "деветка", "десетка", "вале", "дама", "поп", "асо")],
}  # fmt: skip

STRAIGHT_FLUSHES = {
    "en": [f"Straight flush, {word}-high" for word in
           ("five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king")],
    "ru": [f"Стрит-флеш до {word}" for word in
           ("пятёрки", "шестёрки", "семёрки", "восьмёрки", "девятки", "десятки", "валета", "дамы", "короля")],
    "bg": [f"Кента флош до {word}" for word in
           ("петица", "шестица", "седмица", "осмица", "деветка", "десетка", "вале", "дама", "поп")],
}  # fmt: skip

# Pairs of each rank with kickers from A K Q 9 (the highest three not equal to the pair).
PAIRS = {
    "en": [f"Pair of {word}" for word in
           ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks",
            "queens", "kings", "aces")],
    "ru": [f"Пара {word}" for word in
           ("двоек", "троек", "четвёрок", "пятёрок", "шестёрок", "семёрок", "восьмёрок", "девяток", "десяток",
            "валетов", "дам", "королей", "тузов")],
    "bg": [f"Чифт {word}" for word in
           ("двойки", "тройки", "четворки", "петици", "шестици", "седмици", "осмици", "деветки", "десетки",
            "валета", "дами", "попове", "аса")],
}  # fmt: skip


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rank", range(13))
def test_rank_forms_quads_and_full_houses(lang: str, rank: int) -> None:
    following = (rank + 1) % 13
    assert describe_high(FOUR_OF_A_KIND, [rank] * 4 + [following], lang) == QUADS[lang][rank]
    assert describe_high(FULL_HOUSE, [rank] * 3 + [following] * 2, lang) == FULL_HOUSES[lang][rank]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rank", range(12))
def test_rank_forms_two_pair(lang: str, rank: int) -> None:
    kicker = RA if rank + 1 < RA else R2
    ranks = [rank, rank, rank + 1, rank + 1, kicker]
    assert describe_high(TWO_PAIR, ranks, lang) == TWO_PAIRS[lang][rank]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rank", range(13))
def test_rank_forms_pair(lang: str, rank: int) -> None:
    kickers = [k for k in (RA, RK, RQ) if k != rank] + ([R9] if rank in (RA, RK, RQ) else [])
    sentence = describe_high(ONE_PAIR, [rank, rank, *kickers], lang)
    assert sentence.startswith(PAIRS[lang][rank] + ", ")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("top", range(R5, RA + 1))
def test_rank_forms_straights(lang: str, top: int) -> None:
    ranks = [top - i for i in range(5)] if top > R5 else [R5, R4, R3, R2, RA]
    assert describe_high(STRAIGHT, ranks, lang) == STRAIGHTS[lang][top - R5]
    if top < RA:
        assert describe_high(STRAIGHT_FLUSH, ranks, lang) == STRAIGHT_FLUSHES[lang][top - R5]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("top", range(R7, RA + 1))
def test_rank_forms_flush_and_high_card(lang: str, top: int) -> None:
    ranks = [top, R6, R4, R3, R2]
    assert describe_high(FLUSH, ranks, lang) == FLUSHES[lang][top - R7]
    assert describe_high(HIGH_CARD, ranks, lang) == HIGH_CARDS[lang][top - R7]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Three of a kind, threes, ace and two kickers"),
        ("ru", "Тройка троек, кикеры туз и двойка"),
        ("bg", "Тройка тройки, кикери асо и двойка"),
    ],
)
def test_three_of_a_kind_with_low_kicker(lang: str, expected: str) -> None:
    assert describe_high(THREE_OF_A_KIND, [R3, R2, R3, RA, R3], lang) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "Straight, nine-high"), ("ru", "Стрит до девятки"), ("bg", "Кента до деветка")],
)
def test_short_deck_wheel(lang: str, expected: str) -> None:
    # With 2..5 removed the ace plays low under the six: A-6-7-8-9 is the lowest straight.
    assert describe_high(STRAIGHT, [R9, R8, R7, R6, RA], lang) == expected


def test_ace_nine_eight_seven_six_outside_short_deck() -> None:
    # A-9-8-7-6 is a straight in short deck only: in hold'em it is ace-high, or an ace-high
    # flush, and the category says which.
    assert describe_high(HIGH_CARD, [RA, R9, R8, R7, R6]) == "High card, ace, then nine, eight, seven and six"
    assert describe_high(FLUSH, [RA, R9, R8, R7, R6]) == "Flush, ace-high, then nine, eight, seven and six"
    assert describe_high(STRAIGHT_FLUSH, [R9, R8, R7, R6, RA]) == "Straight flush, nine-high"


def test_category_may_be_an_int_enum() -> None:
    class Category(enum.IntEnum):
        FULL_HOUSE = 6

    assert describe_high(Category.FULL_HOUSE, [RQ, RQ, RQ, R2, R2]) == "Full house, queens full of twos"


def test_numpy_ranks_and_category() -> None:
    np = pytest.importorskip("numpy")
    ranks = np.array([RK, RK, RK, RQ, RQ], dtype=np.uint8)
    assert describe_high(np.int64(FULL_HOUSE), ranks, "ru") == "Фулл-хаус: три короля и две дамы"


# ---------------------------------------------------------------------------------------------------
# A-5 low, deuce-to-seven, badugi


@pytest.mark.parametrize(
    ("ranks", "lang", "expected"),
    [
        ([R8, R6, R4, R2, RA], "en", "8-6-4-2-A low"),
        ([RA, R2, R4, R6, R8], "en", "8-6-4-2-A low"),
        ([R5, R4, R3, R2, RA], "en", "5-4-3-2-A low"),
        ([RA, RT, R9, R6, R4], "en", "T-9-6-4-A low"),
        ([RK, RQ, RJ, RT, R9], "en", "K-Q-J-T-9 low"),
        ([R8, R6, R4, R2, RA], "ru", "Лоу 8-6-4-2-A"),
        ([R5, R4, R3, R2, RA], "bg", "Лоу 5-4-3-2-A"),
    ],
)
def test_low(ranks: list[int], lang: str, expected: str) -> None:
    assert describe_low(ranks, lang) == expected


@pytest.mark.parametrize(
    ("category", "ranks", "expected"),
    [
        (ONE_PAIR, [R7, RK, R5, RK, R3], ("Pair of kings (K-K-7-5-3)", "Пара королей (K-K-7-5-3)",
                                         "Чифт попове (K-K-7-5-3)")),
        (ONE_PAIR, [RA, R7, R5, R3, RA], ("Pair of aces (A-A-7-5-3)", "Пара тузов (A-A-7-5-3)",
                                         "Чифт аса (A-A-7-5-3)")),
        (ONE_PAIR, [R2, R2, RA, R4, R3], ("Pair of twos (2-2-4-3-A)", "Пара двоек (2-2-4-3-A)",
                                         "Чифт двойки (2-2-4-3-A)")),
        (TWO_PAIR, [R7, R7, RA, RA, R3], ("Two pair, sevens and aces (7-7-A-A-3)",
                                         "Две пары: семёрки и тузы (7-7-A-A-3)",
                                         "Две двойки: седмици и аса (7-7-A-A-3)")),
        (THREE_OF_A_KIND, [R4, R4, R4, RA, R2], ("Three of a kind, fours (4-4-4-2-A)",
                                                "Тройка четвёрок (4-4-4-2-A)",
                                                "Тройка четворки (4-4-4-2-A)")),
        (FULL_HOUSE, [R2, R2, RA, RA, RA], ("Full house, aces full of twos (A-A-A-2-2)",
                                           "Фулл-хаус: три туза и две двойки (A-A-A-2-2)",
                                           "Фул хаус: три аса и две двойки (A-A-A-2-2)")),
        (FOUR_OF_A_KIND, [RQ, RQ, RQ, RQ, RA], ("Four of a kind, queens (Q-Q-Q-Q-A)",
                                               "Каре дам (Q-Q-Q-Q-A)", "Каре дами (Q-Q-Q-Q-A)")),
    ],
)  # fmt: skip
def test_low_with_pairs(category: int, ranks: list[int], expected: tuple[str, str, str]) -> None:
    assert tuple(describe_low(ranks, lang, category=category) for lang in LANGS) == expected


@pytest.mark.parametrize(
    ("category", "ranks", "expected"),
    [
        (HIGH_CARD, [R7, R5, R4, R3, R2], ("7-5-4-3-2 low", "Лоу 7-5-4-3-2", "Лоу 7-5-4-3-2")),
        (HIGH_CARD, [R2, R3, R4, R5, R7], ("7-5-4-3-2 low", "Лоу 7-5-4-3-2", "Лоу 7-5-4-3-2")),
        # The ace is high only: A-5-4-3-2 is an ace-high no-pair hand, not a straight.
        (HIGH_CARD, [RA, R5, R4, R3, R2], ("A-5-4-3-2 low", "Лоу A-5-4-3-2", "Лоу A-5-4-3-2")),
        (HIGH_CARD, [RT, R8, R5, R3, R2], ("T-8-5-3-2 low", "Лоу T-8-5-3-2", "Лоу T-8-5-3-2")),
        (ONE_PAIR, [R2, R2, R7, R5, R4], ("Pair of twos, seven, five and four kickers",
                                         "Пара двоек, кикеры семёрка, пятёрка и четвёрка",
                                         "Чифт двойки, кикери седмица, петица и четворка")),
        (STRAIGHT, [R6, R5, R4, R3, R2], ("Straight, six-high", "Стрит до шестёрки", "Кента до шестица")),
        (FLUSH, [R7, R5, R4, R3, R2], ("Flush, seven-high, then five, four, three and two",
                                      "Флеш от семёрки, далее пятёрка, четвёрка, тройка и двойка",
                                      "Флош със седмица, след това петица, четворка, тройка и двойка")),
        (STRAIGHT_FLUSH, [R6, R5, R4, R3, R2], ("Straight flush, six-high", "Стрит-флеш до шестёрки",
                                               "Кента флош до шестица")),
    ],
)  # fmt: skip
def test_deuce_seven(category: int, ranks: list[int], expected: tuple[str, str, str]) -> None:
    assert tuple(describe_deuce_seven(category, ranks, lang) for lang in LANGS) == expected


@pytest.mark.parametrize(
    ("ranks", "expected"),
    [
        ([R7, R4, R3, RA], ("Badugi, 7-high", "Бадуги, 7-хай", "Бадуги, 7-хай")),
        ([RA, R2, R3, R4], ("Badugi, 4-high", "Бадуги, 4-хай", "Бадуги, 4-хай")),
        ([R5, R8, R2], ("Three-card hand, 8-high", "Рука из трёх карт, 8-хай", "Ръка от три карти, 8-хай")),
        ([RQ, RK], ("Two-card hand, K-high", "Рука из двух карт, K-хай", "Ръка от две карти, K-хай")),
        ([RT], ("One-card hand, T-high", "Рука из одной карты, T-хай", "Ръка от една карта, T-хай")),
        ([RA], ("One-card hand, A-high", "Рука из одной карты, A-хай", "Ръка от една карта, A-хай")),
    ],
)  # fmt: skip
def test_badugi(ranks: list[int], expected: tuple[str, str, str]) -> None:
    assert tuple(describe_badugi(ranks, lang) for lang in LANGS) == expected


# ---------------------------------------------------------------------------------------------------
# Errors


def test_check_lang() -> None:
    assert [check_lang(lang) for lang in ("en", "ru", "bg")] == ["en", "ru", "bg"]
    assert LANGS == ("en", "ru", "bg")
    with pytest.raises(ValueError, match=r"^unknown language 'xx'; choose one of en, ru, bg$"):
        check_lang("xx")
    with pytest.raises(ValueError, match="'EN'"):
        check_lang("EN")
    with pytest.raises(TypeError, match="language must be a str"):
        check_lang(None)


@pytest.mark.parametrize(
    "call",
    [
        lambda: describe_high(FULL_HOUSE, [RK, RK, RK, RQ, RQ], "de"),
        lambda: describe_low([R8, R6, R4, R2, RA], "de"),
        lambda: describe_deuce_seven(HIGH_CARD, [R7, R5, R4, R3, R2], "de"),
        lambda: describe_badugi([R7, R4, R3, RA], "de"),
    ],
)
def test_every_function_checks_the_language(call: object) -> None:
    assert callable(call)
    with pytest.raises(ValueError, match="unknown language 'de'; choose one of en, ru, bg"):
        call()


@pytest.mark.parametrize("category", [11, -1, 99])  # 10, five of a kind, exists with wild cards
def test_unknown_category(category: int) -> None:
    with pytest.raises(ValueError, match=f"unknown category {category}"):
        describe_high(category, [RK, RK, RK, RQ, RQ])
    with pytest.raises(ValueError, match=f"unknown category {category}"):
        describe_deuce_seven(category, [RK, RK, RK, RQ, RQ])
    with pytest.raises(ValueError, match=f"unknown category {category}"):
        describe_low([RK, RK, RK, RQ, RQ], category=category)


@pytest.mark.parametrize("category", ["6", 6.0, True, None])
def test_category_type(category: object) -> None:
    with pytest.raises(TypeError, match="category must be an int"):
        describe_high(category, [RK, RK, RK, RQ, RQ])  # type: ignore[arg-type]


@pytest.mark.parametrize("category", [STRAIGHT, FLUSH, STRAIGHT_FLUSH, ROYAL_FLUSH])
def test_low_has_no_straights_or_flushes(category: int) -> None:
    with pytest.raises(ValueError, match=f"category {category} .* does not exist in A-5 low"):
        describe_low([R5, R4, R3, R2, RA], category=category)


@pytest.mark.parametrize(
    ("ranks", "message"),
    [
        ([RK, RK, RK, RQ], r"expected 5 ranks, got 4"),
        ([RK, RK, RK, RQ, RQ, R2], r"expected 5 ranks, got 6"),
        ([], r"expected 5 ranks, got 0"),
        ([RK, RK, RK, RQ, 13], r"rank 13 at position 4 is outside 0\.\.12"),
        ([-1, RK, RK, RQ, RQ], r"rank -1 at position 0 is outside 0\.\.12"),
    ],
)
def test_bad_ranks(ranks: list[int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        describe_high(FULL_HOUSE, ranks)
    with pytest.raises(ValueError, match=message):
        describe_deuce_seven(FULL_HOUSE, ranks)
    with pytest.raises(ValueError, match=message):
        describe_low(ranks, category=FULL_HOUSE)


@pytest.mark.parametrize("ranks", ["KKKQQ", None, 5, [RK, RK, RK, RQ, "Q"], [RK, RK, RK, RQ, 10.0]])
def test_rank_types(ranks: object) -> None:
    with pytest.raises(TypeError, match="must be"):
        describe_high(FULL_HOUSE, ranks)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("category", "ranks", "message"),
    [
        # The symbols in the message are the ranks in reading order.
        (FULL_HOUSE, [RA, RA, RK, RK, RQ], r"\(12, 12, 11, 11, 10\) \(A-A-K-K-Q\) do not make FULL_HOUSE"),
        (ONE_PAIR, [RA, RK, RQ, R9, R8], r"do not make ONE_PAIR \(category 1\)"),
        (HIGH_CARD, [RA, RA, RK, RQ, R9], r"do not make HIGH_CARD"),
        (FOUR_OF_A_KIND, [RA, RA, RA, RK, RK], r"do not make FOUR_OF_A_KIND"),
        (THREE_OF_A_KIND, [RA, RA, RA, RA, RK], r"do not make THREE_OF_A_KIND"),
        (TWO_PAIR, [RA, RA, RA, RK, RK], r"do not make TWO_PAIR"),
        (STRAIGHT, [RA, RK, RQ, RJ, R9], r"do not make STRAIGHT"),
        (FLUSH, [RT, R9, R8, R7, R6], r"\(T-9-8-7-6\) do not make FLUSH"),
        (HIGH_CARD, [RA, R2, R3, R4, R5], r"\(5-4-3-2-A\) do not make HIGH_CARD"),
        (STRAIGHT_FLUSH, [RA, RK, RQ, RJ, RT], r"do not make STRAIGHT_FLUSH"),
        (ROYAL_FLUSH, [RK, RQ, RJ, RT, R9], r"do not make ROYAL_FLUSH"),
        (ROYAL_FLUSH, [RA, RA, RK, RQ, RJ], r"do not make ROYAL_FLUSH"),
    ],
)
def test_ranks_must_make_the_category(category: int, ranks: list[int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        describe_high(category, ranks)


def test_deuce_seven_ace_is_high_only() -> None:
    with pytest.raises(ValueError, match="do not make STRAIGHT"):
        describe_deuce_seven(STRAIGHT, [R5, R4, R3, R2, RA])
    with pytest.raises(ValueError, match="do not make STRAIGHT"):
        describe_deuce_seven(STRAIGHT, [R9, R8, R7, R6, RA])
    with pytest.raises(ValueError, match="do not make HIGH_CARD"):
        describe_deuce_seven(HIGH_CARD, [R6, R5, R4, R3, R2])


def test_low_category_must_match_the_pairs() -> None:
    with pytest.raises(ValueError, match=r"\(K-K-7-5-3\) do not make HIGH_CARD"):
        describe_low([RK, RK, R7, R5, R3])
    with pytest.raises(ValueError, match="do not make ONE_PAIR"):
        describe_low([R8, R6, R4, R2, RA], category=ONE_PAIR)


@pytest.mark.parametrize(
    ("ranks", "error", "message"),
    [
        ([], ValueError, "expected 1 to 4 ranks, got 0"),
        ([R2, R3, R4, R5, R6], ValueError, "expected 1 to 4 ranks, got 5"),
        ([R7, R4, R7], ValueError, r"rank 5 \(7\) appears twice"),
        ([R7, 13], ValueError, "rank 13 at position 1 is outside"),
        ("7432", TypeError, "ranks must be a sequence of ints"),
    ],
)
def test_badugi_errors(ranks: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        describe_badugi(ranks)  # type: ignore[arg-type]


def test_imports_only_the_shared_int_check() -> None:
    # The words are on the bottom floor: the rank module imports them, never the other way
    # round; they lean only on the bottom-floor int check.  Read the module that was imported
    # (an installed wheel has no source tree beside tests/).
    source = inspect.getsourcefile(describe_high)
    assert source is not None
    tree = ast.parse(Path(source).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            assert node.level == 1 and node.module == "_checks", ast.dump(node)
        elif isinstance(node, ast.ImportFrom):
            assert not (node.module or "").startswith("pokereval"), ast.dump(node)
        elif isinstance(node, ast.Import):
            assert not any(alias.name.startswith("pokereval") for alias in node.names), ast.dump(node)
