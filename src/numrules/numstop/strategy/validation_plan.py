"""The validation plan of the Num Stop heuristic bot: which combinations to validate.

At its first validation decision of a round the bot asks `search_validation` (under a
node limit, so the decision stays fast and deterministic) for the best set of
combinations its collection holds for the open objectives it has still to decide (the
one under decision and the open ones after it in `DECISION_ORDER`), then plays them one
by one as their objectives come under decision, passing the others. The set is card-
disjoint, so every objective of it still comes under decision when its turn comes.
A patient style (`Style.patience`) leaves a weak combination unvalidated, keeping its
objective open for a better one in a later round, unless the game may end this round.
"""

from __future__ import annotations

import attrs

from numrules.core.cards import FamilyCard, NumCard
from numrules.numstop.combinations import Combination
from numrules.numstop.config import Config
from numrules.numstop.objectives import DECISION_ORDER, OBJECTIVES, Objective
from numrules.numstop.observation import Observation
from numrules.numstop.strategy.optimum import search_validation
from numrules.numstop.strategy.push_luck import Style

LATE = 8
"""Once some seat has validated this many objectives, the game may end any round: a
patient bot then validates whatever it can."""


@attrs.frozen(slots=True)
class Plan:
    """The combinations a seat still means to validate this round, and what it keeps."""

    round: int
    combinations: tuple[Combination, ...]
    """Still to validate, in `DECISION_ORDER` (the order they come under decision)."""
    leftover: frozenset[NumCard]
    """The collection cards the plan leaves unused."""

    def fits(self, observation: Observation) -> bool:
        """Whether `observation` is where this plan stands (round, objectives, cards).

        The round is the plan's, its combinations are still open and still to decide
        (none before the objective under decision), and the unused collection is exactly
        their cards and the leftover.
        """
        seat = observation.player
        scorecard = observation.scorecards[seat]
        planned = {card for c in self.combinations for card in c.cards}
        start = _start(observation)
        return (
            observation.round == self.round
            and all(
                scorecard[c.objective.index] is None and c.objective.decision_index >= start
                for c in self.combinations
            )
            and set(observation.collections[seat]) == planned | self.leftover
        )

    def after_first(self) -> Plan:
        """The plan once its first combination is validated."""
        return Plan(self.round, self.combinations[1:], self.leftover)


def demand(objective: Objective, config: Config, patience: float) -> float:
    """The fewest points a patient bot accepts for `objective`.

    Its bonus plus `patience` per card; a Shadow straight, which scores a flat bonus, is
    always accepted.
    """
    if objective is Objective.SHADOW_STRAIGHT:
        return 0.0
    return config.bonus(objective) + patience * objective.size


def late(observation: Observation) -> bool:
    """Whether the game may end after this round's validation."""
    limit = observation.config.max_rounds
    last_round = limit is not None and observation.round + 1 >= limit
    return last_round or max(observation.objectives_done) >= LATE


def make_plan(observation: Observation, style: Style) -> Plan:
    """The plan of the validating seat for the rest of its validation this round."""
    seat, config = observation.player, observation.config
    collection = observation.collections[seat]
    cards = [c for c in collection if type(c) is FamilyCard]
    scorecard = observation.scorecards[seat]
    start = _start(observation)
    wanted = [
        o
        for o, p in zip(OBJECTIVES, scorecard, strict=True)
        if p is None and o.decision_index >= start
    ]
    found = _search(cards, wanted, config, style)
    if style.patience and not late(observation):
        weak = {
            c.objective for c in found if c.points < demand(c.objective, config, style.patience)
        }
        if weak:
            found = _search(cards, [o for o in wanted if o not in weak], config, style)
            found = tuple(
                c for c in found if c.points >= demand(c.objective, config, style.patience)
            )
    used = {card for combination in found for card in combination.cards}
    leftover = frozenset(c for c in collection if c not in used)
    ordered = tuple(sorted(found, key=lambda c: c.objective.decision_index))
    return Plan(observation.round, ordered, leftover)


def _start(observation: Observation) -> int:
    # The position in DECISION_ORDER from which the validating seat has objectives to decide.
    objective = observation.objective
    return len(DECISION_ORDER) if objective is None else objective.decision_index


def _search(
    cards: list[FamilyCard], wanted: list[Objective], config: Config, style: Style
) -> tuple[Combination, ...]:
    if not cards or not wanted:
        return ()
    return search_validation(cards, wanted, config, max_nodes=style.max_nodes).combinations
