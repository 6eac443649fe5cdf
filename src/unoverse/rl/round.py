"""What both environments' rounds share: the seats (agents and bots), the round on a match
session with a virtual clock, the public history of plays, the rewards, the refusals.

A round runs in a ``unoverse.match.session.Session``, as the simulator's rounds do, so every
action goes through the session's checks and the engine's ``apply``, actions stamped at the
same instant are ordered by the session's tie rules (RULES.md C-5, P8), and BLAST mode's
stall safeguard comes from the session. ``unoverse.rl.runner`` asks the agents one at a time
(PettingZoo's AEC API); ``unoverse.rl.instants`` asks them all at each instant (its
parallel API).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence

import numpy as np

from ..bots.base import Bot, make_bot
from ..core import events as ev
from ..core.errors import BadPlayerCount, IllegalAction
from ..core.game import Game
from ..core.seeding import derive
from ..core.setup import new_game
from ..match.session import Ack, Session
from ..sim.driver import MAX_ACTIONS, STALL_MS
from .actions import ActionSpace, Composing
from .observation import HISTORY, Observation, Played

#: Reward at the end of a round: the winner's, and every other seat's.
WIN, LOSS = 1.0, -1.0


class Round:
    """A round of ``preset`` at ``players`` seats with learning agents at ``agents`` (default:
    every seat) and bots at ``opponents`` (seat -> bot spec). An unknown preset, option or
    bot, or a bad player count, raises the engine's typed error here."""

    def __init__(
        self,
        preset: str,
        players: int,
        *,
        agents: Sequence[int] | None = None,
        opponents: Mapping[int, str] | None = None,
        history: int = HISTORY,
    ) -> None:
        probe = new_game(preset, players, 0)  # refuses an unknown preset or player count
        self.preset = preset
        self.players = players
        self.rules = probe.rules
        opponents = dict(opponents or {})
        bad = [s for s in opponents if not 0 <= s < players]
        if bad:
            raise BadPlayerCount(f"opponent seats {bad} are not seats of a {players}-seat table")
        self.agents: tuple[int, ...] = tuple(
            s for s in (range(players) if agents is None else agents) if s not in opponents
        )
        if not self.agents:
            raise BadPlayerCount("no seat is left for an agent: every seat has a bot")
        self.opponent_specs = opponents
        for seat, spec in opponents.items():
            make_bot(spec, 0, seat)  # refuses an unknown bot now
        self.space = ActionSpace(self.rules, players)
        self.observation = Observation(self.rules, players, self.space.cards, history)
        self.game: Game = probe
        self.session = Session(probe, 0)
        self.bots: dict[int, Bot] = {}
        self.plays: deque[Played] = deque(maxlen=max(history, 1))
        self.clock = 0.0
        self.truncated = False

    def deal(self, seed: int) -> None:
        """Deal a new round from ``seed`` (its bots and tie-breaks derived from it too)."""
        self.game = new_game(self.preset, self.players, seed)
        stall = STALL_MS if self.rules.realtime else None
        self.session = Session(self.game, derive(seed, "session"), stall_ms=stall)
        self.bots = {s: make_bot(spec, seed, s) for s, spec in self.opponent_specs.items()}
        self.plays.clear()
        self.clock = 0.0
        self.truncated = False

    @property
    def over(self) -> bool:
        """Whether the round has ended (or was cut off: ``truncated``)."""
        return self.game.over or self.truncated

    def cut_off(self) -> bool:
        """Whether the round has reached the engine's bound on a playout (then truncated)."""
        if len(self.session.log) >= MAX_ACTIONS:
            self.truncated = True
        return self.truncated

    def reward(self, seat: int) -> float:
        """The seat's reward once the round is over (0 before, and when cut off)."""
        if not self.game.over:
            return 0.0
        return WIN if seat == self.game.winner else LOSS

    def encode(
        self, seat: int, composing: Composing | None = None, *, reaction: bool = False
    ) -> np.ndarray:
        """``seat``'s observation now, with the action it is laying (``composing``)."""
        laid = () if composing is None else (composing.head[1], *composing.more)
        return self.observation.encode(self.game.view(seat), self.plays, laid, reaction=reaction)

    def referee(self) -> None:
        """In live play, when no card has landed for the stall time (or every seat waits),
        the session's stall safeguard plays a card."""
        due = self.session.deadline()
        if due is None:
            raise RuntimeError(f"round of {self.preset}: no seat can act, yet it is not over")
        self.clock = max(self.clock, due)
        ack = self.session.step()
        if ack is None or not ack.ok:
            raise RuntimeError(f"round of {self.preset}: the session's referee was refused")
        self.note(ack)

    def note(self, ack: Ack) -> None:
        """Keep an accepted action's public plays for the observations' history."""
        for e in ack.events:
            if e.kind == ev.PLAY and e.seat is not None:
                for i, card in enumerate(e.cards):
                    last = i == len(e.cards) - 1
                    self.plays.append((e.seat, card, e.color if last else -1))

    def refusal(self, text: str, mask: np.ndarray) -> IllegalAction:
        """The error for an action outside ``mask`` (``ActionSpace.refusal``)."""
        return self.space.refusal(text, mask)
