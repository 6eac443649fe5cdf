"""Lighthouse's scores for the page: accessibility, best practices and performance, on the
lobby and on a live table.

Against a fresh ``unoverse serve`` in a subprocess (as ``bench_web.py``), npm's
``lighthouse`` runs Debian's Chromium (``--headless --no-sandbox --disable-gpu``) twice per
page: its default mobile run (a phone's screen, a slow CPU and a slow 4G network, simulated)
and its desktop preset. The pages:

* **lobby**: ``/``;
* **table**: ``/?room=CODE`` for the player of seat 1 at a Classic table with three normal
  bots, started before the run (the bots play at their pace while Lighthouse loads it).
  The seat is the browser's own, as joining leaves it: Playwright writes it into the
  localStorage of a Chromium profile, and Lighthouse runs on that profile with its storage
  reset off.

Target: at least 95 in each of the three categories on both pages. Lighthouse is not a
dependency of the project: install it anywhere (``npm install --prefix DIR lighthouse``)
and pass ``--lighthouse DIR/node_modules/.bin/lighthouse`` (or have it on the PATH).

``python benchmarks/bench_lighthouse.py``; ``--json`` for the scores as JSON, ``--keep DIR``
to keep Lighthouse's reports.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

from bench_server import start_server

CHROMIUM = "/usr/bin/chromium"
FLAGS = "--headless --no-sandbox --disable-gpu"
CATEGORIES = ("accessibility", "best-practices", "performance")
TARGET = 95


def table_room(base: str) -> tuple[str, dict[str, Any]]:
    """A started Classic room: seat 1 held by the page's player, three normal bots."""
    bots = {"1": "normal", "2": "normal", "3": "normal"}
    body = {"name": "Ana", "preset": "classic", "seats": 4, "bots": bots, "timer": "off"}
    made = httpx.post(base + "/api/rooms", json=body, timeout=30).json()
    token = made["token"]
    started = httpx.post(
        f"{base}/api/rooms/{made['room']}/start",
        json={},
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    )
    started.raise_for_status()
    return made["room"], {"seat": made["seat"], "token": token, "name": "Ana"}


def hold_seat(profile: Path, base: str, code: str, held: dict[str, Any]) -> None:
    """Write the seat into the profile's localStorage for the site's origin."""
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, args=FLAGS.split(), headless=True
        )
        page = context.new_page()
        page.goto(base + "/health")
        page.evaluate(
            "([key, value]) => localStorage.setItem(key, value)",
            [f"unoverse.seat.{code}", json.dumps(held)],
        )
        context.close()


def lighthouse(
    binary: str, url: str, profile: Path | None, desktop: bool, out: Path
) -> dict[str, int]:
    """One Lighthouse run: each category's score, 0 to 100."""
    flags = FLAGS + (f" --user-data-dir={profile}" if profile else "")
    command = [
        binary,
        url,
        "--output=json",
        f"--output-path={out}",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={flags}",
        "--quiet",
    ]
    if profile:
        command.append("--disable-storage-reset")
    if desktop:
        command.append("--preset=desktop")
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    subprocess.run(command, env=env, check=True, timeout=300)
    report = json.loads(out.read_text())
    return {c: round(report["categories"][c]["score"] * 100) for c in CATEGORIES}


def failing(out: Path) -> list[str]:
    """The audits of a report that did not pass (score under 0.9), with their titles."""
    report = json.loads(out.read_text())
    found = []
    for category in CATEGORIES:
        for ref in report["categories"][category]["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if ref.get("weight", 0) > 0 and audit["score"] is not None and audit["score"] < 0.9:
                found.append(f"{category}: {ref['id']} ({audit['score']:.2f}) {audit['title']}")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lighthouse", default=shutil.which("lighthouse") or "lighthouse")
    parser.add_argument("--json", action="store_true", help="print the scores as JSON")
    parser.add_argument("--keep", type=Path, help="keep Lighthouse's JSON reports here")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="unoverse-lighthouse-"))
    reports = args.keep or work
    reports.mkdir(parents=True, exist_ok=True)
    proc, base = start_server(f"sqlite+aiosqlite:///{work / 'lighthouse.db'}")
    scores: dict[str, dict[str, int]] = {}
    notes: dict[str, list[str]] = {}
    try:
        code, held = table_room(base)
        profile = work / "profile"
        hold_seat(profile, base, code, held)
        pages = [("lobby", base + "/", None), ("table", f"{base}/?room={code}", profile)]
        for name, url, prof in pages:
            for desktop in (False, True):
                key = f"{name} ({'desktop' if desktop else 'mobile'})"
                out = reports / f"{name}-{'desktop' if desktop else 'mobile'}.json"
                scores[key] = lighthouse(args.lighthouse, url, prof, desktop, out)
                notes[key] = failing(out)
    finally:
        proc.terminate()
        proc.wait(30)
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    if args.json:
        print(json.dumps({"scores": scores, "below_0_9": notes}))
        return
    print(f"{'':22} " + " ".join(f"{c:>15}" for c in CATEGORIES))
    for key, row in scores.items():
        print(f"{key:22} " + " ".join(f"{row[c]:>15}" for c in CATEGORIES))
    for key, found in notes.items():
        for line in found:
            print(f"  {key}: {line}")
    ok = all(row[c] >= TARGET for row in scores.values() for c in CATEGORIES)
    print(f"target: every score at least {TARGET}: {'met' if ok else 'NOT met'}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
