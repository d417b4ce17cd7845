"""What can still happen to a hand: outs, draws, odds by the river, category tables, hand strength.

Thin readers of the C core (csrc/analysis.c): every figure is counted there, by enumerating
runouts, opponent holdings or random hands; this module reads the cards, words the errors and
wraps the counts in small immutable results; one module a feature.

- :func:`outs`: the cards that improve a hand on the flop or turn, or that win against given
  opponents, with the exact chance to hit them and the rule of 2 and 4 beside it.
- :func:`draws`: flush, backdoor flush, open-ended and gutshot straight draws and overcards.
- :func:`odds`: the chance of finishing with each category by the river.
- :func:`category_table`: how often a random hand of 5, 6 or 7 cards is in each category.
- :func:`hand_strength`: HS, PPOT, NPOT and EHS (Billings, Papp, Schaeffer and Szafron, 1998),
  and EHS2 (Johanson, Burch, Valenzano and Bowling, 2013).

Hold'em throughout; odds also for the short deck and Omaha, category tables also for the short
deck, stud, razz and deuce-to-seven.  Other games raise a ValueError that names them.
"""

from __future__ import annotations

from .categories import CategoryRow, CategoryTable, category_table
from .draws import Draw, DrawKind, Draws, draws
from .odds import Odds, odds
from .outs import Out, Outs, outs
from .strength import DEFAULT_SAMPLES, HandStrength, hand_strength

__all__ = [
    "DEFAULT_SAMPLES",
    "CategoryRow",
    "CategoryTable",
    "Draw",
    "DrawKind",
    "Draws",
    "HandStrength",
    "Odds",
    "Out",
    "Outs",
    "category_table",
    "draws",
    "hand_strength",
    "odds",
    "outs",
]
