"""Derived seeds: every random stream other than the game's own (RULES.md E-3).

A stream is named by the run's seed and a path of labels (the game index, a seat, "bot",
"ties", ...). The derivation is a keyed hash, so results do not depend on the process,
the worker count or ``PYTHONHASHSEED``.
"""

from __future__ import annotations

import hashlib
import sys
from array import array
from typing import Final


def derive(seed: int, *path: object) -> int:
    """A 63-bit seed for the stream named by ``seed`` and ``path``."""
    text = ":".join([str(seed), *(str(p) for p in path)])
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


_TO_UNIT: Final = 1.0 / (1 << 32)
_SWAP: Final = sys.byteorder == "big"  # the stream is read as little-endian words
# Numbers per block: 40 in a stream's first block (160 bytes, one Keccak permutation: a bot
# needs a few dozen per round), then doubling up to 1280 (a search bot needs many): one hash
# call per block.
_FIRST_BLOCK: Final = 40
_MAX_BLOCK: Final = 1280
_DOUBLINGS: Final = 5  # _FIRST_BLOCK << 5 == _MAX_BLOCK


class Stream:
    """A seeded stream of uniform 32-bit numbers for everything random that is not the game
    itself (bots' choices and reaction times, the driver's tie-breaks): SHAKE-128 of the seed
    and a block number, read as 32-bit numbers (pairs of little-endian 16-bit words).

    ``random.Random`` spends a Mersenne Twister initialisation (thousands of word operations)
    on every seed; a simulation seeds a fresh stream per bot and game, and a search bot one
    per iteration, so a stream here costs nothing to seed and one hash per block. 32 bits are
    plenty for choosing among a few actions and for reaction times.
    """

    __slots__ = ("_block", "_key", "_next", "_words")

    def __init__(self, seed: int, label: str = "") -> None:
        """The stream named by ``seed`` and, optionally, ``label`` (one seed, several
        independent streams)."""
        self._key = f"{seed}:{label}:".encode()
        self._block = 0
        self._words: list[int] = []
        self._next = 0

    def _word(self) -> int:
        """The next 32-bit number of the stream (two 16-bit words: halves stay small integers,
        which the compiled build handles fastest)."""
        i = self._next
        if i == len(self._words):
            self._refill()
            i = 0
        self._next = i + 2
        return (self._words[i] << 16) | self._words[i + 1]

    def random(self) -> float:
        """A uniform float in [0, 1), a multiple of 2**-32."""
        return self._word() * _TO_UNIT

    def below(self, n: int) -> int:
        """An integer in ``[0, n)``, uniform to within ``n / 2**32`` (Lemire's product,
        without the rejection that would make it exact: bots choose among a few actions)."""
        return (self._word() * n) >> 32

    def _refill(self) -> None:
        block = self._block
        count = _FIRST_BLOCK << block if block < _DOUBLINGS else _MAX_BLOCK
        data = hashlib.shake_128(self._key + str(block).encode()).digest(4 * count)
        self._block = block + 1
        words = array("H")
        words.frombytes(data)
        if _SWAP:  # pragma: no cover - big-endian machines
            words.byteswap()
        self._words = words.tolist()
        self._next = 0
