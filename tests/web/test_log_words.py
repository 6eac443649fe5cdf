"""The browser's log and the Python log say the same, in both languages: ``events.js`` and
``unoverse.core.sentences`` compose the catalogue's ``log.*`` keys in two places, so every
branch of both is compared here, event by event, on events built from the vocabulary."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from unoverse import i18n
from unoverse.core.cards import CARD_TEXT
from unoverse.core.events import SCHEMA, Event
from unoverse.core.sentences import describe

from .browser import Site
from .modules import call, site_page

pytestmark = pytest.mark.any_build

#: Each field's values to try: enough to reach every branch of both logs.
VALUES: dict[str, tuple[object, ...]] = {
    "seat": (1, None),
    "cards": ((5, 30), (5,), ()),
    "count": (0, 1, 3),
    "color": (-1, 2),
    "target": (2,),
    "number": (-1, 7),
    "direction": (1, -1),
    "guilty": (False, True),
    "until_fire": (False, True),
    "action": ("", "draw"),
}


def events() -> Iterator[Event]:
    """Every kind with every combination of the values of the fields it uses."""
    for kind, spec in SCHEMA.items():
        used = [f for f in spec.fields_used if f != "reason"]
        reasons = spec.reasons or ("",)
        for combo in itertools.product(*(VALUES[f] for f in used), reasons):
            fields = dict(zip(used, combo[:-1], strict=True))
            if kind == "simultaneous" and len(fields.get("cards", (5, 30))) < 2:  # type: ignore[arg-type]
                continue  # a race names both cards, always
            yield Event(kind, **fields, reason=combo[-1])  # type: ignore[arg-type]


JS = """
const [lang, items] = args;
const words = await load("words.js");
const { pieces } = await load("events.js");
await words.loadWords(lang);
const name = (seat) => (seat == null ? "nobody" : `Seat ${seat}`);
return items.map((e) =>
  pieces(e, name).pieces.map((p) => (typeof p === "string" ? p : `<${p.card}>`)).join(""));
"""


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_page_words_every_event_as_the_python_log_does(
    browser: Browser, site: Site, lang: str
) -> None:
    every = list(events())
    assert {e.kind for e in every} == set(SCHEMA)
    with site_page(browser, site.base) as page:
        said = call(page, JS, lang, [e.to_dict() for e in every])
        words = i18n.words(lang)
        for event, line in zip(every, said, strict=True):
            expected = describe(
                event,
                name=lambda seat: "nobody" if seat is None else f"Seat {seat}",
                card=lambda c: f"<{CARD_TEXT[c]}>",
                words=words,
            )
            assert line == expected, event
        call(page, 'const w = await load("words.js"); await w.loadWords("en");')
