"""Environments for learning agents on every variant (docs/rl.md): PettingZoo's AEC API
(``aec_env``) and its parallel API (``parallel_env``: an instant per step, for BLAST mode's
real-time play), and a Gymnasium single-agent environment (``UnoEnv``, registered as
``unoverse/Uno-v0``), with the flat action space and the observation tensor of
``unoverse.rl.actions`` and ``unoverse.rl.observation``. Needs the ``rl`` extra (PettingZoo,
Gymnasium)."""

from __future__ import annotations

#: The packages of the ``rl`` extra.
EXTRA = ("pettingzoo", "gymnasium", "numpy")

try:
    from .aec import UnoAEC
    from .parallel import UnoParallel
    from .single_agent import ENV_ID, UnoEnv, register
except ModuleNotFoundError as exc:
    missing = (exc.name or "").partition(".")[0]
    if missing not in EXTRA:
        raise
    raise ModuleNotFoundError(
        f"unoverse.rl needs its extra: pip install 'unoverse[rl]' (no module {missing!r})",
        name=missing,
    ) from exc

#: The PettingZoo AEC environment (``UnoAEC``): ``aec_env(preset, players, seed=...,
#: reactions=..., opponents=...)``.
aec_env = UnoAEC
#: The PettingZoo parallel environment (``UnoParallel``): ``parallel_env(preset, players,
#: seed=..., opponents=..., instant_ms=...)``.
parallel_env = UnoParallel

register()

__all__ = ["ENV_ID", "UnoAEC", "UnoEnv", "UnoParallel", "aec_env", "parallel_env"]
