"""Options and presets (RULES.md §6): canonical names, short forms, values, conflicts."""

from __future__ import annotations

import pytest

import unoverse as uv
from unoverse.core.setup import resolve_preset


def test_defaults_follow_rules_md_section_6() -> None:
    _, options = resolve_preset("classic")
    assert options["classic.deck"] == "108"
    assert options["classic.first_card"] == "mattel_current"
    assert options["wd4_wilds_block"] is False
    assert options["two_player_rules"] is True
    assert options["scoring"] == "winner_takes" and options["target_score"] == 500
    assert options["challenge_elimination"] is None


def test_preset_grammar_bare_names_short_forms_and_values() -> None:
    _, options = resolve_preset("classic+draw_ends_turn+deck=112_blank+false_uno_penalty=2")
    assert options["draw_ends_turn"] is True
    assert options["classic.deck"] == "112_blank"
    assert options["false_uno_penalty"] == 2
    _, same = resolve_preset(
        "classic+classic.deck=112_blank+draw_ends_turn=true+false_uno_penalty=2"
    )
    assert same == options


def test_alias_names_the_same_variant() -> None:
    assert resolve_preset("uno")[0] is resolve_preset("classic")[0]


@pytest.mark.parametrize(
    ("preset", "error", "message"),
    [
        ("nope", uv.UnknownVariant, "variants are: attack, blast, classic, full_spectrum"),
        ("classic+stack", uv.UnknownOption, "unknown option 'stack'"),
        ("classic+deck=99", uv.InvalidOptionValue, "allowed 108 | 112_blank | 112_modern"),
        ("classic+deck", uv.InvalidOptionValue, "needs a value"),
        ("classic+false_uno_penalty=-1", uv.InvalidOptionValue, "integer >= 0"),
        ("classic+false_uno_penalty=two", uv.InvalidOptionValue, "integer >= 0"),
        ("classic+draw_ends_turn=maybe", uv.InvalidOptionValue, "true or false"),
        ("classic++deck=108", uv.NotationError, "empty option"),
        ("+deck=108", uv.NotationError, "must start with a variant"),
        ("classic+blank_mode=copy_top", uv.OptionConflict, "classic.deck=112_blank"),
        ("classic+challenge_elimination=500", uv.OptionConflict, "scoring=lowest_total"),
    ],
)
def test_bad_presets_are_refused_with_a_reason(
    preset: str, error: type[uv.UnoverseError], message: str
) -> None:
    with pytest.raises(error, match=message.replace("|", r"\|").replace("+", r"\+")):
        uv.new_game(preset, 4, 0)


def test_conflicting_options_are_accepted_once_consistent() -> None:
    game = uv.new_game("classic+deck=112_blank+blank_mode=copy_top", 3, 1)
    assert len(game.rules.deck) == 112
    game = uv.new_game("classic+scoring=lowest_total+challenge_elimination=500", 3, 1)
    assert game.rules.options["challenge_elimination"] == 500


@pytest.mark.parametrize("players", [0, 1, 11, -3])
def test_player_count_outside_2_to_10_is_refused(players: int) -> None:
    with pytest.raises(uv.BadPlayerCount, match="2 to 10 players"):
        uv.new_game("classic", players, 0)


def test_options_given_as_python_values() -> None:
    game = uv.new_game("classic", 2, 0, options={"false_uno_penalty": 3, "draw_ends_turn": True})
    assert game.rules.false_uno_penalty == 3 and game.rules.draw_ends_turn
    with pytest.raises(uv.InvalidOptionValue):
        uv.new_game("classic", 2, 0, options={"false_uno_penalty": True})
