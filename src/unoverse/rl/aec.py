"""The PettingZoo AEC environment: one round of any variant, turn by turn (docs/rl.md).

Agents are named ``player_SEAT``. Each step is one decision of the agent in
``agent_selection``, in the order ``unoverse.rl.runner`` documents (out-of-turn windows are
ordinary steps, with ``wait`` to decline them); bots play the seats given in ``opponents``.
Observations are ``{"observation": float32 vector, "action_mask": int8 vector}``; the mask is
all zeros for an agent not asked. The round's end gives +1 to its winner and -1 to every
other agent; a round cut off at ``MAX_ACTIONS`` actions is truncated, with no reward.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
from pettingzoo import AECEnv

from .agents import SeatAgents
from .render import table_text
from .runner import Runner


class UnoAEC(SeatAgents, AECEnv[str, dict[str, np.ndarray], int | None]):
    """Rounds of ``preset`` at ``players`` seats (see the module's docstring): an agent at
    every seat not in ``opponents`` (seat -> bot spec) and in ``agents`` (default: all);
    ``seed`` seeds the stream ``reset()`` draws rounds from; ``reactions=False`` answers the
    out-of-turn windows with a fixed policy (``unoverse.rl.runner``). An unknown preset,
    option or bot, or a bad player count, raises the engine's typed error here."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "unoverse_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        preset: str = "classic",
        players: int = 2,
        *,
        seed: int | None = None,
        reactions: bool = True,
        opponents: Mapping[int, str] | None = None,
        agents: Sequence[int] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: the modes are {['ansi']}")
        self.runner = Runner(
            preset, players, agents=agents, opponents=opponents, reactions=reactions
        )
        self.render_mode = render_mode
        self._seat_agents(self.runner, seed)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new round: from ``seed`` when given, else from the environment's stream."""
        self.runner.reset(self._round_seed(seed))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seats[agent]
        runner = self.runner
        mask = runner.mask() if runner.current == seat else np.zeros(runner.space.size, np.int8)
        return {"observation": runner.observe(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is asked to act: give an action of the mask, not None")
        self._cumulative_rewards[agent] = 0.0
        self.runner.act(int(action))
        if self.runner.over:  # the only step with rewards: every earlier one leaves them at 0
            truncated = self.runner.truncated
            for a, seat in self.seats.items():
                self.rewards[a] = self.runner.reward(seat)
                self.terminations[a] = not truncated
                self.truncations[a] = truncated
            self._accumulate_rewards()
        self._select()

    def _select(self) -> None:
        current = self.runner.current
        if current is not None:
            self.agent_selection = f"player_{current}"
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        """``ansi``: the table in the card notation, as the current agent sees it."""
        if self.render_mode != "ansi":
            return None
        seat = self.runner.current if self.runner.current is not None else self.runner.agents[0]
        return table_text(self.runner.game.view(seat))

    def close(self) -> None:
        return None
