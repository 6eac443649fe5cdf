"""The build of the compiled engine: one module list, and the fall back to plain Python.

``tools/build_compiled.py`` (``make compile``, for ``make test`` and ``make run``) and
``setup.py`` (``pip install .``) compile the same list of modules; where a machine cannot
compile (no C compiler, no mypyc) both go on with the plain source and say why, and
``unoverse.engine_build()`` (``unoverse --version``) reports it. These tests run in every
build of the suite; the compiled build itself is checked by tests/test_compiled.py.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import unoverse

pytestmark = pytest.mark.any_build

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "unoverse"


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return _load(ROOT / "tools" / "build_compiled.py", "build_compiled")


@pytest.fixture(scope="module")
def setup_py() -> ModuleType:
    """``setup.py`` as a module (its ``setup()`` call runs only as a script)."""
    return _load(ROOT / "setup.py", "unoverse_setup")


def test_the_module_list_names_each_module_once_and_the_probed_one(tool: ModuleType) -> None:
    assert len(set(tool.COMPILED)) == len(tool.COMPILED)
    for path in tool.COMPILED:
        assert (PACKAGE / path).is_file(), path
    # unoverse.engine_build() tells the build by this module
    assert "core/game.py" in tool.COMPILED


def test_every_engine_module_is_compiled_or_says_why_not(tool: ModuleType) -> None:
    """A module of the engine's packages (a new variant's, say) is in the compiled list or
    in the interpreted one, with its reason: never left out of both, to run uncompiled."""
    modules = {
        str(path.relative_to(PACKAGE))
        for package in tool.ENGINE
        for path in (PACKAGE / package).rglob("*.py")
        if path.name != "__init__.py"
    }
    compiled, interpreted = set(tool.COMPILED), set(tool.INTERPRETED)
    assert not compiled & interpreted
    assert modules - compiled - interpreted == set(), "add it to COMPILED (or INTERPRETED)"
    assert interpreted <= modules, "INTERPRETED names a module that is not there"
    assert all(tool.INTERPRETED.values())


def test_pip_install_compiles_the_tool_list(
    tool: ModuleType, setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """setup.py hands mypyc exactly ``COMPILED`` (it keeps no list of its own), with the
    settings of ``make compile``."""
    import mypyc.build

    calls: list[tuple[list[str], dict[str, Any]]] = []
    monkeypatch.setattr(
        mypyc.build, "mypycify", lambda paths, **kw: calls.append((paths, kw)) or []
    )
    monkeypatch.setattr(setup_py, "build_tool", lambda: tool)
    monkeypatch.chdir(ROOT)
    command = setup_py.MypycBuildExt(setup_py.AlwaysBinary())
    assert command._mypyc_extensions() == []
    if command.plain_reason is not None and not calls:
        pytest.skip(f"this machine cannot compile: {command.plain_reason}")
    [(paths, options)] = calls
    assert paths[paths.index("--cache-dir") + 2 :] == [f"src/unoverse/{p}" for p in tool.COMPILED]
    assert options == {"opt_level": "3", "multi_file": True, "target_dir": str(setup_py.WORK / "c")}


def test_pip_install_compiles_side_by_side(
    tool: ModuleType, setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """setup.py's build_ext hands its compiler to the tool's ``compile_in_parallel``, as
    ``make compile`` does, with one job per core."""
    given: list[tuple[object, int]] = []
    monkeypatch.setattr(tool, "compile_in_parallel", lambda c, jobs: given.append((c, jobs)))
    monkeypatch.setattr(tool, "build_jobs", lambda: 7)
    monkeypatch.setattr(setup_py, "build_tool", lambda: tool)
    command = setup_py.MypycBuildExt(setup_py.AlwaysBinary())
    command.compiler = compiler = object()
    command.extensions = []
    command.build_extensions()
    assert given == [(compiler, 7)]


def _c_compiler() -> Any:
    """setuptools' C compiler for this machine, as build_ext sets it up."""
    import setuptools  # noqa: F401, I001  (its distutils first)
    from distutils.ccompiler import new_compiler
    from distutils.sysconfig import customize_compiler

    compiler: Any = new_compiler()
    customize_compiler(compiler)
    return compiler


def test_c_files_compile_side_by_side_and_a_failure_is_raised(
    tool: ModuleType, tmp_path: Path
) -> None:
    """``compile_in_parallel``: every source of a call becomes its object file, and a file
    that does not compile fails the call with the compiler's error."""
    from distutils.errors import CompileError

    if tool.toolchain_problem() is not None:
        pytest.skip(f"this machine cannot compile: {tool.toolchain_problem()}")
    compiler = _c_compiler()
    tool.compile_in_parallel(compiler, 2)
    sources = []
    for i in range(5):
        source = tmp_path / f"f{i}.c"
        source.write_text("".join(f"int f{i}_{j}(void) {{ return {j}; }}\n" for j in range(i + 1)))
        sources.append(str(source))
    objects = compiler.compile(sources, output_dir=str(tmp_path / "out"))
    assert len(objects) == 5 and all(Path(o).is_file() for o in objects), objects
    (tmp_path / "bad.c").write_text("int broken(void) { return }\n")
    with pytest.raises(CompileError):
        compiler.compile([str(tmp_path / "bad.c")], output_dir=str(tmp_path / "out"))


def test_the_install_note_is_where_engine_build_reads_it(setup_py: ModuleType) -> None:
    assert setup_py.PLAIN_NOTE == unoverse._PLAIN_NOTE


@pytest.mark.parametrize(
    ("env", "problem"),
    [
        ({"CC": "/bin/false"}, "the C compiler '/bin/false' cannot build a file"),
        ({"CC": "no-such-cc"}, "no C compiler: 'no-such-cc' is not found"),
    ],
)
def test_a_machine_without_a_compiler_is_told_apart(
    tool: ModuleType, monkeypatch: pytest.MonkeyPatch, env: dict[str, str], problem: str
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert problem in (tool.toolchain_problem() or "")


def _copy_tree(tmp_path: Path, *parts: str) -> Path:
    """A copy of the named parts of the repository (no caches, no built modules)."""
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.egg-info")
    for part in parts:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, tmp_path / part, ignore=ignore)
        else:
            shutil.copy2(source, tmp_path / part)
    return tmp_path


def test_make_compile_without_a_compiler_says_so_in_one_line(tmp_path: Path) -> None:
    tree = _copy_tree(tmp_path, "tools", "src")
    stale = tree / "build" / "compiled"
    stale.mkdir(parents=True)
    env = {**os.environ, "CC": "/bin/false"}
    r = subprocess.run(
        [sys.executable, str(tree / "tools" / "build_compiled.py"), "--or-plain"],
        capture_output=True, text=True, timeout=120, env=env,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("\n") == 1 and not r.stderr, (r.stdout, r.stderr)
    assert r.stdout.startswith("build_compiled: not compiled, the plain Python engine runs:")
    assert "'/bin/false'" in r.stdout
    assert not stale.exists()  # an out-of-date build is not left to be taken for current


def _version_of(package_root: Path, **env: str) -> str:
    """``unoverse --version`` run on the package under ``package_root``."""
    r = subprocess.run(
        [sys.executable, "-m", "unoverse.cli", "--version"],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": str(package_root), **env},
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()[1]


def test_version_says_why_an_install_runs_the_plain_engine(tmp_path: Path) -> None:
    tree = _copy_tree(tmp_path, "src") / "src"
    env = {"UNOVERSE_EXPECT_COMPILED": ""}
    assert _version_of(tree, **env) == "engine: plain Python"
    assert "UNOVERSE_EXPECT_COMPILED is set" in _version_of(tree, UNOVERSE_EXPECT_COMPILED="1")
    other = tree / "unoverse" / "core" / "game.cpython-39-x86_64-linux-gnu.so"
    other.write_bytes(b"")
    assert _version_of(tree, **env) == (
        f"engine: plain Python, not compiled: {other.name} beside the source is for another Python"
    )
    (tree / "unoverse" / unoverse._PLAIN_NOTE).write_text("no C compiler: 'gcc' is not found\n")
    assert _version_of(tree, **env) == (
        "engine: plain Python, not compiled: no C compiler: 'gcc' is not found"
    )


def test_a_wheel_built_without_a_compiler_holds_the_plain_engine_and_why(tmp_path: Path) -> None:
    """``pip install .`` on a machine without a C compiler: the wheel still builds, with
    the plain source, the note of why, and no extension module."""
    tree = _copy_tree(tmp_path / "repo", "tools", "src", "setup.py", "pyproject.toml")
    for name in ("README.md", "MANIFEST.in"):
        shutil.copy2(ROOT / name, tree / name)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PIP_REQUIRE_VIRTUALENV")}
    env |= {"CC": "/bin/false", "PIP_NO_INPUT": "1"}
    r = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-v",
         "-w", str(tmp_path / "dist"), str(tree)],
        capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    notices = [line for line in (r.stdout + r.stderr).splitlines() if "unoverse:" in line]
    assert any("installing the plain Python engine, not compiled:" in n for n in notices), notices
    [wheel] = (tmp_path / "dist").glob("unoverse-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        note = zf.read(f"unoverse/{unoverse._PLAIN_NOTE}").decode()
    assert "unoverse/core/game.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd"))]
    assert "'/bin/false'" in note


def test_the_compiled_modules_type_check_with_only_the_build_requirements(
    tool: ModuleType, tmp_path: Path
) -> None:
    """``pip install .`` builds in an isolated environment that holds setuptools and mypy
    only: mypyc must type-check ``COMPILED`` there (the RL modules import numpy, and mypy
    reads the rest of ``unoverse.rl``, which imports Gymnasium and PettingZoo), or the
    install falls back to the plain engine. mypy is pointed at a bare environment's
    Python, so no installed package answers an import."""
    bare = tmp_path / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(bare)], check=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # it would answer too
    r = subprocess.run(
        [sys.executable, "-m", "mypy", "--python-executable", str(bare / "bin" / "python"),
         "--cache-dir", str(tmp_path / "cache"), *tool.compiled_paths("src/unoverse")],
        capture_output=True, text=True, timeout=600, cwd=ROOT, env=env,
    )  # fmt: skip
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
