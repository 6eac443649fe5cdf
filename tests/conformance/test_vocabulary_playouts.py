"""Every event the engine emits belongs to the vocabulary (``unoverse.core.events.SCHEMA``).

Random games of every preset under test (``PRESETS`` and BLAST mode's ``LIVE_PRESETS``),
played through the simulation driver and so the match session, some with deadlines so that
the referee's timeouts, stalls and stuck rounds come too. Every event, set-up included:

* has a kind of the vocabulary and leaves every field its kind does not use at its default;
* gives its ``reason`` from its kind's closed set, and a direction of 1 or -1;
* reaches every seat and a spectator, through ``redact``, as an event whose wire form reads
  back to the very same event (a split event without its cards, a private one only to its
  owner), and has a sentence in the readable log.

The kinds random rounds rarely reach (a revive, a Shuffle Hands, the referee's penalty, a
stuck round; a table turning over, which UNO Flip's rounds reach too) come from fixed
positions, checked the same way; together the two tests reach every kind of the vocabulary.
"""

from __future__ import annotations

import json
from collections import Counter

import unoverse as uv
from rules._flip_table import table as flip_table
from unoverse.bots.base import make_bot
from unoverse.core import events as ev
from unoverse.core.events import DEFAULTS, FIELDS, PRIVATE, SCHEMA, SPLIT, Event, redact
from unoverse.core.sentences import describe
from unoverse.sim.driver import RoundRecord, play_round

from ._playout import DEEP, PRESETS, may_not_end, mixed_specs, table_sizes
from .test_blast_live_playouts import LIVE_PRESETS

#: The rounds of each preset: (players, seed, deadline). Rounds with deadlines are long
#: (a timeout is an action), so fewer.
ROUNDS = tuple(
    (players, seed, deadline)
    for players in ((2, 3, 4, 7) if DEEP else (2, 4))
    for seed in ((1, 2, 3) if DEEP else (1, 2))
    for deadline in (None, 1000.0)
    if deadline is None or DEEP or (players, seed) == (2, 1)
)
#: With deadlines, one seat answers late and the others mostly in time (as
#: test_deadline_playouts: a table of late seats can go on past the action cap).
LATE = ":median_ms=2500"
IN_TIME = ":median_ms=600"
#: The kinds the fixed positions of ``test_rare_events_are_in_their_kinds_schema`` give.
RARE = {ev.REVIVE, ev.SHUFFLE_HANDS, ev.PENALIZE, ev.STUCK, ev.TURN_OVER}
BLAST_SMALL = (
    "blast+mode=blast+blast.numbers=1+blast.bloqueo=1+blast.reversa=0+blast.descartar_todo=0"
    "+blast.plus_one=0+blast.plus_two=0+blast.plus_four=0+blast.numeral=0"
    "+blast.reversa_toma_4=0+blast.plus_six=0+blast.plus_ten=0+blast.multiple_2=0"
    "+blast.multiple_4=0+blast.blast_copies=0+blast.elimination_threshold=100"
)
NUMBERS = [f"{c}{n}" for c in "RYGBOP" for n in range(10)]


def conforms(e: Event, players: int) -> str:
    """Why ``e`` is not an event of the vocabulary as ``players`` seats see it ("" if it
    is)."""
    spec = SCHEMA.get(e.kind)
    if spec is None:
        return f"kind {e.kind!r} is not in the vocabulary"
    values = e.fields()[1:]
    for name, value, default in zip(FIELDS, values, DEFAULTS, strict=True):
        if name not in spec.fields_used and value != default:
            return f"{name}={value!r} is outside the fields of {e.kind}"
    if "reason" in spec.fields_used and e.reason not in spec.reasons:
        return f"reason {e.reason!r} is not one of {spec.reasons}"
    if "direction" in spec.fields_used and e.direction not in (1, -1):
        return f"direction {e.direction}"
    shown: dict[int, Event] = {}  # what the seats see, each distinct event once
    for seat in (None, *range(players)):
        seen = redact(e, seat)
        owner = seat is not None and seat == e.owner
        if seen is None:
            if spec.vis != PRIVATE or owner:
                return f"hidden from seat {seat}"
            continue
        if spec.vis == SPLIT and not owner and seen.cards:
            return f"seat {seat} sees the cards of a split event"
        if spec.vis == PRIVATE and not owner:
            return f"seat {seat} sees a private event"
        shown[id(seen)] = seen
    for seen in shown.values():
        wire = json.loads(json.dumps(seen.to_dict()))
        if Event.from_dict(wire) != seen:
            return f"its wire form {wire} reads back as {Event.from_dict(wire)}"
        if "{" in describe(seen):
            return f"its log line {describe(seen)!r}"
    return ""


def check(
    events: list[Event], players: int, where: str, passed: set[tuple[object, ...]] | None = None
) -> None:
    """Every event conforms at ``players`` seats. ``passed`` holds the events found to
    conform so far, by their fields and the table size (all ``conforms`` reads): an event
    equal to one of them is not checked again (rounds repeat most of their events)."""
    for e in events:
        values = e.fields()
        key = (players, values, tuple(map(type, values)))  # (a flag of 1 is not True)
        if passed is not None and key in passed:
            continue
        why = conforms(e, players)
        assert not why, f"{where}: {e}: {why}"
        if passed is not None:
            passed.add(key)


def play(preset: str, players: int, seed: int, deadline: float | None) -> list[Event]:
    """Every event of one round played by bots through the driver, set-up first."""
    game = uv.new_game(preset, players, seed)
    timing = ("", "") if deadline is None else (LATE, IN_TIME)
    bots = [
        make_bot(spec + timing[s != seed % players], seed, s)
        for s, spec in enumerate(mixed_specs(players, seed))
    ]
    events = list(game.setup_events)

    def keep(seat: int, act: uv.Action, got: list[Event]) -> None:
        events.extend(got)

    play_round(game, bots, RoundRecord(seed, None), on_events=keep, deadline_ms=deadline)
    return events


def test_every_emitted_event_is_in_its_kinds_schema() -> None:
    seen: Counter[str] = Counter()
    passed: set[tuple[object, ...]] = set()
    for preset in PRESETS + LIVE_PRESETS:
        if may_not_end(preset):
            continue  # (a round without Mercy may not end: test_playouts)
        for size, seed, deadline in ROUNDS:
            (players,) = table_sizes(preset, (size,))  # (No Mercy's 6 for 7)
            events = play(preset, players, seed, deadline)
            where = f"{preset} {players}p seed {seed} deadline {deadline}"
            check(events, players, where, passed)
            seen.update(e.kind for e in events)
    assert set(SCHEMA) - set(seen) <= RARE, f"kinds reached: {dict(seen)}"


def test_rare_events_are_in_their_kinds_schema() -> None:
    revive = uv.position(
        "classic+stacking=progressive+revive\n"
        "hands: R1 R+2 | R7 G+2 G5 | B1 B2\ntop: R5@2\ndraw: Y9\nturn: 0"
    )
    shuffle = uv.position(
        "classic+classic.deck=112_modern\nhands: WSH R1 R2 | G1 G2 | Y1; top: R5; turn: 0"
    )
    stalemate = uv.position(
        f"{BLAST_SMALL}; hands: {' '.join(NUMBERS[:25])} | YBL GBL BBL OBL PBL | "
        f"{' '.join(NUMBERS[25:])}; top: RBL@0; draw: -; blocked: 1; lock: R"
    )
    idle = uv.position("hands: R1 R2 | G1 G2 | Y1 Y2; top: R5; turn: 0")
    events = [
        *(e for s, a in ((0, "R1 uno"), (1, "R7"), (2, "draw"), (0, "R+2"), (1, "G+2"))
          for e in revive.apply(s, a)),
        *shuffle.apply(0, "WSH:G"),
        *idle.apply(None, "penalize:1:2"),
        *idle.apply(None, "stuck"),
        *stalemate.apply(2, "arm:P9", 1000.0),
        *flip_table("R5|P2 G7|O6", "B2|O8", "GF|T3 R1|P3", "B9|O5", "Y2|T1").apply(0, "GF|T3"),
    ]  # fmt: skip
    check(events, 3, "fixed positions")
    kinds = {e.kind for e in events}
    assert kinds >= RARE
    assert {e.reason for e in events if e.kind == ev.STUCK} == set(ev.STUCK_REASONS)
