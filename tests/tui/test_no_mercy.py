"""UNO Show 'Em No Mercy at the terminal (RULES.md §9): its cards by name, a Wild Color
Roulette's colour window asked of its victim as a Roulette (the others read who chooses), its
reveal as one tagged log line, a chain stacking by value with what answers it, knockouts on
the seats, the prompt and the results, the 7's mandatory swap with the hands' sizes, in
English and in Spanish, and whole rounds played by keys."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.content import Content

from rules._no_mercy_table import table
from unoverse import i18n
from unoverse.core import events as ev
from unoverse.core.game import Game
from unoverse.tui import render
from unoverse.tui.app import PlayApp
from unoverse.tui.cards import card_name
from unoverse.tui.dialogs import Chooser, KeysScreen
from unoverse.tui.moves import group
from unoverse.tui.state import TableState, reveals_folded
from unoverse.tui.words import say

from .pilot import hand_shown, local_link, playing, take_a_turn, until
from .scripted import ScriptedLink, frames, update


def _shown(game: Game, events: list[Any], seat: int = 0) -> TableState:
    """What ``seat`` of a scripted room playing ``game`` knows, once it has joined."""
    state = TableState()
    for frame in frames("no_mercy", game, events, seat=seat):
        state.apply(frame)
    return state


def _text(markup: str) -> str:
    """Markup as the screen reads it."""
    return Content.from_markup(markup).plain


def _roulette() -> tuple[Game, list[Any]]:
    """RULES.md §9.16, scenario 6: seat 0 (Ana) plays a Wild Color Roulette on seat 1, whose
    colour window is open; the draw pile turns up W+6, R3, B7."""
    game = table("R9", "G1 B7 R3 W+6", "WCR R1", "Y1 Y2", "B1 G2 W+10 R5", "Y3 Y4")
    return game, list(game.apply(0, "WCR"))


# -- the cards -------------------------------------------------------------------------------


def test_the_no_mercy_cards_by_name() -> None:
    names = [card_name(c) for c in ("WCR", "WR4", "W+6", "W+10", "R+4", "GSA", "BDA")]
    assert names == [
        "wild color roulette",
        "wild reverse draw four",
        "wild draw six",
        "wild draw ten",
        "red draw four",
        "green skip all",
        "blue discard all",
    ]


def test_the_no_mercy_cards_in_spanish(spanish: None) -> None:
    assert card_name("WCR") == "Comodín Ruleta de colores"
    assert card_name("W+10") == "Comodín Roba diez"
    assert card_name("R+4") == "Roba cuatro rojo"


# -- the Wild Color Roulette -----------------------------------------------------------------


def test_the_roulettes_victim_is_asked_for_its_colour_as_a_roulette() -> None:
    """The victim's prompt names the Roulette and its player; the centre says what naming a
    colour does; the others read who chooses, and for whose Roulette."""
    game, events = _roulette()
    victim, player, other = _shown(game, events, 1), _shown(game, events, 0), _shown(game, events)
    assert render.roulette_victim(victim) == 1 == render.roulette_victim(other)
    assert render.asked(victim, 0)[0] == "Ana's Wild Color Roulette hits you: choose its colour (o)"
    assert "Roulette: you turn cards up until the colour you name comes" in render.centre(victim)
    said = "Bot 2 (normal) names the colour of Ana's Wild Color Roulette"
    assert render.asked(player, 0)[0] == said
    centre = render.centre(player)
    assert "Roulette: Bot 2 (normal) turns cards up until their colour comes" in centre
    assert "Flip" not in render.asked(other, 0)[0]


def test_the_roulettes_colour_chooser_says_what_the_colour_does() -> None:
    game, events = _roulette()

    async def main() -> None:
        app = PlayApp(ScriptedLink(frames("no_mercy", game, events, seat=1)), bell=False)
        async with app.run_test(size=(100, 34)) as pilot:
            await pilot.pause(0.1)
            await pilot.press("o")
            await until(pilot, lambda: isinstance(app.screen, Chooser), "the colours")
            chooser = app.screen
            assert isinstance(chooser, Chooser)
            assert chooser.title_text == "Wild Color Roulette: the colour you turn cards up until"
            assert chooser.note.startswith("You turn cards up one at a time, for all to see")
            assert [text for text, _ in chooser.options] == [f"color:{c}" for c in "RYGB"]
            await pilot.press("4")
            await pilot.pause(0.1)
            assert app.link.sent == ["color:B"]  # type: ignore[attr-defined]

    asyncio.run(main())


def test_the_reveal_is_one_tagged_line_in_place_of_its_draws() -> None:
    """The victim names blue: the engine draws W+6, R3, B7 one by one, then shows them; every
    seat's log says it once, tagged, with no draw lines for the cards turned up."""
    game, events = _roulette()
    events += game.apply(1, "color:B")
    for seat in (0, 1, 2):
        state = _shown(game, events, seat)
        logged = [item for kind, item in state.log if kind == "event"]
        assert [e["kind"] for e in logged[-2:]] == [ev.COLOR, ev.SHOWN]
        assert not any(e["kind"] == ev.DRAW and e.get("seat") == 1 for e in logged[-3:])
        line = _text(say(ev.Event.from_dict(logged[-1]), state.name))
        said = "Bot 2 (normal) turns up W+6, R3, B7, shown to all, looking for blue"
        assert line == f" roulette  {said}"


def test_a_knockout_that_ends_a_reveal_follows_it_in_the_log() -> None:
    drew = [
        {"kind": ev.DRAW, "seat": 2, "cards": [], "count": 1, "reason": ev.FOR_PENALTY}
        for _ in range(3)
    ]
    before = {"kind": ev.DRAW, "seat": 0, "cards": [], "count": 2, "reason": ev.FOR_PENALTY}
    reshuffle = {"kind": ev.RESHUFFLE, "count": 40}
    out = {"kind": ev.ELIMINATED, "seat": 2, "count": 25}
    shown = {"kind": ev.SHOWN, "seat": 2, "cards": ["R1", "Y2", "G3"], "color": "B"}
    folded = reveals_folded([before, drew[0], reshuffle, drew[1], drew[2], out, shown])
    assert folded == [before, shown, reshuffle, out]
    assert reveals_folded([before]) == [before]


def test_the_keys_screen_says_the_colour_key_names_a_roulettes_colour() -> None:
    game, events = _roulette()

    async def main() -> str:
        app = PlayApp(ScriptedLink(frames("no_mercy", game, events, seat=1)), bell=False)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause(0.1)
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, KeysScreen), "the keys")
            return str(app.screen.query("Static")[1].render())

    assert "o  name the colour of a Wild Color Roulette played on you" in asyncio.run(main())


# -- chains ----------------------------------------------------------------------------------


def test_a_chain_says_what_a_draw_card_must_be_worth_to_stack_on_it() -> None:
    """RULES.md §9.16, scenario 1: a +2, a +4 of another colour and a Wild Draw 6 stack on
    seat 3, who must answer with 6 or more; its +2 does not play."""
    pile = "G1 G2 G3 G4 G5 G6 G7 G8 G9 B1 B2 B3"
    game = table("R5", pile, "R+2 R1", "B+4 B1", "W+6 G2", "Y+2 Y3")
    events = list(game.apply(0, "R+2"))
    events += game.apply(1, "B+4")
    events += game.apply(2, "W+6:G")
    target, other = _shown(game, events, 3), _shown(game, events, 0)
    assert render.stack_floor(target) == 6
    assert "Penalty: +12 on Bot 4 (normal) · a +6 or more stacks on it" in render.centre(target)
    assert render.asked(target, 0)[0] == "A stack of +12: take it (t)"
    assert render.asked(other, 0)[0] == "Bot 4 (normal) faces a stack of +12"
    answered = table("R5", "G1 G2 G3", "R+2 R1", "B+4 B1", "G2", "Y+2 Y3")
    events = list(answered.apply(0, "R+2"))
    state = _shown(answered, events, 1)
    assert render.asked(state, 0)[0] == (
        "A stack of +2: stack a draw card worth 2 or more or take it (t)"
    )
    keys = _text(render.keys(state, group(state.legal), False, None, []))
    assert "t take +2" in keys


def test_a_chain_in_spanish(spanish: None) -> None:
    game = table("R5", "G1 G2 G3", "R+2 R1", "B+4 B1", "G2", "Y+2 Y3")
    events = list(game.apply(0, "R+2"))
    state = _shown(game, events, 1)
    assert render.asked(state, 0)[0] == (
        "Una pila de +2: acumula una carta de robar que valga 2 o más o acéptala (t)"
    )
    centre = render.centre(state)
    assert "Penalización: +2 para Bot 2 (normal) · se acumula con +2 o más" in centre
    assert render.asked(_shown(game, events, 0), 0)[0] == "A Bot 2 (normal) le cae una pila de +2"


# -- knockouts -------------------------------------------------------------------------------


def _knockout() -> tuple[Game, list[Any]]:
    """RULES.md §9.16, scenario 4: seat 2 (20 cards) takes a Wild Draw 10 and is knocked out
    at its 25th card; play goes on with seat 3."""
    twenty = " ".join(["G5", "G6", "G7", "G8"] * 5)
    game = table("R9", " ".join(["B3"] * 10), "R1 R2", "W+10 B1", twenty, "B1 B2")
    game.turn = 1
    events = list(game.apply(1, "W+10:R"))
    events += game.apply(2, "take")
    return game, events


def test_a_knocked_out_seat_is_out_on_its_line_in_the_log_and_in_its_own_prompt() -> None:
    game, events = _knockout()
    state = _shown(game, events)
    seats = _text(render.seats(state, group(state.legal), 0)).splitlines()
    assert seats[2].split() == ["Bot", "3", "(normal)", "out"]  # no count: the hand is set aside
    logged = [item for kind, item in state.log if kind == "event"]
    out = next(e for e in logged if e["kind"] == ev.ELIMINATED)
    assert _text(say(ev.Event.from_dict(out), state.name)).startswith(" out  Bot 3 (normal) is")
    mine = _shown(game, events, 2)
    assert render.asked(mine, 0)[0] == "You are out of this round · Bot 4 (normal)'s turn"


def test_the_results_show_a_knocked_out_seat_as_out_and_what_a_knockout_scores() -> None:
    game, events = _knockout()
    state = TableState()
    preset = "no_mercy+scoring=winner_takes"
    for frame in frames(preset, game, events):
        state.apply(frame)
    state.apply(
        {
            "type": "round_over",
            "game": 1,
            "winner": 0,
            "leftovers": [0, 13, 0, 2],
            "scores": [265, 0, 0, 0],
        }
    )
    lines = _text(render.results(state)).splitlines()
    assert lines[5].split()[-2:] == ["out", "0"]  # Bot 3: out, no points
    assert lines[-1] == "Each player knocked out in the round scores 250 for its winner."


def test_knockouts_in_spanish(spanish: None) -> None:
    game, events = _knockout()
    mine = _shown(game, events, 2)
    assert render.asked(mine, 0)[0] == "Estás fuera de esta ronda · Turno de Bot 4 (normal)"
    seats = _text(render.seats(mine, group(mine.legal), 0)).splitlines()
    assert "eliminado" in seats[0]


# -- the 7's swap ----------------------------------------------------------------------------


def test_a_7_must_swap_and_the_chooser_says_how_many_cards_each_hand_holds() -> None:
    """RULES.md §9.7, NM-18: a 7 swaps with a seat the player chooses, always: the chooser
    lists the other seats with their hands' sizes, and no play without a swap."""
    game = table("R5", "G1 G2 G3", "R7 R1 B2", "Y1 Y2", "G1 G2 G3 G4", "B1")
    state = _shown(game, [])

    async def main() -> None:
        app = PlayApp(ScriptedLink(frames("no_mercy", game, [])), bell=False)
        async with app.run_test(size=(100, 34)) as pilot:
            await pilot.pause(0.1)
            await pilot.press(dict((c, k) for k, c in hand_shown(app))["R7"])
            await until(pilot, lambda: isinstance(app.screen, Chooser), "the targets")
            chooser = app.screen
            assert isinstance(chooser, Chooser)
            assert chooser.title_text == "Play R7 (red 7)"
            assert chooser.note == (
                "Your hand goes to the player you choose, and theirs comes to you."
            )
            assert [words for _, words in chooser.options] == [
                "swap hands with Bot 2 (normal) (2 cards)",
                "swap hands with Bot 3 (normal) (4 cards)",
                "swap hands with Bot 4 (normal) (1 card)",
            ]

    assert state.view is not None and state.view["hand_sizes"] == [3, 2, 4, 1]
    asyncio.run(main())


def test_after_a_swap_the_table_moves_on_to_the_next_seat() -> None:
    game = table("R5", "G1 G2 G3", "R7 R1 B2", "Y1 Y2", "G1 G2 G3 G4", "B1")
    sent = frames("no_mercy", game, [])
    events = list(game.apply(0, "R7>2"))
    sent.append(update(game, events))
    state = TableState()
    for frame in sent:
        state.apply(frame)
    assert state.view is not None and sorted(state.view["hand"]) == ["G1", "G2", "G3", "G4"]
    swapped = [item for kind, item in state.log if kind == "event" and item["kind"] == ev.SWAP]
    assert _text(say(ev.Event.from_dict(swapped[0]), state.name)) == (
        "Ana swaps hands with Bot 3 (normal)"
    )


# -- whole rounds ----------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_round_of_no_mercy_played_by_keys_to_its_end(language: str) -> None:
    """A whole round of No Mercy at a local table of four, played by the keys shown, in
    either language: it ends, with a Wild Color Roulette turned up, a 7's swap and a seat
    knocked out on the way (this seed's round has all three)."""
    i18n.use(language)
    try:

        async def main() -> None:
            link = local_link("no_mercy", bots=("naive:median_ms=5",) * 3, seed=3)
            async with playing(link) as (app, pilot):
                for _ in range(3000):
                    if app.state.round_over is not None:
                        break
                    if app.state.my_move():
                        await take_a_turn(app, pilot)
                    else:
                        await pilot.pause(0.02)
                assert app.state.round_over is not None
                kinds = {item["kind"] for kind, item in app.state.log if kind == "event"}
                assert {ev.SHOWN, ev.ELIMINATED, ev.SWAP} <= kinds, kinds

        asyncio.run(main())
    finally:
        i18n.use(i18n.DEFAULT)
