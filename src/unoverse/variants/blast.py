"""UNO Blast (a fan variant, RULES.md §5): 300 cards in six colours, BLAST challenge cards,
elimination at 30 cards, and two modes — Normal (turn-based, this module's engine settings)
and BLAST (real time).

Data: the deck of §5.3 (every count an option), the card effects of §5.7 (Numeral declares a
number; +4 is coloured; Reversa y Toma 4, +6, +10 and Múltiple Roba are wilds), the built-in
``stacking=blast_ge`` (B-19), no voluntary draw (B-22), elimination (B-12), no UNO calls by
default (B-23), BLAST cards never dealt (§5.4). Hook: the first card, a number (re-flip).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core import effects as fx
from ..core.blast import machinery as blast_machinery
from ..core.bot_settings import BotSettings
from ..core.cards import BLAST_KINDS, KIND_INDEX, N_CARDS, card
from ..core.errors import OptionConflict
from ..core.game import Game
from ..core.options import Options, OptionSpec
from ..core.setup import start_on_number
from ..core.variant import DeckRow, EngineSettings, QuickStart, Variant
from ..i18n import N_
from .common import DEALER_SELECTION, TARGET_SCORE, TWO_PLAYER_RULES, scoring

#: The six colours, from the seed's examples (§5.2): red, yellow, green, blue, orange, pink.
COLORS = "RYGBOP"

#: (option, kind code, default copies per colour) of the coloured cards of §5.3.
COLORED = (
    ("blast.numbers", None, 2),  # each number 0-9
    ("blast.bloqueo", "BL", 3),
    ("blast.reversa", "R", 3),
    ("blast.descartar_todo", "DA", 3),
    ("blast.plus_one", "+1", 3),
    ("blast.plus_two", "+2", 3),
    ("blast.plus_four", "+4", 2),
    ("blast.numeral", "N", 3),
)
#: (option, kind code, default copies) of the wild-type cards of §5.3.
WILDS = (
    ("blast.reversa_toma_4", "WR4", 12),
    ("blast.plus_six", "W+6", 8),
    ("blast.plus_ten", "W+10", 6),
    ("blast.multiple_2", "WM2", 12),
    ("blast.multiple_4", "WM4", 12),
)

#: What the cards do in Normal mode (RULES.md §5.7), kind code -> (effect, amount).
EFFECTS_NORMAL: dict[str, tuple[int, int]] = {
    "BL": (fx.SKIP, 0),
    "R": (fx.REVERSE, 0),
    "DA": (fx.DISCARD_ALL, 0),
    "+1": (fx.DRAW, 1),
    "+2": (fx.DRAW, 2),
    "+4": (fx.DRAW, 4),
    "N": (fx.NUMERAL, 0),
    "WR4": (fx.REVERSE_DRAW, 4),
    "W+6": (fx.WILD_PENALTY, 6),
    "W+10": (fx.WILD_PENALTY, 10),
    "WM2": (fx.ALL_HIT, 2),
    "WM4": (fx.ALL_HIT, 4),
}

#: The chain cards of ``stacking=blast_ge`` (B-19): +2, +4, +6, +10.
STACKABLE = frozenset(KIND_INDEX[k] for k in ("+2", "+4", "W+6", "W+10"))

#: The most copies of one card a deck option may ask for: decks stay a few thousand cards.
MAX_COPIES = 20

BLAST_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "blast.mode", "choice", "normal",
        "normal: turn-based; blast: real time, no turns (B-2)",
        choices=("normal", "blast"),
    ),
    *[
        OptionSpec(
            name,
            "int",
            n,
            f"copies of each {code or 'number'} per colour (§5.3)",
            maximum=MAX_COPIES,
        )
        for name, code, n in COLORED
    ],
    *[
        OptionSpec(name, "int", n, f"copies of {code} (§5.3)", maximum=MAX_COPIES)
        for name, code, n in WILDS
    ],
    OptionSpec(
        "blast.blast_copies",
        "int",
        1,
        "copies of each of the 10 BLAST challenge cards (§5.3)",
        maximum=MAX_COPIES,
    ),
    OptionSpec(
        "stacking", "choice", "blast_ge",
        "Normal mode's chain: each answer worth at least the last card, totals add (B-19)",
        choices=("blast_ge", "off"),
    ),
    OptionSpec(
        "blast.rev4_stackable", "bool", False,
        "Reversa y Toma 4 starts or answers a chain with value 4 (B-19)",
    ),
    OptionSpec(
        "blast.numeral_number_match", "bool", True,
        "a Numeral plays on the number it declares (§5.6)",
    ),
    OptionSpec(
        "blast.numeral_wild_in_challenges", "bool", True,
        "a Numeral counts as any number in BLAST challenges (§5.5)",
    ),
    OptionSpec(
        "blast.elimination_threshold", "int", 30,
        "a hand of this many cards is eliminated (B-12)", minimum=2,
    ),
    OptionSpec(
        "blast.elimination_inclusive", "bool", True,
        "eliminated at the threshold (>=); false: above it (>)",
    ),
    OptionSpec("blast.uno_call", "bool", False, "UNO calls and catches (P4, 2 cards; B-23)"),
    OptionSpec(
        "blast.simultaneity_window_ms", "int", 250,
        "BLAST mode: plays this many ms after an accepted card are simultaneous (B-3)",
    ),
    OptionSpec(
        "blast.lock_scope", "choice", "next_card",
        "BLAST mode: the Bloqueo's colour lock covers the next card, or lasts until a wild (B-5)",
        choices=("next_card", "until_wild"),
    ),
    OptionSpec(
        "blast.reverse_return", "choice", "contiguous",
        "BLAST mode: Reversa hands back the same-coloured run beneath it, every card of its "
        "colour in the pile, or nothing (B-6)",
        choices=("contiguous", "all_same_color", "none"),
    ),
    OptionSpec(
        "blast.big_draw_no_holder", "choice", "nobody",
        "BLAST mode: +6/+10 with nobody holding a card hit nobody, or the next seat (B-8)",
        choices=("nobody", "next"),
    ),
    DEALER_SELECTION,
    TWO_PLAYER_RULES,
    scoring("none"),
    TARGET_SCORE,
)  # fmt: skip

#: What Blast refuses, with the reason (``Variant.refused``): a deck needs number cards to
#: start (U-B-19).
REFUSED = {"blast.numbers=0": N_("reason.conflict.blast.numbers")}


class Blast(Variant):
    """UNO Blast."""

    colors = tuple(i for i, letter in enumerate("ROYGTBVP") if letter in COLORS)
    refused = REFUSED

    def deck_table(self, options: Options) -> tuple[DeckRow, ...]:
        """RULES.md §5.3, every count from its option: 300 cards by default."""
        rows = []
        numbers = int(options["blast.numbers"] or 0)
        for n in range(10):
            rows.append(DeckRow(tuple(f"{c}{n}" for c in COLORS), numbers, n))
        for name, code, _ in COLORED[1:]:
            rows.append(DeckRow(tuple(f"{c}{code}" for c in COLORS), int(options[name] or 0), 20))
        for name, code, _ in WILDS:
            rows.append(DeckRow((code,), int(options[name] or 0), 50))
        rows.append(DeckRow(BLAST_KINDS, int(options["blast.blast_copies"] or 0), 0))
        return tuple(r for r in rows if r.copies)

    def effects(self, options: Options) -> Mapping[str, tuple[int, int]]:
        """RULES.md §5.7 (Normal mode)."""
        return EFFECTS_NORMAL

    def engine_settings(self, options: Options) -> EngineSettings:
        """No UNO calls by default, no voluntary draw, elimination, BLAST cards never dealt,
        the Numeral's number match and the chain cards (§5.5–§5.7); in BLAST mode, its own
        settings too (§5.8)."""
        threshold = int(options["blast.elimination_threshold"] or 30)
        never = bytearray(N_CARDS)
        for code in BLAST_KINDS:
            never[card(code)] = 1
        stackable = STACKABLE | (
            {KIND_INDEX["WR4"]} if options["blast.rev4_stackable"] else frozenset()
        )
        settings: EngineSettings = {
            "uno_calls": bool(options["blast.uno_call"]),
            "must_play": True,
            "elimination": threshold if options["blast.elimination_inclusive"] else threshold + 1,
            "never_dealt": bytes(never),
            "numeral_number_match": bool(options["blast.numeral_number_match"]),
            "stackable": frozenset(stackable),
            "numeral_wild": bool(options["blast.numeral_wild_in_challenges"]),
        }
        if options["blast.mode"] == "blast":  # (Normal mode reads none of these)
            settings["realtime"] = True
            settings["simultaneity_ms"] = int(options["blast.simultaneity_window_ms"] or 0)
            settings["lock_until_wild"] = options["blast.lock_scope"] == "until_wild"
            settings["reverse_return"] = str(options["blast.reverse_return"])
            settings["big_draw_next"] = options["blast.big_draw_no_holder"] == "next"
        return settings

    def check_conflicts(self, options: Options) -> None:
        """BLAST mode has no UNO calls (its plays are raced, not turns to call UNO in) and no
        chains (B-19)."""
        if options["blast.mode"] == "blast" and options["blast.uno_call"]:
            raise OptionConflict(reason=N_("reason.conflict.blast.uno_call"))

    def start(self, game: Game) -> None:
        """RULES.md §5.4: turn cards until a number; any other card (a BLAST card included:
        no event, B-13) goes back at a random position. Left of the dealer starts; in BLAST
        mode every seat may play at once (a draw round if none can, §5.8)."""
        start_on_number(game)
        if game.rules.realtime:
            game.turn = game.dealer  # the draw round starts left of the dealer
            blast_machinery.go_on(game, game.setup_events)


BLAST = Blast(
    name="blast",
    title="UNO Blast (fan variant, 300 cards, elimination at 30)",
    aliases=("uno_blast",),
    option_specs=BLAST_OPTIONS,
    bots=BotSettings(ismcts_iterations=300, ismcts_iterations_realtime=200),
    quick_starts=(
        QuickStart("blast", "blast"),
        QuickStart("blast+mode=blast", "blast_mode"),
    ),
)
