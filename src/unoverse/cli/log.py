"""Readable log lines for events, as one seat (or a spectator, or the table) sees them."""

from __future__ import annotations

from ..core.cards import CARD_TEXT, COLOR_NAMES
from ..core.events import Event


def _cards(cards: tuple[int, ...]) -> str:
    return " ".join(CARD_TEXT[c] for c in cards)


def describe(e: Event) -> str:
    """One line for an event (hidden cards appear only if the event still carries them)."""
    who = f"seat {e.seat}"
    k = e.kind
    if k == "dealer_draw":
        return f"{who} draws {_cards(e.cards)} to choose the dealer"
    if k == "dealer":
        return f"{who} deals"
    if k == "deal":
        return f"{who} is dealt {_cards(e.cards) or f'{e.count} cards'}"
    if k == "starter":
        return f"first card: {_cards(e.cards)}"
    if k == "starter_returned":
        return f"{_cards(e.cards)} goes back into the deck"
    if k == "color":
        return f"{who} declares {COLOR_NAMES[e.color]}"
    if k == "play":
        text = f"{who} plays {_cards(e.cards)}"
        if e.color >= 0:
            text += f" and declares {COLOR_NAMES[e.color]}"
        if e.info == "stack":
            text += " to answer the penalty"
        elif e.info.startswith("number="):
            text += f" as a {e.info[7:]}"
        return text + (" (illegal)" if e.info == "illegal" else "")
    if k == "draw":
        what = _cards(e.cards) or f"{e.count} card{'s' if e.count != 1 else ''}"
        return f"{who} draws {what}" + (f" ({e.info})" if e.info != "turn" else "")
    if k == "uno":
        return f"{who} says UNO!"
    if k == "false_uno":
        return f"{who} says UNO falsely"
    if k == "catch":
        return f"{who} catches seat {e.target} without UNO"
    if k == "challenge":
        return f"{who} challenges seat {e.target}'s Wild Draw Four: {e.info}"
    if k == "reveal":
        return f"seat {e.target} sees seat {e.seat}'s hand: {_cards(e.cards)}"
    if k == "take":
        if e.info == "until_fire":
            return f"{who} takes the penalty: pressing the launcher until it fires"
        return f"{who} takes the penalty of {e.count}"
    if k == "press":
        fired = _cards(e.cards) or f"{e.count} card{'s' if e.count != 1 else ''}"
        result = f"it fires {fired}" if e.count else "nothing fires"
        return f"{who} presses the launcher: {result}" + (
            f" ({e.info})" if e.info != "turn" else ""
        )
    if k == "reload":
        return f"the launcher is empty: the discard pile reloads it with {e.count} cards"
    if k == "revealed":
        return f"{who} draws {_cards(e.cards)}: revealed, it makes them draw {e.count} more"
    if k == "discard_all":
        return f"{who} discards {_cards(e.cards)} under it"
    if k == "skip":
        return f"{who} is skipped"
    if k == "reverse":
        return "play now goes " + ("clockwise" if e.count == 1 else "counter-clockwise")
    if k == "reshuffle":
        return f"the discard pile is reshuffled into a new draw pile of {e.count} cards"
    if k == "draw_short":
        return f"{who} cannot draw {e.count} more: both piles are empty"
    if k == "shuffle_hands":
        return f"{who} shuffles every hand together and deals them out"
    if k == "hand":
        return f"{who} now holds {_cards(e.cards) or f'{e.count} cards'}"
    if k == "illegal_caught":
        return f"{who} catches seat {e.target}'s illegal {_cards(e.cards)}"
    if k == "penalize":
        return f"the referee gives seat {e.target} {e.count} cards"
    if k == "all_draw":
        if e.info == "all_hit":
            return f"every other seat in turn takes {e.count}; the next seat then plays"
        return f"every other seat draws {e.count} and loses its turn"
    if k == "boomerang":
        return f"{who} sends the penalty of {e.count} back to seat {e.target}"
    if k == "rotate":
        return "every hand passes to the next seat"
    if k == "swap":
        return f"{who} swaps hands with seat {e.target}"
    if k == "revive":
        return f"{who} is revived: the chain now aims at them"
    if k == "blast":
        return f"{who} draws the BLAST card {_cards(e.cards)}: every seat that can must meet it"
    if k == "blast_choice":
        return f"{who} chooses {_cards(e.cards) or f'{e.count} cards'} for the challenge"
    if k == "blast_discard":
        return f"{who} meets the challenge with {_cards(e.cards)}"
    if k == "blast_penalty":
        return f"{who} cannot meet the challenge and draws {e.count}"
    if k == "blast_returned":
        return f"{who} draws a BLAST card during the penalty: it goes back into the pile"
    if k == "eliminated":
        return f"{who} is eliminated with {e.count} cards"
    if k == "arm":
        return f"{who} picks up {_cards(e.cards) or 'a card'}, ready to play it"
    if k == "disarm":
        return f"{who} puts the card it held back in its hand"
    if k == "simultaneous":
        return f"{who} plays {_cards(e.cards)} too late: simultaneous with {e.info}, refused"
    if k == "holding":
        return f"{who} was holding a card when {_cards(e.cards)} landed: it draws {e.count}"
    if k == "blocked":
        return f"{who} is blocked; {COLOR_NAMES[e.color]} is locked"
    if k == "unblocked":
        return f"{who} is no longer blocked"
    if k == "returned":
        verb = "goes" if e.count == 1 else "go"
        return f"{_cards(e.cards)} {verb} back to {who}'s hand"
    if k == "draw_round":
        return f"nobody can play: a draw round starts at {who}"
    if k == "stuck":
        why = (
            "nobody has acted for too long: the round ends"
            if e.info == "idle"
            else "nobody can play and no card is left to draw"
        )
        return f"{why}: {who} holds the fewest cards"
    if k == "stall":
        return f"nobody has played for too long: {who} must play {_cards(e.cards)}"
    if k == "round_over":
        return f"{who} wins the round, scoring {e.count} points"
    return f"{k} {who}"
