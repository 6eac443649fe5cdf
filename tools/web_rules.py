"""Build the browser client's rules panel (``src/unoverse/web/static/rules.json``) from the docs.

The panel's text is written once, in ``docs/rules/``: each variant's decision document opens
with a ``## How to play`` section for players (``docs/rules/<variant>.md``, the file named
after the engine's variant name with ``-`` for ``_``: ``full_spectrum`` is
``full-spectrum.md``), and ``docs/rules/first-game.md`` walks a new player through a first
game. This script takes each ``## How to play`` section (up to the next ``#`` or ``##``
heading) and the walkthrough (everything after its ``#`` title), renders them to HTML with
markdown-it-py in CommonMark mode with raw HTML off (so any ``<tag>`` in the source is escaped,
never passed through), and writes::

    {"variants": {"classic": {"title": ..., "html": ..., "markdown": ...}, ...},
     "first_game": {"title": "Your first game", "html": ...}}

Every variant in the engine registry (``unoverse.core.registry.variants()``) gets an entry,
under its engine name and with its registry ``title``; a variant without a document or without
the section is an error. The output is deterministic (sorted keys, ``indent=1``, UTF-8, a
trailing newline), so ``--check`` can compare it byte for byte.

    .venv/bin/python tools/web_rules.py          # write rules.json
    .venv/bin/python tools/web_rules.py --check  # exit 1 unless rules.json is up to date
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt

from unoverse.core.registry import variants

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "rules"
OUT = ROOT / "src" / "unoverse" / "web" / "static" / "rules.json"
FIRST_GAME = DOCS / "first-game.md"
#: The heading of the players' section in each variant's document.
SECTION = "How to play"


class RulesError(Exception):
    """A document the panel needs is missing or has no section to take."""


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


def how_to_play(path: Path) -> str:
    """The Markdown of ``path``'s ``## How to play`` section, without its heading, up to the
    next ``#`` or ``##`` heading."""
    if not path.is_file():
        raise RulesError(f"{path.relative_to(ROOT)} is missing")
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    headings = _headings(lines)
    for k, (level, start, text) in enumerate(headings):
        if level == 2 and text == SECTION:
            end = headings[k + 1][1] if k + 1 < len(headings) else len(lines)
            body = "".join(lines[start + 1 : end]).strip()
            if not body:
                raise RulesError(f"{path.relative_to(ROOT)}: '## {SECTION}' is empty")
            return body + "\n"
    raise RulesError(f"{path.relative_to(ROOT)} has no '## {SECTION}' section")


def first_game(path: Path = FIRST_GAME) -> tuple[str, str]:
    """The walkthrough's title (its ``#`` heading) and the Markdown after it."""
    if not path.is_file():
        raise RulesError(f"{path.relative_to(ROOT)} is missing")
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    headings = _headings(lines)
    if not headings or headings[0][0] != 1:
        raise RulesError(f"{path.relative_to(ROOT)} does not open with a '# ' title")
    _, start, title = headings[0]
    body = "".join(lines[start + 1 :]).strip()
    if not body:
        raise RulesError(f"{path.relative_to(ROOT)} has nothing after its title")
    return title, body + "\n"


def document(variant: str) -> Path:
    """The decision document of the engine's variant ``variant`` (RULES.md E-5)."""
    return DOCS / f"{variant.replace('_', '-')}.md"


def build() -> dict[str, Any]:
    """The panel's data: every registry variant's section and the walkthrough, as HTML
    (the terminal game's rules screen shows each variant's section from its Markdown)."""
    pages = {}
    for v in variants():
        markdown = how_to_play(document(v.name))
        pages[v.name] = {"title": v.title, "html": render(markdown), "markdown": markdown}
    title, body = first_game()
    return {"variants": pages, "first_game": {"title": title, "html": render(body)}}


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
