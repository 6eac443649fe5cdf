"""The seat's legal actions, read with the engine's own parser and grouped the way a player
reaches them: by the card of the hand they start from (plays, jump-ins, pick-ups), and by
key for the rest. The server sends exactly the legal actions, so the app offers nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from ..core.actions import KEEP, Action, Kind, parse_action
from ..core.cards import CARD_TEXT, COLOR_LETTERS
from ..i18n import N_, t, tn
from .cards import card_name, color_name


@dataclass(frozen=True)
class Move:
    """One legal action: its text (what is sent) and its parts."""

    text: str
    action: Action

    @property
    def card(self) -> str:
        """The card it starts from (plays, jump-ins, pick-ups, BLAST sets)."""
        return CARD_TEXT[self.action.card] if self.action.card >= 0 else ""


#: The kinds of action that start from a card of the hand.
FROM_CARD: Final = frozenset({Kind.PLAY, Kind.JUMP, Kind.ARM})


@dataclass(frozen=True)
class Key:
    """A key for a kind of action: the key, what it does in words (the keys line, a
    refusal), and how the prompt offers it ("keep it (p)"). The words are kept as the
    catalogue's keys (with their fields) and read in the current language when shown."""

    key: str
    label_key: str
    ask_key: str
    fields: tuple[tuple[str, object], ...] = ()

    @property
    def label(self) -> str:
        """What the key does, in words."""
        return t(self.label_key, **dict(self.fields))

    @property
    def ask(self) -> str:
        """How the prompt offers it."""
        return t(self.ask_key)


#: The key of every action that does not start from a card: its label and its offer.
KEYS: Final[dict[Kind, Key]] = {
    Kind.DRAW: Key("d", N_("tui.label.draw"), N_("tui.offer.draw")),
    Kind.PRESS: Key("d", N_("tui.label.press"), N_("tui.offer.press")),
    Kind.PASS: Key("p", N_("tui.label.pass"), N_("tui.offer.pass")),
    Kind.TAKE: Key("t", N_("tui.label.take"), N_("tui.offer.take")),
    Kind.CHALLENGE: Key("c", N_("tui.label.challenge"), N_("tui.offer.challenge")),
    Kind.UNO: Key("u", N_("table.uno"), N_("tui.offer.uno")),
    Kind.CATCH: Key("k", N_("tui.label.catch"), N_("tui.offer.catch")),
    Kind.CATCH_ILLEGAL: Key("i", N_("tui.label.catch_illegal"), N_("tui.offer.catch_illegal")),
    Kind.COLOR: Key("o", N_("tui.label.color"), N_("tui.offer.color")),
    Kind.BLAST: Key("m", N_("tui.label.blast"), N_("tui.offer.blast")),
    Kind.DISARM: Key("x", N_("tui.label.disarm"), N_("tui.offer.disarm")),
}

#: The keys of the table's actions that do not answer the engine: BLAST mode's holding up
#: the card under the cursor, and another match once one is over. The bindings, the keys line
#: and the sentences that name them read them here.
HOLD_KEY: Final = "h"
AGAIN_KEY: Final = "n"

#: UNO Attack's launcher is pressed where others draw or take a penalty: the keys that differ.
LAUNCHER_KEYS: Final[dict[Kind, Key]] = {
    Kind.DRAW: KEYS[Kind.PRESS],
    Kind.TAKE: KEYS[Kind.PRESS],
}


def key_of(kind: Kind, launcher: bool, pending: dict[str, Any] | None = None) -> Key:
    """The key that reaches the actions of ``kind``, and its words, for the keys line, the
    prompt and a refusal alike. With UNO Attack's ``launcher``, ``d`` presses it, for a
    penalty too. Given the ``pending`` penalty (the view's), taking it says how much (a Wild
    Draw Color's: until the colour comes, RULES.md §8.9)."""
    key = (LAUNCHER_KEYS.get(kind) if launcher else None) or KEYS[kind]
    if kind != Kind.TAKE or pending is None:
        return key
    if pending.get("until_color"):
        return replace(key, label_key=N_("tui.label.take_until_color"))
    amount = (("n", pending["amount"]),)
    if not launcher:
        return replace(key, label_key=N_("tui.label.take_n"), fields=amount)
    if pending["until_fire"]:
        return replace(key, label_key=N_("tui.label.press_until_fire"))
    return replace(key, label_key=N_("tui.label.press_n"), fields=amount)


@dataclass
class Moves:
    """The legal actions grouped (see the module's docstring)."""

    by_card: dict[str, list[Move]] = field(default_factory=dict)
    by_kind: dict[Kind, list[Move]] = field(default_factory=dict)

    def first(self, *kinds: Kind) -> Move | None:
        """The first action of the first of ``kinds`` that has one."""
        for kind in kinds:
            moves = self.by_kind.get(kind)
            if moves:
                return moves[0]
        return None

    def keyed(self, key: str, launcher: bool = False) -> list[Move]:
        """Every action the key ``key`` reaches (``key_of``: with UNO Attack's ``launcher``,
        the press key takes a penalty, pressed for)."""
        return [
            m
            for kind, moves in self.by_kind.items()
            if key_of(kind, launcher).key == key
            for m in moves
        ]

    def plays(self, card: str, call_uno: bool) -> list[Move]:
        """The choices a card leaves once the UNO call is settled: the ones calling UNO when
        the player has armed the call (and there are such), else the others. Pick-ups are a
        separate key."""
        moves = [m for m in self.by_card.get(card, []) if m.action.kind != Kind.ARM]
        with_uno = [m for m in moves if m.action.uno]
        without = [m for m in moves if not m.action.uno]
        if call_uno and with_uno:
            return with_uno
        return without or with_uno

    def jump(self, card: str) -> bool:
        """Whether ``card`` may jump in now (RULES.md §4.9)."""
        return any(m.action.kind == Kind.JUMP for m in self.by_card.get(card, []))

    def pick_up(self, card: str) -> Move | None:
        """BLAST mode: the action that picks ``card`` up, if it may be."""
        for m in self.by_card.get(card, []):
            if m.action.kind == Kind.ARM:
                return m
        return None


def group(legal: list[str]) -> Moves:
    """The legal actions of a view (their texts), grouped."""
    moves = Moves()
    for text in legal:
        action = parse_action(text)
        move = Move(text, action)
        if action.kind in FROM_CARD:
            moves.by_card.setdefault(move.card, []).append(move)
        elif action.kind in KEYS:
            moves.by_kind.setdefault(action.kind, []).append(move)
    return moves


def digits(moves: list[Move]) -> list[str] | None:
    """The chooser's key of each move: a Numeral's declared number when every move declares
    a different one (7 declares 7), else ``None`` (the options are numbered in order)."""
    numbers = [m.action.number for m in moves]
    if not numbers or min(numbers) < 0 or len(set(numbers)) < len(numbers):
        return None
    return [str(n) for n in numbers]


def describe(move: Move, name: Callable[[int], str], sizes: Sequence[int] = ()) -> str:
    """A choice in words, as the chooser lists it (``name`` names a seat; ``sizes``, each
    seat's cards, says what a swap brings: the other hand's size, which is all the player
    knows of it)."""
    a = move.action
    parts = []
    if a.kind == Kind.JUMP:
        parts.append(t("tui.option.jump"))
    if a.kind == Kind.BLAST:
        cards = ", ".join(card_name(CARD_TEXT[c]) for c in (a.card, *a.more))
        return t("tui.option.discard", cards=cards)
    if a.kind == Kind.COLOR:
        letter = COLOR_LETTERS[a.color]
        return f"{color_name(letter)} ({letter})"
    if a.kind == Kind.CATCH:
        return t("tui.option.catch", who=name(a.target))
    if a.more:
        parts.append(t("tui.option.with", cards=", ".join(card_name(CARD_TEXT[c]) for c in a.more)))
    if a.color >= 0:
        letter = COLOR_LETTERS[a.color]
        parts.append(t("tui.option.declare", color=color_name(letter), letter=letter))
    if a.number >= 0:
        parts.append(t("tui.option.number", number=a.number))
    if 0 <= a.target < len(sizes):
        parts.append(tn("tui.option.swap.holding", sizes[a.target], who=name(a.target)))
    elif a.target >= 0:
        parts.append(t("tui.option.swap", who=name(a.target)))
    elif a.direction:
        parts.append(t("tui.option.cw") if a.direction == 1 else t("tui.option.ccw"))
    if a.amount == KEEP:
        parts.append(t("tui.option.keep"))
    if a.uno:
        parts.append(t("tui.option.uno"))
    return ", ".join(parts) if parts else t("tui.option.play")


def key_label(key: str, launcher: bool) -> str:
    """What ``key`` does, in words, for a refusal: the first kind it reaches (``key_of``);
    a key no kind reaches at this table (``t`` under UNO Attack's launcher), as it does
    elsewhere."""
    for kind in KEYS:
        if key_of(kind, launcher).key == key:
            return key_of(kind, launcher).label
    return next(k.label for k in KEYS.values() if k.key == key)
