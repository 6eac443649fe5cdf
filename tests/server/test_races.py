"""Races through the protocol, on a server whose clock the test moves, so that two answers
arrive at the very same instant: the room's one writer applies an instant's actions in the
session's order (RULES.md C-5: an UNO declaration first; P8: then a seeded order, not the
order the frames happened to be read in), exactly one wins, the other is refused (or, in
BLAST mode, accepted late with its penalty), and every seat is told who was first and by how
many milliseconds."""

from __future__ import annotations

import asyncio
import itertools
import re
from collections.abc import Iterator
from contextlib import AsyncExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import unoverse as uv
from unoverse.core.actions import Kind
from unoverse.core.seeding import Stream, derive
from unoverse.server.store import Store

from .players import FAST, Client, Server, in_process, room


class Stopped:
    """A clock that does not move unless told; with ``step``, every reading moves it on by
    that much (so each action has an instant of its own)."""

    def __init__(self, step: float = 0.0) -> None:
        self.ms = 1_800_000_000_000.0
        self.step = step

    def __call__(self) -> float:
        now = self.ms
        self.ms += self.step
        return now


#: A microsecond: the server's clock's resolution.
TICK = 0.001


def serve(tmp_path: Path, seeds: Iterator[int], body: Any, clock: Stopped | None = None) -> None:
    # an instant stays open until the test moves the clock on
    config = replace(
        FAST, clock=clock or Stopped(TICK), seeds=lambda: next(seeds), hold_ms=60_000.0
    )

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


def test_a_jump_in_race_at_the_same_instant_goes_by_the_seeded_order(tmp_path: Path) -> None:
    """The next seat's play and a jump-in reach the server at the same instant: the session's
    tie stream decides (P8), whichever frame was read first."""
    seed, holder, play, jumper, jump, nxt, nxt_play = jump_in_deal()
    ties = Stream(derive(seed, "ties"))
    ties.random()  # the holder's play
    # the next seat's play is received first, the jump-in second; the lower tie value wins
    first, late = (nxt, jumper) if ties.random() < ties.random() else (jumper, nxt)
    clock = Stopped(TICK)

    async def body(server: Server, stack: AsyncExitStack) -> None:
        code, joined = await room(server, "classic+jump_in", 3, {}, ["Ana", "Bo", "Cy"])
        clients = await connected(stack, server, code, joined)
        by_seat = {c.seat: c for c in clients}
        assert by_seat[holder].view is not None
        await by_seat[holder].answer(await by_seat[holder].act(play))
        await settle(clients)
        version = by_seat[jumper].view["version"]  # type: ignore[index]
        clock.step = 0.0
        s_next = await by_seat[nxt].act(nxt_play, version)
        s_jump = await by_seat[jumper].act(jump, version)
        await asyncio.sleep(0.2)  # both frames are in; the instant is still open
        assert by_seat[nxt].answers.get(s_next) is None
        clock.ms += 1.0
        answers = {
            nxt: await by_seat[nxt].answer(s_next),
            jumper: await by_seat[jumper].answer(s_jump),
        }
        assert answers[first]["type"] == "ack" and answers[first]["version"] == version + 1
        assert answers[late]["type"] == "error"
        assert answers[late]["code"] in ("stale", "not_your_window", "illegal")
        await settle(clients)
        kind = "play" if first == nxt else "jump"
        card = re.split("[:^]", nxt_play if first == nxt else jump)[0]
        for client in clients:
            (race,) = races(client)
            assert (race["first"], race["late"], race["by_ms"]) == (first, late, 0.0)
            assert (race["kind"], race["version"], race["accepted"]) == (kind, version + 1, False)
            assert client.view is not None and client.view["version"] == version + 1
            assert client.view["top"] == card

    serve(tmp_path, itertools.repeat(seed), body, clock)


@pytest.mark.parametrize(("catch_earlier_ms", "winner"), [(1.0, 1), (0.0, 0)])
def test_an_uno_call_against_a_catch(tmp_path: Path, catch_earlier_ms: float, winner: int) -> None:
    """Seat 0 goes down to one card without calling UNO; seat 1's catch and seat 0's late
    call reach the server, the catch read first. A millisecond apart, the earlier catch is
    applied and the call refused; at the same instant, the call wins and the catch is refused
    (RULES.md C-5: strict arrival order, a tie to the declarer)."""
    clock = Stopped(TICK)

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
        clock.step = 0.0
        s_catch = await b.act("catch:0", version)
        await asyncio.sleep(0.1)  # the catch is in, its instant still open
        clock.ms += catch_earlier_ms
        s_call = await a.act("uno", version)
        await asyncio.sleep(0.1)
        clock.ms += 1.0
        caught, call = await b.answer(s_catch), await a.answer(s_call)
        won, lost = (call, caught) if winner == 0 else (caught, call)
        assert won["type"] == "ack" and won["version"] == version + 1
        assert lost["type"] == "error" and lost["code"] in ("stale", "not_your_window")
        await settle([a, b])
        for client in (a, b):
            (race,) = races(client)
            assert (race["first"], race["late"], race["by_ms"]) == (
                winner,
                1 - winner,
                -catch_earlier_ms if winner == 0 else catch_earlier_ms,
            )
            assert race["kind"] == ("uno" if winner == 0 else "catch")
        assert a.view is not None
        # the catch costs the two cards; a call keeps the one
        assert len(a.view["hand"]) == (1 if winner == 0 else 3)

    serve(tmp_path, (s for s in itertools.count(5)), body, clock)


def test_blast_mode_two_plays_at_the_same_instant(tmp_path: Path) -> None:
    clock = Stopped(TICK)

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
        clock.step = 0.0
        s_a = await a.act(pa[0], version)
        s_b = await b.act(pb[0], version)
        await asyncio.sleep(0.1)
        clock.ms += 1.0
        answers = {0: await a.answer(s_a), 1: await b.answer(s_b)}
        await settle([a, b])
        (race,) = races(a)
        assert races(b) == [race]
        first, late = race["first"], race["late"]
        assert {first, late} == {0, 1} and race["by_ms"] == 0.0
        assert answers[first]["type"] == "ack" and answers[first]["version"] == version + 1
        assert race["accepted"] == (answers[late]["type"] == "ack")
        # at the same instant, the second card is too late: refused, or taken back with its
        # holding penalty (RULES.md §5.8); either way the first card is the one on top
        assert a.view is not None and b.view is not None
        assert a.view["version"] == b.view["version"]
        assert a.view["top"] == (pa[0] if first == 0 else pb[0]).split(":")[0]

    serve(tmp_path, (s for s in itertools.count(11)), body, clock)


def test_a_store_failure_at_an_instant_keeps_nothing_of_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The turn holder's play and another seat's out-of-turn draw arrive at one instant; the
    store fails on the play: the holder's play is refused as ``unavailable``, nothing
    acknowledged, the other seat gets its refusal (``unavailable`` too, if it processed the
    instant), the room is rebuilt from the store, and the play can be made again."""
    clock = Stopped(TICK)
    failures: list[int] = []
    append_all = Store.append_all

    async def failing(self: Store, *args: Any, **kwargs: Any) -> None:
        if failures:
            failures.pop()
            raise OSError("the disk is gone")
        await append_all(self, *args, **kwargs)

    monkeypatch.setattr(Store, "append_all", failing)

    async def body(server: Server, stack: AsyncExitStack) -> None:
        code, joined = await room(server, "classic", 2, {}, ["Ana", "Bo"])
        a, b = await connected(stack, server, code, joined)
        holder, other = (a, b) if a.view["turn"] == a.seat else (b, a)  # type: ignore[index]
        version = holder.view["version"]  # type: ignore[index]
        play = holder.choice()
        assert play is not None
        failures.append(1)
        clock.step = 0.0
        await other.act("draw", version)
        seq = await holder.act(play, version)
        await asyncio.sleep(0.1)
        clock.ms += 1.0
        assert (await holder.answer(seq))["code"] == "unavailable"
        assert not failures
        answer = await other.answer(other.seq)
        assert answer["type"] == "error" and answer["code"] in ("unavailable", "not_your_window")
        clock.step = TICK
        async with Client.connect(server, code, joined[holder.seat][1], holder.seat) as again:
            update = await again.until("update")
            assert update["version"] == version  # nothing of the failed instant was kept
            answer = await again.answer(await again.act(play, version))
            assert answer == {"type": "ack", "seq": 1, "version": version + 1}

    serve(tmp_path, (s for s in itertools.count(3)), body, clock)


def test_a_message_sent_again_while_on_its_way_is_applied_once(tmp_path: Path) -> None:
    """A second socket with the same token sends the same ``seq`` while the first one's
    instant is still open: one action, one answer for both."""
    clock = Stopped(TICK)

    async def body(server: Server, stack: AsyncExitStack) -> None:
        code, joined = await room(server, "classic", 2, {}, ["Ana", "Bo"])
        a, b = await connected(stack, server, code, joined)
        holder = a if a.view["turn"] == a.seat else b  # type: ignore[index]
        version = holder.view["version"]  # type: ignore[index]
        play = holder.choice()
        assert play is not None
        clock.step = 0.0
        token = joined[holder.seat][1]
        await holder.act(play, version, seq=7)
        await asyncio.sleep(0.1)
        async with Client.connect(server, code, token, holder.seat) as tab:
            await tab.until("update")
            await tab.act(play, version, seq=7)
            await asyncio.sleep(0.1)
            clock.ms += 1.0
            answer = await tab.answer(7)
            assert answer == {"type": "ack", "seq": 7, "version": version + 1}
            await tab.drain()
            assert tab.view is not None and tab.view["version"] == version + 1

    serve(tmp_path, (s for s in itertools.count(3)), body, clock)
