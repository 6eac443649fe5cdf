"""The action mask is exactly what the engine accepts, and no observation shows a card its
seat cannot see: checked along seeded rounds of every variant, with random masked moves.
With two-faced cards (UNO Flip) the world a seat cannot tell apart is ``twin_world``'s: its
blind cards and the other hands' unseen cards exchanged for draw-pile cards that show it
the same faces (their backs are public)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.test_flip_visibility import twin_world
from unoverse.core.actions import Kind
from unoverse.core.cards import FACE
from unoverse.core.codec import to_dict
from unoverse.core.errors import UnoverseError
from unoverse.core.game import Game
from unoverse.rl import aec_env
from unoverse.rl.actions import Composing
from unoverse.rl.runner import STEP_MS, Runner

#: Presets that together open every kind of window and action.
PRESETS = (
    ("classic", 3),
    ("classic+jump_in+seven_zero+stacking=progressive+play_duplicates", 4),
    ("classic+permissive_illegal_plays+zero_discard_color+false_uno_penalty=2", 3),
    ("minecraft", 3),
    ("attack+attack.discard_all_optional", 3),
    ("full_spectrum", 4),
    ("blast", 3),
    ("blast+mode=blast", 3),
    ("flip", 3),
    ("flip+flip.see_own_backs+flip.observer_tracking=by_card", 4),
    ("flip+jump_in+play_duplicates+permissive_illegal_plays+false_uno_penalty=2", 3),
    ("flip+stacking=progressive+flip.surfaced_wild_color=flip_player", 2),
    ("no_mercy", 2),
    ("no_mercy", 3),
    ("no_mercy+jump_in+play_duplicates+false_uno_penalty=2", 4),
    (
        "no_mercy+no_mercy.roulette_color=player+no_mercy.voluntary_draw"
        "+no_mercy.last_card_effect=resolve_draws",
        5,
    ),
    (
        "no_mercy+no_mercy.deck=om_168+no_mercy.wr4_two_player=opponent"
        "+no_mercy.mercy_threshold=12+permissive_illegal_plays",
        6,
    ),
)


def _engine_after(runner: Runner, token: int) -> dict[str, Any] | None:
    """The state after the engine takes the single-card action ``token`` names (on a copy),
    at the time the runner would send it; None when it refuses it."""
    game, seat = runner.game, runner.current
    assert seat is not None
    action = runner.space.action(token, seat, covers=game.landed)
    copy = game.copy()
    try:
        copy.apply(seat, action, runner.clock + STEP_MS)
    except UnoverseError:
        return None
    return to_dict(copy)


def _walk(preset: str, players: int, seed: int, steps: int, check: object) -> int:
    """Play ``steps`` random masked moves of a seeded round, calling ``check`` at each."""
    runner = Runner(preset, players)
    runner.reset(seed)
    rng = np.random.default_rng(seed)
    done = 0
    while not runner.over and done < steps:
        check(runner)  # type: ignore[operator]
        mask = runner.mask()
        runner.act(int(rng.choice(np.flatnonzero(mask))))
        done += 1
    return done


def _mask_is_what_the_engine_accepts(runner: Runner) -> None:
    space, seat = runner.space, runner.current
    assert seat is not None
    mask = runner.mask()
    legal = runner.legal()
    if runner.composing is not None:
        return  # the cards of a several-card action come from the legal list itself
    longer = {space.head_index[space.head(a, seat)] for a in legal if a.more}
    after = [_engine_after(runner, t) for t in range(len(space.heads))]
    for token, result in enumerate(after):
        expected = token in longer or result is not None
        if expected and not mask[token] and runner.rules.two_faced:
            # a card named by its face that the seat knows both ways: the engine takes the
            # face for a card of the hand showing it (core.backs.real_action), so the token
            # only repeats one of the mask, which names that card by its id
            assert FACE[space.heads[token][1]] == space.heads[token][1]
            assert any(result == after[t] for t in np.flatnonzero(mask[: len(after)]))
            continue
        assert bool(mask[token]) == expected, (space.names[token], runner.game.version)
    assert bool(mask[space.wait]) == runner.may_wait
    assert space.end < 0 or not mask[space.end]
    assert not any(mask[i] for i in space.then_index.values())
    # every legal action is spelled by tokens, and they lead back to it
    for a in legal:
        if a.kind in (Kind.TIMEOUT, Kind.STALL, Kind.STUCK, Kind.PENALIZE):
            continue
        tokens = space.tokens(a, seat, legal)
        state: object = None
        for t in tokens:
            state = space.choose(t, legal, seat, state)  # type: ignore[arg-type]
            if not isinstance(state, Composing):
                break
        assert state == a


@pytest.mark.parametrize(("preset", "players"), PRESETS)
def test_the_mask_is_exactly_what_the_engine_accepts(preset: str, players: int) -> None:
    steps = sum(_walk(preset, players, seed, 60, _mask_is_what_the_engine_accepts)
                for seed in range(3))  # fmt: skip
    assert steps >= 60


def _hidden_cards_dealt_again(runner: Runner, seed: int) -> Game | None:
    """A copy of the round where the cards the current seat cannot see — the other hands'
    cards it has not seen, the draw pile and the hands set aside by knockouts (No Mercy,
    NM-13) — are shuffled among those places; with two-faced cards, ``twin_world``'s copy
    (None when it has no exchange to make)."""
    seat = runner.current
    assert seat is not None
    if runner.rules.two_faced:
        return twin_world(runner.game, seat, random.Random(seed))
    game = runner.game.copy()
    hidden: list[list[int]] = []
    for h in range(game.n):
        if h == seat:
            hidden.append([])
            continue
        unseen = list(game.hands[h])
        for card in game.known[seat][h]:
            unseen.remove(card)
        hidden.append(unseen)
    pool = [c for cards in hidden for c in cards] + game.draw_pile + game.buried
    random.Random(seed).shuffle(pool)
    for h, unseen in enumerate(hidden):
        seen = list(game.hands[h]) if h != seat else []
        for card in unseen:
            seen.remove(card)
        if h != seat:
            game.hands[h][:] = seen + [pool.pop() for _ in unseen]
    game.buried[:] = [pool.pop() for _ in game.buried]
    game.draw_pile[:] = pool
    return game


def _same_whatever_the_hidden_cards(runner: Runner, changed: list[int]) -> None:
    seat = runner.current
    assert seat is not None
    mine = runner.observe(seat)
    laid = () if runner.composing is None else (runner.composing.head[1], *runner.composing.more)
    for k in range(2):
        other = _hidden_cards_dealt_again(runner, runner.game.version * 7 + k)
        if other is None:
            continue
        changed.append(other.hands != runner.game.hands)
        again = runner.observation.encode(
            other.view(seat), runner.plays, laid, reaction=runner.may_wait
        )
        assert np.array_equal(mine, again)


@settings(max_examples=12)
@given(st.sampled_from(PRESETS), st.integers(0, 2**32))
def test_no_observation_depends_on_hidden_cards(case: tuple[str, int], seed: int) -> None:
    preset, players = case
    changed: list[int] = []
    _walk(preset, players, seed, 40, lambda r: _same_whatever_the_hidden_cards(r, changed))
    assert any(changed)  # the hidden cards did move


def test_an_action_outside_the_mask_is_refused_by_name_and_changes_nothing() -> None:
    env = aec_env("classic", 2)
    env.reset(seed=5)
    runner = env.runner
    mask = env.observe(env.agent_selection)["action_mask"]
    refused = int(np.flatnonzero(mask == 0)[0])
    version = runner.game.version
    with pytest.raises(UnoverseError, match=rf"action {refused} \(.*\) is not in the mask"):
        env.step(refused)
    assert runner.game.version == version
    assert np.array_equal(env.observe(env.agent_selection)["action_mask"], mask)


def test_unknown_presets_and_bad_seat_counts_fail_at_construction() -> None:
    with pytest.raises(UnoverseError, match="clasic"):
        aec_env("clasic", 2)
    with pytest.raises(UnoverseError):
        aec_env("classic", 11)
    with pytest.raises(UnoverseError, match="grandmaster"):
        aec_env("classic", 2, opponents={1: "grandmaster"})


def test_only_first_tokens_name_an_action() -> None:
    space = Runner("classic+play_duplicates", 2).space
    assert str(space.action(space.names.index("W+4:G uno"), 0)) == "W+4:G uno"
    for token, said in ((space.wait, "(wait)"), (space.end, "(end)"), (space.size, "no such")):
        with pytest.raises(ValueError, match=rf"token {token} .*{said}"):
            space.action(token, 0)
