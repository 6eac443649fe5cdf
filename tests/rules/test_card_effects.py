"""RULES.md §1.4: the effect of each Classic card played from hand (and E-1, P7)."""

from __future__ import annotations

import pytest

import unoverse as uv
from unoverse import Phase
from unoverse.core.windows import Window

from .conftest import active_color, cards, hand, kinds, legal, of_kind, top


def test_number_has_no_effect_and_passes_the_turn_to_the_left() -> None:
    game = uv.position("hands: R3 G1 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    events = game.apply(0, "R3")
    assert kinds(events) == ["play"]
    assert top(game) == "R3" and active_color(game) == "R"
    assert game.turn == 1 and game.phase == Phase.TURN and game.direction == 1


def test_skip_makes_the_next_player_lose_the_turn() -> None:
    game = uv.position("hands: RS G1 | G2 G3 | Y1 Y2 | B1 B2; top: R5; turn: 0")
    events = game.apply(0, "RS")
    assert of_kind(events, "skip")[0].seat == 1
    assert game.turn == 2


def test_reverse_with_three_or_more_players_changes_direction() -> None:
    game = uv.position("hands: RR G1 | G2 G3 | Y1 Y2 | B1 B2; top: R5; turn: 0")
    events = game.apply(0, "RR")
    assert "reverse" in kinds(events)
    assert game.direction == -1
    assert game.turn == 3  # the player to the right now plays


@pytest.mark.parametrize(
    ("option", "turn", "direction"),
    [("true", 0, 1), ("false", 1, -1)],
    ids=["two_player_rules_on_acts_as_skip", "two_player_rules_off_plain_reverse"],
)
def test_p7_reverse_with_two_players(option: str, turn: int, direction: int) -> None:
    game = uv.position(f"classic+two_player_rules={option}; hands: RR G1 | G2 G3; top: R5; turn: 0")
    game.apply(0, "RR")
    assert game.turn == turn
    assert game.direction == direction


def test_p7_skip_with_two_players_lets_the_player_play_again() -> None:
    game = uv.position("hands: RS G1 | G2 G3; top: R5; turn: 0")
    game.apply(0, "RS")
    assert game.turn == 0 and game.phase == Phase.TURN


def test_p7_draw_two_with_two_players_comes_back_to_the_player() -> None:
    game = uv.position("hands: R+2 G1 | G2 G3; top: R5; turn: 0")
    game.apply(0, "R+2")
    game.apply(1, "take")
    assert len(game.hands[1]) == 4
    assert game.turn == 0


def test_draw_two_is_pending_until_the_victims_take() -> None:
    """E-1: the penalty is not applied when the card lands, only at the victim's ``take``."""
    game = uv.position("hands: R+2 G1 G4 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    game.apply(0, "R+2")
    assert hand(game, 1) == cards("G2 G3")
    assert game.phase == Phase.PENALTY and game.windows() == (Window("penalty", 1),)
    assert legal(game, 1) == {"take"}
    events = game.apply(1, "take")
    assert kinds(events)[:2] == ["take", "draw"]
    assert len(game.hands[1]) == 4
    assert game.turn == 2  # the victim lost the turn


def test_wild_declares_the_active_colour() -> None:
    game = uv.position("hands: W G1 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    game.apply(0, "W:B")
    assert top(game) == "W" and active_color(game) == "B"
    assert game.turn == 1


def test_wild_may_declare_the_current_colour() -> None:
    game = uv.position("hands: W G1 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    game.apply(0, "W:R")
    assert active_color(game) == "R"


def test_wild_draw_four_accepted_victim_draws_four_and_loses_the_turn() -> None:
    game = uv.position("hands: W+4 G1 G4 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    game.apply(0, "W+4:B")
    assert game.windows() == (Window("challenge", 1),)
    assert legal(game, 1) == {"take", "challenge"}
    game.apply(1, "take")
    assert len(game.hands[1]) == 6
    assert game.turn == 2 and active_color(game) == "B"


def test_wild_draw_four_challenge_guilty_offender_draws_four_challenger_plays() -> None:
    game = uv.position("hands: W+4 R3 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    game.apply(0, "W+4:B")
    events = game.apply(1, "challenge")
    assert of_kind(events, "challenge")[0].guilty
    assert len(game.hands[0]) == 5 and hand(game, 1) == cards("G2 G3")
    assert game.turn == 1 and game.phase == Phase.TURN
    assert top(game) == "W+4" and active_color(game) == "B"  # the WD4 stays


def test_wild_draw_four_challenge_innocent_challenger_draws_six_and_loses_turn() -> None:
    game = uv.position("hands: W+4 G1 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    game.apply(0, "W+4:B")
    events = game.apply(1, "challenge")
    assert not of_kind(events, "challenge")[0].guilty
    assert len(game.hands[1]) == 2 + 6 and hand(game, 0) == cards("G1")
    assert game.turn == 2


@pytest.mark.parametrize(
    ("mode", "action", "turn", "color"),
    [("plain_wild", "WBK:G", 1, "G"), ("copy_top", "WBK", 2, "R")],
)
def test_blank_card_plain_wild_or_copy_of_the_top_card(
    mode: str, action: str, turn: int, color: str
) -> None:
    """On a red Skip: ``plain_wild`` is a Wild; ``copy_top`` is a red Skip."""
    game = uv.position(
        f"classic+classic.deck=112_blank+classic.blank_mode={mode}\n"
        "hands: WBK G1 | G2 G3 | Y1 Y2; top: RS@2; turn: 0"
    )
    game.apply(0, action)
    assert game.turn == turn
    assert active_color(game) == color


def test_blank_copy_top_copies_a_draw_two() -> None:
    game = uv.position(
        "classic+classic.deck=112_blank+classic.blank_mode=copy_top\n"
        "hands: WBK G1 | G2 G3 | Y1 Y2; top: R+2@2; turn: 0"
    )
    assert legal(game, 0) >= {"WBK"} and "WBK:G" not in legal(game, 0)
    game.apply(0, "WBK")
    assert game.phase == Phase.PENALTY and game.turn == 1
    game.apply(1, "take")
    assert len(game.hands[1]) == 4


def test_blank_copy_top_of_a_wild_declares_a_colour() -> None:
    game = uv.position(
        "classic+classic.deck=112_blank+classic.blank_mode=copy_top\n"
        "hands: WBK G1 | G2 G3 | Y1 Y2; top: W:G@2; turn: 0"
    )
    with pytest.raises(uv.IllegalAction):
        game.apply(0, "WBK")
    game.apply(0, "WBK:Y")
    assert active_color(game) == "Y" and game.turn == 1


def test_blank_copy_top_of_a_wild_draw_four_obeys_p5_legality() -> None:
    """§1.4: a blank copying a WD4 may be challenged; holding a green card makes it illegal."""
    game = uv.position(
        "classic+classic.deck=112_blank+classic.blank_mode=copy_top\n"
        "hands: WBK G1 G4 | G2 G3 | Y1 Y2; top: W+4:G@2; turn: 0"
    )
    game.apply(0, "WBK:B")
    assert game.windows() == (Window("challenge", 1),)
    events = game.apply(1, "challenge")
    assert of_kind(events, "challenge")[0].guilty
    assert len(game.hands[0]) == 2 + 4


def test_wild_shuffle_hands_collects_shuffles_and_deals_from_the_next_player() -> None:
    game = uv.position(
        "classic+classic.deck=112_modern\nhands: WSH R1 R2 | G1 G2 | Y1; top: R5; turn: 0"
    )
    events = game.apply(0, "WSH:G")
    assert "shuffle_hands" in kinds(events)
    pool = cards("R1 R2 G1 G2 Y1")
    assert sorted(hand(game, 0) + hand(game, 1) + hand(game, 2)) == pool
    # five cards dealt one at a time from seat 1: seats 1 and 2 get two, seat 0 one
    assert [len(h) for h in game.hands] == [1, 2, 2]
    assert active_color(game) == "G" and game.turn == 1


def test_wild_customizable_is_a_plain_wild() -> None:
    game = uv.position(
        "classic+classic.deck=112_modern\nhands: WCU G1 | G2 G3 | Y1 Y2; top: R5; turn: 0"
    )
    events = game.apply(0, "WCU:Y")
    assert kinds(events) == ["play"]
    assert active_color(game) == "Y" and game.turn == 1
    assert hand(game, 1) == cards("G2 G3")


def test_c3_shuffle_hands_as_last_card_ends_the_round_and_shuffles_nothing() -> None:
    game = uv.position("classic+classic.deck=112_modern\nhands: WSH | G1 G2 | Y1; top: R5; turn: 0")
    events = game.apply(0, "WSH:G")
    assert "shuffle_hands" not in kinds(events)
    assert game.over and game.winner == 0
    assert hand(game, 0) == [] and hand(game, 1) == cards("G1 G2") and hand(game, 2) == cards("Y1")
    assert game.round_points() == 1 + 2 + 1
