"""What a card may be played as now: every way to play it (colours, numbers, seats, a
direction, UNO calls, several cards at once), and the checks those ways depend on.

``Plays`` extends the table (``core.table``) with them. ``Game`` builds its legal actions
and its checks on it, and UNO Blast's BLAST mode (``core.blast.machinery``) its plays.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from . import effects as fx
from .actions import (
    KEEP,
    PLAIN_PLAYS,
    PLAIN_PLAYS_UNO,
    Action,
    Kind,
    choice_action,
    number_action,
    play_action,
)
from .cards import CARD_COLOR, CARD_IS_WILD, CARD_KIND, CARD_NUMBER, KIND_IS_WILD, N_KINDS
from .effects import CHOOSING_EFFECTS, DECLARES_IF_WILD_TOP, DECLARES_YES, HAND_MOVES
from .table import Table

_JUMP: Final = Kind.JUMP

# Shared choice tuples for legal-action lists.
# Typed as tuples of any length on purpose: the compiled build keeps a fixed-length tuple
# unboxed and boxes a new object at each use, so ``is`` (``play_actions`` tells the common
# cases apart by identity) would never hold there, and every use would allocate.
_NO_COLOR: Final[tuple[int, ...]] = (-1,)
_NO_NUMBER: Final[tuple[int, ...]] = (-1,)
_ALL_NUMBERS: Final[tuple[int, ...]] = tuple(range(10))
_NUMBER_CHOICES: Final[tuple[tuple[int, ...], ...]] = tuple((n,) for n in range(10))
_NO_TARGET: Final[tuple[int, ...]] = (-1,)
_NO_DIRECTION: Final[tuple[int, ...]] = (0,)
_BOTH_DIRECTIONS: Final[tuple[int, ...]] = (1, -1)
_NO_CALL: Final[tuple[bool, ...]] = (False,)
_BOTH_CALLS: Final[tuple[bool, ...]] = (False, True)

#: By effect code: 1 where it moves whole hands (``HAND_MOVES``), where the play chooses a
#: seat or a direction (``CHOOSING_EFFECTS``). A byte read where a play is judged, rather
#: than a set lookup (which boxes and hashes the code when compiled).
MOVES_HANDS: Final = bytes([e in HAND_MOVES for e in range(64)])
_CHOOSES: Final = bytes([e in CHOOSING_EFFECTS for e in range(64)])


class Plays(Table):
    """A table that knows how each card may be played now (see the module's docstring)."""

    __slots__ = ()

    def _card_plays(
        self, c: int, size: int, false_uno: bool, calls: bool, out: list[Action]
    ) -> None:
        """The turn's plays of the playable card ``c`` (``Game``'s turn window): with its
        colours and UNO calls; a card whose play may name a seat or a direction or do more
        goes through ``play_actions`` itself (``Rules.special``)."""
        rules = self.rules
        if rules.special[c]:
            self.play_actions(c, size, false_uno, out)
        elif not self.declares(c):
            out.append(PLAIN_PLAYS[c])
            if calls:
                out.append(PLAIN_PLAYS_UNO[c])
        elif not calls:
            out.extend(rules.color_plays(c))
        else:
            for col in rules.colors_for[c]:
                out.append(play_action(c, col))
                out.append(play_action(c, col, True))

    def play_actions(
        self,
        card: int,
        size: int,
        false_uno: bool,
        out: list[Action],
        more: tuple[int, ...] = (),
        jumper: int = -1,
    ) -> None:
        """Every way to play ``card`` (then ``more``) from a hand of ``size`` cards; a
        jump-in on the top card when ``jumper`` is the seat jumping in."""
        last = more[-1] if more else card
        left = size - 1 - len(more)
        rules = self.rules
        colors = rules.colors_for[card] if self.declares(card) else _NO_COLOR
        eff = rules.effect[self._effective_kind(last)]
        if eff == fx.DISCARD_ALL or (left == 0 and CARD_KIND[last] in rules.no_last):
            self._special_plays(card, more, left, eff, colors, false_uno, out, jumper)
            return
        numbers = self._numbers(card) if eff == fx.NUMERAL else _NO_NUMBER
        moves = left > 0 and MOVES_HANDS[eff] == 1
        if left > 0 and _CHOOSES[eff] == 1:
            targets = self._targets(last, left, jumper if jumper >= 0 else self.turn)
            directions = self._directions(last, left)
        elif jumper < 0 and not more and not moves and (numbers is _NO_NUMBER or colors[0] < 0):
            # the common cases: card, colour, UNO call; a Numeral, its number, UNO call
            calls = self._calls(left, false_uno)
            if calls is _NO_CALL and colors is not _NO_COLOR:
                out.extend(rules.color_plays(card))
            elif numbers is _NO_NUMBER:
                for col in colors:
                    for uno in calls:
                        out.append(play_action(card, col, uno))
            else:
                for uno in calls:
                    for n in numbers:
                        out.append(number_action(card, n, uno))
            return
        else:
            targets, directions = _NO_TARGET, _NO_DIRECTION
        seat = jumper if jumper >= 0 else self.turn
        mult = multiplicity(card, more)
        covers = self.landed  # a jump-in names the card it covers
        for target in targets:
            # the UNO call is due on the hand the player holds once hands have moved (P4)
            kept = (
                self._kept(seat, eff, left, 1 + len(more), target, mult, jumper) if moves else left
            )
            calls = self._calls(kept, false_uno)
            for col in colors:
                for d in directions:
                    for uno in calls:
                        for n in numbers:
                            if jumper < 0:  # plays naming a seat, a direction or a number,
                                out.append(  # or of several cards
                                    choice_action(card, col, target, uno, d, more, -1, n)
                                )
                            else:
                                out.append(
                                    Action(_JUMP, card, col, target, -1, uno, d, more, covers, n)
                                )

    def _kept(
        self, seat: int, eff: int, left: int, leaving: int, target: int, mult: int, jumper: int
    ) -> int:
        """The cards ``seat`` holds once its play's hand moves are done (``left`` of its own
        stay, ``leaving`` are still to leave its hand): after a swap, the other seat's hand;
        after a rotation, the hand passed on to it; after a Shuffle Hands, its share of the
        deal, the last seat dealt to. A jumper (``jumper`` >= 0) counts the hands as its
        jump-in's undo leaves them."""
        if left == 0:
            return 0  # it goes out: the round ends before any hand moves (C-3, FS-7, A-4)

        def size(s: int) -> int:
            return len(self._jump_hand(s) if jumper >= 0 else self.hands[s])

        if eff == fx.SWAP_HANDS or (eff == fx.SEVEN_SWAP and target >= 0):
            return size(target) if mult % 2 else left
        if eff == fx.ROTATE_HANDS:
            source = seat
            for _ in range(mult):
                source = self.next_seat(source, self.active - 1)  # the seat before it
            return left if source == seat else size(source)
        if eff == fx.SHUFFLE_HANDS:
            pool = sum(size(s) for s in range(self.n) if not self.eliminated[s]) - leaving
            return pool // self.active
        return left

    def _special_plays(
        self,
        card: int,
        more: tuple[int, ...],
        left: int,
        eff: int,
        colors: tuple[int, ...],
        false_uno: bool,
        out: list[Action],
        jumper: int,
    ) -> None:
        """The plays of a card that may not be the last one (none when it would be,
        ``no_last``), and of a Discard All: the UNO call depends on the cards it discards
        too, and with ``attack.discard_all_optional`` the player may keep them (``keep``)."""
        last = more[-1] if more else card
        if left == 0 and CARD_KIND[last] in self.rules.no_last:
            return
        seat = jumper if jumper >= 0 else self.turn
        laid = (card, *more)
        plays = [(-1, left)]
        if eff == fx.DISCARD_ALL and left > 0:
            hand = self._jump_hand(seat) if jumper >= 0 else self.hands[seat]
            gone = self._discard_count(hand, laid)
            plays = [(-1, left - gone)]
            if gone and self.rules.discard_all_optional and jumper < 0:
                plays.append((KEEP, left))
        for amount, remaining in plays:
            calls = self._calls(remaining, false_uno)
            for col in colors:
                for uno in calls:
                    if jumper < 0:
                        out.append(choice_action(card, col, -1, uno, 0, more, amount))
                    else:
                        out.append(Action(_JUMP, card, col, -1, amount, uno, 0, more, self.landed))

    def _calls(self, kept: int, false_uno: bool) -> tuple[bool, ...]:
        """The UNO calls a play that leaves ``kept`` cards may carry: with it and without
        it where it leaves one card (or may be a false call); none where a variant has no
        UNO calls."""
        if not self.rules.uno_calls:
            return _NO_CALL
        return _BOTH_CALLS if kept == 1 or (false_uno and kept > 1) else _NO_CALL

    def _numbers(self, card: int) -> tuple[int, ...]:
        """The numbers a Numeral may declare when played now (RULES.md §5.6, B-11): any on a
        card of its colour or on another Numeral; else only the top card's number
        (``numeral_number_match``); none where it does not play."""
        if CARD_COLOR[card] == self.color or CARD_KIND[self.discard[-1]] == CARD_KIND[card]:
            return _ALL_NUMBERS
        if self.rules.numeral_number_match and 0 <= self.top_kind <= 9:
            return _NUMBER_CHOICES[self.top_kind]
        return ()

    def discard_colors(self, laid: tuple[int, ...]) -> tuple[int, ...]:
        """The colours a Discard All play discards (A-3): each laid card's own colour, or
        with ``attack.discard_all_covered`` the colour of the card each one covers."""
        if self.rules.discard_all_covered:
            return (self.color, *[CARD_COLOR[x] for x in laid[:-1]])
        return tuple(CARD_COLOR[x] for x in laid)

    def _discard_count(self, hand: list[int], laid: tuple[int, ...]) -> int:
        """How many cards a Discard All play of ``laid`` from ``hand`` discards besides them."""
        cols = self.discard_colors(laid)
        return sum(1 for c in hand if CARD_COLOR[c] in cols) - sum(
            1 for c in laid if CARD_COLOR[c] in cols
        )

    def _multi_plays(self, hand: list[int]) -> list[tuple[int, tuple[int, ...]]]:
        """Plays of several cards at once, as (first, the others in order): identical
        numbers or symbols (``play_duplicates``; the first legal, no wilds, H-2) and a 0 of
        the active colour with every other card of that colour (``zero_discard_color``).
        Only the first and the last card matter, so the middle ones come sorted."""
        out: list[tuple[int, tuple[int, ...]]] = []
        if self.rules.play_duplicates:
            p1 = self.p1_row()
            counts = [0] * N_KINDS  # non-wild cards of each kind in the hand
            alone = self.rules.alone  # kinds never laid together
            for c in hand:
                if not CARD_IS_WILD[c] and CARD_KIND[c] not in alone:
                    counts[CARD_KIND[c]] += 1
            for c0 in hand:  # each kind of two or more, in the order it first appears
                if CARD_IS_WILD[c0]:
                    continue
                k0 = CARD_KIND[c0]
                if counts[k0] < 2:
                    continue
                counts[k0] = 0  # done with this kind
                cards = [c for c in hand if CARD_KIND[c] == k0]
                if len(cards) == 2:  # the common case: a pair, each card first if it plays
                    a, b = sorted(cards)
                    if p1[a]:
                        out.append((a, (b,)))
                    if p1[b] and b != a:
                        out.append((b, (a,)))
                    continue
                for first in sorted({c for c in cards if p1[c]}):
                    rest = sorted(cards)
                    rest.remove(first)
                    subsets = {
                        combo for k in range(1, len(rest) + 1) for combo in combinations(rest, k)
                    }
                    for combo in sorted(subsets):
                        out.extend((first, m) for m in _orders(combo))
        if self.rules.zero_discard_color:
            for z in sorted(
                {c for c in hand if CARD_NUMBER[c] == 0 and CARD_COLOR[c] == self.color}
            ):
                others = sorted(c for c in hand if CARD_COLOR[c] == self.color)
                others.remove(z)
                if others:
                    out.extend((z, m) for m in _orders(tuple(others)))
        return out

    def _targets(self, card: int, left: int, seat: int) -> tuple[int, ...]:
        """The seats a play of ``card`` may name (-1: none): the other active seats for a
        Friendly swap, and optionally for a Seven-0 7 (FS-6); none for a last card, which
        ends the round first (FS-7, U-H-7)."""
        if left == 0:
            return _NO_TARGET
        eff = self.rules.effect[self._effective_kind(card)]
        if eff != fx.SWAP_HANDS and eff != fx.SEVEN_SWAP:
            return _NO_TARGET
        others = tuple(s for s in range(self.n) if s != seat and not self.eliminated[s])
        return others if eff == fx.SWAP_HANDS else (-1, *others)

    def _directions(self, card: int, left: int) -> tuple[int, ...]:
        """The directions a play of ``card`` must choose (0: none): both for a 0 under
        ``zero_chooses_direction`` that is not the last card (U-H-9)."""
        if left == 0 or self.rules.effect[self._effective_kind(card)] != fx.ZERO_DIRECTION:
            return _NO_DIRECTION
        return _BOTH_DIRECTIONS

    def _effective_kind(self, card: int) -> int:
        """The kind ``card`` would count as if played now (a copying Blank copies the top)."""
        k = CARD_KIND[card]
        return self.top_kind if self.rules.effect[k] == fx.COPY_TOP else k

    def declares(self, card: int) -> bool:
        """Whether playing ``card`` now needs a declared colour."""
        d = self.rules.declares[card]
        return d == DECLARES_YES or (d == DECLARES_IF_WILD_TOP and KIND_IS_WILD[self.top_kind])

    def _jump_hand(self, seat: int) -> list[int]:
        """The hand ``seat`` would jump in from: its hand once the covered card's hand moves
        (a Seven-0 rotation or swap, a Friendly swap) are undone."""
        assert self.jump_undo is not None
        _, (eff, target, mult) = self.jump_undo
        if eff == fx.ROTATE_HANDS:
            for _ in range(mult):
                seat = self.next_seat(seat)  # its hand went on to this seat
            return self.hands[seat]
        if (eff == fx.SWAP_HANDS or (eff == fx.SEVEN_SWAP and target >= 0)) and mult % 2:
            player = self.discard_by[-1]
            if seat == player:
                return self.hands[target]
            if seat == target:
                return self.hands[player]
        return self.hands[seat]

    def playable(self, c: int, p1: bytes) -> bool:
        """P1 for a card just drawn; a Numeral only where it may declare a number (§5.6)."""
        return p1[c] == 1 and (
            self.rules.effect[CARD_KIND[c]] != fx.NUMERAL or bool(self._numbers(c))
        )


def multiplicity(card: int, more: tuple[int, ...]) -> int:
    """How many times a play's effect applies: identical kinds laid together add up (H-1);
    otherwise (``zero_discard_color``) only the last card counts."""
    if not more:
        return 1
    k = CARD_KIND[card]
    for x in more:
        if CARD_KIND[x] != k:
            return 1
    return 1 + len(more)


def _orders(cards: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The orders of ``cards`` that differ in what counts: the last card (the middle ones
    sorted)."""
    out = []
    for last in sorted(set(cards)):
        middle = list(cards)
        middle.remove(last)
        out.append((*sorted(middle), last))
    return out
