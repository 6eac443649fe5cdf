"""What the batched engine plays, as arrays: a preset's cards, effects and action tokens.

``config(preset, players)`` resolves a preset through the reference engine's own machinery
(``core.setup``: the same names, defaults and errors), refuses what the batched engine does
not play (``SUPPORTED`` lists it; the error names the option), and builds ``Config.T``: every
number the numba code reads, in one int32 array, taken from the reference engine's compiled
rules (``Rules``) and from the RL action space (``unoverse.rl.actions.ActionSpace``), so both
engines share one deck order, one P1 table and one action encoding.

Cards are held by *slot*: the index of a card among the deck's distinct cards in id order
(``ActionSpace.cards``, the observation's card index too); piles keep card ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from ..core import effects as fx
from ..core.actions import Kind
from ..core.cards import CARD_COLOR, CARD_IS_WILD, CARD_KIND, CARD_NUMBER, N_CARDS, N_KINDS
from ..core.errors import Unsupported
from ..core.options import Value
from ..core.p1 import P1_STRIDE
from ..core.rules import ANSWER_STACK, Rules
from ..core.setup import compiled, resolve_preset
from ..rl.actions import ActionSpace
from ..rl.observation import HISTORY, Observation

#: The options the batched engine plays, with the values it plays (None: any value). Every
#: other option must keep its default: the engine refuses a preset that changes one.
SUPPORTED: Final[dict[str, tuple[Value, ...] | None]] = {
    "classic.first_card": None,
    "dealer_selection": None,
    "draw_ends_turn": None,
    "wd4_wilds_block": None,
    "two_player_rules": None,
    # a game is one round (RULES.md E-4): match scoring does not change how it is played
    "scoring": None,
    "target_score": None,
    "stacking": ("off", "same", "progressive"),
    "draw_until_playable": None,
    "seven_zero": None,
    "jump_in": None,
}

#: ``T[FIRST_CARD]``: the first-card table's three versions (RULES.md §1.2, C-6).
FIRST_CARD_MODES: Final = ("mattel_current", "mattel_old", "seed_as_dealer")

#: The effects a card may have in the presets played here.
EFFECTS: Final = frozenset(
    {fx.NONE, fx.SKIP, fx.REVERSE, fx.DRAW, fx.WILD, fx.WILD_DRAW, fx.ROTATE_HANDS, fx.SEVEN_SWAP}
)


# -- the header of ``Config.T``: one int32 array holds every table ----------------------------
# (numba passes each array argument with a reference count: one array for every table
# keeps a call cheap.) Scalars first, then the offsets of the tables that follow them.
PLAYERS: Final = 0
CARDS: Final = 1  # distinct cards: slots
DECK_SIZE: Final = 2
HAND_SIZE: Final = 3
UNO_PENALTY: Final = 4
STACKING: Final = 5  # fx.STACK_*
DRAW_UNTIL_PLAYABLE: Final = 6
DRAW_ENDS_TURN: Final = 7
WD4_WILDS_BLOCK: Final = 8
TWO_PLAYER_RULES: Final = 9
SEVEN_ZERO: Final = 10
JUMP_IN: Final = 11
FIRST_CARD: Final = 12  # index in FIRST_CARD_MODES
RANDOM_DEALER: Final = 13
TOKENS: Final = 14
DRAW_TOK: Final = 15
PASS_TOK: Final = 16
TAKE_TOK: Final = 17
CHALLENGE_TOK: Final = 18
UNO_TOK: Final = 19
WAIT_TOK: Final = 20
N_COLORS: Final = 21
HISTORY_LEN: Final = 22
OBS_SIZE: Final = 23
# offsets of the tables: by slot unless said otherwise
O_DECK: Final = 24  # card ids in the reference deck's order
O_SLOT_OF: Final = 25  # by card id: its slot (-1: not in this deck)
O_CARD_ID: Final = 26
O_COLOR: Final = 27  # printed colour (-1: wild)
O_KIND: Final = 28
O_WILD: Final = 29
O_NUMBER: Final = 30  # the value drawing for the deal reads (symbols 0)
O_POINTS: Final = 31
O_EFFECT: Final = 32
O_AMOUNT: Final = 33
O_P1: Final = 34  # [(colour + 1) * P1_STRIDE + top kind + 1][slot]: 1 where it plays
O_ANSWERS: Final = 35  # [top kind + 1][slot]: 1 where it may stack on that kind
O_COLORS: Final = 36  # the colours a wild declares
O_COLOR_SLOT: Final = 37  # by colour: its index among them (-1: none)
O_TOK_KIND: Final = 38  # by token (the RL action space): its action kind (-1: wait)
O_TOK_SLOT: Final = 39
O_TOK_COLOR: Final = 40
O_TOK_TARGET: Final = 41  # relative seat, -1: none
O_TOK_UNO: Final = 42
O_PLAY_TOK: Final = 43  # [jump?][slot][colour + 1][relative target or 0][uno] -> token
O_COLOR_TOK: Final = 44  # by colour -> token
O_CATCH_TOK: Final = 45  # by relative seat -> token
O_OBS_AT: Final = 46  # observation section offsets, in OBS_SECTIONS order (-1: absent)
#: [P1 row][low, high]: O_P1's row as a bit per slot, in two 32-bit halves (``p1_bits``)
O_P1_BITS: Final = 47
O_TOK_GROUP: Final = 48  # by token: its group for ``random`` (policies.GROUPS)
# offsets within a game's row of ``State.C``
C_HAND: Final = 49  # [seat][slot]: counts
C_HAND_SIZE: Final = 50  # by seat
C_DRAW: Final = 51  # the draw pile, top last
C_DISCARD: Final = 52  # the discard pile, top last
C_DISCARD_BY: Final = 53  # who played each discard (-1: turned from the pile)
C_HISTORY: Final = 54  # [play][seat, slot, colour]: the last public plays, a ring
C_WIDTH: Final = 55
HEADER: Final = 56
#: ``random``'s groups of tokens: the action kinds 0..10 (``core.actions.Kind``, every UNO
#: call in UNO's), and "wait".
GROUPS: Final = 12
WAIT_GROUP: Final = 11
#: Card slots a hand's bits (``state.HELD``) can hold.
MAX_SLOTS: Final = 63

#: The observation sections the batched engine writes, in the order of ``O_OBS_AT``.
OBS_SECTIONS: Final = (
    "hand", "top", "color", "clockwise", "situation", "drawn", "seats", "pending",
    "draw_pile", "jump_open", "history",
)  # fmt: skip


@dataclass(frozen=True)
class Config:
    """A preset at a table size the batched engine plays: its reference rules, the RL
    action space and observation layout, and their tables ``T``."""

    preset: str
    players: int
    rules: Rules
    space: ActionSpace
    observation: Observation
    T: np.ndarray  # int32: every table, behind the header above


def config(preset: str, players: int) -> Config:
    """The batched engine's configuration for ``preset`` at ``players`` seats; the reference
    engine's typed errors for an unknown variant, option or player count, and ``Unsupported``
    (naming the option) for a preset it does not play."""
    variant, options = resolve_preset(preset)
    if variant.name != "classic":
        raise Unsupported(
            f"the fast engine plays Classic UNO and its house rules, not {variant.name}: "
            "use the reference engine (--engine reference)"
        )
    if isinstance(players, bool) or not isinstance(players, int):
        raise Unsupported(f"players: give a number of seats, not {players!r}")
    variant.check_players(players)
    for name, value in options.items():
        spec = variant.specs[name]
        allowed = SUPPORTED.get(name, (spec.default,))
        if allowed is not None and value not in allowed:
            shown = ", ".join(spec.format(v) for v in allowed)
            raise Unsupported(
                f"option {name}={spec.format(value)}: the fast engine plays {name}={shown} "
                "only; use the reference engine (--engine reference) for this preset"
            )
    rules = compiled(variant, options)
    space = ActionSpace(rules, players)
    observation = Observation(rules, players, space.cards, HISTORY)
    return Config(
        preset, players, rules, space, observation, _tables(rules, players, space, observation)
    )


def _tables(rules: Rules, players: int, space: ActionSpace, obs: Observation) -> np.ndarray:
    """``Config.T`` (see the header's constants)."""
    cards = space.cards
    c = len(cards)
    slot_of = [-1] * N_CARDS
    for i, card in enumerate(cards):
        slot_of[card] = i
    effect = [rules.effect[CARD_KIND[x]] for x in cards]
    if set(effect) - EFFECTS:  # (the option check keeps this from happening)
        raise Unsupported("the fast engine does not play every card of this deck")
    if c > MAX_SLOTS:  # (no Classic deck comes near)
        raise Unsupported(f"the fast engine holds hands of up to {MAX_SLOTS} distinct cards")
    p1 = [rules.p1_rows[row][x] for row in range(9 * P1_STRIDE) for x in cards]
    p1_bits: list[int] = []
    for row in range(9 * P1_STRIDE):
        bits = sum(1 << i for i, x in enumerate(cards) if rules.p1_rows[row][x])
        p1_bits += [_signed32(bits & 0xFFFFFFFF), _signed32(bits >> 32)]
    answers = [0] * c
    for k in range(N_KINDS):
        line = rules.answer_row(k)
        answers += [int(line[x] == ANSWER_STACK) for x in cards]
    color_slot = [-1] * 8
    for i, col in enumerate(rules.colors):
        color_slot[col] = i
    t = space.size
    tok = {name: [-1] * t for name in ("kind", "slot", "color", "target")}
    tok_uno = [0] * t
    play_tok = [-1] * (2 * c * 9 * players * 2)
    color_tok = [-1] * 8
    catch_tok = [-1] * players
    single: dict[Kind, int] = {}
    tok_group = [WAIT_GROUP] * t
    for i, (kind, card, col, target, _amount, uno, _direction, _number) in enumerate(space.heads):
        tok["kind"][i] = kind
        tok_group[i] = Kind.UNO if uno else kind
        tok["slot"][i] = slot_of[card] if card >= 0 else -1
        tok["color"][i] = col
        tok["target"][i] = target
        tok_uno[i] = int(uno)
        if kind in (Kind.PLAY, Kind.JUMP):
            j = int(kind == Kind.JUMP)
            at = (((j * c + slot_of[card]) * 9 + col + 1) * players + max(target, 0)) * 2
            play_tok[at + int(uno)] = i
        elif kind == Kind.COLOR:
            color_tok[col] = i
        elif kind == Kind.CATCH:
            catch_tok[target] = i
        elif not uno:
            single[Kind(kind)] = i
    history = obs.history
    deck = len(rules.deck)
    head = [0] * HEADER
    head[PLAYERS] = players
    head[CARDS] = c
    head[DECK_SIZE] = deck
    head[HAND_SIZE] = rules.hand_size
    head[UNO_PENALTY] = rules.uno_penalty
    head[STACKING] = rules.stacking
    head[DRAW_UNTIL_PLAYABLE] = rules.draw_until_playable
    head[DRAW_ENDS_TURN] = rules.draw_ends_turn
    head[WD4_WILDS_BLOCK] = rules.wd4_wilds_block
    head[TWO_PLAYER_RULES] = rules.two_player_rules
    head[SEVEN_ZERO] = bool(rules.options["seven_zero"])
    head[JUMP_IN] = rules.jump_in
    head[FIRST_CARD] = FIRST_CARD_MODES.index(rules.options.text("classic.first_card"))
    head[RANDOM_DEALER] = rules.dealer_selection == "random"
    head[TOKENS] = t
    head[DRAW_TOK] = single[Kind.DRAW]
    head[PASS_TOK] = single[Kind.PASS]
    head[TAKE_TOK] = single[Kind.TAKE]
    head[CHALLENGE_TOK] = single[Kind.CHALLENGE]
    head[UNO_TOK] = single[Kind.UNO]
    head[WAIT_TOK] = space.wait
    head[N_COLORS] = len(rules.colors)
    head[HISTORY_LEN] = history
    head[OBS_SIZE] = obs.size
    body: list[int] = []
    for offset, values in (
        (O_DECK, list(rules.deck)),
        (O_SLOT_OF, slot_of),
        (O_CARD_ID, list(cards)),
        (O_COLOR, [CARD_COLOR[x] for x in cards]),
        (O_KIND, [CARD_KIND[x] for x in cards]),
        (O_WILD, [int(CARD_IS_WILD[x]) for x in cards]),
        (O_NUMBER, [max(CARD_NUMBER[x], 0) for x in cards]),
        (O_POINTS, [rules.points[x] for x in cards]),
        (O_EFFECT, effect),
        (O_AMOUNT, [rules.amount[CARD_KIND[x]] for x in cards]),
        (O_P1, p1),
        (O_ANSWERS, answers),
        (O_COLORS, list(rules.colors)),
        (O_COLOR_SLOT, color_slot),
        (O_TOK_KIND, tok["kind"]),
        (O_TOK_SLOT, tok["slot"]),
        (O_TOK_COLOR, tok["color"]),
        (O_TOK_TARGET, tok["target"]),
        (O_TOK_UNO, tok_uno),
        (O_PLAY_TOK, play_tok),
        (O_COLOR_TOK, color_tok),
        (O_CATCH_TOK, catch_tok),
        (O_OBS_AT, [obs.sections[s][0] if s in obs.sections else -1 for s in OBS_SECTIONS]),
        (O_P1_BITS, p1_bits),
        (O_TOK_GROUP, tok_group),
    ):
        head[offset] = HEADER + len(body)
        body += [int(v) for v in values]
    # a game's row of State.C
    width = 0
    for offset, size in (
        (C_HAND, players * c),
        (C_HAND_SIZE, players),
        (C_DRAW, deck),
        (C_DISCARD, deck),
        (C_DISCARD_BY, deck),
        (C_HISTORY, 3 * history),
    ):
        head[offset] = width
        width += size
    head[C_WIDTH] = width
    return np.array(head + body, np.int32)


def _signed32(x: int) -> int:
    """The int32 whose bits are ``x`` (0 <= x < 2**32)."""
    return x - (1 << 32) if x >= 1 << 31 else x
