"""UNO Flip played (RULES.md §8): the acceptance scenarios of §8.14 through the game's own
actions, the first-card table (§8.5, FL-11), the last card (FL-12, FL-13), two players
(FL-15), the house rules with a Flip (§8.12) and what the variant refuses."""

from __future__ import annotations

import pytest

from unoverse.core import events as ev
from unoverse.core.cards import CARD_TEXT, DARK_UP, FACE, TWIN, card, cards, color
from unoverse.core.errors import IllegalAction, OptionConflict
from unoverse.core.game import Game
from unoverse.core.phase import Phase
from unoverse.variants.flip import FLIP_GAME

from ._flip_table import dealt, table


def top(g: Game) -> str:
    return CARD_TEXT[g.discard[-1]]


def kinds(events: list[ev.Event]) -> list[str]:
    return [e.kind for e in events]


# -- §8.14: the acceptance scenarios --------------------------------------------------------
def test_8_14_1_a_flip_resurfaces_the_first_card_and_a_dark_flip_brings_the_light_one_back() -> (
    None
):
    g = table("R5|P2 G7|O6", "B2|O8 Y7|O2", "GF|T3 R1|P3", "G3|PF B9|O5", "R2|OR", "Y2|T1")
    events = g.apply(0, "GF|T3")
    assert kinds(events) == [ev.PLAY, ev.TURN_OVER]
    assert events[1].seat == 0
    assert top(g) == "P2|R5" and g.color == color("P")  # the first card, dark face up
    assert (g.turn, g.phase) == (1, Phase.TURN)  # a Flip skips nobody
    assert all(DARK_UP[c] for h in g.hands for c in h)
    g.apply(1, "PF|G3")  # a pink Flip on a pink 2
    assert top(g) == "GF|T3" and g.color == color("G")  # the light Flip, back on top
    assert (g.turn, g.phase) == (2, Phase.TURN)
    assert not any(DARK_UP[c] for h in g.hands for c in h)


def test_8_14_2_a_surfaced_wild_is_named_by_the_next_player_as_its_first_action() -> None:
    g = table("Y1|W", "", "YF|O8 R1|P3", "R3|P7 B9|O5", "R2|OR", "Y2|T1")
    g.apply(0, "YF|O8")
    assert top(g) == "W|Y1" and g.color == -1
    assert (g.phase, g.turn) == (Phase.COLOR, 1)
    named = {a.color for a in g.legal_actions(1) if a.kind.name == "COLOR"}
    assert named == {color(c) for c in "PTOV"}
    with pytest.raises(IllegalAction):
        g.apply(1, "color:R")  # a light colour on the dark side (FL-10)
    g.apply(1, "color:P")
    assert (g.phase, g.turn, g.color) == (Phase.TURN, 1, color("P"))
    g.apply(1, "P7|R3")  # the pink 7 is legal on the named pink
    assert top(g) == "P7|R3"


def test_8_14_2_with_flip_player_the_flips_player_names_the_colour() -> None:
    g = table(
        "Y1|W", "", "YF|O8 R1|P3", "R3|P7", "R2|OR", "Y2|T1",
        flip__surfaced_wild_color="flip_player",
    )  # fmt: skip
    g.apply(0, "YF|O8")
    assert (g.phase, g.turn) == (Phase.COLOR, 0)
    g.apply(0, "color:T")
    assert (g.phase, g.turn, g.color) == (Phase.TURN, 1, color("T"))


def test_fl_9_a_surfaced_wild_draw_color_makes_nobody_draw() -> None:
    g = table("Y6|WDC G7|O6", "B2|O8", "GF|T3 R1|P3", "R3|P7 B9|O5", "R2|OR", "Y2|T1")
    events = g.apply(0, "GF|T3")
    assert top(g) == "WDC|Y6" and ev.TAKE not in kinds(events)
    assert (g.phase, g.turn, g.pen_amount, g.pen_until) == (Phase.COLOR, 1, 0, 0)
    g.apply(1, "color:O")
    assert (g.phase, g.turn, g.color) == (Phase.TURN, 1, color("O"))


def test_fl_16_a_wild_draw_colors_colour_is_the_colour_of_play_after_the_draw() -> None:
    g = table("P2|R5", "T4|G5 O1|R7", "WDC|R3 P8|G4", "V5|R9 T9|G4", "O5|B9", "T1|Y2")
    g.apply(0, "WDC|R3:T")
    g.apply(1, "take")
    assert (g.turn, g.phase, g.color) == (2, Phase.TURN, color("T"))
    assert top(g) == "WDC|R3"


def test_8_14_7_going_out_on_a_light_flip_flips_nothing_and_scores_the_light_faces() -> None:
    g = table("R5|P2 R7|O1", "B2|O8", "RF|P8", "R3|P7 B9|O5", "W+2|O4", "Y2|T1")
    events = g.apply(0, "RF|P8")
    assert ev.TURN_OVER not in kinds(events)
    assert g.phase is Phase.OVER and g.winner == 0
    assert top(g) == "RF|P8"
    assert events[-1].count == 3 + 9 + 50 + 2  # R3, B9, W+2, Y2 on their light faces


def test_fl_12_with_last_flip_flips_the_table_turns_and_scores_the_dark_faces() -> None:
    g = table(
        "R5|P2 R7|O1", "B2|O8", "RF|P8", "R3|P7 B9|O5", "W+2|O4", "Y2|T1",
        flip__last_flip_flips=True,
    )  # fmt: skip
    events = g.apply(0, "RF|P8")
    assert kinds(events)[-2:] == [ev.TURN_OVER, ev.ROUND_OVER]
    assert g.phase is Phase.OVER and g.winner == 0
    assert events[-1].count == 7 + 5 + 4 + 1  # P7, O5, O4, T1 on their dark faces


def test_8_14_7_going_out_on_a_draw_five_scores_the_drawn_cards_on_their_dark_faces() -> None:
    g = table("P2|R5 P8|G4", "O4|W+2 V+5|R2 O1|R7 T2|G7 V3|RR", "P+5|Y3", "P7|R3", "O5|B9")
    g.apply(0, "P+5|Y3")
    assert (g.phase, g.turn) == (Phase.PENALTY, 1)
    events = g.apply(1, "take")
    assert g.phase is Phase.OVER and g.winner == 0
    # P7 and the five drawn (V3, T2, O1, V+5, O4) for seat 1, O5 for seat 2
    assert events[-1].count == 7 + (3 + 2 + 1 + 20 + 4) + 5


def test_8_14_8_skip_everyone_gives_its_player_another_full_turn() -> None:
    g = table("O8|B2", "P9|B5", "OSA|Y6 OSA|B7 O1|R7 T4|G5", "P7|R3", "O5|B9", "T1|Y2")
    events = g.apply(0, "OSA|Y6")
    assert [e.seat for e in events if e.kind == ev.SKIP] == [1, 2, 3]
    assert (g.turn, g.phase) == (0, Phase.TURN)
    g.apply(0, "OSA|B7")  # another Skip Everyone, and again
    assert (g.turn, g.phase) == (0, Phase.TURN)
    g.apply(0, "O1|R7")
    assert g.turn == 1


# -- §8.5: the first card ----------------------------------------------------------------
def test_8_14_9_a_first_flip_is_applied_as_the_dealers_play() -> None:
    g = dealt(4, 7, "RF|P8")
    assert kinds(g.setup_events)[-2:] == [ev.STARTER, ev.TURN_OVER]
    assert g.setup_events[-1].seat is None
    assert top(g) == "P8|RF"  # the Flip's own dark face
    assert (g.turn, g.phase, g.color) == (1, Phase.TURN, color("P"))
    assert all(DARK_UP[c] for zone in (*g.hands, g.draw_pile) for c in zone)


def test_fl_11_a_first_flip_whose_dark_face_is_a_wild_lets_left_of_the_dealer_name_it() -> None:
    g = dealt(3, 2, "GF|WDC")
    assert top(g) == "WDC|GF" and g.color == -1
    assert (g.phase, g.turn, g.color_next) == (Phase.COLOR, 1, 1)


def test_fl_11_ignore_starts_on_the_light_side_on_the_flips_colour() -> None:
    g = dealt(4, 7, "RF|P8", flip__first_flip="ignore")
    assert ev.TURN_OVER not in kinds(g.setup_events)
    assert (top(g), g.turn, g.color) == ("RF|P8", 1, color("R"))


@pytest.mark.parametrize("first", ["RF|P8", "W+2|O4"])
def test_fl_11_redraw_returns_a_first_flip_as_a_wild_draw_two(first: str) -> None:
    g = dealt(4, 7, first, flip__first_flip="redraw")
    assert kinds(g.setup_events).count(ev.STARTER_RETURNED) >= 1
    assert card(first) in g.draw_pile  # back in the draw pile, at a random position
    assert FACE[g.discard[-1]] not in (card("RF"), card("W+2"))
    assert len(g.discard) == 1


def test_a_first_draw_one_makes_left_of_the_dealer_draw_one() -> None:
    g = dealt(4, 7, "R+1|P3")
    assert (g.phase, g.turn, g.pen_amount) == (Phase.PENALTY, 1, 1)


# -- FL-15: two players --------------------------------------------------------------------
def test_fl_15_with_two_players_a_reverse_acts_as_a_skip() -> None:
    g = table("R5|P2", "B2|O8", "RR|V3 R1|P3", "R3|P7", players=2)
    g.apply(0, "RR|V3")
    assert (g.turn, g.phase) == (0, Phase.TURN)


# -- §8.12: the house rules with a Flip --------------------------------------------------
def test_a_jump_in_needs_the_same_face_up_not_the_same_back() -> None:
    g = table("R5|P2", "B2|O8", "R1|P3 G7|O6", "R9|V5", "R1|V2 B9|O5", "Y2|T1", jump_in=True)
    g.apply(0, "R1|P3")
    jumps = [a for a in g.legal_actions(2) if a.kind.name == "JUMP"]
    assert {CARD_TEXT[a.card] for a in jumps} == {"R1|V2"}  # (with and without UNO)
    g.apply(2, jumps[0])
    assert top(g) == "R1|V2" and g.turn == 3


def test_a_seat_that_may_jump_in_with_another_back_is_an_acting_seat() -> None:
    # seat 1 holds the other red Reverse (RR|T7) when RR|V3 lands: it may jump in, so the
    # game asks it (the driver and the server ask the acting seats only)
    g = table(
        "R5|P2", "B2|O8 Y7|O2", "RR|V3 G1|O5 G2|T+5", "RR|T7 G4|P8", "Y3|V1 B9|O5",
        players=3, jump_in=True,
    )  # fmt: skip
    g.apply(0, "RR|V3")
    assert any(a.kind.name == "JUMP" for a in g.legal_actions(1))
    assert 1 in g.acting_seats()


def test_nobody_jumps_in_on_a_flip_nor_on_the_card_it_surfaced() -> None:
    g = table("R5|P2", "B2|O8", "RF|P8 G7|O6", "R5|T5", "RF|V3", "Y2|T1", jump_in=True)
    g.apply(0, "RF|P8")
    assert g.jump_undo is None
    assert all(a.kind.name != "JUMP" for s in range(4) for a in g.legal_actions(s))


def test_play_duplicates_never_lays_two_flips_together() -> None:
    g = table("R5|P2", "B2|O8", "RF|P8 RF|V3 R1|P3 R1|V2", "R9|V5", play_duplicates=True)
    several = {tuple(CARD_TEXT[c] for c in (a.card, *a.more)) for a in g.legal_actions(0) if a.more}
    assert several == {("R1|P3", "R1|V2"), ("R1|V2", "R1|P3")}
    with pytest.raises(IllegalAction, match="played alone"):
        g.apply(0, "RF|P8,RF|V3")


def test_a_caught_illegal_flip_turns_the_table_back() -> None:
    g = table(
        "R5|P2 Y7|O2", "B2|O8 Y3|V1", "GF|T3 R1|P3", "R9|V5", "B9|O5", "Y2|T1",
        permissive_illegal_plays=True,
    )  # fmt: skip
    before = (list(g.discard), list(g.draw_pile), [list(h) for h in g.hands])
    g.apply(0, "GF|T3")  # a green Flip on a yellow 7: illegal, and the table turns
    assert top(g) == "P2|R5"
    events = g.apply(1, "catch_illegal")
    assert [e.kind for e in events][:2] == [ev.TURN_OVER, ev.ILLEGAL_CAUGHT]  # told to all
    assert g.discard == before[0] and top(g) == "Y7|O2" and g.color == color("Y")
    assert g.draw_pile[: len(before[1])] == before[1][: len(g.draw_pile)]
    assert not any(DARK_UP[c] for h in g.hands for c in h)
    assert card("GF|T3") in g.hands[0] and len(g.hands[0]) == 2 + 2  # back, and two drawn


def test_a_reshuffle_before_the_catch_keeps_the_turned_flip_and_the_card_it_covered() -> None:
    # the illegal Flip lies at the bottom of the turned pile, over B3|V8: a reshuffle (the
    # UNO catch's draw empties the pile) keeps both, so the catch restores B3|V8 on top
    g = table(
        "R5|P2 B3|V8 G4|P8 Y7|O2", "", "GF|T3 R1|P3", "R9|V5", "B9|O5",
        players=3, permissive_illegal_plays=True,
    )  # fmt: skip
    g.apply(0, "GF|T3")
    g.apply(1, "catch:0")
    g.apply(2, "catch_illegal")
    assert top(g) == "Y7|O2" and g.hands[0].count(card("GF|T3")) == 1
    every = [c for where in (*g.hands, g.discard, g.draw_pile) for c in where]
    assert sorted(every) == sorted(cards("R5|P2 B3|V8 G4|P8 Y7|O2 GF|T3 R1|P3 R9|V5 B9|O5"))


def test_stacking_adds_draw_ones_and_a_wild_draw_color_neither_answers_nor_is_answered() -> None:
    g = table(
        "R5|P2", "B2|O8 " * 3, "R+1|P3 R1|P3", "G+1|O6 W+2|O4", "B9|O5", stacking="progressive"
    )
    g.apply(0, "R+1|P3")
    g.apply(1, "G+1|O6")
    assert (g.phase, g.turn, g.pen_amount) == (Phase.PENALTY, 2, 2)
    dark = table("P2|R5", "O8|B2 " * 3, "WDC|R3 P1|Y8", "V+5|R2 WDC|Y6", stacking="progressive")
    dark.apply(0, "WDC|R3:T")
    assert all(a.kind.name != "PLAY" for a in dark.legal_actions(1))
    dark = table("P2|R5", "O8|B2 " * 3, "P+5|Y3 P1|Y8", "WDC|Y6 O5|B9", stacking="progressive")
    dark.apply(0, "P+5|Y3")
    assert all(a.kind.name != "PLAY" for a in dark.legal_actions(1))


# -- the deck and what the variant refuses ----------------------------------------------------
def test_the_deck_is_dealt_light_face_up_and_scores_each_face_by_the_sheet() -> None:
    rules = FLIP_GAME.compile(FLIP_GAME.options())
    assert len(rules.deck) == 112 and not any(DARK_UP[c] for c in rules.deck)
    assert sum(rules.points[c] for c in rules.deck) == 1280  # §8.2, light side
    assert sum(rules.points[TWIN[c]] for c in rules.deck) == 1480  # dark side
    assert rules.points[card("W+2|O4")] == 50 and rules.points[card("O4|W+2")] == 4
    assert rules.points[card("WDC|R3")] == 60 and rules.points[card("R3|WDC")] == 3
    assert rules.points[card("P+5|Y3")] == 20 and rules.points[card("R+1|P3")] == 10  # FL-14


@pytest.mark.parametrize(
    "option",
    ["seven_zero", "zero_chooses_direction", "zero_discard_color", "downpour", "bar_special",
     "boomerang", "friendly_swap"],
)  # fmt: skip
def test_the_house_rules_that_need_a_0_or_add_cards_are_refused_with_their_reason(
    option: str,
) -> None:
    with pytest.raises(OptionConflict, match=f"^{option}"):
        FLIP_GAME.options({option: True})


def test_fl_0_the_variant_is_uno_flip_of_2019() -> None:
    assert (FLIP_GAME.name, FLIP_GAME.aliases) == ("flip", ("uno_flip",))
    assert "2019" in FLIP_GAME.title and (FLIP_GAME.min_players, FLIP_GAME.max_players) == (2, 10)
