"""What a room stores, and the interface of whatever keeps it (``GameStore``): the server's
database (``store.Store``: SQLite or PostgreSQL, through SQLAlchemy) or, for a table on
this machine that nobody takes up again, memory (``memory.MemoryStore``).

This module needs nothing of the server's extra, so a room and the terminal game's local
table load without the database's libraries; only ``store`` imports them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Protocol

from ..core.errors import UnoverseError
from ..core.game import Game
from ..core.setup import new_game

if TYPE_CHECKING:
    from .ranking import RatedRound
    from .room import Room

#: The database a server uses when given none: a SQLite file in the working directory.
DEFAULT_URL: Final = "sqlite+aiosqlite:///unoverse.db"


@dataclass(frozen=True)
class GameRecord:
    """A stored game: where it is played, how it was dealt (its seed stays on the server
    until the game is over), and its result once over."""

    id: int
    room: str
    preset: str
    players: int
    seed: int
    dealer: int | None
    match: int = 0
    round: int = 0
    eliminated: tuple[int, ...] = ()
    salt: str = ""
    commitment: str = ""
    stood_in: bool = False
    finished: bool = False
    result: dict[str, Any] | None = None
    #: when it was dealt (ms, the server's clock)
    dealt_at: float | None = None

    def deal(self) -> Game:
        """The game as it was dealt, before its first action (its log replays on it)."""
        return new_game(
            self.preset, self.players, self.seed, dealer=self.dealer, eliminated=self.eliminated
        )


@dataclass(frozen=True)
class Entry:
    """One accepted action of a game's log (``seq``: the client message that sent it;
    ``stand_in``: a stand-in bot made it for the seat's absent player)."""

    seat: int | None
    action: str
    at: float
    version: int
    seq: int | None = None
    stand_in: bool = False


@dataclass(frozen=True)
class ChatLine:
    """A stored chat line."""

    seat: int
    name: str
    text: str
    at: float


class CodeTaken(Exception):
    """A new room's code is already some room's."""


class LeaseLost(UnoverseError):
    """The database refused a room's write: another process took the room over (its fence
    is newer than the one the write carried). Nothing of the write was stored."""

    code = "lease_lost"


class GameStore(Protocol):
    """What a hub and its rooms write and read back while they play: the rooms' table
    changes, each game with its log and result, and the chat. Each write is kept before it
    returns; ``append_all`` refuses an action number already stored."""

    async def close(self) -> None:
        """Let go of what the store holds (connections)."""

    async def insert_room(self, room: Room, node: str | None = None) -> None:
        """Keep a new room, owned by process ``node`` if given (``peers``), or
        ``CodeTaken`` (nothing kept)."""

    async def save_room(self, room: Room) -> None:
        """Keep a room as it is now: its settings, host, state and seats."""

    async def end_room(self, code: str) -> None:
        """Mark the room ``code`` ended: kept with its games, never taken up again."""

    async def start_game(
        self,
        room: str,
        preset: str,
        players: int,
        seed: int,
        dealer: int | None = None,
        *,
        match: int = 0,
        round: int = 0,
        eliminated: tuple[int, ...] = (),
        salt: str = "",
        commitment: str = "",
        dealt_at: float | None = None,
    ) -> int:
        """Record a new game of ``room`` (its deal's commitment with it), dealt at
        ``dealt_at`` (ms): its id."""
        ...

    async def append_all(self, game: int, first: int, entries: list[Entry]) -> None:
        """Keep ``entries`` as the actions ``first``, ``first + 1``... of ``game``, all of
        them or none (a number already stored: none, and an error)."""

    async def stood_in(self, game: int) -> None:
        """Mark ``game`` as one where a labelled bot played for an absent player."""

    async def finish_game(
        self, game: int, result: dict[str, object], rated: RatedRound | None = None
    ) -> None:
        """Mark ``game`` over, with its result, and rate it (a rated room's round) in the
        same transaction."""

    async def set_turns(self, room: str, waiting: list[int], deadline: float | None) -> None:
        """A turn-based room now waits for the moves of the seats ``waiting``, the first of
        them timing out at ``deadline`` (ms)."""

    async def games(self, room: str) -> list[GameRecord]:
        """Every game of ``room``, oldest first."""
        ...

    async def game(self, game: int) -> GameRecord | None:
        """The game ``game``, or None."""
        ...

    async def log(self, game: int) -> list[Entry]:
        """Every stored action of ``game``, in order."""
        ...

    async def add_chat(self, room: str, line: ChatLine) -> None:
        """Keep a chat line of ``room``."""

    async def chat(self, room: str, last: int = 100) -> list[ChatLine]:
        """The ``last`` chat lines of ``room``, oldest first."""
        ...
