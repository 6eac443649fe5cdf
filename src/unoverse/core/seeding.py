"""Derived seeds: every random stream other than the game's own (RULES.md E-3).

A stream is named by the run's seed and a path of labels (the game index, a seat, "bot",
"ties", ...). The derivation is a keyed hash, so results do not depend on the process,
the worker count or ``PYTHONHASHSEED``.
"""

from __future__ import annotations

import hashlib


def derive(seed: int, *path: object) -> int:
    """A 63-bit seed for the stream named by ``seed`` and ``path``."""
    text = ":".join([str(seed), *(str(p) for p in path)])
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
