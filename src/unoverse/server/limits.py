"""The per-seat flood limit (docs/protocol.md, "Limits"): a token bucket of ``RATE`` messages
per ``PERIOD`` seconds.

Each message takes a token, and tokens come back at a steady rate, so a burst of up to
``RATE`` messages passes and a steady ``RATE / PERIOD`` per second passes for ever. A message
finding the bucket empty is refused as ``rate_limited`` (the client should slow down). The
refused messages are counted the same way: a client that goes on sending another bucket's
worth while refused is disconnected. The clock is given, so the limit is tested without
waiting.
"""

from __future__ import annotations

from typing import Final, Literal

#: Messages a seat may send in ``PERIOD`` seconds.
RATE: Final = 100
PERIOD: Final = 20.0

Verdict = Literal["ok", "slow", "cut"]


class Bucket:
    """One seat's flood limit (see the module's docstring)."""

    def __init__(self, now: float, rate: int = RATE, period: float = PERIOD) -> None:
        self.capacity = float(rate)
        self.refill = rate / period  # tokens per second
        self.tokens = self.capacity
        self.refused = 0.0  # refused messages, draining at the same rate
        self.at = now

    def full(self, now: float) -> bool:
        """Whether the bucket would be full at ``now`` (nothing taken lately: it can go)."""
        elapsed = max(0.0, now - self.at)
        return self.tokens + elapsed * self.refill >= self.capacity and self.refused <= (
            elapsed * self.refill
        )

    def take(self, now: float) -> Verdict:
        """The verdict on a message arriving at ``now`` (seconds, never going back)."""
        elapsed = max(0.0, now - self.at)
        self.at = max(self.at, now)
        self.tokens = min(self.capacity, self.tokens + elapsed * self.refill)
        self.refused = max(0.0, self.refused - elapsed * self.refill)
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return "ok"
        self.refused += 1.0
        return "cut" if self.refused > self.capacity else "slow"
