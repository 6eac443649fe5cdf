"""``simulate --engine fast``'s records count what the reference simulation counts.

Each batched game's actions are replayed in the reference engine (``unoverse.fast.check``
sets the deal up) and counted by the reference's own counting: ``GameCounter`` fed the
reference's events, turns as ``sim.driver.play_round`` counts them, points, winners and the
first seat read off the reference game; ``simulate.game_record`` writes that record, and it
must be the fast run's record, field for field. The fast chunk's tally must be the one
``Tally.add`` makes of its records.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from unoverse import position
from unoverse.bots.base import parse_bot_specs
from unoverse.core.game import Phase
from unoverse.core.seeding import derive
from unoverse.fast import check, play
from unoverse.fast import simulate as batched
from unoverse.fast.state import ACTIONS, LOGGED, State
from unoverse.sim.driver import _TURN_KINDS, RoundRecord
from unoverse.sim.record import check_record
from unoverse.sim.results import _for_parquet, load_pyarrow, record_schema
from unoverse.sim.simulate import GameCounter, GameResult, Simulation, counted, game_record
from unoverse.sim.tally import Tally

PRESETS = ("classic", "classic+stacking=progressive", "classic+seven_zero", "classic+jump_in")
#: Every seat naive, every seat random (its rounds run to the cap: unfinished games), and
#: random at seat 0 among naive seats (rounds that end, with catches, challenges, stacks,
#: swaps and jump-ins in them).
BOTS = ("naive", "random", "random+naive")
GAMES = 24
CAP = 300


def _sim(preset: str, players: int, bots: str) -> Simulation:
    if bots == "random+naive":
        bots = ",".join(["random"] + ["naive"] * (players - 1))
    return Simulation(preset, players, GAMES, 7, bots, max_actions=CAP, engine="fast")


def _played(sim: Simulation, start: int) -> tuple[batched.Setup, State]:
    """Games ``start ..`` of ``sim`` played as a fast run plays them, with their actions."""
    specs = tuple(parse_bot_specs(sim.bots, sim.players))
    setup = batched.setup_for(sim.preset, sim.players, specs)
    seeds = np.array([derive(sim.seed, "game", i) for i in range(start, sim.games)], np.uint64)
    st = play(setup.cfg, seeds, setup.policies, sim.max_actions, log=sim.max_actions)
    assert (st.S[:, LOGGED] == st.S[:, ACTIONS]).all()
    return setup, st


def _reference_record(sim: Simulation, setup: batched.Setup, st: State, g: int, index: int) -> Any:
    """Game ``g`` of the batch replayed in the reference engine and recorded as
    ``sim.simulate`` records a game: counted from the reference's events."""
    cfg = setup.cfg
    seed = int(st.SEED[g])
    game = position(check.position_text(cfg, check.dealt(cfg, seed)))
    result = GameResult(index, seed, ())
    record = RoundRecord(seed, None)
    result.rounds.append(record)
    result.first = game.turn
    counter = GameCounter()
    counter.start(game, record)
    for seat, token in check.actions(cfg, st, g):
        act = cfg.space.action(token, seat, game.landed)
        holder, phase = game.turn, game.phase  # (as play_round counts turns)
        turn = holder if phase in (Phase.TURN, Phase.PENALTY) else -1
        events = game.apply(seat, act)
        if seat == turn and act.kind in _TURN_KINDS:
            record.turns += 1
        record.actions.append((seat, str(act), 0.0))
        counter(seat, act, events)
    result.points = [game.hand_points(s) for s in range(game.n)]
    if game.over:
        result.winners = (game.winner,)
    else:
        assert len(record.actions) == sim.max_actions
        result.unfinished = True
    counter.into(result)
    specs = parse_bot_specs(sim.bots, sim.players)
    return json.loads(json.dumps(game_record(sim, specs, counted(sim.preset), result)))


@pytest.mark.parametrize("bots", BOTS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("preset", PRESETS)
def test_each_record_is_the_reference_games_record(preset: str, players: int, bots: str) -> None:
    sim = _sim(preset, players, bots)
    start = 3
    setup, st = _played(sim, start)
    lines = batched.Games.read(setup, st, start).lines(setup).splitlines()
    assert len(lines) == sim.games - start
    for g, line in enumerate(lines):
        ours = check_record(json.loads(line), f"game {start + g}")
        theirs = _reference_record(sim, setup, st, g, start + g)
        wrong = {k: (ours[k], theirs[k]) for k in theirs if ours.get(k) != theirs[k]}
        assert not wrong and list(ours) == list(theirs), f"game {start + g}: {wrong}"


def test_the_checks_see_what_they_count() -> None:
    """The games above hold every count, finished and unfinished games, and every card kind
    played and drawn (a check over games without them would pass for nothing)."""
    seen: dict[str, int] = {}
    finished = unfinished = 0
    for preset in PRESETS:
        for bots in BOTS:
            sim = _sim(preset, 4, bots)
            setup, st = _played(sim, 0)
            games = batched.Games.read(setup, st, 0)
            for j, name in enumerate(setup.names):
                seen[name] = seen.get(name, 0) + int(games.counts[:, j].sum())
            unfinished += int(games.unfinished.sum())
            finished += int((~games.unfinished).sum())
            assert (games.plays.sum(axis=0) > 0).all() and (games.draws.sum(axis=0) > 0).all()
    assert finished and unfinished
    assert all(seen[name] for name in seen if name != "late_answers"), seen
    assert seen["late_answers"] == 0


@pytest.mark.parametrize(
    ("preset", "players", "bots"),
    [("classic+jump_in", 4, "random+naive"), ("classic+seven_zero", 3, "random")],
)
def test_a_chunks_tally_is_the_tally_of_its_records(preset: str, players: int, bots: str) -> None:
    sim = _sim(preset, players, bots)
    setup, st = _played(sim, 0)
    games = batched.Games.read(setup, st, 0)
    ours = games.tally(setup)
    theirs = Tally(players, setup.names)
    for line in games.lines(setup).splitlines():
        theirs.add(json.loads(line))
    # the same values, and the same order in every counter (reports list them in it)
    assert _in_order(vars(ours)) == _in_order(vars(theirs))


def _in_order(value: object) -> object:
    """``value`` with every mapping, nested ones too, as its list of items in order."""
    if isinstance(value, dict):
        return [(k, _in_order(v)) for k, v in value.items()]
    return value


def test_a_chunks_parquet_rows_are_the_rows_of_its_records() -> None:
    """The rows a fast chunk hands a Parquet file are the ones the writer makes of its JSON
    lines (``results.Writer.write``): the same values, of the same types."""
    pa, _pq = load_pyarrow()
    sim = Simulation("classic+seven_zero", 4, GAMES, 7, "random,naive,naive,naive", max_actions=80)
    setup, st = _played(sim, 5)  # (games cut off at 80 actions, and games that end)
    games = batched.Games.read(setup, st, 5)
    assert games.unfinished.any() and not games.unfinished.all()
    lines = [_for_parquet(json.loads(line)) for line in games.lines(setup).splitlines()]
    theirs = pa.Table.from_pylist(lines, schema=record_schema(pa))
    assert games.rows(setup).equals(theirs)
