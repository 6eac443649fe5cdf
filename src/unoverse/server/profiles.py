"""What the server tells about an account (docs/accounts.md, "Profiles"): its ratings per
variant with their history, the games it played and won, its finished games to replay;
and each variant's leaderboard.

A room's code is its only key, so a profile lists a game only if its room is public, or if
the one asking is the account itself: nobody finds a private room through someone's
profile.
"""

from __future__ import annotations

from typing import Any, Final

from sqlalchemy import and_, case, func, select
from sqlalchemy.ext.asyncio import AsyncEngine

from .accounts import name_key
from .ratings import shown
from .room import rules_of
from .tables import AccountRow, GameRow, RatedRoundRow, RatingRow, RoomRow, SeatRow

#: The most finished games a profile lists, newest first.
GAMES: Final = 50
#: The most points of a rating's history a profile gives, the latest.
HISTORY: Final = 500
#: The most accounts a leaderboard lists.
BOARD: Final = 100
#: A rating's columns, as a profile and a leaderboard give them.
RATING: Final = (RatingRow.variant, RatingRow.mu, RatingRow.sigma, RatingRow.games, RatingRow.wins)


async def profile(engine: AsyncEngine, name: str, own: bool) -> dict[str, Any] | None:
    """The profile of the account ``name`` (``own``: asked by the account itself, which
    also sees its games in private rooms), or None (no such account)."""
    async with engine.connect() as conn:
        account = (
            await conn.execute(
                select(AccountRow.id, AccountRow.name, AccountRow.kind).where(
                    AccountRow.key == name_key(name)
                )
            )
        ).first()
        if account is None:
            return None
        ratings = (
            await conn.execute(
                select(*RATING).where(RatingRow.account == account.id).order_by(RatingRow.variant)
            )
        ).all()
        history = (
            await conn.execute(
                select(
                    RatedRoundRow.variant,
                    RatedRoundRow.game,
                    RatedRoundRow.rank,
                    RatedRoundRow.mu,
                    RatedRoundRow.sigma,
                    RatedRoundRow.at,
                )
                .where(RatedRoundRow.account == account.id)
                .order_by(RatedRoundRow.at.desc(), RatedRoundRow.game.desc())
                .limit(HISTORY)
            )
        ).all()
        played = and_(
            SeatRow.account == account.id,
            GameRow.room == SeatRow.room,
            GameRow.finished.is_(True),
            GameRow.result["winner"].as_integer().is_not(None),
        )
        won = GameRow.result["winner"].as_integer() == SeatRow.seat
        totals = (
            await conn.execute(
                select(func.count(), func.coalesce(func.sum(case((won, 1), else_=0)), 0)).where(
                    played
                )
            )
        ).one()
        visible = played if own else and_(played, RoomRow.settings["public"].as_boolean())
        games = (
            await conn.execute(
                select(
                    GameRow.id,
                    GameRow.room,
                    GameRow.preset,
                    GameRow.players,
                    SeatRow.seat,
                    GameRow.result["winner"].as_integer(),
                )
                .join(RoomRow, RoomRow.code == GameRow.room)
                .where(visible)
                .order_by(GameRow.id.desc())
                .limit(GAMES)
            )
        ).all()
    rated = {g: rank for _v, g, rank, *_ in history}
    return {
        "name": account.name,
        "kind": account.kind,
        "played": int(totals[0]),
        "won": int(totals[1]),
        "ratings": [
            {
                "variant": r.variant,
                "rating": shown(r.mu, r.sigma),
                "mu": round(r.mu, 3),
                "sigma": round(r.sigma, 3),
                "games": r.games,
                "wins": r.wins,
                "history": [
                    {"game": g, "at": at.isoformat(), "rating": shown(mu, sigma), "rank": rank}
                    for v, g, rank, mu, sigma, at in reversed(history)
                    if v == r.variant
                ],
            }
            for r in ratings
        ],
        "games": [
            {
                "room": room,
                "game": game,
                "variant": rules_of(preset)[0],
                "preset": preset,
                "players": players,
                "seat": seat,
                "won": winner == seat,
                "rated": game in rated,
            }
            for game, room, preset, players, seat, winner in games
        ],
    }


async def leaderboard(
    engine: AsyncEngine, variant: str, limit: int = BOARD
) -> list[dict[str, Any]]:
    """The accounts rated in ``variant``, best first (by ``mu - 3 sigma``)."""
    async with engine.connect() as conn:
        rows = (
            await conn.execute(
                select(AccountRow.name, AccountRow.kind, *RATING)
                .join(AccountRow, AccountRow.id == RatingRow.account)
                .where(RatingRow.variant == variant, RatingRow.games > 0)
                .order_by(RatingRow.ordinal.desc(), AccountRow.key)
                .limit(limit)
            )
        ).all()
    return [
        {
            "rank": i + 1,
            "name": r.name,
            "kind": r.kind,
            "rating": shown(r.mu, r.sigma),
            "games": r.games,
            "wins": r.wins,
        }
        for i, r in enumerate(rows)
    ]


async def your_games(engine: AsyncEngine, account: int) -> list[dict[str, Any]]:
    """The rooms not ended where ``account`` holds a seat, those waiting for its move first
    (the soonest deadline first), then the others, newest code last."""
    async with engine.connect() as conn:
        rows = (
            await conn.execute(
                select(
                    RoomRow.code,
                    RoomRow.settings,
                    RoomRow.started,
                    RoomRow.waiting,
                    RoomRow.deadline,
                    SeatRow.seat,
                )
                .join(SeatRow, SeatRow.room == RoomRow.code)
                .where(SeatRow.account == account, RoomRow.ended.is_(False))
            )
        ).all()
    games = []
    for code, settings, started, waiting, deadline, seat in rows:
        mine = seat in (waiting or [])
        games.append(
            {
                "room": code,
                "variant": rules_of(str(settings["preset"]))[0],
                "preset": settings["preset"],
                "seats": settings["seats"],
                "timer": settings["timer"],
                "rated": settings.get("rated", False),
                "started": started,
                "seat": seat,
                "your_turn": mine,
                "deadline": deadline if mine else None,
            }
        )
    games.sort(key=lambda g: (not g["your_turn"], g["deadline"] or 0.0, g["room"]))
    return games


async def open_seats(engine: AsyncEngine, account: int) -> int:
    """How many seats ``account`` holds in rooms not ended."""
    async with engine.connect() as conn:
        count = await conn.scalar(
            select(func.count())
            .select_from(SeatRow)
            .join(RoomRow, RoomRow.code == SeatRow.room)
            .where(SeatRow.account == account, RoomRow.ended.is_(False))
        )
    return int(count or 0)
