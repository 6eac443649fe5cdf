"""Every test says which builds it runs on (tests/conftest.py): a test left unmarked fails,
and ``make test-plain``'s ``-m engine_build`` takes exactly the tests whose outcome depends on
the engine's build, by their directory or by their own mark."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.any_build

TESTS = Path(__file__).resolve().parent
INI = """[pytest]
addopts = --strict-markers -p no:cacheprovider
markers =
    deep: deep profile
    engine_build: depends on the build
    any_build: does not
"""
ENGINE_TEST = "import unoverse\n\n\ndef test_{name}() -> None:\n    assert unoverse.new_game\n"


def _tree(tmp_path: Path, marks: dict[str, str]) -> Path:
    """A tests/ tree with the project's conftest and a test at each path of ``marks``,
    with that ``pytestmark`` line ("" for none)."""
    tests = tmp_path / "tests"
    tests.mkdir()
    shutil.copy2(TESTS / "conftest.py", tests)
    (tmp_path / "pytest.ini").write_text(INI)
    for path, mark in marks.items():
        file = tests / path
        file.parent.mkdir(parents=True, exist_ok=True)
        head = f"import pytest\n\n{mark}\n" if mark else ""
        file.write_text(head + ENGINE_TEST.format(name=file.stem.removeprefix("test_")))
    return tests


def _pytest(tests: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rA", *args, str(tests)],
        cwd=tests.parent, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_a_test_that_says_neither_fails(tmp_path: Path) -> None:
    tests = _tree(
        tmp_path,
        {"test_unmarked.py": "", "test_marked.py": "pytestmark = pytest.mark.any_build"},
    )
    r = _pytest(tests)
    assert r.returncode == 1, r.stdout
    assert "test_unmarked.py says neither engine_build nor any_build" in r.stdout
    assert "PASSED tests/test_marked.py::test_marked" in r.stdout
    assert "1 passed, 1 error" in r.stdout


def test_the_plain_run_takes_the_engine_build_tests_by_directory_or_mark(
    tmp_path: Path,
) -> None:
    tests = _tree(
        tmp_path,
        {
            "rules/test_in_rules.py": "",  # engine_build by its directory
            "server/test_in_server.py": "",  # any_build by its directory
            "rules/test_overridden.py": "pytestmark = pytest.mark.any_build",
            "test_own_mark.py": "pytestmark = pytest.mark.engine_build",
        },
    )
    for package in ("rules", "server"):
        (tests / package / "__init__.py").touch()
    r = _pytest(tests, "-m", "engine_build")
    assert r.returncode == 0, r.stdout
    ran = sorted(line.split("::")[1] for line in r.stdout.splitlines() if "PASSED" in line)
    assert ran == ["test_in_rules", "test_own_mark"], r.stdout
    everything = _pytest(tests)
    assert everything.returncode == 0 and "4 passed" in everything.stdout, everything.stdout
