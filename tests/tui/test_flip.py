"""UNO Flip at the terminal (RULES.md §8): two-faced cards show their face up and name their
back, the table shows the other hands' backs, the draw pile's back and the side up, the log
says when the table turns over, a challenge names the card challenged and a wild turned up
by a Flip asks for a dark colour, in English and in Spanish."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from textual.content import Content

from rules._flip_table import table as flip_table
from unoverse import i18n
from unoverse.core.cards import CARD_TEXT, DARK_UP
from unoverse.core.game import Game
from unoverse.core.phase import Phase
from unoverse.tui import render
from unoverse.tui.app import PlayApp
from unoverse.tui.cards import card_name, chip, color_of, sort_hand
from unoverse.tui.dialogs import Chooser, KeysScreen
from unoverse.tui.hand import HandView
from unoverse.tui.moves import group
from unoverse.tui.state import TableState, sides_after
from unoverse.tui.words import turn_over_line

from .pilot import hand_shown, local_link, playing, take_a_turn, until
from .scripted import ScriptedLink, frames, position


def _shown(game: Game, events: list[Any], seat: int = 0) -> TableState:
    """What ``seat`` of a scripted room playing ``game`` knows, once it has joined."""
    state = TableState()
    for frame in frames("flip", game, events, seat=seat):
        state.apply(frame)
    return state


def _text(markup: str) -> str:
    """Markup as the screen reads it."""
    return Content.from_markup(markup).plain


def _dark_turn(game: Game) -> bool:
    """Seat 0's turn with the dark side up."""
    return game.phase == Phase.TURN and game.turn == 0 and DARK_UP[game.discard[-1]]


def _challenged(seat: int) -> Callable[[Game], bool]:
    """``seat`` may challenge the wild just played on it."""
    return lambda g: g.phase == Phase.PENALTY and g.pen_challenge and g.turn == seat


# -- the cards -------------------------------------------------------------------------------


def test_a_two_faced_card_is_its_face_up_with_its_back_after_it() -> None:
    assert card_name("R1|P3") == "red 1, on its back pink 3"
    assert card_name("P3|R1") == "pink 3, on its back red 1"
    assert card_name("WDC|R3") == "wild draw color, on its back red 3"
    assert card_name("O+5|G9") == "orange draw five, on its back green 9"
    assert card_name("R1") == "red 1"  # known by one face: the face alone
    assert (color_of("R1|P3"), color_of("P3|R1"), color_of("W+2|O4")) == ("R", "P", None)
    assert _text(chip("R1|P3")) == " R1 |P3"
    assert chip("R1|P3").startswith(f"[{'bold #FFFFFF on #B3202A'}] R1 [/]")
    assert "#F49AC1" in chip("R1|P3").split("[/]", 1)[1]  # the back in its own colour
    assert sort_hand(["W|T3", "G5|T4", "R9|V5", "R1", "R1|P3"]) == [
        "R1",
        "R1|P3",
        "R9|V5",
        "G5|T4",
        "W|T3",
    ]


def test_the_spanish_names_of_a_two_faced_card(spanish: None) -> None:
    assert card_name("R1|P3") == "1 rojo, al dorso 3 rosa"
    assert card_name("WDC|R3").startswith("Comodín Roba color, al dorso")
    assert card_name("O+5|G9").startswith("Roba cinco naranja")


# -- the table -------------------------------------------------------------------------------


def test_the_table_shows_the_backs_the_draw_piles_back_and_the_light_side() -> None:
    """A round just dealt: the player's cards by their face up, each with its back unknown;
    under every other seat the backs its cards show; the draw pile's back; the light side."""
    game, events = position("flip", 3, 4, lambda g: True)

    async def main() -> None:
        app = PlayApp(ScriptedLink(frames("flip", game, events)), bell=False)
        async with app.run_test(size=(100, 34)) as pilot:
            await pilot.pause(0.1)
            view = app.state.view
            assert view is not None
            seats = str(app.table.query_one("#seats").render())
            for seat in (1, 2):
                backs = " ".join(sort_hand(view["backs"][seat]))
                assert f"backs: {backs}" in seats, (seats, backs)
            assert view["backs"][0] == [] and seats.count("backs:") == 2
            centre = str(app.table.query_one("#centre").render())
            assert f"{view['draw_count']} cards, {view['pile_back']} showing" in centre
            assert "○ Light side up" in centre and "Dark side" not in centre
            face = view["top"].split("|")[0]  # (its back lies on the pile)
            assert f"Top card  {face}  {card_name(face)}  ·" in centre
            # dealt cards: the player knows their face up only (RULES.md §8.4, FL-3)
            shown = [card for _, card in hand_shown(app)]
            assert shown == sort_hand(view["hand"]) and all("|" not in c for c in shown)
            tokens = app.table.query_one(HandView).tokens
            assert all(token.plain.rstrip(" ‹").endswith("|?") for token in tokens)

    asyncio.run(main())


def test_after_a_flip_the_table_says_the_dark_side_is_up() -> None:
    """A real round played by bots until the table has turned over and it is the player's
    turn: the centre says the dark side is up, the log says who turned the table over and
    which side that left up, and the hand shows both faces of every card (held through the
    Flip)."""
    game, events = position("flip", 3, 4, _dark_turn)

    async def main() -> None:
        app = PlayApp(ScriptedLink(frames("flip", game, events)), bell=False)
        async with app.run_test(size=(100, 34)) as pilot:
            await pilot.pause(0.1)
            centre = str(app.table.query_one("#centre").render())
            assert "● Dark side up" in centre and "Light side" not in centre
            logged = [item for kind, item in app.state.log if kind == "turn_over"]
            assert [entry["dark"] for entry in logged] == [True]
            said = _text(app.table.log_line("turn_over", logged[0]))
            assert said.endswith("turns the table over: the dark side is up"), said
            assert all("|" in card for _, card in hand_shown(app))

    asyncio.run(main())


def test_the_colour_picker_offers_the_dark_colours_on_the_dark_side() -> None:
    """A wild played on the dark side declares one of the dark side's colours (RULES.md
    FL-10): the chooser lists pink, turquoise, orange and purple, from the legal actions."""
    game, events = position("flip", 3, 7, _dark_turn)
    wild = next(CARD_TEXT[c] for c in game.hands[0] if CARD_TEXT[c].startswith("WDC|"))

    async def main() -> None:
        app = PlayApp(ScriptedLink(frames("flip", game, events)), bell=False)
        async with app.run_test(size=(100, 34)) as pilot:
            await pilot.pause(0.1)
            await pilot.press(dict((c, k) for k, c in hand_shown(app))[wild])
            await until(pilot, lambda: isinstance(app.screen, Chooser), "the colours")
            chooser = app.screen
            assert isinstance(chooser, Chooser)
            back = card_name(wild.split("|")[1])
            assert chooser.title_text == f"Play {wild} (wild draw color, on its back {back})"
            assert [words for _, words in chooser.options] == [
                "declare pink (P)",
                "declare turquoise (T)",
                "declare orange (O)",
                "declare purple (V)",
            ]

    asyncio.run(main())


def test_a_wild_a_flip_turns_up_asks_for_its_colour_and_not_the_first_cards() -> None:
    """RULES.md §8.14, scenario 2: the first card ``Y1|W``; a Flip turns its dark ``W`` face
    up; the next seat names the colour, among the dark side's (FL-8): the prompt, the
    others' words and the chooser say so."""
    game = flip_table("Y1|W", "R1|P3 R2|OR", "YF|O8 G5|T4", "B5|OR R9|V5", "G7|O6 Y9|V4")
    events = list(game.apply(0, "YF|O8"))
    assert game.phase == Phase.COLOR and game.turn == 1
    mine, others = _shown(game, events, seat=1), _shown(game, events)
    assert render.asked(mine, 0)[0] == "A Flip turned up a wild: choose its colour (o)"
    said = render.asked(others, 0)[0]
    assert said == "Bot 2 (normal) chooses the colour of the wild a Flip turned up"

    async def main() -> None:
        app = PlayApp(ScriptedLink(frames("flip", game, events, seat=1)), bell=False)
        async with app.run_test(size=(100, 34)) as pilot:
            await pilot.pause(0.1)
            await pilot.press("o")
            await until(pilot, lambda: isinstance(app.screen, Chooser), "the colours")
            chooser = app.screen
            assert isinstance(chooser, Chooser)
            assert chooser.title_text == "The colour of the wild a Flip turned up"
            assert [text for text, _ in chooser.options] == [
                "color:P",
                "color:T",
                "color:O",
                "color:V",
            ]

    asyncio.run(main())


def test_the_first_cards_colour_is_still_asked_as_the_first_cards() -> None:
    game = flip_table("W|P5", "R1|P3", "G5|T4", "B5|OR")
    game.phase, game.color, game.color_next = Phase.COLOR, -1, 0
    assert render.asked(_shown(game, []), 0)[0] == "The first card: choose its colour (o)"


# -- the log ---------------------------------------------------------------------------------


def test_each_turn_over_says_the_side_it_leaves_up() -> None:
    """Counted back from the side up after the update: each turn-over turns it."""
    turn = {"kind": "turn_over", "seat": 1}
    other = {"kind": "skip", "seat": 2}
    assert sides_after([other, turn, other], dark=True) == [True]
    assert sides_after([turn, other, turn], dark=False) == [True, False]
    assert sides_after([turn, turn, turn], dark=True) == [True, False, True]
    assert sides_after([other], dark=True) == []
    line = _text(turn_over_line(turn, True, lambda s: "Ana" if s == 1 else ""))
    assert line == " turn over  Ana turns the table over: the dark side is up"
    first = _text(turn_over_line({"kind": "turn_over", "seat": None}, False, lambda s: ""))
    assert first == " turn over  The first card turns the table over: the light side is up"


# -- challenges ------------------------------------------------------------------------------


def test_a_challenge_names_the_wild_draw_two_in_flip_and_the_wild_draw_four_in_classic() -> None:
    """The window's words name the card played: the player's prompt and the others' words,
    with the penalty; the keys screen names the cards a challenge is about at the table."""
    flip, flip_events = position("flip", 3, 1, _challenged(0))
    assert CARD_TEXT[flip.discard[-1]].startswith("W+2|")
    text = render.asked(_shown(flip, flip_events), 0)[0]
    assert text == "A wild draw two: take it (t) or challenge (c)"
    other, other_events = position("flip", 3, 3, _challenged(1))
    text = render.asked(_shown(other, other_events), 0)[0]
    assert text == "Bot 2 (normal) faces a wild draw two"

    classic, classic_events = position("classic", 3, 7, _challenged(0))
    state = TableState()
    for frame in frames("classic", classic, classic_events):
        state.apply(frame)
    assert render.asked(state, 0)[0] == "A wild draw four: take it (t) or challenge (c)"

    assert _keys_row("flip", 1, _challenged(0)) == "challenge a wild draw two or a wild draw color"
    assert _keys_row("classic", 7, _challenged(0)) == "challenge a wild draw four"


def _keys_row(preset: str, seed: int, ready: Callable[[Game], bool]) -> str:
    """The keys screen's row of the challenge key (``c``), at a table of ``preset``."""
    game, events = position(preset, 3, seed, ready)

    async def main() -> str:
        app = PlayApp(ScriptedLink(frames(preset, game, events)), bell=False)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause(0.1)
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, KeysScreen), "the keys")
            rows = str(app.screen.query("Static")[1].render()).splitlines()
            return next(row.split("c  ", 1)[1] for row in rows if row.strip().startswith("c "))

    return asyncio.run(main())


def test_a_wild_draw_color_says_who_draws_until_which_colour() -> None:
    """RULES.md §8.9: a Wild Draw Color declaring turquoise: its victim is asked to take it
    by drawing until the colour comes, and the others read as much."""
    game = flip_table(
        "P3|R1",
        "OR|R2 V+5|R2 T1|Y2 T8|Y2 P7|R3",
        "WDC|R3 V2|R1 OF|R4",
        "O5|G1 OF|G1",
        "VSA|B1",
        "P8|G4",
    )
    events = list(game.apply(0, "WDC|R3:T"))
    victim = _shown(game, events, seat=1)
    centre = render.centre(victim)
    assert "Penalty: Bot 2 (normal) draws until a turquoise card comes" in centre
    assert render.asked(victim, 0)[0] == "A wild draw color: take it (t) or challenge (c)"
    player = _shown(game, events)
    assert render.asked(player, 0)[0] == "Bot 2 (normal) faces a wild draw color"
    keys = _text(render.keys(victim, group(victim.legal), False, None, []))
    assert keys.startswith("t draw until the colour comes"), keys


# -- Spanish ---------------------------------------------------------------------------------


def test_the_flip_words_in_spanish(spanish: None) -> None:
    flip, flip_events = position("flip", 3, 1, _challenged(0))
    text = render.asked(_shown(flip, flip_events), 0)[0]
    assert text == "Un Comodín Roba dos: acéptala (t) o desafíalo (c)"
    other, other_events = position("flip", 3, 3, _challenged(1))
    assert render.asked(_shown(other, other_events), 0)[0] == (
        "A Bot 2 (normal) le cae un Comodín Roba dos"
    )
    dark, dark_events = position("flip", 3, 4, _dark_turn)
    state = _shown(dark, dark_events)
    centre = _text(render.centre(state))
    assert "● Lado oscuro" in centre and "se ve" in centre
    assert "dorsos:" in _text(render.seats(state, group(state.legal), 0))
    game = flip_table("Y1|W", "R1|P3 R2|OR", "YF|O8 G5|T4", "B5|OR R9|V5", "G7|O6 Y9|V4")
    events = list(game.apply(0, "YF|O8"))
    asked = render.asked(_shown(game, events, seat=1), 0)[0]
    assert asked.startswith("Un Flip ha sacado un comodín: ")
    line = _text(turn_over_line({"kind": "turn_over", "seat": 1}, True, lambda s: "Ana"))
    assert line == " vuelta  Ana da la vuelta a la mesa: se juega el lado oscuro"


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_round_of_flip_played_by_keys_to_its_end(language: str) -> None:
    """A whole round of UNO Flip at a local table, played by the keys shown, in either
    language: it ends, and the table turned over on the way at least once."""
    i18n.use(language)
    try:

        async def main() -> None:
            link = local_link("flip", bots=("naive:median_ms=5",) * 2, seed=3)
            async with playing(link) as (app, pilot):
                for _ in range(3000):
                    if app.state.round_over is not None:
                        break
                    if app.state.my_move():
                        await take_a_turn(app, pilot)
                    else:
                        await pilot.pause(0.02)
                assert app.state.round_over is not None
                assert any(kind == "turn_over" for kind, _ in app.state.log)

        asyncio.run(main())
    finally:
        i18n.use(i18n.DEFAULT)
