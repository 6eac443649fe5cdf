"""Every typed error the server sends, provoked once, and bad input of every kind: each gets
a typed error or a closed socket, no game state changes, and the server keeps serving."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from unoverse.server.protocol import ERROR_CODES

from .players import QUICK, Client, Server, bearer, in_process, room

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def run(tmp_path: Path, body: Any) -> None:
    async def main() -> None:
        async with in_process(f"sqlite+aiosqlite:///{tmp_path / 'u.db'}") as server:
            await body(server)

    asyncio.run(main())


async def status(server: Server) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=server.base) as http:
        r = await http.get("/health")
        assert r.status_code == 200
        return dict(r.json())


def test_every_http_refusal_is_typed_and_changes_nothing(tmp_path: Path) -> None:
    async def body(server: Server) -> None:
        async with httpx.AsyncClient(base_url=server.base) as http:

            async def refused(method: str, path: str, code: str, status: int, **kw: Any) -> None:
                r = await http.request(method, path, **kw)
                assert (r.status_code, r.json()["code"]) == (status, code), r.text
                assert r.json()["message"]

            await refused(
                "POST",
                "/api/rooms",
                "unknown_variant",
                422,
                json={"name": "A", "preset": "klondike"},
            )
            await refused("POST", "/api/rooms", "bad_message", 422, json={"name": "A", "seats": 11})
            await refused(
                "POST", "/api/rooms", "bad_message", 422, json={"name": "A", "seats": "x"}
            )
            await refused("POST", "/api/rooms", "bad_message", 422, content=b"{not json")
            await refused(
                "POST",
                "/api/rooms",
                "bad_bot_spec",
                422,
                json={"name": "A", "bots": {"1": "nobot"}},
            )
            r = await http.post("/api/rooms", json={"name": "Ana", "seats": 2})
            code, host = r.json()["room"], r.json()["token"]
            before = (await http.get(f"/api/rooms/{code}")).json()
            await refused("GET", "/api/rooms/NOROOM", "not_found", 404)
            await refused("POST", f"/api/rooms/{code}/start", "unauthorised", 401)
            await refused(
                "POST", f"/api/rooms/{code}/start", "unauthorised", 401, headers=bearer("x" * 43)
            )
            await refused(
                "POST", f"/api/rooms/{code}/start", "not_ready", 409, headers=bearer(host)
            )
            await refused(
                "POST", f"/api/rooms/{code}/join", "bad_message", 422, json={"name": "ana"}
            )
            await refused(
                "POST", f"/api/rooms/{code}/join", "bad_message", 422, json={"name": "\u0007bell"}
            )
            await refused(
                "POST", f"/api/rooms/{code}/again", "not_ready", 409, headers=bearer(host)
            )
            assert (await http.get(f"/api/rooms/{code}")).json() == before
            r = await http.post(f"/api/rooms/{code}/join", json={"name": "<script>x</script>"})
            assert r.status_code == 201
            await refused("POST", f"/api/rooms/{code}/join", "room_full", 409, json={"name": "Cy"})
            names = [s["name"] for s in (await http.get(f"/api/rooms/{code}")).json()["seats"]]
            assert names == ["Ana", "<script>x</script>"]  # text, kept as written
            await refused("GET", "/api/rooms/NOROOM/games/999", "not_found", 404)

    run(tmp_path, body)


async def hello_refused(server: Server, hello: object, code: str) -> None:
    async with websockets.connect(server.ws) as ws:
        await ws.send(hello if isinstance(hello, str | bytes) else json.dumps(hello))
        frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
        assert (frame["type"], frame["code"]) == ("error", code), frame
        with pytest.raises(websockets.ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 10)


def test_every_websocket_error_is_typed_and_changes_nothing(tmp_path: Path) -> None:
    async def body(server: Server) -> None:
        # nobody else acts: the state moves only when this test says
        code, [(s0, t0), _] = await room(server, "classic", 2, {}, ["Ana", "Bo"], start=False)
        other, [(_, t_other)] = await room(server, "classic", 2, {1: "easy"}, ["Cy"])
        hello = {"type": "hello", "protocol": 1, "room": code}
        # before the hello is accepted: typed error, then the socket closes
        await hello_refused(server, {**hello, "room": "NOROOM"}, "not_found")
        await hello_refused(server, {**hello, "token": "x" * 43}, "unauthorised")
        await hello_refused(server, {**hello, "token": t_other}, "unauthorised")  # other room
        await hello_refused(server, {**hello, "protocol": 2}, "bad_message")
        await hello_refused(server, "{not json", "bad_message")
        await hello_refused(
            server, {"type": "act", "seq": 1, "based_on_version": 0, "action": "R5"}, "bad_message"
        )
        async with Client.connect(server, code, t0, s0) as a:
            assert (await a.until("welcome"))["seat"] == s0
            seq = await a.act("draw", version=0)
            assert (await a.answer(seq))["code"] == "not_started"
            async with httpx.AsyncClient(base_url=server.base) as http:
                r = await http.post(f"/api/rooms/{code}/start", headers=bearer(t0))
                assert r.status_code == 200
            await a.until("update")
            view = a.view
            assert view is not None
            turn, version = view["turn"], view["version"]
            errors: dict[str, dict[str, Any]] = {}

            async def error(frame: object, seq: int | None) -> dict[str, Any]:
                await a.send(frame) if not isinstance(frame, str) else await a.ws.send(frame)
                while True:
                    got = await a.recv()
                    if got["type"] == "error" and got["seq"] == seq:
                        errors[got["code"]] = got
                        return got

            await error("{not json", None)
            await error('{"type": "resign", "seq": 9}', None)
            await error(json.dumps({"type": "chat", "seq": 10, "text": "x" * 20000}), None)
            await error("[" * 5000 + "]" * 5000, None)
            await error(
                {
                    "type": "act",
                    "seq": 11,
                    "based_on_version": version,
                    "action": "R5",
                    "room": other,
                },
                None,
            )
            await error(
                {"type": "act", "seq": 12, "based_on_version": version, "action": "R5", "seat": 1},
                None,
            )
            await error({"type": "hello", "protocol": 1, "room": code}, None)
            await error({"type": "act", "seq": 13, "based_on_version": version, "action": "Q9"}, 13)
            if turn == s0:
                hand = set(view["hand"])
                wrong = next(c for c in ("R0", "G0", "B0", "Y0", "R1", "G1") if c not in hand)
                await error(
                    {"type": "act", "seq": 14, "based_on_version": version, "action": wrong}, 14
                )
                assert errors["illegal"]["seq"] == 14
            else:
                await error(
                    {"type": "act", "seq": 14, "based_on_version": version, "action": "draw"}, 14
                )
                assert errors["not_your_window"]["seq"] == 14
            await error(
                {"type": "act", "seq": 15, "based_on_version": version + 5, "action": "draw"}, 15
            )
            assert {"bad_message", "notation"} <= set(errors)
            assert "does not exist yet" in errors["illegal"]["message"]
            # an engine's refusal carries its reason and fields; the server's own refusals not
            assert errors["illegal"]["reason"] == "reason.version.future"
            assert errors["illegal"]["fields"] == {"version": version + 5, "current": version}
            assert "reason" not in errors["bad_message"] and "fields" not in errors["notation"]
            assert a.view is not None and a.view["version"] == version  # nothing changed
        assert (await status(server))["ok"]

    run(tmp_path, body)


def test_a_replayed_message_is_applied_once_and_answered_the_same(tmp_path: Path) -> None:
    async def body(server: Server) -> None:
        code, [(s0, t0), (s1, t1)] = await room(server, "classic", 2, {}, ["Ana", "Bo"])
        async with (
            Client.connect(server, code, t0, s0) as a,
            Client.connect(server, code, t1, s1) as b,
        ):
            await a.until("update")
            await b.until("update")
            holder = a if a.view and a.view["legal"] else b
            assert holder.view is not None and holder.view["legal"]
            version, legal = holder.view["version"], holder.view["legal"]
            seq = await holder.act(legal[-1])
            first = await holder.answer(seq)
            assert first["type"] == "ack" and first["version"] == version + 1
            del holder.answers[seq]
            await holder.act(legal[0], version=version, seq=seq)  # the same seq
            assert await holder.answer(seq) == first
            await holder.drain()
            assert holder.view is not None and holder.view["version"] == version + 1

    run(tmp_path, body)


def test_a_flood_is_slowed_then_cut_and_other_games_go_on(tmp_path: Path) -> None:
    async def body(server: Server) -> None:
        code, [(s0, t0)] = await room(server, "classic", 2, {1: "easy"}, ["Ana"])
        calm, [(c0, tc)] = await room(server, "classic+scoring=none", 2, {1: QUICK["easy"]}, ["Bo"])
        async with (
            Client.connect(server, code, t0, s0) as a,
            Client.connect(server, calm, tc, c0) as c,
        ):
            await a.until("update")
            for i in range(400):
                try:
                    await a.send({"type": "chat", "seq": i, "text": "spam"})
                except websockets.ConnectionClosed:
                    break
            codes = []
            with pytest.raises(websockets.ConnectionClosed):
                while True:
                    frame = await a.recv()
                    if frame["type"] == "error":
                        codes.append(frame["code"])
                    if frame["type"] == "bye":
                        assert frame["reason"] == "flood"
            assert "rate_limited" in codes
            over = await c.play_match()  # the other room plays on
            assert over["winners"]

    run(tmp_path, body)


def test_chat_is_stored_text_and_rate_limited(tmp_path: Path) -> None:
    async def body(server: Server) -> None:
        code, [(s0, t0), _] = await room(server, "classic", 2, {}, ["Ana", "Bo"])
        markup = "<img src=x onerror=alert(1)> **bold** &amp;"
        async with Client.connect(server, code, t0, s0) as a:
            await a.until("welcome")
            await a.send({"type": "chat", "seq": 1, "text": markup})
            line = await a.until("chat_line")
            assert (line["text"], line["name"], line["seat"]) == (markup, "Ana", s0)
            assert (await a.answer(1))["type"] == "ack"
        async with Client.connect(server, code, None, None) as watcher:
            welcome = await watcher.until("welcome")
            assert [c["text"] for c in welcome["chat"]] == [markup]  # stored
            await watcher.send({"type": "chat", "seq": 1, "text": "hi"})
            frame = await watcher.until("error")
            assert frame["code"] == "unauthorised"  # a spectator only watches

    run(tmp_path, body)


def test_every_error_code_is_provoked_by_these_tests() -> None:
    """The codes the tests above, test_hostile.py (the limits) and test_accounts.py
    (``forbidden``, ``name_taken``) provoke, against the protocol's list."""
    provoked = {
        "illegal", "not_your_window", "stale", "notation", "bad_message", "rate_limited",
        "unauthorised", "forbidden", "name_taken", "room_full", "not_started", "not_ready",
        "not_found", "too_large", "too_many", "server_full", "unavailable",
    }  # fmt: skip
    assert provoked == set(ERROR_CODES)
