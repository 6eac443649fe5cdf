"""UNO Attack's launcher and UNO Blast's real-time BLAST mode, played by the keys."""

from __future__ import annotations

import asyncio

from unoverse.core.actions import Kind
from unoverse.tui.table import TableScreen

from .pilot import local_link, playing, take_a_turn, until


def test_attack_the_launcher_is_pressed_with_d_and_shown() -> None:
    async def main() -> None:
        async with playing(local_link("attack", seed=3)) as (app, pilot):
            table = app.table
            assert "Launcher:" in str(table.query_one("#centre").render())
            pressed = False
            for _ in range(200):
                if app.state.round_over is not None:
                    break
                if app.state.my_move() and table.moves.first(Kind.PRESS):
                    assert "d press the launcher" in str(table.query_one("#keys").render())
                    before = app.state.logged
                    version = app.state.view["version"]
                    await pilot.press("d")
                    await until(pilot, lambda v=version: app.state.view["version"] > v, "the press")
                    presses = [
                        item
                        for kind, item in list(app.state.log)[before - app.state.logged :]
                        if kind == "event" and item["kind"] == "press"
                    ]
                    assert presses and presses[0]["seat"] == app.state.seat
                    lines = [line.text for line in table.query_one("#log").lines]
                    assert any("Ana presses the launcher" in line for line in lines)
                    pressed = True
                    break
                if app.state.my_move() or not isinstance(app.screen, TableScreen):
                    await take_a_turn(app, pilot)
                else:
                    await pilot.pause(0.02)
            assert pressed, "the launcher was never pressed"

    asyncio.run(main())


def test_blast_mode_plays_in_real_time_with_races_shown() -> None:
    """Bots play with their reaction times while the player plays at any moment; the
    player's cards land or are refused, and the races are in the log."""

    async def main() -> None:
        link = local_link("blast+mode=blast", bots=("naive:median_ms=60",) * 2, seed=11)
        async with playing(link) as (app, pilot):
            table = app.table
            assert "Live play" in str(table.query_one("#prompt").render())
            played = 0
            for _ in range(400):
                if app.state.round_over is not None:
                    break
                if isinstance(app.screen, TableScreen) and app.state.my_move():
                    playable = [i for i, c in enumerate(table.hand) if table.moves.plays(c, False)]
                    if playable and playable[0] < 10:
                        before = len(app.state.view["hand"])
                        await pilot.press(str(playable[0] + 1))
                        await until(
                            pilot,
                            lambda: "…" not in table.notice,
                            "the answer to a card played live",
                        )
                        if len(app.state.view["hand"]) != before:
                            played += 1
                        continue
                if not isinstance(app.screen, TableScreen) or app.state.my_move():
                    await take_a_turn(app, pilot)
                await pilot.pause(0.03)
            lines = [line.text for line in table.query_one("#log").lines]
            assert played > 0, "no card of the player landed"
            bots_played = [line for line in lines if line.startswith("Bot") and " plays " in line]
            assert bots_played, "the bots did not play meanwhile"
            races = [item for kind, item in app.state.log if kind == "race"]
            assert races, "no race between seats in a whole round of live play"
            # every entry, each race among them, was written to the log, a race tagged (the
            # widget keeps its last LOG_KEPT wrapped lines: the oldest may have scrolled out)
            assert table.logged == app.state.logged
            assert all(table.log_line("race", r).startswith("[b reverse] race [/]") for r in races)
            assert any(line.startswith(" race ") for line in lines)

    asyncio.run(main())
