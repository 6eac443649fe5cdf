"""UNO Flip, written from RULES.md §8 for the conformance playout (``_playout.py``): which
cards play (the face up decides, §8.6), the colours of the side in play (FL-10), what a seat
sees of two-faced cards (§8.4: its own cards whose back it has not seen by their light face,
FL-3; every other hand's backs, FL-5; the draw pile's top back, FL-2), the points (§8.2,
FL-13), P10 (draw until a colour, §8.9, FL-17, FL-18), the hidden cards a seat cannot tell
apart (for the view check), and ``FlipModel``, which reads every action's events as the
rules tell them to happen: P9 turning the whole table over (§8.8: both piles reversed, every
card on its other face, what seats know of hands turned with them, FL-5, FL-6; the new top
unplayed, a wild face named by the next seat or the Flip's player, FL-7 to FL-9), a caught
illegal Flip turned back (§8.12), the first-card table (§8.5, FL-11), the last Flip (FL-12)
and each seat's blind cards (FL-2 to FL-4).

A two-faced card has an id for each face up (``unoverse.core.cards``): the card table's
colour and kind read the face up, ``TWIN`` is the same card turned over, ``FACE`` the
one-faced card showing a face (what a seat that sees one face only is told). Nothing here
calls the engine's own rule helpers (``core.backs``, ``core.turn_over``, the P1 tables); it
reads the card table, the options and the state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Protocol

from unoverse import Action, Game, Kind, Phase
from unoverse.core.cards import (
    CARD_COLOR,
    CARD_IS_WILD,
    CARD_KIND,
    CARD_NUMBER,
    CARD_TEXT,
    COLOR_LETTERS,
    DARK_UP,
    FACE,
    KIND_INDEX,
    N_CARDS,
    TWIN,
)
from unoverse.core.events import PUBLIC, Event
from unoverse.core.view import View
from unoverse.core.windows import Window

FLIP = KIND_INDEX["F"]
DRAW_ONE = KIND_INDEX["+1"]
SKIP = KIND_INDEX["S"]
REVERSE = KIND_INDEX["R"]
WILD_DRAW_TWO = KIND_INDEX["W+2"]
WILD_DRAW_COLOR = KIND_INDEX["WDC"]
#: §8.2: the light side's colours and the dark side's.
LIGHT_COLORS = tuple(sorted(COLOR_LETTERS.index(x) for x in "RYGB"))
DARK_COLORS = tuple(sorted(COLOR_LETTERS.index(x) for x in "PTOV"))
#: §8.2: the points of the faces that are not numbers (one list for both sides [sheet]).
SYMBOL_POINTS = {
    KIND_INDEX[code]: points
    for code, points in (
        ("+1", 10), ("+5", 20), ("R", 20), ("S", 20), ("SA", 30), ("F", 20),
        ("W", 40), ("W+2", 50), ("WDC", 60),
    )
}  # fmt: skip
#: By card id: the one-faced card showing its light face (the face a holder is dealt
#: towards itself, FL-4), and the one showing its back (the face every other seat sees).
LIGHT = tuple(FACE[TWIN[c]] if DARK_UP[c] else FACE[c] for c in range(N_CARDS))
BACK = tuple(FACE[TWIN[c]] for c in range(N_CARDS))


def is_flip(game: Game) -> bool:
    """The game is UNO Flip's (two-faced cards)."""
    return game.rules.name == "flip"


def texts(cards: Sequence[int] | Counter[int]) -> str:
    """Cards in the notation, sorted (a multiset: each copy)."""
    items = cards.elements() if isinstance(cards, Counter) else cards
    return " ".join(sorted(CARD_TEXT[c] for c in items)) or "-"


def dark(game: Game) -> bool:
    """The dark side is in play: the top card shows its dark face (P9 turns every card of
    the table with it; the conservation check holds every other card to the same side)."""
    return DARK_UP[game.discard[-1]]


def side_colors(game: Game) -> tuple[int, ...]:
    """FL-10: the colours a wild declares, those of the side in play."""
    return DARK_COLORS if dark(game) else LIGHT_COLORS


def hidden_backs(game: Game) -> bool:
    """FL-3: a holder does not see the backs of its cards, unless ``flip.see_own_backs``."""
    return is_flip(game) and not game.rules.options.get("flip.see_own_backs", False)


def blind(game: Game, seat: int | None) -> list[int]:
    """The cards ``seat`` knows by their light face only (§8.4, FL-3): the engine's record,
    its own cell of ``game.known``, which ``FlipModel`` holds to the rules action by action.
    None in the other variants, nor for a spectator."""
    if seat is None or not is_flip(game):
        return []
    return game.known[seat][seat]


def as_seen(cards: Sequence[int], blind_cards: Sequence[int]) -> list[int]:
    """``cards`` as a seat blind to ``blind_cards`` sees them (§8.4): a blind card (each copy
    the record holds) by its light face, every other card as itself."""
    if not blind_cards:
        return list(cards)
    pool = Counter(blind_cards)
    out = []
    for c in cards:
        if pool[c] > 0:
            pool[c] -= 1
            out.append(LIGHT[c])
        else:
            out.append(c)
    return out


def seen_hand(game: Game, seat: int) -> list[int]:
    """``seat``'s hand as it sees its cards, as its legal actions name them (§8.4): in UNO
    Flip its blind cards by their light face; in the other variants the hand itself."""
    hand = game.hands[seat]
    return as_seen(hand, blind(game, seat)) if is_flip(game) else hand


# -- the rules ---------------------------------------------------------------------------
def flip_legal(game: Game, c: int) -> bool:
    """UNO Flip's P1 (RULES.md §8.6): the face up decides, on the side in play. A wild face
    (``W``, and ``W+2`` and ``WDC``, whose restriction of §8.9 only a challenge judges: the
    engine accepts a bluff, P5) plays at any time; a coloured face plays on the active
    colour, or on a top of the same number or symbol (a Flip on a Flip, a Draw Five on a
    Draw Five). A card showing the other side's face is not in play (P9 turns every card)."""
    top = game.discard[-1]
    if TWIN[c] != c and DARK_UP[c] != DARK_UP[top]:
        return False
    if CARD_IS_WILD[c]:
        return True
    if CARD_IS_WILD[top]:
        return CARD_COLOR[c] == game.color
    return CARD_COLOR[c] == CARD_COLOR[top] or CARD_KIND[c] == CARD_KIND[top]


def flip_points(c: int) -> int:
    """§8.2, by the face up: the side in play when the round ended (FL-13)."""
    if CARD_NUMBER[c] >= 0:
        return int(CARD_NUMBER[c])
    return SYMBOL_POINTS[CARD_KIND[c]]


def until_color_problem(cards: Sequence[int], color: int, extra: int, exhausted: bool) -> str:
    """Why ``cards``, drawn one after the other, are not P10(``color``) followed by ``extra``
    more cards (RULES.md §8.9; FL-18: the colour first, then the 2 of an innocent
    challenge); "" if they are. P10 stops at the first card whose face up has the colour (a
    wild face has none, FL-17); only when the piles ran out (``exhausted``) may the draw stop
    short."""
    first = next((i for i, c in enumerate(cards) if CARD_COLOR[c] == color), None)
    drawn = " ".join(CARD_TEXT[c] for c in cards) or "nothing"
    if first is None:
        return "" if exhausted else f"drew {drawn}: no card of the colour, with cards left"
    after = len(cards) - first - 1
    if after > extra or (after < extra and not exhausted):
        return f"drew {drawn}: {after} cards after the first of the colour, not {extra}"
    return ""


def ident(c: int) -> int:
    """The physical card, whichever face is up (its light-face-up id)."""
    return TWIN[c] if DARK_UP[c] else c


def told_card(
    hand: Sequence[int], told: int, blind_cards: Sequence[int], after: Sequence[int]
) -> int:
    """The card of ``hand`` that an event told its holder, blind to ``blind_cards``, as
    ``told`` (§8.4): a card it saw both ways by its id, a blind card by its light face only —
    telling its id would show it the back. Of several blind cards showing that face, one
    the hand ``after`` the action holds fewer of (the seat cannot tell them apart). -1 when
    no card of the hand is told so."""
    pool = Counter(blind_cards)
    if FACE[told] != told:  # a two-faced id
        return told if told in hand and not pool[told] else -1
    picks = [c for c in hand if pool[c] and LIGHT[c] == told]
    if not picks:
        return -1
    kept = Counter(ident(c) for c in after)
    held = Counter(ident(c) for c in hand)
    return next((c for c in picks if kept[ident(c)] < held[ident(c)]), picks[0])


def returned_card(told: int, gained: Counter[int], blind_cards: Sequence[int]) -> int:
    """The card a caught illegal play gave back to its player, whose hand ``gained`` these
    cards, told it as ``told`` (§8.4): a card blind to it by its light face, any other by its
    id. -1 when none of them is told so."""
    if FACE[told] != told:
        return told if gained[told] > 0 and told not in blind_cards else -1
    return next((c for c in gained if c in blind_cards and LIGHT[c] == told), -1)


# -- what a seat cannot tell apart (the view check) -------------------------------------------
def shuffle_unseen(g: Game, seat: int | None, rng: random.Random, most: int = 16) -> bool:
    """Exchange in ``g`` up to ``most`` cards ``seat`` cannot tell apart (RULES.md §8.4) with
    others that show it the same: each card of another hand it has not seen there (it sees
    only its back, FL-5), the draw pile's top (its back is public, FL-2), each of its own
    blind cards in its hand and under the discard pile's top (it saw only their light face,
    FL-3; exchanged for a card it is not blind to, which its record then names), and the
    draw pile below its top (hidden from everyone). Its own blind cards are always tried;
    each place takes part in one exchange at most. Whether a card moved."""
    own = blind(g, seat)
    record = Counter(own)
    slots: list[tuple[list[int], int, tuple[int, ...] | None]] = []
    mine: list[int] = []  # the slots of its own blind cards
    for h, hand in enumerate(g.hands):
        if h == seat:
            pool = Counter(own)
            for i, c in enumerate(hand):
                if pool[c] > 0:
                    pool[c] -= 1
                    mine.append(len(slots))
                    slots.append((hand, i, LIGHT))
            continue
        seen = Counter(g.known[seat][h]) if seat is not None else Counter()
        for i, c in enumerate(hand):
            if seen[c] > 0:
                seen[c] -= 1
            else:
                slots.append((hand, i, BACK))
    pool = Counter(own)
    for i, c in enumerate(g.discard[:-1]):
        if pool[c] > 0:
            pool[c] -= 1
            mine.append(len(slots))
            slots.append((g.discard, i, LIGHT))
    pile = g.draw_pile
    slots.extend((pile, i, BACK if i == len(pile) - 1 else None) for i in range(len(pile)))
    sigs = [look[zone[i]] if look is not None else -1 for zone, i, look in slots]
    others = [i for i in range(len(slots)) if i not in mine]
    tries = mine + rng.sample(others, min(len(others), max(most - len(mine), 0)))
    used: set[int] = set()
    for a in tries:
        if a in used:
            continue
        za, ia, la = slots[a]
        x = za[ia]
        partners = []
        for b, (zb, ib, lb) in enumerate(slots):
            y = zb[ib]
            if (
                b not in used
                and y != x
                and (la is None or la[y] == sigs[a])
                and (lb is None or lb[x] == sigs[b])
                and not ((a in mine) != (b in mine) and (x if b in mine else y) in record)
            ):
                partners.append(b)
        if not partners:
            continue
        b = rng.choice(partners)
        zb, ib, _ = slots[b]
        y = zb[ib]
        za[ia], zb[ib] = y, x
        used.update((a, b))
        if (a in mine) != (b in mine):  # its blind card is now the one it got in exchange
            gone, came = (x, y) if a in mine else (y, x)
            record[gone] -= 1
            record[came] += 1
    if used and seat is not None:
        g.known[seat][seat] = list(record.elements())
    return bool(used)


def check_faces_view(fail: Callable[[str], None], game: Game, seat: int | None, view: View) -> None:
    """The view shows ``seat`` two-faced cards as RULES.md §8.4 says it sees them: its hand
    and the discard pile with its blind cards by their light face (FL-3), every other hand's
    backs as a multiset (FL-5; a spectator's: every hand's), the draw pile's top back (FL-2)
    and the side in play."""
    own = blind(game, seat)
    hand = tuple(as_seen(game.hands[seat], own)) if seat is not None else ()
    if view.hand != hand:
        fail(f"§8.4, FL-3: seat {seat}'s view shows its hand {texts(view.hand)}, not {texts(hand)}")
    discard = tuple(as_seen(game.discard, own))
    if view.discard != discard:
        fail(f"§8.4, FL-3: seat {seat}'s view shows the discard pile {texts(view.discard)}")
    backs = tuple(
        () if h == seat else tuple(sorted(BACK[c] for c in cards))
        for h, cards in enumerate(game.hands)
    )
    if view.backs != backs:
        fail(f"§8.4, FL-5: seat {seat}'s view shows the backs {view.backs}, not {backs}")
    pile = BACK[game.draw_pile[-1]] if game.draw_pile else -1
    if view.pile_back != pile:
        fail(f"FL-2: the draw pile's top shows the back {pile}, not {view.pile_back}")
    if view.dark != dark(game):
        fail(f"§8.4: the view says dark={view.dark} on top of {CARD_TEXT[game.discard[-1]]}")


# -- the event model -----------------------------------------------------------------------
class _Ctx(Protocol):
    def fail(self, what: str, game: Game | None = None) -> None: ...


class FlipBefore:
    """What ``FlipModel`` needs of the state before an action: both piles, who played each
    discard, what each seat knows of each hand (its own cell: its blind cards), the active
    colour and the colour a pending Wild Draw Color draws until (-1: none)."""

    __slots__ = ("blind", "color", "discard", "discard_by", "draw_pile", "known", "until")

    def __init__(self, game: Game) -> None:
        self.discard = list(game.discard)
        self.discard_by = list(game.discard_by)
        self.draw_pile = list(game.draw_pile)
        self.known = [[list(cell) for cell in row] for row in game.known]
        self.blind = [list(row[s]) for s, row in enumerate(game.known)]
        self.color = game.color
        pending = game.phase == Phase.PENALTY and CARD_KIND[game.discard[-1]] == WILD_DRAW_COLOR
        self.until = game.color if pending else -1


def _next(game: Game, seat: int, direction: int) -> int:
    """RULES.md §0.2 ``next(seat)`` in ``direction``."""
    s = (seat + direction) % game.n
    while game.eliminated[s]:
        s = (s + direction) % game.n
    return s


class FlipModel:
    """Follows an UNO Flip round through the events of each action (see the module doc):
    each seat's blind cards as the rules make them (FL-2 to FL-4), checked against the
    engine's record after every action; every table turning over, card by card (P9); the
    first card (§8.5) and the seat that names a surfaced wild's colour (FL-8)."""

    def __init__(self, ctx: _Ctx, game: Game, fresh: bool = True) -> None:
        """``fresh``: a new round (the deal and first card are checked); else a position,
        whose blind records, and the seat that plays once a pending colour is named, are
        taken as given."""
        self.ctx = ctx
        options = game.rules.options
        self.by_card = options.get("flip.observer_tracking") == "by_card"
        self.flip_player = options.get("flip.surfaced_wild_color") == "flip_player"
        self.last_flips = bool(options.get("flip.last_flip_flips", False))
        self.color_next = -1  # the seat that plays once a surfaced (or first) wild is named
        # an illegal Flip that may still be caught (§8.12): its player, the discard pile, who
        # played each card and the colour before it, which a catch restores; whether a
        # reshuffle came since
        self.undo: tuple[int, list[int], list[int], int] | None = None
        self.reshuffled = False
        self.paths: Counter[str] = Counter()  # the rules reached (the coverage test)
        if fresh:
            # FL-4: the deal shows each seat the light faces of its cards, nothing more
            hidden = hidden_backs(game)
            self.blind = [Counter(h) if hidden else Counter[int]() for h in game.hands]
            self._first_card(game)
        else:
            self.blind = [Counter(row[s]) for s, row in enumerate(game.known)]
            self.color_next = game.color_next if game.phase == Phase.COLOR else -1
        self._see(game, ())
        self._check_blind(game, "the deal")

    def fail(self, what: str) -> None:
        __tracebackhide__ = True
        self.ctx.fail(what)

    def _first_card(self, game: Game) -> None:
        """RULES.md §8.5: a Wild Draw Two turned first goes back into the draw pile, and so
        does a Flip under ``flip.first_flip = redraw``; a Flip is applied as the dealer's play
        (FL-11: the table turns, its own dark face is the top, with no effect) or ignored;
        every other first card as Classic's current table."""
        setup = game.setup_events
        mode = game.rules.options.get("flip.first_flip", "apply")
        back_kinds = {WILD_DRAW_TWO, FLIP} if mode == "redraw" else {WILD_DRAW_TWO}
        turned = [e.cards[0] for e in setup if e.kind == "starter"]
        returned = [e.cards[0] for e in setup if e.kind == "starter_returned"]
        if (
            not turned
            or turned[:-1] != returned
            or any(CARD_KIND[c] not in back_kinds for c in returned)
        ):
            self.fail(f"§8.5: turned {texts(turned)}, returned {texts(returned)}")
        first = turned[-1]
        if CARD_KIND[first] in back_kinds:
            self.fail(f"§8.5, FL-11: the first card {CARD_TEXT[first]} goes back into the deck")
        applied = CARD_KIND[first] == FLIP and mode == "apply"
        flips = [e for e in setup if e.kind == "turn_over"]
        if len(flips) != applied or any(e.seat is not None for e in flips):
            self.fail(f"FL-11: a first {CARD_TEXT[first]} ({mode}) turns the table {len(flips)}x")
        top = TWIN[first] if applied else first
        if game.discard != [top]:
            self.fail(f"FL-11: the discard pile is {texts(game.discard)}, not {CARD_TEXT[top]}")
        d = game.dealer
        left = _next(game, d, 1)
        kind = CARD_KIND[top]
        want = (Phase.TURN, left, 1)  # a number; a Flip ignored; a surfaced face (FL-9)
        if CARD_IS_WILD[top]:  # left(d) names the colour (a Wild, or a wild surfaced, FL-8)
            want = (Phase.COLOR, left, 1)
            self.color_next = left
        elif applied:
            self.paths["first_flip"] += 1
        elif kind == DRAW_ONE:
            want = (Phase.PENALTY, left, 1)
        elif kind == REVERSE:
            want = (Phase.TURN, d, -1)
        elif kind == SKIP:
            want = (Phase.TURN, _next(game, left, 1), 1)
        if (game.phase, game.turn, game.direction) != want:
            self.fail(f"§8.5: first card {CARD_TEXT[top]}: {(game.phase, game.turn)}, not {want}")
        if applied and self.by_card:
            self._check_by_card(game, [Counter(h) for h in game.hands])

    # -- one action -----------------------------------------------------------------------------
    def after(
        self,
        game: Game,
        seat: int,
        act: Action,
        events: Sequence[Event],
        pre: FlipBefore,
        laid: Sequence[int],
        left: int,
    ) -> None:
        """Check ``seat: act`` and its ``events``; ``pre`` holds the state before it, ``laid``
        the cards its play laid (as they were in the hand) and ``left`` the cards the player
        keeps."""
        turns = [i for i, e in enumerate(events) if e.kind == "turn_over"]
        if len(turns) > 1:
            self.fail(f"P9: one action turned the table {len(turns)} times")
        for e in events:
            if e.kind == "turn_over" and e.vis != PUBLIC:
                self.fail("P9: the table turning over is public")
        caught = [e for e in events if e.kind == "illegal_caught"]
        # a caught illegal Flip turns the table back (§8.12), with or without its own event
        back = bool(caught) and CARD_KIND[caught[0].cards[0]] == FLIP
        self._follow(game, events, back and not turns)
        self._check_blind(game, f"after {seat}: {act}")
        if act.kind in (Kind.PLAY, Kind.JUMP) and laid:
            if any(c in pre.blind[seat] for c in laid):
                self.paths["blind_play"] += 1  # told by the face its player saw (§8.4)
            self._played(game, seat, events, pre, laid, left, turns)
        elif turns and not back:
            self.fail(f"P9: {act} turned the table over: only a Flip landing does")
        if any(e.kind == "reshuffle" for e in events):
            self.reshuffled = True
        if pre.until >= 0 and act.kind in (Kind.TAKE, Kind.CHALLENGE):
            self.paths[f"p10:{act.kind.name.lower()}"] += 1
        if act.kind == Kind.CATCH_ILLEGAL:
            self._caught(game, back)
        if act.kind == Kind.COLOR:
            if self.color_next < 0:
                self.fail(f"{act}: no wild waits for its colour")
            elif (game.phase, game.turn, game.color) != (Phase.TURN, self.color_next, act.color):
                self.fail(f"FL-8: once {act} is named, seat {self.color_next} plays")
            self.color_next = -1
        if self.undo is not None and Window("illegal", self.undo[0]) not in game.windows():
            self.undo = None  # the illegal Flip can no longer be caught
        if game.phase == Phase.PENALTY:
            pending = game.view(None).pending
            wants = CARD_KIND[game.discard[-1]] == WILD_DRAW_COLOR
            if pending is None or pending.until_color != wants:
                self.fail(f"P10: a penalty pending on {CARD_TEXT[game.discard[-1]]}: {pending}")

    def _follow(self, game: Game, events: Sequence[Event], turned_back: bool) -> None:
        """Each seat's blind cards through the action (FL-2 to FL-4): a table turning over
        turns them too (a caught illegal Flip's catch turns it back, §8.12); a card drawn
        light side up showed its dark face on the pile, to everyone (FL-2); a challenge shows
        the challenger the face up of the challenged hand (FL-21); then what every seat sees
        now (``_see``)."""
        revealed: list[tuple[int, int]] = []
        for e in events:
            if e.kind == "turn_over" or (e.kind == "illegal_caught" and turned_back):
                self.blind = [Counter({TWIN[c]: k for c, k in b.items()}) for b in self.blind]
            elif e.kind == "draw":
                shown = {c for c in e.cards if not DARK_UP[c]}
                for b in self.blind:
                    for c in shown & set(b):
                        del b[c]
            elif e.kind == "reveal":
                revealed.extend((e.target, c) for c in e.cards if DARK_UP[c])
        self._see(game, revealed)

    def _see(self, game: Game, revealed: Sequence[tuple[int, int]]) -> None:
        """§8.4: a seat sees a card's dark face in its own hand dark side up (held through a
        Flip, FL-3), in another hand light side up (its back faces the table), on the discard
        pile's top dark side up, on the draw pile's top light side up (FL-2), or in a hand a
        challenge showed it dark side up (``revealed``: seat and card): it is blind to it no
        more."""
        top = game.discard[-1]
        shown = {top} if DARK_UP[top] else set()
        if game.draw_pile and not DARK_UP[game.draw_pile[-1]]:
            shown.add(game.draw_pile[-1])
        for s, b in enumerate(self.blind):
            if not b:
                continue
            others = {c for h, hand in enumerate(game.hands) if h != s for c in hand}
            for c in list(b):
                if (
                    c in shown
                    or (DARK_UP[c] and c in game.hands[s])
                    or (not DARK_UP[c] and c in others)
                    or (s, c) in revealed
                ):
                    del b[c]

    def _check_blind(self, game: Game, when: str) -> None:
        """The engine's record of each seat's blind cards is the rules'."""
        for s, b in enumerate(self.blind):
            record = Counter(game.known[s][s])
            if record != +b:
                self.fail(
                    f"FL-2-FL-4: {when}, seat {s} is blind to {texts(record)}; "
                    f"the rules make it blind to {texts(+b)}"
                )

    def _played(
        self,
        game: Game,
        p: int,
        events: Sequence[Event],
        pre: FlipBefore,
        laid: Sequence[int],
        left: int,
        turns: Sequence[int],
    ) -> None:
        """A play: a Flip landing turns the table over (P9), except as the last card without
        ``flip.last_flip_flips`` (FL-12); then the next seat plays, or a surfaced wild's colour
        is named first (FL-8); nobody may jump in (§8.12). No other card turns it."""
        if CARD_KIND[laid[-1]] != FLIP:
            if turns:
                self.fail(f"P9: {CARD_TEXT[laid[-1]]} turned the table over")
            return
        if len(laid) > 1:
            self.fail(f"§8.12: a Flip was laid with {texts(laid[:-1])}: it is laid alone")
        lands = left > 0 or self.last_flips
        if bool(turns) != lands:
            self.fail(f"P9, FL-12: seat {p}'s Flip (keeping {left}) turned the table {len(turns)}x")
        if not turns:
            self.paths["last_flip"] += 1
            if not game.over:
                self.fail("FL-12: going out on a Flip ends the round")
            return
        self.paths["turn_over"] += 1
        after = events[turns[0] + 1 :]
        self._turned(game, p, pre, laid[-1], after)
        if Window("illegal", p) in game.windows():
            self.undo = (p, pre.discard, pre.discard_by, pre.color)
            self.reshuffled = False
        if game.over:  # the last card, under flip.last_flip_flips: scored on the new side
            if left:
                self.fail("P9: a Flip that is not the last card ends no round")
            self.paths["last_flip_turns"] += 1
            return
        top = game.discard[-1]
        nxt = _next(game, p, game.direction)
        if CARD_IS_WILD[top]:  # FL-8
            self.paths["surfaced_wild"] += 1
            want = (Phase.COLOR, p if self.flip_player else nxt, -1)
            self.color_next = nxt
        else:
            want = (Phase.TURN, nxt, CARD_COLOR[top])
        if (game.phase, game.turn, game.color) != want:
            self.fail(
                f"§8.8 step 6, FL-7, FL-8: after seat {p}'s Flip surfaced {CARD_TEXT[top]}: "
                f"{(game.phase, game.turn, game.color)}, not {want}"
            )
        if any(w.kind == "jump" for w in game.windows()):
            self.fail("§8.12, FL-7: a jump-in window opened on a Flip or the card it surfaced")

    def _turned(
        self, game: Game, p: int, pre: FlipBefore, flip: int, after: Sequence[Event]
    ) -> None:
        """P9 (§8.8) for ``p``'s ``flip``, against the state before it and the events after
        the turn (``after``: a false UNO call's draws): the discard pile reversed, each card
        on its other face, the Flip at the bottom (step 1); the draw pile reversed and turned
        (step 2, FL-6); what each seat knew of each hand turned with it, or under
        ``flip.observer_tracking = by_card`` every hand known by id (FL-5)."""
        if any(e.kind == "reshuffle" for e in after):
            return  # (the piles were shuffled after the turn)
        drawn = [(e.seat, c) for e in after if e.kind == "draw" for c in e.cards]
        want = [TWIN[c] for c in reversed([*pre.discard, flip])]
        by = [p, *reversed(pre.discard_by)]
        if game.discard != want or game.discard_by != by:
            self.fail(
                f"P9 step 1: the discard pile turned over is {texts(want)} (the Flip at the "
                f"bottom), not {texts(game.discard)}"
            )
        pile = [TWIN[c] for c in reversed(pre.draw_pile)]
        if [*game.draw_pile, *(c for _, c in reversed(drawn))] != pile:
            self.fail("P9 step 2, FL-6: the draw pile is not reversed with every card turned")
        at_turn = [
            Counter(h) - Counter(c for s, c in drawn if s == h_seat)
            for h_seat, h in enumerate(game.hands)
        ]
        if self.by_card:
            self._check_by_card(game, at_turn)
            return
        for o, row in enumerate(pre.known):
            for h, cell in enumerate(row):
                if h == o:
                    continue
                known = Counter(cell) - (Counter([flip]) if h == p else Counter())
                wanted = Counter({TWIN[c]: k for c, k in known.items()})
                if Counter(game.known[o][h]) != wanted:
                    self.fail(
                        f"P9 step 3, FL-5: seat {o} knows {texts(game.known[o][h])} of seat "
                        f"{h}'s hand; it knew {texts(known)}, now turned"
                    )

    def _check_by_card(self, game: Game, hands: Sequence[Counter[int]]) -> None:
        """FL-5 ``by_card``: once the table turned, every seat knows each card of every other
        hand by id (it saw both its faces)."""
        for o, row in enumerate(game.known):
            for h, cell in enumerate(row):
                if h != o and Counter(cell) != hands[h]:
                    self.fail(f"FL-5 by_card: seat {o} knows {texts(cell)} of seat {h}'s hand")

    def _caught(self, game: Game, back: bool) -> None:
        """§8.12: a caught illegal Flip is undone by P9 once more: the discard pile as it was
        before the Flip, with the colour it had (the Flip back in its player's hand, which
        the hand check follows); a catch of any other card turns nothing."""
        undo, self.undo = self.undo, None
        self.color_next = -1  # no colour is named for a wild the Flip surfaced
        if undo is None:
            if back:
                self.fail("§8.12: a catch turned the table, yet no illegal Flip was pending")
            return
        if not back:
            self.fail("§8.12: the caught illegal Flip did not turn the table back")
        self.paths["flip_caught"] += 1
        _, discard, discard_by, color = undo
        if not self.reshuffled and (game.discard, game.discard_by) != (discard, discard_by):
            self.fail(
                f"§8.12: the table turned back shows the discard pile {texts(game.discard)}, "
                f"not {texts(discard)} as before the illegal Flip"
            )
        if game.color != color:
            self.fail(f"§8.12: the colour before the illegal Flip ({color}) is not restored")
