"""The data of a report on simulation results: per group of games (one preset, table size,
line-up of bots and match mode) its summary, length distributions, win rates, cards and
counts per game, elimination curves (UNO Blast) and launcher statistics (UNO Attack); and
the comparison of groups against a baseline, each difference with its 95% interval and
two-sided p-value, adjusted for the number of tests (Holm–Bonferroni).

Everything here is plain data (JSON-ready: lists, dicts, numbers, strings) built from
``Tally`` objects, so the terminal summary, ``--json`` and the HTML page (``sim.html``, with
``sim.plots`` for its figures) show the same numbers. Statistics count the finished games;
the unfinished ones (a round reached the action cap) are listed by seed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final

from ..core.cards import KIND_INDEX
from .simulate import LAUNCHER_COUNTS
from .stats import Histogram, mean, summary, two_proportions, variance, welch
from .tally import Tally

#: A group of games: preset, players, bots (one spec per seat) and match mode, as
#: ``run.tally_files`` keys its tallies.
GroupKey = tuple[str, int, tuple[str, ...], bool]

#: The unfinished games a group lists (game and seed); a results file holds them all.
UNFINISHED_SHOWN: Final = 20
#: The significance level of the comparisons, after the Holm–Bonferroni adjustment.
ALPHA: Final = 0.05
#: The normal quantile of a two-sided 95% interval.
Z95: Final = 1.959964


def build(tallies: dict[GroupKey, Tally], *, title: str, compare: bool) -> dict[str, Any]:
    """The report of ``tallies`` (in the order given): each group's data and, with
    ``compare``, the comparison of every other group with the first (the baseline), its
    p-values adjusted together over every test the report makes."""
    keys = list(tallies)
    labels = _labels(keys)
    groups = [group(key, tallies[key], label) for key, label in zip(keys, labels, strict=True)]
    comparisons: list[dict[str, Any]] = []
    if compare:
        base = keys[0]
        comparisons = [
            comparison(labels[0], tallies[base], label, tallies[key])
            for key, label in zip(keys[1:], labels[1:], strict=True)
        ]
        holm([row for c in comparisons for row in c["rows"]])
    return {
        "title": title,
        "groups": groups,
        "comparisons": comparisons,
        "tests": sum(len(c["rows"]) for c in comparisons),
        "alpha": ALPHA,
    }


def _labels(keys: list[GroupKey]) -> list[str]:
    """A short name for each group: its preset, and whatever else tells the groups apart
    (the table size, the bots, match mode) when they differ in it."""
    players = len({k[1] for k in keys}) > 1
    bots = len({k[2] for k in keys}) > 1
    match = len({k[3] for k in keys}) > 1
    labels = []
    for preset, n, specs, is_match in keys:
        parts = [preset]
        if players:
            parts.append(f"{n} players")
        if bots:
            parts.append("bots " + (specs[0] if len(set(specs)) == 1 else ",".join(specs)))
        if match:
            parts.append("matches" if is_match else "rounds")
        labels.append(", ".join(parts))
    return labels


def group(key: GroupKey, tally: Tally, label: str) -> dict[str, Any]:
    """One group's data: what the report shows of its games."""
    preset, players, bots, is_match = key
    n = tally.finished
    length = {"turns": _distribution(tally.turns), "actions": _distribution(tally.actions)}
    if is_match:
        length["rounds"] = _distribution(tally.rounds)
    return {
        "label": label,
        "preset": preset,
        "players": players,
        "bots": list(bots),
        "match": is_match,
        "games": tally.games,
        "finished": n,
        "unfinished": len(tally.unfinished),
        "unfinished_games": [
            {"game": g, "seed": s} for g, s in tally.unfinished[:UNFINISHED_SHOWN]
        ],
        "length": length,
        "wins": tally.win_rates(),
        "wins_by_order": tally.win_rates(by_order=True),
        "chance": round(1 / players, 4),
        "cards": _cards(tally),
        "counts": [
            {"name": name, **_distribution(h, bins=False), "max": max(h)}
            for name, h in tally.rules.items()
            if _nonzero(h)
        ],
        # the counts that were zero in every game: left out above
        "zero_counts": [name for name, h in tally.rules.items() if not _nonzero(h)],
        "eliminations": _eliminations(tally),
        "launcher": _launcher(tally),
    }


def _distribution(hist: Histogram, *, bins: bool = True) -> dict[str, Any]:
    """A histogram's summary and, with ``bins``, the histogram itself as ``[value, games]``
    pairs in order of value."""
    data: dict[str, Any] = dict(summary(hist))
    if bins:
        data["histogram"] = sorted([v, k] for v, k in hist.items() if k)
    return data


def _cards(tally: Tally) -> list[dict[str, Any]]:
    """Cards played and drawn per finished game, by card kind (notation order)."""
    n = tally.finished or 1
    kinds = sorted(set(tally.plays) | set(tally.draws), key=_kind_order)
    return [
        {
            "kind": k,
            "played": round(tally.plays[k] / n, 3),
            "drawn": round(tally.draws[k] / n, 3),
        }
        for k in kinds
    ]


def _eliminations(tally: Tally) -> dict[str, Any] | None:
    """Where seats are eliminated (UNO Blast, Challenge UNO): the share of seats still in
    play by turn, the share of games still being played by turn, and eliminations per game.

    Seats still in play after turn ``t`` = 1 - (eliminations at turns up to ``t``) /
    (finished games × players): a game that has ended keeps its seats that were never
    eliminated, so the curve levels off where the games end (the second curve shows
    where). None where the preset eliminates no seat and none was."""
    if "eliminations" not in tally.rules and not tally.eliminated_at:
        return None
    n = tally.finished
    seats = n * tally.players
    left: list[list[float]] = [[0, 1.0]]
    out = 0
    for turn in sorted(tally.eliminated_at):
        out += tally.eliminated_at[turn]
        left.append([turn, round(1 - out / seats, 5) if seats else 1.0])
    running: list[list[float]] = [[0, 1.0]]
    ended = 0
    for turn in sorted(tally.turns):
        ended += tally.turns[turn]
        running.append([turn, round(1 - ended / n, 5)])
    per_game = tally.rules.get("eliminations")
    total = sum(tally.eliminated_at.values())
    return {
        "eliminated": total,
        "per_game_mean": round(total / n, 3) if n else 0.0,
        "share_of_seats": round(total / seats, 4) if seats else 0.0,
        "turn": summary(tally.eliminated_at),
        "seats_left": left,
        "games_running": running,
        "per_game": sorted([v, k] for v, k in per_game.items() if k) if per_game else None,
    }


def _launcher(tally: Tally) -> dict[str, Any] | None:
    """The launcher (UNO Attack): presses by the cards each fired, the cards a press fires
    on average, the share of presses that fire, and the launcher's counts per game. None
    where the preset has no launcher."""
    if "presses" not in tally.rules:
        return None
    presses = sum(tally.fired.values())
    return {
        "presses": presses,
        "cards_per_press": round(mean(tally.fired), 3),
        "fire_share": round(1 - tally.fired[0] / presses, 4) if presses else 0.0,
        "by_cards_fired": sorted([v, k] for v, k in tally.fired.items() if k),
        "per_game": {name: summary(tally.rules[name]) for name in LAUNCHER_COUNTS},
    }


def comparison(label_a: str, a: Tally, label_b: str, b: Tally) -> dict[str, Any]:
    """Group ``b`` against the baseline ``a``: mean game length (turns, actions), each
    seat's win rate and the first player's, and each count both report per game (zero in
    both: left out). Each row gives both values, the difference ``b - a`` with its 95%
    interval, the test's z and two-sided p (``p_holm`` and ``significant`` are set by
    ``holm``)."""
    rows = [
        _means("length", "turns per game", a.turns, b.turns),
        _means("length", "actions per game", a.actions, b.actions),
    ]
    for seat in range(min(a.players, b.players)):
        rows.append(_rates(f"seat {seat} win rate", a.wins[seat], a.finished, b.wins[seat], b))
    rows.append(
        _rates("first player's win rate", a.wins_by_order[0], a.finished, b.wins_by_order[0], b)
    )
    for name in a.names:
        if name in b.rules and (_nonzero(a.rules[name]) or _nonzero(b.rules[name])):
            rows.append(_means("counts", f"{name} per game", a.rules[name], b.rules[name]))
    return {
        "baseline": label_a,
        "other": label_b,
        "finished": [a.finished, b.finished],
        "rows": rows,
    }


def _nonzero(hist: Histogram) -> bool:
    """Whether some game had a value other than 0."""
    return any(k for v, k in hist.items() if v)


def _means(section: str, name: str, a: Histogram, b: Histogram) -> dict[str, Any]:
    """A difference of means with Welch's test and its normal 95% interval."""
    na, nb = sum(a.values()), sum(b.values())
    se = math.sqrt(variance(a) / na + variance(b) / nb) if na and nb else 0.0
    z, p = welch(a, b)
    return _row(section, name, "welch", mean(a), mean(b), se, z, p)


def _rates(name: str, wins_a: float, na: int, wins_b: float, b: Tally) -> dict[str, Any]:
    """A difference of win rates (``wins_a`` of ``na`` games, ``wins_b`` of ``b``'s) with
    the two-proportion z test; its 95% interval is the unpooled (Wald) one."""
    pa = wins_a / na if na else 0.0
    pb = wins_b / b.finished if b.finished else 0.0
    se = math.sqrt(pa * (1 - pa) / na + pb * (1 - pb) / b.finished) if na and b.finished else 0.0
    z, p = two_proportions(wins_a, na, wins_b, b.finished)
    return _row("wins", name, "two proportions", pa, pb, se, z, p)


def _row(
    section: str, name: str, test: str, a: float, b: float, se: float, z: float, p: float
) -> dict[str, Any]:
    diff = b - a
    return {
        "section": section,
        "name": name,
        "test": test,
        "a": round(a, 4),
        "b": round(b, 4),
        "diff": round(diff, 4),
        "ci95": [round(diff - Z95 * se, 4), round(diff + Z95 * se, 4)],
        # (a difference between two constant samples has an infinite z: JSON has no such
        # number, and p = 0 says it all)
        "z": round(z, 3) if math.isfinite(z) else None,
        "p": p,
        "p_holm": p,
        "significant": p < ALPHA,
    }


def holm(rows: list[dict[str, Any]]) -> None:
    """Adjust the rows' p-values together (Holm–Bonferroni, which keeps the chance of any
    false "significant" among them at ``ALPHA``): the ``k``-th smallest p is multiplied by
    ``m - k + 1`` (``m`` tests), and never ends below the adjusted p before it. Sets each
    row's ``p_holm`` and ``significant``."""
    m = len(rows)
    running = 0.0
    for k, row in enumerate(sorted(rows, key=lambda r: r["p"])):
        running = max(running, min(1.0, (m - k) * row["p"]))
        row["p_holm"] = running
        row["significant"] = running < ALPHA


def card_kinds(groups: Sequence[dict[str, Any]]) -> list[str]:
    """The card kinds any of the groups played or drew, in the notation's order."""
    return sorted({c["kind"] for g in groups for c in g["cards"]}, key=_kind_order)


def _kind_order(code: str) -> int:
    return KIND_INDEX.get(code, len(KIND_INDEX))


def fmt_number(x: float, digits: int = 2) -> str:
    """A number as a person reads it: thousands separated, at most ``digits`` decimals."""
    if float(x).is_integer():
        return f"{int(x):,}"
    text = f"{x:,.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def fmt_percent(x: float) -> str:
    """A share as a percentage with one decimal."""
    return f"{100 * x:.1f}%"


def fmt_p(p: float) -> str:
    """A p-value: three significant digits, the tiny ones as a bound."""
    return "< 0.0001" if p < 0.0001 else f"{p:.3g}"


def fmt_bots(specs: Sequence[str]) -> str:
    """A line-up of bots: the spec once when every seat has it, else each seat's."""
    if len(set(specs)) == 1:
        return f"{specs[0]} (every seat)"
    return ", ".join(specs)


def fmt_row(row: dict[str, Any]) -> tuple[str, str, str]:
    """A comparison row's baseline value, other value, and difference with its 95%
    interval, as text: win rates in % and their differences in percentage points."""
    lo, hi = row["ci95"]
    if row["section"] == "wins":
        return (
            fmt_percent(row["a"]),
            fmt_percent(row["b"]),
            f"{100 * row['diff']:+.1f} pp ({100 * lo:.1f} to {100 * hi:.1f})",
        )
    sign = "+" if row["diff"] > 0 else ""
    return (
        fmt_number(row["a"]),
        fmt_number(row["b"]),
        f"{sign}{fmt_number(row['diff'])} ({fmt_number(lo)} to {fmt_number(hi)})",
    )
