"""The observation tensor of a seat, built from its view alone (docs/rl.md, "Observations").

One flat ``float32`` vector per configuration, in named sections (``Observation.sections``
lists them with their offsets, and docs/rl.md documents each); a section only some rules
use (the launcher, BLAST mode's locks, the jump-in window...) is there only under them.
Cards are indexed by the variant's deck (``ActionSpace.cards``), colours by the colours a
player may declare, and seats relative to the observing seat (0 = itself, 1 = the next seat
by index). Everything comes from ``Game.view(seat)`` — the one choke point for hidden
information — plus the public history of plays and the agent's own half-laid action, so two
games that differ only in cards the seat cannot see give the same observation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np

from ..core.cards import N_CARDS
from ..core.p1 import NO_STEPS
from ..core.rules import Rules
from ..core.view import View

#: The observing seat's situation, one flag each (the ``situation`` section).
SITUATIONS: Final = (
    "turn",  # its turn: play or draw (press the launcher)
    "drawn",  # it drew a playable card: play it or pass
    "penalty",  # it faces a draw penalty
    "challenge",  # it faces a Wild Draw Four it may challenge
    "color",  # it declares the colour of a wild turned first
    "blast",  # a BLAST event is open
    "live",  # BLAST mode's live play
    "reaction",  # an out-of-turn step: it may act or wait
    "composing",  # it is laying an action card by card
)
#: Per seat (relative): the fields of the ``seats`` section.
SEAT_FIELDS: Final = ("cards", "uno_open", "eliminated", "dealer", "played_top")
#: Default length of the public history of plays.
HISTORY: Final = 8

#: A play in the public history: (seat, card, declared colour or -1).
Played = tuple[int, int, int]


class Observation:
    """The observation layout of one configuration; ``encode`` fills it for a seat."""

    def __init__(self, rules: Rules, players: int, cards: Sequence[int], history: int = HISTORY):
        self.players = players
        self.history = history
        #: Each card id's index among ``cards`` (-1: not in this deck).
        self._slot = [-1] * N_CARDS
        for i, c in enumerate(cards):
            self._slot[c] = i
        self.n_cards = len(cards)
        self.colors = tuple(rules.colors)
        self.color_slot = {c: i for i, c in enumerate(self.colors)}
        n, c, k = players, self.n_cards, len(self.colors)
        several = rules.play_duplicates or rules.zero_discard_color or rules.blast_cards
        sizes = [
            ("hand", c),
            ("top", c),
            ("color", k),
            ("clockwise", 1),
            ("situation", len(SITUATIONS)),
            ("drawn", c),
            ("seats", n * len(SEAT_FIELDS)),
            ("pending", 3 + n),
            ("draw_pile", 1),
        ]
        # the sections only some rules use
        if rules.launcher:
            sizes.append(("launcher", 1))
        if rules.steps != NO_STEPS:
            sizes.append(("steps", k))
        if rules.blast_cards:
            sizes += [("blast_card", c), ("spent", c)]
        if rules.realtime:
            sizes += [("blocked", n), ("lock", k), ("armed", n), ("mine", c)]
        if rules.permissive_illegal_plays:
            sizes.append(("illegal", n))
        if rules.jump_in:
            sizes.append(("jump_open", 1))
        sizes.append(("history", history * (n + c + k)))
        if several:
            sizes.append(("laid", c))
        #: No entry exceeds the cards in the deck (counts, piles, penalties, presses).
        self.high = float(len(rules.deck))
        self.sections: dict[str, tuple[int, int]] = {}
        offset = 0
        for name, size in sizes:
            self.sections[name] = (offset, size)
            offset += size
        self.size = offset
        self._at = {name: start for name, (start, _) in self.sections.items()}

    def encode(
        self,
        view: View,
        history: Sequence[Played] = (),
        laid: Sequence[int] = (),
        *,
        reaction: bool = False,
    ) -> np.ndarray:
        """The observation of ``view``'s seat (see the module's docstring): ``history`` the
        last public plays, oldest first; ``laid`` the cards of the action it is laying."""
        # every non-zero entry goes into ``vals`` (index -> value), then into the array at once
        vals: dict[int, float] = {}
        at = self._at
        slot = self._slot
        color_slot = self.color_slot
        seat = view.seat if view.seat is not None else 0
        n = self.players

        def count(base: int, cards: Sequence[int]) -> None:
            for card in cards:
                i = base + slot[card]
                vals[i] = vals.get(i, 0.0) + 1.0

        count(at["hand"], view.hand)
        if view.discard:
            vals[at["top"] + slot[view.discard[-1]]] = 1.0
        if view.color in color_slot:
            vals[at["color"] + color_slot[view.color]] = 1.0
        if view.direction == 1:
            vals[at["clockwise"]] = 1.0
        base = at["situation"]
        for name in self._situation(view, seat, reaction, bool(laid)):
            vals[base + SITUATIONS.index(name)] = 1.0
        if view.drawn >= 0:
            vals[at["drawn"] + slot[view.drawn]] = 1.0
        base, width = at["seats"], len(SEAT_FIELDS)
        for s, size in enumerate(view.hand_sizes):
            row = base + ((s - seat) % n) * width
            if size:
                vals[row] = float(size)
            if view.eliminated[s]:
                vals[row + 2] = 1.0
        for s in view.uno_open:
            vals[base + ((s - seat) % n) * width + 1] = 1.0
        if view.dealer >= 0:
            vals[base + ((view.dealer - seat) % n) * width + 3] = 1.0
        if view.top_by >= 0:
            vals[base + ((view.top_by - seat) % n) * width + 4] = 1.0
        pending = view.pending
        if pending is not None:
            base = at["pending"]
            vals[base] = float(pending.amount)
            if pending.challengeable:
                vals[base + 1] = 1.0
            if pending.until_fire:
                vals[base + 2] = 1.0
            vals[base + 3 + (pending.target - seat) % n] = 1.0
        vals[at["draw_pile"]] = float(view.draw_count)
        if "launcher" in at:
            vals[at["launcher"]] = float(view.launcher)
        if "steps" in at:
            for color in view.steps:
                vals[at["steps"] + color_slot[color]] = 1.0
        if "blast_card" in at:
            if view.blast >= 0:
                vals[at["blast_card"] + slot[view.blast]] = 1.0
            count(at["spent"], view.spent)
        live = view.live
        if live is not None and "blocked" in at:
            if live.blocked >= 0:
                vals[at["blocked"] + (live.blocked - seat) % n] = 1.0
            for color in live.lock:
                vals[at["lock"] + color_slot[color]] = 1.0
            for s, armed in enumerate(live.armed):
                if armed:
                    vals[at["armed"] + (s - seat) % n] = 1.0
            if live.mine >= 0:
                vals[at["mine"] + slot[live.mine]] = 1.0
        for w in view.windows:
            if w.kind == "illegal" and w.seat is not None and "illegal" in at:
                vals[at["illegal"] + (w.seat - seat) % n] = 1.0
            elif w.kind == "jump" and "jump_open" in at:
                vals[at["jump_open"]] = 1.0
        recent = list(history)[-self.history :]
        width = n + self.n_cards + len(self.colors)
        base = at["history"] + (self.history - len(recent)) * width
        for i, (s, card, color) in enumerate(recent):
            row = base + i * width
            vals[row + (s - seat) % n] = 1.0
            vals[row + n + slot[card]] = 1.0
            if color in color_slot:
                vals[row + n + self.n_cards + color_slot[color]] = 1.0
        if "laid" in at:
            count(at["laid"], laid)
        out = np.zeros(self.size, dtype=np.float32)
        out[list(vals)] = list(vals.values())
        return out

    @staticmethod
    def _situation(view: View, seat: int, reaction: bool, composing: bool) -> set[str]:
        found = set()
        phase = view.phase
        if phase in ("turn", "drawn", "penalty", "color") and view.turn == seat and not reaction:
            if phase == "penalty" and view.pending is not None and view.pending.challengeable:
                found.add("challenge")
            found.add(phase)
        elif phase in ("blast", "live"):
            found.add(phase)
        if reaction:
            found.add("reaction")
        if composing:
            found.add("composing")
        return found
