"""UNO Blast's BLAST mode (RULES.md §5.8): whole real-time rounds played by
``unoverse.sim.driver.play_round`` on its virtual clock, every accepted action (and every
action the session refused) checked by ``_blast_live.LiveModel``, then replayed from the
round's log (``replay_round``, and event for event) and from saved states.

Normal profile: each preset — default rules, ``lock_scope=until_wild``, the three
``reverse_return`` options, ``big_draw_no_holder=next``, a window of 0 and one of 1,500 ms —
at 2, 3, 4 and 7 players, and the defaults at 10 too, one seeded round each, the table of bots in
turn (an arming bot with naive and random ones; naive and random ones; arming bots only).
Deep profile (``UNOVERSE_DEEP=1``): every preset at 2..10 players, four seeds each, every
table of bots. Then: determinism (same seed, same log), the coverage of every path of
§5.8. The cases the playouts found are pinned in ``tests/rules/test_blast_live.py``.
"""

from __future__ import annotations

from collections import Counter

import pytest

import unoverse as uv
from unoverse.sim.driver import STALL_MS, RoundRecord, play_round

from ._blast_live import MIXES, live_playout, make_bots, specs
from ._playout import ALL_PLAYERS, DEEP, NORMAL_PLAYERS

LIVE = "blast+mode=blast"
#: BLAST-mode presets: the defaults and each option of §5.8 (B-5, B-6, B-8, B-3).
LIVE_PRESETS = (
    LIVE,
    f"{LIVE}+lock_scope=until_wild",
    f"{LIVE}+reverse_return=all_same_color",
    f"{LIVE}+reverse_return=none",
    f"{LIVE}+big_draw_no_holder=next",
    f"{LIVE}+simultaneity_window_ms=0",
    f"{LIVE}+simultaneity_window_ms=1500",
)
DEEP_SEEDS = (1, 2, 3, 4)
#: The preset the normal profile also plays at 10 seats.
NORMAL_TEN = (LIVE,)


def _short(preset: str) -> str:
    return preset.removeprefix(LIVE).removeprefix("+") or "defaults"


def _matrix() -> list[object]:
    out: list[object] = []
    for i, preset in enumerate(LIVE_PRESETS):
        for j, n in enumerate(ALL_PLAYERS if DEEP else NORMAL_PLAYERS):
            if DEEP:
                runs = [(seed, MIXES[(i + j + seed) % len(MIXES)]) for seed in DEEP_SEEDS]
                marks = [pytest.mark.deep]
            elif n == max(NORMAL_PLAYERS) and preset not in NORMAL_TEN:
                continue  # (a checked round of 10 seats is about 700 actions: one preset)
            else:
                runs = [(j + 1, MIXES[(i + j) % len(MIXES)])]
                marks = []
            out.extend(
                pytest.param(
                    preset, n, seed, mix, marks=marks, id=f"{_short(preset)}-{n}p-{mix}-{seed}"
                )
                for seed, mix in runs
            )
    return out


@pytest.mark.parametrize(("preset", "players", "seed", "mix"), _matrix())
def test_live_playout(preset: str, players: int, seed: int, mix: str) -> None:
    """Offers, simultaneous refusals, holding penalties, block and lock, Reversa, Reversa y
    Toma 4, Múltiple Roba, the draw round, BLAST events, eliminations, conservation, views
    and refusals after every action of one seeded real-time round; its replay."""
    live_playout(preset, players, seed, mix)


# -- determinism --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "players", "seed", "mix"),
    [
        (LIVE, 4, 21, "mixed"),
        (f"{LIVE}+simultaneity_window_ms=1500", 7, 22, "arming"),
        (f"{LIVE}+lock_scope=until_wild", 10, 23, "naive+random"),
    ],
)
def test_same_seed_same_round(preset: str, players: int, seed: int, mix: str) -> None:
    """P8, E-3: the same seed gives the same log (arrival times included), the same refusals,
    the same state hashes and the same end."""
    records = []
    for _ in range(2):
        game = uv.new_game(preset, players, seed)
        record = play_round(
            game, make_bots(specs(mix, players, seed), seed), RoundRecord(seed, None), hashes=True
        )
        records.append((record, uv.to_json(game)))
    (a, end_a), (b, end_b) = records
    assert a.actions == b.actions and a.rejected == b.rejected
    assert a.hashes == b.hashes and a.winner == b.winner and end_a == end_b


# -- coverage: the playouts reach every rule of §5.8 ----------------------------------------------
#: What a fixed set of BLAST-mode playouts must reach (``LiveModel.paths``): simultaneous
#: refusals with and without a holding penalty and from a seat that has paid, armed seats'
#: holding penalties (the next seat armed too), block and unblock, the lock and a wild that
#: lifts it, each Reversa option, Reversa y Toma 4 both ways, Múltiple Roba, +6/+10 with
#: holders, with nobody and with ``big_draw_no_holder=next``, Descartar Todo, the draw round
#: (with a blocked seat, its forced play), the stall, BLAST events during live play (a holding
#: penalty, a +N, Múltiple Roba, the draw round; with nobody to meet them; BLAST cards put
#: back), eliminations, both ends of the round, armed cards played and discarded, refusals.
LIVE_WANTED = (
    "simultaneous:holding", "simultaneous:none", "simultaneous:paid", "holding:armed",
    "holding:armed_next_once", "block", "unblocked", "block:holds_a_legal_card",
    "illegal:blocked_play", "lock:excluded", "lock:lifted_by_wild", "illegal:locked_play",
    "reversa:returned:contiguous", "reversa:returned:all_same_color", "reversa:nothing:none",
    "rev4:returned", "rev4:stays", "multiple", "big:holders", "big:nobody", "big:next",
    "descartar", "draw_round", "draw_round:blocked_seat", "round:played", "stall", "event",
    "event:holding", "event:penalty", "event:all_hit", "event:round", "event:nobody_due",
    "event:blast_returned", "eliminated", "eliminated:holding", "eliminated:all_hit",
    "over:last_active", "over:emptied", "armed_card_played", "armed_card_discarded",
    "refused:stale", "refused:illegal", "refused:not_your_window", "refused:eliminated",
    "refused:event", "reshuffle", "arm", "disarm",
)  # fmt: skip
COVERAGE = (
    (f"{LIVE}+reverse_return=all_same_color", 2, 44, "naive+random", 2_000.0),
    (f"{LIVE}+big_draw_no_holder=next", 4, 60, "naive+random", 2_000.0),
    (f"{LIVE}+big_draw_no_holder=next", 4, 51, "naive+random", 2_000.0),  # a card gone
    (f"{LIVE}+big_draw_no_holder=next", 2, 60, "arming", 2_000.0),
    (f"{LIVE}+simultaneity_window_ms=0", 3, 61, "naive+random", STALL_MS),
    (f"{LIVE}+big_draw_no_holder=next", 3, 46, "naive+random", STALL_MS),
    (f"{LIVE}+reverse_return=none", 2, 59, "naive+random", STALL_MS),
    (f"{LIVE}+reverse_return=none", 7, 45, "naive+random", STALL_MS),
)


def test_live_playouts_reach_every_rule() -> None:
    """A fixed set of BLAST-mode playouts reaches every path of §5.8 the model follows, so
    its checks are not vacuous."""
    seen: Counter[str] = Counter()
    for preset, players, seed, mix, stall_ms in COVERAGE:
        done = live_playout(preset, players, seed, mix, stall_ms=stall_ms, illegal_every=3)
        seen += done.paths
    missing = [k for k in LIVE_WANTED if not seen[k]]
    assert not missing, f"no playout reached {missing}; seen {dict(seen)}"
