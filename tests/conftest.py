"""Shared fixtures and the two test profiles.

``make test`` runs the normal profile. ``make test-deep`` sets ``UNOVERSE_DEEP=1``: tests
marked ``deep`` (declared in pyproject.toml) run only then, and suites that parametrise
from the profile (the conformance matrix) grow to their full size.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip tests marked ``deep`` unless the deep profile is on."""
    if DEEP:
        return
    skip = pytest.mark.skip(reason="deep profile only: UNOVERSE_DEEP=1 (make test-deep)")
    for item in items:
        if item.get_closest_marker("deep") is not None:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def deep() -> bool:
    """Whether the deep profile is on (``UNOVERSE_DEEP=1``)."""
    return DEEP
