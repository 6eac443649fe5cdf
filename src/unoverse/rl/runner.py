"""A round for PettingZoo's AEC API: who is asked next, one agent at a time, in a documented
order (docs/rl.md, "Turn order"), with the bots and the fixed reactions playing every other
decision.

After each accepted action the runner asks, one at a time:

1. in a BLAST event, each seat that must still meet it, in the engine's resolution order;
2. otherwise, each seat other than the mandatory window's holder that has a legal action
   (an UNO call, a catch, a jump-in; any seat in BLAST mode's live play), starting after the
   holder (after the last seat that acted in live play) and going up by seat index; each is
   asked once per state and may ``wait``;
3. then the holder of the mandatory window (turn, drawn card, penalty, challenge, first
   colour), which must act.

Each accepted action is stamped ``STEP_MS`` after the last. In live play, once every seat has
waited on a state, or no card has landed for the stall time, the session's stall safeguard
plays a card (RULES.md §5.8). A seat that belongs to a bot is answered by the bot; with
``reactions=False``, an agent's out-of-turn windows are answered by a fixed policy: it
declares UNO as soon as it may, never catches or jumps in, and meets a BLAST event with its
first qualifying set.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from ..core.actions import UNO, Action
from ..core.errors import IllegalAction
from ..core.game import Phase
from .actions import Composing
from .observation import HISTORY
from .round import Round

#: Virtual milliseconds between two accepted actions (more than BLAST mode's simultaneity
#: window, so a turn-by-turn agent never plays "at the same time" as another).
STEP_MS = 1000.0

_MANDATORY = (Phase.TURN, Phase.DRAWN, Phase.PENALTY, Phase.COLOR)


class Runner(Round):
    """A round asked one agent at a time (see the module's docstring). ``reset`` deals;
    ``current`` is the agent seat asked now (None once the round is over); ``act`` answers
    it with a token of ``space``."""

    def __init__(
        self,
        preset: str,
        players: int,
        *,
        agents: Sequence[int] | None = None,
        opponents: Mapping[int, str] | None = None,
        reactions: bool = True,
        history: int = HISTORY,
    ) -> None:
        super().__init__(preset, players, agents=agents, opponents=opponents, history=history)
        if self.rules.realtime and not reactions:
            raise ValueError(
                "BLAST mode has no turns: every move is out of turn, so reactions=False "
                "leaves nothing to learn (use reactions=True, or parallel_env)"
            )
        self.reactions = reactions
        self.current: int | None = None
        self.may_wait = False
        self.composing: Composing | None = None
        self._asked: set[int] = set()
        self._asked_at = -1
        self._last = 0

    def reset(self, seed: int) -> None:
        """Deal a new round from ``seed``, and play up to the first agent's question."""
        self.deal(seed)
        self.composing = None
        self._asked, self._asked_at = set(), -1
        self._last = self.game.turn
        self._advance()

    def legal(self) -> Sequence[Action]:
        """The current agent's legal actions."""
        return () if self.current is None else self.game.legal_actions(self.current)

    def mask(self) -> np.ndarray:
        """The action mask of the current agent (all zeros when nobody is asked)."""
        if self.current is None:
            return np.zeros(self.space.size, dtype=np.int8)
        return self.space.mask(self.legal(), self.current, self.composing, self.may_wait)

    def observe(self, seat: int) -> np.ndarray:
        """``seat``'s observation now."""
        asked = seat == self.current
        return self.encode(
            seat, self.composing if asked else None, reaction=asked and self.may_wait
        )

    def act(self, token: int) -> None:
        """The current agent's answer; ``IllegalAction`` (naming the token and the mask)
        when the mask refuses it, and nothing changes."""
        seat = self.current
        if seat is None:
            raise IllegalAction(f"action {token}: nobody is asked to act (the round is over)")
        if token == self.space.wait and self.composing is None:
            if not self.may_wait:
                why = self.space.refused(token, "this seat must act now")
                raise self.refusal(why, self.mask())
            self._asked.add(seat)
            self._advance()
            return
        try:
            chosen = self.space.choose(token, self.legal(), seat, self.composing)
        except IllegalAction as exc:
            raise self.refusal(str(exc), self.mask()) from None
        if isinstance(chosen, Composing):
            self.composing = chosen
            return
        self.composing = None
        self._apply(seat, chosen)
        self._advance()

    # -- asking ----------------------------------------------------------------------------
    def _advance(self) -> None:
        """Play bots and fixed reactions until an agent is asked, or the round is over."""
        game = self.game
        while not game.over and not self.cut_off():
            if self._asked_at != game.version:
                self._asked, self._asked_at = set(), game.version
            due = self.session.deadline()
            if due is not None and due <= self.clock + STEP_MS:
                self.referee()  # the stall falls before the next answer could arrive
                continue
            seat, reaction = self._next_seat()
            if seat is None:
                self.referee()
                continue
            if seat in self.bots:
                bot = self.bots[seat]
                answer = bot.act(game.view(seat), game.legal_actions(seat))
                if answer is None:
                    if not reaction:
                        raise RuntimeError(f"bot {bot.name} at seat {seat} did not act")
                    self._asked.add(seat)
                else:
                    self._apply(seat, answer)
                continue
            if not self.reactions and (reaction or game.phase == Phase.BLAST):
                self._fixed_reaction(seat, reaction)
                continue
            self.current, self.may_wait = seat, reaction
            return
        self.current, self.may_wait = None, False

    def _next_seat(self) -> tuple[int | None, bool]:
        """Who is asked next, and whether it may wait (see the module's docstring)."""
        game = self.game
        acting = game.acting_seats()
        if game.phase == Phase.BLAST:
            return (acting[0], False) if acting else (None, False)
        holder = game.turn if game.phase in _MANDATORY else -1
        start = holder if holder >= 0 else self._last
        n = game.n
        for step in range(1, n + 1):
            s = (start + step) % n
            if s != holder and s in acting and s not in self._asked:
                return s, True
        if holder >= 0:
            return holder, False
        return None, False

    def _fixed_reaction(self, seat: int, reaction: bool) -> None:
        """``reactions=False``: an agent's out-of-turn answer (see the module's docstring)."""
        legal = self.game.legal_actions(seat)
        if not reaction:  # a BLAST event to meet: the first qualifying set
            self._apply(seat, legal[0])
        elif UNO in legal:
            self._apply(seat, UNO)
        else:
            self._asked.add(seat)

    def _apply(self, seat: int, action: Action) -> None:
        self.clock += STEP_MS
        self.session.receive(seat, action, self.clock, self.game.version)
        ack = self.session.step()
        if ack is None or not ack.ok:
            why = "nothing processed" if ack is None else f"{ack.code}: {ack.message}"
            raise IllegalAction(f"{action} by seat {seat} was refused ({why})")
        self._last = seat
        self.note(ack)
