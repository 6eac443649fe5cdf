"""Bad input is refused with a typed error and changes nothing (every engine call)."""

from __future__ import annotations

import pytest

import unoverse as uv

# Seat 0 to move on a red 5; seat 2 holds one card but has no open UNO window.
POSITION = "hands: R2 G9 W B8 | G2 G3 | Y1; top: R5; turn: 0"


@pytest.mark.parametrize(
    ("seat", "act", "error"),
    [
        (1, "G2", uv.NotYourWindow),  # out of turn
        (1, "draw", uv.NotYourWindow),
        (5, "R2", uv.NotYourWindow),  # no such seat
        (0, "R7", uv.IllegalAction),  # not in hand
        (0, "G9", uv.IllegalAction),  # does not match
        (0, "W", uv.IllegalAction),  # a wild needs its colour
        (0, "R2:G", uv.IllegalAction),  # a coloured card takes none
        (0, "W:P", uv.IllegalAction),  # pink is not a Classic colour
        (0, "take", uv.IllegalAction),  # no penalty pending
        (0, "challenge", uv.IllegalAction),
        (0, "pass", uv.IllegalAction),  # nothing drawn
        (0, "color:G", uv.IllegalAction),  # no first-card colour to declare
        (0, "uno", uv.NotYourWindow),
        (1, "catch:2", uv.NotYourWindow),  # a closed window
        (1, "catch:0", uv.NotYourWindow),  # a seat with several cards
        (1, "catch_illegal", uv.NotYourWindow),
        (0, "R7 R8", uv.NotationError),  # malformed
        (0, "R2 UNO", uv.NotationError),
        (0, "X5", uv.NotationError),
        (0, "catch:x", uv.NotationError),
        (0, "W:Q", uv.NotationError),
        (0, "", uv.NotationError),
    ],
)
def test_bad_input_is_refused_and_the_state_is_unchanged(
    seat: int, act: str, error: type[uv.UnoverseError]
) -> None:
    game = uv.position(POSITION)
    before = game.to_json()
    with pytest.raises(error):
        game.apply(seat, act)
    assert game.to_json() == before


def test_no_action_after_the_round_is_over() -> None:
    game = uv.position("hands: R2 | G2 G3 | Y1; top: R5; turn: 0")
    game.apply(0, "R2")
    before = game.to_json()
    for seat, act in ((1, "draw"), (2, "catch:0"), (None, "penalize:1:2")):
        with pytest.raises(uv.NotYourWindow):
            game.apply(seat, act)
    assert game.to_json() == before


def raw_action(kind: object, card: int = -1) -> uv.Action:
    """An action put together field by field, as a decoder might, with no type checks (the
    compiled build's constructor would refuse a kind that is not a ``Kind``)."""
    return uv.Action._make((kind, card, -1, -1, -1, False, 0, (), -1, -1))


@pytest.mark.parametrize(
    ("seat", "act", "error"),
    [
        ("0", "R2", uv.NotYourWindow),  # a seat that is not a number
        (1.5, "R2", uv.NotYourWindow),
        (0, 7, uv.NotationError),  # an action that is neither an Action nor its text
        (0, None, uv.NotationError),
        (0, raw_action(99), uv.IllegalAction),  # a hand-built action of no kind
        (0, raw_action("play"), uv.IllegalAction),
    ],
)
def test_badly_typed_input_gets_a_typed_error_in_both_builds(
    seat: object, act: object, error: type[uv.UnoverseError]
) -> None:
    """The compiled build refuses a wrongly typed argument with a bare TypeError, so
    ``apply`` takes anything and checks it itself."""
    game = uv.position(POSITION)
    before = game.to_json()
    with pytest.raises(error):
        game.apply(seat, act)
    assert game.to_json() == before


def test_a_hand_built_action_with_a_number_for_its_kind_plays_as_its_kind() -> None:
    game = uv.position(POSITION)
    game.apply(0, raw_action(0, uv.card("R2")))  # 0 is Kind.PLAY
    assert game.top == uv.card("R2")
