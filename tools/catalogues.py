"""Compile the message catalogues (the shared ``.po`` files, the variants' own) for their readers.

Each language's ``.po`` files are read with Babel and merged into one catalogue per language
(a key in two files is an error): the shared ones, ``src/unoverse/i18n/po/<language>/*.po``,
one per area (the log, the engine's reasons, the page, the terminal), then each variant
package's own, ``src/unoverse/variants/**/words/<language>.po`` (its name, options, cards and
the sentences that name them), so a variant brings its words by dropping its files in. It is
written twice:

- ``src/unoverse/i18n/locale/<language>/LC_MESSAGES/unoverse.mo``, which Python reads with
  the standard library's ``gettext`` (``unoverse.i18n``);
- ``src/unoverse/web/static/i18n/<language>.json``, which the server serves to the page
  (``web/static/words.js``): ``{"language": ..., "messages": {key: text or [one, other]}}``.

Both are deterministic (sorted keys, a fixed header date), so ``--check`` can compare them byte
for byte with what the sources give. ``keys_used()`` is every key the code names literally
(``t("...")``, ``tn("...", n)``, the page's ``rich("...", parts)`` and the ``N_("...")``
marks of keys chosen at run time, found by Babel's Python and JavaScript extractors), for
``tests/test_catalogues.py``.

    .venv/bin/python tools/catalogues.py          # write the compiled catalogues
    .venv/bin/python tools/catalogues.py --check  # exit 1 unless they are up to date
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
import warnings
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "unoverse"
SOURCES = PACKAGE / "i18n" / "po"
#: Where the variant packages are: each may hold its own words in ``words/<language>.po``.
VARIANTS = PACKAGE / "variants"
LOCALE = PACKAGE / "i18n" / "locale"
WEB = PACKAGE / "web" / "static" / "i18n"
LANGUAGES = ("en", "es")
#: What a key looks like: an area, a dot, and more (``log.uno``, ``card.kind.W+4``).
KEY = re.compile(r"[a-z_]+(\.[\w+-]+)+")
#: The calls that name a key: the key is their first argument.
KEYWORDS = {"t": None, "tn": None, "N_": None, "rich": None}
#: Both languages have two forms, one and other (CLDR gives Spanish a third, for millions:
#: a count of cards never reaches it).
PLURAL_FORMS = "nplurals=2; plural=(n != 1);"
#: A fixed date for the compiled header, so a build is reproducible.
EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


class CatalogueError(Exception):
    """Sources that do not make one catalogue (a key twice, a plural without its forms)."""


def sources(language: str) -> list[Path]:
    """The ``.po`` files of ``language`` in the order they are merged: the shared files, then
    the variants' own, each group sorted."""
    shared = sorted((SOURCES / language).glob("*.po"))
    return shared + sorted(VARIANTS.glob(f"**/words/{language}.po"))


def merged(language: str) -> Catalog:
    """Every ``.po`` of ``language`` (``sources``) as one catalogue."""
    catalogue = Catalog(
        locale=language, domain="unoverse", project="unoverse", creation_date=EPOCH, fuzzy=False
    )
    catalogue.revision_date = EPOCH
    catalogue.mime_headers = [("Plural-Forms", PLURAL_FORMS)]
    for path in sources(language):
        with path.open("rb") as source:
            part = read_po(source, locale=language)
        if part.plural_forms != PLURAL_FORMS:
            raise CatalogueError(f"{path}: its header must say Plural-Forms: {PLURAL_FORMS}")
        for message in part:
            if not message.id:
                continue  # the file's header
            if message.id in catalogue:
                raise CatalogueError(f"{path}: {message.id!r} is in another file too")
            if message.fuzzy:
                raise CatalogueError(f"{path}: {message.id!r} is marked fuzzy")
            catalogue[message.id] = message
    return catalogue


def key_of(message_id: str | tuple[str, ...]) -> str:
    """A message's key (a plural message has the key as both of its ids)."""
    return message_id if isinstance(message_id, str) else message_id[0]


def as_json(catalogue: Catalog) -> bytes:
    """The page's form of a catalogue."""
    messages: dict[str, str | list[str]] = {}
    for message in catalogue:
        if not message.id:
            continue
        text = message.string
        messages[key_of(message.id)] = list(text) if isinstance(text, tuple) else text
    body = {"language": catalogue.locale_identifier, "messages": dict(sorted(messages.items()))}
    return (json.dumps(body, ensure_ascii=False, indent=0, sort_keys=True) + "\n").encode()


def as_mo(catalogue: Catalog) -> bytes:
    """Python's form of a catalogue (gettext's ``.mo``)."""
    out = io.BytesIO()
    write_mo(out, catalogue)
    return out.getvalue()


def outputs() -> dict[Path, bytes]:
    """Every compiled file and what it should hold."""
    files: dict[Path, bytes] = {}
    for language in LANGUAGES:
        catalogue = merged(language)
        files[LOCALE / language / "LC_MESSAGES" / "unoverse.mo"] = as_mo(catalogue)
        files[WEB / f"{language}.json"] = as_json(catalogue)
    return files


def keys_used() -> dict[str, list[str]]:
    """Every key named literally in the code, with where (``path:line``). A key has an area
    and a dot (``log.uno``): a string without one is not a key (``t["seat"]`` reads a
    mapping named ``t``), nor is a template that builds one at run time (``log.${kind}``,
    whose keys ``tests/test_catalogues.py`` checks from the vocabulary)."""
    method_map = [
        ("**/i18n/**", "ignore"),
        ("**/vendor/**", "ignore"),
        ("**.py", "python"),
        ("**.js", "javascript"),
    ]
    found: dict[str, list[str]] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # f-strings: keys built at run time
        for path, line, message, _comments, _context in extract_from_dir(
            str(PACKAGE), method_map, keywords=KEYWORDS, comment_tags=()
        ):
            key = key_of(message)
            if KEY.fullmatch(key):
                found.setdefault(key, []).append(f"{path}:{line}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 unless up to date")
    args = parser.parse_args(argv)
    stale = []
    for path, data in outputs().items():
        if args.check:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(path.relative_to(ROOT))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    if stale:
        print("out of date (run tools/catalogues.py):", *stale, sep="\n  ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
