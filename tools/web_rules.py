"""Build the browser client's rules panel (``src/unoverse/web/static/rules.json``) from the docs.

The panel's text is written once per language, in ``docs/rules/``: each variant's decision
document opens with a ``## How to play`` section for players (``docs/rules/<variant>.md``, the
file named after the engine's variant name with ``-`` for ``_``: ``full_spectrum`` is
``full-spectrum.md``), and ``docs/rules/first-game.md`` walks a new player through a first
game. The Spanish ones are in ``docs/rules/es/`` under the same file names: each variant's
document is its ``# `` title (the variant's Spanish title) and a ``## Cómo se juega`` section,
and ``first-game.md`` the walkthrough. This script takes each players' section (up to the next
``#`` or ``##`` heading) and each walkthrough (everything after its ``#`` title), renders them
to HTML with markdown-it-py in CommonMark mode with raw HTML off (so any ``<tag>`` in the
source is escaped, never passed through), and writes one entry per language code, each of the
same shape::

    {"en": {"variants": {"classic": {"title": ..., "html": ..., "terminal": ...}, ...},
            "first_game": {"title": "Your first game", "html": ...}},
     "es": {"variants": {"classic": {"title": "UNO clásico (...)", ...}, ...},
            "first_game": {"title": "Tu primera partida", "html": ...}}}

A reader picks its language's entry (``data[lang]``, falling back to ``data["en"]``) and reads
it as before. Every variant in the engine registry (``unoverse.core.registry.variants()``) gets
an entry in every language, under its engine name; its English title is the registry
``title``, its title in another language the ``# `` heading of that language's document. A
variant without a document or without the section, in any language, is an error. The output
is deterministic (sorted keys, ``indent=1``, UTF-8, a trailing newline), so ``--check`` can
compare it byte for byte.

A section has two readers: the page (``html``) and the terminal game's rules screen
(``terminal``). Where the page's words speak of its pointer and buttons, the section says
what the terminal says instead, in HTML comments, which the page's HTML and GitHub leave out
(``readers``)::

    press the launcher <!-- page -->(click it, or D)<!-- terminal: ({press}) -->: it may fire
    Press **UNO!**<!-- terminal: ({uno}) --> when you play your second-to-last card

The first form replaces the page's words (an empty terminal text leaves them out); the second
adds words after the one it follows, a space between. The terminal's text is a format string
whose fields name keys (``{press}``: an action's kind, ``{hold}``: a binding's action), filled
in by the terminal from its own keys; a brace of the page's words is doubled in it.

    .venv/bin/python tools/web_rules.py          # write rules.json
    .venv/bin/python tools/web_rules.py --check  # exit 1 unless rules.json is up to date
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, NamedTuple

from markdown_it import MarkdownIt

from unoverse.core.registry import variants

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "rules"
OUT = ROOT / "src" / "unoverse" / "web" / "static" / "rules.json"
FIRST_GAME = DOCS / "first-game.md"
#: The heading of the players' section in each variant's document.
SECTION = "How to play"
#: The marks of the terminal's words in a players' section (``readers``): an HTML comment
#: that holds ``page``, or ``terminal:`` and the terminal's words.
OPEN, CLOSE = "<!--", "-->"
PAGE, TERMINAL = "page", "terminal:"


class Language(NamedTuple):
    """Where one language's documents are and what their players' section is called."""

    code: str
    docs: Path
    section: str
    #: True: a variant's title is its ``# `` heading in this language's document; False: the
    #: registry's (English) title.
    titled_by_document: bool


#: The panel's languages, English first (the one readers fall back to).
LANGUAGES = (
    Language("en", DOCS, SECTION, titled_by_document=False),
    Language("es", DOCS / "es", "Cómo se juega", titled_by_document=True),
)


class RulesError(Exception):
    """A document the panel needs is missing or has no section to take."""


def _where(path: Path) -> str:
    """``path`` for a message: from the repository's root when it is inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _markdown() -> MarkdownIt:
    """CommonMark with raw HTML off: ``<script>`` in a document comes out as text."""
    return MarkdownIt("commonmark", {"html": False})


def render(markdown: str) -> str:
    """``markdown`` as HTML (raw HTML in it escaped)."""
    html: str = _markdown().render(markdown)  # markdown-it-py types render() as Any
    return html


def _headings(lines: list[str]) -> list[tuple[int, int, str]]:
    """Every ``#`` and ``##`` heading of a document: (its level, its first line, its text).
    Read with the parser, so a ``#`` line inside a code block is not a heading."""
    tokens = _markdown().parse("".join(lines))
    found: list[tuple[int, int, str]] = []
    for i, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag in ("h1", "h2") and token.map:
            found.append((int(token.tag[1]), token.map[0], tokens[i + 1].content.strip()))
    return found


def _read(path: Path) -> tuple[list[str], list[tuple[int, int, str]]]:
    """``path``'s lines and headings; an error if it is missing."""
    if not path.is_file():
        raise RulesError(f"{_where(path)} is missing")
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    return lines, _headings(lines)


def how_to_play(path: Path, section: str = SECTION) -> str:
    """The Markdown of ``path``'s ``## <section>`` section (``## How to play`` unless told),
    without its heading, up to the next ``#`` or ``##`` heading."""
    lines, headings = _read(path)
    for k, (level, start, text) in enumerate(headings):
        if level == 2 and text == section:
            end = headings[k + 1][1] if k + 1 < len(headings) else len(lines)
            body = "".join(lines[start + 1 : end]).strip()
            if not body:
                raise RulesError(f"{_where(path)}: '## {section}' is empty")
            return body + "\n"
    raise RulesError(f"{_where(path)} has no '## {section}' section")


def _literal(words: str) -> str:
    """The page's ``words`` in the terminal's text, a format string: braces doubled."""
    return words.replace("{", "{{").replace("}", "}}")


def readers(markdown: str, path: Path) -> tuple[str, str]:
    """``markdown``, a players' section of ``path``, as the page reads it (the terminal's
    words left out) and as the terminal does (its words instead of the page's, or added):
    see the module's docstring. An error: a mark that begins a line (GitHub would read an
    HTML block there and show the rest of the line as HTML), any other comment, a page's
    words without the terminal's, and words added after a space or none."""
    where = _where(path)
    for number, line in enumerate(markdown.splitlines(), 1):
        if line.lstrip().startswith(OPEN):
            raise RulesError(f"{where}: line {number} of the section begins with a mark")
    page: list[str] = []
    terminal: list[str] = []
    waiting = False  # after a page mark: the page's words, up to the terminal's
    rest = markdown
    while (start := rest.find(OPEN)) >= 0:
        end = rest.find(CLOSE, start)
        if end < 0:
            raise RulesError(f"{where}: a comment is not closed")
        words, body = rest[:start], rest[start + len(OPEN) : end].strip()
        rest = rest[end + len(CLOSE) :]
        said = body.removeprefix(TERMINAL).strip()
        page.append(words)
        if body == PAGE and not waiting:
            terminal.append(_literal(words))
            waiting = True
        elif body.startswith(TERMINAL) and waiting:
            terminal.append(said)
            waiting = False
        elif body.startswith(TERMINAL) and said and words[-1:].strip():
            terminal.append(f"{_literal(words)} {said}")
        else:
            raise RulesError(f"{where}: '{OPEN} {body} {CLOSE}' is out of place")
    if waiting:
        raise RulesError(f"{where}: a '{OPEN} {PAGE} {CLOSE}' has no terminal's words after it")
    page.append(rest)
    terminal.append(_literal(rest))
    return "".join(page), "".join(terminal)


def title(path: Path) -> str:
    """The text of ``path``'s ``#`` title, which must be its first heading."""
    _, headings = _read(path)
    if not headings or headings[0][0] != 1 or not headings[0][2]:
        raise RulesError(f"{_where(path)} does not open with a '# ' title")
    return headings[0][2]


def first_game(path: Path = FIRST_GAME) -> tuple[str, str]:
    """The walkthrough's title (its ``#`` heading) and the Markdown after it."""
    lines, headings = _read(path)
    if not headings or headings[0][0] != 1:
        raise RulesError(f"{_where(path)} does not open with a '# ' title")
    _, start, heading = headings[0]
    body = "".join(lines[start + 1 :]).strip()
    if not body:
        raise RulesError(f"{_where(path)} has nothing after its title")
    return heading, body + "\n"


def document(variant: str, docs: Path = DOCS) -> Path:
    """The document of the engine's variant ``variant`` in ``docs`` (the English decision
    document unless told; RULES.md E-5)."""
    return docs / f"{variant.replace('_', '-')}.md"


def pages(language: Language) -> dict[str, Any]:
    """One language's pages: every registry variant's section, as HTML for the page and as
    the terminal's text for the terminal game's rules screen (``readers``), and the
    walkthrough, as HTML."""
    found = {}
    for v in variants():
        path = document(v.name, language.docs)
        page, terminal = readers(how_to_play(path, language.section), path)
        name = title(path) if language.titled_by_document else v.title
        found[v.name] = {"title": name, "html": render(page), "terminal": terminal}
    heading, body = first_game(language.docs / FIRST_GAME.name)
    return {"variants": found, "first_game": {"title": heading, "html": render(body)}}


def build() -> dict[str, Any]:
    """The panel's data: each language's pages under its code."""
    return {language.code: pages(language) for language in LANGUAGES}


def generate() -> str:
    """The text ``rules.json`` must hold."""
    return json.dumps(build(), sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--check", action="store_true", help="exit 1 unless rules.json is what the docs give"
    )
    args = parser.parse_args(argv)
    where = OUT.relative_to(ROOT)
    try:
        text = generate()
    except RulesError as error:
        print(f"web_rules: {error}", file=sys.stderr)
        return 2
    if args.check:
        current = OUT.read_bytes().decode("utf-8") if OUT.is_file() else None
        if current != text:
            state = "is missing" if current is None else "is out of date"
            print(f"{where} {state}: run python tools/web_rules.py", file=sys.stderr)
            return 1
        print(f"{where} is up to date")
        return 0
    OUT.write_bytes(text.encode("utf-8"))
    print(f"wrote {where} ({len(text)} characters)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
