"""Every variant the engine lists has its part of the conformance suite: presets in the
playout matrix, a P1 oracle and mutation games (``_variants.check_covered``); and the check
fails for a variant without them."""

from __future__ import annotations

import pytest

import unoverse as uv
from unoverse.core.variant import Variant

from ._playout import PRESETS, VARIANT_CHECKS, printed_legal
from ._variants import VariantChecks, check_covered

#: A variant the engine does not list, described like any other.
FAKE = Variant(
    name="fake", title="A variant with no conformance checks", aliases=("fk",), option_specs=()
)


@pytest.mark.parametrize("variant", uv.variants(), ids=lambda v: v.name)
def test_every_listed_variant_has_presets_an_oracle_and_mutation_games(variant: Variant) -> None:
    check_covered(variant, VARIANT_CHECKS)
    for preset in VARIANT_CHECKS[variant.name].presets:
        assert preset in PRESETS, f"{preset} is not in the playout matrix"


def test_the_checks_belong_to_listed_variants() -> None:
    """No checks for a variant the engine no longer lists (they would never run)."""
    assert set(VARIANT_CHECKS) == {v.name for v in uv.variants()}


@pytest.mark.parametrize(
    ("checks", "message"),
    [
        ({}, "variant fake: no entry in VARIANT_CHECKS"),
        ({"fake": VariantChecks()}, "no presets; no P1 oracle; no mutation games"),
        (
            {
                "fake": VariantChecks(
                    presets=("fk+jump_in",), mutation_games=(("fake", 2, 1, "bots"),)
                )
            },
            "variant fake: no P1 oracle$",
        ),
        (
            {"fake": VariantChecks(legal=printed_legal, mutation_games=(("fake", 2, 1, "bots"),))},
            "variant fake: no presets$",
        ),
        (
            {"fake": VariantChecks(presets=("fake",), legal=printed_legal)},
            "variant fake: no mutation games$",
        ),
        (
            {
                "fake": VariantChecks(
                    presets=("fake", "classic+jump_in"),
                    legal=printed_legal,
                    mutation_games=(("classic", 2, 1, "bots"),),
                )
            },
            r"presets of other variants: \['classic\+jump_in'\]; mutation games of other",
        ),
    ],
    ids=["no_entry", "empty", "no_oracle", "no_presets", "no_mutation_games", "foreign"],
)
def test_a_variant_without_its_checks_fails(checks: dict[str, VariantChecks], message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        check_covered(FAKE, checks)


def test_a_variant_with_its_checks_passes() -> None:
    """The same fake variant, given all three (under its name and alias), passes."""
    checks = VariantChecks(
        presets=("fake", "fk+jump_in"), legal=printed_legal, mutation_games=(("fk", 2, 1, "bots"),)
    )
    check_covered(FAKE, {"fake": checks})
