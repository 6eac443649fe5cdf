"""Environments for learning agents on every variant (docs/rl.md): PettingZoo's AEC API
(``aec_env``) and its parallel API (``parallel_env``: an instant per step, for BLAST mode's
real-time play), and a Gymnasium single-agent environment (``UnoEnv``, registered as
``unoverse/Uno-v0``), with the flat action space and the observation tensor of
``unoverse.rl.actions`` and ``unoverse.rl.observation``; and ``vector_env``, many rounds
stepped together by the batched engine (``unoverse.fast``). Needs the ``rl`` extra
(PettingZoo, Gymnasium); ``vector_env`` the ``fast`` extra too."""

from __future__ import annotations

from typing import Any

from ..core.extras import needs_extra

#: The packages of the ``rl`` extra.
EXTRA = ("pettingzoo", "gymnasium", "numpy")

with needs_extra("unoverse.rl", "rl", EXTRA):
    from gymnasium.vector import VectorEnv

    from .aec import UnoAEC
    from .parallel import UnoParallel
    from .single_agent import ENV_ID, UnoEnv, register

#: The PettingZoo AEC environment (``UnoAEC``): ``aec_env(preset, players, seed=...,
#: reactions=..., opponents=...)``.
aec_env = UnoAEC
#: The PettingZoo parallel environment (``UnoParallel``): ``parallel_env(preset, players,
#: seed=..., opponents=..., instant_ms=...)``.
parallel_env = UnoParallel

register()


def vector_env(
    preset: str = "classic", n_envs: int = 1, players: int = 2, **kwargs: Any
) -> VectorEnv:
    """``n_envs`` rounds of ``preset`` at ``players`` seats in one Gymnasium ``VectorEnv``,
    stepped together by the batched engine (``unoverse.fast``; its ``fast`` extra): the same
    observations, actions and masks as ``UnoEnv``, for Classic and the house rules the
    batched engine plays. Keywords: ``seat``, ``opponents`` (``"random"`` or ``"naive"``),
    ``reactions``, ``seed``, ``copy``, ``record`` (``unoverse.fast.vector.FastVectorEnv``)."""
    from ..fast.vector import FastVectorEnv

    return FastVectorEnv(preset, n_envs, players, **kwargs)


__all__ = ["ENV_ID", "UnoAEC", "UnoEnv", "UnoParallel", "aec_env", "parallel_env", "vector_env"]
