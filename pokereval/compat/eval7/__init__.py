"""An eval7-compatible face over pokereval: ``from pokereval.compat import eval7``.

The names of eval7 (0.1.x) with eval7's answers, computed by pokereval, in eval7's
submodules:

- ``evaluate(cards)`` gives eval7's own value: the category in bits 24 and up (0 high
  card .. 8 straight flush) and the ranks that decide, 0..12, four bits each from bit 16
  down (a straight gives only its top card, 3 for the wheel).  So stored eval7 numbers and
  ``handtype`` keep working (``eval7.evaluate``).
- ``Card``, ``Deck`` (``shuffle`` with the global ``random``, ``deal``, ``peek``,
  ``sample``), ``ranks``, ``suits`` (``eval7.cards``); ``HandRange`` with eval7's range
  syntax and weights, ``"JJ+, 0.6(AK), 40%(ATs+)"`` (``eval7.handrange``), and the range
  strings' reader and writer (``eval7.rangestring``).
- ``py_hand_vs_range_exact``, ``py_hand_vs_range_monte_carlo`` and
  ``py_all_hands_vs_range``, in eval7's argument order, on :func:`pokereval.equity`
  (``eval7.equity``).  Like eval7 they ignore range weights and answer in single precision.
- ``eval7.xorshift_rand``: eval7's random numbers, the same for the same seed.

A ``Card`` is an int whose value is the pokereval card id (eval7's ``mask``, ``rank``,
``suit``, string, hash and comparisons are all there), so a list of them goes into the
C core as it is.  eval7's own Cards are read too.

>>> hand = [Card(c) for c in ("As", "Ks", "Qs", "Js", "Ts", "2d", "3c")]
>>> evaluate(hand), handtype(evaluate(hand))
(135004160, 'Straight Flush')
>>> handtype(evaluate(map(Card, ("Kc", "Kd", "Kh", "2c", "2d"))))
'Full House'
>>> rangestring.tokens_to_string(HandRange("AKs, AQs, 0.5(22+)").tokens)
'AQs+, 50%(22+)'
"""

from __future__ import annotations

from . import cards, equity, handrange, rangestring, xorshift_rand
from .cards import Card, Deck, ranks, suits
from .equity import py_all_hands_vs_range, py_hand_vs_range_exact, py_hand_vs_range_monte_carlo
from .evaluate import evaluate, handtype
from .handrange import HandRange
from .rangestring import RangeStringError

__all__ = [
    "Card",
    "Deck",
    "HandRange",
    "RangeStringError",
    "cards",
    "equity",
    "evaluate",
    "handrange",
    "handtype",
    "py_all_hands_vs_range",
    "py_hand_vs_range_exact",
    "py_hand_vs_range_monte_carlo",
    "rangestring",
    "ranks",
    "suits",
    "xorshift_rand",
]
