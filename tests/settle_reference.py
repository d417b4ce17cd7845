"""Slow, obviously-correct pot settlement written from the rules: the oracle for pokereval.settle.

It imports nothing from pokereval.  It is given hand strengths already worked out (any values
that compare, greater is better, e.g. from tests/reference.py), so it checks the chip logic alone
and shares no code, and no algorithm, with csrc/showdown.c (pe_settle): that walks the contenders once
with running maxima and capped sums; this cuts the chips into one-chip-high layers and builds the
pots from them.

The rules, as written in csrc/pokereval.h and in the settle docstring:

1. Uncalled bet.  The top contributor's chips above the second-highest contribution (of any seat,
   folded or not) were matched by nobody; they go back to the seat that put them in.
2. Layers.  What is left is cut into layers one chip high: layer h (h = 1, 2, ...) holds one chip
   from every seat that put in at least h chips.  A layer can be won by the seats still in the hand
   (not folded) that paid into it; those are its eligible seats.
3. Pots.  Consecutive layers with the same eligible seats make one pot: the main pot is the lowest,
   side pots follow.  Layers that no seat still in the hand paid into (only folded seats reached
   them) belong to the highest pot below them.
4. Winners.  Each pot goes to its eligible seats with the greatest strength, shared evenly; the
   chips that do not divide evenly are handed out one at a time to those winners in odd-chip order
   (seat order 0, 1, 2, ... unless an order is given).
5. Dead money (antes, dead blinds, chips of players who left) is one more layer, under every
   live layer: all of it goes in one layer that every contender (a seat that did not fold and put
   in chips, live or dead, or that shows a hand: its strength is given) can win, so it lands in
   the main pot.  It is never part of the
   uncalled bet of rule 1 and never counts as having matched anything.
6. Hi-lo.  If some eligible seat of a pot has a qualifying low (a low strength that is not None),
   the pot is halved: the low half (rounded down) goes to the best lows, the rest to the best high
   hands, each half shared as in 4.  Otherwise the high hands take it all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RefPot:
    """One pot as the rules make it."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    low_amount: int
    shares: tuple[int, ...]  # what each seat took from this pot


@dataclass(frozen=True)
class RefSettlement:
    """Payouts per seat, the pots from the main pot up, and (seat, chips) of an uncalled bet."""

    payouts: list[int]
    pots: list[RefPot]
    uncalled: tuple[int, int] | None


def _give(amount: int, winners: Sequence[int], order: Sequence[int], payouts: list[int]) -> None:
    """Share amount evenly among winners; the leftover chips one at a time in odd-chip order."""
    share = amount // len(winners)
    for seat in winners:
        payouts[seat] += share
    leftover = amount - share * len(winners)
    in_order = [seat for seat in order if seat in winners]
    for i in range(leftover):
        payouts[in_order[i]] += 1


def _best(seats: Sequence[int], strength: Sequence[Any]) -> tuple[int, ...]:
    """The seats among `seats` whose strength is the greatest (strength None never wins)."""
    candidates = [seat for seat in seats if strength[seat] is not None]
    if not candidates:
        return ()
    top = max(strength[seat] for seat in candidates)
    return tuple(seat for seat in candidates if strength[seat] == top)


def settle_reference(
    contributions: Sequence[int],
    strengths: Sequence[Any],
    folded: Sequence[bool],
    *,
    low_strengths: Sequence[Any] | None = None,
    odd_chip_order: Sequence[int] | None = None,
    dead: Sequence[int] | None = None,
) -> RefSettlement:
    """Settle from the rules.  strengths[i] is seat i's high-hand strength (None if it folded or
    is not needed); low_strengths, for hi-lo, its low strength or None when it has no qualifying
    low; dead[i], if given, seat i's dead money.  Raises ValueError when chips are matched but
    nobody is left in the hand to win them.
    """
    n = len(contributions)
    chips = list(contributions)
    order = list(range(n)) if odd_chip_order is None else list(odd_chip_order)
    payouts = [0] * n

    # 1. The uncalled bet.
    uncalled = None
    if n and max(chips) > 0:
        by_size = sorted(chips, reverse=True)
        second = by_size[1] if n > 1 else 0
        maker = chips.index(by_size[0])
        if chips[maker] > second:
            uncalled = (maker, chips[maker] - second)
            payouts[maker] += chips[maker] - second
            chips[maker] = second

    # 2. One-chip layers: (chips in the layer, the seats still in that paid into it), with the dead
    #    money (rule 5) as one layer under them all.
    layers = []
    dead = [0] * n if dead is None else list(dead)
    if sum(dead):
        contenders = tuple(
            s
            for s in range(n)
            if not folded[s] and (contributions[s] > 0 or dead[s] > 0 or strengths[s] is not None)
        )
        layers.append((sum(dead), contenders))
    for height in range(1, max(chips, default=0) + 1):
        payers = [seat for seat in range(n) if chips[seat] >= height]
        eligible = tuple(seat for seat in payers if not folded[seat])
        layers.append((len(payers), eligible))

    # 3. Pots: runs of layers with the same eligible seats; layers nobody still in paid into go to
    #    the pot below.
    pots: list[list[Any]] = []  # [amount, eligible]
    for size, eligible in layers:
        if not eligible:
            if not pots:
                raise ValueError("chips were matched but every seat that paid in has folded")
            pots[-1][0] += size
        elif pots and pots[-1][1] == eligible:
            pots[-1][0] += size
        else:
            pots.append([size, eligible])

    # 4 and 6. Winners of each pot.
    result = []
    for amount, eligible in pots:
        winners = _best(eligible, strengths)
        low_winners = _best(eligible, low_strengths) if low_strengths is not None else ()
        low_amount = amount // 2 if low_winners else 0
        shares = [0] * n
        _give(amount - low_amount, winners, order, shares)
        if low_winners:
            _give(low_amount, low_winners, order, shares)
        payouts = [paid + share for paid, share in zip(payouts, shares)]
        result.append(RefPot(amount, eligible, winners, low_winners, low_amount, tuple(shares)))
    return RefSettlement(payouts, result, uncalled)
