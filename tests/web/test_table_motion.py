"""Cards move, and sound: a bot's move is animated as its update arrives (in the same turn
of the page's event loop, before the page handles anything else), the seat's own card shows
on the pile at once (before the server has even been asked), nothing moves for a person
who prefers reduced motion, and the sounds are made on the spot (WebAudio oscillators)
unless muted. How fast is benchmarks/bench_web.py's to measure, not these tests'."""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Browser, Page, expect

from .browser import QUICK, Site, play_until, seated, take_a_turn, version, with_change
from .table_frames import Frame, shaped

#: A bot that lets the table sit still.
SLOW = "easy:median_ms=60000"
#: The longest a movement may last, the stagger between its cards included (motion.js: each
#: card flies for MOVE_MS = 260 ms, the last of a group at most 4 staggers later).
SHORT_MS = 450

#: In the page, before it loads: for each update with another seat's move (after the first,
#: which catches up on the game), whether a card or a back started to move (a Web Animation
#: of the pile's top card or of a flying back) while the page handled that update: from
#: its message event until the next task, the next animation frame or the next message,
#: whichever comes first. Also every Web Animation's start and length, how many oscillators
#: the sounds made, and the seat's actions held back while ``window.__hold`` is set.
PROBE = """
window.__updates = []; window.__anims = []; window.__spans = []; window.__oscillators = 0;
window.__hold = false; window.__held = [];
let handling = null; // the bot's move update the page is handling now
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__anims.push(performance.now());
  const o = args[1]; // each animation's length, its delay included (ms)
  window.__spans.push(typeof o === "number" ? o : ((o && o.duration) || 0) + ((o && o.delay) || 0));
  if (handling && this.closest(".top, .flyers")) handling.animated = true;
  return animate.apply(this, args);
};
const Socket = window.WebSocket;
window.WebSocket = class extends Socket {
  constructor(...args) {
    super(...args);
    window.__socket = this;
    let first = true; // the first update catches up on the game: the page shows it still
    // added before the page's own handler, so this runs first for each message
    this.addEventListener("message", (m) => {
      handling = null; // a new message: the last one's handling is over
      const f = JSON.parse(m.data);
      const moved = (e) => ["play", "draw", "jump"].includes(e.kind) && e.seat !== 0;
      if (f.type === "update" && first) first = false;
      else if (f.type === "update" && f.events.some(moved)) {
        const update = { version: f.version, animated: false };
        window.__updates.push(update);
        handling = update;
        const over = () => { if (handling === update) handling = null; };
        setTimeout(over, 0); // the next task
        requestAnimationFrame(over); // or the next frame
      }
    });
  }
  send(data) {
    if (window.__hold && JSON.parse(data).type === "act") window.__held.push(data);
    else super.send(data);
  }
};
window.__release = () => {
  window.__hold = false;
  for (const data of window.__held.splice(0)) window.__socket.send(data);
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
    errors: list[str] = []

    def listen(page: Page) -> None:
        page.add_init_script(PROBE)
        if settings is not None:
            stored = json.dumps(json.dumps(settings))
            page.add_init_script(f"localStorage.setItem('unoverse.settings', {stored});")
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.errors = errors  # type: ignore[attr-defined]

    context, page = seated(browser, site, code, seat, token, "Ana", listen, reduced_motion=motion)
    expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
    return context, page


def bot_moves_seen(page: Page) -> int:
    return int(page.evaluate("window.__updates.length"))


def test_a_bots_move_is_animated_as_its_update_arrives_and_sounds(
    browser: Browser, site: Site
) -> None:
    """Each bot's move starts moving a card (the pile's top card, or a back flying) while
    the page handles its update: in the same turn of the event loop, before any other
    task, frame or message. So the movement never waits for anything, on any machine."""
    context, page = table(browser, site, "no-preference")
    try:
        play_until(
            [page], lambda: bot_moves_seen(page) >= 4 or page.locator(".results").count() > 0
        )
        updates = page.evaluate("window.__updates")
        assert len(updates) >= 3
        still = [u["version"] for u in updates if not u["animated"]]
        assert still == [], f"bot moves whose update moved nothing at once: versions {still}"
        assert page.evaluate("window.__oscillators") > 0
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def playable_plain_card(page: Page, turns: int = 30) -> str:
    """The seat's turn with a card it may play that asks no choice (not a wild): the seat
    plays on (draws, passes, plays) until it has one, for at most ``turns`` turns."""
    for _ in range(turns):
        expect(page.locator(".prompt.mine")).to_be_visible(timeout=15_000)
        for slot in page.locator(".hand-slot[data-playable='true']").all():
            card = slot.get_attribute("data-card")
            if card is not None and not card.startswith("W"):
                return card
        before = version(page)
        assert take_a_turn(page), "the seat could not act on its turn"
        with_change(page, before)
        assert not page.locator(".results").count(), "the game ended first"
    raise AssertionError(f"no playable card without a choice in {turns} turns")


def test_the_own_card_is_on_the_pile_before_the_server_is_asked(
    browser: Browser, site: Site
) -> None:
    """The seat's play is held back in the page (its socket does not send it) and the card
    is on the pile all the same: it is shown at once, not when the server answers. Let go,
    the play is accepted and the pile is the server's again."""
    context, page = table(browser, site, "no-preference")
    try:
        card = playable_plain_card(page)
        slot = page.locator(f".hand-slot[data-card='{card}'] button").first
        label = slot.get_attribute("aria-label") or ""
        before = version(page)
        page.evaluate("window.__hold = true")
        slot.click()
        top = page.locator(".top.pending .card")
        expect(top).to_be_visible()  # with the play still held: no answer can have come
        held = page.evaluate("window.__held.map((data) => JSON.parse(data))")
        assert [h["type"] for h in held] == ["act"] and card in held[0]["action"], held
        assert label.startswith(top.get_attribute("aria-label") or "?"), (label, card)
        assert version(page) == before
        page.evaluate("window.__release()")
        expect(page.locator(".top.pending")).to_have_count(0, timeout=15_000)
        assert version(page) > before
        assert page.errors == []  # type: ignore[attr-defined]
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
    context, page, shaper = shaped(
        browser, site, code, seat, token, PROBE, reduced_motion="no-preference"
    )
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
            spans = page.evaluate(f"window.__spans.slice({before})")
            assert max(spans) <= SHORT_MS, (event, spans)  # short, its stagger included
            page.wait_for_function(  # and its flying cards are gone once it is over
                "document.querySelectorAll('.flyers .flyer').length === 0", timeout=2_000
            )
    finally:
        context.close()
