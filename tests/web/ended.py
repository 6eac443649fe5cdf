"""Rooms whose match is over, as the results tests meet them: a one-round game played to its
results through the page, an ended UNO Blast room's link (the server's answer about it
written by the test), and a round's results drawn by ``results.js`` from a state the test
writes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, Locator, Page, Route, expect

from .browser import QUICK, Site, play_until, seated
from .modules import render

#: An ended UNO Blast room as GET /api/rooms/{code} describes it (docs/protocol.md).
ENDED: dict[str, Any] = {
    "code": "ENDEDRM1",
    "variant": "blast",
    "preset": "blast",
    "options": {},
    "seats": [
        {"kind": "player", "name": "Ana"},
        {"kind": "bot", "name": "bot normal"},
        {"kind": "bot", "name": "bot hard"},
    ],
    "free": 0,
    "timer": "normal",
    "spectators": True,
    "started": True,
    "match_over": True,
    "ended": True,
    "results": {
        "variant": "blast",
        "names": ["Ana", "bot normal", "bot hard"],
        "winners": [2],
        "scores": [0, 0, 0],
        "rounds": [{"game": 41, "winner": 2, "leftovers": [0, 0, 187], "eliminated": [0, 1]}],
    },
}


@contextmanager
def decided(browser: Browser, site: Site) -> Iterator[tuple[str, Page]]:
    """Ana's seat at a Minecraft table with a quick bot, played through the page until its
    one round, which decides the game, shows its results: the room's code and Ana's page
    (closed after)."""
    code, [(seat, token)] = site.room("minecraft", ["Ana"], {1: QUICK})
    context, page = seated(browser, site, code, seat, token, "Ana")
    try:
        expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        play_until([page], lambda: page.locator(".results").count() > 0)
        yield code, page
    finally:
        context.close()


def open_ended(page: Page, site: Site) -> Locator:
    """``page`` on the link of the ended room ``ENDED``, the server's answer about it
    replaced by that description: its stored results, once shown."""

    def ended(route: Route) -> None:
        route.fulfill(status=200, content_type="application/json", body=json.dumps(ENDED))

    page.route(f"**/api/rooms/{ENDED['code']}", ended)
    page.goto(f"{site.base}/?room={ENDED['code']}")
    results = page.locator(".stored-results")
    expect(results).to_be_visible(timeout=15_000)
    return results


def table_state(
    variant: str,
    scoring: str,
    over: dict[str, Any] | None,
    match: dict[str, Any] | None = None,
    log: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The table's state (game.js) at a round's end (``over``: its ``round_over`` frame) or
    a match's (``match``), in a room of ``variant`` scored by ``scoring``."""
    return {
        "room": {"variant": variant, "seats": []},
        "rules": {"scoring": scoring, "target_score": 500},
        "roundOver": over,
        "matchOver": match,
        "log": log or [],
        "round": 0,
        "host": 0,
    }


def show_results(page: Page, state: dict[str, Any]) -> Locator:
    """``results.js``'s results of ``state`` (``table_state``) in room ABCD, seen by a
    spectator, drawn into ``#probe``: that element."""
    render(page, "results.js", "Results", {"code": "ABCD", "state": state, "held": None})
    return page.locator("#probe")
