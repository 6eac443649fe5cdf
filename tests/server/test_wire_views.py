"""A view read back from its wire form is the view the engine made (``wire.view_from_dict``,
what ``unoverse bot`` decides from): every variant, every seat, at every step of whole
rounds played at random; and its ``two_faced``, the rules'."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from unoverse.core.errors import NotationError
from unoverse.core.position import position
from unoverse.core.setup import new_game
from unoverse.server.wire import seat_view, view_dict, view_from_dict

PRESETS = ["classic+stacking=progressive+seven_zero", "minecraft", "attack", "full_spectrum",
           "blast", "blast+mode=blast", "flip"]  # fmt: skip


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
    for broken in (
        {**wire, "hand": ["Q9"]},
        {k: v for k, v in wire.items() if k != "hand"},
        {k: v for k, v in wire.items() if k != "two_faced"},
    ):
        with pytest.raises(NotationError):
            view_from_dict(broken, view.rules)


@pytest.mark.parametrize(("preset", "two_faced"), [("classic", False), ("flip", True)])
def test_the_wire_form_says_whether_the_cards_are_two_faced(preset: str, two_faced: bool) -> None:
    """``two_faced`` is the rules' (``Rules.two_faced``), for a seat and a spectator alike, so
    that a client need not know the variant; read back under other rules, it is refused."""
    game = new_game(preset, 3, 2)
    for seat in (0, None):
        assert view_dict(game.view(seat))["two_faced"] is two_faced
    other = new_game("flip" if preset == "classic" else "classic", 3, 2).view(0).rules
    with pytest.raises(NotationError, match="two_faced"):
        view_from_dict(view_dict(game.view(0)), other)


def test_every_field_of_the_wire_form_is_in_the_protocols_table() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()
    table = text[text.index("The view's fields:") : text.index("### `race`")]
    named = set(re.findall(r"`(\w+)`", table))
    game = new_game("flip", 3, 1)
    assert set(seat_view(game, 0)) - named == set()


def test_the_wire_form_names_the_seat_whose_colour_window_is_a_roulette() -> None:
    """No Mercy's Wild Color Roulette (RULES.md §9.7): while its victim names the colour,
    every view says who (``names_color``), so that a client need not know the card; at any
    other time, and for a colour window that is not a victim's, it is null. A forged one
    is refused."""
    game = position("no_mercy; hands: WCR R1 | G1 G2 | B1 B2; top: R5; turn: 0")
    assert view_dict(game.view(0))["names_color"] is None
    game.apply(0, "WCR")
    assert [w.seat for w in game.windows() if w.kind == "color"] == [1]
    for seat in (0, 1, 2, None):
        assert view_dict(game.view(seat))["names_color"] == 1
    wire = view_dict(game.view(2))
    assert view_from_dict(wire, game.rules) == game.view(2)
    with pytest.raises(NotationError, match="names_color"):
        view_from_dict({**wire, "names_color": None}, game.rules)
    game.apply(1, "color:G")
    assert view_dict(game.view(1))["names_color"] is None
    first = new_game("classic", 3, 5)
    assert all(view_dict(first.view(s))["names_color"] is None for s in (0, 1, 2, None))
