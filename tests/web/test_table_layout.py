"""The table fits the screen: at 360×640, 390×844 and 1366×768, with 2, 4 and 10 seats and
hands of 1, 7 and 30 cards, every seat's box and every card of the hand lie inside the
viewport, no two seats overlap, the page does not scroll sideways, and every card keeps a
strip of its own to tap (the point in its middle is the card itself, not a neighbour); each
seat's score reads whole and covers nothing. In English and in Spanish, whose words run
longer."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .browser import Site, seated, shot
from .table_frames import Frame, Shaper, shaped, with_hand

#: Bots that let the table sit still while it is measured.
SLOW = "easy:median_ms=60000"
SIZES = {"small": (360, 640), "phone": (390, 844), "desktop": (1366, 768)}
#: The page's languages, each as its browser's locale.
LANGUAGES = {"en": "en-GB", "es": "es-ES"}
#: The screenshots kept for docs/screenshots/, with 30 cards in the hand.
SHOTS = {
    ("small", 10): "table-360-ten-seats",
    ("phone", 4): "table-390-thirty-cards",
    ("desktop", 10): "table-ten-seats",
}
#: The narrowest strip of a card left to tap, in px (hand.js keeps at least 30).
MIN_STRIP = 24

MEASURE = """() => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height};
  };
  const seats = [...document.querySelectorAll('.place')]
    .map((e) => ({seat: e.dataset.seat, ...box(e)}));
  const centre = box(document.querySelector('.ring-center'));
  const cards = [...document.querySelectorAll('.hand-slot')].map((slot) => {
    const card = slot.querySelector('.card');
    const r = card.getBoundingClientRect();
    // the strip of the card nothing covers: from its left edge to the next card's left edge
    const next = slot.nextElementSibling && slot.nextElementSibling.querySelector('.card');
    const right = next ? Math.min(r.right, next.getBoundingClientRect().left) : r.right;
    const row = slot.parentElement;
    const below = row.nextElementSibling;
    const bottom = below ? Math.min(r.bottom, below.getBoundingClientRect().top) : r.bottom;
    const x = (r.left + right) / 2, y = (r.top + bottom) / 2;
    const hit = document.elementFromPoint(x, y);
    const mine = !!hit && hit.closest('.hand-slot') === slot;
    return {...box(card), strip: right - r.left, tall: bottom - r.top, mine};
  });
  const scroll = document.documentElement.scrollWidth;
  return {seats, centre, cards, scroll, vw: innerWidth, vh: innerHeight};
}"""


def every_screen(
    browser: Browser, site: Site, code: str, seat: int, token: str, language: str = "en"
) -> Iterator[tuple[str, Page, Shaper]]:
    """Ana's table at each of ``SIZES`` in turn, in ``language``, once her hand is shown: the
    size's name, the page and its socket's shaper (the page is closed after)."""
    for size, (width, height) in SIZES.items():
        viewport = {"width": width, "height": height}
        locale = LANGUAGES[language]
        context, page, shaper = shaped(
            browser, site, code, seat, token, viewport=viewport, locale=locale
        )
        try:
            expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
            yield size, page, shaper
        finally:
            context.close()


def holding(page: Page, shaper: Shaper, change: Callable[[Frame], None], cards: int) -> None:
    """The last update again after ``change``, which leaves ``cards`` in the hand, laid out."""
    shaper.resend_update(change)
    expect(page.locator(".hand-slot")).to_have_count(cards)
    time.sleep(0.1)  # the hand measures its width once laid out


def inside(b: dict[str, Any], vw: int, vh: int) -> bool:
    return bool(
        b["x"] >= -0.5
        and b["y"] >= -0.5
        and b["x"] + b["w"] <= vw + 0.5
        and b["y"] + b["h"] <= vh + 0.5
    )


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return not (
        a["x"] + a["w"] <= b["x"] + 0.5
        or b["x"] + b["w"] <= a["x"] + 0.5
        or a["y"] + a["h"] <= b["y"] + 0.5
        or b["y"] + b["h"] <= a["y"] + 0.5
    )


def check(page: Page, what: str) -> list[str]:
    """What lies outside the viewport or is covered, in words (nothing: all is well)."""
    m = page.evaluate(MEASURE)
    vw, vh = m["vw"], m["vh"]
    wrong = []
    if m["scroll"] > vw:
        wrong.append(f"{what}: the page scrolls sideways ({m['scroll']} px)")
    for s in m["seats"]:
        if not inside(s, vw, vh):
            wrong.append(f"{what}: seat {s['seat']} is outside the viewport: {s}")
        if overlap(s, m["centre"]):
            wrong.append(f"{what}: seat {s['seat']} covers the piles")
    for i, a in enumerate(m["seats"]):
        for b in m["seats"][i + 1 :]:
            if overlap(a, b):
                wrong.append(f"{what}: seats {a['seat']} and {b['seat']} overlap")
    for i, c in enumerate(m["cards"]):
        if not inside(c, vw, vh):
            wrong.append(f"{what}: card {i} is outside the viewport: {c}")
        if c["strip"] < MIN_STRIP or c["tall"] < MIN_STRIP:
            wrong.append(f"{what}: card {i} shows {c['strip']:.0f}×{c['tall']:.0f} px")
        if not c["mine"]:
            wrong.append(f"{what}: card {i}'s strip is covered")
    return wrong


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("seats", [2, 4, 10])
def test_seats_and_hand_fit_every_screen(
    browser: Browser, site: Site, seats: int, language: str
) -> None:
    code, [(seat, token)] = site.room("classic", ["Ana"], {s: SLOW for s in range(1, seats)})
    wrong: list[str] = []
    for size, page, shaper in every_screen(browser, site, code, seat, token, language):
        expect(page.locator(".seat")).to_have_count(seats - 1)
        for cards in (1, 7, 30):
            holding(page, shaper, partial(with_hand, n=cards), cards)
            wrong += check(page, f"{language}, {size}, {seats} seats, {cards} cards")
            if cards == 30 and (size, seats) in SHOTS and language == "en":
                shot(page, SHOTS[size, seats])
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_log_stays_put_when_the_first_view_arrives(
    browser: Browser, site: Site, size: str
) -> None:
    """Before the round's first view the page draws the table's places empty, at their sizes,
    so the log and the chat do not jump when the seats and the hand arrive (a layout shift
    Lighthouse counts against the page)."""
    code, [(seat, token)] = site.room("classic", ["Ana"], {1: SLOW, 2: SLOW, 3: SLOW})
    width, height = SIZES[size]
    viewport = {"width": width, "height": height}
    shaper = Shaper()
    shaper.shape = lambda frame: None if frame["type"] == "update" else frame  # held back
    context, page = seated(
        browser,
        site,
        code,
        seat,
        token,
        "Ana",
        shaper.attach,
        viewport=viewport,
        reduced_motion="no-preference",
    )
    try:
        expect(page.get_by_text("Dealing…")).to_be_visible(timeout=15_000)
        side = page.locator(".side")
        before = side.bounding_box()
        shaper.shape = lambda frame: frame
        shaper.send(shaper.last["update"])
        expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        after = side.bounding_box()
        assert before is not None and after is not None
        assert abs(after["y"] - before["y"]) <= 40, (before, after)
        assert abs(after["x"] - before["x"]) <= 1, (before, after)
    finally:
        context.close()


#: Each variant's table besides Classic's (its own widgets: Attack's launcher, Full
#: Spectrum's colour circle, Blast's pile and BLAST mode's live state).
VARIANTS = ["minecraft", "attack", "spectrum", "blast", "blast+mode=blast"]

#: Every control of the table (not the side's log and chat): its box and its text.
CONTROLS = """() => [...document.querySelectorAll(
    '.felt button, .felt [role=button], .actions button, .prompt, .hand-slot .card')]
  .filter((e) => e.getClientRects().length)
  .map((e) => {
    const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height,
            what: e.className + ' ' + (e.textContent || '').trim().slice(0, 30)};
  })"""


def controls_outside(page: Page, what: str) -> list[str]:
    m = page.evaluate(MEASURE)
    return [
        f"{what}: {c['what']!r} is outside the viewport: {c}"
        for c in page.evaluate(CONTROLS)
        if not inside(c, m["vw"], m["vh"])
    ]


def own_cards(frame: dict[str, Any], n: int) -> None:
    """The update's view with the seat holding ``n`` cards: its own dealt cards, repeated
    (each variant's cards, drawn by its own deck's faces)."""
    view = frame["view"]
    dealt = view["hand"] or ["W"]
    view["hand"] = [dealt[i % len(dealt)] for i in range(n)]
    view["hand_sizes"][view["seat"]] = n


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("preset", VARIANTS)
def test_each_variants_table_fits_every_screen(
    browser: Browser, site: Site, preset: str, language: str
) -> None:
    code, [(seat, token)] = site.room(preset, ["Ana"], {1: SLOW, 2: SLOW, 3: SLOW})
    wrong: list[str] = []
    for size, page, shaper in every_screen(browser, site, code, seat, token, language):
        for cards in (7, 30):
            holding(page, shaper, partial(own_cards, n=cards), cards)
            what = f"{preset}, {language}, {size}, {cards} cards"
            wrong += check(page, what) + controls_outside(page, what)
    assert not wrong, "\n".join(wrong)


def catch_everyone(frame: dict[str, Any]) -> None:
    """The update's view with every other seat open to a catch (each just played its
    second-to-last card without calling UNO)."""
    view = frame["view"]
    others = [s for s in range(view["players"]) if s != view["seat"]]
    view["legal"] = [*view["legal"], *(f"catch:{s}" for s in others)]
    view["uno_open"] = others


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_catch_buttons_cover_nothing_at_ten_seats(
    browser: Browser, site: Site, language: str
) -> None:
    """With ten seats, a catch button on every other seat: each lies inside the viewport
    and covers no other seat, the piles, the prompt, the actions or the hand."""
    code, [(seat, token)] = site.room("classic", ["Ana"], {s: SLOW for s in range(1, 10)})
    wrong: list[str] = []
    for size, page, shaper in every_screen(browser, site, code, seat, token, language):
        shaper.resend_update(catch_everyone)
        expect(page.locator("button.catch")).to_have_count(9)
        boxes = page.evaluate(
            """() => {
              const box = (e, what) => {
                const r = e.getBoundingClientRect();
                return {x: r.left, y: r.top, w: r.width, h: r.height, what};
              };
              const all = (sel, what) =>
                [...document.querySelectorAll(sel)].map((e) => box(e, what));
              return {
                catches: [...document.querySelectorAll('.place')].flatMap((p) =>
                  [...p.querySelectorAll('button.catch')].map((b) =>
                    ({...box(b, 'catch'), seat: p.dataset.seat}))),
                others: [
                  ...[...document.querySelectorAll('.place')].map((p) =>
                    ({...box(p, 'seat ' + p.dataset.seat), seat: p.dataset.seat})),
                  ...all('.ring-center', 'the piles'),
                  ...all('.prompt', 'the prompt'),
                  ...all('.actions button', 'an action'),
                  ...all('.hand-slot .card', 'a card'),
                ],
                vw: innerWidth, vh: innerHeight,
              };
            }"""
        )
        for c in boxes["catches"]:
            what = f"{language}, {size}: the catch button of seat {c['seat']}"
            if not inside(c, boxes["vw"], boxes["vh"]):
                wrong.append(f"{what} is outside the viewport: {c}")
            for o in boxes["others"]:
                if o.get("seat") != c["seat"] and overlap(c, o):
                    wrong.append(f"{what} covers {o['what']}: {c} {o}")
        if size == "small" and language == "en":
            shot(page, "table-360-catch-ten-seats")
    assert not wrong, "\n".join(wrong)


#: In the page: each seat's score, its words (shown, its name and its hint) and what keeps
#: them from being read whole: a point along its middle where something else shows (a box
#: over it, or its own seat's line cutting it off), another seat's box or badge or the piles
#: under it, the viewport's edge, or its words cut short.
SCORES = """() => {
  const others = [...document.querySelectorAll('.place, .ring-center, .seat-badges .badge')];
  const apart = (r, b) =>
    r.right <= b.left + 0.5 || b.right <= r.left + 0.5 || r.bottom <= b.top + 0.5 ||
    b.bottom <= r.top + 0.5;
  const named = (o) => o.classList.contains('badge') ? `the badge ${o.textContent}`
    : o.dataset.seat ? `seat ${o.dataset.seat}` : 'the piles';
  return [...document.querySelectorAll('.place .pts')].map((e) => {
    const r = e.getBoundingClientRect();
    const place = e.closest('.place');
    const wrong = [];
    for (const x of [r.left + 2, (r.left + r.right) / 2, r.right - 2]) {
      const hit = document.elementFromPoint(x, (r.top + r.bottom) / 2);
      if (!hit || !e.contains(hit)) wrong.push(`hidden at ${Math.round(x)} px`);
    }
    for (const o of others)
      if (o !== place && !apart(r, o.getBoundingClientRect())) wrong.push(`over ${named(o)}`);
    if (r.left < 0 || r.right > innerWidth || r.bottom > innerHeight) wrong.push('off the screen');
    if (e.scrollWidth > e.clientWidth + 1) wrong.push('cut short');
    return {seat: place.dataset.seat, text: e.textContent.trim(),
            name: e.getAttribute('aria-label'), hint: e.getAttribute('title') || null, wrong};
  });
}"""


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("seats", [2, 4, 5, 6, 10])
def test_each_seats_score_reads_whole(
    browser: Browser, site: Site, seats: int, language: str
) -> None:
    """After a round, every seat shows the match's score, whole and covering nothing: in words
    ("12 points", "1 punto") where the seat has room, as a star and the number on a phone
    (its name and hint the words)."""
    code, [(seat, token)] = site.room("classic", ["Ana"], {s: SLOW for s in range(1, seats)})
    scores = [[1, 12, 140, 305, 75, 499, 9, 60, 0, 5][s] for s in range(seats)]
    unit = {"en": ("point", "points"), "es": ("punto", "puntos")}[language]
    words = [f"{n} {unit[n != 1]}" for n in scores]
    wrong: list[str] = []
    for size, page, shaper in every_screen(browser, site, code, seat, token, language):
        game = shaper.last["update"]["game"]
        over = {"type": "round_over", "game": game, "winner": 1, "leftovers": [9] * seats}
        over |= {"scores": scores, "seed": "1", "salt": "1", "commitment": ""}
        shaper.send(over | {"eliminated": None})
        shaper.send({"type": "deal", "game": game + 1, "match": 0, "round": 1, "commitment": ""})
        shaper.resend_update(lambda frame: None)  # the table again, the results gone
        expect(page.locator(".place .pts")).to_have_count(seats)
        time.sleep(0.1)  # laid out
        shown = sorted(page.evaluate(SCORES), key=lambda s: int(s["seat"]))
        what = f"{language}, {size}, {seats} seats"
        phone = size != "desktop"
        texts = [f"★ {n}" for n in scores] if phone else words
        if [s["text"] for s in shown] != texts:
            wrong.append(f"{what}: shows {[s['text'] for s in shown]}")
        if [s["name"] for s in shown] != words or [s["hint"] for s in shown] != (
            words if phone else [None] * seats
        ):
            wrong.append(f"{what}: named {[(s['name'], s['hint']) for s in shown]}")
        wrong += [
            f"{what}: seat {s['seat']}'s {s['text']!r}: {s['wrong']}" for s in shown if s["wrong"]
        ]
        wrong += check(page, f"{what}, with scores")
        if seats == 10 and language == "es" and size != "phone":
            shot(page, "table-scores-es" + ("-360" if phone else ""))
    assert not wrong, "\n".join(wrong)
