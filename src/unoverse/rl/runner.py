"""One round for learning agents: who is asked next, in a documented order (docs/rl.md,
"Turn order"), with the bots and the fixed reactions playing every other decision.

The round runs in a ``unoverse.match.session.Session`` on a virtual clock, as the simulator's
rounds do, so every action goes through the session's checks and the engine's ``apply``,
and BLAST mode's stall safeguard comes from the session. After each accepted action the
runner asks, one at a time:

1. in a BLAST event, each seat that must still meet it, in the engine's resolution order;
2. otherwise, each seat other than the mandatory window's holder that has a legal action
   (an UNO call, a catch, a jump-in; any seat in BLAST mode's live play), starting after the
   holder (after the last seat that acted in live play) and going up by seat index; each is
   asked once per state and may ``wait``;
3. then the holder of the mandatory window (turn, drawn card, penalty, challenge, first
   colour), which must act.

In live play, once every seat has waited on a state the session's stall safeguard plays a
card (RULES.md §5.8). A seat that belongs to a bot is answered by the bot; with
``reactions=False``, an agent's out-of-turn windows are answered by a fixed policy: it
declares UNO as soon as it may, never catches or jumps in, and meets a BLAST event with its
first qualifying set.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence

import numpy as np

from ..bots.base import Bot, make_bot
from ..core import events as ev
from ..core.actions import UNO, Action
from ..core.errors import BadPlayerCount, IllegalAction
from ..core.game import Game, Phase
from ..core.seeding import derive
from ..core.setup import new_game
from ..match.session import Session
from ..sim.driver import MAX_ACTIONS, STALL_MS
from .actions import ActionSpace, Composing
from .observation import HISTORY, Observation, Played

#: Virtual milliseconds between two accepted actions (more than BLAST mode's simultaneity
#: window, so a turn-by-turn agent never plays "at the same time" as another).
STEP_MS = 1000.0
#: Reward at the end of a round: the winner's, and every other seat's.
WIN, LOSS = 1.0, -1.0

_MANDATORY = (Phase.TURN, Phase.DRAWN, Phase.PENALTY, Phase.COLOR)


class Runner:
    """A round with learning agents at ``agents`` and bots at the other seats (see the
    module's docstring). ``reset`` deals; ``current`` is the agent seat asked now (None once
    the round is over); ``act`` answers it with a token of ``space``."""

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
        if self.rules.realtime and not reactions:
            raise ValueError(
                "BLAST mode has no turns: every move is out of turn, so reactions=False "
                "leaves nothing to learn (use reactions=True, or parallel_env)"
            )
        self.reactions = reactions
        self.space = ActionSpace(self.rules, players)
        self.observation = Observation(self.rules, players, self.space.cards, history)
        self.game: Game = probe
        self.session = Session(probe, 0)
        self.bots: dict[int, Bot] = {}
        self.current: int | None = None
        self.may_wait = False
        self.composing: Composing | None = None
        self.plays: deque[Played] = deque(maxlen=max(history, 1))
        self.clock = 0.0
        self._asked: set[int] = set()
        self._asked_at = -1
        self._last = 0
        self.truncated = False

    # -- the round -------------------------------------------------------------------------
    def reset(self, seed: int) -> None:
        """Deal a new round from ``seed`` (its bots and tie-breaks derived from it too)."""
        self.game = new_game(self.preset, self.players, seed)
        stall = STALL_MS if self.rules.realtime else None
        self.session = Session(self.game, derive(seed, "session"), stall_ms=stall)
        self.bots = {s: make_bot(spec, seed, s) for s, spec in self.opponent_specs.items()}
        self.plays.clear()
        self.clock = 0.0
        self.composing = None
        self.truncated = False
        self._asked, self._asked_at = set(), -1
        self._last = self.game.turn
        self._advance()

    @property
    def over(self) -> bool:
        """Whether the round has ended (or was cut off: ``truncated``)."""
        return self.game.over or self.truncated

    def reward(self, seat: int) -> float:
        """The seat's reward once the round is over (0 before, and when cut off)."""
        if not self.game.over:
            return 0.0
        return WIN if seat == self.game.winner else LOSS

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
        laid: tuple[int, ...] = ()
        if asked and self.composing is not None:
            laid = (self.composing.head[1], *self.composing.more)
        return self.observation.encode(
            self.game.view(seat), self.plays, laid, reaction=asked and self.may_wait
        )

    def act(self, token: int) -> None:
        """The current agent's answer; ``IllegalAction`` (naming the token and the mask)
        when the mask refuses it, and nothing changes."""
        seat = self.current
        if seat is None:
            raise IllegalAction(f"action {token}: nobody is asked to act (the round is over)")
        if token == self.space.wait and not self.composing:
            if not self.may_wait:
                raise IllegalAction(self._refused(token, "this seat must act now"))
            self._asked.add(seat)
            self._advance()
            return
        try:
            chosen = self.space.choose(token, self.legal(), seat, self.composing)
        except IllegalAction as exc:
            raise IllegalAction(f"{exc}; {self._mask_text()}") from None
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
        while not game.over:
            if len(self.session.log) >= MAX_ACTIONS:
                self.truncated = True
                break
            if self._asked_at != game.version:
                self._asked, self._asked_at = set(), game.version
            due = self.session.deadline()
            if due is not None and due <= self.clock + STEP_MS:
                self._referee()  # the stall falls before the next answer could arrive
                continue
            seat, reaction = self._next_seat()
            if seat is None:
                self._referee()
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

    def _referee(self) -> None:
        """In live play, when every seat has waited or no card has landed for the stall
        time, the session's stall safeguard plays a card."""
        due = self.session.deadline()
        if due is None:
            raise RuntimeError(f"round of {self.preset}: no seat can act, yet it is not over")
        self.clock = max(self.clock, due)
        ack = self.session.step()
        if ack is None or not ack.ok:
            raise RuntimeError(f"round of {self.preset}: the session's referee was refused")
        self._note(ack.events)

    def _apply(self, seat: int, action: Action) -> None:
        self.clock += STEP_MS
        self.session.receive(seat, action, self.clock, self.game.version)
        ack = self.session.step()
        if ack is None or not ack.ok:
            why = "nothing processed" if ack is None else f"{ack.code}: {ack.message}"
            raise IllegalAction(f"{action} by seat {seat} was refused ({why})")
        self._last = seat
        self._note(ack.events)

    def _note(self, events: Sequence[ev.Event]) -> None:
        """Keep the public plays for the observations' history."""
        for e in events:
            if e.kind == ev.PLAY and e.seat is not None:
                for i, card in enumerate(e.cards):
                    last = i == len(e.cards) - 1
                    self.plays.append((e.seat, card, e.color if last else -1))

    def _refused(self, token: int, why: str) -> str:
        name = self.space.names[token] if 0 <= token < self.space.size else "no such token"
        return f"action {token} ({name}) is not in the mask: {why}; {self._mask_text()}"

    def _mask_text(self) -> str:
        allowed = np.flatnonzero(self.mask())
        shown = ", ".join(f"{i} ({self.space.names[i]})" for i in allowed[:12])
        more = f" and {len(allowed) - 12} more" if len(allowed) > 12 else ""
        return f"the mask allows {shown}{more}"
