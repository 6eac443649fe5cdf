"""Running totals of a simulation's games: what its report needs, in memory flat in the
number of games.

A ``Tally`` takes game records (``sim.record``: one dict per game, as the results file holds
them) one at a time and keeps counts, sums and histograms of small integers (game lengths,
per-game rule counts, elimination turns), never a list per game, so a run of a million games
holds what a run of a thousand does. Tallies of disjoint games merge (``merge``): the
workers of a run each tally their own games, and a report of several results files merges
theirs. Percentiles read off the histograms are exact (nearest rank).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .stats import Histogram, wilson


class Tally:
    """The totals of the games of one preset, table size and line-up of bots."""

    def __init__(self, players: int, names: tuple[str, ...]) -> None:
        self.players = players
        #: the per-game rule counts tallied, by name (``simulate.counted``)
        self.names = names
        self.games = 0
        self.finished = 0
        #: (game index, seed) of each game that reached the action cap
        self.unfinished: list[tuple[int, int]] = []
        self.actions: Histogram = Counter()
        self.turns: Histogram = Counter()
        self.rounds: Histogram = Counter()
        self.rules: dict[str, Histogram] = {name: Counter() for name in names}
        self.wins = [0.0] * players
        #: wins by turn order: 0 for the seat that played first, 1 for the next to play...
        self.wins_by_order = [0.0] * players
        #: points left in each seat's hand when its game ended, summed
        self.points = [0] * players
        #: cards played and cards drawn over every finished game, by card kind
        self.plays: Counter[str] = Counter()
        self.draws: Counter[str] = Counter()
        #: eliminations by the turn they came at (UNO Blast)
        self.eliminated_at: Histogram = Counter()
        #: launcher presses by the cards they fired (UNO Attack)
        self.fired: Histogram = Counter()

    def add(self, record: dict[str, Any]) -> None:
        """Count one game's record."""
        self.games += 1
        if record["unfinished"]:
            self.unfinished.append((record["game"], record["seed"]))
            return
        self.finished += 1
        self.actions[record["actions"]] += 1
        self.turns[record["turns"]] += 1
        self.rounds[record["rounds"]] += 1
        counts = record["counts"]
        for name in self.names:
            self.rules[name][counts.get(name, 0)] += 1
        winners, first = record["winners"], record["first"]
        for w in winners:
            self.wins[w] += 1 / len(winners)
            self.wins_by_order[(w - first) % self.players] += 1 / len(winners)
        for seat, p in enumerate(record["points"]):
            self.points[seat] += p
        self.plays.update(record["plays"])
        self.draws.update(record["draws"])
        for _seat, turn in record["eliminated"]:
            self.eliminated_at[turn] += 1
        for size, n in record["fired"].items():
            self.fired[int(size)] += n

    def merge(self, other: Tally) -> None:
        """Add the games ``other`` tallied (none of them tallied here)."""
        self.games += other.games
        self.finished += other.finished
        self.unfinished += other.unfinished
        self.actions.update(other.actions)
        self.turns.update(other.turns)
        self.rounds.update(other.rounds)
        for name in self.names:
            self.rules[name].update(other.rules[name])
        for seat in range(self.players):
            self.wins[seat] += other.wins[seat]
            self.wins_by_order[seat] += other.wins_by_order[seat]
            self.points[seat] += other.points[seat]
        self.plays.update(other.plays)
        self.draws.update(other.draws)
        self.eliminated_at.update(other.eliminated_at)
        self.fired.update(other.fired)

    def win_rates(self, *, by_order: bool = False) -> list[dict[str, Any]]:
        """Each seat's wins, win rate and its Wilson 95% interval, over the finished games;
        ``by_order``: by turn order instead (``seat`` 0 is the seat that played first)."""
        n = self.finished
        return [
            {
                "seat": s,
                "wins": round(w, 3),
                "rate": round(w / n, 4) if n else 0.0,
                "ci95": [round(x, 4) for x in wilson(w, n)],
            }
            for s, w in enumerate(self.wins_by_order if by_order else self.wins)
        ]
