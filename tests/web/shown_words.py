"""Every word a page shows comes from a catalogue: what a page shows, collected (its visible
texts, its accessible names, its tab's title), and a judge of each text against one
language's catalogue.

A text is the catalogue's when it is a message of that language with each of its fields
filled by a text that is itself the catalogue's (``{who} juega {cards}``: a name, and cards
named by other messages), or dynamic data: a name the test chose, a number, a card's printed
mark, a colour's or a key's letter. Texts joined by punctuation (", ", "; ", " · ", " — ",
": ", " + "), or into a list as the language joins one ("a, b o c": ``list_joins``, the
browser's Intl.ListFormat), are each judged. A run of text beside an element (a card drawn
in a log line, a colour chip in a label) may be a message cut where one of its fields is
that element. English left in a Spanish page is none of these: it fails.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from playwright.sync_api import Page

from unoverse.web import STATIC

#: What a page shows: for every element drawn (not the flying cards' layer), the runs of text
#: between its child elements, each with whether an element lies before and after it; the
#: accessible names and hints of every element (drawn or not); the options of a select; the
#: tab's title.
COLLECT = """() => {
  const out = [];
  const where = (el) => el.tagName.toLowerCase() +
    (el.getAttribute("class") ? "." + el.getAttribute("class").trim().split(/\\s+/).join(".") : "");
  const drawn = (el) =>
    el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const flyers = document.getElementById("flyers");
  const named = ["aria-label", "title", "placeholder", "alt", "aria-description", "aria-valuetext"];
  for (const el of document.body.querySelectorAll("*")) {
    if (flyers && flyers.contains(el)) continue;
    if (["SCRIPT", "STYLE", "NOSCRIPT"].includes(el.tagName)) continue;
    for (const attr of named) {
      const text = el.getAttribute(attr);
      const at = `${where(el)}[${attr}]`;
      if (text && text.trim()) out.push({ text, before: false, after: false, where: at });
    }
    if (el.tagName !== "OPTION" && !drawn(el)) continue;
    let run = null;
    let before = false;
    const flush = (after) => {
      if (run !== null && run.trim()) out.push({ text: run, before, after, where: where(el) });
      run = null;
    };
    for (const node of el.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) run = (run ?? "") + node.data;
      else if (node.nodeType === Node.ELEMENT_NODE) {
        flush(true);
        before = true;
      }
    }
    flush(false);
  }
  out.push({ text: document.title, before: false, after: false, where: "the tab's title" });
  return out;
}"""

#: The marks printed on the cards' faces (cards.js: a kind's face text, an icon's glyph in the
#: log's small cards) and the game's name on a card's back: the same in every language.
MARKS = frozenset({"W", "H2", "HIT", "DA", "BL", "C", "BAR", "BO", "F", "ALL", "FIRE", "unoverse"})
#: Punctuation a text may join messages with.
SEPARATORS = ("; ", " — ", " · ", ", ", ": ", " + ")
#: In the page: what the language's lists join their items with ("a, b o c", "a y b"; and
#: the forms before a word that starts with the conjunction's sound: "u otro", "e hielo").
LIST_JOINS = """(language) => {
  const joins = new Set();
  for (const type of ["conjunction", "disjunction"]) {
    const list = new Intl.ListFormat(language, { type });
    const lists = [["a", "b", "c"], ["a", "ocho"], ["a", "otro"], ["a", "hielo"], ["a", "isla"]];
    for (const items of lists) {
      for (const part of list.formatToParts(items)) {
        if (part.type === "literal") joins.add(part.value);
      }
    }
  }
  return [...joins];
}"""
FIELD = re.compile(r"\{\w+\}")
LETTER = re.compile(r"[^\W\d_]")
SPACES = re.compile(r"\s+")


def norm(text: str) -> str:
    return SPACES.sub(" ", text).strip()


@cache
def messages(language: str) -> dict[str, str | list[str]]:
    """The compiled catalogue the page reads."""
    path = STATIC / "i18n" / f"{language}.json"
    return json.loads(path.read_text(encoding="utf-8"))["messages"]  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Shown:
    """A text the page shows, where, and whether an element lies before and after it."""

    text: str
    where: str
    before: bool = False
    after: bool = False


def shown(page: Page) -> list[Shown]:
    """Every text ``page`` shows now (``COLLECT``)."""
    return [Shown(s["text"], s["where"], s["before"], s["after"]) for s in page.evaluate(COLLECT)]


def list_joins(page: Page, language: str) -> list[str]:
    """What ``language``'s lists join their items with, as the page's browser says."""
    return page.evaluate(LIST_JOINS, language)  # type: ignore[no-any-return]


class Judge:
    """Whether a text is one language's catalogue's, or dynamic data (``names``: the names
    and the room's code the test chose)."""

    def __init__(self, language: str, names: Iterable[str], joins: Iterable[str] = ()) -> None:
        texts: list[str] = []
        for message in messages(language).values():
            for text in message if isinstance(message, list) else [message]:
                texts.append(text)
                if "|" in text:  # a card face's two lines
                    texts.extend(text.split("|"))
        # each template as its literal pieces: a field lies between two neighbours
        self.templates = sorted({tuple(FIELD.split(SPACES.sub(" ", text))) for text in texts})
        self.names = sorted(set(names), key=len, reverse=True)
        self.separators = (*SEPARATORS, *(j for j in joins if j not in SEPARATORS))
        self.memo: dict[tuple[str, bool, bool], bool] = {}

    def data(self, text: str) -> bool:
        """A name, a number, a card's mark or a letter: the same in every language."""
        if text in MARKS or re.fullmatch(r"[A-Z]", text):
            return True
        for name in self.names:
            text = text.replace(name, " ")
        return not LETTER.search(text)

    def ok(self, text: str, before: bool = False, after: bool = False) -> bool:
        """Whether ``text`` is the catalogue's (a message cut at an element's field where
        ``before`` or ``after`` says one lies beside it)."""
        text = norm(text)
        key = (text, before, after)
        if key in self.memo:
            return self.memo[key]
        self.memo[key] = False  # a text is not made of itself
        found = (
            self.data(text)
            or any(self.fits(text, pieces, before, after) for pieces in self.templates)
            or self.joined(text, before, after)
        )
        self.memo[key] = found
        return found

    def joined(self, text: str, before: bool, after: bool) -> bool:
        for sep in self.separators:
            if sep in text:
                parts = text.split(sep)
                last = len(parts) - 1
                if all(
                    self.ok(p, before and i == 0, after and i == last) for i, p in enumerate(parts)
                ):
                    return True
        return False

    def fits(self, text: str, pieces: tuple[str, ...], before: bool, after: bool) -> bool:
        """Whether ``text`` is the template of ``pieces``, or (beside an element) a stretch
        of it from a field's end to another's start."""
        n = len(pieces)
        starts = range(n) if before else (0,)
        ends = range(n) if after else (n - 1,)
        return any(self.match(text, pieces[a : b + 1]) for a in starts for b in ends if a <= b)

    def match(self, text: str, pieces: tuple[str, ...]) -> bool:
        if len(pieces) == 1:
            return text == norm(pieces[0])
        first, last = pieces[0].lstrip(), pieces[-1].rstrip()
        if not (text.startswith(first) and text.endswith(last)):
            return False
        if len(first) + len(last) > len(text):
            return False
        inner = pieces[1:-1]
        if any(p.strip() and p.strip() not in text for p in inner):
            return False
        end = len(text) - len(last)
        return self.place(text, len(first), end, [*inner, None])

    def place(self, text: str, pos: int, end: int, rest: list[str | None]) -> bool:
        """Whether the fields and literal pieces ``rest`` (None: the last field's end) fill
        ``text[pos:end]``: a field is filled by texts of the catalogue (side by side when
        no literal parts two fields)."""
        fields = 1
        while rest[0] == "":
            fields += 1
            rest = rest[1:]
        piece = rest[0]
        if piece is None:
            return self.filled(text[pos:end], fields)
        at = text.find(piece, pos)
        while 0 <= at <= end - len(piece):
            if self.filled(text[pos:at], fields) and self.place(
                text, at + len(piece), end, rest[1:]
            ):
                return True
            at = text.find(piece, at + 1)
        return False

    def filled(self, value: str, fields: int) -> bool:
        if self.ok(value):
            return True
        return fields > 1 and any(
            self.ok(value[:i]) and self.filled(value[i:], fields - 1) for i in range(1, len(value))
        )

    def foreign(self, texts: Iterable[Shown]) -> list[str]:
        """The texts that are not the catalogue's, in words."""
        return sorted(
            {
                f"{s.where}: {norm(s.text)!r}"
                for s in texts
                if not self.ok(s.text, s.before, s.after)
            }
        )
