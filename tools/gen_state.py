"""Write the code that follows from the state's one declaration (``core.state.FIELDS``).

``src/unoverse/core/copying.py`` holds ``copy_state``, which ``Game.copy`` calls: every field
copied as deep as its row says (``Copy``), written out one assignment a field, because a loop
over the table with ``getattr`` and ``setattr`` takes twice as long in the compiled build,
and search copies games constantly. The file is generated, not written by hand, so a field
is declared once: add its row to ``FIELDS`` (and its slot and ``__init__`` value, which
tests/state holds to the table), run this, and the copy follows. A test fails while the file
is not what this writes.

    .venv/bin/python tools/gen_state.py          # write it
    .venv/bin/python tools/gen_state.py --check  # exit 1 unless it is up to date
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from unoverse.core.state import FIELDS, Copy, Field, Shape  # noqa: E402

OUT = ROOT / "src" / "unoverse" / "core" / "copying.py"
#: Fields the new game takes from its constructor (``Game(rules, n, rng.state)``): the rules
#: and how cards are drawn (from the rules), the seat count, and the PRNG in its state.
BY_CONSTRUCTOR = frozenset({"rules", "draws", "n", "rng"})

HEAD = '''"""Copying a game's state field by field: written by tools/gen_state.py from the state's
declaration (``core.state.FIELDS``); change the declaration and run the tool, not this file.
"""

from __future__ import annotations

from .table import Table


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
    else:  # Copy.METHOD: an object's own copy, or None
        value = f"None if {source} is None else {source}.copy()"
    return f"    dst.{name} = {value}\n"


def generated() -> str:
    """The file's text."""
    return HEAD + "".join(line for f in FIELDS if (line := _line(f)) is not None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 unless up to date")
    args = parser.parse_args(argv)
    text = generated()
    if args.check:
        if not OUT.is_file() or OUT.read_text() != text:
            print(f"gen_state: {OUT.relative_to(ROOT)} is out of date: run tools/gen_state.py")
            return 1
        return 0
    OUT.write_text(text)
    print(f"gen_state: wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
