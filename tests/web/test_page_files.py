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


def test_index_preloads_the_catalogues_words_js_speaks() -> None:
    # index.html's script chooses the catalogue to preload as words.js chooses the language
    index = (STATIC / "index.html").read_text()
    spoken = re.search(r"const spoken = \[([^\]]*)\];", index)
    assert spoken is not None, "index.html preloads no catalogue"
    words = (STATIC / "words.js").read_text()
    languages = re.search(r"export const LANGUAGES = \{([^}]*)\};", words)
    assert languages is not None
    compiled = {path.stem for path in (STATIC / "i18n").glob("*.json")}
    assert set(re.findall(r'"(\w+)"', spoken.group(1))) == compiled
    assert set(re.findall(r"(\w+):", languages.group(1))) == compiled
