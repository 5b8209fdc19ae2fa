"""Num Wars' chance for search code (`Game.chance`): one-round deals and a length bound."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from numrules.core.chance import Chance
from numrules.numwars.config import Config


def single_deal(config: Config, deck_size: int) -> bool:
    """Whether the first deal is all the game's chance: a game of one round."""
    return config.rounds == 1


def decided(config: Config, cards: Sequence[Any]) -> bool:
    """Whether the first `cards` decide the round.

    Every lot card (each seat's role, in order of appearance) and the hands' other
    cards are dealt; the rest is set aside sorted, so its order never shows.
    """
    lot = set(config.lot())
    dealt_lot = sum(1 for card in cards if card in lot)
    hands = config.players * (config.hand_size - 1)
    return dealt_lot == len(lot) and len(cards) - dealt_lot >= hands


def max_decisions(config: Config) -> int:
    """The most decisions of a game: every card of every hand is played, one a decision."""
    return config.rounds * config.players * config.hand_size


CHANCE: Chance[Config] = Chance(single_deal, decided, max_decisions)
"""Num Wars' `Game.chance`."""
