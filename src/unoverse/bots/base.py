"""The bot interface, reaction times, and bot specs (``name[:k=v,...]``).

A bot answers ``act(view, legal)`` with an action, or ``None`` to pass on an optional
window (UNO call, catch); the seat holding the mandatory window must act. The simulation
driver then asks ``delay()`` for the reaction time of that answer, drawn from the bot's
reaction-time distribution (lognormal, median 450 ms, sigma 0.35 by default, RULES.md §5.8),
so out-of-turn actions really race each other. A loop that needs no timing (an RL wrapper,
a bot writer's own loop) never draws one. Each bot has two streams derived from the run's
seed and its seat: its choices (``rng``) and its reaction times (``timing``), so asking for
timing or not never changes what a bot plays.

Every parameter a spec may set is declared with its range (``Param``), and ``make_bot``
refuses anything else, so the bots' hot paths (``act``, ``delay``) never check a value.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from mypy_extensions import mypyc_attr

from ..core.actions import Action
from ..core.errors import BadBotSpec, BadPlayerCount
from ..core.options import shown
from ..core.seeding import Stream, derive
from ..core.view import View
from ..i18n import N_

#: A parameter's value as a spec writes it: a decimal number in ASCII digits (``300``,
#: ``0.35``, ``1e-05``), not what else ``float`` reads (``١٠٠``, ``1_000``, ``inf``).
_NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


@dataclass(frozen=True)
class Param:
    """A parameter a bot spec may set: its default and the closed range it must lie in
    (``integer``: a count, or a choice among numbered settings)."""

    default: float
    low: float
    high: float
    integer: bool = False

    def read(self, bot: str, name: str, text: str) -> float:
        """The value ``text`` gives parameter ``name`` of ``bot``; ``BadBotSpec`` unless it
        is a decimal number (``_NUMBER``) in range (whole, for an integer parameter)."""
        if not _NUMBER.fullmatch(text):
            reason = (
                N_("reason.bot.not_number.integer")
                if self.integer
                else N_("reason.bot.not_number.number")
            )
            raise self._refused(reason, bot, name, text)
        value = float(text)
        if not self.low <= value <= self.high or (self.integer and not value.is_integer()):
            reason = (
                N_("reason.bot.out_of_range.integer")
                if self.integer
                else N_("reason.bot.out_of_range.number")
            )
            raise self._refused(reason, bot, name, text)
        return value + 0.0  # (-0.0 becomes 0.0)

    def _refused(self, reason: str, bot: str, name: str, text: str) -> BadBotSpec:
        """A value refused for parameter ``name`` of ``bot``, with the range it must lie in
        (an integer's or a number's: ``reason`` says which), as a reason and its fields."""
        low, high = _number(self.low), _number(self.high)
        return BadBotSpec(
            reason=reason, bot=bot, parameter=name, given=shown(text), low=low, high=high
        )


@mypyc_attr(allow_interpreted_subclasses=True)  # bots written in Python subclass it
class Bot:
    """Base class: seeded streams for choices and reaction times, and a lognormal reaction
    time. A subclass compiled with the engine declares its own ``__init__``: without one, a
    compiled subclass made from Python runs this ``__init__`` twice and leaks the first
    streams (docs/performance.md, "Memory per game")."""

    name: ClassVar[str] = "bot"
    #: The parameters every bot takes. The ranges keep ``delay()`` finite and >= 0: with
    #: ``|z| <= 38.5`` (Box-Muller on doubles), ``60000 * exp(2 * 38.5)`` is about 1.6e38.
    params: ClassVar[dict[str, Param]] = {
        "median_ms": Param(450.0, 0.0, 60_000.0),  # the median reaction time
        "sigma": Param(0.35, 0.0, 2.0),  # the spread of its logarithm
    }

    def __init__(self, seed: int, **params: float) -> None:
        self.rng = Stream(seed)
        self.timing = Stream(seed, "reaction")
        self.median_ms = float(params.get("median_ms", Bot.params["median_ms"].default))
        self.sigma = float(params.get("sigma", Bot.params["sigma"].default))

    def delay(self) -> float:
        """The reaction time of the answer ``act`` just gave, in milliseconds:
        ``median_ms`` times ``exp(sigma * z)`` for a standard normal ``z`` from two uniforms
        of the timing stream (Box-Muller). A bot may override it (say, to answer some moves
        faster)."""
        u = self.timing.random()
        v = self.timing.random()
        z = math.sqrt(-2.0 * math.log(1.0 - u)) * math.cos(math.tau * v)
        return self.median_ms * math.exp(self.sigma * z)

    def act(self, view: View, legal: Sequence[Action]) -> Action | None:
        """The bot's answer to the windows it may use now (``None``: pass)."""
        raise NotImplementedError


BOTS: dict[str, type[Bot]] = {}


def register_bot(cls: type[Bot]) -> type[Bot]:
    """Make a bot class available to specs under its ``name`` (called after the class, not
    as a decorator: a decorated class would not be compiled as a native class)."""
    BOTS[cls.name] = cls
    return cls


#: The named strength levels every interface offers, and the bot each one is.
LEVELS: dict[str, str] = {"easy": "naive", "normal": "heuristic", "hard": "ismcts"}


def defaults(cls: type[Bot], given: dict[str, float]) -> dict[str, float]:
    """Every parameter ``cls`` declares: its value in ``given``, else its default."""
    return {name: given.get(name, p.default) for name, p in cls.params.items()}


def make_bot(spec: object, seed: int, seat: int) -> Bot:
    """A bot from a spec (text) such as ``naive``, ``random:median_ms=300`` or a level
    (``LEVELS``: ``easy``, ``normal``, ``hard``), seeded for ``seat``. Each parameter is
    given at most once, and within its declared range (``Param``). (``spec`` is typed
    ``object``: the compiled build would refuse anything else with a bare ``TypeError``.)"""
    if not isinstance(spec, str):
        raise BadBotSpec(f"a bot spec is text such as 'naive:sigma=0.2', not {shown(spec)}")
    name, sep, rest = spec.strip().partition(":")
    name = name.strip()
    cls = BOTS.get(LEVELS.get(name, name))
    if cls is None:
        raise BadBotSpec(
            reason=N_("reason.bot.unknown"),
            given=shown(name),
            bots=", ".join(sorted(BOTS)),
            levels=", ".join(f"{k} ({v})" for k, v in LEVELS.items()),
        )
    if sep and not rest.strip():
        raise BadBotSpec(reason=N_("reason.bot.no_parameters"), bot=cls.name, spec=shown(spec))
    params = _read_params(cls, rest) if sep else {}
    return cls(derive(seed, "bot", seat), **params)


def _read_params(cls: type[Bot], text: str) -> dict[str, float]:
    """The parameters ``name=value,...`` of a spec for ``cls``, each checked."""
    bot = cls.name
    declared = {**Bot.params, **cls.params}
    params: dict[str, float] = {}
    for item in text.split(","):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not item.strip():
            raise BadBotSpec(reason=N_("reason.bot.empty_parameter"), bot=bot, spec=shown(text))
        if not eq or not key:
            raise BadBotSpec(reason=N_("reason.bot.bad_parameter"), bot=bot, given=shown(item))
        p = declared.get(key)
        if p is None:
            raise BadBotSpec(
                reason=N_("reason.bot.unknown_parameter"),
                bot=bot,
                given=shown(item),
                known=", ".join(sorted(declared)),
            )
        if key in params:
            raise BadBotSpec(reason=N_("reason.bot.parameter_twice"), bot=bot, parameter=key)
        params[key] = p.read(bot, key, value.strip())
    return params


def parse_bot_specs(text: object, players: object) -> list[str]:
    """One spec for every seat, or one per seat, from a comma-separated list.

    A spec's own parameters are also comma-separated (``random:median_ms=300,sigma=0.2``):
    an item with ``=`` and no ``:`` continues the spec before it.
    """
    if not isinstance(text, str):
        raise BadBotSpec(f"a bot spec is text such as 'naive,random', not {shown(text)}")
    if not isinstance(players, int) or isinstance(players, bool) or players < 1:
        raise BadPlayerCount(f"bot specs for {shown(players)} players: give a player count")
    specs = text.split(",")
    if not all(s.strip() for s in specs):
        raise BadBotSpec(reason=N_("reason.bot.empty_spec"), given=shown(text))
    # re-join parameters that belonged to the previous spec (``random:a=1,b=2``)
    merged: list[str] = []
    for s in specs:
        if "=" in s and ":" not in s and merged:
            merged[-1] += "," + s
        else:
            merged.append(s)
    if len(merged) == 1:
        return merged * players
    if len(merged) != players:
        raise BadBotSpec(reason=N_("reason.bot.count"), count=len(merged), players=players)
    return merged


def _number(x: float) -> str:
    """A range's end as written in a spec (``60000``, ``0.35``)."""
    return str(int(x)) if x.is_integer() else repr(x)
