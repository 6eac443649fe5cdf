"""The PettingZoo parallel environment: every agent acts or waits at each instant, made for
BLAST mode's real-time play and open to every variant (docs/rl.md, "Instants").

Agents, observations, masks, rewards and seeding are as in the AEC environment
(``unoverse.rl.aec``); a step is one instant of ``unoverse.rl.instants``. A move refused by
the session within its instant (too late for a window, simultaneous in BLAST mode) is
reported in the agent's info as ``refused``. A token outside an agent's mask raises
``IllegalAction`` naming it and the mask, and nothing changes; with ``illegal="lose"`` it
ends the episode instead, with -1 for each agent that sent one (0 for the others) and the
reason in its info as ``illegal``, as PettingZoo's classic games do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from pettingzoo import ParallelEnv

from .agents import SeatAgents
from .instants import INSTANT_MS, Instants
from .render import table_text

Obs = dict[str, np.ndarray]
#: What a step returns: observations, rewards, terminations, truncations, infos.
Step = tuple[
    dict[str, Obs],
    dict[str, float],
    dict[str, bool],
    dict[str, bool],
    dict[str, dict[str, Any]],
]


class UnoParallel(SeatAgents, ParallelEnv[str, Obs, int]):
    """Rounds of ``preset`` at ``players`` seats, an instant per step (see the module's
    docstring); the arguments are the AEC environment's, and ``instant_ms``."""

    metadata = {"name": "unoverse_parallel_v0", "render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        preset: str = "blast+mode=blast",
        players: int = 3,
        *,
        seed: int | None = None,
        opponents: Mapping[int, str] | None = None,
        agents: Sequence[int] | None = None,
        instant_ms: float = INSTANT_MS,
        illegal: str = "raise",
        render_mode: str | None = None,
    ) -> None:
        if illegal not in ("raise", "lose"):
            raise ValueError(f"illegal={illegal!r}: 'raise' (the default) or 'lose'")
        self.illegal = illegal
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: the modes are ['ansi']")
        self.round = Instants(
            preset, players, agents=agents, opponents=opponents, instant_ms=instant_ms
        )
        self.render_mode = render_mode
        self.agents: list[str] = []
        self._seat_agents(self.round, seed)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        """Deal a new round: from ``seed`` when given, else from the environment's stream."""
        self.round.reset(self._round_seed(seed))
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, int]) -> Step:
        tokens = {self.seats[a]: int(t) for a, t in actions.items()}
        if self.illegal == "lose":
            wrong = self.round.outside_masks(tokens)
            if wrong:
                return self._lost(wrong)
        refused = self.round.step(tokens)
        rnd = self.round
        over = rnd.over
        observations = self._observations()
        rewards = {a: rnd.reward(self.seats[a]) for a in self.agents}
        terminations = {a: over and not rnd.truncated for a in self.agents}
        truncations = {a: rnd.truncated for a in self.agents}
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        for a in self.agents:
            if self.seats[a] in refused:
                infos[a]["refused"] = refused[self.seats[a]]
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _lost(self, wrong: Mapping[int, Exception]) -> Step:
        """``illegal="lose"``: the episode ends; -1 for each agent outside its mask."""
        observations = self._observations()
        agents = self.agents
        rewards = {a: -1.0 if self.seats[a] in wrong else 0.0 for a in agents}
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        for a in agents:
            if self.seats[a] in wrong:
                infos[a]["illegal"] = str(wrong[self.seats[a]])
        self.agents = []
        return (
            observations,
            rewards,
            dict.fromkeys(agents, True),
            dict.fromkeys(agents, False),
            infos,
        )

    def _observations(self) -> dict[str, Obs]:
        rnd = self.round
        return {
            a: {"observation": rnd.observe(s), "action_mask": rnd.mask(s)}
            for a, s in self.seats.items()
            if a in self.agents
        }

    def render(self) -> str | None:
        """``ansi``: the table in the card notation, as the first agent sees it."""
        if self.render_mode != "ansi":
            return None
        return table_text(self.round.game.view(self.round.agents[0]))

    def close(self) -> None:
        return None
