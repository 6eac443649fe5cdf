"""Deadlines (DESIGN.md "Real time without a clock in the rules", RULES.md P8): a mandatory
window not answered in time gets the session's ``timeout``, an ordinary logged action."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

import unoverse as uv
from unoverse.bots.base import Bot, make_bot
from unoverse.core.actions import Action
from unoverse.core.events import Event
from unoverse.core.view import View
from unoverse.match.replay import replay_round
from unoverse.match.session import Session
from unoverse.sim.driver import RoundRecord, play_round

#: Seat 0 to move, with a known draw pile (Y9 is drawn first).
DRAW = "hands: R1 R2 | G1 G2 | B1 B2; top: Y5@2; draw: Y7 Y8 Y9; turn: 0"
#: Seat 0's UNO window is open; seat 1 is to move.
UNO_OPEN = "hands: R1 | R9 | Y4 Y5; top: R5@0; turn: 1; uno: 0"


def test_a_window_left_unanswered_times_out_at_its_deadline() -> None:
    game = uv.position(DRAW)
    session = Session(game, 0, deadline_ms=1000.0)
    assert session.deadline() == 1000.0
    acks = session.advance(2500.0)
    # seat 0's turn times out at 1000 (it draws), the drawn window at 2000 (it passes)
    assert session.log == [(None, "timeout", 1000.0), (None, "timeout", 2000.0)]
    assert [(a.seat, a.action, a.at, a.ok, a.ticket) for a in acks] == [
        (None, "timeout", 1000.0, True, None),
        (None, "timeout", 2000.0, True, None),
    ]
    assert acks[0].events[0] == Event("timeout", 0, info="draw")
    assert acks[1].events[0] == Event("timeout", 0, info="pass")
    assert game.hands[0] == uv.cards("R1 R2 Y9") and game.windows()[0] == ("turn", 1)
    assert session.deadline() == 3000.0  # seat 1's window opened at 2000


def test_an_action_arriving_exactly_at_the_deadline_is_in_time() -> None:
    session = Session(uv.position(DRAW), 0, deadline_ms=1000.0)
    ack = session.submit(0, "draw", 1000.0, 0)
    assert ack.ok and session.log == [(0, "draw", 1000.0)]
    assert session.deadline() == 2000.0  # the drawn window opened with it


def test_other_seats_actions_and_refusals_do_not_move_the_deadline() -> None:
    game = uv.position(UNO_OPEN)
    session = Session(game, 0, deadline_ms=1000.0)
    assert session.submit(0, "uno", 300.0, 0).ok  # seat 1's window is unchanged
    assert session.submit(1, "R1", 600.0, 1).code == "illegal"  # not in its hand
    assert session.deadline() == 1000.0
    (ack,) = session.advance(1000.5)
    assert (ack.action, ack.at, ack.events[0].seat) == ("timeout", 1000.0, 1)


def test_step_fires_the_deadline_before_a_later_action_which_is_then_stale() -> None:
    game = uv.position(DRAW)
    session = Session(game, 0, deadline_ms=1000.0)
    session.receive(0, "R1", 1500.0, 0)
    timeout = session.step()
    assert timeout is not None and (timeout.action, timeout.at) == ("timeout", 1000.0)
    late = session.step()
    assert late is not None and late.code == "stale" and "turn of seat 0 -> drawn" in late.message
    assert session.step() is not None  # nothing queued: the drawn window's deadline
    assert [e[1:] for e in session.log] == [("timeout", 1000.0), ("timeout", 2000.0)]


def test_a_penalty_times_out_as_taken_and_deadlines_follow_the_start_time() -> None:
    game = uv.position("hands: R1 R2 | G1 G2 | B1 B2; top: Y+2@2; pending: take 2; turn: 0")
    session = Session(game, 0, deadline_ms=250.0, start=1_000_000.0)
    assert session.deadline() == 1_000_250.0
    (ack,) = session.advance(1_000_400.0)
    assert ack.events[0] == Event("timeout", 0, info="take")
    assert len(game.hands[0]) == 4 and game.turn == 1


@pytest.mark.parametrize("bad", [0.0, -5.0])
def test_a_deadline_must_be_positive(bad: float) -> None:
    with pytest.raises(ValueError, match="positive"):
        Session(uv.position(DRAW), 0, deadline_ms=bad)


class Sleeper(Bot):
    """Never answers: its mandatory windows all time out."""

    name = "sleeper"

    def act(self, view: View, legal: Sequence[Action]) -> Action | None:
        return None


@pytest.mark.parametrize(
    ("preset", "seed"), [("classic", 5), ("classic+jump_in", 6), ("minecraft", 4), ("attack", 5)]
)
def test_a_round_driven_partly_by_timeouts_replays_exactly_from_its_log(
    preset: str, seed: int
) -> None:
    def play() -> RoundRecord:
        game = uv.new_game(preset, 3, seed)
        bots: list[Bot] = [make_bot("naive", seed, 0), Sleeper(0), make_bot("naive", seed, 2)]
        return play_round(game, bots, RoundRecord(seed, None), hashes=True, deadline_ms=600.0)

    record = play()
    timeouts = [at for seat, text, at in record.actions if seat is None]
    assert timeouts and all(text == "timeout" for seat, text, _ in record.actions if seat is None)
    # seat 1 never answers; the naive seats, with reaction times around 450 ms, sometimes
    # miss the 600 ms deadline too and their late answers are refused
    assert any(s in (0, 2) for s, *_ in record.rejected)
    times = [at for *_, at in record.actions]
    assert times == sorted(times)
    saved = json.loads(json.dumps(record.to_dict()))
    assert replay_round(preset, 3, saved, "test") == len(record.actions)
    again = play()
    assert (again.actions, again.rejected, again.turns) == (
        record.actions,
        record.rejected,
        record.turns,
    )
