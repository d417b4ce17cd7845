"""Tests of pokereval.ranges.Range: combo counts, every notation form, weights, errors.

Expected combos are written out here from the rules of the notation (a pair has C(4,2) = 6
combos, suited 4, offsuit 4 * 3 = 12, all 1326 = C(52,2) two-card hands), never read
back from the code under test.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import numpy as np
import pytest

from pokereval import Card
from pokereval.ranges import Range

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def combo_set(*texts: str) -> set[frozenset[str]]:
    return {frozenset((t[:2], t[2:])) for t in texts}


def as_set(r: Range) -> set[frozenset[str]]:
    return {frozenset((str(a), str(b))) for a, b in r.combos}


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
    assert len(set(r.combos)) == count
    assert r.ids.shape == (count, 2) and r.ids.dtype == np.uint8
    assert r.weights.shape == (count,)


def test_whole_deck_is_every_two_card_hand() -> None:
    r = Range("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32")
    assert {frozenset(c) for c in r.combos} == {frozenset(c) for c in combinations(range(52), 2)}


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
    for (a, b), row in zip(r.combos, r.ids):
        assert isinstance(a, Card) and isinstance(b, Card)
        assert a > b and a.rank >= b.rank
        assert [int(a), int(b)] == row.tolist()


def test_weights() -> None:
    r = Range("AKs:0.5,QQ")
    weight_of = {frozenset(map(str, c)): w for c, w in zip(r.combos, r.weights)}
    assert all(weight_of[c] == 0.5 for c in two_ranks("A", "K", "s"))
    assert all(weight_of[c] == 1.0 for c in pair("Q"))
    # A combo named twice keeps the last weight.
    r = Range("AKs:0.5,AsKs")
    weight_of = {frozenset(map(str, c)): w for c, w in zip(r.combos, r.weights)}
    assert weight_of[frozenset(("As", "Ks"))] == 1.0 and weight_of[frozenset(("Ah", "Kh"))] == 0.5
    assert Range("AA:1").weights.tolist() == [1.0] * 6


def test_without_removes_every_combo_holding_a_card() -> None:
    r = Range("AA,KK,AKs").without("As Kd")
    assert as_set(r) == (pair("A") | pair("K") | two_ranks("A", "K", "s")) - {
        c for c in pair("A") | pair("K") | two_ranks("A", "K", "s") if c & {"As", "Kd"}
    }
    assert len(r) == 3 + 3 + 2  # AA and KK lose 3 combos each, AKs loses AsKs and AdKd
    assert len(Range("AA").without([Card("Ac"), Card("Ad"), Card("Ah")])) == 0


def test_contains_and_equality() -> None:
    r = Range("AKs")
    assert "AsKs" in r and "KsAs" in r and "AsKd" not in r
    with pytest.raises(ValueError, match="neither a combo nor a range"):
        "nonsense" in r  # noqa: B015
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


# ---- the spellings people paste, "random", and the other games -------------------------------


def every_two_cards(first: int = 0) -> set[frozenset[str]]:
    cards = [r + s for r in RANKS[first:] for s in SUITS]
    return {frozenset(pair) for pair in combinations(cards, 2)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("random", every_two_cards()),
        ("Random", every_two_cards()),
        ("Ah Kh", combo_set("AhKh")),
        ("ah  kh", combo_set("AhKh")),
        ("AKs, Ah Kh", two_ranks("A", "K", "s")),
        ("1010", pair("T")),
        ("1010+", pair("T") | pair("J") | pair("Q") | pair("K") | pair("A")),
        ("A10s", two_ranks("A", "T", "s")),
        ("10h 9h", combo_set("Th9h")),
        ("T9s+", two_ranks("T", "9", "s")),  # the second card rises to one below the first: T9s alone
        ("22+", set().union(*(pair(r) for r in RANKS))),
    ],
)
def test_pasted_spellings(text: str, expected: set[frozenset[str]]) -> None:
    assert as_set(Range(text)) == expected


def test_random_takes_a_weight_and_later_tokens_win() -> None:
    r = Range("random:0.25, AA")
    weight_of = {frozenset(map(str, c)): w for c, w in zip(r.combos, r.weights)}
    assert len(weight_of) == 1326
    assert all(weight_of[c] == 1.0 for c in pair("A"))
    assert sum(w == 0.25 for w in weight_of.values()) == 1326 - 6
    assert set(Range("QQ, random:0.1").weights.tolist()) == {0.1}  # the later token, all of them
    assert str(Range("random:0.5")) == "random:0.5"
    assert str(Range("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32")) == "random"


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("101", r"bad range token '101'"),
        ("AK, 1O10", r"bad range token '1O10'"),
        ("randoms", r"bad range token 'randoms'"),
        ("random:2", r"bad range token 'random:2': weight 2"),
        ("Ah K", r"bad range token 'Ah K'"),
        ("Ah Kh Qh", r"bad range token 'Ah Kh Qh'"),
        ("QQ, A1s", r"bad range token 'A1s': unknown rank '1'"),
    ],
)
def test_bad_pasted_spellings_name_the_token(text: str, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        Range(text)


def test_one_style_properties_in_card_id_order() -> None:
    r = Range("KK,AA,AKs")
    # The documented order: by card id, highest first, each combo's higher card first.
    rows = [tuple(row) for row in r.ids.tolist()]
    assert rows == sorted(rows, reverse=True) and all(a > b for a, b in rows)
    assert [str(a) + str(b) for a, b in r.combos][:3] == ["AsAh", "AsAd", "AsAc"]
    assert r.weights.tolist() == [1.0] * len(r)
    assert not r.ids.flags.writeable and not r.weights.flags.writeable
    assert list(r) == r.combos and r.game == "holdem"


def test_shortdeck_ranges() -> None:
    assert as_set(Range("random", game="shortdeck")) == every_two_cards(first=4)  # 6 to ace
    assert len(Range("random", game="6+")) == 630
    r = Range("AKs, 66+, 7h 6h:0.5", game="shortdeck")
    pairs = set().union(*(pair(x) for x in "6789TJQKA"))
    assert as_set(r) == two_ranks("A", "K", "s") | pairs | combo_set("7h6h")
    assert repr(Range("AKs", game="shortdeck")) == "Range('AKs', game='shortdeck')"
    assert Range("AKs", game="shortdeck") != Range("AKs")
    bad_tokens = (("55", "'55': 5 is not in the shortdeck deck"), ("AKs, As5s", "'As5s'"), ("A2s+", "A2s"))
    for text, bad in bad_tokens:
        with pytest.raises(ValueError, match=bad):
            Range(text, game="shortdeck")


def test_omaha_ranges_are_concrete_hands() -> None:
    r = Range("As Ks Qd Jd, AhAd2c3c:0.5", game="plo")
    assert r.game == "omaha" and len(r) == 2 and r.ids.shape == (2, 4)
    weight_of = {frozenset(map(str, c)): w for c, w in zip(r.combos, r.weights)}
    assert weight_of == {frozenset(("As", "Ks", "Qd", "Jd")): 1.0, frozenset(("Ah", "Ad", "2c", "3c")): 0.5}
    assert "Jd Qd Ks As" in r and "AsKsQdJc" not in r
    assert Range(str(r), game="omaha") == r
    assert Range("AsKsQdJdTc", game="omaha-hilo").ids.shape == (1, 5)
    for text, bad in (
        ("AsKs", "'AsKs': omaha hands have 4 to 6 cards, got 2"),
        ("AsKsQdJd, AhKhQcJc2c", "must all have the same number of cards"),
        ("AsAsKdQd", "bad range token 'AsAsKdQd'"),
        ("AA", "bad range token 'AA': omaha ranges list whole hands with weights"),
        (
            "QQ+, AKs",
            r"'QQ\+': omaha ranges list whole hands with weights \('AsKsQdJd, AhAd2c3c:0.5'\), not hold'em",
        ),
        ("AsKsQdZd", "'AsKsQdZd': bad card 'Zd' at position 4"),
        ("random", "'random': any omaha hand is the hand 'random' given to equity()"),
    ):
        with pytest.raises(ValueError, match=bad):
            Range(text, game="omaha")
    with pytest.raises(ValueError, match=r"ranges are for holdem, shortdeck, omaha, .*; not 'stud'"):
        Range("AsKs", game="stud")


def test_notation_is_written_once_and_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """equity() labels its result with str(range); a Range never changes, so it is worked out
    once (it scans every combo)."""
    import pokereval.ranges as ranges

    calls = []
    describe = ranges._describe

    def counted(*args: Any) -> str:
        calls.append(args)
        return describe(*args)

    monkeypatch.setattr(ranges, "_describe", counted)
    r = Range("22+,AKs")
    assert str(r) == str(r) == "22+,AKs" and str(Range(r)) == "22+,AKs"
    assert len(calls) == 1


def test_a_range_given_a_range_of_another_game_refuses_it() -> None:
    """Range(r, game=...) once kept r's game whatever game= said: a hold'em A2s passed as a
    short-deck range, a card short deck has not."""
    holdem = Range("A2s")
    assert Range(holdem).game == "holdem" and Range(holdem, game="holdem") == holdem
    short = Range("QQ+", game="shortdeck")
    assert Range(short, game="short-deck").game == "shortdeck"  # an alias of its own game
    with pytest.raises(ValueError, match=r"a holdem Range cannot become a shortdeck one; .*game='shortdeck'"):
        Range(holdem, game="shortdeck")


def test_membership_of_range_text_and_typos() -> None:
    # "AA" in Range("QQ+") was False: only combos were read, anything else was "not in".
    r = Range("QQ+,AhKh")
    assert "AA" in r and "KK+" in r and "QQ" in r and "AsAd" in r and "AhKh" in r
    assert "AKs" not in r and "JJ+" not in r and "AsKs" not in r
    assert "random" in Range("random") and "AKo" in Range("AKo,72o")
    with pytest.raises(ValueError, match=r"^'Xx' is neither a combo nor a range: bad range token 'Xx'"):
        "Xx" in r  # noqa: B015
    assert 51 not in r and None not in r  # not text: no combo
