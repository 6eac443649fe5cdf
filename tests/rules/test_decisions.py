"""Decisions the engine makes where RULES.md is silent: U-C-n in docs/rules/classic.md.

(U-C-7, the first Draw Two, is pinned in test_setup.py with the first-card table.)
"""

from __future__ import annotations

import pytest

import unoverse as uv
from unoverse import Phase
from unoverse.core.windows import Window

from .conftest import cards, hand, kinds, legal, seed_with_first_starter


@pytest.mark.parametrize("penalty", [0, 2])
def test_u_c_1_uno_flag_on_a_play_that_goes_out_is_refused(penalty: int) -> None:
    game = uv.position(f"classic+false_uno_penalty={penalty}; hands: R2 | G2 G3 | Y1 Y2; top: R5")
    assert legal(game, 0) >= {"R2"} and "R2 uno" not in legal(game, 0)
    before = uv.to_json(game)
    with pytest.raises(uv.IllegalAction):
        game.apply(0, "R2 uno")
    assert uv.to_json(game) == before


def test_u_c_2_illegal_card_cannot_be_the_last_card() -> None:
    game = uv.position("classic+permissive_illegal_plays; hands: G4 | Y2 Y3 | B2 B3; top: R5")
    assert legal(game, 0) == {"draw"}
    with pytest.raises(uv.IllegalAction):
        game.apply(0, "G4")


def test_u_c_2_illegal_play_only_in_the_turn_window_not_the_drawn_card() -> None:
    """A drawn card that does not match ends the turn even on a permissive table."""
    game = uv.position(
        "classic+permissive_illegal_plays\n"
        "hands: G4 G7 | Y2 Y3 | B2 B3; top: R5; draw: R9 B9; turn: 0"
    )
    game.apply(0, "draw")
    assert game.turn == 1 and game.phase == Phase.TURN
    assert "B9" in hand(game, 0)


@pytest.mark.parametrize("ends", ["false", "true"])
def test_u_c_3_draw_without_a_matching_card_is_not_voluntary(ends: str) -> None:
    """No card matched before the draw: the drawn R9 may be played even with draw_ends_turn."""
    game = uv.position(
        f"classic+draw_ends_turn={ends}\n"
        "hands: G4 G7 | Y2 Y3 | B2 B3; top: R5; draw: B9 R9; turn: 0"
    )
    game.apply(0, "draw")
    assert game.turn == 0 and game.phase == Phase.DRAWN
    assert legal(game, 0) == {"R9", "pass"}


def test_u_c_3_a_wild_in_hand_makes_the_draw_voluntary() -> None:
    game = uv.position(
        "classic+draw_ends_turn; hands: G4 W | Y2 Y3 | B2 B3; top: R5; draw: B9 R9; turn: 0"
    )
    game.apply(0, "draw")
    assert game.turn == 1 and "R9" in hand(game, 0)


def test_u_c_4_shuffle_hands_as_next_to_last_card_opens_no_uno_window() -> None:
    game = uv.position(
        "classic+classic.deck=112_modern\nhands: WSH R1 | G1 G2 | Y1 Y2; top: R5; turn: 0"
    )
    game.apply(0, "WSH:G")
    assert [len(h) for h in game.hands] == [1, 2, 2]
    assert Window("uno", 0) not in game.windows()
    with pytest.raises(uv.NotYourWindow):
        game.apply(1, "catch:0")


def test_u_c_5_two_player_reverse_acts_as_skip_and_keeps_the_direction() -> None:
    game = uv.position("hands: RR G1 G2 | G3 G4; top: R5; turn: 0")
    events = game.apply(0, "RR")
    assert "reverse" not in kinds(events) and "skip" in kinds(events)
    assert game.direction == 1 and game.turn == 0


@pytest.mark.parametrize(("option", "plays_again"), [("true", True), ("false", False)])
def test_u_c_5_p7_counts_active_seats_after_eliminations(option: str, plays_again: bool) -> None:
    """A 4-seat Challenge UNO table with seats 1 and 3 eliminated: 2 active seats."""
    preset = f"classic+scoring=lowest_total+challenge_elimination=500+two_player_rules={option}"
    for seed in range(500):
        game = uv.new_game(preset, 4, seed, dealer=0, eliminated=(1, 3))
        reverses = [a for a in game.legal_actions(game.turn) if str(a) in ("RR", "YR", "GR", "BR")]
        if game.phase == Phase.TURN and reverses:
            break
    else:
        raise AssertionError("no seed deals a playable Reverse to the first player")
    seat, direction = game.turn, game.direction
    game.apply(seat, reverses[0])
    assert game.turn == (seat if plays_again else 2 - seat)
    assert game.direction == (direction if plays_again else -direction)


@pytest.mark.parametrize("target", [2, 1])
def test_u_c_6_catching_a_seat_without_an_open_window_is_not_your_window(target: int) -> None:
    """Seat 2 holds one card but declared (no window); seat 1 holds several."""
    game = uv.position("hands: R2 G9 B1 | G2 G3 | Y1; top: R5; turn: 0")
    before = uv.to_json(game)
    with pytest.raises(uv.NotYourWindow):
        game.apply(0, f"catch:{target}")
    assert uv.to_json(game) == before


@pytest.mark.parametrize("penalty", [0, 2])
def test_u_c_8_standalone_uno_without_an_open_window_is_refused(penalty: int) -> None:
    game = uv.position(
        f"classic+false_uno_penalty={penalty}; hands: R2 G9 B1 | G2 G3 | Y1; top: R5; turn: 0"
    )
    before = uv.to_json(game)
    for seat in (0, 2):
        with pytest.raises(uv.NotYourWindow):
            game.apply(seat, "uno")
    assert uv.to_json(game) == before


def test_u_c_9_wd4_victim_may_catch_before_deciding_to_challenge() -> None:
    game = uv.position("hands: R3 W+4 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    game.apply(0, "W+4:B")  # to one card, no UNO; illegal (R3 is red)
    game.apply(1, "catch:0")
    assert len(game.hands[0]) == 3
    assert legal(game, 1) == {"take", "challenge"}
    game.apply(1, "challenge")
    assert len(game.hands[0]) == 3 + 4 and game.turn == 1


def test_u_c_10_false_uno_on_a_draw_turn_card_first_and_only_it_playable() -> None:
    game = uv.position(
        "classic+false_uno_penalty=2; hands: G4 G7 | Y2 Y3 | B2 B3; top: R5; draw: R1 R2 R9"
    )
    game.apply(0, "draw uno")
    assert hand(game, 0) == cards("G4 G7 R9 R2 R1")
    assert game.phase == Phase.DRAWN and game.drawn == uv.card("R9")
    with pytest.raises(uv.IllegalAction):
        game.apply(0, "R2")


@pytest.mark.parametrize(
    ("mode", "starts"), [("mattel_current", 0), ("mattel_old", 1), ("seed_as_dealer", 1)]
)
def test_u_c_11_two_player_first_card_reverse_follows_the_table(mode: str, starts: int) -> None:
    """P7 is not applied to the first card: the table's seat starts (dealer 0)."""
    seed = seed_with_first_starter("classic", "R", players=2)
    game = uv.new_game(f"classic+classic.first_card={mode}", 2, seed, dealer=0)
    assert game.turn == starts and game.direction == -1


def test_u_c_12_blank_copy_top_copies_what_the_top_card_counts_as() -> None:
    """A blank on a blank that copied a red Skip is a Skip again."""
    game = uv.position(
        "classic+classic.deck=112_blank+classic.blank_mode=copy_top\n"
        "hands: WBK G1 G4 | G3 Y3 | WBK Y2 Y5; top: RS@2; turn: 0"
    )
    game.apply(0, "WBK")
    assert game.turn == 2
    game.apply(2, "WBK")
    assert game.turn == 1


@pytest.mark.parametrize(
    ("position", "seat", "act"),
    [
        ("hands: G1 G4 | G2 G3 | Y1 Y2; top: R+2@0; turn: 1; pending: take 2", 1, "take uno"),
        (
            "hands: G1 G4 | W+4 G3; top: W+4:B@0; turn: 1; pending: challenge 4 legal",
            1,
            "challenge uno",
        ),
        ("hands: R1 R7 G4 | G1 G2; top: R5; turn: 0; drawn: R7", 0, "pass uno"),
        ("hands: R1 | G1 G2 | Y1 Y2; top: R5@0; turn: 1; uno: 0", 2, "catch:0 uno"),
    ],
    ids=["take", "challenge", "pass", "catch"],
)
def test_u_c_13_uno_goes_only_with_a_play_or_a_draw(position: str, seat: int, act: str) -> None:
    """Even where a false call costs cards, ``uno`` on any other action is refused."""
    game = uv.position(f"classic+false_uno_penalty=2; {position}")
    before = uv.to_json(game)
    with pytest.raises(uv.IllegalAction):
        game.apply(seat, act)
    assert uv.to_json(game) == before
