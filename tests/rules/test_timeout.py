"""The ``timeout`` referee action: the match session's deadline on the mandatory window
(DESIGN.md "Real time without a clock in the rules"; docs/notation.md). The engine decides
what a timeout does in each window; the session only decides when."""

from __future__ import annotations

import itertools
import math

import pytest

import unoverse as uv
from unoverse.core.cards import CARD_COLOR
from unoverse.core.codec import state_hash
from unoverse.core.events import Event
from unoverse.core.windows import Window
from unoverse.match.session import Session

from .conftest import hand, kinds, of_kind


def test_a_timeout_in_the_turn_window_draws() -> None:
    game = uv.position("hands: R1 G2 | Y1 Y2; top: R5; draw: B9")
    events = game.apply(None, "timeout")
    assert kinds(events)[:2] == ["timeout", "draw"]
    assert events[0].seat == 0 and events[0].action == "draw"
    assert hand(game, 0) == ["B9", "G2", "R1"]
    assert game.windows()[0] == Window("turn", 1)  # B9 does not play on R5: the turn passed


def test_a_timeout_after_a_draw_passes() -> None:
    game = uv.position("hands: G1 G2 | Y1 Y2; top: R5; draw: R9")
    game.apply(0, "draw")
    assert game.windows()[0] == Window("drawn", 0)
    events = game.apply(None, "timeout")
    assert events[0].action == "pass"
    assert hand(game, 0) == ["G1", "G2", "R9"] and game.windows()[0] == Window("turn", 1)


def test_a_timeout_facing_a_penalty_takes_it_never_challenges() -> None:
    game = uv.position("hands: R1 W+4 | Y1 Y2; top: R5; draw: B1 B2 B3 B4")
    game.apply(0, "W+4:G")  # illegal (seat 0 holds R1): a challenge would win
    events = game.apply(None, "timeout")
    assert events[0].action == "take"
    assert len(game.hands[1]) == 6 and not of_kind(events, "challenge")


def test_a_timeout_in_the_colour_window_declares_the_most_held_colour() -> None:
    for seed in range(200):
        game = uv.new_game("classic", 3, seed)
        if game.windows()[0].kind == "color":
            break
    else:
        pytest.fail("no seed below 200 starts on a Wild")
    seat = game.turn
    held = [sum(1 for c in game.hands[seat] if CARD_COLOR[c] == col) for col in range(8)]
    best = max((0, 2, 3, 5), key=lambda col: (held[col], -col))
    events = game.apply(None, "timeout")
    assert of_kind(events, "color")[0].color == best == game.color


def test_u_c_18_a_timed_out_turn_costs_one_deadline() -> None:
    """A timeout draws; when the drawn card plays, the window it opens (play it or pass)
    times out at the same instant: the turn ends, the card kept, one deadline spent."""
    game = uv.position("hands: R1 G2 | Y1 Y2; top: R5; draw: R9")
    session = Session(game, 0, deadline_ms=1000.0)
    acks = session.advance(1000.5)
    assert [(a.action, a.at, a.events[0].action) for a in acks] == [
        ("timeout", 1000.0, "draw"),
        ("timeout", 1000.0, "pass"),
    ]
    assert hand(game, 0) == ["G2", "R1", "R9"] and game.windows()[0] == Window("turn", 1)
    assert session.deadline() == 2000.0  # seat 1's turn has a whole deadline
    # the seat's own draw opens the same window with a deadline of its own
    game = uv.position("hands: R1 G2 | Y1 Y2; top: R5; draw: R9")
    session = Session(game, 0, deadline_ms=1000.0)
    assert session.submit(0, "draw", 400.0).ok
    assert game.windows()[0] == Window("drawn", 0) and session.deadline() == 1400.0


@pytest.mark.parametrize(
    "preset",
    ["classic", "minecraft", "attack", "full_spectrum+jump_in", "blast", "blast+mode=blast"],
)
def test_u_c_18_no_variant_gives_a_timed_out_turn_a_second_deadline(preset: str) -> None:
    """Rounds nobody plays, timed out to their end: a seat's timeout never comes one whole
    deadline after its own timeout of the same turn (the pass on a card its timeout drew,
    or in Blast the play of it); the check finds such pairs in Classic before U-C-18."""
    continued = 0
    for seed in range(6):
        game = uv.new_game(preset, 3, seed)
        session = Session(game, seed, deadline_ms=1000.0, stall_ms=12_500.0, idle_limit=300)
        acks = session.advance(math.inf)
        assert game.over
        for a, b in itertools.pairwise(acks):
            if a.action == b.action == "timeout" and a.events[0].action == "draw":
                if of_kind(a.events, "blast"):
                    continue  # the draw opened a BLAST event: every due seat's window
                if a.events[0].seat == b.events[0].seat:
                    assert a.at == b.at, (preset, seed, b.at)
                    continued += 1
    if preset.startswith(("classic", "minecraft", "full_spectrum")):
        assert continued > 0  # the case arose


def test_a_timeout_with_only_plays_offered_plays_the_first() -> None:
    """UNO Attack with reneging off: a seat holding a playable card may not press, so its
    timeout plays its first offered play."""
    game = uv.position(
        "attack+launcher=one_card+allow_renege=false; hands: R1 G2 B7 | Y1 Y2; top: R5"
    )
    first = game.legal_actions(0)[0]
    events = game.apply(None, "timeout")
    assert events[0].action == str(first) == "R1"
    assert hand(game, 0) == ["B7", "G2"]


def test_u_c_20_a_timeout_never_plays_an_illegal_card() -> None:
    """No Mercy must play a card that matches (§9.5), and ``permissive_illegal_plays``
    offers the others too, first in the hand's order: seat 0's timeout plays Y3, its first
    card that matches, not G0."""
    game = uv.position("no_mercy+permissive_illegal_plays; hands: G0 Y3 | Y1 Y2; top: Y5")
    assert [str(a) for a in game.legal_actions(0)][:1] == ["G0"]
    events = game.apply(None, "timeout")
    assert events[0].action == "Y3" and of_kind(events, "play")[0].reason == "match"
    assert not [w for w in game.windows() if w.kind == "illegal"]


def test_only_the_referee_may_time_out_and_not_after_the_round() -> None:
    game = uv.position("hands: R1 G2 | Y1 Y2; top: R5")
    before = state_hash(game)
    with pytest.raises(uv.NotYourWindow):
        game.apply(0, "timeout")
    with pytest.raises(uv.NotYourWindow):
        game.apply(1, "timeout")
    assert state_hash(game) == before
    game = uv.position("hands: R1 | Y1 Y2; top: R5")
    game.apply(0, "R1")
    assert game.over
    with pytest.raises(uv.NotYourWindow):
        game.apply(None, "timeout")


#: UNO Blast (Normal): seat 0 plays a +2; seat 1, taking it, draws the BLAST card first.
BLAST_EVENT = (
    "blast; hands: R+2 G5 G6 O7 | R2 B3 B4 P8 | R3 Y1 Y2 O9; top: R9@2; turn: 0; draw: O1 !2SC"
)


# -- a round nobody plays ends (U-C-14) ------------------------------------------------------


@pytest.mark.parametrize(
    "preset", ["classic", "minecraft", "attack", "full_spectrum+jump_in", "blast"]
)
def test_u_c_14_a_round_only_the_referee_plays_ends_after_three_timeouts_per_seat(
    preset: str,
) -> None:
    """With seats that never act, ``advance(inf)`` once never returned (a million timeouts in
    20 s, once the piles were in the hands). After three referee actions per seat in a row
    the session applies ``stuck``: the seat with the fewest cards wins."""
    game = uv.new_game(preset, 4, 3)
    session = Session(game, 1, deadline_ms=1000.0)
    acks = session.advance(math.inf)
    assert game.over
    assert [a.action for a in acks] == ["timeout"] * 12 + ["stuck"]
    # one deadline a turn (U-C-18): a second timeout at the same instant only passes on
    # the card the first one drew
    times = [a.at for a in acks]
    assert times == sorted(times) and times[0] == 1000.0
    for a, b in itertools.pairwise(acks):
        if b.at == a.at and b.action == "timeout":
            # (passing, or in Blast playing the card: a drawn card that plays is played)
            assert a.events[0].action == "draw" and b.events[0].action != "draw"
            assert a.events[0].seat == b.events[0].seat
        else:
            assert b.at == a.at + 1000.0 or b.action == "stuck"
    stuck = acks[-1].events[0]
    fewest = min(len(h) for s, h in enumerate(game.hands) if not game.eliminated[s])
    assert stuck.kind == "stuck" and stuck.seat == game.winner
    assert len(game.hands[game.winner]) == fewest and stuck.count == fewest
    assert session.deadline() is None and session.advance(math.inf) == []


def test_u_c_14_the_stuck_rule_breaks_ties_from_the_seat_after_the_last_to_play() -> None:
    """Seats 1 and 2 hold two cards each; seat 0 played the top card, so seat 1 wins."""
    game = uv.position("hands: R1 R2 R3 | G1 G2 | B1 B2; top: R5@0; turn: 1")
    events = game.apply(None, "stuck")
    assert events[0] == Event("stuck", 1, count=2, reason="idle")
    assert game.over and game.winner == 1
    game = uv.position("hands: R1 R2 R3 | G1 G2 | B1 B2; top: R5@1; turn: 2")
    game.apply(None, "stuck")
    assert game.winner == 2


def test_u_c_14_any_seats_action_starts_the_count_again() -> None:
    game = uv.position("hands: R1 R2 | G1 G2 | B1 B2; top: Y5@2; draw: Y7 Y8 Y9; turn: 0")
    session = Session(game, 0, deadline_ms=1000.0, idle_limit=2)
    session.advance(1500.0)  # two timeouts at 1000: seat 0 draws Y9, then passes (U-C-18)
    assert session.log == [(None, "timeout", 1000.0), (None, "timeout", 1000.0)]
    assert session.submit(1, "draw", 1600.0).ok  # seat 1 acts: the count starts again
    session.advance(2700.0)  # seat 1 passes on its Y8 at 2600, seat 2 draws Y7 at 3600...
    assert [e[1] for e in session.log][-1:] == ["timeout"] and not game.over
    (ack, stuck) = session.advance(3700.0)
    assert ack.action == "timeout" and stuck.action == "stuck" and game.over
    assert ack.at == stuck.at == 3600.0  # the third referee action in a row: stuck at once


def test_u_c_14_stuck_is_the_referees_and_ends_an_open_blast_event() -> None:
    game = uv.position(BLAST_EVENT)
    game.apply(0, "R+2")
    game.apply(1, "take")
    assert game.phase == uv.Phase.BLAST
    with pytest.raises(uv.NotYourWindow):
        game.apply(1, "stuck")
    total = len(game.all_cards())
    game.apply(None, "stuck")
    assert game.over and game.blast.card == -1 and len(game.all_cards()) == total
    assert game.blast.owed == []
