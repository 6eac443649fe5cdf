"""The log in the real browser: a race is one line (the race frames of one state, and the
race events of one update), cards are drawn as small cards named for screen readers, and a
stand-in bot's moves are labelled "(stand-in)" from ``update.stand_in``."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from server.players import FAST

from .browser import QUICK, Site, ThreadServer, seated, take_a_turn
from .modules import call, render, site_page

#: The frames of a round (as the server sends them) folded by the page's own reducer.
FOLD = """
const { initial, reduce } = await load("game.js");
let state = { ...initial, room: { variant: "blast", seats: [] } };
for (const frame of args[0]) state = reduce(state, frame);
return state;
"""


def race(version: int, first: int, late: int, by_ms: float, accepted: bool) -> dict[str, object]:
    return {
        "type": "race",
        "game": 1,
        "version": version,
        "first": first,
        "kind": "play",
        "late": late,
        "by_ms": by_ms,
        "accepted": accepted,
    }


def update(
    version: int, events: list[dict[str, object]], stand_in: list[int] | None = None
) -> dict[str, object]:
    frame: dict[str, object] = {
        "type": "update",
        "game": 1,
        "version": version,
        "view": None,
        "deadline": None,
        "events": events,
    }
    if stand_in is not None:
        frame["stand_in"] = stand_in
    return frame


DEAL = {"type": "deal", "game": 1, "match": 0, "round": 0, "commitment": "c"}


def test_a_race_is_one_line_with_its_cards_drawn(browser: Browser, site: Site) -> None:
    with site_page(browser, site.base) as page:
        frames = [
            DEAL,
            update(5, [{"kind": "play", "seat": 0, "cards": ["R7"]}]),
            # three late answers to the state before version 5: one race, on the line of
            # the play that won it
            race(5, 0, 1, 12.4, False),
            race(5, 0, 2, 0.4, False),
            race(5, 0, 3, 240.0, True),
            # one update in which two seats were caught holding a card: one line
            update(
                6,
                [
                    {"kind": "play", "seat": 3, "cards": ["B7"]},
                    {"kind": "simultaneous", "seat": 3, "cards": ["B7", "R7"]},
                    {"kind": "holding", "seat": 1, "cards": ["B7"], "count": 2},
                    {"kind": "holding", "seat": 2, "cards": ["B7"], "count": 2},
                ],
            ),
            # a race whose winning move is not in the log (a version not seen) has its own line
            race(8, 2, 1, 30.0, False),
        ]
        state = call(page, FOLD, frames)
        render(page, "log.js", "Log", {"state": state})
        lines = page.locator("#probe .log-lines > li")
        races = page.locator("#probe .log-lines > li.race")
        # the won play with its race, the next play, that update's race events as one line,
        # and the race of version 8
        expect(lines).to_have_count(4)
        expect(races).to_have_count(3)
        first_race = races.filter(has_text="was first to play; Seat 3 under 1 ms later")
        expect(first_race).to_have_count(1)
        text = first_race.inner_text()
        assert "Seat 1 plays" in text.split("was first")[0]  # the race on its move's line
        expect(
            races.filter(has_text="Seat 3 was first to play; Seat 2 30 ms later, refused")
        ).to_have_count(1)
        assert (
            "Seat 2 12 ms later, refused" in text
            and "Seat 4 240 ms later, applied after it" in text
        )
        held = races.filter(has_text="was holding a card")
        expect(held).to_have_count(1)
        assert held.inner_text().count("was holding a card") == 2
        assert "was too late" in held.inner_text()
        # cards are pictures named for screen readers, not notation in the text
        play = lines.filter(has_text="Seat 1 plays")
        expect(play.get_by_role("img", name="red 7")).to_have_count(1)
        assert "R7" not in page.locator("#probe").inner_text()
        expect(held.get_by_role("img", name="blue 7")).to_have_count(3)


def test_a_stand_ins_moves_are_labelled(browser: Browser, site: Site) -> None:
    with site_page(browser, site.base) as page:
        frames = [
            DEAL,
            update(3, [{"kind": "play", "seat": 1, "cards": ["G2"]}], stand_in=[1]),
            update(
                4, [{"kind": "draw", "seat": 2, "cards": [], "count": 1, "reason": ""}], stand_in=[]
            ),
            update(5, [{"kind": "play", "seat": 0, "cards": ["G5"]}]),  # an older server: no field
        ]
        state = call(page, FOLD, frames)
        render(page, "log.js", "Log", {"state": state})
        lines = page.locator("#probe .log-lines > li")
        expect(lines).to_have_count(3)
        expect(lines.filter(has_text="(stand-in)")).to_have_count(1)
        expect(lines.filter(has_text="(stand-in)")).to_contain_text("Seat 2 plays")


def test_a_live_blast_table_logs_cards_as_pictures(browser: Browser, site: Site) -> None:
    code, [(seat, token)] = site.room("blast+mode=blast", ["Ana"], {1: QUICK, 2: QUICK, 3: QUICK})
    context, page = seated(browser, site, code, seat, token, "Ana")
    try:
        expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        log = page.locator(".log-lines")
        expect(log.locator("li .mini-card").first).to_be_visible(timeout=15_000)
        # the bots race each other: the log holds the lines of many plays, every card drawn
        expect(log.locator("li").nth(20)).to_be_attached(timeout=30_000)
        text = log.inner_text()
        assert not re.search(r"\b[ROYGTBVP][0-9]\b", text), "a card is written as notation"
    finally:
        context.close()


@pytest.fixture
def quick_grace(tmp_path: Path) -> Iterator[Site]:
    """A server whose away players are stood in for after half a second of their turn."""
    settings = replace(FAST, grace_s=0.5, between_rounds_s=1.0)
    with ThreadServer(f"sqlite+aiosqlite:///{tmp_path / 'web.db'}", settings) as base:
        yield Site(base)


def test_a_live_stand_ins_moves_are_labelled(browser: Browser, quick_grace: Site) -> None:
    site = quick_grace
    code, [(ana, ana_token), _bo] = site.room("classic", ["Ana", "Bo"], start=False)
    context, page = seated(browser, site, code, ana, ana_token, "Ana")
    try:
        # Ana is at the table before the match starts: a page slower to connect than the
        # half-second grace would have her own first turn played by a stand-in
        expect(page.locator(".seat-list li").nth(ana).locator(".dot.on")).to_be_visible()
        site.post(f"/api/rooms/{code}/start", {}, ana_token)
        # Bo never comes: once his turn has waited out his grace, a bot plays it for him
        expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        marked = page.locator(".log-lines li", has_text="(stand-in)")
        # (a line of Bo's may name Ana, "Bo catches Ana": only Ana's own moves must not be marked)
        ana_moves = page.locator(".log-lines li", has_text=re.compile(r"^\s*Ana "))
        deadline = time.monotonic() + 60
        while not (marked.count() and ana_moves.count()):
            assert time.monotonic() < deadline, "no stand-in move was labelled beside Ana's"
            if page.locator(".prompt.mine").count():
                take_a_turn(page)
            time.sleep(0.1)
        expect(marked.first).to_contain_text("Bo ")
        assert not ana_moves.filter(has_text="(stand-in)").count()
    finally:
        context.close()
