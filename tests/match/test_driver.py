"""The simulation driver as a client of the session (DESIGN.md "One simulation driver for
every variant"): its record is the session's log, it is reproducible, and it replays."""

from __future__ import annotations

import json

import pytest

import unoverse as uv
from unoverse.bots.base import make_bot
from unoverse.core.errors import UnoverseError
from unoverse.match.replay import replay_round
from unoverse.sim.driver import BotError, NonTermination, RoundRecord, Table, play_round

CASES = [
    (preset, players, seed)
    for preset in ("classic", "classic+jump_in", "minecraft", "attack")
    for players, seed in ((2, 1), (3, 2), (4, 3))
]


def specs(players: int) -> list[str]:
    """A random bot at seat 0 (it calls, catches and jumps in), naive bots elsewhere."""
    return ["random" if s == 0 else "naive" for s in range(players)]


def play(preset: str, players: int, seed: int) -> tuple[uv.Game, RoundRecord]:
    game = uv.new_game(preset, players, seed)
    bots = [make_bot(spec, seed, s) for s, spec in enumerate(specs(players))]
    return game, play_round(game, bots, RoundRecord(seed, None), hashes=True)


@pytest.mark.parametrize(("preset", "players", "seed"), CASES)
def test_the_same_seed_gives_the_same_record_and_the_record_replays(
    preset: str, players: int, seed: int
) -> None:
    game, record = play(preset, players, seed)
    again_game, again = play(preset, players, seed)
    assert (again.actions, again.rejected, again.turns, again.hashes) == (
        record.actions,
        record.rejected,
        record.turns,
        record.hashes,
    )
    assert uv.to_json(again_game) == uv.to_json(game)
    saved = json.loads(json.dumps(record.to_dict()))
    assert replay_round(preset, players, saved, "test") == len(record.actions) == game.version
    times = [at for *_, at in record.actions]
    assert times == sorted(times) and all(round(t, 3) == t for t in times)  # microseconds


def test_late_answers_are_refused_by_the_session_and_kept_apart() -> None:
    seen: dict[str, int] = {}
    for seed in range(6):
        _, record = play("classic+jump_in", 4, seed)
        logged = set(record.actions)
        for seat, text, at, code in record.rejected:
            assert (seat, text, at) not in logged  # never replayed
            seen[code] = seen.get(code, 0) + 1
    assert set(seen) <= {"stale", "not_your_window", "illegal"} and seen.get("stale", 0) > 0


@pytest.mark.parametrize(
    "preset", ["classic+jump_in", "classic+permissive_illegal_plays", "classic+jump_in+seven_zero"]
)
def test_a_table_without_a_session_chooses_what_the_driver_applies(preset: str) -> None:
    """``Table.next`` (the conformance playouts use it) skips the answers the session refuses
    as stale, so a loop over it plays the driver's very games."""
    for players, seed in ((2, 4), (3, 5), (4, 6)):
        game = uv.new_game(preset, players, seed)
        table = Table([make_bot(s, seed, i) for i, s in enumerate(specs(players))], seed)
        applied = []
        while not game.over:
            seat, act, _ = table.next(game)
            try:
                game.apply(seat, act)
            except UnoverseError:
                continue
            applied.append((seat, str(act)))
        driven, record = play(preset, players, seed)
        assert applied == [(s, t) for s, t, _ in record.actions]
        assert uv.to_json(game) == uv.to_json(driven)


def test_the_driver_errors_keep_their_codes() -> None:
    """In the compiled build too (they are not native classes there)."""
    assert NonTermination("x").code == "non_termination" and BotError("x").code == "bot_error"
