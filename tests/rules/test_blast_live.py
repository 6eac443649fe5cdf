"""RULES.md §5.8: UNO Blast's BLAST mode (real time, no turns) — the first accepted card
wins, simultaneous plays and holding penalties, arming, the Bloqueo's block and colour lock,
Reversa's run, Reversa y Toma 4, +6/+10, Múltiple Roba, the draw round and the ``stall``
safeguard; §7.3 scenario 10; B-3 to B-10, B-28, B-29; and the bad input of the mode.

Times are the session's arrival times in milliseconds (``Game.apply(seat, action, at)``);
the simultaneity window is ``blast.simultaneity_window_ms`` (250). Colour letters: R Y G B O
P; Bloqueo ``BL``, Reversa ``R`` (so ``RR`` is a red Reversa), wilds ``WR4`` ``W+6``
``W+10`` ``WM2`` ``WM4``. ``discard:`` lists the cards under the top, bottom first, each
``CARD@SEAT`` when a seat played it.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

import unoverse as uv
from unoverse.core.cards import CARD_TEXT, color
from unoverse.core.codec import state_hash
from unoverse.core.events import redact
from unoverse.core.windows import Window

from .conftest import hand, top


def live(body: str, options: str = "") -> uv.Game:
    """A BLAST-mode position (``options``: more ``+name=value`` switches)."""
    return uv.position(f"blast+mode=blast{options}; {body}")


def refused(
    game: uv.Game, seat: int | None, act: str, error: type[uv.UnoverseError], at: float = 0.0
) -> None:
    """``act`` raises ``error`` and leaves the state exactly as it was."""
    before = state_hash(game)
    with pytest.raises(error):
        game.apply(seat, act, at)
    assert state_hash(game) == before


def drawn(events: Iterable[uv.Event], seat: int) -> int:
    """How many cards ``seat`` drew in ``events``."""
    return sum(e.count for e in events if e.kind == "draw" and e.seat == seat)


def kinds(events: Iterable[uv.Event]) -> list[str]:
    return [e.kind for e in events]


FOUR = "hands: R1 R2 G5 | B1 B2 B3 | Y1 Y2 Y3 | O1 O2 O3; top: R9@-"
#: A draw pile with no BLAST card (the last card is drawn first).
PLAIN = " ".join(f"{c}{n}" for c in "OP" for n in range(10))


# -- the first card wins; simultaneous plays (B-3) -----------------------------------------


def test_any_seat_plays_at_any_moment_and_windows_say_live() -> None:
    game = live("hands: R1 G5 | R2 B3 | Y1 R3; top: R9@-")
    assert game.windows() == (Window("live"),)
    assert game.acting_seats() == (0, 1, 2)
    assert game.view(0).phase == "live"
    events = game.apply(2, "R3", 1000.0)
    assert kinds(events) == ["play"]
    assert top(game) == "R3"
    assert hand(game, 2) == ["Y1"]


def test_a_play_from_another_seat_within_the_window_is_simultaneous() -> None:
    game = live("hands: R1 G5 | R2 B3 | Y1 R3; top: R9@-")
    game.apply(0, "R1", 1000.0)
    before = game.version
    events = game.apply(1, "R2", 1250.0)  # at t + W: still simultaneous
    assert kinds(events) == ["simultaneous"]
    assert game.version == before + 1  # applied: it is logged like any action
    assert "R2" in hand(game, 1) and top(game) == "R1"
    game.apply(2, "R3", 1251.0)  # after the window: judged normally, and legal
    assert top(game) == "R3"


def test_the_same_seat_is_never_simultaneous_with_itself() -> None:
    game = live("hands: R1 R2 G5 | B3 B4 | Y1 Y2; top: R9@-")
    game.apply(0, "R1", 1000.0)
    game.apply(0, "R2", 1010.0)
    assert top(game) == "R2"


def test_a_simultaneous_play_draws_the_holding_penalty_once() -> None:
    """B-9: the next seat of a +2 that also sent a simultaneous play draws once."""
    game = live("hands: R+2 G5 | R2 B3 | Y1 R3; top: R9@-")
    events = game.apply(0, "R+2", 1000.0)
    assert drawn(events, 1) == 2  # the next seat
    events = game.apply(1, "R2", 1100.0)
    assert kinds(events) == ["simultaneous"]  # it has drawn already
    events = game.apply(2, "R3", 1100.0)
    assert kinds(events)[:2] == ["simultaneous", "holding"]
    assert drawn(events, 2) == 2
    assert "R3" in hand(game, 2)


def test_a_play_outside_the_window_that_no_longer_plays_is_stale_and_changes_nothing() -> None:
    game = live("hands: G1 G5 | R2 B3 | Y1 R3; top: R9@-")
    game.apply(1, "R2", 1000.0)
    refused(game, 1, "B3", uv.StaleAction, 5000.0)  # B3 does not play on R2


def test_without_a_time_plays_are_judged_one_at_a_time() -> None:
    game = live("hands: R1 G5 | R2 B3 | Y1 R3; top: R9@-")
    game.apply(0, "R1")
    game.apply(1, "R2")
    assert top(game) == "R2"


# -- arming and holding penalties (B-3, B-8, B-9) ------------------------------------------


def test_armed_seats_draw_the_holding_penalty_of_plus_cards() -> None:
    game = live(FOUR.replace("R1 R2", "R+1 R2"), "")
    game.apply(2, "arm:Y1", 10.0)
    game.apply(3, "arm:O1", 20.0)
    events = game.apply(0, "R+1", 1000.0)
    # next(0) = 1 draws, and every armed seat draws, one seat at a time from next(0)
    assert [(e.seat, e.count) for e in events if e.kind == "draw"] == [(1, 1), (2, 1), (3, 1)]


def test_plus_six_hits_only_armed_seats_or_nobody() -> None:
    game = live("hands: W+6 G2 | B1 B2 | Y1 Y2; top: R9@-")
    events = game.apply(0, "W+6:G", 1000.0)
    assert drawn(events, 1) == drawn(events, 2) == 0
    game = live("hands: W+6 G2 | B1 B2 | Y1 Y2; top: R9@-")
    game.apply(2, "arm:Y1", 10.0)
    events = game.apply(0, "W+6:G", 1000.0)
    assert drawn(events, 1) == 0 and drawn(events, 2) == 6


def test_big_draw_no_holder_next_hits_the_next_seat() -> None:
    game = live(
        f"hands: W+10 G2 | B1 B2 | Y1 Y2; top: R9@-; draw: {PLAIN}", "+big_draw_no_holder=next"
    )
    events = game.apply(0, "W+10:G", 1000.0)
    assert drawn(events, 1) == 10 and drawn(events, 2) == 0


def test_arming_is_seen_without_its_card_and_playing_it_disarms() -> None:
    game = live("hands: R1 G5 | R2 B3 | Y1 R3; top: R9@-")
    (event,) = game.apply(1, "arm:R2", 10.0)
    seen = redact(event, 0)
    assert seen is not None and seen.kind == "arm" and seen.cards == ()
    assert redact(event, 1) == event and event.cards == (uv.card("R2"),)
    assert game.blast.armed[1] == uv.card("R2")
    mine, theirs = game.view(1).live, game.view(0).live
    assert mine is not None and theirs is not None
    assert mine.mine == uv.card("R2") and theirs.mine == -1 and theirs.armed == (False, True, False)
    events = game.apply(1, "R2", 1000.0)
    assert kinds(events) == ["play", "disarm"]
    assert game.blast.armed[1] == -1
    game.apply(2, "arm:Y1", 1500.0)
    game.apply(2, "disarm", 1600.0)
    assert game.blast.armed[2] == -1


# -- Bloqueo: block and colour lock (B-4, B-5) ---------------------------------------------


def test_bloqueo_blocks_the_next_seat_until_another_seats_card_is_accepted() -> None:
    game = live(f"hands: RBL G5 | G1 R4 | WM2 Y4; top: R9@-; draw: {PLAIN}")
    events = game.apply(0, "RBL", 1000.0)
    assert ("blocked", 1) in [(e.kind, e.seat) for e in events]
    table = game.view(2).live
    assert table is not None and table.blocked == 1 and table.lock == (color("R"),)
    refused(game, 1, "G1", uv.NotYourWindow, 2000.0)
    events = game.apply(2, "WM2:G", 2000.0)
    assert "unblocked" in kinds(events) and game.blast.blocked == -1
    game.apply(1, "G1", 3000.0)
    assert top(game) == "G1"


def test_the_lock_covers_the_next_card_and_a_wild_lifts_it() -> None:
    game = live("hands: RBL R3 WM2 | Y1 R4 G9 | G3 Y3; top: R9@-")
    game.apply(0, "RBL", 1000.0)
    refused(game, 0, "R3", uv.StaleAction, 2000.0)  # red is locked
    game.apply(0, "WM2:R", 2000.0)  # a wild lifts the lock and declares red
    assert game.blast.lock == []
    game.apply(0, "R3", 3000.0)
    assert top(game) == "R3"


def test_lock_scope_until_wild_keeps_the_colour_locked() -> None:
    game = live("hands: RBL R3 | Y1 R4 | YBL Y3; top: R9@-", "+lock_scope=until_wild")
    game.apply(0, "RBL", 1000.0)
    game.apply(2, "YBL", 2000.0)  # a Bloqueo of another colour adds its colour
    assert sorted(game.blast.lock) == sorted([color("R"), color("Y")])
    refused(game, 2, "Y3", uv.StaleAction, 3000.0)


# -- Reversa (B-6, §7.3 scenario 10) -------------------------------------------------------


def test_scenario_10_the_run_beneath_goes_to_the_player_of_the_card_beneath() -> None:
    body = "hands: B1 | B2 | B3 | RR B4; discard: G3 R5@1; top: R8@2"
    game = live(body)
    events = game.apply(3, "RR", 1000.0)
    assert game.direction == -1
    assert sorted(hand(game, 2)) == sorted(["B3", "R5", "R8"])
    assert [CARD_TEXT[c] for c in game.discard] == ["G3", "RR"]
    assert [e.kind for e in events] == ["play", "reverse", "returned"]


def test_scenario_10_nothing_returns_to_the_reversas_own_player() -> None:
    game = live("hands: B1 | B2 | RR B3 | B4; discard: G3 R5@1; top: R8@2")
    game.apply(2, "RR", 1000.0)
    assert [CARD_TEXT[c] for c in game.discard] == ["G3", "R5", "R8", "RR"]
    assert hand(game, 2) == ["B3"]


@pytest.mark.parametrize(
    ("mode", "back"),
    [("contiguous", ["R8"]), ("all_same_color", ["R5", "R8"]), ("none", [])],
)
def test_reverse_return_options(mode: str, back: list[str]) -> None:
    body = "hands: R1 | B2 | RR B3; discard: R5@0 G3@1; top: R8@1"
    game = live(body, f"+reverse_return={mode}")
    game.apply(2, "RR", 1000.0)
    assert sorted(c for c in hand(game, 1) if c != "B2") == sorted(back)


# -- Reversa y Toma 4, Múltiple Roba (B-7, B-10) -------------------------------------------


def test_reversa_toma_4_returns_the_card_beneath_and_its_player_draws_4() -> None:
    game = live(f"hands: WR4 B1 | B2 | Y3; discard: G3; top: R8@1; draw: {PLAIN}")
    events = game.apply(0, "WR4:Y", 1000.0)
    assert "R8" in hand(game, 1) and drawn(events, 1) == 4
    assert game.direction == 1 and game.color == color("Y")
    game = live(f"hands: WR4 B1 | B2 | Y3; top: R8@-; draw: {PLAIN}")  # the starter stays
    events = game.apply(0, "WR4:Y", 1000.0)
    assert drawn(events, 1) == 4 and [CARD_TEXT[c] for c in game.discard[-2:]] == ["R8", "WR4"]


def test_multiple_roba_hits_every_other_seat_from_the_next_on() -> None:
    game = live("hands: Y1 | B2 | WM2 R3 | O4; top: R8@-")
    events = game.apply(2, "WM2:B", 1000.0)
    assert [(e.seat, e.count) for e in events if e.kind == "draw"] == [(3, 2), (0, 2), (1, 2)]


# -- the draw round (B-28, B-29) -----------------------------------------------------------


def test_nobody_can_play_so_a_draw_round_runs_until_a_card_plays() -> None:
    game = live("hands: B5 Y4 | G1 G2 | Y1 Y2; top: R9@0; draw: R4 O3 P6 Y8")
    events = game.apply(0, "arm:B5", 1000.0)  # the engine checks after every action
    # nobody can play: one card at a time from next(last player) = seat 1: Y8, P6, O3, R4
    assert kinds(events) == ["arm", "draw_round", "draw", "draw", "draw", "draw"]
    assert [e.seat for e in events if e.kind == "draw"] == [1, 2, 0, 1]
    assert game.phase == uv.Phase.DRAWN and game.turn == 1 and CARD_TEXT[game.drawn] == "R4"
    assert game.windows() == (Window("drawn", 1),)
    refused(game, 0, "arm:B5", uv.NotYourWindow, 1100.0)
    assert [str(a) for a in game.legal_actions(1)] == ["R4"]
    game.apply(1, "R4", 1200.0)
    assert game.phase == uv.Phase.LIVE and top(game) == "R4"


def test_the_draw_round_skips_the_blocked_seat() -> None:
    game = live("hands: B5 | G1 G2 | Y1 Y2; top: R9@0; draw: R4 O3 P6 Y8; blocked: 1")
    events = game.apply(2, "arm:Y1", 1000.0)
    assert [e.seat for e in events if e.kind == "draw"] == [2, 0, 2, 0]
    assert game.turn == 0 and CARD_TEXT[game.drawn] == "R4"


# -- stall ---------------------------------------------------------------------------------


def test_stall_plays_a_legal_card_of_a_seat_chosen_by_the_prng() -> None:
    game = live("hands: R1 G5 | R2 B3 | Y1 Y2; top: R9@-")
    events = game.apply(None, "stall", 5000.0)
    assert events[0].kind == "stall" and events[0].seat in (0, 1)
    assert top(game) in ("R1", "R2")
    again = live("hands: R1 G5 | R2 B3 | Y1 Y2; top: R9@-")
    assert [e.seat for e in again.apply(None, "stall", 5000.0)] == [e.seat for e in events]


def test_stall_declares_the_colour_a_wild_holder_holds_most() -> None:
    game = live("hands: WM2 G5 G6 B1 | Y1 Y2; top: R9@-")
    game.apply(None, "stall", 5000.0)
    assert top(game) == "WM2" and game.color == color("G")


# -- bad input -----------------------------------------------------------------------------


def test_bad_input_in_blast_mode_changes_nothing() -> None:
    game = live("hands: R1 G5 | R2 B3 | Y1 R3; top: R9@-")
    refused(game, 0, "R2", uv.IllegalAction)  # not held
    refused(game, 0, "arm:R2", uv.IllegalAction)  # not held
    refused(game, 0, "disarm", uv.IllegalAction)  # nothing armed
    refused(game, 0, "draw", uv.NotYourWindow)  # no turns
    refused(game, 0, "take", uv.NotYourWindow)
    refused(game, None, "timeout", uv.NotYourWindow)  # no deadline in live play
    refused(game, 0, "R1", uv.IllegalAction, float("nan"))
    normal = uv.position("blast; hands: R1 G5 | R2 B3; top: R9@-")
    refused(normal, None, "stall", uv.IllegalAction)
    refused(normal, 0, "arm:R1", uv.IllegalAction)


def test_an_eliminated_seat_may_not_act() -> None:
    game = live("hands: R1 G5 | R2 B3 | Y1 R3; top: R9@-")
    game.eliminated[2] = True
    game.active = 2
    refused(game, 2, "R3", uv.NotYourWindow, 1000.0)
    refused(game, 2, "arm:R3", uv.NotYourWindow, 1000.0)


# -- more decisions (docs/rules/blast.md, U-B-21 to U-B-32) --------------------------------


def test_b_9_an_armed_next_seat_draws_once() -> None:
    game = live(f"hands: R+2 G5 | B1 B2 | R1 Y2; top: R9@-; draw: {PLAIN}")
    game.apply(1, "arm:B1", 10.0)
    events = game.apply(0, "R+2", 1000.0)
    assert [(e.seat, e.count) for e in events if e.kind == "draw"] == [(1, 2)]
    assert game.blast.armed[1] == uv.card("B1"), "a seat stays armed after a holding penalty"


def test_b_19_no_chains_in_blast_mode_a_plus_card_hits_at_once() -> None:
    game = live(f"hands: R+2 G5 | B+4 B2 | R1 Y2; top: R9@-; draw: {PLAIN}")
    events = game.apply(0, "R+2", 1000.0)
    assert drawn(events, 1) == 2 and game.phase == uv.Phase.LIVE
    assert "B+4" not in {str(a) for a in game.legal_actions(1)}  # nothing to answer


def test_the_bloqueos_own_player_lifts_the_block_with_its_next_card() -> None:
    game = live("hands: RBL WM2 G5 | G1 R4 | Y3 Y4; top: R9@-; draw: " + PLAIN)
    game.apply(0, "RBL", 1000.0)
    assert game.blast.blocked == 1
    game.apply(0, "WM2:G", 2000.0)
    assert game.blast.blocked == -1


def test_a_reversa_run_can_eliminate_its_recipient_and_the_rest_goes_face_down() -> None:
    many = " ".join([f"{c}{n}" for c in "YGB" for n in range(10)][:29])  # 29 cards
    body = f"hands: B0 | {many} | RR P1; discard: G3 R5@1 R6@1; top: R8@1"
    game = live(body, "+blast.elimination_threshold=30")
    assert len(game.hands[1]) == 29
    events = game.apply(2, "RR", 1000.0)
    assert game.eliminated[1] and "eliminated" in kinds(events)
    assert {CARD_TEXT[c] for c in game.buried} >= {"R5", "R6"}


def test_a_seat_that_plays_its_last_card_wins_once_its_draws_are_done() -> None:
    game = live(f"hands: R+2 | B1 B2 | Y1 Y2; top: R9@-; draw: {PLAIN}")
    events = game.apply(0, "R+2", 1000.0)
    assert drawn(events, 1) == 2 and game.over and game.winner == 0


def test_a_timeout_in_the_draw_rounds_window_plays_the_drawn_card() -> None:
    game = live("hands: B5 Y4 | G1 G2 | Y1 Y2; top: R9@0; draw: R4 O3 P6 Y8")
    game.apply(0, "arm:B5", 1000.0)
    assert game.phase == uv.Phase.DRAWN
    events = game.apply(None, "timeout", 9000.0)
    assert [e.kind for e in events][:2] == ["timeout", "play"] and top(game) == "R4"


def test_nobody_can_play_and_nothing_can_be_drawn_the_fewest_cards_win() -> None:
    """U-B-31: stuck — every other card is held, red is locked, the blocked seat holds the
    other Bloqueos: the round ends and the seat with the fewest cards wins."""
    small = (
        "+blast.numbers=1+blast.bloqueo=1+blast.reversa=0+blast.descartar_todo=0"
        "+blast.plus_one=0+blast.plus_two=0+blast.plus_four=0+blast.numeral=0"
        "+blast.reversa_toma_4=0+blast.plus_six=0+blast.plus_ten=0+blast.multiple_2=0"
        "+blast.multiple_4=0+blast.blast_copies=0+blast.elimination_threshold=100"
    )
    numbers = [f"{c}{n}" for c in "RYGBOP" for n in range(10)]
    body = (
        f"hands: {' '.join(numbers[:25])} | YBL GBL BBL OBL PBL | {' '.join(numbers[25:])}; "
        "top: RBL@0; draw: -; blocked: 1; lock: R"
    )
    game = live(body, small)
    assert not game.draw_pile and len(game.discard) == 1
    events = game.apply(2, "arm:P9", 1000.0)
    assert kinds(events)[-2:] == ["stuck", "round_over"]
    assert game.over and game.winner == 1  # 5 cards against 25 and 35


def test_a_referee_penalty_in_live_play_draws_and_play_goes_on() -> None:
    game = live(f"hands: R1 G5 | R2 B3 | Y1 R3; top: R9@-; draw: {PLAIN}")
    events = game.apply(None, "penalize:1:2", 1000.0)
    assert drawn(events, 1) == 2 and game.phase == uv.Phase.LIVE
    game.apply(1, "R2", 1100.0)
    assert top(game) == "R2"


def test_a_blast_event_interrupts_live_play_and_plays_during_it_are_stale() -> None:
    game = live("hands: R+2 G5 | R2 B3 B4 | Y1 R3; top: R9@-; draw: O1 O2 !2SC O3")
    events = game.apply(0, "R+2", 1000.0)  # seat 1 draws O3, then the BLAST card
    assert kinds(events)[-1] == "blast" and game.phase == uv.Phase.BLAST
    assert game.windows() == (Window("blast", 1),)
    refused(game, 2, "R3", uv.StaleAction, 1100.0)
    refused(game, 2, "arm:R3", uv.StaleAction, 1100.0)
    for seat in game.acting_seats():
        game.apply(seat, game.legal_actions(seat)[0], 1200.0)
    # resolved: seat 1 met it with B3 B4, then the +2's draw goes on with its second card
    # (after the others' penalties), and play is live again
    assert game.phase == uv.Phase.LIVE
    assert "B3" not in hand(game, 1) and "O3" in hand(game, 1) and len(game.hands[1]) == 3


def test_during_the_draw_rounds_forced_play_other_plays_in_the_window_are_simultaneous() -> None:
    """U-B-33: the forced play itself is never simultaneous; any other seat's play stamped
    within the window after the accepted card is, with its holding penalty."""
    game = live(f"hands: R+2 G5 | B1 B2 | Y1 Y2 Y3; top: R9@-; draw: {PLAIN} R4 O2 O1")
    game.apply(0, "R+2", 1000.0)  # seat 1 draws O1 O2; nobody can play: the draw round
    assert game.phase == uv.Phase.DRAWN
    forced = game.turn
    other = 2 if forced != 2 else 0
    card = hand(game, other)[0]
    events = game.apply(other, card, 1100.0)
    assert kinds(events)[0] == "simultaneous" and game.phase == uv.Phase.DRAWN
    must = CARD_TEXT[game.drawn]
    game.apply(forced, str(game.legal_actions(forced)[0]), 1150.0)
    assert top(game) == must  # accepted, though stamped within the window


def test_a_numeral_whose_declared_number_no_longer_plays_is_stale() -> None:
    game = live("hands: R9 B5 | GN B1 | Y1 Y2; top: G9@-")
    game.apply(0, "R9", 1000.0)
    refused(game, 1, "GN=5", uv.StaleAction, 2000.0)
    refused(game, 1, "GN", uv.IllegalAction, 2000.0)  # no number: malformed, not stale


# -- cases the conformance playouts found, pinned one by one --------------------------------
#: The nine BLAST cards a position does not draw, for the bottom of its draw pile.
OTHERS = "!2SC !3SC !4SC !5DC !3CN !5CN !2SN !3SN !4SN"


def _drawn_first(*cards: str) -> str:
    """A ``draw:`` list whose cards are drawn in the order given (the last is drawn first)."""
    return " ".join(reversed(cards))


def test_a_blast_event_that_gives_a_seat_a_legal_card_ends_the_draw_round() -> None:
    """§5.5 step 7: "in BLAST mode, the draw round ends if any active, unblocked seat now
    holds a legal card". Nobody can play R9: the draw round starts at seat 1, which draws
    !4DC; nobody meets it, and seat 2's 3 penalty cards bring R3. The round must end there
    (seat 2 plays R3 live): nobody draws P7, P8 or P9."""
    order = _drawn_first("!4DC", "O1", "O2", "O3", "P1", "R3", "P2", "O4", "O5", "O6", "P7", "P8")
    game = uv.position(
        f"blast+mode=blast; hands: B5 Y4 | G1 G2 | Y1 Y2; top: R9@0; draw: {OTHERS} P9 R4 {order}"
    )
    events = game.apply(0, "arm:B5", 1000.0)
    assert [e.kind for e in events if e.kind == "draw" and e.reason == "round"] == []
    assert game.phase == uv.Phase.LIVE
    assert uv.action("R3") in game.legal_actions(2)


def test_a_seat_out_on_its_last_card_sits_out_a_blast_event_during_its_draws() -> None:
    """U-B-28 (the seat wins once its card's draws are done) with U-B-11 (a seat that went
    out sits a BLAST event out: a penalty would undo its going out) and §5.5 End of game (a):
    seat 0 plays its last card, R+2; seat 1's draw meets !4DC: seat 0 draws no penalty and
    wins with an empty hand."""
    order = _drawn_first("O1", "!4DC", "O2", "O3", "O4", "P1", "P2", "P3", "O5", "P5", "G5")
    game = uv.position(
        f"blast+mode=blast; hands: R+2 | B1 B2 | Y1 Y2; top: R9@-; draw: {OTHERS} {order}"
    )
    events = game.apply(0, "R+2", 1000.0)
    assert not [e for e in events if e.kind == "blast_penalty" and e.seat == 0]
    assert game.over and game.winner == 0 and game.hands[0] == []


def test_a_card_played_by_a_timeout_opens_a_simultaneity_window() -> None:
    """§5.8 "when card X from player P is accepted at time t … every play from a seat ≠ P
    stamped in [t, t + W] … is simultaneous", and U-B-30 (the session's ``deadline_ms`` times
    out the draw round's forced play, which plays the drawn card): the ``timeout`` at 9000 ms
    plays seat 0's drawn R4 at 9000 ms, so seat 2's R7 at 9100 ms is simultaneous."""
    game = live("hands: B5 Y4 | G1 G2 | Y1 Y2 R7; top: R9@0; draw: R4 O3 P6 Y8; blocked: 2")
    game.apply(0, "arm:B5", 1000.0)  # nobody can play: the draw round; seat 0 draws R4
    assert game.phase == uv.Phase.DRAWN and game.turn == 0
    game.apply(None, "timeout", 9000.0)
    events = game.apply(2, "R7", 9100.0)
    assert [e.kind for e in events] == ["simultaneous"]


def test_a_reversa_is_never_handed_back_so_two_reversas_cannot_cycle() -> None:
    """U-B-35: on a Reversa, another Reversa returns nothing (the run stops at a Reversa);
    without it two seats could hand the same Reversas back and forth for ever."""
    game = live("hands: PR G5 | PR B3; discard: P2@1; top: P4@1")
    game.apply(0, "PR", 1000.0)  # the pink run P4 P2 goes back to seat 1
    assert sorted(hand(game, 1)) == sorted(["PR", "B3", "P4", "P2"])
    game.apply(1, "PR", 2000.0)  # on seat 0's PR: nothing returns
    assert hand(game, 0) == ["G5"] and [CARD_TEXT[c] for c in game.discard[-2:]] == ["PR", "PR"]
    body = "hands: B1 | PR B2; discard: P1@0 PR@0 P3@0; top: P4@0"
    game = live(body, "+reverse_return=all_same_color")
    game.apply(1, "PR", 1000.0)  # every pink card but the Reversa beneath goes back
    assert sorted(hand(game, 0)) == sorted(["B1", "P1", "P3", "P4"])


@pytest.mark.parametrize(
    ("penalty", "to_live"), [("P3 P4 O5", False), ("P3 R7 O5", True)], ids=["round", "live"]
)
def test_a_forced_card_met_in_a_blast_set_lapses_and_play_goes_on(
    penalty: str, to_live: bool
) -> None:
    """U-B-36: seat 0's R+2 at 1000 ms makes seat 1 draw O1 P2; nobody can play, and the draw
    round's first card, seat 1's B+2, plays on R+2: seat 1 must play it (DRAWN). Seat 2's Y1
    at 1100 ms is simultaneous with the R+2, and its holding penalty draws !2SC. Seat 1's only
    pair of one colour is B1 B+2, so the forced card goes into its BLAST set: the forced play
    lapses and play goes on. After seat 0's 3 penalty cards and the rest of seat 2's holding
    draw (O6 G8), either seat 0 holds R7 and play is live, or nobody can play and a new draw
    round deals R4 to seat 1. Before, the event gave back the DRAWN window with B+2, no
    longer held: ``legal_actions`` offered it and the engine refused it for ever."""
    others = OTHERS.replace("!2SC", "!4DC")  # the nine BLAST cards this position does not draw
    order = _drawn_first("O1", "P2", "B+2", "!2SC", *penalty.split(), "O6", "G8", "R4", "P8")
    game = live(f"hands: R+2 G5 | B1 G3 | Y1 Y2 Y3; top: R9@-; draw: {others} P9 {order}")
    game.apply(0, "R+2", 1000.0)
    assert game.phase == uv.Phase.DRAWN and game.turn == 1 and CARD_TEXT[game.drawn] == "B+2"
    events = game.apply(2, "Y1", 1100.0)
    assert kinds(events) == ["simultaneous", "holding", "blast"]
    assert game.phase == uv.Phase.BLAST and sorted(game.acting_seats()) == [1, 2]
    assert [str(a) for a in game.legal_actions(1)] == ["blast:B1,B+2"]  # every set has B+2
    events = game.apply(1, "blast:B1,B+2", 1200.0)
    events += game.apply(2, "blast:Y1,Y2", 1200.0)
    met = [e for e in events if e.kind == "blast_discard" and e.seat == 1]
    assert [sorted(CARD_TEXT[c] for c in e.cards) for e in met] == [["B+2", "B1"]]
    assert "B+2" not in hand(game, 1) and uv.card("B+2") in game.discard
    assert top(game) == "R+2"  # the sets went under the top card (B-16)
    # the forced play lapsed: never a DRAWN window with a card its seat does not hold
    assert game.phase in (uv.Phase.LIVE, uv.Phase.DRAWN)
    if game.phase == uv.Phase.DRAWN:
        assert game.drawn in game.hands[game.turn]
    if to_live:
        assert game.phase == uv.Phase.LIVE and uv.action("R7") in game.legal_actions(0)
    else:
        assert "draw_round" in kinds(events) and game.phase == uv.Phase.DRAWN
        assert game.turn == 1 and CARD_TEXT[game.drawn] == "R4"
        assert [str(a) for a in game.legal_actions(1)] == ["R4"]
    # every action legal_actions offers, for every seat, is accepted after the window
    offered = [(seat, act) for seat in range(game.n) for act in game.legal_actions(seat)]
    assert offered
    for seat, act in offered:
        game.copy().apply(seat, act, 2000.0)


# -- form before time: a malformed play is never simultaneous ------------------------------


@pytest.mark.parametrize(
    ("act", "named"),
    [
        ("BN", "takes a declared number"),  # a Numeral without its number
        ("B3:G", "takes no declared colour"),  # a colour on a coloured card
        ("W+6", "takes a declared colour"),  # a wild without its colour
        ("B9", "not in seat 1's hand"),  # a card it does not hold
        ("B3=4", "takes no declared number"),  # a number on a card that is no Numeral
    ],
)
def test_a_malformed_play_inside_the_simultaneity_window_is_illegal_not_simultaneous(
    act: str, named: str
) -> None:
    """The form of a play is checked before its time: inside the window after an accepted
    +2, a malformed play once drew the holding penalty as a simultaneous play; it is refused
    as ``illegal`` and costs nothing."""
    game = live(f"hands: R+2 G5 | BN B3 W+6 | Y1 R3; top: R9@-; draw: {PLAIN}")
    game.apply(0, "R+2", 1000.0)
    before = state_hash(game)
    with pytest.raises(uv.IllegalAction, match=named):
        game.apply(1, act, 1100.0)
    assert state_hash(game) == before
    assert kinds(game.apply(1, "B3", 1100.0)) == ["simultaneous"]  # a well-formed one is


def test_arming_the_card_already_armed_is_refused() -> None:
    """No legal action offers it: it once was accepted, as a second ``arm`` event."""
    game = live("hands: R1 G5 | R2 B3 | Y1 R3; top: R9@-")
    game.apply(1, "arm:R2", 10.0)
    assert "arm:R2" not in [str(a) for a in game.legal_actions(1)]
    refused(game, 1, "arm:R2", uv.IllegalAction, 20.0)
    game.apply(1, "arm:B3", 30.0)  # another card may replace it
    assert game.blast.armed[1] == uv.card("B3")


@pytest.mark.parametrize(
    "act",
    [
        uv.Action(uv.Kind.PLAY, 10_000),
        uv.Action(uv.Kind.ARM, 10_000),
        uv.Action(uv.Kind.ARM, -5),
        uv.Action(uv.Kind.ARM),
    ],
)
def test_a_hand_built_play_or_arm_with_a_card_out_of_range_is_a_notation_error(
    act: uv.Action,
) -> None:
    """It once raised IndexError (reading the card's text for the message)."""
    game = live("hands: R1 G5 | R2 B3 | Y1 R3; top: R9@-")
    before = state_hash(game)
    with pytest.raises(uv.NotationError, match="malformed action"):
        game.apply(1, act, 100.0)
    assert state_hash(game) == before
