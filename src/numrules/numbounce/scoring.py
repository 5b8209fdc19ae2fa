"""Num Bounce scoring: round wins decide the match (the most wins; ties share)."""

from __future__ import annotations

from numrules.core.seats import best_seats
from numrules.numbounce.state import Phase, State


def scores(state: State) -> tuple[int, ...]:
    """Rounds each seat has won so far."""
    return state.wins


def winners(state: State) -> frozenset[int]:
    """The seats with the most round wins once the match is over (ties share); else empty."""
    return best_seats(state.wins) if state.phase is Phase.OVER else frozenset()


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's standing for a search bot: round wins, plus the promise of this round.

    A seat with fewer cards in hand is closer to winning the round; the bonus
    1 / (2 + cards in hand) is below one round win, so a win always counts more.
    """
    return tuple(w + 1 / (2 + len(hand)) for w, hand in zip(state.wins, state.hands, strict=True))
