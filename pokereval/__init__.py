"""pokereval: exact, fast poker hand evaluation with a C core.

>>> import pokereval
>>> r = pokereval.evaluate("A♣ 2♣", board="K♠ K♥ Q♦ Q♣ J♠")
>>> r.category.name, " ".join(map(str, r.best_five)), r.describe()
('TWO_PAIR', 'Ks Kh Qd Qc Ac', 'Two pair, kings and queens, ace kicker')
>>> pokereval.compare("A♣ 2♣", "K♦ 9♦", board="K♠ K♥ Q♦ Q♣ J♠")
-1
"""

from __future__ import annotations

from . import _html
from ._version import __version__
from .analysis import (
    CategoryRow,
    CategoryTable,
    Draw,
    DrawKind,
    Draws,
    HandStrength,
    Odds,
    Out,
    Outs,
    category_table,
    draws,
    hand_strength,
    odds,
    outs,
)
from .api import compare, enumerate_counts, evaluate, evaluate_batch
from .cards import RANKS, SUITS, Card, card_ids, format_cards, parse_cards
from .equity import CategoryShare, EquityResult, equity
from .games import GAMES, GameSpec, game_spec
from .ranges import Range
from .rank import Category, HandRank
from .showdown import Pot, Settlement, ShowdownResult, settle, showdown
from .tables import HAND_CLASSES, StartingHand, class_equity, preflop_equity, starting_hand_rank

_html.register()

__all__ = [
    "GAMES",
    "HAND_CLASSES",
    "RANKS",
    "SUITS",
    "Card",
    "Category",
    "CategoryRow",
    "CategoryShare",
    "CategoryTable",
    "Draw",
    "DrawKind",
    "Draws",
    "EquityResult",
    "GameSpec",
    "HandRank",
    "HandStrength",
    "Odds",
    "Out",
    "Outs",
    "Pot",
    "Range",
    "Settlement",
    "ShowdownResult",
    "StartingHand",
    "__version__",
    "card_ids",
    "category_table",
    "class_equity",
    "compare",
    "draws",
    "enumerate_counts",
    "equity",
    "evaluate",
    "evaluate_batch",
    "format_cards",
    "game_spec",
    "hand_strength",
    "odds",
    "outs",
    "parse_cards",
    "preflop_equity",
    "settle",
    "showdown",
    "starting_hand_rank",
]
