"""House rules that redefine the 0: `seven_zero` (RULES.md §4.9, FS-6, FS-7) and
`zero_chooses_direction`, each with the option on and off."""

from __future__ import annotations

import pytest

import unoverse as uv
from unoverse.core.cards import cards
from unoverse.core.windows import Window

BODY = "hands: R0 R7 R1 | B1 B2 | G1 G2 G3\ntop: R5@2\nturn: 0"


def hands(g: uv.Game) -> list[list[int]]:
    return [list(h) for h in g.hands]


@pytest.mark.parametrize("on", [False, True])
def test_seven_zero_a_0_passes_every_hand_to_the_next_seat(on: bool) -> None:
    g = uv.position(("classic+seven_zero\n" if on else "classic\n") + BODY)
    g.apply(0, "R0")
    if on:
        assert hands(g) == [cards("G1 G2 G3"), cards("R7 R1"), cards("B1 B2")]
        assert g.view(0).known[1] == tuple(sorted(cards("R7 R1")))  # it knows what it passed
        assert g.view(1).known[2] == tuple(sorted(cards("B1 B2")))
    else:
        assert hands(g) == [cards("R7 R1"), cards("B1 B2"), cards("G1 G2 G3")]


def test_seven_zero_rotation_follows_the_direction() -> None:
    g = uv.position("classic+seven_zero\n" + BODY.replace("turn: 0", "turn: 0\ndirection: ccw"))
    g.apply(0, "R0")
    assert hands(g) == [cards("B1 B2"), cards("G1 G2 G3"), cards("R7 R1")]


@pytest.mark.parametrize("on", [False, True])
def test_seven_zero_a_7_may_swap_with_a_chosen_seat_fs6(on: bool) -> None:
    g = uv.position(("classic+seven_zero\n" if on else "classic\n") + BODY)
    sevens = {str(a) for a in g.legal_actions(0) if a.card == uv.card("R7")}
    if not on:
        assert sevens == {"R7"}
        with pytest.raises(uv.IllegalAction, match="names no seat"):
            g.apply(0, "R7>2")
        return
    assert sevens == {"R7", "R7>1", "R7>2"}  # swapping is optional (FS-6)
    g.apply(0, "R7>2")
    assert hands(g) == [cards("G1 G2 G3"), cards("B1 B2"), cards("R0 R1")]
    g2 = uv.position("classic+seven_zero\n" + BODY)
    g2.apply(0, "R7")
    assert hands(g2)[0] == cards("R0 R1")


def test_fs7_a_0_or_7_as_the_last_card_ends_the_round_first() -> None:
    g = uv.position("classic+seven_zero\nhands: R0 | B1 B2 | G1\ntop: R5@2\nturn: 0")
    g.apply(0, "R0")
    assert g.over and g.winner == 0 and hands(g)[1] == cards("B1 B2")
    g = uv.position("classic+seven_zero\nhands: R7 | B1 B2 | G1\ntop: R5@2\nturn: 0")
    assert [str(a) for a in g.legal_actions(0)] == ["R7", "draw"]
    g.apply(0, "R7")
    assert g.over and g.winner == 0


def test_c4_hands_changed_by_seven_zero_open_no_uno_window() -> None:
    g = uv.position("classic+seven_zero\nhands: R7 R1 | B1 | G1 G2\ntop: R5@2\nturn: 0")
    g.apply(0, "R7>1")  # seat 0 now holds B1, seat 1 holds R1: no window for either
    assert all(w.kind != "uno" for w in g.windows())
    g = uv.position("classic+seven_zero\nhands: R7 R1 | B1 B2 | G1 G2\ntop: R5@2\nturn: 0")
    g.apply(0, "R7")  # no swap: an ordinary play to one card
    assert Window("uno", 0) in g.windows()


def test_seven_zero_swap_with_a_seat_that_does_not_exist_is_refused() -> None:
    g = uv.position("classic+seven_zero\n" + BODY)
    before = uv.to_json(g)
    for bad in ("R7>3", "R7>0", "R7>9"):
        with pytest.raises(uv.IllegalAction, match="may swap hands with one of 1 2, or nobody"):
            g.apply(0, bad)
    assert uv.to_json(g) == before


@pytest.mark.parametrize("on", [False, True])
def test_zero_chooses_direction_next_seat_draws_one_and_keeps_its_turn(on: bool) -> None:
    g = uv.position(("classic+zero_chooses_direction\n" if on else "classic\n") + BODY)
    if not on:
        g.apply(0, "R0")
        assert [len(h) for h in g.hands] == [2, 2, 3] and g.turn == 1
        return
    g.apply(0, "R0>ccw")
    assert g.direction == -1 and g.turn == 2 and [len(h) for h in g.hands] == [2, 2, 4]


def test_zero_chooses_direction_needs_a_direction_except_on_the_last_card() -> None:
    g = uv.position("classic+zero_chooses_direction\n" + BODY)
    with pytest.raises(uv.IllegalAction, match="add >cw or >ccw"):
        g.apply(0, "R0")
    g = uv.position("classic+zero_chooses_direction\nhands: R0 | B1 | G1\ntop: R5@2\nturn: 0")
    with pytest.raises(uv.IllegalAction, match="chooses no direction"):
        g.apply(0, "R0>cw")
    g.apply(0, "R0")
    assert g.over and [len(h) for h in g.hands] == [0, 1, 1]
