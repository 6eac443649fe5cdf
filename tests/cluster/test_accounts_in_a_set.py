"""Accounts in a set of processes behind nginx: an account made through one process signs
in through another, and takes a seat in a room a third owns (the request relayed to the
owner, its cookie, forgery token and origin with it)."""

from __future__ import annotations

import asyncio

import httpx

from .front import Front
from .test_failover import owner_port

PASSWORD = "correct horse battery"


def test_an_account_is_the_same_on_every_process(front: Front) -> None:
    a, b, c = front.nodes
    with httpx.Client(base_url=a.base) as ana:
        made = ana.post("/api/accounts", json={"name": "Ana", "password": PASSWORD})
        assert made.status_code == 201, made.text
    with httpx.Client(base_url=b.base) as ana:
        signed = ana.post("/api/session", json={"name": "Ana", "password": PASSWORD})
        assert signed.status_code == 200, signed.text
        ana.headers["X-CSRF-Token"] = signed.json()["csrf"]
        room = ana.post("/api/rooms", json={"seats": 2, "rated": True})
        assert room.status_code == 201, room.text
        code = room.json()["room"]
    with httpx.Client(base_url=front.base) as bo:
        bo.post("/api/accounts", json={"name": "Bo", "password": PASSWORD})
        bo.headers["X-CSRF-Token"] = bo.get("/api/me").json()["csrf"]
        owner = asyncio.run(owner_port(front, code))
        elsewhere = next(n for n in (a, b, c) if n.port != owner)
        # from the page at nginx's address, through a process that does not own the room:
        # forged first (another site's page), then as the page sends it
        forged = bo.post(
            f"{elsewhere.base}/api/rooms/{code}/join",
            json={},
            headers={"Origin": "https://evil.example"},
        )
        assert (forged.status_code, forged.json()["code"]) == (403, "forbidden")
        joined = bo.post(
            f"{elsewhere.base}/api/rooms/{code}/join", json={}, headers={"Origin": front.base}
        )
        assert joined.status_code == 201, joined.text
    seats = httpx.get(f"{front.base}/api/rooms/{code}").json()["seats"]
    assert [s["name"] for s in seats] == ["Ana", "Bo"]
