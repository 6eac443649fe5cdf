"""House rule `jump_in` (RULES.md §4.9, FS-10): an identical card played out of turn."""

from __future__ import annotations

import pytest

import unoverse as uv
from unoverse.core.codec import state_hash
from unoverse.core.windows import Window

from .conftest import hand, top

SKIP = "hands: RS R1 R2 | B1 B2 | RS G1 | Y1 Y2\ntop: R5@3\nturn: 0"


def game(options: str, body: str) -> uv.Game:
    return uv.position(f"classic{options}\n{body}")


@pytest.mark.parametrize("on", [False, True])
def test_jump_in_an_identical_card_out_of_turn_cancels_the_covered_skip(on: bool) -> None:
    g = game("+jump_in" if on else "", SKIP)
    g.apply(0, "RS")  # seat 1 skipped, seat 2's turn
    if not on:
        with pytest.raises(uv.IllegalAction, match="jump-ins are off"):
            g.apply(2, "RS^1")
        assert g.turn == 2
        return
    events = g.apply(2, "RS^1")
    # the covered Skip is cancelled (seat 1 is not skipped); seat 2's Skip skips seat 3
    assert [e.seat for e in events if e.kind == "skip"] == [3] and g.turn == 0


def test_a_jump_in_needs_an_identical_card() -> None:
    g = game("+jump_in", "hands: RS R1 R2 | BS B2 | RS G1 | Y1 Y2\ntop: R5@3\nturn: 0")
    g.apply(0, "RS")
    before = uv.to_json(g)
    with pytest.raises(uv.IllegalAction, match="not identical"):
        g.apply(1, "BS^1")  # same symbol, other colour
    assert uv.to_json(g) == before
    assert not any(a.kind == uv.Kind.JUMP for a in g.legal_actions(1))


def test_a_jump_in_on_a_covered_card_is_stale_and_the_card_stays() -> None:
    g = game("+jump_in", "hands: W R1 R2 | W B2 | W G1 | Y1 Y2\ntop: R5@3\nturn: 0")
    g.apply(0, "W:G")
    g.apply(2, "W:B^1")
    before = uv.to_json(g)
    with pytest.raises(uv.StaleAction, match="already been covered"):
        g.apply(1, "W:R^1")  # it names card #1, covered by seat 2's Wild (#2)
    assert uv.to_json(g) == before and uv.card("W") in g.hands[1]
    g.apply(1, "W:R^2")  # it may jump in again on the new window


def test_the_window_closes_at_the_next_seats_first_action() -> None:
    g = game("+jump_in", SKIP)
    g.apply(0, "RS")
    g.apply(2, "draw")
    with pytest.raises(uv.StaleAction, match="window on card #1 has closed"):
        g.apply(2, "RS^1")


def test_the_victim_of_a_draw_two_jumps_in_and_the_penalty_moves_on() -> None:
    g = game("+jump_in", "hands: R+2 R1 R2 | R+2 B2 | G1 G2 | Y1 Y2\ntop: R5@3\nturn: 0")
    g.apply(0, "R+2")
    g.apply(1, "R+2^1")
    assert g.windows()[0] == Window("penalty", 2) and g.pen_amount == 2  # not 4: no stacking
    g.apply(2, "take")
    assert [len(h) for h in g.hands] == [2, 1, 4, 2]


def test_a_jump_in_on_a_reverse_applies_only_the_jumpers_reverse() -> None:
    g = game("+jump_in", "hands: RR R1 R2 | B1 B2 | RR G1 | Y1 Y2\ntop: R5@3\nturn: 0")
    g.apply(0, "RR")  # direction ccw, seat 3's turn
    g.apply(2, "RR^1")  # the covered flip is cancelled: one flip, from seat 2
    assert g.direction == -1 and g.turn == 1


def test_a_jump_in_inside_a_progressive_chain_keeps_the_total_and_retargets() -> None:
    body = "hands: R+2 R1 R2 | G+2 B2 | G+2 G1 | Y1 Y2\ntop: R5@3\nturn: 0"
    g = game("+jump_in+stacking=progressive", body)
    g.apply(0, "R+2")
    g.apply(1, "G+2")  # total 4, aimed at seat 2
    g.apply(2, "G+2^2")  # seat 2 jumps in on the G+2: the total stays 4, aimed at seat 3
    assert g.windows()[0] == Window("penalty", 3) and g.pen_amount == 4


def test_a_jump_in_on_a_seven_zero_7_cancels_the_swap() -> None:
    body = "hands: R7 R1 R2 | B1 B2 | R7 G1 | Y1 Y2 Y3\ntop: R5@3\nturn: 0"
    g = game("+jump_in+seven_zero", body)
    g.apply(0, "R7>3")  # seat 0 swaps with seat 3
    assert g.hands[0] == uv.cards("Y1 Y2 Y3")
    g.apply(2, "R7^1")  # the covered swap is undone; seat 2's 7 swaps with nobody
    assert g.hands[0] == uv.cards("R1 R2") and g.hands[3] == uv.cards("Y1 Y2 Y3")
    assert g.turn == 3


def test_a_wild_jump_in_needs_the_same_wild_type_and_declares() -> None:
    g = game("+jump_in", "hands: W R1 R2 | W B2 | W+4 G1 | Y1 Y2\ntop: R5@3\nturn: 0")
    g.apply(0, "W:G")
    assert not any(a.kind == uv.Kind.JUMP for a in g.legal_actions(2))  # W+4 is not a W
    g.apply(1, "W:B^1")
    assert g.color == uv.core.cards.color("B") and g.turn == 2


def test_a_wild_draw_four_jump_in_may_be_challenged_by_the_new_victim() -> None:
    body = "hands: W+4 R1 R2 | W+4 G7 | G1 G2 | Y1 Y2\ntop: R5@3\nturn: 0"
    g = game("+jump_in", body)
    g.apply(0, "W+4:G")
    g.apply(1, "W+4:B^1")  # seat 1 holds G7, of the active colour (green): illegal
    assert g.windows()[0] == Window("challenge", 2)
    g.apply(2, "challenge")
    assert len(g.hands[1]) == 1 + 4 and g.turn == 2


def test_a_jump_in_closes_every_uno_window_but_the_jumpers() -> None:
    body = "hands: RS R1 | B1 B2 | RS G1 | Y1 Y2\ntop: R5@3\nturn: 0"
    g = game("+jump_in", body)
    g.apply(0, "RS")  # seat 0 to one card without UNO
    assert Window("uno", 0) in g.windows()
    g.apply(2, "RS^1")  # seat 2 to one card without UNO too
    assert [w for w in g.windows() if w.kind == "uno"] == [Window("uno", 2)]


def test_the_windows_never_say_who_could_jump_in() -> None:
    holds = game("+jump_in", "hands: RS R1 R2 | B1 B2 | RS G1 | Y1 Y2\ntop: R5@3\nturn: 0")
    nobody = game("+jump_in", "hands: RS R1 R2 | B1 B2 | B3 G1 | Y1 Y2\ntop: R5@3\nturn: 0")
    holds.apply(0, "RS")
    nobody.apply(0, "RS")
    assert holds.windows() == nobody.windows() == (Window("turn", 2), Window("jump", number=1))


def test_two_identical_cards_are_played_one_at_a_time_by_the_same_seat() -> None:
    g = game("+jump_in", "hands: R7 R7 R1 | B1 B2 | G1 G2\ntop: R5@2\nturn: 0")
    g.apply(0, "R7")
    g.apply(0, "R7^1")  # its own card: a jump-in, and others could have jumped between
    assert g.hands[0] == uv.cards("R1") and g.turn == 1


def test_play_duplicates_with_jump_in_the_window_opens_after_the_whole_play() -> None:
    body = "hands: R7 G7 R1 | G7 B2 | G1 G2\ntop: R5@2\nturn: 0"
    g = game("+jump_in+play_duplicates", body)
    g.apply(0, "R7,G7")
    assert Window("jump", number=1) in g.windows()
    g.apply(1, "G7^1")
    assert g.top == uv.card("G7") and g.turn == 2


def test_u_h_12_a_jump_in_is_judged_on_the_hands_before_the_covered_swap() -> None:
    g = game("+jump_in+seven_zero", "hands: R7 R1 | B1 B2 | R7 G1\ntop: R5@1\nturn: 0")
    g.apply(0, "R7>2")  # seat 0 now holds R7 G1 (seat 2's hand), seat 2 holds R1
    assert not any(a.kind == uv.Kind.JUMP for a in g.legal_actions(0))
    assert uv.action("R7^1") in g.legal_actions(2)  # its own R7, once the swap is undone
    g.apply(2, "R7^1")
    assert g.hands[0] == uv.cards("R1") and g.hands[2] == uv.cards("G1") and g.turn == 0


def test_u_h_13_no_jump_in_on_a_going_out_card() -> None:
    g = game("+jump_in", "hands: R+2 | R+2 B2 | G1 G2\ntop: R5@2\nturn: 0")
    g.apply(0, "R+2")  # seat 0 goes out on a Draw Two: the round ends once seat 1 answers
    assert all(w.kind != "jump" for w in g.windows())
    assert g.legal_actions(1) == (uv.action("take"),)
    first = uv.new_game("classic+jump_in", 4, 3)
    assert all(w.kind != "jump" for w in first.windows())  # none on the first card turned


def test_no_jump_in_on_a_card_restored_by_a_caught_illegal_play() -> None:
    """``catch_illegal`` takes the illegal card back and restores the card under it: the
    jump-in window of the illegal card closes, and a jump-in naming it (or the restored
    card, which is not newly played) is refused and changes nothing."""
    g = uv.position(
        "classic+permissive_illegal_plays+jump_in; hands: G7 R1 Y4 | Y1 Y2 | R5 B2; top: R5"
    )
    g.apply(0, "G7")  # accepted as illegal: the jump-in window is on G7
    covers = g.landed
    g.apply(1, "catch_illegal")
    assert top(g) == "R5" and Window("jump", number=covers) not in g.windows()
    before = state_hash(g)
    with pytest.raises(uv.StaleAction):
        g.apply(2, f"R5^{covers}")
    with pytest.raises((uv.StaleAction, uv.NotYourWindow)):
        g.apply(2, f"R5^{g.landed}")
    assert state_hash(g) == before and hand(g, 2) == ["B2", "R5"]
