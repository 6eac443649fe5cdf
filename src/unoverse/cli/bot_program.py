"""A bot playing a bot account's seats at a server (``unoverse bot``; docs/protocol.md,
"Bots"): any bot of the project by its spec, or a ``Bot`` subclass of the researcher's own
given as ``module:Class``.

The program signs each request with the account's API key. Every ``POLL_S`` seconds it
asks for the account's tables (``GET /api/me/games``); each table it does not play yet it
takes up (``POST /api/rooms/{code}/reclaim``: the seat's token) and plays over the same
websocket protocol as a person, through the terminal game's link (``tui.remote``: its
``seq`` numbering, its resending, its reconnecting). The bot decides from the seat's view
alone, read back from its wire form (``server.wire.view_from_dict``), and from the legal
actions the server lists: it sees nothing a person at the seat would not.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
from collections.abc import Callable
from typing import Any, Final

from ..bots.base import Bot, make_bot
from ..core.actions import parse_action
from ..core.errors import BadBotSpec
from ..core.rules import Rules
from ..core.setup import new_game

log = logging.getLogger("unoverse.bot")

#: Seconds between two looks at the account's tables.
POLL_S: Final = 2.0

Maker = Callable[[int], Bot]


def bot_maker(spec: str, seed: int) -> Maker:
    """What makes the bot of ``spec`` for a seat: a spec of the project's bots, or
    ``module:Class`` (a subclass of ``Bot``, made with the seed); ``BadBotSpec`` else."""
    module, colon, name = spec.partition(":")
    if colon and name.isidentifier() and name[:1].isupper():  # not a spec's key=value
        try:
            cls = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError) as exc:
            raise BadBotSpec(f"bot {spec!r}: {exc}") from None
        if not (isinstance(cls, type) and issubclass(cls, Bot)):
            raise BadBotSpec(f"bot {spec!r}: {name} is not a subclass of unoverse's Bot")
        return lambda seat: cls(seed * 1000 + seat)
    make_bot(spec, seed, 0)  # the spec's typed error, if any
    return lambda seat: make_bot(spec, seed, seat)


def rules_of(room: dict[str, Any]) -> Rules:
    """The rules in force at a room (its preset and seat count, as ``welcome`` lists it)."""
    return new_game(room["preset"], len(room["seats"]), 0).view(0).rules


async def play_seat(url: str, room: str, seat: int, token: str, make: Maker) -> None:
    """Play ``seat`` of ``room`` until its match is over (or the server ends the seat)."""
    from ..server.wire import view_from_dict
    from ..tui.remote import RemoteLink, Seat

    frames: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    link = RemoteLink(Seat(url, room, seat, token))
    await link.open(frames.put_nowait)
    bot = make(seat)
    rules: Rules | None = None
    try:
        while True:
            frame = await frames.get()
            while frame.get("type") == "update" and not frames.empty():
                following = await frames.get()  # act on the latest state only
                frame = following if following.get("type") == "update" else frame
                if following.get("type") != "update":
                    frames.put_nowait(following)
                    break
            kind = frame.get("type")
            if kind == "welcome":
                rules = rules_of(frame["room"])
            elif kind == "match_over" or (kind == "status" and frame["status"] == "closed"):
                return
            elif kind == "update" and rules is not None and frame["view"]["legal"]:
                view = view_from_dict(frame["view"], rules)
                action = bot.act(view, [parse_action(a) for a in frame["view"]["legal"]])
                if action is not None:
                    answer = await link.act(str(action), view.version)
                    if answer.get("type") == "error":
                        log.info("refused", extra={"room": room, "error": answer.get("code")})
    finally:
        await link.close()


async def serve(url: str, key: str, make: Maker, once: bool = False) -> int:
    """Play every table the bot account is seated at, as they come (``once``: until the
    tables it found have all ended their matches): how many it played."""
    import httpx

    playing: dict[str, asyncio.Task[None]] = {}
    played = 0
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(base_url=url.rstrip("/"), headers=headers, timeout=10) as http:
        try:
            while True:
                answer = await http.get("/api/me/games")
                if answer.status_code != 200:
                    raise BadBotSpec(f"the server refused the key: {answer.text[:200]}")
                for game in answer.json()["games"]:
                    code = game["room"]
                    if code in playing:
                        continue
                    taken = await http.post(f"/api/rooms/{code}/reclaim")
                    if taken.status_code != 200:
                        continue
                    seat, token = taken.json()["seat"], taken.json()["token"]
                    playing[code] = asyncio.create_task(
                        play_seat(url.rstrip("/"), code, seat, token, make)
                    )
                    played += 1
                    log.info("playing", extra={"room": code, "seat": seat})
                if once and playing and all(t.done() for t in playing.values()):
                    return played
                await asyncio.sleep(POLL_S)
        finally:
            for task in playing.values():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
