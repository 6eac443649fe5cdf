"""A room at play: its match, its round's session (the one writer), the sockets of its
seats and spectators, its bots, its timers, and its recovery from the store.

Everything that changes a room runs under the room's lock, so a room has one writer, and
actions are applied in arrival order on the server's clock (``match.Session``). An action is
stamped as it is received and waits until the clock has passed its instant, so that every
action of that instant is in the session's inbox, which orders a tie (RULES.md C-5: an UNO
declaration first; P8: then a seeded order). An action is stored, in one transaction with
any deadline that fell before it, before its ``ack`` is sent;
if the store fails, the room forgets what it applied in memory and is rebuilt from the store
(the client is told nothing was accepted). After every change each seat gets its own view
and its redacted events (``wire``), a spectator the public view.

Bots answer with their reaction times; a searching bot decides in the pool (``bot_pool``).
A seat whose player is away is held for a grace window, counted only while the seat has to
act; then a labelled bot plays it until the player is back, and the game is marked so.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import Final, Protocol

from .. import i18n
from ..bots.base import Bot, make_bot
from ..bots.pace import Pace, answer_of, level_of, paced
from ..core import windows as win
from ..core.actions import parse_action
from ..core.codec import to_json
from ..core.events import Event
from ..core.game import Game
from ..core.setup import compiled, new_game, resolve_preset
from ..match.match import Scorer
from ..match.session import Ack as SessionAck
from ..match.session import LogEntry, Session, Ticket
from ..sim.driver import STALL_MS
from . import protocol as p
from .bot_pool import BotPool, Decision, decision_seed, searches
from .limits import Bucket
from .ranking import RatedRound, ranks
from .records import ChatLine, Entry, GameRecord, GameStore, LeaseLost
from .results import eliminated_in
from .room import Room, refuse_invisible, rules_of
from .shuffle import Deal
from .wire import events_for, seat_view

log = logging.getLogger("unoverse.server")

#: The bot that stands in for an absent player.
STAND_IN: Final = "normal"
#: The mandatory windows that are a seat's own turn (a bot thinking there says so).
_TURNS: Final = frozenset({win.TURN, win.DRAWN, win.PENALTY, win.CHALLENGE, win.COLOR})
#: The chat lines a joining socket is sent.
CHAT_SHOWN: Final = 50
#: Answers kept per seat for messages sent again with the same ``seq``.
ANSWERS_KEPT: Final = 1000
#: Marks a refusal's reason (a catalogue key: ``core.reasons``).
N_: Final = i18n.N_
#: The engine's and the session's refusals, as the protocol names them.
_CODES: Final[dict[str, p.ErrorCode]] = {
    "illegal": "illegal",
    "not_your_window": "not_your_window",
    "stale": "stale",
    "notation": "notation",
}


class Conn(Protocol):
    """A client's socket as a room sees it: frames go out without waiting."""

    def send(self, frame: bytes) -> None:
        """Queue a frame for the client."""

    def close(self, code: int) -> None:
        """Close the socket (after the frames already queued)."""


def _unavailable(seq: int) -> bytes:
    """The answer to an action the store could not keep: nothing of it was accepted."""
    return p.encode(
        p.Error(
            seq=seq,
            code="unavailable",
            message="the action could not be stored: nothing of it was accepted; send it again",
            reason=N_("reason.unavailable"),
            fields={},
        )
    )


def wall_ms() -> float:
    """The server's clock: milliseconds since the Unix epoch."""
    return time.time() * 1000.0


def new_seed() -> int:
    """A round's seed: 64 bits from the operating system, secret until the round is over."""
    return secrets.randbits(64)


@dataclass(frozen=True)
class Config:
    """How a server runs its rooms."""

    #: How long an absent player's seat is held while it has to act, in seconds.
    grace_s: float = 60.0
    #: The pause between a round's end and the next deal, in seconds.
    between_rounds_s: float = 5.0
    #: BLAST mode: the session's stall safeguard (ms without a card landing).
    stall_ms: float = STALL_MS
    #: How long (real ms) an action waits at most for the clock to pass its instant, should
    #: the clock stand still or step back.
    hold_ms: float = 50.0
    #: Whether bots answer at a person's pace (``bots.pace``, scaled by the room's
    #: ``bot_speed``); False: at their own reaction times (``Bot.delay()``), as in a
    #: simulation (tests, and benchmarks of the server's own speed).
    human_pace: bool = True
    #: The clock actions are stamped with (ms), and where each round's seed comes from.
    clock: Callable[[], float] = wall_ms
    seeds: Callable[[], int] = new_seed


#: A server's defaults.
DEFAULTS: Final = Config()


class NotStored(Exception):
    """An action was applied in memory but its entry never reached the store (the room was
    rebuilt from the store): nothing of it was accepted."""


@dataclass(eq=False)
class Sent:
    """An action received by the round's session, waiting for its instant to close."""

    ticket: Ticket
    session: Session
    #: The room's rebuild count when it was received.
    epoch: int
    #: The stored game it was sent to.
    gid: int
    seat: int
    version: int


class Live:
    """A room at play (see the module's docstring)."""

    def __init__(
        self,
        room: Room,
        store: GameStore,
        pool: BotPool,
        config: Config = DEFAULTS,
    ) -> None:
        self.room = room
        self.store = store
        self.pool = pool
        self.config = config
        self._clock = config.clock
        self._last = 0.0
        self.lock = asyncio.Lock()
        variant, self.options = resolve_preset(room.settings.preset)
        #: the room's compiled rules: its scoring, and whether its rounds knock seats out
        self.rules = compiled(variant, self.options)
        #: seat -> the socket holding it; the spectators' sockets
        self.conns: dict[int, Conn] = {}
        self.watchers: set[Conn] = set()
        self.buckets: dict[object, Bucket] = {}
        #: seat -> seq -> the answer sent (an acknowledged or refused message)
        self.answers: dict[int, dict[int, bytes]] = {}
        #: (seat, seq) -> the answer of a message still waiting for its instant to close
        self.pending: dict[tuple[int, int], asyncio.Future[bytes]] = {}
        # the match
        self.match = -1
        self.scorer = Scorer.for_rules(self.rules, room.settings.seats)
        self.round = 0
        self.dealer: int | None = None
        self.winners: tuple[int, ...] | None = None
        # the round
        self.record: GameRecord | None = None
        self.game: Game | None = None
        self.session: Session | None = None
        self.logged = 0  # entries of the round's log stored
        self._unstored: list[tuple[int, LogEntry]] = []
        #: ticket number -> seq of the session's received actions not yet processed
        self._seqs: dict[int, int | None] = {}
        #: the latest instant an action was received at (not closed until the clock passes it)
        self._received = -1.0
        #: how many times the room was rebuilt from the store
        self.epoch = 0
        #: (version, engine events) of the round, for clients catching up
        self.history: list[tuple[int, list[Event]]] = []
        self.next_deal: float | None = None
        # bots and absence
        self.bots: dict[int, Bot] = {}
        #: seat -> its bot's human pace (every bot but one with its own reaction time)
        self.paces: dict[int, Pace] = {}
        #: version -> the seat a stand-in played it for (this round)
        self.stood: dict[int, int] = {}
        self.stand_in: set[int] = set()
        #: whose move a turn-based room last stored it waits for, and until when
        self._turns: tuple[list[int], float | None] | None = None
        self.grace_used: dict[int, float] = {}
        self.owing_since: dict[int, float] = {}
        self.bot_tasks: dict[int, asyncio.Task[None]] = {}
        self._wake = asyncio.Event()
        self._ticker: asyncio.Task[None] | None = None
        self.closed = False
        #: called when the store refuses a write because another process took the room
        #: over (``store.LeaseLost``): the hub lets the room go
        self.lost: Callable[[], object] = lambda: None
        #: a write failed and the room could not be rebuilt from the store yet: it takes
        #: nothing in until it is (``_repair``)
        self.stale = False
        #: when someone last came, left or changed the table (monotonic seconds)
        self.active_at = time.monotonic()
        #: the presence frame last sent to everyone
        self._presence_sent = b""
        #: the last ``CHAT_SHOWN`` chat lines (read from the store on the first join)
        self.chat_lines: deque[ChatLine] | None = None

    # -- the clock ---------------------------------------------------------------------------
    def now(self) -> float:
        """The room's clock (ms): the server's, never going back."""
        self._last = max(self._last, round(self._clock(), 3))
        return self._last

    # -- sending -----------------------------------------------------------------------------
    def _to_all(self, message: p.ServerMessage) -> None:
        frame = p.encode(message)
        for conn in (*self.conns.values(), *self.watchers):
            conn.send(frame)

    def presence(self) -> p.Presence:
        """Who sits where and who is here; for an away player not yet stood in for, the
        grace time left and whether it is counting down (``grace``)."""
        seats = [
            {
                "kind": s.kind,
                "name": s.name,
                "connected": i in self.conns,
                "stand_in": i in self.stand_in,
                "grace": self._grace_of(i),
            }
            for i, s in enumerate(self.room.seats)
        ]
        return p.Presence(seats=seats, host=self.room.host)

    def _grace_of(self, seat: int) -> dict[str, object] | None:
        """The grace left to ``seat``'s player, away and not stood in for (None otherwise):
        it counts down only while the seat has to act (``running``)."""
        s = self.room.seats[seat]
        if not self.room.started or s.kind != "player" or seat in self.conns:
            return None
        if seat in self.stand_in or self.room.settings.turn_based:
            return None
        since = self.owing_since.get(seat)
        left = self.config.grace_s * 1000.0 - self.grace_used.get(seat, 0.0)
        if since is not None:
            left -= self.now() - since
        return {"left_ms": round(max(0.0, left), 1), "running": since is not None}

    def _share_presence(self) -> None:
        """Send the presence to everyone if it changed since it was last sent (a spectator
        coming or going changes nothing: a join costs the same whatever the audience). The
        grace time left alone is no change: a client counts it down while it runs."""
        presence = self.presence()
        key = p.encode(
            p.Presence(
                seats=[
                    {**seat, "grace": seat["grace"] and seat["grace"]["running"]}
                    for seat in presence.seats
                ],
                host=presence.host,
            )
        )
        if key != self._presence_sent:
            self._presence_sent = key
            frame = p.encode(presence)
            for conn in (*self.conns.values(), *self.watchers):
                conn.send(frame)

    def lobby_changed(self) -> None:
        """Tell everyone the room changed (seats, host, started)."""
        self.active_at = time.monotonic()
        self._to_all(p.Lobby(room=self.room.listing()))
        self._share_presence()

    def _update(
        self, seat: int | None, events: list[Event], stand_in: list[int] | None = None
    ) -> p.Update:
        game, record, session = self.game, self.record, self.session
        assert game is not None and record is not None and session is not None
        return p.Update(
            game=record.id,
            version=game.version,
            events=events_for(events, seat),
            view=seat_view(game, seat),
            deadline=session.deadline(),
            stand_in=[] if stand_in is None else stand_in,
        )

    def _broadcast(self, events: list[Event], stand_in: list[int] | None = None) -> None:
        for seat, conn in self.conns.items():
            conn.send(p.encode(self._update(seat, events, stand_in)))
        if self.watchers:
            frame = p.encode(self._update(None, events, stand_in))
            for conn in self.watchers:
                conn.send(frame)

    # -- joining the room's sockets ---------------------------------------------------------
    async def attach(
        self, conn: Conn, seat: int | None, last_version: int | None, game_id: int | None
    ) -> None:
        """A socket joins: seat ``seat`` (a second socket with the same token takes the seat
        over and the first is told why) or a spectator (None). It gets the room, then the
        events it missed since ``last_version`` of game ``game_id`` and its view."""
        async with self.lock:
            self.active_at = time.monotonic()
            if seat is None:
                self.watchers.add(conn)
            else:
                old = self.conns.get(seat)
                if old is not None and old is not conn:
                    old.send(p.encode(p.Bye(reason="taken_over")))
                    old.close(4001)
                self.conns[seat] = conn
                self._returned(seat)
            if self.chat_lines is None:  # read once: a join costs no database read
                self.chat_lines = deque(await self.store.chat(self.room.code, CHAT_SHOWN))
            chat = self.chat_lines
            conn.send(
                p.encode(
                    p.Welcome(
                        seat=seat,
                        room=self.room.listing(),
                        rules=dict(self.options),
                        presence=self.presence().seats,
                        chat=[vars(c) for c in chat],
                    )
                )
            )
            self._share_presence()
            if self.record is not None and self.game is not None:
                conn.send(
                    p.encode(
                        p.Deal(
                            game=self.record.id,
                            match=self.match,
                            round=self.round,
                            commitment=self.record.commitment,
                        )
                    )
                )
                missed: list[Event] = []
                since = -1
                if game_id == self.record.id and last_version is not None:
                    since = last_version
                    for version, events in self.history:
                        if version > last_version:
                            missed.extend(events)
                elif last_version is None or game_id != self.record.id:
                    missed = list(self.game.setup_events) + [
                        e for _, events in self.history for e in events
                    ]
                stood = sorted({s for v, s in self.stood.items() if v > since})
                conn.send(p.encode(self._update(seat, missed, stood)))
            if self.winners is not None:
                scores = list(self.scorer.scores)
                conn.send(p.encode(p.MatchOver(winners=list(self.winners), scores=scores)))
            self._ask_bots()
            self._wake.set()

    async def detach(self, conn: Conn, seat: int | None) -> None:
        """A socket closed: its seat (if it still holds it) is now away."""
        async with self.lock:
            self.active_at = time.monotonic()
            self.watchers.discard(conn)
            self.buckets.pop(conn, None)  # a spectator's flood limit goes with its socket
            if seat is not None and self.conns.get(seat) is conn:
                del self.conns[seat]
                self._account(self.now())
                self._share_presence()
                self._wake.set()

    def flood(self, key: object) -> str:
        """The flood limit's verdict on one more message from ``key`` (a seat or a socket)."""
        now = time.monotonic()
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = Bucket(now)
        return bucket.take(now)

    # -- actions and chat --------------------------------------------------------------------
    async def act(self, conn: Conn, seat: int, message: p.Act) -> None:
        """A seat's action: answered once per ``seq`` (an ``ack`` once stored, or a typed
        error that changed nothing)."""
        key = (seat, message.seq)
        async with self.lock:
            answered = self.answers.setdefault(seat, {})
            frame = answered.get(message.seq)
            waiting = self.pending.get(key)
            sent: Sent | None = None
            if frame is None and waiting is None and not await self._repair():
                frame = _unavailable(message.seq)  # not kept: the client sends it again
            elif frame is None and waiting is None:
                received = self._receive_act(seat, message)
                if isinstance(received, bytes):
                    frame = self._answer(seat, message.seq, received)
                else:
                    sent = received
                    waiting = self.pending[key] = asyncio.get_running_loop().create_future()
        if sent is not None:
            assert waiting is not None
            try:
                frame = self._frame(message.seq, await self._settle(sent))
            except Exception as exc:  # not stored: a typed refusal, and the client resends
                del self.pending[key]
                frame = _unavailable(message.seq)
                waiting.set_result(frame)
                conn.send(frame)
                if isinstance(exc, LeaseLost):
                    raise
                return
            except BaseException as exc:
                del self.pending[key]
                waiting.set_exception(exc)
                waiting.exception()  # retrieved: a resent message may not be waiting for it
                raise
            del self.pending[key]
            self._answer(seat, message.seq, frame)
            waiting.set_result(frame)
        elif waiting is not None:  # the same message from another socket, still on its way
            frame = await asyncio.shield(waiting)
        assert frame is not None
        conn.send(frame)

    def _answer(self, seat: int, seq: int, frame: bytes) -> bytes:
        """Keep ``frame`` as the answer to ``seat``'s message ``seq``."""
        answered = self.answers.setdefault(seat, {})
        answered[seq] = frame
        if len(answered) > ANSWERS_KEPT:
            del answered[next(iter(answered))]
        return frame

    def _receive_act(self, seat: int, message: p.Act) -> Sent | bytes:
        """Hand a seat's action to the round's session: on its way, or refused at once."""
        session = self.session
        if session is None or self.game is None or self.game.over:
            return p.encode(
                p.Error(
                    seq=message.seq,
                    code="not_started",
                    message="no round is being played",
                    reason=N_("reason.not_started"),
                    fields={},
                )
            )
        sent = self._receive(seat, message.action, message.based_on_version, message.seq)
        ack = sent.ticket.ack
        return sent if ack is None else self._frame(message.seq, ack)

    @staticmethod
    def _frame(seq: int, ack: SessionAck) -> bytes:
        if ack.ok:
            return p.encode(p.Ack(seq=seq, version=ack.version))
        code = _CODES.get(ack.code, "illegal")
        reason = ack.reason
        return p.encode(
            p.Error(
                seq=seq,
                code=code,
                message=ack.message,
                reason=reason or None,
                fields=ack.fields if reason else None,
            )
        )

    def _receive(self, seat: int, action: str, version: int, seq: int | None) -> Sent:
        """Stamp one seat's action with the clock and queue it in the session (under the
        lock); ``_settle`` processes it once its instant has closed."""
        session, record = self.session, self.record
        assert session is not None and record is not None
        ticket = session.receive(seat, action, self.now(), version)
        if ticket.ack is None:
            self._seqs[ticket.number] = seq
            self._received = ticket.at
        return Sent(ticket, session, self.epoch, record.id, seat, version)

    async def _settle(self, sent: Sent) -> SessionAck:
        """Wait (without the lock) until the clock has passed the action's instant, then
        process the session up to that instant, storing what it accepts: the action's ack,
        stored if accepted. Raises ``NotStored`` if the room was rebuilt from the store
        without it."""
        ticket = sent.ticket
        if ticket.ack is None:
            await self._instant_closes(ticket.at)
        async with self.lock:
            if self.epoch != sent.epoch and not await self._kept(sent):
                raise NotStored(f"seat {sent.seat}: the store failed; nothing was accepted")
            if ticket.ack is None:
                if sent.session is self.session:
                    await self._advance(ticket.at)
                else:  # its round is over: every action left is refused, nothing stored
                    sent.session.advance(ticket.at)
            ack = ticket.ack
            assert ack is not None  # everything up to its instant has been processed
            if sent.session is self.session:
                self._race(sent.seat, sent.version, ack)
            return ack

    async def _instant_closes(self, at: float) -> None:
        """Return once the clock reads later than ``at`` (or after ``hold_ms``): no action
        can arrive at that instant any more."""
        if round(self._clock(), 3) > at:  # on a wall clock, nearly always already so
            return
        loop = asyncio.get_running_loop()
        start = loop.time()
        give_up = start + self.config.hold_ms / 1000.0
        while round(self._clock(), 3) <= at and (now := loop.time()) < give_up:
            await asyncio.sleep(0 if now < start + 0.001 else 0.001)

    async def _kept(self, sent: Sent) -> bool:
        """After a rebuild: whether the store holds what ``sent``'s answer says."""
        ack = sent.ticket.ack
        if ack is None or not ack.ok:
            return ack is not None  # a refusal stores nothing
        entries = await self.store.log(sent.gid)
        return any(
            e.version == ack.version and (e.seat, e.action) == (sent.seat, ack.action)
            for e in entries
        )

    async def _advance(self, until: float) -> None:
        """Process the round's session up to ``until`` (actions and deadlines due by then),
        store what it accepted and tell everyone."""
        session = self.session
        assert session is not None
        acks = session.advance(until)
        if acks:
            await self._commit(acks)

    async def _commit(self, acks: list[SessionAck]) -> None:
        """Store the entries the session logged (each with the ``seq`` of the message it
        answers), then tell every seat; on a store failure, rebuild from the store and
        raise."""
        seqs = {}
        for ack in acks:
            if ack.ticket is not None:
                seq = self._seqs.pop(ack.ticket, None)
                if ack.ok and seq is not None:
                    seqs[ack.version] = seq
        if self._unstored and self.closed:  # let go of (``Hub.drop``): another writes it
            self._unstored.clear()
            raise NotStored("the room is another process's now: nothing was accepted")
        if self._unstored:
            assert self.record is not None
            entries = [
                Entry(e[0], e[1], e[2], v, seqs.get(v), e[0] in self.stand_in)
                for v, e in self._unstored
            ]
            try:
                await self.store.append_all(self.record.id, self.logged, entries)
            except Exception as exc:
                self._unstored.clear()
                if isinstance(exc, LeaseLost):  # another process has it
                    self.epoch += 1  # every action waiting was not stored
                    self.lost()
                    raise
                log.exception("store failed", extra={"room": self.room.code})
                self.stale = True
                await self._repair()
                raise
            self.logged += len(entries)
            self._unstored.clear()
        changed = False
        for ack in acks:
            if ack.ok:
                self.history.append((ack.version, ack.events))
                stood: list[int] = []
                if isinstance(ack.seat, int) and ack.seat in self.stand_in:
                    self.stood[ack.version] = ack.seat
                    stood = [ack.seat]
                self._broadcast(ack.events, stood)
                changed = True
        if changed:
            await self._changed()

    def _logged(self, version: int, entry: LogEntry) -> None:
        """The session's store callback: held until ``_commit`` writes it."""
        self._unstored.append((version, entry))

    def _race(self, seat: int, version: int, ack: SessionAck) -> None:
        """An answer decided on ``version`` when another seat's action had already moved
        the state on (accepted late, or refused): tell everyone who was first and by how
        many milliseconds."""
        session, record = self.session, self.record
        assert session is not None and record is not None
        i = version - session.start_version
        if not 0 <= i < len(session.log):
            return
        first, text, at = session.log[i]
        if first is None or first == seat:
            return
        self._to_all(
            p.Race(
                game=record.id,
                version=version + 1,
                first=first,
                kind=parse_action(text).kind.name.lower(),
                late=seat,
                by_ms=round(ack.at - at, 3),
                accepted=ack.ok,
            )
        )

    async def chat(self, conn: Conn, seat: int, message: p.Chat) -> None:
        """A chat line: stored, then acknowledged and shown to everyone."""
        async with self.lock:
            answered = self.answers.setdefault(seat, {})
            frame = answered.get(message.seq)
            if frame is None:
                try:
                    refuse_invisible(message.text, "chat", joiners=True)
                except p.ProtocolError as exc:
                    conn.send(p.encode(p.error_for(message.seq, exc)))
                    return
                name = self.room.seats[seat].name or f"seat {seat}"
                line = ChatLine(seat, name, message.text, self.now())
                await self.store.add_chat(self.room.code, line)
                if self.chat_lines is not None:
                    self.chat_lines.append(line)
                    if len(self.chat_lines) > CHAT_SHOWN:
                        self.chat_lines.popleft()
                version = self.game.version if self.game is not None else 0
                frame = answered[message.seq] = p.encode(p.Ack(seq=message.seq, version=version))
                self._to_all(p.ChatLine(seat=seat, name=name, text=line.text, at=line.at))
            conn.send(frame)

    async def emote(self, conn: Conn, seat: int, message: p.Emote) -> None:
        """An emote: acknowledged and shown to everyone, never stored (a message sent again
        with the same ``seq`` is answered the same and not shown twice)."""
        async with self.lock:
            answered = self.answers.setdefault(seat, {})
            frame = answered.get(message.seq)
            if frame is None:
                name = self.room.seats[seat].name or f"seat {seat}"
                version = self.game.version if self.game is not None else 0
                ack = p.encode(p.Ack(seq=message.seq, version=version))
                frame = self._answer(seat, message.seq, ack)
                shown = p.EmoteShown(seat=seat, name=name, emote=message.emote, at=self.now())
                self._to_all(shown)
            conn.send(frame)

    # -- the match ---------------------------------------------------------------------------
    async def start_match(self) -> None:
        """The host started: the next match of the room, and its first deal."""
        async with self.lock:
            games = await self.store.games(self.room.code)
            self.match = max((g.match for g in games), default=-1) + 1
            self.scorer = Scorer.for_rules(self.rules, self.room.settings.seats)
            self.round, self.dealer, self.winners = 0, None, None
            self.answers.clear()
            await self._deal()
        self._run()

    async def _deal(self) -> None:
        room = self.room
        seed = self.config.seeds()
        deal = Deal.new(seed)
        game = new_game(
            room.settings.preset,
            room.settings.seats,
            seed,
            dealer=self.dealer,
            eliminated=self.scorer.eliminated,
        )
        gid = await self.store.start_game(
            room.code,
            room.settings.preset,
            room.settings.seats,
            seed,
            self.dealer,
            match=self.match,
            round=self.round,
            eliminated=tuple(self.scorer.eliminated),
            salt=deal.salt,
            commitment=deal.commitment,
            dealt_at=self.now(),
        )
        record = await self.store.game(gid)
        assert record is not None
        self._begin(record, game, [])
        log.info(
            "deal",
            extra={"room": room.code, "game": gid, "round": self.round, "match": self.match},
        )
        self._to_all(
            p.Deal(game=gid, match=self.match, round=self.round, commitment=deal.commitment)
        )
        self._broadcast(list(game.setup_events))
        await self._changed()

    def _begin(self, record: GameRecord, game: Game, log_entries: list[Entry]) -> None:
        """Play ``game`` (stored as ``record``, with ``log_entries`` already applied)."""
        self.record, self.game = record, game
        settings = self.room.settings
        seconds = settings.seconds
        # the window open now opened at the last stored instant (the deal, or the last
        # action): its deadline is the one it had, wherever the room is taken up again
        opened = record.dealt_at if record.dealt_at is not None else self.now()
        start = max([opened, *(e.at for e in log_entries)])
        self._last = max(self._last, start)
        self.session = Session(
            game,
            record.seed,
            deadline_ms=None if seconds is None else seconds * 1000.0,
            stall_ms=self.config.stall_ms,
            store=self._logged,
            start=start,
        )
        self.logged = len(log_entries)
        self._seqs.clear()
        self.history = []
        self.next_deal = None
        self.bots = {
            i: make_bot(s.bot, record.seed, i)
            for i, s in enumerate(self.room.seats)
            if s.bot is not None and not searches(s.bot)
        }
        self.paces = {
            i: self._pace(s.bot, i)
            for i, s in enumerate(self.room.seats)
            if s.bot is not None and paced(s.bot) and self.config.human_pace
        }
        self.stood = {}
        for seat in self.stand_in:
            self.bots[seat] = make_bot(STAND_IN, record.seed, seat)
            if self.config.human_pace:
                self.paces[seat] = self._pace(STAND_IN, seat)
        self._cancel_bots()

    def _pace(self, spec: str, seat: int) -> Pace:
        """The human pace of the bot of ``spec`` at ``seat`` this round."""
        assert self.record is not None
        return Pace(self.record.seed, seat, level_of(spec), self.room.settings.bot_speed)

    async def _changed(self) -> None:
        """After the game moved: the round's end, or the bots' and the timers' next turn."""
        game = self.game
        assert game is not None
        if game.over:
            await self._finish_round()
        else:
            self._account(self.now())
            self._ask_bots()
        self._wake.set()
        if self.room.settings.turn_based:
            await self._note_turns()

    async def _note_turns(self) -> None:
        """Store whose move a turn-based room waits for, and until when, when that changed
        (for the players' lists of their games; a store failure costs only the list)."""
        game, session = self.game, self.session
        waiting: list[int] = []
        if game is not None and not game.over:
            waiting = sorted({w.seat for w in game.windows() if isinstance(w.seat, int)})
        deadline = session.deadline() if session is not None and waiting else None
        if (waiting, deadline) == self._turns:
            return
        try:
            await self.store.set_turns(self.room.code, waiting, deadline)
        except Exception as exc:  # the database away, or the room another's now
            log.warning("turns not stored", extra={"room": self.room.code, "error": str(exc)})
            return
        self._turns = (waiting, deadline)

    async def _finish_round(self) -> None:
        game, record = self.game, self.record
        assert game is not None and record is not None
        n = game.n
        leftovers = [game.hand_points(s) for s in range(n)]
        rated = self._rated(game.winner, leftovers) if self.room.settings.rated else None
        out = (
            eliminated_in(e for _, events in self.history for e in events)
            if self.rules.elimination
            else None
        )
        winners = self.scorer.add_round(game.winner, leftovers, len(out or ()))
        result = {
            "winner": game.winner,
            "dealer": game.dealer,
            "leftovers": leftovers,
            "scores": list(self.scorer.scores),
            "eliminated": list(self.scorer.eliminated),
            "winners": None if winners is None else list(winners),
            # UNO Blast, No Mercy: who was knocked out in the round, in order (else None)
            "out": out,
        }
        await self.store.finish_game(record.id, result, rated)
        self._cancel_bots()
        log.info("round over", extra={"room": self.room.code, "game": record.id, **result})
        self._to_all(
            p.RoundOver(
                game=record.id,
                winner=game.winner,
                leftovers=leftovers,
                scores=list(self.scorer.scores),
                seed=str(record.seed),
                salt=record.salt,
                commitment=record.commitment,
                eliminated=out,
            )
        )
        self._next_round(game.dealer, winners)

    def _rated(self, winner: int, leftovers: list[int]) -> RatedRound:
        """The round as its players' ratings take it: each seat the match still has, its
        account (a bot's: its level's) and its rank."""
        playing = [s for s in range(len(leftovers)) if s not in self.scorer.eliminated]
        places = ranks(winner, leftovers, playing)
        seats = self.room.seats
        who = [s.account if s.account is not None else str(s.bot) for s in seats]
        variant, _ = rules_of(self.room.settings.preset)
        return RatedRound(variant, tuple((who[s], places[s]) for s in playing))

    def _next_round(self, dealer: int, winners: tuple[int, ...] | None) -> None:
        if winners is not None:
            self.winners = winners
            self._to_all(p.MatchOver(winners=list(winners), scores=list(self.scorer.scores)))
            log.info("match over", extra={"room": self.room.code, "winners": list(winners)})
            return
        n = self.room.settings.seats
        following = (dealer + 1) % n
        while following in self.scorer.eliminated:
            following = (following + 1) % n
        self.dealer = following
        self.round += 1
        self.next_deal = self.now() + self.config.between_rounds_s * 1000.0

    @property
    def match_over(self) -> bool:
        """Whether the room's last match is decided (the host may play again)."""
        return self.winners is not None

    # -- bots --------------------------------------------------------------------------------
    def _plays_bot(self, seat: int) -> str | None:
        """The bot spec playing ``seat`` now (None: its player)."""
        spec = self.room.seats[seat].bot
        if spec is not None:
            return spec
        return STAND_IN if seat in self.stand_in else None

    def _ask_bots(self) -> None:
        """Ask each bot that may act and has no answer on its way. A paced bot's answer
        waits for its human pace (``bots.pace``): a think time on its turn, a reaction time
        out of turn, counted from now."""
        game, record = self.game, self.record
        if game is None or record is None or game.over or self.closed:
            return
        windows = game.windows()
        for each in self.paces.values():
            each.forget_closed(windows)
        main = windows[0] if windows else None
        for seat in game.acting_seats():
            spec = self._plays_bot(seat)
            if spec is None or seat in self.bot_tasks:
                continue
            pace = self.paces.get(seat)
            # the seat's own turn (not BLAST mode's live play, nor a BLAST challenge, where
            # who may act is not public)
            holds = main is not None and main.seat == seat and main.kind in _TURNS
            legal = game.legal_actions(seat)
            # a turn's think time grows with the cards the bot holds, which everyone sees,
            # not with its legal actions, which its timing would otherwise give away
            held = len(game.hands[seat])
            work: Awaitable[Decision]
            if searches(spec):
                state = to_json(game)
                seed = decision_seed(record.seed, seat, game.version)
                work = self.pool.decide(self.room.code, spec, seed, seat, state)
                if pace is not None:
                    work = self._paced(work, pace, holds, held)
            else:
                if not legal:
                    continue
                bot = self.bots[seat]
                view = game.view(seat)
                if pace is None:
                    action = bot.act(view, legal)
                    if action is None:
                        continue
                    delay = bot.delay()
                else:
                    action = pace.choose(partial(bot.act, view), legal, windows)
                    if action is None:
                        continue
                    delay = pace.delay_ms(action, holds, held)
                work = self._ready(str(action), delay)
            task = asyncio.get_running_loop().create_task(
                self._bot_answer(seat, record.id, game.version, work, holds)
            )
            self.bot_tasks[seat] = task

    @staticmethod
    async def _ready(action: str, delay: float) -> Decision:
        return action, delay

    @staticmethod
    async def _paced(work: Awaitable[Decision], pace: Pace, holds: bool, choices: int) -> Decision:
        """A pooled decision sent at the bot's human pace, counted from the ask (the wait
        for a worker and the search are part of it)."""
        asked = time.monotonic()
        answer = await work
        if answer is None:
            return None
        delay = pace.delay_ms(parse_action(answer[0]), holds, choices)
        return answer[0], max(0.0, delay - (time.monotonic() - asked) * 1000.0)

    async def _bot_answer(
        self, seat: int, gid: int, version: int, work: Awaitable[Decision], holds: bool
    ) -> None:
        """A bot's answer, sent after its reaction time (dropped if its player came back or
        the round changed meanwhile). On its turn, everyone is told it is thinking."""
        me = asyncio.current_task()
        try:
            answer = await work
            if answer is not None:
                self._thinking(seat, gid, version, answer, holds)
                await asyncio.sleep(answer[1] / 1000.0)
            async with self.lock:
                if self.bot_tasks.get(seat) is me:
                    del self.bot_tasks[seat]
                current = self.record is not None and self.record.id == gid
                if answer is None or not current or self._plays_bot(seat) is None:
                    return
                if self.game is None or self.game.over or not await self._repair():
                    return
                sent = self._receive(seat, answer[0], version, None)
            if sent.ticket.ack is None:
                await self._settle(sent)
            async with self.lock:
                self._ask_bots()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot failed", extra={"room": self.room.code, "seat": seat})
        finally:
            if self.bot_tasks.get(seat) is me:
                del self.bot_tasks[seat]

    def _thinking(
        self, seat: int, gid: int, version: int, answer: tuple[str, float], holds: bool
    ) -> None:
        """Tell everyone the bot at ``seat`` thinks about its turn on ``version`` and when
        it means to answer (only a turn: the answers out of turn would say what it holds)."""
        game, record = self.game, self.record
        if game is None or record is None or record.id != gid or game.version != version:
            return
        if answer_of(parse_action(answer[0]), holds) != "turn":
            return
        until = round(self._clock() + answer[1], 3)
        self._to_all(p.Thinking(game=gid, version=version, seat=seat, until=until))

    def _cancel_bots(self, seat: int | None = None) -> None:
        """Drop the answers on their way (of ``seat``, or of every bot), except the one of
        the bot now acting, which ends by itself."""
        me = asyncio.current_task()
        for s in list(self.bot_tasks) if seat is None else [seat]:
            task = self.bot_tasks.get(s)
            if task is not None and task is not me:
                del self.bot_tasks[s]
                task.cancel()

    # -- absence -----------------------------------------------------------------------------
    def _owes(self, seat: int) -> bool:
        """Whether ``seat`` holds the round's mandatory window."""
        game = self.game
        if game is None or game.over:
            return False
        windows = game.windows()
        return bool(windows) and windows[0].seat == seat and windows[0].kind != win.LIVE

    def _away(self) -> list[int]:
        """The seats whose player is away and may be stood in for (none at a turn-based
        table: its players come back within the move's deadline, or the timer moves)."""
        if self.room.settings.turn_based:
            return []
        return [
            i
            for i, s in enumerate(self.room.seats)
            if s.kind == "player" and i not in self.conns and i not in self.stand_in
        ]

    def _account(self, now: float) -> None:
        """Count the grace used by each away seat that has had to act, up to ``now``; tell
        everyone when a seat's grace starts or stops counting down."""
        away = self._away()
        for seat in away:
            since = self.owing_since.pop(seat, None)
            if since is not None:
                self.grace_used[seat] = self.grace_used.get(seat, 0.0) + now - since
            if self._owes(seat):
                self.owing_since[seat] = now
        if away:
            self._share_presence()

    def _grace_ends(self) -> float | None:
        grace = self.config.grace_s * 1000.0
        ends = [
            since + grace - self.grace_used.get(seat, 0.0)
            for seat, since in self.owing_since.items()
        ]
        return min(ends) if ends else None

    async def _expire_grace(self, now: float) -> None:
        grace = self.config.grace_s * 1000.0
        for seat, since in list(self.owing_since.items()):
            if since + grace - self.grace_used.get(seat, 0.0) <= now:
                del self.owing_since[seat]
                self.stand_in.add(seat)
                record = self.record
                assert record is not None
                self.bots[seat] = make_bot(STAND_IN, record.seed, seat)
                if self.config.human_pace:
                    self.paces[seat] = self._pace(STAND_IN, seat)
                await self.store.stood_in(record.id)
                log.info("stand-in", extra={"room": self.room.code, "seat": seat})
                self._share_presence()
        self._ask_bots()

    def _returned(self, seat: int) -> None:
        """``seat``'s player is back: its stand-in stops at once."""
        self.owing_since.pop(seat, None)
        self.grace_used.pop(seat, None)
        if seat in self.stand_in:
            self.stand_in.discard(seat)
            self.bots.pop(seat, None)
            self.paces.pop(seat, None)
            self._cancel_bots(seat)
            log.info("hand back", extra={"room": self.room.code, "seat": seat})

    # -- time --------------------------------------------------------------------------------
    def _run(self) -> None:
        if self._ticker is None and not self.closed:
            self._ticker = asyncio.get_running_loop().create_task(self._tick_loop())

    def _due(self) -> float | None:
        times = [self._grace_ends(), self.next_deal]
        if self.session is not None and self.game is not None and not self.game.over:
            times.append(self.session.deadline())
        due = [t for t in times if t is not None]
        return min(due) if due else None

    async def _tick_loop(self) -> None:
        while not self.closed:
            async with self.lock:
                due = self._due()
                self._wake.clear()
            wait = None if due is None else max(0.0, (due - self._clock()) / 1000.0)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), wait)
            try:
                async with self.lock:
                    await self._tick()
            except Exception:
                log.exception("tick failed", extra={"room": self.room.code})
                await asyncio.sleep(1.0)

    async def _tick(self) -> None:
        if not await self._repair():
            raise NotStored("the store is away: the room waits for it")
        now = self.now()
        game, session = self.game, self.session
        if session is not None and game is not None and not game.over:
            # an action received at this very instant waits for it to close (C-5, P8)
            await self._advance(now if self._received < now else math.nextafter(now, 0.0))
            self._account(now)
            await self._expire_grace(now)
        if self.next_deal is not None and now >= self.next_deal:
            self.next_deal = None
            await self._deal()

    # -- recovery ----------------------------------------------------------------------------
    async def recover(self) -> None:
        """Take the room up where the store has it: the match's scores from its finished
        rounds, the round in progress rebuilt from its seed and log (or the next deal)."""
        async with self.lock:
            await self._rebuild()
        if self.room.started:
            self._run()

    async def _repair(self) -> bool:
        """After a failed write: rebuild the room from the store (what it applied in memory
        but could not store is forgotten); False while the store is still away."""
        if not self.stale:
            return True
        try:
            await self._rebuild()
        except Exception as exc:
            log.warning("store away", extra={"room": self.room.code, "error": str(exc)[:200]})
            return False
        self.stale = False
        return True

    async def _rebuild(self) -> None:
        self.epoch += 1
        if not self.room.started:
            return
        games = await self.store.games(self.room.code)
        if not games:
            self.match = 0
            await self._deal()
            return
        self.match = games[-1].match
        played = [g for g in games if g.match == self.match]
        self.scorer = Scorer.for_rules(self.rules, self.room.settings.seats)
        self.winners, self.dealer, self.round = None, None, 0
        self.answers.clear()
        self.history = []
        for g in played:
            if not g.finished or g.result is None:
                await self._resume(g)
                return
            self._answered(await self.store.log(g.id))  # a resent message is not played again
            leftovers = list(g.result["leftovers"])
            out = len(g.result.get("out") or ())
            winners = self.scorer.add_round(int(g.result["winner"]), leftovers, out)
            self.round = g.round
            self.record = g
            self._next_round(int(g.result["dealer"]), winners)
        if self.winners is None:
            self.next_deal = self.now()

    def _answered(self, entries: list[Entry]) -> None:
        """Keep the answers to the clients' stored actions (the acks they were sent)."""
        for e in entries:
            if e.seat is not None and e.seq is not None:
                frame = p.encode(p.Ack(seq=e.seq, version=e.version))
                self.answers.setdefault(e.seat, {})[e.seq] = frame

    async def _resume(self, record: GameRecord) -> None:
        entries = await self.store.log(record.id)
        game = record.deal()
        history = []
        for e in entries:
            history.append((e.version, game.apply(e.seat, e.action, e.at)))
        self._answered(entries)
        self.round, self.dealer = record.round, record.dealer
        self._begin(record, game, entries)
        self.history = history
        self.stood = {e.version: e.seat for e in entries if e.stand_in and e.seat is not None}
        log.info(
            "resumed", extra={"room": self.room.code, "game": record.id, "actions": len(entries)}
        )
        self._broadcast([])
        if game.over:  # stopped after the round's last action was stored, before its end
            await self._finish_round()
            return
        self._account(self.now())
        self._ask_bots()

    def unused_for(self, now: float) -> float:
        """Seconds the room has gone unused at ``now`` (monotonic): a started room while no
        player is connected, an unstarted one while nobody is (0: in use)."""
        here = self.conns if self.room.started else (self.conns or self.watchers)
        return 0.0 if here else max(0.0, now - self.active_at)

    async def end(self) -> None:
        """The room ends: a round in progress is stored as ended (no winner; its log kept),
        every socket is told and closed, and the room's tasks stop."""
        async with self.lock:
            self._to_all(p.Bye(reason="ended"))
            for conn in (*self.conns.values(), *self.watchers):
                conn.close(1001)
            record, game = self.record, self.game
            if record is not None and game is not None and not game.over:
                await self.store.finish_game(record.id, {"ended": "unused", "winner": None})
        await self.close()

    async def close(self) -> None:
        """Stop the room's tasks and wait for them to end (the store keeps everything)."""
        self.closed = True
        tasks = [t for t in (self._ticker, *self.bot_tasks.values()) if t is not None]
        self._ticker = None
        self.bot_tasks.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
