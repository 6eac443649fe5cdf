"""Positions from text, and back (docs/notation.md), for tests, docs and puzzles.

A position is a few ``key: value`` lines (or ``;``-separated on one line), after an
optional first line with the preset::

    classic
    hands: R3 W+4 | G7 B2 | Y1
    top: R5@2
    turn: 0

Cards the position does not place come from the rest of the variant's deck: they form the
draw pile in a seeded order, or, when ``draw:`` is given, lie under the discard pile. A
position never has more copies of a card than the deck.

``position_text`` writes every part of a state (the PRNG, eliminated seats, an open BLAST
event, the jump-in window, what each seat has seen...), each key only where it differs from
what ``position`` assumes without it, so ``position(position_text(game))`` is ``game``
exactly: the same saved state (``core.codec``).
"""

from __future__ import annotations

import math
import re
from collections import Counter

from . import effects as fx
from .blast.challenges import can_meet
from .blast.owed import ROUND, THEN_KEEP, THEN_LIVE, THEN_NEXT, THEN_OUT, UNTIL
from .blast.part import FIELDS as PART_FIELDS
from .blast.part import BlastPart, or_new
from .cards import (
    CARD_COLOR,
    CARD_IS_WILD,
    CARD_KIND,
    CARD_TEXT,
    COLOR_LETTERS,
    KIND_IS_WILD,
    NO_COLOR,
    card,
    card_of,
    cards,
    color,
)
from .errors import NotationError
from .game import Game, Phase
from .integrity import check
from .options import shown
from .phase import PHASE_NAMES
from .setup import compiled, resolve_preset
from .state import FIELDS

KEYS = (
    "players", "hands", "top", "discard", "draw", "dealer", "turn", "direction",
    "pending", "drawn", "declare", "uno", "seed", "launcher", "armed", "blocked", "lock",
    "winner", "eliminated", "buried", "spent", "said", "known", "illegal", "jump", "landed",
    "version", "strict", "accepted", "paid", "blast", "chosen", "resume", "owed", "then",
)  # fmt: skip
#: The keys of a position that set each field ``core.integrity`` checks, for its messages.
NAMES = {
    "players": "players", "cards": "hands", "out": "hands", "discard_by": "discard",
    "color": "top", "top_kind": "top", "penalty": "pending", "pen_until": "pending",
    "uno_open": "uno", "said_uno": "said", "color_next": "declare", "rng": "seed",
    "live.armed": "armed", "live.blocked": "blocked", "live.lock": "lock",
    "live.accepted": "accepted", "live.paid": "paid", "blast.card": "blast",
    "blast.drawer": "blast", "blast.due": "blast", "blast.chosen": "chosen",
    "blast.saved": "resume",
}  # fmt: skip
#: The keys that set only UNO Blast's part of the state (``core.blast.part``): refused for
#: another rule set.
_PART_KEYS = tuple(
    k
    for k in KEYS
    if any(k in f.position for f in PART_FIELDS) and not any(k in f.position for f in FIELDS)
)
#: The most digits a number of a position may have (a seed is 64-bit: 20 digits).
_DIGITS = 24
#: A time in milliseconds as Python writes a float (``repr``): BLAST mode's accepted card.
_TIME = re.compile(r"-?(0|[1-9][0-9]{0,19})(\.[0-9]{1,20})?(e[-+][0-9]{1,3})?")
#: What follows owed draws (``then``), by name.
_THEN = {"keep": THEN_KEEP, "next": THEN_NEXT, "out": THEN_OUT, "live": THEN_LIVE}
#: The number of cards an owed draw counts, where it is not a number.
_OWED_COUNTS = {"until": UNTIL, "round": ROUND}


def _parse_lines(text: str) -> tuple[str, dict[str, str]]:
    preset = "classic"
    fields: dict[str, str] = {}
    parts = [p.strip() for line in text.splitlines() for p in line.split(";")]
    for i, part in enumerate([p for p in parts if p and not p.startswith("#")]):
        key, colon, value = part.partition(":")
        key = key.strip()
        if i == 0 and (not colon or key not in KEYS):
            preset = part
            continue
        if key not in KEYS:
            raise NotationError(f"position: {shown(key)}: unknown key; keys are: {', '.join(KEYS)}")
        if key in fields:
            raise NotationError(f"position: {key}: given twice")
        fields[key] = value.strip()
    if "hands" not in fields or "top" not in fields:
        raise NotationError("position: 'hands:' and 'top:' are required")
    windows = [k for k in ("pending", "drawn", "declare") if k in fields]
    if len(windows) > 1:
        raise NotationError(
            f"position: {windows[0]}: '{windows[0]}' and '{windows[1]}' exclude each other: "
            "the turn holder faces one window (a penalty, a drawn card or the first colour)"
        )
    return preset, fields


def _number(text: str, key: str, *, signed: bool = False) -> int:
    """A whole number written in decimal digits (a ``-`` first where ``signed``)."""
    digits = text[1:] if signed and text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > _DIGITS:
        kind = "an integer" if signed else "a whole number"
        raise NotationError(f"position: {key}: {kind}, not {shown(text)}")
    return int(text)


def _seat(text: str, n: int, key: str) -> int:
    """A seat number of ``key``."""
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > _DIGITS:
        raise NotationError(f"position: {key}: a seat number, not {shown(text)}")
    s = int(text)
    if not 0 <= s < n:
        raise NotationError(f"position: {key}: {s} is not a seat (0 to {n - 1})")
    return s


def _seats(text: str, n: int, key: str) -> list[int]:
    """A list of seats of ``key``, each listed once."""
    out: list[int] = []
    for word in text.split():
        s = _seat(word, n, key)
        if s in out:
            raise NotationError(f"position: {key}: seat {s} is listed twice")
        out.append(s)
    return out


def _cards(text: str, key: str) -> list[int]:
    """A card list of ``key``, its errors naming the key."""
    try:
        return cards(text)
    except NotationError as exc:
        raise NotationError(f"position: {key}: {exc}") from None


def _card(text: str, key: str) -> int:
    try:
        return card(text)
    except NotationError as exc:
        raise NotationError(f"position: {key}: {exc}") from None


def _color(letter: str, key: str) -> int:
    try:
        return color(letter)
    except NotationError as exc:
        raise NotationError(f"position: {key}: {exc}") from None


def _direction(text: str, key: str) -> int:
    if text not in ("cw", "ccw", "+1", "-1", "1"):
        raise NotationError(f"position: {key}: cw or ccw, not {shown(text)}")
    return -1 if text in ("ccw", "-1") else 1


def position(text: object) -> Game:
    """A game in the position written in ``text``; ``NotationError`` naming the key for a
    position that does not parse or that no game can reach (``core.integrity``). (``text``
    is typed ``object``: the compiled build would refuse anything else with a bare
    ``TypeError``.)"""
    if not isinstance(text, str):
        raise NotationError(f"position: a text, not {type(text).__name__}")
    preset, f = _parse_lines(text)
    variant, options = resolve_preset(preset)
    n = _number(f["players"], "players") if "players" in f else f["hands"].count("|") + 1
    variant.check_players(n)  # before anything is built for n seats
    hands = [_cards(h, "hands") for h in f["hands"].split("|")]
    if len(hands) != n:
        raise NotationError(f"position: players: {len(hands)} hands for {n} players")
    game = Game(compiled(variant, options), n, _number(f.get("seed", "0"), "seed", signed=True))
    game.hands = hands
    for s in _seats(f.get("eliminated", ""), n, "eliminated"):
        game.eliminated[s] = True
    game.active = n - sum(game.eliminated)
    if not game.active:  # (before any seat is counted round the table)
        raise NotationError("position: eliminated: every seat is eliminated")

    over = "winner" in f
    open_colour = "declare" in f or over or "pending" in f
    top, top_by = _top(game, f["top"], n, open_colour=open_colour, declaring="declare" in f)
    below, below_by = _discards(f.get("discard", ""), n)
    draw = _cards(f["draw"], "draw") if "draw" in f else None
    game.buried = _cards(f.get("buried", ""), "buried")
    b = game.blast
    if b is None:
        only = [k for k in _PART_KEYS if k in f]
        if only:
            raise NotationError(f"position: {only[0]}: only for UNO Blast")
        b = BlastPart(n)  # (none of its fields written: an empty pile, nothing open)
    b.spent = _cards(f.get("spent", ""), "spent")
    event = [_card(f["blast"], "blast")] if "blast" in f else []

    placed = Counter([c for h in hands for c in h]) + Counter(below) + Counter([top])
    placed += Counter(draw or []) + Counter(game.buried) + Counter(b.spent) + Counter(event)
    rest = Counter(game.rules.deck)
    rest.subtract(placed)
    extra = [CARD_TEXT[c] for c, k in rest.items() if k < 0]
    if extra:
        raise NotationError(
            f"position: more copies than the {variant.name} deck has of: {' '.join(extra)}"
        )
    leftover = sorted(rest.elements())
    if draw is None:
        game.rng.shuffle(leftover)
        game.draw_pile = leftover
        game.discard = [*below, top]
    else:
        game.draw_pile = draw
        game.discard = [*leftover, *below, top]
    game.discard_by = [-1] * (len(game.discard) - 1 - len(below)) + below_by + [top_by]

    game.dealer = _seat(f.get("dealer", str(n - 1)), n, "dealer")
    game.turn = _seat(f.get("turn", str(game.left_of(game.dealer))), n, "turn")
    game.direction = _direction(f.get("direction", "cw"), "direction")
    if game.rules.realtime and ("pending" in f or "declare" in f):
        key = "pending" if "pending" in f else "declare"
        raise NotationError(f"position: {key}: BLAST mode has no turns, so no {key} window")
    if "pending" in f:
        game.phase = Phase.PENALTY
        _pending(game, f["pending"], top_by)
    if "drawn" in f:
        drawn = _card(f["drawn"], "drawn")
        if not over:  # (a round that ended with the drawn card's play keeps its id)
            if drawn not in hands[game.turn]:
                raise NotationError(
                    f"position: drawn: {f['drawn']} is not in seat {game.turn}'s hand"
                )
            game.phase = Phase.DRAWN
        game.drawn = drawn
    if "declare" in f:
        game.color_next = _seat(f["declare"], n, "declare")
        if not over:
            game.phase = Phase.COLOR
    if "launcher" in f:
        if game.launcher is None:
            raise NotationError(f"position: launcher: {variant.name} has no launcher")
        game.launcher.state = _number(f["launcher"], "launcher")
    _live(game, b, f, n)
    _windows(game, f, n)
    _history(game, f, n)
    _event(game, b, f, n)
    _owed(b, f, n)
    _end(game, f)
    _no_self_target(game)
    check(game, "position", NAMES)
    return game


def _discards(text: str, n: int) -> tuple[list[int], list[int]]:
    """The cards under the top, bottom first, each ``CARD`` or ``CARD@SEAT`` (who played
    it; BLAST mode's Reversa reads it); and who played each (-1: nobody said)."""
    below: list[int] = []
    by: list[int] = []
    for word in text.split():
        if word == "-":  # nothing
            continue
        name, _, seat = word.partition("@")
        below.append(_card(name, "discard"))
        by.append(-1 if seat in ("", "-") else _seat(seat, n, "discard"))
    return below, by


def _live(game: Game, b: BlastPart, f: dict[str, str], n: int) -> None:
    """BLAST mode (UNO Blast, §5.8): play is live (unless a drawn card must be played);
    ``armed: SEAT=CARD ...``, ``blocked: SEAT``, ``lock: COLOURS``, ``accepted: TIME``
    (the top card's, or ``untimed``) and ``paid: SEAT ...``."""
    keys = [k for k in ("armed", "blocked", "lock", "accepted", "paid") if k in f]
    if not game.rules.realtime:
        if keys:
            raise NotationError(f"position: {keys[0]}: only for UNO Blast's BLAST mode")
        return
    if game.phase == Phase.TURN:
        game.phase = Phase.LIVE
    for word in f.get("armed", "").split():
        seat_text, _, name = word.partition("=")
        seat = _seat(seat_text, n, "armed")
        c = _card(name, "armed")
        if b.armed[seat] >= 0:
            raise NotationError(f"position: armed: seat {seat} arms one card, not two")
        if c not in game.hands[seat]:
            raise NotationError(f"position: armed: seat {seat} does not hold its armed card {name}")
        b.armed[seat] = c
    if "blocked" in f:
        b.blocked = _seat(f["blocked"], n, "blocked")
    b.lock = [_color(letter, "lock") for letter in f.get("lock", "")]
    if "accepted" in f:
        b.accepted = (_time(f["accepted"]), game.discard_by[-1], game.discard[-1])
    b.paid = _seats(f.get("paid", ""), n, "paid")


def _time(text: str) -> float:
    """The arrival time of BLAST mode's last accepted card: milliseconds, or ``untimed``
    (a card played without a time)."""
    if text == "untimed":
        return -math.inf
    at = float(text) if _TIME.fullmatch(text) else math.nan
    if not math.isfinite(at):
        raise NotationError(f"position: accepted: a time in ms or 'untimed', not {shown(text)}")
    return at


def _windows(game: Game, f: dict[str, str], n: int) -> None:
    """The optional windows: ``uno`` (open UNO windows), ``said`` (seats that declared
    UNO), ``illegal`` (the catch window on an illegal play on top: what a catch restores)
    and ``jump`` (the jump-in window on the top card: what a jump-in undoes)."""
    for seat in _seats(f.get("uno", ""), n, "uno"):
        if len(game.hands[seat]) != 1:
            raise NotationError(f"position: uno: an UNO window on seat {seat} needs a 1-card hand")
        game.uno_open.append(seat)
    for seat in _seats(f.get("said", ""), n, "said"):
        game.said_uno[seat] = True
    if "illegal" in f:
        game.illegal = _illegal(game, f["illegal"], n)
    if "jump" in f:
        game.jump_undo = _jump(game, f["jump"], n)


def _illegal(game: Game, text: str, n: int) -> tuple[int, int, int, int, int, int, int]:
    """The catch window on the illegal play on top: what a catch restores, ``CARD DIRECTION
    [swap SEAT] [under N]`` (the seat its swap named; the cards a Discard All laid under it)."""
    words = text.split()
    if len(words) < 2:
        raise NotationError(
            f"position: illegal: the card a catch restores and the direction (R7 cw), not "
            f"{shown(text)}"
        )
    restored, kind = _model(words[0], "illegal")
    direction = _direction(words[1], "illegal")
    rest = words[2:]
    swapped, buried = -1, 0
    if rest[:1] == ["swap"] and len(rest) > 1:
        swapped, rest = _seat(rest[1], n, "illegal"), rest[2:]
    if rest[:1] == ["under"] and len(rest) > 1:
        buried, rest = _number(rest[1], "illegal"), rest[2:]
    if rest:
        raise NotationError(
            f"position: illegal: {shown(' '.join(rest))} is not 'swap SEAT' or 'under N'"
        )
    top, by = game.discard[-1], game.discard_by[-1]
    return (by, top, restored, kind, direction, swapped, buried)


def _model(text: str, key: str) -> tuple[int, int]:
    """The colour and kind a card counts as, written as that card (a wild with its colour:
    ``W:G``)."""
    name, colon, declared = text.partition(":")
    model = _card(name, key)
    if CARD_IS_WILD[model] != bool(colon):
        raise NotationError(
            f"position: {key}: a wild with its colour (W:G) or a coloured card, not {shown(text)}"
        )
    shade = _color(declared, key) if colon else CARD_COLOR[model]
    return shade, CARD_KIND[model]


def _jump(game: Game, text: str, n: int) -> tuple[tuple[int, ...], tuple[int, int, int]]:
    """The jump-in window on the top card (``jump_in``): the window before it was played
    and its hand moves, ``DIRECTION SEAT WINDOW [swap SEAT] [xN]``; the window is ``turn``,
    ``drawn`` (the top card was the drawn card) or ``pending PENALTY @SOURCE [out]``."""
    words = text.split()
    if len(words) < 3:
        raise NotationError(
            f"position: jump: 'DIRECTION SEAT turn|drawn|pending ...', not {shown(text)}"
        )
    direction = _direction(words[0], "jump")
    turn = _seat(words[1], n, "jump")
    window, rest = words[2], words[3:]
    drawn, source, out = -1, -1, -1
    penalty = (0, 0, False, True, False, fx.PEN_COUNT)
    if window == "turn":
        phase = Phase.TURN
    elif window == "drawn":
        phase, drawn = Phase.DRAWN, game.discard[-1]
    elif window == "pending":
        at = next((i for i, w in enumerate(rest) if w.startswith("@")), len(rest))
        phase = Phase.PENALTY
        penalty = _penalty(rest[:at], "jump")
        if at == len(rest):
            raise NotationError("position: jump: the penalty before the card needs its '@SOURCE'")
        by = rest[at][1:]
        source = -1 if by == "-" else _seat(by, n, "jump")
        rest = rest[at + 1 :]
        if rest[:1] == ["out"]:
            out, rest = source, rest[1:]
    else:
        raise NotationError(f"position: jump: the window is turn, drawn or pending, not {window}")
    target = -1
    if rest[:1] == ["swap"] and len(rest) > 1:
        target, rest = _seat(rest[1], n, "jump"), rest[2:]
    mult = 1
    if len(rest) == 1 and rest[0].startswith("x"):
        mult, rest = _number(rest[0][1:], "jump"), []
    if rest:
        raise NotationError(f"position: jump: {shown(' '.join(rest))} is not 'swap SEAT' or 'xN'")
    amount, chain, challenge, legal, returned, until = penalty
    before = (
        direction, turn, int(phase), drawn, amount, chain, source, int(challenge), int(legal),
        int(returned), out, until,
    )  # fmt: skip
    return before, (_landed_effect(game), target, mult)


def _landed_effect(game: Game) -> int:
    """The effect of the top card as it landed (a Numeral's own, not its number's)."""
    effect = game.rules.effect
    own = effect[CARD_KIND[game.discard[-1]]]
    return own if own == fx.NUMERAL else effect[game.top_kind]


def _history(game: Game, f: dict[str, str], n: int) -> None:
    """What the round's past left: ``known`` (cards each seat has seen in another's hand),
    ``landed`` and ``version`` (cards landed and actions applied) and ``strict`` (the first
    turn restricted to a colour, UNO Attack's A-7)."""
    for word in f.get("known", "").split():
        pair, _, names = word.partition("=")
        seer, colon, holder = pair.partition(":")
        if not colon:
            raise NotationError(f"position: known: 'SEAT:SEAT=CARD,CARD', not {shown(word)}")
        o, h = _seat(seer, n, "known"), _seat(holder, n, "known")
        seen = _cards(names.replace(",", " "), "known")
        if game.known[o][h] or not seen:
            raise NotationError(f"position: known: {o}:{h} lists its cards once, not {shown(word)}")
        game.known[o][h] = seen
    game.landed = _number(f.get("landed", "0"), "landed")
    game.version = _number(f.get("version", "0"), "version")
    if "strict" in f:
        game.strict = _color(f["strict"], "strict")


def _event(game: Game, b: BlastPart, f: dict[str, str], n: int) -> None:
    """An open BLAST event (UNO Blast, §5.5): ``blast`` (its card, drawn by ``turn``),
    ``chosen`` (the sets chosen so far) and ``resume`` (the window it interrupted)."""
    if "blast" not in f:
        for key in ("chosen", "resume"):
            if key in f:
                raise NotationError(f"position: {key}: only with an open BLAST event ('blast:')")
    else:
        c = _card(f["blast"], "blast")
        never = game.rules.never_dealt
        if not (never and never[c]):
            raise NotationError(f"position: blast: {f['blast']} is not a BLAST card")
        drawer = game.turn
        kind, wild = CARD_KIND[c], game.rules.numeral_wild
        b.card, b.drawer = c, drawer
        b.due = [s for s in game.resolution_order(drawer) if can_meet(kind, game.hands[s], wild)]
        for word in f.get("chosen", "").split():
            seat_text, _, names = word.partition("=")
            seat = _seat(seat_text, n, "chosen")
            if seat in b.chosen:
                raise NotationError(f"position: chosen: seat {seat} chooses once")
            b.chosen[seat] = tuple(_cards(names.replace(",", " "), "chosen"))
        phase = Phase.LIVE if game.rules.realtime else Phase.TURN
        b.saved = _resume(f["resume"], n) if "resume" in f else (drawer, int(phase), -1)
        game.phase = Phase.BLAST


def _owed(b: BlastPart, f: dict[str, str], n: int) -> None:
    """The draws a BLAST event interrupted, in order, ``owed: SEAT:CARDS:REASON ...`` (cards
    ``until`` one plays, or a draw ``round``), and what follows them, ``then``."""
    for word in f.get("owed", "").split():
        parts = word.split(":")
        if len(parts) != 3:
            raise NotationError(f"position: owed: 'SEAT:CARDS:REASON', not {shown(word)}")
        number = _OWED_COUNTS.get(parts[1])
        count = _number(parts[1], "owed") if number is None else number
        b.owed.append((_seat(parts[0], n, "owed"), count, parts[2]))
    if "then" in f:
        what, _, whom = f["then"].partition(" ")
        if what not in _THEN or (what in ("next", "out")) != bool(whom):
            raise NotationError(
                f"position: then: keep, live, next SEAT or out SEAT, not {shown(f['then'])}"
            )
        b.then = (_THEN[what], _seat(whom, n, "then") if whom else -1)


def _resume(text: str, n: int) -> tuple[int, int, int]:
    """The window a BLAST event interrupted: ``PHASE SEAT [CARD]`` (``drawn 2 R7``)."""
    words = text.split()
    if not 2 <= len(words) <= 3 or words[0] not in PHASE_NAMES:
        raise NotationError(
            f"position: resume: a window and its seat (turn 2, drawn 2 R7), not {shown(text)}"
        )
    drawn = _card(words[2], "resume") if len(words) == 3 else -1
    return _seat(words[1], n, "resume"), PHASE_NAMES.index(words[0]), drawn


def _top(game: Game, text: str, n: int, *, open_colour: bool, declaring: bool) -> tuple[int, int]:
    """Read ``CARD[=COUNTS_AS][:COLOUR]@SEAT``; set the active colour and kind. A wild's
    colour may be left open only where ``open_colour``: while it is declared (``declaring``),
    after a penalty from the first card, and in a round that ended first."""
    body, _, by = text.partition("@")
    body, _, declared = body.partition(":")
    name, _, counts_as = body.partition("=")
    top = _card(name, "top")
    never = game.rules.never_dealt
    if never and never[top]:
        raise NotationError(f"position: top: {name} is a BLAST card: they are never played")
    model = _card(counts_as, "top") if counts_as else top
    game.top_kind = CARD_KIND[model]
    if not CARD_IS_WILD[model]:
        if declared:
            raise NotationError(
                f"position: top: {body} is not a wild: its colour is its own, not {declared}"
            )
        if declaring:
            raise NotationError(
                f"position: declare: the first card {body} has its colour: only a wild's "
                "colour is declared"
            )
        game.color = CARD_COLOR[model]
    elif declared:
        if declaring:
            raise NotationError(
                f"position: declare: the wild {body} is written without a colour: its "
                "colour is still to be declared"
            )
        game.color = _color(declared, "top")
    elif not open_colour:
        raise NotationError(f"position: top: the wild top card {body} needs a colour ({body}:G)")
    top_by = -1 if by in ("", "-") else _seat(by, n, "top")
    return top, top_by


def _end(game: Game, f: dict[str, str]) -> None:
    """``winner``: the round is over. Without it, an empty hand (of a seat not eliminated)
    is out, its last card's penalty pending (or a BLAST event interrupting what follows it),
    or else it won."""
    n = game.n
    empty = [s for s, h in enumerate(game.hands) if not h and not game.eliminated[s]]
    if "winner" in f:
        winner = _seat(f["winner"], n, "winner")
        if game.eliminated[winner]:
            raise NotationError(f"position: winner: seat {winner} is eliminated")
        others = [s for s in empty if s != winner]
        if others:
            raise NotationError(
                f"position: winner: seat {others[0]}'s hand is empty: it won, not seat {winner}"
            )
        game.phase, game.winner = Phase.OVER, winner
        return
    if not empty:
        return
    if len(empty) > 1:
        raise NotationError(f"position: hands: only one hand may be empty, not seats {empty}")
    seat = empty[0]
    if game.phase == Phase.BLAST or (game.phase == Phase.PENALTY and game.pen_source == seat):
        game.out = seat
        return
    windows = [k for k in ("pending", "drawn", "declare", "uno") if k in f]
    if windows:
        raise NotationError(
            f"position: {windows[0]}: seat {seat}'s hand is empty, so the round is over"
        )
    game.phase, game.winner = Phase.OVER, seat


def _no_self_target(game: Game) -> None:
    """A seat is never the target of its own card: a draw penalty faces another seat than
    the one that played it (RULES.md E-1: the next seat, or the one a chain, a Boomerang or
    a revive sends it to; of the rules' variants only No Mercy's two-player Wild Reverse
    Draw 4, NM-8, aims at its player, and it is not played here), and a Bloqueo blocks the
    seat after its player (§5.8), whose card stays on top until another seat's card is
    accepted."""
    b = or_new(game.blast, game.n)
    source = game.pen_source
    if source >= 0:
        victim = b.saved[0] if game.phase == Phase.BLAST else game.turn
        if victim == source:
            raise NotationError(
                f"position: pending: seat {source} played the top card, so its penalty faces "
                "another seat, not its own player"
            )
    player = game.discard_by[-1]
    if b.blocked >= 0 and b.blocked == player:
        raise NotationError(
            f"position: blocked: seat {player} played the top card: a Bloqueo blocks the "
            "seat after its player, never its player"
        )


def _penalty(words: list[str], key: str) -> tuple[int, int, bool, bool, bool, int]:
    """A draw penalty, ``take N [illegal]``, ``fire``, ``color legal|illegal`` or
    ``challenge N legal|illegal``, then ``[returned] [chain K]``: its amount, chain, whether
    it is challengeable, whether the wild draw card was legal, whether a Boomerang returned
    it and how it is drawn (``effects.PEN_*``: until it fires, until the active colour)."""
    head = words[:1]
    legal = True
    if head == ["fire"]:
        amount, rest = 0, words[1:]
    elif head == ["color"]:
        amount, verdict, rest = 0, words[1:2], words[2:]
        if verdict not in (["legal"], ["illegal"]):
            raise NotationError(f"position: {key}: 'color' must say legal or illegal")
        legal = verdict == ["legal"]
    elif head in (["take"], ["challenge"]) and len(words) > 1:
        amount, rest = _number(words[1], key), words[2:]
        if head == ["challenge"] or rest[:1] == ["illegal"]:
            verdict = rest[:1]
            if verdict not in (["legal"], ["illegal"]):
                raise NotationError(f"position: {key}: 'challenge N' must say legal or illegal")
            legal, rest = verdict == ["legal"], rest[1:]
    else:
        raise NotationError(
            f"position: {key}: 'take N', 'fire', 'color legal|illegal' or 'challenge N "
            "legal|illegal' (then "
            f"'returned', 'chain K'), not {shown(' '.join(words))}"
        )
    returned = rest[:1] == ["returned"]
    rest = rest[1:] if returned else rest
    chain = 1
    if len(rest) == 2 and rest[0] == "chain":
        chain, rest = _number(rest[1], key), []
    if rest:
        raise NotationError(
            f"position: {key}: {shown(' '.join(rest))}: only 'returned' and 'chain K' follow"
        )
    until = fx.PEN_FIRE if head == ["fire"] else fx.PEN_COLOR if head == ["color"] else 0
    return amount, chain, head in (["challenge"], ["color"]), legal, returned, until


def _pending(game: Game, text: str, source: int) -> None:
    """``pending``: the draw penalty the turn holder faces, from the top card's player."""
    amount, chain, challenge, legal, returned, until = _penalty(text.split(), "pending")
    game.pen_amount, game.pen_chain, game.pen_source = amount, chain, source
    game.pen_challenge, game.pen_legal = challenge, legal
    game.pen_returned, game.pen_until = returned, until


def _penalty_text(
    amount: int, chain: int, challenge: bool, legal: bool, returned: bool, until: int
) -> str:
    if until == fx.PEN_FIRE:
        words = ["fire"]
    elif until == fx.PEN_COLOR:
        words = ["color", "legal" if legal else "illegal"]
    elif challenge:
        words = ["challenge", str(amount), "legal" if legal else "illegal"]
    else:
        words = ["take", str(amount), *([] if legal else ["illegal"])]
    words += ["returned"] if returned else []
    words += ["chain", str(chain)] if chain != 1 else []
    return " ".join(words)


def position_text(game: Game) -> str:
    """The position of ``game`` in the notation: all of its state (``position`` reads it
    back exactly)."""
    rules = game.rules
    specs = rules.variant.specs
    changed = [
        f"+{k}={specs[k].format(v)}" for k, v in rules.options.items() if v != specs[k].default
    ]
    top = game.top
    top_text = CARD_TEXT[top]
    model = top
    if game.top_kind != CARD_KIND[top]:
        wild = KIND_IS_WILD[game.top_kind]
        model = card_of(NO_COLOR if wild else game.color, game.top_kind)
        top_text += "=" + CARD_TEXT[model]
    if CARD_IS_WILD[model] and game.color >= 0:
        top_text += f":{COLOR_LETTERS[game.color]}"
    by = game.discard_by[-1]
    b = or_new(game.blast, game.n)
    lines = [
        rules.variant.name + "".join(changed),
        "hands: " + " | ".join(" ".join(CARD_TEXT[c] for c in h) or "-" for h in game.hands),
        f"top: {top_text}@{by if by >= 0 else '-'}",
        "discard: "
        + (
            " ".join(
                CARD_TEXT[c] + (f"@{b}" if b >= 0 else "")
                for c, b in zip(game.discard[:-1], game.discard_by[:-1], strict=True)
            )
            or "-"
        ),
        "draw: " + (" ".join(CARD_TEXT[c] for c in game.draw_pile) or "-"),
        f"dealer: {game.dealer}",
        f"turn: {game.turn}",
        f"direction: {'cw' if game.direction == 1 else 'ccw'}",
    ]
    pairs = (
        ("seed", str(game.rng.state) if game.rng.state else ""),
        ("winner", str(game.winner) if game.phase == Phase.OVER else ""),
        ("eliminated", _seats_text(game.eliminated)),
        ("buried", " ".join(CARD_TEXT[c] for c in game.buried)),
        ("spent", " ".join(CARD_TEXT[c] for c in b.spent)),
        ("pending", _pending_of(game)),
        ("drawn", CARD_TEXT[game.drawn] if game.drawn >= 0 else ""),
        ("declare", str(game.color_next) if game.color_next >= 0 else ""),
        ("uno", " ".join(str(s) for s in game.uno_open)),
        ("said", _seats_text(game.said_uno)),
        ("known", _known_text(game)),
        ("illegal", _illegal_text(game)),
        ("jump", _jump_text(game)),
        ("landed", str(game.landed) if game.landed else ""),
        ("version", str(game.version) if game.version else ""),
        ("strict", COLOR_LETTERS[game.strict] if game.strict >= 0 else ""),
        ("launcher", str(game.launcher.state) if game.launcher is not None else ""),
        ("armed", " ".join(f"{s}={CARD_TEXT[c]}" for s, c in enumerate(b.armed) if c >= 0)),
        ("blocked", str(b.blocked) if b.blocked >= 0 else ""),
        ("lock", "".join(COLOR_LETTERS[c] for c in b.lock)),
        ("accepted", _accepted_text(b)),
        ("paid", " ".join(str(s) for s in b.paid)),
        *_event_pairs(b),
    )
    lines += [f"{key}: {value}" for key, value in pairs if value]
    return "\n".join(lines)


def _seats_text(flags: list[bool]) -> str:
    return " ".join(str(s) for s, flag in enumerate(flags) if flag)


def _pending_of(game: Game) -> str:
    """The pending penalty (none: every penalty field cleared)."""
    fields = (game.pen_amount, game.pen_chain, game.pen_challenge, game.pen_legal)
    if fields == (0, 0, False, True) and not (game.pen_returned or game.pen_until):
        return ""
    return _penalty_text(*fields, game.pen_returned, game.pen_until)


def _known_text(game: Game) -> str:
    return " ".join(
        f"{o}:{h}=" + ",".join(CARD_TEXT[c] for c in seen)
        for o, row in enumerate(game.known)
        for h, seen in enumerate(row)
        if seen
    )


def _model_text(shade: int, kind: int) -> str:
    """A colour and kind as the card that has them (``_model``)."""
    if KIND_IS_WILD[kind]:
        return CARD_TEXT[card_of(NO_COLOR, kind)] + f":{COLOR_LETTERS[shade]}"
    return CARD_TEXT[card_of(shade, kind)]


def _illegal_text(game: Game) -> str:
    if game.illegal is None:
        return ""
    _, _, shade, kind, direction, swapped, buried = game.illegal
    words = [_model_text(shade, kind), "cw" if direction == 1 else "ccw"]
    words += ["swap", str(swapped)] if swapped >= 0 else []
    words += ["under", str(buried)] if buried else []
    return " ".join(words)


def _jump_text(game: Game) -> str:
    if game.jump_undo is None:
        return ""
    before, (_, target, mult) = game.jump_undo
    direction, turn, phase, _, amount, chain, source, *flags = before
    challenge, legal, returned, out, until = flags
    words = ["cw" if direction == 1 else "ccw", str(turn), PHASE_NAMES[phase]]
    if phase == Phase.PENALTY:
        penalty = _penalty_text(amount, chain, bool(challenge), bool(legal), bool(returned), until)
        words = [*words[:2], "pending", penalty, f"@{source if source >= 0 else '-'}"]
        words += ["out"] if out >= 0 else []
    words += ["swap", str(target)] if target >= 0 else []
    words += [f"x{mult}"] if mult != 1 else []
    return " ".join(words)


def _accepted_text(b: BlastPart) -> str:
    at, by, _ = b.accepted
    if by < 0:
        return ""
    return repr(at) if math.isfinite(at) else "untimed"


def _event_pairs(b: BlastPart) -> tuple[tuple[str, str], ...]:
    """An open BLAST event, the owed draws and what follows them."""
    pairs: list[tuple[str, str]] = []
    if b.card >= 0:
        turn, phase, drawn = b.saved
        chosen = " ".join(
            f"{s}=" + ",".join(CARD_TEXT[c] for c in laid) for s, laid in b.chosen.items()
        )
        resume = f"{PHASE_NAMES[phase]} {turn}" + (f" {CARD_TEXT[drawn]}" if drawn >= 0 else "")
        pairs += [("blast", CARD_TEXT[b.card]), ("chosen", chosen), ("resume", resume)]
    counts = {v: k for k, v in _OWED_COUNTS.items()}
    owed = " ".join(f"{s}:{counts.get(k, str(k))}:{reason}" for s, k, reason in b.owed)
    what, seat = b.then
    names = {v: k for k, v in _THEN.items()}
    then = "" if (what, seat) == (THEN_KEEP, -1) else names.get(what, str(what))
    then += f" {seat}" if then and seat >= 0 else ""
    return (*pairs, ("owed", owed), ("then", then))
