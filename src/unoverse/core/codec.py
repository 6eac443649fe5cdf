"""Save and load: a game state as compact JSON, and its hash for replay chains.

Cards are written in the card notation, piles as space-separated strings, so a 4-player
state stays well under 4 KB. Loading rebuilds the variant's tables from its name and
options; the result plays on exactly as the original would.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from typing import Any, Final

from .blast.part import BlastPart
from .cards import CARD_TEXT, COLOR_LETTERS, KIND_CODES, KIND_INDEX, card, cards, cards_text, color
from .errors import NotationError, UnknownVariant, UnoverseError
from .game import Game
from .integrity import check
from .options import shown
from .parts import saved_fields
from .phase import PHASE_NAMES, PHASES
from .registry import get
from .rng import Rng
from .setup import compiled
from .state import saved_keys

FORMAT = 1


def to_dict(game: Game) -> dict[str, Any]:
    """The whole state as plain JSON-able data."""
    rules = game.rules
    specs = rules.variant.specs
    data = {
        "format": FORMAT,
        "variant": rules.variant.name,
        "options": {k: specs[k].format(v) for k, v in rules.options.items()},
        "players": game.n,
        "rng": game.rng.state,
        "hands": [cards_text(h) for h in game.hands],
        "eliminated": [s for s in range(game.n) if game.eliminated[s]],
        "draw": cards_text(game.draw_pile),
        "discard": cards_text(game.discard),
        "discard_by": game.discard_by,
        "color": game.color,
        "color_next": game.color_next,
        "top_kind": KIND_CODES[game.top_kind] if game.top_kind >= 0 else "",
        "dealer": game.dealer,
        "direction": game.direction,
        "turn": game.turn,
        "phase": game.phase.name.lower(),
        "drawn": game.drawn,
        "penalty": [
            game.pen_amount,
            game.pen_source,
            game.pen_challenge,
            game.pen_legal,
            game.pen_chain,
            game.pen_returned,
        ],
        "out": game.out,
        "uno_open": game.uno_open,
        "said_uno": [s for s in range(game.n) if game.said_uno[s]],
        "illegal": list(game.illegal) if game.illegal is not None else None,
        "winner": game.winner,
        "landed": game.landed,
        "jump": [list(game.jump_undo[0]), list(game.jump_undo[1])] if game.jump_undo else None,
        "known": {
            f"{o}:{h}": cards_text(k)
            for o, row in enumerate(game.known)
            for h, k in enumerate(row)
            if k
        },
        "version": game.version,
    }
    # written only where they apply, so the other variants' saved games stay as they were
    if game.launcher is not None:
        data["launcher"] = game.launcher.state
    if game.pen_until:
        data["pen_until"] = _UNTIL_NAMES[game.pen_until]
    if game.strict >= 0:
        data["strict"] = game.strict
    if game.buried:
        data["buried"] = cards_text(game.buried)
    if game.blast is not None:
        _write_blast(game.blast, game.rules.realtime, data)
    return data


def _write_blast(b: BlastPart, realtime: bool, data: dict[str, Any]) -> None:
    """UNO Blast's part (``core.blast.part``), each key only where it applies."""
    if b.spent:
        data["spent"] = cards_text(b.spent)
    if b.card >= 0:  # an open BLAST event (§5.5)
        data["blast"] = {
            "card": CARD_TEXT[b.card],
            "drawer": b.drawer,
            "due": list(b.due),
            "chosen": {str(s): cards_text(c) for s, c in b.chosen.items()},
            "saved": list(b.saved),
        }
    if b.owed:
        data["owed"] = [list(o) for o in b.owed]
        data["then"] = list(b.then)
    if realtime:  # BLAST mode (§5.8)
        at, by, last = b.accepted
        data["live"] = {
            "armed": {str(s): CARD_TEXT[c] for s, c in enumerate(b.armed) if c >= 0},
            "blocked": b.blocked,
            "lock": "".join(COLOR_LETTERS[c] for c in b.lock),
            # the time is None for a play made without one (never simultaneous)
            "accepted": [
                at if math.isfinite(at) else None,
                by,
                CARD_TEXT[last] if last >= 0 else None,
            ],
            "paid": list(b.paid),
        }


def to_json(game: Game) -> str:
    """Compact, canonical JSON of the state (keys sorted)."""
    return json.dumps(to_dict(game), separators=(",", ":"), sort_keys=True)


def state_hash(game: Game, previous: str = "") -> str:
    """SHA-256 of ``previous`` followed by the canonical state: one link of a hash chain."""
    return hashlib.sha256((previous + to_json(game)).encode()).hexdigest()


def from_dict(data: object) -> Game:
    """Rebuild a game saved by ``to_dict``; ``NotationError`` naming the field for anything
    else. Every field is checked for its type and range before it is used, the player count
    and the deck's size before anything is built for them, and the game built must be one
    the engine can be in (``core.integrity``) and write back exactly ``data``: a corrupt or
    edited state is refused, never loaded to fail later."""
    if not isinstance(data, dict):
        raise NotationError("saved game: expected a JSON object")
    deep = _too_deep(data)
    if deep:
        raise _bad(deep, f"nested deeper than the {_DEPTH} levels of a saved game")
    version = _get(data, "format")
    if version != FORMAT or not isinstance(version, int) or isinstance(version, bool):
        raise _bad("format", f"{shown(version)}; this version reads format {FORMAT}")
    try:
        variant = get(_text(_get(data, "variant"), "variant"))
    except UnknownVariant as exc:
        raise _bad("variant", str(exc)) from None
    given = _get(data, "options")
    if not isinstance(given, dict):
        raise _bad("options", "an object of option names and values")
    try:
        options = variant.options(given)
    except UnoverseError as exc:
        raise _bad("options", str(exc)) from None
    n = _int(_get(data, "players"), "players", variant.min_players, variant.max_players)
    piles = _piles(data, n)
    size = sum(len(row.cards) * row.copies for row in variant.deck_table(options))
    held = sum(len(pile) for pile in piles.values())
    if held != size:  # before the deck is built: a hostile option may ask for millions
        raise _bad("cards", f"{held} cards in the piles; the {variant.name} deck has {size}")
    game = Game(compiled(variant, options), n, 0)
    _read(game, data, piles)
    check(game, "saved game")
    _same_as_written(game, data)
    return game


def from_json(text: object) -> Game:
    """Rebuild a game saved by ``to_json``; ``NotationError`` for anything else (see
    ``from_dict``)."""
    if not isinstance(text, str):
        raise NotationError(f"saved game: a JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text, object_pairs_hook=_object)
    except (ValueError, RecursionError) as exc:  # bad JSON, a 5,000-digit number, deep nesting
        raise NotationError(f"saved game: not JSON: {shown(str(exc))}") from None
    return from_dict(data)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose every key is written once (JSON would keep the last)."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise _bad(key, "written twice")
        data[key] = value
    return data


def _too_deep(data: dict[str, Any]) -> str:
    """The first field nested deeper than a saved game nests, or "" (read without recursion:
    the nesting is the outside text's)."""
    for key, value in data.items():
        stack: list[tuple[object, int]] = [(value, 2)]
        while stack:
            node, depth = stack.pop()
            if isinstance(node, dict | list):
                if depth > _DEPTH:
                    return str(key)
                items = node.values() if isinstance(node, dict) else node
                stack.extend((item, depth + 1) for item in items)
    return ""


def _piles(data: dict[str, Any], n: int) -> dict[str, list[int]]:
    """Every pile's cards, by field: the hands (``hands.0``...), draw, discard, buried, spent
    and the open BLAST card."""
    hands = _list(_get(data, "hands"), "hands", n)
    piles = {f"hands.{s}": _cards(h, f"hands.{s}") for s, h in enumerate(hands)}
    piles["draw"] = _cards(_get(data, "draw"), "draw")
    piles["discard"] = _cards(_get(data, "discard"), "discard")
    piles["buried"] = _cards(data.get("buried", ""), "buried")
    piles["spent"] = _cards(data.get("spent", ""), "spent")
    blast = data.get("blast")
    if blast is not None:
        if not isinstance(blast, dict):
            raise _bad("blast", "an object: card, drawer, due, chosen, saved")
        piles["blast.card"] = [_card(_get(blast, "card", "blast"), "blast.card")]
    return piles


def _read(game: Game, data: dict[str, Any], piles: dict[str, list[int]]) -> None:
    """Set every field of ``game`` from ``data``, each of the type the engine holds (the
    compiled build refuses any other) and in the range it is used as an index in."""
    n = game.n
    game.rng = Rng(_int(_get(data, "rng"), "rng", 0, 2**64 - 1))
    game.hands = [piles[f"hands.{s}"] for s in range(n)]
    for s in _seats(_get(data, "eliminated"), "eliminated", n):
        game.eliminated[s] = True
    game.active = n - sum(game.eliminated)
    game.draw_pile = piles["draw"]
    game.discard = piles["discard"]
    game.buried = piles["buried"]
    by = _list(_get(data, "discard_by"), "discard_by")
    game.discard_by = [_int(x, "discard_by", -1, n - 1) for x in by]
    game.color = _number(data, "color")
    game.color_next = _number(data, "color_next")
    game.dealer = _number(data, "dealer")
    game.direction = _number(data, "direction")
    game.turn = _number(data, "turn")
    game.drawn = _number(data, "drawn")
    game.out = _number(data, "out")
    game.winner = _number(data, "winner")
    kind = _text(_get(data, "top_kind"), "top_kind")
    if kind and kind not in KIND_INDEX:
        raise _bad("top_kind", f"unknown kind {shown(kind)}: one of {' '.join(KIND_CODES)}")
    game.top_kind = KIND_INDEX[kind] if kind else -1
    phase = _text(_get(data, "phase"), "phase")
    if phase not in PHASE_NAMES:
        raise _bad("phase", f"{shown(phase)}: one of {' '.join(PHASE_NAMES)}")
    game.phase = PHASES[PHASE_NAMES.index(phase)]
    amount, source, challenge, legal, chain, returned = _list(_get(data, "penalty"), "penalty", 6)
    game.pen_amount = _int(amount, "penalty", 0, _BIG)
    game.pen_source = _int(source, "penalty", -_BIG, _BIG)
    game.pen_challenge = _bool(challenge, "penalty")
    game.pen_legal = _bool(legal, "penalty")
    game.pen_chain = _int(chain, "penalty", 0, _BIG)
    game.pen_returned = _bool(returned, "penalty")
    uno_open = _list(_get(data, "uno_open"), "uno_open")
    game.uno_open = [_int(s, "uno_open", -_BIG, _BIG) for s in uno_open]
    for s in _seats(_get(data, "said_uno"), "said_uno", n):
        game.said_uno[s] = True
    illegal = _get(data, "illegal")
    if illegal is not None:
        words = [_int(x, "illegal", -_BIG, _BIG) for x in _list(illegal, "illegal", 7)]
        o, c, col, k, d, swapped, buried = words
        game.illegal = (o, c, col, k, d, swapped, buried)
    game.landed = _int(_get(data, "landed"), "landed", 0, _BIG)
    game.version = _int(_get(data, "version"), "version", 0, _BIG)
    jump = _get(data, "jump")
    if jump is not None:
        pre, moves = _list(jump, "jump", 2)
        before = tuple(_int(x, "jump", -_BIG, _BIG) for x in _list(pre, "jump", 12))
        eff, target, mult = [_int(x, "jump", -_BIG, _BIG) for x in _list(moves, "jump", 3)]
        game.jump_undo = (before, (eff, target, mult))
    known = _get(data, "known")
    if not isinstance(known, dict):
        raise _bad("known", "an object of 'seat:seat' keys")
    for key, text in known.items():
        o, h = _pair(key, n)
        game.known[o][h] = _cards(text, f"known.{key}")
    if game.launcher is not None:
        game.launcher.state = _int(_get(data, "launcher"), "launcher", 0, _BIG)
    if "pen_until" in data:
        name = data["pen_until"]
        if name not in _UNTIL_NAMES[1:]:
            raise _bad("pen_until", f"{shown(name)}: 'fire' or 'color'")
        game.pen_until = _UNTIL_NAMES.index(name)
    if "strict" in data:
        game.strict = _int(data["strict"], "strict", -_BIG, _BIG)
    if game.blast is not None:
        _read_part(game.blast, data, piles, n)
    elif _PART_KEYS & set(data):  # refused before the census counts its cards as missing
        raise _bad(min(_PART_KEYS & set(data)), "not written for this game")


def _read_part(b: BlastPart, data: dict[str, Any], piles: dict[str, list[int]], n: int) -> None:
    """UNO Blast's part (``core.blast.part``): the spent pile, an open BLAST event, owed
    draws and BLAST mode's table."""
    b.spent = piles["spent"]
    blast = data.get("blast")
    if isinstance(blast, dict):
        _read_blast(b, blast, piles["blast.card"][0], n)
    if "owed" in data:
        b.owed = [_owed(x) for x in _list(data["owed"], "owed")]
        what, seat = _list(_get(data, "then"), "then", 2)
        b.then = (_int(what, "then", -_BIG, _BIG), _int(seat, "then", -_BIG, _BIG))
    state = data.get("live")
    if state is not None:
        _read_live(b, state, n)


def _read_blast(b: BlastPart, blast: dict[str, Any], card_id: int, n: int) -> None:
    """An open BLAST event (``blast``): its card, drawer, due seats, choices, saved window."""
    b.card = card_id
    b.drawer = _int(_get(blast, "drawer", "blast"), "blast.drawer", -_BIG, _BIG)
    due = _list(_get(blast, "due", "blast"), "blast.due")
    b.due = [_int(s, "blast.due", -_BIG, _BIG) for s in due]
    chosen = _get(blast, "chosen", "blast")
    if not isinstance(chosen, dict):
        raise _bad("blast.chosen", "an object of seats and their cards")
    b.chosen = {
        _seat_key(s, n, "blast.chosen"): tuple(_cards(c, "blast.chosen")) for s, c in chosen.items()
    }
    turn, phase, drawn = _list(_get(blast, "saved", "blast"), "blast.saved", 3)
    b.saved = (
        _int(turn, "blast.saved", -_BIG, _BIG),
        _int(phase, "blast.saved", 0, len(PHASES) - 1),
        _int(drawn, "blast.saved", -_BIG, _BIG),
    )


def _read_live(b: BlastPart, state: object, n: int) -> None:
    """BLAST mode's table (``live``): armed cards, the blocked seat, the lock, the last
    accepted card and who paid its holding penalty."""
    if not isinstance(state, dict):
        raise _bad("live", "an object: armed, blocked, lock, accepted, paid")
    armed = _get(state, "armed", "live")
    if not isinstance(armed, dict):
        raise _bad("live.armed", "an object of seats and their armed card")
    for s, c in armed.items():
        b.armed[_seat_key(s, n, "live.armed")] = _card(c, "live.armed")
    b.blocked = _int(_get(state, "blocked", "live"), "live.blocked", -_BIG, _BIG)
    lock = _text(_get(state, "lock", "live"), "live.lock")
    try:
        b.lock = [color(x) for x in lock]
    except NotationError as exc:
        raise _bad("live.lock", str(exc)) from None
    at, by, last = _list(_get(state, "accepted", "live"), "live.accepted", 3)
    seat = _int(by, "live.accepted", -1, n - 1)
    if seat >= 0:
        if at is not None and (not isinstance(at, float) or not math.isfinite(at)):
            raise _bad("live.accepted", f"a time is a finite number of ms or null, not {shown(at)}")
        when = float("-inf") if at is None else at
        b.accepted = (when, seat, _card(last, "live.accepted"))
    paid = _list(_get(state, "paid", "live"), "live.paid")
    b.paid = [_int(s, "live.paid", -_BIG, _BIG) for s in paid]


def _owed(entry: object) -> tuple[int, int, str]:
    """One owed draw: seat, cards (-1: until one plays, -2: a draw round's), reason."""
    seat, count, reason = _list(entry, "owed", 3)
    return (
        _int(seat, "owed", -_BIG, _BIG),
        _int(count, "owed", -_BIG, _BIG),
        _text(reason, "owed"),
    )


def _same_as_written(game: Game, data: dict[str, Any]) -> None:
    """Refuse ``data`` unless ``to_dict`` writes it back exactly: no field unknown, missing,
    out of its canonical form (a bool for a number, an unsorted seat list, a default written
    out), so a loaded game saves to the very text it came from."""
    written = to_dict(game)
    for key in sorted(set(data) | set(written)):
        if key not in written:
            raise _bad(key, "unknown field" if key not in _FIELDS else "not written for this game")
        if key not in data:
            raise _bad(key, "missing")
        if _canonical(data[key]) != _canonical(written[key]):
            raise _bad(key, f"{shown(data[key])} is not as a saved game writes it")


def _canonical(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


# -- typed reading ----------------------------------------------------------------------------
#: The largest magnitude a number field may have before its range is checked (by
#: ``core.integrity``): far beyond any real value, small enough for every use.
_BIG = 2**63 - 1
#: How deep a saved game nests its objects and lists (``jump``: a list of lists).
_DEPTH = 3
#: Every field a saved game may have: the keys of the state's fields (``core.state``).
_FIELDS = saved_keys(saved_fields()) | {"format"}
#: ``pen_until``'s values, by ``effects.PEN_*`` (a count is not written).
_UNTIL_NAMES: Final = ("", "fire", "color")
#: The keys only a part of the state writes (refused for a game without the part).
_PART_KEYS = saved_keys(saved_fields()) - saved_keys()
_PAIR = re.compile(r"(0|[1-9][0-9]?):(0|[1-9][0-9]?)")
_SEAT = re.compile(r"0|[1-9][0-9]?")


def _bad(field: str, why: str) -> NotationError:
    return NotationError(f"saved game: {field}: {why}")


def _get(data: dict[str, Any], key: str, within: str = "") -> object:
    if key not in data:
        raise _bad(f"{within}.{key}" if within else key, "missing")
    value: object = data[key]
    return value


def _number(data: dict[str, Any], key: str) -> int:
    """A number field whose range ``core.integrity`` checks (a seat, a colour, a card id)."""
    return _int(_get(data, key), key, -_BIG, _BIG)


def _int(value: object, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(field, f"an integer, not {shown(value)}")
    if not low <= value <= high:
        raise _bad(field, f"{low} to {high}, not {shown(value)}")
    return value


def _bool(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise _bad(field, f"true or false, not {shown(value)}")
    return value


def _text(value: object, field: str) -> str:
    if not isinstance(value, str):
        raise _bad(field, f"a string, not {shown(value)}")
    return value


def _list(value: object, field: str, length: int = -1) -> list[object]:
    if not isinstance(value, list):
        raise _bad(field, f"a list, not {shown(value)}")
    if length >= 0 and len(value) != length:
        raise _bad(field, f"a list of {length}, not of {len(value)}")
    items: list[object] = value
    return items


def _cards(value: object, field: str) -> list[int]:
    text = _text(value, field)  # (its refusal names the field already)
    try:
        return cards(text)
    except NotationError as exc:
        raise _bad(field, str(exc)) from None


def _card(value: object, field: str) -> int:
    text = _text(value, field)
    try:
        return card(text)
    except NotationError as exc:
        raise _bad(field, str(exc)) from None


def _seats(value: object, field: str, n: int) -> list[int]:
    """A list of seats (each one a valid index)."""
    return [_int(s, field, 0, n - 1) for s in _list(value, field)]


def _seat_key(key: str, n: int, field: str) -> int:
    if not _SEAT.fullmatch(key) or int(key) >= n:
        raise _bad(field, f"{shown(key)} is not a seat (0 to {n - 1})")
    return int(key)


def _pair(key: str, n: int) -> tuple[int, int]:
    """A ``known`` key, ``"o:h"``: seat o has seen cards of seat h's hand."""
    match = _PAIR.fullmatch(key)
    if match is None or int(match[1]) >= n or int(match[2]) >= n:
        raise _bad("known", f"{shown(key)} is not 'seat:seat' (seats 0 to {n - 1})")
    return int(match[1]), int(match[2])
