"""UNO Show 'Em No Mercy (RULES.md §9) in the learning environments (docs/rl.md): the action
space names the Roulette's colour for its victim, the 7's targets and the chain answers, and
the mask opens each exactly when the engine does; the observation counts the Wild Color
Roulette among the cards and shows the colour window, the chain and the seats knocked out;
random rounds run to the end at 2, 4 and 6 seats in every environment; RLCard's planes
refuse it."""

from __future__ import annotations

import numpy as np
import pytest

from rl._rounds import random_rounds_end
from rules._no_mercy_table import table
from unoverse.core.actions import Action, Kind
from unoverse.core.cards import CARD_TEXT, card, color
from unoverse.core.errors import Unsupported
from unoverse.core.game import Game
from unoverse.rl.actions import ActionSpace
from unoverse.rl.observation import SEAT_FIELDS, SITUATIONS, Observation
from unoverse.rl.render import table_text
from unoverse.rl.rlcard import action_id, encode, raw_obs


def _layout(g: Game) -> tuple[ActionSpace, Observation]:
    """The action space and observation layout of ``g``'s configuration."""
    space = ActionSpace(g.rules, g.n)
    return space, Observation(g.rules, g.n, space.cards)


def _section(o: Observation, obs: np.ndarray, name: str) -> np.ndarray:
    start, size = o.sections[name]
    return obs[start : start + size]


def _cards(o: Observation, values: np.ndarray) -> dict[str, int]:
    """A card-indexed section as {card: count}."""
    return {CARD_TEXT[o.index[i]]: int(values[i]) for i in np.flatnonzero(values)}


def _allowed(space: ActionSpace, g: Game, seat: int) -> set[str]:
    """The names of the tokens the mask opens to ``seat``."""
    mask = space.mask(g.legal_actions(seat), seat)
    return {space.names[i] for i in np.flatnonzero(mask)}


def test_the_roulettes_victim_names_a_colour_by_token_and_sees_the_window() -> None:
    """RULES.md §9.16, scenario 6: the Roulette is played without a colour (its token names
    none); its victim, and only it, may name one of the four, as the engine says."""
    g = table("R9", "G1 B7 R3 W+6", "WCR R1 R2", "Y1 Y2", "B1 G2 W+10 R5", "Y3 Y4")
    space, o = _layout(g)
    assert "WCR" in _allowed(space, g, 0) and "WCR:R" not in space.names
    assert _cards(o, _section(o, o.encode(g.view(0)), "hand")) == {"WCR": 1, "R1": 1, "R2": 1}
    g.apply(0, "WCR")
    assert _allowed(space, g, 1) == {"color:R", "color:Y", "color:G", "color:B"}
    assert _allowed(space, g, 2) == set()
    obs = o.encode(g.view(1))
    situation = _section(o, obs, "situation")
    assert situation[SITUATIONS.index("color")] == 1.0 and situation.sum() == 1.0
    assert _cards(o, _section(o, obs, "top")) == {"WCR": 1}
    assert _section(o, obs, "color").sum() == 0.0  # nothing named yet (NM-11)
    assert _section(o, o.encode(g.view(2)), "situation").sum() == 0.0
    token = space.names.index("color:B")
    g.apply(1, space.action(token, 1))
    assert o.colors[int(np.argmax(_section(o, o.encode(g.view(2)), "color")))] == color("B")


def test_the_roulette_named_by_its_player_is_one_token_with_its_colour() -> None:
    g = table("R9", "G1 B7 R3", "WCR R1", "Y1 Y2", "B1 G2", "Y3", no_mercy__roulette_color="player")
    space, _ = _layout(g)
    assert {"WCR:R", "WCR:Y", "WCR:G", "WCR:B"} <= _allowed(space, g, 0)
    assert "WCR" not in _allowed(space, g, 0)


def test_a_7_names_its_target_relative_and_must_swap() -> None:
    """NM-18: every other seat, named from the player (+1 the next); never no target, but
    for a last card (NM-15). A swap that leaves the player one card may call UNO (NM-16)."""
    g = table("R5", "G1 G2 G3", "R7 R1", "Y1 Y2", "G1 G2 G3 G4", "B1")
    space, _ = _layout(g)
    sevens = {name for name in _allowed(space, g, 0) if name.startswith("R7")}
    assert sevens == {"R7>+1", "R7>+2", "R7>+3", "R7>+3 uno"}
    g.turn = 2
    assert {n for n in _allowed(space, g, 2) if n.startswith("R7")} == set()
    last = table("R5", "G1 G2 G3", "R7", "Y1 Y2", "G1", "B1")
    assert {n for n in _allowed(space, last, 0) if n.startswith("R7")} == {"R7"}
    g = table("R5", "G1 G2 G3", "R7 R1", "Y1 Y2", "G1 G2 G3 G4", "B1")
    g.apply(0, space.action(space.names.index("R7>+2"), 0))
    assert sorted(CARD_TEXT[c] for c in g.hands[0]) == ["G1", "G2", "G3", "G4"]


def test_a_chain_is_answered_by_value_and_the_observation_shows_it() -> None:
    """RULES.md §9.16, scenario 1: after R+2, B+4 and W+6, seat 3 faces 12 and its +2 cannot
    answer: only take; seat 1 could answer the +2 with a +4 of any colour."""
    pile = "G1 G2 G3 G4 G5 G6 G7 G8 G9 B1 B2 B3"
    g = table("R5", pile, "R+2 R1 R3", "B+4 B1 B2", "W+6 G2 G3", "Y+2 Y3 Y4")
    space, o = _layout(g)
    g.apply(0, "R+2")
    assert _allowed(space, g, 1) == {"B+4", "take"}
    g.apply(1, "B+4")
    assert {n for n in _allowed(space, g, 2) if n.startswith("W+6")} == {f"W+6:{c}" for c in "RYGB"}
    g.apply(2, "W+6:G")
    assert _allowed(space, g, 3) == {"take"}
    obs = o.encode(g.view(3))
    assert _section(o, obs, "pending").tolist() == [12.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
    assert _section(o, obs, "situation")[SITUATIONS.index("penalty")] == 1.0


def test_a_knocked_out_seat_is_marked_in_every_seats_observation() -> None:
    """RULES.md §9.16, scenario 4: seat 2 is knocked out taking a Wild Draw 10."""
    twenty = " ".join(["G5", "G6", "G7", "G8"] * 5)
    g = table("R9", " ".join(["B3"] * 10), "R1 R2", "W+10 B1", twenty, "B1 B2")
    g.turn = 1
    g.apply(1, "W+10:R")
    g.apply(2, "take")
    space, o = _layout(g)
    out = SEAT_FIELDS.index("eliminated")
    for seat in (0, 1, 3):
        rows = _section(o, o.encode(g.view(seat)), "seats").reshape(g.n, len(SEAT_FIELDS))
        assert [int(rows[(s - seat) % g.n][out]) for s in range(g.n)] == [0, 0, 1, 0]
    assert _allowed(space, g, 2) == set()
    assert "seat 2: 0 cards  [out]" in table_text(g.view(3))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_rounds_run_to_the_end_in_every_environment(players: int) -> None:
    random_rounds_end("no_mercy", players)


def test_rlcard_s_planes_refuse_no_mercy_whatever_the_hand() -> None:
    """A hand of numbers on a number would fit RLCard's planes, and mean a game it does not
    play: the deck's kinds refuse it."""
    g = table("R5", "G1 G2 G3", "R7 R1", "Y1 Y2", players=2)
    with pytest.raises(Unsupported, match=r"no_mercy's deck has \+4, DA, SA, W\+10, W\+6, WCR"):
        encode(g.view(0))
    with pytest.raises(Unsupported, match="Classic's cards only"):
        raw_obs(g.view(0), [0], [], 0)
    with pytest.raises(Unsupported, match="no card WCR"):
        action_id(Action(Kind.PLAY, card("WCR")))
