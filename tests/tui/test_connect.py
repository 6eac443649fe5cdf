"""``unoverse play --connect``: a seat at a real server's table, over the websocket protocol,
through a restart of the server; an emote sent to the room and shown back; a seat that
cannot be had is one line and no app."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import httpx
import pytest
from textual.widgets import RichLog

from server.players import FAST
from unoverse import i18n
from unoverse.tui.app import PlayApp
from unoverse.tui.launch import LaunchError, remote
from unoverse.tui.remote import RemoteLink, Seat, reclaim
from unoverse.tui.table import TableScreen
from web.browser import ThreadServer

from .pilot import playing, take_a_turn, until
from .test_input import _play

#: A deal whose round ends after seven of the terminal player's moves (three before the
#: restart); the next round waits: the test must see this one end before a deal clears it.
CONFIG = replace(FAST, between_rounds_s=60.0, seeds=lambda: 2)
#: A bot that answers at once.
QUICK = "easy:median_ms=5"


def _room(base: str) -> tuple[str, str]:
    """A room of three seats made by Bo, with a quick bot in seat 1: its code and Bo's
    token."""
    made = httpx.post(
        f"{base}/api/rooms",
        json={"name": "Bo", "preset": "classic", "seats": 3, "bots": {1: QUICK}},
    ).json()
    return str(made["room"]), str(made["token"])


def _hand_over(base: str, code: str, host: str, player: RemoteLink) -> None:
    """The host hands the room to the terminal player and leaves; the player puts a second
    quick bot in the seat left open, and starts the match. (A host who stayed away would be
    played by a stand-in bot, at a person's pace.)"""
    steps = [
        (host, "host", {"seat": player.seat}),
        (host, "leave", {}),
        (player.place.token, "bots", {"seat": 0, "spec": QUICK}),
        (player.place.token, "start", {}),
    ]
    for token, path, body in steps:
        done = httpx.post(
            f"{base}/api/rooms/{code}/{path}",
            json=body,
            headers={"Authorization": f"Bearer {token}"},
        )
        assert done.status_code == 200, done.text


def test_a_round_at_a_server_table_survives_a_server_restart(tmp_path: Path) -> None:
    database = f"sqlite+aiosqlite:///{tmp_path / 'server.db'}"
    first = ThreadServer(database, CONFIG)
    base = first.__enter__()
    try:
        code, host = _room(base)
        link = remote(base, code, "Ana", None)
        assert isinstance(link, RemoteLink) and link.seat == 2
        _hand_over(base, code, host, link)
    except BaseException:
        first.__exit__()
        raise
    again = ThreadServer(database, CONFIG)
    again.port = again.server.config.port = first.port  # the address the client retries

    async def main() -> None:
        async with playing(link) as (app, pilot):
            assert f"room {code}" in app.title_line()
            for _ in range(3):  # a few moves, then the server goes away
                await until(pilot, app.state.my_move, "the player's turn")
                await take_a_turn(app, pilot)
            await asyncio.to_thread(first.__exit__)
            await until(pilot, lambda: app.state.status == "lost", "the lost connection")
            assert "lost" in app.title_line() and "reconnecting" in app.table.notice
            await asyncio.to_thread(again.__enter__)
            await until(pilot, lambda: app.state.status == "connected", "the reconnection")
            assert "lost" not in app.title_line() and app.table.notice == "Connected again."
            pressed = 0
            while app.state.round_over is None:
                if app.state.my_move() or not isinstance(app.screen, TableScreen):
                    await take_a_turn(app, pilot)
                    pressed += 1
                else:
                    await pilot.pause(0.02)
                assert pressed < 500, "the round does not end"
            assert app.state.round_over["winner"] in (0, 1, 2)

    try:
        asyncio.run(main())
    finally:
        first.__exit__()
        if again.thread.is_alive():
            again.__exit__()


def test_an_emote_goes_to_the_room_and_shows_on_the_players_seat(tmp_path: Path) -> None:
    with ThreadServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}", CONFIG) as base:
        code, _ = _room(base)
        link = remote(base, code, "Ana", None)

        async def main() -> None:
            app = PlayApp(link, bell=False)
            async with app.run_test(size=(100, 30)) as pilot:
                await until(pilot, lambda: app.state.seat == 2, "the seat")  # before the match
                await pilot.press("e", "2")
                await until(pilot, lambda: app.state.emotes, "the emote shown to the room")
                await pilot.pause(0.05)
                seats = str(app.table.query_one("#seats").render()).splitlines()
                assert [line for line in seats if "“Well played!”" in line] == [seats[2]]
                assert "Ana (you)" in seats[2]
                log = app.table.query_one("#log", RichLog)
                assert "Ana: Well played!" in [line.text for line in log.lines]

        asyncio.run(main())


def test_bad_connections_are_one_line() -> None:
    with pytest.raises(LaunchError, match="needs --room"):
        remote("http://127.0.0.1:9", None, "Ana", None)
    with pytest.raises(LaunchError, match="--name NAME to take a seat, or --token"):
        remote("http://127.0.0.1:9", "ABCDEF", None, None)
    with pytest.raises(LaunchError, match="cannot reach"):
        remote("http://127.0.0.1:9", "ABCDEF", "Ana", None)
    with pytest.raises(LaunchError, match="not a server's address"):
        remote("ftp://x", "ABCDEF", "Ana", None)


def test_a_wrong_token_or_room_is_one_line_and_no_app(tmp_path: Path) -> None:
    with ThreadServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}", CONFIG) as base:
        code, host = _room(base)
        done = _play("--connect", base, "--room", code, "--token", "WRONG")
        assert done.returncode == 2, done
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"error: room {code}: "), done.stderr
        # the server's refusal said by its code, in words (its message: "... has this token")
        assert lines[0].endswith("This seat is not yours (any more).") and done.stdout == ""
        with pytest.raises(LaunchError, match="room NOROOM: There is no room NOROOM"):
            remote(base, "noroom", None, host)
        # the host's own token passes the check, which names its seat
        assert reclaim(base, code, host) == Seat(base, code, 0, host)


def test_the_servers_refusals_and_farewell_are_said_in_the_players_language(
    tmp_path: Path,
) -> None:
    """In Spanish: a room that does not exist and a name taken are said from the page's
    words for the server's codes, not in the server's English; and when the host sends the
    player away, the server's ``bye`` reads as the catalogue says it."""
    i18n.use("es")
    try:
        with ThreadServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}", CONFIG) as base:
            code, host = _room(base)
            with pytest.raises(LaunchError, match=r"^sala NOROOM: No existe la sala NOROOM\.$"):
                remote(base, "noroom", "Ana", None)
            with pytest.raises(LaunchError, match=f"^sala {code}: El nombre «Bo» ya está en uso"):
                remote(base, code, "Bo", None)
            link = remote(base, code, "Ana", None)

            async def main() -> None:
                app = PlayApp(link, bell=False)
                async with app.run_test(size=(100, 30)) as pilot:
                    await until(pilot, lambda: app.state.seat == 2, "the seat")
                    kicked = await asyncio.to_thread(
                        httpx.post,
                        f"{base}/api/rooms/{code}/kick",
                        json={"seat": 2},
                        headers={"Authorization": f"Bearer {host}"},
                    )
                    assert kicked.status_code == 200, kicked.text
                    await until(pilot, lambda: app.state.status == "closed", "the seat ended")
                    assert app.table.notice == "[b]El anfitrión te ha expulsado de esta sala.[/]"
                    assert "cerrada" in app.title_line()

            asyncio.run(main())
    finally:
        i18n.use(i18n.DEFAULT)
