"""Options and presets (RULES.md §6): canonical names, short forms, values, conflicts."""

from __future__ import annotations

import re

import pytest

import unoverse as uv
from unoverse.core import setup
from unoverse.core.options import OptionSpec
from unoverse.core.reasons import message
from unoverse.core.setup import resolve_preset
from unoverse.core.variant import Variant
from unoverse.variants import CLASSIC

pytestmark = pytest.mark.engine_build


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
        ("nope", uv.UnknownVariant, "variants are: attack, blast, classic, flip, full_spectrum"),
        ("classic+stack", uv.UnknownOption, "unknown option 'stack'"),
        ("classic+deck=99", uv.InvalidOptionValue, "allowed 108 | 112_blank | 112_modern"),
        ("classic+deck", uv.InvalidOptionValue, "needs a value"),
        ("classic+false_uno_penalty=-1", uv.InvalidOptionValue, "integer from 0 to 1000000"),
        ("classic+false_uno_penalty=two", uv.InvalidOptionValue, "integer from 0 to 1000000"),
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


# --- each option once; malformed presets refused with a typed, short error ------------------


@pytest.mark.parametrize(
    ("preset", "option"),
    [
        ("classic+stacking=same+stacking=progressive", "stacking"),
        ("classic+stacking=same+stacking=same", "stacking"),
        ("classic+classic.deck=108+deck=112_blank", "classic.deck"),
        ("classic+deck=108+classic.deck=108", "classic.deck"),
        ("classic+jump_in+jump_in", "jump_in"),
        ("classic+jump_in+jump_in=false", "jump_in"),
        ("blast+numbers=3+blast.numbers=4", "blast.numbers"),
    ],
)
def test_an_option_given_twice_is_a_conflict_naming_it(preset: str, option: str) -> None:
    with pytest.raises(uv.OptionConflict, match=rf"option {option} is given twice"):
        resolve_preset(preset)
    with pytest.raises(uv.OptionConflict, match=rf"option {option} is given twice"):
        uv.new_game(preset, 4, 0)


def test_an_option_in_both_the_preset_and_the_options_is_a_conflict() -> None:
    with pytest.raises(uv.OptionConflict, match="option stacking is given twice"):
        uv.new_game("classic+stacking=same", 2, 0, options={"stacking": "progressive"})
    with pytest.raises(uv.OptionConflict, match=r"option classic\.deck is given twice"):
        uv.new_game("classic", 2, 0, options={"deck": "108", "classic.deck": "112_blank"})


@pytest.mark.parametrize(
    ("preset", "error", "fragments"),
    [
        ("classic++jump_in", uv.NotationError, ("empty option",)),
        ("classic+=3", uv.NotationError, ("no name", "'=3'")),
        ("classic+ =3", uv.NotationError, ("no name",)),
        ("", uv.NotationError, ("must start with a variant",)),
        ("  ", uv.NotationError, ("must start with a variant",)),
        ("classic+jump in", uv.UnknownOption, ("unknown option 'jump in'",)),
        ("clássic", uv.UnknownVariant, ("clássic",)),
        ("classic+jump_ín", uv.UnknownOption, ("jump_ín",)),
        ("classic+false_uno_penalty=\u0663", uv.InvalidOptionValue, ("false_uno_penalty",)),
        ("classic+false_uno_penalty=1_0", uv.InvalidOptionValue, ("false_uno_penalty",)),
        ("classic+draw_ends_turn=trüe", uv.InvalidOptionValue, ("draw_ends_turn",)),
        ("classic+deck=", uv.InvalidOptionValue, ("classic.deck", "108 | 112_blank")),
        ("classic+jump_in=", uv.InvalidOptionValue, ("jump_in", "true or false")),
        ("classic+false_uno_penalty=", uv.InvalidOptionValue, ("false_uno_penalty",)),
        ("classic+challenge_elimination=", uv.InvalidOptionValue, ("challenge_elimination",)),
        ("classic+false_uno_penalty=1e999", uv.InvalidOptionValue, ("false_uno_penalty",)),
        ("classic+false_uno_penalty=nan", uv.InvalidOptionValue, ("false_uno_penalty",)),
        ("classic+false_uno_penalty=1.5", uv.InvalidOptionValue, ("false_uno_penalty",)),
        ("classic+false_uno_penalty=-3", uv.InvalidOptionValue, ("from 0 to 1000000",)),
        ("classic+target_score=0", uv.InvalidOptionValue, ("target_score", "from 1 to")),
        ("classic+target_score=" + "9" * 5000, uv.InvalidOptionValue, ("target_score",)),
        ("classic+target_score=" + "9" * 400, uv.InvalidOptionValue, ("from 1 to 1000000",)),
        ("classic+target_score=1000001", uv.InvalidOptionValue, ("from 1 to 1000000",)),
        ("blast+blast.numbers=99999999", uv.InvalidOptionValue, ("blast.numbers",)),
        ("classic+" + "x" * 100_000, uv.NotationError, ("100008 characters", "10000")),
        ("classic+" + "jump_in+" * 2000 + "jump_in", uv.NotationError, ("characters",)),
        ("classic+" + "jump_in+" * 200 + "jump_in", uv.OptionConflict, ("jump_in",)),
        ("x" * 300, uv.UnknownVariant, ("unknown variant",)),
        ("classic+" + "y" * 300, uv.UnknownOption, ("unknown option",)),
        ("classic+deck=" + "z" * 300, uv.InvalidOptionValue, ("classic.deck",)),
    ],
)
def test_malformed_presets_are_one_short_typed_error_naming_the_option(
    preset: str, error: type[uv.UnoverseError], fragments: tuple[str, ...]
) -> None:
    with pytest.raises(error) as caught:
        resolve_preset(preset)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 1000, message[:1000]
    for fragment in fragments:
        assert fragment in message, message


@pytest.mark.parametrize("preset", [None, 3, b"classic", ["classic"]])
def test_a_preset_that_is_not_text_is_refused(preset: object) -> None:
    with pytest.raises(uv.NotationError, match="preset"):
        resolve_preset(preset)


def test_options_that_are_not_a_mapping_are_refused() -> None:
    with pytest.raises(uv.InvalidOptionValue, match="options"):
        uv.new_game("classic", 2, 0, options=[("jump_in", True)])  # type: ignore[arg-type]


def test_whitespace_around_names_and_values_is_allowed() -> None:
    _, spaced = resolve_preset(" classic + stacking = same + jump_in ")
    _, plain = resolve_preset("classic+stacking=same+jump_in")
    assert spaced == plain


@pytest.mark.parametrize(
    "value",
    [10**5000, -(10**5000), 10**7, 2.0, True, float("nan")],
    ids=["huge", "huge_negative", "above", "float", "bool", "nan"],
)
def test_an_integer_option_given_as_an_absurd_python_value_is_refused(value: object) -> None:
    with pytest.raises(uv.InvalidOptionValue, match="option target_score=") as caught:
        uv.new_game("classic", 2, 0, options={"target_score": value})
    assert len(str(caught.value)) < 200


def test_an_option_given_twice_in_a_mapping_by_both_its_names_is_a_conflict() -> None:
    """``Variant.options`` (what a saved game's options go through) kept the last value."""
    variant = uv.get_variant("classic")
    with pytest.raises(uv.OptionConflict, match=r"classic\.deck is given twice"):
        variant.options({"deck": "112_blank", "classic.deck": "108"})


@pytest.mark.parametrize(
    ("copies", "allowed"),
    # (blast.numbers=0 is refused: the first card must be a number, U-B-19)
    [("blast+numbers=21", "from 1 to 20"), ("blast+blast_copies=1000000", "from 0 to 20")],
)
def test_deck_size_options_are_capped_so_decks_stay_small(copies: str, allowed: str) -> None:
    """``blast+numbers=100000`` built a 6-million-card deck in 9 seconds."""
    with pytest.raises(uv.InvalidOptionValue, match=allowed):
        uv.new_game(copies, 2, 0)
    with pytest.raises(uv.InvalidOptionValue, match="from 1 to 20"):
        uv.new_game("classic+friendly_swap+friendly_count=21", 2, 0)


def test_an_unknown_variant_is_named_short() -> None:
    with pytest.raises(uv.UnknownVariant) as caught:
        uv.new_game("x" * 10_000, 2, 0)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize(
    ("players", "seed", "dealer", "error"),
    [
        ("4", 0, None, uv.BadPlayerCount),
        (4.0, 0, None, uv.BadPlayerCount),
        (True, 0, None, uv.BadPlayerCount),
        (None, 0, None, uv.BadPlayerCount),
        (4, 1.5, None, uv.NotationError),
        (4, "7", None, uv.NotationError),
        (4, None, None, uv.NotationError),
        (4, 0, "1", uv.BadPlayerCount),
        (4, 0, 9, uv.BadPlayerCount),
    ],
)
def test_new_game_refuses_arguments_of_the_wrong_type_with_a_typed_error(
    players: object, seed: object, dealer: object, error: type[uv.UnoverseError]
) -> None:
    """The compiled build once met them with a bare ``TypeError``."""
    with pytest.raises(error):
        uv.new_game("classic", players, seed, dealer=dealer)


def test_any_integer_seed_plays_a_round() -> None:
    for seed in (-1, 2**64 + 5, 10**4000):
        assert not uv.new_game("classic", 2, seed).over


def test_a_deeply_nested_option_value_is_refused_in_a_short_line() -> None:
    """Its message once took the value's whole ``repr``, a ``RecursionError`` when deep."""
    value: list[object] = []
    for _ in range(100_000):
        value = [value]
    with pytest.raises(uv.InvalidOptionValue) as caught:
        uv.new_game("classic", 2, 0, options={"target_score": value})
    assert len(str(caught.value)) < 200


def test_the_built_rules_kept_per_process_are_bounded() -> None:
    """One set of rules per distinct options was kept for ever: a stream of saved games with
    other options each (``target_score`` alone has a million) grew memory without bound."""
    for score in range(1, 400):
        uv.new_game(f"classic+target_score={score}", 2, 0)
    assert len(setup._COMPILED) <= setup._COMPILED_MAX


# --- what a variant refuses whatever else is set: never offered, refused with its reason ----

#: The options UNO Attack declares with the shared house options and refuses (RULES.md §1.8,
#: docs/rules/options.md): a deck without 0s or Wild Draw Fours, a launcher's draws.
ATTACK_REFUSES = (
    "wd4_wilds_block",
    "downpour",
    "seven_zero",
    "zero_chooses_direction",
    "zero_discard_color",
    "draw_until_playable",
    "permissive_illegal_plays",
)


def test_attack_offers_none_of_the_options_it_refuses() -> None:
    attack = uv.get_variant("attack")
    assert set(ATTACK_REFUSES) <= set(attack.specs)  # declared, with the house options
    assert not set(ATTACK_REFUSES) & set(attack.offered)
    assert set(attack.offered) == set(attack.specs) - set(ATTACK_REFUSES)
    # and the values no variant with the house options accepts, nor Blast
    assert "blast_ge" not in attack.offered["stacking"].choices
    assert uv.get_variant("blast").offered["blast.numbers"].minimum == 1


def _listed_values(spec: OptionSpec) -> list[str]:
    """The values a listing offers for ``spec``, as a preset writes them: both booleans, every
    choice, an integer's ends and default (and ``none`` where the option may be off)."""
    if spec.type == "bool":
        return ["true", "false"]
    if spec.type == "choice":
        return list(spec.choices)
    numbers = {spec.minimum, spec.maximum} | ({spec.default} - {None})
    return [str(n) for n in sorted(numbers)] + (["none"] if spec.type == "optional_int" else [])


def _accepted(variant: Variant, given: dict[str, str]) -> bool:
    """Whether ``variant`` plays with ``given`` (its options and the engine settings they
    make)."""
    try:
        variant.compile(variant.options(given))
    except uv.OptionConflict:
        return False
    return True


@pytest.mark.parametrize("variant", uv.variants(), ids=lambda v: v.name)
def test_every_value_a_listing_offers_is_accepted_alone_or_beside_one_other(
    variant: Variant,
) -> None:
    """Nothing a listing offers is refused whatever else is set. Some options need another
    (``revive`` needs ``stacking``, ``friendly_count`` needs ``friendly_swap``,
    ``challenge_elimination`` needs ``scoring=lowest_total``), so a value refused alone must be
    accepted beside one other offered value; a value refused beside every one is an option
    the variant refuses, to be declared in ``Variant.refused`` and left out of the listings."""
    offered = [(s.name, value) for s in variant.offered.values() for value in _listed_values(s)]
    never = [
        f"{name}={value}"
        for name, value in offered
        if not _accepted(variant, {name: value})
        and not any(
            _accepted(variant, {name: value, other: with_})
            for other, with_ in offered
            if other != name
        )
    ]
    assert never == [], f"{variant.name} offers what it always refuses"


def _setting(spec: OptionSpec, key: str) -> str:
    """A value that sets what ``key`` (a key of ``Variant.refused``) refuses: its value, or
    one other than the option's default."""
    if "=" in key:
        return key.partition("=")[2]
    return next(v for v in _listed_values(spec) if spec.parse(v) != spec.default)


@pytest.mark.parametrize(
    ("variant", "key"),
    [(v, key) for v in uv.variants() for key in v.refused],
    ids=lambda x: x if isinstance(x, str) else x.name,
)
def test_what_a_variant_refuses_is_a_conflict_with_its_reason_by_either_name(
    variant: Variant, key: str
) -> None:
    spec = variant.specs[key.partition("=")[0]]
    value = _setting(spec, key)
    why = message(variant.refused[key], {})  # (the refusal's reason is a catalogue key)
    # (the page names the option from the message's start, as for every conflict)
    assert re.match(rf"{re.escape(key)}[: ]", why), why
    for name in dict.fromkeys((spec.name, spec.short)):  # (each short name is unambiguous)
        with pytest.raises(uv.OptionConflict) as caught:
            uv.new_game(f"{variant.name}+{name}={value}", 4, 0)
        assert str(caught.value) == why
        with pytest.raises(uv.OptionConflict, match=re.escape(why)):
            uv.new_game(variant.name, 4, 0, options={name: spec.parse(value)})


def test_the_errors_that_list_options_or_values_list_only_those_offered() -> None:
    with pytest.raises(uv.UnknownOption) as caught:
        resolve_preset("attack+downpours")
    listed = str(caught.value).split("options are: ")[1].split(", ")
    assert listed == sorted(uv.get_variant("attack").offered)
    assert "downpour" not in listed and "stacking" in listed
    with pytest.raises(uv.InvalidOptionValue, match=r"allowed off \| same \| progressive$"):
        resolve_preset("classic+stacking=blast")
    with pytest.raises(uv.InvalidOptionValue, match=r"allowed off \| same \| progressive$"):
        resolve_preset("classic+stacking")
    with pytest.raises(uv.InvalidOptionValue, match=r"from 1 to 20$"):
        resolve_preset("blast+numbers=-1")


@pytest.mark.parametrize(
    ("refused", "message"),
    [
        ({"no_such_option": "no_such_option is refused"}, "declares no such option"),
        ({"stacking=blast_gee": "stacking=blast_gee: no"}, "stacking=blast_gee cannot be"),
        ({"jump_in=true": "jump_in=true: no"}, "jump_in=true cannot be refused"),
        ({"target_score=250": "target_score=250: no"}, "target_score=250 cannot be refused"),
    ],
)
def test_a_refusal_a_listing_cannot_leave_out_is_an_error_when_the_variant_is_made(
    refused: dict[str, str], message: str
) -> None:
    """A refused name the variant does not declare, a value its option does not have, or one
    a listing would still offer (a boolean's, an integer inside its range)."""
    refusing = type("Refusing", (Variant,), {"refused": refused})
    with pytest.raises(ValueError, match=message):
        refusing(name="refusing", title="", aliases=(), option_specs=CLASSIC.option_specs)
