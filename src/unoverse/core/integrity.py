"""Whether a game state is one the engine can be in (docs/notation.md, "Saved states").

Saved games (``core.codec``) and positions (``core.position``) build a ``Game`` from outside
text. Before either hands it out, ``check`` holds it to the rules every state the engine
reaches keeps: every seat, colour, kind and card in range; each card of the deck in exactly
one place; and the phase consistent with the rest (a finished round has a winner, a pending
penalty has an amount and comes from the top card, a drawn card is in its drawer's hand, an
UNO window is on a one-card hand...). One checker for both, so that a saved game and a
position cannot disagree on what a possible state is. The engine never calls it: ``apply``
keeps these rules by construction, and this check is far too slow for its loop.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence

from . import effects as fx
from . import events as ev
from .blast import machinery as blast
from .blast.challenges import can_meet, qualifies
from .blast.owed import ROUND, THEN_KEEP, THEN_LIVE, THEN_NEXT, THEN_OUT, UNTIL
from .blast.part import or_new
from .cards import (
    CARD_COLOR,
    CARD_KIND,
    CARD_TEXT,
    COLOR_LETTERS,
    COLOR_NAMES,
    DARK_UP,
    FACE,
    KIND_CODES,
    N_CARDS,
    N_KINDS,
    TWIN,
    WILD,
)
from .errors import NotationError
from .game import Game
from .launcher import HAZARD
from .phase import PHASE_NAMES, Phase

#: The largest count (the version, the cards landed, a launcher's presses): no real game comes
#: near it.
LIMIT = 2**63 - 1

#: What a step of the check finds: the field at fault and what is wrong with it, or None.
Problem = tuple[str, str] | None

#: The reasons an owed draw may carry (``core.blast.machinery``): the draw reasons
#: of ``core.events`` that go through owed draws.
_REASONS = frozenset(
    {
        ev.FOR_TURN,
        ev.FOR_PENALTY,
        ev.FOR_UNO,
        ev.FOR_PENALIZE,
        ev.FOR_ALL_DRAW,
        ev.FOR_HOLDING,
        ev.FOR_ALL_HIT,
        ev.FOR_ROUND,
    }
)
#: The phases that give ``turn`` a mandatory window.
_TURN_PHASES = frozenset({Phase.TURN, Phase.DRAWN, Phase.PENALTY, Phase.COLOR})
#: The windows a BLAST event may interrupt, in Normal mode and in BLAST mode.
_INTERRUPTED = frozenset({Phase.TURN, Phase.DRAWN, Phase.PENALTY})
_INTERRUPTED_LIVE = frozenset({Phase.LIVE, Phase.DRAWN})
#: A jump-in's record of the penalty before the card when none was pending: amount, chain,
#: source, challenge, legal, returned, out, fire (``Game._do_play``).
_NO_PENALTY = (0, 0, -1, 0, 1, 0, -1, 0)
#: The most misses the launcher modes with a bound count (``core.launcher``).
_LAUNCHER_MAX = {"hazard": len(HAZARD) - 1, "one_card": 0}


def check(game: Game, where: str = "saved game", names: Mapping[str, str] | None = None) -> None:
    """Raise ``NotationError`` unless ``game`` is a state the engine can be in.

    The message starts with ``where`` and the field at fault, as a saved game names it
    (``turn``, ``penalty``, ``live.armed``...), or as ``names`` renames it (a position's keys).
    """
    for step in _STEPS:
        found = step(game)
        if found is not None:
            field, why = found
            named = names.get(field, field) if names else field
            raise NotationError(f"{where}: {named}: {why}")


def pending_limit(game: Game) -> int:
    """The most cards a pending penalty can reach: every card of the deck answering with the
    largest draw amount among them (play several at once, and the amounts add up)."""
    rules = game.rules
    most = max((rules.amount[CARD_KIND[c]] for c in set(rules.deck)), default=0)
    return most * len(rules.deck)


# -- the steps, in order: each may rely on what the ones before it checked ---------------
def _shape(game: Game) -> Problem:
    """Lengths, and every seat, card, colour and kind in range."""
    b = or_new(game.blast, game.n)
    n = game.n
    variant = game.rules.variant
    if not variant.min_players <= n <= variant.max_players:
        return "players", (
            f"{variant.name} is played by {variant.min_players} to {variant.max_players} "
            f"players, not {n}"
        )
    for field, per_seat in (
        ("hands", game.hands),
        ("eliminated", game.eliminated),
        ("said_uno", game.said_uno),
        ("known", game.known),
        ("live.armed", b.armed),
    ):
        if len(per_seat) != n:
            return field, f"{len(per_seat)} entries for {n} players"
    if any(len(row) != n for row in game.known):
        return "known", f"a row of other than {n} seats"
    if game.active != n - sum(game.eliminated):
        return "eliminated", "the active seats do not add up"
    if not 0 <= game.rng.state < 2**64:
        return "rng", f"a 64-bit state, not {game.rng.state}"
    for field, value in (
        ("dealer", game.dealer),
        ("turn", game.turn),
        ("color_next", game.color_next),
        ("out", game.out),
        ("winner", game.winner),
        ("penalty", game.pen_source),
        ("blast.drawer", b.drawer),
        ("live.blocked", b.blocked),
    ):
        low = 0 if field in ("dealer", "turn") else -1
        if not low <= value < n:
            return field, _no_seat(value, n, low)
    if game.direction not in (1, -1):
        return "direction", f"1 (clockwise) or -1, not {game.direction}"
    if not -1 <= game.color < len(COLOR_LETTERS):
        return "color", f"a colour index 0 to {len(COLOR_LETTERS) - 1} (-1: none), not {game.color}"
    if not 0 <= game.top_kind < N_KINDS:
        return "top_kind", f"a kind index 0 to {N_KINDS - 1}, not {game.top_kind}"
    if not -1 <= game.strict < len(COLOR_LETTERS):
        return "strict", f"a colour index, not {game.strict}"
    if not -1 <= game.drawn < N_CARDS:
        return "drawn", f"a card id (-1: none), not {game.drawn}"
    for field, count in (("landed", game.landed), ("version", game.version)):
        if not 0 <= count <= LIMIT:
            return field, f"a count from 0 to {LIMIT}, not {count}"
    if not game.discard:
        return "discard", "the discard pile always holds the top card"
    if len(game.discard_by) != len(game.discard):
        return "discard_by", (
            f"{len(game.discard_by)} players for {len(game.discard)} discards: one per card"
        )
    for by in game.discard_by:
        if not -1 <= by < n:
            return "discard_by", _no_seat(by, n, -1)
    return None


def _cards(game: Game) -> Problem:
    """Each card of the deck in exactly one place (RULES.md E-4), the BLAST cards only where
    they can be (§5.4: never dealt, never played), the eliminated hands empty (B-12). Two-faced
    cards all show the side the top card shows (RULES.md §8.8: a table turns over whole)."""
    b = or_new(game.blast, game.n)
    rules = game.rules
    deck = Counter(_deck_now(game))
    never = rules.never_dealt
    seen: Counter[int] = Counter()
    blast = [b.card] if b.card >= 0 else []
    piles: tuple[tuple[str, Sequence[int]], ...] = (
        *[("hands", h) for h in game.hands],
        ("draw", game.draw_pile),
        ("discard", game.discard),
        ("buried", game.buried),
        ("spent", b.spent),
        ("blast.card", blast),
    )
    for field, pile in piles:
        for i, c in enumerate(pile):
            if not 0 <= c < N_CARDS:
                return field, f"card id {c} does not exist"
            seen[c] += 1
            if seen[c] > deck[c]:
                have = f"has {deck[c]}" if deck[c] else "has none"
                return field, (
                    f"{CARD_TEXT[c]} is one copy too many: the {rules.name} deck {have} "
                    "(each card of the deck is in exactly one place)"
                )
            blast_card = bool(never) and never[c] == 1
            # a position lays the cards it does not place under the discard pile, BLAST
            # cards included: harmless there, turned by nobody and under the top card
            under = field == "discard" and i < len(pile) - 1 and game.discard_by[i] < 0
            if blast_card and field not in ("draw", "spent", "blast.card") and not under:
                return field, f"{CARD_TEXT[c]} is a BLAST card: they are never dealt or played"
            if not blast_card and field in ("spent", "blast.card"):
                return field, f"{CARD_TEXT[c]} is not a BLAST card"
    missing = deck - seen
    if missing:
        texts = " ".join(CARD_TEXT[c] for c in sorted(missing.elements()))
        return "cards", (
            f"{sum(seen.values())} cards for the {len(rules.deck)} of the {rules.name} deck; "
            f"nowhere: {_short(texts)}"
        )
    if game.buried and not rules.elimination:
        return "buried", f"{rules.name} eliminates no hand: nothing is buried"
    for s in range(game.n):
        if game.eliminated[s] and game.hands[s]:
            return "hands", f"seat {s} is eliminated: its hand is buried, empty"
    return None


def _phase(game: Game) -> Problem:
    """The phase is one the variant has; the round goes on with two active seats, each with a
    card (or whose last card's penalty is pending), and is over exactly when it has a winner."""
    rules = game.rules
    phase = game.phase
    name = PHASE_NAMES[phase]
    if rules.realtime and phase not in (Phase.LIVE, Phase.DRAWN, Phase.BLAST, Phase.OVER):
        return "phase", f"{name}: BLAST mode has no turns (live, drawn, blast or over)"
    if phase == Phase.LIVE and not rules.realtime:
        return "phase", "live: only UNO Blast's BLAST mode plays in real time"
    if phase == Phase.BLAST and not rules.blast_cards:
        return "phase", f"blast: the {rules.name} deck has no BLAST card"
    over = phase == Phase.OVER
    if over != (game.winner >= 0):
        if over:
            return "winner", "a finished round has a winner"
        return "winner", f"seat {game.winner} cannot have won: the round is not over ({name})"
    if over:
        return None
    if game.active < 2:
        return "eliminated", "a round goes on with at least two active seats"
    if phase in _TURN_PHASES and game.eliminated[game.turn]:
        return "turn", f"seat {game.turn} is eliminated"
    for s, hand in enumerate(game.hands):
        if not hand and not game.eliminated[s] and s != game.out:
            return "hands", (
                f"seat {s} holds no card, yet the round is not over: an empty hand wins "
                "(unless its last card's penalty is pending: out)"
            )
    return None


def _top(game: Game) -> Problem:
    """The active colour and the kind the top card counts as, the colour still to declare
    (a Wild turned first) and the first turn restricted to a colour (A-7)."""
    rules = game.rules
    top = game.discard[-1]
    by = game.discard_by[-1]
    found = _top_problem(game, top, by, game.color, game.top_kind)
    if found is not None:
        return found
    phase = game.phase
    if phase == Phase.OVER:  # a round ended before the first colour was declared keeps
        return None  # its colour open, and a restricted first turn its restriction
    color_phase = phase == Phase.COLOR
    if game.color < 0:
        first_penalty = _phase_of(game) == Phase.PENALTY and game.pen_source < 0
        if not color_phase and not first_penalty:
            return "color", "an active colour is set once the first card's colour is declared"
        # (a wild face surfaced by P9 has its colour named too, whoever played its card)
        # (a played wild whose colour the next seat names: ``Variant.named``, NM-11)
        named = bool(rules.named) and rules.named[rules.effect[CARD_KIND[top]]] is not None
        if CARD_COLOR[top] >= 0 or (by >= 0 and not rules.two_faced and not named):
            return "color", f"only a wild first card leaves the colour open, not {CARD_TEXT[top]}"
    elif color_phase:
        return "color", "the colour of the first card is still to be declared (color window)"
    if color_phase != (game.color_next >= 0):
        if color_phase:
            return "color_next", "the seat that starts once the colour is declared"
        return "color_next", "a seat to start is set only while the first colour is declared"
    if color_phase and game.eliminated[game.color_next]:
        return "color_next", f"seat {game.color_next} is eliminated"
    if game.strict >= 0:
        if not rules.options.get("attack.strict_first_color"):
            return "strict", "a first turn restricted to a colour needs attack.strict_first_color"
        eff = rules.effect[CARD_KIND[top]]
        if phase != Phase.TURN or by >= 0 or eff not in (fx.SKIP, fx.REVERSE):
            return "strict", "only the first turn on a turned Skip or Reverse is restricted"
        if game.strict != game.color:
            return "strict", "the restricted colour is the active colour"
    return None


def _top_problem(game: Game, top: int, by: int, color: int, top_kind: int) -> Problem:
    """Why ``top`` (played by ``by``, -1: turned) cannot lie on top with the active ``color``
    and counting as ``top_kind``. A card counts as itself, a Numeral as the number it
    declared (§5.6), a copying Blank as what it copied, a wild turned first as a plain Wild
    (C-2); a coloured card sets its colour, a wild one a colour of the variant."""
    rules = game.rules
    kind = CARD_KIND[top]
    eff = rules.effect[kind]
    own = CARD_COLOR[top]
    counts = KIND_CODES[top_kind]
    if own >= 0:
        if color != own:
            why = f"the active colour on {CARD_TEXT[top]} is {COLOR_NAMES[own]}"
            return "color", f"{why}, not {_color_name(color)}"
        if eff == fx.NUMERAL and not 0 <= top_kind <= 9:
            return "top_kind", f"a Numeral on top counts as a number 0-9, not {counts}"
        if eff != fx.NUMERAL and top_kind != kind:
            return "top_kind", f"{CARD_TEXT[top]} counts as itself, not {counts}"
        return None
    colors = rules.colors_for[top]
    if color >= 0 and color not in colors:
        letters = " ".join(COLOR_LETTERS[c] for c in colors)
        return "color", f"{COLOR_NAMES[color]} is not a colour of {rules.name} ({letters})"
    if top_kind == kind or (top_kind == WILD and by < 0):  # a wild turned first: a Wild (C-2)
        return None
    if eff == fx.COPY_TOP:
        if top_kind in {CARD_KIND[c] for c in rules.deck} | {WILD}:
            return None
        return "top_kind", f"a Blank copies a card of the deck, not {counts}"
    return "top_kind", f"{CARD_TEXT[top]} counts as itself, not {counts}"


def _penalty(game: Game) -> Problem:
    """A pending draw penalty (E-1) exactly in the penalty window (or the one a BLAST event
    interrupted): from the top card and its player, of 1 or more cards or until one fires,
    challengeable only after a Wild Draw Four, returned only by a Boomerang."""
    phase = _phase_of(game)
    if phase != Phase.PENALTY:
        cleared = (
            game.pen_amount == 0
            and game.pen_chain == 0
            and game.pen_source == -1
            and not game.pen_challenge
            and game.pen_legal
            and not game.pen_returned
            and game.pen_until == fx.PEN_COUNT
        )
        if not cleared:
            return "penalty", f"no penalty is pending in the {PHASE_NAMES[phase]} window"
        if game.out >= 0 and game.phase != Phase.BLAST:
            return "out", "a seat is out only while its last card's penalty is pending"
        return None
    rules = game.rules
    top = game.discard[-1]
    eff = _effect_of_top(game)
    if eff not in fx.PENALTY_EFFECTS and eff != fx.BOOMERANG:
        return "penalty", f"the top card {CARD_TEXT[top]} makes no draw penalty"
    if game.pen_until == fx.PEN_FIRE:
        if eff not in (fx.HIT_FIRE, fx.BOOMERANG):
            return (
                "pen_until",
                f"only a Wild Hit-Fire draws until a card comes, not {CARD_TEXT[top]}",
            )
        if game.pen_amount or game.pen_challenge:
            return "penalty", "a draw until a card comes counts no cards and has no challenge"
    elif game.pen_until == fx.PEN_COLOR:
        if eff != fx.WILD_DRAW_COLOR:
            return (
                "pen_color",
                f"only a Wild Draw Color draws until a colour comes, not {CARD_TEXT[top]}",
            )
        if game.pen_amount or game.color < 0:
            return "penalty", "a draw until a colour comes counts no cards, in a declared colour"
    elif game.pen_until != fx.PEN_COUNT:
        return "pen_until", f"a penalty is drawn 0, 1 or 2 ways, not {game.pen_until}"
    elif not 1 <= game.pen_amount <= pending_limit(game):
        return (
            "penalty",
            f"a pending penalty is 1 to {pending_limit(game)} cards, not {game.pen_amount}",
        )
    if not 1 <= game.pen_chain <= len(rules.deck):
        return "penalty", f"a chain holds 1 to {len(rules.deck)} cards, not {game.pen_chain}"
    by = game.discard_by[-1]
    if game.pen_source != by:
        played = f"seat {by}" if by >= 0 else "the first card (-1)"
        return "penalty", f"the penalty comes from the top card's player, {played}"
    if game.pen_challenge and (eff not in fx.CHALLENGED or by < 0):
        return "penalty", "only a Wild Draw Four or Wild Draw Color a seat played is challenged"
    if game.pen_returned != (eff == fx.BOOMERANG):
        return "penalty", "a penalty is returned exactly when a Boomerang is on top"
    if game.out not in (-1, by):
        return "out", f"seat {game.out} is out, yet the pending penalty is seat {by}'s"
    return None


def _drawn(game: Game) -> Problem:
    """A card drawn and not yet played is in its drawer's hand, and plays now."""
    phase = game.phase
    if phase != Phase.DRAWN:
        # a round that ended with the drawn card's play keeps its id
        if game.drawn >= 0 and phase != Phase.OVER:
            return (
                "drawn",
                f"a drawn card waits only in the drawn window, not in {PHASE_NAMES[phase]}",
            )
        return None
    c = game.drawn
    if c < 0:
        return "drawn", "the drawn window holds the card just drawn"
    if c not in game.hands[game.turn]:
        return "drawn", f"{CARD_TEXT[c]} is not in seat {game.turn}'s hand"
    realtime = game.rules.realtime
    if not (blast.playable(game, c) if realtime else game.playable(c, game.p1_row())):
        return "drawn", f"{CARD_TEXT[c]} does not play on {CARD_TEXT[game.discard[-1]]}"
    return None


def _windows(game: Game) -> Problem:
    """The optional windows: UNO windows on one-card hands (P4), the catch window on the
    illegal play on top (§1.5) and the jump-in window on the top card (§4.9)."""
    rules = game.rules
    n = game.n
    over = game.phase == Phase.OVER
    open_ = game.uno_open
    for i, s in enumerate(open_):
        if not 0 <= s < n:
            return "uno_open", _no_seat(s, n, 0)
        if s in open_[:i]:
            return "uno_open", f"seat {s} is listed twice"
        if not rules.uno_calls or over:
            return "uno_open", "no UNO window is open " + (
                "in a finished round" if over else f"in {rules.name} (no UNO calls)"
            )
        if game.eliminated[s] or len(game.hands[s]) != 1:
            return "uno_open", f"an UNO window is on a one-card hand, not seat {s}'s"
    for s, said in enumerate(game.said_uno):
        if said and (not rules.uno_calls or len(game.hands[s]) > 1):
            return "said_uno", f"seat {s} holds {len(game.hands[s])} cards: no UNO is declared"
    found = _illegal(game)
    if found is None:
        found = _jump(game)
    return found


def _illegal(game: Game) -> Problem:
    """The accepted illegal play is the top card, with what catching it restores; a card
    that turned the table over (P9) is its bottom card, turned, and the colour of the wild
    that surfaced may be being named."""
    ill = game.illegal
    if ill is None:
        return None
    rules = game.rules
    offender, c, color, top_kind, direction, swapped, buried = ill
    if not rules.permissive_illegal_plays:
        return "illegal", "illegal plays are refused (permissive_illegal_plays is off)"
    turned = rules.two_faced and 0 <= c < N_CARDS and game.discard[0] == TWIN[c] != c
    windows = (Phase.TURN, Phase.PENALTY, Phase.COLOR) if turned else (Phase.TURN, Phase.PENALTY)
    if game.phase not in windows:
        return "illegal", f"the catch window closes before the {PHASE_NAMES[game.phase]} window"
    if not 0 <= offender < game.n:
        return "illegal", _no_seat(offender, game.n, 0)
    at = 0 if turned else -1
    if c != (TWIN[game.discard[at]] if turned else game.discard[at]) or (
        game.discard_by[at] != offender
    ):
        return "illegal", f"the illegal play is seat {offender}'s card on top of the pile"
    if direction not in (1, -1):
        return "illegal", f"a direction is 1 or -1, not {direction}"
    if color not in rules.colors_for[c] or not 0 <= top_kind < N_KINDS:
        return "illegal", "the colour and kind to restore are out of range"
    if len(game.discard) < 2 + buried:  # (a reshuffle keeps it, U-C-15)
        return "illegal", "a catch restores the card beneath the illegal one: there is none"
    moved = _illegal_moves(game, offender, c, swapped, buried)
    if moved is not None:
        return "illegal", moved
    if turned:  # the card it covered lies second from the bottom, turned
        under, by = TWIN[game.discard[1]], game.discard_by[1]
    else:
        under, by = game.discard[-2 - buried], game.discard_by[-2 - buried]
    found = _top_problem(game, under, by, color, top_kind)
    if found is not None:
        return "illegal", f"what a catch restores: {found[1]}"
    return None


def _illegal_moves(game: Game, offender: int, c: int, swapped: int, buried: int) -> str | None:
    """What a catch undoes besides the card: the seat its swap named, and the cards of its
    colour that a Discard All laid under it (A-3)."""
    kind = CARD_KIND[c] if 0 <= c < N_CARDS else -1
    eff = game.rules.effect[game._effective_kind(c)] if kind >= 0 else fx.NONE
    if swapped >= 0:
        if eff not in (fx.SWAP_HANDS, fx.SEVEN_SWAP):
            return f"only a card that swaps hands names a seat to swap back, not {CARD_TEXT[c]}"
        if swapped == offender or swapped >= game.n:
            return f"seat {swapped} is not another seat to swap back with"
    elif swapped != -1 or (eff == fx.SWAP_HANDS and kind >= 0):
        return "a card that swaps hands names the seat it swapped with"
    if buried < 0 or (buried and eff != fx.DISCARD_ALL):
        return "only a Discard All lays cards under itself, and never fewer than none"
    laid = range(len(game.discard) - 1 - buried, len(game.discard) - 1)
    if any(
        game.discard_by[i] != offender or CARD_COLOR[game.discard[i]] != CARD_COLOR[c] for i in laid
    ):
        return f"the cards under the Discard All are seat {offender}'s, of its colour"
    return None


def _jump(game: Game) -> Problem:
    """The jump-in window on the card just played (§4.9): what a jump-in undoes of it."""
    undo = game.jump_undo
    if undo is None:
        return None
    rules = game.rules
    pre, moves = undo
    if not rules.jump_in or rules.realtime:
        return "jump", "jump-ins are off (option jump_in)"
    if game.phase not in (Phase.TURN, Phase.PENALTY) or game.out >= 0:
        return "jump", "the jump-in window closes once its card's player is out or play moves on"
    top = game.discard[-1]
    player = game.discard_by[-1]
    if player < 0:
        return "jump", "the jump-in window is on a card a seat played"
    if len(pre) != 12 or len(moves) != 3:
        return "jump", "the state before the card (12 numbers) and its hand moves (3)"
    direction, turn, phase, drawn, amount, chain, source, *flags = pre
    challenge, legal, returned, out, fire = flags
    n = game.n
    if direction not in (1, -1) or not 0 <= turn < n or not -1 <= out < n:
        return "jump", "the direction, turn and out seat before the card are out of range"
    if game.eliminated[turn]:
        return "jump", f"seat {turn} is eliminated: it held no window before the card"
    if any(flag not in (0, 1) for flag in (challenge, legal, returned, fire)):
        return "jump", "the penalty's flags before the card are 0 or 1"
    if phase not in (Phase.TURN, Phase.DRAWN, Phase.PENALTY):
        return "jump", "a card is played in the turn, drawn or penalty window"
    played = top if phase == Phase.DRAWN else -1
    if drawn != played and not (drawn >= 0 <= played and FACE[drawn] == FACE[played]):
        # (a card jumped in on it is identical: the same face, whatever its back, §8.12)
        return "jump", "the drawn card before the card is the card played from the drawn window"
    if phase == Phase.PENALTY:
        if not 1 <= chain <= len(rules.deck) or not -1 <= source < n or out not in (-1, source):
            return "jump", "the chain, source and out seat of the penalty before the card"
        counted = amount == 0 and not challenge if fire else 1 <= amount <= pending_limit(game)
        if not counted:
            return "jump", "the penalty before the card counts 1 card or more, or until one fires"
    elif (amount, chain, source, challenge, legal, returned, out, fire) != _NO_PENALTY:
        return "jump", "no penalty was pending before the card"
    eff, target, mult = moves
    if eff != _effect_of_top(game, played=True):
        return "jump", f"the effect to undo is the one of {CARD_TEXT[top]}"
    alike = sum(1 for c in _deck_now(game) if CARD_KIND[c] == CARD_KIND[top])
    if not 1 <= mult <= alike:
        return "jump", f"1 to {alike} cards of its kind were laid together, not {mult}"
    swaps = eff == fx.SWAP_HANDS or eff == fx.SEVEN_SWAP
    if target != -1 and (not swaps or not 0 <= target < n or target == player):
        return "jump", f"seat {target} is no seat its card swapped hands with"
    if eff == fx.SWAP_HANDS and target < 0:
        return "jump", "a swap of hands names the seat it swapped with"
    return None


def _known(game: Game) -> Problem:
    """What each seat has seen in another's hand is still there (``Game.known``); where
    holders do not see their backs, a seat's own cell holds its blind cards (``core.backs``):
    cards of the game, none in its hand dark side up (it would see it)."""
    every = Counter(game.all_cards()) if game.rules.hidden_backs else Counter[int]()
    for o, row in enumerate(game.known):
        for h, seen in enumerate(row):
            if not seen:
                continue
            key = f"{o}:{h}"
            if o == h and game.rules.hidden_backs:
                extra = Counter(seen) - every
                shown = [c for c in seen if DARK_UP[c] and c in game.hands[o]]
                if extra or shown:
                    c = min(extra) if extra else shown[0]
                    return "known", f"{key}: seat {o} cannot be blind to {CARD_TEXT[c]}"
                continue
            if o == h:
                return "known", f"{key}: a seat knows its own hand without it being said"
            extra = Counter(seen) - Counter(game.hands[h])
            if extra:
                texts = " ".join(CARD_TEXT[c] for c in sorted(extra.elements()))
                return "known", f"{key}: seat {h}'s hand does not hold {_short(texts)}"
    return None


def _blast(game: Game) -> Problem:
    """An open BLAST event (UNO Blast, §5.5) exactly in the blast phase: its card, the seats
    due to meet it (every seat that can, in resolution order), their hidden choices and the
    window it interrupted; and the draws it interrupted (``owed``)."""
    b = or_new(game.blast, game.n)
    if game.phase != Phase.BLAST:
        if b.card >= 0 or b.drawer >= 0 or b.due or b.chosen:
            return "blast", "a BLAST event is open only in the blast phase"
        return _owed(game)
    rules = game.rules
    c = b.card
    if c < 0:
        return "blast", "the blast phase has an open BLAST card"
    drawer = b.drawer
    if drawer != game.turn or game.eliminated[drawer]:
        return "blast.drawer", "the event's drawer is an active seat, and holds the turn"
    kind = CARD_KIND[c]
    wild = rules.numeral_wild
    due = [s for s in game.resolution_order(drawer) if can_meet(kind, game.hands[s], wild)]
    if b.due != due:
        return "blast.due", (
            f"the seats that can meet {KIND_CODES[kind]} are {due or 'none'}, in resolution "
            f"order, not {b.due}"
        )
    for s, chosen in b.chosen.items():
        if s not in due:
            return "blast.chosen", f"seat {s} is not due to meet the challenge"
        if list(chosen) != sorted(chosen) or not qualifies(kind, chosen, wild):
            return "blast.chosen", f"seat {s}'s cards do not meet {KIND_CODES[kind]} (sorted)"
        if Counter(chosen) - Counter(game.hands[s]):
            return "blast.chosen", f"seat {s}'s hand does not hold the cards it chose"
    if len(b.chosen) >= len(due):
        return "blast.chosen", "once every seat due has chosen, the event resolves"
    turn, phase, drawn = b.saved
    interrupted = _INTERRUPTED_LIVE if rules.realtime else _INTERRUPTED
    if not 0 <= turn < game.n or phase not in interrupted:
        return "blast.saved", "the window the event interrupted is out of range"
    if (phase == Phase.DRAWN) != (drawn >= 0) or drawn < -1:
        return "blast.saved", "a drawn card is saved exactly with the drawn window"
    if drawn >= 0 and drawn not in game.rules.deck:
        # (the drawn card may have been played since: its Múltiple Roba's draws opened the
        # event, and the drawn window lapses when it resolves, U-B-36)
        return "blast.saved", f"card id {drawn} is not a card of the deck"
    if not b.owed:
        return "owed", "a BLAST event interrupts draws: the draws it interrupted are owed"
    return _owed(game)


def _owed(game: Game) -> Problem:
    """Draws still owed (UNO Blast) only while an event interrupts them (or left over in a
    round that ended during the event), and what follows them."""
    b = or_new(game.blast, game.n)
    rules = game.rules
    n = game.n
    owed = b.owed
    if owed and (not rules.blast_draws or game.phase not in (Phase.BLAST, Phase.OVER)):
        return "owed", "draws are owed only while a BLAST event interrupts them"
    most = max(len(rules.deck), pending_limit(game))
    for seat, count, reason in owed:
        if not 0 <= seat < n:
            return "owed", _no_seat(seat, n, 0)
        if not (count in (UNTIL, ROUND) or 0 <= count <= most):
            return "owed", f"a number of cards 0 to {most} (or -1: until one plays), not {count}"
        if count == ROUND and not rules.realtime:
            return "owed", "only BLAST mode has draw rounds (-2)"
        if reason not in _REASONS:
            return "owed", f"unknown reason {reason!r}: one of {' '.join(sorted(_REASONS))}"
    what, seat = b.then
    if not owed:
        if (what, seat) != (THEN_KEEP, -1):
            return "then", "what follows owed draws is set only while draws are owed"
        return None
    if what in (THEN_KEEP, THEN_LIVE):
        if seat != -1 or (what == THEN_LIVE) != rules.realtime:
            return "then", f"({what}, {seat}) does not follow draws in {rules.name}"
    elif what in (THEN_NEXT, THEN_OUT):
        if not 0 <= seat < n:
            return "then", _no_seat(seat, n, 0)
        if what == THEN_OUT and game.phase != Phase.OVER and seat != game.out:
            return "then", f"seat {seat} wins once the draws are done only if it is out"
    else:
        return "then", f"0 to 3 (keep, next, out, live), not {what}"
    return None


def _live(game: Game) -> Problem:
    """BLAST mode's table (UNO Blast, §5.8): armed cards in their hands, the blocked seat,
    the locked colours, the last accepted card (the top one) and who paid its holding
    penalty; all empty in every other mode."""
    b = or_new(game.blast, game.n)
    rules = game.rules
    at, by, last = b.accepted
    if not rules.realtime:
        quiet = (
            all(c == -1 for c in b.armed)
            and b.blocked == -1
            and not b.lock
            and by == -1
            and last == -1
            and not b.paid
        )
        return None if quiet else ("live", "only UNO Blast's BLAST mode arms, blocks or locks")
    n = game.n
    for s, c in enumerate(b.armed):
        if c != -1 and (game.eliminated[s] or c not in game.hands[s]):
            return "live.armed", f"seat {s} arms a card it does not hold"
    if b.blocked >= 0 and game.eliminated[b.blocked]:
        return "live.blocked", f"seat {b.blocked} is eliminated"
    for col in b.lock:
        if col not in rules.colors:
            return "live.lock", f"{_color_name(col)} is not a colour of {rules.name}"
    if len(b.lock) > 1 and not rules.lock_until_wild:
        return "live.lock", "a lock covers one colour (blast.lock_scope=next_card)"
    if by == -1:
        if last != -1 or at != -math.inf or b.paid:
            return "live.accepted", "no card is accepted yet: no time, card or payer"
        return None
    if not 0 <= by < n or last != game.discard[-1] or game.discard_by[-1] != by:
        return "live.accepted", "the last accepted card is the top card, with its player"
    if not (math.isfinite(at) or at == -math.inf):
        return "live.accepted", f"a finite time in ms, not {at}"
    paid = b.paid
    if not paid or paid[0] != by or len(set(paid)) != len(paid):
        return "live.paid", f"seat {by}, then each seat that drew the holding penalty, once"
    if any(not 0 <= s < n for s in paid):
        return "live.paid", "a seat out of range"
    return None


def _launcher(game: Game) -> Problem:
    """UNO Attack's launcher replaces the draw pile exactly where the variant has one."""
    mode = game.rules.launcher
    launcher = game.launcher
    if launcher is None or not mode:
        if launcher is None and not mode:
            return None
        return "launcher", f"{game.rules.name} " + ("has a launcher" if mode else "has none")
    most = _LAUNCHER_MAX.get(mode, LIMIT)
    if launcher.mode != mode or not 0 <= launcher.state <= most:
        return "launcher", f"the {mode} launcher's state is 0 to {most}, not {launcher.state}"
    return None


def _acting(game: Game) -> Problem:
    """A round that goes on has a seat that can act: the window's seat has an action."""
    phase = game.phase
    # an event's due seats: ``_blast``; live play: arming or any action starts a draw round
    # if nobody can play (``core.blast.machinery.go_on``)
    if phase in (Phase.OVER, Phase.BLAST, Phase.LIVE):
        return None
    if not game.legal_actions(game.turn):
        return "turn", f"seat {game.turn} has nothing to do in the {PHASE_NAMES[phase]} window"
    return None


_STEPS = (
    _shape,
    _cards,
    _phase,
    _blast,
    _top,
    _penalty,
    _drawn,
    _windows,
    _known,
    _live,
    _launcher,
    _acting,
)


# -- helpers -------------------------------------------------------------------------------
def _deck_now(game: Game) -> tuple[int, ...]:
    """The deck as it lies: two-faced cards on the side the top card shows (§8.8: a table
    turns over whole)."""
    deck = game.rules.deck
    if game.rules.two_faced and game.discard and DARK_UP[game.discard[-1]]:
        return tuple(TWIN[c] for c in deck)
    return deck


def _phase_of(game: Game) -> Phase:
    """The phase whose rules the state keeps: in a BLAST event, the window it interrupted."""
    b = or_new(game.blast, game.n)
    if game.phase == Phase.BLAST:
        return Phase(b.saved[1])
    return game.phase


def _effect_of_top(game: Game, played: bool = False) -> int:
    """The effect of the top card as it landed: its own, a copying Blank's copy, and (with
    ``played``) a Numeral's own rather than the number it counts as."""
    effect = game.rules.effect
    own = effect[CARD_KIND[game.discard[-1]]]
    if played and own == fx.NUMERAL:
        return own
    return effect[game.top_kind]


def _no_seat(value: int, n: int, low: int) -> str:
    """The complaint about a seat number out of range."""
    none = " (-1: none)" if low < 0 else ""
    return f"seat {value} does not exist: seats are 0 to {n - 1}{none}"


def _color_name(color: int) -> str:
    return COLOR_NAMES[color] if 0 <= color < len(COLOR_NAMES) else "none"


def _short(text: str) -> str:
    """A long list of cards, cut for a one-line message."""
    return text if len(text) <= 80 else text[:77] + "..."
