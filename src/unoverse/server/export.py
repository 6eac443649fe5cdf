"""A finished game of the server as a file anyone can check (``unoverse replay``).

The file (format ``FORMAT``, JSON) holds what determines the game and what it produced: the
preset, the seat count, the dealer and the eliminated seats it was dealt with, the deal's
commitment with the seed and salt revealed, every accepted action with its arrival time,
the state-hash chain (as in replay files: after action 0, every ``HASH_EVERY`` actions and
the last) and the winner. ``verify`` checks the commitment, deals the game again from the
seed and replays every action, requiring every hash and the winner.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

from ..core.codec import state_hash
from ..core.errors import NotationError, ReplayMismatch
from ..match.replay import HASH_EVERY, replay_round
from .shuffle import verify as verify_commitment
from .store import Entry, GameRecord

FORMAT: Final = "unoverse-game/1"
FIELDS: Final = (
    "format", "game", "preset", "players", "seed", "salt", "commitment", "dealer",
    "eliminated", "actions", "hashes", "winner",
)  # fmt: skip


def export(record: GameRecord, entries: list[Entry]) -> dict[str, Any]:
    """The file of a finished game (its seed and salt are revealed)."""
    game = record.deal()
    chain = state_hash(game)
    hashes = [[0, chain]]
    n = len(entries)
    for i, e in enumerate(entries, start=1):
        game.apply(e.seat, e.action, e.at)
        if i % HASH_EVERY == 0 or i == n:
            chain = state_hash(game, chain)
            hashes.append([i, chain])
    return {
        "format": FORMAT,
        "game": record.id,
        "preset": record.preset,
        "players": record.players,
        "seed": str(record.seed),
        "salt": record.salt,
        "commitment": record.commitment,
        "dealer": record.dealer,
        "eliminated": list(record.eliminated),
        "actions": [[e.seat, e.action, e.at] for e in entries],
        "hashes": hashes,
        "winner": game.winner,
    }


def is_export(path: Path) -> bool:
    """Whether the file at ``path`` is a game file (rather than a simulator's replay)."""
    try:
        with path.open("rb") as f:
            head = f.read(64)
    except OSError:
        return False
    return head.lstrip().startswith(b"{") and FORMAT.encode() in head


def verify(path: Path) -> int:
    """Check a game file (the module's docstring): its action count, or ``NotationError``
    for a file that is not one, ``ReplayMismatch`` for one that does not replay."""
    where = str(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise NotationError(f"{where}: not a game file: {exc}") from None
    if not isinstance(data, dict) or sorted(data) != sorted(FIELDS):
        raise NotationError(f"{where}: a game file has the fields {', '.join(FIELDS)}")
    if data["format"] != FORMAT:
        raise NotationError(f"{where}: format {data['format']!r}, not {FORMAT}")
    seed, salt, commitment = data["seed"], data["salt"], data["commitment"]
    if not (isinstance(seed, str) and seed.isdigit()):
        raise NotationError(f"{where}: field 'seed' is the seed in decimal text")
    if not (isinstance(salt, str) and isinstance(commitment, str)):
        raise NotationError(f"{where}: fields 'salt' and 'commitment' are hex text")
    if not verify_commitment(commitment, int(seed), salt):
        raise ReplayMismatch(
            f"{where}: the revealed seed and salt do not match the deal's commitment"
        )
    players = data["players"]
    if not isinstance(players, int) or not isinstance(data["preset"], str):
        raise NotationError(f"{where}: fields 'preset' and 'players' are text and a number")
    record = {k: data[k] for k in ("dealer", "eliminated", "actions", "hashes", "winner")}
    record["seed"] = int(seed)
    return replay_round(data["preset"], players, record, where)
