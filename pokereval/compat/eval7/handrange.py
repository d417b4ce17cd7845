"""eval7.handrange: ``HandRange``, a range string read into weighted hands.

>>> from pokereval.compat.eval7.handrange import HandRange
>>> len(HandRange("AJ+, ATs, KQ+, 33-JJ, 0.8(QQ+, KJs)"))
144
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...ranges import Range
from .rangestring import Hand, string_to_hands, string_to_tokens

__all__ = ["HandRange"]


class HandRange:
    """eval7's weighted range: ``hands`` lists ((Card, Card), weight) in eval7's order.

    >>> r = HandRange("QQ+, 0.5(AKs), 40%(A5s-A2s), AhKd")
    >>> len(r), r.tokens[:4], r.hands[-1]
    (39, [('QQ', 1.0), ('KK', 1.0), ('AA', 1.0), ('AKs', 0.5)], ((Card("Ah"), Card("Kd")), 1.0))
    """

    # (the hands it was made of, the options as a pokereval Range), made on first use
    _range: tuple[tuple[Any, ...], Range] | None = None

    def __init__(self, s: str) -> None:
        self.string = s
        self.tokens = string_to_tokens(s)
        self.hands: list[tuple[Hand, float]] = string_to_hands(s)

    def __iter__(self) -> Iterator[tuple[Hand, float]]:
        return iter(self.hands)

    def __len__(self) -> int:
        return len(self.hands)
