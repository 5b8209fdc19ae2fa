"""Forecast a Stack Attack reveal: the penalty points each seat takes as it resolves.

Once the cards are revealed, the rest of the turn is known except for the decisions
still to be taken (SWITCH targets, BLOCK rows, rows to take or to shield). `Forecast`
plays the reveal out from one seat's point of view: that seat takes each of its own
decisions to minimise its `utility`; the other seats take the cheapest row when they
must take one (fewest penalty points, then fewest cards) and put a SHIELD on the
shortest row, while their SWITCH and BLOCK choices, which nobody can guess, are
averaged over every option. The result is the expected penalty of every seat for
this turn.

The heuristic bot (`numrules.stackattack.strategy.bots`) uses it after the reveal for its
decisions, and before the reveal on guessed cards of the other seats.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from numrules.stackattack.cards import Card, Power
from numrules.stackattack.config import Config
from numrules.stackattack.scoring import penalty_points

Rows = tuple[tuple[Card, ...], ...]
Costs = tuple[float, ...]

SPITE = 0.05
"""How much one point taken by each other seat is worth to the forecasting seat: a
tie-break that prefers, among equally good moves, the one that hurts the others."""


def target_row(rows: Sequence[tuple[Card, ...]], blocked: Sequence[int], card: Card) -> int | None:
    """The open row `card` joins: the highest row end below it (None: below every row)."""
    best, best_end = None, 0
    for r, row in enumerate(rows):
        end = row[-1]
        if best_end < end < card and r not in blocked:
            best, best_end = r, end
    return best


def _mean(results: Sequence[Costs]) -> Costs:
    count = len(results)
    return tuple(sum(column) / count for column in zip(*results, strict=True))


@attrs.frozen(slots=True)
class Forecast:
    """Plays out a reveal as `seat` expects it (see the module docstring)."""

    config: Config
    seat: int
    spite: float = SPITE
    """What one point taken by another seat is worth to `seat` (see `SPITE`)."""

    def utility(self, costs: Costs) -> float:
        """What `seat` minimises: its own points, less `spite` times everyone else's."""
        mine = costs[self.seat]
        return mine - self.spite * (sum(costs) - mine)

    def best(self, results: Sequence[Costs]) -> int:
        """The index of the result `seat` likes best (the first one on a tie)."""
        return min(range(len(results)), key=lambda i: self.utility(results[i]))

    def reveal(
        self,
        rows: Rows,
        held: Sequence[Card | None],
        decreasing: bool = False,
    ) -> Costs:
        """The expected points of each seat for a reveal that has not started resolving.

        `held[s]` is the card seat s revealed.
        """
        power = self.config.power
        actions = tuple(sorted(c for c in held if c is not None and power(c) is not None))
        return self.powers(rows, tuple(held), actions, (), decreasing)

    def powers(
        self,
        rows: Rows,
        held: tuple[Card | None, ...],
        queue: tuple[Card, ...],
        blocked: tuple[int, ...],
        decreasing: bool,
    ) -> Costs:
        """The expected points of each seat from the action stage on.

        `queue` holds the action cards still to act, lowest first.
        """
        for i, card in enumerate(queue):
            power = self.config.power(card)
            if power is Power.SWITCH or power is Power.BLOCK:
                options = self.switch_options if power is Power.SWITCH else self.block_options
                results = options(rows, held, queue[i:], blocked, decreasing)
                return self._decide(held.index(card), list(results.values()))
            if power is Power.DECREASING:
                decreasing = True
        order = tuple(sorted((c for c in held if c is not None), reverse=decreasing))
        return self.placement(rows, held, order, blocked)

    def switch_options(
        self,
        rows: Rows,
        held: tuple[Card | None, ...],
        queue: tuple[Card, ...],
        blocked: tuple[int, ...],
        decreasing: bool,
    ) -> dict[int, Costs]:
        """For the SWITCH at the head of `queue`, the expected points after each target."""
        owner = held.index(queue[0])
        results = {}
        for target in range(len(held)):
            if target == owner:
                continue
            swapped = list(held)
            swapped[owner], swapped[target] = held[target], held[owner]
            results[target] = self.powers(rows, tuple(swapped), queue[1:], blocked, decreasing)
        return results

    def block_options(
        self,
        rows: Rows,
        held: tuple[Card | None, ...],
        queue: tuple[Card, ...],
        blocked: tuple[int, ...],
        decreasing: bool,
    ) -> dict[int, Costs]:
        """For the BLOCK at the head of `queue`, the expected points after each row closed."""
        return {
            r: self.powers(rows, held, queue[1:], (*blocked, r), decreasing)
            for r in range(len(rows))
            if r not in blocked
        }

    def _decide(self, owner: int, results: Sequence[Costs]) -> Costs:
        # The forecasting seat picks its best option; another seat's pick is anyone's guess.
        if owner == self.seat:
            return results[self.best(results)]
        return _mean(results)

    def placement(
        self,
        rows: Rows,
        held: tuple[Card | None, ...],
        order: tuple[Card, ...],
        blocked: tuple[int, ...],
    ) -> Costs:
        """The points of each seat as the cards of `order` are placed, in that order."""
        config = self.config
        penalties, limit, shields = config.penalties, config.row_limit, config.shield
        costs = [0.0] * len(held)
        table = list(rows)
        points = [penalty_points(config, row) for row in rows]  # kept up to date below
        open_rows = [r for r in range(len(rows)) if r not in blocked]
        for i, card in enumerate(order):
            seat = held.index(card)
            shield = card in shields
            row = target_row(table, blocked, card)
            takes = not shield
            if row is None:
                if seat == self.seat:
                    rest = self._own_choice(tuple(table), held, order[i:], blocked)
                    return tuple(c + r for c, r in zip(costs, rest, strict=True))
                if shield:
                    row = min(open_rows, key=lambda r: (len(table[r]), r))
                else:
                    row = min(open_rows, key=lambda r: (points[r], len(table[r]), r))
            else:
                takes = takes and len(table[row]) >= limit
            if takes:
                costs[seat] += points[row]
                table[row], points[row] = (), 0
            table[row] = (*table[row], card)
            points[row] += penalties[card - 1]
        return tuple(costs)

    def _own_choice(
        self,
        rows: Rows,
        held: tuple[Card | None, ...],
        order: tuple[Card, ...],
        blocked: tuple[int, ...],
    ) -> Costs:
        # The forecasting seat's card is below every open row: it takes its best row.
        results = list(self.row_options(rows, held, order, blocked).values())
        return results[self.best(results)]

    def row_options(
        self,
        rows: Rows,
        held: tuple[Card | None, ...],
        order: tuple[Card, ...],
        blocked: tuple[int, ...],
    ) -> dict[int, Costs]:
        """For a card below every open row, the expected points after each row it may take.

        The card is the head of `order`; a SHIELD joins the row instead of taking it.
        """
        card = order[0]
        seat = held.index(card)
        shield = card in self.config.shield
        results = {}
        for r in range(len(rows)):
            if r in blocked:
                continue
            taken = 0 if shield else penalty_points(self.config, rows[r])
            row = (*rows[r], card) if shield else (card,)
            after = (*rows[:r], row, *rows[r + 1 :])
            rest = list(self.placement(after, held, order[1:], blocked))
            rest[seat] += taken
            results[r] = tuple(rest)
        return results
