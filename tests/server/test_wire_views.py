"""A view read back from its wire form is the view the engine made (``wire.view_from_dict``,
what ``unoverse bot`` decides from): every variant, every seat, at every step of whole
rounds played at random."""

from __future__ import annotations

import random

import pytest

from unoverse.core.errors import NotationError
from unoverse.core.setup import new_game
from unoverse.server.wire import view_dict, view_from_dict

PRESETS = ["classic+stacking=progressive+seven_zero", "minecraft", "attack", "full_spectrum",
           "blast", "blast+mode=blast"]  # fmt: skip


@pytest.mark.parametrize("preset", PRESETS)
def test_every_view_comes_back_from_its_wire_form(preset: str) -> None:
    choose = random.Random(7)
    for seed in range(3):
        game = new_game(preset, 3, seed)
        for _ in range(400):
            for seat in range(game.n):
                view = game.view(seat)
                assert view_from_dict(view_dict(view), view.rules) == view
            movers = [s for s in range(game.n) if game.legal_actions(s)]
            if game.over or not movers:
                break
            seat = choose.choice(movers)
            game.apply(seat, choose.choice(list(game.legal_actions(seat))))


def test_a_view_that_is_not_one_is_refused() -> None:
    view = new_game("classic", 2, 1).view(0)
    wire = view_dict(view)
    for broken in ({**wire, "hand": ["Q9"]}, {k: v for k, v in wire.items() if k != "hand"}):
        with pytest.raises(NotationError):
            view_from_dict(broken, view.rules)
