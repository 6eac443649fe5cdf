"""The engine's tables for one variant and options (``Variant.compile`` builds them).

Its own module so that the compiled engine reads them as native attributes: the engine
looks them up several times per action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .options import Options

if TYPE_CHECKING:
    from .variant import Variant


class Rules:
    """Everything the engine reads from a variant and its options, compiled once per game
    configuration and shared by every copy of a game. Read-only (``Final``).

    A plain class, built with keywords: the compiled engine reads its attributes natively.
    """

    __slots__ = (
        "amount",
        "colors",
        "dealer_selection",
        "deck",
        "deck_effects",
        "declares",
        "draw_ends_turn",
        "draw_until_playable",
        "effect",
        "false_uno_penalty",
        "hand_size",
        "jump_in",
        "name",
        "options",
        "permissive_illegal_plays",
        "plain_plays",
        "play_duplicates",
        "points",
        "revive",
        "stacking",
        "two_player_rules",
        "uno_penalty",
        "variant",
        "wd4_wilds_block",
        "zero_discard_color",
    )

    def __init__(
        self,
        *,
        variant: Variant,
        options: Options,
        deck: tuple[int, ...],
        points: tuple[int, ...],
        effect: tuple[int, ...],
        amount: tuple[int, ...],
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
        plain_plays: bool,
    ) -> None:
        self.variant: Final = variant
        self.name: Final[str] = variant.name  # read by every view
        self.options: Final = options
        self.deck: Final = deck
        self.points: Final = points  # by card id
        self.effect: Final = effect  # by kind index
        self.amount: Final = amount  # by kind index: cards drawn by DRAW / WILD_DRAW effects
        self.colors: Final = colors  # colours a player may declare
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
        # No card in the deck names a seat or chooses a direction: every play is just a card,
        # a colour and a UNO call (the engine's short path for legal actions and checks).
        self.plain_plays: Final = plain_plays

    def __repr__(self) -> str:
        return f"<Rules {self.variant.name} {self.options!r}>"
