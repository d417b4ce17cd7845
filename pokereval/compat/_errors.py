"""The error the shims raise for a card that is none: the peers raise KeyError (a failed
lookup in their tables), pokereval raises ValueError; CardError is both, so code written for
either catches it, and its words say what is wrong.
"""

from __future__ import annotations

__all__ = ["CardError"]


class CardError(ValueError, KeyError):
    """A card id outside 0..51 or a text that names no card: a KeyError, as the peers raise,
    and a ValueError, with words that say what is wrong.

    >>> try:
    ...     raise CardError("card id 60 out of range 0..51")
    ... except KeyError as error:
    ...     print(error)
    card id 60 out of range 0..51
    """

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""  # not KeyError's quoted repr
