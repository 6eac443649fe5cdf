"""House rules `stacking` (RULES.md §1.8, FS-8, FS-9) and `revive`, each on and off."""

from __future__ import annotations

import pytest

import unoverse as uv
from unoverse.core.windows import Window

CHAIN = "hands: R1 R+2 R3 | G+2 W+4 G5 | B+2 Y+2 B7 | Y1 Y2\ntop: R5@3\nturn: 0"


def game(options: str, body: str = CHAIN) -> uv.Game:
    return uv.position(f"classic{options}\n{body}")


@pytest.mark.parametrize(
    ("options", "answers"),
    [
        ("", set()),
        ("+stacking=same", {"G+2"}),
        ("+stacking=progressive", {"G+2", "W+4:R", "W+4:Y", "W+4:G", "W+4:B"}),
    ],
)
def test_stacking_modes_decide_which_draw_card_answers_a_draw_two(
    options: str, answers: set[str]
) -> None:
    g = game(options)
    g.apply(0, "R+2")
    offered = {str(a) for a in g.legal_actions(1)} - {"take"}
    assert offered == answers


def test_without_stacking_a_draw_two_answer_is_refused_and_nothing_changes() -> None:
    g = game("")
    g.apply(0, "R+2")
    before = uv.to_json(g)
    with pytest.raises(uv.IllegalAction, match="must take the penalty"):
        g.apply(1, "G+2")
    assert uv.to_json(g) == before


def test_totals_add_and_the_first_seat_that_does_not_answer_draws_them_all() -> None:
    g = game("+stacking=progressive")
    g.apply(0, "R+2")
    g.apply(1, "W+4:B")
    g.apply(2, "B+2")
    assert g.windows()[0] == Window("penalty", 3) and g.pen_amount == 8
    g.apply(3, "take")
    assert len(g.hands[3]) == 10 and g.turn == 0  # the taker loses the turn


def test_fs8_progressive_needs_no_colour_or_symbol_match_same_needs_the_kind() -> None:
    # Y+2 on a W+4 declared blue: no colour or symbol match, legal only under progressive.
    progressive = game("+stacking=progressive")
    progressive.apply(0, "R+2")
    progressive.apply(1, "W+4:B")
    assert uv.action("Y+2") in progressive.legal_actions(2)
    same = game("+stacking=same")
    same.apply(0, "R+2")
    same.apply(1, "G+2")
    with pytest.raises(uv.IllegalAction, match=r"only a \+2 can"):
        same.apply(2, "B7")
    assert uv.action("Y+2") in same.legal_actions(2)  # +2 on +2: the same kind


def test_same_stacking_answers_a_wild_draw_four_only_with_a_wild_draw_four() -> None:
    g = game("+stacking=same", "hands: W+4 R1 R2 | G+2 W+4 G5 | B1 B2\ntop: R5@2\nturn: 0")
    g.apply(0, "W+4:G")
    offered = {str(a) for a in g.legal_actions(1)}
    assert offered == {"take", "challenge", "W+4:R", "W+4:Y", "W+4:G", "W+4:B"}


def test_a_wd4_answer_is_challengeable_guilty_costs_the_offender_the_whole_total() -> None:
    # Seat 1 answers with W+4 while holding G5 of the active colour (green): illegal.
    g = game("+stacking=progressive", "hands: G+2 R1 | W+4 G5 G6 | B1 B2\ntop: G7@2\nturn: 0")
    g.apply(0, "G+2")
    g.apply(1, "W+4:B")
    g.apply(2, "challenge")
    assert len(g.hands[1]) == 2 + 6 and g.turn == 2 and g.phase == uv.Phase.TURN


def test_fs9_innocent_challenge_inside_a_chain_costs_the_total_plus_two() -> None:
    g = game("+stacking=progressive", "hands: G+2 R1 | W+4 B5 B6 | B1 B2\ntop: G7@2\nturn: 0")
    g.apply(0, "G+2")
    g.apply(1, "W+4:B")  # seat 1 holds no green: legal
    g.apply(2, "challenge")
    assert len(g.hands[2]) == 2 + 6 + 2 and g.turn == 0


def test_going_out_on_a_draw_card_ends_the_chain_the_next_seat_cannot_answer() -> None:
    body = "hands: R+2 | G+2 G5 | B1 B2\ntop: R5@2\nturn: 0"
    g = game("+stacking=progressive", body)
    g.apply(0, "R+2")
    assert g.legal_actions(1) == (uv.action("take"),)
    g.apply(1, "take")
    assert g.over and g.winner == 0 and len(g.hands[1]) == 4


@pytest.mark.parametrize("revive", [False, True])
def test_revive_brings_back_a_seat_that_said_uno_and_went_out_on_a_draw_card(
    revive: bool,
) -> None:
    options = "+stacking=progressive" + ("+revive" if revive else "")
    g = game(options, "hands: R1 R+2 | R7 G+2 G5 | B1 B2\ntop: R5@2\ndraw: Y9\nturn: 0")
    g.apply(0, "R1 uno")
    g.apply(1, "R7")
    g.apply(2, "draw")  # Y9 does not match: the turn ends
    g.apply(0, "R+2")  # goes out on a draw card, having said UNO
    if not revive:
        assert g.legal_actions(1) == (uv.action("take"),)
        return
    g.apply(1, "G+2")  # the answer turns the chain on the seat that went out
    assert g.windows()[0] == Window("penalty", 0) and g.pen_amount == 4 and not g.over
    g.apply(0, "take")
    assert len(g.hands[0]) == 4 and g.turn == 1 and not g.over


def test_revive_needs_the_seat_to_have_said_uno() -> None:
    g = game("+stacking=progressive+revive", "hands: R+2 | G+2 G5 | B1 B2\ntop: R5@2\nturn: 0")
    g.apply(0, "R+2")  # out, but it never declared UNO
    assert g.legal_actions(1) == (uv.action("take"),)


def test_u_h_1_the_first_draw_two_may_be_answered() -> None:
    # The Draw Two turned as the first card (played by no seat, @-) is pending on seat 0.
    body = "hands: B+2 B1 | G5 G6 | Y1 Y2\ntop: R+2@-\ndealer: 2\nturn: 0\npending: take 2"
    g = uv.position(f"classic+stacking=same\n{body}")
    g.apply(0, "B+2")
    assert g.pen_amount == 4 and g.windows()[0] == Window("penalty", 1)
    off = uv.position(f"classic\n{body}")
    assert off.legal_actions(0) == (uv.action("take"),)


def test_u_h_2_a_copying_blank_answers_as_the_draw_card_it_copies() -> None:
    body = "hands: R+2 R1 R3 | WBK G5 | B1 B2\ntop: R5@2\nturn: 0"
    g = uv.position(f"classic+deck=112_blank+blank_mode=copy_top+stacking=same\n{body}")
    g.apply(0, "R+2")
    assert uv.action("WBK") in g.legal_actions(1)
    g.apply(1, "WBK")
    assert g.pen_amount == 4 and g.windows()[0] == Window("penalty", 2)
    plain = uv.position(f"classic+deck=112_blank+stacking=same\n{body}")
    plain.apply(0, "R+2")
    assert plain.legal_actions(1) == (uv.action("take"),)  # a plain-wild Blank answers nothing
