"""Everyone can play: an axe-core scan of the lobby and of the table finds no serious or
critical violation, the phone layout at 390×844 keeps every target at least 44 px and the
UNO button in view, and keyboard play reaches a card and plays it."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from .browser import QUICK, Site, hold, seated, shot


def serious(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is."""
    results = Axe().run(page)
    return [
        {"id": v["id"], "help": v["help"], "nodes": [n["target"] for n in v["nodes"][:3]]}
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def test_the_lobby_and_the_table_pass_an_accessibility_scan(browser: Browser, site: Site) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(site.base + "/")
        expect(page.get_by_role("button", name="Create the room")).to_be_visible()
        shot(page, "lobby")
        page.locator("details.options summary").click()  # the house rules, open
        assert serious(page) == []
        shot(page, "lobby-rules", full_page=True)
        # from the lobby to a table, in the same browser
        code, [(seat, token)] = site.room("classic", ["Ana"], {1: QUICK, 2: QUICK})
        hold(context, code, seat, token, "Ana")
        page.goto(f"{site.base}/?room={code}")
        expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        assert serious(page) == []
    finally:
        context.close()


def test_the_phone_layout_keeps_targets_large_and_uno_in_reach(
    browser: Browser, site: Site
) -> None:
    code, [(seat, token)] = site.room("classic", ["Ana"], {1: QUICK, 2: QUICK, 3: QUICK})
    phone: dict[str, Any] = {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
    }
    context, page = seated(browser, site, code, seat, token, "Ana", **phone)
    try:
        expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        uno = page.get_by_role("button", name="UNO!")
        expect(uno).to_be_in_viewport()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page scrolls sideways: {width} px wide"
        small = page.evaluate(
            """() => [...document.querySelectorAll('button, select, input, a')]
                .filter(e => e.offsetParent !== null)
                .map(e => [e.getAttribute('aria-label') || e.textContent.trim(),
                           e.getBoundingClientRect()])
                .filter(([, r]) => r.height < 44 || r.width < 44)
                .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""
        )
        assert small == []
        shot(page, "phone")
    finally:
        context.close()


def test_keyboard_play_reaches_a_card_and_plays_it(browser: Browser, site: Site) -> None:
    code, [(seat, token)] = site.room("classic", ["Ana"], {1: QUICK})
    context, page = seated(browser, site, code, seat, token, "Ana")
    try:
        expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        expect(page.locator(".prompt.mine")).to_be_visible(timeout=15_000)
        before = page.locator("main.table-page").get_attribute("data-version")
        page.locator(".hand-slot button").first.focus()
        for _ in range(10):
            if page.evaluate("document.activeElement.closest('[data-playable=true]') !== null"):
                break
            page.keyboard.press("ArrowRight")
        playable = page.evaluate("document.activeElement.closest('[data-playable=true]') !== null")
        page.keyboard.press("Enter" if playable else "d")
        if page.locator(".dialog .choice").count():
            page.keyboard.press("Enter")  # the first choice has the focus
        expect(page.locator("main.table-page")).not_to_have_attribute("data-version", before or "")
    finally:
        context.close()
