"""The batched engine's PRNG is the reference engine's (``core.rng``): SHAKE-128, bounded
integers and shuffles give the very same numbers, so deals and reshuffles match."""

from __future__ import annotations

import hashlib

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from unoverse.core.rng import Rng
from unoverse.fast import rng

SEEDS = st.integers(0, 2**64 - 1)


@given(key=SEEDS, count=st.integers(0, 700))
def test_shake_128_is_hashlib_s(key: int, count: int) -> None:
    out = np.zeros(max(count, 1), np.uint8)
    rng.shake_words(np.uint64(key), out, count)
    assert bytes(out[:count]) == hashlib.shake_128(key.to_bytes(8, "little")).digest(count)


@given(seed=SEEDS, bounds=st.lists(st.integers(1, 2**63 - 1), min_size=1, max_size=20))
def test_bounded_integers_are_the_reference_s(seed: int, bounds: list[int]) -> None:
    mine = np.array([seed], np.uint64)
    ref = Rng(seed)
    for n in bounds:
        assert rng.below(mine, 0, n) == ref.below(n)
    assert int(mine[0]) == ref.state


@given(seed=SEEDS, n=st.integers(0, 400), start=st.integers(0, 5))
def test_shuffles_are_the_reference_s(seed: int, n: int, start: int) -> None:
    """Shuffle a slice of a row, as the engine shuffles its piles in place."""
    items = np.full((2, start + n + 3), -7, np.int16)
    items[1, start : start + n] = np.arange(n)
    mine = np.array([seed], np.uint64)
    scratch = np.zeros(2 * (n + (n >> 5) + 8), np.uint8)
    rng.shuffle(mine, 0, items, 1, start, n, scratch)
    expected = list(range(n))
    ref = Rng(seed)
    ref.shuffle(expected)
    assert items[1, start : start + n].tolist() == expected
    assert (items[0] == -7).all() and (items[1, :start] == -7).all()  # nothing else moved
    assert int(mine[0]) == ref.state


def test_the_policies_draw_is_uniform() -> None:
    """``uniform`` (the policies' bounded draw) hits every value of small ranges equally
    often, and stays in range for large ones."""
    state = np.array([12345], np.uint64)
    for n in (1, 2, 3, 7, 10):
        counts = np.bincount([rng.uniform(state, 0, n) for _ in range(70_000)], minlength=n)
        assert len(counts) == n
        assert (abs(counts - 70_000 / n) < 5 * (70_000 / n) ** 0.5).all()
    big = [rng.uniform(state, 0, 2**32 - 5) for _ in range(1000)]
    assert all(0 <= x < 2**32 - 5 for x in big) and len(set(big)) > 990
