"""Shared fixtures, the two test profiles and the two builds.

``make test`` runs the normal profile. ``make test-deep`` sets ``UNOVERSE_DEEP=1``: tests
marked ``deep`` (declared in pyproject.toml) run only then, and suites that parametrise
from the profile (the conformance matrix) grow to their full size.

Every test says whether its outcome depends on which build of the engine runs (compiled by
mypyc, or the plain source): ``engine_build`` (the engine, rules, conformance, bots, match,
simulation, RL and batched-engine checks) or ``any_build`` (the server, browser, terminal,
reports, docs, build and layer checks, and the benchmarks' smoke runs, which pick their
builds themselves). ``make test`` runs every test on the compiled engine and ``make
test-plain`` runs the ``engine_build`` ones again on the plain source (``-m
engine_build``). A directory below says it for all its tests (``BY_DIRECTORY``); a module
elsewhere, or one that differs from its directory, says it in its ``pytestmark``. A test
that says neither fails the run (``pytest_collection_modifyitems``), so none is left out
of the plain run by being forgotten.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:
    from server.players import Zygote

#: True under ``make test-deep`` (``UNOVERSE_DEEP=1``).
DEEP = os.environ.get("UNOVERSE_DEEP", "") not in ("", "0")

# Property-based and fuzz tests (tests/fuzz) take their size from the profile: bounded in
# ``make test``, thirty times longer in ``make test-deep``. Tests that set their own
# ``@settings`` keep them.
settings.register_profile(
    "normal", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "deep", max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("deep" if DEEP else "normal")


#: The two build markers (declared in pyproject.toml).
BUILDS = ("engine_build", "any_build")
#: The build marker of every test in a directory of tests/, unless its module says otherwise.
BY_DIRECTORY = {
    "rules": "engine_build",
    "conformance": "engine_build",
    "state": "engine_build",
    "fuzz": "engine_build",
    "match": "engine_build",
    "sim": "engine_build",
    "rl": "engine_build",
    "fast": "engine_build",
    "server": "any_build",
    "cluster": "any_build",
    "tui": "any_build",
    "web": "any_build",
}
TESTS = Path(__file__).resolve().parent


def build_marker(item: pytest.Item) -> str | None:
    """The build marker ``item`` carries (its module's own, else its directory's), or None."""
    own = [name for name in BUILDS if item.get_closest_marker(name) is not None]
    if len(own) > 1:
        raise pytest.UsageError(f"{item.nodeid}: marked both {' and '.join(own)}")
    if own:
        return own[0]
    parts = item.path.resolve().relative_to(TESTS).parts
    return BY_DIRECTORY.get(parts[0]) if len(parts) > 1 else None


#: Tests that carry no build marker: they fail (``pytest_runtest_setup``).
UNMARKED = pytest.StashKey[bool]()


@pytest.hookimpl(tryfirst=True)  # (before ``-m`` selects by the markers added here)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Give each test its directory's build marker, note the tests that have none, and
    skip tests marked ``deep`` unless the deep profile is on."""
    for item in items:
        marker = build_marker(item)
        if marker is None:
            item.stash[UNMARKED] = True
        elif item.get_closest_marker(marker) is None:
            item.add_marker(marker)
    if DEEP:
        return
    skip = pytest.mark.skip(reason="deep profile only: UNOVERSE_DEEP=1 (make test-deep)")
    for item in items:
        if item.get_closest_marker("deep") is not None:
            item.add_marker(skip)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Fail a test that says neither ``engine_build`` nor ``any_build``: left unmarked, it
    would quietly be left out of ``make test-plain``."""
    if item.stash.get(UNMARKED, False):
        pytest.fail(
            f"{item.path.name} says neither engine_build nor any_build: set its pytestmark "
            "(tests/conftest.py says which)",
            pytrace=False,
        )


@pytest.fixture(scope="session")
def deep() -> bool:
    """Whether the deep profile is on (``UNOVERSE_DEEP=1``)."""
    return DEEP


@pytest.fixture(scope="module")
def zygote() -> Iterator[Zygote]:
    """Where a module's servers are forked from (tests/server, tests/cluster): each starts
    in a few tenths of a second."""
    from server.players import Zygote  # (the server's extra: for the tests that serve)

    zygote = Zygote()
    try:
        yield zygote
    finally:
        zygote.close()
