"""The batched Classic engine (docs/fast.md): thousands of rounds of Classic UNO and its most
asked-for house rules stepped over arrays by numba, for bulk simulation
(``unoverse simulate --engine fast``) and reinforcement learning
(``unoverse.rl.vector_env``).

It plays exactly the reference engine's rules (``unoverse.core``) — every batched game
exports as its deal and its actions, which the reference engine replays to the same end
(``unoverse.fast.check``) — and refuses (``Unsupported``, naming the option) any preset it
cannot play rather than approximate it. ``config(preset, players)`` resolves a preset;
``play(cfg, seeds, policies)`` plays one round per seed with the ``random`` or ``naive``
policy at each seat. Needs the ``fast`` extra (numba).
"""

from __future__ import annotations

from ..core.extras import needs_extra

#: The packages of the ``fast`` extra (with the ``rl`` extra's).
EXTRA = ("numba", "llvmlite", "numpy", "gymnasium", "pettingzoo")

with needs_extra("unoverse.fast", "fast", EXTRA):
    from .play import play
    from .policies import POLICIES
    from .tables import SUPPORTED, Config, config

__all__ = ["POLICIES", "SUPPORTED", "Config", "config", "play"]
