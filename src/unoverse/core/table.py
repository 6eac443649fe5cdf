"""The table: the whole state of one round and the primitives every rule set's machinery
works with.

``Table`` holds the state (every field is declared in ``core.state.FIELDS``) and the
operations on it that are the same in every rule set: seats in turn order, P1, moving cards
(draws, reshuffles, a Discard All's discards), opening the turn window, ending the round.
How cards come to a hand differs by rule set, so a table is given a ``Draws``: the draw pile
(this module), the launcher (``core.pressing``), draw triggers (``core.triggers``) or UNO
Blast's draws (``core.blast.machinery``). ``core.plays`` adds what a card may be played as, and
``core.game`` the windows, the checks and the moves. A variant's machinery depends on this
interface, never on ``Game``.
"""

from __future__ import annotations

from typing import Final

from . import events as ev
from .actions import Action
from .blast.part import BlastPart
from .cards import CARD_COLOR, COLOR_LETTERS
from .effects import PEN_COUNT
from .events import Event
from .launcher import Launcher, make_launcher
from .p1 import P1_STRIDE, STRICT_ROWS
from .phase import Phase
from .rng import Rng
from .rules import Rules

_TURN: Final = Phase.TURN
_OVER: Final = Phase.OVER


class Draws:
    """How cards come to a hand: from the draw pile (this class). A rule set with its own
    way subclasses it; one instance serves every table (it holds no state)."""

    def draw(self, t: Table, seat: int, n: int, reason: str, events: list[Event]) -> list[int]:
        """P2: move up to ``n`` cards from the draw pile to ``seat``'s hand (P3 reshuffles
        an empty pile; what no reshuffle brings back is not drawn)."""
        pile = t.draw_pile
        hand = t.hands[seat]
        got: list[int] = []
        while len(got) < n:  # (not ``for _ in range``: the compiled build boxes ``_``)
            if not pile:
                t.reshuffle(events)
                if not pile:
                    events.append(Event(ev.DRAW_SHORT, seat, count=n - len(got)))
                    break
            c = pile.pop()
            hand.append(c)
            got.append(c)
        if got:
            events.append(Event(ev.DRAW, seat, tuple(got), len(got), reason=reason))
        return got

    def draw_until_fire(self, t: Table, seat: int, reason: str, events: list[Event]) -> list[int]:
        """A penalty of "until a card comes" (Wild Hit-Fire): from a draw pile, one card."""
        return self.draw(t, seat, 1, reason, events)


#: The draw pile's way, for every rule set without its own.
PILE: Final = Draws()


class Table:
    """One round's state and its shared primitives (see the module's docstring). ``Game``
    (``core.game``) is the table that plays: build one with ``unoverse.new_game``."""

    __slots__ = (
        "active",
        "blast",
        "buried",
        "color",
        "color_next",
        "dealer",
        "direction",
        "discard",
        "discard_by",
        "draw_pile",
        "drawn",
        "draws",
        "eliminated",
        "hands",
        "illegal",
        "jump_undo",
        "known",
        "landed",
        "launcher",
        "n",
        "offers",
        "offers_seat",
        "offers_version",
        "out",
        "pen_amount",
        "pen_chain",
        "pen_challenge",
        "pen_legal",
        "pen_returned",
        "pen_source",
        "pen_until",
        "phase",
        "rng",
        "rules",
        "said_uno",
        "setup_events",
        "strict",
        "top_kind",
        "turn",
        "uno_open",
        "version",
        "winner",
    )

    def __init__(self, rules: Rules, players: int, seed: int, draws: Draws) -> None:
        """An empty table whose cards come to hands ``draws``' way."""
        self.rules = rules
        self.draws = draws
        self.n = players
        self.rng = Rng(seed)
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.eliminated = [False] * players
        self.active = players
        self.draw_pile: list[int] = []  # top of the pile = end of the list
        self.discard: list[int] = []  # top = end
        self.discard_by: list[int] = []  # who played each discard (-1: turned from the pile)
        # Eliminated hands, face down under the discard pile (UNO Blast, §5.5): hidden, and
        # shuffled into the next draw pile with the discards.
        self.buried: list[int] = []
        # UNO Blast's own fields (``core.blast.part``): None at every other table.
        self.blast: BlastPart | None = (
            BlastPart(players) if rules.blast_draws or rules.realtime else None
        )
        self.color = -1  # active colour
        self.color_next = -1  # who starts once the first card's colour is declared
        self.top_kind = -1  # kind the top card counts as (a blank in copy_top mode copies)
        self.dealer = 0
        self.direction = 1
        self.turn = 0
        self.phase = _TURN
        self.drawn = -1  # the card drawn this turn, while ``phase`` is DRAWN
        self.pen_amount = 0
        self.pen_chain = 0  # draw cards in the pending chain (stacking)
        self.pen_source = -1
        self.pen_challenge = False
        self.pen_legal = True  # hidden: whether the pending Wild Draw Four was legal
        self.pen_returned = False  # sent back by a Boomerang: its player must take it (H-4)
        # how the penalty is drawn: a count, or until a card comes or one of the active
        # colour (``effects.PEN_*``)
        self.pen_until = PEN_COUNT
        # The launcher that replaces the draw pile (UNO Attack), None for a draw pile. Its
        # state is public: one machine, shared by every seat.
        self.launcher: Launcher | None = make_launcher(rules.launcher) if rules.launcher else None
        # A colour the turn-holder must play (no wild, no symbol match), -1 for none: the
        # first turn on a Reverse or Skip under ``attack.strict_first_color``.
        self.strict = -1
        self.out = -1  # seat out of cards whose last card's penalty is still pending
        self.uno_open: list[int] = []  # seats with an open UNO window (P4)
        self.said_uno = [False] * players  # declared UNO since the hand last held 2+ cards
        # What catching an accepted illegal play undoes (§1.5): (offender, card, and the
        # colour, top kind and direction before it, the seat its swap named or -1, and how
        # many cards a Discard All laid under it)
        self.illegal: tuple[int, int, int, int, int, int, int] | None = None
        self.landed = 0  # serial number of the top card: +1 each time a card lands
        # The jump-in window on the top card (jump_in, §4.9), None when closed: what a
        # jump-in must undo of the top card's effect — the state before it was played
        # (direction, turn, phase, drawn, penalty, out) and its hand moves (effect, target,
        # count).
        self.jump_undo: tuple[tuple[int, ...], tuple[int, int, int]] | None = None
        self.winner = -1
        # known[o][h]: cards seat o has seen in seat h's hand (and that are still there)
        self.known: list[list[list[int]]] = [[[] for _ in range(players)] for _ in range(players)]
        self.version = 0
        self.setup_events: list[Event] = []
        # Not state (never copied or saved): the last list ``legal_actions`` returned, for
        # which seat and at which version. ``apply`` accepts one of those very objects from
        # that seat at that version without checking it again: the list is what the checks
        # allow in that state, and the version changes with every action applied.
        self.offers: tuple[Action, ...] = ()
        self.offers_seat = -1
        self.offers_version = -1

    # -- reading ---------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """True once the round has ended."""
        return self.phase == _OVER

    @property
    def top(self) -> int:
        """The top card of the discard pile."""
        return self.discard[-1]

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The active seat ``steps`` places after ``seat`` in the current direction."""
        n, d, elim = self.n, self.direction, self.eliminated
        while steps > 0:  # (not ``for _ in range``: the compiled build boxes ``_``)
            seat = (seat + d) % n
            while elim[seat]:
                seat = (seat + d) % n
            steps -= 1
        return seat

    def left_of(self, seat: int) -> int:
        """The next active seat clockwise, whatever the current direction."""
        seat = (seat + 1) % self.n
        while self.eliminated[seat]:
            seat = (seat + 1) % self.n
        return seat

    def right_of(self, seat: int) -> int:
        """The next active seat counter-clockwise."""
        seat = (seat - 1) % self.n
        while self.eliminated[seat]:
            seat = (seat - 1) % self.n
        return seat

    def matches(self, card: int) -> bool:
        """P1: ``card`` may be played on the top card with the active colour."""
        return self.p1_row()[card] == 1

    def p1_row(self) -> bytes:
        """P1 for the active colour and top kind: one byte per card id, 1 where it plays."""
        if self.strict >= 0:
            return STRICT_ROWS[self.strict]
        return self.rules.p1_rows[(self.color + 1) * P1_STRIDE + self.top_kind + 1]

    def declarable(self) -> tuple[int, ...]:
        """The colours a player may declare now: those of the side the top card shows."""
        return self.rules.colors_for[self.discard[-1]] if self.discard else self.rules.colors

    def color_list(self) -> list[str]:
        """The colours a wild may declare now, as letters (for a refusal's ``colors``)."""
        return [COLOR_LETTERS[c] for c in self.declarable()]

    def set_turn(self, seat: int) -> None:
        """``seat``'s turn window opens."""
        self.turn = seat
        self.phase = _TURN
        self.drawn = -1

    def clear_penalty(self) -> None:
        """No draw penalty is pending any more."""
        self.pen_amount = 0
        self.pen_chain = 0
        self.pen_source = -1
        self.pen_challenge = False
        self.pen_legal = True
        self.pen_returned = False
        self.pen_until = PEN_COUNT

    def draw(self, seat: int, n: int, reason: str, events: list[Event]) -> list[int]:
        """P2: up to ``n`` cards into ``seat``'s hand, the rule set's way (``draws``)."""
        return self.draws.draw(self, seat, n, reason, events)

    def draw_until_fire(self, seat: int, reason: str, events: list[Event]) -> list[int]:
        """A penalty of "until a card comes" (Wild Hit-Fire), the rule set's way (``draws``)."""
        return self.draws.draw_until_fire(self, seat, reason, events)

    def draw_until_color(self, seat: int, color: int, reason: str, events: list[Event]) -> None:
        """P10 (RULES.md §8.9): ``seat`` draws card by card until one whose face up has
        ``color`` comes (a wild face has none, FL-17), or nothing is left to draw."""
        while True:
            got = self.draw(seat, 1, reason, events)
            if not got or CARD_COLOR[got[0]] == color:
                return

    def reshuffle(self, events: list[Event]) -> None:
        """P3: keep the top discard, shuffle the rest into a new draw pile (A-6: reload the
        launcher with them, which resets it). While an accepted illegal play may still be
        caught, the card it covers stays too, and the cards a Discard All laid between them:
        the catch takes them back and that card is the top again (U-C-15). An illegal card
        that turned the pile over (P9) lies at its bottom, over the card it covered: those
        two stay, with the top."""
        d, by = self.discard, self.discard_by
        ill = self.illegal
        if ill is None or d[-1] == ill[1]:
            low, high = 0, len(d) - (1 if ill is None else 2 + ill[6])
        else:
            low, high = 2, len(d) - 1
        high = max(low, high)  # discard[low:high] is shuffled
        b = self.blast
        spent = b.spent if b is not None else []
        if high == low and not self.buried and not spent:
            return
        cards = self.buried + spent + d[low:high]
        self.buried = []
        if b is not None:
            b.spent = []
        self.discard = d[:low] + d[high:]
        self.discard_by = by[:low] + by[high:]
        self.rng.shuffle(cards)
        self.draw_pile[:0] = cards
        if self.launcher is not None:
            self.launcher.reset()
            events.append(Event(ev.RELOAD, count=len(cards)))
        else:
            events.append(Event(ev.RESHUFFLE, count=len(cards)))

    def discard_color_cards(self, p: int, colors: tuple[int, ...], events: list[Event]) -> None:
        """Discard All (A-3): every card of ``colors`` in ``p``'s hand goes, face up, under
        the card just played; their effects do not trigger."""
        hand = self.hands[p]
        gone = [c for c in hand if CARD_COLOR[c] in colors]
        if not gone:
            return
        hand[:] = [c for c in hand if CARD_COLOR[c] not in colors]  # in place: callers hold it
        for row in self.known:
            seen = row[p]
            for c in gone:
                if c in seen:
                    seen.remove(c)
        self.discard[-1:-1] = gone
        self.discard_by[-1:-1] = [p] * len(gone)
        events.append(Event(ev.DISCARD_ALL, p, tuple(gone)))

    def end_stuck(self, events: list[Event], why: str = ev.STUCK_STALEMATE) -> None:
        """End a round that cannot go on (U-B-31) or that nobody plays (``why``
        ``ev.STUCK_IDLE``, U-C-14): the active seat with the fewest cards wins; a tie goes to
        the first of them in play order from the seat after the last one to play a card
        (left of the dealer before any). Whatever was pending — owed draws, an open BLAST
        event — lapses."""
        last = self.discard_by[-1] if self.discard_by else -1
        first = self.next_seat(last) if last >= 0 else self.left_of(self.dealer)
        order = self.resolution_order(first)
        winner = min(order, key=lambda seat: len(self.hands[seat]))
        if self.blast is not None:
            self.blast.lapse()
        events.append(Event(ev.STUCK, winner, count=len(self.hands[winner]), reason=why))
        self.end_round(winner, events)

    def end_round(self, winner: int, events: list[Event]) -> None:
        """``winner`` wins the round: every window closes."""
        self.phase = _OVER
        self.winner = winner
        self.out = -1
        self.uno_open = []
        self.illegal = None
        self.jump_undo = None
        self.clear_penalty()
        events.append(Event(ev.ROUND_OVER, winner, count=self.points_left()))

    def points_left(self) -> int:
        """The card values left in the hands of the seats other than the winner."""
        pts = self.rules.points
        return sum(pts[c] for s, h in enumerate(self.hands) if s != self.winner for c in h)

    def round_points(self) -> int:
        """Points the round's winner scores: the card values left in the other hands, and
        ``Rules.knockout_points`` for each seat knocked out (No Mercy, NM-25)."""
        return self.points_left() + self.rules.knockout_points * (self.n - self.active)

    def hand_points(self, seat: int) -> int:
        """The points of the cards in ``seat``'s hand."""
        pts = self.rules.points
        return sum(pts[c] for c in self.hands[seat])

    def resolution_order(self, first: int) -> list[int]:
        """``first``, then every other active seat in the current direction (§5.5)."""
        order = [first] if not self.eliminated[first] else []
        s = self.next_seat(first)
        while s != first and s not in order:
            order.append(s)
            s = self.next_seat(s)
        return order

    def all_cards(self) -> list[int]:
        """Every card in the game (hands, draw pile, discard pile), for conservation checks."""
        out = [c for h in self.hands for c in h]
        out.extend(self.draw_pile)
        out.extend(self.discard)
        out.extend(self.buried)
        b = self.blast
        if b is not None:
            out.extend(b.spent)
            if b.card >= 0:
                out.append(b.card)
        return out
