"""Fuzzing replay files: a mutated file (bytes flipped, lines dropped, duplicated or swapped,
JSON values changed or retyped at random paths, text cut short, numbers and nesting blown
up, an action's time moved) is either refused with a one-line ``UnoverseError`` or is
exactly the file its own header's run writes (a mutation that changes nothing, such as
whitespace), and then its counts are that run's. Never another exception.

The files come from small runs: Classic, Blast's BLAST mode (no deadlines) and a match of
Classic. The default check alone passes only the games as they were written, every action
as it was (the action chain); with ``resimulate``, a file that verifies is one the bots
reproduce."""

from __future__ import annotations

import json
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from unoverse.core.errors import UnoverseError
from unoverse.sim.run import write_replay
from unoverse.sim.simulate import Replayed, Simulation, verify_replay

from .json_mutations import Draw, cut, flip_bytes, retype, walk

RUNS = {
    "classic": Simulation("classic", 3, 3, 2),
    "blast": Simulation("blast+mode=blast", 3, 2, 5),
    "match": Simulation("classic", 2, 1, 4, match=True),
}


@cache
def original(name: str) -> bytes:
    """The replay file of one of ``RUNS``."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "run.jsonl"
        write_replay(RUNS[name], path)
        return path.read_bytes()


@cache
def counts(name: str) -> Replayed:
    lines = [json.loads(line) for line in original(name).splitlines()]
    actions = sum(len(r["actions"]) for g in lines[1:] for r in g["rounds"])
    return Replayed(len(lines) - 1, actions, sum(g["unfinished"] for g in lines[1:]))


# -- mutations: each draws what it needs and returns the new file -------------------------


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.sampled_from([0, 1, 2, 3, -1, 100, 20_000])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8)
    | st.sampled_from(["R5", "draw", "take", "uno", "W+4:B", "challenge", "naive", "classic"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


def lines_of(data: bytes) -> list[bytes]:
    return data.split(b"\n")[:-1]  # the file ends with a newline


def joined(lines: list[bytes]) -> bytes:
    return b"".join(line + b"\n" for line in lines)


def line_op(data: bytes, draw: Draw) -> bytes:
    lines = lines_of(data)
    i = draw(st.integers(0, len(lines) - 1))
    j = draw(st.integers(0, len(lines) - 1))
    op = draw(st.sampled_from(["drop", "duplicate", "swap", "blank"]))
    if op == "drop":
        del lines[i]
    elif op == "duplicate":
        lines.insert(j, lines[i])
    elif op == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    else:
        lines.insert(i, b" ")
    return joined(lines)


def json_op(data: bytes, draw: Draw) -> bytes:
    lines = lines_of(data)
    i = draw(st.integers(0, len(lines) - 1))
    value = json.loads(lines[i])
    parent, key = walk(value, draw)
    if parent is None:
        return data
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
    lines[i] = json.dumps(value, separators=(",", ":")).encode()
    return joined(lines)


def blow_up(data: bytes, draw: Draw) -> bytes:
    """A number of thousands of digits, or brackets nested thousands deep, in place of a
    stretch of one line."""
    lines = lines_of(data)
    i = draw(st.integers(0, len(lines) - 1))
    line = lines[i]
    at = draw(st.integers(0, len(line)))
    depth = draw(st.sampled_from([900, 5_000, 30_000]))
    junk = draw(st.sampled_from([b"7" * depth, b"[" * depth + b"]" * depth, b"-" + b"9" * depth]))
    lines[i] = line[:at] + junk + line[at + draw(st.integers(0, 12)) :]
    return joined(lines)


def later(data: bytes, draw: Draw) -> bytes:
    """One action of one game a little later, still in order: in Classic, a time the rules
    do not read."""
    lines = lines_of(data)
    g = draw(st.integers(1, len(lines) - 1))
    value = json.loads(lines[g])
    actions = draw(st.sampled_from(value["rounds"]))["actions"]
    n = len(actions)
    i = draw(
        st.sampled_from([i for i in range(n) if i + 1 == n or actions[i + 1][2] > actions[i][2]])
    )
    limit = actions[i + 1][2] if i + 1 < n else actions[i][2] + 1000.0
    actions[i][2] = draw(st.floats(actions[i][2], limit, exclude_min=True))
    lines[g] = json.dumps(value, separators=(",", ":")).encode()
    return joined(lines)


def whitespace(data: bytes, draw: Draw) -> bytes:
    """Spaces between tokens and CRLF line ends: the same file."""
    lines = lines_of(data)
    i = draw(st.integers(0, len(lines) - 1))
    lines[i] = json.dumps(json.loads(lines[i]), indent=draw(st.sampled_from([None, 1]))).encode()
    lines[i] = lines[i].replace(b"\n", b" ") + draw(st.sampled_from([b"", b" ", b"\r", b"\t"]))
    return joined(lines)


MUTATIONS = [flip_bytes, cut, line_op, json_op, json_op, json_op, blow_up, later, whitespace]


def games_of(data: bytes) -> list[Any]:
    """A file's game lines, as JSON values."""
    return [json.loads(line) for line in data.splitlines()[1:]]


def is_written_by_its_header(path: Path) -> Replayed:
    """The file is (as JSON values) the one its header's run writes; that run's counts."""
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    h = lines[0]
    sim = Simulation(
        h["preset"], h["players"], h["games"], h["seed"], ",".join(h["bots"]), h["match"],
        h["max_actions"],
    )  # fmt: skip
    again = path.with_suffix(".again")
    write_replay(sim, again)
    assert lines == [json.loads(line) for line in again.read_text().splitlines()]
    return verify_replay(again)


@pytest.mark.parametrize("name", sorted(RUNS))
@given(data=st.data())
def test_a_mutated_replay_file_verifies_exactly_or_is_refused_in_one_line(
    name: str, data: st.DataObject
) -> None:
    mutation = data.draw(st.sampled_from(MUTATIONS))
    mutated = mutation(original(name), data.draw)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "run.jsonl"
        path.write_bytes(mutated)
        try:
            checked = verify_replay(path)
            assert mutation is not later, "a changed time verifies"
            assert games_of(mutated) == games_of(original(name))  # every action as it was
            done = verify_replay(path, resimulate=True)  # and the header's bots play them
        except UnoverseError as exc:
            event(f"{mutation.__name__}: refused ({type(exc).__name__})")
            message = str(exc)
            assert message and "\n" not in message and "Traceback" not in message
            assert mutation is not whitespace, f"a whitespace change refused: {message}"
            return
        event(f"{mutation.__name__}: verifies")
        assert done == checked == is_written_by_its_header(path)
        if mutated == original(name) or mutation is whitespace:
            assert done == counts(name)
