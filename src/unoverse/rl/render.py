"""The table as text in the card notation (RULES.md §0.6), for ``render_mode="ansi"``:
what one seat sees, never another seat's cards (of two-faced cards, the faces they show it:
their backs, RULES.md §8.4)."""

from __future__ import annotations

from ..core.cards import CARD_TEXT, COLOR_LETTERS
from ..core.view import View


def table_text(view: View) -> str:
    """``view``'s table: the top card and colour, the direction, what is open, the draw pile,
    any pending penalty, every seat's cards (its own written out) and UNO state; with
    two-faced cards, the side up, the face the draw pile's top shows and each other seat's
    backs."""
    seat = view.seat
    top = CARD_TEXT[view.discard[-1]] if view.discard else "-"
    color = COLOR_LETTERS[view.color] if view.color >= 0 else "-"
    direction = "clockwise" if view.direction == 1 else "counter-clockwise"
    windows = " ".join(w.kind if w.seat is None else f"{w.kind}:{w.seat}" for w in view.windows)
    lines = [
        f"{view.variant} · top {top} · colour {color} · {direction} · open: {windows or '-'}",
        f"draw pile {view.draw_count}"
        + (f" · launcher {view.launcher} presses since it fired" if view.launcher >= 0 else ""),
    ]
    two_faced = view.rules.two_faced
    if two_faced:
        shows = CARD_TEXT[view.pile_back] if view.pile_back >= 0 else "-"
        lines[-1] += f" · its top shows {shows} · {'dark' if view.dark else 'light'} side up"
    if view.pending is not None:
        p = view.pending
        amount = (
            "until it fires"
            if p.until_fire
            else "until its colour comes"
            if p.until_color
            else f"+{p.amount}"
        )
        lines.append(f"penalty {amount} on seat {p.target}")
    for s in range(view.players):
        if s == seat:
            held = " ".join(CARD_TEXT[c] for c in sorted(view.hand))
        else:
            held = f"{view.hand_sizes[s]} cards"
            if two_faced and view.backs[s]:
                held += " showing " + " ".join(CARD_TEXT[c] for c in view.backs[s])
        marks = []
        if view.eliminated[s]:
            marks.append("out")
        if s in view.uno_open:
            marks.append("no UNO call")
        if s == view.dealer:
            marks.append("dealer")
        you = " (you)" if s == seat else ""
        lines.append(f"seat {s}{you}: {held}" + (f"  [{', '.join(marks)}]" if marks else ""))
    return "\n".join(lines)
