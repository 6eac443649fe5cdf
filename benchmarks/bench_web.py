"""The browser client's weight and speed, in Debian's Chromium on loopback.

Against a fresh ``unoverse serve`` in a subprocess (the build ``make compile`` made, when
there is one; SQLite in a temporary directory), driven by Playwright:

* **first load**: ``--loads`` times (10), a new browser context (empty cache) opens ``/``.
  Reported: the bytes transferred (every response's headers and encoded body) and the time
  from navigation to the lobby being interactive (its "Create the room" button rendered by
  the page's code), each as median and worst. Targets: under 300 KB and under 1 s. Beside
  them, untargeted: when the page asked for its catalogue of words (``static/i18n/``) and
  when it had read it, from the navigation, and how many catalogues it fetched (one).
  ``--latency MS`` holds every response of these loads back by MS (Chromium's network
  emulation): a round trip on a network slower than loopback.
* **own move**: a person's seat at a Classic table with a quick bot plays ``--moves`` (40)
  cards by clicking them (a card that asks a choice, a wild's colour, is left out: the wait
  is the player's). For each, the page records the time from the click to the card
  leaving the hand (shown at once, before any answer) and to the server's update being on
  the page (the move accepted, stored and shown). Reported: median and p95 of both. Target:
  the accepted move shown in under 50 ms.
* **a bot's move animated**: the same person's seat at a Classic table with three quick bots
  plays whole games until the bots have made ``--bot-moves`` (40) moves (a card played or
  drawn). For each update bringing one, the page records the time from its websocket
  message event to the first Web Animation it starts of a card on the pile or a back flying
  (``Element.animate``), or that none started before the next message. Reported: median
  and p95, and how many moved nothing. Target: within 100 ms of the update.

``python benchmarks/bench_web.py`` (defaults as above), ``--loads 2 --moves 5 --bot-moves 5``
for a quick look, ``--json`` for the figures as JSON. After each click the page is left
alone for ``--rest`` seconds (0.2) while the move goes through: polling it meanwhile would
take its main thread from the move being timed. The smoke test rests less (``--rest
0.05``): it checks that the run plays and measures, not the figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from bench_server import start_server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu"]
TARGET_BYTES = 300 * 1024
TARGET_INTERACTIVE_MS = 1000.0
TARGET_MOVE_MS = 50.0
TARGET_BOT_MS = 100.0
#: A bot that answers at once: the moves come as fast as the server makes them.
QUICK_BOT = "easy:median_ms=5"

#: In the page: when a card is clicked, the time until it leaves the hand and until the
#: page shows a later state version (the server's update); and for each update with a bot's
#: move (after the first, which catches up on the game), the time from its message event to
#: the first animation of the pile's top card or of a flying back (null: none before the
#: next message). The socket's listener is added before the page's own handler: it runs
#: first for each message.
PROBE = """
window.__moves = []; window.__bots = [];
let arrived = null; // the bot's move update whose animation is awaited: {t0, ms}
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  if (arrived && arrived.ms === null && this.closest('.top, .flyers'))
    arrived.ms = performance.now() - arrived.t0;
  return animate.apply(this, args);
};
const Socket = window.WebSocket;
window.WebSocket = class extends Socket {
  constructor(...args) {
    super(...args);
    let first = true;
    this.addEventListener('message', (m) => {
      const t0 = performance.now();
      arrived = null;
      const f = JSON.parse(m.data);
      const moved = (e) => ['play', 'draw', 'jump'].includes(e.kind) && e.seat !== 0;
      if (f.type === 'update' && first) first = false;
      else if (f.type === 'update' && f.events.some(moved)) {
        arrived = { t0, ms: null };
        window.__bots.push(arrived);
      }
    });
  }
};
let pending = null;
const handCount = () => document.querySelectorAll('.hand-slot').length;
const version = () => Number(document.querySelector('main.table-page')?.dataset.version ?? -1);
document.addEventListener('click', (e) => {
  if (pending && e.target.closest('.dialog .choice')) pending.chose = true;
  if (!e.target.closest('.hand-slot[data-playable="true"] button')) return;
  pending = { t0: performance.now(), hand: handCount(), version: version(), shown: null };
}, true);
new MutationObserver(() => {
  if (!pending) return;
  const now = performance.now();
  if (pending.shown === null && handCount() < pending.hand) pending.shown = now - pending.t0;
  if (version() > pending.version) {
    const chose = !!pending.chose;
    window.__moves.push({ shown: pending.shown, accepted: now - pending.t0, chose });
    pending = null;
  }
}).observe(document, { subtree: true, childList: true, attributes: true });
"""


#: In the page, once it is loaded: each request for a catalogue of words (static/i18n/),
#: [when it started, when its response ended], in ms from the navigation.
CATALOGUES = """() => performance.getEntriesByType('resource')
  .filter((e) => e.name.includes('/static/i18n/'))
  .map((e) => [e.startTime, e.responseEnd])"""


def first_loads(browser: Browser, base: str, loads: int, latency_ms: float = 0) -> dict[str, Any]:
    sizes, times, asked, read, fetches = [], [], [], [], []
    for _ in range(loads):
        context = browser.new_context()
        page = context.new_page()
        if latency_ms:  # every response held back as on a slower network (Chromium's own)
            conditions = {"offline": False, "latency": latency_ms}
            conditions |= {"downloadThroughput": -1, "uploadThroughput": -1}
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", conditions)
        total = [0]

        def count(request: Any, total: list[int] = total) -> None:
            s = request.sizes()
            total[0] += s["responseBodySize"] + s["responseHeadersSize"]

        page.on("requestfinished", count)
        page.goto(base + "/")
        page.wait_for_function(
            "[...document.querySelectorAll('button')]"
            ".some(b => b.textContent.includes('Create the room'))",
            polling="raf",
        )
        times.append(page.evaluate("performance.now()"))
        page.wait_for_load_state("networkidle")
        sizes.append(total[0])
        catalogues = page.evaluate(CATALOGUES)
        fetches.append(len(catalogues))
        asked.append(min(start for start, _ in catalogues))
        read.append(min(end for _, end in catalogues))
        context.close()
    return {
        "bytes_median": statistics.median(sizes),
        "bytes_max": max(sizes),
        "interactive_ms_median": round(statistics.median(times), 1),
        "interactive_ms_max": round(max(times), 1),
        "words_asked_ms_median": round(statistics.median(asked), 1),
        "words_asked_ms_max": round(max(asked), 1),
        "words_read_ms_median": round(statistics.median(read), 1),
        "words_read_ms_max": round(max(read), 1),
        "words_fetches_max": max(fetches),
    }


def seat(browser: Browser, base: str, bots: int = 1) -> tuple[Any, Page]:
    """A person's seat (0) at a new Classic table with ``bots`` quick bots, on its page."""
    body: dict[str, Any] = {"name": "Ana", "preset": "classic+scoring=none", "timer": "off"}
    body["seats"] = 1 + bots
    body["bots"] = {str(s): QUICK_BOT for s in range(1, 1 + bots)}
    made = httpx.post(base + "/api/rooms", json=body, timeout=30).json()
    code, token = made["room"], made["token"]
    headers = {"Authorization": f"Bearer {token}"}
    httpx.post(f"{base}/api/rooms/{code}/start", headers=headers, timeout=30)
    context = browser.new_context()
    held = json.dumps({"seat": made["seat"], "token": token, "name": "Ana"})
    context.add_init_script(f"localStorage.setItem('unoverse.seat.{code}', {json.dumps(held)});")
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(f"{base}/?room={code}")
    page.wait_for_selector(".hand-slot", timeout=30_000)
    return context, page


def play(browser: Browser, base: str, bots: int, probe: str, wanted: int, rest: float) -> list[Any]:
    """Play whole games at tables with ``bots`` quick bots (a new table when one ends)
    until the page's ``window[probe]`` records hold ``wanted`` entries over them; the
    entries."""
    done: list[Any] = []
    deadline = time.monotonic() + 60 + wanted * 5
    context, page = seat(browser, base, bots)
    while len(done) < wanted:
        assert time.monotonic() < deadline, "the moves took too long"
        if page.locator(".results").count():
            done += page.evaluate(f"window.{probe}")
            context.close()
            context, page = seat(browser, base, bots)
            continue
        if not page.locator(".prompt.mine").count():
            time.sleep(0.05)
            continue
        target = next(
            (
                locator.first
                for locator in (
                    page.locator(".dialog .choice"),
                    page.locator(".choose-color button"),
                    page.locator(".hand-slot[data-playable='true'] button"),
                    page.locator(".actions button:not(.uno-button):enabled"),
                )
                if locator.count()
            ),
            None,
        )
        if target is None:
            time.sleep(0.05)
            continue
        try:
            target.click(timeout=2_000)
        except PlaywrightTimeoutError:
            continue  # the page moved on meanwhile
        # the page is left alone while the move goes through: polling it from here
        # would take its main thread (each query is a script run in the page)
        time.sleep(rest)
    done += page.evaluate(f"window.{probe}")
    context.close()
    return done


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return round(ordered[int(0.95 * (len(ordered) - 1))], 1)


def own_moves(browser: Browser, base: str, moves: int, rest: float = 0.2) -> dict[str, Any]:
    done = play(browser, base, 1, "__moves", moves, rest)
    # a wild's choice is the player's time, not the page's: only plays without one count
    plays = [m for m in done if m["shown"] is not None and not m["chose"]]
    shown = [m["shown"] for m in plays]
    accepted = [m["accepted"] for m in plays]
    return {
        "moves": len(plays),
        "shown_ms_median": round(statistics.median(shown), 1),
        "shown_ms_p95": p95(shown),
        "accepted_ms_median": round(statistics.median(accepted), 1),
        "accepted_ms_p95": p95(accepted),
    }


def bot_moves(browser: Browser, base: str, moves: int, rest: float = 0.2) -> dict[str, Any]:
    done = play(browser, base, 3, "__bots", moves, rest)
    animated = [m["ms"] for m in done if m["ms"] is not None]
    return {
        "moves": len(done),
        "not_animated": len(done) - len(animated),
        "animated_ms_median": round(statistics.median(animated), 1) if animated else None,
        "animated_ms_p95": p95(animated) if animated else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--loads", type=int, default=10)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--bot-moves", type=int, default=40)
    parser.add_argument("--rest", type=float, default=0.2, help="seconds after each click")
    parser.add_argument(
        "--latency", type=float, default=0, help="ms added to every response of the first loads"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start_server(f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                report = {
                    "first_load": first_loads(browser, base, args.loads, args.latency),
                    "own_move": own_moves(browser, base, args.moves, args.rest),
                    "bot_move": bot_moves(browser, base, args.bot_moves, args.rest),
                }
                browser.close()
        finally:
            proc.terminate()
            proc.wait(30)
    if args.json:
        print(json.dumps(report))
        return
    load, move, bot = report["first_load"], report["own_move"], report["bot_move"]
    rows = [
        ("first load: bytes", load["bytes_median"], load["bytes_max"], TARGET_BYTES),
        ("first load: interactive (ms)", load["interactive_ms_median"],
         load["interactive_ms_max"], TARGET_INTERACTIVE_MS),
        ("first load: words asked for (ms)", load["words_asked_ms_median"],
         load["words_asked_ms_max"], None),
        ("first load: words read (ms)", load["words_read_ms_median"],
         load["words_read_ms_max"], None),
        ("own move: shown (ms)", move["shown_ms_median"], move["shown_ms_p95"], TARGET_MOVE_MS),
        ("own move: accepted and shown (ms)", move["accepted_ms_median"],
         move["accepted_ms_p95"], TARGET_MOVE_MS),
        ("a bot's move animated (ms)", bot["animated_ms_median"], bot["animated_ms_p95"],
         TARGET_BOT_MS),
    ]  # fmt: skip
    print(f"{'measure':36} {'median':>10} {'worst/p95':>10} {'target':>10} {'worst/target':>12}")
    for name, median, worst, target in rows:
        ratio = "-" if worst is None or target is None else f"{worst / target:.2f}"
        print(f"{name:36} {median!s:>10} {worst!s:>10} {target or '-':>10} {ratio:>12}")
    print(
        f"({args.loads} first loads, {load['words_fetches_max']} catalogue request(s) each at most"
        f"{f', {args.latency:g} ms added to each response' if args.latency else ''};"
        f" {move['moves']} own moves; {bot['moves']} bots' moves,"
        f" {bot['not_animated']} of them not animated)"
    )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
