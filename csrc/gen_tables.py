#!/usr/bin/env python3
"""Write the generated tables (csrc/tables_*.c, csrc/table_sizes.h) from the rules of poker.

    python csrc/gen_tables.py           rewrite them
    python csrc/gen_tables.py --check   exit 1 if a committed one differs

Nothing here reads an older table: every value is derived from the rules below, and
the script checks what it derives (class counts, key uniqueness, hash collisions)
before it writes anything.

How the core looks a hand up (the C side is csrc/internal.h, csrc/eval_high.c and the
batch kernels csrc/batch_scalar.c, csrc/simd_*.c):

* Every card adds RANK_KEYS[rank] to a key.  The keys were chosen so that any
  multiset of at most 7 ranks with at most 4 of each has its own sum, so the sum
  names the ranks of the hand whatever the order of the cards.
* The sums are sparse (up to about 18.4 million for 76,155 multisets), so a row
  displacement hash packs them: index = sum + OFFSETS[sum >> ROW_SHIFT].  Each row's
  offset was picked so that no two 5-7 card multisets land on one slot.
* Seven cards, the common case (a hold'em showdown, a batch of 7-card rows), have a
  table of their own, rank7: the same hash on the 7-rank multisets alone, finer rows
  (RANK7_SHIFT), and two multisets may share a slot when their values are equal, which
  the best five of seven often are.  It is about a fifth of the size of the 5-7 table,
  so random 7-card lookups stay in a closer cache.
* A hand with five or more cards of one suit is a flush in every game here that
  counts flushes, and with at most 7 cards nothing beats it that could coexist with
  it except a straight flush, which the flush table covers; so those hands are looked
  up by that suit's 13-bit rank mask instead.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent

NRANKS = 13
# Hole-rank pairs a <= b, a column each in Omaha's full-board table (13 * 14 / 2).
OMAHA_PAIR_SLOTS = 91
ACE = 12
MAX_CARDS = 7

# Smallest-first greedy search: each key is the least integer above the previous one
# for which every multiset of up to 7 ranks (at most 4 of a rank) still has a sum of
# its own.  The search takes minutes in Python, so its result is written here and
# re-verified on every run (check_rank_keys).
RANK_KEYS = (1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520)

ROW_SHIFT = 12
RANK7_SHIFT = 11
# Spare lane bits above the first suit's 13 ranks (the pairs table, batch_scalar.c).
GUARD_LANE = 1 << NRANKS
# A hand's key holds a 4-bit counter a suit at bit 32 + 4*suit (pe_hand.h).  They start at 3,
# so the fifth card of a suit sets the counter's top bit: the empty hand's key.
SUIT_START = 0x3333 << 32
BAD_LANE = 3 << NRANKS

# Category numbers, as in pokereval.h.
HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, ROYAL = range(10)

# Each game lists its categories weakest to strongest; short deck differs from
# hold'em only where flush and full house trade places.
HOLDEM_ORDER = (
    HIGH_CARD,
    ONE_PAIR,
    TWO_PAIR,
    TRIPS,
    STRAIGHT,
    FLUSH,
    FULL_HOUSE,
    QUADS,
    STRAIGHT_FLUSH,
    ROYAL,
)
SHORTDECK_ORDER = (
    HIGH_CARD,
    ONE_PAIR,
    TWO_PAIR,
    TRIPS,
    STRAIGHT,
    FULL_HOUSE,
    FLUSH,
    QUADS,
    STRAIGHT_FLUSH,
    ROYAL,
)
# The rooms that rank three of a kind above a straight in short deck ("shortdeck-trips").
SHORTDECK_TRIPS_ORDER = (
    HIGH_CARD,
    ONE_PAIR,
    TWO_PAIR,
    STRAIGHT,
    TRIPS,
    FULL_HOUSE,
    FLUSH,
    QUADS,
    STRAIGHT_FLUSH,
    ROYAL,
)
# Razz (A-5 low) ignores straights and flushes: only the pairing counts, and against you.
PAIRING_ORDER = (HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS)

Ranks = tuple[int, ...]
Strength = tuple[int, Ranks]


def grouped(ranks: Sequence[int]) -> Ranks:
    """Ranks in reading order: bigger groups first, then higher rank (K K K Q Q)."""
    counts = Counter(ranks)
    return tuple(sorted(ranks, key=lambda r: (counts[r], r), reverse=True))


def straight_top(ranks: Sequence[int], low_ace_run: Ranks | None) -> int | None:
    """Top rank of a straight made by five distinct ranks, else None.

    A straight is five consecutive ranks; the ace may also play below the lowest
    rank of the deck (A-2-3-4-5, or A-6-7-8-9 in short deck) and then the top card is
    the fifth rank of that run.  Nothing wraps round the ace (Q-K-A-2-3 is no straight).
    """
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return None
    if distinct[4] - distinct[0] == 4:
        return distinct[4]
    if low_ace_run is not None and tuple(distinct) == tuple(sorted(low_ace_run)):
        return max(r for r in low_ace_run if r != ACE)
    return None


def high_strength(ranks: Ranks, suited: bool, order: Ranks, low_ace_run: Ranks | None) -> Strength:
    """(place of the category in `order`, tie-break ranks) of a five-card high hand."""
    top = straight_top(ranks, low_ace_run)
    shape = sorted(Counter(ranks).values(), reverse=True)
    if top is not None and suited:
        category = ROYAL if top == ACE else STRAIGHT_FLUSH
    elif shape[0] == 4:
        category = QUADS
    elif shape[:2] == [3, 2]:
        category = FULL_HOUSE
    elif suited:
        category = FLUSH
    elif top is not None:
        category = STRAIGHT
    elif shape[0] == 3:
        category = TRIPS
    elif shape[:2] == [2, 2]:
        category = TWO_PAIR
    elif shape[0] == 2:
        category = ONE_PAIR
    else:
        category = HIGH_CARD
    tiebreak = (top,) if top is not None else grouped(ranks)
    return order.index(category), tiebreak


def pairing_strength(ranks: Ranks) -> Strength:
    """Razz: how bad a five-card A-5 low is (higher is worse).

    The ace counts as the lowest card, so ranks are renumbered A=0, 2=1, ..., K=12
    before the pairing category and the high-card-first tie-break are taken.
    """
    low = tuple((r + 1) % NRANKS for r in ranks)
    shape = sorted(Counter(low).values(), reverse=True)
    if shape[0] == 4:
        category = QUADS
    elif shape[:2] == [3, 2]:
        category = FULL_HOUSE
    elif shape[0] == 3:
        category = TRIPS
    elif shape[:2] == [2, 2]:
        category = TWO_PAIR
    elif shape[0] == 2:
        category = ONE_PAIR
    else:
        category = HIGH_CARD
    return PAIRING_ORDER.index(category), grouped(low)


def five_card_hands(ranks_allowed: Sequence[int]) -> Iterable[tuple[Ranks, bool]]:
    """Every five-card class shape: a rank multiset (at most 4 of a rank), suited or not."""
    for combo in itertools.combinations_with_replacement(sorted(ranks_allowed, reverse=True), 5):
        if max(Counter(combo).values()) > 4:
            continue
        yield combo, False
        if len(set(combo)) == 5:
            yield combo, True


class Game:
    """A game's five-card values: 1 for the worst class up to `top` for the best."""

    def __init__(self, name: str, ranks_allowed: Sequence[int], strength: object, *, low: bool) -> None:
        self.name = name
        self.ranks_allowed = tuple(ranks_allowed)
        strengths = {}
        for hand in five_card_hands(ranks_allowed):
            strengths[hand] = strength(*hand)  # type: ignore[operator]
        # For a low game the weakest high hand is the best, so the order flips.
        ordered = sorted(set(strengths.values()), reverse=low)
        value_of = {s: v for v, s in enumerate(ordered, start=1)}
        self.value = {hand: value_of[s] for hand, s in strengths.items()}
        self.top = len(ordered)
        self.strength_of_value = {v: s for s, v in value_of.items()}


def category_runs(game: Game, order: Sequence[int]) -> list[tuple[int, int]]:
    """(first value, category) for each run of one category along the value scale."""
    runs: list[tuple[int, int]] = []
    for v in range(1, game.top + 1):
        category = order[game.strength_of_value[v][0]]
        if not runs or runs[-1][1] != category:
            runs.append((v, category))
    return runs


def rank_multisets(max_cards: int) -> list[Ranks]:
    out = []
    for n in range(max_cards + 1):
        for combo in itertools.combinations_with_replacement(range(NRANKS - 1, -1, -1), n):
            if not combo or max(Counter(combo).values()) <= 4:
                out.append(combo)
    return out


def check_rank_keys() -> dict[Ranks, int]:
    """Sum of RANK_KEYS for every multiset of 0..7 ranks; fails on any shared sum."""
    sums: dict[int, Ranks] = {}
    for ranks in rank_multisets(MAX_CARDS):
        s = sum(RANK_KEYS[r] for r in ranks)
        if s in sums:
            raise SystemExit(f"rank keys collide: {sums[s]} and {ranks} both sum to {s}")
        sums[s] = ranks
    if len(sums) != 76155:
        raise SystemExit(f"expected 76,155 rank multisets of up to 7 cards, found {len(sums)}")
    return {ranks: s for s, ranks in sums.items()}


def best_over_subsets(values5: dict[Ranks, int], multisets: Iterable[Ranks]) -> dict[Ranks, int]:
    """Value of the best five ranks inside each 5-7 rank multiset.

    The best five of n cards is the best five of one of its (n-1)-card parts, so each
    size is built from the one below by dropping each card once.
    """
    best: dict[Ranks, int] = {}
    for ranks in sorted(multisets, key=len):
        if len(ranks) == 5:
            if ranks in values5:
                best[ranks] = values5[ranks]
        else:
            parts = {ranks[:i] + ranks[i + 1 :] for i in range(len(ranks))}
            found = [best[p] for p in parts if p in best]
            if found:
                best[ranks] = max(found)
    return best


def pack_rows(
    keys: Sequence[int], shift: int = ROW_SHIFT, values: Sequence[int] | None = None
) -> tuple[list[int], int]:
    """Row displacement: an offset per row so that key + offset[key >> shift] is unique.

    Rows are placed fullest first, each at the lowest displacement where all of its
    columns fall on free slots (first fit).  Candidate displacements are filtered a
    column at a time with numpy, a window at a time.  With `values` (one per key, all
    above 0), a slot that holds a column's own value counts as free too: keys of equal
    value may share it.  Returns (offsets, table size).
    """
    width = 1 << shift
    vals = [1] * len(keys) if values is None else list(values)
    rows: dict[int, list[tuple[int, int]]] = {}
    for k, v in zip(keys, vals):
        rows.setdefault(k >> shift, []).append((k & (width - 1), v))
    n_rows = (max(keys) >> shift) + 1
    base = [0] * n_rows
    held = np.zeros(4 * len(keys) + 2 * width, dtype=np.int32)  # 0: free
    size = 0
    for row in sorted(rows, key=lambda r: (-len(rows[r]), r)):
        cols = np.array(sorted(c for c, _ in rows[row]))
        want = np.array([v for _, v in sorted(rows[row])], dtype=np.int32)
        low = 0
        while True:
            starts = np.arange(low, low + width)
            for col, v in zip(cols, want):
                there = held[starts + col]
                starts = starts[(there == 0) | ((there == v) if values is not None else False)]
                if not starts.size:
                    break
            if starts.size:
                break
            low += width
        start = int(starts[0])
        held[start + cols] = want
        base[row] = start
        size = max(size, start + int(cols[-1]) + 1)
    # index = key + offset with key = row << shift | col must equal base + col.
    offsets = [base[r] - (r << shift) for r in range(n_rows)]
    return offsets, size


def flush_values(game: Game, counts: Sequence[int]) -> list[int]:
    """Value of the best suited five inside each 13-bit rank mask with `counts` bits."""
    table = [0] * (1 << NRANKS)
    allowed = set(game.ranks_allowed)
    for mask in range(1 << NRANKS):
        ranks = tuple(r for r in range(NRANKS - 1, -1, -1) if mask >> r & 1)
        if len(ranks) not in counts or not set(ranks) <= allowed:
            continue
        table[mask] = max(game.value[(five, True)] for five in itertools.combinations(ranks, 5))
    return table


def low8_values() -> list[int]:
    """8-or-better lows by their ace-low rank mask (bit 0 = A, bit 1 = 2, ..., bit 7 = 8).

    A qualifying low is five distinct ranks of eight; the lower the highest card (then
    the next) the better, which is the order of the masks as integers.  The best,
    5-4-3-2-A, gets 56 and the worst, 8-7-6-5-4, gets 1; any other mask gets 0.
    """
    lows = sorted((m for m in range(256) if bin(m).count("1") == 5), reverse=True)
    table = [0] * 256
    for value, mask in enumerate(lows, start=1):
        table[mask] = value
    if len(lows) != 56:
        raise SystemExit(f"expected 56 eight-or-better lows, found {len(lows)}")
    return table


def omaha_pair_best(value5: dict[Ranks, int]) -> list[int]:
    """Omaha with a full board: the best no-flush value of hole ranks a <= b with three of
    the five board ranks, for every board (row) and pair (column); flattened row-major.

    Rows are numbered like board_slot in omaha.c: the sorted ranks r0 <= ... <= r4 as the
    combinatorial number sum of C(r_i + i, i + 1); columns like pair_slot.  A pair that
    would need a fifth card of a rank, and a board of five of a rank, hold 0.
    """

    def slot(ranks: Ranks) -> int:
        return sum(math.comb(r + i, i + 1) for i, r in enumerate(ranks))

    rows = math.comb(NRANKS + 4, 5)
    table = [0] * (rows * OMAHA_PAIR_SLOTS)
    best_with: dict[tuple[int, int, Ranks], int] = {}
    for board in itertools.combinations_with_replacement(range(NRANKS), 5):
        if board[0] == board[4]:
            continue
        count = Counter(board)
        triples = set(itertools.combinations(board, 3))
        row = slot(board) * OMAHA_PAIR_SLOTS
        for a in range(NRANKS):
            for b in range(a, NRANKS):
                if count[a] + 1 + (a == b) > 4 or count[b] + 1 > 4:
                    continue
                best = 0
                for triple in triples:
                    key = (a, b, triple)
                    value = best_with.get(key)
                    if value is None:
                        value = best_with[key] = value5[tuple(sorted((a, b, *triple), reverse=True))]
                    best = max(best, value)
                table[row + a * (25 - a) // 2 + b] = best
    return table


def omaha_best_low8(low8: Sequence[int]) -> list[int]:
    """Omaha hi-lo: the best 8-or-better low (low8 value) of two hole ranks and three board
    ranks, by the ace-low masks of the low ranks held (row) and on the board (column)."""
    table = [0] * (256 * 256)
    for hole in range(256):
        hole_ranks = [r for r in range(8) if hole >> r & 1]
        pairs = [(1 << x) | (1 << y) for x, y in itertools.combinations(hole_ranks, 2)]
        for board in range(256):
            if bin(board).count("1") < 3:
                continue
            best = 0
            for pair in pairs:
                # Suits never count in a low, so the three lowest board ranks the pair does
                # not repeat play best: a low is read from its highest card down.
                avail = [r for r in range(8) if board >> r & 1 and not pair >> r & 1][:3]
                best = max(best, low8[pair | sum(1 << r for r in avail)])
            table[hole * 256 + board] = best
    return table


STRAIGHT_WINDOWS = (*(0x1F << (top - 4) for top in range(ACE, 3, -1)), 0x100F)  # best first


def wild_tables(flush: Sequence[int], value5: dict[Ranks, int]) -> tuple[list[int], list[int]]:
    """With w = 1..4 wild cards (rows), for every 13-bit rank mask (columns): the best
    straight the ranks reach (its no-flush value, 0 for none), and the best flush or
    straight flush a suit holding those ranks reaches (0 unless mask + w make five).

    A wild card fills the best window's missing ranks; for a flush with no straight flush
    it fills the highest missing ranks, as flushes compare from the top card down.
    """
    straights, flushes = [], []
    for w in range(1, 5):
        for mask in range(1 << NRANKS):
            window = next((win for win in STRAIGHT_WINDOWS if bin(win & ~mask).count("1") <= w), None)
            run = tuple(r for r in range(NRANKS - 1, -1, -1) if window is not None and window >> r & 1)
            straights.append(value5[run] if window is not None else 0)
            if bin(mask).count("1") + w < 5:
                flushes.append(0)
            elif window is not None:
                flushes.append(flush[window])
            else:
                filled = [r for r in range(NRANKS - 1, -1, -1) if mask >> r & 1]
                missing = [r for r in range(NRANKS - 1, -1, -1) if not mask >> r & 1][:w]
                top5 = sorted([*filled, *missing], reverse=True)[:5]
                flushes.append(flush[sum(1 << r for r in top5)])
    return straights, flushes


def wild_rank_values(
    value7: dict[Ranks, int], top: int, wild_straight: Sequence[int]
) -> tuple[dict[tuple[Ranks, int], int], dict[tuple[Ranks, int], int]]:
    """The best hand without a flush of natural ranks M and w = 1..4 wild cards, 5..7 cards
    in all: by (M, w), for jokers and deuces (each wild card is any card) and for the bug.

    A wild card here is any rank, a held card's included; taking each wild card as every
    rank in turn (a search over ranks alone: suits only matter to flushes, which the
    batch takes from pe_wild_flush) reaches every value, five of a kind included (top + 1
    + rank, for the highest rank with five).  The bug is an ace, or a card that completes
    a straight: the hand with every bug an ace, or the best straight the ranks reach.
    """

    def plain(ranks: Ranks) -> int:
        counts = Counter(ranks)
        five = [r for r, c in counts.items() if c >= 5]
        return top + 1 + max(five) if five else value7[ranks]

    def add(ranks: Ranks, rank: int) -> Ranks:
        return tuple(sorted((*ranks, rank), reverse=True))

    memo: dict[tuple[Ranks, int], int] = {}

    def best_any(ranks: Ranks, w: int) -> int:
        if w == 0:
            return plain(ranks)
        found = memo.get((ranks, w))
        if found is None:
            found = memo[(ranks, w)] = max(best_any(add(ranks, r), w - 1) for r in range(NRANKS))
        return found

    any_values: dict[tuple[Ranks, int], int] = {}
    bug_values: dict[tuple[Ranks, int], int] = {}
    for ranks in rank_multisets(MAX_CARDS - 1):
        for w in range(1, 5):
            if not 5 <= len(ranks) + w <= MAX_CARDS:
                continue
            any_values[(ranks, w)] = best_any(ranks, w)
            aces = ranks
            for _ in range(w):
                aces = add(aces, ACE)
            mask = sum(1 << r for r in set(ranks))
            bug_values[(ranks, w)] = max(plain(aces), wild_straight[(w - 1) * 8192 + mask])
    return any_values, bug_values


def wild_card_keys(wild_key: int) -> tuple[list[int], list[int]]:
    """Per-card constants of the wild batch, for every byte 0..255, in two rows: jokers wild
    (the joker and the bug) and deuces wild.  A natural card adds what pe_card_keys /
    pe_card_lanes add; a wild card adds WILD_KEY to the rank key, a one to every suit
    counter (a suit of n naturals then reads n + w, so its counter's 8 bit says a flush is
    within reach) and a one to the wild count at bit 48.  Its lane bit is one of the spare
    bits 13..15 of a suit lane (jokers 13 and 14 of the first, the deuce of suit s 13 of
    lane s), so every card still has a bit of its own but no suit's 13-bit rank mask holds
    it.  A byte that is no card of the deck (a joker where deuces are wild) adds a one at
    bit 56 and nothing else: the sum of seven cards says at once whether one was bad."""
    keys, lanes = [], []
    for row in ("joker", "deuces"):
        for c in range(256):
            wild = 52 <= c < 54 if row == "joker" else c < 4
            if wild:
                keys.append(wild_key | 0x1111 << 32 | 1 << 48)
                lanes.append(1 << (13 + c - 52) if c >= 52 else 1 << (16 * c + 13))
            elif c < 52:
                keys.append(RANK_KEYS[c >> 2] | 1 << (32 + 4 * (c & 3)))
                lanes.append(1 << (16 * (c & 3) + (c >> 2)))
            else:
                keys.append(1 << 56)
                lanes.append(0)
    return keys, lanes


def c_array(ctype: str, name: str, values: Sequence[object], per_line: int = 16, prefix: str = "") -> str:
    lines = [f"{prefix}const {ctype} {name}[{len(values)}] = {{"]
    for i in range(0, len(values), per_line):
        lines.append("  " + ",".join(str(v) for v in values[i : i + per_line]) + ",")
    lines.append("};\n")
    return "\n".join(lines)


GENERATED = "/* Generated by csrc/gen_tables.py from the rules of poker; do not edit. */"
TABLE_FILES = {
    "tables_keys.c": "Rank keys, their row offsets, per-card keys and lanes, category runs.",
    "tables_rank.c": "The rank tables: the best five of 5..7 ranks, per game.",
    "tables_flush.c": "The flush tables: the best flush of a suit's 13-bit rank mask, per game.",
    "tables_omaha.c": "Omaha: the best pair of hole ranks per board, and the 8-or-better lows.",
    "tables_wild.c": "Wild cards: straights, flushes and rank values reachable with w wild cards.",
}


def render() -> tuple[dict[str, str], str]:
    holdem = Game(
        "holdem",
        range(NRANKS),
        lambda r, s: high_strength(r, s, HOLDEM_ORDER, (ACE, 0, 1, 2, 3)),
        low=False,
    )
    shortdeck = Game(
        "shortdeck",
        range(4, NRANKS),
        lambda r, s: high_strength(r, s, SHORTDECK_ORDER, (ACE, 4, 5, 6, 7)),
        low=False,
    )
    shortdeck_trips = Game(
        "shortdeck-trips",
        range(4, NRANKS),
        lambda r, s: high_strength(r, s, SHORTDECK_TRIPS_ORDER, (ACE, 4, 5, 6, 7)),
        low=False,
    )
    # 2-7: the ace is only high, so A-2-3-4-5 is no straight; the worst high hand wins.
    deuce_seven = Game(
        "deuce-seven",
        range(NRANKS),
        lambda r, s: high_strength(r, s, HOLDEM_ORDER, None),
        low=True,
    )
    razz = Game("razz", range(NRANKS), lambda r, s: pairing_strength(r), low=True)

    counts = {g.name: g.top for g in (holdem, shortdeck, shortdeck_trips, deuce_seven, razz)}
    expected = {
        "holdem": 7462,
        "shortdeck": None,
        "shortdeck-trips": counts["shortdeck"],
        "deuce-seven": 7462,
        "razz": 6175,
    }
    for name, want in expected.items():
        if want is not None and counts[name] != want:
            raise SystemExit(f"{name}: expected {want} five-card classes, derived {counts[name]}")

    key_of = check_rank_keys()
    five_to_seven = [m for m in key_of if 5 <= len(m) <= MAX_CARDS]

    def unsuited(game: Game) -> dict[Ranks, int]:
        return {ranks: v for (ranks, suited), v in game.value.items() if not suited}

    rank_tables = {
        "holdem": best_over_subsets(unsuited(holdem), five_to_seven),
        "shortdeck": best_over_subsets(unsuited(shortdeck), five_to_seven),
        "shortdeck_trips": best_over_subsets(unsuited(shortdeck_trips), five_to_seven),
        "razz": best_over_subsets(unsuited(razz), five_to_seven),
        "deuce_seven": {m: v for m, v in unsuited(deuce_seven).items()},
    }
    offsets, size = pack_rows([key_of[m] for m in five_to_seven])
    slots: dict[int, Ranks] = {}
    for m in five_to_seven:
        slot = key_of[m] + offsets[key_of[m] >> ROW_SHIFT]
        if slot in slots:
            raise SystemExit(f"hash collision between {slots[slot]} and {m}")
        slots[slot] = m

    # One file a family of tables (tables_*.c), each marked generated in .gitattributes.
    files: dict[str, list[str]] = {name: [] for name in TABLE_FILES}
    keys, ranks, flushes, omaha, wild = (files[name] for name in TABLE_FILES)
    keys.append(
        f"/* Five-card classes: holdem {counts['holdem']}, shortdeck {counts['shortdeck']}, "
        f"razz {counts['razz']}, deuce-seven {counts['deuce-seven']}. */"
    )
    keys.append(c_array("uint32_t", "pe_rank_keys", RANK_KEYS))
    keys.append(c_array("int32_t", "pe_row_offsets", offsets, 8))
    # One spare slot past the last used one: the SIMD kernels gather 32 bits at a time
    # from these 16-bit tables, and the read at the last slot must stay inside the array.
    size += 1
    for name, table in rank_tables.items():
        dense = [0] * size
        for m, v in table.items():
            dense[key_of[m] + offsets[key_of[m] >> ROW_SHIFT]] = v
        ranks.append(c_array("uint16_t", f"pe_rank_{name}", dense))
    # Hold'em's 7-card table: slots shared by multisets of equal value (pack_rows).
    sevens = [m for m in five_to_seven if len(m) == MAX_CARDS]
    seven_keys = [key_of[m] for m in sevens]
    seven_values = [rank_tables["holdem"][m] for m in sevens]
    offsets7, size7 = pack_rows(seven_keys, RANK7_SHIFT, seven_values)
    rank7 = [0] * (size7 + 1)  # the spare slot, as above
    for k, v in zip(seven_keys, seven_values):
        slot = k + offsets7[k >> RANK7_SHIFT]
        if rank7[slot] not in (0, v):
            raise SystemExit(f"7-card slot {slot} holds {rank7[slot]} and {v}")
        rank7[slot] = v
    keys.append(c_array("int32_t", "pe_rank7_offsets", offsets7, 8))
    ranks.append(c_array("uint16_t", "pe_rank7_holdem", rank7))
    # Per-card constants, by byte: the rank key in the low half plus a one in the card's
    # suit nibble at bit 32 + 4*suit (see PE_SUIT_START, pe_hand.h), and the card's bit
    # in a mask of four 16-bit suit lanes (bit 16*suit + rank).  A byte that is no card
    # (52..255) adds a one at bit 56 and no lane bit, so the batch kernels index these
    # tables with any byte and find a bad one in the sum (as the wild batch's tables do).
    card_keys = [RANK_KEYS[c >> 2] | 1 << (32 + 4 * (c & 3)) if c < 52 else 1 << 56 for c in range(256)]
    card_lanes = [1 << (16 * (c & 3) + (c >> 2)) if c < 52 else 0 for c in range(256)]
    keys.append(c_array("uint64_t", "pe_card_keys", [f"0x{k:016x}u" for k in card_keys], 4))
    keys.append(c_array("uint64_t", "pe_card_lanes", [f"0x{k:016x}u" for k in card_lanes], 4))
    # Two cards' keys summed, by the little-endian 16-bit word of their two bytes (first byte
    # a, second b: index a + 256 * b) for every second byte that is a card: pe_eval_ids
    # reads a 7-card row as three such words and a byte, four table reads instead of seven.
    # A first byte that is no card adds its bit 56 here too.
    two = [card_keys[a] + card_keys[b] for b in range(52) for a in range(256)]
    keys.append(c_array("uint64_t", "pe_two_card_keys", [f"0x{k:016x}u" for k in two], 4))
    # The key of the hand holding one card (the empty hand's counters added in), for the first
    # card pe_eval_ids reads as a byte: the start then costs no add of its own.
    started = [SUIT_START + k for k in card_keys]
    keys.append(c_array("uint64_t", "pe_card_hand_keys", [f"0x{k:016x}u" for k in started], 4))
    # The portable batch kernel's pairs (batch_scalar.c): a byte's key and lane side by
    # side, summed and ORed two words at a time, except that a byte that is no card has
    # the lane BAD_LANE, two of the spare bits above the first suit's ranks.  The kernel
    # starts both its sum and its OR of the lanes at GUARD_LANE, the lower of those bits,
    # so a bad byte shows the way a repeated card does: the sum and the OR differ.
    pairs = [w for c in range(256) for w in (card_keys[c], card_lanes[c] if c < 52 else BAD_LANE)]
    keys.append(c_array("uint64_t", "pe_card_pairs", [f"0x{k:016x}u" for k in pairs], 4, "PE_ALIGN16 "))
    low8 = low8_values()
    omaha.append(c_array("uint16_t", "pe_low8_value", low8))
    omaha.append(c_array("uint16_t", "pe_omaha_pair_best", omaha_pair_best(unsuited(holdem))))
    omaha.append(c_array("uint8_t", "pe_omaha_best_low8", omaha_best_low8(low8)))
    flush_holdem = flush_values(holdem, (5, 6, 7))
    flushes.append(c_array("uint16_t", "pe_flush_holdem", flush_holdem))
    flushes.append(c_array("uint16_t", "pe_flush_shortdeck", flush_values(shortdeck, (5, 6, 7))))
    flushes.append(c_array("uint16_t", "pe_flush_shortdeck_trips", flush_values(shortdeck_trips, (5, 6, 7))))
    flushes.append(c_array("uint16_t", "pe_flush_deuce_seven", flush_values(deuce_seven, (5,))))
    wild_straight, wild_flush = wild_tables(flush_holdem, unsuited(holdem))
    wild.append(c_array("uint16_t", "pe_wild_straight", wild_straight))
    wild.append(c_array("uint16_t", "pe_wild_flush", wild_flush))

    # The wild batch: natural ranks M and w >= 1 wild cards sum to key(M) + w * WILD_KEY.
    # WILD_KEY is above every key of up to six ranks, so after one WILD_KEY is taken off
    # each wild count has a key range of its own; a second row displacement packs them.
    wild_key = 1 + max(s for m, s in key_of.items() if len(m) <= MAX_CARDS - 1)
    any_values, bug_values = wild_rank_values(rank_tables["holdem"], counts["holdem"], wild_straight)
    wild_keys = {pair: key_of[pair[0]] + (pair[1] - 1) * wild_key for pair in any_values}
    if len(set(wild_keys.values())) != len(wild_keys):
        raise SystemExit("wild keys collide")
    wild_offsets, wild_size = pack_rows(list(wild_keys.values()))
    wild_size += 1  # a spare slot, as for the rank tables
    wild_slot = {pair: k + wild_offsets[k >> ROW_SHIFT] for pair, k in wild_keys.items()}
    if len(set(wild_slot.values())) != len(wild_slot):
        raise SystemExit("wild hash collision")
    wild.append(c_array("int32_t", "pe_wild_row_offsets", wild_offsets, 8))
    for name, values in (("any", any_values), ("bug", bug_values)):
        dense = [0] * wild_size
        for pair, v in values.items():
            dense[wild_slot[pair]] = v
        wild.append(c_array("uint16_t", f"pe_wild_rank_{name}", dense))
    card_keys_wild, card_lanes_wild = wild_card_keys(wild_key)
    wild.append(c_array("uint64_t", "pe_wild_card_keys", [f"0x{k:016x}u" for k in card_keys_wild], 4))
    wild.append(c_array("uint64_t", "pe_wild_card_lanes", [f"0x{k:016x}u" for k in card_lanes_wild], 4))

    # Category runs along each value scale, for pe_category.
    runs = {
        "holdem": category_runs(holdem, HOLDEM_ORDER),
        "shortdeck": category_runs(shortdeck, SHORTDECK_ORDER),
        "shortdeck_trips": category_runs(shortdeck_trips, SHORTDECK_TRIPS_ORDER),
        "razz": category_runs(razz, PAIRING_ORDER),
        "deuce_seven": category_runs(deuce_seven, HOLDEM_ORDER),
    }
    for name, game_runs in runs.items():
        starts = [v for v, _ in game_runs] + [0] * (10 - len(game_runs))
        cats = [c for _, c in game_runs] + [-1] * (10 - len(game_runs))
        keys.append(c_array("uint16_t", f"pe_cat_start_{name}", starts))
        keys.append(c_array("int8_t", f"pe_cat_of_{name}", cats))
    # The category of every hold'em value (0 for 0), one read for the equity tallies.
    by_value = [0] * (counts["holdem"] + 1)
    for (start, category), end in zip(
        runs["holdem"], [v for v, _ in runs["holdem"][1:]] + [counts["holdem"] + 1]
    ):
        by_value[start:end] = [category] * (end - start)
    keys.append(c_array("uint8_t", "pe_category_holdem", by_value, 32))
    header = (
        f"#define PE_ROW_SHIFT {ROW_SHIFT}\n#define PE_RANK_TABLE_SIZE {size}\n"
        f"#define PE_NUM_ROWS {len(offsets)}\n"
        f"#define PE_RANK7_SHIFT {RANK7_SHIFT}\n#define PE_RANK7_TABLE_SIZE {size7 + 1}\n"
        f"#define PE_NUM_RANK7_ROWS {len(offsets7)}\n"
        f"#define PE_WILD_KEY {wild_key}u\n#define PE_WILD_TABLE_SIZE {wild_size}\n"
        f"#define PE_WILD_NUM_ROWS {len(wild_offsets)}\n"
        f"#define PE_GUARD_LANE 0x{GUARD_LANE:x}u\n#define PE_SUIT_START 0x{SUIT_START:x}ull\n"
        f"#define PE_MAX_HOLDEM {counts['holdem']}\n#define PE_MAX_SHORTDECK {counts['shortdeck']}\n"
        f"#define PE_MAX_SHORTDECK_TRIPS {counts['shortdeck-trips']}\n"
        f"#define PE_MAX_RAZZ {counts['razz']}\n#define PE_MAX_DEUCE_SEVEN {counts['deuce-seven']}\n"
    )
    texts = {
        name: "\n".join([GENERATED, f"/* {TABLE_FILES[name]} */", '#include "internal.h"', "", *parts])
        for name, parts in files.items()
    }
    return texts, header


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a generated file is stale")
    args = parser.parse_args(argv)
    bodies, sizes = render()
    targets = {HERE / name: text for name, text in bodies.items()}
    targets[HERE / "table_sizes.h"] = "/* Generated by csrc/gen_tables.py; do not edit. */\n" + sizes
    if args.check:
        stale = [p.name for p, t in targets.items() if not p.exists() or p.read_text() != t]
        if stale:
            names = ", ".join(stale)
            print(f"stale generated files: {names}; run python csrc/gen_tables.py", file=sys.stderr)
            return 1
        print("generated tables are up to date")
        return 0
    for path, t in targets.items():
        path.write_text(t)
    print(f"wrote {', '.join(p.name for p in targets)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
