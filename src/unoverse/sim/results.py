"""Results files: one record per game (``sim.record``), streamed to disk as a run plays.

Two formats, by the file's suffix:

* JSON Lines (any other suffix): the header on line 1, then one record per line, written as
  the games finish (in game order) and flushed with each batch, so a run that stops leaves
  every record before it whole; at most its last line is cut short.
* Parquet (``.parquet``, with ``pyarrow``, the ``parquet`` extra): one row per record, the
  header in the file's metadata (key ``unoverse``), a row group per batch. Parquet needs its
  footer: a run stopped by Ctrl-C or an error writes it; a process killed outright leaves a
  file without one, which is reported as cut short and cannot be resumed.

``read`` checks a file as it goes and names the line (or row) that is wrong: a file cut
short, of another format, or not a results file. It reads a line at most
``MAX_LINE_BYTES`` at a time (``read_lines``), so a longer line, or input that never ends
(``/dev/zero``), is refused once that much is read. ``Resumable`` finds where a run stopped.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Final

from ..core.errors import UnoverseError
from .record import RUN_FIELDS, ResultsError, check_header, check_record, engine_of

#: The Parquet metadata key that holds the header.
META_KEY: Final = b"unoverse"
#: The longest line the readers of results and tournament files take: a record is about a
#: kilobyte, a header a few hundred bytes. A longer line is refused when this much of it
#: is read, so a reader never holds more of a line in memory.
MAX_LINE_BYTES: Final = 1 << 20


def is_parquet(path: Path) -> bool:
    """Whether ``path`` is (to be) a Parquet results file, by its suffix."""
    return path.suffix.lower() == ".parquet"


def load_pyarrow() -> Any:
    """``(pyarrow, pyarrow.parquet)``, or a ``ResultsError`` saying which extra has them."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ModuleNotFoundError:
        raise ResultsError(
            "Parquet results need pyarrow: pip install 'unoverse[parquet]' (or write JSON "
            "Lines: any suffix but .parquet)"
        ) from None
    return pa, pq


def record_schema(pa: Any) -> Any:
    """A record's row in a Parquet results file: its fields in order, the count maps as
    maps of text to 64-bit integers."""
    counts = pa.map_(pa.string(), pa.int64())
    fields = [
        ("game", pa.int64()),
        ("seed", pa.int64()),
        ("preset", pa.string()),
        ("players", pa.int16()),
        ("bots", pa.list_(pa.string())),
        ("winners", pa.list_(pa.int16())),
        ("points", pa.list_(pa.int32())),
        ("first", pa.int16()),
        ("actions", pa.int32()),
        ("turns", pa.int32()),
        ("rounds", pa.int32()),
        ("unfinished", pa.bool_()),
        ("plays", counts),
        ("draws", counts),
        ("counts", counts),
        ("eliminated", pa.list_(pa.list_(pa.int32()))),
        ("fired", counts),
    ]
    return pa.schema(fields)


class Writer:
    """Appends records to a results file; ``close`` makes it whole (Parquet's footer)."""

    def __init__(
        self, path: Path, header: dict[str, Any], resumed: Resumable | None = None
    ) -> None:
        """Start ``path`` with ``header``; or continue the run ``resumed`` found in it,
        after its whole records. A Parquet file is rewritten beside it (its rows so far
        copied first) and replaces it on ``close``."""
        self.path = path
        self._handle: IO[str] | None = None
        self._parquet: Any = None
        if is_parquet(path):
            pa, pq = load_pyarrow()
            self._pa = pa
            self._schema = record_schema(pa).with_metadata({META_KEY: json.dumps(header).encode()})
            kept = pq.read_table(path).slice(0, len(resumed.records)) if resumed else None
            self._tmp = path.with_name(f".{path.name}.writing")
            self._parquet = pq.ParquetWriter(self._tmp, self._schema)
            if kept is not None:
                self._parquet.write_table(kept.replace_schema_metadata(self._schema.metadata))
            return
        if resumed is not None:
            with path.open("r+b") as f:
                f.truncate(resumed.keep)
            self._handle = path.open("a", encoding="utf-8")
        else:
            self._handle = path.open("w", encoding="utf-8")
            self._handle.write(json.dumps(header) + "\n")
        self._handle.flush()

    def write(self, lines: str) -> None:
        """Append records given as JSON Lines (each line ending in a newline)."""
        if not lines:
            return
        if self._handle is not None:
            self._handle.write(lines)
            self._handle.flush()
            return
        rows = [_for_parquet(json.loads(line)) for line in lines.splitlines()]
        self._parquet.write_table(self._pa.Table.from_pylist(rows, schema=self._schema))

    def write_rows(self, rows: Any) -> None:
        """Append records given as Parquet rows: a pyarrow ``Table`` of ``record_schema``
        (a Parquet file's writer only; a worker that built its records as rows)."""
        self._parquet.write_table(rows.replace_schema_metadata(self._schema.metadata))

    def close(self) -> None:
        """Finish the file: every record written so far is readable."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None
        elif self._parquet is not None:
            self._parquet.close()
            self._parquet = None
            self._tmp.replace(self.path)


def _for_parquet(record: dict[str, Any]) -> dict[str, Any]:
    """A record as a Parquet row: the count maps as lists of pairs."""
    for name in ("plays", "draws", "counts", "fired"):
        record[name] = list(record[name].items())
    return record


@dataclass
class Resumable:
    """Where a run stopped in a results file: its header, its whole records (in game order,
    games ``0 .. len(records) - 1``) and, for JSON Lines, the bytes they take."""

    header: dict[str, Any]
    records: list[dict[str, Any]]
    keep: int

    @classmethod
    def find(cls, path: Path, header: dict[str, Any]) -> Resumable:
        """Read ``path`` to resume the run ``header`` describes. A file of another run
        (another seed, preset, table, bots, engine or version) is refused; a JSON Lines file's last
        line cut short (the write the stop interrupted) is dropped, its game played again.
        Only a regular file can be resumed (it is cut and appended to): a device or a pipe,
        whose records may never end, is refused before anything is read."""
        if not path.is_file():
            raise ResultsError(
                f"{path}: not a regular file: --resume continues a results file on disk"
            )
        records: list[dict[str, Any]] = []
        keep = 0
        found: dict[str, Any] | None = None
        for kind, value, where, end in _entries(path, cut_ok=True):
            if kind == "header":
                found = value
                played, asked = engine_of(value), header["engine"]
                if played != asked:
                    raise ResultsError(
                        f"{path} holds games played by the {played} engine, not the {asked} "
                        f"one: resume it with --engine {played}, or write to a new file"
                    )
                wrong = [f for f in RUN_FIELDS if value.get(f) != header[f]]
                if wrong:
                    theirs = ", ".join(f"{f} {value.get(f)!r}" for f in wrong)
                    ours = ", ".join(f"{f} {header[f]!r}" for f in wrong)
                    raise ResultsError(
                        f"{path} holds another run ({theirs}), not this one ({ours}): resume "
                        "it with the same preset, players, bots, seed and match, or write "
                        "to a new file"
                    )
            elif kind == "record":
                if value["game"] != len(records):
                    raise ResultsError(
                        f"{where}: game {value['game']} where game {len(records)} should be"
                    )
                records.append(value)
            keep = end
        if found is None:
            raise ResultsError(f"{path}: empty, not a results file")
        return cls(found, records, keep)


def read(path: Path) -> Iterator[tuple[dict[str, Any], dict[str, Any], str]]:
    """Each record of a results file as ``(header, record, where)``, checked; a
    ``ResultsError`` names the line (JSON Lines) or row (Parquet) that is wrong."""
    header: dict[str, Any] = {}
    for kind, value, where, _end in _entries(path, cut_ok=False):
        if kind == "header":
            header = value
        else:
            yield header, value, where


def _entries(path: Path, *, cut_ok: bool) -> Iterator[tuple[str, dict[str, Any], str, int]]:
    """``("header" | "record", value, where, end)``: ``end`` is the byte offset after it
    (JSON Lines; 0 for Parquet). With ``cut_ok``, a last line without its newline ends the
    file quietly instead of being an error."""
    if is_parquet(path):
        yield from _parquet_entries(path)
        return
    with path.open("rb") as f:
        offset = 0
        for number, raw, text in read_lines(f, path, ResultsError, "a unoverse results file"):
            where = f"{path} line {number}"
            if not raw.endswith(b"\n"):
                if cut_ok and number > 1:
                    return
                raise ResultsError(
                    f"{where}: cut short (no end of line): the run writing it stopped there; "
                    "--resume plays that game again"
                )
            offset += len(raw)
            try:
                value = json.loads(text)
            except (ValueError, RecursionError):  # (RecursionError: nested too deeply)
                if number == 1:
                    raise ResultsError(f"{where}: not a unoverse results file") from None
                raise ResultsError(f"{where}: not JSON") from None
            if number == 1:
                yield "header", check_header(value, where), where, offset
            else:
                yield "record", check_record(value, where), where, offset
        if offset == 0:
            raise ResultsError(f"{path}: empty, not a results file")


def read_lines(
    f: IO[bytes], name: object, error: type[UnoverseError], what: str
) -> Iterator[tuple[int, bytes, str]]:
    """Each line of ``f`` as ``(number, raw, text)``: its number from 1, its bytes (with
    the newline, where it has one: the last line of a file cut short has none) and its
    text. A line longer than ``MAX_LINE_BYTES`` (input that never ends among them) or not
    UTF-8 raises ``error`` naming file ``name`` and the line: not ``what``."""
    number = 0
    while raw := f.readline(MAX_LINE_BYTES + 1):
        number += 1
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            raise error(f"{name} line {number}: longer than {MAX_LINE_BYTES} bytes (not {what})")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise error(f"{name} line {number}: not UTF-8 text (not {what})") from None
        yield number, raw, text


def _parquet_entries(path: Path) -> Iterator[tuple[str, dict[str, Any], str, int]]:
    _pa, pq = load_pyarrow()
    try:
        file = pq.ParquetFile(path)
    except Exception as exc:  # pyarrow raises its own ArrowInvalid (and OSError)
        raise ResultsError(
            f"{path}: not a whole Parquet file ({exc}); a run killed before it could close "
            "the file leaves it so"
        ) from None
    meta = file.schema_arrow.metadata or {}
    if META_KEY not in meta:
        raise ResultsError(f"{path}: a Parquet file, but not unoverse results (no header)")
    yield "header", check_header(json.loads(meta[META_KEY]), f"{path} header"), "", 0
    row = 0
    for batch in file.iter_batches():
        for value in batch.to_pylist():
            row += 1
            where = f"{path} row {row}"
            for name in ("plays", "draws", "counts", "fired"):
                value[name] = dict(value[name]) if value[name] is not None else None
            yield "record", check_record(value, where), where, 0
