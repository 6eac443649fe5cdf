"""A small-state PRNG for the game state (RULES.md E-3).

SplitMix64: one 64-bit integer of state, so a game state stays tiny to copy and to
serialise (`random.Random` carries about 7 KB of JSON). Statistically sound for shuffling
cards; not for cryptography.

A shuffle takes one SplitMix64 output as the key of a SHAKE-128 stream and runs
Fisher-Yates on its 16-bit words, with Lemire's exact rejection: uniform over every order,
and one hash call instead of a 64-bit multiply chain per card, which is what made shuffling
a deck the largest cost of setting up a round.
"""

from __future__ import annotations

from hashlib import shake_128
from typing import Final, cast

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_WORD: Final = 1 << 16  # the shuffle reads 16-bit words
_LOW: Final = _WORD - 1


def _words(key: int, count: int) -> bytes:
    """``count`` uniform 16-bit words from the SHAKE-128 stream keyed by ``key``, as their
    little-endian bytes: read a byte at a time, every value stays a small integer in the
    compiled build (a list of the words allocated an integer object per word)."""
    return shake_128(key.to_bytes(8, "little")).digest(2 * count)


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

    def shuffle(self, items: list[int]) -> None:
        """Shuffle ``items`` in place: Fisher-Yates, each index drawn without bias."""
        n = len(items)
        if n < 2:
            return
        if n > _WORD:
            for i in range(n - 1, 0, -1):  # a pile larger than any deck: one draw per card
                j = self.below(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        # 16-bit words keep every product a small integer, the compiled build's fast case.
        size = n + (n >> 5) + 8  # spare words for rejections (below 0.5% per card)
        cells = cast("list[object]", items)  # swapped as they are (not unboxed, when compiled)
        end = 2 * size
        data = _words(self.next64(), size)
        w = 0  # the next unread byte
        i = n - 1
        while i > 0:
            bound = i + 1
            if w == end:  # out of spare words: a fresh stream
                data, w = _words(self.next64(), size), 0
            m = (data[w] | data[w + 1] << 8) * bound
            w += 2
            if m & _LOW < bound:  # Lemire: reject the few products that would bias
                floor = (_WORD - bound) % bound
                while m & _LOW < floor:
                    if w == end:
                        data, w = _words(self.next64(), size), 0
                    m = (data[w] | data[w + 1] << 8) * bound
                    w += 2
            j = m >> 16
            t = cells[i]
            cells[i] = cells[j]
            cells[j] = t
            i -= 1

    def copy(self) -> Rng:
        """An independent generator in the same state."""
        return Rng(self.state)
