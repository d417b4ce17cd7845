"""A hostile review of equity, outs, draws, odds and hand strength in the variants, and of
the words a new user reads first (the command line's help, docs/cli.md, docs/analysis.md).

The reference here is written from the rules, apart from tests/reference.py and the code
under test: a hand is ranked by trying every five of its cards (every two hole and three
board cards in Omaha, every card for each wild card), and equity is every runout dealt
one card group at a time and split by hand.  The default run plays a few spots of each
game; the slow run many more.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import shlex
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from math import comb
from pathlib import Path

import numpy as np
import pytest

import pokereval as pe
from pokereval.cli import build_parser, main

TOP = Path(__file__).resolve().parent.parent
DOCS = TOP / "docs"
needs_docs = pytest.mark.skipif(not DOCS.is_dir(), reason="needs the source tree")

# ---- the reference, from the rules -------------------------------------------------------

Key = tuple[int, tuple[int, ...]]
"""A hand's place: (category, ranks that break ties), greater is better."""

# Category names in the order of each game, weakest first; "K5" is five of a kind.
_HOLDEM = ("HC", "P", "2P", "T", "ST", "FL", "FH", "Q", "SF", "K5")
_SHORT = ("HC", "P", "2P", "T", "ST", "FH", "FL", "Q", "SF", "K5")
_SHORT_TRIPS = ("HC", "P", "2P", "ST", "T", "FH", "FL", "Q", "SF", "K5")
_CATEGORY = {"HC": 0, "P": 1, "2P": 2, "T": 3, "ST": 4, "FL": 5, "FH": 6, "Q": 7, "SF": 8, "K5": 10}
_WILD: dict[str, int] = {}


def _rank(card: int) -> int:
    return (card >> 2) + 2  # 2..14


def _straight_top(ranks: set[int], short: bool) -> int | None:
    if len(ranks) != 5:
        return None
    if max(ranks) - min(ranks) == 4:
        return max(ranks)
    if ranks == ({14, 6, 7, 8, 9} if short else {14, 2, 3, 4, 5}):
        return 9 if short else 5
    return None


def _five(cards: Sequence[tuple[int, int]], order: tuple[str, ...] = _HOLDEM) -> Key:
    """Five (rank, suit) pairs: five different ranks of one suit are a flush, and so on."""
    counts = Counter(rank for rank, _ in cards)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    distinct = len(counts) == 5
    flush = distinct and len({suit for _, suit in cards}) == 1
    top = _straight_top(set(counts), order is not _HOLDEM) if distinct else None
    names = {(5,): "K5", (4, 1): "Q", (3, 2): "FH", (3, 1, 1): "T", (2, 2, 1): "2P", (2, 1, 1, 1): "P"}
    name = names.get(shape, "HC")
    if top is not None:
        name = "SF" if flush else "ST"
    elif flush:
        name = "FL"
    breaks = (top,) if top is not None else tuple(rank for rank, _ in groups)
    return order.index(name), breaks


def _pairs(cards: Sequence[int]) -> list[tuple[int, int]]:
    return [(_rank(card), card & 3) for card in cards]


def high(cards: Sequence[int], order: tuple[str, ...] = _HOLDEM) -> Key:
    return max(_five(_pairs(five), order) for five in combinations(cards, 5))


def omaha_high(hole: Sequence[int], board: Sequence[int]) -> Key:
    return max(
        _five(_pairs(two + three)) for two in combinations(hole, 2) for three in combinations(board, 3)
    )


def _low_five(cards: Sequence[int]) -> tuple[int, ...] | None:
    ranks = [1 if _rank(card) == 14 else _rank(card) for card in cards]
    if len(set(ranks)) != 5 or max(ranks) > 8:
        return None
    return tuple(-rank for rank in sorted(ranks, reverse=True))


def _best(keys: Sequence[tuple[int, ...] | None]) -> tuple[int, ...] | None:
    found = [key for key in keys if key is not None]
    return max(found) if found else None


def low8(cards: Sequence[int]) -> tuple[int, ...] | None:
    return _best([_low_five(five) for five in combinations(cards, 5)])


def omaha_low8(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...] | None:
    return _best(
        [_low_five(two + three) for two in combinations(hole, 2) for three in combinations(board, 3)]
    )


def razz(cards: Sequence[int]) -> Key:
    """A-5 low: the fewer pairs the better, then the lower ranks from the top down."""
    shapes = [(1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1)]
    best: Key | None = None
    for five in combinations(cards, 5):
        counts = Counter(1 if _rank(card) == 14 else _rank(card) for card in five)
        groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
        key = (-shapes.index(tuple(n for _, n in groups)), tuple(-rank for rank, _ in groups))
        best = key if best is None or key > best else best
    assert best is not None
    return best


def wild_high(cards: Sequence[int], wild: str) -> Key:
    """Jokers (ids 52, 53) or deuces as any card; the bug as an ace, or any card only when the
    five make a straight, a flush or a straight flush."""
    best: Key | None = None
    for five in combinations(cards, 5):
        natural = [card for card in five if (card < 52 if wild != "deuces" else _rank(card) != 2)]
        pairs = _pairs(natural)
        for stand in (
            [()] if len(natural) == 5 else combinations_with_replacement(range(52), 5 - len(natural))
        ):
            key = _five(pairs + _pairs(stand))
            if wild == "bug" and any(_rank(card) != 14 for card in stand):
                if _HOLDEM[key[0]] not in ("ST", "FL", "SF"):
                    continue
            best = key if best is None or key > best else best
    assert best is not None
    return best


def _values(game: str, own: list[int], board: list[int], wild: str | None) -> tuple[Key, object]:
    if wild is not None:
        return wild_high(own + board, wild), None
    if game in ("holdem", "stud"):
        return high(own + board), None
    if game == "shortdeck":
        return high(own + board, _SHORT), None
    if game == "shortdeck-trips":
        return high(own + board, _SHORT_TRIPS), None
    if game == "omaha":
        return omaha_high(own, board), None
    if game == "omaha-hilo":
        return omaha_high(own, board), omaha_low8(own, board)
    if game == "stud-hilo":
        return high(own), low8(own)
    assert game == "razz"
    return razz(own), None


_BOARD = {"holdem": 5, "shortdeck": 5, "shortdeck-trips": 5, "omaha": 5, "omaha-hilo": 5}


def reference_equity(
    game: str,
    hands: list[list[int]],
    board: list[int],
    dead: list[int],
    wild: str | None = None,
    deck: int = 52,
) -> tuple[tuple[int, ...], tuple[int, ...], int, tuple[Fraction, ...]]:
    """(wins, ties, runs, equity) over every runout: the board's cards, then each player's."""
    first = 16 if game.startswith("shortdeck") else 0
    used = {*board, *dead, *(card for hand in hands for card in hand)}
    live = [card for card in range(first, deck) if card not in used]
    final = len(hands[0]) if game in _BOARD else 7
    needs = [final - len(hand) for hand in hands]
    n = len(hands)
    wins, ties, share = [0] * n, [0] * n, [Fraction(0)] * n
    runs = 0

    def award(keys: Sequence[object], pot: Fraction, got: list[Fraction]) -> None:
        best = max(key for key in keys if key is not None)  # type: ignore[type-var]
        winners = [p for p in range(n) if keys[p] == best]
        for p in winners:
            got[p] += pot / len(winners)

    def deal(player: int, left: list[int], owns: list[list[int]], full: list[int]) -> None:
        nonlocal runs
        if player == n:
            values = [_values(game, own, full, wild) for own in owns]
            got = [Fraction(0)] * n
            lows = [low for _, low in values]
            if any(low is not None for low in lows):
                award([hi for hi, _ in values], Fraction(1, 2), got)
                award(lows, Fraction(1, 2), got)
            else:
                award([hi for hi, _ in values], Fraction(1), got)
            for p in range(n):
                share[p] += got[p]
                wins[p] += got[p] == 1
                ties[p] += 0 < got[p] < 1
            runs += 1
            return
        for cards in combinations(left, needs[player]):
            rest = [card for card in left if card not in cards]
            deal(player + 1, rest, [*owns, hands[player] + list(cards)], full)

    for cards in combinations(live, _BOARD.get(game, 0) - len(board)):
        deal(0, [card for card in live if card not in cards], [], board + list(cards))
    return tuple(wins), tuple(ties), runs, tuple(s / runs for s in share)


def _spot(game: str, rng: random.Random) -> tuple[list[list[int]], list[int], list[int]]:
    """A small random spot of `game`: the turn or the river with a board, the last card or two
    to come in stud, now and then dead cards."""
    deck = list(range(16, 52) if game.startswith("shortdeck") else range(52))
    rng.shuffle(deck)
    if rng.random() < 0.4 and not game.startswith("shortdeck"):  # low cards first: lows and wheels
        deck.sort(key=lambda card: (card >= 28 and card < 48, rng.random()))
    players = rng.choice([2, 2, 3])
    dead_count = rng.choice([0, 0, 2])
    if game in _BOARD:
        hole = rng.choice([4, 5, 6]) if game.startswith("omaha") else 2
        hands = [deck[hole * p : hole * (p + 1)] for p in range(players)]
        at = hole * players
        board_count = rng.choice([4, 5])
        board = deck[at : at + board_count]
        return hands, board, deck[at + board_count : at + board_count + dead_count]
    sizes = [6, 7, 6] if players == 3 else [rng.choice([6, 7]), 6]
    hands, at = [], 0
    for size in sizes:
        hands.append(deck[at : at + size])
        at += size
    return hands, [], deck[at : at + dead_count]


def _agree(game: str, hands: list[list[int]], board: list[int], dead: list[int], **wild: object) -> None:
    result = pe.equity(hands, board or None, dead=dead or None, game=game, **wild)  # type: ignore[arg-type]
    wins, ties, runs, shares = reference_equity(
        game,
        hands,
        board,
        dead,
        wild.get("wild"),  # type: ignore[arg-type]
        int(wild.get("deck", 52)),  # type: ignore[call-overload]
    )
    where = (game, hands, board, dead, wild)
    assert (result.wins, result.ties, result.runs) == (wins, ties, runs), where
    assert result.equity == pytest.approx([float(s) for s in shares], abs=1e-12), where


GAMES = ["holdem", "shortdeck", "shortdeck-trips", "omaha", "omaha-hilo", "stud", "razz", "stud-hilo"]


@pytest.mark.parametrize("game", GAMES)
def test_equity_agrees_with_the_reference_on_small_spots(game: str) -> None:
    rng = random.Random(f"small {game}")
    for _ in range(3):
        _agree(game, *_spot(game, rng))


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_equity_agrees_with_the_reference_on_many_spots(game: str) -> None:
    rng = random.Random(f"many {game}")
    for _ in range(40):
        _agree(game, *_spot(game, rng))


def _wild_spot(rng: random.Random, wild: str, stud: bool) -> tuple[list[list[int]], list[int], int]:
    deck_size = 52 if wild == "deuces" else rng.choice([53, 54])
    deck = list(range(deck_size))
    rng.shuffle(deck)
    if wild != "deuces":
        deck.remove(52)
        deck.insert(rng.randrange(5), 52)  # a joker in a hand or on the board, most times
    else:  # at most two deuces among the cards shown: the reference tries every card for each
        deuces = [card for card in deck if card < 4]
        deck = [card for card in deck if card >= 4] + deuces[2:]
        for deuce in deuces[:2]:
            deck.insert(rng.randrange(13), deuce)
    if stud:
        return [deck[:7], deck[7:13]], [], deck_size
    return [deck[:2], deck[2:4]], deck[4:9], deck_size


@pytest.mark.parametrize("wild", ["joker", "bug", "deuces"])
def test_wild_equity_agrees_with_the_reference(wild: str) -> None:
    rng = random.Random(f"wild {wild}")
    for stud in (False, True):
        hands, board, deck = _wild_spot(rng, wild, stud)
        _agree("stud" if stud else "holdem", hands, board, [], wild=wild, deck=deck)


@pytest.mark.slow
@pytest.mark.parametrize("wild", ["joker", "bug", "deuces"])
def test_wild_equity_agrees_with_the_reference_on_many_spots(wild: str) -> None:
    rng = random.Random(f"wild many {wild}")
    for i in range(24):
        hands, board, deck = _wild_spot(rng, wild, i % 4 == 0)
        _agree("stud" if i % 4 == 0 else "holdem", hands, board, [], wild=wild, deck=deck)


def test_hi_lo_quarters_and_scoops_agree_with_the_reference() -> None:
    """Lows that tie quarter the pot; a low that no one makes leaves it all to the high."""
    spots = [
        ("omaha-hilo", ["4c 5d Kh Ks", "4d 5c Qh Qs", "4h 5h 9s 9h"], "Ac 2d 3h 8c"),
        ("omaha-hilo", ["4c 5d Kh Ks 7d Jc", "4d 5c Qh Qs 7h Jd"], "Ac 2d 3h 8c"),
        ("omaha-hilo", ["As Ks Qd Jd", "Ah Kh Qh Jh"], "9c Tc Jc 5d"),
        ("stud-hilo", ["As 2d 3h 4c Kd Ks", "Ah 2c 3d 4h Qd Qs"], ""),
    ]
    for game, hands, board in spots:
        ids = [list(pe.card_ids(hand)) for hand in hands]
        _agree(game, ids, list(pe.card_ids(board)) if board else [], [])


def test_the_reference_ranks_as_the_evaluator_does() -> None:
    """The reference is worth trusting: its order of random hands is the evaluator's."""
    rng = random.Random("order")
    checks: list[tuple[str, range, int, Callable[[Sequence[int]], Key]]] = [
        ("holdem", range(52), 7, lambda c: high(c)),
        ("shortdeck", range(16, 52), 7, lambda c: high(c, _SHORT)),
        ("shortdeck-trips", range(16, 52), 7, lambda c: high(c, _SHORT_TRIPS)),
        ("razz", range(52), 7, razz),
    ]
    for game, deck, size, ref in checks:
        hands = [rng.sample(list(deck), size) for _ in range(300)]
        values = [int(pe.evaluate(hand, game=game)) for hand in hands]
        keys = [ref(hand) for hand in hands]
        for i in range(len(hands) - 1):
            assert (values[i] > values[i + 1]) == (keys[i] > keys[i + 1]), (game, hands[i], hands[i + 1])
            assert (values[i] == values[i + 1]) == (keys[i] == keys[i + 1]), (game, hands[i], hands[i + 1])


# ---- outs and odds, from their definitions ------------------------------------------------


def _category(cards: Sequence[int]) -> int:
    if len(cards) >= 5:
        key = high(cards)
        name = _HOLDEM[key[0]]
        return 9 if name == "SF" and key[1] == (14,) else _CATEGORY[name]
    shape = tuple(sorted(Counter(_rank(card) for card in cards).values(), reverse=True))
    return {(1, 1, 1, 1): 0, (2, 1, 1): 1, (2, 2): 2, (3, 1): 3, (4,): 7}[shape]


def test_outs_and_odds_agree_with_their_definitions() -> None:
    """An out raises the category through the player's cards (the board with the card alone
    stays below it, and a card that only pairs the board makes no two pair of it); the chances
    are one of the outs on the next card, or on either of two."""
    rng = random.Random("outs")
    for _ in range(12):
        deck = list(range(52))
        rng.shuffle(deck)
        hole, board, dead = deck[:2], deck[2 : 2 + rng.choice([3, 4])], deck[6:8]
        now = _category(hole + board)
        unseen = [card for card in range(52) if card not in {*hole, *board, *dead}]
        pairs_the_board = {_rank(c) for c in board} - {_rank(c) for c in hole}
        expected = [
            card
            for card in unseen
            if _category([*hole, *board, card]) > now > -1
            and _category([*board, card]) < _category([*hole, *board, card])
            and not (_rank(card) in pairs_the_board and _category([*hole, *board, card]) == 2)
        ]
        got = pe.outs(hole, board, dead=dead)
        assert [int(card) for card in got.cards] == expected
        misses = len(unseen) - len(expected)
        by_river = 1 - (comb(misses, 2) / comb(len(unseen), 2) if len(board) == 3 else misses / len(unseen))
        assert got.by_river == pytest.approx(by_river, abs=1e-12)
        odds = pe.odds(hole, board, dead=dead)
        counted = Counter(_category([*hole, *board, *more]) for more in combinations(unseen, 5 - len(board)))
        assert {int(c): n for c, n in odds.counts.items() if n} == dict(counted)


# ---- defects found in review: each test fails on the code before its fix ----------------


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def _subparsers() -> dict[str, object]:
    parser = build_parser()
    action = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    return dict(action.choices)  # type: ignore[arg-type]


def test_the_top_help_names_the_commands_without_game_or_lang() -> None:
    """`pokereval --help` said every subcommand takes --game and --lang; icm and replay take
    neither, report and play no --lang."""
    description = " ".join((build_parser().description or "").split())
    for option in ("--game", "--lang"):
        lacking = {
            name
            for name, sub in _subparsers().items()
            if option not in sub._option_string_actions  # type: ignore[attr-defined]
        }
        assert lacking, option
        said = re.search(rf"all but ([a-z, ]+?) take {option}", description)
        assert said is not None, (option, description)
        assert set(re.split(r", | and ", said.group(1))) == lacking


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (
            ["As 2d 3h 4c 5s", "As 2d 3h 4c 6s", "--game", "stud-hilo"],
            "duplicate card 'As': both hands hold it",
        ),
        (
            ["As 2d 3h 4c", "As Kd Qh Jc", "--board", "5c 6c 7c", "--game", "omaha-hilo"],
            "duplicate card 'As': both hands hold it",
        ),
        (
            ["Jk Jk", "Jk As", "--board", "2c 3c 4c", "--wild", "joker"],
            "a third joker at position 1 in the second hand: a deck has two",
        ),
    ],
)
def test_compare_words_a_card_of_both_hands_in_every_game(argv: list[str], words: str) -> None:
    """In hi-lo and with wild cards the command read both hands as one text and named
    positions in it ("at positions 1 and 6 in 'As 2d ... 6s '")."""
    status, _, err = _run(["compare", *argv])
    assert status == 2
    assert err.strip() == f"pokereval compare: {words}"


def test_compare_with_wild_cards_agrees_with_the_library() -> None:
    rng = random.Random("compare wild")
    for _ in range(20):
        deck = [*range(52), 52, 53]
        rng.shuffle(deck)
        first, second, board = deck[:2], deck[2:4], deck[4:9]
        text = [
            " ".join("Jk" if c >= 52 else str(pe.Card(c)) for c in cards) for cards in (first, second, board)
        ]
        expected = pe.compare(text[0], text[1], text[2], wild="joker")
        status, out, _ = _run(["compare", text[0], text[1], "--board", text[2], "--wild", "joker", "--json"])
        assert status == 0 and f'"result": {expected}' in out


def test_numpy_integers_count_where_ints_go() -> None:
    """opponents=, category_table's cards and equity's deck= refused numpy integers, which
    samples=, seed= and threads= take (as everywhere an int goes); bools stay refused."""
    two, five, deck = np.int64(2), np.int64(5), np.int64(54)
    assert pe.hand_strength("AhKh", "2h7h9c", opponents=two, samples=500, seed=1) == pe.hand_strength(  # type: ignore[arg-type]
        "AhKh", "2h7h9c", opponents=2, samples=500, seed=1
    )
    assert pe.category_table(five).hands == 2_598_960  # type: ignore[arg-type]
    board = "Ac Kd 2s 7h"
    assert pe.equity(["As Ad", "Kh Kc"], board, wild="joker", deck=deck).wins == (45, 1)  # type: ignore[arg-type]
    for call in (
        lambda: pe.hand_strength("AhKh", "2h7h9c", opponents=np.True_),  # type: ignore[arg-type]
        lambda: pe.category_table(True),
        lambda: pe.equity(["As Ad", "Kh Kc"], board, wild="joker", deck=True),
    ):
        with pytest.raises(TypeError, match="must be an int"):
            call()


def test_the_strength_help_says_one_range_is_exact() -> None:
    """The help said Monte Carlo "against several opponents or ranges", and exact only "on the
    flop and turn"; against one range, and on the river, the library is exact."""
    epilog = str(_subparsers()["strength"].epilog).split("examples:")[0]  # type: ignore[attr-defined]
    exact_part = " ".join(epilog.split("Monte Carlo")[0].split())
    assert "range" in exact_part and "river" in exact_part
    assert pe.hand_strength("AhKh", "2h 7h 9c Jd", vs="QQ+,AKs:0.5").exact
    assert pe.hand_strength("AhKh", "2h 7h 9c Jd 3s").exact
    status, out, _ = _run(["strength", "AhKh", "--board", "2h 7h 9c Jd", "--vs", "QQ+,AKs:0.5"])
    assert status == 0 and out.splitlines()[-1] == "exact"


def test_the_equity_help_names_every_game_equity_plays() -> None:
    """The help spoke of hold'em and Omaha hands and hold'em ranges only, and left stud hi-lo
    out of the games counted in runouts."""
    epilog = " ".join(str(_subparsers()["equity"].epilog).split())  # type: ignore[attr-defined]
    for game in ("short deck", "Omaha", "stud", "razz", "stud hi-lo", "2-7", "badugi"):
        assert game in epilog, game
    assert "short deck, stud, razz, stud hi-lo and Omaha ranges count" in epilog
    for game in ("2-7", "badugi"):
        status, _, err = _run(["equity", "7s 5d 4c 3h", "Kd Qd Jc 9h", "--game", game])
        assert status == 2 and "equity supports" in err


def test_the_examples_in_the_help_of_the_variant_commands_run() -> None:
    for name in ("best", "compare", "showdown", "equity", "outs", "draws", "odds", "strength"):
        epilog = str(_subparsers()[name].epilog)  # type: ignore[attr-defined]
        lines = [line.strip() for line in epilog.split("examples:")[1].splitlines() if line.strip()]
        assert lines
        for line in lines:
            argv = shlex.split(line.split("  #")[0])
            assert argv[:2] == ["pokereval", name]
            status, out, err = _run(argv[1:])
            assert status == 0 and out and not err, line


@needs_docs
def test_the_cli_page_claims_no_wild_cards_for_the_equity_command() -> None:
    """docs/cli.md said "wild cards count runouts" of `pokereval equity`, which has no --wild
    and refuses a joker."""
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    section = page.split("\n## equity\n")[1].split("\n## ")[0]
    for sentence in re.split(r"(?<=[.;])\s", " ".join(section.split())):
        if "wild" in sentence:
            # the command plays none: a sentence on wild cards says so, or names the library's call
            assert "no wild" in sentence or "wild=" in sentence, sentence
    assert "--wild" not in _subparsers()["equity"]._option_string_actions  # type: ignore[attr-defined]
    status, _, err = _run(["equity", "Jk As", "Kh Kc", "--board", "2c 3d 4h 9s"])
    assert status == 2 and "takes no wild cards" in err


@needs_docs
def test_the_analysis_page_defines_overcards_as_the_code_does() -> None:
    """docs/analysis.md said two overcards are "both hole cards above the board": a pocket
    pair above it is none, and a made straight has no straight draw."""
    page = " ".join((DOCS / "analysis.md").read_text(encoding="utf-8").split())
    definition = page.split("The kinds:")[1].split("two overcards (")[1].split(")")[0]
    assert "unpaired" in definition
    assert pe.DrawKind.OVERCARDS not in pe.draws("KhKd", "2c 7s 9d")
    assert pe.DrawKind.OVERCARDS in pe.draws("AhKd", "2c 7s 9d")
    assert "count only for a hand below a straight" in page
    made = pe.draws("6h5h", "7h 8h 9d")
    assert made.kinds == (pe.DrawKind.FLUSH_DRAW,)


@pytest.mark.parametrize("empty", [[], ()])
def test_no_opponents_is_no_opponent_of_no_cards(empty: list[str]) -> None:
    """vs=[] read as one opponent holding nothing: "opponent 1 has 0 cards"."""
    for call in (
        lambda: pe.outs("AhKh", "2h7h9c", vs=empty),
        lambda: pe.hand_strength("AhKh", "2h7h9c", vs=empty),
    ):
        with pytest.raises(ValueError, match=r"^vs takes 1 to 9 opponents, got 0$"):
            call()


@pytest.mark.parametrize("game", ["holdem", "shortdeck"])
def test_win_and_tie_of_a_weighted_exact_run_weigh_each_deal(game: str) -> None:
    """An exact run's counts take every deal once while equity weighs them, and the command
    line's "win" column was wins / runs: 58% against an equity of 56% for a range mostly of
    weight 0.01.  win and tie now weigh each deal, as the same runs played combo by combo and
    weighed here do."""
    board, hero = "Ts 7s 6h", "AsKs"
    combos = [(f"Q{a}Q{b}", 0.01) for a, b in combinations("cdhs", 2)] + [("JhTh", 1.0)]
    won = tied = runs = 0.0
    for combo, weight in combos:  # every combo deals the same runouts: weigh each combo's counts
        one = pe.equity([hero, combo], board=board, game=game)
        won, tied, runs = won + weight * one.wins[0], tied + weight * one.ties[0], runs + weight * one.runs
    light = pe.equity([hero, "QQ:0.01, JhTh"], board=board, game=game)
    assert light.win[0] == pytest.approx(won / runs, rel=1e-12)
    assert light.tie[0] == pytest.approx(tied / runs, rel=1e-12)
    assert light.wins[0] / light.runs != pytest.approx(won / runs, rel=1e-3)  # the counts stay counts
    status, text, _ = _run(["equity", hero, "QQ:0.01, JhTh", "--board", board, "--game", game, "--json"])
    shown = json.loads(text)
    assert status == 0 and shown["players"][0]["win"] == pytest.approx(won / runs, rel=1e-12)
