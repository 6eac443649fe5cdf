"""A room that plays back frames made from a real game, for screens that must look the same
on every run (snapshots): the engine plays a seeded round with bots up to a position, and
the server's own ``wire`` turns it into the frames a seat would get."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from unoverse.bots.base import make_bot
from unoverse.core.game import Game
from unoverse.core.setup import new_game, resolve_preset
from unoverse.match.match import Scorer
from unoverse.server.wire import events_for, seat_view
from unoverse.sim.driver import Table
from unoverse.tui.app import PlayApp
from unoverse.tui.link import Deliver, Frame, FrameLink, status

#: The room code the scripted rooms show.
CODE = "K7QPZ2"


def position(
    preset: str, players: int, seed: int, ready: Callable[[Game], bool]
) -> tuple[Game, list[Any]]:
    """The seeded round of ``preset`` played by naive bots until ``ready(game)``: the game
    and every event so far."""
    game = new_game(preset, players, seed)
    table = Table([make_bot("naive", seed, s) for s in range(players)], seed)
    events = list(game.setup_events)
    for _ in range(2000):
        if ready(game):
            return game, events
        seat, action, at = table.next(game)
        events += game.apply(seat, action, at)
    raise AssertionError("the position never came")


def frames(preset: str, game: Game, events: list[Any], seat: int = 0, **extra: Any) -> list[Frame]:
    """What ``seat`` of a room playing ``game`` receives on joining it."""
    players = game.n
    seats = [{"kind": "player", "name": "Ana"}] + [
        {"kind": "bot", "name": "bot normal"} for _ in range(players - 1)
    ]
    room = {
        "code": CODE,
        "variant": game.rules.name,
        "preset": preset,
        "options": {},
        "seats": seats,
        "free": 0,
        "timer": "off",
        "spectators": False,
        "started": True,
    }
    presence = [dict(s, connected=s["kind"] == "player", stand_in=False) for s in seats]
    rules = dict(resolve_preset(preset)[1])
    return [
        {
            "type": "welcome",
            "seat": seat,
            "room": room,
            "rules": rules,
            "presence": presence,
            "chat": [],
        },
        {"type": "presence", "seats": presence, "host": 0},
        {"type": "deal", "game": 1, "match": 0, "round": 0, "commitment": "0" * 64},
        update(game, events, seat, **extra),
    ]


def round_over(preset: str, players: int, seed: int) -> tuple[list[Frame], Game, list[int]]:
    """A room whose first round of ``preset`` has just ended: the frames seat 0 receives on
    joining it, up to the ``round_over``; the game; and the match's scores after it."""
    game, events = position(preset, players, seed, lambda g: g.over)
    sent = frames(preset, game, events)
    leftovers = [game.hand_points(s) for s in range(game.n)]
    scorer = Scorer.for_rules(game.rules, game.n)
    scorer.add_round(game.winner, leftovers)
    scores = scorer.scores
    over = {"game": 1, "winner": game.winner, "leftovers": leftovers, "scores": scores}
    sent.append(over | {"type": "round_over", "seed": "9", "salt": "0" * 64, "commitment": ""})
    return sent, game, scores


def update(game: Game, events: list[Any], seat: int = 0, **extra: Any) -> Frame:
    """The update ``seat`` receives once ``game`` has moved on with ``events``."""
    return {
        "type": "update",
        "game": 1,
        "version": game.version,
        "events": events_for(events, seat),
        "view": seat_view(game, seat),
        "deadline": None,
        **extra,
    }


def scripted_app(
    preset: str, players: int, seed: int, ready: Callable[[Game], bool], **extra: Any
) -> tuple[PlayApp, ScriptedLink, Game]:
    """The app at seat 0 of a scripted room at ``position(...)``, its link (what the app
    sends) and the game (to move on with ``update``)."""
    game, events = position(preset, players, seed, ready)
    link = ScriptedLink(frames(preset, game, events, **extra))
    return PlayApp(link, bell=False), link, game


class ScriptedLink(FrameLink):
    """A room that sends ``frames`` on joining and refuses every action; ``sent`` keeps the
    actions' texts."""

    def __init__(self, frames: list[Frame]) -> None:
        super().__init__()
        self.frames = frames
        self.sent: list[str] = []

    async def open(self, deliver: Deliver) -> None:
        await super().open(deliver)
        deliver(status("connected"))
        for frame in self.frames:
            deliver(frame)

    async def _send(self, frame: bytes) -> None:
        import json

        message = json.loads(frame)
        seq = message["seq"]
        if message["type"] == "act":
            self.sent.append(message["action"])
        self._received(
            json.dumps({"type": "error", "seq": seq, "code": "illegal", "message": "scripted"})
        )

    async def again(self) -> None:
        return None
