"""Screenshots of the table's panels for docs/screenshots/: the log in BLAST mode, the
results of a Classic round, of an UNO Blast game and of a one-round Full Spectrum game, an
ended room's link, and Full Spectrum's colour circle (on the table and as the chooser), each
at 1366×768 and at 390×844.

Against a server in this process (tests/web/browser.py's, quick bots), the page played as a
person would. The ended room's listing is the example of docs/protocol.md served to the
page (a room ends after hours without anyone). ``python tools/web_panel_shots.py
[--out docs/screenshots] [--only NAME]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "src"))

from playwright.sync_api import Browser, Page, Route, expect, sync_playwright  # noqa: E402

from web.browser import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    QUICK,
    Site,
    play_until,
    seated,
    serve,
    take_a_turn,
)
from web.test_results_ended import ENDED  # noqa: E402

SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


def table(browser: Browser, site: Site, preset: str, bots: int, size: str) -> Page:
    code, [(seat, token)] = site.room(preset, ["Ana"], {i + 1: QUICK for i in range(bots)})
    _, page = seated(browser, site, code, seat, token, "Ana", viewport=SIZES[size])
    expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
    return page


def to_results(page: Page) -> None:
    play_until([page], lambda: page.locator(".results").count() > 0, limit_s=600)
    expect(page.locator(".results .results-table")).to_be_visible()


def log(browser: Browser, site: Site, size: str) -> Page:
    page = table(browser, site, "blast+mode=blast", 3, size)
    deadline = time.monotonic() + 12
    while time.monotonic() < deadline and not page.locator(".results").count():
        take_a_turn(page)
        time.sleep(0.3)
    page.evaluate("document.querySelector('.log').scrollIntoView({block: 'start'})")
    return page


def results_classic(browser: Browser, site: Site, size: str) -> Page:
    page = table(browser, site, "classic", 2, size)
    to_results(page)
    return page


def results_blast(browser: Browser, site: Site, size: str) -> Page:
    page = table(browser, site, "blast", 3, size)
    to_results(page)
    return page


def results_one_round(browser: Browser, site: Site, size: str) -> Page:
    page = table(browser, site, "full_spectrum", 2, size)
    to_results(page)
    return page


def ended(browser: Browser, site: Site, size: str) -> Page:
    page = browser.new_context(viewport=SIZES[size]).new_page()

    def listing(route: Route) -> None:
        route.fulfill(status=200, content_type="application/json", body=json.dumps(ENDED))

    page.route("**/api/rooms/ENDEDRM1", listing)
    page.goto(f"{site.base}/?room=ENDEDRM1")
    expect(page.locator(".stored-results")).to_be_visible(timeout=15_000)
    return page


def fs_circle(browser: Browser, site: Site, size: str) -> Page:
    """A Full Spectrum table, played until a wild's colour is to be chosen (a new table if
    the game ends first)."""
    for _ in range(8):
        page = table(browser, site, "full_spectrum", 2, size)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not page.locator(".results").count():
            if page.locator(".chooser-circle").count():
                page.keyboard.press("ArrowRight")  # the focus on a wedge, as a keyboard leaves it
                return page
            wild = page.locator(".hand-slot[data-playable='true'][data-card^='W'] button")
            if page.locator(".prompt.mine").count() and wild.count():
                wild.first.click()
            else:
                take_a_turn(page)
            time.sleep(0.2)
        page.context.close()
    raise AssertionError("no wild came to be played")


def fs_circle_table(browser: Browser, site: Site, size: str) -> Page:
    """Full Spectrum's circle on the table: the active colour and its chromatic steps."""
    page = table(browser, site, "full_spectrum", 2, size)
    expect(page.locator(".center .fs-circle")).to_be_visible(timeout=15_000)
    page.locator(".center .fs-circle").scroll_into_view_if_needed()
    return page


SHOTS: dict[str, Callable[[Browser, Site, str], Page]] = {
    "log": log,
    "results-classic": results_classic,
    "results-blast": results_blast,
    "results-one-round": results_one_round,
    "ended-room": ended,
    "fs-circle": fs_circle,
    "fs-circle-table": fs_circle_table,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--only", choices=sorted(SHOTS), action="append")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for site in serve(Path(tmp)):
            for name in args.only or SHOTS:
                for size in SIZES:
                    page: Any = SHOTS[name](browser, site, size)
                    path = args.out / f"{name}-{size}.png"
                    page.screenshot(path=str(path))
                    print(path)
                    page.context.close()
        browser.close()


if __name__ == "__main__":
    main()
