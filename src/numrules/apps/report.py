"""Simulation reports: a self-contained HTML page of plots (`numrules simulate --report`).

`write_report(summary, path)` draws, with matplotlib, the distribution of final scores
of each seat, the win rate of each seat with its 95% Wilson interval, the distribution of
game lengths, and one figure of the game's own (below), and writes them as PNG images
embedded in one HTML file (base64 `data:` URLs: the page needs no other file). A
distribution with one value only (every game of the same length, say) is said in a
sentence instead of drawn as a lone bar. The rules are written out as words
(`numrules.core.options.config_text`), every option listed below them.

The game's own figure comes from counts that `measure(game, result)` takes from a
game's events while the games are played (`simulate(..., figures=True)`), so a report on
a million games still holds only counts:

- Num Stop: the share of turns that end in a bust, by the turn's place in its round.
- Num Wars: what became of the Bomb in each round (kept, protected, or who captured it).
- Stack Attack: the mean number of rows taken at each turn of a round.
- Num Bounce: how many interrupts (RAINBOW or SHADOW out of turn) each round saw.

The plots need the `report` extra (`pip install 'numrules[report]'`), which brings
matplotlib.
"""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path
from typing import Any

from numrules.apps.simulation import Summary
from numrules.core.errors import ConfigError
from numrules.core.events import count_text
from numrules.core.figure import FigureKind, ReportFigure
from numrules.core.game import get_game
from numrules.core.options import config_options, config_text

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


# --- one value only: a sentence instead of a plot -------------------------------------------


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _every_game(summary: Summary) -> str:
    return "The game" if summary.games == 1 else f"Every one of the {summary.games} games"


def _flat_scores(summary: Summary) -> str | None:
    # The sentence when every seat ended every game with one same score, else None.
    if any(len(seat.scores) > 1 for seat in summary.seats):
        return None
    scores = ", ".join(f"seat {s.seat} ({s.bot}) {s.min_score}" for s in summary.seats)
    return f"{_every_game(summary)} ended with the same final scores: {scores}."


def _flat_lengths(summary: Summary) -> str | None:
    # The sentence when every game took the same number of actions, else None.
    if len(summary.lengths) > 1:
        return None
    return f"{_every_game(summary)} took {count_text(summary.lengths[0][0], 'action')}."


def _flat_own(spec: ReportFigure, summary: Summary) -> str | None:
    # The sentence when the game's own figure has one point on its x axis, else None.
    if spec.kind is FigureKind.RATIO:
        assert spec.per is not None  # a ratio figure always names it
        wholes = _counts(summary, spec.per)
        if len(wholes) != 1:
            return None
        [(x, whole)] = wholes.items()
        ratio = _counts(summary, spec.series).get(x, 0) / whole
        return f"{_capital(spec.xlabel)}: {x} only, where {spec.ylabel} is {ratio:.3g}."
    counts = _counts(summary, spec.series)
    if len(counts) != 1:
        return None
    [(key, count)] = counts.items()
    return f"{_capital(spec.xlabel)}: {key} in all {count} {spec.ylabel}."


# --- the page ------------------------------------------------------------------------------


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
    # The game's own figure (`Game.figure`), from the counts the simulation summed: a
    # plot, or a sentence when it has one point only; None when there is none.
    spec = get_game(summary.game).figure
    if spec is None or not summary.figure:
        return None
    flat = _flat_own(spec, summary)
    if flat is not None:
        return spec.title, flat
    if spec.kind is FigureKind.RATIO:
        assert spec.per is not None  # a ratio figure always names it
        figure = _ratio_figure(
            plt, summary, spec.series, spec.per, spec.title, spec.xlabel, spec.ylabel
        )
    else:
        counts = _counts(summary, spec.series)
        figure = _bars_figure(plt, counts, spec.title, spec.xlabel, spec.ylabel)
    return spec.title, figure


def _figure_html(caption: str, drawn: Any) -> str:
    # A plot as an embedded PNG, or the sentence said instead of a plot with one value.
    if isinstance(drawn, str):
        return (
            f'<figure class="flat"><p>{html.escape(drawn)}</p>'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>"
        )
    return (
        f'<figure><img alt="{html.escape(caption)}" '
        f'src="data:image/png;base64,{_png(drawn)}">'
        f"<figcaption>{html.escape(caption)}</figcaption></figure>"
    )


def _rules_html(summary: Summary) -> str:
    # Every option of the config, with its value, under a summary line.
    game = get_game(summary.game)
    rows = "".join(
        f"<tr><td>{html.escape(option.name)}</td>"
        f"<td>{html.escape(option.to_text(getattr(summary.config, option.name)))}</td>"
        f"<td>{html.escape(option.doc)}</td></tr>"
        for option in config_options(game)
    )
    return (
        "<details><summary>Every rule</summary>"
        f'<table id="rules"><tr><th>option</th><th>value</th><th>meaning</th></tr>{rows}'
        "</table></details>"
    )


def report_html(summary: Summary) -> str:
    """The report page of `summary`, as HTML text with its images embedded.

    Raises:
        ConfigError: matplotlib is missing.

    """
    plt = _pyplot()
    game = get_game(summary.game)
    figures: list[tuple[str, Any]] = [
        ("Final scores", _flat_scores(summary) or _scores_figure(plt, summary)),
        ("Win rate by seat", _wins_figure(plt, summary)),
        ("Game length", _flat_lengths(summary) or _lengths_figure(plt, summary)),
    ]
    own = _game_figure(plt, summary)
    if own is not None:
        figures.append(own)
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
    heading = f"{game.title}: {count_text(summary.games, 'game')}, " + (
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
            "#rules td{text-align:left}figure{margin:1em 0}img{max-width:100%}"
            "figure.flat p{font-size:1.1em}</style>",
            "</head><body>",
            f"<h1>{html.escape(heading)}</h1>",
            f"<p>Bots: {html.escape(', '.join(summary.bots))}. Rules: "
            f"{html.escape(config_text(game, summary.config))}. Mean length "
            f"{summary.mean_length:.1f} actions.</p>",
            f'<table id="seats"><tr>{header}</tr>{"".join(rows)}</table>',
            _rules_html(summary),
            *(_figure_html(caption, drawn) for caption, drawn in figures),
            "</body></html>",
        ]
    )


def write_report(summary: Summary, path: str | Path) -> Path:
    """Write the report page of `summary` to `path` (see `report_html`); return the path."""
    target = Path(path)
    target.write_text(report_html(summary), encoding="utf-8")
    return target
