"""Bulk simulation: many seeded games (or matches) between bots, with a report.

Game ``i`` uses the seed ``derive(seed, "game", i)`` and fresh bots seeded from it, so any
game can be re-run alone and results do not depend on order, process or hash seed.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Final

from ..bots.base import make_bot, parse_bot_specs
from ..core import effects as fx
from ..core.actions import Action
from ..core.cards import CARD_KIND, kind
from ..core.events import Event
from ..core.game import Game
from ..core.seeding import derive
from ..core.setup import compiled, new_game, resolve_preset
from ..match.match import play_match
from ..match.replay import FORMAT
from .driver import RoundRecord, play_round
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
    winners: tuple[int, ...]
    rounds: list[RoundRecord] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)

    @property
    def actions(self) -> int:
        """Accepted actions over every round."""
        return sum(len(r.actions) for r in self.rounds)

    @property
    def turns(self) -> int:
        """Turns over every round."""
        return sum(r.turns for r in self.rounds)


_EVENT_COUNTS = {
    "catch": "catches",
    "challenge": "challenges",
    "jump": "jump_ins",
    "rotate": "rotations",
    "swap": "swaps",
    "reload": "reloads",
    "revealed": "revealed",
    "blast": "blast_events",
    "blast_discard": "challenges_met",
    "blast_penalty": "challenges_failed",
    "eliminated": "eliminations",
    "simultaneous": "simultaneous",
    "holding": "holding_penalties",
    "draw_round": "draw_rounds",
    "stall": "stalls",
}


def play_one(sim: Simulation, index: int, *, hashes: bool = False) -> GameResult:
    """Play game ``index`` of a simulation."""
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
                    if e.kind == "simultaneous" and raced[0] != game.landed:
                        raced[0] = game.landed
                        counts["races"] += 1
                elif e.kind == "play":
                    if e.info == "stack":
                        counts["stack_answers"] += 1
                    elif e.info == "step":
                        counts["chromatic_steps"] += 1
                    if CARD_KIND[e.cards[-1]] == SKIP_ALL:
                        counts["skip_alls"] += 1
                elif e.kind == "press":
                    counts["presses"] += 1
                    if e.count:
                        counts["fires"] += 1
                        counts["cards_fired"] += e.count
            counts["longest_chain"] = max(counts["longest_chain"], game.pen_chain)

        eliminated = tuple(s for s in range(game.n) if game.eliminated[s])
        record = RoundRecord(round_seed, dealer, eliminated)
        result.rounds.append(play_round(game, bots, record, hashes=hashes, on_events=count))
        counts["late_answers"] += len(record.rejected)

    if sim.match:
        outcome = play_match(sim.preset, sim.players, seed, play)
        result.winners = outcome.winners
    else:
        game = new_game(sim.preset, sim.players, seed)
        play(game, seed, None)
        result.winners = (game.winner,)
    return result


def run(
    sim: Simulation,
    *,
    out: IO[str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play every game; write a replay file to ``out`` if given; return the report."""
    variant, options = resolve_preset(sim.preset)
    variant.check_players(sim.players)
    specs = parse_bot_specs(sim.bots, sim.players)
    for seat, spec in enumerate(specs):
        make_bot(spec, sim.seed, seat)  # refuse a bad spec before playing anything
    if out is not None:
        header = {
            "format": FORMAT,
            "preset": sim.preset,
            "players": sim.players,
            "seed": sim.seed,
            "bots": specs,
            "match": sim.match,
        }
        out.write(json.dumps(header) + "\n")
    actions: list[int] = []
    turns: list[int] = []
    names = counted(sim.preset)
    rule_counts: dict[str, list[int]] = {name: [] for name in names}
    rounds: list[int] = []
    wins = [0.0] * sim.players
    start = time.perf_counter()
    for i in range(sim.games):
        result = play_one(sim, i, hashes=out is not None)
        actions.append(result.actions)
        turns.append(result.turns)
        rounds.append(len(result.rounds))
        for name in names:
            rule_counts[name].append(result.counts[name])
        for w in result.winners:
            wins[w] += 1 / len(result.winners)
        if out is not None:
            line = {"game": i, "seed": result.seed, "winners": list(result.winners)}
            line["rounds"] = [r.to_dict() for r in result.rounds]
            out.write(json.dumps(line, separators=(",", ":")) + "\n")
        if progress is not None:
            progress(i + 1)
    seconds = time.perf_counter() - start
    report: dict[str, Any] = {
        "variant": variant.name,
        "preset": sim.preset,
        "options": {k: variant.specs[k].format(v) for k, v in options.items()},
        "players": sim.players,
        "games": sim.games,
        "seed": sim.seed,
        "bots": specs,
        "match": sim.match,
        "actions_per_game": _summary(actions),
        "turns_per_game": _summary(turns),
        "rules_per_game": {name: _summary(v) for name, v in rule_counts.items()},
        **(
            {  # the share of seats eliminated, over every game (UNO Blast)
                "elimination_rate": round(
                    sum(rule_counts["eliminations"]) / (sim.games * sim.players), 4
                )
            }
            if "eliminations" in rule_counts
            else {}
        ),
        "wins": [
            {
                "seat": s,
                "wins": round(w, 3),
                "rate": round(w / sim.games, 4) if sim.games else 0.0,
                "ci95": [round(x, 4) for x in wilson(w, sim.games)],
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


def write_replay(sim: Simulation, path: Path) -> dict[str, Any]:
    """Run ``sim`` and write its replay file to ``path``."""
    with path.open("w") as f:
        return run(sim, out=f)
