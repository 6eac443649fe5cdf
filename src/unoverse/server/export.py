"""A finished game of the server as a file anyone can check (``unoverse replay``).

The file (format ``FORMAT``, JSON) holds what determines the game and what it produced: the
preset, the seat count, the dealer and the eliminated seats it was dealt with, the deal's
commitment with the seed and salt revealed, every accepted action with its arrival time and
its tag of the action chain, the state-hash chain (as in replay files: a link after action
0, every ``HASH_EVERY`` actions and after the last) and the winner. ``verify`` checks the
commitment, deals the game again from the seed and replays every action, requiring every
tag, every hash and the winner. It needs nothing of the server's extra:
``unoverse replay`` reads these files wherever the engine is installed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from ..core.codec import state_hash
from ..core.errors import NotationError, ReplayMismatch, UnoverseError
from ..core.options import shown
from ..core.setup import resolve_preset
from ..match.replay import HASH_EVERY, MAX_LINE_BYTES, action_tags, read_json, replay_round
from .shuffle import verify as verify_commitment

if TYPE_CHECKING:
    from .records import Entry, GameRecord

FORMAT: Final = "unoverse-game/3"
#: The formats of older versions, and why they are not read.
OLDER: Final = {
    "unoverse-game/1": (
        "records a state hash only every 100 actions, which misses a changed move that stays legal"
    ),
    "unoverse-game/2": (
        "chains no record of the actions, which misses a changed action the game's state does "
        "not keep"
    ),
}
FIELDS: Final = (
    "format", "game", "preset", "players", "seed", "salt", "commitment", "dealer",
    "eliminated", "actions", "tags", "hashes", "winner",
)  # fmt: skip
#: Fields the open game data adds (``open_data``), which the check does not need: the
#: room's code, when the game finished, the players' names.
EXTRA: Final = {"room": str, "finished_at": str, "names": list}
#: The most games a JSON Lines file of games holds (``unoverse export`` writes such files).
MAX_GAMES: Final = 10_000_000
#: A seed as the server writes it: a 64-bit number in decimal, no leading zero.
_SEED: Final = re.compile(r"0|[1-9][0-9]{0,19}")
#: A salt (256 random bits) and a commitment (SHA-256) in hexadecimal.
_HEX64: Final = re.compile(r"[0-9a-fA-F]{64}")


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
        "tags": "".join(action_tags((e.seat, e.action, e.at) for e in entries)),
        "hashes": hashes,
        "winner": game.winner,
    }


def is_export(path: Path) -> bool:
    """Whether the file at ``path`` is a game file, of this format or an older one (rather
    than a simulator's replay)."""
    try:
        with path.open("rb") as f:
            head = f.read(64)
    except OSError:
        return False
    return head.lstrip().startswith(b"{") and b'"unoverse-game/' in head


def verify(path: Path) -> list[int]:
    """Check a game file (the module's docstring), or a JSON Lines file of them (the open
    game data, a game a line): each game's action count, or ``NotationError`` for a file
    that is not one (not UTF-8 or JSON, a field missing, of another type or out of its form,
    a game over ``MAX_LINE_BYTES``), ``ReplayMismatch`` for a game that does not replay."""
    try:
        with path.open("rb") as f:
            first = f.read(MAX_LINE_BYTES + 1)
            if not _lines(first):  # one game, the whole file
                if len(first) > MAX_LINE_BYTES:
                    raise NotationError(f"{path}: a game file is at most {MAX_LINE_BYTES} bytes")
                return [check(first, str(path))]
            f.seek(0)
            counts: list[int] = []
            for n, line in enumerate(f, start=1):
                where = f"{path}, line {n}"
                if len(line) > MAX_LINE_BYTES:
                    raise NotationError(f"{where}: a game is at most {MAX_LINE_BYTES} bytes")
                if not line.strip() or line.startswith(b'{"next":'):  # a page's cursor
                    continue
                if len(counts) >= MAX_GAMES:
                    raise NotationError(f"{path}: at most {MAX_GAMES} games a file")
                counts.append(check(line, where))
            return counts
    except OSError as exc:
        raise NotationError(f"cannot read {path}: {exc.strerror or exc}") from None


def _lines(head: bytes) -> bool:
    """Whether a file beginning with ``head`` holds a game a line (a JSON Lines file: two
    JSON documents or more, one to a line) rather than one game, laid out in any way."""
    first, newline, rest = head.strip().partition(b"\n")
    if not newline:
        return False
    try:
        json.loads(first)
    except ValueError:
        return False  # the first line is not a whole document: one game over many lines
    return rest.lstrip().startswith(b"{")


def check(raw: bytes, where: str) -> int:
    """Check one game (the bytes of its file, or of its line): its action count."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise NotationError(f"{where}: not UTF-8 text (not a game file)") from None
    data = read_json(text, where)
    if not isinstance(data, dict) or not set(FIELDS) <= set(data) <= {*FIELDS, *EXTRA}:
        raise NotationError(f"{where}: a game file has the fields {', '.join(FIELDS)}")
    for name, kind in EXTRA.items():
        if name in data and not isinstance(data[name], kind):
            raise NotationError(f"{where}: field {name!r} is a {kind.__name__}")
    version = data["format"]
    if isinstance(version, str) and version in OLDER:
        raise NotationError(
            f"{where}: format {version} (an older unoverse) {OLDER[version]} and cannot be "
            f"verified; export the game again from its server for a {FORMAT} file"
        )
    if version != FORMAT:
        raise NotationError(f"{where}: format {shown(version)}, not {FORMAT}")
    game = data["game"]
    if isinstance(game, bool) or not isinstance(game, int) or game < 0:
        raise NotationError(f"{where}: field 'game' is the game's number, not {shown(game)}")
    seed, salt, commitment = data["seed"], data["salt"], data["commitment"]
    if not (isinstance(seed, str) and _SEED.fullmatch(seed) and int(seed) < 2**64):
        raise NotationError(
            f"{where}: field 'seed' is the 64-bit seed in decimal text, not {shown(seed)}"
        )
    for name, value in (("salt", salt), ("commitment", commitment)):
        if not (isinstance(value, str) and _HEX64.fullmatch(value)):
            raise NotationError(f"{where}: field {name!r} is 64 hex digits, not {shown(value)}")
    if not verify_commitment(commitment, int(seed), salt):
        raise ReplayMismatch(
            f"{where}: the revealed seed and salt do not match the deal's commitment"
        )
    preset, players = data["preset"], data["players"]
    if not isinstance(preset, str):
        raise NotationError(f"{where}: field 'preset' is a preset string, not {shown(preset)}")
    if isinstance(players, bool) or not isinstance(players, int):
        raise NotationError(f"{where}: field 'players' is a number, not {shown(players)}")
    try:
        variant, _ = resolve_preset(preset)
    except UnoverseError as exc:
        raise NotationError(f"{where}: field 'preset': {exc}") from None
    try:
        variant.check_players(players)
    except UnoverseError as exc:
        raise NotationError(f"{where}: field 'players': {exc}") from None
    record = {k: data[k] for k in ("dealer", "eliminated", "actions", "tags", "hashes", "winner")}
    record["seed"] = int(seed)
    return replay_round(preset, players, record, where)
