"""How long ``unoverse play`` takes to show its first table, in a pseudo-terminal of 80×24.

Each run starts ``python -m unoverse.cli play --seed 1`` (a local Classic game against three
``normal`` bots: what ``unoverse play`` starts, with the same deal every run) on the slave
side of a new pseudo-terminal sized 80 columns by 24 lines, and reads what it writes from
the master side. Measured from just before the process is spawned to:

* **app drawn**: the first frame of the app (its title bar, "unoverse", on the screen);
* **first table**: the first frame showing the dealt round, the one with the player's hand:
  the title bar's "match 1, round 1" and the hand's "Your hand:", both written.

"Written" is when the benchmark reads the bytes from the terminal, stripped of their escape
sequences (the text of one styled segment stays whole). The game is then left as a player
leaves it (Ctrl+Q, which asks during a round, then Ctrl+Q again, which answers), so it cleans
up after itself.

Side by side, the references, measured the same way: ``python -c pass`` (the interpreter's
own start) and a bare Textual app drawing one line (the floor of any Textual program on
this machine). The ratio column divides each median by the bare app's. The target (the
issue): the first table within 1.5 s at the median; the worst run is printed beside it.

The runs are interleaved, one of each row per round, after a warm-up round that is not
counted (it writes the bytecode caches). Each ``unoverse play`` row runs twice: with the
bytecode caches of unoverse's modules, as an installed package has them, and without them
(``no bytecode cache``: a copy of the build without its ``__pycache__`` directories, run
with ``PYTHONDONTWRITEBYTECODE=1``, so every start compiles unoverse's modules again, as an
editable install does where that variable is set; the libraries keep their caches). Builds:
the plain source (``src``) and, when ``make compile`` built it and it is current, the
compiled engine (``build/compiled``, what ``make run`` uses). ``--baseline PATH`` times
another checkout's ``unoverse play`` in the same rounds (e.g. ``git worktree add
/tmp/before main``), its rows beside this tree's.

``python benchmarks/bench_start.py`` (10 runs a row), ``--runs 3`` for a quick look,
``--build plain`` for one build, ``--json`` for the figures as JSON.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import platform
import re
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
COLUMNS, LINES = 80, 24
#: The issue's target: the first table within 1.5 s of ``unoverse play``, at the median.
TARGET_S = 1.5
#: How long a run may take to show what it is waited for before it counts as failed.
TIMEOUT_S = 30.0
#: What the screen says once the app is drawn, and once the round is dealt.
APP_DRAWN = ("unoverse",)
FIRST_TABLE = ("match 1, round 1", "Your hand:")
#: The bare Textual app of the reference row, and what it draws.
BARE_TEXT = "a bare Textual app, drawn"
BARE_APP = f"""
from textual.app import App, ComposeResult
from textual.widgets import Static

class Bare(App[None]):
    def compose(self) -> ComposeResult:
        yield Static({BARE_TEXT!r})

Bare().run()
"""
#: Escape sequences: CSI (cursor, styles, modes), OSC (titles, colours), and the rest.
ESCAPES = re.compile(
    rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[PX^_][^\x1b]*\x1b\\"
    rb"|\x1b[()*+][0-~]|\x1b[@-Z\\-_=>]"
)
#: Ctrl+Q: the bare app quits; the game asks first during a round, and a second Ctrl+Q
#: answers that the player leaves. It is sent every ``LEAVE_EVERY_S`` until the program ends.
LEAVE = b"\x11"
LEAVE_EVERY_S = 0.5


@dataclass(frozen=True)
class Row:
    """A command timed to what it draws: ``marks`` names each moment measured and the
    texts that make it."""

    key: str
    label: str
    argv: tuple[str, ...]
    env: dict[str, str]
    marks: dict[str, tuple[str, ...]]


@dataclass
class Timings:
    """A row's times in seconds, by moment."""

    row: Row
    seconds: dict[str, list[float]] = field(default_factory=dict)


def child_env(path: Path | None, cached: bool = True) -> dict[str, str]:
    """The environment of a run: a 256-colour terminal whose size is the pty's (no
    ``COLUMNS`` or ``LINES`` to override it), ``PYTHONPATH`` with ``path`` alone (the build
    to import) or none, and bytecode caches written and read (no
    ``PYTHONDONTWRITEBYTECODE``), or with ``cached`` false, never written."""
    unset = ("COLUMNS", "LINES", "PYTHONPATH", "PYTHONDONTWRITEBYTECODE")
    env = {k: v for k, v in os.environ.items() if k not in unset}
    env["TERM"] = "xterm-256color"
    if path is not None:
        env["PYTHONPATH"] = str(path)
    if not cached:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def uncached_copy(path: Path, into: Path) -> Path:
    """A copy of the build at ``path`` (what goes on ``PYTHONPATH``) in ``into``, without
    its bytecode caches; links (the compiled build's ``web/static`` and ``fast``) stay
    links."""
    shutil.copytree(path, into, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
    return into


def compiled_status(tree: Path) -> str:
    """``"ok"`` when ``tree``'s compiled build is there and of its current sources (its
    own ``tools/build_compiled.py --check`` says), else why not."""
    if not (tree / "build" / "compiled" / "unoverse.stamp.json").exists():
        return "not built (make compile)"
    tool = tree / "tools" / "build_compiled.py"
    done = subprocess.run([sys.executable, str(tool), "--check"], capture_output=True)
    return "ok" if done.returncode == 0 else "stale (make compile)"


def play_rows(
    tree: Path, label: str, builds: list[str], copies: Path
) -> tuple[list[Row], dict[str, str]]:
    """``unoverse play`` of ``tree`` for each of ``builds`` that is there, with and without
    bytecode caches (the latter on a copy made in ``copies``): the rows, and each build's
    status."""
    rows, status = [], {}
    for build in builds:
        status[build] = "ok" if build == "plain" else compiled_status(tree)
        if status[build] != "ok":
            continue
        path = tree / "src" if build == "plain" else tree / "build" / "compiled"
        bare = uncached_copy(path, copies / f"{label}_{build}")
        for cached, env in ((True, child_env(path)), (False, child_env(bare, cached=False))):
            name = f"unoverse play, {build}" + ("" if cached else ", no bytecode cache")
            rows.append(
                Row(
                    key=f"{label}_{build}" + ("" if cached else "_uncached"),
                    label=name + ("" if label == "current" else f" ({label})"),
                    argv=(sys.executable, "-m", "unoverse.cli", "play", "--seed", "1"),
                    env=env,
                    marks={"app drawn": APP_DRAWN, "first table": FIRST_TABLE},
                )
            )
    return rows, status


def reference_rows() -> list[Row]:
    """The references: the interpreter's start, and a bare Textual app's first frame."""
    return [
        Row("python", "python -c pass", (sys.executable, "-c", "pass"), child_env(None), {}),
        Row(
            "textual",
            "a bare Textual app",
            (sys.executable, "-c", BARE_APP),
            child_env(None),
            {"app drawn": (BARE_TEXT,)},
        ),
    ]


def run_once(row: Row) -> dict[str, float]:
    """Start ``row``'s command on a new 80×24 pseudo-terminal and read its output: the
    seconds from the spawn to each of its marks (and to its exit, for a row with none).
    Once every mark is seen the program is left (``LEAVE``, again until it ends), and killed
    if it has not ended 10 s later."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen(
        row.argv,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=row.env,
        cwd=ROOT,
        start_new_session=True,
    )
    os.close(slave)
    seen: dict[str, float] = {}
    text = b""
    deadline = start + TIMEOUT_S
    left: float | None = None  # when the leave key was last sent
    try:
        while True:
            now = time.perf_counter()
            if left is not None and now > deadline:  # it has not ended since it was left
                os.killpg(proc.pid, signal.SIGKILL)
                break
            if left is not None and now - left >= LEAVE_EVERY_S:
                os.write(master, LEAVE)
                left = now
            if now > deadline:
                missing = [m for m in row.marks if m not in seen]
                tail = ESCAPES.sub(b"", text)[-400:].decode(errors="replace")
                raise RuntimeError(f"{row.label}: no {', '.join(missing)} in {TIMEOUT_S:g} s"
                                   f"; the screen's last text: {tail!r}")  # fmt: skip
            ready, _, _ = select.select([master], [], [], LEAVE_EVERY_S)
            if not ready:
                if proc.poll() is not None and not row.marks:
                    break
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the slave side closed: the program ended
                chunk = b""
            read_at = time.perf_counter()
            if not chunk:
                if row.marks and len(seen) < len(row.marks):
                    raise RuntimeError(f"{row.label}: ended before drawing what is measured")
                break
            text += chunk
            if left is not None or not row.marks:
                continue
            plain = ESCAPES.sub(b"", text).decode(errors="replace")
            for mark, words in row.marks.items():
                if mark not in seen and all(w in plain for w in words):
                    seen[mark] = read_at - start
            if len(seen) == len(row.marks):
                os.write(master, LEAVE)
                left, deadline = read_at, read_at + 10.0
    finally:
        os.close(master)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:  # (a run that failed)
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    if not row.marks:
        seen["exit"] = time.perf_counter() - start
    return seen


def measure(rows: list[Row], runs: int, warmup: int) -> list[Timings]:
    """``warmup`` rounds, then ``runs`` counted ones, each running every row once."""
    timings = [Timings(row) for row in rows]
    for i in range(warmup + runs):
        for t in timings:
            seen = run_once(t.row)
            if i >= warmup:
                for mark, seconds in seen.items():
                    t.seconds.setdefault(mark, []).append(seconds)
    return timings


def summary(seconds: list[float]) -> dict[str, float]:
    """Min, median and max of ``seconds``, in seconds to the millisecond."""
    return {
        "min_s": round(min(seconds), 3),
        "median_s": round(statistics.median(seconds), 3),
        "max_s": round(max(seconds), 3),
    }


def machine(load_before: tuple[float, float, float]) -> dict[str, Any]:
    """What the figures were measured on, with the load averages (1, 5 and 15 minutes)
    before the runs and after them."""
    return {
        "cpus": os.cpu_count(),
        "system": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
    }


def report(
    timings: list[Timings],
    status: dict[str, dict[str, str]],
    runs: int,
    load_before: tuple[float, float, float],
) -> dict[str, Any]:
    """The figures: a line per row and moment, each median over the bare Textual app's,
    and whether the target is met by each ``unoverse play`` row."""
    lines = []
    floor = next(t for t in timings if t.row.key == "textual").seconds["app drawn"]
    for t in timings:
        for mark, seconds in t.seconds.items():
            line = {"key": t.row.key, "row": t.row.label, "moment": mark, **summary(seconds)}
            line["over_bare_textual"] = round(line["median_s"] / statistics.median(floor), 2)
            if mark == "first table":
                line["target_met"] = line["median_s"] <= TARGET_S
            lines.append(line)
    return {
        "terminal": f"{COLUMNS}x{LINES}",
        "runs": runs,
        "target_s": TARGET_S,
        "machine": machine(load_before),
        "builds": status,
        "lines": lines,
    }


def print_report(figures: dict[str, Any]) -> None:
    """The figures as a table for a person."""
    m = figures["machine"]
    print(
        f"unoverse play to its first table, {figures['terminal']} pseudo-terminal, "
        f"{figures['runs']} run{'' if figures['runs'] == 1 else 's'} a row, interleaved"
    )
    print(
        f"machine: {m['cpus']} CPUs, {m['system']}, CPython {m['python']}, load average "
        f"{' '.join(map(str, m['load_before']))} before, "
        f"{' '.join(map(str, m['load_after']))} after"
    )
    for tree, builds in figures["builds"].items():
        print(f"{tree}: " + ", ".join(f"{b} {s}" for b, s in builds.items()))
    width = max(len(line["row"]) for line in figures["lines"])
    print(f"{'row':<{width}} {'moment':<12} {'min':>7} {'median':>7} {'max':>7}  over bare Textual")
    for line in figures["lines"]:
        print(
            f"{line['row']:<{width}} {line['moment']:<12} {line['min_s']:>6.3f}s "
            f"{line['median_s']:>6.3f}s {line['max_s']:>6.3f}s  {line['over_bare_textual']:>5.2f}x"
        )
    for line in figures["lines"]:
        if "target_met" in line:
            verdict = "met" if line["target_met"] else "NOT met"
            print(
                f"target: {line['row']}: the first table within {figures['target_s']:g} s at "
                f"the median: {verdict} (median {line['median_s']:.3f} s, worst "
                f"{line['max_s']:.3f} s)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="counted runs a row (10)")
    parser.add_argument("--warmup", type=int, default=1, help="rounds not counted (1)")
    parser.add_argument(
        "--build", choices=("plain", "compiled", "both"), default="both", help="(both)"
    )
    parser.add_argument("--baseline", type=Path, help="another checkout, timed beside this one")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    builds = ["plain", "compiled"] if args.build == "both" else [args.build]
    rows = reference_rows()
    status = {}
    trees = [("current", ROOT)]
    if args.baseline is not None:
        if not (args.baseline / "src" / "unoverse").is_dir():
            parser.error(f"--baseline {args.baseline}: not a checkout (no src/unoverse in it)")
        trees.append(("baseline", args.baseline.resolve()))
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="bench-start-") as copies:
        for label, tree in trees:
            mine, status[label] = play_rows(tree, label, builds, Path(copies))
            rows += mine
        timings = measure(rows, args.runs, args.warmup)
    figures = report(timings, status, args.runs, load_before)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print_report(figures)


if __name__ == "__main__":
    main()
