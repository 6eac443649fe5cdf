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
    before = uv.to_json(game)
    with pytest.raises(error):
        game.apply(seat, act)
    assert uv.to_json(game) == before


def test_no_action_after_the_round_is_over() -> None:
    game = uv.position("hands: R2 | G2 G3 | Y1; top: R5; turn: 0")
    game.apply(0, "R2")
    before = uv.to_json(game)
    for seat, act in ((1, "draw"), (2, "catch:0"), (None, "penalize:1:2")):
        with pytest.raises(uv.NotYourWindow):
            game.apply(seat, act)
    assert uv.to_json(game) == before


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
        (0, raw_action(99), uv.NotationError),  # a hand-built action of no kind
        (0, raw_action("play"), uv.NotationError),
        (True, "G2", uv.NotYourWindow),  # a truth value is not seat 1
    ],
)
def test_badly_typed_input_gets_a_typed_error_in_both_builds(
    seat: object, act: object, error: type[uv.UnoverseError]
) -> None:
    """The compiled build refuses a wrongly typed argument with a bare TypeError, so
    ``apply`` takes anything and checks it itself."""
    game = uv.position(POSITION)
    before = uv.to_json(game)
    with pytest.raises(error):
        game.apply(seat, act)
    assert uv.to_json(game) == before


def test_a_hand_built_action_with_a_number_for_its_kind_plays_as_its_kind() -> None:
    game = uv.position(POSITION)
    game.apply(0, raw_action(0, uv.card("R2")))  # 0 is Kind.PLAY
    assert game.top == uv.card("R2")


def fields(kind: uv.Kind, **changed: object) -> uv.Action:
    """A hand-built action: ``kind`` with some fields set to anything (no type checks)."""
    values: dict[str, object] = dict(zip(uv.Action._fields, uv.Action(kind), strict=True))
    values.update(changed)
    return uv.Action._make(values.values())


@pytest.mark.parametrize(
    ("act", "named"),
    [
        (fields(uv.Kind.PLAY, card=10_000), "card #10000 does not exist"),
        (fields(uv.Kind.PLAY, card=-7), "card #-7 does not exist"),
        (fields(uv.Kind.PLAY, card=uv.card("R2"), color=99), "colour #99"),
        (fields(uv.Kind.PLAY, card="R2"), "its card is 'R2'"),
        (fields(uv.Kind.PLAY, card=True), "its card is True"),
        (fields(uv.Kind.PLAY, card=uv.card("R2"), more=[1]), "further cards"),
        (fields(uv.Kind.PLAY, card=uv.card("R2"), more=(500,)), "further card 500"),
        (fields(uv.Kind.PLAY, card=uv.card("R2"), direction=2), "direction 2"),
        (fields(uv.Kind.PLAY, card=uv.card("R2"), number=12), "declared number 12"),
        (fields(uv.Kind.PLAY, card=uv.card("R2"), uno=1), "uno flag"),
        (fields(uv.Kind.PLAY, card=uv.card("R2"), target=-2), "never negative"),
        (fields(uv.Kind.PLAY), "play needs its card"),
        (fields(uv.Kind.DRAW, card=uv.card("R2")), "draw takes no card"),
        (fields(uv.Kind.ARM, card=uv.card("R2"), color=1), "arm takes no color"),
        (fields(uv.Kind.CATCH), "catch needs its target"),
    ],
)
def test_a_hand_built_action_out_of_range_or_of_the_wrong_type_is_a_notation_error(
    act: uv.Action, named: str
) -> None:
    """Every field of a hand-built action is checked before the engine reads it: a card
    number out of range once raised IndexError, a truth value read as a number."""
    game = uv.position(POSITION)
    before = uv.to_json(game)
    with pytest.raises(uv.NotationError, match="malformed action") as caught:
        game.apply(0, act)
    assert named in str(caught.value)
    assert uv.to_json(game) == before
    assert str(act)  # its text, for a refusal's message, never raises
