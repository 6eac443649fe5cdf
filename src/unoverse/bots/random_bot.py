"""``random``: picks a kind of action uniformly, then an action of that kind uniformly.

Kinds are those of the legal actions (``core.actions.Kind``: play, draw, pass, take,
challenge, catch, color, jump, press, blast, arm...), every UNO call counted as one kind,
``uno``, and, outside its mandatory window (and outside a BLAST choice it owes), none. A call
is any UNO declaration: ``uno`` alone, or a play or draw that carries one (``R7 uno``, and
``draw uno``, a false call where ``false_uno_penalty`` is on). Picking the kind first keeps
rare actions (a challenge, a catch) frequent enough for the conformance suite to exercise.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.actions import Action, Kind
from ..core.view import View
from .base import Bot, register_bot


class RandomBot(Bot):
    """Uniform over kinds of action, then uniform within the kind."""

    name = "random"

    def __init__(self, seed: int, **params: float) -> None:
        """``Bot``'s streams and reaction time. Declared rather than inherited: called from
        Python, a compiled subclass without its own ``__init__`` runs ``Bot.__init__`` twice
        (in its constructor, then again as ``Bot``'s ``tp_init``), and the second run
        overwrites the first streams without freeing them (docs/performance.md)."""
        super().__init__(seed, **params)

    def act(self, view: View, legal: Sequence[Action]) -> Action | None:
        """Any legal action, or nothing when it holds only optional windows."""
        groups: dict[Kind, list[Action]] = {}
        for a in legal:
            groups.setdefault(Kind.UNO if a.uno else a.kind, []).append(a)
        kinds: list[Kind | None] = [*sorted(groups)]
        if view.turn != view.seat and Kind.BLAST not in groups:  # a BLAST choice is due
            kinds.append(None)
        kind = kinds[self.rng.below(len(kinds))]
        if kind is None:
            return None
        options = groups[kind]
        return options[self.rng.below(len(options))]


register_bot(RandomBot)
