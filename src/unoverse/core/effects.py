"""Effect codes and the engine's other small constant tables, read on every action.

What a card does when it lands (RULES.md §1.4), the stacking modes and how a card declares a
colour. Their own compiled module, so that the compiled engine reads them as constants (the
variant module, which uses dataclass features mypyc does not compile, stays interpreted).
"""

from __future__ import annotations

from typing import Final

# Effect codes: what a card does when it lands (RULES.md §1.4). Parameters live in
# ``Rules.amount``.
NONE: Final = 0
SKIP: Final = 1
REVERSE: Final = 2
DRAW: Final = 3  # the next seat draws ``amount`` and loses its turn (its own ``take``, E-1)
WILD: Final = 4  # declare a colour
WILD_DRAW: Final = 5  # declare a colour; the next seat draws ``amount`` or challenges (P5)
SHUFFLE_HANDS: Final = 6  # declare a colour; every hand is collected, shuffled and dealt out
COPY_TOP: Final = 7  # blank card in ``copy_top`` mode: a copy of the top card
ALL_DRAW: Final = 8  # declare a colour; every other active seat draws ``amount`` at once and loses
#               its turn, so the same player plays again (Downpour)
ALL_DRAW_KEEP: Final = 9  # the same without declaring: the colour stays (Bar special)
BOOMERANG: Final = 10  # declare a colour and reverse; facing a draw attack, send it back (§1.8)
SWAP_HANDS: Final = 11  # declare a colour and swap hands with a chosen seat (Friendly card)
ROTATE_HANDS: Final = 12  # every active seat passes its hand to the next one (Seven-0's 0)
SEVEN_SWAP: Final = 13  # the player may swap hands with a chosen seat (Seven-0's 7)
ZERO_DIRECTION: Final = 14  # the player chooses the direction; the next seat draws ``amount``
#                      and keeps its turn (``zero_chooses_direction``)
DISCARD_ALL: Final = 15  # the player also discards every card of one colour from the hand,
#                 under the played card (UNO Attack's Discard All, RULES.md §3.4, A-3)
ALL_HIT: Final = 16  # declare a colour; every other active seat draws ``amount`` at once (in
#             UNO Attack: presses the launcher), then play goes on from the next seat
#             (Wild All Hit, RULES.md §3.4)
HIT_FIRE: Final = 17  # declare a colour; the next seat draws until a card comes (presses the
#              launcher until it fires: its own ``take``, E-1) and loses its turn
#              (Wild Hit-Fire, RULES.md §3.4)
SKIP_ALL: Final = 18  # every other seat loses its turn: the same player takes a full turn again
#              (Full Spectrum's Skip All, RULES.md §4.7, FS-4)
NUMERAL: Final = 19  # the player declares a number 0-9: the card counts as that number in its
#             own colour (UNO Blast's Numeral, RULES.md §5.6)
REVERSE_DRAW: Final = 20  # declare a colour and reverse; the next seat in the new direction
#                  draws ``amount`` (its own ``take``) and loses its turn (Reversa y Toma 4)
WILD_PENALTY: Final = 21  # declare a colour; the next seat draws ``amount`` (its own ``take``)
#                  and loses its turn; no challenge (UNO Blast's +6 and +10)
WILD_DRAW_COLOR: Final = 22  # declare a colour; the next seat draws until a card of that colour
#                     comes (P10, its own ``take``) and loses its turn, or challenges (P5,
#                     RULES.md §8.9: the Wild Draw Color)

#: How many effect codes there are: tables by effect code have this many entries.
N_EFFECTS: Final = 64
#: The codes a variant gives the effects of its own (``Variant.landings``): the engine's are
#: below them.
OWN_EFFECTS: Final = range(32, N_EFFECTS)


# Stacking modes (RULES.md §1.8): which draw card may answer a pending draw penalty.
STACK_OFF: Final = 0
STACK_SAME: Final = 1  # the same kind: a Draw Two on a Draw Two, a Wild Draw Four on one
STACK_PROGRESSIVE: Final = 2  # any draw card on any draw card, no colour matching (FS-8)
STACK_BLAST_GE: Final = 3  # a stackable card worth at least the last one, no matching (B-19)
STACKING: Final = {
    "off": STACK_OFF,
    "same": STACK_SAME,
    "progressive": STACK_PROGRESSIVE,
    "blast_ge": STACK_BLAST_GE,
}

# ``Rules.declares``: whether playing a card needs a declared colour.
DECLARES_NO: Final = 0
DECLARES_YES: Final = 1
DECLARES_IF_WILD_TOP: Final = 2  # a blank copying the top card declares when the top is a wild
#: Effects of cards that name a seat or choose a direction when played.
CHOOSING_EFFECTS: Final = frozenset({SWAP_HANDS, SEVEN_SWAP, ZERO_DIRECTION})
#: Effects that move whole hands: the UNO call is judged on the hand the player ends with.
HAND_MOVES: Final = frozenset({SWAP_HANDS, SEVEN_SWAP, ROTATE_HANDS, SHUFFLE_HANDS})
#: Effects that make the engine leave its short path for plays: choices, hand moves, and a
#: Discard All, whose play leaves the hand smaller than by one card (which decides the UNO
#: call).
SPECIAL_PLAY_EFFECTS: Final = CHOOSING_EFFECTS | HAND_MOVES | {DISCARD_ALL, NUMERAL}
#: Effects that leave a draw penalty pending on the next seat (E-1).
PENALTY_EFFECTS: Final = frozenset(
    {DRAW, WILD_DRAW, HIT_FIRE, REVERSE_DRAW, WILD_PENALTY, WILD_DRAW_COLOR}
)

#: Effects whose penalty its victim may challenge instead of drawing (P5: a Wild Draw Four;
#: a wild that draws until a colour comes, §8.9), when a seat played the card.
CHALLENGED: Final = frozenset({WILD_DRAW, WILD_DRAW_COLOR})

# ``Table.pen_until``: how a pending penalty is drawn.
PEN_COUNT: Final = 0  # ``pen_amount`` cards
PEN_FIRE: Final = 1  # until a card comes: the launcher fires (Wild Hit-Fire, §3.4)
PEN_COLOR: Final = 2  # until a card of the active colour comes (P10, Wild Draw Color, §8.9)
