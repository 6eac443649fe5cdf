"""H-5: option combinations that cannot mean anything are refused, each with its reason.

The table here is the one of docs/rules/options.md ("Refused combinations"); the test checks
every refusal, its message, that nothing is created, and that the document lists it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import unoverse as uv

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "options.md"

#: (preset, the options as the document's table names them, words the message must contain)
REFUSALS = [
    (
        "classic+stacking=blast_ge",
        "`stacking=blast_ge` outside Blast",
        "UNO Blast's built-in stacking",
    ),
    ("classic+revive", "`revive` with `stacking=off`", "revive needs stacking"),
    (
        "classic+seven_zero+zero_chooses_direction",
        "`seven_zero` with `zero_chooses_direction`",
        "seven_zero and zero_chooses_direction each redefine the 0",
    ),
    (
        "classic+seven_zero+zero_discard_color",
        "`seven_zero` with `zero_discard_color`",
        "seven_zero and zero_discard_color each redefine the 0",
    ),
    (
        "classic+zero_discard_color+zero_chooses_direction",
        "`zero_chooses_direction` with `zero_discard_color`",
        "zero_chooses_direction and zero_discard_color each redefine the 0",
    ),
    (
        "classic+friendly_count=2",
        "`friendly_count` without `friendly_swap`",
        "friendly_count sets how many Friendly cards friendly_swap adds",
    ),
    ("attack+wd4_wilds_block", "`wd4_wilds_block` in Attack", "the Attack deck has none"),
    ("attack+downpour", "`downpour` in Attack", "replaces two Wild Draw Four"),
    ("attack+seven_zero", "`seven_zero` in Attack", "the Attack deck has no 0"),
    (
        "attack+zero_chooses_direction",
        "`zero_chooses_direction` in Attack",
        "zero_chooses_direction redefines the 0",
    ),
    ("attack+zero_discard_color", "`zero_discard_color` in Attack", "needs a 0"),
    (
        "attack+draw_until_playable",
        "`draw_until_playable` in Attack",
        "pressing the launcher always ends the turn",
    ),
    (
        "attack+permissive_illegal_plays",
        "`permissive_illegal_plays` in Attack",
        "Attack draws only by pressing the launcher",
    ),
    ("minecraft+stacking=blast_ge", "`stacking=blast_ge` outside Blast", "built-in stacking"),
    ("attack+revive", "`revive` with `stacking=off`", "revive needs stacking"),
    ("no_mercy+seven_zero", "`seven_zero` in No Mercy", "seven_zero is built into No Mercy"),
    (
        "no_mercy+zero_chooses_direction",
        "`zero_chooses_direction` in No Mercy",
        "passes every hand",
    ),
    ("no_mercy+zero_discard_color", "`zero_discard_color` in No Mercy", "redefines the 0"),
    ("no_mercy+downpour", "`downpour` in No Mercy", "the No Mercy deck has none"),
    ("no_mercy+bar_special", "`bar_special` in No Mercy", "stacks and Mercy rule admit"),
    ("no_mercy+wd4_wilds_block", "`wd4_wilds_block` in No Mercy", "play at any time"),
    ("no_mercy+revive", "`revive` in No Mercy", "a last card has no effect"),
]


@pytest.mark.parametrize(("preset", "row", "message"), REFUSALS)
def test_refusals_name_the_reason(preset: str, row: str, message: str) -> None:
    with pytest.raises(uv.OptionConflict, match=message):
        uv.new_game(preset, 4, 0)
    assert f"| {row} |" in DOC.read_text(), f"docs/rules/options.md does not list {row}"


def test_every_refusal_in_the_document_is_tested() -> None:
    text = DOC.read_text().split("## Refused combinations")[1]
    rows = [line.split("|")[1].strip() for line in text.splitlines() if line.startswith("| `")]
    assert sorted(rows) == sorted({row for _, row, _ in REFUSALS})


def test_what_a_variant_refuses_whatever_else_is_set_is_never_offered() -> None:
    """The rows of an option in a variant (``in Attack``, ``outside Blast``) are refused
    whatever else is set: no listing of that variant's options offers them
    (``Variant.offered``). The others need another option, and stay offered."""
    attack = uv.get_variant("attack")
    in_attack = {row.split("`")[1] for _, row, _ in REFUSALS if row.endswith(" in Attack")}
    assert len(in_attack) == 7 and in_attack <= set(attack.specs)
    assert not in_attack & set(attack.offered)
    for name in ("classic", "minecraft", "attack", "full_spectrum"):
        assert uv.get_variant(name).offered["stacking"].choices == ("off", "same", "progressive")
    assert {"revive", "seven_zero", "zero_discard_color", "friendly_count"} <= set(
        uv.get_variant("classic").offered
    )


@pytest.mark.parametrize(
    "preset",
    [
        "minecraft+stacking=progressive+revive+draw_until_playable+seven_zero+jump_in"
        "+play_duplicates+downpour+bar_special+boomerang+friendly_swap",
        "minecraft+zero_chooses_direction+wd4_wilds_block=false",
        "minecraft+zero_discard_color",
        "attack+stacking=same+revive+jump_in+play_duplicates+bar_special+boomerang"
        "+friendly_swap+friendly_count=2+false_uno_penalty=2",
        "attack+stacking=progressive",
    ],
)
def test_the_house_rules_that_fit_a_variant_are_accepted(preset: str) -> None:
    game = uv.new_game(preset, 4, 0)
    assert game.rules.variant.name == preset.split("+")[0]


@pytest.mark.parametrize(
    "preset",
    [
        "classic+stacking=same",
        "classic+stacking=progressive+revive",
        "classic+stacking=same+revive+draw_ends_turn+false_uno_penalty=2",
    ],
)
def test_compatible_presets_compose(preset: str) -> None:
    assert uv.new_game(preset, 4, 0).rules.stacking
