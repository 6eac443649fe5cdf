"""Playing against bots on this machine, by the keys (Textual's Pilot): a round to its end;
every bot level moves, the hard one too; a bot that cannot decide is shown, and a light bot
moves for it."""

from __future__ import annotations

import asyncio
import json
import time
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool

import pytest
from textual.pilot import Pilot

from unoverse.server import bot_pool
from unoverse.tui.app import PlayApp
from unoverse.tui.dialogs import ResultsScreen
from unoverse.tui.hand import CARD_KEYS

from .pilot import FAST, local_link, playing, take_a_turn, until


def test_a_classic_round_played_by_keys_to_its_end() -> None:
    async def main() -> None:
        # the next round waits: the loop below must see this one's end before a deal clears it
        async with playing(local_link("classic", between_rounds_s=60.0)) as (app, pilot):
            pressed = []
            while app.state.round_over is None:
                if app.state.my_move() or not isinstance(app.screen, type(app.table)):
                    pressed.append(await take_a_turn(app, pilot))
                else:
                    await pilot.pause(0.02)
                assert len(pressed) < 500, "the round does not end"
            await until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
            over = app.state.round_over
            winner = app.state.name(over["winner"])
            shown = str(app.screen.query_one("#results").render())
            assert f"{winner} wins the round" in shown
            assert str(over["scores"][over["winner"]]) in shown
            assert any("wins the round" in line.text for line in app.table.query_one("#log").lines)
            assert pressed and any(k in CARD_KEYS for k in pressed)

    asyncio.run(main())


def _moved(app: PlayApp, seat: int) -> bool:
    """Whether ``seat`` has played a card or pressed the launcher (in the log)."""
    return any(
        kind == "event" and item.get("seat") == seat and item.get("kind") in ("play", "press")
        for kind, item in app.state.log
    )


async def _until_moved(app: PlayApp, pilot: Pilot[None], seat: int) -> None:
    """Play the player's turns until ``seat`` has moved."""
    end = time.monotonic() + 60
    while not _moved(app, seat):
        assert time.monotonic() < end, f"seat {seat} never moved"
        if app.state.my_move() or not isinstance(app.screen, type(app.table)):
            await take_a_turn(app, pilot)
        else:
            await pilot.pause(0.02)


def test_a_hard_bot_plays_at_a_local_table() -> None:
    # `unoverse play --variant attack --players 3 --bots easy,hard`: the hard bot searches in
    # the worker pool, started from inside the app (whose stderr has no file descriptor)
    async def main() -> None:
        link = local_link("attack", bots=(FAST, "hard:median_ms=5"))
        async with playing(link) as (app, pilot):
            await _until_moved(app, pilot, 2)
            assert not any(kind == "bot_failed" for kind, _ in app.state.log)
            assert "could not decide" not in app.table.notice

    asyncio.run(main())


def test_a_local_tables_bots_keep_a_persons_pace_at_its_speed() -> None:
    """`unoverse play --bots normal --bot-speed fast`: the bots think at a person's pace
    (docs/bots.md, "Pace at a table"), scaled by the speed, and say so; a bot whose spec
    sets its own reaction time keeps it."""

    async def main() -> None:
        link = local_link("classic", bots=("normal", FAST), bot_speed="fast")
        frames: list[tuple[float, dict[str, object]]] = []
        received = link._received

        def timed(raw: str | bytes) -> None:
            frames.append((time.time() * 1000.0, json.loads(raw)))
            received(raw)

        link._received = timed  # type: ignore[method-assign]
        async with playing(link) as (app, pilot):
            live = link._live
            assert live is not None and set(live.paces) == {1}  # not the FAST bot
            assert live.paces[1].level == "normal" and live.paces[1].factor == 0.6
            end = time.monotonic() + 60
            while sum(1 for _, f in frames if f["type"] == "thinking" and f["seat"] == 1) < 2:
                assert time.monotonic() < end, "the normal bot never thought twice"
                if app.state.my_move() or not isinstance(app.screen, type(app.table)):
                    await take_a_turn(app, pilot)
                else:
                    await pilot.pause(0.02)
        for at, think in [(t, f) for t, f in frames if f["type"] == "thinking"]:
            until_ms = float(think["until"])  # type: ignore[arg-type]
            if think["seat"] == 1:  # 1.35 s x 0.6 at the median; never under a quarter
                assert until_ms - at >= 200.0
            answered = [
                t
                for t, f in frames
                if t >= at and f["type"] == "update" and f["version"] > think["version"]  # type: ignore[operator]
            ]
            if answered:
                assert answered[0] >= until_ms - 50

    asyncio.run(main())


class _BrokenPool:
    """A worker pool whose worker has died: every decision fails."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        pass

    def submit(self, *args: object) -> Future[object]:
        raise BrokenProcessPool("a worker died")

    def shutdown(self, *args: object, **kwargs: object) -> None:
        pass


def test_a_bot_that_cannot_decide_is_shown_and_a_light_bot_moves_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bot_pool, "ProcessPoolExecutor", _BrokenPool)

    async def main() -> None:
        async with playing(local_link("classic", bots=("hard:median_ms=5",))) as (app, pilot):
            await _until_moved(app, pilot, 1)
            said = "Bot 2 (hard) could not decide (a worker died): the normal bot moves"
            assert said in app.table.notice
            log = " ".join(line.text for line in app.table.query_one("#log").lines)
            assert said in " ".join(log.split())  # (as the log wraps it)

    asyncio.run(main())
