"""A small-state PRNG for the game state (RULES.md E-3).

SplitMix64: one 64-bit integer of state, so a game state stays tiny to copy and to
serialise (`random.Random` carries about 7 KB of JSON). Statistically sound for shuffling
cards; not for cryptography.

A shuffle takes one SplitMix64 output as the key of a SHAKE-128 stream and runs
Fisher-Yates on its 32-bit words, with Lemire's exact rejection: uniform over every order,
and one hash call instead of a 64-bit multiply chain per card, which is what made shuffling
a deck the largest cost of setting up a round.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import MutableSequence
from hashlib import shake_128
from typing import Final, TypeVar

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_MASK32: Final = 0xFFFFFFFF
_TWO32: Final = 1 << 32
_SWAP: Final = sys.byteorder == "big"  # the stream is read as little-endian words

T = TypeVar("T")


def _words(key: int, count: int) -> array[int]:
    """``count`` uniform 32-bit words from the SHAKE-128 stream keyed by ``key``."""
    words = array("I")
    if words.itemsize != 4:  # pragma: no cover - no such platform in practice
        words = array("L")
    words.frombytes(shake_128(key.to_bytes(8, "little")).digest(4 * count))
    if _SWAP:  # pragma: no cover - big-endian machines
        words.byteswap()
    return words


class Rng:
    """SplitMix64 with unbiased bounded integers and a Fisher-Yates shuffle."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """Next 64-bit output."""
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place: Fisher-Yates, each index drawn without bias."""
        n = len(items)
        if n < 2:
            return
        words = _words(self.next64(), n)
        size = n
        w = 0
        for i in range(n - 1, 0, -1):
            bound = i + 1
            m = words[w] * bound
            w += 1
            if m & _MASK32 < bound:  # Lemire: reject the few products that would bias
                floor = (_TWO32 - bound) % bound
                while m & _MASK32 < floor:
                    if w == size:  # out of words: a fresh stream (about 1 shuffle in 10^7)
                        words, w = _words(self.next64(), n), 0
                    m = words[w] * bound
                    w += 1
            j = m >> 32
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        """An independent generator in the same state."""
        return Rng(self.state)
