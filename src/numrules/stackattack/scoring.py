"""Stack Attack scoring: penalty points, totals and winners (the lowest total wins)."""

from __future__ import annotations

from collections.abc import Iterable

from numrules.core.seats import best_seats
from numrules.stackattack.cards import Card
from numrules.stackattack.config import Config
from numrules.stackattack.state import Phase, State


def penalty_points(config: Config, cards: Iterable[Card]) -> int:
    """The penalty points of `cards` under `config`'s table."""
    table = config.penalties
    return sum(table[card - 1] for card in cards)


def round_points(state: State) -> tuple[int, ...]:
    """Each seat's penalty points taken so far in the current round."""
    return tuple(penalty_points(state.config, cards) for cards in state.taken)


def scores(state: State) -> tuple[int, ...]:
    """Each seat's penalty total: finished rounds plus the current round so far."""
    return tuple(b + r for b, r in zip(state.banked, round_points(state), strict=True))


def winners(state: State) -> frozenset[int]:
    """The seats with the lowest total once the game is over (ties share); else empty."""
    return best_seats(scores(state), lowest=True) if state.phase is Phase.OVER else frozenset()
