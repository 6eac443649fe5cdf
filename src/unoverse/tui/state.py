"""What the app knows of a room, folded from the server's frames one at a time
(docs/protocol.md, "From the server"): the room, who is here, the round's view and its
events, the races, the chat and the emotes, the results, and the link's own frames (its
status, and a local bot's decision that failed).

The log is kept as a player reads it: a jump-in is one entry (its jump and its play), a
race is one entry, with the cards and the penalty of a play refused as simultaneous (BLAST
mode, RULES.md §5.8), which the race's frame follows, the table turning over (two-faced
cards, RULES.md §8.8) says which side it left up, and a Wild Color Roulette's reveal (RULES.md
§9.7) is one entry that lists the cards turned up, not a draw per card."""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .. import i18n
from ..core import events as ev
from ..core import registry
from ..core.errors import UnoverseError
from ..core.rules import Rules
from ..core.windows import WINDOW_SCHEMA
from ..i18n import t
from .link import Frame

#: The windows that hold the game until their seat answers (BLAST mode's live play too).
MANDATORY = frozenset(kind for kind, spec in WINDOW_SCHEMA.items() if spec.mandatory)

#: Events and chat lines kept for the log.
LOG_KEPT = 500
#: How long an emote stays on its seat, in ms (as in the browser).
EMOTE_SHOWN_MS = 4000.0
#: The windows every seat with a legal action answers, not only the seat named (BLAST
#: mode's live play; a BLAST challenge, named after the seat that drew it).
ANSWERED_BY_ANY = frozenset({"live", "blast"})
#: How many states' cards are remembered, to name the card that won a race.
LANDED_KEPT = 64


@lru_cache(maxsize=4)
def compiled(variant: str, options: str) -> Rules | None:
    """The engine's rules of ``variant`` with ``options`` (as JSON), compiled once; None for
    a variant or options this version does not know (a newer server's)."""
    try:
        known = registry.get(variant)
        return known.compile(known.options(json.loads(options)))
    except UnoverseError:
        return None


def reveals_folded(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``events`` with each reveal (``shown``: No Mercy's Wild Color Roulette, RULES.md §9.7)
    in the place of the draws it lists. The engine turns the cards up one at a time, a
    penalty ``draw`` each (every card is checked for Mercy, NM-12), then names them all in
    the ``shown`` event: the log says the reveal once, where its first card came, so a
    knockout that ended it follows it."""
    out: list[dict[str, Any]] = []
    for event in events:
        if event["kind"] != ev.SHOWN:
            out.append(event)
            continue
        left, at = len(event["cards"]), len(out)
        for i in range(len(out) - 1, -1, -1):
            if left <= 0:
                break
            drew = out[i]
            if (
                drew["kind"] == ev.DRAW
                and drew.get("seat") == event["seat"]
                and drew.get("reason") == ev.FOR_PENALTY
            ):
                left -= drew["count"]
                del out[i]
                at = i
        out.insert(at, event)
    return out


def sides_after(events: list[dict[str, Any]], dark: bool) -> list[bool]:
    """Whether the dark side is up after each turn-over of ``events`` (P9, RULES.md §8.8),
    counted back from the side up once they are done (``dark``, the view's): each turn-over
    turns it."""
    turns = sum(event["kind"] == ev.TURN_OVER for event in events)
    return [dark != bool((turns - 1 - i) % 2) for i in range(turns)]


@dataclass
class TableState:
    """A room as one seat sees it (see the module's docstring)."""

    status: str = "connecting"
    status_detail: str = ""
    seat: int | None = None
    room: dict[str, Any] | None = None
    rules: dict[str, Any] = field(default_factory=dict)
    presence: list[dict[str, Any]] = field(default_factory=list)
    host: int | None = None
    game: int | None = None
    match: int = 0
    round: int = 0
    view: dict[str, Any] | None = None
    #: When the open mandatory window times out (ms since the epoch; None: no timer).
    deadline: float | None = None
    #: What happened, oldest first: ("event", event), ("jump", {"jump": event, "play":
    #: event}), ("race", frame with the cards: ``race``), ("chat", frame), ("emote", frame),
    #: ("bot_failed", frame), ("turn_over", {"event": event, "dark": whether it left the dark
    #: side up}).
    log: deque[tuple[str, dict[str, Any]]] = field(default_factory=lambda: deque(maxlen=LOG_KEPT))
    round_over: dict[str, Any] | None = None
    match_over: dict[str, Any] | None = None
    scores: list[int] | None = None
    #: The last ``thinking`` frame: a bot that has started to think about its turn at a state
    #: version (shown on its seat until the game moves on).
    thinking: dict[str, Any] | None = None
    #: How many entries were ever added to ``log`` (it keeps only the last ``LOG_KEPT``).
    logged: int = 0
    #: Each seat's latest emote and when it arrived (ms, the app's clock).
    emotes: dict[int, tuple[str, float]] = field(default_factory=dict)
    #: The card played to reach each recent state version (for the race that followed).
    landed: dict[int, str] = field(default_factory=dict)
    #: BLAST mode: each seat's play just refused as simultaneous, with its penalty's events,
    #: kept out of the log until the race's frame comes to make them one line.
    racing: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    #: The race the last race frame made (``race``); None if it was no race for the log.
    last_race: dict[str, Any] | None = None

    def apply(self, frame: Frame, now_ms: float = 0.0) -> None:
        """Fold one frame in, arrived at ``now_ms`` by the app's clock (an emote's time on
        its seat counts from then: the server's clock may not agree with this one)."""
        kind = frame.get("type")
        if kind == "status":
            self.status, self.status_detail = frame["status"], frame.get("detail", "")
        elif kind == "welcome":
            self.seat = frame["seat"]
            self.room, self.rules = frame["room"], frame["rules"]
            self.presence = frame["presence"]
            for line in frame["chat"]:
                self._note("chat", line)
        elif kind == "lobby":
            self.room = frame["room"]
            if not self.room.get("started"):
                self.view = self.round_over = self.match_over = self.scores = None
        elif kind == "presence":
            self.presence, self.host = frame["seats"], frame["host"]
        elif kind == "deal":
            if frame["game"] != self.game:
                self.game, self.match, self.round = frame["game"], frame["match"], frame["round"]
                self.view = self.round_over = self.match_over = None
                self.landed = {}
        elif kind == "update":
            self._flush_races()
            self.game, self.view, self.deadline = frame["game"], frame["view"], frame["deadline"]
            self._fold(frame["events"], frame["version"])
        elif kind == "thinking":
            self.thinking = frame
        elif kind == "race":
            self.last_race = None
            if not (frame["kind"] == "blast" and frame["accepted"]):  # (both answers count)
                self.last_race = self.race(frame)
                self._note("race", self.last_race)
        elif kind == "chat_line":
            self._note("chat", frame)
        elif kind == "emote":
            self._note("emote", frame)
            self.emotes[frame["seat"]] = (frame["emote"], now_ms)
        elif kind == "bot_failed":
            self._note("bot_failed", frame)
        elif kind == "round_over":
            self._flush_races()
            self.round_over, self.scores = frame, frame["scores"]
        elif kind == "match_over":
            self.match_over, self.scores = frame, frame["scores"]

    def _fold(self, events: list[dict[str, Any]], version: int) -> None:
        """An update's events, into the log and what the table shows of them: a jump-in's
        play joined to its jump, a simultaneous play kept for its race, the card that reached
        ``version``, the side a turn-over leaves up, a reveal instead of its draws."""
        sides = sides_after(events, bool(self.view and self.view.get("dark")))
        for event in reveals_folded(events):
            kind, seat = event["kind"], event.get("seat", -1)
            last = self.log[-1] if self.log else None
            if kind == ev.PLAY:
                self.landed[version] = event["cards"][0]
                while len(self.landed) > LANDED_KEPT:
                    del self.landed[next(iter(self.landed))]
            if kind == ev.SIMULTANEOUS:
                self.racing[seat] = [event]
            elif seat in self.racing and (
                kind == ev.HOLDING or (kind == ev.DRAW and event.get("reason") == ev.FOR_HOLDING)
            ):
                self.racing[seat].append(event)
            elif kind == ev.JUMP:
                self._note("jump", {"jump": event, "play": None})
            elif (
                kind == ev.PLAY
                and last is not None
                and last[0] == "jump"
                and last[1]["play"] is None
                and (last[1]["jump"]["seat"], last[1]["jump"]["cards"]) == (seat, event["cards"])
            ):
                last[1]["play"] = event
            elif kind == ev.TURN_OVER:
                self._note("turn_over", {"event": event, "dark": sides.pop(0)})
            else:
                self._note("event", event)

    def race(self, frame: dict[str, Any]) -> dict[str, Any]:
        """A race's frame with what the log says of it: the card that was first (``won``:
        "" if none, or not known), the late seat's card refused as simultaneous and the
        cards it draws for it (``refused``, ``draws``: "" and 0 otherwise)."""
        held = self.racing.pop(frame["late"], [])
        refused = won = ""
        draws = 0
        for event in held:
            if event["kind"] == ev.SIMULTANEOUS:
                refused, won = event["cards"]
            elif event["kind"] == ev.HOLDING:
                draws = event["count"]
        if not won and frame["kind"] in ("play", "jump"):
            won = self.landed.get(frame["version"], "")
        return dict(frame, won=won, refused=refused, draws=draws)

    def _flush_races(self) -> None:
        """Simultaneous plays whose race never came: into the log as they were."""
        for held in self.racing.values():
            for event in held:
                self._note("event", event)
        self.racing.clear()

    def thinks(self, seat: int) -> bool:
        """Whether the bot at ``seat`` is thinking about the state on the table now."""
        t, view = self.thinking, self.view
        return (
            t is not None
            and view is not None
            and t["seat"] == seat
            and t["game"] == self.game
            and t["version"] == view["version"]
        )

    def shown_emotes(self, now_ms: float) -> dict[int, str]:
        """The emote of each seat that sent one less than ``EMOTE_SHOWN_MS`` ago."""
        return {
            seat: emote for seat, (emote, at) in self.emotes.items() if now_ms - at < EMOTE_SHOWN_MS
        }

    def _note(self, kind: str, item: dict[str, Any]) -> None:
        self.log.append((kind, item))
        self.logged += 1

    # -- reading -------------------------------------------------------------------------
    def name(self, seat: int | None) -> str:
        """A seat's name as the table shows it; a bot is named by its seat and level."""
        if seat is None:
            return t("table.seat.referee")
        seats = self.presence or (self.room or {}).get("seats", [])
        s = seats[seat] if 0 <= seat < len(seats) else None
        if s is not None and s.get("kind") == "bot":
            level = (s.get("name") or "").removeprefix("bot ").split(":")[0]
            bot = t("table.seat.bot", n=seat + 1)
            if not level:
                return bot
            if i18n.current().has(f"table.bot.{level}"):
                level = t(f"table.bot.{level}")
            return t("table.seat.with_level", name=bot, level=level)
        if s is not None and s.get("name"):
            return str(s["name"])
        return t("table.seat.n", n=seat + 1)

    @property
    def engine_rules(self) -> Rules | None:
        """The engine's rules of the table (the round's variant, the room's options), for
        what a view leaves to them: what a chain's answer must be worth, whose colour window
        a wild opens; None before the room is known, or for rules this version does not
        know (the table then shows only what the view says)."""
        variant = (self.view or {}).get("variant") or (self.room or {}).get("variant")
        if not variant:
            return None
        return compiled(str(variant), json.dumps(self.rules, sort_keys=True))

    @property
    def legal(self) -> list[str]:
        """The seat's legal actions now, in the notation."""
        return list(self.view["legal"]) if self.view else []

    @property
    def realtime(self) -> bool:
        """Whether the round is played in real time (UNO Blast's BLAST mode): no turns."""
        return self.view is not None and self.view.get("live") is not None

    @property
    def launcher(self) -> bool:
        """Whether the table has UNO Attack's launcher, pressed where others draw."""
        return self.view is not None and self.view["launcher"] is not None

    def mandatory(self) -> dict[str, Any] | None:
        """The open mandatory window (the first one: docs/notation.md, "Windows")."""
        if not self.view:
            return None
        for w in self.view["windows"]:
            if w["kind"] in MANDATORY:
                return dict(w)
        return None

    def my_move(self) -> bool:
        """Whether the open mandatory window is this seat's to answer (in BLAST mode's live
        play: whether the seat may play; in a BLAST challenge: whether it must meet it)."""
        w = self.mandatory()
        if w is None or self.seat is None:
            return False
        if w["kind"] in ANSWERED_BY_ANY:
            return bool(self.legal)
        return bool(w["seat"] == self.seat)
