"""A session's arguments that are not times it can use are ``BadTime``, its own typed error,
and change nothing: arrival times beyond any float, a time to ``advance`` to that is not a
number, and settings (deadline, stall time, horizon, start, idle limit) of the wrong type,
NaN, infinite or out of range, when the session is made. The compiled build takes the same
arguments (they are typed ``object``) and gives the same errors."""

from __future__ import annotations

import math

import pytest

import unoverse as uv
from unoverse.core.codec import state_hash
from unoverse.core.errors import UnoverseError
from unoverse.match.session import BadTime, Session

#: Seat 0 to move, with a card to play.
TURN = "hands: R3 G4 | R1 R2 | B1 B2; top: R5@2; turn: 0"


def shown(value: object) -> str:
    """A parameter's id: its type and the start of its text."""
    return f"{type(value).__name__} {str(value)[:12]}"


@pytest.mark.parametrize("at", [10**400, -(10**400), "10", None, True, [1.0]], ids=shown)
def test_an_arrival_time_that_is_no_float_is_refused_as_bad_time(at: object) -> None:
    session = Session(uv.position(TURN), 0)
    before = state_hash(session.game)
    ack = session.submit(0, "R3", at)
    assert not ack.ok and ack.code == "bad_time", ack
    assert "\n" not in ack.message and len(ack.message) < 200
    assert state_hash(session.game) == before and session.log == [] and session.now == 0.0


@pytest.mark.parametrize("now", ["x", None, True, 10**400, -(10**400), math.nan, [5.0]], ids=shown)
def test_advance_to_what_is_not_a_time_is_bad_time_and_processes_nothing(now: object) -> None:
    session = Session(uv.position(TURN), 0)
    session.receive(0, "R3", 10.0)
    with pytest.raises(BadTime, match=r"^advance to "):
        session.advance(now)
    assert session.queued == 1 and session.log == []


def test_advance_to_infinity_still_processes_everything() -> None:
    session = Session(uv.position(TURN), 0)
    session.receive(0, "R3", 10.0)
    (ack,) = session.advance(math.inf)
    assert ack.ok and session.now == 10.0


@pytest.mark.parametrize(
    "kwargs",
    [
        {"deadline_ms": "5"},
        {"deadline_ms": math.nan},
        {"deadline_ms": -math.inf},
        {"deadline_ms": 10**400},
        {"deadline_ms": True},
        {"stall_ms": "250"},
        {"stall_ms": math.inf},
        {"horizon_ms": None},
        {"horizon_ms": math.nan},
        {"start": "0"},
        {"start": math.nan},
        {"start": 10**400},
        {"idle_limit": "3"},
        {"idle_limit": 2.0},
        {"idle_limit": True},
        {"idle_limit": 0},
    ],
    ids=lambda kwargs: ", ".join(f"{k}={shown(v)}" for k, v in kwargs.items()),
)
def test_a_setting_of_the_wrong_type_or_range_is_bad_time(kwargs: dict[str, object]) -> None:
    name = next(iter(kwargs))
    with pytest.raises(BadTime, match=f"^{name} ") as refused:
        Session(uv.position(TURN), 0, **kwargs)  # type: ignore[arg-type]
    assert isinstance(refused.value, UnoverseError) and refused.value.code == "bad_time"
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 200


def test_settings_given_as_integers_are_times() -> None:
    session = Session(uv.position(TURN), 0, deadline_ms=5, start=3, horizon_ms=100, idle_limit=2)
    assert session.deadline() == 8.0 and session.now == 3.0 and session.horizon_ms == 100.0
