"""A round for PettingZoo's parallel API: every agent is asked at every instant (docs/rl.md,
"Instants").

An instant is ``instant_ms`` of the virtual clock. At each one, every agent answers with a
token of its mask or ``wait`` (the holder of a mandatory window, and a seat that must meet a
BLAST event, may not wait), and every bot with a legal action is asked too. All the answers
are stamped with the instant's time and the state version they were decided on, and the
session applies them in its order: an UNO declaration first, then a seeded order (RULES.md
C-5, P8). So two cards played in the same instant race as at the server: in BLAST mode the
second is refused as simultaneous, with its holding penalty; elsewhere a move that no longer
fits the state is refused as stale and changes nothing (the refusal is in the seat's info).
An action of several cards is laid one token per instant; it is dropped if the state moves
on so that no legal action follows from it any more. BLAST mode's stall safeguard plays a
card when no card has landed for the stall time (12.5 s, 25 instants by default).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from ..core.actions import Action
from ..core.errors import IllegalAction
from ..core.game import Phase
from .actions import Composing
from .observation import HISTORY
from .round import Round

#: Virtual milliseconds in an instant: about a bot's median reaction time.
INSTANT_MS = 500.0

_MANDATORY = (Phase.TURN, Phase.DRAWN, Phase.PENALTY, Phase.COLOR)


class Instants(Round):
    """A round asked all at once, an instant at a time (see the module's docstring)."""

    def __init__(
        self,
        preset: str,
        players: int,
        *,
        agents: Sequence[int] | None = None,
        opponents: Mapping[int, str] | None = None,
        history: int = HISTORY,
        instant_ms: float = INSTANT_MS,
    ) -> None:
        super().__init__(preset, players, agents=agents, opponents=opponents, history=history)
        if not instant_ms > 0:
            raise ValueError(f"instant_ms must be positive, not {instant_ms!r}")
        self.instant_ms = float(instant_ms)
        #: Each agent's action being laid card by card, with the version it began on.
        self.composing: dict[int, tuple[Composing, int]] = {}

    def reset(self, seed: int) -> None:
        """Deal a new round from ``seed``."""
        self.deal(seed)
        self.composing = {}

    def must_act(self, seat: int) -> bool:
        """Whether ``seat`` may not wait: it holds the mandatory window, or must meet the
        open BLAST event."""
        game = self.game
        if game.phase == Phase.BLAST:
            return seat in game.acting_seats()
        return game.phase in _MANDATORY and game.turn == seat

    def mask(self, seat: int) -> np.ndarray:
        """``seat``'s action mask now."""
        if self.game.over:
            return np.zeros(self.space.size, dtype=np.int8)
        composing = self._composing(seat)
        legal = self.game.legal_actions(seat)
        return self.space.mask(legal, seat, composing, may_wait=not self.must_act(seat))

    def observe(self, seat: int) -> np.ndarray:
        """``seat``'s observation now."""
        return self.encode(seat, self._composing(seat), reaction=not self.must_act(seat))

    def step(self, tokens: Mapping[int, int]) -> dict[int, str]:
        """One instant: every agent's token (``IllegalAction``, naming it and its mask, for a
        token outside an agent's mask; then nothing changes). Returns the refusals of the
        instant's moves by seat (the session's code and message)."""
        game = self.game
        wrong = self.outside_masks(tokens)
        if wrong:
            raise next(iter(wrong.values()))
        sends: list[tuple[int, Action]] = []
        for seat in self.agents:
            token = tokens.get(seat, self.space.wait)
            composing = self._composing(seat)
            if token == self.space.wait and composing is None:
                continue
            chosen = self.space.choose(token, game.legal_actions(seat), seat, composing)
            if isinstance(chosen, Composing):
                self.composing[seat] = (chosen, game.version)
            else:
                self.composing.pop(seat, None)
                sends.append((seat, chosen))
        for seat, bot in self.bots.items():
            legal = game.legal_actions(seat)
            answer = bot.act(game.view(seat), legal) if legal else None
            if answer is not None:
                sends.append((seat, answer))
        self.clock += self.instant_ms
        version = game.version
        for seat, action in sends:
            self.session.receive(seat, action, self.clock, version)
        refused: dict[int, str] = {}
        for ack in self.session.advance(self.clock):
            if ack.ok:
                self.note(ack)
            elif isinstance(ack.seat, int):
                refused[ack.seat] = f"{ack.code}: {ack.message}"
        self.cut_off()
        return refused

    def outside_masks(self, tokens: Mapping[int, int]) -> dict[int, IllegalAction]:
        """The agents whose token is outside their mask, each with its error."""
        wrong = {}
        for seat in self.agents:
            token = tokens.get(seat, self.space.wait)
            mask = self.mask(seat)
            if not 0 <= token < self.space.size or not mask[token]:
                why = self.space.refused(token, f"not a move of seat {seat} now")
                wrong[seat] = self.refusal(why, mask)
        return wrong

    def _composing(self, seat: int) -> Composing | None:
        """The seat's action being laid, while a legal action still follows from it."""
        laid = self.composing.get(seat)
        if laid is None:
            return None
        if laid[1] != self.game.version:  # the state moved on: does the action still fit?
            legal = self.game.legal_actions(seat)
            if not self.space.mask(legal, seat, laid[0]).any():
                del self.composing[seat]
                return None
            self.composing[seat] = laid = (laid[0], self.game.version)
        return laid[0]
