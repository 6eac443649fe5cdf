"""A batched deal is ``new_game(preset, players, seed)``: the dealer drawn for, the shuffle,
the deal and the first-card table (RULES.md §1.2, in its three versions), card for card."""

from __future__ import annotations

import pytest

from unoverse.core import events as ev
from unoverse.core.cards import CARD_KIND, KIND_CODES
from unoverse.core.setup import new_game
from unoverse.fast import check
from unoverse.fast.tables import config

from ._matrix import PLAYERS, PRESETS


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("preset", PRESETS)
def test_deals_are_new_games(preset: str, players: int, deep: bool) -> None:
    cfg = config(preset, players)
    seeds = range(3000 if deep else 150)
    wrong = [m for m in (check.deal_mismatch(cfg, s) for s in seeds) if m is not None]
    assert not wrong, "\n".join(map(str, wrong[:3]))


def test_the_seeds_turn_every_kind_of_first_card() -> None:
    """The seeds the deals are checked on turn every kind of first card: a number, Skip,
    Reverse, Draw Two and Wild, and a Wild Draw Four that goes back into the deck."""
    kinds, returned = set(), False
    for seed in range(150):
        game = new_game("classic", 4, seed)
        kinds.add(KIND_CODES[CARD_KIND[game.discard[0]]])
        returned |= any(e.kind == ev.STARTER_RETURNED for e in game.setup_events)
    assert {"S", "R", "+2", "W"} <= kinds and any(k.isdigit() for k in kinds)
    assert returned
