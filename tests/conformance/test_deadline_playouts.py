"""Every preset played with deadlines, as a server runs every room: one seat's bot answers
too late to be in time (median 2,500 ms), the others in time but for the odd slow answer
(median 600 ms), against a 1,000 ms deadline. The session's referee times windows out,
BLAST events included, stalls live play, and refuses the late answers (RULES.md P8, §5.8).
(With every seat missing the deadline about half the time, a round with every card in the
hands and progressive stacking can go on past 20,000 actions: each timeout takes a penalty
instead of answering it, and the chain hands the pile back. That is a slow table, not a
stuck one; ``tests/match/test_deadlines.py`` plays UNO Blast with such a table.)

Each round must end (by play, or by U-C-14 when only the referee acts), keep every card
(UNO Flip's on the side in play), log times that never decrease and replay exactly from its
log. Normal profile: every preset once, the table size and seed in turn. Deep profile
(``UNOVERSE_DEEP=1``): every preset at 2, 3, 4, 7 and 10 players (No Mercy at 3, 4 and 6),
two seeds each.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import unoverse as uv
from unoverse.bots.base import make_bot
from unoverse.match.replay import replay_round
from unoverse.sim.driver import RoundRecord, play_round

from ._playout import (
    DEEP,
    NORMAL_PLAYERS,
    PRESETS,
    deck_now,
    mixed_specs,
    table_sizes,
)
from .test_blast_live_playouts import LIVE_PRESETS

DEADLINE_MS = 1000.0
LATE = ":median_ms=2500"
IN_TIME = ":median_ms=600"
REFEREE = {"timeout", "stall", "stuck"}


def _matrix() -> list[object]:
    out: list[object] = []
    for i, preset in enumerate(PRESETS + LIVE_PRESETS):
        sizes = table_sizes(preset, NORMAL_PLAYERS)
        if preset.startswith("no_mercy"):
            # two seats of No Mercy often end a round in a few actions (a Wild Reverse Draw 4
            # chain on its own player knocks it out, NM-8), before a late answer can come
            sizes = sizes[1:]
        if DEEP:
            runs = [(n, seed) for n in sizes for seed in (1, 2)]
        else:
            runs = [(sizes[i % len(sizes)], i + 1)]
        marks = [pytest.mark.deep] if DEEP else []
        out.extend(
            pytest.param(preset, n, seed, marks=marks, id=f"{preset}-{n}p-{seed}")
            for n, seed in runs
        )
    return out


@pytest.mark.parametrize(("preset", "players", "seed"), _matrix())
def test_a_round_with_deadlines_ends_keeps_its_cards_and_replays(
    preset: str, players: int, seed: int
) -> None:
    game = uv.new_game(preset, players, seed)
    late = seed % players
    bots = [
        make_bot(spec + (LATE if s == late else IN_TIME), seed, s)
        for s, spec in enumerate(mixed_specs(players, seed))
    ]
    record = play_round(game, bots, RoundRecord(seed, None), hashes=True, deadline_ms=DEADLINE_MS)
    assert game.over and 0 <= game.winner < players and not game.eliminated[game.winner]
    assert Counter(game.all_cards()) == deck_now(game), "a card was lost or made"
    times = [at for *_, at in record.actions]
    assert times == sorted(times) and times[0] >= 0, "time in the log went backwards"
    referee = [text for seat, text, _ in record.actions if seat is None]
    if not game.rules.realtime:  # (live play has a deadline only in an event or forced play)
        assert referee, "no window timed out: the deadlines were never reached"
        # (a round the referee alone ends, U-C-14, may end before a late answer arrives: a
        # timed-out turn costs one deadline, U-C-18, so such a round is short)
        stuck = record.actions[-1][1] == "stuck"
        refused = any(seat == late for seat, *_ in record.rejected)
        assert refused or stuck, "no late answer was refused"
    assert set(referee) <= REFEREE
    assert game.version == len(record.actions)
    saved = json.loads(json.dumps(record.to_dict()))
    assert replay_round(preset, players, saved, preset) == len(record.actions)
