"""The decision documents stay true: every test they name exists, every id is listed."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

pytestmark = pytest.mark.any_build

ROOT = Path(__file__).resolve().parents[1]


@cache
def defined_tests(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}


def test_classic_decisions_name_existing_tests_and_every_resolution() -> None:
    doc = (ROOT / "docs" / "rules" / "classic.md").read_text()
    named = set(re.findall(r"`(test_\w+)::(test_\w+)`", doc))
    assert len(named) > 50
    for module, name in named:
        path = ROOT / "tests" / "rules" / f"{module}.py"
        assert path.exists(), f"docs/rules/classic.md names a missing file {module}.py"
        assert name in defined_tests(path), f"docs/rules/classic.md names a missing test {name}"
    for rid in [f"C-{i}" for i in range(12)] + ["P4", "P5", "P7", "E-1"]:
        assert f"| {rid} |" in doc, f"{rid} has no row in docs/rules/classic.md"
    for rid in sorted(set(re.findall(r"\bU-C-\d+\b", doc))):
        assert f"| {rid} |" in doc, f"{rid} is mentioned but has no row"


def test_options_document_names_existing_tests() -> None:
    doc = (ROOT / "docs" / "rules" / "options.md").read_text()
    named = set(re.findall(r"`(test_\w+)\.py::(test_\w+)`", doc))
    assert named
    for module, name in named:
        path = ROOT / "tests" / "rules" / f"{module}.py"
        assert path.exists(), f"docs/rules/options.md names a missing file {module}.py"
        assert name in defined_tests(path), f"docs/rules/options.md names a missing test {name}"
    for rid in sorted(set(re.findall(r"\bU-H-\d+\b", doc))):
        assert f"| {rid} |" in doc, f"{rid} is mentioned but has no row"


#: Each variant's decision document: the RULES.md ids it must list and its own U-id letter.
VARIANT_DOCS = {
    "minecraft": ([f"M-{i}" for i in range(8)] + ["M-0b"], "M"),
    "attack": ([f"A-{i}" for i in range(1, 13)], "A"),
    # the key is the document's file name (docs/rules/full-spectrum.md, RULES.md E-5)
    "full-spectrum": ([f"FS-{i}" for i in range(16)], "F"),
    # Normal mode and the shared rules; B-3 to B-9, B-28 and B-29 are BLAST mode's (not yet)
    "blast": ([f"B-{i}" for i in (0, 1, 2, *range(10, 28), 30)], "B"),
    "flip": ([f"FL-{i}" for i in range(22)], "L"),
    "no-mercy": ([f"NM-{i}" for i in range(27)], "N"),
}


def test_variant_decisions_name_existing_tests_and_every_resolution() -> None:
    for variant, (ids, letter) in VARIANT_DOCS.items():
        doc = (ROOT / "docs" / "rules" / f"{variant}.md").read_text()
        named = set(re.findall(r"`(test_\w+)::(test_\w+)`", doc))
        assert len(named) > 20, f"docs/rules/{variant}.md names too few tests"
        for module, name in named:
            path = ROOT / "tests" / "rules" / f"{module}.py"
            assert path.exists(), f"docs/rules/{variant}.md names a missing file {module}.py"
            assert name in defined_tests(path), (
                f"docs/rules/{variant}.md names a missing test {name}"
            )
        for rid in ids:
            assert f"| {rid} |" in doc, f"{rid} has no row in docs/rules/{variant}.md"
        for rid in sorted(set(re.findall(rf"\bU-{letter}-\d+\b", doc))):
            assert f"| {rid} |" in doc, f"{rid} is mentioned but has no row"
