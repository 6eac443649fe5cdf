"""One game of a simulation: what to simulate, playing game ``i`` and counting what
happened in it, its record and its replay line; and checking a replay file.

Game ``i`` uses the seed ``derive(seed, "game", i)`` and fresh bots seeded from it, so any
game can be re-run alone and results do not depend on order, process or hash seed. A game
whose round reaches the action cap (``max_actions``, RULES.md E-6) is unfinished. Running
many games on workers, their results files and the report are ``sim.run``'s.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ..bots.base import make_bot, parse_bot_specs
from ..core import effects as fx
from ..core import events as ev
from ..core.actions import Action
from ..core.cards import CARD_KIND, KIND_CODES, N_KINDS, kind
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
from ..match.replay import GAME_FIELDS, ROUND_FIELDS, Header, replay_file
from .driver import MAX_ACTIONS, NonTermination, RoundRecord, play_round
from .record import ENGINES


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
    engine: str = "reference"  # who plays the games: ENGINES


class EngineError(UnoverseError):
    """An engine that cannot play here: unknown, or the fast engine without its extra."""

    code = "bad_engine"


def check(sim: Simulation) -> None:
    """Refuse a simulation that cannot run, before anything is played or written: with the
    fast engine, what it does not play too (``batched.check``)."""
    if sim.engine not in ENGINES:
        raise EngineError(f"unknown engine {sim.engine!r}; engines are: {', '.join(ENGINES)}")
    variant, _options = resolve_preset(sim.preset)
    variant.check_players(sim.players)
    specs = parse_bot_specs(sim.bots, sim.players)
    for seat, spec in enumerate(specs):
        make_bot(spec, sim.seed, seat)
    if sim.games < 0:
        raise InvalidOptionValue(f"games is {sim.games}: a simulation plays 0 games or more")
    if sim.max_actions < 1:
        raise InvalidOptionValue(f"max_actions is {sim.max_actions}: a round needs 1 or more")
    if sim.engine == "fast":
        try:  # (numba: loaded for the fast engine's runs only)
            from .. import fast  # noqa: F401  (its error names the extra it needs)
        except ModuleNotFoundError as exc:
            raise EngineError(f"--engine fast: {exc.msg}") from None
        from ..fast import simulate as batched

        batched.check(sim)


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
#: Counted too in UNO Blast: BLAST events and the seats that met or failed their challenges
#: (§5.5).
BLAST_COUNTS = (
    "blast_events",  # BLAST cards drawn: events opened
    "challenges_met",  # seats that discarded a qualifying set
    "challenges_failed",  # seats that could not and drew 3
)
#: Counted too where a hand is eliminated at a size (UNO Blast §5.5, No Mercy's Mercy rule).
ELIMINATION_COUNTS = ("eliminations",)  # seats eliminated at the threshold
#: Counted too where cards are turned up until a colour, shown to all (No Mercy's Wild Color
#: Roulette, the one card whose effect does it).
SHOWN_COUNTS = ("reveals",)  # Roulettes taken: cards turned up until a colour
ROULETTE: Final = kind("WCR")
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
        + (BLAST_COUNTS if rules.blast_cards else ())
        + (ELIMINATION_COUNTS if rules.elimination else ())
        + (SHOWN_COUNTS if any(CARD_KIND[c] == ROULETTE for c in rules.deck) else ())
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
    #: cards played and drawn (or fired), by card kind code
    plays: Counter[str] = field(default_factory=Counter)
    draws: Counter[str] = field(default_factory=Counter)
    #: (seat, turn of its round) for each seat eliminated (UNO Blast)
    eliminated: list[tuple[int, int]] = field(default_factory=list)
    #: launcher presses by the cards each fired (UNO Attack)
    fired: Counter[int] = field(default_factory=Counter)
    #: the points left in each hand when the game (its last round) ended
    points: list[int] = field(default_factory=list)
    #: the seat whose turn the game (its first round) began with
    first: int = -1

    @property
    def actions(self) -> int:
        """Accepted actions over every round."""
        return sum(len(r.actions) for r in self.rounds)

    @property
    def turns(self) -> int:
        """Turns over every round."""
        return sum(r.turns for r in self.rounds)


#: Every per-game count, each in its slot of ``GameCounter.slots``.
SLOTS: Final = (
    RULE_COUNTS
    + LAUNCHER_COUNTS
    + TRIGGER_COUNTS
    + STEP_COUNTS
    + SKIP_ALL_COUNTS
    + BLAST_COUNTS
    + ELIMINATION_COUNTS
    + SHOWN_COUNTS
    + REALTIME_COUNTS
)
_SLOT: Final = {name: i for i, name in enumerate(SLOTS)}
#: Events counted one for one, by kind: their count's slot.
_EVENT_SLOTS: Final = {
    ev.CATCH: _SLOT["catches"],
    ev.CHALLENGE: _SLOT["challenges"],
    ev.JUMP: _SLOT["jump_ins"],
    ev.ROTATE: _SLOT["rotations"],
    ev.SWAP: _SLOT["swaps"],
    ev.RELOAD: _SLOT["reloads"],
    ev.REVEALED: _SLOT["revealed"],
    ev.BLAST: _SLOT["blast_events"],
    ev.BLAST_DISCARD: _SLOT["challenges_met"],
    ev.BLAST_PENALTY: _SLOT["challenges_failed"],
    ev.ELIMINATED: _SLOT["eliminations"],
    ev.SHOWN: _SLOT["reveals"],
    ev.SIMULTANEOUS: _SLOT["simultaneous"],
    ev.HOLDING: _SLOT["holding_penalties"],
    ev.DRAW_ROUND: _SLOT["draw_rounds"],
    ev.STALL: _SLOT["stalls"],
}
_STACK_ANSWERS: Final = _SLOT["stack_answers"]
_CHROMATIC_STEPS: Final = _SLOT["chromatic_steps"]
_SKIP_ALLS: Final = _SLOT["skip_alls"]
_PRESSES: Final = _SLOT["presses"]
_FIRES: Final = _SLOT["fires"]
_CARDS_FIRED: Final = _SLOT["cards_fired"]
_RACES: Final = _SLOT["races"]
_LONGEST_CHAIN: Final = _SLOT["longest_chain"]
_LATE_ANSWERS: Final = _SLOT["late_answers"]
_ELIMINATIONS: Final = _SLOT["eliminations"]
_SIMULTANEOUS: Final = _SLOT["simultaneous"]


class GameCounter:
    """What happened in one game's rounds, counted from the events as the driver reports
    them (its ``on_events``): integer slots indexed by card kind and by count, which the
    compiled build updates without a dictionary lookup per card."""

    def __init__(self) -> None:
        self.plays = [0] * N_KINDS
        self.draws = [0] * N_KINDS
        self.slots = [0] * len(SLOTS)
        self.fired: dict[int, int] = {}
        self.eliminated: list[tuple[int, int]] = []
        self.raced = -1  # the last accepted card (its serial number) counted as a race
        self.game: Game | None = None
        self.record: RoundRecord | None = None

    def start(self, game: Game, record: RoundRecord) -> None:
        """Count the events of ``game``'s round from now on."""
        self.game, self.record, self.raced = game, record, -1

    def __call__(self, seat: int, act: Action, events: list[Event]) -> None:
        game, record = self.game, self.record
        assert game is not None and record is not None
        slots = self.slots
        for e in events:
            k = e.kind
            if k == _PLAY_EVENT:
                plays = self.plays
                for c in e.cards:
                    plays[CARD_KIND[c]] += 1
                if e.reason == _PLAY_STACK:
                    slots[_STACK_ANSWERS] += 1
                elif e.reason == _PLAY_STEP:
                    slots[_CHROMATIC_STEPS] += 1
                if CARD_KIND[e.cards[-1]] == SKIP_ALL:
                    slots[_SKIP_ALLS] += 1
            elif k == _DRAW_EVENT:
                draws = self.draws
                for c in e.cards:
                    draws[CARD_KIND[c]] += 1
            elif k == _PRESS_EVENT:
                slots[_PRESSES] += 1
                self.fired[e.count] = self.fired.get(e.count, 0) + 1
                if e.count:
                    slots[_FIRES] += 1
                    slots[_CARDS_FIRED] += e.count
                    draws = self.draws
                    for c in e.cards:
                        draws[CARD_KIND[c]] += 1
            else:
                slot = _EVENT_SLOTS.get(k, -1)
                if slot < 0:
                    continue
                slots[slot] += 1
                if slot == _SIMULTANEOUS and self.raced != game.landed:
                    self.raced = game.landed
                    slots[_RACES] += 1
                elif slot == _ELIMINATIONS and e.seat is not None:
                    self.eliminated.append((e.seat, record.turns))
        if game.pen_chain > slots[_LONGEST_CHAIN]:
            slots[_LONGEST_CHAIN] = game.pen_chain

    def into(self, result: GameResult) -> None:
        """Put the counts into ``result``."""
        result.counts = Counter({name: self.slots[i] for i, name in enumerate(SLOTS)})
        result.plays = Counter({KIND_CODES[k]: n for k, n in enumerate(self.plays) if n})
        result.draws = Counter({KIND_CODES[k]: n for k, n in enumerate(self.draws) if n})
        result.fired = Counter(self.fired)
        result.eliminated = self.eliminated


_PLAY_EVENT: Final = ev.PLAY
_DRAW_EVENT: Final = ev.DRAW
_PRESS_EVENT: Final = ev.PRESS
_PLAY_STACK: Final = ev.PLAY_STACK
_PLAY_STEP: Final = ev.PLAY_STEP


def play_one(sim: Simulation, index: int, *, hashes: bool = False) -> GameResult:
    """Play game ``index`` of a simulation. A round that reaches ``sim.max_actions`` ends
    the game unfinished: its record holds the actions played (and, with ``hashes``, the
    state hash after the last)."""
    seed = derive(sim.seed, "game", index)
    specs = parse_bot_specs(sim.bots, sim.players)
    bots = [make_bot(spec, seed, seat) for seat, spec in enumerate(specs)]
    result = GameResult(index, seed, ())
    counter = GameCounter()

    def play(game: Game, round_seed: int, dealer: int | None) -> None:
        eliminated = tuple(s for s in range(game.n) if game.eliminated[s])
        record = RoundRecord(round_seed, dealer, eliminated)
        result.rounds.append(record)
        if result.first < 0:
            result.first = game.turn
        counter.start(game, record)
        try:
            play_round(
                game, bots, record, hashes=hashes, on_events=counter, max_actions=sim.max_actions
            )
        finally:
            counter.slots[_LATE_ANSWERS] += len(record.rejected)
            result.points = [game.hand_points(s) for s in range(game.n)]

    try:
        if sim.match:
            result.winners = play_match(sim.preset, sim.players, seed, play).winners
        else:
            game = new_game(sim.preset, sim.players, seed)
            play(game, seed, None)
            result.winners = (game.winner,)
    except NonTermination:  # (a bot that repeats a refused answer is a BotError instead)
        result.unfinished = True
    counter.into(result)
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


def game_record(
    sim: Simulation, bots: list[str], names: tuple[str, ...], result: GameResult
) -> dict[str, Any]:
    """A game's record in a results file (``sim.record``); ``bots``: one spec per seat;
    ``names``: the counts the preset reports (``counted``)."""
    return {
        "game": result.index,
        "seed": result.seed,
        "preset": sim.preset,
        "players": sim.players,
        "bots": bots,
        "winners": list(result.winners),
        "points": result.points,
        "first": result.first,
        "actions": result.actions,
        "turns": result.turns,
        "rounds": len(result.rounds),
        "unfinished": result.unfinished,
        "plays": dict(result.plays),
        "draws": dict(result.draws),
        "counts": {name: result.counts[name] for name in names},
        "eliminated": [list(pair) for pair in result.eliminated],
        "fired": {str(size): n for size, n in sorted(result.fired.items())},
    }


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
