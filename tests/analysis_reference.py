"""Slow enumerations of outs, draws, odds, category counts and hand strength, from the rules.

The oracle of tests/test_analysis.py.  Like tests/reference.py (the evaluator it uses) it imports
nothing from pokereval, and it prefers plain loops that state a rule over anything fast.  Cards are
ids 0..51 (4 * rank + suit), hands lists of ids.

The definitions (the same as pokereval.analysis documents):

- an out, without opponents: an unseen card after which the hand's category is higher than now,
  through the player's own cards: what makes the new hand's category (its pairs, trips or quads, or
  all five cards of a straight, flush or full house) beats what makes the board's with that card
  alone; a card that only pairs the board (its rank on the board, in neither hole card) gives every
  player that pair, so it is no out when the pair is all it adds (a pair, or the player's pair made
  two pair), and one when it fills a full house or makes a flush;
- against opponents: a card after which the hand beats every opponent (a win) or is level with the
  best (a tie); a tainted out is an out of the first kind after which some opponent that did not
  beat the new hand before the card beats it after;
- the chance to hit by the river: the share of the runouts to the river (every set of 5 - board
  cards of the unseen ones) holding at least one out;
- HS, PPOT, NPOT, EHS: Billings, Papp, Schaeffer and Szafron (1998), ties counting half.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

import reference as ref

DECK = range(52)


def category(cards: Sequence[int]) -> int:
    """Hold'em category of 1..7 cards: under five cards only pairing counts."""
    if len(cards) >= 5:
        return ref.category_of(cards)
    sizes = sorted(Counter(ref.rank_of(c) for c in cards).values(), reverse=True)
    if sizes[0] == 4:
        return ref.FOUR_OF_A_KIND
    if sizes[0] == 3:
        return ref.THREE_OF_A_KIND
    if sizes[0] == 2:
        return ref.TWO_PAIR if len(sizes) > 1 and sizes[1] == 2 else ref.ONE_PAIR
    return ref.HIGH_CARD


def unseen(*known: Iterable[int]) -> list[int]:
    seen = {c for cards in known for c in cards}
    return [c for c in DECK if c not in seen]


def hit_by_river(live: Sequence[int], outs: set[int], to_come: int) -> float:
    """Share of the runouts of `to_come` cards from `live` holding an out (enumerated)."""
    runouts = list(combinations(live, to_come))
    return sum(1 for run in runouts if outs & set(run)) / len(runouts)


def made(cards: Sequence[int]) -> tuple[int, ...]:
    """What makes the category of 1..7 cards, kickers left out: the category, then the ranks of its
    pairs, trips or quads (high first, more of a rank first), or for a straight, flush, full house
    or straight flush all of its best five."""
    value = ref.best_high(cards) if len(cards) >= 5 else (category(cards),)
    kind = value[0]
    if kind in (ref.STRAIGHT, ref.FLUSH, ref.FULL_HOUSE, ref.STRAIGHT_FLUSH, ref.ROYAL_FLUSH):
        return value
    keep = {ref.ONE_PAIR: 1, ref.TWO_PAIR: 2, ref.THREE_OF_A_KIND: 1, ref.FOUR_OF_A_KIND: 1}.get(kind, 0)
    counts = Counter(ref.rank_of(c) for c in cards)
    groups = sorted(((n, r) for r, n in counts.items() if n > 1), reverse=True)[:keep]
    return (kind, *(r for _, r in groups))


def improving_outs(hole: Sequence[int], board: Sequence[int], dead: Sequence[int] = ()) -> set[int]:
    now = category([*hole, *board])
    found = set()
    board_ranks = {ref.rank_of(c) for c in board}
    hole_ranks = {ref.rank_of(c) for c in hole}
    for card in unseen(hole, board, dead):
        new = category([*hole, *board, card])
        only_pairs_the_board = ref.rank_of(card) in board_ranks - hole_ranks
        if (
            new > now
            and made([*hole, *board, card]) > made([*board, card])
            and not (only_pairs_the_board and new == ref.TWO_PAIR)
        ):
            found.add(card)
    return found


def outs_against(
    hole: Sequence[int], board: Sequence[int], opponents: Sequence[Sequence[int]], dead: Sequence[int] = ()
) -> tuple[set[int], set[int], set[int], float]:
    """(wins, ties, tainted, chance a win comes by the river) against opponents' known hands."""
    live = unseen(hole, board, dead, *opponents)
    improving = improving_outs(hole, board, dead)
    wins, ties, tainted = set(), set(), set()
    for card in live:
        ours = ref.best_high([*hole, *board, card])
        theirs = [ref.best_high([*opp, *board, card]) for opp in opponents]
        before = [ref.best_high([*opp, *board]) for opp in opponents]
        if ours > max(theirs):
            wins.add(card)
        elif ours == max(theirs):
            ties.add(card)
        elif card in improving and any(t > ours >= b for t, b in zip(theirs, before)):
            tainted.add(card)
    return wins, ties, tainted, hit_by_river(live, wins, 5 - len(board))


def straight_ranks(ranks: set[int]) -> int | None:
    """Top rank of the best straight among the ranks (the wheel 5-4-3-2-A tops at the five), or None."""
    for top in range(ref.ACE, 3, -1):
        if set(range(top - 4, top + 1)) <= ranks:
            return top
    return 3 if {ref.ACE, 0, 1, 2, 3} <= ranks else None


def draws(hole: Sequence[int], board: Sequence[int]) -> dict[str, set[int]]:
    """Draw kind -> completing cards, from the rules written in pokereval.analysis.draws."""
    live = unseen(hole, board)
    cards = [*hole, *board]
    now = category(cards)
    found: dict[str, set[int]] = {}
    if now < ref.FLUSH:
        for suit in range(4):
            mine = sum(1 for c in hole if ref.suit_of(c) == suit)
            total = sum(1 for c in cards if ref.suit_of(c) == suit)
            suited = {c for c in live if ref.suit_of(c) == suit}
            if mine and total == 4:
                found.setdefault("FLUSH_DRAW", set()).update(suited)
            elif mine and total == 3 and len(board) == 3:
                found.setdefault("BACKDOOR_FLUSH_DRAW", set()).update(suited)
    if now < ref.STRAIGHT:
        ranks = {ref.rank_of(c) for c in cards}
        board_ranks = {ref.rank_of(c) for c in board}
        fills = set()
        for rank in set(range(13)) - ranks:
            top = straight_ranks(ranks | {rank})
            board_top = straight_ranks(board_ranks | {rank})
            if top is not None and (board_top is None or top > board_top):
                fills.add(rank)
        # Open-ended: four ranks in a row (the ace also below the deuce) with a fill at each end.
        low_ace = [ref.ACE, *range(13)]  # position -> rank
        open_ended = any(
            low_ace[p] in fills
            and low_ace[p + 5] in fills
            and all(low_ace[p + i] in ranks for i in range(1, 5))
            for p in range(9)
        )
        completing = {c for c in live if ref.rank_of(c) in fills}
        if fills:
            kind = (
                "OPEN_ENDED_STRAIGHT_DRAW"
                if open_ended
                else "DOUBLE_GUTSHOT"
                if len(fills) > 1
                else "GUTSHOT"
            )
            found[kind] = completing
        top_board = max(ref.rank_of(c) for c in board)
        r0, r1 = (ref.rank_of(c) for c in hole)
        if r0 != r1 and min(r0, r1) > top_board:
            found["OVERCARDS"] = {c for c in live if ref.rank_of(c) in (r0, r1)}
    return found


def odds(hole: Sequence[int], board: Sequence[int], dead: Sequence[int] = ()) -> Counter[int]:
    """Runouts ending in each category, every runout of the unseen cards played."""
    live = unseen(hole, board, dead)
    return Counter(ref.category_of([*hole, *board, *run]) for run in combinations(live, 5 - len(board)))


def shortdeck_odds(hole: Sequence[int], board: Sequence[int]) -> Counter[int]:
    live = [c for c in unseen(hole, board) if ref.rank_of(c) >= ref.SIX]
    return Counter(
        ref.shortdeck_category(ref.best_shortdeck([*hole, *board, *run]))
        for run in combinations(live, 5 - len(board))
    )


def category_counts(k: int, *, shortdeck: bool = False) -> Counter[int]:
    """Categories of every k-card hand of the 52-card (or 36-card) deck, counted by classes.

    A hand's category depends only on its ranks and on which of them lie in a suit holding five
    or more of its cards (with at most 7 cards only one suit can).  So for each multiset of ranks
    the hands split into: for each suit and each set S of at least five of its distinct ranks, the
    hands whose cards of that suit are exactly S, and all the others, which have no flush and the
    category of their ranks alone.  Each class is counted by the suit choices it allows and valued
    once, on a representative hand, by the reference evaluator.
    """
    ranks = list(range(ref.SIX if shortdeck else 0, 13))

    def value(cards: list[int]) -> int:
        if shortdeck:
            return ref.shortdeck_category(ref.best_shortdeck(cards))
        return ref.category_of(cards)

    total: Counter[int] = Counter()
    for counts in _rank_multisets(ranks, k):
        every = math.prod(math.comb(4, n) for _, n in counts)
        flushes = 0
        distinct = [r for r, _ in counts]
        for size in range(5, len(distinct) + 1):
            for suited in combinations(distinct, size):
                # Cards of suited ranks: one in the flush suit, the rest in the 3 others.
                ways = 4 * math.prod(math.comb(3, n - (r in suited)) for r, n in counts)
                if ways:
                    cards = [4 * r + s for r, n in counts for s in _suits(r in suited, n)]
                    total[value(cards)] += ways
                    flushes += ways
        if every > flushes:
            total[value(_spread(counts))] += every - flushes
    return total


def _suits(suited: bool, n: int) -> list[int]:
    """Suits for n cards of one rank: suit 0 (the flush suit) first if suited, else from 1..3."""
    return [0, *range(1, n)] if suited else list(range(1, n + 1))


def _spread(counts: list[tuple[int, int]]) -> list[int]:
    """A hand of these ranks with no five cards of a suit: each card to the emptiest suit."""
    held = [0, 0, 0, 0]
    cards = []
    for r, n in counts:
        for s in sorted(range(4), key=lambda s: held[s])[:n]:
            held[s] += 1
            cards.append(4 * r + s)
    return cards


def _rank_multisets(ranks: list[int], k: int) -> Iterable[list[tuple[int, int]]]:
    """Every multiset of k ranks (each at most 4 times) as (rank, times) pairs."""
    if k == 0:
        yield []
        return
    if not ranks:
        return
    first, rest = ranks[0], ranks[1:]
    for n in range(min(4, k), -1, -1):
        for tail in _rank_multisets(rest, k - n):
            yield ([(first, n)] if n else []) + tail


def razz_counts(k: int) -> Counter[int]:
    """Pairing classes of the best A-5 low five of every k-card hand (suits never matter in razz)."""
    total: Counter[int] = Counter()
    for counts in _rank_multisets(list(range(13)), k):
        cards = [4 * r + s for r, n in counts for s in range(n)]
        # razz values are negated high values: the first element is minus the pairing category.
        total[-ref.razz(cards)[0]] += math.prod(math.comb(4, n) for _, n in counts)
    return total


def hand_strength(
    hole: Sequence[int],
    board: Sequence[int],
    dead: Sequence[int] = (),
    holdings: Sequence[tuple[tuple[int, int], float]] | None = None,
) -> tuple[float, float, float, float]:
    """HS, PPOT, NPOT, EHS against one opponent (Billings et al. 1998), ties counting half.

    The opponent holds any two unseen cards, or one of `holdings` (cards, weight); holdings that
    touch a known card are never dealt.  Every holding is played against every runout of the
    cards left to the river.
    """
    live = unseen(hole, board, dead)
    if holdings is None:
        holdings = [(opp, 1.0) for opp in combinations(live, 2)]
    holdings = [(opp, w) for opp, w in holdings if set(opp) <= set(live)]
    ahead, tied, behind = 0, 1, 2
    now_count = [0.0, 0.0, 0.0]
    hp = [[0.0, 0.0, 0.0] for _ in range(3)]
    ours_now = ref.best_high([*hole, *board])
    ours_at: dict[tuple[int, ...], tuple[int, ...]] = {}
    for opp, weight in holdings:
        theirs = ref.best_high([*opp, *board])
        now = ahead if ours_now > theirs else tied if ours_now == theirs else behind
        now_count[now] += weight
        rest = [c for c in live if c not in opp]
        for run in combinations(rest, 5 - len(board)):
            if run not in ours_at:
                ours_at[run] = ref.best_high([*hole, *board, *run])
            ours = ours_at[run]
            theirs = ref.best_high([*opp, *board, *run])
            hp[now][ahead if ours > theirs else tied if ours == theirs else behind] += weight
    total = [sum(row) for row in hp]
    hs = (now_count[ahead] + now_count[tied] / 2) / sum(now_count)
    up = total[behind] + total[tied] / 2
    down = total[ahead] + total[tied] / 2
    ppot = (hp[behind][ahead] + hp[behind][tied] / 2 + hp[tied][ahead] / 2) / up if up else 0.0
    npot = (hp[ahead][behind] + hp[tied][behind] / 2 + hp[ahead][tied] / 2) / down if down else 0.0
    return hs, ppot, npot, hs * (1 - npot) + (1 - hs) * ppot
