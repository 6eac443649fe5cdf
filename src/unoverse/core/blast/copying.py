"""Copying BlastPart, field by field: written by tools/gen_state.py from its declaration
(``FIELDS`` in ``core.blast.part``); change the declaration and run the tool, not this file.
"""

from __future__ import annotations

from .part import BlastPart


def copy_blast(src: BlastPart, dst: BlastPart) -> None:
    """Copy every field of ``src`` into ``dst`` (the new table's own part) as deep as its
    row says."""
    dst.accepted = src.accepted
    dst.armed = src.armed[:]
    dst.blocked = src.blocked
    dst.card = src.card
    dst.chosen = dict(src.chosen)
    dst.drawer = src.drawer
    dst.due = src.due[:]
    dst.lock = src.lock[:]
    dst.offers = dict(src.offers)
    dst.owed = src.owed[:]
    dst.paid = src.paid[:]
    dst.saved = src.saved
    dst.spent = src.spent[:]
    dst.then = src.then
