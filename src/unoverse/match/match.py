"""A match: rounds with the deal passing on, scored to the target (RULES.md P6, §1.6).

``winner_takes``: the round's winner scores the points left in the other hands; the first
seat to reach the target wins. ``lowest_total``: every seat adds its own leftover points;
when anyone reaches the target, the lowest total wins, and a tie is shared (C-8).
``none``: one round decides. With ``challenge_elimination`` (Challenge UNO) a seat whose
leftover total reaches that number is eliminated and the last seat left wins.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..core.game import Game
from ..core.seeding import derive
from ..core.setup import new_game, resolve_preset

RoundPlayer = Callable[[Game, int, int | None], None]
"""Plays one round to its end: ``(game, round_seed, dealer_given)``."""


@dataclass
class MatchResult:
    """The outcome of a match."""

    winners: tuple[int, ...]
    scores: list[int]
    rounds: int
    eliminated: list[int] = field(default_factory=list)


def play_match(
    preset: str, players: int, seed: int, play: RoundPlayer, *, max_rounds: int = 1000
) -> MatchResult:
    """Play rounds of ``preset`` with ``play`` until the match is decided."""
    _, options = resolve_preset(preset)
    scoring = options.text("scoring") if "scoring" in options else "none"
    target = options.int("target_score") if "target_score" in options else 500
    elimination = options.get("challenge_elimination")
    scores = [0] * players
    eliminated: list[int] = []
    dealer: int | None = None
    for r in range(max_rounds):
        round_seed = derive(seed, "round", r)
        game = new_game(preset, players, round_seed, dealer=dealer, eliminated=eliminated)
        play(game, round_seed, dealer)
        winner = game.winner
        if scoring == "none":
            return MatchResult((winner,), scores, r + 1, eliminated)
        if scoring == "winner_takes":
            scores[winner] += game.round_points()
            if scores[winner] >= target:
                return MatchResult((winner,), scores, r + 1, eliminated)
        else:
            for s in range(players):
                if s not in eliminated:
                    scores[s] += game.hand_points(s)
            if isinstance(elimination, int):
                eliminated += [
                    s for s in range(players) if s not in eliminated and scores[s] >= elimination
                ]
                alive = [s for s in range(players) if s not in eliminated]
                if len(alive) == 1:
                    return MatchResult((alive[0],), scores, r + 1, eliminated)
            elif max(scores) >= target:
                low = min(scores)
                return MatchResult(
                    tuple(s for s in range(players) if scores[s] == low), scores, r + 1, eliminated
                )
        dealer = game.left_of(game.dealer)
        while dealer in eliminated:
            dealer = (dealer + 1) % players
    raise RuntimeError(f"match with seed {seed} was not decided in {max_rounds} rounds")
