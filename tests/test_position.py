"""Positions from text and back (docs/notation.md)."""

from __future__ import annotations

from collections import Counter

import pytest

import unoverse as uv
from unoverse.core.cards import cards
from unoverse.core.windows import Window

pytestmark = pytest.mark.engine_build


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
        ("hands: R1 | R2; top: R5; colour: R", "'colour': unknown key"),
        ("hands: R0 R0 | G1; top: R5", "more copies than the classic deck has of: R0"),
        ("hands: R1 | G1; top: R5; turn: 4", "turn: 4 is not a seat"),
        ("hands: R1 | G1; top: X5", "unknown card 'X5'"),
        ("hands: R1 | G1; top: R5; direction: up", "direction: cw or ccw"),
        ("hands: R1 | G1; top: R5; pending: take", "pending: 'take N"),
        ("hands: R1 R2 | G1; top: R5; uno: 0", "needs a 1-card hand"),
        ("hands: R1 | G1; top: R5; top: R6", "top: given twice"),
        ("hands: R1; top: R5", "played by 2 to 10 players"),
    ],
)
def test_malformed_positions_name_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(uv.UnoverseError, match=message):
        uv.position(text)


def test_pending_and_drawn_and_uno_keys() -> None:
    game = uv.position("hands: R1 R2 | G1 G2 | B1; top: R+2@0; turn: 1; pending: take 2; uno: 2")
    assert game.windows() == (Window("penalty", 1), Window("uno", 2))
    game = uv.position(
        "hands: R1 | G1 G2 | B1; top: W+4:G@0; turn: 1; pending: challenge 4 illegal"
    )
    assert game.windows()[0] == Window("challenge", 1)
    game = uv.position("hands: R1 R7 | G1; top: R5; turn: 0; drawn: R7")
    assert game.legal_actions(0) == (uv.action("R7"), uv.action("R7 uno"), uv.action("pass"))


@pytest.mark.parametrize(
    ("text", "key", "message"),
    [
        # a challenge against the first card's "player" -1 (the last seat would draw 4)
        ("hands: R1 | G1 G2 | B1; top: W+4:G; turn: 1; pending: challenge 4 illegal", "pending",
         "only a Wild Draw Four a seat played can be challenged"),
        ("hands: R1 | G1; top: W:T@1", "top", "turquoise is not a colour of classic"),
        ("hands: R1 | G1; top: R5; declare: 0", "declare", "has its colour"),
        ("hands: R1 | G1; top: W:G; declare: 0", "declare", "written without a colour"),
        ("hands: R1 R7 | G1; top: R+2@1; turn: 0; pending: take 2; drawn: R7", "pending",
         "'pending' and 'drawn' exclude each other"),
        ("blast; hands: R1 R2 | G1 G2; top: !2SC", "top", "BLAST card"),
        ("hands: R1 | G1 | B1; top: R5; uno: 1 1", "uno", "listed twice"),
        ("hands: R1 | G1; top: R5:G", "top", "not a wild"),
        ("hands: R1 | G1; top: R5; players: abc", "players", "a whole number, not 'abc'"),
        ("hands: R1 | G1; top: R5; seed: 1.5", "seed", "an integer, not '1.5'"),
    ],
)  # fmt: skip
def test_impossible_positions_are_refused_naming_the_key(text: str, key: str, message: str) -> None:
    with pytest.raises(uv.NotationError, match=f"^position: {key}: .*{message}"):
        uv.position(text)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("hands: R1 | G1; top: R5; seed: " + "9" * 5000, "seed"),  # beyond int's digits
        ("attack; hands: R1 | G1; top: R5; launcher: ²", "launcher"),  # a digit, not 0-9
        ("hands: R1 | G1; top: R+2@1; turn: 0; pending: take ²", "pending"),
        ("hands: R1 | G1; top: R5; dealer: --1", "dealer"),
        ("hands: R1 | G1; top: R+2@1; turn: 0; pending: take 0", "pending"),
        ("hands: R1 | G1; top: R+2@1; turn: 0; pending: take 99999", "pending"),
        ("hands: R1 | G1; top: R5@1; turn: 0; pending: take 2", "pending"),  # no draw card
        ("hands: R1 | G1; top: R+2@1; turn: 0; pending: take 2 returned", "pending"),
        ("hands: R1 | G1; top: R+2@1; turn: 0; pending: fire", "pending"),
        ("hands: R1 R7 | G1; top: G5; turn: 0; drawn: R7", "drawn"),  # R7 does not play
        ("hands: R1 | G1; top: R5=G7", "top"),  # counts as a card of another colour
        ("hands: R1 | G1; top: R5=R7", "top"),  # only a Numeral or a Blank counts as another
        ("blast; hands: R1 R2 | G1 G2; top: RN", "top"),  # a Numeral counts as its number
        ("blast; hands: R1 !2SC | G1 G2; top: R5", "hands"),  # BLAST cards are never dealt
        ("blast; hands: R1 | G1 G2; top: R5; uno: 0", "uno"),  # Blast has no UNO calls
        ("blast+blast.mode=blast; hands: R1 | G1; top: R+2@0; pending: take 2", "pending"),
        ("blast+blast.mode=blast; hands: R1 R5 | G1; top: R2; armed: 0=R1 0=R5", "armed"),
        ("blast+blast.mode=blast; hands: R1 | G1; top: R2; lock: RG", "lock"),
        ("blast+blast.mode=blast; hands: R1 | G1; top: R2; lock: T", "lock"),
        ("attack; hands: R1 | G1; top: R5; launcher: 9", "launcher"),  # hazard: 0 to 3
        ("hands: - | G1; top: R+2@1; turn: 0; pending: take 2", "pending"),  # the round is over
        ("hands: - | G1; top: R5; turn: 1; uno: 1", "uno"),
    ],
)
def test_more_impossible_positions_are_refused_naming_the_key(text: str, key: str) -> None:
    with pytest.raises(uv.NotationError, match=f"^position: {key}: "):
        uv.position(text)


def test_only_text_is_a_position() -> None:
    with pytest.raises(uv.NotationError, match="a text, not int"):
        uv.position(5)  # type: ignore[arg-type]
