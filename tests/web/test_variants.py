"""Each variant's own actions through the page: an Attack launcher press, a Full Spectrum
jump-in, a Blast BLAST challenge met, and BLAST mode's real-time race between two people
playing at the same instant; with a screenshot of each table."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from unoverse.server.live import Live, Sent

from .browser import QUICK, Site, enabled, play_until, seated, serve, shot

#: A bot that lets the people act first.
SLOW = "easy:median_ms=60000"


def first_choice_with(page: Page, text: str) -> None:
    """In the open chooser, the first option that mentions ``text`` (a wedge of Full
    Spectrum's colour circle says it in its accessible name)."""
    named = f".dialog .choice[aria-label*={json.dumps(text)}]"
    page.locator(".dialog .choice", has_text=text).or_(page.locator(named)).first.click()


def keep_view(views: list[dict[str, Any]], frame: str | bytes) -> None:
    data = json.loads(frame)
    if data["type"] == "update":
        views.append(data["view"])


def test_an_attack_launcher_press(browser: Browser, site: Site) -> None:
    site.seeds.append(0)  # seat 0 has the first turn
    code, [(seat, token)] = site.room("attack", ["Ana"], {1: SLOW})
    context, page = seated(browser, site, code, seat, token, "Ana")
    try:
        launcher = page.locator("button.launcher")
        expect(launcher).to_be_enabled(timeout=15_000)
        shot(page, "attack-table")
        launcher.click()
        expect(page.locator(".log li").first).to_contain_text("presses the launcher")
        expect(page.locator("button.launcher.click, button.launcher.burst")).to_have_count(1)
    finally:
        context.close()


def test_a_full_spectrum_jump_in(browser: Browser, site: Site) -> None:
    site.seeds.append(15)  # Ana plays a wild; Bo, next, holds the other one
    code, joined = site.room("full_spectrum+jump_in", ["Ana", "Bo"], {2: SLOW})
    (s0, t0), (s1, t1) = joined
    ana_context, ana = seated(browser, site, code, s0, t0, "Ana")
    bo_context, bo = seated(browser, site, code, s1, t1, "Bo")
    try:
        expect(ana.locator(".prompt.mine")).to_be_visible(timeout=15_000)
        shot(ana, "full-spectrum-table")
        ana.locator(".hand-slot[data-card='W'] button").click()
        first_choice_with(ana, "Declare red")
        wild = bo.locator(".hand-slot[data-card='W'] button")
        expect(bo.locator(".prompt.mine")).to_be_visible(timeout=10_000)
        wild.click()
        first_choice_with(bo, "Jump in")
        for page in (ana, bo):
            expect(page.locator(".log li.jump").first).to_contain_text("jumps in", timeout=10_000)
    finally:
        ana_context.close()
        bo_context.close()


def test_a_blast_challenge_met_through_the_page(browser: Browser, site: Site) -> None:
    site.seeds.append(1275)  # Ana cannot play, draws a BLAST card, and can meet it
    code, [(seat, token)] = site.room("blast", ["Ana"], {1: QUICK})
    views: list[dict[str, Any]] = []

    def listen(page: Page) -> None:
        page.on("websocket", lambda ws: ws.on("framereceived", lambda f: keep_view(views, f)))

    context, page = seated(browser, site, code, seat, token, "Ana", listen)
    try:
        draw = page.get_by_role("button", name="Draw", exact=True)
        expect(draw).to_be_enabled(timeout=15_000)
        shot(page, "blast-table")
        draw.click()
        choice = page.locator(".blast-choice")
        expect(choice).to_be_visible(timeout=10_000)
        discard = choice.get_by_role("button", name="Discard them")
        for _ in range(10):  # a view arriving between two clicks (the bot meeting it) resets
            option = next(a for a in views[-1]["legal"] if a.startswith("blast:"))
            for card in option.removeprefix("blast:").split(","):
                slot = page.locator(f".hand-slot[data-card='{card}']")
                if not slot.locator(".card--selected").count():
                    slot.locator("button").first.click()
            if enabled(discard):
                break
        shot(page, "blast-challenge")
        discard.click()
        expect(page.locator(".log li.blast").first).to_contain_text("meets the BLAST challenge")
    finally:
        context.close()


class Clock:
    """The server's clock, which the test can stop at an instant and let go again."""

    def __init__(self) -> None:
        self.stopped: float | None = None

    def __call__(self) -> float:
        return self.stopped if self.stopped is not None else time.time() * 1000.0


#: The actions the server has stamped: (seat, action, instant).
Stamped = list[tuple[int, str, float]]


@pytest.fixture
def clocked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Site, Clock, Stamped]]:
    clock = Clock()
    stamped: Stamped = []
    receive = Live._receive

    def stamping(live: Live, seat: int, action: str, version: int, seq: int | None) -> Sent:
        sent = receive(live, seat, action, version, seq)
        stamped.append((seat, action, sent.ticket.at))
        return sent

    monkeypatch.setattr(Live, "_receive", stamping)
    # while the clock stands still, a received action waits (at most this long, in real ms)
    # for its instant to close: every action received meanwhile is stamped with that instant
    for site in serve(tmp_path, clock=clock, hold_ms=30_000.0):
        yield site, clock, stamped


def test_blast_mode_two_people_play_at_the_same_instant(
    browser: Browser, clocked: tuple[Site, Clock, Stamped]
) -> None:
    site, clock, stamped = clocked
    site.seeds.append(0)  # live play where both can play at once: O0 and OBL
    code, joined = site.room("blast+mode=blast", ["Ana", "Bo"])
    (s0, t0), (s1, t1) = joined
    pages: list[Page] = []
    contexts = []
    try:
        for seat, token, name in ((s0, t0, "Ana"), (s1, t1, "Bo")):
            context, page = seated(browser, site, code, seat, token, name)
            contexts.append(context)
            expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
            pages.append(page)
        ana, bo = pages
        shot(ana, "blast-mode-table")
        clock.stopped = time.time() * 1000.0
        stamped.clear()
        ana.locator(".hand-slot[data-card='O0'] button").click()
        bo.locator(".hand-slot[data-card='OBL'] button").click()
        # the clock stands still until both plays have reached the server (a frame the
        # browser has sent may take a while): both are stamped with the same instant
        deadline = time.monotonic() + 15
        while len(stamped) < 2:
            assert time.monotonic() < deadline, f"the two plays did not arrive: {stamped}"
            time.sleep(0.01)
        assert sorted((seat, action) for seat, action, _ in stamped) == [(s0, "O0"), (s1, "OBL")]
        assert len({at for _, _, at in stamped}) == 1
        clock.stopped = None  # the instant closes: the race is settled
        for page in pages:
            first_line = page.locator(".log li.race", has_text="was first").first
            expect(first_line).to_be_visible(timeout=15_000)
        # exactly one card lands; the late one goes back to its hand: refused, or refused as
        # simultaneous (with the holding penalty of the first card, if it has one)
        deadline = time.monotonic() + 10
        while True:
            held = {
                "Ana": ana.locator(".hand-slot[data-card='O0']").count(),
                "Bo": bo.locator(".hand-slot[data-card='OBL']").count(),
            }
            if sorted(held.values()) == [0, 1]:
                break
            assert time.monotonic() < deadline, f"not exactly one card landed: {held}"
            time.sleep(0.05)
        late_name = "Ana" if held["Ana"] else "Bo"
        first_name = "Bo" if late_name == "Ana" else "Ana"
        late, card = (ana, "O0") if late_name == "Ana" else (bo, "OBL")
        # the page says who was first, and that the late card was too late
        for page in pages:
            line = page.locator(".log li.race", has_text=f"{first_name} was first")
            expect(line).to_have_count(1)
        expect(late.locator(f".hand-slot[data-card='{card}']")).to_have_count(1)
        said = late.locator(".toast.error, .log li", has_text="too late")
        expect(said.first).to_be_visible(timeout=5_000)
        shot(late, "blast-mode-race")
    finally:
        clock.stopped = None
        for context in contexts:
            context.close()


def test_a_minecraft_round_to_its_end(browser: Browser, site: Site) -> None:
    site.seeds.append(5)  # a short round, in which a Wild Creeper blows up
    code, [(seat, token)] = site.room("minecraft", ["Ana"], {1: QUICK, 2: QUICK})
    context, page = seated(browser, site, code, seat, token, "Ana")
    try:
        expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        shot(page, "minecraft-table")
        play_until([page], lambda: page.locator(".results").count() > 0)
        expect(page.locator(".results")).to_contain_text("wins")
        expect(page.locator(".log li", has_text="shown to all")).to_have_count(1)
        page.get_by_role("link", name="Replay this game").click()  # one round is the game
        status = page.locator(".replay-controls [role=status]")
        expect(status).to_contain_text("Step 0 of")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        expect(status).to_contain_text("Step 2 of")
        page.keyboard.press("End")
        expect(page.locator(".replay-events")).to_contain_text("wins the round")
        shot(page, "replay")
    finally:
        context.close()


def test_blast_mode_a_card_is_held_by_picking_it_up(browser: Browser, site: Site) -> None:
    """A tap plays; picking a card up (H on the card in focus, or dragging it upwards) holds
    it, and "Put the card back" puts it down (RULES.md §5.8: an explicit pick-up)."""
    site.seeds.append(0)
    code, [(seat, token)] = site.room("blast+mode=blast", ["Ana"], {1: SLOW})
    context, page = seated(browser, site, code, seat, token, "Ana")
    try:
        card = page.locator(".hand-slot[data-card='O0']")
        expect(card).to_be_visible(timeout=15_000)
        card.locator("button").focus()
        page.keyboard.press("h")
        expect(page.locator(".hand-slot.armed")).to_have_attribute("data-card", "O0")
        expect(page.locator(".log li").first).to_contain_text("Ana picks up")
        expect(page.locator(".log li").first.get_by_role("img", name="orange 0")).to_be_visible()
        page.get_by_role("button", name="Put the card back").click()
        expect(page.locator(".hand-slot.armed")).to_have_count(0)
        box = card.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x, y - 80, steps=5)
        page.mouse.up()
        expect(page.locator(".hand-slot.armed")).to_have_attribute("data-card", "O0")
        assert page.locator(".hand-slot[data-card='O0']").count() == 1  # held, not played
    finally:
        context.close()
