"""The ``timeout`` referee action: the match session's deadline on the mandatory window
(DESIGN.md "Real time without a clock in the rules"; docs/notation.md). The engine decides
what a timeout does in each window; the session only decides when."""

from __future__ import annotations

import pytest

import unoverse as uv
from unoverse.core.cards import CARD_COLOR
from unoverse.core.codec import state_hash

from .conftest import hand, kinds, of_kind


def test_a_timeout_in_the_turn_window_draws() -> None:
    game = uv.position("hands: R1 G2 | Y1 Y2; top: R5; draw: B9")
    events = game.apply(None, "timeout")
    assert kinds(events)[:2] == ["timeout", "draw"]
    assert events[0].seat == 0 and events[0].info == "draw"
    assert hand(game, 0) == ["B9", "G2", "R1"]
    assert game.windows()[0] == ("turn", 1)  # B9 does not play on R5: the turn passed


def test_a_timeout_after_a_draw_passes() -> None:
    game = uv.position("hands: G1 G2 | Y1 Y2; top: R5; draw: R9")
    game.apply(0, "draw")
    assert game.windows()[0] == ("drawn", 0)
    events = game.apply(None, "timeout")
    assert events[0].info == "pass"
    assert hand(game, 0) == ["G1", "G2", "R9"] and game.windows()[0] == ("turn", 1)


def test_a_timeout_facing_a_penalty_takes_it_never_challenges() -> None:
    game = uv.position("hands: R1 W+4 | Y1 Y2; top: R5; draw: B1 B2 B3 B4")
    game.apply(0, "W+4:G")  # illegal (seat 0 holds R1): a challenge would win
    events = game.apply(None, "timeout")
    assert events[0].info == "take"
    assert len(game.hands[1]) == 6 and not of_kind(events, "challenge")


def test_a_timeout_in_the_colour_window_declares_the_most_held_colour() -> None:
    for seed in range(200):
        game = uv.new_game("classic", 3, seed)
        if game.windows()[0][0] == "color":
            break
    else:
        pytest.fail("no seed below 200 starts on a Wild")
    seat = game.turn
    held = [sum(1 for c in game.hands[seat] if CARD_COLOR[c] == col) for col in range(8)]
    best = max((0, 2, 3, 5), key=lambda col: (held[col], -col))
    events = game.apply(None, "timeout")
    assert of_kind(events, "color")[0].color == best == game.color


def test_a_timeout_with_only_plays_offered_plays_the_first() -> None:
    """UNO Attack with reneging off: a seat holding a playable card may not press, so its
    timeout plays its first offered play."""
    game = uv.position(
        "attack+launcher=one_card+allow_renege=false; hands: R1 G2 B7 | Y1 Y2; top: R5"
    )
    first = game.legal_actions(0)[0]
    events = game.apply(None, "timeout")
    assert events[0].info == str(first) == "R1"
    assert hand(game, 0) == ["B7", "G2"]


def test_only_the_referee_may_time_out_and_not_after_the_round() -> None:
    game = uv.position("hands: R1 G2 | Y1 Y2; top: R5")
    before = state_hash(game)
    with pytest.raises(uv.NotYourWindow):
        game.apply(0, "timeout")
    with pytest.raises(uv.NotYourWindow):
        game.apply(1, "timeout")
    assert state_hash(game) == before
    game = uv.position("hands: R1 | Y1 Y2; top: R5")
    game.apply(0, "R1")
    assert game.over
    with pytest.raises(uv.NotYourWindow):
        game.apply(None, "timeout")
