"""Official Classic UNO (RULES.md §1, without the house rules of §1.8).

Data: the three Mattel decks, the card effects, the options of RULES.md §6 with their
defaults. Hooks: the first-card table of §1.2 in its three versions, and the option
conflicts.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core import effects as fx
from ..core import events as ev
from ..core.bot_settings import BotSettings
from ..core.cards import CARD_COLOR, CARD_IS_WILD, CARD_KIND, WILD
from ..core.events import Event
from ..core.game import Game, Phase
from ..core.options import Options, OptionSpec
from ..core.setup import return_starter, turn_starter
from ..core.variant import DeckRow, QuickStart, Variant, conflict
from ..i18n import N_
from .common import (
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
from .house import HOUSE_OPTIONS, HOUSE_REFUSED, check_house_conflicts, house_cards, house_effects

_NUMBERS = tuple(f"{c}{n}" for c in "RYGB" for n in range(1, 10))
_ZEROS = ("R0", "Y0", "G0", "B0")
_ACTIONS = tuple(f"{c}{k}" for c in "RYGB" for k in ("S", "R", "+2"))

#: The classic deck of RULES.md §1.1: 108 cards (S1).
DECK_108 = (
    DeckRow(_ZEROS, 1, 0),
    *[DeckRow(tuple(f"{c}{n}" for c in "RYGB"), 2, n) for n in range(1, 10)],
    DeckRow(_ACTIONS, 2, 20),
    DeckRow(("W",), 4, 50),
    DeckRow(("W+4",), 4, 50),
)
#: ``downpour`` replaces two Wild Draw Four (RULES.md §1.8).
DECK_108_DOWNPOUR = (*DECK_108[:-1], DeckRow(("W+4",), 2, 50))
#: Older sheet (S2): 108 + 4 blank cards, 50 points each (the seed's value).
EXTRA_112_BLANK = (DeckRow(("WBK",), 4, 50),)
#: 2018+ deck (S6): 108 + 1 Wild Shuffle Hands + 3 Wild Customizable, 40 points each.
EXTRA_112_MODERN = (DeckRow(("WSH",), 1, 40), DeckRow(("WCU",), 3, 40))

#: What the 108 cards do (RULES.md §1.4), kind code -> (effect, amount); Minecraft's too.
EFFECTS_108: dict[str, tuple[int, int]] = {
    "S": (fx.SKIP, 0),
    "R": (fx.REVERSE, 0),
    "+2": (fx.DRAW, 2),
    "W": (fx.WILD, 0),
    "W+4": (fx.WILD_DRAW, 4),
}

CLASSIC_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "classic.deck", "choice", "108", "108 cards, or 112 with blanks or modern wilds (C-0)",
        choices=("108", "112_blank", "112_modern"),
    ),
    OptionSpec(
        "classic.blank_mode", "choice", "plain_wild",
        "blank cards of 112_blank: a plain Wild, or a copy of the top card",
        choices=("plain_wild", "copy_top"),
    ),
    OptionSpec(
        "classic.first_card", "choice", "mattel_current",
        "first-card table: current Mattel sheet, older sheet, or the seed's reading (C-6)",
        choices=("mattel_current", "mattel_old", "seed_as_dealer"),
    ),
    DEALER_SELECTION,
    DRAW_ENDS_TURN,
    wd4_wilds_block(False, "C-7"),
    FALSE_UNO_PENALTY,
    PERMISSIVE_ILLEGAL_PLAYS,
    TWO_PLAYER_RULES,
    scoring("winner_takes"),
    TARGET_SCORE,
    CHALLENGE_ELIMINATION,
)  # fmt: skip


CLASSIC_OPTIONS += HOUSE_OPTIONS


class Classic(Variant):
    """Official Classic UNO."""

    refused = HOUSE_REFUSED

    def deck_table(self, options: Options) -> tuple[DeckRow, ...]:
        """The deck chosen by ``classic.deck``."""
        deck = options.text("classic.deck")
        base = DECK_108_DOWNPOUR if options["downpour"] else DECK_108
        if deck == "112_blank":
            base += EXTRA_112_BLANK
        elif deck == "112_modern":
            base += EXTRA_112_MODERN
        return base + house_cards(options)

    def effects(self, options: Options) -> Mapping[str, tuple[int, int]]:
        """RULES.md §1.4."""
        blank = fx.COPY_TOP if options.text("classic.blank_mode") == "copy_top" else fx.WILD
        return {
            **EFFECTS_108,
            "WBK": (blank, 0),
            "WSH": (fx.SHUFFLE_HANDS, 0),
            "WCU": (fx.WILD, 0),
            **house_effects(options),
        }

    def check_conflicts(self, options: Options) -> None:
        """Refuse combinations that cannot mean anything (H-5)."""
        if options["classic.blank_mode"] != "plain_wild" and options["classic.deck"] != "112_blank":
            raise conflict(N_("reason.conflict.blank_mode"))
        check_challenge_elimination(options)
        check_house_conflicts(options)

    def start(self, game: Game) -> None:
        """The first-card table of RULES.md §1.2 (``classic.first_card``)."""
        first_card_table(game, game.rules.options.text("classic.first_card"))


def first_card_table(game: Game, mode: str) -> None:
    """Turn the first card and apply the first-card table of RULES.md §1.2 in ``mode``
    (``mattel_current``, ``mattel_old`` or ``seed_as_dealer``). Every wild the table does not
    return is a plain Wild (C-2, U-H-8)."""
    events = game.setup_events
    while True:
        c = turn_starter(game, events)
        eff = game.rules.effect[CARD_KIND[c]]
        if eff == fx.WILD_DRAW or (CARD_IS_WILD[c] and mode == "mattel_old"):
            return_starter(game, events)
            continue
        break
    apply_starter(game, c, mode)


def apply_starter(game: Game, c: int, mode: str) -> None:
    """Apply the first-card table of RULES.md §1.2 in ``mode`` to the starter ``c``, turned
    and kept (RULES.md §8.5 reuses it for every card it shares)."""
    events = game.setup_events
    d = game.dealer
    eff = game.rules.effect[CARD_KIND[c]]
    if CARD_IS_WILD[c]:
        # Every other wild starter is a plain Wild: no hand effect before a play (C-2).
        game.top_kind = WILD
        game.phase = Phase.COLOR
        game.turn = d if mode == "seed_as_dealer" else game.left_of(d)
        game.color_next = game.left_of(d)
        return

    game.color = CARD_COLOR[c]
    game.top_kind = CARD_KIND[c]
    first = game.left_of(d)
    if eff == fx.SKIP:
        events.append(Event(ev.SKIP, first))
        game.turn = game.left_of(first)
    elif eff == fx.SKIP_ALL:  # as if the dealer had played it: the dealer plays (FS-2)
        s = first
        while s != d:
            events.append(Event(ev.SKIP, s))
            s = game.left_of(s)
        game.turn = d
    elif eff == fx.REVERSE:
        game.direction = -1
        events.append(Event(ev.REVERSE, None, direction=-1))
        game.turn = d if mode == "mattel_current" else game.right_of(d)
    elif eff == fx.DRAW:
        game.turn = first
        game.phase = Phase.PENALTY
        game.pen_amount = game.rules.amount[CARD_KIND[c]]
        game.pen_chain = 1
        game.pen_source = -1
    else:
        game.turn = first


CLASSIC = Classic(
    name="classic",
    title="Classic UNO (official Mattel rules)",
    aliases=("uno",),
    option_specs=CLASSIC_OPTIONS,
    bots=BotSettings(ismcts_iterations=900),
    quick_starts=(
        QuickStart("classic", "classic"),
        QuickStart("classic+stacking=progressive+seven_zero", "house"),
        QuickStart("classic+jump_in", "jump_in"),
    ),
)
