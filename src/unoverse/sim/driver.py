"""The one simulation driver for every variant (DESIGN.md), on a virtual clock.

After each accepted action it asks every seat that has legal actions for
``(action or None, delay_ms)``; the earliest non-None answer is applied; ties go to an UNO
declaration first (RULES.md C-5), then to a seeded random order; then everyone is asked
again. The seat holding the mandatory window must answer. Every accepted action is recorded
with its virtual arrival time, so a game replays exactly from its record.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..bots.base import Bot
from ..core.actions import Action, Kind
from ..core.codec import state_hash
from ..core.errors import UnoverseError
from ..core.events import Event
from ..core.game import Game, Phase
from ..core.seeding import derive
from ..match.replay import HASH_EVERY

#: A playout that reaches this many actions has failed (RULES.md E-6).
MAX_ACTIONS = 20_000


class NonTermination(UnoverseError):
    """A game that did not end within ``MAX_ACTIONS`` actions."""

    code = "non_termination"


class BotError(UnoverseError):
    """A bot that did not act in its mandatory window, or answered with an illegal action."""

    code = "bot_error"


@dataclass
class RoundRecord:
    """Everything needed to replay one round, and what it produced."""

    seed: int
    dealer: int | None  # None: the round chose its dealer itself
    eliminated: tuple[int, ...] = ()
    actions: list[tuple[int, str, float]] = field(default_factory=list)
    hashes: list[tuple[int, str]] = field(default_factory=list)
    winner: int = -1
    turns: int = 0

    def to_dict(self) -> dict[str, object]:
        """JSON-able form for replay files."""
        return {
            "seed": self.seed,
            "dealer": self.dealer,
            "eliminated": list(self.eliminated),
            "actions": [list(a) for a in self.actions],
            "hashes": [list(h) for h in self.hashes],
            "winner": self.winner,
        }


# A turn starts with one of these actions in the turn or penalty window.
_TURN_KINDS = (Kind.PLAY, Kind.DRAW, Kind.TAKE, Kind.CHALLENGE)

EventSink = Callable[[int, Action, list[Event]], None]


def next_action(
    game: Game, bots: Sequence[Bot], clock: float, ties: random.Random
) -> tuple[int, Action, float]:
    """Ask every acting seat's bot; return the earliest answer ``(seat, action, time)``.

    Ties go to an UNO declaration (C-5), then to the seeded order of ``ties``. Raises
    ``BotError`` if the seat holding the mandatory window does not act.
    """
    best: tuple[float, int, float] | None = None
    chosen: tuple[int, Action] | None = None
    for seat in game.acting_seats():
        legal = game.legal_actions(seat)
        if not legal:
            continue
        act, delay = bots[seat].act(game.view(seat), legal)
        if act is None:
            if seat == game.turn:
                raise BotError(f"bot {bots[seat].name} at seat {seat} did not act in its turn")
            continue
        key = (clock + delay, 0 if act.kind == Kind.UNO else 1, ties.random())
        if best is None or key < best:
            best, chosen = key, (seat, act)
    if best is None or chosen is None:
        raise BotError("no seat can act, yet the round is not over")
    return chosen[0], chosen[1], best[0]


def play_round(
    game: Game,
    bots: Sequence[Bot],
    record: RoundRecord,
    *,
    hashes: bool = False,
    on_events: EventSink | None = None,
    max_actions: int = MAX_ACTIONS,
) -> RoundRecord:
    """Play ``game`` to its end with ``bots`` (one per seat), filling ``record``."""
    ties = random.Random(derive(record.seed, "ties"))
    clock = 0.0
    chain = ""
    if hashes:
        chain = state_hash(game)
        record.hashes.append((0, chain))
    count = 0
    while not game.over:
        if count >= max_actions:
            raise NonTermination(
                f"game with seed {record.seed} did not end in {max_actions} actions"
            )
        seat, act, clock = next_action(game, bots, clock, ties)
        turn_phase = game.phase in (Phase.TURN, Phase.PENALTY) and seat == game.turn
        events = game.apply(seat, act)
        if turn_phase and act.kind in _TURN_KINDS:
            record.turns += 1
        count += 1
        record.actions.append((seat, str(act), round(clock, 3)))
        if on_events is not None:
            on_events(seat, act, events)
        if hashes and count % HASH_EVERY == 0:
            chain = state_hash(game, chain)
            record.hashes.append((count, chain))
    if hashes and count % HASH_EVERY != 0:
        record.hashes.append((count, state_hash(game, chain)))
    record.winner = game.winner
    return record
