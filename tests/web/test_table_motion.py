"""Cards move, and sound: a bot's move is animated within 100 ms of its update arriving,
the seat's own card shows on the pile at once (the animation does not wait for the
server), nothing moves for a person who prefers reduced motion, and the sounds are made
on the spot (WebAudio oscillators) unless muted."""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Browser, Page, expect

from .browser import QUICK, Site, hold, play_until
from .table_frames import Frame, Shaper

#: A bot that lets the table sit still.
SLOW = "easy:median_ms=60000"

#: In the page, before it loads: when each update with another seat's move arrived (after
#: the first, which catches up on the game), when
#: each Web Animation started, and how many oscillators the sounds made.
PROBE = """
window.__updates = []; window.__anims = []; window.__oscillators = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__anims.push(performance.now());
  return animate.apply(this, args);
};
const Socket = window.WebSocket;
window.WebSocket = class extends Socket {
  constructor(...args) {
    super(...args);
    let first = true; // the first update catches up on the game: the page shows it still
    this.addEventListener("message", (m) => {
      const f = JSON.parse(m.data);
      const moved = (e) => ["play", "draw", "jump"].includes(e.kind) && e.seat !== 0;
      if (f.type === "update" && first) first = false;
      else if (f.type === "update" && f.events.some(moved))
        window.__updates.push(performance.now());
    });
  }
};
const Audio = window.AudioContext;
if (Audio) {
  const make = Audio.prototype.createOscillator;
  Audio.prototype.createOscillator = function () {
    window.__oscillators++;
    return make.call(this);
  };
}
"""


def table(
    browser: Browser, site: Site, motion: str, settings: dict[str, Any] | None = None
) -> tuple[Any, Page]:
    site.seeds.append(2)
    code, [(seat, token)] = site.room("classic+scoring=none", ["Ana"], {1: QUICK})
    assert seat == 0
    context = browser.new_context(reduced_motion=motion)  # type: ignore[arg-type]
    context.add_init_script(PROBE)
    if settings is not None:
        context.add_init_script(
            f"localStorage.setItem('unoverse.settings', {json.dumps(json.dumps(settings))});"
        )
    hold(context, code, seat, token, "Ana")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(f"{site.base}/?room={code}")
    expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
    return context, page


def bot_moves_seen(page: Page) -> int:
    return int(page.evaluate("window.__updates.length"))


def test_a_bots_move_is_animated_within_100_ms_and_sounds(browser: Browser, site: Site) -> None:
    context, page = table(browser, site, "no-preference")
    try:
        play_until(
            [page], lambda: bot_moves_seen(page) >= 4 or page.locator(".results").count() > 0
        )
        time.sleep(0.4)
        updates, anims = page.evaluate("[window.__updates, window.__anims]")
        assert len(updates) >= 3
        late = [u for u in updates if not any(u <= a <= u + 100 for a in anims)]
        assert late == [], f"bot moves not animated within 100 ms: {late} (animations at {anims})"
        assert page.evaluate("window.__oscillators") > 0
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_the_own_card_is_on_the_pile_at_once(browser: Browser, site: Site) -> None:
    context, page = table(browser, site, "no-preference")
    try:
        expect(page.locator(".prompt.mine")).to_be_visible(timeout=15_000)
        playable = page.locator(".hand-slot[data-playable='true']")
        if not playable.count():
            return  # nothing to play on this deal: the other test covers the animation
        card = playable.first.get_attribute("data-card")
        shown = page.evaluate(
            """(card) => new Promise((done) => {
                const slot = document.querySelector(`.hand-slot[data-card="${card}"] button`);
                const t0 = performance.now();
                slot.click();
                const look = () => {
                  const top = document.querySelector('.top.pending .card');
                  if (top) done(performance.now() - t0);
                  else if (performance.now() - t0 > 2000) done(null);
                  else requestAnimationFrame(look);
                };
                look();
            })""",
            card,
        )
        if page.locator(".dialog .choice").count():
            return  # a wild asks its colour first: the wait is the player's
        assert shown is not None and shown < 50, f"the card showed on the pile after {shown} ms"
    finally:
        context.close()


def test_nothing_moves_under_reduced_motion_and_a_muted_table_is_silent(
    browser: Browser, site: Site
) -> None:
    context, page = table(browser, site, "reduce", {"sound": False})
    try:
        play_until(
            [page], lambda: bot_moves_seen(page) >= 3 or page.locator(".results").count() > 0
        )
        time.sleep(0.4)
        assert page.evaluate("window.__anims.length") == 0
        assert page.evaluate("document.getAnimations().length") == 0
        assert page.evaluate("window.__oscillators") == 0
    finally:
        context.close()


def test_whole_hands_bursts_and_eliminations_move(browser: Browser, site: Site) -> None:
    """Each kind of movement, from an update the test sends: cards fly for a swap of hands,
    a rotation, a launcher's burst and a draw, and an eliminated seat's box moves."""
    code, [(seat, token)] = site.room("classic", ["Ana"], {1: SLOW, 2: SLOW})
    context = browser.new_context(reduced_motion="no-preference")
    context.add_init_script(PROBE)
    shaper = Shaper(context)
    hold(context, code, seat, token, "Ana")
    page = context.new_page()
    page.goto(f"{site.base}/?room={code}")
    try:
        expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        events: list[Frame] = [
            {"kind": "swap", "seat": 1, "target": 2},
            {"kind": "rotate", "seat": 1, "direction": 1},
            {"kind": "press", "seat": 1, "count": 3, "cards": []},
            {"kind": "draw", "seat": 2, "count": 2, "cards": [], "reason": "penalty"},
            {"kind": "eliminated", "seat": 2, "count": 5},
        ]
        for event in events:
            before = page.evaluate("window.__anims.length")

            def later(frame: Frame, event: Frame = event) -> None:
                frame["version"] += 1
                frame["view"]["version"] += 1
                frame["events"] = [event]
                shaper.last["update"] = frame

            shaper.resend_update(later)
            page.wait_for_function(f"window.__anims.length > {before}", timeout=2_000)
            moved = page.evaluate("window.__anims.length") - before
            if event["kind"] in ("swap", "rotate", "press", "draw"):
                assert page.locator(".flyers .flyer").count() > 0 or moved >= 2, event
            page.wait_for_timeout(350)  # each movement is over within 300 ms
            assert page.locator(".flyers .flyer").count() == 0, event
    finally:
        context.close()
