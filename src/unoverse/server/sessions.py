"""Log-in sessions (docs/accounts.md): a signed-in browser holds a cookie, the server keeps
only the SHA-256 of its token.

The cookie is ``HttpOnly`` (no script reads it), ``SameSite=Lax`` (another site's requests
do not carry it, save a link followed) and, behind TLS, ``Secure``. Each session also has a
token against cross-site request forgery, which the page reads from ``GET /api/me`` and
sends with every state-changing request (``X-CSRF-Token``): a request that carries the
cookie but not the token is refused (``account_api``). A log-in always makes a new session
(the token a browser held before is ended), so a session id planted in a browser before
its user signs in is never theirs.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Final

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker

from .accounts import Account
from .tables import AccountRow, SessionRow

#: The session cookie's name.
COOKIE: Final = "unoverse_session"
#: The header a state-changing request carries its session's forgery token in.
CSRF_HEADER: Final = "X-CSRF-Token"
#: How long a session holds after its log-in.
LIFETIME: Final = timedelta(days=30)
#: The longest cookie value read (the server's are 43 characters).
MAX_TOKEN: Final = 64


@dataclass(frozen=True)
class Session:
    """A signed-in browser: its account and its forgery token; or a bot account's request,
    signed with its API key in a header no other site can make a browser send (``csrf``
    None: nothing to forge)."""

    account: Account
    csrf: str | None

    def checks(self, token: str | None) -> bool:
        """Whether ``token`` (a request's ``X-CSRF-Token``) is this session's."""
        if self.csrf is None:
            return True
        return token is not None and hmac.compare_digest(token.encode(), self.csrf.encode())


def _id(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


class Sessions:
    """The sessions kept in the server's database (see the module's docstring)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._sessions = async_sessionmaker(engine, expire_on_commit=False)

    async def open(self, account: Account, previous: str | None = None) -> tuple[str, Session]:
        """A new session of ``account`` (the browser's ``previous`` one ended): the cookie's
        token and the session."""
        token = secrets.token_urlsafe(32)
        session = Session(account, secrets.token_urlsafe(32))
        now = datetime.now(UTC)
        async with self._sessions.begin() as s:
            if previous is not None:
                await s.execute(delete(SessionRow).where(SessionRow.id == _id(previous)))
            await s.execute(delete(SessionRow).where(SessionRow.expires <= now))
            s.add(
                SessionRow(
                    id=_id(token), account=account.id, csrf=session.csrf, expires=now + LIFETIME
                )
            )
        return token, session

    async def find(self, token: str | None) -> Session | None:
        """The session whose cookie holds ``token``, if it holds still."""
        if not token or len(token) > MAX_TOKEN:
            return None
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(
                    select(
                        AccountRow.id,
                        AccountRow.name,
                        AccountRow.shown,
                        SessionRow.csrf,
                        SessionRow.expires,
                    )
                    .join(AccountRow, AccountRow.id == SessionRow.account)
                    .where(SessionRow.id == _id(token))
                )
            ).first()
        if row is None or _aware(row.expires) <= datetime.now(UTC):
            return None
        return Session(Account(row.id, row.name, row.shown), row.csrf)

    async def close(self, token: str | None) -> None:
        """End the session whose cookie holds ``token`` (log-out)."""
        if token:
            async with self._sessions.begin() as s:
                await s.execute(delete(SessionRow).where(SessionRow.id == _id(token)))


def _aware(moment: datetime) -> datetime:
    """A stored instant (SQLite gives it back without its zone, which is UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
