"""UNO Blast's machinery (RULES.md §5.5–§5.8), Normal and BLAST mode, in one place.

**Normal mode.** A BLAST card drawn from the pile stops the draw and opens a BLAST event
(phase ``BLAST``): play stops, the seats that can meet its challenge choose their cards in
secret (``choices``, ``check_choice``, ``choose``), the chosen cards are shown together, the
other seats draw 3, and the interrupted play resumes (``resolve``). Draws an event may
interrupt are *owed* (``owe``, ``settle``): they wait for the event and then go on. A hand
that reaches ``Rules.elimination`` cards is eliminated (``eliminate``, ``give``). The pile's
BLAST cards make UNO Blast's draws its own (``BlastDraws``).

**BLAST mode** (``Rules.realtime``): real time, no turns. Any active seat that is not blocked
may play a legal card at any moment (phase ``LIVE``). Each play carries its arrival time
(``Game.apply(seat, action, at)``): the first card accepted wins, and a play from another
seat stamped within ``Rules.simultaneity_ms`` after it is *simultaneous*: refused, the card
stays in the hand, and that seat draws the accepted card's holding penalty once. A seat may
``arm`` a card (hold it ready to play): armed seats draw the holding penalty of
+1/+2/+4/+6/+10 when such a card is accepted. A Bloqueo blocks the next seat until another
seat's card is accepted and locks its colour for the next card; Reversa hands the
same-coloured run beneath it back to its player; when nobody can play, a draw round deals
one card at a time, seat by seat, until a drawn card plays (it must be played at once,
phase ``DRAWN``). Draws are owed, so BLAST events interrupt them as in Normal mode.

UNO Blast's own fields are the table's part (``core.blast.part``, ``t.blast``): every
function here is called for a table of UNO Blast only, and reads the part as ``b``,
asserting it is there (inline rather than through ``part``: the plain build's realtime loop
calls these functions for every seat of every action). The machinery works on the table
through its public interface (``core.table``, ``core.plays``); ``Game`` calls the
functions here where UNO Blast's rules differ. What meets a BLAST card is
``core.blast.challenges``; the owed draws' markers are ``core.blast.owed``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ... import i18n
from .. import effects as fx
from .. import events as ev
from ..actions import DISARM, Action, BlastChoices, Kind, arm_action, blast_action, play_action
from ..cards import CARD_COLOR, CARD_IS_WILD, CARD_KIND, CARD_TEXT, KIND_CODES, N_CARDS, most_held
from ..errors import IllegalAction, NotYourWindow, StaleAction
from ..events import Event
from ..phase import PHASES, Phase
from ..plays import Plays
from ..table import Draws, Table
from .challenges import can_meet, first_set, qualifies, qualifying_sets
from .owed import ROUND, THEN_KEEP, THEN_LIVE, THEN_NEXT, THEN_OUT, UNTIL
from .part import BlastPart

#: Marks a refusal's reason (a catalogue key: ``core.reasons``).
N_: Final = i18n.N_
_TURN: Final = Phase.TURN
_DRAWN: Final = Phase.DRAWN
_OVER: Final = Phase.OVER
_BLAST: Final = Phase.BLAST
_LIVE: Final = Phase.LIVE
_PLAY: Final = Kind.PLAY
_ARM: Final = Kind.ARM
_DISARM: Final = Kind.DISARM


class BlastDraws(Draws):
    """Draws from a pile that holds BLAST cards (UNO Blast, both modes)."""

    def draw(self, t: Table, seat: int, n: int, reason: str, events: list[Event]) -> list[int]:
        """P2 in UNO Blast (§5.5): a BLAST card drawn stops the draw (it is no drawn card) and
        its event is about to open (the part's ``pending``); during the event's own penalty
        (``quiet``) it goes back at a random position and is replaced (B-14). A hand that
        reaches the elimination threshold is eliminated and the rest of the draw cancelled
        (B-12)."""
        b = t.blast
        assert b is not None
        pile = t.draw_pile
        hand = t.hands[seat]
        never = t.rules.never_dealt
        limit = t.rules.elimination or N_CARDS + 1
        got: list[int] = []
        skipped = 0
        while len(got) < n:
            if not pile or skipped > len(pile):  # empty, or nothing but BLAST cards put back
                size = len(pile)
                t.reshuffle(events)
                if len(pile) == size:
                    events.append(Event(ev.DRAW_SHORT, seat, count=n - len(got)))
                    break
                skipped = 0
            c = pile.pop()
            if never and never[c]:
                if not b.quiet:
                    b.pending = c
                    break
                pile.insert(t.rng.below(len(pile) + 1), c)
                events.append(Event(ev.BLAST_RETURNED, seat, (c,)))
                skipped += 1
                continue
            hand.append(c)
            got.append(c)
            if len(hand) >= limit:
                break
        if got:
            events.append(Event(ev.DRAW, seat, tuple(got), len(got), reason=reason))
        if len(hand) >= limit:
            eliminate(t, seat, events)
        return got


def part(t: Table) -> BlastPart:
    """The table's UNO Blast part (``core.blast.part``), for ``Game``'s few reads of it in a
    phase only UNO Blast has."""
    b = t.blast
    assert b is not None, "a table of UNO Blast has its part"
    return b


#: The one instance every UNO Blast table shares.
BLAST_DRAWS: Final = BlastDraws()


# -- owed draws ---------------------------------------------------------------------
def owe(
    game: Plays, draws: list[tuple[int, int, str]], then: tuple[int, int], events: list[Event]
) -> None:
    """Make draws that a BLAST event may interrupt (UNO Blast): ``draws`` in order, then
    ``then`` (``THEN_*``, seat)."""
    b = game.blast
    assert b is not None
    b.owed = draws
    b.then = then
    settle(game, events)


def settle(game: Plays, events: list[Event]) -> None:
    """Make the owed draws until they are done (then carry out ``then``) or a BLAST event
    opens (they wait for it). A draw ``UNTIL`` a card plays stops, after an event, when
    its seat holds a legal card, which it must then play (§5.5 step 7)."""
    b = game.blast
    assert b is not None
    owed = b.owed
    while owed and game.phase != _OVER:
        seat, n, reason = owed[0]
        if game.eliminated[seat]:
            owed.pop(0)
            if n == UNTIL:
                game.set_turn(game.next_seat(seat))
            elif n == ROUND:  # the draw round goes on without it
                after = unblocked_from(game, game.next_seat(seat))
                if after >= 0:
                    owed.insert(0, (after, ROUND, reason))
            continue
        if n == ROUND:  # one card; a card that plays is played at once (§5.8)
            if any(can_play(game, s) for s in range(game.n)):
                owed.pop(0)  # an event gave a seat a legal card: the round is over
                continue
            got = game.draw(seat, 1, reason, events)
            if b.pending >= 0:
                open_event(game, seat, events)
                return
            if game.over:
                continue
            if not got:  # nothing left to draw anywhere: the round stops
                owed.pop(0)
            elif not game.eliminated[seat] and playable(game, got[0]):
                owed.pop(0)
                game.turn, game.phase, game.drawn = seat, _DRAWN, got[0]
            elif not game.eliminated[seat]:
                owed[0] = (unblocked_from(game, game.next_seat(seat)), ROUND, reason)
            continue
        if n == UNTIL:
            p1 = game.p1_row()
            if any(game.playable(c, p1) for c in game.hands[seat]):
                owed.pop(0)
                game.set_turn(seat)
                continue
            got = game.draw(seat, 1, reason, events)
            if b.pending >= 0:
                open_event(game, seat, events)
                return
            if game.over or game.eliminated[seat]:
                continue
            if not got:  # nothing left to draw: the player passes (§5.5)
                owed.pop(0)
                game.set_turn(game.next_seat(seat))
            elif game.playable(got[0], p1):  # played at once (§5.7)
                owed.pop(0)
                game.turn, game.phase, game.drawn = seat, _DRAWN, got[0]
            continue
        got = game.draw(seat, n, reason, events)
        if b.pending >= 0:
            owed[0] = (seat, n - len(got), reason)
            open_event(game, seat, events)
            return
        owed.pop(0)
    if game.phase == _OVER:
        owed.clear()
        b.then = (THEN_KEEP, -1)
        return
    what, s = b.then
    b.then = (THEN_KEEP, -1)
    if what == THEN_NEXT:
        game.clear_penalty()
        game.set_turn(game.next_seat(s))
    elif what == THEN_OUT:
        game.end_round(s, events)
    elif what == THEN_LIVE:
        go_on(game, events)
    elif game.eliminated[game.turn]:  # the window's seat was eliminated meanwhile
        game.clear_penalty()
        game.set_turn(game.next_seat(game.turn))


# -- the BLAST event (§5.5) ------------------------------------------------------------
def due(game: Plays) -> tuple[int, ...]:
    """The seats that must still choose their cards for the open BLAST event."""
    b = game.blast
    assert b is not None
    return tuple(s for s in b.due if s not in b.chosen)


def choices(game: Plays, seat: int) -> Sequence[Action]:
    """``seat``'s choices in the open BLAST event: each qualifying set of its cards (a
    ``BlastChoices``, built on access; none once it has chosen or when it is not due)."""
    b = game.blast
    assert b is not None
    if seat not in b.due or seat in b.chosen:
        return ()
    offers = b.offers.get(seat)
    if offers is None:  # the hands stay as they are until the event resolves
        offers = BlastChoices(
            qualifying_sets(CARD_KIND[b.card], game.hands[seat], game.rules.numeral_wild)
        )
        b.offers[seat] = offers
    return offers


def choose_for_late(game: Plays, events: list[Event]) -> None:
    """The event's deadline passed: each seat still due chooses its first qualifying set.
    One action, one version: the choices are made here, not as separate actions (the last
    one resolves the event)."""
    b = game.blast
    assert b is not None
    kind, wild = CARD_KIND[b.card], game.rules.numeral_wild
    for s in due(game):
        choose(game, s, blast_action(first_set(kind, game.hands[s], wild)), events)


def open_event(game: Plays, drawer: int, events: list[Event]) -> None:
    """A BLAST card was drawn (§5.5): play stops, the card is shown, and the seats that
    can meet its challenge must choose their cards (who they are stays hidden)."""
    b = game.blast
    assert b is not None
    c = b.pending
    b.pending = -1
    b.saved = (game.turn, int(game.phase), game.drawn)
    b.card = c
    b.drawer = drawer
    events.append(Event(ev.BLAST, drawer, (c,)))
    kind, wild = CARD_KIND[c], game.rules.numeral_wild
    b.due = [s for s in game.resolution_order(drawer) if can_meet(kind, game.hands[s], wild)]
    b.chosen = {}
    b.offers = {}
    game.phase = _BLAST
    game.turn = drawer
    game.drawn = -1
    if not b.due:
        resolve(game, events)


def check_choice(game: Plays, seat: int, a: Action) -> None:
    """A seat that must meet the BLAST challenge sends exactly one qualifying set of
    cards from its hand (B-17, B-18)."""
    if game.phase != _BLAST:  # (any rule set's: a BLAST phase is UNO Blast's only)
        raise NotYourWindow(reason=N_("reason.blast.none_open"), action=a)
    b = game.blast
    assert b is not None
    if seat in b.chosen:
        raise NotYourWindow(reason=N_("reason.blast.chosen"), action=a, seat=seat)
    cards = (a.card, *a.more)
    if not all(0 <= c < N_CARDS for c in cards):
        raise IllegalAction(reason=N_("reason.no_such_card"))
    pool = list(game.hands[seat])
    for c in cards:
        if c not in pool:
            raise IllegalAction(
                reason=N_("reason.not_in_hand"), action=a, card=CARD_TEXT[c], seat=seat
            )
        pool.remove(c)
    kind = CARD_KIND[b.card]
    if seat not in b.due:
        raise NotYourWindow(reason=N_("reason.blast.cannot_meet"), action=a, seat=seat)
    if not qualifies(kind, cards, game.rules.numeral_wild):
        raise IllegalAction(
            reason=N_("reason.blast.not_met"),
            action=a,
            card=CARD_TEXT[b.card],
            count=int(KIND_CODES[kind][1]),
        )


def choose(game: Plays, seat: int, a: Action, events: list[Event]) -> None:
    """A seat's hidden choice; the last one due resolves the event."""
    b = game.blast
    assert b is not None
    chosen = tuple(sorted((a.card, *a.more)))
    b.chosen[seat] = chosen
    events.append(Event(ev.BLAST_CHOICE, seat, chosen))
    if len(b.chosen) == len(b.due):
        resolve(game, events)


def resolve(game: Plays, events: list[Event]) -> None:
    """§5.5 steps 2–7: the chosen cards are shown together and go under the top card; an
    empty hand wins (the first in resolution order, B-26); every other seat draws 3
    (BLAST cards put back, elimination after every card); the BLAST card is spent; the
    interrupted play resumes."""
    b = game.blast
    assert b is not None
    order = game.resolution_order(b.drawer)
    for s in order:
        laid = b.chosen.get(s)
        if not laid:
            continue
        hand = game.hands[s]
        for c in laid:
            hand.remove(c)
            for row in game.known:
                if c in row[s]:
                    row[s].remove(c)
        game.discard[-1:-1] = laid
        game.discard_by[-1:-1] = [s] * len(laid)
        events.append(Event(ev.BLAST_DISCARD, s, laid))
        if b.armed[s] >= 0 and b.armed[s] not in hand:
            drop_armed(game, s, events)
    due = b.due
    chosen = b.chosen
    b.due = []
    b.chosen = {}
    for s in order:
        if s in chosen and not game.hands[s]:  # emptied by the event: wins (B-26)
            b.spend()
            game.end_round(s, events)
            return
    b.quiet = True
    for s in order:  # a seat that went out (its last card's penalty pending) is out of it
        if s not in due and not game.eliminated[s] and s != game.out:
            events.append(Event(ev.BLAST_PENALTY, s, count=3))
            game.draw(s, 3, ev.FOR_BLAST, events)
            if game.phase == _OVER:
                break
    b.quiet = False
    turn, phase, drawn = b.saved
    b.spend()  # only now: the penalties' reshuffle leaves it out (B-15)
    if game.phase == _OVER:
        b.owed.clear()
        b.then = (THEN_KEEP, -1)
        return
    # U-B-36: the card a seat had to play (drawn in a draw round) went in its BLAST
    # set; the forced play lapses and play goes on without it
    lapsed = PHASES[phase] == _DRAWN and drawn not in game.hands[turn]
    if lapsed:
        phase, drawn = int(_LIVE if game.rules.realtime else _TURN), -1
    game.turn, game.phase, game.drawn = turn, PHASES[phase], drawn
    settle(game, events)
    if lapsed and game.phase == _LIVE and not b.owed:
        go_on(game, events)


def give(game: Table, seat: int, cards: list[int], events: list[Event]) -> None:
    """Cards from the discard pile go into ``seat``'s hand, one at a time, each checked
    for elimination (B-6, B-12); every seat saw them. Past the threshold the rest go face
    down with the eliminated hand."""
    hand = game.hands[seat]
    limit = game.rules.elimination or N_CARDS + 1
    for i, c in enumerate(cards):
        hand.append(c)
        for o, row in enumerate(game.known):
            if o != seat:
                row[seat].append(c)
        if len(hand) >= limit:
            game.buried.extend(cards[i + 1 :])
            eliminate(game, seat, events)
            return


def eliminate(game: Table, seat: int, events: list[Event]) -> None:
    """A hand that reached ``Rules.elimination`` cards (UNO Blast, §5.5, B-12): it goes
    face down under the discard pile (``buried``), the seat leaves the turn order, and
    when one active seat remains it wins (B-27)."""
    b = game.blast
    assert b is not None
    hand = game.hands[seat]
    events.append(Event(ev.ELIMINATED, seat, count=len(hand)))
    game.buried.extend(hand)
    hand.clear()
    for row in game.known:
        row[seat].clear()
    game.eliminated[seat] = True
    if game.discard_by and game.discard_by[-1] == seat:  # its card on top, its hand buried:
        game.jump_undo = None  # no jump-in undoes the card, no catch sends it back, and
        game.illegal = None  # no challenge of a Wild Draw Four can be judged
        game.pen_challenge = False
    b.armed[seat] = -1
    if b.blocked == seat:
        b.blocked = -1
    game.active -= 1
    if seat in game.uno_open:
        game.uno_open.remove(seat)
    if game.active == 1:
        game.end_round(game.eliminated.index(False), events)


# -- BLAST mode (§5.8) -----------------------------------------------------------------
def live_seats(game: Plays) -> tuple[int, ...]:
    """The seats that may act while play is live: every active seat holding a card (it may
    play or arm one)."""
    return tuple(s for s in range(game.n) if not game.eliminated[s] and game.hands[s])


def act(game: Plays, seat: int, a: Action, at: float | None, events: list[Event]) -> None:
    """An action in BLAST mode: a play (accepted, or refused as simultaneous with the
    holding penalty), or arming a card."""
    k = a.kind
    if k is _PLAY:
        if check_play(game, seat, a, at):
            refuse(game, seat, a, events)
        else:
            play(game, seat, a, at, events)
    elif k is _ARM or k is _DISARM:
        check_arm(game, seat, a)
        arm(game, seat, a, events)
        go_on(game, events)  # the engine checks after every action
    else:
        raise NotYourWindow(reason=N_("reason.live.no_turns"), action=a)


def holding(game: Plays, card: int) -> int:
    """The holding penalty of ``card`` (§5.8): +1/+2/+4/+6/+10 draw their value, others 0."""
    k = CARD_KIND[card]
    eff = game.rules.effect[k]
    return game.rules.amount[k] if eff == fx.DRAW or eff == fx.WILD_PENALTY else 0


def playable(game: Plays, card: int) -> bool:
    """``card`` may be played now: P1 (with the Numeral's rules) and the Bloqueo's colour
    lock, which a wild-type card lifts (B-5)."""
    b = game.blast
    assert b is not None
    if not game.p1_row()[card]:
        return False
    return not b.lock or CARD_IS_WILD[card] or CARD_COLOR[card] not in b.lock


def can_play(game: Plays, seat: int) -> bool:
    """``seat`` is active, not blocked, and holds a card it may play."""
    b = game.blast
    assert b is not None
    if game.eliminated[seat] or seat == b.blocked:
        return False
    p1 = game.p1_row()
    lock = b.lock
    for c in game.hands[seat]:
        if p1[c] and (not lock or CARD_IS_WILD[c] or CARD_COLOR[c] not in lock):
            return True
    return False


def plays(game: Plays, seat: int) -> list[Action]:
    """Every play ``seat`` may make now (one card, with its colour or number)."""
    b = game.blast
    assert b is not None
    out: list[Action] = []
    if game.eliminated[seat] or seat == b.blocked:
        return out
    hand = game.hands[seat]
    if game.phase == _DRAWN:  # the draw round's card: played at once
        if seat == game.turn:
            game.play_actions(game.drawn, len(hand), False, out)
        return out
    rules = game.rules
    special = rules.special
    p1 = game.p1_row()
    lock = b.lock
    prev = -1
    for c in sorted(hand):
        if c != prev and p1[c] and (not lock or CARD_IS_WILD[c] or CARD_COLOR[c] not in lock):
            if special[c]:  # a Numeral, a Descartar Todo
                game.play_actions(c, len(hand), False, out)
            elif game.declares(c):
                out.extend(rules.color_plays(c))
            else:
                out.append(play_action(c))
        prev = c
    return out


def legal(game: Plays, seat: int) -> list[Action]:
    """``seat``'s actions in BLAST mode: its plays, then arming each other card it holds, or
    putting the armed one back."""
    b = game.blast
    assert b is not None
    out = plays(game, seat)
    if game.phase != _LIVE or game.eliminated[seat]:
        return out
    armed = b.armed[seat]
    prev = -1
    for c in sorted(game.hands[seat]):
        if c != prev and c != armed:
            out.append(arm_action(c))
        prev = c
    if armed >= 0:
        out.append(DISARM)
    return out


def simultaneous(game: Plays, seat: int, at: float | None) -> bool:
    """A play by ``seat`` stamped ``at`` is simultaneous with the last accepted card: from
    another seat, within ``Rules.simultaneity_ms`` after it (§5.8)."""
    b = game.blast
    assert b is not None
    t, by, _card = b.accepted
    return at is not None and by >= 0 and seat != by and t <= at <= t + game.rules.simultaneity_ms


def check_play(game: Plays, seat: int, a: Action, at: float | None) -> bool:
    """Validate a play in BLAST mode; True when it is simultaneous (applied as a refusal with
    the holding penalty). Raises for a card not held, a blocked seat, or a play not legal
    on the pile as it is now (``stale``: it may have been legal when the player decided)."""
    b = game.blast
    assert b is not None
    # Form first, then time: only a well-formed play of a card the seat holds can be
    # simultaneous (and cost the holding penalty); a malformed one is refused unapplied.
    if a.more or a.target >= 0 or a.direction or a.amount >= 0 or a.uno:
        raise IllegalAction(reason=N_("reason.live.one_card"), action=a)
    c = a.card
    if c < 0:
        raise IllegalAction(reason=N_("reason.live.name_card"), action=a)
    if c not in game.hands[seat]:
        raise IllegalAction(reason=N_("reason.not_in_hand"), action=a, card=CARD_TEXT[c], seat=seat)
    if game.declares(c) != (a.color >= 0) or (a.color >= 0 and a.color not in game.rules.colors):
        if game.declares(c):
            raise IllegalAction(
                reason=N_("reason.live.needs_color"),
                action=a,
                card=CARD_TEXT[c],
                colors=game.color_list(),
            )
        raise IllegalAction(reason=N_("reason.no_color"), action=a, card=CARD_TEXT[c])
    if (game.rules.effect[CARD_KIND[c]] == fx.NUMERAL) != (a.number >= 0):
        if a.number < 0:
            raise IllegalAction(reason=N_("reason.live.needs_number"), action=a, card=CARD_TEXT[c])
        raise IllegalAction(reason=N_("reason.live.no_number"), action=a, card=CARD_TEXT[c])
    if simultaneous(game, seat, at) and not (game.phase == _DRAWN and seat == game.turn):
        return True  # (the draw round's forced play itself is never simultaneous)
    if game.phase == _DRAWN and seat != game.turn:
        raise StaleAction(reason=N_("reason.live.draw_round"), action=a, seat=game.turn)
    if seat == b.blocked:
        raise NotYourWindow(reason=N_("reason.live.blocked"), action=a, seat=seat)
    if game.phase == _DRAWN and c != game.drawn:
        raise StaleAction(
            reason=N_("reason.live.play_drawn"), action=a, seat=seat, card=CARD_TEXT[game.drawn]
        )
    if not playable(game, c):
        raise StaleAction(reason=N_("reason.live.not_playable"), action=a, card=CARD_TEXT[c])
    offered: list[Action] = []  # this card's plays: its colour or number
    game.play_actions(c, len(game.hands[seat]), False, offered)
    if a not in offered:
        ways = [str(x) for x in offered]
        if 0 <= a.number <= 9 and a.color < 0 and offered and offered[0].number >= 0:
            # a Numeral's number that played when the seat decided, and no longer does
            raise StaleAction(
                reason=N_("reason.live.number_now"), action=a, card=CARD_TEXT[c], actions=ways
            )
        raise IllegalAction(
            reason=N_("reason.live.plays_as"), action=a, card=CARD_TEXT[c], actions=ways
        )
    return False


def check_arm(game: Plays, seat: int, a: Action) -> None:
    """``arm:CARD`` picks up a card the seat holds; ``disarm`` needs an armed card."""
    b = game.blast
    assert b is not None
    if game.phase != _LIVE:
        raise NotYourWindow(reason=N_("reason.arm.not_live"), action=a)
    if a.kind is Kind.ARM:
        if a.card not in game.hands[seat]:
            raise IllegalAction(
                reason=N_("reason.arm.not_held"), action=a, seat=seat, card=CARD_TEXT[a.card]
            )
        if a.card == b.armed[seat]:
            raise IllegalAction(
                reason=N_("reason.arm.already"), action=a, seat=seat, card=CARD_TEXT[a.card]
            )
    elif b.armed[seat] < 0:
        raise IllegalAction(reason=N_("reason.arm.none"), action=a, seat=seat)


def arm(game: Plays, seat: int, a: Action, events: list[Event]) -> None:
    """Arm or disarm: others see that the seat holds a card up, not which (SPLIT)."""
    b = game.blast
    assert b is not None
    if a.kind is Kind.ARM:
        b.armed[seat] = a.card
        events.append(Event(ev.ARM, seat, (a.card,)))
    else:
        b.armed[seat] = -1
        events.append(Event(ev.DISARM, seat))


def drop_armed(game: Plays, seat: int, events: list[Event]) -> None:
    """The seat's armed card has left its hand: nothing is armed any more."""
    b = game.blast
    assert b is not None
    b.armed[seat] = -1
    events.append(Event(ev.DISARM, seat))


def refuse(game: Plays, seat: int, a: Action, events: list[Event]) -> None:
    """A play simultaneous with the accepted card: refused, the card stays in the hand, and
    the seat draws that card's holding penalty unless it already has (B-9)."""
    b = game.blast
    assert b is not None
    _t, _by, x = b.accepted
    events.append(Event(ev.SIMULTANEOUS, seat, (a.card, x)))
    n = holding(game, x)
    if n and seat not in b.paid:
        b.paid.append(seat)
        events.append(Event(ev.HOLDING, seat, (x,), n))
        owe(game, [(seat, n, ev.FOR_HOLDING)], (THEN_LIVE, -1), events)
    else:
        go_on(game, events)


def play(game: Plays, p: int, a: Action, at: float | None, events: list[Event]) -> None:
    """An accepted play: the card lands, the block and the lock move on, and its BLAST-mode
    effect applies (§5.8's table)."""
    b = game.blast
    assert b is not None
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
    if b.blocked >= 0 and p != b.blocked:
        events.append(Event(ev.UNBLOCKED, b.blocked))
        b.blocked = -1
    if CARD_IS_WILD[c] or not rules.lock_until_wild:
        b.lock.clear()
    b.accepted = (float("-inf") if at is None else at, p, c)
    b.paid = [p]
    game.turn = p  # the last seat to play: the draw round starts after it
    if eff == fx.DISCARD_ALL:
        game.discard_color_cards(p, game.discard_colors((c,)), events)
    if b.armed[p] >= 0 and b.armed[p] not in hand:
        drop_armed(game, p, events)  # the armed card was played or discarded
    then = (THEN_LIVE, -1)
    if not hand:  # out: it wins once its card's draws are done, sitting out any event
        game.out = p
        then = (THEN_OUT, p)
    draws: list[tuple[int, int, str]] = []
    if eff == fx.SKIP:  # Bloqueo: the next seat is blocked, its colour locked (B-4, B-5)
        b.blocked = game.next_seat(p)
        b.lock.append(CARD_COLOR[c])
        events.append(Event(ev.BLOCKED, b.blocked, color=CARD_COLOR[c]))
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
    owe(game, draws, then, events)


def _holding_draws(
    game: Plays, p: int, c: int, next_draws: bool, events: list[Event]
) -> list[tuple[int, int, str]]:
    """+1/+2/+4 (``next_draws``): the next seat draws, and so does every armed seat, each
    once (B-9); +6/+10: only the armed seats, or the next seat where none is armed under
    ``blast.big_draw_no_holder=next`` (B-8). One seat at a time from the next seat on."""
    b = game.blast
    assert b is not None
    n = holding(game, c)
    first = game.next_seat(p)
    holders = [s for s in _from(game, first, p) if b.armed[s] >= 0]
    if (next_draws or (not holders and game.rules.big_draw_next)) and first not in holders:
        holders.insert(0, first)
    draws = []
    for s in holders:
        b.paid.append(s)
        if b.armed[s] >= 0:
            events.append(Event(ev.HOLDING, s, (c,), n))
            draws.append((s, n, ev.FOR_HOLDING))
        else:
            draws.append((s, n, ev.FOR_PENALTY))
    return draws


def _from(game: Plays, first: int, p: int) -> list[int]:
    """The active seats from ``first`` on in the current direction, ``p`` left out."""
    out = []
    s = first
    while s != p and s not in out:
        out.append(s)
        s = game.next_seat(s)
    return out


def _reverse_return(game: Plays, p: int, c: int, events: list[Event]) -> list[tuple[int, int, str]]:
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
    give(game, r, cards, events)
    return []


def _return_beneath(game: Plays, p: int, n: int, events: list[Event]) -> list[tuple[int, int, str]]:
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
    give(game, r, [x], events)
    if game.eliminated[r] or game.over:
        return []
    return [(r, n, ev.FOR_PENALTY)]


def go_on(game: Plays, events: list[Event]) -> None:
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
    owe(game, [(first, ROUND, ev.FOR_ROUND)], (THEN_LIVE, -1), events)


def drawable(game: Plays) -> bool:
    """Some card other than a BLAST card can still be drawn: in the draw pile, or in what a
    reshuffle would bring back (the discards under the top, the buried hands)."""
    never = game.rules.never_dealt
    return any(
        not never or not never[c] for c in (*game.draw_pile, *game.buried, *game.discard[:-1])
    )


def unblocked_from(game: Plays, seat: int) -> int:
    """The first active seat from ``seat`` on that is not blocked (B-29); -1 if none."""
    b = game.blast
    assert b is not None
    s = seat
    for _ in range(game.n):
        if not game.eliminated[s] and s != b.blocked:
            return s
        s = game.next_seat(s)
    return -1


def stall(game: Plays, at: float | None) -> list[Event]:
    """The session's ``stall`` (§5.8): a seat holding a legal card, drawn with the game's
    PRNG, plays its first legal card in card-id order (a wild declares the colour it holds
    most)."""
    if game.phase != _LIVE:
        raise NotYourWindow(reason=N_("reason.stall.not_live"), action="stall")
    seats = [s for s in range(game.n) if can_play(game, s)]
    if not seats:
        raise IllegalAction(reason=N_("reason.stall.no_card"), action="stall")
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
