"""Real game states of every variant and mode, for the tests of the field table and of
determinisation: rounds played with random legal actions (and now and then a referee's
penalty or timeout), a state kept every few actions and at each new phase, and a few
positions for fields random play seldom reaches."""

from __future__ import annotations

import random
from functools import lru_cache

import unoverse as uv
from unoverse import Game, UnoverseError

#: Presets that between them reach every field of the state.
PRESETS = (
    "classic",
    "classic+jump_in+stacking=progressive+seven_zero",
    "classic+permissive_illegal_plays+stacking=same+boomerang",
    "classic+classic.deck=112_blank+classic.blank_mode=copy_top+play_duplicates",
    "classic+downpour+bar_special+friendly_swap+zero_chooses_direction",
    "classic+challenge_elimination=200+scoring=lowest_total",
    "minecraft+false_uno_penalty=2",
    "attack",
    "attack+attack.launcher=pattern+attack.strict_first_color+jump_in",
    "full_spectrum+seven_zero+stacking=progressive+jump_in",
    "blast",
    "blast+blast.uno_call+blast.elimination_threshold=12",
    "blast+blast.mode=blast",
    "blast+blast.mode=blast+blast.lock_scope=until_wild+blast.elimination_threshold=14",
)
#: Positions for what random play seldom reaches: a seat out of cards while its last card's
#: penalty is pending, the first card's colour still to declare, a penalty a Boomerang sent
#: back, a Bloqueo's block and lock, an armed card.
POSITIONS = (
    "classic; hands: - | G1 G2 | B1; top: R+2@0; turn: 1; pending: take 2",
    "classic; hands: R7 R1 | G1 G2 | B1 B2 | Y1 Y3; top: W; turn: 1; declare: 1",
    "classic+boomerang; hands: R1 R2 | G1 G2 | B3; top: WBO:R@0; turn: 1; pending: take 2 returned",
    "blast+blast.mode=blast; hands: R1 R2 | G1 G2 | B3 B4; top: R5@0; blocked: 1; lock: G;"
    " armed: 0=R1",
)
#: A round whose first card sets the colour the first turn must play (UNO Attack, A-7).
STRICT = ("attack+attack.strict_first_color", 2, 6)


Move = tuple[int | None, str, float]


def random_action(game: Game, rng: random.Random, clock: float) -> Move:
    """Apply one random offered action, or now and then a referee's, stamped ``clock``;
    return it."""
    roll = rng.random()
    referee = (
        f"penalize:{rng.randrange(game.n)}:{rng.randint(1, 4)}"
        if roll < 0.02
        else "timeout"
        if roll < 0.04
        else ""
    )
    if referee:
        try:
            game.apply(None, referee, clock)
            return (None, referee, clock)
        except UnoverseError:
            pass
    pairs = [(s, a) for s in game.acting_seats() for a in game.legal_actions(s)]
    seat, act = rng.choice(pairs)
    game.apply(seat, act, clock)
    return (seat, str(act), clock)


def _round(preset: str, players: int, seed: int) -> list[Game]:
    """States of one round played at random: every seventh, each first of a phase, the
    last. Each is built by replaying the round's moves up to it, never by copying or
    saving a game (whose fields these states test)."""
    rng = random.Random(seed)
    game = uv.new_game(preset, players, seed)
    moves: list[Move] = []
    kept: list[int] = []
    phases = set()
    for i in range(160):
        if i % 7 == 0 or game.phase not in phases or game.over:
            phases.add(game.phase)
            kept.append(len(moves))
        if game.over:
            break
        moves.append(random_action(game, rng, 250.0 * i))
    states = []
    for k in kept:
        state = uv.new_game(preset, players, seed)
        for seat, act, at in moves[:k]:
            state.apply(seat, act, at)
        states.append(state)
    return states


@lru_cache(maxsize=1)
def real_states() -> tuple[Game, ...]:
    """The states (built once: callers copy a state before changing it)."""
    rng = random.Random(29)
    states = [uv.position(text) for text in POSITIONS]
    states.append(uv.new_game(*STRICT))
    for preset in PRESETS:
        for players in (2, 3, 4):
            states.extend(_round(preset, players, rng.getrandbits(32)))
    return tuple(states)
