"""``unoverse report`` and ``unoverse compare``: reports on simulation results, in the
terminal, as JSON or as one self-contained HTML page (docs/reports.md).

``report`` reads results files (``simulate --results``); ``compare`` plays the same games
(the same run seed, so the same deal seeds) under two presets or more, writes their results
files, and reports them with the differences from the first and their significance. The
commands are registered on ``cli.app.app`` when ``cli.app`` imports this module.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..core.errors import UnoverseError
from ..sim import html as page
from ..sim import plots
from ..sim.record import ResultsError
from ..sim.report import build, card_kinds, fmt_bots, fmt_number, fmt_p, fmt_percent, fmt_row
from ..sim.run import run, tally_files
from ..sim.simulate import Simulation, check
from ..sim.workers import Workers
from ..sim.workers import check as workers_check
from .app import (
    BackendOption,
    PlayersOption,
    RayAddressOption,
    WorkersOption,
    _fail,
    _note_workers,
    _noted,
    _progress,
    _same_file,
    _stop_between_games,
    app,
)

HtmlOption = Annotated[
    Path | None,
    typer.Option(
        "--html", help="Write the report as one self-contained HTML page (the report extra)."
    ),
]
TitleOption = Annotated[str | None, typer.Option("--title", help="The report's title.")]
JsonOption = Annotated[
    bool, typer.Option("--json", help="Print the report's data as JSON (with --html too).")
]


@app.command()
def report(
    results: Annotated[
        list[Path],
        typer.Argument(
            help="Results files (simulate --results): JSON Lines or Parquet. Files of the same"
            " preset, players, bots and match mode are one group; groups are shown side by"
            " side, and two groups are compared.",
            show_default=False,
        ),
    ],
    html: HtmlOption = None,
    title: TitleOption = None,
    as_json: JsonOption = False,
) -> None:
    """Report on results files: length, win rates by seat, cards and counts per game,
    eliminations and the launcher where they apply; in the terminal, as JSON (--json) or as
    an HTML page with plots (--html)."""
    _check_html(html)
    if html is not None and any(_same_file(html, path) for path in results):
        raise _fail(f"--html {html} is a results file to read: write the page to another file")
    try:
        with _progress() as bar:
            task = bar.add_task("games read", total=None)
            tallies = tally_files(results, progress=lambda n: bar.update(task, completed=n))
    except ResultsError as exc:
        raise _fail(str(exc)) from None
    except OSError as exc:
        raise _fail(f"cannot read {exc.filename}: {exc.strerror or exc}") from None
    if not tallies:
        raise _fail(f"{', '.join(map(str, results))}: no games to report (a header alone)")
    data = build(
        tallies,
        title=title or _title("Simulation report", tallies, ", "),
        compare=len(tallies) == 2,
    )
    _show(data, html, as_json)


@app.command()
def compare(
    presets: Annotated[
        list[str],
        typer.Argument(
            help="Two presets or more (variant(+name[=value])*); the first is the baseline.",
            show_default=False,
        ),
    ],
    games: Annotated[
        int, typer.Option("--games", help="Games to play of each preset.", min=1)
    ] = 1000,
    players: PlayersOption = 4,
    bots: Annotated[
        str, typer.Option("--bots", help="Bot spec name[:k=v,...], one for all or one per seat.")
    ] = "naive",
    seed: Annotated[
        int,
        typer.Option("--seed", help="Run seed, the same for every preset: game i derives from it."),
    ] = 0,
    match: Annotated[bool, typer.Option("--match", help="Play whole matches, not rounds.")] = False,
    workers: WorkersOption = 0,
    backend: BackendOption = "process",
    ray_address: RayAddressOption = None,
    results_dir: Annotated[
        Path | None,
        typer.Option(
            "--results-dir",
            help="Keep each preset's results file here (PRESET.jsonl), for unoverse report.",
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option("--resume", help="Continue the runs --results-dir holds: play only the rest."),
    ] = False,
    html: HtmlOption = None,
    title: TitleOption = None,
    as_json: JsonOption = False,
) -> None:
    """Play the same games under two presets or more and report the differences from the
    first: game length, win rate by seat and each count per game, with 95% intervals and
    p-values adjusted for the number of tests (Holm–Bonferroni)."""
    if len(presets) < 2:
        raise _fail("compare needs two presets or more: the first is the baseline")
    twice = sorted({p for p in presets if presets.count(p) > 1})
    if twice:
        raise _fail(f"compare: {', '.join(twice)} given twice")
    if resume and results_dir is None:
        raise _fail("--resume needs --results-dir, where the runs to resume are")
    sims = [Simulation(p, players, games, seed, bots, match) for p in presets]
    try:
        for sim in sims:
            check(sim)
        workers_check(backend, workers)
    except UnoverseError as exc:
        raise _fail(str(exc)) from None
    _check_html(html)
    names = file_names(presets)
    if results_dir is not None:
        _check_results_dir(results_dir, names, resume)
    _note_workers(workers, backend)
    with tempfile.TemporaryDirectory(prefix="unoverse-compare-") as scratch:
        folder = results_dir if results_dir is not None else Path(scratch)
        paths = [folder / name for name in names]
        try:
            _play(sims, paths, resume, Workers(workers, backend, ray_address))
            tallies = tally_files(paths)
        except UnoverseError as exc:
            raise _fail(_noted(exc) if results_dir is not None else str(exc)) from None
        except OSError as exc:
            raise _fail(f"cannot write {exc.filename or folder}: {exc.strerror or exc}") from None
        except KeyboardInterrupt as exc:
            kept = _noted(exc, "interrupted") if results_dir is not None else "interrupted"
            print(f"error: {kept}", file=sys.stderr)
            raise typer.Exit(130) from None
    data = build(tallies, title=title or _title("Comparison", tallies, " vs "), compare=True)
    data["run"] = {
        "games": games,
        "seed": seed,
        "results": [str(p) for p in paths] if results_dir else None,
    }
    _show(data, html, as_json)


def file_names(presets: list[str]) -> list[str]:
    """Each preset's results file name: ``PRESET.jsonl``, any character but letters,
    digits and ``. _ + = -`` replaced by ``_`` (and a number added where two would be the
    same)."""
    names: list[str] = []
    for preset in presets:
        stem = re.sub(r"[^A-Za-z0-9._+=-]", "_", preset).lstrip(".") or "preset"
        name, n = f"{stem}.jsonl", 1
        while name in names:
            n += 1
            name = f"{stem}-{n}.jsonl"
        names.append(name)
    return names


def _check_results_dir(folder: Path, names: list[str], resume: bool) -> None:
    """Refuse a results directory that cannot be one, or that holds a run of these presets
    already (without --resume), before any game is played."""
    if folder.exists() and not folder.is_dir():
        raise _fail(f"--results-dir {folder}: not a directory")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _fail(f"cannot write {folder}: {exc.strerror or exc}") from None
    if resume:
        return
    for name in names:
        path = folder / name
        if path.exists() and (not path.is_file() or path.stat().st_size):
            raise _fail(
                f"{path} exists: --resume continues its run; to start again, remove it or "
                "choose another --results-dir"
            )


def _play(sims: list[Simulation], paths: list[Path], resume: bool, where: Workers) -> None:
    """Play each simulation into its results file, a progress bar each (on a terminal);
    Ctrl-C stops after the game being played."""
    with _progress() as bar, _stop_between_games() as stop:
        tasks = [bar.add_task(sim.preset, total=sim.games) for sim in sims]
        for sim, path, task in zip(sims, paths, tasks, strict=True):

            def tick(done: int, total: int, task: Any = task) -> None:
                bar.update(task, completed=done, total=total)
                stop()

            run(sim, results=path, resume=resume, where=where, progress=tick)


def _check_html(path: Path | None) -> None:
    """Refuse an HTML path that cannot be written (a directory, a missing folder), and
    matplotlib's absence, before anything is read or played."""
    if path is None:
        return
    if path.is_dir():
        raise _fail(f"cannot write {path}: it is a directory")
    folder = path.parent
    if not folder.is_dir():
        raise _fail(f"cannot write {path}: no directory {folder}")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise _fail(f"cannot write {path}: permission denied")
    try:
        plots.require()
    except UnoverseError as exc:
        raise _fail(str(exc)) from None


def _title(what: str, tallies: dict[Any, Any], joined: str) -> str:
    """A report's default title: what it is, and the presets it covers."""
    return f"{what}: {joined.join(dict.fromkeys(key[0] for key in tallies))}"


def _show(data: dict[str, Any], html: Path | None, as_json: bool) -> None:
    """Write the HTML page, print the JSON or the terminal summary."""
    if html is not None:
        try:
            text = page.page(data)
        except UnoverseError as exc:
            raise _fail(str(exc)) from None
        try:
            html.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise _fail(f"cannot write {html}: {exc.strerror or exc}") from None
    if as_json:
        print(json.dumps(data, indent=2))
    elif html is not None:
        print(f"report written to {html}")
    else:
        print_summary(data, Console())


#: The unfinished games the terminal lists per group (the page and --json list more).
UNFINISHED_LISTED = 10


def print_summary(data: dict[str, Any], out: Console) -> None:
    """The report in the terminal: Rich tables with a column per group, then the
    comparisons. Each table's heading is a line of its own (a table's title would wrap
    to the table's width)."""
    groups = data["groups"]
    out.print(Text(data["title"], style="bold"))

    def show(
        heading: str, first: str, rows: list[list[str]], columns: list[str] | None = None
    ) -> None:
        table = Table(first, *(columns or [g["label"] for g in groups]))
        for column in table.columns[1:]:
            column.justify = "right"
        for row in rows:
            table.add_row(*map(Text, row))  # (text, not markup)
        out.print(Text(heading, style="bold"))
        out.print(table)

    rows = [
        ["players", *(str(g["players"]) for g in groups)],
        ["bots", *(fmt_bots(g["bots"]) for g in groups)],
        *(
            [key, *(fmt_number(g[key]) for g in groups)]
            for key in ("games", "finished", "unfinished")
        ),
    ]
    for what in ("turns", "actions", "rounds"):
        if any(what in g["length"] for g in groups):
            for key, name in (("mean", "mean"), ("p50", "median"), ("p90", "p90"), ("p99", "p99")):
                rows.append(
                    [
                        f"{what}: {name}",
                        *(
                            fmt_number(g["length"][what][key]) if what in g["length"] else "–"
                            for g in groups
                        ),
                    ]
                )
    show("Summary (the statistics count the finished games)", "", rows)
    for g in groups:
        if g["unfinished"]:
            listed = ", ".join(
                f"game {u['game']} (seed {u['seed']})"
                for u in g["unfinished_games"][:UNFINISHED_LISTED]
            )
            more = g["unfinished"] - min(UNFINISHED_LISTED, len(g["unfinished_games"]))
            out.print(
                f"{g['label']}: unfinished: {listed}" + (f" and {more} more" if more else ""),
                markup=False,
                soft_wrap=True,
            )

    rows = []
    for s in range(max(g["players"] for g in groups)):
        row = [str(s)]
        for g in groups:
            if s < g["players"]:
                w = g["wins"][s]
                lo, hi = w["ci95"]
                row.append(f"{fmt_percent(w['rate'])} ({fmt_percent(lo)}–{fmt_percent(hi)})")
            else:
                row.append("–")
        rows.append(row)
    show("Win rate by seat (95% Wilson interval)", "seat", rows)

    names = list(dict.fromkeys(c["name"] for g in groups for c in g["counts"]))
    by_name = [{c["name"]: c for c in g["counts"]} for g in groups]
    rows = [
        [
            name.replace("_", " "),
            *(
                fmt_number(t[name]["mean"])
                if name in t
                else ("0" if name in g["zero_counts"] else "–")
                for t, g in zip(by_name, groups, strict=True)
            ),
        ]
        for name in names
    ]
    if rows:
        show("Counts per game, mean (0: zero in every game; –: not counted)", "count", rows)
    by_kind = [{c["kind"]: c for c in g["cards"]} for g in groups]
    rows = [
        [
            k,
            *(
                f"{fmt_number(t[k]['played'])} / {fmt_number(t[k]['drawn'])}" if k in t else "–"
                for t in by_kind
            ),
        ]
        for k in card_kinds(groups)
    ]
    show("Cards per game: played / drawn", "kind", rows)

    for g in groups:
        e = g["eliminations"]
        if e is not None:
            out.print(
                f"{g['label']}: {fmt_number(e['eliminated'])} seats eliminated, "
                f"{fmt_number(e['per_game_mean'])} per game ({fmt_percent(e['share_of_seats'])} "
                f"of seats), at turn {fmt_number(e['turn']['p50'])} (median)",
                markup=False,
                soft_wrap=True,
            )
        la = g["launcher"]
        if la is not None:
            out.print(
                f"{g['label']}: launcher: {fmt_number(la['presses'])} presses, "
                f"{fmt_percent(la['fire_share'])} fired, {fmt_number(la['cards_per_press'])} "
                "cards per press; per game: "
                + ", ".join(
                    f"{name.replace('_', ' ')} {fmt_number(s['mean'])}"
                    for name, s in la["per_game"].items()
                ),
                markup=False,
                soft_wrap=True,
            )

    for c in data["comparisons"]:
        rows = [
            [
                r["name"].replace("_", " "),
                *fmt_row(r),
                fmt_p(r["p"]),
                fmt_p(r["p_holm"]),
                "yes" if r["significant"] else "no",
            ]
            for r in c["rows"]
        ]
        columns = ["baseline", "other", "difference (95% interval)", "p", "Holm p", "significant"]
        show(f"{c['other']} against {c['baseline']}", "measure", rows, columns)
    if data["comparisons"]:
        out.print(
            f"{data['tests']} tests: p-values adjusted together (Holm–Bonferroni); "
            f"significant: Holm p below {data['alpha']:g}.",
            markup=False,
        )
