"""No message to a seat ever holds what the seat may not know: across whole games of every
variant, each frame a seat received is checked against the true game at that moment (dealt
again from the seed the server reveals and replayed from its log): the seat's hand is its
own, what it is shown of other hands is true, and no list in any frame is another seat's
hand or a stretch of the draw pile (or launcher) in its order. A spectator sees no hand."""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest

import unoverse as uv
from unoverse.core.cards import CARD_TEXT, FACE
from unoverse.core.game import Game

from .players import FAST, QUICK, Client, in_process, room
from .test_play import PRESETS

#: The first round's seed.
SEED = 11

#: The shortest hand, and run of the draw pile, the test looks for in every frame.
HAND = 4
RUN = 5


def lists_in(value: Any) -> list[list[Any]]:
    """Every JSON list inside ``value``."""
    found = []
    if isinstance(value, list):
        found.append(value)
        for v in value:
            found += lists_in(v)
    elif isinstance(value, dict):
        for v in value.values():
            found += lists_in(v)
    return found


def secrets_of(game: Game, seat: int | None) -> list[list[str]]:
    """What ``seat`` must never be sent as a list: the part of each other seat's hand it
    has not seen (of ``HAND`` cards or more, in order or sorted: a hand swapped away, say,
    is known) and every run of ``RUN`` cards of the draw pile in its order. (Shorter ones
    meet public lists by chance: two-card hands, three-card runs of a pile against a long
    discard pile, with every card twice in the deck.)"""
    out = []
    known = game.view(seat).known
    for s, hand in enumerate(game.hands):
        unseen = [CARD_TEXT[c] for c in hand]
        for c in known[s]:
            if CARD_TEXT[c] in unseen:
                unseen.remove(CARD_TEXT[c])
        if s != seat and len(unseen) >= HAND:
            out += [unseen, sorted(unseen)]
    pile = [CARD_TEXT[c] for c in game.draw_pile]
    out += [pile[i : i + RUN] for i in range(max(0, len(pile) - RUN + 1))]
    return out


def leaks(lists: list[list[Any]], secrets: list[list[str]]) -> list[list[Any]]:
    """The lists that hold a secret: one equal to it, or, for a secret of ``RUN`` cards,
    one holding its cards in a row. (The secrets are looked up in sets: a frame is checked
    in time linear in its size, not in its size times the draw pile's.)"""
    whole = {tuple(secret) for secret in secrets}
    runs = {secret for secret in whole if len(secret) == RUN}
    found = []
    for values in lists:
        # a value that is not a card's text matches no secret: None stands for it
        cards = tuple(v if isinstance(v, str) else None for v in values)
        if cards in whole or any(cards[i : i + RUN] in runs for i in range(len(cards) - RUN + 1)):
            found.append(values)
    return found


async def replayed(base: str, code: str, game_id: int) -> tuple[dict[str, Any], list[Game]]:
    """A finished game's export (game ``game_id`` of room ``code``) and the true game after
    each of its actions."""
    async with httpx.AsyncClient(base_url=base) as http:
        data = (await http.get(f"/api/rooms/{code}/games/{game_id}/export")).json()
    game = uv.new_game(
        data["preset"], data["players"], int(data["seed"]), dealer=data["dealer"],
        eliminated=data["eliminated"],
    )  # fmt: skip
    states = [game.copy()]
    for seat, action, at in data["actions"]:
        game.apply(seat, action, at)
        states.append(game.copy())
    return data, states


@pytest.mark.parametrize("preset", PRESETS)
def test_no_frame_to_a_seat_holds_what_it_may_not_know(preset: str, tmp_path: Path) -> None:
    async def main() -> None:
        # seeded deals, so that the round checked is the same length on every run
        config = replace(FAST, seeds=itertools.count(SEED).__next__)
        database = f"sqlite+aiosqlite:///{tmp_path / 'u.db'}"
        # the clients play at machine speed: a person's flood limit is not what this checks
        async with in_process(database, config, flood_limit=False) as server:
            bots = {2: QUICK["normal"], 3: QUICK["easy"]}
            code, [(s0, t0), (s1, t1)] = await room(
                server, preset.replace("target_score=100", "scoring=none"), 4, bots, ["A", "B"]
            )
            async with (
                Client.connect(server, code, t0, s0) as a,
                Client.connect(server, code, t1, s1) as b,
                Client.connect(server, code, None, None) as watcher,
            ):
                await asyncio.gather(a.play_match(), b.play_match())
                await watcher.drain()
            checked = 0
            games: dict[int, list[Game]] = {}
            for client in (a, b, watcher):
                for frame in client.frames:
                    if frame["type"] != "update":
                        continue
                    if frame["game"] not in games:
                        games[frame["game"]] = (await replayed(server.base, code, frame["game"]))[1]
                    truth = games[frame["game"]][frame["version"]]
                    view = frame["view"]
                    seat = client.seat
                    if seat is None:
                        assert view["hand"] == [] and not any(view["known"])
                    else:
                        # its hand as it sees it: its cards, those it has not seen both
                        # ways (two-faced cards, RULES.md §8.4) by their face up alone
                        hand = truth.view(seat).hand
                        assert view["hand"] == [CARD_TEXT[c] for c in hand]
                        faces = sorted(FACE[c] for c in truth.hands[seat])
                        assert sorted(FACE[c] for c in hand) == faces
                        known = [[CARD_TEXT[c] for c in k] for k in truth.view(seat).known]
                        assert view["known"] == known  # what the seat has seen, no more
                    lists = lists_in({**frame, "view": {**view, "hand": [], "known": []}})
                    found = leaks(lists, secrets_of(truth, seat))
                    assert found == [], f"version {frame['version']} to seat {seat}: {found}"
                    checked += 1
            assert checked > 50

    asyncio.run(main())


def test_the_check_finds_a_hand_and_a_run_of_the_pile() -> None:
    pile = ["R1", "G2", "B3", "Y4", "R5", "G6"]
    hand = ["B7", "Y8", "R9", "G0"]
    secrets = [hand, sorted(hand), *(pile[i : i + RUN] for i in range(len(pile) - RUN + 1))]
    found: list[list[Any]] = [["x", *pile[1:], 3], sorted(hand), hand]
    missed: list[list[Any]] = [
        pile[:4],
        hand[:3],
        [*pile[:2], 0, *pile[2:]],
        [hand, pile],
        [{"card": "R1"}],
    ]
    assert leaks(found + missed, secrets) == found
