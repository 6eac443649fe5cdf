"""RULES.md §1.5: illegal plays (``permissive_illegal_plays``) and the referee's penalty."""

from __future__ import annotations

import pytest

import unoverse as uv
from unoverse import Phase
from unoverse.core.windows import Window

from .conftest import active_color, cards, hand, kinds, legal, of_kind, top

ILLEGAL_DRAW_TWO = "hands: G+2 G4 B1 | Y2 Y3 | B2 B3; top: R5; turn: 0"


@pytest.mark.parametrize("permissive", ["false", "true"])
def test_permissive_illegal_plays_option(permissive: str) -> None:
    game = uv.position(f"classic+permissive_illegal_plays={permissive}; {ILLEGAL_DRAW_TWO}")
    if permissive == "false":
        assert "G+2" not in legal(game, 0)
        with pytest.raises(uv.IllegalAction):
            game.apply(0, "G+2")
        return
    assert "G+2" in legal(game, 0)
    events = game.apply(0, "G+2")
    assert of_kind(events, "play")[0].reason == "illegal"
    assert Window("illegal", 0) in game.windows()
    assert game.windows()[0] == Window("penalty", 1)  # effects stay pending (E-1)


def test_catch_illegal_returns_the_card_restores_the_top_offender_draws_two() -> None:
    game = uv.position(f"classic+permissive_illegal_plays; {ILLEGAL_DRAW_TWO}")
    game.apply(0, "G+2")
    events = game.apply(2, "catch_illegal")
    assert kinds(events)[:2] == ["illegal_caught", "draw"]
    assert "G+2" in hand(game, 0) and len(game.hands[0]) == 3 + 2
    assert top(game) == "R5" and active_color(game) == "R"
    assert game.turn == 1 and game.phase == Phase.TURN  # the Draw Two's penalty is gone
    assert hand(game, 1) == cards("Y2 Y3")


def test_u_c_15_a_reshuffle_while_an_illegal_play_may_be_caught_keeps_the_card_it_covers() -> None:
    """The reshuffle kept only the illegal card: the catch then took it back and left an
    empty discard pile, a state that could not even be saved and loaded again."""
    game = uv.position(
        "classic+permissive_illegal_plays; hands: R1 G2 B7 | B3 Y4; top: Y5@1; draw: -; turn: 0"
    )
    game.apply(0, "G2")  # illegal on Y5, accepted; the draw pile is empty
    game.apply(None, "penalize:1:1")  # seat 1's card comes from a reshuffle
    assert top(game) == "G2" and game.discard == uv.cards("Y5 G2")
    game.apply(1, "catch_illegal")
    assert top(game) == "Y5" and active_color(game) == "Y"
    assert uv.to_json(uv.from_json(uv.to_json(game))) == uv.to_json(game)


def test_u_c_19_a_caught_7_or_0_moves_the_hands_back_first() -> None:
    """``seven_zero``: seat 0's illegal G7 swapped its hand with seat 1's, and its illegal G0
    passed every hand on; catching either moves the hands back before the card returns."""
    game = uv.position(
        "classic+seven_zero+permissive_illegal_plays; hands: G7 G4 B1 | Y2 Y3 | B2 B3; "
        "top: R5; turn: 0"
    )
    game.apply(0, "G7>1")
    assert hand(game, 0) == cards("Y2 Y3")
    events = game.apply(2, "catch_illegal")
    assert kinds(events) == ["swap", "hand", "hand", "illegal_caught", "draw"]
    assert set(cards("G4 B1 G7")) <= set(hand(game, 0)) and len(game.hands[0]) == 3 + 2
    assert hand(game, 1) == cards("Y2 Y3")
    game = uv.position(
        "classic+seven_zero+permissive_illegal_plays; hands: G0 G4 B1 | Y2 Y3 | B2 B3; "
        "top: R5; turn: 0"
    )
    game.apply(0, "G0")
    assert hand(game, 1) == cards("G4 B1")
    game.apply(1, "catch_illegal")
    assert set(cards("G4 B1 G0")) <= set(hand(game, 0)) and len(game.hands[0]) == 3 + 2
    assert hand(game, 1) == cards("Y2 Y3") and hand(game, 2) == cards("B2 B3")


def test_catch_illegal_restores_the_direction_and_passes_to_next_of_offender() -> None:
    game = uv.position(
        "classic+permissive_illegal_plays\n"
        "hands: GR G4 B1 | Y2 Y3 | B2 B3 | Y7 Y8; top: R5; turn: 0"
    )
    game.apply(0, "GR")
    assert game.direction == -1 and game.turn == 3
    game.apply(1, "catch_illegal")
    assert game.direction == 1 and game.turn == 1


def test_catch_illegal_window_closes_when_the_next_player_begins() -> None:
    game = uv.position(f"classic+permissive_illegal_plays; {ILLEGAL_DRAW_TWO}")
    game.apply(0, "G+2")
    game.apply(1, "take")
    assert not [w for w in game.windows() if w.kind == "illegal"]
    with pytest.raises(uv.NotYourWindow):
        game.apply(2, "catch_illegal")


def test_catch_illegal_by_the_offender_is_refused() -> None:
    game = uv.position(f"classic+permissive_illegal_plays; {ILLEGAL_DRAW_TWO}")
    game.apply(0, "G+2")
    assert "catch_illegal" not in legal(game, 0)
    with pytest.raises(uv.IllegalAction):
        game.apply(0, "catch_illegal")


def test_catch_illegal_without_an_illegal_play_is_refused() -> None:
    game = uv.position(
        "classic+permissive_illegal_plays; hands: R2 G4 B1 | Y2 Y3 | B2 B3; top: R5; turn: 0"
    )
    game.apply(0, "R2")
    with pytest.raises(uv.NotYourWindow):
        game.apply(2, "catch_illegal")


# -- the referee's penalty (card suggestion, §1.5) --------------------------------------


def test_referee_penalize_draws_cards_and_changes_no_window() -> None:
    game = uv.position("hands: R2 G9 B1 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    windows = game.windows()
    events = game.apply(None, "penalize:2:2")
    assert kinds(events) == ["penalize", "draw"]
    assert of_kind(events, "draw")[0].reason == "penalize"
    assert len(game.hands[2]) == 4
    assert game.windows() == windows and game.turn == 0


@pytest.mark.parametrize(("seat", "act"), [(1, "penalize:2:2"), (None, "draw"), (None, "R2")])
def test_referee_penalize_only_by_seat_none_and_nothing_else(seat: int | None, act: str) -> None:
    game = uv.position("hands: R2 G9 B1 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    before = uv.to_json(game)
    with pytest.raises(uv.NotYourWindow):
        game.apply(seat, act)
    assert uv.to_json(game) == before


@pytest.mark.parametrize("act", ["penalize:7:2", "penalize:1:0"])
def test_referee_penalize_needs_an_active_seat_and_at_least_one_card(act: str) -> None:
    game = uv.position("hands: R2 G9 B1 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    before = uv.to_json(game)
    with pytest.raises(uv.IllegalAction):
        game.apply(None, act)
    assert uv.to_json(game) == before
