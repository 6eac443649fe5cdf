"""A position holds the whole state (docs/notation.md, "Positions"): ``position_text``
writes every part of a game and ``position`` reads it back exactly, the same saved state
(``to_json``), for states of every variant and mode reached by random legal play (with the
referee's penalties, timeouts, stalls and stuck rounds now and then)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import unoverse as uv
from unoverse import Game, UnoverseError

from ._corpus import PRESETS as CORPUS

#: Every variant and mode: the corpus's presets, and more of the house rules.
PRESETS = (
    *CORPUS,
    "classic+classic.deck=112_modern+draw_until_playable+revive+stacking=same",
    "classic+zero_discard_color+play_duplicates+jump_in+permissive_illegal_plays",
    "attack+attack.launcher=one_card+attack.discard_all_optional+stacking=progressive",
    "attack+attack.launcher=bernoulli+jump_in+false_uno_penalty=1",
    "full_spectrum+full_spectrum.bidirectional+play_duplicates+draw_ends_turn",
    "minecraft+jump_in+stacking=progressive+seven_zero",
    "blast+blast.uno_call+blast.numeral_wild_in_challenges+blast.rev4_stackable",
    "blast+blast.mode=blast+blast.simultaneity_window_ms=1500",
)
#: Every this many actions (and at the end) the state is written and read back.
EVERY = 20


def act(game: Game, rng: random.Random, clock: float) -> None:
    """Apply one random offered action, or now and then one of the referee's."""
    roll = rng.random()
    referee = ""
    if roll < 0.02:
        referee = f"penalize:{rng.randrange(game.n)}:{rng.randint(1, 4)}"
    elif roll < 0.04:
        referee = "timeout"
    elif roll < 0.05:
        referee = "stall"
    elif roll < 0.052:
        referee = "stuck"
    if referee:
        try:
            game.apply(None, referee, clock)
            return
        except UnoverseError:
            pass
    pairs = [(s, a) for s in game.acting_seats() for a in game.legal_actions(s)]
    seat, action = rng.choice(pairs)
    game.apply(seat, action, clock)


def assert_round_trips(game: Game) -> None:
    text = uv.position_text(game)
    again = uv.position(text)
    assert uv.to_json(again) == uv.to_json(game), text
    assert uv.position_text(again) == text


@given(
    preset=st.sampled_from(PRESETS),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 160),
)
def test_a_position_reads_back_the_state_it_was_written_from(
    preset: str, players: int, seed: int, steps: int
) -> None:
    rng = random.Random(seed)
    game = uv.new_game(preset, players, seed)
    for i in range(steps):
        if i % EVERY == 0:
            assert_round_trips(game)
        if game.over:
            break
        act(game, rng, 250.0 * i + rng.random())
    assert_round_trips(game)
