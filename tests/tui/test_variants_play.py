"""UNO Attack's launcher and UNO Blast's real-time BLAST mode, played by the keys."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from unoverse.core import events as ev
from unoverse.core.actions import Action, Kind
from unoverse.core.cards import CARD_TEXT
from unoverse.core.events import Event
from unoverse.core.game import Game, Phase
from unoverse.tui.app import PlayApp
from unoverse.tui.table import TableScreen

from .pilot import local_link, playing, take_a_turn, until
from .scripted import scripted_app, update
from .test_snapshots import _turn


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


@pytest.mark.parametrize(
    ("ready", "sent", "keys", "said"),
    [
        (_turn(), ["press"], "d press the launcher", "play a card or press the launcher (d)"),
        (
            lambda g: g.turn == 0 and g.phase == Phase.PENALTY,  # a Hit 2: two presses
            ["take"],
            "d press 2 times",
            "A penalty: press the launcher (d)",
        ),
        (_turn(seat=1), [], "", "d: you cannot press the launcher now (Bot 2"),
    ],
)
def test_attack_d_presses_the_launcher_in_attack_words(
    ready: Callable[[Game], bool], sent: list[str], keys: str, said: str
) -> None:
    """UNO Attack has no draw pile: d presses, on a turn and for a penalty (pressed for),
    and the keys, the prompt and a refusal say so."""

    async def main() -> None:
        app, link, _ = scripted_app("attack", 3, 4, ready)
        async with app.run_test(size=(110, 30)) as pilot:
            await pilot.pause(0.1)
            assert keys in str(app.table.query_one("#keys").render())
            await pilot.press("d")
            await pilot.pause(0.1)
            assert link.sent == sent
            shown = str(app.table.query_one("#prompt").render()) + app.table.notice
            assert said in shown and "draw" not in shown

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


def _both_play(g: Game) -> bool:
    """BLAST mode: seat 0 and seat 1 (with a +1, +2 or +4) each hold a card that fits."""
    if g.phase != Phase.LIVE or g.version < 4:
        return False
    return bool(_plays(g, 0) and [a for a in _plays(g, 1) if CARD_TEXT[a.card][1:] in DRAWS])


#: The coloured draw cards: whoever holds a card up, or plays just too late, draws too.
DRAWS = ("+1", "+2", "+4")


def _plays(g: Game, seat: int) -> list[Action]:
    return [a for a in g.legal_actions(seat) if a.kind == Kind.PLAY]


async def lost_by_120_ms(
    app: PlayApp, pilot: Pilot[None], game: Game
) -> tuple[Action, Action, list[Event], int]:
    """BLAST mode: Bot 2's +N lands; the player's card comes 120 ms later, inside the
    simultaneity window, and the race's frame follows. The cards, the late play's events,
    and how many log entries there were before it."""
    first = next(a for a in _plays(game, 1) if CARD_TEXT[a.card][1:] in DRAWS)
    late = _plays(game, 0)[0]
    app.receive(update(game, game.apply(1, first, 100_000.0)))
    logged = app.state.logged
    events = game.apply(0, late, 100_120.0)
    assert [e.kind for e in events][:2] == [ev.SIMULTANEOUS, ev.HOLDING]
    app.receive(update(game, events))
    race = {"type": "race", "game": 1, "version": game.version - 1, "first": 1}
    app.receive(race | {"kind": "play", "late": 0, "by_ms": 120.0, "accepted": True})
    await pilot.pause(0.1)
    return first, late, events, logged


def test_blast_mode_a_race_is_one_line_saying_who_was_first_and_by_how_much() -> None:
    """Bot 2's +N lands; the player's card comes 120 ms later, inside the simultaneity
    window: refused, and the player draws. The log says it in one line, and the line under
    the prompt says it to the player."""

    async def main() -> None:
        app, _, game = scripted_app("blast+mode=blast", 3, 4, _both_play)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.1)
            first, late, events, logged = await lost_by_120_ms(app, pilot, game)
            won, lost, draws = CARD_TEXT[first.card], CARD_TEXT[late.card], events[1].count
            said = f"Bot 2 (normal) was first with {won} — "
            assert app.state.logged == logged + 1  # one entry: the race
            line = app.table.log_line(*app.state.log[-1])
            assert line == (
                f"[b reverse] race [/] {said}Ana's {lost} came 0.12 s late: refused, "
                f"Ana draws {draws}"
            )
            assert (
                app.table.notice == f"{said}your {lost} came 0.12 s late: refused, you draw {draws}"
            )

    asyncio.run(main())
