"""Helpers for the browser tests: a server in a thread of this process (so a test chooses its
deals and its clock), rooms set up over HTTP, a browser context holding a seat, and a seat
played through the page as a person would: by its buttons."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import re
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from server.players import FAST, free_port
from unoverse.server import serving
from unoverse.server.app import create_app
from unoverse.server.live import Config

#: Where the browser is: Debian's Chromium (``.ci/run`` installs it).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu"]
#: Where the screenshots of the main screens go: a temporary folder, or the docs' own with
#: ``UNOVERSE_SCREENSHOTS=docs/screenshots .venv/bin/pytest tests/web`` (docs/web.md).
SHOTS = Path(
    os.environ.get("UNOVERSE_SCREENSHOTS") or Path(tempfile.gettempdir()) / "unoverse-screens"
)
#: Bots that answer at once.
QUICK = "easy:median_ms=5"


@dataclass
class Site:
    """A running server: its address, and the seeds its next deals take."""

    base: str
    seeds: list[int] = field(default_factory=list)

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        r = httpx.post(self.base + path, json=body, headers=headers, timeout=30)
        assert r.status_code < 300, r.text
        return r.json()

    def room(
        self,
        preset: str,
        names: list[str],
        bots: dict[int, str] | None = None,
        *,
        seats: int | None = None,
        start: bool = True,
        **settings: Any,
    ) -> tuple[str, list[tuple[int, str]]]:
        """A room with ``bots`` and the players ``names`` seated (the first is the host):
        its code and each player's (seat, token)."""
        bots = bots or {}
        n = seats or len(names) + len(bots)
        body = {"name": names[0], "preset": preset, "seats": n, "bots": bots, **settings}
        made = self.post("/api/rooms", body)
        code, joined = made["room"], [(made["seat"], made["token"])]
        for name in names[1:]:
            j = self.post(f"/api/rooms/{code}/join", {"name": name})
            joined.append((j["seat"], j["token"]))
        if start:
            self.post(f"/api/rooms/{code}/start", {}, joined[0][1])
        return code, joined


class ThreadServer:
    """The server in a thread with its own event loop."""

    def __init__(self, database: str, config: Config) -> None:
        self.port = free_port()
        app = create_app(database, config)
        self.server = uvicorn.Server(
            serving.config(app, "127.0.0.1", self.port, log_level="warning")
        )
        self.thread = threading.Thread(target=lambda: asyncio.run(self.server.serve()))

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert self.thread.is_alive(), "the server did not start"
            assert time.monotonic() < deadline, "the server did not start in 30 s"
            time.sleep(0.02)
        return f"http://127.0.0.1:{self.port}"

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(30)


def serve(tmp_path: Path, **config: Any) -> Iterator[Site]:
    """A server on a fresh SQLite database; the test may queue the seeds of its deals."""
    site = Site("")
    fallback = itertools.count(1000)

    def seeds() -> int:
        return site.seeds.pop(0) if site.seeds else next(fallback)

    # a page may take a few seconds to load and connect on a busy machine: a short grace
    # window would hand its seat to a stand-in bot first
    settings = replace(FAST, grace_s=120.0, between_rounds_s=1.0, seeds=seeds, **config)
    with ThreadServer(f"sqlite+aiosqlite:///{tmp_path / 'web.db'}", settings) as base:
        site.base = base
        yield site


def seated(
    browser: Browser,
    site: Site,
    code: str,
    seat: int,
    token: str,
    name: str,
    listen: Callable[[Page], object] | None = None,
    **options: Any,
) -> tuple[BrowserContext, Page]:
    """A browser context holding ``seat`` of room ``code`` (as joining would have left it),
    on the room's page; ``listen`` is given the page before it loads (its listeners hear
    the first request and the first frame). Its person prefers reduced motion (unless
    ``options`` say otherwise): a card that moves under the pointer is one Playwright waits
    for, and a pulsing button one it never clicks."""
    context = browser.new_context(**{"reduced_motion": "reduce", **options})
    hold(context, code, seat, token, name)
    page = context.new_page()
    if listen is not None:
        listen(page)
    page.goto(f"{site.base}/?room={code}")
    return context, page


def hold(context: BrowserContext, code: str, seat: int, token: str, name: str) -> None:
    """Every page the context loads from now on holds ``seat`` of room ``code``, as joining
    would have left it."""
    held = json.dumps({"seat": seat, "token": token, "name": name})
    context.add_init_script(
        f"localStorage.setItem({json.dumps('unoverse.seat.' + code)}, {json.dumps(held)});"
    )


def version(page: Page) -> int:
    """The state version the page shows."""
    value = page.locator("main.table-page").get_attribute("data-version")
    return -1 if value is None else int(value)


def enabled(locator: Locator) -> bool:
    """Whether the control is there and enabled now (False if it went away meanwhile)."""
    try:
        return locator.count() > 0 and locator.first.is_enabled(timeout=1_000)
    except PlaywrightTimeoutError:
        return False


def tap(locator: Locator) -> bool:
    """Click, unless the page moved on meanwhile (the button went away or was disabled)."""
    try:
        locator.click(timeout=2_000)
    except PlaywrightTimeoutError:
        return False
    return True


def take_a_turn(page: Page, call_uno: bool = True) -> bool:
    """Do what the page offers the seat now, as a player would; whether it acted."""
    choice = page.locator(".dialog .choice")
    if choice.count():
        return tap(choice.first)
    for label in ("Take +", "Draw until ", "Keep it (pass)"):
        button = page.get_by_role("button", name=re.compile("^" + re.escape(label)))
        if enabled(button):
            return tap(button.first)
    chips = page.locator(".choose-color button")
    if chips.count():
        return tap(chips.first)
    playable = page.locator(".hand-slot[data-playable='true'] button")
    if playable.count():
        if call_uno and page.locator(".hand-slot").count() == 2:
            tap(page.get_by_role("button", name="UNO!"))
        return tap(playable.first)
    draw = page.get_by_role("button", name=re.compile("^(Draw|Press the launcher)$"))
    if enabled(draw):
        return tap(draw.first)
    return False


def play_until(pages: list[Page], done: Callable[[], bool], limit_s: float = 240.0) -> None:
    """Let every page's seat act when it may, until ``done()``."""
    deadline = time.monotonic() + limit_s
    while not done():
        assert time.monotonic() < deadline, "the game did not get there in time"
        acted = False
        for page in pages:
            if page.locator(".prompt.mine, .catch").count():
                before = version(page)
                catch = page.locator("button.catch")
                if (catch.count() and tap(catch.first)) or take_a_turn(page):
                    acted = True
                    with_change(page, before)
        if not acted:
            time.sleep(0.02)


def with_change(page: Page, before: int, timeout_s: float = 10.0) -> None:
    """Wait until the page shows a later state than ``before`` (or a toast said why not)."""
    deadline = time.monotonic() + timeout_s
    while version(page) <= before and not page.locator(".toast").count():
        if page.locator(".results, .dialog .choice").count():
            return  # over, or a choice to make first
        if time.monotonic() > deadline:
            page.screenshot(path=str(Path(tempfile.gettempdir()) / "unoverse-stuck.png"))
            raise AssertionError(f"the page did not move on from version {before}")
        time.sleep(0.02)


def shot(page: Page, name: str, full_page: bool = False) -> None:
    """Keep a screenshot of a main screen in docs/screenshots/."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "QUICK", "Site", "expect", "play_until", "seated", "serve"]
