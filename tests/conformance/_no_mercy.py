"""UNO Show 'Em No Mercy, written from RULES.md §9 for the conformance playout
(``_playout.py``): which cards play (P1 of §9.5, NM-9), what answers a chain (a Draw Card
worth at least the chain's last card, colour ignored, nothing else: §9.6, NM-5, NM-10), the
plays that name a colour or a seat (the Roulette's victim names its colour, NM-11; the 7
must swap, NM-18), the points (§9.13, NM-25), the draws and takes each window offers (NM-4,
NM-22), the illegal actions to try, and ``NoMercyModel``, which reads every action's events
as the rules tell them to happen: the first card (§9.4, NM-3), each card's effect and the
window it leaves (§9.7, §9.11, NM-8, NM-17), a chain taken (E-1), a draw until a card plays
(NM-22), the Roulette's public reveal (P10 with ``reveal = True``), the Mercy rule after
every single card entering a hand (NM-12: threshold inclusive, the rest of the draw
cancelled, the hand set aside and shuffled in at the next reshuffle, NM-13, NM-24), going
out with no effect (NM-15), UNO owed on any path to one card (NM-16), and the property of
NM-23 (with Mercy on, no draw ever comes up short).

No Mercy reuses Blast's mechanisms (§9.3: a chain by value, elimination), but its rules
differ in enough places (the stackable set, the two-player ``WR4``, the Roulette, the 7 and
0, going out) that they are written here again rather than read off ``_blast.py``. Nothing
here calls the engine's own rule helpers (the P1 and answer tables, ``Game._*``); it reads
the card table, the options and the public state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from unoverse import Action, Game, Kind, Phase
from unoverse.core.cards import (
    CARD_COLOR,
    CARD_IS_WILD,
    CARD_KIND,
    CARD_NUMBER,
    CARD_TEXT,
    COLOR_LETTERS,
    KIND_INDEX,
)
from unoverse.core.events import PUBLIC, Event

#: §9.2: red, yellow, green and blue, the colours a wild names.
NM_COLORS = tuple(sorted(COLOR_LETTERS.index(x) for x in "RYGB"))
#: §9.6: the Draw Cards and their values (a chain's cards; the Roulette is none, NM-10).
STACK_VALUE = {
    KIND_INDEX["+2"]: 2,
    KIND_INDEX["+4"]: 4,
    KIND_INDEX["WR4"]: 4,
    KIND_INDEX["W+6"]: 6,
    KIND_INDEX["W+10"]: 10,
}
ZERO = KIND_INDEX["0"]
SEVEN = KIND_INDEX["7"]
SKIP = KIND_INDEX["S"]
SKIP_ALL = KIND_INDEX["SA"]
REVERSE = KIND_INDEX["R"]
WR4 = KIND_INDEX["WR4"]
ROULETTE = KIND_INDEX["WCR"]
#: The house cards §9.14 offers: the Boomerang (§1.8, H-4) and the Friendly card.
BOOMERANG = KIND_INDEX["WBO"]
FRIENDLY = KIND_INDEX["WF"]
#: §9.13, NM-25: the points the hand's winner scores for each player knocked out.
KNOCKOUT_POINTS = 250
#: The effects that move whole hands: the 7's Swap, the 0's Pass, the Friendly card.
HAND_MOVES = frozenset({SEVEN, ZERO, FRIENDLY})


def is_no_mercy(game: Game) -> bool:
    """The game is UNO Show 'Em No Mercy's (RULES.md §9)."""
    return game.rules.name == "no_mercy"


def _opt(game: Game, name: str, default: object) -> Any:
    """An option of the game's preset (its value as the preset resolved it)."""
    return game.rules.options.get(name, default)


def threshold(game: Game) -> int:
    """NM-12: the hand size that knocks a player out (``no_mercy.mercy_threshold``,
    inclusive); 0 with ``no_mercy.mercy=false``."""
    if not _opt(game, "no_mercy.mercy", True):
        return 0
    return int(_opt(game, "no_mercy.mercy_threshold", 25))


def roulette_by_victim(game: Game) -> bool:
    """NM-11: the Roulette's victim names its colour (``no_mercy.roulette_color``)."""
    return bool(_opt(game, "no_mercy.roulette_color", "victim") == "victim")


def points(c: int) -> int:
    """§9.13: numbers at face value, colour action cards 20, wild action cards 50 (the
    house cards and ``om_168``'s plain Wilds too)."""
    if CARD_NUMBER[c] >= 0:
        return int(CARD_NUMBER[c])
    return 50 if CARD_IS_WILD[c] else 20


# -- legal play (§9.5, §9.6) -------------------------------------------------------------
def nm_legal(game: Game, c: int) -> bool:
    """§9.5 step 3: a wild, a card of the active colour, or one of the top card's number or
    symbol; a wild on top matches by its named colour only (NM-9: a coloured +4 does not
    match a ``WR4``)."""
    if CARD_IS_WILD[c]:
        return True
    if CARD_COLOR[c] == game.color:
        return True
    top = game.discard[-1]
    return not CARD_IS_WILD[top] and CARD_KIND[c] == CARD_KIND[top]


def nm_answers(game: Game, c: int) -> bool:
    """§9.6: a chain is answered by one Draw Card worth at least the chain's *last* card
    (the top card), whatever its colour (NM-5), and by nothing else (NM-10); not once the
    chain's player went out (``last_card_effect=resolve_draws``: the next seat takes it,
    §1.6). The Boomerang house card sends an attack back to the player who made it (§1.8),
    unless it was already returned, which is then taken (H-4), or that player has been
    knocked out since (§9.8: a knocked-out seat takes no part)."""
    if game.pen_returned or game.out >= 0:
        return False
    k = CARD_KIND[c]
    if k == BOOMERANG:
        source = game.pen_source
        return bool(_opt(game, "boomerang", False)) and source >= 0 and not game.eliminated[source]
    last = CARD_KIND[game.discard[-1]]
    return k in STACK_VALUE and last in STACK_VALUE and STACK_VALUE[k] >= STACK_VALUE[last]


def needs_color(c: int, game: Game) -> bool:
    """NM-1, NM-11: a wild's player names its colour, except the Roulette's under
    ``roulette_color=victim``, whose victim names it afterwards."""
    return CARD_IS_WILD[c] and not (CARD_KIND[c] == ROULETTE and roulette_by_victim(game))


def swap_targets(game: Game, c: int) -> set[int]:
    """NM-18: the 7 must swap with another active seat (NM-14: never a knocked-out one), as
    the Friendly card does (§1.8); a last card names none (NM-15)."""
    if len(game.hands[game.turn]) == 1 or CARD_KIND[c] not in (SEVEN, FRIENDLY):
        return {-1}
    return {s for s in range(game.n) if s != game.turn and not game.eliminated[s]}


def draw_offered(game: Game, seat: int) -> bool:
    """NM-4: the turn's draw is offered only to a seat holding no legal card, unless
    ``no_mercy.voluntary_draw``."""
    if bool(_opt(game, "no_mercy.voluntary_draw", False)):
        return True
    return not any(nm_legal(game, c) for c in game.hands[seat])


def check_nm_offers(fail: Callable[[str], None], game: Game) -> None:
    """The turn-holder's actions other than plays: the turn's draw (NM-4; with a UNO call
    only where false calls are charged), never a pass (NM-22: the drawn card must be
    played), the take of a chain (E-1), the Roulette's colour named by its victim (NM-11);
    nothing else (no challenge, NM-2)."""
    turn = game.turn
    offered = Counter(
        (a.kind, a.uno, a.color) for a in game.legal_actions(turn) if a.kind != Kind.PLAY
    )
    mine = +Counter({k: v for k, v in offered.items() if k[0] not in (Kind.UNO, Kind.CATCH)})
    want: Counter[tuple[Kind, bool, int]] = Counter()
    phase = game.phase
    if phase == Phase.TURN and draw_offered(game, turn):
        want[Kind.DRAW, False, -1] = 1
        want[Kind.DRAW, True, -1] = int(int(_opt(game, "false_uno_penalty", 0) or 0) > 0)
    elif phase == Phase.PENALTY:
        want[Kind.TAKE, False, -1] = 1
    elif phase == Phase.COLOR:
        for col in NM_COLORS:
            want[Kind.COLOR, False, col] = 1
    if game.illegal is not None and game.illegal[0] != turn:
        want[Kind.CATCH_ILLEGAL, False, -1] = 1
    jumps = Counter({k: v for k, v in mine.items() if k[0] == Kind.JUMP})
    if mine - jumps != +want:
        fail(
            f"§9.5, NM-4, NM-11, NM-22: seat {turn} is offered {dict(mine - jumps)} besides its "
            f"plays, not {dict(+want)} ({phase.name})"
        )


# -- illegal actions ------------------------------------------------------------------------
Candidate = tuple[object, object, str]


def _color_for(game: Game, c: int) -> int:
    """The colour a well-formed play of ``c`` names (red for a wild that names one)."""
    return NM_COLORS[0] if needs_color(c, game) else -1


def nm_candidates(game: Game) -> list[Candidate]:
    """The actions RULES.md §9 forbids now that the generic generator does not know: a draw
    while holding a legal card (NM-4), a pass after the draw (NM-22), a 7 that swaps with
    nobody, with its own player or with a knocked-out seat (NM-14, NM-18), a Roulette
    naming its colour under ``roulette_color=victim`` (NM-11), a Draw Card worth less than
    the chain's last card (NM-5), and a jump-in on a card whose chain or colour is pending
    (§9.14)."""
    out: list[Candidate] = []
    if game.over:
        return out
    turn, phase = game.turn, game.phase
    hand = game.hands[turn]
    if phase == Phase.TURN and not draw_offered(game, turn):
        out.append((turn, "draw", "no voluntary draw while holding a legal card (NM-4)"))
    if phase == Phase.DRAWN:
        out.append((turn, "pass", "the card a draw ends on must be played (NM-22)"))
    if phase in (Phase.TURN, Phase.DRAWN) and len(hand) > 1:
        for c in sorted(set(hand)):
            if phase == Phase.DRAWN and c != game.drawn:
                continue
            if not nm_legal(game, c):
                continue
            k = CARD_KIND[c]
            if k == SEVEN:
                seven = Action(Kind.PLAY, card=c)
                out.append((turn, seven, "the 7 must swap with another player (NM-18)"))
                out.append((turn, seven._replace(target=turn), "a 7 swaps with another seat"))
                for s in range(game.n):
                    if game.eliminated[s]:
                        why = "a knocked-out seat is no swap target (NM-14)"
                        out.append((turn, seven._replace(target=s), why))
            elif k == ROULETTE and roulette_by_victim(game):
                why = "the Roulette's victim names its colour, not its player (NM-11)"
                out.append((turn, Action(Kind.PLAY, card=c, color=NM_COLORS[0]), why))
    if phase == Phase.PENALTY and not game.pen_returned and game.out < 0:
        for c in sorted(set(hand)):
            if CARD_KIND[c] in STACK_VALUE and not nm_answers(game, c):
                why = "a Draw Card worth less than the chain's last card (NM-5)"
                out.append((turn, Action(Kind.PLAY, card=c, color=_color_for(game, c)), why))
    if phase in (Phase.PENALTY, Phase.COLOR) and _opt(game, "jump_in", False):
        top = game.discard[-1]
        for s in range(game.n):
            if top in game.hands[s]:
                jump = Action(Kind.JUMP, card=top, color=_color_for(game, top), covers=game.landed)
                out.append((s, jump, "no jump-in while a chain or a colour is pending (§9.14)"))
    return out


# -- the events -------------------------------------------------------------------------------
class _Ctx(Protocol):
    def fail(self, what: str, game: Game | None = None) -> None: ...


class NMBefore:
    """What ``NoMercyModel`` needs of the state before an action, besides ``Before``'s: the
    window's phase, the active seats, the chain's source and a seat out on its last card."""

    __slots__ = ("active", "out", "pen_source", "phase")

    def __init__(self, game: Game) -> None:
        self.phase = game.phase
        self.active = game.n - sum(game.eliminated)
        self.pen_source = game.pen_source
        self.out = game.out


def _next(eliminated: Sequence[bool], seat: int, direction: int, steps: int = 1) -> int:
    """RULES.md §0.2 ``next``: the active seat ``steps`` places after ``seat``."""
    n = len(eliminated)
    for _ in range(steps):
        seat = (seat + direction) % n
        while eliminated[seat]:
            seat = (seat + direction) % n
    return seat


class NoMercyModel:
    """Follows a No Mercy round through the events of each action (see the module doc).
    ``paths`` counts the rules' paths reached, for the coverage test."""

    def __init__(self, ctx: _Ctx, game: Game, fresh: bool = True) -> None:
        self.ctx = ctx
        self.limit = threshold(game)
        self.paths: Counter[str] = Counter()
        self.discard = len(game.discard)
        self.buried = len(game.buried)
        #: the hands set aside since the last reshuffle (NM-13): each must be in ``buried``
        self.set_aside: list[Counter[int]] = []
        self.knocked = sum(game.eliminated)  # the knockouts of the round (NM-25)
        if fresh:
            self._setup(game)

    def fail(self, what: str) -> None:
        __tracebackhide__ = True
        self.ctx.fail(what)

    def _setup(self, game: Game) -> None:
        """§9.4: 7 cards each; the first card a number, the action cards turned before it
        buried under it, played by nobody, or put back (NM-3: ``ignored_first_card``), none
        of them with an effect (a first 0 or 7 neither); left of the dealer starts,
        clockwise, on the number's colour."""
        if game.rules.colors != NM_COLORS:
            self.fail(f"§9.2: No Mercy's colours are R Y G B, not {game.rules.colors}")
        if any(len(h) != 7 for h in game.hands):
            self.fail(f"§9.4: every player is dealt 7 cards: {[len(h) for h in game.hands]}")
        setup = game.setup_events
        turned = [e.cards[0] for e in setup if e.kind == "starter"]
        returned = [e.cards[0] for e in setup if e.kind == "starter_returned"]
        first = game.discard[-1]
        if not turned or turned[-1] != first or CARD_NUMBER[first] < 0:
            self.fail(f"§9.4: the first card {CARD_TEXT[first]} is not the number turned last")
        ignored = turned[:-1]
        if any(CARD_NUMBER[c] >= 0 for c in ignored):
            self.fail(f"NM-3: a number turned before the first card: {ignored}")
        if _opt(game, "no_mercy.ignored_first_card", "bury") == "bury":
            if returned or game.discard[:-1] != ignored or any(b != -1 for b in game.discard_by):
                self.fail("NM-3: the action cards turned first stay buried, played by nobody")
            self.paths["first:buried"] += bool(ignored)
        elif returned != ignored or len(game.discard) != 1:
            self.fail(f"NM-3 (return): turned {ignored}, put back {returned}")
        left = _next(game.eliminated, game.dealer, 1)
        want = (Phase.TURN, left, 1, CARD_COLOR[first])
        if (game.phase, game.turn, game.direction, game.color) != want:
            self.fail(f"§9.4: {(game.phase, game.turn, game.direction, game.color)}, not {want}")

    # -- one action -------------------------------------------------------------------------
    def after(
        self, game: Game, seat: int, act: Action, events: Sequence[Event], pre: Any, chain: int
    ) -> None:
        """Check ``seat: act`` and its ``events``; ``pre`` is the playout's ``Before`` (hands,
        eliminated seats, direction, window, cards a play keeps) with ``pre.nm``
        (``NMBefore``); ``chain`` is the pending total the action made or took."""
        nb: NMBefore = pre.nm
        self.knocked_now = self._walk(game, events, pre.hands, pre.eliminated)
        k = act.kind
        if k == Kind.PLAY:
            self._play(game, seat, act, events, pre, nb, chain)
        elif k == Kind.TAKE:
            self._take(game, seat, events, pre, nb, chain)
        elif k == Kind.DRAW:
            self._draw(game, seat, events)
        elif k == Kind.COLOR:
            if nb.phase != Phase.COLOR:
                self.fail(f"{seat}: {act} accepted outside a colour window")
            self._reveal(game, seat, act.color, events)
        elif k == Kind.JUMP:
            if nb.phase != Phase.TURN:
                self.fail(f"§9.14: a jump-in accepted on a pending {nb.phase.name}")
            self.paths["jump"] += 1
        elif k in (Kind.CATCH, Kind.UNO) and not self.knocked_now:
            got = (game.phase, game.turn, game.drawn if game.phase == Phase.DRAWN else -1)
            if got != pre.window:
                self.fail(f"P4: {act} moved the window {pre.window} to {got}")
        if k == Kind.CATCH:
            self.paths["catch"] += 1
        if game.over:
            self._scores(game, events)

    # -- Mercy, card by card, and the piles ------------------------------------------------
    def _walk(
        self,
        game: Game,
        events: Sequence[Event],
        hands: Sequence[Sequence[int]],
        eliminated: Sequence[bool],
    ) -> list[int]:
        """Follow the action's hand and pile changes event by event. NM-12: every card
        entering a hand is checked; the card that brings it to the threshold knocks its
        seat out at once (no card after it in the draw, no further draw in the action), and
        no other path knocks out. NM-13, NM-24, P3: the knocked-out hand is set aside face
        down (``game.buried``, never the discard pile) until a reshuffle, which keeps the
        top discard (while an illegal play may still be caught, the card it covers too,
        U-C-15) and shuffles every other discard and the whole set-aside pile in. NM-23:
        with Mercy on, no draw comes up short. Returns the seats knocked out."""
        sim = [list(h) for h in hands]
        elim = list(eliminated)
        limit = self.limit
        discard, buried = self.discard, self.buried
        due = -1  # the seat whose hand just reached the threshold
        knocked: list[int] = []
        for e in events:
            kind, s = e.kind, e.seat
            if due >= 0 and kind == "shown" and s == due:
                continue  # (a reveal that knocks its victim out is told before the knockout)
            if due >= 0 and kind != "eliminated":
                self.fail(f"NM-12: seat {due} reached {limit} cards; then {kind}, not knocked out")
            if kind == "draw" and s is not None:
                if elim[s]:
                    self.fail(f"NM-12: knocked-out seat {s} drew {len(e.cards)} more cards")
                for i, c in enumerate(e.cards):
                    sim[s].append(c)
                    if limit and len(sim[s]) >= limit:
                        if i != len(e.cards) - 1:
                            self.fail(
                                f"NM-12: seat {s} reached {limit} cards and drew "
                                f"{len(e.cards) - 1 - i} more ({e.reason}): Mercy is checked "
                                "after every single card"
                            )
                        due = s
            elif kind in ("play", "discard_all") and s is not None:
                discard += len(e.cards)
                for c in e.cards:
                    if c in sim[s]:
                        sim[s].remove(c)
            elif kind == "illegal_caught":
                discard -= len(e.cards)
                sim[e.target].extend(e.cards)
                if limit and len(sim[e.target]) >= limit:  # a card back enters the hand too
                    due = e.target
            elif kind == "hand" and s is not None:
                sim[s] = list(e.cards)
            elif kind == "eliminated" and s is not None:
                if s != due or e.count != limit or len(sim[s]) != limit:
                    self.fail(
                        f"NM-12: seat {s} knocked out holding {e.count} cards (threshold "
                        f"{limit}, reached by the last card in: {s == due})"
                    )
                if e.cards or e.vis != PUBLIC:
                    self.fail("NM-13: a knocked-out hand is set aside face down, counted")
                due = -1
                self.set_aside.append(Counter(sim[s]))
                buried += len(sim[s])
                sim[s] = []
                elim[s] = True
                knocked.append(s)
                self.paths["knockout"] += 1
            elif kind == "draw_short" and limit:
                self.fail(f"NM-23: seat {s} drew short with Mercy on (§9.12)")
            elif kind == "reshuffle":
                kept = 1
                if e.count != discard - 1 + buried and _opt(
                    game, "permissive_illegal_plays", False
                ):
                    kept = 2  # U-C-15: the card an illegal play covers stays with it
                if e.count != discard - kept + buried:
                    self.fail(
                        f"NM-24: a reshuffle of {e.count} cards; the discards under the top and "
                        f"the set-aside hands are {discard - 1 + buried} ({discard - 1}, {buried})"
                    )
                self.paths["reshuffle:set_aside" if buried else "reshuffle"] += 1
                discard, buried = kept, 0
                self.set_aside = []
        if due >= 0:
            self.fail(f"NM-12: seat {due} reached {limit} cards and was not knocked out")
        self.knocked += len(knocked)
        self.discard, self.buried = discard, buried
        if (len(game.discard), len(game.buried)) != (discard, buried):
            self.fail(
                f"the discard pile and the set-aside hands hold {len(game.discard)} and "
                f"{len(game.buried)} cards; the events make {discard} and {buried}"
            )
        pile = Counter(game.buried)
        for hand in self.set_aside:
            if hand - pile:
                self.fail("NM-13: a knocked-out hand is not in the set-aside pile")
            pile -= hand
        return knocked

    # -- the windows ------------------------------------------------------------------------
    def _expect(self, what: str, game: Game, phase: Phase, turn: int, drawn: int = -1) -> None:
        """The window the rules leave, unless the round is over."""
        got = (game.phase, game.turn, game.drawn if game.phase == Phase.DRAWN else -1)
        if got != (phase, turn, drawn):
            self.fail(f"{what}: the rules leave ({phase.name}, {turn}, {drawn}); got {got}")

    def _over(self, game: Game, winner: int, what: str) -> None:
        if not game.over or game.winner != winner:
            self.fail(f"{what}: seat {winner} wins at once; over={game.over}, {game.winner}")

    def _after_knockout(self, game: Game, seat: int, what: str, winner: int = -1) -> None:
        """NM-12, §9.8: a knockout ends the round when one active seat is left (or the seat
        out on its last card wins, ``winner``); else the next active seat after ``seat``
        plays, in the current direction, with nothing pending."""
        active = [s for s in range(game.n) if not game.eliminated[s]]
        if winner >= 0 or len(active) == 1:
            self._over(game, winner if winner >= 0 else active[0], what)
            self.paths["over:last_standing" if winner < 0 else "over:out_taken"] += 1
            return
        self._expect(what, game, Phase.TURN, _next(game.eliminated, seat, game.direction))
        if game.view(None).pending is not None:
            self.fail(f"NM-12: {what}: the chain being taken is cleared")

    def _take(
        self, game: Game, v: int, events: Sequence[Event], pre: Any, nb: NMBefore, chain: int
    ) -> None:
        """E-1, §9.6: the target draws the chain's total, card by card (a knockout cancels
        the rest, NM-12), and loses its turn: next(v) plays (a seat out on its last Draw
        Card wins once it is drawn, ``resolve_draws``)."""
        takes = [e for e in events if e.kind == "take"]
        if len(takes) != 1 or takes[0].seat != v or takes[0].count != chain:
            self.fail(f"E-1: the take of a {chain}-card chain gave {takes}")
        got = sum(len(e.cards) for e in events if e.kind == "draw" and e.seat == v)
        if v in self.knocked_now:
            self.paths["knockout:take"] += 1
            if got > chain or len(pre.hands[v]) + got != self.limit:
                self.fail(f"NM-12: seat {v} knocked out after {got} of its {chain} cards")
            self.paths["knockout:rest_cancelled"] += got < chain
            self._after_knockout(game, v, "NM-12 in a take", nb.out)
            return
        short = any(e.kind == "draw_short" for e in events)
        if got != chain and not (short and got < chain):
            self.fail(f"E-1: seat {v} took a {chain}-card chain and drew {got} cards")
        self.paths["take"] += 1
        if nb.out >= 0:
            self._over(game, nb.out, "§9.9 resolve_draws: the chain is taken, then the round ends")
            self.paths["over:out_taken"] += 1
            return
        self._expect(
            "E-1: the taker loses its turn",
            game,
            Phase.TURN,
            _next(game.eliminated, v, game.direction),
        )

    def _draw(self, game: Game, p: int, events: Sequence[Event]) -> None:
        """NM-22 (and NM-4's voluntary draw): cards one at a time until one plays, which must
        then be played at once (the drawn window, no pass); a knockout ends the drawing and
        the turn (NM-12)."""
        cards = [
            c
            for e in events
            if e.kind == "draw" and e.seat == p and e.reason == "turn"
            for c in e.cards
        ]
        for c in cards[:-1]:
            if nm_legal(game, c):
                self.fail(f"NM-22: seat {p} drew on after the playable {CARD_TEXT[c]}")
        if p in self.knocked_now:
            self.paths["knockout:draw"] += 1
            self._after_knockout(game, p, "NM-12 in a draw until playable")
            return
        last = cards[-1] if cards else -1
        if last >= 0 and nm_legal(game, last):
            self.paths["draw:until" if len(cards) > 1 else "draw:one"] += 1
            self._expect("NM-22: the card drawn that plays is played", game, Phase.DRAWN, p, last)
            return
        if not any(e.kind == "draw_short" for e in events):
            self.fail(f"NM-22: seat {p}'s draw stopped on {cards[-1:]} with no card that plays")
        self._expect(
            "P2: nothing left to draw", game, Phase.TURN, _next(game.eliminated, p, game.direction)
        )

    def _reveal(self, game: Game, v: int, color: int, events: Sequence[Event]) -> None:
        """§9.7, NM-11: the Roulette's victim turns cards up into its hand one at a time until
        one of ``color`` comes (a wild has none), each shown to every seat (a public
        ``shown`` event, every seat's knowledge of the hand), each checked for Mercy; then
        it loses its turn. ``color`` is the colour of play."""
        cards = [c for e in events if e.kind == "draw" and e.seat == v for c in e.cards]
        shown = [e for e in events if e.kind == "shown"]
        if len(shown) != 1 or shown[0].seat != v or list(shown[0].cards) != cards:
            self.fail(f"NM-11: seat {v} revealed {cards}; shown: {shown}")
        elif shown[0].vis != PUBLIC or shown[0].color != color:
            self.fail(f"NM-11: the reveal is public and names colour {color}: {shown[0]}")
        for c in cards[:-1]:
            if CARD_COLOR[c] == color:
                self.fail(f"P10: seat {v} revealed on after {CARD_TEXT[c]}, of the named colour")
        self.paths["reveal:past_wild"] += any(CARD_IS_WILD[c] for c in cards[:-1])
        if v in self.knocked_now:
            self.paths["knockout:reveal"] += 1
            self._after_knockout(game, v, "NM-12 in a Roulette reveal")
            return
        if not cards or (
            CARD_COLOR[cards[-1]] != color and not any(e.kind == "draw_short" for e in events)
        ):
            self.fail(f"P10: seat {v}'s reveal stopped on {cards[-1:]}, not colour {color}")
        for o in range(game.n):
            if o != v and Counter(cards) - Counter(game.known[o][v]):
                self.fail(f"NM-11: seat {o} does not know the cards seat {v} revealed")
        if game.color != color:
            self.fail(f"NM-11: the colour named ({color}) is the colour of play: {game.color}")
        self.paths["reveal"] += 1
        self._expect(
            "§9.7: the Roulette's victim loses its turn",
            game,
            Phase.TURN,
            _next(game.eliminated, v, game.direction),
        )

    # -- plays -------------------------------------------------------------------------------
    def _play(
        self,
        game: Game,
        p: int,
        act: Action,
        events: Sequence[Event],
        pre: Any,
        nb: NMBefore,
        chain: int,
    ) -> None:
        """§9.7's effects and the window each leaves (§9.11: the two-player rules on two
        active seats, NM-17), going out (NM-15), and the UNO windows (NM-16)."""
        laid = (act.card, *act.more)
        last = laid[-1]
        k = CARD_KIND[last]
        mult = len(laid) if all(CARD_KIND[x] == k for x in laid) else 1
        left = pre.remaining
        answering = nb.phase == Phase.PENALTY
        two = nb.active == 2
        d0 = pre.direction
        elim0 = pre.eliminated
        resolve = _opt(game, "no_mercy.last_card_effect", "none") == "resolve_draws"
        moves = [e for e in events if e.kind in ("swap", "rotate", "skip", "reverse", "boomerang")]
        if needs_color(last, game) and game.color != act.color and not game.over:
            self.fail(f"NM-1: {act} names {act.color}; the active colour is {game.color}")
        if answering:
            self.paths[
                "stack:wr4" if k == WR4 else "stack:boomerang" if k == BOOMERANG else "stack"
            ] += 1
        if left == 0 and not (resolve and k in STACK_VALUE):
            if moves or any(e.kind in ("take", "shown", "draw") for e in events):
                self.fail(f"NM-15: {act} went out: no effect, yet {[e.kind for e in moves]}")
            self._over(game, p, f"§9.9: {act} empties the hand")
            self.paths[
                "over:out_on_effect" if k in (*STACK_VALUE, SEVEN, ZERO, ROULETTE) else "over:out"
            ] += 1
            return
        if left == 0:
            self.paths["out:resolve_draws"] += 1
        direction = d0
        turn, phase = _next(elim0, p, d0), Phase.TURN
        if k == SKIP:
            turn = _next(elim0, p, d0, mult + 1)
        elif k == SKIP_ALL:
            turn = p
            self.paths["skip_all"] += 1
        elif k == REVERSE:
            if two:
                turn = p  # §9.11: a Reverse acts as a Skip
                self.paths["reverse:two_players"] += 1
            else:
                direction = d0 * (-1) ** mult
                turn = _next(elim0, p, direction)
        elif k in STACK_VALUE:
            phase = Phase.PENALTY
            if k == WR4:
                direction = -d0
                self_target = _opt(game, "no_mercy.wr4_two_player", "self") == "self"
                turn = p if two and self_target else _next(elim0, p, direction)
                self.paths["wr4:self" if turn == p else "wr4"] += 1
        elif k == BOOMERANG:
            direction = -d0
            if answering:
                phase, turn = Phase.PENALTY, nb.pen_source
            else:
                turn = _next(elim0, p, direction)
        elif k == ROULETTE:
            victim = _next(elim0, p, d0)
            if roulette_by_victim(game):
                phase, turn = Phase.COLOR, victim
                self.paths["roulette"] += 1
            else:
                self.paths["roulette:player"] += 1
                self._reveal(game, victim, act.color, events)
                self._uno(game, p, act, pre)
                return
        if game.direction != direction:
            self.fail(f"§9.7: after {act} the direction is {game.direction}, not {direction}")
        if k in HAND_MOVES:
            self._hand_moves(game, p, act, events, pre, mult)
        if p in self.knocked_now:  # its own false UNO call knocked it out (P4, NM-12)
            self.paths["knockout:false_uno"] += 1
            if turn == p or game.over:  # (its card's effect on others stands)
                self._after_knockout(game, p, "NM-12 in a false UNO call's draw")
                return
        if phase == Phase.PENALTY:
            pending = game.view(None).pending
            if (
                game.over
                or game.phase != Phase.PENALTY
                or game.turn != turn
                or pending is None
                or pending.amount != chain
            ):
                self.fail(
                    f"§9.6: after {act} seat {turn} faces a {chain}-card chain; got "
                    f"{game.phase.name}, turn {game.turn}, {pending}"
                )
            if game.out != (p if left == 0 else nb.out):
                self.fail(f"§1.6: the chain's player out is {game.out}")
        else:
            self._expect(f"§9.7, §9.11: after {act}", game, phase, turn)
        self._uno(game, p, act, pre)

    def _hand_moves(
        self, game: Game, p: int, act: Action, events: Sequence[Event], pre: Any, mult: int
    ) -> None:
        """NM-18: the 7 (and the Friendly card) swap with the seat named; NM-19: the 0 passes
        every active hand to the next seat in the current direction, at once (NM-14: the
        knocked-out seats take no part)."""
        k = CARD_KIND[act.more[-1] if act.more else act.card]
        laid = Counter((act.card, *act.more))
        mine = Counter(pre.hands[p]) - laid - pre.gone
        before = [Counter(h) for h in pre.hands]
        before[p] = mine
        want = list(before)
        active = [s for s in range(game.n) if not pre.eliminated[s]]
        for _ in range(mult):
            if k == ZERO:
                nxt = {s: _next(pre.eliminated, s, pre.direction) for s in active}
                moved = list(want)
                for s in active:
                    moved[nxt[s]] = want[s]
                want = moved
            else:
                t = act.target
                if t < 0 or t == p or pre.eliminated[t]:
                    self.fail(f"NM-18: {act} swaps with seat {t}")
                    return
                want[p], want[t] = want[t], want[p]
        self.paths["pass" if k == ZERO else "swap"] += 1
        if any(e.kind == "draw" for e in events):
            return  # (a false UNO call's draw comes after: the model checks the hands)
        got = [Counter(h) for h in game.hands]
        if got != want:
            self.fail(f"NM-18, NM-19: after {act} the hands are not the ones moved")

    def _uno(self, game: Game, p: int, act: Action, pre: Any) -> None:
        """P4, NM-16: a play closes every other seat's window, and opens one on each active
        seat the action leaves at exactly one card from another size — its player by its own
        play (unless it called UNO with it), any seat by a 7's Swap or a 0's Pass (with
        ``no_mercy.uno_any_path=false`` none after a hand move, C-4)."""
        if game.over:
            return
        any_path = bool(_opt(game, "no_mercy.uno_any_path", True))
        k = CARD_KIND[act.more[-1] if act.more else act.card]
        moved = k in HAND_MOVES
        before = [len(h) for h in pre.hands]
        want = set()
        for s in range(game.n):
            if game.eliminated[s] or len(game.hands[s]) != 1 or before[s] == 1:
                continue
            if s == p and act.uno:
                continue
            if (s == p and not moved) or (moved and any_path):
                want.add(s)
        if act.uno and pre.kept != 1:
            want.discard(p)  # a false call: it draws (false_uno_penalty)
        if set(game.uno_open) != want:
            self.fail(
                f"P4, NM-16: after {act} the UNO windows are {sorted(game.uno_open)}, not "
                f"{sorted(want)} (the hands went from {before} to "
                f"{[len(h) for h in game.hands]})"
            )
        if moved and want - {p}:
            self.paths["uno:moved"] += 1

    # -- the end -------------------------------------------------------------------------------
    def _scores(self, game: Game, events: Sequence[Event]) -> None:
        """§9.13, NM-25, U-N-6: the winner scores the cards left in the other hands (the
        round's end says them) and 250 for each player knocked out in the round (a
        knocked-out hand counts nothing)."""
        said = [e.count for e in events if e.kind == "round_over"]
        left = sum(points(c) for s, h in enumerate(game.hands) if s != game.winner for c in h)
        want = left + KNOCKOUT_POINTS * self.knocked
        if said != [left] or game.round_points() != want:
            self.fail(
                f"§9.13, NM-25: the round says {said} and scores {game.round_points()}; the "
                f"hands left make {left} and {self.knocked} knockouts {KNOCKOUT_POINTS} each"
            )
        self.paths["scored:knockouts" if self.knocked else "scored"] += 1


def nm_state_checks(fail: Callable[[str], None], game: Game) -> None:
    """Cheap No Mercy invariants after every action: the colour of play is one of R Y G B
    (a Roulette waiting for its colour excepted); no active hand holds the Mercy threshold
    (NM-12); a knocked-out seat holds nothing (NM-13); the set-aside pile exists only with
    Mercy on."""
    limit = threshold(game)
    if game.color not in NM_COLORS and not (game.phase == Phase.COLOR and game.color == -1):
        fail(f"§9.2: the colour of play {game.color} is not one of R Y G B")
    for s, h in enumerate(game.hands):
        if game.eliminated[s] and h:
            fail(f"NM-13: knocked-out seat {s} holds {len(h)} cards")
        if limit and not game.eliminated[s] and len(h) >= limit:
            fail(f"NM-12: seat {s} holds {len(h)} cards and is still in (threshold {limit})")
    if game.buried and not limit:
        fail("NM-12: cards set aside with the Mercy rule off")
