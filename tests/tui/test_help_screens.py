"""The keys screen names each key where it is declared: an action's kind's key is
``key_of``'s, the table's and the app's own keys their bindings'. So it lists the keys the
table has, in English and in Spanish."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from dataclasses import replace

import pytest
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from unoverse import i18n
from unoverse.core.actions import Kind
from unoverse.tui.app import PlayApp
from unoverse.tui.dialogs import KeysScreen
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


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The process speaks each language in turn for the test, English again after it."""
    i18n.use(request.param)
    yield request.param
    i18n.use(i18n.DEFAULT)


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
        assert rows[i18n.t(what)] == keys, what
    assert rows[i18n.t("tui.help.hold")] == "j" and rows[i18n.t("tui.help.rules")] == "f"
    assert rows[i18n.t("tui.help.draw")] == "D"
    assert rows[i18n.t("tui.help.palette")] == "Ctrl+P"
    assert rows[i18n.t("tui.help.leave")] == "q, Ctrl+Q/C"
