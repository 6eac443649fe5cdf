"""Every word a player reads, in English and Spanish: the catalogues and how to read them.

A message is named by a key (``log.play``, ``reason.no_match``, ``tui.keys.draw``), not by its
English text, so the browser and the terminal can share one message and a missing translation
is a missing key. The catalogues are gettext's: written as ``.po`` files under
``i18n/po/<language>/``, one file per area (the log, the engine's reasons, the page, the
terminal) so they stay readable, plus a variant package's own words
(``variants/<name>/words/<language>.po``), and compiled by ``tools/catalogues.py`` (Babel)
into one ``unoverse.mo`` per language, which Python reads with the standard library's
``gettext``, and one ``web/static/i18n/<language>.json``, which the server serves to the page
(``web/static/words.js``). ``tools/catalogues.py --check`` and ``tests/test_catalogues.py``
fail on a compiled catalogue out of date with its sources, a key missing in one language or
a key the code uses that no catalogue has.

A message is a ``str.format`` template with named fields (``{who} plays {cards}``): the
caller names each value, and a translation may reorder them. A message with a count has
two forms, one and other (both languages pluralise that way), read with ``tn``. A number with
decimals is written as the language writes it (``number``: ``0.12`` in English, ``0,12`` in
Spanish), its separator taken from the catalogue (``number.decimal``), so no locale data is
needed at run time.
"""

from __future__ import annotations

import gettext
import os
from functools import cache
from pathlib import Path
from typing import Final

#: The languages every catalogue is complete in; the first is the default.
LANGUAGES: Final = ("en", "es")
DEFAULT: Final = LANGUAGES[0]
#: Each language's name in itself, for the settings and ``--lang``'s help.
NAMES: Final = {"en": "English", "es": "Español"}
#: Where the compiled catalogues are.
LOCALE: Final = Path(__file__).resolve().parent / "locale"
DOMAIN: Final = "unoverse"


class Words:
    """One language's messages."""

    def __init__(self, language: str) -> None:
        self.language = language
        with (LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as mo:
            self._catalogue = gettext.GNUTranslations(mo)

    def t(self, key: str, /, **fields: object) -> str:
        """The message ``key`` with its fields filled in; the key itself if no catalogue has
        it (``tests/test_catalogues.py`` keeps that from reaching a player)."""
        text = self._catalogue.gettext(key)
        return text.format_map(fields) if fields else text

    def tn(self, key: str, count: int, /, **fields: object) -> str:
        """The message ``key`` in the form for ``count`` (``{n}`` is the count)."""
        return self._catalogue.ngettext(key, key, count).format_map({"n": count, **fields})

    def has(self, key: str) -> bool:
        """Whether this language's catalogue holds ``key``."""
        return self._catalogue.gettext(key) != key

    def number(self, value: float, places: int = 0) -> str:
        """``value`` with ``places`` decimals, as this language writes it: its decimal
        separator is the catalogue's ``number.decimal`` (``0.12``, ``0,12``)."""
        text = f"{value:.{places}f}"
        return text.replace(".", self.t("number.decimal")) if places > 0 else text


@cache
def words(language: str) -> Words:
    """The messages of ``language`` (one of ``LANGUAGES``), read once."""
    if language not in LANGUAGES:
        raise ValueError(f"no catalogue for {language!r}: the languages are {', '.join(LANGUAGES)}")
    return Words(language)


def language_of(tag: str | None) -> str | None:
    """The catalogue's language for a locale tag (``es_ES.UTF-8``, ``es-MX``, ``en``), or
    None if it names no language we speak (``C``, ``POSIX``, ``fr_FR``)."""
    if not tag:
        return None
    code = tag.replace("-", "_").split("_")[0].split(".")[0].lower()
    return code if code in LANGUAGES else None


def from_environment(environ: dict[str, str] | None = None) -> str:
    """The player's language as the environment gives it, as gettext reads it (``LANGUAGE``,
    ``LC_ALL``, ``LC_MESSAGES``, then ``LANG``): the first variable set decides, and a
    language we do not speak gives the default."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            # LANGUAGE may list several, by preference: es:en
            for tag in value.split(":"):
                found = language_of(tag)
                if found:
                    return found
            return DEFAULT
    return DEFAULT


_current: list[Words] = []


def use(language: str) -> Words:
    """Make ``language`` the one ``t`` and ``tn`` speak in this process (the terminal game
    has one player); returns its messages."""
    chosen = words(language)
    _current[:] = [chosen]
    return chosen


def current() -> Words:
    """The messages ``use`` chose (English until then)."""
    return _current[0] if _current else words(DEFAULT)


def t(key: str, /, **fields: object) -> str:
    """``key`` in the current language (see ``Words.t``)."""
    return current().t(key, **fields)


def tn(key: str, count: int, /, **fields: object) -> str:
    """``key`` in the current language, in the form for ``count`` (see ``Words.tn``)."""
    return current().tn(key, count, **fields)


def number(value: float, places: int = 0) -> str:
    """``value`` with ``places`` decimals in the current language (see ``Words.number``)."""
    return current().number(value, places)


def N_(key: str, /) -> str:
    """``key`` itself: marks a key named here and read later (an engine refusal's reason,
    ``reason.no_match``; a terminal constant's words, read when shown, in the language chosen
    after the module was imported), so ``tools/catalogues.py`` finds it and
    ``tests/test_catalogues.py`` checks that both catalogues have it."""
    return key
