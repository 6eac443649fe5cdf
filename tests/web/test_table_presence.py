"""What the seats say about who plays them (docs/protocol.md): an absent player's grace time
counts down on their seat while it runs and stands still while it does not; a stand-in
bot's seat is labelled, and so is the top card it played; a bot's seat says "thinking…"
until the next state arrives. The frames are the server's, with the presence, `thinking`
and `stand_in` fields of the protocol set by the test (so the page is tested on its own,
whatever moment of a game the server is at)."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Browser, expect

from .browser import Site, shot
from .table_frames import Frame, shaped

#: A bot that lets the table sit still.
SLOW = "easy:median_ms=60000"


def seconds(text: str) -> int:
    found = re.search(r"(\d+)\ss", text)
    assert found, f"no countdown in {text!r}"
    return int(found.group(1))


def test_grace_thinking_and_stand_in_on_the_seats(browser: Browser, site: Site) -> None:
    code, joined = site.room("classic", ["Ana", "Bo"], {2: SLOW})
    (seat, token), _ = joined
    context, page, shaper = shaped(browser, site, code, seat, token)
    try:
        expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        bo = page.locator(".seat[data-seat='1']")

        def presence(**bo_fields: object) -> None:
            frame: Frame = {**shaper.last["presence"]}
            seats = [dict(s) for s in frame["seats"]]
            seats[1].update(bo_fields)
            shaper.send({**frame, "seats": seats})

        # away, with the grace running: it counts down here
        presence(connected=False, stand_in=False, grace={"left_ms": 20_000.0, "running": True})
        expect(bo.locator(".grace")).to_be_visible()
        first = seconds(bo.locator(".grace").inner_text())
        assert 18 <= first <= 20
        time.sleep(2.2)
        assert seconds(bo.locator(".grace").inner_text()) <= first - 2
        expect(bo).to_have_attribute("aria-label", re.compile("Bo"))
        shot(page, "table-grace")
        # not his turn: the grace stands still
        presence(connected=False, stand_in=False, grace={"left_ms": 15_000.0, "running": False})
        expect(bo.locator(".grace")).to_contain_text("15 s")
        time.sleep(1.2)
        expect(bo.locator(".grace")).to_contain_text("15 s")

        # a stand-in takes over: the seat says so, and so does the card it plays
        presence(connected=False, stand_in=True, grace=None)
        expect(bo.locator(".badge.standin")).to_be_visible()
        expect(bo.locator(".grace")).to_have_count(0)

        def stood_in(frame: Frame) -> None:
            frame["view"]["top_by"] = 1
            frame["stand_in"] = [1]

        shaper.resend_update(stood_in)
        expect(page.locator(".top-by")).to_contain_text("played by Bo (stand-in)")

        # the bot thinks about this state: "thinking…" until a later one arrives
        update = shaper.last["update"]
        bot = page.locator(".seat[data-seat='2']")
        shaper.send(
            {
                "type": "thinking",
                "game": update["game"],
                "version": update["version"],
                "seat": 2,
                "until": time.time() * 1000 + 900,
            }
        )
        expect(bot.locator(".thinking")).to_be_visible()
        expect(bot).to_have_attribute("aria-label", re.compile("thinking"))

        def later(frame: Frame) -> None:
            frame["version"] += 1
            frame["view"]["version"] += 1

        shaper.resend_update(later)
        expect(bot.locator(".thinking")).to_have_count(0)
    finally:
        context.close()


def test_uno_shows_on_a_seat_that_called_it_not_on_every_seat_with_one_card(
    browser: Browser, site: Site
) -> None:
    """UNO! is the view's ``said_uno``: of two seats down to one card, only the one that
    called it shows the mark (and says so to a screen reader); one that may still be caught
    shows the warning instead."""
    code, [(seat, token)] = site.room("classic", ["Ana"], {1: SLOW, 2: SLOW, 3: SLOW})
    context, page, shaper = shaped(browser, site, code, seat, token)
    try:
        expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)

        def down_to_one(frame: Frame) -> None:
            view = frame["view"]
            view["hand_sizes"][1] = view["hand_sizes"][2] = view["hand_sizes"][3] = 1
            view["said_uno"] = [1]
            view["uno_open"] = [3]

        shaper.resend_update(down_to_one)
        called, silent, open_ = (page.locator(f".seat[data-seat='{s}']") for s in (1, 2, 3))
        expect(called.locator(".badge.uno")).to_be_visible()
        expect(called).to_have_attribute("aria-label", re.compile("called UNO"))
        expect(silent.locator(".badge.uno")).to_have_count(0)
        expect(silent).not_to_have_attribute("aria-label", re.compile("called UNO"))
        expect(open_.locator(".badge.uno")).to_have_count(0)
        expect(open_.locator(".badge.warn")).to_be_visible()
    finally:
        context.close()
