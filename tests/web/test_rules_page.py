"""The rules panel's data (``src/unoverse/web/static/rules.json``, built by
``tools/web_rules.py`` from the players' sections of ``docs/rules/`` and ``docs/rules/es/``):
it is what the docs give, every variant the engine plays has a page in English and in Spanish,
the Spanish pages say what the English ones say and in Spanish, no page can run a script, and
the terminal's words in a section (its marks) stay out of the page and name the same keys in
both languages.
The data's checks need no browser (the file is read and the tool called in this process); the
last test renders the panel in the browser to check it speaks the page's language."""

from __future__ import annotations

import importlib.util
import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from unoverse.core.registry import variants

from .browser import Site
from .modules import call, render, site_page

ROOT = Path(__file__).resolve().parents[2]
RULES_JSON = ROOT / "src" / "unoverse" / "web" / "static" / "rules.json"

#: A tag (opening or not) and, inside one, an event-handler attribute (``onclick=``...) or a
#: ``javascript:`` address.
TAG = re.compile(r"<[^>]*>")
HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
SCRIPT_URL = re.compile(r"=\s*[\"']?\s*javascript:", re.IGNORECASE)

#: The panel's languages, English first.
LANGUAGES = ("en", "es")
#: The walkthrough's title in each language.
FIRST_GAME = {"en": "Your first game", "es": "Tu primera partida"}
#: The English names of the buttons and dialogs the players' sections name, and their
#: Spanish names (docs/rules/es/README.md).
BUTTONS = {
    "Create the room": "Crear la sala",
    "Join a room": "Unirse a una sala",
    "Start the match": "Empezar la partida",
    "Draw": "Robar",
    "Press the launcher": "Pulsar el lanzador",
    "Keep it (pass)": "Quedármela (pasar)",
    "UNO!": "¡UNO!",
    "Catch": "¡Pillado!",
    "Challenge": "Desafiar",
    "Take the penalty": "Aceptar la penalización",
    "Log": "Registro",
    "Rules": "Reglas",
    "Settings": "Ajustes",
}
#: What an English section's bold words and headings say and a Spanish one must not.
ENGLISH = re.compile(
    r"How to play|Your first game|<strong>\s*(catch|challenges?|press the launcher"
    r"|" + "|".join(re.escape(label) for label in BUTTONS) + r")(?!\w)",
    re.IGNORECASE,
)
#: A number in a page's text (the 7 of "+7", the 500 of "500 points").
NUMBER = re.compile(r"\d+")


@cache
def tool() -> ModuleType:
    """``tools/web_rules.py`` as a module (``tools`` is not a package)."""
    spec = importlib.util.spec_from_file_location("web_rules", ROOT / "tools" / "web_rules.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def stored() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(RULES_JSON.read_text(encoding="utf-8"))
    return data


def pages(data: dict[str, Any]) -> dict[str, dict[str, str]]:
    """Every page of the panel, in every language: each variant's and the first-game
    walkthrough, under ``<language>/<name>``."""
    found: dict[str, dict[str, str]] = {}
    for language in LANGUAGES:
        for name, page in data[language]["variants"].items():
            found[f"{language}/{name}"] = page
        found[f"{language}/first_game"] = data[language]["first_game"]
    return found


def text(html: str) -> str:
    """``html`` without its tags."""
    return TAG.sub("", html)


def test_rules_json_is_what_the_docs_give() -> None:
    generate: Callable[[], str] = tool().generate
    assert RULES_JSON.is_file(), "rules.json is missing: run python tools/web_rules.py"
    assert RULES_JSON.read_bytes().decode("utf-8") == generate(), (
        "src/unoverse/web/static/rules.json is out of date with docs/rules/: "
        "run python tools/web_rules.py"
    )


def test_every_variant_of_the_engine_has_a_page_in_every_language() -> None:
    data = stored()
    assert set(data) == set(LANGUAGES), "run python tools/web_rules.py"
    listed = {v.name: v.title for v in variants()}
    for language in LANGUAGES:
        assert set(data[language]) == {"variants", "first_game"}
        assert set(data[language]["variants"]) == set(listed), "run python tools/web_rules.py"
        for name, title in listed.items():
            page = data[language]["variants"][name]
            assert page["title"].strip(), f"{language}/{name} has no title"
            if language == "en":
                assert page["title"] == title
            assert page["html"].strip(), f"the {language}/{name} page is empty"
            assert "<p>" in page["html"], f"the {language}/{name} page has no paragraph"
            assert page["terminal"].strip(), f"the {language}/{name} page has no terminal text"
        first = data[language]["first_game"]
        assert first["title"] == FIRST_GAME[language]
        assert "<ol>" in first["html"], "the walkthrough is a numbered list"


def test_the_spanish_pages_are_in_spanish() -> None:
    data = stored()
    for name, page in pages(data).items():
        if not name.startswith("es/"):
            continue
        left = ENGLISH.search(page["html"])
        assert left is None, f"{name}: English left in the Spanish page: {left and left[0]}"
        assert page["html"] != data["en"]["variants"].get(name[3:], {}).get("html")
    for name, page in data["es"]["variants"].items():
        assert page["title"].startswith("UNO "), f"es/{name}: {page['title']}"
    # (the check itself finds the English words in the English pages)
    for name, page in pages(data).items():
        if name.startswith("en/") and "<strong>UNO!</strong>" in page["html"]:
            assert ENGLISH.search(page["html"]), name


def test_the_spanish_pages_keep_the_english_facts_and_structure() -> None:
    # the same numbers (card counts, penalties, points), the same option names, the same
    # lists and the same keys: a Spanish page says what its English page says
    data = stored()
    for name, english in pages(data).items():
        if not name.startswith("en/"):
            continue
        spanish = pages(data)["es/" + name[3:]]
        en, es = english["html"], spanish["html"]
        assert set(NUMBER.findall(text(en))) == set(NUMBER.findall(text(es))), name
        assert set(re.findall(r"<code>(.*?)</code>", en)) == set(
            re.findall(r"<code>(.*?)</code>", es)
        ), name
        for tag in ("<li>", "<ol>", "<ul>"):
            assert en.count(tag) == es.count(tag), f"{name}: not as many {tag}"
        keys = re.compile(r"<strong>([A-Z])</strong>")
        assert keys.findall(en) == keys.findall(es), f"{name}: the keys differ"


def test_the_spanish_pages_name_the_spanish_buttons() -> None:
    # a button the English page names in bold is named, in bold, by its Spanish label
    data = stored()
    for name, english in pages(data).items():
        if not name.startswith("en/"):
            continue
        spanish = pages(data)["es/" + name[3:]]["html"]
        for label, etiqueta in BUTTONS.items():
            if f"<strong>{label}</strong>" in english["html"]:
                assert f"<strong>{etiqueta}</strong>" in spanish, f"es/{name[3:]}: {etiqueta}"


def test_a_variant_without_a_spanish_section_is_an_error(tmp_path: Path) -> None:
    module = tool()
    (tmp_path / "first-game.md").write_text("# Tu primera partida\n\n1. Uno.\n")
    spanish = module.Language("es", tmp_path, "Cómo se juega", titled_by_document=True)
    with pytest.raises(module.RulesError, match="is missing"):
        module.pages(spanish)
    for v in variants():
        # a document left with the English heading
        document = tmp_path / f"{v.name.replace('_', '-')}.md"
        document.write_text("# UNO\n\n## How to play\n\nText.\n")
    with pytest.raises(module.RulesError, match="has no '## Cómo se juega' section"):
        module.pages(spanish)


def test_a_section_reads_one_way_on_the_page_and_another_in_the_terminal(tmp_path: Path) -> None:
    readers: Callable[[str, Path], tuple[str, str]] = tool().readers
    section = (
        "Press **UNO!**<!-- terminal: ({uno}) --> now: <!-- page -->click\nit<!-- terminal: "
        "press ({draw}) -->, {not a field}.\n"
    )
    page, terminal = readers(section, tmp_path / "x.md")
    assert page == "Press **UNO!** now: click\nit, {not a field}.\n"
    assert terminal == "Press **UNO!** ({uno}) now: press ({draw}), {{not a field}}.\n"
    # the terminal may leave the page's words out
    assert readers("a <!-- page -->(tap)<!-- terminal: -->.", tmp_path / "x.md") == (
        "a (tap).",
        "a .",
    )


@pytest.mark.parametrize(
    ("section", "error"),
    [
        ("a\n<!-- page -->b<!-- terminal: c -->\n", "begins with a mark"),
        ("a\n  <!-- terminal: c --> b\n", "begins with a mark"),
        ("a <!-- page -->b c\n", "has no terminal's words"),
        ("a <!-- page -->b<!-- page -->c<!-- terminal: d -->\n", "out of place"),
        ("a <!-- terminal: b --> c\n", "out of place"),  # (added after a space)
        ("a<!-- terminal: --> c\n", "out of place"),  # (nothing added)
        ("a <!-- note --> c\n", "out of place"),
        ("a <!-- page -->b<!-- terminal: c\n", "not closed"),
    ],
)
def test_a_mark_out_of_place_is_an_error(tmp_path: Path, section: str, error: str) -> None:
    module = tool()
    with pytest.raises(module.RulesError, match=error):
        module.readers(section, tmp_path / "x.md")


def test_the_terminals_words_stay_out_of_the_page() -> None:
    for name, page in pages(stored()).items():
        assert "&lt;!--" not in page["html"] and "terminal:" not in page["html"], name


def test_the_terminal_texts_name_the_same_keys_in_both_languages() -> None:
    # the fields of the terminal's text are keys ({draw}, {hold}): the Spanish text names the
    # ones the English text names, in the same order
    data = stored()
    fields = re.compile(r"(?<!\{)\{(\w+)\}")
    for name, english in data["en"]["variants"].items():
        spanish = data["es"]["variants"][name]
        keys = fields.findall(english["terminal"])
        assert keys, f"en/{name}: the terminal's text names no key"
        assert fields.findall(spanish["terminal"]) == keys, name


def test_no_page_can_run_a_script() -> None:
    for name, page in pages(stored()).items():
        html = page["html"]
        assert "<script" not in html.lower(), f"{name}: a <script> tag"
        for tag in TAG.findall(html):
            assert not HANDLER.search(tag), f"{name}: an event-handler attribute in {tag}"
            assert not SCRIPT_URL.search(tag), f"{name}: a javascript: address in {tag}"


def test_raw_html_in_the_docs_is_escaped() -> None:
    render: Callable[[str], str] = tool().render
    html = render('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n')
    assert "<script" not in html and "<img" not in html
    assert "&lt;script&gt;" in html and "&lt;img" in html
    assert "<a" not in render("[a link](javascript:alert(1))")


#: What the panel shows for UNO Attack in each language: its title, the rules in force, the
#: walkthrough's title.
SPANISH = (
    "UNO Attack (Mattel 1998, con el lanzador de cartas)",
    "Las reglas que rigen en esta mesa",
    "Tu primera partida",
)
ENGLISH_PANEL = (
    "UNO Attack (Mattel 1998, with the card launcher)",
    "The rules in force at this table",
    "Your first game",
)


def test_the_panel_speaks_the_pages_language(browser: Browser, site: Site) -> None:
    # the page's language (words.js) picks the pages and the panel's own words
    with site_page(browser, site.base) as page:
        for lang, (title, in_force, first_game) in (("es", SPANISH), ("en", ENGLISH_PANEL)):
            call(page, 'await (await load("words.js")).loadWords(args[0]);', lang)
            render(page, "rules.js", "RulesPanel", {"variant": "attack", "rules": {"a": 1}})
            probe = page.locator("#probe")
            expect(probe.locator("h2")).to_have_text(title)
            expect(probe.locator("summary").first).to_have_text(in_force)
            expect(probe.locator("summary").last).to_have_text(first_game)
        call(page, 'await (await load("words.js")).loadWords("es");')
        render(page, "rules.js", "Walkthrough", {})
        expect(page.locator("#probe summary")).to_have_text(
            "¿Eres nuevo? Tu primera partida, paso a paso"
        )
        expect(page.locator("#probe .rules-text strong").first).to_have_text("Crear la sala")
