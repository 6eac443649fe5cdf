"""UNO Blast, Normal mode, written from RULES.md §5.1–§5.7 and §5.9 for the conformance
playout (``_playout.py``): which cards play (the Numeral, §5.6), what answers a chain
(``stacking=blast_ge``, B-19), which sets meet a BLAST challenge (the §5.5 table), the
actions each seat must be offered, the illegal ones to try, and ``BlastModel``, which reads
every action's events as the rules tell them to happen: draws until a card plays (§5.7),
BLAST events that interrupt any draw and resume it (§5.5), the event's hidden choices,
discards and 3-card penalties, elimination after every card (B-12, B-21), the end of the
round when one active seat remains (B-27), and the piles' accounting (P3, B-15).

Nothing here calls the engine's own rule helpers (``unoverse.core.blast.challenges``, the P1
tables, ``Game._*``); it reads the card table, the options and the public state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import combinations, product
from typing import Any, Protocol

from unoverse import Action, Game, Kind, Phase
from unoverse.core.cards import (
    CARD_COLOR,
    CARD_IS_WILD,
    CARD_KIND,
    CARD_NUMBER,
    CARD_TEXT,
    COLOR_LETTERS,
    KIND_INDEX,
)
from unoverse.core.events import PRIVATE, PUBLIC, SPLIT, Event, redact
from unoverse.core.windows import Window

#: RULES.md §5.2: red, yellow, green, blue, orange, pink.
BLAST_COLORS = tuple(sorted(COLOR_LETTERS.index(x) for x in "RYGBOP"))
NUMERAL = KIND_INDEX["N"]
BLOQUEO = KIND_INDEX["BL"]
REVERSA = KIND_INDEX["R"]
DESCARTAR = KIND_INDEX["DA"]
REV4 = KIND_INDEX["WR4"]
#: §5.7: the cards that leave a draw penalty on the next seat, and how many cards.
PENALTY = {
    KIND_INDEX["+1"]: 1,
    KIND_INDEX["+2"]: 2,
    KIND_INDEX["+4"]: 4,
    REV4: 4,
    KIND_INDEX["W+6"]: 6,
    KIND_INDEX["W+10"]: 10,
}
BLAST_AMOUNT = PENALTY
#: B-19: the chain cards and their values (Reversa y Toma 4 only with blast.rev4_stackable).
STACK_VALUE = {
    KIND_INDEX["+2"]: 2,
    KIND_INDEX["+4"]: 4,
    KIND_INDEX["W+6"]: 6,
    KIND_INDEX["W+10"]: 10,
}
#: Múltiple Roba 2 / 4 (§5.7): every other active seat draws.
MULTIPLE = {KIND_INDEX["WM2"]: 2, KIND_INDEX["WM4"]: 4}
#: RULES.md §0.6 / §5.3: the ten BLAST challenge cards: (what it asks, exactly N cards).
CHALLENGES = {
    KIND_INDEX[code]: (code[2:], int(code[1]))
    for code in ("!2SC", "!3SC", "!4SC", "!4DC", "!5DC", "!3CN", "!5CN", "!2SN", "!3SN", "!4SN")
}
BLAST_CODE = {k: f"!{n}{what}" for k, (what, n) in CHALLENGES.items()}
#: B-14: the cards a seat that cannot meet the challenge draws.
BLAST_PENALTY_CARDS = 3
ALL_NUMBERS = frozenset(range(10))
UNTIL = -1  # an owed draw that goes on until a card plays (§5.7 step 3)
#: The events that carry the draws, the BLAST events and the end of the round.
FLOW = frozenset(
    {
        "take", "all_draw", "all_hit", "draw", "draw_short", "blast", "blast_choice",
        "blast_discard", "blast_penalty", "blast_returned", "eliminated", "round_over",
    }
)  # fmt: skip


def is_blast(game: Game) -> bool:
    return game.rules.name == "blast"


def is_blast_card(c: int) -> bool:
    return CARD_KIND[c] in CHALLENGES


def _opt(game: Game, name: str, default: object) -> Any:
    return game.rules.options.get(name, default)


def uno_calls(game: Game) -> bool:
    """P4 exists in every variant but Blast, where ``blast.uno_call`` turns it on (§5.5)."""
    return not is_blast(game) or bool(_opt(game, "blast.uno_call", False))


def limit(game: Game) -> int:
    """B-12: the hand size that eliminates (>= threshold; > with elimination_inclusive=false)."""
    threshold = int(_opt(game, "blast.elimination_threshold", 30))
    return threshold if _opt(game, "blast.elimination_inclusive", True) else threshold + 1


def stack_values(game: Game) -> dict[int, int]:
    values = dict(STACK_VALUE)
    if _opt(game, "blast.rev4_stackable", False):
        values[REV4] = 4
    return values


def points(c: int) -> int:
    """§5.5 ``winner_takes``: numbers at face value, coloured actions (the Numeral too,
    §5.3) 20, wilds 50."""
    if CARD_NUMBER[c] >= 0:
        return int(CARD_NUMBER[c])
    return 50 if CARD_IS_WILD[c] else 20


blast_points = points


# -- legal play (§5.5, §5.6) -------------------------------------------------------------
def top_number(game: Game) -> int:
    """The number the top card counts as: a number card's own, a Numeral's declared one
    (``game.top_kind``, which the event model checks against the play), else -1."""
    top = game.discard[-1]
    if CARD_NUMBER[top] >= 0:
        return int(CARD_NUMBER[top])
    if CARD_KIND[top] == NUMERAL:
        return game.top_kind if 0 <= game.top_kind <= 9 else -1
    return -1


def numeral_numbers(game: Game, c: int) -> frozenset[int]:
    """§5.6, B-11: a Numeral on a card of its colour or on another Numeral declares any
    number; otherwise, with ``blast.numeral_number_match``, only the top card's number."""
    if CARD_COLOR[c] == game.color or CARD_KIND[game.discard[-1]] == NUMERAL:
        return ALL_NUMBERS
    n = top_number(game)
    if n >= 0 and _opt(game, "blast.numeral_number_match", True):
        return frozenset((n,))
    return frozenset()


def blast_legal(game: Game, c: int) -> bool:
    """§5.5: P1 (colour, or the same number or symbol; a Numeral top counts as its declared
    number), the Numeral's rules (§5.6), and the five wild-type cards on anything. A BLAST
    card is never played."""
    if is_blast_card(c):
        return False
    if CARD_IS_WILD[c]:
        return True
    if CARD_KIND[c] == NUMERAL:
        return bool(numeral_numbers(game, c))
    if CARD_COLOR[c] == game.color:
        return True
    top = game.discard[-1]
    if CARD_IS_WILD[top]:
        return False
    if CARD_KIND[top] == NUMERAL:
        return CARD_NUMBER[c] >= 0 and CARD_NUMBER[c] == top_number(game)
    return CARD_KIND[c] == CARD_KIND[top]


def blast_answers(game: Game, c: int) -> bool:
    """B-19, ``stacking=blast_ge``: one chain card (+2, +4, +6, +10; Reversa y Toma 4 with
    ``blast.rev4_stackable``) worth at least the chain's last card (the top card), colour not
    matched; nothing answers a +1 (or a Reversa y Toma 4 that is no chain card), and nothing
    after the chain's player went out (§1.6). ``stacking=off``: nothing answers."""
    if _opt(game, "stacking", "blast_ge") != "blast_ge" or game.out >= 0:
        return False
    values = stack_values(game)
    last = CARD_KIND[game.discard[-1]]
    k = CARD_KIND[c]
    return last in values and k in values and values[k] >= values[last]


# -- the BLAST challenges (§5.5 table, B-18, B-24, B-25) --------------------------------------
def _colored(c: int) -> bool:
    """A number, Numeral or coloured action card; never a wild-type card (B-25)."""
    return not CARD_IS_WILD[c] and CARD_COLOR[c] >= 0


ANY = 10  # a Numeral used as any number


def _number(c: int, wild: bool) -> int | None:
    if CARD_NUMBER[c] >= 0:
        return int(CARD_NUMBER[c])
    if CARD_KIND[c] == NUMERAL and wild:
        return ANY
    return None


def qualifies(kind: int, cards: Sequence[int], wild: bool) -> bool:
    """Whether ``cards`` (exactly N of them) meet the challenge of BLAST card ``kind``."""
    what, n = CHALLENGES[kind]
    if len(cards) != n:
        return False
    if what in ("SC", "DC"):
        if not all(_colored(c) for c in cards):
            return False
        colours = {CARD_COLOR[c] for c in cards}
        return len(colours) == 1 if what == "SC" else len(colours) == n
    values = [_number(c, wild) for c in cards]
    if any(v is None for v in values):
        return False
    fixed = [v for v in values if v != ANY]
    if what == "SN":
        return len(set(fixed)) <= 1
    # CN: N consecutive values in 0-9, no wrap (B-24); Numerals fill the gaps
    return len(set(fixed)) == len(fixed) and (not fixed or max(fixed) - min(fixed) <= n - 1)  # type: ignore[operator]


def _multisets(pool: Counter[int], n: int) -> set[tuple[int, ...]]:
    cards = sorted(pool.elements())
    return set(combinations(cards, n)) if len(cards) >= n else set()


def qualifying_sets(kind: int, hand: Iterable[int], wild: bool) -> frozenset[tuple[int, ...]]:
    """Every multiset of cards from ``hand`` that meets the challenge, as sorted tuples."""
    return _qualifying_sets(kind, tuple(sorted(hand)), wild)


@lru_cache(maxsize=4096)
def _qualifying_sets(kind: int, hand: tuple[int, ...], wild: bool) -> frozenset[tuple[int, ...]]:
    what, n = CHALLENGES[kind]
    counts = Counter(hand)
    out: set[tuple[int, ...]] = set()
    if what == "SC":
        for col in BLAST_COLORS:
            pool = Counter(
                {c: k for c, k in counts.items() if _colored(c) and CARD_COLOR[c] == col}
            )
            out |= _multisets(pool, n)
    elif what == "DC":
        by_col: dict[int, list[int]] = {}
        for c in sorted(counts):
            if _colored(c):
                by_col.setdefault(CARD_COLOR[c], []).append(c)
        for cols in combinations(sorted(by_col), n):
            for pick in product(*(by_col[x] for x in cols)):
                out.add(tuple(sorted(pick)))
    else:
        numerals = Counter(
            {c: k for c, k in counts.items() if CARD_KIND[c] == NUMERAL} if wild else {}
        )
        by_value: dict[int, list[int]] = {}
        for c in sorted(counts):
            if CARD_NUMBER[c] >= 0:
                by_value.setdefault(int(CARD_NUMBER[c]), []).append(c)
        if what == "SN":
            for v in range(10):
                pool = numerals + Counter({c: counts[c] for c in by_value.get(v, [])})
                out |= _multisets(pool, n)
            out |= _multisets(numerals, n)
        else:  # CN: each window of N values; each value a number card or a Numeral
            fillers = {m: _multisets(numerals, m) for m in range(n + 1)}
            for start in range(0, 11 - n):
                window = range(start, start + n)
                for mask in product((False, True), repeat=n):
                    slots = [
                        by_value.get(v, []) for v, real in zip(window, mask, strict=True) if real
                    ]
                    rest = fillers[n - len(slots)]
                    if not rest or any(not s for s in slots):
                        continue
                    for pick in product(*slots):
                        for fill in rest:
                            out.add(tuple(sorted(pick + fill)))
    return frozenset(out)


def can_meet(kind: int, hand: Iterable[int], wild: bool) -> bool:
    """Whether ``hand`` holds a set that meets the challenge (without listing the sets)."""
    what, n = CHALLENGES[kind]
    hand = list(hand)
    if what in ("SC", "DC"):
        colours = Counter(CARD_COLOR[c] for c in hand if _colored(c))
        return (max(colours.values(), default=0) if what == "SC" else len(colours)) >= n
    numerals = sum(1 for c in hand if CARD_KIND[c] == NUMERAL) if wild else 0
    values = Counter(int(CARD_NUMBER[c]) for c in hand if CARD_NUMBER[c] >= 0)
    if what == "SN":
        return max(values.values(), default=0) + numerals >= n
    return any(
        sum(1 for v in range(a, a + n) if not values[v]) <= numerals for a in range(0, 11 - n)
    )


def due_seats(game: Game, kind: int, hands: Sequence[Sequence[int]]) -> list[int]:
    """The active seats able to meet the challenge (§5.5 step 2)."""
    wild = bool(_opt(game, "blast.numeral_wild_in_challenges", True))
    return [s for s in range(game.n) if not game.eliminated[s] and can_meet(kind, hands[s], wild)]


def blast_action(cards: Sequence[int]) -> Action:
    return Action(Kind.BLAST, card=cards[0], more=tuple(cards[1:]))


def action_set(a: Action) -> tuple[int, ...]:
    return tuple(sorted((a.card, *a.more)))


# -- the actions each seat must be offered ----------------------------------------------------
def _discarded(hand: Sequence[int], c: int) -> int:
    """§5.7 Descartar Todo: the other cards of its colour the hand discards with it."""
    rest = Counter(hand) - Counter((c,))
    return sum(k for x, k in rest.items() if CARD_COLOR[x] == CARD_COLOR[c])


def plays(game: Game, seat: int, c: int) -> set[Action]:
    """Every way to play ``c`` now: a wild's six colours, a Numeral's numbers, the UNO call
    (P4, only with ``blast.uno_call``) where the play leaves one card."""
    hand = game.hands[seat]
    colours: Iterable[int] = BLAST_COLORS if CARD_IS_WILD[c] else (-1,)
    numbers: Iterable[int] = (
        sorted(numeral_numbers(game, c))
        if CARD_KIND[c] == NUMERAL and game.phase != Phase.PENALTY
        else (-1,)
    )
    left = len(hand) - 1 - (_discarded(hand, c) if CARD_KIND[c] == DESCARTAR else 0)
    calls = (False, True) if uno_calls(game) and left == 1 else (False,)
    return {
        Action(Kind.PLAY, card=c, color=col, number=n, uno=u)
        for col in colours
        for n in numbers
        for u in calls
    }


def expected_offers(game: Game, seat: int) -> set[Action]:
    """Outside a BLAST event: §5.7 — a seat with a legal card must play one (no voluntary
    draw, B-22); without one it draws (until a card plays); after the draw only the drawn
    card, no ``pass``; facing a chain, a chain card worth at least the last one, or take; no
    challenge. UNO calls and catches (P4) only with ``blast.uno_call``."""
    out: set[Action] = set()
    if game.over or game.eliminated[seat]:
        return out
    phase = game.phase
    hand = game.hands[seat]
    if seat == game.turn:
        if phase == Phase.TURN:
            legal = {c for c in hand if blast_legal(game, c)}
            for c in legal:
                out |= plays(game, seat, c)
            if not legal:
                out.add(Action(Kind.DRAW))
        elif phase == Phase.DRAWN:
            out |= plays(game, seat, game.drawn)
        elif phase == Phase.PENALTY:
            for c in {c for c in hand if blast_answers(game, c)}:
                out |= plays(game, seat, c)
            out.add(Action(Kind.TAKE))
    if uno_calls(game):
        if seat in game.uno_open:
            out.add(Action(Kind.UNO))
        for t in game.uno_open:
            if t != seat and len(game.hands[t]) == 1:
                out.add(Action(Kind.CATCH, target=t))
    return out


def check_blast_offers(fail: Callable[[str], None], game: Game, chosen: set[int] | None) -> None:
    """Every seat's legal actions are exactly the ones the rules give it; in a BLAST event,
    the seats able to meet it (and not yet chosen) and nobody else, each offered every
    qualifying set once (§5.5 step 2, B-17)."""
    acting = set(game.acting_seats())
    if game.phase == Phase.BLAST:
        kind = CARD_KIND[game.blast.card] if game.blast.card >= 0 else -1
        if kind not in CHALLENGES:
            fail(f"§5.5: a BLAST event is open on {game.blast.card} (game.blast.card)")
        wild = bool(_opt(game, "blast.numeral_wild_in_challenges", True))
        due = set(due_seats(game, kind, game.hands))
        if chosen is None:  # (the stateful test: the engine's own acting seats)
            chosen = due - acting
        want_acting = due - chosen
        if acting != want_acting:
            fail(
                f"§5.5: the seats able to meet {BLAST_CODE[kind]} and still to choose are "
                f"{sorted(want_acting)}; acting seats {sorted(acting)}"
            )
        for s in range(game.n):
            legal = game.legal_actions(s)
            if s not in want_acting:
                if legal:
                    fail(f"§5.5: seat {s} cannot (or no longer) meet it: offered {legal[:3]}")
                continue
            want = qualifying_sets(kind, game.hands[s], wild)
            key = (kind, tuple(sorted(game.hands[s])), wild)
            if _CHECKED.get(key) == len(legal) == len(want):
                continue  # these offers were checked on this hand already (same event)
            got = [action_set(a) for a in legal]
            shapes = {
                (a.kind, a.color, a.target, a.amount, a.uno, a.direction, a.number, a.covers)
                for a in legal
            }
            if shapes != {(Kind.BLAST, -1, -1, -1, False, 0, -1, -1)}:
                fail(f"§5.5: seat {s} is offered non-BLAST actions in the event: {legal[:3]}")
            if len(got) != len(set(got)) or set(got) != want:
                extra = sorted(set(got) - want)[:3]
                missing = sorted(want - set(got))[:3]
                fail(
                    f"§5.5: seat {s}'s offered sets for {BLAST_CODE[kind]} differ from the "
                    f"qualifying ones: extra {_sets_text(extra)}; missing {_sets_text(missing)}"
                    f"; duplicates {len(got) - len(set(got))}"
                )
            if len(_CHECKED) > 4096:
                _CHECKED.clear()
            _CHECKED[key] = len(legal)
        return
    for s in range(game.n):
        legal = game.legal_actions(s)
        got = set(legal)
        want = expected_offers(game, s)
        if len(got) != len(legal) or got != want:
            extra = " ".join(str(a) for a in sorted(got - want, key=str)[:6]) or "-"
            missing = " ".join(str(a) for a in sorted(want - got, key=str)[:6]) or "-"
            fail(
                f"P1/§5.5-§5.7: seat {s}'s offered actions differ from the rules: "
                f"extra {extra}; missing {missing}"
            )
        if bool(want) != (s in acting):
            fail(f"seat {s}: has legal actions={bool(want)} but acting={s in acting}")


#: (BLAST card kind, hand, Numerals wild) -> how many sets were offered and found right.
_CHECKED: dict[tuple[int, tuple[int, ...], bool], int] = {}


def _sets_text(sets: Iterable[tuple[int, ...]]) -> str:
    return " ".join(",".join(CARD_TEXT[c] for c in x) for x in sets) or "-"


# -- illegal actions ------------------------------------------------------------------------
Candidate = tuple[object, object, str]


def blast_candidates(game: Game) -> list[Candidate]:
    """The actions RULES.md §5 forbids now that the generic generator does not know. Seats
    other than the turn-holder are tried a few at a time, in turn (by ``game.version``)."""
    out: list[Candidate] = []
    n = game.n
    if game.over:
        return out
    turn, phase = game.turn, game.phase
    hand = game.hands[turn]
    some = [(game.version + i) % n for i in range(min(n, 3))]  # a few seats, in turn
    if not uno_calls(game):
        why = "no UNO calls or catches in Blast (B-23; blast.uno_call)"
        for s in some:
            out.append((s, "uno", why))
            out.append((s, f"catch:{(s + 1 + game.version) % n}", why))
        if phase in (Phase.TURN, Phase.DRAWN):
            for c in sorted(set(hand)):
                if blast_legal(game, c) and (phase == Phase.TURN or c == game.drawn):
                    first = min(plays(game, turn, c), key=lambda a: (a.color, a.number))
                    out.append((turn, first._replace(uno=True), why))
    if phase != Phase.BLAST:
        for s in some:
            h = game.hands[s]
            if len(h) >= 2:
                out.append((s, blast_action(sorted(h)[:2]), "no BLAST event is open"))
    if phase == Phase.TURN:
        legal = [c for c in sorted(set(hand)) if blast_legal(game, c)]
        if legal:
            out.append((turn, "draw", "no voluntary draw with a legal card in hand (B-22)"))
        for c in sorted(set(hand)):
            if CARD_KIND[c] == NUMERAL:
                nums = numeral_numbers(game, c)
                out.append((turn, Action(Kind.PLAY, card=c), "a Numeral declares a number (§5.6)"))
                for x in sorted(ALL_NUMBERS - nums)[:3]:
                    why = "a number the Numeral may not declare here (§5.6, B-11)"
                    out.append((turn, Action(Kind.PLAY, card=c, number=x), why))
                out.append((turn, Action(Kind.PLAY, card=c, number=10), "a number beyond 0-9"))
            elif c in legal:
                first = min(plays(game, turn, c), key=lambda a: (a.color, a.uno))
                out.append((turn, first._replace(number=3), "only a Numeral declares a number"))
    elif phase == Phase.DRAWN:
        out.append((turn, "pass", "no pass: the drawn card must be played (§5.7 step 3)"))
    elif phase == Phase.PENALTY:
        values = stack_values(game)
        for c in sorted(set(hand)):
            if blast_answers(game, c):
                continue
            k = CARD_KIND[c]
            if k in values or k in PENALTY:
                colour = BLAST_COLORS[0] if CARD_IS_WILD[c] else -1
                why = "not a chain answer worth at least the last card (B-19)"
                out.append((turn, Action(Kind.PLAY, card=c, color=colour), why))
    elif phase == Phase.BLAST and game.blast.card >= 0:
        kind = CARD_KIND[game.blast.card]
        _, size = CHALLENGES[kind]
        wild = bool(_opt(game, "blast.numeral_wild_in_challenges", True))
        acting = set(game.acting_seats())
        absent = [c for c in sorted(set(game.rules.deck)) if not is_blast_card(c)]
        why = "a BLAST event is open: play stops (§5.5 step 1)"
        out.extend((turn, a, why) for a in ("draw", "take", "pass", "challenge"))
        if hand:
            c = hand[0]
            colour = BLAST_COLORS[0] if CARD_IS_WILD[c] else -1
            number = 0 if CARD_KIND[c] == NUMERAL else -1
            out.append((turn, Action(Kind.PLAY, card=c, color=colour, number=number), why))
        for s in sorted({turn, *acting, *some}):
            h = sorted(game.hands[s])
            if game.eliminated[s] or not h:
                continue
            sets = qualifying_sets(kind, h, wild)
            if not sets:
                if len(h) >= size:
                    out.append((s, blast_action(h[:size]), "cannot meet the challenge: draws 3"))
                continue
            first = list(min(sets))
            if s not in acting:
                out.append((s, blast_action(first), "this seat has already chosen its cards"))
                continue
            if size > 1:
                out.append((s, blast_action(first[:-1]), "not exactly N cards (B-18)"))
            extra = list((Counter(h) - Counter(first)).elements())
            if extra:
                out.append((s, blast_action([*first, extra[0]]), "not exactly N cards (B-18)"))
            for combo in combinations(h, size):
                if not qualifies(kind, combo, wild):
                    out.append((s, blast_action(combo), "these cards do not meet the challenge"))
                    break
            missing = next((c for c in absent if c not in h), -1)
            if missing >= 0:
                out.append((s, blast_action([missing, *first[1:]]), "a card not in the hand"))
            over = [c for c in first if first.count(c) >= Counter(h)[c]]
            if over:
                twice = [*first[:-1], over[0]] if first[-1] != over[0] else [over[0], *first[:-1]]
                if Counter(twice)[over[0]] > Counter(h)[over[0]]:
                    out.append((s, blast_action(twice), "more copies than the hand holds"))
    return out


# -- the events ---------------------------------------------------------------------------------
class _Ctx(Protocol):
    def fail(self, what: str, game: Game | None = None) -> None: ...


class _Event:
    """An open BLAST event as the model follows it."""

    __slots__ = ("card", "chosen", "drawer", "due", "order")

    def __init__(self, card: int, drawer: int, order: list[int], due: list[int]) -> None:
        self.card = card
        self.drawer = drawer
        self.order = order
        self.due = due
        self.chosen: dict[int, tuple[int, ...]] = {}


class BlastModel:
    """Follows a Blast round through the events of each action (see the module doc). The
    draws an action starts (a turn's draw until a card plays, a penalty taken, Múltiple
    Roba's draws, a catch's) are owed draws; a BLAST event suspends them across actions until
    the seats able to meet it have chosen, and they resume after its penalties."""

    def __init__(self, ctx: _Ctx, game: Game, fresh: bool = True) -> None:
        self.ctx = ctx
        self.limit = limit(game)
        self.wild = bool(_opt(game, "blast.numeral_wild_in_challenges", True))
        self.two_player = bool(_opt(game, "two_player_rules", True))
        self.owed: list[list[Any]] = []  # [seat, cards or UNTIL, reason]
        self.then: tuple[str, int] = ("keep", -1)
        self.keep: tuple[int, int, int] = (-1, -1, -1)  # the window an owed draw keeps
        self.event: _Event | None = None
        self.out = -1  # the seat whose last card left a penalty pending (§1.6, P6)
        self.paths: Counter[str] = Counter()  # the rules' paths reached (coverage test)
        self.discard = len(game.discard)
        self.buried = len(game.buried)
        self.spent = len(game.blast.spent)
        if fresh:
            self._setup(game)

    def fail(self, what: str) -> None:
        __tracebackhide__ = True
        self.ctx.fail(what)

    def _setup(self, game: Game) -> None:
        """§5.4: BLAST cards never dealt; the starter is a number (every other card turned,
        a BLAST card too, goes back, B-13); left of the dealer starts, clockwise."""
        if game.rules.colors != BLAST_COLORS:
            self.fail(f"§5.2: Blast's colours are R Y G B O P, not {game.rules.colors}")
        for s, h in enumerate(game.hands):
            if any(is_blast_card(c) for c in h):
                self.fail(f"§5.4: seat {s} was dealt a BLAST card")
        setup = game.setup_events
        if any(e.kind in ("blast", "eliminated", "draw") for e in setup):
            self.fail("§5.4, B-13: the deal and the starter flip trigger no BLAST event")
        turned = [e.cards[0] for e in setup if e.kind == "starter"]
        returned = [e.cards[0] for e in setup if e.kind == "starter_returned"]
        if turned[:-1] != returned or any(CARD_NUMBER[c] >= 0 for c in returned):
            self.fail(f"§5.4: turned {turned}, returned {returned}: only non-numbers go back")
        first = game.discard[0]
        if len(game.discard) != 1 or CARD_NUMBER[first] < 0 or turned[-1:] != [first]:
            self.fail(f"§5.4: the first card {CARD_TEXT[first]} is not a number")
        left = (game.dealer + 1) % game.n
        while game.eliminated[left]:
            left = (left + 1) % game.n
        if (game.phase, game.turn, game.direction) != (Phase.TURN, left, 1):
            self.fail(f"§5.4: {(game.phase, game.turn, game.direction)}: left(d) starts, cw")

    # -- one action -----------------------------------------------------------------------------
    def after(
        self, game: Game, seat: int, act: Action, events: Sequence[Event], pre: Any, chain: int
    ) -> None:
        """Check ``seat: act`` and its ``events``; ``pre`` holds the state before it (hands,
        eliminated seats, direction, window: phase, turn, drawn card), ``chain`` the pending
        total it made or took."""
        hands, eliminated, window = pre.hands, pre.eliminated, pre.window
        self.direction = pre.direction
        self.answering = act.kind == Kind.PLAY and window[0] == Phase.PENALTY
        self.game = game
        self.events = events
        self.pos = 0
        self.sim = [list(h) for h in hands]
        self.elim = list(eliminated)
        self.quiet = False  # inside a BLAST event's own penalty draws (B-14)
        self.over = -1
        self.window: tuple[int, int, int] | None = None
        self.closed: list[int] = []  # event indices after which a BLAST card is spent
        self.buried_hands: list[tuple[int, list[int]]] = []
        for e in events:  # the play's own cards leave the hand first
            if e.kind in ("play", "discard_all") and e.seat is not None:
                for c in e.cards:
                    if c in self.sim[e.seat]:
                        self.sim[e.seat].remove(c)
        k = act.kind
        if k == Kind.PLAY:
            self._play(seat, act, hands[seat], chain)
        elif k == Kind.DRAW:
            if self.event is not None or self.owed:
                self.fail("§5.5: a draw while a BLAST event or owed draws are pending")
            self.owed = [[seat, UNTIL, "turn"]]
            self.then = ("keep", -1)
            self._run()
        elif k == Kind.TAKE:
            e = self._pull()
            if e.kind != "take" or e.seat != seat or e.count != chain:
                self.fail(f"E-1: the take of a {chain}-card penalty gave {e}")
            self.owed = [[seat, chain, "penalty"]]
            self.then = ("out", self.out) if self.out >= 0 else ("next", seat)
            self._run()
        elif k == Kind.CATCH:
            self.owed = [[act.target, 2, "uno"]]  # P4: 2 cards (§5.5 UNO call)
            self.then = ("keep", -1)
            self.keep = window
            self._run()
        elif k == Kind.BLAST:
            self._choice(seat, act)
        self._end(window)

    def _pull(self) -> Event:
        """The next event that carries draws, BLAST events or the end of the round."""
        events = self.events
        while self.pos < len(events):
            e = events[self.pos]
            self.pos += 1
            if e.kind in FLOW:
                return e
        self.fail(f"the events end where the rules call for more: {self._todo()}")
        raise AssertionError  # unreachable

    def _peek(self) -> Event | None:
        for e in self.events[self.pos :]:
            if e.kind in FLOW:
                return e
        return None

    def _todo(self) -> str:
        if self.event is not None and self.quiet:
            return f"the penalties of {BLAST_CODE[CARD_KIND[self.event.card]]}"
        if self.owed:
            s, n, r = self.owed[0]
            if n == UNTIL:
                return f"seat {s} owes cards until one plays ({r})"
            return (
                f"seat {s} owes {n} more cards ({r}): a BLAST card is no drawn card, and the "
                "draw resumes after the event (§5.5 steps 1, 7)"
            )
        return "nothing"

    def _next(self, s: int) -> int:
        """next(s) among the active seats, in the current direction."""
        d, n = self.game.direction, self.game.n
        t = (s + d) % n
        while self.elim[t]:
            t = (t + d) % n
        return t

    def _order(self, first: int) -> list[int]:
        """§5.5 resolution order: ``first``, then the other active seats in the current
        direction."""
        order = [first] if not self.elim[first] else []
        t = self._next(first)
        while t not in order and t != first:
            order.append(t)
            t = self._next(t)
        return order

    # -- draws ---------------------------------------------------------------------------
    def _add(self, s: int, cards: Sequence[int], why: str) -> None:
        """Cards enter ``s``'s hand one at a time; the hand that reaches the limit is
        eliminated at once and draws nothing more (B-12, B-21)."""
        for i, c in enumerate(cards):
            if is_blast_card(c):
                self.fail(
                    f"§5.5 step 1: a BLAST card {CARD_TEXT[c]} entered seat {s}'s hand ({why})"
                )
            self.sim[s].append(c)
            if len(self.sim[s]) >= self.limit:
                if i != len(cards) - 1:
                    self.fail(
                        f"B-12: seat {s} reached {self.limit} cards and drew "
                        f"{len(cards) - 1 - i} more ({why})"
                    )
                e = self._pull()
                if e.kind != "eliminated" or e.seat != s:
                    self.fail(
                        f"B-12: seat {s} reached {self.limit} cards: not eliminated ({e.kind})"
                    )
                self._eliminated(e, s)

    def _short(self, s: int, r: str, most: int) -> None:
        """P2's ``draw_short``: the cards drawn (at most ``most``) before the piles ran out
        may follow it."""
        e = self._peek()
        if e is not None and e.kind == "draw" and e.seat == s and e.reason == r:
            self._pull()
            if len(e.cards) >= most:
                self.fail(f"seat {s} drew {len(e.cards)} of {most} cards, yet 'draw_short' ({r})")
            self._add(s, e.cards, r)

    def _eliminated(self, e: Event, s: int) -> None:
        if self.elim[s] or e.count != len(self.sim[s]) or e.count != self.limit:
            self.fail(
                f"B-12: seat {s} eliminated holding {e.count} cards (its hand: "
                f"{len(self.sim[s])}, the limit {self.limit})"
            )
        if e.cards or e.vis != PUBLIC:
            self.fail("§5.5: an eliminated hand goes face down: its event shows no card")
        self.buried_hands.append((self.pos - 1, self.sim[s]))
        self.paths["eliminated:quiet" if self.quiet else "eliminated"] += 1
        self.sim[s] = []
        self.elim[s] = True
        active = [t for t in range(self.game.n) if not self.elim[t]]
        if len(active) == 1:
            self._round_over(active[0], "§5.5 (b): one active seat remains")
            self.paths["over:last_active"] += 1

    def _round_over(self, winner: int, why: str) -> None:
        e = self._pull()
        if e.kind != "round_over" or e.seat != winner:
            self.fail(f"{why}: seat {winner} wins; got {e.kind} {e.seat}")
        self.over = winner

    def _run(self) -> None:
        """Make the owed draws: until they are done, a BLAST event opens that waits for
        choices, or the round ends; then what follows them (``then``)."""
        owed = self.owed
        while owed and self.over < 0:
            s, n, r = owed[0]
            if self.elim[s]:  # B-12: the rest of an eliminated seat's draws is cancelled
                owed.pop(0)
                if n == UNTIL:
                    self.window = (Phase.TURN, self._next(s), -1)
                continue
            if n == UNTIL:
                if any(blast_legal(self.game, c) for c in self.sim[s]):
                    owed.pop(0)  # §5.5 step 7: it now holds a legal card and must play one
                    self.window = (Phase.TURN, s, -1)
                    self.paths["until:legal_after_event"] += 1
                    continue
            elif n == 0:
                owed.pop(0)
                continue
            e = self._pull()
            if e.kind == "draw" and e.seat == s and e.reason == r:
                if e.vis != SPLIT or e.count != len(e.cards):
                    self.fail(f"P2: a draw event {e} (split: the drawer sees the cards)")
                if n == UNTIL:
                    self._until(s, e.cards)
                else:
                    if len(e.cards) > n:
                        self.fail(f"seat {s} drew {len(e.cards)} cards of the {n} it owed ({r})")
                    owed[0][1] = n - len(e.cards)
                    self._add(s, e.cards, r)
                    if self.elim[s] and owed[0][1]:
                        self.paths["eliminated:rest_cancelled"] += 1
            elif e.kind == "blast" and e.seat == s:
                self.paths[f"interrupts:{r}"] += 1
                self._open(e, s)
                if self.event is not None:
                    return  # the draws wait for the event's choices
            elif e.kind == "draw_short" and e.seat == s:
                owed.pop(0)  # P2: nothing left to draw
                if n != UNTIL:
                    self._short(s, r, n)
                if self.elim[s]:
                    continue
                if n == UNTIL:  # §5.5: draw-until-playable ends and the player passes
                    self.window = (Phase.TURN, self._next(s), -1)
            else:
                what = "cards until one plays" if n == UNTIL else f"{n} more cards"
                self.fail(
                    f"§5.5/§5.7: seat {s} owes {what} ({r}); got {e.kind} "
                    f"(seat {e.seat}, {e.reason or e.count}) — a BLAST card is no drawn card "
                    "and the draw resumes after the event"
                )
        if self.over >= 0 or self.event is not None:
            return
        what, s = self.then
        self.then = ("keep", -1)
        if what == "next":  # E-1: the penalty is drawn, the turn passes (Múltiple: B-10)
            self.window = (Phase.TURN, self._next(s), -1)
        elif what == "out":  # P6: the last card's penalty is drawn, then the round ends
            self._round_over(s, "P6, §5.5: the seat that went out wins once its penalty is drawn")
            self.paths["over:penalty_drawn"] += 1
            self.paths["over:emptied"] += 1
        elif self.window is None:  # the window the draws interrupted stays
            phase, turn, drawn = self.keep
            if turn >= 0 and self.elim[turn]:
                self.window = (Phase.TURN, self._next(turn), -1)
            elif turn >= 0:
                self.window = (phase, turn, drawn)

    def _until(self, s: int, cards: Sequence[int]) -> None:
        """§5.7 step 3: one card at a time until one plays, which is then played at once."""
        for i, c in enumerate(cards):
            self._add(s, (c,), "turn")
            if self.elim[s]:
                if i != len(cards) - 1:
                    self.fail(f"B-21: seat {s} went on drawing after its elimination")
                return
            if blast_legal(self.game, c):
                if i != len(cards) - 1:
                    self.fail(f"§5.7: seat {s} drew on after the playable {CARD_TEXT[c]}")
                self.owed.pop(0)
                self.window = (Phase.DRAWN, s, c)
                return

    # -- BLAST events ------------------------------------------------------------------------
    def _open(self, e: Event, s: int) -> None:
        """§5.5 steps 1-2: play stops; the seats able to meet the challenge must choose."""
        c = e.cards[0] if len(e.cards) == 1 else -1
        if c < 0 or not is_blast_card(c) or e.vis != PUBLIC:
            self.fail(f"§5.5: a BLAST event {e}")
        if self.quiet or self.event is not None:
            self.fail("B-14: a BLAST card drawn during a BLAST event's penalty is put back")
        order = self._order(s)
        due = [t for t in order if can_meet(CARD_KIND[c], self.sim[t], self.wild)]
        self.event = _Event(c, s, order, due)
        self.paths["event" if due else "event:nobody_due"] += 1
        if not due:
            self._resolve()

    def _choice(self, seat: int, act: Action) -> None:
        """A seat's hidden choice (B-17): private, one qualifying set from its hand."""
        ev = self.event
        if ev is None:
            self.fail(f"§5.5: {seat}: {act} accepted with no BLAST event open")
            return
        e = self._pull()
        cards = tuple(sorted((act.card, *act.more)))
        if e.kind != "blast_choice" or e.seat != seat or tuple(sorted(e.cards)) != cards:
            self.fail(f"§5.5: {seat}: {act} gave {e}")
        if e.vis != PRIVATE or any(
            redact(e, o) is not None for o in (*range(self.game.n), None) if o != seat
        ):
            self.fail("§5.5 step 2: a seat's choice is hidden until the reveal")
        if seat not in ev.due or seat in ev.chosen:
            self.fail(f"§5.5: seat {seat} chose although it is not due ({ev.due}, {ev.chosen})")
        if Counter(cards) - Counter(self.sim[seat]) or not qualifies(
            CARD_KIND[ev.card], cards, self.wild
        ):
            self.fail(f"§5.5: {act} does not meet {BLAST_CODE[CARD_KIND[ev.card]]}")
        ev.chosen[seat] = cards
        if len(ev.chosen) == len(ev.due):
            self._resolve()
            if self.over < 0:
                self._run()

    def _resolve(self) -> None:
        """§5.5 steps 3-7: the choices are revealed under the top card, an emptied hand
        wins, every other seat draws 3 (BLAST cards put back, B-14; elimination after every
        card), the BLAST card is spent."""
        ev = self.event
        assert ev is not None
        for s in ev.order:
            if s not in ev.chosen:
                continue
            e = self._pull()
            if (
                e.kind != "blast_discard"
                or e.seat != s
                or Counter(e.cards) != Counter(ev.chosen[s])
            ):
                self.fail(f"§5.5 step 3: seat {s} discards {_sets_text([ev.chosen[s]])}; got {e}")
            if e.vis != PUBLIC:
                self.fail("§5.5 step 2: the choices are revealed together")
            for c in e.cards:
                self.sim[s].remove(c)
        # (U-B-11: a seat out on its last card, its draws pending, is not emptied by the event)
        emptied = [s for s in ev.order if s in ev.chosen and not self.sim[s]]
        if emptied:
            self.closed.append(self.pos - 1)
            self.event = None
            self._round_over(emptied[0], "§5.5 step 4, B-26: an emptied hand wins at once")
            self.paths["over:blast_discard"] += 1
            self.paths["over:emptied"] += 1
            return
        self.quiet = True
        for s in ev.order:  # U-B-11: a seat out on its last card sits the event out
            if s == self.out:
                e2 = self._peek()
                if e2 is not None and e2.kind == "blast_penalty" and e2.seat == s:
                    self.fail(
                        f"U-B-11, §5.5 (a): seat {s} went out on its last card (its draws "
                        "pending): it sits the event out and draws no penalty"
                    )
            if s in ev.due or self.elim[s] or s == self.out:
                continue
            e = self._pull()
            if e.kind != "blast_penalty" or e.seat != s or e.count != BLAST_PENALTY_CARDS:
                self.fail(f"§5.5 step 5: seat {s} cannot meet the challenge and draws 3; got {e}")
            got = 0
            while got < BLAST_PENALTY_CARDS and not self.elim[s] and self.over < 0:
                e = self._pull()
                if e.kind == "blast_returned" and e.seat == s:
                    if len(e.cards) != 1 or not is_blast_card(e.cards[0]):
                        self.fail(f"B-14: {e} puts back a card that is no BLAST card")
                elif e.kind == "draw" and e.seat == s and e.reason == "blast":
                    got += len(e.cards)
                    if got > BLAST_PENALTY_CARDS:
                        self.fail(f"§5.5 step 5: seat {s} drew {got} penalty cards")
                    self._add(s, e.cards, "blast")
                elif e.kind == "draw_short" and e.seat == s:
                    self._short(s, "blast", BLAST_PENALTY_CARDS - got)
                    break
                else:
                    self.fail(f"§5.5 step 5: seat {s} drew {got} of its 3 cards; then {e}")
            if self.over >= 0:  # (where the card lies after the round does not matter)
                self.closed.append(self.pos - 1)
                return
        self.quiet = False
        self.closed.append(self.pos - 1)
        self.event = None

    # -- plays ---------------------------------------------------------------------------
    def _play(self, p: int, act: Action, hand: Sequence[int], chain: int) -> None:
        """§5.7's card effects; the window they leave."""
        game = self.game
        c = act.card
        k = CARD_KIND[c]
        left = len(self.sim[p])
        if CARD_IS_WILD[c]:
            if act.color not in BLAST_COLORS or game.color != act.color:
                self.fail(f"§5.2: {act} declares {act.color}; active colour {game.color}")
        elif game.color != CARD_COLOR[c]:
            self.fail(f"{act}: the active colour is {game.color}, not the card's")
        if k == NUMERAL and game.top_kind != act.number:
            self.fail(f"§5.6: after {act} the top counts as {game.top_kind}, not {act.number}")
        elif k != NUMERAL and game.top_kind != k:
            self.fail(f"{act}: the top counts as kind {game.top_kind}")
        two = self.two_player and sum(not x for x in self.elim) == 2
        flips = k == REV4 or (k == REVERSA and not two)
        if game.direction != (-self.direction if flips else self.direction):
            self.fail(f"§5.7, P7: after {act} the direction is {game.direction}")
        if k in MULTIPLE:  # B-10: every other active seat draws, seat by seat from next(p)
            e = self._pull()
            if e.kind != "all_hit" or e.seat != p or e.count != MULTIPLE[k]:
                self.fail(f"§5.7: {act} deals {MULTIPLE[k]} to every other seat; got {e}")
            self.owed = [[s, MULTIPLE[k], "all_draw"] for s in self._order(p)[1:]]
            self.then = ("out", p) if left == 0 else ("next", p)
            if left == 0:  # out on its last card, its draws pending: as U-B-11 for a +N
                self.out = p
            self._run()
            return
        self.paths[{NUMERAL: "numeral", REV4: "rev4", DESCARTAR: "descartar"}.get(k, "play")] += 1
        if self.answering:
            self.paths["stack:rev4" if k == REV4 else "stack"] += 1
        if left == 0 and k not in PENALTY:
            self._round_over(p, "§5.5 (a): an empty hand wins")
            self.paths["over:empty_hand"] += 1
            self.paths["over:emptied"] += 1
            return
        if k in PENALTY:
            if left == 0:
                self.out = p  # P6: the victim draws it first
            victim = self._next(p)
            pending = game.view(None).pending
            if (
                game.over
                or game.phase != Phase.PENALTY
                or game.turn != victim
                or pending is None
                or (pending.amount, pending.source, pending.challengeable) != (chain, p, False)
            ):
                self.fail(
                    f"§5.7: after {act} seat {victim} faces {chain} cards from seat {p} (no "
                    f"challenge); got phase {game.phase.name}, turn {game.turn}, {pending}"
                )
            if game.out != self.out:
                self.fail(f"§1.6: the chain's player out is {game.out}, not {self.out}")
            return
        if k == BLOQUEO:
            turn = self._next(self._next(p))
        elif k == REVERSA and two:
            turn = p  # P7: it acts as a Bloqueo
            self.paths["reversa:two_players"] += 1
        else:
            turn = self._next(p)
        self.window = (Phase.TURN, turn, -1)

    # -- the end of the action ---------------------------------------------------------------
    def _end(self, before: tuple[int, int, int]) -> None:
        game = self.game
        rest = [e for e in self.events[self.pos :] if e.kind in FLOW]
        if rest:
            self.fail(f"events the rules do not call for: {[(e.kind, e.seat) for e in rest]}")
        if self.over >= 0:
            if not game.over or game.winner != self.over:
                self.fail(f"the round is over, won by seat {self.over}: {game.winner}")
        elif game.over:
            self.fail(f"the round ended (winner {game.winner}) where the rules go on")
        elif self.event is not None:
            ev = self.event
            if (
                game.phase != Phase.BLAST
                or game.blast.card != ev.card
                or game.windows() != (Window("blast", ev.drawer),)
            ):
                self.fail(
                    f"§5.5: the event on {CARD_TEXT[ev.card]} drawn by seat {ev.drawer} is open: "
                    f"phase {game.phase.name}, blast_card {game.blast.card}, {game.windows()}"
                )
        elif self.window is not None:
            phase, turn, drawn = self.window
            got = (game.phase, game.turn, game.drawn if game.phase == Phase.DRAWN else -1)
            if got != (phase, turn, drawn):
                self.fail(f"the rules leave window {(Phase(phase).name, turn, drawn)}; got {got}")
        if game.phase != Phase.BLAST and game.blast.card != -1:
            self.fail(f"§5.5: game.blast.card {game.blast.card} outside an event")
        self._piles()

    def _piles(self) -> None:
        """P3, B-15: a reshuffle takes every discard but the top, the buried hands and the
        spent BLAST cards; the challenge discards go under the top (§5.5 step 3); an
        eliminated hand is buried face down, never on the discard pile (§5.5)."""
        game = self.game
        discard, buried, spent = self.discard, self.buried, self.spent
        shuffled_at = -1
        for i, e in enumerate(self.events):
            k = e.kind
            if k in ("play", "discard_all", "blast_discard"):
                discard += len(e.cards)
            elif k == "eliminated":
                buried += e.count
            elif k == "reshuffle":
                want = discard - 1 + buried + spent
                if e.count != want:
                    self.fail(
                        f"P3, B-15: a reshuffle of {e.count} cards; the discards under the top, "
                        f"buried hands and spent BLAST cards are {want} ({discard - 1}, "
                        f"{buried}, {spent}; the active BLAST card stays out until step 7)"
                    )
                discard, buried, spent = 1, 0, 0
                shuffled_at = i
            spent += self.closed.count(i)
        self.discard, self.buried, self.spent = discard, buried, spent
        if (len(game.discard), len(game.buried), len(game.blast.spent)) != (discard, buried, spent):
            self.fail(
                f"discard pile, buried hands, spent BLAST cards hold {len(game.discard)}, "
                f"{len(game.buried)}, {len(game.blast.spent)} cards; the events make "
                f"{discard}, {buried}, {spent}"
            )
        for at, hand in self.buried_hands:
            if at > shuffled_at and Counter(hand) - Counter(game.buried):
                self.fail("§5.5: an eliminated hand goes face down under the pile (game.buried)")
        spent = bool(game.blast.spent) and is_blast_card(game.blast.spent[-1])
        if self.closed and max(self.closed) > shuffled_at and not game.over and not spent:
            self.fail("B-15: a resolved BLAST card goes to the spent pile (game.blast.spent)")
        for s, h in enumerate(game.hands):
            if self.elim[s] != game.eliminated[s]:
                self.fail(
                    f"seat {s}: eliminated {game.eliminated[s]}, the events say {self.elim[s]}"
                )
            if game.eliminated[s] and h:
                self.fail(f"§5.5: eliminated seat {s} holds {len(h)} cards")
            if not game.eliminated[s] and len(h) >= self.limit:
                self.fail(
                    f"B-12: seat {s} holds {len(h)} cards and is still in (limit {self.limit})"
                )


def blast_state_checks(fail: Callable[[str], None], game: Game) -> None:
    """Cheap Blast invariants after every action."""
    if any(is_blast_card(c) for h in game.hands for c in h) or any(
        is_blast_card(c) for c in (*game.discard, *game.buried)
    ):
        fail("§5.5: a BLAST card in a hand, the discard pile or the buried hands")
    if game.color not in BLAST_COLORS:
        fail(f"§5.2: the active colour {game.color} is not one of Blast's six")
    top = game.discard[-1]
    if CARD_KIND[top] == NUMERAL:
        if not 0 <= game.top_kind <= 9:
            fail(f"§5.6: a Numeral on top counts as {game.top_kind}, not a number")
    elif game.top_kind != CARD_KIND[top]:
        fail(f"top {CARD_TEXT[top]} counts as kind {game.top_kind}")
    if not uno_calls(game) and game.uno_open:
        fail(f"B-23: UNO windows {game.uno_open} without blast.uno_call")
    blast = game.phase == Phase.BLAST
    if blast != (game.blast.card >= 0) or (blast and not is_blast_card(game.blast.card)):
        fail(f"§5.5: phase {game.phase.name} with game.blast.card {game.blast.card}")
    if blast and [w.kind for w in game.windows()] != ["blast"]:
        fail(f"§5.5: a BLAST event's window names no seat that must meet it: {game.windows()}")
    for s in (None, game.version % game.n):
        if game.view(s).blast != game.blast.card:
            fail(f"view.blast of seat {s} is {game.view(s).blast}, not {game.blast.card}")
    if any(is_blast_card(c) is False for c in game.blast.spent):
        fail("B-15: the spent pile holds a card that is no BLAST card")
