"""A table the test shapes: the page's socket goes through to a real room, and the test
rewrites what the server says before the page hears it (a hand of 30 cards, a grace
countdown, a stand-in's move), or sends the page a frame of its own."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, WebSocketRoute

from .browser import Site, seated

Frame = dict[str, Any]

#: Cards to build a hand from: every colour's numbers and actions, then wilds.
DECK = [f"{c}{k}" for c in "RYGB" for k in "0123456789SR"] + ["W", "W+4"]


def hand_of(n: int) -> list[str]:
    """A hand of ``n`` cards (repeating the deck when it is longer than it)."""
    return [DECK[i % len(DECK)] for i in range(n)]


class Shaper:
    """The page's socket to the server, each frame from the server given to ``shape``
    (which returns the frame to pass on, or None to hold it back)."""

    def __init__(self) -> None:
        self.shape: Callable[[Frame], Frame | None] = lambda frame: frame
        self.last: dict[str, Frame] = {}
        self.page_side: WebSocketRoute | None = None

    def attach(self, page: Page) -> None:
        """Route ``page``'s socket through this shaper (before the page loads)."""
        page.route_web_socket(re.compile(".*/ws$"), self.route)

    def route(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        self.page_side = ws

        def heard(message: str | bytes) -> None:
            frame = json.loads(message)
            self.last[frame["type"]] = frame
            shaped = self.shape(frame)
            if shaped is not None:
                ws.send(json.dumps(shaped))

        server.on_message(heard)

    def send(self, frame: Frame) -> None:
        """Give the page a frame as if the server had sent it."""
        assert self.page_side is not None, "the page has no socket yet"
        self.page_side.send(json.dumps(frame))

    def resend_update(self, change: Callable[[Frame], None]) -> Frame:
        """The last update again, without its events, after ``change`` (on a copy)."""
        frame: Frame = json.loads(json.dumps(self.last["update"]))
        frame["events"] = []
        change(frame)
        self.send(frame)
        return frame


def with_hand(frame: Frame, n: int) -> None:
    """The update's view with the seat holding ``n`` cards."""
    view = frame["view"]
    view["hand"] = hand_of(n)
    view["hand_sizes"][view["seat"]] = n


def shaped(
    browser: Browser,
    site: Site,
    code: str,
    seat: int,
    token: str,
    init: str | None = None,
    **options: Any,
) -> tuple[BrowserContext, Page, Shaper]:
    """Ana's table in room ``code`` (``seated``, with ``options`` for its context), its
    socket through a new ``Shaper``; ``init`` is a script run before the page's own."""
    shaper = Shaper()

    def listen(page: Page) -> None:
        if init is not None:
            page.add_init_script(init)
        shaper.attach(page)

    context, page = seated(browser, site, code, seat, token, "Ana", listen, **options)
    return context, page, shaper
