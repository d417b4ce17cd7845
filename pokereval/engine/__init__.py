"""The betting engine: whole hands of poker in C, for simulators, bots and reinforcement learning.

:class:`Hand` plays one hand move by move; :class:`Tables` holds many hands in one C array
and steps them with numpy actions; :func:`read_phh` and :meth:`Hand.to_phh` read and write
hand histories (PHH).  The rules are written in csrc/pe_engine.h and docs/engine.md.

>>> from pokereval.engine import Hand
>>> hand = Hand(stacks=[100, 100], seed=1)
>>> hand.bet_or_raise_to(6); hand.fold()
>>> hand.payoffs
(2, -2)
"""

from __future__ import annotations

from .hand import GAME_NAMES, LIMIT_NAMES, Hand, Legal
from .phh import PHH_VARIANTS, load_phh, phh_fields, read_phh, read_phhs, to_phh
from .tables import ACTIONS, RandomPlay, Tables

__all__ = [
    "ACTIONS",
    "GAME_NAMES",
    "LIMIT_NAMES",
    "PHH_VARIANTS",
    "Hand",
    "Legal",
    "RandomPlay",
    "Tables",
    "load_phh",
    "phh_fields",
    "read_phh",
    "read_phhs",
    "to_phh",
]
