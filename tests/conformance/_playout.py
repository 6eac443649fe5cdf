"""The conformance playout: drive a game like the simulation driver does, and check it after
every accepted action (DESIGN.md "Tests that make the engine trustworthy").

``playout(preset, players, seed)`` plays one seeded round and raises ``ConformanceFailure``
(an ``AssertionError``) naming the preset, players, seed, policy and action index of the
first check that fails. The rule checks here (P1 legality, the P5 challenge verdict, the
illegal-action generator) are written from RULES.md, not from the engine's own helpers, so
a broken engine rule is caught rather than copied.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields

import unoverse as uv
from unoverse import Action, Game, Kind, Phase, UnoverseError
from unoverse.bots.base import make_bot
from unoverse.core.cards import (
    CARD_COLOR,
    CARD_IS_WILD,
    CARD_KIND,
    CARD_TEXT,
    COLOR_LETTERS,
    KIND_INDEX,
    KIND_IS_WILD,
    N_CARDS,
)
from unoverse.core.events import PRIVATE, Event, redact
from unoverse.core.seeding import derive
from unoverse.core.view import VIEW_FIELDS
from unoverse.sim.driver import BotError, Table

#: The deep profile (``make test-deep``); tests/conftest.py reads the same variable.
DEEP = os.environ.get("UNOVERSE_DEEP", "") not in ("", "0")

#: RULES.md E-6: a playout that reaches this many actions has failed.
MAX_ACTIONS = 20_000

#: Classic presets under test (RULES.md §1 and §6; the §1.8 house rules are out of scope).
PRESETS = (
    "classic",
    "classic+classic.deck=112_blank",
    "classic+classic.deck=112_blank+classic.blank_mode=copy_top",
    "classic+classic.deck=112_modern",
    "classic+classic.first_card=mattel_old",
    "classic+classic.first_card=seed_as_dealer",
    "classic+draw_ends_turn",
    "classic+wd4_wilds_block",
    "classic+false_uno_penalty=2",
    "classic+permissive_illegal_plays",
    "classic+two_player_rules=false",
    "classic+dealer_selection=random",
    "classic+stacking=same",
    "classic+stacking=progressive",
    "classic+stacking=progressive+revive",
    "classic+draw_until_playable",
    "classic+downpour+bar_special",
    "classic+boomerang+stacking=same",
    "classic+friendly_swap+friendly_count=3",
    "classic+stacking=progressive+boomerang+downpour+draw_until_playable",
    "classic+seven_zero",
    "classic+zero_chooses_direction",
    "classic+seven_zero+stacking=progressive+friendly_swap",
    "classic+play_duplicates",
    "classic+zero_discard_color",
    "classic+play_duplicates+zero_chooses_direction+stacking=same",
    "classic+jump_in",
    "classic+downpour",
    "classic+bar_special",
    "classic+boomerang",
    "classic+friendly_swap",
    "classic+jump_in+stacking=progressive+boomerang",
    "classic+jump_in+seven_zero+play_duplicates+draw_until_playable",
)
NORMAL_PLAYERS = (2, 3, 4, 7, 10)
ALL_PLAYERS = tuple(range(2, 11))

W4 = KIND_INDEX["W+4"]
BLANK = uv.card("WBK")
BOOMERANG = uv.card("WBO")
BAR_SPECIAL = uv.card("WBS")
FRIENDLY = uv.card("WF")
#: Colours that exist in the card table but that Classic never lets a player declare.
FOREIGN_COLORS = tuple(
    i for i, letter in enumerate(COLOR_LETTERS) if letter not in "RYGB"
)  # O T V P
MANDATORY = (Kind.PLAY, Kind.DRAW, Kind.PASS, Kind.TAKE, Kind.CHALLENGE, Kind.COLOR)


class ConformanceFailure(AssertionError):
    """A conformance check failed."""


# -- which checks run ----------------------------------------------------------------------
@dataclass(frozen=True)
class Checks:
    """The checks a playout runs; mutation tests switch them on one at a time."""

    conservation: bool = True  # Counter(all cards) == Counter(deck) after every action
    acting: bool = True  # acting seats (and the turn-holder) have legal actions
    offers: bool = True  # offered plays are exactly the P1-legal ones (RULES.md §1.3)
    apply_offered: bool = True  # every offered action applies on a copy (sampled)
    illegal: bool = True  # generated illegal actions raise and change nothing
    p1: bool = True  # every accepted play matched the top before it (non-permissive)
    p5: bool = True  # challenge and take outcomes of a Wild Draw Four (RULES.md P5)
    saveload: bool = True  # from_json(to_json) then the same actions: same states
    replay: bool = True  # the action log re-applied to new_game: same states
    views: bool = True  # shuffling what a seat cannot know leaves its view unchanged

    @classmethod
    def only(cls, *names: str) -> Checks:
        """Every check off except ``names``."""
        unknown = set(names) - {f.name for f in fields(cls)}
        assert not unknown, f"unknown checks {unknown}"
        return cls(**{f.name: f.name in names for f in fields(cls)})


ALL_CHECKS = Checks()


# -- the rules, written from RULES.md ------------------------------------------------------
def option(game: Game, name: str, default: object = None) -> object:
    """An option of the game's preset."""
    return game.rules.options.get(name, default)


def copy_top(game: Game) -> bool:
    """Blank cards copy the top card (``classic.blank_mode=copy_top``)."""
    return option(game, "classic.blank_mode") == "copy_top"


def permissive(game: Game) -> bool:
    """``permissive_illegal_plays`` is on."""
    return bool(option(game, "permissive_illegal_plays", False))


def active_color_and_value(game: Game) -> tuple[int, int]:
    """RULES.md §0.2: the active colour and the value (kind) a card can match by.

    A printed top card gives both itself. A wild top gives its declared colour and no value
    (a wild's symbol never matches), except a blank in ``copy_top`` mode, which counts as
    the card it copied (-1: no value).
    """
    top = game.discard[-1]
    if not CARD_IS_WILD[top]:
        return CARD_COLOR[top], CARD_KIND[top]
    value = game.top_kind if top == BLANK and copy_top(game) else -1
    if value >= 0 and KIND_IS_WILD[value]:
        value = -1  # a copied wild is a wild
    return game.color, value


def p1_legal(game: Game, c: int) -> bool:
    """RULES.md P1 on the current top card."""
    if CARD_IS_WILD[c]:
        return True
    color, value = active_color_and_value(game)
    return CARD_COLOR[c] == color or (value >= 0 and CARD_KIND[c] == value)


#: Classic's draw cards, the only cards that can answer a draw penalty (RULES.md §1.8).
DRAW_CARDS = {KIND_INDEX["+2"], KIND_INDEX["W+4"]}


def answers(game: Game, c: int) -> bool:
    """RULES.md §1.8: ``c`` may answer the pending penalty. A Boomerang sends back an attack
    a seat made, unless it was already returned (H-4) or its player went out. ``stacking``:
    ``same`` — the same kind as the chain's last card; ``progressive`` — any draw card
    (FS-8); never after the chain's player went out (§1.6), unless ``revive`` and that seat
    said UNO."""
    if game.pen_returned:
        return False
    if c == BOOMERANG and option(game, "boomerang", False):
        return game.pen_source >= 0 and game.out < 0
    mode = option(game, "stacking", "off")
    if mode == "off":
        return False
    if game.out >= 0 and not (option(game, "revive", False) and game.said_uno[game.out]):
        return False
    k = game.top_kind if (copy_top(game) and c == BLANK) else CARD_KIND[c]
    return k in DRAW_CARDS and (mode == "progressive" or k == game.top_kind)


def needs_color(game: Game, c: int) -> bool:
    """Whether playing ``c`` now declares a colour (a wild; a copy_top blank only when it
    copies a wild)."""
    if not CARD_IS_WILD[c]:
        return False
    if c == BLANK and copy_top(game):
        return KIND_IS_WILD[game.top_kind] if game.top_kind >= 0 else True
    return c != BAR_SPECIAL  # the Bar special keeps the colour (§1.8)


def swap_targets(game: Game, c: int) -> set[int]:
    """The seats a play of ``c`` may name (-1: none): a Friendly card must swap with another
    active seat, a 7 under ``seven_zero`` may (FS-6); neither as the last card (FS-7)."""
    if len(game.hands[game.turn]) == 1:
        return {-1}
    others = {s for s in range(game.n) if s != game.turn and not game.eliminated[s]}
    if c == FRIENDLY:
        return others
    if CARD_KIND[c] == KIND_INDEX["7"] and option(game, "seven_zero", False):
        return others | {-1}
    return {-1}


def multi_play_ok(game: Game, a: Action) -> bool:
    """RULES.md §1.8: several cards in one play, in the turn window. ``play_duplicates``: the
    same number or symbol, no wild (H-2), the first legal by P1. ``zero_discard_color``: a 0
    of the active colour first, then every other card of that colour in the hand."""
    laid = (a.card, *a.more)
    if game.phase != Phase.TURN or Counter(laid) - Counter(game.hands[game.turn]):
        return False
    if option(game, "play_duplicates", False) and len({CARD_KIND[c] for c in laid}) == 1:
        return not CARD_IS_WILD[a.card] and p1_legal(game, a.card)
    color = game.color
    zero = CARD_KIND[a.card] == KIND_INDEX["0"] and CARD_COLOR[a.card] == color
    same_colour = Counter(c for c in game.hands[game.turn] if CARD_COLOR[c] == color)
    return bool(option(game, "zero_discard_color", False)) and zero and Counter(laid) == same_colour


def directions(game: Game, c: int) -> set[int]:
    """``zero_chooses_direction``: a 0 that is not the last card chooses cw or ccw."""
    zero = CARD_KIND[c] == KIND_INDEX["0"] and option(game, "zero_chooses_direction", False)
    return {1, -1} if zero and len(game.hands[game.turn]) > 1 else {0}


def wild_draw_effect(game: Game, c: int) -> bool:
    """Whether playing ``c`` now has the Wild Draw Four's effect (a WD4, or a copy_top blank
    on a WD4)."""
    return CARD_KIND[c] == W4 or (c == BLANK and copy_top(game) and game.top_kind == W4)


def wd4_legal(hand_before: Sequence[int], played: int, color: int, wilds_block: bool) -> bool:
    """RULES.md P5: no *other* card of the active colour (and, with ``wd4_wilds_block``, no
    other wild-type card) in the hand the WD4 was played from."""
    rest = list(hand_before)
    rest.remove(played)
    return not any(CARD_COLOR[c] == color or (wilds_block and CARD_IS_WILD[c]) for c in rest)


def available(game: Game) -> int:
    """Cards a draw can reach: the draw pile and every discard but the top (P2, P3)."""
    return len(game.draw_pile) + max(len(game.discard) - 1, 0)


# -- policies ------------------------------------------------------------------------------
class Policy:
    """Chooses the next ``(seat, action)``."""

    name = "policy"

    def choose(self, game: Game, fail: Callable[[str], None]) -> tuple[int, Action]:
        raise NotImplementedError


def mixed_specs(players: int, seed: int) -> list[str]:
    """``random`` at one or two seats, ``naive`` at the rest.

    A table of ``random`` bots only does not terminate: ``random`` picks a kind of action
    uniformly, so it draws on about half its turns and catches about half the time it can,
    and hands grow faster than they empty. The ``naive`` seats make the round end.
    """
    rng = random.Random(derive(seed, "conformance-seats", players))
    k = 1 if players < 4 else rng.choice((1, 2))
    specs = ["naive"] * players
    for s in rng.sample(range(players), k):
        specs[s] = "random"
    return specs


class BotTable(Policy):
    """The simulation driver's choice (``unoverse.sim.driver.play_round``), step by step:
    every acting seat's bot answers ``(action or None, delay)``; the earliest wins; ties go
    to an UNO declaration, then to a seeded random order."""

    name = "bots"

    def __init__(self, specs: Sequence[str], seed: int) -> None:
        self.specs = list(specs)
        self.table = Table([make_bot(spec, seed, s) for s, spec in enumerate(specs)], seed)
        self.rejected = 0

    def choose(self, game: Game, fail: Callable[[str], None]) -> tuple[int, Action]:
        """The next answer the engine accepts. An answer that arrives after the state moved
        on must be refused with a typed error and change nothing; it is then skipped, as
        the driver skips it."""
        while True:
            try:
                seat, act, _ = self.table.next(game)
            except BotError as exc:
                fail(str(exc))
                raise  # unreachable: fail raises
            if act in game.legal_actions(seat):
                return seat, act
            before = game.to_json()
            try:
                game.apply(seat, act)
            except UnoverseError:
                pass
            else:
                fail(f"{seat}: {act} is not among its legal actions, yet it was accepted")
            if game.to_json() != before:
                fail(f"{seat}: the refused late answer {act} changed the state")
            self.rejected += 1


class Uniform(Policy):
    """Uniform over every acting seat's legal actions, biased toward plays: with probability
    ``bias`` a play of the turn-holder if there is one. It calls, catches, challenges and
    catches illegal plays far more often than the bots, and still ends its rounds."""

    name = "uniform"

    def __init__(self, seed: int, bias: float = 0.6) -> None:
        self.rng = random.Random(derive(seed, "conformance-uniform"))
        self.bias = bias

    def choose(self, game: Game, fail: Callable[[str], None]) -> tuple[int, Action]:
        pairs = [(s, a) for s in game.acting_seats() for a in game.legal_actions(s)]
        calls = len(game.hands[game.turn]) == 2
        if self.rng.random() < self.bias:
            plays = [p for p in pairs if p[1].kind == Kind.PLAY and p[1].uno == calls]
            if plays:
                return self.rng.choice(plays)
        seat, act = self.rng.choice(pairs)
        false_call = act.uno and act.kind != Kind.UNO and not (act.kind == Kind.PLAY and calls)
        # a false UNO call (false_uno_penalty) costs cards: keep 1 in 10, or hands grow
        # faster than they empty and the round does not end
        if false_call and self.rng.random() < 0.9:
            seat, act = self.rng.choice(pairs)
        return seat, act


def make_policy(name: str, players: int, seed: int) -> Policy:
    """``bots`` (random at one or two seats, naive elsewhere) or ``uniform``."""
    if name == "bots":
        return BotTable(mixed_specs(players, seed), seed)
    if name == "uniform":
        return Uniform(seed)
    raise ValueError(name)


# -- the playout ---------------------------------------------------------------------------
@dataclass
class Playout:
    """A finished, checked playout."""

    preset: str
    players: int
    seed: int
    policy: str
    game: Game
    actions: list[tuple[int, Action]] = field(default_factory=list)
    events: Counter[str] = field(default_factory=Counter)
    max_json: int = 0


@dataclass(repr=False)
class _Ctx:
    preset: str
    players: int
    seed: int
    policy: str
    game: Game
    actions: list[tuple[int, Action]]

    def __repr__(self) -> str:
        return f"<playout {self.preset} players={self.players} seed={self.seed} {self.policy}>"

    def fail(self, what: str, game: Game | None = None) -> None:
        __tracebackhide__ = True
        g = self.game if game is None else game
        try:
            where = uv.position_text(g)
        except Exception as exc:  # pragma: no cover - only under a broken engine
            where = f"(position unavailable: {exc!r})"
        last = "; ".join(f"{s}: {a}" for s, a in self.actions[-8:]) or "-"
        raise ConformanceFailure(
            f"[{self.preset} players={self.players} seed={self.seed} policy={self.policy} "
            f"action #{len(self.actions)}] {what}\n  last actions: {last}\n  position:\n    "
            + where.replace("\n", "\n    ")
        )


def playout(
    preset: str,
    players: int,
    seed: int,
    policy: str = "bots",
    *,
    checks: Checks = ALL_CHECKS,
    sample_every: int = 7,
    max_actions: int = MAX_ACTIONS,
) -> Playout:
    """Play one seeded round of ``preset`` and check it throughout (see the module doc)."""
    game = uv.new_game(preset, players, seed)
    result = Playout(preset, players, seed, policy, game)
    ctx = _Ctx(preset, players, seed, policy, game, result.actions)
    chooser = make_policy(policy, players, seed)
    rng = random.Random(derive(seed, "conformance-checks", preset, players, policy))
    deck = Counter(game.rules.deck)
    snapshots: dict[int, str] = {0: game.to_json()}
    result.max_json = len(snapshots[0])
    state_checks(ctx, game, deck, checks)
    wd4: tuple[int, bool] | None = None  # (offender, legal) of a pending Wild Draw Four
    # the pending draw total, kept here from the cards played (RULES.md §1.8 stacking)
    chain = (
        {KIND_INDEX["+2"]: 2, KIND_INDEX["W+4"]: 4}.get(game.top_kind, 0)
        if (game.phase == Phase.PENALTY)
        else 0
    )

    while not game.over:
        i = len(result.actions)
        if i >= max_actions:
            ctx.fail(f"RULES.md E-6: the round did not end within {max_actions} actions")
        sampled = i % sample_every == 0
        if checks.acting or checks.offers:
            check_offers(ctx, game, checks)
        if checks.apply_offered and sampled:
            check_offered_apply(ctx, game, deck)
        if checks.illegal:
            check_illegal(ctx, game, rng, 12 if sampled else 2)
        if checks.views and sampled:
            seat = rng.randrange(players)
            check_view_leak(ctx, game, seat, rng)
            if i % (3 * sample_every) == 0:
                check_view_leak(ctx, game, None, rng)

        seat, act = chooser.choose(game, ctx.fail)
        if uv.action(str(act)) != act:
            ctx.fail(f"the notation does not round-trip: {act!r} -> {str(act)!r}")
        pre_hands = [len(h) for h in game.hands]
        pre_available = available(game)
        trial = game.copy() if sampled and checks.apply_offered else None
        played_wd4 = False
        legal_before = True
        answering = act.kind == Kind.PLAY and game.phase == Phase.PENALTY
        if act.kind == Kind.PLAY:
            k = game.top_kind if (copy_top(game) and act.card == BLANK) else CARD_KIND[act.card]
            if k in DRAW_CARDS:
                chain = (chain if answering else 0) + (2 if k == KIND_INDEX["+2"] else 4)
                wd4 = None
        if answering:
            if checks.p1 and not answers(game, act.card):
                ctx.fail(f"§1.8: accepted answer {seat}: {act} may not answer this penalty")
        elif act.kind == Kind.PLAY:
            legal_before = p1_legal(game, act.card)
            if checks.p1 and not legal_before and not permissive(game):
                ctx.fail(
                    f"P1: accepted play {seat}: {act} does not match the top "
                    f"{CARD_TEXT[game.top]} (active colour {COLOR_LETTERS[game.color]})"
                )
            if wild_draw_effect(game, act.card):
                color, _ = active_color_and_value(game)
                block = bool(option(game, "wd4_wilds_block", False))
                wd4 = (seat, wd4_legal(game.hands[seat], act.card, color, block))
                played_wd4 = True
        if act.kind == Kind.JUMP:
            if checks.p1 and (act.card != game.top or not option(game, "jump_in", False)):
                ctx.fail(f"§4.9: accepted jump-in {seat}: {act} on {CARD_TEXT[game.top]}")
            if wild_draw_effect(game, act.card):
                block = bool(option(game, "wd4_wilds_block", False))
                wd4 = (seat, wd4_legal(game.hands[seat], act.card, game.color, block))
                played_wd4 = True
        try:
            events = game.apply(seat, act)
        except Exception as exc:
            ctx.fail(f"the offered action {seat}: {act} was refused: {exc!r}")
            raise  # unreachable
        result.actions.append((seat, act))
        for e in events:
            result.events[e.kind] += 1
            if e.kind in ("challenge", "draw"):
                result.events[f"{e.kind}:{e.info}"] += 1
        if trial is not None:
            try:
                trial.apply(seat, act)
            except Exception as exc:
                ctx.fail(f"{seat}: {act}, accepted by the game, is refused on its copy: {exc!r}")
            if trial.to_json() != game.to_json():
                ctx.fail(f"{seat}: {act} on game.copy() gives another state than on the game")

        illegal_play = act.kind == Kind.PLAY and permissive(game) and not legal_before
        if checks.p1 and illegal_play and ("illegal", seat) not in game.windows():
            ctx.fail(f"§1.5: the accepted illegal play {act} opened no catch_illegal window")
        revived = [e.seat for e in events if e.kind == "revive"]
        victim = revived[0] if revived else game.next_seat(seat)
        if played_wd4 and checks.p5 and ("challenge", victim) not in game.windows():
            ctx.fail(f"P5: {act} (a Wild Draw Four's effect) opened no challenge window")
        if act.kind in (Kind.TAKE, Kind.CHALLENGE) and wd4 is not None:
            if checks.p5:
                check_p5(ctx, game, seat, act, wd4, events, pre_hands, pre_available, chain)
            wd4 = None
        if act.kind in (Kind.TAKE, Kind.CHALLENGE, Kind.CATCH_ILLEGAL):
            chain = 0
        if act.kind in (Kind.CATCH_ILLEGAL, Kind.TAKE, Kind.CHALLENGE):
            wd4 = None
        state_checks(ctx, game, deck, checks)
        if sampled or game.over:
            text = game.to_json()
            snapshots[len(result.actions)] = text
            result.max_json = max(result.max_json, len(text))

    end_checks(ctx, game, rng, checks)
    if checks.saveload:
        check_saveload(ctx, result.actions, snapshots)
    if checks.replay:
        check_replay(ctx, preset, players, seed, result.actions, snapshots)
    return result


# -- the checks ----------------------------------------------------------------------------
def check_conservation(ctx: _Ctx, game: Game, deck: Counter[int], what: str = "") -> None:
    """Every card of the deck is in exactly one place."""
    have = Counter(game.all_cards())
    if have != deck:
        lost = " ".join(CARD_TEXT[c] for c in (deck - have).elements()) or "-"
        extra = " ".join(CARD_TEXT[c] for c in (have - deck).elements()) or "-"
        ctx.fail(f"card conservation{what}: lost {lost}; extra {extra}", game)


def state_checks(ctx: _Ctx, game: Game, deck: Counter[int], checks: Checks) -> None:
    """Cheap invariants after every accepted action."""
    if checks.conservation:
        check_conservation(ctx, game, deck)
    if not checks.acting:
        return
    top = game.discard[-1]
    if not CARD_IS_WILD[top] and game.color != CARD_COLOR[top]:
        ctx.fail(f"active colour {game.color} is not the printed colour of {CARD_TEXT[top]}")
    declared = game.phase in (Phase.COLOR, Phase.OVER) or game.color in game.rules.colors
    if CARD_IS_WILD[top] and not declared:
        ctx.fail(f"wild top {CARD_TEXT[top]} carries no declarable colour ({game.color})")
    for t in game.uno_open:
        if len(game.hands[t]) != 1:
            ctx.fail(f"P4: UNO window open on seat {t} holding {len(game.hands[t])} cards")
    if game.over:
        if not 0 <= game.winner < game.n or game.hands[game.winner]:
            ctx.fail(f"round over but the winner {game.winner} still holds cards")
        if game.acting_seats() or any(game.legal_actions(s) for s in range(game.n)):
            ctx.fail("round over but some seat still has legal actions")


def check_offers(ctx: _Ctx, game: Game, checks: Checks) -> None:
    """Acting seats have legal actions, the others none, the turn-holder always; the
    turn-holder's plays are exactly the RULES.md §1.3 ones."""
    acting = game.acting_seats()
    turn = game.turn
    if checks.acting:
        if turn not in acting:
            ctx.fail(f"the turn-holder {turn} is not among the acting seats {acting}")
        for s in range(game.n):
            has = bool(game.legal_actions(s))
            if has != (s in acting):
                ctx.fail(f"seat {s}: has legal actions={has} but acting={s in acting}")
    if not checks.offers:
        return
    offered = game.legal_actions(turn)
    plays = [a for a in offered if a.kind == Kind.PLAY and not a.more]
    for a in offered:
        if a.kind == Kind.PLAY and a.more and not multi_play_ok(game, a):
            ctx.fail(f"§1.8: offered {a} lays several cards against play_duplicates / zero_discard")
    hand = game.hands[turn]
    if game.phase == Phase.TURN:
        if permissive(game) and len(hand) > 1:
            want = set(hand)
        else:
            want = {c for c in hand if p1_legal(game, c)}
    elif game.phase == Phase.DRAWN:
        want = {game.drawn}
        if game.drawn not in hand or not p1_legal(game, game.drawn):
            ctx.fail(f"§1.3: drawn window on {CARD_TEXT[game.drawn]}, not a legal card in hand")
    elif game.phase == Phase.PENALTY:
        want = {c for c in hand if answers(game, c)}
    else:
        want = set()
    got = {a.card for a in plays}
    if got != want:
        extra = " ".join(CARD_TEXT[c] for c in sorted(got - want)) or "-"
        missing = " ".join(CARD_TEXT[c] for c in sorted(want - got)) or "-"
        ctx.fail(f"P1/§1.3: offered plays differ from the rules: extra {extra}; missing {missing}")
    for c in got:
        targets = {a.target for a in plays if a.card == c}
        if targets != swap_targets(game, c):
            ctx.fail(f"§1.8: {CARD_TEXT[c]} is offered with targets {sorted(targets)}")
        chosen = {a.direction for a in plays if a.card == c}
        if chosen != directions(game, c):
            ctx.fail(f"§1.8: {CARD_TEXT[c]} is offered with directions {sorted(chosen)}")
    for a in plays:
        declares = needs_color(game, a.card)
        if declares and a.color not in game.rules.colors:
            ctx.fail(f"offered {a} declares no Classic colour")
        if not declares and a.color != -1:
            ctx.fail(f"offered {a} declares a colour on a card that takes none")


def check_offered_apply(ctx: _Ctx, game: Game, deck: Counter[int]) -> None:
    """Every action offered to every acting seat applies on a copy; the game is untouched."""
    before = game.to_json()
    for s in game.acting_seats():
        for a in game.legal_actions(s):
            g = game.copy()
            try:
                g.apply(s, a)
            except Exception as exc:
                ctx.fail(f"offered action {s}: {a} is refused on a copy: {exc!r}")
            check_conservation(ctx, g, deck, f" after offered {s}: {a} on a copy")
    if game.to_json() != before:
        ctx.fail("trying actions on game.copy() changed the game")


# -- illegal actions -----------------------------------------------------------------------
Candidate = tuple[object, object, str]  # (seat, action text or Action, why it is illegal)


def illegal_candidates(game: Game) -> list[Candidate]:
    """Actions RULES.md forbids in this state, by category (deterministic)."""
    out: list[Candidate] = []
    n = game.n
    deck = sorted(set(game.rules.deck))
    malformed = (
        "", " ", "R77", "X7", "r7", "7R", "W+4:Z", "W:", "W:GG", "catch:", "catch:-1",
        "catch:x", "draw draw", "R7 uno uno", "R7 UNO", "penalize:1", "color:", "color:Q",
        "play R7", "take please", "uno uno",
    )  # fmt: skip
    out.extend((0, text, "malformed") for text in malformed)
    out.extend((s, "draw", "no such seat") for s in (-1, n, n + 5, "0", None))
    out.append((None, "penalize:99:2", "referee: no such seat"))
    out.append((None, "penalize:0:0", "referee: empty penalty"))
    if game.over:
        for s in range(n):
            out.extend((s, a, "round over") for a in ("draw", "uno", "take", "pass", "R5"))
            out.extend((s, f"catch:{t}", "round over") for t in range(n) if t != s)
        return out

    turn, phase = game.turn, game.phase
    hand = game.hands[turn]
    # cards not in the hand
    for c in deck:
        if c not in hand:
            out.append((turn, _play(game, c), "card not in hand"))
    # non-matching cards (where no option accepts them)
    if phase == Phase.TURN and not (permissive(game) and len(hand) > 1):
        for c in set(hand):
            if not p1_legal(game, c):
                out.append((turn, Action(Kind.PLAY, card=c), "does not match (P1)"))
    if phase == Phase.DRAWN:
        for c in set(hand):
            if c != game.drawn:
                out.append((turn, _play(game, c), "after a draw only the drawn card"))
    # declared colours
    if phase in (Phase.TURN, Phase.DRAWN):
        for c in set(hand):
            if phase == Phase.DRAWN and c != game.drawn:
                continue
            if needs_color(game, c):
                out.append((turn, Action(Kind.PLAY, card=c), "wild without a colour"))
                for col in FOREIGN_COLORS:
                    out.append((turn, Action(Kind.PLAY, card=c, color=col), "not a colour"))
            elif p1_legal(game, c) or (permissive(game) and len(hand) > 1):
                out.append((turn, Action(Kind.PLAY, card=c, color=0), "colour on a non-wild"))
    if phase == Phase.COLOR:
        out.extend((turn, Action(Kind.COLOR, color=col), "not a colour") for col in FOREIGN_COLORS)
    # the wrong mandatory action for the phase
    wrong = {
        Phase.TURN: ("take", "challenge", "pass", "color:R"),
        Phase.DRAWN: ("draw", "take", "challenge", "color:R"),
        Phase.PENALTY: ("draw", "pass", "color:R") + (() if game.pen_challenge else ("challenge",)),
        Phase.COLOR: ("draw", "pass", "take", "challenge"),
    }[phase]
    out.extend((turn, a, f"wrong action in the {phase.name.lower()} window") for a in wrong)
    if phase == Phase.COLOR and hand:
        out.append((turn, _play(game, hand[0]), "play in the color window"))
    if phase == Phase.PENALTY:
        out.extend(
            (turn, _play(game, c), "not an answer to the penalty (§1.8)")
            for c in set(hand)
            if not answers(game, c)
        )
    # UNO misuse in the turn-holder's own action
    if phase in (Phase.TURN, Phase.DRAWN):
        fup = int(option(game, "false_uno_penalty", 0) or 0)
        for c in set(hand):
            if phase == Phase.DRAWN and c != game.drawn:
                continue
            if not (p1_legal(game, c) or (permissive(game) and len(hand) > 1)):
                continue
            if len(hand) == 1 or (len(hand) != 2 and fup == 0):
                out.append((turn, _play(game, c)._replace(uno=True), "UNO that is not due"))
        if phase == Phase.TURN and fup == 0:
            out.append((turn, "draw uno", "UNO with a draw (false calls off)"))
    # seats with no window
    for s in range(n):
        if s == turn:
            continue
        for a in ("draw", "take", "pass", "challenge", "color:R"):
            out.append((s, a, "not this seat's window"))
        other = game.hands[s]
        if other:
            out.append((s, _play(game, other[0]), "play out of turn"))
    # UNO attached to an action that is neither a play nor a draw; card ids that do not exist
    for s in game.acting_seats():
        for a in game.legal_actions(s):
            if a.kind not in (Kind.PLAY, Kind.DRAW, Kind.JUMP):
                out.append((s, a._replace(uno=True), "UNO on an action that is not a play"))
    for c in (-1, N_CARDS, N_CARDS + 100):
        out.append((turn, Action(Kind.PLAY, card=c), "card id that does not exist"))
    # UNO declarations and catches without a window
    for s in range(n):
        if s not in game.uno_open:
            out.append((s, "uno", "no UNO window"))
        out.append((s, f"catch:{s}", "catch oneself"))
        out.append((s, f"catch:{n}", "catch a seat that does not exist"))
        for t in range(n):
            if t != s and (t not in game.uno_open or len(game.hands[t]) != 1):
                out.append((s, f"catch:{t}", "no UNO window on the target"))
        if game.illegal is None:
            out.append((s, "catch_illegal", "no illegal play to catch"))
        elif s == game.illegal[0]:
            out.append((s, "catch_illegal", "the offender catches itself"))
    return out


def _play(game: Game, c: int) -> Action:
    """A well-formed play of ``c`` (a colour if it needs one)."""
    return Action(Kind.PLAY, card=c, color=game.rules.colors[0] if needs_color(game, c) else -1)


def check_rejected(ctx: _Ctx, game: Game, seat: object, act: object, why: str) -> None:
    """``seat: act`` is not offered, raises an ``UnoverseError`` and changes nothing."""
    before = game.to_json()
    parsed: Action | None = None
    with contextlib.suppress(UnoverseError):
        parsed = uv.action(act)  # type: ignore[arg-type]
    seat_exists = isinstance(seat, int) and 0 <= seat < game.n
    if parsed is not None and seat_exists and parsed in game.legal_actions(seat):  # type: ignore[arg-type]
        ctx.fail(f"illegal action offered ({why}): {seat}: {parsed}")
    try:
        game.apply(seat, act)  # type: ignore[arg-type]
    except UnoverseError:
        pass
    except Exception as exc:
        ctx.fail(f"illegal action ({why}) {seat!r}: {act!r} raised {exc!r}, not UnoverseError")
    else:
        ctx.fail(f"illegal action accepted ({why}): {seat!r}: {act}")
    if game.to_json() != before:
        ctx.fail(f"the refused action ({why}) {seat!r}: {act} changed the state")


def check_illegal(ctx: _Ctx, game: Game, rng: random.Random, k: int) -> None:
    """Try ``k`` illegal actions, spread over their categories."""
    cands = illegal_candidates(game)
    by_why: dict[str, list[Candidate]] = {}
    for c in cands:
        by_why.setdefault(c[2], []).append(c)
    groups = list(by_why.values())
    for _ in range(k):
        seat, act, why = rng.choice(rng.choice(groups))
        check_rejected(ctx, game, seat, act, why)


# -- P5 ------------------------------------------------------------------------------------
def check_p5(
    ctx: _Ctx,
    game: Game,
    seat: int,
    act: Action,
    wd4: tuple[int, bool],
    events: Sequence[Event],
    pre_hands: Sequence[int],
    pre_available: int,
    total: int,
) -> None:
    """The outcome of ``take`` or ``challenge`` against a Wild Draw Four (RULES.md P5) whose
    chain totals ``total`` cards (4 without stacking; guilty: the offender draws the total,
    innocent: the challenger draws it + 2, FS-9)."""
    offender, legal = wd4
    grown = [len(h) - b for h, b in zip(game.hands, pre_hands, strict=True)]
    if act.kind == Kind.TAKE:
        if grown[seat] != min(total, pre_available):
            ctx.fail(f"P5: take on a Wild Draw Four drew {grown[seat]} cards, not {total}")
        if not game.over and game.turn == seat:
            ctx.fail("P5: the seat that took the Wild Draw Four keeps its turn")
        return
    verdicts = [e.info for e in events if e.kind == "challenge"]
    want = "innocent" if legal else "guilty"
    if verdicts != [want]:
        ctx.fail(
            f"P5: challenge of seat {offender}'s Wild Draw Four gave {verdicts}; "
            f"its hand made it {'legal' if legal else 'illegal'} ({want})"
        )
    reveals = [e for e in events if e.kind == "reveal"]
    if len(reveals) != 1 or reveals[0].vis != PRIVATE or reveals[0].owner != seat:
        ctx.fail("P5: the challenged hand is revealed privately to the challenger only")
    others = [s for s in range(game.n) if s not in (seat, offender)]
    if others and redact(reveals[0], others[0]) is not None:
        ctx.fail("P5: the challenged hand is visible to a seat other than the challenger")
    if not legal:
        if grown[offender] != min(total, pre_available) or grown[seat] != 0:
            ctx.fail(f"P5 guilty: offender drew {grown[offender]}, challenger {grown[seat]}")
        if game.over or game.turn != seat or game.phase != Phase.TURN:
            ctx.fail("P5 guilty: the challenger keeps the turn and plays next")
    else:
        if grown[seat] != min(total + 2, pre_available) or grown[offender] != 0:
            ctx.fail(f"P5 innocent: challenger drew {grown[seat]}, offender {grown[offender]}")
        if not game.over and game.turn == seat:
            ctx.fail("P5 innocent: the challenger loses the turn")


def check_wd4_scenarios() -> None:
    """RULES.md §7.3 scenarios 1 and 2: the challenge verdict on fixed positions."""
    game = uv.position("hands: R3 W+4 | G1 G2 | Y1 Y2; top: R5@2; turn: 0")
    game.apply(0, "W+4:B")
    events = game.apply(1, "challenge")
    verdict = [e.info for e in events if e.kind == "challenge"]
    assert verdict == ["guilty"], f"§7.3/1: WD4 with a red card in hand on red: {verdict}"
    assert len(game.hands[0]) == 5 and len(game.hands[1]) == 2, "§7.3/1: offender draws 4"
    assert game.turn == 1 and game.phase == Phase.TURN, "§7.3/1: the challenger plays next"
    game.apply(1, "draw")  # plays normally on the declared colour

    game = uv.position("hands: W W+4 G7 | G1 G2 | Y1 Y2; top: R5@2; turn: 0")
    game.apply(0, "W+4:B")
    events = game.apply(1, "challenge")
    verdict = [e.info for e in events if e.kind == "challenge"]
    assert verdict == ["innocent"], f"§7.3/2: WD4 holding a Wild but no red: {verdict}"
    assert len(game.hands[1]) == 8 and game.turn == 2, "§7.3/2: challenger +6 and skipped"

    game = uv.position("classic+wd4_wilds_block\nhands: W W+4 G7 | G1 G2 | Y1 Y2; top: R5@2")
    game.apply(0, "W+4:B")
    events = game.apply(1, "challenge")
    verdict = [e.info for e in events if e.kind == "challenge"]
    assert verdict == ["guilty"], f"C-7 wd4_wilds_block: holding a Wild: {verdict}"


# -- views ---------------------------------------------------------------------------------
def check_view_leak(ctx: _Ctx, game: Game, seat: int | None, rng: random.Random) -> None:
    """Shuffle what ``seat`` cannot know — other hands' unseen cards and the draw pile —
    keeping every hand's size and every card ``seat`` has seen in place: the view of
    ``seat`` must not change, while the state does."""
    view = game.view(seat)
    if game.view(seat) != view:
        ctx.fail(f"view of seat {seat} is not deterministic")
    before = game.to_json()
    g = game.copy()
    keep: dict[int, list[int]] = {}
    pool: list[int] = []
    for h in range(g.n):
        if h == seat:
            continue
        seen = Counter(g.known[seat][h]) if seat is not None else Counter()
        hand = Counter(g.hands[h])
        if seen - hand:
            ctx.fail(f"seat {seat} 'knows' cards not in seat {h}'s hand: {seen - hand}")
        keep[h] = list(seen.elements())
        pool.extend((hand - seen).elements())
    pool.extend(g.draw_pile)
    hidden = [set(g.hands[h]) - set(keep[h]) for h in keep if len(g.hands[h]) > len(keep[h])]
    movable = len(set(g.draw_pile)) > 1 or (
        len(set(pool)) > 1 and len(hidden) + bool(g.draw_pile) > 1
    )
    if not movable:
        return  # one place holds every hidden card, all alike or in a hand: nothing can move
    old_hands = {h: Counter(g.hands[h]) for h in keep}
    old_draw = list(g.draw_pile)
    for _ in range(60):
        rng.shuffle(pool)
        rest = iter(pool)
        for h, seen_cards in keep.items():
            size = len(g.hands[h])
            g.hands[h] = seen_cards + [next(rest) for _ in range(size - len(seen_cards))]
        g.draw_pile = list(rest)
        moved = g.draw_pile != old_draw or any(Counter(g.hands[h]) != old_hands[h] for h in keep)
        if moved:
            break
    else:
        ctx.fail("the hidden-card shuffle never moved a card")
    if g.to_json() == before:
        ctx.fail("the hidden-card shuffle left to_json() unchanged")
    if game.to_json() != before:
        ctx.fail("the hidden-card shuffle on a copy changed the game")
    after = g.view(seat)
    if after != view:
        diff = [f for f in VIEW_FIELDS if getattr(view, f) != getattr(after, f)]
        ctx.fail(f"view of seat {seat} leaks hidden cards: fields {diff} change when they move")


# -- the end of a playout ------------------------------------------------------------------
def end_checks(ctx: _Ctx, game: Game, rng: random.Random, checks: Checks) -> None:
    """After the round: everything is refused."""
    if checks.illegal:
        for seat, act, why in illegal_candidates(game):
            check_rejected(ctx, game, seat, act, why)


def _apply_log(game: Game, actions: Iterable[tuple[int, Action]]) -> None:
    for seat, act in actions:
        game.apply(seat, str(act))


def check_saveload(ctx: _Ctx, actions: list[tuple[int, Action]], snaps: dict[int, str]) -> None:
    """From each saved state, the same actions reach the next saved state."""
    marks = sorted(snaps)
    for a, b in itertools.pairwise(marks):
        try:
            g = Game.from_json(snaps[a])
            if g.to_json() != snaps[a]:
                ctx.fail(f"save/load: from_json(to_json()) differs after action {a}")
            _apply_log(g, actions[a:b])
        except UnoverseError as exc:
            ctx.fail(f"save/load: the game loaded after action {a} refused an action: {exc}")
        if g.to_json() != snaps[b]:
            ctx.fail(f"save/load: loaded after action {a}, replayed to {b}: another state")


def check_replay(
    ctx: _Ctx,
    preset: str,
    players: int,
    seed: int,
    actions: list[tuple[int, Action]],
    snaps: dict[int, str],
) -> None:
    """The action log re-applied to a fresh ``new_game`` passes through the same states."""
    g = uv.new_game(preset, players, seed)
    done = 0
    for mark in sorted(snaps):
        try:
            _apply_log(g, actions[done:mark])
        except UnoverseError as exc:
            ctx.fail(f"replay: an action between {done} and {mark} was refused: {exc}")
        done = mark
        if g.to_json() != snaps[mark]:
            ctx.fail(f"replay: the re-applied log differs after action {mark}")
