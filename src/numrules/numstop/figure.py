"""Num Stop's figure in a simulation report: how often a turn ends in a bust, by turn."""

from __future__ import annotations

from collections import Counter

from numrules.core.events import Event
from numrules.core.figure import FigureKind, Key, ReportFigure
from numrules.numstop.event_types import Busted, RoundDealt, Stopped

MAX_TURN = 40
"""Turns later than this in a round are counted with this one."""


def count_busts(events: tuple[Event, ...]) -> Counter[Key]:
    """Turns (`"turns"`) and busted turns (`"busts"`) by their place in the round."""
    counts: Counter[Key] = Counter()
    turn = 0
    for event in events:
        if isinstance(event, RoundDealt):
            turn = 0
        elif isinstance(event, Busted | Stopped):
            turn += 1
            place = min(turn, MAX_TURN)
            counts["turns", place] += 1
            if isinstance(event, Busted):
                counts["busts", place] += 1
    return counts


FIGURE = ReportFigure(
    title="Num Stop: busts per turn (share of turns ending in a bust)",
    count=count_busts,
    kind=FigureKind.RATIO,
    series="busts",
    per="turns",
    xlabel=f"turn in the round ({MAX_TURN} = later)",
    ylabel="busted turns / turns",
)
"""The busted share of turns, by turn of the round."""
