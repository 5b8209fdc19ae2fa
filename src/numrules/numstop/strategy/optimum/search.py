"""The search for the best options, at most one per objective, that fit together.

After a greedy first answer, a short turn of the branch and bound aims at the root bound
(then one, two, four... points lower, while a pass proves none exists); a local search
then solves every pair, then every triple, four and five of objectives again exactly,
the others' options kept; last the branch and bound looks for any better answer, to the
end. Each stage keeps a valid answer, so the search can stop at any node.

A node of the branch and bound branches on an objective (each option left, then leaving
it empty) or on a card value whose free cards must all be used (every option left that
takes one). Its bound is the smallest of those of `bounds`, computed lazily, cheapest
first; an answer below a node loses at most the slack between its Lagrangian bound and
the goal, so an option whose reduced value is further below its objective's best than the
slack is dropped for the whole subtree, and no free card priced above the slack can stay
unused. A table of explored positions cuts the permutations that lead to the same
position; the last two objectives are an exact scan. Two ways to choose what to branch
on take turns on a doubling node budget: whatever has the fewest children, and the
objectives in a fixed order (the highest best Lagrangian value first); a pass cut by its
budget keeps its table, so its next turn goes on where it stopped.
"""

from __future__ import annotations

import math
import operator
import time
from bisect import bisect_right
from itertools import combinations

import attrs

from numrules.numstop.strategy.optimum.bounds import EPSILON, Position
from numrules.numstop.strategy.optimum.options import FIELD, GUARD_BIT, Option, Options, fits

_POINTS = operator.attrgetter("points")


@attrs.frozen(slots=True)
class Schedule:
    """How the search spends its nodes after the greedy answer."""

    ways: tuple[tuple[bool, int], ...]
    """The ways to branch that take turns (True: on whatever has the fewest children;
    False: on the objectives in a fixed order), each with its share of a turn's budget
    (budget // share)."""
    neighbourhoods: tuple[int, ...]
    """The sizes of the subsets of objectives the local search solves again, in turn."""
    first_budget: int
    """The nodes of the first turn of the branch and bound (doubled at each turn)."""


class LimitReachedError(Exception):
    """The node limit or the deadline is reached: the search ends with what it has."""


class _BudgetSpentError(Exception):
    """A pass of the search used up its nodes: another order of the objectives is tried."""


def _greedy(options: Options) -> tuple[int, list[Option]]:
    # A first answer: each objective's best option that still fits, in scorecard order.
    free, named, guards = options.free, 0, options.guards
    chosen = []
    for lst in options.by_objective.values():
        for option in lst:
            if fits(option, free, named, guards):
                free -= option.packed
                named ^= option.named
                chosen.append(option)
                break
    return sum(o.points for o in chosen), chosen


def _negated_value(item: tuple[float, Option]) -> float:
    return -item[0]


class Search(Position):
    """Branch and bound over the objectives, with a local search (see the module docstring).

    `best` and `best_chosen` always hold a valid answer of the current (sub)problem: the
    search can be stopped at any node (`LimitReachedError`) and still answer.
    """

    def __init__(
        self,
        options: Options,
        schedule: Schedule,
        deadline: float | None,
        max_nodes: int | None,
    ) -> None:
        """The search of `options`; `deadline` (`time.perf_counter`) and `max_nodes` stop it."""
        best, best_chosen = _greedy(options)
        super().__init__(options, best)
        self.best, self.best_chosen = best, best_chosen
        self.schedule = schedule
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.nodes = 0
        """The nodes visited so far."""
        self.budget_end: int | None = None
        self.chosen: list[Option] = []
        self.seen: dict[tuple[int, int, int], int] = {}
        self.dynamic = True
        self.upper = math.floor(self.root_bound + EPSILON)
        """A bound on the best answer (the best answer itself once proven)."""

    def _count(self, nodes: int = 1) -> None:
        # Counts the work done; stops the search at the node limit or the deadline.
        self.nodes += nodes
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise LimitReachedError
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise LimitReachedError
        if self.budget_end is not None and self.nodes > self.budget_end:
            raise _BudgetSpentError

    def solve(self) -> bool:
        """Finds the best answer (`best`, `best_chosen`) and sets `upper`, a bound on it.

        Whether the answer is proven optimal (`best == upper`); False when stopped early.
        """
        self.upper = math.floor(self.root_bound + EPSILON)
        levels = range(len(self.all_lists))
        ways, first_budget = self.schedule.ways, self.schedule.first_budget
        # Two ways to branch: on whatever has the fewest children, or on the objectives
        # in a fixed order (the highest best Lagrangian value first). Each is sometimes
        # far faster than the other: they take turns, the first with half the nodes.
        order = sorted(levels, key=lambda j: -self.all_reduced[j][0][0])
        orders = [(order, dynamic) for dynamic, _ in ways]
        self.seens: list[dict[tuple[int, int, int], int]] = [{} for _ in orders]
        self.seen_target = self.upper
        try:
            # A short turn first, aiming at the bound: many collections are proven in it.
            self._passes(orders, first_budget, 1, 1)
            if self.best < self.upper:
                self._improve(self.upper)
            # The local search's answer is mostly the optimum or close to it: now any
            # better answer will do.
            self._passes(orders, 2 * first_budget, None, self.upper)
        except LimitReachedError:
            return False
        return True

    def _passes(
        self, orders: list[tuple[list[int], bool]], budget: int, rounds: int | None, step: int
    ) -> None:
        # Passes of the branch and bound until the answer is proven (or `rounds` turns
        # of the orders were cut by their budget, which doubles at each turn).
        ways = self.schedule.ways
        while self.best < self.upper and rounds != 0:
            # Look for an answer of at least `target` only: when none exists, that
            # proves a bound (and the next pass looks further down).
            target = max(self.best + 1, self.upper - step + 1)
            if target < self.seen_target:  # the tables hold what a higher target cut
                self.seens = [{} for _ in orders]
            self.seen_target = target
            found = None
            for (order, dynamic), seen, (_, share) in zip(orders, self.seens, ways, strict=True):
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
            for size in self.schedule.neighbourhoods:
                for subset in combinations(range(levels), size):
                    if self._resolve(subset):
                        improved = True
                        if self.best >= goal:
                            return

    def _resolve(self, subset: tuple[int, ...]) -> bool:
        """Re-solves the objectives of `subset` exactly, the others' options kept."""
        mine = {self.all_lists[j][0].objective for j in subset}
        kept = [o for o in self.best_chosen if o.objective not in mine]
        part = [o for o in self.best_chosen if o.objective in mine]
        score, base = self.best, sum(o.points for o in part)
        for option in kept:
            self.take(option, 1)
            self.price_left -= self.cost(option.use)
        self.levels(subset)
        self.best, self.best_chosen, self.seen = base, part, {}
        try:
            self.run()
        finally:
            improved = self.best > base
            self.best, self.best_chosen = score - base + self.best, kept + self.best_chosen
            self.levels(range(len(self.all_lists)))
            for option in kept:
                self.take(option, -1)
                self.price_left += self.cost(option.use)
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
        self.levels(order)
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
        goal = self.best + 1 - EPSILON
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
                    self.take(option, 1)
                    cost = option.points - value
                    self.price_left -= cost
                    child = list(hints)
                    points = score + option.points
                    if points + self.bound(level + 1, child, goal - points) >= goal:
                        self.chosen.append(option)
                        self.run(level + 1, points, child)
                        self.chosen.pop()
                        goal = self.best + 1 - EPSILON
                    self.price_left += cost
                    self.take(option, -1)
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
        the options left, which all fit (by reduced value, and by points), and the
        objective's level or the children; None when no answer here reaches the goal.
        """
        free, named, guards = self.free, self.named, self.guards
        all_reduced = self.reduced
        end = len(all_reduced)
        # The first option that fits of each objective left, and its reduced value.
        firsts, tops = [], []
        for j in range(level, end):
            k, top = 0, 0.0
            for value, option in all_reduced[j]:
                # `fits`, inlined (hot)
                if not option.named & named and (free - option.packed) & guards == guards:
                    if value > 0:
                        top = value
                        slack += value
                    break
                k += 1
            firsts.append(k)
            tops.append(top)
        if slack < 0:
            return None
        mask = GUARD_BIT - 1
        forced = 0  # the fields of the values whose free cards must all be used
        forced_slots = []
        if self.dynamic:
            for price, slot in self.by_price:
                if price <= slack + EPSILON:
                    break
                if free >> (FIELD * slot) & mask:
                    forced |= mask << (FIELD * slot)
                    forced_slots.append(slot)
        cover = [0] * self.slots
        fewest, best = math.inf, level
        reduced, lists = [], []
        for i, j in enumerate(range(level, end)):
            least = tops[i] - slack
            # The options within the slack that fit (`fits`, inlined: hot). Reduced
            # values decrease.
            red = all_reduced[j]
            if not red or red[-1][0] >= least:
                cut = len(red)
            else:
                cut = bisect_right(red, -least, firsts[i], key=_negated_value)
            here = [
                item
                for item in red[firsts[i] : cut]
                if not item[1].named & named and (free - item[1].packed) & guards == guards
            ]
            if forced:
                for _, option in here:
                    if option.packed & forced:
                        for slot, _ in option.use:
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
            if option.packed >> (FIELD * chosen) & mask
        ]
        return reduced, lists, children

    def _branch(self, level: int, score: int, hints: list[int], goal: float) -> None:
        # Each option of the objective at `level` that may reach `goal`, then none. Every
        # option left fits (`_narrow` kept only those, and each child gives its cards
        # back). Options come by reduced value, so the Lagrangian bound of taking one
        # (score + its reduced value + `rest`) only decreases along the list.
        rest = self.lagrangian(level + 1, hints)
        bound, chosen = self.bound, self.chosen
        # A child already explored with as many points is skipped before its bound.
        remaining = relevant = 0
        ids, named_at, seen = self.ids, self.named_at, self.seen
        for j in range(level + 1, len(ids)):
            remaining |= ids[j]
            relevant |= named_at[j]
        for value, option in self.reduced[level]:
            if score + value + rest < goal:
                break
            points = option.points
            self.free -= option.packed
            self.named ^= option.named
            cost = points - value  # the prices of its cards
            self.price_left -= cost
            child = list(hints)
            if seen.get((remaining, self.free, self.named & relevant), -1) >= score + points:
                self._count()  # explored: counted as the node it was, without its bound
            elif score + points + bound(level + 1, child, goal - score - points) >= goal:
                chosen.append(option)
                self.run(level + 1, score + points, child)
                chosen.pop()
                goal = self.best + 1 - EPSILON
            self.price_left += cost
            self.free += option.packed
            self.named ^= option.named
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
        best_alone = 0 if alone is None else alone.points
        if alone is not None and score + best_alone > self.best:
            self.best, self.best_chosen = score + best_alone, [*self.chosen, alone]
        second = next((v for v, o in self.reduced[level + 1] if v <= 0 or self.feasible(o)), 0.0)
        rest = score + self.price_left + max(second, 0.0)
        for value, option in firsts:
            if rest + value < self.best + 1 - EPSILON:
                break
            if score + option.points + best_alone <= self.best or not self.feasible(option):
                continue
            self._count()
            self.take(option, 1)
            total, picked = score + option.points, [option]
            for other in seconds:
                if total + other.points <= self.best:
                    break
                if self.feasible(other):
                    total += other.points
                    picked.append(other)
                    break
            self.take(option, -1)
            if total > self.best:
                self.best, self.best_chosen = total, [*self.chosen, *picked]
