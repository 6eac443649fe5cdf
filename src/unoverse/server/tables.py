"""The server's database tables (SQLAlchemy 2), the schema the migrations build
(``server/migrations``): rooms and their seats, the games played in them, every accepted
action of each game, in order, and each room's chat; for several processes on one
database, each process's lease and each room's owner; and the players' accounts with their
log-in sessions.

A game is stored as what determines it: its preset, player count, seed and dealer, then its
log. The engine replays a game exactly from those, so the log is the truth and nothing else
about a game in progress is stored.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """The server's tables."""


class RoomRow(Base):
    """A room: its code, its settings (``room.Settings``' fields), host and state; an ended
    room keeps its games but is not taken up again."""

    __tablename__ = "rooms"
    __table_args__ = (Index("rooms_open", "ended", "code"),)

    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    settings: Mapped[dict[str, object]] = mapped_column(JSON)
    host: Mapped[int | None] = mapped_column(Integer)
    started: Mapped[bool] = mapped_column(Boolean, default=False)
    ended: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # a turn-based room's seats whose move it is, and when that move times out (ms)
    waiting: Mapped[list[int] | None] = mapped_column(JSON)
    deadline: Mapped[float | None] = mapped_column(Float)


class SeatRow(Base):
    """A seat of a room: a player's name and token hash (and account, if signed in), a bot's
    spec, or open (all null)."""

    __tablename__ = "seats"

    room: Mapped[str] = mapped_column(
        String(16), ForeignKey("rooms.code", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str | None] = mapped_column(String(64))
    bot: Mapped[str | None] = mapped_column(String(200))
    token: Mapped[bytes | None] = mapped_column(LargeBinary(32))
    account: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="SET NULL"), index=True
    )


class GameRow(Base):
    """One round played in a room: what determines it, and its result once over."""

    __tablename__ = "games"
    __table_args__ = (Index("games_finished", "finished_at", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room: Mapped[str] = mapped_column(String(16), ForeignKey("rooms.code", ondelete="CASCADE"))
    preset: Mapped[str] = mapped_column(String(1000))
    players: Mapped[int] = mapped_column(Integer)
    # any integer the engine takes as a seed, exactly, as decimal text
    seed: Mapped[str] = mapped_column(String(40))
    dealer: Mapped[int | None] = mapped_column(Integer)
    # the match of the room it belongs to (from 0: each "play again" starts the next one),
    # its round in that match, and the seats the match had eliminated when it was dealt
    match: Mapped[int] = mapped_column(Integer, default=0)
    round: Mapped[int] = mapped_column(Integer, default=0)
    eliminated: Mapped[list[int]] = mapped_column(JSON, default=list)
    # the deal's commitment and its salt (docs/protocol.md, "A verifiable shuffle"): the seed
    # and the salt are revealed once the game is over
    salt: Mapped[str] = mapped_column(String(64), default="")
    commitment: Mapped[str] = mapped_column(String(64), default="")
    # a labelled bot played for an absent player at some point of the game
    stood_in: Mapped[bool] = mapped_column(Boolean, default=False)
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    result: Mapped[dict[str, object] | None] = mapped_column(JSON)
    # when it was dealt (ms, the server's clock): its first window's deadline counts from it
    dealt_at: Mapped[float | None] = mapped_column(Float)
    # when it finished: the open game data's order (``open_data``)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class ActionRow(Base):
    """The ``n``-th accepted action of a game: its seat (null: the referee), its text in the
    notation, its arrival time (ms on the room's clock), the state version it made, the
    client's ``seq`` for the message that sent it (null: a bot's or the referee's), and
    whether a stand-in bot made it for an absent player (the table labels such moves)."""

    __tablename__ = "actions"

    game: Mapped[int] = mapped_column(
        Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))
    at: Mapped[float] = mapped_column(Float)
    version: Mapped[int] = mapped_column(Integer)
    seq: Mapped[int | None] = mapped_column(BigInteger)
    stand_in: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class ChatRow(Base):
    """A chat line of a room: who sent it (seat and name at the time), its text as written,
    and when (ms, the server's clock)."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room: Mapped[str] = mapped_column(String(16), ForeignKey("rooms.code", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(String(2000))
    at: Mapped[float] = mapped_column(Float)


class NodeRow(Base):
    """A server process of a set sharing the database (``server/peers``): where the others
    reach it, and until when its lease on its rooms holds (the database's clock)."""

    __tablename__ = "nodes"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    url: Mapped[str] = mapped_column(String(400))
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RoomLeaseRow(Base):
    """Which process owns a room (its one writer), and the room's fence: a number raised
    by each takeover, which every write of the room carries and the database checks."""

    __tablename__ = "room_leases"
    __table_args__ = (Index("room_leases_node", "node"),)

    room: Mapped[str] = mapped_column(String(16), primary_key=True)
    node: Mapped[str] = mapped_column(String(64))
    fence: Mapped[int] = mapped_column(BigInteger)


class AccountRow(Base):
    """A player's account (``server/accounts``): its name as chosen and as compared (``key``:
    NFKC, case-folded, unique), its password's Argon2id hash (empty for a level's bot
    account, which never signs in), whether its name is shown in exported games, when it
    was made, and its kind (``player``, or ``bot``: a bot level's rated account, or a bot
    account a player made, which plays with its API key)."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(24))
    key: Mapped[str] = mapped_column(String(96), unique=True)
    password: Mapped[str] = mapped_column(String(200))
    shown: Mapped[bool] = mapped_column(Boolean, default=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    kind: Mapped[str] = mapped_column(String(8), default="player", server_default="player")
    # a bot account's: the account that made it, and the SHA-256 of its API key
    owner: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    api_key: Mapped[bytes | None] = mapped_column(LargeBinary(32), unique=True)


class SessionRow(Base):
    """A signed-in browser (``server/sessions``): the SHA-256 of its cookie's token, its
    account, the token its state-changing requests carry against cross-site forgery, and
    until when it holds."""

    __tablename__ = "sessions"

    id: Mapped[bytes] = mapped_column(LargeBinary(32), primary_key=True)
    account: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    csrf: Mapped[str] = mapped_column(String(64))
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingRow(Base):
    """An account's rating in a variant (``server/ratings``: OpenSkill's Plackett-Luce
    model): its mean and uncertainty, and the rated rounds it played and won."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ratings_board", "variant", "ordinal"),)

    account: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    variant: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    #: mu - 3 sigma, what the leaderboard orders by
    ordinal: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)


class RatedRoundRow(Base):
    """An account's rating after a rated round (its history, one row per round played)."""

    __tablename__ = "rated_rounds"

    account: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[int] = mapped_column(
        Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    variant: Mapped[str] = mapped_column(String(32))
    rank: Mapped[int] = mapped_column(Integer)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
