"""UNO Blast's BLAST mode through the match session and the driver (RULES.md §5.8): plays
racing in the same instant, the stall safeguard, replays with arrival times, and reaction
times deciding who wins races."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

import unoverse as uv
from unoverse.bots.base import Bot, make_bot
from unoverse.core.actions import Action, Kind
from unoverse.core.cards import CARD_TEXT
from unoverse.core.codec import state_hash
from unoverse.core.events import Event
from unoverse.core.view import View
from unoverse.match.replay import replay_round
from unoverse.match.session import Session
from unoverse.sim.driver import NonTermination, RoundRecord, play_round

#: Seats 0, 1 and 2 can each play on R9; seat 0's card is a +2.
RACE = "blast+mode=blast; hands: R+2 G5 | R2 B3 | R3 Y1; top: R9@-; draw: {draw}"
PLAIN = " ".join(f"{c}{n}" for c in "OP" for n in range(10))


def race(seed: int, order: tuple[int, ...]) -> tuple[Session, list[int], list[Event]]:
    """Seats 0, 1 and 2 play at the same instant (received in ``order``): the session, the
    seats whose play was accepted, and the events."""
    game = uv.position(RACE.format(draw=PLAIN))
    session = Session(game, seed)
    plays = {0: "R+2", 1: "R2", 2: "R3"}
    for seat in order:
        session.receive(seat, plays[seat], 1000.0, 0)
    accepted = []
    events: list[Event] = []
    for _ in order:
        ack = session.step()
        assert ack is not None and ack.ok  # a simultaneous refusal is applied, not refused
        events.extend(ack.events)
        if any(e.kind == "play" for e in ack.events):
            accepted.append(ack.seat)
    return session, accepted, events


@pytest.mark.parametrize("order", [(0, 1, 2), (2, 1, 0)])
def test_plays_in_the_same_instant_one_wins_the_others_are_simultaneous(
    order: tuple[int, ...],
) -> None:
    winners = Counter()
    for seed in range(24):
        session, accepted, _ = race(seed, order)
        assert len(accepted) == 1, "exactly one card is accepted"
        winner = accepted[0]
        winners[winner] += 1
        game = session.game
        for seat in {0, 1, 2} - {winner}:
            assert len(game.hands[seat]) >= 2, "a refused card stays in the hand"
        assert race(seed, order)[1] == accepted, "the same seed picks the same winner"
    assert len(winners) == 3, f"every seat wins some races: {winners}"


def test_a_simultaneous_seat_draws_the_plus_two_once() -> None:
    for seed in range(24):
        session, accepted, events = race(seed, (0, 1, 2))
        if accepted == [0]:
            break
    else:
        pytest.fail("seat 0 never won")
    game = session.game
    # seat 1 is next(0): it drew 2 as the +2's victim and not again for its refused play;
    # seat 2's play was refused too: it drew the holding penalty, 2 cards
    assert len(game.hands[1]) == 2 + 2 and len(game.hands[2]) == 2 + 2
    assert [e.seat for e in events if e.kind == "holding"] == [2]


def test_the_session_stalls_when_no_card_lands_for_stall_ms() -> None:
    game = uv.position("blast+mode=blast; hands: R1 G5 | R2 B3 | Y1 Y2; top: R9@-")
    session = Session(game, 3, stall_ms=1000.0)
    assert session.deadline() == 1000.0
    acks = session.advance(1500.0)
    assert [a.action for a in acks] == ["stall"]
    assert acks[0].at == 1000.0 and session.log[-1] == (None, "stall", 1000.0)
    assert CARD_TEXT[game.top] in ("R1", "R2")
    # a card has landed: the next stall is due stall_ms after it, if anyone can play
    assert session.deadline() in (None, 2000.0)


def test_without_stall_ms_live_play_has_no_deadline() -> None:
    game = uv.position("blast+mode=blast; hands: R1 G5 | R2 B3 | Y1 Y2; top: R9@-")
    assert Session(game, 3).deadline() is None
    assert Session(game, 3, deadline_ms=500.0).deadline() is None  # no mandatory window


def live_round(seed: int, specs: list[str]) -> tuple[uv.Game, RoundRecord, list[Event]]:
    game = uv.new_game("blast+mode=blast", len(specs), seed)
    bots = [make_bot(spec, seed, seat) for seat, spec in enumerate(specs)]
    events: list[Event] = []
    record = play_round(
        game, bots, RoundRecord(seed, None), hashes=True, on_events=lambda s, a, e: events.extend(e)
    )
    return game, record, events


def test_a_real_time_round_replays_exactly_from_its_log_with_arrival_times() -> None:
    game, record, _ = live_round(11, ["naive", "naive", "random", "naive"])
    rnd = record.to_dict()
    assert replay_round("blast+mode=blast", 4, rnd, "round") == len(record.actions)
    again, record2, _ = live_round(11, ["naive", "naive", "random", "naive"])
    assert record2.actions == record.actions and state_hash(again) == state_hash(game)


def test_the_faster_bot_wins_most_races() -> None:
    """Bot A's reaction times are half of B's: A's card is the accepted one in most races
    (an accepted card another seat's play was refused as simultaneous with)."""
    wins: Counter[int] = Counter()
    for seed in range(40):
        _game, _record, events = live_round(seed, ["naive:median_ms=225", "naive:median_ms=450"])
        last_play = -1  # the seat of the last accepted card, until a race is counted
        for e in events:
            if e.kind == "play":
                last_play = e.seat if isinstance(e.seat, int) else -1
            elif e.kind == "simultaneous" and last_play >= 0:
                wins[last_play] += 1
                last_play = -1
    assert wins[0] + wins[1] > 100
    assert wins[0] > 0.55 * (wins[0] + wins[1]), wins  # 517 of 830 (62%) on these seeds


class Armer(Bot):
    """Arms the first card it may play, then plays it."""

    name = "armer"

    def act(self, view: View, legal: Sequence[Action]) -> Action | None:
        mine = view.live.mine if view.live is not None else -1
        plays = [a for a in legal if a.kind is Kind.PLAY]
        if mine >= 0:
            return next((a for a in plays if a.card == mine), None)
        arms = [a for a in legal if a.kind is Kind.ARM and any(p.card == a.card for p in plays)]
        return arms[0] if arms else None


def test_a_play_of_the_armed_card_arrives_after_armed_delay_ms() -> None:
    game = uv.position("blast+mode=blast; hands: R1 G5 | B3 B4; top: R9@-")
    bots = [Armer(1), make_bot("naive:median_ms=5000", 1, 1)]
    record = RoundRecord(1, None)
    with pytest.raises(NonTermination):  # stopped after its first two actions
        play_round(game, bots, record, armed_delay_ms=80.0, max_actions=2)
    (seat0, arm, at0), (seat1, play, at1) = record.actions
    assert (seat0, arm, seat1, play) == (0, "arm:R1", 0, "R1")
    assert at1 == pytest.approx(at0 + 80.0)


def test_one_outstanding_action_per_seat() -> None:
    """§5.8: a seat's second action while its first is still on its way is refused."""
    game = uv.position("blast+mode=blast; hands: R1 R2 G5 | B3 B4; top: R9@-")
    session = Session(game, 1)
    assert session.receive(0, "R1", 100.0).ack is None
    second = session.receive(0, "R2", 150.0)
    assert second.ack is not None and second.ack.code == "illegal" and session.queued == 1
    assert session.receive(1, "arm:B3", 150.0).ack is None  # another seat may
    session.step()
    assert session.receive(0, "R2", 200.0).ack is None  # processed: it may send again


# -- the stall never dates back: log times never decrease (U-B-37) ---------------------------


def test_the_stall_counts_from_when_live_play_resumes_after_a_late_blast_event() -> None:
    """The stall deadline was counted from the last card that landed, so after a BLAST event
    answered late it fell before actions already processed: the stall was logged in the past
    and the session's clock went backwards."""
    game = uv.position(
        "blast+mode=blast; hands: R+2 G5 G6 O7 | R2 B3 B4 P8 | Y3 Y1 Y2; top: R9@-; draw: O1 !2SC"
    )
    session = Session(game, 0, deadline_ms=30_000.0, stall_ms=12_500.0)
    assert session.submit(0, "R+2", 1_000.0).ok  # seat 1 draws the BLAST card: an event
    assert game.phase == uv.Phase.BLAST
    for seat, cards in ((0, "G5,G6"), (1, "B3,B4"), (2, "Y1,Y2")):
        if seat in game.acting_seats():
            assert session.submit(seat, f"blast:{cards}", 20_000.0).ok
    assert game.phase == uv.Phase.LIVE
    assert "stall" not in [text for _, text, _ in session.log]  # not dated 13,500
    assert session.deadline() == 32_500.0  # from 20,000, not 1,000 + 12,500
    acks = session.advance(40_000.0)
    assert [a.action for a in acks] == ["stall"] and acks[0].at == 32_500.0
    times = [at for *_, at in session.log]
    assert times == sorted(times)
