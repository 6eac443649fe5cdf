"""The server's database tables (SQLAlchemy 2), the schema the migrations build
(``server/migrations``): rooms and their seats, the games played in them, and every accepted
action of each game, in order.

A game is stored as what determines it: its preset, player count, seed and dealer, then its
log. The engine replays a game exactly from those, so the log is the truth and nothing else
about a game in progress is stored.
"""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Integer, LargeBinary, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """The server's tables."""


class RoomRow(Base):
    """A room: its code, its settings (``room.Settings``' fields), host and state."""

    __tablename__ = "rooms"

    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    settings: Mapped[dict[str, object]] = mapped_column(JSON)
    host: Mapped[int | None] = mapped_column(Integer)
    started: Mapped[bool] = mapped_column(Boolean, default=False)


class SeatRow(Base):
    """A seat of a room: a player's name and token hash, a bot's spec, or open (all null)."""

    __tablename__ = "seats"

    room: Mapped[str] = mapped_column(
        String(16), ForeignKey("rooms.code", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str | None] = mapped_column(String(64))
    bot: Mapped[str | None] = mapped_column(String(200))
    token: Mapped[bytes | None] = mapped_column(LargeBinary(32))


class GameRow(Base):
    """One round played in a room: what determines it, and its result once over."""

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room: Mapped[str] = mapped_column(String(16), ForeignKey("rooms.code", ondelete="CASCADE"))
    preset: Mapped[str] = mapped_column(String(1000))
    players: Mapped[int] = mapped_column(Integer)
    # any integer the engine takes as a seed, exactly, as decimal text
    seed: Mapped[str] = mapped_column(String(40))
    dealer: Mapped[int | None] = mapped_column(Integer)
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    result: Mapped[dict[str, object] | None] = mapped_column(JSON)


class ActionRow(Base):
    """The ``n``-th accepted action of a game: its seat (null: the referee), its text in the
    notation, its arrival time (ms on the room's clock) and the state version it made."""

    __tablename__ = "actions"

    game: Mapped[int] = mapped_column(
        Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))
    at: Mapped[float] = mapped_column(Float)
    version: Mapped[int] = mapped_column(Integer)
