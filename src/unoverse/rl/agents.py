"""What both PettingZoo environments keep of their agents: one ``player_SEAT`` per learning
seat of the round, each with the round's spaces, and the stream of round seeds (docs/rl.md)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from .round import Round


class SeatAgents:
    """PettingZoo's agent tables for ``rnd``'s learning seats, and the seeds of its rounds:
    ``reset(seed=S)`` restarts the stream from ``S``; a reset without a seed draws the next
    round from it (seeded by the environment's own ``seed``)."""

    def _seat_agents(self, rnd: Round, seed: int | None) -> None:
        self.seats = {f"player_{s}": s for s in rnd.agents}
        self.possible_agents = list(self.seats)
        observation, action = _spaces(rnd)
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}
        self._seeds = np.random.default_rng(seed)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _round_seed(self, seed: int | None) -> int:
        """The next round's seed (the stream restarted from ``seed`` when given)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        return int(self._seeds.integers(2**63))


def _spaces(rnd: Round) -> tuple[spaces.Dict, spaces.Discrete]:
    """An agent's spaces in ``rnd``: ``{"observation", "action_mask"}``, and the actions."""
    obs, size = rnd.observation, rnd.space.size
    observation = spaces.Dict(
        {
            "observation": spaces.Box(0.0, obs.high, (obs.size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
        }
    )
    return observation, spaces.Discrete(size)
