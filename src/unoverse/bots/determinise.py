"""Determinisation: a whole game a seat could be in, built from its view alone.

A search bot cannot see the other hands or the draw pile, so each of its iterations plays
in one *determinisation*: a ``Game`` that agrees with everything the seat knows (its view)
and deals the cards it has not located (``knowledge.unknown_pool``) at random, with a fresh
PRNG for everything the game will draw. The cards the seat has seen in another hand (after a
swap, a return, a reveal) are placed in that hand; the rest of each hand, the draw pile (or
the launcher), and any face-down pile are a random split of the pool, sized as the view
says.

What a view does not carry is filled in the simplest consistent way (docs/bots.md): whether
a pending Wild Draw Four was legal is read off the dealt hand of its player (random when the
covered colour is unknown); a BLAST event's due seats are the ones whose dealt hands can
meet it, none of them having chosen yet, and play resumes after it at its drawer's turn; the
seat declaring the first card's colour plays next (as it always does); an armed seat holds
up a random card of its dealt hand; who played each card under the top is unknown (-1).
Nothing here reads the true game: the same view and seed give the same determinisation,
whatever the hidden cards really are.
"""

from __future__ import annotations

from typing import Final

from ..core.cards import CARD_COLOR, CARD_IS_WILD, CARD_KIND
from ..core.challenges import can_meet
from ..core.game import Game
from ..core.phase import PHASE_NAMES, PHASES, Phase
from ..core.rng import Rng
from ..core.view import View
from ..core.windows import BLAST as BLAST_WINDOW
from .knowledge import unknown_pool


def determinise(view: View, seed: int) -> Game:
    """A game consistent with ``view``, its unknown cards dealt by ``Rng(seed)``; the game's
    own PRNG is seeded from the same stream."""
    me = view.seat
    if me is None:
        raise ValueError("a spectator's view cannot be determinised: it has no seat")
    rules = view.rules
    n = view.players
    deal = Rng(seed)
    g = Game(rules, n, deal.next64())
    pool = unknown_pool(view)
    deal.shuffle(pool)
    known = view.known
    hands: list[list[int]] = []
    for s in range(n):
        if s == me:
            hands.append(list(view.hand))
            continue
        seen = list(known[s]) if known else []
        need = view.hand_sizes[s] - len(seen)
        hands.append(seen + pool[len(pool) - need :] if need > 0 else seen)
        if need > 0:
            del pool[len(pool) - need :]
    g.hands = hands
    g.draw_pile = pool[len(pool) - view.draw_count :] if view.draw_count else []
    del pool[len(pool) - view.draw_count :]
    g.buried = pool  # whatever is left lies face down with eliminated hands (UNO Blast)

    g.dealer, g.direction, g.turn = view.dealer, view.direction, view.turn
    g.phase = PHASES[PHASE_NAMES.index(view.phase)]
    g.eliminated = list(view.eliminated)
    g.active = n - sum(view.eliminated)
    g.discard = list(view.discard)
    g.discard_by = [-1] * (len(view.discard) - 1) + [view.top_by]
    g.color, g.top_kind = view.color, view.top_kind
    g.spent = list(view.spent)
    g.uno_open = list(view.uno_open)
    g.winner = view.winner
    g.version = view.version
    g.landed = len(view.discard)
    g.known[me] = [list(k) for k in known] if known else [[] for _ in range(n)]
    if g.launcher is not None:
        g.launcher.state = view.launcher
    if g.phase == _COLOR:  # the seat declaring the first card's colour then plays
        g.color_next = view.turn
    if g.phase == _DRAWN:
        g.drawn = view.drawn if view.turn == me else _playable_card(g, hands[view.turn])
    pending = view.pending
    if pending is not None:
        g.pen_amount = pending.amount
        g.pen_source = pending.source
        g.pen_challenge = pending.challengeable
        g.pen_fire = pending.until_fire
        g.pen_chain = 1
        if pending.challengeable and pending.source >= 0:
            g.pen_legal = _wild_draw_four_legal(view, hands[pending.source], deal)
    if view.blast >= 0:
        _open_event(g, view)
    live = view.live
    if live is not None:
        g.blocked = live.blocked
        g.lock = list(live.lock)
        for s, up in enumerate(live.armed):
            if s == me:
                g.armed[s] = live.mine
            elif up and hands[s]:
                g.armed[s] = hands[s][deal.below(len(hands[s]))]
    return g


def _playable_card(g: Game, hand: list[int]) -> int:
    """A card of ``hand`` that plays on the pile (the card another seat drew and must play
    or may pass on); -1 when its dealt hand has none."""
    for c in reversed(hand):
        if g.matches(c):
            return c
    return -1


def _wild_draw_four_legal(view: View, hand: list[int], deal: Rng) -> bool:
    """Whether the pending Wild Draw Four was legal, judged on its player's dealt hand: it
    held no card of the colour it covered (random when that colour is unknown: a wild
    under it)."""
    if len(view.discard) < 2 or CARD_IS_WILD[view.discard[-2]]:
        return deal.below(2) == 0
    covered = CARD_COLOR[view.discard[-2]]
    return not any(CARD_COLOR[c] == covered and not CARD_IS_WILD[c] for c in hand)


def _open_event(g: Game, view: View) -> None:
    """An open BLAST event: its card and drawer, and the seats whose dealt hands can meet
    it; once it resolves, play resumes at its drawer's turn (or live)."""
    g.blast_card = view.blast
    drawer = next((w.seat for w in view.windows if w.kind == BLAST_WINDOW), view.turn)
    g.blast_drawer = drawer
    wild = view.rules.numeral_wild
    kind = CARD_KIND[view.blast]
    g.blast_due = [s for s in g.resolution_order(drawer) if can_meet(kind, g.hands[s], wild)]
    if view.seat is not None and view.seat not in g.blast_due:
        g.blast_due.append(view.seat)
    resume = _LIVE if view.rules.realtime else _TURN
    g.saved = (drawer, int(resume), -1)


_COLOR: Final = Phase.COLOR
_DRAWN: Final = Phase.DRAWN
_TURN: Final = Phase.TURN
_LIVE: Final = Phase.LIVE
