"""Copying a game's state field by field: written by tools/gen_state.py from the state's
declaration (``core.state.FIELDS``); change the declaration and run the tool, not this file.
"""

from __future__ import annotations

from .table import Table


def copy_state(src: Table, dst: Table) -> None:
    """Copy every field of ``src`` into ``dst`` (a new table of the same rules, seats and
    PRNG state) as deep as its row in ``FIELDS`` says."""
    dst.accepted = src.accepted
    dst.active = src.active
    dst.armed = src.armed[:]
    dst.blast_card = src.blast_card
    dst.blast_chosen = dict(src.blast_chosen)
    dst.blast_drawer = src.blast_drawer
    dst.blast_due = src.blast_due[:]
    dst.blast_offers = dict(src.blast_offers)
    dst.blocked = src.blocked
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
    dst.lock = src.lock[:]
    dst.offers = src.offers
    dst.offers_seat = src.offers_seat
    dst.offers_version = src.offers_version
    dst.out = src.out
    dst.owed = src.owed[:]
    dst.paid = src.paid[:]
    dst.pen_amount = src.pen_amount
    dst.pen_chain = src.pen_chain
    dst.pen_challenge = src.pen_challenge
    dst.pen_fire = src.pen_fire
    dst.pen_legal = src.pen_legal
    dst.pen_returned = src.pen_returned
    dst.pen_source = src.pen_source
    dst.phase = src.phase
    dst.said_uno = src.said_uno[:]
    dst.saved = src.saved
    dst.setup_events = src.setup_events
    dst.spent = src.spent[:]
    dst.strict = src.strict
    dst.then = src.then
    dst.top_kind = src.top_kind
    dst.turn = src.turn
    dst.uno_open = src.uno_open[:]
    dst.version = src.version
    dst.winner = src.winner
