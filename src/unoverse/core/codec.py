"""Save and load: a game state as compact JSON, and its hash for replay chains.

Cards are written in the card notation, piles as space-separated strings, so a 4-player
state stays well under 4 KB. Loading rebuilds the variant's tables from its name and
options; the result plays on exactly as the original would.
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

from .cards import CARD_TEXT, COLOR_LETTERS, KIND_CODES, KIND_INDEX, card, cards, cards_text, color
from .errors import NotationError
from .game import Game, Phase
from .registry import get
from .rng import Rng
from .setup import compiled

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
    if game.pen_fire:
        data["pen_fire"] = True
    if game.strict >= 0:
        data["strict"] = game.strict
    if game.buried:
        data["buried"] = cards_text(game.buried)
    if game.spent:
        data["spent"] = cards_text(game.spent)
    if game.blast_card >= 0:  # an open BLAST event (UNO Blast, §5.5)
        data["blast"] = {
            "card": CARD_TEXT[game.blast_card],
            "drawer": game.blast_drawer,
            "due": list(game.blast_due),
            "chosen": {str(s): cards_text(c) for s, c in game.blast_chosen.items()},
            "saved": list(game.saved),
        }
    if game.owed:
        data["owed"] = [list(o) for o in game.owed]
        data["then"] = list(game.then)
    if game.rules.realtime:  # BLAST mode (UNO Blast, §5.8)
        at, by, last = game.accepted
        data["live"] = {
            "armed": {str(s): CARD_TEXT[c] for s, c in enumerate(game.armed) if c >= 0},
            "blocked": game.blocked,
            "lock": "".join(COLOR_LETTERS[c] for c in game.lock),
            # the time is None for a play made without one (never simultaneous)
            "accepted": [
                at if math.isfinite(at) else None,
                by,
                CARD_TEXT[last] if last >= 0 else None,
            ],
            "paid": list(game.paid),
        }
    return data


def to_json(game: Game) -> str:
    """Compact, canonical JSON of the state (keys sorted)."""
    return json.dumps(to_dict(game), separators=(",", ":"), sort_keys=True)


def state_hash(game: Game, previous: str = "") -> str:
    """SHA-256 of ``previous`` followed by the canonical state: one link of a hash chain."""
    return hashlib.sha256((previous + to_json(game)).encode()).hexdigest()


def from_dict(data: dict[str, Any]) -> Game:
    """Rebuild a game saved by ``to_dict``."""
    try:
        if data.get("format") != FORMAT:
            raise NotationError(f"saved game format {data.get('format')!r}; expected {FORMAT}")
        variant = get(data["variant"])
        options = variant.options(data["options"])
        n = int(data["players"])
        game = Game(compiled(variant, options), n, 0)
        game.rng = Rng(int(data["rng"]))
        game.hands = [cards(h) for h in data["hands"]]
        for s in data["eliminated"]:
            game.eliminated[s] = True
        game.active = n - sum(game.eliminated)
        game.draw_pile = cards(data["draw"])
        game.discard = cards(data["discard"])
        game.discard_by = [int(x) for x in data["discard_by"]]
        game.color = int(data["color"])
        game.color_next = int(data["color_next"])
        game.top_kind = KIND_INDEX[data["top_kind"]] if data["top_kind"] else -1
        game.dealer = int(data["dealer"])
        game.direction = int(data["direction"])
        game.turn = int(data["turn"])
        game.phase = Phase[data["phase"].upper()]
        game.drawn = int(data["drawn"])
        amount, source, challenge, legal, chain, returned = data["penalty"]
        game.pen_returned = bool(returned)
        game.pen_amount, game.pen_source = int(amount), int(source)
        game.pen_challenge, game.pen_legal = bool(challenge), bool(legal)
        game.pen_chain = int(chain)
        game.out = int(data["out"])
        game.uno_open = [int(s) for s in data["uno_open"]]
        for s in data["said_uno"]:
            game.said_uno[int(s)] = True
        ill = data["illegal"]
        game.illegal = None if ill is None else (ill[0], ill[1], ill[2], ill[3], ill[4])
        game.winner = int(data["winner"])
        game.landed = int(data["landed"])
        jump = data["jump"]
        if jump is not None:
            pre, moves = jump
            game.jump_undo = (tuple(int(x) for x in pre), (moves[0], moves[1], moves[2]))
        for key, text in data["known"].items():
            o, h = (int(x) for x in key.split(":"))
            game.known[o][h] = cards(text)
        game.version = int(data["version"])
        if game.launcher is not None:
            game.launcher.state = int(data["launcher"])
        game.pen_fire = bool(data.get("pen_fire", False))
        game.strict = int(data.get("strict", -1))
        game.buried = cards(data.get("buried", ""))
        game.spent = cards(data.get("spent", ""))
        blast = data.get("blast")
        if blast is not None:
            game.blast_card = card(blast["card"])
            game.blast_drawer = int(blast["drawer"])
            game.blast_due = [int(s) for s in blast["due"]]
            game.blast_chosen = {int(s): tuple(cards(c)) for s, c in blast["chosen"].items()}
            turn, phase, drawn = blast["saved"]
            game.saved = (int(turn), int(Phase(int(phase))), int(drawn))
        game.owed = [(int(s), int(n), str(r)) for s, n, r in data.get("owed", [])]
        then = data.get("then", [0, -1])
        game.then = (int(then[0]), int(then[1]))
        state = data.get("live")
        if state is not None:
            for s, c in state["armed"].items():
                game.armed[int(s)] = card(c)
            game.blocked = int(state["blocked"])
            game.lock = [color(x) for x in state["lock"]]
            at, by, last = state["accepted"]
            if int(by) >= 0:
                game.accepted = (float("-inf") if at is None else float(at), int(by), card(last))
            game.paid = [int(s) for s in state["paid"]]
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise NotationError(f"not a saved game: {exc!r}") from None
    return game


def from_json(text: str) -> Game:
    """Rebuild a game saved by ``to_json``."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"not a saved game: {exc}") from None
    if not isinstance(data, dict):
        raise NotationError("not a saved game: expected a JSON object")
    return from_dict(data)
