"""UNO Blast's BLAST mode (real time, no turns), written again from RULES.md §5.5, §5.8 and
§5.9 for the conformance playouts of ``test_blast_live_playouts.py``.

``LiveModel`` keeps its own copy of the round — hands, piles, direction, the top card, the
Bloqueo's block and colour lock, the armed cards, the last accepted card and who has drawn
its holding penalty, the owed draws a BLAST event suspends — and reads every accepted action
of a real-time playout through its events, as the rules tell them to happen:

* which plays a seat is offered (legal on the pile, §5.5, §5.6; the colour lock, B-5; none
  for a blocked seat, B-4; one card per action, with its colour or number), what it may arm;
* a play from another seat stamped within ``blast.simultaneity_window_ms`` after the accepted
  card is refused, the card stays in the hand, and that seat draws the accepted card's
  holding penalty once (B-3, B-9); a play refused by the session must be one the rules
  refuse (stale, U-B-23), never a simultaneous one;
* holding penalties: +1/+2/+4 hit ``next(P)`` and every seat armed at acceptance, +6/+10 only
  the armed seats (``blast.big_draw_no_holder``, B-8), one seat at a time from ``next(P)``,
  each seat at most once per accepted card;
* the Bloqueo's block (lifted by another seat's accepted card) and lock (one card, or until a
  wild with ``blast.lock_scope=until_wild``); Reversa's run and its recipient
  (``blast.reverse_return``, B-6); Reversa y Toma 4 (B-7); Múltiple Roba (B-10);
* the draw round (B-28, B-29): from ``next(last player to play)`` (``left(d)`` at the start),
  skipping the blocked seat, one card at a time, the first legal card drawn played at once;
  it ends when a BLAST event leaves an active, unblocked seat with a legal card (§5.5 step 7);
  when nobody can play and nothing but BLAST cards is left to draw, the fewest cards win
  (U-B-31);
* BLAST events during live play (§5.5), elimination at the threshold after every card
  (B-12), the end of the round (§5.5), the session's ``stall`` (§5.8);
* card conservation (hands + draw pile + discard pile + spent BLAST cards + buried hands +
  the active BLAST card = the deck), and views that never show another seat's hand or armed
  card.

Nothing here imports ``unoverse.core.live`` or calls the engine's rule helpers: the model
reads the card table, the options, the events and (to compare) the engine's state. The BLAST
challenge tables (which sets meet a BLAST card) come from ``_blast.py``, the Normal-mode
oracle, which is written from RULES.md too.

``live_playout`` plays a seeded round through ``unoverse.sim.driver.play_round`` (bots
``naive``, ``random`` and the test-only ``ArmingBot``, which arms cards) and runs the model
from the driver's ``on_events`` callback: after every accepted action the events, the state,
every seat's offers, what each seat sees of the events, and (sampled) views and illegal
actions; the session's refusals are judged on the state they met. Then the round replays
from its log (``replay_round``; event for event; from saved states).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import unoverse as uv
from unoverse import Action, Game, Kind, Phase, UnoverseError, action
from unoverse.bots.base import Bot, make_bot
from unoverse.core.cards import (
    CARD_COLOR,
    CARD_IS_WILD,
    CARD_KIND,
    CARD_NUMBER,
    CARD_TEXT,
    COLOR_LETTERS,
    KIND_INDEX,
    N_CARDS,
)
from unoverse.core.codec import state_hash
from unoverse.core.events import PRIVATE, PUBLIC, SPLIT, Event, redact
from unoverse.core.seeding import derive
from unoverse.core.view import View
from unoverse.core.windows import Window
from unoverse.match.replay import replay_round
from unoverse.sim.driver import ARMED_DELAY_MS, STALL_MS, RoundRecord, play_round

from ._blast import (
    ALL_NUMBERS,
    BLAST_CODE,
    BLAST_COLORS,
    BLAST_PENALTY_CARDS,
    NUMERAL,
    can_meet,
    check_blast_offers,
    is_blast_card,
    limit,
    qualifies,
)
from ._playout import ConformanceFailure

BLOQUEO = KIND_INDEX["BL"]
REVERSA = KIND_INDEX["R"]
DESCARTAR = KIND_INDEX["DA"]
REV4 = KIND_INDEX["WR4"]
#: §5.8: the holding penalty of each card (the others have none).
HOLDING = {
    KIND_INDEX["+1"]: 1,
    KIND_INDEX["+2"]: 2,
    KIND_INDEX["+4"]: 4,
    KIND_INDEX["W+6"]: 6,
    KIND_INDEX["W+10"]: 10,
}
#: +1/+2/+4: ``next(P)`` draws too; +6/+10 only the holding set (B-8).
NEXT_DRAWS = frozenset({KIND_INDEX["+1"], KIND_INDEX["+2"], KIND_INDEX["+4"]})
MULTIPLE = {KIND_INDEX["WM2"]: 2, KIND_INDEX["WM4"]: 4}
REV4_CARDS = 4
#: An owed draw of the draw round: one card at a time, seat by seat, until a card plays.
ROUND = -2
#: Events that mark a change the model counts per action, in any order.
MARKERS = frozenset({"arm", "disarm", "unblocked", "blocked", "reverse", "holding"})
NO_TIME = float("-inf")
_ARMS = [Action(Kind.ARM, card=c) for c in range(N_CARDS)]

Key = tuple[str, int | None, tuple[int, ...], int, int, int]


def _key(e: Event) -> Key:
    return (e.kind, e.seat, e.cards, e.count, e.color, e.direction)


def _text(cards: Iterable[int]) -> str:
    return " ".join(CARD_TEXT[c] for c in cards) or "-"


def _opt(game: Game, name: str, default: object) -> Any:
    return game.rules.options.get(name, default)


class _Event:
    """An open BLAST event as the model follows it."""

    __slots__ = ("card", "chosen", "drawer", "due")

    def __init__(self, card: int, drawer: int, due: list[int]) -> None:
        self.card = card
        self.drawer = drawer
        self.due = due
        self.chosen: dict[int, tuple[int, ...]] = {}


class LiveModel:
    """The model of one BLAST-mode round (see the module doc). ``fail`` raises."""

    def __init__(
        self, game: Game, fail: Callable[[str], None], *, stall_ms: float | None = None
    ) -> None:
        self.fail = fail
        self.n = game.n
        self.dealer = game.dealer
        self.stall_ms = stall_ms
        self.window = float(_opt(game, "blast.simultaneity_window_ms", 250))
        self.until_wild = _opt(game, "blast.lock_scope", "next_card") == "until_wild"
        self.reverse_return = str(_opt(game, "blast.reverse_return", "contiguous"))
        self.big_next = _opt(game, "blast.big_draw_no_holder", "nobody") == "next"
        self.numeral_match = bool(_opt(game, "blast.numeral_number_match", True))
        self.wild = bool(_opt(game, "blast.numeral_wild_in_challenges", True))
        self.limit = limit(game)
        self.deck = Counter(game.rules.deck)
        self.sorted_deck = sorted(game.rules.deck)
        if _opt(game, "blast.mode", "normal") != "blast" or not game.rules.realtime:
            fail("§5.4: blast.mode=blast plays in real time")
        self.paths: Counter[str] = Counter()
        # the round
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        self.elim = list(game.eliminated)
        self.direction = 1
        self.discard: list[tuple[int, int]] = []  # (card, played_by), top last
        self.color = -1
        self.number = -1  # the number the top card counts as (-1: none)
        self.top_kind = -1
        self.draw_top: list[int] = []  # the draw pile's top, in order (top last)
        self.draw_rest: Counter[int] = Counter()  # beneath it, order unknown
        self.buried: list[int] = []
        self.spent: list[int] = []
        self.armed = [-1] * self.n
        self.blocked = -1
        self.lock: list[int] = []
        self.accepted: tuple[float, int, int] | None = None  # (time, seat, card)
        self.paid: set[int] = set()
        self.phase = Phase.LIVE
        self.drawn: tuple[int, int] = (-1, -1)  # the draw round's card to play: (seat, card)
        self.event: _Event | None = None
        self.owed: list[list[int]] = []  # [seat, cards or ROUND, reason index]
        self.reasons: list[str] = []
        self.then: tuple[str, int] = ("live", -1)
        self.out = -1  # a seat whose last card's draws are still being made
        self.winner = -1
        self.landed_at = 0.0
        self.quiet = False
        self.actions = 0
        self._memo: dict[int, tuple[bool, bool, frozenset[Action]]] = {}
        # per action
        self.events: Sequence[Event] = ()
        self.pos = 0
        self.marks: Counter[Key] = Counter()
        self._setup(game)

    # -- set-up (§5.4) -------------------------------------------------------------------
    def _setup(self, game: Game) -> None:
        """Hands as dealt (no BLAST card), the starter a number turned from the pile, then the
        set-up's own draw round if nobody can play the starter (§5.8)."""
        setup = game.setup_events
        for e in setup:
            if e.kind == "deal" and isinstance(e.seat, int):
                self.hands[e.seat].extend(e.cards)
        if any(is_blast_card(c) for h in self.hands for c in h):
            self.fail("§5.4: a BLAST card was dealt")
        starts = [i for i, e in enumerate(setup) if e.kind == "starter"]
        if not starts:
            self.fail("§5.4: no starter turned")
        starter = setup[starts[-1]].cards[0]
        if CARD_NUMBER[starter] < 0:
            self.fail(f"§5.4: the starter {CARD_TEXT[starter]} is not a number")
        self.discard = [(starter, -1)]
        self.color = CARD_COLOR[starter]
        self.number = CARD_NUMBER[starter]
        self.top_kind = CARD_KIND[starter]
        self._moved()
        rest = setup[starts[-1] + 1 :]
        if any(e.kind == "reshuffle" for e in rest):
            self.fail("the set-up reshuffled a full draw pile")
        # the draw pile before the set-up's draw round: its cards, order unknown
        taken = [c for e in rest if e.kind in ("draw", "blast") for c in e.cards]
        self.draw_rest = Counter(game.draw_pile) + Counter(taken)
        if game.blast.card >= 0 and game.blast.card not in taken:
            self.fail("§5.5: a BLAST event open at the start without a drawn BLAST card")
        self._begin(rest)
        self._go_on()
        self._finish(game, "the set-up")

    # -- reading the events ----------------------------------------------------------------
    def _begin(self, events: Sequence[Event]) -> None:
        self.events = events
        self.pos = 0
        self.marks = Counter()

    def _pull(self, want: str = "") -> Event:
        """The next event that is no marker (a reshuffle is read on the way)."""
        events = self.events
        while self.pos < len(events):
            e = events[self.pos]
            self.pos += 1
            if e.kind in MARKERS:
                continue
            if e.kind == "reshuffle":
                self._reshuffle(e)
                continue
            return e
        self.fail(f"the events end where the rules call for more ({want or self._todo()})")
        raise AssertionError  # unreachable

    def _peek(self) -> Event | None:
        for e in self.events[self.pos :]:
            if e.kind not in MARKERS and e.kind != "reshuffle":
                return e
        return None

    def _todo(self) -> str:
        if self.owed:
            s, k, r = self.owed[0]
            what = "cards until one plays" if k == ROUND else f"{k} more cards"
            return f"seat {s} owes {what} ({self.reasons[r]})"
        return "nothing"

    def _mark(
        self, kind: str, seat: int, cards: tuple[int, ...] = (), count: int = 0, direction: int = 0
    ) -> None:
        self.marks[(kind, seat, cards, count, -1, direction)] += 1

    # -- seats -----------------------------------------------------------------------------
    def _next(self, s: int) -> int:
        """next(s): the next active seat in the current direction (§0.2)."""
        t = (s + self.direction) % self.n
        while self.elim[t]:
            t = (t + self.direction) % self.n
        return t

    def _left(self, s: int) -> int:
        t = (s + 1) % self.n
        while self.elim[t]:
            t = (t + 1) % self.n
        return t

    def _around(self, first: int, skip: int) -> list[int]:
        """The active seats from ``first`` on in the current direction, ``skip`` left out."""
        out: list[int] = []
        s = first
        while s != skip and s not in out:
            out.append(s)
            s = self._next(s)
        return out

    def _unblocked_from(self, s: int) -> int:
        """B-29: the first active seat from ``s`` on that is not blocked (-1: none)."""
        for _ in range(self.n):
            if not self.elim[s] and s != self.blocked:
                return s
            s = self._next(s)
        return -1

    def _active(self) -> list[int]:
        return [s for s in range(self.n) if not self.elim[s]]

    # -- legal play (§5.5, §5.6, B-5) --------------------------------------------------------
    def _numbers(self, c: int) -> frozenset[int]:
        """§5.6, B-11: a Numeral of the active colour, or on a Numeral, declares any number;
        otherwise (``blast.numeral_number_match``) only the top card's number."""
        top = self.discard[-1][0]
        if CARD_COLOR[c] == self.color or CARD_KIND[top] == NUMERAL:
            return ALL_NUMBERS
        if self.number >= 0 and self.numeral_match:
            return frozenset((self.number,))
        return frozenset()

    def _p1(self, c: int) -> bool:
        """§5.5: colour, number or symbol (a Numeral top counts as its number), the wild-type
        cards on anything; a BLAST card never plays."""
        if is_blast_card(c):
            return False
        if CARD_IS_WILD[c]:
            return True
        if CARD_KIND[c] == NUMERAL:
            return bool(self._numbers(c))
        if CARD_COLOR[c] == self.color:
            return True
        top = self.discard[-1][0]
        if CARD_IS_WILD[top]:
            return False
        if CARD_KIND[top] == NUMERAL:
            return CARD_NUMBER[c] >= 0 and CARD_NUMBER[c] == self.number
        return CARD_KIND[c] == CARD_KIND[top]

    def _judge(self, c: int) -> tuple[bool, bool, frozenset[Action]]:
        """``c`` on the pile as it is: (P1, P1 and the lock, its ways to play), memoised
        until the top card, the active colour or the lock change (``_moved``)."""
        hit = self._memo.get(c)
        if hit is None:
            p1 = self._p1(c)
            ok = p1 and (CARD_IS_WILD[c] or CARD_COLOR[c] not in self.lock)
            hit = self._memo[c] = (p1, ok, frozenset(self._ways(c)) if ok else frozenset())
        return hit

    def _moved(self) -> None:
        self._memo = {}

    def playable(self, c: int) -> bool:
        """P1 and the colour lock, which a wild-type card lifts (B-5)."""
        return self._judge(c)[1]

    def can_play(self, s: int) -> bool:
        return not self.elim[s] and s != self.blocked and any(map(self.playable, self.hands[s]))

    def _ways(self, c: int) -> set[Action]:
        """Every way to play ``c``: a wild's six colours, a Numeral's numbers; one card, no
        UNO call (B-23, U-B-21)."""
        if CARD_IS_WILD[c]:
            return {Action(Kind.PLAY, card=c, color=k) for k in BLAST_COLORS}
        if CARD_KIND[c] == NUMERAL:
            return {Action(Kind.PLAY, card=c, number=x) for x in self._numbers(c)}
        return {Action(Kind.PLAY, card=c)}

    def offers(self, s: int) -> set[Action]:
        """The actions seat ``s`` must be offered outside a BLAST event (§5.8): live, its plays
        (none while blocked) and arming any other card it holds, or putting the armed one
        back; in the draw round's forced play, the drawn card's plays for its drawer alone."""
        out: set[Action] = set()
        if self.elim[s] or self.phase in (Phase.OVER, Phase.BLAST):
            return out
        if self.phase == Phase.DRAWN:
            seat, c = self.drawn
            return self._ways(c) if s == seat else out
        hand = self.hands[s]
        for c in set(hand):
            if s != self.blocked:
                p1, ok, ways = self._judge(c)
                if ok:
                    out |= ways
                elif p1:
                    self.paths["lock:excluded"] += 1
            if c != self.armed[s]:
                out.add(_ARMS[c])
        if self.armed[s] >= 0:
            out.add(Action(Kind.DISARM))
        if s == self.blocked and any(map(self.playable, hand)):
            self.paths["block:holds_a_legal_card"] += 1
        return out

    def simultaneous(self, seat: int, at: float | None) -> bool:
        """B-3: a play from another seat stamped within the window after the accepted card;
        during the draw round's forced play, any seat's but the one that must play (U-B-33)."""
        if self.accepted is None or at is None:
            return False
        if self.phase == Phase.DRAWN and seat == self.drawn[0]:
            return False
        t, p, _ = self.accepted
        return seat != p and t <= at <= t + self.window

    # -- one accepted action ----------------------------------------------------------------
    def after(
        self, seat: int, act: Action, at: float | None, events: Sequence[Event], referee: bool
    ) -> None:
        """Read ``seat: act`` (arrived at ``at``; ``referee``: the session's ``stall``) and its
        events; the engine's state is compared by ``check``."""
        self.actions += 1
        self._begin(events)
        if self.phase == Phase.OVER:
            self.fail(f"{seat}: {act} accepted after the end of the round")
        was = self.phase
        self._read(seat, act, at, referee)
        if self.phase == Phase.LIVE and was != Phase.LIVE and at is not None:
            self.landed_at = at  # U-B-37: the stall counts from when live play resumed

    def _read(self, seat: int, act: Action, at: float | None, referee: bool) -> None:
        k = act.kind
        if referee:
            if k != Kind.STALL:
                self.fail(f"the referee's {act}: live play has only the stall (U-B-30)")
            self._stall(at)
        elif self.phase == Phase.BLAST:
            if k != Kind.BLAST:
                self.fail(f"§5.5 step 7: {seat}: {act} accepted while a BLAST event is open")
            self._choice(seat, act)
        elif k == Kind.PLAY:
            if self.phase in (Phase.LIVE, Phase.DRAWN) and self.simultaneous(seat, at):
                self._refuse(seat, act)
            else:
                self._accept(seat, act, at)
        elif k in (Kind.ARM, Kind.DISARM):
            self._arm(seat, act)
        else:
            self.fail(f"§5.8: {seat}: {act} accepted; BLAST mode has plays, arm and disarm")

    def _arm(self, seat: int, act: Action) -> None:
        if self.phase != Phase.LIVE or act not in self.offers(seat):
            self.fail(f"U-B-25: {seat}: {act} accepted where it is not offered")
        e = next((x for x in self.events if x.kind in ("arm", "disarm")), None)
        if act.kind == Kind.ARM:
            self.armed[seat] = act.card
            self._mark("arm", seat, (act.card,))
            if e is None or e.vis != SPLIT:
                self.fail("U-B-24: arming is public, the armed card private (a SPLIT event)")
            self.paths["arm"] += 1
        else:
            self.armed[seat] = -1
            self._mark("disarm", seat)
            self.paths["disarm"] += 1
        self._go_on()

    def _refuse(self, seat: int, act: Action) -> None:
        """B-3, B-9: refused as simultaneous; the card stays; the holding penalty once."""
        assert self.accepted is not None
        _, p, x = self.accepted
        c = act.card
        e = self._pull("the refusal")
        if (e.kind, e.seat, e.cards) != ("simultaneous", seat, (c, x)) or e.vis != PUBLIC:
            self.fail(
                f"B-3: {seat}: {act} stamped within {self.window:g} ms after seat {p}'s "
                f"{CARD_TEXT[x]} is refused as simultaneous; got {e.kind} {e.seat} {e.cards}"
            )
        if c not in self.hands[seat]:
            self.fail(f"B-3: {seat} played {CARD_TEXT[c]}, which it does not hold")
        n = HOLDING.get(CARD_KIND[x], 0)
        if n and seat not in self.paid:
            self.paid.add(seat)
            self._mark("holding", seat, (x,), n)
            self.paths["simultaneous:holding"] += 1
            self._owe([[seat, n, self._reason("holding")]], ("live", -1))
        else:
            self.paths["simultaneous:paid" if n else "simultaneous:none"] += 1
            self._go_on()

    def _stall(self, at: float | None) -> None:
        """§5.8 stall: a seat holding a legal card plays its first legal card in card-id order
        (a wild: the colour it holds most, U-B-29); due ``stall_ms`` after the last card, or
        after live play resumed if that is later (U-B-37)."""
        if self.phase != Phase.LIVE:
            self.fail("§5.8: a stall outside live play")
        able = [s for s in range(self.n) if self.can_play(s)]
        if not able:
            self.fail("§5.8: a stall while no seat can play")
        if self.stall_ms is not None and at is not None and at != self.landed_at + self.stall_ms:
            self.fail(
                f"§5.8: the stall at {at} ms; the last card landed (or live play resumed) at "
                f"{self.landed_at} ms, "
                f"stall_ms is {self.stall_ms:g}"
            )
        e = self._pull("the stall")
        seat = e.seat if isinstance(e.seat, int) else -1
        if e.kind != "stall" or seat not in able:
            self.fail(f"§5.8: the stall names a seat that cannot play: {e} (able: {able})")
        first = min(c for c in self.hands[seat] if self.playable(c))
        play = self._peek()
        if play is None or play.kind != "play" or e.cards != (first,) or play.cards != (first,):
            self.fail(f"§5.8: the stall plays seat {seat}'s first legal card {CARD_TEXT[first]}")
            return
        act = Action(Kind.PLAY, card=first, color=play.color)
        if CARD_IS_WILD[first]:
            held = Counter(CARD_COLOR[c] for c in self.hands[seat] if not CARD_IS_WILD[c])
            most = max((held[k] for k in BLAST_COLORS), default=0)
            if held[play.color] != most:
                self.fail(
                    f"U-B-29: the stall's {CARD_TEXT[first]} declares "
                    f"{COLOR_LETTERS[play.color]}; seat {seat} holds more of another colour"
                )
        elif CARD_KIND[first] == NUMERAL:
            number = play.number
            if number != min(self._numbers(first)):
                self.fail(f"U-B-29: the stall's Numeral declares {number}")
            act = Action(Kind.PLAY, card=first, number=number)
        self.paths["stall"] += 1
        self._accept(seat, act, at, stalled=True)

    def _accept(self, p: int, act: Action, at: float | None, stalled: bool = False) -> None:
        """An accepted play (§5.8): legal and from an unblocked seat; its effect."""
        c = act.card
        if not stalled and act not in self.offers(p):
            why = "blocked" if p == self.blocked else "not legal on the pile now"
            if self.phase == Phase.DRAWN:
                why = f"only seat {self.drawn[0]}'s drawn {CARD_TEXT[self.drawn[1]]} plays now"
            self.fail(f"§5.8: {p}: {act} was accepted ({why})")
        e = self._pull("the play")
        if (e.kind, e.seat, e.cards, e.color) != ("play", p, (c,), act.color) or e.vis != PUBLIC:
            self.fail(f"§5.8: {p}: {act} lands one card: got {e}")
        hand = self.hands[p]
        hand.remove(c)
        self.discard.append((c, p))
        k = CARD_KIND[c]
        self.top_kind = k
        self.number = CARD_NUMBER[c]
        if k == NUMERAL:
            self.number = act.number
            self.top_kind = act.number
        if CARD_IS_WILD[c]:
            if act.color not in BLAST_COLORS:
                self.fail(f"§5.2: {act} declares no Blast colour")
            self.color = act.color
        else:
            self.color = CARD_COLOR[c]
        if self.phase == Phase.DRAWN:
            self.phase = Phase.LIVE
            self.drawn = (-1, -1)
            self.paths["round:played"] += 1
        # B-4: the block lifts once another seat's card is accepted (the Bloqueo's player too)
        if self.blocked >= 0 and p != self.blocked:
            self._mark("unblocked", self.blocked)
            self.paths["unblocked"] += 1
            self.blocked = -1
        # B-5: the lock covers the next card; a wild lifts it (until_wild: only a wild)
        if self.lock and CARD_IS_WILD[c]:
            self.paths["lock:lifted_by_wild"] += 1
        if CARD_IS_WILD[c] or not self.until_wild:
            self.lock = []
        self._moved()
        self.accepted = (NO_TIME if at is None else at, p, c)
        self.paid = {p}
        if at is not None:
            self.landed_at = at
        if k == DESCARTAR:  # as in Normal: every card of its colour under it
            gone = [x for x in hand if CARD_COLOR[x] == CARD_COLOR[c]]
            if gone:
                d = self._pull("Descartar Todo's cards")
                if d.kind != "discard_all" or d.seat != p or Counter(d.cards) != Counter(gone):
                    self.fail(f"§5.7 Descartar Todo: seat {p} discards {_text(gone)}; got {d}")
                for x in d.cards:
                    hand.remove(x)
                self.discard[-1:-1] = [(x, p) for x in d.cards]
            self.paths["descartar"] += 1
        if self.armed[p] >= 0 and self.armed[p] not in hand:
            self.armed[p] = -1  # U-B-24: its armed card left the hand
            self._mark("disarm", p)
            self.paths["armed_card_played"] += 1
        then = ("live", -1) if hand else ("out", p)
        if not hand:
            self.out = p
        draws: list[list[int]] = []
        if k == BLOQUEO:
            self.blocked = self._next(p)
            self.lock.append(CARD_COLOR[c])
            self._moved()
            self.marks[("blocked", self.blocked, (), 0, CARD_COLOR[c], 0)] += 1
            self.paths["block"] += 1
        elif k == REVERSA:
            self.direction = -self.direction
            self._mark("reverse", p, direction=self.direction)
            self._reverse_return(p, c)
        elif k == REV4:
            draws = self._rev4(p)
        elif k in MULTIPLE:
            why = self._reason("all_hit")
            draws = [[s, MULTIPLE[k], why] for s in self._around(self._next(p), p)]
            self.paths["multiple"] += 1
        elif k in HOLDING:
            draws = self._holding(p, c)
        self._owe(draws, then)

    def _holding(self, p: int, c: int) -> list[list[int]]:
        """+1/+2/+4: ``next(P)`` and every armed seat draw; +6/+10: the armed seats only, or
        nobody, or ``next(P)`` (``blast.big_draw_no_holder=next``); once each (B-8, B-9), one
        seat at a time from ``next(P)``."""
        k = CARD_KIND[c]
        n = HOLDING[k]
        first = self._next(p)
        armed = [s for s in self._around(first, p) if self.armed[s] >= 0]
        out: list[list[int]] = []
        for s in self._around(first, p):
            if s in armed:
                out.append([s, n, self._reason("holding")])
                self._mark("holding", s, (c,), n)
                self.paths["holding:armed"] += 1
                if s == first and k in NEXT_DRAWS:
                    self.paths["holding:armed_next_once"] += 1
            elif s == first and (k in NEXT_DRAWS or (not armed and self.big_next)):
                out.append([s, n, self._reason("penalty")])
        self.paid |= {s for s, _, _ in out}
        if k not in NEXT_DRAWS:
            self.paths[
                "big:holders" if armed else ("big:next" if self.big_next else "big:nobody")
            ] += 1
        return out

    def _reverse_return(self, p: int, c: int) -> None:
        """B-6: the cards of the Reversa's colour beneath it go to the player of the card
        directly beneath (not nobody, the Reversa's player or an eliminated seat): the
        contiguous run (stopping at another colour, a wild, a card nobody played or a
        Reversa, U-B-35), every such card but the Reversas in the pile (``all_same_color``),
        or none (``none``)."""
        mode = self.reverse_return
        pile = self.discard
        if mode == "none" or len(pile) < 2:
            self.paths[f"reversa:nothing:{mode}"] += 1
            return
        r = pile[-2][1]
        if r < 0 or r == p or self.elim[r]:
            self.paths["reversa:nobody"] += 1
            return
        colour = CARD_COLOR[c]
        taken: list[int] = []  # positions, top first
        for i in range(len(pile) - 2, -1, -1):
            x, by = pile[i]
            same = not CARD_IS_WILD[x] and CARD_COLOR[x] == colour and by >= 0
            if same and CARD_KIND[x] != REVERSA:
                taken.append(i)
            elif mode == "contiguous":
                break  # another colour, a wild, nobody's card, or a Reversa (U-B-35)
        if not taken:
            self.paths["reversa:no_run"] += 1
            return
        cards = tuple(pile[i][0] for i in taken)
        e = self._pull("the Reversa's run")
        if (e.kind, e.seat, e.cards) != ("returned", r, cards) or e.vis != PUBLIC:
            self.fail(f"B-6 ({mode}): {_text(cards)} go back to seat {r}; got {e}")
        for i in taken:
            del pile[i]
        self.paths[f"reversa:returned:{mode}"] += 1
        self._give(r, list(cards))

    def _rev4(self, p: int) -> list[list[int]]:
        """B-7: the card directly beneath goes back to its player, who draws 4; if nobody,
        the player itself or an eliminated seat played it, it stays and ``next(P)`` draws 4.
        No change of direction."""
        pile = self.discard
        r = pile[-2][1] if len(pile) >= 2 else -1
        why = self._reason("penalty")
        if r < 0 or r == p or self.elim[r]:
            self.paths["rev4:stays"] += 1
            return [[self._next(p), REV4_CARDS, why]]
        x = pile.pop(-2)[0]
        e = self._pull("Reversa y Toma 4's card")
        if (e.kind, e.seat, e.cards) != ("returned", r, (x,)) or e.vis != PUBLIC:
            self.fail(f"B-7: {CARD_TEXT[x]} goes back to seat {r}; got {e}")
        self.paths["rev4:returned"] += 1
        self._give(r, [x])
        if self.elim[r] or self.phase == Phase.OVER:
            return []
        return [[r, REV4_CARDS, why]]

    # -- hands -----------------------------------------------------------------------------
    def _give(self, s: int, cards: list[int]) -> None:
        """Cards from the pile into ``s``'s hand, each checked for elimination (U-B-27: past
        the threshold the rest go face down with the eliminated hand)."""
        for i, c in enumerate(cards):
            self.hands[s].append(c)
            if len(self.hands[s]) >= self.limit:
                self.buried.extend(cards[i + 1 :])
                self._eliminated(s)
                return

    def _add(self, s: int, cards: Sequence[int], why: str) -> None:
        """Drawn cards enter the hand one at a time (B-12: elimination after each)."""
        for i, c in enumerate(cards):
            if is_blast_card(c):
                self.fail(f"§5.5 step 1: the BLAST card {CARD_TEXT[c]} entered seat {s}'s hand")
            self.hands[s].append(c)
            if len(self.hands[s]) >= self.limit:
                if i != len(cards) - 1:
                    self.fail(f"B-12: seat {s} drew {len(cards) - 1 - i} cards after elimination")
                self._eliminated(s)
                if why:
                    self.paths[f"eliminated:{why}"] += 1
                return

    def _eliminated(self, s: int) -> None:
        e = self._pull(f"seat {s}'s elimination")
        if (e.kind, e.seat, e.cards, e.count) != ("eliminated", s, (), len(self.hands[s])):
            self.fail(f"B-12: seat {s} holds {len(self.hands[s])} cards: eliminated; got {e}")
        if e.vis != PUBLIC:
            self.fail("U-B-6: an elimination is public, the hand face down")
        self.buried.extend(self.hands[s])
        self.hands[s] = []
        self.elim[s] = True
        self.armed[s] = -1
        if self.blocked == s:
            self.blocked = -1
        self.paths["eliminated"] += 1
        if self.phase == Phase.LIVE or self.event is not None:
            self.paths["eliminated:live"] += 1
        active = self._active()
        if len(active) == 1:
            self._round_over(active[0], "§5.5 (b): one active seat remains")
            self.paths["over:last_active"] += 1

    def _round_over(self, winner: int, why: str) -> None:
        e = self._pull("the end of the round")
        if e.kind != "round_over" or e.seat != winner:
            self.fail(f"{why}: seat {winner} wins; got {e.kind} {e.seat}")
        self.winner = winner
        self.phase = Phase.OVER
        self.owed = []
        self.event = None

    # -- the draw pile -----------------------------------------------------------------------
    def _take(self, c: int, what: str) -> None:
        """``c`` leaves the draw pile: its top card when the order is known."""
        if self.draw_top:
            top = self.draw_top.pop()
            if top != c:
                self.fail(f"P2: {what} took {CARD_TEXT[c]}; the pile's top is {CARD_TEXT[top]}")
        elif self.draw_rest[c] > 0:
            self.draw_rest[c] -= 1
        else:
            self.fail(f"P2: {what} took {CARD_TEXT[c]}, which is not in the draw pile")

    def _unordered(self) -> None:
        self.draw_rest += Counter(self.draw_top)
        self.draw_top = []

    def _pile_size(self) -> int:
        return len(self.draw_top) + self.draw_rest.total()

    def _reshuffle(self, e: Event) -> None:
        """P3, B-15: every discard but the top, the buried hands and the spent BLAST cards
        (not the active one) go under what is left of the draw pile."""
        cards = [c for c, _ in self.discard[:-1]] + self.buried + self.spent
        if e.count != len(cards):
            self.fail(f"P3, B-15: a reshuffle of {e.count} cards; there are {len(cards)}")
        self.draw_rest += Counter(cards)
        self.discard = self.discard[-1:]
        self.buried = []
        self.spent = []
        self.paths["reshuffle"] += 1

    def _nothing_to_draw(self, quiet: bool) -> bool:
        left = list(self.draw_top) + list(self.draw_rest.elements())
        if any(not is_blast_card(c) for c in left) or (left and not quiet):
            return False
        return len(self.discard) <= 1 and not self.buried and not self.spent

    def _drawable(self) -> bool:
        """Some card but a BLAST card can still be drawn: from the draw pile or from what a
        reshuffle brings back (the discards under the top, the buried hands)."""
        cards = [*self.draw_top, *self.draw_rest.elements(), *self.buried]
        cards += [c for c, _ in self.discard[:-1]]
        return any(not is_blast_card(c) for c in cards)

    # -- owed draws --------------------------------------------------------------------------
    def _reason(self, name: str) -> int:
        if name not in self.reasons:
            self.reasons.append(name)
        return self.reasons.index(name)

    def _owe(self, draws: list[list[int]], then: tuple[str, int]) -> None:
        self.owed = draws
        self.then = then
        self._run()

    def _run(self) -> None:
        """Make the owed draws until they are done, a BLAST event waits for choices, or the
        round ends; then what follows them."""
        owed = self.owed
        while owed and self.phase != Phase.OVER:
            s, k, r = owed[0]
            why = self.reasons[r]
            if self.elim[s]:  # B-12: an eliminated seat's draws are cancelled
                owed.pop(0)
                if k == ROUND:  # the draw round goes on without it
                    after = self._unblocked_from(self._next(s))
                    if after >= 0:
                        owed.insert(0, [after, ROUND, r])
                continue
            if k == ROUND:
                if any(self.can_play(t) for t in range(self.n)):
                    # §5.5 step 7: after an event, the round ends if a seat can now play
                    owed.pop(0)
                    self.paths["round:ended_by_event"] += 1
                    continue
                e = self._pull(f"seat {s}'s card of the draw round")
                if e.kind == "blast" and e.seat == s:
                    self.paths["event:round"] += 1
                    self._open(e, s)
                    if self.event is not None:
                        return
                    continue
                if e.kind == "draw_short" and e.seat == s:
                    if not self._nothing_to_draw(False):
                        self.fail(f"P2: seat {s} drew nothing though cards are left ({e})")
                    owed.pop(0)  # §5.5: nothing to draw: the round ends
                    self.paths["round:short"] += 1
                    continue
                if (e.kind, e.seat, e.count, e.reason) != ("draw", s, 1, why) or len(e.cards) != 1:
                    self.fail(f"B-28: seat {s} draws one card in the draw round; got {e}")
                self._drew(e)
                c = e.cards[0]
                self._take(c, f"seat {s}'s draw")
                self._add(s, (c,), "round")
                if self.phase == Phase.OVER:
                    continue
                if not self.elim[s] and self.playable(c):
                    owed.pop(0)  # B-28: played at once
                    self.phase = Phase.DRAWN
                    self.drawn = (s, c)
                elif not self.elim[s]:
                    owed[0] = [self._unblocked_from(self._next(s)), ROUND, r]
                continue
            e = self._pull(f"seat {s}'s {k} cards ({why})")
            if e.kind == "draw" and e.seat == s and e.reason == why:
                self._drew(e)
                if len(e.cards) > k:
                    self.fail(f"seat {s} drew {len(e.cards)} cards of the {k} it owed ({why})")
                for c in e.cards:
                    self._take(c, f"seat {s}'s draw")
                owed[0][1] = k - len(e.cards)
                self._add(s, e.cards, why)
                if not owed[0][1]:
                    owed.pop(0)
            elif e.kind == "blast" and e.seat == s:
                self.paths[f"event:{why}"] += 1
                self._open(e, s)
                if self.event is not None:
                    return
            elif e.kind == "draw_short" and e.seat == s:
                owed.pop(0)
                self._short(s, why, k, quiet=False)
            else:
                self.fail(
                    f"§5.5/§5.8: seat {s} owes {k} more cards ({why}); got {e.kind} (seat "
                    f"{e.seat}, {e.reason or e.count}): a BLAST card is no drawn card"
                )
        if self.phase == Phase.OVER or self.event is not None:
            return
        what, s = self.then
        self.then = ("live", -1)
        if what == "out":  # U-B-28: the seat that went out wins once its draws are done
            self._round_over(s, "§5.5 (a): a seat that played its last card wins")
            self.paths["over:emptied"] += 1
        else:
            self._go_on()

    def _drew(self, e: Event) -> None:
        if e.vis != SPLIT or e.count != len(e.cards):
            self.fail(f"P2: a draw event {e} (split: the drawer alone sees the cards)")

    def _short(self, s: int, why: str, most: int, quiet: bool) -> None:
        """P2's ``draw_short``: nothing left to draw; the cards drawn before may follow."""
        if not self._nothing_to_draw(quiet):
            self.fail(f"P2: seat {s} stopped short ({why}) though cards are left to draw")
        e = self._peek()
        if e is not None and e.kind == "draw" and e.seat == s and e.reason == why:
            self._pull()
            if len(e.cards) >= most:
                self.fail(f"seat {s} drew {len(e.cards)} of {most} cards, yet 'draw_short'")
            for c in e.cards:
                self._take(c, f"seat {s}'s draw")
            self._add(s, e.cards, why)

    def _go_on(self) -> None:
        """§5.8: when no active, unblocked seat holds a legal card, the draw round starts at
        ``next(last player to play)`` (``left(d)`` before any card), blocked seats skipped."""
        if self.phase != Phase.LIVE:
            return
        if any(self.can_play(s) for s in range(self.n)):
            return
        last = self.discard[-1][1]
        first = self._next(last) if last >= 0 else self._left(self.dealer)
        if not self._drawable():  # U-B-31: stuck; the fewest cards win
            order = [first]
            s = self._next(first)
            while s != first:
                order.append(s)
                s = self._next(s)
            winner = min(order, key=lambda t: len(self.hands[t]))
            e = self._pull("the end of a round where nobody can play or draw")
            if (e.kind, e.seat, e.count) != ("stuck", winner, len(self.hands[winner])):
                self.fail(f"U-B-31: nobody can play or draw: seat {winner} wins; got {e}")
            self.paths["stuck"] += 1
            self._round_over(winner, "U-B-31: the fewest cards win")
            return
        first = self._unblocked_from(first)
        if first < 0:
            return
        e = self._pull("the draw round")
        if (e.kind, e.seat) != ("draw_round", first):
            self.fail(f"B-28, B-29: nobody can play: a draw round from seat {first}; got {e}")
        self.paths["draw_round"] += 1
        if self.blocked >= 0:
            self.paths["draw_round:blocked_seat"] += 1
        self._owe([[first, ROUND, self._reason("round")]], ("live", -1))

    # -- BLAST events (§5.5) ------------------------------------------------------------------
    def _order(self, first: int) -> list[int]:
        """§5.5 resolution order: the drawer, then the other active seats in the current
        direction."""
        order = [first] if not self.elim[first] else []
        return order + [s for s in self._around(self._next(first), first) if s not in order]

    def _open(self, e: Event, s: int) -> None:
        c = e.cards[0] if len(e.cards) == 1 else -1
        if c < 0 or not is_blast_card(c) or e.vis != PUBLIC:
            self.fail(f"§5.5: a BLAST event {e}")
        if self.quiet or self.event is not None:
            self.fail("B-14: a BLAST card drawn during an event's penalty is put back")
        self._take(c, "the BLAST card")
        due = [t for t in self._order(s) if can_meet(CARD_KIND[c], self.hands[t], self.wild)]
        self.event = _Event(c, s, due)
        self.phase = Phase.BLAST
        self.paths["event"] += 1
        if not due:
            self.paths["event:nobody_due"] += 1
            self._resolve()

    def _choice(self, seat: int, act: Action) -> None:
        ev = self.event
        assert ev is not None
        e = self._pull("the BLAST choice")
        cards = tuple(sorted((act.card, *act.more)))
        if e.kind != "blast_choice" or e.seat != seat or tuple(sorted(e.cards)) != cards:
            self.fail(f"§5.5: {seat}: {act} gave {e}")
        if e.vis != PRIVATE:
            self.fail("U-B-3: a seat's choice is hidden until the reveal")
        if seat not in ev.due or seat in ev.chosen:
            self.fail(f"§5.5: seat {seat} chose although it is not due ({ev.due})")
        if Counter(cards) - Counter(self.hands[seat]) or not qualifies(
            CARD_KIND[ev.card], cards, self.wild
        ):
            self.fail(f"§5.5: {act} does not meet {BLAST_CODE[CARD_KIND[ev.card]]}")
        ev.chosen[seat] = cards
        if len(ev.chosen) == len(ev.due):
            self._resolve()

    def _resolve(self) -> None:
        """§5.5 steps 3-7: the sets go under the top card in resolution order, an emptied
        hand wins, every other active seat draws 3 (BLAST cards put back, elimination after
        each card), the BLAST card is spent, and the suspended draws go on."""
        ev = self.event
        assert ev is not None
        order = self._order(ev.drawer)
        for s in order:
            if s not in ev.chosen:
                continue
            e = self._pull(f"seat {s}'s BLAST discard")
            laid = ev.chosen[s]
            if (e.kind, e.seat) != ("blast_discard", s) or Counter(e.cards) != Counter(laid):
                self.fail(f"§5.5 step 3: seat {s} discards {_text(laid)}; got {e}")
            if e.vis != PUBLIC:
                self.fail("§5.5 step 2: the choices are revealed together")
            for c in e.cards:
                self.hands[s].remove(c)
            self.discard[-1:-1] = [(c, s) for c in e.cards]
            if self.armed[s] >= 0 and self.armed[s] not in self.hands[s]:
                self.armed[s] = -1
                self._mark("disarm", s)
                self.paths["armed_card_discarded"] += 1
        emptied = [s for s in order if s in ev.chosen and not self.hands[s]]
        if emptied:
            self.spent.append(ev.card)
            self._round_over(emptied[0], "§5.5 step 4, B-26: an emptied hand wins at once")
            self.paths["over:emptied"] += 1
            return
        self.quiet = True
        for s in order:
            # a seat out on its last card, its draws pending, sits the event out (U-B-11,
            # U-B-28: a penalty would undo its going out)
            if s == self.out:
                e2 = self._peek()
                if e2 is not None and (e2.kind, e2.seat) == ("blast_penalty", s):
                    self.fail(
                        f"U-B-28, U-B-11, §5.5 (a): seat {s} played its last card (its draws "
                        "pending): it sits the BLAST event out and draws no penalty"
                    )
                self.paths["event:out_sits_out"] += 1
            if s in ev.due or self.elim[s] or s == self.out:
                continue
            e = self._pull(f"seat {s}'s BLAST penalty")
            if (e.kind, e.seat, e.count) != ("blast_penalty", s, BLAST_PENALTY_CARDS):
                self.fail(f"§5.5 step 5: seat {s} cannot meet the challenge and draws 3; got {e}")
            self._quiet_draw(s)
            if self.phase == Phase.OVER:  # (the BLAST card is spent all the same, B-15)
                self.spent.append(ev.card)
                return
        self.quiet = False
        self.spent.append(ev.card)
        self.event = None
        self.phase = Phase.LIVE
        self.paths["event:resolved"] += 1
        self._run()

    def _quiet_draw(self, s: int) -> None:
        """§5.5 step 5, B-14: 3 cards; a BLAST card drawn is put back at random."""
        got = 0
        while got < BLAST_PENALTY_CARDS and not self.elim[s]:
            e = self._pull(f"seat {s}'s 3 penalty cards")
            if e.kind == "blast_returned" and e.seat == s:
                c = e.cards[0] if len(e.cards) == 1 else -1
                if c < 0 or not is_blast_card(c):
                    self.fail(f"B-14: {e} puts back a card that is no BLAST card")
                self._unordered()  # back at a random position
                self._take(c, "a BLAST card put back")
                self.draw_rest[c] += 1
                self.paths["event:blast_returned"] += 1
            elif e.kind == "draw" and e.seat == s and e.reason == "blast":
                self._drew(e)
                got += len(e.cards)
                if got > BLAST_PENALTY_CARDS:
                    self.fail(f"§5.5 step 5: seat {s} drew {got} penalty cards")
                for c in e.cards:
                    self._take(c, f"seat {s}'s penalty")
                self._add(s, e.cards, "blast")
            elif e.kind == "draw_short" and e.seat == s:
                self._short(s, "blast", BLAST_PENALTY_CARDS - got, quiet=True)
                return
            else:
                self.fail(f"§5.5 step 5: seat {s} drew {got} of its 3 cards; then {e}")

    # -- after each action: the events are used up, the state is the engine's ----------------
    def _finish(self, game: Game, what: str) -> None:
        rest = [e for e in self.events[self.pos :] if e.kind not in MARKERS]
        if rest:
            self.fail(f"{what}: events the rules do not call for: {[str(e) for e in rest[:4]]}")
        got = Counter(_key(e) for e in self.events if e.kind in MARKERS)
        if got != self.marks:
            extra = sorted(got - self.marks)[:4]
            missing = sorted(self.marks - got)[:4]
            self.fail(f"{what}: marker events differ: extra {extra}; missing {missing}")
        self.check(game)

    def end(self, game: Game, seat: int, act: Action) -> None:
        self._finish(game, f"{seat}: {act}")

    def check(self, game: Game) -> None:
        """The engine's state is the model's (then the draw pile's order, when the model did
        not know it, is taken from the engine once its cards are checked)."""
        for s in range(self.n):
            if sorted(game.hands[s]) != sorted(self.hands[s]):
                self.fail(
                    f"seat {s} holds {_text(sorted(game.hands[s]))}; the rules give it "
                    f"{_text(sorted(self.hands[s]))}"
                )
        if list(game.eliminated) != self.elim:
            self.fail(f"eliminated seats {game.eliminated}; the rules say {self.elim}")
        pile = list(zip(game.discard, game.discard_by, strict=True))
        if pile != self.discard:
            self.fail(
                f"discard pile {[(CARD_TEXT[c], b) for c, b in pile[-6:]]}; the rules make "
                f"{[(CARD_TEXT[c], b) for c, b in self.discard[-6:]]}"
            )
        if game.direction != self.direction:
            self.fail(f"direction {game.direction}; the rules say {self.direction}")
        if self.phase != Phase.OVER:
            if (game.color, game.top_kind) != (self.color, self.top_kind):
                self.fail(
                    f"active colour and top kind {game.color} {game.top_kind}; the rules say "
                    f"{self.color} {self.top_kind}"
                )
            if list(game.blast.armed) != self.armed:
                self.fail(f"armed cards {game.blast.armed}; the rules say {self.armed}")
            if (game.blast.blocked, list(game.blast.lock)) != (self.blocked, self.lock):
                self.fail(
                    f"blocked seat and lock {game.blast.blocked} {game.blast.lock}; the rules say "
                    f"{self.blocked} {self.lock}"
                )
        if Counter(game.buried) != Counter(self.buried):
            self.fail(f"buried hands {_text(game.buried)}; the rules give {_text(self.buried)}")
        if Counter(game.blast.spent) != Counter(self.spent):
            self.fail(
                f"spent BLAST cards {_text(game.blast.spent)}; the rules give {_text(self.spent)}"
            )
        self.spent = list(game.blast.spent)
        draw = list(game.draw_pile)
        if self.draw_top and draw[len(draw) - len(self.draw_top) :] != self.draw_top:
            self.fail("P2: the draw pile's top is not what the model has left of it")
        if self.draw_rest.total() and Counter(draw) != self.draw_rest + Counter(self.draw_top):
            self.fail("the draw pile holds other cards than the events leave in it")
        if not self.draw_rest.total() and draw != self.draw_top:
            self.fail("the draw pile is not what the events leave of it")
        self.draw_top = draw
        self.draw_rest = Counter()
        # the phase and its window
        if self.phase == Phase.OVER:
            if not game.over or game.winner != self.winner:
                self.fail(f"the round is over, won by seat {self.winner}: {game.winner}")
        elif game.over:
            self.fail(f"the round ended (winner {game.winner}) where the rules go on")
        elif self.phase == Phase.BLAST:
            ev = self.event
            assert ev is not None
            if (game.phase, game.blast.card, game.windows()) != (
                Phase.BLAST,
                ev.card,
                (Window("blast", ev.drawer),),
            ):
                self.fail(
                    f"§5.5: the event on {CARD_TEXT[ev.card]} drawn by seat {ev.drawer} is "
                    f"open: {game.phase.name} {game.blast.card} {game.windows()}"
                )
        elif self.phase == Phase.DRAWN:
            s, c = self.drawn
            if (game.phase, game.turn, game.drawn, game.windows()) != (
                Phase.DRAWN,
                s,
                c,
                (Window("drawn", s),),
            ):
                self.fail(
                    f"B-28: seat {s} must play the {CARD_TEXT[c]} it drew: {game.phase.name} "
                    f"turn {game.turn} drawn {game.drawn} {game.windows()}"
                )
        elif game.phase != Phase.LIVE or game.windows() != (Window("live"),):
            self.fail(f"§5.8: play is live: {game.phase.name} {game.windows()}")
        if game.blast.card >= 0 and game.phase != Phase.BLAST:
            self.fail(f"§5.5: a BLAST card {game.blast.card} outside an event")
        self.conservation(game)

    def conservation(self, game: Game) -> None:
        """Hands + draw pile + discard pile + spent BLAST cards + buried hands + the active
        BLAST card = the deck."""
        places = [*game.draw_pile, *game.discard, *game.buried, *game.blast.spent]
        for h in game.hands:
            places.extend(h)
        if game.blast.card >= 0:
            places.append(game.blast.card)
        places.sort()
        if places != self.sorted_deck:
            have = Counter(places)
            lost = _text(sorted((self.deck - have).elements()))
            extra = _text(sorted((have - self.deck).elements()))
            self.fail(f"card conservation: lost {lost}; extra {extra}")

    # -- refusals (B-3, U-B-23) -------------------------------------------------------------
    def refused(self, seat: int, text: str, at: float, code: str) -> None:
        """The session refused ``seat``'s action arriving at ``at`` (``code``): the rules must
        refuse it too, and never a play stamped within the window (a simultaneous play is
        applied as a refusal with the holding penalty)."""
        act = action(text)
        k = act.kind
        if self.elim[seat]:
            if code != "not_your_window":
                self.fail(f"U-B-6: eliminated seat {seat}'s {act} refused as {code}")
            self.paths["refused:eliminated"] += 1
            return
        if self.phase == Phase.BLAST:
            if k != Kind.BLAST and code != "stale":
                self.fail(f"U-B-20: {seat}: {act} during an event is stale, not {code}")
            ev = self.event
            if k == Kind.BLAST and ev is not None and seat in ev.due and seat not in ev.chosen:
                cards = tuple(sorted((act.card, *act.more)))
                mine = not Counter(cards) - Counter(self.hands[seat])
                if mine and qualifies(CARD_KIND[ev.card], cards, self.wild):
                    self.fail(f"§5.5: seat {seat}'s qualifying set {act} was refused ({code})")
            self.paths["refused:event"] += 1
            return
        if k == Kind.PLAY:
            held = act.card in self.hands[seat]
            live = self.phase in (Phase.LIVE, Phase.DRAWN)
            if live and held and self.simultaneous(seat, at):
                self.fail(
                    f"B-3: {seat}: {act} at {at} ms, within the window after the accepted "
                    f"{self._accepted_text()}, was refused ({code}) instead of being applied "
                    "as a simultaneous refusal with its holding penalty"
                )
            if act in self.offers(seat):
                self.fail(f"§5.8: {seat}: {act}, offered and legal now, was refused ({code})")
            if not held:
                want = "illegal"
            elif self.phase == Phase.LIVE and seat == self.blocked:
                want = "not_your_window"
            else:
                want = "stale"
            if code != want:
                why = ""
                if want == "stale" and any(a.card == act.card for a in self.offers(seat)):
                    why = f" ({CARD_TEXT[act.card]} plays now, but not as {act}: not legal now)"
                self.fail(f"U-B-23: {seat}: {act} refused as {code}, not {want}{why}")
            self.paths[f"refused:{want}"] += 1
            return
        if k in (Kind.ARM, Kind.DISARM) and act in self.offers(seat):
            self.fail(f"§5.8: {seat}: {act}, offered now, was refused ({code})")
        self.paths["refused:other"] += 1

    def _accepted_text(self) -> str:
        if self.accepted is None:
            return "-"
        t, p, x = self.accepted
        return f"{CARD_TEXT[x]} of seat {p} at {t} ms"


# -- offers, views and illegal actions ---------------------------------------------------------
def check_offers(model: LiveModel, game: Game) -> None:
    """Every seat is offered exactly the actions the rules give it; the acting seats are the
    seats with actions."""
    fail = model.fail
    if model.phase == Phase.BLAST:
        ev = model.event
        assert ev is not None
        check_blast_offers(fail, game, set(ev.chosen))
        return
    acting = set(game.acting_seats())
    for s in range(game.n):
        legal = game.legal_actions(s)
        got = set(legal)
        want = model.offers(s)
        if len(got) != len(legal) or got != want:
            extra = " ".join(sorted(str(a) for a in got - want)[:6]) or "-"
            missing = " ".join(sorted(str(a) for a in want - got)[:6]) or "-"
            fail(f"§5.8: seat {s}'s offered actions differ: extra {extra}; missing {missing}")
        if bool(want) != (s in acting):
            fail(f"seat {s}: has actions={bool(want)} but acting={s in acting}")
        for a in legal:
            if a.kind == Kind.PLAY and (a.more or a.uno or a.target >= 0 or a.amount >= 0):
                fail(f"§5.8: one card per action, with its colour or number: offered {a}")


def check_event_views(model: LiveModel, game: Game, events: Sequence[Event]) -> None:
    """What other seats (and spectators) see of each event: a draw's or an arm's count, never
    its cards; a BLAST choice nothing."""
    for e in events:
        if e.vis == PUBLIC:
            continue
        for o in (*range(game.n), None):
            if o == e.owner:
                continue
            seen = redact(e, o)
            if e.vis == PRIVATE and seen is not None:
                model.fail(f"seat {o} sees the private event {e.kind} of seat {e.owner}")
            if e.vis == SPLIT and (seen is None or seen.cards):
                model.fail(f"seat {o} sees the cards of seat {e.owner}'s {e.kind}")
        if e.kind in ("arm", "draw", "blast_choice") and e.vis == PUBLIC:
            model.fail(f"{e.kind} of seat {e.seat} is public: it shows a hidden card")


def check_views(model: LiveModel, game: Game, seat: int | None, rng: random.Random) -> None:
    """``seat``'s view shows its own hand and armed card, the public table (block, lock,
    which seats are armed), and nothing that changes when what it cannot know moves: other
    hands' unseen cards, the draw pile, the buried hands and the card each other armed seat
    holds up."""
    fail = model.fail
    view = game.view(seat)
    live = view.live
    if live is None:
        fail("§5.8: a BLAST-mode view without its live table")
        return
    armed = tuple(a >= 0 for a in model.armed)
    mine = model.armed[seat] if seat is not None else -1
    if model.phase != Phase.OVER and (live.blocked, list(live.lock), live.armed, live.mine) != (
        model.blocked,
        model.lock,
        armed,
        mine,
    ):
        fail(f"view of seat {seat}: live table {live.fields()}, the rules say {armed} {mine}")
    if seat is not None and Counter(view.hand) != Counter(model.hands[seat]):
        fail(f"view of seat {seat}: its hand {_text(view.hand)}")
    if seat is None and view.hand:
        fail("a spectator's view shows a hand")
    if view.hand_sizes != tuple(len(h) for h in model.hands):
        fail(f"view of seat {seat}: hand sizes {view.hand_sizes}")
    g = game.copy()
    pool: list[int] = []
    keep: dict[int, list[int]] = {}
    for h in range(g.n):
        if h == seat:
            continue
        seen = Counter(g.known[seat][h]) if seat is not None else Counter()
        hand = Counter(g.hands[h])
        if seen - hand:
            fail(f"seat {seat} 'knows' cards not in seat {h}'s hand")
        keep[h] = list(seen.elements())
        pool.extend((hand - seen).elements())
    pool.extend(g.draw_pile)
    bury = bool(g.buried) and (seat is None or not g.eliminated[seat])
    if bury:
        pool.extend(g.buried)
    if g.phase == Phase.BLAST:  # who must meet the event and what they chose: hidden
        g.blast.due = [s for s in g.blast.due if s == seat]
        g.blast.chosen = {s: c for s, c in g.blast.chosen.items() if s == seat}
        g.blast.offers = {}
    rng.shuffle(pool)
    rest = iter(pool)
    for h, seen_cards in keep.items():
        size = len(g.hands[h])
        g.hands[h] = seen_cards + [next(rest) for _ in range(size - len(seen_cards))]
        if g.blast.armed[h] >= 0:  # another seat's armed card: which one is hidden (U-B-24)
            g.blast.armed[h] = g.hands[h][rng.randrange(len(g.hands[h]))]
    if bury:
        g.buried = [next(rest) for _ in range(len(g.buried))]
    g.draw_pile = list(rest)
    after = g.view(seat)
    if after != view:
        diff = [f for f in view.FIELDS if getattr(view, f) != getattr(after, f)]
        fail(f"view of seat {seat} leaks hidden cards: {diff} change when they move")


def check_illegal(model: LiveModel, game: Game, rng: random.Random) -> None:
    """Actions the rules refuse now raise a typed error and change nothing: a play of two
    cards, with an UNO call, the turn actions BLAST mode does not have, a blocked seat's
    play, a card the lock forbids, a card not held, arming outside live play."""
    if model.phase == Phase.OVER:
        return
    tries: list[tuple[int | None, Action | str, str]] = []
    seats = [s for s in range(game.n) if not model.elim[s] and model.hands[s]]
    s = seats[rng.randrange(len(seats))]
    hand = sorted(set(model.hands[s]))
    why_turns = "BLAST mode has no turns (§5.8)"
    tries += [(s, "draw", why_turns), (s, "take", why_turns), (s, "pass", why_turns)]
    if model.phase == Phase.LIVE:
        tries.append((None, "timeout", "live play has no deadline (U-B-30)"))
        plays = sorted((a for a in model.offers(s) if a.kind == Kind.PLAY), key=str)
        if plays:
            a = plays[0]
            if len(hand) >= 2:
                other = next(c for c in hand if c != a.card)
                tries.append((s, a._replace(more=(other,)), "one card per action"))
            tries.append((s, a._replace(uno=True), "no UNO call in BLAST mode (U-B-21)"))
        absent = next(c for c in sorted(model.deck) if c not in model.hands[s])
        tries.append((s, Action(Kind.PLAY, card=absent), "a card not held"))
        tries.append((s, Action(Kind.ARM, card=absent), "arming a card not held"))
        if model.armed[s] < 0:
            tries.append((s, Action(Kind.DISARM), "nothing armed"))
        b = model.blocked
        if b >= 0 and not model.elim[b]:
            for c in sorted(set(model.hands[b])):
                if model.playable(c):
                    way = min(model._ways(c), key=str)
                    tries.append((b, way, "B-4: the blocked seat plays nothing"))
                    model.paths["illegal:blocked_play"] += 1
                    break
        for t in seats:
            for c in sorted(set(model.hands[t])):
                if model.lock and model._p1(c) and not model.playable(c):
                    way = min(model._ways(c), key=str)
                    tries.append((t, way, "B-5: the colour is locked"))
                    model.paths["illegal:locked_play"] += 1
                    break
    elif model.phase == Phase.DRAWN:
        seat, c = model.drawn
        tries.append((seat, Action(Kind.ARM, card=c), "U-B-25: arming in the forced play"))
        for t in seats:
            if t != seat:
                for x in sorted(set(model.hands[t])):
                    if model.playable(x):
                        tries.append((t, min(model._ways(x), key=str), "B-28: a forced play"))
                        break
    elif model.phase == Phase.BLAST:
        plays = [c for c in hand if not is_blast_card(c)]
        if plays:
            colour = BLAST_COLORS[0] if CARD_IS_WILD[plays[0]] else -1
            act = Action(Kind.PLAY, card=plays[0], color=colour)
            tries.append((s, act, "U-B-20: play stops during an event"))
        tries.append((s, Action(Kind.ARM, card=hand[0]), "U-B-25: arming during an event"))
    before = state_hash(game)
    for seat, act, why in tries:
        g = game.copy()
        try:
            g.apply(seat, act, 10.0**9)
        except UnoverseError:
            pass
        else:
            model.fail(f"{why}: {seat}: {act} was accepted")
        if state_hash(g) != before:
            model.fail(f"{why}: the refused {seat}: {act} changed the state")


# -- the bots ------------------------------------------------------------------------------------
class ArmingBot(Bot):
    """A test-only bot that arms: live, it plays its armed card as soon as it plays (the
    driver delivers it after ``armed_delay_ms``), else arms a playable card half the time (and
    plays it once asked again) or plays one at once; without a play it sometimes holds up a
    card it cannot play yet, so +N cards find armed seats (B-3). In a BLAST event or the draw
    round's forced play it picks any offered action."""

    name = "arming"

    def act(self, view: View, legal: Sequence[Action]) -> Action | None:
        if not legal:
            return None
        rng = self.rng
        if view.phase != "live":
            return legal[rng.below(len(legal))]
        mine = view.live.mine if view.live is not None else -1
        plays = [a for a in legal if a.kind is Kind.PLAY]
        if mine >= 0:
            own = [a for a in plays if a.card == mine]
            if own:
                return own[rng.below(len(own))]
        if plays:
            if mine < 0 and rng.random() < 0.5:
                arm = Action(Kind.ARM, card=plays[rng.below(len(plays))].card)
                if arm in legal:
                    return arm
            return plays[rng.below(len(plays))]
        if mine < 0 and rng.random() < 0.3:
            arms = [a for a in legal if a.kind is Kind.ARM]
            return arms[rng.below(len(arms))] if arms else None
        if mine >= 0 and rng.random() < 0.05:
            return Action(Kind.DISARM)
        return None


#: The tables of bots the playouts use (``specs``).
MIXES = ("mixed", "naive+random", "arming")


def specs(mix: str, players: int, seed: int) -> list[str]:
    """``mixed``: an arming bot and a random one (from 3 seats), naive at the rest;
    ``naive+random``: random at one or two seats, naive elsewhere (no seat arms on purpose);
    ``arming``: every seat arms."""
    rng = random.Random(derive(seed, "live-seats", players, mix))
    seats = list(range(players))
    rng.shuffle(seats)
    out = ["naive"] * players
    if mix == "arming":
        return ["arming"] * players
    if mix == "mixed":
        out[seats[0]] = "arming"
        if players >= 3:
            out[seats[1]] = "random"
        return out
    if mix == "naive+random":
        for s in seats[: 1 if players < 4 else 2]:
            out[s] = "random"
        return out
    raise ValueError(mix)


def make_bots(names: Sequence[str], seed: int) -> list[Bot]:
    return [
        ArmingBot(derive(seed, "bot", s)) if name == "arming" else make_bot(name, seed, s)
        for s, name in enumerate(names)
    ]


# -- the playout ---------------------------------------------------------------------------------
@dataclass
class LivePlayout:
    """A finished, checked real-time round."""

    preset: str
    players: int
    seed: int
    mix: str
    game: Game
    record: RoundRecord
    events: list[tuple[Event, ...]] = field(default_factory=list)
    paths: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)


def live_playout(
    preset: str,
    players: int,
    seed: int,
    mix: str = "mixed",
    *,
    stall_ms: float = STALL_MS,
    armed_delay_ms: float = ARMED_DELAY_MS,
    views_every: int = 5,
    illegal_every: int = 11,
    saves: int = 3,
) -> LivePlayout:
    """Play one seeded BLAST-mode round through ``unoverse.sim.driver.play_round``, check every
    accepted action (and every refused one) with ``LiveModel``, then the round's replay from
    its log, event for event, and from saved states. ``stall_ms``, ``armed_delay_ms``: the
    driver's; ``views_every``, ``illegal_every``: how often the sampled checks run;
    ``saves``: how many saved states replay the rest of the log."""
    game = uv.new_game(preset, players, seed)
    names = specs(mix, players, seed)
    record = RoundRecord(seed, None)
    done = LivePlayout(preset, players, seed, mix, game, record)
    rng = random.Random(derive(seed, "live-checks", preset, players, mix))

    def fail(what: str) -> None:
        __tracebackhide__ = True
        last = "; ".join(f"{s}: {a} @{t}" for s, a, t in record.actions[-8:]) or "-"
        try:
            where = uv.position_text(game)
        except Exception as exc:  # pragma: no cover - only under a broken engine
            where = f"(position unavailable: {exc!r})"
        raise ConformanceFailure(
            f"[{preset} players={players} seed={seed} bots={','.join(names)} action "
            f"#{len(record.actions)}] {what}\n  last actions: {last}\n  position:\n    "
            + where.replace("\n", "\n    ")
        )

    model = LiveModel(game, fail, stall_ms=stall_ms)
    check_offers(model, game)
    snaps: dict[int, str] = {}
    seen_rejected = 0

    def on_events(seat: int, act: Action, events: list[Event]) -> None:
        nonlocal seen_rejected
        i = len(done.events)
        done.events.append(tuple(events))
        for e in events:
            done.kinds[e.kind] += 1
        for s, text, at, code in record.rejected[seen_rejected:]:
            model.refused(s, text, at, code)
        seen_rejected = len(record.rejected)
        logged, _, at = record.actions[-1]
        model.after(seat, act, at, events, referee=logged is None)
        model.end(game, seat, act)
        check_offers(model, game)
        check_event_views(model, game, events)
        if i % views_every == 0:
            who = rng.randrange(players + 1)
            check_views(model, game, None if who == players else who, rng)
        if i % illegal_every == 0:
            check_illegal(model, game, rng)
        if saves and i % 37 == 5 and len(snaps) < saves:
            snaps[i + 1] = uv.to_json(game)

    play_round(
        game,
        make_bots(names, seed),
        record,
        hashes=True,
        on_events=on_events,
        stall_ms=stall_ms,
        armed_delay_ms=armed_delay_ms,
    )
    done.paths = model.paths
    if not game.over or model.phase != Phase.OVER:
        fail("the round did not end")
    check_end(game, fail)
    check_replay(done, snaps, fail)
    return done


def check_end(game: Game, fail: Callable[[str], None]) -> None:
    """After the round every action is refused and changes nothing."""
    before = uv.to_json(game)
    for s in range(game.n):
        for act in ("arm:R1", "R1", "draw", "disarm"):
            try:
                game.apply(s, act, 10.0**12)
            except UnoverseError:
                continue
            fail(f"{s}: {act} accepted after the end of the round")
    for act in ("stall", "timeout"):
        try:
            game.apply(None, act, 10.0**12)
        except UnoverseError:
            continue
        fail(f"the referee's {act} accepted after the end of the round")
    if uv.to_json(game) != before:
        fail("refused actions after the end changed the state")


def check_replay(done: LivePlayout, snaps: dict[int, str], fail: Callable[[str], None]) -> None:
    """The round replays from its record (``replay_round``: hashes and winner), and each
    ``(seat, action, time)`` of the log, re-applied to a new round, gives the same events;
    from each saved state (``to_json``) the rest of the log reaches the same end."""
    record, game = done.record, done.game
    try:
        count = replay_round(done.preset, done.players, record.to_dict(), "live playout")
    except UnoverseError as exc:
        fail(f"replay_round: {exc}")
        return
    if count != len(record.actions):
        fail(f"replay_round replayed {count} of {len(record.actions)} actions")
    times = [at for _, _, at in record.actions]
    if times != sorted(times):
        fail("the session's log is not in arrival order")
    g = uv.new_game(done.preset, done.players, done.seed)
    for i, ((seat, text, at), events) in enumerate(zip(record.actions, done.events, strict=True)):
        got = g.apply(seat, text, at)
        if tuple(got) != events:
            fail(f"replay: action {i} ({seat}: {text} @{at}) gives other events")
    final = uv.to_json(game)
    if uv.to_json(g) != final:
        fail("replay: the re-applied log ends in another state")
    for i, snap in sorted(snaps.items()):
        h = uv.from_json(snap)
        if uv.to_json(h) != snap:
            fail(f"save/load: from_json(to_json()) differs after action {i}")
        for seat, text, at in record.actions[i:]:
            h.apply(seat, text, at)
        if uv.to_json(h) != final:
            fail(f"save/load: loaded after action {i}, the rest of the log ends elsewhere")
