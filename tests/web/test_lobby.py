"""The lobby through the page: a room created with the form (a quick start, a house rule, a
seat left for a friend), joined by its link, a bot seated from the waiting table, the match
started by the host; the public list; and refusals said in words."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Browser, expect

from .browser import Site


def test_create_share_join_and_start_through_the_page(browser: Browser, site: Site) -> None:
    host_context, friend_context = browser.new_context(), browser.new_context()
    try:
        host = host_context.new_page()
        host.goto(site.base + "/")
        host.get_by_label("Name shown at the table").fill("Ana")
        host.get_by_role("button", name=re.compile("^Classic with jump-in")).click()
        host.get_by_label("Seats").select_option("3")
        host.get_by_label("Seat 2").select_option("player")
        host.get_by_label("Seat 3").select_option("player")  # the bot comes later
        host.locator("details.options summary").click()
        host.locator("#opt-stacking").select_option("progressive")
        expect(host.locator(".preset-line")).to_have_text(
            "Rules: Classic UNO (Stacking: any draw card, Jump-in)"
        )
        host.get_by_label("Bots' pace").select_option("fast")
        host.get_by_label("List it publicly").check()
        host.get_by_role("button", name="Create the room").click()
        expect(host).to_have_url(re.compile(r"\?room=[A-Z0-9]+$"))
        expect(host.locator(".lobby")).to_contain_text("bots' pace fast")
        link = host.get_by_label("Invite with this link").input_value()
        code = link.rsplit("=", 1)[1]
        assert httpx.get(f"{site.base}/api/rooms/{code}").json()["bot_speed"] == "fast"

        friend = friend_context.new_page()
        friend.goto(site.base + "/")
        row = friend.locator(".rooms li", has_text="classic")
        # the house rules before joining, in words
        expect(row).to_contain_text("Stacking: any draw card, Jump-in")
        friend.goto(link)
        friend.get_by_label("Your name").fill("Bo")
        friend.get_by_role("button", name="Take a seat").click()
        expect(friend.locator(".seat-list")).to_contain_text("Bo")
        expect(host.locator(".seat-list")).to_contain_text("Bo")

        start = host.get_by_role("button", name=re.compile("Waiting for 1 more|Start the match"))
        expect(start).to_be_disabled()
        host.get_by_role("button", name="+ easy bot").click()
        host.get_by_role("button", name="Start the match").click()
        for page in (host, friend):
            expect(page.locator(".hand-slot")).to_have_count(7, timeout=15_000)
            expect(page.locator(".seat")).to_have_count(2)
    finally:
        host_context.close()
        friend_context.close()


def test_refusals_are_said_in_words(browser: Browser, site: Site) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(site.base + "/")
        page.get_by_label("Name shown at the table").fill("")
        page.get_by_role("button", name="Create the room").click()
        expect(page.get_by_role("alert")).to_contain_text("Choose a name first")
        page.goto(site.base + "/?room=NOPE42")
        expect(page.get_by_role("alert")).to_contain_text(re.compile("no room", re.I))
    finally:
        context.close()
