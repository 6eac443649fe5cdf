"""Copying a game's state field by field: written by tools/gen_state.py from the state's
declaration (``core.state.FIELDS``); change the declaration and run the tool, not this file.
"""

from __future__ import annotations

from .blast.copying import copy_blast
from .table import Table


def copy_state(src: Table, dst: Table) -> None:
    """Copy every field of ``src`` into ``dst`` (a new table of the same rules, seats and
    PRNG state) as deep as its row in ``FIELDS`` says."""
    dst.active = src.active
    if src.blast is not None and dst.blast is not None:
        copy_blast(src.blast, dst.blast)
    dst.buried = src.buried[:]
    dst.color = src.color
    dst.color_next = src.color_next
    dst.dealer = src.dealer
    dst.direction = src.direction
    dst.discard = src.discard[:]
    dst.discard_by = src.discard_by[:]
    dst.draw_pile = src.draw_pile[:]
    dst.drawn = src.drawn
    dst.eliminated = src.eliminated[:]
    dst.hands = [row[:] for row in src.hands]
    dst.illegal = src.illegal
    dst.jump_undo = src.jump_undo
    dst.known = [[cell[:] for cell in row] for row in src.known]
    dst.landed = src.landed
    dst.launcher = None if src.launcher is None else src.launcher.copy()
    dst.offers = src.offers
    dst.offers_seat = src.offers_seat
    dst.offers_version = src.offers_version
    dst.out = src.out
    dst.pen_amount = src.pen_amount
    dst.pen_chain = src.pen_chain
    dst.pen_challenge = src.pen_challenge
    dst.pen_legal = src.pen_legal
    dst.pen_returned = src.pen_returned
    dst.pen_source = src.pen_source
    dst.pen_until = src.pen_until
    dst.phase = src.phase
    dst.said_uno = src.said_uno[:]
    dst.setup_events = src.setup_events
    dst.strict = src.strict
    dst.top_kind = src.top_kind
    dst.turn = src.turn
    dst.uno_open = src.uno_open[:]
    dst.version = src.version
    dst.winner = src.winner
