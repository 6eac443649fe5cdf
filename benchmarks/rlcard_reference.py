"""RLCard's UNO, timed the same way as our engine, as the reference for its speed targets.

RLCard (https://github.com/datamllab/rlcard) is the best-known open-source UNO engine, so the
project states its speed targets as ratios against it. This module measures RLCard 1.2.0 on this
machine, three ways, with uniformly random legal play by both players (2 players, RLCard's only
UNO setting):

* ``run_env``: the public RL interface, ``rlcard.make("uno")`` plus two ``RandomAgent`` playing
  through ``env.run``; includes RLCard's observation encoding and trajectory bookkeeping.
* ``run_bare_game``: the bare ``UnoGame`` loop, ``get_legal_actions`` / ``step`` only. Each
  ``step`` still builds the next player's state dictionary (hand, target, every played card
  and the legal actions as strings), which nothing here reads.
* ``run_round_core``: RLCard's rules core alone, ``UnoRound.get_legal_actions`` /
  ``UnoRound.proceed_round``, with ``UnoGame.init_game``'s set-up and no state dictionary:
  the honest floor for a bare rules engine. It consumes the seeded RNG exactly as
  ``run_bare_game`` does (building a state draws nothing), so for one seed both play the
  very same games.

A game is one round in every loop: ``UnoGame.init_game`` deals and makes one ``UnoRound``,
and the game is over when that round is (a player has emptied the hand); the draw pile is
refilled from the played cards, so a round has no other end.

An action is one ``step`` of the game: playing a card or drawing. RLCard folds "draw, and play
the drawn card if it fits" into a single ``draw`` action, and lists each wild card four times
(once per colour), which random play therefore picks more often than a player would.

RLCard and numpy are imported lazily, so this module imports without the ``bench`` extra; the
``run_*`` functions raise ImportError if RLCard is missing. Importing ``rlcard.agents`` runs
``pip freeze`` in a subprocess (about a second), so the first ``run_env`` call is slow to start;
timing covers the game loop only.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import version
from typing import Any

__all__ = [
    "Measurement",
    "median_of",
    "rlcard_version",
    "run_bare_game",
    "run_env",
    "run_round_core",
]


@dataclass(frozen=True)
class Measurement:
    """Actions taken and games finished in ``seconds`` of wall time."""

    actions: int
    games: int
    seconds: float

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def actions_per_game(self) -> float:
        return self.actions / self.games if self.games else 0.0


def rlcard_version() -> str:
    """The installed RLCard version (raises PackageNotFoundError if it is not installed)."""
    return version("rlcard")


def run_env(games: int, seed: int) -> Measurement:
    """Play ``games`` games through ``env.run`` with two RandomAgents; time the loop only."""
    import numpy as np
    import rlcard  # type: ignore[import-untyped]
    from rlcard.agents import RandomAgent  # type: ignore[import-untyped]

    # RandomAgent draws from numpy's global RNG, not the env's seed: seed it for repeatable
    # games, and put the caller's global state back afterwards.
    saved = np.random.get_state()
    np.random.seed(seed)
    try:
        env = rlcard.make("uno", config={"seed": seed})
        env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
        steps_before = env.timestep
        actions = 0
        start = time.perf_counter()
        for _ in range(games):
            trajectories, _payoffs = env.run(is_training=False)
            # Each player's trajectory is state, action, state, ..., action, final state.
            actions += sum(len(t) // 2 for t in trajectories)
        seconds = time.perf_counter() - start
    finally:
        np.random.set_state(saved)
    # env.timestep counts every env.step across games: a cross-check of the count above.
    if actions != env.timestep - steps_before:
        raise RuntimeError(f"counted {actions} actions, env stepped {env.timestep - steps_before}")
    return Measurement(actions=actions, games=games, seconds=seconds)


def run_bare_game(games: int, seed: int) -> Measurement:
    """Play ``games`` games on the bare ``UnoGame``, random legal actions; time the loop only."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame  # type: ignore[import-untyped]

    game = UnoGame(num_players=2)
    game.np_random = np.random.RandomState(seed)  # shuffles and random wild colours
    choose = random.Random(seed).choice
    actions = 0
    start = time.perf_counter()
    for _ in range(games):
        game.init_game()
        while not game.is_over():
            game.step(choose(game.get_legal_actions()))
            actions += 1
    seconds = time.perf_counter() - start
    return Measurement(actions=actions, games=games, seconds=seconds)


def run_round_core(games: int, seed: int) -> Measurement:
    """Play ``games`` games on RLCard's ``UnoRound`` alone, random legal actions; time it all.

    The set-up is ``UnoGame.init_game``'s (a dealer with a shuffled deck, seven cards each, the
    first card flipped and performed) without the first state it builds, and it is timed, as
    ours is. Then only ``get_legal_actions`` and ``proceed_round``, until the round is over.
    """
    import numpy as np
    from rlcard.games.uno.dealer import UnoDealer  # type: ignore[import-untyped]
    from rlcard.games.uno.player import UnoPlayer  # type: ignore[import-untyped]
    from rlcard.games.uno.round import UnoRound  # type: ignore[import-untyped]

    players_n = 2
    np_random = np.random.RandomState(seed)  # shuffles and random wild colours
    choose = random.Random(seed).choice
    actions = 0
    start = time.perf_counter()
    for _ in range(games):
        dealer = UnoDealer(np_random)
        players = [UnoPlayer(i, np_random) for i in range(players_n)]
        for player in players:
            dealer.deal_cards(player, 7)
        round_ = UnoRound(dealer, players_n, np_random)
        round_.perform_top_card(players, round_.flip_top_card())
        while not round_.is_over:
            legal = round_.get_legal_actions(players, round_.current_player)
            round_.proceed_round(players, choose(legal))
            actions += 1
    seconds = time.perf_counter() - start
    return Measurement(actions=actions, games=games, seconds=seconds)


def median_of(
    fn: Callable[..., Measurement], runs: int = 5, warmup: bool = True, **kw: Any
) -> Measurement:
    """Call ``fn(**kw)`` ``runs`` times after one small warm-up; return the median-speed run.

    For an even ``runs`` the slower of the two middle runs is returned.
    """
    if runs < 1:
        raise ValueError("runs must be at least 1")
    if warmup:
        fn(**{**kw, "games": min(int(kw.get("games", 100)), 100)})
    results = sorted((fn(**kw) for _ in range(runs)), key=lambda m: m.actions_per_s)
    return results[(runs - 1) // 2]


def _row(name: str, m: Measurement) -> str:
    return (
        f"{name:<28}{m.actions_per_s:>13,.0f}{m.games_per_s:>11,.1f}"
        f"{m.actions_per_game:>14.1f}{m.games:>8}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=2000, help="games per run (default 2000)")
    parser.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs, median kept (default 5)")
    args = parser.parse_args(argv)

    rows = {
        f"rlcard {rlcard_version()} env.run": run_env,
        f"rlcard {rlcard_version()} bare UnoGame": run_bare_game,
        f"rlcard {rlcard_version()} UnoRound core": run_round_core,
    }
    print(f"{'engine':<28}{'actions/s':>13}{'games/s':>11}{'actions/game':>14}{'games':>8}")
    for name, fn in rows.items():
        m = median_of(fn, runs=args.runs, games=args.games, seed=args.seed)
        print(_row(name, m), flush=True)


if __name__ == "__main__":
    main()
