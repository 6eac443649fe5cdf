"""The server tests' shared fixture: each database the server runs on."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from .postgres import ASYNC, execute


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database URL for a server: a new SQLite file, or a new PostgreSQL database (dropped
    afterwards)."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'u.db'}"
        return
    name = "t_" + secrets.token_hex(6)
    execute(f"CREATE DATABASE {name}")
    try:
        yield ASYNC.rsplit("/", 1)[0] + "/" + name
    finally:
        execute(f"DROP DATABASE {name} WITH (FORCE)")
