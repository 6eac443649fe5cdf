"""RULES.md §9.12, NM-23 (§9.16.11): random UNO Show 'Em No Mercy rounds never draw short.

With at most 6 seats and the Mercy rule checked after every card, no active hand holds more
than 24 cards, so a seat holding h cards that must draw can reach at least 47 - h cards
(draw pile, discards under the top, set-aside hands): more than the 25 - h that knock it
out. Every draw sequence therefore ends with a playable card, the named colour or a
knockout, and P2's ``draw_short`` never happens. This script plays ``--rounds`` random
rounds and counts what the bound is about:

* round ``i`` is played at ``2 + i % 5`` seats (2 to 6, cycling) under one of
  ``OPTION_MIXES`` (the default rules first, then mixes of §9's options and house rules, by
  ``i // 5``), from the seed ``derive(--seed, "no_mercy_exhaustion", i)``;
* each action is uniformly random: an acting seat, then one of its legal actions;
* ``draw_short`` events are counted (must be 0), as are the largest hand and the smallest
  drawable supply seen before any action that draws, rounds that reach RULES.md E-6's
  20,000 actions and rounds left where no seat has a legal action (both must be 0 too).

Rounds run on ``--workers`` processes (default 2). The engine is the one ``import unoverse``
finds: the compiled build with ``PYTHONPATH=build/compiled``.

    .venv/bin/python benchmarks/no_mercy_exhaustion.py --rounds 2000
    PYTHONPATH=build/compiled UNOVERSE_EXPECT_COMPILED=1 \\
        .venv/bin/python benchmarks/no_mercy_exhaustion.py --rounds 1000000

The exit status is 1 if any round drew short or did not end.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, fields
from multiprocessing import Pool

import unoverse as uv
from unoverse.core.seeding import derive

#: The options the rounds cycle through: the defaults, then §9's switches and the house
#: rules §9.14 offers (a voluntary draw and a Roulette named by its player draw otherwise;
#: the house cards add wilds; another deck moves the counts).
OPTION_MIXES = (
    "no_mercy",
    "no_mercy+no_mercy.deck=rg_168+no_mercy.voluntary_draw",
    "no_mercy+no_mercy.deck=om_168+no_mercy.roulette_color=player",
    "no_mercy+no_mercy.last_card_effect=resolve_draws+no_mercy.uno_any_path=false"
    "+no_mercy.wr4_two_player=opponent",
    "no_mercy+jump_in+play_duplicates+boomerang+friendly_swap+false_uno_penalty=2",
)
#: RULES.md E-6: a round that reaches this many actions has not ended.
MAX_ACTIONS = 20_000
#: How many rounds a worker plays per task.
CHUNK = 250


@dataclass
class Figures:
    """What a batch of rounds saw (``merge`` adds two batches)."""

    rounds: int = 0
    actions: int = 0
    draw_short: int = 0
    unended: int = 0
    stuck: int = 0
    knockouts: int = 0
    reshuffles: int = 0
    max_hand: int = 0
    min_supply: int = 1 << 30

    def merge(self, other: Figures) -> None:
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            if f.name == "max_hand":
                setattr(self, f.name, max(mine, theirs))
            elif f.name == "min_supply":
                setattr(self, f.name, min(mine, theirs))
            else:
                setattr(self, f.name, mine + theirs)


def supply(game: uv.Game) -> int:
    """The cards a draw can reach (§9.12): the draw pile, the discards under the top and
    the set-aside hands."""
    return len(game.draw_pile) + len(game.discard) - 1 + len(game.buried)


def play_round(index: int, base_seed: int, figures: Figures) -> None:
    """Round ``index`` (its table size, options and seed as the module doc says), played by
    uniformly random actions, into ``figures``."""
    players = 2 + index % 5
    preset = OPTION_MIXES[(index // 5) % len(OPTION_MIXES)]
    seed = derive(base_seed, "no_mercy_exhaustion", index)
    game = uv.new_game(preset, players, seed)
    rng = random.Random(seed)
    actions = 0
    while not game.over:
        if actions == MAX_ACTIONS:
            figures.unended += 1
            break
        seats = game.acting_seats()
        seat = seats[rng.randrange(len(seats))] if seats else -1
        offers = game.legal_actions(seat) if seats else ()
        if not offers:  # no seat can act, and the round is not over: an engine fault
            figures.stuck += 1
            break
        before = supply(game)
        events = game.apply(seat, offers[rng.randrange(len(offers))])
        actions += 1
        drew = False
        for e in events:
            kind = e.kind
            if kind == "draw":
                drew = True
            elif kind == "draw_short":
                figures.draw_short += 1
            elif kind == "eliminated":
                figures.knockouts += 1
            elif kind == "reshuffle":
                figures.reshuffles += 1
        if drew:
            figures.min_supply = min(figures.min_supply, before)
        for hand in game.hands:
            if len(hand) > figures.max_hand:
                figures.max_hand = len(hand)
    figures.rounds += 1
    figures.actions += actions


def play_rounds(start: int, stop: int, base_seed: int) -> Figures:
    """Rounds ``start`` .. ``stop - 1``."""
    figures = Figures()
    for index in range(start, stop):
        play_round(index, base_seed, figures)
    return figures


def _task(args: tuple[int, int, int]) -> Figures:
    return play_rounds(*args)


def run(rounds: int, base_seed: int, workers: int) -> Figures:
    """Play ``rounds`` rounds on ``workers`` processes (1: in this one)."""
    tasks = [(i, min(i + CHUNK, rounds), base_seed) for i in range(0, rounds, CHUNK)]
    total = Figures()
    if workers <= 1:
        for task in tasks:
            total.merge(_task(task))
        return total
    with Pool(workers) as pool:
        for figures in pool.imap_unordered(_task, tasks):
            total.merge(figures)
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2000, help="rounds to play (2000)")
    parser.add_argument("--seed", type=int, default=20230923, help="the base seed")
    parser.add_argument("--workers", type=int, default=2, help="processes (2)")
    args = parser.parse_args(argv)
    build = uv.engine_build()
    started = time.perf_counter()
    figures = run(args.rounds, args.seed, args.workers)
    elapsed = time.perf_counter() - started
    print(f"engine: {build}")
    print(
        f"rounds: {figures.rounds} ({args.workers} workers, base seed {args.seed}, 2-6 players, "
        f"{len(OPTION_MIXES)} option mixes) in {elapsed:.1f} s: {figures.rounds / elapsed:.1f} "
        f"rounds/s, {figures.actions / elapsed:.0f} actions/s"
    )
    print(
        f"actions: {figures.actions}; knockouts: {figures.knockouts}; "
        f"reshuffles: {figures.reshuffles}"
    )
    print(f"draw_short events: {figures.draw_short} (NM-23: must be 0)")
    print(f"rounds not ended within {MAX_ACTIONS} actions: {figures.unended} (E-6: must be 0)")
    print(f"rounds stuck with no legal action: {figures.stuck} (must be 0)")
    print(f"largest hand seen: {figures.max_hand} cards")
    print(f"smallest drawable supply before a draw: {figures.min_supply} cards")
    return 1 if figures.draw_short or figures.unended or figures.stuck else 0


if __name__ == "__main__":
    sys.exit(main())
