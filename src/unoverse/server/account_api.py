"""The HTTP API of accounts and log-in sessions (docs/accounts.md, docs/protocol.md): sign
up, log in, log out, the signed-in account, and deleting it.

Cross-site request forgery is refused twice over. A state-changing request that carries
the session cookie must carry its session's token in ``X-CSRF-Token`` (``signed_in``); and
any state-changing request that says where it comes from (``Origin``, or the browser's
``Sec-Fetch-Site``) must come from this server's own pages, which also covers the log-in
itself, before any session exists. A refusal is ``forbidden`` (403), and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Final
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, Request, Response
from fastapi import Path as PathParam
from pydantic import BaseModel, ConfigDict, Field

from .accounts import (
    KEY_PREFIX,
    MAX_PASSWORD,
    Account,
    Accounts,
    check_name,
    check_password,
    name_key,
)
from .profiles import your_games
from .protocol import ProtocolError
from .quotas import Quotas
from .sessions import COOKIE, CSRF_HEADER, LIFETIME, Session, Sessions

#: A bot account's name in a path.
BotName = Annotated[str, PathParam(min_length=1, max_length=64)]
#: The methods that change nothing, which need no forgery token.
SAFE: Final = frozenset({"GET", "HEAD", "OPTIONS"})


@dataclass(frozen=True)
class Members:
    """What the account routes work with: the accounts, the sessions, and the per-address
    limits (log-in and sign-up rates)."""

    accounts: Accounts
    sessions: Sessions
    quotas: Quotas


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


AccountName = Annotated[str, Field(min_length=1, max_length=64, description="2-24 characters")]
Password = Annotated[
    str, Field(min_length=1, max_length=MAX_PASSWORD, description="8-256 characters")
]


class SignUp(_Strict):
    """An account to make (the browser is signed in to it at once)."""

    name: AccountName
    password: Password
    shown: bool = Field(True, description="your name shown in exported games")


class LogIn(_Strict):
    """A name and its password."""

    name: AccountName
    password: Password


class Choices(_Strict):
    """What an account may change about itself."""

    shown: bool = Field(description="your name shown in exported games")


class Confirm(_Strict):
    """The password, given again for what cannot be undone."""

    password: Password


class NewBot(_Strict):
    """A bot account to make."""

    name: AccountName


class BotKey(BaseModel):
    """A bot account and its API key (shown this once)."""

    name: str
    key: str = Field(description="send it as Authorization: Bearer KEY; the server keeps a hash")


class Me(BaseModel):
    """The signed-in account, and the token its state-changing requests carry."""

    name: str
    shown: bool
    csrf: str | None = Field(
        description=f"send it as {CSRF_HEADER} with every POST, PATCH, DELETE (none for a "
        "bot account's program, which signs each request with its key)"
    )


def same_site(request: Request) -> None:
    """``forbidden`` for a state-changing request that says it comes from another site."""
    if request.method in SAFE:
        return
    fetch_site = request.headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site not in ("same-origin", "none"):
        raise ProtocolError("forbidden", "a request from another site")
    origin = request.headers.get("origin")
    # the host the browser asked for (a process of a set relaying it says which it was);
    # its port apart, which a reverse proxy's ``$host`` leaves out
    host = request.headers.get("x-forwarded-host") or request.headers.get("host") or ""
    if origin is not None and urlsplit(origin).hostname != urlsplit(f"//{host}").hostname:
        raise ProtocolError("forbidden", "a request from another site")


def members(request: Request) -> Members:
    """The application's accounts, sessions and limits (set up with its hub)."""
    found: Members = request.app.state.members
    return found


async def signed_in(request: Request) -> Session | None:
    """The request's session, if it carries a live one; ``forbidden`` for a state-changing
    request that carries it without its forgery token, or from another site."""
    same_site(request)
    given = request.headers.get("authorization", "")
    if given.startswith(f"Bearer {KEY_PREFIX}"):  # a bot account's program, with its key
        bot = await members(request).accounts.by_key(given.removeprefix("Bearer "))
        if bot is None:
            raise ProtocolError("unauthorised", "no bot account has this API key")
        return Session(bot, None)
    session = await members(request).sessions.find(request.cookies.get(COOKIE))
    if session is None or request.method in SAFE:
        return session
    if not session.checks(request.headers.get(CSRF_HEADER)):
        raise ProtocolError("forbidden", f"a signed-in request needs its {CSRF_HEADER} header")
    return session


#: A route's signed-in session (None: a guest), checked as ``signed_in`` says.
Viewer = Annotated[Session | None, Depends(signed_in)]


def account_routes(
    address: Callable[[Request], str],
    responses: Callable[..., dict[int | str, dict[str, Any]]],
) -> APIRouter:
    """The routes (``address``: a request's address, as the limits count it; ``responses``:
    the OpenAPI refusals of the given statuses)."""
    router = APIRouter()

    def signed(session: Session | None) -> Session:
        if session is None:
            raise ProtocolError("unauthorised", "not signed in")
        return session

    async def start(request: Request, response: Response, account: Account) -> Me:
        token, session = await members(request).sessions.open(account, request.cookies.get(COOKIE))
        secure = request.url.scheme == "https" or (
            request.headers.get("x-forwarded-proto") == "https"
        )
        response.set_cookie(
            COOKIE,
            token,
            max_age=int(LIFETIME.total_seconds()),
            httponly=True,
            samesite="lax",
            secure=secure,
            path="/",
        )
        return Me(name=account.name, shown=account.shown, csrf=session.csrf)

    @router.post(
        "/api/accounts",
        summary="Make an account, and sign in to it",
        status_code=201,
        responses=responses(403, 409, 429),
    )
    async def sign_up(body: SignUp, request: Request, response: Response) -> Me:
        same_site(request)
        check_password(body.password, check_name(body.name))  # (a mistake costs no try)
        m = members(request)
        m.quotas.may_sign_up(address(request))
        account = await m.accounts.create(body.name, body.password, body.shown)
        return await start(request, response, account)

    @router.post(
        "/api/session",
        summary="Log in (a new session; the browser's previous one ends)",
        responses=responses(401, 403, 429),
    )
    async def log_in(body: LogIn, request: Request, response: Response) -> Me:
        same_site(request)
        m = members(request)
        m.quotas.may_log_in(address(request), name_key(body.name))
        account = await m.accounts.verify(body.name, body.password)
        if account is None:  # the same words whether the name has an account or not
            raise ProtocolError("unauthorised", "wrong name or password")
        return await start(request, response, account)

    @router.delete("/api/session", summary="Log out", responses=responses(403))
    async def log_out(session: Viewer, request: Request, response: Response) -> dict[str, bool]:
        if session is not None:
            await members(request).sessions.close(request.cookies.get(COOKIE))
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
        return {"signed_in": False}

    @router.get(
        "/api/session",
        summary="Whether the browser is signed in, and as whom (a guest: signed_in false)",
        responses=responses(),
    )
    async def session_state(session: Viewer) -> dict[str, Any]:
        if session is None:
            return {"signed_in": False}
        a = session.account
        return {"signed_in": True, "name": a.name, "shown": a.shown, "csrf": session.csrf}

    @router.get("/api/me", summary="The signed-in account", responses=responses(401))
    async def me(session: Viewer) -> Me:
        s = signed(session)
        return Me(name=s.account.name, shown=s.account.shown, csrf=s.csrf)

    @router.get(
        "/api/me/games",
        summary="Your tables not ended, those waiting for your move first",
        responses=responses(401),
    )
    async def my_games(session: Viewer, request: Request) -> dict[str, Any]:
        s = signed(session)
        games = await your_games(members(request).accounts.engine, s.account.id)
        return {"games": games, "your_turn": sum(g["your_turn"] for g in games)}

    def player(session: Session | None) -> Session:
        s = signed(session)
        if s.csrf is None:
            raise ProtocolError("unauthorised", "a bot account cannot do this")
        return s

    @router.post(
        "/api/me/bots",
        summary="Make a bot account, played by a program with its API key",
        status_code=201,
        responses=responses(401, 403, 409, 429),
    )
    async def new_bot(body: NewBot, session: Viewer, request: Request) -> BotKey:
        s = player(session)
        m = members(request)
        m.quotas.may_sign_up(address(request))
        bot, key = await m.accounts.create_bot(s.account, body.name)
        return BotKey(name=bot.name, key=key)

    @router.get("/api/me/bots", summary="Your bot accounts", responses=responses(401))
    async def my_bots(session: Viewer, request: Request) -> dict[str, list[str]]:
        s = player(session)
        return {"bots": await members(request).accounts.bots(s.account.id)}

    @router.post(
        "/api/me/bots/{name}/key",
        summary="A new API key for your bot (the one before is void)",
        responses=responses(401, 403, 404),
    )
    async def bot_key(name: BotName, session: Viewer, request: Request) -> BotKey:
        s = player(session)
        key = await members(request).accounts.new_bot_key(s.account.id, name)
        return BotKey(name=name, key=key)

    @router.delete(
        "/api/me/bots/{name}",
        summary="Delete your bot account (its games are kept)",
        responses=responses(401, 403, 404),
    )
    async def delete_bot(name: BotName, session: Viewer, request: Request) -> dict[str, bool]:
        s = player(session)
        await members(request).accounts.delete_bot(s.account.id, name)
        return {"deleted": True}

    @router.patch("/api/me", summary="Change your account's choices", responses=responses(401, 403))
    async def change(body: Choices, session: Viewer, request: Request) -> Me:
        s = signed(session)
        await members(request).accounts.set_shown(s.account.id, body.shown)
        return Me(name=s.account.name, shown=body.shown, csrf=s.csrf)

    @router.delete(
        "/api/me",
        summary="Delete your account (its games are kept, anonymous)",
        responses=responses(401, 403, 409),
    )
    async def delete(
        body: Confirm, session: Viewer, request: Request, response: Response
    ) -> dict[str, bool]:
        s = signed(session)
        m = members(request)
        m.quotas.may_log_in(address(request), name_key(s.account.name))
        await m.accounts.delete(s.account, body.password)
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
        return {"deleted": True}

    return router
