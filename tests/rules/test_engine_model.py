"""RULES.md §0.5 engine model (E-1 to E-6, as they concern Classic) and the notation's
promise that a rules state survives ``position_text`` -> ``position``."""

from __future__ import annotations

import pytest

import unoverse as uv
from unoverse.bots import make_bot
from unoverse.core.windows import Window
from unoverse.sim.driver import NonTermination, RoundRecord, play_round

from .conftest import legal, seed_with_first_starter


def test_e1_a_seat_whose_only_action_is_take_still_takes_it() -> None:
    game = uv.position("hands: R+2 G1 G4 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    game.apply(0, "R+2")
    assert game.acting_seats() == (1,)
    assert legal(game, 1) == {"take"}
    assert len(game.hands[1]) == 2  # nothing drawn until seat 1 acts


def test_e2_windows_are_public_legal_actions_private() -> None:
    game = uv.position("hands: R2 G9 | G2 G3 Y3 | Y1 Y2 B4; top: R5; turn: 0")
    game.apply(0, "R2")
    assert game.windows() == (Window("turn", 1), Window("uno", 0))  # never who could catch
    assert "catch:0" in legal(game, 2) and "G2" not in legal(game, 2)
    view = game.view(2)
    assert view.hand == tuple(game.hands[2])
    assert view.known == ((), (), ())  # seat 2 has seen no other hand
    assert game.view(None).hand == ()


def test_e2_a_pending_wd4s_legality_is_not_in_any_view() -> None:
    game = uv.position("hands: R3 W+4 G1 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    game.apply(0, "W+4:B")
    views = [game.view(s) for s in (0, 1, 2, None)]
    assert all(not hasattr(v, "pen_legal") and not hasattr(v, "legal") for v in views)
    assert views[1].pending is not None and views[1].pending.challengeable


def test_e3_randomness_lives_in_the_state_copies_and_saves_replay_alike() -> None:
    game = uv.position("hands: R2 G9 B1 | G2 G3 | Y1 Y2; top: W:G@2; draw: -; turn: 0; seed: 9")
    copy, saved = game.copy(), uv.from_json(uv.to_json(game))
    for g in (game, copy, saved):
        g.apply(0, "draw")  # reshuffles with the game's own PRNG
    assert uv.to_json(game) == uv.to_json(copy) == uv.to_json(saved)


def test_e6_rounds_terminate_and_a_runaway_playout_is_a_failure() -> None:
    for seed in range(5):
        game = uv.new_game("classic", 4, seed)
        bots = [make_bot("naive", seed, s) for s in range(4)]
        play_round(game, bots, RoundRecord(seed, None))
        assert game.over and game.winner >= 0
    game = uv.new_game("classic", 4, 0)
    bots = [make_bot("naive", 0, s) for s in range(4)]
    with pytest.raises(NonTermination):
        play_round(game, bots, RoundRecord(0, None), max_actions=3)


# -- positions keep the rules state (docs/notation.md) ----------------------------------


def round_trip(game: uv.Game) -> uv.Game:
    return uv.position(uv.position_text(game))


def test_position_text_keeps_a_first_card_colour_window() -> None:
    seed = seed_with_first_starter("classic", "W")
    game = uv.new_game("classic", 4, seed, dealer=0)
    assert game.windows() == (Window("color", 1),)
    assert round_trip(game).windows() == (Window("color", 1),)


def test_position_text_keeps_what_a_copy_top_blank_counts_as() -> None:
    game = uv.position(
        "classic+classic.deck=112_blank+classic.blank_mode=copy_top\n"
        "hands: WBK G1 G4 | G3 Y3 | GS Y2; top: RS@2; turn: 0"
    )
    game.apply(0, "WBK")  # a red Skip: seat 1 skipped; a green Skip now matches
    assert "GS" in legal(game, 2)
    assert "GS" in legal(round_trip(game), 2)


def test_position_text_keeps_a_provisional_last_card_wd4() -> None:
    game = uv.position("hands: W+4 | G1 G2 | Y1; top: R5; turn: 0")
    game.apply(0, "W+4:B")
    again = round_trip(game)
    again.apply(1, "take")
    assert again.over and again.winner == 0


@pytest.mark.parametrize("act", ["draw", "catch:0", "uno"])
def test_an_eliminated_seat_takes_no_action(act: str) -> None:
    preset = "classic+scoring=lowest_total+challenge_elimination=500"
    game = uv.new_game(preset, 4, 3, dealer=0, eliminated=(1,))
    assert game.legal_actions(1) == ()
    with pytest.raises(uv.NotYourWindow):
        game.apply(1, act)


def test_e2_drawn_cards_are_seen_by_their_owner_others_see_the_count() -> None:
    game = uv.position("hands: R+2 G1 G4 | G2 G3 | Y1 Y2; top: R5; turn: 0")
    game.apply(0, "R+2")
    draw = next(e for e in game.apply(1, "take") if e.kind == "draw")
    assert uv.redact(draw, 1) == draw and len(draw.cards) == 2
    seen = uv.redact(draw, 2)
    assert seen is not None and seen.cards == () and seen.count == 2
