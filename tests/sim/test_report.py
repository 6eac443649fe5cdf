"""``unoverse report``: the data of a report from results files (``sim.report``), its HTML
page (self-contained, each section where it applies, the numbers of the tally), the
terminal summary and ``--json``, and one-line errors for bad input."""

from __future__ import annotations

import itertools
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from unoverse.cli.app import app
from unoverse.sim.report import comparison, holm
from unoverse.sim.run import run, tally_files
from unoverse.sim.simulate import Simulation
from unoverse.sim.stats import wilson
from unoverse.sim.workers import Workers

pytestmark = pytest.mark.any_build  # (reports drawn from results files)

#: Games per results file: enough for every section to have data, quick to play.
GAMES = {"classic": 300, "attack": 200, "blast": 200}


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A results file of 4-player games between naive bots for Classic, Attack and Blast."""
    folder = tmp_path_factory.mktemp("results")
    paths = {}
    for preset, games in GAMES.items():
        paths[preset] = folder / f"{preset}.jsonl"
        run(Simulation(preset, 4, games, seed=3), results=paths[preset], where=Workers(1))
    return paths


def records(path: Path) -> list[dict[str, Any]]:
    """A results file's finished game records, read directly (not through the tally)."""
    lines = path.read_text().splitlines()[1:]
    return [r for r in map(json.loads, lines) if not r["unfinished"]]


def invoke(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def one_error(result: Result) -> str:
    """The single error line of a refused command (exit status 2)."""
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def page(files: dict[str, Path], tmp_path: Path, *presets: str) -> str:
    out = tmp_path / "report.html"
    result = invoke("report", *(str(files[p]) for p in presets), "--html", str(out))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"report written to {out}\n"
    return out.read_text(encoding="utf-8")


def section_ids(text: str) -> list[str]:
    return re.findall(r'<section id="([a-z]+)">', text)


def test_the_page_is_self_contained(files: dict[str, Path], tmp_path: Path) -> None:
    text = page(files, tmp_path, "classic", "attack", "blast")
    assert "<script" not in text and "<link" not in text and "@import" not in text
    assert "<img" not in text and "<iframe" not in text and "url(http" not in text
    # every reference is to a place in the page: the contents, the figures' own parts
    references = re.findall(r'\b(?:src|href)\s*=\s*"([^"]*)"', text)
    assert references and all(r.startswith("#") for r in references)
    # http(s) appears only in the SVG namespace declarations, which fetch nothing
    assert set(re.findall(r'"(https?://[^"]*)"', text)) <= {
        "http://www.w3.org/2000/svg",
        "http://www.w3.org/1999/xlink",
    }
    assert "<?xml" not in text and "<!DOCTYPE svg" not in text
    # many inline figures in one page: every id is unique, so none draws another's parts
    ids = re.findall(r'\bid="([^"]+)"', text)
    assert len(ids) == len(set(ids))
    for target in re.findall(r'href="#([^"]+)"', text):
        assert target in ids


def test_each_variant_gets_its_sections_and_figures(files: dict[str, Path], tmp_path: Path) -> None:
    basic = ["summary", "length", "wins", "cards"]
    classic = page(files, tmp_path, "classic")
    assert section_ids(classic) == [*basic, "reading"]
    attack = page(files, tmp_path, "attack")
    assert section_ids(attack) == [*basic, "launcher", "reading"]
    assert "<title>Cards fired per launcher press — attack</title>" in attack
    blast = page(files, tmp_path, "blast")
    assert section_ids(blast) == [*basic, "eliminations", "reading"]
    assert "<title>Seats still in play by turn — blast</title>" in blast
    for text, preset in ((classic, "classic"), (attack, "attack"), (blast, "blast")):
        for title in (
            "Game length in turns",
            "Game length in actions",
            "Win rate by seat (95% Wilson interval)",
            "Cards played and drawn per game, by kind",
        ):
            assert f'role="img"><title>{title} — {preset}</title>' in text
        # the contents list every section shown, and only those
        assert re.findall(r'<li><a href="#([a-z]+)">', text) == section_ids(text)


def test_the_page_shows_the_tallys_win_counts_and_rates(
    files: dict[str, Path], tmp_path: Path
) -> None:
    [tally] = tally_files([files["classic"]]).values()
    # the records say the same as the tally
    wins = Counter(r["winners"][0] for r in records(files["classic"]))
    assert tally.wins == [wins[s] for s in range(4)] and tally.finished == GAMES["classic"]
    text = page(files, tmp_path, "classic")
    n = tally.finished
    for seat, w in enumerate(tally.wins):
        lo, hi = wilson(w, n)
        shown = f"<td>{int(w)} · {100 * w / n:.1f}% ({100 * lo:.1f}%–{100 * hi:.1f}%)</td>"
        assert f"<tr><td>seat {seat}</td>{shown}</tr>" in text
    # and by turn order: each winner counted from the seat that played first
    by_order = Counter((r["winners"][0] - r["first"]) % 4 for r in records(files["classic"]))
    assert tally.wins_by_order == [by_order[k] for k in range(4)]
    for k, w in enumerate(tally.wins_by_order):
        lo, hi = wilson(w, n)
        shown = f"<td>{int(w)} · {100 * w / n:.1f}% ({100 * lo:.1f}%–{100 * hi:.1f}%)</td>"
        assert f"<tr><td>turn order {k}</td>{shown}</tr>" in text


def test_cards_counts_launcher_and_eliminations_match_the_records(files: dict[str, Path]) -> None:
    data = json.loads(invoke("report", *map(str, files.values()), "--json").stdout)
    classic, attack, blast = data["groups"]
    assert [g["preset"] for g in data["groups"]] == ["classic", "attack", "blast"]

    games = records(files["classic"])
    played = Counter[str]()
    for r in games:
        played.update(r["plays"])
    cards = {c["kind"]: c for c in classic["cards"]}
    assert cards["W+4"]["played"] == round(played["W+4"] / len(games), 3)
    chains = sum(r["counts"]["longest_chain"] for r in games) / len(games)
    [chain] = [c for c in classic["counts"] if c["name"] == "longest_chain"]
    assert chain["mean"] == round(chains, 2)
    assert "catches" in classic["zero_counts"]
    assert all(c["name"] not in classic["zero_counts"] for c in classic["counts"])
    assert classic["launcher"] is None and classic["eliminations"] is None

    games = records(files["attack"])
    presses = sum(r["counts"]["presses"] for r in games)
    launcher = attack["launcher"]
    assert launcher["presses"] == presses == sum(k for _v, k in launcher["by_cards_fired"])
    fired = sum(r["counts"]["cards_fired"] for r in games)
    assert launcher["cards_per_press"] == round(fired / presses, 3)
    assert launcher["per_game"]["reloads"]["mean"] == round(
        sum(r["counts"]["reloads"] for r in games) / len(games), 2
    )

    games = records(files["blast"])
    out = sorted(turn for r in games for _seat, turn in r["eliminated"])
    e = blast["eliminations"]
    assert e["eliminated"] == len(out) > 0
    seats = len(games) * 4
    left = e["seats_left"]
    assert left[0] == [0, 1.0]
    assert all(a[1] >= b[1] for a, b in itertools.pairwise(left))
    assert left[-1] == [out[-1], round(1 - len(out) / seats, 5)]
    # halfway through the elimination turns, the curve says what the records say
    t = out[len(out) // 2]
    at = max(point for point in left if point[0] <= t)
    assert at[1] == round(1 - sum(1 for x in out if x <= t) / seats, 5)
    running = e["games_running"]
    assert running[-1] == [max(r["turns"] for r in games), 0.0]
    assert sum(k for _v, k in e["per_game"]) == len(games)


def test_json_has_the_promised_structure_and_is_strict_json(files: dict[str, Path]) -> None:
    def refuse(name: str) -> None:
        raise AssertionError(f"{name} is not JSON")

    result = invoke("report", str(files["classic"]), str(files["attack"]), "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout, parse_constant=refuse)
    assert set(data) == {"title", "groups", "comparisons", "tests", "alpha"}
    assert data["title"] == "Simulation report: classic, attack"
    group = data["groups"][0]
    for key in ("label", "games", "finished", "unfinished", "unfinished_games", "length"):
        assert key in group
    for what in ("turns", "actions"):
        s = group["length"][what]
        assert set(s) == {"mean", "p50", "p90", "p99", "histogram"}
        assert s["p50"] <= s["p90"] <= s["p99"]
        assert sum(k for _v, k in s["histogram"]) == group["finished"]
    # two groups: the second compared with the first
    [c] = data["comparisons"]
    assert (c["baseline"], c["other"]) == ("classic", "attack")
    assert data["tests"] == len(c["rows"])
    for row in c["rows"]:
        assert set(row) >= {"name", "a", "b", "diff", "ci95", "p", "p_holm", "significant"}
        assert row["p"] <= row["p_holm"] <= 1
    one = json.loads(invoke("report", str(files["blast"]), "--json").stdout)
    assert one["comparisons"] == [] and one["tests"] == 0


def test_two_groups_get_a_comparison_section(files: dict[str, Path], tmp_path: Path) -> None:
    text = page(files, tmp_path, "classic", "attack")
    assert section_ids(text) == [
        "summary",
        "length",
        "wins",
        "cards",
        "launcher",
        "comparison",
        "reading",
    ]
    assert "<h3>attack against classic</h3>" in text
    assert "<title>Game length in turns, compared</title>" in text
    assert "Not in classic." in text  # the launcher: only Attack has one


def test_the_terminal_summary_names_each_group(files: dict[str, Path]) -> None:
    result = invoke("report", str(files["classic"]), str(files["blast"]))
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    assert "Summary (the statistics count the finished games)" in text
    assert "Win rate by seat (95% Wilson interval)" in text
    assert "blast against classic" in text and "tests: p-values adjusted together" in text
    assert re.search(r"blast: \d+ seats eliminated", text)


def test_holm_adjusts_the_p_values_together() -> None:
    rows = [{"p": p} for p in (0.04, 0.01, 0.03, 0.5)]
    holm(rows)
    assert [r["p_holm"] for r in rows] == pytest.approx([0.09, 0.04, 0.09, 0.5])
    assert [r["significant"] for r in rows] == [False, True, False, False]


def test_the_same_rules_on_other_deals_differ_in_nothing_significant(
    files: dict[str, Path], tmp_path: Path
) -> None:
    other = tmp_path / "classic-seed-5.jsonl"
    run(Simulation("classic", 4, GAMES["classic"], seed=5), results=other, where=Workers(1))
    [a] = tally_files([files["classic"]]).values()
    [b] = tally_files([other]).values()
    rows = comparison("seed 3", a, "seed 5", b)["rows"]
    holm(rows)
    assert [r["name"] for r in rows] == [
        "turns per game",
        "actions per game",
        *(f"seat {s} win rate" for s in range(4)),
        "first player's win rate",
        "longest_chain per game",
    ]
    assert not any(r["significant"] for r in rows)
    for r in rows:
        lo, hi = r["ci95"]
        assert lo <= r["diff"] <= hi and r["p"] <= r["p_holm"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("hello\n", " line 1: not a unoverse results file"),
        ('{"format": "unoverse-replay/2"}\n', " line 1: results format 'unoverse-replay/2'"),
        ("", ": empty, not a results file"),
    ],
)
def test_a_file_that_is_not_results_is_one_line(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text(content)
    assert one_error(invoke("report", str(path))).startswith(f"error: {path}{message}")


def test_a_file_cut_short_names_its_line(files: dict[str, Path], tmp_path: Path) -> None:
    lines = files["classic"].read_bytes().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(lines[:5]) + lines[5][:40])
    line = one_error(invoke("report", str(cut), "--html", str(tmp_path / "r.html")))
    assert line.startswith(f"error: {cut} line 6: cut short")
    assert not (tmp_path / "r.html").exists()
    damaged = tmp_path / "damaged.jsonl"
    record = json.loads(lines[1])
    record["winners"] = [9]
    damaged.write_bytes(lines[0] + json.dumps(record).encode() + b"\n")
    assert one_error(invoke("report", str(damaged))).startswith(
        f"error: {damaged} line 2: 'winners' holds a seat outside 0..3"
    )


def test_missing_empty_and_repeated_files_are_one_line(
    files: dict[str, Path], tmp_path: Path
) -> None:
    missing = tmp_path / "nope.jsonl"
    assert one_error(invoke("report", str(missing))) == (
        f"error: cannot read {missing}: No such file or directory"
    )
    header = tmp_path / "header.jsonl"
    header.write_text(files["classic"].read_text().splitlines()[0] + "\n")
    assert "no games to report" in one_error(invoke("report", str(header)))
    twice = one_error(invoke("report", str(files["blast"]), str(files["blast"])))
    assert "hold the same run" in twice


def test_an_html_path_that_cannot_be_written_is_one_line(
    files: dict[str, Path], tmp_path: Path
) -> None:
    classic = str(files["classic"])
    assert one_error(invoke("report", classic, "--html", str(tmp_path))) == (
        f"error: cannot write {tmp_path}: it is a directory"
    )
    nowhere = tmp_path / "no" / "r.html"
    assert one_error(invoke("report", classic, "--html", str(nowhere))) == (
        f"error: cannot write {nowhere}: no directory {nowhere.parent}"
    )
    if Path("/dev/full").exists():  # (writable, but every write fails: even for root)
        assert one_error(invoke("report", classic, "--html", "/dev/full")) == (
            "error: cannot write /dev/full: No space left on device"
        )


def test_without_matplotlib_the_page_says_which_extra_to_install(
    files: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # (import matplotlib fails)
    out = tmp_path / "r.html"
    line = one_error(invoke("report", str(files["classic"]), "--html", str(out)))
    assert "pip install 'unoverse[report]'" in line and not out.exists()
    # the terminal summary and --json need no matplotlib
    assert invoke("report", str(files["classic"]), "--json").exit_code == 0
    assert invoke("report", str(files["classic"])).exit_code == 0


def test_text_from_the_data_is_escaped(files: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    title = "<b>UNO & friends</b>"
    result = invoke("report", str(files["classic"]), "--html", str(out), "--title", title)
    assert result.exit_code == 0, result.stderr
    text = out.read_text()
    assert "<title>&lt;b&gt;UNO &amp; friends&lt;/b&gt;</title>" in text
    assert "<b>UNO" not in text
