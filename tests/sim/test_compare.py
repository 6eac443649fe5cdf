"""``unoverse compare``: the same games under several presets, their differences with
their significance, the results files kept for ``unoverse report``, the page, and
one-line errors for bad input before any game is played."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from unoverse.cli.app import app
from unoverse.cli.reports import file_names

# a report over simulations, which tests/sim's other modules check on both builds
pytestmark = pytest.mark.any_build

STACKING = "classic+stacking=progressive"


def invoke(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def compared(*args: str) -> dict[str, Any]:
    result = invoke("compare", *args, "--workers", "1", "--json")
    assert result.exit_code == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def one_error(result: Result) -> str:
    """The single error line of a refused command (exit status 2)."""
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def rows(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    [comparison] = data["comparisons"]
    return {r["name"]: r for r in comparison["rows"]}


@pytest.fixture(scope="module")
def stacking(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path, Path]:
    """``classic`` against progressive stacking, 400 games each: the JSON, the page and
    the results directory."""
    folder = tmp_path_factory.mktemp("compare")
    page = folder / "compare.html"
    args = ["classic", STACKING, "--games", "400", "--results-dir", str(folder / "results")]
    data = compared(*args, "--html", str(page))
    return data, page, folder / "results"


def test_progressive_stacking_makes_longer_chains_significantly(
    stacking: tuple[dict[str, Any], Path, Path],
) -> None:
    data, _page, _results = stacking
    assert [g["preset"] for g in data["groups"]] == ["classic", STACKING]
    assert all(g["games"] == 400 for g in data["groups"])
    chain = rows(data)["longest_chain per game"]
    assert chain["b"] > chain["a"] and chain["diff"] > 0.5
    assert chain["ci95"][0] > 0 and chain["p_holm"] < 0.001 and chain["significant"]
    # Classic has no stacking: answers to a draw card only come with the option
    answers = rows(data)["stack_answers per game"]
    assert answers["a"] == 0 and answers["b"] > 0 and answers["significant"]
    # the seats' chances do not move by much: no seat is significantly better off
    seats = [r for r in rows(data).values() if r["section"] == "wins"]  # 4 seats, the first player
    assert len(seats) == 5 and not any(r["significant"] for r in seats)
    assert data["tests"] == len(rows(data))
    assert data["run"]["games"] == 400 and data["run"]["seed"] == 0


def test_a_preset_against_the_same_rules_differs_in_nothing() -> None:
    # stacking=off is Classic's default: the same rules, dealt the same seeds
    data = compared("classic", "classic+stacking=off", "--games", "150")
    a, b = data["groups"]
    assert a["wins"] == b["wins"] and a["length"] == b["length"]
    for row in rows(data).values():
        assert row["diff"] == 0 and row["p"] == 1 and not row["significant"]


def test_its_results_files_give_the_same_report(
    stacking: tuple[dict[str, Any], Path, Path],
) -> None:
    data, _page, results = stacking
    paths = [results / "classic.jsonl", results / f"{STACKING}.jsonl"]
    assert data["run"]["results"] == [str(p) for p in paths]
    again = invoke("report", *map(str, paths), "--json")
    assert again.exit_code == 0, again.stderr
    report = json.loads(again.stdout)
    assert report["groups"] == data["groups"]
    assert report["comparisons"] == data["comparisons"]


def test_the_page_has_the_comparison_and_its_figures(
    stacking: tuple[dict[str, Any], Path, Path],
) -> None:
    _data, page, _results = stacking
    text = page.read_text()
    sections = re.findall(r'<section id="([a-z]+)">', text)
    assert sections == ["summary", "length", "wins", "cards", "comparison", "reading"]
    assert f"<h3>{STACKING} against classic</h3>" in text
    for title in (
        "Game length in turns, compared",
        "Game length in actions, compared",
        "Win rate by seat, compared (95% Wilson intervals)",
    ):
        assert f'role="img"><title>{title}</title>' in text
    # the significant rows are marked, and the number of tests is stated
    row = re.search(r'<tr class="significant"><td>longest chain per game</td>.*?</tr>', text)
    assert row is not None and '<td class="yes">yes</td>' in row.group(0)
    assert f"<strong>{len(rows(_data))} tests</strong>" in text
    assert "Holm–Bonferroni" in text


def test_more_presets_are_each_compared_with_the_first() -> None:
    data = compared("classic", STACKING, "classic+seven_zero", "--games", "60", "--players", "3")
    baseline = [c["baseline"] for c in data["comparisons"]]
    others = [c["other"] for c in data["comparisons"]]
    assert baseline == ["classic", "classic"] and others == [STACKING, "classic+seven_zero"]
    assert data["tests"] == sum(len(c["rows"]) for c in data["comparisons"])
    # Seven-0's rotations and swaps: counted in Seven-0 only, compared where either has any
    seven = {r["name"] for r in data["comparisons"][1]["rows"]}
    assert {"rotations per game", "swaps per game"} <= seven


def test_results_file_names_are_safe_and_distinct() -> None:
    assert file_names(["classic", STACKING]) == ["classic.jsonl", f"{STACKING}.jsonl"]
    assert file_names(["a/b", "a:b", "..x"]) == ["a_b.jsonl", "a_b-2.jsonl", "x.jsonl"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["classic"], "compare needs two presets or more: the first is the baseline"),
        (["classic", "classic"], "compare: classic given twice"),
        (["classic", "clasic"], "clasic"),
        (["classic", "classic+nope=1"], "nope"),
        (["classic", "classic", "--players", "11"], "given twice"),
        (["classic", STACKING, "--players", "11"], "11"),
        (["classic", STACKING, "--resume"], "--resume needs --results-dir"),
        (["classic", STACKING, "--backend", "nope"], "nope"),
    ],
)
def test_bad_arguments_are_one_line(args: list[str], message: str) -> None:
    assert message in one_error(invoke("compare", *args, "--games", "5"))


def test_outputs_that_cannot_be_written_are_refused_before_playing(tmp_path: Path) -> None:
    base = ["compare", "classic", STACKING, "--games", "5", "--workers", "1"]
    assert one_error(invoke(*base, "--html", str(tmp_path))) == (
        f"error: cannot write {tmp_path}: it is a directory"
    )
    a_file = tmp_path / "file"
    a_file.write_text("")
    assert one_error(invoke(*base, "--results-dir", str(a_file))) == (
        f"error: --results-dir {a_file}: not a directory"
    )
    # a run already there is kept: --resume continues it, or it must be removed
    folder = tmp_path / "results"
    assert invoke(*base, "--results-dir", str(folder)).exit_code == 0
    before = (folder / "classic.jsonl").read_bytes()
    again = one_error(invoke(*base, "--results-dir", str(folder)))
    assert again.startswith(f"error: {folder / 'classic.jsonl'} exists: --resume continues")
    assert (folder / "classic.jsonl").read_bytes() == before
    more = invoke(
        *base[:-4],
        "--games",
        "8",
        "--workers",
        "1",
        "--results-dir",
        str(folder),
        "--resume",
        "--json",
    )
    assert more.exit_code == 0, more.stderr
    assert [g["games"] for g in json.loads(more.stdout)["groups"]] == [8, 8]


def test_without_matplotlib_html_is_refused_before_playing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # (import matplotlib fails)
    folder = tmp_path / "results"
    args = ["compare", "classic", STACKING, "--games", "5", "--results-dir", str(folder)]
    line = one_error(invoke(*args, "--html", str(tmp_path / "c.html")))
    assert "pip install 'unoverse[report]'" in line
    assert not folder.exists()  # nothing played, nothing written
