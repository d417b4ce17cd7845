"""eval7.xorshift_rand: eval7's own random numbers (xorshift1024*), the same numbers for
the same seed.

eval7 seeds a 1024-bit state from one 64-bit seed with xorshift64* and draws from it with
xorshift1024* (Vigna's generators, as eval7's xorshift_rand.pyx has them).  The state is
one per process, seeded from the clock on import, as eval7's is.

>>> seed(1)
>>> [randint(100) for _ in range(8)]
[27, 80, 82, 98, 49, 2, 71, 38]
>>> random()
0.8214409852220459
"""

from __future__ import annotations

import operator
import struct
import time
from typing import Any, SupportsIndex

__all__ = ["MAX_ULONG", "randint", "random", "seed"]

MAX_ULONG = 4294967295  # eval7's name and value: a seed is taken modulo this

_MASK = (1 << 64) - 1  # eval7 works in a C unsigned long: 64 bits
_state = [0] * 16
_index = 0


def _reseed(value: int) -> None:
    """Fill the 16 words of state from one seed with xorshift64* (eval7's cy_seed)."""
    global _index
    word = value & _MASK
    for i in range(16):
        _state[i] = word
        word ^= word >> 12
        word ^= (word << 25) & _MASK
        word ^= word >> 27
        word = (word * 2685821657736338717) & _MASK
    _index = 0


def _next() -> int:
    """One 64-bit draw of xorshift1024*."""
    global _index
    s0 = _state[_index]
    _index = (_index + 1) & 15
    s1 = _state[_index]
    s1 ^= (s1 << 31) & _MASK
    s1 ^= s1 >> 11
    s0 ^= s0 >> 30
    _state[_index] = s0 ^ s1
    return (_state[_index] * 1181783497276652981) & _MASK


def randint(n: SupportsIndex) -> int:
    """A random integer 0 <= x < n (n a positive C int, below 2**31).

    >>> seed(7)
    >>> sorted({randint(3) for _ in range(50)})
    [0, 1, 2]
    """
    if not isinstance(n, int):
        # An integer that says so by __index__ (numpy's), as eval7's C int takes one.
        if isinstance(n, float) or not hasattr(type(n), "__index__"):
            raise TypeError(f"an integer is required, got {type(n).__name__}")
        n = operator.index(n)
    if n >= 1 << 31:
        raise OverflowError(f"randint({n}): value too large to convert to int")
    if n == 0:
        raise ZeroDivisionError("randint(0): n must be at least 1")
    if n < 0:
        raise ValueError(f"randint({n}): n must be at least 1")
    return _next() % n


def random() -> float:
    """A random float in [0, 1]: a 64-bit draw over 2**64 - 1.

    >>> seed(3)
    >>> 0.0 <= random() <= 1.0
    True
    """
    return float(_next()) / float(_MASK)


def seed(seed: Any = None) -> None:
    """Seed the generator (with the clock when no seed is given), as eval7 does: the seed
    modulo MAX_ULONG starts the state.

    >>> seed(12345678901234)
    >>> [randint(1000) for _ in range(4)]
    [524, 482, 820, 748]
    """
    if seed is None:
        seed = struct.unpack("q", struct.pack("d", time.time()))[0]
    _reseed(int(seed % MAX_ULONG))


seed()
