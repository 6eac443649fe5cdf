"""The browser client's weight and speed, in Debian's Chromium on loopback.

Against a fresh ``unoverse serve`` in a subprocess (the build ``make compile`` made, when
there is one; SQLite in a temporary directory), driven by Playwright:

* **first load**: ``--loads`` times (10), a new browser context (empty cache) opens ``/``.
  Reported: the bytes transferred (every response's headers and encoded body) and the time
  from navigation to the lobby being interactive (its "Create the room" button rendered by
  the page's code), each as median and worst. Targets: under 300 KB and under 1 s.
* **own move**: a person's seat at a Classic table with a quick bot plays ``--moves`` (40)
  cards by clicking them (a card that asks a choice, a wild's colour, is left out: the wait
  is the player's). For each, the page records the time from the click to the card
  leaving the hand (shown at once, before any answer) and to the server's update being on
  the page (the move accepted, stored and shown). Reported: median and p95 of both. Target:
  the accepted move shown in under 50 ms.

``python benchmarks/bench_web.py`` (defaults as above), ``--loads 2 --moves 5`` for a quick
look, ``--json`` for the figures as JSON. After each click the page is left alone for
``--rest`` seconds (0.2) while the move goes through: polling it meanwhile would take its main
thread from the move being timed. The smoke test rests less (``--rest 0.05``): it checks that
the run plays and measures, not the figures.
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

#: In the page: when a card is clicked, the time until it leaves the hand and until the
#: page shows a later state version (the server's update).
PROBE = """
window.__moves = [];
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


def first_loads(browser: Browser, base: str, loads: int) -> dict[str, Any]:
    sizes, times = [], []
    for _ in range(loads):
        context = browser.new_context()
        page = context.new_page()
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
        context.close()
    return {
        "bytes_median": statistics.median(sizes),
        "bytes_max": max(sizes),
        "interactive_ms_median": round(statistics.median(times), 1),
        "interactive_ms_max": round(max(times), 1),
    }


def seat(browser: Browser, base: str) -> tuple[Any, Page]:
    body = {"name": "Ana", "preset": "classic+scoring=none", "seats": 2, "timer": "off"}
    body["bots"] = {"1": "easy:median_ms=5"}
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


def own_moves(browser: Browser, base: str, moves: int, rest: float = 0.2) -> dict[str, Any]:
    done: list[dict[str, float]] = []
    deadline = time.monotonic() + 60 + moves * 5
    context, page = seat(browser, base)
    while len(done) < moves:
        assert time.monotonic() < deadline, "the moves took too long"
        if page.locator(".results").count():
            done += page.evaluate("window.__moves")
            context.close()
            context, page = seat(browser, base)
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
    done += page.evaluate("window.__moves")
    context.close()
    # a wild's choice is the player's time, not the page's: only plays without one count
    plays = [m for m in done if m["shown"] is not None and not m["chose"]]
    shown = sorted(m["shown"] for m in plays)
    accepted = sorted(m["accepted"] for m in plays)
    return {
        "moves": len(plays),
        "shown_ms_median": round(statistics.median(shown), 1),
        "shown_ms_p95": round(shown[int(0.95 * (len(shown) - 1))], 1),
        "accepted_ms_median": round(statistics.median(accepted), 1),
        "accepted_ms_p95": round(accepted[int(0.95 * (len(accepted) - 1))], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--loads", type=int, default=10)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--rest", type=float, default=0.2, help="seconds after each click")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start_server(f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                report = {
                    "first_load": first_loads(browser, base, args.loads),
                    "own_move": own_moves(browser, base, args.moves, args.rest),
                }
                browser.close()
        finally:
            proc.terminate()
            proc.wait(30)
    if args.json:
        print(json.dumps(report))
        return
    load, move = report["first_load"], report["own_move"]
    rows = [
        ("first load: bytes", load["bytes_median"], load["bytes_max"], TARGET_BYTES),
        ("first load: interactive (ms)", load["interactive_ms_median"],
         load["interactive_ms_max"], TARGET_INTERACTIVE_MS),
        ("own move: shown (ms)", move["shown_ms_median"], move["shown_ms_p95"], TARGET_MOVE_MS),
        ("own move: accepted and shown (ms)", move["accepted_ms_median"],
         move["accepted_ms_p95"], TARGET_MOVE_MS),
    ]  # fmt: skip
    print(f"{'measure':36} {'median':>10} {'worst/p95':>10} {'target':>10} {'worst/target':>12}")
    for name, median, worst, target in rows:
        print(f"{name:36} {median:>10} {worst:>10} {target:>10} {worst / target:>12.2f}")
    print(f"({args.loads} first loads; {move['moves']} moves)")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
