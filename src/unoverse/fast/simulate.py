"""A run's games on the batched engine (``unoverse.fast``: ``simulate --engine fast``).

A chunk of games is one call into numba (``fast.play``): each game dealt from the seed
the reference engine deals it from (``derive(run seed, "game", i)``) and played out by the
batch's ``naive`` or ``random`` policies. Its records (``sim.record``, the fields and key
order ``simulate.game_record`` writes) and its ``Tally`` are then read off the batch's
arrays, column by column rather than game by game: a chunk's records are only built when a
results file takes them, and its tally is the one ``Tally.add`` would make of them, the same
counts in the same order.

The batch plays the reference engine's rules exactly (``unoverse.fast.check``), but has no
clock: seats asked out of turn answer before the turn holder moves, in seat order from it,
and never race (``late_answers`` is 0). It refuses, before any game, what it cannot honour
(``check``).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

import numpy as np

from ..bots.base import make_bot, parse_bot_specs
from ..core.cards import CARD_KIND, KIND_CODES
from ..core.errors import Unsupported
from ..core.seeding import derive
from ..sim.results import load_pyarrow, record_schema
from ..sim.simulate import Simulation, counted
from ..sim.tally import Tally
from . import state as fs
from . import tables as tb
from .play import play
from .policies import POLICIES
from .state import State
from .tables import Config, config

#: Each count a record gives, by name: the batch's field that counts it (None: always 0,
#: the batch has no races and refuses no answer).
COUNT_FIELDS: Final[dict[str, int | None]] = {
    "catches": fs.CATCHES,
    "challenges": fs.CHALLENGES,
    "stack_answers": fs.STACK_ANSWERS,
    "longest_chain": fs.LONGEST_CHAIN,
    "jump_ins": fs.JUMP_INS,
    "rotations": fs.ROTATIONS,
    "swaps": fs.SWAPS,
    "late_answers": None,
}


def check(sim: Simulation) -> None:
    """Refuse, with ``Unsupported`` naming what, a run the batched engine cannot play as
    asked: a preset it does not play, a bot other than ``naive`` or ``random`` or one with
    parameters (reaction times: the batch has no clock), or whole matches."""
    if sim.match:
        raise Unsupported(
            "--match: the fast engine plays single rounds, not matches: use the reference "
            "engine (--engine reference) for matches"
        )
    setup_for(sim.preset, sim.players, tuple(parse_bot_specs(sim.bots, sim.players)))


@dataclass(frozen=True)
class Setup:
    """What a run's chunks share, built once per process: the engine's configuration, the
    policy at each seat, how card slots add up into card kinds and points, the count
    columns, and the text every record of the run repeats."""

    cfg: Config
    specs: tuple[str, ...]  # each seat's bot spec
    policies: np.ndarray  # int64 [seat]: a code of POLICIES
    kinds: tuple[str, ...]  # the deck's card kinds, in the order records list them
    by_kind: np.ndarray  # int64 [slot, kind]: 1 where the slot's card is of that kind
    points: np.ndarray  # int64 [slot]: a card's points
    names: tuple[str, ...]  # the counts a record gives (``simulate.counted``)
    fields: tuple[int | None, ...]  # the field counting each name (None: always 0)
    run: str  # the record's "preset", "players" and "bots", as JSON


@cache
def setup_for(preset: str, players: int, specs: tuple[str, ...]) -> Setup:
    """The ``Setup`` of a run of ``preset`` at ``players`` seats with the bots ``specs``;
    ``Unsupported`` for what the batch does not play."""
    cfg = config(preset, players)
    codes = []
    for seat, spec in enumerate(specs):
        name = make_bot(spec, 0, seat).name  # (checks the spec; a level names its bot)
        if name not in POLICIES:
            raise Unsupported(
                f"bot {spec}: the fast engine plays the {' and '.join(POLICIES)} bots only: "
                "use the reference engine (--engine reference) for it"
            )
        if spec.partition(":")[2].strip():
            raise Unsupported(
                f"bot {spec}: the fast engine has no clock (out-of-turn answers are taken in "
                "seat order, not raced), so it cannot honour reaction-time parameters: give "
                f"{name} without them"
            )
        codes.append(POLICIES.index(name))
    T = cfg.T
    slots = int(T[tb.CARDS])
    card_kinds = [CARD_KIND[int(T[T[tb.O_CARD_ID] + s])] for s in range(slots)]
    kinds = sorted(set(card_kinds))
    by_kind = np.zeros((slots, len(kinds)), np.int64)
    for s, k in enumerate(card_kinds):
        by_kind[s, kinds.index(k)] = 1
    names = counted(preset)
    bots = json.dumps(list(specs), separators=(",", ":"))
    return Setup(
        cfg=cfg,
        specs=specs,
        policies=np.array(codes, np.int64),
        kinds=tuple(KIND_CODES[k] for k in kinds),
        by_kind=by_kind,
        points=T[T[tb.O_POINTS] : T[tb.O_POINTS] + slots].astype(np.int64),
        names=names,
        fields=tuple(COUNT_FIELDS[name] for name in names),
        run=f'"preset":{json.dumps(preset)},"players":{players},"bots":{bots}',
    )


def play_chunk(sim: Simulation, start: int, stop: int, *, records: str) -> tuple[str, Any, Tally]:
    """Play games ``start .. stop - 1`` of ``sim``: their records as JSON Lines (with
    ``records="lines"``, else ``""``), as Parquet rows (with ``records="rows"``, else None)
    and their tally."""
    specs = tuple(parse_bot_specs(sim.bots, sim.players))
    setup = setup_for(sim.preset, sim.players, specs)
    seeds = np.array([derive(sim.seed, "game", i) for i in range(start, stop)], np.uint64)
    st = play(setup.cfg, seeds, setup.policies, sim.max_actions)
    games = Games.read(setup, st, start)
    lines = games.lines(setup) if records == "lines" else ""
    rows = games.rows(setup) if records == "rows" else None
    return lines, rows, games.tally(setup)


def compile_engine() -> None:
    """Compile the batched engine, or load it from numba's cache: a run does it once
    before its workers start, so that they load it from the cache rather than each compile
    it (half a minute of every core, the first time)."""
    cfg = config("classic", 2)
    play(cfg, np.zeros(1, np.uint64), np.zeros(2, np.int64), 1)


@dataclass(frozen=True)
class Games:
    """A batch's games as the columns of their records (finished or not)."""

    index: np.ndarray  # [game]: its index in the run
    seed: np.ndarray
    winner: np.ndarray  # -1: unfinished
    unfinished: np.ndarray  # bool
    points: np.ndarray  # [game, seat]: the points left in each hand
    first: np.ndarray
    actions: np.ndarray
    turns: np.ndarray
    plays: np.ndarray  # [game, kind]: cards played, by the setup's kinds
    draws: np.ndarray
    counts: np.ndarray  # [game, name]: the setup's counts

    @classmethod
    def read(cls, setup: Setup, st: State, start: int) -> Games:
        """Batch ``st``'s games, the first of them game ``start`` of the run."""
        S = st.S
        T = setup.cfg.T
        g, n, slots = S.shape[0], setup.cfg.players, int(T[tb.CARDS])
        hand = int(T[tb.C_HAND])
        hands = st.C[:, hand : hand + n * slots].reshape(g, n, slots).astype(np.int64)
        played = S[:, fs.PLAYED : fs.PLAYED + slots]
        drawn = S[:, fs.PLAYED + slots : fs.PLAYED + 2 * slots]
        counts = np.zeros((g, len(setup.fields)), np.int64)
        for j, field in enumerate(setup.fields):
            if field is not None:
                counts[:, j] = S[:, field]
        unfinished = S[:, fs.TRUNCATED] == 1
        return cls(
            index=np.arange(start, start + g, dtype=np.int64),
            seed=st.SEED.astype(np.int64),  # (derived seeds have 63 bits)
            winner=np.where(unfinished, -1, S[:, fs.WINNER]),
            unfinished=unfinished,
            points=hands @ setup.points,
            first=S[:, fs.FIRST],
            actions=S[:, fs.ACTIONS],
            turns=S[:, fs.TURNS],
            plays=played @ setup.by_kind,
            draws=drawn @ setup.by_kind,
            counts=counts,
        )

    def lines(self, setup: Setup) -> str:
        """The games' records, one JSON line each (``simulate.game_record``'s fields)."""
        kinds = [f'"{k}":' for k in setup.kinds]
        names = [f'"{k}":' for k in setup.names]
        run = setup.run
        out = []
        for index, seed, winner, points, first, actions, turns, plays, draws, counts in zip(
            self.index.tolist(),
            self.seed.tolist(),
            self.winner.tolist(),
            self.points.tolist(),
            self.first.tolist(),
            self.actions.tolist(),
            self.turns.tolist(),
            self.plays.tolist(),
            self.draws.tolist(),
            self.counts.tolist(),
            strict=True,
        ):
            won = "false" if winner >= 0 else "true"
            out.append(
                f'{{"game":{index},"seed":{seed},{run},'
                f'"winners":[{"" if winner < 0 else winner}],'
                f'"points":[{",".join(map(str, points))}],"first":{first},'
                f'"actions":{actions},"turns":{turns},"rounds":1,"unfinished":{won},'
                f'"plays":{{{_nonzero(kinds, plays)}}},"draws":{{{_nonzero(kinds, draws)}}},'
                f'"counts":{{{",".join(map(str.__add__, names, map(str, counts)))}}},'
                '"eliminated":[],"fired":{}}\n'
            )
        return "".join(out)

    def rows(self, setup: Setup) -> Any:
        """The games' records as Parquet rows: a pyarrow ``Table`` of
        ``results.record_schema``, the rows ``Writer.write`` makes of ``lines``."""
        pa, _pq = load_pyarrow()
        g, n = len(self.index), setup.cfg.players
        won = self.winner >= 0
        none = np.zeros(g + 1, np.int32)
        columns = [
            pa.array(self.index),
            pa.array(self.seed),
            pa.array([setup.cfg.preset] * g, pa.string()),
            pa.array(np.full(g, n, np.int16)),
            pa.ListArray.from_arrays(_steps(g, n), pa.array(list(setup.specs) * g, pa.string())),
            pa.ListArray.from_arrays(_offsets(won), pa.array(self.winner[won].astype(np.int16))),
            pa.ListArray.from_arrays(_steps(g, n), pa.array(self.points.ravel().astype(np.int32))),
            pa.array(self.first.astype(np.int16)),
            pa.array(self.actions.astype(np.int32)),
            pa.array(self.turns.astype(np.int32)),
            pa.array(np.ones(g, np.int32)),
            pa.array(self.unfinished),
            _map(pa, setup.kinds, self.plays, self.plays != 0),
            _map(pa, setup.kinds, self.draws, self.draws != 0),
            _map(pa, setup.names, self.counts, np.ones(self.counts.shape, bool)),
            pa.ListArray.from_arrays(none, pa.array([], pa.list_(pa.int32()))),
            pa.MapArray.from_arrays(none, pa.array([], pa.string()), pa.array([], pa.int64())),
        ]
        return pa.Table.from_arrays(columns, schema=record_schema(pa))

    def tally(self, setup: Setup) -> Tally:
        """The games' tally: what ``Tally.add`` makes of their records, one by one."""
        n = setup.cfg.players
        tally = Tally(n, setup.names)
        tally.games = len(self.index)
        done = ~self.unfinished
        tally.unfinished = list(
            zip(
                self.index[self.unfinished].tolist(),
                self.seed[self.unfinished].tolist(),
                strict=True,
            )
        )
        tally.finished = int(done.sum())
        if not tally.finished:
            return tally
        tally.actions = _histogram(self.actions[done])
        tally.turns = _histogram(self.turns[done])
        tally.rounds = Counter({1: tally.finished})
        for j, name in enumerate(setup.names):
            tally.rules[name] = _histogram(self.counts[done, j])
        winner = self.winner[done]
        order = (winner - self.first[done]) % n
        tally.wins = np.bincount(winner, minlength=n).astype(float).tolist()
        tally.wins_by_order = np.bincount(order, minlength=n).astype(float).tolist()
        tally.points = self.points[done].sum(axis=0).tolist()
        tally.plays = _by_kind(setup.kinds, self.plays[done])
        tally.draws = _by_kind(setup.kinds, self.draws[done])
        return tally


def _offsets(counts: np.ndarray) -> np.ndarray:
    """The offsets of lists of ``counts[i]`` entries each, laid end to end (Arrow's)."""
    return np.concatenate([[0], np.cumsum(counts, dtype=np.int64)]).astype(np.int32)


def _steps(lists: int, size: int) -> np.ndarray:
    """The offsets of ``lists`` lists of ``size`` entries each."""
    return np.arange(0, (lists + 1) * size, size, dtype=np.int32)


def _map(pa: Any, keys: tuple[str, ...], values: np.ndarray, kept: np.ndarray) -> Any:
    """A map column: row ``i`` maps ``keys[j]`` to ``values[i, j]`` where ``kept[i, j]``,
    in key order."""
    _rows, at = np.nonzero(kept)  # (row by row, keys in order)
    return pa.MapArray.from_arrays(
        _offsets(kept.sum(axis=1)),
        pa.array(np.array(keys, object)[at], pa.string()),
        pa.array(values[kept], pa.int64()),
    )


def _nonzero(keys: list[str], values: list[int]) -> str:
    """The members ``"kind":count`` of a JSON object, for the counts that are not 0."""
    return ",".join([k + str(v) for k, v in zip(keys, values, strict=True) if v])


def _histogram(values: np.ndarray) -> Counter[int]:
    """How many times each value occurs, in the order the values first occur (as a
    ``Counter`` counts them one by one)."""
    seen, first, counts = np.unique(values, return_index=True, return_counts=True)
    order = np.argsort(first, kind="stable")
    return Counter(dict(zip(seen[order].tolist(), counts[order].tolist(), strict=True)))


def _by_kind(kinds: tuple[str, ...], cards: np.ndarray) -> Counter[str]:
    """Cards by kind over every game of ``cards`` ([game, kind]): the kinds in the order
    ``Counter.update`` meets them game by game (a record lists its kinds in kind order)."""
    total = cards.sum(axis=0)
    first = np.argmax(cards > 0, axis=0)
    order = np.lexsort((np.arange(len(kinds)), first))
    return Counter({kinds[k]: int(total[k]) for k in order.tolist() if total[k]})
