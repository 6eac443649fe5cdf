"""Playing against bots on this machine, by the keys (Textual's Pilot)."""

from __future__ import annotations

import asyncio

from unoverse.tui.dialogs import ResultsScreen

from .pilot import local_link, playing, take_a_turn, until


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
            assert pressed and any(k.isdigit() or k == "enter" for k in pressed)

    asyncio.run(main())
