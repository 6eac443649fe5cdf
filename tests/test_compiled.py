"""``make test`` really tests the compiled engine when it was built.

``make test`` (and ``make test-compiled``, which insists on a build) runs the whole suite with
``PYTHONPATH=build/compiled`` (the build of ``tools/build_compiled.py``) and
``UNOVERSE_EXPECT_COMPILED=1`` whenever ``make compile`` built it. A wrong or missing path
would quietly test the plain source instead, so with that variable set these tests fail
unless ``unoverse`` comes from the build tree, every module the build compiles is loaded as
an extension module (here and in a child process, as the CLI tests spawn them),
``unoverse.engine_build()`` says so, and the build is of the current sources. In a plain run
(``make test-plain``, or a machine that cannot compile) they are skipped.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "build_compiled.py"
EXPECT_COMPILED = os.environ.get("UNOVERSE_EXPECT_COMPILED", "") not in ("", "0")

pytestmark = [
    pytest.mark.any_build,
    pytest.mark.skipif(
        not EXPECT_COMPILED,
        reason="plain-source run: the compiled engine is checked by `make test` where it is built "
        "(PYTHONPATH=build/compiled UNOVERSE_EXPECT_COMPILED=1)",
    ),
]


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    """``tools/build_compiled.py`` as a module: its module list, paths and stamp check."""
    spec = importlib.util.spec_from_file_location("build_compiled", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_unoverse_comes_from_the_build_tree(tool: ModuleType) -> None:
    import unoverse

    package = Path(unoverse.__file__ or "").resolve()
    assert package.is_relative_to(tool.OUT.resolve()), (
        f"unoverse was imported from {package}, not from {tool.OUT}: is PYTHONPATH set?"
    )


def test_every_compiled_module_is_an_extension_module(tool: ModuleType) -> None:
    plain = []
    for name in tool.module_names():
        path = importlib.import_module(name).__file__ or ""
        if not path.endswith(tuple(EXTENSION_SUFFIXES)):
            plain.append(f"{name} ({path})")
    assert not plain, f"loaded as plain Python: {', '.join(plain)}"


def test_engine_build_reports_the_compiled_engine() -> None:
    import unoverse

    build = unoverse.engine_build()
    assert build.compiled and str(build) == "compiled by mypyc", build


def test_child_processes_get_the_compiled_engine() -> None:
    probe = "import unoverse.core.game as g; print(g.__file__)"
    r = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    assert r.stdout.strip().endswith(tuple(EXTENSION_SUFFIXES)), r.stdout


def test_the_build_is_of_the_current_sources(tool: ModuleType) -> None:
    assert tool.up_to_date(), "build/compiled is older than src/unoverse: run `make compile`"
