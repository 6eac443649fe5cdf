"""What the server sends of a game: a seat's view and its events in their JSON wire form
(docs/protocol.md, "The view"); and a view read back from its wire form (``view_from_dict``),
for a program that plays a seat over the protocol (``unoverse bot``).

Everything here is built from ``Game.view(seat)`` and from events redacted for the seat
(``unoverse.core.events.redact``): the two places the engine lets hidden information out.
Cards are written in the notation (``R5``, ``W+4``), colours as their letters, and a seat
gets its legal actions as text, so a client needs no rules of its own to offer them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.cards import CARD_TEXT, COLOR_LETTERS, KIND_CODES
from ..core.errors import NotationError
from ..core.events import Event, redact
from ..core.game import Game
from ..core.rules import Rules
from ..core.view import Live, Pending, View
from ..core.windows import Window

#: A card's id by its text, a colour's by its letter, a kind's by its code.
_CARD_ID = {text: i for i, text in enumerate(CARD_TEXT)}
_COLOR_ID = {letter: i for i, letter in enumerate(COLOR_LETTERS)}
_KIND_ID = {code: i for i, code in enumerate(KIND_CODES)}


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
    named = view.names_color
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
            "until_color": pending.until_color,
        },
        "drawn": _card(view.drawn),
        "known": [_cards(k) for k in view.known],
        "uno_open": list(view.uno_open),
        "said_uno": list(view.said_uno),
        "winner": view.winner if view.winner >= 0 else None,
        "two_faced": view.rules.two_faced,
        "names_color": named if named >= 0 else None,
        "backs": [_cards(k) for k in view.backs],
        "pile_back": _card(view.pile_back),
        "dark": view.dark,
    }


def view_from_dict(data: dict[str, Any], rules: Rules) -> View:
    """The view ``view_dict`` wrote as ``data``, under the room's ``rules`` (which the wire
    form leaves out: they are the room's, and its ``two_faced`` must be theirs);
    ``NotationError`` for a card, colour or kind the notation does not have, a field missing,
    or a ``two_faced`` or ``names_color`` that the view under these rules does not have."""
    try:
        live, pending = data["live"], data["pending"]
        if data["two_faced"] is not rules.two_faced:  # (the view carries it in its rules)
            raise NotationError(
                f"not a view of these rules: two_faced is {data['two_faced']!r}, the rules' "
                f"cards are {'two' if rules.two_faced else 'one'}-faced"
            )
        view = View(
            data["seat"],
            data["variant"],
            data["players"],
            data["dealer"],
            data["direction"],
            data["turn"],
            data["phase"],
            _ids(data["hand"]),
            tuple(data["hand_sizes"]),
            tuple(data["eliminated"]),
            _ids(data["discard"]),
            _or_none(data["top_by"]),
            -1 if data["color"] is None else _COLOR_ID[data["color"]],
            -1 if data["top_kind"] is None else _KIND_ID[data["top_kind"]],
            tuple(_COLOR_ID[c] for c in data["steps"]),
            data["draw_count"],
            _or_none(data["launcher"]),
            _id(data["blast"]),
            _ids(data["spent"]),
            None
            if live is None
            else Live(
                _or_none(live["blocked"]),
                tuple(_COLOR_ID[c] for c in live["lock"]),
                tuple(live["armed"]),
                _id(live["mine"]),
            ),
            tuple(Window.from_dict(w) for w in data["windows"]),
            None
            if pending is None
            else Pending(
                pending["amount"],
                pending["target"],
                _or_none(pending["source"]),
                pending["challengeable"],
                pending["until_fire"],
                pending["until_color"],
            ),
            _id(data["drawn"]),
            tuple(_ids(k) for k in data["known"]),
            tuple(data["uno_open"]),
            tuple(data["said_uno"]),
            _or_none(data["winner"]),
            data["version"],
            rules,
            backs=tuple(_ids(k) for k in data["backs"]),
            pile_back=_id(data["pile_back"]),
            dark=data["dark"],
        )
        victim = view.names_color
        named = victim if victim >= 0 else None
        if data["names_color"] != named:  # (the view's, from its rules and windows)
            raise NotationError(
                f"not a view of these rules: names_color is {data['names_color']!r}, the "
                f"view's is {named!r}"
            )
    except (KeyError, TypeError) as exc:
        raise NotationError(f"not a view in its wire form: {exc}") from None
    return view


def _ids(cards: list[str]) -> tuple[int, ...]:
    return tuple(_CARD_ID[c] for c in cards)


def _id(card: str | None) -> int:
    return -1 if card is None else _CARD_ID[card]


def _or_none(value: int | None) -> int:
    return -1 if value is None else value


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
