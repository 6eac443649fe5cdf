"""The house rules of RULES.md §1.8 as named options shared by the variants, and their
conflicts (H-5).

Each option is off by default. A variant includes the options that make sense for it and
calls ``check_house_conflicts``; every refusal says why, and docs/rules/options.md lists
them all.
"""

from __future__ import annotations

from ..core.options import Options, OptionSpec
from ..core.variant import conflict

HOUSE_OPTIONS = (
    OptionSpec(
        "stacking", "choice", "off",
        "answer a draw card with a draw card: same kind, or any draw card (progressive)",
        choices=("off", "same", "progressive", "blast_ge"),
    ),
    OptionSpec(
        "revive", "bool", False,
        "a seat that said UNO and went out on a draw card is revived if the chain is answered",
    ),
)  # fmt: skip


def check_house_conflicts(variant: str, options: Options) -> None:
    """Refuse house-rule combinations that cannot mean anything (RULES.md §1.8, H-5)."""
    if options["stacking"] == "blast_ge" and variant != "blast":
        raise conflict(
            "stacking=blast_ge is UNO Blast's built-in stacking (each answer at least the last "
            f"card's value); {variant} accepts stacking=off, same or progressive"
        )
    if options["revive"] and options["stacking"] == "off":
        raise conflict("revive needs stacking: set stacking=same or stacking=progressive")
