"""A simulation run: its games played on workers (``sim.workers``), one record per game
streamed to a results file (``sim.results``), an optional replay file, and the report.

The games are cut into chunks of consecutive games; each chunk is played by a worker, which
returns its records as JSON Lines, its replay lines and a ``Tally`` of its games. The parent
receives the chunks in game order, writes them, and merges the tallies, so the results file
and the report are the same whatever the backend, the worker count or the order in which
chunks finish, and memory stays flat in the number of games. A game that reaches the action
cap is recorded as unfinished, with its seed, and the run goes on.

A run stopped midway (Ctrl-C, an error) leaves every record written before it whole; with
``resume`` a run continues the results file it finds (same run only: ``Resumable``),
playing only the games it lacks, and its report counts every game once.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Final

from ..bots.base import parse_bot_specs
from ..core.errors import Unsupported
from ..core.setup import resolve_preset
from ..match.replay import FORMAT as REPLAY_FORMAT
from . import workers as pool
from .record import ResultsError, header
from .results import Resumable, Writer, is_parquet, read
from .simulate import Simulation, check, counted, game_line, game_record, play_one
from .stats import summary
from .tally import Tally
from .workers import Workers

#: Games per chunk at most: a chunk is the unit of work, of progress and of stopping.
CHUNK: Final = 250
#: Games per chunk at most on the batched engine (``--engine fast``), which plays a game in
#: tens of microseconds: a chunk of this many takes about a tenth of a second.
FAST_CHUNK: Final = 5000


@dataclass(frozen=True)
class Chunk:
    """Games ``start .. stop - 1`` of a run played: their records (JSON Lines, or as
    Parquet ``rows`` where the worker built them so), their replay lines (when asked for)
    and their tally."""

    start: int
    records: str
    replay: str
    tally: Tally
    rows: Any = None  # a pyarrow Table of the records (``results.record_schema``)


#: What a worker gets: the simulation's fields, the chunk's bounds, whether to keep replay
#: lines, and the records the results file takes: none (``""``), JSON ``"lines"`` or
#: Parquet ``"rows"``. The batched engine builds its records so, from its arrays (the
#: parent would take longer to turn a million JSON lines into rows than the run takes to
#: play them); the reference engine's chunks always hold lines, which the writer turns into
#: rows. (Plain values: they cross to other processes and machines.)
Task = tuple[str, int, int, int, str, bool, int, str, int, int, bool, str]


def play_chunk(task: Task) -> Chunk:
    """Play one chunk of a run (module level: workers receive it by name)."""
    preset, players, games, seed, bots, match, max_actions, engine, start, stop, replay, keep = task
    sim = Simulation(preset, players, games, seed, bots, match, max_actions, engine)
    if engine == "fast":
        from ..fast import simulate as batched  # (numba: for the fast engine's runs only)

        lines, rows, batch = batched.play_chunk(sim, start, stop, records=keep)
        return Chunk(start, lines, "", batch, rows)
    specs = parse_bot_specs(bots, players)
    names = counted(preset)
    tally = Tally(players, names)
    records: list[str] = []
    replays: list[str] = []
    for i in range(start, stop):
        result = play_one(sim, i, hashes=replay)
        record = game_record(sim, specs, names, result)
        tally.add(record)
        records.append(json.dumps(record, separators=(",", ":")) + "\n")
        if replay:
            replays.append(json.dumps(game_line(result), separators=(",", ":")) + "\n")
    return Chunk(start, "".join(records), "".join(replays), tally)


def run(
    sim: Simulation,
    *,
    results: Path | None = None,
    resume: bool = False,
    out: IO[str] | None = None,
    where: Workers | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play the games of ``sim`` (those ``results`` lacks, with ``resume``), stream their
    records to ``results`` and a replay file to ``out`` if given, and return the report.
    ``progress(done, total)`` is called after each chunk; an exception it raises (Ctrl-C)
    stops the run there, with everything written so far whole."""
    check(sim)
    where = where or Workers()
    pool.check(where.backend, where.workers, where.ray_address)
    specs = parse_bot_specs(sim.bots, sim.players)
    head = header(sim.preset, sim.players, specs, sim.seed, sim.match, sim.max_actions, sim.engine)
    tally = Tally(sim.players, counted(sim.preset))
    first = 0
    writer: Writer | None = None
    if results is not None:
        if results.is_dir():
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(results))
        resumed = None
        if resume and results.exists():
            resumed = Resumable.find(results, head)
            for record in resumed.records[: sim.games]:
                tally.add(record)
            first = min(len(resumed.records), sim.games)
        elif results.exists() and results.is_file() and results.stat().st_size:
            raise ResultsError(
                f"{results} exists: --resume continues its run; to start again, remove it"
            )
        writer = Writer(results, head, resumed)
    if out is not None:
        out.write(json.dumps(_replay_header(sim, specs)) + "\n")
    todo = sim.games - first
    size = pool.chunk_size(todo, where, FAST_CHUNK if sim.engine == "fast" else CHUNK)
    fields = (
        sim.preset,
        sim.players,
        sim.games,
        sim.seed,
        sim.bots,
        sim.match,
        sim.max_actions,
        sim.engine,
    )
    keep = "" if results is None else "rows" if is_parquet(results) else "lines"
    tasks: list[Task] = [
        (*fields, a, min(a + size, sim.games), out is not None, keep)
        for a in range(first, sim.games, size)
    ]
    start = time.perf_counter()
    try:
        if progress is not None:
            progress(tally.games, sim.games)
        if sim.engine == "fast" and tasks:
            from ..fast import simulate as batched  # (numba: for the fast engine's runs only)

            batched.compile_engine()  # here once, not in every worker at the same time
        chunks = pool.ordered(
            play_chunk,
            tasks,
            workers=where.workers,
            backend=where.backend,
            ray_address=where.ray_address,
        )
        for chunk in chunks:
            if writer is not None and chunk.rows is not None:
                writer.write_rows(chunk.rows)
            elif writer is not None:
                writer.write(chunk.records)
            if out is not None:
                out.write(chunk.replay)
            tally.merge(chunk.tally)
            if progress is not None:
                progress(tally.games, sim.games)
    except BaseException as exc:
        if results is not None and writer is not None and not isinstance(exc, OSError):
            exc.add_note(
                f"the {tally.games} games played so far are in {results}; --resume plays the rest"
            )
        raise
    finally:
        if writer is not None:
            writer.close()
    seconds = time.perf_counter() - start
    report = make_report(tally, sim, specs)
    report["timing"] = {
        "seconds": round(seconds, 3),
        "games_played": todo,
        "games_per_s": round(todo / seconds, 1) if seconds > 0 else None,
    }
    return report


def _replay_header(sim: Simulation, specs: list[str]) -> dict[str, Any]:
    return {
        "format": REPLAY_FORMAT,
        "preset": sim.preset,
        "players": sim.players,
        "seed": sim.seed,
        "bots": specs,
        "match": sim.match,
        "games": sim.games,
        "max_actions": sim.max_actions,
    }


def make_report(tally: Tally, sim: Simulation, specs: list[str]) -> dict[str, Any]:
    """The report of the games ``tally`` counted, as ``unoverse simulate --json`` prints
    it. Its statistics count the finished games; ``unfinished_games`` lists the others."""
    variant, options = resolve_preset(sim.preset)
    finished = tally.finished
    report: dict[str, Any] = {
        "variant": variant.name,
        "preset": sim.preset,
        "options": {k: variant.specs[k].format(v) for k, v in options.items()},
        "players": sim.players,
        "games": tally.games,
        "seed": sim.seed,
        "bots": specs,
        "match": sim.match,
        "engine": sim.engine,
        # the statistics below count the finished games only
        "finished": finished,
        "unfinished": len(tally.unfinished),
        # each game that reached the action cap, and its seed
        "unfinished_games": [{"game": g, "seed": s} for g, s in tally.unfinished],
        "max_actions": sim.max_actions,
        "actions_per_game": summary(tally.actions),
        "turns_per_game": summary(tally.turns),
        "rules_per_game": {name: summary(h) for name, h in tally.rules.items()},
        "wins": tally.win_rates(),
        # cards played and drawn over the finished games, by card kind
        "plays": dict(tally.plays.most_common()),
        "draws": dict(tally.draws.most_common()),
    }
    if "eliminations" in tally.rules:  # the share of seats eliminated (UNO Blast)
        eliminated = sum(v * k for v, k in tally.rules["eliminations"].items())
        report["elimination_rate"] = (
            round(eliminated / (finished * sim.players), 4) if finished else 0.0
        )
    if sim.match:
        report["rounds_per_match"] = summary(tally.rounds)
    return report


def partial_path(path: Path) -> Path:
    """Where ``write_replay`` keeps the games of a run stopped before its end."""
    return path.with_name(path.name + ".partial")


def write_replay(
    sim: Simulation,
    path: Path,
    *,
    results: Path | None = None,
    resume: bool = False,
    where: Workers | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Run ``sim`` and write its replay file to ``path``; return the report.

    ``path`` changes only when the run ends: the games go to a temporary file beside it
    that replaces it then, so a refused or stopped run never touches it. A run stopped
    midway (an error, Ctrl-C) keeps the game lines it wrote in ``partial_path(path)`` and
    says so in a note on the exception; a write error (a full disk) keeps nothing. A path
    that exists and is not a regular file (``/dev/stdout``, a pipe) is written directly.
    A replay file holds whole runs: ``resume`` is refused with it; so is the fast engine,
    whose games have no arrival times to replay.
    """
    check(sim)
    if resume:
        raise ResultsError("a replay file (--out) holds whole runs: it cannot be resumed")
    if sim.engine == "fast":
        raise Unsupported(
            "--out: the fast engine writes no replay file (its games have no clock, and a "
            "replay gives every action its arrival time): use the reference engine "
            "(--engine reference) for replays"
        )
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    direct = path.exists() and not path.is_file()
    target = path if direct else path.with_name(f".{path.name}.{os.getpid()}.tmp")
    handle = target.open("w")
    try:
        report = run(sim, results=results, out=handle, where=where, progress=progress)
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


#: ``tally_files`` reports its progress every this many records.
PROGRESS_EVERY: Final = 5000


def tally_files(
    paths: list[Path], *, progress: Callable[[int], None] | None = None
) -> dict[tuple[str, int, tuple[str, ...], bool], Tally]:
    """The records of results files, tallied by preset, table size, bots and match mode.
    Files of the same run (preset, players, bots, match and seed) hold the same games and
    are refused together: each game is counted once. ``progress(records read)`` is called
    every ``PROGRESS_EVERY`` records."""
    tallies: dict[tuple[str, int, tuple[str, ...], bool], Tally] = {}
    runs: dict[tuple[Any, ...], Path] = {}
    read_so_far = 0
    for path in paths:
        seen: tuple[Any, ...] | None = None
        for head, record, _where in read(path):
            if seen is None:
                seen = (head["preset"], head["players"], tuple(head["bots"]), head["match"])
                run_key = (*seen, head["seed"], head["max_actions"])
                if run_key in runs:
                    raise ResultsError(
                        f"{path} and {runs[run_key]} hold the same run (preset, players, "
                        f"bots and seed {head['seed']}): its games would count twice"
                    )
                runs[run_key] = path
            key = seen
            if key not in tallies:
                tallies[key] = Tally(head["players"], counted(head["preset"]))
            tallies[key].add(record)
            read_so_far += 1
            if progress is not None and read_so_far % PROGRESS_EVERY == 0:
                progress(read_so_far)
    return tallies
