"""Tournaments: seat rotation, pairings, shared deals, resumable files, worker-independent
results, typed errors, the summary (win rates, Wilson intervals, TrueSkill ratings) and the
``unoverse tournament`` command."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import pytest
import trueskill
from typer.testing import CliRunner

from unoverse.cli.app import app
from unoverse.core.errors import BadBotSpec, BadPlayerCount, UnknownVariant, UnoverseError
from unoverse.core.seeding import derive
from unoverse.sim import tournament as tm
from unoverse.sim import workers as pool
from unoverse.sim.results import MAX_LINE_BYTES
from unoverse.sim.stats import wilson
from unoverse.sim.tournament import FORMAT, Tournament, TournamentError, seating
from unoverse.sim.workers import BackendError, Workers

pytestmark = pytest.mark.engine_build

#: Two players, two entrants: one pairing of paired games.
DUEL = Tournament("classic", 2, ("heuristic", "naive"), 6, seed=3)
#: Three players, three entrants: six pairings (both ways round), sets of three games.
TRIO = Tournament("classic", 3, ("heuristic", "naive", "random"), 6, seed=5)


def game_lines(path: Path) -> list[dict[str, Any]]:
    """The game lines of a tournament file (everything after the header)."""
    return [json.loads(line) for line in path.read_text().splitlines()[1:]]


@pytest.fixture
def played(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """(pairing, game) of every game played from now on (only with ``workers=1``: a process
    pool would not see the patch)."""
    calls: list[tuple[int, int]] = []
    real = tm.play_game

    def counting(task: Any) -> dict[str, Any]:
        calls.append((task.pairing, task.game))
        return real(task)

    monkeypatch.setattr(tm, "play_game", counting)
    return calls


# --- seating and pairings ----------------------------------------------------------------


def test_two_players_play_each_deal_twice_with_the_seats_swapped(tmp_path: Path) -> None:
    t = replace(DUEL, games=10)
    for d in range(5):
        assert seating(t, 0, 2 * d) == [0, 1]
        assert seating(t, 0, 2 * d + 1) == [1, 0]
    out = tmp_path / "duel.jsonl"
    tm.run(t, out, where=Workers(1))
    lines = game_lines(out)
    assert len(lines) == 10
    for d in range(5):
        first, second = lines[2 * d], lines[2 * d + 1]
        assert first["seed"] == second["seed"] == derive(t.seed, "deal", d)
        assert second["seats"] == first["seats"][::-1]
        assert sorted(first["seats"]) == [0, 1]
    assert len({line["seed"] for line in lines}) == 5  # a new deal for every pair of games


def test_four_players_put_the_one_seat_entrant_in_every_seat_once_per_set() -> None:
    t = Tournament("classic", 4, ("heuristic", "naive", "random"), 8)
    for p, (one, other) in enumerate(t.pairings()):
        for start in (0, 4):
            seats_of_one = []
            for g in range(start, start + 4):
                seats = seating(t, p, g)
                assert len(seats) == 4
                assert seats.count(one) == 1 and seats.count(other) == 3
                seats_of_one.append(seats.index(one))
            assert sorted(seats_of_one) == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("players", "games", "expected"),
    [(2, 1, 2), (2, 2, 2), (2, 5, 6), (3, 1, 3), (3, 4, 6), (4, 4, 4), (4, 5, 8), (4, 9, 12)],
)
def test_games_per_pairing_rounds_up_to_whole_sets(players: int, games: int, expected: int) -> None:
    t = Tournament("classic", players, ("naive", "random"), games)
    assert t.games_per_pairing == expected
    assert t.header()["games"] == expected


def test_a_run_plays_whole_sets_in_every_pairing() -> None:
    t = Tournament("classic", 3, ("naive", "random"), 4)  # 4 rounds up to 6
    report = tm.run(t, where=Workers(1))
    assert report["games"] == 6
    assert [row["games"] for row in report["pairings"]] == [6, 6]


def test_round_robin_at_two_players_plays_each_unordered_pair_once() -> None:
    t = Tournament("classic", 2, ("heuristic", "naive", "random", "naive:sigma=0.2"), 2)
    pairs = t.pairings()
    assert len(pairs) == len(set(pairs)) == 6
    assert {frozenset(p) for p in pairs} == {
        frozenset((i, j)) for i in range(4) for j in range(4) if i < j
    }


@pytest.mark.parametrize("players", [3, 4])
def test_round_robin_above_two_players_plays_both_ways(players: int) -> None:
    t = Tournament("classic", players, ("heuristic", "naive", "random"), 2)
    pairs = t.pairings()
    assert len(pairs) == len(set(pairs)) == 6
    assert set(pairs) == {(i, j) for i in range(3) for j in range(3) if i != j}


@pytest.mark.parametrize("players", [2, 4])
def test_gauntlet_plays_the_first_entrant_against_each_other(players: int) -> None:
    t = Tournament("classic", players, ("heuristic", "naive", "random", "naive:sigma=0.1"), 2)
    t = replace(t, mode="gauntlet")
    assert t.pairings() == [(0, 1), (0, 2), (0, 3)]
    report = tm.run(replace(t, games=1), where=Workers(1))
    assert [(r["entrant"], r["against"]) for r in report["pairings"]] == [
        ("heuristic", "naive"),
        ("heuristic", "random"),
        ("heuristic", "naive:sigma=0.1"),
    ]


def test_every_pairing_meets_the_same_deals(tmp_path: Path) -> None:
    out = tmp_path / "trio.jsonl"
    tm.run(TRIO, out, where=Workers(1))
    lines = game_lines(out)
    pairings = len(TRIO.pairings())
    assert len(lines) == pairings * TRIO.games_per_pairing
    seeds: dict[int, set[int]] = {}
    for line in lines:
        seeds.setdefault(line["game"], set()).add(line["seed"])
        assert line["seed"] == derive(TRIO.seed, "deal", line["game"] // TRIO.players)
    assert all(len(s) == 1 for s in seeds.values())
    assert sorted(seeds) == list(range(TRIO.games_per_pairing))
    # another run seed deals other cards
    other = tmp_path / "other.jsonl"
    tm.run(replace(TRIO, seed=TRIO.seed + 1), other, where=Workers(1))
    assert {line["seed"] for line in game_lines(other)}.isdisjoint({line["seed"] for line in lines})


# --- the file, and resuming it -------------------------------------------------------------


def test_run_writes_a_header_then_one_json_line_per_game(tmp_path: Path) -> None:
    out = tmp_path / "trio.jsonl"
    report = tm.run(TRIO, out, where=Workers(1))
    text = out.read_text()
    assert text.endswith("\n")
    header, *rest = text.splitlines()
    assert json.loads(header) == {**TRIO.header(), "format": FORMAT}
    assert json.loads(header)["format"] == "unoverse-tournament/1"
    lines = [json.loads(line) for line in rest]
    expected = [(p, g) for p in range(6) for g in range(TRIO.games_per_pairing)]
    assert [(line["pairing"], line["game"]) for line in lines] == expected
    for line in lines:
        assert set(line) == {
            "pairing", "game", "seed", "seats", "winner", "unfinished", "points", "actions",
            "refused",
        }  # fmt: skip
        assert line["unfinished"] is False
        assert len(line["refused"]) == len(line["seats"])
        assert not any("illegal" in r for r in line["refused"])
        assert seating(TRIO, line["pairing"], line["game"]) == line["seats"]
        assert len(line["points"]) == TRIO.players
        assert 0 <= line["winner"] < TRIO.players  # classic rounds end with a winner
        assert line["points"][line["winner"]] == 0  # who went out holds nothing
        assert line["actions"] > 0
    assert report == tm.summary(TRIO, lines)


def test_run_without_resume_starts_the_file_afresh(tmp_path: Path) -> None:
    out = tmp_path / "duel.jsonl"
    out.write_text("not a tournament\n" * 3)
    tm.run(DUEL, out, where=Workers(1))
    ref = tmp_path / "ref.jsonl"
    tm.run(DUEL, ref, where=Workers(1))
    assert out.read_bytes() == ref.read_bytes()


def test_resume_of_a_complete_file_plays_nothing(
    tmp_path: Path, played: list[tuple[int, int]]
) -> None:
    out = tmp_path / "trio.jsonl"
    first = tm.run(TRIO, out, where=Workers(1))
    assert len(played) == 6 * TRIO.games_per_pairing
    before = out.read_bytes()
    played.clear()
    again = tm.run(TRIO, out, resume=True, where=Workers(1))
    assert played == []
    assert again == first
    assert out.read_bytes() == before


def test_resume_of_a_missing_or_header_only_file_plays_everything(
    tmp_path: Path, played: list[tuple[int, int]]
) -> None:
    ref = tmp_path / "ref.jsonl"
    full = tm.run(DUEL, ref, where=Workers(1))
    played.clear()
    missing = tmp_path / "missing.jsonl"
    assert tm.run(DUEL, missing, resume=True, where=Workers(1)) == full
    assert missing.read_bytes() == ref.read_bytes()
    assert len(played) == DUEL.games_per_pairing
    played.clear()
    header_only = tmp_path / "header.jsonl"
    header_only.write_text(ref.read_text().splitlines(keepends=True)[0])
    assert tm.run(DUEL, header_only, resume=True, where=Workers(1)) == full
    assert header_only.read_bytes() == ref.read_bytes()
    assert len(played) == DUEL.games_per_pairing


@pytest.mark.parametrize("keep", ["one byte", "half", "all but the brace"])
def test_resume_plays_a_torn_last_line_again(
    tmp_path: Path, played: list[tuple[int, int]], keep: str
) -> None:
    ref = tmp_path / "ref.jsonl"
    full = tm.run(TRIO, ref, where=Workers(1))
    data = ref.read_bytes()
    last = data[:-1].rfind(b"\n") + 1  # where the last line starts
    length = len(data) - 1 - last  # the last line without its newline
    cut = {"one byte": 1, "half": length // 2, "all but the brace": length - 1}[keep]
    out = tmp_path / "cut.jsonl"
    out.write_bytes(data[: last + cut])
    played.clear()
    assert tm.run(TRIO, out, resume=True, where=Workers(1)) == full
    assert played == [(5, TRIO.games_per_pairing - 1)]  # the torn game, and nothing else
    assert out.read_bytes() == data


def test_resume_after_a_cut_deep_in_the_file_plays_the_rest(
    tmp_path: Path, played: list[tuple[int, int]]
) -> None:
    ref = tmp_path / "ref.jsonl"
    full = tm.run(TRIO, ref, where=Workers(1))
    data = ref.read_bytes()
    lines = data.splitlines(keepends=True)
    whole = 1 + 10  # the header and ten games
    out = tmp_path / "cut.jsonl"
    out.write_bytes(b"".join(lines[:whole]) + lines[whole][:7])
    played.clear()
    assert tm.run(TRIO, out, resume=True, where=Workers(1)) == full
    assert len(played) == len(lines) - whole
    assert out.read_bytes() == data


def test_resume_after_losing_only_the_final_newline_keeps_every_game(tmp_path: Path) -> None:
    ref = tmp_path / "ref.jsonl"
    full = tm.run(DUEL, ref, where=Workers(1))
    data = ref.read_bytes()
    out = tmp_path / "cut.jsonl"
    out.write_bytes(data[:-1])
    assert tm.run(DUEL, out, resume=True, where=Workers(1)) == full
    assert out.read_bytes() == data


@pytest.mark.parametrize(
    "change",
    [
        {"seed": 4},
        {"entrants": ("heuristic", "random")},
        {"entrants": ("naive", "heuristic")},
        {"entrants": ("heuristic", "naive", "random")},
        {"mode": "gauntlet"},
        {"games": 8},
        {"players": 3},
        {"preset": "classic+seven_zero"},
    ],
)
def test_resume_refuses_a_file_of_another_tournament(
    tmp_path: Path, played: list[tuple[int, int]], change: dict[str, Any]
) -> None:
    out = tmp_path / "duel.jsonl"
    tm.run(DUEL, out, where=Workers(1))
    before = out.read_bytes()
    played.clear()
    with pytest.raises(TournamentError, match="another tournament") as info:
        tm.run(replace(DUEL, **change), out, resume=True, where=Workers(1))
    assert isinstance(info.value, UnoverseError)
    assert info.value.code == "bad_tournament"
    assert played == []
    assert out.read_bytes() == before


def test_resume_accepts_a_game_count_that_rounds_to_the_same_sets(tmp_path: Path) -> None:
    out = tmp_path / "duel.jsonl"
    full = tm.run(DUEL, out, where=Workers(1))  # 6 games
    before = out.read_bytes()
    assert tm.run(replace(DUEL, games=5), out, resume=True, where=Workers(1)) == full
    assert out.read_bytes() == before


def test_resume_refuses_a_file_that_is_not_a_tournament(
    tmp_path: Path, played: list[tuple[int, int]]
) -> None:
    out = tmp_path / "notes.txt"
    out.write_text("shopping list\n")
    with pytest.raises(TournamentError, match="not a tournament file"):
        tm.run(DUEL, out, resume=True, where=Workers(1))
    assert played == []
    assert out.read_text() == "shopping list\n"


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (b"0" * (MAX_LINE_BYTES + 1), f"line 3: longer than {MAX_LINE_BYTES} bytes"),
        (b'{"pairing": 0, "game": "\xff"}\n', "line 3: not UTF-8 text"),
    ],
    ids=["over-long", "binary"],
)
def test_resume_refuses_an_over_long_or_binary_line_and_leaves_the_file(
    tmp_path: Path, played: list[tuple[int, int]], damage: bytes, message: str
) -> None:
    """A line is read at most ``MAX_LINE_BYTES`` at a time: a longer one (input that never
    ends, as ``/dev/zero``) or bytes that are not text are refused, where a damaged line
    would be played again and the file cut there."""
    ref = tmp_path / "ref.jsonl"
    tm.run(DUEL, ref, where=Workers(1))
    lines = ref.read_bytes().splitlines(keepends=True)
    out = tmp_path / "damaged.jsonl"
    out.write_bytes(b"".join([*lines[:2], damage, *lines[2:]]))
    before = out.read_bytes()
    played.clear()
    with pytest.raises(TournamentError, match=f"{out} {message} \\(not a tournament file\\)"):
        tm.run(DUEL, out, resume=True, where=Workers(1))
    assert played == []
    assert out.read_bytes() == before


def test_resume_refuses_more_game_lines_than_the_tournament_has(
    tmp_path: Path, played: list[tuple[int, int]]
) -> None:
    """A file holds each game at most once: a line past the tournament's games (a file
    written over, or input that never ends) is refused, and reading stops there."""
    out = tmp_path / "duel.jsonl"
    tm.run(DUEL, out, where=Workers(1))
    lines = out.read_bytes().splitlines(keepends=True)
    out.write_bytes(b"".join([*lines, lines[-1]]))
    before = out.read_bytes()
    played.clear()
    total = DUEL.games_per_pairing
    with pytest.raises(
        TournamentError, match=f"line {total + 2}: a game line after the .* {total} games"
    ):
        tm.run(DUEL, out, resume=True, where=Workers(1))
    assert played == []
    assert out.read_bytes() == before


def test_progress_counts_every_game_including_those_resumed(tmp_path: Path) -> None:
    out = tmp_path / "duel.jsonl"
    seen: list[tuple[int, int]] = []
    tm.run(DUEL, out, where=Workers(1), progress=lambda done, total: seen.append((done, total)))
    total = DUEL.games_per_pairing
    assert seen == [(n, total) for n in range(1, total + 1)]
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:3]))  # the header and two games
    seen.clear()
    tm.run(DUEL, out, resume=True, where=Workers(1), progress=lambda d, t: seen.append((d, t)))
    assert seen == [(n, total) for n in range(3, total + 1)]


def test_results_do_not_depend_on_workers(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    by_one = tm.run(TRIO, one, where=Workers(1))
    by_two = tm.run(TRIO, two, where=Workers(2))
    assert by_one == by_two
    assert one.read_bytes() == two.read_bytes()
    # and a run resumed on two workers writes the same file
    data = one.read_bytes()
    lines = data.splitlines(keepends=True)
    two.write_bytes(b"".join(lines[:9]) + lines[9][:20])
    assert tm.run(TRIO, two, resume=True, where=Workers(2)) == by_one
    assert two.read_bytes() == data


# --- bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("t", "error", "message"),
    [
        (replace(DUEL, entrants=("heuristic",)), TournamentError, "at least two"),
        (replace(DUEL, entrants=()), TournamentError, "at least two"),
        (replace(DUEL, mode="swiss"), TournamentError, "unknown mode 'swiss'"),
        (replace(DUEL, games=0), TournamentError, "at least one game"),
        (replace(DUEL, entrants=("heuristic", "grandmaster")), BadBotSpec, "grandmaster"),
        (replace(DUEL, entrants=("heuristic", "naive:speed=3")), BadBotSpec, "speed"),
        (replace(DUEL, entrants=("random:sigma=x", "naive")), BadBotSpec, "sigma"),
        (replace(DUEL, preset="no-such-variant"), UnknownVariant, "no-such-variant"),
        (replace(DUEL, players=1), BadPlayerCount, "2 to 10 players, not 1"),
        (replace(DUEL, players=11), BadPlayerCount, "not 11"),
        (replace(DUEL, players=0), BadPlayerCount, "not 0"),
    ],
)
def test_bad_input_raises_a_typed_error_and_plays_nothing(
    tmp_path: Path,
    played: list[tuple[int, int]],
    t: Tournament,
    error: type[UnoverseError],
    message: str,
) -> None:
    out = tmp_path / "never.jsonl"
    for resume in (False, True):
        with pytest.raises(error, match=message):
            tm.run(t, out, resume=resume, where=Workers(1))
    assert played == []
    assert not out.exists()


def test_bad_input_leaves_a_file_to_resume_untouched(
    tmp_path: Path, played: list[tuple[int, int]]
) -> None:
    out = tmp_path / "duel.jsonl"
    tm.run(DUEL, out, where=Workers(1))
    before = out.read_bytes()
    played.clear()
    with pytest.raises(BadBotSpec):
        tm.run(replace(DUEL, entrants=("heuristic", "nope")), out, where=Workers(1))
    assert played == []
    assert out.read_bytes() == before


# --- the summary ---------------------------------------------------------------------------


@pytest.mark.parametrize("t", [DUEL, TRIO], ids=["2 players", "3 players"])
def test_summary_wins_agree_with_the_game_lines(tmp_path: Path, t: Tournament) -> None:
    out = tmp_path / "t.jsonl"
    report = tm.run(t, out, where=Workers(1))
    lines = game_lines(out)
    pairings = t.pairings()
    assert len(report["pairings"]) == len(pairings)
    for p, row in enumerate(report["pairings"]):
        one, other = pairings[p]
        mine = [line for line in lines if line["pairing"] == p]
        wins = sum(line["seats"][line["winner"]] == one for line in mine)
        assert row["entrant"] == t.entrants[one] and row["against"] == t.entrants[other]
        assert row["lineup"] == f"1 vs {t.players - 1}"
        assert row["games"] == len(mine) == t.games_per_pairing
        assert row["wins"] == wins
        assert row["rate"] == round(wins / len(mine), 4)
        lo, hi = wilson(wins, len(mine))
        assert row["ci95"] == [round(lo, 4), round(hi, 4)]
        assert row["ci95"][0] <= row["rate"] <= row["ci95"][1]
        assert row["chance"] == round(1 / t.players, 4)
    assert {k: report[k] for k in ("preset", "players", "games", "seed", "mode")} == {
        "preset": t.preset,
        "players": t.players,
        "games": t.games_per_pairing,
        "seed": t.seed,
        "mode": t.mode,
    }
    assert report["entrants"] == list(t.entrants)


def test_ratings_list_every_entrant_sorted_by_the_conservative_score() -> None:
    t = Tournament("classic", 3, ("random", "naive", "heuristic"), 6, seed=9)
    ratings = tm.run(t, where=Workers(1))["ratings"]
    assert sorted(r["entrant"] for r in ratings) == sorted(t.entrants)
    for r in ratings:
        assert set(r) == {"entrant", "mu", "sigma", "score"}
        assert r["score"] == pytest.approx(r["mu"] - 3 * r["sigma"], abs=0.02)
        assert 0 < r["sigma"] < 25 / 3  # every entrant played: less uncertain than at start
    scores = [r["score"] for r in ratings]
    assert scores == sorted(scores, reverse=True)
    assert ratings[-1]["entrant"] == "random"


def test_summary_rates_head_to_head_by_winner_then_points() -> None:
    t = Tournament("classic", 3, ("a", "b"), 3)  # summary needs no real bots
    env = trueskill.TrueSkill(draw_probability=0.05)
    still = trueskill.TrueSkill(tau=0, draw_probability=0.05)

    def rated(games: list[dict[str, Any]]) -> dict[str, tuple[float, float]]:
        report = tm.summary(t, games)
        return {r["entrant"]: (r["mu"], r["sigma"]) for r in report["ratings"]}

    def period(results: list[tuple[str, str, bool]]) -> dict[str, tuple[float, float]]:
        """One rating period by hand: sigma grows by tau for each result an entrant took
        part in; each result is rated from the period's start; the changes in precision
        and in precision times mu add up."""
        n = {e: sum(e in r[:2] for r in results) for e in "ab"}
        start = {
            e: env.create_rating(env.mu, (env.sigma**2 + n[e] * env.tau**2) ** 0.5) for e in "ab"
        }
        pi = {e: 1 / start[e].sigma ** 2 for e in "ab"}
        tau = {e: start[e].mu / start[e].sigma ** 2 for e in "ab"}
        for first, second, drawn in results:
            new = trueskill.rate_1vs1(start[first], start[second], drawn=drawn, env=still)
            for e, r in zip((first, second), new, strict=True):
                pi[e] += 1 / r.sigma**2 - 1 / start[e].sigma ** 2
                tau[e] += r.mu / r.sigma**2 - start[e].mu / start[e].sigma ** 2
        return {e: (round(tau[e] / pi[e], 2), round((1 / pi[e]) ** 0.5, 2)) for e in "ab"}

    # b (seat 1) wins: b beats a; seat 2 (b, 5 points) beats seat 0 (a, 10 points)
    won = {"pairing": 0, "game": 0, "seats": [0, 1, 1], "winner": 1, "points": [10, 0, 5]}
    assert rated([won]) == period([("b", "a", False), ("b", "a", False)])
    report = tm.summary(t, [won])
    assert report["pairings"][0]["wins"] == 0 and report["pairings"][0]["games"] == 1
    assert report["pairings"][1]["games"] == 0 and report["pairings"][1]["ci95"] == [0.0, 1.0]
    # nobody won: equal points draw, fewer points win
    stuck = {"pairing": 0, "game": 0, "seats": [0, 1, 1], "winner": -1, "points": [7, 7, 9]}
    assert rated([stuck]) == period([("a", "b", True), ("a", "b", False)])
    assert tm.summary(t, [stuck])["pairings"][0]["wins"] == 0
    # one result alone is one TrueSkill update, as game by game
    a, b = trueskill.rate_1vs1(env.create_rating(), env.create_rating(), env=env)
    duel = Tournament("classic", 2, ("a", "b"), 2)
    one = {"pairing": 0, "game": 0, "seats": [0, 1], "winner": 0, "points": [0, 9]}
    ratings = {r["entrant"]: (r["mu"], r["sigma"]) for r in tm.summary(duel, [one])["ratings"]}
    assert ratings == {
        "a": (round(a.mu, 2), round(a.sigma, 2)),
        "b": (round(b.mu, 2), round(b.sigma, 2)),
    }


def test_rating_periods_agree_with_game_by_game_ratings() -> None:
    """Over 2,000 games of a duel won 70% by one side, the ratings by periods are within
    0.1 of mu and sigma of the ratings updated game by game."""
    import random

    rng = random.Random(1)
    duel = Tournament("classic", 2, ("a", "b"), 2)
    games = []
    env = trueskill.TrueSkill(draw_probability=0.05)
    ra, rb = env.create_rating(), env.create_rating()
    for g in range(2000):
        a_wins = rng.random() < 0.7
        games.append(
            {
                "pairing": 0,
                "game": g,
                "seats": [0, 1],
                "winner": 0 if a_wins else 1,
                "points": [0, 0],
            }
        )
        if a_wins:
            ra, rb = trueskill.rate_1vs1(ra, rb, env=env)
        else:
            rb, ra = trueskill.rate_1vs1(rb, ra, env=env)
    by_period = {r["entrant"]: r for r in tm.summary(duel, games)["ratings"]}
    for name, r in (("a", ra), ("b", rb)):
        assert (
            abs(by_period[name]["mu"] - r.mu) < 0.1
            and abs(by_period[name]["sigma"] - r.sigma) < 0.1
        )


def test_ratings_sort_by_score_not_by_mu() -> None:
    t = Tournament("classic", 2, ("a", "b", "c"), 2)
    # a and b draw twenty times (sure of 25); c beats b once (higher mu, far less sure)
    games = [
        {"pairing": 0, "game": i, "seats": [i % 2, 1 - i % 2], "winner": -1, "points": [5, 5]}
        for i in range(20)
    ]
    games.append({"pairing": 2, "game": 0, "seats": [1, 2], "winner": 1, "points": [3, 0]})
    ratings = tm.summary(t, games)["ratings"]
    by_name = {r["entrant"]: r for r in ratings}
    assert by_name["c"]["mu"] > by_name["a"]["mu"] > by_name["b"]["mu"]
    assert by_name["c"]["sigma"] > 3 * by_name["a"]["sigma"]
    assert [r["entrant"] for r in ratings] == ["a", "b", "c"]


@pytest.mark.parametrize("entrants", [("heuristic", "random"), ("random", "heuristic")])
def test_a_clearly_stronger_bot_rates_higher_and_wins_most(entrants: tuple[str, str]) -> None:
    t = Tournament("classic", 2, entrants, 200, seed=11)
    report = tm.run(t, where=Workers(1))
    (row,) = report["pairings"]
    strong_rate = row["rate"] if row["entrant"] == "heuristic" else 1 - row["rate"]
    assert row["games"] == 200
    assert strong_rate > 0.5
    if row["entrant"] == "heuristic":
        assert row["ci95"][0] > 0.5
    else:
        assert row["ci95"][1] < 0.5
    best, worst = report["ratings"]
    assert best["entrant"] == "heuristic" and worst["entrant"] == "random"
    assert best["mu"] > worst["mu"] and best["score"] > worst["score"]


# --- the command ---------------------------------------------------------------------------

runner = CliRunner()


def cli(*args: str) -> Any:
    """``unoverse tournament ARGS``, run in-process."""
    return runner.invoke(app, ["tournament", *args])


def assert_one_error_line(result: Any, *fragments: str) -> None:
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert isinstance(result.exception, SystemExit)  # a clean exit, not a crash
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    for fragment in fragments:
        assert fragment in result.stderr
    assert result.stdout == ""


def test_cli_json_prints_pairings_and_ratings() -> None:
    r = cli("--bot", "heuristic", "--bot", "naive", "--games", "20", "--json")
    assert r.exit_code == 0, r.stderr
    report = json.loads(r.stdout)
    assert {"pairings", "ratings"} <= set(report)
    (row,) = report["pairings"]
    assert (row["entrant"], row["against"], row["games"]) == ("heuristic", "naive", 20)
    assert {x["entrant"] for x in report["ratings"]} == {"heuristic", "naive"}
    # the defaults: classic, two players, seed 0, round-robin (and the same on any workers)
    t = Tournament("classic", 2, ("heuristic", "naive"), 20)
    assert report == tm.run(t, where=Workers(1))


def test_cli_table_names_both_bots_and_the_interval() -> None:
    r = cli("--bot", "heuristic", "--bot", "naive", "--games", "4", "--workers", "1")
    assert r.exit_code == 0, r.stderr
    for text in ("heuristic", "naive", "95%", "1 vs 1", "TrueSkill"):
        assert text in r.stdout
    with pytest.raises(json.JSONDecodeError):
        json.loads(r.stdout)


def test_cli_resume_needs_out() -> None:
    r = cli("--bot", "heuristic", "--bot", "naive", "--games", "2", "--resume")
    assert_one_error_line(r, "--resume", "--out")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("--bot", "heuristic", "--bot", "grandmaster"), "unknown bot 'grandmaster'"),
        (("--bot", "heuristic", "--bot", "naive:speed=2"), "speed"),
        (("--bot", "heuristic"), "at least two"),
        (("--bot", "heuristic", "--bot", "naive", "--mode", "swiss"), "unknown mode"),
        (("--bot", "heuristic", "--bot", "naive", "--variant", "nosuch"), "nosuch"),
        (("--bot", "heuristic", "--bot", "naive", "--players", "1"), "2 to 10 players"),
        (("--bot", "heuristic", "--bot", "naive", "--option", "seven_zero"), "name=value"),
    ],
)
def test_cli_bad_input_is_one_error_line(
    tmp_path: Path, args: tuple[str, ...], fragment: str
) -> None:
    out = tmp_path / "never.jsonl"
    r = cli(*args, "--games", "2", "--workers", "1", "--out", str(out))
    assert_one_error_line(r, fragment)
    assert not out.exists()


def test_cli_out_then_resume_gives_the_same_json(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    args = ("--bot", "heuristic", "--bot", "naive", "--bot", "random", "--games", "4")
    first = cli(*args, "--out", str(out), "--json", "--workers", "1")
    assert first.exit_code == 0, first.stderr
    data = out.read_bytes()
    assert len(data.splitlines()) == 1 + 3 * 4
    again = cli(*args, "--out", str(out), "--resume", "--json", "--workers", "1")
    assert again.exit_code == 0, again.stderr
    assert json.loads(again.stdout) == json.loads(first.stdout)
    assert out.read_bytes() == data
    # a torn file is finished to the same report and the same file
    out.write_bytes(data[:-30])
    torn = cli(*args, "--out", str(out), "--resume", "--json", "--workers", "1")
    assert torn.exit_code == 0, torn.stderr
    assert json.loads(torn.stdout) == json.loads(first.stdout)
    assert out.read_bytes() == data


def test_cli_resume_of_another_tournament_is_one_error_line(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    args = ("--bot", "heuristic", "--bot", "naive", "--games", "2", "--workers", "1")
    assert cli(*args, "--out", str(out)).exit_code == 0
    before = out.read_bytes()
    r = cli(*args, "--seed", "1", "--out", str(out), "--resume")
    assert_one_error_line(r, "another tournament")
    assert out.read_bytes() == before


def test_cli_unwritable_out_is_one_error_line(tmp_path: Path) -> None:
    out = tmp_path / "no-such-dir" / "t.jsonl"
    r = cli("--bot", "heuristic", "--bot", "naive", "--games", "2", "--out", str(out))
    assert_one_error_line(r, "cannot write")


def test_cli_resume_of_a_binary_file_is_one_error_line(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    out.write_bytes(b"\xff\xfe\x00binary\n")
    r = cli("--bot", "heuristic", "--bot", "naive", "--games", "2", "--out", str(out), "--resume")
    assert_one_error_line(r, "not a tournament file")
    assert out.read_bytes() == b"\xff\xfe\x00binary\n"


@pytest.mark.parametrize("damage", [b"not json", b"[1]", b'{"pairing": 0}', b'{"game": "x"}'])
def test_resume_plays_again_from_a_damaged_line_and_keeps_no_duplicate(
    tmp_path: Path, damage: bytes
) -> None:
    ref = tmp_path / "ref.jsonl"
    full = tm.run(DUEL, ref, where=Workers(1))
    data = ref.read_bytes()
    lines = data.split(b"\n")
    out = tmp_path / "damaged.jsonl"
    out.write_bytes(b"\n".join([*lines[:3], damage, *lines[4:]]))
    assert tm.run(DUEL, out, resume=True, where=Workers(1)) == full
    assert out.read_bytes() == data


# --- workers -------------------------------------------------------------------------------


class RecordingPool:
    """Stands in for the process pool: records how many processes were asked for and plays
    the games here, in order."""

    asked: ClassVar[list[int]] = []

    def __init__(self, workers: int, initializer: Any) -> None:
        RecordingPool.asked.append(workers)

    def submit(self, fn: Any, task: Any) -> Any:
        result = fn(task)
        return type("Done", (), {"result": staticmethod(lambda: result)})

    def shutdown(self, wait: bool, cancel_futures: bool) -> None:
        return None


@pytest.mark.parametrize(
    ("cpus", "workers", "expected"),
    [(2, 100_000, [2]), (64, 100_000, [6]), (64, 0, [6]), (2, 0, [2]), (64, 3, [3]), (8, 1, [])],
)
def test_workers_are_capped_at_the_cpus_and_the_games_to_play(
    monkeypatch: pytest.MonkeyPatch, cpus: int, workers: int, expected: list[int]
) -> None:
    monkeypatch.setattr(pool, "cpus", lambda: cpus)
    monkeypatch.setattr(pool, "ProcessPoolExecutor", RecordingPool)
    expected_report = tm.run(DUEL, where=Workers(1))
    RecordingPool.asked = []
    assert tm.run(DUEL, where=Workers(workers)) == expected_report
    assert RecordingPool.asked == expected  # DUEL has 6 games; one worker needs no pool


@pytest.mark.parametrize("workers", [-1, -100_000, True, 2.5, "2"])
def test_a_worker_count_that_is_not_a_whole_number_from_0_is_refused(
    tmp_path: Path, played: list[tuple[int, int]], workers: Any
) -> None:
    out = tmp_path / "never.jsonl"
    with pytest.raises(BackendError, match="workers"):
        tm.run(DUEL, out, where=Workers(workers))
    assert played == [] and not out.exists()


def test_cpus_counts_the_cpus_this_process_may_use() -> None:
    assert 1 <= pool.cpus() <= (os.cpu_count() or 1)


def test_cli_caps_absurd_workers_with_a_note() -> None:
    r = cli("--bot", "heuristic", "--bot", "naive", "--games", "2", "--workers", "100000", "--json")
    assert r.exit_code == 0, r.stderr
    assert r.stderr.startswith("note: --workers 100000") and r.stderr.count("\n") == 1, r.stderr
    assert json.loads(r.stdout) == tm.run(replace(DUEL, games=2, seed=0), where=Workers(1))


def test_cli_negative_workers_is_one_error_line() -> None:
    r = cli("--bot", "heuristic", "--bot", "naive", "--games", "2", "--workers", "-1")
    assert_one_error_line(r, "--workers")


# --- games that reach the action cap ---------------------------------------------------------


@pytest.fixture
def capped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game stops at 65 actions, as a game stops at the 20,000-action cap: in DUEL,
    games 0, 1 and 3 run longer than that (only with ``workers=1``)."""
    real = tm.play_round

    def short(*args: Any, **kwargs: Any) -> Any:
        return real(*args, **kwargs, max_actions=65)

    monkeypatch.setattr(tm, "play_round", short)


LONG_GAMES = [0, 1, 3]


def test_a_game_at_the_action_cap_is_recorded_unfinished_with_its_seed(
    tmp_path: Path, capped: None
) -> None:
    out = tmp_path / "t.jsonl"
    report = tm.run(DUEL, out, where=Workers(1))
    lines = game_lines(out)
    assert len(lines) == DUEL.games_per_pairing
    for line in lines:
        assert line["seed"] == derive(DUEL.seed, "deal", line["game"] // 2)
        if line["game"] in LONG_GAMES:
            assert line["unfinished"] is True and line["winner"] == -1
            assert line["actions"] == 65
        else:
            assert line["unfinished"] is False and line["winner"] >= 0
    assert report["unfinished"] == len(LONG_GAMES)
    assert report["unfinished_games"] == [
        {"pairing": 0, "game": g, "seed": derive(DUEL.seed, "deal", g // 2)} for g in LONG_GAMES
    ]
    (row,) = report["pairings"]
    finished = [line for line in lines if not line["unfinished"]]
    assert row["games"] == len(finished) and row["unfinished"] == len(LONG_GAMES)
    assert row["wins"] == sum(line["seats"][line["winner"]] == 0 for line in finished)


def test_resume_reads_unfinished_games_and_plays_them_no_more(
    tmp_path: Path, capped: None, played: list[tuple[int, int]]
) -> None:
    out = tmp_path / "t.jsonl"
    first = tm.run(DUEL, out, where=Workers(1))
    data = out.read_bytes()
    played.clear()
    assert tm.run(DUEL, out, resume=True, where=Workers(1)) == first
    assert played == [] and out.read_bytes() == data


def test_a_run_without_unfinished_games_says_so() -> None:
    report = tm.run(DUEL, where=Workers(1))
    assert report["unfinished"] == 0 and report["unfinished_games"] == []
    assert report["pairings"][0]["unfinished"] == 0


def test_cli_reports_unfinished_games_in_the_table_and_the_json(capped: None) -> None:
    args = ("--bot", "heuristic", "--bot", "naive", "--games", "6", "--seed", "3")
    table = cli(*args, "--workers", "1")
    assert table.exit_code == 0, table.stderr
    assert "3 games unfinished" in table.stdout
    seed = derive(3, "deal", 0)
    assert f"seed {seed}" in table.stdout
    data = cli(*args, "--workers", "1", "--json")
    assert data.exit_code == 0, data.stderr
    assert json.loads(data.stdout)["unfinished"] == 3


def test_resume_takes_a_line_without_unfinished_as_finished_and_replays_a_bad_flag(
    tmp_path: Path, played: list[tuple[int, int]]
) -> None:
    ref = tmp_path / "ref.jsonl"
    full = tm.run(DUEL, ref, where=Workers(1))
    header, *games = ref.read_text().splitlines()
    lines = [json.loads(g) for g in games]
    del lines[0]["unfinished"]  # a finished game, written without the flag
    lines[2]["unfinished"] = "no"  # not a flag: the game is played again, and those after it
    lines[3]["seed"] = "7"  # (damaged too: replaced as well)
    out = tmp_path / "t.jsonl"
    out.write_text("\n".join([header, *(json.dumps(g) for g in lines)]) + "\n")
    played.clear()
    assert tm.run(DUEL, out, resume=True, where=Workers(1)) == full
    assert played == [(0, g) for g in range(2, DUEL.games_per_pairing)]


def test_cli_bad_input_with_absurd_workers_is_still_one_error_line() -> None:
    r = cli("--bot", "heuristic", "--bot", "nope", "--games", "2", "--workers", "100000")
    assert_one_error_line(r, "unknown bot 'nope'")
