"""The rules engine: one mutable game state that validates, then applies, actions.

``Game`` is the table (``core.table``: the whole state of one round, RULES.md E-4 — hands,
piles, turn, pending effect, open windows, what each seat knows, and the PRNG — and its
shared primitives) that knows how cards may be played (``core.plays``) and plays: the
windows, the legal actions, the checks and the moves. The action and event logs live in
the match and replay layers. ``apply`` checks an action completely before touching
anything, so a rejected action leaves the state exactly as it was.

The shared procedures of RULES.md §0.4 live here; variants supply data and hooks
(``variant.py``), and the machinery data cannot express lives in one module per variant,
which ``Game`` calls by name: UNO Blast's in ``core.blast.machinery``, the launcher's
presses in ``core.pressing``, Minecraft's draw triggers in ``core.triggers``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final, cast

from .. import i18n
from . import backs
from . import effects as fx
from . import events as ev
from . import view as views
from . import windows as win
from .actions import (
    CATCH_ACTIONS,
    CATCH_ILLEGAL,
    CHALLENGE,
    COLOR_ACTIONS,
    DRAW,
    DRAW_UNO,
    KEEP,
    PASS,
    PRESS,
    PRESS_UNO,
    TAKE,
    UNO,
    Action,
    Kind,
    check_form,
    parse_action,
)
from .backs import SEEN_DRAWS
from .blast import machinery as blast
from .blast.owed import THEN_KEEP, THEN_LIVE, THEN_NEXT, THEN_OUT, UNTIL
from .cards import (
    CARD_COLOR,
    CARD_IS_WILD,
    CARD_KIND,
    CARD_NUMBER,
    CARD_TEXT,
    COLOR_LETTERS,
    FACE,
    KIND_CODES,
    N_CARDS,
    most_held,
)
from .copying import copy_state
from .effects import (
    HAND_MOVES,
    PENALTY_EFFECTS,
    STACK_BLAST_GE,
    STACK_PROGRESSIVE,
)
from .errors import IllegalAction, NotationError, NotYourWindow, StaleAction, UnoverseError
from .events import Event
from .landing import all_draw, rotate_hands, swap_hands
from .options import shown
from .phase import PHASES, Phase
from .plays import MOVES_HANDS, Plays, multiplicity
from .pressing import PRESSES
from .rules import ANSWER_RETURN, ANSWER_STACK, Rules
from .table import PILE, Draws
from .triggers import TRIGGERED
from .turn_over import turn_over
from .view import View
from .windows import Window


class Game(Plays):
    """One round of a UNO-family game. Build it with ``unoverse.new_game`` or
    ``unoverse.position``; read it with ``windows``, ``legal_actions`` and ``view``;
    change it only with ``apply``.

    Every field is declared in ``core.state.FIELDS`` — who may see it, how a copy and a saved
    game keep it — and ``tests/state`` hold this class, ``copy``, the codec, the views and
    positions to that table."""

    __slots__ = ()

    def __init__(self, rules: Rules, players: int, seed: int) -> None:
        """An empty table; ``unoverse.new_game`` deals and turns the first card."""
        super().__init__(rules, players, seed, draws_for(rules))

    # -- reading ---------------------------------------------------------------------

    def windows(self) -> tuple[Window, ...]:
        """The public windows (``core.windows``): what is open, never who could use an
        optional one. The mandatory window first (``TURN``, ``DRAWN``, ``PENALTY``,
        ``CHALLENGE``, ``COLOR`` of seat ``turn``; ``BLAST``; ``LIVE``), then the UNO windows,
        the illegal-play window and the jump-in window."""
        # the mandatory window alone comes shared, from a table by phase (phases compared by
        # identity: an enum's int() or index is a Python-level call)
        phase = self.phase
        if phase is _TURN:
            table = _TURN_WINDOWS
        elif phase is _PENALTY:
            table = _CHALLENGE_WINDOWS if self.pen_challenge else _PENALTY_WINDOWS
        elif phase is _DRAWN:
            table = _DRAWN_WINDOWS
        elif phase is _COLOR_PHASE:
            table = _COLOR_WINDOWS
        elif phase is _OVER:
            return ()
        elif phase is _BLAST:  # who must meet it stays hidden (§5.5)
            return (Window(win.BLAST, blast.part(self).drawer),)
        else:  # LIVE: any active seat may play (BLAST mode, §5.8)
            return win.LIVE_WINDOWS
        turn = self.turn
        sole = table[turn] if turn < _CACHED_SEATS else (Window(table[0][0].kind, turn),)
        if not self.uno_open and self.illegal is None and self.jump_undo is None:
            return sole
        out = [sole[0]]
        out.extend(Window(win.UNO, t) for t in self.uno_open)
        if self.illegal is not None:
            out.append(Window(win.ILLEGAL, self.illegal[0]))
        if self.jump_undo is not None:
            out.append(Window(win.JUMP, number=self.landed))
        return tuple(out)

    def acting_seats(self) -> tuple[int, ...]:
        """Seats that have at least one legal action now (the driver asks these)."""
        if self.phase == _OVER:
            return ()
        if self.phase == _BLAST:
            return blast.due(self)
        if self.phase == _LIVE:
            return blast.live_seats(self)
        if not self.uno_open and self.illegal is None and self.jump_undo is None:
            turn = self.turn
            return _SEATS[turn] if turn < len(_SEATS) else (turn,)
        return tuple(s for s in range(self.n) if not self.eliminated[s] and self._any_legal(s))

    def _any_legal(self, seat: int) -> bool:
        if seat == self.turn:
            return True
        if seat in self.uno_open:
            return True
        if self.illegal is not None and seat != self.illegal[0]:
            return True
        if self.jump_undo is not None:
            hand = self._jump_hand(seat)
            top = self.discard[-1]
            if top in hand:
                return True
            # identical is the same face up, whatever the back (§8.12)
            if self.rules.two_faced and any(FACE[c] == FACE[top] for c in hand):
                return True
        return any(t != seat and len(self.hands[t]) == 1 for t in self.uno_open)

    # -- legal actions ----------------------------------------------------------------
    def legal_actions(self, seat: int) -> Sequence[Action]:
        """Every action ``seat`` may take now, private to that seat: a tuple of ``Action``
        (in a BLAST event, a ``BlastChoices``, built on access)."""
        if self.phase == _OVER or not 0 <= seat < self.n or self.eliminated[seat]:
            return ()
        if self.phase == _BLAST:
            return blast.choices(self, seat)
        if self.rules.realtime:
            return tuple(blast.legal(self, seat))
        out: list[Action] = []
        if seat == self.turn:
            self._mandatory_actions(seat, out)
        if self.uno_open and seat in self.uno_open:
            out.append(UNO)
        for t in self.uno_open:
            if t != seat and len(self.hands[t]) == 1:
                out.append(CATCH_ACTIONS[t])
        if self.illegal is not None and seat != self.illegal[0]:
            out.append(CATCH_ILLEGAL)
        if self.jump_undo is not None:
            hand = self._jump_hand(seat)
            top = self.discard[-1]
            false_uno = self.rules.false_uno_penalty > 0
            if not self.rules.two_faced:
                if top in hand:
                    self.play_actions(top, len(hand), false_uno, out, jumper=seat)
            else:  # identical: the same face up, whatever the back (§8.12)
                face = FACE[top]
                for c in sorted({c for c in hand if FACE[c] == face}):
                    self.play_actions(c, len(hand), false_uno, out, jumper=seat)
        listed = tuple(out)
        if self.rules.hidden_backs:  # its cards as the seat sees them (``core.backs``)
            listed = backs.offered_as_seen(self, seat, listed)
        self.offers = listed  # (for ``apply``: these are valid as they are)
        self.offers_seat = seat
        self.offers_version = self.version
        return listed

    def _mandatory_actions(self, seat: int, out: list[Action]) -> None:
        phase = self.phase
        rules = self.rules
        if phase == _PENALTY:
            out.append(TAKE)
            if self.pen_challenge:
                out.append(CHALLENGE)
            hand = self.hands[seat]
            false_uno = rules.false_uno_penalty > 0
            row = rules.answer_row(self.top_kind)
            for c in sorted({c for c in hand if row[c]}):
                if self._answers(c):
                    self.play_actions(c, len(hand), false_uno, out)
            return
        if phase == _COLOR_PHASE:
            out.extend(COLOR_ACTIONS[c] for c in self.declarable())
            return
        hand = self.hands[seat]
        size = len(hand)
        false_uno = rules.false_uno_penalty > 0
        if phase == _DRAWN:
            self.play_actions(self.drawn, size, false_uno, out)
            if not rules.drawn_must_play:
                out.append(PASS)
            return
        permissive = rules.permissive_illegal_plays and size > 1
        p1 = self.p1_row()
        calls = rules.uno_calls and (size == 2 or (false_uno and size > 2))
        # The playable cards in order, each once. Most turns have at most two different
        # ones: they are the lowest and the highest, found without building a list; the
        # cards between them, if any, are sorted into one.
        lo = N_CARDS
        hi = -1
        for c in hand:
            if permissive or p1[c]:
                if c < lo:
                    lo = c
                if c > hi:
                    hi = c
        if hi < 0:
            pass  # nothing plays
        elif lo == hi:
            self._card_plays(lo, size, false_uno, calls, out)
        else:
            between: list[int] | None = None
            for c in hand:
                if lo < c < hi and (permissive or p1[c]):
                    if between is None:
                        between = [c]
                        continue
                    i = len(between)
                    while i > 0 and between[i - 1] > c:
                        i -= 1
                    if i == 0 or between[i - 1] != c:  # (each card once)
                        between.insert(i, c)
            self._card_plays(lo, size, false_uno, calls, out)
            if between is not None:
                for c in between:
                    self._card_plays(c, size, false_uno, calls, out)
            self._card_plays(hi, size, false_uno, calls, out)
        if rules.play_duplicates or rules.zero_discard_color:
            for first, more in self._multi_plays(hand):
                self.play_actions(first, size, false_uno, out, more)
        if rules.must_play and out and (not permissive or any(map(p1.__getitem__, hand))):
            return  # a seat holding a legal card must play one (B-22), not an illegal one
        false_call = false_uno and rules.uno_calls  # (a false call needs UNO calls)
        if not rules.launcher:
            out.append(DRAW)
            if false_call:
                out.append(DRAW_UNO)
        elif rules.allow_renege or not out:  # reneging: pressing with a playable card (§3.3)
            out.append(PRESS)
            if false_call:
                out.append(PRESS_UNO)

    def _check_several(self, hand: list[int], a: Action) -> None:
        """Raise unless a play of several cards is allowed (H-1, H-2, the zero discard)."""
        laid = (a.card, *a.more)
        if self.phase != _TURN:
            raise IllegalAction(reason=N_("reason.several.turn_only"), action=a)
        pool = list(hand)
        for c in laid:
            if c not in pool:
                raise IllegalAction(
                    reason=N_("reason.several.not_in_hand"), action=a, card=CARD_TEXT[c]
                )
            pool.remove(c)
        kinds = {CARD_KIND[c] for c in laid}
        if self.rules.play_duplicates and len(kinds) == 1:
            if any(CARD_IS_WILD[c] for c in laid):
                raise IllegalAction(reason=N_("reason.several.wilds"), action=a)
            if kinds & self.rules.alone:
                raise IllegalAction(
                    reason=N_("reason.several.alone"), action=a, card=CARD_TEXT[a.card]
                )
            if not self.matches(a.card):
                raise IllegalAction(
                    reason=N_("reason.several.first_no_match"), action=a, card=CARD_TEXT[a.card]
                )
            return
        first = a.card
        if (
            self.rules.zero_discard_color
            and CARD_NUMBER[first] == 0
            and CARD_COLOR[first] == self.color
        ):
            rest = sorted(c for c in pool + list(a.more) if CARD_COLOR[c] == self.color)
            if sorted(a.more) == rest:
                return
            raise IllegalAction(reason=N_("reason.several.zero_takes_all"), action=a)
        if self.rules.zero_discard_color:
            raise IllegalAction(reason=N_("reason.several.same_or_zero"), action=a)
        if self.rules.play_duplicates:
            raise IllegalAction(reason=N_("reason.several.same"), action=a)
        raise IllegalAction(reason=N_("reason.several.one_card"), action=a)

    def _may_stack(self) -> bool:
        """Whether the pending penalty may be answered with a draw card (stacking): not after
        its player went out (the chain ends, §1.6), unless ``revive`` and they said UNO."""
        if not self.rules.stacking:
            return False
        return self.out < 0 or (self.rules.revive and self.said_uno[self.out])

    def _answers(self, card: int) -> bool:
        """``card`` may answer the pending draw penalty (``Rules.answer_row``): a Boomerang
        sends it back (not an attack already returned, H-4, nor one whose player went out,
        was knocked out since, NM-14, or that no seat made); a stacking answer needs stacking
        allowed now (``_may_stack``)."""
        if self.pen_returned:
            return False
        how = self.rules.answer_row(self.top_kind)[card]
        if how == ANSWER_RETURN:
            source = self.pen_source
            return source >= 0 and self.out < 0 and not self.eliminated[source]
        # a penalty drawn until a card or a colour comes is no number of cards: nothing
        # stacks on it
        return how == ANSWER_STACK and not self.pen_until and self._may_stack()

    # -- applying ---------------------------------------------------------------------
    def apply(self, seat: object, act: object, at: object = None) -> list[Event]:
        """Validate ``act`` (an ``Action`` or its text) by ``seat`` (``None``: the referee),
        then apply it.

        Returns the events, each with its visibility. Raises ``NotYourWindow`` or
        ``IllegalAction`` (or ``NotationError`` for a malformed string) and changes nothing
        when the action is not allowed. Both arguments are checked here, whatever their type,
        so bad input from outside gets a typed error in the compiled build too.

        ``at`` is the action's arrival time in milliseconds (the match session's clock).
        Only UNO Blast's BLAST mode reads it: a play from another seat within
        ``blast.simultaneity_window_ms`` after the last accepted card is simultaneous (§5.8).
        Without a time, plays are judged one at a time, never simultaneous.

        An action that is one of the very objects ``legal_actions(seat)`` last returned, in
        this same state (the same ``version``), is applied without checking it again: that
        list holds exactly what the checks allow there (the conformance suite holds the
        engine to it), so the result is the same, and a bot's answer costs no second check.
        """
        when = _time(at)
        if (
            self.offers_version == self.version
            and isinstance(seat, int)
            and seat == self.offers_seat
            and not isinstance(seat, bool)
        ):
            for x in self.offers:
                if x is act:
                    if self.rules.hidden_backs:
                        x = backs.real_action(self, seat, x)
                    return self._run(seat, x)
        if isinstance(act, Action):
            a = check_form(act)
            raw = cast("tuple[object, ...]", a)[0]  # read unchecked: it may not be a Kind
            if raw.__class__ is not Kind:  # built by hand with its number (checked above):
                a = a._replace(kind=Kind(cast("int", raw)))  # the engine compares by identity
        elif isinstance(act, str):
            a = parse_action(act)
        else:
            raise NotationError(f"an action is an Action or its text, not {act!r}")
        if seat is None:
            return self._referee(a, when)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n:
            raise NotYourWindow(
                reason=N_("reason.no_such_seat"), given=shown(seat), last=self.n - 1
            )
        if self.phase == _OVER:
            raise NotYourWindow(reason=N_("reason.round_over"))
        if self.eliminated[seat]:
            raise NotYourWindow(reason=N_("reason.eliminated"), seat=seat)
        if self.rules.hidden_backs:  # the cards it names as it sees them (``core.backs``)
            a = backs.real_action(self, seat, a)
            try:
                return self._checked(seat, a, when)
            except UnoverseError as e:  # told as the seat sees its cards
                raise backs.refused_as_seen(self, seat, e) from None
        return self._checked(seat, a, when)

    def _checked(self, seat: int, a: Action, when: float | None) -> list[Event]:
        """Check ``a`` by ``seat`` (a seat of the round, its cards named by id), then carry it
        out; ``apply``'s last steps."""
        k = a.kind
        if a.uno and k is not _PLAY and k is not _DRAW and k is not _JUMP and k is not _PRESS:
            raise IllegalAction(reason=N_("reason.uno_with_play"), action=a)
        if self.phase == _BLAST and k is not _BLAST_KIND:
            if k in _REFEREE_KINDS:
                raise NotYourWindow(reason=N_("reason.referee_action"), action=a)
            raise StaleAction(
                reason=N_("reason.blast_open"), action=a, card=CARD_TEXT[blast.part(self).card]
            )
        if (a.uno or k is _UNO or k is _CATCH) and not self.rules.uno_calls:
            raise IllegalAction(reason=N_("reason.no_uno_calls"), action=a, variant=self.rules.name)
        if self.rules.realtime and k is not _BLAST_KIND:
            return self._apply_live(seat, a, when)
        if k is _ARM or k is _DISARM:
            raise IllegalAction(reason=N_("reason.arm.blast_only"), action=a)
        if k in _MANDATORY:
            self._check_mandatory(seat, a)
        elif k is _UNO:
            if seat not in self.uno_open:
                raise NotYourWindow(reason=N_("reason.no_uno_to_declare"), seat=seat)
        elif k is _JUMP:
            self._check_jump(seat, a)
        elif k is _BLAST_KIND:
            blast.check_choice(self, seat, a)
        elif k is not _CATCH and k is not _CATCH_ILLEGAL:  # catches check their window as they run
            raise NotYourWindow(reason=N_("reason.referee_action"), action=a)
        return self._run(seat, a)

    def _apply_live(self, seat: int, a: Action, at: float | None) -> list[Event]:
        """An action in BLAST mode (§5.8, ``core.blast.machinery``): a play (accepted, or
        refused as simultaneous with the holding penalty), or arming a card."""
        events: list[Event] = []
        blast.act(self, seat, a, at, events)
        self.version += 1
        return events

    def apply_unchecked(self, seat: int, act: Action) -> list[Event]:
        """Apply an action this game offered (``legal_actions(seat)`` in this very state)
        without validating it: the fast path for search and simulation loops that only send
        offered actions. Anything else may corrupt the game; use ``apply`` for it."""
        if self.rules.hidden_backs:  # offered as the seat sees its cards (``core.backs``)
            act = backs.real_action(self, seat, act)
        return self._run(seat, act)

    def _run(self, seat: int, a: Action, at: float | None = None) -> list[Event]:
        """Carry out a valid action by ``seat`` (arriving at ``at``); the events."""
        events: list[Event] = []
        k = a.kind
        if k is _PLAY:
            if self.rules.realtime:  # the draw round's forced play, or a timeout's
                blast.play(self, seat, a, at, events)
            else:
                self._do_play(seat, a, events)
        elif k is _DRAW or k is _PRESS:
            self._do_draw(seat, a.uno, events)
        elif k is _TAKE:
            self._do_take(seat, events)
        elif k is _CHALLENGE:
            self._do_challenge(seat, events)
        elif k is _PASS:
            self._move_on(seat)
            self.set_turn(self.next_seat(seat))
        elif k is _COLOR:
            self._move_on(seat)
            self.color = a.color
            events.append(Event(ev.COLOR, seat, color=a.color))
            named = self.rules.named[self.rules.effect[self.top_kind]] if self.rules.named else None
            self.set_turn(self.color_next)
            self.color_next = -1
            if named is not None and self.discard_by[-1] >= 0:
                named(self, seat, events)  # a played wild's effect waited on its colour (NM-11)
        elif k is _UNO:
            self.uno_open.remove(seat)
            self.said_uno[seat] = True
            events.append(Event(ev.UNO, seat))
        elif k is _CATCH:
            self._do_catch(seat, a.target, events)
        elif k is _CATCH_ILLEGAL:
            self._do_catch_illegal(seat, events)
        elif k is _BLAST_KIND:
            blast.choose(self, seat, a, events)
        else:
            self._do_jump(seat, a, events)
        if self.uno_open:
            self._prune_uno()
        else:
            for said in self.said_uno:
                if said:
                    self._prune_uno()
                    break
        if self.rules.hidden_backs:  # what each seat can see now (``core.backs``)
            backs.see(self)
        self.version += 1
        return events

    def _check_mandatory(self, seat: int, a: Action) -> None:
        """Raise unless ``a`` is allowed in the mandatory window and ``seat`` holds it."""
        phase = self.phase
        if seat != self.turn:
            raise NotYourWindow(
                reason=N_("reason.not_your_turn"),
                action=a,
                seat=seat,
                turn_seat=self.turn,
                window=self.windows()[0].kind,
            )
        k = a.kind
        if k is _PLAY and phase != _PENALTY and phase != _COLOR_PHASE:
            self._check_play(seat, a)  # the common case: a play in the turn or drawn window
            return
        if (
            k not in _ALLOWED[phase]
            or (k is _CHALLENGE and not self.pen_challenge)
            or (k is _PASS and self.rules.drawn_must_play)
            or (
                k is _PLAY
                and phase == _PENALTY
                and not any(self._answers(c) for c in set(self.hands[seat]))
            )
        ):
            if phase == _TURN:
                what = N_("reason.must.press") if self.rules.launcher else N_("reason.must.draw")
            elif phase == _DRAWN:
                what = N_("reason.must.drawn")
            elif phase == _PENALTY:
                if self.pen_challenge:
                    what = N_("reason.must.take_or_challenge")
                    if self.out >= 0:
                        what = N_("reason.must.take_or_challenge_out")
                else:
                    what = N_("reason.must.take_out") if self.out >= 0 else N_("reason.must.take")
            else:
                what = N_("reason.must.color")
            raise IllegalAction(reason=what, action=a, seat=seat)
        if k is _COLOR and a.color not in self.declarable():
            raise IllegalAction(
                reason=N_("reason.color_choice"), action=a, colors=self.color_list()
            )
        if k is _PLAY:
            self._check_play(seat, a)
            return
        if k is _DRAW or k is _PRESS:
            self._check_draw(seat, a)
        if a.uno and ((k is not _DRAW and k is not _PRESS) or self.rules.false_uno_penalty == 0):
            raise IllegalAction(reason=N_("reason.uno_one_left"), action=a)

    def _check_draw(self, seat: int, a: Action) -> None:
        """A draw where there is a draw pile, a press where a launcher replaces it, and a
        press with a playable card only when reneging is allowed (§3.3)."""
        rules = self.rules
        if a.kind is _DRAW and rules.launcher:
            raise IllegalAction(reason=N_("reason.no_draw_pile"), action=a, variant=rules.name)
        if a.kind is _PRESS and not rules.launcher:
            raise IllegalAction(reason=N_("reason.no_launcher"), action=a, variant=rules.name)
        if rules.must_play or not rules.allow_renege:
            # the turn's own offers decide: a draw (press) is offered only without a play
            offers: list[Action] = []
            self._mandatory_actions(seat, offers)
            if any(x.kind is a.kind for x in offers):
                return
            p1 = self.p1_row()  # (named: a legal card, not one offered as an illegal play)
            plays = sorted((x for x in offers if x.kind is _PLAY), key=lambda x: not p1[x.card])
            if plays and rules.must_play:
                raise IllegalAction(
                    reason=N_("reason.must_play"),
                    action=a,
                    seat=seat,
                    card=CARD_TEXT[plays[0].card],
                    variant=rules.name,
                )
            if plays:
                raise IllegalAction(
                    reason=N_("reason.no_renege"),
                    action=a,
                    seat=seat,
                    card=CARD_TEXT[plays[0].card],
                )

    def _check_play(self, seat: int, a: Action) -> None:
        hand = self.hands[seat]
        c = a.card
        more = a.more
        if not 0 <= c < N_CARDS or (more and not all(0 <= x < N_CARDS for x in more)):
            raise IllegalAction(reason=N_("reason.no_such_card"))
        if more:
            self._check_several(hand, a)
        if c not in hand:
            raise IllegalAction(reason=N_("reason.not_in_hand"), card=CARD_TEXT[c], seat=seat)
        phase = self.phase
        rules = self.rules
        if phase == _DRAWN and c != self.drawn:
            raise IllegalAction(
                reason=N_("reason.only_drawn"), card=CARD_TEXT[c], drawn_card=CARD_TEXT[self.drawn]
            )
        if self.declares(c):
            if a.color not in rules.colors_for[c]:
                raise IllegalAction(
                    reason=N_("reason.needs_color"), card=CARD_TEXT[c], colors=self.color_list()
                )
        elif a.color != -1:
            raise IllegalAction(reason=N_("reason.no_color"), card=CARD_TEXT[c])
        if a.number != -1 or rules.effect[CARD_KIND[c]] == fx.NUMERAL:
            self._check_number(a, c)
        left = len(hand) - 1 - len(more)
        last = more[-1] if more else c
        if rules.special[last] or a.direction or a.target != -1 or a.amount != -1:
            self._check_choices(a, last, left, seat)
            if left == 0 and CARD_KIND[last] in rules.no_last:
                raise IllegalAction(reason=N_("reason.not_last"), action=a, card=CARD_TEXT[last])
            if rules.effect[self._effective_kind(last)] == fx.DISCARD_ALL:
                gone = self._discard_count(hand, (c, *more))
                if a.amount != KEEP:
                    left -= gone
                elif not gone:
                    raise IllegalAction(reason=N_("reason.nothing_to_keep"), action=a)
        if phase == _PENALTY:
            if not self._answers(c):
                raise IllegalAction(
                    reason=self._answers_reason(), card=CARD_TEXT[c], kind=KIND_CODES[self.top_kind]
                )
        elif not self.p1_row()[c] and not (
            phase == _TURN and rules.permissive_illegal_plays and len(hand) > 1
        ):
            raise IllegalAction(
                reason=N_("reason.no_match"),
                card=CARD_TEXT[c],
                top_card=CARD_TEXT[self.top],
                color=COLOR_LETTERS[self.color],
            )
        if a.uno:
            if left == 0:
                raise IllegalAction(reason=N_("reason.uno_goes_out"), action=a)
            eff = rules.effect[self._effective_kind(last)]
            if eff in HAND_MOVES:
                left = self._kept(
                    seat, eff, left, 1 + len(more), a.target, multiplicity(c, more), -1
                )
            if left != 1 and rules.false_uno_penalty == 0:
                if eff in HAND_MOVES:
                    raise IllegalAction(reason=N_("reason.uno_hands_moved"), action=a, left=left)
                raise IllegalAction(reason=N_("reason.uno_one_left"), action=a)

    def _check_number(self, a: Action, c: int) -> None:
        """A Numeral declares one of the numbers it may declare here; no other card
        declares one (RULES.md §5.6)."""
        if self.rules.effect[CARD_KIND[c]] != fx.NUMERAL:
            raise IllegalAction(reason=N_("reason.numeral_only"), action=a)
        allowed = self._numbers(c) if self.phase != _PENALTY else ()
        if not allowed:
            raise IllegalAction(
                reason=N_("reason.numeral_no_match"),
                card=CARD_TEXT[c],
                top_card=CARD_TEXT[self.top],
            )
        if a.number not in allowed:
            raise IllegalAction(
                reason=N_("reason.numeral_number"),
                action=a,
                example_action=f"{CARD_TEXT[c]}={allowed[0]}",
                numbers=list(allowed),
            )

    def _check_choices(self, a: Action, last: int, left: int, seat: int) -> None:
        """Raise unless the play's direction, named seat and ``keep`` are the ones its last
        card allows (``last`` is that card, ``left`` the cards the hand keeps)."""
        text = CARD_TEXT[a.card]
        if a.amount != -1 and (
            a.amount != KEEP
            or not self.rules.discard_all_optional
            or self.rules.effect[self._effective_kind(last)] != fx.DISCARD_ALL
        ):
            raise IllegalAction(reason=N_("reason.keep_discard_all"), action=a)
        if a.direction not in self._directions(last, left):
            if a.direction == 0:
                raise IllegalAction(reason=N_("reason.choose_direction"), action=a, card=text)
            raise IllegalAction(reason=N_("reason.no_direction"), action=a, card=text)
        targets = self._targets(last, left, seat)
        if a.target not in targets:
            if targets == (-1,):
                raise IllegalAction(reason=N_("reason.no_target"), action=a, card=text)
            seats = [t for t in targets if t >= 0]
            if -1 in targets:
                raise IllegalAction(
                    reason=N_("reason.target_or_nobody"), action=a, card=text, seats=seats
                )
            raise IllegalAction(
                reason=N_("reason.target_needed"),
                action=a,
                card=text,
                seats=seats,
                example_action=f"{text}:{COLOR_LETTERS[self.declarable()[0]]}>{targets[0]}",
            )

    def _answers_reason(self) -> str:
        """The reason a card cannot answer the pending penalty, naming what may
        (``reason.cannot_answer.*``, with the fields ``card`` and ``kind``)."""
        boomerang = (
            fx.BOOMERANG in self.rules.deck_effects
            and self.pen_source >= 0
            and self.out < 0
            and not self.pen_returned
        )
        if self._may_stack() and not self.pen_returned and not self.pen_until:
            stacking = self.rules.stacking
            if stacking == STACK_BLAST_GE:
                if boomerang:
                    return N_("reason.cannot_answer.at_least_or_boomerang")
                return N_("reason.cannot_answer.at_least")
            if stacking == STACK_PROGRESSIVE:
                if boomerang:
                    return N_("reason.cannot_answer.any_draw_or_boomerang")
                return N_("reason.cannot_answer.any_draw")
            if boomerang:
                return N_("reason.cannot_answer.same_or_boomerang")
            return N_("reason.cannot_answer.same")
        if boomerang:
            return N_("reason.cannot_answer.boomerang")
        return N_("reason.cannot_answer.nothing")

    # -- the moves ----------------------------------------------------------------------
    def _move_on(self, actor: int) -> None:
        """An action in the mandatory window closes every other seat's UNO window and the
        illegal-play window (P4: the next player has begun their turn)."""
        if self.uno_open:
            self.uno_open = [s for s in self.uno_open if s == actor]
        self.illegal = None
        self.jump_undo = None
        self.strict = -1

    def _prune_uno(self) -> None:
        if self.uno_open:
            self.uno_open = [s for s in self.uno_open if len(self.hands[s]) == 1]
        said = self.said_uno
        if True in said:  # rare: only between a declaration and the hand growing again
            for s, h in enumerate(self.hands):
                if said[s] and len(h) > 1:
                    said[s] = False

    def _do_play(self, p: int, a: Action, events: list[Event]) -> None:
        rules = self.rules
        if rules.jump_in:
            pre = (
                self.direction,
                self.turn,
                int(self.phase),
                self.drawn,
                self.pen_amount,
                self.pen_chain,
                self.pen_source,
                int(self.pen_challenge),
                int(self.pen_legal),
                int(self.pen_returned),
                self.out,
                self.pen_until,
            )
        hand = self.hands[p]
        c = a.card
        more = a.more
        if more:
            laid = (c, *more)
            last = laid[-1]
            mult = multiplicity(c, more)
        else:
            laid = _ONE_CARD[c]  # (shared: the play event keeps it, and it never changes)
            last = c
            mult = 1
        answering = self.phase == _PENALTY
        illegal = not answering and not self.p1_row()[c]
        # played by the chromatic step alone (Full Spectrum, §4.5): said in the play event
        step = False
        if not illegal and not answering and self.color >= 0:
            steps = rules.steps[self.color]  # (mostly none: no lookup in an empty tuple)
            step = bool(steps) and CARD_COLOR[c] in steps and CARD_KIND[c] != self.top_kind
        if self.strict >= 0:
            self.strict = -1  # the restricted first turn is over
        k = CARD_KIND[last]
        eff = rules.effect[k]
        eff_kind = k
        if eff == fx.COPY_TOP:
            eff_kind = self.top_kind
            eff = rules.effect[eff_kind]
        amount = rules.amount[eff_kind] * mult
        declared = a.color
        if eff == fx.WILD_DRAW or eff == fx.WILD_DRAW_COLOR:  # fx.CHALLENGED, unrolled
            self.pen_legal = self._wild_draw_legal(hand, c)
        if illegal:  # what a catch undoes: the seat a swap names (a 0's Pass follows the card)
            swapped = a.target if eff == fx.SWAP_HANDS or eff == fx.SEVEN_SWAP else -1
            self.illegal = (p, c, self.color, self.top_kind, self.direction, swapped, 0)
        else:
            self.illegal = None
        # _move_on, inline: the other seats' UNO windows close (the illegal window was set)
        if self.uno_open:
            self.uno_open = [s for s in self.uno_open if s == p]
        self.jump_undo = None
        size_before = len(hand)
        # a Discard All's colours are read before the play changes the active colour
        discards = self.discard_colors(laid) if eff == fx.DISCARD_ALL and a.amount != KEEP else ()
        known = self.known
        blind = known[p][p][:] if rules.hidden_backs else None  # (``core.backs``: kept)
        for x in laid:
            for i in range(len(hand)):  # hand.remove(x), without the generic comparison
                if hand[i] == x:
                    hand.pop(i)
                    break
            for row in known:  # no seat has seen this card in the hand any more
                seen = row[p]
                if seen and x in seen:
                    seen.remove(x)
            self.discard.append(x)
            self.discard_by.append(p)
        if blind is not None:  # a card it laid stays blind to it, where it lies now
            known[p][p] = blind
        self.top_kind = eff_kind if eff != fx.NUMERAL else a.number  # a Numeral: its number
        if declared >= 0:
            self.color = declared
        elif not CARD_IS_WILD[last]:
            self.color = CARD_COLOR[last]
        # A blank copying a coloured card keeps the active colour (the copy's colour).
        if a.kind is _JUMP:
            ground = ev.PLAY_JUMP
        elif illegal:
            ground = ev.PLAY_ILLEGAL
        elif answering:
            ground = ev.PLAY_STACK
        elif step:
            ground = ev.PLAY_STEP
        else:
            ground = ev.PLAY_MATCH
        number = a.number if eff == fx.NUMERAL else -1  # the number a Numeral counts as (§5.6)
        told = laid if blind is None else backs.as_seen(laid, blind)
        events.append(Event(ev.PLAY, p, told, color=declared, number=number, reason=ground))
        self.landed += 1
        if discards:
            self.discard_color_cards(p, discards, events)
            if illegal and self.illegal is not None:  # a catch gives them back too
                self.illegal = (*self.illegal[:6], size_before - len(laid) - len(hand))
        size = len(hand)
        # the hand the player holds once hands have moved: what a UNO call is judged on (P4)
        kept = self._kept(p, eff, size, 0, a.target, mult, -1) if MOVES_HANDS[eff] else size
        if a.uno:
            if kept == 1:
                self.said_uno[p] = True
                events.append(Event(ev.UNO, p))
            else:
                events.append(Event(ev.FALSE_UNO, p))
        elif size == 1 and size_before >= 2 and rules.uno_calls and not self._changes_hands(eff, a):
            self.uno_open.append(p)
        moved = rules.uno_any_path and size > 0 and self._changes_hands(eff, a)
        if moved:  # the sizes before the hands move: a hand moved to one card owes UNO (NM-16)
            sizes = [len(h) for h in self.hands]
            sizes[p] = size_before
        if eff == fx.NONE or eff == fx.WILD:  # the common case: the turn passes on
            if size == 0:
                self.end_round(p, events)
                return
            self.set_turn(self.next_seat(p))
        else:
            returning = answering and eff == fx.BOOMERANG
            if size == 0 and eff in (fx.ALL_DRAW, fx.ALL_DRAW_KEEP, fx.ALL_HIT):
                # dealt at once, so they count (U-H-4, A-5); then the round ends
                kind = ev.ALL_HIT if eff == fx.ALL_HIT else ev.ALL_DRAW
                self.out = p  # out while they draw: it sits out a BLAST event (U-B-11)
                all_draw(self, p, amount, events, kind, (THEN_OUT, p))
                return
            if size == 0 and not returning and (eff not in PENALTY_EFFECTS or not rules.last_draws):
                if k in rules.lands_last:  # its effect lands first (FL-12's option)
                    rules.landing[eff](self, p, amount, -1, a, mult, events)
                self.end_round(p, events)
                return
            revived = -1
            if answering and self.out >= 0:
                revived, self.out = self.out, -1  # revive: the seat that went out is the target
                events.append(Event(ev.REVIVE, revived))
            if size == 0:
                self.out = p
            rules.landing[eff](self, p, amount, revived, a, mult, events)
            if moved:
                self._open_moved(p, sizes, a.uno)
        if (
            rules.jump_in
            and self.out < 0
            and self.discard[-1] == last
            and (self.phase == _TURN or (rules.jump_on_pending and self.phase != _OVER))
        ):
            # a jump-in window opens on the card that landed (§4.9), if it is still the top
            # (a table turned over shows another, which nobody played: FL-7), and, where the
            # variant says so, if its chain or colour is not pending (No Mercy, §9.14)
            self.jump_undo = (pre, (eff, a.target, mult))
        if a.uno and kept != 1:
            self.draw(p, rules.false_uno_penalty, ev.FOR_FALSE_UNO, events)
            if self.eliminated[p] and self.turn == p and self.phase != _OVER:
                self.set_turn(self.next_seat(p))  # its own false call eliminated it

    def _open_moved(self, p: int, sizes: list[int], called: bool) -> None:
        """``uno_any_path`` (NM-16): every active seat that the hand moves left at one card
        from another size owes UNO; ``p``'s own call made with the play counts."""
        for s, hand in enumerate(self.hands):
            if len(hand) != 1 or sizes[s] == 1 or self.eliminated[s] or s in self.uno_open:
                continue
            if s == p and called:
                continue
            self.uno_open.append(s)

    @staticmethod
    def _changes_hands(eff: int, a: Action) -> bool:
        """Whether the play's effect moves whole hands (then no UNO window opens, C-4)."""
        return eff in (fx.SHUFFLE_HANDS, fx.SWAP_HANDS, fx.ROTATE_HANDS) or (
            eff == fx.SEVEN_SWAP and a.target >= 0
        )

    def _check_jump(self, seat: int, a: Action) -> None:
        """A jump-in (RULES.md §4.9): the window on the card it names is still open, and the
        card is identical to it (same colour and number or symbol; for wilds the same type,
        FS-10). A jump-in on a card already covered, or after its window closed, is stale."""
        if not self.rules.jump_in:
            raise IllegalAction(reason=N_("reason.jump.off"), action=a)
        if a.covers != self.landed:
            raise StaleAction(
                reason=N_("reason.jump.covered"), action=a, covers=a.covers, landed=self.landed
            )
        if self.jump_undo is None:
            raise StaleAction(reason=N_("reason.jump.closed"), action=a, covers=a.covers)
        if a.more:
            raise IllegalAction(reason=N_("reason.jump.one_card"), action=a)
        hand = self._jump_hand(seat)
        c = a.card
        if not 0 <= c < N_CARDS or c not in hand:
            raise IllegalAction(reason=N_("reason.jump.not_in_hand"), action=a, seat=seat)
        top = self.discard[-1]
        if FACE[c] != FACE[top]:  # the same face up: the backs of two-faced cards may differ
            raise IllegalAction(
                reason=N_("reason.jump.not_identical"),
                action=a,
                card=CARD_TEXT[c],
                top_card=CARD_TEXT[top],
            )
        if self.declares(c):
            if a.color not in self.rules.colors_for[c]:
                raise IllegalAction(
                    reason=N_("reason.needs_color"),
                    action=a,
                    card=CARD_TEXT[c],
                    colors=self.color_list(),
                )
        elif a.color != -1:
            raise IllegalAction(reason=N_("reason.no_color"), action=a, card=CARD_TEXT[c])
        left = len(hand) - 1
        if a.amount != -1:
            raise IllegalAction(reason=N_("reason.jump.keeps_nothing"), action=a)
        if self.rules.effect[self._effective_kind(c)] == fx.DISCARD_ALL:
            left -= self._discard_count(hand, (c,))
        if left == 0 and CARD_KIND[c] in self.rules.no_last:
            raise IllegalAction(reason=N_("reason.not_last"), action=a, card=CARD_TEXT[c])
        if a.direction not in self._directions(c, left):
            raise IllegalAction(reason=N_("reason.jump.direction"), action=a)
        if a.target not in self._targets(c, left, seat):
            raise IllegalAction(reason=N_("reason.jump.target"), action=a)
        eff = self.rules.effect[self._effective_kind(c)]
        if a.uno and eff in HAND_MOVES:
            left = self._kept(seat, eff, left, 1, a.target, 1, seat)
        if a.uno and (left != 1 and (left == 0 or self.rules.false_uno_penalty == 0)):
            raise IllegalAction(reason=N_("reason.uno_one_left"), action=a)

    def _do_jump(self, j: int, a: Action, events: list[Event]) -> None:
        """Cancel the covered card's pending effect — no reversal, no skip, no draw, no hand move
        — then play the jumper's card, whose effect is computed from the jumper (§4.9).
        Cards already dealt at once (Downpour, zero_chooses_direction) stay dealt."""
        assert self.jump_undo is not None
        pre, (eff, target, mult) = self.jump_undo
        covered_by = self.discard_by[-1]
        if eff == fx.ROTATE_HANDS:
            self.direction = -self.direction  # pass the hands back the way they came
            for _ in range(mult):
                rotate_hands(self, events)
            self.direction = -self.direction
        elif eff == fx.SWAP_HANDS or (eff == fx.SEVEN_SWAP and target >= 0):
            for _ in range(mult):
                swap_hands(self, covered_by, target, events)
        (
            self.direction,
            self.turn,
            phase,
            self.drawn,
            self.pen_amount,
            self.pen_chain,
            self.pen_source,
            challenge,
            legal,
            returned,
            self.out,
            self.pen_until,
        ) = pre
        self.phase = PHASES[phase]
        self.pen_challenge, self.pen_legal, self.pen_returned = (
            bool(challenge),
            bool(legal),
            bool(returned),
        )
        jumped = _ONE_CARD[a.card]
        if self.rules.hidden_backs:
            jumped = backs.seen_by(self, j, jumped)
        events.append(Event(ev.JUMP, j, jumped, target=covered_by, number=a.covers))
        self.uno_open = []  # a jump-in closes every UNO window but the jumper's new one
        self._do_play(j, a, events)

    def _wild_draw_legal(self, hand: list[int], played: int) -> bool:
        """P5: no other card of the active colour in hand (and, with ``wd4_wilds_block``, no
        other wild-type card)."""
        color = self.color
        block = self.rules.wd4_wilds_block
        seen_self = False
        for c in hand:
            if c == played and not seen_self:
                seen_self = True
                continue
            if CARD_COLOR[c] == color or (block and CARD_IS_WILD[c]):
                return False
        return True

    def _do_draw(self, p: int, false_uno: bool, events: list[Event]) -> None:
        self._move_on(p)
        rules = self.rules
        if self.launcher is not None:  # a press ends the turn, whatever fires (§3.3)
            self.draw(p, 1, ev.FOR_TURN, events)
            if false_uno:
                self._draw_call(p, events)
            self.set_turn(self.next_seat(p))
            return
        if rules.blast_cards:  # until a card plays; BLAST events may interrupt (§5.7)
            blast.owe(self, [(p, UNTIL, ev.FOR_TURN)], (THEN_KEEP, -1), events)
            return
        p1 = self.p1_row()
        until = rules.draw_until_playable or rules.must_play
        # a draw is voluntary when the hand held a playable card (U-C-3)
        voluntary = (until or rules.draw_ends_turn) and any(map(p1.__getitem__, self.hands[p]))
        got = self.draw(p, 1, ev.FOR_TURN, events)
        if until and (not voluntary or rules.decline_draws_until):
            # "Carga infinita": keep drawing until the drawn card is playable (§1.8); in
            # Blast until the player is eliminated, too (B-21).
            while got and not self.playable(got[0], p1) and not self.eliminated[p]:
                got = self.draw(p, 1, ev.FOR_TURN, events)
        if false_uno and not self.eliminated[p]:
            self._draw_call(p, events)
        if self.phase == _OVER:  # an elimination left one seat (``Rules.elimination``)
            return
        if (
            not got
            or self.eliminated[p]
            or (rules.draw_ends_turn and voluntary)
            or not self.playable(got[0], p1)
            or (rules.trigger_ends_turn and rules.draw_trigger[got[0]])
        ):
            self.set_turn(self.next_seat(p))
        else:
            self.phase = _DRAWN
            self.drawn = got[0]

    def _draw_call(self, p: int, events: list[Event]) -> None:
        """A UNO call made with a draw or a press (P4): false, and charged, unless the hand is
        still at exactly one card (a press that fired nothing, a draw from empty piles)."""
        if len(self.hands[p]) == 1:
            self.said_uno[p] = True
            if p in self.uno_open:
                self.uno_open.remove(p)
            events.append(Event(ev.UNO, p))
            return
        events.append(Event(ev.FALSE_UNO, p))
        self.draw(p, self.rules.false_uno_penalty, ev.FOR_FALSE_UNO, events)

    def _do_take(self, v: int, events: list[Event]) -> None:
        self._move_on(v)
        amount = self.pen_amount
        until = self.pen_until
        if until == _UNTIL_FIRE:
            events.append(Event(ev.TAKE, v, until_fire=True))
            self.draw_until_fire(v, ev.FOR_PENALTY, events)
        elif until == _UNTIL_COLOR:
            events.append(Event(ev.TAKE, v, color=self.color))
            self.draw_until_color(v, self.color, ev.FOR_PENALTY, events)
        elif self.rules.blast_draws:  # a BLAST event may interrupt the draw (§5.5)
            events.append(Event(ev.TAKE, v, count=amount))
            then = (THEN_OUT, self.out) if self.out >= 0 else (THEN_NEXT, v)
            blast.owe(self, [(v, amount, ev.FOR_PENALTY)], then, events)
            return
        else:
            events.append(Event(ev.TAKE, v, count=amount))
            self.draw(v, amount, ev.FOR_PENALTY, events)
        self.clear_penalty()
        if self.out >= 0:
            self.end_round(self.out, events)
            return
        self.set_turn(self.next_seat(v))
        if self.color < 0:  # a wild first card's penalty was taken: the next seat declares
            self.phase = _COLOR_PHASE
            self.color_next = self.turn

    def _do_challenge(self, v: int, events: list[Event]) -> None:
        self._move_on(v)
        offender = self.pen_source
        hand = tuple(self.hands[offender])
        events.append(Event(ev.REVEAL, offender, hand, target=v))
        self.known[v][offender] = list(hand)
        amount = self.pen_amount
        until_color = self.pen_until == _UNTIL_COLOR
        color = self.color if until_color else -1  # the events say "until this colour"
        card = _ONE_CARD[self.discard[-1]]  # the card challenged, as its play was told
        if self.rules.hidden_backs:
            card = backs.seen_by(self, offender, card)
        if not self.pen_legal:
            events.append(
                Event(
                    ev.CHALLENGE, v, card, target=offender, count=amount, color=color, guilty=True
                )
            )
            if until_color:  # instead of the victim (§8.9)
                self.draw_until_color(offender, self.color, ev.FOR_CHALLENGE, events)
            else:
                self.draw(offender, amount, ev.FOR_CHALLENGE, events)
            if self.phase == _OVER:  # the offender was eliminated, and one seat is left
                return
            self.clear_penalty()
            self.out = -1  # the offender is no longer out (P5)
            self.set_turn(v)
        else:
            events.append(
                Event(ev.CHALLENGE, v, card, target=offender, count=amount + 2, color=color)
            )
            if until_color:  # until the colour, then 2 more (FL-18)
                self.draw_until_color(v, self.color, ev.FOR_CHALLENGE, events)
            self.draw(v, amount + 2, ev.FOR_CHALLENGE, events)
            if self.phase == _OVER:  # the challenger was eliminated, and one seat is left
                return
            self.clear_penalty()
            if self.out >= 0:
                self.end_round(self.out, events)
            else:
                self.set_turn(self.next_seat(v))

    def _do_catch(self, seat: int, target: int, events: list[Event]) -> None:
        if target == seat:
            raise IllegalAction(reason=N_("reason.catch_self"), action=f"catch:{target}")
        if target not in self.uno_open or len(self.hands[target]) != 1:
            raise NotYourWindow(
                reason=N_("reason.no_uno_window"), action=f"catch:{target}", target_seat=target
            )
        self.uno_open.remove(target)
        events.append(Event(ev.CATCH, seat, target=target, count=self.rules.uno_penalty))
        if self.rules.blast_draws:
            blast.owe(self, [(target, self.rules.uno_penalty, ev.FOR_UNO)], (THEN_KEEP, -1), events)
            return
        self.draw(target, self.rules.uno_penalty, ev.FOR_UNO, events)

    def _do_catch_illegal(self, seat: int, events: list[Event]) -> None:
        snap = self.illegal
        if snap is None:
            raise NotYourWindow(reason=N_("reason.nothing_to_catch"), action="catch_illegal")
        offender, c, color, top_kind, direction, _, buried = snap
        if seat == offender:
            raise IllegalAction(reason=N_("reason.catch_own"), action="catch_illegal")
        self.illegal = None
        self.jump_undo = None  # no jump-in on the card taken back, nor on the one restored
        self.landed += 1  # the top card changed: a jump-in naming either one is stale
        if self.discard[-1] != c:  # it turned the table over: turned back, it is on top (§8.12)
            turn_over(self)
            events.append(Event(ev.TURN_OVER, seat))
        cut = len(self.discard) - 1 - buried  # the card, and what a Discard All laid under it
        back = (c, *self.discard[cut:-1]) if buried else _ONE_CARD[c]
        self._undo_hand_moves(snap, events)
        told = backs.seen_by(self, offender, back) if self.rules.hidden_backs else back
        events.append(Event(ev.ILLEGAL_CAUGHT, seat, told, target=offender))  # (as its play was)
        del self.discard[cut:], self.discard_by[cut:]
        self.color, self.top_kind, self.direction = color, top_kind, direction
        self.color_next = -1  # (no colour is named for a wild its turning surfaced)
        self.uno_open = []  # every window open now came with the illegal play
        self.clear_penalty()
        # each card back is checked as any that enters a hand (No Mercy's Mercy rule, NM-12)
        blast.give(self, offender, list(back), events)
        if not self.eliminated[offender]:
            self.draw(offender, 2, ev.FOR_ILLEGAL, events)
        if self.phase != _OVER:  # (an elimination may have left one seat)
            self.set_turn(self.next_seat(offender))

    def _undo_hand_moves(self, snap: tuple[int, ...], events: list[Event]) -> None:
        """A caught illegal card's hand moves are undone (§1.5: the play is taken back): a 7
        swaps back with the seat it named, a 0's Pass goes back the way it came. Each seat
        keeps what it saw of the hands it held. ``snap`` is ``Table.illegal``, read while the
        card is still on top (so a copying card still counts as what it copied)."""
        offender, c, _, _, direction, swapped, _ = snap
        if swapped >= 0:
            swap_hands(self, offender, swapped, events)
            return
        if self.rules.effect[self._effective_kind(c)] == fx.ROTATE_HANDS:
            self.direction = -direction
            rotate_hands(self, events)

    def _referee(self, a: Action, at: float | None = None) -> list[Event]:
        k = a.kind
        if k not in _REFEREE_KINDS:
            raise NotYourWindow(reason=N_("reason.referee_only"), action=a)
        if self.phase == _OVER:
            raise NotYourWindow(reason=N_("reason.round_over"))
        if k is Kind.STUCK:
            events: list[Event] = []
            self.end_stuck(events, ev.STUCK_IDLE)
            self.version += 1
            return events
        if k is Kind.STALL:
            if not self.rules.realtime:
                raise IllegalAction(reason=N_("reason.stall.blast_only"), action=a)
            events = blast.stall(self, at)
            self.version += 1
            return events
        if k is Kind.TIMEOUT:
            if self.phase == _LIVE:
                raise NotYourWindow(reason=N_("reason.timeout_live"), action=a)
            return self._timeout(at)
        if self.phase == _BLAST:
            raise StaleAction(reason=N_("reason.penalize_blast"), action=a)
        t = a.target
        if not 0 <= t < self.n or self.eliminated[t]:
            raise IllegalAction(reason=N_("reason.not_active_seat"), action=a, given=t)
        if not 1 <= a.amount <= len(self.rules.deck):
            raise IllegalAction(
                reason=N_("reason.penalty_size"), action=a, most=len(self.rules.deck)
            )
        events = [Event(ev.PENALIZE, None, target=t, count=a.amount)]
        if self.rules.realtime:  # live play goes on after it (BLAST mode)
            blast.owe(self, [(t, a.amount, ev.FOR_PENALIZE)], (THEN_LIVE, -1), events)
        elif self.rules.blast_draws:
            blast.owe(self, [(t, a.amount, ev.FOR_PENALIZE)], (THEN_KEEP, -1), events)
        else:
            self.draw(t, a.amount, ev.FOR_PENALIZE, events)
        if self.eliminated[t] and self.turn == t and not self.over and not self.rules.realtime:
            self.clear_penalty()
            self.set_turn(self.next_seat(t))
        self._prune_uno()
        if self.rules.hidden_backs:  # what the pile's new top shows (``core.backs``)
            backs.see(self)
        self.version += 1
        return events

    def _timeout(self, at: float | None = None) -> list[Event]:
        """The mandatory window's deadline passed (the match session's ``timeout``): its
        seat takes the window's default — take the penalty, pass after a draw, draw (or
        press), declare the colour it holds most — or, when it may only play (a press
        refused by ``attack.allow_renege=false``), its first offered play."""
        seat = self.turn
        if self.phase == _BLAST:  # each seat still due: its first qualifying set (§5.5)
            events = [Event(ev.TIMEOUT, seat)]
            blast.choose_for_late(self, events)
            self._prune_uno()
            self.version += 1
            return events
        offers: list[Action] = []
        self._mandatory_actions(seat, offers)
        if self.phase == _TURN and self.rules.permissive_illegal_plays:  # never one (U-C-20)
            row = self.p1_row()
            offers = [x for x in offers if x.kind is not _PLAY or row[x.card]] or offers
        choice = offers[0]
        if self.phase == _COLOR_PHASE:
            choice = COLOR_ACTIONS[most_held(self.hands[seat], self.declarable())]
        else:
            for x in offers:
                if x.kind in _DEFAULTS and not x.uno:
                    choice = x
                    break
        told = choice
        if self.rules.hidden_backs:  # the action as its seat sees its cards (``core.backs``)
            told = backs.offered_as_seen(self, seat, (choice,))[0]
        return [Event(ev.TIMEOUT, seat, action=str(told)), *self._run(seat, choice, at)]

    # -- shared procedures -------------------------------------------------------------

    # -- copies, hashing ---------------------------------------------------------------
    def copy(self) -> Game:
        """An independent copy (for search and for trying actions): every field as deep as
        ``core.state.FIELDS`` says (``core.copying``, written from it by tools/gen_state.py).
        The copy shares the last legal actions offered: the same state and version, still
        exactly what is legal."""
        g = Game(self.rules, self.n, self.rng.state)  # (compiled classes have no bare __new__)
        copy_state(self, g)
        return g

    def view(self, seat: int | None) -> View:
        """The frozen view of ``seat`` (``None``: a spectator); see ``view.py``."""
        return views.view(self, seat, self.windows())

    def __repr__(self) -> str:
        return (
            f"<Game {self.rules.variant.name} players={self.n} turn={self.turn} "
            f"phase={self.phase.name} top={CARD_TEXT[self.top] if self.discard else '-'}>"
        )


def number_value(card: int) -> int:
    """A card's value when drawing for the deal: its number, symbols count 0 (S1)."""
    return max(CARD_NUMBER[card], 0)


#: Marks a refusal's reason (a catalogue key: ``core.reasons``).
N_: Final = i18n.N_

# Phases and action kinds as plain module constants: reading ``Phase.TURN`` goes through the
# enum's class machinery on every use, several times per action.
_TURN: Final = Phase.TURN
_DRAWN: Final = Phase.DRAWN
_PENALTY: Final = Phase.PENALTY
_COLOR_PHASE: Final = Phase.COLOR
_OVER: Final = Phase.OVER
_PLAY: Final = Kind.PLAY
_DRAW: Final = Kind.DRAW
_PASS: Final = Kind.PASS
_TAKE: Final = Kind.TAKE
_CHALLENGE: Final = Kind.CHALLENGE
_UNO: Final = Kind.UNO
_CATCH: Final = Kind.CATCH
_CATCH_ILLEGAL: Final = Kind.CATCH_ILLEGAL
_COLOR: Final = Kind.COLOR
_JUMP: Final = Kind.JUMP
_PRESS: Final = Kind.PRESS
_BLAST_KIND: Final = Kind.BLAST
_BLAST: Final = Phase.BLAST
_LIVE: Final = Phase.LIVE
_ARM: Final = Kind.ARM
_DISARM: Final = Kind.DISARM
_UNTIL_FIRE: Final = fx.PEN_FIRE
_UNTIL_COLOR: Final = fx.PEN_COLOR

#: The mandatory window alone, by seat, for the first ``_CACHED_SEATS`` seats: ``windows()``
#: hands out these shared values (a ``Window`` is read-only).
_CACHED_SEATS: Final = 16
#: (Typed as tuples of any length: the compiled build keeps a fixed-length tuple unboxed
#: and would build a new one on every return.)
Windows = tuple[tuple[Window, ...], ...]


def _sole(kind: str) -> Windows:
    return tuple((Window(kind, s),) for s in range(_CACHED_SEATS))


_TURN_WINDOWS: Final[Windows] = _sole(win.TURN)
_DRAWN_WINDOWS: Final[Windows] = _sole(win.DRAWN)
_PENALTY_WINDOWS: Final[Windows] = _sole(win.PENALTY)
_CHALLENGE_WINDOWS: Final[Windows] = _sole(win.CHALLENGE)
_COLOR_WINDOWS: Final[Windows] = _sole(win.COLOR)
#: ``(c,)`` for every card id: the cards of a one-card play, shared.
_ONE_CARD: Final[tuple[tuple[int, ...], ...]] = tuple((c,) for c in range(N_CARDS))
#: ``acting_seats()`` when only the turn seat may act, by seat (any length, as above).
_SEATS: Final[tuple[tuple[int, ...], ...]] = tuple((s,) for s in range(11))

#: The kinds of action that belong to the turn holder's mandatory window.
_MANDATORY: Final = frozenset({_PLAY, _DRAW, _PASS, _TAKE, _CHALLENGE, _COLOR, _PRESS})

#: The actions only the referee (seat None) applies.
_REFEREE_KINDS: Final = frozenset({Kind.PENALIZE, Kind.TIMEOUT, Kind.STALL, Kind.STUCK})

#: What a timeout does in a window that offers it (``Game._timeout``).
_DEFAULTS: Final = frozenset({_TAKE, _PASS, _DRAW, _PRESS})

#: The kinds of action each mandatory window admits.
_ALLOWED: Final = (
    (_PLAY, _DRAW, _PRESS),  # TURN
    (_PLAY, _PASS),  # DRAWN
    (_TAKE, _CHALLENGE, _PLAY),  # PENALTY
    (_COLOR,),  # COLOR
)


_INFINITY: Final = math.inf


def _time(at: object) -> float | None:
    """An action's arrival time (``Game.apply``): a finite number of milliseconds, or None."""
    if at is None:
        return None
    # a float, as the session sends: compared natively (the compiled ``isinstance`` below
    # builds a ``types.UnionType`` on every call)
    if type(at) is float and -_INFINITY < at < _INFINITY:
        return at
    if isinstance(at, bool) or not isinstance(at, int | float) or not math.isfinite(at):
        raise IllegalAction(reason=N_("reason.bad_time"), given=shown(at))
    return float(at)


def draws_for(rules: Rules) -> Draws:
    """How cards come to a hand under ``rules``: presses of a launcher (UNO Attack), draws
    with triggers (UNO Minecraft), UNO Blast's draws, draws that show their drawer the
    cards' backs (two-faced cards, ``core.backs``), or the plain draw pile."""
    if rules.launcher:
        return PRESSES
    if rules.triggers:
        return TRIGGERED
    if rules.blast_draws:
        return blast.BLAST_DRAWS
    if rules.hidden_backs:
        return SEEN_DRAWS
    return PILE


__all__ = ["Game", "Phase", "draws_for", "number_value"]
