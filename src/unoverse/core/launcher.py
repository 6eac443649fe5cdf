"""The card launcher of UNO Attack (RULES.md §3.6).

UNO Attack has no draw pile: the cards that are not dealt are loaded into a motorised
launcher, and a player who would draw presses its button instead. A press fires nothing or a
burst of cards. One machine serves the whole table, so its state is shared by every player.

The default model, ``HazardLauncher``, is a renewal process fitted exactly to the firing
schedule reverse-engineered from a real machine (S10, in §3.6 and §7.2): 34 fires in 96
presses, never more than 3 misses in a row, and a chance to fire that depends on the misses
since the last fire (7/34, 3/27, 13/24, then certain). With the burst weights it matches the
other reports as well: about a third of presses fire, fires at most 4 presses apart, rarely
twice in succession, bursts usually of 3-8 cards and never more than 12 (S10, S11). The
uniform 0-10 model of an earlier program (S13) fires on 91% of presses, which contradicts
those reports; it is kept as the ``uniform_0_10`` mode for compatibility only.

This module only decides how many cards a press fires. Taking them from the loaded pile
(capping the number at what is loaded), reloading an empty launcher from the discard pile
(A-6), calling ``reset()`` at each round start and reload (A-12) and the events are the
engine's job. A press takes a fixed, small number of draws from the game's ``Rng`` (each
class says which), so a game replays exactly from its seed.
"""

from __future__ import annotations

from typing import ClassVar, Final

from .rng import Rng

#: The presses (1-based, from a reset) on which the real machine fires (S10, §7.2).
FIRE_PRESSES: Final[tuple[int, ...]] = (
    2, 6, 9, 13, 17, 21, 24, 26, 27, 29, 32, 36, 37, 41, 44, 47, 48,
    51, 54, 57, 58, 62, 66, 69, 72, 73, 77, 81, 84, 85, 88, 92, 93, 96,
)  # fmt: skip
#: The schedule's length; the ``pattern`` mode repeats it after this press.
PATTERN_LENGTH: Final = 96
#: P(fire | k misses since the last fire) as (numerator, denominator), for k = 0, 1, 2, 3+.
HAZARD: Final[tuple[tuple[int, int], ...]] = ((7, 34), (3, 27), (13, 24), (1, 1))
#: Weights in percent of the burst sizes 1..12 (a calibration: no source measures them).
BURST_WEIGHTS: Final[tuple[int, ...]] = (4, 6, 10, 13, 14, 14, 12, 10, 7, 5, 3, 2)
#: The fire chance of the ``bernoulli`` mode, 0.354 = 34/96 rounded, as a fraction.
BERNOULLI_P: Final = (354, 1000)
#: A "press until it fires" forces a fire on this press; only ``bernoulli`` and
#: ``uniform_0_10`` can get this far (``hazard`` and ``pattern`` fire within 4 presses).
UNTIL_FIRE_CAP: Final = 20
#: The values of the ``attack.launcher`` option.
MODES: Final[tuple[str, ...]] = ("hazard", "pattern", "bernoulli", "uniform_0_10", "one_card")

#: The mean burst size of ``BURST_WEIGHTS``.
MEAN_BURST: Final = sum(size * w for size, w in enumerate(BURST_WEIGHTS, 1)) / sum(BURST_WEIGHTS)
_LAST_HAZARD: Final = len(HAZARD) - 1  # from this many misses on, the last entry applies
# Whether press number i + 1 of the schedule fires.
_FIRES_AT: Final[tuple[bool, ...]] = tuple(p in FIRE_PRESSES for p in range(1, PATTERN_LENGTH + 1))
# The cumulative burst table unrolled: entry r is the size whose cumulative band holds r,
# so one uniform draw below the total weight (100) picks a size by a single index.
_BURST_OF: Final[tuple[int, ...]] = tuple(
    size for size, weight in enumerate(BURST_WEIGHTS, 1) for _ in range(weight)
)
_UNIFORM_MAX: Final = 10  # the uniform_0_10 mode fires 0..10 cards


def burst(rng: Rng) -> int:
    """A burst size 1..12 drawn with ``BURST_WEIGHTS``: one ``rng.below(100)``."""
    return _BURST_OF[rng.below(len(_BURST_OF))]


class Launcher:
    """One launcher: a single mutable int of public state, shared by every player (one
    physical machine). Each subclass is one mode of ``attack.launcher``."""

    __slots__ = ("state",)

    mode: ClassVar[str]

    def __init__(self, state: int = 0) -> None:
        if state < 0:
            raise ValueError(f"launcher state must be >= 0, not {state}")
        self.state = state

    def press(self, rng: Rng, force: bool = False) -> int:
        """One press: the number of cards the machine tries to fire (0: it does not fire).

        ``force`` makes it fire (the engine passes it on press ``UNTIL_FIRE_CAP`` of a press
        until fire). Updates ``state``. The caller caps the result at the cards actually
        loaded.
        """
        raise NotImplementedError

    def expected(self) -> float:
        """The mean number of cards the next press fires from this state (before capping
        at what is loaded): what a player weighs before pressing by choice (reneging)."""
        raise NotImplementedError

    def reset(self) -> None:
        """Back to the state of a fresh machine: at each round start, and on each reload,
        because opening the hopper resets the real one (A-12, A-6)."""
        self.state = 0

    def copy(self) -> Launcher:
        """An independent launcher of the same mode in the same state."""
        return type(self)(self.state)


class HazardLauncher(Launcher):
    """The default model: ``state`` is the number of misses since the last fire (0..3), and a
    press fires with probability ``HAZARD[min(state, 3)]``, a burst of ``burst(rng)`` cards.

    RNG use: one ``rng.below(den)`` for the fire test, exact as ``below(den) < num`` (also at
    k = 3, where it always passes), then on a fire one ``rng.below(100)`` for the burst. A
    forced press skips the fire test.
    """

    __slots__ = ()

    mode = "hazard"

    def press(self, rng: Rng, force: bool = False) -> int:
        k = self.state
        num, den = HAZARD[k if k < _LAST_HAZARD else _LAST_HAZARD]
        if force or rng.below(den) < num:
            self.state = 0
            return burst(rng)
        self.state = k + 1
        return 0

    def expected(self) -> float:
        num, den = HAZARD[min(self.state, _LAST_HAZARD)]
        return num / den * MEAN_BURST


class PatternLauncher(Launcher):
    """Replays the documented schedule: ``state`` is the number of presses since the reset,
    and press ``state % 96 + 1`` fires iff it is in ``FIRE_PRESSES`` (cyclic after 96).

    RNG use: none for the fire decision; one ``rng.below(100)`` for the burst on a fire. A
    forced press fires and still advances the press count.
    """

    __slots__ = ()

    mode = "pattern"

    def press(self, rng: Rng, force: bool = False) -> int:
        fires = force or _FIRES_AT[self.state % PATTERN_LENGTH]
        self.state += 1
        return burst(rng) if fires else 0

    def expected(self) -> float:
        return MEAN_BURST if _FIRES_AT[self.state % PATTERN_LENGTH] else 0.0


class BernoulliLauncher(Launcher):
    """Independent presses that fire with probability ``BERNOULLI_P``, bursts from
    ``burst(rng)``; ``state`` is the number of misses since the last fire. A press until fire
    has no bound here, hence ``UNTIL_FIRE_CAP``.

    RNG use: one ``rng.below(1000)`` for the fire test, then on a fire one
    ``rng.below(100)`` for the burst. A forced press skips the fire test.
    """

    __slots__ = ()

    mode = "bernoulli"

    def press(self, rng: Rng, force: bool = False) -> int:
        if force or rng.below(BERNOULLI_P[1]) < BERNOULLI_P[0]:
            self.state = 0
            return burst(rng)
        self.state += 1
        return 0

    def expected(self) -> float:
        return BERNOULLI_P[0] / BERNOULLI_P[1] * MEAN_BURST


class UniformLauncher(Launcher):
    """The S13 program's model, for compatibility: a uniform 0..10 cards per press (0: no
    fire); ``state`` is the number of misses since the last fire.

    RNG use: one ``rng.below(11)``; a forced press draws ``1 + rng.below(10)`` instead.
    """

    __slots__ = ()

    mode = "uniform_0_10"

    def press(self, rng: Rng, force: bool = False) -> int:
        n = 1 + rng.below(_UNIFORM_MAX) if force else rng.below(_UNIFORM_MAX + 1)
        self.state = 0 if n else self.state + 1
        return n

    def expected(self) -> float:
        return _UNIFORM_MAX / 2


class OneCardLauncher(Launcher):
    """Every press fires exactly 1 card: classic drawing, for tests. Every press is a fire, so
    ``state`` (misses since the last fire) stays 0.

    RNG use: none.
    """

    __slots__ = ()

    mode = "one_card"

    def press(self, rng: Rng, force: bool = False) -> int:
        self.state = 0
        return 1

    def expected(self) -> float:
        return 1.0


_BY_MODE: Final[dict[str, type[Launcher]]] = {
    cls.mode: cls
    for cls in (
        HazardLauncher,
        PatternLauncher,
        BernoulliLauncher,
        UniformLauncher,
        OneCardLauncher,
    )
}


def make_launcher(mode: str, state: int = 0) -> Launcher:
    """A launcher of ``mode`` (one of ``MODES``) in ``state``; ValueError for another mode."""
    cls = _BY_MODE.get(mode)
    if cls is None:
        raise ValueError(f"unknown launcher mode {mode!r}; the modes are: {', '.join(MODES)}")
    return cls(state)
