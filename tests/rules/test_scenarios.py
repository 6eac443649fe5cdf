"""RULES.md §7.3 acceptance scenarios 1-3 (Classic)."""

from __future__ import annotations

import pytest

import unoverse as uv

from .conftest import active_color, of_kind, top


def test_scenario_1_wd4_guilty_offender_draws_four_challenger_plays_on_declared_colour() -> None:
    game = uv.position("hands: R3 W+4 G1 | B2 G3 Y4 | Y1 Y2; top: R5; turn: 0")
    game.apply(0, "W+4:B")
    events = game.apply(1, "challenge")
    assert of_kind(events, "challenge")[0].guilty
    assert len(game.hands[0]) == 2 + 4
    assert len(game.hands[1]) == 3  # the challenger draws nothing
    assert game.turn == 1 and active_color(game) == "B"
    game.apply(1, "B2")  # plays normally on the declared colour
    assert top(game) == "B2" and game.turn == 2


def test_scenario_2_classic_wd4_with_a_wild_but_no_red_challenge_fails() -> None:
    game = uv.position("hands: W W+4 G1 | B2 G3 Y4 | Y1 Y2; top: R5; turn: 0")
    game.apply(0, "W+4:B")
    events = game.apply(1, "challenge")
    assert not of_kind(events, "challenge")[0].guilty
    assert len(game.hands[1]) == 3 + 6
    assert len(game.hands[0]) == 2
    assert game.turn == 2  # the challenger is skipped


def test_scenario_3_catch_after_the_next_player_has_drawn_is_rejected() -> None:
    game = uv.position("hands: R2 G9 | G2 G3 Y3 | Y1 Y2 B4; top: R5; turn: 0")
    game.apply(0, "R2")  # A plays to one card without declaring
    game.apply(1, "draw")  # C, the next player, begins the turn
    before = uv.to_json(game)
    with pytest.raises(uv.NotYourWindow):
        game.apply(2, "catch:0")  # B is too late
    assert uv.to_json(game) == before
    assert len(game.hands[0]) == 1
