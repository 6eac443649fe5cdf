"""Whole games through the page in a real browser: two people and two bots play a Classic
round to its end; a spectator watches; a reload comes back to the same seat."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from .browser import QUICK, Site, play_until, seated, shot, version


def test_two_players_and_two_bots_play_a_classic_round_to_its_end(
    browser: Browser, site: Site
) -> None:
    site.seeds.append(2)  # a short round
    code, joined = site.room("classic+scoring=none", ["Ana", "Bo"], {2: QUICK, 3: QUICK})
    (s0, t0), (s1, t1) = joined
    requests: list[str] = []

    def listen(page: Page) -> None:
        page.on("request", lambda request: requests.append(request.url))

    ana_context, ana = seated(browser, site, code, s0, t0, "Ana", listen)
    bo_context, bo = seated(browser, site, code, s1, t1, "Bo")
    try:
        for page in (ana, bo):
            expect(page.locator("main.table-page[data-version]")).to_be_visible(timeout=15_000)
            expect(page.locator(".hand-slot").first).to_be_visible()
        assert ana.locator(".hand-slot").count() == 7
        shot(ana, "classic-table")
        play_until([ana, bo], lambda: ana.locator(".results").count() > 0)
        results = ana.locator(".results")
        expect(results).to_contain_text(re.compile("wins the match|wins round|wins the game"))
        expect(bo.locator(".results")).to_be_visible(timeout=10_000)
        shot(ana, "results")
        log = ana.locator(".log li")
        assert log.count() > 10
        expect(log.first).to_be_visible()
        # everything the page loaded came from the server itself
        origin = site.base.removeprefix("http://")
        assert requests and all(re.match(f"(http|ws)://{re.escape(origin)}/", u) for u in requests)
    finally:
        ana_context.close()
        bo_context.close()


def test_a_spectator_sees_the_table_and_no_hand(browser: Browser, site: Site) -> None:
    code, _ = site.room("classic", ["Ana"], {1: QUICK, 2: QUICK})
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{site.base}/?room={code}&watch=1")
        expect(page.locator("main.table-page[data-version]")).to_be_visible(timeout=15_000)
        expect(page.locator(".seat")).to_have_count(3)
        assert page.locator(".hand").count() == 0
        assert page.get_by_role("button", name="UNO!").count() == 0
    finally:
        context.close()


def test_a_lost_connection_says_so_and_comes_back(browser: Browser, site: Site) -> None:
    code, [(seat, token)] = site.room("classic", ["Ana"], {1: "easy:median_ms=60000"})
    sockets: list[WebSocketRoute] = []
    down = [False]

    def route(ws: WebSocketRoute) -> None:
        if down[0]:
            ws.close()  # the network is down: no socket gets through
            return
        ws.connect_to_server()
        sockets.append(ws)

    context, page = seated(browser, site, code, seat, token, "Ana")
    context.route_web_socket(re.compile(".*/ws$"), route)
    try:
        page.reload()
        expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        hand = page.locator(".hand-slot").count()
        down[0] = True
        sockets[-1].close()
        banner = page.locator(".connection")
        expect(banner).to_contain_text("Reconnecting")
        down[0] = False
        page.get_by_role("button", name="Retry now").click()
        expect(banner).to_have_count(0, timeout=15_000)
        expect(page.locator(".hand-slot")).to_have_count(hand)
    finally:
        context.close()


def test_a_refused_move_snaps_back_with_the_reason(browser: Browser, site: Site) -> None:
    site.seeds.append(0)  # Ana's turn first, with cards that do not fit
    code, [(seat, token)] = site.room("classic", ["Ana"], {1: QUICK})
    context, page = seated(browser, site, code, seat, token, "Ana")
    try:
        page.evaluate("localStorage.setItem('unoverse.settings', JSON.stringify({hints: false}))")
        page.reload()
        expect(page.locator(".prompt.mine")).to_be_visible(timeout=15_000)
        unplayable = page.locator(".hand-slot[data-playable='false']")
        card = unplayable.first.get_attribute("data-card")
        count = page.locator(f".hand-slot[data-card='{card}']").count()
        unplayable.first.locator("button").click()
        expect(page.locator(".toast.error")).to_contain_text("refused")
        expect(page.locator(f".hand-slot[data-card='{card}']")).to_have_count(count)
    finally:
        context.close()


def test_a_reload_comes_back_to_the_same_seat_and_hand(browser: Browser, site: Site) -> None:
    code, [(seat, token)] = site.room("classic", ["Ana"], {1: "easy:median_ms=60000"})
    context, page = seated(browser, site, code, seat, token, "Ana")
    try:
        expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        hand = page.locator(".hand-slot").evaluate_all("els => els.map(e => e.dataset.card)")
        before = version(page)
        page.reload()
        expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        again = page.locator(".hand-slot").evaluate_all("els => els.map(e => e.dataset.card)")
        assert again == hand and version(page) == before
    finally:
        context.close()


def test_the_first_cards_colour_is_chosen_with_the_chips(browser: Browser, site: Site) -> None:
    site.seeds.append(5)  # a Wild turned first: Ana declares its colour
    code, [(seat, token)] = site.room("classic", ["Ana"], {1: "easy:median_ms=60000"})
    context, page = seated(browser, site, code, seat, token, "Ana")
    try:
        chips = page.locator(".choose-color button")
        expect(chips).to_have_count(4, timeout=15_000)
        chips.first.click()
        expect(page.locator(".log li").first).to_contain_text("Ana chooses red")
    finally:
        context.close()
