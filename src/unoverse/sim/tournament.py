"""Tournaments between bot specs: paired, seat-rotated games, win rates and ratings.

A *pairing* puts two entrants at one table: one seat for the first, every other seat for
the second (at two players, one each). Its games come in *sets*: one deal, played once for
each rotation of the seats, so both entrants play every seat of every deal and neither the
deal nor the seat favours one (at two players, each deal is played twice with the seats
swapped: paired games). A pairing's game ``g`` is deal ``g // players``, rotation
``g % players``; the deal's seed is ``derive(seed, "deal", g // players)``, the same in
every pairing, so entrants meet the same deals.

Round-robin plays every pair of entrants (both ways round, above two players); a gauntlet
plays the first entrant against each other one. Each finished game is one JSON line; a run
resumed from its file plays only the games it lacks, and gives the same table as a run
that never stopped (results depend only on seeds, never on workers or order).

A game that reaches the driver's action cap (``MAX_ACTIONS``) is recorded *unfinished*,
with its seed, and counts in no win rate and no rating: the run goes on.

Ratings are TrueSkill (the ``trueskill`` library), from head-to-head results between seats
of different entrants: the winner beats every other seat; two seats that did not win are
ranked by the points left in their hands (fewer is better; equal is a draw). They are
updated in rating periods of ``RATING_PERIOD`` finished games, in file order (``_Ratings``):
every result of a period is rated from the ratings at its start, so a period costs one
TrueSkill update per distinct result (entrant, entrant, drawn) instead of one per result.

Games are played on as many processes as asked (by default one per CPU), but never on more
than the CPUs this process may use or the games left to play, or on a Ray cluster
(``sim.workers``), in chunks submitted a bounded window ahead.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import IO, Any, Final

import trueskill

from ..bots.base import make_bot
from ..core.errors import UnoverseError
from ..core.seeding import derive
from ..core.setup import new_game, resolve_preset
from . import workers as pool
from .driver import NonTermination, RoundRecord, play_round
from .results import read_lines
from .stats import wilson
from .workers import Workers

#: The first line of a tournament file names its format.
FORMAT: Final = "unoverse-tournament/1"
MODES: Final = ("round-robin", "gauntlet")
#: Games per chunk sent to a worker at most.
CHUNK: Final = 64


class TournamentError(UnoverseError):
    """A tournament that cannot run as asked: too few entrants, an unknown mode, a worker
    count below 0, or a file to resume that belongs to another tournament."""

    code = "bad_tournament"


@dataclass(frozen=True)
class Tournament:
    """What to play: ``games`` per pairing (rounded up to whole sets of ``players``)."""

    preset: str
    players: int
    entrants: tuple[str, ...]
    games: int
    seed: int = 0
    mode: str = "round-robin"

    @property
    def games_per_pairing(self) -> int:
        """``games`` rounded up to a whole number of sets."""
        n = self.players
        return -(-self.games // n) * n

    def pairings(self) -> list[tuple[int, int]]:
        """(one-seat entrant, other entrant) for each pairing, in play order."""
        k = len(self.entrants)
        if self.mode == "gauntlet":
            return [(0, j) for j in range(1, k)]
        pairs = list(combinations(range(k), 2))
        if self.players > 2:  # one seat against the rest is not symmetric: both ways
            pairs += [(j, i) for i, j in pairs]
        return pairs

    def header(self) -> dict[str, Any]:
        """The file's first line."""
        return {
            "format": FORMAT,
            "preset": self.preset,
            "players": self.players,
            "entrants": list(self.entrants),
            "games": self.games_per_pairing,
            "seed": self.seed,
            "mode": self.mode,
        }


@dataclass(frozen=True)
class _Task:
    tournament: Tournament
    pairing: int
    game: int


def seating(t: Tournament, pairing: int, game: int) -> list[int]:
    """The entrant at each seat in a pairing's game: seat ``s`` of rotation ``r`` holds
    lineup place ``(s - r) % players`` (place 0: the one-seat entrant)."""
    one, other = t.pairings()[pairing]
    r = game % t.players
    return [one if (s - r) % t.players == 0 else other for s in range(t.players)]


def play_game(task: _Task) -> dict[str, Any]:
    """Play one game of a tournament; its JSON line (``unfinished`` when it reached the
    action cap: then no winner, and the points of the hands where it stopped)."""
    t = task.tournament
    seats = seating(t, task.pairing, task.game)
    seed = derive(t.seed, "deal", task.game // t.players)
    game = new_game(t.preset, t.players, seed)
    bots = [make_bot(t.entrants[e], seed, s) for s, e in enumerate(seats)]
    record = RoundRecord(seed, None)
    try:
        play_round(game, bots, record)
        unfinished = False
    except NonTermination:
        unfinished = True
    points = game.rules.points
    return {
        "pairing": task.pairing,
        "game": task.game,
        "seed": seed,
        "seats": seats,
        "winner": record.winner,
        "unfinished": unfinished,
        "points": [sum(points[c] for c in h) for h in game.hands],
        "actions": len(record.actions),
        # answers the session refused, by seat and code: "stale" ones came too late; an
        # "illegal" one is a bot's mistake
        "refused": [
            dict(Counter(code for s, _a, _t, code in record.rejected if s == seat))
            for seat in range(t.players)
        ],
    }


def check(t: Tournament) -> None:
    """Refuse a tournament that cannot run, before anything is played."""
    if t.mode not in MODES:
        raise TournamentError(f"unknown mode {t.mode!r}; modes are: {', '.join(MODES)}")
    if len(t.entrants) < 2:
        raise TournamentError("a tournament needs at least two bot specs")
    if t.games < 1:
        raise TournamentError("a tournament needs at least one game per pairing")
    variant, _options = resolve_preset(t.preset)
    variant.check_players(t.players)
    for seat, spec in enumerate(t.entrants):
        make_bot(spec, t.seed, seat)  # a bad spec fails here, typed


def load(path: Path, t: Tournament) -> tuple[list[dict[str, Any]], int]:
    """The games already in ``path`` (a run to resume), and the length in bytes of the
    file's sound part: its header and the whole game lines before the first damaged one (a
    line an interrupted run cut short, or anything that is not a game of this
    tournament). The games from there on are played again. A line without ``unfinished``
    is a finished game.

    The file is read a line at a time, each at most ``results.MAX_LINE_BYTES``: a longer
    line, one that is not UTF-8, or more game lines than the tournament has games (input
    that never ends) is a ``TournamentError``, and the file is left as it is."""
    with path.open("rb") as f:
        lines = read_lines(f, path, TournamentError, "a tournament file")
        first = next(lines, None)
        if first is None:
            return [], 0
        _number, raw, text = first
        header = _json(text) if raw.endswith(b"\n") else None
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise TournamentError(f"{path} is not a tournament file")
        if header != t.header():
            raise TournamentError(
                f"{path} holds another tournament ({header}); resume it with the same "
                "variant, options, players, bots, games, seed and mode"
            )
        return _games(path, t, lines, len(raw))


def _games(
    path: Path, t: Tournament, lines: Iterator[tuple[int, bytes, str]], sound: int
) -> tuple[list[dict[str, Any]], int]:
    """``load``'s game lines after the header (``sound`` bytes long)."""
    done: list[dict[str, Any]] = []
    pairings = len(t.pairings())
    total = pairings * t.games_per_pairing
    for number, raw, text in lines:
        line = _json(text) if raw.endswith(b"\n") else None
        if not (
            isinstance(line, dict)
            and isinstance(line.get("pairing"), int)
            and isinstance(line.get("game"), int)
            and isinstance(line.get("seed"), int)
            and 0 <= line["pairing"] < pairings
            and 0 <= line["game"] < t.games_per_pairing
            and isinstance(line.get("seats"), list)
            and isinstance(line.get("winner"), int)
            and isinstance(line.get("points"), list)
            and isinstance(line.get("unfinished", False), bool)
        ):
            break
        if len(done) == total:
            raise TournamentError(
                f"{path} line {number}: a game line after the tournament's {total} games "
                "(not a tournament file)"
            )
        done.append(line)
        sound += len(raw)
    return done, sound


def _json(text: str) -> Any:
    """A line's JSON value, or None when it is not JSON."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # (RecursionError: nested too deeply)
        return None


def run(
    t: Tournament,
    out: Path | None = None,
    *,
    resume: bool = False,
    where: Workers | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play every game ``out`` lacks (all of them without ``resume``), append each to
    ``out`` as it finishes, and return the summary. ``where``: the processes or Ray
    cluster to play on (by default one process per CPU, ``sim.workers``)."""
    check(t)
    where = where or Workers()
    pool.check(where.backend, where.workers, where.ray_address)
    results: dict[tuple[int, int], dict[str, Any]] = {}
    sound = 0
    if out is not None and resume and out.exists():
        done, sound = load(out, t)
        for r in done:
            results[(r["pairing"], r["game"])] = r
    total = len(t.pairings()) * t.games_per_pairing
    todo = [
        _Task(t, p, g)
        for p in range(len(t.pairings()))
        for g in range(t.games_per_pairing)
        if (p, g) not in results
    ]
    handle: IO[str] | None = None
    if out is not None:
        handle = _open(out, t, sound)
    try:
        for line in _play(todo, where):
            results[(line["pairing"], line["game"])] = line
            if handle is not None:
                handle.write(json.dumps(line, separators=(",", ":")) + "\n")
                handle.flush()
            if progress is not None:
                progress(len(results), total)
    finally:
        if handle is not None:
            handle.close()
    ordered = [results[k] for k in sorted(results)]
    return summary(t, ordered)


def _open(path: Path, t: Tournament, sound: int) -> IO[str]:
    """The file to append games to: the one resumed, cut after its ``sound`` bytes, or a
    new one with its header."""
    if not sound:
        handle = path.open("w")
        handle.write(json.dumps(t.header()) + "\n")
        return handle
    with path.open("r+b") as f:
        f.truncate(sound)
    return path.open("a")


def play_games(tasks: list[_Task]) -> list[dict[str, Any]]:
    """Play a chunk of a tournament's games (module level: workers receive it by name)."""
    return [play_game(task) for task in tasks]


def _play(todo: list[_Task], where: Workers) -> Iterator[dict[str, Any]]:
    """Each task's line, in task order, played where ``where`` says, in chunks submitted a
    bounded window ahead (``sim.workers.ordered``)."""
    size = pool.chunk_size(len(todo), where, CHUNK)
    chunks = [todo[a : a + size] for a in range(0, len(todo), size)]
    for lines in pool.ordered(
        play_games,
        chunks,
        workers=where.workers,
        backend=where.backend,
        ray_address=where.ray_address,
    ):
        yield from lines


def summary(t: Tournament, games: list[dict[str, Any]]) -> dict[str, Any]:
    """Win rates with Wilson 95% intervals per pairing, TrueSkill ratings, and the games
    left unfinished (counted apart: they have no result)."""
    pairings = t.pairings()
    wins = [0] * len(pairings)
    played = [0] * len(pairings)
    stopped = [0] * len(pairings)
    unfinished: list[dict[str, int]] = []
    ratings = _Ratings(len(t.entrants))
    for g in games:
        p = g["pairing"]
        if g.get("unfinished"):
            stopped[p] += 1
            unfinished.append({"pairing": p, "game": g["game"], "seed": g["seed"]})
            continue
        one = pairings[p][0]
        seats: list[int] = g["seats"]
        played[p] += 1
        if g["winner"] >= 0 and seats[g["winner"]] == one:
            wins[p] += 1
        ratings.add(seats, g["winner"], g["points"])
    rows = []
    for p, (one, other) in enumerate(pairings):
        lo, hi = wilson(wins[p], played[p])
        rows.append(
            {
                "entrant": t.entrants[one],
                "against": t.entrants[other],
                "lineup": f"1 vs {t.players - 1}",
                "games": played[p],
                "unfinished": stopped[p],
                "wins": wins[p],
                "rate": round(wins[p] / played[p], 4) if played[p] else 0.0,
                "ci95": [round(lo, 4), round(hi, 4)],
                "chance": round(1 / t.players, 4),
            }
        )
    return {
        **{k: v for k, v in t.header().items() if k != "format"},
        "unfinished": len(unfinished),
        "unfinished_games": unfinished,
        "pairings": rows,
        "ratings": sorted(
            (
                {
                    "entrant": spec,
                    "mu": round(r.mu, 2),
                    "sigma": round(r.sigma, 2),
                    "score": round(r.mu - 3 * r.sigma, 2),  # the conservative estimate
                }
                for spec, r in zip(t.entrants, ratings.final(), strict=True)
            ),
            key=lambda row: -float(row["score"]),
        ),
    }


#: Finished games per rating period (``_Ratings``): small enough that a period's results,
#: rated from the ratings at its start, agree with game-by-game updates (within 0.05 of mu
#: over 4,000 games of a duel, where game by game costs ten times as much).
RATING_PERIOD: Final = 32


class _Ratings:
    """TrueSkill ratings of the entrants, updated a rating period at a time.

    At a period's end each entrant's sigma first grows by the dynamics (TrueSkill's ``tau``)
    of every result it took part in, as game-by-game updates would grow it; then each
    distinct result is rated once from the ratings at the period's start, with no dynamics,
    and its effect counted as many times as the result occurred: TrueSkill's updates are
    Gaussian messages, which add in natural parameters (precision, and precision times mu).
    """

    def __init__(self, entrants: int) -> None:
        self.env = trueskill.TrueSkill(draw_probability=0.05)
        # the same environment without dynamics: the period's results alone
        self.still = trueskill.TrueSkill(
            mu=self.env.mu, sigma=self.env.sigma, beta=self.env.beta, tau=0, draw_probability=0.05
        )
        self.ratings = [self.env.create_rating() for _ in range(entrants)]
        #: (first entrant, second entrant, drawn) -> how often, this period
        self.results: Counter[tuple[int, int, bool]] = Counter()
        self.games = 0

    def add(self, seats: list[int], winner: int, points: list[int]) -> None:
        """Count one finished game's head-to-head results between entrants."""
        for a, b in combinations(range(len(seats)), 2):
            ea, eb = seats[a], seats[b]
            if ea == eb:
                continue
            if winner in (a, b):
                first, second = (a, b) if winner == a else (b, a)
                self.results[(seats[first], seats[second], False)] += 1
            elif points[a] == points[b]:
                self.results[(min(ea, eb), max(ea, eb), True)] += 1
            else:
                first, second = (a, b) if points[a] < points[b] else (b, a)
                self.results[(seats[first], seats[second], False)] += 1
        self.games += 1
        if self.games % RATING_PERIOD == 0:
            self.close_period()

    def close_period(self) -> None:
        """Rate the period's results and start the next period."""
        if not self.results:
            return
        took_part: Counter[int] = Counter()
        for (a, b, _drawn), k in self.results.items():
            took_part[a] += k
            took_part[b] += k
        tau2 = self.env.tau**2
        start = [
            self.env.create_rating(r.mu, math.sqrt(r.sigma**2 + took_part[e] * tau2))
            for e, r in enumerate(self.ratings)
        ]
        pi = [1 / r.sigma**2 for r in start]
        tau = [r.mu / r.sigma**2 for r in start]
        for (a, b, drawn), k in sorted(self.results.items()):
            new_a, new_b = trueskill.rate_1vs1(start[a], start[b], drawn=drawn, env=self.still)
            for e, new in ((a, new_a), (b, new_b)):
                pi[e] += k * (1 / new.sigma**2 - 1 / start[e].sigma ** 2)
                tau[e] += k * (new.mu / new.sigma**2 - start[e].mu / start[e].sigma ** 2)
        self.ratings = [
            self.env.create_rating(tau[e] / pi[e], math.sqrt(1 / pi[e])) for e in range(len(pi))
        ]
        self.results.clear()

    def final(self) -> list[trueskill.Rating]:
        """The ratings once every game is counted (the last period, however short, too)."""
        self.close_period()
        return self.ratings
