"""The HTTP API of profiles and leaderboards (docs/accounts.md, "Profiles"): an account's
ratings, history and games, and each variant's best rated accounts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request

from ..core.registry import variants
from ..core.setup import resolve_preset
from .account_api import Viewer, members
from .accounts import name_key
from .profiles import BOARD, leaderboard, profile
from .protocol import ProtocolError

AccountName = Annotated[str, Path(min_length=1, max_length=64, description="an account's name")]
#: A variant by its name or an alias (``unoverse variants``).
Variant = Annotated[
    str,
    Path(
        pattern="^("
        + "|".join(sorted({n for v in variants() for n in (v.name, *v.aliases)}))
        + ")$",
        description="a variant's name or alias",
    ),
]


def profile_routes(responses: Callable[..., dict[int | str, dict[str, Any]]]) -> APIRouter:
    """The routes (``responses``: the OpenAPI refusals of the given statuses)."""
    router = APIRouter()

    @router.get(
        "/api/players/{name}",
        summary="An account's ratings, their history, and its finished games",
        responses=responses(404),
    )
    async def player(name: AccountName, session: Viewer, request: Request) -> dict[str, Any]:
        own = session is not None and name_key(session.account.name) == name_key(name)
        found = await profile(members(request).accounts.engine, name, own)
        if found is None:
            raise ProtocolError("not_found", f"no account is called {name!r}")
        return found

    @router.get(
        "/api/leaderboard/{variant}",
        summary="A variant's best rated accounts",
        responses=responses(),
    )
    async def board(
        variant: Variant,
        request: Request,
        limit: Annotated[int, Query(ge=1, le=BOARD)] = BOARD,
    ) -> dict[str, Any]:
        known, _ = resolve_preset(variant)
        rows = await leaderboard(members(request).accounts.engine, known.name, limit)
        return {"variant": known.name, "players": rows}

    return router
