"""Ratings (docs/accounts.md, "Ratings"): each rated round changes its players' ratings in
its variant, in the same transaction that marks the round over, so a round is rated once
and only by the room's owner, whatever crashes or takeovers come.

The model is OpenSkill's Plackett-Luce (``openskill``): a free-for-all of 2 to 10 players
ranked in one update, which Elo and Glicko-2 cannot do without pairing everyone off. It
gives TrueSkill's kind of estimate (a mean ``mu`` and an uncertainty ``sigma``) under a
permissive licence, is maintained, and rates a ten-player round in well under a
millisecond. A round ranks its winner first and the others by the points left in their
hands, fewest first (equal points share a rank). A seat a match had already eliminated is
not in the round.

Each bot level has a rated account of its own (``unoverse-easy``, ``unoverse-normal``,
``unoverse-hard``), made as the store opens (``bot_accounts``), so a player alone with bots
is rated too. Two bots of one level at a table are one account in two seats: each seat is rated
from the account's rating, and the account moves by the mean of their changes.

A rating is shown as ``1000 + 40 (mu - 3 sigma)``: a new account shows 1000, and the
number only rises as the server grows sure of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, Final

from openskill.models import PlackettLuce
from sqlalchemy import Table, bindparam, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from .ranking import RatedRound
from .room import RATED_LEVELS
from .tables import AccountRow, RatedRoundRow, RatingRow

MODEL: Final = PlackettLuce()
#: The ratings' tables, written with Core statements (a round's end waits for them).
RATINGS: Final[Table] = RatingRow.__table__  # type: ignore[assignment]
HISTORY: Final[Table] = RatedRoundRow.__table__  # type: ignore[assignment]
#: What a level's account is called (``room.RATED_LEVELS``: the levels a rated room seats).
BOT_NAME: Final = "unoverse-{level}"


def shown(mu: float, sigma: float) -> int:
    """The rating a page shows for ``mu`` and ``sigma``."""
    return round(1000 + 40 * (mu - 3 * sigma))


async def rate(s: AsyncSession, game: int, rated: RatedRound, bots: Mapping[str, int]) -> None:
    """Rate ``game`` (see the module's docstring) within the transaction of ``s``, which
    marks it over (the caller rates a game once: as it marks it over); ``bots`` holds each
    level's account (``bot_accounts``)."""
    seats = [(bots[who] if isinstance(who, str) else who, rank) for who, rank in rated.seats]
    accounts = sorted({a for a, _ in seats})
    # locked in the accounts' order: two rounds rating the same accounts take turns
    rows = (
        await s.execute(
            select(
                RATINGS.c.account, RATINGS.c.mu, RATINGS.c.sigma, RATINGS.c.games, RATINGS.c.wins
            )
            .where(RATINGS.c.variant == rated.variant, RATINGS.c.account.in_(accounts))
            .order_by(RATINGS.c.account)
            .with_for_update()
        )
    ).all()
    new = [a for a in accounts if a not in {r.account for r in rows}]
    if new:  # a first rated round in the variant: its rating as a new account's
        start = MODEL.rating()
        fresh = {"mu": start.mu, "sigma": start.sigma, "ordinal": start.ordinal()}
        added = (
            await s.execute(
                _insert(s)(RatingRow)
                .values([{**fresh, "account": a, "variant": rated.variant, "games": 0, "wins": 0}
                         for a in new])
                .on_conflict_do_nothing()
                .returning(RATINGS.c.account, RATINGS.c.mu, RATINGS.c.sigma, RATINGS.c.games,
                           RATINGS.c.wins)
            )
        ).all()  # fmt: skip
        if len(added) < len(new):  # another round made some first: read them, locked
            return await rate(s, game, rated, bots)
        rows = sorted([*rows, *added], key=lambda r: r.account)
    before = {r.account: MODEL.rating(mu=r.mu, sigma=r.sigma) for r in rows}
    after = MODEL.rate([[before[a]] for a, _ in seats], ranks=[rank for _, rank in seats])
    now = datetime.now(UTC)
    ratings, history = [], []
    for row in rows:
        mine = [i for i, (a, _) in enumerate(seats) if a == row.account]
        mu = row.mu + sum(after[i][0].mu - row.mu for i in mine) / len(mine)
        sigma = sum(after[i][0].sigma for i in mine) / len(mine)
        best = min(seats[i][1] for i in mine)
        ratings.append(
            {
                "who": row.account,
                "mu": mu,
                "sigma": sigma,
                "ordinal": mu - 3 * sigma,
                "games": row.games + 1,
                "wins": row.wins + int(best == 1),
            }
        )
        history.append(
            {
                "account": row.account,
                "game": game,
                "variant": rated.variant,
                "rank": best,
                "mu": mu,
                "sigma": sigma,
                "at": now,
            }
        )
    # each one statement for every player (the rows are locked: their counts stand)
    await s.execute(
        RATINGS.update()
        .where(RATINGS.c.account == bindparam("who"), RATINGS.c.variant == rated.variant)
        .values(
            mu=bindparam("mu"),
            sigma=bindparam("sigma"),
            ordinal=bindparam("ordinal"),
            games=bindparam("games"),
            wins=bindparam("wins"),
        ),
        ratings,
    )
    await s.execute(HISTORY.insert(), history)


async def bot_accounts(s: AsyncSession) -> dict[str, int]:
    """Each bot level's rated account, made where it is missing: level -> account id."""
    names = {BOT_NAME.format(level=level): level for level in RATED_LEVELS}
    made = datetime.now(UTC)
    await s.execute(
        _insert(s)(AccountRow)
        .values([dict(name=n, key=n, password="", shown=True, created=made, kind="bot")
                 for n in names])
        .on_conflict_do_nothing()
    )  # fmt: skip
    found = await s.execute(select(AccountRow.key, AccountRow.id).where(AccountRow.key.in_(names)))
    return {names[key]: id_ for key, id_ in found.all()}


def _insert(s: AsyncSession) -> Any:
    """The database's ``INSERT`` that can do nothing on a conflict."""
    dialect = s.get_bind().dialect.name
    return postgresql.insert if dialect == "postgresql" else sqlite.insert
