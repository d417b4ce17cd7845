"""Drive the parser fuzz target (tests/fuzz_cards.py) without atheris.

Hypothesis feeds it raw bytes and text built from card-like pieces (ranks, suits, symbols,
Cyrillic letters, separators, junk), and a seeded generator feeds it a fixed number of
mutated hands, so every run is the same and short.  The target itself asserts that only
ValueError/TypeError escape and that what parses round-trips.
"""

from __future__ import annotations

import random

import pytest
from fuzz_cards import check_input
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# Pieces a card text is made of, from the spelling rules in pokereval/cards.py's docstring,
# plus near misses: digits that are no rank, "1" without "0", lookalike Latin/Cyrillic
# letters, the variation selector alone, control and surrogate-free odd characters.
PIECES = (
    *"23456789TJQKAtjqka",
    "10",
    *"cdhsCDHS",
    *"♣♦♥♠♧♢♡♤",
    "\ufe0f",
    *"\u0422\u0442\u0410\u0430\u041a\u043a\u0414\u0434\u0412\u0432",  # Cyrillic Te A Ka De Ve
    "\u0421",  # Cyrillic Es, looks like c
    *" ,\t\n",
    *"01xXzZ-+*/\\",
    "\x00",
    "\u200b",
    "\u0301",  # a combining mark
    "🂡",
    "As",
    "10s",
    "Ah",
    "2c",
)

FUZZ_SETTINGS = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ_SETTINGS
@given(st.binary(max_size=64))
def test_random_bytes(data: bytes) -> None:
    check_input(data)


@FUZZ_SETTINGS
@given(st.lists(st.sampled_from(PIECES), max_size=24), st.integers(0, 255))
def test_card_like_text(pieces: list[str], cut: int) -> None:
    check_input(bytes([cut]) + "".join(pieces).encode("utf-8"))


@FUZZ_SETTINGS
@given(st.lists(st.integers(0, 51), unique=True, min_size=0, max_size=12), st.integers(0, 255))
def test_valid_hands_round_trip(ids: list[int], cut: int) -> None:
    # Canonical text of distinct cards: these must parse (the target checks the round trip).
    text = " ".join("23456789TJQKA"[i // 4] + "cdhs"[i % 4] for i in ids)
    check_input(bytes([cut]) + text.encode("utf-8"))


@pytest.mark.parametrize("seed", range(4))
def test_seeded_mutations(seed: int) -> None:
    """A fixed number of hands with bytes flipped, dropped, duplicated and inserted."""
    rng = random.Random(20261129 + seed)
    for _ in range(3000):
        n = rng.randint(0, 12)
        ids = rng.sample(range(52), n)
        text = rng.choice(("", " ", ",")).join("23456789TJQKA"[i // 4] + "cdhs"[i % 4] for i in ids)
        data = bytearray(text.encode("utf-8"))
        for _ in range(rng.randint(0, 4)):
            op = rng.randrange(4)
            at = rng.randint(0, len(data))
            if op == 0 and data:
                data[min(at, len(data) - 1)] ^= 1 << rng.randrange(8)
            elif op == 1 and data:
                del data[min(at, len(data) - 1)]
            elif op == 2:
                data[at:at] = rng.choice(PIECES).encode("utf-8")
            else:
                data[at:at] = data[at : at + rng.randint(1, 4)]
        check_input(bytes([rng.randrange(256)]) + bytes(data))
