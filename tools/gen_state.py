"""Write the code that follows from the state's one declaration (``core.state.FIELDS``).

``src/unoverse/core/copying.py`` holds ``copy_state``, which ``Game.copy`` calls: every field
copied as deep as its row says (``Copy``), written out one assignment a field, because a loop
over the table with ``getattr`` and ``setattr`` takes twice as long in the compiled build,
and search copies games constantly. Each rule set's part of the state (``core.parts``) gets
its own copy the same way, in its package's ``copying.py`` (``copy_blast``...), which the
table's copy calls for a part that is there. The files are generated, not written by hand,
so a field is declared once: add its row to ``FIELDS`` or the part's table (and its slot and
``__init__`` value, which tests/state holds to the table), run this, and the copy follows. A
test fails while a file is not what this writes.

    .venv/bin/python tools/gen_state.py          # write it
    .venv/bin/python tools/gen_state.py --check  # exit 1 unless it is up to date
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from unoverse.core.parts import PARTS, Part  # noqa: E402
from unoverse.core.state import BY_CONSTRUCTOR, FIELDS, Copy, Field, Shape  # noqa: E402

CORE = ROOT / "src" / "unoverse" / "core"
OUT = CORE / "copying.py"

HEAD = '''"""Copying a game's state field by field: written by tools/gen_state.py from the state's
declaration (``core.state.FIELDS``); change the declaration and run the tool, not this file.
"""

from __future__ import annotations

{imports}from .table import Table


def copy_state(src: Table, dst: Table) -> None:
    """Copy every field of ``src`` into ``dst`` (a new table of the same rules, seats and
    PRNG state) as deep as its row in ``FIELDS`` says."""
'''


def _line(f: Field) -> str | None:
    """The assignment that copies ``f``, or None for a field the copy does not take."""
    name = f.name
    if name in BY_CONSTRUCTOR or f.copy is Copy.NONE:
        return None
    source = f"src.{name}"
    if f.copy in (Copy.VALUE, Copy.SHARED):
        value = source
    elif f.copy is Copy.SHALLOW:
        value = f"dict({source})" if f.shape is Shape.MAP else f"{source}[:]"
    elif f.copy is Copy.ROWS:
        value = f"[row[:] for row in {source}]"
    elif f.copy is Copy.CELLS:
        value = f"[[cell[:] for cell in row] for row in {source}]"
    elif f.copy is Copy.PART:  # into the new table's own part (the same rules: both or neither)
        return (
            f"    if {source} is not None and dst.{name} is not None:\n"
            f"        copy_{name}({source}, dst.{name})\n"
        )
    else:  # Copy.METHOD: an object's own copy, or None
        value = f"None if {source} is None else {source}.copy()"
    return f"    dst.{name} = {value}\n"


PART_HEAD = '''"""Copying {cls}, field by field: written by tools/gen_state.py from its declaration
(``FIELDS`` in ``core.{package}.part``); change the declaration and run the tool, not this file.
"""

from __future__ import annotations

from .part import {cls}


def copy_{slot}(src: {cls}, dst: {cls}) -> None:
    """Copy every field of ``src`` into ``dst`` (the new table's own part) as deep as its
    row says."""
'''


def generated() -> str:
    """The text of ``core/copying.py``."""
    imports = "".join(f"from .{p.package}.copying import copy_{p.slot}\n" for p in PARTS)
    head = HEAD.replace("{imports}", imports)
    return head + "".join(line for f in FIELDS if (line := _line(f)) is not None)


def generated_part(part: Part) -> str:
    """The text of the part's ``copying.py``: the same lines, into a new part."""
    head = PART_HEAD.format(cls=part.cls.__name__, package=part.package, slot=part.slot)
    lines = "".join(line for f in part.fields if (line := _line(f)) is not None)
    return head + lines


def outputs() -> dict[Path, str]:
    """Every generated file and its text."""
    files = {OUT: generated()}
    for p in PARTS:
        files[CORE / p.package / "copying.py"] = generated_part(p)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 unless up to date")
    args = parser.parse_args(argv)
    stale = 0
    for path, text in outputs().items():
        if path.is_file() and path.read_text() == text:
            continue
        if args.check:
            print(f"gen_state: {path.relative_to(ROOT)} is out of date: run tools/gen_state.py")
            stale = 1
            continue
        path.write_text(text)
        print(f"gen_state: wrote {path.relative_to(ROOT)}")
    return stale


if __name__ == "__main__":
    raise SystemExit(main())
