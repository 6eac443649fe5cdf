"""Replays: re-run recorded rounds and replay files, and check every recorded field.

A round record (``sim.driver.RoundRecord.to_dict``) holds the round's ``seed``, its
``dealer`` (``null``: the round chose it) and ``eliminated`` seats, the action log
``actions`` (``[seat, action, arrival time]``; seat ``null`` is the referee: the match
session's ``timeout`` or ``stall``), the action chain's ``tags`` (``action_tags``: eight hex
digits per action, each a hash of the action's record onto the chain before it), the
state-hash chain ``hashes`` (``[action count, hash]`` after action 0, every ``HASH_EVERY``
actions and after the last, each link hashing the state then onto the link before it) and
the ``winner`` (-1: the round did not end). ``replay_round`` rebuilds a round from that
alone. The action chain names the first action that differs from the one recorded at its
place (a changed seat, text or time, an action added, dropped or moved), even one the
game's state does not keep; the state hashes check that the actions give the states
recorded.

A replay file (``simulate --out``, format ``FORMAT``, docs/replay.md) is a header line and
one line per game. ``replay_file`` checks all of it: the header's fields; as many game lines
as the header records, numbered 0 to N-1 in order, each dealt with the seed the run seed
derives for it; each round dealt as the game (or the match, ``play_match``) deals it; every
action the one the action chain records there and accepted by the engine, with arrival
times that never decrease; every state hash, every round's winner and every game's winners;
and games marked unfinished, which must run to the run's action cap without ending.
Anything else is refused with one line naming the line, game, round and field:
``NotationError`` for a file that is not well formed, ``ReplayMismatch`` for one whose
records differ from their replay.
"""

from __future__ import annotations

import hashlib
import json
import math
import struct
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import suppress
from dataclasses import dataclass
from itertools import zip_longest
from pathlib import Path
from typing import IO, Any, Final

from mypy_extensions import mypyc_attr

from ..core.codec import state_hash
from ..core.errors import NotationError, ReplayMismatch, UnoverseError
from ..core.game import Game
from ..core.seeding import derive
from ..core.setup import new_game, resolve_preset
from .match import play_match

#: A link of the state-hash chain is recorded after action 0, every this many actions and
#: after the last (by the simulator's driver and the server's export). A changed action is
#: named by the action chain (``action_tags``), which costs a fraction of a state hash.
HASH_EVERY: Final = 100
FORMAT: Final = "unoverse-replay/4"
#: The formats of older versions, and why they are not read.
OLDER: Final = {
    "unoverse-replay/1": "records no game count",
    "unoverse-replay/2": (
        "records a state hash only every 100 actions, which misses a changed move that stays legal"
    ),
    "unoverse-replay/3": (
        "chains no record of the actions, which misses a changed action the game's state does "
        "not keep"
    ),
}
#: Hex digits of the action chain's tag of each action: a change passes one tag with odds
#: of 2**-32, and every tag after it as well.
TAG_DIGITS: Final = 8
#: An action's record as the action chain hashes it, before its text in UTF-8: its seat
#: (-1: the referee) as a signed 64-bit integer and its time as an IEEE 754 double, the
#: exact float replayed, both big-endian.
_RECORD: Final = struct.Struct(">qd")
_HEX: Final = frozenset("0123456789abcdef")
#: The fields of a header, a game line and a round record, in the order they are written.
HEADER_FIELDS: Final = (
    "format", "preset", "players", "seed", "bots", "match", "games", "max_actions"
)  # fmt: skip
GAME_FIELDS: Final = ("game", "seed", "winners", "unfinished", "rounds")
ROUND_FIELDS: Final = ("seed", "dealer", "eliminated", "actions", "tags", "hashes", "winner")
#: Longest lines read: a header is a few hundred bytes; a game line holds every action of
#: its rounds (about 30 bytes each with its tag, up to the action cap per round).
MAX_HEADER_BYTES: Final = 64 << 10
MAX_LINE_BYTES: Final = 64 << 20


@dataclass(frozen=True)
class Header:
    """A replay file's first line: the run that wrote it."""

    preset: str
    players: int
    seed: int  # the run seed: game i is dealt with derive(seed, "game", i)
    bots: tuple[str, ...]  # one spec per seat
    match: bool  # each game is a match of rounds (play_match)
    games: int  # the game lines that follow
    max_actions: int  # the action cap per round: a round that reaches it is unfinished


HeaderCheck = Callable[[Header, str], None]
"""Checks a verified header further (``(header, where)``); raises a typed error."""
GameCheck = Callable[[Header, int, dict[str, Any], str], None]
"""Checks a verified game line further (``(header, index, line, where)``)."""


@dataclass(frozen=True)
class _Round:
    """A round record whose fields have their types and ranges (not yet replayed)."""

    seed: int
    dealer: int | None
    eliminated: tuple[int, ...]
    actions: list[tuple[int | None, str, float]]
    tags: str
    hashes: list[tuple[int, str]]
    winner: int


def action_tags(actions: Iterable[Sequence[Any]]) -> Iterator[str]:
    """The action chain's tag of each of ``actions`` (``[seat, action, time]``, as a tuple
    or as the file's list), in turn:
    the first ``TAG_DIGITS`` hex digits of the chain's value after it, the SHA-256 of the
    value before it (32 zero bytes before the first action) followed by its record
    (``_RECORD``, then the text). Each tag depends on every action up to its own, so the
    first tag that differs names the first action changed, added, dropped or moved."""
    chain = bytes(32)
    for seat, text, at in actions:  # (typed ``Any``: a list unpacks in the compiled build)
        head = _RECORD.pack(-1 if seat is None else seat, at)
        chain = hashlib.sha256(chain + head + text.encode("utf-8", "surrogatepass")).digest()
        yield chain[: TAG_DIGITS // 2].hex()


# Not a native class: raised through play_match (see sim.driver's errors).
@mypyc_attr(native_class=False)
class _Unfinished(Exception):
    """A match round that reached the action cap: the match stops there."""


def replay_round(preset: str, players: int, rnd: object, where: str) -> int:
    """Re-run one recorded round from its record alone (its seed, dealer and eliminated
    seats); return its action count, or raise ``NotationError``/``ReplayMismatch`` naming
    ``where`` and the field. The round must end."""
    rec = _round(rnd, players, where)
    try:
        game = new_game(preset, players, rec.seed, dealer=rec.dealer, eliminated=rec.eliminated)
    except UnoverseError as exc:
        raise ReplayMismatch(f"{where}: the round cannot be dealt: {exc}") from None
    _replay(game, rec, where, None)
    return len(rec.actions)


def replay_file(
    path: Path,
    *,
    check_header: HeaderCheck | None = None,
    check_game: GameCheck | None = None,
) -> tuple[int, int]:
    """Replay every game of a replay file and check every recorded field (the module's
    docstring); return ``(games, actions)``. ``check_header`` and ``check_game`` add checks
    of the layers above (the header's bot specs, a re-simulation)."""
    try:
        with path.open("rb") as f:
            return _replay_lines(path, f, check_header, check_game)
    except OSError as exc:
        raise NotationError(f"cannot read {path}: {exc.strerror or exc}") from None


def _replay_lines(
    path: Path,
    f: IO[bytes],
    check_header: HeaderCheck | None,
    check_game: GameCheck | None,
) -> tuple[int, int]:
    where = f"{path}, line 1 (header)"
    text = _next_line(f, MAX_HEADER_BYTES, where)
    header = _header(read_json(text, where) if text is not None else None, where)
    if check_header is not None:
        check_header(header, where)
    actions = 0
    for index in range(header.games):
        where = f"{path}, line {index + 2}"
        text = _next_line(f, MAX_LINE_BYTES, where)
        if text is None:
            raise ReplayMismatch(
                f"{path}: the file ends after {index} of the {header.games} games its header "
                "records (field 'games'): it was cut short"
            )
        line = _fields(read_json(text, where), GAME_FIELDS, "a game line", where)
        actions += _replay_game(header, index, line, where)
        if check_game is not None:
            check_game(header, index, line, f"{where}, game {index}")
    if f.read(1):
        raise ReplayMismatch(
            f"{path}, line {header.games + 2}: the file goes on after the {header.games} games "
            "its header records (field 'games')"
        )
    return header.games, actions


def _next_line(f: IO[bytes], limit: int, where: str) -> str | None:
    """The next line's text (None at the end of the file); a line that is too long, not
    UTF-8 or empty is a ``NotationError``."""
    raw = f.readline(limit + 1)
    if not raw:
        return None
    if len(raw) > limit and not raw.endswith(b"\n"):
        raise NotationError(f"{where}: the line is longer than {limit} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise NotationError(f"{where}: not UTF-8 text (not a replay file)") from None
    if not text.strip():
        raise NotationError(f"{where}: the line is empty")
    return text


def read_json(text: str, where: str) -> object:
    """``text`` as JSON; ``NotationError`` naming ``where`` for anything else (NaN and
    Infinity, an integer of thousands of digits, nesting deeper than Python recurses)."""
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise NotationError(f"{where}: not valid JSON: nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise NotationError(f"{where}: not valid JSON: {exc.msg} at column {exc.colno}") from None
    except ValueError as exc:  # an integer of over 4300 digits, NaN, Infinity
        raise NotationError(f"{where}: not valid JSON: {str(exc).split(':')[0]}") from None


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def _header(value: object, where: str) -> Header:
    old = value.get("format") if isinstance(value, dict) else None
    if isinstance(old, str) and old in OLDER:
        raise NotationError(
            f"{where}: format {old} (an older unoverse) {OLDER[old]} and cannot be verified; "
            f"simulate the run again to write a {FORMAT} file"
        )
    if not isinstance(value, dict) or value.get("format") != FORMAT:
        raise NotationError(
            f"{where}: not a replay file (the first line must be a {FORMAT} header)"
        )
    h = _fields(value, HEADER_FIELDS, "the header", where)
    preset = h["preset"]
    if not isinstance(preset, str):
        raise NotationError(f"{where}: field 'preset' is a preset string, not {_shown(preset)}")
    try:
        variant, _options = resolve_preset(preset)
    except UnoverseError as exc:
        raise NotationError(f"{where}: field 'preset': {exc}") from None
    players = _integer(h, "players", where)
    try:
        variant.check_players(players)
    except UnoverseError as exc:
        raise NotationError(f"{where}: field 'players': {exc}") from None
    bots = h["bots"]
    if (
        not isinstance(bots, list)
        or len(bots) != players
        or not all(isinstance(b, str) and b for b in bots)
    ):
        raise NotationError(
            f"{where}: field 'bots' is one bot spec per seat ({players}), not {_shown(bots)}"
        )
    match = h["match"]
    if not isinstance(match, bool):
        raise NotationError(f"{where}: field 'match' is true or false, not {_shown(match)}")
    games = _integer(h, "games", where)
    cap = _integer(h, "max_actions", where)
    if games < 0 or cap < 1:
        name, value = ("games", games) if games < 0 else ("max_actions", cap)
        raise NotationError(f"{where}: field {name!r} is {value}, below its least value")
    return Header(preset, players, _integer(h, "seed", where), tuple(bots), match, games, cap)


def _replay_game(h: Header, index: int, line: dict[str, Any], where: str) -> int:
    """Replay game ``index`` (a file's line, its fields present); its action count."""
    number = _integer(line, "game", where)
    if number != index:
        raise ReplayMismatch(
            f"{where}: field 'game' is {number} where game {index} belongs (games are "
            f"numbered 0 to {h.games - 1} in order, one line each)"
        )
    where = f"{where}, game {index}"
    seed = derive(h.seed, "game", index)
    if _integer(line, "seed", where) != seed:
        raise ReplayMismatch(
            f"{where}: field 'seed' is {_shown(line['seed'])}; game {index} of run seed "
            f"{_shown(h.seed)} is dealt with seed {seed}"
        )
    recorded_unfinished = line["unfinished"]
    if not isinstance(recorded_unfinished, bool):
        raise NotationError(
            f"{where}: field 'unfinished' is true or false, not {_shown(recorded_unfinished)}"
        )
    recorded = line["winners"]
    if not isinstance(recorded, list) or not all(_is_int(w) for w in recorded):
        raise NotationError(f"{where}: field 'winners' is a list of seats, not {_shown(recorded)}")
    rounds = line["rounds"]
    if not isinstance(rounds, list):
        raise NotationError(f"{where}: field 'rounds' is a list of rounds, not {_shown(rounds)}")
    if h.match:
        actions, winners = _replay_match(h, seed, rounds, where)
    else:
        actions, winners = _replay_single(h, seed, rounds, where)
    ended = winners is not None
    if recorded_unfinished == ended:
        raise ReplayMismatch(
            f"{where}: field 'unfinished' is {json.dumps(recorded_unfinished)}, but the game "
            + ("ends" if ended else f"reaches the action cap ({h.max_actions}) without ending")
        )
    if tuple(recorded) != (winners or ()):
        raise ReplayMismatch(
            f"{where}: field 'winners' records {_shown(recorded)}; the replay gives "
            f"{list(winners or ())}"
        )
    return actions


def _replay_single(
    h: Header, seed: int, rounds: list[Any], where: str
) -> tuple[int, tuple[int, ...] | None]:
    """A game that is not a match: one round dealt with the game's seed."""
    if len(rounds) != 1:
        raise ReplayMismatch(
            f"{where}: field 'rounds' holds {len(rounds)} rounds; a game that is not a match "
            "(header field 'match') has one"
        )
    where = f"{where}, round 0"
    rec = _round(rounds[0], h.players, where)
    _dealt(rec, seed, None, (), where)
    game = new_game(h.preset, h.players, seed)  # the header's preset and players: checked
    ended = _replay(game, rec, where, h.max_actions)
    return len(rec.actions), (game.winner,) if ended else None


def _replay_match(
    h: Header, seed: int, rounds: list[Any], where: str
) -> tuple[int, tuple[int, ...] | None]:
    """A match: the rounds ``play_match`` deals, each replayed from its record, until the
    match is decided (or a round reaches the action cap)."""
    played = [0, 0]  # rounds replayed, actions

    def play(game: Game, round_seed: int, dealer: int | None) -> None:
        r = played[0]
        if r == len(rounds):
            raise ReplayMismatch(
                f"{where}: field 'rounds' holds {r} rounds, and the match is not decided after them"
            )
        at = f"{where}, round {r}"
        rec = _round(rounds[r], h.players, at)
        eliminated = tuple(s for s in range(game.n) if game.eliminated[s])
        _dealt(rec, round_seed, dealer, eliminated, at)
        played[0] += 1
        played[1] += len(rec.actions)
        if not _replay(game, rec, at, h.max_actions):
            raise _Unfinished

    winners: tuple[int, ...] | None = None
    # ``play`` refuses a round past the recorded ones before play_match's own limit
    with suppress(_Unfinished):
        winners = play_match(h.preset, h.players, seed, play, max_rounds=len(rounds) + 1).winners
    if played[0] < len(rounds):
        raise ReplayMismatch(
            f"{where}, round {played[0]}: a round after the match "
            + ("was decided" if winners is not None else "stopped unfinished")
            + f" (field 'rounds' holds {len(rounds)}, the match plays {played[0]})"
        )
    return played[1], winners


def _dealt(
    rec: _Round, seed: int, dealer: int | None, eliminated: tuple[int, ...], where: str
) -> None:
    """The round is recorded as it is dealt: its seed, dealer and eliminated seats."""
    if rec.seed != seed:
        raise ReplayMismatch(
            f"{where}: field 'seed' is {_shown(rec.seed)}; this round is dealt with seed {seed}"
        )
    if rec.dealer != dealer:
        raise ReplayMismatch(
            f"{where}: field 'dealer' is {_shown(rec.dealer)}; the deal is "
            + ("chosen by the round (null)" if dealer is None else f"seat {dealer}'s")
        )
    if rec.eliminated != eliminated:
        raise ReplayMismatch(
            f"{where}: field 'eliminated' is {list(rec.eliminated)}; the match has "
            f"eliminated {list(eliminated)}"
        )


def _replay(game: Game, rec: _Round, where: str, cap: int | None) -> bool:
    """Apply a round's actions to ``game`` and check its tags, times, hashes and winner;
    whether the round ended. One that did not must have reached ``cap`` (None: it must
    end). The tags come first, so that the first action that differs from the record is
    the one named, whatever it does to the game."""
    _check_tags(rec, where)
    actions = rec.actions
    n = len(actions)
    positions = [0, *range(HASH_EVERY, n, HASH_EVERY), *([n] if n else [])]
    recorded = [p for p, _ in rec.hashes]
    if recorded != positions:
        j = next(j for j, (p, q) in enumerate(zip_longest(recorded, positions)) if p != q)
        rule = f"state hashes follow action 0, every {HASH_EVERY} actions and the last ({n})"
        if j == len(recorded):
            raise ReplayMismatch(
                f"{where}: field 'hashes' has none after action {positions[j]}; {rule}"
            )
        raise ReplayMismatch(
            f"{where}: field 'hashes' entry {j} is after action {_shown(recorded[j])}; {rule}"
        )
    expected = dict(rec.hashes)
    chain = state_hash(game)
    _check(expected, 0, chain, where)
    last = 0.0
    for i, (seat, text, at) in enumerate(actions, start=1):
        if at < last:
            raise ReplayMismatch(
                f"{where}, action {i}: its time {at} is before "
                + ("0" if i == 1 else f"the previous action's {last}")
                + " (times never decrease)"
            )
        last = at
        if game.over:
            raise ReplayMismatch(f"{_action(where, i, rec)}: an action after the round ended")
        try:
            game.apply(seat, text, at)
        except UnoverseError as exc:
            raise ReplayMismatch(f"{_action(where, i, rec)}: refused: {exc}") from None
        if i % HASH_EVERY == 0 or i == n:
            chain = state_hash(game, chain)
            _check(expected, i, chain, where)
    if game.over:
        if rec.winner != game.winner:
            raise ReplayMismatch(
                f"{where}: field 'winner' is {rec.winner}; the replay's winner is seat "
                f"{game.winner}"
            )
        if cap is not None and n > cap:
            raise ReplayMismatch(f"{where}: field 'actions' holds {n}, over the cap of {cap}")
        return True
    if cap is None or n != cap:
        raise ReplayMismatch(f"{where}: the round does not end after its {n} actions")
    if rec.winner != -1:
        raise ReplayMismatch(
            f"{where}: field 'winner' is {rec.winner}, but the round reaches the action cap "
            f"({cap}) without ending (-1)"
        )
    return False


def _check_tags(rec: _Round, where: str) -> None:
    """Each action is the one the action chain records at its place, and there are as many
    as it records; otherwise the first that is not is named."""
    n, m = len(rec.actions), len(rec.tags) // TAG_DIGITS
    for i, tag in enumerate(action_tags(rec.actions[:m]), start=1):
        recorded = rec.tags[(i - 1) * TAG_DIGITS : i * TAG_DIGITS]
        if tag != recorded:
            raise ReplayMismatch(
                f"{_action(where, i, rec)}: not the action recorded there (its tag is {tag}; "
                f"field 'tags' records {recorded})"
            )
    if m > n:
        raise ReplayMismatch(
            f"{where}, action {n + 1}: missing (field 'tags' records {m} actions; field "
            f"'actions' holds {n})"
        )
    if m < n:
        raise ReplayMismatch(
            f"{_action(where, m + 1, rec)}: not in the record (field 'tags' records {m} "
            f"actions; field 'actions' holds {n})"
        )


def _check(expected: dict[int, str], at: int, chain: str, where: str) -> None:
    """The state-hash chain's link after action ``at`` is ``chain``."""
    if expected[at] != chain:
        raise ReplayMismatch(f"{where}: state hash differs after action {at}")


def _action(where: str, i: int, rec: _Round) -> str:
    """Action ``i`` (from 1) of the round, for a message."""
    return f"{where}, action {i} ({_shown(list(rec.actions[i - 1]))})"


def _round(value: object, players: int, where: str) -> _Round:
    """A round record's fields, checked for their types and ranges."""
    rnd = _fields(value, ROUND_FIELDS, "a round record", where)
    seed = _integer(rnd, "seed", where)
    dealer = rnd["dealer"]
    if dealer is not None and not _is_seat(dealer, players):
        raise NotationError(f"{where}: field 'dealer' is a seat or null, not {_shown(dealer)}")
    eliminated = rnd["eliminated"]
    if (
        not isinstance(eliminated, list)
        or not all(_is_seat(s, players) for s in eliminated)
        or eliminated != sorted(set(eliminated))
    ):
        raise NotationError(
            f"{where}: field 'eliminated' is a sorted list of seats, not {_shown(eliminated)}"
        )
    winner = rnd["winner"]
    if not (_is_seat(winner, players) or (winner == -1 and _is_int(winner))):
        raise NotationError(f"{where}: field 'winner' is a seat or -1, not {_shown(winner)}")
    return _Round(
        seed,
        dealer,
        tuple(eliminated),
        _actions(rnd["actions"], players, where),
        _tags(rnd["tags"], where),
        _hashes(rnd["hashes"], where),
        winner,
    )


def _actions(value: object, players: int, where: str) -> list[tuple[int | None, str, float]]:
    """``[seat, action, time]`` entries: a seat or null, a string, a finite time in
    milliseconds (its order is checked as the round is replayed, after the tags)."""
    if not isinstance(value, list):
        raise NotationError(f"{where}: field 'actions' is a list, not {_shown(value)}")
    out: list[tuple[int | None, str, float]] = []
    for i, entry in enumerate(value, start=1):
        at = f"{where}, action {i}"
        if not isinstance(entry, list) or len(entry) != 3:
            raise NotationError(f"{at}: an action is [seat, action, time], not {_shown(entry)}")
        seat, text, time = entry
        if seat is not None and not _is_seat(seat, players):
            raise NotationError(
                f"{at}: its seat is 0 to {players - 1} or null (the referee), not {_shown(seat)}"
            )
        if not isinstance(text, str):
            raise NotationError(f"{at}: its action is a string, not {_shown(text)}")
        ms = _milliseconds(time)
        if ms is None:
            raise NotationError(f"{at}: its time is a number of milliseconds, not {_shown(time)}")
        out.append((seat, text, ms))
    return out


def _milliseconds(value: object) -> float | None:
    """A time as a finite float, or None (a bool, not a number, too large, NaN)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        ms = float(value)
    except OverflowError:  # an integer beyond any float
        return None
    return ms if math.isfinite(ms) else None


def _tags(value: object, where: str) -> str:
    """The action chain's tags: ``TAG_DIGITS`` lowercase hex digits per action."""
    if not isinstance(value, str) or len(value) % TAG_DIGITS or not _HEX.issuperset(value):
        raise NotationError(
            f"{where}: field 'tags' is {TAG_DIGITS} lowercase hex digits per action, not "
            f"{_shown(value)}"
        )
    return value


def _hashes(value: object, where: str) -> list[tuple[int, str]]:
    if not isinstance(value, list) or not all(
        isinstance(h, list) and len(h) == 2 and _is_int(h[0]) and isinstance(h[1], str)
        for h in value
    ):
        raise NotationError(
            f"{where}: field 'hashes' is a list of [action count, hash], not {_shown(value)}"
        )
    return [(h[0], h[1]) for h in value]


def _fields(value: object, names: tuple[str, ...], what: str, where: str) -> dict[str, Any]:
    """``value`` as a JSON object with exactly the fields ``names``."""
    if not isinstance(value, dict):
        raise NotationError(f"{where}: {what} is a JSON object, not {_shown(value)}")
    for name in names:
        if name not in value:
            raise NotationError(f"{where}: field {name!r} is missing from {what}")
    for name in value:
        if name not in names:
            raise NotationError(f"{where}: {what} has no field {name!r}")
    return value


def _integer(fields: dict[str, Any], name: str, where: str) -> int:
    value = fields[name]
    if not _is_int(value):
        raise NotationError(f"{where}: field {name!r} is an integer, not {_shown(value)}")
    assert isinstance(value, int)
    return value


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_seat(value: object, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def _shown(value: object) -> str:
    """A value for a one-line message: JSON, cut to 60 characters."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"an integer of {value.bit_length()} bits"
    try:
        text = json.dumps(value)
    except (RecursionError, ValueError):  # nested deeper than the encoder goes
        return f"a nested {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."
