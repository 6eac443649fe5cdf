"""``naive``: RLCard's random agent's behaviour, our baseline (``easy``).

A uniformly random legal card (with stacking, a random answer to a draw penalty); draws only
when it cannot play; plays the drawn card when it can; calls UNO inside its play; never
catches or challenges.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..core.actions import Action, Kind
from ..core.cards import CARD_COLOR, CARD_IS_WILD, CARD_KIND
from ..core.view import View
from .base import Bot, register_bot


class NaiveBot(Bot):
    """Plays a random legal card, else draws; takes every penalty."""

    name = "naive"

    def __init__(self, seed: int, **params: float) -> None:
        """``Bot``'s streams and reaction time. Declared rather than inherited: called from
        Python, a compiled subclass without its own ``__init__`` runs ``Bot.__init__`` twice
        (in its constructor, then again as ``Bot``'s ``tp_init``), and the second run
        overwrites the first streams without freeing them (docs/performance.md)."""
        super().__init__(seed, **params)

    def act(self, view: View, legal: Sequence[Action]) -> Action | None:
        """Act only in its mandatory window (a BLAST challenge it must meet included: a
        random qualifying set)."""
        if view.blast >= 0:  # a BLAST event: only its choices are open
            return legal[self.rng.below(len(legal))] if legal else None
        live = view.phase == "live"  # BLAST mode: no turns, it plays when it can
        seat = view.seat
        if (not live and (seat is None or view.turn != seat)) or view.winner >= 0:
            return None
        calls = len(view.hand) == 2
        color, top_kind, steps = view.color, view.top_kind, view.steps
        offered = tuple(legal)  # (a tuple already: the engine's list, not copied)
        cards: list[int] = []  # the playable cards, each once, in order
        last = -1
        for a in offered:
            if a.kind is not _PLAY:
                continue
            c = a.card
            if c != last:  # a card's plays are listed together: judge the card once
                last = c
                if a.number >= 0 or _playable(c, color, top_kind, steps):
                    # insert it in order unless listed (a few cards: no sort, no set)
                    i = len(cards)
                    while i > 0 and cards[i - 1] > c:
                        i -= 1
                    if i == 0 or cards[i - 1] != c:
                        cards.insert(i, c)
        if cards:
            card = cards[self.rng.below(len(cards))]
            # UNO with a play that leaves two cards in hand; a play whose call the engine
            # judges otherwise (a hand move, a Discard All) is played without one
            options = _plays(offered, card, calls, color, top_kind, steps)
            if not options:
                options = _plays(offered, card, False, color, top_kind, steps)
            return options[self.rng.below(len(options))]
        if live:
            return None  # nothing to play: it waits (it never arms)
        # without a playable card: take a penalty, pass after a draw, else draw (or press)
        fallback = _first(offered, _TAKE)
        if fallback is None:
            fallback = _first(offered, _PASS)
        if fallback is None:
            fallback = _first(offered, _DRAW)
        if fallback is None:
            fallback = _first(offered, _PRESS)
        if fallback is not None:
            return fallback
        declare = [a for a in offered if a.kind is _COLOR]
        return declare[self.rng.below(len(declare))]


def _playable(c: int, color: int, top_kind: int, steps: tuple[int, ...]) -> bool:
    """Whether card ``c`` plays on the view's top card and colour (a wild, its colour, its
    kind, or a colour of the chromatic step)."""
    return (
        CARD_IS_WILD[c]
        or CARD_COLOR[c] == color
        or CARD_KIND[c] == top_kind
        or (bool(steps) and CARD_COLOR[c] in steps)
    )


def _plays(
    offered: tuple[Action, ...],
    card: int,
    uno: bool,
    color: int,
    top_kind: int,
    steps: tuple[int, ...],
) -> list[Action]:
    """The plays of ``card`` with the UNO call ``uno`` among the plays ``act`` takes: those
    of a card's listing that starts with a declared number or whose card is playable."""
    out: list[Action] = []
    taken = False
    last = -1
    for a in offered:
        if a.kind is not _PLAY:
            continue
        c = a.card
        if c != last:  # judged as ``act`` judges the listing
            last = c
            taken = c == card and (a.number >= 0 or _playable(c, color, top_kind, steps))
        if taken and a.uno == uno:
            out.append(a)
    return out


def _first(offered: tuple[Action, ...], kind: Kind) -> Action | None:
    """The first action of ``kind`` offered without a UNO call, if any."""
    for a in offered:
        if a.kind is kind and not a.uno:
            return a
    return None


_PLAY: Final = Kind.PLAY
_COLOR: Final = Kind.COLOR
_TAKE: Final = Kind.TAKE
_PASS: Final = Kind.PASS
_DRAW: Final = Kind.DRAW
_PRESS: Final = Kind.PRESS


register_bot(NaiveBot)
