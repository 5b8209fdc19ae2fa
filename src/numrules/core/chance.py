"""A game's chance laid out for search code: when the first deal is all of it, and bounds.

numrules games keep their randomness in a seed: `new_game(config, seed, deck=None)`
deals the first round from the seed (or from a stacked `deck`), and every later shuffle
derives from the same seed. Algorithms that walk chance explicitly (OpenSpiel's CFR,
exact expectimax) need more: which configs have no randomness after the first deal, how
much of the deck decides that deal, and how long a game can last. A game that knows
gives a `Chance` (the `Game.chance` field).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

import attrs

C = TypeVar("C")


@attrs.frozen
class Chance(Generic[C]):
    """What a game tells search code about its chance and its length.

    Attributes:
        single_deal: `single_deal(config, deck_size)`: whether nothing after the first
            deal is random (one round, nothing reshuffled), so a game of `config` is that
            deal followed by deterministic play.
        decided: `decided(config, cards)`: whether the first `cards` of a stacked deck,
            in dealing order, decide the first round (the order of the rest never
            matters to it), for a config with `single_deal`.
        max_decisions: `max_decisions(config)`: the most decisions a game of `config`
            can take when the seats are asked one at a time, every seat of
            `public_optional_seats` asked (and passing) before each action; None when the
            rules give no bound.

    """

    single_deal: Callable[[C, int], bool]
    decided: Callable[[C, Sequence[Any]], bool]
    max_decisions: Callable[[C], int | None]
