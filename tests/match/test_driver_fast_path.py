"""The driver's lone-seat path gives the session path's very records.

``play_round`` hands the answer of a seat that is alone in being able to act, with nothing
else on its way, straight to ``Session.answer`` instead of queueing it (docs/match.md, "The
simulation driver is a client"). Here every round is played twice: by ``play_round``, and by
a plain loop that sends every answer through the session's inbox (``Table.ask`` with
``Session.receive``, then ``Session.step``), as the driver did before it had the lone path.
The two must agree on everything the record and the event sink see.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

import unoverse as uv
from unoverse.bots.base import Bot, make_bot
from unoverse.core.actions import DRAW, Action, Kind
from unoverse.core.codec import state_hash
from unoverse.core.events import Event
from unoverse.core.game import Phase
from unoverse.match.replay import HASH_EVERY
from unoverse.match.session import Ack, LogEntry, Session
from unoverse.sim.driver import BotError, NonTermination, RoundRecord, Table, on_grid, play_round

_TURN_KINDS = (Kind.PLAY, Kind.DRAW, Kind.PRESS, Kind.TAKE, Kind.CHALLENGE)

#: Presets without deadlines or BLAST mode, where the lone path runs, and whether windows
#: for other seats open in their rounds (UNO calls and catches, jump-ins, BLAST events) and
#: hand the round back to the inbox.
CASES = [
    ("classic", 2, "naive", False),
    ("classic", 4, "random", True),
    ("classic", 10, "naive", False),
    ("classic+jump_in", 4, "random", True),
    ("classic+jump_in", 3, "naive,random,naive", True),
    ("classic+stacking=progressive+seven_zero", 3, "random", True),
    ("classic+draw_until_playable", 3, "naive,random,heuristic", False),
    ("attack", 3, "random", True),
    ("minecraft", 3, "random", False),
    ("full_spectrum", 4, "random", True),
    ("blast", 4, "random", True),
]
SEEDS = range(6)
CAP = 600  # random bots' rounds run long: both loops stop at the same action


@dataclass
class Played:
    """What a round left: the record's fields, every event-sink call, the final state."""

    actions: list[LogEntry]
    turns: int
    rejected: list[tuple[int, str, float, str]]
    hashes: list[tuple[int, str]]
    winner: int
    calls: list[tuple[object, str, list[Event]]]
    state: str
    outcome: str
    #: steps where more than one seat could act, or an answer was already on its way
    shared_steps: int = 0
    inbox_refusals: list[str] = field(default_factory=list)


def seated(preset: str, players: int, bots: str, seed: int) -> tuple[uv.Game, list[Bot]]:
    specs = bots.split(",") if "," in bots else [bots] * players
    game = uv.new_game(preset, players, seed)
    return game, [make_bot(spec, seed, seat) for seat, spec in enumerate(specs)]


def through_play_round(game: uv.Game, bots: Sequence[Bot], seed: int) -> Played:
    calls: list[tuple[object, str, list[Event]]] = []
    record = RoundRecord(seed, None)
    outcome = "over"
    try:
        play_round(
            game,
            bots,
            record,
            hashes=True,
            on_events=lambda s, a, e: calls.append((s, str(a), e)),
            max_actions=CAP,
        )
    except (NonTermination, BotError) as exc:
        outcome = f"{type(exc).__name__}: {exc}"
    return Played(
        record.actions,
        record.turns,
        record.rejected,
        record.hashes,
        record.winner,
        calls,
        uv.to_json(game),
        outcome,
    )


def through_the_inbox(game: uv.Game, bots: Sequence[Bot], seed: int) -> Played:
    """Every answer queued in the session's inbox and processed by ``step``: the session
    path alone (without deadlines no referee acts, so every ack is a seat's answer)."""
    session = Session(game, seed)
    table = Table(bots, seed)
    played = Played([], 0, [], [], -1, [], "", "over")
    played.actions = session.log
    chain = state_hash(game)
    played.hashes.append((0, chain))
    count = 0
    while not game.over:
        if count >= CAP:
            if count % HASH_EVERY:
                played.hashes.append((count, state_hash(game, chain)))
            played.outcome = f"NonTermination: game with seed {seed} did not end in {CAP} actions"
            break
        if table.waiting or len(game.acting_seats()) != 1:
            played.shared_steps += 1
        turn = game.turn if game.phase in (Phase.TURN, Phase.PENALTY) else -1
        table.ask(game, session.receive)
        ack = session.step()
        assert ack is not None and isinstance(ack.seat, int)
        act = table.answered(ack.seat, ack.at)
        assert act is not None
        if not ack.ok:
            played.rejected.append((ack.seat, ack.action, ack.at, ack.code))
            played.inbox_refusals.append(ack.code)
            continue
        if ack.seat == turn and act.kind in _TURN_KINDS:
            played.turns += 1
        count += 1
        played.calls.append((ack.seat, str(act), ack.events))
        if count % HASH_EVERY == 0:
            chain = state_hash(game, chain)
            played.hashes.append((count, chain))
    else:
        if count % HASH_EVERY:
            played.hashes.append((count, state_hash(game, chain)))
        played.winner = game.winner
    played.state = uv.to_json(game)
    return played


@pytest.mark.parametrize(("preset", "players", "bots", "shares"), CASES)
def test_the_lone_seat_path_gives_the_session_paths_records(
    preset: str, players: int, bots: str, shares: bool
) -> None:
    shared = 0
    for seed in SEEDS:
        fast = through_play_round(*seated(preset, players, bots, seed), seed)
        slow = through_the_inbox(*seated(preset, players, bots, seed), seed)
        assert fast.actions == slow.actions  # seat, text and arrival time of every action
        assert fast.calls == slow.calls  # the same events, in the same calls
        assert (fast.turns, fast.rejected, fast.hashes, fast.winner, fast.outcome) == (
            slow.turns,
            slow.rejected,
            slow.hashes,
            slow.winner,
            slow.outcome,
        )
        assert fast.state == slow.state
        shared += slow.shared_steps
    assert (shared > 0) == shares


def test_answers_handed_back_to_the_inbox_race_as_before() -> None:
    """Jump-ins race the turn holder's answer in the inbox, and some lose as stale: the lone
    path's tie values and ticket numbers keep those races as they were."""
    codes: list[str] = []
    for seed in SEEDS:
        fast = through_play_round(*seated("classic+jump_in", 4, "random", seed), seed)
        slow = through_the_inbox(*seated("classic+jump_in", 4, "random", seed), seed)
        assert fast.rejected == slow.rejected and fast.actions == slow.actions
        codes += slow.inbox_refusals
    assert "stale" in codes


def answers(game: uv.Game, at: float) -> tuple[int, Action, float]:
    """The turn holder's first legal action, arriving at ``at``."""
    seat = game.acting_seats()[0]
    return seat, game.legal_actions(seat)[0], at


def same_ack(a: Ack, b: Ack) -> bool:
    return (a.ticket, a.seat, a.action, a.at, a.version, a.events, a.code, a.ok) == (
        b.ticket,
        b.seat,
        b.action,
        b.at,
        b.version,
        b.events,
        b.code,
        b.ok,
    )


def test_answer_is_receive_then_step() -> None:
    """``Session.answer`` against ``receive`` then ``step`` on the same game: the same acks
    (ticket numbers too), log, clock and refusals; then ten answers in one instant are
    processed in the same order by both, so the tie values drawn match too."""
    one, two = uv.new_game("classic", 3, 7), uv.new_game("classic", 3, 7)
    direct, queued = Session(one, 7), Session(two, 7)
    at = 0.0
    for _ in range(12):
        at += 250.5
        seat, act, when = answers(one, at)
        ack = direct.answer(seat, act, when)
        queued.receive(seat, str(act), when, two.version)
        again = queued.step()
        assert ack is not None and again is not None and same_ack(ack, again)
    wrong = (one.turn + 1) % 3  # not its turn: refused by the engine, the same way
    refused = direct.answer(wrong, DRAW, at + 1)
    queued.receive(wrong, DRAW, at + 1, two.version)
    again = queued.step()
    assert refused is not None and again is not None and same_ack(refused, again)
    assert not refused.ok and direct.refused[-1] is refused
    assert direct.answer(0, DRAW, at) is None  # before the clock: refused on receipt
    assert queued.receive(0, DRAW, at, two.version).ack is not None
    assert (direct.log, direct.now, direct.version) == (queued.log, queued.now, queued.version)
    for session in (direct, queued):
        for n in range(10):
            session.receive(n % 3, DRAW, at + 5, None)
    order = [[ack.ticket for ack in iter(s.step, None)] for s in (direct, queued)]
    assert order[0] == order[1] and order[0] != sorted(order[0])


def test_answer_with_deadlines_or_queued_answers_goes_through_the_inbox() -> None:
    """With a deadline to weigh, or an answer already queued, ``answer`` is ``receive`` then
    ``step`` as they are: here the queued answer comes first."""
    game = uv.new_game("classic", 2, 3)
    session = Session(game, 3, deadline_ms=1_000.0)
    seat, act, _ = answers(game, 0.0)
    ack = session.answer(seat, act, 10.0)
    assert ack is not None and ack.ok and ack.ticket == 0
    game = uv.new_game("classic", 2, 3)
    session = Session(game, 3)
    seat, act, _ = answers(game, 0.0)
    session.receive(seat, act, 5.0, game.version)
    ack = session.answer(1 - seat, DRAW, 20.0)
    assert ack is not None and ack.ok and ack.seat == seat and ack.at == 5.0


def test_times_on_the_grid_are_what_round_gives() -> None:
    """``on_grid`` is ``round(ms, 3)`` to the bit: at random, next to the half-thousandths
    where its shortcut stops, on the thousandths, and at the edges."""
    rng = random.Random(11)
    times = [rng.uniform(0.0, 10.0 ** rng.randint(0, 9)) for _ in range(100_000)]
    for k in [*range(0, 3_000), *(rng.randrange(10**12) for _ in range(3_000))]:
        for exact in ((k + 0.5) / 1000, k / 1000, (k + 0.4995) / 1000, (k + 0.5005) / 1000):
            t = exact
            for _ in range(3):
                times += [t, math.nextafter(exact, -math.inf), math.nextafter(exact, math.inf)]
                t = math.nextafter(t, math.inf)
    times += [0.0, -0.0, 5e-324, -1.5, 1e9 - 0.0005, 1e9, 1e9 + 0.0005, math.inf, -math.inf]
    for t in times:
        assert repr(on_grid(t)) == repr(round(t, 3)), t
    assert math.isnan(on_grid(math.nan))
