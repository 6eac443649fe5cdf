"""Fixtures of the terminal game's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from unoverse import i18n


@pytest.fixture
def spanish() -> Iterator[None]:
    """The process speaks Spanish for the test, English again after it."""
    i18n.use("es")
    yield
    i18n.use(i18n.DEFAULT)
