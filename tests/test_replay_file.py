"""Replay files (docs/replay.md): a file verifies completely or is refused with one line
naming its line, game, round and field; unfinished games; the file is written in place only
when its run ends."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import unoverse as uv
from unoverse.bots.base import BOTS, Bot, register_bot
from unoverse.core.actions import Action, parse_action
from unoverse.core.cards import COLOR_LETTERS
from unoverse.core.errors import (
    BadBotSpec,
    NotationError,
    ReplayMismatch,
    UnoverseError,
)
from unoverse.core.seeding import derive
from unoverse.core.view import View
from unoverse.match.replay import action_tags, replay_file, replay_round
from unoverse.sim.driver import BotError
from unoverse.sim.run import partial_path, run, write_replay
from unoverse.sim.simulate import (
    Simulation,
    play_one,
    verify_replay,
)

pytestmark = pytest.mark.engine_build

Lines = list[Any]  # the header, then one JSON value per game


def written(tmp: Path, name: str, sim: Simulation) -> tuple[Path, dict[str, Any]]:
    path = tmp / name
    return path, write_replay(sim, path)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("replays")
    return {
        "classic": written(tmp, "classic.jsonl", Simulation("classic", 3, 4, 9))[0],
        "match": written(tmp, "match.jsonl", Simulation("classic", 2, 2, 3, match=True))[0],
        "blast": written(tmp, "blast.jsonl", Simulation("blast+mode=blast", 3, 2, 5))[0],
        "other": written(tmp, "other.jsonl", Simulation("classic", 3, 4, 10))[0],
    }


def load(path: Path) -> Lines:
    return [json.loads(line) for line in path.read_text().splitlines()]


def save(path: Path, lines: Lines) -> Path:
    path.write_text("".join(json.dumps(v, separators=(",", ":")) + "\n" for v in lines))
    return path


def refused(path: Path, error: type[UnoverseError], *fragments: str) -> str:
    """``path`` is refused with ``error`` in one line holding every fragment."""
    with pytest.raises(error) as info:
        verify_replay(path)
    message = str(info.value)
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message, message
    return message


def actions_of(lines: Lines, game: int = 1, rnd: int = 0) -> list[Any]:
    actions: list[Any] = lines[game + 1]["rounds"][rnd]["actions"]
    return actions


def retagged(lines: Lines) -> Lines:
    """``lines`` with every round's action chain computed again from its actions: a file
    whose chain was rewritten after an edit, which the checks under the chain still refuse."""
    for line in lines[1:]:
        for rnd in line["rounds"]:
            rnd["tags"] = "".join(action_tags(rnd["actions"]))
    return lines


def seat_action(lines: Lines, seat: int) -> int:
    """The index of game 1's first action by ``seat``."""
    return next(i for i, a in enumerate(actions_of(lines)) if a[0] == seat)


# Each tampering of the classic file (3 players, 4 games: line 2 is game 0): what it
# changes, the error and the fragments its message must hold.
Tamper = Callable[[Lines], None]


def _set(path: tuple[Any, ...], value: Any) -> Tamper:
    def tamper(lines: Lines) -> None:
        target = lines
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return tamper


def _retagged(tamper: Tamper) -> Tamper:
    """``tamper``, then the action chain rewritten to match it."""

    def both(lines: Lines) -> None:
        tamper(lines)
        retagged(lines)

    return both


def _other_winner(lines: Lines) -> None:
    lines[2]["winners"] = [(lines[2]["winners"][0] + 1) % 3]


def _other_round_winner(lines: Lines) -> None:
    rnd = lines[2]["rounds"][0]
    rnd["winner"] = (rnd["winner"] + 1) % 3


def _seat_true(lines: Lines) -> None:
    actions_of(lines)[seat_action(lines, 1)][0] = True


def _time_back(lines: Lines) -> None:
    actions = actions_of(lines)
    actions[5][2] = actions[4][2] - 1


def _time_negative(lines: Lines) -> None:
    actions_of(lines)[0][2] = -1.0


def _action_object(lines: Lines) -> None:
    seat, text, at = actions_of(lines)[3]
    actions_of(lines)[3] = {"seat": seat, "action": text, "at": at}


def _illegal_action(lines: Lines) -> None:
    actions_of(lines)[seat_action(lines, 1)][1] = "challenge"


def _no_actions(lines: Lines) -> None:
    rnd = lines[2]["rounds"][0]
    rnd["actions"], rnd["hashes"] = [], rnd["hashes"][:1]


def _hash_dropped(lines: Lines) -> None:
    del lines[2]["rounds"][0]["hashes"][-1]


TAMPERED: dict[str, tuple[Tamper, type[UnoverseError], tuple[str, ...]]] = {
    "a game's winners": (_other_winner, ReplayMismatch, ("line 3, game 1:", "field 'winners'")),
    "a round's winner": (_other_round_winner, ReplayMismatch, ("round 0", "field 'winner'")),
    "a game's seed": (_set((2, "seed"), 12345), ReplayMismatch, ("game 1:", "field 'seed'")),
    "a game's number": (_set((2, "game"), 7), ReplayMismatch, ("line 3", "field 'game' is 7")),
    "a duplicated line": (lambda ls: ls.insert(2, ls[1]), ReplayMismatch, ("line 3", "'game'")),
    "a missing line": (lambda ls: ls.pop(2), ReplayMismatch, ("line 3", "field 'game' is 2")),
    "swapped lines": (lambda ls: ls.insert(1, ls.pop(2)), ReplayMismatch, ("line 2", "'game'")),
    "a file cut at a line boundary": (lambda ls: ls.pop(), ReplayMismatch, ("3 of the 4", "cut")),
    "a line after the last game": (lambda ls: ls.append(ls[1]), ReplayMismatch, ("line 6",)),
    "the header's run seed": (_set((0, "seed"), 8), ReplayMismatch, ("game 0:", "'seed'")),
    "the header's game count": (_set((0, "games"), 5), ReplayMismatch, ("4 of the 5", "'games'")),
    "the header's match": (_set((0, "match"), True), ReplayMismatch, ("round 0", "'seed'")),
    "the header's preset": (
        _set((0, "preset"), "classic+draw_ends_turn"),
        ReplayMismatch,
        ("game 0, round 0",),
    ),
    "the header's players": (_set((0, "players"), 4), NotationError, ("header", "'bots'")),
    "the header's bots count": (_set((0, "bots"), ["naive"] * 2), NotationError, ("'bots'",)),
    "the header's bots": (_set((0, "bots"), ["xyz"] * 3), NotationError, ("'bots'", "xyz")),
    "a header without players": (
        lambda ls: ls[0].pop("players"),
        NotationError,
        ("line 1 (header)", "'players' is missing"),
    ),
    "a header that is not an object": (_set((0,), [1, 2]), NotationError, ("not a replay file",)),
    "an older format": (
        _set((0, "format"), "unoverse-replay/1"),
        NotationError,
        ("unoverse-replay/1", "simulate the run again"),
    ),
    "the format with a state hash only every 100 actions": (
        _set((0, "format"), "unoverse-replay/2"),
        NotationError,
        ("unoverse-replay/2", "only every 100 actions", "simulate the run again"),
    ),
    "the format without the action chain": (
        _set((0, "format"), "unoverse-replay/3"),
        NotationError,
        ("unoverse-replay/3", "no record of the actions", "simulate the run again"),
    ),
    "empty rounds": (_set((2, "rounds"), []), ReplayMismatch, ("game 1", "'rounds' holds 0")),
    "null rounds": (_set((2, "rounds"), None), NotationError, ("game 1", "'rounds'")),
    "null actions": (
        _set((2, "rounds", 0, "actions"), None),
        NotationError,
        ("game 1, round 0", "'actions'"),
    ),
    "no actions": (_no_actions, ReplayMismatch, ("round 0, action 1: missing", "'tags'")),
    "no actions and no tags": (
        _retagged(_no_actions),
        ReplayMismatch,
        ("round 0", "does not end after its 0 actions"),
    ),
    "an action that is an object": (_action_object, NotationError, ("round 0, action 4",)),
    "a seat written true": (_seat_true, NotationError, ("round 0, action", "seat", "true")),
    "a seat out of range": (
        _set((2, "rounds", 0, "actions", 0, 0), 3),
        NotationError,
        ("action 1", "seat"),
    ),
    "a time that decreases": (_time_back, ReplayMismatch, ("action 6 (", "not the action")),
    "a time that decreases, retagged": (
        _retagged(_time_back),
        ReplayMismatch,
        ("action 6", "never decrease"),
    ),
    "a negative time, retagged": (
        _retagged(_time_negative),
        ReplayMismatch,
        ("action 1", "time -1.0"),
    ),
    "an action the engine refuses, retagged": (
        _retagged(_illegal_action),
        ReplayMismatch,
        ("refused",),
    ),
    "tags as a list": (_set((2, "rounds", 0, "tags"), ["0" * 8]), NotationError, ("'tags'",)),
    "a tag cut short": (
        lambda ls: _set((2, "rounds", 0, "tags"), ls[2]["rounds"][0]["tags"][:-1])(ls),
        NotationError,
        ("round 0", "'tags' is 8 lowercase hex digits per action"),
    ),
    "tags in capitals": (
        lambda ls: _set((2, "rounds", 0, "tags"), ls[2]["rounds"][0]["tags"].upper())(ls),
        NotationError,
        ("'tags'",),
    ),
    "a state hash": (
        _set((2, "rounds", 0, "hashes", 0, 1), "0" * 64),
        ReplayMismatch,
        ("round 0", "state hash differs after action 0"),
    ),
    "a missing state hash": (_hash_dropped, ReplayMismatch, ("round 0", "'hashes'")),
    "a finished game marked unfinished": (
        _set((2, "unfinished"), True),
        ReplayMismatch,
        ("game 1", "'unfinished'"),
    ),
    "a dealer given to a single round": (
        _set((2, "rounds", 0, "dealer"), 0),
        ReplayMismatch,
        ("round 0", "'dealer'"),
    ),
    "an eliminated seat": (
        _set((2, "rounds", 0, "eliminated"), [1]),
        ReplayMismatch,
        ("round 0", "'eliminated'"),
    ),
    "an eliminated seat written true": (
        _set((2, "rounds", 0, "eliminated"), [True]),
        NotationError,
        ("round 0", "'eliminated'"),
    ),
    "an unknown field": (_set((2, "note"), 1), NotationError, ("game line", "'note'")),
}


@pytest.mark.parametrize("name", sorted(TAMPERED))
def test_a_tampered_file_is_refused_naming_game_round_and_field(
    files: dict[str, Path], tmp_path: Path, name: str
) -> None:
    tamper, error, fragments = TAMPERED[name]
    lines = load(files["classic"])
    tamper(lines)
    refused(save(tmp_path / "t.jsonl", lines), error, *fragments)


def test_a_game_from_another_run_is_refused_by_its_seed(
    files: dict[str, Path], tmp_path: Path
) -> None:
    lines = load(files["classic"])
    lines[2] = load(files["other"])[2]  # a real game 1, of run seed 10
    refused(save(tmp_path / "t.jsonl", lines), ReplayMismatch, "game 1:", "of run seed 9")


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("", ("line 1", "not a replay file")),
        ("\x00\xff binary \x80\n", ("line 1", "not UTF-8")),
        ("[" * 60_000 + "\n", ("line 1", "nested too deeply")),
        ("[" * 70_000 + "\n", ("line 1", "longer than 65536 bytes")),
    ],
)
def test_files_that_are_not_replays_are_refused(
    tmp_path: Path, text: str, fragments: tuple[str, ...]
) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(text.encode("latin-1"))
    refused(path, NotationError, *fragments)


@pytest.mark.parametrize(
    ("old", "new", "fragments"),
    [
        ('"seed": 9', '"seed": ' + "1" * 5000, ("line 1", "not valid JSON")),  # over 4300 digits
        (',"actions":[[', ',"actions":[' + "[" * 50_000, ("line 2", "nested too deeply")),
        ('"winners":[', '"winners":[NaN,', ("line 2", "NaN")),
        ('"game":1,', '"game":1,,', ("line 3", "not valid JSON")),
    ],
)
def test_text_that_is_not_json_is_refused(
    files: dict[str, Path],
    tmp_path: Path,
    old: str,
    new: str,
    fragments: tuple[str, ...],
) -> None:
    text = files["classic"].read_text()
    assert old in text
    path = tmp_path / "t.jsonl"
    path.write_text(text.replace(old, new, 1))
    refused(path, NotationError, *fragments)


def test_a_blank_line_is_refused(files: dict[str, Path], tmp_path: Path) -> None:
    lines = files["classic"].read_text().splitlines(keepends=True)
    path = tmp_path / "t.jsonl"
    path.write_text("".join([*lines[:2], "\n", *lines[2:]]))
    refused(path, NotationError, "line 3", "empty")


def test_genuine_files_verify_with_their_counts_and_whitespace_changes_nothing(
    files: dict[str, Path], tmp_path: Path
) -> None:
    for name in ("classic", "match", "blast"):
        lines = load(files[name])
        assert lines[0]["format"] == "unoverse-replay/4"
        for rnd in (r for g in lines[1:] for r in g["rounds"]):
            n = len(rnd["actions"])
            assert re.fullmatch(f"[0-9a-f]{{{8 * n}}}", rnd["tags"])
            assert [k for k, _ in rnd["hashes"]] == sorted({*range(0, n, 100), n})
        games = len(lines) - 1
        actions = sum(len(r["actions"]) for g in lines[1:] for r in g["rounds"])
        done = verify_replay(files[name])
        assert (done.games, done.actions, done.unfinished) == (games, actions, 0)
        spaced = tmp_path / f"{name}.spaced.jsonl"
        spaced.write_bytes(b"".join((json.dumps(v) + " \r\n").encode() for v in lines))
        assert verify_replay(spaced) == done
        assert replay_file(files[name]) == (done.games, done.actions)


def test_a_match_file_is_checked_against_play_match(files: dict[str, Path], tmp_path: Path) -> None:
    lines = load(files["match"])
    rounds = lines[1]["rounds"]
    assert len(rounds) > 2, "the fixture's first match has several rounds"
    path = tmp_path / "t.jsonl"
    cases: list[tuple[Tamper, tuple[str, ...]]] = [
        (lambda ls: ls[1]["rounds"].pop(), ("game 0", "not decided")),
        (lambda ls: ls[1]["rounds"].append(ls[1]["rounds"][0]), ("round", "was decided")),
        (lambda ls: ls[1]["rounds"].insert(0, ls[1]["rounds"].pop(1)), ("round 0", "'seed'")),
        (_set((1, "rounds", 1, "dealer"), None), ("round 1", "'dealer'")),
        (_set((1, "winners"), [1 - lines[1]["winners"][0]]), ("game 0:", "'winners'")),
        (_set((0, "match"), False), ("game 0", "'rounds' holds")),
    ]
    for tamper, fragments in cases:
        changed = load(files["match"])
        tamper(changed)
        refused(save(path, changed), ReplayMismatch, *fragments)


def test_blast_mode_times_are_checked(files: dict[str, Path], tmp_path: Path) -> None:
    """Two times swapped: the first is named by the action chain; with the chain rewritten,
    the second, which goes back in time."""
    lines = load(files["blast"])
    actions = actions_of(lines, 0)
    i = next(i for i in range(1, len(actions)) if actions[i][2] > actions[i - 1][2])
    actions[i][2], actions[i - 1][2] = actions[i - 1][2], actions[i][2]
    path = save(tmp_path / "t.jsonl", lines)
    refused(path, ReplayMismatch, f"game 0, round 0, action {i} (", "not the action recorded")
    refused(save(path, retagged(lines)), ReplayMismatch, f"action {i + 1}", "decrease")


# -- every change to an action is named where the record first differs --------------------

Edit = Callable[[list[Any], int, str], Iterator[list[Any]]]


def without_uno_call(actions: list[Any], i: int, colours: str) -> Iterator[list[Any]]:
    seat, text, at = actions[i]
    if text.endswith(" uno"):
        yield [*actions[:i], [seat, text.removesuffix(" uno"), at], *actions[i + 1 :]]


def another_wild_colour(actions: list[Any], i: int, colours: str) -> Iterator[list[Any]]:
    seat, text, at = actions[i]
    wild = re.fullmatch(r"(W[^:]*):([A-Z])(.*)", text)
    if wild:
        for c in colours.replace(wild[2], ""):
            yield [*actions[:i], [seat, f"{wild[1]}:{c}{wild[3]}", at], *actions[i + 1 :]]


def swapped_with_the_next(actions: list[Any], i: int, colours: str) -> Iterator[list[Any]]:
    """Actions ``i`` and ``i + 1`` in the other order, each time staying where it was."""
    if i + 1 < len(actions) and actions[i][:2] != actions[i + 1][:2]:
        (s, a, t), (s2, a2, t2) = actions[i], actions[i + 1]
        yield [*actions[:i], [s2, a2, t], [s, a, t2], *actions[i + 2 :]]


def states_of(header: dict[str, Any], line: dict[str, Any], actions: list[Any]) -> list[str]:
    """The saved state as a game's one round is dealt and after each of ``actions``; none
    if an action is refused or the round does not end."""
    game = uv.new_game(header["preset"], header["players"], line["seed"])
    states = [uv.to_json(game)]
    try:
        for seat, text, at in actions:
            game.apply(seat, text, at)
            states.append(uv.to_json(game))
    except UnoverseError:
        return []
    return states if game.over else []


def first_difference(before: list[Any], after: list[Any]) -> int:
    """The first action (from 1) at which ``after`` differs from ``before``."""
    pairs = enumerate(zip(before, after, strict=False), start=1)
    return next((i for i, (x, y) in pairs if x != y), min(len(before), len(after)) + 1)


def quiet_edit(lines: Lines, edit: Edit) -> tuple[int, int]:
    """Apply to ``lines`` the first change ``edit`` makes that keeps every action legal and
    changes the course of the game but not its end; the game, and the first action that
    differs."""
    header = lines[0]
    colours = "".join(COLOR_LETTERS[c] for c in uv.new_game(header["preset"], 2, 0).rules.colors)
    for game, line in enumerate(lines[1:]):
        rnd = line["rounds"][0]
        before = states_of(header, line, rnd["actions"])
        for i in range(len(rnd["actions"])):
            for changed in edit(rnd["actions"], i, colours):
                after = states_of(header, line, changed)
                if after and after[-1] == before[-1] and after != before:
                    first = first_difference(rnd["actions"], changed)
                    rnd["actions"] = changed
                    return game, first
    raise AssertionError(f"no {edit.__name__} in the file")


def unkept_edit(edit: Edit) -> Callable[[Lines], tuple[int, int]]:
    """The first change ``edit`` makes that leaves every state of its game as it was: what
    no state hash can see."""

    def apply(lines: Lines) -> tuple[int, int]:
        header = lines[0]
        colours = "".join(
            COLOR_LETTERS[c] for c in uv.new_game(header["preset"], 2, 0).rules.colors
        )
        for game, line in enumerate(lines[1:]):
            rnd = line["rounds"][0]
            before = states_of(header, line, rnd["actions"])
            for i in range(len(rnd["actions"])):
                for changed in edit(rnd["actions"], i, colours):
                    if changed != rnd["actions"] and states_of(header, line, changed) == before:
                        first = first_difference(rnd["actions"], changed)
                        rnd["actions"] = changed
                        return game, first
        raise AssertionError(f"no {edit.__name__} that the game does not keep")

    return apply


def later_time(actions: list[Any], i: int, colours: str) -> Iterator[list[Any]]:
    """Action ``i`` half a millisecond later, still in order."""
    seat, text, at = actions[i]
    if i + 1 == len(actions) or actions[i + 1][2] >= at + 0.5:
        yield [*actions[:i], [seat, text, at + 0.5], *actions[i + 1 :]]


def inserted(lines: Lines) -> tuple[int, int]:
    """A draw by the seat of action 10, at its time, before it."""
    actions = actions_of(lines)
    actions.insert(9, [actions[9][0], "draw", actions[9][2]])
    return 1, 10


def last_removed(lines: Lines) -> tuple[int, int]:
    actions = actions_of(lines)
    actions.pop()
    return 1, len(actions) + 1


def swapped(lines: Lines) -> tuple[int, int]:
    """Game 1's first two neighbouring actions from action 7 on by two seats, in each other's
    place."""
    actions = actions_of(lines)
    i = next(i for i in range(6, len(actions)) if actions[i][0] != actions[i + 1][0])
    actions[i], actions[i + 1] = actions[i + 1], actions[i]
    return 1, i + 1


CHANGED = "not the action recorded there"
#: Each edit: the file it is made in, the edit (it returns the game and the first action
#: that differs) and what the message says of that action.
EDITS: dict[str, tuple[str, Callable[[Lines], tuple[int, int]], str]] = {
    # what the game's state does not keep: no state hash sees it
    "an arrival time outside BLAST mode": ("classic", unkept_edit(later_time), CHANGED),
    "the colour of a BLAST-mode play refused as simultaneous": (
        "blast",
        unkept_edit(another_wild_colour),
        CHANGED,
    ),
    # moves that stay legal and leave the round ending as it did
    "a removed UNO call": ("classic", lambda ls: quiet_edit(ls, without_uno_call), CHANGED),
    "a changed wild colour": ("classic", lambda ls: quiet_edit(ls, another_wild_colour), CHANGED),
    "a changed wild colour in BLAST mode": (
        "blast",
        lambda ls: quiet_edit(ls, another_wild_colour),
        CHANGED,
    ),
    "two moves swapped, each at the other's time": (
        "blast",
        lambda ls: quiet_edit(ls, swapped_with_the_next),
        CHANGED,
    ),
    "two actions swapped": ("classic", swapped, CHANGED),
    "an action inserted": ("classic", inserted, CHANGED),
    "the last action removed": ("classic", last_removed, ": missing (field 'tags' records"),
}


@pytest.mark.parametrize("name", sorted(EDITS))
def test_every_change_to_an_action_is_named_at_the_first_that_differs(
    files: dict[str, Path], tmp_path: Path, name: str
) -> None:
    """The action chain names the first action that differs from the record, whatever the
    change does to the game (a hash of the state, however often, misses what the state does
    not keep)."""
    file, edit, why = EDITS[name]
    lines = load(files[file])
    game, action = edit(lines)
    path = save(tmp_path / "t.jsonl", lines)
    message = refused(path, ReplayMismatch, why)
    assert message.startswith(f"{path}, line {game + 2}, game {game}, round 0, action {action}")


def test_resimulation_checks_the_bots_and_their_times(
    files: dict[str, Path], tmp_path: Path
) -> None:
    assert verify_replay(files["classic"], resimulate=True) == verify_replay(files["classic"])
    path = tmp_path / "t.jsonl"
    lines = load(files["classic"])
    lines[0]["bots"] = ["random"] * 3  # a valid spec: only playing again tells
    save(path, lines)
    with pytest.raises(ReplayMismatch, match=r"line 2, game 0, round 0: action \d+ differs"):
        verify_replay(path, resimulate=True)
    lines = load(files["classic"])
    actions_of(lines)[3][2] += 0.5  # still in order: the engine does not read it in Classic
    save(path, retagged(lines))  # the action chain rewritten to match: only the bots tell
    verify_replay(path)
    with pytest.raises(ReplayMismatch, match=r"line 3, game 1, round 0: action 4 differs"):
        verify_replay(path, resimulate=True)


def test_replay_round_refuses_malformed_records_typed() -> None:
    rnd = json.loads(
        json.dumps(play_one(Simulation("classic", 3, 1, 9), 0, hashes=True).rounds[0].to_dict())
    )
    assert replay_round("classic", 3, rnd, "here") == len(rnd["actions"])
    for bad, field in [
        (None, "a round record"),
        ({**rnd, "seed": True}, "'seed'"),
        ({**rnd, "actions": [[0, "draw"]]}, "action 1"),
        ({**rnd, "tags": None}, "'tags'"),
        ({**rnd, "hashes": [[0]]}, "'hashes'"),
        ({**rnd, "winner": "0"}, "'winner'"),
    ]:
        with pytest.raises(NotationError, match=field):
            replay_round("classic", 3, bad, "here")


# -- unfinished games -------------------------------------------------------------------


def test_a_game_at_the_action_cap_is_reported_unfinished_not_fatal(tmp_path: Path) -> None:
    sim = Simulation("classic", 3, 8, 1, max_actions=60)
    path, report = written(tmp_path, "cap.jsonl", sim)
    unfinished = report["unfinished_games"]
    assert report["unfinished"] == len(unfinished) > 0 and report["finished"] > 0
    assert report["finished"] + report["unfinished"] == 8
    for g in unfinished:
        assert g["seed"] == derive(1, "game", g["game"])
    # winners count the finished games only
    assert sum(w["wins"] for w in report["wins"]) == pytest.approx(report["finished"])
    assert all(w["rate"] == pytest.approx(w["wins"] / report["finished"]) for w in report["wins"])
    assert verify_replay(path).unfinished == len(unfinished)
    lines = load(path)
    index = unfinished[0]["game"]
    line = lines[index + 1]
    assert line["unfinished"] is True and line["winners"] == []
    rnd = line["rounds"][0]
    assert len(rnd["actions"]) == 60 and rnd["winner"] == -1 and rnd["hashes"][-1][0] == 60
    where = f"game {index}"
    for tamper, error, fragments in [
        (_set((index + 1, "unfinished"), False), ReplayMismatch, (where, "'unfinished'")),
        (_set((index + 1, "winners"), [0]), ReplayMismatch, (where, "'winners'")),
        (_set((index + 1, "rounds", 0, "winner"), 0), ReplayMismatch, (where, "'winner'")),
        (_set((0, "max_actions"), 61), ReplayMismatch, (where, "does not end after its 60")),
        (_set((0, "max_actions"), 0), NotationError, ("header", "'max_actions'")),
    ]:
        changed = load(path)
        tamper(changed)
        refused(save(tmp_path / "t.jsonl", changed), error, *fragments)


def test_an_unfinished_match_keeps_its_rounds_and_replays(tmp_path: Path) -> None:
    sim = Simulation("classic", 2, 4, 0, match=True, max_actions=120)
    path, report = written(tmp_path, "cap.jsonl", sim)
    assert report["unfinished"] > 0 and report["finished"] > 0
    lines = load(path)
    several = [g for g in lines[1:] if g["unfinished"] and len(g["rounds"]) > 1]
    assert several, "an unfinished match with finished rounds before the one at the cap"
    assert all(r["winner"] >= 0 for r in several[0]["rounds"][:-1])
    assert verify_replay(path, resimulate=True).unfinished == report["unfinished"]
    several[0]["rounds"].append(several[0]["rounds"][-1])
    refused(save(tmp_path / "t.jsonl", lines), ReplayMismatch, "stopped unfinished")


@pytest.mark.deep  # a 20,000-action game takes seconds
def test_random_bots_reach_the_real_cap_in_minecraft_and_the_run_goes_on(tmp_path: Path) -> None:
    sim = Simulation("minecraft", 4, 3, 17, "random")  # game 2 does not end
    path, report = written(tmp_path, "mc.jsonl", sim)
    assert report["unfinished_games"] == [{"game": 2, "seed": derive(17, "game", 2)}]
    assert report["finished"] == 2
    assert verify_replay(path).unfinished == 1


class Stubborn(Bot):
    """Answers every window with a challenge, which the session refuses, again and again."""

    name = "stubborn"

    def act(self, view: View, legal: Sequence[Action]) -> Action | None:
        return parse_action("challenge")


def test_a_bot_that_repeats_a_refused_answer_still_stops_the_run() -> None:
    register_bot(Stubborn)
    try:  # the bot's defect, not an unfinished game: a round with few actions
        with pytest.raises(BotError, match="answers refused"):
            run(Simulation("classic", 2, 1, 0, "stubborn", max_actions=50))
    finally:
        del BOTS["stubborn"]


# -- writing the file ---------------------------------------------------------------------


def test_a_refused_run_never_touches_the_file(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text("a previous run\n")
    for sim in [
        Simulation("classic", 3, 4, 1, bots="xyz"),
        Simulation("classic", 11, 4, 1),
        Simulation("nope", 3, 4, 1),
    ]:
        with pytest.raises(UnoverseError):
            write_replay(sim, path)
    assert path.read_text() == "a previous run\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]


@pytest.mark.parametrize("stop", [KeyboardInterrupt, BadBotSpec])
def test_a_stopped_run_keeps_its_games_apart_and_the_file_as_it_was(
    tmp_path: Path, stop: type[BaseException]
) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text("a previous run\n")

    def progress(done: int, total: int) -> None:
        if done == 2:
            raise stop("stopped")

    with pytest.raises(stop) as info:
        write_replay(Simulation("classic", 3, 5, 1), path, progress=progress)
    kept = partial_path(path)
    assert info.value.__notes__ == [f"the games played so far are kept in {kept}"]
    assert path.read_text() == "a previous run\n"
    lines = load(kept)
    assert lines[0]["games"] == 5 and [g["game"] for g in lines[1:]] == [0, 1]
    refused(kept, ReplayMismatch, "ends after 2 of the 5 games")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl", "games.jsonl.partial"]


def test_a_finished_run_replaces_the_file(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text("a previous run\n")
    write_replay(Simulation("classic", 3, 2, 1), path)
    assert verify_replay(path).games == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]


def test_a_write_error_keeps_nothing_and_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="No space left"):
        write_replay(Simulation("classic", 3, 200, 1), Path("/dev/full"))
    with pytest.raises(IsADirectoryError):
        write_replay(Simulation("classic", 3, 2, 1), tmp_path)
    assert list(tmp_path.iterdir()) == []
