"""UNO Flip (RULES.md §8) in the learning environments (docs/rl.md): the observation shows a
seat its hand by face, the backs it knows, the other seats' backs, the draw pile's back and
the side up, and nothing it cannot see (worlds ``twin_world`` makes it unable to tell apart
give it the same observation); the action space names every play the engine offers, by card
or by the face of a blind card, with both sides' colours; random rounds run to the end at 2,
3 and 10 seats in every environment; RLCard's planes refuse its cards."""

from __future__ import annotations

import random

import numpy as np
import pytest

from rl._rounds import random_rounds_end
from rules._flip_table import table
from rules.test_flip_visibility import twin_world
from unoverse.core.actions import Action, Kind
from unoverse.core.cards import CARD_TEXT, FACE, card, color
from unoverse.core.errors import Unsupported
from unoverse.core.game import Game
from unoverse.rl import aec_env
from unoverse.rl.actions import ActionSpace
from unoverse.rl.observation import Observation
from unoverse.rl.rlcard import action_id, encode, raw_obs
from unoverse.rl.runner import Runner


def _layout(g: Game) -> Observation:
    """The observation layout of ``g``'s configuration."""
    return Observation(g.rules, g.n, ActionSpace(g.rules, g.n).cards)


def _section(o: Observation, obs: np.ndarray, name: str) -> np.ndarray:
    start, size = o.sections[name]
    return obs[start : start + size]


def _faces(o: Observation, values: np.ndarray) -> dict[str, int]:
    """A card-indexed section (or one row of ``backs``) as {face: count}."""
    return {CARD_TEXT[o.index[i]]: int(values[i]) for i in np.flatnonzero(values)}


def _known(o: Observation, values: np.ndarray) -> dict[str, int]:
    """The ``hand_known`` section as {card, light face first: count}."""
    return {CARD_TEXT[o.known_cards[i]]: int(values[i]) for i in np.flatnonzero(values)}


def _backs(o: Observation, obs: np.ndarray) -> list[dict[str, int]]:
    """The ``backs`` section, a row per relative seat from +1."""
    rows = _section(o, obs, "backs").reshape(o.players - 1, o.n_cards)
    return [_faces(o, row) for row in rows]


def test_the_light_side_shows_faces_held_backs_known_and_the_table_s_backs() -> None:
    g = table(
        "G5|O7 R4|V+5",  # the top: R4, its colour red
        "Y9|V4 B2|O8",  # the pile's top shows O8
        "R1|P3 R1|V2 W|P5 G6|WDC",
        "Y3|V1 BS|T1",
        "GF|T3",
        "B5|P9 B5|OR",
    )
    g.known[0][0] = [card("R1|V2")]  # seat 0 has seen this card's light face only
    o = _layout(g)
    obs = o.encode(g.view(0))
    assert _faces(o, _section(o, obs, "hand")) == {"R1": 2, "W": 1, "G6": 1}
    assert _known(o, _section(o, obs, "hand_known")) == {"R1|P3": 1, "W|P5": 1, "G6|WDC": 1}
    assert _faces(o, _section(o, obs, "top")) == {"R4": 1}
    assert o.colors[int(np.argmax(_section(o, obs, "color")))] == color("R")
    assert _section(o, obs, "dark").tolist() == [0.0]
    assert _faces(o, _section(o, obs, "pile_back")) == {"O8": 1}
    assert _backs(o, obs) == [{"V1": 1, "T1": 1}, {"T3": 1}, {"P9": 1, "OR": 1}]
    # seat 1 sees seat 0's backs, blind card included, as the table does
    obs = o.encode(g.view(1))
    assert _backs(o, obs) == [{"T3": 1}, {"P9": 1, "OR": 1}, {"P3": 1, "V2": 1, "P5": 1, "WDC": 1}]
    assert _known(o, _section(o, obs, "hand_known")) == {"Y3|V1": 1, "BS|T1": 1}


def test_the_dark_side_shows_dark_faces_light_backs_and_a_dark_colour() -> None:
    g = table("V4|Y9 O7|G5", "P8|G4 O8|B2", "P3|R1 W|YR", "T1|BS", players=2)
    o = _layout(g)
    obs = o.encode(g.view(0))
    assert _section(o, obs, "dark").tolist() == [1.0]
    assert _faces(o, _section(o, obs, "hand")) == {"P3": 1, "W": 1}
    assert _known(o, _section(o, obs, "hand_known")) == {"R1|P3": 1, "YR|W": 1}
    assert _faces(o, _section(o, obs, "top")) == {"O7": 1}
    assert o.colors[int(np.argmax(_section(o, obs, "color")))] == color("O")
    assert _faces(o, _section(o, obs, "pile_back")) == {"B2": 1}
    assert _backs(o, obs) == [{"BS": 1}]


def test_the_card_sections_tell_faces_not_cards() -> None:
    """The faces index ``hand``, ``top``, ``drawn``, the history and ``laid``: a card played
    blind and the same face known both ways read the same, and no slot tells a back."""
    g = table("G5|O7 R4|V+5", "B2|O8", "R1|P3", "Y3|V1")
    o = _layout(g)
    assert all(FACE[c] == c for c in o.index) and len(o.index) == 107
    view = g.view(0)
    blind = o.encode(view, [(1, card("R1"), -1)])
    known = o.encode(view, [(1, card("R1|P3"), -1)])
    assert np.array_equal(blind, known)
    assert np.array_equal(known, o.encode(view, [(1, card("R1|V2"), -1)]))
    assert not np.array_equal(known, o.encode(view, [(1, card("G3|PF"), -1)]))


@pytest.mark.parametrize(
    ("preset", "players"),
    [("flip", 2), ("flip", 4), ("flip+flip.observer_tracking=by_card", 3), ("flip", 7)],
)
def test_what_a_seat_cannot_see_never_reaches_its_observation(preset: str, players: int) -> None:
    compared = differed = 0
    for seed in range(3):
        runner = Runner(preset, players)
        runner.reset(seed)
        rng = np.random.default_rng(seed)
        twins = random.Random(seed)
        for _ in range(150):
            if runner.over:
                break
            real = runner.game
            for seat in range(players):
                w = twin_world(real, seat, twins)
                if w is None:
                    continue
                differed += w.hands != real.hands
                mine = runner.observe(seat)
                runner.game = w  # the same round, as seen from the other world
                try:
                    assert np.array_equal(runner.observe(seat), mine), (seed, seat, real.version)
                finally:
                    runner.game = real
                compared += 1
            runner.act(int(rng.choice(np.flatnonzero(runner.mask()))))
    assert compared > 100 and differed > 50


def test_ansi_render_shows_the_backs_the_seat_sees() -> None:
    env = aec_env("flip", 3, render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert text is not None
    view = env.runner.game.view(env.runner.current)
    assert f"its top shows {CARD_TEXT[view.pile_back]} · light side up" in text
    for s, backs in enumerate(view.backs):
        if s != view.seat:
            assert f"seat {s}: 7 cards showing {' '.join(CARD_TEXT[c] for c in backs)}" in text


def test_the_action_space_names_both_sides_plays_and_challenges() -> None:
    space = Runner("flip", 4).space
    names = set(space.names)
    for name in ("challenge", "color:R", "color:P", "color:V", "R1", "R1 uno", "W+2:G"):
        assert name in names  # a blind card plays by its face; a surfaced wild is named
    for name in ("R1|P3", "P3|R1 uno", "W|P5:B", "W|YR:T", "WDC|G6:O uno", "W+2|O4:Y"):
        assert name in names  # a card known both ways plays by its id, either side up
    assert "W|YR:R" not in names and "W|P5:P" not in names  # a wild declares its side's
    assert not {"P3", "WDC:P"} & names  # a dark face is never blind: it faces its holder


@pytest.mark.parametrize("players", [2, 3, 10])
def test_random_rounds_run_to_the_end_in_every_environment(players: int) -> None:
    random_rounds_end("flip", players)


def test_a_wild_draw_color_s_victim_sees_it_draws_until_the_colour() -> None:
    g = table("O7|G5", "O8|B2 V4|Y9", "WDC|R3 P3|R1", "T1|BS", players=2)
    g.apply(0, "WDC|R3:T")
    o = _layout(g)
    obs = o.encode(g.view(1))
    assert _section(o, obs, "until_color").tolist() == [1.0]
    assert _section(o, obs, "pending").tolist() == [0.0, 1.0, 0.0, 1.0, 0.0]  # on itself
    assert o.colors[int(np.argmax(_section(o, obs, "color")))] == color("T")
    assert "until_color" not in Runner("classic", 2).observation.sections


def test_rlcard_s_planes_refuse_two_faced_cards() -> None:
    g = table("G5|O7 R4|V+5", "B2|O8", "R1|P3", "Y3|V1", players=2)
    with pytest.raises(Unsupported, match="two-faced"):
        encode(g.view(0))
    with pytest.raises(Unsupported, match="two-faced"):
        raw_obs(g.view(0), [-1, 0], [], 0)
    with pytest.raises(Unsupported, match=r"no card R1\|P3"):
        action_id(Action(Kind.PLAY, card("R1|P3")))
    with pytest.raises(Unsupported, match="no colour pink"):
        action_id(Action(Kind.COLOR, -1, color("P")))
