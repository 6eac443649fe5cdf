"""The presets and table sizes the batched engine is checked on, for the tests of
``unoverse.fast``: every option it plays, each house rule alone and all together."""

from __future__ import annotations

from typing import Final

#: Every preset the checks run on: Classic, each supported house rule (both stacking modes),
#: all four together, and the official options the fast engine plays in their other values.
PRESETS: Final = (
    "classic",
    "classic+stacking=same",
    "classic+stacking=progressive",
    "classic+seven_zero",
    "classic+draw_until_playable",
    "classic+jump_in",
    "classic+stacking=progressive+seven_zero+draw_until_playable+jump_in",
    "classic+classic.first_card=mattel_old+dealer_selection=random+draw_ends_turn"
    "+wd4_wilds_block+two_player_rules=false+stacking=same",
    "classic+classic.first_card=seed_as_dealer+jump_in+seven_zero",
)
#: Every table size Classic is played at.
PLAYERS: Final = tuple(range(2, 11))
