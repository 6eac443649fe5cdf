"""Clients of a test server that keep their cookies, as a browser on the server's page does,
each signed up to an account or a guest: what the tests of accounts, ratings, turn-based
tables, the bot API and the open game data share."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import httpx

from server.players import Server

PASSWORD = "correct horse battery"


@contextlib.asynccontextmanager
async def browser(server: Server) -> AsyncIterator[httpx.AsyncClient]:
    """A client that keeps its cookies."""
    async with httpx.AsyncClient(base_url=server.base) as http:
        yield http


async def sign_up(http: httpx.AsyncClient, name: str) -> dict[str, Any]:
    """Make account ``name`` from ``http``, now signed in and sending its forgery token."""
    answer = await http.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    me: dict[str, Any] = answer.json()
    http.headers["X-CSRF-Token"] = me["csrf"]
    return me


@contextlib.asynccontextmanager
async def browsers(server: Server, *names: str | None) -> AsyncIterator[list[httpx.AsyncClient]]:
    """One client per name, signed up as that account; a guest where the name is None."""
    async with contextlib.AsyncExitStack() as stack:
        clients = [await stack.enter_async_context(browser(server)) for _ in names]
        for http, name in zip(clients, names, strict=True):
            if name is not None:
                await sign_up(http, name)
        yield clients
