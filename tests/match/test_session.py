"""The match session (docs/match.md): one writer, arrival order, acks, versions, the log.

Races are set up by queueing actions with ``receive`` and processing them with ``step``; a
server's path (``submit``, ``advance``) is tested beside them. Every refusal is checked to
change nothing: the state hash and the log stay as they were.
"""

from __future__ import annotations

import math

import pytest

import unoverse as uv
from unoverse.core.codec import state_hash
from unoverse.match.session import Ack, BadTime, LogEntry, Session

#: Seat 0 plays a Wild; seats 2 and 3 each hold an identical one (jump-in), seat 1 is next.
JUMP = "{variant}+jump_in\nhands: W R1 R2 | B1 B2 | W G1 G2 | W Y1 Y2\ntop: R5@3\nturn: 0"
#: Seat 0 plays to one card without calling UNO; seat 1 is next, seat 2 may catch.
CATCH = "hands: R3 G4 | R1 R2 | B1 B2; top: R5@2; turn: 0"
#: Seat 0's UNO window is open (one card, not declared); seat 1 is to move.
UNO_OPEN = "hands: R1 | R9 | Y4 Y5; top: R5@0; turn: 1; uno: 0"


def refused_and_unchanged(session: Session, ack: Ack, code: str) -> None:
    """``ack`` is a refusal with ``code``, and it is on record as one."""
    assert not ack.ok and ack.code == code, ack
    assert ack.events == [] and ack.version == session.version
    assert session.refused[-1] is ack


class Frozen:
    """The state hash and the log of a session, to compare after a refusal."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.hash = state_hash(session.game)
        self.log = list(session.log)

    def unchanged(self) -> bool:
        return state_hash(self.session.game) == self.hash and self.session.log == self.log


# -- race 1: two seats jump in on the same card in the same instant ---------------------------
def jump_race(seed: int, first: int, variant: str = "classic") -> tuple[Session, Ack, Ack, Frozen]:
    """Seats 2 and 3 jump in on card #1 at 200 ms; ``first`` is received first."""
    game = uv.position(JUMP.format(variant=variant))
    session = Session(game, seed)
    assert session.submit(0, "W:R", 10.0, 0).ok
    version = session.version
    jumps = {2: "W:G^1", 3: "W:Y^1"}
    for seat in (first, 5 - first):
        session.receive(seat, jumps[seat], 200.0, version)
    winner = session.step()
    assert winner is not None
    frozen = Frozen(session)
    loser = session.step()
    assert loser is not None
    return session, winner, loser, frozen


@pytest.mark.parametrize("variant", ["classic", "full_spectrum"])
def test_two_jump_ins_in_the_same_instant_the_seeded_tie_break_picks_one(variant: str) -> None:
    """In Full Spectrum, too: its coloured cards are unique, so jump-ins race on wilds."""
    winners = {}
    for seed in range(16):
        session, winner, loser, frozen = jump_race(seed, first=2, variant=variant)
        assert winner.ok and winner.action.endswith("^1") and winner.at == 200.0
        refused_and_unchanged(session, loser, "stale")
        assert "already been covered" in loser.message
        assert frozen.unchanged()
        assert isinstance(loser.seat, int) and uv.card("W") in session.game.hands[loser.seat]
        winners[seed] = winner.seat
    assert set(winners.values()) == {2, 3}
    assert winners == {seed: jump_race(seed, 2, variant)[1].seat for seed in range(16)}


# -- race 2: a catch racing the next player's first action -----------------------------------
@pytest.mark.parametrize("catch_first", [True, False])
def test_a_catch_races_the_next_players_first_action(catch_first: bool) -> None:
    game = uv.position(CATCH)
    session = Session(game, 1)
    assert session.submit(0, "R3", 0.0, 0).ok  # one card left, no UNO: the window opens
    version = session.version
    session.receive(2, "catch:0", 300.0, version)
    session.receive(1, "R1", 300.0 + (100.0 if catch_first else -100.0), version)
    first = session.step()
    assert first is not None and first.ok
    frozen = Frozen(session)
    second = session.step()
    assert second is not None
    if catch_first:
        assert first.action == "catch:0" and len(game.hands[0]) == 3  # seat 0 drew 2
        # the next player's move was decided before the catch: nothing it depends on moved
        assert second.ok and second.action == "R1" and game.turn == 2
    else:
        assert first.action == "R1"
        refused_and_unchanged(session, second, "stale")
        assert "UNO window on seat 0" in second.message
        assert frozen.unchanged() and len(game.hands[0]) == 1


# -- race 3: an UNO call and a catch in the same instant -------------------------------------
@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("call_first", [True, False])
def test_c5_an_uno_call_and_a_catch_in_the_same_instant_the_call_wins(
    seed: int, call_first: bool
) -> None:
    session = Session(uv.position(UNO_OPEN), seed)
    order = [(0, "uno"), (2, "catch:0")]
    for seat, text in order if call_first else order[::-1]:
        session.receive(seat, text, 100.0, 0)
    call = session.step()
    assert call is not None and call.ok and call.action == "uno"
    frozen = Frozen(session)
    catch = session.step()
    assert catch is not None
    refused_and_unchanged(session, catch, "stale")
    assert frozen.unchanged() and session.game.said_uno[0]


def test_a_catch_that_arrives_before_the_call_wins() -> None:
    session = Session(uv.position(UNO_OPEN), 0)
    session.receive(0, "uno", 100.0, 0)
    session.receive(2, "catch:0", 99.999, 0)
    assert [a.action for a in (session.step(), session.step()) if a and a.ok] == ["catch:0"]
    assert len(session.game.hands[0]) == 3


# -- versions ----------------------------------------------------------------------------------
PERMISSIVE = "classic+permissive_illegal_plays\nhands: G3 R1 R2 | G7 B2 | Y1 Y2\ntop: R5@2\nturn: 0"


def test_a_move_decided_before_the_top_card_changed_is_stale_even_if_the_engine_takes_it() -> None:
    game = uv.position(PERMISSIVE)
    session = Session(game, 0)
    assert session.submit(0, "G3", 0.0, 0).ok  # an illegal play, accepted (permissive)
    seen = session.version
    assert session.submit(2, "catch_illegal", 50.0, seen).ok  # G3 goes back, R5 is on top
    assert game.turn == 1  # seat 1 still holds the turn window ...
    game.copy().apply(1, "G7")  # ... and the engine would take G7, now an illegal play
    frozen = Frozen(session)
    ack = session.submit(1, "G7", 60.0, seen)  # decided when G3 was on top
    refused_and_unchanged(session, ack, "stale")
    assert "top card has changed since (G3 -> R5)" in ack.message
    assert frozen.unchanged()
    assert session.submit(1, "draw", 70.0, session.version).ok  # decided again


def test_a_move_after_its_mandatory_window_moved_is_stale() -> None:
    game = uv.position("hands: R1 R2 | G1 G2 | B1 B2; top: Y5@2; draw: Y7 Y8 Y9; turn: 0")
    session = Session(game, 0)
    assert session.submit(0, "draw", 0.0, 0).ok  # ("turn", 0) -> ("drawn", 0)
    ack = session.submit(0, "draw", 10.0, 0)  # sent twice: the second was decided on v0
    refused_and_unchanged(session, ack, "stale")
    assert "turn of seat 0 -> drawn of seat 0" in ack.message


def test_an_uno_call_counted_before_a_catch_changed_a_hand_is_stale() -> None:
    """Seat 1 swaps its Seven with seat 2's one card and calls UNO; a catch on seat 2 lands
    first (it draws 2), so the call would be false: decided on a state that has moved on."""
    game = uv.position(
        "classic+seven_zero; hands: R1 R2 | R7 G4 | B1 | Y1 Y2; top: R5@0; turn: 1; uno: 2"
    )
    session = Session(game, 0)
    seen = session.version
    assert session.submit(0, "catch:2", 10.0, seen).ok  # seat 2 now holds 3 cards
    frozen = Frozen(session)
    ack = session.submit(1, "R7>2 uno", 20.0, seen)
    refused_and_unchanged(session, ack, "stale")
    assert "changed size" in ack.message
    assert frozen.unchanged()
    assert session.submit(1, "R7>2", 30.0, session.version).ok  # decided again


def test_a_catch_between_leaves_a_move_without_an_uno_call_to_the_engine() -> None:
    game = uv.position(
        "classic+seven_zero; hands: R1 R2 | R7 G4 | B1 | Y1 Y2; top: R5@0; turn: 1; uno: 2"
    )
    session = Session(game, 0)
    assert session.submit(0, "catch:2", 10.0, 0).ok
    assert session.submit(1, "R7>2", 20.0, 0).ok  # the swap counts no cards: accepted


def test_a_version_that_does_not_exist_yet_is_refused_and_changes_nothing() -> None:
    session = Session(uv.position(CATCH), 0)
    frozen = Frozen(session)
    ack = session.submit(0, "R3", 0.0, 1)
    refused_and_unchanged(session, ack, "illegal")
    assert "version 1 does not exist yet" in ack.message
    assert frozen.unchanged() and session.queued == 0


def test_an_old_version_where_nothing_relevant_changed_is_accepted() -> None:
    game = uv.position(UNO_OPEN)
    session = Session(game, 0)
    assert session.submit(0, "uno", 10.0, 0).ok  # another seat's call: version 1
    ack = session.submit(1, "R9", 20.0, 0)  # decided on version 0: top and window unchanged
    assert ack.ok and ack.version == 2 and game.winner == 1


def test_an_optional_action_on_an_old_version_is_fine_while_its_window_is_open() -> None:
    game = uv.position("hands: R1 | R9 R8 | Y4 Y5 | B1 B2; top: R5@0; turn: 1; uno: 0")
    session = Session(game, 0)
    assert session.submit(3, "catch_illegal", 5.0, 0).code == "not_your_window"  # none open
    assert session.submit(1, "uno", 10.0, 0).code == "not_your_window"  # not its window
    assert session.submit(2, "catch:0", 20.0, 0).ok


def test_a_seat_that_never_held_the_window_is_told_it_is_not_its_window() -> None:
    session = Session(uv.position(CATCH), 0)
    assert session.submit(0, "R3", 0.0, 0).ok
    ack = session.submit(2, "B1", 10.0, 0)  # seat 2 held the turn neither then nor now
    assert ack.code == "not_your_window"


# -- bad input -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("seat", "action", "at", "version", "code"),
    [
        (0, "R77", 0.0, None, "notation"),
        (0, "R3 please", 0.0, None, "notation"),
        (0, 42, 0.0, None, "notation"),
        (9, "R3", 0.0, None, "not_your_window"),
        (-1, "R3", 0.0, None, "not_your_window"),
        ("0", "R3", 0.0, None, "not_your_window"),
        (True, "R3", 0.0, None, "not_your_window"),
        (0, "R3", "soon", None, "bad_time"),
        (0, "R3", math.nan, None, "bad_time"),
        (0, "R3", math.inf, None, "bad_time"),
        (0, "R3", 0.0, -1, "illegal"),
        (0, "R3", 0.0, "0", "illegal"),
        (0, "R3", 0.0, 7, "illegal"),
        (0, "R9", 0.0, None, "illegal"),  # not in the hand
        (None, "R3", 0.0, None, "not_your_window"),  # the referee does not play cards
        (1, "timeout", 0.0, None, "not_your_window"),  # only the session times out
        (0, "R3", 1e300, None, "bad_time"),  # no clock stamped it: more than 24 h ahead
        (0, "R3", 86_400_001.0, None, "bad_time"),
        (0, uv.Action._make((uv.Kind.PLAY, 10_000, -1, -1, -1, False, 0, (), -1, -1)), 0.0,
         None, "notation"),  # a hand-built action with a card that does not exist
        (0, uv.Action._make((uv.Kind.PLAY, "R3", -1, -1, -1, False, 0, (), -1, -1)), 0.0,
         None, "notation"),
        (0, uv.Action._make((99, -1, -1, -1, -1, False, 0, (), -1, -1)), 0.0, None,
         "notation"),
        (0, "R3" * 600, 0.0, None, "notation"),  # longer than any action
    ],
)  # fmt: skip
def test_malformed_input_gets_a_typed_error_and_changes_nothing(
    seat: object, action: object, at: object, version: object, code: str
) -> None:
    session = Session(uv.position(CATCH), 0)
    frozen = Frozen(session)
    ack = session.submit(seat, action, at, version)
    refused_and_unchanged(session, ack, code)
    assert ack.message and frozen.unchanged() and session.queued == 0
    assert len(ack.message) < 1200  # bounded, whatever was sent
    assert session.now == 0.0  # a refused time never moves the clock
    assert session.submit(0, "R3", 10.0).ok  # and the session goes on


def test_a_time_from_the_future_is_refused_on_receipt_and_the_session_goes_on() -> None:
    """An action stamped 1e300 once moved the session's clock there, after which every
    later action was refused as ``bad_time``."""
    session = Session(uv.position(CATCH), 0, start=1_000.0)
    ack = session.submit(0, "R3", 1e300)
    refused_and_unchanged(session, ack, "bad_time")
    assert "after the session's clock" in ack.message and session.now == 1_000.0
    assert session.submit(0, "R3", 1_500.0).ok
    narrow = Session(uv.position(CATCH), 0, horizon_ms=100.0)
    assert narrow.submit(0, "R3", 100.5).code == "bad_time"
    assert narrow.submit(0, "R3", 100.0).ok


@pytest.mark.parametrize(
    "kwargs",
    [
        {"deadline_ms": math.inf},
        {"stall_ms": math.nan},
        {"horizon_ms": 0.0},
        {"start": math.inf},
        {"idle_limit": 0},
    ],
)
def test_session_settings_out_of_range_are_refused(kwargs: dict[str, float]) -> None:
    with pytest.raises(ValueError, match=next(iter(kwargs))):
        Session(uv.position(CATCH), 0, **kwargs)  # type: ignore[arg-type]


def test_advance_to_nan_is_a_bad_time() -> None:
    session = Session(uv.position(CATCH), 0)
    session.receive(0, "R3", 10.0)
    with pytest.raises(BadTime):
        session.advance(math.nan)
    assert session.queued == 1 and session.log == []


def test_arrival_times_may_not_go_back_before_the_last_action_processed() -> None:
    session = Session(uv.position(CATCH), 0)
    assert session.submit(0, "R3", 100.0).ok
    frozen = Frozen(session)
    ack = session.submit(1, "R1", 99.0)
    refused_and_unchanged(session, ack, "bad_time")
    assert frozen.unchanged()
    assert session.submit(1, "R1", 100).ok  # the same instant is fine, an int too


def test_a_game_changed_outside_its_session_is_an_error() -> None:
    game = uv.position(CATCH)
    session = Session(game, 0)
    game.apply(0, "R3")
    with pytest.raises(RuntimeError, match="one writer per game"):
        session.submit(1, "R1", 1.0)


# -- the log and the store -------------------------------------------------------------------
def test_the_store_gets_every_accepted_entry_before_its_ack() -> None:
    game = uv.position(CATCH)
    acks: list[Ack] = []
    stored: list[tuple[int, LogEntry, int]] = []

    def store(version: int, entry: LogEntry) -> None:
        assert all(a.version < version for a in acks)  # not acknowledged yet
        stored.append((version, entry, len(session.log)))

    session = Session(game, 0, store=store)
    for seat, text, at in [(0, "R3", 1.0), (1, "B1", 2.0), (2, "catch:0", 3.0), (1, "R1", 4.0)]:
        acks.append(session.submit(seat, text, at))
    assert [a.ok for a in acks] == [True, False, True, True]
    assert stored == [
        (1, (0, "R3", 1.0), 1),
        (2, (2, "catch:0", 3.0), 2),
        (3, (1, "R1", 4.0), 3),
    ]
    assert session.log == [entry for _, entry, _ in stored]
    assert [a.action for a in session.refused] == ["B1"]  # kept apart, never in the log


def test_a_store_that_fails_leaves_the_action_unacknowledged() -> None:
    def broken(version: int, entry: LogEntry) -> None:
        raise OSError("disk full")

    session = Session(uv.position(CATCH), 0, store=broken)
    with pytest.raises(OSError, match="disk full"):
        session.submit(0, "R3", 1.0)


def test_acks_carry_the_events_redacted_per_seat() -> None:
    game = uv.position("hands: R1 R2 | G1 G2 | B1 B2; top: Y5@2; draw: Y7 Y8 Y9; turn: 0")
    ack = Session(game, 0).submit(0, "draw", 1.0, 0)
    assert ack.ok and ack.version == 1 and ack.ticket == 0
    (drawn,) = [e for e in ack.events if e.kind == "draw"]
    assert drawn.cards == (uv.card("Y9"),)
    assert [e.cards for e in ack.events_for(0) if e.kind == "draw"] == [(uv.card("Y9"),)]
    assert [(e.cards, e.count) for e in ack.events_for(1) if e.kind == "draw"] == [((), 1)]
    assert [(e.cards, e.count) for e in ack.events_for(None) if e.kind == "draw"] == [((), 1)]


def test_the_log_replays_the_round_exactly() -> None:
    game = uv.position(UNO_OPEN)
    session = Session(game, 0)
    session.receive(1, "R9", 500.0, 0)
    session.receive(0, "uno", 100.0, 0)
    session.receive(2, "catch:0", 100.0, 0)
    acks = [session.step() for _ in range(3)]
    assert session.step() is None
    assert [a.ok for a in acks if a] == [True, False, True]
    assert session.log == [(0, "uno", 100.0), (1, "R9", 500.0)]
    assert replayed(uv.position(UNO_OPEN), session.log) == state_hash(game)


def test_a_whole_round_through_submit_replays_from_its_log() -> None:
    game = uv.new_game("classic", 3, 5)
    session = Session(game, 5)
    t = 0.0
    while not game.over:
        t += 10.0
        seat = game.turn
        assert session.submit(seat, game.legal_actions(seat)[0], t, game.version).ok
    assert len(session.log) == game.version and [e[2] for e in session.log][:2] == [10.0, 20.0]
    assert replayed(uv.new_game("classic", 3, 5), session.log) == state_hash(game)


def replayed(game: uv.Game, log: list[LogEntry]) -> str:
    """The state hash of ``game`` after the actions of ``log``."""
    for seat, text, _ in log:
        game.apply(seat, text)
    return state_hash(game)


def test_step_with_nothing_queued_and_no_deadline_does_nothing() -> None:
    session = Session(uv.position(CATCH), 0)
    assert session.step() is None and session.advance(1e9) == [] and session.deadline() is None


def test_advance_processes_what_arrived_in_time_order_and_leaves_the_future_queued() -> None:
    session = Session(uv.position(UNO_OPEN), 0)
    session.receive(1, "R9", 500.0, 0)
    session.receive(0, "uno", 100.0, 0)
    assert [a.action for a in session.advance(499.0)] == ["uno"]
    assert session.queued == 1 and session.now == 100.0
    assert [a.action for a in session.advance(500.0)] == ["R9"]
    assert session.game.over
