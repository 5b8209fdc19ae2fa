"""The combination finder: what a collection can validate, and the best way to validate it.

A *combination* is an objective plus the exact cards that satisfy it (see
`numrules.numstop.objectives`); its score depends on those two only.

- `find_combinations(collection, objectives)` lists every combination of the collection,
  in a deterministic order (scorecard order, then the cards in canonical order).
- `best_validation(collection, objectives)` (in `numrules.numstop.strategy.optimum`) picks
  card-disjoint combinations, at most one per objective, with the highest total score.

The finder generates combinations from the cards grouped by value and by family, never
by testing subsets of the collection.
"""

from __future__ import annotations

import collections
import functools
import threading
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, product

import attrs

from numrules.core.cards import (
    CLASSIC_FAMILIES,
    FAMILIES,
    MAX_VALUE,
    Family,
    FamilyCard,
    NumCard,
    family_cards,
)
from numrules.core.errors import NumrulesError
from numrules.numstop.config import Config
from numrules.numstop.objectives import (
    OBJECTIVES,
    SAME_VALUE,
    STRAIGHTS,
    Objective,
    combination_points,
)

FLUSH_FAMILIES: tuple[Family, ...] = (*CLASSIC_FAMILIES, Family.RAINBOW)
"""The families a flush or a straight flush can be made of (every family but SHADOW)."""

_DEFAULT_CONFIG = Config()


class CollectionError(NumrulesError, ValueError):
    """A collection passed to the finder holds something other than distinct family cards."""


@attrs.frozen(slots=True)
class Combination:
    """An objective, the exact cards that satisfy it (canonical order), and its score."""

    objective: Objective
    cards: tuple[FamilyCard, ...]
    points: int

    def __str__(self) -> str:
        return f"{self.objective.value} {' '.join(map(str, self.cards))} ({self.points})"


# Inside the finder a family card is its *rank*: its position in canonical order
# (`num_card_key`: family, then value). Sorting ranks sorts cards canonically.
_SPAN = MAX_VALUE + 1
_SHADOW_RANK = FAMILIES.index(Family.SHADOW) * _SPAN
_CARDS: tuple[FamilyCard, ...] = family_cards(FAMILIES, range(_SPAN))
_RANK: dict[NumCard, int] = {card: rank for rank, card in enumerate(_CARDS)}


@attrs.frozen(slots=True)
class _Ranks:
    """A collection sorted for the finder (as ranks): by value, by family, its Shadows."""

    by_value: tuple[tuple[int, ...], ...]
    """Non-Shadow cards of each value 0..max_value."""
    by_family: tuple[tuple[int, ...], ...]
    """Non-Shadow cards of each flush family (`FLUSH_FAMILIES` order), by ascending value."""
    shadows: tuple[int, ...]
    """The Shadows, by ascending value."""
    max_value: int


def _ranks(collection: Iterable[NumCard], max_value: int) -> _Ranks:
    ranks = []
    for card in collection:
        if type(card) is not FamilyCard or card.value > max_value:
            raise CollectionError(f"{card!r} cannot be in a Num Stop collection")
        ranks.append(_RANK[card])
    if len(set(ranks)) != len(ranks):
        raise CollectionError("a collection holds each card at most once")
    ranks.sort()
    by_value: list[list[int]] = [[] for _ in range(max_value + 1)]
    for rank in ranks:
        if rank < _SHADOW_RANK:
            by_value[rank % _SPAN].append(rank)
    by_family = tuple(
        tuple(r for r in ranks if r // _SPAN == f) for f in range(len(FLUSH_FAMILIES))
    )
    shadows = tuple(r for r in ranks if r >= _SHADOW_RANK)
    return _Ranks(tuple(map(tuple, by_value)), by_family, shadows, max_value)


Group = tuple[int, ...]
Sets = tuple[tuple[Objective, tuple[FamilyCard, ...]], ...]


def _with_wild(groups: Iterable[Group], shadows: Sequence[int]) -> Iterator[Group]:
    for group in groups:
        for shadow in shadows:
            yield (*group, shadow)


def _merge(left: Iterable[Group], right: Iterable[Group]) -> Iterator[Group]:
    rights = list(right)
    for group in left:
        for other in rights:
            yield group + other


def _same_value(cards: _Ranks, objective: Objective) -> Iterator[Group]:
    sizes = SAME_VALUE[objective]
    shadows = cards.shadows
    present = [group for group in cards.by_value if group]
    if len(sizes) == 1:
        size = sizes[0]
        for group in present:
            yield from combinations(group, size)
            if shadows:
                yield from _with_wild(combinations(group, size - 1), shadows)
        return
    two_pairs = sizes == (2, 2)  # else a full house (2, 3)
    for v, w in product(present, present):
        if v is w:
            continue
        if two_pairs:  # natural once (v < w); a pair of v, a single w and the wild
            if v[0] < w[0]:
                yield from _merge(combinations(v, 2), combinations(w, 2))
            if shadows:
                yield from _with_wild(_merge(combinations(v, 2), combinations(w, 1)), shadows)
            continue
        # Three of v + two of w; the wild completes the three or one of two pairs.
        yield from _merge(combinations(v, 3), combinations(w, 2))
        if shadows:
            yield from _with_wild(_merge(combinations(v, 3), combinations(w, 1)), shadows)
            if v[0] < w[0]:
                pairs = _merge(combinations(v, 2), combinations(w, 2))
                yield from _with_wild(pairs, shadows)


@functools.cache
def wild_value_sets(length: int, max_value: int) -> tuple[tuple[int, ...], ...]:
    """The value sets a wild completes into `length` consecutive values within 0..max_value.

    Each is `length - 1` distinct ascending values spanning at most `length - 1`.
    """
    found: dict[tuple[int, ...], None] = {}
    for start in range(max_value - length + 2):
        window = range(start, start + length)
        for missing in window:
            found[tuple(v for v in window if v != missing)] = None
    return tuple(sorted(found))


def _straights(
    by_value: Sequence[Group], length: int, shadows: Sequence[int], max_value: int
) -> Iterator[Group]:
    for start in range(max_value - length + 2):
        groups = by_value[start : start + length]
        if all(groups):
            yield from product(*groups)
    if shadows:
        for values in wild_value_sets(length, max_value):
            groups = [by_value[v] for v in values]
            if all(groups):
                yield from _with_wild(product(*groups), shadows)


def _straight_flushes(cards: _Ranks, length: int) -> Iterator[Group]:
    for family in cards.by_family:
        if len(family) + bool(cards.shadows) >= length:
            by_value: list[Group] = [() for _ in range(cards.max_value + 1)]
            for rank in family:
                by_value[rank % _SPAN] = (rank,)
            yield from _straights(by_value, length, cards.shadows, cards.max_value)


def _flushes(cards: _Ranks, size: int) -> Iterator[Group]:
    for family in cards.by_family:
        yield from combinations(family, size)
        if cards.shadows:
            yield from _with_wild(combinations(family, size - 1), cards.shadows)


def _shadow_straights(cards: _Ranks, length: int) -> Iterator[Group]:
    if not cards.shadows:
        return
    groups = [
        (*group, *(r for r in cards.shadows if r % _SPAN == value))
        for value, group in enumerate(cards.by_value)
    ]
    for start in range(cards.max_value - length + 2):
        window = groups[start : start + length]
        if all(window):
            for combo in product(*window):
                if max(combo) >= _SHADOW_RANK:
                    yield combo


def _generate(cards: _Ranks, objective: Objective) -> Iterator[Group]:
    """Every combination of `objective` (each card set once), as ranks in any order."""
    if objective in SAME_VALUE:
        return _same_value(cards, objective)
    if objective is Objective.FLUSH:
        return _flushes(cards, objective.size)
    if objective is Objective.STRAIGHT_FLUSH:
        return _straight_flushes(cards, objective.size)
    if objective is Objective.SHADOW_STRAIGHT:
        return _shadow_straights(cards, objective.size)
    return _straights(cards.by_value, STRAIGHTS[objective], cards.shadows, cards.max_value)


def combination_sets(
    collection: Iterable[NumCard],
    objectives: Iterable[Objective] = OBJECTIVES,
    max_value: int = MAX_VALUE,
) -> Sets:
    """Every (objective, cards) combination of `collection`, in `find_combinations` order.

    Raises:
        CollectionError: the collection holds a card twice, or a card that is not a family
            card of values 0..max_value.

    """
    cards = tuple(collection)
    return _cached_sets(cards, wanted_objectives(objectives), max_value)


def wanted_objectives(objectives: Iterable[Objective]) -> frozenset[Objective]:
    """The objectives asked for, read once (an iterator will do), checked.

    Raises:
        CollectionError: `objectives` is not an iterable of `Objective` members.

    """
    try:
        wanted = frozenset(objectives)
    except TypeError:
        raise CollectionError("objectives must be an iterable of Objective members") from None
    if not all(type(o) is Objective for o in wanted):
        raise CollectionError("objectives must be an iterable of Objective members")
    return wanted


_CACHE_BYTES = 4 << 20
"""What the finder's cache may hold at most (estimated, see `_set_bytes`): 4 MiB."""
_cache: collections.OrderedDict[
    tuple[tuple[NumCard, ...], frozenset[Objective], int], tuple[Sets, int]
] = collections.OrderedDict()
"""Recent answers (least recently used first) and their estimated sizes."""
_cache_bytes = 0
_cache_lock = threading.Lock()


def _set_bytes(found: Sets) -> int:
    # The memory of an answer, cards excepted (they are shared), slightly overestimated:
    # the outer tuple, then per combination its (objective, cards) pair and its cards.
    return 56 + sum(120 + 8 * len(cards) for _, cards in found)


def _cached_sets(
    collection: tuple[NumCard, ...], wanted: frozenset[Objective], max_value: int
) -> Sets:
    # Validation asks again for the same collection at every step: keep recent answers,
    # least recently used first out, within _CACHE_BYTES (a larger answer is not kept).
    global _cache_bytes  # noqa: PLW0603
    key = (collection, wanted, max_value)
    with _cache_lock:
        entry = _cache.get(key)
        if entry is not None:
            _cache.move_to_end(key)
            return entry[0]
    found = _find_sets(collection, wanted, max_value)
    size = _set_bytes(found)
    if size <= _CACHE_BYTES:
        with _cache_lock:
            if key not in _cache:
                while _cache_bytes + size > _CACHE_BYTES:
                    _cache_bytes -= _cache.popitem(last=False)[1][1]
                _cache[key] = (found, size)
                _cache_bytes += size
    return found


def _find_sets(
    collection: tuple[NumCard, ...], wanted: frozenset[Objective], max_value: int
) -> Sets:
    ranks = _ranks(collection, max_value)
    out: list[tuple[Objective, tuple[FamilyCard, ...]]] = []
    for objective in OBJECTIVES:
        if objective in wanted:
            found = sorted({tuple(sorted(combo)) for combo in _generate(ranks, objective)})
            out += [(objective, tuple(_CARDS[r] for r in combo)) for combo in found]
    return tuple(out)


def find_combinations(
    collection: Iterable[NumCard],
    objectives: Iterable[Objective] = OBJECTIVES,
    config: Config = _DEFAULT_CONFIG,
) -> tuple[Combination, ...]:
    """Every combination `collection` holds for `objectives`, with its score.

    Each combination appears once (a combination is its objective and its card set),
    in scorecard order, then by cards in canonical order. Scores follow `config`
    (bonuses, wild points, value range): the standard table by default.

    Raises:
        CollectionError: the collection holds a card twice, or a card that is not a family
            card of the game.

    """
    bonuses, wild = config.bonuses, config.wild_points
    return tuple(
        Combination(objective, cards, combination_points(objective, cards, bonuses, wild))
        for objective, cards in combination_sets(collection, objectives, config.max_value)
    )
