"""Replays: re-run recorded rounds and check their state-hash chains.

A record holds, per round, ``(preset, players, seed, dealer, eliminated)`` and the action
log (``[seat, action, arrival time]``; seat ``null`` is the referee: the match session's
``timeout``); a state hash chain is recorded at action 0, every ``HASH_EVERY`` actions and
at the end. Replaying rebuilds every round from that alone; any difference in a hash, an
action the engine refuses, or a winner that differs is a ``ReplayMismatch``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..core.codec import state_hash
from ..core.errors import NotationError, ReplayMismatch, UnoverseError
from ..core.setup import new_game

#: A state hash is recorded every this many actions (and at the start and the end).
HASH_EVERY = 100
FORMAT = "unoverse-replay/1"


def replay_round(preset: str, players: int, rnd: dict[str, Any], where: str) -> int:
    """Re-run one recorded round; return its action count or raise ``ReplayMismatch``."""
    try:
        game = new_game(
            preset,
            players,
            int(rnd["seed"]),
            dealer=rnd["dealer"],
            eliminated=tuple(rnd["eliminated"]),
        )
        actions = rnd["actions"]
        expected = {int(k): str(h) for k, h in rnd["hashes"]}
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayMismatch(f"{where}: malformed round record ({exc!r})") from None
    chain = state_hash(game)
    _check(expected, 0, chain, where)
    for i, entry in enumerate(actions, start=1):
        try:
            seat, text, at = entry[0], entry[1], entry[2] if len(entry) > 2 else None
            game.apply(seat, text, at)
        except UnoverseError as exc:
            raise ReplayMismatch(f"{where}: action {i} ({entry!r}) refused: {exc}") from None
        except (TypeError, IndexError):
            raise ReplayMismatch(f"{where}: action {i} is malformed: {entry!r}") from None
        if i % HASH_EVERY == 0 or i == len(actions):
            chain = state_hash(game, chain)
            _check(expected, i, chain, where)
    if not game.over:
        raise ReplayMismatch(f"{where}: the round does not end after its {len(actions)} actions")
    if game.winner != rnd.get("winner"):
        raise ReplayMismatch(
            f"{where}: winner is seat {game.winner}, record says {rnd.get('winner')}"
        )
    missing = set(expected) - {0, len(actions)} - set(range(0, len(actions) + 1, HASH_EVERY))
    if missing:
        raise ReplayMismatch(
            f"{where}: hashes recorded at actions that do not exist: {sorted(missing)}"
        )
    return len(actions)


def _check(expected: dict[int, str], at: int, chain: str, where: str) -> None:
    if expected.get(at) != chain:
        raise ReplayMismatch(f"{where}: state hash differs after action {at}")


def read_records(path: Path) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """``(header, game record)`` for every game of a replay file."""
    try:
        lines = path.read_text().splitlines()
    except OSError as exc:
        raise NotationError(f"cannot read {path}: {exc.strerror}") from None
    try:
        header = json.loads(lines[0]) if lines else {}
    except json.JSONDecodeError:
        header = {}
    if header.get("format") != FORMAT:
        raise ReplayMismatch(f"{path}: not a replay file (first line must be a {FORMAT} header)")
    for n, line in enumerate(lines[1:], start=2):
        try:
            yield header, json.loads(line)
        except json.JSONDecodeError:
            raise ReplayMismatch(f"{path}: line {n} is not valid JSON") from None


def replay_file(path: Path) -> tuple[int, int]:
    """Replay every game of a file; return ``(games, actions)`` or raise ``ReplayMismatch``."""
    games = actions = 0
    for header, record in read_records(path):
        try:
            rounds = record["rounds"]
            label = f"game {record['game']}"
        except (KeyError, TypeError):
            raise ReplayMismatch(f"{path}: a game line without rounds") from None
        for r, rnd in enumerate(rounds):
            actions += replay_round(header["preset"], header["players"], rnd, f"{label} round {r}")
        games += 1
    return games, actions
