"""Turning the options of an answer into combinations of real cards."""

from __future__ import annotations

from collections.abc import Sequence

from numrules.numstop.combinations import _CARDS, Combination
from numrules.numstop.objectives import INDEX, combination_points
from numrules.numstop.strategy.optimum.options import Option, Options


def concrete(options: Options, chosen: Sequence[Option]) -> tuple[Combination, ...]:
    """The combinations of the card-disjoint options `chosen`, in scorecard order.

    The named cards are taken first; an anonymous option then gets the lowest free cards
    of its values in canonical order, and a wild the lowest free Shadows.
    """
    cards, config = options.cards, options.config
    named = 0
    for option in chosen:
        named |= option.named
    free = [[r for r in group if not named >> r & 1] for group in cards.by_value]
    shadows = [r for r in cards.shadows if not named >> r & 1]
    out = []
    for option in sorted(chosen, key=lambda o: INDEX[o.objective]):
        ranks = [r for r in range(len(_CARDS)) if option.named >> r & 1]
        for value, count in option.anonymous:
            ranks += free[value][:count]
            del free[value][:count]
        ranks += shadows[: option.wilds]
        del shadows[: option.wilds]
        combo = tuple(_CARDS[r] for r in sorted(ranks))
        points = combination_points(option.objective, combo, config.bonuses, config.wild_points)
        out.append(Combination(option.objective, combo, points))
    return tuple(out)
