"""What the server sends of a game: a seat's view and its events in their JSON wire form
(docs/protocol.md, "The view").

Everything here is built from ``Game.view(seat)`` and from events redacted for the seat
(``unoverse.core.events.redact``): the two places the engine lets hidden information out.
Cards are written in the notation (``R5``, ``W+4``), colours as their letters, and a seat
gets its legal actions as text, so a client needs no rules of its own to offer them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.cards import CARD_TEXT, COLOR_LETTERS, KIND_CODES
from ..core.events import Event, redact
from ..core.game import Game
from ..core.view import View


def _cards(cards: Iterable[int]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


def _card(card: int) -> str | None:
    return CARD_TEXT[card] if card >= 0 else None


def _color(color: int) -> str | None:
    return COLOR_LETTERS[color] if color >= 0 else None


def view_dict(view: View) -> dict[str, Any]:
    """A view in its wire form (the rules in force are the room's, sent once)."""
    live = view.live
    pending = view.pending
    return {
        "seat": view.seat,
        "variant": view.variant,
        "players": view.players,
        "version": view.version,
        "dealer": view.dealer,
        "direction": view.direction,
        "turn": view.turn,
        "phase": view.phase,
        "hand": _cards(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "eliminated": list(view.eliminated),
        "top": _card(view.discard[-1]) if view.discard else None,
        "discard": _cards(view.discard),
        "top_by": view.top_by if view.top_by >= 0 else None,
        "color": _color(view.color),
        "top_kind": KIND_CODES[view.top_kind] if view.top_kind >= 0 else None,
        "steps": [COLOR_LETTERS[c] for c in view.steps],
        "draw_count": view.draw_count,
        "launcher": view.launcher if view.launcher >= 0 else None,
        "blast": _card(view.blast),
        "spent": _cards(view.spent),
        "live": None
        if live is None
        else {
            "blocked": live.blocked if live.blocked >= 0 else None,
            "lock": [COLOR_LETTERS[c] for c in live.lock],
            "armed": list(live.armed),
            "mine": _card(live.mine),
        },
        "windows": [w.to_dict() for w in view.windows],
        "pending": None
        if pending is None
        else {
            "amount": pending.amount,
            "target": pending.target,
            "source": pending.source if pending.source >= 0 else None,
            "challengeable": pending.challengeable,
            "until_fire": pending.until_fire,
        },
        "drawn": _card(view.drawn),
        "known": [_cards(k) for k in view.known],
        "uno_open": list(view.uno_open),
        "said_uno": list(view.said_uno),
        "winner": view.winner if view.winner >= 0 else None,
    }


def seat_view(game: Game, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) sees of ``game`` now, with its legal actions."""
    out = view_dict(game.view(seat))
    legal = [] if seat is None or game.over else game.legal_actions(seat)
    out["legal"] = [str(a) for a in legal]
    return out


def events_for(events: Iterable[Event], seat: int | None) -> list[dict[str, object]]:
    """``events`` as ``seat`` (None: a spectator) may see them, in their wire form."""
    out = []
    for e in events:
        seen = redact(e, seat)
        if seen is not None:
            out.append(seen.to_dict())
    return out
