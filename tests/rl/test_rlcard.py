"""RLCard's UNO encoding on our Classic at 2 seats: on the positions of RLCard's own games,
the same observation planes, and the same action ids but for the documented differences of
its rules; RLCard's agents play our rounds through its interface."""

from __future__ import annotations

from typing import Any

import numpy as np
import rlcard
from rlcard.agents import RandomAgent

from unoverse.core.position import position
from unoverse.rl.rlcard import ACTIONS, DRAW_ID, RLCardEnv, encode, rlcard_actions

_TRAIT = {"skip": "S", "reverse": "R", "draw_2": "+2", "wild": "W", "wild_draw_4": "W+4"}
#: The ids of a Wild Draw Four, in each colour.
W4 = {i for i, name in enumerate(ACTIONS) if name.endswith("wild_draw_4")}


def _card(text: str, declared: bool = False) -> str:
    """An RLCard card (``r-skip``) in our notation (``RS``); a wild's colour is RLCard's
    bookkeeping in a hand, its declared colour on the pile (``W:R``)."""
    color, trait = text.split("-")
    kind = _TRAIT.get(trait, trait)
    if kind.startswith("W"):
        return f"{kind}:{color.upper()}" if declared else kind
    return color.upper() + kind


def _our_position(env: rlcard.envs.Env, state: dict[str, Any]) -> str:
    """The position of RLCard's ``state`` (its player's hand and target as the state says,
    the other hand as the game holds it) in our notation."""
    game = env.game
    player = game.round.current_player
    hands = [
        state["raw_obs"]["hand"] if p == player else [c.get_str() for c in game.players[p].hand]
        for p in range(2)
    ]
    written = " | ".join(" ".join(_card(c) for c in hand) or "-" for hand in hands)
    target = game.round.target  # its colour: the declared one for a wild (its text keeps
    top = _card(f"{target.color}-{target.trait}", declared=True)  # the deck's, see below)
    return (
        f"classic\nhands: {written}\ntop: {top}@{1 - player}\nturn: {player}\ndealer: {1 - player}"
    )


def test_the_encodings_agree_on_rlcard_s_own_positions() -> None:
    compared = differing = 0
    for seed in range(30):
        env = rlcard.make("uno", config={"seed": seed})
        state, player = env.reset()
        rng = np.random.default_rng(seed)
        while not env.is_over() and all(state["raw_obs"]["num_cards"]):
            game = position(_our_position(env, state))
            ours = rlcard_actions(game.legal_actions(player))
            mine = encode(game.view(player))
            assert np.array_equal(mine[:3], state["obs"][:3])  # the hand
            if "wild" in state["raw_obs"]["target"]:
                # RLCard writes a wild target in the row of the colour the card was printed
                # with in its deck, not the colour declared (its legal actions use that one):
                # ours is the declared colour's row, in the same column
                row = "rgby".index(env.game.round.target.color)
                column = int(np.flatnonzero(state["obs"][3].any(axis=0))[0])
                assert np.argwhere(mine[3]).tolist() == [[row, column]]
            else:
                assert np.array_equal(mine[3], state["obs"][3])
            theirs = set(state["legal_actions"])
            # RLCard lets a seat draw only when nothing plays, and a Wild Draw Four only when
            # nothing else does; the official rules allow both at any time
            assert set(ours) - W4 - {DRAW_ID} == theirs - W4 - {DRAW_ID}
            assert theirs <= set(ours) and DRAW_ID in ours
            differing += set(ours) != theirs
            compared += 1
            state, player = env.step(int(rng.choice(list(theirs))))
    assert compared > 500 and differing > 0


def test_rlcard_s_agents_play_our_rounds() -> None:
    env = RLCardEnv(seed=3)
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(2)])
    payoffs = [env.run(is_training=False)[1] for _ in range(20)]
    assert all(sorted(p) == [-1.0, 1.0] for p in payoffs)
    state, _ = env.reset()
    assert state["obs"].shape == (4, 4, 15) and list(state["legal_actions"])
    assert all(
        ACTIONS[i] == name
        for i, name in zip(state["legal_actions"], state["raw_legal_actions"], strict=True)
    )
