"""How the bots play a variant by default (``Variant.bots``): its own module so that the
rules (``core.rules``) can say what they keep of their variant without importing it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BotSettings:
    """How the bots play a variant by default: figures calibrated for its rules (with
    ``benchmarks/bench_ismcts.py``, the compiled build, two players, so that the 95th
    percentile of a decision stays within 200 ms on a 2-core machine: docs/bots.md)."""

    #: ISMCTS iterations per decision when the bot is given none, in turn-based play
    ismcts_iterations: int = 300
    #: the same in real-time play (``Rules.realtime``: UNO Blast's BLAST mode)
    ismcts_iterations_realtime: int = 300
