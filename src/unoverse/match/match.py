"""A match: rounds with the deal passing on, scored to the target (RULES.md P6, §1.6).

``winner_takes``: the round's winner scores the points left in the other hands (and, in No
Mercy, 250 for each seat knocked out in the round, NM-25); the first seat to reach the
target wins. ``lowest_total``: every seat adds its own leftover points;
when anyone reaches the target, the lowest total wins, and a tie is shared (C-8).
``none``: one round decides. With ``challenge_elimination`` (Challenge UNO) a seat whose
leftover total reaches that number is eliminated and the last seat left wins; once two
seats remain the two-player rules apply by themselves (P7 counts active seats).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from mypy_extensions import mypyc_attr

from ..core.errors import UnoverseError
from ..core.game import Game
from ..core.rules import Rules
from ..core.seeding import derive
from ..core.setup import compiled, new_game, resolve_preset

RoundPlayer = Callable[[Game, int, int | None], None]
"""Plays one round to its end: ``(game, round_seed, dealer_given)``."""


# Not a native class: mypyc would drop the ``code`` a compiled subclass of an interpreted
# exception sets (it would read "error").
@mypyc_attr(native_class=False)
class UndecidedMatch(UnoverseError):
    """A match still undecided after ``max_rounds`` rounds."""

    code = "non_termination"


@dataclass
class MatchResult:
    """The outcome of a match: winners (several only for a shared C-8 tie)."""

    winners: tuple[int, ...]
    scores: list[int]
    rounds: int
    eliminated: list[int] = field(default_factory=list)


@dataclass
class Scorer:
    """Match scoring state and rules, separate from playing so each rule can be tested."""

    scoring: str
    target: int
    elimination: int | None
    scores: list[int]
    eliminated: list[int] = field(default_factory=list)
    knockout_points: int = 0  # a round's winner scores this per seat knocked out (NM-25)

    @classmethod
    def for_rules(cls, rules: Rules, players: int) -> Scorer:
        """The scorer a rule set's options ask for, with what the winner of a round scores
        per seat knocked out in it (``Rules.knockout_points``, No Mercy's NM-25)."""
        options = rules.options
        elimination = options.get("challenge_elimination")
        return cls(
            scoring=str(options.get("scoring", "none")),
            target=int(options.get("target_score", 500) or 500),
            elimination=elimination if isinstance(elimination, int) else None,
            scores=[0] * players,
            knockout_points=rules.knockout_points,
        )

    def add_round(
        self, winner: int, leftovers: list[int], knocked_out: int = 0
    ) -> tuple[int, ...] | None:
        """Score a round (``leftovers[s]``: points left in seat s's hand; ``knocked_out``:
        seats knocked out in it); return the match winners once it is decided, else None."""
        scores = self.scores
        if self.scoring == "none":
            return (winner,)
        if self.scoring == "winner_takes":
            scores[winner] += sum(p for s, p in enumerate(leftovers) if s != winner)
            scores[winner] += self.knockout_points * knocked_out  # (NM-25)
            return (winner,) if scores[winner] >= self.target else None
        alive = [s for s in range(len(scores)) if s not in self.eliminated]
        for s in alive:
            scores[s] += leftovers[s]
        if self.elimination is not None:
            self.eliminated += [s for s in alive if scores[s] >= self.elimination]
            left = [s for s in range(len(scores)) if s not in self.eliminated]
            return (left[0],) if len(left) == 1 else None
        if max(scores) < self.target:
            return None
        low = min(scores)
        return tuple(s for s in range(len(scores)) if scores[s] == low)


def play_match(
    preset: str, players: int, seed: int, play: RoundPlayer, *, max_rounds: int = 1000
) -> MatchResult:
    """Play rounds of ``preset`` with ``play`` until the match is decided."""
    variant, options = resolve_preset(preset)
    scorer = Scorer.for_rules(compiled(variant, options), players)
    dealer: int | None = None
    for r in range(max_rounds):
        round_seed = derive(seed, "round", r)
        game = new_game(preset, players, round_seed, dealer=dealer, eliminated=scorer.eliminated)
        play(game, round_seed, dealer)
        leftovers = [game.hand_points(s) for s in range(players)]
        knocked_out = sum(game.eliminated) - len(scorer.eliminated)  # (in this round)
        winners = scorer.add_round(game.winner, leftovers, knocked_out)
        if winners is not None:
            return MatchResult(winners, scorer.scores, r + 1, scorer.eliminated)
        dealer = game.left_of(game.dealer)
        while dealer in scorer.eliminated:
            dealer = (dealer + 1) % players
    raise UndecidedMatch(f"match with seed {seed} was not decided in {max_rounds} rounds")
