"""UNO Show 'Em No Mercy (Mattel 2023, RULES.md §9): the variant's data and hooks.

Data: the decks of NM-0 (``deck``), the card effects of §9.7 (the 7 swaps with a seat of
the player's choice, mandatorily, NM-18; the 0 passes every hand on, NM-19; the Roulette is
the variant's own, ``roulette``), the options of §9 and the house rules that fit (§9.14).
Engine settings (§9.3): the chain of ``stacking=blast_ge`` with the +2, +4, Wild Reverse
Draw 4, +6 and +10 (NM-5, NM-6), no voluntary draw (NM-4), the Mercy rule as
``elimination`` (NM-12, NM-13), UNO on any path (NM-16), the Wild Reverse Draw 4's self
target with two seats (NM-8), no effect for a going-out card (NM-15) and 250 points a
knockout (NM-25). Hook: the first card, a number; the action cards turned before it stay
buried (NM-3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ...core import effects as fx
from ...core.bot_settings import BotSettings
from ...core.cards import CARD_COLOR, CARD_KIND, CARD_NUMBER, KIND_INDEX
from ...core.game import Game
from ...core.landing import Landing, Named
from ...core.options import Options, OptionSpec
from ...core.setup import start_on_number, turn_starter
from ...core.variant import DeckRow, EngineSettings, QuickStart, Variant, conflict
from ...i18n import N_
from ..common import (
    DEALER_SELECTION,
    FALSE_UNO_PENALTY,
    PERMISSIVE_ILLEGAL_PLAYS,
    wd4_wilds_block,
)
from ..house import HOUSE_OPTIONS, house_cards
from .deck import DECKS
from .roulette import ROULETTE, ROULETTE_PLAYER, named, roulette, roulette_player

#: The Draw Cards of §9.6, which start and answer a chain by value (NM-5, NM-6).
STACKABLE = frozenset(KIND_INDEX[k] for k in ("+2", "+4", "WR4", "W+6", "W+10"))

#: What the cards do (§9.7), kind code -> (effect, amount); the Roulette is added by option.
EFFECTS: dict[str, tuple[int, int]] = {
    "0": (fx.ROTATE_HANDS, 0),  # 0's Pass (NM-19)
    "7": (fx.SWAP_HANDS, 0),  # 7's Swap: a seat must be named (NM-18)
    "S": (fx.SKIP, 0),
    "R": (fx.REVERSE, 0),
    "+2": (fx.DRAW, 2),
    "+4": (fx.DRAW, 4),
    "SA": (fx.SKIP_ALL, 0),
    "DA": (fx.DISCARD_ALL, 0),
    "WR4": (fx.REVERSE_DRAW, 4),
    "W+6": (fx.WILD_PENALTY, 6),
    "W+10": (fx.WILD_PENALTY, 10),
    "W": (fx.WILD, 0),  # only in om_168
    # the house cards offered (§9.14)
    "WBO": (fx.BOOMERANG, 0),
    "WF": (fx.SWAP_HANDS, 0),
}

#: The house rules of §1.8 but the two built in (declared below with their one value): those
#: §9.14 offers, off by default, and those it refuses (``REFUSED``).
HOUSE = tuple(s for s in HOUSE_OPTIONS if s.name not in ("stacking", "draw_until_playable"))

#: What No Mercy refuses (§9.14, H-5): the Seven-0 it plays always, the house rules that
#: redefine its 0, those of cards its deck has not, and a revival its going out forbids.
REFUSED = {
    "seven_zero": N_("reason.conflict.no_mercy.seven_zero"),
    "zero_chooses_direction": N_("reason.conflict.no_mercy.zero_chooses_direction"),
    "zero_discard_color": N_("reason.conflict.no_mercy.zero_discard_color"),
    "downpour": N_("reason.conflict.no_mercy.downpour"),
    "bar_special": N_("reason.conflict.no_mercy.bar_special"),
    "wd4_wilds_block": N_("reason.conflict.no_mercy.wd4_wilds_block"),
    "revive": N_("reason.conflict.no_mercy.revive"),
}

NO_MERCY_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "no_mercy.deck", "choice", "fw_168",
        "the 168-card breakdown: fan wiki's (36 per colour, 24 wilds), 38 per colour with "
        "16 wilds, or 37 per colour with 20 wilds incl. 4 plain Wilds (NM-0)",
        choices=tuple(DECKS),
    ),
    OptionSpec(
        "no_mercy.ignored_first_card", "choice", "bury",
        "action cards turned before the first number stay buried in the discard pile, or "
        "go back into the draw pile (NM-3)",
        choices=("bury", "return"),
    ),
    OptionSpec(
        "no_mercy.voluntary_draw", "bool", False,
        "a player holding a legal card may draw instead of playing (NM-4)",
    ),
    OptionSpec(
        "no_mercy.last_card_effect", "choice", "none",
        "a going-out card has no effect, or a last Draw Card's chain is still taken (NM-15)",
        choices=("none", "resolve_draws"),
    ),
    OptionSpec(
        "no_mercy.uno_any_path", "bool", True,
        "a hand left at one card by a 7's Swap or a 0's Pass owes UNO too (NM-16)",
    ),
    OptionSpec(
        "no_mercy.wr4_two_player", "choice", "self",
        "with two players a Wild Reverse Draw 4 targets its own player, or the opponent (NM-8)",
        choices=("self", "opponent"),
    ),
    OptionSpec(
        "no_mercy.roulette_color", "choice", "victim",
        "who names the Wild Color Roulette's colour: its victim, or its player (NM-11)",
        choices=("victim", "player"),
    ),
    OptionSpec(
        "no_mercy.mercy_threshold", "int", 25,
        "a hand of this many cards is knocked out (NM-12)", minimum=2,
    ),
    OptionSpec("no_mercy.mercy", "bool", True, "the Mercy rule knocks players out (NM-12)"),
    OptionSpec(
        "stacking", "choice", "blast_ge",
        "built in: a Draw Card worth at least the last one answers a chain (§9.6)",
        choices=("blast_ge",),
    ),
    OptionSpec(
        "draw_until_playable", "bool", True,
        "built in: a player with no legal card draws until one plays, and plays it (§9.5)",
    ),
    DEALER_SELECTION,
    FALSE_UNO_PENALTY,
    PERMISSIVE_ILLEGAL_PLAYS,
    OptionSpec(
        "scoring", "choice", "none",
        "none: one hand; winner_takes: the winner scores the others' cards and 250 a "
        "knockout, to target_score (NM-25)",
        choices=("none", "winner_takes"),
    ),
    OptionSpec("target_score", "int", 1000, "points that end a match (NM-25)", minimum=1),
    wd4_wilds_block(False, "refused: No Mercy has no plain Wild Draw Four (§9.14)"),
    *HOUSE,
)  # fmt: skip


class NoMercy(Variant):
    """UNO Show 'Em No Mercy."""

    refused = REFUSED

    landings: ClassVar[Mapping[int, Landing]] = {
        ROULETTE: roulette,
        ROULETTE_PLAYER: roulette_player,
    }
    named: ClassVar[Mapping[int, Named]] = {ROULETTE: named}

    def deck_table(self, options: Options) -> tuple[DeckRow, ...]:
        """The deck chosen by ``no_mercy.deck`` (NM-0), with the house cards asked for."""
        return DECKS[options.text("no_mercy.deck")] + house_cards(_house(options))

    def effects(self, options: Options) -> Mapping[str, tuple[int, int]]:
        """RULES.md §9.7; the Roulette's as ``no_mercy.roulette_color`` says (NM-11)."""
        victim = options.text("no_mercy.roulette_color") == "victim"
        return {**EFFECTS, "WCR": (ROULETTE if victim else ROULETTE_PLAYER, 0)}

    def engine_settings(self, options: Options) -> EngineSettings:
        """§9.3's mechanisms, set from the options."""
        mercy = int(options["no_mercy.mercy_threshold"] or 25) if options["no_mercy.mercy"] else 0
        return {
            "must_play": not options["no_mercy.voluntary_draw"],
            "decline_draws_until": bool(options["no_mercy.voluntary_draw"]),
            "elimination": mercy,
            "stackable": STACKABLE,
            "uno_any_path": bool(options["no_mercy.uno_any_path"]),
            "reverse_draw_self": options.text("no_mercy.wr4_two_player") == "self",
            "last_draws": options.text("no_mercy.last_card_effect") == "resolve_draws",
            "knockout_points": 250,
            "jump_on_pending": False,
        }

    def check_conflicts(self, options: Options) -> None:
        """``friendly_count`` counts Friendly cards: it needs ``friendly_swap`` (H-5)."""
        if options["friendly_count"] != 1 and not options["friendly_swap"]:
            raise conflict(N_("reason.conflict.friendly_count"))

    def start(self, game: Game) -> None:
        """RULES.md §9.4: turn cards until a number; every action card turned before it is
        ignored — buried in the discard pile (NM-3) or, with ``ignored_first_card =
        "return"``, put back at a random position. Left of the dealer starts."""
        if game.rules.options.text("no_mercy.ignored_first_card") == "return":
            start_on_number(game)
            return
        c = turn_starter(game, game.setup_events)
        while CARD_NUMBER[c] < 0:
            c = turn_starter(game, game.setup_events)
        game.color = CARD_COLOR[c]
        game.top_kind = CARD_KIND[c]
        game.turn = game.left_of(game.dealer)


def _house(options: Options) -> Options:
    """The options ``house_cards`` reads, the house cards No Mercy does not offer off."""
    return Options(
        {
            "downpour": False,
            "bar_special": False,
            "boomerang": options["boomerang"],
            "friendly_swap": options["friendly_swap"],
            "friendly_count": options["friendly_count"],
        }
    )


NO_MERCY = NoMercy(
    name="no_mercy",
    title="UNO Show 'Em No Mercy (Mattel 2023, 168 cards, Mercy at 25)",
    aliases=("nomercy", "uno_no_mercy", "show_em_no_mercy"),
    option_specs=NO_MERCY_OPTIONS,
    min_players=2,
    max_players=6,
    bots=BotSettings(ismcts_iterations=1000),
    quick_starts=(QuickStart("no_mercy", "no_mercy"),),
)
