"""The house rules of RULES.md §1.8 as named options shared by the variants, and their
conflicts (H-5).

Each option is off by default. A variant declares them all, refuses (``Variant.refused``)
``HOUSE_REFUSED`` and those its deck or turn gives no meaning, and calls
``check_house_conflicts``; every refusal says why, and docs/rules/options.md lists them all.
"""

from __future__ import annotations

from ..core import effects as fx
from ..core.options import Options, OptionSpec
from ..core.variant import DeckRow, conflict
from ..i18n import N_

HOUSE_OPTIONS = (
    OptionSpec(
        "stacking", "choice", "off",
        "answer a draw card with a draw card: same kind, or any draw card (progressive)",
        choices=("off", "same", "progressive", "blast_ge"),
    ),
    OptionSpec(
        "draw_until_playable", "bool", False,
        "a seat that draws because it cannot play keeps drawing until the card is playable",
    ),
    OptionSpec(
        "seven_zero", "bool", False,
        "a 0 passes every hand to the next seat; a 7 may swap hands with a chosen seat",
    ),
    OptionSpec(
        "zero_chooses_direction", "bool", False,
        "a 0's player chooses the direction; the next seat draws 1 and keeps its turn",
    ),
    OptionSpec(
        "jump_in", "bool", False,
        "any seat may play a card identical to the top card out of turn, cancelling its effect",
    ),
    OptionSpec(
        "play_duplicates", "bool", False,
        "play 2 or more cards of the same number or symbol at once; their effects add up",
    ),
    OptionSpec(
        "zero_discard_color", "bool", False,
        "a 0 of the active colour may be played with every other card of that colour",
    ),
    OptionSpec(
        "downpour", "bool", False,
        "2 Wild Draw Four become Wild Downpour 1 and 2: every other seat draws 1 / 2",
    ),
    OptionSpec(
        "bar_special", "bool", False,
        "add 2 Bar special cards: every other seat draws 2, the colour stays",
    ),
    OptionSpec(
        "boomerang", "bool", False,
        "add 2 Boomerang wilds: reverse, or send a draw attack back to its player",
    ),
    OptionSpec(
        "friendly_swap", "bool", False, "add Friendly wilds: swap hands with a chosen seat"
    ),
    OptionSpec(
        "friendly_count", "int", 1, "how many Friendly cards friendly_swap adds", minimum=1,
        maximum=20,
    ),
    OptionSpec(
        "revive", "bool", False,
        "a seat that said UNO and went out on a draw card is revived if the chain is answered",
    ),
)  # fmt: skip


#: What every variant with the house options refuses (``Variant.refused``): UNO Blast's
#: stacking, a value of ``stacking`` in RULES.md §1.8 that only Blast, with its own options,
#: accepts.
HOUSE_REFUSED = {"stacking=blast_ge": N_("reason.conflict.blast_ge")}


def check_house_conflicts(options: Options) -> None:
    """Refuse house-rule combinations that cannot mean anything (RULES.md §1.8, H-5)."""
    zeros = [
        n for n in ("seven_zero", "zero_chooses_direction", "zero_discard_color") if options[n]
    ]
    if len(zeros) > 1:
        some, last = ", ".join(zeros[:-1]), zeros[-1]
        raise conflict(N_("reason.conflict.zeros"), some=some, last=last)
    if options["revive"] and options["stacking"] == "off":
        raise conflict(N_("reason.conflict.revive"))
    if options["friendly_count"] != 1 and not options["friendly_swap"]:
        raise conflict(N_("reason.conflict.friendly_count"))


def house_effects(options: Options) -> dict[str, tuple[int, int]]:
    """The house rules' effects: the cards they add, and what they make of 0 and 7."""
    effects = dict(HOUSE_EFFECTS)
    if options["seven_zero"]:
        effects["0"] = (fx.ROTATE_HANDS, 0)
        effects["7"] = (fx.SEVEN_SWAP, 0)
    if options["zero_chooses_direction"]:
        effects["0"] = (fx.ZERO_DIRECTION, 1)
    return effects


def house_cards(options: Options) -> tuple[DeckRow, ...]:
    """The cards the house rules add (wilds, 50 points each, RULES.md §1.8)."""
    rows = []
    if options["downpour"]:
        rows += [DeckRow(("WD1",), 1, 50), DeckRow(("WD2",), 1, 50)]
    if options["bar_special"]:
        rows.append(DeckRow(("WBS",), 2, 50))
    if options["boomerang"]:
        rows.append(DeckRow(("WBO",), 2, 50))
    if options["friendly_swap"]:
        rows.append(DeckRow(("WF",), int(options["friendly_count"] or 1), 50))
    return tuple(rows)


#: What the house cards do (kind code -> effect, amount).
HOUSE_EFFECTS = {
    "WD1": (fx.ALL_DRAW, 1),
    "WD2": (fx.ALL_DRAW, 2),
    "WBS": (fx.ALL_DRAW_KEEP, 2),
    "WBO": (fx.BOOMERANG, 0),
    "WF": (fx.SWAP_HANDS, 0),
}
