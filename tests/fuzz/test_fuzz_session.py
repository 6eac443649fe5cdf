"""The match session under hostile input (docs/match.md): any seat, any action — offered,
illegal, hand-built out of range, not an action at all — stamped at any time with any
version, interleaved with steps and advances of the clock.

Whatever arrives, ``receive``/``submit`` answer with an ``Ack`` (never an exception), a
refusal changes neither the game nor the log, the log's times never decrease, every version
is one accepted action, the log replays the round exactly, no card is lost, and with
deadlines ``advance(inf)`` always ends the round (U-C-14).
"""

from __future__ import annotations

import math
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

import unoverse as uv
from unoverse.core.codec import state_hash
from unoverse.match.session import Ack, BadTime, Session

PRESETS = (
    "classic",
    "classic+jump_in+stacking=progressive+seven_zero",
    "minecraft",
    "attack",
    "full_spectrum+jump_in",
    "blast",
    "blast+mode=blast",
)

#: Hand-built actions: every field of any type or range.
FIELD = st.one_of(
    st.integers(-3, 400),
    st.integers(),
    st.booleans(),
    st.none(),
    st.text(max_size=3),
    st.floats(),
    st.tuples(st.integers(-2, 400)),
)
HAND_BUILT = st.builds(
    lambda kind, values: uv.Action._make((kind, *values)),
    st.one_of(st.sampled_from(list(uv.Kind)), st.integers(-2, 30), st.text(max_size=2)),
    st.tuples(*[FIELD] * 9),
)
TEXT = st.one_of(
    st.sampled_from(["draw", "pass", "take", "challenge", "uno", "press", "timeout", "stall"]),
    st.sampled_from(["stuck", "penalize:0:2", "catch:1", "catch:-1", "color:G", "arm:R1"]),
    st.sampled_from(["disarm", "catch_illegal", "R5^1", "W+4:G uno", "blast:R1,R2", "R7>1"]),
    st.text(max_size=12),
)
SEAT = st.one_of(st.integers(-1, 10), st.none(), st.booleans(), st.text(max_size=1))
TIME = st.one_of(
    st.floats(-10.0, 5_000.0),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-5, 10**40),
    st.just(1e300),
)
VERSION = st.one_of(st.none(), st.integers(-2, 60), st.text(max_size=1), st.floats())


def _offered(game: uv.Game, data: st.DataObject) -> tuple[int, object]:
    """A seat that may act and one of its offered actions (or a draw if none)."""
    seats = game.acting_seats()
    if not seats:
        return 0, "draw"
    seat = data.draw(st.sampled_from(seats), label="acting seat")
    legal = list(game.legal_actions(seat)[:40])
    return seat, data.draw(st.sampled_from(legal), label="offered") if legal else "draw"


@given(
    preset=st.sampled_from(PRESETS),
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    deadlines=st.booleans(),
    data=st.data(),
)
def test_the_session_takes_anything_and_stays_consistent(
    preset: str, players: int, seed: int, deadlines: bool, data: st.DataObject
) -> None:
    game = uv.new_game(preset, players, seed)
    start = game.copy()
    session = Session(
        game,
        seed,
        deadline_ms=1000.0 if deadlines else None,
        stall_ms=2000.0 if deadlines else None,
    )
    clock = 0.0
    for _ in range(data.draw(st.integers(1, 40), label="steps")):
        op = data.draw(st.sampled_from(["offered", "offered", "hostile", "step", "advance"]))
        before_hash, before_log = state_hash(game), list(session.log)
        before_now = session.now
        if op == "step":
            ack = session.step()
            if ack is not None:
                _consistent(session, ack, before_hash, before_log)
            continue
        if op == "advance":
            clock += data.draw(st.floats(0.0, 3_000.0), label="wait")
            for ack in session.advance(clock):
                assert ack.ok, ack  # only queued actions and deadlines: both were checked
            assert session.now >= before_now
            continue
        if op == "offered":
            seat, act = _offered(game, data)
            clock += data.draw(st.floats(0.0, 800.0), label="delay")
            ack = session.submit(seat, act, clock, session.version)
        else:
            act = data.draw(st.one_of(HAND_BUILT, TEXT, st.integers(), st.none()), label="act")
            at = data.draw(TIME, label="at")
            ack = session.submit(data.draw(SEAT), act, at, data.draw(VERSION, label="version"))
            if isinstance(ack.at, float) and math.isfinite(ack.at):
                clock = max(clock, session.now)
        assert isinstance(ack, Ack)
        if not ack.ok:
            assert ack.code in {"illegal", "not_your_window", "stale", "notation", "bad_time"}
            assert ack.message and len(ack.message) < 2_000
        assert session.now >= before_now, "the session's clock went back"
        _invariants(session, start)
        if game.over:
            break
    with_deadline = session.deadline() is not None
    session.advance(math.inf)
    if with_deadline:
        assert game.over, "advance(inf) with deadlines must end the round"
    _invariants(session, start)
    try:
        session.advance(math.nan)
    except BadTime:
        pass
    else:
        raise AssertionError("advance(nan) is a bad time")


def _consistent(session: Session, ack: Ack, before_hash: str, before_log: list[object]) -> None:
    if not ack.ok:
        assert state_hash(session.game) == before_hash and session.log == before_log


def _invariants(session: Session, start: uv.Game) -> None:
    game = session.game
    times = [at for *_, at in session.log]
    assert times == sorted(times), "time in the log decreased"
    assert all(math.isfinite(t) for t in times)
    assert game.version == session.start_version + len(session.log)
    assert Counter(game.all_cards()) == Counter(game.rules.deck)
    for ack in session.refused:
        assert ack.events == []
    replay = start.copy()
    for seat, text, at in session.log:
        replay.apply(seat, text, at)
    assert uv.to_json(replay) == uv.to_json(game), "the log does not replay the round"
