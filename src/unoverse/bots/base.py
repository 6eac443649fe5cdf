"""The bot interface, reaction times, and bot specs (``name[:k=v,...]``).

A bot answers ``act(view, legal)`` with an action, or ``None`` to pass on an optional
window (UNO call, catch); the seat holding the mandatory window must act. The simulation
driver then asks ``delay()`` for the reaction time of that answer, drawn from the bot's
reaction-time distribution (lognormal, median 450 ms, sigma 0.35 by default, RULES.md §5.8),
so out-of-turn actions really race each other. A loop that needs no timing (an RL wrapper,
a bot writer's own loop) never draws one. Each bot has two streams derived from the run's
seed and its seat: its choices (``rng``) and its reaction times (``timing``), so asking for
timing or not never changes what a bot plays.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import ClassVar

from mypy_extensions import mypyc_attr

from ..core.actions import Action
from ..core.errors import BadBotSpec
from ..core.seeding import Stream, derive
from ..core.view import View


@mypyc_attr(allow_interpreted_subclasses=True)  # bots written in Python subclass it
class Bot:
    """Base class: seeded streams for choices and reaction times, and a lognormal reaction
    time."""

    name: ClassVar[str] = "bot"
    params: ClassVar[dict[str, float]] = {"median_ms": 450.0, "sigma": 0.35}

    def __init__(self, seed: int, **params: float) -> None:
        self.rng = Stream(seed)
        self.timing = Stream(seed, "reaction")
        self.median_ms = float(params.get("median_ms", 450.0))
        self.sigma = float(params.get("sigma", 0.35))

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


BOTS: dict[str, Callable[..., Bot]] = {}


def register_bot(cls: type[Bot]) -> type[Bot]:
    """Make a bot class available to specs under its ``name`` (called after the class, not
    as a decorator: a decorated class would not be compiled as a native class)."""
    BOTS[cls.name] = cls
    return cls


#: The named strength levels every interface offers, and the bot each one is.
LEVELS: dict[str, str] = {"easy": "naive", "normal": "heuristic", "hard": "ismcts"}


def make_bot(spec: str, seed: int, seat: int) -> Bot:
    """A bot from a spec such as ``naive``, ``random:median_ms=300`` or a level
    (``LEVELS``: ``easy``, ``normal``, ``hard``), seeded for ``seat``."""
    name, _, rest = spec.strip().partition(":")
    cls = BOTS.get(LEVELS.get(name, name))
    if cls is None:
        raise BadBotSpec(
            f"unknown bot {name!r}; bots are: {', '.join(sorted(BOTS))}; levels are: "
            + ", ".join(f"{k} ({v})" for k, v in LEVELS.items())
        )
    params: dict[str, float] = {}
    allowed = dict(Bot.params)
    allowed.update(getattr(cls, "params", {}))
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq or key not in allowed:
            raise BadBotSpec(
                f"bot {name}: bad parameter {item!r}; parameters are: {', '.join(sorted(allowed))}"
            )
        try:
            params[key] = float(value)
        except ValueError:
            raise BadBotSpec(f"bot {name}: {key} must be a number, not {value!r}") from None
    return cls(derive(seed, "bot", seat), **params)


def parse_bot_specs(text: str, players: int) -> list[str]:
    """One spec for every seat, or one per seat, from a comma-separated list.

    A spec's own parameters are also comma-separated (``random:median_ms=300,sigma=0.2``):
    an item with ``=`` and no ``:`` continues the spec before it.
    """
    specs = [s for s in text.split(",") if s]
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
        raise BadBotSpec(f"{len(merged)} bot specs for {players} players: give 1 or {players}")
    return merged
