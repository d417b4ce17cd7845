"""eval7.rangestring: eval7's range strings, read and written as eval7 does.

A range is a comma separated list of hand types (``ATo``, ``86s``, ``JT``, ``99``), single
hands (``As3c``), groups of one suitedness (``88-JJ``, ``A7o-ATo``, ``T6s+``) and tags
(``#UTG#``, read and ignored), and weighted lists of these (``0.6(AA, AK)``, ``40%(ATs+)``).
The functions are eval7's: ``string_to_tokens``, ``string_to_hands``, ``tokens_to_string``,
``validate_string``, and the steps between (``expand_handtype_group``, ``normalize_token``,
``token_suitedness``, ``token_to_hands``, ``weight_to_float``).  eval7's ``parser`` and
``make_parser`` are its pyparsing grammar, which this module does not need: the text is
read here with regular expressions that accept the same strings.

>>> string_to_tokens("AA, 0.8(AKs)")
[('AA', 1.0), ('AKs', 0.8)]
>>> tokens_to_string([("AA", 1.0), ("AQs", 1.0), ("AJs", 1.0)])
'AA, AQs-AJs'
>>> validate_string("TT+, A8o-ATo, 80%(KTs+)"), validate_string("AX+")
(True, False)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .cards import Card, ranks, suits

__all__ = [
    "Card",
    "RangeStringError",
    "expand_handtype_group",
    "normalize_token",
    "ranks",
    "string_to_hands",
    "string_to_tokens",
    "suits",
    "token_suitedness",
    "token_to_hands",
    "tokens_to_string",
    "validate_string",
    "weight_to_float",
]

Token = tuple[str, float]
Hand = tuple[Card, Card]


class RangeStringError(ValueError):
    """A range string eval7's grammar does not read (a ValueError; eval7's own is an Exception)."""


# ---- reading: text -> groups of eval7's parse ---------------------------------------------
#
# eval7's grammar gives each item of the list as (weight, groups) or (groups,), a weight as
# ("40", "%") or ("0.8",), and a group as ("ATs",), ("ATs", "-", "AQs"), ("T7o", "+"),
# ("As2d",) or ("#", "UTG", "#"); the same shapes are made here.

# pyparsing skips its default whitespace (space, tab, newline, return) between any two
# pieces of the grammar, but never inside one Word: so "AK s", "# UTG #" and "0 .5" read
# as "AKs", "#UTG#" and "0.5", while "A K" does not read.  Each piece here is matched with
# _WS between, and the spaces are dropped from what was matched.
_WS = "[ \t\r\n]*"
_RANK = "[2-9TJQKAtjqka]"
_NUMBER = rf"[1-9][0-9]*(?:{_WS}\.(?:{_WS}[0-9]+)?)?|(?:0{_WS})?\.{_WS}[0-9]+"
_WEIGHTED = re.compile(rf"{_WS}({_NUMBER}){_WS}(%?){_WS}\((.*)\){_WS}$", re.S)
_HANDTYPE = rf"{_RANK}{{2}}(?:{_WS}[so])?"
_GROUP = re.compile(
    rf"{_WS}(?:#{_WS}(?P<tag>[A-Za-z0-9_]+){_WS}#|(?P<hand>{_RANK}[cdhsCDHS]{_WS}{_RANK}[cdhsCDHS])"
    rf"|(?P<bottom>{_HANDTYPE}){_WS}(?:(?P<plus>\+)|-{_WS}(?P<top>{_HANDTYPE}))?){_WS}$"
)


def _joined(text: str) -> str:
    """A matched piece without the spaces the grammar skips inside it."""
    return "".join(text.split())


def _split(text: str) -> list[str]:
    """Split on the commas outside parentheses."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _group(part: str, text: str) -> tuple[str, ...]:
    match = _GROUP.match(part)
    if match is None:
        raise RangeStringError(f"Failed to parse string: {part.strip()!r} in {text!r}")
    if match["tag"]:
        return ("#", match["tag"], "#")
    if match["hand"]:
        return (_joined(match["hand"]),)
    bottom = _joined(match["bottom"])
    if match["plus"]:
        return (bottom, "+")
    if match["top"]:
        return (bottom, "-", _joined(match["top"]))
    return (bottom,)


def _parse(text: str) -> list[tuple[tuple[str, ...] | None, list[tuple[str, ...]]]]:
    """(weight or None, groups) of each item of the range."""
    if not isinstance(text, str):
        raise RangeStringError(f"a range is a string, got {type(text).__name__}")
    if not text.strip(" \t\r\n"):  # the whitespace pyparsing skips
        return []
    items: list[tuple[tuple[str, ...] | None, list[tuple[str, ...]]]] = []
    for item in _split(text):
        weighted = _WEIGHTED.match(item)
        if weighted:
            number = _joined(weighted[1])
            weight = (number, "%") if weighted[2] else (number,)
            items.append((weight, [_group(part, text) for part in _split(weighted[3])]))
        else:
            items.append((None, [_group(item, text)]))
    return items


# ---- eval7's functions ---------------------------------------------------------------------


def weight_to_float(w: Sequence[str]) -> float:
    """A parsed weight as a number: ("86", "%") -> 0.86, ("0.7",) -> 0.7.

    >>> weight_to_float(("40", "%")), weight_to_float((".5",))
    (0.4, 0.5)
    """
    weight = float(w[0])
    if w[-1] == "%":
        weight /= 100.0
    return weight


def _rank(char: str, token: str) -> int:
    try:
        return ranks.index(char.upper())
    except ValueError:
        raise RangeStringError(f"bad rank {char!r} in {token!r}: one of {''.join(ranks)}") from None


def _suit(char: str, token: str) -> int:
    try:
        return suits.index(char)
    except ValueError:
        raise RangeStringError(f"bad suit {char!r} in {token!r}: one of {''.join(suits)}") from None


def token_suitedness(ht: str) -> str:
    """A hand type's suitedness: s suited, o offsuit, p pair, n either.

    >>> token_suitedness("ATs"), token_suitedness("Q3o"), token_suitedness("55"), token_suitedness("J7")
    ('s', 'o', 'p', 'n')
    """
    if len(ht) == 3:
        if ht[0] == ht[1]:
            raise RangeStringError(f"Pairs cannot have suitedness: {ht!r}")
        return ht[-1]
    return "p" if ht[0] == ht[1] else "n"


def normalize_token(token: str) -> str:
    """A token as eval7 keeps it: a hand type with the higher rank first and its
    suitedness ('p' or 'n' added), a hand with the higher card first, a tag as it is.

    >>> normalize_token("ats"), normalize_token("7j"), normalize_token("22"), normalize_token("QsAc")
    ('ATs', 'J7n', '22p', 'AcQs')
    """
    if token[0] == "#":
        return token
    if len(token) == 4:  # a hand: the higher rank first, then the higher suit
        first = (_rank(token[0], token), _suit(token[1], token))
        second = (_rank(token[2], token), _suit(token[3], token))
        if first == second:
            raise RangeStringError(f"Invalid Token: {token}")
        return token[2:] + token[:2] if first < second else token
    high, low = sorted((_rank(token[0], token), _rank(token[1], token)), reverse=True)
    return ranks[high] + ranks[low] + token_suitedness(token)


def expand_handtype_group(htg: Sequence[str]) -> list[str]:
    """The tokens of one parsed group, e.g. ("ATs", "-", "AQs") -> ATs, AJs, AQs; a hand
    type of either suitedness gives its offsuit then its suited token.

    >>> expand_handtype_group(("JTn", "-", "J9n")), expand_handtype_group(("88", "+"))
    (['J9o', 'J9s', 'JTo', 'JTs'], ['88', '99', 'TT', 'JJ', 'QQ', 'KK', 'AA'])
    """
    if htg[0] == "#":
        return ["".join(htg)]
    if len(htg) == 1:
        tokens = [normalize_token(htg[0])]
    else:
        kind = token_suitedness(htg[0])
        bottom = sorted((_rank(c, htg[0]) for c in normalize_token(htg[0])[:2]), reverse=True)
        if htg[-1] == "+":
            top = [12, 12] if kind == "p" else [bottom[0], bottom[0] - 1]
        else:
            if kind != token_suitedness(htg[2]):
                raise RangeStringError(f"Suitedness mismatch: '{htg[0]}' '{htg[2]}'")
            top = sorted((_rank(c, htg[2]) for c in normalize_token(htg[2])[:2]), reverse=True)
            if top[1] < bottom[1]:
                bottom, top = top, bottom
        if kind != "p" and top[0] != bottom[0]:
            raise RangeStringError(f"Top card mismatch: '{htg[0]}' '{htg[-1]}'")
        tokens = [
            (ranks[low] * 2 if kind == "p" else ranks[top[0]] + ranks[low]) + kind
            for low in range(bottom[1], top[1] + 1)
        ]
    expanded = []
    for token in tokens:
        if len(token) < 4 and token[-1] == "n":
            expanded += [token[:2] + "o", token[:2] + "s"]
        elif len(token) < 4 and token[-1] == "p":
            expanded.append(token[:2])
        else:
            expanded.append(token)
    return expanded


def string_to_tokens(s: str) -> list[Token]:
    """The (token, weight) pairs of a range string.

    >>> string_to_tokens("QQ+, 40%(A5s-A4s)")
    [('QQ', 1.0), ('KK', 1.0), ('AA', 1.0), ('A4s', 0.4), ('A5s', 0.4)]
    """
    tokens: list[Token] = []
    for weight, groups in _parse(s):
        value = 1.0 if weight is None else weight_to_float(weight)
        tokens += [(token, value) for group in groups for token in expand_handtype_group(group)]
    return tokens


def token_to_hands(ht: str) -> list[tuple[str, str]]:
    """The hands of one token as pairs of card names, suits in eval7's order.

    >>> token_to_hands("ATs")
    [('Ac', 'Tc'), ('Ad', 'Td'), ('Ah', 'Th'), ('As', 'Ts')]
    """
    if len(ht) == 4:
        return [(ht[:2], ht[2:])]
    kind = token_suitedness(ht)
    if kind not in "sop":
        raise RangeStringError(f"{ht!r} is not one hand type: say {ht}s, {ht}o or both")
    hands = []
    for i, first in enumerate(suits):
        if kind == "s":
            seconds: Sequence[str] = (first,)
        else:
            seconds = suits[i + 1 :] if kind == "p" else [s for s in suits if s != first]
        for second in seconds:
            hand = (ht[0] + first, ht[1] + second)
            hands.append(hand[::-1] if kind == "p" else hand)
    return hands


def string_to_hands(s: str) -> list[tuple[Hand, float]]:
    """The ((Card, Card), weight) pairs of a range string; tags hold no hands.

    >>> string_to_hands("0.5(AhKh), #UTG#")
    [((Card("Ah"), Card("Kh")), 0.5)]
    """
    return [
        ((Card(first), Card(second)), weight)
        for token, weight in string_to_tokens(s)
        if token[0] != "#"
        for first, second in token_to_hands(token)
    ]


def validate_string(s: str) -> bool:
    """Whether eval7 reads the range string.

    >>> validate_string("ATs+, KQ, .2(4s9s)"), validate_string("ATs+, KQ, .2(4s4s)")
    (True, False)
    """
    try:
        string_to_tokens(s)
    except RangeStringError:
        return False
    return True


# ---- writing: tokens -> text ---------------------------------------------------------------


def _runs(tokens: list[str]) -> list[str]:
    """Tokens of one top rank and suitedness (or pairs), by their second rank, written as
    eval7 writes them: each run of adjacent ranks as 'bottom+' when it reaches the top
    (AA, or the rank under the first) and 'top-bottom' otherwise."""
    if len(tokens) <= 1:
        return tokens
    runs, start = [], 0
    for i in range(1, len(tokens)):
        if ranks.index(tokens[i][1]) - ranks.index(tokens[i - 1][1]) > 1:
            runs.append(tokens[start:i])
            start = i
    runs.append(tokens[start:])
    written = []
    for run in runs:
        bottom, top = run[0], run[-1]
        if bottom == top:
            written.append(bottom)
        elif top == "AA" or ranks.index(top[0]) - 1 == ranks.index(top[1]):
            written.append(f"{bottom}+")
        else:
            written.append(f"{top}-{bottom}")
    return written


def _written(tokens: list[str]) -> str:
    """The tokens of one weight: pairs, then hand types, then hands, then tags."""
    pairs, hands, others, tags = [], [], [], []
    for token in map(normalize_token, tokens):
        if token[0] == "#":
            tags.append(token)
        elif token[-1] == "p":
            pairs.append(token[:-1])
        elif len(token) == 4:
            hands.append(token)
        else:
            others.append(token)
    pairs.sort(key=lambda t: ranks.index(t[0]))
    hands.sort(
        key=lambda h: (ranks.index(h[0]), ranks.index(h[2]), suits.index(h[1]), suits.index(h[3])),
        reverse=True,
    )
    types = []
    for rank in ranks:
        for kind in "osn":
            run = [
                t
                for t in others
                if t[0] == rank and token_suitedness(t) == kind and ranks.index(t[0]) > ranks.index(t[1])
            ]
            types += _runs(sorted(run, key=lambda t: ranks.index(t[1])))
    return ", ".join(_runs(pairs)[::-1] + types[::-1] + hands + tags)


def tokens_to_string(tokens: Sequence[Token]) -> str:
    """A range string of (token, weight) pairs, as eval7 writes it: the weight-1 tokens,
    then each other weight, greatest first, as 'percent(...)'.

    >>> tokens_to_string([("AA", 1.0), ("AKs", 0.8)])
    'AA, 80%(AKs)'
    """

    def of(weight: float) -> str:
        return _written([token for token, w in tokens if w == weight])

    others = sorted({weight for _, weight in tokens} - {1.0}, reverse=True)
    parts = [of(1.0)] if any(weight == 1.0 for _, weight in tokens) else []
    return ", ".join(parts + [f"{int(100 * weight)}%({of(weight)})" for weight in others])
