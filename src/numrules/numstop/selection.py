"""Stepwise validation: which cards can still complete a combination, without listing any.

In the validation phase a seat aims at an open objective, then picks the cards of the
combination one at a time. A card is offered only if the cards picked so far plus that
card are part of at least one valid combination of the objective within the seat's
unused collection (`can_complete`). The test reasons per kind of objective on counts
(cards per value, per family, the Shadows), so it costs about the number of values, not
the number of combinations (a 102-card collection holds millions of them).

`combination_actions(seat, combination)` turns a chosen `Combination` (from
`find_combinations` or `best_validation`) into the actions that play it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import permutations

from numrules.core.cards import Family, FamilyCard, num_card_key
from numrules.numstop.actions import Aim, Pick
from numrules.numstop.combinations import FLUSH_FAMILIES, Combination
from numrules.numstop.objectives import SAME_VALUE, SIZES, Objective

_SHADOW = Family.SHADOW


class _Pool:
    """The seat's unused collection (picked cards included), counted for the tests.

    Sets of values are bit masks (bit `v` for value `v`), so a window of values is
    tested with a shift, a mask and a bit count.
    """

    __slots__ = (
        "by_value",
        "families",
        "max_value",
        "naturals",
        "ranked",
        "shadowed",
        "shadows",
        "values",
    )

    def __init__(self, cards: Iterable[FamilyCard], max_value: int) -> None:
        self.max_value = max_value
        self.by_value = by_value = [0] * (max_value + 1)  # non-Shadow cards of each value
        families: dict[Family, int] = {}
        values = naturals = shadowed = shadows = 0
        for card in cards:
            bit = 1 << card.value
            values |= bit
            family = card.family
            if family is _SHADOW:
                shadows += 1
                shadowed |= bit
            else:
                by_value[card.value] += 1
                naturals |= bit
                families[family] = families.get(family, 0) | bit
        self.families = families  # the values held in each flush family
        self.values = values  # the values held (Shadows too)
        self.shadowed = shadowed  # the values of the Shadows held
        self.shadows = shadows
        self.naturals = naturals  # the values held by non-Shadow cards
        # The (count, value) of every value held, most cards first: groups of one value
        # look for the largest counts among the values not picked.
        self.ranked = sorted(((a, v) for v, a in enumerate(by_value) if a), reverse=True)


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
    free = [a for a, v in pool.ranked if v not in counts][: groups - len(counts)]
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


def can_complete(
    objective: Objective,
    picked: Sequence[FamilyCard],
    collection: Iterable[FamilyCard],
    max_value: int,
) -> bool:
    """Whether `picked` is part of at least one combination of `objective` in `collection`.

    `collection` is the seat's unused collection, the picked cards included; all are
    distinct family cards of values 0..max_value. With nothing picked: whether the
    collection holds a combination of `objective` at all.
    """
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


def completing_cards(
    objective: Objective,
    picked: Sequence[FamilyCard],
    collection: Sequence[FamilyCard],
    max_value: int,
) -> tuple[FamilyCard, ...]:
    """The unpicked cards of `collection` that, added to `picked`, can still complete.

    In canonical order. `collection` is the unused collection, picked cards included.
    Cards that play the same part (same value, same family...) are tested once.
    """
    pool = _Pool(collection, max_value)
    chosen = set(picked)
    known: dict[tuple[Family, int], bool] = {}
    out = []
    for card in sorted(collection, key=num_card_key):
        if card in chosen:
            continue
        key = _role(objective, card)
        ok = known.get(key)
        if ok is None:
            ok = known[key] = _possible(objective, (*picked, card), pool)
        if ok:
            out.append(card)
    return tuple(out)


def _role(objective: Objective, card: FamilyCard) -> tuple[Family, int]:
    # Two cards with the same role are interchangeable in the test: a Shadow is a wild
    # (any Shadow) except in the Shadow straight; only the value matters to groups of one
    # value and to straights, only the family to flushes.
    family, value = card.family, card.value
    if objective is Objective.SHADOW_STRAIGHT:
        return (family if family is _SHADOW else Family.RED, value)
    if family is _SHADOW:
        return (_SHADOW, 0)
    if objective is Objective.FLUSH:
        return (family, 0)
    if objective is Objective.STRAIGHT_FLUSH:
        return (family, value)
    return (Family.RED, value)


def combination_actions(seat: int, combination: Combination) -> tuple[Aim | Pick, ...]:
    """The actions that make `seat` validate `combination` during its validation.

    Aim at the objective, then pick its cards in canonical order; the last pick validates
    the combination. `combination` is a `Combination` (from `find_combinations` or
    `best_validation`); its points are not read. The actions are legal in turn from the
    seat's validation decision, if the objective is open and the cards are unused
    collection cards.
    """
    cards = sorted(combination.cards, key=num_card_key)
    return (Aim(seat, combination.objective), *(Pick(seat, card) for card in cards))
