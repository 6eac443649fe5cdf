"""Accounts and log-in sessions (docs/accounts.md): signing up and in, the session cookie,
cross-site request forgery, session fixation, log-in floods, account enumeration, rated
rooms, and deleting an account with its games kept anonymously."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from argon2 import PasswordHasher

from server.players import Client, Server, bearer, in_process
from server.signed_in import PASSWORD, browser, sign_up
from unoverse.server.accounts import ANONYMOUS
from unoverse.server.sessions import COOKIE


def run(tmp_path: Path, test: Callable[[Server], Awaitable[None]]) -> None:
    async def main() -> None:
        async with in_process(f"sqlite+aiosqlite:///{tmp_path / 'u.db'}") as server:
            await test(server)

    asyncio.run(main())


def test_an_account_signs_in_with_a_cookie_scripts_cannot_read(tmp_path: Path) -> None:
    async def test(server: Server) -> None:
        async with browser(server) as http:
            made = await http.post("/api/accounts", json={"name": "Ana", "password": PASSWORD})
            assert made.status_code == 201, made.text
            cookie = made.headers["set-cookie"]
            assert cookie.startswith(f"{COOKIE}=")
            assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
            assert "Secure" not in cookie  # plain HTTP: a Secure cookie would never come back
            me = (await http.get("/api/me")).json()
            assert me["name"] == "Ana" and me["shown"] is True
            assert me["csrf"] == made.json()["csrf"]
            # behind a TLS front (nginx says so), the cookie is Secure
            async with browser(server) as other:
                answer = await other.post(
                    "/api/session",
                    json={"name": "ana", "password": PASSWORD},  # a name's case is not its own
                    headers={"X-Forwarded-Proto": "https"},
                )
                assert answer.status_code == 200, answer.text
                assert "Secure" in answer.headers["set-cookie"]
            out = await http.delete("/api/session", headers={"X-CSRF-Token": me["csrf"]})
            assert out.status_code == 200
            assert (await http.get("/api/me")).json()["code"] == "unauthorised"

    run(tmp_path, test)


def test_names_and_passwords_are_checked(tmp_path: Path) -> None:
    async def test(server: Server) -> None:
        async with browser(server) as http:
            await sign_up(http, "Ana")
        refused = [
            ({"name": "ＡＮＡ", "password": PASSWORD}, 409, "name_taken"),  # NFKC, case-folded
            ({"name": "A", "password": PASSWORD}, 422, "bad_message"),
            ({"name": "two words", "password": PASSWORD}, 422, "bad_message"),
            ({"name": "-dash", "password": PASSWORD}, 422, "bad_message"),
            ({"name": "Bo", "password": "short"}, 422, "bad_message"),
            ({"name": "Bo_the_first", "password": "BO_THE_FIRST"}, 422, "bad_message"),
            ({"name": "Bo", "password": PASSWORD, "admin": True}, 422, "bad_message"),
            ({"name": "Bo", "password": 12345678}, 422, "bad_message"),
        ]
        for body, status, code in refused:
            async with browser(server) as http:
                answer = await http.post("/api/accounts", json=body)
                assert (answer.status_code, answer.json()["code"]) == (status, code), body
                assert COOKIE not in answer.headers.get("set-cookie", "")
        async with browser(server) as http:
            assert (await sign_up(http, "Ñandú-7"))["name"] == "Ñandú-7"

    run(tmp_path, test)


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer_after_the_same_work(
    tmp_path: Path,
) -> None:
    async def test(server: Server) -> None:
        accounts = server.app.state.members.accounts
        checked: list[str] = []

        class Counting(PasswordHasher):
            def verify(self, hash: str | bytes, password: str | bytes) -> bool:
                checked.append(str(hash))
                return super().verify(hash, password)

        accounts.hasher = Counting()
        async with browser(server) as http:
            await sign_up(http, "Ana")
        answers = []
        for name in ("Ana", "Nobody"):
            async with browser(server) as http:
                checked.clear()
                answer = await http.post(
                    "/api/session", json={"name": name, "password": "wrong password"}
                )
                answers.append(
                    (answer.status_code, answer.json(), answer.headers.get("set-cookie"))
                )
                assert len(checked) == 1  # one Argon2 verification, whether the name exists
        assert answers[0] == answers[1]
        assert answers[0][:2] == (
            401,
            {"code": "unauthorised", "message": "wrong name or password"},
        )
        assert answers[0][2] is None

    run(tmp_path, test)


def test_a_signed_in_request_without_its_token_or_from_another_site_is_refused(
    tmp_path: Path,
) -> None:
    async def test(server: Server) -> None:
        async with browser(server) as http:
            csrf = (await sign_up(http, "Ana"))["csrf"]
            del http.headers["X-CSRF-Token"]
            room = {"preset": "classic", "seats": 2}
            forged = [
                {},  # the cookie alone, as a form on another site would send it
                {"X-CSRF-Token": "x" * 43},
                {"X-CSRF-Token": csrf, "Origin": "https://evil.example"},
                {"X-CSRF-Token": csrf, "Sec-Fetch-Site": "cross-site"},
            ]
            for headers in forged:
                for method, path, body in (
                    ("POST", "/api/rooms", room),
                    ("PATCH", "/api/me", {"shown": False}),
                    ("DELETE", "/api/me", {"password": PASSWORD}),
                    ("DELETE", "/api/session", None),
                ):
                    answer = await http.request(method, path, json=body, headers=headers)
                    assert answer.status_code == 403, (headers, path, answer.text)
                    assert answer.json()["code"] == "forbidden"
            me = (await http.get("/api/me")).json()
            assert me["shown"] is True  # nothing changed, the session holds
            assert (await http.get("/api/rooms")).json()["rooms"] == []
            # a log-in from another site's page is refused too (log-in forgery)
            answer = await http.post(
                "/api/session",
                json={"name": "Ana", "password": PASSWORD},
                headers={"Origin": "https://evil.example"},
            )
            assert answer.status_code == 403
            # with its token, from its own page: the seat is the account's
            made = await http.post(
                "/api/rooms",
                json={**room, "public": True},
                headers={
                    "X-CSRF-Token": csrf,
                    "Origin": server.base,
                    "Sec-Fetch-Site": "same-origin",
                },
            )
            assert made.status_code == 201, made.text
            listed = (await http.get("/api/rooms")).json()["rooms"]
            assert listed[0]["seats"][0]["name"] == "Ana"

    run(tmp_path, test)


def test_a_log_in_always_starts_a_new_session(tmp_path: Path) -> None:
    async def test(server: Server) -> None:
        async with browser(server) as http:
            await sign_up(http, "Ana")
        # a session id planted in a browser before its user signs in
        async with browser(server) as http:
            http.cookies.set(COOKIE, "planted-by-someone-else-0123456789abcdefghijk")
            assert (await http.get("/api/me")).status_code == 401  # never issued: nothing
            answer = await http.post("/api/session", json={"name": "Ana", "password": PASSWORD})
            assert answer.status_code == 200
            token = answer.cookies[COOKIE]
            assert token != "planted-by-someone-else-0123456789abcdefghijk"
        # the planted id is still nobody's; the issued one is the account's
        async with browser(server) as planted:
            planted.cookies.set(COOKIE, "planted-by-someone-else-0123456789abcdefghijk")
            assert (await planted.get("/api/me")).status_code == 401
        # a second log-in in the same browser ends the session it had
        async with browser(server) as http:
            http.cookies.set(COOKIE, token)
            assert (await http.get("/api/me")).status_code == 200
            again = await http.post("/api/session", json={"name": "Ana", "password": PASSWORD})
            assert again.cookies[COOKIE] != token
        async with browser(server) as old:
            old.cookies.set(COOKIE, token)
            assert (await old.get("/api/me")).status_code == 401

    run(tmp_path, test)


def test_log_in_floods_are_refused_by_address_whatever_the_name(tmp_path: Path) -> None:
    async def test(server: Server) -> None:
        async with browser(server) as http:
            await sign_up(http, "Ana")
        limit = server.app.state.members.quotas.limits.logins_per_minute
        async with browser(server) as http:
            codes = []
            for i in range(limit + 2):
                name = "Ana" if i % 2 else f"nobody{i}"
                answer = await http.post(
                    "/api/session", json={"name": name, "password": "guess1234"}
                )
                codes.append(answer.json()["code"])
            assert codes[:limit] == ["unauthorised"] * limit
            assert codes[limit:] == ["rate_limited"] * 2
            # the right password, now, is refused as well: the address waits
            answer = await http.post("/api/session", json={"name": "Ana", "password": PASSWORD})
            assert answer.status_code == 429

    run(tmp_path, test)


def test_a_rated_room_seats_accounts_only(tmp_path: Path) -> None:
    async def test(server: Server) -> None:
        async with browser(server) as host, browser(server) as guest, browser(server) as bo:
            await sign_up(host, "Ana")
            made = await host.post(
                "/api/rooms", json={"preset": "classic", "seats": 3, "rated": True, "public": True}
            )
            assert made.status_code == 201, made.text
            code = made.json()["room"]
            listing = (await guest.get(f"/api/rooms/{code}")).json()
            assert listing["rated"] is True  # said before anyone joins
            refused = await guest.post(f"/api/rooms/{code}/join", json={"name": "Guest"})
            assert (refused.status_code, refused.json()["code"]) == (401, "unauthorised")
            await sign_up(bo, "Bo")
            joined = await bo.post(f"/api/rooms/{code}/join", json={})
            assert joined.status_code == 201, joined.text
            twice = await bo.post(f"/api/rooms/{code}/join", json={})
            assert twice.json()["code"] == "unauthorised"  # one seat per account
            other_name = await host.post(f"/api/rooms/{code}/join", json={"name": "Zed"})
            assert other_name.json()["code"] == "bad_message"
            seats = (await guest.get(f"/api/rooms/{code}")).json()["seats"]
            assert [s["name"] for s in seats] == ["Ana", "Bo", None]
        # a guest still plays as today: a name, no account
        async with browser(server) as guest:
            made = await guest.post("/api/rooms", json={"name": "Guest", "seats": 2})
            assert made.status_code == 201
            nameless = await guest.post("/api/rooms", json={"seats": 2})
            assert nameless.json()["code"] == "bad_message"

    run(tmp_path, test)


def test_a_deleted_account_leaves_its_games_anonymous(tmp_path: Path) -> None:
    async def test(server: Server) -> None:
        async with browser(server) as http:
            csrf = (await sign_up(http, "Ana"))["csrf"]
            made = await http.post(
                "/api/rooms",
                json={"preset": "classic+scoring=none", "seats": 2, "bots": {"1": "easy"}},
            )
            code, seat, token = (made.json()[k] for k in ("room", "seat", "token"))
            assert (
                await http.post(f"/api/rooms/{code}/start", headers=bearer(token))
            ).status_code == 200
            async with Client.connect(server, code, token, seat) as ana:
                await ana.until("update")
                await ana.send({"type": "chat", "seq": 1, "text": "hola"})
                await ana.until("chat_line")
                wrong = await http.request("DELETE", "/api/me", json={"password": "not it at all"})
                assert (wrong.status_code, wrong.json()["code"]) == (401, "unauthorised")
                busy = await http.request("DELETE", "/api/me", json={"password": PASSWORD})
                assert (busy.status_code, busy.json()["code"]) == (409, "not_ready")
                await ana.play_match()
            # the room ends, as an unused one does
            assert code in await server.app.state.hub.sweep(time.monotonic() + 1e9)
            gone = await http.request("DELETE", "/api/me", json={"password": PASSWORD})
            assert gone.status_code == 200, gone.text
            assert (await http.get("/api/me")).status_code == 401
            assert csrf  # the session ended with the account
        stored = server.app.state.hub.store
        room = await stored.ended_room(code)
        assert room is not None and room.seats[0].name == ANONYMOUS
        assert room.seats[0].account is None
        lines = await stored.chat(code)
        assert [line.name for line in lines] == [ANONYMOUS]
        async with browser(server) as http:
            answer = await http.post("/api/session", json={"name": "Ana", "password": PASSWORD})
            assert answer.status_code == 401
            # the name is free again: a new account, with nothing of the old one's
            await sign_up(http, "Ana")

    run(tmp_path, test)


def test_another_accounts_private_data_is_out_of_reach(tmp_path: Path) -> None:
    async def test(server: Server) -> None:
        async with browser(server) as ana, browser(server) as eve:
            await sign_up(ana, "Ana")
            await sign_up(eve, "Eve")
            made = await ana.post("/api/rooms", json={"seats": 2, "timer": "day"})
            code = made.json()["room"]
            assert (await ana.post("/api/me/bots", json={"name": "Robo"})).status_code == 201
            # Eve sees her own (empty) lists, never Ana's
            assert (await eve.get("/api/me/games")).json() == {"games": [], "your_turn": 0}
            assert (await eve.get("/api/me/bots")).json() == {"bots": []}
            assert (await eve.get("/api/me")).json()["name"] == "Eve"
            for method, path in (
                ("POST", "/api/me/bots/Robo/key"),
                ("DELETE", "/api/me/bots/Robo"),
            ):
                answer = await eve.request(method, path)
                assert (answer.status_code, answer.json()["code"]) == (404, "not_found")
            taken = await eve.post(f"/api/rooms/{code}/reclaim")
            assert (taken.status_code, taken.json()["code"]) == (401, "unauthorised")
            # Ana's profile, as Eve reads it: no private room, nothing of the account's own
            profile = (await eve.get("/api/players/Ana")).json()
            assert profile["games"] == [] and code not in json.dumps(profile)
            assert set(profile) == {"name", "kind", "played", "won", "ratings", "games"}
            assert (await ana.get("/api/me/bots")).json() == {"bots": ["Robo"]}

    run(tmp_path, test)
