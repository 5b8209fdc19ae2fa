"""What one objective can take from a collection: its *options*, and whether one still fits.

For the objectives that only care about values (pairs, straights, ...), every combination
with the same values and the same use of a wild scores the same and leaves the same
counts behind, so one option stands for all of them: "two cards of value 12", "one card
each of 3, 4, 5, 6". Flushes and straight flushes name their exact cards (the family
matters), Shadow straights their exact Shadows. An option fits when, at every value, the
cards it takes plus those already taken do not exceed the cards of that value, and its
named cards are still free.

The cards still free are counted per value *slot* (0..max_value, then one slot for the
Shadows) in one int, a field of `FIELD` bits per slot whose top bit is a guard: an option
fits when subtracting its packed use from the packed free counts (guards set) clears no
guard.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, product

import attrs

from numrules.numstop.combinations import (
    _SHADOW_RANK,
    _SPAN,
    _Ranks,
    wild_value_sets,
)
from numrules.numstop.config import Config
from numrules.numstop.objectives import SAME_VALUE, STRAIGHTS, Objective

FIELD = 6
"""The bits of one value slot in a packed count (the top one a guard)."""
GUARD_BIT = 1 << (FIELD - 1)
"""The guard bit of slot 0; `GUARD_BIT - 1` masks a slot's count."""


# Slotted and never changed, but not frozen: a frozen class's __init__ makes the 44,550
# options of all 102 family cards 5% slower to set up (reading a field costs the same).
@attrs.define(slots=True)
class Option:
    """One way for an objective to take cards: what it scores and which cards it takes."""

    points: int
    """What the combination scores."""
    use: tuple[tuple[int, int], ...]
    """(slot, count) of the cards taken per value slot, by slot; the Shadow slot (after
    max_value) counts the Shadows, named and wild alike."""
    named: int
    """The exact cards it names, as a bitmask of ranks."""
    objective: Objective
    """The objective it validates."""
    anonymous: tuple[tuple[int, int], ...]
    """(value, count) of the cards taken of those values, of any non-Shadow family."""
    wilds: int
    """The Shadows it takes as wilds."""
    packed: int
    """`use` packed in one int, `FIELD` bits per slot (see `pack`)."""


def pack(use: Iterable[tuple[int, int]]) -> int:
    """The (slot, count) pairs `use` packed in one int, `FIELD` bits per slot."""
    return sum(count << (FIELD * slot) for slot, count in use)


def guard_bits(slots: int) -> int:
    """The guard bits of the first `slots` slots."""
    return sum(GUARD_BIT << (FIELD * slot) for slot in range(slots))


def fits(option: Option, free: int, named: int, guards: int) -> bool:
    """Whether `option` fits in the packed `free` counts (`guards` set), `named` taken.

    The hot scans of `bounds.Position` and `search.Search` test the same expression
    inline: a call per option there makes hard collections about 7% slower.
    """
    return not option.named & named and (free - option.packed) & guards == guards


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


class Options:
    """Every option of every wanted objective, for one collection."""

    def __init__(self, cards: _Ranks, wanted: Sequence[Objective], config: Config) -> None:
        self.cards = cards
        self.config = config
        self.shadow_slot = cards.max_value + 1
        self.counts = [len(group) for group in cards.by_value] + [len(cards.shadows)]
        """The cards of each value slot (the Shadows last)."""
        self.guards = guard_bits(len(self.counts))
        """The guard bits of every slot."""
        self.free = pack(enumerate(self.counts)) | self.guards
        """`counts` packed, guards set: every card free."""
        self.by_objective: dict[Objective, list[Option]] = {}
        """The options of each objective that has some, by decreasing points."""
        for objective in wanted:
            found: list[Option] = []
            self._generate(objective, found)
            if found:
                found.sort(key=lambda o: -o.points)
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
        out.append(Option(points, use, mask, objective, anonymous, wilds, pack(use)))

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
