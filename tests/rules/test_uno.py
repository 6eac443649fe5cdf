"""RULES.md P4: the UNO call and catch (with C-4, C-5, C-10)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import unoverse as uv
from unoverse.bots.base import Bot
from unoverse.core.actions import Action
from unoverse.core.view import View
from unoverse.core.windows import Window
from unoverse.sim.driver import RoundRecord, play_round

from .conftest import kinds, legal, of_kind

# 3 players; seat 0 plays R2 and is left with one card.
PLAY_TO_ONE = "hands: R2 G9 | G2 G3 Y3 | Y1 Y2 B4; top: R5; turn: 0"


def test_p4_play_to_one_card_without_declaring_opens_a_window() -> None:
    game = uv.position(PLAY_TO_ONE)
    game.apply(0, "R2")
    assert Window("uno", 0) in game.windows()
    assert "uno" in legal(game, 0)
    assert "catch:0" in legal(game, 1) and "catch:0" in legal(game, 2)


def test_p4_catch_costs_two_cards_and_closes_the_window() -> None:
    game = uv.position(PLAY_TO_ONE)
    game.apply(0, "R2")
    events = game.apply(2, "catch:0")
    assert kinds(events) == ["catch", "draw"]
    assert of_kind(events, "catch")[0].count == 2
    assert len(game.hands[0]) == 3
    assert Window("uno", 0) not in game.windows()
    assert game.turn == 1  # a catch does not move the turn


@pytest.mark.parametrize("declaration", ["with_the_play", "after_the_play"])
def test_c10_uno_declared_with_the_play_or_after_it_while_the_window_is_open(
    declaration: str,
) -> None:
    game = uv.position(PLAY_TO_ONE)
    if declaration == "with_the_play":
        events = game.apply(0, "R2 uno")
    else:
        game.apply(0, "R2")
        events = game.apply(0, "uno")
    assert "uno" in kinds(events)
    assert Window("uno", 0) not in game.windows()
    with pytest.raises(uv.NotYourWindow):
        game.apply(2, "catch:0")
    assert len(game.hands[0]) == 1


def test_p4_a_call_is_public_and_holds_until_the_hand_grows() -> None:
    """Everyone hears a UNO call: every seat's view (a spectator's too) says who called it,
    and a seat that reached one card without calling is not among them."""
    game = uv.position(PLAY_TO_ONE)
    game.apply(0, "R2")
    assert all(game.view(s).said_uno == () for s in (0, 1, 2, None))
    game.apply(0, "uno")
    assert all(game.view(s).said_uno == (0,) for s in (0, 1, 2, None))
    game.apply(1, "G2")
    game.apply(2, "Y2")
    game.apply(0, "draw")  # G9 does not play on Y2
    assert len(game.hands[0]) == 2
    assert game.view(1).said_uno == ()


def test_c10_uno_after_the_window_closed_is_refused() -> None:
    game = uv.position(PLAY_TO_ONE)
    game.apply(0, "R2")
    game.apply(1, "G2")
    with pytest.raises(uv.NotYourWindow):
        game.apply(0, "uno")


@pytest.mark.parametrize(
    ("position", "play", "first_action"),
    [
        (PLAY_TO_ONE, "R2", "G2"),
        (PLAY_TO_ONE, "R2", "draw"),
        ("hands: R+2 G9 | G2 G3 Y3 | Y1 Y2 B4; top: R5; turn: 0", "R+2", "take"),
        ("hands: W+4 G9 | G2 G3 Y3 | Y1 Y2 B4; top: R5; turn: 0", "W+4:B", "challenge"),
    ],
    ids=["play", "draw", "take", "challenge"],
)
def test_p4_window_closes_at_the_next_turn_holders_first_action(
    position: str, play: str, first_action: str
) -> None:
    game = uv.position(position)
    game.apply(0, play)
    assert Window("uno", 0) in game.windows()
    game.apply(1, first_action)
    assert Window("uno", 0) not in game.windows()
    with pytest.raises(uv.NotYourWindow):
        game.apply(2, "catch:0")


def test_p4_a_skipped_seat_closes_nothing() -> None:
    game = uv.position("hands: RS G9 | G2 G3 Y3 | Y1 Y2 B4; top: R5; turn: 0")
    game.apply(0, "RS")
    assert game.turn == 2
    assert Window("uno", 0) in game.windows()  # seat 1 was skipped: still open
    game.apply(1, "catch:0")  # the skipped seat may catch
    assert len(game.hands[0]) == 3


def test_p4_several_windows_and_a_catch_closes_only_its_own() -> None:
    game = uv.position("hands: G9 | G2 G3 Y3 | B4 | Y1 Y2; top: G5@2; turn: 3; uno: 0 2")
    assert Window("uno", 0) in game.windows() and Window("uno", 2) in game.windows()
    game.apply(1, "catch:2")
    assert len(game.hands[2]) == 3
    assert Window("uno", 0) in game.windows() and Window("uno", 2) not in game.windows()


def test_p4_self_catch_is_refused() -> None:
    game = uv.position(PLAY_TO_ONE)
    game.apply(0, "R2")
    before = uv.to_json(game)
    with pytest.raises(uv.IllegalAction):
        game.apply(0, "catch:0")
    assert uv.to_json(game) == before


def test_p4_penalty_that_takes_the_hand_above_one_card_resets_the_window() -> None:
    game = uv.position(PLAY_TO_ONE)
    game.apply(0, "R2")
    game.apply(None, "penalize:0:2")
    assert Window("uno", 0) not in game.windows()


@pytest.mark.parametrize(
    ("penalty", "action", "size_after"),
    [(0, "draw uno", None), (0, "R2 uno", None), (2, "draw uno", 3 + 1 + 2), (2, "R2 uno", 4)],
)
def test_p4_false_uno_penalty(penalty: int, action: str, size_after: int | None) -> None:
    """A call that does not leave exactly one card: refused at 0, else costs ``penalty``."""
    game = uv.position(
        f"classic+false_uno_penalty={penalty}; hands: R2 G9 B8 | G2 G3 | Y1 Y2; top: R5; turn: 0"
    )
    if size_after is None:
        before = uv.to_json(game)
        assert action not in legal(game, 0)
        with pytest.raises(uv.IllegalAction):
            game.apply(0, action)
        assert uv.to_json(game) == before
        return
    assert action in legal(game, 0)
    events = game.apply(0, action)
    assert "false_uno" in kinds(events)
    assert [e.reason for e in of_kind(events, "draw")][-1] == "false_uno"
    assert len(game.hands[0]) == size_after


def test_c4_no_uno_window_after_a_hand_shuffle() -> None:
    """Seat 0 plays Wild Shuffle Hands from 3 cards; the 5 cards dealt from seat 1 leave
    seats 2, 3 and 0 with one card each, and no window opens."""
    game = uv.position(
        "classic+classic.deck=112_modern\nhands: WSH R1 R2 | G1 | Y1 | B1; top: R5; turn: 0"
    )
    game.apply(0, "WSH:G")
    assert [len(h) for h in game.hands] == [1, 2, 1, 1]
    assert not [w for w in game.windows() if w.kind == "uno"]
    with pytest.raises(uv.NotYourWindow):
        game.apply(1, "catch:0")


# -- C-5: a declaration and a catch arriving at the same instant --------------------------


class Scripted(Bot):
    """Answers with the first legal action of its script, after that action's fixed delay."""

    name = "scripted"

    def __init__(self, script: dict[str, float]) -> None:
        super().__init__(0)
        self.script = script
        self.next_delay = 0.0

    def act(self, view: View, legal: Sequence[Action]) -> Action | None:
        for a in legal:
            if str(a) in self.script:
                self.next_delay = self.script[str(a)]
                return a
        return None

    def delay(self) -> float:
        return self.next_delay


def race(uno_ms: float, catch_ms: float, seed: int) -> RoundRecord:
    """Seat 0 holds one card with its window open; seat 1 (to move) goes out after 500 ms."""
    game = uv.position("hands: R1 | R9 | Y4 Y5; top: R5@0; turn: 1; uno: 0")
    bots = [Scripted({"uno": uno_ms}), Scripted({"R9": 500.0}), Scripted({"catch:0": catch_ms})]
    record = play_round(game, bots, RoundRecord(seed, None))
    assert game.winner == 1
    return record


@pytest.mark.parametrize("seed", range(10))
def test_c5_declaration_in_the_same_instant_as_a_catch_wins(seed: int) -> None:
    record = race(100.0, 100.0, seed)
    # seat 1 answered at 0 ms with a 500 ms delay: its play arrives at 500 ms, after the call
    assert record.actions == [(0, "uno", 100.0), (1, "R9", 500.0)]


def test_c5_a_catch_that_arrives_first_wins() -> None:
    record = race(100.0, 99.0, 0)
    assert record.actions[0] == (2, "catch:0", 99.0)


def test_p8_tied_catches_go_to_a_seeded_order() -> None:
    """Two catches in the same instant: the session's seeded order picks one, reproducibly."""

    def winner(seed: int) -> int:
        game = uv.position("hands: R1 | R9 | Y4 Y5 | B1 B2; top: R5@0; turn: 1; uno: 0")
        bots = [
            Scripted({}),
            Scripted({"R9": 500.0}),
            Scripted({"catch:0": 50.0}),
            Scripted({"catch:0": 50.0}),
        ]
        record = play_round(game, bots, RoundRecord(seed, None))
        return record.actions[0][0]

    winners = [winner(seed) for seed in range(16)]
    assert set(winners) == {2, 3}
    assert winners == [winner(seed) for seed in range(16)]
