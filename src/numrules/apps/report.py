"""Simulation reports: a self-contained HTML page of plots (`numrules simulate --report`).

`write_report(summary, path)` draws, with matplotlib, the distribution of final scores
of each seat, the win rate of each seat with its 95% Wilson interval, the distribution of
game lengths, and one figure of the game's own, and writes them as PNG images
embedded in one HTML file (base64 `data:` URLs: the page needs no other file).

The game's own figure (`numrules.apps.figures` says what each game's shows) is drawn
from the counts that `measure` takes from each game's events while the games are played
(`simulate(..., figures=True)`), so a report on a million games still holds only counts.

The plots need the `report` extra (`pip install 'numrules[report]'`), which brings
matplotlib.
"""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path
from typing import Any

from numrules.apps.figures import MAX_TURN
from numrules.apps.simulation import Summary
from numrules.core.errors import ConfigError
from numrules.core.game import get_game

MAX_BARS = 30
"""Scores spanning at most this many values are drawn as bars, wider ranges as lines."""


# --- drawing -----------------------------------------------------------------------------


def require_matplotlib() -> None:
    """Raise `ConfigError` now if matplotlib is missing (before a long simulation)."""
    _pyplot()


def _pyplot() -> Any:
    # matplotlib's Figure class, used without pyplot: no global state, no backend switch.
    try:
        from matplotlib.figure import Figure  # noqa: PLC0415 (an optional extra)
    except ImportError:
        raise ConfigError("reports need matplotlib: pip install 'numrules[report]'") from None
    return _Plots(Figure)


class _Plots:
    # Makes figures like pyplot.subplots, from matplotlib's Figure class.
    def __init__(self, figure_class: Any) -> None:
        self.figure_class = figure_class

    def subplots(self, figsize: tuple[float, float]) -> tuple[Any, Any]:
        figure = self.figure_class(figsize=figsize)
        return figure, figure.subplots()


def _png(figure: Any) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _scores_figure(plt: Any, summary: Summary) -> Any:
    figure, axes = plt.subplots(figsize=(7, 4))
    low = min(seat.min_score for seat in summary.seats)
    high = max(seat.max_score for seat in summary.seats)
    narrow = high - low <= MAX_BARS  # few values: side-by-side bars; else one line per seat
    width = 0.8 / summary.players
    for seat in summary.seats:
        values = [score for score, _ in seat.scores]
        shares = [n / seat.games for _, n in seat.scores]
        label = f"seat {seat.seat} ({seat.bot})"
        if narrow:
            shift = (seat.seat - (summary.players - 1) / 2) * width
            axes.bar([v + shift for v in values], shares, width=width, label=label)
        else:
            axes.hist(
                values,
                bins=MAX_BARS,
                range=(low, high + 1),
                weights=shares,
                histtype="step",
                linewidth=1.5,
                label=label,
            )
    axes.set_xlabel("final score")
    axes.set_ylabel("share of games")
    axes.set_title("Final score distribution per seat")
    axes.legend(fontsize="small")
    return figure


def _wins_figure(plt: Any, summary: Summary) -> Any:
    figure, axes = plt.subplots(figsize=(7, 4))
    seats = [s.seat for s in summary.seats]
    rates = [s.win_rate for s in summary.seats]
    intervals = [s.win_interval() for s in summary.seats]
    below = [rate - low for rate, (low, _) in zip(rates, intervals, strict=True)]
    above = [high - rate for rate, (_, high) in zip(rates, intervals, strict=True)]
    axes.bar(seats, rates, yerr=[below, above], capsize=6, color="#4c72b0")
    axes.axhline(1 / summary.players, color="grey", linestyle="--", label="1 / players")
    axes.set_xticks(seats, [f"seat {s.seat}\n{s.bot}" for s in summary.seats])
    axes.set_ylabel("win rate (shared wins count)")
    axes.set_title("Win rate by seat, with 95% Wilson intervals")
    axes.legend(fontsize="small")
    return figure


def _lengths_figure(plt: Any, summary: Summary) -> Any:
    figure, axes = plt.subplots(figsize=(7, 4))
    values = [length for length, _ in summary.lengths]
    weights = [n for _, n in summary.lengths]
    bins = min(50, max(1, values[-1] - values[0] + 1))
    axes.hist(values, bins=bins, weights=weights, color="#55a868")
    axes.set_xlabel("actions in the game")
    axes.set_ylabel("games")
    axes.set_title("Game length distribution")
    return figure


def _counts(summary: Summary, name: str) -> dict[Any, int]:
    return {key[1]: n for key, n in summary.figure if key[0] == name}


def _ratio_figure(
    plt: Any, summary: Summary, part: str, whole: str, title: str, xlabel: str, ylabel: str
) -> Any:
    figure, axes = plt.subplots(figsize=(7, 4))
    parts, wholes = _counts(summary, part), _counts(summary, whole)
    xs = sorted(wholes)
    axes.plot(xs, [parts.get(x, 0) / wholes[x] for x in xs], marker="o", color="#c44e52")
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    return figure


def _bars_figure(plt: Any, counts: dict[Any, int], title: str, xlabel: str, ylabel: str) -> Any:
    figure, axes = plt.subplots(figsize=(7, 4))
    keys = (
        sorted(counts, key=str) if not all(isinstance(k, int) for k in counts) else sorted(counts)
    )
    axes.bar([str(k) for k in keys], [counts[k] for k in keys], color="#8172b2")
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    return figure


def _game_figure(plt: Any, summary: Summary) -> tuple[str, Any] | None:
    if not summary.figure:
        return None
    if summary.game == "numstop":
        title = "Num Stop: busts per turn (share of turns ending in a bust)"
        return title, _ratio_figure(
            plt,
            summary,
            "busts",
            "turns",
            title,
            f"turn in the round ({MAX_TURN} = later)",
            "busted turns / turns",
        )
    if summary.game == "stackattack":
        title = "Stack Attack: rows taken per turn"
        return title, _ratio_figure(
            plt, summary, "rows", "turns", title, "turn of the round (from 0)", "mean rows taken"
        )
    if summary.game == "numwars":
        title = "Num Wars: Bomb outcomes (rounds)"
        return title, _bars_figure(
            plt, _counts(summary, "bomb"), title, "what became of the Bomb", "rounds"
        )
    if summary.game == "numbounce":
        title = "Num Bounce: interrupts per round"
        return title, _bars_figure(
            plt, _counts(summary, "rounds"), title, "interrupts in the round", "rounds"
        )
    return None


def report_html(summary: Summary) -> str:
    """The report page of `summary`, as HTML text with its images embedded.

    Raises:
        ConfigError: matplotlib is missing.

    """
    plt = _pyplot()
    title = get_game(summary.game).title
    figures = [
        ("Final scores", _scores_figure(plt, summary)),
        ("Win rate by seat", _wins_figure(plt, summary)),
        ("Game length", _lengths_figure(plt, summary)),
    ]
    own = _game_figure(plt, summary)
    if own is not None:
        figures.append(own)
    images = []
    for caption, figure in figures:
        images.append(
            f'<figure><img alt="{html.escape(caption)}" '
            f'src="data:image/png;base64,{_png(figure)}">'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>"
        )
    rows = []
    for s in summary.seats:
        low, high = s.win_interval()
        rows.append(
            "<tr>"
            + "".join(
                f"<td>{html.escape(str(cell))}</td>"
                for cell in (
                    s.seat,
                    s.bot,
                    s.wins,
                    f"{100 * s.win_rate:.1f} ({100 * low:.1f}-{100 * high:.1f})",
                    s.shared,
                    f"{s.mean_score:.1f}",
                    f"{s.spread:.1f}",
                    s.min_score,
                    s.max_score,
                )
            )
            + "</tr>"
        )
    heading = f"{title}: {summary.games} {'game' if summary.games == 1 else 'games'}, " + (
        f"{summary.players} players, seed {summary.seed}"
    )
    header = "".join(
        f"<th>{h}</th>"
        for h in (
            "seat",
            "bot",
            "wins",
            "win % (95% CI)",
            "shared",
            "mean score",
            "spread",
            "min",
            "max",
        )
    )
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f"<title>{html.escape(heading)}</title>",
            "<style>body{font-family:sans-serif;max-width:60em;margin:auto}"
            "table{border-collapse:collapse}td,th{padding:2px 8px;text-align:right}"
            "figure{margin:1em 0}img{max-width:100%}</style>",
            "</head><body>",
            f"<h1>{html.escape(heading)}</h1>",
            f"<p>Bots: {html.escape(', '.join(summary.bots))}. Config: "
            f"<code>{html.escape(repr(summary.config))}</code>. Mean length "
            f"{summary.mean_length:.1f} actions.</p>",
            f'<table id="seats"><tr>{header}</tr>{"".join(rows)}</table>',
            *images,
            "</body></html>",
        ]
    )


def write_report(summary: Summary, path: str | Path) -> Path:
    """Write the report page of `summary` to `path` (see `report_html`); return the path."""
    target = Path(path)
    target.write_text(report_html(summary), encoding="utf-8")
    return target
