# (Cyrillic is the point of this module: ruff would flag every all-Cyrillic word that looks Latin.)
"""Every word pokereval writes in English ("en"), Russian ("ru") and Bulgarian ("bg"): the
sentences for evaluated hands, categories and draws, and the command line's labels.

A bottom-floor module: it imports only the shared int check (pokereval/_checks.py) and knows
ranks and categories only as ints.
Ranks are 0..12 = 2,3,4,5,6,7,8,9,T,J,Q,K,A; categories are 0..9 = HIGH_CARD, ONE_PAIR, TWO_PAIR,
THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH, ROYAL_FLUSH.

Every function puts the ranks in reading order itself (pairs first, then kickers high to low; the
wheel as 5-4-3-2-A; the ace last in the A-5 low games), so the order they arrive in does not matter,
but the ranks must make the category given: a mismatch is a caller bug and raises ValueError.

Made hands are spelled out in words, with every kicker that can decide a showdown, e.g.
"Two pair, aces and kings, queen kicker".  Lows and badugi hands are written with the short rank
symbols 2 3 4 5 6 7 8 9 T J Q K A in every language, e.g. "8-6-4-2-A low", "Лоу 8-6-4-2-A".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from ._checks import as_int

LANGS: tuple[str, ...] = ("en", "ru", "bg")

_SYMBOLS = "23456789TJQKA"
_ACE = 12

_HIGH_CARD = 0
_ONE_PAIR = 1
_TWO_PAIR = 2
_THREE_OF_A_KIND = 3
_STRAIGHT = 4
_FLUSH = 5
_FULL_HOUSE = 6
_FOUR_OF_A_KIND = 7
_STRAIGHT_FLUSH = 8
_ROYAL_FLUSH = 9
_FIVE_OF_A_KIND = 10  # only with wild cards

_CATEGORY_NAMES = (
    "HIGH_CARD",
    "ONE_PAIR",
    "TWO_PAIR",
    "THREE_OF_A_KIND",
    "STRAIGHT",
    "FLUSH",
    "FULL_HOUSE",
    "FOUR_OF_A_KIND",
    "STRAIGHT_FLUSH",
    "ROYAL_FLUSH",
    "FIVE_OF_A_KIND",
)

# The group sizes, largest first, that each category's five ranks must show.
_SHAPES = {
    _HIGH_CARD: (1, 1, 1, 1, 1),
    _ONE_PAIR: (2, 1, 1, 1),
    _TWO_PAIR: (2, 2, 1),
    _THREE_OF_A_KIND: (3, 1, 1),
    _STRAIGHT: (1, 1, 1, 1, 1),
    _FLUSH: (1, 1, 1, 1, 1),
    _FULL_HOUSE: (3, 2),
    _FOUR_OF_A_KIND: (4, 1),
    _STRAIGHT_FLUSH: (1, 1, 1, 1, 1),
    _ROYAL_FLUSH: (1, 1, 1, 1, 1),
    _FIVE_OF_A_KIND: (5,),
}

# The A-5 low games ignore straights and flushes, so only the pairing categories exist there.
_LOW_CATEGORIES = (_HIGH_CARD, _ONE_PAIR, _TWO_PAIR, _THREE_OF_A_KIND, _FULL_HOUSE, _FOUR_OF_A_KIND)

# Straights whose ace plays low, as (rank set, reading order).  The hold'em wheel 5-4-3-2-A and the
# short-deck wheel 9-8-7-6-A (that deck has no 2..5, so its ace links to the six).  Neither exists in
# deuce-to-seven, where the ace is high only.
_WHEELS = (
    (frozenset({3, 2, 1, 0, _ACE}), (3, 2, 1, 0, _ACE)),
    (frozenset({7, 6, 5, 4, _ACE}), (7, 6, 5, 4, _ACE)),
)
_ROYAL = (12, 11, 10, 9, 8)


# ---------------------------------------------------------------------------------------------------
# Rank words.  One tuple per grammatical form, indexed by rank 0..12.

_EN_ONE = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)  # fmt: skip
_EN_MANY = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "jacks", "queens", "kings", "aces",
)  # fmt: skip

# Russian: nominative singular ("старшая карта туз", "кикер король"), genitive singular (after
# "до"/"от" and after the numerals два/две/три: "стрит до десятки", "три короля"), nominative plural
# ("две пары: тузы и короли") and genitive plural ("каре тузов", "пара валетов").
_RU_NOM = (
    "двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка", "восьмёрка", "девятка", "десятка",
    "валет", "дама", "король", "туз",
)  # fmt: skip
_RU_GEN = (
    "двойки", "тройки", "четвёрки", "пятёрки", "шестёрки", "семёрки", "восьмёрки", "девятки", "десятки",
    "валета", "дамы", "короля", "туза",
)  # fmt: skip
_RU_NOM_PL = (
    "двойки", "тройки", "четвёрки", "пятёрки", "шестёрки", "семёрки", "восьмёрки", "девятки", "десятки",
    "валеты", "дамы", "короли", "тузы",
)  # fmt: skip
_RU_GEN_PL = (
    "двоек", "троек", "четвёрок", "пятёрок", "шестёрок", "семёрок", "восьмёрок", "девяток", "десяток",
    "валетов", "дам", "королей", "тузов",
)  # fmt: skip
# Валет, король and туз are masculine and take "два"; every other card name is feminine ("две").
_RU_MASCULINE = frozenset({9, 11, 12})

# Bulgarian has no cases: singular ("висока карта асо"), plural ("каре аса", "чифт валета") and the
# count form used after a numeral, which differs from the plural only for the masculine "поп"
# ("три попа", but "попове" alone).  "Вале" and "асо" are neuter: "две валета", "две аса".
_BG_ONE = (
    "двойка", "тройка", "четворка", "петица", "шестица", "седмица", "осмица", "деветка", "десетка",
    "вале", "дама", "поп", "асо",
)  # fmt: skip
_BG_MANY = (
    "двойки", "тройки", "четворки", "петици", "шестици", "седмици", "осмици", "деветки", "десетки",
    "валета", "дами", "попове", "аса",
)  # fmt: skip
_BG_COUNTED = (*_BG_MANY[:11], "попа", _BG_MANY[12])
# Only "поп" is masculine and takes "два"; feminine and neuter nouns take "две".
_BG_MASCULINE = frozenset({11})


def _join(words: Sequence[str], conjunction: str) -> str:
    """'a', 'a and b', 'a, b and c' (no serial comma, as in all three languages)."""
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


# Each phrase builder takes a category and its distinct ranks in reading order (for K K K Q Q: K, Q;
# for a pair of jacks with A K 9: J, A, K, 9) and returns (head, tail): the head names the made hand,
# the tail (possibly empty) names the cards that still break ties.


def _tail(category: int, groups: Sequence[int]) -> Sequence[int]:
    """The ranks after the made part: kickers, or the flush and high-card ranks after the top one.
    Straights and full houses have none (their top rank, or trips and pair, settle everything)."""
    if category in (_STRAIGHT, _STRAIGHT_FLUSH, _ROYAL_FLUSH, _FULL_HOUSE):
        return ()
    return groups[2:] if category == _TWO_PAIR else groups[1:]


def _en_phrase(category: int, groups: Sequence[int]) -> tuple[str, str]:
    one, many = _EN_ONE, _EN_MANY
    top = groups[0]
    rest = [one[rank] for rank in _tail(category, groups)]
    kickers = f", {_join(rest, 'and')} kicker{'s' if len(rest) > 1 else ''}" if rest else ""
    then = f", then {_join(rest, 'and')}" if rest else ""
    if category == _FIVE_OF_A_KIND:
        return f"Five of a kind, {many[top]}", ""
    if category == _ROYAL_FLUSH:
        return "Royal flush", ""
    if category == _STRAIGHT_FLUSH:
        return f"Straight flush, {one[top]}-high", ""
    if category == _FOUR_OF_A_KIND:
        return f"Four of a kind, {many[top]}", kickers
    if category == _FULL_HOUSE:
        return f"Full house, {many[top]} full of {many[groups[1]]}", ""
    if category == _FLUSH:
        return f"Flush, {one[top]}-high", then
    if category == _STRAIGHT:
        return f"Straight, {one[top]}-high", ""
    if category == _THREE_OF_A_KIND:
        return f"Three of a kind, {many[top]}", kickers
    if category == _TWO_PAIR:
        return f"Two pair, {many[top]} and {many[groups[1]]}", kickers
    if category == _ONE_PAIR:
        return f"Pair of {many[top]}", kickers
    return f"High card, {one[top]}", then


def _ru_phrase(category: int, groups: Sequence[int]) -> tuple[str, str]:
    top = groups[0]
    rest = [_RU_NOM[rank] for rank in _tail(category, groups)]
    kickers = f", {'кикеры' if len(rest) > 1 else 'кикер'} {_join(rest, 'и')}" if rest else ""
    then = f", далее {_join(rest, 'и')}" if rest else ""
    if category == _FIVE_OF_A_KIND:
        return f"Покер: пять {_RU_GEN_PL[top]}", ""
    if category == _ROYAL_FLUSH:
        return "Роял-флеш", ""
    if category == _STRAIGHT_FLUSH:
        return f"Стрит-флеш до {_RU_GEN[top]}", ""
    if category == _FOUR_OF_A_KIND:
        return f"Каре {_RU_GEN_PL[top]}", kickers
    if category == _FULL_HOUSE:
        pair = groups[1]
        two = "два" if pair in _RU_MASCULINE else "две"
        return f"Фулл-хаус: три {_RU_GEN[top]} и {two} {_RU_GEN[pair]}", ""
    if category == _FLUSH:
        return f"Флеш от {_RU_GEN[top]}", then
    if category == _STRAIGHT:
        return f"Стрит до {_RU_GEN[top]}", ""
    if category == _THREE_OF_A_KIND:
        return f"Тройка {_RU_GEN_PL[top]}", kickers
    if category == _TWO_PAIR:
        return f"Две пары: {_RU_NOM_PL[top]} и {_RU_NOM_PL[groups[1]]}", kickers
    if category == _ONE_PAIR:
        return f"Пара {_RU_GEN_PL[top]}", kickers
    return f"Старшая карта {_RU_NOM[top]}", then


def _bg_phrase(category: int, groups: Sequence[int]) -> tuple[str, str]:
    top = groups[0]
    rest = [_BG_ONE[rank] for rank in _tail(category, groups)]
    kickers = f", {'кикери' if len(rest) > 1 else 'кикер'} {_join(rest, 'и')}" if rest else ""
    then = f", след това {_join(rest, 'и')}" if rest else ""
    if category == _FIVE_OF_A_KIND:
        return f"Покер: пет {_BG_COUNTED[top]}", ""
    if category == _ROYAL_FLUSH:
        return "Роял флош", ""
    if category == _STRAIGHT_FLUSH:
        return f"Кента флош до {_BG_ONE[top]}", ""
    if category == _FOUR_OF_A_KIND:
        return f"Каре {_BG_MANY[top]}", kickers
    if category == _FULL_HOUSE:
        pair = groups[1]
        two = "два" if pair in _BG_MASCULINE else "две"
        return f"Фул хаус: три {_BG_COUNTED[top]} и {two} {_BG_COUNTED[pair]}", ""
    if category == _FLUSH:
        # The preposition "с" becomes "със" before a word starting with с or з: "флош със седмица".
        with_ = "със" if _BG_ONE[top][0] in "сз" else "с"
        return f"Флош {with_} {_BG_ONE[top]}", then
    if category == _STRAIGHT:
        return f"Кента до {_BG_ONE[top]}", ""
    if category == _THREE_OF_A_KIND:
        return f"Тройка {_BG_MANY[top]}", kickers
    if category == _TWO_PAIR:
        return f"Две двойки: {_BG_MANY[top]} и {_BG_MANY[groups[1]]}", kickers
    if category == _ONE_PAIR:
        return f"Чифт {_BG_MANY[top]}", kickers
    return f"Висока карта {_BG_ONE[top]}", then


_PHRASES: dict[str, Callable[[int, Sequence[int]], tuple[str, str]]] = {
    "en": _en_phrase,
    "ru": _ru_phrase,
    "bg": _bg_phrase,
}

# A-5 and 2-7 lows read as their ranks, highest first.
_LOW_FORMATS = {"en": "{} low", "ru": "Лоу {}", "bg": "Лоу {}"}

_BADUGI_KINDS = {
    "en": ("One-card hand", "Two-card hand", "Three-card hand", "Badugi"),
    "ru": ("Рука из одной карты", "Рука из двух карт", "Рука из трёх карт", "Бадуги"),
    "bg": ("Ръка от една карта", "Ръка от две карти", "Ръка от три карти", "Бадуги"),
}


# ---------------------------------------------------------------------------------------------------
# Names on their own: a category, a kind of draw, a list of draws

_CATEGORY_WORDS = {
    "en": (
        "High card",
        "One pair",
        "Two pair",
        "Three of a kind",
        "Straight",
        "Flush",
        "Full house",
        "Four of a kind",
        "Straight flush",
        "Royal flush",
        "Five of a kind",
    ),
    "ru": (
        "Старшая карта",
        "Пара",
        "Две пары",
        "Тройка",
        "Стрит",
        "Флеш",
        "Фулл-хаус",
        "Каре",
        "Стрит-флеш",
        "Роял-флеш",
        "Покер",
    ),
    "bg": (
        "Висока карта",
        "Чифт",
        "Две двойки",
        "Тройка",
        "Кента",
        "Флош",
        "Фул хаус",
        "Каре",
        "Кента флош",
        "Роял флош",
        "Покер",
    ),
}

_DRAW_WORDS = {
    "en": (
        "flush draw",
        "backdoor flush draw",
        "open-ended straight draw",
        "gutshot",
        "double gutshot",
        "two overcards",
    ),
    "ru": (
        "флеш-дро",
        "бэкдор флеш-дро",
        "двустороннее стрит-дро",
        "гатшот",
        "двойной гатшот",
        "две оверкарты",
    ),
    "bg": (
        "дро за флош",
        "бекдор дро за флош",
        "двустранно дро за кента",
        "гътшот",
        "двоен гътшот",
        "две овъркарти",
    ),
}
# "(9 cards)" after each draw: the plural forms for 1, 2..4 and 5+ (Russian) or 1 and more.
_CARD_WORDS = {
    "en": ("card", "cards", "cards"),
    "ru": ("карта", "карты", "карт"),
    "bg": ("карта", "карти", "карти"),
}
_NO_DRAW = {"en": "No draw", "ru": "Нет дро", "bg": "Няма дро"}
_AND = {"en": "and", "ru": "и", "bg": "и"}


def category_name(category: int, lang: str = "en") -> str:
    """The name of a category (0 high card .. 9 royal flush, 10 five of a kind) on its own.

    >>> category_name(6), category_name(6, "ru"), category_name(6, "bg")
    ('Full house', 'Фулл-хаус', 'Фул хаус')
    """
    number = as_int(category, "category")
    if not 0 <= number < len(_CATEGORY_NAMES):
        raise ValueError(f"category must be 0..{len(_CATEGORY_NAMES) - 1}, got {number}")
    return _CATEGORY_WORDS[check_lang(lang)][number]


def draw_name(kind: int, lang: str = "en") -> str:
    """The name of a kind of draw (csrc/pokereval.h's PE_DRAW_* numbers).

    >>> draw_name(3, "bg")
    'гътшот'
    """
    names = _DRAW_WORDS[check_lang(lang)]
    number = as_int(kind, "draw kind")
    if not 0 <= number < len(names):
        raise ValueError(f"draw kind must be 0..{len(names) - 1}, got {number}")
    return names[number]


def cards_word(n: int, lang: str = "en") -> str:
    """ "card" or "cards" as a count of n needs it (Russian has three forms).

    >>> [cards_word(n, "ru") for n in (1, 3, 9, 11, 21)]
    ['карта', 'карты', 'карт', 'карт', 'карта']
    """
    return plural(n, _CARD_WORDS[check_lang(lang)], lang)


def plural(n: int, forms: Sequence[str], lang: str) -> str:
    """The form of a noun counted n times: forms are for 1, 2..4 and 5+ (Russian counts
    21 like 1 and 22 like 2, but 11..14 like 5); English and Bulgarian use the first two.

    >>> [plural(n, ("аут", "аута", "аутов"), "ru") for n in (1, 2, 5, 11, 21, 22)]
    ['аут', 'аута', 'аутов', 'аутов', 'аут', 'аута']
    """
    one, few, many = forms
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return one
        return few if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else many
    return one if n == 1 else few


# Counted nouns, with their forms for 1, 2..4 and 5+ (see plural).
COMBOS: dict[str, tuple[str, str, str]] = {
    "en": ("combo", "combos", "combos"),
    "ru": ("комбинация", "комбинации", "комбинаций"),
    "bg": ("комбинация", "комбинации", "комбинации"),
}
RUNOUTS: dict[str, tuple[str, str, str]] = {
    "en": ("runout", "runouts", "runouts"),
    "ru": ("расклад", "расклада", "раскладов"),
    "bg": ("раздаване", "раздавания", "раздавания"),
}

# Russian separates groups of digits with a thin space, and the narrow no-break space
# (U+202F) is the thin space that cannot break: a number never splits across two lines,
# which the breakable U+2009 allows.  Russian typesetting leaves four-digit numbers whole
# ("5940"), so only numbers of five digits and more are grouped.
_GROUP_SEPARATOR = "\u202f"


def number(n: float, lang: str = "en", decimals: int = 0) -> str:
    """A number with its digits grouped by thousands as `lang` writes them, and `decimals`
    digits after the point.

    >>> number(14850), number(14850, "ru"), number(5940, "ru"), number(1326, "bg")
    ('14,850', '14\u202f850', '5940', '1,326')
    >>> number(30939.1234, "ru", 2), number(1234.5, "en", 2)
    ('30\u202f939.12', '1,234.50')
    """
    check_lang(lang)
    text = f"{n:,.{decimals}f}"
    if lang != "ru":
        return text
    # Decided on the digits written, not on n: 9999.6 is written 10000, so grouped as 10000 is.
    whole = text.lstrip("-").split(".")[0].replace(",", "")
    return text.replace(",", _GROUP_SEPARATOR if len(whole) >= 5 else "")


def odds_against(odds: float, lang: str = "en") -> str:
    """Odds against as "X : 1" with two decimals, or the word for never when the thing cannot
    happen (odds against it infinite).

    >>> odds_against(4.5), odds_against(float("inf")), odds_against(float("inf"), "ru")
    ('4.50 : 1', 'never', 'никогда')
    """
    if odds == float("inf"):
        return word("never", lang)
    return f"{number(odds, lang, 2)} : 1"


def counted(n: int, forms: dict[str, tuple[str, str, str]], lang: str = "en") -> str:
    """n and its noun in the form the count needs: "1 combo", "22 комбинации".

    >>> counted(1, COMBOS), counted(22, COMBOS, "ru"), counted(1081, RUNOUTS, "ru")
    ('1 combo', '22 комбинации', '1081 расклад')
    >>> counted(14850, RUNOUTS, "ru"), counted(44, RUNOUTS, "ru"), counted(2, RUNOUTS, "bg")
    ('14\u202f850 раскладов', '44 расклада', '2 раздавания')
    """
    return f"{number(n, lang)} {plural(n, forms[check_lang(lang)], lang)}"


def equity_grid_heading(vs: str, lang: str = "en") -> str:
    """The line above the terminal's equity grid: what its numbers are.

    >>> equity_grid_heading("QQ+,AKs", "ru")
    'эквити каждой руки против QQ+,AKs, в процентах'
    """
    return _GRID_HEADINGS[check_lang(lang)].format(vs=vs)


_GRID_HEADINGS = {
    "en": "each hand's equity against {vs}, in percent",
    "ru": "эквити каждой руки против {vs}, в процентах",
    "bg": "шанс на всяка ръка срещу {vs}, в проценти",
}


def describe_draws(draws: Sequence[tuple[int, int]], lang: str = "en") -> str:
    """A sentence naming each (kind, number of cards that complete it).

    >>> describe_draws([(0, 9), (5, 6)], "ru")
    'Флеш-дро (9 карт) и две оверкарты (6 карт)'
    >>> describe_draws([], "bg")
    'Няма дро'
    """
    check_lang(lang)
    if not draws:
        return _NO_DRAW[lang]
    words = [f"{draw_name(kind, lang)} ({n} {cards_word(n, lang)})" for kind, n in draws]
    text = _join(words, _AND[lang])
    return text[0].upper() + text[1:]


_COUNTED = {
    "en": "{game}: every {cards}-card hand of a {deck}-card deck, classed by its best five",
    "ru": "{game}: каждая рука из {cards} карт колоды в {deck} {deck_word}, по лучшим пяти картам",
    "bg": "{game}: всяка ръка от {cards} карти от тесте с {deck} карти, по най-добрите пет карти",
}
_GAME_NOTES = {
    "razz": {
        "en": "A-5 low: pairs count against, straights and flushes do not",
        "ru": "лоу A-5: пары считаются против, стриты и флеши нет",
        "bg": "лоу A-5: чифтовете са против, кентите и флошовете не",
    },
    "deuce-seven": {
        "en": "2-7 low: straights and flushes count against, the ace is high",
        "ru": "лоу 2-7: стриты и флеши считаются против, туз старший",
        "bg": "лоу 2-7: кентите и флошовете са против, асото е високо",
    },
    "shortdeck": {
        "en": "6 to ace; a flush beats a full house, A-6-7-8-9 is a straight",
        "ru": "от шестёрки до туза; флеш старше фулл-хауса, A-6-7-8-9 это стрит",
        "bg": "от шестица до асо; флошът бие фул хаус, A-6-7-8-9 е кента",
    },
    "shortdeck-trips": {
        "en": "6 to ace; a flush beats a full house, three of a kind a straight",
        "ru": "от шестёрки до туза; флеш старше фулл-хауса, тройка старше стрита",
        "bg": "от шестица до асо; флошът бие фул хаус, тройката бие кента",
    },
}


def describe_counting(game: str, cards: int, deck: int, lang: str = "en") -> str:
    """What a table of categories counted: the game, the hand size, the deck and the game's
    own ranking rules.

    >>> describe_counting("holdem", 7, 52, "ru")
    'holdem: каждая рука из 7 карт колоды в 52 карты, по лучшим пяти картам'
    >>> describe_counting("shortdeck", 5, 36, "ru").split(" (")[1]
    'от шестёрки до туза; флеш старше фулл-хауса, A-6-7-8-9 это стрит)'
    """
    check_lang(lang)
    text = _COUNTED[lang].format(game=game, cards=cards, deck=deck, deck_word=cards_word(deck, "ru"))
    note = _GAME_NOTES.get(game)
    return text + (f" ({note[lang]})" if note else "")


# ---------------------------------------------------------------------------------------------------
# Argument checks


def check_lang(lang: object) -> str:
    """Return `lang` if it is one of LANGS; raise ValueError naming it if not, TypeError if not a str.

    >>> check_lang("ru")
    'ru'
    >>> check_lang("de")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'de'; choose one of en, ru, bg
    """
    if not isinstance(lang, str):
        raise TypeError(f"language must be a str, not {type(lang).__name__} {lang!r}")
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    return lang


def _check_category(category: object, allowed: Sequence[int], game: str) -> int:
    number = as_int(category, "category")
    if not 0 <= number <= _FIVE_OF_A_KIND:
        raise ValueError(f"unknown category {number}; expected 0..10 (HIGH_CARD..FIVE_OF_A_KIND)")
    if number not in allowed:
        choices = ", ".join(f"{c} ({_CATEGORY_NAMES[c]})" for c in allowed)
        raise ValueError(
            f"category {number} ({_CATEGORY_NAMES[number]}) does not exist in {game}; choose one of {choices}"
        )
    return number


def _check_ranks(ranks: object, counts: Sequence[int]) -> tuple[int, ...]:
    # Any iterable of ints will do (a numpy array of ranks is no Sequence); text never will.
    if isinstance(ranks, (str, bytes)) or not isinstance(ranks, Iterable):
        raise TypeError(f"ranks must be a sequence of ints, not {type(ranks).__name__} {ranks!r}")
    checked = tuple(as_int(rank, f"rank at position {i}") for i, rank in enumerate(ranks))
    for i, rank in enumerate(checked):
        if not 0 <= rank <= 12:
            raise ValueError(f"rank {rank} at position {i} is outside 0..12 (2..A)")
    if len(checked) not in counts:
        wanted = str(counts[0]) if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
        raise ValueError(f"expected {wanted} ranks, got {len(checked)}: {checked}")
    return checked


def _symbols(ranks: Sequence[int]) -> str:
    return "-".join(_SYMBOLS[rank] for rank in ranks)


def _ace_low(rank: int) -> int:
    """Sort key with the ace below the two."""
    return -1 if rank == _ACE else rank


def _grouped(ranks: Sequence[int], key: Callable[[int], int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(group sizes, distinct ranks), both in reading order: bigger groups first, then higher by `key`."""
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], key(item[0])), reverse=True)
    return tuple(count for _, count in groups), tuple(rank for rank, _ in groups)


def _mismatch(ranks: Sequence[int], category: int, reading: Sequence[int]) -> ValueError:
    return ValueError(
        f"ranks {tuple(ranks)} ({_symbols(reading)}) do not make "
        f"{_CATEGORY_NAMES[category]} (category {category})"
    )


def _high_groups(category: int, ranks: Sequence[int], *, ace_low_straights: bool) -> tuple[int, ...]:
    """Distinct ranks in reading order after checking that `ranks` make `category` as a high hand."""
    sizes, groups = _grouped(ranks, int)
    reading = [rank for rank, size in zip(groups, sizes) for _ in range(size)]
    straight: tuple[int, ...] | None = None
    if len(groups) == 5:
        if groups[0] - groups[4] == 4:
            straight = groups
        elif ace_low_straights:
            straight = next((order for rank_set, order in _WHEELS if rank_set == set(groups)), None)
            # 9-8-7-6-A is a straight in short deck alone; elsewhere it is ace-high (or an
            # ace-high flush).  The ranks cannot tell the games apart, the category can.
            if straight == _WHEELS[1][1] and category not in (_STRAIGHT, _STRAIGHT_FLUSH):
                straight = None
    if straight is not None:
        reading = list(straight)
    made_straight = category in (_STRAIGHT, _STRAIGHT_FLUSH, _ROYAL_FLUSH)
    if (
        sizes != _SHAPES[category]
        or made_straight != (straight is not None)
        or (category == _ROYAL_FLUSH) != (straight == _ROYAL and category != _STRAIGHT)
    ):
        raise _mismatch(ranks, category, reading)
    return straight if straight is not None else groups


# ---------------------------------------------------------------------------------------------------
# Public


def describe_high(category: int, ranks: Sequence[int], lang: str = "en") -> str:
    """A high hand as a sentence, with the kickers that can still decide a showdown.

    `ranks` are the five ranks of the best five (0..12 = 2..A); the wheel 5-4-3-2-A (and short
    deck's 9-8-7-6-A) count as straights with the ace low.

    >>> describe_high(6, [11, 11, 11, 10, 10])
    'Full house, kings full of queens'
    >>> describe_high(2, [12, 12, 11, 11, 10], "ru")
    'Две пары: тузы и короли, кикер дама'
    >>> describe_high(4, [3, 2, 1, 0, 12], "bg")
    'Кента до петица'
    >>> [describe_high(10, [12] * 5, lang) for lang in ("en", "ru", "bg")]  # wild cards only
    ['Five of a kind, aces', 'Покер: пять тузов', 'Покер: пет аса']
    """
    lang = check_lang(lang)
    number = _check_category(category, range(11), "high games")
    checked = _check_ranks(ranks, (5,))
    head, tail = _PHRASES[lang](number, _high_groups(number, checked, ace_low_straights=True))
    return head + tail


def describe_low(ranks: Sequence[int], lang: str = "en", *, category: int = 0) -> str:
    """An A-5 low (razz, eight-or-better) as a sentence, the ace counting as one.

    Unpaired hands read as their ranks, highest first: "8-6-4-2-A low".  A razz hand with pairs passes
    its pairing category (ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, FULL_HOUSE or FOUR_OF_A_KIND) and reads
    as that made hand followed by all five cards, pairs first: "Pair of kings (K-K-7-5-3)".

    >>> describe_low([6, 4, 2, 0, 12])
    '8-6-4-2-A low'
    >>> describe_low([3, 2, 1, 0, 12], "ru")
    'Лоу 5-4-3-2-A'
    >>> describe_low([11, 11, 5, 3, 1], "bg", category=1)
    'Чифт попове (K-K-7-5-3)'
    """
    lang = check_lang(lang)
    number = _check_category(category, _LOW_CATEGORIES, "A-5 low")
    checked = _check_ranks(ranks, (5,))
    sizes, groups = _grouped(checked, _ace_low)
    reading = [rank for rank, size in zip(groups, sizes) for _ in range(size)]
    if sizes != _SHAPES[number]:
        raise _mismatch(checked, number, reading)
    if number == _HIGH_CARD:
        return _LOW_FORMATS[lang].format(_symbols(reading))
    head, _ = _PHRASES[lang](number, groups)
    return f"{head} ({_symbols(reading)})"


def describe_deuce_seven(category: int, ranks: Sequence[int], lang: str = "en") -> str:
    """A deuce-to-seven lowball hand as a sentence; the ace is high only, so A-5-4-3-2 is no straight.

    A hand with no pair, straight or flush reads as its ranks, highest first; any other hand reads as
    describe_high reads it.

    >>> describe_deuce_seven(0, [5, 3, 2, 1, 0])
    '7-5-4-3-2 low'
    >>> describe_deuce_seven(0, [12, 3, 2, 1, 0], "ru")
    'Лоу A-5-4-3-2'
    >>> describe_deuce_seven(5, [5, 3, 2, 1, 0], "en")
    'Flush, seven-high, then five, four, three and two'
    """
    lang = check_lang(lang)
    number = _check_category(category, range(10), "deuce-to-seven")
    checked = _check_ranks(ranks, (5,))
    groups = _high_groups(number, checked, ace_low_straights=False)
    if number == _HIGH_CARD:
        return _LOW_FORMATS[lang].format(_symbols(groups))
    head, tail = _PHRASES[lang](number, groups)
    return head + tail


def describe_badugi(ranks: Sequence[int], lang: str = "en") -> str:
    """A badugi hand as a sentence: its size, then its highest card (ace low).

    The cards below the highest are in the hand's best_five; the sentence stays short, as
    players say it ("Badugi, 7-high").

    >>> describe_badugi([5, 2, 1, 12])
    'Badugi, 7-high'
    >>> describe_badugi([6, 3, 0], "ru")
    'Рука из трёх карт, 8-хай'
    >>> describe_badugi([12], "bg")
    'Ръка от една карта, A-хай'
    """
    lang = check_lang(lang)
    checked = _check_ranks(ranks, (1, 2, 3, 4))
    if len(set(checked)) != len(checked):
        repeated = next(rank for rank in checked if checked.count(rank) > 1)
        raise ValueError(
            f"rank {repeated} ({_SYMBOLS[repeated]}) appears twice in badugi ranks {checked}; "
            "a badugi's cards all differ in rank"
        )
    reading = sorted(checked, key=_ace_low, reverse=True)
    high = "high" if lang == "en" else "хай"
    return f"{_BADUGI_KINDS[lang][len(checked) - 1]}, {_SYMBOLS[reading[0]]}-{high}"


# ---------------------------------------------------------------------------------------------------
# The command line's labels around the descriptions, so every subcommand prints in one language.

LABELS: dict[str, dict[str, str]] = {
    "best": {"en": "best", "ru": "лучшая", "bg": "най-добра"},
    "high": {"en": "high", "ru": "хай", "bg": "хай"},
    "low": {"en": "low", "ru": "лоу", "bg": "лоу"},
    "no low": {"en": "no qualifying low", "ru": "нет лоу", "bg": "няма лоу"},
    "unseen": {
        "en": "wins unseen: everyone else folded",
        "ru": "выигрывает без вскрытия: остальные сбросили",
        "bg": "печели без показване: останалите се отказаха",
    },
    "value": {"en": "value", "ru": "сила", "bg": "стойност"},
    "first": {"en": "first", "ru": "первая", "bg": "първа"},
    "second": {"en": "second", "ru": "вторая", "bg": "втора"},
    "first wins": {"en": "first wins", "ru": "первая выигрывает", "bg": "първата печели"},
    "second wins": {"en": "second wins", "ru": "вторая выигрывает", "bg": "втората печели"},
    "split": {"en": "split", "ru": "делёж", "bg": "поделяне"},
    "board": {"en": "board", "ru": "борд", "bg": "борд"},
    "player": {"en": "player", "ru": "игрок", "bg": "играч"},
    "hand": {"en": "hand", "ru": "рука", "bg": "ръка"},
    "wins": {"en": "wins", "ru": "выигрывает", "bg": "печели"},
    "winners": {"en": "winners", "ru": "победители", "bg": "победители"},
    "low winners": {"en": "low winners", "ru": "победители лоу", "bg": "победители лоу"},
    "equity": {"en": "equity", "ru": "эквити", "bg": "шанс"},
    "win": {"en": "win", "ru": "победа", "bg": "победа"},
    "tie": {"en": "tie", "ru": "ничья", "bg": "равенство"},
    "exact": {"en": "exact", "ru": "точно", "bg": "точно"},
    "samples": {"en": "Monte Carlo", "ru": "Монте-Карло", "bg": "Монте Карло"},
    "seed": {"en": "seed", "ru": "зерно", "bg": "зърно"},
    "pot": {"en": "pot", "ru": "банк", "bg": "пот"},
    "main pot": {"en": "main pot", "ru": "основной банк", "bg": "основен пот"},
    "side pot": {"en": "side pot", "ru": "побочный банк", "bg": "страничен пот"},
    "eligible": {"en": "eligible", "ru": "участвуют", "bg": "участват"},
    "payout": {"en": "payout", "ru": "выплата", "bg": "изплащане"},
    "stack": {"en": "stack", "ru": "стек", "bg": "стек"},
    "put in": {"en": "put in", "ru": "вложил", "bg": "вложил"},
    "uncalled": {
        "en": "uncalled bet back to",
        "ru": "неуравненная ставка возвращена",
        "bg": "неизравнен залог върнат на",
    },
    "weight": {"en": "weight", "ru": "вес", "bg": "тегло"},
    "of hands": {"en": "of all hands", "ru": "всех рук", "bg": "от всички ръце"},
    "street": {"en": "street", "ru": "улица", "bg": "улица"},
    "preflop": {"en": "preflop", "ru": "префлоп", "bg": "префлоп"},
    "flop": {"en": "flop", "ru": "флоп", "bg": "флоп"},
    "turn": {"en": "turn", "ru": "тёрн", "bg": "търн"},
    "river": {"en": "river", "ru": "ривер", "bg": "ривър"},
    "written": {"en": "wrote", "ru": "записано", "bg": "записано"},
    "ties": {"en": "ties", "ru": "ничьи", "bg": "равенства"},
    "tainted": {"en": "tainted", "ru": "грязные", "bg": "мръсни"},
    "never": {"en": "never", "ru": "никогда", "bg": "никога"},
    # What a progress bar says it is working on.
    "working equity": {"en": "equity", "ru": "эквити", "bg": "шансове"},
    "working grid": {"en": "grid", "ru": "сетка", "bg": "мрежа"},
    "working streets": {"en": "streets", "ru": "улицы", "bg": "улици"},
    "working preflop": {"en": "preflop tables", "ru": "префлоп-таблицы", "bg": "префлоп таблици"},
}

# Outs: "9 outs on the flop", its chances, and the rule of 2 and 4, per language.
_OUTS = {
    "en": (
        "{n} {outs} on the {street}: ",
        "next card {next}%, by the river {river}% exact",
        "on the river {river}% exact",
        "{rule_value}% by the rule of {rule}",
    ),
    "ru": (
        "{n} {outs} на {street}: ",
        "следующей картой {next}%, к риверу {river}% точно",
        "на ривере {river}% точно",
        "по правилу 2 и 4: {rule_value}%",
    ),
    "bg": (
        "{n} {outs} на {street}: ",
        "със следващата карта {next}%, до ривъра {river}% точно",
        "на ривъра {river}% точно",
        "по правилото на 2 и 4: {rule_value}%",
    ),
}
_STREET_AT = {"ru": {"flop": "флопе", "turn": "тёрне"}, "bg": {"flop": "флопа", "turn": "търна"}}
_OUT_FORMS = {"en": ("out", "outs", "outs"), "ru": ("аут", "аута", "аутов"), "bg": ("аут", "аута", "аута")}


def outs_words(lang: str, n: int, street: str) -> str:
    """The head of the outs line: "9 outs on the flop: " in `lang`.

    >>> outs_words("ru", 9, "flop"), outs_words("ru", 2, "turn"), outs_words("bg", 1, "flop")
    ('9 аутов на флопе: ', '2 аута на тёрне: ', '1 аут на флопа: ')
    >>> outs_words("en", 1, "flop"), outs_words("en", 2, "turn")
    ('1 out on the flop: ', '2 outs on the turn: ')
    """
    outs = plural(n, _OUT_FORMS.get(lang, _OUT_FORMS["en"]), lang)
    street_at = _STREET_AT.get(lang, {}).get(street, street)
    return _OUTS[lang if lang in _OUTS else "en"][0].format(n=n, outs=outs, street=street_at)


def outs_chances(lang: str, street: str, next_card: float, by_river: float, rule_value: float) -> str:
    """The chances line of the outs command, in `lang`."""
    words = _OUTS[lang if lang in _OUTS else "en"]
    rule = 4 if street == "flop" else 2
    chances = (words[1] if street == "flop" else words[2]).format(
        next=f"{100 * next_card:.1f}", river=f"{100 * by_river:.1f}"
    )
    return f"{chances}, " + words[3].format(rule_value=f"{100 * rule_value:.0f}", rule=rule)


def word(key: str, lang: str) -> str:
    """The label `key` in `lang` (English when the table has no entry).

    >>> word("first wins", "ru")
    'первая выигрывает'
    """
    return LABELS[key].get(lang, LABELS[key]["en"])
