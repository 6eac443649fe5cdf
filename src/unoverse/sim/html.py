"""The HTML page of a report (``sim.report``'s data): one self-contained file, its figures
inline SVG (``sim.plots``), its style in the page, and no reference to anything outside
it (no script, stylesheet, font or image to fetch), so it opens anywhere, offline, as is.

Sections: a summary, game length, win rates by seat, cards and counts, eliminations (where
seats are eliminated), the launcher (UNO Attack), the comparison (where the report
compares groups) and how to read the statistics, with a table of contents. Groups are
side by side: a column each in the figures, a column each in the tables. Every text taken
from the data (titles, presets, bot specs) is escaped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any, Final

from .. import __version__
from . import plots
from .report import card_kinds, fmt_bots, fmt_row
from .report import fmt_number as _num
from .report import fmt_p as _p
from .report import fmt_percent as _pct

#: The page's style: readable type, tables that line up, figures that scale to the column.
CSS: Final = """
:root { color-scheme: light; --ink: #1d1d1f; --muted: #5f6368; --rule: #d9dce1;
  --band: #f4f6f8; --accent: #1f5fa8; --good: #0f6b2f; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--ink); background: #fff; }
header, nav, main { max-width: 1400px; margin: 0 auto; padding: 0 1.5rem; }
header { padding-top: 1.5rem; }
h1 { font-size: 1.7rem; margin: 0 0 .3rem; }
h2 { font-size: 1.3rem; margin: 2.2rem 0 .6rem; padding-bottom: .25rem;
  border-bottom: 2px solid var(--rule); }
h3 { font-size: 1.05rem; margin: .6rem 0 .4rem; overflow-wrap: anywhere; }
p { margin: .4rem 0; max-width: 75rem; }
.muted { color: var(--muted); }
nav ol { margin: .3rem 0; padding-left: 1.4rem; columns: 2; max-width: 40rem; }
a { color: var(--accent); }
.groups { display: grid; gap: 1.2rem 2rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 32rem), 1fr)); }
.figures { display: flex; flex-wrap: wrap; gap: 1rem 2rem; }
.figures { align-items: flex-start; }
.figures > figure { flex: 0 1 36rem; min-width: 0; }
.groups .figures > figure { flex: 1 1 100%; max-width: 46rem; }
figure { margin: 0 0 .8rem; }
figure svg { width: 100%; height: auto; display: block; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-variant-numeric: tabular-nums; }
th, td { padding: .3rem .7rem; border-bottom: 1px solid var(--rule); text-align: right;
  vertical-align: top; }
th { background: var(--band); font-weight: 600; }
th:first-child, td:first-child { text-align: left; }
td.text { overflow-wrap: anywhere; }
tr.significant td { background: #e9f6ee; }
td.yes { color: var(--good); font-weight: 700; }
.scroll { overflow-x: auto; }
ul.seeds { margin: .2rem 0; padding-left: 1.2rem; font-size: .9rem; }
footer { max-width: 1400px; margin: 2rem auto; padding: 0 1.5rem; color: var(--muted); }
"""

#: The sections of the page: id and heading.
SECTIONS: Final = {
    "summary": "Summary",
    "length": "Game length",
    "wins": "Win rate by seat and turn order",
    "cards": "Cards and effects",
    "eliminations": "Eliminations (UNO Blast)",
    "launcher": "Launcher (UNO Attack)",
    "comparison": "Comparison",
    "reading": "How to read this report",
}


def page(data: dict[str, Any]) -> str:
    """The whole page of a report's data, as HTML text."""
    groups = data["groups"]
    parts = {
        "summary": _summary(groups),
        "length": _length(groups),
        "wins": _wins(groups),
        "cards": _cards(groups),
        "eliminations": _eliminations(groups),
        "launcher": _launcher(groups),
        "comparison": _comparison(data),
        "reading": _reading(data),
    }
    shown = {key: body for key, body in parts.items() if body}
    contents = "".join(f'<li><a href="#{key}">{SECTIONS[key]}</a></li>' for key in shown)
    sections = "".join(
        f'<section id="{key}"><h2>{SECTIONS[key]}</h2>{body}</section>'
        for key, body in shown.items()
    )
    games = sum(g["games"] for g in groups)
    title = escape(data["title"])
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        f"<header><h1>{title}</h1>"
        f'<p class="muted">{len(groups)} group{"s" if len(groups) != 1 else ""} of games, '
        f"{games:,} games in all; made by unoverse {escape(__version__)}.</p></header>\n"
        f"<nav><h2>Contents</h2><ol>{contents}</ol></nav>\n<main>{sections}</main>\n"
        '<footer>The statistics count finished games; see "How to read this report".'
        "</footer>\n</body>\n</html>\n"
    )


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], classes: Sequence[str] = ()) -> str:
    """A table of cells already escaped: each a cell's content, or a whole ``<td ...>``
    element where it needs a class; ``classes``: a class for each row ("" for none)."""
    top = "".join(f"<th>{h}</th>" for h in head)
    body = "".join(_tr(row, classes[i] if i < len(classes) else "") for i, row in enumerate(rows))
    return (
        f'<div class="scroll"><table><thead><tr>{top}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


def _tr(cells: Sequence[str], kind: str) -> str:
    attribute = f' class="{kind}"' if kind else ""
    inner = "".join(c if c.startswith("<td") else f"<td>{c}</td>" for c in cells)
    return f"<tr{attribute}>{inner}</tr>"


def _columns(groups: Sequence[dict[str, Any]], cell: Callable[[dict[str, Any]], str | None]) -> str:
    """A column per group, side by side as the page's width allows (columns of 32rem at
    least: two on a laptop's screen, more on a wider one): its name, then ``cell(group)``.
    Groups the section does not apply to (``cell`` gives None) are named in a note."""
    bodies = [(g, cell(g)) for g in groups]
    if len(groups) == 1:
        return bodies[0][1] or ""
    columns = "".join(
        f"<div><h3>{escape(g['label'])}</h3>{body}</div>" for g, body in bodies if body is not None
    )
    missing = [escape(g["label"]) for g, body in bodies if body is None]
    note = f'<p class="muted">Not in {", ".join(missing)}.</p>' if missing else ""
    return f'<div class="groups">{columns}</div>{note}'


def _figures(*svgs: str) -> str:
    return '<div class="figures">' + "".join(f"<figure>{s}</figure>" for s in svgs) + "</div>"


def _labels(groups: Sequence[dict[str, Any]]) -> list[str]:
    return [escape(g["label"]) for g in groups]


def _one(groups: Sequence[dict[str, Any]], g: dict[str, Any]) -> str:
    """The group's name in a figure's title, where the page shows one group alone."""
    return g["label"] if len(groups) == 1 else ""


def _summary(groups: Sequence[dict[str, Any]]) -> str:
    rows: list[list[str]] = [
        ["preset", *(f'<td class="text">{escape(g["preset"])}</td>' for g in groups)],
        ["players", *(str(g["players"]) for g in groups)],
        [
            "bots",
            *(f'<td class="text">{escape(fmt_bots(g["bots"]))}</td>' for g in groups),
        ],
        ["each game is", *("a match" if g["match"] else "a round" for g in groups)],
        ["games", *(_num(g["games"]) for g in groups)],
        ["finished", *(_num(g["finished"]) for g in groups)],
        ["unfinished (action cap)", *(_num(g["unfinished"]) for g in groups)],
    ]
    for what in ("turns", "actions", "rounds"):
        if not any(what in g["length"] for g in groups):
            continue
        for key, name in (("mean", "mean"), ("p50", "median"), ("p90", "p90"), ("p99", "p99")):
            rows.append(
                [
                    f"{what} per {'match' if what == 'rounds' else 'game'}: {name}",
                    *(_num(g["length"][what][key]) if what in g["length"] else "–" for g in groups),
                ]
            )
    text = _table(["", *_labels(groups)], rows)
    for g in groups:
        if g["unfinished"]:
            listed = "".join(
                f"<li>game {u['game']}, seed {u['seed']}</li>" for u in g["unfinished_games"]
            )
            more = g["unfinished"] - len(g["unfinished_games"])
            text += (
                f"<p>{escape(g['label'])}: {g['unfinished']} unfinished games (a round reached "
                "the action cap), left out of every statistic; each replays alone from its "
                f'seed:</p><ul class="seeds">{listed}</ul>'
                + (
                    f'<p class="muted">and {more} more (the results file lists them all)</p>'
                    if more
                    else ""
                )
            )
    return text


def _length(groups: Sequence[dict[str, Any]]) -> str:
    intro = (
        "<p>How long the finished games lasted: the share of games per bin of length, in "
        "turns (a seat's turn; a skipped seat has none) and in actions (every accepted "
        "action: plays, draws, calls, challenges...). Dashed: the mean; dotted: the median."
        "</p>"
    )

    def cell(g: dict[str, Any]) -> str:
        label = _one(groups, g)
        whats = [w for w in ("turns", "actions", "rounds") if w in g["length"]]
        return _figures(
            *(
                plots.length(
                    g["length"][w], w, label, [h["length"][w] for h in groups if w in h["length"]]
                )
                for w in whats
            )
        )

    return intro + _columns(groups, cell)


def _wins(groups: Sequence[dict[str, Any]]) -> str:
    intro = (
        "<p>Each seat's share of the finished games won (a match shared in a tie counts a "
        "share to each winner), with its 95% Wilson interval; the dashed line is a fair "
        "seat's share, 1 / players. Then the same by turn order: 0 is the seat that played "
        "first, 1 the next seat to play, and so on (the first deal's direction), which is "
        "where an advantage of playing first shows.</p>"
    )
    parts = [intro]
    for by_order in (False, True):
        key = "wins_by_order" if by_order else "wins"
        name = "turn order" if by_order else "seat"
        seats = max(g["players"] for g in groups)
        rows = []
        for s in range(seats):
            row = [f"{name} {s}"]
            for g in groups:
                if s >= len(g[key]):
                    row.append("–")
                    continue
                w = g[key][s]
                lo, hi = w["ci95"]
                row.append(f"{_num(w['wins'])} · {_pct(w['rate'])} ({_pct(lo)}–{_pct(hi)})")
            rows.append(row)

        def figure(g: dict[str, Any], by_order: bool = by_order) -> str:
            return _figures(
                plots.win_rates([g], _one(groups, g), together=groups, by_order=by_order)
            )

        parts.append(_columns(groups, figure))
        parts.append(
            _table(["", *(f"{lab}: wins · rate (95% interval)" for lab in _labels(groups))], rows)
        )
    return "".join(parts)


def _cards(groups: Sequence[dict[str, Any]]) -> str:
    intro = (
        "<p>Cards played and cards drawn per finished game, by card kind (the notation's "
        "codes: <code>S</code> Skip, <code>R</code> Reverse, <code>+2</code> Draw Two, "
        "<code>W</code> Wild, <code>W+4</code> Wild Draw Four...; a launcher's cards count "
        "as drawn); then the variant's own counts per game, those that were not zero in "
        "every game.</p>"
    )
    beside = [g["cards"] for g in groups]
    svgs = [plots.cards(g["cards"], _one(groups, g), beside) for g in groups]
    kinds = card_kinds(groups)
    by_kind = [{c["kind"]: c for c in g["cards"]} for g in groups]
    rows = [
        [
            f"<code>{escape(k)}</code>",
            *(
                f"{_num(table[k]['played'])} / {_num(table[k]['drawn'])}" if k in table else "–"
                for table in by_kind
            ),
        ]
        for k in kinds
    ]
    cards = _table(["card kind", *(f"{lab}: played / drawn" for lab in _labels(groups))], rows)
    names = list(dict.fromkeys(c["name"] for g in groups for c in g["counts"]))
    by_name = [{c["name"]: c for c in g["counts"]} for g in groups]
    counts_rows = [
        [
            escape(name.replace("_", " ")),
            *(
                f"{_num(t[name]['mean'])} (p90 {_num(t[name]['p90'])}, max {_num(t[name]['max'])})"
                if name in t
                else ("0" if name in g["zero_counts"] else "–")
                for t, g in zip(by_name, groups, strict=True)
            ),
        ]
        for name in names
    ]
    legend = '<p class="muted">0: zero in every game; –: not counted in that variant.</p>'
    counts = (
        "<h3>Counts per game</h3>"
        + (legend if len(groups) > 1 else "")
        + _table(["count", *(f"{lab}: mean (p90, max)" for lab in _labels(groups))], counts_rows)
        if names
        else "<p>Every count was zero in every game.</p>"
    )
    zero = sorted({n for g in groups for n in g["zero_counts"]} - set(names))
    if zero:
        counts += (
            '<p class="muted">Zero in every game (not shown): '
            + escape(", ".join(n.replace("_", " ") for n in zero))
            + ".</p>"
        )
    cards = f"<div><h3>Cards per game</h3>{cards}</div>"
    if len(groups) == 1:  # (the table beside the figure)
        return f'{intro}<div class="figures"><figure>{svgs[0]}</figure>{cards}</div>{counts}'
    figures = _columns(groups, lambda g: _figures(svgs[groups.index(g)]))
    return intro + figures + cards + counts


def _eliminations(groups: Sequence[dict[str, Any]]) -> str:
    if not any(g["eliminations"] for g in groups):
        return ""
    intro = (
        "<p>Seats still in play by turn: 1 − (eliminations up to that turn) / (finished "
        "games × players). A game that ends keeps its seats that were not eliminated, so "
        "the curve levels off as games end; the second curve is the share of games still "
        "being played. Then how many seats each game eliminated.</p>"
    )

    def cell(g: dict[str, Any]) -> str | None:
        e = g["eliminations"]
        if e is None:
            return None
        t = e["turn"]
        facts = (
            f"<p>{_num(e['eliminated'])} seats eliminated: {_num(e['per_game_mean'])} per game, "
            f"{_pct(e['share_of_seats'])} of all seats; at turn {_num(t['p50'])} (median), "
            f"{_num(t['p90'])} (p90).</p>"
        )
        beside = [h["eliminations"] for h in groups if h["eliminations"]]
        return facts + _figures(plots.eliminations(e, _one(groups, g), beside))

    return intro + _columns(groups, cell)


def _launcher(groups: Sequence[dict[str, Any]]) -> str:
    if not any(g["launcher"] for g in groups):
        return ""
    intro = (
        "<p>Each press of the launcher fires nothing or some cards (which count as drawn). "
        "The share of presses by the cards they fired, then the launcher's counts per game: "
        "presses (for any reason), fires (presses that fired at least one card), cards "
        "fired, and reloads of an empty launcher from the discard pile.</p>"
    )

    def cell(g: dict[str, Any]) -> str | None:
        la = g["launcher"]
        if la is None:
            return None
        rows = [
            [escape(name.replace("_", " ")), *(_num(s[k]) for k in ("mean", "p50", "p90", "p99"))]
            for name, s in la["per_game"].items()
        ]
        facts = (
            f"<p>{_num(la['presses'])} presses: {_pct(la['fire_share'])} fired at least one "
            f"card; {_num(la['cards_per_press'])} cards per press on average.</p>"
        )
        beside = [h["launcher"] for h in groups if h["launcher"]]
        figure = plots.launcher(la, _one(groups, g), beside)
        table = _table(["per game", "mean", "median", "p90", "p99"], rows)
        return f'{facts}<div class="figures"><figure>{figure}</figure><div>{table}</div></div>'

    return intro + _columns(groups, cell)


def _comparison(data: dict[str, Any]) -> str:
    comparisons = data["comparisons"]
    if not comparisons:
        return ""
    groups = data["groups"]
    text = (
        f"<p>Each group against the baseline, <strong>{escape(groups[0]['label'])}</strong>: "
        "the difference (other − baseline) with its 95% interval, the test's z and "
        "two-sided p (Welch's test for means, the two-proportion z test for win rates). "
        f"This page makes <strong>{data['tests']} tests</strong>: their p-values are "
        "adjusted together (Holm–Bonferroni, &ldquo;Holm p&rdquo;), and a row is "
        f"significant at {100 * data['alpha']:g}% when its Holm p is below "
        f"{data['alpha']:g}. The intervals are not adjusted.</p>"
    )
    for c in comparisons:
        rows = []
        classes = []
        for r in c["rows"]:
            rows.append(
                [
                    escape(r["name"].replace("_", " ")),
                    *fmt_row(r),
                    "∞" if r["z"] is None else f"{r['z']:.2f}",
                    _p(r["p"]),
                    _p(r["p_holm"]),
                    '<td class="yes">yes</td>' if r["significant"] else "no",
                ]
            )
            classes.append("significant" if r["significant"] else "")
        significant = sum(r["significant"] for r in c["rows"])
        text += (
            f"<h3>{escape(c['other'])} against {escape(c['baseline'])}</h3>"
            f"<p>{_num(c['finished'][0])} and {_num(c['finished'][1])} finished games; "
            f"{significant} of {len(c['rows'])} differences significant.</p>"
            + _table(
                [
                    "measure",
                    "baseline",
                    "other",
                    "difference (95% interval)",
                    "z",
                    "p",
                    "Holm p",
                    "significant at 5%",
                ],
                rows,
                classes,
            )
        )
    text += _figures(
        plots.lengths_overlaid(groups, "turns"),
        plots.lengths_overlaid(groups, "actions"),
        plots.win_rates(groups),
    )
    return text


def _reading(data: dict[str, Any]) -> str:
    paired = (
        "<li>Games of the same index were dealt from the same seed in each group where "
        "the runs shared a seed, so the samples are paired, not independent; the tests "
        "treat them as independent, which, where a deal plays out alike under both rule "
        "sets, makes them cautious: the p-values are larger than a paired test's.</li>"
        if data["comparisons"]
        else ""
    )
    return (
        "<ul>"
        "<li>Every statistic counts the finished games; a game that reached the action cap "
        "is unfinished and only listed, with its seed.</li>"
        "<li>Percentiles are exact (nearest rank) over the histograms of whole numbers.</li>"
        "<li>Win-rate intervals are Wilson score intervals (95%), which stay inside 0–100% "
        "and hold for small counts.</li>"
        "<li>Differences of means use Welch's test with the normal distribution for the z "
        "(samples of hundreds of games or more); differences of win rates use the pooled "
        "two-proportion z test, and their intervals the unpooled normal one.</li>"
        "<li>A significant difference is one unlikely under the same rules by chance alone; "
        "it says nothing of its size: read the difference and its interval.</li>"
        f"{paired}"
        "</ul>"
    )
