"""Positions from text and back (docs/notation.md)."""

from __future__ import annotations

from collections import Counter

import pytest

import unoverse as uv
from unoverse.core.cards import cards


def test_position_reads_hands_top_turn_and_defaults() -> None:
    game = uv.position("hands: R3 W+4 | G7 B2 | Y1; top: R5@2; turn: 0")
    assert game.n == 3 and game.turn == 0 and game.dealer == 2 and game.direction == 1
    assert game.hands[0] == cards("R3 W+4")
    assert game.top == uv.card("R5") and game.discard_by[-1] == 2
    assert Counter(game.all_cards()) == Counter(game.rules.deck)


def test_position_text_round_trips() -> None:
    for seed in range(5):
        game = uv.new_game("classic+draw_ends_turn", 3, seed)
        text = uv.position_text(game)
        again = uv.position(text)
        assert uv.position_text(again) == text
        assert again.hands == game.hands and again.draw_pile == game.draw_pile


def test_explicit_draw_pile_is_drawn_from_its_end() -> None:
    game = uv.position("hands: R3 R4 | G7 B2; top: Y5; draw: B9 Y4; turn: 0")
    game.apply(0, "draw")
    assert game.hands[0][-1] == uv.card("Y4")
    # the cards the position does not place lie under the discard pile
    assert len(game.discard) == 108 - 4 - 2


def test_wild_top_needs_its_colour_and_keeps_it() -> None:
    game = uv.position("hands: G1 R2 | B3; top: W+4:G@1; turn: 0")
    assert game.color == 3  # green
    with pytest.raises(uv.NotationError, match="needs a colour"):
        uv.position("hands: G1 | B3; top: W")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hands: R1", "'hands:' and 'top:' are required"),
        ("hands: R1 | R2; top: R5; colour: R", "unknown key 'colour'"),
        ("hands: R0 R0 | G1; top: R5", "more copies than the classic deck has of: R0"),
        ("hands: R1 | G1; top: R5; turn: 4", "turn 4 is not a seat"),
        ("hands: R1 | G1; top: X5", "unknown card 'X5'"),
        ("hands: R1 | G1; top: R5; direction: up", "direction is cw or ccw"),
        ("hands: R1 | G1; top: R5; pending: take", "pending is"),
        ("hands: R1 R2 | G1; top: R5; uno: 0", "needs a 1-card hand"),
        ("hands: R1 | G1; top: R5; top: R6", "given twice"),
        ("hands: R1; top: R5", "played by 2 to 10 players"),
    ],
)
def test_malformed_positions_name_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(uv.UnoverseError, match=message):
        uv.position(text)


def test_pending_and_drawn_and_uno_keys() -> None:
    game = uv.position("hands: R1 R2 | G1 G2 | B1; top: R+2@0; turn: 1; pending: take 2; uno: 2")
    assert game.windows() == (("penalty", 1), ("uno", 2))
    game = uv.position(
        "hands: R1 | G1 G2 | B1; top: W+4:G@0; turn: 1; pending: challenge 4 illegal"
    )
    assert game.windows()[0] == ("challenge", 1)
    game = uv.position("hands: R1 R7 | G1; top: R5; turn: 0; drawn: R7")
    assert game.legal_actions(0) == (uv.action("R7"), uv.action("R7 uno"), uv.action("pass"))
