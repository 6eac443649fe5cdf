"""What a card's effect does once the card has landed (RULES.md §1.4, E-1), one small named
function per effect, found through ``LANDING`` by the effect's code. A variant adds the
effects of its own cards under codes of their own (``Variant.landings``); a game reads its
rules' table (``Rules.landing``).

``Game._do_play`` lays the card and judges the UNO call; for every effect but the common
ones (a number, a Wild: the turn passes on), it then calls the effect's function here,
which records the effect (a draw card: its penalty's amount, started or added to) and moves
the turn on. The moves of whole
hands and the all-draw that these effects share live here too: a jump-in undoes a hand move
with them (``Game._do_jump``), and variants' first cards use them (``all_draw``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from . import effects as fx
from . import events as ev
from .actions import Action
from .blast import machinery as blast
from .blast.owed import THEN_KEEP, THEN_NEXT, THEN_OUT
from .events import Event
from .phase import Phase
from .plays import Plays
from .table import Table

#: An effect's function: ``(game, player, amount, victim, play, mult, events)``. ``amount``
#: is the effect's total for the ``mult`` identical cards laid together (H-1); ``victim``
#: overrides the victim of a draw card (a revived seat, else -1); ``play`` is the action (its
#: swap target, its chosen direction).
Landing = Callable[[Plays, int, int, int, Action, int, list[Event]], None]

#: What an own effect does once the colour its wild left open is named (``Variant.named``):
#: ``(game, the seat that named it, events)``.
Named = Callable[[Plays, int, list[Event]], None]

_PENALTY: Final = Phase.PENALTY
_OVER: Final = Phase.OVER


def all_draw(
    g: Plays,
    p: int,
    amount: int,
    events: list[Event],
    kind: str = ev.ALL_DRAW,
    then: tuple[int, int] = (THEN_KEEP, -1),
) -> None:
    """Every other active seat, in turn order from ``p``, draws ``amount`` at once
    (Downpour; Wild All Hit and Múltiple Roba, ``kind`` ``ev.ALL_HIT``: no seat loses its
    turn; variants' first-card hooks use it too), then ``then`` (``THEN_*``, seat)."""
    events.append(Event(kind, p, count=amount))
    if g.rules.blast_draws:  # seat by seat; BLAST events may interrupt (§5.7, B-10)
        victims = g.resolution_order(p)[1:]
        blast.owe(g, [(s, amount, ev.FOR_ALL_DRAW) for s in victims], then, events)
        return
    s = g.next_seat(p)
    while s != p:
        g.draw(s, amount, ev.FOR_ALL_DRAW, events)
        s = g.next_seat(s)
    what, seat = then
    if what == THEN_NEXT:
        g.set_turn(g.next_seat(seat))
    elif what == THEN_OUT:
        g.end_round(seat, events)


def shuffle_hands(g: Table, p: int, events: list[Event]) -> None:
    """Wild Shuffle Hands: collect every hand, shuffle, deal one at a time from next(p)."""
    pool: list[int] = []
    for s in range(g.n):
        if not g.eliminated[s]:
            pool.extend(g.hands[s])
            g.hands[s] = []
    g.rng.shuffle(pool)
    s = g.next_seat(p)
    for c in pool:
        g.hands[s].append(c)
        s = g.next_seat(s)
    for row in g.known:
        for k in row:
            k.clear()
    g.uno_open = []
    events.append(Event(ev.SHUFFLE_HANDS, p, count=len(pool)))
    for s in range(g.n):
        if not g.eliminated[s]:
            hand = tuple(g.hands[s])
            events.append(Event(ev.HAND, s, hand, len(hand)))


def rotate_hands(g: Table, events: list[Event]) -> None:
    """Seven-0's 0: every active seat passes its whole hand to the next one, all at once;
    each knows the hand it passed (C-4: no UNO window opens)."""
    seats = [s for s in range(g.n) if not g.eliminated[s]]
    nxt = {s: g.next_seat(s) for s in seats}
    old = g.hands[:]
    for s in seats:
        g.hands[nxt[s]] = old[s]
    for row in g.known:
        before = row[:]
        for s in seats:
            row[nxt[s]] = before[s]
    for s in seats:
        g.known[s][nxt[s]] = list(old[s])
        g.known[s][s] = []
    g.uno_open = []
    events.append(Event(ev.ROTATE, None, direction=g.direction))
    for s in seats:
        hand = tuple(g.hands[s])
        events.append(Event(ev.HAND, s, hand, len(hand)))


def swap_hands(g: Table, p: int, t: int, events: list[Event]) -> None:
    """Swap the hands of ``p`` and ``t``; each learns the hand it gave away (C-4: no UNO
    window opens)."""
    hands, known = g.hands, g.known
    mine, theirs = hands[p], hands[t]
    hands[p], hands[t] = theirs, mine
    for row in known:
        row[p], row[t] = row[t], row[p]
    known[p][t], known[t][p] = list(mine), list(theirs)
    known[p][p], known[t][t] = [], []
    if p in g.uno_open:
        g.uno_open.remove(p)
    if t in g.uno_open:
        g.uno_open.remove(t)
    events.append(Event(ev.SWAP, p, target=t))
    for s in (p, t):
        hand = tuple(hands[s])
        events.append(Event(ev.HAND, s, hand, len(hand)))


# -- each effect's function -----------------------------------------------------------------
def _pass_on(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """No effect left once the card has landed: the turn passes on."""
    g.set_turn(g.next_seat(p))


def _skip(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """Skip: the next seat loses its turn (each of ``mult`` Skips one more seat, H-1)."""
    for i in range(mult):
        events.append(Event(ev.SKIP, g.next_seat(p, i + 1)))
    g.set_turn(g.next_seat(p, mult + 1))


def _skip_all(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """Skip All: everyone else is skipped, so the player takes a full turn again (FS-4)."""
    s = g.next_seat(p)
    while s != p:
        events.append(Event(ev.SKIP, s))
        s = g.next_seat(s)
    g.set_turn(p)


def _turn_round(g: Plays, p: int, events: list[Event], turns: bool = True) -> None:
    """``p``'s card turns the direction of play (not when ``turns`` is False: an even number
    of Reverses laid together cancel out); the REVERSE event says the direction now."""
    if turns:
        g.direction = -g.direction
    events.append(Event(ev.REVERSE, p, direction=g.direction))


def _reverse(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """Reverse: the direction turns (an even number of Reverses laid together cancel out);
    with two players it acts as a Skip (P7)."""
    if g.active == 2 and g.rules.two_player_rules:
        events.append(Event(ev.SKIP, g.next_seat(p)))
        g.set_turn(p)
        return
    _turn_round(g, p, events, bool(mult % 2))
    g.set_turn(g.next_seat(p))


def _all_draw(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """Downpour (and the Bar special): every other seat draws at once and loses its turn,
    so the player plays again."""
    all_draw(g, p, amount, events)
    if g.phase != _OVER:
        g.set_turn(p)


def _all_hit(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """Wild All Hit: every other seat draws at once, then the next seat plays (§3.4)."""
    all_draw(g, p, amount, events, ev.ALL_HIT, (THEN_NEXT, p))


def _boomerang(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """Boomerang: the direction turns; facing a draw attack, it goes back to its source
    (§1.8)."""
    _turn_round(g, p, events)
    if g.phase != _PENALTY:
        g.set_turn(g.next_seat(p))
        return
    attacker = g.pen_source
    events.append(Event(ev.BOOMERANG, p, target=attacker, count=g.pen_amount))
    g.turn = attacker
    g.pen_source = p
    g.pen_challenge = False
    g.pen_returned = True


def _swap(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """Trade Hands (and a Seven-0 7 that names a seat): swap hands with the chosen seat."""
    for _ in range(mult):
        swap_hands(g, p, a.target, events)
    g.set_turn(g.next_seat(p))


def _seven_swap(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """Seven-0's 7: a swap if the player named a seat, else nothing."""
    if a.target >= 0:
        _swap(g, p, amount, victim, a, mult, events)
    else:
        g.set_turn(g.next_seat(p))


def _rotate(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """Seven-0's 0: every hand passes to the next seat."""
    for _ in range(mult):
        rotate_hands(g, events)
    g.set_turn(g.next_seat(p))


def _zero_direction(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """``zero_chooses_direction``: the player sets the direction; the next seat draws at
    once and keeps its turn."""
    g.direction = a.direction
    events.append(Event(ev.DIRECTION, p, direction=g.direction))
    v = g.next_seat(p)
    g.draw(v, amount, ev.FOR_ZERO, events)
    if g.phase != _OVER:  # (an elimination may have left one seat)
        g.set_turn(g.next_seat(p))  # v, or the seat after it if eliminated


def _penalty(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """A draw card: the penalty waits on its victim (the next seat, or ``victim``), whose
    own ``take`` (or answer) settles it (E-1)."""
    _count(g, amount)
    _victim_faces(g, p, victim, False)


def _wild_draw(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """A Wild Draw Four: a penalty its victim may also challenge (P5)."""
    _count(g, amount)
    _victim_faces(g, p, victim, True)


def _hit_fire(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """Wild Hit-Fire: its victim presses the launcher until it fires (A-4): a penalty of
    no count, which starts a chain."""
    g.pen_amount = 0
    g.pen_chain = 1
    g.pen_until = fx.PEN_FIRE
    _victim_faces(g, p, victim, False)


def _wild_draw_color(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """A Wild Draw Color (RULES.md §8.9): its victim draws until a card of the declared
    colour comes (P10), or challenges it as a Wild Draw Four (P5): a penalty of no count."""
    g.pen_amount = 0
    g.pen_chain = 1
    g.pen_until = fx.PEN_COLOR
    _victim_faces(g, p, victim, True)


def _count(g: Plays, amount: int) -> None:
    """A draw card of ``amount`` cards lands: it starts a penalty, or, played as an answer
    to a pending one (stacking: the window is still the penalty's), adds to it."""
    if g.phase == _PENALTY:
        g.pen_amount += amount
        g.pen_chain += 1
    else:
        g.pen_amount = amount
        g.pen_chain = 1


def _victim_faces(g: Plays, p: int, victim: int, challenge: bool) -> None:
    """Open the penalty window on the victim; ``challenge``: it may challenge the play."""
    g.turn = victim if victim >= 0 else g.next_seat(p)
    g.phase = _PENALTY
    g.drawn = -1
    g.pen_source = p
    g.pen_challenge = challenge


def _reverse_draw(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """Reversa y Toma 4: the direction turns first, so the victim is the next seat in the
    new one; with two active seats under ``reverse_draw_self``, its own player (NM-8)."""
    _turn_round(g, p, events)
    if victim < 0 and g.rules.reverse_draw_self and g.active == 2:
        victim = p
    _penalty(g, p, amount, victim, a, mult, events)


def _shuffle(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """Wild Shuffle Hands."""
    shuffle_hands(g, p, events)
    g.set_turn(g.next_seat(p))


def _table() -> tuple[Landing, ...]:
    by_code: dict[int, Landing] = {
        fx.SKIP: _skip,
        fx.SKIP_ALL: _skip_all,
        fx.REVERSE: _reverse,
        fx.ALL_DRAW: _all_draw,
        fx.ALL_DRAW_KEEP: _all_draw,
        fx.ALL_HIT: _all_hit,
        fx.BOOMERANG: _boomerang,
        fx.SWAP_HANDS: _swap,
        fx.SEVEN_SWAP: _seven_swap,
        fx.ROTATE_HANDS: _rotate,
        fx.ZERO_DIRECTION: _zero_direction,
        fx.SHUFFLE_HANDS: _shuffle,
        fx.DRAW: _penalty,
        fx.WILD_DRAW: _wild_draw,
        fx.HIT_FIRE: _hit_fire,
        fx.REVERSE_DRAW: _reverse_draw,
        fx.WILD_PENALTY: _penalty,
        fx.WILD_DRAW_COLOR: _wild_draw_color,
    }
    return tuple(by_code.get(code, _pass_on) for code in range(fx.N_EFFECTS))


#: By effect code: what the effect does once its card has landed (``_pass_on`` where
#: nothing is left to do: a number, a Discard All, a Numeral).
LANDING: Final[tuple[Landing, ...]] = _table()


def landing_table(own: Mapping[int, Landing]) -> tuple[Landing, ...]:
    """``LANDING`` with a variant's own effects (``Variant.landings``), each under a code of
    ``effects.OWN_EFFECTS``: the table a game of the variant reads (``Rules.landing``)."""
    wrong = sorted(set(own) - set(fx.OWN_EFFECTS))
    if wrong:
        raise ValueError(
            f"effect codes {wrong} are the engine's: a variant's own effects take codes "
            f"{fx.OWN_EFFECTS.start} to {fx.OWN_EFFECTS.stop - 1}"
        )
    return tuple(own.get(code, shared) for code, shared in enumerate(LANDING))


def named_table(own: Mapping[int, Named]) -> tuple[Named | None, ...]:
    """By effect code, what a variant's own effect does once the colour its wild left open
    is named (``Variant.named``), None for every other code."""
    wrong = sorted(set(own) - set(fx.OWN_EFFECTS))
    if wrong:
        raise ValueError(f"effect codes {wrong} are the engine's, not a variant's own")
    return tuple(own.get(code) for code in range(fx.N_EFFECTS))
