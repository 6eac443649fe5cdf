"""UNO Minecraft (Mattel 2017, RULES.md §2): Classic's turn with a 112-card deck whose four
Wild Creepers blow up in the hand that draws them.

Data: the deck (108 + 4 Wild Creeper, 50 points each), the card effects (a played Creeper
is a plain Wild), the Creeper's draw trigger (revealed, 3 more cards, M-2), Wild Draw Four
legality where other wilds count as matching (M-4: ``wd4_wilds_block`` on), single-round
scoring by default. Hook: the first card, a number by default (M-5).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core import effects as fx
from ..core.bot_settings import BotSettings
from ..core.cards import N_CARDS, card
from ..core.game import Game
from ..core.options import Options, OptionSpec
from ..core.setup import start_on_number
from ..core.variant import DeckRow, EngineSettings, QuickStart, Variant
from .classic import DECK_108, DECK_108_DOWNPOUR, EFFECTS_108, first_card_table
from .common import (
    DEALER_SELECTION,
    DRAW_ENDS_TURN,
    FALSE_UNO_PENALTY,
    PERMISSIVE_ILLEGAL_PLAYS,
    TARGET_SCORE,
    TWO_PLAYER_RULES,
    scoring,
    wd4_wilds_block,
)
from .house import HOUSE_OPTIONS, HOUSE_REFUSED, check_house_conflicts, house_cards, house_effects

#: The Wild Creeper: a Wild in the hand; drawn from the pile, 3 more cards (RULES.md §2.4).
CREEPER = card("WC")
#: Cards a drawn Creeper makes its drawer draw at once.
CREEPER_CARDS = 3
#: The 4 Wild Creepers that make the 112-card deck (RULES.md §2.1).
CREEPERS = (DeckRow(("WC",), 4, 50),)

MINECRAFT_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "minecraft.first_card", "choice", "number_only",
        "the first card must be a number (others go back into the pile, M-5), or Classic's "
        "current Mattel table",
        choices=("number_only", "mattel_current"),
    ),
    OptionSpec(
        "minecraft.creeper_ends_turn", "bool", False,
        "a Creeper drawn as the turn's draw ends the turn instead of being playable (M-3)",
    ),
    DEALER_SELECTION,
    DRAW_ENDS_TURN,
    wd4_wilds_block(True, "M-4"),
    FALSE_UNO_PENALTY,
    PERMISSIVE_ILLEGAL_PLAYS,
    TWO_PLAYER_RULES,
    scoring("none"),
    TARGET_SCORE,
    *HOUSE_OPTIONS,
)  # fmt: skip


class Minecraft(Variant):
    """UNO Minecraft."""

    refused = HOUSE_REFUSED

    def deck_table(self, options: Options) -> tuple[DeckRow, ...]:
        """The 112 cards of RULES.md §2.1 (``downpour`` replaces two Wild Draw Four)."""
        base = DECK_108_DOWNPOUR if options["downpour"] else DECK_108
        return base + CREEPERS + house_cards(options)

    def effects(self, options: Options) -> Mapping[str, tuple[int, int]]:
        """RULES.md §2.4: Classic's effects; a played Creeper is a plain Wild."""
        return {
            **EFFECTS_108,
            "WC": (fx.WILD, 0),
            **house_effects(options),
        }

    def engine_settings(self, options: Options) -> EngineSettings:
        """The Creeper's draw trigger (M-1, M-2) and M-3's option."""
        trigger = bytearray(N_CARDS)
        trigger[CREEPER] = CREEPER_CARDS
        return {
            "draw_trigger": bytes(trigger),
            "trigger_ends_turn": bool(options["minecraft.creeper_ends_turn"]),
        }

    def check_conflicts(self, options: Options) -> None:
        """Every house rule fits Minecraft (its deck has 0s, 7s and Wild Draw Fours)."""
        check_house_conflicts(options)

    def start(self, game: Game) -> None:
        """RULES.md §2.2: ``number_only`` turns cards until a number, each other card going
        back into the draw pile at a random position (M-5; a Creeper turned here triggers
        nothing: it is not drawn); ``mattel_current`` is Classic's table, a Creeper being a
        plain Wild."""
        if game.rules.options.text("minecraft.first_card") == "mattel_current":
            first_card_table(game, "mattel_current")
            return
        start_on_number(game)


MINECRAFT = Minecraft(
    name="minecraft",
    title="UNO Minecraft (Mattel 2017)",
    aliases=(),
    option_specs=MINECRAFT_OPTIONS,
    bots=BotSettings(ismcts_iterations=850),
    quick_starts=(QuickStart("minecraft", "minecraft"),),
)
