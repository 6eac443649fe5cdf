"""The figures of a report (``sim.report``'s data) as SVG text to put inline in a page.

Matplotlib (the ``report`` extra) draws them, imported only when a figure is asked for:
without it, ``require`` raises ``PlotsUnavailable``, which says what to install. The
figures are ``Figure`` objects saved straight to SVG, never made through ``pyplot``, so no
GUI backend is chosen or touched and no global state changes (headless, as Agg would be,
whatever backend the process has). Each SVG is made to live beside the others in one page:
its XML prologue and metadata are dropped, its ids get a prefix numbered across the process
(a page holds many figures whose ids would otherwise clash), and its size is left to the
page's CSS. The drawing itself is fixed (``svg.hashsalt``, no date): the same data draw the
same figure."""

from __future__ import annotations

import functools
import html
import io
import itertools
import math
import re
import textwrap
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, ParamSpec

from ..core.errors import UnoverseError

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: The colours of the groups, in order (matplotlib's default cycle, colour-blind friendlier).
COLOURS: Final = (
    "#1f77b4",
    "#ff7f0e",
    "#2ca02c",
    "#d62728",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#7f7f7f",
    "#bcbd22",
    "#17becf",
)
#: Bins a length histogram has at most (fewer below 900 games: twice the root of the count).
BINS: Final = 60
#: The percentile the length axes end at: the longest games, a thin tail, are counted in a
#: note rather than flattening the rest.
TAIL: Final = 99.5
_ids = itertools.count()
P = ParamSpec("P")


class PlotsUnavailable(UnoverseError):
    """Matplotlib is not installed: a report's figures need it."""

    code = "report_needs_matplotlib"


def require() -> None:
    """Raise ``PlotsUnavailable`` unless matplotlib can be imported: the HTML report
    checks it before it plays or reads anything."""
    try:
        import matplotlib  # noqa: F401
    except ModuleNotFoundError:
        raise PlotsUnavailable(
            "the HTML report draws its figures with matplotlib: pip install 'unoverse[report]'"
        ) from None


def _drawn(draw: Callable[P, str]) -> Callable[P, str]:
    """A figure function run with the report's matplotlib settings (they apply as the
    figure is built): fixed SVG ids, text as paths (the page needs no font), light grids.
    Checks first that matplotlib is there."""

    @functools.wraps(draw)
    def drawing(*args: P.args, **kwargs: P.kwargs) -> str:
        require()
        import matplotlib

        with matplotlib.rc_context(
            {
                "svg.hashsalt": "unoverse-report",
                "svg.fonttype": "path",
                "font.size": 10,
                "axes.titlesize": 11,
                "axes.labelsize": 10,
                "axes.grid": True,
                "grid.alpha": 0.3,
                "axes.axisbelow": True,
                "axes.spines.top": False,
                "axes.spines.right": False,
                "legend.fontsize": 9,
                "legend.frameon": False,
            }
        ):
            return draw(*args, **kwargs)

    return drawing


def _figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _svg(fig: Figure) -> str:
    """The figure as inline SVG: no prologue or metadata, ids of its own, sized by CSS,
    and its first plot's title as the image's name (``role="img"`` and ``<title>``: what
    a screen reader says, and the text a search of the page finds, the drawn text being
    shapes)."""
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None})
    text = buffer.getvalue()
    text = text[text.index("<svg") :]
    text = re.sub(r"\s*<metadata>.*?</metadata>", "", text, count=1, flags=re.S)
    text = re.sub(r'(<svg[^>]*?) width="[^"]*" height="[^"]*"', r"\1", text, count=1)
    name = html.escape(fig.axes[0].get_title(loc="left").replace("\n", " — "))
    head = f'role="img"><title>{name}</title>'
    text = re.sub(r"(<svg[^>]*?)>", lambda m: f"{m.group(1)} {head}", text, count=1)
    prefix = f"f{next(_ids)}-"
    text = re.sub(r'\bid="([^"]+)"', rf'id="{prefix}\1"', text)
    text = re.sub(r'href="#([^"]+)"', rf'href="#{prefix}\1"', text)
    return re.sub(r"url\(#([^)]+)\)", rf"url(#{prefix}\1)", text)


def _title(ax: Axes, what: str, label: str) -> None:
    """A plot's title: what it shows, then the group it is about (shortened if long)."""
    ax.set_title(f"{what}\n{textwrap.shorten(label, 70)}" if label else what, loc="left")


def _legend_below(fig: Figure, ax: Axes, entries: int) -> None:
    """The legend under the axes, outside them: several groups' names are long, and
    inside it would hide bars or lines."""
    handles, labels = ax.get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside lower center", ncols=min(entries, 2))


def _empty(ax: Axes, what: str) -> None:
    ax.text(0.5, 0.5, what, ha="center", va="center", transform=ax.transAxes, color="#666")


def _labelled(ax: Axes, bars: Any, fmt: str, size: float) -> None:
    """Each bar's value above it, on white, so no line drawn across hides it."""
    for text in ax.bar_label(bars, fmt=fmt, padding=2, fontsize=size):
        text.set_bbox({"facecolor": "white", "edgecolor": "none", "pad": 0.6, "alpha": 0.9})


Pairs = Sequence[Sequence[int]]
"""A histogram as ``[value, count]`` pairs in order of value (``sim.report``)."""


def _bins(histograms: Sequence[Pairs]) -> tuple[list[float], int]:
    """Shared bin edges for length histograms (whole numbers, at most ``BINS`` bins, up to
    the ``TAIL`` percentile of the longest) and the last value they cover."""
    top = 1
    for pairs in histograms:
        total = sum(k for _v, k in pairs)
        seen = 0
        for v, k in pairs:
            seen += k
            if seen >= total * TAIL / 100:
                top = max(top, v)
                break
    low = min((pairs[0][0] for pairs in histograms if pairs), default=0)
    # (fewer bins for fewer games, so that bins are not mostly empty)
    games = max(sum(k for _v, k in pairs) for pairs in histograms)
    bins = min(BINS, max(10, round(2 * math.sqrt(games))))
    width = max(1, math.ceil((top - low + 1) / bins))
    count = math.ceil((top - low + 1) / width)
    edges = [low - 0.5 + i * width for i in range(count + 1)]
    return edges, low - 1 + count * width


def _shares(pairs: Pairs) -> tuple[list[int], list[float]]:
    """A histogram's values and each one's share of the total, in %."""
    total = sum(k for _v, k in pairs) or 1
    return [v for v, _k in pairs], [100 * k / total for _v, k in pairs]


def _tallest_bin(pairs: Pairs, edges: Sequence[float]) -> float:
    """The largest share (%) of a histogram's total that one of the bins holds."""
    width = edges[1] - edges[0]
    bins: dict[int, float] = {}
    for v, share in zip(*_shares(pairs), strict=True):
        if edges[0] <= v <= edges[-1]:
            i = int((v - edges[0]) // width)
            bins[i] = bins.get(i, 0.0) + share
    return max(bins.values(), default=0.0)


def _beyond(pairs: Pairs, top: int) -> int:
    return sum(k for v, k in pairs if v > top)


def _tail_note(ax: Axes, beyond: int, unit: str, top: int) -> None:
    """Say how many games (or matches) lie beyond the axis, if any."""
    if beyond:
        one = unit.removesuffix("es" if unit.endswith("ches") else "s")
        ax.text(
            0.99,
            0.6,
            f"{beyond:,} {one if beyond == 1 else unit} over {top:,}\nnot shown",
            ha="right",
            va="top",
            transform=ax.transAxes,
            fontsize=8,
            color="#555",
        )


@_drawn
def length(
    data: dict[str, Any], what: str, label: str, together: Sequence[dict[str, Any]] = ()
) -> str:
    """A histogram of game length in ``what`` (turns, actions, rounds) for one group: the
    share of finished games per bin, the mean and median marked. ``together``: the data of
    every group shown beside it, which then share its bins and scale."""
    fig = _figure(6.4, 3.6)
    ax = fig.add_subplot()
    pairs = data["histogram"]
    per, unit = ("match", "matches") if what == "rounds" else ("game", "games")
    _title(ax, f"Game length in {what}", label)
    ax.set_xlabel(f"{what} per {per}")
    width = 1
    if not pairs:
        _empty(ax, f"no finished {unit}")
    else:
        histograms = [d["histogram"] for d in together] or [pairs]
        edges, top = _bins(histograms)
        width = int(edges[1] - edges[0])
        values, shares = _shares(pairs)
        ax.hist(values, bins=edges, weights=shares, color=COLOURS[0], alpha=0.85)
        ax.axvline(data["mean"], color="#333", linestyle="--", label=f"mean {data['mean']:g}")
        ax.axvline(data["p50"], color="#333", linestyle=":", label=f"median {data['p50']:g}")
        ax.set_xlim(edges[0], edges[-1])
        ax.set_ylim(0, max(_tallest_bin(h, edges) for h in histograms) * 1.08)
        ax.legend(loc="upper right")
        _tail_note(ax, _beyond(pairs, top), unit, top)
    ax.set_ylabel(f"{unit} (% per {width} {what})" if width > 1 else f"{unit} (%)")
    return _svg(fig)


@_drawn
def lengths_overlaid(groups: Sequence[dict[str, Any]], what: str) -> str:
    """The length distributions of several groups overlaid as outlines on the same bins,
    each as a share of its own finished games, their means dashed, to compare shapes."""
    fig = _figure(6.4, 4.2)
    ax = fig.add_subplot()
    histograms = [g["length"][what]["histogram"] for g in groups]
    ax.set_title(f"Game length in {what}, compared", loc="left")
    ax.set_xlabel(f"{what} per game")
    edges, top = _bins(histograms)
    for i, (g, pairs) in enumerate(zip(groups, histograms, strict=True)):
        if not pairs:
            continue
        values, shares = _shares(pairs)
        colour = COLOURS[i % len(COLOURS)]
        mean = g["length"][what]["mean"]
        ax.hist(
            values,
            bins=edges,
            weights=shares,
            histtype="step",
            linewidth=1.6,
            color=colour,
            label=f"{textwrap.shorten(g['label'], 45)} (mean {mean:g})",
        )
        ax.axvline(mean, color=colour, linestyle="--", linewidth=1)
    width = int(edges[1] - edges[0])
    ax.set_ylabel(f"games (% per {width} {what})" if width > 1 else "games (%)")
    ax.set_xlim(edges[0], edges[-1])
    _legend_below(fig, ax, len(groups))
    _tail_note(ax, sum(_beyond(pairs, top) for pairs in histograms), "games", top)
    return _svg(fig)


@_drawn
def win_rates(
    groups: Sequence[dict[str, Any]],
    label: str = "",
    together: Sequence[dict[str, Any]] = (),
    *,
    by_order: bool = False,
) -> str:
    """Each seat's win rate with its Wilson 95% interval, for one group or several side by
    side (grouped bars), and a line at a fair seat's rate (1 / players). ``together``: the
    groups shown beside it, whose scale it shares. ``by_order``: by turn order instead
    (0: the seat that played first)."""
    key = "wins_by_order" if by_order else "wins"
    what = "turn order" if by_order else "seat"
    fig = _figure(6.4, 3.6 if len(groups) == 1 else 4.2)
    ax = fig.add_subplot()
    if len(groups) == 1:
        _title(ax, f"Win rate by {what} (95% Wilson interval)", label)
    else:
        ax.set_title(f"Win rate by {what}, compared (95% Wilson intervals)", loc="left")
    seats = max(len(g[key]) for g in groups)
    width = 0.8 / len(groups)
    for i, g in enumerate(groups):
        xs = [w["seat"] - 0.4 + width * (i + 0.5) for w in g[key]]
        rates = [100 * w["rate"] for w in g[key]]
        bars = ax.bar(
            xs,
            rates,
            width=width * 0.92,
            color=COLOURS[i % len(COLOURS)],
            alpha=0.85,
            yerr=[
                [100 * (w["rate"] - w["ci95"][0]) for w in g[key]],
                [100 * (w["ci95"][1] - w["rate"]) for w in g[key]],
            ],
            capsize=3,
            label=textwrap.shorten(g["label"], 45) if len(groups) > 1 else None,
        )
        if len(groups) == 1 and seats <= 10:
            _labelled(ax, bars, "%.1f", 8)
    scale = [*groups, *together]
    for i, chance in enumerate(sorted({g["chance"] for g in groups})):
        ax.axhline(
            100 * chance,
            color="#333",
            linestyle="--",
            linewidth=1,
            label=f"fair share (1/{round(1 / chance)})" if i == 0 else None,
        )
    tallest = max(100 * max(w["ci95"][1] for w in g[key]) for g in scale)
    ax.set_xticks(range(seats))
    ax.set_xlabel("turn order (0: the seat that played first)" if by_order else "seat")
    ax.set_ylabel("win rate (% of finished games)")
    if len(groups) == 1:
        ax.legend(loc="upper right")
        ax.set_ylim(0, tallest * 1.25 + 1)
    else:  # (the groups first, the fair share last)
        handles, labels = ax.get_legend_handles_labels()
        fig.legend(
            handles[1:] + handles[:1],
            labels[1:] + labels[:1],
            loc="outside lower center",
            ncols=min(len(labels), 3),
        )
        ax.set_ylim(0, tallest * 1.1 + 1)
    return _svg(fig)


@_drawn
def cards(
    data: Sequence[dict[str, Any]], label: str, together: Sequence[Sequence[dict[str, Any]]] = ()
) -> str:
    """Cards played and cards drawn per game, by card kind (notation codes), as paired
    horizontal bars. ``together``: the cards of the groups shown beside it, whose scale it
    shares."""
    rows = max(1, len(data))
    fig = _figure(6.4, 1.6 + 0.24 * rows)
    ax = fig.add_subplot()
    _title(ax, "Cards played and drawn per game, by kind", label)
    if not data:
        _empty(ax, "no cards counted")
    else:
        ys = range(len(data))
        for shift, key, name, colour in (
            (-0.2, "played", "played", COLOURS[0]),
            (0.2, "drawn", "drawn (or fired)", COLOURS[1]),
        ):
            ax.barh(
                [y + shift for y in ys],
                [d[key] for d in data],
                height=0.4,
                color=colour,
                label=name,
            )
        ax.set_yticks(list(ys), [d["kind"] for d in data])
        ax.invert_yaxis()
        most = max(max(d["played"], d["drawn"]) for d in [*data, *(d for t in together for d in t)])
        ax.set_xlim(0, most * 1.05)
        _legend_below(fig, ax, 2)
    ax.set_xlabel("cards per game")
    ax.set_ylabel("card kind (notation)")
    return _svg(fig)


@_drawn
def eliminations(data: dict[str, Any], label: str, together: Sequence[dict[str, Any]] = ()) -> str:
    """UNO Blast's eliminations: the share of seats still in play, and of games still being
    played, by turn (step curves); and how many seats each game eliminated. ``together``:
    the eliminations of the groups shown beside it, whose scales it shares."""
    per_game = data["per_game"]
    scale = [data, *together]
    fig = _figure(6.4, 3.6 if per_game is None else 6.6)
    ax = fig.add_subplot(1 if per_game is None else 2, 1, 1)
    _title(ax, "Seats still in play by turn", label)
    for key, name, colour in (
        ("seats_left", "seats not eliminated", COLOURS[3]),
        ("games_running", "games still being played", COLOURS[0]),
    ):
        turns = [t for t, _s in data[key]]
        shares = [100 * s for _t, s in data[key]]
        ax.step(turns, shares, where="post", color=colour, linewidth=1.6, label=name)
    ax.set_xlabel("turn")
    ax.set_ylabel("% of seats or of games")
    ax.set_ylim(0, 103)
    ax.set_xlim(0, max(d["games_running"][-1][0] for d in scale) or 1)
    ax.legend(loc="upper right")
    if per_game is not None:
        bars = fig.add_subplot(2, 1, 2)
        bars.set_title("Eliminations per game", loc="left")
        values, shares = _shares(per_game)
        _labelled(bars, bars.bar(values, shares, color=COLOURS[3]), "%.1f", 8)
        most = max((v for d in scale for v, _k in d["per_game"] or ()), default=0)
        bars.set_xticks(range(most + 1))
        bars.set_xlabel("seats eliminated in a game")
        bars.set_ylabel("games (%)")
        bars.set_ylim(0, 112)
    return _svg(fig)


@_drawn
def launcher(data: dict[str, Any], label: str, together: Sequence[dict[str, Any]] = ()) -> str:
    """UNO Attack's launcher: the share of presses by the cards each fired, the mean
    marked. ``together``: the launchers of the groups shown beside it, whose scales it
    shares."""
    fig = _figure(6.4, 3.6)
    ax = fig.add_subplot()
    _title(ax, "Cards fired per launcher press", label)
    pairs = data["by_cards_fired"]
    if not pairs:
        _empty(ax, "no presses")
    else:
        scale = [data, *together]
        values, shares = _shares(pairs)
        _labelled(ax, ax.bar(values, shares, color=COLOURS[2]), "%.1f", 7)
        ax.axvline(
            data["cards_per_press"],
            color="#333",
            linestyle="--",
            zorder=1,
            label=f"mean {data['cards_per_press']:g} cards",
        )
        most = max(v for d in scale for v, _k in d["by_cards_fired"] or [[0, 0]])
        ax.set_xticks(range(most + 1))
        ax.set_xlim(-0.6, most + 0.6)
        tallest = max(max(_shares(d["by_cards_fired"])[1], default=0.0) for d in scale)
        ax.set_ylim(0, tallest * 1.15 + 1)
        ax.legend(loc="upper right")
    ax.set_xlabel("cards fired by one press")
    ax.set_ylabel("presses (% of all presses)")
    return _svg(fig)
