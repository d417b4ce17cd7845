# (Cyrillic is the point of this module.)
"""The command line's own words in English, Russian and Bulgarian.

Hand descriptions come from the library (``HandRank.describe(lang)``); this table holds only
the labels around them, so every subcommand prints in one language.
"""

from __future__ import annotations

from .._describe import plural

LANGS = ("en", "ru", "bg")

_WORDS: dict[str, dict[str, str]] = {
    "best": {"en": "best", "ru": "лучшая", "bg": "най-добра"},
    "high": {"en": "high", "ru": "хай", "bg": "хай"},
    "low": {"en": "low", "ru": "лоу", "bg": "лоу"},
    "no low": {"en": "no qualifying low", "ru": "нет лоу", "bg": "няма лоу"},
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
    "runouts": {"en": "runouts", "ru": "раскладов", "bg": "раздавания"},
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
    "combos": {"en": "combos", "ru": "комбинаций", "bg": "комбинации"},
    "of hands": {"en": "of all hands", "ru": "всех рук", "bg": "от всички ръце"},
    "street": {"en": "street", "ru": "улица", "bg": "улица"},
    "preflop": {"en": "preflop", "ru": "префлоп", "bg": "префлоп"},
    "flop": {"en": "flop", "ru": "флоп", "bg": "флоп"},
    "turn": {"en": "turn", "ru": "тёрн", "bg": "търн"},
    "river": {"en": "river", "ru": "ривер", "bg": "ривър"},
    "written": {"en": "wrote", "ru": "записано", "bg": "записано"},
    "ties": {"en": "ties", "ru": "ничьи", "bg": "равенства"},
    "tainted": {"en": "tainted", "ru": "грязные", "bg": "мръсни"},
}

# Outs: "9 outs on the flop", its chances, and the rule of 2 and 4, per language.
_OUTS = {
    "en": ("{n} outs on the {street}: ", "next card {next}%, by the river {river}% exact",
           "the river {river}% exact", "{rule_value}% by the rule of {rule}"),
    "ru": ("{n} {outs} на {street}: ", "следующей картой {next}%, к риверу {river}% точно",
           "на ривере {river}% точно", "по правилу 2 и 4: {rule_value}%"),
    "bg": ("{n} {outs} на {street}: ", "със следващата карта {next}%, до ривъра {river}% точно",
           "на ривъра {river}% точно", "по правилото на 2 и 4: {rule_value}%"),
}
_STREET_AT = {"ru": {"flop": "флопе", "turn": "тёрне"}, "bg": {"flop": "флопа", "turn": "търна"}}


def outs_words(lang: str, n: int, street: str) -> str:
    """The head of the outs line: "9 outs on the flop: " in `lang`.

    >>> outs_words("ru", 9, "flop"), outs_words("ru", 2, "turn"), outs_words("bg", 1, "flop")
    ('9 аутов на флопе: ', '2 аута на тёрне: ', '1 аут на флопа: ')
    """
    outs = plural(n, ("аут", "аута", "аутов"), lang)
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
    return _WORDS[key].get(lang, _WORDS[key]["en"])
