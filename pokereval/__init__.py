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
from . import abstraction as abstraction  # the card abstraction, pokereval.abstraction.buckets
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
from .icm import ICMEquity, icm
from .ranges import Range
from .rank import Category, HandRank
from .showdown import Pot, Settlement, ShowdownResult, settle, showdown
from .solver import (
    Canonical,
    ComboEquity,
    ComboMatrix,
    EquityDistribution,
    Flop,
    canonical,
    combo_equity,
    combo_index,
    combos,
    equity_distribution,
    equity_matrix,
    flop_report,
    flops,
    showdown_matrix,
)
from .tables import HAND_CLASSES, StartingHand, class_equity, preflop_equity, starting_hand_rank

_html.register()

__all__ = [
    "GAMES",
    "HAND_CLASSES",
    "RANKS",
    "SUITS",
    "Canonical",
    "Card",
    "Category",
    "CategoryRow",
    "CategoryShare",
    "CategoryTable",
    "ComboEquity",
    "ComboMatrix",
    "Draw",
    "DrawKind",
    "Draws",
    "EquityDistribution",
    "EquityResult",
    "Flop",
    "GameSpec",
    "HandRank",
    "HandStrength",
    "ICMEquity",
    "Odds",
    "Out",
    "Outs",
    "Pot",
    "Range",
    "Settlement",
    "ShowdownResult",
    "StartingHand",
    "__version__",
    "canonical",
    "card_ids",
    "category_table",
    "class_equity",
    "combo_equity",
    "combo_index",
    "combos",
    "compare",
    "draws",
    "enumerate_counts",
    "equity",
    "equity_distribution",
    "equity_matrix",
    "evaluate",
    "evaluate_batch",
    "flop_report",
    "flops",
    "format_cards",
    "game_spec",
    "hand_strength",
    "icm",
    "odds",
    "outs",
    "parse_cards",
    "preflop_equity",
    "settle",
    "showdown",
    "showdown_matrix",
    "starting_hand_rank",
]
