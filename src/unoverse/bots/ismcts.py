"""``ismcts``: information-set Monte Carlo tree search (the ``hard`` level).

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): one tree over the moves of
every seat, searched from the bot's view. Each iteration deals a fresh determinisation
(``unoverse.core.determinise``: the unknown cards dealt at random, a fresh PRNG for the
game), walks down the tree choosing among the moves legal *in that deal* by UCB1 with
availability counts, adds one node, plays the rest with the rollout policy, and credits the
winner. The answer is the root move visited most.

The search runs for ``iterations`` iterations (by default the variant's calibrated budget,
``Variant.bots``), or, with ``ms`` > 0, until the time budget is nearly spent (it stops when
one more iteration as long as the longest so far would overrun). The tree weighs the moves
of the mandatory windows only, a wild declaring its mover's most-held colour (``_prune``).
Rollouts play ``depth`` moves at most (0: to the end) with the greedy policy (``rollout=2``,
the default: a coloured card of the colour the mover holds most before a wild), the random
one (``rollout=0``: a random card that plays, else take, pass or draw, like ``naive``) or
the heuristic (``rollout=1``); a rollout cut short scores each seat by its hand size. In a
BLAST event the search picks the set to discard (among at most ``_MAX_SETS``; other seats'
sets are chance moves); in BLAST mode it picks which card to play, and the other
seats' plays are modelled one at a time, each well after the last (no races: reaction
times stay the driver's). The optional windows (UNO calls, catches, jump-ins) and waiting
or arming in BLAST mode are left to the heuristic, as is any window a determinisation
cannot rebuild.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import ClassVar, Final

from ..core.actions import Action, BlastChoices, Kind
from ..core.cards import CARD_COLOR, COLOR_LETTERS, most_held
from ..core.determinise import determinise
from ..core.errors import UnoverseError
from ..core.game import Game
from ..core.phase import Phase
from ..core.rng import Rng
from ..core.rules import Rules
from ..core.view import View
from .base import Bot, Param, defaults, register_bot
from .heuristic import HeuristicBot


class _Node:
    """A move in the tree: who made it, how often it was tried and available, and the wins
    of its mover below it."""

    __slots__ = ("avail", "children", "seat", "visits", "wins")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.avail = 1
        self.wins = 0.0
        self.children: dict[Action, _Node] = {}


class IsmctsBot(Bot):
    """Searches its information set; falls back on the heuristic where search has no
    choice to make."""

    name = "ismcts"
    params: ClassVar[dict[str, Param]] = {
        # iterations per decision (0: the variant's calibrated budget, ``Variant.bots``)
        "iterations": Param(0.0, 0.0, 1_000_000.0, integer=True),
        # a time budget per decision in milliseconds (0: use ``iterations``)
        "ms": Param(0.0, 0.0, 60_000.0),
        "explore": Param(0.7, 0.0, 10.0),  # the UCB1 exploration constant
        # moves per rollout before scoring by hand sizes (0: to the end)
        "depth": Param(40.0, 0.0, 20_000.0, integer=True),
        # the rollout policy: 0 random, 1 heuristic, 2 greedy
        "rollout": Param(2.0, 0.0, 2.0, integer=True),
    }

    def __init__(self, seed: int, **params: float) -> None:
        super().__init__(seed, **params)
        p = defaults(IsmctsBot, params)
        self.iterations = int(p["iterations"])
        self.ms = p["ms"]
        self.explore = p["explore"]
        self.depth = int(p["depth"])
        self.rollout = int(p["rollout"])
        self.fallback = HeuristicBot(seed)
        self.rollout_bots: dict[int, HeuristicBot] = {}
        #: the clock the time budget is measured on (seconds); tests inject a fake one
        self.clock: Callable[[], float] = time.perf_counter
        #: iterations run for each decision searched (for reports)
        self.searched: list[int] = []

    def act(self, view: View, legal: Sequence[Action]) -> Action | None:
        """A searched move in the seat's mandatory window; the heuristic's answer elsewhere,
        and for the optional moves it always makes (an UNO call, a catch, a jump-in)."""
        if not legal:
            return None
        asked = self.clock()  # the time budget counts from here
        quick = self.fallback.act(view, legal)  # (it also keeps the heuristic's memory)
        if quick is None or quick.kind in _OPTIONAL or not self._searches(view, legal):
            return quick
        return self.search(view, legal, asked)

    def _searches(self, view: View, legal: Sequence[Action]) -> bool:
        """Whether this window is one the search decides: a choice among several moves in
        the seat's own window (a BLAST event's sets, a turn, a penalty, a drawn card, a
        colour), or which card to play in BLAST mode."""
        if view.winner >= 0:
            return False
        if view.blast >= 0:  # (a choice among very many sets is the heuristic's)
            return 1 < len(legal) <= _MAX_SETS
        if view.phase == "live":
            return sum(1 for a in legal if a.kind is Kind.PLAY) > 1
        return view.turn == view.seat and len(_prune_view(view, legal)) > 1

    def search(self, view: View, legal: Sequence[Action], asked: float | None = None) -> Action:
        """The root move visited most after the search (with a time budget, counted from
        ``asked``, by default from now)."""
        seat = view.seat
        assert seat is not None
        moves = [a for a in legal if a.kind is Kind.PLAY] if view.phase == "live" else legal
        moves = _prune_view(view, moves)
        allowed = set(moves)
        root = _Node(seat)
        budget = self.ms / 1000.0
        iterations = self.iterations or calibrated(view.rules)
        last = start = self.clock() if asked is None else asked
        longest = 0.0  # the longest iteration so far
        done = 0
        while True:
            if budget > 0:
                now = self.clock()
                longest = max(longest, now - last)
                last = now
                if done and now - start + longest > budget:
                    break
            elif done >= iterations:
                break
            self._iterate(view, root, allowed)
            done += 1
        self.searched.append(done)
        best = max(
            (a for a in moves if a in root.children),
            key=lambda a: (root.children[a].visits, root.children[a].wins),
            default=None,
        )
        if best is None:
            best = moves[0]
        # the UNO call that goes with the move is the heuristic's (a search without catches
        # cannot tell a call from none)
        twins = [a for a in legal if a._replace(uno=False) == best._replace(uno=False)]
        return self.fallback.best_of(view, twins) if len(twins) > 1 else best

    def _iterate(self, view: View, root: _Node, allowed: set[Action]) -> None:
        """One determinisation, one walk down the tree, one rollout, one backup."""
        game = determinise(view, root.seat, Rng(self.rng.below(_SEED_SPAN)))
        node = root
        path: list[_Node] = []
        clock = [0.0]
        first = True
        while not game.over:
            seat = _mover(game, self.rng.below)
            if seat < 0:
                break
            legal = game.legal_actions(seat)
            if not first and isinstance(legal, BlastChoices):
                # another seat's BLAST set (there may be thousands): a chance move
                if not legal or not _apply(game, seat, legal[self.rng.below(len(legal))], clock):
                    return
                continue
            moves = _prune(game, seat, legal)
            if first:
                moves = [a for a in moves if a in allowed]
                first = False
            if not moves:
                break
            untried: list[Action] = []
            for a in moves:
                child = node.children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                a = untried[self.rng.below(len(untried))]
                child = node.children[a] = _Node(seat)
                if not _apply(game, seat, a, clock):
                    del node.children[a]
                    return
                path.append(child)
                break
            a = self._select(node, moves)
            child = node.children[a]
            if not _apply(game, seat, a, clock):
                return
            path.append(child)
            node = child
        scores = self._rollout(game, clock)
        for nd in path:
            nd.visits += 1
            nd.wins += scores[nd.seat]

    def _select(self, node: _Node, moves: list[Action]) -> Action:
        """UCB1 with availability counts among the moves legal in this determinisation."""
        best = moves[0]
        best_score = -1.0
        c = self.explore
        for a in moves:
            child = node.children[a]
            score = child.wins / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = a, score
        return best

    def _rollout(self, game: Game, clock: list[float]) -> list[float]:
        """Play on with the rollout policy; each seat's score: 1 for the winner, or, cut
        short, a share by hand size (fewer cards, more of it)."""
        steps = 0
        while not game.over and (not self.depth or steps < self.depth):
            seat = _mover(game, self.rng.below)
            if seat < 0:
                break
            legal = game.legal_actions(seat)
            if not legal:
                break
            if self.rollout == _GREEDY:
                a = _greedy_move(game, seat, legal, self.rng.below)
            elif self.rollout == _HEURISTIC:
                bot = self.rollout_bots.get(seat)
                if bot is None:
                    bot = self.rollout_bots[seat] = HeuristicBot(self.rng.below(_SEED_SPAN))
                a = bot.act(game.view(seat), legal) or _random_move(legal, self.rng.below)
            else:
                a = _random_move(legal, self.rng.below)
            if not _apply(game, seat, a, clock):
                break
            steps += 1
        n = game.n
        if game.winner >= 0:
            return [1.0 if s == game.winner else 0.0 for s in range(n)]
        shares = [
            0.0 if game.eliminated[s] else 1.0 / (1 + len(game.hands[s])) ** 2 for s in range(n)
        ]
        total = sum(shares) or 1.0
        return [x / total for x in shares]


def calibrated(rules: Rules) -> int:
    """The default iterations per decision: the variant's calibrated budget
    (``Variant.bots``), for real-time play if the rules are real-time."""
    bots = rules.variant.bots
    return bots.ismcts_iterations_realtime if rules.realtime else bots.ismcts_iterations


def _prune(game: Game, seat: int, legal: Sequence[Action]) -> list[Action]:
    """The moves the search weighs: the mandatory window's, without UNO calls or catches
    (the search models neither), without arming, and declaring a colour only as the
    mover's most-held colour (the heuristic's rule), which keeps the tree narrow."""
    return _pruned(legal, game.hands[seat], game.rules.colors)


def _prune_view(view: View, legal: Sequence[Action]) -> list[Action]:
    """``_prune`` at the root, on the seat's own hand."""
    return _pruned(legal, view.hand, view.rules.colors)


def _pruned(legal: Sequence[Action], hand: Sequence[int], colors: Sequence[int]) -> list[Action]:
    """``legal`` pruned for a mover holding ``hand``."""
    best = most_held(hand, colors) if colors and any(a.color >= 0 for a in legal) else -1
    out = [
        a for a in legal if not a.uno and a.kind in _SEARCHED and (a.color < 0 or a.color == best)
    ]
    return out or list(legal)


def _mover(game: Game, below: Callable[[int], int]) -> int:
    """The seat whose move the search plays next: the holder of the mandatory window, the
    first seat still to meet a BLAST event, or in BLAST mode a random seat that can play
    (-1: nobody)."""
    phase = game.phase
    if phase is _BLAST or phase is _LIVE:
        seats = game.acting_seats()
        if phase is _LIVE:
            seats = tuple(s for s in seats if any(a.kind is _PLAY for a in game.legal_actions(s)))
        if not seats:
            return -1
        return seats[0] if phase is _BLAST else seats[below(len(seats))]
    return game.turn


def _apply(game: Game, seat: int, a: Action, clock: list[float]) -> bool:
    """Apply a move in a determinisation, a second after the last (in BLAST mode: past any
    simultaneity window); False when the determinisation cannot take it (a window it
    rebuilt differently from the real one), which ends the iteration."""
    clock[0] += 1000.0
    try:
        game.apply(seat, a, clock[0] if game.rules.realtime else None)
    except UnoverseError:
        return False
    return True


def _greedy_move(
    game: Game, seat: int, legal: Sequence[Action], below: Callable[[int], int]
) -> Action:
    """The greedy rollout policy, a cheap heuristic on the mover's own hand: a coloured
    card before a wild, of the colour it holds most (a wild declares that colour), else
    take, pass, draw or press."""
    if game.phase is _BLAST:  # a random set (the sets are built as they are read)
        return legal[below(len(legal))]
    hand = game.hands[seat]
    held = [0] * len(COLOR_LETTERS)
    for c in hand:
        col = CARD_COLOR[c]
        if col >= 0:
            held[col] += 1
    best: Action | None = None
    best_score = -1
    most = -1
    for a in legal:
        if a.kind is not _PLAY or a.uno:
            continue
        col = CARD_COLOR[a.card]
        if col < 0:
            if most < 0:
                most = most_held(hand, game.rules.colors)
            if a.color >= 0 and a.color != most:
                continue
            score = 0
        else:
            score = 1 + held[col]
        if score > best_score:
            best, best_score = a, score
    return best if best is not None else _random_move(legal, below)


def _random_move(legal: Sequence[Action], below: Callable[[int], int]) -> Action:
    """The random rollout policy: a random card play when there is one (no UNO call: the
    plays without one), else the first of take, pass, draw or press, else anything."""
    if isinstance(legal, BlastChoices):  # a random set (built as they are read)
        return legal[below(len(legal))]
    plays = [a for a in legal if a.kind is _PLAY]
    if plays:
        return plays[below(len(plays))]
    for a in legal:
        if a.kind in _FALLBACK and not a.uno:
            return a
    return legal[below(len(legal))]


#: The most BLAST sets the search chooses among (more: the heuristic chooses).
_MAX_SETS: Final = 40
#: A search every ``_SEED_SPAN`` determinisations apart is as good as any other.
_SEED_SPAN: Final = 1 << 62
#: The kinds of move of a window the search decides.
_SEARCHED: Final = frozenset(
    {Kind.PLAY, Kind.DRAW, Kind.PASS, Kind.TAKE, Kind.CHALLENGE, Kind.COLOR, Kind.PRESS, Kind.BLAST}
)
#: Optional moves the bot makes whenever the heuristic would, without a search.
_OPTIONAL: Final = frozenset({Kind.UNO, Kind.CATCH, Kind.CATCH_ILLEGAL, Kind.JUMP})
_RANDOM: Final = 0
_HEURISTIC: Final = 1
_GREEDY: Final = 2
_FALLBACK: Final = (Kind.TAKE, Kind.PASS, Kind.DRAW, Kind.PRESS)
_PLAY: Final = Kind.PLAY
_BLAST: Final = Phase.BLAST
_LIVE: Final = Phase.LIVE


register_bot(IsmctsBot)
