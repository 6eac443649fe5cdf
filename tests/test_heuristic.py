"""The ``heuristic`` bot (docs/bots.md): each rule of thumb in a position where it decides,
and legal play in every window of every variant."""

from __future__ import annotations

import os

import pytest

import unoverse as uv
from unoverse.bots.base import make_bot
from unoverse.bots.heuristic import HeuristicBot
from unoverse.bots.knowledge import chance_holds, unknown_pool
from unoverse.core.actions import Kind
from unoverse.core.cards import CARD_COLOR, CARD_IS_WILD, CARD_NUMBER, card
from unoverse.core.errors import BadBotSpec
from unoverse.sim.driver import RoundRecord, play_round

pytestmark = pytest.mark.engine_build

DEEP = bool(os.environ.get("UNOVERSE_DEEP"))


def choice(game: uv.Game, seat: int, **params: float) -> str:
    """What a fresh heuristic bot at ``seat`` does in ``game`` ("-": it passes)."""
    act = HeuristicBot(1, **params).act(game.view(seat), game.legal_actions(seat))
    return "-" if act is None else str(act)


def test_keeps_a_wild_while_a_coloured_card_plays() -> None:
    game = uv.position("hands: W R3 G4 B7 | B1 B2 B3 Y4 Y5; top: R5@1; turn: 0")
    assert choice(game, 0) == "R3"
    assert choice(game, 0, keep_wilds=0, follow=0, cover=0, block=0).startswith(("R3", "W"))


def test_declares_the_colour_it_holds_most() -> None:
    game = uv.position("hands: W G1 G2 B3 | B1 B2 B3 Y4 Y5; top: R5@1; turn: 0")
    assert choice(game, 0) == "W:G"


def test_full_spectrum_declares_a_colour_whose_chromatic_step_it_also_holds() -> None:
    """Nothing but the wild plays on G5. Y is the colour held most, but declaring O lets
    O1 follow and, by the chromatic step, Y2 and Y3 too (R O Y G T B V P)."""
    game = uv.position("fs; hands: W O1 Y2 Y3 B4 V6 | G1 G2 | T1 T2; top: G5@1; turn: 0")
    assert game.view(0).rules.steps[CARD_COLOR[card("O1")]]  # the step exists
    assert choice(game, 0) == "W:O"


def test_dumps_high_points_when_a_rival_is_about_to_go_out() -> None:
    calm = uv.position("hands: R1 R9 G2 Y3 | B1 B2 B3 Y4 Y5; top: R5@1; turn: 0")
    close = uv.position("hands: R1 R9 G2 Y3 | B1 B2; top: R5@1; turn: 0")
    assert choice(close, 0, follow=0, block=0) == "R9"
    # with nobody close, points do not decide: both plays score alike and either may come
    assert {choice(calm, 0, follow=0, block=0)} <= {"R1", "R9"}


def test_a_swap_takes_the_smallest_hand() -> None:
    game = uv.position(
        "classic+seven_zero; hands: R7 G1 G2 B3 Y4 | B1 B2 | Y1 Y2 Y3 Y4 Y5 Y6; top: R5@2; turn: 0"
    )
    assert choice(game, 0).startswith("R7>1")


def test_calls_uno_with_the_play_that_leaves_one_card() -> None:
    game = uv.position("hands: R3 G4 | B1 B2 B3; top: R5@1; turn: 0")
    assert choice(game, 0) == "R3 uno"


def test_declares_uno_in_its_own_window_and_catches_a_seat_that_forgot() -> None:
    game = uv.position("hands: G4 G5 G6 | B1 | Y1 Y2; top: G5@1; turn: 2; uno: 1")
    assert choice(game, 1) == "uno"
    assert choice(game, 0) == "catch:1"


def test_challenges_a_wild_draw_four_when_its_player_was_seen_with_the_colour() -> None:
    """Seat 0 swaps its whole hand, R1 and a Wild Draw Four among it, with seat 1's; seat 1
    then plays the Wild Draw Four on red: seat 0 knows seat 1 held red."""
    game = uv.position(
        "classic+seven_zero; hands: R7 R1 W+4 Y9 | G1 G2 G3 G4 G5; top: R5@1; turn: 0"
    )
    game.apply(0, "R7>1")
    game.apply(1, "W+4:G")
    assert game.view(0).pending is not None
    assert card("R1") in game.view(0).known[1]
    assert choice(game, 0) == "challenge"


def test_takes_a_wild_draw_four_when_the_covered_colour_is_scarce() -> None:
    """Most yellows are in sight (the seat's hand, the discard pile): the chance that the
    one-card seat held yellow is under the 20% a challenge needs to pay (win: the rival
    draws 4; lose: 2 more cards)."""
    game = uv.position(
        "hands: Y6 Y6 Y7 Y7 Y8 Y8 Y9 Y9 | B1; top: W+4:G@1; "
        "discard: Y0 Y1 Y1 Y2 Y2 Y3 Y3 Y4 Y4 Y5; turn: 0; pending: challenge 4 legal"
    )
    chance = chance_holds(game.view(0), 1, lambda c: CARD_COLOR[c] == CARD_COLOR[card("Y5")])
    assert 0 < chance < 0.2
    assert choice(game, 0) == "take"


def test_answers_a_draw_penalty_by_stacking() -> None:
    game = uv.position(
        "classic+stacking=same; hands: G1 B+2 Y7 | R1 R2; top: R+2@1; turn: 0; pending: take 2"
    )
    assert choice(game, 0) == "B+2"


def test_jumps_in_with_an_identical_card() -> None:
    game = uv.position("classic+jump_in; hands: G5 R2 R3 | G5 G3 | Y8 Y9; top: G4@2; turn: 1")
    game.apply(1, "G5")
    jumps = [str(a) for a in game.legal_actions(0) if a.kind is Kind.JUMP]
    assert jumps and choice(game, 0) in jumps


def test_attack_reneges_only_when_the_launcher_should_not_fire() -> None:
    """Only a wild plays. The pattern launcher fires on its second press, never its first:
    at state 0 the press is free and the bot keeps its wild; at state 1 it plays the wild."""
    body = "hands: W G1 B2 B3 | Y1 Y2; top: R5@1; draw: B9 Y8 R7; turn: 0"
    free = uv.position(f"attack+launcher=pattern; {body}; launcher: 0")
    fires = uv.position(f"attack+launcher=pattern; {body}; launcher: 1")
    assert choice(free, 0) == "press"
    assert choice(fires, 0).startswith("W:")


def test_blast_eliminates_a_rival_at_the_threshold() -> None:
    """Seat 1 holds 29 cards: the +2 eliminates it and wins the round."""
    rival = " ".join(f"{col}{n}" for col in "OPBGY" for n in range(6))[:-3]  # 29 cards
    game = uv.position(f"blast; hands: R+2 R3 G4 | {rival}; top: R5@1; turn: 0")
    assert choice(game, 0) == "R+2"


def test_blast_meets_a_challenge_with_the_set_it_values_least() -> None:
    bot = HeuristicBot(3)
    for seed in range(200):
        game = uv.new_game("blast", 3, seed)
        for _ in range(400):
            if game.over:
                break
            if game.phase == uv.Phase.BLAST:
                for seat in game.acting_seats():
                    legal = list(game.legal_actions(seat))
                    if len(legal) > 1:
                        cost = {str(a): _value(a.card, a.more) for a in legal}
                        act = bot.act(game.view(seat), legal)
                        assert act is not None and cost[str(act)] == min(cost.values())
                        return
            seat = game.acting_seats()[0]
            game.apply(seat, game.legal_actions(seat)[0])
    pytest.fail("no BLAST event with a choice in 200 games")


def _value(first: int, more: tuple[int, ...]) -> float:
    """Numbers are worth least to keep, then action cards, then wilds."""
    return sum(
        3.0 if CARD_IS_WILD[c] else 1.0 if CARD_NUMBER[c] >= 0 else 1.5 for c in (first, *more)
    )


def test_blast_mode_plays_when_it_can_and_waits_otherwise() -> None:
    game = uv.position("blast+mode=blast; hands: R3 G4 | B1 B2 | Y6 Y7; top: R5@2")
    assert choice(game, 0) == "R3"
    assert choice(game, 1) == "-"  # nothing plays: it does not arm by default
    assert choice(game, 1, arm=1).startswith("arm:")


def test_the_unknown_pool_is_the_deck_less_what_the_seat_has_located() -> None:
    game = uv.position("hands: R3 G4 | B1 B2; top: R5@1; turn: 0")
    pool = unknown_pool(game.view(0))
    assert len(pool) == 108 - 2 - 1
    assert pool.count(card("R3")) == 1  # two in the deck, one in the seat's hand


@pytest.mark.parametrize(
    ("preset", "players"),
    [
        ("classic", 2),
        ("classic", 4),
        ("classic+jump_in+stacking=progressive+seven_zero", 4),
        ("classic+permissive_illegal_plays+false_uno_penalty=2", 3),
        ("minecraft", 3),
        ("attack", 3),
        ("full_spectrum", 4),
        ("blast", 3),
        ("blast+blast.mode=blast", 3),
    ],
)
def test_never_sends_an_illegal_action(preset: str, players: int) -> None:
    """Every answer the heuristic sends is accepted or refused only as late: never as
    illegal. (The deep suite plays many more games.)"""
    games = 2000 if DEEP else 20
    for i in range(games):
        game = uv.new_game(preset, players, i)
        bots = [make_bot("heuristic" if s % 2 == 0 else "naive", i, s) for s in range(players)]
        record = play_round(game, bots, RoundRecord(i, None))
        assert game.over
        bad = [r for r in record.rejected if r[3] not in _LATE]
        assert not bad, f"game {i}: refused {bad[:3]}"


#: Refusals of an answer the state moved past: not the bot's fault.
_LATE = frozenset({"stale", "not_your_window"})


def test_answers_are_deterministic_for_a_seed() -> None:
    def run() -> list[tuple[int, str, float]]:
        game = uv.new_game("classic", 3, 9)
        bots = [make_bot("heuristic", 9, s) for s in range(3)]
        return play_round(game, bots, RoundRecord(9, None)).actions

    assert run() == run()


def test_parameters_come_from_the_spec() -> None:
    bot = make_bot("heuristic:keep_wilds=3,arm=1", 1, 0)
    assert isinstance(bot, HeuristicBot) and bot.keep_wilds == 3.0 and bot.arm
    with pytest.raises(BadBotSpec):
        make_bot("heuristic:nonsense=1", 1, 0)
