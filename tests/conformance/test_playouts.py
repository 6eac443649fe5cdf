"""Seeded playouts over presets x players x seeds, checked after every action (_playout.py).

Normal profile: every preset at 2, 3, 4, 7 and 10 players, two seeds with bots and one with
the uniform policy. Deep profile (``UNOVERSE_DEEP=1``): every preset at 2..10 players, 16
seeds with bots and 8 with the uniform policy.
"""

from __future__ import annotations

from collections import Counter

import pytest

import unoverse as uv
from unoverse.core.cards import CARD_IS_WILD, CARD_KIND, KIND_INDEX
from unoverse.sim.driver import RoundRecord, play_round

from ._playout import (
    ALL_PLAYERS,
    DEEP,
    NORMAL_PLAYERS,
    PRESETS,
    BotTable,
    Checks,
    mixed_specs,
    playout,
)

NORMAL_RUNS = (("bots", 1), ("bots", 2), ("uniform", 3))
# Deep profile: 24 seeded runs per (preset, players) for official Classic's presets, 9 for
# each house-rule preset (there are many more of those, each also covered by its own rule
# tests), which keeps `make test-deep` near ten minutes on 2 cores.
DEEP_RUNS = tuple(("bots", s) for s in range(1, 17)) + tuple(
    ("uniform", s) for s in range(101, 109)
)
DEEP_HOUSE_RUNS = tuple(("bots", s) for s in range(1, 7)) + tuple(
    ("uniform", s) for s in range(101, 104)
)
HOUSE = {
    "stacking", "revive", "draw_until_playable", "seven_zero", "zero_chooses_direction",
    "jump_in", "play_duplicates", "zero_discard_color", "downpour", "bar_special",
    "boomerang", "friendly_swap", "friendly_count",
}  # fmt: skip


def _runs(preset: str) -> tuple[tuple[str, int], ...]:
    if not DEEP:
        return NORMAL_RUNS
    names = {part.split("=")[0] for part in preset.split("+")[1:]}
    return DEEP_HOUSE_RUNS if names & HOUSE else DEEP_RUNS


def _short(preset: str) -> str:
    return preset.replace("classic+", "").replace("classic.", "") or "classic"


def _matrix() -> list[object]:
    players = ALL_PLAYERS if DEEP else NORMAL_PLAYERS
    marks = [pytest.mark.deep] if DEEP else []
    return [
        pytest.param(
            preset, n, policy, seed, marks=marks, id=f"{_short(preset)}-{n}p-{policy}-{seed}"
        )
        for preset in PRESETS
        for n in players
        for policy, seed in _runs(preset)
    ]


@pytest.mark.parametrize(("preset", "players", "policy", "seed"), _matrix())
def test_playout(preset: str, players: int, policy: str, seed: int) -> None:
    """Conservation, legal and illegal actions, termination, save/load, replay and views
    after every action of one seeded round."""
    playout(preset, players, seed, policy)


# -- the first card -------------------------------------------------------------------------
_STARTERS = {
    "wild": lambda c: CARD_IS_WILD[c],
    "skip": lambda c: CARD_KIND[c] == KIND_INDEX["S"],
    "reverse": lambda c: CARD_KIND[c] == KIND_INDEX["R"],
    "draw_two": lambda c: CARD_KIND[c] == KIND_INDEX["+2"],
}


def _starter_seed(preset: str, players: int, kind: str, limit: int = 1000) -> int | None:
    """The first seed whose round starts on a card of ``kind`` (RULES.md §1.2 table)."""
    for seed in range(limit):
        if _STARTERS[kind](uv.new_game(preset, players, seed).discard[0]):
            return seed
    return None


@pytest.mark.parametrize("kind", sorted(_STARTERS))
@pytest.mark.parametrize("preset", PRESETS, ids=_short)
def test_first_card(preset: str, kind: str) -> None:
    """Rounds that start on each special first card (rare in the matrix: a wild is 1 in 27)
    are played and checked like any other. ``mattel_old`` returns every wild to the deck."""
    returns_wilds = "first_card=mattel_old" in preset
    for players in (2, 3, 4, 10) if DEEP else (3,):
        seed = _starter_seed(preset, players, kind)
        if kind == "wild" and returns_wilds:
            assert seed is None, f"§1.2 mattel_old: seed {seed} starts on a wild"
            continue
        assert seed is not None, f"no seed below 1000 starts {preset} on a {kind}"
        playout(preset, players, seed, "uniform" if seed % 2 else "bots")


@pytest.mark.parametrize("preset", PRESETS, ids=_short)
def test_wild_draw_four_never_starts(preset: str) -> None:
    """§1.2: a Wild Draw Four turned first goes back into the deck, in every version."""
    for seed in range(300 if DEEP else 100):
        game = uv.new_game(preset, 4, seed)
        assert CARD_KIND[game.discard[0]] != KIND_INDEX["W+4"], f"seed {seed}"
        assert len(game.discard) == 1, f"seed {seed}: returned starters stay on the pile"


# -- the loop is the driver -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "players", "seed"),
    [("classic", 4, 11), ("classic+permissive_illegal_plays", 3, 12), ("classic", 2, 13)],
)
def test_loop_matches_driver(preset: str, players: int, seed: int) -> None:
    """The checked loop chooses exactly what ``unoverse.sim.driver.play_round`` chooses, so
    the playouts test the games the simulator plays."""
    ours = playout(preset, players, seed, "bots", checks=Checks.only())
    game = uv.new_game(preset, players, seed)
    bots = BotTable(mixed_specs(players, seed), seed).table.bots
    record = play_round(game, bots, RoundRecord(seed, None))
    assert [(s, a) for s, a, _ in record.actions] == [(s, str(a)) for s, a in ours.actions]
    assert game.to_json() == ours.game.to_json()


# -- coverage: the suite reaches the rare rules ------------------------------------------------
def test_playouts_reach_every_rule() -> None:
    """A fixed set of playouts exercises every Classic action and penalty path, so the
    checks above are not vacuous."""
    seen: Counter[str] = Counter()
    for preset in (
        "classic",
        "classic+classic.deck=112_modern",
        "classic+classic.deck=112_blank+classic.blank_mode=copy_top",
        "classic+false_uno_penalty=2",
        "classic+permissive_illegal_plays",
    ):
        for players, seed in ((2, 5), (3, 6), (4, 7), (7, 8)):
            for policy in ("bots", "uniform"):
                seen += playout(preset, players, seed, policy, checks=Checks.only()).events
    wanted = (
        "play", "draw:turn", "take", "skip", "reverse", "uno", "catch", "draw:uno",
        "challenge:guilty", "challenge:innocent", "reveal", "false_uno", "draw:false_uno",
        "illegal_caught", "shuffle_hands", "reshuffle", "round_over",
    )  # fmt: skip
    missing = [k for k in wanted if not seen[k]]
    assert not missing, f"no playout reached {missing}; seen {dict(seen)}"
