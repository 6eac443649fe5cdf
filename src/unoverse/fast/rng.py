"""The game's PRNG (``unoverse.core.rng``) in numba: the very same numbers and shuffles.

A batched game draws from its seeded generator exactly as the reference engine does —
SplitMix64 for bounded integers, and a shuffle keyed by one SplitMix64 output that runs
Fisher-Yates on the 16-bit words of a SHAKE-128 stream with Lemire's rejection — so a seed
deals the same round in both engines and every later reshuffle matches card for card.
SHAKE-128 is Keccak-f[1600] with a 168-byte rate (FIPS 202), written out here because numba
cannot call ``hashlib``.

The state is one ``uint64`` kept in a one-element slot of an array (``state[i]``), so the
functions can advance it in place.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

_GAMMA = uint64(0x9E3779B97F4A7C15)
_MIX1 = uint64(0xBF58476D1CE4E5B9)
_MIX2 = uint64(0x94D049BB133111EB)
#: SHAKE-128's rate: bytes of output per Keccak permutation.
RATE = 168

_ROUND_CONSTANTS = np.array(
    [
        0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
        0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
        0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
        0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
        0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
        0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
    ],
    dtype=np.uint64,
)  # fmt: skip


@njit(cache=True)
def next64(state: np.ndarray, i: int) -> np.uint64:
    """SplitMix64: advance ``state[i]`` and return its next output."""
    s = state[i] + _GAMMA
    state[i] = s
    z = (s ^ (s >> uint64(30))) * _MIX1
    z = (z ^ (z >> uint64(27))) * _MIX2
    return z ^ (z >> uint64(31))


@njit(cache=True)
def below(state: np.ndarray, i: int, n: int) -> np.int64:
    """A uniform integer in ``[0, n)`` by rejection, as ``Rng.below``."""
    bound = uint64(n)
    # (1 << 64) - ((1 << 64) % n), in 64-bit arithmetic: 2**64 % n == (2**64 - n) % n
    limit = uint64(0) - ((uint64(0) - bound) % bound)
    while True:
        x = next64(state, i)
        if limit == 0 or x < limit:
            return np.int64(x % bound)


@njit(cache=True, inline="always")
def uniform(state: np.ndarray, i: int, n: int) -> np.int64:
    """A uniform integer in ``[0, n)`` for ``n`` below 2**32, from ``state[i]``: Lemire's
    multiply and shift on the output's high 32 bits, with his exact rejection. For the
    policies' streams, which are the batch's own: unlike ``below`` (the reference engine's
    draw, kept for the deal), it almost never divides, and a 64-bit division costs about
    as much as a simple action."""
    bound = uint64(n)
    m = (next64(state, i) >> uint64(32)) * bound
    low = m & uint64(0xFFFFFFFF)
    if low < bound:
        floor = (uint64(0x100000000) - bound) % bound
        while low < floor:
            m = (next64(state, i) >> uint64(32)) * bound
            low = m & uint64(0xFFFFFFFF)
    return np.int64(m >> uint64(32))


@njit(cache=True)
def _permute(a: np.ndarray) -> None:
    """Keccak-f[1600] on the 25 lanes of ``a`` (lane ``x + 5y`` is ``axy``), unrolled over
    the lanes so that they stay in registers: theta, rho and pi into ``b``, then chi and
    iota."""
    a00, a10, a20, a30, a40 = a[0], a[1], a[2], a[3], a[4]
    a01, a11, a21, a31, a41 = a[5], a[6], a[7], a[8], a[9]
    a02, a12, a22, a32, a42 = a[10], a[11], a[12], a[13], a[14]
    a03, a13, a23, a33, a43 = a[15], a[16], a[17], a[18], a[19]
    a04, a14, a24, a34, a44 = a[20], a[21], a[22], a[23], a[24]
    for rnd in range(24):
        c0 = a00 ^ a01 ^ a02 ^ a03 ^ a04
        c1 = a10 ^ a11 ^ a12 ^ a13 ^ a14
        c2 = a20 ^ a21 ^ a22 ^ a23 ^ a24
        c3 = a30 ^ a31 ^ a32 ^ a33 ^ a34
        c4 = a40 ^ a41 ^ a42 ^ a43 ^ a44
        d0 = c4 ^ ((c1 << uint64(1)) | (c1 >> uint64(63)))
        d1 = c0 ^ ((c2 << uint64(1)) | (c2 >> uint64(63)))
        d2 = c1 ^ ((c3 << uint64(1)) | (c3 >> uint64(63)))
        d3 = c2 ^ ((c4 << uint64(1)) | (c4 >> uint64(63)))
        d4 = c3 ^ ((c0 << uint64(1)) | (c0 >> uint64(63)))
        b00 = a00 ^ d0
        b13 = ((a01 ^ d0) << uint64(36)) | ((a01 ^ d0) >> uint64(28))
        b21 = ((a02 ^ d0) << uint64(3)) | ((a02 ^ d0) >> uint64(61))
        b34 = ((a03 ^ d0) << uint64(41)) | ((a03 ^ d0) >> uint64(23))
        b42 = ((a04 ^ d0) << uint64(18)) | ((a04 ^ d0) >> uint64(46))
        b02 = ((a10 ^ d1) << uint64(1)) | ((a10 ^ d1) >> uint64(63))
        b10 = ((a11 ^ d1) << uint64(44)) | ((a11 ^ d1) >> uint64(20))
        b23 = ((a12 ^ d1) << uint64(10)) | ((a12 ^ d1) >> uint64(54))
        b31 = ((a13 ^ d1) << uint64(45)) | ((a13 ^ d1) >> uint64(19))
        b44 = ((a14 ^ d1) << uint64(2)) | ((a14 ^ d1) >> uint64(62))
        b04 = ((a20 ^ d2) << uint64(62)) | ((a20 ^ d2) >> uint64(2))
        b12 = ((a21 ^ d2) << uint64(6)) | ((a21 ^ d2) >> uint64(58))
        b20 = ((a22 ^ d2) << uint64(43)) | ((a22 ^ d2) >> uint64(21))
        b33 = ((a23 ^ d2) << uint64(15)) | ((a23 ^ d2) >> uint64(49))
        b41 = ((a24 ^ d2) << uint64(61)) | ((a24 ^ d2) >> uint64(3))
        b01 = ((a30 ^ d3) << uint64(28)) | ((a30 ^ d3) >> uint64(36))
        b14 = ((a31 ^ d3) << uint64(55)) | ((a31 ^ d3) >> uint64(9))
        b22 = ((a32 ^ d3) << uint64(25)) | ((a32 ^ d3) >> uint64(39))
        b30 = ((a33 ^ d3) << uint64(21)) | ((a33 ^ d3) >> uint64(43))
        b43 = ((a34 ^ d3) << uint64(56)) | ((a34 ^ d3) >> uint64(8))
        b03 = ((a40 ^ d4) << uint64(27)) | ((a40 ^ d4) >> uint64(37))
        b11 = ((a41 ^ d4) << uint64(20)) | ((a41 ^ d4) >> uint64(44))
        b24 = ((a42 ^ d4) << uint64(39)) | ((a42 ^ d4) >> uint64(25))
        b32 = ((a43 ^ d4) << uint64(8)) | ((a43 ^ d4) >> uint64(56))
        b40 = ((a44 ^ d4) << uint64(14)) | ((a44 ^ d4) >> uint64(50))
        a00 = b00 ^ (~b10 & b20)
        a10 = b10 ^ (~b20 & b30)
        a20 = b20 ^ (~b30 & b40)
        a30 = b30 ^ (~b40 & b00)
        a40 = b40 ^ (~b00 & b10)
        a01 = b01 ^ (~b11 & b21)
        a11 = b11 ^ (~b21 & b31)
        a21 = b21 ^ (~b31 & b41)
        a31 = b31 ^ (~b41 & b01)
        a41 = b41 ^ (~b01 & b11)
        a02 = b02 ^ (~b12 & b22)
        a12 = b12 ^ (~b22 & b32)
        a22 = b22 ^ (~b32 & b42)
        a32 = b32 ^ (~b42 & b02)
        a42 = b42 ^ (~b02 & b12)
        a03 = b03 ^ (~b13 & b23)
        a13 = b13 ^ (~b23 & b33)
        a23 = b23 ^ (~b33 & b43)
        a33 = b33 ^ (~b43 & b03)
        a43 = b43 ^ (~b03 & b13)
        a04 = b04 ^ (~b14 & b24)
        a14 = b14 ^ (~b24 & b34)
        a24 = b24 ^ (~b34 & b44)
        a34 = b34 ^ (~b44 & b04)
        a44 = b44 ^ (~b04 & b14)
        a00 ^= _ROUND_CONSTANTS[rnd]
    a[0], a[1], a[2], a[3], a[4] = a00, a10, a20, a30, a40
    a[5], a[6], a[7], a[8], a[9] = a01, a11, a21, a31, a41
    a[10], a[11], a[12], a[13], a[14] = a02, a12, a22, a32, a42
    a[15], a[16], a[17], a[18], a[19] = a03, a13, a23, a33, a43
    a[20], a[21], a[22], a[23], a[24] = a04, a14, a24, a34, a44


@njit(cache=True)
def shake_words(key: np.uint64, out: np.ndarray, count: int) -> None:
    """The first ``count`` bytes of SHAKE-128 of ``key``'s 8 little-endian bytes, into
    ``out`` (as ``hashlib.shake_128(key.to_bytes(8, "little")).digest(count)``)."""
    a = np.zeros(25, np.uint64)
    a[0] = key
    a[1] = uint64(0x1F)  # the SHAKE domain bits right after the 8 message bytes
    a[20] = uint64(0x80) << uint64(56)  # the last bit of the 168-byte block
    done = 0
    while done < count:
        _permute(a)
        for lane in range(RATE // 8):
            v = a[lane]
            for _ in range(8):
                if done == count:
                    return
                out[done] = v & uint64(0xFF)
                v >>= uint64(8)
                done += 1


@njit(cache=True)
def shuffle(
    state: np.ndarray, i: int, items: np.ndarray, row: int, start: int, n: int, data: np.ndarray
) -> None:
    """Shuffle ``items[row, start : start + n]`` in place as ``Rng.shuffle`` does, drawing
    from ``state[i]`` (``data``: a scratch buffer of at least ``2 * (n + n // 32 + 8)``
    bytes)."""
    if n < 2:
        return
    size = n + (n >> 5) + 8
    end = 2 * size
    shake_words(next64(state, i), data, end)
    w = 0
    k = n - 1
    while k > 0:
        bound = k + 1
        if w == end:
            shake_words(next64(state, i), data, end)
            w = 0
        m = (int(data[w]) | (int(data[w + 1]) << 8)) * bound
        w += 2
        if (m & 0xFFFF) < bound:
            floor = (0x10000 - bound) % bound
            while (m & 0xFFFF) < floor:
                if w == end:
                    shake_words(next64(state, i), data, end)
                    w = 0
                m = (int(data[w]) | (int(data[w + 1]) << 8)) * bound
                w += 2
        j = m >> 16
        t = items[row, start + k]
        items[row, start + k] = items[row, start + j]
        items[row, start + j] = t
        k -= 1
