"""Combinations: their value, and every combination a hand can lay on a reference.

A combination is one or more cards of one value, families mixed; an INFINITY takes the
value of the other cards. A combination made only of INFINITY cards has no value
(`None` here): it outranks every value. Its *type* is its number of cards.

Every combination is a tuple of distinct cards in canonical order (`num_card_key`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from numrules.core.cards import FamilyCard, NumCard, Special, SpecialCard, num_card_key

MIXED = -1
"""What `value_of` returns for cards that do not form a combination."""

Combination = tuple[NumCard, ...]


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


def combination_key(cards: Sequence[NumCard]) -> tuple[tuple[int, int, int], ...]:
    """A sort key for combinations: their cards' `num_card_key`, in order."""
    return tuple(num_card_key(card) for card in cards)


def _pools(cards: Iterable[NumCard]) -> tuple[dict[int, list[NumCard]], list[NumCard]]:
    # The family cards grouped by value, and the INFINITY cards; all in canonical order.
    by_value: dict[int, list[NumCard]] = {}
    infinities: list[NumCard] = []
    for card in sorted(cards, key=num_card_key):
        if isinstance(card, FamilyCard):
            by_value.setdefault(card.value, []).append(card)
        elif card.kind is Special.INFINITY:
            infinities.append(card)
    return by_value, infinities


def _with_value(pool: list[NumCard], size: int) -> Iterable[Combination]:
    # Combinations of `size` cards of `pool` (family cards of one value, then INFINITY
    # cards) holding at least one family card: exactly those whose first card is one.
    return (c for c in combinations(pool, size) if type(c[0]) is FamilyCard)


def openings(hand: Iterable[NumCard]) -> list[Combination]:
    """Every combination `hand` can open a trick with (any value, any size)."""
    by_value, infinities = _pools(hand)
    out: list[Combination] = []
    for value in sorted(by_value):
        pool = by_value[value] + infinities
        for size in range(1, len(pool) + 1):
            out.extend(_with_value(pool, size))
    for size in range(1, len(infinities) + 1):
        out.extend(combinations(infinities, size))
    return out


def beating(
    hand: Iterable[NumCard], size: int, value: int | None, reference_has_infinity: bool
) -> list[Combination]:
    """Every combination of `hand` that may be laid on a reference of `size` and `value`.

    Going up: a higher value (INFINITY cards allowed, an all-INFINITY combination too).
    Going down: a lower value, without INFINITY, and only if the reference holds none.
    Nothing beats a reference without value (`value` None: all INFINITY).
    """
    if value is None:
        return []
    by_value, infinities = _pools(hand)
    out: list[Combination] = []
    for v in sorted(by_value):
        cards = by_value[v]
        if v > value:
            out.extend(_with_value(cards + infinities, size))
        elif v < value and not reference_has_infinity and len(cards) >= size:
            out.extend(combinations(cards, size))
    out.extend(combinations(infinities, size))
    return out
