"""`best_validation`, `search_validation`: disjoint combinations with the highest total score.

The search works on *options* rather than on card subsets. For the objectives that only
care about values (pairs, straights, ...), every combination with the same values and
the same use of a wild scores the same and leaves the same counts behind, so one option
stands for all of them: "two cards of value 12", "one card each of 3, 4, 5, 6". Flushes
and straight flushes name their exact cards (the family matters), Shadow straights their
exact Shadows. An option is feasible when, at every value, the cards it takes plus those
already taken do not exceed the cards of that value, and its named cards are still free.

The search picks at most one option per objective, in five stages; each keeps a valid
answer, so it can stop at any node (`search_validation`'s time and node limits):

1. A greedy first answer: each objective's best option that still fits, in scorecard
   order.
2. An upper bound at the root, the smallest of three valid bounds:
   - each objective's best option, independently;
   - the bonuses of the objectives plus the best card values, each counted once;
   - a Lagrangian bound: with a price on every card value (set once at the root by
     subgradient steps), the prices of the cards plus each objective's best option
     after paying for its cards.
3. A short turn of the branch and bound below (a few thousand nodes), looking only for
   answers that reach the root bound, then one, two, four... points lower while a pass
   proves that none exists: many collections are proven here.
4. A local search (large neighbourhoods): with the options of the other objectives
   kept, every pair, then every triple, four and five of objectives is solved again
   exactly, while that improves the answer. On hard collections the greedy answer is
   poor (348 points where 431 are possible) and the root bound is tight (431.7): this
   stage usually ends within a few points of the optimum, often on it, in a fraction of
   a second, and an answer that reaches the root bound is proven at once.
5. The depth-first branch and bound, looking for any better answer, to the end. The
   bound of a node is the smallest of the three above for the objectives left (the
   Lagrangian with the root prices), computed lazily, cheapest first. An answer below
   a node loses at most the slack between its Lagrangian bound and the goal, so an
   option whose reduced value is further below its objective's best than the slack is
   dropped for the whole subtree, and no free card priced above the slack can stay
   unused. A node branches on an objective (each option left, then leaving it empty)
   or on a card value whose free cards must all be used (every option left that takes
   one, whatever its objective). The options of an objective come by decreasing
   Lagrangian value, so the first whose bound falls short ends it; a table of explored
   positions (same objectives left, same cards left, same named cards among those the
   objectives left may name, reached with no more points) cuts the permutations that
   lead to the same position; the last two objectives are an exact scan. Two ways to
   choose what to branch on take turns on a doubling node budget: whatever has the
   fewest children, with half the budget, and the objectives in a fixed order (the
   highest best Lagrangian value first). On most hard collections the first is five
   to ten times faster, on a few the second. A pass cut by its budget keeps its table,
   so its next turn goes on where it stopped.

Finally the anonymous options get concrete cards, lowest in canonical order first.

Cost (docs/performance.md, on this project's 2-core machine, in CPU time): a few
milliseconds for 10 cards, tens of milliseconds for 20, a few tenths of a second for
most collections of 30 to 40 cards (about 0.15 s of it to set up the options and the
prices). A few collections in a hundred of 30 to 40 cards take more than a second to be
*proven* optimal, the slowest known a little under 2 s: the root bound is then within a
point or a few of the optimum, and the bounds inside the tree cannot see the last points
are out of reach. Within a one-second limit the answer on every such collection known so
far is within 1% of the optimum. All 102 family cards (43,000 options, most of them
flushes) take about 0.6 s, setup included, and are proven at once.
"""

from __future__ import annotations

import functools
import math
import operator
import time
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from itertools import combinations, product

import attrs

from numrules.core.cards import NumCard
from numrules.numstop.combinations import (
    _CARDS,
    _DEFAULT_CONFIG,
    _SHADOW_RANK,
    _SPAN,
    Combination,
    _Ranks,
    _ranks,
    wanted_objectives,
    wild_value_sets,
)
from numrules.numstop.config import Config
from numrules.numstop.objectives import (
    INDEX,
    OBJECTIVES,
    SAME_VALUE,
    STRAIGHTS,
    Objective,
    combination_points,
)

# An option: (points, use, named, objective, anonymous, wilds, packed)
#   use: ((slot, count), ...) cards taken per value slot 0..max_value, slot max_value + 1
#        counting Shadows (named Shadows and wilds alike)
#   named: bitmask of the exact cards it names (bit = rank)
#   anonymous: ((value, count), ...) cards of those values, any non-Shadow family
#   packed: `use` packed in one int, a field of _FIELD bits per slot (see `_pack`)
Option = tuple[
    int, tuple[tuple[int, int], ...], int, Objective, tuple[tuple[int, int], ...], int, int
]

# Counts per slot are packed in _FIELD-bit fields whose top bit is a guard: an option fits
# when subtracting its packed use from the packed free counts (guards set) clears no guard.
_FIELD = 6
_GUARD_BIT = 1 << (_FIELD - 1)


def _pack(use: Iterable[tuple[int, int]]) -> int:
    return sum(count << (_FIELD * slot) for slot, count in use)


def _guards(slots: int) -> int:
    return sum(_GUARD_BIT << (_FIELD * slot) for slot in range(slots))


def _use(
    anonymous: Iterable[tuple[int, int]], named: Iterable[int]
) -> tuple[tuple[tuple[int, int], ...], int]:
    counts: dict[int, int] = {}
    for value, count in anonymous:
        counts[value] = counts.get(value, 0) + count
    mask = 0
    for rank in named:
        mask |= 1 << rank
        if rank < _SHADOW_RANK:
            counts[rank % _SPAN] = counts.get(rank % _SPAN, 0) + 1
    return tuple(sorted(counts.items())), mask


class _Options:
    """Every option of every wanted objective, for one collection."""

    def __init__(self, cards: _Ranks, wanted: Sequence[Objective], config: Config) -> None:
        self.cards = cards
        self.config = config
        self.shadow_slot = cards.max_value + 1
        self.counts = [len(group) for group in cards.by_value] + [len(cards.shadows)]
        self.by_objective: dict[Objective, list[Option]] = {}
        for objective in wanted:
            found: list[Option] = []
            self._generate(objective, found)
            if found:
                found.sort(key=lambda o: -o[0])
                self.by_objective[objective] = found

    def _add(
        self,
        out: list[Option],
        objective: Objective,
        anonymous: tuple[tuple[int, int], ...] = (),
        named: tuple[int, ...] = (),
        wilds: int = 0,
    ) -> None:
        config = self.config
        bonus = config.bonus(objective)
        if objective is Objective.SHADOW_STRAIGHT:
            points = bonus
        else:
            points = bonus + config.wild_points * wilds
            points += sum(v * k for v, k in anonymous) + sum(r % _SPAN for r in named)
        shadows = wilds + sum(r >= _SHADOW_RANK for r in named)
        use, mask = _use(anonymous, named)
        if shadows:
            use = (*use, (self.shadow_slot, shadows))
        out.append((points, use, mask, objective, anonymous, wilds, _pack(use)))

    def _generate(self, objective: Objective, out: list[Option]) -> None:
        counts, wild = self.counts, bool(self.cards.shadows)
        values = range(self.cards.max_value + 1)
        sizes = SAME_VALUE.get(objective)
        if sizes is not None and len(sizes) == 1:
            (size,) = sizes
            for v in values:
                if counts[v] >= size:
                    self._add(out, objective, ((v, size),))
                if wild and counts[v] >= size - 1:
                    self._add(out, objective, ((v, size - 1),), wilds=1)
        elif sizes is not None:
            small, large = sizes  # (2, 2) two pairs, (2, 3) full house
            for v in values:
                for w in values:
                    if v == w:
                        continue
                    if counts[v] >= large and counts[w] >= small and (small != large or v < w):
                        self._add(out, objective, ((v, large), (w, small)))
                    if wild and counts[v] >= large and counts[w] >= 1:
                        self._add(out, objective, ((v, large), (w, 1)), wilds=1)
                    if wild and small != large and v < w and counts[v] >= 2 and counts[w] >= 2:
                        self._add(out, objective, ((v, 2), (w, 2)), wilds=1)
        elif objective is Objective.FLUSH:
            for family in self.cards.by_family:
                for combo in combinations(family, objective.size):
                    self._add(out, objective, named=combo)
                if wild:
                    for combo in combinations(family, objective.size - 1):
                        self._add(out, objective, named=combo, wilds=1)
        elif objective is Objective.STRAIGHT_FLUSH:
            self._straight_flushes(out)
        elif objective is Objective.SHADOW_STRAIGHT:
            self._shadow_straights(out)
        else:
            length = STRAIGHTS[objective]
            for start in range(self.cards.max_value - length + 2):
                window = range(start, start + length)
                if all(counts[v] for v in window):
                    self._add(out, objective, tuple((v, 1) for v in window))
            if wild:
                for value_set in wild_value_sets(length, self.cards.max_value):
                    if all(counts[v] for v in value_set):
                        self._add(out, objective, tuple((v, 1) for v in value_set), wilds=1)

    def _straight_flushes(self, out: list[Option]) -> None:
        objective, max_value = Objective.STRAIGHT_FLUSH, self.cards.max_value
        length = objective.size
        for family in self.cards.by_family:
            at = {r % _SPAN: r for r in family}
            for start in range(max_value - length + 2):
                window = range(start, start + length)
                if all(v in at for v in window):
                    self._add(out, objective, named=tuple(at[v] for v in window))
            if self.cards.shadows:
                for value_set in wild_value_sets(length, max_value):
                    if all(v in at for v in value_set):
                        self._add(out, objective, named=tuple(at[v] for v in value_set), wilds=1)

    def _shadow_straights(self, out: list[Option]) -> None:
        objective = Objective.SHADOW_STRAIGHT
        shadow_at = {r % _SPAN: r for r in self.cards.shadows}
        for start in range(self.cards.max_value - 1):
            choices = []
            for v in range(start, start + 3):
                here: list[int | None] = [None] if self.counts[v] else []
                if v in shadow_at:
                    here.append(shadow_at[v])
                choices.append(here)
            for pattern in product(*choices):
                named = tuple(r for r in pattern if r is not None)
                if named:
                    anonymous = tuple((start + i, 1) for i, r in enumerate(pattern) if r is None)
                    self._add(out, objective, anonymous, named)


def _level_order(lists: list[list[Option]]) -> list[int]:
    # The objectives with fewest options first: the last levels, with the most
    # options, are then cheap scans for the best feasible option.
    return sorted(range(len(lists)), key=lambda j: (len(lists[j]), INDEX[lists[j][0][3]]))


class _LimitReachedError(Exception):
    """The node limit or the deadline is reached: the search ends with what it has."""


class _BudgetSpentError(Exception):
    """A pass of the search used up its nodes: another order of the objectives is tried."""


class _Search:
    """Branch and bound over the objectives, with a local search (see the module docstring).

    `best` and `best_chosen` always hold a valid answer of the current (sub)problem: the
    search can be stopped at any node (`_LimitReachedError`) and still answer.
    """

    def __init__(self, options: _Options, deadline: float | None, max_nodes: int | None) -> None:
        self.options = options
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.nodes = 0
        self.budget_end: int | None = None
        self.avail = list(options.counts)
        self.slots = len(self.avail)
        self.guards = _guards(self.slots)
        self.free = _pack(enumerate(self.avail)) | self.guards
        self.wild_points = options.config.wild_points
        self.named = 0
        self.chosen: list[Option] = []
        self.seen: dict[tuple[int, int, int], int] = {}
        self.dynamic = True
        lists = list(options.by_objective.values())
        self.best, self.best_chosen = self._greedy(lists)
        self.prices = self._prices(lists)
        self.price_left = self._cost(((slot, a) for slot, a in enumerate(self.avail)))
        # The value slots by decreasing price (ties by slot), with their prices.
        self.by_price = sorted(
            ((self.prices[slot], slot) for slot in range(self.slots)), key=lambda x: -x[0]
        )
        reduced = [
            sorted(((o[0] - self._cost(o[1]), o) for o in lst), key=lambda x: -x[0])
            for lst in lists
        ]
        order = _level_order(lists)
        self.all_lists = [lists[j] for j in order]
        self.all_reduced = [reduced[j] for j in order]
        objectives = [lst[0][3] for lst in self.all_lists]
        self.all_sizes = [0 if o is Objective.SHADOW_STRAIGHT else o.size for o in objectives]
        self.all_bonuses = [options.config.bonus(o) for o in objectives]
        self.all_named = [
            functools.reduce(operator.or_, (o[2] for o in lst), 0) for lst in self.all_lists
        ]
        self._levels(range(len(objectives)))
        self.root_bound = self.bound(0, [0] * (2 * len(self.lists)), float("inf"))
        self.upper = math.floor(self.root_bound + _EPSILON)

    def _levels(self, levels: Iterable[int]) -> None:
        # Restricts the search to some objectives (levels of the full search), in order.
        levels = list(levels)
        self.lists = [self.all_lists[j] for j in levels]
        self.reduced = [self.all_reduced[j] for j in levels]
        self.sizes = [self.all_sizes[j] for j in levels]
        self.bonuses = [self.all_bonuses[j] for j in levels]
        # The named cards that still matter from each level on: those that options of
        # the objectives left name (positions differing in the others are the same).
        self.named_at = [self.all_named[j] for j in levels]
        self.ids = [1 << j for j in levels]

    def _count(self, nodes: int = 1) -> None:
        # Counts the work done; stops the search at the node limit or the deadline.
        self.nodes += nodes
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _LimitReachedError
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _LimitReachedError
        if self.budget_end is not None and self.nodes > self.budget_end:
            raise _BudgetSpentError

    def solve(self) -> bool:
        """Finds the best answer (`best`, `best_chosen`) and sets `upper`, a bound on it.

        Whether the answer is proven optimal (`best == upper`); False when stopped early.
        """
        self.upper = math.floor(self.root_bound + _EPSILON)
        levels = range(len(self.all_lists))
        # Two ways to branch: on whatever has the fewest children, or on the objectives
        # in a fixed order (the highest best Lagrangian value first). Each is sometimes
        # far faster than the other: they take turns, the first with half the nodes.
        order = sorted(levels, key=lambda j: -self.all_reduced[j][0][0])
        orders = [(order, dynamic) for dynamic, _ in _WAYS]
        self.seens: list[dict[tuple[int, int, int], int]] = [{} for _ in orders]
        self.seen_target = self.upper
        try:
            # A short turn first, aiming at the bound: many collections are proven in it.
            self._passes(orders, _FIRST_BUDGET, 1, 1)
            if self.best < self.upper:
                self._improve(self.upper)
            # The local search's answer is mostly the optimum or close to it: now any
            # better answer will do.
            self._passes(orders, 2 * _FIRST_BUDGET, None, self.upper)
        except _LimitReachedError:
            return False
        return True

    def _passes(
        self, orders: list[tuple[list[int], bool]], budget: int, rounds: int | None, step: int
    ) -> None:
        # Passes of the branch and bound until the answer is proven (or `rounds` turns
        # of the orders were cut by their budget, which doubles at each turn).
        while self.best < self.upper and rounds != 0:
            # Look for an answer of at least `target` only: when none exists, that
            # proves a bound (and the next pass looks further down).
            target = max(self.best + 1, self.upper - step + 1)
            if target < self.seen_target:  # the tables hold what a higher target cut
                self.seens = [{} for _ in orders]
            self.seen_target = target
            found = None
            for (order, dynamic), seen, (_, share) in zip(orders, self.seens, _WAYS, strict=True):
                self.dynamic = dynamic
                found = self._exact(order, target, max(1, budget // share), seen)
                self.dynamic = True
                if found is not None or self.best >= target:
                    break
            else:
                budget *= 2
                rounds = None if rounds is None else rounds - 1
            if found:
                self.upper = self.best
            elif found is not None:
                self.upper, step = target - 1, 2 * step

    def _improve(self, goal: int) -> None:
        # Large-neighbourhood search: with the options of the other objectives kept,
        # re-solve every pair, then every triple of objectives exactly; again while
        # that improves the answer (or until it reaches the root bound).
        levels = len(self.all_lists)
        improved = True
        while improved:
            improved = False
            for size in _NEIGHBOURHOODS:
                for subset in combinations(range(levels), size):
                    if self._resolve(subset):
                        improved = True
                        if self.best >= goal:
                            return

    def _resolve(self, subset: tuple[int, ...]) -> bool:
        """Re-solves the objectives of `subset` exactly, the others' options kept."""
        mine = {self.all_lists[j][0][3] for j in subset}
        kept = [o for o in self.best_chosen if o[3] not in mine]
        part = [o for o in self.best_chosen if o[3] in mine]
        score, base = self.best, sum(o[0] for o in part)
        for option in kept:
            self._take(option, 1)
            self.price_left -= self._cost(option[1])
        self._levels(subset)
        self.best, self.best_chosen, self.seen = base, part, {}
        try:
            self.run()
        finally:
            improved = self.best > base
            self.best, self.best_chosen = score - base + self.best, kept + self.best_chosen
            self._levels(range(len(self.all_lists)))
            for option in kept:
                self._take(option, -1)
                self.price_left += self._cost(option[1])
        return improved

    def _exact(
        self, order: list[int], target: int, budget: int, seen: dict[tuple[int, int, int], int]
    ) -> bool | None:
        """Searches for an answer of at least `target` points (then the best), in `order`.

        Whether it found one (`best` and `best_chosen` are then that answer, else
        unchanged); None when `budget` nodes were not enough to know. `seen` is the
        table of the positions explored; given again (same order, same target or higher)
        the search skips what it explored already, and goes on where it stopped.
        """
        score, chosen = self.best, self.best_chosen
        free, named, price_left = self.free, self.named, self.price_left
        self._levels(order)
        self.best, self.seen, self.budget_end = target - 1, seen, self.nodes + budget
        try:
            self.run()
        except _BudgetSpentError:
            return None
        finally:
            if self.best < target:
                self.best, self.best_chosen = score, chosen
            self.free, self.named, self.price_left, self.chosen = free, named, price_left, []
            self.budget_end = None
        return self.best >= target

    def _cost(self, use: Iterable[tuple[int, int]]) -> float:
        prices = self.prices
        return sum(prices[slot] * count for slot, count in use)

    def feasible(self, option: Option) -> bool:
        """Whether `option` fits in the cards still free."""
        return not option[2] & self.named and (self.free - option[6]) & self.guards == self.guards

    def _take(self, option: Option, sign: int) -> None:
        self.free -= sign * option[6]
        self.named ^= option[2]

    def _greedy(self, lists: list[list[Option]]) -> tuple[int, list[Option]]:
        # A first solution: the best feasible option of each objective in turn.
        chosen = []
        for lst in lists:
            for option in lst:
                if self.feasible(option):
                    self._take(option, 1)
                    chosen.append(option)
                    break
        for option in chosen:
            self._take(option, -1)
        return sum(o[0] for o in chosen), chosen

    def _prices(self, lists: list[list[Option]]) -> list[float]:
        # Subgradient steps on the Lagrangian dual, over each objective's best options
        # only (duplicates of one card use merged): the prices need not be optimal to
        # give a valid bound, so a cheap approximation will do. Keeps the best prices.
        avail = self.avail
        short = []
        for options in lists:
            best: dict[tuple[tuple[int, int], ...], int] = {}
            for option in options:
                if best.get(option[1], -1) < option[0]:
                    best[option[1]] = option[0]
            kept = sorted(best.items(), key=lambda item: -item[1])[:_PRICE_OPTIONS]
            # Each use also as its slots and its counts, for the products below.
            short.append(
                [(use, points, [s for s, _ in use], [c for _, c in use]) for use, points in kept]
            )
        prices = [0.0] * len(avail)
        best_bound, best_prices, last_progress = float("inf"), prices, 0
        mul = operator.mul
        for step in range(_PRICE_STEPS):
            bound = sum(map(mul, prices, avail))
            gradient = [float(a) for a in avail]
            at = prices.__getitem__
            for items in short:
                top, top_use = 0.0, None
                for use, points, slots, counts in items:
                    # The same sums as sum(), by hand for one or two values.
                    if len(use) == 1:
                        value = points - prices[slots[0]] * counts[0]
                    elif len(use) == 2:
                        value = points - (
                            prices[slots[0]] * counts[0] + prices[slots[1]] * counts[1]
                        )
                    else:
                        value = points - sum(map(mul, map(at, slots), counts))
                    if value > top:
                        top, top_use = value, use
                bound += top
                if top_use is not None:
                    for slot, count in top_use:
                        gradient[slot] -= count
            if bound < best_bound - _PRICE_PROGRESS:
                best_bound, best_prices, last_progress = bound, prices, step
            elif bound < best_bound:
                best_bound, best_prices = bound, prices
            if bound < self.best + 1 or step - last_progress > _PRICE_PATIENCE:
                break  # the bound cannot close the gap further, or hardly moves any more
            rate = _PRICE_RATE / (1 + step / 20)
            prices = [max(0.0, p - rate * g) for p, g in zip(prices, gradient, strict=True)]
        return best_prices

    def lagrangian(self, start: int, hints: list[int]) -> float:
        """The Lagrangian bound on what the objectives from `start` on can still add.

        The prices of the free cards, plus for each objective a bound on its best feasible
        reduced value (points minus the prices of its cards). `hints` holds, for each objective, a
        position in its reduced list before which no option is feasible; it is moved
        forward in place (the free cards only shrink below this node).
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
                if not option[2] & named and (free - option[6]) & guards == guards:
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

        The smallest of the three bounds of the module docstring; the Lagrangian bound
        alone once it is below `enough` (the caller only needs to know that). `hints`
        holds, for each objective, two positions (in its reduced list and in its points
        list) before which no option is feasible; they are moved forward in place.
        """
        # The Lagrangian bound, as `lagrangian` computes it (inlined: it is hot).
        lagrangian = self.price_left
        free, named, guards = self.free, self.named, self.guards
        all_reduced = self.reduced
        for j in range(start, len(all_reduced)):
            reduced, k = all_reduced[j], hints[2 * j]
            size = len(reduced)
            end = k + _SCAN if k + _SCAN < size else size
            while k < end:
                value, option = reduced[k]
                if value <= 0:
                    break
                if not option[2] & named and (free - option[6]) & guards == guards:
                    lagrangian += value
                    break
                k += 1
            else:
                if k < size:
                    value = reduced[k][0]
                    if value > 0:
                        lagrangian += value
            hints[2 * j] = k
        if lagrangian < enough:
            return lagrangian
        # The independent bound, option by option: first with each objective's first
        # option not known to be infeasible (an overestimate), then with its best feasible
        # option, objective by objective, ending as soon as it is below `enough`.
        lists, end = self.lists, len(self.lists)
        first = [
            options[k][0] if k < len(options) else 0
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
                if not option[2] & named and (free - option[6]) & guards == guards:
                    break
                k += 1
            hints[2 * j + 1] = k
            if k < size:
                independent += options[k][0] - first[j - start]
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
        free, wild, mask = self.free, self.wild_points, _GUARD_BIT - 1
        value = self.slots - 2
        shift = _FIELD * value
        shadows = free >> (shift + _FIELD) & mask
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
            shift -= _FIELD
        return total + (tens if tens < slots else slots) * wild

    def run(self, level: int = 0, score: int = 0, hints: list[int] | None = None) -> None:
        """Explore every choice from objective `level` on, given `score` so far."""
        self._count()
        remaining = relevant = 0
        ids, named_at = self.ids, self.named_at
        for j in range(level, len(ids)):
            remaining |= ids[j]
            relevant |= named_at[j]
        key = (remaining, self.free, self.named & relevant)
        before = self.seen.get(key, -1)
        if before >= score:
            return
        self.seen[key] = score
        try:
            self._explore(level, score, hints)
        except _BudgetSpentError:
            # Not fully explored: a later pass with the same table goes in again.
            self.seen[key] = before
            raise

    def _explore(self, level: int, score: int, hints: list[int] | None) -> None:
        if score > self.best:
            self.best, self.best_chosen = score, list(self.chosen)
        if level == len(self.lists):
            return
        if level == len(self.lists) - 2:
            self._last_two(level, score)
            return
        if hints is None:
            hints = [0] * (2 * len(self.lists))
        # Points are integers: go on only where the bound allows at least one more point.
        goal = self.best + 1 - _EPSILON
        context = self._narrow(level, score + self.price_left - goal)
        if context is None:
            return
        reduced, lists, plan = context
        saved = self.reduced, self.lists
        self.reduced, self.lists = self.reduced[:level] + reduced, self.lists[:level] + lists
        hints = [0] * (2 * len(self.lists))
        try:
            if isinstance(plan, int):
                self._swap(level, plan, hints)
                try:
                    self._branch(level, score, hints, goal)
                finally:
                    self._swap(level, plan, hints)
                return
            for j, value, option in plan:
                self._swap(level, j, hints)
                try:
                    self._take(option, 1)
                    cost = option[0] - value
                    self.price_left -= cost
                    child = list(hints)
                    points = score + option[0]
                    if points + self.bound(level + 1, child, goal - points) >= goal:
                        self.chosen.append(option)
                        self.run(level + 1, points, child)
                        self.chosen.pop()
                        goal = self.best + 1 - _EPSILON
                    self.price_left += cost
                    self._take(option, -1)
                finally:
                    self._swap(level, j, hints)
        finally:
            self.reduced, self.lists = saved

    def _swap(self, i: int, j: int, hints: list[int]) -> None:
        # Exchanges the objectives at levels i and j (and their hints).
        if i == j:
            return
        self.lists[i], self.lists[j] = self.lists[j], self.lists[i]
        self.reduced[i], self.reduced[j] = self.reduced[j], self.reduced[i]
        sizes, bonuses, named_at, ids = self.sizes, self.bonuses, self.named_at, self.ids
        sizes[i], sizes[j] = sizes[j], sizes[i]
        bonuses[i], bonuses[j] = bonuses[j], bonuses[i]
        named_at[i], named_at[j] = named_at[j], named_at[i]
        ids[i], ids[j] = ids[j], ids[i]
        hints[2 * i], hints[2 * j] = hints[2 * j], hints[2 * i]
        hints[2 * i + 1], hints[2 * j + 1] = hints[2 * j + 1], hints[2 * i + 1]

    def _narrow(
        self, level: int, slack: float
    ) -> (
        tuple[
            list[list[tuple[float, Option]]],
            list[list[Option]],
            int | list[tuple[int, float, Option]],
        ]
        | None
    ):
        """The options left to the objectives from `level` on, and how to branch.

        `slack` is the score plus the prices of the free cards, less the goal; with the
        best reduced values of the objectives left it is the Lagrangian slack. An answer
        below this node reaches the goal only if it loses at most the slack: each of its
        options is within the slack of its objective's best reduced value (the others
        are dropped for the whole subtree), and no free card priced above the slack is
        left unused. So either some objective is branched on (its options, and leaving
        it empty), or a value whose free cards must all be used (every option left that
        takes such a card, whatever its objective): the fewest children wins. Returns
        the options left (by reduced value, and by points) and the objective's level or
        the children; None when no answer here reaches the goal.
        """
        free, named, guards = self.free, self.named, self.guards
        all_reduced = self.reduced
        end = len(all_reduced)
        # The first feasible option of each objective left, and its reduced value.
        firsts, tops = [], []
        for j in range(level, end):
            k, top = 0, 0.0
            for value, option in all_reduced[j]:
                if not option[2] & named and (free - option[6]) & guards == guards:
                    if value > 0:
                        top = value
                        slack += value
                    break
                k += 1
            firsts.append(k)
            tops.append(top)
        if slack < 0:
            return None
        mask = _GUARD_BIT - 1
        forced = 0  # the fields of the values whose free cards must all be used
        forced_slots = []
        if self.dynamic:
            for price, slot in self.by_price:
                if price <= slack + _EPSILON:
                    break
                if free >> (_FIELD * slot) & mask:
                    forced |= mask << (_FIELD * slot)
                    forced_slots.append(slot)
        cover = [0] * self.slots
        fewest, best = math.inf, level
        reduced, lists = [], []
        for i, j in enumerate(range(level, end)):
            least = tops[i] - slack
            # The feasible options within the slack (reduced values decrease).
            red = all_reduced[j]
            if not red or red[-1][0] >= least:
                cut = len(red)
            else:
                cut = bisect_right(red, -least, firsts[i], key=_negated_value)
            here = [
                item
                for item in red[firsts[i] : cut]
                if not item[1][2] & named and (free - item[1][6]) & guards == guards
            ]
            if forced:
                for _, option in here:
                    if option[6] & forced:
                        for slot, _ in option[1]:
                            cover[slot] += 1
            reduced.append(here)
            by_points = [item[1] for item in here]
            by_points.sort(key=_POINTS, reverse=True)  # stable, as by -points
            lists.append(by_points)
            count = len(here) + (least <= 0)
            if count < fewest:
                fewest, best = count, j
        if not self.dynamic:
            return reduced, lists, level
        chosen = -1
        for slot in sorted(forced_slots):
            if cover[slot] < fewest:
                fewest, chosen = cover[slot], slot
        if chosen < 0:
            return reduced, lists, best
        if not fewest:
            return None
        children = [
            (j, value, option)
            for j, here in enumerate(reduced, level)
            for value, option in here
            if option[6] >> (_FIELD * chosen) & mask
        ]
        return reduced, lists, children

    def _branch(self, level: int, score: int, hints: list[int], goal: float) -> None:
        # Each option of the objective at `level` that may reach `goal`, then none.
        # Options come by reduced value, so the Lagrangian bound of taking one
        # (score + its reduced value + `rest`) only decreases along the list.
        rest = self.lagrangian(level + 1, hints)
        guards, bound, chosen = self.guards, self.bound, self.chosen
        # A child already explored with as many points is skipped before its bound.
        remaining = relevant = 0
        ids, named_at, seen = self.ids, self.named_at, self.seen
        for j in range(level + 1, len(ids)):
            remaining |= ids[j]
            relevant |= named_at[j]
        for value, option in self.reduced[level]:
            if score + value + rest < goal:
                break
            if option[2] & self.named or (self.free - option[6]) & guards != guards:
                continue  # not feasible
            points = option[0]
            self.free -= option[6]
            self.named ^= option[2]
            cost = points - value  # the prices of its cards
            self.price_left -= cost
            child = list(hints)
            if seen.get((remaining, self.free, self.named & relevant), -1) >= score + points:
                self._count()  # explored: counted as the node it was, without its bound
            elif score + points + bound(level + 1, child, goal - score - points) >= goal:
                chosen.append(option)
                self.run(level + 1, score + points, child)
                chosen.pop()
                goal = self.best + 1 - _EPSILON
            self.price_left += cost
            self.free += option[6]
            self.named ^= option[2]
        if seen.get((remaining, self.free, self.named & relevant), -1) >= score:
            self._count()
        elif score + self.bound(level + 1, list(hints), goal - score) >= goal:
            self.run(level + 1, score, hints)

    def _last_two(self, level: int, score: int) -> None:
        # The last two objectives exactly: each option of the first (by reduced value)
        # with the best option of the second that still fits. The options of the first
        # end with the Lagrangian bound of a pair: the prices of the free cards plus the
        # two reduced values.
        firsts, seconds = self.reduced[level], self.lists[level + 1]
        alone = next((o for o in seconds if self.feasible(o)), None)
        best_alone = 0 if alone is None else alone[0]
        if alone is not None and score + best_alone > self.best:
            self.best, self.best_chosen = score + best_alone, [*self.chosen, alone]
        second = next((v for v, o in self.reduced[level + 1] if v <= 0 or self.feasible(o)), 0.0)
        rest = score + self.price_left + max(second, 0.0)
        for value, option in firsts:
            if rest + value < self.best + 1 - _EPSILON:
                break
            if score + option[0] + best_alone <= self.best or not self.feasible(option):
                continue
            self._count()
            self._take(option, 1)
            total, picked = score + option[0], [option]
            for other in seconds:
                if total + other[0] <= self.best:
                    break
                if self.feasible(other):
                    total += other[0]
                    picked.append(other)
                    break
            self._take(option, -1)
            if total > self.best:
                self.best, self.best_chosen = total, [*self.chosen, *picked]


_SCAN = 8
# The ways to branch that take turns (fewest children first, or the fixed order of the
# objectives), each with its share of a turn's budget: budget // share.
_WAYS = ((True, 2), (False, 1))
_NEIGHBOURHOODS = (2, 3, 4, 5)
_FIRST_BUDGET = 2000
_PRICE_STEPS = 3000
_PRICE_RATE = 1.0
_PRICE_OPTIONS = 40
_PRICE_PROGRESS = 0.05
_PRICE_PATIENCE = 300
_EPSILON = 1e-6
_POINTS = operator.itemgetter(0)


def _negated_value(item: tuple[float, Option]) -> float:
    return -item[0]


def _concrete(options: _Options, chosen: list[Option]) -> tuple[Combination, ...]:
    # Gives the anonymous options real cards: named cards first, then lowest rank first.
    cards, config = options.cards, options.config
    named = 0
    for option in chosen:
        named |= option[2]
    free = [[r for r in group if not named >> r & 1] for group in cards.by_value]
    shadows = [r for r in cards.shadows if not named >> r & 1]
    out = []
    for option in sorted(chosen, key=lambda o: INDEX[o[3]]):
        objective = option[3]
        ranks = [r for r in range(len(_CARDS)) if option[2] >> r & 1]
        for value, count in option[4]:
            ranks += free[value][:count]
            del free[value][:count]
        ranks += shadows[: option[5]]
        del shadows[: option[5]]
        combo = tuple(_CARDS[r] for r in sorted(ranks))
        points = combination_points(objective, combo, config.bonuses, config.wild_points)
        out.append(Combination(objective, combo, points))
    return tuple(out)


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
    bound are computed before any limit applies: that setup takes a few milliseconds for
    twenty cards, about 0.2 s for forty and about 1 s for all 102 family cards.

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
    options = _Options(cards, [o for o in OBJECTIVES if o in wanted], config)
    if not options.by_objective:
        return ValidationSearch((), 0, 0, 0)
    deadline = None if time_limit is None else start + time_limit
    search = _Search(options, deadline, max_nodes)
    proven = search.solve()
    bound = search.best if proven else max(search.best, search.upper)
    found = _concrete(options, search.best_chosen)
    return ValidationSearch(found, search.best, bound, search.nodes)


def best_validation(
    collection: Iterable[NumCard],
    objectives: Iterable[Objective] = OBJECTIVES,
    config: Config = _DEFAULT_CONFIG,
) -> tuple[Combination, ...]:
    """Card-disjoint combinations, at most one per objective, with the highest total score.

    Exact (a branch and bound, see `numrules.numstop.strategy.optimum`); `search_validation` gives
    the best answer within a time or node limit instead. When several sets score the
    same, the one returned is fixed by the search order (deterministic). The combinations
    come in scorecard order; their `points` add up to the optimum (0 for an empty answer).

    Raises:
        CollectionError: the collection holds a card twice, or a card that is not a family
            card of the game; or `objectives` holds something other than `Objective`s.

    """
    return search_validation(collection, objectives, config).combinations
