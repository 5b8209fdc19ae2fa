"""The ten objectives of the Num Stop scorecard, and the test of one combination.

| objective | cards | requirement | bonus |
| --- | --- | --- | --- |
| `pair` | 2 | two cards of one value | 0 |
| `two_pairs` | 4 | two cards of one value and two of another value | 5 |
| `three_of_a_kind` | 3 | three cards of one value | 10 |
| `four_of_a_kind` | 4 | four cards of one value | 20 |
| `full_house` | 5 | three cards of one value and two of another value | 15 |
| `small_straight` | 4 | four consecutive values | 5 |
| `large_straight` | 6 | six consecutive values | 15 |
| `flush` | 5 | five cards of one non-Shadow family | 10 |
| `straight_flush` | 4 | four consecutive values of one non-Shadow family | 25 |
| `shadow_straight` | 3 | three consecutive values, one or more a Shadow (own value) | 30 flat |

In the first nine objectives a Shadow is a *wild*: it stands for any value and any
non-Shadow family, scores `wild_points` (10) instead of its value, and a combination holds
at most one. In `shadow_straight` Shadows count at their own value and the combination
scores its flat bonus only.

After a round a seat decides its open objectives in `DECISION_ORDER`, not in scorecard
order: the rarest first (see `DECISION_ORDER`).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence

from numrules.core.cards import Family, FamilyCard, NumCard


class Objective(enum.Enum):
    """One line of the scorecard."""

    # Members are singletons compared by identity: hash them by identity too, in C,
    # rather than by name in Python (they are dict keys on hot paths).
    __hash__ = object.__hash__

    PAIR = "pair"
    TWO_PAIRS = "two_pairs"
    THREE_OF_A_KIND = "three_of_a_kind"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FULL_HOUSE = "full_house"
    SMALL_STRAIGHT = "small_straight"
    LARGE_STRAIGHT = "large_straight"
    FLUSH = "flush"
    STRAIGHT_FLUSH = "straight_flush"
    SHADOW_STRAIGHT = "shadow_straight"

    @property
    def size(self) -> int:
        """The exact number of cards of a combination for this objective."""
        return SIZES[self]

    @property
    def index(self) -> int:
        """The position of the objective in the scorecard (table order, from 0)."""
        return INDEX[self]

    @property
    def decision_index(self) -> int:
        """The position of the objective in `DECISION_ORDER` (from 0)."""
        return DECISION_INDEX[self]


OBJECTIVES: tuple[Objective, ...] = tuple(Objective)
"""The ten objectives in scorecard order."""

SIZES: dict[Objective, int] = {
    Objective.PAIR: 2,
    Objective.TWO_PAIRS: 4,
    Objective.THREE_OF_A_KIND: 3,
    Objective.FOUR_OF_A_KIND: 4,
    Objective.FULL_HOUSE: 5,
    Objective.SMALL_STRAIGHT: 4,
    Objective.LARGE_STRAIGHT: 6,
    Objective.FLUSH: 5,
    Objective.STRAIGHT_FLUSH: 4,
    Objective.SHADOW_STRAIGHT: 3,
}
"""Cards per combination, by objective."""

INDEX: dict[Objective, int] = {objective: i for i, objective in enumerate(OBJECTIVES)}

DECISION_ORDER: tuple[Objective, ...] = (
    Objective.SHADOW_STRAIGHT,
    Objective.FOUR_OF_A_KIND,
    Objective.STRAIGHT_FLUSH,
    Objective.LARGE_STRAIGHT,
    Objective.FLUSH,
    Objective.FULL_HOUSE,
    Objective.THREE_OF_A_KIND,
    Objective.SMALL_STRAIGHT,
    Objective.TWO_PAIRS,
    Objective.PAIR,
)
"""The order in which a validating seat decides its open objectives: the rarest first.

A combination of an easy objective (a pair) uses cards that a rare one (a four of a
kind, a straight flush) needed; rare objectives are the ones that keep a scorecard from
filling, so they are decided while the collection is whole. Deciding in this order
rather than in scorecard order shortens uniformly random games by about a quarter
(docs/design/numstop-validation-tree.md).
"""

DECISION_INDEX: dict[Objective, int] = {objective: i for i, objective in enumerate(DECISION_ORDER)}

DEFAULT_BONUSES: tuple[int, ...] = (0, 5, 10, 20, 15, 5, 15, 10, 25, 30)
"""Bonus of each objective in scorecard order; `shadow_straight`'s is its flat score."""

WILD_POINTS = 10
"""What a Shadow used as a wild scores (instead of its value)."""

SAME_VALUE: dict[Objective, tuple[int, ...]] = {
    Objective.PAIR: (2,),
    Objective.THREE_OF_A_KIND: (3,),
    Objective.FOUR_OF_A_KIND: (4,),
    Objective.TWO_PAIRS: (2, 2),
    Objective.FULL_HOUSE: (2, 3),
}
"""The objectives made of groups of one value: the group sizes, ascending."""

STRAIGHTS: dict[Objective, int] = {
    Objective.SMALL_STRAIGHT: 4,
    Objective.LARGE_STRAIGHT: 6,
    Objective.STRAIGHT_FLUSH: 4,
}
"""The straights that may hold a wild: their length (`shadow_straight` is apart)."""


def _straight(values: Sequence[int], length: int, wild: bool) -> bool:
    # Distinct values that a wild (if any) completes into `length` consecutive values.
    if len(set(values)) != len(values) or len(values) + wild != length:
        return False
    span = max(values) - min(values)
    return span == length - 1 if not wild else span <= length - 1


def _group_sizes(values: Sequence[int], sizes: tuple[int, ...], wild: bool) -> bool:
    # Groups of one value each, of the given sizes, the wild completing one group.
    counts = sorted(Counter(values).values())
    if len(counts) != len(sizes):
        return False
    if not wild:
        return tuple(counts) == sizes
    return any(
        tuple(sorted((*counts[:i], counts[i] + 1, *counts[i + 1 :]))) == sizes
        for i in range(len(counts))
    )


def is_combination(objective: Objective, cards: Sequence[NumCard]) -> bool:
    """Whether `cards` (distinct family cards) satisfy `objective` exactly.

    The cards must number exactly `objective.size`. The wild range (values 0..16, or
    the game's `max_value`) never matters: a straight of 4 (or 6) values always fits.
    """
    family_cards = [c for c in cards if type(c) is FamilyCard]
    if len(family_cards) != SIZES[objective] or len(cards) != len(family_cards):
        return False
    if len(set(family_cards)) != len(family_cards):
        return False
    if objective is Objective.SHADOW_STRAIGHT:
        values = [c.value for c in family_cards]
        return (
            any(c.family is Family.SHADOW for c in family_cards)
            and len(set(values)) == 3
            and max(values) - min(values) == 2
        )
    real = [c for c in family_cards if c.family is not Family.SHADOW]
    wild = len(real) < len(family_cards)
    if len(family_cards) - len(real) > 1:
        return False
    values = [c.value for c in real]
    groups = SAME_VALUE.get(objective)
    if groups is not None:
        return _group_sizes(values, groups, wild)
    if objective in (Objective.FLUSH, Objective.STRAIGHT_FLUSH) and (
        len({c.family for c in real}) != 1
    ):
        return False
    if objective is Objective.FLUSH:
        return True
    return _straight(values, STRAIGHTS[objective], wild)


def combination_points(
    objective: Objective,
    cards: Sequence[NumCard],
    bonuses: Sequence[int] = DEFAULT_BONUSES,
    wild_points: int = WILD_POINTS,
) -> int:
    """The score of a combination: card values + bonus, a wild scoring `wild_points`.

    `shadow_straight` scores its bonus alone. The cards are assumed to satisfy the
    objective (see `is_combination`).
    """
    bonus = bonuses[INDEX[objective]]
    if objective is Objective.SHADOW_STRAIGHT:
        return bonus
    total = bonus
    for card in cards:
        if type(card) is FamilyCard:
            total += wild_points if card.family is Family.SHADOW else card.value
    return total
