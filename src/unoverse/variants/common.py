"""Options shared by several variants (RULES.md §6: one canonical name per rule), and the
checks that go with them. Each variant lists the ones it accepts, with its own defaults."""

from __future__ import annotations

from ..core.options import Options, OptionSpec
from ..core.variant import conflict
from ..i18n import N_

DEALER_SELECTION = OptionSpec(
    "dealer_selection", "choice", "highest_card",
    "highest card deals (ties redraw, C-1), or a seeded random seat",
    choices=("highest_card", "random"),
)  # fmt: skip
DRAW_ENDS_TURN = OptionSpec(
    "draw_ends_turn", "bool", False, "a voluntary draw ends the turn (C-11)"
)
FALSE_UNO_PENALTY = OptionSpec(
    "false_uno_penalty", "int", 0, "cards drawn for a false UNO call (0: false calls refused)"
)
PERMISSIVE_ILLEGAL_PLAYS = OptionSpec(
    "permissive_illegal_plays", "bool", False,
    "accept non-matching plays; others may catch_illegal them (§1.5)",
)  # fmt: skip
TWO_PLAYER_RULES = OptionSpec(
    "two_player_rules", "bool", True, "with 2 active seats Reverse acts as Skip (P7)"
)
TARGET_SCORE = OptionSpec("target_score", "int", 500, "points that end a match", minimum=1)
CHALLENGE_ELIMINATION = OptionSpec(
    "challenge_elimination", "optional_int", None,
    "Challenge UNO: eliminate a seat at this leftover total (§1.6)", minimum=1,
)  # fmt: skip


def wd4_wilds_block(default: bool, why: str) -> OptionSpec:
    """``wd4_wilds_block`` with a variant's default (Classic C-7, Minecraft M-4)."""
    return OptionSpec(
        "wd4_wilds_block", "bool", default,
        f"holding another wild makes a Wild Draw Four illegal ({why})",
    )  # fmt: skip


def scoring(default: str) -> OptionSpec:
    """``scoring`` with a variant's default (P6)."""
    return OptionSpec(
        "scoring", "choice", default, "match scoring (P6; none: single-round win)",
        choices=("winner_takes", "lowest_total", "none"),
    )  # fmt: skip


def check_challenge_elimination(options: Options) -> None:
    """Challenge UNO counts each seat's own leftovers: it needs ``lowest_total``."""
    if options["challenge_elimination"] is not None and options["scoring"] != "lowest_total":
        raise conflict(N_("reason.conflict.challenge_elimination"))
