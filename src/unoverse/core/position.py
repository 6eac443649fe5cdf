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
"""

from __future__ import annotations

from collections import Counter

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
from .setup import compiled, resolve_preset

KEYS = (
    "players", "hands", "top", "discard", "draw", "dealer", "turn", "direction",
    "pending", "drawn", "declare", "uno", "seed", "launcher", "armed", "blocked", "lock",
)  # fmt: skip
#: The keys of a position that set each field ``core.integrity`` checks, for its messages.
NAMES = {
    "players": "players", "cards": "hands", "out": "hands", "winner": "hands",
    "discard_by": "discard", "color": "top", "top_kind": "top", "penalty": "pending",
    "pen_fire": "pending", "uno_open": "uno", "color_next": "declare",
    "live.armed": "armed", "live.blocked": "blocked", "live.lock": "lock",
}  # fmt: skip
#: The most digits a number of a position may have (a seed is 64-bit: 20 digits).
_DIGITS = 24


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

    top, top_by = _top(game, f["top"], n, declaring="declare" in f)
    below, below_by = _discards(f.get("discard", ""), n)
    draw = _cards(f["draw"], "draw") if "draw" in f else None

    placed = Counter([c for h in hands for c in h]) + Counter(below) + Counter([top])
    placed += Counter(draw or [])
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
    direction = f.get("direction", "cw")
    if direction not in ("cw", "ccw", "+1", "-1", "1"):
        raise NotationError(f"position: direction: cw or ccw, not {shown(direction)}")
    game.direction = -1 if direction in ("ccw", "-1") else 1
    if game.rules.realtime and ("pending" in f or "declare" in f):
        key = "pending" if "pending" in f else "declare"
        raise NotationError(f"position: {key}: BLAST mode has no turns, so no {key} window")
    if "pending" in f:
        _pending(game, f["pending"], top_by)
    if "drawn" in f:
        drawn = _card(f["drawn"], "drawn")
        if drawn not in hands[game.turn]:
            raise NotationError(f"position: drawn: {f['drawn']} is not in seat {game.turn}'s hand")
        game.phase, game.drawn = Phase.DRAWN, drawn
    if "declare" in f:
        game.phase = Phase.COLOR
        game.color_next = _seat(f["declare"], n, "declare")
    if "launcher" in f:
        if game.launcher is None:
            raise NotationError(f"position: launcher: {variant.name} has no launcher")
        game.launcher.state = _number(f["launcher"], "launcher")
    _live(game, f, n)
    for s in f.get("uno", "").split():
        seat = _seat(s, n, "uno")
        if seat in game.uno_open:
            raise NotationError(f"position: uno: seat {seat} is listed twice")
        if len(hands[seat]) != 1:
            raise NotationError(f"position: uno: an UNO window on seat {seat} needs a 1-card hand")
        game.uno_open.append(seat)
    _empty_hands(game, f)
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


def _live(game: Game, f: dict[str, str], n: int) -> None:
    """BLAST mode (UNO Blast, §5.8): play is live (unless a drawn card must be played);
    ``armed: SEAT=CARD ...``, ``blocked: SEAT``, ``lock: COLOURS``."""
    keys = [k for k in ("armed", "blocked", "lock") if k in f]
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
        if game.armed[seat] >= 0:
            raise NotationError(f"position: armed: seat {seat} arms one card, not two")
        if c not in game.hands[seat]:
            raise NotationError(f"position: armed: seat {seat} does not hold its armed card {name}")
        game.armed[seat] = c
    if "blocked" in f:
        game.blocked = _seat(f["blocked"], n, "blocked")
    try:
        game.lock = [color(letter) for letter in f.get("lock", "")]
    except NotationError as exc:
        raise NotationError(f"position: lock: {exc}") from None


def _top(game: Game, text: str, n: int, *, declaring: bool) -> tuple[int, int]:
    """Read ``CARD[=COUNTS_AS][:COLOUR]@SEAT``; set the active colour and kind."""
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
        try:
            game.color = color(declared)
        except NotationError as exc:
            raise NotationError(f"position: top: {exc}") from None
    elif not declaring:
        raise NotationError(f"position: top: the wild top card {body} needs a colour ({body}:G)")
    top_by = -1 if by in ("", "-") else _seat(by, n, "top")
    return top, top_by


def _empty_hands(game: Game, f: dict[str, str]) -> None:
    """An empty hand is a provisional end (its last card's penalty pending) or a finished
    round."""
    empty = [s for s, h in enumerate(game.hands) if not h]
    if not empty:
        return
    if len(empty) > 1:
        raise NotationError(f"position: hands: only one hand may be empty, not seats {empty}")
    if game.phase == Phase.PENALTY and game.pen_source == empty[0]:
        game.out = empty[0]
        return
    windows = [k for k in ("pending", "drawn", "declare", "uno") if k in f]
    if windows:
        raise NotationError(
            f"position: {windows[0]}: seat {empty[0]}'s hand is empty, so the round is over"
        )
    game.phase = Phase.OVER
    game.winner = empty[0]


def _pending(game: Game, text: str, source: int) -> None:
    words = text.split()
    if words[:1] == ["fire"] and words[1:] in ([], ["returned"]):  # press until it fires
        game.phase = Phase.PENALTY
        game.pen_chain = 1
        game.pen_fire = True
        game.pen_returned = words[1:] == ["returned"]
        game.pen_source = source
        return
    if len(words) < 2 or words[0] not in ("take", "challenge"):
        raise NotationError(
            "position: pending: 'take N [returned]', 'fire [returned]' or "
            f"'challenge N legal|illegal', not {shown(text)}"
        )
    game.phase = Phase.PENALTY
    game.pen_amount = _number(words[1], "pending")
    game.pen_chain = 1
    if words[0] == "take" and words[2:]:
        if words[2:] != ["returned"]:
            raise NotationError(
                f"position: pending: 'take N' may only be followed by 'returned': {shown(text)}"
            )
        game.pen_returned = True
    game.pen_source = source
    game.pen_challenge = words[0] == "challenge"
    if game.pen_challenge:
        if len(words) != 3 or words[2] not in ("legal", "illegal"):
            raise NotationError("position: pending: 'challenge N' must say legal or illegal")
        game.pen_legal = words[2] == "legal"


def position_text(game: Game) -> str:
    """The position of ``game`` in the notation (``position`` reads it back)."""
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
    if game.phase == Phase.PENALTY:
        if game.pen_fire:
            lines.append("pending: fire" + (" returned" if game.pen_returned else ""))
        elif game.pen_challenge:
            legal = "legal" if game.pen_legal else "illegal"
            lines.append(f"pending: challenge {game.pen_amount} {legal}")
        else:
            returned = " returned" if game.pen_returned else ""
            lines.append(f"pending: take {game.pen_amount}{returned}")
    if game.phase == Phase.DRAWN:
        lines.append(f"drawn: {CARD_TEXT[game.drawn]}")
    if game.phase == Phase.COLOR:
        lines.append(f"declare: {game.color_next}")
    if game.uno_open:
        lines.append("uno: " + " ".join(str(s) for s in game.uno_open))
    if game.launcher is not None:
        lines.append(f"launcher: {game.launcher.state}")
    armed = [f"{s}={CARD_TEXT[c]}" for s, c in enumerate(game.armed) if c >= 0]
    if armed:
        lines.append("armed: " + " ".join(armed))
    if game.blocked >= 0:
        lines.append(f"blocked: {game.blocked}")
    if game.lock:
        lines.append("lock: " + "".join(COLOR_LETTERS[c] for c in game.lock))
    return "\n".join(lines)
