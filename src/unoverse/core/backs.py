"""What a seat sees of its own two-faced cards when their other faces are hidden from it
(RULES.md §8.4, FL-2 to FL-4; ``Rules.hidden_backs``).

A seat holds its cards face up towards itself: it sees their faces up, and the other face
(the back, which every other seat sees) only of the cards it has seen both ways. Those are
``known[s][s]``, the seat's own cell of ``Table.known``: the cards it drew (their backs lay
public on the draw pile, FL-2) and every card it held through P9 (``core.turn_over``). A
dealt card is seen by its face alone (FL-4). Whatever reaches the seat names a card it has
not seen both ways by its face up only, ``cards.FACE[c]`` (a one-faced card, no card of a
two-faced deck): its hand in the view, the deal, the plays of such a card, and its legal
actions. An action naming a face is the first card of the hand showing it that the seat has
not seen both ways (``real_action``): the seat cannot tell those cards apart, so which one it
picks carries no information it had.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action
from .cards import CARD_TEXT, FACE, TWIN
from .errors import IllegalAction
from .events import Event
from .options import N_
from .table import Draws, Table


class SeenDraws(Draws):
    """Draws from the pile, each card seen both ways by its drawer: its back lay face up on
    the draw pile (FL-2)."""

    def draw(self, t: Table, seat: int, n: int, reason: str, events: list[Event]) -> list[int]:
        """P2, then the cards drawn are seen both ways."""
        got = Draws.draw(self, t, seat, n, reason, events)
        t.known[seat][seat].extend(got)
        return got


#: The draw pile's way when backs are hidden from their holders.
SEEN_DRAWS = SeenDraws()


def as_seen(cards: Sequence[int], seen: Sequence[int]) -> tuple[int, ...]:
    """``cards`` of a seat's hand as the seat sees them: a card among ``seen`` (both ways,
    counted as a multiset) as itself, any other by its face up."""
    pool = list(seen)
    out: list[int] = []
    for c in cards:
        if c in pool:
            pool.remove(c)
            out.append(c)
        else:
            out.append(FACE[c])
    return tuple(out)


def hand_as_seen(t: Table, seat: int) -> tuple[int, ...]:
    """``seat``'s hand as it sees it."""
    return as_seen(t.hands[seat], t.known[seat][seat])


def backs(t: Table, seat: int | None) -> tuple[tuple[int, ...], ...]:
    """Each other seat's backs, the faces its cards show the table, as a sorted multiset
    (FL-5: no order, no card ids); ``seat``'s own none (a spectator sees every hand's)."""
    return tuple(
        () if s == seat else tuple(sorted(FACE[TWIN[c]] for c in hand))
        for s, hand in enumerate(t.hands)
    )


def pile_back(t: Table) -> int:
    """The face the draw pile's top card shows the table (FL-2), or -1 with no draw pile."""
    pile = t.draw_pile
    return FACE[TWIN[pile[-1]]] if pile else -1


def played_as_seen(t: Table, seat: int, laid: tuple[int, ...]) -> tuple[int, ...]:
    """The cards ``seat`` lays, as every seat is told of them: by their face up those it has
    not seen both ways (the others saw their backs while it held them, and know them from
    the backs it holds no more)."""
    return as_seen(laid, t.known[seat][seat])


def offered_as_seen(t: Table, seat: int, offers: Sequence[Action]) -> tuple[Action, ...]:
    """``seat``'s legal actions as it sees them: each card it has not seen both ways by its
    face up; actions that then read the same are one."""
    hand = t.hands[seat]
    seen = t.known[seat][seat]
    if len(seen) == len(hand):  # every card seen both ways: nothing to hide
        return tuple(offers)
    shown = dict(zip(hand, as_seen(hand, seen), strict=True))  # a card seen: seen both ways
    out: dict[Action, None] = {}
    for a in offers:
        if a.card < 0 or (shown.get(a.card, a.card) == a.card and not a.more):
            out.setdefault(a, None)
            continue
        more = tuple(shown.get(c, c) for c in a.more)
        out.setdefault(a._replace(card=shown.get(a.card, a.card), more=more), None)
    return tuple(out)


def real_action(t: Table, seat: int, a: Action) -> Action:
    """The action ``a`` (as ``seat`` sees its cards) on the cards it names: a face names the
    first card of the hand showing it that the seat has not seen both ways (else one it has);
    a card of the deck names itself only if the seat has seen it both ways. Naming a card
    the seat holds but has not seen both ways is refused as a card it does not hold: else
    trying ids would tell it its backs."""
    if a.card < 0:
        return a
    hand = t.hands[seat]
    seen = list(t.known[seat][seat])
    unseen = list(hand)
    for c in seen:
        if c in unseen:
            unseen.remove(c)
    laid = [a.card, *a.more]
    for i, c in enumerate(laid):
        if FACE[c] != c:  # a card of the deck, by its id: only if seen both ways
            if c in seen:
                seen.remove(c)
            elif c in hand:
                raise IllegalAction(reason=N_("reason.not_in_hand"), card=CARD_TEXT[c], seat=seat)
            continue
        for pool in (unseen, seen):
            match = next((u for u in pool if FACE[u] == c), -1)
            if match >= 0:
                laid[i] = match
                pool.remove(match)
                break
    if laid[0] == a.card and tuple(laid[1:]) == a.more:
        return a
    return a._replace(card=laid[0], more=tuple(laid[1:]))


def turned_over(t: Table) -> None:
    """P9 has turned the table over: every seat has now seen both faces of every card it
    holds (FL-3)."""
    for s, hand in enumerate(t.hands):
        t.known[s][s] = list(hand)


__all__ = [
    "SEEN_DRAWS",
    "as_seen",
    "backs",
    "hand_as_seen",
    "offered_as_seen",
    "pile_back",
    "played_as_seen",
    "real_action",
    "turned_over",
]
