"""Build the mypyc-compiled engine beside the plain source, never over it.

``src/unoverse`` stays plain Python: the package is copied to ``build/compiled/unoverse`` and
mypyc compiles the hot modules (``COMPILED``) in that copy, in place, with setuptools'
``build_ext``. The modules not listed stay interpreted there, so the copy is a whole package:
with ``PYTHONPATH=build/compiled`` (``make test``, ``make run``, the benchmark's compiled rows)
``import unoverse`` loads the compiled extension modules, and without it the plain source.

``COMPILED`` is the one list of compiled modules: ``setup.py`` (``pip install .``) compiles the
same list with the same mypyc settings (``mypyc_extensions``), and checks the machine first
with the same probe (``toolchain_problem``).

Two directories are not copied but linked (``LINKED``), and left out of the hash below: the
browser client's files (``web/static``), so a change to the page never needs a build, and the
batched engine (``fast``), which mypyc does not compile and no compiled module imports when it
loads: numba keeps its machine code in a cache beside the sources (``fast/__pycache__``), so
through the link both builds use one cache, compiled once.

The build is skipped when nothing it depends on changed: a stamp in the build tree holds a
hash of every other file of ``src/unoverse``, the module list, this script, and the Python and mypy
versions. A build is made in ``build/compiled.new`` and then renamed into place, so a test run
or a benchmark never imports a half-built tree. Any mypyc or C compiler failure exits non-zero
with the compiler's output and removes ``build/compiled`` (now out of date) rather than leave
it to be taken for a good build. One build runs at a time (a lock in ``build/mypyc``).

With ``--or-plain`` (``make compile``), a machine that cannot compile at all (no mypyc, or no
C compiler that builds against ``Python.h``) is not an error: one line says so, an out-of-date
``build/compiled`` is removed, and the exit status is 0, so that ``make test`` and ``make run``
go on with the plain source. A failure of mypyc or of a working compiler is still an error.

    .venv/bin/python tools/build_compiled.py           # build if out of date
    .venv/bin/python tools/build_compiled.py --or-plain  # the same; no toolchain: a notice
    .venv/bin/python tools/build_compiled.py --force   # rebuild
    .venv/bin/python tools/build_compiled.py --check   # exit 1 unless the build is up to date
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "unoverse"
#: The directory to put on ``PYTHONPATH``: it holds the package copy and mypyc's shared library.
OUT = ROOT / "build" / "compiled"
#: Where a build is made before it replaces ``OUT`` in one rename, so that a test run or a
#: benchmark using ``OUT`` never sees a half-built tree.
STAGE = ROOT / "build" / "compiled.new"
#: mypyc's C sources, the object files and mypy's cache (kept between builds).
WORK = ROOT / "build" / "mypyc"
STAMP = OUT / "unoverse.stamp.json"
#: Directories of the package linked from the copy, not copied (see the module's docstring).
LINKED = (Path("web") / "static", Path("fast"))

#: Modules compiled by mypyc, as paths in the package; every other module stays interpreted.
#: Each module of the engine's packages (``ENGINE``) is here or in ``INTERPRETED`` (a test
#: holds them to it), so a new variant or engine module left out of both is caught rather
#: than silently run uncompiled. ``Bot`` allows interpreted subclasses (``mypyc_attr``), for
#: bots written in Python.
COMPILED = (
    "core/cards.py",
    "core/phase.py",
    "core/actions.py",
    "core/value.py",
    "core/events.py",
    "core/windows.py",
    "core/effects.py",
    "core/rng.py",
    "core/launcher.py",
    "core/p1.py",
    "core/blast/challenges.py",
    "core/blast/owed.py",
    "core/blast/part.py",
    "core/blast/copying.py",
    "core/table.py",
    "core/plays.py",
    "core/pressing.py",
    "core/triggers.py",
    "core/blast/machinery.py",
    "core/landing.py",
    "core/rules.py",
    "core/view.py",
    "core/copying.py",
    "core/game.py",
    "core/setup.py",
    "core/options.py",
    "core/seeding.py",
    "core/registry.py",
    "core/state.py",
    "core/parts.py",
    "core/codec.py",
    "core/determinise.py",
    "core/integrity.py",
    "core/position.py",
    "variants/classic.py",
    "variants/house.py",
    "variants/common.py",
    "variants/minecraft.py",
    "variants/attack.py",
    "variants/full_spectrum.py",
    "variants/blast.py",
    "core/turn_over.py",
    "core/backs.py",
    "core/faced_deal.py",
    "variants/flip/deck.py",
    "variants/flip/flip_card.py",
    "variants/flip/variant.py",
    "variants/no_mercy/deck.py",
    "variants/no_mercy/roulette.py",
    "variants/no_mercy/variant.py",
    "bots/base.py",
    "bots/naive.py",
    "bots/random_bot.py",
    "bots/knowledge.py",
    "bots/heuristic.py",
    "bots/ismcts.py",
    "sim/driver.py",
    "sim/stats.py",
    "sim/simulate.py",
    "match/match.py",
    "match/session.py",
    "match/replay.py",
    "rl/actions.py",
    "rl/observation.py",
    "rl/round.py",
    "rl/runner.py",
    "rl/instants.py",
)


#: The packages whose every module is compiled unless ``INTERPRETED`` says why not.
ENGINE = ("core", "variants", "bots")
#: The modules of ``ENGINE`` that stay interpreted, each with its reason.
INTERPRETED = {
    "core/errors.py": "compiled exception classes lose the class-level code of subclasses",
    "core/variant.py": "mypyc hands a dataclass's ClassVar annotations to dataclasses as fields",
    "core/bot_settings.py": "a variant's bot defaults, read once as a variant is made",
    "core/extras.py": "one exception class (for a missing optional extra)",
    "core/reasons.py": "an illegal action's reason, made only when an action is refused",
    "core/sentences.py": "the log's sentences, made for people, not in the engine's loop",
    "core/faces.py": "the two-faced cards' faces and pairing: data, read once",
    "bots/pace.py": "the server's bot speeds: timings, not the engine's loop",
}


def module_names() -> tuple[str, ...]:
    """The dotted names of the compiled modules (``unoverse.core.game``, ...)."""
    return tuple("unoverse." + p.removesuffix(".py").replace("/", ".") for p in COMPILED)


def _package_files(root: Path) -> list[Path]:
    """Every file of the package at ``root`` that the copy takes (no caches, no built modules)."""
    suffixes = (*importlib.machinery.EXTENSION_SUFFIXES, ".pyc")
    return sorted(
        p
        for p in root.rglob("*")
        if p.is_file()
        and "__pycache__" not in p.parts
        and not p.name.endswith(suffixes)
        and not any(p.relative_to(root).is_relative_to(linked) for linked in LINKED)
    )


def source_hash(root: Path = SRC) -> str:
    """A hash of what a build of the package at ``root`` depends on: its files, the module
    list, this script and the toolchain's versions. The stamp holds the hash of the copy that
    was compiled, so equal hashes mean the build in ``OUT`` is of the current sources."""
    from mypy.version import __version__ as mypy_version

    h = hashlib.sha256()
    for part in (sys.version, mypy_version, "\n".join(COMPILED)):
        h.update(part.encode() + b"\0")
    h.update(Path(__file__).read_bytes())
    for path in _package_files(root):
        h.update(str(path.relative_to(root)).encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def built_modules_present(tree: Path = OUT) -> bool:
    """Whether every compiled module has its extension module in the build ``tree``."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return all(
        (tree / "unoverse" / p.removesuffix(".py")).with_suffix(suffix).is_file() for p in COMPILED
    )


def read_stamp() -> dict[str, object] | None:
    """The stamp of the last good build, or None."""
    try:
        data = json.loads(STAMP.read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def up_to_date() -> bool:
    """Whether ``OUT`` holds a complete build of the current sources."""
    stamp = read_stamp()
    return stamp is not None and stamp.get("hash") == source_hash() and built_modules_present()


def copy_package() -> None:
    """Empty ``STAGE`` (no module or shared library of an older build survives) and put a
    fresh copy of ``src/unoverse`` in it, with links to the ``LINKED`` directories."""
    if STAGE.exists():
        shutil.rmtree(STAGE)
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "*.pyd")

    def ignore(directory: str, names: list[str]) -> set[str]:
        skipped = set(skip(directory, names))
        for linked in LINKED:
            if Path(directory) == SRC / linked.parent:
                skipped.add(linked.name)
        return skipped

    shutil.copytree(SRC, STAGE / "unoverse", ignore=ignore)
    for linked in LINKED:
        link = STAGE / "unoverse" / linked
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(SRC / linked, target_is_directory=True)


def compiled_paths(package: str) -> list[str]:
    """The files mypyc compiles, as paths under ``package`` (the ``unoverse`` directory)."""
    return [f"{package}/{p}" for p in COMPILED]


def mypyc_extensions(package: str, work: Path) -> list[Any]:
    """mypyc's extension modules (setuptools ``Extension`` objects) for the ``COMPILED``
    modules of the package in the directory ``package`` (relative to the current directory,
    which becomes the import root): type-checks the package and writes its C into ``work``.
    The one mypyc call of both builds (``make compile`` and ``pip install .``).

    ``multi_file``: a C file per module rather than one file of all of them, which the C
    compiler took two minutes over on one core; the files compile side by side
    (``compile_in_parallel``). The modules still form one group, in one shared library, so
    calls between them stay direct C calls."""
    from mypyc.build import mypycify

    paths = ["--cache-dir", str(work / "mypy_cache"), *compiled_paths(package)]
    return list(mypycify(paths, opt_level="3", multi_file=True, target_dir=str(work / "c")))


def build_jobs() -> int:
    """How many C files to compile at once: one per core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # (not on every system)
        return os.cpu_count() or 1


def compile_in_parallel(compiler: Any, jobs: int) -> None:
    """Make ``compiler`` (setuptools' C compiler of a ``build_ext``) compile the sources of
    each call on ``jobs`` threads, the largest first. setuptools' own ``--parallel`` builds
    extensions side by side, but the sources of one extension one after another, and
    mypyc's shared library is one extension. Only compilers that compile a file at a time
    through ``_compile`` (Unix's) are changed."""
    if compiler.compiler_type != "unix" or jobs < 2:
        return

    def compile(
        sources: list[str],
        output_dir: str | None = None,
        macros: Any = None,
        include_dirs: Any = None,
        debug: bool = False,
        extra_preargs: Any = None,
        extra_postargs: Any = None,
        depends: Any = None,
    ) -> list[str]:
        macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs
        )
        cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)
        todo = sorted(
            ((obj, *build[obj]) for obj in objects if obj in build),
            key=lambda job: -os.path.getsize(job[1]),
        )
        with ThreadPoolExecutor(jobs) as pool:
            done = [
                pool.submit(compiler._compile, obj, src, ext, cc_args, extra_postargs, pp_opts)
                for obj, src, ext in todo
            ]
            for future in done:
                future.result()  # (a compiler error, raised here)
        return list(objects)

    compiler.compile = compile


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """Send this process's standard output and error (file descriptors 1 and 2, which a
    compiler run by setuptools writes to) to nothing for the duration."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), 1)
        os.dup2(null.fileno(), 2)
    try:
        yield
    finally:
        for fd, copy in zip((1, 2), saved, strict=True):
            os.dup2(copy, fd)
            os.close(copy)


def toolchain_problem() -> str | None:
    """Why this machine cannot compile the engine, or None: mypyc must import, and the C
    compiler setuptools would use (``CC`` or Python's own) must build a file that includes
    ``Python.h``. Takes well under a second, where mypyc would type-check the whole package
    before it found out."""
    try:
        import mypyc.build  # noqa: F401
    except ImportError as exc:
        return f"mypyc is not installed ({exc})"
    # setuptools first: it puts its distutils in place of the standard library's
    import setuptools  # noqa: F401, I001
    from distutils.ccompiler import new_compiler
    from distutils.errors import CCompilerError, DistutilsError
    from distutils.sysconfig import customize_compiler, get_python_inc

    compiler: Any = new_compiler()
    customize_compiler(compiler)
    command = compiler.compiler_so[0] if compiler.compiler_so else "cc"
    if shutil.which(command) is None:
        return f"no C compiler: {command!r} is not found"
    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp) / "probe.c"
        probe.write_text("#include <Python.h>\nint probe(void) { return Py_IsInitialized(); }\n")
        try:
            with _quiet():
                compiler.compile([str(probe)], output_dir=tmp, include_dirs=[get_python_inc()])
        except (CCompilerError, DistutilsError, OSError):
            return f"the C compiler {command!r} cannot build a file that includes Python.h"
    return None


def run_mypyc() -> None:
    """Compile ``COMPILED`` in the copy (the child process of ``build``; cwd is ``STAGE``)."""
    from setuptools import setup  # type: ignore[import-untyped]
    from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped]

    class ParallelBuildExt(build_ext):  # type: ignore[misc]
        def build_extensions(self) -> None:
            compile_in_parallel(self.compiler, build_jobs())
            super().build_extensions()

    setup(
        name="unoverse-compiled",
        ext_modules=mypyc_extensions("unoverse", WORK),
        cmdclass={"build_ext": ParallelBuildExt},
        script_args=[
            "-q",
            "build_ext",
            "--inplace",
            "--build-temp",
            str(WORK / "temp"),
            "--build-lib",
            str(WORK / "lib"),
        ],
    )


def check_import(tree: Path) -> None:
    """Import the engine from ``tree`` in a fresh process and insist on the compiled modules."""
    probe = (
        "import importlib, sys\n"
        "from importlib.machinery import EXTENSION_SUFFIXES\n"
        f"for name in {module_names()!r}:\n"
        "    f = importlib.import_module(name).__file__ or ''\n"
        "    if not f.endswith(tuple(EXTENSION_SUFFIXES)):\n"
        "        sys.exit(f'{name} was loaded from {f}, not a compiled module')\n"
    )
    env = {**os.environ, "PYTHONPATH": str(tree)}
    r = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"build_compiled: the compiled engine does not import:\n{r.stderr}")


def replace_out() -> None:
    """Put the build in ``STAGE`` in the place of ``OUT`` (two renames; processes that have
    already loaded modules of the old build keep them)."""
    old = OUT.with_name(OUT.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if OUT.exists():
        OUT.rename(old)
    STAGE.rename(OUT)
    shutil.rmtree(old, ignore_errors=True)


def build(force: bool = False, or_plain: bool = False) -> bool:
    """Build ``OUT`` unless it is current; return whether a build ran. Exits on failure.
    With ``or_plain``, a machine without the toolchain (``toolchain_problem``) prints one
    line, removes an out-of-date ``OUT`` and returns False.

    One build at a time: a second ``make compile`` waits for the first, then finds the tree
    current instead of compiling over it."""
    import fcntl  # (POSIX only: setup.py imports this module on any system)

    WORK.mkdir(parents=True, exist_ok=True)
    with open(WORK / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build_locked(force, or_plain)


def _build_locked(force: bool, or_plain: bool) -> bool:
    """``build``'s work, under its lock."""
    if not force and up_to_date():
        print(f"build_compiled: {OUT.relative_to(ROOT)} is up to date")
        return False
    problem = toolchain_problem() if or_plain else None
    if problem is not None:
        shutil.rmtree(OUT, ignore_errors=True)  # (not of the current sources, if there)
        print(f"build_compiled: not compiled, the plain Python engine runs: {problem}")
        return False
    began = time.perf_counter()
    print(f"build_compiled: compiling {len(COMPILED)} modules for {OUT.relative_to(ROOT)}")
    copy_package()
    digest = source_hash(STAGE / "unoverse")  # what is compiled, even if src/ moves meanwhile
    try:
        r = subprocess.run([sys.executable, __file__, "--run-mypyc"], cwd=STAGE)
        if r.returncode != 0:
            raise SystemExit(f"build_compiled: mypyc failed (exit {r.returncode}); see above")
        if not built_modules_present(STAGE):
            raise SystemExit("build_compiled: mypyc ran but some compiled modules are missing")
        check_import(STAGE)
    except BaseException:
        # No half-built package on anyone's path: the last good build goes too, as it is
        # not of the current sources.
        shutil.rmtree(STAGE, ignore_errors=True)
        shutil.rmtree(OUT, ignore_errors=True)
        raise
    seconds = time.perf_counter() - began
    from mypy.version import __version__ as mypy_version

    stamp = {
        "hash": digest,
        "modules": list(module_names()),
        "python": sys.version.split()[0],
        "mypy": mypy_version,
        "seconds": round(seconds, 1),
    }
    (STAGE / STAMP.name).write_text(json.dumps(stamp, indent=2) + "\n")
    replace_out()
    print(f"build_compiled: done in {seconds:.0f} s")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    parser.add_argument(
        "--or-plain",
        action="store_true",
        help="where mypyc or a C compiler is missing, say so and exit 0 (the plain engine)",
    )
    parser.add_argument(
        "--check", action="store_true", help="only report: exit 1 unless the build is current"
    )
    parser.add_argument("--run-mypyc", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.run_mypyc:
        run_mypyc()
        return 0
    if args.check:
        current = up_to_date()
        print(f"build_compiled: {'up to date' if current else 'missing or out of date'}")
        return 0 if current else 1
    build(force=args.force, or_plain=args.or_plain)
    return 0


if __name__ == "__main__":
    sys.exit(main())
