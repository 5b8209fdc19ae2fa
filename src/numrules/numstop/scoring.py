"""Num Stop scoring: validated points, validated objectives, and the winners.

`scores` is the number that decides the game: total points in CLASSIC, the number of
validated objectives in DISCOVERY. Both measures are always available on their own.
"""

from __future__ import annotations

from typing import Protocol

from numrules.core.seats import best_seats
from numrules.numstop.config import Config, Mode
from numrules.numstop.state import Phase, State


class Scored(Protocol):
    """What scores are read from: a `State` or an `Observation`."""

    @property
    def config(self) -> Config:
        """The rules (the mode decides what `scores` counts)."""
        ...

    @property
    def scorecards(self) -> tuple[tuple[int | None, ...], ...]:
        """Each seat's scorecard: points per validated objective, None where open."""
        ...


def points(state: Scored) -> tuple[int, ...]:
    """Each seat's total of validated points (every mode)."""
    return tuple(sum(p for p in card if p is not None) for card in state.scorecards)


def objectives_done(state: Scored) -> tuple[int, ...]:
    """How many objectives each seat has validated."""
    return tuple(sum(p is not None for p in card) for card in state.scorecards)


def scores(state: Scored) -> tuple[int, ...]:
    """What decides the winner: points in CLASSIC, validated objectives in DISCOVERY."""
    if state.config.mode is Mode.DISCOVERY:
        return objectives_done(state)
    return points(state)


def winners(state: State) -> frozenset[int]:
    """The seats with the best score once the game is over (ties share); else empty."""
    return best_seats(scores(state)) if state.phase is Phase.OVER else frozenset()
