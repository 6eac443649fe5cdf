"""The bots' pace at a table, measured through the protocol: rooms of one scripted websocket
client and three ``normal`` bots, on a fresh ``unoverse serve`` in a subprocess (SQLite in
a temporary directory; the engine build ``make compile`` made, when there is one).

* ``Classic``: ``--rooms`` rooms (24) of Classic played for ``--seconds`` (150). The client
  plays its turn 300 ms after it comes (the first legal card or draw), never calls UNO
  and never catches, so each time it plays its second-to-last card a catch window opens on
  it. Measured: the time between two bot turns in a row (the arrival of one bot's turn
  update to the next's, at the client), and how long after the window opens a bot catches
  the client (the arrival of the update that opened it to the one with the catch).
* ``BLAST mode``: as many rooms of UNO Blast in BLAST mode (``blast+mode=blast``), where
  every seat plays when it can. The client answers 700 ms after each change it sees: it
  plays its first playable card on the state then in front of it. A race is each card it
  sends; it wins when its card is the next to land after the state it saw (no other seat's
  card landed in between). Measured: the share of races it wins, and the cards each seat
  landed.

The targets (issue 39, at ``bot_speed`` normal): median time between two bot turns >= 1.2 s,
median catch >= 1.5 s after the window opens, and the 700 ms client winning at least a
quarter of its races against three normal bots. ``--bot-speed`` measures another speed.

``python benchmarks/bench_table.py`` (defaults as above), ``--rooms 1 --seconds 5`` for a
quick look; ``--json`` prints the figures as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

from bench_server import COMPILED, percentile, start_server

#: The issue's targets at normal speed.
TARGET_BOT_TURN_S = 1.2
TARGET_CATCH_S = 1.5
TARGET_RACE_SHARE = 0.25
#: The scripted client's pace: its own turn in Classic, and its answer in BLAST mode.
CLIENT_TURN_MS = 300.0
CLIENT_ANSWER_MS = 700.0
#: The actions that are a seat's turn in Classic's events.
TURN_EVENTS = frozenset({"play", "draw", "pass", "take", "challenge"})


@dataclass
class Seen:
    """What one client measured."""

    bot_turns_ms: list[float] = field(default_factory=list)
    catches_ms: list[float] = field(default_factory=list)
    races: int = 0
    won: int = 0
    landed: dict[int, int] = field(default_factory=dict)  # seat -> cards landed
    actions: int = 0


async def make_room(http: httpx.AsyncClient, preset: str, speed: str) -> tuple[str, str]:
    """A room of the client (seat 0) and three normal bots, started: its code and token."""
    body = {
        "name": "client",
        "preset": preset,
        "seats": 4,
        "timer": "off",
        "bot_speed": speed,
        "bots": {"1": "normal", "2": "normal", "3": "normal"},
    }
    r = (await http.post("/api/rooms", json=body)).json()
    code, token = r["room"], r["token"]
    started = await http.post(
        f"/api/rooms/{code}/start", headers={"Authorization": f"Bearer {token}"}
    )
    started.raise_for_status()
    return code, token


async def classic_client(base: str, code: str, token: str, until: float, seen: Seen) -> None:
    """Play seat 0 of a Classic room until ``until`` (monotonic), measuring the bots."""
    url = base.replace("http://", "ws://") + "/ws"
    async with websockets.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "room": code, "token": token}))
        view: dict[str, Any] | None = None
        seq = 0
        due = math.inf
        acted: tuple[int, int] = (-1, -1)
        game = -1
        last_turn: tuple[float, int] | None = None  # (arrival, seat) of the last turn update
        window_at: float | None = None  # when a catch window opened on the client
        while time.monotonic() < until:
            timeout = max(0.0, min(due, until) - time.monotonic())
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), timeout))
            except TimeoutError:
                frame = None
            now = time.monotonic()
            if frame is not None and frame["type"] == "update":
                view, game = frame["view"], frame["game"]
                turn = [e for e in frame["events"] if e["kind"] in TURN_EVENTS]
                if turn and len(frame["events"]) < 20:  # (not a catch-up update)
                    seat = turn[0]["seat"]
                    if last_turn is not None and last_turn[1] != 0 and seat != 0:
                        seen.bot_turns_ms.append((now - last_turn[0]) * 1000.0)
                    last_turn = (now, seat)
                caught = [e for e in frame["events"] if e["kind"] == "catch" and e["target"] == 0]
                if caught and window_at is not None:
                    seen.catches_ms.append((now - window_at) * 1000.0)
                open_on_me = any(w["kind"] == "uno" and w["seat"] == 0 for w in view["windows"])
                if open_on_me and window_at is None:
                    window_at = now
                elif not open_on_me:
                    window_at = None
            elif frame is not None and frame["type"] == "deal":
                last_turn, window_at = None, None
            if view is None or view["winner"] is not None or view["turn"] != 0:
                continue
            mine = any(w["kind"] != "uno" and w.get("seat") == 0 for w in view["windows"])
            if not mine or (game, view["version"]) == acted:
                continue
            if due == math.inf:
                due = now + CLIENT_TURN_MS / 1000.0
                continue
            if now < due:
                continue
            # its turn: the first card or draw, never an UNO call (a catch window opens)
            legal = [
                a
                for a in view["legal"]
                if not a.endswith(" uno") and a != "uno" and not a.startswith("catch")
            ]
            due = math.inf
            if not legal:
                continue
            seq += 1
            acted = (game, view["version"])
            act = {"type": "act", "seq": seq, "based_on_version": view["version"]}
            await ws.send(json.dumps({**act, "action": legal[0]}))
            seen.actions += 1


def _playable(legal: list[str]) -> str | None:
    """The client's card to send in BLAST mode: its first play (no arming, no calls)."""
    for a in legal:
        if a.startswith(("arm", "disarm", "catch", "uno", "blast", "draw", "pass", "take")):
            continue
        return a
    return None


async def blast_client(base: str, code: str, token: str, until: float, seen: Seen) -> None:
    """Play seat 0 of a BLAST-mode room until ``until``: 700 ms after each change it sees,
    its first playable card, on the state then in front of it."""
    url = base.replace("http://", "ws://") + "/ws"
    async with websockets.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "room": code, "token": token}))
        view: dict[str, Any] | None = None
        game = -1
        seq = 0
        due = math.inf
        #: seq -> (game, version decided on) of the cards on their way
        sent: dict[int, tuple[int, int]] = {}
        #: (game, version) -> the seat whose card landed making it
        cards: dict[tuple[int, int], int] = {}
        outcomes: list[tuple[int, int, int]] = []  # (game, decided on, accepted version)
        while time.monotonic() < until:
            timeout = max(0.0, min(due, until) - time.monotonic())
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), timeout))
            except TimeoutError:
                frame = None
            now = time.monotonic()
            if frame is not None:
                kind = frame["type"]
                if kind == "update":
                    view, game = frame["view"], frame["game"]
                    for e in frame["events"]:
                        if e["kind"] == "play" and e.get("seat") is not None:
                            cards[(game, view["version"])] = e["seat"]
                            seen.landed[e["seat"]] = seen.landed.get(e["seat"], 0) + 1
                    if due == math.inf:
                        due = now + CLIENT_ANSWER_MS / 1000.0
                elif kind in ("ack", "error") and frame.get("seq") in sent:
                    g, based = sent.pop(frame["seq"])
                    if kind == "ack":
                        outcomes.append((g, based, frame["version"]))
                    else:
                        outcomes.append((g, based, -1))
            if view is None or now < due:
                continue
            due = math.inf
            if view["winner"] is not None or sent or not view["legal"]:
                continue
            act = {"type": "act", "seq": seq + 1, "based_on_version": view["version"]}
            if view["phase"] != "live":  # a window of its own (a penalty, a BLAST challenge)
                legal = [a for a in view["legal"] if not a.startswith(("catch", "uno"))]
                if legal:
                    seq += 1
                    await ws.send(json.dumps({**act, "action": legal[0]}))
                    seen.actions += 1
                continue
            card = _playable(view["legal"])
            if card is None:
                continue
            seq += 1
            sent[seq] = (game, view["version"])
            await ws.send(json.dumps({**act, "action": card}))
            seen.actions += 1
        for g, based, accepted in outcomes:
            seen.races += 1
            if accepted < 0:
                continue
            others = [v for v in range(based + 1, accepted) if cards.get((g, v), 0) != 0]
            if not others and cards.get((g, accepted)) == 0:
                seen.won += 1


async def run(kind: str, rooms: int, seconds: float, speed: str) -> dict[str, Any]:
    """Play ``rooms`` rooms of ``kind`` for ``seconds``: the figures."""
    preset = "classic+target_score=10000" if kind == "classic" else "blast+mode=blast"
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start_server(f"sqlite+aiosqlite:///{tmp}/table.db")
        try:
            async with httpx.AsyncClient(base_url=base, timeout=30) as http:
                made = [await make_room(http, preset, speed) for _ in range(rooms)]
            until = time.monotonic() + seconds
            seen = [Seen() for _ in made]
            client = classic_client if kind == "classic" else blast_client
            await asyncio.gather(
                *(
                    client(base, code, token, until, s)
                    for (code, token), s in zip(made, seen, strict=True)
                )
            )
        finally:
            proc.terminate()
            proc.wait(30)
    turns = [x for s in seen for x in s.bot_turns_ms]
    catches = [x for s in seen for x in s.catches_ms]
    out: dict[str, Any] = {"rooms": rooms, "seconds": seconds, "bot_speed": speed}
    if kind == "classic":
        out |= {
            "bot_turns": len(turns),
            "bot_turn_median_s": _s(statistics.median(turns)) if turns else None,
            "bot_turn_p10_s": _s(percentile(turns, 0.10)) if turns else None,
            "bot_turn_p90_s": _s(percentile(turns, 0.90)) if turns else None,
            "catches": len(catches),
            "catch_median_s": _s(statistics.median(catches)) if catches else None,
            "catch_p10_s": _s(percentile(catches, 0.10)) if catches else None,
            "catch_p90_s": _s(percentile(catches, 0.90)) if catches else None,
            "client_actions": sum(s.actions for s in seen),
        }
    else:
        races = sum(s.races for s in seen)
        won = sum(s.won for s in seen)
        landed = {seat: sum(s.landed.get(seat, 0) for s in seen) for seat in range(4)}
        out |= {
            "races": races,
            "won": won,
            "won_share": round(won / races, 3) if races else None,
            "cards_landed": [landed[seat] for seat in range(4)],
        }
    return out


def _s(ms: float) -> float:
    return round(ms / 1000.0, 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=24)
    parser.add_argument("--seconds", type=float, default=150.0)
    parser.add_argument("--bot-speed", default="normal", choices=("relaxed", "normal", "fast"))
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    classic = asyncio.run(run("classic", args.rooms, args.seconds, args.bot_speed))
    blast = asyncio.run(run("blast", args.rooms, args.seconds, args.bot_speed))
    if args.json:
        print(json.dumps({"classic": classic, "blast": blast}))
        return
    build = "compiled" if (COMPILED / "unoverse.stamp.json").exists() else "plain"
    print(
        f"unoverse table pace, engine {build}, bot_speed {args.bot_speed}, {args.rooms} rooms "
        f"x {args.seconds:g} s each: a scripted client and three normal bots"
    )
    print(
        f"time between two bot turns: median {classic['bot_turn_median_s']} s "
        f"(p10 {classic['bot_turn_p10_s']}, p90 {classic['bot_turn_p90_s']}; "
        f"{classic['bot_turns']} pairs)"
    )
    print(
        f"a catch after the window opens: median {classic['catch_median_s']} s "
        f"(p10 {classic['catch_p10_s']}, p90 {classic['catch_p90_s']}; "
        f"{classic['catches']} catches)"
    )
    print(
        f"BLAST mode, the 700 ms client: won {blast['won']} of {blast['races']} races "
        f"({blast['won_share']}); cards landed by seat {blast['cards_landed']}"
    )
    if args.bot_speed == "normal":
        ok = (
            (classic["bot_turn_median_s"] or 0) >= TARGET_BOT_TURN_S
            and (classic["catch_median_s"] or 0) >= TARGET_CATCH_S
            and (blast["won_share"] or 0) >= TARGET_RACE_SHARE
        )
        print(
            f"targets: bot turns >= {TARGET_BOT_TURN_S} s, catches >= {TARGET_CATCH_S} s, "
            f"races won >= {TARGET_RACE_SHARE:.0%}: " + ("met" if ok else "NOT met")
        )


if __name__ == "__main__":
    main()
