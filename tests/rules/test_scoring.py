"""RULES.md §1.6 and P6: end of round, round points, match scoring (C-8), E-4."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import unoverse as uv
from unoverse import Phase
from unoverse.match.match import play_match

from .conftest import of_kind


def test_round_ends_the_moment_a_hand_is_empty() -> None:
    game = uv.position("hands: R2 | G+2 W | Y7 B0; top: R5; turn: 0")
    events = game.apply(0, "R2")
    assert game.over and game.winner == 0 and game.windows() == ()
    with pytest.raises(uv.NotYourWindow):
        game.apply(1, "draw")
    assert of_kind(events, "round_over")[0].count == 77


def test_p6_winner_scores_the_cards_left_in_every_other_hand() -> None:
    game = uv.position("hands: R2 | G+2 W RS BR | Y7 B0 W+4; top: R5; turn: 0")
    game.apply(0, "R2")
    assert game.round_points() == (20 + 50 + 20 + 20) + (7 + 0 + 50)


# -- matches, with a scripted round player -----------------------------------------------

Round = tuple[int, tuple[str, ...]]  # (winner, every seat's hand at the end)
W500 = "W W W W W W W W W W"  # 500 points
W300 = "W W W W W W"


def scripted(rounds: list[Round]) -> tuple[Callable[[uv.Game, int, int | None], None], list[int]]:
    """A round player that ends each round with the scripted hands; records the dealers."""
    script = iter(rounds)
    dealers: list[int] = []

    def play(game: uv.Game, seed: int, dealer: int | None) -> None:
        winner, hands = next(script)
        dealers.append(game.dealer)
        game.hands = [uv.cards(h) for h in hands]
        game.winner = winner
        game.phase = Phase.OVER

    return play, dealers


@pytest.mark.parametrize(
    ("scoring", "winners", "scores"),
    [("winner_takes", (0,), [500, 0, 0]), ("lowest_total", (0, 2), [0, 500, 0])],
)
def test_p6_scoring_modes(scoring: str, winners: tuple[int, ...], scores: list[int]) -> None:
    """Seat 0 goes out; seat 1 holds 500 points, seat 2 a zero."""
    play, _ = scripted([(0, ("-", W500, "R0"))])
    result = play_match(f"classic+scoring={scoring}", 3, 1, play)
    assert result.winners == winners
    assert result.scores == scores


def test_c8_several_players_reach_the_target_lowest_total_wins() -> None:
    play, _ = scripted([(0, ("-", W500 + " R1", W500 + " W"))])
    result = play_match("classic+scoring=lowest_total", 3, 1, play)
    assert result.scores == [0, 501, 550]
    assert result.winners == (0,)


def test_c8_a_tie_for_the_lowest_total_is_shared() -> None:
    play, _ = scripted([(0, ("-", W300, "R5 R5")), (2, ("R5 R5", W300, "-"))])
    result = play_match("classic+scoring=lowest_total", 3, 1, play)
    assert result.scores == [10, 600, 10]
    assert result.winners == (0, 2) and result.rounds == 2


def test_p6_winner_takes_plays_rounds_until_the_target() -> None:
    play, _ = scripted([(1, ("W W", "-", W300)), (1, (W300, "-", "R9"))])
    result = play_match("classic", 3, 1, play)
    assert result.scores == [0, 100 + 300 + 300 + 9, 0]
    assert result.winners == (1,) and result.rounds == 2


def test_scoring_none_one_round_decides() -> None:
    play, _ = scripted([(2, ("R1", "R2", "-"))])
    result = play_match("classic+scoring=none", 3, 1, play)
    assert result.winners == (2,) and result.rounds == 1


def test_e4_the_deal_passes_clockwise_after_each_round() -> None:
    small: Round = (0, ("-", "R1", "R2", "R3"))
    play, dealers = scripted([small, small, (0, ("-", W500, W500, "R3"))])
    result = play_match("classic+target_score=1000", 4, 7, play)
    assert result.rounds == 3
    assert dealers[1] == (dealers[0] + 1) % 4
    assert dealers[2] == (dealers[0] + 2) % 4


def test_challenge_uno_eliminates_at_the_designated_total_last_seat_wins() -> None:
    """§1.6 Challenge UNO: seats at >= 500 leftover points sit out the next rounds."""
    seen: list[tuple[bool, ...]] = []
    play, _ = scripted([(0, ("-", W500, "R9")), (0, ("-", "-", W500))])

    def watch(game: uv.Game, seed: int, dealer: int | None) -> None:
        seen.append(tuple(game.eliminated))
        play(game, seed, dealer)

    preset = "classic+scoring=lowest_total+challenge_elimination=500"
    result = play_match(preset, 3, 1, watch)
    assert seen == [(False, False, False), (False, True, False)]
    assert result.eliminated == [1, 2]
    assert result.winners == (0,)
