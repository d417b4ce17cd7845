"""The error the shims raise for a card that is none: the peers raise KeyError (a failed
lookup in their tables), pokereval raises ValueError; CardError is both, so code written for
either catches it, and its words say what is wrong.
"""

from __future__ import annotations

__all__ = ["CardError", "CountError"]


class _PeerKeyError(ValueError, KeyError):
    """A ValueError that is also the KeyError a peer raises for the same input."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""  # not KeyError's quoted repr


class CountError(_PeerKeyError):
    """A hand of a count treys cannot score (it looks its evaluator up by the count, 5, 6 or 7,
    and raises KeyError for any other): a KeyError, as treys raises, and a ValueError.

    >>> isinstance(CountError("treys evaluates 5 to 7 cards, got 4"), KeyError)
    True
    """


class CardError(_PeerKeyError):
    """A card id outside 0..51 or a text that names no card: a KeyError, as the peers raise,
    and a ValueError, with words that say what is wrong.

    >>> try:
    ...     raise CardError("card id 60 out of range 0..51")
    ... except KeyError as error:
    ...     print(error)
    card id 60 out of range 0..51
    """
