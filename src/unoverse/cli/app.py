"""``unoverse``: the game server, variants, simulate, tournament, replay and a demo game.

Every error on bad input is one line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import errno
import json
import math
import os
import signal
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, NoReturn

import typer
from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

from .. import __version__, engine_build, i18n
from .. import variants as _variants  # noqa: F401  (registers the variants)
from ..core.actions import Action
from ..core.errors import UnoverseError
from ..core.events import Event
from ..core.options import OptionSpec
from ..core.reasons import reason_words
from ..core.registry import variants as all_variants
from ..core.sentences import describe, hand_left
from ..core.setup import new_game, resolve_preset
from ..sim import tournament as tourney

if TYPE_CHECKING:
    from ..server.quotas import Limits
from ..sim.driver import MAX_ACTIONS
from ..sim.run import run, write_replay
from ..sim.simulate import Simulation, check, verify_replay
from ..sim.workers import Workers
from ..sim.workers import check as workers_check
from ..sim.workers import cpus as worker_cpus


class _Commands(TyperGroup):
    """The command group, whose usage errors (a missing or malformed option value, an
    unknown command or option) are one line like every other error: ``error: ...`` on
    stderr, exit status 2, where Click would print the usage and a box. ``--help``, and
    ``unoverse`` alone, print the help as usual."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        argv = sys.argv[1:] if args is None else list(args)
        if not standalone_mode or not argv:  # (no arguments: Click prints the help)
            return super().main(
                argv, prog_name, complete_var, standalone_mode, windows_expand_args, **extra
            )
        try:  # not standalone: Click raises its errors and returns the exit status
            status = super().main(
                argv, prog_name, complete_var, False, windows_expand_args, **extra
            )
        except typer.TyperException as exc:  # Click's errors, usage errors among them
            ctx = getattr(exc, "ctx", None)
            see = f" (see {ctx.command_path} --help)" if ctx is not None else ""
            _exit(exc.format_message() + see, exc.exit_code)
        except typer.Abort:
            _exit("aborted", 1)
        except UnoverseError as exc:  # (the commands catch their own)
            _exit(str(exc), 2)
        sys.exit(status if isinstance(status, int) else 0)


def _exit(message: str, status: int) -> NoReturn:
    """Print ``message`` as one line on stderr and exit with ``status``."""
    print(f"error: {' '.join(message.split())}", file=sys.stderr)
    sys.exit(status)


app = typer.Typer(
    cls=_Commands,
    help="unoverse: the UNO family played exactly by its rules.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
err = Console(stderr=True)


def _fail(message: str) -> typer.Exit:
    """Print one line on stderr; the caller raises the returned exit (status 2)."""
    print(f"error: {' '.join(message.split())}", file=sys.stderr)
    return typer.Exit(2)


def _print_version(value: bool) -> None:
    """``--version``: the version and the Python running it, then the engine's build
    (``unoverse.engine_build``: compiled, or plain and why)."""
    if value:
        python = ".".join(map(str, sys.version_info[:3]))
        print(f"unoverse {__version__} on Python {python}\nengine: {engine_build()}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_print_version,
            is_eager=True,
            help="Print the version and which build of the engine runs (compiled or plain).",
        ),
    ] = False,
) -> None:
    """unoverse: the UNO family played exactly by its rules."""


#: Options several commands share.
VariantOption = Annotated[str, typer.Option("--variant", help="Preset: variant(+name[=value])*.")]
OptionsOption = Annotated[
    list[str] | None,
    typer.Option("--option", help="An option as name=value (repeatable; each option once)."),
]
PlayersOption = Annotated[int, typer.Option("--players", help="Seats at the table.")]


@app.command("variants")
def variants_cmd(
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print every variant and option as JSON, for tools."),
    ] = False,
) -> None:
    """List the variants, the options each accepts with defaults and allowed values, and
    aliases (an option or value a variant refuses whatever else is set is not listed).

    On a terminal wide enough, a table per variant; otherwise (a pipe, a file, a narrow
    terminal) one line per option, never cut or wrapped, for grep."""
    if as_json:
        print(json.dumps(variants_data(), indent=2))
        return
    print_variants(Console(highlight=False))


def variants_data() -> list[dict[str, Any]]:
    """Every registered variant with every option it accepts (``Variant.offered``): what
    ``variants`` shows, and the option's type with its allowed values as data (``choices``;
    ``minimum`` and ``maximum``), and the quick starts the page's lobby offers."""
    return [
        {
            "name": v.name,
            "title": v.title,
            "aliases": list(v.aliases),
            "players": [v.min_players, v.max_players],
            "aside": list(v.aside),
            "options": [_option_data(s) for s in v.offered.values()],
            "quick_starts": [{"preset": q.preset, "id": q.id} for q in v.quick_starts],
        }
        for v in all_variants()
    ]


def _option_data(spec: OptionSpec) -> dict[str, Any]:
    """One option as JSON: ``default`` and ``allowed`` as text, as a preset writes them."""
    data: dict[str, Any] = {
        "name": spec.name,
        "short": spec.short,
        "type": spec.type,
        "default": spec.format(spec.default),
        "allowed": spec.allowed(),
    }
    if spec.type == "choice":
        data["choices"] = list(spec.choices)
    elif spec.type in ("int", "optional_int"):
        data["minimum"], data["maximum"] = spec.minimum, spec.maximum
    data["help"] = spec.help
    return data


#: The columns of ``variants``, in the table and in the plain layout.
_COLUMNS = ("option", "default", "allowed", "what it does")


def print_variants(out: Console) -> None:
    """``variants`` for a person: per variant, its heading and its options, as tables where
    the terminal is wide enough for every table with every word whole (80 columns are), and
    otherwise (not a terminal, or too narrow) as aligned lines, one per option, that are
    never wrapped: an option name or value is never cut."""
    shown = all_variants()
    rows = [
        [(s.name, s.format(s.default), s.allowed(), s.help) for s in v.offered.values()]
        for v in shown
    ]
    widths = [_table_widths([_COLUMNS, *options], out.width) for options in rows]
    as_tables = out.is_terminal and all(w is not None for w in widths)
    for i, (v, options, fitted) in enumerate(zip(shown, rows, widths, strict=True)):
        if i:
            out.print()
        out.print(
            f"[bold]{v.name}[/bold] — {v.title} (aliases: {', '.join(v.aliases) or '—'};"
            f" {v.min_players}–{v.max_players} players)",
            soft_wrap=not as_tables,
        )
        for card in v.aside:
            out.print(
                f"  beside the piles, not in play: {card}", markup=False, soft_wrap=not as_tables
            )
        if not as_tables or fitted is None:
            _print_lines(out, [_COLUMNS, *options])
            continue
        table = Table(box=box.MINIMAL_HEAVY_HEAD, show_edge=False, pad_edge=False)
        for name, width in zip(_COLUMNS, fitted, strict=True):
            table.add_column(name, width=width)
        for row in options:
            table.add_row(*map(Text, row))  # (text, not markup)
        out.print(table)


#: What a table of ``variants`` takes besides its text: no outer edge, and `` │ `` between
#: columns.
_TABLE_FRAME = 3 * (len(_COLUMNS) - 1)


def _table_widths(rows: Sequence[Sequence[str]], width: int) -> list[int] | None:
    """The text width of each column of a table of ``rows`` that fits in ``width`` with no
    word cut, or None if none fits. (Rich's own fitting shortens the widest columns first,
    cutting words with "…" where a fit without it exists.) Each column gets its longest word,
    and what is left is shared in proportion to what each needs more to hold its longest
    cell on one line."""
    columns = list(zip(*rows, strict=True))
    least = [max(cell_len(w) for cell in column for w in cell.split()) for column in columns]
    most = [max(cell_len(cell) for cell in column) for column in columns]
    need = [high - low for high, low in zip(most, least, strict=True)]
    spare = width - _TABLE_FRAME - sum(least)
    if spare < 0:
        return None
    if sum(need) <= spare:
        return [low + more for low, more in zip(least, need, strict=True)]
    grow = [spare * more // sum(need) for more in need]
    grow[-1] += spare - sum(grow)  # (what rounding left over: the last, widest column)
    return [low + more for low, more in zip(least, grow, strict=True)]


def _print_lines(out: Console, rows: Sequence[Sequence[str]]) -> None:
    """Rows as lines, each column padded to its widest cell but the last."""
    widths = [max(cell_len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    for row in rows:
        cells = [cell + " " * (w - cell_len(cell)) for cell, w in zip(row, widths, strict=False)]
        out.print("  " + "  ".join([*cells, row[-1]]), markup=False, soft_wrap=True)


WorkersOption = Annotated[
    int,
    typer.Option(
        "--workers",
        help="Processes to play on (0: one per CPU; more than the CPUs are capped, with a"
        " note, and never more than the games). With --backend ray: the CPUs of a local Ray.",
        min=0,
    ),
]
BackendOption = Annotated[
    str,
    typer.Option(
        "--backend", help="process (a pool on this machine) or ray (a Ray cluster: the ray extra)."
    ),
]
RayAddressOption = Annotated[
    str | None,
    typer.Option(
        "--ray-address",
        help="The Ray cluster to run on (host:port, ray://host:port or auto); without it, a"
        " local Ray.",
    ),
]


@app.command()
def simulate(
    variant: VariantOption = "classic",
    option: OptionsOption = None,
    players: PlayersOption = 4,
    games: Annotated[int, typer.Option("--games", help="Games to play.", min=1)] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Run seed; game i derives from it.")] = 0,
    bots: Annotated[
        str, typer.Option("--bots", help="Bot spec name[:k=v,...], one for all or one per seat.")
    ] = "naive",
    match: Annotated[bool, typer.Option("--match", help="Play whole matches, not rounds.")] = False,
    max_actions: Annotated[
        int,
        typer.Option(
            "--max-actions",
            help="A round that reaches this many actions leaves its game unfinished (recorded"
            " with its seed; the run goes on).",
            min=1,
        ),
    ] = MAX_ACTIONS,
    results: Annotated[
        Path | None,
        typer.Option(
            "--results",
            help="Stream one record per game to this file: JSON Lines, or Parquet for a"
            " .parquet name (the parquet extra).",
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option("--resume", help="Continue the run --results holds: play only the rest."),
    ] = False,
    workers: WorkersOption = 0,
    backend: BackendOption = "process",
    ray_address: RayAddressOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="Write a replay file (in place when the run ends; FILE.partial if not)."
        ),
    ] = None,
    engine: Annotated[
        str,
        typer.Option(
            "--engine",
            help="reference (every variant and bot) or fast: the batched engine (the fast"
            " extra), Classic and its house rules with the naive and random bots, many times"
            " faster; it refuses what it does not play (--match, --out, other presets and"
            " bots).",
        ),
    ] = "reference",
) -> None:
    """Play many seeded games between bots and report how they went."""
    if resume and results is None:
        raise _fail("--resume needs --results, the file to resume")
    if out is not None and results is not None and _same_file(out, results):
        raise _fail(f"--out and --results both name {out}: give each a file of its own")
    sim = Simulation(
        _preset(variant, option), players, games, seed, bots, match, max_actions, engine
    )
    where = Workers(workers, backend, ray_address)
    try:
        check(sim)  # every argument, before the output file is touched
        workers_check(backend, workers, ray_address)
        _note_workers(workers, backend)
        with _progress() as bar, _stop_between_games() as stop:
            task = bar.add_task("games", total=games)

            def tick(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)
                stop()

            report = (
                run(sim, results=results, resume=resume, where=where, progress=tick)
                if out is None
                else write_replay(sim, out, results=results, where=where, progress=tick)
            )
    except UnoverseError as exc:
        raise _fail(_noted(exc)) from None
    except OSError as exc:
        raise _fail(_cannot_write(exc, (out, results))) from None
    except KeyboardInterrupt as exc:
        print(f"error: {_noted(exc, 'interrupted')}", file=sys.stderr)
        raise typer.Exit(130) from None
    if as_json:
        print(json.dumps(report, indent=2))
        return
    _print_report(report)


def _same_file(a: Path, b: Path) -> bool:
    """Whether paths ``a`` and ``b`` name one file (through links too)."""
    if a.resolve() == b.resolve():
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:  # (one of them does not exist yet)
        return False


def _cannot_write(exc: OSError, given: Sequence[Path | None]) -> str:
    """A write error in words, naming the file as the user gave it (one of ``given``): the
    file the error names, or the one whose temporary file it names (a writer keeps the
    run's output in ``.FILE.*`` beside it until the run ends)."""
    files = [file for file in given if file is not None]
    named = None if exc.filename is None else Path(os.fsdecode(exc.filename))
    shown: Path | None = files[0] if files else None
    if named is not None:
        shown = next(
            (
                file
                for file in files
                if named == file
                or (named.parent == file.parent and named.name.startswith(f".{file.name}."))
            ),
            named,
        )
    reason = exc.strerror or str(exc)
    return reason if shown is None else f"cannot write {shown}: {reason}"


def _note_workers(workers: int, backend: str) -> None:
    """Say so on stderr when more processes are asked for than there are CPUs."""
    cpus = worker_cpus()
    if backend == "process" and workers > cpus:
        print(
            f"note: --workers {workers} is more than the {cpus} CPUs: playing on {cpus}",
            file=sys.stderr,
        )


@contextmanager
def _stop_between_games() -> Iterator[Callable[[], None]]:
    """Ctrl-C ends a run after the game being played: the handler only takes note, and the
    function yielded, called after each game, raises ``KeyboardInterrupt`` then. An
    interrupt raised in the middle of an engine operation could abort the compiled build
    ("fatal: out of memory"), where mypyc takes some failures for memory errors. A second
    Ctrl-C interrupts at once."""
    pressed: list[int] = []

    def note(signum: int, frame: FrameType | None) -> None:
        if pressed:
            signal.default_int_handler(signum, frame)
        pressed.append(signum)

    def stop() -> None:
        if pressed:
            raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, note)
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)


def _noted(exc: BaseException, message: str = "") -> str:
    """An exception's message and its notes (where a stopped run kept its games), one line."""
    return "; ".join([message or str(exc), *getattr(exc, "__notes__", ())])


def _progress() -> Progress:
    """A progress bar of games on stderr, with games/s and the time left, shown only on a
    terminal."""
    return Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        _GamesPerSecond(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )


class _GamesPerSecond(ProgressColumn):
    """A progress bar's speed, in games per second over its recent updates."""

    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text("" if speed is None else f"{speed:,.0f} games/s", style="progress.data.speed")


def _preset(variant: str, option: list[str] | None) -> str:
    """A preset string from ``--variant`` and its ``--option k=v`` items, one option each
    (resolving it refuses an option given twice, here or in ``--variant``). Its errors are
    in the language in use: English but in ``play``, which speaks the player's."""
    preset = variant
    for item in option or []:
        if "=" not in item:
            raise _fail(i18n.t("tui.launch.option_value", item=repr(item)))
        if "+" in item:
            raise _fail(i18n.t("tui.launch.option_one", item=repr(item)))
        preset += "+" + item
    return preset


@app.command()
def tournament(
    bot: Annotated[
        list[str],
        typer.Option(
            "--bot", help="An entrant: a bot spec name[:k=v,...] or level (repeat, 2 or more)."
        ),
    ],
    variant: VariantOption = "classic",
    option: OptionsOption = None,
    players: PlayersOption = 2,
    games: Annotated[
        int,
        typer.Option(
            "--games", help="Games per pairing (rounded up to whole sets of seat rotations).", min=1
        ),
    ] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Run seed; deal d derives from it.")] = 0,
    mode: Annotated[
        str, typer.Option("--mode", help="round-robin, or gauntlet (the first bot vs each other).")
    ] = "round-robin",
    out: Annotated[
        Path | None, typer.Option("--out", help="Write one JSON line per game to this file.")
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Play only the games --out does not hold yet.")
    ] = False,
    workers: WorkersOption = 0,
    backend: BackendOption = "process",
    ray_address: RayAddressOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Play bots against each other in paired, seat-rotated games; report win rates with
    Wilson 95% intervals and TrueSkill ratings, and the games that reached the action cap."""
    if resume and out is None:
        raise _fail("--resume needs --out, the file to resume")
    t = tourney.Tournament(_preset(variant, option), players, tuple(bot), games, seed, mode)
    try:
        tourney.check(t)  # (bad input is the only line on stderr: before the note)
        workers_check(backend, workers, ray_address)
        _note_workers(workers, backend)
        with _progress() as bar, _stop_between_games() as stop:
            task = bar.add_task("games", total=None)

            def tick(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)
                stop()

            report = tourney.run(
                t, out, resume=resume, where=Workers(workers, backend, ray_address), progress=tick
            )
    except UnoverseError as exc:
        raise _fail(str(exc)) from None
    except OSError as exc:
        raise _fail(f"cannot write {out}: {exc.strerror}") from None
    except KeyboardInterrupt:
        kept = f"; the games played so far are in {out}: --resume plays the rest" if out else ""
        print(f"error: interrupted{kept}", file=sys.stderr)
        raise typer.Exit(130) from None
    if as_json:
        print(json.dumps(report, indent=2))
        return
    console = Console()
    console.print(
        f"{report['preset']}, {report['players']} players, {report['games']} games per "
        f"pairing, {report['mode']}"
    )
    table = Table("bot", "against", "seats", "games", "wins", "rate", "95% interval", "chance")
    for row in report["pairings"]:
        lo, hi = row["ci95"]
        table.add_row(
            row["entrant"],
            row["against"],
            row["lineup"],
            str(row["games"]),
            str(row["wins"]),
            f"{row['rate']:.3f}",
            f"{lo:.3f}–{hi:.3f}",
            f"{row['chance']:.3f}",
        )
    console.print(table)
    ratings = Table("bot", "TrueSkill μ", "σ", "μ − 3σ")
    for r in report["ratings"]:
        ratings.add_row(r["entrant"], f"{r['mu']:.2f}", f"{r['sigma']:.2f}", f"{r['score']:.2f}")
    console.print(ratings)
    if report["unfinished"]:
        console.print(
            f"{report['unfinished']} games unfinished (the action cap), in no rate or rating: "
            + "; ".join(
                f"pairing {u['pairing']} game {u['game']} seed {u['seed']}"
                for u in report["unfinished_games"]
            ),
            markup=False,
            soft_wrap=True,
        )


def _print_report(report: dict[str, Any]) -> None:
    out = Console()
    out.print(
        f"{report['games']} {'matches' if report['match'] else 'games'} of {report['preset']}, "
        f"{report['players']} players, bots {', '.join(report['bots'])}"
        + (", on the fast engine" if report["engine"] == "fast" else "")
    )
    if report["unfinished"]:
        shown = ", ".join(str(g["game"]) for g in report["unfinished_games"][:10])
        more = ", ..." if report["unfinished"] > 10 else ""
        out.print(
            f"{report['unfinished']} unfinished (a round reached {report['max_actions']} "
            f"actions): game {shown}{more}; the statistics below count the "
            f"{report['finished']} finished games"
        )
    table = Table("per game", "mean", "p50", "p90", "p99")
    for key in ("actions_per_game", "turns_per_game", "rounds_per_match"):
        if key in report:
            s = report[key]
            name = key.split("_per_")[0]
            table.add_row(name, *(str(s[k]) for k in ("mean", "p50", "p90", "p99")))
    for name, s in report["rules_per_game"].items():
        if s["p99"]:
            table.add_row(
                name.replace("_", " "), *(str(s[k]) for k in ("mean", "p50", "p90", "p99"))
            )
    out.print(table)
    wins = Table("seat", "wins", "rate", "95% interval")
    for w in report["wins"]:
        lo, hi = w["ci95"]
        wins.add_row(str(w["seat"]), str(w["wins"]), f"{w['rate']:.3f}", f"{lo:.3f}–{hi:.3f}")
    out.print(wins)
    out.print(f"{report['timing']['games_per_s']} games/s")


@app.command()
def replay(
    file: Annotated[
        Path,
        typer.Argument(help="A replay file from simulate --out, or a game exported by a server."),
    ],
    resimulate: Annotated[
        bool,
        typer.Option(
            "--resimulate",
            help="Also play every game again with the header's bots and compare (slower).",
        ),
    ] = False,
) -> None:
    """Re-run every game of a replay file and check every recorded field: seeds, game count,
    actions and their times, state hashes, winners (docs/replay.md). A game a server exported
    (GET /api/games/{id}/export) is checked the same way, its deal's commitment first
    (docs/protocol.md, "A verifiable shuffle")."""
    from ..server.export import is_export, verify

    if is_export(file):
        try:
            counts = verify(file)
        except UnoverseError as exc:
            raise _fail(str(exc)) from None
        if len(counts) == 1:
            print(
                f"ok: the seed and salt match the deal's commitment; {counts[0]} actions "
                "replayed; every action's tag, every state hash and the winner match"
            )
        else:
            print(
                f"ok: {len(counts)} games; each game's seed and salt match its deal's "
                f"commitment; {sum(counts)} actions replayed; every action's tag, every state "
                "hash and every winner match"
            )
        return
    try:
        done = verify_replay(file, resimulate=resimulate)
    except UnoverseError as exc:
        raise _fail(str(exc)) from None
    unfinished = f" ({done.unfinished} unfinished)" if done.unfinished else ""
    print(
        f"ok: {done.games} games{unfinished}, {done.actions} actions replayed; every action's "
        "tag and state hash matches"
        + ("; the bots play every game again identically" if resimulate else "")
    )


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=1, max=65535, help="The port to listen on (1 to 65535).")
    ] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            envvar="UNOVERSE_DATABASE_URL",
            help="The database URL: sqlite+aiosqlite:///unoverse.db (the default: a file "
            "here) or postgresql+asyncpg://user@host/db.",
        ),
    ] = None,
    grace: Annotated[
        float,
        typer.Option(
            "--grace",
            min=0,
            help="Seconds an absent player's seat is held while it has to act, before a "
            "labelled bot plays it.",
        ),
    ] = 60.0,
    between_rounds: Annotated[
        float,
        typer.Option(
            "--between-rounds", min=0, help="Seconds between a round's end and the next deal."
        ),
    ] = 5.0,
    log_level: Annotated[
        str, typer.Option("--log-level", help="debug, info, warning or error.")
    ] = "info",
    bot_workers: Annotated[
        int,
        typer.Option(
            "--bot-workers",
            min=0,
            help="Processes the searching bots (hard) decide in, shared fairly between "
            "rooms; 0: one per CPU this process may use.",
        ),
    ] = 0,
    limit: Annotated[
        list[str] | None,
        typer.Option(
            "--limit",
            help="A limit of what clients may make the server hold, as NAME=VALUE (again for "
            "each): requests_per_minute, rooms_per_minute, rooms_per_address, rooms_total, "
            "misses_per_minute, logins_per_minute, logins_per_name_per_minute, "
            "signups_per_minute, seats_per_account, sockets_per_address, connections_total, "
            "body_bytes, head_timeout_s, body_timeout_s, idle_timeout_s, lobby_idle_s, "
            "abandoned_s, "
            "turn_based_idle_s (docs/protocol.md, Limits).",
        ),
    ] = None,
    redis_url: Annotated[
        str | None,
        typer.Option(
            "--redis-url",
            envvar="UNOVERSE_REDIS_URL",
            help="Join a set of processes sharing the PostgreSQL --database, with this Redis "
            "(redis://host:6379/0): any process serves every room (docs/deployment.md).",
        ),
    ] = None,
    cluster: Annotated[
        str,
        typer.Option(
            "--cluster",
            envvar="UNOVERSE_CLUSTER",
            help="The set's name: the prefix of its keys in Redis (sets may share a Redis).",
        ),
    ] = "unoverse",
    node_url: Annotated[
        str | None,
        typer.Option(
            "--node-url",
            envvar="UNOVERSE_NODE_URL",
            help="Where the set's other processes reach this one (default: "
            "http://HOST:PORT, 127.0.0.1 for a server on every address).",
        ),
    ] = None,
    lease: Annotated[
        float,
        typer.Option(
            "--lease",
            min=0.5,
            max=600,
            help="Seconds a process's rooms stay its own without renewal: a process that "
            "dies or stops answering has them taken over after this.",
        ),
    ] = 2.0,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            "--forwarded-allow-ips",
            help="Addresses of the proxies (a load balancer, the set's processes) whose "
            "X-Forwarded-For names the client, comma-separated, or *.",
        ),
    ] = "127.0.0.1",
) -> None:
    """Run the game server: the HTTP API (its OpenAPI page at /docs) and the websocket /ws
    where rooms are played (docs/protocol.md). Logs are JSON lines on stderr.

    Before it starts, it takes the port (a port in use is one line, not a server that
    stops) and opens the database, bringing its schema up to date: a bad URL, a missing
    directory for the SQLite file or a database that cannot be opened is one line too."""
    if log_level.lower() not in ("debug", "info", "warning", "error"):
        raise _fail(f"--log-level: debug, info, warning or error, not {log_level!r}")
    _check_port(host, port)
    try:
        from ..server import serving
        from ..server.hub import Membership
        from ..server.lease import DatabaseInUse
        from ..server.live import Config
        from ..server.logs import configure
        from ..server.records import DEFAULT_URL
    except ImportError as exc:
        raise _fail(f"the server needs its extra: pip install 'unoverse[server]' ({exc})") from None
    limits = _limits(limit or [])
    url = database or DEFAULT_URL
    _check_database(url)
    membership = None
    if redis_url is not None:
        if not url.startswith("postgresql"):
            raise _fail("--redis-url: a set of processes shares a PostgreSQL --database")
        if not redis_url.startswith(("redis://", "rediss://", "unix://")):
            raise _fail(f"--redis-url: redis://host:port/db, not {redis_url!r}")
        try:
            import httpx  # noqa: F401
            import redis  # noqa: F401
            import websockets  # noqa: F401
        except ImportError as exc:
            extra = "pip install 'unoverse[cluster]'"
            raise _fail(f"--redis-url needs its extra: {extra} ({exc})") from None
        local = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
        own = node_url or f"http://{f'[{local}]' if ':' in local else local}:{port}"
        membership = Membership(redis_url, cluster, own, lease)
    configure(log_level)
    shown = f"[{host}]" if ":" in host else host

    def ready() -> None:
        print(f"unoverse: play at http://{shown}:{port} (API: http://{shown}:{port}/docs)")
        sys.stdout.flush()

    rooms = Config(grace_s=grace, between_rounds_s=between_rounds)
    try:
        serving.run(
            url, rooms, limits, host, port, ready, bot_workers, membership, forwarded_allow_ips
        )
    except DatabaseInUse as exc:
        raise _fail(f"--database: {exc}") from None


def _limits(given: list[str]) -> Limits:
    """The server's limits with ``NAME=VALUE`` each changed, or one line naming the bad one."""
    from dataclasses import fields, replace

    from ..server.quotas import LIMITS

    kinds = {f.name: f.type for f in fields(LIMITS)}
    changed: dict[str, Any] = {}
    for item in given:
        name, _, text = item.partition("=")
        name = name.strip()
        if name not in kinds:
            raise _fail(f"--limit {item!r}: NAME=VALUE, NAME one of {', '.join(kinds)}")
        try:
            value = int(text) if kinds[name] in (int, "int") else float(text)
        except ValueError:
            raise _fail(f"--limit {item!r}: {name} is a number") from None
        if not (math.isfinite(value) and value > 0) or not text.strip().isascii():
            raise _fail(f"--limit {item!r}: {name} is a positive number")
        changed[name] = value
    return replace(LIMITS, **changed)


def _check_port(host: str, port: int) -> None:
    """Refuse, in one line naming the port, a ``host`` and ``port`` the server cannot listen
    on (the port in use, an address not of this machine): each address ``host`` stands for
    is bound as uvicorn binds it (``SO_REUSEADDR``, IPv6 only on an IPv6 socket) and let go
    at once."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        for family, kind, proto, _name, address in found:
            with socket.socket(family, kind, proto) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if family == socket.AF_INET6:
                    probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                probe.bind(address)
    except OSError as exc:
        taken = (
            "; is another server on it? choose another --port"
            if exc.errno == errno.EADDRINUSE
            else ""
        )
        raise _fail(f"cannot listen on {host} port {port}: {exc.strerror or exc}{taken}") from None


def _check_database(url: str) -> None:
    """Open the database at ``url`` as the server does (its schema migrated) and close it,
    refusing in one line a URL that is not one, a driver that is missing, a SQLite file
    whose directory does not exist (or that is a directory), or a database that cannot be
    opened. (Started, the server would fail in its own startup, with a traceback in its log
    and status 3.)"""
    import asyncio

    from alembic.util import CommandError
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError

    from ..server.store import Store

    try:
        parsed = make_url(url)
    except ArgumentError:
        raise _fail(
            f"--database {url!r} is not a database URL: write sqlite+aiosqlite:///FILE or "
            "postgresql+asyncpg://user@host/db"
        ) from None
    shown = parsed.render_as_string(hide_password=True)
    file = parsed.database or ""
    if parsed.get_backend_name() == "sqlite" and file not in ("", ":memory:"):
        folder = Path(file).parent
        if not folder.is_dir():
            raise _fail(f"--database {shown}: no directory {folder} for the SQLite file")
        if Path(file).is_dir():
            raise _fail(f"--database {shown}: {file} is a directory, not a SQLite file")

    async def open_and_close() -> None:
        store = await Store.open(url)
        await store.close()

    try:
        asyncio.run(open_and_close())
    except (SQLAlchemyError, CommandError, ImportError, OSError) as exc:
        reason = exc.orig if isinstance(exc, DBAPIError) else exc
        raise _fail(f"--database {shown}: cannot open it: {reason}") from None


#: ``play``'s options for a table on this machine, which ``--connect`` leaves to the room.
_LOCAL_ONLY: Final = ("variant", "option", "players", "bots", "seed", "timer", "bot_speed")


def _given(ctx: typer.Context, name: str) -> bool:
    """Whether the command's option ``name`` was given (not left to its default)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name != "DEFAULT"


@app.command()
def play(
    ctx: typer.Context,
    variant: VariantOption = "classic",
    option: OptionsOption = None,
    players: PlayersOption = 4,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="The bots in the other seats: a level (easy, normal, hard) or a bot spec, "
            "one for all or one per bot seat, comma-separated.",
        ),
    ] = "normal",
    seed: Annotated[
        int | None, typer.Option("--seed", help="Deal the rounds from this seed.")
    ] = None,
    timer: Annotated[
        str, typer.Option("--timer", help="The turn timer: off, relaxed, normal or fast.")
    ] = "off",
    bot_speed: Annotated[
        str,
        typer.Option(
            "--bot-speed", help="The bots' human pace: relaxed, normal or fast (docs/bots.md)."
        ),
    ] = "normal",
    name: Annotated[
        str | None,
        typer.Option("--name", help="Your name at the table (default: your login name)."),
    ] = None,
    connect: Annotated[
        str | None,
        typer.Option("--connect", help="A server's address: take a seat at its table."),
    ] = None,
    room: Annotated[
        str | None, typer.Option("--room", help="With --connect: the room's code.")
    ] = None,
    token: Annotated[
        str | None,
        typer.Option("--token", help="With --connect: come back to the seat this token holds."),
    ] = None,
    bell: Annotated[
        bool, typer.Option("--bell/--no-bell", help="Ring the terminal bell on your turn.")
    ] = True,
    lang: Annotated[
        Literal[i18n.LANGUAGES] | None,  # type: ignore[valid-type]
        typer.Option(
            "--lang",
            help="The game's language: "
            + ", ".join(f"{code} ({name})" for code, name in i18n.NAMES.items())
            + " (default: the environment's, LANGUAGE, LC_ALL, LC_MESSAGES or LANG; else en).",
        ),
    ] = None,
) -> None:
    """Play in the terminal: against bots on this machine, or at a server's table with
    --connect (the keys are on screen; ? lists them all)."""
    # Everything it says from here, its errors and its last line included, is in the
    # player's language (``tui.*``; an engine's error by its reason), chosen first. Its help
    # (this docstring, the options') stays English, as every command's help does.
    i18n.use(lang or i18n.from_environment())
    try:
        from ..tui.app import PlayApp
        from ..tui.launch import LaunchError, local, player_name, remote
    except ImportError as exc:
        raise _fail(i18n.t("tui.launch.extra", error=exc)) from None
    if connect is None:
        stray = [f"--{n}" for n, value in (("room", room), ("token", token)) if value is not None]
        if stray:
            raise _fail(i18n.t("tui.launch.connect_only", flags=", ".join(stray)))
    else:
        given = [n for n in _LOCAL_ONLY if _given(ctx, n)]
        if given:
            flags = ", ".join("--" + n.replace("_", "-") for n in given)
            raise _fail(i18n.t("tui.launch.local_only", flags=flags))
    try:
        if connect is not None:
            link = remote(connect, room, name, token)
        else:
            preset = _preset(variant, option)
            if players >= 2:  # (fewer: local says a table needs two seats)
                resolve_preset(preset)[0].check_players(players)  # before a seat is made
            link = local(preset, players, bots, name or player_name(), timer, seed, bot_speed)
    except LaunchError as exc:
        raise _fail(str(exc)) from None
    except UnoverseError as exc:
        raise _fail(reason_words(exc)) from None
    PlayApp(link, bell=bell).run()
    place = getattr(link, "place", None)
    if place is not None:
        back = f"unoverse play --connect {place.url} --room {place.room} --token {place.token}"
        print(i18n.t("tui.launch.kept", room=place.room, command=back))


@app.command()
def demo(
    players: PlayersOption = 4,
    seed: Annotated[int, typer.Option("--seed")] = 7,
    variant: VariantOption = "classic",
    bots: Annotated[str, typer.Option("--bots")] = "naive",
) -> None:
    """Play one seeded game between bots and print it as a readable log."""
    from ..bots.base import make_bot, parse_bot_specs
    from ..sim.driver import RoundRecord, play_round

    try:
        game = new_game(variant, players, seed)
        specs = parse_bot_specs(bots, players)
        table = [make_bot(spec, seed, s) for s, spec in enumerate(specs)]
    except UnoverseError as exc:
        raise _fail(str(exc)) from None
    out = Console(highlight=False)
    out.print(f"[bold]{game.rules.variant.title}[/bold], {players} players, seed {seed}")
    for e in game.setup_events:
        out.print("  " + describe(e), markup=False)

    def show(seat: int, act: Action, events: list[Event]) -> None:
        for e in events:
            out.print("  " + describe(e), markup=False)

    play_round(game, table, RoundRecord(seed, None), on_events=show)
    for s in range(players):
        out.print("  " + hand_left(s, len(game.hands[s])), markup=False)


from . import bot_command as _bot_command  # noqa: E402,F401  (registers bot)
from . import export_games as _export_games  # noqa: E402,F401  (registers export)
from . import reports as _reports  # noqa: E402,F401  (registers report and compare)


def main() -> None:
    """Console-script entry point (errors, usage errors among them, are one line:
    ``_Commands``)."""
    app()
