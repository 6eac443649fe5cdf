"""UNO Attack (Mattel 1998, RULES.md §3): a card launcher replaces the draw pile.

Data: the 1998 deck (112 cards, no 0), the card effects (Hit 2, Discard All, Trade Hands,
Wild All Hit, Wild Hit-Fire), the launcher mode (``unoverse.core.launcher``; every draw of
N cards becomes N presses, so the UNO penalty is two presses), the options of RULES.md §3
and the house rules, refusing (``REFUSED``) those that do not fit a deck without 0s or Wild
Draw Fours whose draws are presses. Hook: the first-card table of §3.2.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core import effects as fx
from ..core import events as ev
from ..core.bot_settings import BotSettings
from ..core.cards import CARD_COLOR, CARD_IS_WILD, CARD_KIND, KIND_INDEX
from ..core.events import Event
from ..core.game import Game, Phase
from ..core.landing import all_draw
from ..core.launcher import MODES
from ..core.options import Options, OptionSpec
from ..core.setup import reinsert_starter, turn_starter
from ..core.variant import DeckRow, EngineSettings, QuickStart, Variant
from ..i18n import N_
from .common import (
    CHALLENGE_ELIMINATION,
    DEALER_SELECTION,
    FALSE_UNO_PENALTY,
    PERMISSIVE_ILLEGAL_PLAYS,
    TARGET_SCORE,
    TWO_PLAYER_RULES,
    check_challenge_elimination,
    scoring,
    wd4_wilds_block,
)
from .house import HOUSE_OPTIONS, HOUSE_REFUSED, check_house_conflicts, house_cards, house_effects

#: The 1998 deck of RULES.md §3.1: 112 cards, numbers 1-9 (no 0).
DECK_1998 = (
    *[DeckRow(tuple(f"{c}{n}" for c in "RYGB"), 2, n) for n in range(1, 10)],
    DeckRow(tuple(f"{c}{k}" for c in "RYGB" for k in ("H2", "R", "S")), 2, 20),
    DeckRow(tuple(f"{c}{k}" for c in "RYGB" for k in ("DA", "TH")), 1, 30),
    DeckRow(("W",), 4, 50),
    DeckRow(("WAH", "WHF"), 2, 50),
)

TRADE_HANDS = KIND_INDEX["TH"]
HIT_FIRE = KIND_INDEX["WHF"]

ATTACK_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "attack.edition", "choice", "1998", "the deck: the 1998 edition (the only one described)",
        choices=("1998",),
    ),
    OptionSpec(
        "attack.launcher", "choice", "hazard",
        "launcher model: hazard (fitted to the documented machine), pattern, bernoulli, "
        "uniform_0_10 or one_card (docs/launcher.md)",
        choices=MODES,
    ),
    OptionSpec(
        "attack.allow_renege", "bool", True,
        "a seat may press the launcher while holding a playable card (reneging, §3.3)",
    ),
    OptionSpec(
        "attack.discard_all_color", "choice", "own",
        "a Discard All discards its own colour, or the colour of the card it covers (A-3)",
        choices=("own", "covered"),
    ),
    OptionSpec(
        "attack.discard_all_optional", "bool", False,
        "a Discard All's player may keep the cards of its colour ('RDA keep', A-3)",
    ),
    OptionSpec(
        "attack.trade_hands_can_go_out", "bool", True,
        "a Trade Hands may be the last card: the round ends and nothing is traded (A-4)",
    ),
    OptionSpec(
        "attack.strict_first_color", "bool", False,
        "after a first Reverse or Skip, the first player must play that colour or press (A-7)",
    ),
    DEALER_SELECTION,
    wd4_wilds_block(False, "not in Attack: its deck has no Wild Draw Four"),
    FALSE_UNO_PENALTY,
    PERMISSIVE_ILLEGAL_PLAYS,
    TWO_PLAYER_RULES,
    scoring("winner_takes"),
    TARGET_SCORE,
    CHALLENGE_ELIMINATION,
    *HOUSE_OPTIONS,
)  # fmt: skip

#: What Attack refuses, with the reason (``Variant.refused``; RULES.md §1.8, H-5;
#: docs/rules/options.md): as every variant with the house options, ``HOUSE_REFUSED``; the
#: house rules that need a card its deck lacks or a drawn card that may be played; and
#: ``permissive_illegal_plays``.
REFUSED = {
    **HOUSE_REFUSED,
    "wd4_wilds_block": N_("reason.conflict.attack.wd4_wilds_block"),
    "downpour": N_("reason.conflict.attack.downpour"),
    "seven_zero": N_("reason.conflict.attack.seven_zero"),
    "zero_chooses_direction": N_("reason.conflict.attack.zero_chooses_direction"),
    "zero_discard_color": N_("reason.conflict.attack.zero_discard_color"),
    "draw_until_playable": N_("reason.conflict.attack.draw_until_playable"),
    "permissive_illegal_plays": N_("reason.conflict.attack.permissive_illegal_plays"),
}


class Attack(Variant):
    """UNO Attack, 1998 edition."""

    refused = REFUSED

    def deck_table(self, options: Options) -> tuple[DeckRow, ...]:
        """RULES.md §3.1, plus the cards of the house rules that fit."""
        return DECK_1998 + house_cards(options)

    def effects(self, options: Options) -> Mapping[str, tuple[int, int]]:
        """RULES.md §3.4; a draw of N cards is N presses of the launcher."""
        return {
            "S": (fx.SKIP, 0),
            "R": (fx.REVERSE, 0),
            "H2": (fx.DRAW, 2),
            "DA": (fx.DISCARD_ALL, 0),
            "TH": (fx.SWAP_HANDS, 0),
            "W": (fx.WILD, 0),
            "WAH": (fx.ALL_HIT, 1),
            "WHF": (fx.HIT_FIRE, 0),
            **house_effects(options),
        }

    def engine_settings(self, options: Options) -> EngineSettings:
        """The launcher, reneging, Discard All (A-3) and Trade Hands (A-4) options."""
        return {
            "launcher": options.text("attack.launcher"),
            "allow_renege": bool(options["attack.allow_renege"]),
            "discard_all_covered": options["attack.discard_all_color"] == "covered",
            "discard_all_optional": bool(options["attack.discard_all_optional"]),
            "no_last": (
                frozenset()
                if options["attack.trade_hands_can_go_out"]
                else frozenset({TRADE_HANDS})
            ),
        }

    def check_conflicts(self, options: Options) -> None:
        """Challenge UNO's scoring and the house rules' own conflicts (H-5; what Attack
        refuses whatever else is set is ``REFUSED``)."""
        check_challenge_elimination(options)
        check_house_conflicts(options)

    def start(self, game: Game) -> None:
        """The first-card table of RULES.md §3.2 (A-7, A-8, A-9)."""
        events = game.setup_events
        d = game.dealer
        while True:
            c = turn_starter(game, events)
            if CARD_KIND[c] != TRADE_HANDS:
                break
            reinsert_starter(game, events)  # back into the launcher at a random position
        k = CARD_KIND[c]
        eff = game.rules.effect[k]
        game.top_kind = k
        first = game.left_of(d)
        strict = bool(game.rules.options["attack.strict_first_color"])
        if CARD_IS_WILD[c]:
            if eff == fx.HIT_FIRE:
                # left(d) presses until it fires and loses the turn (its own take, E-1);
                # then the next seat declares the colour and starts
                game.turn = first
                game.phase = Phase.PENALTY
                game.pen_until = fx.PEN_FIRE
                game.pen_chain = 1
                game.pen_source = -1
                return
            if eff == fx.ALL_HIT:
                # every seat but the dealer presses once, from left(d) clockwise (S9)
                all_draw(game, d, game.rules.amount[k], events, ev.ALL_HIT)
            game.phase = Phase.COLOR  # left(d) declares the colour, then plays
            game.turn = first
            game.color_next = first
            return
        game.color = CARD_COLOR[c]
        if eff == fx.SKIP:
            events.append(Event(ev.SKIP, first))
            game.turn = game.left_of(first)
        elif eff == fx.REVERSE:
            game.direction = -1
            events.append(Event(ev.REVERSE, None, direction=-1))
            game.turn = d  # the dealer plays first (§3.2)
        elif eff == fx.DRAW:  # Hit 2: left(d) presses twice and loses the turn
            game.turn = first
            game.phase = Phase.PENALTY
            game.pen_amount = game.rules.amount[k]
            game.pen_chain = 1
            game.pen_source = -1
        else:  # a number, or a Discard All: P1 on it, wilds included
            game.turn = first
        if strict and eff in (fx.SKIP, fx.REVERSE):
            game.strict = game.color  # A-7's option: that colour only, or a press


ATTACK = Attack(
    name="attack",
    title="UNO Attack (Mattel 1998, with the card launcher)",
    aliases=("uno_attack",),
    option_specs=ATTACK_OPTIONS,
    bots=BotSettings(ismcts_iterations=500),
    quick_starts=(QuickStart("attack", "attack"),),
)
