"""The browser tests' fixtures: Debian's Chromium driven by Playwright (a missing browser is a
failure, never a skip: ``.ci/run`` installs it), and a server for each test."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from .browser import CHROMIUM, CHROMIUM_ARGS, Site, serve


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    # per module, not per session: while Playwright's sync API is open it holds an event
    # loop in this thread, and a later test of another module that runs its own
    # (asyncio.run) in the same worker would fail
    assert os.path.exists(CHROMIUM), f"{CHROMIUM} is missing: apt-get install chromium"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    yield from serve(tmp_path)
