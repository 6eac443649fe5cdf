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
from collections.abc import Iterable, Iterator, Sequence
from itertools import accumulate, combinations, product
from typing import Final, overload

from ..cards import CARD_COLOR, CARD_KIND, CARD_NUMBER, COLOR_LETTERS, KIND_INDEX

#: By kind index of a BLAST card: (what it asks, how many cards).
CHALLENGES: Final = {
    KIND_INDEX[code]: (code[2:], int(code[1]))
    for code in ("!2SC", "!3SC", "!4SC", "!4DC", "!5DC", "!3CN", "!5CN", "!2SN", "!3SN", "!4SN")
}
NUMERAL: Final = KIND_INDEX["N"]


def _colored(c: int) -> bool:
    return CARD_COLOR[c] >= 0  # wild-type cards have no colour (B-25)


def _is_numeral(c: int, numeral_wild: bool) -> bool:
    return numeral_wild and CARD_KIND[c] == NUMERAL


def qualifies(kind: int, cards: Iterable[int], numeral_wild: bool) -> bool:
    """Whether ``cards`` meet the challenge of the BLAST card of ``kind`` exactly."""
    what, n = CHALLENGES[kind]
    laid = list(cards)
    if len(laid) != n:
        return False
    if what in ("SC", "DC"):
        if not all(_colored(c) for c in laid):
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
    if what == "SC" or what == "DC":
        per_color = [0] * len(COLOR_LETTERS)
        for c in hand:
            if CARD_COLOR[c] >= 0:
                per_color[CARD_COLOR[c]] += 1
        if what == "SC":
            return max(per_color) >= n
        return len(per_color) - per_color.count(0) >= n
    wild = 0
    per_value = [0] * 10
    for c in hand:
        if numeral_wild and CARD_KIND[c] == NUMERAL:
            wild += 1
        elif CARD_NUMBER[c] >= 0:
            per_value[CARD_NUMBER[c]] += 1
    if what == "SN":
        return wild + max(per_value) >= n
    return any(per_value[start : start + n].count(0) <= wild for start in range(11 - n))


class DifferentColours(Sequence[tuple[int, ...]]):
    """The sets of a DIFFERENT COLOR challenge, listed without building them: one card of
    each of ``n`` colours, every choice of colours and of cards. A large hand has thousands
    (a product per choice of colours), so the list counts them and builds the one asked
    for. Listed by colours, then by card; each set a sorted tuple of distinct card ids."""

    def __init__(self, hand: Iterable[int], n: int) -> None:
        ids: dict[int, list[int]] = {}
        for c in sorted(set(hand)):
            if _colored(c):
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
            for pick in product(*[self.groups[g] for g in subset]):
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
    """Every distinct set of cards from ``hand`` that meets the challenge, each a sorted
    tuple of card ids, listed in the order they are built rather than sorted (the engine
    lists them for every seat that must choose; ``first_set`` finds the first in card-id
    order): SAME COLOR's by colour, then by card; the number challenges' by how many
    Numerals they use, then by numbers; DIFFERENT COLOR's lazily (``DifferentColours``).

    Each set is built once: a set splits one way only into its Numerals used as numbers (a
    multiset of the hand's Numerals) and its other cards, so the enumeration picks the
    Numerals first and then the other cards around them; only a card id held twice makes
    repeats to remove. A Numeral's id comes after every number card's, so the number cards
    picked, then the Numerals, are already in card-id order."""
    what, n = CHALLENGES[kind]
    if what == "DC":
        return DifferentColours(hand, n)
    cards = sorted(hand)
    found: list[tuple[int, ...]] = []
    if what == "SC":
        by_color: list[list[int]] = [[] for _ in COLOR_LETTERS]
        for c in cards:
            if CARD_COLOR[c] >= 0:
                by_color[CARD_COLOR[c]].append(c)
        for group in by_color:
            if len(group) >= n:
                found.extend(_choose(group, n))
        return found
    numerals: list[int] = []
    by_value: list[list[int]] = [[] for _ in range(10)]
    for c in cards:
        if numeral_wild and CARD_KIND[c] == NUMERAL:
            numerals.append(c)
        elif CARD_NUMBER[c] >= 0:
            by_value[CARD_NUMBER[c]].append(c)
    present = [v for v in range(10) if by_value[v]]
    distinct = [list(dict.fromkeys(cards)) for cards in by_value] if what == "CN" else by_value
    for k in range(min(n, len(numerals)) + 1):
        wilds = _choose(numerals, k)  # the Numerals used
        m = n - k  # the other cards: m distinct values within a run of n (CN), or m of one
        if m == 0:
            found.extend(wilds)
            continue
        picks: list[tuple[int, ...]] = []
        if what == "CN":  # the lowest value, then m - 1 more within the run it starts
            for low in present:
                run = [v for v in present if low < v < low + n]
                for values in combinations(run, m - 1):
                    picks.extend(product(distinct[low], *[distinct[v] for v in values]))
        else:
            for v in present:
                if len(by_value[v]) >= m:
                    picks.extend(_choose(by_value[v], m))
        found.extend([pick + w for pick in picks for w in wilds] if k else picks)
    return found


def _choose(cards: list[int], n: int) -> list[tuple[int, ...]]:
    """The distinct ``n``-card sets from the sorted ``cards`` (where an id may repeat), in
    card-id order."""
    picks = combinations(cards, n)
    return list(dict.fromkeys(picks) if len(set(cards)) < len(cards) else picks)


def first_set(kind: int, hand: Iterable[int], numeral_wild: bool) -> tuple[int, ...]:
    """The qualifying set that comes first in card-id order (what a timeout discards,
    §5.5); the hand must meet the challenge."""
    sets = qualifying_sets(kind, hand, numeral_wild)
    return sets.first() if isinstance(sets, DifferentColours) else min(sets)
