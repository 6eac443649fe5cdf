"""The one simulation driver for every variant (DESIGN.md), on a virtual clock.

After each accepted action it asks every seat that has legal actions and no answer on its
way for an action (or ``None``), then for that answer's reaction time (``Bot.delay()``); an
answer arrives that many milliseconds after it was asked.
Answers are applied in arrival order, ties going to an UNO declaration first (RULES.md C-5),
then to a seeded random order. An answer that arrives after the state moved on — a jump-in
on a card already covered, a catch after the window closed — is refused by the engine with
its typed error (``stale`` for a jump-in, RULES.md §4.9) and changes nothing; its seat is
asked again. The seat holding the mandatory window must answer. Every accepted action is
recorded with its virtual arrival time, so a game replays exactly from its record.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..bots.base import Bot
from ..core.actions import Action, Kind
from ..core.codec import state_hash
from ..core.errors import UnoverseError
from ..core.events import Event
from ..core.game import Game, Phase
from ..core.seeding import Stream, derive
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
    # answers refused on arrival (seat, action, time, error code): the state had moved on
    rejected: list[tuple[int, str, float, str]] = field(default_factory=list)

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


class Table:
    """The bots at a table and their answers on the way, on the virtual clock."""

    def __init__(self, bots: Sequence[Bot], seed: int) -> None:
        self.bots = bots
        self.ties = Stream(derive(seed, "ties"))
        self.clock = 0.0
        self.flight: dict[int, tuple[tuple[float, int, float], Action]] = {}

    def ask(self, game: Game) -> None:
        """Ask every acting seat that has no answer on its way. Raises ``BotError`` if the
        seat holding the mandatory window does not act."""
        for seat in game.acting_seats():
            if seat in self.flight:
                continue
            legal = game.legal_actions(seat)
            if not legal:
                continue
            bot = self.bots[seat]
            act = bot.act(game.view(seat), legal)
            if act is None:
                if seat == game.turn:
                    raise BotError(f"bot {bot.name} at seat {seat} did not act")
                continue
            delay = bot.delay()
            key = (self.clock + delay, 0 if act.kind == Kind.UNO else 1, self.ties.random())
            self.flight[seat] = (key, act)

    def next(self, game: Game) -> tuple[int, Action, float]:
        """The next answer to arrive: ``(seat, action, arrival time)``."""
        self.ask(game)
        if not self.flight:
            raise BotError("no seat can act, yet the round is not over")
        seat = min(self.flight, key=lambda s: self.flight[s][0])
        key, act = self.flight.pop(seat)
        self.clock = key[0]
        return seat, act, key[0]


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
    table = Table(bots, record.seed)
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
        seat, act, clock = table.next(game)
        turn_phase = game.phase in (Phase.TURN, Phase.PENALTY) and seat == game.turn
        try:
            events = game.apply(seat, act)
        except UnoverseError as exc:  # it arrived too late: refused, nothing changed
            record.rejected.append((seat, str(act), round(clock, 3), exc.code))
            continue
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
