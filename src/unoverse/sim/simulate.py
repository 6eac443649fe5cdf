"""Bulk simulation: many seeded games (or matches) between bots, with a report.

Game ``i`` uses the seed ``derive(seed, "game", i)`` and fresh bots seeded from it, so any
game can be re-run alone and results do not depend on order, process or hash seed. A game
whose round reaches the action cap (``max_actions``, RULES.md E-6) is recorded as
unfinished with its seed; the statistics count the finished games. Replay files
(docs/replay.md) are written beside their path and moved into place when the run ends.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Final

from ..bots.base import make_bot, parse_bot_specs
from ..core import effects as fx
from ..core import events as ev
from ..core.actions import Action
from ..core.cards import CARD_KIND, kind
from ..core.errors import (
    BadBotSpec,
    InvalidOptionValue,
    NotationError,
    ReplayMismatch,
    UnoverseError,
)
from ..core.events import Event
from ..core.game import Game
from ..core.seeding import derive
from ..core.setup import compiled, new_game, resolve_preset
from ..match.match import play_match
from ..match.replay import FORMAT, GAME_FIELDS, ROUND_FIELDS, Header, replay_file
from .driver import MAX_ACTIONS, NonTermination, RoundRecord, play_round
from .stats import percentile, wilson


@dataclass
class Simulation:
    """What to simulate."""

    preset: str
    players: int
    games: int
    seed: int
    bots: str = "naive"
    match: bool = False
    max_actions: int = MAX_ACTIONS  # a round that reaches it leaves its game unfinished


def check(sim: Simulation) -> None:
    """Refuse a simulation that cannot run, before anything is played or written."""
    variant, _options = resolve_preset(sim.preset)
    variant.check_players(sim.players)
    specs = parse_bot_specs(sim.bots, sim.players)
    for seat, spec in enumerate(specs):
        make_bot(spec, sim.seed, seat)
    if sim.games < 0:
        raise InvalidOptionValue(f"games is {sim.games}: a simulation plays 0 games or more")
    if sim.max_actions < 1:
        raise InvalidOptionValue(f"max_actions is {sim.max_actions}: a round needs 1 or more")


#: Rule events counted per game in the report (``rules``), by name: what each counts.
RULE_COUNTS = (
    "catches",  # UNO catches
    "challenges",  # Wild Draw Four challenges
    "stack_answers",  # draw cards played to answer a draw penalty (stacking)
    "longest_chain",  # the most draw cards in one chain
    "jump_ins",  # accepted jump-ins
    "rotations",  # Seven-0 hand rotations
    "swaps",  # hand swaps (Seven-0's 7, Friendly cards)
    "late_answers",  # answers refused on arrival: the state had moved on (stale jump-ins...)
)
#: Counted too where a launcher replaces the draw pile (UNO Attack).
LAUNCHER_COUNTS = (
    "presses",  # presses of the launcher, for any reason
    "fires",  # presses that fired at least one card
    "cards_fired",  # cards the launcher fired
    "reloads",  # reloads of an empty launcher from the discard pile
)
#: Counted too where drawn cards can trigger (the Minecraft Creeper).
TRIGGER_COUNTS = ("revealed",)  # triggering cards drawn and revealed
#: Counted too in UNO Blast: BLAST events, the seats that met or failed their challenges,
#: and eliminations (§5.5).
BLAST_COUNTS = (
    "blast_events",  # BLAST cards drawn: events opened
    "challenges_met",  # seats that discarded a qualifying set
    "challenges_failed",  # seats that could not and drew 3
    "eliminations",  # seats eliminated at the threshold
)
#: Counted too in UNO Blast's BLAST mode (§5.8): accepted cards another seat's play raced
#: (refused as simultaneous), the simultaneous refusals, holding penalties (armed or
#: simultaneous seats that drew), draw rounds, and the session's stalls.
REALTIME_COUNTS = ("races", "simultaneous", "holding_penalties", "draw_rounds", "stalls")
#: Counted too where a colour step widens P1 (Full Spectrum's chromatic step).
STEP_COUNTS = ("chromatic_steps",)  # plays that matched by the chromatic step alone
SKIP_ALL: Final = kind("SA")
#: Counted too where the deck has Skip All (Full Spectrum).
SKIP_ALL_COUNTS = ("skip_alls",)  # Skip All plays: every other seat skipped


def counted(preset: str) -> tuple[str, ...]:
    """The per-game counts a report gives for ``preset``."""
    variant, options = resolve_preset(preset)
    rules = compiled(variant, options)
    return (
        RULE_COUNTS
        + (LAUNCHER_COUNTS if rules.launcher else ())
        + (TRIGGER_COUNTS if rules.triggers else ())
        + (STEP_COUNTS if any(rules.steps) else ())
        + (SKIP_ALL_COUNTS if fx.SKIP_ALL in rules.deck_effects else ())
        + (BLAST_COUNTS if rules.blast_draws else ())
        + (REALTIME_COUNTS if rules.realtime else ())
    )


@dataclass
class GameResult:
    """One game (a round, or a match of rounds)."""

    index: int
    seed: int
    winners: tuple[int, ...]  # () for an unfinished game
    rounds: list[RoundRecord] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)
    unfinished: bool = False  # its last round reached the action cap

    @property
    def actions(self) -> int:
        """Accepted actions over every round."""
        return sum(len(r.actions) for r in self.rounds)

    @property
    def turns(self) -> int:
        """Turns over every round."""
        return sum(r.turns for r in self.rounds)


_EVENT_COUNTS = {
    ev.CATCH: "catches",
    ev.CHALLENGE: "challenges",
    ev.JUMP: "jump_ins",
    ev.ROTATE: "rotations",
    ev.SWAP: "swaps",
    ev.RELOAD: "reloads",
    ev.REVEALED: "revealed",
    ev.BLAST: "blast_events",
    ev.BLAST_DISCARD: "challenges_met",
    ev.BLAST_PENALTY: "challenges_failed",
    ev.ELIMINATED: "eliminations",
    ev.SIMULTANEOUS: "simultaneous",
    ev.HOLDING: "holding_penalties",
    ev.DRAW_ROUND: "draw_rounds",
    ev.STALL: "stalls",
}


def play_one(sim: Simulation, index: int, *, hashes: bool = False) -> GameResult:
    """Play game ``index`` of a simulation. A round that reaches ``sim.max_actions`` ends
    the game unfinished: its record holds the actions played (and, with ``hashes``, the
    state hash after the last)."""
    seed = derive(sim.seed, "game", index)
    specs = parse_bot_specs(sim.bots, sim.players)
    bots = [make_bot(spec, seed, seat) for seat, spec in enumerate(specs)]
    result = GameResult(index, seed, ())

    counts = result.counts

    def play(game: Game, round_seed: int, dealer: int | None) -> None:
        raced = [-1]  # the last accepted card (its serial number) counted as a race

        def count(seat: int, act: Action, events: list[Event]) -> None:
            for e in events:
                if e.kind in _EVENT_COUNTS:
                    counts[_EVENT_COUNTS[e.kind]] += 1
                    if e.kind == ev.SIMULTANEOUS and raced[0] != game.landed:
                        raced[0] = game.landed
                        counts["races"] += 1
                elif e.kind == ev.PLAY:
                    if e.reason == ev.PLAY_STACK:
                        counts["stack_answers"] += 1
                    elif e.reason == ev.PLAY_STEP:
                        counts["chromatic_steps"] += 1
                    if CARD_KIND[e.cards[-1]] == SKIP_ALL:
                        counts["skip_alls"] += 1
                elif e.kind == ev.PRESS:
                    counts["presses"] += 1
                    if e.count:
                        counts["fires"] += 1
                        counts["cards_fired"] += e.count
            counts["longest_chain"] = max(counts["longest_chain"], game.pen_chain)

        eliminated = tuple(s for s in range(game.n) if game.eliminated[s])
        record = RoundRecord(round_seed, dealer, eliminated)
        result.rounds.append(record)
        try:
            play_round(
                game, bots, record, hashes=hashes, on_events=count, max_actions=sim.max_actions
            )
        finally:
            counts["late_answers"] += len(record.rejected)

    try:
        if sim.match:
            result.winners = play_match(sim.preset, sim.players, seed, play).winners
        else:
            game = new_game(sim.preset, sim.players, seed)
            play(game, seed, None)
            result.winners = (game.winner,)
    except NonTermination:  # (a bot that repeats a refused answer is a BotError instead)
        result.unfinished = True
    return result


def game_line(result: GameResult) -> dict[str, Any]:
    """A game's line in a replay file (docs/replay.md)."""
    return {
        "game": result.index,
        "seed": result.seed,
        "winners": list(result.winners),
        "unfinished": result.unfinished,
        "rounds": [r.to_dict() for r in result.rounds],
    }


def run(
    sim: Simulation,
    *,
    out: IO[str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play every game; write a replay file to ``out`` if given; return the report. Its
    statistics count the finished games; ``unfinished`` lists the others."""
    check(sim)
    variant, options = resolve_preset(sim.preset)
    specs = parse_bot_specs(sim.bots, sim.players)
    if out is not None:
        header = {
            "format": FORMAT,
            "preset": sim.preset,
            "players": sim.players,
            "seed": sim.seed,
            "bots": specs,
            "match": sim.match,
            "games": sim.games,
            "max_actions": sim.max_actions,
        }
        out.write(json.dumps(header) + "\n")
    actions: list[int] = []
    turns: list[int] = []
    names = counted(sim.preset)
    rule_counts: dict[str, list[int]] = {name: [] for name in names}
    rounds: list[int] = []
    wins = [0.0] * sim.players
    unfinished: list[dict[str, int]] = []
    start = time.perf_counter()
    for i in range(sim.games):
        result = play_one(sim, i, hashes=out is not None)
        if out is not None:
            out.write(json.dumps(game_line(result), separators=(",", ":")) + "\n")
        if result.unfinished:
            unfinished.append({"game": i, "seed": result.seed})
        else:
            actions.append(result.actions)
            turns.append(result.turns)
            rounds.append(len(result.rounds))
            for name in names:
                rule_counts[name].append(result.counts[name])
            for w in result.winners:
                wins[w] += 1 / len(result.winners)
        if progress is not None:
            progress(i + 1)
    seconds = time.perf_counter() - start
    finished = sim.games - len(unfinished)
    report: dict[str, Any] = {
        "variant": variant.name,
        "preset": sim.preset,
        "options": {k: variant.specs[k].format(v) for k, v in options.items()},
        "players": sim.players,
        "games": sim.games,
        "seed": sim.seed,
        "bots": specs,
        "match": sim.match,
        # the statistics below count the finished games only
        "finished": finished,
        "unfinished": len(unfinished),
        "unfinished_games": unfinished,  # each game that reached the action cap, and its seed
        "max_actions": sim.max_actions,
        "actions_per_game": _summary(actions),
        "turns_per_game": _summary(turns),
        "rules_per_game": {name: _summary(v) for name, v in rule_counts.items()},
        **(
            {  # the share of seats eliminated, over every finished game (UNO Blast)
                "elimination_rate": round(
                    sum(rule_counts["eliminations"]) / (finished * sim.players), 4
                )
                if finished
                else 0.0
            }
            if "eliminations" in rule_counts
            else {}
        ),
        "wins": [
            {
                "seat": s,
                "wins": round(w, 3),
                "rate": round(w / finished, 4) if finished else 0.0,
                "ci95": [round(x, 4) for x in wilson(w, finished)],
            }
            for s, w in enumerate(wins)
        ],
        "timing": {
            "seconds": round(seconds, 3),
            "games_per_s": round(sim.games / seconds, 1) if seconds > 0 else None,
        },
    }
    if sim.match:
        report["rounds_per_match"] = _summary(rounds)
    return report


def _summary(values: list[int]) -> dict[str, float]:
    return {
        "mean": round(sum(values) / len(values), 2) if values else 0.0,
        "p50": percentile(values, 50),
        "p90": percentile(values, 90),
        "p99": percentile(values, 99),
    }


def partial_path(path: Path) -> Path:
    """Where ``write_replay`` keeps the games of a run stopped before its end."""
    return path.with_name(path.name + ".partial")


def write_replay(
    sim: Simulation, path: Path, *, progress: Callable[[int], None] | None = None
) -> dict[str, Any]:
    """Run ``sim`` and write its replay file to ``path``; return the report.

    ``path`` changes only when the run ends: the games go to a temporary file beside it
    that replaces it then, so a refused or stopped run never touches it. A run stopped
    midway (an error, Ctrl-C) keeps the game lines it wrote in ``partial_path(path)`` and
    says so in a note on the exception; a write error (a full disk) keeps nothing. A path
    that exists and is not a regular file (``/dev/stdout``, a pipe) is written directly.
    """
    check(sim)
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    direct = path.exists() and not path.is_file()
    target = path if direct else path.with_name(f".{path.name}.{os.getpid()}.tmp")
    handle = target.open("w")
    try:
        report = run(sim, out=handle, progress=progress)
        handle.close()
    except OSError:
        with contextlib.suppress(OSError):
            handle.close()
        if not direct:
            target.unlink(missing_ok=True)
        raise
    except BaseException as exc:
        with contextlib.suppress(OSError):
            handle.close()
        if not direct:
            kept = partial_path(path)
            try:
                os.replace(target, kept)
            except OSError:
                kept = target
            exc.add_note(f"the games played so far are kept in {kept}")
        raise
    if not direct:
        os.replace(target, path)
    return report


@dataclass(frozen=True)
class Replayed:
    """What ``verify_replay`` replayed: games (``unfinished`` of them) and actions."""

    games: int
    actions: int
    unfinished: int


def verify_replay(path: Path, *, resimulate: bool = False) -> Replayed:
    """Check a replay file completely (``match.replay.replay_file``) and its header's bot
    specs. With ``resimulate``, also play every game again with those bots and require the
    very record the file holds, which checks the bots' choices and arrival times too, at the
    cost of the simulation itself (bots that decide by their seed alone reproduce: not
    ``ismcts`` with a time budget ``ms``)."""
    unfinished = [0]

    def check_game(header: Header, index: int, line: dict[str, Any], where: str) -> None:
        if line["unfinished"] is True:  # verified by now
            unfinished[0] += 1
        if resimulate:
            _check_replayed(header, index, line, where)

    games, actions = replay_file(path, check_header=_check_bots, check_game=check_game)
    return Replayed(games, actions, unfinished[0])


def _check_bots(header: Header, where: str) -> None:
    """The header's bots are one valid spec per seat, as ``run`` writes them."""
    specs = list(header.bots)
    try:
        if parse_bot_specs(",".join(specs), header.players) != specs:
            raise BadBotSpec(f"{specs} is not one spec per seat")
        for seat, spec in enumerate(specs):
            make_bot(spec, header.seed, seat)
    except UnoverseError as exc:
        raise NotationError(f"{where}: field 'bots': {exc}") from None


def _check_replayed(header: Header, index: int, line: dict[str, Any], where: str) -> None:
    """Game ``index`` played again with the header's bots gives ``line`` exactly."""
    sim = Simulation(
        header.preset,
        header.players,
        header.games,
        header.seed,
        ",".join(header.bots),
        header.match,
        header.max_actions,
    )
    try:
        again = json.loads(json.dumps(game_line(play_one(sim, index, hashes=True))))
    except UnoverseError as exc:
        raise ReplayMismatch(f"{where}: the bots cannot play it again: {exc}") from None
    bots = ", ".join(dict.fromkeys(header.bots))
    ours, theirs = line["rounds"], again["rounds"]
    for r in range(min(len(ours), len(theirs))):
        for name in ROUND_FIELDS:
            a, b = ours[r][name], theirs[r][name]
            if a == b:
                continue
            what = f"field {name!r}"
            if isinstance(a, list) and isinstance(b, list):
                pairs = enumerate(zip(a, b, strict=False))
                j = next((j for j, (x, y) in pairs if x != y), min(len(a), len(b)))
                what = f"action {j + 1}" if name == "actions" else f"{what} entry {j}"
            raise ReplayMismatch(f"{where}, round {r}: {what} differs from the bots' ({bots}) game")
    for name in GAME_FIELDS:  # the rounds agree as far as both go
        if line[name] != again[name]:
            raise ReplayMismatch(f"{where}: field {name!r} differs from the bots' ({bots}) game")
