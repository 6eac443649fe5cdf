"""The rules panel's data (``src/unoverse/web/static/rules.json``, built by
``tools/web_rules.py`` from the ``## How to play`` sections of ``docs/rules/``): it is what
the docs give, every variant the engine plays has a page, and no page can run a script.
No browser: the file is read and the tool called in this process."""

from __future__ import annotations

import importlib.util
import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from unoverse.core.registry import variants

ROOT = Path(__file__).resolve().parents[2]
RULES_JSON = ROOT / "src" / "unoverse" / "web" / "static" / "rules.json"

#: A tag (opening or not) and, inside one, an event-handler attribute (``onclick=``...) or a
#: ``javascript:`` address.
TAG = re.compile(r"<[^>]*>")
HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
SCRIPT_URL = re.compile(r"=\s*[\"']?\s*javascript:", re.IGNORECASE)


@cache
def tool() -> ModuleType:
    """``tools/web_rules.py`` as a module (``tools`` is not a package)."""
    spec = importlib.util.spec_from_file_location("web_rules", ROOT / "tools" / "web_rules.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def stored() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(RULES_JSON.read_text(encoding="utf-8"))
    return data


def pages(data: dict[str, Any]) -> dict[str, dict[str, str]]:
    """Every page of the panel: each variant's, and the first-game walkthrough."""
    found: dict[str, dict[str, str]] = dict(data["variants"])
    found["first_game"] = data["first_game"]
    return found


def test_rules_json_is_what_the_docs_give() -> None:
    generate: Callable[[], str] = tool().generate
    assert RULES_JSON.is_file(), "rules.json is missing: run python tools/web_rules.py"
    assert RULES_JSON.read_bytes().decode("utf-8") == generate(), (
        "src/unoverse/web/static/rules.json is out of date with docs/rules/: "
        "run python tools/web_rules.py"
    )


def test_every_variant_of_the_engine_has_a_page() -> None:
    data = stored()
    listed = {v.name: v.title for v in variants()}
    assert set(data["variants"]) == set(listed), "run python tools/web_rules.py"
    for name, title in listed.items():
        page = data["variants"][name]
        assert page["title"] == title
        assert page["html"].strip(), f"the {name} page is empty"
        assert "<p>" in page["html"], f"the {name} page has no paragraph"
    assert data["first_game"]["title"] == "Your first game"
    assert "<ol>" in data["first_game"]["html"], "the walkthrough is a numbered list"


def test_no_page_can_run_a_script() -> None:
    for name, page in pages(stored()).items():
        html = page["html"]
        assert "<script" not in html.lower(), f"{name}: a <script> tag"
        for tag in TAG.findall(html):
            assert not HANDLER.search(tag), f"{name}: an event-handler attribute in {tag}"
            assert not SCRIPT_URL.search(tag), f"{name}: a javascript: address in {tag}"


def test_raw_html_in_the_docs_is_escaped() -> None:
    render: Callable[[str], str] = tool().render
    html = render('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n')
    assert "<script" not in html and "<img" not in html
    assert "&lt;script&gt;" in html and "&lt;img" in html
    assert "<a" not in render("[a link](javascript:alert(1))")
