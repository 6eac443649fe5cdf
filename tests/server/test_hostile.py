"""The server under hostile use: private rooms stay private, every limit refuses with its
typed error and changes nothing, text a database would choke on is refused on both
databases, spectators cost a join nothing more, unused rooms end, and one server holds a
database at a time. (The victims' latency under each attack: benchmarks/bench_hostile.py.)"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from unoverse.server.app import MAX_PAGE
from unoverse.server.hub import Hub
from unoverse.server.lease import DatabaseInUse
from unoverse.server.quotas import Limits

from .players import (
    FAST,
    QUICK,
    ROOMY,
    Client,
    Server,
    free_port,
    in_process,
    room,
    start_subprocess,
)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def sqlite(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'u.db'}"


def run(database: str, body: Any, limits: Limits = ROOMY) -> None:
    async def main() -> None:
        async with in_process(database, limits=limits) as server:
            await body(server)

    asyncio.run(main())


# -- 1. a private room is not revealed -----------------------------------------------------
def test_a_private_room_and_its_games_are_read_only_under_its_code(tmp_path: Path) -> None:
    async def body(server: Server) -> None:
        code, [(s0, t0)] = await room(
            server, "classic+scoring=none", 2, {1: QUICK["normal"]}, ["Ana"]
        )
        other, _ = await room(server, "classic", 2, {}, ["Bo"], start=False, public=True)
        async with Client.connect(server, code, t0, s0) as ana:
            await ana.play_match()
        game = next(f for f in ana.frames if f["type"] == "deal")["game"]
        async with httpx.AsyncClient(base_url=server.base) as http:
            listed = (await http.get("/api/rooms")).json()
            assert [r["code"] for r in listed["rooms"]] == [other]  # the private one is not
            for path in (f"/api/games/{game}", f"/api/games/{game}/export"):
                assert (await http.get(path)).json()["code"] == "not_found"  # no walkable ids
            for path in ("", "/export", "/steps/0"):
                wrong = await http.get(f"/api/rooms/{other}/games/{game}{path}")
                assert (wrong.status_code, wrong.json()["code"]) == (404, "not_found")
                assert code not in wrong.text
                right = await http.get(f"/api/rooms/{code}/games/{game}{path}")
                assert right.status_code == 200, right.text
            health = (await http.get("/health")).text
            assert code not in health

    run(sqlite(tmp_path), body)


def test_unknown_codes_are_slowed_down_so_rooms_cannot_be_walked(tmp_path: Path) -> None:
    limits = replace(ROOMY, misses_per_minute=5)

    async def body(server: Server) -> None:
        code, _ = await room(server, "classic", 2, {}, ["Ana"], start=False)
        async with httpx.AsyncClient(base_url=server.base) as http:
            answers = [
                (await http.get(f"/api/rooms/ZZZZZZ{i:02d}")).json()["code"] for i in range(5)
            ]
            assert answers == ["not_found"] * 5
            r = await http.get("/api/rooms/ZZZZZZ99")
            assert (r.status_code, r.json()["code"]) == (429, "rate_limited")
            r = await http.get(f"/api/rooms/{code}/games/1")  # games count as lookups too
            assert (r.status_code, r.json()["code"]) == (429, "rate_limited")
            assert (await http.get(f"/api/rooms/{code}")).status_code == 200  # known: served
        async with websockets.connect(server.ws) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 1, "room": "ZZZZZZZZ"}))
            frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert (frame["type"], frame["code"]) == ("error", "rate_limited")

    run(sqlite(tmp_path), body, limits)


# -- 3. what one client may make the server hold -------------------------------------------
def test_room_creation_is_limited_per_address_and_in_total(tmp_path: Path) -> None:
    limits = replace(ROOMY, rooms_per_minute=3)

    async def body(server: Server) -> None:
        async with httpx.AsyncClient(base_url=server.base) as http:
            made = [await http.post("/api/rooms", json={"name": "A"}) for _ in range(4)]
            assert [r.status_code for r in made] == [201, 201, 201, 429]
            assert made[-1].json()["code"] == "rate_limited"
            assert (await http.get("/health")).json()["rooms"] == 3  # the refused one: none
            bad = await http.post("/api/rooms", json={"name": ""})  # bad input takes no quota
            assert bad.status_code == 422

    run(sqlite(tmp_path), body, limits)

    async def held(server: Server) -> None:
        async with httpx.AsyncClient(base_url=server.base) as http:
            made = [await http.post("/api/rooms", json={"name": "A"}) for _ in range(3)]
            assert [r.status_code for r in made] == [201, 201, 429]
            assert made[-1].json()["code"] == "too_many"

    (tmp_path / "b").mkdir()
    (tmp_path / "c").mkdir()
    run(sqlite(tmp_path / "b"), held, replace(ROOMY, rooms_per_address=2))

    async def full(server: Server) -> None:
        async with httpx.AsyncClient(base_url=server.base) as http:
            made = [await http.post("/api/rooms", json={"name": "A"}) for _ in range(3)]
            assert [r.status_code for r in made] == [201, 201, 503]
            assert made[-1].json()["code"] == "server_full"

    run(sqlite(tmp_path / "c"), full, replace(ROOMY, rooms_total=2))


def test_requests_over_an_addresss_rate_are_refused_first(tmp_path: Path) -> None:
    async def body(server: Server) -> None:
        async with httpx.AsyncClient(base_url=server.base) as http:
            answers = [await http.get("/health") for _ in range(6)]
            assert [r.status_code for r in answers] == [200] * 5 + [429]
            assert answers[-1].json()["code"] == "rate_limited"
            r = await http.post("/api/rooms", json={"name": "A"})  # nothing reaches the API
            assert (r.status_code, r.json()["code"]) == (429, "rate_limited")
        other = httpx.AsyncHTTPTransport(local_address="127.0.0.3")
        async with httpx.AsyncClient(base_url=server.base, transport=other) as http:
            assert (await http.get("/health")).json()["rooms"] == 0  # another address: served

    run(sqlite(tmp_path), body, replace(ROOMY, requests_per_minute=5))


def test_a_body_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    limits = replace(ROOMY, body_bytes=2048)

    async def body(server: Server) -> None:
        async with httpx.AsyncClient(base_url=server.base) as http:
            big = {"name": "A", "preset": "classic", "pad": "x" * 5000}
            r = await http.post("/api/rooms", json=big)
            assert (r.status_code, r.json()["code"]) == (413, "too_large")

        # no Content-Length: the chunks are counted as they come, and the answer comes
        # while the client is still sending
        port = int(server.base.rsplit(":", 1)[1])
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(
            b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        for _ in range(3):
            writer.write(b"3e8\r\n" + b" " * 1000 + b"\r\n")
        answer = await asyncio.wait_for(reader.read(), 10)
        writer.close()
        assert answer.startswith(b"HTTP/1.1 413") and b'"too_large"' in answer
        async with httpx.AsyncClient(base_url=server.base) as http:
            assert (await http.get("/health")).json()["rooms"] == 0

    run(sqlite(tmp_path), body, limits)


def test_a_request_head_sent_too_slowly_is_cut_off(tmp_path: Path) -> None:
    limits = replace(ROOMY, head_timeout_s=0.5)

    async def body(server: Server) -> None:
        port = int(server.base.rsplit(":", 1)[1])
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /health HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
        began = time.monotonic()
        assert await asyncio.wait_for(reader.read(), 10) == b""  # closed by the server
        assert time.monotonic() - began < 5
        idle_r, idle_w = await asyncio.open_connection("127.0.0.1", port)  # says nothing
        assert await asyncio.wait_for(idle_r.read(), 10) == b""
        writer.close()
        idle_w.close()
        async with httpx.AsyncClient(base_url=server.base) as http:
            assert (await http.get("/health")).status_code == 200  # a prompt client: served

    run(sqlite(tmp_path), body, limits)


def test_websockets_are_limited_per_address(tmp_path: Path) -> None:
    limits = replace(ROOMY, sockets_per_address=3)

    async def body(server: Server) -> None:
        code, _ = await room(server, "classic", 2, {}, ["Ana"], start=False)
        async with (
            Client.connect(server, code, None, None) as a,
            Client.connect(server, code, None, None) as b,
            Client.connect(server, code, None, None) as c,
        ):
            for client in (a, b, c):
                await client.until("welcome")
            async with websockets.connect(server.ws) as fourth:
                frame = json.loads(await asyncio.wait_for(fourth.recv(), 10))
                assert (frame["type"], frame["code"]) == ("error", "too_many")
                with pytest.raises(websockets.ConnectionClosed):
                    await asyncio.wait_for(fourth.recv(), 10)
        async with Client.connect(server, code, None, None) as again:  # the count went down
            await again.until("welcome")

    run(sqlite(tmp_path), body, limits)


# -- 5. text a database refuses -------------------------------------------------------------
@pytest.mark.parametrize(
    "text", ["a\x00b", "bell\x07", "two\nlines", "\u202eevil", "zero\u200bwidth", "\ufeffbom"]
)
def test_chat_and_names_with_hidden_characters_are_refused_on_both_databases(
    database: str,
    text: str,
) -> None:
    async def body(server: Server) -> None:
        code, [(s0, t0), _] = await room(server, "classic", 2, {}, ["Ana", "Bo"])
        async with httpx.AsyncClient(base_url=server.base) as http:
            for path, payload in (
                ("/api/rooms", {"name": text}),
                (f"/api/rooms/{code}/join", {"name": text}),
            ):
                r = await http.post(path, json=payload)
                if " ".join(text.split()) != text:  # runs of spaces are made one space
                    continue
                assert (r.status_code, r.json()["code"]) in (
                    (422, "bad_message"),
                    (409, "not_ready"),
                )
        async with Client.connect(server, code, t0, s0) as ana:
            await ana.until("welcome")
            await ana.send({"type": "chat", "seq": 1, "text": text})
            assert (await ana.answer(1))["code"] == "bad_message"
            joined = "ok 👩\u200d💻"
            await ana.send({"type": "chat", "seq": 2, "text": joined})
            assert (await ana.answer(2))["type"] == "ack"  # the socket lives on
        async with Client.connect(server, code, None, None) as watcher:
            welcome = await watcher.until("welcome")
            assert [c["text"] for c in welcome["chat"]] == [joined]

    run(database, body)


# -- 7. spectators ----------------------------------------------------------------------------
def test_a_spectator_joining_sends_nobody_a_presence_frame(tmp_path: Path) -> None:
    async def body(server: Server) -> None:
        code, [(s0, t0)] = await room(server, "classic", 2, {}, ["Ana"], start=False)
        async with Client.connect(server, code, t0, s0) as ana:
            await ana.until("welcome")
            await ana.drain()
            before = len(ana.frames)
            watchers = [Client.connect(server, code, None, None) for _ in range(20)]
            entered = [await w.__aenter__() for w in watchers]
            for w in entered:
                await w.until("welcome")
            await ana.drain()
            for w in entered:
                await w.drain()
            assert ana.frames[before:] == []  # the seat: nothing for 20 spectators
            presences = [f for w in entered for f in w.frames if f["type"] == "presence"]
            assert len(presences) <= 1  # the first watcher's own, at most
            for w in watchers:
                await w.__aexit__(None, None, None)
            await ana.drain()
            assert [f["type"] for f in ana.frames[before:]] == []  # nor when they go

    run(sqlite(tmp_path), body)


# -- 8, 9. typed refusals and a strict API -----------------------------------------------------
def test_out_of_range_ids_deep_json_and_loose_types_get_typed_refusals(tmp_path: Path) -> None:
    async def body(server: Server) -> None:
        code, _ = await room(server, "classic", 2, {}, ["Ana"], start=False)
        async with httpx.AsyncClient(base_url=server.base) as http:

            async def refused(method: str, path: str, status: int, code: str, **kw: Any) -> None:
                r = await http.request(method, path, **kw)
                assert (r.status_code, r.json()["code"]) == (status, code), r.text
                assert set(r.json()) == {"code", "message"}

            for game in ("2147483648", "9223372036854775808", "-1", "0", "x"):
                for tail in ("", "/export", "/steps/0"):
                    await refused(
                        "GET", f"/api/rooms/{code}/games/{game}{tail}", 422, "bad_message"
                    )
            await refused("GET", f"/api/rooms/{code}/games/1/steps/99999999999", 422, "bad_message")
            deep = b"[" * 30_000 + b"]" * 30_000  # within the body limit, past any parser's
            await refused(
                "POST", "/api/rooms", 400, "bad_message", content=deep,
                headers={"content-type": "application/json"},
            )  # fmt: skip
            await refused("GET", "/api/nothing", 404, "not_found")
            await refused("PUT", "/api/rooms", 405, "bad_message")
            for loose in (
                {"name": "A", "seats": "4"},
                {"name": "A", "public": "yes"},
                {"name": "A", "spectators": 1},
                {"name": "A", "preset": "classic + jump_in"},
                {"name": "A", "timer": "slow"},
                {"name": "A", "bots": {"x": "easy"}},
                {"name": "A", "bots": {"1": "easy bot"}},
                {"name": "A", "colour": "red"},
                {"name": "A" * 25},
            ):
                await refused("POST", "/api/rooms", 422, "bad_message", json=loose)
            await refused(
                "POST",
                f"/api/rooms/{code}/join",
                422,
                "bad_message",
                json={"name": "B", "seat": "1"},
            )
            assert (await http.get("/health")).json()["rooms"] == 1

    run(sqlite(tmp_path), body)


def test_the_openapi_document_states_every_refusal_and_limit(tmp_path: Path) -> None:
    async def body(server: Server) -> None:
        async with httpx.AsyncClient(base_url=server.base) as http:
            doc = (await http.get("/openapi.json")).json()
        for path, operations in doc["paths"].items():
            for method, operation in operations.items():
                answers = set(operation["responses"])
                assert {"400", "413", "422"} <= answers, (method, path)
                if "{code}" in path:
                    assert {"404", "429"} <= answers, (method, path)
        schemas = doc["components"]["schemas"]
        new_room = schemas["NewRoom"]["properties"]
        assert (new_room["seats"]["minimum"], new_room["seats"]["maximum"]) == (2, 10)
        # (a signed-in host gives no name: the account's is the seat's)
        name = next(s for s in new_room["name"]["anyOf"] if s.get("type") == "string")
        assert (name["minLength"], name["maxLength"]) == (1, 24)
        assert "pattern" in new_room["preset"]
        assert schemas["NewRoom"]["additionalProperties"] is False
        assert schemas["Refusal"]["required"] == ["code", "message"]

    run(sqlite(tmp_path), body)


# -- 4. rooms end, listings are paginated -------------------------------------------------------
def test_unused_rooms_end_and_keep_their_games(tmp_path: Path) -> None:
    database = sqlite(tmp_path)

    async def main() -> None:
        limits = replace(ROOMY, lobby_idle_s=100.0, abandoned_s=50.0)
        async with in_process(database, limits=limits) as server:
            idle, _ = await room(server, "classic", 2, {}, ["Ana"], start=False)
            busy, _ = await room(server, "classic", 2, {}, ["Cy"], start=False)
            played, [(s0, t0)] = await room(server, "classic", 2, {1: QUICK["normal"]}, ["Bo"])
            async with Client.connect(server, played, t0, s0) as bo:
                await bo.until("update")
            game = next(f for f in bo.frames if f["type"] == "deal")["game"]
            hub: Hub = server.app.state.hub
            now = time.monotonic()
            async with Client.connect(server, busy, None, None) as watcher:
                await watcher.until("welcome")
                assert await hub.sweep(now + 60) == [played]  # no player for 60 s > 50 s
                assert await hub.sweep(now + 120) == [idle]  # busy: watched, so in use
            async with httpx.AsyncClient(base_url=server.base) as http:
                r = await http.get(f"/api/rooms/{played}/games/{game}")
                assert r.json()["finished"] is True
                assert r.json()["result"] == {"ended": "unused", "winner": None}
                ended = await http.get(f"/api/rooms/{played}")  # its link shows its end
                assert ended.status_code == 200 and ended.json()["ended"] is True
                assert ended.json()["results"]["rounds"] == []  # its round was cut short
                assert ended.json()["results"]["winners"] == []
                assert ended.json()["match_over"] is False  # undecided when it ended
                assert (await http.get(f"/api/rooms/{idle}")).json()["results"] is None
        async with (
            in_process(database, limits=limits) as again,  # not taken up again
            httpx.AsyncClient(base_url=again.base) as http,
        ):
            assert (await http.get("/health")).json()["rooms"] == 1
            assert (await http.get(f"/api/rooms/{busy}")).status_code == 200
            exported = await http.get(f"/api/rooms/{played}/games/{game}/export")
            assert exported.status_code == 200

    asyncio.run(main())


def test_the_public_list_comes_a_page_at_a_time(tmp_path: Path) -> None:
    async def body(server: Server) -> None:
        codes = sorted(
            [(await room(server, "classic", 2, {}, [f"P{i}"], start=False, public=True))[0]
             for i in range(7)]
        )  # fmt: skip
        async with httpx.AsyncClient(base_url=server.base) as http:
            seen: list[str] = []
            after = ""
            pages = 0
            while True:
                page = (await http.get("/api/rooms", params={"after": after, "limit": 3})).json()
                seen += [r["code"] for r in page["rooms"]]
                pages += 1
                if page["next"] is None:
                    break
                after = page["next"]
            assert (seen, pages) == (codes, 3)
            r = await http.get("/api/rooms", params={"limit": MAX_PAGE + 1})
            assert (r.status_code, r.json()["code"]) == (422, "bad_message")

    run(sqlite(tmp_path), body)


# -- 11. one server per database -----------------------------------------------------------------
def test_a_second_server_on_the_same_database_is_refused(database: str) -> None:
    async def main() -> None:
        first = await Hub.open(database, FAST)
        try:
            with pytest.raises(DatabaseInUse, match="another unoverse server"):
                await Hub.open(database, FAST)
        finally:
            await first.close()
        second = await Hub.open(database, FAST)  # the first gave it up
        await second.close()

    asyncio.run(main())


def test_serve_on_a_database_another_server_holds_is_one_line(database: str) -> None:
    proc, _server = start_subprocess(database)
    try:
        second = subprocess.run(
            [sys.executable, "-m", "unoverse.cli", "serve", "--port", str(free_port()),
             "--database", database],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert second.returncode == 2, second.stderr
        (line,) = second.stderr.strip().splitlines()
        assert line.startswith("error: --database: another unoverse server uses this database")
        assert proc.poll() is None  # the first serves on
    finally:
        proc.kill()
        proc.wait(30)
