"""RULES.md §1.3 turn structure (P1, C-9, C-11), §1.7 and P2/P3: drawing and reshuffling."""

from __future__ import annotations

from collections import Counter

import pytest

import unoverse as uv
from unoverse import Phase
from unoverse.core.cards import CARD_TEXT
from unoverse.core.windows import Window

from .conftest import active_color, cards, hand, kinds, legal, of_kind, top

# -- P1: the legal-play test -------------------------------------------------------------


def test_p1_same_colour_same_number_same_symbol_or_wild_may_be_played() -> None:
    game = uv.position("hands: R2 G5 GS W W+4 B1 Y9 | G1 G2; top: RS@1; turn: 0")
    plays = {a for a in legal(game, 0) if a not in ("draw",)}
    assert {"R2", "GS", "W:G", "W+4:B"} <= plays
    assert not {"G5", "B1", "Y9"} & plays


def test_p1_a_wild_top_matches_only_its_declared_colour_never_a_number() -> None:
    game = uv.position("hands: G5 R5 B1 | G1 G2; top: W:G@1; turn: 0")
    assert legal(game, 0) == {"G5", "draw"}
    with pytest.raises(uv.IllegalAction):
        game.apply(0, "R5")


# -- §1.3: play, or draw one and play only that card -----------------------------------


def test_voluntary_draw_is_allowed_while_holding_a_legal_card() -> None:
    game = uv.position("hands: R2 G5 G7 | G1 G2 | Y1 Y2; top: R5; draw: Y7 B9; turn: 0")
    assert "draw" in legal(game, 0)
    game.apply(0, "draw")
    assert hand(game, 0) == cards("R2 G5 G7 B9")


def test_after_drawing_only_the_drawn_card_may_be_played() -> None:
    game = uv.position("hands: R2 G5 G7 | G1 G2 | Y1 Y2; top: R5; draw: Y7 R9; turn: 0")
    game.apply(0, "draw")
    assert game.phase == Phase.DRAWN and game.windows() == (Window("drawn", 0),)
    assert legal(game, 0) == {"R9", "pass"}
    before = uv.to_json(game)
    with pytest.raises(uv.IllegalAction):
        game.apply(0, "R2")
    assert uv.to_json(game) == before
    game.apply(0, "R9")
    assert top(game) == "R9" and game.turn == 1


def test_pass_after_drawing_keeps_the_drawn_card_and_ends_the_turn() -> None:
    game = uv.position("hands: R2 G5 G7 | G1 G2 | Y1 Y2; top: R5; draw: Y7 R9; turn: 0")
    game.apply(0, "draw")
    game.apply(0, "pass")
    assert "R9" in hand(game, 0)
    assert game.turn == 1 and game.phase == Phase.TURN


def test_pass_without_a_drawn_card_is_refused() -> None:
    game = uv.position("hands: R2 G5 G7 | G1 G2 | Y1 Y2; top: R5; turn: 0")
    with pytest.raises(uv.IllegalAction):
        game.apply(0, "pass")


def test_an_unplayable_drawn_card_ends_the_turn() -> None:
    game = uv.position("hands: R2 G5 G7 | G1 G2 | Y1 Y2; top: R5; draw: R9 Y7; turn: 0")
    events = game.apply(0, "draw")
    assert [CARD_TEXT[c] for c in of_kind(events, "draw")[0].cards] == ["Y7"]
    assert "Y7" in hand(game, 0)
    assert game.turn == 1 and game.phase == Phase.TURN


@pytest.mark.parametrize(("ends", "phase", "turn"), [("false", Phase.DRAWN, 0), ("true", None, 1)])
def test_c11_voluntary_draw_ends_the_turn_only_with_draw_ends_turn(
    ends: str, phase: Phase | None, turn: int
) -> None:
    game = uv.position(
        f"classic+draw_ends_turn={ends}\n"
        "hands: R2 G5 G7 | G1 G2 | Y1 Y2; top: R5; draw: Y7 R9; turn: 0"
    )
    game.apply(0, "draw")  # R2 was playable: a voluntary draw; R9 is playable
    assert game.turn == turn
    assert game.phase == (phase or Phase.TURN)


# -- C-9: no stacking ------------------------------------------------------------------


def test_c9_a_draw_two_cannot_be_answered_with_a_draw_two() -> None:
    game = uv.position("hands: G+2 R+2 G1 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    game.apply(0, "R+2")
    assert legal(game, 1) == {"take"}
    game2 = uv.position("hands: G1 G4 | G+2 G3 | Y1 Y2; top: R+2@0; turn: 1; pending: take 2")
    before = uv.to_json(game2)
    with pytest.raises(uv.IllegalAction):
        game2.apply(1, "G+2")
    assert uv.to_json(game2) == before


def test_c9_a_wild_draw_four_cannot_be_answered_with_a_wild_draw_four() -> None:
    game = uv.position(
        "hands: G1 G4 | W+4 G3 | Y1 Y2; top: W+4:B@0; turn: 1; pending: challenge 4 legal"
    )
    assert legal(game, 1) == {"take", "challenge"}
    with pytest.raises(uv.IllegalAction):
        game.apply(1, "W+4:G")


def test_only_one_card_per_turn() -> None:
    game = uv.position("hands: R2 R3 G7 | G1 G2 | Y1 Y2; top: R5; turn: 0")
    game.apply(0, "R2")
    with pytest.raises(uv.NotYourWindow):
        game.apply(0, "R3")


# -- P2/P3/§1.7: the draw pile runs out ---------------------------------------------------


def test_p3_reshuffle_keeps_the_top_card_and_its_declared_colour() -> None:
    game = uv.position("hands: R2 G5 G7 | G1 G2 | Y1 Y2; top: W:G@2; draw: -; turn: 0")
    below = len(game.discard) - 1
    events = game.apply(0, "draw")
    assert "reshuffle" in kinds(events)
    assert of_kind(events, "reshuffle")[0].count == below
    assert game.discard == [uv.card("W")] and active_color(game) == "G"
    assert len(game.draw_pile) == below - 1
    assert len(game.all_cards()) == 108


def test_p3_reshuffle_clears_nothing_else() -> None:
    """A catch that empties the pile: the other UNO window, the turn and phase survive."""
    game = uv.position("hands: G9 | G2 G3 Y3 | B4 | Y1 Y2; top: W:G@2; draw: B7; turn: 3; uno: 0 2")
    events = game.apply(1, "catch:0")
    assert "reshuffle" in kinds(events)
    assert len(game.hands[0]) == 3
    assert Window("uno", 2) in game.windows()
    assert game.turn == 3 and game.phase == Phase.TURN and active_color(game) == "G"


def everything_in_hands(extra: str = "") -> str:
    """A 2-player position where every card but the top R5 is in a hand."""
    deck = Counter(CARD_TEXT[c] for c in uv.new_game("classic", 2, 0).all_cards())
    deck["R5"] -= 1
    small = cards("G1 G2")
    deck.subtract(small)
    return f"hands: {' '.join(small)} | {' '.join(deck.elements())}; top: R5@1; draw: -{extra}"


def test_both_piles_empty_draw_gets_nothing_and_the_turn_ends() -> None:
    game = uv.position(everything_in_hands() + "; turn: 0")
    events = game.apply(0, "draw")
    assert kinds(events) == ["draw_short"]
    assert of_kind(events, "draw_short")[0].count == 1
    assert hand(game, 0) == cards("G1 G2")
    assert game.turn == 1 and game.phase == Phase.TURN


def test_both_piles_empty_penalty_draws_nothing_and_the_victim_loses_the_turn() -> None:
    text = everything_in_hands("; turn: 0; pending: take 2")
    game = uv.position(text.replace("R5@1", "R+2@1").replace(" R+2 ", " R5 ", 1))
    events = game.apply(0, "take")
    assert of_kind(events, "draw_short")[0].count == 2
    assert len(game.hands[0]) == 2 and game.turn == 1
