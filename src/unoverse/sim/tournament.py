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

Ratings are TrueSkill (the ``trueskill`` library), updated game by game in file order from
head-to-head results between seats of different entrants: the winner beats every other
seat; two seats that did not win are ranked by the points left in their hands (fewer is
better; equal is a draw).

Games are played on as many processes as asked (by default one per CPU), but never on more
than the CPUs this process may use or the games left to play.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import IO, Any, Final

import trueskill

from ..bots.base import make_bot
from ..core.errors import UnoverseError
from ..core.seeding import derive
from ..core.setup import new_game, resolve_preset
from .driver import NonTermination, RoundRecord, play_round
from .stats import wilson

#: The first line of a tournament file names its format.
FORMAT: Final = "unoverse-tournament/1"
MODES: Final = ("round-robin", "gauntlet")


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
    is a finished game."""
    data = path.read_bytes()
    if not data:
        return [], 0
    lines = data.split(b"\n")  # the last item follows the last newline: "" or cut short
    header = _json(lines[0]) if len(lines) > 1 else None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise TournamentError(f"{path} is not a tournament file")
    if header != t.header():
        raise TournamentError(
            f"{path} holds another tournament ({header}); resume it with the same variant, "
            "options, players, bots, games, seed and mode"
        )
    sound = len(lines[0]) + 1
    done: list[dict[str, Any]] = []
    pairings = len(t.pairings())
    for raw in lines[1:-1]:
        line = _json(raw)
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
        done.append(line)
        sound += len(raw) + 1
    return done, sound


def _json(raw: bytes) -> Any:
    """A line's JSON value, or None when it is not JSON."""
    try:
        return json.loads(raw)
    except ValueError:  # (UnicodeDecodeError and JSONDecodeError are ValueErrors)
        return None


def run(
    t: Tournament,
    out: Path | None = None,
    *,
    resume: bool = False,
    workers: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play every game ``out`` lacks (all of them without ``resume``), append each to
    ``out`` as it finishes, and return the summary. ``workers``: processes to play on (0:
    one per CPU; never more than the CPUs or the games, see ``worker_count``)."""
    check(t)
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 0:
        raise TournamentError(
            f"workers must be a whole number from 0 (0: one per CPU), not {workers!r}"
        )
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
        for line in _play(todo, workers):
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


def cpus() -> int:
    """The CPUs this process may run on (its affinity, where the system tells it)."""
    count = getattr(os, "process_cpu_count", None)  # (Python 3.13)
    if count is not None:
        return int(count() or 1)
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def worker_count(workers: int, games: int) -> int:
    """The processes to play ``games`` games on when ``workers`` are asked for (0: one per
    CPU): never more than the CPUs (more would only compete for them) or the games."""
    return max(1, min(workers or cpus(), cpus(), games))


def _play(todo: list[_Task], workers: int) -> Iterator[dict[str, Any]]:
    """Each task's line, in task order, on ``worker_count`` processes."""
    workers = worker_count(workers, len(todo))
    if workers == 1:
        yield from map(play_game, todo)
        return
    with ProcessPoolExecutor(workers) as pool:
        yield from pool.map(play_game, todo, chunksize=max(1, min(64, len(todo) // (8 * workers))))


def summary(t: Tournament, games: list[dict[str, Any]]) -> dict[str, Any]:
    """Win rates with Wilson 95% intervals per pairing, TrueSkill ratings, and the games
    left unfinished (counted apart: they have no result)."""
    pairings = t.pairings()
    wins = [0] * len(pairings)
    played = [0] * len(pairings)
    stopped = [0] * len(pairings)
    unfinished: list[dict[str, int]] = []
    env = trueskill.TrueSkill(draw_probability=0.05)
    ratings = [env.create_rating() for _ in t.entrants]
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
        _rate(env, ratings, seats, g["winner"], g["points"])
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
                for spec, r in zip(t.entrants, ratings, strict=True)
            ),
            key=lambda row: -float(row["score"]),
        ),
    }


def _rate(
    env: trueskill.TrueSkill,
    ratings: list[trueskill.Rating],
    seats: list[int],
    winner: int,
    points: list[int],
) -> None:
    """Update ``ratings`` with one game's head-to-head results between entrants."""
    for a, b in combinations(range(len(seats)), 2):
        ea, eb = seats[a], seats[b]
        if ea == eb:
            continue
        if winner in (a, b):
            first, second = (a, b) if winner == a else (b, a)
            drawn = False
        else:
            first, second = (a, b) if points[a] <= points[b] else (b, a)
            drawn = points[a] == points[b]
        ra, rb = trueskill.rate_1vs1(
            ratings[seats[first]], ratings[seats[second]], drawn=drawn, env=env
        )
        ratings[seats[first]], ratings[seats[second]] = ra, rb
