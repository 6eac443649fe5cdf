"""The main screens of the terminal game, compared with their accepted snapshots
(pytest-textual-snapshot: ``pytest tests/tui --snapshot-update`` accepts new ones, after a
look). With ``UNOVERSE_SCREENSHOTS=docs/screenshots``, the screens are also saved there as
SVG for the docs."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from unoverse import i18n
from unoverse.core.game import Game, Phase
from unoverse.tui.app import PlayApp

from .scripted import ScriptedLink, frames, position

SnapCompare = Callable[..., bool]


def _turn(seat: int = 0, after: int = 6) -> Callable[[Game], bool]:
    return lambda g: g.turn == seat and g.phase == Phase.TURN and g.version > after


def table(
    preset: str, players: int, seed: int, ready: Callable[[Game], bool], **extra: Any
) -> PlayApp:
    game, events = position(preset, players, seed, ready)
    return PlayApp(ScriptedLink(frames(preset, game, events, **extra)), bell=False)


def shot(name: str) -> Callable[[Pilot[None]], Any]:
    """Let the app settle, and save it for the docs when asked to."""

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.pause(0.1)
        where = os.environ.get("UNOVERSE_SCREENSHOTS")
        if where:
            pilot.app.save_screenshot(f"terminal-{name}.svg", path=str(Path(where)))

    return run_before


def keys_then_shot(name: str, *keys: str) -> Callable[[Pilot[None]], Any]:
    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.pause(0.1)
        await pilot.press(*keys)
        await shot(name)(pilot)

    return run_before


def test_classic_table_at_80x24(snap_compare: SnapCompare) -> None:
    app = table("classic", 4, 2, _turn())
    assert snap_compare(app, terminal_size=(80, 24), run_before=shot("classic"))


def test_a_wild_asks_for_its_colour(snap_compare: SnapCompare) -> None:
    app = table("classic", 4, 2, _turn())
    # the sorted hand: R4 R5 R9 Y5 G6 B6 B7 W W+4 W+4: the wild is the eighth
    assert snap_compare(app, terminal_size=(80, 24), run_before=keys_then_shot("chooser", "8"))


def test_without_colour(snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = table("classic", 4, 2, _turn())
    assert app.no_color
    assert snap_compare(app, terminal_size=(80, 24), run_before=shot("no-color"))


def test_light_theme(snap_compare: SnapCompare) -> None:
    app = table("classic", 4, 2, _turn())

    async def light(pilot: Pilot[None]) -> None:
        pilot.app.theme = "textual-light"
        await shot("light")(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=light)


def test_a_key_that_does_nothing_says_why(snap_compare: SnapCompare) -> None:
    app = table("classic", 4, 2, _turn())
    assert snap_compare(app, terminal_size=(80, 24), run_before=keys_then_shot("why", "t"))


def test_the_rules_of_the_variant(snap_compare: SnapCompare) -> None:
    app = table("attack", 3, 4, _turn())
    assert snap_compare(app, terminal_size=(100, 30), run_before=keys_then_shot("rules", "r"))


def test_the_keys(snap_compare: SnapCompare) -> None:
    app = table("classic", 4, 2, _turn())
    assert snap_compare(
        app, terminal_size=(80, 24), run_before=keys_then_shot("keys", "question_mark")
    )


def test_attack_table_with_its_launcher(snap_compare: SnapCompare) -> None:
    app = table("attack", 3, 4, _turn())
    assert snap_compare(app, terminal_size=(110, 30), run_before=shot("attack"))


def test_blast_mode_live_table(snap_compare: SnapCompare) -> None:
    app = table("blast+mode=blast", 3, 5, lambda g: g.phase == Phase.LIVE and g.version > 8)
    assert snap_compare(app, terminal_size=(100, 30), run_before=shot("blast-mode"))


def test_round_results(snap_compare: SnapCompare) -> None:
    game, events = position("classic", 3, 9, lambda g: g.over)
    sent = frames("classic", game, events)
    leftovers = [game.hand_points(s) for s in range(game.n)]
    scores = [sum(leftovers) if s == game.winner else 0 for s in range(game.n)]
    sent.append(
        {
            "type": "round_over",
            "game": 1,
            "winner": game.winner,
            "leftovers": leftovers,
            "scores": scores,
            "seed": "9",
            "salt": "0" * 64,
            "commitment": "0" * 64,
        }
    )
    app = PlayApp(ScriptedLink(sent), bell=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=shot("results"))


@pytest.fixture
def in_spanish() -> Iterator[None]:
    """The game in Spanish (``--lang es``) for the test, English again after it."""
    i18n.use("es")
    yield
    i18n.use(i18n.DEFAULT)


def test_classic_table_in_spanish(snap_compare: SnapCompare, in_spanish: None) -> None:
    app = table("classic", 4, 2, _turn())
    assert snap_compare(app, terminal_size=(80, 24), run_before=shot("classic-es"))


def test_a_wild_asks_for_its_colour_in_spanish(snap_compare: SnapCompare, in_spanish: None) -> None:
    app = table("classic", 4, 2, _turn())
    assert snap_compare(app, terminal_size=(80, 24), run_before=keys_then_shot("chooser-es", "8"))
