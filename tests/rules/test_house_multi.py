"""House rules that lay several cards in one play: `play_duplicates` (H-1, H-2) and
`zero_discard_color`, each with the option on and off."""

from __future__ import annotations

import pytest

import unoverse as uv
from unoverse.core.windows import Window


def game(options: str, body: str) -> uv.Game:
    return uv.position(f"classic{options}\n{body}")


FOUR = "hands: RS GS BS R1 | B1 B2 | G1 G2 | Y1 Y2\ntop: R5@3\nturn: 0"


@pytest.mark.parametrize("on", [False, True])
def test_play_duplicates_lays_identical_symbols_together(on: bool) -> None:
    g = game("+play_duplicates" if on else "", FOUR)
    offered = {str(a) for a in g.legal_actions(0)}
    assert ("RS,GS" in offered) is on
    if not on:
        with pytest.raises(uv.IllegalAction, match="one card per play"):
            g.apply(0, "RS,GS")
        return
    g.apply(0, "RS,GS")
    assert g.top == uv.card("GS") and g.color == uv.core.cards.color("G")  # the last laid


def test_h1_two_skips_skip_two_players() -> None:
    g = game("+play_duplicates", FOUR)
    events = g.apply(0, "RS,GS")
    assert [e.seat for e in events if e.kind == "skip"] == [1, 2] and g.turn == 3


def test_h1_two_draw_twos_make_the_next_player_draw_four() -> None:
    g = game("+play_duplicates", "hands: R+2 G+2 R1 R2 | B1 B2 | G1 G2\ntop: R5@2\nturn: 0")
    g.apply(0, "R+2,G+2")
    g.apply(1, "take")
    assert len(g.hands[1]) == 6 and g.turn == 2


def test_h1_two_reverses_leave_the_direction_unchanged() -> None:
    g = game("+play_duplicates", "hands: RR GR R1 | B1 B2 | G1 G2\ntop: R5@2\nturn: 0")
    g.apply(0, "RR,GR")
    assert g.direction == 1 and g.turn == 1


def test_h2_wilds_cannot_be_doubled() -> None:
    g = game("+play_duplicates", "hands: W W R1 | B1 B2 | G1 G2\ntop: R5@2\nturn: 0")
    assert not any(a.more for a in g.legal_actions(0))
    with pytest.raises(uv.IllegalAction, match="wilds cannot be played together"):
        g.apply(0, "W,W")


def test_play_duplicates_needs_the_first_card_legal_and_cards_in_hand() -> None:
    g = game("+play_duplicates", "hands: G7 R7 R1 | B1 B2 | G1 G2\ntop: R5@2\nturn: 0")
    before = uv.to_json(g)
    with pytest.raises(uv.IllegalAction, match="first card G7 does not match"):
        g.apply(0, "G7,R7")
    with pytest.raises(uv.IllegalAction, match="not in the hand"):
        g.apply(0, "R7,R7")
    assert uv.to_json(g) == before
    g.apply(0, "R7,G7")
    assert g.color == uv.core.cards.color("G")


@pytest.mark.parametrize("on", [False, True])
def test_zero_discard_color_lays_the_0_with_every_card_of_its_colour(on: bool) -> None:
    body = "hands: R0 R5 RS G1 | B1 B2 | G1 G2\ntop: R9@2\nturn: 0"
    g = game("+zero_discard_color" if on else "", body)
    if not on:
        with pytest.raises(uv.IllegalAction, match="one card per play"):
            g.apply(0, "R0,R5,RS")
        return
    g.apply(0, "R0,R5,RS")  # only the last card's effect: the Skip
    assert g.hands[0] == uv.cards("G1") and g.turn == 2 and g.top == uv.card("RS")


def test_zero_discard_color_only_the_last_card_counts() -> None:
    body = "hands: R0 R+2 RS G1 G2 | B1 B2 | G1 G2\ntop: R9@2\nturn: 0"
    g = game("+zero_discard_color", body)
    g.apply(0, "R0,RS,R+2")
    assert g.windows()[0] == Window("penalty", 1) and g.pen_amount == 2  # the skip is not applied


def test_zero_discard_color_needs_every_card_of_the_colour_and_the_0_first() -> None:
    g = game("+zero_discard_color", "hands: R0 R5 RS G1 | B1 B2 | G1 G2\ntop: R9@2\nturn: 0")
    before = uv.to_json(g)
    with pytest.raises(uv.IllegalAction, match="every other card of that colour"):
        g.apply(0, "R0,R5")
    with pytest.raises(uv.IllegalAction, match="share their number or symbol"):
        g.apply(0, "R5,R0,RS")
    assert uv.to_json(g) == before


def test_zero_discard_color_needs_a_0_of_the_active_colour() -> None:
    g = game("+zero_discard_color", "hands: G0 G5 R1 | B1 B2 | G1 G2\ntop: R0@2\nturn: 0")
    assert not any(a.more for a in g.legal_actions(0))  # G0 matches by number, not colour


def test_u_h_10_several_cards_only_in_the_turn_window() -> None:
    g = game(
        "+play_duplicates+stacking=same",
        "hands: Y+2 R1 R3 | R+2 G+2 B1 | G1 G2\ntop: Y5@2\nturn: 0",
    )
    g.apply(0, "Y+2")
    assert not any(a.more for a in g.legal_actions(1))
    with pytest.raises(uv.IllegalAction, match="only in the turn window"):
        g.apply(1, "R+2,G+2")


def test_u_h_11_identical_zeros_under_zero_chooses_direction_add_up() -> None:
    g = game(
        "+play_duplicates+zero_chooses_direction",
        "hands: R0 G0 R1 | B1 B2 | G1 G2\ntop: R5@2\nturn: 0",
    )
    g.apply(0, "R0,G0>ccw")
    assert g.turn == 2 and len(g.hands[2]) == 4  # the next seat draws 1 per 0
