"""The flat discrete action space of a variant at a table size (docs/rl.md, "Actions").

Every index names one *token*. Most engine actions are one token: a play of a card with its
declared colour, number, target seat, direction, kept Discard All and UNO call; a jump-in; a
draw, press, pass, take, challenge, UNO call, catch of a seat, colour of the first card,
pick-up or put-back of a card (BLAST mode). Seats are named relative to the acting seat
(1 = the next seat by index), so one policy serves every seat. Two kinds of engine action
lay several cards (a play of several cards, a set meeting a BLAST challenge): the first
token names the first card and the action's other fields, then ``then CARD`` tokens add the
other cards in order and ``end`` closes the action, each an agent step of its own. ``wait``
lets a seat decline an out-of-turn window.

The vocabulary is generated from the variant's deck and options (no ``press`` without a
launcher, no ``arm`` outside BLAST mode...), so it is the same for every round of a
configuration; ``ActionSpace.mask`` marks, from the engine's own legal actions,
exactly the tokens that lead to an action the engine accepts.

Two-faced cards (RULES.md §8) are named as the engine's legal actions name them
(``core.backs``): a card whose back the seat knows by its id with the face up first
(``R1|P3`` on the light side, ``P3|R1`` on the dark side), so a play says which back leaves
the hand; a card whose back it has not seen (blind, §8.4) by its light face alone (``R1``),
as it cannot tell such cards apart. The colours a wild declares, and a surfaced wild's
``color:C``, are those of the side its face belongs to (FL-10).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from ..core import effects as fx
from ..core.actions import KEEP, Action, Kind
from ..core.backs import LIGHT_FACE
from ..core.cards import BLAST_KINDS, CARD_KIND, CARD_TEXT, KIND_INDEX, TWIN
from ..core.errors import IllegalAction
from ..core.rules import Rules

#: A token's fields: (kind, card, color, relative target, amount, uno, direction, number).
Head = tuple[int, int, int, int, int, bool, int, int]

#: Actions that only the referee (the match session) makes: never an agent's.
REFEREE: Final = frozenset({Kind.TIMEOUT, Kind.STALL, Kind.STUCK, Kind.PENALIZE})
#: The kinds of the BLAST cards, which are drawn, never played.
_BLAST_KINDS: Final = frozenset(KIND_INDEX[k] for k in BLAST_KINDS)
#: A seat named in an action's text (``catch:2``, ``>2``): written relative, ``+2``.
_RELATIVE: Final = re.compile(r"(catch:|>)(\d+)")


def nameable(rules: Rules) -> tuple[int, ...]:
    """Every card id a seat's actions may name under ``rules``, in id order: the deck's
    cards; for two-faced cards, each with either face up and, where holders do not see their
    own backs, each light face alone (a blind card, ``core.backs``)."""
    ids = set(rules.deck)
    if rules.two_faced:
        ids |= {TWIN[c] for c in rules.deck}
        if rules.hidden_backs:
            ids |= {LIGHT_FACE[c] for c in rules.deck}
    return tuple(sorted(ids))


@dataclass(frozen=True)
class Composing:
    """An action being laid card by card: its first token and the cards added so far."""

    head: Head
    more: tuple[int, ...] = ()


class ActionSpace:
    """The tokens of one configuration (``rules`` at ``players`` seats): see the module's
    docstring. ``size`` tokens; ``names[i]`` says token ``i`` in words."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.players = players
        #: The cards the play tokens name (``nameable``), which index the observation too.
        self.cards: tuple[int, ...] = nameable(rules)
        playable = tuple(c for c in self.cards if CARD_KIND[c] not in _BLAST_KINDS)
        calls = (False, True) if rules.uno_calls else (False,)
        false_calls = calls if rules.false_uno_penalty > 0 else (False,)
        heads: list[Head] = []

        def bare(kind: Kind, uno: bool = False) -> Head:
            return (int(kind), -1, -1, -1, -1, uno, 0, -1)

        draw = Kind.PRESS if rules.launcher else Kind.DRAW
        heads.extend(bare(draw, uno) for uno in false_calls)
        heads += [bare(Kind.PASS), bare(Kind.TAKE)]
        if any(rules.effect[CARD_KIND[c]] in fx.CHALLENGED for c in self.cards):
            heads.append(bare(Kind.CHALLENGE))
        if rules.uno_calls:
            heads.append(bare(Kind.UNO))
            heads.extend((int(Kind.CATCH), -1, -1, t, -1, False, 0, -1) for t in range(1, players))
        if rules.permissive_illegal_plays:
            heads.append(bare(Kind.CATCH_ILLEGAL))
        declarable = (*rules.colors, *rules.dark_colors)
        heads.extend((int(Kind.COLOR), -1, c, -1, -1, False, 0, -1) for c in declarable)
        for kind in (Kind.PLAY, Kind.JUMP) if rules.jump_in else (Kind.PLAY,):
            for card in playable:
                heads.extend(_card_heads(rules, players, kind, card, calls))
        if rules.realtime:
            heads.extend((int(Kind.ARM), c, -1, -1, -1, False, 0, -1) for c in playable)
            heads.append(bare(Kind.DISARM))
        if rules.blast_cards:
            heads.extend((int(Kind.BLAST), c, -1, -1, -1, False, 0, -1) for c in playable)
        self.heads: tuple[Head, ...] = tuple(heads)
        self.head_index: dict[Head, int] = {h: i for i, h in enumerate(self.heads)}
        #: Whether an action may lay several cards (then the ``then CARD`` and ``end`` tokens).
        self.several = rules.play_duplicates or rules.zero_discard_color or rules.blast_cards
        laid = playable if self.several else ()
        #: Index of ``then CARD`` for each card that may be laid, of ``end`` (-1: none) and
        #: of ``wait``.
        self.then_index: dict[int, int] = {c: len(heads) + i for i, c in enumerate(laid)}
        self.end = len(heads) + len(laid) if self.several else -1
        self.wait = len(heads) + len(laid) + (1 if self.several else 0)
        self.size = self.wait + 1
        self._then_card = {i: c for c, i in self.then_index.items()}
        self.names: tuple[str, ...] = (
            *[_head_name(h) for h in self.heads],
            *[f"then {CARD_TEXT[c]}" for c in laid],
            *(("end",) if self.several else ()),
            "wait",
        )

    # -- between actions and tokens -------------------------------------------------------
    def head(self, action: Action, seat: int) -> Head:
        """The first token's fields of ``action`` by ``seat`` (targets made relative)."""
        target = action.target
        if target >= 0:
            target = (target - seat) % self.players
        kind = action.kind
        uno = action.uno if kind != Kind.BLAST else False
        return (int(kind), action.card, action.color, target, action.amount, uno,
                action.direction, action.number)  # fmt: skip

    def action(self, token: int, seat: int, covers: int = -1) -> Action:
        """The single-card action first token ``token`` names for ``seat`` (a jump-in
        covering card number ``covers``), with absolute seats: what a learner means by it,
        to try on the engine. ``ValueError`` for ``then``, ``end`` and ``wait``."""
        if not 0 <= token < len(self.heads):
            name = self.names[token] if 0 <= token < self.size else "no such token"
            raise ValueError(f"token {token} ({name}) is not an action's first")
        kind, card, color, target, amount, uno, direction, number = self.heads[token]
        if target >= 0:
            target = (seat + target) % self.players
        jump = kind == Kind.JUMP
        return Action(Kind(kind), card, color, target, amount, uno, direction, (),
                      covers if jump else -1, number)  # fmt: skip

    def tokens(self, action: Action, seat: int, legal: Sequence[Action]) -> list[int]:
        """The tokens that spell ``action`` by ``seat`` among ``legal``: its first token, then
        one per further card and ``end`` wherever a legal action lays several cards from the
        same first token (``KeyError``: not in the space)."""
        head = self.head(action, seat)
        out = [self.head_index[head]]
        if action.more or any(a.more and self.head(a, seat) == head for a in legal):
            out.extend(self.then_index[c] for c in action.more)
            out.append(self.end)
        return out

    def mask(
        self,
        legal: Iterable[Action],
        seat: int,
        composing: Composing | None = None,
        may_wait: bool = False,
    ) -> np.ndarray:
        """1 at every token that leads to an action in ``legal`` (of ``seat``), given the
        cards already laid (``composing``); ``wait`` where the seat may decline."""
        mask = np.zeros(self.size, dtype=np.int8)
        if composing is None:
            index = self.head_index
            for a in legal:
                if a.kind not in REFEREE:
                    mask[index[self.head(a, seat)]] = 1
            if may_wait:
                mask[self.wait] = 1
            return mask
        done = len(composing.more)
        for a in legal:
            if a.more[:done] != composing.more or self.head(a, seat) != composing.head:
                continue
            if len(a.more) == done:
                mask[self.end] = 1
            else:
                mask[self.then_index[a.more[done]]] = 1
        return mask

    def choose(
        self,
        token: int,
        legal: Sequence[Action],
        seat: int,
        composing: Composing | None,
    ) -> Action | Composing:
        """The action token ``token`` completes from ``legal``, or the action still being laid
        (``Composing``) when it needs more cards. ``IllegalAction`` when no legal action
        follows the token (the mask's zeros)."""
        if composing is None:
            if not 0 <= token < len(self.heads):
                raise IllegalAction(self.refused(token, "no action starts with it"))
            head = self.heads[token]
            found = [a for a in legal if a.kind not in REFEREE and self.head(a, seat) == head]
            if not found:
                raise IllegalAction(self.refused(token, "not a legal action now"))
            whole = [a for a in found if not a.more]
            if len(found) == 1 and whole:
                return whole[0]
            return Composing(head)
        done = len(composing.more)
        candidates = [
            a
            for a in legal
            if self.head(a, seat) == composing.head and a.more[:done] == composing.more
        ]
        if token == self.end:
            for a in candidates:
                if len(a.more) == done:
                    return a
            raise IllegalAction(self.refused(token, "these cards are not a whole action"))
        card = self._then_card.get(token, -1)
        grown = (*composing.more, card)
        if card < 0 or not any(a.more[: done + 1] == grown for a in candidates):
            raise IllegalAction(self.refused(token, "no legal action lays that card next"))
        return Composing(composing.head, grown)

    def refused(self, token: int, why: str) -> str:
        """Why ``token`` is refused, naming it: ``action 17 (R5 uno) is not in the mask: ...``."""
        name = self.names[token] if 0 <= token < self.size else "no such token"
        return f"action {token} ({name}) is not in the mask: {why}"

    def refusal(self, text: str, mask: np.ndarray) -> IllegalAction:
        """The error for an action outside ``mask``: ``text`` (``refused``'s, say), and what
        the mask allows (its first 12 actions, named)."""
        allowed = np.flatnonzero(mask)
        shown = ", ".join(f"{i} ({self.names[i]})" for i in allowed[:12])
        more = f" and {len(allowed) - 12} more" if len(allowed) > 12 else ""
        return IllegalAction(f"{text}; the mask allows {shown}{more}")


def _card_heads(
    rules: Rules, players: int, kind: Kind, card: int, calls: tuple[bool, ...]
) -> Iterable[Head]:
    """Every first token that plays (or jumps in with) ``card``: the product of the fields
    its play may set under these rules."""
    effects = _effects(rules, card)
    colors: tuple[int, ...] = (-1,)
    if rules.declares[card] == fx.DECLARES_YES:
        colors = rules.colors_for[card]
    elif rules.declares[card] == fx.DECLARES_IF_WILD_TOP:
        colors = (-1, *rules.colors_for[card])
    numbers = (-1, *range(10)) if fx.NUMERAL in effects else (-1,)
    targets: tuple[int, ...] = (-1,)
    if fx.SWAP_HANDS in effects or fx.SEVEN_SWAP in effects:
        targets = (-1, *range(1, players))
    directions = (0, 1, -1) if fx.ZERO_DIRECTION in effects else (0,)
    amounts = (-1, KEEP) if fx.DISCARD_ALL in effects and rules.discard_all_optional else (-1,)
    for color in colors:
        for number in numbers:
            for target in targets:
                for direction in directions:
                    for amount in amounts:
                        for uno in calls:
                            yield (int(kind), card, color, target, amount, uno, direction,
                                   number)  # fmt: skip


def _effects(rules: Rules, card: int) -> frozenset[int]:
    """The effects a play of ``card`` may have: its own, or any card's it may copy."""
    own = rules.effect[CARD_KIND[card]]
    return rules.deck_effects | {own} if own == fx.COPY_TOP else frozenset({own})


def _head_name(head: Head) -> str:
    """A first token in the card notation, its seat relative (``catch:+1``, ``WSW:R>+2``),
    a jump-in marked ``^`` and a BLAST set's first card followed by ``,...``."""
    kind, card, color, target, amount, uno, direction, number = head
    covers = 0 if kind == Kind.JUMP else -1
    text = str(Action(Kind(kind), card, color, target, amount, uno, direction, (), covers, number))
    text = _RELATIVE.sub(r"\1+\2", text).replace("^0", "^")
    return text + ",..." if kind == Kind.BLAST else text
