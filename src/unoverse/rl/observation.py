"""The observation tensor of a seat, built from its view alone (docs/rl.md, "Observations").

One flat ``float32`` vector per configuration, in named sections (``Observation.sections``
lists them with their offsets, and docs/rl.md documents each); a section only some rules
use (the launcher, BLAST mode's locks, the jump-in window...) is there only under them.
Cards are indexed by the variant's deck (``ActionSpace.cards``), colours by the colours a
player may declare, and seats relative to the observing seat (0 = itself, 1 = the next seat
by index). Everything comes from ``Game.view(seat)`` — the one choke point for hidden
information — plus the public history of plays and the agent's own half-laid action, so two
games that differ only in cards the seat cannot see give the same observation.

Two-faced cards (RULES.md §8) are indexed by face instead (``FACE``): the face up
is what plays, so ``hand``, ``top``, ``drawn``, the history and ``laid`` count faces, the
same for a card the seat knows both ways and for one it knows by its face alone. What the
seat sees of the other faces has sections of its own (§8.4): ``dark`` (the side up),
``pile_back`` (the face the draw pile's top shows), ``hand_known`` (its own cards whose
back it knows, by card, whichever side is up) and ``backs`` (per other seat, the faces its
cards show the table). Colours are both sides' (R Y G B, then P T O V).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Final

import numpy as np

from ..core import effects as fx
from ..core.cards import CARD_KIND, DARK_UP, FACE, N_CARDS, TWIN
from ..core.p1 import NO_STEPS
from ..core.rules import Rules
from ..core.view import View

#: The observing seat's situation, one flag each (the ``situation`` section).
SITUATIONS: Final = (
    "turn",  # its turn: play or draw (press the launcher)
    "drawn",  # it drew a playable card: play it or pass
    "penalty",  # it faces a draw penalty
    "challenge",  # it faces a Wild Draw Four it may challenge
    "color",  # it names a colour: a wild turned first (or surfaced), a Roulette played on it
    "blast",  # a BLAST event is open
    "live",  # BLAST mode's live play
    "reaction",  # an out-of-turn step: it may act or wait
    "composing",  # it is laying an action card by card
)
#: Per seat (relative): the fields of the ``seats`` section.
SEAT_FIELDS: Final = ("cards", "uno_open", "eliminated", "dealer", "played_top")
#: The phases in which the seat holding the turn has its own ``situation`` flag.
_OWN_PHASES: Final = ("turn", "drawn", "penalty", "color")
_CHALLENGE: Final = SITUATIONS.index("challenge")
_REACTION: Final = SITUATIONS.index("reaction")
_COMPOSING: Final = SITUATIONS.index("composing")
#: Default length of the public history of plays.
HISTORY: Final = 8

#: A play in the public history: (seat, card, declared colour or -1).
Played = tuple[int, int, int]


class Observation:
    """The observation layout of one configuration; ``encode`` fills it for a seat."""

    def __init__(self, rules: Rules, players: int, cards: Sequence[int], history: int = HISTORY):
        self.players = players
        self.history = history
        two_faced = rules.two_faced
        #: What the card-indexed sections count, in order: the cards, or for two-faced cards
        #: their faces (see the module's docstring).
        self.index: tuple[int, ...] = (
            tuple(sorted({FACE[c] for c in cards})) if two_faced else tuple(cards)
        )
        at_index = {c: i for i, c in enumerate(self.index)}
        #: Each card id's slot in the card-indexed sections (-1: not in this deck).
        self._slot = [at_index.get(FACE[c] if two_faced else c, -1) for c in range(N_CARDS)]
        self.n_cards = len(self.index)
        #: Two-faced cards: the ``hand_known`` section's cards, each by its light-up id.
        self.known_cards: tuple[int, ...] = tuple(
            sorted({TWIN[c] if DARK_UP[c] else c for c in cards if TWIN[c] != c})
        )
        at_known = {c: i for i, c in enumerate(self.known_cards)}
        #: Each card id's slot in ``hand_known``, whichever face is up (-1: a card of one face,
        #: or one the seat knows by its face alone).
        self._known = [at_known.get(TWIN[c] if DARK_UP[c] else c, -1) for c in range(N_CARDS)]
        self.colors = (*rules.colors, *rules.dark_colors)
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
        if two_faced:
            sizes += [
                ("dark", 1),
                ("pile_back", c),
                ("hand_known", len(self.known_cards)),
                ("backs", (n - 1) * c),
            ]
        if any(rules.effect[CARD_KIND[card]] == fx.WILD_DRAW_COLOR for card in cards):
            sizes.append(("until_color", 1))
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
        self._zeros = array("f", bytes(4 * self.size))
        self._at = {name: start for name, (start, _) in self.sections.items()}
        # the offsets of the sections only some rules use (-1: not under these rules)
        self._launcher = self._at.get("launcher", -1)
        self._steps = self._at.get("steps", -1)
        self._blast = self._at.get("blast_card", -1)
        self._realtime = "blocked" in self._at
        self._illegal = self._at.get("illegal", -1)
        self._jump_open = self._at.get("jump_open", -1)
        self._laid = self._at.get("laid", -1)
        self._two_faced = two_faced
        self._until_color = self._at.get("until_color", -1)

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
        # written into a copy of a zero buffer, which the returned array then wraps as is
        buf = array("f", self._zeros)
        at = self._at
        slot = self._slot
        color_slot = self.color_slot
        seat = view.seat if view.seat is not None else 0
        n = self.players
        _count(buf, at["hand"], slot, view.hand)
        if view.discard:
            buf[at["top"] + slot[view.discard[-1]]] = 1.0
        if view.color in color_slot:
            buf[at["color"] + color_slot[view.color]] = 1.0
        if view.direction == 1:
            buf[at["clockwise"]] = 1.0
        self._situation(buf, view, seat, reaction, len(laid) > 0)
        if view.drawn >= 0:
            buf[at["drawn"] + slot[view.drawn]] = 1.0
        base, width = at["seats"], len(SEAT_FIELDS)
        eliminated = view.eliminated
        for s, size in enumerate(view.hand_sizes):
            row = base + ((s - seat) % n) * width
            if size:
                buf[row] = float(size)
            if eliminated[s]:
                buf[row + 2] = 1.0
        for s in view.uno_open:
            buf[base + ((s - seat) % n) * width + 1] = 1.0
        if view.dealer >= 0:
            buf[base + ((view.dealer - seat) % n) * width + 3] = 1.0
        if view.top_by >= 0:
            buf[base + ((view.top_by - seat) % n) * width + 4] = 1.0
        pending = view.pending
        if pending is not None:
            base = at["pending"]
            buf[base] = float(pending.amount)
            if pending.challengeable:
                buf[base + 1] = 1.0
            if pending.until_fire:
                buf[base + 2] = 1.0
            buf[base + 3 + (pending.target - seat) % n] = 1.0
            if pending.until_color and self._until_color >= 0:
                buf[self._until_color] = 1.0
        buf[at["draw_pile"]] = float(view.draw_count)
        if self._two_faced:
            self._faces(buf, view, seat)
        if self._launcher >= 0:
            buf[self._launcher] = float(view.launcher)
        if self._steps >= 0:
            for color in view.steps:
                buf[self._steps + color_slot[color]] = 1.0
        if self._blast >= 0:
            if view.blast >= 0:
                buf[self._blast + slot[view.blast]] = 1.0
            _count(buf, at["spent"], slot, view.spent)
        live = view.live
        if live is not None and self._realtime:
            if live.blocked >= 0:
                buf[at["blocked"] + (live.blocked - seat) % n] = 1.0
            for color in live.lock:
                buf[at["lock"] + color_slot[color]] = 1.0
            for s, armed in enumerate(live.armed):
                if armed:
                    buf[at["armed"] + (s - seat) % n] = 1.0
            if live.mine >= 0:
                buf[at["mine"] + slot[live.mine]] = 1.0
        for w in view.windows:
            if w.kind == "illegal" and w.seat is not None and self._illegal >= 0:
                buf[self._illegal + (w.seat - seat) % n] = 1.0
            elif w.kind == "jump" and self._jump_open >= 0:
                buf[self._jump_open] = 1.0
        self._history(buf, history, seat)
        if self._laid >= 0:
            _count(buf, self._laid, slot, laid)
        return np.frombuffer(buf, dtype=np.float32)

    def _faces(self, buf: array[float], view: View, seat: int) -> None:
        """The sections of two-faced cards: the side up, the draw pile's back, the seat's
        cards whose back it knows (a card it knows by its face alone has no slot there) and
        the faces the other seats' cards show it, a row per relative seat from +1."""
        at = self._at
        slot = self._slot
        if view.dark:
            buf[at["dark"]] = 1.0
        if view.pile_back >= 0:
            buf[at["pile_back"] + slot[view.pile_back]] = 1.0
        base, known = at["hand_known"], self._known
        for card in view.hand:
            if known[card] >= 0:
                buf[base + known[card]] += 1.0
        n, width = self.players, self.n_cards
        base = at["backs"] - width  # relative seat +1 is the first row
        for s, faces in enumerate(view.backs):
            if s != seat:
                _count(buf, base + ((s - seat) % n) * width, slot, faces)

    def _history(self, buf: array[float], history: Sequence[Played], seat: int) -> None:
        """The last ``self.history`` public plays, the newest in the last row."""
        keep = self.history
        recent = list(history)
        if len(recent) > keep:
            recent = recent[len(recent) - keep :]
        n, n_cards = self.players, self.n_cards
        slot, color_slot = self._slot, self.color_slot
        width = n + n_cards + len(self.colors)
        base = self._at["history"] + (keep - len(recent)) * width
        for s, card, color in recent:
            buf[base + (s - seat) % n] = 1.0
            buf[base + n + slot[card]] = 1.0
            if color in color_slot:
                buf[base + n + n_cards + color_slot[color]] = 1.0
            base += width

    def _situation(
        self, buf: array[float], view: View, seat: int, reaction: bool, composing: bool
    ) -> None:
        """The ``situation`` flags of ``seat``."""
        base = self._at["situation"]
        phase = view.phase
        if phase in _OWN_PHASES and view.turn == seat and not reaction:
            if phase == "penalty" and view.pending is not None and view.pending.challengeable:
                buf[base + _CHALLENGE] = 1.0
            buf[base + SITUATIONS.index(phase)] = 1.0
        elif phase == "blast" or phase == "live":
            buf[base + SITUATIONS.index(phase)] = 1.0
        if reaction:
            buf[base + _REACTION] = 1.0
        if composing:
            buf[base + _COMPOSING] = 1.0


def _count(buf: array[float], base: int, slot: list[int], cards: Sequence[int]) -> None:
    """One more at ``base`` + each card's slot, per card of ``cards``."""
    for card in cards:
        buf[base + slot[card]] += 1.0
