"""Determinisation (``unoverse.core.determinise``) on real states of every variant: it
redraws every hidden field, agrees with the seat's view, builds a state the engine can be
in, and never depends on what the seat cannot see."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

import unoverse as uv
from unoverse import Game
from unoverse.core.determinise import REDRAWN, determinise, unknown_pool
from unoverse.core.integrity import check
from unoverse.core.parts import hidden
from unoverse.core.rng import Rng
from unoverse.core.view import View

from ._corpus import real_states

#: The windows a view shows open but a determinisation cannot rebuild: the view does not
#: carry what they would restore (the colour and kind before an illegal play, the fields
#: before a jumped-on card), so they are closed in a determinisation.
UNREBUILT = ("illegal", "jump")


def comparable(view: View) -> tuple[object, ...]:
    """A view's fields, the windows a determinisation cannot rebuild left out."""
    fields = list(view.fields())
    i = view.FIELDS.index("windows")
    fields[i] = tuple(w for w in view.windows if w.kind not in UNREBUILT)
    return tuple(fields)


def test_every_hidden_field_is_redrawn() -> None:
    assert set(REDRAWN) == {path for path, _ in hidden()}


def test_a_game_or_its_view_give_the_same_determinisation() -> None:
    game = uv.new_game("classic", 3, 4)
    a = determinise(game, 1, Rng(9))
    assert uv.to_json(a) == uv.to_json(determinise(game.view(1), 1, Rng(9)))
    with pytest.raises(ValueError, match="seat 1's, not seat 2's"):
        determinise(game.view(1), 2, Rng(9))
    with pytest.raises(ValueError, match="seat None's"):
        determinise(game.view(None), 0, Rng(9))
    with pytest.raises(ValueError, match="seat 3 is not a seat"):
        determinise(game, 3, Rng(9))


def test_it_agrees_with_the_view_and_deals_the_unknown_cards() -> None:
    """The seat's view of a determinisation is its view of the game (the two windows it
    cannot rebuild aside), and the cards it did not see are the unknown pool, dealt."""
    for i, g in enumerate(real_states()):
        for seat in range(g.n):
            view = g.view(seat)
            d = determinise(g, seat, Rng(i))
            assert comparable(d.view(seat)) == comparable(view), (i, seat)
            located = Counter(view.hand) + Counter(view.discard) + Counter(view.spent)
            for k in view.known:
                located.update(k)
            if view.blast >= 0:
                located[view.blast] += 1
            assert Counter(d.all_cards()) == Counter(view.rules.deck)
            assert Counter(d.all_cards()) - located == Counter(unknown_pool(view))


def test_it_is_a_state_the_engine_can_be_in() -> None:
    for i, g in enumerate(real_states()):
        for seat in range(g.n):
            check(determinise(g, seat, Rng(i)), f"state {i}, seat {seat}")


# -- it does not depend on what the seat cannot see ---------------------------------------------
Perturb = Callable[[Game, int, random.Random], bool]


def _unseen(game: Game, seat: int) -> bool:
    """The cards ``seat`` has not located, dealt again among the places they may be: the
    unseen part of each other hand, the draw pile and the buried cards, sizes kept."""
    places: list[list[int]] = []
    pool: list[int] = []
    for h in range(game.n):
        if h == seat:
            continue
        seen = Counter(game.known[seat][h])
        unseen = list((Counter(game.hands[h]) - seen).elements())
        pool.extend(unseen)
        places.append(unseen)
    pool.extend(game.draw_pile)
    pool.extend(game.buried)
    before = list(pool)
    random.Random(len(pool)).shuffle(pool)
    rest = iter(pool)
    for h in range(game.n):
        if h != seat:
            seen_cards = list((Counter(game.hands[h]) & Counter(game.known[seat][h])).elements())
            size = len(game.hands[h])
            game.hands[h] = seen_cards + [next(rest) for _ in range(size - len(seen_cards))]
    game.draw_pile = [next(rest) for _ in game.draw_pile]
    game.buried = list(rest)
    return pool != before


def _known(game: Game, seat: int, rng: random.Random) -> bool:
    """Another seat forgets what it saw."""
    others = [o for o in range(game.n) if o != seat and any(game.known[o])]
    for o in others:
        game.known[o] = [[] for _ in range(game.n)]
    return bool(others)


def _drawn(game: Game, seat: int, rng: random.Random) -> bool:
    """Another seat's drawn card is another of its cards."""
    if game.phase != uv.Phase.DRAWN or game.turn == seat:
        return False
    hand = game.hands[game.turn]
    other = [c for c in hand if c != game.drawn]
    if not other:
        return False
    game.drawn = rng.choice(other)
    return True


def _pen_legal(game: Game, seat: int, rng: random.Random) -> bool:
    game.pen_legal = not game.pen_legal
    return True


def _blast(game: Game, seat: int, rng: random.Random) -> bool:
    """Who must meet the open event and what the others chose."""
    if game.blast is None or game.blast.card < 0:
        return False
    game.blast.due = [s for s in game.blast.due if s == seat] + [
        s for s in range(game.n) if s != seat
    ]
    game.blast.chosen = {s: c for s, c in game.blast.chosen.items() if s == seat}
    game.blast.offers = {}
    return True


def _armed(game: Game, seat: int, rng: random.Random) -> bool:
    """Another seat holds up another of its cards."""
    changed = False
    if game.blast is None:
        return False
    for s, c in enumerate(game.blast.armed):
        other = [x for x in game.hands[s] if x != c]
        if s != seat and c >= 0 and other:
            game.blast.armed[s] = rng.choice(other)
            changed = True
    return changed


def _rng(game: Game, seat: int, rng: random.Random) -> bool:
    game.rng = Rng(rng.getrandbits(64))
    return True


def _setup_events(game: Game, seat: int, rng: random.Random) -> bool:
    game.setup_events = []
    return True


def _offers(g: Game, seat: int, rng: random.Random) -> bool:
    """Another seat's legal actions asked for last (the cache ``apply`` reads)."""
    other = rng.randrange(g.n)
    before = (g.offers, g.offers_seat, g.offers_version)
    g.legal_actions(other)
    return (g.offers, g.offers_seat, g.offers_version) != before


#: A change of each hidden field that keeps a seat's view (the cards: all at once).
PERTURB: dict[str, Perturb] = {
    "hands": lambda g, s, r: _unseen(g, s),
    "draw_pile": lambda g, s, r: False,  # (with the hands)
    "buried": lambda g, s, r: False,  # (with the hands)
    "known": _known,
    "drawn": _drawn,
    "pen_legal": _pen_legal,
    "blast.due": _blast,
    "blast.chosen": lambda g, s, r: False,  # (with blast.due)
    "blast.offers": lambda g, s, r: False,  # (with blast.due)
    "blast.armed": _armed,
    "rng": _rng,
    "setup_events": _setup_events,
    "offers": _offers,
    "offers_seat": lambda g, s, r: False,  # (with offers)
    "offers_version": lambda g, s, r: False,  # (with offers)
}


def test_it_never_depends_on_what_the_seat_cannot_see() -> None:
    """A game changed in every field hidden from a seat, its view kept, gives the very
    same determinisation for the same stream."""
    assert set(PERTURB) == {path for path, _ in hidden()}
    changed = Counter[str]()
    rng = random.Random(8)
    for i, g in enumerate(real_states()):
        for seat in range(g.n):
            other = g.copy()
            for name, perturb in PERTURB.items():
                if perturb(other, seat, rng):
                    changed[name] += 1
            assert other.view(seat) == g.view(seat)
            a = determinise(g, seat, Rng(i))
            b = determinise(other, seat, Rng(i))
            assert uv.to_json(a) == uv.to_json(b), (i, seat)
    assert set(changed) == {"hands", "known", "drawn", "pen_legal", "blast.due", "blast.armed"} | {
        "rng",
        "setup_events",
        "offers",
    }
