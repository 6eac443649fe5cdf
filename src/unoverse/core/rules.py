"""The engine's tables for one variant and options (``Variant.compile`` builds them).

Its own module so that the compiled engine reads them as native attributes: the engine
looks them up several times per action.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final, Protocol

from . import effects as fx
from .actions import Action, play_action
from .bot_settings import BotSettings
from .cards import CARD_KIND, DARK_UP, N_CARDS, TWIN
from .options import Options, OptionSpec
from .p1 import NO_STEPS, P1_PLAIN, Steps

#: ``Rules.answer_row`` values: a card that may answer a pending draw penalty where stacking
#: is allowed now, and one that sends it back (a Boomerang, where it may be sent back).
ANSWER_STACK: Final = 1
ANSWER_RETURN: Final = 2


class Described(Protocol):
    """What the rules keep of the variant they were compiled from (a ``core.variant.Variant``:
    the rules name it without importing it, so that variants may depend on the engine)."""

    @property
    def name(self) -> str:
        """The variant's canonical name."""
        ...

    @property
    def title(self) -> str:
        """The variant's name in prose."""
        ...

    @property
    def min_players(self) -> int:
        """The fewest seats it is played with."""
        ...

    @property
    def max_players(self) -> int:
        """The most seats it is played with."""
        ...

    @property
    def specs(self) -> Mapping[str, OptionSpec]:
        """Its option specs by canonical name."""
        ...

    @property
    def bots(self) -> BotSettings:
        """How the bots play it by default."""
        ...


class Rules:
    """Everything the engine reads from a variant and its options, compiled once per game
    configuration and shared by every copy of a game. Read-only (``Final``).

    A plain class, built with keywords: the compiled engine reads its attributes natively.
    """

    __slots__ = (
        "_answer_rows",
        "_color_plays",
        "allow_renege",
        "alone",
        "amount",
        "big_draw_next",
        "blast_cards",
        "blast_draws",
        "colors",
        "colors_for",
        "dark_colors",
        "dealer_selection",
        "deck",
        "deck_effects",
        "declares",
        "decline_draws_until",
        "discard_all_covered",
        "discard_all_optional",
        "draw_ends_turn",
        "draw_trigger",
        "draw_until_playable",
        "drawn_must_play",
        "effect",
        "elimination",
        "false_uno_penalty",
        "hand_size",
        "hidden_backs",
        "jump_in",
        "jump_on_pending",
        "knockout_points",
        "landing",
        "lands_last",
        "last_draws",
        "launcher",
        "lock_until_wild",
        "must_play",
        "name",
        "named",
        "never_dealt",
        "no_last",
        "numeral_number_match",
        "numeral_wild",
        "options",
        "p1_rows",
        "permissive_illegal_plays",
        "play_duplicates",
        "points",
        "realtime",
        "reverse_draw_self",
        "reverse_return",
        "revive",
        "simultaneity_ms",
        "special",
        "stackable",
        "stacking",
        "steps",
        "trigger_ends_turn",
        "triggers",
        "two_faced",
        "two_player_rules",
        "uno_any_path",
        "uno_calls",
        "uno_penalty",
        "variant",
        "wd4_wilds_block",
        "zero_discard_color",
    )

    def __init__(
        self,
        *,
        variant: Described,
        options: Options,
        deck: tuple[int, ...],
        points: tuple[int, ...],
        effect: tuple[int, ...],
        amount: tuple[int, ...],
        landing: tuple[Callable[..., None], ...],
        colors: tuple[int, ...],
        hand_size: int,
        uno_penalty: int,
        false_uno_penalty: int,
        two_player_rules: bool,
        draw_ends_turn: bool,
        wd4_wilds_block: bool,
        permissive_illegal_plays: bool,
        dealer_selection: str,
        stacking: int,
        revive: bool,
        draw_until_playable: bool,
        play_duplicates: bool,
        jump_in: bool,
        zero_discard_color: bool,
        deck_effects: frozenset[int],
        declares: tuple[int, ...],
        special: bytes,
        launcher: str = "",
        allow_renege: bool = True,
        draw_trigger: bytes = b"",
        trigger_ends_turn: bool = False,
        discard_all_covered: bool = False,
        discard_all_optional: bool = False,
        no_last: frozenset[int] = frozenset(),
        lands_last: frozenset[int] = frozenset(),
        hidden_backs: bool = False,
        alone: frozenset[int] = frozenset(),
        p1_rows: tuple[bytes, ...] = P1_PLAIN,
        steps: Steps = NO_STEPS,
        uno_calls: bool = True,
        must_play: bool = False,
        elimination: int = 0,
        never_dealt: bytes = b"",
        numeral_number_match: bool = True,
        stackable: frozenset[int] = frozenset(),
        numeral_wild: bool = True,
        realtime: bool = False,
        simultaneity_ms: int = 0,
        lock_until_wild: bool = False,
        reverse_return: str = "contiguous",
        big_draw_next: bool = False,
        dark_colors: tuple[int, ...] = (),
        named: tuple[Callable[..., None] | None, ...] = (),
        uno_any_path: bool = False,
        reverse_draw_self: bool = False,
        last_draws: bool = True,
        knockout_points: int = 0,
        jump_on_pending: bool = True,
        decline_draws_until: bool = False,
    ) -> None:
        self.variant: Final = variant
        self.name: Final[str] = variant.name  # read by every view
        self.options: Final = options
        self.deck: Final = deck
        # the deck's cards have two faces (RULES.md §8.3): every seat sees the others' backs
        self.two_faced: Final = any(TWIN[c] != c for c in deck)
        self.points: Final = points  # by card id
        self.effect: Final = effect  # by kind index
        self.amount: Final = amount  # by kind index: cards drawn by DRAW / WILD_DRAW effects
        # By effect code: what the effect does once its card has landed (``core.landing``),
        # the variant's own effects included.
        self.landing: Final = landing
        self.colors: Final = colors  # colours a player may declare
        # The colours a player may declare on the dark side of two-faced cards (RULES.md
        # §8.4); empty for a deck of one-faced cards.
        self.dark_colors: Final = dark_colors
        # by card id, the colours a player may declare with the card, or on top of it: those
        # of the side its face belongs to (FL-10); a table, read for every wild listed
        self.colors_for: Final = tuple(
            dark_colors if DARK_UP[c] else colors for c in range(N_CARDS)
        )
        self.hand_size: Final = hand_size
        self.uno_penalty: Final = uno_penalty
        self.false_uno_penalty: Final = false_uno_penalty
        self.two_player_rules: Final = two_player_rules
        self.draw_ends_turn: Final = draw_ends_turn
        self.wd4_wilds_block: Final = wd4_wilds_block
        self.permissive_illegal_plays: Final = permissive_illegal_plays
        self.dealer_selection: Final = dealer_selection
        self.stacking: Final = stacking  # STACK_OFF, STACK_SAME or STACK_PROGRESSIVE
        self.revive: Final = revive
        self.draw_until_playable: Final = draw_until_playable
        self.play_duplicates: Final = play_duplicates
        self.jump_in: Final = jump_in
        self.zero_discard_color: Final = zero_discard_color
        self.deck_effects: Final = deck_effects  # the effects of the cards in the deck
        # Whether playing a card may need a declared colour, by card id: DECLARES_NO,
        # DECLARES_YES, or DECLARES_IF_WILD_TOP (a copying blank declares when the top is wild).
        self.declares: Final = declares
        # By card id, 1 where a play of the card may be more than a card, a colour and a UNO
        # call: it names a seat or a direction, discards more cards (Discard All), copies a
        # card that does, or may not be the last card. The engine's short path for legal
        # actions and checks serves every other card.
        self.special: Final = special
        # The launcher mode (``unoverse.core.launcher``) when a launcher replaces the draw
        # pile (UNO Attack): every draw of N cards is then N presses. "" for a draw pile.
        self.launcher: Final = launcher
        # A seat may press the launcher while holding a playable card ("reneging", §3.3).
        self.allow_renege: Final = allow_renege
        # By card id: cards drawn at once after this card is drawn from the draw pile for any
        # reason, the card revealed to every seat (the Minecraft Creeper: 3); empty: none.
        self.draw_trigger: Final = draw_trigger
        self.triggers: Final = bool(draw_trigger) and any(draw_trigger)
        # Drawing a triggering card as the turn's draw ends the turn (M-3's option).
        self.trigger_ends_turn: Final = trigger_ends_turn
        # A Discard All discards the colour of the card it covers, not its own.
        self.discard_all_covered: Final = discard_all_covered
        # A Discard All's player may keep the cards of its colour (``RDA keep``, A-3).
        self.discard_all_optional: Final = discard_all_optional
        # Kind indices that may not be played as a player's last card (A-4's option).
        self.no_last: Final = no_last
        # kinds whose effect lands before the round ends when one is played as the last card
        # (RULES.md §8.11, FL-12's option)
        self.lands_last: Final = lands_last
        # kinds never laid with other cards under ``play_duplicates`` (RULES.md §8.12)
        self.alone: Final = alone
        # a seat does not see the other face of the two-faced cards it was dealt until it
        # sees it (§8.4, FL-3): its blind cards, its own cell of ``known`` (``core.backs``)
        self.hidden_backs: Final = hidden_backs
        # P1 as a table (``unoverse.core.p1``), with the variant's colour steps (Full
        # Spectrum's chromatic step).
        self.p1_rows: Final = p1_rows
        # By active colour: the colours that also play (public: ``View.steps``).
        self.steps: Final = steps
        # UNO calls and catches (P4); off in UNO Blast (§5.5, ``blast.uno_call``).
        self.uno_calls: Final = uno_calls
        # No voluntary draw: a seat with a legal card must play one; without, it draws until
        # a card plays and must play that card (UNO Blast's Normal mode, §5.7, B-22).
        self.must_play: Final = must_play
        # A seat whose hand reaches this many cards is eliminated (0: never; Blast B-12).
        self.elimination: Final = elimination
        # By card id, 1 for cards never dealt: put back at a random position and replaced
        # (UNO Blast's BLAST cards, §5.4); empty: none.
        self.never_dealt: Final = never_dealt
        # A Numeral plays on a card whose number it declares (``blast.numeral_number_match``).
        self.numeral_number_match: Final = numeral_number_match
        # Kind indices that may answer a chain under ``stacking=blast_ge`` (B-19).
        self.stackable: Final = stackable
        # The never-dealt cards are BLAST cards: drawn, they start a BLAST event (§5.5).
        self.blast_cards: Final = bool(never_dealt) and any(never_dealt)
        # Draws go card by card through BLAST events and the elimination check.
        self.blast_draws: Final = self.blast_cards or elimination > 0
        # A Numeral counts as any number in BLAST challenges.
        self.numeral_wild: Final = numeral_wild
        # UNO Blast's BLAST mode (§5.8, ``core.blast.machinery``): no turns; plays within this many
        # milliseconds after an accepted card are simultaneous; the Bloqueo's lock lasts until
        # a wild (``blast.lock_scope``); Reversa's return (``blast.reverse_return``); +6/+10
        # with nobody holding hit the next seat (``blast.big_draw_no_holder``).
        self.realtime: Final = realtime
        self.simultaneity_ms: Final = simultaneity_ms
        self.lock_until_wild: Final = lock_until_wild
        self.reverse_return: Final = reverse_return
        self.big_draw_next: Final = big_draw_next
        # By effect code: what a variant's own effect does once the colour its wild left open
        # is named in the colour window (``Variant.named``; No Mercy's Roulette), else None.
        self.named: Final = named
        # A hand that a swap or a pass leaves at one card owes an UNO call too (NM-16); off:
        # only the player's own play does (C-4).
        self.uno_any_path: Final = uno_any_path
        # A Reverse Draw played with two active seats targets its own player (NM-8).
        self.reverse_draw_self: Final = reverse_draw_self
        # A draw card played as the last card still makes its victim draw before the round
        # ends (P6); off: the round ends at once and the card has no effect (NM-15).
        self.last_draws: Final = last_draws
        # Points the round's winner scores for each seat knocked out in the round (NM-25).
        self.knockout_points: Final = knockout_points
        # A jump-in window opens on a card whose chain or colour is still pending (§4.9);
        # off: only on a card that left nothing pending (No Mercy, §9.14).
        self.jump_on_pending: Final = jump_on_pending
        # A player who could play and draws instead draws until a card plays, too, and must
        # play it (No Mercy's voluntary draw, NM-4); off: one card, which may be kept (U-C-3).
        self.decline_draws_until: Final = decline_draws_until
        # The card a turn's draw ended on must be played (no pass in the drawn window).
        self.drawn_must_play: Final = must_play or decline_draws_until
        self._answer_rows: Final[dict[int, bytes]] = {}
        self._color_plays: Final[list[tuple[Action, ...] | None]] = [None] * N_CARDS

    def color_plays(self, card: int) -> tuple[Action, ...]:
        """The plays of ``card`` declaring each colour a player may declare with it, without
        a UNO call: built once per card (a legal-action list lists them for every wild
        held)."""
        plays = self._color_plays[card]
        if plays is None:
            plays = tuple(play_action(card, col) for col in self.colors_for[card])
            self._color_plays[card] = plays
        return plays

    def answer_row(self, top_kind: int) -> bytes:
        """By card id, how the card may answer a draw penalty whose last card is of
        ``top_kind``: ``ANSWER_STACK``, ``ANSWER_RETURN`` or 0 (never). Whether stacking
        or a return is allowed now is the game's to say. Built once per top kind: the
        engine reads it for every card of a hand facing a penalty."""
        row = self._answer_rows.get(top_kind)
        if row is None:
            row = bytes([self._answer(k, top_kind) for k in CARD_KIND])
            self._answer_rows[top_kind] = row
        return row

    def _answer(self, kind: int, top_kind: int) -> int:
        """How a card of ``kind`` answers a penalty on ``top_kind``: a Boomerang sends it
        back; with stacking, a draw card (``same``: the kind of the chain's last card;
        ``progressive``: any draw card, no matching, FS-8; ``blast_ge``: a stackable card
        worth at least the last one, B-19). A copying Blank counts as the top card."""
        k = top_kind if self.effect[kind] == fx.COPY_TOP else kind
        eff = self.effect[k]
        if eff == fx.BOOMERANG:
            return ANSWER_RETURN
        if self.stacking == fx.STACK_BLAST_GE:
            chain = self.stackable
            fits = k in chain and top_kind in chain and self.amount[k] >= self.amount[top_kind]
        else:
            fits = eff in (fx.DRAW, fx.WILD_DRAW) and (
                self.stacking == fx.STACK_PROGRESSIVE or k == top_kind
            )
        return ANSWER_STACK if fits else 0

    def __repr__(self) -> str:
        return f"<Rules {self.variant.name} {self.options!r}>"
