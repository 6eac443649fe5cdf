"""Shared helpers for the Classic rule tests (RULES.md §0 and §1).

Cards are compared as sorted lists of their notation, so a test reads like the rule:
``assert hand(game, 1) == cards("G1 G2 W")``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import unoverse as uv
from unoverse.core.cards import CARD_KIND, CARD_TEXT, COLOR_LETTERS, KIND_CODES
from unoverse.core.events import Event


def cards(text: str) -> list[str]:
    """A card list in the notation, sorted (``"-"`` is the empty list)."""
    return sorted(t for t in text.split() if t != "-")


def hand(game: uv.Game, seat: int) -> list[str]:
    """The cards in ``seat``'s hand, sorted."""
    return sorted(CARD_TEXT[c] for c in game.hands[seat])


def texts(ids: Iterable[int]) -> list[str]:
    """Card ids as sorted notation."""
    return sorted(CARD_TEXT[c] for c in ids)


def top(game: uv.Game) -> str:
    """The top card of the discard pile."""
    return CARD_TEXT[game.top]


def active_color(game: uv.Game) -> str:
    """The active colour's letter."""
    return COLOR_LETTERS[game.color]


def legal(game: uv.Game, seat: int) -> set[str]:
    """``seat``'s legal actions in the notation."""
    return {str(a) for a in game.legal_actions(seat)}


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of a list of events, in order."""
    return [e.kind for e in events]


def of_kind(events: Iterable[Event], kind: str) -> list[Event]:
    """The events of one kind."""
    return [e for e in events if e.kind == kind]


def kind_code(card_id: int) -> str:
    """The kind code of a card (``"S"``, ``"+2"``, ``"W+4"``, ``"7"``...)."""
    return KIND_CODES[CARD_KIND[card_id]]


def starters(game: uv.Game) -> list[str]:
    """Every card turned as the first card during setup, in order."""
    return [CARD_TEXT[e.cards[0]] for e in game.setup_events if e.kind == "starter"]


@cache
def seed_with_first_starter(
    preset: str, kind: str, players: int = 4, dealer: int = 0, limit: int = 20_000
) -> int:
    """The first seed whose first turned card has kind ``kind`` (``"number"``: any 0-9).

    ``new_game`` with a given dealer consumes the same randomness whatever
    ``classic.first_card`` says, so one seed serves every first-card mode.
    """
    for seed in range(limit):
        game = uv.new_game(preset, players, seed, dealer=dealer)
        first = next(e for e in game.setup_events if e.kind == "starter").cards[0]
        code = kind_code(first)
        if code == kind or (kind == "number" and code.isdigit()):
            return seed
    raise AssertionError(f"no seed below {limit} turns a {kind} first in {preset}")


@cache
def seed_with_dealer_tie(players: int = 4, limit: int = 5_000) -> int:
    """The first seed whose dealer selection needed a redraw (C-1)."""
    for seed in range(limit):
        game = uv.new_game("classic", players, seed)
        draws = [e for e in game.setup_events if e.kind == "dealer_draw"]
        if len(draws) > players:
            return seed
    raise AssertionError("no dealer tie found")


def unchanged(game: uv.Game) -> str:
    """The state as JSON, to compare before and after a refused action."""
    return uv.to_json(game)
