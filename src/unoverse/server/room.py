"""A room's table before and between matches: its settings, its seats (players, bots, open),
the host, and who holds which seat (docs/protocol.md, "Rooms").

Joining a seat returns a seat token, 256 random bits from the operating system, whether the
player is a guest or signed in (then the seat also names the account, and the seat's name
is the account's). The room keeps only each token's SHA-256 and compares in constant time,
so a stored room gives no token away. A rated room seats accounts only.

Every change is checked before anything moves: a refused request raises ``ProtocolError``
(or the engine's typed error for bad settings) and leaves the room as it was.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from dataclasses import dataclass
from typing import Final

from ..bots.base import make_bot
from ..bots.pace import SPEEDS, Speed
from ..core.errors import BadPlayerCount, InvalidOptionValue
from ..core.options import Value, shown
from ..core.setup import resolve_preset
from ..i18n import N_
from .protocol import ProtocolError

#: The turn timer's presets: seconds per window (None: no timer).
TIMERS: Final[dict[str, float | None]] = {
    "off": None,
    "relaxed": 60.0,
    "normal": 30.0,
    "fast": 15.0,
    # turn-based: a move an hour, a day, three days (``Settings.turn_based``)
    "hour": 3600.0,
    "day": 86400.0,
    "three_days": 3 * 86400.0,
}
#: The shortest timer of a turn-based room, in seconds: its players come and go.
TURN_BASED_S: Final = 3600.0
#: The bots' pace (``bots.pace.SPEEDS``): relaxed, normal or fast.
BOT_SPEEDS: Final = tuple(SPEEDS)
#: The bots a rated room may seat: the levels, each rated as an account of its own.
RATED_LEVELS: Final = ("easy", "normal", "hard")
#: The longest player name, in characters.
MAX_NAME: Final = 24
#: Room codes: eight characters without the ones people misread (0/O, 1/I/L).
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 8


def new_code() -> str:
    """A random room code (the caller checks it is not in use)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """A seat token: 256 random bits, URL-safe base64 (43 characters)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> bytes:
    """What a room stores of a token."""
    return hashlib.sha256(token.encode()).digest()


def refuse_invisible(text: str, what: str, *, joiners: bool = False) -> None:
    """Refuse ``text`` (a name, a chat line) holding a control, invisible or
    direction-changing character (Unicode's categories C*: NUL, new lines, zero-width and
    bidirectional-override characters, unassigned code points...), which could hide or
    disguise what is shown, or that a database refuses (PostgreSQL, a NUL). With ``joiners``,
    a zero-width joiner between two symbols is text (it joins emoji: 👩‍💻)."""
    for i, ch in enumerate(text):
        if not unicodedata.category(ch).startswith("C"):
            continue
        if joiners and ch == ZWJ and 0 < i < len(text) - 1 and _symbol(text[i - 1], text[i + 1]):
            continue
        raise ProtocolError(
            "bad_message", f"{what}: no control or invisible characters (U+{ord(ch):04X})"
        )


#: The zero-width joiner, and the characters it may join in a chat line.
ZWJ: Final = "\u200d"


def _symbol(before: str, after: str) -> bool:
    return all(unicodedata.category(c) in ("So", "Sk", "Mn") for c in (before, after))


@dataclass(frozen=True)
class Settings:
    """What the host chooses when creating a room (``Settings.make`` checks it)."""

    preset: str
    seats: int
    timer: str = "normal"
    public: bool = False
    spectators: bool = True
    bot_speed: Speed = "normal"
    #: each round changes its players' ratings; only accounts (and bots) take its seats
    rated: bool = False

    @classmethod
    def make(
        cls,
        preset: object,
        seats: object,
        timer: object = "normal",
        public: object = False,
        spectators: object = True,
        bot_speed: object = "normal",
        rated: object = False,
    ) -> Settings:
        """Checked settings: a preset the engine accepts for ``seats`` players, a timer
        of ``TIMERS`` and a bot speed of ``BOT_SPEEDS``. How a match is scored and its
        target are the preset's options (``scoring``, ``target_score``: RULES.md P6), like
        every other rule."""
        variant, _options = resolve_preset(preset)
        if not isinstance(seats, int) or isinstance(seats, bool):
            raise BadPlayerCount(f"seats: a number of seats, not {shown(seats)}")
        variant.check_players(seats)
        if not isinstance(timer, str) or timer not in TIMERS:
            raise InvalidOptionValue(
                reason=N_("reason.timer"), timers=", ".join(TIMERS), given=shown(timer)
            )
        for name, value in (("public", public), ("spectators", spectators), ("rated", rated)):
            if not isinstance(value, bool):
                raise InvalidOptionValue(f"{name}: true or false, not {shown(value)}")
        assert isinstance(preset, str) and isinstance(public, bool)
        assert isinstance(spectators, bool) and isinstance(rated, bool)
        if bot_speed == "relaxed" or bot_speed == "normal" or bot_speed == "fast":
            return cls(preset, seats, timer, public, spectators, bot_speed, rated)
        raise InvalidOptionValue(
            reason=N_("reason.bot_speed"), speeds=", ".join(BOT_SPEEDS), given=shown(bot_speed)
        )

    @property
    def seconds(self) -> float | None:
        """The turn timer in seconds (None: off)."""
        return TIMERS[self.timer]

    @property
    def turn_based(self) -> bool:
        """Whether the room is played a move at a time over hours or days: nobody stands in
        for a player away (the timer moves for them), and the room does not end for being
        left alone while its players are away."""
        seconds = self.seconds
        return seconds is not None and seconds >= TURN_BASED_S


@dataclass
class Seat:
    """One seat: open, a player's (a name and its token's hash, and the player's account
    if signed in) or a bot's (its spec)."""

    name: str | None = None
    bot: str | None = None
    token: bytes | None = None
    account: int | None = None

    @property
    def kind(self) -> str:
        """``open``, ``player`` or ``bot`` (a bot account invited to the seat is a player:
        its program takes the seat up with its key)."""
        if self.bot is not None:
            return "bot"
        return "player" if self.token is not None or self.account is not None else "open"


class Room:
    """A room's table (see the module's docstring). The first player to join is the host."""

    def __init__(self, code: str, settings: Settings) -> None:
        self.code = code
        self.settings = settings
        self.seats = [Seat() for _ in range(settings.seats)]
        self.host: int | None = None
        self.started = False

    # -- who is who ------------------------------------------------------------------------
    def seat_of(self, token: object) -> int:
        """The seat ``token`` holds, or ``unauthorised``."""
        if isinstance(token, str) and token:
            digest = token_hash(token)
            for i, seat in enumerate(self.seats):
                if seat.token is not None and hmac.compare_digest(seat.token, digest):
                    return i
        raise ProtocolError("unauthorised", f"no seat of room {self.code} has this token")

    def _host(self, token: object) -> int:
        seat = self.seat_of(token)
        if seat != self.host:
            raise ProtocolError("unauthorised", f"only the host (seat {self.host}) may do this")
        return seat

    def _before_start(self, what: str) -> None:
        if self.started:
            raise ProtocolError("not_ready", f"{what}: the match has started")

    def _seat(self, seat: object) -> Seat:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats):
            raise ProtocolError(
                "bad_message", f"seat: 0 to {len(self.seats) - 1}, not {shown(seat)}"
            )
        return self.seats[seat]

    # -- players ---------------------------------------------------------------------------
    def join(
        self, name: object, seat: object = None, account: int | None = None
    ) -> tuple[int, str]:
        """Take an open seat (the first one, or ``seat``) under ``name``, for ``account`` if
        signed in: the seat and its token. ``room_full`` when no seat is open;
        ``unauthorised`` for a guest at a rated room, or an account seated already."""
        self._before_start("join")
        if account is None and self.settings.rated:
            raise ProtocolError("unauthorised", "a rated room seats signed-in players only")
        if account is not None and any(s.account == account for s in self.seats):
            raise ProtocolError("unauthorised", "your account holds a seat of this room already")
        clean = self._name(name)
        if seat is None:
            free = [i for i, s in enumerate(self.seats) if s.kind == "open"]
            if not free:
                raise ProtocolError("room_full", f"every seat of room {self.code} is taken")
            index = free[0]
        else:
            if self._seat(seat).kind != "open":
                raise ProtocolError("room_full", f"seat {seat} of room {self.code} is taken")
            assert isinstance(seat, int)
            index = seat
        token = new_token()
        self.seats[index] = Seat(name=clean, token=token_hash(token), account=account)
        if self.host is None:
            self.host = index
        return index, token

    def _name(self, name: object) -> str:
        """A player's name: 1 to ``MAX_NAME`` characters of text, no control characters,
        unique in the room whatever its case. Markup is kept as text."""
        if not isinstance(name, str):
            raise ProtocolError("bad_message", f"name: text, not {shown(name)}")
        clean = " ".join(name.split())
        if not 1 <= len(clean) <= MAX_NAME:
            raise ProtocolError("bad_message", f"name: 1 to {MAX_NAME} characters")
        refuse_invisible(clean, "name")
        taken = {s.name.casefold() for s in self.seats if s.name is not None}
        if clean.casefold() in taken:
            raise ProtocolError("bad_message", f"name: {clean!r} is taken in this room")
        return clean

    def reclaim(self, account: int) -> tuple[int, str]:
        """The seat ``account`` holds, under a new token (the one it had is void): how a
        signed-in player takes their seat up on another device. ``unauthorised`` when the
        account holds no seat here."""
        for i, seat in enumerate(self.seats):
            if seat.account == account:
                token = new_token()
                seat.token = token_hash(token)
                return i, token
        raise ProtocolError("unauthorised", f"your account holds no seat of room {self.code}")

    def leave(self, token: object) -> int:
        """The holder of ``token`` leaves its seat before the match (later, its seat is held
        for it): the seat opens; the host role passes to the next player, if any."""
        seat = self.seat_of(token)
        self._before_start("leave")
        self.seats[seat] = Seat()
        if self.host == seat:
            self.host = next((i for i, s in enumerate(self.seats) if s.kind == "player"), None)
        return seat

    # -- the host --------------------------------------------------------------------------
    def add_bot(self, token: object, seat: object, spec: object = "normal") -> None:
        """The host puts a bot (a level or any bot spec) in an open seat."""
        self._host(token)
        self._before_start("add a bot")
        if self._seat(seat).kind != "open":
            raise ProtocolError("room_full", f"seat {seat} is taken")
        assert isinstance(seat, int)
        make_bot(spec, 0, seat)  # the spec's typed error, if any
        assert isinstance(spec, str)
        if self.settings.rated and spec.strip() not in RATED_LEVELS:
            raise ProtocolError(
                "bad_message", f"a rated room seats bots by level: {', '.join(RATED_LEVELS)}"
            )
        self.seats[seat] = Seat(name=f"bot {spec.strip()}", bot=spec.strip())

    def invite(self, token: object, seat: object, account: int, name: str) -> None:
        """The host invites the bot account ``account`` (called ``name``) to an open seat:
        the seat is the account's, its program takes it up (``reclaim``) with its key."""
        self._host(token)
        self._before_start("invite a bot account")
        if self._seat(seat).kind != "open":
            raise ProtocolError("room_full", f"seat {seat} is taken")
        if any(s.account == account for s in self.seats):
            raise ProtocolError("bad_message", f"{name} holds a seat of this room already")
        if name.casefold() in {s.name.casefold() for s in self.seats if s.name is not None}:
            raise ProtocolError("bad_message", f"name: {name!r} is taken in this room")
        assert isinstance(seat, int)
        self.seats[seat] = Seat(name=name, account=account)

    def remove_bot(self, token: object, seat: object) -> None:
        """The host takes a bot out: its seat opens."""
        self._host(token)
        self._before_start("remove a bot")
        if self._seat(seat).kind != "bot":
            raise ProtocolError("bad_message", f"seat {seat} holds no bot")
        assert isinstance(seat, int)
        self.seats[seat] = Seat()

    def kick(self, token: object, seat: object) -> None:
        """The host sends a player away before the match: its seat opens, its token is void."""
        host = self._host(token)
        self._before_start("kick")
        if self._seat(seat).kind != "player" or seat == host:
            raise ProtocolError("bad_message", f"seat {seat} holds no other player")
        assert isinstance(seat, int)
        self.seats[seat] = Seat()

    def hand_host(self, token: object, seat: object) -> None:
        """The host hands its role to another player."""
        host = self._host(token)
        if self._seat(seat).kind != "player" or seat == host:
            raise ProtocolError("bad_message", f"seat {seat} holds no other player")
        assert isinstance(seat, int)
        self.host = seat

    def start(self, token: object) -> None:
        """The host starts the match once every seat is a player's or a bot's."""
        self._host(token)
        self._before_start("start")
        open_seats = [i for i, s in enumerate(self.seats) if s.kind == "open"]
        if open_seats:
            raise ProtocolError(
                "not_ready", f"seats {open_seats} are open: wait for players or add bots"
            )
        self.started = True

    def play_again(self, token: object) -> None:
        """After a match, the host opens the same table for another (seats, bots, settings
        kept)."""
        self._host(token)
        self.started = False

    # -- the lobby's listing ---------------------------------------------------------------
    def listing(self) -> dict[str, object]:
        """What the public room list shows: the rules (house options included) before
        anyone joins, the seats and who holds them (names only), and whether it has started."""
        variant, options = rules_of(self.settings.preset)
        return {
            "code": self.code,
            "variant": variant,
            "preset": self.settings.preset,
            "options": options,
            "seats": [{"kind": s.kind, "name": s.name} for s in self.seats],
            "free": sum(s.kind == "open" for s in self.seats),
            "timer": self.settings.timer,
            "turn_based": self.settings.turn_based,
            "bot_speed": self.settings.bot_speed,
            "spectators": self.settings.spectators,
            "rated": self.settings.rated,
            "started": self.started,
        }


def rules_of(preset: str) -> tuple[str, dict[str, Value]]:
    """A preset's variant and the options it sets off the variant's defaults (by their
    canonical names): what a page puts in words (a room's line, a game's replay)."""
    variant, options = resolve_preset(preset)
    return variant.name, {k: v for k, v in options.items() if v != variant.specs[k].default}
