"""Stack Attack's figure in a simulation report: how many rows are taken, by turn."""

from __future__ import annotations

from collections import Counter

from numrules.core.events import Event
from numrules.core.figure import FigureKind, Key, ReportFigure
from numrules.stackattack.event_types import Revealed, RowTaken


def count_rows_taken(events: tuple[Event, ...]) -> Counter[Key]:
    """Turns (`"turns"`) and rows taken (`"rows"`) by the turn of the round."""
    counts: Counter[Key] = Counter()
    turn = 0
    for event in events:
        if isinstance(event, Revealed):
            turn = event.turn
            counts["turns", turn] += 1
        elif isinstance(event, RowTaken):
            counts["rows", turn] += 1
    return counts


FIGURE = ReportFigure(
    title="Stack Attack: rows taken per turn",
    count=count_rows_taken,
    kind=FigureKind.RATIO,
    series="rows",
    per="turns",
    xlabel="turn of the round (from 0)",
    ylabel="mean rows taken",
)
"""The mean number of rows taken, by turn of the round."""
