"""Races through the protocol, on a server whose clock is stopped so that two answers arrive
in the same millisecond: the room's one writer applies them in arrival order, exactly one
wins, the other is refused (or, in BLAST mode, accepted late with its penalty), and every
seat is told who was first and by how many milliseconds."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator
from contextlib import AsyncExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

import unoverse as uv
from unoverse.core.actions import Kind

from .players import FAST, Client, Server, in_process, room


class Stopped:
    """A clock that does not move unless told."""

    def __init__(self) -> None:
        self.ms = 1_800_000_000_000.0

    def __call__(self) -> float:
        return self.ms


def serve(tmp_path: Path, seeds: Iterator[int], body: Any, clock: Stopped | None = None) -> None:
    config = replace(FAST, clock=clock or Stopped(), seeds=lambda: next(seeds))

    async def main() -> None:
        async with (
            in_process(f"sqlite+aiosqlite:///{tmp_path / 'u.db'}", config) as server,
            AsyncExitStack() as stack,
        ):
            await body(server, stack)

    asyncio.run(main())


async def connected(
    stack: AsyncExitStack, server: Server, code: str, joined: list[tuple[int, str]]
) -> list[Client]:
    clients = [
        await stack.enter_async_context(Client.connect(server, code, token, seat))
        for seat, token in joined
    ]
    for client in clients:
        await client.until("update")
    return clients


async def settle(clients: list[Client]) -> None:
    for client in clients:
        await client.drain()


def races(client: Client) -> list[dict[str, Any]]:
    return [f for f in client.frames if f["type"] == "race"]


def jump_in_deal() -> tuple[int, int, str, int, str, int, str]:
    """A 3-seat deal of classic+jump_in where the turn holder's play lets another seat jump
    in while the next seat could play: (seed, holder, play, jumper, jump, next, its play)."""
    for seed in itertools.count():
        game = uv.new_game("classic+jump_in", 3, seed)
        if game.phase.name != "TURN":
            continue
        holder = game.turn
        for play in game.legal_actions(holder):
            if play.kind != Kind.PLAY or play.uno:
                continue
            after = game.copy()
            after.apply(holder, play)
            nxt = after.turn
            if after.phase.name != "TURN" or nxt == holder:
                continue
            plays = [a for a in after.legal_actions(nxt) if a.kind == Kind.PLAY and not a.uno]
            for jumper in range(3):
                if jumper in (holder, nxt):
                    continue
                jumps = [a for a in after.legal_actions(jumper) if a.kind == Kind.JUMP]
                if jumps and plays:
                    return seed, holder, str(play), jumper, str(jumps[0]), nxt, str(plays[0])
    raise AssertionError("unreachable")


def test_a_jump_in_race_in_the_same_millisecond(tmp_path: Path) -> None:
    seed, holder, play, jumper, jump, nxt, nxt_play = jump_in_deal()

    async def body(server: Server, stack: AsyncExitStack) -> None:
        code, joined = await room(server, "classic+jump_in", 3, {}, ["Ana", "Bo", "Cy"])
        clients = await connected(stack, server, code, joined)
        by_seat = {c.seat: c for c in clients}
        assert by_seat[holder].view is not None
        await by_seat[holder].answer(await by_seat[holder].act(play))
        await settle(clients)
        version = by_seat[jumper].view["version"]  # type: ignore[index]
        # the next seat's play reaches the server first, the jump-in in the same millisecond
        s_next = await by_seat[nxt].act(nxt_play, version)
        s_jump = await by_seat[jumper].act(jump, version)
        first, late = await by_seat[nxt].answer(s_next), await by_seat[jumper].answer(s_jump)
        assert first["type"] == "ack" and first["version"] == version + 1
        assert late["type"] == "error" and late["code"] in ("stale", "not_your_window", "illegal")
        await settle(clients)
        for client in clients:
            (race,) = races(client)
            assert (race["first"], race["late"], race["by_ms"]) == (nxt, jumper, 0.0)
            assert (race["kind"], race["version"], race["accepted"]) == ("play", version + 1, False)
            assert client.view is not None and client.view["version"] == version + 1
            assert client.view["top"] == nxt_play.split(":")[0]

    serve(tmp_path, itertools.repeat(seed), body)


def test_an_uno_call_against_a_catch(tmp_path: Path) -> None:
    """Seat 0 goes down to one card without calling UNO; the catch reaches the server a
    millisecond before the late call: the earlier catch is applied, the call refused
    (RULES.md C-5: strict arrival order)."""
    clock = Stopped()

    async def body(server: Server, stack: AsyncExitStack) -> None:
        code, joined = await room(server, "classic", 2, {}, ["Ana", "Bo"])
        a, b = await connected(stack, server, code, joined)
        for _ in range(2000):
            await settle([a, b])
            view = a.view
            assert view is not None
            plays = [x for x in view["legal"] if "uno" not in x and x not in ("draw", "pass")]
            if view["turn"] == 0 and view["phase"] == "turn" and len(view["hand"]) == 2 and plays:
                await a.answer(await a.act(plays[0]))
                break
            for c in (a, b):  # play on, never calling UNO
                c_view = c.view
                assert c_view is not None
                mine = [w for w in c_view["windows"] if w.get("seat") == c.seat]
                legal = [x for x in c_view["legal"] if "uno" not in x and not x.startswith("catch")]
                if mine and legal and mine[0]["kind"] != "uno":
                    await c.answer(await c.act(legal[0]))
                    break
        else:
            raise AssertionError("seat 0 never went down to one card")
        await settle([a, b])
        assert b.view is not None
        version = b.view["version"]
        assert "catch:0" in b.view["legal"]
        caught = await b.answer(await b.act("catch:0", version))
        clock.ms += 1.0
        call = await a.answer(await a.act("uno", version))
        assert caught["type"] == "ack" and call["type"] == "error" and call["code"] == "stale"
        await settle([a, b])
        for client in (a, b):
            (race,) = races(client)
            assert (race["first"], race["kind"], race["late"], race["by_ms"]) == (
                1,
                "catch",
                0,
                1.0,
            )
        assert a.view is not None and len(a.view["hand"]) == 3  # one card and the two of the catch

    serve(tmp_path, (s for s in itertools.count(5)), body, clock)


def test_blast_mode_two_plays_in_the_same_millisecond(tmp_path: Path) -> None:
    async def body(server: Server, stack: AsyncExitStack) -> None:
        code, joined = await room(server, "blast+mode=blast", 2, {}, ["Ana", "Bo"])
        a, b = await connected(stack, server, code, joined)
        for _ in range(500):
            await settle([a, b])
            va, vb = a.view, b.view
            assert va is not None and vb is not None
            pa = [x for x in va["legal"] if not x.startswith(("arm", "disarm", "blast", "catch"))]
            pb = [x for x in vb["legal"] if not x.startswith(("arm", "disarm", "blast", "catch"))]
            if va["phase"] == "live" and va["version"] == vb["version"] and pa and pb:
                break
            for c in (a, b):
                choice = c.choice()
                if choice is not None:
                    await c.answer(await c.act(choice))
                    break
        else:
            raise AssertionError("no state where both seats could play")
        version = va["version"]
        s_a = await a.act(pa[0], version)
        s_b = await b.act(pb[0], version)
        first, second = await a.answer(s_a), await b.answer(s_b)
        assert first["type"] == "ack" and first["version"] == version + 1
        await settle([a, b])
        for client in (a, b):
            (race,) = races(client)
            assert (race["first"], race["late"], race["by_ms"]) == (0, 1, 0.0)
            assert race["accepted"] == (second["type"] == "ack")
        # in the same millisecond, the second card is too late: refused, or taken back with
        # its holding penalty (RULES.md §5.8); either way seat 0's card is the one on top
        assert a.view is not None and b.view is not None
        assert a.view["version"] == b.view["version"]

    serve(tmp_path, (s for s in itertools.count(11)), body)
