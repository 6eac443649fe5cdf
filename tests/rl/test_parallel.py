"""The parallel environment: PettingZoo's own tests on every variant, and the instant's
arrival order as the session decides it (an UNO call before a catch; in BLAST mode, the
second card of an instant refused as simultaneous)."""

from __future__ import annotations

import warnings
from functools import partial

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

from unoverse.core import events as ev
from unoverse.core.actions import Kind
from unoverse.core.errors import IllegalAction
from unoverse.core.setup import new_game
from unoverse.rl import parallel_env
from unoverse.rl.instants import Instants

from .test_api import PRESETS, _players


@pytest.mark.parametrize("preset", PRESETS)
def test_the_parallel_api(preset: str) -> None:
    for players in _players(preset):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            parallel_api_test(parallel_env(preset, players), num_cycles=2000)
            # the seed test samples unmasked actions: "lose" ends the episode on one
            parallel_seed_test(partial(parallel_env, preset, players, illegal="lose"), 300)


def _events(rnd: Instants, seed: int, since: int = 0) -> list[ev.Event]:
    """The events of the round's accepted actions from its ``since``-th on: its session's log
    replayed on the same deal (``seed``)."""
    game = new_game(rnd.preset, rnd.players, seed)
    seen: list[ev.Event] = []
    for i, (seat, text, at) in enumerate(rnd.session.log):
        events = game.apply(seat, text, at)
        if i >= since:
            seen.extend(events)
    assert game.version == rnd.game.version
    return seen


def _play_everything(rnd: Instants, rng: np.random.Generator) -> dict[int, int]:
    """Each agent's first non-wait token where it has one (else ``wait``)."""
    tokens = {}
    for seat in rnd.agents:
        mask = rnd.mask(seat)
        mask[rnd.space.wait] = 0
        choices = np.flatnonzero(mask)
        tokens[seat] = int(rng.choice(choices)) if len(choices) else rnd.space.wait
    return tokens


def test_blast_mode_cards_of_one_instant_race() -> None:
    rnd = Instants("blast+mode=blast", 3)
    rnd.reset(5)
    rng = np.random.default_rng(5)
    for _ in range(400):
        if rnd.over:
            break
        rnd.step(_play_everything(rnd, rng))
    kinds = [e.kind for e in _events(rnd, 5)]
    assert ev.SIMULTANEOUS in kinds  # a second card in the instant of the first is refused
    assert kinds.count(ev.PLAY) > 10


def test_an_uno_call_beats_a_catch_in_the_same_instant() -> None:
    for seed in range(40):
        rnd = Instants("classic", 4)
        rnd.reset(seed)
        rng = np.random.default_rng(seed)
        while not rnd.over:
            open_ = rnd.game.uno_open
            if open_:
                caller = open_[0]
                tokens = {}
                for seat in rnd.agents:
                    names = [rnd.space.names[i] for i in np.flatnonzero(rnd.mask(seat))]
                    catch = f"catch:+{(caller - seat) % 4}"
                    if seat == caller:
                        tokens[seat] = rnd.space.names.index("uno")
                    elif catch in names:
                        tokens[seat] = rnd.space.names.index(catch)
                    else:
                        tokens[seat] = rnd.space.wait if "wait" in names else 0
                before = len(rnd.session.log)
                refused = rnd.step(tokens)
                kinds = [e.kind for e in _events(rnd, seed, before)]
                assert ev.UNO in kinds and ev.CATCH not in kinds
                assert refused  # the catches came too late
                return
            tokens = {}
            for seat in rnd.agents:
                mask = rnd.mask(seat)
                names = [rnd.space.names[i] for i in np.flatnonzero(mask)]
                # play without calling UNO, so a call and a catch can meet
                plain = [n for n in names if not n.endswith("uno") and n not in ("uno", "wait")]
                plain = [n for n in plain if not n.startswith("catch")]
                pick = plain[int(rng.integers(len(plain)))] if plain else "wait"
                tokens[seat] = rnd.space.names.index(pick)
            rnd.step(tokens)
    pytest.fail("no seed left a seat holding one card without its UNO call")


def test_a_token_outside_the_mask_raises_and_changes_nothing() -> None:
    env = parallel_env("classic", 2)
    observations, _ = env.reset(seed=3)
    version = env.round.game.version
    bad = {a: int(np.flatnonzero(o["action_mask"] == 0)[0]) for a, o in observations.items()}
    with pytest.raises(IllegalAction, match=r"is not in the mask: not a move of seat \d now"):
        env.step(bad)
    assert env.round.game.version == version
    lose = parallel_env("classic", 2, illegal="lose")
    observations, _ = lose.reset(seed=3)
    _, rewards, terminations, _, infos = lose.step(bad)
    assert set(rewards.values()) == {-1.0} and all(terminations.values())
    assert all("not in the mask" in i["illegal"] for i in infos.values())
    assert not lose.agents


def test_a_play_of_several_cards_is_laid_over_instants() -> None:
    rnd = Instants("blast", 3)
    for seed in range(60):
        rnd.reset(seed)
        rng = np.random.default_rng(seed)
        while not rnd.over:
            if rnd.game.phase.name == "BLAST":
                seat = next(s for s in rnd.agents if rnd.must_act(s))
                legal = rnd.game.legal_actions(seat)
                target = legal[0]
                assert target.kind == Kind.BLAST and target.more
                spelled = rnd.space.tokens(target, seat, legal)
                for token in spelled:
                    tokens = dict.fromkeys(rnd.agents, rnd.space.wait)
                    for other in rnd.agents:
                        if other != seat and rnd.must_act(other):
                            tokens[other] = int(np.flatnonzero(rnd.mask(other))[0])
                    tokens[seat] = token
                    rnd.step(tokens)
                assert seat not in rnd.game.acting_seats() or rnd.game.phase.name != "BLAST"
                return
            rnd.step(_play_everything(rnd, rng))
    pytest.fail("no BLAST event in 60 seeded rounds")
