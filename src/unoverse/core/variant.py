"""What a variant is: data (deck table, effects, options) plus a few hooks.

The engine (``game.py``) runs the shared procedures of RULES.md §0.4 for every variant; a
variant supplies its deck, which effect each card kind has, its options with defaults,
what it refuses of them and their conflicts, and the hooks that data cannot express (the
first card, scoring).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, ClassVar, TypedDict

from .bot_settings import BotSettings
from .cards import BLAST_KINDS, CARD_IS_WILD, CARD_KIND, CARD_TEXT, KIND_INDEX, N_CARDS, card
from .effects import (
    ALL_DRAW_KEEP,
    COPY_TOP,
    DECLARES_IF_WILD_TOP,
    DECLARES_NO,
    DECLARES_YES,
    NONE,
    SPECIAL_PLAY_EFFECTS,
    STACKING,
)
from .errors import BadPlayerCount, InvalidOptionValue, OptionConflict
from .landing import Landing, Named, landing_table, named_table
from .options import N_, Options, OptionSpec, Value, resolve_name
from .p1 import NO_STEPS, Steps, p1_rows
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game

#: The card ids of UNO Blast's BLAST cards (``EngineSettings.never_dealt`` marks them).
_BLAST_CARDS = frozenset(card(code) for code in BLAST_KINDS)


class EngineSettings(TypedDict, total=False):
    """What a variant tells the engine beyond its deck and effects (``Rules`` keywords).

    Free-standing, each works alone with any deck: ``launcher``, ``draw_trigger``,
    ``no_last``, ``lands_last``, ``steps``, ``uno_calls``, ``must_play``, ``elimination``.
    Part of another setting, and refused without it (``check_settings``): ``allow_renege``
    (of ``launcher``), ``trigger_ends_turn`` (of ``draw_trigger``),
    ``never_dealt`` (UNO Blast's BLAST cards, which need ``must_play``), ``realtime`` (UNO
    Blast's BLAST mode: it needs ``must_play``, ``uno_calls`` off and a start hook that opens
    live play), and BLAST mode's ``simultaneity_ms``, ``lock_until_wild``, ``reverse_return``,
    ``big_draw_next`` (of ``realtime``). Part of a card, changing nothing in a deck without it:
    ``discard_all_covered`` and ``discard_all_optional`` (a Discard All),
    ``numeral_number_match`` and ``numeral_wild`` (a Numeral), ``stackable`` (the chain of
    ``stacking=blast_ge``), ``alone`` (the cards laid together under ``play_duplicates``),
    ``hidden_backs`` (a deck of two-faced cards). Part of a rule, changing nothing without
    it (UNO Show 'Em No Mercy's): ``uno_any_path`` (hands moved by a 7 or a 0),
    ``reverse_draw_self`` (a Reverse Draw with two seats), ``last_draws`` (a draw card played
    last), ``knockout_points`` (``elimination`` and ``winner_takes``), ``jump_on_pending``
    (``jump_in``), ``decline_draws_until`` (a voluntary draw under ``draw_until_playable``).
    """

    launcher: str  # a launcher mode replaces the draw pile (``unoverse.core.launcher``)
    allow_renege: bool  # a press is allowed with a playable card in hand
    draw_trigger: bytes  # by card id: cards drawn at once after it is drawn from the pile
    trigger_ends_turn: bool  # a triggering card drawn as the turn's draw ends the turn
    discard_all_covered: bool  # a Discard All discards the covered card's colour
    discard_all_optional: bool  # a Discard All's player may keep the cards
    no_last: frozenset[int]  # kind indices that may not be played as the last card
    lands_last: frozenset[int]  # kind indices whose effect lands, as the last card, first
    alone: frozenset[int]  # kind indices never laid with other cards (``play_duplicates``)
    hidden_backs: bool  # a seat does not see the other face of its dealt two-faced cards
    steps: Steps  # colours that play besides the active one (``unoverse.core.p1``)
    uno_calls: bool  # UNO calls and catches (P4) exist
    must_play: bool  # no voluntary draw; draw until a card plays, and play it
    elimination: int  # a hand of this many cards is eliminated (0: never)
    never_dealt: bytes  # by card id: put back and replaced when dealt
    numeral_number_match: bool  # a Numeral plays on the number it declares
    stackable: frozenset[int]  # kinds that answer a chain under stacking=blast_ge
    numeral_wild: bool  # a Numeral is any number in BLAST challenges
    realtime: bool  # no turns: UNO Blast's BLAST mode (``core.blast.machinery``)
    simultaneity_ms: int  # plays this soon after an accepted card are simultaneous
    lock_until_wild: bool  # the Bloqueo's colour lock lasts until a wild
    reverse_return: str  # which cards a Reversa hands back (BLAST mode)
    big_draw_next: bool  # +6/+10 with nobody holding: the next seat draws
    uno_any_path: bool  # a hand moved to one card by a swap or a pass owes UNO too (NM-16)
    reverse_draw_self: bool  # a Reverse Draw with 2 active seats targets its player (NM-8)
    last_draws: bool  # a draw card played last still makes its victim draw (P6; NM-15)
    knockout_points: int  # the round's winner scores this for each seat knocked out (NM-25)
    jump_on_pending: bool  # a jump-in window opens while a chain or a colour is pending
    decline_draws_until: bool  # a voluntary draw goes on until a card plays, then played


#: BLAST mode's own settings with their defaults: each is part of ``realtime``.
_REALTIME_ONLY: dict[str, object] = {
    "simultaneity_ms": 0,
    "lock_until_wild": False,
    "reverse_return": "contiguous",
    "big_draw_next": False,
}


def check_settings(settings: EngineSettings) -> None:
    """Refuse (``OptionConflict``) a setting given without the settings it is part of, and
    draws that cannot carry a per-card check: a setting alone must never switch on, or
    silently lack, another mechanism (``EngineSettings`` lists which stand alone)."""
    launcher = bool(settings.get("launcher", ""))
    triggers = any(settings.get("draw_trigger", b""))
    never = settings.get("never_dealt", b"")
    must_play = settings.get("must_play", False)
    realtime = settings.get("realtime", False)
    not_blast = [CARD_TEXT[c] for c, on in enumerate(never) if on and c not in _BLAST_CARDS]
    refused = (
        (
            not settings.get("allow_renege", True) and not launcher,
            "allow_renege=False forbids a press while a card plays: it is part of a launcher "
            "(set launcher)",
        ),
        (
            settings.get("trigger_ends_turn", False) and not triggers,
            "trigger_ends_turn ends the turn on a triggering card drawn: it is part of "
            "draw_trigger (set one)",
        ),
        (
            bool(not_blast),
            "never_dealt marks UNO Blast's BLAST cards (drawn, they open a BLAST event), not "
            f"{', '.join(not_blast[:3])}",
        ),
        (
            any(never) and not must_play,
            "never_dealt's BLAST cards interrupt UNO Blast's draw until a card plays: it needs "
            "must_play",
        ),
        (
            realtime and (not must_play or settings.get("uno_calls", True)),
            "realtime is UNO Blast's BLAST mode: it needs must_play and uno_calls=False",
        ),
        (
            (settings.get("elimination", 0) > 0 or any(never)) and (launcher or triggers),
            "elimination and never_dealt check every card drawn, which a launcher's presses "
            "and draw triggers do not: they do not combine",
        ),
    )
    for wrong, why in refused:
        if wrong:
            raise OptionConflict(f"engine settings: {why}")
    for name, default in _REALTIME_ONLY.items():
        if settings.get(name, default) != default and not realtime:
            raise OptionConflict(
                f"engine settings: {name} is part of UNO Blast's BLAST mode: it needs realtime"
            )


@dataclass(frozen=True, slots=True)
class DeckRow:
    """One row of a deck table: the cards, copies of each, points of each."""

    cards: tuple[str, ...]
    copies: int
    points: int


@dataclass(frozen=True, slots=True)
class QuickStart:
    """A ready-made game a variant offers in the page's lobby: its ``preset`` (the variant's
    own name, then options: ``classic+jump_in``) and ``id``, which names its words in the
    page's catalogue (``page.preset.<id>.title`` and ``.line``)."""

    preset: str
    id: str


@dataclass(frozen=True)
class Variant:
    """A variant's descriptor: what it is called, its options and player counts, its bots'
    settings and the quick starts it offers (``GET /api/variants`` lists them for the lobby,
    so that the page names no variant); subclasses override the hooks they need.
    ``unoverse.variants.VARIANTS`` lists every variant the engine plays."""

    name: str
    title: str
    aliases: tuple[str, ...]
    option_specs: tuple[OptionSpec, ...]
    min_players: int = 2
    max_players: int = 10
    bots: BotSettings = field(default_factory=BotSettings)
    quick_starts: tuple[QuickStart, ...] = ()
    _specs: dict[str, OptionSpec] = field(init=False, repr=False, compare=False)
    _offered: dict[str, OptionSpec] = field(init=False, repr=False, compare=False)

    hand_size: ClassVar[int] = 7
    uno_penalty: ClassVar[int] = 2
    colors: ClassVar[tuple[int, ...]] = (0, 2, 3, 5)  # R Y G B
    #: The colours declared on the dark side of two-faced cards (RULES.md §8.4); none here.
    dark_colors: ClassVar[tuple[int, ...]] = ()
    #: Cards that lie beside the piles and take no part in play (Full Spectrum's Guide).
    aside: ClassVar[tuple[str, ...]] = ()
    #: What the variant declares among its options and yet never accepts, with the reason
    #: (H-5): shared option lists (the house rules) are declared whole, and a variant refuses
    #: those its deck or its turn cannot give a meaning. A key is an option's canonical name,
    #: refused at any value but its default, or ``name=value`` (as a preset writes it) for one
    #: value of a choice, or an integer at an end of its range. The reason is a catalogue key
    #: (marked ``N_``: ``core.reasons``) whose message starts with the key, as every
    #: conflict's does. Listings (``offered``) leave these out; setting one is an
    #: ``OptionConflict`` with its reason, not an unknown option.
    refused: ClassVar[Mapping[str, str]] = {}
    #: What the effects of the variant's own cards do once a card has landed, by effect
    #: code (``effects.OWN_EFFECTS``; its ``effects`` gives its kinds these codes): found
    #: by the engine as it finds its own (``core.landing``).
    landings: ClassVar[Mapping[int, Landing]] = {}
    #: Own effects of wilds played without a colour, whose colour the next seat names in
    #: the colour window: what the effect does once it is named, by effect code (No Mercy's
    #: Wild Color Roulette, RULES.md §9.7, NM-11). Their cards declare nothing when played.
    named: ClassVar[Mapping[int, Named]] = {}

    def __post_init__(self) -> None:
        object.__setattr__(self, "_specs", {s.name: s for s in self.option_specs})
        strays = [q.preset for q in self.quick_starts if q.preset.split("+")[0] != self.name]
        if strays:  # the lobby selects the variant by the preset's first part
            raise ValueError(f"{self.name}'s quick starts name another variant: {strays}")
        whole = {key for key in self.refused if "=" not in key}
        values: dict[str, set[str]] = {}
        for key in self.refused.keys() - whole:
            name, _, value = key.partition("=")
            values.setdefault(name, set()).add(value)
        unknown = sorted((whole | values.keys()) - self._specs.keys())
        if unknown:
            raise ValueError(
                f"{self.name} refuses {', '.join(unknown)}: it declares no such option"
            )
        offered = {
            s.name: _without(s, values.get(s.name, set()))
            for s in self.option_specs
            if s.name not in whole
        }
        object.__setattr__(self, "_offered", offered)

    @property
    def specs(self) -> Mapping[str, OptionSpec]:
        """Option specs by canonical name: every option the variant declares."""
        return self._specs

    @property
    def offered(self) -> Mapping[str, OptionSpec]:
        """The options a user may set, by canonical name in declaration order: the specs
        without what the variant refuses (``refused``), for every listing of the options
        (``unoverse variants``, ``GET /api/variants`` and the page's form, an unknown name's
        message), so that nothing offered is refused whatever else is set."""
        return self._offered

    # -- options ---------------------------------------------------------------------
    def options(self, given: Mapping[str, Value | str] | None = None) -> Options:
        """Resolve user-given options (canonical or short names, text or Python values)
        against the defaults, then refuse what the variant refuses and conflicting
        combinations."""
        values: dict[str, Value] = {s.name: s.default for s in self.option_specs}
        seen: dict[str, str] = {}
        for name, raw in (given or {}).items():
            spec = self.resolve(name)
            if spec.name in seen:
                raise OptionConflict(
                    reason=N_("reason.option.twice"),
                    option=spec.name,
                    first=seen[spec.name],
                    second=name,
                )
            seen[spec.name] = name
            values[spec.name] = self.parse(spec, raw)
        options = Options(values)
        self.check_refused(options)
        self.check_conflicts(options)
        return options

    def resolve(self, name: object) -> OptionSpec:
        """The spec a user-written name refers to (canonical, or unambiguous short form),
        refused ones included, so that setting one is refused with its reason; an unknown
        name's message lists the options offered."""
        return resolve_name(self._specs, name, self.name, self._offered)

    def parse(self, spec: OptionSpec, raw: object) -> Value:
        """``raw`` as a value of ``spec``: a value the option cannot hold is an
        ``InvalidOptionValue`` naming the values offered; a value it declares and the variant
        refuses is returned, for ``check_refused`` to refuse with its reason."""
        try:
            return self._offered.get(spec.name, spec).parse(raw)
        except InvalidOptionValue as not_offered:
            try:
                return spec.parse(raw)
            except InvalidOptionValue:
                raise not_offered from None

    def check_refused(self, options: Options) -> None:
        """Raise ``OptionConflict``, with its reason, for an option or value the variant
        refuses (``refused``)."""
        for key, why in self.refused.items():
            name, eq, value = key.partition("=")
            spec = self._specs[name]
            if (spec.format(options[name]) == value) if eq else options[name] != spec.default:
                raise OptionConflict(reason=why)

    def check_conflicts(self, options: Options) -> None:
        """Raise ``OptionConflict`` for a combination the variant refuses (H-5); the options
        and values it refuses whatever else is set are ``refused``, checked before."""

    def check_players(self, players: int) -> None:
        """Raise ``BadPlayerCount`` unless the variant is played by ``players`` seats."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise BadPlayerCount(
                reason=N_("reason.players"),
                variant=self.name,
                minimum=self.min_players,
                maximum=self.max_players,
                given=repr(players),
            )

    # -- data hooks ------------------------------------------------------------------
    def deck_table(self, options: Options) -> tuple[DeckRow, ...]:
        """The deck as a table of rows."""
        raise NotImplementedError

    def effects(self, options: Options) -> Mapping[str, tuple[int, int]]:
        """``kind code -> (effect, amount)`` for every kind with an effect."""
        raise NotImplementedError

    def compile(self, options: Options) -> Rules:
        """The engine's tables for this variant and options."""
        deck: list[int] = []
        points = [0] * N_CARDS
        for row in self.deck_table(options):
            for text in row.cards:
                c = card(text)
                deck.extend([c] * row.copies)
                points[c] = row.points
        n_kinds = max(CARD_KIND) + 1
        effect = [NONE] * n_kinds
        amount = [0] * n_kinds
        for code, (eff, amt) in self.effects(options).items():
            effect[KIND_INDEX[code]] = eff
            amount[KIND_INDEX[code]] = amt

        def opt(name: str, default: Value) -> Value:
            return options.get(name, default)

        def declares(c: int) -> int:
            if not CARD_IS_WILD[c]:
                return DECLARES_NO
            eff = effect[CARD_KIND[c]]
            if eff == COPY_TOP:
                return DECLARES_IF_WILD_TOP
            return DECLARES_NO if eff == ALL_DRAW_KEEP or eff in self.named else DECLARES_YES

        deck_effects = frozenset(effect[CARD_KIND[c]] for c in deck)
        extras = self.engine_settings(options)
        check_settings(extras)
        no_last = extras.get("no_last", frozenset())
        copies_special = bool(deck_effects & SPECIAL_PLAY_EFFECTS)

        def special(c: int) -> bool:
            eff = effect[CARD_KIND[c]]
            return (
                eff in SPECIAL_PLAY_EFFECTS
                or (eff == COPY_TOP and copies_special)
                or CARD_KIND[c] in no_last
            )

        return Rules(
            variant=self,
            options=options,
            deck=tuple(deck),
            points=tuple(points),
            effect=tuple(effect),
            amount=tuple(amount),
            landing=landing_table(self.landings),
            named=named_table(self.named),
            colors=self.colors,
            dark_colors=self.dark_colors,
            hand_size=self.hand_size,
            uno_penalty=self.uno_penalty,
            false_uno_penalty=int(opt("false_uno_penalty", 0) or 0),
            two_player_rules=bool(opt("two_player_rules", True)),
            draw_ends_turn=bool(opt("draw_ends_turn", False)),
            wd4_wilds_block=bool(opt("wd4_wilds_block", False)),
            permissive_illegal_plays=bool(opt("permissive_illegal_plays", False)),
            dealer_selection=str(opt("dealer_selection", "highest_card")),
            stacking=STACKING[str(opt("stacking", "off"))],
            revive=bool(opt("revive", False)),
            draw_until_playable=bool(opt("draw_until_playable", False)),
            play_duplicates=bool(opt("play_duplicates", False)),
            jump_in=bool(opt("jump_in", False)),
            zero_discard_color=bool(opt("zero_discard_color", False)),
            deck_effects=deck_effects,
            declares=tuple(declares(c) for c in range(N_CARDS)),
            special=bytes(special(c) for c in range(N_CARDS)),
            p1_rows=p1_rows(extras.get("steps", NO_STEPS)),
            **extras,
        )

    def engine_settings(self, options: Options) -> EngineSettings:
        """The variant's own engine settings (``Rules`` keywords: ``launcher``,
        ``draw_trigger``...) from its options; none by default."""
        return {}

    # -- behaviour hooks -------------------------------------------------------------
    def start(self, game: Game) -> None:
        """Turn over the first card and apply the variant's first-card rules."""
        raise NotImplementedError


def _without(spec: OptionSpec, values: set[str]) -> OptionSpec:
    """``spec`` as it is offered without the values a variant refuses (each as a preset
    writes it): left out of a choice's values, or taken off the ends of an integer range. A
    value the option does not have, or one that cannot be left out so (a boolean's, an
    integer inside the range), is a ``ValueError`` when the variant is made: it would be
    refused for nothing, or offered and refused."""
    if not values:
        return spec
    if spec.type == "choice":
        offered = replace(spec, choices=tuple(c for c in spec.choices if c not in values))
    else:
        low, high = spec.minimum, spec.maximum
        while spec.format(low) in values:
            low += 1
        while spec.format(high) in values:
            high -= 1
        offered = replace(spec, minimum=low, maximum=high)
    for value in values:
        if not _holds(spec, value) or _holds(offered, value):
            raise ValueError(
                f"option {spec.name}={value} cannot be refused: a refused value is one of the "
                "option's choices or an end of its range (else refuse the option by name)"
            )
    return offered


def _holds(spec: OptionSpec, value: str) -> bool:
    """Whether ``value`` is a value of ``spec``."""
    try:
        spec.parse(value)
    except InvalidOptionValue:
        return False
    return True


def conflict(reason: str, /, **fields: object) -> OptionConflict:
    """An ``OptionConflict`` with its reason (a catalogue key, marked ``N_``) and the fields
    its message names (helper for ``check_conflicts``)."""
    return OptionConflict(reason=reason, **fields)
