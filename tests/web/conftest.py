"""The browser tests' fixtures: Debian's Chromium driven by Playwright (a missing browser is a
failure, never a skip: ``.ci/run`` installs it), and a server for each test."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from .browser import CHROMIUM, CHROMIUM_ARGS, Site, serve


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    assert os.path.exists(CHROMIUM), f"{CHROMIUM} is missing: apt-get install chromium"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    yield from serve(tmp_path)
