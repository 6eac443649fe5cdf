"""What every seat is shown of two-faced cards whose holders do not see their backs (RULES.md
§8.4, FL-2 to FL-5; ``Rules.hidden_backs``).

A seat is dealt its cards light face towards itself (FL-4): it sees their light faces, and
each stays *blind* to it until it sees the card's dark face, wherever the card then is: in
its hand dark side up (held through P9, FL-3), on the draw pile's top light side up (its dark
face shows, FL-2), on the discard pile's top dark side up, in another hand light side up (its
dark face faces the table), or shown to it by a challenge. A seat's blind cards are its own
cell of ``Table.known`` (``known[s][s]``, unused where backs are seen): ``see`` takes off
what each seat can see after every action, and a card drawn showed its dark face on the
pile (``SEEN_DRAWS``).

A card blind to a seat is shown to it by the face it saw, its light face (``LIGHT_FACE``, a
one-faced card: no card of a two-faced deck), and every other card as itself: its hand in the
view, the discard pile, the deal, the play of such a card, a card taken back, and its legal
actions. An action naming a face plays the first blind card of the hand showing it: the seat
cannot tell those cards apart, so which one it picks carries nothing it did not know.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .actions import Action
from .cards import CARD_TEXT, DARK_UP, FACE, N_CARDS, TWIN
from .errors import IllegalAction, UnoverseError
from .events import Event
from .options import N_
from .table import Draws, Table

#: By card id, the card's light face (the face a holder is dealt towards itself).
LIGHT_FACE: Final = tuple(FACE[TWIN[c]] if DARK_UP[c] else FACE[c] for c in range(N_CARDS))


class SeenDraws(Draws):
    """Draws from the pile: a card drawn light side up lay dark face up on the pile, so no
    seat is blind to it any more (FL-2)."""

    def draw(self, t: Table, seat: int, n: int, reason: str, events: list[Event]) -> list[int]:
        """P2, then what the pile showed is seen."""
        got = Draws.draw(self, t, seat, n, reason, events)
        shown = [c for c in got if not DARK_UP[c]]
        if shown:
            for s, row in enumerate(t.known):
                blind = row[s]
                if blind:
                    blind[:] = [c for c in blind if c not in shown]
        return got


#: The draw pile's way when holders do not see their backs.
SEEN_DRAWS: Final = SeenDraws()


def see(t: Table) -> None:
    """Take off each seat's blind cards those whose dark face it can see now: in its hand
    dark side up, in another hand light side up, on the draw pile's top light side up, on the
    discard pile's top dark side up, or in another hand a challenge showed it."""
    pile = t.draw_pile
    top = t.discard[-1] if t.discard else -1
    up = pile[-1] if pile else -1
    holders: dict[int, int] | None = None  # by card, a bit for each seat holding it
    for s, row in enumerate(t.known):
        cards = row[s]
        if not cards:
            continue
        if holders is None:
            holders = {}
            for o, hand in enumerate(t.hands):
                bit = 1 << o
                for c in hand:
                    holders[c] = holders.get(c, 0) | bit
        me = 1 << s
        shown = [c for h, seen in enumerate(row) if h != s for c in seen]  # by a challenge
        kept = []
        for c in cards:
            held = holders.get(c, 0)
            if DARK_UP[c]:
                if c == top or held & me:
                    continue
            elif c == up or held & ~me:
                continue
            if shown and c in shown:
                continue
            kept.append(c)
        cards[:] = kept


def as_seen(cards: Sequence[int], blind: Sequence[int]) -> tuple[int, ...]:
    """``cards`` as a seat with these ``blind`` cards sees them (a multiset): a blind card by
    its light face, any other as itself."""
    if not blind:
        return tuple(cards)
    pool = list(blind)
    out: list[int] = []
    for c in cards:
        if c in pool:
            pool.remove(c)
            out.append(LIGHT_FACE[c])
        else:
            out.append(c)
    return tuple(out)


def seen_by(t: Table, seat: int, cards: Sequence[int]) -> tuple[int, ...]:
    """``cards`` as ``seat`` sees them. Cards it lays or takes back are told so to every
    seat: the others saw their backs while it held them, and know them from the backs it
    holds no more."""
    return as_seen(cards, t.known[seat][seat])


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


def offered_as_seen(t: Table, seat: int, offers: Sequence[Action]) -> tuple[Action, ...]:
    """``seat``'s legal actions as it sees them: each blind card by its face; actions that
    then read the same are one."""
    blind = t.known[seat][seat]
    if not blind:
        return tuple(offers)
    hand = t.hands[seat]
    shown = dict(zip(hand, as_seen(hand, blind), strict=True))
    out: dict[Action, None] = {}
    for a in offers:
        card = shown.get(a.card, a.card)
        if card == a.card and not a.more:
            out.setdefault(a, None)
            continue
        more = tuple(shown.get(c, c) for c in a.more)
        out.setdefault(a._replace(card=card, more=more), None)
    return tuple(out)


def real_action(t: Table, seat: int, a: Action) -> Action:
    """The action ``a`` (as ``seat`` sees its cards) on the cards it names: a face names the
    first blind card of the hand it saw so (else the first other card showing it); a card of
    the deck names itself unless it is blind to the seat, which is refused as a card it does
    not hold: else trying ids would tell it its backs."""
    if a.card < 0:
        return a
    hand = t.hands[seat]
    known = t.known[seat][seat]
    # the blind cards held, as a multiset as ``as_seen`` counts them (a card of the deck twice,
    # two B1|VSA, may be blind in the discard pile and in the hand), in the order of ``known``
    seen = list(hand)
    blind: list[int] = []
    for c in known:
        if c in seen:
            seen.remove(c)
            blind.append(c)
    if len(blind) > 1:
        blind.sort(key=known.index)  # copies together, as a multiset lists them
    laid = [a.card, *a.more]
    for i, c in enumerate(laid):
        if FACE[c] != c:  # a card of the deck, by its id: only if not blind
            if c in seen:
                seen.remove(c)
            elif c in hand:
                raise IllegalAction(reason=N_("reason.not_in_hand"), card=CARD_TEXT[c], seat=seat)
            continue
        for pool, look in ((blind, LIGHT_FACE), (seen, FACE)):
            match = next((u for u in pool if look[u] == c), -1)
            if match >= 0:
                laid[i] = match
                pool.remove(match)
                break
    if laid[0] == a.card and tuple(laid[1:]) == a.more:
        return a
    return a._replace(card=laid[0], more=tuple(laid[1:]))


def refused_as_seen(t: Table, seat: int, error: UnoverseError) -> UnoverseError:
    """``error``, refusing ``seat``'s action, as the seat is told it: each card blind to it
    by its light face, as its view shows it, so that no refusal tells it a back."""
    blind = t.known[seat][seat]
    if not blind:
        return error
    return error.renamed({CARD_TEXT[c]: CARD_TEXT[LIGHT_FACE[c]] for c in blind})


__all__ = [
    "LIGHT_FACE",
    "SEEN_DRAWS",
    "as_seen",
    "backs",
    "offered_as_seen",
    "pile_back",
    "real_action",
    "refused_as_seen",
    "see",
    "seen_by",
]
