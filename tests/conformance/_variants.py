"""What the conformance suite must hold for every variant the engine lists
(``unoverse.variants.VARIANTS``), and the check that it does.

Each variant needs presets for the playout matrix, a rule oracle (its P1 legality, written
from RULES.md, which the playouts judge every offered, accepted and refused play by) and
mutation games (the games ``test_mutations.py`` breaks its rules on, to show the checks see
it). ``_playout.VARIANT_CHECKS`` holds them by variant name; ``check_covered`` fails for a
variant without them, so a new variant cannot be listed and go unchecked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from unoverse import Game
from unoverse.core.options import split_preset
from unoverse.core.variant import Variant

#: (preset, players, seed, policy): one seeded round of the checked playout.
Run = tuple[str, int, int, str]


@dataclass(frozen=True)
class VariantChecks:
    """The conformance suite's part for one variant."""

    #: the playout matrix's presets of the variant (tests/conformance/test_playouts.py)
    presets: tuple[str, ...] = ()
    #: the variant's P1, written from RULES.md: whether a card plays on the current top
    legal: Callable[[Game, int], bool] | None = None
    #: games of the variant that test_mutations.py breaks its rules on
    mutation_games: tuple[Run, ...] = ()


def _names(variant: Variant) -> tuple[str, ...]:
    return (variant.name, *variant.aliases)


def missing(variant: Variant, table: Mapping[str, VariantChecks]) -> list[str]:
    """What the conformance suite lacks for ``variant`` (nothing: an empty list)."""
    checks = table.get(variant.name)
    if checks is None:
        return ["no entry in VARIANT_CHECKS (presets, P1 oracle, mutation games)"]
    out = []
    if not checks.presets:
        out.append("no presets")
    foreign = [p for p in checks.presets if split_preset(p)[0] not in _names(variant)]
    if foreign:
        out.append(f"presets of other variants: {foreign}")
    if checks.legal is None:
        out.append("no P1 oracle")
    if not checks.mutation_games:
        out.append("no mutation games")
    foreign = [g[0] for g in checks.mutation_games if split_preset(g[0])[0] not in _names(variant)]
    if foreign:
        out.append(f"mutation games of other variants: {foreign}")
    return out


def check_covered(variant: Variant, table: Mapping[str, VariantChecks]) -> None:
    """Fail unless ``table`` gives ``variant`` presets, a P1 oracle and mutation games."""
    lacks = missing(variant, table)
    assert not lacks, f"variant {variant.name}: " + "; ".join(lacks)
