"""How far a Num Bounce hand is from empty: its groups, its wild cards, its best opening.

A hand is emptied one combination at a time, so what counts is less the number of
cards than the number of *groups* (cards of one value, laid together), with INFINITY
cards able to join any group and NUM_X a free play in one's own turn. `hand_cost`
prices a hand in those terms (lower is better); `best_opening` is the combination a
seat would open a trick with.
"""

from __future__ import annotations

from collections.abc import Iterable

from numrules.core.cards import FamilyCard, NumCard
from numrules.numbounce.cards import NUM_X, is_infinity

CARD_COST = 1.0
"""Each card in hand."""
GROUP_COST = 1.0
"""Each group of one value: one more combination to lay."""
LOW_SINGLE_COST = 2.0
"""A lone card of the lowest value, on top (less for higher ones): it can hardly go up."""
INFINITY_DISCOUNT = 1.1
"""An INFINITY joins any group (and never needs a turn of its own)."""
NUM_X_DISCOUNT = 1.3
"""NUM_X can be played in any own turn, and opens a trick for its player."""
TOP_VALUE = 16
"""The highest family value."""


def value_groups(hand: Iterable[NumCard]) -> dict[int, list[NumCard]]:
    """The family cards of `hand` grouped by value."""
    groups: dict[int, list[NumCard]] = {}
    for card in hand:
        if type(card) is FamilyCard:
            groups.setdefault(card.value, []).append(card)
    return groups


def hand_cost(hand: Iterable[NumCard]) -> float:
    """How far `hand` is from empty (0 for an empty hand; lower is better)."""
    cards = tuple(hand)
    if not cards:
        return 0.0
    cost = CARD_COST * len(cards)
    groups = value_groups(cards)
    cost += GROUP_COST * len(groups)
    for value, group in groups.items():
        if len(group) == 1:
            cost += LOW_SINGLE_COST * (TOP_VALUE - value) / TOP_VALUE
    for card in cards:
        if card is NUM_X:
            cost -= NUM_X_DISCOUNT
        elif is_infinity(card):
            cost -= INFINITY_DISCOUNT
    if not groups:
        cost += GROUP_COST  # INFINITY cards alone are still one combination to lay
    return cost


def best_opening(hand: Iterable[NumCard]) -> tuple[NumCard, ...]:
    """The combination to open a trick with: the biggest group, lowest value first.

    The INFINITY cards join it only when that empties the hand; the high cards are kept
    for going up later.
    """
    cards = tuple(hand)
    groups = value_groups(cards)
    infinities = tuple(card for card in cards if is_infinity(card))
    if not groups:
        return infinities
    value = max(groups, key=lambda v: (len(groups[v]), -v))
    group = tuple(groups[value])
    if len(group) + len(infinities) == len(cards):
        return (*group, *infinities)
    return group
