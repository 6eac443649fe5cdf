"""axe-core (the copy axe-playwright-python carries, injected by Playwright: never served by
the site) finds no serious or critical violation on the screens a player meets: the lobby
with its house rules open, a live table, its dialogs (rules, keys, settings, Full Spectrum's
colour circle), a round's results, a one-round game's end and an ended room's link."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .browser import QUICK, Site, seated
from .ended import decided, open_ended, show_results, table_state
from .modules import render, site_page
from .test_access import serious


def clean(page: Page, where: str) -> None:
    found = serious(page)
    assert found == [], f"{where}: {found}"


def test_the_table_and_its_dialogs_pass(browser: Browser, site: Site) -> None:
    code, [(seat, token)] = site.room("classic", ["Ana"], {1: QUICK, 2: QUICK})
    context, page = seated(browser, site, code, seat, token, "Ana")
    try:
        expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        clean(page, "the table")
        for panel in ("Rules", "Keys", "Settings"):
            page.locator(".topbar").get_by_role("button", name=panel).click()
            dialog = page.get_by_role("dialog")
            expect(dialog).to_be_visible()
            if panel == "Rules":
                expect(dialog.locator(".rules")).to_be_visible()
            clean(page, f"the {panel} dialog")
            dialog.get_by_role("button", name="Close").click()
            expect(dialog).to_have_count(0)
    finally:
        context.close()


def test_the_colour_circle_and_the_results_pass(browser: Browser, site: Site) -> None:
    with site_page(browser, site.base) as page:
        options = [
            {
                "text": f"W:{c}",
                "kind": "play",
                "cards": ["W"],
                "color": c,
                "uno": False,
                "keep": False,
            }
            for c in "ROYGTBVP"
        ]
        render(page, "spectrum.js", "ColorChoice", {"options": options, "onPick": None})
        expect(page.locator("#probe [role=button]")).to_have_count(8)
        clean(page, "the colour circle")
        render(page, "spectrum.js", "Spectrum", {"color": "T", "steps": ["G", "B"]})
        clean(page, "the table's circle")
        over = {
            "game": 7,
            "winner": 2,
            "leftovers": [0, 0, 187],
            "scores": [0, 0, 0],
            "eliminated": [0, 1],
        }
        show_results(page, table_state("blast", "none", over))
        expect(page.locator("#probe .results-table")).to_be_visible()
        clean(page, "Blast's results")


def test_a_games_end_and_an_ended_room_pass(browser: Browser, site: Site) -> None:
    with decided(browser, site) as (_code, page):
        expect(page.locator(".results .results-table")).to_be_visible()
        clean(page, "a game's results")
        open_ended(page, site)
        clean(page, "an ended room")


def test_the_colour_circle_names_its_colours_and_takes_the_keys(
    browser: Browser, site: Site
) -> None:
    site.seeds.append(15)  # Ana, first to play, holds a wild
    slow = "easy:median_ms=60000"
    code, [(seat, token)] = site.room("full_spectrum", ["Ana"], {1: slow, 2: slow})
    context, page = seated(browser, site, code, seat, token, "Ana")
    try:
        expect(page.locator(".prompt.mine")).to_be_visible(timeout=15_000)
        page.locator(".hand-slot[data-card='W'] button").first.click()
        circle = page.get_by_role("dialog").locator(".chooser-circle")
        expect(circle).to_be_visible()
        wedges = circle.get_by_role("button")
        names = ["red", "orange", "yellow", "green", "turquoise", "blue", "purple", "pink"]
        expect(wedges).to_have_count(8)
        for i, colour in enumerate(names):
            expect(wedges.nth(i)).to_have_accessible_name(f"Declare {colour}")
            expect(wedges.nth(i)).to_have_text(colour)  # the wedge's own label
        box = circle.bounding_box()
        assert box is not None and box["width"] >= 250, box  # no longer a 64 px badge
        clean(page, "the colour choice")
        # the focus starts on the first wedge; the arrows go round; Tab goes on
        focused = "document.activeElement.getAttribute('aria-label')"
        assert page.evaluate(focused) == "Declare red"
        page.keyboard.press("ArrowRight")
        assert page.evaluate(focused) == "Declare orange"
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        assert page.evaluate(focused) == "Declare pink"
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(focused) == "Declare purple"
        page.keyboard.press("Enter")
        expect(page.get_by_role("dialog")).to_have_count(0)
        line = page.locator(".log-lines li", has_text="Ana plays")
        expect(line.first).to_contain_text("declaring purple")
        expect(line.first.get_by_role("img", name="wild, declared purple")).to_be_visible()
    finally:
        context.close()
