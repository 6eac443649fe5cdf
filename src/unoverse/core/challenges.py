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

from collections import Counter
from collections.abc import Iterable
from itertools import combinations, product
from typing import Final

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


def qualifying_sets(kind: int, hand: Iterable[int], numeral_wild: bool) -> list[tuple[int, ...]]:
    """Every distinct set of cards from ``hand`` that meets the challenge, sorted (the first
    is the one a timeout picks, §5.5)."""
    what, n = CHALLENGES[kind]
    cards = sorted(hand)
    found: set[tuple[int, ...]] = set()
    if what == "SC":
        by_colour: dict[int, list[int]] = {}
        for c in cards:
            if _coloured(c):
                by_colour.setdefault(CARD_COLOR[c], []).append(c)
        for group in by_colour.values():
            found.update(combinations(group, n))
    elif what == "DC":
        ids: dict[int, list[int]] = {}
        for c in sorted(set(cards)):
            if _coloured(c):
                ids.setdefault(CARD_COLOR[c], []).append(c)
        for colours in combinations(sorted(ids), n):
            found.update(map(_sorted_tuple, product(*(ids[col] for col in colours))))
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


def _sorted_tuple(cards: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(cards))


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
