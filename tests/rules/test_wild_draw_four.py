"""RULES.md P5: Wild Draw Four legality and challenge (with C-7, §1.6)."""

from __future__ import annotations

import pytest

import unoverse as uv
from unoverse import Phase
from unoverse.core.events import PRIVATE
from unoverse.core.windows import Window

from .conftest import cards, legal, of_kind, texts


def challenge_verdict(position: str, play: str = "W+4:B") -> str:
    game = uv.position(position)
    game.apply(0, play)
    return "guilty" if of_kind(game.apply(1, "challenge"), "challenge")[0].guilty else "innocent"


def test_p5_wd4_accepted_even_when_illegal_bluffing_is_allowed() -> None:
    game = uv.position("hands: R3 W+4 G1 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    assert "W+4:B" in legal(game, 0)
    game.apply(0, "W+4:B")
    assert game.windows() == (Window("challenge", 1),)


def test_p5_card_matching_by_number_does_not_make_wd4_illegal() -> None:
    assert challenge_verdict("hands: W+4 G5 B1 | G2 G3 | Y1 Y2; top: R5; turn: 0") == "innocent"


def test_p5_active_colour_is_the_declared_colour_of_a_wild_top() -> None:
    position = "hands: W+4 G5 B1 | R2 R3 | Y1 Y2; top: W:G@2; turn: 0"
    assert challenge_verdict(position) == "guilty"


@pytest.mark.parametrize(("block", "verdict"), [("false", "innocent"), ("true", "guilty")])
def test_c7_wild_in_hand_blocks_wd4_only_with_wd4_wilds_block(block: str, verdict: str) -> None:
    position = f"classic+wd4_wilds_block={block}; hands: W+4 W G1 | G2 G3 | Y1 Y2; top: R5"
    assert challenge_verdict(position) == verdict


@pytest.mark.parametrize(("block", "verdict"), [("false", "innocent"), ("true", "guilty")])
def test_c7_another_wd4_in_hand_counts_only_with_wd4_wilds_block(block: str, verdict: str) -> None:
    position = f"classic+wd4_wilds_block={block}; hands: W+4 W+4 G1 | G2 G3 | Y1 Y2; top: R5"
    assert challenge_verdict(position) == verdict


def test_p5_only_the_victim_may_challenge() -> None:
    game = uv.position("hands: R3 W+4 G1 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    game.apply(0, "W+4:B")
    before = uv.to_json(game)
    assert "challenge" not in legal(game, 2)
    with pytest.raises(uv.NotYourWindow):
        game.apply(2, "challenge")
    assert uv.to_json(game) == before


def test_p5_draw_two_cannot_be_challenged() -> None:
    game = uv.position("hands: R+2 G1 G4 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    game.apply(0, "R+2")
    with pytest.raises(uv.IllegalAction):
        game.apply(1, "challenge")


def test_p5_challenged_hand_is_revealed_to_the_challenger_only() -> None:
    game = uv.position("hands: R3 W+4 G1 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    game.apply(0, "W+4:B")
    events = game.apply(1, "challenge")
    reveal = of_kind(events, "reveal")[0]
    assert reveal.vis == PRIVATE and reveal.seat == 0 and reveal.target == 1
    assert texts(reveal.cards) == cards("R3 G1")
    assert uv.redact(reveal, 1) == reveal
    assert uv.redact(reveal, 2) is None and uv.redact(reveal, 0) is None
    assert uv.redact(reveal, None) is None  # spectators see nothing either
    assert texts(game.view(1).known[0]) == cards("R3 G1")
    assert game.view(2).known[0] == ()


# -- the WD4 as the last card (P5, §1.6) -------------------------------------------------

LAST_WD4 = "hands: W+4 | G1 G2 | Y1; top: R5; turn: 0"


def test_p5_wd4_as_last_card_ends_the_round_only_provisionally() -> None:
    game = uv.position(LAST_WD4)
    game.apply(0, "W+4:B")
    assert not game.over and game.winner == -1
    assert game.windows() == (Window("challenge", 1),)


def test_p5_wd4_as_last_card_accepted_round_ends_and_drawn_cards_count() -> None:
    game = uv.position(LAST_WD4)
    game.apply(0, "W+4:B")
    events = game.apply(1, "take")
    assert game.over and game.winner == 0
    assert len(game.hands[1]) == 6
    assert game.round_points() == game.hand_points(1) + game.hand_points(2)
    assert of_kind(events, "round_over")[0].count == game.round_points()


def test_p5_wd4_as_last_card_innocent_round_ends_and_six_cards_count() -> None:
    game = uv.position(LAST_WD4)
    game.apply(0, "W+4:B")
    game.apply(1, "challenge")
    assert game.over and game.winner == 0
    assert len(game.hands[1]) == 8
    assert game.round_points() == game.hand_points(1) + game.hand_points(2)


def test_p5_wd4_as_last_card_guilty_offender_draws_four_and_round_goes_on() -> None:
    """Unreachable in Classic without stacking (a lone WD4 is always legal); pinned from a
    position with the verdict fixed."""
    game = uv.position("hands: - | G1 G2 | Y1; top: W+4:B@0; turn: 1; pending: challenge 4 illegal")
    game.apply(1, "challenge")
    assert not game.over and game.winner == -1
    assert len(game.hands[0]) == 4
    assert game.turn == 1 and game.phase == Phase.TURN
    game.apply(1, "draw")
    assert not game.over


def test_p5_position_with_an_empty_hand_and_pending_wd4_is_provisional() -> None:
    """The same last-card WD4 written as a position: the victim's take ends the round."""
    game = uv.position("hands: - | G1 G2 | Y1; top: W+4:B@0; turn: 1; pending: challenge 4 legal")
    game.apply(1, "take")
    assert game.over and game.winner == 0


def test_p5_draw_two_as_last_card_victim_draws_then_round_ends() -> None:
    game = uv.position("hands: R+2 | G1 G2 | Y1; top: R5; turn: 0")
    game.apply(0, "R+2")
    assert game.winner == -1 and game.windows() == (Window("penalty", 1),)
    game.apply(1, "take")
    assert game.over and game.winner == 0
    assert len(game.hands[1]) == 4
    assert game.round_points() == game.hand_points(1) + game.hand_points(2)
