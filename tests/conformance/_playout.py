"""The conformance playout: drive a game like the simulation driver does, and check it after
every accepted action (DESIGN.md "Tests that make the engine trustworthy").

``playout(preset, players, seed)`` plays one seeded round and raises ``ConformanceFailure``
(an ``AssertionError``) naming the preset, players, seed, policy and action index of the
first check that fails. The rule checks here (P1 legality, the P5 challenge verdict, the
illegal-action generator, and ``EventModel``'s reading of each action's events: the Wild
Creeper of UNO Minecraft, the launcher, Discard All and Trade Hands of UNO Attack) are
written from RULES.md, not from the engine's own helpers, so a broken engine rule is caught
rather than copied. Classic (§1), Minecraft (§2), Attack (§3), Full Spectrum (§4), UNO
Blast's Normal mode (§5, its oracle and event model in ``_blast.py``), UNO Flip (§8, its
oracle, views and event model in ``_flip.py``) and UNO Show 'Em No Mercy (§9, its oracle and
event model in ``_no_mercy.py``) run through the same loop.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields

import unoverse as uv
from unoverse import Action, Game, Kind, Phase, UnoverseError
from unoverse.bots.base import make_bot
from unoverse.core.cards import (
    CARD_COLOR,
    CARD_IS_WILD,
    CARD_KIND,
    CARD_NUMBER,
    CARD_TEXT,
    COLOR_LETTERS,
    DARK_UP,
    FACE,
    KIND_INDEX,
    KIND_IS_WILD,
    N_CARDS,
    TWIN,
)
from unoverse.core.effects import PEN_FIRE
from unoverse.core.events import PRIVATE, PUBLIC, Event, redact
from unoverse.core.seeding import derive
from unoverse.core.setup import resolve_preset
from unoverse.core.view import VIEW_FIELDS, View
from unoverse.core.windows import Window
from unoverse.sim.driver import BotError, Table

from ._blast import (
    BLAST_AMOUNT,
    BLAST_COLORS,
    NUMERAL,
    BlastModel,
    blast_answers,
    blast_candidates,
    blast_legal,
    blast_points,
    blast_state_checks,
    check_blast_offers,
    is_blast,
    numeral_numbers,
    uno_calls,
)
from ._flip import (
    FLIP,
    WILD_DRAW_COLOR,
    WILD_DRAW_TWO,
    FlipBefore,
    FlipModel,
    blind,
    check_faces_view,
    flip_legal,
    flip_points,
    is_flip,
    returned_card,
    seen_hand,
    shuffle_unseen,
    side_colors,
    texts,
    told_card,
    until_color_problem,
)
from ._no_mercy import (
    STACK_VALUE,
    NMBefore,
    NoMercyModel,
    check_nm_offers,
    is_no_mercy,
    nm_answers,
    nm_candidates,
    nm_legal,
    nm_state_checks,
)
from ._no_mercy import needs_color as nm_needs_color
from ._no_mercy import swap_targets as nm_swap_targets
from ._variants import VariantChecks

#: The deep profile (``make test-deep``); tests/conftest.py reads the same variable.
DEEP = os.environ.get("UNOVERSE_DEEP", "") not in ("", "0")

#: RULES.md E-6: a playout that reaches this many actions has failed.
MAX_ACTIONS = 20_000

#: Classic presets under test (RULES.md §1 and §6, with the §1.8 house rules).
CLASSIC_PRESETS = (
    "classic",
    "classic+classic.deck=112_blank",
    "classic+classic.deck=112_blank+classic.blank_mode=copy_top",
    "classic+classic.deck=112_modern",
    "classic+classic.first_card=mattel_old",
    "classic+classic.first_card=seed_as_dealer",
    "classic+draw_ends_turn",
    "classic+wd4_wilds_block",
    "classic+false_uno_penalty=2",
    "classic+seven_zero+permissive_illegal_plays",
    "classic+two_player_rules=false",
    "classic+dealer_selection=random",
    "classic+stacking=same",
    "classic+stacking=progressive",
    "classic+stacking=progressive+revive",
    "classic+draw_until_playable",
    "classic+downpour+bar_special",
    "classic+boomerang+stacking=same",
    "classic+friendly_swap+friendly_count=3",
    "classic+stacking=progressive+boomerang+downpour+draw_until_playable",
    "classic+seven_zero",
    "classic+zero_chooses_direction",
    "classic+seven_zero+stacking=progressive+friendly_swap",
    "classic+play_duplicates",
    "classic+zero_discard_color",
    "classic+play_duplicates+zero_chooses_direction+stacking=same",
    "classic+jump_in",
    "classic+downpour",
    "classic+bar_special",
    "classic+boomerang",
    "classic+friendly_swap",
    "classic+jump_in+stacking=progressive+boomerang",
    "classic+jump_in+seven_zero+play_duplicates+draw_until_playable",
)
#: UNO Minecraft presets (RULES.md §2; every house rule fits its deck).
MINECRAFT_PRESETS = (
    "minecraft",
    "minecraft+minecraft.first_card=mattel_current",
    "minecraft+minecraft.creeper_ends_turn",
    "minecraft+wd4_wilds_block=false",
    "minecraft+stacking=progressive+jump_in+seven_zero",
    "minecraft+draw_until_playable+false_uno_penalty=2",
)
#: UNO Attack presets (RULES.md §3; the launcher modes of §3.6 and the options of §3.7).
ATTACK_PRESETS = (
    "attack",
    "attack+attack.launcher=pattern",
    "attack+attack.launcher=bernoulli",
    "attack+attack.launcher=uniform_0_10",
    "attack+attack.launcher=one_card",
    "attack+attack.discard_all_color=covered+attack.discard_all_optional",
    "attack+attack.trade_hands_can_go_out=false+attack.strict_first_color+attack.allow_renege=false",
    "attack+two_player_rules=false+false_uno_penalty=2",
    "attack+stacking=same+boomerang+jump_in",
    "attack+play_duplicates+friendly_swap+bar_special",
)
#: UNO Full Spectrum presets (RULES.md §4): its three modes (§4.9) in every combination, on
#: both decks, and the colour order's options.
_FULL_SPECTRUM_MODES = (
    "",
    "+seven_zero",
    "+stacking=progressive",
    "+jump_in",
    "+seven_zero+stacking=progressive",
    "+seven_zero+jump_in",
    "+stacking=progressive+jump_in",
    "+seven_zero+stacking=progressive+jump_in",
)
FULL_SPECTRUM_PRESETS = (
    *(
        "full_spectrum" + deck + modes
        for deck in ("", "+full_spectrum.deck=symmetric_128")
        for modes in _FULL_SPECTRUM_MODES
    ),
    "full_spectrum+full_spectrum.wrap=false",
    "full_spectrum+full_spectrum.bidirectional",
    "full_spectrum+full_spectrum.bidirectional+full_spectrum.wrap=false+scoring=winner_takes",
    "full_spectrum+stacking=same+play_duplicates+draw_until_playable",
)
#: UNO Blast presets, Normal mode (RULES.md §5.5-§5.7; BLAST mode is not implemented): the
#: chain options (B-19), the Numeral's (§5.6), elimination (B-12), UNO calls (B-23), the
#: BLAST card count (§5.3) and scoring.
BLAST_PRESETS = (
    "blast",
    "blast+blast.rev4_stackable",
    "blast+blast.numeral_number_match=false+blast.numeral_wild_in_challenges=false",
    "blast+blast.elimination_threshold=20",
    "blast+blast.elimination_inclusive=false+two_player_rules=false",
    "blast+blast.uno_call",
    "blast+stacking=off",
    "blast+blast.blast_copies=3",
    "blast+blast.blast_copies=0",
    "blast+scoring=winner_takes",
)
#: UNO Flip presets (RULES.md §8): every value of §8's switches (FL-11 ``first_flip``, FL-8
#: ``surfaced_wild_color``, FL-3 ``see_own_backs``, FL-5 ``observer_tracking``, FL-12
#: ``last_flip_flips``), the shared switches of §6, and the house rules that fit (§8.12).
FLIP_PRESETS = (
    "flip",
    "flip+flip.first_flip=ignore",
    "flip+flip.first_flip=redraw",
    "flip+flip.surfaced_wild_color=flip_player",
    "flip+flip.see_own_backs",
    "flip+flip.observer_tracking=by_card",
    "flip+flip.last_flip_flips",
    "flip+wd4_wilds_block",
    "flip+two_player_rules=false+draw_ends_turn",
    "flip+false_uno_penalty=1+dealer_selection=random",
    "flip+permissive_illegal_plays",
    "flip+stacking=same+draw_until_playable",
    "flip+stacking=progressive+jump_in",
    "flip+play_duplicates+jump_in+flip.surfaced_wild_color=flip_player",
)
#: UNO Show 'Em No Mercy presets (RULES.md §9): every value of §9's switches (NM-0 ``deck``,
#: NM-3 ``ignored_first_card``, NM-4 ``voluntary_draw``, NM-15 ``last_card_effect``, NM-16
#: ``uno_any_path``, NM-8 ``wr4_two_player``, NM-11 ``roulette_color``, NM-12
#: ``mercy_threshold`` and ``mercy``), the shared switches of §6 and every house rule §9.14
#: offers, alone and together; ``scoring=winner_takes`` (NM-25).
NO_MERCY_PRESETS = (
    "no_mercy",
    "no_mercy+no_mercy.deck=rg_168",
    "no_mercy+no_mercy.deck=om_168+no_mercy.ignored_first_card=return",
    "no_mercy+no_mercy.voluntary_draw",
    "no_mercy+no_mercy.last_card_effect=resolve_draws",
    "no_mercy+no_mercy.uno_any_path=false",
    "no_mercy+no_mercy.wr4_two_player=opponent",
    "no_mercy+no_mercy.roulette_color=player",
    "no_mercy+no_mercy.mercy_threshold=15+scoring=winner_takes",
    "no_mercy+jump_in+play_duplicates",
    "no_mercy+no_mercy.mercy=false",
    "no_mercy+boomerang+friendly_swap+friendly_count=2",
    "no_mercy+false_uno_penalty=2+dealer_selection=random",
    "no_mercy+permissive_illegal_plays",
)
NORMAL_PLAYERS = (2, 3, 4, 7, 10)
ALL_PLAYERS = tuple(range(2, 11))
#: No Mercy's table sizes (§9.4: 2-6 players, NM-23).
NO_MERCY_PLAYERS = tuple(range(2, 7))


def may_not_end(preset: str) -> bool:
    """Without the Mercy rule (``no_mercy.mercy=false``) a No Mercy round may never end:
    hands can hold the whole deck (NM-12: E-6 guards termination)."""
    return "no_mercy.mercy=false" in preset


def table_sizes(preset: str, sizes: Iterable[int]) -> tuple[int, ...]:
    """``sizes`` as ``preset``'s variant is played: a size beyond its player counts (No
    Mercy: 2-6, RULES.md §9.4) becomes the nearest one it has; each size once."""
    variant, _ = resolve_preset(preset)
    low, high = variant.min_players, variant.max_players
    return tuple(dict.fromkeys(min(max(n, low), high) for n in sizes))


W4 = KIND_INDEX["W+4"]
BLANK = uv.card("WBK")
BOOMERANG = uv.card("WBO")
BAR_SPECIAL = uv.card("WBS")
FRIENDLY = uv.card("WF")
SHUFFLE_HANDS = uv.card("WSH")
#: UNO Minecraft's Wild Creeper: drawn from the pile, revealed, and 3 more cards (RULES.md §2.4).
CREEPER = uv.card("WC")
CREEPER_CARDS = 3
#: UNO Attack's kinds (RULES.md §3.1): Hit 2, Discard All, Trade Hands.
H2 = KIND_INDEX["H2"]
DISCARD_ALL = KIND_INDEX["DA"]
TRADE_HANDS = KIND_INDEX["TH"]
SEVEN = KIND_INDEX["7"]
ZERO = KIND_INDEX["0"]
#: ``Action.amount`` of a Discard All that keeps its colour (``RDA keep``, A-3's option).
KEEP = 0
#: RULES.md §7.2: the presses (from a reset) on which the ``pattern`` launcher fires; it
#: repeats after press 96.
FIRE_PRESSES = frozenset(
    (2, 6, 9, 13, 17, 21, 24, 26, 27, 29, 32, 36, 37, 41, 44, 47, 48,
     51, 54, 57, 58, 62, 66, 69, 72, 73, 77, 81, 84, 85, 88, 92, 93, 96)
)  # fmt: skip
#: RULES.md §3.6, by launcher mode: the most cards one press fires (BURST 1..12, the S13
#: model 0..10, one card), the most presses a "press until it fires" takes (hazard and
#: pattern fire at least every 4 presses; bernoulli and uniform need a cap, "e.g. 20"), and
#: the largest launcher state (hazard: misses since the last fire, 0..3; one_card never
#: misses; the others count presses or misses without a bound).
BURST_MAX = {"hazard": 12, "pattern": 12, "bernoulli": 12, "uniform_0_10": 10, "one_card": 1}
UNTIL_FIRE_MAX = {"hazard": 4, "pattern": 4, "bernoulli": 20, "uniform_0_10": 20, "one_card": 1}
STATE_MAX = {"hazard": 3, "one_card": 0}
SKIP_ALL = KIND_INDEX["SA"]


def declarable_colors(game: Game) -> tuple[int, ...]:
    """The colours a wild declares now: the variant's (RULES.md §0.6), in UNO Flip those of
    the side in play (FL-10)."""
    return side_colors(game) if is_flip(game) else game.rules.colors


def foreign_colors(game: Game) -> tuple[int, ...]:
    """Colours in the card table a player of this variant may not declare: O T V P in the
    four-colour variants, none in Full Spectrum (RULES.md §4.3), T V in Blast (§5.2), the
    other side's four in UNO Flip (FL-10)."""
    if game.rules.name == "full_spectrum":
        return ()
    if is_blast(game):
        return tuple(i for i in range(len(COLOR_LETTERS)) if i not in BLAST_COLORS)
    if is_flip(game):
        return tuple(i for i in range(len(COLOR_LETTERS)) if i not in side_colors(game))
    return tuple(i for i, letter in enumerate(COLOR_LETTERS) if letter not in "RYGB")


MANDATORY = (
    Kind.PLAY, Kind.DRAW, Kind.PRESS, Kind.PASS, Kind.TAKE, Kind.CHALLENGE, Kind.COLOR,
)  # fmt: skip


class ConformanceFailure(AssertionError):
    """A conformance check failed."""


# -- which checks run ----------------------------------------------------------------------
@dataclass(frozen=True)
class Checks:
    """The checks a playout runs; mutation tests switch them on one at a time."""

    conservation: bool = True  # Counter(all cards) == Counter(deck) after every action
    acting: bool = True  # acting seats (and the turn-holder) have legal actions
    offers: bool = True  # offered plays are exactly the P1-legal ones (RULES.md §1.3)
    apply_offered: bool = True  # every offered action applies on a copy (sampled)
    illegal: bool = True  # generated illegal actions raise and change nothing
    p1: bool = True  # every accepted play matched the top before it (non-permissive)
    p5: bool = True  # challenge and take outcomes of a Wild Draw Four (RULES.md P5)
    saveload: bool = True  # from_json(to_json) then the same actions: same states
    replay: bool = True  # the action log re-applied to new_game: same states
    views: bool = True  # shuffling what a seat cannot know leaves its view unchanged
    # the events account for every hand and pile change; Creeper reveals (§2.4), launcher
    # presses and state (§3.6), Discard All, Trade Hands, presses ending the turn (§3.3-3.4)
    events: bool = True

    @classmethod
    def only(cls, *names: str) -> Checks:
        """Every check off except ``names``."""
        unknown = set(names) - {f.name for f in fields(cls)}
        assert not unknown, f"unknown checks {unknown}"
        return cls(**{f.name: f.name in names for f in fields(cls)})


ALL_CHECKS = Checks()


# -- the rules, written from RULES.md ------------------------------------------------------
def option(game: Game, name: str, default: object = None) -> object:
    """An option of the game's preset."""
    return game.rules.options.get(name, default)


def false_uno_penalty(game: Game) -> int:
    """P4's ``false_uno_penalty``: what a false UNO call costs (0: false calls are off)."""
    value = option(game, "false_uno_penalty", 0)
    return value if isinstance(value, int) else 0


def copy_top(game: Game) -> bool:
    """Blank cards copy the top card (``classic.blank_mode=copy_top``)."""
    return option(game, "classic.blank_mode") == "copy_top"


def permissive(game: Game) -> bool:
    """``permissive_illegal_plays`` is on."""
    return bool(option(game, "permissive_illegal_plays", False))


def active_color_and_value(game: Game) -> tuple[int, int]:
    """RULES.md §0.2: the active colour and the value (kind) a card can match by.

    A printed top card gives both itself. A wild top gives its declared colour and no value
    (a wild's symbol never matches), except a blank in ``copy_top`` mode, which counts as
    the card it copied (-1: no value).
    """
    top = game.discard[-1]
    if not CARD_IS_WILD[top]:
        return CARD_COLOR[top], CARD_KIND[top]
    value = game.top_kind if top == BLANK and copy_top(game) else -1
    if value >= 0 and KIND_IS_WILD[value]:
        value = -1  # a copied wild is a wild
    return game.color, value


def presses(game: Game) -> bool:
    """UNO Attack: a launcher replaces the draw pile, and a draw is a press (RULES.md §3.2)."""
    return game.rules.name == "attack"


def printed_legal(game: Game, c: int) -> bool:
    """RULES.md P1 on the current top card (§0.2): a wild, a card of the active colour, or
    one of the top's value (Classic, §1; Minecraft, §2)."""
    if CARD_IS_WILD[c]:
        return True
    color, value = active_color_and_value(game)
    return CARD_COLOR[c] == color or (value >= 0 and CARD_KIND[c] == value)


def attack_legal(game: Game, c: int) -> bool:
    """UNO Attack's P1 (§3): on a first turn restricted by ``attack.strict_first_color``
    (``game.strict``, A-7) only a card of that colour, no wild, no symbol match; else P1."""
    if game.strict >= 0:
        return not CARD_IS_WILD[c] and CARD_COLOR[c] == game.strict
    return printed_legal(game, c)


def full_spectrum_legal(game: Game, c: int) -> bool:
    """UNO Full Spectrum's P1 (§4.3, §4.5): P1, or a card of a colour the chromatic step
    reaches from the active colour."""
    return printed_legal(game, c) or CARD_COLOR[c] in chromatic(
        game, active_color_and_value(game)[0]
    )


def p1_legal(game: Game, c: int) -> bool:
    """Whether ``c`` plays on the current top card, by the game's variant's P1 oracle
    (``VARIANT_CHECKS``)."""
    legal = VARIANT_CHECKS[game.rules.name].legal
    assert legal is not None, f"{game.rules.name} has no P1 oracle"
    return legal(game, c)


def chromatic(game: Game, color: int) -> tuple[int, ...]:
    """Full Spectrum's chromatic step (RULES.md §4.3, §4.5): the colour after ``color`` in
    the order R O Y G T B V P plays too, pink followed by red (FS-1, ``full_spectrum.wrap``);
    with ``full_spectrum.bidirectional`` the colour before it as well."""
    if color < 0:
        return ()
    wrap = option(game, "full_spectrum.wrap", True)
    steps = (1, -1) if option(game, "full_spectrum.bidirectional", False) else (1,)
    return tuple((color + d) % 8 for d in steps if wrap or 0 <= color + d < 8)


#: The conformance suite's part for each variant (``_variants.VariantChecks``): its presets,
#: its P1 oracle and the games the mutation tests break its rules on. Every variant of
#: ``unoverse.variants.VARIANTS`` needs one (tests/conformance/test_variants.py).
VARIANT_CHECKS: dict[str, VariantChecks] = {
    "classic": VariantChecks(
        CLASSIC_PRESETS,
        printed_legal,
        (
            ("classic", 4, 21, "bots"),
            ("classic", 3, 22, "uniform"),
            ("classic+false_uno_penalty=2", 2, 23, "bots"),
            ("classic", 7, 38, "uniform"),  # reshuffles twice
        ),
    ),
    # revealed Creepers
    "minecraft": VariantChecks(MINECRAFT_PRESETS, printed_legal, (("minecraft", 4, 7, "bots"),)),
    # Discard Alls and a reload
    "attack": VariantChecks(
        ATTACK_PRESETS,
        attack_legal,
        (("attack", 3, 6, "uniform"), ("attack+attack.discard_all_optional", 2, 5, "bots")),
    ),
    # plays by the chromatic step, on both decks and both ways round
    "full_spectrum": VariantChecks(
        FULL_SPECTRUM_PRESETS,
        full_spectrum_legal,
        (
            ("full_spectrum", 4, 21, "bots"),
            ("full_spectrum+full_spectrum.deck=symmetric_128", 3, 22, "uniform"),
            ("full_spectrum+full_spectrum.bidirectional+full_spectrum.wrap=false", 2, 23, "bots"),
        ),
    ),
    # BLAST events that interrupt penalty and Múltiple Roba draws and wait for seats'
    # choices, and chain answers offered and played (Normal mode)
    "blast": VariantChecks(
        BLAST_PRESETS,
        blast_legal,
        (
            ("blast", 4, 7, "bots"),
            ("blast+blast.rev4_stackable", 3, 6, "uniform"),
            ("blast+blast.elimination_threshold=20", 7, 8, "bots"),
        ),
    ),
    # tables turned over both ways, a first Flip applied, surfaced wilds, Wild Draw Two and
    # Wild Draw Color challenged both ways and taken, reshuffles, a caught illegal Flip
    "flip": VariantChecks(
        FLIP_PRESETS,
        flip_legal,
        (
            ("flip", 4, 28, "bots"),
            ("flip", 3, 13, "uniform"),
            ("flip+false_uno_penalty=1+dealer_selection=random", 2, 73, "bots"),
            ("flip+permissive_illegal_plays", 3, 5, "uniform"),
        ),
    ),
    # chains answered and taken, Roulettes, knockouts in takes, draws and reveals, reshuffles
    # that take set-aside hands in, two-player Wild Reverse Draw 4s, swaps and passes
    "no_mercy": VariantChecks(
        NO_MERCY_PRESETS,
        nm_legal,
        (
            ("no_mercy", 6, 12, "bots"),
            ("no_mercy", 5, 15, "bots"),
            ("no_mercy", 2, 2, "bots"),
        ),
    ),
}
#: Every preset the playout matrix runs, variant by variant in the order the engine lists
#: them (a variant without checks has none here; test_variants.py fails for it).
PRESETS = tuple(
    preset
    for v in uv.variants()
    if v.name in VARIANT_CHECKS
    for preset in VARIANT_CHECKS[v.name].presets
)


#: The draw cards, the only cards that can answer a draw penalty (RULES.md §1.8), with the
#: cards (Attack: presses) each one makes its victim take: Classic's and Minecraft's Draw
#: Two and Wild Draw Four, Full Spectrum's Draw Three, Attack's Hit 2 (§3.4), UNO Flip's
#: Draw One, Draw Five and Wild Draw Two (§8.12). A Wild Hit-Fire is no number of cards, nor
#: is a Wild Draw Color (FL-19).
DRAW_AMOUNT = {
    KIND_INDEX["+2"]: 2, KIND_INDEX["+3"]: 3, KIND_INDEX["W+4"]: 4, H2: 2,
    KIND_INDEX["+1"]: 1, KIND_INDEX["+5"]: 5, WILD_DRAW_TWO: 2,
}  # fmt: skip
DRAW_CARDS = set(DRAW_AMOUNT)
#: The cards under P5 (a challenge judges their legality): the Wild Draw Four, and UNO
#: Flip's Wild Draw Two and Wild Draw Color (§8.9).
CHALLENGEABLE = frozenset({W4, WILD_DRAW_TWO, WILD_DRAW_COLOR})


def answers(game: Game, c: int) -> bool:
    """RULES.md §1.8: ``c`` may answer the pending penalty. A Boomerang sends back an attack
    a seat made, unless it was already returned (H-4) or its player went out; nothing else
    answers a Wild Hit-Fire (§3.3: no stacking on it). ``stacking``:
    ``same`` — the same kind as the chain's last card; ``progressive`` — any draw card
    (FS-8); never after the chain's player went out (§1.6), unless ``revive`` and that seat
    said UNO. Blast: ``stacking=blast_ge`` (B-19, ``_blast.blast_answers``). UNO Flip: the
    Draw One, Draw Five and Wild Draw Two stack; a Wild Draw Color neither answers nor is
    answered (FL-19)."""
    if is_blast(game):
        return blast_answers(game, c)
    if is_no_mercy(game):
        return nm_answers(game, c)
    if game.pen_returned:
        return False
    if c == BOOMERANG and option(game, "boomerang", False):
        return game.pen_source >= 0 and game.out < 0
    if game.pen_until == PEN_FIRE:
        return False  # a Wild Hit-Fire's "press until it fires" is no number: nothing stacks
    if CARD_KIND[game.discard[-1]] == WILD_DRAW_COLOR:
        return False  # FL-19: a Wild Draw Color's "until a colour" is no number either
    mode = option(game, "stacking", "off")
    if mode == "off":
        return False
    if game.out >= 0 and not (option(game, "revive", False) and game.said_uno[game.out]):
        return False
    k = game.top_kind if (copy_top(game) and c == BLANK) else CARD_KIND[c]
    return k in DRAW_CARDS and (mode == "progressive" or k == game.top_kind)


def needs_color(game: Game, c: int) -> bool:
    """Whether playing ``c`` now declares a colour (a wild; a copy_top blank only when it
    copies a wild)."""
    if not CARD_IS_WILD[c]:
        return False
    if is_no_mercy(game):
        return nm_needs_color(c, game)
    if c == BLANK and copy_top(game):
        return KIND_IS_WILD[game.top_kind] if game.top_kind >= 0 else True
    return c != BAR_SPECIAL  # the Bar special keeps the colour (§1.8)


def swap_targets(game: Game, c: int) -> set[int]:
    """The seats a play of ``c`` may name (-1: none): a Friendly card and a Trade Hands
    (§3.4: "MUST swap hands with another player") must swap with another active seat, a 7
    under ``seven_zero`` may (FS-6); none as the last card (FS-7, A-4). No Mercy's 7 must
    (NM-18, ``_no_mercy.swap_targets``)."""
    if is_no_mercy(game):
        return nm_swap_targets(game, c)
    if len(game.hands[game.turn]) == 1:
        return {-1}
    others = {s for s in range(game.n) if s != game.turn and not game.eliminated[s]}
    if c == FRIENDLY or CARD_KIND[c] == TRADE_HANDS:
        return others
    if CARD_KIND[c] == KIND_INDEX["7"] and option(game, "seven_zero", False):
        return others | {-1}
    return {-1}


def seven_zero(game: Game) -> bool:
    """The 7 swaps and the 0 passes the hands: ``seven_zero`` (§4.9), and always in No Mercy
    (§9.7, 7's Swap and 0's Pass)."""
    return is_no_mercy(game) or bool(option(game, "seven_zero", False))


def last_card_forbidden(game: Game, last: int, left: int) -> bool:
    """A-4's option ``attack.trade_hands_can_go_out=false``: a Trade Hands may not be the
    last card (``left`` cards stay in the hand)."""
    return (
        left == 0
        and CARD_KIND[last] == TRADE_HANDS
        and not option(game, "attack.trade_hands_can_go_out", True)
    )


def discard_colors(game: Game, laid: Sequence[int]) -> set[int]:
    """RULES.md §3.4, A-3: the colours a Discard All play discards: each Discard All's own
    colour, or (``attack.discard_all_color=covered``) the colour of the card it covers —
    the active colour for the first card laid, the previous laid card for the others."""
    if option(game, "attack.discard_all_color", "own") == "covered":
        return {game.color, *(CARD_COLOR[x] for x in laid[:-1])}
    return {CARD_COLOR[x] for x in laid}


def discarded(game: Game, hand: Sequence[int], a: Action) -> Counter[int]:
    """The cards a play ``a`` from ``hand`` discards besides the cards it lays: with a
    Discard All last (and no ``keep``), every other card of its colour (§3.4)."""
    laid = (a.card, *a.more)
    if CARD_KIND[laid[-1]] != DISCARD_ALL or a.amount == KEEP:
        return Counter()
    cols = discard_colors(game, laid)
    rest = Counter(hand) - Counter(laid)
    return Counter({c: k for c, k in rest.items() if CARD_COLOR[c] in cols})


def remaining_after(game: Game, hand: Sequence[int], a: Action) -> int:
    """How many cards ``hand`` keeps after the play ``a`` (before any hand swap): what the
    UNO call depends on (P4), a Discard All's discards counted (§3.4)."""
    left = len(hand) - 1 - len(a.more)
    if CARD_KIND[a.more[-1] if a.more else a.card] == DISCARD_ALL:
        left -= sum(discarded(game, hand, a).values())
    return left


def hand_after(game: Game, seat: int, a: Action) -> int:
    """P4: the cards ``seat`` holds once its play ``a`` is done, what a UNO call made with it
    is judged on ("an action that does not leave the declarer at exactly 1 card" is a false
    call): a swap (Friendly card, Trade Hands, a Seven-0 7 naming a seat) leaves it the other
    seat's hand, a Seven-0 0 the previous seat's, a Shuffle Hands its share of the deal (dealt
    one at a time from ``next(player)``, so the player is dealt last). A play that goes out
    moves no hands (C-3, FS-7, A-4). Identical cards laid together act as many times (H-1)."""
    left = remaining_after(game, game.hands[seat], a)
    if left == 0:
        return 0
    laid = (a.card, *a.more)
    last = laid[-1]
    kind = CARD_KIND[last]
    times = len(laid) if all(CARD_KIND[x] == kind for x in laid) else 1
    swaps = seven_zero(game)
    if a.target >= 0 and (last == FRIENDLY or kind == TRADE_HANDS or (kind == SEVEN and swaps)):
        return len(game.hands[a.target]) if times % 2 else left
    if kind == ZERO and swaps:
        source = seat
        for _ in range(times):
            source = next_active(game, source, -game.direction)
        return left if source == seat else len(game.hands[source])
    if last == SHUFFLE_HANDS:
        active = [s for s in range(game.n) if not game.eliminated[s]]
        return (sum(len(game.hands[s]) for s in active) - len(laid)) // len(active)
    return left


def uno_call_offered(game: Game, seat: int, a: Action) -> bool:
    """P4: a play may carry a UNO call when it leaves one card, or, under
    ``false_uno_penalty``, as a (charged) false call when it leaves more. None in Blast
    unless ``blast.uno_call`` (B-23)."""
    if not uno_calls(game):
        return False
    kept = hand_after(game, seat, a)
    return kept == 1 or (false_uno_penalty(game) > 0 and kept > 1)


def keep_offered(game: Game, hand: Sequence[int], a: Action) -> bool:
    """A-3's option ``attack.discard_all_optional``: a Discard All play may keep the cards of
    its colour (``RDA keep``) when the hand holds some."""
    last = a.more[-1] if a.more else a.card
    return (
        CARD_KIND[last] == DISCARD_ALL
        and bool(option(game, "attack.discard_all_optional", False))
        and bool(discarded(game, hand, a._replace(amount=-1)))
    )


def multi_play_ok(game: Game, a: Action) -> bool:
    """RULES.md §1.8: several cards in one play, in the turn window, named as the seat sees
    its hand (UNO Flip, §8.4). ``play_duplicates``: the same number or symbol, no wild (H-2),
    no Flip (§8.12: it leaves the top as it lands), the first legal by P1.
    ``zero_discard_color``: a 0 of the active colour first, then every other card of that
    colour in the hand. Never a Trade Hands as the last card where A-4's option forbids it."""
    laid = (a.card, *a.more)
    if game.phase != Phase.TURN or Counter(laid) - Counter(seen_hand(game, game.turn)):
        return False
    if last_card_forbidden(game, laid[-1], len(game.hands[game.turn]) - len(laid)):
        return False
    if option(game, "play_duplicates", False) and len({CARD_KIND[c] for c in laid}) == 1:
        alone = is_flip(game) and CARD_KIND[a.card] == FLIP
        return not CARD_IS_WILD[a.card] and not alone and p1_legal(game, a.card)
    color = game.color
    zero = CARD_KIND[a.card] == KIND_INDEX["0"] and CARD_COLOR[a.card] == color
    same_colour = Counter(c for c in game.hands[game.turn] if CARD_COLOR[c] == color)
    return bool(option(game, "zero_discard_color", False)) and zero and Counter(laid) == same_colour


def directions(game: Game, c: int) -> set[int]:
    """``zero_chooses_direction``: a 0 that is not the last card chooses cw or ccw."""
    zero = CARD_KIND[c] == KIND_INDEX["0"] and option(game, "zero_chooses_direction", False)
    return {1, -1} if zero and len(game.hands[game.turn]) > 1 else {0}


def has_wd4(game: Game) -> bool:
    """The deck holds a card under P5, on either face: a Wild Draw Four (Classic, Minecraft,
    not Attack), a Wild Draw Two or a Wild Draw Color (UNO Flip, §8.9)."""
    kinds = {CARD_KIND[x] for c in set(game.rules.deck) for x in (c, TWIN[c])}
    return bool(kinds & CHALLENGEABLE)


def wild_draw_effect(game: Game, c: int) -> bool:
    """Whether playing ``c`` now has the effect of a card under P5 (a WD4, a copy_top blank
    on a WD4; UNO Flip's Wild Draw Two and Wild Draw Color, §8.9)."""
    return CARD_KIND[c] in CHALLENGEABLE or (c == BLANK and copy_top(game) and game.top_kind == W4)


def next_active(game: Game, seat: int, direction: int) -> int:
    """RULES.md §0.2 ``next(seat)``: the next seat that is not eliminated in ``direction``."""
    s = (seat + direction) % game.n
    while game.eliminated[s]:
        s = (s + direction) % game.n
    return s


def draw_count(total: int, creepers: int, avail: int) -> int:
    """The cards a draw of ``total`` takes from ``avail`` reachable cards when ``creepers``
    Wild Creepers came among them (each adds 3 more, RULES.md §2.4; P2 stops at nothing)."""
    return min(total + CREEPER_CARDS * creepers, avail)


def wd4_legal(hand_before: Sequence[int], played: int, color: int, wilds_block: bool) -> bool:
    """RULES.md P5: no *other* card of the active colour (and, with ``wd4_wilds_block``, no
    other wild-type card) in the hand the WD4 was played from (UNO Flip's Wild Draw Two and
    Wild Draw Color alike, by the faces up, §8.9)."""
    rest = list(hand_before)
    rest.remove(played)
    return not any(CARD_COLOR[c] == color or (wilds_block and CARD_IS_WILD[c]) for c in rest)


def until_color(act: Action) -> int:
    """The colour a play of a Wild Draw Color makes its victim draw until (P10, §8.9: the
    colour it declares, FL-16); -1 for any other play."""
    return act.color if CARD_KIND[act.card] == WILD_DRAW_COLOR else -1


def available(game: Game) -> int:
    """Cards a draw can reach: the draw pile and every discard but the top (P2, P3)."""
    return len(game.draw_pile) + max(len(game.discard) - 1, 0)


# -- policies ------------------------------------------------------------------------------
class Policy:
    """Chooses the next ``(seat, action)``."""

    name = "policy"

    def choose(self, game: Game, fail: Callable[[str], None]) -> tuple[int, Action]:
        raise NotImplementedError


def mixed_specs(players: int, seed: int) -> list[str]:
    """``random`` at one or two seats, ``naive`` at the rest.

    A table of ``random`` bots only does not terminate: ``random`` picks a kind of action
    uniformly, so it draws on about half its turns and catches about half the time it can,
    and hands grow faster than they empty. The ``naive`` seats make the round end.
    """
    rng = random.Random(derive(seed, "conformance-seats", players))
    k = 1 if players < 4 else rng.choice((1, 2))
    specs = ["naive"] * players
    for s in rng.sample(range(players), k):
        specs[s] = "random"
    return specs


class BotTable(Policy):
    """The simulation driver's choice (``unoverse.sim.driver.play_round``), step by step:
    every acting seat's bot answers ``(action or None, delay)``; the earliest wins; ties go
    to an UNO declaration, then to a seeded random order."""

    name = "bots"

    def __init__(self, specs: Sequence[str], seed: int) -> None:
        self.specs = list(specs)
        self.table = Table([make_bot(spec, seed, s) for s, spec in enumerate(specs)], seed)
        self.rejected = 0

    def choose(self, game: Game, fail: Callable[[str], None]) -> tuple[int, Action]:
        """The next answer the engine accepts. An answer that arrives after the state moved
        on must be refused with a typed error and change nothing; it is then skipped, as
        the driver skips it."""
        while True:
            try:
                seat, act, _ = self.table.next(game)
            except BotError as exc:
                fail(str(exc))
                raise  # unreachable: fail raises
            if act in game.legal_actions(seat):
                return seat, act
            before = uv.to_json(game)
            try:
                game.apply(seat, act)
            except UnoverseError:
                pass
            else:
                fail(f"{seat}: {act} is not among its legal actions, yet it was accepted")
            if uv.to_json(game) != before:
                fail(f"{seat}: the refused late answer {act} changed the state")
            self.rejected += 1


#: Attack's cards that make other seats press the launcher (RULES.md §3.4).
ATTACKERS = frozenset({uv.card("WAH"), uv.card("WHF"), *(uv.card(f"{c}H2") for c in "RYGB")})


#: The uniform policy's bias toward plays in Attack (see ``Uniform.choose``).
ATTACK_BIAS = 0.8
#: How often the uniform policy forgets a due UNO call in Attack.
ATTACK_FORGET = 0.3


class Uniform(Policy):
    """Uniform over every acting seat's legal actions, biased toward plays: with probability
    ``bias`` a play of the turn-holder if there is one. It calls, catches, challenges and
    catches illegal plays far more often than the bots, and still ends its rounds. In
    Minecraft and Attack it picks a card before a way to play it; in Attack it also plays
    more (``ATTACK_BIAS``), plays the cards that make others press less, and forgets some UNO
    calls (see ``choose``)."""

    name = "uniform"

    def __init__(self, seed: int, bias: float = 0.6) -> None:
        self.rng = random.Random(derive(seed, "conformance-uniform"))
        self.bias = bias

    def choose(self, game: Game, fail: Callable[[str], None]) -> tuple[int, Action]:
        pairs = [(s, a) for s in game.acting_seats() for a in game.legal_actions(s)]
        hand = game.hands[game.turn]
        attack = presses(game)
        two = len(hand) == 2 and uno_calls(game)  # (Blast: no UNO calls by default, B-23)

        def calls(a: Action) -> bool:  # the play leaves one card (in Attack: as P4 counts)
            return hand_after(game, game.turn, a) == 1 if attack else two

        if self.rng.random() < (self.bias if not attack else ATTACK_BIAS):
            # in Attack, forget the UNO call now and then, so that catches (two presses) come
            forget = attack and self.rng.random() < ATTACK_FORGET
            plays = [
                p
                for p in pairs
                if p[1].kind == Kind.PLAY and p[1].uno == (calls(p[1]) and not forget)
            ]
            if plays and game.rules.name != "classic":
                # Minecraft and Attack: one card, then one way to play it: a wild's four
                # colours do not make it four times as likely; in Attack a card that makes
                # others press is chosen again once. Otherwise the Wild Draw Fours and Creepers
                # drawn (Minecraft) or the presses dealt (5 cards each with uniform_0_10) make
                # hands grow about as fast as they empty, and rounds drag on or never end.
                cards = sorted({a.card for _, a in plays})
                card = self.rng.choice(cards)
                if card in ATTACKERS:
                    card = self.rng.choice(cards)
                plays = [p for p in plays if p[1].card == card]
            if plays:
                return self.rng.choice(plays)
        seat, act = self.rng.choice(pairs)
        false_call = act.uno and act.kind != Kind.UNO and not (act.kind == Kind.PLAY and calls(act))
        # a false UNO call (false_uno_penalty) costs cards: keep 1 in 10, or hands grow
        # faster than they empty and the round does not end
        if false_call and self.rng.random() < 0.9:
            seat, act = self.rng.choice(pairs)
        return seat, act


class Scripted(Policy):
    """Plays ``moves`` (``(seat, action text)``, each one that must be offered) first, then
    leaves the choice to ``then``: a scenario of RULES.md played out by the policy."""

    def __init__(self, moves: Sequence[tuple[int, str]], then: Policy) -> None:
        self.moves = list(moves)
        self.then = then
        self.name = f"script+{then.name}"

    def choose(self, game: Game, fail: Callable[[str], None]) -> tuple[int, Action]:
        if not self.moves:
            return self.then.choose(game, fail)
        seat, text = self.moves.pop(0)
        act = uv.action(text)
        if act not in game.legal_actions(seat):
            fail(f"the scenario's move {seat}: {act} is not offered: {game.legal_actions(seat)}")
        return seat, act


def make_policy(name: str, players: int, seed: int) -> Policy:
    """``bots`` (random at one or two seats, naive elsewhere) or ``uniform``."""
    if name == "bots":
        return BotTable(mixed_specs(players, seed), seed)
    if name == "uniform":
        return Uniform(seed)
    raise ValueError(name)


# -- the playout ---------------------------------------------------------------------------
@dataclass
class Playout:
    """A finished, checked playout."""

    preset: str
    players: int
    seed: int
    policy: str
    game: Game
    actions: list[tuple[int, Action]] = field(default_factory=list)
    events: Counter[str] = field(default_factory=Counter)
    max_json: int = 0
    # the rule paths Blast's and Flip's event models reached (_blast.py, _flip.py)
    paths: Counter[str] = field(default_factory=Counter)


@dataclass(repr=False)
class _Ctx:
    preset: str
    players: int
    seed: int
    policy: str
    game: Game
    actions: list[tuple[int, Action]]

    def __repr__(self) -> str:
        return f"<playout {self.preset} players={self.players} seed={self.seed} {self.policy}>"

    def fail(self, what: str, game: Game | None = None) -> None:
        __tracebackhide__ = True
        g = self.game if game is None else game
        try:
            where = uv.position_text(g)
        except Exception as exc:  # pragma: no cover - only under a broken engine
            where = f"(position unavailable: {exc!r})"
        last = "; ".join(f"{s}: {a}" for s, a in self.actions[-8:]) or "-"
        raise ConformanceFailure(
            f"[{self.preset} players={self.players} seed={self.seed} policy={self.policy} "
            f"action #{len(self.actions)}] {what}\n  last actions: {last}\n  position:\n    "
            + where.replace("\n", "\n    ")
        )


def playout(
    preset: str,
    players: int,
    seed: int,
    policy: str = "bots",
    *,
    checks: Checks = ALL_CHECKS,
    sample_every: int = 7,
    max_actions: int = MAX_ACTIONS,
    start: Game | None = None,
    script: Sequence[tuple[int, str]] = (),
) -> Playout:
    """Play one seeded round of ``preset`` and check it throughout (see the module doc).
    ``start``: play from this position (``unoverse.position``) instead of a new round, and
    replay from it; ``script``: moves the policy makes first (``Scripted``)."""
    game = uv.new_game(preset, players, seed) if start is None else start
    result = Playout(preset, players, seed, policy, game)
    ctx = _Ctx(preset, players, seed, policy, game, result.actions)
    chooser = make_policy(policy, players, seed)
    if script:
        chooser = Scripted(script, chooser)
    rng = random.Random(derive(seed, "conformance-checks", preset, players, policy))
    deck = Counter(game.rules.deck)
    snapshots: dict[int, str] = {0: uv.to_json(game)}
    result.max_json = len(snapshots[0])
    state_checks(ctx, game, deck, checks)
    model = EventModel(ctx, game, fresh=start is None) if checks.events else None
    wd4_deck = has_wd4(game)
    # (offender, legal, the colour a Wild Draw Color draws until, else -1) of a pending card
    # under P5
    wd4: tuple[int, bool, int] | None = None
    # the pending draw total, kept here from the cards played (RULES.md §1.8 stacking; a
    # Hit 2 counts 2 presses, §3.4; a Wild Hit-Fire is no number: ``game.pen_until``; Blast's
    # +1 ... +10 and Reversa y Toma 4, §5.7)
    blast = is_blast(game)
    amounts = BLAST_AMOUNT if blast else STACK_VALUE if is_no_mercy(game) else DRAW_AMOUNT
    chain = amounts.get(game.top_kind, 0) if game.phase == Phase.PENALTY else 0
    chosen: set[int] = set()  # Blast: the seats that chose their cards in the open event
    covered_chain = 0  # the chain before the top card's play (what a jump-in goes back to)

    while not game.over:
        i = len(result.actions)
        if i >= max_actions:
            ctx.fail(f"RULES.md E-6: the round did not end within {max_actions} actions")
        sampled = i % sample_every == 0
        if checks.acting or checks.offers:
            check_offers(ctx, game, checks, chosen)
        if checks.apply_offered and sampled:
            check_offered_apply(ctx, game, deck)
        # (Blast's long rounds: every other action, as many tries per action sampled)
        if checks.illegal and (sampled or not blast or i % 2):
            check_illegal(ctx, game, rng, 12 if sampled else 2 + blast)
        if checks.views and sampled:
            seat = rng.randrange(players)
            check_view_leak(ctx, game, seat, rng)
            if i % (3 * sample_every) == 0:
                check_view_leak(ctx, game, None, rng)

        try:
            seat, act = chooser.choose(game, ctx.fail)
        except ConformanceFailure:
            raise
        except Exception as exc:  # a bot that crashes on an offered state (the driver's too)
            ctx.fail(f"the {policy} policy raised {exc!r} choosing an action")
            raise  # unreachable
        if uv.action(str(act)) != act:
            ctx.fail(f"the notation does not round-trip: {act!r} -> {str(act)!r}")
        pre_hands = [len(h) for h in game.hands]
        pre_available = available(game)
        pre = Before(game, seat, act) if model is not None else None
        trial = game.copy() if sampled and checks.apply_offered else None
        played_wd4 = False
        legal_before = True
        answering = act.kind == Kind.PLAY and game.phase == Phase.PENALTY
        if act.kind in (Kind.PLAY, Kind.JUMP):
            # the chain before the card lands: a jump-in cancels the covered play's effect
            # (§4.9), so the chain goes back to what it was before that play
            if act.kind == Kind.PLAY:
                covered_chain = chain if answering else 0
            last = act.more[-1] if act.more else act.card
            k = game.top_kind if (copy_top(game) and last == BLANK) else CARD_KIND[last]
            laid = (act.card, *act.more)
            mult = len(laid) if all(CARD_KIND[x] == CARD_KIND[last] for x in laid) else 1
            chain = covered_chain
            if k in amounts:  # H-1: identical draw cards played together add up
                chain += amounts[k] * mult
                if act.kind == Kind.PLAY:
                    wd4 = None
        if answering:
            if checks.p1 and not answers(game, act.card):
                ctx.fail(f"§1.8: accepted answer {seat}: {act} may not answer this penalty")
        elif act.kind == Kind.PLAY:
            legal_before = p1_legal(game, act.card)
            if checks.p1 and not legal_before and not permissive(game):
                ctx.fail(
                    f"P1: accepted play {seat}: {act} does not match the top "
                    f"{CARD_TEXT[game.top]} (active colour {COLOR_LETTERS[game.color]})"
                )
            if checks.p1 and blast and CARD_KIND[act.card] == NUMERAL:
                if act.number not in numeral_numbers(game, act.card):
                    ctx.fail(f"§5.6, B-11: accepted {seat}: {act} declares a number it may not")
            elif checks.p1 and act.number != -1:
                ctx.fail(f"§5.6: accepted {seat}: {act}: only a Numeral declares a number")
            if wd4_deck and wild_draw_effect(game, act.card):
                color, _ = active_color_and_value(game)
                block = bool(option(game, "wd4_wilds_block", False))
                legal = wd4_legal(seen_hand(game, seat), act.card, color, block)
                wd4 = (seat, legal, until_color(act))
                played_wd4 = True
        if checks.p1 and blast and game.phase == Phase.BLAST and act.kind != Kind.BLAST:
            ctx.fail(f"§5.5: accepted {seat}: {act} while a BLAST event is open")
        if act.kind == Kind.JUMP:
            # identical: the same face up (UNO Flip: the backs may differ, §8.12)
            if checks.p1 and (
                FACE[act.card] != FACE[game.top] or not option(game, "jump_in", False)
            ):
                ctx.fail(f"§4.9: accepted jump-in {seat}: {act} on {CARD_TEXT[game.top]}")
            if wd4_deck and wild_draw_effect(game, act.card):
                block = bool(option(game, "wd4_wilds_block", False))
                legal = wd4_legal(seen_hand(game, seat), act.card, game.color, block)
                wd4 = (seat, legal, until_color(act))
                played_wd4 = True
        try:
            events = game.apply(seat, act)
        except Exception as exc:
            ctx.fail(f"the offered action {seat}: {act} was refused: {exc!r}")
            raise  # unreachable
        result.actions.append((seat, act))
        for e in events:
            result.events[e.kind] += 1
            if e.kind == "challenge":
                result.events[f"challenge:{'guilty' if e.guilty else 'innocent'}"] += 1
            elif e.kind in ("draw", "press"):
                result.events[f"{e.kind}:{e.reason}"] += 1
        if trial is not None:
            try:
                trial.apply(seat, act)
            except Exception as exc:
                ctx.fail(f"{seat}: {act}, accepted by the game, is refused on its copy: {exc!r}")
            if uv.to_json(trial) != uv.to_json(game):
                ctx.fail(f"{seat}: {act} on game.copy() gives another state than on the game")

        illegal_play = act.kind == Kind.PLAY and permissive(game) and not legal_before
        if checks.p1 and illegal_play and Window("illegal", seat) not in game.windows():
            ctx.fail(f"§1.5: the accepted illegal play {act} opened no catch_illegal window")
        revived = [e.seat for e in events if e.kind == "revive"]
        victim = revived[0] if revived else game.next_seat(seat)
        if played_wd4 and checks.p5 and Window("challenge", victim) not in game.windows():
            ctx.fail(f"P5: {act} (a Wild Draw Four's effect) opened no challenge window")
        if act.kind in (Kind.TAKE, Kind.CHALLENGE) and wd4 is not None:
            if checks.p5:
                check_p5(ctx, game, seat, act, wd4, events, pre_hands, pre_available, chain)
            wd4 = None
        if model is not None and pre is not None:
            model.after(game, seat, act, events, pre, chain)
        if act.kind in (Kind.TAKE, Kind.CHALLENGE, Kind.CATCH_ILLEGAL):
            chain = 0
        if act.kind in (Kind.CATCH_ILLEGAL, Kind.TAKE, Kind.CHALLENGE):
            wd4 = None
        if game.phase != Phase.BLAST or any(e.kind == "blast" for e in events):
            chosen = set()  # no event open, or a new one opened by this action
        elif act.kind == Kind.BLAST:
            chosen.add(seat)
        state_checks(ctx, game, deck, checks)
        if sampled or game.over:
            text = uv.to_json(game)
            snapshots[len(result.actions)] = text
            result.max_json = max(result.max_json, len(text))

    if model is not None and model.blast is not None:
        result.paths = model.blast.paths
    elif model is not None and model.flip is not None:
        result.paths = model.flip.paths
    elif model is not None and model.nm is not None:
        result.paths = model.nm.paths
    end_checks(ctx, game, rng, checks)
    if checks.saveload:
        check_saveload(ctx, result.actions, snapshots)
    if checks.replay:
        check_replay(ctx, preset, players, seed, result.actions, snapshots, start is not None)
    return result


# -- what an action did, from its events (RULES.md P2-P4, §2.4, §3.3-§3.6) -----------------
WAH = uv.card("WAH")
WHF = uv.card("WHF")
#: Cards that deal to every other active seat at once, and how many (RULES.md §1.8 Downpour
#: and Bar special: 1, 2, 2; §3.4 Wild All Hit: one press), even as the last card (A-5).
ALL_DRAWS = {uv.card("WD1"): 1, uv.card("WD2"): 2, uv.card("WBS"): 2, WAH: 1}


def points(c: int) -> int:
    """A card's points in Minecraft, Attack and Full Spectrum (RULES.md §2.5, §3.5, §4.8;
    house cards §1.8): a
    number its face value; Skip, Reverse, Draw Two, Hit 2 20; Discard All, Trade Hands 30;
    every wild 50."""
    if CARD_NUMBER[c] >= 0:
        return int(CARD_NUMBER[c])
    if CARD_IS_WILD[c]:
        return 50
    return 30 if CARD_KIND[c] in (DISCARD_ALL, TRADE_HANDS) else 20


class Before:
    """What the event checks need of the state before an action (UNO Flip: ``faces``, what
    its model needs, ``_flip.FlipBefore``; No Mercy: ``nm``, ``_no_mercy.NMBefore``)."""

    __slots__ = (
        "avail", "direction", "eliminated", "faces", "fire", "gone", "hands", "kept", "nm",
        "playable", "remaining", "window",
    )  # fmt: skip

    def __init__(self, game: Game, seat: int, act: Action) -> None:
        self.hands = [h[:] for h in game.hands]
        self.faces = FlipBefore(game) if is_flip(game) else None
        self.nm = NMBefore(game) if is_no_mercy(game) else None
        self.eliminated = list(game.eliminated)
        self.window = (game.phase, game.turn, game.drawn if game.phase == Phase.DRAWN else -1)
        self.avail = available(game)
        self.direction = game.direction
        self.fire = game.pen_until == PEN_FIRE
        self.remaining = self.kept = -1
        self.gone: Counter[int] = Counter()
        self.playable = False
        hand = game.hands[seat] if isinstance(seat, int) and 0 <= seat < game.n else []
        if act.kind in (Kind.PLAY, Kind.JUMP) and 0 <= act.card < N_CARDS:
            self.remaining = remaining_after(game, hand, act)
            self.kept = hand_after(game, seat, act) if act.kind == Kind.PLAY else self.remaining
            self.gone = discarded(game, hand, act)
        elif act.kind == Kind.DRAW:
            self.playable = any(p1_legal(game, c) for c in hand)


class EventModel:
    """Follows a round through the events of each action and checks them against the rules:
    every hand change is an event's (and a draw or press event's count is its cards), the
    draw pile or launcher count, the launcher's state (§3.6), the Wild Creepers revealed
    into each hand and every other seat's knowledge of them (§2.4), and the rules of the
    action itself (a draw, a press, a take, a catch, a Discard All, a Trade Hands)."""

    def __init__(self, ctx: _Ctx, game: Game, fresh: bool = True) -> None:
        """``fresh``: the game is a new round (its set-up is checked), not a position."""
        self.ctx = ctx
        self.launcher = presses(game)
        if self.launcher != (game.launcher is not None):
            ctx.fail("RULES.md §3.2: a launcher replaces the draw pile in Attack, and only there")
        self.mode = str(option(game, "attack.launcher", "hazard"))
        self.creepers = CREEPER in set(game.rules.deck)
        self.revealed = [0] * game.n  # revealed Creepers still in each hand (§2.4)
        self.fup = false_uno_penalty(game)
        self.state = 0  # the launcher's state from a reset (A-12: each round starts reset)
        if any(e.kind == "revealed" for e in game.setup_events):
            ctx.fail("M-1, M-5: a Creeper dealt or turned as the first card is not drawn")
        # the launcher's cards before the setup's presses (a first Wild All Hit, §3.2): what
        # it holds now, and what they took from it; a draw pile is not followed in the setup
        setup = game.setup_events
        fired = sum(len(e.cards) for e in setup if e.kind == "press")
        reloaded = sum(e.count for e in setup if e.kind == "reload")
        self.pile = len(game.draw_pile) + fired - reloaded if self.launcher else -1
        self._pile_events(setup)
        self.pile = len(game.draw_pile)
        if self.launcher:
            self._check_state(game)
        if fresh and game.rules.name in ("attack", "minecraft", "full_spectrum"):
            self._first_card(game)
        # UNO Blast: draws, BLAST events and eliminations (RULES.md §5.4-§5.7, _blast.py)
        self.blast = BlastModel(ctx, game, fresh) if is_blast(game) else None
        # UNO Flip: the table turning over, blind cards, the first card (§8, _flip.py)
        self.flip = FlipModel(ctx, game, fresh) if is_flip(game) else None
        # No Mercy: effects, chains, the Roulette, Mercy and the set-aside pile (§9)
        self.nm = NoMercyModel(ctx, game, fresh) if is_no_mercy(game) else None
        self.laid: list[int] = []  # the cards the action's plays laid, as they were held

    def _first_card(self, game: Game) -> None:
        """The first-card tables: Attack's (RULES.md §3.2, A-7, A-8, A-9), Minecraft's
        (§2.2: a number, M-5; or Classic's current Mattel table, a Creeper a plain Wild),
        Full Spectrum's (§4.4: Classic's current table; a Skip All lets the dealer play,
        FS-2)."""
        d, c = game.dealer, game.discard[0]
        first = next_active(game, d, 1)
        kind = CARD_KIND[c]
        phase, turn = game.phase, game.turn
        attack = game.rules.name == "attack"
        want = (Phase.TURN, first, 1)  # a number (or a Discard All, A-8): left(d) starts
        if attack and c == WHF:  # left(d) presses until it fires; the next seat declares
            want = (Phase.PENALTY, first, 1)
            if game.pen_until != PEN_FIRE or game.color != -1:
                self.ctx.fail("§3.2: a first Wild Hit-Fire: left(d) presses until it fires")
        elif CARD_IS_WILD[c]:  # left(d) declares (A-9: after a Wild All Hit too)
            want = (Phase.COLOR, first, 1)
        elif kind == KIND_INDEX["S"]:
            want = (Phase.TURN, next_active(game, first, 1), 1)
        elif kind == KIND_INDEX["R"]:
            want = (Phase.TURN, d, -1)
        elif kind == SKIP_ALL:  # as if the dealer had played it: the dealer plays (FS-2)
            want = (Phase.TURN, d, 1)
        elif kind in DRAW_CARDS:  # left(d) draws (presses) 2 and loses the turn
            want = (Phase.PENALTY, first, 1)
        if (phase, turn, game.direction) != want:
            self.ctx.fail(f"§2.2/§3.2: first card {CARD_TEXT[c]}: {(phase, turn)}, not {want}")
        if attack and kind == TRADE_HANDS:
            self.ctx.fail("§3.2: a first Trade Hands goes back into the launcher")
        number_only = option(game, "minecraft.first_card", "") == "number_only"
        if number_only and CARD_NUMBER[c] < 0:
            self.ctx.fail(f"§2.2, M-5: the first card {CARD_TEXT[c]} is not a number")
        presses_at = [e.seat for e in game.setup_events if e.kind == "press"]
        if attack and c == WAH:  # every seat but the dealer presses once, from left(d) (S9)
            order, s = [], first
            while s != d:
                order.append(s)
                s = next_active(game, s, 1)
            if presses_at != order:
                self.ctx.fail(f"§3.2: a first Wild All Hit: presses by {presses_at}, not {order}")
        elif presses_at:
            self.ctx.fail(f"§3.2: presses before the first turn: {presses_at}")

    # the whole action
    def after(
        self, game: Game, seat: int, act: Action, events: Sequence[Event], pre: Before, chain: int
    ) -> None:
        """Check the action ``seat: act`` that gave ``events``; ``chain`` is the pending draw
        total it may have taken."""
        self._hands(game, pre, events)
        self._pile_events(events)
        if self.pile != len(game.draw_pile):
            self.ctx.fail(
                f"P2/P3: the pile holds {len(game.draw_pile)} cards; its events leave {self.pile}"
            )
        if self.launcher:
            self._check_state(game)
            self._presses(game, seat, act, events, pre, chain)
        if self.creepers or any(e.kind == "revealed" for e in events):
            self._creepers(game, events)
        if self.flip is not None and pre.faces is not None:
            self.flip.after(game, seat, act, events, pre.faces, self.laid, pre.remaining)
        scored = ("attack", "minecraft", "full_spectrum", "blast", "flip")
        if game.over and game.rules.name in scored:
            score = [e.count for e in events if e.kind == "round_over"]
            value = blast_points if self.blast is not None else flip_points if self.flip else points
            want = sum(value(c) for s, h in enumerate(game.hands) if s != game.winner for c in h)
            if score != [want]:
                self.ctx.fail(
                    f"§2.5/§3.5/§5.5/§8.11: the round scores {score}; the hands left make {want}"
                )
        k = act.kind
        if self.nm is not None:
            self.nm.after(game, seat, act, events, pre, chain)
            if k == Kind.PLAY:
                self._discard_all(game, seat, act, events, pre)
            return
        if self.blast is not None:
            self.blast.after(game, seat, act, events, pre, chain)
            if k == Kind.PLAY:
                self._discard_all(game, seat, act, events, pre)
                left = pre.remaining
                if act.uno and (seat in game.uno_open or not (game.said_uno[seat] or game.over)):
                    self.ctx.fail(f"P4: {act} declared UNO, yet the seat is not safe")
                opens = left == 1 and len(pre.hands[seat]) >= 2 and not game.over
                if opens and not act.uno and uno_calls(game) and seat not in game.uno_open:
                    self.ctx.fail(f"P4: {act} left seat {seat} one card and opened no UNO window")
            return
        if k == Kind.DRAW:
            self._draw(game, seat, events, pre)
        elif k == Kind.PRESS:
            if game.over or game.phase != Phase.TURN or game.direction != pre.direction:
                self.ctx.fail("§3.3: after a press the next seat's turn begins")
            if game.turn != next_active(game, seat, pre.direction):
                self.ctx.fail(f"§3.3: pressing the launcher always ends seat {seat}'s turn")
        elif k == Kind.TAKE:
            self._take(game, seat, events, pre, chain)
        elif k == Kind.CATCH and not self.launcher:
            got = len(game.hands[act.target]) - len(pre.hands[act.target])
            want = draw_count(2, self._reveals(events, act.target), pre.avail)
            if got != want:
                self.ctx.fail(f"P4: a caught seat draws 2 cards, seat {act.target} drew {got}")
        elif k == Kind.PLAY:
            self._play(game, seat, act, events, pre)

    # every action
    def _hands(self, game: Game, pre: Before, events: Sequence[Event]) -> None:
        """Replaying the events on the hands before the action gives the hands after it. UNO
        Flip: an event tells a card its holder has seen one way only by that face (§8.4); a
        table turning over turns every hand (P9), and so does the catch of an illegal Flip
        (§8.12)."""
        sim = [list(h) for h in pre.hands]
        touched: set[int] = set()
        pool: Counter[int] | None = None  # every hand's cards when they were shuffled
        self.laid = []
        turns = any(e.kind == "turn_over" for e in events)
        for e in events:
            k = e.kind
            if k == "turn_over" or (
                k == "illegal_caught" and self.flip and CARD_KIND[e.cards[0]] == FLIP and not turns
            ):
                sim = [[TWIN[c] for c in h] for h in sim]
                touched.update(range(game.n))
            if k in ("draw", "press"):
                if e.count != len(e.cards):
                    self.ctx.fail(f"a {k} event of seat {e.seat} counts {e.count}: {e.cards}")
                assert e.seat is not None
                sim[e.seat].extend(e.cards)
                touched.add(e.seat)
            elif k in ("play", "discard_all", "blast_discard"):
                assert e.seat is not None
                hand = sim[e.seat]
                for c in e.cards:
                    if pre.faces is not None:
                        told, c = c, told_card(hand, c, pre.faces.blind[e.seat], game.hands[e.seat])
                        if c < 0:
                            self.ctx.fail(
                                f"§8.4: a {k} event tells seat {e.seat} {CARD_TEXT[told]}: no "
                                "card it holds, by the face it sees or by its id if it saw both"
                            )
                    if c not in hand:
                        self.ctx.fail(
                            f"a {k} event lays {CARD_TEXT[c]}, not in seat {e.seat}'s hand"
                        )
                    hand.remove(c)
                    if k == "play":
                        self.laid.append(c)
                touched.add(e.seat)
            elif k == "illegal_caught":
                back = list(e.cards)
                if self.flip is not None:  # told by the face its player saw (§8.4)
                    gained = Counter(game.hands[e.target]) - Counter(sim[e.target])
                    record = blind(game, e.target)
                    back = [returned_card(c, gained, record) for c in e.cards]
                    if -1 in back:
                        self.ctx.fail(
                            f"§8.4: the catch tells seat {e.target} {texts(e.cards)}: not the "
                            "card it gets back, by the face it sees or by its id if it saw both"
                        )
                sim[e.target].extend(back)
                touched.add(e.target)
            elif k == "eliminated":  # Blast (§5.5): the hand goes face down under the pile
                assert e.seat is not None
                if e.count != len(sim[e.seat]):
                    self.ctx.fail(
                        f"seat {e.seat} eliminated with {e.count} of its {len(sim[e.seat])}"
                    )
                sim[e.seat] = []
                touched.add(e.seat)
            elif k == "swap":
                assert e.seat is not None
                sim[e.seat], sim[e.target] = sim[e.target], sim[e.seat]
                touched.update((e.seat, e.target))
            elif k == "rotate":
                old = sim[:]
                for s in range(game.n):
                    if not game.eliminated[s]:
                        sim[next_active(game, s, e.direction)] = old[s]
                touched.update(range(game.n))
            elif k == "shuffle_hands":
                pool = Counter(c for h in sim for c in h)
            elif k == "hand":
                assert e.seat is not None
                if pool is not None:
                    sim[e.seat] = list(e.cards)
                elif Counter(sim[e.seat]) != Counter(e.cards):
                    self.ctx.fail(f"the hand event of seat {e.seat} is not its hand")
                touched.add(e.seat)
        if pool is not None and Counter(c for h in sim for c in h) != pool:
            self.ctx.fail("shuffle_hands: the hands dealt out are not the hands collected")
        for s in range(game.n):
            if s in touched:
                if Counter(sim[s]) != Counter(game.hands[s]):
                    self.ctx.fail(f"seat {s}'s hand changed other than its events say")
            elif game.hands[s] != pre.hands[s]:
                self.ctx.fail(f"seat {s}'s hand changed without an event")

    def _pile_events(self, events: Sequence[Event]) -> None:
        """Count the draw pile (or the launcher's cards) through the events; follow and check
        the launcher's state press by press."""
        pile = self.pile
        for e in events:
            k = e.kind
            if k in ("draw", "press"):
                if (k == "press") != self.launcher:
                    self.ctx.fail(
                        f"a '{k}' event: {'Attack presses' if self.launcher else 'no launcher'}"
                    )
                n = len(e.cards)
                if k == "press" and pile >= 0 and n > pile:
                    self.ctx.fail(f"a press fired {n} cards from a launcher holding {pile}")
                if k == "press" and not (n == 0 and pile == 0):
                    self._fire(n)  # (a press with nothing loaded or to reload: no machine press)
                if pile >= 0:
                    pile -= n
            elif k == "blast" and pile >= 0:  # a BLAST card drawn from the pile (§5.5)
                pile -= len(e.cards)
            elif k in ("reshuffle", "reload"):
                if (k == "reload") != self.launcher:
                    self.ctx.fail(
                        f"a '{k}' event: Attack reloads its launcher, the others reshuffle"
                    )
                if self.launcher and pile > 0:
                    self.ctx.fail(f"A-6: the launcher was reloaded while it held {pile} cards")
                if pile >= 0:
                    pile += e.count
                self.state = 0  # A-6, A-12: reloading opens the hopper, which resets it
        self.pile = pile

    def _fire(self, n: int) -> None:
        """One press of the machine that fired ``n`` cards (RULES.md §3.6, §7.2)."""
        mode, k = self.mode, self.state
        if n > BURST_MAX[mode]:
            self.ctx.fail(f"§3.6: a {mode} launcher fired {n} cards at once")
        if mode == "pattern":
            press = k % 96 + 1
            if bool(n) != (press in FIRE_PRESSES):
                self.ctx.fail(f"§7.2: press {press} of the pattern fired {n} cards")
            self.state = k + 1
            return
        if mode == "hazard" and not n and k >= 3:
            self.ctx.fail("§3.6: the hazard launcher fires for sure after 3 misses")
        if mode == "one_card" and n != 1:
            self.ctx.fail(f"§3.6: a one_card launcher fired {n} cards")
        self.state = 0 if n else k + 1

    def _check_state(self, game: Game) -> None:
        assert game.launcher is not None
        state = game.launcher.state
        if not 0 <= state <= STATE_MAX.get(self.mode, state):
            self.ctx.fail(f"§3.6: a {self.mode} launcher in state {state}")
        if state != self.state:
            self.ctx.fail(
                f"§3.6: the launcher's state is {state}; its presses make it {self.state}"
            )

    def _presses(
        self, game: Game, seat: int, act: Action, events: Sequence[Event], pre: Before, chain: int
    ) -> None:
        """Attack: each press the rules call for, and no other (§3.3-3.5, P4)."""
        want: Counter[tuple[int | None, str]] = Counter()
        k = act.kind
        if k == Kind.PRESS:
            want[seat, "turn"] = 1
            got_now = sum(len(e.cards) for e in events if e.kind == "press" and e.reason == "turn")
            if act.uno and len(pre.hands[seat]) + got_now != 1:  # P4: a false call
                want[seat, "false_uno"] = self.fup
            elif act.uno and not game.said_uno[seat]:
                self.ctx.fail("P4: 'press uno' left one card (nothing fired): a declaration")
        elif k in (Kind.PLAY, Kind.JUMP) and act.uno and pre.kept != 1:
            want[seat, "false_uno"] = self.fup
        elif k == Kind.TAKE and not pre.fire:
            want[seat, "penalty"] = chain
        elif k == Kind.CATCH:
            want[act.target, "uno"] = 2  # P4: Attack presses twice
        for i, e in enumerate(events):
            if e.kind in ("all_draw", "all_hit"):
                assert e.seat is not None
                # §3.4: one by one from next(player) in the current direction
                order, s = [], next_active(game, e.seat, game.direction)
                while s != e.seat:
                    order.extend([s] * e.count)
                    want[s, "all_draw"] += e.count
                    s = next_active(game, s, game.direction)
                went = [f.seat for f in events[i + 1 :] if f.kind == "press"]
                if went[: len(order)] != order:
                    self.ctx.fail(f"§3.4: all-hit presses by seats {went}, not {order}")
        got = Counter((e.seat, e.reason) for e in events if e.kind == "press")
        if k == Kind.TAKE and pre.fire:
            fired = [len(e.cards) for e in events if e.kind == "press" and e.reason == "penalty"]
            del got[seat, "penalty"]
            if not fired or any(fired[:-1]) or len(fired) > UNTIL_FIRE_MAX[self.mode]:
                self.ctx.fail(f"§3.4: a Wild Hit-Fire's presses until it fires gave {fired}")
            if not fired[-1] and available(game):
                self.ctx.fail("§3.4: the presses until it fires stopped with cards to fire")
        if +got != +want:
            self.ctx.fail(f"presses {dict(+got)}; the rules call for {dict(+want)}")

    def _creepers(self, game: Game, events: Sequence[Event]) -> None:
        """RULES.md §2.4: a Creeper drawn from the pile for any reason is revealed at once, its
        drawer draws 3 more (which trigger nothing), and every seat then knows it is in that
        hand until it leaves."""
        revealed = self.revealed
        fresh = False
        for i, e in enumerate(events):
            k = e.kind
            if k == "draw" and e.reason != "revealed" and CREEPER in e.cards:
                nxt = events[i + 1] if i + 1 < len(events) else None
                if (
                    e.cards.index(CREEPER) != len(e.cards) - 1
                    or nxt is None
                    or nxt.kind != "revealed"
                    or nxt.seat != e.seat
                ):
                    self.ctx.fail(f"§2.4: seat {e.seat} drew a Creeper ({e.reason}), not revealed")
            elif k == "revealed":
                prev = events[i - 1] if i else None
                if e.cards != (CREEPER,) or e.count != CREEPER_CARDS or e.vis != PUBLIC:
                    self.ctx.fail(f"§2.4: revealed event {e}")
                if (
                    prev is None
                    or prev.kind != "draw"
                    or prev.seat != e.seat
                    or prev.reason == "revealed"
                    or prev.cards[-1] != CREEPER
                ):
                    self.ctx.fail(f"§2.4: seat {e.seat} revealed a Creeper it did not just draw")
                short, extra = False, None
                for f in events[i + 1 :]:
                    if f.kind == "draw_short":
                        short = True
                    elif f.kind == "draw" and f.seat == e.seat:
                        extra = f
                        break
                    elif f.kind != "reshuffle":
                        break
                n = 0 if extra is None else len(extra.cards)
                if extra is not None and extra.reason != "revealed":
                    self.ctx.fail(f"§2.4: the Creeper's cards are drawn as '{extra.reason}'")
                if n > CREEPER_CARDS or (n < CREEPER_CARDS and not short):
                    self.ctx.fail(f"§2.4: a revealed Creeper made seat {e.seat} draw {n} cards")
                assert e.seat is not None
                revealed[e.seat] += 1
                fresh = True
            elif k == "play":
                assert e.seat is not None
                gone = sum(1 for c in e.cards if c == CREEPER)
                revealed[e.seat] = max(revealed[e.seat] - gone, 0)
            elif k == "swap":
                assert e.seat is not None
                revealed[e.seat], revealed[e.target] = revealed[e.target], revealed[e.seat]
            elif k == "rotate":
                old = revealed[:]
                for s in range(game.n):
                    if not game.eliminated[s]:
                        revealed[next_active(game, s, e.direction)] = old[s]
            elif k == "shuffle_hands":
                revealed[:] = [0] * game.n
        n_reveals = sum(1 for e in events if e.kind == "revealed")
        n_extra = sum(1 for e in events if e.kind == "draw" and e.reason == "revealed")
        if n_extra > n_reveals:
            self.ctx.fail("§2.4: cards drawn for a Creeper that was not revealed")
        for h, r in enumerate(revealed):
            if not r:
                continue
            if game.hands[h].count(CREEPER) < r:
                self.ctx.fail(f"§2.4: seat {h} holds fewer Creepers than were revealed to it")
            for o in range(game.n):
                if o == h:
                    continue
                seen = game.known[o][h].count(CREEPER)
                if fresh:
                    seen = min(seen, game.view(o).known[h].count(CREEPER))
                if seen < r:
                    self.ctx.fail(f"§2.4: seat {o} does not know the Creeper revealed to seat {h}")

    # the action's own rules
    @staticmethod
    def _reveals(events: Sequence[Event], seat: int) -> int:
        return sum(1 for e in events if e.kind == "revealed" and e.seat == seat)

    def _draw(self, game: Game, seat: int, events: Sequence[Event], pre: Before) -> None:
        """RULES.md §1.3: one card, which may be played at once if it matches (the drawn
        window), unless the draw ends the turn: ``draw_ends_turn`` on a voluntary draw
        (C-11), ``minecraft.creeper_ends_turn`` on a Creeper (M-3). ``draw_until_playable``:
        a draw that had to be made goes on until a playable card."""
        cards = [
            c
            for e in events
            if e.kind == "draw" and e.seat == seat and e.reason == "turn"
            for c in e.cards
        ]
        voluntary = pre.playable
        if option(game, "draw_until_playable", False) and not voluntary:
            for c in cards[:-1]:
                if p1_legal(game, c):
                    self.ctx.fail(f"§1.8 draw_until_playable: drew on after {CARD_TEXT[c]}")
        elif len(cards) > 1:
            self.ctx.fail(f"§1.3: a draw of {len(cards)} cards")
        drawn = cards[-1] if cards else -1
        ends = (
            drawn < 0
            or not p1_legal(game, drawn)
            or (voluntary and bool(option(game, "draw_ends_turn", False)))
            or (drawn == CREEPER and bool(option(game, "minecraft.creeper_ends_turn", False)))
        )
        if ends:
            if game.phase != Phase.TURN or game.turn != next_active(game, seat, pre.direction):
                what = CARD_TEXT[drawn] if drawn >= 0 else "no card"
                self.ctx.fail(f"§1.3, C-11, M-3: the draw of {what} ends the turn")
        elif game.phase != Phase.DRAWN or game.drawn != drawn or game.turn != seat:
            self.ctx.fail(f"§1.3, M-3: the drawn {CARD_TEXT[drawn]} may be played at once")

    def _take(
        self, game: Game, seat: int, events: Sequence[Event], pre: Before, chain: int
    ) -> None:
        """E-1: the victim draws the pending total (Attack: presses it, §3.4; a Wild Draw
        Color's victim until its colour, P10) and loses its turn."""
        if not game.over and game.turn != next_active(game, seat, game.direction):
            self.ctx.fail(f"E-1: seat {seat} took the penalty: the next seat's turn")
        if self.launcher or pre.fire:
            return  # counted press by press (_presses)
        until = pre.faces.until if pre.faces is not None else -1
        if until >= 0:
            cards = [c for e in events if e.kind == "draw" and e.seat == seat for c in e.cards]
            why = until_color_problem(cards, until, 0, len(cards) >= pre.avail)
            told = [e.color for e in events if e.kind == "take"]
            if why or told != [until]:
                self.ctx.fail(f"P10: a take until {COLOR_LETTERS[until]} (told {told}): {why}")
            return
        got = len(game.hands[seat]) - len(pre.hands[seat])
        want = draw_count(chain, self._reveals(events, seat), pre.avail)
        if got != want:
            self.ctx.fail(f"E-1: a take of a {chain}-card penalty drew {got} cards")

    def _play(self, game: Game, p: int, act: Action, events: Sequence[Event], pre: Before) -> None:
        """The UNO window (P4, C-4), the cards the hand keeps, a Discard All's discards
        (§3.4, A-3), a Trade Hands' or Friendly card's swap (§3.4, A-4), the Wild Hit-Fire's
        and Wild All Hit's next seat."""
        laid = (act.card, *act.more)
        last = laid[-1]
        kind = CARD_KIND[last]
        moved = any(e.kind in ("swap", "rotate", "shuffle_hands") for e in events)
        left = pre.remaining
        false_call = act.uno and pre.kept != 1
        if not false_call and len(game.hands[p]) != (pre.kept if moved else left):
            self.ctx.fail(f"{act} should leave {left} cards; seat {p} holds {len(game.hands[p])}")
        if act.uno and (p in game.uno_open or not (false_call or game.said_uno[p] or game.over)):
            self.ctx.fail(f"P4: {act} declared UNO, yet the seat is not safe")
        if moved and game.uno_open:
            self.ctx.fail(f"C-4: a hand move opened UNO windows on seats {game.uno_open}")
        # going out ends the round, unless the last card's draw penalty is still to take
        # (§1.6, A-5, §8.11: the victim takes it, and the cards count)
        pending = kind in DRAW_CARDS or last == WHF or kind == WILD_DRAW_COLOR
        if left == 0 and last not in (BLANK, BOOMERANG) and game.over == pending:
            self.ctx.fail(f"§1.6, A-5: {act} went out: round over={game.over}")
        opens = not moved and left == 1 and len(pre.hands[p]) >= 2 and not game.over
        if opens and not act.uno and p not in game.uno_open:
            self.ctx.fail(f"P4: {act} left seat {p} one card and opened no UNO window")
        self._discard_all(game, p, act, events, pre)
        self._swaps_and_all_draws(game, p, act, events, pre, moved)

    def _discard_all(
        self, game: Game, p: int, act: Action, events: Sequence[Event], pre: Before
    ) -> None:
        """A Discard All's discards (§3.4, A-3; Blast's Descartar Todo, §5.7): every other
        card of its colour goes under it, each played by ``p``, and the turn passes."""
        laid = (act.card, *act.more)
        last = laid[-1]
        if CARD_KIND[last] != DISCARD_ALL:
            return
        gone = Counter(c for e in events if e.kind == "discard_all" for c in e.cards)
        if gone != pre.gone:
            text = " ".join(CARD_TEXT[c] for c in sorted(gone.elements())) or "nothing"
            want = " ".join(CARD_TEXT[c] for c in sorted(pre.gone.elements())) or "nothing"
            self.ctx.fail(f"§3.4, A-3: {act} discarded {text}, not {want}")
        n = sum(gone.values())
        reloaded = any(e.kind in ("reload", "reshuffle") for e in events)  # later draws
        under = Counter(game.discard[-1 - n : -1])
        if game.discard[-1] != last or (under != gone and not reloaded):
            self.ctx.fail("§3.4: the discarded cards go under the Discard All, on top")
        if not reloaded and any(x != p for x in game.discard_by[-1 - n :]):
            self.ctx.fail(f"§5.7: the discarded cards are played by seat {p} (played_by)")
        if not game.over and (
            game.phase != Phase.TURN
            or game.direction != pre.direction
            or game.turn != next_active(game, p, pre.direction)
        ):
            self.ctx.fail("§3.4: a Discard All passes the turn; its discards do nothing")

    def _swaps_and_all_draws(
        self, game: Game, p: int, act: Action, events: Sequence[Event], pre: Before, moved: bool
    ) -> None:
        """A Trade Hands' or Friendly card's swap (§3.4, A-4), the cards dealt to every
        other seat, the next seat after a Wild Hit-Fire, a Wild All Hit or a Skip All."""
        laid = (act.card, *act.more)
        last = laid[-1]
        kind = CARD_KIND[last]
        left = pre.remaining
        false_call = act.uno and pre.kept != 1
        if kind == TRADE_HANDS or last == FRIENDLY:
            swaps = [e for e in events if e.kind == "swap"]
            if left == 0:
                if swaps or not game.over:
                    self.ctx.fail(
                        "A-4, FS-7: going out on a swap ends the round; nothing is swapped"
                    )
                return
            times = len(laid) if all(CARD_KIND[x] == kind for x in laid) else 1
            if len(swaps) != times or any(e.seat != p or e.target != act.target for e in swaps):
                self.ctx.fail(f"§3.4: {act} swaps hands with seat {act.target} ({times} times)")
            t = act.target
            traded = Counter(game.hands[p]) == Counter(pre.hands[t]) and Counter(
                game.hands[t]
            ) == Counter(pre.hands[p]) - Counter(laid)
            if times % 2 and not false_call and not traded:
                self.ctx.fail(f"§3.4: {act}: seats {p} and {t} did not trade hands")
            if p in game.uno_open or t in game.uno_open:
                self.ctx.fail("C-4: a swap of hands opens no UNO window")
        dealt = [e.count for e in events if e.kind in ("all_draw", "all_hit")]
        if last in ALL_DRAWS and dealt != [ALL_DRAWS[last]]:
            self.ctx.fail(f"§1.8/§3.4: {CARD_TEXT[last]} deals {dealt} to every other seat")
        if game.over:
            return
        nxt = next_active(game, p, game.direction)
        if last in ALL_DRAWS and last != WAH and (game.phase != Phase.TURN or game.turn != p):
            self.ctx.fail(f"§1.8: after {CARD_TEXT[last]} the same player plays again")
        if last == WHF and (
            game.phase != Phase.PENALTY or game.pen_until != PEN_FIRE or game.turn != nxt
        ):
            self.ctx.fail("§3.4: after a Wild Hit-Fire the next seat presses until it fires")
        if last == WAH and (game.phase != Phase.TURN or game.turn != nxt):
            self.ctx.fail("§3.4: after a Wild All Hit the next seat plays, not skipped")
        if kind == SKIP_ALL and not moved:
            skipped = [e.seat for e in events if e.kind == "skip"]
            others, s = [], next_active(game, p, game.direction)
            while s != p:
                others.append(s)
                s = next_active(game, s, game.direction)
            if game.phase != Phase.TURN or game.turn != p or skipped != others:
                self.ctx.fail(
                    f"§4.7, FS-4: after a Skip All seat {p} plays again, every other seat "
                    f"skipped ({others}); got turn {game.turn}, skips {skipped}"
                )


# -- the checks ----------------------------------------------------------------------------
def check_conservation(ctx: _Ctx, game: Game, deck: Counter[int], what: str = "") -> None:
    """Every card of the deck is in exactly one place: a hand, the draw pile (or launcher),
    the discard pile, and in Blast the buried hands, the spent BLAST cards and the active
    BLAST card (§5.5) — counted here, and by ``game.all_cards()``. UNO Flip: every card
    shows the face of the side in play, the top card's (P9 turns the whole table over, and
    the deck is dealt light side up): on the dark side, each card of the deck turned."""
    dark = is_flip(game) and DARK_UP[game.discard[-1]]
    places = [*game.draw_pile, *game.discard, *game.buried]
    for h in game.hands:
        places.extend(h)
    if game.blast is not None:
        places.extend(game.blast.spent)
        if game.blast.card >= 0:
            places.append(game.blast.card)
    places.sort()
    want = _sorted_deck(deck, dark)
    if places == want:
        if sorted(game.all_cards()) != want:
            ctx.fail(f"card conservation{what}: game.all_cards() misses or repeats cards", game)
        return
    have = Counter(places)
    now = Counter(want)
    if have != now:
        lost = " ".join(CARD_TEXT[c] for c in (now - have).elements()) or "-"
        extra = " ".join(CARD_TEXT[c] for c in (have - now).elements()) or "-"
        side = " (the dark side is in play)" if dark else ""
        ctx.fail(f"card conservation{what}: lost {lost}; extra {extra}{side}", game)


def deck_now(game: Game) -> Counter[int]:
    """The deck as it lies (what ``game.all_cards()`` must hold): UNO Flip's cards turned
    over when the dark side is in play (P9)."""
    deck = Counter(game.rules.deck)
    if is_flip(game) and DARK_UP[game.discard[-1]]:
        return Counter({TWIN[c]: k for c, k in deck.items()})
    return deck


_SORTED_DECKS: dict[tuple[int, bool], tuple[Counter[int], list[int]]] = {}


def _sorted_deck(deck: Counter[int], turned: bool = False) -> list[int]:
    """The deck's cards in order, each ``turned`` over (its other face up) if asked (cached
    per deck Counter)."""
    key = (id(deck), turned)
    hit = _SORTED_DECKS.get(key)
    if hit is None or hit[0] is not deck:
        if len(_SORTED_DECKS) > 64:
            _SORTED_DECKS.clear()
        cards = deck.elements()
        hit = _SORTED_DECKS[key] = (
            deck,
            sorted(TWIN[c] for c in cards) if turned else sorted(cards),
        )
    return hit[1]


def state_checks(ctx: _Ctx, game: Game, deck: Counter[int], checks: Checks) -> None:
    """Cheap invariants after every accepted action."""
    if checks.conservation:
        check_conservation(ctx, game, deck)
    if not checks.acting:
        return
    top = game.discard[-1]
    if not CARD_IS_WILD[top] and game.color != CARD_COLOR[top]:
        ctx.fail(f"active colour {game.color} is not the printed colour of {CARD_TEXT[top]}")
    declared = game.phase in (Phase.COLOR, Phase.OVER) or game.color in declarable_colors(game)
    # A-9: a first Wild Hit-Fire's colour is declared by the seat after the one that presses
    first_fire = (
        game.pen_until == PEN_FIRE and game.phase == Phase.PENALTY and len(game.discard) == 1
    )
    declared = declared or (first_fire and game.color == -1)
    if CARD_IS_WILD[top] and not declared:
        ctx.fail(f"wild top {CARD_TEXT[top]} carries no declarable colour ({game.color})")
    for t in game.uno_open:
        if len(game.hands[t]) != 1:
            ctx.fail(f"P4: UNO window open on seat {t} holding {len(game.hands[t])} cards")
    if presses(game) and game.phase == Phase.DRAWN:
        ctx.fail("§3.3: cards fired by a press cannot be played this turn (no drawn window)")
    if game.strict >= 0 and not (
        option(game, "attack.strict_first_color", False)
        and len(game.discard) == 1
        and CARD_KIND[top] in (KIND_INDEX["S"], KIND_INDEX["R"])
        and game.strict == CARD_COLOR[top]
    ):
        ctx.fail(f"A-7: the turn is restricted to colour {game.strict} after {CARD_TEXT[top]}")
    if is_blast(game):
        blast_state_checks(ctx.fail, game)
    if is_no_mercy(game):
        nm_state_checks(ctx.fail, game)
    if game.over:
        # Blast, No Mercy: the last active seat wins whatever it holds (§5.5 (b), §9.8)
        elimination = is_blast(game) or is_no_mercy(game)
        last = elimination and sum(not x for x in game.eliminated) == 1
        if not 0 <= game.winner < game.n or (game.hands[game.winner] and not last):
            ctx.fail(f"round over but the winner {game.winner} still holds cards")
        if last and game.eliminated[game.winner]:
            ctx.fail(f"round over: the winner {game.winner} is eliminated")
        if game.acting_seats() or any(game.legal_actions(s) for s in range(game.n)):
            ctx.fail("round over but some seat still has legal actions")


def check_offers(ctx: _Ctx, game: Game, checks: Checks, chosen: set[int] | None = None) -> None:
    """Acting seats have legal actions, the others none, the turn-holder always; the
    turn-holder's plays are exactly the RULES.md §1.3 ones, each with the seats, directions,
    colours, UNO calls (P4) and ``keep`` (A-3) the rules give it; a draw where there is a
    draw pile, a press where a launcher replaces it (§3.3, reneging). Blast: every seat's
    whole list of actions (``_blast.check_blast_offers``; ``chosen``: the seats that chose
    their cards in the open BLAST event)."""
    if is_blast(game):
        check_blast_offers(ctx.fail, game, chosen)
        return
    acting = game.acting_seats()
    turn = game.turn
    if checks.acting:
        if turn not in acting:
            ctx.fail(f"the turn-holder {turn} is not among the acting seats {acting}")
        for s in range(game.n):
            has = bool(game.legal_actions(s))
            if has != (s in acting):
                ctx.fail(f"seat {s}: has legal actions={has} but acting={s in acting}")
    if not checks.offers:
        return
    offered = game.legal_actions(turn)
    plays = [a for a in offered if a.kind == Kind.PLAY and not a.more]
    for a in offered:
        if a.kind == Kind.PLAY and a.more and not multi_play_ok(game, a):
            ctx.fail(f"§1.8: offered {a} lays several cards against play_duplicates / zero_discard")
    hand = game.hands[turn]
    seen = seen_hand(game, turn)  # its cards as the seat sees them (UNO Flip, §8.4)
    if game.phase == Phase.TURN:
        if permissive(game) and len(hand) > 1:
            want = set(seen)
        else:
            want = {
                c
                for c in seen
                if p1_legal(game, c) and not last_card_forbidden(game, c, len(hand) - 1)
            }
    elif game.phase == Phase.DRAWN:
        want = {game.drawn}
        if game.drawn not in seen or not p1_legal(game, game.drawn):
            ctx.fail(f"§1.3: drawn window on {CARD_TEXT[game.drawn]}, not a legal card in hand")
    elif game.phase == Phase.PENALTY:
        want = {c for c in seen if answers(game, c)}
    else:
        want = set()
    got = {a.card for a in plays}
    if got != want:
        extra = " ".join(CARD_TEXT[c] for c in sorted(got - want)) or "-"
        missing = " ".join(CARD_TEXT[c] for c in sorted(want - got)) or "-"
        ctx.fail(f"P1/§1.3: offered plays differ from the rules: extra {extra}; missing {missing}")
    for c in got:
        targets = {a.target for a in plays if a.card == c}
        if targets != swap_targets(game, c):
            ctx.fail(f"§1.8: {CARD_TEXT[c]} is offered with targets {sorted(targets)}")
        chosen = {a.direction for a in plays if a.card == c}
        if chosen != directions(game, c):
            ctx.fail(f"§1.8: {CARD_TEXT[c]} is offered with directions {sorted(chosen)}")
    colors = declarable_colors(game)
    for a in plays:
        declares = needs_color(game, a.card)
        if declares and a.color not in colors:
            ctx.fail(f"offered {a} declares no colour of the variant (§0.6; UNO Flip: FL-10)")
        if not declares and a.color != -1:
            ctx.fail(f"offered {a} declares a colour on a card that takes none")
    # the UNO call (P4: only where the play leaves one card, or as a false call) and keep
    fup = false_uno_penalty(game)
    calls: dict[Action, set[bool]] = {}
    keeps: dict[Action, set[int]] = {}
    for a in offered:
        if a.kind == Kind.PLAY:
            base = a._replace(uno=False)
            calls.setdefault(base, set()).add(a.uno)
            keeps.setdefault(base._replace(amount=-1), set()).add(a.amount)
    for base, unos in calls.items():
        if unos != ({False, True} if uno_call_offered(game, turn, base) else {False}):
            kept = hand_after(game, turn, base)
            ctx.fail(f"P4: {base} (leaving {kept} cards) is offered with UNO calls {unos}")
    for base, amounts in keeps.items():
        if amounts != ({-1, KEEP} if keep_offered(game, hand, base) else {-1}):
            ctx.fail(f"A-3: {base} is offered with keep={KEEP in amounts}")
    if is_no_mercy(game):  # (no voluntary draw, NM-4; the drawn card played, NM-22)
        check_nm_offers(ctx.fail, game)
        return
    # the draw or the press (§1.3, §3.3)
    kinds = Counter((a.kind, a.uno) for a in offered if a.kind in (Kind.DRAW, Kind.PRESS))
    expected: Counter[tuple[Kind, bool]] = Counter()
    if game.phase == Phase.TURN:
        if not presses(game):
            expected[Kind.DRAW, False] = 1
            expected[Kind.DRAW, True] = int(fup > 0)
        elif option(game, "attack.allow_renege", True) or not want:
            expected[Kind.PRESS, False] = 1
            expected[Kind.PRESS, True] = int(fup > 0)
    if +kinds != +expected:
        ctx.fail(f"§1.3/§3.3: offered draws and presses {dict(+kinds)}, not {dict(+expected)}")


def check_offered_apply(ctx: _Ctx, game: Game, deck: Counter[int]) -> None:
    """Every action offered to every acting seat applies on a copy; the game is untouched."""
    before = uv.to_json(game)
    acting = game.acting_seats()
    if game.phase == Phase.BLAST:  # (Blast: up to 10 seats choosing) three of them, in turn
        acting = tuple(acting[(game.version + i) % len(acting)] for i in range(min(3, len(acting))))
    for s in acting:
        legal = game.legal_actions(s)
        if len(legal) > 16 and is_blast(game):  # wilds x 6 colours, Numerals x 10 numbers,
            legal = legal[:: len(legal) // 16 + 1] + legal[-1:]  # thousands of BLAST sets
        for a in legal:
            g = game.copy()
            try:
                g.apply(s, a)
            except Exception as exc:
                ctx.fail(f"offered action {s}: {a} is refused on a copy: {exc!r}")
            check_conservation(ctx, g, deck, f" after offered {s}: {a} on a copy")
    if uv.to_json(game) != before:
        ctx.fail("trying actions on game.copy() changed the game")


# -- illegal actions -----------------------------------------------------------------------
Candidate = tuple[object, object, str]  # (seat, action text or Action, why it is illegal)


def illegal_candidates(game: Game) -> list[Candidate]:
    """Actions RULES.md forbids in this state, by category (deterministic)."""
    out: list[Candidate] = []
    n = game.n
    deck = sorted(set(game.rules.deck))
    # the draw action: a draw from the pile, or in Attack a press of the launcher (§3.3)
    draw, no_draw = ("press", "draw") if presses(game) else ("draw", "press")
    malformed = (
        "", " ", "R77", "X7", "r7", "7R", "W+4:Z", "W:", "W:GG", "catch:", "catch:-1",
        "catch:x", "draw draw", "R7 uno uno", "R7 UNO", "penalize:1", "color:", "color:Q",
        "play R7", "take please", "uno uno", "press press", "press keep", "R7 uno keep",
        "keep",
    )  # fmt: skip
    out.extend((0, text, "malformed") for text in malformed)
    out.extend((s, draw, "no such seat") for s in (-1, n, n + 5, "0", None))
    out.append((None, "penalize:99:2", "referee: no such seat"))
    out.append((None, "penalize:0:0", "referee: empty penalty"))
    if game.over:
        for s in range(n):
            out.extend((s, a, "round over") for a in (draw, no_draw, "uno", "take", "pass", "R5"))
            out.extend((s, f"catch:{t}", "round over") for t in range(n) if t != s)
        return out

    turn, phase = game.turn, game.phase
    hand = seen_hand(game, turn)  # as the seat sees its cards, as it names them (§8.4)
    fup = false_uno_penalty(game)
    loose = permissive(game) and len(hand) > 1
    # cards not in the hand (Blast's deck has 215 different cards: a quarter of them, turn
    # by turn)
    absent = [c for c in deck if c not in hand]
    if is_blast(game):
        absent = absent[game.version % 4 :: 4]
    if is_flip(game):
        absent = flip_absent(game, turn, hand)
        out.extend(flip_candidates(game, turn, hand))
    for c in absent:
        out.append((turn, _play(game, c), "card not in hand"))
    # non-matching cards (where no option accepts them)
    if phase == Phase.TURN and not loose:
        for c in set(hand):
            if not p1_legal(game, c):
                out.append((turn, Action(Kind.PLAY, card=c), "does not match (P1)"))
    if phase == Phase.DRAWN:
        for c in set(hand):
            if c != game.drawn:
                out.append((turn, _play(game, c), "after a draw only the drawn card"))
    # declared colours
    if phase in (Phase.TURN, Phase.DRAWN):
        for c in set(hand):
            if phase == Phase.DRAWN and c != game.drawn:
                continue
            if needs_color(game, c):
                out.append((turn, _play(game, c)._replace(color=-1), "wild without a colour"))
                for col in foreign_colors(game):
                    out.append((turn, _play(game, c)._replace(color=col), "not a colour"))
            elif p1_legal(game, c) or loose:
                out.append((turn, _play(game, c)._replace(color=0), "colour on a non-wild"))
    if phase == Phase.COLOR:
        out.extend(
            (turn, Action(Kind.COLOR, color=col), "not a colour") for col in foreign_colors(game)
        )
    # the wrong mandatory action for the phase; the other variants' draw action
    wrong = {
        Phase.TURN: ("take", "challenge", "pass", "color:R"),
        Phase.DRAWN: (draw, "take", "challenge", "color:R"),
        Phase.PENALTY: (draw, "pass", "color:R") + (() if game.pen_challenge else ("challenge",)),
        Phase.COLOR: (draw, "pass", "take", "challenge"),
        Phase.BLAST: (draw, "pass", "take", "challenge", "color:R"),
    }[phase]
    out.extend((turn, a, f"wrong action in the {phase.name.lower()} window") for a in wrong)
    why = "Attack has no draw pile (§3.2)" if presses(game) else "no launcher outside Attack"
    out.extend((turn, a, why) for a in (no_draw, f"{no_draw} uno"))
    if phase == Phase.COLOR and hand:
        out.append((turn, _play(game, hand[0]), "play in the color window"))
    if phase == Phase.PENALTY:
        out.extend(
            (turn, _play(game, c), "not an answer to the penalty (§1.8)")
            for c in set(hand)
            if not answers(game, c)
        )
    # UNO misuse in the turn-holder's own action (P4: a Discard All's discards count)
    if phase in (Phase.TURN, Phase.DRAWN):
        for c in set(hand):
            if phase == Phase.DRAWN and c != game.drawn:
                continue
            if not (p1_legal(game, c) or loose):
                continue
            a = _play(game, c)
            if not uno_call_offered(game, turn, a):
                out.append((turn, a._replace(uno=True), "UNO that is not due"))
        if phase == Phase.TURN and fup == 0:
            out.append((turn, f"{draw} uno", "UNO with a draw (false calls off)"))
    if presses(game) and phase == Phase.TURN:
        out.extend(attack_candidates(game))
    if is_blast(game):
        out.extend(blast_candidates(game))
    if is_no_mercy(game):
        out.extend(nm_candidates(game))
    # seats with no window
    for s in range(n):
        if s == turn:
            continue
        for word in (draw, "take", "pass", "challenge", "color:R"):
            out.append((s, word, "not this seat's window"))
        other = game.hands[s]
        if other:
            out.append((s, _play(game, other[0]), "play out of turn"))
    # UNO attached to an action that is neither a play nor a draw; card ids that do not exist
    for s in game.acting_seats():
        legal = game.legal_actions(s)
        for a in legal[:8] if is_blast(game) else legal:  # (thousands in a BLAST event)
            if a.kind not in (Kind.PLAY, Kind.DRAW, Kind.PRESS, Kind.JUMP):
                out.append((s, a._replace(uno=True), "UNO on an action that is not a play"))
    for c in (-1, N_CARDS, N_CARDS + 100):
        out.append((turn, Action(Kind.PLAY, card=c), "card id that does not exist"))
    # UNO declarations and catches without a window
    for s in range(n):
        if s not in game.uno_open:
            out.append((s, "uno", "no UNO window"))
        out.append((s, f"catch:{s}", "catch oneself"))
        out.append((s, f"catch:{n}", "catch a seat that does not exist"))
        for t in range(n):
            if t != s and (t not in game.uno_open or len(game.hands[t]) != 1):
                out.append((s, f"catch:{t}", "no UNO window on the target"))
        if game.illegal is None:
            out.append((s, "catch_illegal", "no illegal play to catch"))
        elif s == game.illegal[0]:
            out.append((s, "catch_illegal", "the offender catches itself"))
    return out


def flip_absent(game: Game, turn: int, seen: Sequence[int]) -> list[int]:
    """UNO Flip's cards the turn-holder does not hold as it sees them: every card of the
    deck with either face up, and every face, but the cards it sees in its hand and the
    faces they show (naming a card by its face up names it, §8.4); a sixth of them, turn by
    turn (the deck has 222 ids and 62 faces)."""
    held = set(seen) | {FACE[c] for c in game.hands[turn]}
    return [c for c in _flip_ids(game.rules.deck) if c not in held][game.version % 6 :: 6]


@functools.lru_cache(maxsize=4)
def _flip_ids(deck: tuple[int, ...]) -> tuple[int, ...]:
    """Every id of a deck of two-faced cards, either face up, and every face."""
    return tuple(sorted({x for c in set(deck) for x in (c, TWIN[c], FACE[c], FACE[TWIN[c]])}))


def flip_candidates(game: Game, turn: int, seen: Sequence[int]) -> list[Candidate]:
    """UNO Flip's own illegal plays (RULES.md §8.4, §8.12): a card the seat sees by its face
    only, named by its id (it would learn the back: refused as a card it does not hold); two
    Flips laid together under ``play_duplicates`` (a Flip is laid alone)."""
    out: list[Candidate] = []
    for c in sorted(set(blind(game, turn)) & set(game.hands[turn])):
        out.append((turn, _play(game, c), "a blind card named by its id (§8.4)"))
    flips = [c for c in seen if CARD_KIND[c] == FLIP]
    if game.phase == Phase.TURN and len(flips) > 1 and option(game, "play_duplicates", False):
        first = next((c for c in flips if p1_legal(game, c)), flips[0])
        rest = list(flips)
        rest.remove(first)
        two = _play(game, first)._replace(more=(rest[0],))
        out.append((turn, two, "two Flips laid together (§8.12)"))
    return out


def attack_candidates(game: Game) -> list[Candidate]:
    """UNO Attack's illegal plays in the turn window (RULES.md §3.3, §3.4, A-3, A-4, A-7)."""
    out: list[Candidate] = []
    turn, n = game.turn, game.n
    hand = game.hands[turn]
    optional = bool(option(game, "attack.discard_all_optional", False))
    legal = [c for c in sorted(set(hand)) if p1_legal(game, c)]
    for c in legal:
        a = _play(game, c)
        if CARD_KIND[c] != DISCARD_ALL:
            out.append((turn, a._replace(amount=KEEP), "keep on a card that is not a Discard All"))
        elif not optional:
            out.append((turn, a._replace(amount=KEEP), "keep without discard_all_optional (A-3)"))
        elif not discarded(game, hand, a):
            out.append((turn, a._replace(amount=KEEP), "keep with nothing of its colour (A-3)"))
        if CARD_KIND[c] == TRADE_HANDS:
            if len(hand) > 1:
                for t in (-1, turn, n, n + 3):
                    out.append((turn, a._replace(target=t), "Trade Hands names another seat"))
            else:
                out.append((turn, a._replace(target=(turn + 1) % n), "the last card names no seat"))
                if last_card_forbidden(game, c, 0):
                    out.append((turn, a, "Trade Hands as the last card (A-4 option)"))
    playable = [c for c in legal if not last_card_forbidden(game, c, len(hand) - 1)]
    if playable and not option(game, "attack.allow_renege", True):
        why = "press holding a playable card (renege off)"
        out.extend((turn, p, why) for p in ("press", "press uno"))
    if game.strict >= 0:
        for c in sorted(set(hand)):
            if CARD_IS_WILD[c] or CARD_COLOR[c] != game.strict:
                out.append((turn, _play(game, c), "not the first card's colour (A-7 option)"))
    return out


def _play(game: Game, c: int) -> Action:
    """A well-formed play of ``c`` by the turn-holder: a colour if it needs one, a seat if it
    swaps hands (the first other one), a direction if it chooses one, a number if it is a
    Numeral (the first it may declare, else 0)."""
    color = declarable_colors(game)[0] if needs_color(game, c) else -1
    if 0 <= c < N_CARDS and CARD_KIND[c] == NUMERAL:
        return Action(Kind.PLAY, card=c, number=min(numeral_numbers(game, c), default=0))
    if not 0 <= c < N_CARDS or len(game.hands[game.turn]) < 2:
        return Action(Kind.PLAY, card=c, color=color)
    k = CARD_KIND[c]
    target, direction = -1, 0
    if c == FRIENDLY or k == TRADE_HANDS or (k == SEVEN and seven_zero(game)):
        target = next_active(game, game.turn, 1)
    elif k == ZERO and option(game, "zero_chooses_direction", False):
        direction = 1
    return Action(Kind.PLAY, card=c, color=color, target=target, direction=direction)


def check_rejected(
    ctx: _Ctx, game: Game, seat: object, act: object, why: str, before: str | None = None
) -> None:
    """``seat: act`` is not offered, raises an ``UnoverseError`` and changes nothing (the
    state is compared with ``before``, its JSON, unless the caller compares it later)."""
    version = game.version
    parsed: Action | None = None
    with contextlib.suppress(UnoverseError):
        parsed = uv.action(act)  # type: ignore[arg-type]
    seat_ok = isinstance(seat, int) and 0 <= seat < game.n
    if parsed is not None and seat_ok and parsed in game.legal_actions(seat):  # type: ignore[arg-type]
        ctx.fail(f"illegal action offered ({why}): {seat}: {parsed}")
    try:
        game.apply(seat, act)
    except UnoverseError:
        pass
    except Exception as exc:
        ctx.fail(f"illegal action ({why}) {seat!r}: {act!r} raised {exc!r}, not UnoverseError")
    else:
        ctx.fail(f"illegal action accepted ({why}): {seat!r}: {act}")
    if game.version != version or (before is not None and uv.to_json(game) != before):
        ctx.fail(f"the refused action ({why}) {seat!r}: {act} changed the state")


def check_illegal(ctx: _Ctx, game: Game, rng: random.Random, k: int) -> None:
    """Try ``k`` illegal actions, spread over their categories; the state is compared once
    after them all (and, if it changed, each one is tried again on a copy to name it)."""
    cands = illegal_candidates(game)
    by_why: dict[str, list[Candidate]] = {}
    for c in cands:
        by_why.setdefault(c[2], []).append(c)
    groups = list(by_why.values())
    before = uv.to_json(game)
    tried = [rng.choice(rng.choice(groups)) for _ in range(k)]
    for seat, act, why in tried:
        check_rejected(ctx, game, seat, act, why)
    if uv.to_json(game) != before:
        for seat, act, why in tried:
            g = uv.from_json(before)
            with contextlib.suppress(UnoverseError):
                g.apply(seat, act)
            if uv.to_json(g) != before:
                ctx.fail(f"the refused action ({why}) {seat!r}: {act} changed the state")
        ctx.fail(f"one of the refused actions {tried} changed the state")


# -- P5 ------------------------------------------------------------------------------------
def check_p5(
    ctx: _Ctx,
    game: Game,
    seat: int,
    act: Action,
    wd4: tuple[int, bool, int],
    events: Sequence[Event],
    pre_hands: Sequence[int],
    pre_available: int,
    total: int,
) -> None:
    """The outcome of ``take`` or ``challenge`` against a Wild Draw Four (RULES.md P5) whose
    chain totals ``total`` cards (4 without stacking; guilty: the offender draws the total,
    innocent: the challenger draws it + 2, FS-9), or UNO Flip's Wild Draw Two (2, §8.9). A
    Wild Creeper drawn on the way adds its 3 cards (§2.4, M-2). A Wild Draw Color (``wd4``'s
    colour, else -1) draws until that colour instead (P10): the victim on a take, the
    offender if guilty, the challenger if innocent, then 2 more (FL-18)."""
    offender, legal, until = wd4
    grown = [len(h) - b for h, b in zip(game.hands, pre_hands, strict=True)]

    def drawn(s: int, n: int) -> int:
        creepers = sum(1 for e in events if e.kind == "revealed" and e.seat == s)
        return draw_count(n, creepers, pre_available)

    def p10(s: int, extra: int) -> str:
        cards = [c for e in events if e.kind == "draw" and e.seat == s for c in e.cards]
        return until_color_problem(cards, until, extra, sum(grown) >= pre_available)

    if act.kind == Kind.TAKE:
        if until >= 0:
            why = p10(seat, 0)
            if why:
                ctx.fail(f"P10: take on a Wild Draw Color of {COLOR_LETTERS[until]}: {why}")
        elif grown[seat] != drawn(seat, total):
            ctx.fail(f"P5: take on a Wild Draw Four drew {grown[seat]} cards, not {total}")
        if not game.over and game.turn == seat:
            ctx.fail("P5: the seat that took the Wild Draw Four keeps its turn")
        return
    verdicts = [_verdict(e) for e in events if e.kind == "challenge"]
    want = "innocent" if legal else "guilty"
    if verdicts != [want]:
        ctx.fail(
            f"P5: challenge of seat {offender}'s Wild Draw Four gave {verdicts}; "
            f"its hand made it {'legal' if legal else 'illegal'} ({want})"
        )
    reveals = [e for e in events if e.kind == "reveal"]
    if len(reveals) != 1 or reveals[0].vis != PRIVATE or reveals[0].owner != seat:
        ctx.fail("P5: the challenged hand is revealed privately to the challenger only")
    others = [s for s in range(game.n) if s not in (seat, offender)]
    if others and redact(reveals[0], others[0]) is not None:
        ctx.fail("P5: the challenged hand is visible to a seat other than the challenger")
    if not legal:
        if until >= 0 and p10(offender, 0):
            ctx.fail(f"P10 guilty: the offender draws until the colour: {p10(offender, 0)}")
        if (until < 0 and grown[offender] != drawn(offender, total)) or grown[seat] != 0:
            ctx.fail(f"P5 guilty: offender drew {grown[offender]}, challenger {grown[seat]}")
        if game.over or game.turn != seat or game.phase != Phase.TURN:
            ctx.fail("P5 guilty: the challenger keeps the turn and plays next")
    else:
        if until >= 0 and p10(seat, 2):
            ctx.fail(f"P10 innocent, FL-18: the colour, then 2 more: {p10(seat, 2)}")
        if (until < 0 and grown[seat] != drawn(seat, total + 2)) or grown[offender] != 0:
            ctx.fail(f"P5 innocent: challenger drew {grown[seat]}, offender {grown[offender]}")
        if not game.over and game.turn == seat:
            ctx.fail("P5 innocent: the challenger loses the turn")


def _verdict(e: Event) -> str:
    """A challenge's verdict in words."""
    return "guilty" if e.guilty else "innocent"


def check_wd4_scenarios() -> None:
    """RULES.md §7.3 scenarios 1 and 2: the challenge verdict on fixed positions."""
    game = uv.position("hands: R3 W+4 | G1 G2 | Y1 Y2; top: R5@2; turn: 0")
    game.apply(0, "W+4:B")
    events = game.apply(1, "challenge")
    verdict = [_verdict(e) for e in events if e.kind == "challenge"]
    assert verdict == ["guilty"], f"§7.3/1: WD4 with a red card in hand on red: {verdict}"
    assert len(game.hands[0]) == 5 and len(game.hands[1]) == 2, "§7.3/1: offender draws 4"
    assert game.turn == 1 and game.phase == Phase.TURN, "§7.3/1: the challenger plays next"
    game.apply(1, "draw")  # plays normally on the declared colour

    game = uv.position("hands: W W+4 G7 | G1 G2 | Y1 Y2; top: R5@2; turn: 0")
    game.apply(0, "W+4:B")
    events = game.apply(1, "challenge")
    verdict = [_verdict(e) for e in events if e.kind == "challenge"]
    assert verdict == ["innocent"], f"§7.3/2: WD4 holding a Wild but no red: {verdict}"
    assert len(game.hands[1]) == 8 and game.turn == 2, "§7.3/2: challenger +6 and skipped"

    game = uv.position("classic+wd4_wilds_block\nhands: W W+4 G7 | G1 G2 | Y1 Y2; top: R5@2")
    game.apply(0, "W+4:B")
    events = game.apply(1, "challenge")
    verdict = [_verdict(e) for e in events if e.kind == "challenge"]
    assert verdict == ["guilty"], f"C-7 wd4_wilds_block: holding a Wild: {verdict}"


# -- views ---------------------------------------------------------------------------------
def check_view_leak(ctx: _Ctx, game: Game, seat: int | None, rng: random.Random) -> None:
    """Shuffle what ``seat`` cannot know — other hands' unseen cards, the draw pile, and in
    Blast the buried hands (face down, §5.5) and, in a BLAST event, which other seats must
    meet it and what they chose (hidden until the reveal) — keeping every hand's size and
    every card ``seat`` has seen in place: the view of ``seat`` must not change, while the
    state does. UNO Flip: the view shows two-faced cards as the seat sees them, and what it
    cannot tell apart is exchanged instead (``_flip.shuffle_unseen``: the others' cards for
    cards of the same back, its own blind cards for cards of the same face), which changes
    neither its view nor its legal actions."""
    view = game.view(seat)
    if game.view(seat) != view:
        ctx.fail(f"view of seat {seat} is not deterministic")
    before = uv.to_json(game)
    g = game.copy()
    keep: dict[int, list[int]] = {}
    pool: list[int] = []
    for h in range(g.n):
        if h == seat:
            continue
        seen = Counter(g.known[seat][h]) if seat is not None else Counter()
        hand = Counter(g.hands[h])
        if seen - hand:
            ctx.fail(f"seat {seat} 'knows' cards not in seat {h}'s hand: {seen - hand}")
        keep[h] = list(seen.elements())
        pool.extend((hand - seen).elements())
    if is_flip(game):
        check_faces_view(ctx.fail, game, seat, view)
        if shuffle_unseen(g, seat, rng):
            _compare_views(ctx, game, g, seat, view, before)
            if seat is not None and g.legal_actions(seat) != game.legal_actions(seat):
                ctx.fail(f"the legal actions of seat {seat} change with cards it cannot see")
        return
    if view.backs or view.pile_back != -1 or view.dark:
        ctx.fail("§8.4: a view of one-faced cards shows backs or a side")
    pool.extend(g.draw_pile)
    # the buried hands (Blast): hidden from everyone but a seat whose hand may be among them
    bury = bool(g.buried) and (seat is None or not g.eliminated[seat])
    if bury:
        pool.extend(g.buried)
    if g.phase == Phase.BLAST:  # other seats' duty and choice are hidden (§5.5 step 2)
        g.blast.due = [s for s in g.blast.due if s == seat]
        g.blast.chosen = {s: c for s, c in g.blast.chosen.items() if s == seat}
    hidden = [set(g.hands[h]) - set(keep[h]) for h in keep if len(g.hands[h]) > len(keep[h])]
    places = len(hidden) + bool(g.draw_pile) + bury
    movable = len(set(g.draw_pile)) > 1 or (len(set(pool)) > 1 and places > 1)
    if not movable:
        return  # one place holds every hidden card, all alike or in a hand: nothing can move
    old_hands = {h: Counter(g.hands[h]) for h in keep}
    old_draw = list(g.draw_pile)
    old_buried = Counter(g.buried)
    for _ in range(60):
        rng.shuffle(pool)
        rest = iter(pool)
        for h, seen_cards in keep.items():
            size = len(g.hands[h])
            g.hands[h] = seen_cards + [next(rest) for _ in range(size - len(seen_cards))]
        if bury:
            g.buried = [next(rest) for _ in range(len(g.buried))]
        g.draw_pile = list(rest)
        moved = (
            g.draw_pile != old_draw
            or any(Counter(g.hands[h]) != old_hands[h] for h in keep)
            or Counter(g.buried) != old_buried
        )
        if moved:
            break
    else:
        ctx.fail("the hidden-card shuffle never moved a card")
    _compare_views(ctx, game, g, seat, view, before)


def _compare_views(
    ctx: _Ctx, game: Game, g: Game, seat: int | None, view: View, before: str
) -> None:
    """``g``, ``game``'s copy with hidden cards moved, is another state (and ``game``, whose
    JSON was ``before``, the same), in which ``seat`` has the same ``view``."""
    if uv.to_json(g) == before:
        ctx.fail("the hidden-card shuffle left to_json() unchanged")
    if uv.to_json(game) != before:
        ctx.fail("the hidden-card shuffle on a copy changed the game")
    after = g.view(seat)
    if after != view:
        diff = [f for f in VIEW_FIELDS if getattr(view, f) != getattr(after, f)]
        ctx.fail(f"view of seat {seat} leaks hidden cards: fields {diff} change when they move")


# -- the end of a playout ------------------------------------------------------------------
def end_checks(ctx: _Ctx, game: Game, rng: random.Random, checks: Checks) -> None:
    """After the round: everything is refused."""
    if checks.illegal:
        before = uv.to_json(game)
        for seat, act, why in illegal_candidates(game):
            check_rejected(ctx, game, seat, act, why, before)


def _apply_log(game: Game, actions: Iterable[tuple[int, Action]]) -> None:
    for seat, act in actions:
        game.apply(seat, str(act))


def check_saveload(ctx: _Ctx, actions: list[tuple[int, Action]], snaps: dict[int, str]) -> None:
    """From each saved state, the same actions reach the next saved state."""
    marks = sorted(snaps)
    for a, b in itertools.pairwise(marks):
        try:
            g = uv.from_json(snaps[a])
            if uv.to_json(g) != snaps[a]:
                ctx.fail(f"save/load: from_json(to_json()) differs after action {a}")
            _apply_log(g, actions[a:b])
        except UnoverseError as exc:
            ctx.fail(f"save/load: the game loaded after action {a} refused an action: {exc}")
        if uv.to_json(g) != snaps[b]:
            ctx.fail(f"save/load: loaded after action {a}, replayed to {b}: another state")


def check_replay(
    ctx: _Ctx,
    preset: str,
    players: int,
    seed: int,
    actions: list[tuple[int, Action]],
    snaps: dict[int, str],
    from_start: bool = False,
) -> None:
    """The action log re-applied to a fresh ``new_game`` (``from_start``: to the loaded
    first state) passes through the same states."""
    g = uv.from_json(snaps[0]) if from_start else uv.new_game(preset, players, seed)
    done = 0
    for mark in sorted(snaps):
        try:
            _apply_log(g, actions[done:mark])
        except UnoverseError as exc:
            ctx.fail(f"replay: an action between {done} and {mark} was refused: {exc}")
        done = mark
        if uv.to_json(g) != snaps[mark]:
            ctx.fail(f"replay: the re-applied log differs after action {mark}")
