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
        self.card_slot = np.full(N_CARDS, -1, dtype=np.int64)
        for i, c in enumerate(cards):
            self.card_slot[c] = i
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
        out = np.zeros(self.size, dtype=np.float32)
        sec = self.sections
        seat = view.seat if view.seat is not None else 0
        n = self.players
        slot = self.card_slot

        def rel(s: int) -> int:
            return (s - seat) % n

        def put_card(name: str, card: int, base: int = 0) -> None:
            if card >= 0 and slot[card] >= 0:
                out[sec[name][0] + base + slot[card]] = 1.0

        def put_color(name: str, color: int, base: int = 0) -> None:
            if color in self.color_slot:
                out[sec[name][0] + base + self.color_slot[color]] = 1.0

        start = sec["hand"][0]
        for card in view.hand:
            out[start + slot[card]] += 1.0
        if view.discard:
            put_card("top", view.discard[-1])
        put_color("color", view.color)
        out[sec["clockwise"][0]] = 1.0 if view.direction == 1 else 0.0
        situation = self._situation(view, seat, reaction, bool(laid))
        start = sec["situation"][0]
        for i, name in enumerate(SITUATIONS):
            out[start + i] = 1.0 if name in situation else 0.0
        put_card("drawn", view.drawn)
        start = sec["seats"][0]
        width = len(SEAT_FIELDS)
        uno_open = set(view.uno_open)
        for s in range(n):
            base = start + rel(s) * width
            out[base] = view.hand_sizes[s]
            out[base + 1] = 1.0 if s in uno_open else 0.0
            out[base + 2] = 1.0 if view.eliminated[s] else 0.0
            out[base + 3] = 1.0 if s == view.dealer else 0.0
            out[base + 4] = 1.0 if s == view.top_by else 0.0
        pending = view.pending
        if pending is not None:
            start = sec["pending"][0]
            out[start] = pending.amount
            out[start + 1] = 1.0 if pending.challengeable else 0.0
            out[start + 2] = 1.0 if pending.until_fire else 0.0
            out[start + 3 + rel(pending.target)] = 1.0
        out[sec["draw_pile"][0]] = view.draw_count
        if "launcher" in sec:
            out[sec["launcher"][0]] = view.launcher
        if "steps" in sec:
            for color in view.steps:
                put_color("steps", color)
        if "blast_card" in sec:
            put_card("blast_card", view.blast)
            start = sec["spent"][0]
            for card in view.spent:
                out[start + slot[card]] += 1.0
        live = view.live
        if live is not None and "blocked" in sec:
            if live.blocked >= 0:
                out[sec["blocked"][0] + rel(live.blocked)] = 1.0
            for color in live.lock:
                put_color("lock", color)
            for s, armed in enumerate(live.armed):
                out[sec["armed"][0] + rel(s)] = 1.0 if armed else 0.0
            put_card("mine", live.mine)
        for w in view.windows:
            if w.kind == "illegal" and w.seat is not None and "illegal" in sec:
                out[sec["illegal"][0] + rel(w.seat)] = 1.0
            elif w.kind == "jump" and "jump_open" in sec:
                out[sec["jump_open"][0]] = 1.0
        start = sec["history"][0]
        width = n + self.n_cards + len(self.colors)
        recent = list(history)[-self.history :]
        for i, (s, card, color) in enumerate(recent):
            base = start + (self.history - len(recent) + i) * width
            out[base + rel(s)] = 1.0
            if slot[card] >= 0:
                out[base + n + slot[card]] = 1.0
            if color in self.color_slot:
                out[base + n + self.n_cards + self.color_slot[color]] = 1.0
        if "laid" in sec:
            start = sec["laid"][0]
            for card in laid:
                out[start + slot[card]] += 1.0
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
