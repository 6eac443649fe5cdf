"""Readable log lines for events, as one seat (or a spectator, or the table) sees them.

The words are the catalogue's (``unoverse.i18n``, keys ``log.*``), shared with the browser's
log (``web/static/events.js``, which composes the same keys the same way: a test compares the
two, event by event, in both languages). Each kind has its sentence, ``log.<kind>``, filled
from the event's typed fields; a kind whose sentence depends on a field's value has one key
per value (``log.challenge.guilty``), and the phrases a reason adds are keys of their own
(``log.why.<reason>``, empty when the catalogue has none). Nothing is parsed: every fact is a
field of the event (``core.events``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .. import i18n
from . import events as ev
from .cards import CARD_TEXT, COLOR_LETTERS
from .events import Event

Name = Callable[[int | None], str]
CardText = Callable[[int], str]

#: Kinds whose sentence is ``log.<kind>`` with the common fields, nothing chosen.
_PLAIN: Final = frozenset(
    {
        ev.DEALER_DRAW, ev.DEALER, ev.DEAL, ev.STARTER, ev.STARTER_RETURNED, ev.COLOR,
        ev.DRAW_SHORT, ev.UNO, ev.FALSE_UNO, ev.CATCH, ev.REVEAL, ev.SKIP, ev.SHUFFLE_HANDS,
        ev.HAND, ev.SWAP, ev.ILLEGAL_CAUGHT, ev.PENALIZE, ev.REVIVE, ev.ALL_DRAW, ev.ALL_HIT,
        ev.BOOMERANG, ev.JUMP, ev.REVEALED, ev.SHOWN, ev.DISCARD_ALL, ev.BLAST, ev.BLAST_CHOICE,
        ev.BLAST_DISCARD, ev.BLAST_PENALTY, ev.BLAST_RETURNED, ev.DISARM, ev.HOLDING,
        ev.BLOCKED, ev.UNBLOCKED, ev.RETURNED, ev.DRAW_ROUND, ev.STALL,
    }
)  # fmt: skip
#: Kinds counted in cards with one message of two forms (``log.<kind>``).
_COUNTED: Final = frozenset({ev.RELOAD, ev.RESHUFFLE, ev.ELIMINATED})
#: The direction's word, by ``Event.direction``.
_DIRECTION: Final = {1: "log.direction.cw", -1: "log.direction.ccw"}


def seat_number(seat: int | None) -> str:
    """A seat as the log names it by default: ``seat 2``."""
    return i18n.t("log.seat", seat=seat)


def notation(card: int) -> str:
    """A card as the log names it by default: its notation (``R7``)."""
    return CARD_TEXT[card]


def describe(
    e: Event, name: Name | None = None, card: CardText = notation, words: i18n.Words | None = None
) -> str:
    """One line for an event (hidden cards appear only if the event still carries them):
    ``name`` names a seat (``seat 2`` by default; the terminal game gives players' names),
    ``card`` a card (its notation by default), ``words`` the language (the current one)."""
    w = words or i18n.current()
    if name is None:
        name = lambda seat: w.t("log.seat", seat=seat)  # noqa: E731
    cards = ", ".join(card(c) for c in e.cards) or w.tn("log.n_cards", e.count)
    color = w.t(f"color.{COLOR_LETTERS[e.color]}") if e.color >= 0 else ""
    fields = {"who": name(e.seat), "target": name(e.target), "cards": cards, "count": e.count}
    fields["color"] = color
    kind = e.kind
    if kind in _PLAIN:
        return w.t(f"log.{kind}", **fields)
    if kind in _COUNTED:
        return w.tn(f"log.{kind}", e.count, **fields)
    if kind == ev.PLAY:
        declared = w.t("log.play.declared", color=color) if color else ""
        number = w.t("log.play.number", number=e.number) if e.number >= 0 else ""
        return w.t(
            "log.play", **fields, declared=declared, number=number, ground=_phrase(w, "ground", e)
        )
    if kind == ev.DRAW:
        return w.t("log.draw", **fields, why=_phrase(w, "why", e))
    if kind == ev.PRESS:
        why = _phrase(w, "why", e)
        return w.t("log.press.fired", **fields, why=why) if e.count else w.t("log.press", **fields)
    if kind == ev.TAKE:
        if e.until_fire:
            return w.t("log.take.until_fire", **fields)
        if e.color >= 0:
            return w.t("log.take.until_color", **fields)
        return w.tn("log.take", e.count, **fields)
    if kind == ev.CHALLENGE:
        until = ".until_color" if e.color >= 0 else ""
        if e.guilty:
            return w.t(f"log.challenge.guilty{until}", **fields)
        return w.t(f"log.challenge.innocent{until}", **fields)
    if kind in (ev.REVERSE, ev.TURN_OVER):
        if e.seat is None:
            return w.t(f"log.{kind}.first", **fields)
        return w.t(f"log.{kind}", **fields)
    if kind in (ev.DIRECTION, ev.ROTATE):
        direction = w.t(_DIRECTION.get(e.direction, "log.direction.cw"))
        return w.t(f"log.{kind}", **fields, direction=direction)
    if kind == ev.TIMEOUT:
        if e.action:
            return w.t("log.timeout", **fields, action=e.action)
        return w.t("log.timeout.blast", **fields)
    if kind == ev.STUCK:
        return w.t(f"log.stuck.{e.reason}", **fields)
    if kind == ev.ROUND_OVER:
        if e.count:
            return w.tn("log.round_over.points", e.count, **fields)
        return w.t("log.round_over", **fields)
    if kind == ev.ARM:
        return w.t("log.arm", **fields) if e.cards else w.t("log.arm.hidden", **fields)
    if kind == ev.SIMULTANEOUS:
        first, second = (card(c) for c in e.cards[:2])
        return w.t("log.simultaneous", **fields, first=first, second=second)
    return f"{kind} {name(e.seat)}"  # a kind outside the vocabulary, built by hand


def _phrase(w: i18n.Words, family: str, e: Event) -> str:
    """What ``e.reason`` adds to its sentence (``log.<family>.<reason>``), or nothing."""
    key = f"log.{family}.{e.reason}"
    return w.t(key) if e.reason and w.has(key) else ""


def hand_left(seat: int, size: int, name: Name = seat_number) -> str:
    """The closing line of a round for one seat: the cards its hand ends with."""
    return i18n.tn("log.hand_left", size, who=name(seat))
