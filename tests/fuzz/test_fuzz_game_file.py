"""Fuzzing the game files a server exports (``server.export.verify``, what ``unoverse replay``
runs on them): a mutated file (bytes flipped, text cut short, JSON values changed or retyped
at random paths, hostile seeds, salts and commitments, numbers and nesting blown up) is
either refused with a one-line ``UnoverseError`` or is the same game as the file it came
from, every action as it was (a change that is not one of the game, such as whitespace, the
case of the salt's hex digits or the spelling of the preset), and then it verifies with the
same count. Never another exception.

The files come from rounds played by bots: Classic, and Blast's BLAST mode, whose arrival
times are part of the state. (The model: ``test_fuzz_replay``, for the simulator's files.)"""

from __future__ import annotations

import json
import tempfile
from functools import cache
from pathlib import Path

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import unoverse as uv
from unoverse.bots.base import make_bot
from unoverse.core.errors import UnoverseError
from unoverse.core.setup import resolve_preset
from unoverse.server.export import export, verify
from unoverse.server.shuffle import Deal
from unoverse.server.store import Entry, GameRecord
from unoverse.sim.driver import RoundRecord, play_round

from .json_mutations import Draw, cut, flip_bytes, retype, walk

GAMES = {"classic": ("classic", 3, 11), "blast": ("blast+blast.mode=blast", 3, 5)}


@cache
def original(name: str) -> bytes:
    """The file of one of ``GAMES``, as the server exports it."""
    preset, players, seed = GAMES[name]
    game = uv.new_game(preset, players, seed)
    bots = [make_bot("naive", seed, s) for s in range(players)]
    log = play_round(game, bots, RoundRecord(seed, None)).actions
    deal = Deal(seed, "c3" * 32)
    record = GameRecord(
        4, "ROOM", preset, players, seed, None, salt=deal.salt, commitment=deal.commitment
    )
    entries = [Entry(seat, action, at, version) for version, (seat, action, at) in enumerate(log)]
    return json.dumps(export(record, entries)).encode()


# -- mutations: each draws what it needs and returns the new file -------------------------


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.sampled_from([0, 1, 2, 3, -1, 100, 2**64])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8)
    | st.sampled_from(["²", "é" * 64, "0" * 64, "05", "unoverse-game/1", "W:G"])
    | st.integers(4300, 6000).map(lambda digits: "9" * digits),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)
#: The fields a hostile value most often goes into.
FIELDS = ("seed", "salt", "commitment", "format", "game", "players", "preset", "winner", "tags")


def json_op(data: bytes, draw: Draw) -> bytes:
    value = json.loads(data)
    if draw(st.booleans()):
        parent, key = value, draw(st.sampled_from(FIELDS))
    else:
        parent, key = walk(value, draw)
    op = draw(st.sampled_from(["replace", "retype", "delete", "add"]))
    if op == "replace":
        parent[key] = draw(JSON_VALUES)
    elif op == "retype":
        parent[key] = retype(parent[key], draw)
    elif op == "delete":
        del parent[key]
    elif isinstance(parent, dict):
        parent[draw(st.text(max_size=6))] = draw(JSON_VALUES)
    else:
        parent.insert(key, draw(JSON_VALUES))
    return json.dumps(value).encode()


def blow_up(data: bytes, draw: Draw) -> bytes:
    """A number of thousands of digits, or brackets nested thousands deep, in place of a
    stretch of the text."""
    at = draw(st.integers(0, len(data)))
    depth = draw(st.sampled_from([900, 5_000, 30_000]))
    junk = draw(st.sampled_from([b"7" * depth, b"[" * depth + b"]" * depth, b"-" + b"9" * depth]))
    return data[:at] + junk + data[at + draw(st.integers(0, 12)) :]


def later(data: bytes, draw: Draw) -> bytes:
    """One action a little later, still in order: in Classic, a time the rules do not read."""
    value = json.loads(data)
    actions = value["actions"]
    n = len(actions)
    i = draw(
        st.sampled_from([i for i in range(n) if i + 1 == n or actions[i + 1][2] > actions[i][2]])
    )
    limit = actions[i + 1][2] if i + 1 < len(actions) else actions[i][2] + 1000.0
    actions[i][2] = draw(st.floats(actions[i][2], limit, exclude_min=True))
    return json.dumps(value).encode()


def whitespace(data: bytes, draw: Draw) -> bytes:
    """Another layout of the same JSON."""
    return json.dumps(json.loads(data), indent=draw(st.sampled_from([None, 1, 4]))).encode()


MUTATIONS = [flip_bytes, cut, json_op, json_op, json_op, blow_up, later, whitespace]


def same_game(mutated: bytes, name: str) -> bool:
    """Whether ``mutated`` is the file's game: every field as it was (every action, whatever
    the game keeps of it, the action chain and the state-hash chain included) but the
    server's game number, the preset's spelling (the same variant and options) and the case
    of the salt's and commitment's hex digits."""
    new, old = json.loads(mutated), json.loads(original(name))
    loose = {"game", "preset", "salt", "commitment"}
    if {k: v for k, v in new.items() if k not in loose} != {
        k: v for k, v in old.items() if k not in loose
    }:
        return False
    same_deal = all(new[k].lower() == old[k] for k in ("salt", "commitment"))
    return same_deal and resolve_preset(new["preset"]) == resolve_preset(old["preset"])


@pytest.mark.parametrize("name", sorted(GAMES))
@given(data=st.data())
def test_a_mutated_game_file_verifies_as_the_same_game_or_is_refused_in_one_line(
    name: str, data: st.DataObject
) -> None:
    mutation = data.draw(st.sampled_from(MUTATIONS))
    mutated = mutation(original(name), data.draw)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        path.write_bytes(mutated)
        try:
            count = verify(path)
        except UnoverseError as exc:
            event(f"{mutation.__name__}: refused ({type(exc).__name__})")
            message = str(exc)
            assert message and "\n" not in message and "Traceback" not in message
            assert mutation is not whitespace, f"a whitespace change refused: {message}"
            return
    assert mutation is not later, "a changed time verifies"
    event(f"{mutation.__name__}: verifies")
    assert same_game(mutated, name)
    assert count == [len(json.loads(original(name))["actions"])]
