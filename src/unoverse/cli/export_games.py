"""``unoverse export``: a server's open game data (``GET /api/games/export``, every finished
game of a public room) written as JSON Lines or Parquet (docs/accounts.md, "Open game
data"). The command is registered on ``cli.app.app`` when ``cli.app`` imports this module.

It reads the data a page at a time, each page streamed line by line, and writes each game
as it comes (Parquet: a row group every ``GROUP`` games), so memory stays flat however many
games the server has. A JSON Lines file is what ``unoverse replay`` checks, every game of
it; a Parquet file has a column per field, the game's whole file in ``file`` for the same
check.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, Final

import typer

from ..core.errors import UnoverseError
from ..sim.results import load_pyarrow
from .app import _fail, app

#: Games a page asks for.
PAGE: Final = 1000
#: Games a Parquet row group holds.
GROUP: Final = 1000


def pages(base: str, since: str | None, until: str | None, page: int) -> Iterator[str]:
    """Every game line of the server at ``base`` (its open game data), page after page."""
    import httpx

    params: dict[str, Any] = {"limit": page}
    if since:
        params["since"] = since
    if until:
        params["until"] = until
    with httpx.Client(base_url=base.rstrip("/"), timeout=httpx.Timeout(60.0)) as http:
        while True:
            following = None
            with http.stream("GET", "/api/games/export", params=params) as answer:
                if answer.status_code != 200:
                    answer.read()
                    raise _fail(f"the server answered {answer.status_code}: {answer.text[:300]}")
                for line in answer.iter_lines():
                    if line.startswith('{"next":'):
                        following = json.loads(line)["next"]
                    elif line.strip():
                        yield line
            if following is None:
                return
            params["after"] = following


def _row(line: str) -> dict[str, Any]:
    game = json.loads(line)
    return {
        "game": game["game"],
        "room": game.get("room"),
        "finished_at": datetime.fromisoformat(game["finished_at"])
        if "finished_at" in game
        else None,
        "preset": game["preset"],
        "players": game["players"],
        "names": game.get("names"),
        "winner": game["winner"],
        "actions": len(game["actions"]),
        "commitment": game["commitment"],
        "seed": game["seed"],
        "salt": game["salt"],
        "file": line,
    }


def write_parquet(lines: Iterator[str], out: Path) -> int:
    """The games of ``lines`` as a Parquet file: how many."""
    try:
        pa, pq = load_pyarrow()
    except UnoverseError as exc:
        raise _fail(str(exc)) from None
    schema = pa.schema(
        [
            ("game", pa.int64()),
            ("room", pa.string()),
            ("finished_at", pa.timestamp("us", tz="UTC")),
            ("preset", pa.string()),
            ("players", pa.int16()),
            ("names", pa.list_(pa.string())),
            ("winner", pa.int16()),
            ("actions", pa.int32()),
            ("commitment", pa.string()),
            ("seed", pa.string()),
            ("salt", pa.string()),
            ("file", pa.string()),
        ]
    )
    count = 0
    with pq.ParquetWriter(out, schema, compression="zstd") as writer:
        group: list[dict[str, Any]] = []
        for line in lines:
            group.append(_row(line))
            if len(group) == GROUP:
                writer.write_table(pa.Table.from_pylist(group, schema=schema))
                count += len(group)
                group = []
        if group:
            writer.write_table(pa.Table.from_pylist(group, schema=schema))
            count += len(group)
    return count


@app.command("export")
def export_games(
    connect: Annotated[
        str, typer.Option("--connect", help="The server's address, e.g. http://localhost:8000.")
    ],
    out: Annotated[
        Path,
        typer.Option("--out", help="The file to write: .jsonl (JSON Lines) or .parquet."),
    ],
    since: Annotated[
        str | None, typer.Option("--since", help="Games finished at or after (ISO 8601).")
    ] = None,
    until: Annotated[
        str | None, typer.Option("--until", help="Games finished before (ISO 8601).")
    ] = None,
    page: Annotated[
        int, typer.Option("--page", min=1, max=10_000, help="Games asked for at a time.")
    ] = PAGE,
) -> None:
    """Write a server's open game data, every finished game of a public room in the order
    they finished, as JSON Lines (each line a game file unoverse replay checks) or Parquet
    (docs/accounts.md, "Open game data")."""
    for name, value in (("--since", since), ("--until", until)):
        if value is not None:
            try:
                datetime.fromisoformat(value)
            except ValueError:
                raise _fail(f"{name}: an ISO 8601 date or time, not {value!r}") from None
    if out.suffix not in (".jsonl", ".parquet"):
        raise _fail(f"--out: a .jsonl or .parquet file, not {out.name!r}")
    if not out.parent.is_dir():
        raise _fail(f"--out: no directory {out.parent}")
    lines = pages(connect, since, until, page)
    try:
        if out.suffix == ".parquet":
            count = write_parquet(lines, out)
        else:
            count = 0
            with out.open("w", encoding="utf-8") as f:
                for line in lines:
                    f.write(line + "\n")
                    count += 1
    except OSError as exc:
        raise _fail(f"{connect}: {exc}") from None
    print(f"{count} games written to {out}", file=sys.stderr)
