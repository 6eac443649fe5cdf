"""The results of a simulation, one record per game: their fields and their checks.

A results file (``sim.results``) starts with a header naming its format and the run that
wrote it, then holds one record per game in game order. A record is self-contained (its
preset, table size and bots included), so records of several runs can be read together:

``game``, ``seed``
    the game's index in its run and its seed (``derive(run seed, "game", index)``), which
    plays it again alone;
``preset``, ``players``, ``bots``
    the rules, the table size and each seat's bot spec;
``winners``
    the seat that won (several for a match shared in a tie, none for an unfinished game);
``points``
    the points left in each seat's hand when the game (its last round) ended;
``first``
    the seat whose turn the game (its first round) began with: the first to play;
``actions``, ``turns``, ``rounds``
    its length: accepted actions and turns over every round, and the rounds played;
``unfinished``
    a round reached the action cap (RULES.md E-6): the game has no result;
``plays``, ``draws``
    cards played and cards drawn (or fired by a launcher), by card kind (``"7"``, ``"W+4"``);
``counts``
    the variant's own counts (``simulate.counted``: catches, challenges, chains, jump-ins...);
``eliminated``
    ``[seat, turn]`` for each seat eliminated, at the turn it went (UNO Blast);
``fired``
    launcher presses by the cards each fired, ``{"0": 41, "1": 9, ...}`` (UNO Attack).
"""

from __future__ import annotations

from typing import Any, Final

from ..core.errors import UnoverseError

#: The format a results file names in its header; a reader refuses any other.
FORMAT: Final = "unoverse-results/1"
#: The run's fields in a header: a file resumed must match them all, and its engine too
#: (``engine_of``: a file written before the field was says nothing).
RUN_FIELDS: Final = ("preset", "players", "bots", "seed", "match", "max_actions", "unoverse")
#: The engines a run's games may be played by (its header's ``engine``): the reference
#: engine (``unoverse.core``), or the batched one (``unoverse.fast``, Classic only).
ENGINES: Final = ("reference", "fast")
#: The engine of a header without the field (files written before it was recorded).
DEFAULT_ENGINE: Final = "reference"


class ResultsError(UnoverseError):
    """A results file that cannot be read as one (cut short, of another format, damaged),
    or one that does not belong to the run resumed."""

    code = "bad_results"


def header(
    preset: str,
    players: int,
    bots: list[str],
    seed: int,
    match: bool,
    max_actions: int,
    engine: str,
) -> dict[str, Any]:
    """A results file's header for a run."""
    from .. import __version__

    return {
        "format": FORMAT,
        "preset": preset,
        "players": players,
        "bots": bots,
        "seed": seed,
        "match": match,
        "max_actions": max_actions,
        "engine": engine,
        "unoverse": __version__,
    }


def engine_of(head: dict[str, Any]) -> str:
    """The engine that played a header's run (``DEFAULT_ENGINE`` where it is not said)."""
    engine: str = head.get("engine", DEFAULT_ENGINE)
    return engine


def check_header(value: object, where: str) -> dict[str, Any]:
    """``value`` as a header of this format, or a ``ResultsError`` saying what is wrong."""
    if not isinstance(value, dict) or "format" not in value:
        raise ResultsError(f"{where}: not a unoverse results file (no header with a format)")
    if value["format"] != FORMAT:
        raise ResultsError(
            f"{where}: results format {value['format']!r}; this version reads {FORMAT!r}"
        )
    _fields(value, _HEADER_TYPES, where)
    if engine_of(value) not in ENGINES:
        raise ResultsError(
            f"{where}: engine {value['engine']!r}; engines are: {', '.join(ENGINES)}"
        )
    return value


#: Each record field and the type of its value.
_RECORD_TYPES: Final[dict[str, type]] = {
    "game": int,
    "seed": int,
    "preset": str,
    "players": int,
    "bots": list,
    "winners": list,
    "points": list,
    "first": int,
    "actions": int,
    "turns": int,
    "rounds": int,
    "unfinished": bool,
    "plays": dict,
    "draws": dict,
    "counts": dict,
    "eliminated": list,
    "fired": dict,
}
_HEADER_TYPES: Final[dict[str, type]] = {
    "preset": str,
    "players": int,
    "bots": list,
    "seed": int,
    "match": bool,
    "max_actions": int,
    "unoverse": str,
}


def check_record(value: object, where: str) -> dict[str, Any]:
    """``value`` as a game record, or a ``ResultsError`` naming the field that is wrong."""
    if not isinstance(value, dict):
        raise ResultsError(f"{where}: not a game record (a JSON object)")
    _fields(value, _RECORD_TYPES, where)
    n = value["players"]
    if len(value["bots"]) != n or len(value["points"]) != n:
        raise ResultsError(f"{where}: 'bots' and 'points' need one entry per seat ({n})")
    if any(not isinstance(w, int) or not 0 <= w < n for w in value["winners"]):
        raise ResultsError(f"{where}: 'winners' holds a seat outside 0..{n - 1}")
    if not 0 <= value["first"] < n:
        raise ResultsError(f"{where}: 'first' is {value['first']}, not a seat in 0..{n - 1}")
    if not value["unfinished"] and not value["winners"]:
        raise ResultsError(f"{where}: a finished game without 'winners'")
    for name in ("plays", "draws", "counts", "fired"):
        if any(not isinstance(v, int) for v in value[name].values()):
            raise ResultsError(f"{where}: {name!r} holds a count that is not a whole number")
    for pair in value["eliminated"]:
        if not (
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, int) for x in pair)
        ):
            raise ResultsError(f"{where}: 'eliminated' holds {pair!r}, not [seat, turn]")
    return value


def _fields(value: dict[str, Any], types: dict[str, type], where: str) -> None:
    for name, kind in types.items():
        if name not in value:
            raise ResultsError(f"{where}: field {name!r} is missing")
        v = value[name]
        # (a bool is an int to Python; not here)
        if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
            raise ResultsError(f"{where}: field {name!r} is {v!r}, not a {kind.__name__}")
