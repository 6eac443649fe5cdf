"""Game files a server exports (``/api/games/{id}/export``, ``server.export``; docs/replay.md):
``unoverse replay`` verifies a genuine one, names the first action a changed one differs at
(even a change the game's state does not keep), and refuses every malformed one with a
one-line typed error, without the server's extra."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import unoverse as uv
from unoverse.bots.base import make_bot
from unoverse.core.cards import COLOR_LETTERS
from unoverse.core.errors import NotationError, ReplayMismatch, UnoverseError
from unoverse.server import export as game_file
from unoverse.server.export import export, verify
from unoverse.server.shuffle import Deal
from unoverse.server.store import Entry, GameRecord
from unoverse.sim.driver import RoundRecord, play_round

pytestmark = pytest.mark.engine_build

#: A BLAST-mode round of three seats: wild plays whose colour is changed, every action legal.
PRESET, PLAYERS, SEED = "blast+blast.mode=blast", 3, 5


def exported(preset: str = PRESET, players: int = PLAYERS, seed: int = SEED) -> dict[str, Any]:
    """The file of a round played by bots, as the server exports it."""
    game = uv.new_game(preset, players, seed)
    bots = [make_bot("naive", seed, s) for s in range(players)]
    log = play_round(game, bots, RoundRecord(seed, None)).actions
    deal = Deal(seed, "5a" * 32)
    record = GameRecord(
        7, "ROOM", preset, players, seed, None, salt=deal.salt, commitment=deal.commitment
    )
    entries = [Entry(seat, action, at, version) for version, (seat, action, at) in enumerate(log)]
    data = json.loads(json.dumps(export(record, entries)))  # as the server sends it
    assert isinstance(data, dict)
    return data


@pytest.fixture(scope="module")
def original() -> dict[str, Any]:
    return exported()


def written(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    return path


def refused(path: Path, error: type[UnoverseError], *fragments: str) -> None:
    with pytest.raises(error) as info:
        verify(path)
    message = str(info.value)
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message, message


def test_a_game_file_verifies_with_its_action_chain_and_a_hash_every_100_actions(
    original: dict[str, Any], tmp_path: Path
) -> None:
    for data in (original, exported("classic", 3, 8)):
        n = len(data["actions"])
        assert data["format"] == "unoverse-game/3"
        assert re.fullmatch(f"[0-9a-f]{{{8 * n}}}", data["tags"])
        assert [k for k, _ in data["hashes"]] == [*range(0, n, 100), n]
        path = written(tmp_path, data)
        assert game_file.is_export(path) and verify(path) == [n]
    assert n == 171  # the Classic round has a link after action 100


#: A wild play's colour, and the colour to name instead.
WILD = re.compile(r"(W[^:]*):([A-Z])")


def test_a_changed_wild_colour_is_named_at_its_action(
    original: dict[str, Any], tmp_path: Path
) -> None:
    """The first wild whose colour, changed, keeps every action legal and changes the game:
    refused at that very action, by the action chain."""
    colours = [COLOR_LETTERS[c] for c in uv.new_game(PRESET, PLAYERS, SEED).rules.colors]
    actions = original["actions"]
    before = states_of(actions)
    for i, (seat, text, at) in enumerate(actions):
        wild = WILD.fullmatch(text)
        if wild is None or wild[2] == colours[0]:
            continue
        changed = [*actions[:i], [seat, f"{wild[1]}:{colours[0]}", at], *actions[i + 1 :]]
        if states_of(changed) not in ([], before):
            break
    else:
        raise AssertionError("no wild play whose colour changes the game")
    path = written(tmp_path, {**original, "actions": changed})
    refused(path, ReplayMismatch, f"{path}, action {i + 1} (", "not the action recorded there")


def test_what_the_games_state_does_not_keep_is_named_at_its_action(
    original: dict[str, Any], tmp_path: Path
) -> None:
    """The colour named with a BLAST-mode play refused as simultaneous, and an arrival time
    in Classic, where the rules do not read it: no state hash sees them; the action chain
    names them."""
    colours = [COLOR_LETTERS[c] for c in uv.new_game(PRESET, PLAYERS, SEED).rules.colors]
    actions = original["actions"]
    before = states_of(actions)
    for i, (seat, text, at) in enumerate(actions):
        wild = WILD.fullmatch(text)
        if wild is None:
            continue
        colour = next(c for c in colours if c != wild[2])
        changed = [*actions[:i], [seat, f"{wild[1]}:{colour}", at], *actions[i + 1 :]]
        if states_of(changed) == before:
            break
    else:
        raise AssertionError("no wild play refused as simultaneous")
    path = written(tmp_path, {**original, "actions": changed})
    refused(path, ReplayMismatch, f"{path}, action {i + 1} (", "not the action recorded there")

    classic = exported("classic", 3, 11)
    actions = classic["actions"]
    later = [*actions[:-1], [*actions[-1][:2], actions[-1][2] + 0.5]]
    assert states_of(later, "classic", 11) == states_of(actions, "classic", 11)
    path = written(tmp_path, {**classic, "actions": later})
    refused(path, ReplayMismatch, f"action {len(actions)} (", "not the action recorded there")
    assert verify(written(tmp_path, classic)) == [len(actions)]


def states_of(actions: list[Any], preset: str = PRESET, seed: int = SEED) -> list[str]:
    """The saved state after each action of the round (none if one is refused)."""
    game = uv.new_game(preset, PLAYERS, seed)
    states = []
    try:
        for seat, text, at in actions:
            game.apply(seat, text, at)
            states.append(uv.to_json(game))
    except UnoverseError:
        return []
    return states


#: Each malformed file: what is changed, and what its one-line error names.
MALFORMED: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {
    "a superscript digit seed": ({"seed": "²"}, ("'seed'", "decimal")),
    "a 5,000-digit seed": ({"seed": "9" * 5000}, ("'seed'",)),
    "a seed beyond 64 bits": ({"seed": str(2**64)}, ("'seed'",)),
    "a seed with a leading zero": ({"seed": "05"}, ("'seed'",)),
    "a seed as a number": ({"seed": SEED}, ("'seed'",)),
    "a non-ASCII commitment": ({"commitment": "é" * 64}, ("'commitment'", "hex")),
    "a short commitment": ({"commitment": "ab"}, ("'commitment'",)),
    "a non-hex salt": ({"salt": "z" * 64}, ("'salt'",)),
    "a salt as a list": ({"salt": [1]}, ("'salt'",)),
    "the oldest format": ({"format": "unoverse-game/1"}, ("only every 100 actions", "again")),
    "the format without the action chain": (
        {"format": "unoverse-game/2"},
        ("unoverse-game/2", "no record of the actions", "export the game again"),
    ),
    "another format": ({"format": "unoverse-replay/4"}, ("format", "unoverse-game/3")),
    "a format nested deep": ({"format": [[[[[[[[1]]]]]]]]}, ("format",)),
    "a game number as text": ({"game": "7"}, ("'game'",)),
    "a game number written true": ({"game": True}, ("'game'",)),
    "players as text": ({"players": "3"}, ("'players'",)),
    "players out of range": ({"players": 10**30}, ("'players'", "played by 2 to 10")),
    "a preset of another type": ({"preset": 5}, ("'preset'",)),
    "an unknown preset": ({"preset": "nope"}, ("'preset'", "unknown variant")),
    "actions as an object": ({"actions": {}}, ("'actions'",)),
    "hashes as text": ({"hashes": "x"}, ("'hashes'",)),
    "tags as a number": ({"tags": 7}, ("'tags'",)),
    "no tags": ({"tags": None}, ("'tags'", "8 lowercase hex digits per action")),
    "a winner out of range": ({"winner": 9}, ("'winner'",)),
    "a dealer written true": ({"dealer": True}, ("'dealer'",)),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_game_file_gets_a_typed_error(
    original: dict[str, Any], tmp_path: Path, name: str
) -> None:
    change, fragments = MALFORMED[name]
    refused(written(tmp_path, {**original, **change}), NotationError, *fragments)


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        (b"\xff\xfe not text", ("not UTF-8",)),
        (b"{", ("not valid JSON",)),
        (b"[" * 100_000 + b"]" * 100_000, ("nested too deeply",)),
        (b'{"seed": ' + b"1" * 5000 + b"}", ("not valid JSON",)),
        (b'{"winner": NaN}', ("NaN",)),
        (b"[]", ("has the fields",)),
    ],
)
def test_text_that_is_not_a_game_file_gets_a_typed_error(
    tmp_path: Path, text: bytes, fragments: tuple[str, ...]
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(text)
    refused(path, NotationError, *fragments)


def test_deep_nesting_inside_the_file_gets_a_typed_error(
    original: dict[str, Any], tmp_path: Path
) -> None:
    nested = {**original, "actions": json.loads("[" * 900 + "]" * 900)}
    refused(written(tmp_path, nested), NotationError, "action 1")
    nested = {**original, "preset": json.loads("[" * 900 + "]" * 900)}
    refused(written(tmp_path, nested), NotationError, "'preset'")


def test_a_file_over_the_limit_is_refused_unread(
    original: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game_file, "MAX_LINE_BYTES", 1000)
    refused(written(tmp_path, original), NotationError, "at most 1000 bytes")


def test_the_replay_command_reads_a_game_file_without_the_server_extra(
    original: dict[str, Any], tmp_path: Path
) -> None:
    """The server's packages (the ``server`` extra) are not needed to check its files."""
    path = written(tmp_path, original)
    blocked = ("sqlalchemy", "alembic", "aiosqlite", "fastapi", "uvicorn", "msgspec")
    code = (
        f"import sys; sys.modules.update(dict.fromkeys({blocked!r}));"
        "sys.argv = ['unoverse', 'replay', sys.argv[1]];"
        "from unoverse.cli.app import main; main()"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and done.stdout.startswith("ok: the seed and salt match"), (
        done.stderr
    )
