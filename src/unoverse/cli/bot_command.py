"""``unoverse bot``: a bot account's program (docs/protocol.md, "Bots"), any bot of the
project or a ``module:Class`` of one's own playing the account's seats at a server. The
command is registered on ``cli.app.app`` when ``cli.app`` imports this module."""

from __future__ import annotations

import asyncio
import sys
from typing import Annotated

import typer

from ..core.errors import UnoverseError
from .app import _fail, app


@app.command("bot")
def bot(
    connect: Annotated[
        str, typer.Option("--connect", help="The server's address, e.g. http://localhost:8000.")
    ],
    key: Annotated[
        str,
        typer.Option(
            "--key", envvar="UNOVERSE_BOT_KEY", help="The bot account's API key (unoverse_bot_…)."
        ),
    ],
    spec: Annotated[
        str,
        typer.Option(
            "--bot",
            help="A bot of the project (easy, normal, hard, or any bot spec) or module:Class, "
            "a subclass of unoverse.bots.base.Bot.",
        ),
    ] = "normal",
    seed: Annotated[int, typer.Option("--seed", help="The bots' seed (each seat's its own).")] = 0,
    once: Annotated[
        bool,
        typer.Option("--once", help="Stop once the tables found have played their matches."),
    ] = False,
) -> None:
    """Play a bot account's seats at a server: every table the account is invited to, as it
    comes, over the same websocket protocol as a person, from the seat's view alone."""
    from .bot_program import bot_maker, serve

    try:
        make = bot_maker(spec, seed)
    except UnoverseError as exc:
        raise _fail(str(exc)) from None
    try:
        played = asyncio.run(serve(connect, key, make, once=once))
    except UnoverseError as exc:
        raise _fail(str(exc)) from None
    except OSError as exc:
        raise _fail(f"{connect}: {exc}") from None
    except KeyboardInterrupt:
        return
    print(f"{played} tables played", file=sys.stderr)
