"""Dealing a two-faced deck's unknown cards as a seat could see them (RULES.md §8.4), for
``core.determinise``.

A seat locates a two-faced card by its id where it has seen both its faces (its own cards but
its blind ones, the discard pile but its own blind plays, cards a challenge showed it); every
other place shows it one face: its blind cards their light face (``backs.LIGHT_FACE``), the
other hands and the draw pile's top their backs (``View.backs``, ``View.pile_back``). The
unknown cards (the deck less the located ones, on the side the table shows) are matched to
those places so that each shows what the seat sees: a bipartite matching (Kuhn's augmenting
paths, in an order drawn from the stream, so that any consistent deal can come), then the
rest of the draw pile is the remaining cards, shuffled.
"""

from __future__ import annotations

from collections import Counter
from typing import Final, NamedTuple

from .backs import LIGHT_FACE
from .cards import FACE, N_CARDS, TWIN
from .rng import Rng
from .view import View

#: By card id, the face the card shows the other seats.
BACK: Final = tuple(FACE[TWIN[c]] for c in range(N_CARDS))


class FacedDeal(NamedTuple):
    """A deal of the unknown cards: each hand, how many of each the seat located, the draw
    pile, the discard pile, and the seat's blind cards (in its hand and the discard pile)."""

    hands: list[list[int]]
    located: list[int]
    draw: list[int]
    discard: list[int]
    blind: list[int]


def deal_faced(view: View, me: int, rng: Rng) -> FacedDeal:
    """Deal the cards ``me`` has not located, each place showing what it sees; ValueError
    when no deal does (a view no game gives)."""
    dark = view.dark
    counts = Counter([TWIN[c] if dark else c for c in view.rules.deck])  # the deck as it lies
    hand = list(view.hand)
    discard = list(view.discard)
    others = [list(k) for k in view.known] if view.known else [[] for _ in range(view.players)]
    for c in [*hand, *discard, *[c for k in others for c in k]]:
        if FACE[c] != c:  # located by its id
            counts[c] -= 1
    pool = list(counts.elements())
    rng.shuffle(pool)
    # the places to fill, each with the face it must show: (where, index, face, look)
    places: list[tuple[list[int], int, int, tuple[int, ...]]] = []
    for where in (hand, discard):
        places += [(where, i, c, LIGHT_FACE) for i, c in enumerate(where) if FACE[c] == c]
    hands: list[list[int]] = []
    for s in range(view.players):
        if s == me:
            hands.append(hand)
            continue
        seen = others[s]
        backs = Counter(view.backs[s]) - Counter([BACK[c] for c in seen])
        held = seen + [-1] * (view.hand_sizes[s] - len(seen))
        faces = list(backs.elements())
        places += [(held, len(seen) + i, f, BACK) for i, f in enumerate(faces)]
        hands.append(held)
    draw = [-1] * view.draw_count
    if draw and view.pile_back >= 0:
        places.append((draw, len(draw) - 1, view.pile_back, BACK))
    order = list(range(len(places)))
    rng.shuffle(order)
    # each place's candidates, in pool order: the pool's indices by the face each look shows
    shows: dict[tuple[int, int], list[int]] = {}
    for i, c in enumerate(pool):
        shows.setdefault((0, LIGHT_FACE[c]), []).append(i)
        shows.setdefault((1, BACK[c]), []).append(i)
    chosen = _match([shows.get((int(places[p][3] is BACK), places[p][2]), []) for p in order])
    if chosen is None:
        raise ValueError("determinise: no deal of the two-faced cards agrees with the view")
    used = set()
    blind: list[int] = []
    for p, i in zip(order, chosen, strict=True):
        where, at, _, look = places[p]
        where[at] = pool[i]
        used.add(i)
        if look is LIGHT_FACE:
            blind.append(pool[i])
    rest = [c for i, c in enumerate(pool) if i not in used]
    for where in (*hands, draw):
        for at, c in enumerate(where):
            if c < 0:
                if not rest:
                    raise ValueError("determinise: the view counts more cards than the deck has")
                where[at] = rest.pop()
    located = [len(k) for k in others]
    located[me] = len(hand)
    return FacedDeal(hands, located, draw, discard, blind)


def _match(candidates: list[list[int]]) -> list[int] | None:
    """For each place in turn, the index of a card among its ``candidates``, no card twice
    (Kuhn's augmenting paths); None when no such choice exists."""
    owner: dict[int, int] = {}

    def place(p: int, tried: set[int]) -> bool:
        for i in candidates[p]:
            if i in tried:
                continue
            tried.add(i)
            if i not in owner or place(owner[i], tried):
                owner[i] = p
                return True
        return False

    for p in range(len(candidates)):
        if not place(p, set()):
            return None
    chosen = [-1] * len(candidates)
    for i, p in owner.items():
        chosen[p] = i
    return chosen
