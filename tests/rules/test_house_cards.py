"""House rules of RULES.md §1.8 that change drawing or add cards: `draw_until_playable`,
`downpour`, `bar_special`, `boomerang` (H-3, H-4), `friendly_swap` (`friendly_count`),
each with the option on and off."""

from __future__ import annotations

from collections import Counter

import pytest

import unoverse as uv
from unoverse.core.cards import CARD_TEXT
from unoverse.core.events import redact
from unoverse.core.windows import Window


def deck(preset: str) -> Counter[str]:
    return Counter(CARD_TEXT[c] for c in uv.new_game(preset, 4, 0).rules.deck)


@pytest.mark.parametrize("on", [False, True])
def test_draw_until_playable_keeps_drawing_until_the_card_is_playable(on: bool) -> None:
    options = "+draw_until_playable" if on else ""
    g = uv.position(
        f"classic{options}\nhands: G1 G2 | B1 B2\ntop: R5@1\ndraw: R9 Y1 Y2 B7\nturn: 0"
    )
    g.apply(0, "draw")
    if on:  # B7, Y2, Y1 do not match R5; R9 does and may be played at once
        assert len(g.hands[0]) == 6 and g.legal_actions(0) == (uv.action("R9"), uv.action("pass"))
    else:
        assert len(g.hands[0]) == 3 and g.turn == 1


def test_draw_until_playable_does_not_apply_to_a_voluntary_draw() -> None:
    g = uv.position(
        "classic+draw_until_playable\nhands: R1 G2 | B1 B2\ntop: R5@1\ndraw: Y1 B7\nturn: 0"
    )
    g.apply(0, "draw")  # seat 0 held R1: a voluntary draw, one card
    assert len(g.hands[0]) == 3 and g.turn == 1


def test_downpour_replaces_two_wild_draw_four_with_downpour_1_and_2() -> None:
    plain, pour = deck("classic"), deck("classic+downpour")
    assert sum(pour.values()) == sum(plain.values()) == 108
    assert (pour["W+4"], pour["WD1"], pour["WD2"]) == (2, 1, 1)
    assert (plain["W+4"], plain["WD1"]) == (4, 0)


@pytest.mark.parametrize(("card", "n"), [("WD1", 1), ("WD2", 2)])
def test_downpour_every_other_seat_draws_and_the_player_plays_again(card: str, n: int) -> None:
    g = uv.position(f"classic+downpour\nhands: {card} R1 R2 | B1 | G1 | Y1\ntop: R5@3\nturn: 0")
    events = g.apply(0, f"{card}:G")
    assert [len(h) for h in g.hands] == [2, 1 + n, 1 + n, 1 + n]
    assert g.turn == 0 and g.color == uv.core.cards.color("G")
    assert [e.seat for e in events if e.kind == "draw"] == [1, 2, 3]  # in turn order


def test_downpour_as_the_last_card_deals_its_cards_before_the_round_ends() -> None:
    g = uv.position("classic+downpour\nhands: WD2 | B1 | G1\ntop: R5@2\nturn: 0")
    g.apply(0, "WD2:G")
    assert g.over and g.winner == 0 and [len(h) for h in g.hands] == [0, 3, 3]


def test_bar_special_others_draw_two_colour_stays_no_declaration() -> None:
    assert deck("classic+bar_special")["WBS"] == 2 and deck("classic")["WBS"] == 0
    g = uv.position("classic+bar_special\nhands: WBS R1 R2 | B1 | G1\ntop: R5@2\nturn: 0")
    assert uv.action("WBS") in g.legal_actions(0)
    with pytest.raises(uv.IllegalAction, match="takes no declared colour"):
        g.apply(0, "WBS:G")
    g.apply(0, "WBS")
    assert g.color == uv.core.cards.color("R") and g.turn == 0
    assert [len(h) for h in g.hands] == [2, 3, 3]


def test_boomerang_played_normally_reverses_and_declares() -> None:
    assert deck("classic+boomerang")["WBO"] == 2
    g = uv.position("classic+boomerang\nhands: WBO R1 | B1 | G1\ntop: R5@2\nturn: 0")
    g.apply(0, "WBO:B")
    assert g.direction == -1 and g.turn == 2 and g.color == uv.core.cards.color("B")


@pytest.mark.parametrize("boomerang", [False, True])
def test_boomerang_sends_a_draw_attack_back_to_its_player(boomerang: bool) -> None:
    if not boomerang:
        g = uv.position("classic\nhands: R+2 R1 R3 | W B1 B2 | G1 G2\ntop: R5@2\nturn: 0")
        g.apply(0, "R+2")
        assert g.legal_actions(1) == (uv.action("take"),)
        return
    body = "hands: R+2 R1 R3 | WBO B1 B2 | G1 G2\ntop: R5@2\nturn: 0"
    g = uv.position(f"classic+boomerang\n{body}")
    g.apply(0, "R+2")
    events = g.apply(1, "WBO:B")
    assert [e.kind for e in events if e.kind in ("boomerang", "reverse")] == [
        "reverse",
        "boomerang",
    ]
    assert g.windows()[0] == Window("penalty", 0) and g.pen_amount == 2
    assert g.legal_actions(0) == (uv.action("take"),)  # H-4: it cannot be boomeranged back
    g.apply(0, "take")
    assert len(g.hands[0]) == 4 and g.direction == -1 and g.turn == 2  # next(0) after reversing


def test_h4_a_returned_attack_cannot_be_boomeranged_again() -> None:
    body = "hands: W+4 WBO R1 | WBO B1 B2 | G1 G2\ntop: R5@2\nturn: 0"
    g = uv.position(f"classic+boomerang\n{body}")
    g.apply(0, "W+4:G")
    g.apply(1, "WBO:B")
    with pytest.raises(uv.IllegalAction, match="must take the penalty"):
        g.apply(0, "WBO:R")
    assert uv.action("challenge") not in g.legal_actions(0)  # its own card: nothing to challenge


def test_u_h_5_no_boomerang_against_the_first_card_or_a_player_who_went_out() -> None:
    starter = uv.position(
        "classic+boomerang\nhands: WBO B1 | G1 G2\ntop: R+2@-\ndealer: 1\nturn: 0\npending: take 2"
    )
    assert starter.legal_actions(0) == (uv.action("take"),)
    out = uv.position("classic+boomerang\nhands: R+2 | WBO B1 | G1\ntop: R5@2\nturn: 0")
    out.apply(0, "R+2")
    assert out.legal_actions(1) == (uv.action("take"),)


def test_friendly_swap_adds_friendly_count_cards() -> None:
    assert deck("classic+friendly_swap")["WF"] == 1
    assert deck("classic+friendly_swap+friendly_count=3")["WF"] == 3
    assert deck("classic")["WF"] == 0


def test_friendly_swap_swaps_hands_with_the_chosen_seat_and_each_knows_what_it_gave() -> None:
    g = uv.position("classic+friendly_swap\nhands: WF R1 R2 | B1 B2 B3 B4 | G1\ntop: R5@2\nturn: 0")
    offered = {
        str(a) for a in g.legal_actions(0) if a.kind == uv.Kind.PLAY and a.card == uv.card("WF")
    }
    # seat 2 holds one card: taking its hand makes a UNO call due with the play (U-H-14)
    assert offered == {f"WF:{c}>{t}" for c in "RYGB" for t in (1, 2)} | {
        f"WF:{c}>2 uno" for c in "RYGB"
    }
    events = g.apply(0, "WF:G>1")
    assert g.hands[0] == uv.cards("B1 B2 B3 B4") and g.hands[1] == uv.cards("R1 R2")
    assert g.view(1).known[0] == tuple(sorted(uv.cards("B1 B2 B3 B4")))
    assert g.view(0).known[1] == tuple(sorted(uv.cards("R1 R2")))
    assert g.view(2).known[0] == ()  # seat 2 saw nothing
    hands = [e for e in events if e.kind == "hand"]
    assert all(redact(e, 2).cards == () for e in hands)  # others see counts only


def test_friendly_swap_opens_no_uno_window_c4() -> None:
    g = uv.position("classic+friendly_swap\nhands: WF R1 | B1 | G1 G2\ntop: R5@2\nturn: 0")
    g.apply(0, "WF:G>1")
    assert all(w.kind != "uno" for w in g.windows())


def test_friendly_card_as_the_last_card_is_a_plain_wild_and_the_round_ends() -> None:
    g = uv.position("classic+friendly_swap\nhands: WF | B1 | G1 G2\ntop: R5@2\nturn: 0")
    assert {str(a) for a in g.legal_actions(0)} >= {"WF:G"}
    with pytest.raises(uv.IllegalAction, match="names no seat"):
        g.apply(0, "WF:G>1")
    g.apply(0, "WF:G")
    assert g.over and g.winner == 0


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("WF:G", "needs the seat to swap hands with"),
        ("WF:G>0", "one of 1 2"),
        ("WF:G>7", "one of 1 2"),
    ],
)
def test_friendly_swap_with_a_seat_that_does_not_exist_is_refused(
    action: str, message: str
) -> None:
    g = uv.position("classic+friendly_swap\nhands: WF R1 | B1 | G1 G2\ntop: R5@2\nturn: 0")
    before = uv.to_json(g)
    with pytest.raises(uv.IllegalAction, match=message):
        g.apply(0, action)
    assert uv.to_json(g) == before


@pytest.mark.parametrize("code", ["WD1", "WD2", "WBS", "WBO", "WF"])
def test_u_h_8_a_house_wild_turned_first_is_a_plain_wild(code: str) -> None:
    preset = "classic+downpour+bar_special+boomerang+friendly_swap"
    seed = next(s for s in range(5000) if uv.new_game(preset, 3, s).top == uv.card(code))
    g = uv.new_game(preset, 3, seed)
    assert g.phase == uv.Phase.COLOR and g.direction == 1  # no reversal, no draws, no swap
    assert [len(h) for h in g.hands] == [7, 7, 7]
    g.apply(g.turn, "color:Y")
    assert g.top_kind == uv.core.cards.WILD and g.phase == uv.Phase.TURN


def test_house_cards_score_50_points_each() -> None:
    preset = "classic+downpour+bar_special+boomerang+friendly_swap"
    g = uv.position(f"{preset}\nhands: R1 | WD1 WD2 WBS | WBO WF G3\ntop: R5@2\nturn: 0")
    g.apply(0, "R1")
    assert g.over and g.round_points() == 5 * 50 + 3


def test_u_h_14_a_uno_call_with_a_hand_move_is_judged_on_the_hand_the_player_ends_with() -> None:
    """P4: a call is false when the action does not leave the declarer at exactly one card —
    after a swap, the hand the declarer received."""
    g = uv.position("classic+friendly_swap\nhands: WF R1 | B1 B2 B3 | G1\ntop: R5@2\nturn: 0")
    before = uv.to_json(g)
    with pytest.raises(uv.IllegalAction, match="leaves 3, hands moved"):
        g.apply(0, "WF:G>1 uno")  # seat 0 would hold B1 B2 B3: no UNO to call
    assert uv.to_json(g) == before
    assert "WF:G>1 uno" not in {str(a) for a in g.legal_actions(0)}
    events = g.apply(0, "WF:G>2 uno")  # seat 0 takes G1: the call is due and safe
    assert [e.kind for e in events if e.kind in ("uno", "false_uno")] == ["uno"]
    assert g.hands[0] == [uv.card("G1")] and g.said_uno[0]
    g = uv.position(
        "classic+friendly_swap+false_uno_penalty=2\nhands: WF R1 | B1 B2 B3 | G1 G2\n"
        "top: R5@2\nturn: 0\ndraw: Y1 Y2 Y3"
    )
    events = g.apply(0, "WF:G>1 uno")  # accepted as a false call: 3 cards, then 2 more
    assert [e.kind for e in events if e.kind in ("uno", "false_uno")] == ["false_uno"]
    assert len(g.hands[0]) == 3 + 2
