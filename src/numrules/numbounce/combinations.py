"""Combinations: their value, and every combination a hand can lay on a reference.

A combination is one or more cards of one value, families mixed; an INFINITY takes the
value of the other cards. A combination made only of INFINITY cards has no value
(`None` here): it outranks every value. Its *type* is its number of cards.

Every combination is a tuple of distinct cards in canonical order (`num_card_key`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from operator import itemgetter

from numrules.core.cards import FamilyCard, NumCard, Special, SpecialCard
from numrules.numbounce.cards import RANK, RANK_BY_ID

MIXED = -1
"""What `value_of` returns for cards that do not form a combination."""

Combination = tuple[NumCard, ...]
Ranked = tuple[int, NumCard]


def value_of(cards: Iterable[NumCard]) -> int | None:
    """The value of a combination: its family cards' common value, None if all INFINITY.

    Returns `MIXED` when the cards are not a combination (two values, or a NUM_X).
    """
    value: int | None = None
    for card in cards:
        if type(card) is FamilyCard:
            if value is None:
                value = card.value
            elif card.value != value:
                return MIXED
        elif type(card) is not SpecialCard or card.kind is not Special.INFINITY:
            return MIXED
    return value


def holds_infinity(cards: Iterable[NumCard]) -> bool:
    """Whether any of `cards` is an INFINITY."""
    return any(type(c) is SpecialCard and c.kind is Special.INFINITY for c in cards)


def combination_key(cards: Sequence[NumCard]) -> tuple[int, ...]:
    """A sort key for combinations: their cards' ranks in canonical order (`num_card_key`)."""
    return tuple(map(RANK.__getitem__, cards))


Pools = tuple[dict[int, tuple[list[int], list[NumCard]]], list[NumCard]]


def _pools(cards: Iterable[NumCard]) -> Pools:
    # The family cards grouped by value, each group as (ranks, cards) in canonical order,
    # and the INFINITY cards in canonical order. One sort by rank orders every group.
    by_id = RANK_BY_ID
    ranked: list[Ranked] = []
    for card in cards:
        rank = by_id.get(id(card))
        ranked.append((RANK[card] if rank is None else rank, card))
    ranked.sort(key=itemgetter(0))
    by_value: dict[int, tuple[list[int], list[NumCard]]] = {}
    infinities: list[NumCard] = []
    for rank, card in ranked:
        if isinstance(card, FamilyCard):
            group = by_value.get(card.value)
            if group is None:
                by_value[card.value] = ([rank], [card])
            else:
                group[0].append(rank)
                group[1].append(card)
        elif card.kind is Special.INFINITY:
            infinities.append(card)
    return by_value, infinities


def openings(hand: Iterable[NumCard]) -> list[Combination]:
    """Every combination `hand` can open a trick with (any value, any size), sorted."""
    by_value, infinities = _pools(hand)
    out: list[Combination] = []
    for _, group in by_value.values():
        pool = group + infinities
        for size in range(1, len(pool) + 1):
            out.extend(c for c in combinations(pool, size) if type(c[0]) is FamilyCard)
    for size in range(1, len(infinities) + 1):
        out.extend(combinations(infinities, size))
    return sorted(out, key=combination_key)


def beating(
    hand: Iterable[NumCard], size: int, value: int | None, reference_has_infinity: bool
) -> list[Combination]:
    """Every combination of `hand` that may be laid on a reference of `size` and `value`, sorted.

    Going up: a higher value (INFINITY cards allowed, an all-INFINITY combination too).
    Going down: a lower value, without INFINITY, and only if the reference holds none.
    Nothing beats a reference without value (`value` None: all INFINITY).
    """
    if value is None:
        return []
    by_value, infinities = _pools(hand)
    # Each block: the combinations that start with one card, made of that card and
    # `size - 1` of the cards after it in its pool. Sorting the blocks by their first
    # card sorts the combinations (all-INFINITY ones come last).
    blocks: list[tuple[int, NumCard, list[NumCard]]] = []
    append = blocks.append
    for v, (ranks, group) in by_value.items():
        if v > value:
            pool = group + infinities
        elif v < value and not reference_has_infinity:
            pool = group
        else:
            continue
        for i in range(min(len(group), len(pool) - size + 1)):
            append((ranks[i], pool[i], pool[i + 1 :]))
    blocks.sort(key=itemgetter(0))
    out: list[Combination] = []
    others = size - 1
    for _, first, rest in blocks:
        if others:
            out.extend((first, *more) for more in combinations(rest, others))
        else:
            out.append((first,))
    out.extend(combinations(infinities, size))
    return out


def beating_with(
    hand: Iterable[NumCard],
    card: NumCard,
    size: int,
    value: int | None,
    reference_has_infinity: bool,
) -> list[Combination]:
    """The combinations of `beating` for `hand` plus `card` that hold `card`, sorted.

    What a seat that just took `card` may lay with it. Only the cards that can share a
    combination with `card` are looked at: those of its value and the INFINITY cards (the
    whole hand when `card` is an INFINITY, which joins any value).
    """
    if type(card) is FamilyCard:
        own = card.value
        pool = [
            c
            for c in hand
            if (type(c) is FamilyCard and c.value == own)
            or (type(c) is SpecialCard and c.kind is Special.INFINITY)
        ]
    else:
        pool = list(hand)
    pool.append(card)
    return [c for c in beating(pool, size, value, reference_has_infinity) if _holds(c, card)]


def _holds(combination: Combination, card: NumCard) -> bool:
    # By identity: `card` itself is in every combination built with it (no __eq__ calls).
    return id(card) in map(id, combination)
