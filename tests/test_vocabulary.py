"""The vocabulary of events and windows: docs/notation.md against the schemas, the wire
form, redaction, and the readable log.

docs/notation.md lists every event kind and window kind in a table (kind, fields,
visibility or mandatory, meaning, a JSON example); these tests read the tables and hold
them to ``events.SCHEMA`` and ``windows.WINDOW_SCHEMA``, so the docs cannot drift from the
engine. Which events the engine really emits is checked by
tests/conformance/test_vocabulary_playouts.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import unoverse as uv
from unoverse.core import events as ev
from unoverse.core import windows as win
from unoverse.core.events import (
    PUBLIC,
    SCHEMA,
    SPLIT,
    VISIBILITY_NAMES,
    Event,
    redact,
)
from unoverse.core.sentences import describe, hand_left
from unoverse.core.windows import WINDOW_SCHEMA, Window

pytestmark = pytest.mark.engine_build

NOTATION = (Path(__file__).resolve().parents[1] / "docs" / "notation.md").read_text()


def table(header: str) -> list[list[str]]:
    """The rows of the table of docs/notation.md whose header row is ``header``, each cell
    stripped."""
    lines = NOTATION.split("\n")
    start = lines.index(header) + 2  # past the header and the rule
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split(" | ")])
    return rows


def names(cell: str) -> tuple[str, ...]:
    """The field names of a ``fields`` cell (`` `seat` `cards` ``; ``—`` for none)."""
    return tuple(re.findall(r"`([a-z_]+)`", cell))


def example(cell: str) -> dict[str, object]:
    assert cell.startswith("`{") and cell.endswith("}`"), cell
    data = json.loads(cell[1:-1])
    assert isinstance(data, dict)
    return data


EVENT_ROWS = table("| kind | fields | visibility | meaning | example |")
WINDOW_ROWS = table("| kind | fields | mandatory | meaning | example |")
REASON_ROWS = table("| kinds | `reason` | meaning |")


def test_every_event_kind_is_documented_once_in_the_schemas_order() -> None:
    assert [row[0] for row in EVENT_ROWS] == [f"`{k}`" for k in SCHEMA]


@pytest.mark.parametrize("row", EVENT_ROWS, ids=[row[0].strip("`") for row in EVENT_ROWS])
def test_an_event_kinds_row_is_its_schema_and_its_example_reads_back(row: list[str]) -> None:
    kind, fields, vis, meaning, wire = row
    spec = SCHEMA[kind.strip("`")]
    assert names(fields) == spec.fields_used
    assert vis == VISIBILITY_NAMES[spec.vis]
    assert meaning == spec.meaning
    data = example(wire)
    event = Event.from_dict(data)
    assert event.kind == spec.kind
    assert event.to_dict() == data  # the example is written as the engine writes it


def test_every_window_kind_is_documented_once_with_its_schema() -> None:
    assert [row[0] for row in WINDOW_ROWS] == [f"`{k}`" for k in WINDOW_SCHEMA]
    for kind, fields, mandatory, meaning, wire in WINDOW_ROWS:
        spec = WINDOW_SCHEMA[kind.strip("`")]
        assert names(fields) == spec.fields_used
        assert mandatory == ("yes" if spec.mandatory else "no")
        assert meaning == spec.meaning
        window = Window.from_dict(example(wire))
        assert window.kind == spec.kind and window.to_dict() == example(wire)


def test_every_reason_is_documented_under_the_kinds_that_take_it() -> None:
    documented: dict[str, set[str]] = {}
    for kinds, reason, _meaning in REASON_ROWS:
        for kind in names(kinds):
            documented.setdefault(kind, set()).add(reason.strip("`"))
    assert documented == {k: set(s.reasons) for k, s in SCHEMA.items() if s.reasons}
    assert all(("reason" in s.fields_used) == bool(s.reasons) for s in SCHEMA.values())


def test_the_readable_log_has_a_sentence_for_every_kind() -> None:
    for row in EVENT_ROWS:
        event = Event.from_dict(example(row[4]))
        line = describe(event)
        assert line and "{" not in line and "None" not in line, (event, line)
        assert not line.startswith(f"{event.kind} "), f"{event.kind} has no sentence"


def test_the_readable_log_says_every_draw_reason_in_words() -> None:
    # the cards of several seats' draws come from the card just played, which says why
    said_by_the_card = {ev.FOR_TURN, ev.FOR_ALL_DRAW, ev.FOR_ALL_HIT}
    for kind in (ev.DRAW, ev.PRESS):
        plain = describe(Event(kind, 0, (5,), 1, reason=ev.FOR_TURN))
        for reason in ev.DRAW_REASONS:
            line = describe(Event(kind, 0, (5,), 1, reason=reason))
            assert "_" not in line and (line == plain) == (reason in said_by_the_card), line
    line = describe(Event(ev.DRAW, 0, (5,), 1, reason=ev.FOR_UNO))
    assert line == "seat 0 draws B0 for not calling UNO"


def test_the_readable_log_counts_one_card_as_one() -> None:
    assert hand_left(2, 1) == "seat 2 ends with 1 card"
    assert hand_left(0, 3) == "seat 0 ends with 3 cards"
    assert describe(Event(ev.ELIMINATED, 1, count=1)) == "seat 1 is eliminated with 1 card"
    hidden = redact(Event(ev.DRAW, 0, (5,), 1, reason=ev.FOR_PENALTY), 1)
    assert hidden is not None and describe(hidden) == "seat 0 draws 1 card (penalty)"


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (
            Event(ev.PLAY, 1, (uv.card("G+2"),), reason=ev.PLAY_STACK),
            "seat 1 plays G+2 on the penalty",
        ),
        (
            Event(ev.PLAY, 0, (uv.card("W"),), color=3, reason=ev.PLAY_ILLEGAL),
            "seat 0 plays W, declaring green (an illegal play)",
        ),
        (
            Event(ev.PLAY, 2, (uv.card("RN"),), number=7, reason=ev.PLAY_MATCH),
            "seat 2 plays RN, as a 7",
        ),
        (
            Event(ev.TAKE, 1, until_fire=True),
            "seat 1 presses until the launcher fires",
        ),
        (
            Event(ev.CHALLENGE, 1, (uv.card("W+4"),), target=0, count=4, guilty=True),
            "seat 1 challenges seat 0's W+4: guilty! seat 0 draws 4",
        ),
        (
            Event(ev.CHALLENGE, 1, (uv.card("W+4"),), target=0, count=6),
            "seat 1 challenges seat 0's W+4: it was legal; seat 1 draws 6",
        ),
        (
            Event(ev.CHALLENGE, 1, (uv.card("W+2|O4"),), target=0, count=2, guilty=True),
            "seat 1 challenges seat 0's W+2|O4: guilty! seat 0 draws 2",
        ),
        (
            Event(ev.STUCK, 2, count=3, reason=ev.STUCK_IDLE),
            "Nobody has acted for too long: the round ends, "
            "and seat 2, with the fewest cards, wins",
        ),
        (
            Event(ev.TIMEOUT, 0),
            "Time is up: every seat still due meets the BLAST challenge with its first set",
        ),
        (
            Event(ev.SIMULTANEOUS, 1, (uv.card("R7"), uv.card("G7"))),
            "seat 1's R7 was too late: G7 landed first",
        ),
    ],
)
def test_log_sentences_read_the_typed_fields(event: Event, line: str) -> None:
    assert describe(event) == line


def test_visibility_belongs_to_the_kind_and_redact_applies_it() -> None:
    draw = Event(ev.DRAW, 0, (5, 6), 2, reason=ev.FOR_TURN)
    assert draw.vis == SPLIT and redact(draw, 0) is draw
    assert redact(draw, 1) == Event(ev.DRAW, 0, (), 2, reason=ev.FOR_TURN)
    assert redact(draw, None) == Event(ev.DRAW, 0, (), 2, reason=ev.FOR_TURN)
    reveal = Event(ev.REVEAL, 0, (5,), target=1)
    assert redact(reveal, 1) is reveal and redact(reveal, 0) is None and redact(reveal, 2) is None
    play = Event(ev.PLAY, 0, (5,), reason=ev.PLAY_MATCH)
    assert play.vis == PUBLIC and redact(play, None) is play
    made_up = Event("teleport", 0, (5,))  # a kind outside the vocabulary is private
    assert redact(made_up, 1) is None and redact(made_up, None) is None


def test_an_events_repr_shows_its_kinds_fields() -> None:
    assert repr(Event(ev.SKIP, 3)) == "Event(kind='skip', seat=3)"
    assert repr(Event(ev.SKIP, 3, count=2)) == "Event(kind='skip', seat=3, count=2)"
    assert repr(Window(win.JUMP, number=12)) == "Window(kind='jump', number=12)"


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ([], "a JSON object"),
        ({"kind": "teleport"}, "not in the vocabulary"),
        ({"kind": 3}, "not in the vocabulary"),
        ({"kind": "skip"}, "missing seat"),
        ({"kind": "skip", "seat": 1, "count": 2}, "no field count"),
        ({"kind": "skip", "seat": True}, "skip: seat: a whole number"),
        ({"kind": "skip", "seat": -2}, "skip: seat: a number >= 0"),
        (
            {"kind": "draw", "seat": 0, "cards": ["Q9"], "count": 1, "reason": "turn"},
            "unknown card",
        ),
        (
            {"kind": "draw", "seat": 0, "cards": "R1", "count": 1, "reason": "turn"},
            "a list of cards",
        ),
        (
            {"kind": "draw", "seat": 0, "cards": [], "count": 1, "reason": "thirst"},
            "reason: one of",
        ),
        ({"kind": "color", "seat": 0, "color": "X"}, "unknown colour"),
        ({"kind": "take", "seat": 0, "count": 2, "until_fire": 1, "color": None}, "true or false"),
        ({"kind": "reverse", "seat": 0, "direction": 2}, "1 (clockwise) or -1"),
        ({"kind": "timeout", "seat": 0, "action": "dance"}, "unknown card 'dance'"),
        ({"kind": "timeout", "seat": 0, "action": "G4 "}, "as the notation writes it"),
    ],
)
def test_a_wire_event_outside_its_kinds_schema_is_a_notation_error(
    data: object, error: str
) -> None:
    with pytest.raises(uv.NotationError, match=re.escape(error)):
        Event.from_dict(data)


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ("turn", "a JSON object"),
        ({"kind": "lunch", "seat": 1}, "not one of"),
        ({"kind": "turn"}, "wants"),
        ({"kind": "live", "seat": 1}, "wants"),
        ({"kind": "jump", "number": "12"}, "a number >= 0"),
    ],
)
def test_a_wire_window_outside_its_kinds_schema_is_a_notation_error(
    data: object, error: str
) -> None:
    with pytest.raises(uv.NotationError, match=re.escape(error)):
        Window.from_dict(data)


def test_an_event_of_a_kind_outside_the_vocabulary_has_no_wire_form() -> None:
    with pytest.raises(uv.NotationError, match="not in the vocabulary"):
        Event("teleport", 0).to_dict()
    with pytest.raises(uv.NotationError, match="not in the vocabulary"):
        Window("lunch", 0).to_dict()


def test_the_engine_shares_one_window_per_mandatory_window_and_seat() -> None:
    game = uv.new_game("classic", 4, 7)
    assert game.windows() is game.windows()
    assert game.windows() == (Window(win.TURN, 1),) and game.windows()[0].to_dict() == {
        "kind": "turn",
        "seat": 1,
    }
