"""UNO Blast's ten BLAST challenges (RULES.md §5.5): which sets of cards meet each one.

A challenge asks for exactly N cards: of one colour (``SC``), of N different colours
(``DC``), N consecutive numbers in 0–9 with no wrap (``CN``, B-24), or N equal numbers
(``SN``). A "coloured card" is a number, a Numeral or a coloured action card; wild-type cards
never count (B-25). A "number card" is 0–9, or a Numeral used as any number where
``blast.numeral_wild_in_challenges`` is on. Sets are multisets of card ids, written as
sorted tuples; the engine enumerates them for a seat's legal actions and checks a
submitted one.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import accumulate, combinations, product
from typing import Final, overload

from .cards import CARD_COLOR, CARD_IS_WILD, CARD_KIND, CARD_NUMBER, KIND_INDEX

#: By kind index of a BLAST card: (what it asks, how many cards).
CHALLENGES: Final = {
    KIND_INDEX[code]: (code[2:], int(code[1]))
    for code in ("!2SC", "!3SC", "!4SC", "!4DC", "!5DC", "!3CN", "!5CN", "!2SN", "!3SN", "!4SN")
}
NUMERAL: Final = KIND_INDEX["N"]


def _coloured(c: int) -> bool:
    return not CARD_IS_WILD[c] and CARD_COLOR[c] >= 0


def _is_numeral(c: int, numeral_wild: bool) -> bool:
    return numeral_wild and CARD_KIND[c] == NUMERAL


def qualifies(kind: int, cards: Iterable[int], numeral_wild: bool) -> bool:
    """Whether ``cards`` meet the challenge of the BLAST card of ``kind`` exactly."""
    what, n = CHALLENGES[kind]
    laid = list(cards)
    if len(laid) != n:
        return False
    if what in ("SC", "DC"):
        if not all(_coloured(c) for c in laid):
            return False
        colours = {CARD_COLOR[c] for c in laid}
        return len(colours) == 1 if what == "SC" else len(colours) == n
    fixed = []
    for c in laid:
        if _is_numeral(c, numeral_wild):
            continue
        if CARD_NUMBER[c] < 0:
            return False
        fixed.append(CARD_NUMBER[c])
    if what == "SN":
        return len(set(fixed)) <= 1
    return len(set(fixed)) == len(fixed) and (not fixed or max(fixed) - min(fixed) <= n - 1)


def can_meet(kind: int, hand: Iterable[int], numeral_wild: bool) -> bool:
    """Whether some set of cards from ``hand`` meets the challenge (without listing them:
    the engine asks this of every seat when an event opens)."""
    what, n = CHALLENGES[kind]
    if what in ("SC", "DC"):
        per_colour = Counter(CARD_COLOR[c] for c in hand if _coloured(c))
        if what == "SC":
            return any(k >= n for k in per_colour.values())
        return len(per_colour) >= n
    wild = 0
    per_value: Counter[int] = Counter()
    for c in hand:
        if _is_numeral(c, numeral_wild):
            wild += 1
        elif CARD_NUMBER[c] >= 0:
            per_value[CARD_NUMBER[c]] += 1
    if what == "SN":
        return wild + max(per_value.values(), default=0) >= n
    return any(
        sum(1 for v in range(start, start + n) if per_value[v]) + wild >= n
        for start in range(11 - n)
    )


class DifferentColours(Sequence[tuple[int, ...]]):
    """The sets of a DIFFERENT COLOR challenge, listed without building them: one card of
    each of ``n`` colours, every choice of colours and of cards. A large hand has thousands
    (a product per choice of colours), so the list counts them and builds the one asked
    for. Listed by colours, then by card; each set a sorted tuple of distinct card ids."""

    def __init__(self, hand: Iterable[int], n: int) -> None:
        ids: dict[int, list[int]] = {}
        for c in sorted(set(hand)):
            if _coloured(c):
                ids.setdefault(CARD_COLOR[c], []).append(c)
        self.groups = [ids[col] for col in sorted(ids)]
        self.subsets = list(combinations(range(len(self.groups)), n))
        sizes = [_product_size(self.groups, s) for s in self.subsets]
        self.starts = [0, *accumulate(sizes)]

    def __len__(self) -> int:
        return self.starts[-1]

    @overload
    def __getitem__(self, i: int) -> tuple[int, ...]: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[tuple[int, ...]]: ...

    def __getitem__(self, i: int | slice) -> tuple[int, ...] | Sequence[tuple[int, ...]]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        k = bisect_right(self.starts, i) - 1
        rest = i - self.starts[k]
        picked = []
        for g in reversed(self.subsets[k]):  # mixed radix, the last colour fastest
            group = self.groups[g]
            rest, j = divmod(rest, len(group))
            picked.append(group[j])
        return tuple(sorted(picked))

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        for subset in self.subsets:
            for pick in product(*(self.groups[g] for g in subset)):
                yield tuple(sorted(pick))

    def first(self) -> tuple[int, ...]:
        """The first set in card-id order: each colour's lowest card, for the best colours."""
        return min(tuple(sorted(self.groups[g][0] for g in s)) for s in self.subsets)


def _product_size(groups: list[list[int]], subset: tuple[int, ...]) -> int:
    size = 1
    for g in subset:
        size *= len(groups[g])
    return size


def qualifying_sets(
    kind: int, hand: Iterable[int], numeral_wild: bool
) -> Sequence[tuple[int, ...]]:
    """Every distinct set of cards from ``hand`` that meets the challenge: sorted by card
    ids, except DIFFERENT COLOR's, listed lazily (``DifferentColours``)."""
    what, n = CHALLENGES[kind]
    if what == "DC":
        return DifferentColours(hand, n)
    cards = sorted(hand)
    found: set[tuple[int, ...]] = set()
    if what == "SC":
        by_colour: dict[int, list[int]] = {}
        for c in cards:
            if _coloured(c):
                by_colour.setdefault(CARD_COLOR[c], []).append(c)
        for group in by_colour.values():
            found.update(combinations(group, n))
    else:
        numerals = [c for c in cards if _is_numeral(c, numeral_wild)]
        by_value: dict[int, list[int]] = {}
        for c in cards:
            if not _is_numeral(c, numeral_wild) and CARD_NUMBER[c] >= 0:
                by_value.setdefault(CARD_NUMBER[c], []).append(c)
        if what == "SN":
            for v in range(10):
                found.update(combinations(sorted(by_value.get(v, []) + numerals), n))
        else:
            for start in range(11 - n):
                _consecutive(start, n, by_value, Counter(numerals), [], found)
    return sorted(found)


def first_set(kind: int, hand: Iterable[int], numeral_wild: bool) -> tuple[int, ...]:
    """The qualifying set that comes first in card-id order (what a timeout discards,
    §5.5); the hand must meet the challenge."""
    sets = qualifying_sets(kind, hand, numeral_wild)
    return sets.first() if isinstance(sets, DifferentColours) else sets[0]


def _consecutive(
    value: int,
    left: int,
    by_value: dict[int, list[int]],
    numerals: Counter[int],
    picked: list[int],
    found: set[tuple[int, ...]],
) -> None:
    """Pick a card for ``value``, ``value + 1``... (``left`` values): a number card of that
    value or a Numeral still unused."""
    if left == 0:
        found.add(tuple(sorted(picked)))
        return
    for c in sorted(set(by_value.get(value, []))):
        picked.append(c)
        _consecutive(value + 1, left - 1, by_value, numerals, picked, found)
        picked.pop()
    for c in sorted(numerals):
        if numerals[c]:
            numerals[c] -= 1
            picked.append(c)
            _consecutive(value + 1, left - 1, by_value, numerals, picked, found)
            picked.pop()
            numerals[c] += 1
