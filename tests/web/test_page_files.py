"""The page's files against the engine: every window kind that asks something of a seat has
its prompt (the log's words for every event kind: ``test_log_words.py``)."""

from __future__ import annotations

import re

from unoverse.core.windows import WINDOW_SCHEMA
from unoverse.web import STATIC


def test_every_mandatory_window_has_a_prompt() -> None:
    source = (STATIC / "events.js").read_text()
    prompts = set(re.findall(r'case "(\w+)":', source))
    mandatory = {kind for kind, spec in WINDOW_SCHEMA.items() if spec.mandatory}
    assert mandatory <= prompts
    table = (STATIC / "table.js").read_text()
    listed = set(re.findall(r'"(\w+)"', table[table.index("const MANDATORY") :].split("\n")[0]))
    assert listed == mandatory


def test_index_preloads_every_module_the_page_imports() -> None:
    # a module left out is fetched only once its importer has been read: one more round
    # trip before the page draws (Lighthouse's performance on a slow network)
    index = (STATIC / "index.html").read_text()
    preloaded = set(re.findall(r'<link rel="modulepreload" href="/static/([\w/.-]+)">', index))
    entry = set(re.findall(r'<script type="module" src="/static/([\w/.-]+)">', index))
    imported = {
        name.removeprefix("./")
        for path in STATIC.glob("*.js")
        for name in re.findall(r'^import .* from "(\./[\w/.-]+)";$', path.read_text(), re.MULTILINE)
    }
    assert imported - preloaded - entry == set()
