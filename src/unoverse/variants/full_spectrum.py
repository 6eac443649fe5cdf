"""UNO Full Spectrum (a fan variant, RULES.md §4): eight colours in a circle, and a card of
the colour after the active one always plays (the chromatic step).

Data: the ``fan_112`` deck (and ``symmetric_128``), the Guide card beside the piles, the
card effects (Skip All: the same player takes another full turn; +3), the chromatic step as
P1 colour steps (``full_spectrum.wrap``, ``full_spectrum.bidirectional``), Wild Draw Four
legality on the active colour only (FS-3), single-round scoring by default (points mode:
``scoring=winner_takes``, target 500). Its three modes are the house options
``seven_zero``, ``stacking=progressive`` and ``jump_in`` (§4.9). Hook: the first card, the
current Mattel table with Skip All letting the dealer play first (FS-2).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core import effects as fx
from ..core.bot_settings import BotSettings
from ..core.cards import COLOR_LETTERS
from ..core.game import Game
from ..core.options import Options, OptionSpec
from ..core.p1 import chromatic_steps
from ..core.variant import DeckRow, EngineSettings, QuickStart, Variant
from .classic import EFFECTS_108, first_card_table
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

#: The eight colours in the chromatic order, red → orange → yellow → green → turquoise →
#: blue → purple → pink (RULES.md §4.3; the card notation's letters).
ORDER = COLOR_LETTERS
#: The six colours of the fan deck with a 0, Skip and +2; the two with Skip All and +3.
_SIX = "ROYGBV"
_TWO = "TP"


def _cards(colors: str, kinds: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f"{c}{k}" for c in colors for k in kinds)


def _deck(
    rows: tuple[tuple[str, tuple[str, ...]], ...], wild_draws: int, wilds: int
) -> tuple[DeckRow, ...]:
    """One copy of each coloured card of ``rows`` (numbers at face value, symbols 20), and
    the wilds (50)."""
    numbers = tuple(str(n) for n in range(10))
    out = []
    for colors, kinds in rows:
        for n in [k for k in kinds if k in numbers]:
            out.append(DeckRow(_cards(colors, (n,)), 1, int(n)))
        symbols = tuple(k for k in kinds if k not in numbers)
        out.append(DeckRow(_cards(colors, symbols), 1, 20))
    out += [DeckRow(("W",), wilds, 50), DeckRow(("W+4",), wild_draws, 50)]
    return tuple(out)


_DIGITS = tuple(str(n) for n in range(10))
#: ``fan_112`` (RULES.md §4.2): six colours of 0–9, Skip, Reverse, +2 (13 each); turquoise
#: and pink of 1–9, Reverse, Skip All, +3 (12 each); 6 Color and 4 Wild +4.
FAN_112 = ((_SIX, (*_DIGITS, "S", "R", "+2")), (_TWO, (*_DIGITS[1:], "R", "SA", "+3")))
#: ``symmetric_128``: every colour has 0–9, Skip, Reverse, +2, Skip All and +3 (15 each);
#: 4 Color and 4 Wild +4.
SYMMETRIC_128 = ((ORDER, (*_DIGITS, "S", "R", "+2", "SA", "+3")),)

#: The Guide card: reference only, face up beside the piles, never shuffled or dealt.
GUIDE = "Guide: R → O → Y → G → T → B → V → P → R (the colour after the active one plays)"

FULL_SPECTRUM_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "full_spectrum.deck", "choice", "fan_112",
        "the fan deck (112 cards; Skip All and +3 in turquoise and pink only) or 15 cards "
        "in each colour (128)",
        choices=("fan_112", "symmetric_128"),
    ),
    OptionSpec(
        "full_spectrum.wrap", "bool", True,
        "the colour order is a circle: red follows pink (FS-1)",
    ),
    OptionSpec(
        "full_spectrum.bidirectional", "bool", False,
        "the previous colour plays too (the fan original's ±1 hue)",
    ),
    DEALER_SELECTION,
    DRAW_ENDS_TURN,
    wd4_wilds_block(False, "FS-3"),
    FALSE_UNO_PENALTY,
    PERMISSIVE_ILLEGAL_PLAYS,
    TWO_PLAYER_RULES,
    scoring("none"),
    TARGET_SCORE,
    *HOUSE_OPTIONS,
)  # fmt: skip


class FullSpectrum(Variant):
    """UNO Full Spectrum."""

    colors = tuple(range(len(ORDER)))
    aside = (GUIDE,)
    refused = HOUSE_REFUSED

    def deck_table(self, options: Options) -> tuple[DeckRow, ...]:
        """``full_spectrum.deck`` (``downpour`` replaces two Wild +4, RULES.md §1.8)."""
        fan = options.text("full_spectrum.deck") == "fan_112"
        wild_draws = 2 if options["downpour"] else 4
        deck = _deck(FAN_112, wild_draws, 6) if fan else _deck(SYMMETRIC_128, wild_draws, 4)
        return deck + house_cards(options)

    def effects(self, options: Options) -> Mapping[str, tuple[int, int]]:
        """RULES.md §4.7 (and the house rules' effects)."""
        return {
            **EFFECTS_108,
            "+3": (fx.DRAW, 3),
            "SA": (fx.SKIP_ALL, 0),
            **house_effects(options),
        }

    def engine_settings(self, options: Options) -> EngineSettings:
        """The chromatic step as P1 colour steps (RULES.md §4.5)."""
        steps = chromatic_steps(
            len(ORDER),
            wrap=bool(options["full_spectrum.wrap"]),
            bidirectional=bool(options["full_spectrum.bidirectional"]),
        )
        return {"steps": steps}

    def check_conflicts(self, options: Options) -> None:
        """Every house rule fits Full Spectrum (its deck has 0s, 7s and Wild +4s)."""
        check_house_conflicts(options)

    def start(self, game: Game) -> None:
        """RULES.md §4.4: a Color lets left(d) declare the colour and play [seed]; the rest is
        the current Mattel table, a first Skip All letting the dealer play first (FS-2)."""
        first_card_table(game, "mattel_current")


FULL_SPECTRUM = FullSpectrum(
    name="full_spectrum",
    title="UNO Full Spectrum (fan variant, 8 colours)",
    aliases=("full-spectrum", "spectrum", "fs"),
    option_specs=FULL_SPECTRUM_OPTIONS,
    bots=BotSettings(ismcts_iterations=900),
    quick_starts=(QuickStart("full_spectrum", "full_spectrum"),),
)
