"""A verifiable shuffle (docs/protocol.md, "A verifiable shuffle"): the server commits to each
round's seed before the deal and reveals it after the round, so anyone can re-deal and replay
the round and check that nothing was rigged.

A round's seed determines all of its randomness: the deal and every reshuffle use the
game's PRNG seeded with it. The commitment is the SHA-256 of a fixed text holding the seed and
a salt of 256 random bits; without the salt, the seed could be guessed from the commitment by
trying seeds, and with a new salt for every round nothing links one commitment to another.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Final

#: The commitment's format, versioned: ``PREFIX:<seed in decimal>:<salt in lowercase hex>``.
PREFIX: Final = "unoverse-deal-v1"


def digest(seed: int, salt: str) -> str:
    """The commitment to ``seed`` with ``salt`` (hex): SHA-256 of the format's text, in hex."""
    return hashlib.sha256(f"{PREFIX}:{seed}:{salt}".encode()).hexdigest()


@dataclass(frozen=True)
class Deal:
    """A round's seed and the salt of its commitment: the server keeps it secret until the
    round is over, then reveals both."""

    seed: int
    salt: str

    @classmethod
    def new(cls, seed: int) -> Deal:
        """A round's seed with a fresh salt from the operating system."""
        return cls(seed, secrets.token_hex(32))

    @property
    def commitment(self) -> str:
        """What the server publishes when the round is dealt."""
        return digest(self.seed, self.salt)


def verify(commitment: str, seed: int, salt: str) -> bool:
    """Whether the revealed ``seed`` and ``salt`` are the ones ``commitment`` was made to."""
    return hmac.compare_digest(commitment.lower(), digest(seed, salt.lower()))
