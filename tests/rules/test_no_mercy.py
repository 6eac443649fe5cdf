"""UNO Show 'Em No Mercy played (RULES.md §9): the acceptance scenarios of §9.16 through the
game's own actions, one test per NM resolution that changes behaviour and per option value.
The games are built from the variant itself (``_no_mercy_table``)."""

from __future__ import annotations

import pytest

from unoverse.core import events as ev
from unoverse.core import integrity
from unoverse.core.actions import Kind
from unoverse.core.cards import CARD_COLOR, CARD_IS_WILD, CARD_TEXT, card, cards, color
from unoverse.core.errors import BadPlayerCount, IllegalAction, InvalidOptionValue, OptionConflict
from unoverse.core.game import Game
from unoverse.core.phase import Phase
from unoverse.core.seeding import Stream
from unoverse.variants.no_mercy import NO_MERCY
from unoverse.variants.no_mercy.deck import DECKS

from ._no_mercy_table import dealt, table

#: Number cards enough for any draw in these tables (bottom first).
PILE = " ".join(f"Y{n}" for n in range(1, 10)) + " " + " ".join(f"G{n}" for n in range(1, 10))


def top(g: Game) -> str:
    return CARD_TEXT[g.discard[-1]]


def plays(g: Game, seat: int) -> set[str]:
    return {CARD_TEXT[a.card] for a in g.legal_actions(seat) if a.kind is Kind.PLAY}


def kinds(g: Game, seat: int) -> set[Kind]:
    return {a.kind for a in g.legal_actions(seat)}


def targets(g: Game, seat: int, text: str) -> set[int]:
    """The seats a play of the card ``text`` may name (-1: none)."""
    return {
        a.target for a in g.legal_actions(seat) if a.kind is Kind.PLAY and CARD_TEXT[a.card] == text
    }


def play_to(g: Game, seat: int, text: str, target: int) -> list[ev.Event]:
    """``seat`` plays the card ``text`` naming ``target`` (a 7's Swap), without UNO."""
    a = next(
        a
        for a in g.legal_actions(seat)
        if a.kind is Kind.PLAY and CARD_TEXT[a.card] == text and a.target == target and not a.uno
    )
    return g.apply(seat, a)


# -- §9.16: the acceptance scenarios --------------------------------------------------------
def test_9_16_1_a_chain_stacks_by_value_whatever_the_colour_and_the_loser_takes_it_all() -> None:
    g = table("R5", PILE, "R+2 R9", "B+4 B1", "W+6 G1", "Y+2 Y3")
    g.apply(0, "R+2")
    g.apply(1, "B+4")  # colour ignored (NM-5)
    g.apply(2, "W+6:G")
    assert (g.turn, g.phase, g.pen_amount) == (3, Phase.PENALTY, 12)
    assert plays(g, 3) == set()  # 2 < 6
    with pytest.raises(IllegalAction):
        g.apply(3, "Y+2")
    g.apply(3, "take")
    assert len(g.hands[3]) == 2 + 12
    assert (g.turn, g.phase, g.color, top(g)) == (0, Phase.TURN, color("G"), "W+6")


def test_9_16_2_a_wild_reverse_draw_4_answer_sends_the_chain_back() -> None:
    g = table("G5", PILE, "R1", "G+4 G1", "WR4 B1", "Y1 Y2")
    g.turn = 1
    g.apply(1, "G+4")
    assert (g.turn, g.pen_amount) == (2, 4)
    g.apply(2, "WR4:Y")
    assert g.direction == -1
    assert (g.turn, g.phase, g.pen_amount, g.color) == (1, Phase.PENALTY, 8, color("Y"))


def test_9_16_3_two_players_a_wild_reverse_draw_4_targets_its_player_who_may_stack() -> None:
    g = table("B5", PILE, "WR4 R+4 R1", "Y1 Y2", players=2)
    g.apply(0, "WR4:B")
    assert (g.turn, g.phase, g.pen_amount) == (0, Phase.PENALTY, 4)  # NM-8
    g.apply(0, "R+4")
    assert (g.turn, g.pen_amount) == (1, 8)
    g.apply(1, "take")
    assert len(g.hands[1]) == 10
    assert (g.turn, g.phase) == (0, Phase.TURN)


def test_9_16_3_with_wr4_two_player_opponent_the_opponent_is_the_target() -> None:
    g = table("B5", PILE, "WR4 R1", "Y1 Y2", players=2, no_mercy__wr4_two_player="opponent")
    g.apply(0, "WR4:B")
    assert (g.turn, g.phase, g.pen_amount) == (1, Phase.PENALTY, 4)


def test_9_16_4_mercy_in_a_take_knocks_out_at_25_cancels_the_rest_and_sets_the_hand_aside() -> None:
    twenty = " ".join([f"Y{n}" for n in range(1, 10)] * 2 + ["Y1", "Y2"])
    pile = "R1 R2 R3 R4 R5"  # five cards: the 5th knocks seat 2 out
    g = table("R9", pile, "R1 R2", "W+10 B1", twenty, "B1 B2")
    g.turn = 1
    g.apply(1, "W+10:R")
    held = list(g.hands[2]) + cards(pile)
    events = g.apply(2, "take")
    assert [e.count for e in events if e.kind == ev.DRAW] == [5]  # the other 5 cancelled
    assert [e.seat for e in events if e.kind == ev.ELIMINATED] == [2]
    assert g.eliminated[2] and g.hands[2] == []
    assert sorted(g.buried) == sorted(held) and len(g.buried) == 25  # set aside (NM-13)
    assert (g.turn, g.phase, g.pen_amount) == (3, Phase.TURN, 0)
    g.apply(3, "draw")  # nothing plays on red: the empty pile is reshuffled (NM-24)
    assert g.buried == []
    pool = g.draw_pile + g.hands[3]
    assert all(pool.count(c) >= held.count(c) for c in held)


def test_9_16_5_the_last_player_standing_wins_at_once_during_a_roulette_reveal() -> None:
    g = table("R9", "B1 Y1 Y2 Y3", "WCR R1", " ".join(["G5"] * 23), "", players=3)
    g.eliminated[2], g.active = True, 2  # one seat already out
    g.apply(0, "WCR")
    assert (g.turn, g.phase) == (1, Phase.COLOR)
    events = g.apply(1, "color:B")
    assert g.over and g.winner == 0
    assert g.eliminated[1]
    assert cards("B1 Y1") == g.draw_pile  # the reveal stopped at the 25th card
    told = [e.kind for e in events if e.kind in (ev.SHOWN, ev.ELIMINATED, ev.ROUND_OVER)]
    assert told == [ev.SHOWN, ev.ELIMINATED, ev.ROUND_OVER]  # the reveal, then the knockout
    assert [e.cards for e in events if e.kind == ev.SHOWN] == [tuple(cards("Y3 Y2"))]


def test_9_16_6_the_roulettes_victim_names_the_colour_and_reveals_publicly() -> None:
    g = table("R9", "G1 B7 R3 W+6", "WCR R1", "Y1 Y2", "B1 G2 W+10 R5", "Y3 Y4")
    g.apply(0, "WCR")
    assert g.color == -1 and (g.turn, g.phase) == (1, Phase.COLOR)  # nothing named (NM-11)
    events = g.apply(1, "color:B")
    assert sorted(g.hands[1]) == sorted(cards("Y1 Y2 W+6 R3 B7"))
    shown = [e for e in events if e.kind == ev.SHOWN]  # one public event names them (U-N-2)
    assert [(e.seat, e.cards, e.color) for e in shown] == [
        (1, tuple(cards("W+6 R3 B7")), color("B"))
    ]
    for seat in (0, 2, 3, None):
        assert ev.redact(shown[0], seat) == shown[0]
    for seat in (0, 2, 3):  # every card was shown to every seat
        assert sorted(g.known[seat][1]) == sorted(cards("W+6 R3 B7"))
    assert (g.turn, g.phase, g.color) == (2, Phase.TURN, color("B"))  # seat 1 lost its turn
    assert plays(g, 2) == {"B1", "W+10"}


def test_9_16_6_with_roulette_color_player_its_player_names_it_and_the_victim_reveals() -> None:
    g = table("R9", "G1 B7 R3", "WCR R1", "Y1 Y2", "B1 G2", "Y3", no_mercy__roulette_color="player")
    with pytest.raises(IllegalAction):
        g.apply(0, "WCR")  # the player must name the colour
    g.apply(0, "WCR:B")
    assert sorted(g.hands[1]) == sorted(cards("Y1 Y2 R3 B7"))
    assert (g.turn, g.phase, g.color) == (2, Phase.TURN, color("B"))


def test_9_16_7_going_out_on_a_7_wins_and_swaps_nothing() -> None:
    g = table("R5", PILE, "R7", "Y1 Y2", "G1", "B1 B2 B3")
    assert [a.target for a in g.legal_actions(0) if a.kind is Kind.PLAY] == [-1]
    g.apply(0, "R7")
    assert g.over and g.winner == 0
    assert [len(h) for h in g.hands] == [0, 2, 1, 3]


def test_9_16_7_going_out_on_a_wild_draw_10_wins_and_nobody_draws() -> None:
    g = table("R5", PILE, "W+10", "Y1 Y2", "G1", "B1 B2 B3")
    g.apply(0, "W+10:R")
    assert g.over and g.winner == 0
    assert [len(h) for h in g.hands] == [0, 2, 1, 3]


def test_9_16_7_with_last_card_effect_resolve_draws_the_chain_is_still_taken() -> None:
    g = table("R5", PILE, "W+10", "Y1 Y2", "G1", "B1", no_mercy__last_card_effect="resolve_draws")
    g.apply(0, "W+10:R")
    assert not g.over and (g.turn, g.phase, g.pen_amount) == (1, Phase.PENALTY, 10)
    g.apply(1, "take")
    assert (g.winner, len(g.hands[1]), g.windows()) == (0, 12, ())  # then the round ends


def test_9_16_8_uno_is_owed_after_a_swap_judged_on_the_hand_kept() -> None:
    g = table("R5", PILE, "R7 B1 B2 B3 B4", "R1 Y2 Y3", "G1", "G2 G3")
    play_to(g, 0, "R7", 2)
    assert cards("G1") == g.hands[0] and len(g.hands[2]) == 4
    assert g.uno_open == [0]  # judged after the swap (NM-16)
    assert not g.said_uno[2]
    assert Kind.CATCH in kinds(g, 3)
    g.apply(1, "R1")  # seat 1's first action closes the window
    assert Kind.CATCH not in kinds(g, 3)


def test_9_16_8_with_uno_any_path_off_no_window_opens_after_a_swap() -> None:
    g = table("R5", PILE, "R7 B1 B2 B3 B4", "R1 Y2", "G1", "G2 G3", no_mercy__uno_any_path=False)
    play_to(g, 0, "R7", 2)
    assert cards("G1") == g.hands[0]
    assert g.uno_open == []


def test_9_16_9_discard_all_buries_its_colour_with_no_effect_and_opens_uno() -> None:
    g = table("R1", PILE, "RDA R3 R+2 R7 B5", "Y1 Y2", "G1 G2", "B1 B2")
    g.apply(0, "RDA")
    assert g.hands[0] == cards("B5")
    assert sorted(g.discard[-4:-1]) == sorted(cards("R3 R+2 R7")) and top(g) == "RDA"
    assert (g.turn, g.phase, g.color) == (1, Phase.TURN, color("R"))  # no draw, no swap
    assert [len(h) for h in g.hands[1:]] == [2, 2, 2]
    assert g.uno_open == [0]


def test_9_16_10_action_cards_turned_first_stay_buried_and_left_of_the_dealer_plays() -> None:
    g = dealt(4, 3, "R+2 WCR G5")
    assert [CARD_TEXT[c] for c in g.discard] == ["R+2", "WCR", "G5"]
    assert g.discard_by == [-1, -1, -1]
    assert (g.turn, g.phase, g.color, g.pen_amount) == (1, Phase.TURN, color("G"), 0)
    integrity.check(g, "dealt")


def test_9_16_10_with_ignored_first_card_return_they_go_back_into_the_draw_pile() -> None:
    g = dealt(4, 3, "R+2 WCR G5", no_mercy__ignored_first_card="return")
    assert [CARD_TEXT[c] for c in g.discard] == ["G5"]
    assert card("R+2") in g.draw_pile and card("WCR") in g.draw_pile
    assert g.turn == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_9_16_11_random_rounds_never_draw_short_and_stay_states_the_engine_can_be_in(
    players: int,
) -> None:
    for seed in range(60):  # 300 rounds in all
        g = dealt(players, seed)
        rng = Stream(seed, "no_mercy")
        for _ in range(20_000):  # E-6
            if g.over:
                break
            seats = g.acting_seats()
            seat = seats[rng.below(len(seats))]
            offers = g.legal_actions(seat)
            events = g.apply(seat, offers[rng.below(len(offers))])
            assert not [e for e in events if e.kind == ev.DRAW_SHORT]
            assert all(len(h) < 25 for h in g.hands)
            integrity.check(g, "playout")
        assert g.over


# -- the resolutions ------------------------------------------------------------------------
def test_nm_0_each_deck_has_168_cards_with_its_breakdown_and_the_sheets_points() -> None:
    for name, per_colour, wilds in (("fw_168", 36, 24), ("rg_168", 38, 16), ("om_168", 37, 20)):
        rules = NO_MERCY.compile(NO_MERCY.options({"no_mercy.deck": name}))
        deck = rules.deck
        assert len(deck) == 168
        assert sum(CARD_COLOR[c] == color("R") for c in deck) == per_colour
        assert sum(CARD_IS_WILD[c] for c in deck) == wilds
        assert {rules.points[c] for c in deck if CARD_IS_WILD[c]} == {50}
    assert set(DECKS) == {"fw_168", "rg_168", "om_168"}
    rules = NO_MERCY.compile(NO_MERCY.options())
    pts = {CARD_TEXT[c]: rules.points[c] for c in rules.deck}
    assert (pts["R7"], pts["B0"], pts["GSA"], pts["YDA"], pts["R+4"]) == (7, 0, 20, 20, 20)
    assert rules.deck.count(card("WCR")) == 8 and rules.deck.count(card("W+10")) == 4
    assert card("W") not in rules.deck  # no plain Wild (§9.2)


def test_nm_1_a_wilds_player_names_its_colour() -> None:
    g = table("R5", PILE, "W+6 R1", "Y1 Y2", "G1", "B1")
    with pytest.raises(IllegalAction):
        g.apply(0, "W+6")
    g.apply(0, "W+6:B")
    assert g.color == color("B")


def test_nm_2_a_wild_draw_card_plays_any_time_and_is_never_challenged() -> None:
    g = table("R5", PILE, "W+10 R1 R2", "Y1 Y2", "G1", "B1")
    assert "W+10" in plays(g, 0)  # holding red cards
    g.apply(0, "W+10:R")
    assert Kind.CHALLENGE not in kinds(g, 1)


def test_nm_4_a_player_with_a_legal_card_must_play_it() -> None:
    g = table("R5", PILE, "R1 B2", "Y1", "G1", "B1")
    assert Kind.DRAW not in kinds(g, 0)
    with pytest.raises(IllegalAction):
        g.apply(0, "draw")


def test_nm_4_with_voluntary_draw_a_player_may_draw_instead_until_a_card_plays() -> None:
    """§9.5 step 3's option: a player who declines draws until playable as in step 4 — G9,
    G8, G7, G6 do not play on R5, G5 does — and must play that card (U-N-5)."""
    g = table("R5", PILE, "R1 B2", "Y1", "G1", "B1", no_mercy__voluntary_draw=True)
    assert Kind.DRAW in kinds(g, 0)
    g.apply(0, "draw")
    assert len(g.hands[0]) == 7 and g.phase == Phase.DRAWN
    assert kinds(g, 0) == {Kind.PLAY}  # no pass: the card drawn must be played
    assert plays(g, 0) == {"G5"}
    with pytest.raises(IllegalAction):
        g.apply(0, "pass")
    g.apply(0, "G5")
    assert top(g) == "G5" and g.turn == 1


def test_nm_5_an_answer_needs_the_last_cards_value_not_the_totals() -> None:
    g = table("R5", PILE, "R+2 R1", "B+4 B1", "Y+4 Y+2 Y1", "G1")
    g.apply(0, "R+2")
    g.apply(1, "B+4")  # total 6
    assert plays(g, 2) == {"Y+4"}  # 4 >= the last card's 4; the +2 is too low


def test_nm_5_stacking_is_optional() -> None:
    g = table("R5", PILE, "R+2 R1", "B+4 B1", "G1", "B2")
    g.apply(0, "R+2")
    g.apply(1, "take")
    assert len(g.hands[1]) == 4 and g.turn == 2


def test_nm_6_a_wild_reverse_draw_4_answers_a_4_and_is_answered_by_a_4() -> None:
    g = table("R5", PILE, "R+4 R1", "WR4 B1", "G+4 G+2 G1", "B2")
    g.apply(0, "R+4")
    assert "WR4" in plays(g, 1)
    g.apply(1, "WR4:G")  # the chain goes back to seat 0 (NM-7)
    assert (g.turn, g.pen_amount) == (0, 8)


def test_nm_9_a_coloured_draw_four_does_not_match_a_wild_reverse_draw_4_outside_a_chain() -> None:
    g = table("R5 WR4", PILE, "G+4 B+4 B1", "Y1", "G1", "B2")
    g.color = color("B")
    assert plays(g, 0) == {"B+4", "B1"}


def test_nm_10_only_draw_cards_answer_a_chain() -> None:
    g = table("R5", PILE, "R+2 R1 R3", "RS RR RSA RDA WCR R2 B+2", "G1", "B2")
    g.apply(0, "R+2")
    assert plays(g, 1) == {"B+2"}
    assert kinds(g, 1) == {Kind.TAKE, Kind.PLAY}


def test_nm_10_the_roulette_cannot_be_answered() -> None:
    g = table("R5", PILE, "WCR R1 R3", "W+10 B1", "G1", "B2")
    g.apply(0, "WCR")
    assert kinds(g, 1) == {Kind.COLOR}


def test_nm_12_the_mercy_threshold_is_an_option() -> None:
    eight = "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8"
    g = table("R9", PILE, "R1 R2", "R+2 B1", eight, "B1", no_mercy__mercy_threshold=10)
    g.turn = 1
    g.apply(1, "R+2")
    g.apply(2, "take")
    assert g.eliminated[2] and len(g.buried) == 10


def test_nm_12_without_mercy_nobody_is_knocked_out() -> None:
    big = " ".join(["Y1"] * 24)
    g = table("R9", PILE, "R1 R2", "R+2 B1", big, "B1", no_mercy__mercy=False)
    g.turn = 1
    g.apply(1, "R+2")
    g.apply(2, "take")
    assert not g.eliminated[2] and len(g.hands[2]) == 26


def test_nm_14_knocked_out_seats_take_no_part_in_a_pass_nor_a_swap() -> None:
    g = table("R5", PILE, "R0 R1", "Y1 Y2", "", "B1 B2 B3")
    g.eliminated[2], g.active = True, 3
    g.apply(0, "R0")
    assert g.hands[1] == cards("R1") and g.hands[3] == cards("Y1 Y2")
    assert g.hands[0] == cards("B1 B2 B3") and g.hands[2] == []
    h = table("R5", PILE, "R7 R1", "Y1 Y2", "", "B1 B2 B3")
    h.eliminated[2], h.active = True, 3
    assert targets(h, 0, "R7") == {1, 3}


def test_nm_16_a_pass_that_leaves_a_seat_one_card_opens_its_window() -> None:
    g = table("R5", PILE, "R0 R1 R2", "Y1", "G1 G2", "B1 B2")
    g.apply(0, "R0")  # seat 3's two cards go to seat 0; seat 0's two to seat 1; seat 1's one
    assert g.hands[2] == cards("Y1")
    assert g.uno_open == [2]


def test_nm_17_two_active_seats_of_a_larger_table_play_the_two_player_rules() -> None:
    g = table("R5", PILE, "RR R1", "Y1 Y2", "", "B1 B2", players=4)
    g.eliminated[2], g.active = True, 3
    h = table("R5", PILE, "RR R1", "", "", "B1 B2", players=4)
    h.eliminated[1] = h.eliminated[2] = True
    h.active = 2
    g.apply(0, "RR")
    h.apply(0, "RR")
    assert g.turn == 3 and g.direction == -1
    assert h.turn == 0  # a Reverse skips the other player


def test_nm_18_the_7_must_swap_and_with_two_seats_the_target_is_forced() -> None:
    g = table("R5", PILE, "R7 R1", "Y1 Y2", players=2)
    assert targets(g, 0, "R7") == {1}


def test_nm_19_with_two_active_seats_a_0_exchanges_the_hands() -> None:
    g = table("R5", PILE, "R0 R1", "Y1 Y2 Y3", players=2)
    g.apply(0, "R0")
    assert g.hands[0] == cards("Y1 Y2 Y3") and g.hands[1] == cards("R1")


def test_nm_21_skip_everyone_gives_a_full_turn_again() -> None:
    g = table("R5", "R9 G3 Y4", "RSA B2", "Y1", "G1", "B1")
    g.apply(0, "RSA")
    assert (g.turn, g.phase) == (0, Phase.TURN)
    g.apply(0, "draw")  # nothing plays on red: draw until a card plays (NM-21, NM-22)
    assert (g.phase, g.drawn, len(g.hands[0])) == (Phase.DRAWN, card("R9"), 4)


def test_nm_22_the_first_legal_card_drawn_must_be_played() -> None:
    g = table("R5", "R9 B3 G4", "B1", "Y1", "G1", "B1")
    g.apply(0, "draw")
    assert (g.phase, g.drawn, len(g.hands[0])) == (Phase.DRAWN, card("R9"), 4)
    assert kinds(g, 0) == {Kind.PLAY}  # no pass: it must be played


def test_nm_23_two_to_six_players() -> None:
    for n in range(2, 7):
        NO_MERCY.check_players(n)
    for n in (1, 7):
        with pytest.raises(BadPlayerCount):
            NO_MERCY.check_players(n)


def test_nm_25_the_winner_scores_the_cards_left_and_250_a_knockout() -> None:
    g = table("R5", PILE, "R1", "Y1 Y2", "", "B+2 WCR", scoring="winner_takes")
    g.eliminated[2], g.active = True, 3
    g.apply(0, "R1")
    assert g.over and g.round_points() == 1 + 2 + 20 + 50 + 250
    assert NO_MERCY.options({"scoring": "winner_takes"})["target_score"] == 1000


@pytest.mark.parametrize(
    "option",
    [
        "seven_zero",
        "zero_chooses_direction",
        "zero_discard_color",
        "downpour",
        "bar_special",
        "wd4_wilds_block",
        "revive",
    ],
)
def test_9_14_the_house_rules_no_mercy_refuses_are_refused_with_their_reason(option: str) -> None:
    with pytest.raises(OptionConflict, match=rf"^{option} "):
        NO_MERCY.options({option: True})
    assert option not in NO_MERCY.offered


def test_9_14_the_house_rules_no_mercy_offers_are_off_and_offered() -> None:
    offered = ("jump_in", "play_duplicates", "boomerang", "friendly_swap", "friendly_count")
    assert set(offered) <= NO_MERCY.offered.keys()
    options = NO_MERCY.options({"jump_in": True, "boomerang": True, "friendly_swap": True})
    assert options["jump_in"] and not NO_MERCY.options()["jump_in"]


def test_9_14_a_jump_in_lands_on_a_card_that_left_nothing_pending() -> None:
    g = table("R5", PILE, "R1 R2", "Y1 Y2", "R1 G1", "B1 B2", jump_in=True)
    g.apply(0, "R1")
    assert any(a.kind is Kind.JUMP for a in g.legal_actions(2))
    g.apply(2, "R1^1")
    assert g.turn == 3 and g.hands[2] == [card("G1")]


def test_9_14_no_jump_in_while_a_chain_or_a_roulette_is_pending() -> None:
    g = table("R5", PILE, "R+2 R1", "Y1 Y2", "R+2 G1", "B1 B2", jump_in=True)
    g.apply(0, "R+2")
    assert g.jump_undo is None
    assert not any(a.kind is Kind.JUMP for a in g.legal_actions(2))
    g = table("R5", PILE, "WCR R1", "Y1 Y2", "WCR G1", "B1 B2", jump_in=True)
    g.apply(0, "WCR")
    assert g.phase == Phase.COLOR and g.jump_undo is None
    assert not any(a.kind is Kind.JUMP for a in g.legal_actions(2))


def test_9_14_play_duplicates_are_no_chain_answer() -> None:
    g = table("R5", PILE, "R+2 R1", "B+2 B+2 Y1", "G1", "B1", play_duplicates=True)
    g.apply(0, "R+2")
    assert all(not a.more for a in g.legal_actions(1))
    with pytest.raises(IllegalAction):
        g.apply(1, "B+2,B+2")


def test_nm_14_a_boomerang_never_sends_a_chain_back_to_a_knocked_out_seat() -> None:
    """Seat 0 plays W+10 with a false UNO call, draws 2 to 25 cards and is knocked out
    (NM-12); its chain still faces seat 1, whose Boomerang may not send it back to a seat
    that takes no part (§9.8): seat 1 stacks or takes, and the round goes on."""
    many = "R1 R2 R3 R4 R5 R6 R7 R8 R9 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 B1 B2 B3 B4 B5"
    g = table(
        "R0", PILE, f"W+10 {many}", "WBO G1 G2", "G3 G4 G5",
        players=3, boomerang=True, false_uno_penalty=2,
    )  # fmt: skip
    g.apply(0, "W+10:G uno")
    assert g.eliminated[0] and (g.turn, g.phase, g.pen_amount) == (1, Phase.PENALTY, 10)
    assert kinds(g, 1) == {Kind.TAKE}
    with pytest.raises(IllegalAction):
        g.apply(1, "WBO:R")
    g.apply(1, "take")
    assert len(g.hands[1]) == 13 and g.turn == 2


def test_nm_22_with_permissive_illegal_plays_a_seat_with_no_legal_card_still_draws() -> None:
    """§9.5 step 4 with §1.5: an illegal play is accepted (and may be caught), it is never
    the only choice: holding R1 and G2 on B5, seat 0 may draw, and draws until G5 plays."""
    g = table("B5", PILE, "R1 G2", "G1 G2", "Y1 Y2", permissive_illegal_plays=True)
    assert Kind.DRAW in kinds(g, 0) and plays(g, 0) == {"R1", "G2"}
    g.apply(0, "draw")
    assert g.phase == Phase.DRAWN and CARD_TEXT[g.drawn] == "G5"
    g = table("B5", PILE, "R1 B2", "G1 G2", "Y1 Y2", permissive_illegal_plays=True)
    with pytest.raises(IllegalAction, match="B2"):  # the legal card is the one named
        g.apply(0, "draw")


def test_nm_12_a_caught_illegal_card_back_in_the_hand_is_checked_for_mercy() -> None:
    """§1.5 with §9.8: seat 0, holding 25 cards, plays B7 illegally on R5; seat 1 catches
    it: the card back makes 25 cards, and the Mercy rule knocks seat 0 out before the 2
    penalty cards (NM-12: every card that enters a hand is checked)."""
    many = "G1 G2 G3 G4 G6 G8 G9 Y1 Y2 Y3 Y4 Y6 Y8 Y9 G1 G2 G3 G4 G6 G8 G9 Y1 Y2 Y3"
    g = table("R5", PILE, f"B1 {many}", "Y5 Y7", "G5 G7", "B8 B9", permissive_illegal_plays=True)
    g.apply(0, "B1")
    assert len(g.hands[0]) == 24
    events = g.apply(1, "catch_illegal")
    assert [e.kind for e in events][-2:] == [ev.ILLEGAL_CAUGHT, ev.ELIMINATED]
    assert g.eliminated[0] and [e.count for e in events if e.kind == ev.ELIMINATED] == [25]
    assert g.draw_pile == cards(PILE)  # no penalty drawn
    assert g.turn == 1


def test_the_built_in_stacking_is_the_only_one() -> None:
    with pytest.raises(InvalidOptionValue):
        NO_MERCY.options({"stacking": "off"})
    assert NO_MERCY.options()["stacking"] == "blast_ge"


def hands(g: Game) -> list[list[str]]:
    return [sorted(CARD_TEXT[c] for c in h) for h in g.hands]


def test_u_n_8_a_caught_discard_all_takes_back_the_cards_it_laid_under_it() -> None:
    """§1.5 with §9.9: seat 0 plays GDA illegally on R5, laying G4 and G5 under it; seat 2
    catches it: all three go back to seat 0, R5 is the top again, and seat 0 draws 2."""
    g = table("R5", PILE, "GDA G4 G5 B1", "Y5 Y7", "G6 G7", "B8 B9", permissive_illegal_plays=True)
    g.apply(0, "GDA")
    assert [CARD_TEXT[c] for c in g.discard] == ["R5", "G4", "G5", "GDA"]
    events = g.apply(2, "catch_illegal")
    caught = [e for e in events if e.kind == ev.ILLEGAL_CAUGHT]
    assert [CARD_TEXT[c] for c in caught[0].cards] == ["GDA", "G4", "G5"]
    assert [CARD_TEXT[c] for c in g.discard] == ["R5"] and g.color == color("R")
    assert {"B1", "G4", "G5", "GDA"} <= set(hands(g)[0])
    assert len(g.hands[0]) == 4 + 2 and g.turn == 1 and not g.uno_open


def test_u_n_8_a_caught_7_swaps_back_and_a_caught_0_passes_back() -> None:
    """§1.5 with §9.9: the hand moves of a caught illegal 7 or 0 are undone before the card
    goes back to its player, who then draws 2."""
    g = table("R5", PILE, "G7 B1", "Y5 Y7 Y8", "G6 G8", "B8 B9", permissive_illegal_plays=True)
    before = hands(g)
    g.apply(0, "G7>1")
    assert hands(g)[0] == ["Y5", "Y7", "Y8"]
    events = g.apply(2, "catch_illegal")
    assert [e.kind for e in events][:2] == [ev.SWAP, ev.HAND]
    assert hands(g)[1:] == before[1:] and len(g.hands[0]) == 2 + 2
    assert {"G7", "B1"} <= set(hands(g)[0])
    g = table("R5", PILE, "G0 B1", "Y5 Y7 Y8", "G6 G8", "B8 B9", permissive_illegal_plays=True)
    before = hands(g)
    g.apply(0, "G0")
    assert hands(g)[1] == ["B1"]
    g.apply(3, "catch_illegal")
    assert hands(g)[1:] == before[1:] and {"G0", "B1"} <= set(hands(g)[0])


def test_u_n_8_a_reshuffle_before_the_catch_keeps_the_cards_a_discard_all_laid() -> None:
    """U-C-15 with a Discard All: the draw pile runs out before the catch; the reshuffle
    keeps R5, the laid cards and the Discard All, so the catch can give them all back."""
    g = table("Y9 Y8 R5", "", "GDA G4 B1", "Y5 Y7", "G6 G7", "B8 B9", permissive_illegal_plays=True)
    g.apply(0, "GDA")
    g.apply(None, "penalize:1:1")  # seat 1's card comes from a reshuffle of Y9 Y8
    assert [CARD_TEXT[c] for c in g.discard] == ["R5", "G4", "GDA"]
    assert integrity._illegal(g) is None  # what the catch undoes is still there
    g.apply(2, "catch_illegal")
    assert [CARD_TEXT[c] for c in g.discard] == ["R5"] and {"GDA", "G4"} <= set(hands(g)[0])
