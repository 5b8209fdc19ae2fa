"""Upper bounds on what the objectives left can still add, from the cards still free.

Three valid bounds, the smallest of which bounds a position of the search:

- each objective's best option that fits, independently;
- the bonuses of the objectives plus the best card values still free, each counted once;
- a Lagrangian bound: with a price on every card value (set once at the root by
  subgradient steps, `prices`), the prices of the free cards plus each objective's best
  *reduced value* (its points minus the prices of its cards) among the options that fit.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Sequence

from numrules.numstop.objectives import INDEX, Objective
from numrules.numstop.strategy.optimum.options import FIELD, GUARD_BIT, Option, Options, fits

EPSILON = 1e-6
"""Tolerance on the (float) bounds: points are integers."""
_SCAN = 8
_PRICE_STEPS = 3000
_PRICE_RATE = 1.0
_PRICE_OPTIONS = 40
_PRICE_PROGRESS = 0.05
_PRICE_PATIENCE = 300


def prices(lists: Sequence[Sequence[Option]], avail: Sequence[int], floor: int) -> list[float]:
    """A price per value slot for the Lagrangian bound, by subgradient steps.

    `lists` holds the options of each objective, `avail` the cards of each slot; the steps
    stop once the bound is below `floor + 1` (it cannot prove more). Only each
    objective's best options are used (duplicates of one card use merged): the prices
    need not be optimal to give a valid bound, so a cheap approximation will do. Returns
    the prices of the lowest bound reached.
    """
    short = []
    for options in lists:
        best: dict[tuple[tuple[int, int], ...], int] = {}
        for option in options:
            if best.get(option.use, -1) < option.points:
                best[option.use] = option.points
        kept = sorted(best.items(), key=lambda item: -item[1])[:_PRICE_OPTIONS]
        # Each use also as its slots and its counts, for the products below.
        short.append(
            [(use, points, [s for s, _ in use], [c for _, c in use]) for use, points in kept]
        )
    price = [0.0] * len(avail)
    best_bound, best_prices, last_progress = float("inf"), price, 0
    mul = operator.mul
    for step in range(_PRICE_STEPS):
        bound = sum(map(mul, price, avail))
        gradient = [float(a) for a in avail]
        at = price.__getitem__
        for items in short:
            top, top_use = 0.0, None
            for use, points, slots, counts in items:
                # The same sums as sum(), by hand for one or two values.
                if len(use) == 1:
                    value = points - price[slots[0]] * counts[0]
                elif len(use) == 2:
                    value = points - (price[slots[0]] * counts[0] + price[slots[1]] * counts[1])
                else:
                    value = points - sum(map(mul, map(at, slots), counts))
                if value > top:
                    top, top_use = value, use
            bound += top
            if top_use is not None:
                for slot, count in top_use:
                    gradient[slot] -= count
        if bound < best_bound - _PRICE_PROGRESS:
            best_bound, best_prices, last_progress = bound, price, step
        elif bound < best_bound:
            best_bound, best_prices = bound, price
        if bound < floor + 1 or step - last_progress > _PRICE_PATIENCE:
            break  # the bound cannot close the gap further, or hardly moves any more
        rate = _PRICE_RATE / (1 + step / 20)
        price = [max(0.0, p - rate * g) for p, g in zip(price, gradient, strict=True)]
    return best_prices


def level_order(lists: Sequence[Sequence[Option]]) -> list[int]:
    """The objectives (indices in `lists`) in the order of the levels of the search.

    The objectives with fewest options first: the last levels, with the most options,
    are then cheap scans for the best option that fits.
    """
    return sorted(range(len(lists)), key=lambda j: (len(lists[j]), INDEX[lists[j][0].objective]))


class Position:
    """The cards still free and the objectives left, with bounds on what they can still add.

    The objectives are the *levels* of the search; `levels` restricts the position to some
    of them, in a given order. Per level, `lists` holds the objective's options by
    decreasing points and `reduced` its (reduced value, option) pairs by decreasing
    reduced value; the search narrows both as it goes down.
    """

    def __init__(self, options: Options, floor: int) -> None:
        """Every card free; `floor`: the points of an answer already known (for `prices`)."""
        self.options = options
        self.avail = list(options.counts)
        self.slots = len(self.avail)
        self.guards = options.guards
        self.free = options.free
        """The packed counts of the free cards, guards set."""
        self.named = 0
        """The named cards taken, as a bitmask of ranks."""
        self.wild_points = options.config.wild_points
        lists = list(options.by_objective.values())
        self.prices = prices(lists, self.avail, floor)
        self.price_left = self.cost(((slot, a) for slot, a in enumerate(self.avail)))
        """The prices of the free cards."""
        # The value slots by decreasing price (ties by slot), with their prices.
        self.by_price = sorted(
            ((self.prices[slot], slot) for slot in range(self.slots)), key=lambda x: -x[0]
        )
        reduced = [
            sorted(((o.points - self.cost(o.use), o) for o in lst), key=lambda x: -x[0])
            for lst in lists
        ]
        order = level_order(lists)
        self.all_lists = [lists[j] for j in order]
        self.all_reduced = [reduced[j] for j in order]
        objectives = [lst[0].objective for lst in self.all_lists]
        self.all_sizes = [0 if o is Objective.SHADOW_STRAIGHT else o.size for o in objectives]
        self.all_bonuses = [options.config.bonus(o) for o in objectives]
        self.all_named = [
            functools.reduce(operator.or_, (o.named for o in lst), 0) for lst in self.all_lists
        ]
        self.levels(range(len(objectives)))
        self.root_bound = self.bound(0, [0] * (2 * len(self.lists)), float("inf"))
        """The bound of the whole problem."""

    def levels(self, levels: Iterable[int]) -> None:
        """Restricts the position to some objectives (levels of the full problem), in order."""
        levels = list(levels)
        self.lists = [self.all_lists[j] for j in levels]
        self.reduced = [self.all_reduced[j] for j in levels]
        self.sizes = [self.all_sizes[j] for j in levels]
        self.bonuses = [self.all_bonuses[j] for j in levels]
        # The named cards that still matter from each level on: those that options of
        # the objectives left name (positions differing in the others are the same).
        self.named_at = [self.all_named[j] for j in levels]
        self.ids = [1 << j for j in levels]

    def cost(self, use: Iterable[tuple[int, int]]) -> float:
        """The prices of the cards of `use`, (slot, count) pairs."""
        price = self.prices
        return sum(price[slot] * count for slot, count in use)

    def feasible(self, option: Option) -> bool:
        """Whether `option` fits in the cards still free."""
        return fits(option, self.free, self.named, self.guards)

    def take(self, option: Option, sign: int) -> None:
        """Takes the cards of `option` (`sign` 1), or gives them back (-1)."""
        self.free -= sign * option.packed
        self.named ^= option.named

    def lagrangian(self, start: int, hints: list[int]) -> float:
        """The Lagrangian bound on what the objectives from `start` on can still add.

        The prices of the free cards, plus for each objective a bound on its best reduced
        value among the options that fit. `hints` holds, for each objective, a position
        in its reduced list before which no option fits; it is moved forward in place
        (the free cards only shrink below this position).
        """
        total = self.price_left
        free, named, guards = self.free, self.named, self.guards
        all_reduced = self.reduced
        for j in range(start, len(all_reduced)):
            reduced, k = all_reduced[j], hints[2 * j]
            # Scanning a few options is enough: the value reached bounds the rest.
            size = len(reduced)
            end = k + _SCAN if k + _SCAN < size else size
            while k < end:
                value, option = reduced[k]
                if value <= 0:
                    break
                # `fits`, inlined (hot)
                if not option.named & named and (free - option.packed) & guards == guards:
                    total += value
                    break
                k += 1
            else:
                if k < size:
                    value = reduced[k][0]
                    if value > 0:
                        total += value
            hints[2 * j] = k
        return total

    def bound(self, start: int, hints: list[int], enough: float) -> float:
        """An upper bound on the points the objectives from `start` on can still add.

        The smallest of the three bounds (see the module docstring); the Lagrangian bound
        alone once it is below `enough` (the caller only needs to know that). `hints`
        holds, for each objective, two positions (in its reduced list and in its points
        list) before which no option fits; they are moved forward in place.
        """
        lagrangian = self.lagrangian(start, hints)
        if lagrangian < enough:
            return lagrangian
        # The independent bound, option by option: first with each objective's first
        # option not known not to fit (an overestimate), then with its best option that
        # fits, objective by objective, ending as soon as it is below `enough`.
        free, named, guards = self.free, self.named, self.guards
        lists, end = self.lists, len(self.lists)
        first = [
            options[k].points if k < len(options) else 0
            for options, k in zip(lists[start:], hints[2 * start + 1 :: 2], strict=True)
        ]
        independent = sum(first)
        if independent < enough:
            return independent
        bonus = slots = wild_slots = 0
        bonuses, sizes = self.bonuses, self.sizes
        for j in range(start, end):
            options, k = lists[j], hints[2 * j + 1]
            size = len(options)
            while k < size:
                option = options[k]
                # `fits`, inlined (hot)
                if not option.named & named and (free - option.packed) & guards == guards:
                    break
                k += 1
            hints[2 * j + 1] = k
            if k < size:
                independent += options[k].points - first[j - start]
                bonus += bonuses[j]
                if sizes[j]:
                    slots += sizes[j]
                    wild_slots += 1
            else:
                independent -= first[j - start]
            if independent < enough:
                return independent
        cards = bonus + self._best_cards(slots, wild_slots)
        return min(lagrangian, independent, cards)

    def _best_cards(self, slots: int, wild_slots: int) -> int:
        # The highest card contributions still free: values, a wild counting wild_points.
        free, wild, mask = self.free, self.wild_points, GUARD_BIT - 1
        value = self.slots - 2
        shift = FIELD * value
        shadows = free >> (shift + FIELD) & mask
        tens = wild_slots if wild_slots < shadows else shadows
        total = 0
        while value >= 0:
            if tens and value < wild:
                if tens >= slots:
                    return total + slots * wild
                total, slots, tens = total + tens * wild, slots - tens, 0
            count = free >> shift & mask
            if count >= slots:
                return total + slots * value
            total += count * value
            slots -= count
            value -= 1
            shift -= FIELD
        return total + (tens if tens < slots else slots) * wild
