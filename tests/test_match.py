"""Matches (RULES.md P6, §1.6, E-4): scoring modes, target, C-8 ties, Challenge UNO."""

from __future__ import annotations

import itertools

import pytest

import unoverse as uv
from unoverse.bots.naive import NaiveBot
from unoverse.core.game import Game
from unoverse.match.match import Scorer, UndecidedMatch, play_match
from unoverse.sim.driver import RoundRecord, play_round

pytestmark = pytest.mark.engine_build


def naive_rounds(log: list[Game]):  # type: ignore[no-untyped-def]
    def play(game: Game, seed: int, dealer: int | None) -> None:
        bots = [NaiveBot(seed + s) for s in range(game.n)]
        play_round(game, bots, RoundRecord(seed, dealer))
        log.append(game)

    return play


def test_winner_takes_scores_opponents_cards_to_500_and_the_deal_passes_left() -> None:
    rounds: list[Game] = []
    result = play_match("classic", 3, 11, naive_rounds(rounds))
    expected = [0, 0, 0]
    for game in rounds:
        expected[game.winner] += game.round_points()
    assert result.scores == expected
    assert max(expected) >= 500 and result.winners == (expected.index(max(expected)),)
    for before, after in itertools.pairwise(rounds):
        assert after.dealer == (before.dealer + 1) % 3
    assert result.rounds == len(rounds)


def test_scoring_none_is_a_single_round() -> None:
    rounds: list[Game] = []
    result = play_match("classic+scoring=none", 4, 3, naive_rounds(rounds))
    assert result.rounds == 1 and result.winners == (rounds[0].winner,)


def test_lowest_total_adds_own_leftovers_and_lowest_wins() -> None:
    rounds: list[Game] = []
    result = play_match("classic+scoring=lowest_total+target_score=200", 3, 5, naive_rounds(rounds))
    totals = [sum(g.hand_points(s) for g in rounds) for s in range(3)]
    assert result.scores == totals and max(totals) >= 200
    assert result.winners == tuple(s for s in range(3) if totals[s] == min(totals))


def test_c8_tie_at_the_target_is_shared_by_the_lowest_totals() -> None:
    scorer = Scorer("lowest_total", 500, None, [0, 0, 0])
    assert scorer.add_round(0, [0, 490, 100]) is None
    assert scorer.add_round(2, [100, 20, 0]) == (0, 2)  # 100 / 510 / 100: a shared win
    assert scorer.scores == [100, 510, 100]


def test_winner_takes_target_is_reached_not_exceeded() -> None:
    scorer = Scorer("winner_takes", 500, None, [0, 0])
    assert scorer.add_round(1, [499, 0]) is None
    assert scorer.add_round(1, [1, 0]) == (1,)


def test_challenge_elimination_removes_seats_and_the_last_one_wins() -> None:
    scorer = Scorer("lowest_total", 500, 500, [0, 0, 0])
    assert scorer.add_round(0, [0, 500, 120]) is None
    assert scorer.eliminated == [1]
    assert scorer.add_round(0, [0, 999, 400]) == (0,)  # seat 1 no longer scores
    assert scorer.scores == [0, 500, 520]


def test_challenge_elimination_match_plays_without_eliminated_seats() -> None:
    rounds: list[Game] = []
    preset = "classic+scoring=lowest_total+challenge_elimination=150"
    result = play_match(preset, 4, 2, naive_rounds(rounds))
    assert len(result.eliminated) == 3 and result.winners[0] not in result.eliminated
    for game in rounds:
        out = [s for s in range(4) if game.eliminated[s]]
        assert all(not game.hands[s] for s in out)  # eliminated seats are not dealt
        assert game.dealer not in out


def test_a_match_undecided_after_its_rounds_is_a_typed_error() -> None:
    """It was a bare ``RuntimeError``: ``simulate --match`` would print a traceback."""

    def play(game: uv.Game, seed: int, dealer: int | None) -> None:
        game.apply(None, "stuck")  # every round ends at once, nobody scores much

    with pytest.raises(UndecidedMatch, match="not decided in 3 rounds") as caught:
        play_match("classic", 4, 1, play, max_rounds=3)
    assert caught.value.code == "non_termination"


def test_no_mercy_winner_takes_scores_250_for_each_seat_knocked_out_in_the_round() -> None:
    """NM-25: a round's winner scores the cards left in the other hands and 250 for each seat
    the Mercy rule knocked out in that round (its hand, set aside, scores nothing)."""
    rounds: list[Game] = []
    result = play_match("no_mercy+scoring=winner_takes", 4, 7, naive_rounds(rounds))
    expected = [0, 0, 0, 0]
    for game in rounds:
        left = sum(game.hand_points(s) for s in range(4) if s != game.winner)
        expected[game.winner] += left + 250 * sum(game.eliminated)
    assert result.scores == expected and max(expected) >= 1000
    assert any(sum(game.eliminated) for game in rounds)
    scorer = Scorer.for_rules(uv.new_game("no_mercy+scoring=winner_takes", 4, 0).rules, 4)
    assert scorer.add_round(1, [0, 0, 12, 0], knocked_out=2) is None
    assert scorer.scores == [0, 512, 0, 0]
