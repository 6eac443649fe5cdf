"""The websocket protocol's messages: typed structs, and the one decoder every frame goes
through (docs/protocol.md).

A frame is one JSON object whose ``type`` names the message. Every message a client may send
is a struct here, with its limits (lengths, ranges) declared on its fields; the decoder
refuses anything else — a frame over ``MAX_FRAME`` bytes, text that is not JSON, an unknown
``type``, a missing, extra or mistyped field — with a ``ProtocolError`` of code
``bad_message`` that names what was wrong, before any game sees it. Unknown fields are
refused rather than skipped, so a payload nested thousands of levels deep is refused at its
first byte instead of being walked.

``PROTOCOL`` is the protocol's version: a client says which one it speaks in ``hello``, and
a change that an existing client could misread takes a new number.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal, get_args

import msgspec

#: The protocol version this server speaks.
PROTOCOL: Final = 1
#: The largest frame a client may send, in bytes (UTF-8).
MAX_FRAME: Final = 16 * 1024
#: The largest sequence number or version: a JSON number every client language reads exactly.
MAX_COUNT: Final = 2**53 - 1
#: The longest action text (the notation's longest plays are well under it).
MAX_ACTION: Final = 200
#: The longest chat message, in characters.
MAX_CHAT: Final = 500
#: The longest seat token: the server's are 43 characters (256 random bits, URL-safe base64).
MAX_TOKEN: Final = 64
#: The longest room code.
MAX_ROOM: Final = 16

#: The codes of the errors the server sends (``Error.code``). The first four are the engine's
#: and the session's refusals of an action; the rest are the server's own.
ErrorCode = Literal[
    "illegal",
    "not_your_window",
    "stale",
    "notation",
    "bad_message",
    "rate_limited",
    "unauthorised",
    "forbidden",
    "name_taken",
    "room_full",
    "not_started",
    "not_ready",
    "not_found",
    "too_large",
    "too_many",
    "server_full",
    "unavailable",
]
ERROR_CODES: Final[tuple[str, ...]] = get_args(ErrorCode)

Count = Annotated[int, msgspec.Meta(ge=0, le=MAX_COUNT)]
Token = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_TOKEN)]
RoomCode = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_ROOM)]
ActionText = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_ACTION)]
ChatText = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_CHAT)]


class ProtocolError(Exception):
    """A frame or a request the server refuses, with the code and the reason the ``error``
    reply carries."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code: ErrorCode = code
        self.message = message


class Message(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    """A frame: its ``type`` is the struct's tag."""


# -- client to server ------------------------------------------------------------------------
class Hello(Message, tag="hello", frozen=True):
    """The first frame on a room's socket: the protocol spoken, the room, and the seat token
    joining gave (none: a spectator). ``last_version`` is the last state version the client
    saw of game ``game``, when it reconnects: the server answers with the events since, and
    the whole view."""

    protocol: int
    room: RoomCode
    token: Token | None = None
    last_version: Count | None = None
    game: Count | None = None


class Act(Message, tag="act", frozen=True):
    """An action of the client's seat, in the card notation (docs/notation.md), decided on
    state ``based_on_version``. ``seq`` numbers the client's messages: one resent with the
    same ``seq`` is applied once and answered the same."""

    seq: Count
    based_on_version: Count
    action: ActionText


class Chat(Message, tag="chat", frozen=True):
    """A chat line to the room: text only, never markup."""

    seq: Count
    text: ChatText


#: The emotes a seat may send (``Emote``).
EmoteName = Literal["hello", "well_played", "wow", "oops", "hurry", "thanks"]
EMOTES: Final[tuple[str, ...]] = get_args(EmoteName)


class Emote(Message, tag="emote", frozen=True):
    """A seat's emote to the room: one of ``EMOTES``, never stored."""

    seq: Count
    emote: EmoteName


ClientMessage = Hello | Act | Chat | Emote

_DECODER: Final = msgspec.json.Decoder(ClientMessage)


def decode(frame: bytes | str) -> ClientMessage:
    """The message in ``frame``, or ``ProtocolError`` (``bad_message``) saying why not."""
    data = frame.encode() if isinstance(frame, str) else frame
    if len(data) > MAX_FRAME:
        raise ProtocolError("bad_message", f"a frame is at most {MAX_FRAME} bytes, not {len(data)}")
    try:
        return _DECODER.decode(data)
    except msgspec.DecodeError as e:  # ValidationError is a DecodeError too
        raise ProtocolError("bad_message", _reason(str(e))) from None


def _reason(text: str) -> str:
    """msgspec's message in the protocol's words (it calls the tag field an object's tag)."""
    return text.replace("Invalid value", "unknown message type").replace(
        "Object missing required field `type`", "a frame names its message in `type`"
    )


# -- server to client ------------------------------------------------------------------------
class Ack(Message, tag="ack", frozen=True):
    """The client's message ``seq`` was accepted and stored: the state is now ``version``."""

    seq: int
    version: int


class Error(Message, tag="error", frozen=True, omit_defaults=True):
    """The client's message ``seq`` (None: a frame that could not be read) was refused, and
    nothing changed. ``message`` says why in English; a refusal of the engine also carries
    its ``reason``, a catalogue key, and the reason's typed ``fields``, so a client can say
    it in its player's language (docs/languages.md; ``core.reasons``). Both are left out
    when there is no reason."""

    seq: int | None
    code: ErrorCode
    message: str
    reason: str | None = None
    fields: dict[str, Any] | None = None


class Welcome(Message, tag="welcome", frozen=True):
    """The answer to ``hello``: the client's seat (None: a spectator), the room as the
    public list shows it, the rules in force (every option), each seat's presence and the
    room's last chat lines."""

    seat: int | None
    room: dict[str, Any]
    rules: dict[str, Any]
    presence: list[dict[str, Any]]
    chat: list[dict[str, Any]]


class Update(Message, tag="update", frozen=True):
    """The game moved to ``version`` (or the client is catching up): the events since the
    client's last update as its seat may see them, and its whole view afterwards.
    ``deadline`` is when the open mandatory window times out (ms since the Unix epoch on
    the server's clock; None: no timer), so a client can show a countdown."""

    game: int
    version: int
    events: list[dict[str, Any]]
    view: dict[str, Any]
    deadline: float | None
    #: the seats whose actions among ``events`` a stand-in bot made for an absent player
    stand_in: list[int] = msgspec.field(default_factory=list)


class Race(Message, tag="race", frozen=True):
    """Two seats answered the same state: seat ``first``'s action (its ``kind``) was applied
    first, making ``version``; seat ``late``'s, arriving ``by_ms`` later on the server's
    clock, was then refused, or ``accepted`` on the new state (in BLAST mode, with its
    penalty when it was too late). Sent to every seat."""

    game: int
    version: int
    first: int
    kind: str
    late: int
    by_ms: float
    accepted: bool


class Presence(Message, tag="presence", frozen=True):
    """Who sits where and who is here: each seat's kind, name, whether its player is
    connected, and whether a labelled bot stands in for them."""

    seats: list[dict[str, Any]]
    host: int | None


class Lobby(Message, tag="lobby", frozen=True):
    """The room changed before or between matches (seats, bots, host, started)."""

    room: dict[str, Any]


class ChatLine(Message, tag="chat_line", frozen=True):
    """A chat line, to be shown as text."""

    seat: int
    name: str
    text: str
    at: float


class Deal(Message, tag="deal", frozen=True):
    """A round is dealt: the commitment to its seed (docs/protocol.md, "A verifiable
    shuffle"), before anyone sees a card."""

    game: int
    match: int
    round: int
    commitment: str


class RoundOver(Message, tag="round_over", frozen=True):
    """A round ended: its winner, the points left in each hand, the match's scores, and the
    seed and salt of its deal, revealed (the seed as decimal text: it may exceed what a JSON
    number holds exactly)."""

    game: int
    winner: int
    leftovers: list[int]
    scores: list[int]
    seed: str
    salt: str
    commitment: str
    #: UNO Blast: the seats eliminated in the round, in the order they went (else None)
    eliminated: list[int] | None = None


class Thinking(Message, tag="thinking", frozen=True):
    """A bot (or a stand-in) at ``seat``, holding the mandatory window, has started to
    think about state ``version``; ``until`` is when it expects to answer (ms since the
    Unix epoch on the server's clock: a hint)."""

    game: int
    version: int
    seat: int
    until: float


class EmoteShown(Message, tag="emote", frozen=True):
    """A seat's emote, for everyone in the room."""

    seat: int
    name: str
    emote: str
    at: float


class MatchOver(Message, tag="match_over", frozen=True):
    """The match is decided: its winners (several only for a shared tie) and scores."""

    winners: list[int]
    scores: list[int]


class Bye(Message, tag="bye", frozen=True):
    """The server closes this socket, and why: ``taken_over`` (the seat's token connected
    again elsewhere), ``kicked``, ``flood``, ``shutdown``."""

    reason: str


ServerMessage = (
    Ack
    | Error
    | Welcome
    | Update
    | Race
    | Presence
    | Lobby
    | ChatLine
    | Deal
    | RoundOver
    | MatchOver
    | Thinking
    | EmoteShown
    | Bye
)

_ENCODER: Final = msgspec.json.Encoder()


def encode(message: ServerMessage) -> bytes:
    """The frame of a server message."""
    return _ENCODER.encode(message)


def encode_refusal(code: ErrorCode, message: str) -> bytes:
    """The body of a refused HTTP request: ``{"code": ..., "message": ...}``."""
    return _ENCODER.encode({"code": code, "message": message})


def error_for(seq: int | None, err: ProtocolError) -> Error:
    """The ``error`` reply to a refused frame."""
    return Error(seq=seq, code=err.code, message=err.message)
