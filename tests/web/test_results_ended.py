"""A room's link after its match: a newcomer opening it sees the final results (who won, the
table in the variant's terms, each round's replay) instead of "No seat is free here"; an
ended room's link says it has ended and offers no seat."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from .browser import Site, shot
from .ended import ENDED, decided, open_ended


def test_a_decided_rooms_link_shows_its_results(browser: Browser, site: Site) -> None:
    with decided(browser, site) as (code, page):
        winner = page.locator(".results h2").inner_text()
    visitor = browser.new_context()
    try:
        page = visitor.new_page()
        page.goto(f"{site.base}/?room={code}")
        results = page.locator(".stored-results")
        expect(results).to_be_visible(timeout=15_000)
        expect(results.get_by_role("heading").first).to_have_text(winner)
        expect(results.locator("tbody tr")).to_have_count(2)
        expect(results.get_by_role("link", name="replay")).to_have_count(1)
        expect(page.get_by_text("No seat is free here")).to_have_count(0)
        expect(page.get_by_role("button", name="Take a seat")).to_have_count(0)
    finally:
        visitor.close()


def test_an_ended_rooms_link_shows_its_results_and_no_seat(browser: Browser, site: Site) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        results = open_ended(page, site)
        expect(results.get_by_role("heading").first).to_have_text("Bot 3 (hard) wins the game!")
        body = results.locator("tbody tr")
        expect(body).to_have_count(3)
        assert [body.nth(i).locator("th, td").all_inner_texts() for i in range(3)] == [
            ["1", "Bot 3 (hard)", "last one standing"],
            ["2", "Bot 2 (normal)", "eliminated 2nd"],
            ["3", "Ana", "eliminated 1st"],
        ]
        expect(results.get_by_role("link", name="replay")).to_have_attribute(
            "href", f"/?room={ENDED['code']}&game=41"
        )
        expect(page.get_by_text("This room has ended: nobody can join it now.")).to_be_visible()
        expect(page.get_by_text("3 seats", exact=False)).to_be_visible()
        expect(page.get_by_role("button", name="Take a seat")).to_have_count(0)
        expect(page.get_by_role("button", name="Watch as a spectator")).to_have_count(0)
        shot(page, "ended-room")
    finally:
        context.close()
