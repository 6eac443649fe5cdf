"""UNO Blast's BLAST mode (RULES.md §5.8): real time, no turns. The engine's rules for it,
split from ``core.game`` by concept; ``Game`` calls these while ``Rules.realtime`` is on.

Any active seat that is not blocked may play a legal card at any moment (phase ``LIVE``).
Each play carries its arrival time (``Game.apply(seat, action, at)``): the first card
accepted wins, and a play from another seat stamped within ``Rules.simultaneity_ms`` after
it is *simultaneous*: refused, the card stays in the hand, and that seat draws the accepted
card's holding penalty once. A seat may ``arm`` a card (hold it ready to play): armed seats
draw the holding penalty of +1/+2/+4/+6/+10 when such a card is accepted. A Bloqueo blocks
the next seat until another seat's card is accepted and locks its colour for the next card;
Reversa hands the same-coloured run beneath it back to its player; when nobody can play, a
draw round deals one card at a time, seat by seat, until a drawn card plays (it must be
played at once, phase ``DRAWN``). Draws go through the owed-draw machinery, so BLAST events
interrupt them as in Normal mode.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from . import effects as fx
from . import events as ev
from .actions import DISARM, Action, Kind, arm_action, play_action
from .cards import CARD_COLOR, CARD_IS_WILD, CARD_KIND, CARD_TEXT, most_held
from .errors import IllegalAction, NotYourWindow, StaleAction
from .events import Event
from .owed import ROUND, THEN_LIVE, THEN_OUT
from .phase import Phase

if TYPE_CHECKING:
    from .game import Game

#: The accepted card's record before any card: no time, no seat.
NO_CARD: Final = (float("-inf"), -1, -1)

_LIVE: Final = Phase.LIVE
_DRAWN: Final = Phase.DRAWN


def holding(game: Game, card: int) -> int:
    """The holding penalty of ``card`` (§5.8): +1/+2/+4/+6/+10 draw their value, others 0."""
    k = CARD_KIND[card]
    eff = game.rules.effect[k]
    return game.rules.amount[k] if eff == fx.DRAW or eff == fx.WILD_PENALTY else 0


def playable(game: Game, card: int) -> bool:
    """``card`` may be played now: P1 (with the Numeral's rules) and the Bloqueo's colour
    lock, which a wild-type card lifts (B-5)."""
    if not game._p1_row()[card]:
        return False
    return not game.lock or CARD_IS_WILD[card] or CARD_COLOR[card] not in game.lock


def can_play(game: Game, seat: int) -> bool:
    """``seat`` is active, not blocked, and holds a card it may play."""
    if game.eliminated[seat] or seat == game.blocked:
        return False
    p1 = game._p1_row()
    lock = game.lock
    for c in game.hands[seat]:
        if p1[c] and (not lock or CARD_IS_WILD[c] or CARD_COLOR[c] not in lock):
            return True
    return False


def plays(game: Game, seat: int) -> list[Action]:
    """Every play ``seat`` may make now (one card, with its colour or number)."""
    out: list[Action] = []
    if game.eliminated[seat] or seat == game.blocked:
        return out
    hand = game.hands[seat]
    if game.phase == _DRAWN:  # the draw round's card: played at once
        if seat == game.turn:
            game._play_actions(game.drawn, len(hand), False, out)
        return out
    rules = game.rules
    special = rules.special
    p1 = game._p1_row()
    lock = game.lock
    prev = -1
    for c in sorted(hand):
        if c != prev and p1[c] and (not lock or CARD_IS_WILD[c] or CARD_COLOR[c] not in lock):
            if special[c]:  # a Numeral, a Descartar Todo
                game._play_actions(c, len(hand), False, out)
            elif game._declares(c):
                out.extend(rules.color_plays(c))
            else:
                out.append(play_action(c))
        prev = c
    return out


def legal(game: Game, seat: int) -> list[Action]:
    """``seat``'s actions in BLAST mode: its plays, then arming each other card it holds, or
    putting the armed one back."""
    out = plays(game, seat)
    if game.phase != _LIVE or game.eliminated[seat]:
        return out
    armed = game.armed[seat]
    prev = -1
    for c in sorted(game.hands[seat]):
        if c != prev and c != armed:
            out.append(arm_action(c))
        prev = c
    if armed >= 0:
        out.append(DISARM)
    return out


def simultaneous(game: Game, seat: int, at: float | None) -> bool:
    """A play by ``seat`` stamped ``at`` is simultaneous with the last accepted card: from
    another seat, within ``Rules.simultaneity_ms`` after it (§5.8)."""
    t, by, _card = game.accepted
    return at is not None and by >= 0 and seat != by and t <= at <= t + game.rules.simultaneity_ms


def check_play(game: Game, seat: int, a: Action, at: float | None) -> bool:
    """Validate a play in BLAST mode; True when it is simultaneous (applied as a refusal with
    the holding penalty). Raises for a card not held, a blocked seat, or a play not legal
    on the pile as it is now (``stale``: it may have been legal when the player decided)."""
    # Form first, then time: only a well-formed play of a card the seat holds can be
    # simultaneous (and cost the holding penalty); a malformed one is refused unapplied.
    if a.more or a.target >= 0 or a.direction or a.amount >= 0 or a.uno:
        raise IllegalAction(f"{a}: one card per action in BLAST mode, with its colour or number")
    c = a.card
    if c < 0:
        raise IllegalAction(f"{a}: name the card played")
    if c not in game.hands[seat]:
        raise IllegalAction(f"{a}: {CARD_TEXT[c]} is not in seat {seat}'s hand")
    if game._declares(c) != (a.color >= 0) or (a.color >= 0 and a.color not in game.rules.colors):
        need = (
            f"a declared colour ({game._color_list()})"
            if game._declares(c)
            else "no declared colour"
        )
        raise IllegalAction(f"{a}: {CARD_TEXT[c]} takes {need}")
    if (game.rules.effect[CARD_KIND[c]] == fx.NUMERAL) != (a.number >= 0):
        need = "a declared number (0 to 9)" if a.number < 0 else "no declared number"
        raise IllegalAction(f"{a}: {CARD_TEXT[c]} takes {need}")
    if simultaneous(game, seat, at) and not (game.phase == _DRAWN and seat == game.turn):
        return True  # (the draw round's forced play itself is never simultaneous)
    if game.phase == _DRAWN and seat != game.turn:
        raise StaleAction(f"{a}: seat {game.turn} must play the card it drew in the draw round")
    if seat == game.blocked:
        raise NotYourWindow(
            f"{a}: seat {seat} is blocked by a Bloqueo until another seat's card is accepted"
        )
    if game.phase == _DRAWN and c != game.drawn:
        raise StaleAction(f"{a}: seat {seat} must play the card it drew, {CARD_TEXT[game.drawn]}")
    if not playable(game, c):
        raise StaleAction(f"{a}: {CARD_TEXT[c]} does not play on the pile now")
    offered: list[Action] = []  # this card's plays: its colour or number
    game._play_actions(c, len(game.hands[seat]), False, offered)
    if a not in offered:
        ways = " ".join(str(x) for x in offered)
        if 0 <= a.number <= 9 and a.color < 0 and offered and offered[0].number >= 0:
            # a Numeral's number that played when the seat decided, and no longer does
            raise StaleAction(f"{a}: {CARD_TEXT[c]} may now declare only: {ways}")
        raise IllegalAction(f"{a}: {CARD_TEXT[c]} plays here as one of: {ways}")
    return False


def check_arm(game: Game, seat: int, a: Action) -> None:
    """``arm:CARD`` picks up a card the seat holds; ``disarm`` needs an armed card."""
    if game.phase != _LIVE:
        raise NotYourWindow(f"{a}: cards are armed only while play is live")
    if a.kind is Kind.ARM:
        if a.card not in game.hands[seat]:
            raise IllegalAction(f"{a}: seat {seat} does not hold {CARD_TEXT[a.card]}")
        if a.card == game.armed[seat]:
            raise IllegalAction(f"{a}: seat {seat} has already armed {CARD_TEXT[a.card]}")
    elif game.armed[seat] < 0:
        raise IllegalAction(f"{a}: seat {seat} has no armed card")


def arm(game: Game, seat: int, a: Action, events: list[Event]) -> None:
    """Arm or disarm: others see that the seat holds a card up, not which (SPLIT)."""
    if a.kind is Kind.ARM:
        game.armed[seat] = a.card
        events.append(Event(ev.ARM, seat, (a.card,)))
    else:
        game.armed[seat] = -1
        events.append(Event(ev.DISARM, seat))


def drop_armed(game: Game, seat: int, events: list[Event]) -> None:
    """The seat's armed card has left its hand: nothing is armed any more."""
    game.armed[seat] = -1
    events.append(Event(ev.DISARM, seat))


def refuse(game: Game, seat: int, a: Action, events: list[Event]) -> None:
    """A play simultaneous with the accepted card: refused, the card stays in the hand, and
    the seat draws that card's holding penalty unless it already has (B-9)."""
    _t, _by, x = game.accepted
    events.append(Event(ev.SIMULTANEOUS, seat, (a.card, x)))
    n = holding(game, x)
    if n and seat not in game.paid:
        game.paid.append(seat)
        events.append(Event(ev.HOLDING, seat, (x,), n))
        game._owe([(seat, n, ev.FOR_HOLDING)], (THEN_LIVE, -1), events)
    else:
        go_on(game, events)


def play(game: Game, p: int, a: Action, at: float | None, events: list[Event]) -> None:
    """An accepted play: the card lands, the block and the lock move on, and its BLAST-mode
    effect applies (§5.8's table)."""
    rules = game.rules
    c = a.card
    hand = game.hands[p]
    hand.remove(c)
    for row in game.known:
        if c in row[p]:
            row[p].remove(c)
    game.discard.append(c)
    game.discard_by.append(p)
    game.landed += 1
    k = CARD_KIND[c]
    eff = rules.effect[k]
    game.top_kind = a.number if eff == fx.NUMERAL else k
    if a.color >= 0:
        game.color = a.color
    elif not CARD_IS_WILD[c]:
        game.color = CARD_COLOR[c]
    # a Numeral names the number it counts as (§5.6)
    events.append(Event(ev.PLAY, p, (c,), color=a.color, number=a.number, reason=ev.PLAY_MATCH))
    if game.phase == _DRAWN:
        game.phase, game.drawn = _LIVE, -1
    # the block lifts once another seat's card is accepted; the lock covers one card, or
    # until a wild-type card under ``blast.lock_scope=until_wild``
    if game.blocked >= 0 and p != game.blocked:
        events.append(Event(ev.UNBLOCKED, game.blocked))
        game.blocked = -1
    if CARD_IS_WILD[c] or not rules.lock_until_wild:
        game.lock.clear()
    game.accepted = (float("-inf") if at is None else at, p, c)
    game.paid = [p]
    game.turn = p  # the last seat to play: the draw round starts after it
    if eff == fx.DISCARD_ALL:
        game._discard_color_cards(p, game._discard_colors((c,)), events)
    if game.armed[p] >= 0 and game.armed[p] not in hand:
        drop_armed(game, p, events)  # the armed card was played or discarded
    then = (THEN_LIVE, -1)
    if not hand:  # out: it wins once its card's draws are done, sitting out any event
        game.out = p
        then = (THEN_OUT, p)
    draws: list[tuple[int, int, str]] = []
    if eff == fx.SKIP:  # Bloqueo: the next seat is blocked, its colour locked (B-4, B-5)
        game.blocked = game.next_seat(p)
        game.lock.append(CARD_COLOR[c])
        events.append(Event(ev.BLOCKED, game.blocked, color=CARD_COLOR[c]))
    elif eff == fx.REVERSE:
        game.direction = -game.direction
        events.append(Event(ev.REVERSE, p, direction=game.direction))
        draws = _reverse_return(game, p, c, events)
    elif eff == fx.REVERSE_DRAW:  # the card beneath goes back to its player, who draws 4
        draws = _return_beneath(game, p, rules.amount[k], events)
    elif eff == fx.ALL_HIT:  # every other seat draws, from the next one on (B-10)
        s = game.next_seat(p)
        while s != p:
            draws.append((s, rules.amount[k], ev.FOR_ALL_HIT))
            s = game.next_seat(s)
    elif eff == fx.DRAW or eff == fx.WILD_PENALTY:
        draws = _holding_draws(game, p, c, eff == fx.DRAW, events)
    game._owe(draws, then, events)


def _holding_draws(
    game: Game, p: int, c: int, next_draws: bool, events: list[Event]
) -> list[tuple[int, int, str]]:
    """+1/+2/+4 (``next_draws``): the next seat draws, and so does every armed seat, each
    once (B-9); +6/+10: only the armed seats, or the next seat where none is armed under
    ``blast.big_draw_no_holder=next`` (B-8). One seat at a time from the next seat on."""
    n = holding(game, c)
    first = game.next_seat(p)
    holders = [s for s in _from(game, first, p) if game.armed[s] >= 0]
    if (next_draws or (not holders and game.rules.big_draw_next)) and first not in holders:
        holders.insert(0, first)
    draws = []
    for s in holders:
        game.paid.append(s)
        if game.armed[s] >= 0:
            events.append(Event(ev.HOLDING, s, (c,), n))
            draws.append((s, n, ev.FOR_HOLDING))
        else:
            draws.append((s, n, ev.FOR_PENALTY))
    return draws


def _from(game: Game, first: int, p: int) -> list[int]:
    """The active seats from ``first`` on in the current direction, ``p`` left out."""
    out = []
    s = first
    while s != p and s not in out:
        out.append(s)
        s = game.next_seat(s)
    return out


def _reverse_return(game: Game, p: int, c: int, events: list[Event]) -> list[tuple[int, int, str]]:
    """Reversa (B-6): the cards of its colour beneath it go to the player of the card directly
    beneath — the contiguous run (default), every card of that colour in the pile
    (``all_same_color``), or none — unless that player is nobody, the Reversa's own player
    or eliminated. Each card given is checked for elimination. A Reversa is never handed
    back (the run stops at one; ``all_same_color`` leaves them): two seats could otherwise
    hand two Reversas back and forth for ever (U-B-35)."""
    mode = game.rules.reverse_return
    pile, by = game.discard, game.discard_by
    if mode == "none" or len(pile) < 2:
        return []
    r = by[-2]
    if r < 0 or r == p or game.eliminated[r]:
        return []
    colour = CARD_COLOR[c]
    reversa = CARD_KIND[c]
    taken: list[int] = []  # positions in the pile, top first
    i = len(pile) - 2
    while i >= 0:
        x = pile[i]
        fits = not CARD_IS_WILD[x] and CARD_COLOR[x] == colour and by[i] >= 0
        if fits and CARD_KIND[x] == reversa:  # never a Reversa (U-B-35): the run ends
            if mode == "contiguous":
                break
        elif fits:
            taken.append(i)
        elif mode == "contiguous":
            break
        i -= 1
    if not taken:
        return []
    cards = [pile[i] for i in taken]
    for i in taken:  # top first: the positions below stay valid
        del pile[i]
        del by[i]
    events.append(Event(ev.RETURNED, r, tuple(cards), reason=ev.RETURN_REVERSA))
    game._give(r, cards, events)
    return []


def _return_beneath(game: Game, p: int, n: int, events: list[Event]) -> list[tuple[int, int, str]]:
    """Reversa y Toma 4 (B-7): the card directly beneath goes back to its player, who draws
    ``n``; if nobody, the player itself or an eliminated seat played it, it stays and the next
    seat draws instead. No change of direction."""
    pile, by = game.discard, game.discard_by
    r = by[-2] if len(pile) >= 2 else -1
    if r < 0 or r == p or game.eliminated[r]:
        return [(game.next_seat(p), n, ev.FOR_PENALTY)]
    x = pile.pop(-2)
    by.pop(-2)
    events.append(Event(ev.RETURNED, r, (x,), reason=ev.RETURN_REVERSA_DRAW))
    game._give(r, [x], events)
    if game.eliminated[r] or game.over:
        return []
    return [(r, n, ev.FOR_PENALTY)]


def go_on(game: Game, events: list[Event]) -> None:
    """Play goes on: back to ``LIVE``; when no active, unblocked seat can play, a draw round
    starts after the last seat to play (or left of the dealer before any card, §5.8)."""
    if game.over or game.phase == _DRAWN:
        return
    game.phase = _LIVE
    game.drawn = -1
    if any(can_play(game, s) for s in range(game.n)):
        return
    last = game.discard_by[-1]  # the last seat to play (-1: the starter)
    first = game.next_seat(last) if last >= 0 else game.left_of(game.dealer)
    if not drawable(game):  # stuck: nobody can play and no card can be drawn (U-B-31)
        game.end_stuck(events)
        return
    first = unblocked_from(game, first)
    if first < 0:
        return
    events.append(Event(ev.DRAW_ROUND, first))
    game._owe([(first, ROUND, ev.FOR_ROUND)], (THEN_LIVE, -1), events)


def drawable(game: Game) -> bool:
    """Some card other than a BLAST card can still be drawn: in the draw pile, or in what a
    reshuffle would bring back (the discards under the top, the buried hands)."""
    never = game.rules.never_dealt
    return any(
        not never or not never[c] for c in (*game.draw_pile, *game.buried, *game.discard[:-1])
    )


def unblocked_from(game: Game, seat: int) -> int:
    """The first active seat from ``seat`` on that is not blocked (B-29); -1 if none."""
    s = seat
    for _ in range(game.n):
        if not game.eliminated[s] and s != game.blocked:
            return s
        s = game.next_seat(s)
    return -1


def stall(game: Game, at: float | None) -> list[Event]:
    """The session's ``stall`` (§5.8): a seat holding a legal card, drawn with the game's
    PRNG, plays its first legal card in card-id order (a wild declares the colour it holds
    most)."""
    if game.phase != _LIVE:
        raise NotYourWindow("stall: play is not live (an event or a forced play is open)")
    seats = [s for s in range(game.n) if can_play(game, s)]
    if not seats:
        raise IllegalAction("stall: no seat holds a legal card")
    seat = seats[game.rng.below(len(seats))]
    offered = plays(game, seat)
    card = offered[0].card
    options = [x for x in offered if x.card == card]
    choice = options[0]
    if choice.color >= 0:  # a wild: the colour the seat holds most
        best = most_held(game.hands[seat], game.rules.colors)
        choice = next(x for x in options if x.color == best)
    events = [Event(ev.STALL, seat, (card,))]
    play(game, seat, choice, at, events)
    return events
