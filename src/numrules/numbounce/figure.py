"""Num Bounce's figure in a simulation report: how many interrupts a round sees."""

from __future__ import annotations

from collections import Counter

from numrules.core.events import Event
from numrules.core.figure import FigureKind, Key, ReportFigure
from numrules.numbounce.event_types import Dealt, Interrupted, RoundEnded


def count_interrupts(events: tuple[Event, ...]) -> Counter[Key]:
    """Rounds (`"rounds"`) by the number of interrupts played in them."""
    counts: Counter[Key] = Counter()
    interrupts = 0
    for event in events:
        if isinstance(event, Dealt):
            interrupts = 0
        elif isinstance(event, Interrupted):
            interrupts += 1
        elif isinstance(event, RoundEnded):
            counts["rounds", interrupts] += 1
    return counts


FIGURE = ReportFigure(
    title="Num Bounce: interrupts per round",
    count=count_interrupts,
    kind=FigureKind.BARS,
    series="rounds",
    xlabel="interrupts in the round",
    ylabel="rounds",
)
"""Rounds by their number of interrupts."""
