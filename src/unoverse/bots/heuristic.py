"""``heuristic``: a rule-of-thumb player for every variant (the ``normal`` level).

It scores each legal action in *cards*: what the action is worth to the seat, counted as
cards out of its hand, cards it avoids drawing, and cards it makes a rival draw, and plays
the best (ties broken by its own stream). What it weighs:

- a card out of the hand is worth 2; a wild is worth less while the seat has other plays
  (``keep_wilds``), and a Wild Draw Four it may not legally play is not played at all;
- after the play, each card left that would follow it (same colour, same kind, a wild; in
  Full Spectrum, a colour the chromatic step allows) adds ``follow``: so it declares the
  colour it holds most, and prefers the play that keeps its hand playable;
- an attack (skip, draw, hit) is worth more on a victim close to going out (``close``
  cards or fewer); Reverse turns play away from a rival close to going out; a swap takes the
  smallest hand; a direction choice aims the draw at the smallest hand;
- while a rival is close, high-point cards are dumped first (their points / 20);
- a draw penalty is answered by stacking when it can, and a Wild Draw Four is challenged
  when the chance that its player held the colour (``unoverse.bots.knowledge``) makes the
  challenge pay on average;
- it calls UNO with the play that leaves one card, declares UNO in its own window, catches
  every seat that forgot, and jumps in whenever it can;
- UNO Attack: it presses the launcher rather than play a card it would keep when the
  launcher is expected to fire fewer cards than that card is worth (reneging);
- UNO Blast: it meets a BLAST challenge with the set it values least (numbers before
  actions before wilds), weighs everything more heavily as its hand nears elimination, and
  in BLAST mode plays its best card the moment it can, arming a card in advance only when
  ``arm`` is on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import ClassVar, Final

from ..core import effects as fx
from ..core.actions import KEEP, Action, Kind
from ..core.cards import CARD_COLOR, CARD_IS_WILD, CARD_KIND, CARD_NUMBER
from ..core.launcher import make_launcher
from ..core.view import View
from .base import Bot, Param, defaults, register_bot
from .knowledge import chance_holds, unknown_counts


class HeuristicBot(Bot):
    """Scores every legal action and plays the best."""

    name = "heuristic"
    #: Weights in cards, from 0 to 100; ``close`` counts cards and ``arm`` is a switch.
    params: ClassVar[dict[str, Param]] = {
        "keep_wilds": Param(1.5, 0.0, 100.0),  # what holding a wild back is worth, in cards
        "follow": Param(0.35, 0.0, 100.0),  # each card left in hand that would follow the play
        "close": Param(2.0, 0.0, 500.0, integer=True),  # a rival this close is about to go out
        "attack": Param(0.25, 0.0, 100.0),  # each card an attack makes a rival draw
        "cover": Param(10.0, 0.0, 100.0),  # the share of tops the hand left could answer (3+)
        "block": Param(1.5, 0.0, 100.0),  # leaving the next seat a top it cannot answer
        "bluff_cost": Param(6.0, 0.0, 100.0),  # what a Wild Draw Four bluff risks, in cards
        "renege": Param(1.0, 0.0, 100.0),  # UNO Attack: press rather than play a wild below this
        "arm": Param(0.0, 0.0, 1.0, integer=True),  # BLAST mode: 1 arms its best card early
    }

    def __init__(self, seed: int, **params: float) -> None:
        super().__init__(seed, **params)
        p = defaults(HeuristicBot, params)
        self.keep_wilds = p["keep_wilds"]
        self.follow = p["follow"]
        self.close = p["close"]
        self.attack = p["attack"]
        self.block = p["block"]
        self.cover = p["cover"]
        self.bluff_cost = p["bluff_cost"]
        self.renege = p["renege"]
        self.arm = p["arm"] > 0
        # the active colour seen when the discard pile had each height (for a challenge:
        # the colour a Wild Draw Four covered, when the card under it is a wild)
        self._colors: dict[int, int] = {}
        # what the seat saw when last asked (discard height, hand sizes, colour, top kind),
        # and the colours each other seat was seen to lack: it drew a single card on a top
        # it could not answer
        self._last: tuple[int, tuple[int, ...], int, int] | None = None
        self.voids: dict[int, set[int]] = {}

    def act(self, view: View, legal: Sequence[Action]) -> Action | None:
        """The best-scoring legal action; ``None`` in an optional window where nothing
        scores above passing."""
        if not legal:
            return None
        if view.blast >= 0:
            return self._meet_blast(legal)
        self._colors[len(view.discard)] = view.color
        self._watch(view)
        t = _Table(view)
        t.voids = self.voids
        best: Action | None = None
        best_score = -1e9
        mandatory = view.seat == view.turn and view.phase != "live"
        if not mandatory:
            best_score = 0.0  # passing on an optional window
        ties = 0
        for a in legal:
            s = self._score(t, a)
            if s > best_score + 1e-9:
                best, best_score, ties = a, s, 1
            elif s > best_score - 1e-9 and best is not None:
                ties += 1  # reservoir choice among equal scores, from the bot's stream
                if self.rng.below(ties) == 0:
                    best = a
        if best is None and mandatory:
            best = legal[0]
        return best

    def _watch(self, view: View) -> None:
        """Learn which colours other seats lack: a seat whose hand grew by one card while
        the top card stayed, with no penalty pending, drew because it could not play (the
        drawn card did not play either); a seat that took more cards may hold anything."""
        last = self._last
        now = (len(view.discard), view.hand_sizes, view.color, view.top_kind)
        self._last = now
        if last is None or view.pending is not None:
            return
        height, sizes, color, _kind = last
        for s, size in enumerate(view.hand_sizes):
            if s == view.seat or size <= sizes[s]:
                continue
            if size == sizes[s] + 1 and height == now[0] and color >= 0:
                self.voids.setdefault(s, set()).add(color)
            else:
                self.voids.pop(s, None)

    def best_of(self, view: View, candidates: Sequence[Action]) -> Action:
        """The candidate this bot scores highest (another bot's shortlist: the UNO call
        that goes with a searched move)."""
        t = _Table(view)
        t.voids = self.voids
        return max(candidates, key=lambda a: self._score(t, a))

    # -- scoring ---------------------------------------------------------------------
    def _score(self, t: _Table, a: Action) -> float:
        k = a.kind
        if k is Kind.PLAY or k is Kind.JUMP:
            return self._play(t, a)
        if k is Kind.DRAW or k is Kind.PRESS:
            if a.uno:
                return _NEVER  # a false UNO call
            if k is Kind.PRESS and t.launcher >= 0:
                if (
                    t.press_cost < self.renege
                    and not t.has_colored_play
                    and len(t.view.hand) > 2
                    and t.view.pending is None
                ):
                    return 100.0  # renege: the launcher should not fire; keep the wild
                return -t.press_cost
            return -1.0
        if k is Kind.PASS:
            return 0.0
        if k is Kind.TAKE:
            return -t.weight * t.pending_amount
        if k is Kind.CHALLENGE:
            return self._challenge(t)
        if k is Kind.UNO:
            return 10.0
        if k is Kind.CATCH:
            return 5.0
        if k is Kind.CATCH_ILLEGAL:
            return 3.0
        if k is Kind.COLOR:
            return self.follow * t.followers(-1, a.color, -1)
        if k is Kind.ARM:
            return self._arm(t, a)
        if k is Kind.DISARM:
            return 0.5 if not self.arm else -0.1
        return _NEVER  # a referee's action

    def _play(self, t: _Table, a: Action) -> float:
        v = t.view
        c = a.card
        kind = CARD_KIND[c]
        if not t.playable(a):
            return _NEVER  # a permissive table would take it; the bot does not cheat
        rules = v.rules
        eff = rules.effect[kind]
        out = 1 + len(a.more)
        if eff == fx.DISCARD_ALL and a.amount != KEEP:
            out += t.count_color(CARD_COLOR[c]) - 1
        hand = len(v.hand)
        s = 2.0 * out * t.weight
        if k_pen := t.pending_amount:  # an answer to a draw penalty passes it on
            s += t.weight * k_pen
        if a.kind is Kind.JUMP:
            s += 1.0
        if eff == fx.WILD and t.has_colored_play and hand > 2 and t.rival_size > self.close:
            s -= self.keep_wilds  # a plain wild is kept for when nothing else plays
        if eff == fx.WILD_DRAW and t.holds_active:
            s -= self.bluff_cost  # a bluff the seat would lose to a challenge
        # the table after the play
        color = a.color if a.color >= 0 else CARD_COLOR[c]
        if color < 0:
            color = v.color
        top_kind = a.number if a.number >= 0 else kind  # (a Numeral counts as its number)
        s += self.follow * t.followers(c, color, top_kind)
        if self.cover and t.active > 2:
            s += self.cover * t.coverage(c, a.more)  # ready for whatever the others play
        direction = -v.direction if eff in (fx.REVERSE, fx.BOOMERANG, fx.REVERSE_DRAW) else 0
        victim = t.next_seat(direction or v.direction)
        if eff in _ANSWERED and not (eff == fx.REVERSE and t.active == 2):
            # the next seat answers this top only with a matching card
            s += self.block * (1.0 - t.answer_chance(victim, color, kind)) * t.threat(victim)
        amount = rules.amount[kind]
        if eff in _ATTACKS:
            s += t.eliminates(victim, amount)
            if eff == fx.HIT_FIRE or (eff == fx.DRAW and amount == 0):
                amount = 1
            back = t.bounce(victim, kind, c, amount) if t.stacks else 0.0
            s += self.attack * amount * t.threat(victim) - back
        elif eff in (fx.SKIP, fx.SKIP_ALL):
            s += t.threat(t.next_seat(v.direction)) + (1.0 if t.active == 2 else 0.0)
        elif eff in _ALL_ATTACKS:
            s += self.attack * max(amount, 1) * sum(t.threat(o) for o in t.rivals) / 2
            s += sum(t.eliminates(o, amount) for o in t.rivals)
        elif eff == fx.REVERSE:
            if t.active == 2:
                s += 1.0  # a second turn
            else:
                s += 0.5 * (t.threat(t.next_seat(v.direction)) - t.threat(victim))
        if eff in (fx.SWAP_HANDS, fx.SEVEN_SWAP) and a.target >= 0:
            s += t.weight * ((hand - out) - v.hand_sizes[a.target])
        elif eff == fx.ZERO_DIRECTION and a.direction:
            s += self.attack * max(amount, 1) * t.threat(t.next_seat(a.direction))
        elif eff == fx.ROTATE_HANDS:
            s += 0.5 * ((hand - out) - v.hand_sizes[t.next_seat(-v.direction)])
        if t.rival_size <= self.close:
            s += rules.points[c] / 20.0
        left = hand - out
        if eff in fx.HAND_MOVES:
            if eff in (fx.SWAP_HANDS, fx.SEVEN_SWAP) and a.target >= 0:
                left = v.hand_sizes[a.target]
            else:
                left = -1  # unknown: no call
        if rules.uno_calls and a.uno != (left == 1):
            s -= 5.0  # a missed or false UNO call
        return s

    def _challenge(self, t: _Table) -> float:
        """The challenge's worth against taking the penalty (``TAKE`` scores ``-amount``):
        it wins when the Wild Draw Four's player held a card of the colour it covered."""
        v = t.view
        p = v.pending
        if p is None or p.source < 0:
            return _NEVER
        covered = self._covered_color(v)
        if covered < 0:
            return _NEVER
        chance = chance_holds(v, p.source, lambda c: CARD_COLOR[c] == covered)
        rival = 1.0 if t.active == 2 else 0.5
        win = rival * 4.0  # the player draws 4 instead
        lose = -(p.amount + 2.0)  # the seat draws 2 more
        return t.weight * (chance * win + (1.0 - chance) * lose)

    def _covered_color(self, v: View) -> int:
        """The active colour before the top card (-1 when the seat cannot tell)."""
        if len(v.discard) < 2:
            return -1
        below = v.discard[-2]
        if not CARD_IS_WILD[below]:
            return CARD_COLOR[below]
        return self._colors.get(len(v.discard) - 1, -1)

    def _arm(self, t: _Table, a: Action) -> float:
        """BLAST mode: with ``arm`` on, hold up the card that would follow most tops."""
        if not self.arm or t.view.live is None or t.view.live.mine >= 0:
            return _NEVER
        return 0.1 + 0.01 * t.followers(a.card, -1, -1)

    def _meet_blast(self, legal: Sequence[Action]) -> Action:
        """The qualifying set the seat values least (numbers first, wilds last)."""
        best = legal[0]
        best_cost = 1e9
        ties = 0
        for a in legal:
            cost = _keep_value(a.card) + sum(_keep_value(c) for c in a.more)
            if cost < best_cost:
                best, best_cost, ties = a, cost, 1
            elif cost == best_cost:
                ties += 1
                if self.rng.below(ties) == 0:
                    best = a
        return best


class _Table:
    """What the bot reads off a view once per decision."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.voids: dict[int, set[int]] = {}
        self.pool: Counter[int] | None = None  # the unknown pool, once asked for
        seat = view.seat if view.seat is not None else -1
        self.seat = seat
        n = view.players
        self.rivals = [s for s in range(n) if s != seat and not view.eliminated[s]]
        self.active = len(self.rivals) + 1
        self.rival_size = min((view.hand_sizes[s] for s in self.rivals), default=99)
        self.pending_amount = view.pending.amount if view.pending is not None else 0
        rules = view.rules
        # draw penalties can be answered (never in BLAST mode, B-19)
        self.stacks = bool(rules.stacking) and not rules.realtime
        # UNO Blast: near elimination every card counts more
        self.weight = 1.0
        if rules.elimination:
            self.weight = 1.0 + 2.0 * max(0, len(view.hand) - rules.elimination + 10) / 10
        self.launcher = view.launcher
        self.press_cost = 0.0
        if view.launcher >= 0:
            self.press_cost = make_launcher(rules.launcher, view.launcher).expected()
        color = view.color
        self.holds_active = color >= 0 and any(
            CARD_COLOR[c] == color for c in view.hand if not CARD_IS_WILD[c]
        )
        top_kind, steps = view.top_kind, view.steps
        self.has_colored_play = any(
            not CARD_IS_WILD[c]
            and (CARD_COLOR[c] == color or CARD_KIND[c] == top_kind or CARD_COLOR[c] in steps)
            for c in view.hand
        )

    def playable(self, a: Action) -> bool:
        """P1 on the view (answers, jump-ins and drawn cards are the engine's to judge)."""
        v = self.view
        if a.kind is Kind.JUMP or v.pending is not None or a.number >= 0:
            return True
        c = a.card
        live = v.live
        if live is not None and CARD_COLOR[c] in live.lock:
            return False
        return (
            CARD_IS_WILD[c]
            or CARD_COLOR[c] == v.color
            or CARD_KIND[c] == v.top_kind
            or CARD_COLOR[c] in v.steps
        )

    def answer_chance(self, seat: int, color: int, top_kind: int) -> float:
        """The chance that ``seat`` holds a card that plays on a top of ``top_kind`` in
        ``color``, given the colours it was seen to lack (a seat that drew on a colour held
        none of it, nor a wild)."""
        if color in self.voids.get(seat, ()):
            return self.chance(seat, lambda c: CARD_KIND[c] == top_kind)
        return self.chance(
            seat, lambda c: CARD_IS_WILD[c] or CARD_COLOR[c] == color or CARD_KIND[c] == top_kind
        )

    def chance(self, seat: int, wanted: Callable[[int], bool]) -> float:
        """The chance that ``seat`` holds a ``wanted`` card (``knowledge.chance_holds``, on
        an unknown pool worked out once per decision)."""
        if self.pool is None:
            self.pool = unknown_counts(self.view)
        return chance_holds(self.view, seat, wanted, self.pool)

    def bounce(self, victim: int, kind: int, played: int, amount: int) -> float:
        """With stacking: what an attack costs the seat when the victim answers it and the
        seat cannot answer back (it then takes at least twice ``amount``)."""
        row = self.view.rules.answer_row(kind)
        answered = self.chance(victim, lambda c: row[c] != 0)
        if answered == 0.0:
            return 0.0
        left = list(self.view.hand)
        left.remove(played)
        back = any(row[c] for c in left)  # (a rough test: any card of the chain's kinds)
        return answered * (0.5 if back else 1.0) * 2 * amount * self.weight

    def coverage(self, played: int, more: tuple[int, ...]) -> float:
        """The share of the deck's cards that the hand, without the cards played, could
        answer if one of them were the top (a wild answers every top)."""
        left = list(self.view.hand)
        for c in (played, *more):
            if c in left:
                left.remove(c)
        colors = set()
        kinds = set()
        for c in left:
            if CARD_IS_WILD[c]:
                return 1.0
            colors.add(CARD_COLOR[c])
            kinds.add(CARD_KIND[c])
        deck = self.view.rules.deck
        hit = 0
        for c in deck:
            if CARD_IS_WILD[c] or CARD_COLOR[c] in colors or CARD_KIND[c] in kinds:
                hit += 1
        return hit / len(deck)

    def count_color(self, color: int) -> int:
        """Cards of ``color`` in the hand."""
        return sum(1 for c in self.view.hand if CARD_COLOR[c] == color)

    def followers(self, played: int, color: int, top_kind: int) -> int:
        """Cards left in the hand (after ``played``) that would play on a top of
        ``top_kind`` in ``color`` (a number ``top_kind`` matches by number)."""
        steps = self.view.rules.steps[color] if color >= 0 else ()
        n = 0
        skipped = False
        for c in self.view.hand:
            if c == played and not skipped:
                skipped = True
                continue
            cc = CARD_COLOR[c]
            if (
                CARD_IS_WILD[c]
                or cc == color
                or cc in steps
                or (top_kind >= 0 and (CARD_KIND[c] == top_kind or CARD_NUMBER[c] == top_kind >= 0))
            ):
                n += 1
        return n

    def next_seat(self, direction: int) -> int:
        """The next active seat after this one going ``direction``."""
        v = self.view
        s = self.seat
        for _ in range(v.players):
            s = (s + direction) % v.players
            if not v.eliminated[s]:
                return s
        return self.seat

    def eliminates(self, seat: int, amount: int) -> float:
        """UNO Blast: what making ``seat`` draw ``amount`` is worth when it reaches the
        elimination threshold (the round is won when one seat is left)."""
        limit = self.view.rules.elimination
        if not limit or seat == self.seat or self.view.hand_sizes[seat] + amount < limit:
            return 0.0
        return 10.0 / (self.active - 1)

    def threat(self, seat: int) -> float:
        """How much hurting ``seat`` is worth: more the closer it is to going out."""
        if seat == self.seat or seat < 0:
            return -1.0
        size = self.view.hand_sizes[seat]
        return 1.0 + 2.0 / max(size, 1) if size > 0 else 0.0


def _keep_value(c: int) -> float:
    """How much a card is worth keeping through a BLAST challenge."""
    if CARD_IS_WILD[c]:
        return 3.0
    return 1.0 if CARD_NUMBER[c] >= 0 else 1.5


_NEVER: Final = -1e6
#: Effects that hit the next seat with a draw.
_ATTACKS: Final = frozenset({fx.DRAW, fx.WILD_DRAW, fx.REVERSE_DRAW, fx.WILD_PENALTY, fx.HIT_FIRE})
#: Effects after which the next seat plays on the card (or draws).
_ANSWERED: Final = frozenset({fx.NONE, fx.WILD, fx.REVERSE, fx.NUMERAL})
#: Effects that hit every other seat.
_ALL_ATTACKS: Final = frozenset({fx.ALL_DRAW, fx.ALL_DRAW_KEEP, fx.ALL_HIT})


register_bot(HeuristicBot)
