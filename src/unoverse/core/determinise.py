"""Determinisation: a whole game one seat could be in, drawn from what that seat sees.

A seat cannot see the other hands or the draw pile. A *determinisation* is a ``Game`` that
agrees with everything the seat knows — its view — with the cards it has not located (the
*unknown pool*: ``unknown_pool``) dealt at random and a fresh PRNG for everything the game
will draw. Search bots play each iteration in one (``unoverse.bots.ismcts``); analysis and
learning tools use it to reason about a seat's information set.

``determinise`` reads a game only through the seat's view, so no hidden card can leak into
what it builds: two games the seat sees alike give the same determinisation for the same
random stream. Each field some seat may not see (``core.parts.hidden()``) is drawn anew as
``REDRAWN`` says; the public bookkeeping a view does not carry (who played each card under
the top, draws an event interrupted, the undo records of the illegal-play and jump-in
windows, UNO declarations) starts as a new game has it, so those two windows are closed in a
determinisation (search bots leave them to their heuristic). What the view implies is filled
in consistently — a penalty on a Boomerang was sent back, a seat out of cards is out, a
BLAST event interrupted its drawer's draw — so that a determinisation is always a state the
engine can be in (``core.integrity``).
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from . import effects as fx
from .blast import machinery as blast
from .blast.challenges import can_meet
from .blast.owed import THEN_KEEP, THEN_LIVE
from .blast.part import BlastPart
from .cards import CARD_COLOR, CARD_IS_WILD, CARD_KIND, N_CARDS
from .faced_deal import BACK, deal_faced
from .game import Game
from .phase import PHASE_NAMES, PHASES, Phase
from .rng import Rng
from .view import View
from .windows import BLAST as BLAST_WINDOW

#: How a determinisation sets each field hidden from some seat (``core.parts.every_field``:
#: a part's field by its path).
REDRAWN: Final[dict[str, str]] = {
    "hands": "the seat's own; each other hand the cards the seat has seen in it, the rest "
    "dealt from the unknown pool",
    "draw_pile": "dealt from the unknown pool, as many cards as the view counts",
    "buried": "the unknown cards left over, face down",
    "known": "the seat's own row (its own cell: its blind cards, as dealt); the other seats "
    "have seen nothing, and are blind to none of theirs",
    "drawn": "the seat's own drawn card; another seat's, a card of its dealt hand that plays",
    "pen_legal": "read off the dealt hand of the Wild Draw Four's player: legal when it held "
    "no card of the colour covered (random when a wild hides that colour)",
    "blast.due": "the seats whose dealt hands can meet the event (dealt again, rarely, until "
    "one can)",
    "blast.chosen": "nobody has chosen yet",
    "blast.offers": "none yet (a cache)",
    "offers": "none yet (a cache of legal_actions)",
    "offers_seat": "none yet (a cache of legal_actions)",
    "offers_version": "none yet (a cache of legal_actions)",
    "blast.armed": "the seat's own; another seat holding a card up, a random card of its "
    "dealt hand",
    "rng": "a new generator seeded from the stream",
    "setup_events": "none: there was no deal",
}


def unknown_counts(view: View) -> Counter[int]:
    """How many copies of each card the view's seat has not located (``unknown_pool``), by
    card, for the cards with a copy left."""
    return Counter({c: k for c, k in enumerate(_unlocated(view)) if k > 0})


def unknown_pool(view: View) -> list[int]:
    """The cards the view's seat has not located, sorted (copies repeat): the deck less its
    hand, the discard pile, the spent BLAST pile, an open BLAST event's card and the cards
    it has seen in other hands."""
    pool: list[int] = []
    for c, k in enumerate(_unlocated(view)):
        if k > 0:
            pool.extend([c] * k)
    return pool


def _unlocated(view: View) -> list[int]:
    """Copies of each card id not located by the view's seat (a list by card id rather than
    a ``Counter``: a determinisation builds it every time, and this is many times faster)."""
    counts = [0] * N_CARDS
    for c in view.rules.deck:
        counts[c] += 1
    for c in view.hand:
        counts[c] -= 1
    for c in view.discard:
        counts[c] -= 1
    for c in view.spent:
        counts[c] -= 1
    for seen in view.known:
        for c in seen:
            counts[c] -= 1
    if view.blast >= 0:  # an open BLAST event's card lies face up
        counts[view.blast] -= 1
    return counts


def determinise(source: Game | View, seat: int, rng: Rng) -> Game:
    """A game consistent with what ``seat`` sees of ``source`` (a game, or the seat's own
    view of one), its unknown cards dealt by ``rng``, which also seeds the game's PRNG.

    ``ValueError`` for a spectator's view, another seat's, or no seat at all."""
    if isinstance(source, Game) and not 0 <= seat < source.n:
        raise ValueError(f"determinise: seat {seat} is not a seat (0 to {source.n - 1})")
    view = source.view(seat) if isinstance(source, Game) else source
    if view.seat is None or view.seat != seat:
        raise ValueError(f"determinise: the view is seat {view.seat}'s, not seat {seat}'s")
    me = seat
    rules = view.rules
    n = view.players
    g = Game(rules, n, rng.next64())
    discard = list(view.discard)
    blind: list[int] = []
    if rules.two_faced:  # each place showing the face the seat sees (``core.faced_deal``)
        hands, seen_sizes, g.draw_pile, discard, blind = deal_faced(view, me, rng)
    else:
        pool = unknown_pool(view)
        for _ in range(_DEALS):
            hands, seen_sizes, g.draw_pile, g.buried = _deal(view, me, list(pool), rng)
            if view.blast < 0 or _someone_meets(view, hands):
                break
    g.hands = hands
    g.dealer, g.direction, g.turn = view.dealer, view.direction, view.turn
    g.phase = PHASES[PHASE_NAMES.index(view.phase)]
    g.eliminated = list(view.eliminated)
    g.active = n - sum(view.eliminated)
    g.discard = discard
    g.discard_by = [-1] * (len(view.discard) - 1) + [view.top_by]
    g.color, g.top_kind = view.color, view.top_kind
    g.uno_open = list(view.uno_open)
    for s in view.said_uno:
        g.said_uno[s] = True
    g.winner = view.winner
    g.version = view.version
    g.landed = len(view.discard)
    g.known[me] = [list(k) for k in view.known] if view.known else [[] for _ in range(n)]
    g.known[me][me] = blind  # its blind cards (``core.backs``), the others' none
    if g.launcher is not None:
        g.launcher.state = view.launcher
    b = g.blast
    table = view.live
    if b is not None:
        b.spent = list(view.spent)
        if table is not None:
            b.blocked = table.blocked
            b.lock = list(table.lock)
    if g.phase == _COLOR:  # the seat declaring the first card's colour then plays
        g.color_next = view.turn
    if g.phase == _DRAWN:
        turn = view.turn
        g.drawn = view.drawn if turn == me else _playable_card(g, turn, seen_sizes)
    pending = view.pending
    if pending is not None:
        g.pen_amount = pending.amount
        g.pen_source = pending.source
        g.pen_challenge = pending.challengeable
        until = fx.PEN_COLOR if pending.until_color else fx.PEN_COUNT
        g.pen_until = fx.PEN_FIRE if pending.until_fire else until
        g.pen_chain = 1
        g.pen_returned = rules.effect[view.top_kind] == fx.BOOMERANG  # only it sends back
        if pending.challengeable and pending.source >= 0:
            g.pen_legal = _wild_draw_four_legal(view, hands[pending.source], rng)
        if pending.source >= 0 and not hands[pending.source]:
            g.out = pending.source  # it went out: it wins once the penalty is taken
    if b is None:
        return g
    if view.blast >= 0:
        _open_event(g, b, view)
    if table is not None:
        for s, up in enumerate(table.armed):
            if s == me:
                b.armed[s] = table.mine
            elif up and hands[s]:
                b.armed[s] = hands[s][rng.below(len(hands[s]))]
    return g


def _deal(
    view: View, me: int, pool: list[int], rng: Rng
) -> tuple[list[list[int]], list[int], list[int], list[int]]:
    """Deal the unknown ``pool``: each other hand the cards ``me`` has seen in it and the
    rest from the pool, then the draw pile (with every BLAST card: they are never dealt),
    and the rest face down. The hands, how many cards of each ``me`` has seen, the draw pile
    and the face-down cards."""
    rng.shuffle(pool)
    rules = view.rules
    held_back: list[int] = []
    if rules.blast_cards:
        never = rules.never_dealt
        held_back = [c for c in pool if never[c]]
        pool = [c for c in pool if not never[c]]
    known = view.known
    hands: list[list[int]] = []
    seen_sizes: list[int] = []
    for s in range(view.players):
        if s == me:
            hands.append(list(view.hand))
            seen_sizes.append(len(view.hand))
            continue
        seen = list(known[s]) if known else []
        seen_sizes.append(len(seen))
        need = view.hand_sizes[s] - len(seen)
        hands.append(seen + pool[len(pool) - need :] if need > 0 else seen)
        if need > 0:
            del pool[len(pool) - need :]
    size = view.draw_count - len(held_back)
    draw = pool[len(pool) - size :] if size > 0 else []
    del pool[len(pool) - max(size, 0) :]
    for c in held_back:  # each at a random place: the pile stays a uniform shuffle
        draw.insert(rng.below(len(draw) + 1), c)
    return hands, seen_sizes, draw, pool


def _someone_meets(view: View, hands: list[list[int]]) -> bool:
    """Whether a seat still in the round can meet the open BLAST event with its hand (the
    event is open, so one could)."""
    kind = CARD_KIND[view.blast]
    wild = view.rules.numeral_wild
    return any(can_meet(kind, h, wild) for s, h in enumerate(hands) if not view.eliminated[s])


def _playable_card(g: Game, seat: int, seen: list[int]) -> int:
    """A card of ``seat``'s hand that plays now: the card it drew and must play or may pass
    on. When the cards dealt to it (after the ``seen[seat]`` it was seen holding) hold none,
    the last of them changes places with a card that plays from the draw pile, the buried
    cards or another seat's dealt cards; -1 when there is none anywhere. Two-faced cards
    change places only with a card of the same back, which every seat sees (§8.4)."""
    hand = g.hands[seat]
    for c in reversed(hand):
        if _plays(g, c):
            return c
    faced = g.rules.two_faced
    if len(hand) > seen[seat]:
        places = [(g.draw_pile, 0), (g.buried, 0)]
        places.extend((h, seen[s]) for s, h in enumerate(g.hands) if s != seat)
        # the last card dealt to it; two-faced, any card dealt to it (the backs must agree)
        last = len(hand) - 1
        for k in range(last, seen[seat] - 1, -1) if faced else (last,):
            for place, first in places:
                for i in range(len(place) - 1, first - 1, -1):
                    c = place[i]
                    if _plays(g, c) and (not faced or BACK[c] == BACK[hand[k]]):
                        place[i], hand[k] = hand[k], c
                        return c
    return -1


def _plays(g: Game, card: int) -> bool:
    """Whether ``card``, just drawn, plays now (as ``core.integrity`` holds a drawn card)."""
    if g.rules.realtime:
        return blast.playable(g, card)
    return g.playable(card, g.p1_row())


def _wild_draw_four_legal(view: View, hand: list[int], rng: Rng) -> bool:
    """Whether the pending Wild Draw Four was legal, judged on its player's dealt hand: it
    held no card of the colour it covered (random when that colour is unknown: a wild
    under it)."""
    if len(view.discard) < 2 or CARD_IS_WILD[view.discard[-2]]:
        return rng.below(2) == 0
    covered = CARD_COLOR[view.discard[-2]]
    return not any(CARD_COLOR[c] == covered and not CARD_IS_WILD[c] for c in hand)


def _open_event(g: Game, b: BlastPart, view: View) -> None:
    """An open BLAST event: its card and drawer, and the seats whose dealt hands can meet
    it (none has chosen yet); once it resolves, play resumes at its drawer's turn (or
    live)."""
    b.card = view.blast
    drawer = next((w.seat for w in view.windows if w.kind == BLAST_WINDOW), view.turn)
    b.drawer = drawer
    wild = view.rules.numeral_wild
    kind = CARD_KIND[view.blast]
    b.due = [s for s in g.resolution_order(drawer) if can_meet(kind, g.hands[s], wild)]
    realtime = view.rules.realtime
    b.saved = (drawer, int(_LIVE if realtime else _TURN), -1)
    # the event interrupted its drawer's draw: none is left owed
    b.owed = [(drawer, 0, "turn")]
    b.then = (THEN_LIVE if realtime else THEN_KEEP, -1)


#: The most deals tried for an open BLAST event before one where a seat can meet it.
_DEALS: Final = 1000
_COLOR: Final = Phase.COLOR
_DRAWN: Final = Phase.DRAWN
_TURN: Final = Phase.TURN
_LIVE: Final = Phase.LIVE
