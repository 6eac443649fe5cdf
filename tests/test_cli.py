"""The command line: reports, replay checking, and one-line errors for bad input."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console

import unoverse
from unoverse.cli.app import print_variants

# the command line's surface; what it runs is checked by tests/sim and tests/conformance on both
# builds
pytestmark = pytest.mark.any_build

CLI = [sys.executable, "-m", "unoverse.cli"]


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = None if env is None else {**os.environ, **env}
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120, env=full)


#: Set by ``make test`` where the compiled engine was built (tests/test_compiled.py).
EXPECT_COMPILED = os.environ.get("UNOVERSE_EXPECT_COMPILED", "") not in ("", "0")


def test_version_names_the_engine_build_that_runs() -> None:
    r = run("--version")
    assert r.returncode == 0, r.stderr
    python = ".".join(map(str, sys.version_info[:3]))
    first, engine = r.stdout.splitlines()
    assert first == f"unoverse {unoverse.__version__} on Python {python}"
    # make test runs the compiled engine where it was built, make test-plain the source
    assert engine == ("engine: compiled by mypyc" if EXPECT_COMPILED else "engine: plain Python")
    assert engine == f"engine: {unoverse.engine_build()}"


def test_version_is_the_package_version() -> None:
    pyproject = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text()
    assert 'version = { attr = "unoverse.__version__" }' in pyproject
    assert re.fullmatch(r"\d+\.\d+\.\d+", unoverse.__version__)


def test_simulate_json_report_has_the_promised_fields() -> None:
    r = run("simulate", "--players", "3", "--games", "12", "--seed", "4", "--json")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["games"] == 12 and report["players"] == 3
    for key in ("actions_per_game", "turns_per_game"):
        assert set(report[key]) == {"mean", "p50", "p90", "p99"}
        assert report[key]["p50"] <= report[key]["p90"] <= report[key]["p99"]
    assert sum(w["wins"] for w in report["wins"]) == pytest.approx(12)
    for w in report["wins"]:
        lo, hi = w["ci95"]
        assert 0 <= lo <= w["rate"] <= hi <= 1
    assert report["timing"]["games_per_s"] > 0


def test_simulate_reports_house_rule_events_per_game() -> None:
    r = run(
        "simulate", "--variant", "classic+jump_in+stacking=progressive+seven_zero",
        "--players", "4", "--games", "20", "--bots", "random,naive", "--json",
    )  # fmt: skip
    assert r.returncode != 0 and "give 1 or 4" in r.stderr
    r = run(
        "simulate", "--variant", "classic+jump_in+stacking=progressive+seven_zero",
        "--players", "4", "--games", "20", "--bots", "random,naive,random,naive", "--json",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    rules = json.loads(r.stdout)["rules_per_game"]
    assert set(rules) == {
        "catches", "challenges", "stack_answers", "longest_chain", "jump_ins", "rotations",
        "swaps", "late_answers",
    }  # fmt: skip
    # random seats answer chains, jump in and play 0s and 7s: each is seen over 20 games
    for name in ("stack_answers", "jump_ins", "rotations", "swaps"):
        assert rules[name]["mean"] > 0, name
    assert rules["longest_chain"]["p99"] >= 2


def test_simulate_attack_reports_the_launcher_per_game() -> None:
    r = run(
        "simulate", "--variant", "attack", "--players", "3", "--games", "40", "--seed", "2",
        "--json",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    rules = report["rules_per_game"]
    assert {"presses", "fires", "cards_fired", "reloads"} <= set(rules)
    assert report["options"]["attack.launcher"] == "hazard"
    presses, fires, cards = (rules[k]["mean"] for k in ("presses", "fires", "cards_fired"))
    assert 0 < fires < presses and cards >= fires
    # about a third of the presses fire (RULES.md §3.6), bursts of about 5.86 cards
    assert 0.25 < fires / presses < 0.45 and 4 < cards / fires < 8
    minecraft = json.loads(
        run("simulate", "--variant", "minecraft", "--games", "40", "--json").stdout
    )
    assert "revealed" in minecraft["rules_per_game"]
    assert "presses" not in minecraft["rules_per_game"]
    classic = json.loads(run("simulate", "--games", "5", "--json").stdout)["rules_per_game"]
    assert "presses" not in classic and "revealed" not in classic


def test_simulate_full_spectrum_reports_chromatic_steps_and_skip_alls() -> None:
    r = run("simulate", "--variant", "fs", "--players", "4", "--games", "30", "--json")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["variant"] == "full_spectrum"
    rules = report["rules_per_game"]
    # one play in four or so matches by the chromatic step alone (RULES.md §4.5)
    assert rules["chromatic_steps"]["mean"] > 1
    assert rules["skip_alls"]["mean"] > 0
    classic = json.loads(run("simulate", "--games", "5", "--json").stdout)["rules_per_game"]
    assert "chromatic_steps" not in classic and "skip_alls" not in classic


def test_simulate_blast_reports_events_challenges_and_eliminations() -> None:
    r = run("simulate", "--variant", "blast", "--players", "4", "--games", "30", "--json")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    rules = report["rules_per_game"]
    events = rules["blast_events"]["mean"]
    met, failed = rules["challenges_met"]["mean"], rules["challenges_failed"]["mean"]
    # every event asks each active seat: it meets the challenge or draws 3 (RULES.md §5.5)
    assert events > 0 and met + failed >= events
    eliminated = rules["eliminations"]["mean"]
    assert 0 <= eliminated <= 3 and abs(report["elimination_rate"] - eliminated / 4) < 0.01
    classic = json.loads(run("simulate", "--games", "5", "--json").stdout)
    assert "blast_events" not in classic["rules_per_game"] and "elimination_rate" not in classic


def test_simulate_no_mercy_reports_knockouts_roulettes_and_hand_moves() -> None:
    r = run("simulate", "--variant", "no_mercy", "--players", "4", "--games", "30", "--json")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    rules = report["rules_per_game"]
    # the Mercy rule knocks seats out (§9.8); Roulettes turn cards up (§9.7); 0s and 7s
    # move hands; chains are answered (§9.6); no BLAST event exists here
    eliminated = rules["eliminations"]["mean"]
    assert 0 < eliminated <= 3 and abs(report["elimination_rate"] - eliminated / 4) < 0.01
    assert rules["reveals"]["mean"] > 0 and rules["stack_answers"]["mean"] > 0
    assert rules["rotations"]["mean"] > 0 and rules["swaps"]["mean"] > 0
    assert "blast_events" not in rules
    blast = json.loads(run("simulate", "--variant", "blast", "--games", "3", "--json").stdout)[
        "rules_per_game"
    ]
    assert "reveals" not in blast and "eliminations" in blast


def test_simulate_blast_mode_is_deterministic_replays_and_reports_races(tmp_path: Path) -> None:
    args = ("simulate", "--variant", "blast", "--option", "mode=blast", "--players", "3")
    args += ("--games", "12", "--seed", "5")
    out = tmp_path / "live.jsonl"
    r = run(*args, "--json", "--out", str(out))
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    rules = report["rules_per_game"]
    for name in ("races", "simultaneous", "holding_penalties", "draw_rounds", "stalls"):
        assert name in rules
    # a race is an accepted card with at least one simultaneous refusal against it
    assert 0 < rules["races"]["mean"] <= rules["simultaneous"]["mean"]
    again = json.loads(run(*args, "--json").stdout)
    assert again["rules_per_game"] == rules and again["wins"] == report["wins"]
    lines = out.read_text().splitlines()
    first = json.loads(lines[1])["rounds"][0]["actions"]
    assert all(isinstance(entry[2], float) for entry in first), "arrival times are logged"
    replay = run("replay", str(out))
    assert replay.returncode == 0, replay.stderr
    normal = json.loads(run("simulate", "--variant", "blast", "--games", "3", "--json").stdout)
    assert "races" not in normal["rules_per_game"]


def test_variants_lists_minecraft_and_attack_with_their_options() -> None:
    r = run("variants", "--json")
    assert r.returncode == 0, r.stderr
    by_name = {v["name"]: v for v in json.loads(r.stdout)}
    assert {"classic", "minecraft", "attack"} <= set(by_name)
    attack = {o["name"]: o for o in by_name["attack"]["options"]}
    assert attack["attack.launcher"]["default"] == "hazard"
    assert "uniform_0_10" in attack["attack.launcher"]["allowed"]
    minecraft = {o["name"]: o for o in by_name["minecraft"]["options"]}
    assert minecraft["wd4_wilds_block"]["default"] == "true"
    assert minecraft["minecraft.first_card"]["default"] == "number_only"
    assert minecraft["scoring"]["default"] == "none"


def test_simulate_refuses_an_option_that_does_not_fit_the_variant() -> None:
    r = run("simulate", "--variant", "attack+seven_zero", "--games", "1")
    assert r.returncode == 2 and "error: seven_zero needs 0 and 7 cards" in r.stderr
    assert "Traceback" not in r.stderr


def test_simulate_per_seat_bots_and_match_mode() -> None:
    r = run(
        "simulate", "--players", "2", "--games", "2", "--bots", "naive,random:median_ms=300",
        "--match", "--json",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["bots"] == ["naive", "random:median_ms=300"]
    assert report["rounds_per_match"]["mean"] >= 1


def test_replay_accepts_its_file_and_rejects_a_tampered_one(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    r = run("simulate", "--players", "3", "--games", "4", "--seed", "9", "--out", str(out))
    assert r.returncode == 0, r.stderr
    ok = run("replay", str(out))
    assert ok.returncode == 0 and ok.stdout.startswith("ok: 4 games"), ok.stderr
    lines = out.read_text().splitlines()
    game = json.loads(lines[1])
    game["rounds"][0]["hashes"][0][1] = "0" * 64
    lines[1] = json.dumps(game)
    out.write_text("\n".join(lines) + "\n")
    bad = run("replay", str(out))
    assert bad.returncode != 0
    assert bad.stderr.count("\n") == 1 and "state hash differs after action 0" in bad.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("simulate", "--variant", "nope"), "unknown variant 'nope'"),
        (("simulate", "--players", "11"), "2 to 10 players"),
        (("simulate", "--players", "1"), "2 to 10 players"),
        (("simulate", "--option", "foo=1"), "unknown option 'foo'"),
        (("simulate", "--option", "deck=12"), "allowed 108 | 112_blank | 112_modern"),
        (("simulate", "--option", "deck"), "write name=value"),
        (("simulate", "--variant", "classic+scoring"), "needs a value"),
        (("simulate", "--variant", "classic+blank_mode=copy_top"), "set classic.deck=112_blank"),
        (("simulate", "--bots", "xyz"), "unknown bot 'xyz'"),
        (("simulate", "--players", "3", "--bots", "naive,naive"), "give 1 or 3"),
        (("simulate", "--bots", "naive:speed=3"), "bad parameter"),
        (("replay", "/nonexistent/file"), "cannot read"),
        (("demo", "--variant", "nope"), "unknown variant"),
    ],
)
def test_bad_input_is_one_line_and_non_zero(args: tuple[str, ...], message: str) -> None:
    r = run(*args)
    assert r.returncode != 0
    assert "Traceback" not in r.stderr
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, r.stderr
    assert message in r.stderr


def test_variants_lists_options_defaults_and_aliases() -> None:
    r = run("variants", "--json")
    assert r.returncode == 0
    classic = next(v for v in json.loads(r.stdout) if v["name"] == "classic")
    options = {o["name"]: o for o in classic["options"]}
    assert options["classic.first_card"]["default"] == "mattel_current"
    assert options["draw_ends_turn"]["allowed"] == "true or false"
    assert "uno" in classic["aliases"]


def test_variants_json_lists_every_variant_and_option_with_its_type() -> None:
    r = run("variants", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert [v["name"] for v in data] == [v.name for v in unoverse.variants()]
    for variant, shown in zip(unoverse.variants(), data, strict=True):
        assert shown["title"] == variant.title and shown["aliases"] == list(variant.aliases)
        assert shown["players"] == [variant.min_players, variant.max_players]
        assert shown["aside"] == list(variant.aside)
        assert shown["quick_starts"] == [
            {"preset": q.preset, "id": q.id} for q in variant.quick_starts
        ]
        # the options the variant accepts: not those it refuses whatever else is set
        offered = list(variant.offered.values())
        assert [o["name"] for o in shown["options"]] == [s.name for s in offered]
        for spec, option in zip(offered, shown["options"], strict=True):
            assert option["type"] == spec.type and option["help"] == spec.help
            assert option["default"] == spec.format(spec.default)
            assert option["allowed"] == spec.allowed()
            if spec.type == "choice":
                assert option["choices"] == list(spec.choices)
                assert option["default"] in option["choices"]
            elif spec.type in ("int", "optional_int"):
                assert option["minimum"] <= option["maximum"] == spec.maximum
            else:
                assert not {"choices", "minimum", "maximum"} & set(option)
    types = {o["type"] for v in data for o in v["options"]}
    assert types == {"bool", "int", "choice", "optional_int"}
    presets = [q["preset"] for v in data for q in v["quick_starts"]]
    assert presets[:2] == ["classic", "classic+stacking=progressive+seven_zero"]
    assert "no_mercy" in presets


def test_variants_lists_only_the_options_and_values_each_variant_accepts() -> None:
    r = run("variants")
    assert r.returncode == 0, r.stderr
    rows = {}  # each variant's option lines, by option, below its heading and column names
    for part in r.stdout.split("\n\n"):
        lines = part.splitlines()
        first = next(i for i, line in enumerate(lines) if line.split()[:2] == ["option", "default"])
        rows[part.split()[0]] = {line.split()[0]: line for line in lines[first + 1 :]}
    for variant in unoverse.variants():
        assert list(rows[variant.name]) == list(variant.offered)
    attack = rows["attack"]
    assert not {"wd4_wilds_block", "downpour", "seven_zero", "draw_until_playable"} & set(attack)
    assert "blast_ge" not in attack["stacking"] and "blast_ge" in rows["blast"]["stacking"]


def _all_option_names() -> list[str]:
    return [name for v in unoverse.variants() for name in v.offered]


@pytest.mark.parametrize("columns", ["80", "30"])
def test_variants_piped_keeps_every_option_name_whole(columns: str) -> None:
    r = run("variants", env={"COLUMNS": columns})
    assert r.returncode == 0, r.stderr
    assert "…" not in r.stdout
    # not a terminal: one line per option, starting with its canonical name, for grep
    firsts = {line.split()[0] for line in r.stdout.splitlines() if line.startswith("  ")}
    assert set(_all_option_names()) <= firsts
    line = next(x for x in r.stdout.splitlines() if x.split()[:1] == ["permissive_illegal_plays"])
    assert line.split()[1:4] == ["false", "true", "or"] and line.endswith("(§1.5)")


@pytest.mark.parametrize("width", [20, 40, 79, 80, 120])
def test_variants_on_a_terminal_of_any_width_cuts_no_option_name(width: int) -> None:
    buffer = io.StringIO()
    print_variants(Console(file=buffer, force_terminal=True, width=width, color_system=None))
    text = buffer.getvalue()
    assert "…" not in text
    cells = {cell.strip() for line in text.splitlines() for cell in line.split("│")}
    firsts = {line.split()[0] for line in text.splitlines() if line.strip()}
    assert set(_all_option_names()) <= cells | firsts
    # a table where every word fits (80 columns do), otherwise one line per option
    assert ("┿" in text) == (width >= 80)
    if width >= 80:
        assert max(len(line) for line in text.splitlines()) <= width


def test_demo_prints_a_whole_game() -> None:
    r = run("demo", "--players", "4", "--seed", "7")
    assert r.returncode == 0, r.stderr
    assert "deals" in r.stdout and "wins the round" in r.stdout


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (("simulate", "--players", "abc"), "--players"),
        (("simulate", "--games", "0"), "--games"),
        (("simulate", "--games"), "--games"),
        (("simulate", "--no-such-option"), "--no-such-option"),
        (("tournament", "--bot", "naive"), "at least two"),
        (("tournament",), "--bot"),
        (("tournament", "--bot", "naive", "--bot", "random", "--workers", "-1"), "--workers"),
        (("replay",), "Missing argument 'file'"),
        (("replay", "a", "b"), "extra argument"),
        (("demo", "--seed", "x"), "--seed"),
        (("variants", "--bogus"), "--bogus"),
        (("no-such-command",), "no-such-command"),
    ],
)
def test_every_usage_error_is_one_line_with_status_2(args: tuple[str, ...], names: str) -> None:
    r = run(*args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, r.stderr
    assert names in r.stderr and "Traceback" not in r.stderr and r.stdout == ""


@pytest.mark.parametrize(
    ("args", "listed"),
    [
        (("--help",), "replay"),
        (("simulate", "--help"), "--players"),
        (("tournament", "--help"), "--workers"),
    ],
)
def test_help_still_prints_the_usage_and_exits_0(args: tuple[str, ...], listed: str) -> None:
    r = run(*args)
    assert r.returncode == 0, r.stderr
    assert "Usage" in r.stdout and listed in r.stdout and r.stderr == ""


#: Bad presets and bot specs, as ``simulate`` takes them; ``tournament`` takes the same
#: preset options and each spec as one ``--bot``.
REPEATED = [
    (("--option", "stacking=same", "--option", "stacking=progressive"), "stacking is given twice"),
    (("--variant", "classic+stacking=same", "--option", "stacking=off"), "stacking is given twice"),
    (("--option", "deck=108", "--option", "classic.deck=108"), "classic.deck is given twice"),
    (("--option", "stacking=same+jump_in"), "one option per --option"),
    (("--option", "=3"), "has no name"),
    (("--variant", "classic+false_uno_penalty=1e999"), "option false_uno_penalty"),
    (("--bots", "naive:median_ms=-300"), "median_ms"),
    (("--bots", "naive:sigma=1,sigma=2"), "sigma is given twice"),
]


@pytest.mark.parametrize(("args", "message"), REPEATED)
def test_repeated_options_and_bad_parameters_are_one_error_line(
    args: tuple[str, ...], message: str, tmp_path: Path
) -> None:
    out = tmp_path / "never"
    bots = ("--bot", args[1]) if args[0] == "--bots" else ("--bot", "naive")
    presets = () if args[0] == "--bots" else args
    for argv in (
        ("simulate", *args),
        ("tournament", *presets, *bots, "--bot", "random"),
    ):
        r = run(*argv, "--games", "1", "--out", str(out))
        assert r.returncode == 2, (r.stdout, r.stderr)
        assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, r.stderr
        assert message in r.stderr
        assert not out.exists()


def test_simulate_out_is_left_as_it_was_when_an_argument_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    out.write_text("a previous run\n")
    for bad in (("--bots", "xyz"), ("--variant", "nope"), ("--players", "11")):
        r = run("simulate", "--games", "3", "--out", str(out), *bad)
        assert r.returncode == 2 and r.stderr.startswith("error: "), r.stderr
        assert out.read_text() == "a previous run\n", f"{bad} emptied the file"
    assert [p.name for p in tmp_path.iterdir()] == ["games.jsonl"]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_simulate_out_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    for target, reason in (("/dev/full", "No space left on device"), (str(tmp_path), "")):
        r = run("simulate", "--games", "200", "--out", target)
        assert r.returncode == 2 and "Traceback" not in r.stderr
        assert r.stderr.startswith(f"error: cannot write {target}: {reason}"), r.stderr
        assert r.stderr.count("\n") == 1, r.stderr
    assert Path("/dev/full").is_char_device()  # written in place, never replaced


def test_an_interrupted_simulate_keeps_its_games_apart_and_the_file_as_it_was(
    tmp_path: Path,
) -> None:
    out = tmp_path / "games.jsonl"
    out.write_text("a previous run\n")
    args = ("simulate", "--games", "1000000", "--out", str(out))
    proc = subprocess.Popen([*CLI, *args], stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        started = [p for p in tmp_path.iterdir() if p.name != out.name]
        if any(p.stat().st_size > 20_000 for p in started) or out.stat().st_size > 20_000:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, stderr = proc.communicate(timeout=60)
    kept = tmp_path / "games.jsonl.partial"
    assert proc.returncode == 130, stderr
    assert stderr == f"error: interrupted; the games played so far are kept in {kept}\n"
    assert out.read_text() == "a previous run\n"
    lines = kept.read_text().splitlines()
    assert json.loads(lines[0])["games"] == 1_000_000 and len(lines) > 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl", "games.jsonl.partial"]
    bad = run("replay", str(kept))
    assert bad.returncode == 2 and "of the 1000000 games its header records" in bad.stderr


def test_replay_of_a_binary_file_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "binary.jsonl"
    path.write_bytes(bytes(range(255, -1, -1)) * 4)
    r = run("replay", str(path))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr == f"error: {path}, line 1 (header): not UTF-8 text (not a replay file)\n"


def test_replay_resimulate_checks_the_bots(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    assert run("simulate", "--players", "3", "--games", "3", "--out", str(out)).returncode == 0
    ok = run("replay", "--resimulate", str(out))
    assert ok.returncode == 0, ok.stderr
    lines = out.read_text().splitlines()
    actions = sum(len(r["actions"]) for g in lines[1:] for r in json.loads(g)["rounds"])
    assert ok.stdout == (
        f"ok: 3 games, {actions} actions replayed; every action's tag and state hash matches; "
        "the bots play "
        "every game again identically\n"
    )
    header = json.loads(lines[0])
    header["bots"] = ["random"] * 3
    out.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    assert run("replay", str(out)).returncode == 0  # a valid spec: only playing again tells
    bad = run("replay", "--resimulate", str(out))
    assert bad.returncode == 2 and "differs from the bots' (random) game" in bad.stderr


def test_simulate_reports_unfinished_games_and_counts_the_finished() -> None:
    from typer.testing import CliRunner

    from unoverse.cli import app as cli

    args = ["simulate", "--players", "3", "--games", "8", "--seed", "1", "--max-actions", "60"]
    text = CliRunner().invoke(cli.app, args)
    assert text.exit_code == 0, text.output
    assert (
        "4 unfinished (a round reached 60 actions): game 0, 1, 6, 7; the statistics below "
        "count the 4 finished games" in " ".join(text.output.split())
    )
    report = json.loads(CliRunner().invoke(cli.app, [*args, "--json"]).output)
    assert report["unfinished"] == 4 and report["finished"] == 4
    assert [g["game"] for g in report["unfinished_games"]] == [0, 1, 6, 7]
    assert sum(w["wins"] for w in report["wins"]) == pytest.approx(4)
