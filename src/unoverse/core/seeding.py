"""Derived seeds: every random stream other than the game's own (RULES.md E-3).

A stream is named by the run's seed and a path of labels (the game index, a seat, "bot",
"ties", ...). The derivation is a keyed hash, so results do not depend on the process,
the worker count or ``PYTHONHASHSEED``.
"""

from __future__ import annotations

from hashlib import blake2b, shake_128
from typing import Final


def derive(seed: int, *path: object) -> int:
    """A 63-bit seed for the stream named by ``seed`` and ``path``."""
    # ``str`` of an ``int`` above 2**62 (half of all seeds) in the compiled build keeps a
    # reference to it (mypyc's int-to-text conversion): as an ``object`` it does not leak.
    boxed: object = seed
    parts = [str(boxed)]
    for p in path:
        parts.append(str(p))
    digest = blake2b(":".join(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


_TO_UNIT: Final = 1.0 / (1 << 32)
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

    The block's bytes are kept as they come and read a byte at a time: every value stays a
    small integer, which the compiled build handles without allocating (a list of the words
    allocated an integer object per word, and a 32-bit product went through big integers).
    """

    __slots__ = ("_block", "_data", "_label", "_next", "_seed")

    def __init__(self, seed: int, label: str = "") -> None:
        """The stream named by ``seed`` and, optionally, ``label`` (one seed, several
        independent streams). Nothing is hashed or even written out until a number is drawn:
        a bot's timing stream often never is."""
        self._seed = seed
        self._label = label
        self._block = 0
        self._data = b""
        self._next = 0  # the next unread byte of ``_data``

    def _halves(self) -> tuple[int, int]:
        """The next 32-bit number of the stream as its two 16-bit halves (high, low)."""
        i = self._next
        data = self._data
        if i == len(data):
            data = self._refill()
            i = 0
        self._next = i + 4
        return data[i] | data[i + 1] << 8, data[i + 2] | data[i + 3] << 8

    def random(self) -> float:
        """A uniform float in [0, 1), a multiple of 2**-32."""
        hi, lo = self._halves()
        return (hi << 16 | lo) * _TO_UNIT

    def below(self, n: int) -> int:
        """An integer in ``[0, n)``, uniform to within ``n / 2**32``: Lemire's product
        ``(x * n) >> 32`` of the next 32-bit number ``x``, without the rejection that would
        make it exact (bots choose among a few actions). Computed from ``x``'s 16-bit halves,
        ``(hi * n + (lo * n >> 16)) >> 16``, the same integer with small products only."""
        i = self._next
        data = self._data
        if i == len(data):
            data = self._refill()
            i = 0
        self._next = i + 4
        hi = data[i] | data[i + 1] << 8
        lo = data[i + 2] | data[i + 3] << 8
        return (hi * n + (lo * n >> 16)) >> 16

    def _refill(self) -> bytes:
        """The stream's next block, now its unread bytes."""
        block = self._block
        count = _FIRST_BLOCK << block if block < _DOUBLINGS else _MAX_BLOCK
        seed: object = self._seed  # (as an object: see ``derive``)
        key = f"{seed}:{self._label}:{block}".encode()
        self._data = data = shake_128(key).digest(4 * count)
        self._block = block + 1
        self._next = 0
        return data
