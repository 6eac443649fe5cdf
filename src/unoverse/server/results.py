"""A room's results: its last match round by round, for an ended room's link and a decided
match (``GET /api/rooms/{code}``), and the order of the seats knocked out (UNO Blast, No
Mercy).

The results are read from the store's finished games, so an ended room, no longer in
memory, shows them too. A round of UNO Blast or No Mercy may end when one seat is left: the
others were eliminated one by one, and the results list them in that order rather than the
points left in their hands.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core import events as ev
from ..core.events import Event
from ..core.setup import compiled, resolve_preset
from ..match.match import Scorer
from .records import GameRecord, GameStore
from .room import Room


def eliminated_in(events: Iterable[Event]) -> list[int]:
    """The seats eliminated among ``events``, in order."""
    return [int(e.seat) for e in events if e.kind == ev.ELIMINATED and e.seat is not None]


async def results(store: GameStore, room: Room) -> dict[str, Any] | None:
    """The results of ``room``'s last match (None: no match started): its variant, the
    seats' names, the winners (empty while undecided: a room that ended mid-match), the
    scores and each finished round."""
    games = await store.games(room.code)
    if not games:
        return None
    match = games[-1].match
    played = [g for g in games if g.match == match]
    variant, options = resolve_preset(room.settings.preset)
    rules = compiled(variant, options)  # (a match is played under its room's preset)
    scorer = Scorer.for_rules(rules, room.settings.seats)
    winners: tuple[int, ...] | None = None
    rounds = []
    for g in played:
        if not g.finished or g.result is None or g.result.get("winner") is None:
            continue
        leftovers = [int(x) for x in g.result["leftovers"]]
        winner = int(g.result["winner"])
        winners = scorer.add_round(winner, leftovers, len(g.result.get("out") or ()))
        rounds.append(
            {
                "game": g.id,
                "winner": winner,
                "leftovers": leftovers,
                "eliminated": await _eliminated(store, g) if rules.elimination else None,
            }
        )
    return {
        "variant": variant.name,
        "names": [s.name or f"seat {i}" for i, s in enumerate(room.seats)],
        "winners": [] if winners is None else list(winners),
        "scores": list(scorer.scores),
        "rounds": rounds,
    }


async def _eliminated(store: GameStore, game: GameRecord) -> list[int]:
    """The order of a Blast round's eliminations: as its result keeps it, or (a round
    stored before it did) from its log played again."""
    assert game.result is not None
    kept = game.result.get("out")
    if isinstance(kept, list):
        return [int(s) for s in kept]
    played = game.deal()
    out: list[int] = []
    for e in await store.log(game.id):
        out += eliminated_in(played.apply(e.seat, e.action, e.at))
    return out
