"""RLCard's UNO encoding on our Classic at 2 seats: on the positions of RLCard's own games,
the same observation planes, raw state and action ids but for the documented differences of
its rules; RLCard's agents (random, rule-based, human) play our rounds through its
interface."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest
import rlcard
import rlcard.models
from rlcard.agents import RandomAgent
from rlcard.agents.human_agents.uno_human_agent import HumanAgent

from unoverse.core.actions import Kind, parse_action
from unoverse.core.position import position
from unoverse.rl.rlcard import ACTIONS, DRAW_ID, RLCardEnv, encode, raw_obs, rlcard_actions

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
            view = game.view(player)
            mine = encode(view)
            assert np.array_equal(mine[:3], state["obs"][:3])  # the hand
            _same_raw_state(
                raw_obs(view, [view.color], [ACTIONS[i] for i in sorted(ours)], player),
                state["raw_obs"],
                env.game.round.target.color,
            )
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


def _same_raw_state(ours: dict[str, Any], theirs: dict[str, Any], declared: str) -> None:
    """RLCard's raw state of a position and ours: the same keys and card names, but a wild's
    colour in a hand (RLCard's is the colour its deck printed on it, ours red: it means
    nothing) and the cards played before this position (ours has the top card only)."""

    def plain(names: list[str]) -> list[str]:
        return sorted("r-" + n[2:] if "wild" in n else n for n in names)

    assert set(ours) == set(theirs)
    assert plain(ours["hand"]) == plain(theirs["hand"])
    target = theirs["target"]  # a wild's declared colour is the card object's
    assert ours["target"] == (f"{declared}-{target[2:]}" if "wild" in target else target)
    assert ours["played_cards"] == [ours["target"]]
    assert (ours["num_cards"], ours["num_players"]) == (theirs["num_cards"], 2)
    assert ours["current_player"] == theirs["current_player"]
    assert set(theirs["legal_actions"]) <= set(ours["legal_actions"])


#: An environment seed whose first round starts on a Wild, whose colour the first player
#: chooses (``c-wild``): the one state where ``draw`` is not legal. Its round ends, with the
#: agents of the test below in either seat order, before the cards left can stall it.
FIRST_COLOUR = 56


def test_the_first_colour_seed_starts_on_a_wild_without_a_draw() -> None:
    state, _ = RLCardEnv(seed=FIRST_COLOUR).reset()
    assert state["raw_legal_actions"] == ["r-wild", "g-wild", "b-wild", "y-wild"]
    assert state["raw_obs"]["target"] == "r-wild" and not state["obs"][3].any()


def _plays(env: RLCardEnv, seat: int) -> int:
    """How many cards ``seat`` played in the round just run."""
    log = env.runner.session.log
    return sum(1 for s, text, _ in log if s == seat and parse_action(text).kind is Kind.PLAY)


def _scripted_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """RLCard's human agent reads its choice with ``input``: answer it from a script, which
    asks for an action out of range now and then (the agent asks again)."""
    answers = itertools.cycle(["0", "9", "0", "1", "0", "-1", "0"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))


def test_rlcard_s_rule_agent_and_human_agent_play_whole_rounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """RLCard's rule agent reads ``raw_obs["hand"]`` and ``raw_legal_actions``; its human
    agent prints the raw state and the action record. Under the official rules a draw is
    always legal, so the rule agent, which plays a card only when it cannot draw, never
    plays one and never wins; its round ends when the other seat goes out, or is cut off
    at the engine's bound once the cards left stall it (docs/rl.md). Each round here starts
    on a Wild whose colour the first player chooses, the one state without a draw: the rule
    agent meets it in one of the two seat orders."""
    _scripted_input(monkeypatch)
    monkeypatch.setattr(np.random, "choice", np.random.RandomState(0).choice)  # (the rule agent's)
    rule = rlcard.models.load("uno-rule-v1").agents[0]
    human = HumanAgent(61)
    for agents in ([rule, human], [human, rule]):
        env = RLCardEnv(seed=FIRST_COLOUR)
        env.set_agents(agents)
        trajectories, payoffs = env.run()
        seat = agents.index(rule)
        assert _plays(env, seat) == 0 and payoffs[seat] != 1
        assert set(trajectories[seat][1::2]) <= {"draw", "r-wild", "g-wild", "b-wild", "y-wild"}
        assert _plays(env, 1 - seat) > 0
        assert env.runner.truncated or payoffs[1 - seat] == 1


@pytest.mark.deep
def test_two_rlcard_rule_agents_never_play_and_their_round_is_cut_off() -> None:
    env = RLCardEnv(seed=1)
    env.set_agents(rlcard.models.load("uno-rule-v1").agents)
    _, payoffs = env.run()
    assert env.runner.truncated and list(payoffs) == [0, 0]
    assert _plays(env, 0) == _plays(env, 1) == 0


def test_the_raw_state_follows_the_discard_pile_and_the_action_record() -> None:
    """``played_cards`` is the discard pile in the colours its cards were played in (a
    wild's declared colour stays after it is covered); ``action_record`` every action."""
    env = RLCardEnv(seed=FIRST_COLOUR)
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(2)])
    wilds = 0
    for _ in range(6):
        first, player = env.reset()
        state, done = first, []
        while not env.is_over():
            action = env.agents[player].eval_step(state)[0]
            done.append((player, ACTIONS[action]))
            state, player = env.step(action)
        record = state["action_record"]
        assert record == done
        states = [first, state]
        # the first card, unless its colour was chosen (then the choice names it), and
        # every card played since, in the colour played; a reshuffle keeps the top card
        cards = [name for _, name in record if name != "draw"]
        chosen = "draw" not in first["raw_legal_actions"]
        expected = cards if chosen else first["raw_obs"]["played_cards"] + cards
        played = states[-1]["raw_obs"]["played_cards"]
        assert played == expected[-len(played) :] and played[-1] == states[-1]["raw_obs"]["target"]
        assert len(played) == len(env.runner.game.discard)
        wilds += sum("wild" in name for name in played[:-1])
    assert wilds  # covered wilds keep their declared colour


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
