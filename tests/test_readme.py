"""The README's API tour and docs/match.md's example show what the engine does.

Their ```` ```python ```` blocks are doctests: ``>>>`` lines and, under each, what it
prints. The standard library's ``doctest`` runs every block of a file in order, in one
namespace (a later block may use what an earlier one defined), with ``...`` matching any
text and any run of whitespace matching any other (so long outputs may wrap). A difference
is reported with the file and the line of the example in it.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.engine_build

ROOT = Path(__file__).resolve().parents[1]
#: The documents whose Python examples are doctests, relative to the repository.
DOCUMENTS = ("README.md", "docs/match.md")
FENCE = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def python_blocks(text: str) -> list[tuple[int, str]]:
    """Each ```` ```python ```` block of ``text``: the line number of its opening fence
    (counted from 1) and its contents."""
    return [(text.count("\n", 0, m.start()) + 1, m.group(1)) for m in FENCE.finditer(text)]


def run_examples(name: str, text: str) -> tuple[int, int, str]:
    """Run the doctests of every Python block of ``text`` (the document ``name``) in one
    namespace: the examples tried, the failures, and doctest's report of them."""
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    namespace: dict[str, Any] = {"__name__": name}
    for fence, block in python_blocks(text):
        # ``lineno`` counts from 0: the fence's number from 1 is the block's first line
        test = parser.get_doctest(block, namespace, f"{name}:{fence}", name, fence)
        runner.run(test, out=report.append, clear_globs=False)
        namespace = test.globs
    return runner.tries, runner.failures, "".join(report)


@pytest.mark.parametrize("document", DOCUMENTS)
def test_every_python_example_is_a_doctest(document: str) -> None:
    text = (ROOT / document).read_text()
    blocks = python_blocks(text)
    assert blocks, f"{document} has no ```python block"
    parser = doctest.DocTestParser()
    for fence, block in blocks:
        assert parser.get_examples(block), (
            f"{document}, line {fence}: a ```python block with no `>>>` example is not "
            "checked; write it as a doctest"
        )


@pytest.mark.parametrize("document", DOCUMENTS)
def test_every_example_prints_what_it_shows(document: str) -> None:
    attempted, failed, report = run_examples(document, (ROOT / document).read_text())
    assert attempted > 0
    assert failed == 0, f"{failed} of {attempted} examples of {document} differ:\n{report}"


def test_a_changed_output_is_reported_with_its_line() -> None:
    text = "intro\n\n```python\n>>> x = 2\n>>> x + 1\n4\n```\n\n```python\n>>> x\n2\n```\n"
    attempted, failed, report = run_examples("DOC.md", text)
    assert (attempted, failed) == (3, 1)  # the second block sees the first block's names
    assert 'File "DOC.md", line 5' in report
    assert "Expected:\n    4\nGot:\n    3" in report
