"""A variant's own effects (``Variant.landings``): a card's effect that the engine does not
know is found through the variant's table, under a code of its own, as the engine finds
its own effects (``core.landing``). The variant plug-in's contract, held with a test
variant: Classic whose Skip skips two seats."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import ClassVar

import pytest

from unoverse.core import effects as fx
from unoverse.core import events as ev
from unoverse.core.actions import Action
from unoverse.core.cards import card
from unoverse.core.events import Event
from unoverse.core.game import Game
from unoverse.core.landing import LANDING, Landing, landing_table
from unoverse.core.options import Options
from unoverse.core.phase import Phase
from unoverse.core.plays import Plays
from unoverse.core.setup import deal
from unoverse.core.variant import DeckRow, Variant
from unoverse.variants.classic import CLASSIC, Classic

#: The test variant's own effect code.
DOUBLE_SKIP = fx.OWN_EFFECTS.start


def _double_skip(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """The next two seats lose their turn."""
    for _ in range(2):
        skipped = g.next_seat(p)
        events.append(Event(ev.SKIP, skipped))
        p = skipped
    g.set_turn(g.next_seat(p))


class DoubleSkip(Variant):
    """Classic whose Skip skips two seats: an effect the engine does not know. (A variant
    from outside the package derives from ``Variant``, which stays interpreted: the
    compiled build's variants cannot be subclassed.)"""

    refused = Classic.refused
    landings: ClassVar[Mapping[int, Landing]] = {DOUBLE_SKIP: _double_skip}

    def deck_table(self, options: Options) -> tuple[DeckRow, ...]:
        return CLASSIC.deck_table(options)

    def effects(self, options: Options) -> Mapping[str, tuple[int, int]]:
        return {**CLASSIC.effects(options), "S": (DOUBLE_SKIP, 0)}

    def start(self, game: Game) -> None:
        CLASSIC.start(game)


def _variant() -> DoubleSkip:
    return DoubleSkip(**{f.name: getattr(CLASSIC, f.name) for f in fields(CLASSIC) if f.init})


def test_a_variants_own_effect_runs_when_its_card_lands() -> None:
    variant = _variant()
    game = Game(variant.compile(variant.options()), 5, seed=3)
    game.dealer = 4
    deal(game, [])
    variant.start(game)
    game.discard[-1] = card("R5")  # whatever was turned: a red 5, red active, seat 0's turn
    game.color, game.top_kind = 0, 5
    game.phase, game.turn = Phase.TURN, 0
    game.hands[0][:2] = [card("RS"), card("G1")]
    events = game.apply(0, "RS")
    assert [e.seat for e in events if e.kind == ev.SKIP] == [1, 2]
    assert game.turn == 3  # seats 1 and 2 skipped: Classic's Skip would give seat 2 the turn


def test_the_engines_effects_stay_where_a_variant_adds_its_own() -> None:
    table = landing_table({DOUBLE_SKIP: _double_skip})
    assert table[DOUBLE_SKIP] is _double_skip
    assert all(table[code] is LANDING[code] for code in range(fx.N_EFFECTS) if code != DOUBLE_SKIP)
    assert landing_table({}) == LANDING


def test_a_variant_may_not_take_an_engine_effects_code() -> None:
    with pytest.raises(ValueError, match=r"effect codes \[1\] are the engine's"):
        landing_table({fx.SKIP: _double_skip})
