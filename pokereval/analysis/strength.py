"""Hand strength: HS, PPOT, NPOT and EHS after Billings, Papp, Schaeffer and Szafron (1998),
exact against one opponent or by seeded Monte Carlo against several (csrc/analysis.c).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

import numpy as np

from .. import _core, _core_solver
from .._checks import check_samples, check_seed, whole_number
from ..cards import CardsLike
from ._read import OpponentLike, holdem_only, known_cards, opponent_combos, read_opponents

__all__ = ["DEFAULT_SAMPLES", "HandStrength", "hand_strength"]

DEFAULT_SAMPLES = 100_000
"""Monte Carlo deals :func:`hand_strength` plays when it cannot enumerate and none are given."""


@dataclass(frozen=True, repr=False)
class HandStrength:
    """HS, PPOT, NPOT and EHS of a hand (see :func:`hand_strength`).

    ``now`` holds the weight of the opponent holdings the hand is ahead of, tied with and
    behind now; ``matrix[i][j]`` that of the (holding, runout) pairs going from state i now
    to state j at the river (ahead, tied, behind): Billings et al.'s HP table.  Exact, a
    holding weighs its range weight over the range's largest (1 each without weights, so
    ``now`` counts holdings); sampled, each deal weighs 1 (``now`` counts deals).  Only their
    ratios enter HS, PPOT, NPOT and EHS.

    >>> hand_strength("AhKh", "2h7h9c", vs="QsQd:0.5, JsJd:0.25").now
    (0.0, 0.0, 1.5)

    >>> r = hand_strength("AhKh", "2h7h9c")
    >>> round(r.hs, 4), round(r.ppot, 4), round(r.npot, 4), round(r.ehs, 4)
    (0.5962, 0.4925, 0.1483, 0.7066)
    """

    hs: float
    ppot: float
    npot: float
    ehs: float
    now: tuple[float, float, float]
    matrix: tuple[tuple[float, float, float], ...]
    opponents: int
    exact: bool
    samples: int | None = None
    seed: int | None = None
    _ehs2: Callable[[], float] | float | None = field(default=None, repr=False, compare=False)

    @property
    def ehs2(self) -> float | None:
        """EHS2: the mean over every runout to the river of the squared hand strength there.

        Against one opponent (any two cards, or `vs`), exact: each river's HS (a tie
        counting half) squared, each runout weighing the opponent's holdings left on it
        (Johanson et al., 2013).  It exceeds EHS**2 by the variance, so it rewards
        draws that may come in.  Computed when first read (csrc/solver.c); None against
        several opponents.

        >>> round(hand_strength("AhKh", "2h7h9c").ehs2, 4)
        0.5763
        """
        value = self._ehs2
        if callable(value):
            value = value()
            object.__setattr__(self, "_ehs2", value)
        return value

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"{self.samples:,} samples, seed {self.seed}"
        return (
            f"<HandStrength HS {self.hs:.4f} PPOT {self.ppot:.4f} NPOT {self.npot:.4f} EHS {self.ehs:.4f}"
            f" ({self.opponents} opponent{'s' * (self.opponents > 1)}, {how})>"
        )


def _strength(now: Sequence[float], potential: Sequence[float]) -> tuple[float, float, float, float]:
    """HS, PPOT, NPOT and EHS from the counts, as Billings et al. (1998) define them."""
    ahead, tied, behind = now
    hs = (ahead + tied / 2) / (ahead + tied + behind)
    hp = [potential[3 * i : 3 * i + 3] for i in range(3)]
    total = [sum(row) for row in hp]
    a, t, b = 0, 1, 2
    up = total[b] + total[t] / 2
    down = total[a] + total[t] / 2
    ppot = (hp[b][a] + hp[b][t] / 2 + hp[t][a] / 2) / up if up else 0.0
    npot = (hp[a][b] + hp[t][b] / 2 + hp[a][t] / 2) / down if down else 0.0
    return hs, ppot, npot, hs * (1 - npot) + (1 - hs) * ppot


def hand_strength(
    hole: CardsLike,
    board: CardsLike,
    *,
    opponents: int = 1,
    vs: Sequence[OpponentLike] | OpponentLike | None = None,
    samples: int | None = None,
    seed: int | None = None,
    dead: CardsLike | None = None,
    game: str = "holdem",
) -> HandStrength:
    """Hand strength and hand potential as defined by Billings, Papp, Schaeffer and Szafron.

    D. Billings, D. Papp, J. Schaeffer and D. Szafron, "Opponent Modeling in Poker", AAAI-98,
    pp. 493-499 (1998), and Papp's thesis "Dealing with Imperfect Information in Poker" (1998):

    - HS, hand strength: the share of the opponent's possible holdings the hand beats on the
      board as it is, a tie counting half;
    - PPOT, positive potential: the chance that a hand behind now (tied counting half) is ahead
      at the river; NPOT, negative potential: the chance that a hand ahead now (tied counting
      half) is behind at the river.  Over every holding and every runout to the river:
      PPOT = (HP[behind][ahead] + HP[behind][tied]/2 + HP[tied][ahead]/2)
      / (HPTotal[behind] + HPTotal[tied]/2), and NPOT the mirror image;
    - EHS, effective hand strength: HS * (1 - NPOT) + (1 - HS) * PPOT.

    Board: a flop, turn or river (on the river both potentials are 0).  Against one opponent
    holding any two unseen cards (``opponents=1``, no `vs`), or one opponent's hand or range
    (`vs`), the core enumerates every holding and every runout (on the flop 1,081 holdings x
    990 runouts).  Against several opponents (``opponents=n`` random hands, or `vs` listing n
    hands or ranges), or whenever `samples` is given, it plays `samples` seeded random deals
    (default :data:`DEFAULT_SAMPLES`): "ahead" then means above every opponent and "tied"
    level with the best of them.

    >>> hand_strength("AhKh", "2h7h9c")
    <HandStrength HS 0.5962 PPOT 0.4925 NPOT 0.1483 EHS 0.7066 (1 opponent, exact)>
    >>> r = hand_strength("AhKh", "2h7h9c", opponents=3, samples=20_000, seed=1)
    >>> 0.19 < r.hs < 0.23, r.exact  # ahead of all three: about 0.5962 ** 3
    (True, False)
    """
    holdem_only(game, "hand_strength")
    hole_ids, board_ids, dead_ids = known_cards(hole, board, dead)
    if len(board_ids) not in (3, 4, 5):
        raise ValueError(
            f"hand_strength needs a flop, turn or river (3 to 5 board cards), got {len(board_ids)}"
        )
    count = whole_number(opponents)  # numpy's integers too, as everywhere an int goes; no bool
    if count is None:
        raise TypeError(f"opponents must be an int, got {type(opponents).__name__}")
    opponents = count
    samples = check_samples(samples)
    seed = check_seed(seed)
    ranges = None
    if vs is not None:
        known = [("the hole cards", hole_ids), ("the board", board_ids), ("the dead cards", dead_ids)]
        ranges = opponent_combos(read_opponents(vs, known), known)
        if opponents not in (1, len(ranges)):
            raise ValueError(
                f"opponents={opponents} but vs lists {len(ranges)} opponent{'s' * (len(ranges) != 1)}"
            )
        opponents = len(ranges)
    if not 1 <= opponents <= 9:
        raise ValueError(f"opponents must be 1 to 9, got {opponents}")
    ehs2: Callable[[], float] | None = None
    if opponents == 1:
        one = ranges[0] if ranges is not None else (None, None)
        # A partial, not a lambda, so that a result pickles before ehs2 is first read.
        ehs2 = partial(_core_solver.hand_ehs2, hole_ids, board_ids, dead_ids, *one)
    if opponents == 1 and samples is None:
        combos = weights = None
        if ranges is not None:
            combos, weights = ranges[0]
        rc, now, potential = _core.hand_strength(hole_ids, board_ids, dead_ids, combos, weights)
        used_seed = None
    else:
        samples = DEFAULT_SAMPLES if samples is None else samples
        used_seed = seed if seed is not None else int.from_bytes(os.urandom(8), "little")
        combos = cumulative = counts = None
        if ranges is not None:
            combos = np.ascontiguousarray(np.concatenate([ids for ids, _ in ranges]))
            cumulative = np.ascontiguousarray(np.concatenate([np.cumsum(w) for _, w in ranges]))
            counts = np.array([len(ids) for ids, _ in ranges], dtype=np.uint32)
        rc, now, potential = _core.hand_strength_sampled(
            hole_ids, board_ids, dead_ids, opponents, combos, cumulative, counts, samples, used_seed
        )
    if rc == _core.ERR_DUPLICATE:
        raise ValueError(
            "the opponents' hands leave no deal (or, sampling, almost none) without a card twice"
        )
    if rc == _core.ERR_COUNT:
        raise ValueError(
            f"not enough live cards for {opponents} opponent{'s' * (opponents != 1)} and the runout"
        )
    if rc != 0:  # pragma: no cover  (checked above)
        raise _core.error(rc, f"hand_strength: core error {rc}")
    hs, ppot, npot, ehs = _strength(now, potential)
    matrix = tuple((potential[3 * i], potential[3 * i + 1], potential[3 * i + 2]) for i in range(3))
    return HandStrength(
        hs,
        ppot,
        npot,
        ehs,
        (now[0], now[1], now[2]),
        matrix,
        opponents,
        used_seed is None,
        samples,
        used_seed,
        ehs2,
    )
