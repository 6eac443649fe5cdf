"""The ten BLAST challenges (RULES.md §5.5, ``unoverse.core.blast.challenges``): the three ways the
engine asks about a hand agree with each other on random hands of the Blast deck."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import unoverse as uv
from unoverse.core.blast.challenges import (
    CHALLENGES,
    can_meet,
    first_set,
    qualifies,
    qualifying_sets,
)
from unoverse.core.cards import CARD_TEXT

pytestmark = pytest.mark.engine_build

DECK = sorted(uv.new_game("blast", 2, 0).rules.deck)
PLAYABLE = [c for c in DECK if not CARD_TEXT[c].startswith("!")]


@settings(max_examples=300, deadline=None)
@given(
    hand=st.lists(st.sampled_from(PLAYABLE), min_size=0, max_size=14),
    kind=st.sampled_from(sorted(CHALLENGES)),
    wild=st.booleans(),
)
def test_can_meet_qualifying_sets_and_qualifies_agree(
    hand: list[int], kind: int, wild: bool
) -> None:
    listed_sets = qualifying_sets(kind, hand, wild)
    sets = list(listed_sets)
    assert can_meet(kind, hand, wild) == bool(sets)
    assert len(listed_sets) == len(sets) == len(set(sets)), "distinct, counted right"
    assert [listed_sets[i] for i in range(len(sets))] == sets, "indexing agrees with iterating"
    assert all(list(s) == sorted(s) for s in sets), "each set written in card-id order"
    if sets:
        assert first_set(kind, hand, wild) == min(sets)
    for s in sets:
        assert qualifies(kind, s, wild)
        assert all(s.count(c) <= hand.count(c) for c in s), "only cards the hand holds"
    n = CHALLENGES[kind][1]
    # every qualifying subset of the hand is listed
    listed = set(sets)
    for combo in combinations(sorted(hand), n):
        if qualifies(kind, combo, wild):
            assert combo in listed
