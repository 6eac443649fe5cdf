"""The one simulation driver for every variant (DESIGN.md), a client of the match session
on a virtual clock.

``play_round`` puts the round in a ``unoverse.match.session.Session`` and seats the bots
at a ``Table``. Before each step the table asks every seat that has legal actions and no
answer on its way for an action (or ``None``), then for that answer's reaction time
(``Bot.delay()``), and sends it to the session stamped with its arrival time (the virtual
clock plus the delay, on a microsecond grid) and the version it was asked at. The session
applies answers in arrival order (ties: an UNO declaration first, RULES.md C-5, then its
seeded order, P8) and refuses, with a typed error that changes nothing, an answer that
arrives after the state moved on: a jump-in on a card already covered, a catch after its
window closed, a move decided before the top card or the mandatory window changed
(``stale``). The refused seat is asked again. The seat holding the mandatory window must
answer, unless the round has deadlines (``deadline_ms``), where the session times it out.
The record's actions are the session's log, so a round replays exactly from its record.

When one seat alone can act and no answer is on its way (in Classic without house rules,
nearly every step), the table asks that seat and hands its answer to ``Session.answer``,
which applies it at once, as the inbox would apply an answer alone on the timeline: the
same log entry, clock, refusal and ticket number, its tie value owed (docs/match.md).
Queued, such an answer cost the driver as much again as the game. Rounds with
``deadline_ms`` and BLAST mode, where a deadline or a race must be weighed, queue every
answer.

In UNO Blast's BLAST mode (RULES.md §5.8) every active seat is asked all the time, and its
play races the others' to the session: the first accepted card wins, and one stamped within
the simultaneity window after it is refused with its holding penalty. A play of the card a
seat has armed arrives after ``armed_delay_ms`` (80 by default) instead of a reaction time:
the reason to arm. When no card lands for ``stall_ms`` (12,500) while a seat could play one,
the session's ``stall`` plays one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from mypy_extensions import mypyc_attr

from ..bots.base import Bot
from ..core.actions import STALL, STUCK, TIMEOUT, Action, Kind
from ..core.codec import state_hash
from ..core.errors import UnoverseError
from ..core.events import Event
from ..core.game import Game, Phase
from ..match.replay import HASH_EVERY, action_tags
from ..match.session import Inbox, LogEntry, Mark, Session, mark, stale_move

#: A playout that reaches this many actions has failed (RULES.md E-6).
MAX_ACTIONS = 20_000
#: BLAST mode: a play of the armed card arrives this many ms after it is decided.
ARMED_DELAY_MS = 80.0
#: BLAST mode: the session's stall safeguard, in ms without a card landing (§5.8).
STALL_MS = 12_500.0


# Not native classes: mypyc would drop the ``code`` a compiled subclass of an interpreted
# exception sets (it would read "error").
@mypyc_attr(native_class=False)
class NonTermination(UnoverseError):
    """A game that did not end within ``MAX_ACTIONS`` actions."""

    code = "non_termination"


@mypyc_attr(native_class=False)
class BotError(UnoverseError):
    """A bot that did not act in its mandatory window, or that answered with refused actions
    without end (more of them than ``max_actions``): the bot's defect, not the game's."""

    code = "bot_error"


@dataclass
class RoundRecord:
    """Everything needed to replay one round, and what it produced."""

    seed: int
    dealer: int | None  # None: the round chose its dealer itself
    eliminated: tuple[int, ...] = ()
    # the session's log: (seat, action, arrival time); seat None is the referee's timeout
    actions: list[LogEntry] = field(default_factory=list)
    hashes: list[tuple[int, str]] = field(default_factory=list)
    winner: int = -1
    turns: int = 0
    # answers refused on arrival (seat, action, time, error code): the state had moved on
    rejected: list[tuple[int, str, float, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        """JSON-able form for replay files (``match.replay``): the actions with their action
        chain's tags, the state hashes (``play_round``'s ``hashes``)."""
        return {
            "seed": self.seed,
            "dealer": self.dealer,
            "eliminated": list(self.eliminated),
            "actions": [list(a) for a in self.actions],
            "tags": "".join(action_tags(self.actions)),
            "hashes": [list(h) for h in self.hashes],
            "winner": self.winner,
        }


# A turn starts with one of these actions in the turn or penalty window.
_TURN_KINDS: Final = (Kind.PLAY, Kind.DRAW, Kind.PRESS, Kind.TAKE, Kind.CHALLENGE)
_TURN: Final = Phase.TURN
_PENALTY: Final = Phase.PENALTY
_LIVE: Final = Phase.LIVE
_PLAY: Final = Kind.PLAY
#: The referee's actions that name a seat in their first event, by text.
_REFEREE_PLAYS: Final = {"stall": STALL, "stuck": STUCK}

EventSink = Callable[[int, Action, list[Event]], None]
"""Called after every accepted action with ``(seat, action, events)``; for a timeout, the
seat timed out and the ``timeout`` action; for a stall, the seat whose card it played; for
a round nobody played (``stuck``, U-C-14), its winner."""

Send = Callable[[int, Action, float, int], object]
"""Where a table sends an answer: ``(seat, action, arrival time, version asked at)``."""


def on_grid(ms: float) -> float:
    """``round(ms, 3)``, the time on the microsecond grid: the very same float, without the
    decimal conversion ``round`` makes (about 2,700 instructions a call in the compiled
    build, a sixth of the driver's cost over the engine's before its lone-seat path).

    For ``0 < y < 1e12``, ``y = ms * 1000.0`` is within half a unit in its last place
    (2**-14) of the exact product; so when y's fractional part is more than 0.001 from one
    half, y and the exact product round to the same integer ``k``, and ``k / 1000.0`` (two
    exact integers, one correctly rounded division) is the float nearest to ``k`` thousandths,
    which is what ``round`` returns. Any other time (within 0.001 of a half, zero, not
    positive, more than 31 years, not finite) goes to ``round``."""
    y = ms * 1000.0
    if 0.0 < y < 1e12:
        frac = y % 1.0
        if frac < 0.499:
            return (y - frac) / 1000.0
        if frac > 0.501:
            return (y - frac + 1.0) / 1000.0
    return round(ms, 3)


class Table:
    """The bots at a table and their answers on the way, on the virtual clock.

    With ``must_act`` (the default) a bot that passes in its own mandatory window is a
    ``BotError``; without it the window waits for its deadline.
    """

    def __init__(
        self,
        bots: Sequence[Bot],
        seed: int,
        *,
        must_act: bool = True,
        armed_delay_ms: float = ARMED_DELAY_MS,
    ) -> None:
        self.bots = bots
        self.seed = seed
        self.must_act = must_act
        self.armed_delay_ms = armed_delay_ms
        self.clock = 0.0
        #: seat -> the answer it has on its way
        self.waiting: dict[int, Action] = {}
        self._inbox: Inbox | None = None  # for ``next``, which runs without a session
        self._marks: dict[int, Mark] = {}  # for ``next``: the state at each version asked

    def ask(self, game: Game, send: Send) -> None:
        """Ask every acting seat that has no answer on its way, and send each answer."""
        waiting = self.waiting
        for seat in game.acting_seats():
            if seat in waiting:
                continue
            act = self.decide(game, seat)
            if act is None:
                continue
            waiting[seat] = act
            send(seat, act, self.arrival(game, seat, act), game.version)

    def decide(self, game: Game, seat: int) -> Action | None:
        """``seat``'s bot's answer to the state now: None if the seat has no legal action or
        passes (a ``BotError`` in its own mandatory window, with ``must_act``)."""
        legal = game.legal_actions(seat)
        if not legal:
            return None
        bot = self.bots[seat]
        act = bot.act(game.view(seat), legal)
        if act is None and seat == game.turn and self.must_act and game.phase is not _LIVE:
            raise BotError(f"bot {bot.name} at seat {seat} did not act")
        return act

    def arrival(self, game: Game, seat: int, act: Action) -> float:
        """When ``seat``'s answer ``act``, just decided, arrives: the clock plus the bot's
        reaction time (drawn here, one per answer), or plus ``armed_delay_ms`` for a play of
        the card the seat has armed; on the microsecond grid."""
        b = game.blast
        armed = act.kind is _PLAY and b is not None and act.card == b.armed[seat]
        delay = self.armed_delay_ms if armed else self.bots[seat].delay()
        return on_grid(self.clock + delay)

    def answered(self, seat: object, at: float) -> Action | None:
        """The session has processed an action arriving at ``at`` (``seat``'s answer, if it
        had one on its way: returned, and the seat will be asked again)."""
        self.clock = at
        return self.waiting.pop(seat, None) if isinstance(seat, int) else None

    def next(self, game: Game) -> tuple[int, Action, float]:
        """Without a session: the next answer to arrive that the session would not refuse as
        stale (``stale_move``: its seat is asked again), ``(seat, action, arrival time)``, in
        the session's order. The caller applies it, one answer per call."""
        if self._inbox is None:
            self._inbox = Inbox(self.seed)
        inbox, marks = self._inbox, self._marks
        now = marks[game.version] = mark(game)
        while True:
            self.ask(game, inbox.put)
            ticket = inbox.pop()
            if ticket is None:
                raise BotError("no seat can act, yet the round is not over")
            seat, act, version = ticket.seat, ticket.action, ticket.version
            assert seat is not None and act is not None and version is not None  # a bot's
            self.answered(seat, ticket.at)
            if version == game.version or not stale_move(marks[version], now, seat, act):
                return seat, act, ticket.at


def play_round(
    game: Game,
    bots: Sequence[Bot],
    record: RoundRecord,
    *,
    hashes: bool = False,
    on_events: EventSink | None = None,
    max_actions: int = MAX_ACTIONS,
    deadline_ms: float | None = None,
    armed_delay_ms: float = ARMED_DELAY_MS,
    stall_ms: float = STALL_MS,
) -> RoundRecord:
    """Play ``game`` to its end with ``bots`` (one per seat), filling ``record``. With
    ``deadline_ms`` a mandatory window not answered in time gets the session's timeout; in
    BLAST mode, ``armed_delay_ms`` and ``stall_ms`` (see the module's docstring)."""
    session = Session(game, record.seed, deadline_ms=deadline_ms, stall_ms=stall_ms)
    record.actions = session.log
    table = Table(bots, record.seed, must_act=deadline_ms is None, armed_delay_ms=armed_delay_ms)
    waiting = table.waiting
    # Without deadlines or BLAST mode, a seat alone in being able to act, with no other answer
    # on its way, gets its answer processed as it is sent (``Session.answer``): what the
    # inbox would do with it, without the inbox.
    lone = deadline_ms is None and not game.rules.realtime
    chain = ""
    if hashes:
        chain = state_hash(game)
        record.hashes.append((0, chain))
    count = 0
    while not game.over:
        if count >= max_actions:
            if hashes and count % HASH_EVERY != 0:  # the chain ends where the round stopped
                record.hashes.append((count, state_hash(game, chain)))
            raise NonTermination(
                f"game with seed {record.seed} did not end in {max_actions} actions"
            )
        holder, phase = game.turn, game.phase
        turn = holder if phase is _TURN or phase is _PENALTY else -1
        seat: object
        act: Action | None
        seats = game.acting_seats() if lone and not waiting else ()
        if len(seats) == 1:  # one seat may act, and nothing else is on its way
            one = seats[0]
            act = table.decide(game, one)
            ack = None if act is None else session.answer(one, act, table.arrival(game, one, act))
            if ack is None:  # it passed, or its answer was refused on receipt
                raise BotError("no seat can act, yet the round is not over")
            seat = one
            table.clock = ack.at
        else:
            table.ask(game, session.receive)
            ack = session.step()
            if ack is None:
                raise BotError("no seat can act, yet the round is not over")
            seat = ack.seat
            act = table.answered(seat, ack.at)
        if not ack.ok:  # it arrived too late: refused, nothing changed
            if isinstance(seat, int):
                record.rejected.append((seat, ack.action, ack.at, ack.code))
            if len(record.rejected) > max_actions:  # a bot that repeats a refused move
                raise BotError(
                    f"game with seed {record.seed}: over {max_actions} answers refused, the "
                    f"last {ack.action!r} from seat {seat} ({ack.code}: {ack.message})"
                )
            continue
        events = ack.events
        if not isinstance(seat, int) and ack.action in _REFEREE_PLAYS:
            # a stall: the seat that played; a round nobody played (U-C-14): its winner
            act = _REFEREE_PLAYS[ack.action]
            seat = events[0].seat if isinstance(events[0].seat, int) else holder
        elif act is None or not isinstance(seat, int):  # the referee's timeout of the holder
            act, seat = TIMEOUT, holder
            if turn >= 0:
                record.turns += 1
        elif seat == turn and act.kind in _TURN_KINDS:
            record.turns += 1
        count += 1
        if on_events is not None:
            on_events(seat, act, events)
        if hashes and count % HASH_EVERY == 0:
            chain = state_hash(game, chain)
            record.hashes.append((count, chain))
    if hashes and count % HASH_EVERY != 0:
        record.hashes.append((count, state_hash(game, chain)))
    record.winner = game.winner
    return record
