"""Num Wars' figure in a simulation report: what became of the Bomb, round by round."""

from __future__ import annotations

from collections import Counter

from numrules.core.events import Event
from numrules.core.figure import FigureKind, Key, ReportFigure
from numrules.numwars.event_types import RoundScored


def count_bomb_outcomes(events: tuple[Event, ...]) -> Counter[Key]:
    """Rounds (`"bomb"`) by the outcome of the Bomb."""
    return Counter(
        ("bomb", event.result.outcome.value) for event in events if isinstance(event, RoundScored)
    )


FIGURE = ReportFigure(
    title="Num Wars: Bomb outcomes (rounds)",
    count=count_bomb_outcomes,
    kind=FigureKind.BARS,
    series="bomb",
    xlabel="what became of the Bomb",
    ylabel="rounds",
)
"""Rounds by the Bomb's outcome."""
