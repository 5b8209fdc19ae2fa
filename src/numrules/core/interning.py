"""Build each action object once and share it: tables of interned immutable objects.

Actions are frozen, so two equal actions may be the same object. A game whose actions
come from a small, fixed set (a seat and a card, a seat and a row) keeps them in an
`Interned` table and hands out the same object every time `legal_actions` lists it,
instead of building it again on every call. The table fills itself on first use, so it
holds only the keys the games have met; its size is bounded by the number of distinct
(seat, card) pairs of the decks in use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Interned(dict[K, V]):
    """A dict that builds the value of a missing key with `make(key)` and keeps it."""

    __slots__ = ("_make",)

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key: K) -> V:
        value = self._make(key)
        self[key] = value
        return value


def per_seat(make: Callable[[int, K], V]) -> Interned[int, Interned[K, V]]:
    """A table of tables: `table[seat][key]` is `make(seat, key)`, built once."""

    def seat_table(seat: int) -> Interned[K, V]:
        return Interned(lambda key: make(seat, key))

    return Interned(seat_table)
