"""Readable log lines for events, as one seat (or a spectator, or the table) sees them.

One sentence per event kind (``SENTENCES``), filled from the event's typed fields; the
phrases that depend on a field's value (a draw's reason, a challenge's verdict...) are
mappings too. Nothing is parsed: every fact is a field of the event (``core.events``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from . import events as ev
from .cards import CARD_TEXT, COLOR_NAMES
from .events import Event

#: The sentence of every event kind; ``describe`` fills in the ``_facts`` of the event.
SENTENCES: Final[dict[str, str]] = {
    ev.DEALER_DRAW: "{who} draws {cards} to choose the dealer",
    ev.DEALER: "{who} deals",
    ev.DEAL: "{who} is dealt {held}",
    ev.STARTER: "first card: {cards}",
    ev.STARTER_RETURNED: "{cards} goes back into the deck",
    ev.COLOR: "{who} declares {color}",
    ev.PLAY: "{who} plays {cards}{declared}{number}{ground}",
    ev.DRAW: "{who} draws {held}{why}",
    ev.PRESS: "{who} presses the launcher: {fired}{why}",
    ev.RELOAD: "the launcher is empty: the discard pile reloads it with {n_cards}",
    ev.RESHUFFLE: "the discard pile is reshuffled into a new draw pile of {n_cards}",
    ev.DRAW_SHORT: "{who} cannot draw {count} more: both piles are empty",
    ev.UNO: "{who} says UNO!",
    ev.FALSE_UNO: "{who} says UNO falsely",
    ev.CATCH: "{who} catches {target} without UNO",
    ev.TAKE: "{who} takes the penalty{penalty}",
    ev.CHALLENGE: "{who} challenges {target}'s Wild Draw Four: {verdict}",
    ev.REVEAL: "{target} sees {who}'s hand: {cards}",
    ev.SKIP: "{who} is skipped",
    ev.REVERSE: "play now goes {direction}",
    ev.DIRECTION: "{who} chooses the direction: play now goes {direction}",
    ev.SHUFFLE_HANDS: "{who} shuffles every hand together and deals them out",
    ev.HAND: "{who} now holds {held}",
    ev.ROTATE: "every hand passes to the next seat",
    ev.SWAP: "{who} swaps hands with {target}",
    ev.ILLEGAL_CAUGHT: "{who} catches {target}'s illegal {cards}",
    ev.PENALIZE: "the referee gives {target} {n_cards}",
    ev.REVIVE: "{who} is revived: the chain now aims at them",
    ev.ALL_DRAW: "every other seat draws {count} and loses its turn",
    ev.ALL_HIT: "every other seat in turn takes {count}; the next seat then plays",
    ev.BOOMERANG: "{who} sends the penalty of {count} back to {target}",
    ev.JUMP: "{who} jumps in with {cards} on {target}'s card",
    ev.REVEALED: "{who} draws {cards}: revealed, it makes them draw {count} more",
    ev.DISCARD_ALL: "{who} discards {cards} under it",
    ev.TIMEOUT: "{who} runs out of time: {timeout}",
    ev.STUCK: "{why}: {who} holds the fewest cards",
    ev.ROUND_OVER: "{who} wins the round, scoring {count} points",
    ev.BLAST: "{who} draws the BLAST card {cards}: every seat that can must meet it",
    ev.BLAST_CHOICE: "{who} chooses {cards} for the challenge",
    ev.BLAST_DISCARD: "{who} meets the challenge with {cards}",
    ev.BLAST_PENALTY: "{who} cannot meet the challenge and draws {count}",
    ev.BLAST_RETURNED: "{who} draws a BLAST card during the penalty: it goes back into the pile",
    ev.ELIMINATED: "{who} is eliminated with {n_cards}",
    ev.ARM: "{who} picks up {armed}, ready to play it",
    ev.DISARM: "{who} puts the card back",
    ev.SIMULTANEOUS: "{who} plays {first} too late: simultaneous with {second}, refused",
    ev.HOLDING: "{who} was holding a card when {cards} landed: draws {count}",
    ev.BLOCKED: "{who} is blocked; {color} is locked",
    ev.UNBLOCKED: "{who} is no longer blocked",
    ev.RETURNED: "{cards} {go} back to {who}'s hand",
    ev.DRAW_ROUND: "nobody can play: a draw round starts at {who}",
    ev.STALL: "nobody has played for too long: {who} must play {cards}",
}

#: Why cards are drawn, in words (the browser's log says the same: web/static/events.js).
_DRAW_WHY: Final[dict[str, str]] = {
    ev.FOR_TURN: "",
    ev.FOR_PENALTY: " (penalty)",
    ev.FOR_UNO: " for not calling UNO",
    ev.FOR_FALSE_UNO: " for a false UNO call",
    ev.FOR_CHALLENGE: " (challenge lost)",
    ev.FOR_ILLEGAL: " (illegal play caught)",
    ev.FOR_PENALIZE: " (referee's penalty)",
    ev.FOR_ALL_DRAW: "",  # the card just played says why
    ev.FOR_ALL_HIT: "",
    ev.FOR_ZERO: " (the 0's direction)",
    ev.FOR_REVEALED: " more (revealed card)",
    ev.FOR_BLAST: " (BLAST challenge not met)",
    ev.FOR_HOLDING: " for holding a card",
    ev.FOR_ROUND: " (draw round)",
}
#: ``{why}``: the phrase for a reason, by event kind.
_WHY: Final[dict[str, dict[str, str]]] = {
    ev.DRAW: _DRAW_WHY,
    ev.PRESS: _DRAW_WHY,
    ev.STUCK: {
        ev.STUCK_IDLE: "nobody has acted for too long: the round ends",
        ev.STUCK_STALEMATE: "nobody can play and no card is left to draw",
    },
}
#: ``{ground}``: what a play's ground adds to its sentence.
_GROUND: Final = {
    ev.PLAY_MATCH: "",
    ev.PLAY_ILLEGAL: " (illegal)",
    ev.PLAY_STACK: " to answer the penalty",
    ev.PLAY_STEP: "",
    ev.PLAY_JUMP: "",
}
_VERDICT: Final = {True: "guilty", False: "innocent"}
_DIRECTION: Final = {1: "clockwise", -1: "counter-clockwise"}


def _n_cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _text(cards: tuple[int, ...]) -> str:
    return " ".join(CARD_TEXT[c] for c in cards)


def seat_number(seat: int | None) -> str:
    """A seat as the log names it by default: ``seat 2``."""
    return f"seat {seat}"


def _facts(e: Event, name: Callable[[int | None], str]) -> dict[str, str]:
    """Every placeholder of ``SENTENCES``, from the event's fields (hidden cards appear only
    if the event still carries them); ``name`` names a seat."""
    cards = _text(e.cards)
    held = cards or _n_cards(e.count)
    return {
        "who": name(e.seat),
        "target": name(e.target),
        "cards": cards,
        "held": held,
        "count": str(e.count),
        "n_cards": _n_cards(e.count),
        "color": COLOR_NAMES[e.color] if e.color >= 0 else "no colour",
        "declared": f" and declares {COLOR_NAMES[e.color]}" if e.color >= 0 else "",
        "number": f" as a {e.number}" if e.number >= 0 else "",
        "ground": _GROUND.get(e.reason, ""),
        "why": _WHY.get(e.kind, {}).get(e.reason, ""),
        "fired": f"it fires {held}" if e.count else "nothing fires",
        "penalty": ": pressing the launcher until it fires" if e.until_fire else f" of {e.count}",
        "verdict": _VERDICT[e.guilty],
        "direction": _DIRECTION.get(e.direction, "nowhere"),
        "timeout": f"{e.action} is played for it"
        if e.action
        else "every seat still due meets the BLAST challenge with its first set",
        "armed": cards or "a card",
        "first": CARD_TEXT[e.cards[0]] if e.cards else "a card",
        "second": CARD_TEXT[e.cards[1]] if len(e.cards) > 1 else "a card",
        "go": "goes" if len(e.cards) == 1 else "go",
    }


def describe(e: Event, name: Callable[[int | None], str] = seat_number) -> str:
    """One line for an event (hidden cards appear only if the event still carries them);
    ``name`` names a seat (``seat 2`` by default; the terminal game gives players' names)."""
    sentence = SENTENCES.get(e.kind)
    if sentence is None:
        return f"{e.kind} {name(e.seat)}"  # a kind outside the vocabulary, built by hand
    return sentence.format(**_facts(e, name))


def hand_left(seat: int, size: int) -> str:
    """The closing line of a round for one seat: the cards its hand ends with."""
    return f"seat {seat} ends with {_n_cards(size)}"
