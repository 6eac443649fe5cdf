"""Helpers for the terminal game's tests: an app at a local table, driven with Textual's
Pilot by the keys a player presses."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from textual.pilot import Pilot

from unoverse import i18n
from unoverse.core.actions import Kind
from unoverse.tui.app import PlayApp
from unoverse.tui.dialogs import Chooser, ResultsScreen
from unoverse.tui.hand import HandView
from unoverse.tui.link import FrameLink
from unoverse.tui.local import LocalGame, LocalLink
from unoverse.tui.moves import key_of

#: Bots that answer in a few ms, so a round takes seconds.
FAST = "naive:median_ms=5"


def local_link(
    preset: str, bots: tuple[str, ...] = (FAST,), seed: int = 7, **game: object
) -> LocalLink:
    """A local table: the player at seat 0, quick rounds."""
    game.setdefault("between_rounds_s", 0.2)
    return LocalLink(LocalGame(preset, bots, name="Ana", seed=seed, **game))  # type: ignore[arg-type]


@asynccontextmanager
async def playing(
    link: FrameLink, size: tuple[int, int] = (100, 30)
) -> AsyncIterator[tuple[PlayApp, Pilot[None]]]:
    """The app on ``link``, once the first round is dealt."""
    app = PlayApp(link, bell=False)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.state.view is not None, "the first deal")
        yield app, pilot


async def until(
    pilot: Pilot[None], ready: Callable[[], object], what: str, timeout: float = 30.0
) -> None:
    """Let the app run until ``ready()`` is true; fail after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.02)


def hand_shown(app: PlayApp) -> list[tuple[str, str]]:
    """The hand as the screen shows it: (the key written beside each card, the card in the
    notation: a two-faced card's chip ``R1 |P3`` is ``R1|P3``, a face whose back the player
    has not seen, ``R1 |?``, is ``R1``)."""
    shown = []
    for token in app.table.query_one(HandView).tokens:
        text = token.plain
        card = text[2:].strip(" ›‹↑").replace(" |", "|").removesuffix("|?")
        shown.append((text[0].strip(), card))
    return shown


#: The keys of the actions that answer a mandatory window, in the order a player tries them.
_ANSWERS = (Kind.COLOR, Kind.BLAST, Kind.PASS, Kind.TAKE, Kind.DRAW, Kind.PRESS)


async def take_a_turn(app: PlayApp, pilot: Pilot[None]) -> str:
    """Answer whatever is asked of the player now with the keys, as a player would: the first
    card that plays (by the key shown beside it), else the key of the first answer open; the
    first choice of a chooser. What was pressed."""
    if isinstance(app.screen, Chooser):
        await pilot.press("1")
        return "1"
    if isinstance(app.screen, ResultsScreen):
        return ""
    table = app.table
    version = app.state.view["version"] if app.state.view else -1
    for key, card in zip(table.keys, table.hand, strict=True):
        if table.moves.plays(card, False):
            if len(app.state.view["hand"]) == 2:
                await pilot.press("u")  # the call goes with the card
            await pilot.press(key)
            await _settled(app, pilot, version)
            return key
    for kind in _ANSWERS:
        move = table.moves.first(kind)
        if move is not None:
            key = key_of(kind, app.state.launcher).key
            await pilot.press(key)
            await _settled(app, pilot, version)
            return key
    return ""


async def _settled(app: PlayApp, pilot: Pilot[None], version: int) -> None:
    """Wait until the move is answered: a chooser opened, or the state moved on."""
    await until(
        pilot,
        lambda: (
            isinstance(app.screen, Chooser | ResultsScreen)
            or app.state.view is None
            or app.state.view["version"] != version
            or i18n.t("tui.say.refused") in app.table.notice
        ),
        "the answer to a move",
    )
