"""Results files (``sim.results``, ``sim.record``): one record per game, the same whatever
the worker count, resumed after an interruption with no game lost or counted twice, and
refused with the line that is wrong when damaged, of another format or another run."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from unoverse.core import events as ev
from unoverse.core.cards import CARD_KIND, KIND_CODES
from unoverse.core.setup import new_game
from unoverse.sim.record import FORMAT, ResultsError
from unoverse.sim.results import Resumable, read
from unoverse.sim.run import run, tally_files
from unoverse.sim.simulate import Simulation, play_one
from unoverse.sim.workers import Workers

ONE = Workers(1)
SIM = Simulation("classic", 3, 40, 11)


def records(path: Path) -> list[dict[str, Any]]:
    return [record for _header, record, _where in read(path)]


def without_timing(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k != "timing"}


class Stop(Exception):
    """Stands for Ctrl-C in the progress callback (the CLI raises KeyboardInterrupt)."""


def stop_after(games: int) -> Any:
    def progress(done: int, total: int) -> None:
        if done >= games:
            raise Stop

    return progress


# --- what a record holds ------------------------------------------------------------------


def test_a_record_per_game_in_game_order_with_the_run_in_the_header(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    report = run(SIM, results=path, where=ONE)
    header = json.loads(path.read_text().splitlines()[0])
    assert header["format"] == FORMAT
    assert (header["preset"], header["players"], header["seed"]) == ("classic", 3, 11)
    recs = records(path)
    assert [r["game"] for r in recs] == list(range(40))
    wins = Counter(w for r in recs for w in r["winners"])
    assert [wins[s] for s in range(3)] == [w["wins"] for w in report["wins"]]
    assert report["games"] == 40 and report["finished"] == 40


def count_kinds(preset: str, players: int, seed: int, log: list[Any]) -> tuple[Counter[str], ...]:
    """Cards played and drawn by kind, counted from the events of the game replayed."""
    game = new_game(preset, players, seed)
    plays: Counter[str] = Counter()
    draws: Counter[str] = Counter()
    for seat, text, _at in log:
        assert seat is not None  # (no referee here: no deadlines, no BLAST mode)
        for e in game.apply(seat, text):
            if e.kind == ev.PLAY:
                plays.update(KIND_CODES[CARD_KIND[c]] for c in e.cards)
            elif e.kind in (ev.DRAW, ev.PRESS):
                draws.update(KIND_CODES[CARD_KIND[c]] for c in e.cards)
    return plays, draws


@pytest.mark.parametrize(
    ("preset", "players"), [("classic", 4), ("attack", 3), ("classic+seven_zero+jump_in", 4)]
)
def test_the_card_counts_agree_with_the_game_replayed(
    tmp_path: Path, preset: str, players: int
) -> None:
    sim = Simulation(preset, players, 6, 3)
    path = tmp_path / "r.jsonl"
    run(sim, results=path, where=ONE)
    for record in records(path):
        result = play_one(sim, record["game"])
        log = [tuple(entry) for entry in result.rounds[0].actions]
        plays, draws = count_kinds(preset, players, record["seed"], log)
        assert record["plays"] == dict(plays) and record["draws"] == dict(draws)
        assert record["actions"] == len(log)


def test_attack_records_the_launcher_presses_by_cards_fired(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    run(Simulation("attack", 4, 20, 5), results=path, where=ONE)
    for r in records(path):
        fired = {int(k): v for k, v in r["fired"].items()}
        assert sum(fired.values()) == r["counts"]["presses"]
        assert sum(k * v for k, v in fired.items()) == r["counts"]["cards_fired"]
        assert sum(v for k, v in fired.items() if k) == r["counts"]["fires"]


def test_blast_records_each_elimination_with_its_turn(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    run(Simulation("blast", 4, 30, 2), results=path, where=ONE)
    recs = records(path)
    assert sum(len(r["eliminated"]) for r in recs) > 0
    for r in recs:
        assert len(r["eliminated"]) == r["counts"]["eliminations"]
        assert all(0 <= turn <= r["turns"] for _seat, turn in r["eliminated"])
        assert not set(r["winners"]) & {seat for seat, _turn in r["eliminated"]}


def test_a_game_at_the_action_cap_is_recorded_unfinished_and_the_run_goes_on(
    tmp_path: Path,
) -> None:
    path = tmp_path / "r.jsonl"
    report = run(Simulation("classic", 3, 8, 1, max_actions=60), results=path, where=ONE)
    recs = records(path)
    stopped = [r for r in recs if r["unfinished"]]
    assert [r["game"] for r in stopped] == [0, 1, 6, 7]
    assert all(r["winners"] == [] and r["actions"] == 60 for r in stopped)
    assert report["unfinished_games"] == [{"game": r["game"], "seed": r["seed"]} for r in stopped]
    assert report["finished"] == 4


# --- the same results on any number of workers ---------------------------------------------


def test_the_results_do_not_depend_on_the_workers(tmp_path: Path) -> None:
    sim = Simulation("classic+stacking=progressive", 4, 90, 3, "naive,random,naive,random")
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    by_one = run(sim, results=one, where=ONE)
    by_two = run(sim, results=two, where=Workers(2))
    assert one.read_bytes() == two.read_bytes()
    assert without_timing(by_one) == without_timing(by_two)


# --- resuming ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["r.jsonl", "r.parquet"])
def test_a_run_stopped_midway_resumes_to_the_same_file_and_report(
    tmp_path: Path, name: str
) -> None:
    sim = Simulation("classic", 3, 600, 4)
    whole = tmp_path / ("whole" + name)
    full = run(sim, results=whole, where=ONE)
    path = tmp_path / name
    with pytest.raises(Stop) as info:
        run(sim, results=path, where=ONE, progress=stop_after(250))
    kept = len(records(path))
    assert 250 <= kept < 600  # (the run stops at the end of a chunk of games)
    assert info.value.__notes__ == [
        f"the {kept} games played so far are in {path}; --resume plays the rest"
    ]
    assert [r["game"] for r in records(path)] == list(range(kept))
    again = run(sim, results=path, resume=True, where=Workers(2))
    assert without_timing(again) == without_timing(full)
    assert again["timing"]["games_played"] == 600 - kept
    assert records(path) == records(whole)
    if name.endswith(".jsonl"):
        assert path.read_bytes() == whole.read_bytes()


def test_a_record_cut_short_is_played_again_on_resume(tmp_path: Path) -> None:
    whole = tmp_path / "whole.jsonl"
    full = run(SIM, results=whole, where=ONE)
    data = whole.read_bytes()
    lines = data.split(b"\n")
    path = tmp_path / "r.jsonl"
    path.write_bytes(b"\n".join(lines[:11]) + b"\n" + lines[11][:30])  # game 10 cut short
    with pytest.raises(ResultsError, match=r"r.jsonl line 12: cut short"):
        list(read(path))
    assert len(Resumable.find(path, json.loads(lines[0])).records) == 10
    assert without_timing(run(SIM, results=path, resume=True, where=ONE)) == without_timing(full)
    assert path.read_bytes() == data


def test_resuming_a_run_that_is_complete_plays_nothing(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    full = run(SIM, results=path, where=ONE)
    data = path.read_bytes()
    again = run(SIM, results=path, resume=True, where=ONE)
    assert again["timing"]["games_played"] == 0
    assert without_timing(again) == without_timing(full) and path.read_bytes() == data


@pytest.mark.parametrize(
    ("other", "named"),
    [
        (Simulation("classic", 3, 40, 12), "seed 11"),
        (Simulation("classic+seven_zero", 3, 40, 11), "preset 'classic'"),
        (Simulation("classic", 4, 40, 11), "players 3"),
        (Simulation("classic", 3, 40, 11, "random"), "bots ['naive', 'naive', 'naive']"),
    ],
)
def test_resuming_another_runs_file_is_refused_and_changes_nothing(
    tmp_path: Path, other: Simulation, named: str
) -> None:
    path = tmp_path / "r.jsonl"
    run(SIM, results=path, where=ONE)
    data = path.read_bytes()
    with pytest.raises(ResultsError, match="holds another run") as info:
        run(other, results=path, resume=True, where=ONE)
    assert named in str(info.value)
    assert path.read_bytes() == data


def test_a_new_run_does_not_overwrite_a_results_file(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text("precious\n")
    with pytest.raises(ResultsError, match="exists: --resume continues its run"):
        run(SIM, results=path, where=ONE)
    assert path.read_text() == "precious\n"


# --- reading damaged files --------------------------------------------------------------


def damaged(tmp_path: Path, edit: Any) -> Path:
    path = tmp_path / "r.jsonl"
    run(Simulation("classic", 2, 5, 0), results=path, where=ONE)
    lines = path.read_text().splitlines()
    edit(lines)
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda ls: ls.__setitem__(0, '{"format": "unoverse-results/9"}'),
            "line 1: results format",
        ),
        (lambda ls: ls.__setitem__(0, "hello"), "line 1: not a unoverse results file"),
        (lambda ls: ls.__setitem__(0, '{"game": 1}'), "line 1: not a unoverse results file"),
        (lambda ls: ls.__setitem__(3, ls[3][:-9]), "line 4: not JSON"),
        (
            lambda ls: ls.__setitem__(2, ls[2].replace('"turns"', '"tunrs"')),
            "line 3: field 'turns'",
        ),
        (lambda ls: ls.__setitem__(5, ls[5].replace('"winners":[', '"winners":[7,')), "line 6:"),
    ],
)
def test_a_damaged_file_is_reported_with_the_line_that_is_wrong(
    tmp_path: Path, edit: Any, message: str
) -> None:
    path = damaged(tmp_path, edit)
    with pytest.raises(ResultsError, match=message):
        tally_files([path])


def test_a_parquet_file_without_its_footer_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "r.parquet"
    run(SIM, results=path, where=ONE)
    path.write_bytes(path.read_bytes()[:-100])
    with pytest.raises(ResultsError, match="not a whole Parquet file"):
        list(read(path))


def test_parquet_and_json_lines_hold_the_same_records(tmp_path: Path) -> None:
    sim = Simulation("attack", 3, 30, 8)
    a, b = tmp_path / "r.jsonl", tmp_path / "r.parquet"
    run(sim, results=a, where=ONE)
    run(sim, results=b, where=ONE)
    assert records(a) == records(b)


def test_files_of_two_runs_combine_and_the_same_run_twice_is_refused(tmp_path: Path) -> None:
    a, b, whole = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "whole.jsonl"
    run(Simulation("classic", 3, 30, 1), results=a, where=ONE)
    run(Simulation("classic", 3, 30, 2), results=b, where=ONE)
    (tally,) = tally_files([a, b]).values()
    assert tally.games == 60
    first, second = records(a), records(b)
    assert sum(tally.wins) == sum(len(r["winners"]) for r in first + second)
    run(Simulation("classic", 3, 30, 1), results=whole, where=ONE)
    with pytest.raises(ResultsError, match="hold the same run"):
        tally_files([a, whole])


def test_reading_results_reports_its_progress(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import unoverse.sim.run as run_module

    monkeypatch.setattr(run_module, "PROGRESS_EVERY", 7)
    path = tmp_path / "r.jsonl"
    run(SIM, results=path, where=ONE)
    seen: list[int] = []
    tally_files([path], progress=seen.append)
    assert seen == [7, 14, 21, 28, 35]  # 40 records
