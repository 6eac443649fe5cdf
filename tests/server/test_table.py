"""What a table shows besides the game (docs/protocol.md): bots at a person's pace that say
when they think, the room's bot speed, emotes, an away player's grace countdown, the seats
a stand-in played, and the results an ended room keeps (Blast's eliminations in order)."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest

from unoverse.bots.pace import Pace
from unoverse.server.hub import Hub

from .players import FAST, QUICK, ROOMY, Client, Server, in_process, room

#: The server's own pace: bots at a person's pace (the tests' ``FAST`` turns it off).
PACED = replace(FAST, human_pace=True)


def run(tmp_path: Path, body: Any, config: Any = FAST, **kw: Any) -> None:
    async def main() -> None:
        async with in_process(f"sqlite+aiosqlite:///{tmp_path / 'u.db'}", config, **kw) as server:
            await body(server)

    asyncio.run(main())


def test_a_bots_think_time_grows_with_its_hand_not_with_what_it_can_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The think time counts the cards the bot holds (public), never its legal actions: a
    time that grew with what it can play would tell the table what it holds."""
    seen: list[tuple[int, int, int]] = []  # (choices counted, cards held, legal actions)
    hubs: list[Hub] = []
    think = Pace.think_ms

    def spy(self: Pace, choices: int) -> float:
        [live] = hubs[0].rooms.values()
        game = live.game
        assert game is not None
        seen.append((choices, len(game.hands[self.seat]), len(game.legal_actions(self.seat))))
        return think(self, choices) * 0.01  # (quickly)

    monkeypatch.setattr(Pace, "think_ms", spy)

    async def body(server: Server) -> None:
        hubs.append(server.app.state.hub)
        # Ana never comes: after her grace a stand-in plays for her, at its pace too
        await room(server, "classic", 3, {1: "normal", 2: "normal"}, ["Ana"])
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and len(seen) < 30:
            await asyncio.sleep(0.05)

    run(tmp_path, body, replace(PACED, grace_s=0.2))
    assert len(seen) >= 30
    assert all(choices == held for choices, held, _ in seen), seen
    assert any(held != legal for _, held, legal in seen)  # the two counts differ


def test_bots_think_at_a_persons_pace_and_say_so(tmp_path: Path) -> None:
    """Two normal bots at ``fast`` speed (their times x0.6): each turn is announced with a
    ``thinking`` frame whose ``until`` the bot's update keeps to, and no bot turn follows
    another in less than a person's time."""

    async def body(server: Server) -> None:
        code, [(s0, t0)] = await room(
            server, "classic", 3, {1: "normal", 2: "normal"}, ["Ana"], bot_speed="fast"
        )
        async with Client.connect(server, code, t0, s0) as ana:
            listing = await httpx.AsyncClient(base_url=server.base).get(f"/api/rooms/{code}")
            assert listing.json()["bot_speed"] == "fast"
            arrivals: list[tuple[float, dict[str, Any]]] = []
            deadline = time.monotonic() + 25
            while time.monotonic() < deadline and len(arrivals) < 120:
                frame = await ana.recv(10)
                arrivals.append((time.time() * 1000.0, frame))
                if frame["type"] == "update" and frame["view"]["turn"] == s0:
                    # her window, whatever it is: a wild first card's colour to declare too,
                    # or the bots would wait on her until the test gave up
                    legal = frame["view"]["legal"]
                    if legal and frame["view"]["phase"] != "over":
                        await ana.act(legal[0], frame["version"])
                thinking = [f for _, f in arrivals if f["type"] == "thinking"]
                if len(thinking) >= 6:
                    break
        thinking = [(t, f) for t, f in arrivals if f["type"] == "thinking"]
        assert len(thinking) >= 6, [f["type"] for _, f in arrivals]
        for at, think in thinking:
            assert think["seat"] in (1, 2)
            # the bot's answer comes as an update with a higher version, at its ``until``
            after = [
                (t, f)
                for t, f in arrivals
                if t >= at and f["type"] == "update" and f["version"] > think["version"]
            ]
            if not after:
                continue  # the last one: its answer had not come yet
            t_update, _update = after[0]
            assert think["until"] > at - 50  # announced before it is due
            assert t_update >= think["until"] - 50, (t_update, think)
            # a normal bot's turn at fast speed: 1350 ms x 0.6 at the median; none comes
            # in less than a quarter of that (a lognormal of sigma 0.35 is 4 sigmas away)
            assert think["until"] - at >= 200.0

    run(tmp_path, body, PACED)


def test_the_bot_speed_is_a_room_setting_and_is_checked(tmp_path: Path) -> None:
    async def body(server: Server) -> None:
        async with httpx.AsyncClient(base_url=server.base) as http:
            body = {"name": "Ana", "preset": "classic", "seats": 2, "bot_speed": "relaxed"}
            r = await http.post("/api/rooms", json=body)
            assert r.status_code == 201
            code = r.json()["room"]
            assert (await http.get(f"/api/rooms/{code}")).json()["bot_speed"] == "relaxed"
            r = await http.post("/api/rooms", json=body | {"bot_speed": "ludicrous"})
            assert r.status_code == 422 and r.json()["code"] == "bad_message"
            assert "bot_speed" in r.json()["message"]
            code2 = (await http.post("/api/rooms", json={"name": "Bo", "seats": 2})).json()["room"]
            assert (await http.get(f"/api/rooms/{code2}")).json()["bot_speed"] == "normal"

    run(tmp_path, body)


def test_emotes_are_shown_to_everyone_once_and_refused_otherwise(tmp_path: Path) -> None:
    async def body(server: Server) -> None:
        code, [(s0, t0), (s1, t1)] = await room(server, "classic", 2, {}, ["Ana", "Bo"])
        async with (
            Client.connect(server, code, t0, s0) as ana,
            Client.connect(server, code, t1, s1) as bo,
            Client.connect(server, code, None, None) as watcher,
        ):
            await ana.until("update")
            await bo.until("update")
            await watcher.until("welcome")
            await ana.send({"type": "emote", "seq": 1, "emote": "well_played"})
            assert (await ana.answer(1))["type"] == "ack"
            shown = await bo.until("emote")
            assert shown["seat"] == s0 and shown["name"] == "Ana"
            assert shown["emote"] == "well_played" and shown["at"] > 0
            assert (await watcher.until("emote"))["emote"] == "well_played"
            # sent again with the same seq: the same answer, not shown again
            ana.answers.clear()
            await ana.send({"type": "emote", "seq": 1, "emote": "well_played"})
            assert (await ana.answer(1))["type"] == "ack"
            await ana.send({"type": "emote", "seq": 2, "emote": "boo"})
            refused = await ana.until("error")  # (an unreadable frame: no seq to answer)
            assert refused["code"] == "bad_message" and "emote" in refused["message"]
            await watcher.send({"type": "emote", "seq": 1, "emote": "wow"})
            assert (await watcher.until("error"))["code"] == "unauthorised"
            await bo.drain()
            assert [f["emote"] for f in bo.frames if f["type"] == "emote"] == ["well_played"]
        async with Client.connect(server, code, t1, s1) as back:  # emotes are not kept
            await back.until("update")
            await back.drain()
            assert not [f for f in back.frames if f["type"] == "emote"]

    run(tmp_path, body)


def test_an_emote_flood_is_rate_limited(tmp_path: Path) -> None:
    async def body(server: Server) -> None:
        code, [(s0, t0)] = await room(server, "classic", 2, {1: QUICK["easy"]}, ["Ana"])
        async with Client.connect(server, code, t0, s0) as ana:
            await ana.until("update")
            for seq in range(1, 131):  # the bucket holds 100 (limits.RATE)
                await ana.send({"type": "emote", "seq": seq, "emote": "wow"})
            codes = set()
            for seq in range(1, 131):  # the bucket holds 100 (limits.RATE)
                answer = await ana.answer(seq)
                codes.add(answer.get("code", answer["type"]))
            assert "rate_limited" in codes and "ack" in codes

    run(tmp_path, body)


async def play_until_stood_in(bo: Client, away: int) -> list[dict[str, Any]]:
    """Bo plays his turns until a stand-in has moved for the seat ``away``: the updates
    that say so."""
    stood: list[dict[str, Any]] = []
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not stood:
        await bo.drain()
        stood = [f for f in bo.frames if f["type"] == "update" and away in f["stand_in"]]
        choice = bo.choice()
        if choice is not None:
            bo.acted_on, bo.acted_in = bo.view["version"], bo.game  # type: ignore[index]
            await bo.answer(await bo.act(choice))
    return stood


def test_an_away_players_grace_counts_down_then_a_labelled_stand_in_plays(
    tmp_path: Path,
) -> None:
    """Ana leaves with her turn to play: everyone sees her grace running (1 s here), then
    the stand-in taking over, and each update names her seat for the stand-in's moves."""

    async def body(server: Server) -> None:
        code, [(s0, t0), (s1, t1)] = await room(server, "classic", 2, {}, ["Ana", "Bo"])
        async with Client.connect(server, code, t1, s1) as bo:
            async with Client.connect(server, code, t0, s0) as ana:
                await ana.until("update")
                welcome = next(f for f in ana.frames if f["type"] == "welcome")
                assert all(s["grace"] is None for s in welcome["presence"])
            stood = await play_until_stood_in(bo, s0)
            graces = [
                f["seats"][s0]["grace"]
                for f in bo.frames
                if f["type"] == "presence" and f["seats"][s0]["grace"] is not None
            ]
            assert graces, "no grace was shown"
            assert all(0 <= g["left_ms"] <= 1000.0 for g in graces)
            assert any(g["running"] for g in graces)
            presences = [f for f in bo.frames if f["type"] == "presence"]
            assert presences[-1]["seats"][s0]["stand_in"] is True
            assert presences[-1]["seats"][s0]["grace"] is None  # a stand-in plays: no grace
            assert stood and all(f["stand_in"] == [s0] for f in stood)
            # a stand-in's move is the seat's own event, labelled by the update
            assert any(e.get("seat") == s0 for f in stood for e in f["events"])
            mine = [f for f in bo.frames if f["type"] == "update" and f["stand_in"] == [s1]]
            assert not mine
            # coming back: the catch-up update names the seat a stand-in played for
            async with Client.connect(server, code, t0, s0) as back:
                update = await back.until("update")
                assert s0 in update["stand_in"]

    run(tmp_path, body)


def test_a_stand_ins_moves_stay_labelled_after_a_restart(tmp_path: Path) -> None:
    """Each stored action says whether a stand-in made it: a restarted server's catch-up
    update still names the seat it played for."""
    database = f"sqlite+aiosqlite:///{tmp_path / 'u.db'}"

    async def main() -> None:
        async with in_process(database, FAST) as server:
            code, [(s0, t0), (s1, t1)] = await room(server, "classic", 2, {}, ["Ana", "Bo"])
            async with Client.connect(server, code, t1, s1) as bo:
                async with Client.connect(server, code, t0, s0) as ana:
                    await ana.until("update")
                assert await play_until_stood_in(bo, s0), "no stand-in played"
        async with (
            in_process(database, FAST) as server,
            Client.connect(server, code, t1, s1) as bo,
        ):
            update = await bo.until("update")
            assert update["stand_in"] == [s0]
            assert any(e.get("seat") == s0 for e in update["events"])

    asyncio.run(main())


def test_a_decided_match_and_an_ended_room_show_their_results(tmp_path: Path) -> None:
    limits = replace(ROOMY, abandoned_s=50.0)

    async def body(server: Server) -> None:
        code, [(s0, t0)] = await room(
            server, "classic+scoring=none", 2, {1: QUICK["normal"]}, ["Ana"]
        )
        async with httpx.AsyncClient(base_url=server.base) as http:
            before = (await http.get(f"/api/rooms/{code}")).json()
            assert before["ended"] is False and before["results"] is None
            async with Client.connect(server, code, t0, s0) as ana:
                over = await ana.play_match()
            round_over = next(f for f in ana.frames if f["type"] == "round_over")
            assert round_over["eliminated"] is None  # Classic eliminates nobody
            listing = (await http.get(f"/api/rooms/{code}")).json()
            assert listing["match_over"] is True and listing["ended"] is False
            results = listing["results"]
            assert results["variant"] == "classic"
            assert results["names"] == ["Ana", f"bot {QUICK['normal']}"]
            assert results["winners"] == over["winners"] and results["scores"] == over["scores"]
            (only,) = results["rounds"]
            assert only["game"] == round_over["game"] and only["winner"] == round_over["winner"]
            assert only["leftovers"] == round_over["leftovers"] and only["eliminated"] is None
            hub: Hub = server.app.state.hub
            assert await hub.sweep(time.monotonic() + 60) == [code]
            ended = await http.get(f"/api/rooms/{code}")
            assert ended.status_code == 200
            assert ended.json()["ended"] is True and ended.json()["results"] == results
            assert ended.json()["match_over"] is True  # decided before the room ended
            assert all(not s["connected"] for s in ended.json()["presence"])
            missing = await http.get("/api/rooms/ZZZZZZZZ")
            assert missing.status_code == 404

    run(tmp_path, body, limits=limits)


def test_a_blast_round_lists_its_eliminations_in_order(tmp_path: Path) -> None:
    async def body(server: Server) -> None:
        bots = {1: QUICK["easy"], 2: QUICK["easy"]}
        code, [(s0, t0)] = await room(server, "blast+scoring=none", 3, bots, ["Ana"])
        async with Client.connect(server, code, t0, s0) as ana:
            await ana.play_match(timeout=180)
        round_over = next(f for f in ana.frames if f["type"] == "round_over")
        events = [
            e
            for f in ana.frames
            if f["type"] == "update" and f["game"] == round_over["game"]
            for e in f["events"]
        ]
        order = [e["seat"] for e in events if e["kind"] == "eliminated"]
        assert round_over["eliminated"] == order
        assert round_over["winner"] not in order
        async with httpx.AsyncClient(base_url=server.base) as http:
            results = (await http.get(f"/api/rooms/{code}")).json()["results"]
        assert results["variant"] == "blast"
        assert results["rounds"][-1]["eliminated"] == order

    run(tmp_path, body)
