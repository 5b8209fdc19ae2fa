"""Stepwise validation: which cards can still complete a combination, without listing any.

In the validation phase a seat decides its open objectives one at a time, in
`DECISION_ORDER` (the rarest first), and validates an objective by picking the cards
of one combination in canonical order (`num_card_key`). A card is offered only if the
cards picked so far plus that card are the first cards, in canonical order, of at least
one valid combination of the objective within the seat's unused collection: the other
cards of that combination all come after it (`can_complete`, `completing_cards`). So
each combination is picked in exactly one order, and every offered card leads to a
combination. The test reasons per kind of objective on counts (cards per value, per
family, the Shadows), so it costs about the number of values, not the number of
combinations (a 102-card collection holds millions of them).

`combination_actions(seat, combination)` turns a chosen `Combination` (from
`find_combinations` or `best_validation`) into the picks that play it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import pairwise, permutations

from numrules.core.cards import Family, FamilyCard, num_card_key
from numrules.numstop.actions import Pick
from numrules.numstop.combinations import FLUSH_FAMILIES, Combination
from numrules.numstop.objectives import SAME_VALUE, SIZES, Objective

_SHADOW = Family.SHADOW


class _Pool:
    """A set of the seat's unused cards (picked cards included), counted for the tests.

    Sets of values are bit masks (bit `v` for value `v`), so a window of values is
    tested with a shift, a mask and a bit count. Cards are added one at a time, so the
    pool of the cards after a candidate grows from the highest card down.
    """

    __slots__ = (
        "by_value",
        "families",
        "max_value",
        "naturals",
        "shadowed",
        "shadows",
        "size",
        "values",
    )

    def __init__(self, cards: Iterable[FamilyCard], max_value: int) -> None:
        self.max_value = max_value
        self.by_value = [0] * (max_value + 1)  # non-Shadow cards of each value
        self.families: dict[Family, int] = {}  # the values held in each flush family
        self.values = 0  # the values held (Shadows too)
        self.shadowed = 0  # the values of the Shadows held
        self.shadows = 0
        self.naturals = 0  # the values held by non-Shadow cards
        self.size = 0
        for card in cards:
            self.add(card)

    def add(self, card: FamilyCard) -> None:
        """Count one more card (not counted yet)."""
        bit = 1 << card.value
        self.values |= bit
        self.size += 1
        family = card.family
        if family is _SHADOW:
            self.shadows += 1
            self.shadowed |= bit
        else:
            self.by_value[card.value] += 1
            self.naturals |= bit
            self.families[family] = self.families.get(family, 0) | bit


def _split(cards: Sequence[FamilyCard]) -> tuple[list[FamilyCard], int]:
    naturals = [c for c in cards if c.family is not _SHADOW]
    return naturals, len(cards) - len(naturals)


@cache
def _wild_options(sizes: tuple[int, ...], wilds: int, shadows: bool) -> tuple[tuple[int, ...], ...]:
    # The natural cards each group needs: no wild, or the wild in one group.
    with_wild = tuple(tuple(z - (g == i) for g, z in enumerate(sizes)) for i in range(len(sizes)))
    if wilds == 1:
        return with_wild
    return (sizes, *with_wild) if shadows else (sizes,)


def _same_value(objective: Objective, picked: Sequence[FamilyCard], pool: _Pool) -> bool:
    sizes = SAME_VALUE[objective]
    counts: dict[int, int] = {}
    wilds = 0
    for card in picked:
        if card.family is _SHADOW:
            wilds += 1
        else:
            counts[card.value] = counts.get(card.value, 0) + 1
    groups = len(sizes)
    if len(counts) > groups:
        return False
    available = pool.by_value
    # The counts of the values not picked, most first (only as many as there are groups
    # to fill): the k-th largest group left needs the k-th largest of these.
    free = sorted((a for v, a in enumerate(available) if a and v not in counts), reverse=True)
    free = free[: groups - len(counts)]
    picked_counts = tuple(counts.items())
    for needs in _wild_options(sizes, wilds, pool.shadows > 0):
        for order in _ORDERS[groups]:
            # The picked values fill the first groups of `order`, free values the others.
            fits = True
            for (v, n), g in zip(picked_counts, order, strict=False):
                if not n <= needs[g] <= available[v]:
                    fits = False
                    break
            if not fits:
                continue
            rest = sorted((needs[g] for g in order[len(counts) :]), reverse=True)
            if len(rest) <= len(free) and all(f >= n for f, n in zip(free, rest, strict=False)):
                return True
    return False


_ORDERS = {
    groups: tuple(permutations(range(groups))) for groups in {*map(len, SAME_VALUE.values())}
}
# Every order in which the groups of a same-value objective can be filled.


def _straight(
    picked: Sequence[FamilyCard], pool: _Pool, length: int, family: Family | None
) -> bool:
    naturals, wilds = _split(picked)
    values = {c.value for c in naturals}
    if len(values) != len(naturals):
        return False
    if family is not None and any(c.family is not family for c in naturals):
        return False
    held = pool.naturals if family is None else pool.families.get(family, 0)
    # The windows [start, start + length) of values 0..max_value that hold every picked value.
    low = max(values) - length + 1 if values else 0
    high = min(values) if values else pool.max_value
    # One missing value is filled by a Shadow: a window needs length - 1 values held.
    needed = length - 1 if wilds or pool.shadows else length
    window = (1 << length) - 1
    for start in range(max(low, 0), min(high, pool.max_value - length + 1) + 1):
        if ((held >> start) & window).bit_count() >= needed:
            return True
    return False


def _flush(picked: Sequence[FamilyCard], pool: _Pool, family: Family) -> bool:
    naturals, wilds = _split(picked)
    if any(c.family is not family for c in naturals):
        return False
    count = pool.families.get(family, 0).bit_count()
    if wilds:
        return count >= 4
    return count >= 5 or (count >= 4 and pool.shadows > 0)


def _shadow_straight(picked: Sequence[FamilyCard], pool: _Pool) -> bool:
    mask = 0
    for card in picked:
        mask |= 1 << card.value
    if mask.bit_count() != len(picked):
        return False
    has_shadow = any(c.family is _SHADOW for c in picked)
    values, shadowed = pool.values, pool.shadowed
    for start in range(pool.max_value - 1):
        window = 7 << start  # the values start, start + 1, start + 2
        if mask & ~window or values & window != window:
            continue
        if has_shadow or shadowed & window & ~mask:
            return True
    return False


def _families(picked: Sequence[FamilyCard]) -> tuple[Family, ...]:
    # The flush families a picked set allows: that of its natural cards, or any.
    naturals = [c.family for c in picked if c.family is not _SHADOW]
    return (naturals[0],) if naturals else FLUSH_FAMILIES


def _possible(objective: Objective, picked: Sequence[FamilyCard], pool: _Pool) -> bool:
    # Whether `picked` (cards of the pool) is part of a combination of `objective` in it.
    if len(picked) > SIZES[objective]:
        return False
    if objective is Objective.SHADOW_STRAIGHT:
        return _shadow_straight(picked, pool)
    if len(picked) > 1 and sum(c.family is _SHADOW for c in picked) > 1:
        return False
    if objective in SAME_VALUE:
        return _same_value(objective, picked, pool)
    if objective is Objective.FLUSH:
        return any(_flush(picked, pool, family) for family in _families(picked))
    if objective is Objective.STRAIGHT_FLUSH:
        size = SIZES[objective]
        return any(_straight(picked, pool, size, family) for family in _families(picked))
    return _straight(picked, pool, SIZES[objective], None)


def _in_order(cards: Sequence[FamilyCard]) -> bool:
    keys = [num_card_key(c) for c in cards]
    return all(a < b for a, b in pairwise(keys))


def can_complete(
    objective: Objective,
    picked: Sequence[FamilyCard],
    collection: Iterable[FamilyCard],
    max_value: int,
) -> bool:
    """Whether `picked` begins a combination of `objective` in `collection`, in order.

    True when `picked` is in canonical order and is the start, in canonical order, of at
    least one combination of `objective` whose other cards are cards of `collection`
    after the last picked card. `collection` is the seat's unused collection, the picked
    cards included; all are distinct family cards of values 0..max_value. With nothing
    picked: whether the collection holds a combination of `objective` at all.
    """
    if not _in_order(picked):
        return False
    if picked:
        last, chosen = num_card_key(picked[-1]), set(picked)
        collection = [c for c in collection if c in chosen or num_card_key(c) > last]
    return _possible(objective, picked, _Pool(collection, max_value))


def completable(
    objectives: Iterable[Objective], collection: Iterable[FamilyCard], max_value: int
) -> list[Objective]:
    """The objectives of `objectives` that `collection` holds a combination of, in order.

    `can_complete` with nothing picked, for several objectives at once (the collection
    is counted once).
    """
    pool = _Pool(collection, max_value)
    return [objective for objective in objectives if _possible(objective, (), pool)]


def first_completable(
    objectives: Iterable[Objective], collection: Iterable[FamilyCard], max_value: int
) -> Objective | None:
    """The first objective of `objectives` that `collection` holds a combination of."""
    pool = _Pool(collection, max_value)
    return next((o for o in objectives if _possible(o, (), pool)), None)


def completing_cards(
    objective: Objective,
    picked: Sequence[FamilyCard],
    collection: Iterable[FamilyCard],
    max_value: int,
) -> tuple[FamilyCard, ...]:
    """The cards of `collection` that may be picked next for `objective`, in canonical order.

    The unpicked cards after the last picked one (in canonical order) with which
    `picked` still begins a combination completed by later cards (`can_complete`).
    `collection` is the unused collection, picked cards included; `picked` is in
    canonical order. With nothing picked: the first cards of the combinations.
    """
    last = num_card_key(picked[-1]) if picked else None
    chosen = set(picked)
    later = sorted(
        (c for c in collection if c not in chosen and (last is None or num_card_key(c) > last)),
        key=num_card_key,
        reverse=True,
    )
    # From the highest card down, the pool holds the picked cards, the candidate and
    # every card after it: exactly what may complete a combination begun by them.
    pool = _Pool(picked, max_value)
    size = SIZES[objective]
    out = []
    for card in later:
        pool.add(card)
        if pool.size >= size and _possible(objective, (*picked, card), pool):
            out.append(card)
    out.reverse()
    return tuple(out)


def combination_actions(seat: int, combination: Combination) -> tuple[Pick, ...]:
    """The picks that make `seat` validate `combination` during its validation.

    One pick per card, in canonical order; the last one validates the combination. They
    are legal in a row from the decision of the combination's objective (it is the
    objective under decision and the cards are unused collection cards). To validate
    several card-disjoint combinations, play them in `DECISION_ORDER` of their
    objectives, passing the objectives between them (`find_combinations` and
    `best_validation` list them in scorecard order). `combination` is a `Combination`
    (from `find_combinations` or `best_validation`); its points are not read.
    """
    return tuple(Pick(seat, card) for card in sorted(combination.cards, key=num_card_key))
