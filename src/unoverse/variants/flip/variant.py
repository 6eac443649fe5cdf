"""UNO Flip (Mattel 2019, RULES.md §8): 112 double-sided cards and a table that turns over.

Data: the deck with the canonical pairing (``deck``, FL-1), the effects of both sides'
cards (§8.7; the Flip is the variant's own, ``flip_card``), the dark side's colours (FL-10),
the options of §8 and the house rules that fit (§8.12). Hook: the first-card table of §8.5,
with a first Flip (FL-11).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ...core import effects as fx
from ...core.bot_settings import BotSettings
from ...core.cards import CARD_KIND, KIND_INDEX, NO_COLOR, color
from ...core.game import Game, Phase
from ...core.landing import Landing
from ...core.options import Options, OptionSpec
from ...core.setup import reinsert_starter, turn_starter
from ...core.variant import DeckRow, EngineSettings, QuickStart, Variant
from ...i18n import N_
from ..classic import apply_starter
from ..common import (
    CHALLENGE_ELIMINATION,
    DEALER_SELECTION,
    DRAW_ENDS_TURN,
    FALSE_UNO_PENALTY,
    PERMISSIVE_ILLEGAL_PLAYS,
    TARGET_SCORE,
    TWO_PLAYER_RULES,
    check_challenge_elimination,
    scoring,
    wd4_wilds_block,
)
from ..house import HOUSE_OPTIONS, HOUSE_REFUSED, check_house_conflicts
from .deck import DECK_CANONICAL
from .flip_card import FLIP, flip, turn_table

#: The Flip card's kind: one kind for both sides' Flips.
FLIP_KIND = KIND_INDEX["F"]

FLIP_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "flip.first_flip", "choice", "apply",
        "a Flip as the first card: applied as the dealer's (the table turns), ignored, or "
        "returned like a Wild Draw Two (FL-11)",
        choices=("apply", "ignore", "redraw"),
    ),
    OptionSpec(
        "flip.surfaced_wild_color", "choice", "next_player",
        "who names the colour of a wild surfacing after a Flip: the next player, or the "
        "Flip's player (FL-8)",
        choices=("next_player", "flip_player"),
    ),
    OptionSpec(
        "flip.see_own_backs", "bool", False,
        "a player sees the backs of its own cards (else only those it drew or held through a "
        "Flip, FL-3)",
    ),
    OptionSpec(
        "flip.observer_tracking", "choice", "multiset",
        "what a player knows of another's hand: the faces it shows (multiset), or each card "
        "by id once held through a Flip (by_card, FL-5)",
        choices=("multiset", "by_card"),
    ),
    OptionSpec(
        "flip.last_flip_flips", "bool", False,
        "a Flip played as the last card turns the table before the round is scored (FL-12)",
    ),
    DEALER_SELECTION,
    DRAW_ENDS_TURN,
    wd4_wilds_block(False, "C-7, for the Wild Draw Two and the Wild Draw Color (§8.9)"),
    FALSE_UNO_PENALTY,
    PERMISSIVE_ILLEGAL_PLAYS,
    TWO_PLAYER_RULES,
    scoring("winner_takes"),
    TARGET_SCORE,
    CHALLENGE_ELIMINATION,
    *HOUSE_OPTIONS,
)  # fmt: skip

#: What Flip refuses (§8.12, H-5): the house rules of 0s (its deck has none) and those that
#: add cards, which would have no second face.
REFUSED = {
    **HOUSE_REFUSED,
    "seven_zero": N_("reason.conflict.two_faced.seven_zero"),
    "zero_chooses_direction": N_("reason.conflict.two_faced.zero_chooses_direction"),
    "zero_discard_color": N_("reason.conflict.two_faced.zero_discard_color"),
    "downpour": N_("reason.conflict.two_faced.downpour"),
    "bar_special": N_("reason.conflict.two_faced.bar_special"),
    "boomerang": N_("reason.conflict.two_faced.boomerang"),
    "friendly_swap": N_("reason.conflict.two_faced.friendly_swap"),
    "friendly_count": N_("reason.conflict.two_faced.friendly_count"),
}


class Flip(Variant):
    """UNO Flip."""

    dark_colors = tuple(color(c) for c in "PTOV")
    refused = REFUSED
    landings: ClassVar[Mapping[int, Landing]] = {FLIP: flip}

    def deck_table(self, options: Options) -> tuple[DeckRow, ...]:
        """RULES.md §8.2 with the canonical pairing of §8.3."""
        return DECK_CANONICAL

    def effects(self, options: Options) -> Mapping[str, tuple[int, int]]:
        """RULES.md §8.7, both sides (a stacked draw adds its number, §8.12)."""
        return {
            "+1": (fx.DRAW, 1),
            "S": (fx.SKIP, 0),
            "R": (fx.REVERSE, 0),
            "F": (FLIP, 0),
            "W": (fx.WILD, 0),
            "W+2": (fx.WILD_DRAW, 2),
            "+5": (fx.DRAW, 5),
            "SA": (fx.SKIP_ALL, 0),
            "WDC": (fx.WILD_DRAW_COLOR, 0),
        }

    def engine_settings(self, options: Options) -> EngineSettings:
        """A Flip is laid alone (§8.12) and, under ``flip.last_flip_flips``, lands as the
        last card (FL-12); a player does not see its own backs (FL-3) unless
        ``flip.see_own_backs``."""
        last = frozenset({FLIP_KIND}) if options["flip.last_flip_flips"] else frozenset()
        return {
            "alone": frozenset({FLIP_KIND}),
            "lands_last": last,
            "hidden_backs": not options["flip.see_own_backs"],
        }

    def check_conflicts(self, options: Options) -> None:
        """Challenge UNO's scoring and the house rules' own conflicts (H-5)."""
        check_challenge_elimination(options)
        check_house_conflicts(options)

    def start(self, game: Game) -> None:
        """The first-card table of RULES.md §8.5: a Wild Draw Two goes back into the draw
        pile at a random position; a Flip is applied, ignored or returned
        (``flip.first_flip``, FL-11); every other card as Classic's current table."""
        events = game.setup_events
        mode = game.rules.options.text("flip.first_flip")
        while True:
            c = turn_starter(game, events)
            eff = game.rules.effect[CARD_KIND[c]]
            if eff == fx.WILD_DRAW or (eff == FLIP and mode == "redraw"):
                reinsert_starter(game, events)
                continue
            break
        if eff != FLIP or mode == "ignore":
            apply_starter(game, c, "mattel_current")
            return
        # as if the dealer had played it: the table turns, its own other face is on top
        turn_table(game, -1, events)
        game.turn = game.left_of(game.dealer)
        if game.color == NO_COLOR:  # a surfaced wild: left(d) names the colour (FL-8)
            game.phase = Phase.COLOR
            game.color_next = game.turn


FLIP_GAME = Flip(
    name="flip",
    title="UNO Flip (Mattel 2019, two-sided cards)",
    aliases=("uno_flip",),
    option_specs=FLIP_OPTIONS,
    bots=BotSettings(ismcts_iterations=500),
    quick_starts=(QuickStart("flip", "flip"),),
)
