"""UNO Flip's P9, the table turning over (RULES.md §8.8), on the state: §8.14's first two
scenarios (a card resurfacing, a wild surfacing), the draw pile reversed (FL-6), the hands
turned, and P9 as its own inverse (§8.12); and the colours a wild declares on each side
(FL-10)."""

from __future__ import annotations

import pytest

from unoverse.core.cards import CARD_TEXT, DARK_UP, FACE, NO_COLOR, card, color, kind
from unoverse.core.errors import IllegalAction
from unoverse.core.phase import Phase
from unoverse.core.turn_over import turn_over

from ._flip_table import table


def faces(cards: list[int]) -> list[str]:
    """What is up on each card."""
    return [CARD_TEXT[FACE[c]] for c in cards]


def test_fl_7_the_former_bottom_card_resurfaces_on_its_other_face() -> None:
    # §8.14.1: first card R5|P2 (copy 1); seat 2 plays GF|T3 on a green card
    g = table("R5|P2 G4|P8 GF|T3")
    turn_over(g)
    assert faces(g.discard) == ["T3", "P8", "P2"]  # reversed: the Flip is at the bottom
    assert g.discard[-1] == card("P2|R5") and DARK_UP[g.discard[-1]]
    assert (g.color, g.top_kind) == (color("P"), kind("2"))  # pink 2: play on pink or 2
    assert g.discard_by == [2, 2, -1]
    # later a dark Flip lands: the light Flip at the bottom comes back up, green active
    g.discard.append(card("VF|Y4"))
    g.discard_by.append(3)
    turn_over(g)
    assert faces(g.discard) == ["Y4", "R5", "G4", "GF"]
    assert (g.color, g.top_kind) == (color("G"), kind("F"))


def test_fl_8_a_wild_face_surfaces_without_a_colour() -> None:
    # §8.14.2: first card Y1|W (copy 1); seat 2 plays YF|O8 on it
    g = table("Y1|W YF|O8")
    g.color = color("Y")
    turn_over(g)
    assert faces(g.discard)[-1] == "W"
    assert (g.color, g.top_kind) == (NO_COLOR, kind("W"))  # the next player names it


def test_fl_6_the_draw_pile_is_reversed_and_its_former_bottom_is_drawn_next() -> None:
    g = table("R5|P2 GF|T3", draw="B2|O8 Y7|O2 R9|V5")
    turn_over(g)
    assert faces(g.draw_pile) == ["V5", "O2", "O8"]  # B2|O8, the bottom, is now on top
    assert g.draw_pile[-1] == card("O8|B2")


def test_every_hand_and_what_seats_know_of_hands_turns_with_the_table() -> None:
    g = table("R5|P2 GF|T3", hand="R1|P3 W|T3")
    g.known[1][0] = [card("W|T3")]  # seat 1 saw seat 0's wild (a challenge)
    g.drawn = card("R1|P3")
    turn_over(g)
    assert faces(g.hands[0]) == ["P3", "T3"]
    assert g.known[1][0] == [card("T3|W")]
    assert g.drawn == card("P3|R1")


def test_p9_is_its_own_inverse() -> None:
    g = table("R5|P2 G4|P8 GF|T3", draw="B2|O8 Y7|O2", hand="R1|P3 W|T3")
    g.color, g.top_kind = color("G"), kind("F")
    before = (g.discard[:], g.discard_by[:], g.draw_pile[:], [h[:] for h in g.hands])
    turn_over(g)
    turn_over(g)
    assert (g.discard, g.discard_by, g.draw_pile, g.hands) == before
    assert (g.color, g.top_kind) == (color("G"), kind("F"))


def test_fl_10_a_wild_declares_a_colour_of_its_own_side() -> None:
    g = table("R5|P2 GF|T3", hand="W|T3 Y1|W R2|OR")
    g.color, g.top_kind, g.phase, g.turn = color("G"), kind("F"), Phase.TURN, 0
    light = {str(a) for a in g.legal_actions(0)}
    assert {"W|T3:R", "W|T3:Y", "W|T3:G", "W|T3:B"} <= light
    turn_over(g)
    g.phase, g.turn = Phase.TURN, 0
    dark = {str(a) for a in g.legal_actions(0)}
    # on the pink 2: Y1|W is up on its dark wild, declaring pink, teal, orange or purple;
    # W|T3 is a teal 3 now (T3|W), which does not play
    assert dark == {"W|Y1:P", "W|Y1:T", "W|Y1:O", "W|Y1:V", "draw"}
    with pytest.raises(IllegalAction, match="one of P T O V"):
        g.apply(0, "W|Y1:R")


def test_fl_8_a_surfaced_wild_is_named_in_a_colour_of_the_new_side() -> None:
    g = table("Y1|W YF|O8")
    turn_over(g)
    g.phase, g.turn, g.color_next = Phase.COLOR, 1, 1
    assert {str(a) for a in g.legal_actions(1)} == {"color:P", "color:T", "color:O", "color:V"}
    with pytest.raises(IllegalAction):
        g.apply(1, "color:R")
