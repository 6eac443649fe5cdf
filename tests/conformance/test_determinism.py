"""Determinism: bulk simulation reports do not depend on the process or its hash seed, and
replay files replay — and refuse to replay once tampered with."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import unoverse as uv
from unoverse.match.replay import replay_file
from unoverse.sim.run import run, write_replay
from unoverse.sim.simulate import Simulation

SIMULATIONS = (
    Simulation("classic", 4, 20, 7, "random,naive,naive,naive"),
    Simulation(
        "classic+classic.deck=112_modern+permissive_illegal_plays", 3, 15, 8, "naive,random,naive"
    ),
    Simulation("classic+false_uno_penalty=2", 5, 3, 9, "naive,random,naive,naive,naive", True),
    # the Creeper's draws (RULES.md §2.4) and the launcher's presses (§3.6) use the game's PRNG
    Simulation("minecraft+stacking=progressive", 4, 15, 10, "random,naive,naive,naive"),
    Simulation("attack+false_uno_penalty=2", 3, 15, 11, "naive,random,naive"),
    Simulation(
        "attack+attack.launcher=pattern+attack.discard_all_optional",
        6,
        2,
        12,
        "naive,random,naive,naive,random,naive",
        True,
    ),
    # Blast: BLAST cards put back at random positions, reshuffles with the buried hands and
    # spent BLAST cards (RULES.md §5.4, §5.5) use the game's PRNG; bots choose BLAST sets
    Simulation("blast+blast.blast_copies=3", 5, 10, 13, "naive,random,naive,naive,naive"),
)

_RUN = """
import json, sys
from unoverse.sim.run import run
from unoverse.sim.simulate import Simulation
preset, players, games, seed, bots, match = json.loads(sys.argv[1])
report = run(Simulation(preset, players, games, seed, bots, match))
report.pop("timing")
print(json.dumps(report, sort_keys=True))
"""


def _args(sim: Simulation) -> str:
    return json.dumps([sim.preset, sim.players, sim.games, sim.seed, sim.bots, sim.match])


def _subprocess(argv: list[str], hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, *argv], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _report(sim: Simulation) -> dict[str, Any]:
    report = run(sim)
    report.pop("timing")
    return report


@pytest.mark.parametrize("sim", SIMULATIONS, ids=lambda s: f"{s.preset}-{s.players}p")
def test_simulate_report_ignores_hash_seed(sim: Simulation) -> None:
    """``run(Simulation(...))`` in two processes with PYTHONHASHSEED 1 and 2: the same
    report, ``timing`` aside."""
    one = _subprocess(["-c", _RUN, _args(sim)], "1")
    two = _subprocess(["-c", _RUN, _args(sim)], "2")
    assert one == two
    assert json.loads(one) == json.loads(json.dumps(_report(sim), sort_keys=True))


def _cli_simulate_available() -> bool:
    if importlib.util.find_spec("unoverse.cli") is None:
        return False
    try:
        from unoverse.cli.app import app  # noqa: F401
    except ImportError:
        return False
    probe = subprocess.run(
        [sys.executable, "-c", "from unoverse.cli.app import main; main()", "simulate", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return probe.returncode == 0 and "--json" in probe.stdout


def test_cli_simulate_json_ignores_hash_seed() -> None:
    """``unoverse simulate --json`` prints the same report under two hash seeds (skipped
    while the CLI has no ``simulate --json``)."""
    if not _cli_simulate_available():
        pytest.skip("`unoverse simulate --json` is not there yet")
    argv = [
        "-c", "from unoverse.cli.app import main; main()",
        "simulate", "--variant", "classic", "--option", "classic.deck=112_blank",
        "--players", "4", "--games", "20", "--seed", "3",
        "--bots", "random,naive,naive,naive", "--json",
    ]  # fmt: skip
    reports = []
    for hash_seed in ("1", "2"):
        report = json.loads(_subprocess(argv, hash_seed))
        report.pop("timing", None)
        reports.append(report)
    assert reports[0] == reports[1]


def test_simulate_twice_in_process() -> None:
    for sim in SIMULATIONS:
        assert _report(sim) == _report(sim)


# -- replay files ------------------------------------------------------------------------------
@pytest.fixture
def replay(tmp_path: Path) -> Path:
    path = tmp_path / "run.replay"
    write_replay(Simulation("classic", 3, 4, 5, "random,naive,naive"), path)
    return path


def _lines(path: Path) -> tuple[str, list[dict[str, Any]]]:
    header, *games = path.read_text().splitlines()
    return header, [json.loads(g) for g in games]


def _write(path: Path, header: str, games: list[dict[str, Any]]) -> Path:
    out = path.with_name("tampered.replay")
    out.write_text("\n".join([header, *(json.dumps(g) for g in games)]) + "\n")
    return out


def test_replay_file_replays(replay: Path) -> None:
    games, actions = replay_file(replay)
    _, records = _lines(replay)
    assert games == 4
    assert actions == sum(len(r["actions"]) for g in records for r in g["rounds"])


@pytest.mark.parametrize(
    "sim",
    [
        Simulation("minecraft+minecraft.creeper_ends_turn", 4, 4, 6, "random,naive,naive,naive"),
        Simulation("attack+attack.launcher=bernoulli", 3, 4, 7, "naive,random,naive"),
        Simulation("blast+blast.elimination_threshold=20", 4, 4, 8, "naive,random,naive,naive"),
    ],
    ids=lambda s: s.preset,
)
def test_variant_replay_file_replays(sim: Simulation, tmp_path: Path) -> None:
    """Minecraft's, Attack's and Blast's replay files replay: the Creeper's extra draws,
    every press of the launcher, the BLAST events and eliminations come back from the seed
    and the actions."""
    path = tmp_path / "variant.replay"
    write_replay(sim, path)
    games, actions = replay_file(path)
    _, records = _lines(path)
    assert games == sim.games
    assert actions == sum(len(r["actions"]) for g in records for r in g["rounds"])


def test_tampered_action_is_refused(replay: Path) -> None:
    """One action changed (a play or draw swapped for the other kind) breaks the replay."""
    header, records = _lines(replay)
    actions = records[1]["rounds"][0]["actions"]
    i = len(actions) // 2
    seat, text, at = actions[i]
    actions[i] = [seat, "pass" if text == "draw" else "draw", at]
    with pytest.raises(uv.ReplayMismatch):
        replay_file(_write(replay, header, records))


def test_tampered_hash_is_refused(replay: Path) -> None:
    header, records = _lines(replay)
    hashes = records[2]["rounds"][0]["hashes"]
    at, digest = hashes[-1]
    hashes[-1] = [at, ("0" if digest[0] != "0" else "1") + digest[1:]]
    with pytest.raises(uv.ReplayMismatch):
        replay_file(_write(replay, header, records))
