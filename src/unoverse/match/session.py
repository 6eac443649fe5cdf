"""The match session: one writer per game, on any clock (docs/match.md).

The engine has no clock (DESIGN.md "Real time without a clock in the rules"). A session owns
one round and is the only thing that changes it: actions from any seat arrive stamped with
their arrival time (and, optionally, the state version their sender saw), wait in an inbox
ordered by arrival time, an UNO declaration first in the same instant (RULES.md C-5), then a
tie value drawn from the session's seeded stream when the action was received (P8), and are
applied one at a time. Every action gets an ``Ack``: the new state version and the events, or
a typed error (``illegal``, ``not_your_window``, ``stale``, ``notation``, ``bad_time``) that
changed nothing. A mandatory window whose deadline passes gets the referee's ``timeout``
action, through the same ``Game.apply``. Accepted actions go to the log (and to the ``store``
callable) before their ``Ack`` exists, so nothing acknowledged is lost, and the log replays
the round exactly (``unoverse.match.replay.replay_round``).

The same session serves a server on the wall clock (``submit``, ``advance``) and the
simulation driver on a virtual clock (``receive``, ``step``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from heapq import heappop, heappush
from typing import Final

from mypy_extensions import mypyc_attr

from .. import i18n
from ..core import windows as win
from ..core.actions import (
    STALL,
    STUCK,
    TIMEOUT,
    Action,
    Kind,
    check_form,
    form_error,
    parse_action,
)
from ..core.blast.machinery import can_play
from ..core.cards import CARD_TEXT
from ..core.errors import (
    IllegalAction,
    NotationError,
    NotYourWindow,
    StaleAction,
    UnoverseError,
)
from ..core.events import Event, redact
from ..core.game import Game
from ..core.options import shown
from ..core.phase import Phase
from ..core.seeding import Stream, derive
from ..core.windows import Window

LogEntry = tuple[int | None, str, float]
"""One accepted action: ``(seat, action text, arrival time)``; seat ``None`` is the referee
(a ``timeout``). The ``i``-th entry of a session's log made version ``start_version + i + 1``."""

Store = Callable[[int, LogEntry], None]
"""Called with ``(new version, entry)`` for every accepted action, before its ``Ack``."""

# What the session keeps of every version of the round: the top card's serial number, the
# top card, the active colour, the mandatory window (None once over), all open windows and
# the hand sizes.
Mark = tuple[int, int, int, Window | None, tuple[Window, ...], tuple[int, ...]]

#: Marks a refusal's reason (a catalogue key: ``core.reasons``).
N_: Final = i18n.N_
_INFINITY: Final = math.inf
#: How far after the session's clock an arrival time may be, by default: 24 hours (ms).
HORIZON_MS: Final = 86_400_000.0
#: Consecutive referee actions, per seat at the table, after which a round nobody plays
#: ends as stuck (U-C-14).
IDLE_PER_SEAT: Final = 3
_LIVE: Final = Phase.LIVE
_LIVE_WINDOW: Final = win.LIVE_WINDOWS[0]
_UNO: Final = Kind.UNO

#: The kinds of action that answer the turn holder's mandatory window.
MANDATORY: Final = (
    Kind.PLAY,
    Kind.DRAW,
    Kind.PRESS,
    Kind.PASS,
    Kind.TAKE,
    Kind.CHALLENGE,
    Kind.COLOR,
)


# Not a native class: mypyc would drop the ``code`` a compiled subclass of an interpreted
# exception sets (it would read "error").
@mypyc_attr(native_class=False)
class BadTime(UnoverseError, ValueError):
    """A time the session cannot use: an arrival time that is not a finite number, or earlier
    than the last action the session has processed (arrivals are applied in time order and
    cannot go back); a time to ``advance`` to that is not a number; or a setting of the
    session's clock (its deadline, stall time, horizon, start or idle limit) that is not a
    number in its range, when the session is made. (A ``ValueError`` too, as the settings'
    refusals were.)"""

    code = "bad_time"


class Ack:
    """The answer to one action: accepted (``ok``, the new ``version``, the ``events``) or
    refused (the typed ``error``, and its ``code``, ``message``, ``reason`` and ``fields``;
    ``version`` unchanged, no events).

    ``events`` are the engine's events, with every hidden card: send a seat only
    ``events_for(seat)``. ``seat`` is the seat as it was sent (``None``: the referee);
    ``ticket`` the number ``receive`` gave the action (``None`` for a ``timeout``).
    """

    __slots__ = ("action", "at", "code", "error", "events", "ok", "seat", "ticket", "version")

    def __init__(
        self,
        ticket: int | None,
        seat: object,
        action: str,
        at: float,
        version: int,
        events: list[Event],
        error: UnoverseError | None = None,
    ) -> None:
        self.ticket = ticket
        self.seat = seat
        self.action = action
        self.at = at
        self.version = version
        self.events = events
        self.error = error
        self.code = "" if error is None else error.code
        self.ok = error is None

    @property
    def message(self) -> str:
        """Why the action was refused, in an English sentence ("" if it was accepted)."""
        return "" if self.error is None else self.error.message

    @property
    def reason(self) -> str:
        """The refusal's reason, a catalogue key (``core.reasons``; "" if none)."""
        return "" if self.error is None else self.error.reason

    @property
    def fields(self) -> dict[str, object]:
        """The reason's typed fields (``core.reasons``)."""
        return {} if self.error is None else self.error.fields

    def events_for(self, seat: int | None) -> list[Event]:
        """The events as ``seat`` may see them (``None``: a spectator), hidden ones left out."""
        out = []
        for e in self.events:
            seen = redact(e, seat)
            if seen is not None:
                out.append(seen)
        return out

    def __repr__(self) -> str:
        head = f"Ack(#{self.ticket} seat {self.seat!r} {self.action!r} at {self.at}"
        if self.ok:
            return f"{head}: version {self.version})"
        return f"{head}: {self.code}: {self.message})"


class Ticket:
    """An action received by a session; ``ack`` is set once it is processed. One refused on
    receipt is never queued: its ``ack`` is set at once, its ``number`` is -1, and its
    ``action`` is None if it did not parse."""

    __slots__ = ("ack", "action", "at", "number", "seat", "version")

    def __init__(
        self, number: int, seat: int | None, action: Action | None, at: float, version: int | None
    ) -> None:
        self.number = number
        self.seat = seat
        self.action = action
        self.at = at
        self.version = version
        self.ack: Ack | None = None


class Inbox:
    """Received actions not yet processed, earliest first: by arrival time, then an UNO
    declaration before any other action of the same instant (C-5), then a tie value drawn
    from the seeded stream ``derive(seed, "ties")`` when the action is put in (P8)."""

    __slots__ = ("_count", "_heap", "_owed", "_ties", "queued")

    def __init__(self, seed: int) -> None:
        self._ties = Stream(derive(seed, "ties"))
        self._heap: list[tuple[float, int, float, int, Ticket]] = []
        self._count = 0
        #: tie values of actions numbered by ``bypass``, not drawn yet
        self._owed = 0
        #: seat -> how many of its actions wait
        self.queued: dict[int | None, int] = {}

    def put(self, seat: int | None, action: Action, at: float, version: int | None) -> Ticket:
        """Queue an action; its ticket."""
        n = self._count
        self._count = n + 1
        ticket = Ticket(n, seat, action, at, version)
        first = 0 if action.kind == _UNO else 1
        ties = self._ties
        while self._owed:
            ties.random()
            self._owed -= 1
        heappush(self._heap, (at, first, ties.random(), n, ticket))
        self.queued[seat] = self.queued.get(seat, 0) + 1
        return ticket

    def bypass(self) -> int:
        """Number an action that is processed as it arrives, never queued
        (``Session.answer``): its ticket number. The tie value ``put`` would have drawn for
        it is owed, and drawn (unread) before the next action's, so the actions put after it
        get the numbers and tie values they would have got had it been put in and popped at
        once; a round that never queues an action never hashes a block of the tie stream."""
        n = self._count
        self._count = n + 1
        self._owed += 1
        return n

    def pop(self, until: float = _INFINITY) -> Ticket | None:
        """Remove and return the next action if it arrived at or before ``until``; else
        (or when empty) None."""
        heap = self._heap
        if not heap or heap[0][0] > until:
            return None
        ticket = heappop(heap)[4]
        self.queued[ticket.seat] -= 1
        return ticket

    def __len__(self) -> int:
        return len(self._heap)


class Session:
    """One round and the only writer to it (docs/match.md).

    ``seed`` names the tie-break stream. With ``deadline_ms``, a mandatory window open since
    time ``t0`` (``start``, or the arrival time of the accepted action that opened it) times
    out at ``t0 + deadline_ms`` unless an action changes it by then (an action arriving
    exactly at the deadline is in time). In UNO Blast's BLAST mode, live play has no
    mandatory window: with ``stall_ms``, when no card has landed for that long while some
    seat could play one, the session sends ``stall`` (RULES.md §5.8). Every action reaches
    the engine with its arrival time, which BLAST mode judges simultaneity by. ``store``
    receives every accepted log entry before its ``Ack`` is made; if it raises, the exception
    propagates and the action, applied in memory but neither stored nor acknowledged, is lost
    with the session, which is rebuilt from the store.

    Time never goes back: arrival times before the session's clock are refused, and so are
    times more than ``horizon_ms`` (24 hours) after it, which no clock can have stamped
    (start a session on a wall clock at the current time, ``start``). A round nobody plays
    ends: after ``idle_limit`` referee actions in a row (timeouts, stalls) with no seat's
    action accepted between them — three per seat by default — the session applies the
    referee's ``stuck`` instead of the next one, and the seat with the fewest cards wins
    (U-C-14).
    """

    def __init__(
        self,
        game: Game,
        seed: int,
        *,
        deadline_ms: object = None,
        stall_ms: object = None,
        store: Store | None = None,
        start: object = 0.0,
        horizon_ms: object = HORIZON_MS,
        idle_limit: object = None,
    ) -> None:
        # (the settings are typed ``object``: the compiled build would refuse anything else
        # with a bare ``TypeError``; each is checked here, ``BadTime`` if it is wrong)
        deadline = None if deadline_ms is None else _duration(deadline_ms, "deadline_ms")
        stall = None if stall_ms is None else _duration(stall_ms, "stall_ms")
        horizon = _duration(horizon_ms, "horizon_ms")
        now = _number(start, "start")
        if not math.isfinite(now):
            raise BadTime(f"start must be a finite time, not {shown(start)}")
        if idle_limit is not None and (
            isinstance(idle_limit, bool) or not isinstance(idle_limit, int) or idle_limit < 1
        ):
            raise BadTime(f"idle_limit must be an integer of at least 1, not {shown(idle_limit)}")
        self.game = game
        self.deadline_ms = deadline
        self.stall_ms = stall if game.rules.realtime else None
        self.store = store
        self.horizon_ms = horizon
        self.idle_limit: int = IDLE_PER_SEAT * game.n if idle_limit is None else idle_limit
        #: Referee actions accepted since the last seat's action.
        self.idle = 0
        #: The time of the last action processed (or ``start``): arrivals may not be earlier.
        self.now = now
        #: When the current mandatory window opened.
        self.opened = self.now
        #: Whether the current mandatory window is due at once: a window a timeout opened
        #: for the same seat's turn (the card its draw found playable) times out at the
        #: instant it opened, so a timed-out turn costs one deadline (U-C-18).
        self.overdue = False
        #: When the last card landed, or live play resumed after an event or a forced play
        #: (BLAST mode's stall safeguard counts from it).
        self.landed_at = self.now
        #: Accepted actions, in the order applied: the round replays from this alone.
        self.log: list[LogEntry] = []
        #: Refused actions (for statistics): never replayed.
        self.refused: list[Ack] = []
        self.start_version = game.version
        self._marks: list[Mark] = [mark(game)]
        self._inbox = Inbox(seed)

    # -- reading -------------------------------------------------------------------------
    @property
    def version(self) -> int:
        """The game's state version: +1 per accepted action."""
        return self.game.version

    @property
    def queued(self) -> int:
        """How many received actions wait to be processed."""
        return len(self._inbox)

    def deadline(self) -> float | None:
        """When the mandatory window times out, or live play stalls (None without
        deadlines, or once over)."""
        game = self.game
        if game.phase == _LIVE:
            if self.stall_ms is None or not any(can_play(game, s) for s in range(game.n)):
                return None
            return max(self.landed_at + self.stall_ms, self.now)
        if self.deadline_ms is None or game.over:
            return None
        if self.overdue:
            return self.opened
        return self.opened + self.deadline_ms

    # -- input ---------------------------------------------------------------------------
    def receive(self, seat: object, action: object, at: object, version: object = None) -> Ticket:
        """Queue ``action`` (an ``Action`` or its text) by ``seat`` (``None``: the referee)
        arriving at time ``at``, decided on state ``version`` (None: not said). Input that
        cannot be queued — a seat that is not one, unparsable text, a bad time, a version that
        does not exist — is refused at once: the ticket already holds its error ``Ack``."""
        if (  # the common case, checked in one go: an offered action from a client
            type(action) is Action
            and (seat is None or type(seat) is int)
            and type(at) is float
            and self.now <= at <= self.now + self.horizon_ms
            and (version is None or (type(version) is int and 0 <= version <= self.game.version))
            and not (self.game.rules.realtime and self._inbox.queued.get(seat))
            and not form_error(action)
        ):
            return self._inbox.put(seat, action, at, version)
        try:
            who = self._check_seat(seat)
            a = _parse(action)
            when = self._check_time(at)
            seen = self._check_version(version)
            if who is not None and self.game.rules.realtime and self._inbox.queued.get(who):
                raise IllegalAction(reason=N_("reason.one_outstanding"), action=a, seat=who)
        except UnoverseError as exc:
            text = str(action) if isinstance(action, Action | str) else repr(action)
            parsed = action if isinstance(action, Action) else None
            ticket = Ticket(-1, None, parsed, self.now, None)
            ticket.ack = self._refuse(None, seat, text, self.now, exc)
            return ticket
        return self._inbox.put(who, a, when, seen)

    def step(self) -> Ack | None:
        """Process the next thing on the timeline: the earliest queued action, or the
        deadline if it falls before it (or nothing is queued). None when there is neither."""
        if self.deadline_ms is None and self.stall_ms is None:  # no deadline to weigh
            ticket = self._inbox.pop()
            return None if ticket is None else self._process(ticket)
        return self._next(_INFINITY)

    def answer(self, seat: int, action: Action, at: float) -> Ack | None:
        """Receive ``seat``'s ``action``, arriving at ``at`` and decided on the current
        version, and process it: exactly ``receive(seat, action, at, self.version)`` then
        ``step()``. When nothing waits in the inbox and no deadline is weighed (no
        ``deadline_ms``, no stall safeguard) — the answer is alone on the timeline — it is
        processed at once, without a ticket or an inbox entry, with the same result: the same
        ``Ack``, log entry, clock and refusal, and the same ticket number, its tie value owed
        to the stream (``Inbox.bypass``), so the actions received later are ordered as they
        would be. The simulation driver sends this way the answer of a seat that is alone in
        being able to act (docs/match.md)."""
        inbox = self._inbox
        now = self.now
        if (  # the conditions under which receive queues it and step pops it at once
            not len(inbox)
            and self.deadline_ms is None
            and self.stall_ms is None
            and now <= at <= now + self.horizon_ms
            and not form_error(action)
        ):
            return self._run(inbox.bypass(), seat, action, at, self.game.version)
        self.receive(seat, action, at, self.game.version)
        return self.step()

    def advance(self, now: object) -> list[Ack]:
        """Process everything due by ``now`` (a wall clock): queued actions that arrived at
        or before it, and deadlines that passed before it, in time order. A ``now`` that is
        not a number, or NaN, is ``BadTime`` (typed ``object``, as ``receive``'s time)."""
        until = _number(now, "advance to")
        if math.isnan(until):
            raise BadTime("advance to nan: give a time (ms; infinity processes everything)")
        acks = []
        ack = self._next(until)
        while ack is not None:
            acks.append(ack)
            ack = self._next(until)
        return acks

    def submit(self, seat: object, action: object, at: object, version: object = None) -> Ack:
        """Receive an action and process everything up to its arrival time: its ``Ack``.
        Deadlines and actions due before it are processed first; call ``advance(at)`` before
        to get their acks."""
        ticket = self.receive(seat, action, at, version)
        if ticket.ack is None:
            self.advance(ticket.at)
        ack = ticket.ack
        assert ack is not None  # everything up to its arrival time has been processed
        return ack

    # -- processing ----------------------------------------------------------------------
    def _next(self, now: float) -> Ack | None:
        """Process the next action that arrived by ``now`` and before the deadline, else the
        deadline if it passed before ``now``; None if neither is due."""
        due = self.deadline()
        ticket = self._inbox.pop(now if due is None else min(now, due))
        if ticket is not None:
            return self._process(ticket)
        if due is not None and due < now:
            return self._expire(due)
        return None

    def _process(self, ticket: Ticket) -> Ack:
        a = ticket.action
        assert a is not None  # only parsed actions are queued
        ack = self._run(ticket.number, ticket.seat, a, ticket.at, ticket.version)
        ticket.ack = ack
        return ack

    def _run(self, number: int, seat: int | None, a: Action, at: float, version: int | None) -> Ack:
        """Apply action ``a`` numbered ``number`` by ``seat``, arriving at ``at`` and decided
        on ``version``: its ``Ack``, accepted or refused."""
        game = self.game
        if game.version != self.start_version + len(self._marks) - 1:
            self._changed_outside()
        self.now = at
        try:
            if version is not None and seat is not None and version != game.version:
                self._check_mandatory(seat, a, version)
            events = game.apply(seat, a, at)
        except UnoverseError as exc:
            if isinstance(exc, NotYourWindow) and version is not None:
                exc = self._stale_window(seat, a, version) or exc
            return self._refuse(number, seat, str(a), at, exc)
        return self._accept(number, seat, a, at, events)

    def _expire(self, due: float) -> Ack:
        """The mandatory window's deadline has passed: the referee's ``timeout``; or, in
        live play, nobody has played for ``stall_ms``: ``stall``; or, after ``idle_limit``
        of these in a row, nobody plays at all: ``stuck`` ends the round (U-C-14)."""
        if self.game.version != self.start_version + len(self._marks) - 1:
            self._changed_outside()
        self.now = due
        if self.idle >= self.idle_limit:
            a = STUCK
        else:
            a = STALL if self.game.phase == _LIVE else TIMEOUT
        events = self.game.apply(None, a, due)
        return self._accept(None, None, a, due, events)

    def _accept(
        self, ticket: int | None, seat: int | None, a: Action, at: float, events: list[Event]
    ) -> Ack:
        game = self.game
        text = _text(a)
        entry = (seat, text, at)
        self.log.append(entry)
        self.idle = self.idle + 1 if seat is None else 0
        windows = game.windows()  # mark(game), written out: it runs for every action
        now = (
            game.landed,
            game.discard[-1] if game.discard else -1,
            game.color,
            windows[0] if windows else None,
            windows,
            tuple([len(hand) for hand in game.hands]),
        )
        then = self._marks[-1]
        if self.deadline_ms is not None and (a is TIMEOUT or now[:4] != then[:4]):
            self.opened = at  # a new mandatory window, or a new card under the same one
            self.overdue = a is TIMEOUT and _same_turn(then[3], now[3])
        if now[0] != then[0]:
            self.landed_at = at  # a card landed
        elif self.stall_ms is not None and now[3] == _LIVE_WINDOW and then[3] != _LIVE_WINDOW:
            self.landed_at = at  # live play resumed (BLAST mode: U-B-37)
        self._marks.append(now)
        version = game.version
        if self.store is not None:
            self.store(version, entry)
        return Ack(ticket, seat, text, at, version, events)

    def _refuse(
        self, ticket: int | None, seat: object, text: str, at: float, exc: UnoverseError
    ) -> Ack:
        ack = Ack(ticket, seat, text, at, self.game.version, [], exc)
        self.refused.append(ack)
        return ack

    def _changed_outside(self) -> None:
        raise RuntimeError(
            f"the game is at version {self.game.version}, but its session applied actions up "
            f"to version {self.start_version + len(self._marks) - 1}: it was changed outside "
            "its session (one writer per game)"
        )

    # -- checks --------------------------------------------------------------------------
    def _check_seat(self, seat: object) -> int | None:
        if seat is None or (isinstance(seat, int) and not isinstance(seat, bool)):
            return seat
        raise NotYourWindow(
            reason=N_("reason.no_such_seat"), given=shown(seat), last=self.game.n - 1
        )

    def _check_time(self, value: object) -> float:
        at = _number(value, "arrival time")
        if not math.isfinite(at):
            raise BadTime(f"arrival time {shown(value)}: give a finite number (ms)")
        if at < self.now:
            raise BadTime(
                f"arrival time {at} is before the last action processed ({self.now}): "
                "arrivals are applied in time order"
            )
        if at > self.now + self.horizon_ms:
            raise BadTime(
                f"arrival time {at} is more than {self.horizon_ms:g} ms after the session's "
                f"clock ({self.now}): no clock stamped it"
            )
        return at

    def _check_version(self, version: object) -> int | None:
        if version is None:
            return None
        if isinstance(version, bool) or not isinstance(version, int) or version < 0:
            raise IllegalAction(reason=N_("reason.version.bad"), given=shown(version))
        if version > self.game.version:
            raise IllegalAction(
                reason=N_("reason.version.future"), version=version, current=self.game.version
            )
        return version

    def _mark_at(self, version: int) -> Mark | None:
        i = version - self.start_version
        return self._marks[i] if 0 <= i < len(self._marks) else None

    def _check_mandatory(self, seat: int, a: Action, version: int) -> None:
        """Refuse as ``stale`` a mandatory-window action decided on an older version of a
        state that has moved on (``stale_move``)."""
        if self.game.over:
            return  # the engine says so
        then = self._mark_at(version)
        if then is None:
            raise StaleAction(
                reason=N_("reason.version.before_session"),
                action=a,
                version=version,
                start=self.start_version,
                current=self.game.version,
            )
        now = self._marks[-1]
        why = stale_move(then, now, seat, a)
        if why:
            raise StaleAction(
                reason=why,
                action=a,
                version=version,
                current=self.game.version,
                **_stale_fields(why, then, now),
            )

    def _stale_window(self, seat: int | None, a: Action, version: int) -> StaleAction | None:
        """The ``stale`` error for an optional-window action the engine refused because its
        window has closed, when that window was open at the version its sender saw."""
        then = self._mark_at(version)
        if then is None or version == self.game.version:
            return None
        k = a.kind
        windows = then[4]
        if k == Kind.UNO:
            wanted = [Window(win.UNO, -1 if seat is None else seat)]
        elif k == Kind.CATCH:
            wanted = [Window(win.UNO, a.target)]
        elif k == Kind.CATCH_ILLEGAL:
            wanted = [w for w in windows if w.kind == win.ILLEGAL and w.seat != seat]
        else:
            return None
        for w in wanted:
            if w in windows:
                if w.kind == win.UNO:
                    why = N_("reason.stale.uno_window")
                else:
                    why = N_("reason.stale.illegal_window")
                return StaleAction(reason=why, action=a, seat=w.seat, version=version)
        return None


#: The text of accepted actions, by action. ``str`` dispatches through the named tuple's
#: class, a tenth of the simulation driver's cost per action, and the actions played are a
#: few hundred, over and over (about 400 in 60 rounds of each variant). An accepted action
#: is well formed (every field of its type), so equal actions read the same. Jump-ins,
#: numbered by the card they cover, and plays of several cards are not kept, nor any past
#: the first ``_TEXTS_KEPT``.
_TEXTS: dict[Action, str] = {}
_TEXTS_KEPT: Final = 4096


def _text(a: Action) -> str:
    """``str(a)`` for an accepted action."""
    text = _TEXTS.get(a)
    if text is None:
        text = str(a)
        if a.covers < 0 and not a.more and len(_TEXTS) < _TEXTS_KEPT:
            _TEXTS[a] = text
    return text


def _number(value: object, what: str) -> float:
    """``value`` as a float: an ``int`` (not a ``bool``) or a ``float``, and an integer no
    larger than a float holds; else ``BadTime`` naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadTime(f"{what} {shown(value)}: give a number (ms)")
    try:
        return float(value)
    except OverflowError:  # an integer beyond any float
        raise BadTime(f"{what} {shown(value)}: give a finite number (ms)") from None


def _duration(value: object, name: str) -> float:
    """A setting that is a length of time: a positive, finite number of milliseconds."""
    ms = _number(value, name)
    if not 0 < ms < _INFINITY:
        raise BadTime(f"{name} must be positive and finite, not {shown(value)}")
    return ms


def _parse(action: object) -> Action:
    """The action received: parsed text, or a well-formed ``Action``."""
    if isinstance(action, str):
        return parse_action(action)
    if isinstance(action, Action):
        return check_form(action)
    raise NotationError(f"an action is an Action or its text, not {action!r}")


def _same_turn(before: Window | None, after: Window | None) -> bool:
    """Whether the mandatory window ``after`` continues the turn of ``before``: the same
    seat's window after its draw found a playable card (``DRAWN``)."""
    return (
        before is not None
        and after is not None
        and after.kind == win.DRAWN
        and after.seat == before.seat
    )


def mark(game: Game) -> Mark:
    """What a session keeps of the game's current version (see ``Mark``)."""
    windows = game.windows()
    top = game.discard[-1] if game.discard else -1
    sizes = tuple([len(hand) for hand in game.hands])  # (a list first: a native loop)
    return (game.landed, top, game.color, windows[0] if windows else None, windows, sizes)


def stale_move(then: Mark, now: Mark, seat: int, a: Action) -> str:
    """Why ``a``, an action of the mandatory window by ``seat`` decided on the state marked
    ``then``, is stale in the state marked ``now``: the reason's key (``reason.stale.*``;
    ``_stale_fields`` are its fields), or "" if it is not stale. The top card or the
    mandatory window has changed since, so it was decided on a state that has moved on, even
    where the engine would accept it now; or it calls UNO and a hand has changed size since
    (a catch in between), so the cards its call counted are not there. Other actions, and a
    seat that held the mandatory window neither then nor now, get "": the engine judges them
    (``not_your_window``)."""
    if a.kind not in MANDATORY:
        return ""
    main_then, main_now = then[3], now[3]
    if not (
        (main_then is not None and main_then.seat == seat)
        or (main_now is not None and main_now.seat == seat)
    ):
        return ""
    if then[:4] == now[:4]:
        if a.uno and then[5] != now[5]:
            return N_("reason.stale.hand_size")
        return ""
    if then[:3] == now[:3]:
        if main_then is None:
            return N_("reason.stale.moved_on")
        if main_now is None:
            return N_("reason.stale.round_over")
        return N_("reason.stale.window_moved")
    if then[1] != now[1]:
        if then[1] < 0 or now[1] < 0:
            return N_("reason.stale.moved_on")
        return N_("reason.stale.top_changed")
    if then[0] != now[0]:
        return N_("reason.stale.top_covered")
    return N_("reason.stale.color_changed")


def _stale_fields(why: str, then: Mark, now: Mark) -> dict[str, object]:
    """The fields of ``stale_move``'s reason ``why``: the windows or top cards it names."""
    fields: dict[str, object] = {}
    if why == "reason.stale.top_changed" or why == "reason.stale.top_covered":
        fields["then_card"] = CARD_TEXT[then[1]]
        fields["now_card"] = CARD_TEXT[now[1]]
    elif why == "reason.stale.window_moved" or why == "reason.stale.round_over":
        main_then, main_now = then[3], now[3]
        if main_then is not None:
            fields["then_window"] = main_then.kind
            fields["then_seat"] = main_then.seat
        if main_now is not None:
            fields["now_window"] = main_now.kind
            fields["now_seat"] = main_now.seat
    return fields
