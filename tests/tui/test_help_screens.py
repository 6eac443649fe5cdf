"""The keys and rules screens name each key where it is declared: an action's kind's key is
``key_of``'s, the table's and the app's own keys their bindings'. So the keys screen lists the
keys the table has, and the rules screen says the rules with them, in the terminal's words
(no taps, clicks or drags, no button of the page), in English and in Spanish."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from string import Formatter

import pytest
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown, Static

from unoverse import i18n
from unoverse.core.actions import Kind
from unoverse.core.game import Game
from unoverse.core.phase import Phase
from unoverse.core.registry import variants
from unoverse.tui.app import PlayApp
from unoverse.tui.dialogs import (
    KeysScreen,
    RulesScreen,
    bound_keys,
    key_names,
    rules_pages,
    shown_keys,
    terminal_rules,
)
from unoverse.tui.moves import KEYS, key_of
from unoverse.tui.table import TableScreen

from .scripted import scripted_app
from .test_snapshots import _turn

LANGUAGES = ("en", "es")

#: The keys screen's rows of actions, by what they do (a catalogue key): the kinds whose
#: keys (``key_of``) they list, or the action whose bindings they list.
ROWS: dict[str, tuple[Kind, ...] | str] = {
    "tui.help.draw": (Kind.DRAW, Kind.PRESS),
    "tui.help.pass": (Kind.PASS,),
    "tui.help.take": (Kind.TAKE,),
    "tui.help.challenge": (Kind.CHALLENGE,),
    "tui.help.uno": (Kind.UNO,),
    "tui.help.catch": (Kind.CATCH,),
    "tui.help.catch_illegal": (Kind.CATCH_ILLEGAL,),
    "tui.help.color": (Kind.COLOR,),
    "tui.help.blast": (Kind.BLAST,),
    "tui.help.disarm": (Kind.DISARM,),
    "tui.help.hold": "hold",
    "tui.help.rules": "rules",
    "tui.help.bell": "bell",
    "tui.help.emote": "emote",
    "tui.help.again": "again",
}

#: Words of the page's pointer and of its layout, which the terminal has not.
POINTER = {
    "en": re.compile(r"\b(taps?|click\w*|drag\w*|highlight\w*|beside\s+the\s+piles)\b", re.I),
    "es": re.compile(
        r"\b(toques?|toca|clic|arrastr\w*|resaltad\w*|junto\s+a\s+los\s+montones)\b", re.I
    ),
}
#: The page's buttons, which the terminal has not: in bold, or named in a sentence (Draw and
#: Robar, not at a sentence's start, nor a card's name: Draw Two, Draw Four, UNO Flip's Draw
#: One, Draw Five and Wild Draw Color, No Mercy's Wild Draw 6 and 10, Wild Reverse Draw 4
#: and its Draw Cards; Discard them).
BUTTONS = {
    "en": re.compile(
        r"\*\*(Draw|Press the launcher|Keep it \(pass\)|Catch|Challenge|Take the penalty)\*\*"
        r"|(?<=[a-z,;] )Draw\b(?!\s+(Two|Four|One|Five|Color|Cards?\b|\d))|\bDiscard\s+them\b"
    ),
    "es": re.compile(
        r"\*\*(Robar|Pulsar el lanzador|Quedármela \(pasar\)|¡Pillado!|Desafiar"
        r"|Aceptar la penalización)\*\*|(?<=[a-záéíóúñ,;] )Robar\b|descártalas"
    ),
}


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The process speaks each language in turn for the test, English again after it."""
    i18n.use(request.param)
    yield request.param
    i18n.use(i18n.DEFAULT)


def table_keys() -> dict[str, tuple[str, ...]]:
    """The keys of a server's table, by action, as declared."""
    return bound_keys([*TableScreen.BINDINGS, *PlayApp.BINDINGS])


def declared(action: str) -> str:
    """The keys the table's and the app's bindings give ``action``, in their order."""
    keys = [
        b.key
        for b in Binding.make_bindings([*TableScreen.BINDINGS, *PlayApp.BINDINGS])
        if b.action == action
    ]
    return ", ".join(keys)


def rows_of(screen: KeysScreen) -> dict[str, str]:
    """The keys screen's rows as shown: what a row does, in words, to its keys."""
    rows = str(screen.query_one(VerticalScroll).query_one(Static).render()).splitlines()
    found = {}
    for row in rows:
        match = re.fullmatch(r"\s*(.+?)  (.+)", row)
        assert match, row
        found[match[2]] = match[1]
    return found


def test_every_kind_of_action_with_a_key_has_a_row_on_the_keys_screen() -> None:
    kinds = {kind for source in ROWS.values() if isinstance(source, tuple) for kind in source}
    assert kinds == set(KEYS)


def test_the_keys_screen_shows_each_key_as_key_of_and_the_bindings_declare_it(
    monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """Every kind's key moved to a capital and the hold and rules keys bound to others: the
    keys screen lists the keys so moved, in either language."""
    for kind, key in list(KEYS.items()):
        monkeypatch.setitem(KEYS, kind, replace(key, key=key.key.upper()))
    moved = {"hold": "j", "rules": "f"}
    monkeypatch.setattr(
        TableScreen,
        "BINDINGS",
        [
            replace(b, key=moved[b.action]) if isinstance(b, Binding) and b.action in moved else b
            for b in TableScreen.BINDINGS
        ],
    )

    async def main() -> dict[str, str]:
        app, _, _ = scripted_app("classic", 4, 2, _turn())
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause(0.1)
            await pilot.press("question_mark")
            await pilot.pause(0.1)
            assert isinstance(app.screen, KeysScreen)
            return rows_of(app.screen)

    rows = asyncio.run(main())
    for what, source in ROWS.items():
        if isinstance(source, tuple):
            keys = ", ".join(dict.fromkeys(key_of(kind, False).key for kind in source))
        else:
            keys = declared(source)
        assert rows[KeysScreen({}).words(what)] == keys, what
    assert rows[i18n.t("tui.help.hold")] == "j" and rows[i18n.t("tui.help.rules")] == "f"
    assert rows[i18n.t("tui.help.draw")] == "D"
    assert rows[i18n.t("tui.help.palette")] == "Ctrl+P"
    assert rows[i18n.t("tui.help.leave")] == "q, Ctrl+Q/C"


@pytest.mark.parametrize("variant", [v.name for v in variants()])
def test_the_rules_in_the_terminal_speak_of_its_keys(language: str, variant: str) -> None:
    """Each variant's rules as the terminal says them: none of the page's pointer, layout or
    buttons; every key named where it is declared (a field of the terminal's text, never a
    letter written out), and bound at the table."""
    text = rules_pages()[language]["variants"][variant]["terminal"]
    bound = table_keys()
    names = key_names(bound)
    fields = {field for _, field, _, _ in Formatter().parse(text) if field is not None}
    assert fields, "the rules name no key"
    assert fields <= set(names), fields - set(names)
    keys = {shown_keys([key]) for keys in bound.values() for key in keys}
    assert {names[field] for field in fields} <= keys
    assert not re.search(r"\(\w\)", text), "a key written out, not named by a field"
    said = terminal_rules(text, bound)
    assert not POINTER[language].search(said), POINTER[language].search(said)
    assert not BUTTONS[language].search(said), BUTTONS[language].search(said)
    assert i18n.t("tui.rules.keys", keys="?") in said


def test_the_rules_screen_follows_the_keys(monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """UNO Attack's launcher pressed with another key: its rules say so, in either language;
    BLAST mode's rules hold a card with the hold key and play one with its key."""
    monkeypatch.setitem(KEYS, Kind.PRESS, replace(KEYS[Kind.PRESS], key="z"))

    async def shown(preset: str, seed: int, ready: Callable[[Game], bool]) -> str:
        app, _, _ = scripted_app(preset, 3, seed, ready)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.1)
            await pilot.press("r")
            await pilot.pause(0.2)
            assert isinstance(app.screen, RulesScreen)
            return str(app.screen.query_one(Markdown).source)

    attack = asyncio.run(shown("attack", 4, _turn()))
    assert "(z)" in attack and "(d)" not in attack
    blast = asyncio.run(shown("blast+mode=blast", 5, lambda g: g.phase == Phase.LIVE))
    if language == "en":
        assert "The key beside a card plays it" in blast and "Picking a card up (h)" in blast
    else:
        assert "La tecla junto a una carta la juega" in blast and "Coger una carta (h)" in blast
