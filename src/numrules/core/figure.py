"""A game's own figure in a simulation report: what to count in its events, how to draw it.

A simulation with `figures=True` runs each finished game's public events (what a
spectator was told) through the game's `ReportFigure.count` and sums the counts over
the games; the report (`numrules simulate --report`, the `report` extra) draws them.
The figure is plain data and one counting function, so a game declares it without
depending on matplotlib.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from enum import Enum

import attrs

from numrules.core.errors import ConfigError
from numrules.core.events import Event

Key = tuple[str, int | str]
"""A key of a figure's counts: a series name and a point on the x axis, e.g. `("busts", 3)`."""


class FigureKind(Enum):
    """How a report draws a game's counts."""

    BARS = "bars"
    """One bar per x value: the counts of the series `series`."""
    RATIO = "ratio"
    """A line: at each x value, the count of `series` divided by the count of `per`."""


@attrs.frozen
class ReportFigure:
    """A game's own report figure: a counting function over events, and how to draw it."""

    title: str
    """The figure's title, naming the game (`"Num Wars: Bomb outcomes (rounds)"`)."""
    count: Callable[[tuple[Event, ...]], Counter[Key]]
    """The counts of one finished game, from its public events in order."""
    kind: FigureKind
    """Bars of one series, or the ratio of two."""
    series: str
    """The series drawn (for a ratio: the numerator)."""
    xlabel: str
    """The label of the x axis."""
    ylabel: str
    """The label of the y axis."""
    per: str | None = None
    """For a ratio: the series it is divided by (each x value present in it is drawn)."""

    def __attrs_post_init__(self) -> None:
        if (self.kind is FigureKind.RATIO) != (self.per is not None):
            raise ConfigError("a ratio figure names the series it divides by (per), bars do not")
