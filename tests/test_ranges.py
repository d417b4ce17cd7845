"""Tests of pokereval.ranges.Range: combo counts, every notation form, weights, errors.

Expected combos are written out here from the rules of the notation (a pair has C(4,2) = 6
combos, suited 4, offsuit 4 * 3 = 12, all 1326 = C(52,2) two-card hands), never read
back from the code under test.
"""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

from pokereval import Card
from pokereval.ranges import Range

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def combo_set(*texts: str) -> set[frozenset[str]]:
    return {frozenset((t[:2], t[2:])) for t in texts}


def as_set(r: Range) -> set[frozenset[str]]:
    return {frozenset((str(a), str(b))) for a, b in r.combos()}


def pair(rank: str) -> set[frozenset[str]]:
    return {frozenset((rank + a, rank + b)) for a, b in combinations(SUITS, 2)}


def two_ranks(high: str, low: str, kind: str) -> set[frozenset[str]]:
    return {
        frozenset((high + a, low + b))
        for a in SUITS
        for b in SUITS
        if kind == "" or (kind == "s") == (a == b)
    }


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("QQ", 6),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("QQ+", 18),
        ("QQ+,AKs", 22),
        ("ATs+", 16),
        ("A5s-A2s", 16),
        ("22-55", 24),
        ("55-22", 24),
        ("T9s+", 4),
        ("KQo", 12),
        ("AhKh", 1),
        ("QQ+,AKs,A5s-A2s,KQo,T9s+,22-55,AhKh", 18 + 4 + 16 + 12 + 4 + 24),  # AhKh is in AKs
        ("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32", 1326),
    ],
)
def test_combo_counts(text: str, count: int) -> None:
    r = Range(text)
    assert len(r) == count
    assert len(set(r.combos())) == count
    assert r.ids().shape == (count, 2) and r.ids().dtype == np.uint8
    assert r.weights().shape == (count,)


def test_whole_deck_is_every_two_card_hand() -> None:
    r = Range("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32")
    assert {frozenset(c) for c in r.combos()} == {frozenset(c) for c in combinations(range(52), 2)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("QQ", pair("Q")),
        ("qq", pair("Q")),
        ("QQ+", pair("Q") | pair("K") | pair("A")),
        ("55-22", pair("5") | pair("4") | pair("3") | pair("2")),
        ("AKs", combo_set("AcKc", "AdKd", "AhKh", "AsKs")),
        ("KAs", two_ranks("A", "K", "s")),  # ranks in either order
        ("AKo", two_ranks("A", "K", "o")),
        ("AK", two_ranks("A", "K", "")),
        (
            "ATs+",
            two_ranks("A", "T", "s")
            | two_ranks("A", "J", "s")
            | two_ranks("A", "Q", "s")
            | two_ranks("A", "K", "s"),
        ),
        (
            "K9o+",
            two_ranks("K", "9", "o")
            | two_ranks("K", "T", "o")
            | two_ranks("K", "J", "o")
            | two_ranks("K", "Q", "o"),
        ),
        ("A5s-A2s", set().union(*(two_ranks("A", k, "s") for k in "2345"))),
        ("A2s-A5s", set().union(*(two_ranks("A", k, "s") for k in "2345"))),
        ("KhAh", combo_set("AhKh")),
        ("AhKh, AKs", combo_set("AcKc", "AdKd", "AhKh", "AsKs")),  # a union, spaces allowed
    ],
)
def test_notation_forms(text: str, expected: set[frozenset[str]]) -> None:
    assert as_set(Range(text)) == expected


def test_combos_hold_the_higher_card_first_and_ids_match() -> None:
    r = Range("AKs,QQ,T9o")
    for (a, b), row in zip(r.combos(), r.ids()):
        assert isinstance(a, Card) and isinstance(b, Card)
        assert a > b and a.rank >= b.rank
        assert [int(a), int(b)] == row.tolist()


def test_weights() -> None:
    r = Range("AKs:0.5,QQ")
    weight_of = {frozenset(map(str, c)): w for c, w in zip(r.combos(), r.weights())}
    assert all(weight_of[c] == 0.5 for c in two_ranks("A", "K", "s"))
    assert all(weight_of[c] == 1.0 for c in pair("Q"))
    # A combo named twice keeps the last weight.
    r = Range("AKs:0.5,AsKs")
    weight_of = {frozenset(map(str, c)): w for c, w in zip(r.combos(), r.weights())}
    assert weight_of[frozenset(("As", "Ks"))] == 1.0 and weight_of[frozenset(("Ah", "Kh"))] == 0.5
    assert Range("AA:1").weights().tolist() == [1.0] * 6


def test_without_removes_every_combo_holding_a_card() -> None:
    r = Range("AA,KK,AKs").without("As Kd")
    assert as_set(r) == (pair("A") | pair("K") | two_ranks("A", "K", "s")) - {
        c for c in pair("A") | pair("K") | two_ranks("A", "K", "s") if c & {"As", "Kd"}
    }
    assert len(r) == 3 + 3 + 2  # AA and KK lose 3 combos each, AKs loses AsKs and AdKd
    assert len(Range("AA").without([Card("Ac"), Card("Ad"), Card("Ah")])) == 0


def test_contains_and_equality() -> None:
    r = Range("AKs")
    assert "AsKs" in r and "KsAs" in r and "AsKd" not in r and "nonsense" not in r
    assert Range("AK") == Range("AKs,AKo") == Range(Range("AK"))
    assert Range("AK") != Range("AKs") and Range("AKs") != "AKs"
    assert hash(Range("AKs,QQ")) == hash(Range("QQ,AKs"))


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("QQ+,AKs", "QQ+,AKs"),
        ("AKs,AKo", "AK"),
        ("AhKh,AdKd,AcKc,AsKs", "AKs"),
        ("22-55", "55-22"),
        ("A5s-A2s", "A5s-A2s"),
        ("ATs+", "ATs+"),
        ("AKs:0.5", "AKs:0.5"),
        ("AhKh", "AhKh"),
    ],
)
def test_str(text: str, shown: str) -> None:
    assert str(Range(text)) == shown
    assert repr(Range(text)) == f"Range({shown!r})"


def test_str_reads_back_to_the_same_range(rng: random.Random) -> None:
    classes = [r + r for r in RANKS] + [
        RANKS[h] + RANKS[lo] + k for h in range(13) for lo in range(h) for k in ("s", "o")
    ]
    cards = [r + s for r in RANKS for s in SUITS]
    for _ in range(200):
        tokens = rng.sample(classes, rng.randint(1, 30))
        tokens += ["".join(rng.sample(cards, 2)) for _ in range(rng.randint(0, 5))]
        tokens = [t + rng.choice(["", "", ":0.5", ":0.25"]) for t in tokens]
        r = Range(",".join(tokens))
        again = Range(str(r))
        assert again == r, (tokens, str(r))


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("AKx", r"bad range token 'AKx': 'x' is not 's' \(suited\) or 'o' \(offsuit\)"),
        ("QQs", "'QQs': a pair is neither suited nor offsuit"),
        ("AK,XYs", "'XYs': unknown rank 'X'"),
        ("A5s-K2s", "'A5s-K2s': a span needs"),
        ("A5s-A2o", "'A5s-A2o': a span needs"),
        ("", "empty range token"),
        ("AK,,QQ", "empty range token"),
        ("AK:2", r"'AK:2': weight 2 is not in \(0, 1\]"),
        ("AK:0", r"weight 0 is not in \(0, 1\]"),
        ("AK:abc", "weight 'abc' is not a number"),
        ("AhAh", "'AhAh': the same card twice"),
        ("AKQ", "'AKQ': 'Q' is not 's'"),
        ("A", "'A': expected a hand"),
    ],
)
def test_bad_notation_names_the_token(text: str, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        Range(text)


def test_wrong_type() -> None:
    with pytest.raises(TypeError, match="got int"):
        Range(5)  # type: ignore[arg-type]
