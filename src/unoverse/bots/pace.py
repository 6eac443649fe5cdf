"""A bot's human pace at a table (a server's room, the terminal's local table).

A bot decides in microseconds; a person takes seconds. At a table with people, a bot
answers after a time a person of its level would take (docs/bots.md, "Pace at a table"):

* its own turn (any action of the mandatory window it holds: a play, a draw, a pass, taking
  or challenging a penalty, a colour): a *think time*, lognormal, whose median grows with
  the number of cards it holds by the Hick-Hyman law (``HICK_MS`` per bit,
  ``log2(choices)``) above a floor of the level's (the cards held, which the table sees,
  and not the legal actions, which the bot's timing would give away);
* an out-of-turn answer (its UNO call, a catch, a jump-in, a BLAST-mode play, its cards for
  a BLAST challenge): a *reaction time*, lognormal, with the level's median for that kind;
* an easy bot sometimes forgets: it plays its second-to-last card without calling UNO
  (``FORGETS["uno"]``; it may still call late, after a reaction time) and it misses a
  catch it could make (``FORGETS["catch"]``: once per open window, so it does not notice it
  later either).

The room's ``bot_speed`` scales every median (``SPEEDS``). Draws come from two streams
derived from the round's seed and the seat (``derive(seed, "pace", seat)``), one for the
times and one for the lapses, so a lapse never changes a later time.

The simulator keeps its own reaction-time model (``Bot.delay()``, ``sim.driver``): the pace
is a table's, where people wait for the bots.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from ..core import windows as win
from ..core.actions import Action, Kind
from ..core.seeding import Stream, derive
from ..core.windows import Window
from .base import BOTS, LEVELS

Level = Literal["easy", "normal", "hard"]
Speed = Literal["relaxed", "normal", "fast"]
#: What a bot's answer is, as the pace times it.
Answer = Literal["turn", "uno", "catch", "jump", "live", "blast", "arm"]


@dataclass(frozen=True)
class Lognormal:
    """A lognormal time: ``median_ms * exp(sigma * z)`` for a standard normal ``z``."""

    median_ms: float
    sigma: float


#: The room setting ``bot_speed``: the factor on every median.
SPEEDS: Final[dict[str, float]] = {"relaxed": 1.5, "normal": 1.0, "fast": 0.6}
#: The Hick-Hyman slope: ms added to a turn's median per bit of choice (Hick 1952, Hyman
#: 1953: about 150 ms per bit).
HICK_MS: Final = 150.0
#: The most choices the Hick-Hyman term counts (a hand of 30 cards is read by colour and
#: number, not card by card).
HICK_CHOICES: Final = 16

#: A turn's think time by level: its median with one choice (``Lognormal.median_ms``), and
#: the spread; the median grows by ``HICK_MS * log2(choices)``.
TURN: Final[dict[str, Lognormal]] = {
    "easy": Lognormal(1800.0, 0.40),
    "normal": Lognormal(1350.0, 0.35),
    "hard": Lognormal(1100.0, 0.30),
}
#: Out-of-turn reaction times by kind and level.
REACT: Final[dict[str, dict[str, Lognormal]]] = {
    # declaring UNO in its own open window (after forgetting it with the play): a late call
    "uno": {
        "easy": Lognormal(2200.0, 0.40),
        "normal": Lognormal(1500.0, 0.35),
        "hard": Lognormal(1100.0, 0.30),
    },
    # noticing a seat with one card and no call, and catching it (or an illegal play)
    "catch": {
        "easy": Lognormal(3000.0, 0.40),
        "normal": Lognormal(2200.0, 0.35),
        "hard": Lognormal(1700.0, 0.30),
    },
    # seeing that a card in hand is identical to the one just played, and playing it
    "jump": {
        "easy": Lognormal(2000.0, 0.40),
        "normal": Lognormal(1500.0, 0.35),
        "hard": Lognormal(1150.0, 0.30),
    },
    # BLAST mode: finding a card in hand that matches the new top card, and playing it
    "live": {
        "easy": Lognormal(1400.0, 0.40),
        "normal": Lognormal(1000.0, 0.35),
        "hard": Lognormal(800.0, 0.30),
    },
    # BLAST mode: picking up (arming) a card, or putting it back
    "arm": {
        "easy": Lognormal(1600.0, 0.40),
        "normal": Lognormal(1200.0, 0.35),
        "hard": Lognormal(950.0, 0.30),
    },
    # a BLAST challenge: choosing the cards that meet it
    "blast": {
        "easy": Lognormal(3200.0, 0.40),
        "normal": Lognormal(2500.0, 0.35),
        "hard": Lognormal(2000.0, 0.30),
    },
}
#: How often a bot of each level forgets: to call UNO with its second-to-last card, and to
#: catch a seat it could catch (once per open window).
FORGETS: Final[dict[str, dict[str, float]]] = {
    "easy": {"uno": 0.25, "catch": 0.40},
    "normal": {"uno": 0.0, "catch": 0.0},
    "hard": {"uno": 0.0, "catch": 0.0},
}
#: The timing parameters a bot spec may set: a spec that sets one keeps its own reaction
#: times at a table too (``paced``).
OWN_TIMING: Final = frozenset({"median_ms", "sigma"})

_MANDATORY: Final = frozenset(
    {Kind.PLAY, Kind.DRAW, Kind.PASS, Kind.TAKE, Kind.CHALLENGE, Kind.COLOR, Kind.PRESS}
)
_CATCHES: Final = frozenset({Kind.CATCH, Kind.CATCH_ILLEGAL})
#: The level each leveled bot is (``base.LEVELS`` read the other way).
_LEVEL_OF: Final[dict[str, Level]] = {"naive": "easy", "heuristic": "normal", "ismcts": "hard"}


def level_of(spec: str) -> Level:
    """The level whose pace the bot of ``spec`` keeps: its level, or the level its bot is
    (``naive`` easy, ``heuristic`` normal, ``ismcts`` hard); any other bot is normal."""
    name = spec.strip().partition(":")[0].strip()
    cls = BOTS.get(LEVELS.get(name, name))
    return _LEVEL_OF.get(cls.name if cls is not None else "", "normal")


def paced(spec: str) -> bool:
    """Whether the bot of ``spec`` keeps the human pace at a table: every bot but one whose
    spec sets its own reaction time (``median_ms``, ``sigma``), which keeps that."""
    _name, _sep, rest = spec.partition(":")
    keys = {item.partition("=")[0].strip() for item in rest.split(",")}
    return not keys & OWN_TIMING


def answer_of(action: Action, holds_turn: bool) -> Answer:
    """How the pace times ``action``: a mandatory-window action of the seat holding that
    window is its turn; anything else is an out-of-turn answer of its kind."""
    k = action.kind
    if k is Kind.BLAST:
        return "blast"
    if k is Kind.ARM or k is Kind.DISARM:
        return "arm"
    if k is Kind.UNO:
        return "uno"
    if k in _CATCHES:
        return "catch"
    if k is Kind.JUMP:
        return "jump"
    if holds_turn and k in _MANDATORY:
        return "turn"
    return "live" if k is Kind.PLAY else "turn"


class Pace:
    """One seat's pace for a round (see the module's docstring)."""

    def __init__(self, seed: int, seat: int, level: Level, speed: Speed = "normal") -> None:
        self.seat = seat
        self.level: Level = level
        self.factor = SPEEDS[speed]
        self.timing = Stream(derive(seed, "pace", seat), "times")
        self.lapses = Stream(derive(seed, "pace", seat), "lapses")
        #: whether it noticed each open window it could catch on: (kind, seat) -> noticed
        self.noticed: dict[tuple[str, int], bool] = {}

    def think_ms(self, choices: int) -> float:
        """A turn's think time among ``choices`` alternatives: the cards in the bot's hand
        (public), never its legal actions (its timing would tell the table what it can play)."""
        base = TURN[self.level]
        bits = math.log2(min(max(choices, 1), HICK_CHOICES))
        return self._draw(base.median_ms + HICK_MS * bits, base.sigma)

    def react_ms(self, answer: Answer) -> float:
        """An out-of-turn answer's reaction time."""
        d = REACT[answer][self.level]
        return self._draw(d.median_ms, d.sigma)

    def delay_ms(self, action: Action, holds_turn: bool, choices: int) -> float:
        """The time before ``action`` is sent: a think time if it is the seat's turn, else
        a reaction time of its kind."""
        answer = answer_of(action, holds_turn)
        return self.think_ms(choices) if answer == "turn" else self.react_ms(answer)

    def _draw(self, median_ms: float, sigma: float) -> float:
        u = self.timing.random()
        v = self.timing.random()
        z = math.sqrt(-2.0 * math.log(1.0 - u)) * math.cos(math.tau * v)
        return self.factor * median_ms * math.exp(sigma * z)

    # -- what it does at a table -------------------------------------------------------------
    def choose(
        self,
        act: Callable[[Sequence[Action]], Action | None],
        legal: Sequence[Action],
        windows: Sequence[Window],
    ) -> Action | None:
        """The bot's answer at a table: ``act(legal)`` (its strategy), with a person's habits
        and lapses. A call it forgets is dropped (``act`` chooses again among the plays
        without one); a catch it misses is not made (``act`` chooses again without it). When
        its strategy passes, it calls UNO on its own open window (late, after forgetting)
        and catches a seat it notices (the easy bot's strategy never catches, a person
        does)."""
        action = act(legal)
        if action is not None and action.uno and action.kind is not Kind.UNO and self._lapse("uno"):
            plain = [a for a in legal if not a.uno]
            again = act(plain) if plain else None
            if again is not None:
                action = again
        if action is not None and action.kind in _CATCHES and self.misses(action, windows):
            rest = [a for a in legal if a.kind not in _CATCHES]
            action = act(rest) if rest else None
        if action is None:
            for a in legal:
                if a.kind is Kind.UNO:
                    return a
            for a in legal:
                if a.kind in _CATCHES and not self.misses(a, windows):
                    return a
        return action

    def misses(self, catch: Action, windows: Sequence[Window]) -> bool:
        """Whether this seat misses ``catch``: drawn the first time it could make it, and
        kept while its window stays open."""
        key = _window_of(catch, windows)
        noticed = self.noticed.get(key)
        if noticed is None:
            noticed = self.noticed[key] = not self._lapse("catch")
        return not noticed

    def forget_closed(self, windows: Sequence[Window]) -> None:
        """Drop what it noticed of windows now closed (a window that opens again is a new
        chance to notice it)."""
        open_now = {(w.kind, w.seat) for w in windows}
        for key in [k for k in self.noticed if k not in open_now]:
            del self.noticed[key]

    def _lapse(self, what: str) -> bool:
        rate = FORGETS[self.level][what]
        return rate > 0.0 and self.lapses.random() < rate


def _window_of(catch: Action, windows: Sequence[Window]) -> tuple[str, int]:
    """The window a catch answers: the UNO window of its target, or the illegal play's."""
    if catch.kind is Kind.CATCH:
        return (win.UNO, catch.target)
    seat = next((w.seat for w in windows if w.kind == win.ILLEGAL), -1)
    return (win.ILLEGAL, seat)
