"""The cluster tests' fixture: a set of servers behind nginx for each test (forked from the
module's ``zygote``, tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from server.players import Zygote

from .front import Front


@pytest.fixture
def front(request: pytest.FixtureRequest, zygote: Zygote) -> Iterator[Front]:
    """Three processes of a set behind nginx, ended with the test. A test gives ``Front``
    other arguments through ``indirect`` parametrisation:
    ``@pytest.mark.parametrize("front", [{"args": ["--lease", "1"]}], indirect=True)``."""
    options: dict[str, Any] = getattr(request, "param", {})
    with Front(zygote=zygote, **options) as front:
        yield front
