"""The Gymnasium environment: one seat learns, bots play every other seat (docs/rl.md).

Registered as ``unoverse/Uno-v0``: ``gymnasium.make("unoverse/Uno-v0", preset="classic",
players=2, opponents="random")``. The observation is the seat's vector
(``unoverse.rl.observation``); ``action_masks()`` gives the mask, for maskable algorithms,
and ``info["action_mask"]`` carries it too. An episode is one round: +1 when the seat wins
it, -1 when another does. An action outside the mask raises ``IllegalAction`` naming the
action and the mask; with ``illegal="lose"`` it ends the episode with -1 instead (and
``info["illegal"]`` says why), as PettingZoo's classic games do.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..core.errors import IllegalAction
from .actions import ActionSpace
from .render import table_text
from .round import LOSS
from .runner import Runner

#: The id it is registered under.
ENV_ID = "unoverse/Uno-v0"


class UnoEnv(gym.Env[np.ndarray, np.int64]):
    """Seat ``seat`` of a round of ``preset`` at ``players`` seats, against ``opponents``
    (one bot spec for every other seat, or seat -> spec); see the module's docstring."""

    # Env's own (instance) field, typed for where Gymnasium is not installed (see pyproject)
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        preset: str = "classic",
        players: int = 2,
        *,
        seat: int = 0,
        opponents: str | Mapping[int, str] = "random",
        reactions: bool = True,
        illegal: str = "raise",
        render_mode: str | None = None,
    ) -> None:
        if illegal not in ("raise", "lose"):
            raise ValueError(f"illegal={illegal!r}: 'raise' (the default) or 'lose'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: the modes are ['ansi']")
        if isinstance(opponents, str):
            opponents = {s: opponents for s in range(players) if s != seat}
        self.runner = Runner(
            preset, players, agents=(seat,), opponents=opponents, reactions=reactions
        )
        self.seat = seat
        self.illegal = illegal
        self.render_mode = render_mode
        obs = self.runner.observation
        self.observation_space = spaces.Box(0.0, obs.high, (obs.size,), dtype=np.float32)
        self.action_space = spaces.Discrete(self.runner.space.size)

    @property
    def space(self) -> ActionSpace:
        """The action space's tokens (``space.names[i]`` says action ``i`` in words)."""
        return self.runner.space

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        # drawn as the PettingZoo environments draw it: reset(seed=S) deals the same round
        self.runner.reset(int(self.np_random.integers(2**63)))
        return self.runner.observe(self.seat), self._info()

    def step(self, action: np.int64 | int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        runner = self.runner
        try:
            runner.act(int(action))
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            info = self._info()
            info["illegal"] = str(exc)
            return runner.observe(self.seat), LOSS, True, False, info
        reward = runner.reward(self.seat)
        return runner.observe(self.seat), reward, runner.game.over, runner.truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """The mask of the seat's legal actions now (all zeros once the round is over)."""
        return self.runner.mask()

    def render(self) -> str | None:
        """``ansi``: the table in the card notation, as the seat sees it."""
        if self.render_mode != "ansi":
            return None
        return table_text(self.runner.game.view(self.seat))

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.runner.mask()}


def register() -> None:
    """Register ``unoverse/Uno-v0`` with Gymnasium (done when ``unoverse.rl`` is imported)."""
    if ENV_ID not in gym.registry:
        gym.register(id=ENV_ID, entry_point=f"{__name__}:UnoEnv")
