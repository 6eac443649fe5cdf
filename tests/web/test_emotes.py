"""Emotes in the real browser: a player's emote shows for a few seconds on the sender's seat
at the other players' tables and stays in their log; the row rests after each one; a
spectator gets no row."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from .browser import Site, seated, shot


def test_an_emote_shows_on_the_senders_seat_and_in_the_log(browser: Browser, site: Site) -> None:
    code, [(ana, ana_token), (ben, ben_token)] = site.room("classic", ["Ana", "Ben"])
    ana_context, ana_page = seated(browser, site, code, ana, ana_token, "Ana")
    ben_context, ben_page = seated(browser, site, code, ben, ben_token, "Ben")
    watcher = browser.new_context()
    try:
        for page in (ana_page, ben_page):
            expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        row = ana_page.get_by_role("group", name="Send an emote")
        expect(row.get_by_role("button")).to_have_count(6)
        row.get_by_role("button", name="Well played!").click()
        # the row rests a moment: a held key cannot flood the room
        expect(row.get_by_role("button", name="Hello!")).to_be_disabled()
        seat = ben_page.locator(".seat", has_text="Ana")
        expect(seat.locator(".seat-emote")).to_have_text("Well played!", timeout=5_000)
        expect(ben_page.locator(".log-lines li.emote")).to_have_text("emoteAna: Well played!")
        expect(ben_page.locator(".emote-recent")).to_contain_text("Ana: Well played!")
        shot(ben_page, "emote-seen")
        # it goes from the seat after a few seconds, and stays in the log
        expect(seat.locator(".seat-emote")).to_have_count(0, timeout=8_000)
        expect(ben_page.locator(".log-lines li.emote")).to_have_count(1)
        expect(row.get_by_role("button", name="Hello!")).to_be_enabled()
        # a spectator sees the room's emotes but has no row to send one
        page = watcher.new_page()
        page.goto(f"{site.base}/?room={code}&watch=1")
        expect(page.locator(".seat").first).to_be_visible(timeout=15_000)
        expect(page.get_by_role("group", name="Send an emote")).to_have_count(0)
    finally:
        ana_context.close()
        ben_context.close()
        watcher.close()
