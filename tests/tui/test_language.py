"""The terminal game in the player's language: ``unoverse play --lang`` or the environment
chooses it, and every word the table shows is then the catalogue's, in that language
(``tui.*`` and the page's shared words), with no English left over."""

from __future__ import annotations

import asyncio
import html
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from unoverse import i18n
from unoverse.cli.app import app as cli
from unoverse.tui.app import PlayApp, game_words
from unoverse.tui.table import TableScreen

from .pilot import local_link, playing, take_a_turn, until
from .scripted import scripted_app
from .test_variants_play import _both_play, lost_by_120_ms

ROOT = Path(__file__).resolve().parents[2]
TUI = ROOT / "src" / "unoverse" / "tui"


@pytest.mark.parametrize(
    ("argv", "env", "language"),
    [
        (["--lang", "es"], {"LANG": "en_US.UTF-8"}, "es"),
        (["--lang", "en"], {"LANG": "es_ES.UTF-8"}, "en"),
        ([], {"LANG": "es_ES.UTF-8"}, "es"),
        ([], {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"}, "en"),
    ],
)
def test_play_speaks_the_language_given_or_the_environments(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], env: dict[str, str], language: str
) -> None:
    """``--lang`` chooses; without it the environment does (gettext's variables); the
    language is in use before the app starts."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    started: list[str] = []
    monkeypatch.setattr(PlayApp, "run", lambda self: started.append(i18n.current().language))
    try:
        result = CliRunner().invoke(cli, ["play", "--players", "2", *argv])
        assert result.exit_code == 0, result.output
        assert started == [language]
    finally:
        i18n.use(i18n.DEFAULT)


def test_play_refuses_a_language_it_does_not_speak() -> None:
    result = CliRunner().invoke(cli, ["play", "--lang", "fr"])
    assert result.exit_code != 0
    assert "en" in result.output and "es" in result.output


def test_with_lang_es_the_prompt_and_the_keys_are_spanish(
    monkeypatch: pytest.MonkeyPatch, spanish: None
) -> None:
    """With LANG=es_ES.UTF-8 the table asks and names its keys in Spanish."""
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    i18n.use(i18n.from_environment())

    async def main() -> None:
        async with playing(local_link("classic", seed=3)) as (app, pilot):
            table = app.table
            await until(pilot, app.state.my_move, "the player's turn")
            await pilot.pause(0.1)
            prompt = str(table.query_one("#prompt").render())
            keys = str(table.query_one("#keys").render())
            assert prompt.startswith("Tu turno"), prompt
            assert "elige una carta" in keys and "juégala" in keys, keys
            assert "Tu mano:" in str(table.query_one("#hand").render())

    asyncio.run(main())


def _spanish_words() -> set[str]:
    """Every word of every Spanish message (of any area)."""
    words: set[str] = set()
    for key in _keys("es"):
        for text in _texts("es", key):
            words |= {w.lower() for w in re.findall(r"[^\W\d_]+", text)}
    return words


def _keys(language: str) -> list[str]:
    catalogue = i18n.words(language)._catalogue
    return [key for key in catalogue._catalog if isinstance(key, str) and key]  # type: ignore[attr-defined]


def _texts(language: str, key: str) -> list[str]:
    """A message's forms, their fields left out (``{round}`` is no word of the message)."""
    catalogue = i18n.words(language)._catalogue
    forms = [
        catalogue.gettext(key),
        catalogue.ngettext(key, key, 1),
        catalogue.ngettext(key, key, 2),
    ]
    return [re.sub(r"\{[^{}]*\}", " ", form) for form in forms if form != key]


def english_words() -> set[str]:
    """Words of five letters or more of the English ``tui.*`` messages that no Spanish
    message has: none of them may be on a Spanish screen."""
    spanish = _spanish_words()
    words: set[str] = set()
    for key in _keys("en"):
        if key.startswith("tui."):
            for text in _texts("en", key):
                words |= {w.lower() for w in re.findall(r"[^\W\d_]{5,}", text)}
    return words - spanish


def _screen_text(app: PlayApp) -> str:
    """What the screen shows now, as text: the rows of its screenshot."""
    svg = app.export_screenshot()
    pieces = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    return html.unescape(" ".join(pieces)).replace("\xa0", " ")


def _leftovers(text: str, english: set[str]) -> set[str]:
    return {w for w in re.findall(r"[^\W\d_]{5,}", text) if w.lower() in english}


def test_the_english_words_to_look_for_are_many() -> None:
    english = english_words()
    assert {"choose", "penalty", "refused", "launcher", "round"} <= english


@pytest.mark.parametrize(
    ("preset", "seed"),
    [("classic", 3), ("blast+mode=blast", 11), ("flip", 4), ("no_mercy", 3)],
)
def test_a_spanish_table_shows_no_english(spanish: None, preset: str, seed: int) -> None:
    """A few moves of Classic, of Blast's BLAST mode, of UNO Flip and of No Mercy, in
    Spanish: every screen seen on the way (the table, its choosers, the keys and rules
    screens) has none of the English messages' words."""
    english = english_words()
    seen: list[str] = []

    async def main() -> None:
        link = local_link(preset, bots=("naive:median_ms=60",) * 2, seed=seed)
        async with playing(link, size=(120, 36)) as (app, pilot):
            seen.append(_screen_text(app))
            moves = 0
            for _ in range(300):
                if moves >= 6 or app.state.round_over is not None:
                    break
                if not isinstance(app.screen, TableScreen) or app.state.my_move():
                    seen.append(_screen_text(app))
                    if await take_a_turn(app, pilot):
                        moves += 1
                    await pilot.pause(0.05)
                    seen.append(_screen_text(app))
                else:
                    await pilot.pause(0.03)
            while not isinstance(app.screen, TableScreen):
                await pilot.press("escape")
                await pilot.pause(0.05)
            await pilot.press("z")  # a key that is nobody's: its notice
            await pilot.pause(0.05)
            seen.append(_screen_text(app))
            for key in ("question_mark", "r"):
                await pilot.press(key)
                await pilot.pause(0.3)
                seen.append(_screen_text(app))
                await pilot.press("escape")
                await pilot.pause(0.05)
            assert moves > 0, "the player never moved"

    asyncio.run(main())
    found = {word for text in seen for word in _leftovers(text, english)}
    assert not found, (found, [text for text in seen if _leftovers(text, english)][:1])


def test_every_terminal_message_is_used_by_the_code() -> None:
    """Each ``tui.*`` key is named in the terminal's code, the ``play`` command's included
    (literally; the link's states and the races' kinds are chosen at run time from their
    families)."""
    paths = [*sorted(TUI.glob("*.py")), TUI.parent / "cli" / "app.py"]
    code = "\n".join(path.read_text(encoding="utf-8") for path in paths)
    chosen = {
        "tui.status.": re.compile(r'"tui\.status\.\{'),
        "tui.race.kind.": re.compile(r'"tui\.race\.kind\.\{'),
    }
    unused = []
    for key in _keys("en"):
        if not key.startswith("tui.") or f'"{key}"' in code or f"'{key}'" in code:
            continue
        family = next((f for f in chosen if key.startswith(f)), None)
        if family is not None and chosen[family].search(code.replace('f"', '"')):
            continue
        unused.append(key)
    assert not unused, unused


def test_a_refused_card_is_said_in_the_players_language(spanish: None) -> None:
    """A card that does not fit, pressed on the player's turn, goes to the engine, which
    refuses it with a reason: the table says that reason in Spanish, its cards in words."""

    async def run() -> str:
        refused = i18n.t("tui.say.refused")
        async with playing(local_link("classic", seed=3)) as (app, pilot):
            table = app.table
            for _ in range(60):
                if app.state.my_move():
                    misfits = [
                        (key, card)
                        for key, card in zip(table.keys, table.hand, strict=True)
                        if not table.moves.plays(card, False) and not card.startswith("W")
                    ]
                    if misfits:
                        await pilot.press(misfits[0][0])
                        await until(pilot, lambda: refused in table.notice, "the refusal")
                        return str(table.notice)
                await take_a_turn(app, pilot)
                await pilot.pause(0.05)
            raise AssertionError("no turn with a card that does not fit")

    notice = asyncio.run(run())
    assert "no coincide con la carta de arriba" in notice, notice
    assert "does not match" not in notice, notice


def test_a_race_says_its_gap_with_the_languages_decimal_comma(spanish: None) -> None:
    """BLAST mode: the player's card comes 120 ms after Bot 2's; the log and the line under
    the prompt say the gap as Spanish writes it, 0,12 s."""

    async def main() -> None:
        app, _, game = scripted_app("blast+mode=blast", 3, 4, _both_play)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.1)
            await lost_by_120_ms(app, pilot, game)
            assert "llegó 0,12 s tarde: rechazada" in app.table.notice, app.table.notice
            assert "0,12 s tarde" in app.table.log_line(*app.state.log[-1])
            assert "0.12" not in _screen_text(app)

    asyncio.run(main())


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", " · Classic UNO — Stacking: any draw card, Jump-in"),
        ("es", " · UNO clásico — Acumular robos: cualquier carta de robo, Colarse"),
    ],
)
def test_the_title_names_the_variant_and_its_options_in_the_language(
    language: str, said: str
) -> None:
    """The title names the room's game as the lobby does, not by its preset: the variant's
    name and the options it sets with their values, in the player's language. It comes last,
    being the longest: at 80 columns the room and the round stay in sight, and the game's
    words end in an ellipsis."""
    i18n.use(language)

    async def main() -> None:
        link = local_link("classic+jump_in+stacking=progressive", seed=3)
        async with playing(link) as (app, pilot):
            await pilot.pause(0.1)
            widget = app.table.query_one("#title")
            title = str(widget.render())
            assert title.endswith(said), title
            assert "classic" not in title and "jump_in" not in title and "progressive" not in title
            await pilot.resize_terminal(80, 24)
            await pilot.pause(0.1)
            [shown] = [strip.text for strip in widget.render_lines(widget.region.reset_offset)]
            room = i18n.t("tui.title.room", code=app.state.room["code"])
            round_ = i18n.t("tui.title.round", match=1, round=1)
            assert room in shown and round_ in shown and shown.rstrip().endswith("…"), shown

    try:
        asyncio.run(main())
    finally:
        i18n.use(i18n.DEFAULT)


def test_the_title_says_each_option_as_the_lobby_does_and_a_game_it_does_not_know_as_sent(
    spanish: None,
) -> None:
    room = {"variant": "blast", "options": {"blast.mode": "blast", "blast.uno_call": False}}
    assert game_words(room) == "UNO Blast — Modo: BLAST (tiempo real), Decir UNO: no"
    newer = {"variant": "newer", "options": {"twist": True, "turns": "wild"}}
    assert game_words(newer) == "newer — twist, turns: wild"
