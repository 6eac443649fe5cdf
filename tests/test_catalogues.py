"""The message catalogues (``unoverse.i18n``): compiled from their sources, complete in both
languages, and holding every key the code names.

A key missing in one language, a message whose fields differ between the languages, a key the
code names that no catalogue has, or a compiled catalogue older than its sources fails here.
"""

from __future__ import annotations

import importlib.util
import re
import string
import sys
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from unoverse import i18n
from unoverse.core.cards import COLOR_LETTERS
from unoverse.core.events import SCHEMA
from unoverse.core.sentences import describe

ROOT = Path(__file__).resolve().parent.parent


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "tools" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogues"] = module
    spec.loader.exec_module(module)
    return module


TOOL = _tool()
pytestmark = pytest.mark.any_build

CATALOGUES: dict[str, Catalog] = {lang: TOOL.merged(lang) for lang in i18n.LANGUAGES}


def _texts(message_string: str | tuple[str, ...]) -> tuple[str, ...]:
    return (message_string,) if isinstance(message_string, str) else message_string


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _messages(lang: str) -> dict[str, tuple[str, ...]]:
    return {TOOL.key_of(m.id): _texts(m.string) for m in CATALOGUES[lang] if m.id}


def test_the_compiled_catalogues_are_what_their_sources_give() -> None:
    assert TOOL.main(["--check"]) == 0, "run tools/catalogues.py"


def test_every_key_is_in_every_language_with_every_form_written() -> None:
    english = _messages("en")
    for lang in i18n.LANGUAGES:
        messages = _messages(lang)
        assert set(messages) == set(english), (lang, set(messages) ^ set(english))
        empty = [key for key, texts in messages.items() if not all(texts)]
        assert not empty, f"{lang}: messages with no text: {empty}"


def test_a_message_has_the_same_fields_in_every_language() -> None:
    english = _messages("en")
    for lang in i18n.LANGUAGES:
        for key, texts in _messages(lang).items():
            for text, source in zip(texts, english[key], strict=True):
                assert _fields(text) == _fields(source), (lang, key, text, source)


def _keys_of(path: Path, lang: str) -> set[str]:
    """The keys one ``.po`` file holds."""
    with path.open("rb") as source:
        return {TOOL.key_of(m.id) for m in read_po(source, locale=lang) if m.id}


def test_a_variants_own_words_are_merged_after_the_shared_files() -> None:
    """Each variant package's ``words/<language>.po`` joins its language's catalogue, after
    the shared files; no shared file holds a key that names a variant with its own words
    (``variant.flip.name``, ``option.flip.*``)."""
    for lang in i18n.LANGUAGES:
        sources = TOOL.sources(lang)
        own = [path for path in sources if path.parent.name == "words"]
        assert TOOL.VARIANTS / "flip" / "words" / f"{lang}.po" in own
        shared = sources[: -len(own)]
        assert shared and sources[-len(own) :] == own
        for path in own:
            assert _keys_of(path, lang) <= set(_messages(lang)), path
            variant = path.parent.parent.name
            for other in shared:
                named = [k for k in _keys_of(other, lang) if variant in k.split(".")]
                assert not named, f"{other}: keys that belong in {path}: {named}"


def test_a_key_in_two_files_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A variant's file may not say again a key a shared file has."""
    words = tmp_path / "someday" / "words"
    words.mkdir(parents=True)
    (words / "en.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: en\\n"\n'
        f'"Plural-Forms: {TOOL.PLURAL_FORMS}\\n"\n\n'
        'msgid "color.R"\nmsgstr "red"\n'
    )
    monkeypatch.setattr(TOOL, "VARIANTS", tmp_path)
    with pytest.raises(TOOL.CatalogueError, match=r"'color\.R' is in another file too"):
        TOOL.merged("en")


def test_every_key_the_code_names_is_in_the_catalogue() -> None:
    english = _messages("en")
    missing = {key: where for key, where in TOOL.keys_used().items() if key not in english}
    assert not missing, missing


def test_the_keys_chosen_at_run_time_are_in_the_catalogue() -> None:
    english = _messages("en")
    chosen = {f"color.{letter}" for letter in COLOR_LETTERS}
    assert chosen <= set(english)
    # every event kind has its sentence, or the sentences it chooses between
    for kind in SCHEMA:
        assert any(re.fullmatch(rf"log\.{kind}(\..+)?", key) for key in english), kind


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_log_speaks_each_language(lang: str) -> None:
    from unoverse.core import events as ev
    from unoverse.core.events import Event

    words = i18n.words(lang)
    line = describe(Event(ev.DRAW, 0, count=2, reason=ev.FOR_UNO), words=words)
    assert (
        line
        == {
            "en": "seat 0 draws 2 cards for not calling UNO",
            "es": "asiento 0 roba 2 cartas por no decir UNO",
        }[lang]
    )


def test_the_language_comes_from_the_environment_as_gettext_reads_it() -> None:
    assert i18n.from_environment({"LANG": "es_ES.UTF-8"}) == "es"
    assert i18n.from_environment({"LANG": "es_ES.UTF-8", "LC_ALL": "C"}) == "en"
    assert i18n.from_environment({"LANGUAGE": "fr:es", "LANG": "en_US"}) == "es"
    assert i18n.from_environment({"LANG": "de_DE.UTF-8"}) == "en"
    assert i18n.from_environment({}) == "en"
    with pytest.raises(ValueError, match="no catalogue for 'fr'"):
        i18n.words("fr")


def test_a_number_is_written_as_its_language_writes_it() -> None:
    """Decimals with the catalogue's separator (``number.decimal``); a whole number alone."""
    english, spanish = i18n.words("en"), i18n.words("es")
    assert [english.number(0.12, 2), english.number(1.5, 2), english.number(7)] == [
        "0.12",
        "1.50",
        "7",
    ]
    assert [spanish.number(0.12, 2), spanish.number(1.5, 2), spanish.number(7)] == [
        "0,12",
        "1,50",
        "7",
    ]
    i18n.use("es")
    try:
        assert i18n.number(0.09, 2) == "0,09"
    finally:
        i18n.use(i18n.DEFAULT)
