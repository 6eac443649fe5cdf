"""What a page may show: one player's page and its websocket never carry another player's
hidden cards, and names and chat lines containing markup are shown as text."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from unoverse.core.events import PRIVATE, SCHEMA, SPLIT

from .browser import QUICK, Site, play_until, seated


def test_a_page_never_receives_another_players_hidden_cards(browser: Browser, site: Site) -> None:
    code, joined = site.room("classic+scoring=none", ["Ana", "Bo"], {2: QUICK})
    (s0, t0), (s1, t1) = joined
    frames: list[dict[str, Any]] = []

    def listen(page: Page) -> None:  # from the first frame
        page.on(
            "websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(json.loads(f)))
        )

    ana_context, ana = seated(browser, site, code, s0, t0, "Ana", listen)
    bo_context, bo = seated(browser, site, code, s1, t1, "Bo")
    try:
        expect(ana.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        play_until([ana, bo], lambda: ana.locator(".results").count() > 0)
        updates = [f for f in frames if f["type"] == "update"]
        assert len(updates) > 10
        for frame in updates:
            assert frame["view"]["seat"] == s0
            for event in frame["events"]:
                vis = SCHEMA[event["kind"]].vis
                if event.get("seat") in (s0, None):
                    continue
                assert vis != PRIVATE or event.get("target") == s0, event
                if vis == SPLIT:
                    assert event["cards"] == [], event
        # the log words other seats' draws as counts, never as cards
        for line in ana.locator(".log li").all_inner_texts():
            if (
                line.startswith("Bo ")
                and (" draws " in line or " is dealt " in line)
                and "dealer" not in line
            ):
                assert re.search(r"(draws|is dealt) \d+ cards?\b", line), line
        # and the only hand on the page is Ana's own
        shown = ana.locator(".hand-slot").evaluate_all("els => els.map(e => e.dataset.card)")
        last = next(f for f in reversed(updates))
        assert sorted(shown) == sorted(last["view"]["hand"])
    finally:
        ana_context.close()
        bo_context.close()


def test_markup_in_names_and_chat_is_shown_as_text(browser: Browser, site: Site) -> None:
    evil = "<b>Bo</b>"
    code, joined = site.room("classic", ["Ana", evil], {2: QUICK})
    (s0, t0), (s1, t1) = joined
    ana_context, ana = seated(browser, site, code, s0, t0, "Ana")
    bo_context, bo = seated(browser, site, code, s1, t1, evil)
    try:
        expect(bo.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        line = '<img src=x onerror="document.body.dataset.owned=1">hi'
        bo.get_by_label("Message").fill(line)
        bo.get_by_role("button", name="Send").click()
        expect(ana.locator(".chat li").last).to_contain_text(line, timeout=10_000)
        expect(ana.locator(".seats")).to_contain_text(evil)
        assert ana.locator(".chat img, .seats b, .log b").count() == 0
        assert ana.evaluate("document.body.dataset.owned") is None
    finally:
        ana_context.close()
        bo_context.close()
