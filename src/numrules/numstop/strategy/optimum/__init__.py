"""`best_validation`, `search_validation`: disjoint combinations with the highest total score.

The search picks at most one *option* per objective (`options`: one option stands for
every combination with the same values and the same use of a wild, and names its exact
cards only where the family matters), card-disjoint, with the highest total score. It is
a branch and bound (`search`) under upper bounds (`bounds`, the tightest a Lagrangian one
with a price on every card value), started from a greedy answer and improved by a local
search; it keeps a valid answer at every node, so it can stop at a time or node limit.
The options of the answer then get concrete cards (`concrete`). docs/performance.md
gives its cost.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

import attrs

from numrules.core.cards import NumCard
from numrules.numstop.combinations import (
    _DEFAULT_CONFIG,
    Combination,
    _ranks,
    wanted_objectives,
)
from numrules.numstop.config import Config
from numrules.numstop.objectives import OBJECTIVES, Objective
from numrules.numstop.strategy.optimum.concrete import concrete
from numrules.numstop.strategy.optimum.options import Options
from numrules.numstop.strategy.optimum.search import Schedule, Search

__all__ = ["ValidationSearch", "best_validation", "search_validation"]

# The schedule of every search (see `Schedule`), read at each call.
_WAYS = ((True, 2), (False, 1))
_NEIGHBOURHOODS = (2, 3, 4, 5)
_FIRST_BUDGET = 2000


@attrs.frozen(slots=True)
class ValidationSearch:
    """What `search_validation` found: the best answer so far, and how good it may be."""

    combinations: tuple[Combination, ...]
    """Card-disjoint combinations, at most one per objective, in scorecard order."""
    points: int
    """Their total score (0 for an empty answer)."""
    bound: int
    """No validation of the collection scores more; `points` when proven optimal."""
    nodes: int
    """The search nodes visited (what `max_nodes` limits)."""

    @property
    def proven(self) -> bool:
        """Whether `combinations` is proven optimal (`points == bound`)."""
        return self.points == self.bound


def search_validation(
    collection: Iterable[NumCard],
    objectives: Iterable[Objective] = OBJECTIVES,
    config: Config = _DEFAULT_CONFIG,
    *,
    time_limit: float | None = None,
    max_nodes: int | None = None,
) -> ValidationSearch:
    """`best_validation` as an anytime search: the best answer within a time or node limit.

    Without limits it is `best_validation` (proven optimal). `time_limit` (seconds, from
    the call) and `max_nodes` (search nodes) stop the search early: the answer is then
    the best found so far, always valid, with an upper `bound` on the optimum. Under a
    node limit alone the answer is deterministic. The first answer (a greedy one) and the
    bound are computed before any limit applies (docs/performance.md gives that cost).

    Raises:
        CollectionError: the collection holds a card twice, or a card that is not a family
            card of the game; or `objectives` holds something other than `Objective`s.
        ValueError: a negative or NaN limit.

    """
    start = time.perf_counter()
    if time_limit is not None and not time_limit >= 0:
        raise ValueError(f"time_limit must be a number of seconds >= 0, not {time_limit!r}")
    if max_nodes is not None and max_nodes < 0:
        raise ValueError(f"max_nodes must be >= 0, not {max_nodes!r}")
    wanted = wanted_objectives(objectives)
    cards = _ranks(tuple(collection), config.max_value)
    options = Options(cards, [o for o in OBJECTIVES if o in wanted], config)
    if not options.by_objective:
        return ValidationSearch((), 0, 0, 0)
    deadline = None if time_limit is None else start + time_limit
    schedule = Schedule(_WAYS, _NEIGHBOURHOODS, _FIRST_BUDGET)
    search = Search(options, schedule, deadline, max_nodes)
    proven = search.solve()
    bound = search.best if proven else max(search.best, search.upper)
    found = concrete(options, search.best_chosen)
    return ValidationSearch(found, search.best, bound, search.nodes)


def best_validation(
    collection: Iterable[NumCard],
    objectives: Iterable[Objective] = OBJECTIVES,
    config: Config = _DEFAULT_CONFIG,
) -> tuple[Combination, ...]:
    """Card-disjoint combinations, at most one per objective, with the highest total score.

    Exact (a branch and bound, see `numrules.numstop.strategy.optimum`); `search_validation`
    gives the best answer within a time or node limit instead. When several sets score the
    same, the one returned is fixed by the search order (deterministic). The combinations
    come in scorecard order; their `points` add up to the optimum (0 for an empty answer).

    Raises:
        CollectionError: the collection holds a card twice, or a card that is not a family
            card of the game; or `objectives` holds something other than `Objective`s.

    """
    return search_validation(collection, objectives, config).combinations
